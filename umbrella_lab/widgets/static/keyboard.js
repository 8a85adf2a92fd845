// Keyboard helpers shared by the quiz (quiz.js) and the puzzle view (puzzle.js): a group of
// choices that is one Tab stop, and a redraw that keeps the focus. The widgets' Python classes
// put this file before their own script (umbrella_lab.widgets.views.scripts).

/**
 * A group of choices as one Tab stop, as a radio group is: the picked choice (else the first)
 * takes the Tab; the arrow keys, Home and End move to another choice and pick it.
 */
function rovingChoices(group, pickAt) {
  const radios = () => [...group.querySelectorAll('[role="radio"]:not(:disabled)')];
  const all = radios();
  const stop = all.find((el) => el.getAttribute("aria-checked") === "true") || all[0];
  for (const el of group.querySelectorAll('[role="radio"]')) el.tabIndex = el === stop ? 0 : -1;
  group.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const list = radios();
    const at = list.indexOf(document.activeElement);
    if (at < 0) return;
    const to = { ArrowDown: at + 1, ArrowRight: at + 1, ArrowUp: at - 1, ArrowLeft: at - 1, Home: 0, End: list.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    event.stopPropagation(); // (the notebook's own shortcuts must not see the arrows)
    const next = list[(to + list.length) % list.length];
    next.focus();
    pickAt(next);
  });
}

/**
 * Redraw with `draw`, keeping the keyboard's focus in the widget: on the same element if it is
 * still there, else on the element drawn in its place (same `data-focus`), else on the first of
 * `fallbacks` found, so a keyboard user never drops to the page.
 */
function keepingFocus(root, draw, fallbacks) {
  const active = document.activeElement;
  const had = active && active !== document.body && root.contains(active);
  const key = had && active.dataset ? active.dataset.focus : null;
  draw();
  if (!had) return;
  const usable = (el) => el && el.isConnected && !el.disabled && el.getClientRects().length > 0;
  const same = key ? root.querySelector(`[data-focus="${CSS.escape(key)}"]`) : null;
  for (const target of [active, same, ...fallbacks.map((s) => root.querySelector(s)), root]) {
    if (!usable(target)) continue;
    target.focus({ preventScroll: true });
    if (document.activeElement === target) return;
  }
}
