"""Charts of simulation tables and advice: win rates, how far games got, damage, comparisons.

Each function aggregates the table with pandas first and hands altair only the summary, so a
chart of 100,000 games is as light as a chart of 100. Titles and axes use plain words, and
every interval drawn is a 95% range.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

import altair as alt
import pandas as pd

from umbrella_lab.charts.theme import BLUE, GREY, INK, ORANGE, PALETTE, SEQUENTIAL, interval
from umbrella_lab.engine.spoken import said
from umbrella_lab.sim.stats import (
    Z95,
    compare,
    require_columns,
    seat_win_rate,
    wilson,
    win_rate,
)

WORDS = {
    "players": "Number of players",
    "policy": "Who plays",
    "strength": "Villain attack strength (cards per lineup)",
    "hand_size": "Hand size",
    "villains": "Villains to beat",
    "base_life": "Life bars per hero",
    "strict_heal": "Strict healing",
    "heal_target": "Who a heal helps",
    "turn_order": "Turn order",
    "damage_timing": "When damage lands",
    "block_damage": "Who takes block damage",
    "hero_boost": "Hero Boost timing",
    "villain_boost": "Villain Boost raises",
    "excess_damage": "Damage a dying hero cannot take",
    "rounds": "Rounds played",
    "villains_beaten": "Villains beaten",
    "heroes_alive": "Heroes alive at the end",
    "life_left": "Life bars left at the end",
    "damage_taken": "Damage taken",
    "final_pile": "Cards under the Final Battle card",
    "moves": "Moves in the game",
    "variant": "Variant",
    "seat": "Seat (0 starts)",
}
"""Plain-word axis titles for the usual columns; other names are spelled out from the name."""

Chart = alt.TopLevelMixin


def words(column: str) -> str:
    """A column name in plain words, for an axis or legend title."""
    if column in WORDS:
        return WORDS[column]
    text = column.removeprefix("opt_").replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def win_rate_chart(
    frame: pd.DataFrame, by: str | None = "players", *, title: str | None = None
) -> Chart:
    """Bars of the win rate per group, with 95% Wilson intervals.

    Args:
        frame: A simulation table (one row per game).
        by: The column to split by, e.g. ``"players"`` or ``"strength"``; ``None`` for one bar;
            ``"seat"`` for how often each seat wins (games where players win on their own).
        title: The chart's title (default: "How often the team wins", or "How often each seat
            wins" by seat).

    Returns:
        A layered altair chart.
    """
    if by == "seat" and "seat" not in frame.columns:
        rates = seat_win_rate(frame)
        title = title or "How often each seat wins"
        games = len(frame)  # every seat plays in each game: the seats' counts overlap
    else:
        rates = win_rate(frame, by)
        games = int(rates["games"].sum())  # the groups split the games
    x_field = "group"
    rates[x_field] = _labels(rates[by]) if by is not None else "all games"
    order = list(dict.fromkeys(rates[x_field]))
    rates["shown"] = [f"{r:.0%}" for r in rates["win_rate"]]
    rates["range"] = [
        f"{lo:.1%} to {hi:.1%}" for lo, hi in zip(rates["low"], rates["high"], strict=True)
    ]
    x = alt.X(
        f"{x_field}:N",
        title=words(by) if by is not None else None,
        sort=order,
        axis=alt.Axis(labelAngle=0),
    )
    base = alt.Chart(rates)
    tooltip = [
        alt.Tooltip(f"{x_field}:N", title=words(by) if by else "Games"),
        alt.Tooltip("games:Q", title="Games", format=","),
        alt.Tooltip("wins:Q", title="Won", format=","),
        alt.Tooltip("win_rate:Q", title="Win rate", format=".1%"),
        alt.Tooltip("range:N", title="95% range"),
    ]
    bars = base.mark_bar(color=BLUE, opacity=0.85).encode(
        x=x,
        y=alt.Y(
            "win_rate:Q",
            title="Games won",
            axis=alt.Axis(format="%"),
            scale=alt.Scale(domain=[0, 1]),
        ),
        tooltip=tooltip,
    )
    errors = interval(base, x=x, y="low:Q", y2="high:Q")
    text = base.mark_text(dy=-4, baseline="bottom", color=INK, fontWeight="bold").encode(
        x=x, y="high:Q", text="shown:N"
    )
    return (bars + errors + text).properties(
        width=alt.Step(72),
        title=alt.Title(
            title or "How often the team wins",
            subtitle=f"{games:,} simulated games. Black lines: the 95% range of each win rate.",
        ),
    )


def rounds_chart(
    frame: pd.DataFrame, column: str = "rounds", *, by: str | None = None, title: str | None = None
) -> Chart:
    """How far the games got: the share of games by rounds played (or villains beaten).

    Args:
        frame: A simulation table (one row per game).
        column: A whole-number column, e.g. ``"rounds"`` or ``"villains_beaten"``.
        by: Without it, each bar is split into games won and lost; with a column (e.g.
            ``"players"``) the groups stand side by side.
        title: The chart's title.

    Returns:
        An altair bar chart.
    """
    require_columns(frame, [column, "won"] if by is None else [column, by])
    if by is None:
        outcome = frame["won"].map({True: "Won", False: "Lost"})
        counts = frame.groupby([frame[column], outcome]).size().rename("games").reset_index()
        counts.columns = [column, "outcome", "games"]
        counts["share"] = counts["games"] / len(frame)
        colour = alt.Color(
            "outcome:N",
            title="Result",
            sort=["Won", "Lost"],
            scale=alt.Scale(domain=["Won", "Lost"], range=[BLUE, ORANGE]),
        )
        extra: dict[str, Any] = {}
        subtitle = f"{len(frame):,} simulated games, split into games won and lost."
    else:
        counts = frame.groupby([by, column]).size().rename("games").reset_index()
        counts["share"] = counts["games"] / counts.groupby(by)["games"].transform("sum")
        counts["group"] = _labels(counts[by])
        order = list(dict.fromkeys(counts["group"]))
        colour = alt.Color("group:N", title=words(by), sort=order, scale=alt.Scale(range=PALETTE))
        extra = {"xOffset": alt.XOffset("group:N", sort=order)}
        subtitle = "Share of each group's games."
    chart = (
        alt.Chart(counts)
        .mark_bar()
        .encode(
            x=alt.X(f"{column}:O", title=words(column), axis=alt.Axis(labelAngle=0)),
            y=alt.Y("share:Q", title="Share of games", axis=alt.Axis(format="%")),
            color=colour,
            tooltip=[
                alt.Tooltip(f"{column}:O", title=words(column)),
                alt.Tooltip("games:Q", title="Games", format=","),
                alt.Tooltip("share:Q", title="Share", format=".1%"),
            ],
            **extra,
        )
    )
    step = 44 if by is None else 20 * max(len(counts["group"].unique()), 2)
    heading = title or f"How far the games got: {words(column)}"
    return chart.properties(width=alt.Step(step), title=alt.Title(heading, subtitle=subtitle))


def damage_by_round_chart(
    frame: pd.DataFrame,
    *,
    by: str | None = None,
    column: str = "damage_by_round",
    title: str | None = None,
) -> Chart:
    """Mean damage the team took in each round, with a 95% band.

    Each game counts in the rounds it reached: a game lost in round 3 adds to rounds 1 to 3.

    Args:
        frame: A simulation table with a list column of damage per round.
        by: A column to draw one line per group, e.g. ``"players"``.
        column: The list column (``damage_by_round`` in The Umbrella Academy Game).
        title: The chart's title.

    Returns:
        A layered altair chart.
    """
    require_columns(frame, [column] if by is None else [column, by])
    keys = [by] if by is not None else []
    long = frame[[*keys, column]].reset_index(drop=True).explode(column)
    long = long.dropna(subset=[column])
    long["round"] = long.groupby(level=0).cumcount() + 1
    long[column] = long[column].astype(float)
    stats = long.groupby([*keys, "round"])[column].agg(["mean", "std", "count"]).reset_index()
    half = Z95 * stats["std"].fillna(0.0) / stats["count"].pow(0.5)
    stats["low"] = (stats["mean"] - half).clip(lower=0.0)
    stats["high"] = stats["mean"] + half
    x = alt.X("round:O", title="Round", axis=alt.Axis(labelAngle=0))
    y_title = "Mean damage taken (life bars)"
    if by is not None:
        stats["group"] = _labels(stats[by])
        order = list(dict.fromkeys(stats["group"]))
        colour = alt.Color("group:N", title=words(by), sort=order, scale=alt.Scale(range=PALETTE))
        encode: dict[str, Any] = {"color": colour}
        band_colour = {
            "color": alt.Color("group:N", sort=order, legend=None, scale=alt.Scale(range=PALETTE))
        }
    else:
        encode = band_colour = {}
    base = alt.Chart(stats)
    tooltip = [
        alt.Tooltip("round:O", title="Round"),
        alt.Tooltip("mean:Q", title="Mean damage", format=".2f"),
        alt.Tooltip("count:Q", title="Games that reached it", format=","),
    ]
    band = base.mark_area(opacity=0.2).encode(
        x=x, y=alt.Y("low:Q", title=y_title), y2="high:Q", **band_colour
    )
    line = base.mark_line(point=True).encode(
        x=x, y=alt.Y("mean:Q", title=y_title), tooltip=tooltip, **encode
    )
    layers = (band + line).resolve_legend(color="independent")
    return layers.properties(
        width=alt.Step(56),
        title=alt.Title(
            title or "Damage taken in each round",
            subtitle="Mean over the games that reached the round; shaded: its 95% range.",
        ),
    )


LABEL_LINE = 36
"""The advisor chart's move labels wrap onto lines of at most this many characters."""


