"""Charts of exact play: where the optimal Pig player stops rolling.

>>> from umbrella_lab import charts, sim
>>> chart = charts.hold_boundary_chart(sim.solve("pig", goal=50))
>>> chart.to_dict(validate=False)["mark"]["type"]
'rect'
"""

from __future__ import annotations

import altair as alt
import pandas as pd

from umbrella_lab.charts.theme import SEQUENTIAL
from umbrella_lab.sim.solve import Solution
from umbrella_lab.sim.stats import require_columns

Chart = alt.TopLevelMixin


def hold_boundary_chart(
    solution: Solution | pd.DataFrame, *, title: str | None = None, first: float | None = None
) -> Chart:
    """A heat map of the turn total at which the optimal Pig player holds.

    Neller and Presser draw the same boundary as a surface ("Optimal Play of the Dice Game
    Pig", 2004); here each cell is a pair of banked scores and its colour the turn total.

    Args:
        solution: Two-player Pig solved with :func:`umbrella_lab.sim.solve`, or its
            ``boundary()`` table: ``score``, ``opponent``, ``hold_at`` and ``win`` (the win
            probability at the start of the turn).
        title: The chart's title (by default it names the goal).
        first: The first player's win probability from the start, said in the subtitle (taken
            from the solution when one is given).

    Returns:
        An altair chart: one cell per pair of banked scores (across: the player's own, up:
        the opponent's), coloured by the turn total at which the player holds; hovering a cell
        shows its win probability.
    """
    if isinstance(solution, Solution):
        frame = solution.boundary()
        first = solution.first_player_wins if first is None else first
    else:
        frame = solution
    require_columns(frame, ["score", "opponent", "hold_at", "win"])
    data = frame[["score", "opponent", "hold_at", "win"]]
    goal = int(data["score"].max()) + 1 if len(data) else 0
    ticks = list(range(0, goal, 10))
    said = [f"P1 wins {first:.2%} of games from the start."] if first is not None else []
    subtitle = [  # short lines: the map is narrow, and a long line widens the chart past a screen
        *said,
        "Colour: the turn total at which the optimal player holds,",
        "by both banked scores. The 'hold at 20' player would be one flat colour.",
    ]
    # The values go inline: Pig to 100 has 10,000 cells, beyond altair's default row limit.
    values = alt.Data(values=data.to_dict(orient="records"))
    return (
        alt.Chart(values)
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
            title=alt.Title(
                title or f"When the optimal player holds (Pig to {goal})", subtitle=subtitle
            ),
        )
    )
