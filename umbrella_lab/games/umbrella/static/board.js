// Board renderer for Umbrella (view model: board.py beside this folder).
//
// render(el, board, ctx): draw the whole table into `el`. `ctx.h` makes elements,
// `ctx.changed` holds the places the last move changed, `ctx.compact` asks for the small
// version (no controls), `ctx.ruleChip(id)` makes a rule id chip, `ctx.memo` is an object the
// explorer keeps for this board between redraws (one per explorer).
//
// The board is also a control: every arrow, umbrella, figure space and Scoreboard spot that
// stands for a legal move carries that move's action id (from `board.controls`). A click
// plays it through `ctx.act(id)` when the explorer offers it, else by clicking the matching
// button of the action list (same id), so the board and the list can never disagree.

const SIDES = ["north", "east", "south", "west"];
const ARROW = { north: "▼", east: "◀", south: "▲", west: "▶" };
const PUSH_WORDS = { north: "down column", east: "left along row", south: "up column", west: "right along row" };
const NAMES = ["yellow", "blue", "green", "red"];
const LETTERS = "YBGR";

// What the teacher chose on the board, kept in the explorer's own memo (`ctx.memo`), so two
// explorers on one page never share it: `ui` is the pick of the moment (kept between redraws
// of the same position); `view` says which seats are open in full with 3 or 4 players
// (besides the seat to play), kept across moves.
const pageMemo = {}; // (for a host that gives no memo)

function choices(ctx) {
  const memo = ctx.memo || pageMemo;
  memo.umbrella ??= {
    ui: { key: "", pick: null, chooser: null, space: null, cell: null, hints: false },
    view: { open: new Set(), all: false },
  };
  return memo.umbrella;
}

function act(el, ctx, id) {
  if (typeof ctx.act === "function") { ctx.act(id); return; }
  const root = el.closest(".ulx") || el.ownerDocument;
  const button = [...root.querySelectorAll("button.ulx-action")].find((b) => b.dataset.id === id);
  if (button) button.click();
}

function umbrella(h, colour, extra = {}) {
  const { cls = "", title = NAMES[colour], ...rest } = extra;
  return h("span", { class: `uub-u c${colour} ${cls}`, title, role: "img", "aria-label": `${NAMES[colour]} umbrella`, ...rest },
    h("span", { class: "uub-u-letter", "aria-hidden": "true" }, LETTERS[colour]));
}