def advisor_chart(advice: pd.DataFrame, *, title: str | None = None) -> Chart:
    """One bar per legal action: its win rate in the advisor's rollouts, with 95% range.

    Args:
        advice: A table from :func:`umbrella_lab.sim.advise`.
        title: The chart's title.

    Returns:
        A layered altair chart, best action on top. With the advisor's ``verdict``: blue for a
        move that is clearly best, orange for moves about equal to the first, grey for moves
        behind; without it, the first in blue and the others in grey.
    """
    require_columns(advice, ["label", "win_rate", "low", "high", "rollouts"])
    data = advice.copy()
    if "verdict" in data.columns:  # the first move is "best" only when it is clearly ahead
        data["best"] = [
            "Best move"
            if verdict == "best"
            else "About equal to the first"
            if verdict == "about equal"
            else "Behind"
            for verdict in data["verdict"]
        ]
        domain = ["Best move", "About equal to the first", "Behind"]
        colours = [BLUE, ORANGE, GREY]
    else:
        data["best"] = ["Best move" if i == 0 else "Other moves" for i in range(len(data))]
        domain, colours = ["Best move", "Other moves"], [BLUE, GREY]
    data["shown"] = [f"{r:.0%}" for r in data["win_rate"]]
    # no card ids in brackets; long labels wrap onto lines of LABEL_LINE characters and the
    # legend sits above: the chart fits a notebook projected at 1280x720 and 150% (about
    # 670 px for an output)
    lines = [textwrap.wrap(said(str(label)), LABEL_LINE) or [""] for label in data["label"]]
    data["label"] = ["\n".join(parts) for parts in lines]
    tallest = max((len(parts) for parts in lines), default=1)
    order = list(data["label"])
    axis = alt.Axis(  # each label's lines centred on its bar (lines of 14 px)
        labelLimit=LABEL_LINE * 8,
        labelLineHeight=14,
        labelExpr="split(datum.value, '\\n')",
        labelOffset={"expr": "-7 * (length(split(datum.value, '\\n')) - 1)"},
    )
    y = alt.Y("label:N", title=None, sort=order, axis=axis)
    base = alt.Chart(data)
    tooltip = [
        alt.Tooltip("label:N", title="Move"),
        alt.Tooltip("win_rate:Q", title="Win rate", format=".1%"),
        alt.Tooltip("low:Q", title="95% range from", format=".1%"),
        alt.Tooltip("high:Q", title="to", format=".1%"),
    ]
    if "mean_score" in data.columns:
        tooltip.append(alt.Tooltip("mean_score:Q", title="Mean score", format=".2f"))
    bars = base.mark_bar().encode(
        y=y,
        x=alt.X(
            "win_rate:Q",
            title="Games won after this move",
            axis=alt.Axis(format="%"),
            scale=alt.Scale(domain=[0, 1]),
        ),
        color=alt.Color(
            "best:N",
            title=None,
            scale=alt.Scale(domain=domain, range=colours),
            legend=alt.Legend(
                labelLimit=300, orient="top", direction="horizontal", columnPadding=6
            ),
        ),
        tooltip=tooltip,
    )
    errors = interval(base, y=y, x="low:Q", x2="high:Q")
    text = base.mark_text(align="left", dx=6, color=INK).encode(y=y, x="high:Q", text="shown:N")
    fewest = int(data["rollouts"].min()) if len(data) else 0
    most = int(data["rollouts"].max()) if len(data) else 0
    played = (
        [f"Each move played out {most:,} times."]
        if fewest == most
        else [
            f"Moves raced: {fewest:,} to {most:,} play-outs each",
            "(those clearly behind dropped early).",
        ]
    )
    return (bars + errors + text).properties(
        height=alt.Step(max(30, 14 * tallest + 8)),
        width=260,
        title=alt.Title(
            title or "Which move gives the best chance?",
            subtitle=[*played, "Every move with the same luck. Black lines: 95% range."],
        ),
    )


