// Board renderer for Pig (view model: board.py beside this folder), the template game.
//
// render(el, board, ctx): draw the whole table into `el`. `ctx.h` makes elements,
// `ctx.changed` holds the places the last move changed, `ctx.compact` asks for the small
// version, `ctx.ruleChip(id)` makes a rule id chip, `ctx.act(id)` plays a legal move.

export function render(el, b, ctx) {
  const { h } = ctx;
  const changed = (place) => [...ctx.changed].some((p) => p === place || p.startsWith(`${place} › `));
  el.classList.add("upg");
  if (ctx.compact) el.classList.add("upg-compact");

  if (b.result) {
    el.append(h("div", { class: "upg-result" }, h("span", { class: "upg-result-why" }, b.result.reason),
      ctx.compact ? null : ctx.ruleChip(b.result.rule)));
  } else if (!ctx.compact) {
    el.append(h("div", { class: "upg-decides" }, h("span", { "aria-hidden": "true" }, "➜ "), b.decides));
  }

  // --- the scores, each a bar towards the goal; the turn total at risk on the active one ----
  const rows = h("div", { class: "upg-scores" });
  for (const p of b.players) {
    const banked = Math.min(p.score, b.goal);
    const risk = p.active && !b.result ? Math.min(b.turn_total, b.goal - banked) : 0;
    const winner = b.result && b.result.winners.includes(p.seat);
    rows.append(h("div", {
      class: `upg-row${p.active && !b.result ? " is-active" : ""}${winner ? " is-winner" : ""}${changed(`players › ${p.name}`) ? " is-changed" : ""}`,
      title: `${p.name}: ${p.score} banked` + (risk ? `, ${b.turn_total} more at risk this turn` : ""),
    },
    // who plays and who won, told by a mark as well as by colour
    h("span", { class: "upg-name" }, p.active && !b.result ? h("span", { class: "upg-mark", title: "to play" }, "▸") : null,
      winner ? h("span", { class: "upg-mark", title: "the winner" }, "★") : null, p.name),
    h("span", { class: "upg-bar" },
      h("span", { class: "upg-banked", style: `width:${(100 * banked) / b.goal}%` }),
      h("span", { class: "upg-risk", style: `width:${(100 * risk) / b.goal}%` })),
    h("span", { class: "upg-score" }, String(p.score), risk ? h("span", { class: "upg-plus" }, ` +${b.turn_total}`) : null)));
  }
  rows.append(h("div", { class: "upg-goal" }, `goal ${b.goal}`));
  el.append(rows);

  // --- the die: its faces (pigs marked), their odds while it rolls; roll and hold -------------
  const rolling = b.rolling && !b.result;
  const die = h("div", { class: `upg-die${rolling ? " is-rolling" : ""}` });
  for (const face of b.faces) {
    const force = rolling && face.id && ctx.act;
    die.append(h(force ? "button" : "span", {
      class: `upg-face${face.pig ? " is-pig" : ""}`, type: force ? "button" : undefined,
      title: face.pig ? `${face.value}: a pig, the turn total is lost` : `${face.value}: adds ${face.value}`,
      onclick: force ? () => ctx.act(face.id) : null,
    }, h("span", { class: "upg-face-value" }, String(face.value)),
    face.pig ? h("span", { class: "upg-face-pig" }, "pig") : null,
    face.odds ? h("span", { class: "upg-odds" }, face.odds) : null));
  }
  const buttons = !ctx.compact && ctx.act
    ? b.buttons.map((button) => h("button", {
      class: `upg-btn is-${button.kind}`, type: "button", title: button.label,
      onclick: () => ctx.act(button.id),
    }, button.label.replace(/^P\d+: /, "")))
    : [];
  el.append(h("div", { class: "upg-table" }, die, buttons.length ? h("div", { class: "upg-buttons" }, ...buttons) : null));
}

// `reuse`: no handler here holds on to a node it drew, so the explorer may keep the nodes that
// did not change from one draw to the next (a click redraws only what it changed).
export const reuse = true;

export default { render, reuse };