export function render(el, b, ctx) {
  const { h } = ctx;
  const { ui, view } = choices(ctx);
  const changed = (prefix) => [...ctx.changed].some((place) => place === prefix || place.startsWith(`${prefix} › `));
  const c = b.controls || {};
  const live = !ctx.compact && !b.result;
  const key = `${b.step}|${b.to_act}|${b.seats.map((s) => s.grid.join("")).join("|")}|${b.zones.map((z) => z.umbrellas).join("|")}`;
  if (ui.key !== key) Object.assign(ui, { key, pick: null, chooser: null, space: null, cell: null });
  const redraw = (focus) => {
    el.replaceChildren();
    render(el, b, ctx);
    if (typeof focus === "string") el.querySelector(focus)?.focus();
  };
  const play = (id) => { ui.key = ""; act(el, ctx, id); };
  el.classList.add("uub");
  if (ctx.compact) el.classList.add("uub-compact");

  // --- top strip: tokens, level, who decides ---------------------------------------------------
  const tokens = (n, cls) => h("span", { class: `uub-tokens ${cls}` },
    Array.from({ length: Math.min(n, 25) }, () => h("span", { class: "uub-token", "aria-hidden": "true" })));
  const top = h("div", { class: "uub-top" },
    // the explorer's title names the game and the players: the board names only the level
    h("div", { class: "uub-title" }, b.solo ? "Solo" : null,
      h("span", { class: "uub-level", title: "Scoreboard difficulty level (option level)" }, `level ${b.level}`)),
    h("div", { class: `uub-stock${changed("supply") ? " is-changed" : ""}`, title: "Scoring tokens in the supply: the game ends when the last one is placed (end.supply)" },
      h("span", { class: "uub-stock-n" }, String(b.supply)), h("span", { class: "uub-stock-label" }, "in the supply"), tokens(b.supply, "")),
    b.solo ? null : h("div", { class: `uub-stock is-reserve${changed("reserve") ? " is-changed" : ""}`, title: "Tokens set aside at setup: used only in the final turns (end.reserve)" },
      h("span", { class: "uub-stock-n" }, String(b.reserve)), h("span", { class: "uub-stock-label" }, "set aside")),
    b.end_trigger ? h("div", { class: "uub-trigger" }, `End triggered (${b.end_trigger}): final turns`) : null);
  el.append(top);

  if (b.result) {
    const winners = b.result.winners || [];
    el.append(h("div", { class: "uub-result" },
      h("span", { class: "uub-result-word" }, b.solo ? `Solo: ${b.seats[0].score} points, “${b.seats[0].achievement}”`
        : winners.length ? `${winners.map((w) => b.seats[w].name).join(" and ")} win${winners.length === 1 ? "s" : ""}` : "Game over"),
      h("span", { class: "uub-result-why" }, b.result.reason), ctx.compact ? null : ctx.ruleChip(b.result.rule)));
  } else if (!ctx.compact) {
    const help = c.step === "push" ? (ui.pick ? "Now click an arrow on the same side to push it in."
      : "Click an umbrella in a zone, then an arrow; or click an arrow and choose the umbrella.") : "";
    el.append(h("div", { class: "uub-decides", title: help || null },
      h("span", { class: "uub-decides-arrow", "aria-hidden": "true" }, "➜"),
      h("span", {}, b.decides, help ? h("span", { class: "uub-help" }, ` ${help}`) : null),
      ctx.ruleChip(b.decides_rule),
      c.step === "push" ? h("label", { class: "uub-hints", title: "Mark with ★ the pushes after which a figure can be scored" },
        h("input", { type: "checkbox", checked: ui.hints, onchange: (e) => { ui.hints = e.target.checked; redraw(); } }),
        " show pushes that score ★") : null));
  }

  // --- pass and other decisions that are not a place on the table ---------------------------------
  if (live && (c.passes || []).length) {
    el.append(h("div", { class: "uub-pass" },
      h("div", { class: "uub-pass-title" }, `Pass ${c.held ? c.held.tile : "the tile"} to ${b.seats[(c.seat + 1) % b.players].name}: which side up?`),
      h("div", { class: "uub-pass-options" }, c.passes.map((p) => h("button", { class: "uub-pass-option", type: "button", title: p.label, onclick: () => play(p.id) },
        miniFigure(h, p.cells, `is-${p.side}`),
        h("span", {}, `${p.side} side`, h("br"), h("small", {}, p.space > 0 ? `lands on space ${p.space} (${p.pinwheel}°)` : "covers a tile")))))));
  }
  const others = live ? (c.other || []) : [];
  if (others.length) {
    el.append(h("div", { class: "uub-others" }, others.map((o) => h("button", { class: "uub-btn", type: "button", title: o.label, onclick: () => play(o.id) }, o.label.replace(/^P\d+: /, "")))));
  }

  // --- one panel per seat -------------------------------------------------------------------
  // With 3 or 4 players only the seat to play (and the seat viewed as) get the full board; the
  // others are small cards side by side that open to their full board on a click.
  const env = { live, play, redraw, c, ui };
  const seats = h("div", { class: "uub-seats" });
  let shareWith = null; // the seat whose shared zones the small cards mark with ⇄
  if (ctx.compact && b.players >= 3) {
    // the compare view: every seat as a small card, what differs outlined
    el.append(h("section", { class: "uub-cards is-compare", "aria-label": "The seats" },
      b.order.map((p) => compactSeat(h, b, b.seats[p], null, changed, null))));
  } else if (ctx.compact || b.players < 3) {
    for (const p of b.order) seats.append(seatPanel(h, b, b.seats[p], ctx, changed, env));
    el.append(seats);
  } else {
    el.classList.add("uub-many");
    const actor = !b.result && c.seat !== null && c.seat !== undefined ? c.seat : null;
    const viewed = b.seat !== null && b.seat !== undefined ? b.seat : null;
    const fixed = new Set([actor, viewed].filter((p) => p !== null));
    const full = b.order.filter((p) => fixed.has(p) || view.all || view.open.has(p));
    const small = b.order.filter((p) => !full.includes(p));
    const toggle = (p, open) => {
      if (open) view.open.add(p); else view.open.delete(p);
      redraw(open ? `.uub-seat[data-seat="${p}"] .uub-fold` : `.uub-card[data-seat="${p}"]`);
    };
    for (const p of full) {
      const fold = !fixed.has(p) ? h("button", {
        class: "uub-btn uub-fold", type: "button", title: "Show this seat as a small card again",
        onclick: () => { view.all = false; toggle(p, false); },
      }, "▴ compact") : null;
      seats.append(seatPanel(h, b, b.seats[p], ctx, changed, { ...env, fold }));
    }
    const ref = actor !== null ? actor : viewed;
    top.append(h("button", {
      class: "uub-btn uub-all", type: "button", "aria-pressed": view.all ? "true" : "false",
      title: view.all ? "Show the seats that are not deciding as small cards again" : "Show every seat's full board, one under another",
      onclick: () => { view.all = !view.all; view.open.clear(); redraw(".uub-all"); },
    }, view.all ? "▴ small cards" : "▾ all boards in full"));
    if (small.length && ref !== null) shareWith = b.seats[ref].name;
    const around = small.length ? h("section", {
      class: "uub-cards", "aria-label": full.length ? "The other seats (click one to open its board)" : "The seats (click one to open its board)",
    }, small.map((p) => compactSeat(h, b, b.seats[p], ref, changed, () => toggle(p, true)))) : null;
    if (full.length) el.append(seats);
    if (around) el.append(around);
  }
  if (!ctx.compact) {
    el.append(h("div", { class: "uub-legend" },
      [0, 1, 2, 3].map((k) => h("span", { class: "uub-legend-item" }, umbrella(h, k), NAMES[k])),
      h("span", { class: "uub-legend-item" }, h("span", { class: "uub-cellkey is-made" }), "figure made"),
      h("span", { class: "uub-legend-item" }, h("span", { class: "uub-cellkey is-need" }), "figure: umbrella still needed (hover a figure)"),
      shareWith ? h("span", { class: "uub-legend-item" }, h("span", { class: "uub-card-zone is-shared" }, h("span", { class: "uub-share-mark" }, "⇄"), "zone"), `shared with ${shareWith}`) : null,
      shareWith ? h("span", { class: "uub-legend-item" }, "click a small seat card to open its full board") : null));
  }
}