def comparison_chart(
    frame_a: pd.DataFrame,
    frame_b: pd.DataFrame,
    labels: Sequence[str] = ("A", "B"),
    *,
    on: str = "seed",
    title: str | None = None,
) -> Chart:
    """Two variants played on the same seeds: both win rates, and the difference with its range.

    Args:
        frame_a: Variant A, one row per seed.
        frame_b: Variant B on the same seeds.
        labels: Names of the two variants, in plain words (e.g. ``("strict heal", "any heal")``).
        on: The column that pairs the games.
        title: The chart's title.

    Returns:
        Two charts side by side: the win rates (Wilson ranges) and the difference A - B with
        its paired 95% range (see :func:`umbrella_lab.sim.compare`): the same sign as
        ``str(sim.compare(frame_a, frame_b))``, so give the frames in the order the text
        compares them.
    """
    name_a, name_b = (str(label) for label in labels)
    result = compare(frame_a, frame_b, on=on)
    shared = frame_a[on].isin(frame_b[on])
    won_a = frame_a.loc[shared, "won"].astype(bool)
    won_b = frame_b.loc[frame_b[on].isin(frame_a[on]), "won"].astype(bool)
    rows = []
    for name, won in ((name_a, won_a), (name_b, won_b)):
        rate, low, high = wilson(int(won.sum()), len(won))
        rows.append(
            {"variant": name, "win_rate": rate, "low": low, "high": high, "shown": f"{rate:.1%}"}
        )
    rates = pd.DataFrame(rows)
    x = alt.X("variant:N", title=None, sort=[name_a, name_b], axis=alt.Axis(labelAngle=0))
    base = alt.Chart(rates)
    left = (
        base.mark_bar().encode(
            x=x,
            y=alt.Y(
                "win_rate:Q",
                title="Games won",
                axis=alt.Axis(format="%"),
                scale=alt.Scale(domain=[0, 1]),
            ),
            color=alt.Color(
                "variant:N",
                legend=None,
                scale=alt.Scale(domain=[name_a, name_b], range=[BLUE, ORANGE]),
            ),
            tooltip=[
                alt.Tooltip("variant:N", title="Variant"),
                alt.Tooltip("win_rate:Q", title="Win rate", format=".1%"),
            ],
        )
        + interval(base, x=x, y="low:Q", y2="high:Q")
        + base.mark_text(dy=-4, baseline="bottom", color=INK, fontWeight="bold").encode(
            x=x, y="high:Q", text="shown:N"
        )
    ).properties(width=alt.Step(70), title="Win rate of each variant")
    difference = pd.DataFrame(
        [
            {
                "what": f"{name_a} minus {name_b}",
                "difference": result.difference,
                "low": result.low,
                "high": result.high,
                "shown": f"{result.difference * 100:+.1f} points",
            }
        ]
    )
    span = max(0.05, abs(result.low), abs(result.high)) * 1.15
    y = alt.Y("what:N", title=None, axis=None)  # what is compared is said in the title
    scale = alt.Scale(domain=[-span, span])
    dbase = alt.Chart(difference)
    right = (
        alt.Chart(pd.DataFrame({"zero": [0.0]}))
        .mark_rule(color=GREY, strokeDash=[4, 4])
        .encode(x=alt.X("zero:Q", scale=scale))
        + dbase.mark_rule(color=INK, strokeWidth=2).encode(
            y=y, x=alt.X("low:Q", scale=scale), x2="high:Q"
        )
        + dbase.mark_point(color=BLUE, size=160, filled=True).encode(
            y=y,
            x=alt.X(
                "difference:Q",
                scale=scale,
                title="Difference in games won (percentage points)",
                axis=alt.Axis(format="+.0%"),
            ),
            tooltip=[
                alt.Tooltip("difference:Q", title="Difference", format="+.1%"),
                alt.Tooltip("low:Q", title="95% range from", format="+.1%"),
                alt.Tooltip("high:Q", title="to", format="+.1%"),
            ],
        )
        + dbase.mark_text(dy=-16, color=INK).encode(
            y=y, x=alt.X("difference:Q", scale=scale), text="shown:N"
        )
    ).properties(
        width=260,
        height=alt.Step(60),
        title=alt.Title(
            f"{name_a} minus {name_b}",
            subtitle=["games won, seed by seed (95% range);", f"right of 0: {name_a} wins more"],
        ),
    )
    subtitle = [  # short lines: the chart fits a projected notebook (about 670 px)
        f"The same {result.games:,} seeds for both.",
        f"Seeds won only by {name_a}: {result.only_a:,}; only by {name_b}: {result.only_b:,}.",
    ]
    return alt.hconcat(left, right).properties(
        title=alt.Title(title or f"{name_a} or {name_b}: which wins more often?", subtitle=subtitle)
    )


