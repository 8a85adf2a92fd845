"""The explorer's board for Pig: the view model and its registration.

A template for a game's board: the view model is ``state.to_dict(seat)`` plus what the board
needs to draw and to play (the moves it offers as buttons, by action id); the drawing is
``static/board-pig.js``.
"""

from __future__ import annotations

from typing import Any

from umbrella_lab.engine.core import CHANCE, State
from umbrella_lab.widgets.views import BoardView, register_view


def board(state: State, seat: int | None = None) -> dict[str, Any]:
    """The table as the board renderer draws it: scores, the turn at risk, the die."""
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


VIEW = register_view(
    BoardView(
        game="pig",
        model=board,
        js="board-pig.js",
        css="board-pig.css",
        groups={"Roll": ("roll",), "Hold": ("hold",), "The die": ("face",)},
        seats=lambda state: [f"P{seat + 1}" for seat in range(state.game.players)],
        quiet=("rolls", "turns", "active"),
    )
)
