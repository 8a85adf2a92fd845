"""The chart of a playtest: the class's tables against the bots on the same seeds.

>>> from umbrella_lab import sim, charts
>>> from umbrella_lab.engine.record import Record
>>> import umbrella_lab as ul
>>> record = Record.of(ul.load("academy", players=2), 3, [])
>>> found = sim.playtest(record, context=10)
>>> spec = charts.playtest_chart(found).to_dict()
>>> spec["hconcat"][0]["layer"][0]["mark"]["type"], spec["hconcat"][1]["layer"][0]["mark"]["type"]
('bar', 'rect')
"""

from __future__ import annotations

from typing import Any

import altair as alt
import pandas as pd

from umbrella_lab.charts.theme import BLUE, GREEN, GREY, INK, ORANGE, VERMILLION, interval
from umbrella_lab.sim.playtest import Playtest

Chart = alt.TopLevelMixin

OUTCOMES = {True: "won", False: "lost", None: "unfinished"}
"""How a table's result reads in the chart."""


def playtest_chart(result: Playtest, *, title: str | None = None) -> Chart:
    """The class's win rate beside the bots' on the same seeds, and each table's two results.

    Left: the share of tables the class won, the share the bots won on the same seeds, and
    (for context) the bots' share over many more seeds of the same settings, each with its
    Wilson 95% range. Right: table by table, won or lost, for the class and for the bots.

    Args:
        result: A playtest (:func:`umbrella_lab.sim.playtest`).
        title: The chart's title.

    Returns:
        Two charts side by side.
    """
    if not isinstance(result, Playtest):
        msg = f"give a playtest (sim.playtest(...)), not {type(result).__name__}"
        raise TypeError(msg)
    found = result.comparison
    n = found.compared
    rows: list[dict[str, Any]] = []
    if n:
        rows += [
            _bar("your tables", found.class_rate, found.class_low, found.class_high, n),
            _bar("bots, same seeds", found.bots_rate, found.bots_low, found.bots_high, n),
        ]
    if found.context_games:
        games = found.context_games
        rows.append(
            _bar(
                f"bots, {games:,} seeds",
                found.context_rate,
                found.context_low,
                found.context_high,
                games,
            )
        )
    rates = pd.DataFrame(rows, columns=["who", "rate", "low", "high", "games", "shown"])
    order = list(rates["who"])
    colours = [BLUE, ORANGE, GREY][: len(order)] if n else [GREY]
    x = alt.X("who:N", title=None, sort=order, axis=alt.Axis(labelAngle=0, labelLimit=160))
    base = alt.Chart(rates)
    left = (
        base.mark_bar().encode(
            x=x,
            y=alt.Y(
                "rate:Q",
                title="Tables won",
                axis=alt.Axis(format="%"),
                scale=alt.Scale(domain=[0, 1]),
            ),
            color=alt.Color("who:N", legend=None, scale=alt.Scale(domain=order, range=colours)),
            tooltip=[
                alt.Tooltip("who:N", title="Who"),
                alt.Tooltip("games:Q", title="Games", format=","),
                alt.Tooltip("rate:Q", title="Won", format=".0%"),
                alt.Tooltip("low:Q", title="95% range from", format=".0%"),
                alt.Tooltip("high:Q", title="to", format=".0%"),
            ],
        )
        + interval(base, x=x, y="low:Q", y2="high:Q")
        + base.mark_text(dy=-4, baseline="bottom", color=INK, fontWeight="bold").encode(
            x=x, y="high:Q", text="shown:N"
        )
    ).properties(width=alt.Step(110), title="Win rate, with its 95% range")
    right = _tables(result.table)
    verdict = found.verdict.replace("class", "the class").replace("bots", "the bots")
    counted = f" ({n} compared: see the notes)" if n != found.tables else ""
    return (
        alt.hconcat(left, right)  # type: ignore[arg-type]
        .resolve_scale(color="independent")
        .properties(
            title=alt.Title(
                title or "Your tables against the bots, on the same seeds",
                subtitle=f"{found.game}, {found.tables} table{'s' if found.tables != 1 else ''}"
                f"{counted}; "
                f"the bots: {found.bots}. Verdict: {verdict}.",
            )
        )
    )


def _bar(who: str, rate: float, low: float, high: float, games: int) -> dict[str, Any]:
    return {
        "who": who,
        "rate": rate,
        "low": low,
        "high": high,
        "games": games,
        "shown": f"{rate:.0%}",
    }


def _tables(table: pd.DataFrame) -> Chart:
    """Table by table: won or lost, for the class and for the bots."""
    rows = []
    for _, row in table.iterrows():
        for side, label in (("class", "your table"), ("bots", "the bots")):
            won = row[f"{side}_won"]
            result = (
                "unfinished"
                if row[f"{side}_result"] == "unfinished"
                else OUTCOMES.get(None if won is None or pd.isna(won) else bool(won), "unfinished")
            )
            if won is None and row[f"{side}_result"] != "unfinished":
                result = str(row[f"{side}_result"])  # players on their own: who won
            rows.append(
                {
                    "table": str(row["table"]),
                    "side": label,
                    "result": result,
                    "why": str(row[f"{side}_reason"]),
                    "moves": int(row[f"{side}_moves"]),
                }
            )
    cells = pd.DataFrame(rows)
    order = list(dict.fromkeys(cells["table"]))
    known = ["won", "lost", "unfinished"]
    others = sorted(set(cells["result"]) - set(known))
    x = alt.X(
        "side:N",
        title=None,
        sort=["your table", "the bots"],
        axis=alt.Axis(orient="top", labelAngle=0),
    )
    y = alt.Y("table:N", title="Table", sort=order)
    base = alt.Chart(cells)
    boxes = base.mark_rect(stroke="white", strokeWidth=2).encode(
        x=x,
        y=y,
        color=alt.Color(
            "result:N",
            title="Result",
            scale=alt.Scale(
                domain=known + others,
                range=[GREEN, VERMILLION, GREY] + [BLUE, ORANGE] * len(others),
            ),
        ),
        tooltip=[
            alt.Tooltip("table:N", title="Table"),
            alt.Tooltip("side:N", title="Played by"),
            alt.Tooltip("result:N", title="Result"),
            alt.Tooltip("why:N", title="Why it ended"),
            alt.Tooltip("moves:Q", title="Moves"),
        ],
    )
    words = base.mark_text(color="white", fontWeight="bold").encode(x=x, y=y, text="result:N")
    return (boxes + words).properties(
        width=alt.Step(110), height=alt.Step(30), title="Table by table"
    )


__all__ = ["playtest_chart"]
