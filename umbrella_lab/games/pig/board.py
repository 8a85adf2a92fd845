"""The explorer's board for Pig: the view model and its BoardView.

A template for a game's board: the view model is ``state.to_dict(seat)`` plus what the board
needs to draw and to play (the moves it offers as buttons, by action id); the drawing is
``static/board.js``.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from umbrella_lab.engine.board import BoardView
from umbrella_lab.engine.core import CHANCE, State

if TYPE_CHECKING:
    from .state import PigState


def board(state: State, seat: int | None = None) -> dict[str, Any]:
    """The table as the board renderer draws it: scores, the turn at risk, the die."""
    state = cast("PigState", state)
    data = state.to_dict(seat)
    data["title"] = state.game.info.title
    moves = {action.kind: action for action in state.legal_actions()}
    data["buttons"] = [
        {"id": action.id, "kind": kind, "label": action.label}
        for kind, action in moves.items()
        if kind in ("roll", "hold")
    ]
    odds = state.chance_outcomes() if state.to_act == CHANCE else []
    data["faces"] = [
        {**face, "id": action.id, "odds": f"{p.numerator}/{p.denominator}"}
        for face, (action, p) in zip(data["die"], odds, strict=False)
    ] or [{**face, "id": "", "odds": ""} for face in data["die"]]
    if data["result"]:
        data["decides"] = data["result"]["reason"]
    elif state.to_act == CHANCE:
        data["decides"] = "The die is rolling: luck decides (or click a face to force it)"
    else:
        name = data["players"][state.active]["name"]
        if state.turn_total:
            data["decides"] = f"{name} rolls again or holds: {state.turn_total} at risk"
        else:
            data["decides"] = f"{name} to roll"
    return data


def picture(state: State) -> str:
    """The table as static HTML (inline styles): score bars towards the goal, the die."""
    data = state.to_dict()
    goal = data["goal"]
    rows = []
    for player in data["players"]:
        banked = min(player["score"], goal)
        active = player["active"] and not data["result"]
        risk = min(data["turn_total"], goal - banked) if active else 0
        rows.append(
            '<div style="display:flex;align-items:center;gap:10px;margin:4px 0">'
            f'<span style="width:36px;font-weight:{700 if active else 400}">'
            f"{html.escape(player['name'])}</span>"
            '<span style="display:flex;width:320px;height:14px;background:#eef0f2;'
            'border-radius:7px;overflow:hidden">'
            f'<span style="width:{100 * banked / goal:.1f}%;background:#2c6e76"></span>'
            f'<span style="width:{100 * risk / goal:.1f}%;background:#e69f00"></span></span>'
            f"<span>{player['score']}"
            + (f' <span style="color:#9a5b00">+{data["turn_total"]} at risk</span>' if risk else "")
            + "</span></div>"
        )
    faces = "".join(
        '<span style="display:inline-block;min-width:26px;padding:3px 6px;margin-right:4px;'
        "border-radius:6px;text-align:center;border:1px solid "
        + ("#a8332a;color:#a8332a" if face["pig"] else "#bcc3cc")
        + f'">{face["value"]}</span>'
        for face in data["die"]
    )
    tail = data["result"]["reason"] if data["result"] else board(state)["decides"]
    return (
        f'<div style="font-size:14px"><div style="color:#5f6975">goal {goal}</div>{"".join(rows)}'
        f'<div style="margin-top:8px">The die: {faces} (red: a pig)</div>'
        f'<div style="margin-top:6px;font-weight:600">{html.escape(tail)}</div></div>'
    )


STATIC = Path(__file__).parent / "static"
"""The board's renderer and style sheet: ``static/board.js`` and ``static/board.css``."""


BOARD = BoardView(
    game="pig",
    model=board,
    js=STATIC / "board.js",
    css=STATIC / "board.css",
    groups={"Roll": ("roll",), "Hold": ("hold",), "The die": ("face",)},
    seats=lambda state: [f"P{seat + 1}" for seat in range(state.game.players)],
    quiet=("rolls", "turns", "active"),
    picture=picture,
)
