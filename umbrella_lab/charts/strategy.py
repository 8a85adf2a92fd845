"""Charts of tournaments: ratings, who beats whom, and the ladder of a co-operative game.

Each function takes a :class:`~umbrella_lab.sim.tournament.Tournament` (or the table it
holds) and returns an altair chart; every interval drawn is a 95% range.

>>> from umbrella_lab import sim, charts
>>> result = sim.tournament("pig", ["random", "heuristic"], n=10, bootstrap=20)
>>> charts.ratings_chart(result).to_dict()["layer"][0]["mark"]["type"]
'rule'
"""

from __future__ import annotations

import altair as alt
import pandas as pd

from umbrella_lab.charts.theme import BLUE, GREY, INK, SEQUENTIAL, interval
from umbrella_lab.sim.stats import require_columns
from umbrella_lab.sim.tournament import ELO_MEAN, Tournament

Chart = alt.TopLevelMixin


def _table(source: Tournament | pd.DataFrame, part: str) -> pd.DataFrame:
    if isinstance(source, Tournament):
        return getattr(source, part)
    if isinstance(source, pd.DataFrame):
        return source
    msg = (
        f"give a tournament (sim.tournament(...)) or its {part} table, not {type(source).__name__}"
    )
    raise TypeError(msg)


def ratings_chart(result: Tournament | pd.DataFrame, *, title: str | None = None) -> Chart:
    """Each policy's rating as a point with its 95% bootstrap range, best on top.

    Args:
        result: A tournament of a competitive game, or its ``ratings`` table.
        title: The chart's title.

    Returns:
        A layered altair chart; the grey line marks the mean rating.
    """
    table = _table(result, "ratings")
    require_columns(table, ["policy", "rating", "low", "high", "score"])
    data = table.copy()
    data["low"] = data["low"].fillna(data["rating"])
    data["high"] = data["high"].fillna(data["rating"])
    data["shown"] = [f"{r:.0f}" for r in data["rating"]]
    order = list(data["policy"])
    y = alt.Y("policy:N", title=None, sort=order, axis=alt.Axis(labelLimit=300))
    base = alt.Chart(data)
    spread = base.mark_rule(color=INK, strokeWidth=2).encode(
        y=y, x=alt.X("low:Q", title="Rating (Elo scale)", scale=alt.Scale(zero=False)), x2="high:Q"
    )
    points = base.mark_point(filled=True, size=120, color=BLUE).encode(
        y=y,
        x="rating:Q",
        tooltip=[
            alt.Tooltip("policy:N", title="Policy"),
            alt.Tooltip("rating:Q", title="Rating", format=".0f"),
            alt.Tooltip("low:Q", title="95% range from", format=".0f"),
            alt.Tooltip("high:Q", title="to", format=".0f"),
            alt.Tooltip("score:Q", title="Points per game", format=".1%"),
        ],
    )
    text = base.mark_text(align="left", dx=8, dy=-10, color=INK).encode(
        y=y, x="rating:Q", text="shown:N"
    )
    mean = (
        alt.Chart(pd.DataFrame({"mean": [ELO_MEAN]}))
        .mark_rule(color=GREY, strokeDash=[4, 4])
        .encode(x="mean:Q")
    )
    return (spread + points + text + mean).properties(
        height=alt.Step(34),
        title=alt.Title(
            title or "Who is strongest? Ratings from every pairing",
            subtitle="Bradley-Terry ratings, 200 points apart: the stronger scores about 76%. "
            "Black lines: 95% range (resampling the seeds).",
        ),
    )