function miniFigure(h, cells, cls = "", letter = "") {
  const set = new Set(cells);
  return h("span", { class: `uub-mini ${cls}`, "aria-hidden": "true" },
    Array.from({ length: 16 }, (_, i) => h("span", { class: set.has(i) ? "is-on" : "" }, set.has(i) ? letter : "")));
}

function seatPanel(h, b, seat, ctx, changed, env) {
  const { live, play, redraw, c, ui } = env;
  const mine = live && c.seat === seat.seat;
  const place = `seats › ${seat.name}`;
  const pushes = mine ? (c.pushes || []) : [];
  const anyPushes = mine ? (c.push_any || []) : [];
  const swapsZone = mine ? (c.swap_zone || []) : [];
  const keeps = mine ? (c.keeps || []) : [];

  // highlight on the Stage: made figures always; the hovered figure's best placement
  const made = new Map();
  for (const space of seat.spaces) {
    if (space.best && space.best.made) for (const i of space.best.cells) made.set(i, space.space);
  }
  const scoreOffers = mine ? (c.scores || []) : [];
  const selSpace = mine && ui.space ? seat.spaces[ui.space - 1] : null;
  const offeredSpaces = new Set(scoreOffers.map((o) => o.space));
  const scoreFocus = selSpace ? selSpace.best : (scoreOffers.length && offeredSpaces.size === 1 ? seat.spaces[[...offeredSpaces][0] - 1].best : null);
  const shown = scoreFocus;
  const need = new Set(shown ? shown.missing : []);
  const inFocus = new Set(shown ? shown.cells : []);

  // --- the Stage with arrows and zones ---
  const grid = h("div", { class: "uub-table" });
  const put = (node, row, col, rowSpan = 1, colSpan = 1) => {
    node.style.gridRow = `${row} / span ${rowSpan}`;
    node.style.gridColumn = `${col} / span ${colSpan}`;
    grid.append(node);
  };
  // Stage cells
  const swaps = mine ? (c.swaps || []) : [];
  for (let i = 0; i < 16; i += 1) {
    const colour = seat.grid[i];
    const r = Math.floor(i / 4);
    const col = i % 4;
    let cls = "uub-cell";
    if (made.has(i)) cls += " is-made";
    if (inFocus.has(i)) cls += need.has(i) ? " is-need" : " is-focus";
    if (ui.pick && ui.pick.seat === seat.seat && ui.pick.line !== undefined && lineHas(ui.pick, i)) cls += " is-line";
    let onclick = null;
    let title = `row ${r + 1}, column ${col + 1}: ${NAMES[colour]}`;
    const swapHere = swaps.filter((s) => s.cells.includes(i));
    const zoneSwapHere = ui.pick && ui.pick.kind === "swap-zone" ? swapsZone.find((s) => s.cell === i && s.side === ui.pick.side && s.colour === ui.pick.colour) : null;
    if (zoneSwapHere) {
      cls += " is-target";
      title += ` (click: ${zoneSwapHere.label.replace(/^P\d+: /, "")})`;
      onclick = () => play(zoneSwapHere.id);
    } else if (swapHere.length) {
      if (ui.cell === i) cls += " is-picked";
      const pair = ui.cell !== null && ui.cell !== i ? swaps.find((s) => s.cells.includes(i) && s.cells.includes(ui.cell)) : null;
      if (pair) { cls += " is-target"; onclick = () => play(pair.id); title += " (click to swap)"; }
      else onclick = () => { ui.cell = ui.cell === i ? null : i; redraw(); };
    }
    const cell = h("span", { class: cls, title, dataset: { cell: String(i) }, onclick },
      umbrella(h, colour, { title }));
    put(cell, 3 + r, 3 + col);
  }
  // arrows and zones on each side (the advisor's pick, if asked, shows on its arrow)
  const advised = ctx.advice ? ctx.advice.ids : new Set();
  const clear = Boolean(ctx.advice && ctx.advice.clear);
  for (const [sideIndex, side] of SIDES.entries()) {
    const zone = seat.around[sideIndex];
    // a zone has one name for every seat ("side zone 1"); its side of this Stage stays unsaid
    const zonePhrase = /^(side|P\d)/.test(zone.name) ? zone.name : `the ${zone.name}`;
    const zonePushes = pushes.filter((p) => p.side === side);
    const anySide = anyPushes.filter((p) => p.side === side);
    const pickHere = ui.pick && ui.pick.seat === seat.seat && ui.pick.kind === "push" && (ui.pick.side === side || ui.pick.any);
    for (let line = 0; line < 4; line += 1) {
      const options = (anySide.length ? anySide : zonePushes).filter((p) => p.line === line);
      let pick = null;
      if (pickHere) pick = options.find((p) => p.colour === ui.pick.colour && (!ui.pick.any || p.zone === ui.pick.zone));
      const scores = ui.hints && options.some((p) => p.scores && (!pickHere || p.colour === ui.pick.colour));
      const words = `${PUSH_WORDS[side]} ${line + 1}`;
      const title = !options.length ? `${words}: no umbrella to push from this side`
        : pick ? pick.label.replace(/^P\d+: /, "") : `Push ${words} from ${zonePhrase}`;
      const chooser = ui.chooser && ui.chooser.seat === seat.seat && ui.chooser.side === side && ui.chooser.line === line;
      const tip = options.find((p) => advised.has(p.id));
      const mark = tip ? (clear ? ` is-advised c${tip.colour}` : ` is-leading c${tip.colour}`) : "";
      const tipWords = tip ? `${clear ? "The advisor's best move" : "The advisor's pick (about equal to others)"}: ${tip.label.replace(/^P\d+: /, "")}. ` : "";
      const arrow = h("button", {
        class: `uub-arrow is-${side}${options.length ? "" : " is-off"}${pick ? ` is-armed c${pick.colour}` : ""}${scores ? " is-scoring" : ""}${chooser ? " is-open" : ""}${mark}`,
        type: "button", title: `${tipWords}${title}`, "aria-label": `${tipWords}${title}`, disabled: !options.length,
        dataset: pick ? { id: pick.id } : {},
        onmouseenter: () => { if (options.length) { el_line(grid, side, line, true); } },
        onmouseleave: () => el_line(grid, side, line, false),
        onclick: () => {
          if (pick) { play(pick.id); return; }
          const colours = new Set(options.map((o) => `${o.zone}:${o.colour}`));
          if (colours.size === 1) { play(options[0].id); return; }
          ui.chooser = chooser ? null : { seat: seat.seat, side, line };
          redraw();
        },
      }, h("span", { class: "uub-arrow-glyph", "aria-hidden": "true" }, ARROW[side]),
      pick ? h("span", { class: "uub-arrow-letter" }, LETTERS[pick.colour])
        : tip ? h("span", { class: "uub-arrow-letter" }, LETTERS[tip.colour]) : null,
      scores ? h("span", { class: "uub-star", "aria-hidden": "true" }, "★") : null);
      const wrap = h("span", { class: `uub-arrow-wrap is-${side}` }, arrow);
      if (chooser) {
        const choices = options.map((o) => h("button", {
          class: "uub-choice", type: "button", title: o.label.replace(/^P\d+: /, ""), onclick: () => play(o.id),
        }, umbrella(h, o.colour), ui.hints && o.scores ? h("span", { class: "uub-star" }, "★") : null,
        anySide.length ? h("small", {}, b.zones[o.zone].name) : null));
        wrap.append(h("span", { class: `uub-chooser is-${side}` },
          h("span", { class: "uub-chooser-title" }, anySide.length ? `Which umbrella? (any zone, ${words})` : `From the ${zone.name}, ${words}:`),
          h("span", { class: "uub-chooser-row" }, choices)));
      }
      if (side === "north") put(wrap, 2, 3 + line);
      else if (side === "south") put(wrap, 7, 3 + line);
      else if (side === "west") put(wrap, 3 + line, 2);
      else put(wrap, 3 + line, 7);
    }
    // the zone
    const counts = zone.counts;
    const chips = [];
    for (let k = 0; k < 4; k += 1) {
      for (let n = 0; n < counts[k]; n += 1) {
        const first = n === 0;
        const canPush = first && zonePushes.some((p) => p.colour === k);
        const swapZone = first && swapsZone.some((s) => s.side === side && s.colour === k);
        const keep = false;
        const picked = ui.pick && ui.pick.seat === seat.seat && ui.pick.side === side && ui.pick.colour === k && first;
        const scoring = ui.hints && canPush && zonePushes.some((p) => p.colour === k && p.scores);
        if (canPush || swapZone) {
          chips.push(h("button", {
            class: `uub-chip${picked ? " is-picked" : ""}`, type: "button",
            title: canPush ? `Take a ${NAMES[k]} umbrella from the ${zone.name} and push it ${PUSH_WORDS[side].split(" ")[0]} ${PUSH_WORDS[side].split(" ").slice(1).join(" ")} …`
              : `Swap a ${NAMES[k]} umbrella of the ${zone.name} with one of the Stage (power)`,
            onclick: () => {
              ui.chooser = null;
              ui.pick = picked ? null : { seat: seat.seat, side, colour: k, kind: canPush ? "push" : "swap-zone" };
              redraw();
            },
          }, umbrella(h, k), scoring ? h("span", { class: "uub-star" }, "★") : null));
        } else {
          chips.push(umbrella(h, k, { cls: keep ? "" : "is-still" }));
        }
      }
    }
    const keepHere = keeps.find((k) => k.side === side);
    const shared = zone.shared_with.length ? ` · shared with ${zone.shared_with.join(", ")}` : "";
    const zoneBox = h("div", {
      class: `uub-zone is-${side}${changed(`zones › ${zone.zone}`) || changed(`zones › ${zone.name}`) ? " is-changed" : ""}${zonePushes.length ? " is-source" : ""}${keepHere ? " is-target" : ""}`,
      title: `${zonePhrase[0].toUpperCase()}${zonePhrase.slice(1)}${shared}`,
      onclick: keepHere ? () => play(keepHere.id) : null,
    },
    h("span", { class: "uub-zone-name" }, zone.role === "central" ? "central zone" : zone.name, h("span", { class: "uub-zone-count" }, ` ${counts.reduce((x, y) => x + y, 0)}`)),
    shared ? h("span", { class: "uub-zone-shared" }, shared.slice(3)) : null,
    h("span", { class: "uub-zone-umbrellas" }, chips.length ? chips : h("span", { class: "uub-empty" }, "empty")));
    if (side === "north") put(zoneBox, 1, 3, 1, 4);
    else if (side === "south") put(zoneBox, 8, 3, 1, 4);
    else if (side === "west") put(zoneBox, 3, 1, 4, 1);
    else put(zoneBox, 3, 8, 4, 1);
  }

  // --- figure spaces ---
  const covers = live && c.seat === seat.seat ? (c.covers || []) : [];
  const figures = h("div", { class: "uub-figures" });
  for (const space of seat.spaces) {
    const best = space.best;
    const offers = scoreOffers.filter((o) => o.space === space.space);
    const cover = covers.find((x) => x.space === space.space);
    const selected = mine && ui.space === space.space;
    const status = !space.top ? "empty"
      : best.made ? `made in ${NAMES[best.colour]}` : `${best.right} of ${best.size} in ${NAMES[best.colour]}`;
    figures.append(h(offers.length || cover ? "button" : "div", {
      class: `uub-space${best && best.made ? " is-made" : ""}${offers.length ? " is-offer" : ""}${selected ? " is-picked" : ""}${cover ? " is-target" : ""}${changed(`${place} › spaces › ${space.space}`) ? " is-changed" : ""}`,
      type: offers.length || cover ? "button" : null,
      title: space.top ? `Figure space ${space.space}, pinwheel ${space.pinwheel}°: ${space.top.tile} ${space.top.side}, ${status}${cover ? ` · click: ${cover.label.replace(/^P\d+: /, "")}` : ""}` : `Figure space ${space.space} (${space.pinwheel}°): empty`,
      onmouseenter: () => { if (space.top && !ctx.compact) focusCells(grid, best, true); },
      onmouseleave: () => { if (space.top && !ctx.compact) focusCells(grid, best, false); },
      onclick: cover ? () => play(cover.id) : offers.length ? () => {
        if (offers.length === 1) { play(offers[0].id); return; }
        ui.space = selected ? null : space.space; redraw();
      } : null,
    },
    h("span", { class: "uub-space-head" },
      h("span", { class: "uub-space-n" }, String(space.space)),
      h("span", { class: "uub-pinwheel", style: { transform: `rotate(${space.pinwheel}deg)` }, title: `pinwheel ${space.pinwheel}°`, "aria-hidden": "true" }, "↑"),
      h("span", { class: "uub-space-angle" }, `${space.pinwheel}°`)),
    space.top ? miniFigure(h, space.cells, best && best.made ? `is-made c${best.colour}` : "") : h("span", { class: "uub-mini is-empty" }, "empty"),
    h("span", { class: "uub-space-tile" }, space.top ? `${space.top.tile} ${space.top.side}` : "\u00a0",
      space.under ? h("span", { class: "uub-under", title: "Tiles hidden under this one" }, ` +${space.under} hidden`) : null),
    h("span", { class: `uub-space-status${best && best.made ? " is-made" : ""}` }, space.top ? (best.made ? `✓ made ${LETTERS[best.colour]}` : `${best.right} of ${best.size} ${LETTERS[best.colour]}`) : "\u00a0"),
    offers.length ? h("span", { class: "uub-space-cta" }, offers.length === 1 ? "click: score" : offeredSpaces.size === 1 || selected ? "pick a spot below" : "click, then a spot") : null,
    cover ? h("span", { class: "uub-space-cta" }, "click: cover") : null));
  }

  // --- Scoreboard ---
  const sb = seat.scoreboard;
  const spotOffers = scoreOffers.filter((o) => !ui.space || o.space === ui.space);
  const groupsLetters = "ABCDEFGH";
  const spots = h("div", { class: "uub-spots", style: { gridTemplateColumns: `repeat(${sb.columns}, 1fr)` } });
  for (const cell of sb.cells) {
    const offers = spotOffers.filter((o) => o.index === cell.index);
    const offer = offers.length === 1 ? offers[0] : null;
    const fill = cell.white >= 0 ? "is-white" : cell.colours.length === 2 ? `is-two c${cell.colours[0]}-${cell.colours[1]}` : `c${cell.colours[0]}`;
    const letter = cell.white >= 0 ? "" : cell.colours.map((k) => LETTERS[k]).join("/");
    const spot = h(offers.length ? "button" : "span", {
      class: `uub-spot ${fill}${cell.token ? " has-token" : ""}${offers.length ? " is-offer" : ""}${changed(`${place} › scoreboard › spots`) && cell.token ? "" : ""}`,
      type: offers.length ? "button" : null,
      style: { gridRow: String(cell.row), gridColumn: String(cell.column) },
      title: `Spot ${cell.number}: ${cell.words}${cell.group >= 0 ? `, group ${groupsLetters[cell.group]}` : ""}${cell.token ? " · token" : ""}${offer ? ` · click: ${offer.label.replace(/^P\d+: /, "")}` : offers.length ? " · click a figure space first" : ""}`,
      onclick: offer ? () => play(offer.id) : offers.length ? () => { ui.space = offers[0].space; redraw(); } : null,
    },
    cell.white >= 0 ? h("span", { class: "uub-white-arrow", style: { transform: `rotate(${cell.white}deg)` } }, "↑") : h("span", { class: "uub-spot-letter" }, letter),
    cell.white >= 0 ? h("span", { class: "uub-white-angle" }, `${cell.white}°`) : null,
    h("span", { class: "uub-spot-n" }, String(cell.number)),
    cell.group >= 0 ? h("span", { class: "uub-spot-group" }, groupsLetters[cell.group]) : null,
    cell.token ? h("span", { class: "uub-spot-token", role: "img", "aria-label": "token" }) : null);
    spots.append(spot);
  }
  const groups = sb.groups.map((g, i) => h("span", { class: `uub-group${g.complete ? " is-complete" : ""}`, title: `Group ${groupsLetters[i]}: spots ${g.spots.join(", ")}; +${g.bonus} at the end if all are filled (board.groups)` },
    `${groupsLetters[i]} +${g.bonus}`, g.complete ? " ✓" : ""));
  const powers = sb.powers.map((pw) => h("span", { class: `uub-group is-power${pw.active ? " is-complete" : ""}`, title: `${pw.words}: when spots ${pw.spots.join(" and ")} are both filled (${pw.rule})` },
    `${pw.words} (${pw.spots.join("–")})`, pw.active ? " ✓" : ""));
  const adjacency = sb.scoring === "adjacency" ? h("span", { class: "uub-group", title: "board.adjacency: 2 neighbouring tokens +3, 3 +5, 4 or more +8" },
    `neighbours: ${(sb.neighbour_groups || []).filter((n) => n > 1).join(", ") || "none"} (2 = +3, 3 = +5, 4+ = +8)`) : null;
  const scoreboard = h("div", { class: `uub-scoreboard${changed(`${place} › scoreboard`) ? " is-changed" : ""}` },
    h("div", { class: "uub-sub" }, `Scoreboard · ${sb.name || `level ${b.level}`}`, h("span", { class: "uub-sub-note" }, ` · ${seat.tokens} token${seat.tokens === 1 ? "" : "s"}`)),
    spots, h("div", { class: "uub-groups" }, groups, powers, adjacency));

  // --- header and score ---
  const parts = seat.score_parts.map((part) => h("span", { class: `uub-part${part.points < 0 ? " is-minus" : ""}`, title: part.rule }, `${part.what}: ${part.points >= 0 ? "+" : "−"}${Math.abs(part.points)}`));
  const head = h("div", { class: "uub-seat-head" },
    h("span", { class: "uub-seat-name" }, seat.name),
    h("span", { class: "uub-seat-board" }, `board ${seat.board}`),
    seat.to_act ? h("span", { class: "uub-turn" }, "to play") : null,
    env.fold || null,
    h("span", { class: `uub-score${changed(`${place} › score`) ? " is-changed" : ""}`, title: "Score if the game ended now (end.score)" },
      h("span", { class: "uub-score-n" }, String(seat.score)), " points"));
  return h("section", { class: `uub-seat${seat.to_act ? " is-acting" : ""}`, dataset: { seat: String(seat.seat) } },
    head,
    h("div", { class: "uub-parts" }, parts, seat.achievement ? h("span", { class: "uub-part" }, `achievement: “${seat.achievement}”`) : null),
    h("div", { class: "uub-seat-body" },
      h("div", { class: "uub-stage-col" }, grid),
      h("div", { class: "uub-side-col" },
        h("div", { class: "uub-figblock" },
          h("div", { class: "uub-sub" }, "Figure spaces", h("span", { class: "uub-sub-note" }, " · hover to see the figure on the Stage")),
          figures),
        scoreboard)));
}

