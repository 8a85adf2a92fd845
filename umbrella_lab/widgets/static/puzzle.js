// Puzzles: predict the best move, then reveal (umbrella_lab.widgets.PuzzleView).
//
// The page knows the position (as the deciding seat sees it) and the moves, listed in the
// game's own order, until the learner commits: the advisor's rows, the lines that follow each
// move and the words arrive from Python in `reveal` after the commitment. The board is drawn
// by the game's own board renderer (trait `board_js`, as in the explorer), read-only; where the
// board offers a move, a click picks it (it is never committed without the button).

/** @type {Map<string, Promise<any>>} */
const boardModules = new Map();

function loadBoard(source) {
  if (!boardModules.has(source)) {
    const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    boardModules.set(source, import(/* webpackIgnore: true */ url).finally(() => URL.revokeObjectURL(url)));
  }
  return boardModules.get(source);
}

/** Make an element; text is always set as text, never as HTML. */
function h(tag, props, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "style" && typeof value === "object") Object.assign(el.style, value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
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

const BARS = 8; // bars shown at first (with the learner's and the heuristic's moves)
const percent = (x) => `${Math.round(100 * x)}%`;
const VERDICT = {
  best: { word: "best", banner: "The best move.", cls: "is-best" },
  "about equal": { word: "about equal", banner: "About as good as the best move.", cls: "is-equal" },
  behind: { word: "behind", banner: "Not the best: this move is behind.", cls: "is-behind" },
};

/**
 * An id for one drawn view, unique on the page (anywidget gives no ``model.cid``): the ids and
 * radio-group names of two widgets on one page must never be the same.
 */
let views = 0;
function uniqueId(prefix) {
  views += 1;
  return `${prefix}-${views}-${Math.random().toString(36).slice(2, 8)}`;
}

function render({ model, el }) {
  const get = (name) => model.get(name);
  const send = (message) => model.send(message);
  const root = h("div", { class: "ulp", tabindex: "-1" });
  const questionId = `${uniqueId("ulp")}-q`;
  const boardStyle = h("style");
  el.classList.add("ulp-host");
  el.append(boardStyle, root);
  let picked = null; // picked but not committed: stays in the page
  let shownLine = null; // the move whose line the reveal shows
  let showAll = false; // every move's bar, not only the leaders and the learner's
  let drawn = null; // the board data last drawn (the board is drawn again only when it changes)
  const boardWrap = h("div", { class: "ulp-board" });

  function pick(id) {
    if (get("guess") !== null && get("guess") !== undefined) return;
    if (!(get("choices") || []).some((c) => c.id === id)) return;
    picked = id;
    draw();
  }

  async function drawBoard() {
    const board = get("board");
    const key = JSON.stringify(board) + get("board_js").length;
    if (drawn === key) return;
    drawn = key;
    const text = get("text");
    if (!get("board_js")) {
      boardWrap.replaceChildren(h("pre", { class: "ulp-text" }, text));
      return;
    }
    try {
      const module = await loadBoard(get("board_js"));
      const renderer = module.default || module;
      const ctx = {
        h, compact: false, changed: new Set(), rules: {}, memo: {}, advice: null,
        ruleTip: (id) => (id ? `rule ${id}` : ""),
        showRule: () => {},
        ruleChip: (id) => (id ? h("span", { class: "ulp-rule", title: `rule ${id}` }, id) : null),
        act: (id) => pick(id),
      };
      const node = h("div", { class: "ulp-board-inner" });
      renderer.render(node, board, ctx);
      boardWrap.replaceChildren(node);
    } catch (error) {
      boardWrap.replaceChildren(h("pre", { class: "ulp-text" }, text));
    }
  }

  function bars(reveal) {
    const rows = reveal.rows || [];
    const top = Math.min(1, Math.max(0.1, Math.ceil(Math.max(...rows.map((r) => r.high)) * 10) / 10));
    const scale = (x) => `${(100 * Math.max(0, Math.min(x, top))) / top}%`;
    const list = h("div", { class: "ulp-bars", role: "list", "aria-label": "Every move's chance to win, best first" });
    const shown = showAll || rows.length <= BARS
      ? rows
      : rows.filter((row, i) => i < BARS || row.yours || row.heuristic);
    for (const row of shown) {
      const verdict = VERDICT[row.verdict] || VERDICT.behind;
      const tags = [
        row.yours ? h("span", { class: "ulp-tag is-yours" }, "your move") : null,
        row.heuristic ? h("span", { class: "ulp-tag is-heuristic" }, "the heuristic's") : null,
      ];
      const open = shownLine === row.id;
      list.append(h("button", {
        type: "button", role: "listitem", dataset: { focus: `bar:${row.id}` },
        class: `ulp-bar ${verdict.cls}${row.yours ? " is-yours" : ""}${open ? " is-open" : ""}`,
        title: row.choice ? "Show the line that follows this move" : "",
        disabled: !row.choice,
        onclick: () => { shownLine = row.id; draw(); },
      },
      h("span", { class: "ulp-bar-label" }, row.label, ...tags),
      h("span", { class: "ulp-bar-track" },
        h("span", { class: "ulp-bar-fill", style: { width: scale(row.win_rate) } }),
        h("span", { class: "ulp-bar-range", style: { left: scale(row.low), width: `calc(${scale(row.high)} - ${scale(row.low)})` } })),
      h("span", { class: "ulp-bar-value" }, percent(row.win_rate)),
      h("span", { class: `ulp-verdict ${verdict.cls}` }, verdict.word)));
    }
    const axis = h("div", { class: "ulp-axis" },
      h("span", {}, "chance to win, with its 95% range (the thin bar)"),
      rows.length > shown.length
        ? h("button", { type: "button", class: "ulp-more", dataset: { focus: "more" }, onclick: () => { showAll = true; draw(); } },
          `Show all ${rows.length} moves`)
        : null,
      h("span", {}, `0% to ${percent(top)}`));
    return [list, axis];
  }

  function line(reveal) {
    const id = shownLine;
    const found = (reveal.lines || {})[id];
    const row = (reveal.rows || []).find((r) => r.id === id);
    if (!found || !row) return null;
    return h("div", { class: "ulp-line" },
      h("div", { class: "ulp-line-head" }, "What follows ", h("strong", {}, row.label),
        " on the table's own luck (one game, the heuristic playing on):"),
      h("ol", { class: "ulp-line-moves" }, found.moves.map((m) => h("li", {}, m))),
      found.more ? h("div", { class: "ulp-line-more" }, `… and ${found.more} more move${found.more === 1 ? "" : "s"}.`) : null,
      h("div", { class: `ulp-line-end ${found.won ? "is-won" : "is-lost"}` }, found.won ? "Won: " : "Lost: ", found.end),
      h("div", { class: "ulp-line-note" }, "One game shows one future; the bars above count many."));
  }

  const FALLBACKS = [".ulp-reveal", ".ulp-working", '.ulp-choice[tabindex="0"]', ".ulp-commit"];
  const draw = () => keepingFocus(root, drawNow, FALLBACKS);

  function drawNow() {
    const guess = get("guess");
    const committed = guess !== null && guess !== undefined;
    const reveal = get("reveal") || {};
    const busy = get("busy");
    const choices = get("choices") || [];
    if (committed && shownLine === null && reveal.yours) shownLine = reveal.yours.id;
    root.replaceChildren();
    root.classList.toggle("is-busy", !!busy);

    const count = get("count");
    root.append(h("div", { class: "ulp-top" },
      h("div", { class: "ulp-kicker" }, `Puzzle ${get("number")} of ${count} · ${get("game")}`),
      count > 1 ? h("div", { class: "ulp-nav" },
        h("button", { type: "button", class: "ulp-step", disabled: busy, dataset: { focus: "previous" }, onclick: () => send({ type: "previous" }), "aria-label": "Previous puzzle" }, "‹ Previous"),
        h("button", { type: "button", class: "ulp-step", disabled: busy, dataset: { focus: "next" }, onclick: () => send({ type: "next" }), "aria-label": "Next puzzle" }, "Next ›")) : null));
    root.append(h("div", { class: "ulp-question", id: questionId }, get("question")));
    root.append(h("div", { class: "ulp-hint" }, get("hint")));
    root.append(boardWrap);
    drawBoard();

    const group = h("div", { class: "ulp-choices", role: "radiogroup", "aria-labelledby": questionId });
    choices.forEach((choice, i) => {
      const chosen = committed ? guess === choice.id : picked === choice.id;
      const best = reveal.best === choice.id;
      const leads = !reveal.best && reveal.leader === choice.id;
      group.append(h("button", {
        type: "button", role: "radio", "aria-checked": chosen ? "true" : "false",
        dataset: { focus: `choice:${choice.id}`, id: choice.id },
        class: `ulp-choice${chosen ? " is-picked" : ""}${best ? " is-right" : ""}`,
        disabled: committed || busy,
        onclick: () => pick(choice.id),
      }, h("span", { class: "ulp-choice-n" }, String(i + 1)), h("span", {}, choice.label,
        best ? h("span", { class: "ulp-tag is-best" }, "best") : null,
        leads ? h("span", { class: "ulp-tag is-leads" }, "leads, not clearly") : null)));
    });
    rovingChoices(group, (button) => pick(button.dataset.id));
    root.append(h("div", { class: "ulp-choices-head" }, "Your move"), group);

    if (!committed) {
      root.append(h("div", { class: "ulp-actions" },
        h("button", {
          type: "button", class: "ulp-commit", disabled: picked === null || busy, dataset: { focus: "commit" },
          onclick: () => send({ type: "commit", id: picked }),
        }, "Commit my move"),
        h("span", { class: "ulp-note" }, picked === null ? "Choose first: pick a move, then commit." : "The evidence shows once you commit.")));
    } else if (busy || !reveal.yours) {
      root.append(h("div", { class: "ulp-working", role: "status", tabindex: "-1" }, "Playing the games out…"));
    }
    const problem = get("problem");
    if (problem) root.append(h("div", { class: "ulp-problem", role: "alert" }, problem));

    if (reveal.yours) {
      const verdict = VERDICT[reveal.yours.verdict] || VERDICT.behind;
      const panel = h("div", { class: `ulp-reveal ${verdict.cls}`, "aria-live": "polite", tabindex: "-1" },
        h("div", { class: "ulp-banner" }, verdict.banner),
        h("p", { class: "ulp-explain" }, reveal.explain),
        ...bars(reveal),
        line(reveal),
        reveal.fair ? h("p", { class: "ulp-fair" }, reveal.fair) : null,
        h("div", { class: "ulp-actions" },
          get("tally") ? h("span", { class: "ulp-tally" }, get("tally")) : null,
          h("button", { type: "button", class: "ulp-step", dataset: { focus: "again" }, onclick: () => { picked = null; shownLine = null; send({ type: "reset" }); } }, "Try again"),
          count > 1 ? h("button", { type: "button", class: "ulp-commit", onclick: () => send({ type: "next" }) }, "Next puzzle ›") : null));
      root.append(panel);
    }
  }

  const changed = () => {
    const guess = get("guess");
    if (guess === null || guess === undefined) shownLine = null;
    draw();
  };
  model.on("change:number", () => { picked = null; shownLine = null; showAll = false; });
  for (const name of ["guess", "reveal", "busy", "problem", "question", "choices", "board", "board_js", "hint", "tally", "number", "count", "game"]) {
    model.on(`change:${name}`, changed);
  }
  model.on("change:board_css", () => { boardStyle.textContent = get("board_css") || ""; });
  boardStyle.textContent = get("board_css") || "";
  draw();
  return () => { root.remove(); boardStyle.remove(); };
}

export default { render };
