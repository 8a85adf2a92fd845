"""Pictures of a Pig table: a JSON-able snapshot, a text picture and an HTML picture.

Nothing is hidden in Pig, so every seat sees the whole table.
"""

from __future__ import annotations

import html
from typing import Any

from umbrella_lab.games.pig.rules import PigState


def snapshot(s: PigState, seat: int | None = None) -> dict[str, Any]:
    """The table as plain data (the same for every seat: nothing is hidden)."""
    return {
        "goal": s.goal,
        "players": [
            {"seat": p, "name": s.name(p), "score": score, "active": p == s.active}
            for p, score in enumerate(s.scores)
        ],
        "turn_total": s.turn_total,
        "rolling": s.rolling,
        "die": [{"id": f.id, "value": f.value, "pig": f.pig} for f in s.die.faces],
        "turns": s.turns,
        "rolls": s.rolls,
        "result": s.outcome.to_dict() if s.outcome else None,
    }


def to_text(s: PigState, seat: int | None = None) -> str:
    """A few lines: each score as a bar towards the goal, and the turn so far."""
    lines = []
    for p, score in enumerate(s.scores):
        bar = "#" * (20 * min(score, s.goal) // s.goal)
        mark = ">" if p == s.active and not s.outcome else " "
        lines.append(f"{mark} {s.name(p)} {score:>3} |{bar:<20}| {s.goal}")
    if s.outcome:
        lines.append(s.outcome.reason)
    else:
        state = "the die is rolling" if s.rolling else "to roll or hold"
        lines.append(f"{s.name(s.active)}'s turn: turn total {s.turn_total}, {state}")
    return "\n".join(lines)


def to_html(s: PigState) -> str:
    """The scores as bars towards the goal, for a notebook."""
    rows = []
    for p, score in enumerate(s.scores):
        width = 100 * min(score, s.goal) // s.goal
        here = p == s.active and not s.outcome
        weight = "bold" if here else "normal"
        rows.append(
            f'<div style="font-weight:{weight}">{html.escape(s.name(p))}: {score}'
            f'<div style="background:#eee;width:240px;height:10px">'
            f'<div style="background:#c0392b;width:{width}%;height:10px"></div></div></div>'
        )
    tail = s.outcome.reason if s.outcome else f"turn total {s.turn_total}"
    return f'<div class="pig">{"".join(rows)}<div>{html.escape(tail)}</div></div>'