// A seat as a small card: score and tokens, a small Stage, the Figure spaces and the Scoreboard
// in brief, and its zones (those shared with the seat to play marked ⇄). A click opens its board.
function compactSeat(h, b, seat, ref, changed, open) {
  const place = `seats › ${seat.name}`;
  const sum = seat.summary;
  const shared = new Set(ref !== null && ref !== seat.seat ? seat.shares[ref].map((z) => z.zone) : []);
  const refName = ref !== null ? b.seats[ref].name : "";
  const stage = h("div", { class: `uub-card-stage${changed(`${place} › stage`) ? " is-changed" : ""}`, role: "img", "aria-label": `${seat.name}'s Stage: ${[0, 1, 2, 3].map((r) => seat.grid.slice(r * 4, r * 4 + 4).map((k) => LETTERS[k]).join("")).join(" / ")}` },
    seat.grid.map((k, i) => umbrella(h, k, { title: `row ${Math.floor(i / 4) + 1}, column ${(i % 4) + 1}: ${NAMES[k]}`, "aria-hidden": "true" })));
  const figures = h("div", { class: "uub-card-figs" }, seat.spaces.map((space) => {
    const best = space.best;
    const status = !space.top ? "—" : best.made ? `✓ ${LETTERS[best.colour]}` : `${best.right}/${best.size} ${LETTERS[best.colour]}`;
    return h("span", {
      class: `uub-card-fig${best && best.made ? " is-made" : ""}${changed(`${place} › spaces › ${space.space}`) ? " is-changed" : ""}`,
      title: space.top ? `Figure space ${space.space}: ${space.top.tile} ${space.top.side}, ${best.made ? `made in ${NAMES[best.colour]}` : `${best.right} of ${best.size} in ${NAMES[best.colour]}`}${space.under ? `, +${space.under} hidden` : ""}` : `Figure space ${space.space}: empty`,
    }, space.top ? miniFigure(h, space.cells, best && best.made ? `is-made c${best.colour}` : "") : h("span", { class: "uub-mini is-empty" }),
    h("span", { class: "uub-card-fig-status" }, status));
  }));
  const sb = seat.scoreboard;
  const spots = h("div", { class: "uub-card-spots", style: { gridTemplateColumns: `repeat(${sb.columns}, 1fr)` } },
    sb.cells.map((cell) => {
      const fill = cell.white >= 0 ? "is-white" : cell.colours.length === 2 ? `is-two c${cell.colours[0]}-${cell.colours[1]}` : `c${cell.colours[0]}`;
      return h("span", {
        class: `uub-card-spot ${fill}${cell.token ? " has-token" : ""}`,
        style: { gridRow: String(cell.row), gridColumn: String(cell.column) },
        title: `Spot ${cell.number}: ${cell.words}${cell.token ? " · token" : " · free"}`,
      }, cell.token ? "●" : cell.white >= 0 ? "W" : cell.colours.map((k) => LETTERS[k]).join(""));
    }));
  const zones = h("div", { class: "uub-card-zones" }, seat.around.map((zone) => {
    const here = shared.has(zone.zone);
    const total = zone.counts.reduce((x, y) => x + y, 0);
    return h("span", {
      class: `uub-card-zone${here ? " is-shared" : ""}${changed(`zones › ${zone.zone}`) || changed(`zones › ${zone.name}`) ? " is-changed" : ""}`,
      title: `${zone.name[0].toUpperCase()}${zone.name.slice(1)}: ${total} umbrella${total === 1 ? "" : "s"}${zone.shared_with.length ? ` · shared with ${zone.shared_with.join(", ")}` : ""}`,
    }, here ? h("span", { class: "uub-share-mark", role: "img", "aria-label": `shared with ${refName}` }, "⇄") : null, zone.short, h("b", { class: "uub-card-zone-n" }, String(total)));
  }));
  const label = `${seat.name}, board ${seat.board}, ${seat.score} points: open the full board`;
  const opens = typeof open === "function";
  return h("div", {
    class: `uub-card${seat.active ? " is-active" : ""}${opens ? "" : " is-still"}${changed(place) ? " is-changed" : ""}`,
    role: opens ? "button" : null, tabindex: opens ? "0" : null, "aria-expanded": opens ? "false" : null,
    "aria-label": opens ? label : `${seat.name}, board ${seat.board}, ${seat.score} points`,
    title: opens ? "Click to open this seat's full board" : null, dataset: { seat: String(seat.seat) },
    onclick: opens ? open : null,
    onkeydown: opens ? (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); open(); } } : null,
  },
  h("div", { class: "uub-card-head" },
    h("span", { class: "uub-card-name" }, seat.name),
    h("span", { class: "uub-seat-board" }, `board ${seat.board}`),
    h("span", { class: `uub-card-tokens${changed(`${place} › tokens`) ? " is-changed" : ""}`, title: `${seat.tokens} scoring token${seat.tokens === 1 ? "" : "s"} placed` },
      h("b", {}, String(seat.tokens)), ` token${seat.tokens === 1 ? "" : "s"}`),
    h("span", { class: `uub-card-score${changed(`${place} › score`) ? " is-changed" : ""}`, title: seat.score_parts.map((part) => `${part.what}: ${part.points}`).join("\n") },
      h("b", {}, String(seat.score)), " pts"),
    opens ? h("span", { class: "uub-card-open", "aria-hidden": "true", title: "Open the full board" }, "▾") : null),
  h("div", { class: "uub-card-body" },
    stage,
    h("div", { class: "uub-card-col" },
      h("div", { class: "uub-card-label" }, "Figures"),
      figures),
    h("div", { class: "uub-card-col" },
      h("div", { class: `uub-card-label${changed(`${place} › scoreboard`) ? " is-changed" : ""}` }, "Scoreboard ", h("span", { class: "uub-card-muted" }, `${sum.spots_filled}/${sum.spots}`)),
      spots)),
  zones);
}

// Show where a figure sits best on the Stage while its space is hovered (no redraw).
function focusCells(grid, best, on) {
  const cells = new Set(best.cells);
  const missing = new Set(best.missing);
  for (const node of grid.querySelectorAll(".uub-cell")) {
    const i = Number(node.dataset.cell);
    node.classList.toggle("is-hover-focus", on && cells.has(i) && !missing.has(i));
    node.classList.toggle("is-hover-need", on && missing.has(i));
  }
}

function lineHas(pick, i) {
  const r = Math.floor(i / 4);
  const col = i % 4;
  return pick.side === "north" || pick.side === "south" ? col === pick.line : r === pick.line;
}

// Light up the line an arrow would push (no redraw: plain class toggles).
function el_line(grid, side, line, on) {
  for (const node of grid.querySelectorAll(".uub-cell")) {
    const i = Number(node.dataset.cell);
    const hit = side === "north" || side === "south" ? i % 4 === line : Math.floor(i / 4) === line;
    node.classList.toggle("is-line", on && hit);
  }
}

export default { render };
