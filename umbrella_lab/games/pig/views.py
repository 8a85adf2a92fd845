"""Pig's pictures: the table as plain data and as text (``state.to_dict()``, ``to_text()``).

Nothing is hidden in Pig, so every seat sees the whole table and ``seat`` changes nothing. A
notebook shows a state as its text picture: the scores already read as bars. (The explorer's
board is ``board.py``, drawn by ``static/board.js``.)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, cast

from umbrella_lab.engine.parts import Played

from .rules import Face, Hold, Roll
from .state import PigState


def snapshot(s: PigState, seat: int | None = None) -> dict[str, Any]:
    """The table as plain data (``state.to_dict()``)."""
    players = [{"seat": p, "name": s.seat_name(p), "score": score, "active": p == s.active}
               for p, score in enumerate(s.scores)]  # fmt: skip
    return {"goal": s.goal, "players": players, "turn_total": s.turn_total, "rolling": s.rolling,
            "die": [{"id": f.id, "value": f.value, "pig": f.pig} for f in s.die],
            "turns": s.turns, "rolls": s.rolls,
            "result": s.outcome.to_dict() if s.outcome else None}  # fmt: skip


def to_text(s: PigState, seat: int | None = None) -> str:
    """Each score as a bar towards the goal, then the turn so far (``state.to_text()``)."""
    lines = [f"{'>' if p == s.active and not s.outcome else ' '} {s.seat_name(p)} {score:>3} "
             f"|{'#' * (20 * min(score, s.goal) // s.goal):<20}| {s.goal}"
             for p, score in enumerate(s.scores)]  # fmt: skip
    doing = "the die is rolling" if s.rolling else "to roll or hold"
    turn = f"{s.seat_name(s.active)}'s turn: turn total {s.turn_total}, {doing}"
    return "\n".join([*lines, s.outcome.reason if s.outcome else turn])


# --- Each seat's part in a game, in Pig's own counts (the class table's summary) --------------
def part(played: Played) -> Iterator[tuple[int, str, int]]:
    """What one move did for whom, in Pig's own counts.

    Rolls [turn.roll], points banked and holds [turn.hold], pigs rolled and the points they
    cost [turn.pig].
    """
    before, move = cast(PigState, played.before), played.move
    if isinstance(move, Roll):
        yield move.seat, "rolls", 1
    elif isinstance(move, Hold):
        yield move.seat, "points banked", before.turn_total
        yield move.seat, "holds", 1
    elif isinstance(move, Face) and before.die[move.face].pig:
        yield before.active, "pigs rolled", 1
        yield before.active, "points lost to pigs", before.turn_total