def sweep_heatmap(
    frame: pd.DataFrame,
    x: str,
    y: str,
    *,
    title: str | None = None,
    domain: tuple[float, float] | None = None,
) -> Chart:
    """A heat map of the win rate over two settings of a sweep.

    Args:
        frame: A table from :func:`umbrella_lab.sim.sweep` over (at least) ``x`` and ``y``.
        x: The setting across, e.g. ``"strength"``.
        y: The setting down, e.g. ``"hand_size"``.
        title: The chart's title.
        domain: The win rates the colours span, e.g. ``(0, 1)`` to compare several maps;
            by default, the lowest to the highest rate in the map.

    Returns:
        A layered altair chart: coloured cells with the win rate written in each.
    """
    rates = win_rate(frame, [x, y])
    rates["x"] = _labels(rates[x])
    rates["y"] = _labels(rates[y])
    rates["shown"] = [f"{r:.0%}" for r in rates["win_rate"]]
    rates["range"] = [
        f"{lo:.1%} to {hi:.1%}" for lo, hi in zip(rates["low"], rates["high"], strict=True)
    ]
    low, high = domain if domain is not None else (rates["win_rate"].min(), rates["win_rate"].max())
    middle = (low + high) / 2
    scale = alt.Scale(scheme=SEQUENTIAL, domain=[float(low), float(high)])
    ex = alt.X(
        "x:O", title=words(x), sort=list(dict.fromkeys(rates["x"])), axis=alt.Axis(labelAngle=0)
    )
    why = alt.Y("y:O", title=words(y), sort=list(dict.fromkeys(rates["y"])))
    base = alt.Chart(rates)
    cells = base.mark_rect().encode(
        x=ex,
        y=why,
        color=alt.Color(
            "win_rate:Q", title="Games won", scale=scale, legend=alt.Legend(format="%")
        ),
        tooltip=[
            alt.Tooltip("x:O", title=words(x)),
            alt.Tooltip("y:O", title=words(y)),
            alt.Tooltip("games:Q", title="Games", format=","),
            alt.Tooltip("win_rate:Q", title="Win rate", format=".1%"),
            alt.Tooltip("range:N", title="95% range"),
        ],
    )
    text = base.mark_text(fontSize=14, fontWeight="bold").encode(
        x=ex,
        y=why,
        text="shown:N",
        color=alt.condition(alt.datum.win_rate < middle, alt.value("white"), alt.value("black")),
    )
    per_cell = int(rates["games"].min()) if len(rates) else 0
    columns = rates["x"].nunique()
    return (cells + text).properties(  # at most about 450 px of cells: it fits when projected
        width=alt.Step(max(40, min(64, 450 // max(columns, 1)))),
        height=alt.Step(44),
        title=alt.Title(
            title or f"Win rate by {words(x).lower()} and {words(y).lower()}",
            subtitle=f"At least {per_cell:,} games in each cell, the same seeds in every cell.",
        ),
    )


# --- helpers ----------------------------------------------------------------------------------


def _labels(values: pd.Series) -> list[str]:
    """Group values as short text: ``None`` reads "default", true/false read "yes"/"no"."""
    shown = []
    for value in values:
        if value is None or (isinstance(value, float) and value != value):
            shown.append("default")
        elif isinstance(value, bool):
            shown.append("yes" if value else "no")
        elif isinstance(value, tuple | list):
            shown.append(", ".join(map(str, value)))
        else:
            shown.append(str(value))
    return shown