def pairings_chart(result: Tournament | pd.DataFrame, *, title: str | None = None) -> Chart:
    """Who beats whom: each policy's score against each opponent, as a heat map.

    Args:
        result: A tournament of a competitive game, or its ``table``.
        title: The chart's title.

    Returns:
        A layered altair chart: one cell per pairing (row: the policy, column: its opponent),
        coloured and labelled by the score, with the 95% range on hover.
    """
    table = _table(result, "table")
    require_columns(table, ["policy", "opponent", "games", "score", "low", "high"])
    data = table.copy()
    data["shown"] = [f"{s:.0%}" for s in data["score"]]
    data["range"] = [
        f"{lo:.1%} to {hi:.1%}" for lo, hi in zip(data["low"], data["high"], strict=True)
    ]
    order = list(_table(result, "ratings")["policy"]) if isinstance(result, Tournament) else None
    order = order or sorted(set(data["policy"]))
    base = alt.Chart(data)
    x = alt.X("opponent:N", title="Against", sort=order, axis=alt.Axis(labelAngle=0))
    y = alt.Y("policy:N", title="Policy", sort=order)
    cells = base.mark_rect().encode(
        x=x,
        y=y,
        color=alt.Color(
            "score:Q",
            title="Score",
            scale=alt.Scale(scheme=SEQUENTIAL, domain=[0, 1]),
            legend=alt.Legend(format="%"),
        ),
        tooltip=[
            alt.Tooltip("policy:N", title="Policy"),
            alt.Tooltip("opponent:N", title="Against"),
            alt.Tooltip("games:Q", title="Games", format=","),
            alt.Tooltip("score:Q", title="Score (wins + half the draws)", format=".1%"),
            alt.Tooltip("range:N", title="95% range"),
        ],
    )
    text = base.mark_text(fontSize=14, fontWeight="bold").encode(
        x=x,
        y=y,
        text="shown:N",
        color=alt.condition(alt.datum.score < 0.5, alt.value("white"), alt.value("black")),
    )
    games = int(data["games"].min()) if len(data) else 0
    return (cells + text).properties(
        width=alt.Step(90),
        height=alt.Step(44),
        title=alt.Title(
            title or "Who beats whom?",
            subtitle=f"At least {games:,} games per pairing, seats rotated, the same seeds "
            "for every pairing.",
        ),
    )


def ladder_chart(result: Tournament | pd.DataFrame, *, title: str | None = None) -> Chart:
    """The team's win rate with each policy (co-operative and solo games), best on top.

    Args:
        result: A tournament of a co-operative or solo game, or its ``ladder``.
        title: The chart's title.

    Returns:
        A layered altair chart: bars with 95% Wilson intervals; the tooltip gives the paired
        lead over the next policy down on the same seeds.
    """
    table = _table(result, "ladder")
    require_columns(table, ["policy", "games", "win_rate", "low", "high", "ahead_by"])
    data = table.copy()
    data["shown"] = [f"{r:.0%}" for r in data["win_rate"]]
    data["lead"] = [
        "" if pd.isna(d) else f"{d * 100:+.1f} points ({lo * 100:+.1f} to {hi * 100:+.1f})"
        for d, lo, hi in zip(data["ahead_by"], data["ahead_low"], data["ahead_high"], strict=True)
    ]
    order = list(data["policy"])
    y = alt.Y("policy:N", title=None, sort=order, axis=alt.Axis(labelLimit=300))
    base = alt.Chart(data)
    bars = base.mark_bar(color=BLUE).encode(
        y=y,
        x=alt.X(
            "win_rate:Q",
            title="Games the team won",
            axis=alt.Axis(format="%"),
            scale=alt.Scale(domain=[0, 1]),
        ),
        tooltip=[
            alt.Tooltip("policy:N", title="Policy"),
            alt.Tooltip("games:Q", title="Games", format=","),
            alt.Tooltip("win_rate:Q", title="Win rate", format=".1%"),
            alt.Tooltip("low:Q", title="95% range from", format=".1%"),
            alt.Tooltip("high:Q", title="to", format=".1%"),
            alt.Tooltip("lead:N", title="Ahead of the next, same seeds"),
        ],
    )
    errors = interval(base, y=y, x="low:Q", x2="high:Q")
    text = base.mark_text(align="left", dx=6, color=INK).encode(y=y, x="high:Q", text="shown:N")
    games = int(data["games"].min()) if len(data) else 0
    return (bars + errors + text).properties(
        height=alt.Step(30),
        title=alt.Title(
            title or "Which policy makes the best team?",
            subtitle=f"{games:,} games each, every seat played by the policy, the same seeds. "
            "Black lines: 95% range.",
        ),
    )
