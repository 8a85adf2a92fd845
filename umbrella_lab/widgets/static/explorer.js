// The explorer's frontend (umbrella_lab.widgets.Explorer).
//
// Python runs the rules and fills the traits; this module only draws them and sends intents
// such as {type: "act", id: "attack/0/17/-1"}. Each game's board is drawn by its own ES
// module (trait `board_js`: the game folder's static/board.js), imported here from a blob URL,
// so no bundler and no CDN are needed.

/** @type {Map<string, Promise<any>>} */
const boardModules = new Map();

/** Import a board renderer from its source text (cached by source). */
function loadBoard(source) {
  if (!boardModules.has(source)) {
    const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    boardModules.set(source, import(/* webpackIgnore: true */ url).finally(() => URL.revokeObjectURL(url)));
  }
  return boardModules.get(source);
}

/**
 * Make an element: h("div", {class: "x", onclick: f}, child, "text", [more]).
 * Text is always set as text, never as HTML.
 */
export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "style" && typeof value === "object") Object.assign(el.style, value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") listen(el, key.slice(2), value);
    else if (key === "value") el.value = value;
    else if (key === "checked") el.checked = Boolean(value);
    else if (key === "type" && ["text", "number", "range"].includes(value)) {
      el.setAttribute("type", value);
      el.dataset.lmSuppressShortcuts = "true"; // typing here must not run notebook shortcuts
    }
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

/**
 * Listen to `type` on `el` with `handler`, kept on the element (`el.ulxOn`): a redraw that
 * keeps the element (see `patchChildren`) swaps in the new handler and the old one goes.
 */
function listen(el, type, handler) {
  if (!el.ulxOn) el.ulxOn = {};
  if (!(type in el.ulxOn)) el.addEventListener(type, dispatch);
  el.ulxOn[type] = handler;
}

function dispatch(event) {
  const handler = this.ulxOn && this.ulxOn[event.type];
  return handler ? handler.call(this, event) : undefined;
}

// What names a node among its siblings from one draw to the next (a location, a card, a move).
const KEYS = ["key", "location", "card", "hero", "id", "seat", "step"].map((key) => `data-${key}`);
function keyOf(node) {
  if (node.nodeType !== 1 || !node.hasAttributes()) return "";
  for (const key of KEYS) {
    const value = node.getAttribute(key);
    if (value !== null) return `${node.tagName}:${key}:${value}`;
  }
  return "";
}

/**
 * Make `old` look like `fresh` (same tag), keeping `old` and whichever of its descendants match:
 * their attributes, texts and handlers are brought up to date, the rest is replaced. Returns
 * the node to keep in the page.
 */
function patch(old, fresh) {
  if (old.nodeType !== fresh.nodeType || old.nodeName !== fresh.nodeName) return fresh;
  if (old.nodeType !== 1) {
    if (old.nodeValue !== fresh.nodeValue) old.nodeValue = fresh.nodeValue;
    return old;
  }
  // the focused control, now disabled (Undo at the first step), is replaced: the explorer then
  // gives the focus to the control drawn in its place (a disabled one would drop it to the page)
  if (fresh.disabled && !old.disabled && old === document.activeElement) return fresh;
  if (old.isEqualNode(fresh)) {
    // the same tags, attributes and texts all the way down (most of a board after a move):
    // only the handlers are new, element by element in the same order
    takeHandlers(old, fresh);
    takeValue(old, fresh);
    if (fresh.firstElementChild) {
      const kept = old.querySelectorAll("*");
      const drawn = fresh.querySelectorAll("*");
      for (let i = 0; i < drawn.length; i++) {
        if (kept[i].ulxOn || drawn[i].ulxOn) takeHandlers(kept[i], drawn[i]);
        if (FIELDS.has(kept[i].tagName)) takeValue(kept[i], drawn[i]);
      }
    }
    return old;
  }
  const was = old.attributes;
  const now = fresh.attributes;
  for (let i = was.length - 1; i >= 0; i--) {
    const name = was[i].name;
    if (!fresh.hasAttribute(name)) old.removeAttribute(name);
  }
  for (let i = 0; i < now.length; i++) {
    const { name, value } = now[i];
    if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  }
  takeHandlers(old, fresh);
  patchChildren(old, fresh);
  takeValue(old, fresh);
  return old;
}

/** A kept field shows the value drawn (its value is not an attribute). */
const FIELDS = new Set(["INPUT", "SELECT", "TEXTAREA"]);
function takeValue(old, fresh) {
  if (!FIELDS.has(old.tagName)) return;
  if (old.value !== fresh.value) old.value = fresh.value;
  if (old.checked !== fresh.checked) old.checked = fresh.checked;
}

/** Give the kept element `old` the handlers of `fresh`, drawn in its place. */
function takeHandlers(old, fresh) {
  if (!old.ulxOn && !fresh.ulxOn) return;
  const handlers = fresh.ulxOn || {};
  for (const type of Object.keys(old.ulxOn || {})) if (!(type in handlers)) old.ulxOn[type] = null;
  for (const [type, handler] of Object.entries(handlers)) listen(old, type, handler);
}

/**
 * Give `parent` the children of `fresh` (which is left empty), reusing the children `parent`
 * has: by key where a child has one (`keyOf`), else in order. Only what differs touches the
 * page, so the browser lays out and paints only what changed, and a kept control keeps the
 * keyboard's focus.
 */
function patchChildren(parent, fresh) {
  const olds = [...parent.childNodes];
  const oldKeys = olds.map(keyOf);
  const keyed = new Map();
  olds.forEach((node, i) => { if (oldKeys[i]) keyed.set(oldKeys[i], node); });
  let next = 0;
  const kept = [];
  for (const node of [...fresh.childNodes]) {
    const key = keyOf(node);
    let match = null;
    if (key) {
      match = keyed.get(key) || null;
      keyed.delete(key);
    } else {
      while (next < olds.length && oldKeys[next]) next += 1;
      if (next < olds.length && olds[next].nodeName === node.nodeName) match = olds[next++];
    }
    kept.push(match ? patch(match, node) : node);
  }
  place(parent, kept);
}

/** Make `nodes` the children of `parent`, in order, moving only what is out of place. */
function place(parent, nodes) {
  let at = parent.firstChild;
  for (const node of nodes) {
    if (node === at) at = at.nextSibling;
    else parent.insertBefore(node, at);
  }
  while (at) {
    const after = at.nextSibling;
    at.remove();
    at = after;
  }
}

const TEXT_SIZES = [14, 16, 18, 20, 22];

/** A remembered UI setting (text size); quiet where storage is not allowed. */
function readSetting(name) {
  try {
    return window.localStorage.getItem(`umbrella-lab-explorer-${name}`);
  } catch {
    return null;
  }
}

function writeSetting(name, value) {
  try {
    window.localStorage.setItem(`umbrella-lab-explorer-${name}`, value);
  } catch {
    // private mode or a sandbox: the setting lasts for this page only
  }
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

const EFFORTS = [[1, "Quick"], [4, "Careful"], [10, "Thorough"]];

const TABS = [
  ["log", "Log"],
  ["inspect", "What changed · state"],
  ["branches", "Branches"],
  ["compare", "Compare"],
];

function render({ model, el }) {
  // what a board keeps between redraws (a teacher's pick, which seats are open): this
  // explorer's own, never shared with another explorer on the page
  const boardMemo = {};
  const viewId = uniqueId("ulx");
  const ui = {
    tab: "log",
    size: Number(readSetting("size")) || 1,
    hoverRule: null,
    hoverWhy: "",
    pinnedRule: null,
    pinnedWhy: "",
    openPaths: new Set(["", "heroes", "lineup"]),
    diffOpen: new Map(),
    editing: null,
    compareA: null,
    compareB: null,
    busySince: 0,
    steps: 10,
    previewStep: null,
    ruleOpen: null,
    effort: 1,
    order: readSetting("order") === "list" ? "list" : "best",
  };
  ui.size = Math.min(Math.max(ui.size, 0), TEXT_SIZES.length - 1);

  const get = (name) => model.get(name);
  const send = (content) => {
    ui.busySince = Date.now();
    root.classList.add("is-busy");
    model.send(content);
  };

  // --- skeleton ------------------------------------------------------------------------------
  const root = h("div", { class: "ulx", tabindex: "-1" });
  const boardStyle = h("style");
  const title = h("div", { class: "ulx-title" });
  const where = h("div", { class: "ulx-where" });
  const seatSelect = h("select", { class: "ulx-select ulx-seat", "aria-label": "View the table as" });
  const sizeDown = h("button", { class: "ulx-btn ulx-quiet", title: "Smaller text", "aria-label": "Smaller text" }, "A−");
  const sizeUp = h("button", { class: "ulx-btn ulx-quiet", title: "Larger text", "aria-label": "Larger text" }, "A+");
  const head = h("header", { class: "ulx-head" },
    h("div", { class: "ulx-head-text" }, title, where),
    h("div", { class: "ulx-head-tools" },
      h("label", { class: "ulx-field" }, h("span", {}, "View as"), seatSelect),
      h("span", { class: "ulx-sizer" }, sizeDown, sizeUp)));
  const notice = h("div", { class: "ulx-notice", role: "status", hidden: true });
  const boardWrap = h("section", { class: "ulx-board-wrap", "aria-label": "The table" });
  const decide = h("div", { class: "ulx-decide" });
  const rulebox = h("div", { class: "ulx-rulebox", "aria-live": "polite" });
  const pop = h("div", { class: "ulx-pop", role: "tooltip", hidden: true });
  // a step of the log previewed beside the log when the board itself is out of sight
  const peek = h("div", { class: "ulx-peek", hidden: true });
  const side = h("aside", { class: "ulx-side" }, decide, rulebox);
  const main = h("div", { class: "ulx-main" }, boardWrap, side);
  const timeline = h("div", { class: "ulx-timeline" });
  const tabs = h("nav", { class: "ulx-tabs", role: "tablist" });
  const panel = h("div", { class: "ulx-panel", role: "tabpanel" });
  // the first Tab stop: straight to the moves, past the board's many controls
  const skip = h("a", {
    class: "ulx-skip", href: "#",
    onclick: (event) => {
      event.preventDefault();
      const first = [...decide.querySelectorAll(".ulx-action:not(.is-unavailable), .ulx-roll")].find(usable)
        || decide.querySelector(".ulx-advise");
      if (first) first.focus();
    },
  }, "Skip to the moves");
  root.append(boardStyle, skip, head, notice, main, timeline, tabs, panel, pop, peek);
  el.classList.add("ulx-host");
  el.append(root);
  // the rule pop-up closes when the pointer leaves the explorer or presses anywhere else
  root.addEventListener("mouseleave", () => { ui.popQuiet = null; hidePop(); });
  root.addEventListener("mousemove", (event) => {
    const at = ui.popQuiet;
    if (at && Math.hypot(event.clientX - at[0], event.clientY - at[1]) > 12) ui.popQuiet = null;
  });
  const pressAway = (event) => { if (!pop.contains(event.target)) hidePop(); };
  document.addEventListener("pointerdown", pressAway, true);

  const applySize = () => {
    root.style.setProperty("--ulx-size", `${TEXT_SIZES[ui.size]}px`);
    writeSetting("size", String(ui.size));
  };
  sizeDown.addEventListener("click", () => { ui.size = Math.max(0, ui.size - 1); applySize(); });
  sizeUp.addEventListener("click", () => { ui.size = Math.min(TEXT_SIZES.length - 1, ui.size + 1); applySize(); });
  applySize();
  seatSelect.addEventListener("change", () => {
    model.set("seat", Number(seatSelect.value));
    model.save_changes();
  });

  // --- keyboard focus survives a redraw ----------------------------------------------------------
  // The control that had the focus is remembered by a stable key (its move id, card, step, tab,
  // or else its class and place); when a redraw takes it away, the focus goes to the control
  // drawn in its place, else to the first move, so a keyboard user never drops to the page.
  const FOCUS_KEYS = ["id", "card", "location", "seat", "step", "tab", "act", "branch", "group"];
  const REGIONS = ".ulx-board-wrap, .ulx-decide, .ulx-rulebox, .ulx-timeline, .ulx-tabs, .ulx-panel, .ulx-head";
  let focusWas = null;
  function holderOf(el, region) {
    const found = el.parentElement && el.parentElement.closest('[tabindex="-1"]');
    if (!found || found === root || !region.contains(found) || !found.classList[0]) return null;
    const key = found.dataset.seat !== undefined ? `[data-seat="${CSS.escape(found.dataset.seat)}"]` : "";
    return `.${CSS.escape(found.classList[0])}${key}`;
  }
  function focusKey(el) {
    const region = el.closest(REGIONS);
    if (!region || !root.contains(region)) return null;
    const data = FOCUS_KEYS.find((key) => el.dataset[key] !== undefined);
    const kind = el.classList[0] ? `.${CSS.escape(el.classList[0])}` : el.tagName.toLowerCase();
    const selector = data ? `${kind}[data-${data}="${CSS.escape(el.dataset[data])}"]` : kind;
    // a control of the same kind in the same box (a card of the same hand, a move of the same
    // list): where the focus goes when this one is gone, so it stays where the move was made
    const box = el.parentElement && region.contains(el.parentElement) ? el.parentElement : region;
    const peers = `${el.tagName.toLowerCase()}${kind.startsWith(".") ? kind : ""}`;
    return {
      el, region, selector, box, peers,
      index: Math.max(0, [...region.querySelectorAll(selector)].indexOf(el)),
      place: Math.max(0, [...box.querySelectorAll(peers)].indexOf(el)),
      boxKey: box.dataset && (box.dataset.seat ?? box.dataset.hero ?? box.dataset.key ?? box.className),
      // the part of the board that holds it and can take the focus itself (a hand)
      holder: holderOf(el, region),
    };
  }
  root.addEventListener("focusin", (event) => { focusWas = focusKey(event.target); });
  root.addEventListener("focusout", (event) => {
    const was = focusWas;
    // moved away on purpose (the control is still there): nothing to give back
    setTimeout(() => { if (focusWas === was && was && was.el.isConnected && !root.contains(document.activeElement)) focusWas = null; }, 0);
  });
  const usable = (el) => el && !el.disabled && el.getClientRects().length > 0;
  function restoreFocus() {
    const was = focusWas;
    if (!was || was.el.isConnected) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected && active !== root) return; // the focus is elsewhere
    const same = [...was.region.querySelectorAll(was.selector)].filter(usable);
    // the same box drawn again (kept, or one of the same class in the region)
    const boxes = was.box.isConnected ? [was.box]
      : [...was.region.querySelectorAll(was.box.className ? `.${[...was.box.classList].map(CSS.escape).join(".")}` : "*")]
        .filter((b) => (b.dataset && (b.dataset.seat ?? b.dataset.hero ?? b.dataset.key ?? b.className)) === was.boxKey);
    const peers = boxes.flatMap((b) => [...b.querySelectorAll(was.peers)]).filter(usable);
    // after a move, at luck's turn: Roll (Enter again lets luck decide, not a what-if); after
    // the roll (or back from it), the first move
    const roll = was.el.classList.contains("ulx-action") ? decide.querySelector(".ulx-roll") : null;
    const firstMove = was.el.classList.contains("ulx-roll")
      ? [...decide.querySelectorAll(".ulx-action:not(.is-unavailable)")].find(usable) : null;
    const candidates = [
      usable(roll) ? roll : firstMove,
      same[Math.min(was.index, same.length - 1)],
      peers[Math.min(was.place, peers.length - 1)],
      was.holder ? was.region.querySelector(was.holder) : null,
      ...[...decide.querySelectorAll(".ulx-action:not(.is-unavailable)")].filter(usable).slice(0, 1),
      ...[...was.region.querySelectorAll("button, [tabindex='0'], input, select")].filter(usable).slice(0, 1),
      root,
    ];
    for (const target of candidates) {
      if (!target) continue;
      target.focus({ preventScroll: true });
      if (document.activeElement === target) return;
    }
  }
  /** A keyboard user sees where the focus is after a redraw (a mouse user's page stays put). */
  function focusInSight() {
    const active = document.activeElement;
    if (!active || active === root || !root.contains(active) || !active.matches(":focus-visible")) return;
    const band = visibleBand();
    const at = active.getBoundingClientRect();
    if (at.top < band.top || at.bottom > band.bottom) active.scrollIntoView({ block: "nearest" });
  }

  // --- rules -----------------------------------------------------------------------------------
  const ruleOf = (id) => (get("rules") || {})[id];
  const ruleTip = (id) => {
    const rule = ruleOf(id);
    return rule ? `${id}: ${rule.title}\n\n${rule.text}` : id ? `rule ${id}` : "";
  };
  const showRule = (id, pin = false) => {
    if (pin) ui.pinnedRule = ui.pinnedRule === id ? null : id;
    else ui.hoverRule = id;
    ui.pinnedWhy = "";
    drawRulebox();
  };
  /** A click on the board that plays no move: why not, with its rule, kept in the rule box. */
  const explainNot = (id, why) => {
    ui.pinnedRule = id;
    ui.pinnedWhy = why;
    ui.hoverRule = null;
    drawRulebox();
    if (rulebox.getBoundingClientRect().bottom > window.innerHeight) rulebox.scrollIntoView({ block: "nearest" });
  };

  /**
   * A rule's text for the pop-up: whole sentences up to about `most` characters, cut only at
   * the end of a sentence, and whether more follows (read in full in the rule box).
   */
  function brief(text, most = 520) {
    if (text.length <= most + 40) return [text, false];
    const head = text.slice(0, most);
    const cut = Math.max(head.lastIndexOf(". "), head.lastIndexOf(".\n"), head.lastIndexOf("\n\n"));
    return [cut > 120 ? text.slice(0, cut + 1).trim() : head.replace(/\s+\S*$/, ""), true];
  }

  /**
   * The band of the window where the explorer can be seen, top and bottom in window pixels:
   * the window, less what a scrolling container around it hides (JupyterLab's notebook panel
   * sits under the menus and the toolbar).
   */
  function visibleBand() {
    let top = 0;
    let bottom = window.innerHeight;
    for (let el = root.parentElement; el && el !== document.body; el = el.parentElement) {
      if (!/(auto|scroll|hidden)/.test(getComputedStyle(el).overflowY)) continue;
      const r = el.getBoundingClientRect();
      if (!r.height) continue;
      top = Math.max(top, r.top);
      bottom = Math.min(bottom, r.bottom);
    }
    return { top, bottom };
  }

  /** Fill the pop-up with a rule (its text cut to about `most` characters). */
  function fillPop(id, rule, most, why) {
    const [text, more] = brief(rule.text, most);
    pop.replaceChildren(...[
      why ? h("div", { class: "ulx-pop-why" }, why) : null,
      h("div", { class: "ulx-pop-top" }, h("span", { class: "ulx-rule ulx-rule-static" }, id), h("span", { class: "ulx-pop-title" }, rule.title)),
      text ? h("div", { class: "ulx-pop-text" }, more && !/[.!?:]$/.test(text) ? `${text} …` : text) : null,
      more ? h("div", { class: "ulx-pop-more" }, "… the whole rule is in the rule box under the moves") : null,
    ].filter(Boolean));
  }

  /**
   * Show a rule next to `anchor`: "side" keeps it over the column of moves (never over the
   * board), "below-right" under a rule id elsewhere (the log). Beside a move it goes below the
   * move or above it, where the screen shows it whole, and never over the move itself (the one
   * the pointer or the keyboard's focus is on): with little room the text is shorter, with
   * none the rule is only in the rule box.
   */
  function showPop(anchor, id, side, why = "") {
    const rule = ruleOf(id);
    if (!rule || !anchor.isConnected) { hidePop(); return; }
    pop.hidden = false;
    const box = root.getBoundingClientRect();
    const at = anchor.getBoundingClientRect();
    let left;
    let top;
    if (side === "side") {
      const column = (anchor.closest(".ulx-side") || anchor).getBoundingClientRect();
      pop.style.width = `${Math.max(column.width, 260)}px`;
      const band = visibleBand();
      const roomBelow = band.bottom - 4 - (at.bottom + 6);
      const roomAbove = at.top - 6 - Math.max(band.top, box.top) - 4;
      let y = null;
      for (const most of [320, 140, 0]) {
        fillPop(id, rule, most, most ? why : "");
        const height = pop.offsetHeight;
        // above the move first: the moves after it (the next ones to read) stay in sight
        if (height <= roomAbove) y = at.top - 6 - height;
        else if (height <= roomBelow) y = at.bottom + 6;
        if (y !== null) break;
      }
      if (y === null) { hidePop(); return; }
      left = column.right - box.left - pop.offsetWidth;
      top = y - box.top;
    } else {
      fillPop(id, rule, 520, why);
      pop.style.width = "";
      left = side === "below-right" ? at.right - box.left - pop.offsetWidth : at.left - box.left;
      top = Math.max(4, at.bottom - box.top + 6);
    }
    pop.style.left = `${Math.max(4, Math.min(left, box.width - pop.offsetWidth - 4))}px`;
    pop.style.top = `${top}px`;
  }
  const hidePop = () => { if (!pop.hidden) pop.hidden = true; };

  /** Pointing at a move or a rule id: its rule in the rule box if that is in view, else a pop-up. */
  function pointAt(anchor, id, side, why = "") {
    if (ui.popQuiet) return; // just clicked: no pop-up until the pointer moves on
    const box = rulebox.getBoundingClientRect();
    const band = visibleBand();
    const seen = box.height > 0 && box.top >= band.top && box.bottom <= band.bottom;
    if (ui.hoverRule !== id || ui.hoverWhy !== why) { ui.hoverRule = id; ui.hoverWhy = why; drawRulebox(); }
    if (seen) hidePop(); else if (pop.hidden) showPop(anchor, id, side, why);
  }
  /** The keyboard leaves a move: into the rule box, its rule stays there (kept), so the box's
   * own buttons ("more of this rule") are not drawn away under the focus. */
  function leaveFocus(event) {
    if (event.relatedTarget && rulebox.contains(event.relatedTarget) && ui.hoverRule) {
      hidePop();
      ui.pinnedRule = ui.hoverRule;
      ui.pinnedWhy = "";
      ui.hoverRule = null;
      ui.hoverWhy = "";
      return;
    }
    if (press.down) { hidePop(); press.leave = true; return; } // the rule box waits (see press)
    leave();
  }
  /* A press on a control below the moves (1 step, Undo, a tab) takes the focus from a move
   * before the button is let go. Were the rule box to go back to the last move's rule at once,
   * a box of another height would move that control away between the press and the release,
   * and the click would be lost. So while a pointer is pressed the rule box stays as it is; it
   * goes back once the pointer is let go (unless the press put the focus on another move). */
  const press = { down: false, leave: false, control: null };
  const pressDown = (event) => {
    press.down = true;
    const control = event.target instanceof Element ? event.target.closest("button, input, select") : null;
    press.control = control && timeline.contains(control) ? control : null;
  };

  /* Undo, Redo, 1 step, pressed again and again, stay where they are. A redraw changes the
   * height of the board and of the moves above them (a narrow or projected screen stacks them);
   * the page then scrolls by as much, so the control under the pointer or the keyboard's focus
   * does not move away from it, or off the screen. */
  function stepControlAt() {
    const active = document.activeElement;
    const el = active && timeline.contains(active) ? active : press.control;
    if (!el || !el.isConnected) return null;
    const top = el.getBoundingClientRect().top;
    return top >= 0 && top < window.innerHeight ? { el, top } : null;
  }
  function keepInPlace(anchor) {
    if (!anchor) return;
    const active = document.activeElement;
    const el = anchor.el.isConnected ? anchor.el : active && timeline.contains(active) ? active : null;
    if (!el) return;
    const shift = el.getBoundingClientRect().top - anchor.top;
    if (Math.abs(shift) < 1) return;
    let scroller = root.parentElement;
    while (scroller && scroller !== document.body && scroller !== document.documentElement) {
      const overflow = getComputedStyle(scroller).overflowY;
      if ((overflow === "auto" || overflow === "scroll") && scroller.scrollHeight > scroller.clientHeight) break;
      scroller = scroller.parentElement;
    }
    if (scroller && scroller !== document.body && scroller !== document.documentElement) scroller.scrollTop += shift;
    else window.scrollBy(0, shift);
  }
  const pressUp = () => {
    press.down = false;
    if (!press.leave) return;
    press.leave = false;
    setTimeout(() => {
      const active = document.activeElement;
      if (!(active && root.contains(active) && active.closest(".ulx-action"))) leave();
    }, 0);
  };
  document.addEventListener("pointerdown", pressDown, true);
  document.addEventListener("pointerup", pressUp, true);
  document.addEventListener("pointercancel", pressUp, true);
  function leave() {
    ui.popQuiet = null;
    hidePop();
    if (ui.hoverRule !== null) { ui.hoverRule = null; ui.hoverWhy = ""; drawRulebox(); }
  }

  const ruleChip = (id) => id ? h("button", {
    class: "ulx-rule", type: "button", "aria-label": `rule ${id}: ${ruleOf(id)?.title ?? ""}`,
    title: "Click to keep this rule in the rule box",
    onclick: (event) => { event.stopPropagation(); hidePop(); showRule(id, true); },
    onmousemove: (event) => pointAt(event.currentTarget, id, "below-right"),
    onmouseleave: leave,
  }, id) : null;

  function drawRulebox() {
    const id = ui.hoverRule || ui.pinnedRule || get("status").rule;
    const fresh = h("div");
    drawRuleboxInto(fresh, id);
    patchChildren(rulebox, fresh);
  }

  function drawRuleboxInto(rulebox, id) {
    const rule = ruleOf(id);
    if (!id || !rule) {
      rulebox.append(h("div", { class: "ulx-rulebox-hint" },
        "Point at a move or a rule id (like ", h("span", { class: "ulx-rule ulx-rule-static" }, (get("actions") || [])[0]?.rule || Object.keys(get("rules") || {})[0] || "turn.order"),
        ") to read its rule here; click a rule id to keep it here."));
      return;
    }
    const why = ui.hoverRule ? "Pointed at" : ui.pinnedRule ? "Kept (click its id again to let go)" : "The last move followed";
    if (ui.hoverRule && ui.hoverWhy) rulebox.append(h("div", { class: "ulx-rulebox-whynot" }, ui.hoverWhy));
    else if (!ui.hoverRule && ui.pinnedRule === id && ui.pinnedWhy) rulebox.append(h("div", { class: "ulx-rulebox-whynot", role: "status" }, `Not now: ${ui.pinnedWhy}`));
    // a long rule shows its first sentences; "more" opens the rest (it stays open for that rule)
    const [short, cut] = brief(rule.text, 360);
    const whole = !cut || ui.ruleOpen === id;
    rulebox.append(...[
      h("div", { class: "ulx-rulebox-top" },
        why ? h("span", { class: "ulx-rulebox-why" }, why) : null,
        h("span", { class: "ulx-rule ulx-rule-static" }, id),
        ui.pinnedRule === id && !ui.hoverRule ? h("button", { class: "ulx-link", type: "button", onclick: () => showRule(id, true) }, "let go") : null),
      h("div", { class: "ulx-rulebox-title" }, rule.title),
      h("div", { class: "ulx-rulebox-text" }, whole ? rule.text : `${short} …`),
      cut ? h("button", {
        class: "ulx-link ulx-rulebox-more", type: "button", "aria-expanded": whole ? "true" : "false",
        dataset: { act: whole ? "less" : "more" },
        onclick: () => { ui.ruleOpen = whole ? null : id; ui.pinnedRule = id; ui.hoverRule = null; drawRulebox(); },
      }, whole ? "less" : "more of this rule") : null,
    ].filter(Boolean));
  }

  // --- notice ----------------------------------------------------------------------------------
  let noticeTimer = null;
  function drawNotice() {
    const n = get("notice") || {};
    clearTimeout(noticeTimer);
    if (!n.text) { notice.hidden = true; return; }
    notice.hidden = false;
    notice.className = `ulx-notice is-${n.kind || "info"}`;
    notice.replaceChildren(h("span", {}, n.text),
      h("button", { class: "ulx-link", onclick: () => { notice.hidden = true; } }, "dismiss"));
    if (n.kind !== "error") noticeTimer = setTimeout(() => { notice.hidden = true; }, 5000);
  }

  // --- header ------------------------------------------------------------------------------------
  function drawHead() {
    const status = get("status") || {};
    if (title.textContent !== get("title")) title.textContent = get("title");
    const last = status.last ?? 0;
    patchChildren(where, h("div", {},
      h("span", { class: "ulx-chip ulx-branch-chip", title: status.branch_note || "" }, `Branch: ${status.branch ?? ""}`),
      h("span", { class: "ulx-step" }, `Step ${status.step ?? 0} of ${last}`),
      status.over ? h("span", { class: "ulx-chip is-over" }, "Game over") : null));
    const seat = String(get("seat"));
    const names = JSON.stringify(get("seat_names") || []);
    if (seatSelect.dataset.names !== names) {
      seatSelect.dataset.names = names;
      seatSelect.replaceChildren(h("option", { value: "-1" }, "The whole table"),
        ...(get("seat_names") || []).map((name, i) => h("option", { value: String(i) }, name)));
    }
    if (seatSelect.value !== seat) seatSelect.value = seat;
  }

  // --- board ----------------------------------------------------------------------------------
  async function drawBoard(target, board, extra = {}) {
    const token = (target.ulxToken = (target.ulxToken || 0) + 1);
    const began = performance.now();
    try {
      const module = await loadBoard(get("board_js"));
      const renderer = module.default || module;
      if (token !== target.ulxToken) return;
      const ctx = {
        h, compact: Boolean(extra.compact), changed: new Set(extra.changed || []),
        rules: get("rules") || {}, ruleTip, showRule, ruleChip, memo: boardMemo,
        why: extra.compact ? null : explainNot,
        redraw: extra.compact ? null : () => drawBoard(target, board, extra),
        advice: extra.compact ? null : boardAdvice(),
        // a board may play a move itself (Python checks it like any click on an action)
        act: extra.compact ? null : (id) => { if (!root.classList.contains("is-busy")) send({ type: "act", id }); },
      };
      const node = h("div", { class: `ulx-board${extra.compact ? " is-compact" : ""}` });
      renderer.render(node, board, ctx);
      markAdvised(node, ctx.advice);
      const status = get("status") || {};
      const legend = extra.legend && node.querySelector(".is-changed")
        ? h("div", { class: "ulx-legend" }, h("span", { class: "ulx-legend-mark" }), `Outlined: changed by step ${status.step} (${status.label})`)
        : null;
      if (renderer.reuse) {
        // a board whose handlers do not hold on to its nodes: what did not change stays
        patchChildren(target, h("div", {}, node, legend));
      } else {
        target.replaceChildren(...[node, legend].filter(Boolean));
      }
      target.dataset.drawMs = (performance.now() - began).toFixed(1);
      restoreFocus();
    } catch (error) {
      target.replaceChildren(h("pre", { class: "ulx-error" }, `The board could not be drawn: ${error}`));
    }
  }

  /**
   * The advisor's answer as a board sees it: `ids` of the moves it picks (those it calls best,
   * else those about equal at the top), `parts` of their ids (card ids, seats), `clear` if a
   * move is clearly best, and every row.
   */
  function boardAdvice() {
    const status = get("status") || {};
    const advice = get("advice") || {};
    if (advice.node !== status.node || !advice.rows) return null;
    const rows = advice.rows;
    const best = Object.keys(rows).filter((id) => rows[id].verdict === "best");
    const lead = Object.keys(rows).filter((id) => rows[id].verdict === "best" || rows[id].verdict === "about equal");
    // the advisor's pick (its first move), the same move the list and the verdict line name
    const pick = advice.pick || Object.keys(rows).sort((x, y) => rows[x].rank - rows[y].rank)[0];
    const ids = best.length ? best : pick ? [pick] : [];
    return { rows, best, lead, pick, ids: new Set(ids), parts: new Set(ids.flatMap((id) => id.split("/"))), clear: best.length > 0 };
  }

  // cards a board marks with data-card (and data-seat on their holder) that the picked moves use
  function markAdvised(node, advice) {
    if (!advice || !advice.ids.size) return;
    for (const card of node.querySelectorAll("[data-card]")) {
      if (!advice.parts.has(card.dataset.card)) continue;
      const holder = card.closest("[data-seat]");
      if (holder && !advice.parts.has(holder.dataset.seat)) continue;
      card.classList.add(advice.clear ? "is-advised" : "is-leading");
      card.title = `${advice.clear ? "The advisor's best move uses this card" : "The advisor's pick (about equal to others) uses this card"}. ${card.title || ""}`.trim();
    }
  }

  // --- actions ---------------------------------------------------------------------------------
  // "Thinking… 40%, about 6 s left" while the advisor plays its games out
  function thinking(advisor) {
    if (typeof advisor.done !== "number" || advisor.done <= 0) return "Thinking…";
    const left = typeof advisor.left === "number" && advisor.left >= 1.5
      ? `, about ${advisor.left < 60 ? `${Math.round(advisor.left)} s` : `${Math.round(advisor.left / 60)} min`} left` : "";
    return `Thinking… ${Math.round(advisor.done * 100)}%${left}`;
  }

  function drawDecide() {
    hidePop();
    const fresh = h("div");
    drawDecideInto(fresh);
    // what the "more below" cue showed stays until it is read again (no flicker, no restyle)
    const [shownList, drawnList] = [decide, fresh].map((box) => box.querySelector(".ulx-groups"));
    const [shownMore, drawnMore] = [decide, fresh].map((box) => box.querySelector(".ulx-more"));
    if (shownList && drawnList && shownList.classList.contains("is-clipped")) drawnList.classList.add("is-clipped");
    if (shownMore && drawnMore && !shownMore.hidden) drawnMore.hidden = false;
    patchChildren(decide, fresh);
    // the list of moves starts at its top when the moves are new (it is kept: see patch)
    const list = decide.querySelector(".ulx-groups");
    const moves = (get("actions") || []).map((action) => action.id).join(" ");
    if (list && moves !== ui.movesShown && list.ulxScrolled) {
      list.scrollTop = 0;
      list.ulxScrolled = 0;
    }
    ui.movesShown = moves;
    requestAnimationFrame(cueMore);
  }

  /** "more below" under a list of moves that scrolls, read once the page is laid out. */
  function cueMore() {
    const list = decide.querySelector(".ulx-groups");
    const more = decide.querySelector(".ulx-more");
    if (!list || !more) return;
    list.ulxScrolled = list.scrollTop;
    const left = list.scrollHeight - list.clientHeight - list.scrollTop;
    if (more.hidden !== left < 4) more.hidden = left < 4; // (writing the same value is work too)
    list.classList.toggle("is-clipped", left >= 4);
  }

  function drawDecideInto(decide) {
    const actions = get("actions") || [];
    const status = get("status") || {};
    const advisor = get("advisor") || {};
    const advice = get("advice") || {};
    const rows = advice.node === status.node ? advice.rows || {} : {};
    const heading = status.over ? "The game is over"
      : status.chance ? "Luck decides"
        : get("actor") ? `${get("actor")} to play` : "Choose an action";
    // after a first answer, each choice of effort says about how long it would take here
    const rate = typeof advisor.rate === "number" && advisor.rate > 0 ? advisor.rate : 0;
    const about = (effort) => {
      if (!rate || !advisor.quick) return "";
      const s = (effort * advisor.quick) / rate;
      return s < 1 ? " · under 1 s" : s < 90 ? ` · ~${Math.round(s)} s` : ` · ~${Math.round(s / 60)} min`;
    };
    const effort = h("select", {
      class: "ulx-select ulx-small ulx-effort", "aria-label": "How hard the advisor works", disabled: !advisor.available || advisor.busy,
      onchange: (event) => { ui.effort = Number(event.currentTarget.value); },
    }, ...EFFORTS.map(([n, words]) => h("option", { value: String(n) }, `${words}${about(n)}`)));
    effort.value = String(ui.effort);
    const ask = h("button", {
      class: "ulx-btn ulx-small ulx-advise", type: "button",
      disabled: !advisor.available || advisor.busy || status.over || status.private_all || status.chance,
      title: !advisor.available ? advisor.reason || "The advisor is not available"
        : status.chance ? "Luck decides here: there is no move to advise on"
          : "Play each move out many times with the chosen policy and show how often the side to play wins",
      onclick: () => send({ type: "advise", effort: ui.effort }),
    }, advisor.busy ? thinking(advisor) : "Ask the advisor");
    const stop = advisor.busy ? h("button", {
      class: "ulx-btn ulx-small ulx-stop", type: "button", title: "Stop the advisor (nothing changes)",
      onclick: () => model.send({ type: "cancel" }),
    }, "Stop") : null;
    decide.append(h("div", { class: "ulx-decide-head" },
      h("h3", { class: "ulx-h" }, heading),
      h("span", { class: "ulx-advisor", title: advisor.available ? "" : advisor.reason || "" }, ask, stop, effort)));
    if (status.private_all) {
      // Viewed as one seat: another seat's choices would show what this seat may not see.
      decide.append(h("div", { class: "ulx-private" },
        h("p", {}, h("strong", {}, `${status.private} choice${status.private === 1 ? "" : "s"} hidden. `),
          "From this seat, the other side's options are private: they would show cards this seat cannot see."),
        h("p", { class: "ulx-muted ulx-small-text" },
          "To choose for them, set View as to the whole table or to that seat; or let a policy play with the buttons below the board.")));
      return;
    }
    if (!actions.length) {
      decide.append(h("p", { class: "ulx-muted" }, status.over
        ? "Undo, jump back in the history, or fork to try another line."
        : "No actions."));
      return;
    }
    if (status.chance) {
      decide.append(h("div", { class: "ulx-chance" },
        h("button", { class: "ulx-btn ulx-primary ulx-roll", type: "button", onclick: () => send({ type: "roll" }) }, "Roll: let luck decide"),
        h("span", { class: "ulx-muted ulx-small-text" }, "or force an outcome below (a what-if)")));
    }
    const ranked = Object.keys(rows).length > 0;
    if (ranked) decide.append(verdictLine(actions, rows, advice));
    const groups = new Map();
    if (ranked && ui.order === "best") {
      // the advisor's ranking, best first, in one list (moves it did not rate come last)
      groups.set("Ranked by the advisor", [...actions].sort((x, y) => ranking(rows[x.id], rows[y.id])));
    } else {
      for (const action of actions) {
        if (!groups.has(action.group)) groups.set(action.group, []);
        groups.get(action.group).push(action);
      }
    }
    const dense = actions.length > 12;
    const list = h("div", { class: `ulx-groups${dense ? " is-dense" : ""}`, onscroll: cueMore });
    for (const [group, items] of groups) {
      // words every button of the group would repeat are said once, over it
      const lead = items[0].lead && items.every((a) => a.lead === items[0].lead) ? items[0].lead : "";
      // and a last part they all end with (" · central" under "Push from the central zone")
      const tail = commonTail(items.map((a) => a.short || ""));
      const title = group === "Ranked by the advisor" && advice.wins ? `${group} · how often ${advice.wins.replace(/^The /, "the ")}` : group;
      list.append(h("div", { class: "ulx-group", dataset: { group } },
        h("div", { class: "ulx-group-title" }, title, h("span", { class: "ulx-count" }, String(items.length))),
        lead ? h("div", { class: "ulx-group-lead" }, `${lead[0].toUpperCase()}${lead.slice(1)} …`) : null,
        h("div", { class: "ulx-group-buttons" }, items.map((action) => actionButton(tail ? { ...action, short: action.short.slice(0, -tail.length) } : action, rows[action.id], !lead, advice)))));
    }
    const missing = get("unavailable") || [];
    if (missing.length) {
      // moves a learner might expect, not offered now: greyed, the reason and rule on hover
      // grouped as the view groups the legal moves (Umbrella: by zone), else in one group
      const sets = new Map();
      for (const m of missing) {
        if (!sets.has(m.group || "")) sets.set(m.group || "", []);
        sets.get(m.group || "").push(m);
      }
      for (const [heading, some] of sets) {
        const tail = commonTail(some.map((m) => m.short || ""));
        list.append(h("div", { class: "ulx-group is-unavailable", dataset: { group: "not offered" } },
        h("div", { class: "ulx-group-title" }, heading ? `Not offered now · ${heading}` : "Not offered now", h("span", { class: "ulx-count" }, String(some.length))),
        h("div", { class: "ulx-group-buttons" }, some.map((m) => h("button", {
          class: "ulx-action is-unavailable", type: "button", "aria-disabled": "true",
          "aria-label": `${m.label}: not offered, ${m.reason} (rule ${m.rule})`, dataset: { rule: m.rule },
          onclick: (event) => { event.preventDefault(); hidePop(); showRule(m.rule, true); },
          onmousemove: (event) => pointAt(event.currentTarget, m.rule, "side", `Not offered: ${m.reason}`),
          onmouseleave: leave,
        }, h("span", { class: "ulx-action-label" }, tail ? m.short.slice(0, -tail.length) : m.short || m.label), h("span", { class: "ulx-why-not" }, m.reason))))));
      }
    }
    decide.append(list);
    const more = h("div", { class: "ulx-more", hidden: true, "aria-hidden": "true" }, "▾ more below: scroll the list");
    decide.append(more);
    if (status.private_note) {
      decide.append(h("p", { class: "ulx-muted ulx-small-text ulx-private-some" },
        "Seen from this seat, moves that would use another seat's hidden cards are not listed."));
    }
  }

  // " · central" when every label of a group of three or more ends with it, else ""
  function commonTail(words) {
    if (words.length < 3) return "";
    const at = words[0].lastIndexOf(" · ");
    const tail = at > 0 ? words[0].slice(at) : "";
    return tail && words.every((w) => w.endsWith(tail) && w.length > tail.length) ? tail : "";
  }

  // best, then about equal, then behind; within each, the advisor's own order (its rank: the
  // moves it played out most and rates highest first, so a move tried a few times at 100%
  // does not pass the one it picked)
  const VERDICT_ORDER = { best: 0, "about equal": 1, behind: 2 };
  function ranking(x, y) {
    if (!x || !y) return x ? -1 : y ? 1 : 0;
    const vx = VERDICT_ORDER[x.verdict] ?? 3;
    const vy = VERDICT_ORDER[y.verdict] ?? 3;
    return vx - vy || x.rank - y.rank;
  }

  // "Best: push yellow ▼ column 2 · 45% (38–51%)", or that no move is clearly ahead
  function verdictLine(actions, rows, advice = {}) {
    const rated = actions.filter((a) => rows[a.id]).sort((x, y) => ranking(rows[x.id], rows[y.id]));
    const pct = (x) => `${Math.round((x ?? 0) * 100)}%`;
    const wins = advice.wins || "The side to play wins";
    const name = (a) => (a.lead ? `${a.lead} ${a.short}` : a.short || a.label);
    const best = rated.filter((a) => rows[a.id].verdict === "best");
    const even = rated.filter((a) => rows[a.id].verdict === "about equal");
    const toggle = h("span", { class: "ulx-order", role: "group", "aria-label": "Order of the moves" },
      ...[["best", "Best first"], ["list", "List order"]].map(([key, words]) => h("button", {
        class: `ulx-order-btn${ui.order === key ? " is-on" : ""}`, type: "button", "aria-pressed": ui.order === key ? "true" : "false",
        onclick: () => { ui.order = key; writeSetting("order", key); drawDecide(); },
      }, words)));
    let text;
    if (best.length) {
      const r = rows[best[0].id];
      text = [h("span", { class: "ulx-verdict-chip is-best" }, "best"), " ", h("b", {}, name(best[0])),
        ` · ${wins} ${pct(r.win_rate)} (${pct(r.low)}–${pct(r.high)}): its interval clears every other move's.`];
    } else if (even.length) {
      const r = rows[even[0].id];
      text = [h("span", { class: "ulx-verdict-chip is-pick" }, "pick"), " ", h("b", {}, name(even[0])),
        ` · ${wins} ${pct(r.win_rate)} (${pct(r.low)}–${pct(r.high)}). No clear best: ${even.length} move${even.length === 1 ? "" : "s"} overlap${even.length === 1 ? "s" : ""} it; more work may tell them apart.`];
    } else {
      text = ["The advisor could not rate these moves."];
    }
    return h("div", { class: "ulx-verdict" }, h("div", { class: "ulx-verdict-text" }, ...text), toggle);
  }

  function actionButton(action, advice, withLead = false, answer = {}) {
    const words = withLead && action.lead ? `${action.lead} ${action.short}` : action.short || action.label;
    const button = h("button", {
      class: `ulx-action kind-${action.kind}`, type: "button", dataset: { id: action.id, kind: action.kind },
      "aria-label": action.label, title: action.short && action.short !== action.label ? action.label : null,
      onclick: (event) => { ui.popQuiet = [event.clientX, event.clientY]; hidePop(); if (!root.classList.contains("is-busy")) send({ type: "act", id: action.id }); },
      onmousemove: (event) => pointAt(event.currentTarget, action.rule, "side"), onmouseleave: leave,
      onfocus: (event) => pointAt(event.currentTarget, action.rule, "side"), onblur: leaveFocus,
    }, h("span", { class: "ulx-action-label" }, words),
    action.odds ? h("span", { class: "ulx-odds", title: `Exact probability ${action.odds}` }, action.odds) : null);
    button.dataset.rule = action.rule;
    if (!advice) return button;
    const pct = (x) => (x === null || x === undefined ? 0 : Math.round(x * 100));
    const [rate, low, high] = [pct(advice.win_rate), pct(advice.low), pct(advice.high)];
    const verdict = advice.verdict || "";
    const wins = answer.wins || `${get("actor") || "The side to play"} wins`;
    const pick = verdict !== "best" && answer.pick === action.id;
    button.classList.add("has-advice", `is-${verdict.replace(" ", "-") || "unrated"}`);
    if (pick) button.classList.add("is-pick");
    button.dataset.verdict = verdict;
    button.append(h("span", { class: "ulx-advice", title: `${pick ? "The advisor's pick. " : ""}${wins} ${rate}% of ${advice.rollouts} games played on after this move (95% interval ${low}–${high}%)${verdict ? `: ${verdict}` : ""}` },
      verdict ? h("span", { class: `ulx-verdict-chip is-${pick ? "pick" : verdict === "best" ? "best" : verdict === "about equal" ? "even" : "behind"}` }, pick ? "pick" : verdict) : null,
      h("span", { class: "ulx-advice-bar" },
        h("span", { class: "ulx-advice-fill", style: { width: `${rate}%` } }),
        h("span", { class: "ulx-advice-ci", style: { left: `${low}%`, width: `${Math.max(high - low, 1)}%` } })),
      h("span", { class: "ulx-advice-text" }, `${rate}%`, h("span", { class: "ulx-advice-range" }, ` ${low}–${high}`))));
    return button;
  }

  // --- timeline ------------------------------------------------------------------------------
  function drawTimeline() {
    const status = get("status") || {};
    const history = get("history") || [];
    const policies = get("policy_names") || [];
    const said = get("policy_words") || {}; // each player's name in words, and how it plays
    const busy = false;
    const undo = h("button", { class: "ulx-btn", type: "button", disabled: !status.can_undo || busy, title: "Go back one step (← key)", onclick: () => send({ type: "undo" }) }, "◀ Undo");
    const redo = h("button", { class: "ulx-btn", type: "button", disabled: !status.can_redo || busy, title: "Go forward one step along this line (→ key)", onclick: () => send({ type: "redo" }) }, "Redo ▶");
    // (the timeline is drawn anew and patched onto the one shown: handlers find the fields
    // they change in the page, not in the copy drawn)
    const label = h("span", { class: "ulx-slider-label" });
    const showLabel = (label, n) => {
      const entry = history[n];
      label.textContent = entry ? `${n}: ${entry.label}` : "";
      label.title = label.textContent;
    };
    showLabel(label, status.step || 0);
    const slider = h("input", {
      class: "ulx-slider", type: "range", min: "0", max: String(Math.max(status.last || 0, 0)), step: "1",
      value: String(status.step || 0), "aria-label": "Jump to a step", disabled: !(status.last > 0),
      oninput: (event) => showLabel(timeline.querySelector(".ulx-slider-label"), Number(event.currentTarget.value)),
      onchange: (event) => send({ type: "jump", step: Number(event.currentTarget.value) }),
    });
    const policy = h("select", {
      class: "ulx-select", "aria-label": "Policy for auto-play",
      onchange: (event) => { model.set("policy", event.currentTarget.value); model.save_changes(); },
    }, policies.map((name) => h("option", { value: name, title: (said[name] || {}).how || "" },
      (said[name] || {}).title || name)));
    policy.value = get("policy");
    policy.title = (said[get("policy")] || {}).how || "";
    const play = (steps) => () => send({ type: "play", steps, policy: get("policy") });
    const over = Boolean(status.over);
    const nButton = h("button", { class: "ulx-btn ulx-nsteps", type: "button", disabled: over, onclick: () => play(ui.steps)() }, `${ui.steps} steps`);
    const count = h("input", {
      class: "ulx-input ulx-count-input", type: "number", min: "1", max: "999", step: "1",
      value: String(ui.steps), "aria-label": "How many steps to auto-play", disabled: over,
      oninput: (event) => {
        const n = Math.round(Number(event.currentTarget.value));
        const button = timeline.querySelector(".ulx-nsteps");
        if (n >= 1 && n <= 999) { ui.steps = n; if (button) button.textContent = `${n} steps`; }
      },
      onkeydown: (event) => { if (event.key === "Enter") play(ui.steps)(); },
    });
    patchChildren(timeline, h("div", {},
      h("div", { class: "ulx-tl-group ulx-tl-history" }, undo, redo, slider, label),
      h("div", { class: "ulx-tl-group" },
        h("span", { class: "ulx-tl-label" }, "Auto-play with"),
        policy,
        h("button", { class: "ulx-btn", type: "button", disabled: over, onclick: play(1) }, "1 step"),
        h("span", { class: "ulx-nplay" }, count, nButton),
        h("button", { class: "ulx-btn", type: "button", disabled: over, onclick: play(null) }, "To the end")),
      h("div", { class: "ulx-tl-group ulx-tl-fork" },
        h("button", { class: "ulx-btn ulx-primary", type: "button", title: "Start a branch from this step", onclick: () => { ui.tab = "branches"; drawTabs(); drawPanel(); setTimeout(() => root.querySelector(".ulx-fork-label")?.focus(), 0); } }, "Fork here…"))));
  }

  // --- time travel: pointing at a step in the log previews it; the arrow keys undo and redo ---
  let previewTimer = 0;
  function startPreview(step) {
    clearTimeout(previewTimer);
    ui.previewStep = step;
    previewTimer = setTimeout(() => { if (ui.previewStep === step) model.send({ type: "preview", step }); }, 120);
  }
  function endPreview() {
    clearTimeout(previewTimer);
    if (ui.previewStep === null) return;
    ui.previewStep = null;
    peek.hidden = true;
    peek.replaceChildren();
    if (ui.previewOnBoard) schedule("board");
    ui.previewOnBoard = false;
  }
  /** Most of the board is on the screen (then a preview takes its place). */
  function boardInSight() {
    const box = boardWrap.getBoundingClientRect();
    const seen = Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0);
    return box.height > 0 && seen >= 0.6 * Math.min(box.height, window.innerHeight);
  }
  async function drawPreview() {
    const preview = get("preview") || {};
    if (ui.previewStep === null || preview.step !== ui.previewStep || !preview.board) return;
    const banner = h("div", { class: "ulx-preview-banner" },
      h("b", {}, `Preview of step ${preview.step}`), ` · ${preview.label} · click the step to go there`);
    const holder = h("div", { class: "ulx-preview" });
    if (boardInSight()) {
      // the eye can see the board: the step is drawn there
      ui.previewOnBoard = true;
      boardWrap.replaceChildren(banner, holder);
      drawBoard(holder, preview.board, { compact: false, changed: [] });
      return;
    }
    // the board is off the screen: a small board beside the log step pointed at
    peek.replaceChildren(banner, holder);
    await drawBoard(holder, preview.board, { compact: true, changed: [] });
    if (ui.previewStep !== preview.step) return;
    peek.hidden = false;
    const box = root.getBoundingClientRect();
    const anchor = ui.previewAnchor && ui.previewAnchor.isConnected ? ui.previewAnchor.getBoundingClientRect() : box;
    const height = peek.offsetHeight;
    const middle = anchor.top + anchor.height / 2 - height / 2;
    const y = Math.max(4, Math.min(middle, window.innerHeight - height - 4));
    peek.style.left = `${Math.max(4, box.width - peek.offsetWidth - 8)}px`;
    peek.style.top = `${y - box.top}px`;
  }
  root.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = event.target;
    if (target && ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) return; // the slider keeps its keys
    const status = get("status") || {};
    if (event.key === "ArrowLeft" && status.can_undo) { event.preventDefault(); event.stopPropagation(); send({ type: "undo" }); }
    else if (event.key === "ArrowRight" && status.can_redo) { event.preventDefault(); event.stopPropagation(); send({ type: "redo" }); }
  });

  // --- tabs --------------------------------------------------------------------------------------
  // The tabs are one Tab stop, as a tab list is: the arrow keys, Home and End choose another
  // tab (and never reach the explorer's own arrows, which undo and redo a move).
  function drawTabs() {
    patchChildren(tabs, h("div", {}, ...TABS.map(([key, text]) => h("button", {
      class: `ulx-tab${ui.tab === key ? " is-active" : ""}`, role: "tab", type: "button",
      "aria-selected": ui.tab === key ? "true" : "false", dataset: { tab: key },
      tabindex: ui.tab === key ? "0" : "-1",
      onclick: () => { ui.tab = key; drawTabs(); drawPanel(); },
    }, text, key === "branches" ? h("span", { class: "ulx-count" }, String((get("branch_list") || []).length)) : null))));
  }
  tabs.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const at = TABS.findIndex(([key]) => key === ui.tab);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: TABS.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    event.stopPropagation(); // not an undo or a redo, nor the notebook's own keys
    ui.tab = TABS[(to + TABS.length) % TABS.length][0];
    drawTabs();
    drawPanel();
    tabs.querySelector(`[data-tab="${ui.tab}"]`)?.focus();
  });

  function drawPanel() {
    panel.dataset.tab = ui.tab;
    if (ui.tab === "log") drawLog();
    else if (ui.tab === "inspect") drawInspect();
    else if (ui.tab === "branches") drawBranches();
    else drawCompare();
  }

  function drawLog() {
    const status = get("status") || {};
    const events = get("events") || [];
    const history = get("history") || [];
    let box = panel.firstElementChild;
    let list = box && box.classList.contains("ulx-log-box") ? box.firstElementChild : null;
    if (!list || panel.childElementCount !== 1) {
      list = h("ol", { class: "ulx-log" });
      box = h("div", { class: "ulx-scroll ulx-log-box" }, list);
      panel.replaceChildren(box);
    }
    // a step drawn as it was before stays as it is: a long log costs a click only its new steps
    const shown = new Map([...list.children].map((step) => [step.ulxDrawn, step]));
    const steps = [
      ...events.map((entry) => [entry, entry.step === status.step, false]),
      ...history.slice(events.length).map((entry) => [{ ...entry, events: [] }, false, true]),
    ].map(([entry, here, ahead]) => {
      const drawn = JSON.stringify([entry, here, ahead]);
      const same = shown.get(drawn);
      if (same) {
        shown.delete(drawn);
        return same;
      }
      const step = logEntry(entry, here, ahead);
      step.ulxDrawn = drawn;
      return step;
    });
    place(list, steps);
    // scrolled to the step on the board once the page is laid out (reading sizes now would
    // make the browser lay the page out in the middle of the redraw)
    const here = list.querySelector(".is-here");
    if (here) requestAnimationFrame(() => { box.scrollTop = Math.max(0, here.offsetTop - box.clientHeight + here.offsetHeight + 8); });
  }

  function logEntry(entry, here, ahead) {
    const what = entry.label;
    return h("li", { class: `ulx-log-step${here ? " is-here" : ""}${ahead ? " is-ahead" : ""} kind-${entry.kind}`, dataset: { step: String(entry.step) } },
      h("button", {
        class: "ulx-log-head", type: "button", title: here ? "The step on the board" : "Point to preview this step on the board; click to go there",
        onclick: () => { endPreview(); send({ type: "jump", step: entry.step }); },
        onmouseenter: (event) => {
          if (here) return;
          ui.previewAnchor = event.currentTarget;
          event.currentTarget.classList.add("is-previewing");
          startPreview(entry.step);
        },
        onmouseleave: (event) => { event.currentTarget.classList.remove("is-previewing"); endPreview(); },
      },
        h("span", { class: "ulx-log-num" }, String(entry.step)),
        h("span", { class: "ulx-log-label" }, what)),
      entry.events.length ? h("ul", { class: "ulx-events" }, entry.events.map(([rule, text]) => h("li", { class: "ulx-event" },
        h("span", { class: "ulx-event-text" }, text), ruleChip(rule)))) : null);
  }

  function drawInspect() {
    const changes = get("changes") || [];
    const status = get("status") || {};
    const left = h("div", { class: "ulx-inspect-col" },
      h("h4", { class: "ulx-h4" }, status.step ? `What step ${status.step} changed` : "The deal"),
      status.step ? h("div", { class: "ulx-muted ulx-small-text" }, status.label) : null,
      changes.length ? h("ul", { class: "ulx-changes" }, changes.map((line) => {
        const [place, change] = splitChange(line);
        return h("li", {}, h("span", { class: "ulx-change-where" }, place), h("span", { class: "ulx-change-what" }, change));
      })) : h("p", { class: "ulx-muted" }, status.step ? "Nothing on the table changed." : "Nothing before the deal to compare with."));
    const tree = h("div", { class: "ulx-json" });
    jsonTree(tree, get("inspector") || {}, "", "state");
    const right = h("div", { class: "ulx-inspect-col" },
      h("h4", { class: "ulx-h4" }, "The state as data ", h("code", {}, get("seat") >= 0 ? `state.to_dict(${get("seat")})` : "state.to_dict()")),
      h("div", { class: "ulx-scroll" }, tree));
    panel.replaceChildren(h("div", { class: "ulx-inspect" }, left, right));
  }

  function splitChange(line) {
    const cut = line.lastIndexOf(": ");
    return cut < 0 ? ["", line] : [line.slice(0, cut), line.slice(cut + 2)];
  }

  function jsonTree(parent, value, path, key) {
    if (value !== null && typeof value === "object") {
      const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
      const details = h("details", { class: "ulx-json-node", open: ui.openPaths.has(path) });
      details.addEventListener("toggle", () => {
        if (details.open) ui.openPaths.add(path); else ui.openPaths.delete(path);
      });
      const size = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
      details.append(h("summary", {}, h("span", { class: "ulx-json-key" }, key), " ", h("span", { class: "ulx-json-size" }, size)));
      const body = h("div", { class: "ulx-json-body" });
      for (const [k, v] of entries) jsonTree(body, v, path ? `${path}.${k}` : k, k);
      details.append(body);
      parent.append(details);
    } else {
      const kind = value === null ? "null" : typeof value;
      parent.append(h("div", { class: "ulx-json-leaf" }, h("span", { class: "ulx-json-key" }, key), ": ",
        h("span", { class: `ulx-json-${kind}` }, kind === "string" ? JSON.stringify(value) : String(value))));
    }
  }

  function drawBranches() {
    const branches = get("branch_list") || [];
    const status = get("status") || {};
    const label = h("input", { class: "ulx-input ulx-fork-label", type: "text", placeholder: "e.g. block instead", "aria-label": "Name of the new branch" });
    const note = h("input", { class: "ulx-input", type: "text", placeholder: "what you want to try", "aria-label": "Note for the new branch" });
    const same = h("input", { type: "radio", name: `${viewId}-luck`, value: "same", checked: true });
    const fresh = h("input", { type: "radio", name: `${viewId}-luck`, value: "new" });
    const fork = () => send({ type: "fork", label: label.value, note: note.value, new_luck: fresh.checked });
    label.addEventListener("keydown", (event) => { if (event.key === "Enter") fork(); });
    const form = h("div", { class: "ulx-fork" },
      h("h4", { class: "ulx-h4" }, status.fork_from || `Fork from step ${status.step ?? 0}`),
      h("div", { class: "ulx-fork-row" },
        h("label", { class: "ulx-field" }, h("span", {}, "Name"), label),
        h("label", { class: "ulx-field ulx-grow" }, h("span", {}, "Note"), note)),
      h("div", { class: "ulx-fork-row" },
        h("label", { class: "ulx-radio", title: "The decks keep their order: the same cards come next, so only your moves differ" }, same, " Same luck (the same cards come next)"),
        h("label", { class: "ulx-radio", title: "Every deck is shuffled again from a new seed" }, fresh, " New luck (reshuffle the decks)"),
        h("button", { class: "ulx-btn ulx-primary ulx-fork-go", type: "button", onclick: fork }, "Fork here")));
    const byId = new Map(branches.map((b) => [b.id, b]));
    const depth = (b) => { let d = 0; let p = b; while (p && p.parent_branch !== null && p.parent_branch !== undefined && d < 20) { p = byId.get(p.parent_branch); d += 1; } return d; };
    const rows = h("ul", { class: "ulx-branches" }, branches.map((b) => branchRow(b, depth(b))));
    panel.replaceChildren(h("div", { class: "ulx-branch-panel" }, form, h("div", { class: "ulx-scroll" }, rows)));
  }

  function branchRow(b, depth) {
    const status = get("status") || {};
    const luck = b.luck === "new" ? `new luck (seed ${b.luck_seed})` : b.luck === "deal" ? "the deal" : "same luck";
    // the words are made with the fork panel's heading (page.py), so the two name one position
    const origin = b.kind === "deal" ? b.origin : `${b.origin} · ${luck}`;
    const editing = ui.editing === b.id;
    const row = h("li", { class: `ulx-branch${b.current ? " is-current" : ""}`, style: { marginLeft: `${depth * 1.4}em` }, dataset: { branch: String(b.id) } });
    if (editing) {
      const name = h("input", { class: "ulx-input", type: "text", value: b.label, "aria-label": "Branch name" });
      const note = h("input", { class: "ulx-input ulx-grow", type: "text", value: b.note, "aria-label": "Branch note" });
      const save = () => {
        ui.editing = null;
        if (name.value.trim() && name.value.trim() !== b.label) send({ type: "rename", branch: b.id, label: name.value.trim() });
        if (note.value !== b.note) send({ type: "annotate", branch: b.id, note: note.value });
        drawBranches();
      };
      row.append(h("div", { class: "ulx-fork-row" }, name, note,
        h("button", { class: "ulx-btn ulx-primary", type: "button", onclick: save }, "Save"),
        h("button", { class: "ulx-btn", type: "button", onclick: () => { ui.editing = null; drawBranches(); } }, "Cancel")));
      return row;
    }
    row.append(...[
      h("div", { class: "ulx-branch-main" },
        h("span", { class: "ulx-branch-dot", title: b.current ? "You are on this branch" : "" }),
        h("span", { class: "ulx-branch-label" }, b.label),
        h("span", { class: "ulx-muted ulx-small-text" }, `${origin} · ${b.steps} steps`),
        h("span", { class: "ulx-branch-tools" },
          b.current ? h("span", { class: "ulx-chip" }, "here") : h("button", { class: "ulx-btn ulx-small", type: "button", onclick: () => send({ type: "switch", branch: b.id }) }, "Go to its end"),
          !b.current ? h("button", { class: "ulx-btn ulx-small", type: "button", onclick: () => { ui.compareA = status.branch_id; ui.compareB = b.id; ui.tab = "compare"; drawTabs(); send({ type: "compare", a: status.branch_id, b: b.id }); } }, "Compare") : null,
          h("button", { class: "ulx-btn ulx-small ulx-quiet", type: "button", onclick: () => { ui.editing = b.id; drawBranches(); } }, "Rename · note"))),
      b.note ? h("div", { class: "ulx-branch-note" }, b.note) : null,
    ].filter(Boolean));
    return row;
  }

  function drawCompare() {
    const branches = get("branch_list") || [];
    const comparison = get("comparison") || {};
    const status = get("status") || {};
    const pick = (value, other) => {
      const select = h("select", { class: "ulx-select" }, branches.map((b) => h("option", { value: String(b.id) }, b.label)));
      select.value = String(value ?? other);
      return select;
    };
    const stepBox = (value, label) => h("input", {
      class: "ulx-input ulx-step-input", type: "number", min: "0", step: "1", placeholder: "end",
      value: value === null || value === undefined ? "" : String(value), "aria-label": label,
      title: "A step of this branch (empty: its end)",
    });
    const fallbackB = branches.find((b) => b.id !== status.branch_id)?.id ?? status.branch_id;
    const a = pick(ui.compareA ?? comparison.a?.branch, status.branch_id);
    const b = pick(ui.compareB ?? comparison.b?.branch, fallbackB);
    const aStep = stepBox(ui.compareAStep, "Step of A");
    const bStep = stepBox(ui.compareBStep, "Step of B");
    const stepOf = (box) => (box.value.trim() === "" ? null : Math.round(Number(box.value)));
    const go = h("button", { class: "ulx-btn ulx-primary", type: "button", onclick: () => {
      ui.compareA = Number(a.value); ui.compareB = Number(b.value);
      ui.compareAStep = stepOf(aStep); ui.compareBStep = stepOf(bStep);
      send({ type: "compare", a: ui.compareA, b: ui.compareB, a_step: ui.compareAStep, b_step: ui.compareBStep });
    } }, "Compare");
    const chosenB = branches.find((x) => x.id === Number(b.value));
    const fork = h("button", {
      class: "ulx-btn", type: "button", disabled: !chosenB || chosenB.parent === null || chosenB.parent === undefined,
      title: "B's end beside the position it forked from: what its moves changed",
      onclick: () => { ui.compareB = Number(b.value); send({ type: "compare_fork", branch: ui.compareB }); },
    }, "B since its fork");
    b.addEventListener("change", () => {
      const picked = branches.find((x) => x.id === Number(b.value));
      fork.disabled = !picked || picked.parent === null || picked.parent === undefined;
    });
    const nowStep = h("button", {
      class: "ulx-btn ulx-quiet", type: "button", title: "Put the step on the board now into A",
      onclick: () => { a.value = String(status.branch_id); aStep.value = String(status.step ?? 0); },
    }, "A = here");
    const bar = h("div", { class: "ulx-fork-row ulx-compare-bar" },
      h("label", { class: "ulx-field" }, h("span", {}, "A"), a, h("span", { class: "ulx-muted" }, "at step"), aStep),
      nowStep,
      h("label", { class: "ulx-field" }, h("span", {}, "B"), b, h("span", { class: "ulx-muted" }, "at step"), bStep),
      go, fork);
    const body = h("div", { class: "ulx-compare" });
    panel.replaceChildren(h("div", { class: "ulx-compare-panel" }, bar, body));
    if (!comparison.a) {
      body.append(h("p", { class: "ulx-muted" }, branches.length < 2
        ? "Compare any two steps: choose them above (empty: the end of the branch). Fork a branch (“Fork here…”) to compare two lines of play."
        : "Choose two branches (and, if you like, a step of each) and press Compare; or see what B changed since its fork."));
      return;
    }
    const where = (side) => `${side.end ? "end, " : ""}step ${side.step}`;
    const mode = comparison.mode ? ` (${comparison.mode})` : "";
    const paths = comparison.rows.map((row) => row[3] || row[0]).filter(Boolean);
    if (!comparison.rows.length) {
      body.append(h("p", { class: "ulx-muted" }, `The two tables are the same${mode}.`));
    } else {
      // one table, its rows grouped by the first part of the place ("Score", "P1", "Zones", ...)
      const groups = new Map();
      for (const row of comparison.rows) {
        const [first, ...rest] = row[0].split(" › ");
        const key = rest.length ? first : "The table";
        if (!groups.has(key)) groups.set(key, []);
        groups.get(key).push([rest.length ? rest.join(" › ") : first, row[1], row[2]]);
      }
      const table = h("table", { class: "ulx-diff" },
        h("thead", {}, h("tr", {}, h("th", {}, `What differs${mode}`),
          h("th", {}, `A: ${comparison.a.label} · ${where(comparison.a)}`),
          h("th", {}, `B: ${comparison.b.label} · ${where(comparison.b)}`))));
      for (const [group, rows] of groups) {
        // the score always open; the rest too when the list is short, else one click away
        const open = ui.diffOpen.get(group) ?? (group === "Score" || (comparison.rows.length <= 16 && rows.length <= 8));
        const section = h("tbody", { class: `ulx-diff-group${open ? " is-open" : ""}` });
        section.append(h("tr", { class: "ulx-diff-head" }, h("th", { colspan: "3" },
          h("button", {
            class: "ulx-diff-toggle", type: "button", "aria-expanded": open ? "true" : "false",
            onclick: () => { ui.diffOpen.set(group, !open); drawCompare(); },
          }, `${open ? "▾" : "▸"} ${group}`, h("span", { class: "ulx-count" }, String(rows.length))))));
        if (open) {
          for (const [place, x, y] of rows) {
            section.append(h("tr", { class: x === y ? "is-same" : "" }, h("td", {}, place), h("td", {}, x), h("td", {}, y)));
          }
        }
        table.append(section);
      }
      body.append(table);
    }
    const sideA = h("div", { class: "ulx-compare-board" });
    const sideB = h("div", { class: "ulx-compare-board" });
    body.append(h("div", { class: "ulx-compare-boards" },
      h("div", { class: "ulx-compare-col" }, h("div", { class: "ulx-compare-title" }, h("b", {}, "A "), comparison.a.label, h("span", { class: "ulx-muted" }, ` · ${where(comparison.a)}`)), sideA),
      h("div", { class: "ulx-compare-col" }, h("div", { class: "ulx-compare-title" }, h("b", {}, "B "), comparison.b.label, h("span", { class: "ulx-muted" }, ` · ${where(comparison.b)}`)), sideB)));
    drawBoard(sideA, comparison.a.board, { compact: true, changed: paths });
    drawBoard(sideB, comparison.b.board, { compact: true, changed: paths });
  }

  // --- wiring ----------------------------------------------------------------------------------
  const dirty = new Set();
  // The traits of one message from Python change one after another in the same task: they are
  // drawn together right after it (a microtask), not a frame later, so the new table is on the
  // screen at the next paint.
  let pending = false;
  let closed = false;
  const schedule = (...parts) => {
    for (const part of parts) dirty.add(part);
    if (!pending) { pending = true; queueMicrotask(flush); }
  };
  function flush() {
    pending = false;
    if (closed) return;
    const began = performance.now();
    const anchor = stepControlAt();
    const parts = new Set(dirty);
    dirty.clear();
    const draw = (part, fn) => {
      if (!parts.has(part)) return;
      try {
        fn();
      } catch (error) {
        console.error(`umbrella-lab explorer: drawing ${part} failed`, error);
      }
    };
    draw("css", () => { boardStyle.textContent = get("board_css") || ""; });
    draw("head", drawHead);
    draw("board", () => drawBoard(boardWrap, get("board"), { changed: (get("status") || {}).changed, legend: true }));
    draw("preview", drawPreview);
    draw("decide", drawDecide);
    draw("rule", drawRulebox);
    draw("timeline", drawTimeline);
    draw("tabs", drawTabs);
    draw("panel", drawPanel);
    draw("notice", drawNotice);
    draw("idle", () => root.classList.remove("is-busy"));
    restoreFocus();
    keepInPlace(anchor);
    focusInSight();
    // the moves' "more below" cue comes a frame later (cueMore): in place again after it
    requestAnimationFrame(() => { keepInPlace(anchor); focusInSight(); });
    // when this redraw began and how long it took (read by benchmarks/explorer_clicks.py)
    root.dataset.drawBegan = began.toFixed(1);
    root.dataset.drawMs = (performance.now() - began).toFixed(1);
  }
  const on = (name, ...parts) => model.on(`change:${name}`, () => schedule(...parts));
  on("board_css", "css");
  on("title", "head");
  on("seat_names", "head");
  // any change that comes from Python means the kernel has answered: the widget is idle
  on("seat", "head");
  // a new position answers a "not now" shown in the rule box: it goes
  model.on("change:status", () => { if (ui.pinnedWhy) { ui.pinnedWhy = ""; ui.pinnedRule = null; } });
  on("status", "head", "board", "decide", "rule", "timeline", "panel", "idle");
  on("board", "board", "idle");
  on("actions", "decide", "rule", "idle");
  on("unavailable", "decide");
  on("actor", "decide");
  on("advice", "board", "decide", "idle");
  model.on("change:advisor", () => {
    // while the advisor thinks, only its button's words change: the action list (and any rule
    // the teacher is hovering) stays as it is
    const advisor = get("advisor") || {};
    const button = decide.querySelector(".ulx-advise");
    if (advisor.busy && button && button.textContent.startsWith("Thinking")) {
      button.textContent = thinking(advisor);
      return;
    }
    schedule("decide", "idle");
  });
  on("history", "timeline", "panel", "idle");
  on("events", "panel", "idle");
  on("changes", "panel");
  on("inspector", "panel");
  on("branch_list", "tabs", "panel", "idle");
  on("comparison", "panel", "idle");
  on("notice", "notice", "idle");
  on("preview", "preview");
  on("rules", "rule", "decide");
  on("policy_names", "timeline");
  on("policy_words", "timeline");
  on("policy", "timeline");
  schedule("css", "head", "board", "decide", "rule", "timeline", "tabs", "panel");
  const guard = setInterval(() => {
    if (root.classList.contains("is-busy") && Date.now() - ui.busySince > 5000) root.classList.remove("is-busy");
  }, 1000);
  return () => {
    clearInterval(guard);
    closed = true;
    document.removeEventListener("pointerdown", pressAway, true);
    document.removeEventListener("pointerdown", pressDown, true);
    document.removeEventListener("pointerup", pressUp, true);
    document.removeEventListener("pointercancel", pressUp, true);
  };
}

export default { render };
