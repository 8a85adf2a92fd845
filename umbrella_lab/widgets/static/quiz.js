// Predict, then reveal (umbrella_lab.widgets.Quiz).
//
// The page knows only the question and the choices until the learner commits: the answer,
// the explanation and the evidence arrive from Python in `reveal` after the commitment.

function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "class") el.className = value;
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/**
 * An id for one drawn view, unique on the page (anywidget gives no ``model.cid``): the ids and
 * radio-group names of two widgets on one page must never be the same.
 */
let views = 0;
function uniqueId(prefix) {
  views += 1;
  return `${prefix}-${views}-${Math.random().toString(36).slice(2, 8)}`;
}

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

function decimals(step) {
  const text = String(step);
  return text.includes(".") ? text.split(".")[1].length : 0;
}

function render({ model, el }) {
  const root = h("div", { class: "ulq", tabindex: "-1" });
  const questionId = `${uniqueId("ulq")}-q`;
  el.append(root);
  let picked = null; // the choice picked but not yet committed (stays in the page)
  let number = null; // the number chosen (null: none yet; the slider's resting place is no answer)

  const FALLBACKS = [".ulq-reveal", ".ulq-working", '.ulq-choice[tabindex="0"]', ".ulq-slider", ".ulq-commit"];
  const draw = () => keepingFocus(root, drawNow, FALLBACKS);

  function drawNow() {
    const kind = model.get("kind");
    const guess = model.get("guess");
    const reveal = model.get("reveal") || {};
    const busy = model.get("busy");
    const committed = guess !== null && guess !== undefined;
    const scale = model.get("scale") || {};
    root.replaceChildren();
    root.classList.toggle("is-committed", committed);
    root.classList.toggle("is-busy", !!busy);

    root.append(h("div", { class: "ulq-tag" }, "Predict, then reveal"));
    root.append(h("div", { class: "ulq-question", id: questionId }, model.get("question")));
    const hint = model.get("hint");
    if (hint) root.append(h("div", { class: "ulq-hint" }, hint));

    // --- the answer the learner gives ---------------------------------------------------
    if (kind === "choice") {
      const group = h("div", { class: "ulq-choices", role: "radiogroup", "aria-labelledby": questionId });
      for (const label of model.get("choices")) {
        const chosen = committed ? guess === label : picked === label;
        const right = reveal.answer !== undefined && reveal.answer === label;
        group.append(h("button", {
          type: "button",
          role: "radio",
          "data-focus": `choice:${label}`,
          "data-label": label,
          "aria-checked": chosen ? "true" : "false",
          class: `ulq-choice${chosen ? " is-picked" : ""}${right ? " is-right" : ""}`
            + `${reveal.answer !== undefined && chosen && !right ? " is-wrong" : ""}`,
          disabled: committed || busy,
          onclick: () => { picked = label; draw(); },
        }, label));
      }
      rovingChoices(group, (button) => { picked = button.dataset.label; draw(); });
      root.append(group);
    } else {
      const digits = decimals(scale.step);
      const value = committed ? guess : number;
      const unset = value === null || value === undefined;
      const words = (x) => `${Number(x).toFixed(digits)}${scale.unit || ""}`;
      // nothing is chosen until the learner moves the slider or types: the handle rests at
      // `start` (the middle) only to be grabbed, and the number reads "choose"
      const shown = h("output", { class: `ulq-number-value${unset ? " is-unset" : ""}` }, unset ? "choose" : words(value));
      const slider = h("input", {
        type: "range", class: `ulq-slider${unset ? " is-unset" : ""}`, min: scale.low, max: scale.high, step: scale.step,
        value: unset ? scale.start : value, disabled: committed || busy, "aria-labelledby": questionId,
        "aria-valuetext": unset ? "not chosen yet" : null, "data-focus": "slider",
      });
      const box = h("input", {
        type: "number", class: "ulq-number", min: scale.low, max: scale.high, step: scale.step,
        value: unset ? "" : value, placeholder: "?", disabled: committed || busy, "aria-label": "Your answer",
        "data-focus": "box",
      });
      const choose = (x, from) => {
        const first = number === null;
        number = x;
        if (from !== slider) slider.value = String(x);
        if (from !== box) box.value = String(x);
        slider.classList.remove("is-unset");
        shown.classList.remove("is-unset");
        slider.removeAttribute("aria-valuetext");
        shown.textContent = words(x);
        if (!first) return;
        // Commit is offered now (the slider is not drawn again: it may be in the learner's hand)
        const commit = root.querySelector(".ulq-commit");
        const note = root.querySelector(".ulq-note");
        if (commit) commit.disabled = Boolean(model.get("busy"));
        if (note) note.textContent = "The answer shows once you commit.";
      };
      slider.addEventListener("input", () => choose(Number(slider.value), slider));
      // a click on the handle where it rests chooses that number too (no "input" then)
      slider.addEventListener("change", () => choose(Number(slider.value), slider));
      slider.addEventListener("pointerup", () => { if (number === null && !slider.disabled) choose(Number(slider.value), slider); });
      box.addEventListener("input", () => {
        if (box.value === "" || !Number.isFinite(Number(box.value))) return;
        choose(Number(box.value), box);
      });
      root.append(h("div", { class: "ulq-numbers" },
        h("span", { class: "ulq-end" }, `${scale.low}${scale.unit || ""}`), slider,
        h("span", { class: "ulq-end" }, `${scale.high}${scale.unit || ""}`), box, shown));
    }

    // --- commit, then the reveal --------------------------------------------------------
    if (!committed) {
      const ready = kind === "number" ? number !== null : picked !== null;
      const ask = kind === "number"
        ? "Choose first: move the slider or type your number, then commit."
        : "Choose first: pick an answer, then commit.";
      root.append(h("div", { class: "ulq-actions" },
        h("button", {
          type: "button", class: "ulq-commit", disabled: !ready || busy, "data-focus": "commit",
          onclick: () => model.send({ type: "commit", value: kind === "choice" ? picked : number }),
        }, "Commit my answer"),
        h("span", { class: "ulq-note" }, ready ? "The answer shows once you commit." : ask)));
    } else if (busy || reveal.verdict === undefined) {
      root.append(h("div", { class: "ulq-working", role: "status", tabindex: "-1" }, "Working it out…"));
    }
    const problem = model.get("problem");
    if (problem) root.append(h("div", { class: "ulq-problem", role: "alert" }, problem));

    if (reveal.verdict !== undefined) {
      const panel = h("div", { class: `ulq-reveal ${reveal.correct ? "is-correct" : "is-incorrect"}`, "aria-live": "polite", tabindex: "-1" },
        h("div", { class: "ulq-verdict" }, reveal.verdict),
        h("div", { class: "ulq-answer" }, "The answer: ", h("strong", {}, reveal.answer),
          h("span", { class: "ulq-yours" }, ` · you said ${kind === "number" ? Number(guess).toFixed(decimals(scale.step)) + (scale.unit || "") : guess}`)));
      if (reveal.explain) panel.append(h("p", { class: "ulq-explain" }, reveal.explain));
      if (reveal.evidence) {
        const evidence = h("div", { class: "ulq-evidence" });
        evidence.innerHTML = reveal.evidence; // made in Python: an SVG chart, a table, text
        panel.append(evidence);
      }
      root.append(panel);
    }
  }

  for (const name of ["guess", "reveal", "busy", "problem", "question", "choices", "scale", "hint"]) {
    model.on(`change:${name}`, draw);
  }
  draw();
  return () => root.remove();
}

export default { render };
