"""Charts of exact play: where the optimal Pig player stops rolling.

>>> from umbrella_lab import sim
>>> chart = sim.solve("pig").chart()
>>> chart.to_dict()["mark"]["type"]
'rect'
"""

from __future__ import annotations

import altair as alt
import pandas as pd

from umbrella_lab.charts.theme import SEQUENTIAL
from umbrella_lab.sim.stats import require_columns

Chart = alt.TopLevelMixin


def hold_boundary_chart(
    frame: pd.DataFrame, *, title: str | None = None, first: float | None = None
) -> Chart:
    """A heat map of the turn total at which the optimal Pig player holds.

    Args:
        frame: ``Solution.boundary()`` of two-player Pig: ``score``, ``opponent``, ``hold_at``
            and ``win`` (the win probability at the start of the turn).
        title: The chart's title.
        first: The first player's win probability from the start, said in the subtitle.

    Returns:
        An altair chart: one cell per pair of banked scores (across: the player's own, up:
        the opponent's), coloured by the turn total at which the player holds; hovering a cell
        shows its win probability.
    """
    require_columns(frame, ["score", "opponent", "hold_at", "win"])
    data = frame[["score", "opponent", "hold_at", "win"]]
    goal = int(data["score"].max()) + 1 if len(data) else 0
    ticks = list(range(0, goal, 10))
    said = f"P1 wins {first:.2%} of games from the start. " if first is not None else ""
    subtitle = (
        f"{said}Colour: the turn total at which the optimal player holds, by both banked "
        "scores. The 'hold at 20' player would be one flat colour."
    )
    return (
        alt.Chart(data)
        .mark_rect()
        .encode(
            x=alt.X("score:O", title="Your banked score", axis=alt.Axis(values=ticks)),
            y=alt.Y(
                "opponent:O",
                title="Opponent's banked score",
                sort="descending",
                axis=alt.Axis(values=ticks),
            ),
            color=alt.Color(
                "hold_at:Q", title="Hold at turn total", scale=alt.Scale(scheme=SEQUENTIAL)
            ),
            tooltip=[
                alt.Tooltip("score:O", title="Your score"),
                alt.Tooltip("opponent:O", title="Opponent's score"),
                alt.Tooltip("hold_at:Q", title="Hold at"),
                alt.Tooltip("win:Q", title="Chance to win", format=".1%"),
            ],
        )
        .properties(
            width=alt.Step(4),
            height=alt.Step(4),
            title=alt.Title(title or "When the optimal player holds", subtitle=subtitle),
        )
    )
