// Fallback board for a game without a board of its own: the state's text picture
// (view model: umbrella_lab.widgets.views.text_model).

export function render(el, board, ctx) {
  el.append(ctx.h("pre", { class: "ulx-board-text" }, board.text || ""));
}

export default { render };
