"""Charts and a web page of a design report (:func:`umbrella_lab.sim.design`).

>>> from umbrella_lab import sim, charts
>>> quick = {"cards": 1, "tension_games": 2, "advised": 0}
>>> report = sim.design("pig", players=2, n=10, policies=["random"], budget=quick)
>>> sorted(charts.design_charts(report))
['balance', 'cards', 'choices', 'length', 'options', 'rules', 'skill', 'tension']
"""

from __future__ import annotations

import html
from collections.abc import Mapping

import altair as alt
import pandas as pd

from umbrella_lab.charts.theme import BLUE, GREY, INK, VERMILLION, interval, to_svg
from umbrella_lab.sim.design import DesignReport, player_count

Chart = alt.TopLevelMixin

PART_TITLES = {
    "balance": "Balance: is it fair?",
    "length": "Length: how long, and how does it end?",
    "choices": "Choices: are they real?",
    "skill": "Skill and luck",
    "tension": "Tension: when is it decided?",
    "rules": "Rules: which ones does the game use?",
    "cards": "Cards and moves: which ones matter? (restricted play)",
    "options": "Options: which one changes the game most?",
}
"""The heading of each part of a report, as the page and the widget show it."""


def _points(table: pd.DataFrame, title: str, subtitle: str, *, rate: bool = True) -> alt.LayerChart:
    """One row per metric: its value as a point with its 95% range."""
    data = table[["name", "value", "low", "high", "games", "meaning"]].copy()
    data = data.fillna({"low": data["value"], "high": data["value"]})
    y = alt.Y("name:N", title=None, sort=list(data["name"]), axis=alt.Axis(labelLimit=320))
    fmt = ".1%" if rate else ".3g"
    x = alt.X("low:Q", title=None, axis=alt.Axis(format="%" if rate else "~s"))
    base = alt.Chart(data)
    points = base.mark_point(filled=True, size=110, color=BLUE).encode(
        y=y,
        x="value:Q",
        tooltip=[
            alt.Tooltip("name:N", title="Figure"),
            alt.Tooltip("value:Q", format=fmt, title="Value"),
            alt.Tooltip("low:Q", format=fmt, title="95% range from"),
            alt.Tooltip("high:Q", format=fmt, title="to"),
            alt.Tooltip("games:Q", title="Games"),
            alt.Tooltip("meaning:N", title="Meaning"),
        ],
    )
    spread = base.mark_rule(color=INK, strokeWidth=2).encode(y=y, x=x, x2="high:Q")
    return (spread + points).properties(
        height=alt.Step(30), title=alt.Title(title, subtitle=subtitle)
    )


def _tornado(table: pd.DataFrame, label: str, title: str, subtitle: str) -> Chart:
    """A change with its 95% range per row, the largest changes on top."""
    data = table.copy()
    data["label"] = data[label].astype(str)
    data["size"] = data["change"].abs()
    order = list(data.sort_values("size", ascending=False)["label"])
    y = alt.Y("label:N", title=None, sort=order, axis=alt.Axis(labelLimit=320))
    base = alt.Chart(data)
    bars = base.mark_bar().encode(
        y=y,
        x=alt.X("change:Q", title="Change in win rate (points)", axis=alt.Axis(format="+%")),
        color=alt.condition(alt.datum.change < 0, alt.value(VERMILLION), alt.value(BLUE)),
        tooltip=[
            alt.Tooltip("label:N", title="Change"),
            alt.Tooltip("change:Q", format="+.1%", title="Win rate change"),
            alt.Tooltip("low:Q", format="+.1%", title="95% range from"),
            alt.Tooltip("high:Q", format="+.1%", title="to"),
            alt.Tooltip("games:Q", title="Games"),
        ],
    )
    zero = alt.Chart(pd.DataFrame({"zero": [0]})).mark_rule(color=GREY).encode(x="zero:Q")
    lines = interval(base, y=y, x="low:Q", x2="high:Q")
    return (bars + lines + zero).properties(
        height=alt.Step(26), title=alt.Title(title, subtitle=subtitle)
    )


def design_charts(report: DesignReport) -> dict[str, Chart]:
    """The report's charts by part.

    The parts: balance, length, choices, skill, tension, rules, cards and options.
    """
    charts: dict[str, Chart] = {}
    games = len(report.games)
    charts["balance"] = _points(
        report.part("balance"),
        PART_TITLES["balance"],
        f"{games:,} games by {report.policy}; black lines: 95% range.",
    )
    length = report.part("length")
    means = length[length["name"].str.endswith("per game")]
    charts["length"] = _points(
        means, PART_TITLES["length"], "Mean per game with its 95% range.", rate=False
    ) | _points(
        length[length["name"].str.startswith("ended by")],
        "How games end",
        "The share of games each rule ended.",
    )
    choices = report.part("choices")
    branching = choices[choices["name"].str.startswith("branching")]
    charts["choices"] = _points(
        branching, PART_TITLES["choices"], "Legal moves per decision.", rate=False
    ) | _points(
        choices[~choices["name"].str.startswith("branching")],
        "Forced and clear decisions",
        "Shares of the decisions.",
    )
    skill = report.part("skill")
    charts["skill"] = _points(
        skill,
        PART_TITLES["skill"],
        "The same seeds for every player; luck share: 1 all luck, 0 none.",
        rate=True,
    )
    curves = report.tension
    charts["tension"] = (
        alt.Chart(curves)
        .mark_line(point=True, opacity=0.6)
        .encode(
            x=alt.X("share:Q", title="Share of the game played", axis=alt.Axis(format="%")),
            y=alt.Y("chance:Q", title="Chance to win", axis=alt.Axis(format="%")),
            color=alt.Color("side:N", title="Side"),
            detail="game:N",
            tooltip=["game:N", "move:Q", "side:N", alt.Tooltip("chance:Q", format=".0%")],
        )
        .properties(
            title=alt.Title(
                PART_TITLES["tension"],
                subtitle=f"{curves['game'].nunique()} games followed, chances from rollouts.",
            )
        )
    )
    rules = report.rules.copy()
    rules["used"] = rules["fired"] > 0
    charts["rules"] = (
        alt.Chart(rules)
        .mark_bar()
        .encode(
            y=alt.Y("rule:N", sort=list(rules["rule"]), title=None),
            x=alt.X("share:Q", title="Share of games it fired in", axis=alt.Axis(format="%")),
            color=alt.condition(alt.datum.used, alt.value(BLUE), alt.value(GREY)),
            tooltip=[
                "rule:N",
                "title:N",
                alt.Tooltip("share:Q", format=".0%"),
                alt.Tooltip("per_game:Q", format=".2f", title="Times per game"),
                alt.Tooltip("ended_share:Q", format=".0%", title="Ended games"),
            ],
        )
        .properties(
            height=alt.Step(16),
            title=alt.Title(
                PART_TITLES["rules"],
                subtitle=f"{len(report.unused_rules)} rules never fired (grey) in {games:,} games.",
            ),
        )
    )
    cards = report.cards
    charts["cards"] = _tornado(
        cards,
        "restriction",
        PART_TITLES["cards"],
        "Win rate of the side it was forbidden to, against the same seeds without the ban.",
    )
    options = report.options.copy()
    options["setting"] = [
        f"{o} = {v}" for o, v in zip(options["option"], options["value"], strict=True)
    ]
    who = "the team" if report.cooperative else "P1"
    charts["options"] = _tornado(
        options,
        "setting",
        PART_TITLES["options"],
        f"Change in {who}'s win rate against the default, on the same seeds (a tornado chart).",
    )
    return charts


TABLE_STYLE = (
    "table.design { border-collapse: collapse; font-size: 0.95em; margin: 0.6em 0; } "
    "table.design th, table.design td { padding: 3px 8px; border-bottom: 1px solid #ddd; "
    "text-align: left; vertical-align: top; line-height: 1.35; } "
    "table.design td:first-child { white-space: nowrap; }"
)
"""How a report's tables look, in the page and in the widget (which has no page style)."""


def _table(frame: pd.DataFrame) -> str:
    table = frame.to_html(
        index=False,
        border=0,
        classes="design",
        justify="left",
        float_format=lambda v: f"{v:.3g}",
        na_rep="",
    )
    return f"<style>{TABLE_STYLE}</style>{table}"


PAGE_STYLE = (
    """
body { font-family: 'Source Sans 3', 'Segoe UI', Arial, sans-serif; color: #222; margin: 2em;
       max-width: 1100px; }
h1 { font-size: 1.8em; } h2 { margin-top: 1.6em; border-bottom: 2px solid #0072B2; }
.note { color: #444; }
"""
    + TABLE_STYLE
)


COUNTS = ("per game", "branching factor", "lead changes", "decided after move")
"""Metrics that count something (moves, legal moves, changes of lead); the others are shares."""


def readable(name: str, value: float) -> str:
    """A metric's value as a table shows it: a share in percent, a count with a decimal or two."""
    if value != value:  # not measured
        return ""
    if any(words in name for words in COUNTS):
        return f"{value:,.2f}" if abs(value) < 10 else f"{value:,.1f}"
    sign = "+" if value > 0 and ("advantage" in name or "gap" in name) else ""
    return f"{sign}{value:.0%}" if abs(value) >= 0.1 or value == 0 else f"{sign}{value:.1%}"


def metrics_table(metrics: pd.DataFrame) -> pd.DataFrame:
    """A part's metrics with their values as people read them: ``54%``, ``+4.0%``, ``153.9``.

    ``low`` and ``high`` are the 95% range (for a spread: the 10th and 90th percentile).
    """
    shown = metrics[["name", "value", "low", "high", "games", "meaning"]].copy()
    for column in ("value", "low", "high"):
        shown[column] = [
            readable(name, value) for name, value in zip(shown["name"], shown[column], strict=True)
        ]
    return shown


def part_html(report: DesignReport, part: str, chart: Chart | None, pictures: bool) -> str:
    """One part of the report as HTML: its table, then its chart as an SVG picture."""
    if part in ("balance", "length", "choices", "skill", "tension"):
        table = metrics_table(report.part(part))
    elif part == "rules":
        table = report.rules.drop(columns=["in_digest", "section"])
    elif part == "cards":
        table = report.cards
    else:
        table = report.options
    body = _table(table) if len(table) else "<p class='note'>Nothing to show.</p>"
    picture = ""
    if pictures and chart is not None and len(table):
        picture = f"<div role='img' aria-label='{html.escape(part)} chart'>{to_svg(chart)}</div>"
    return f"{picture}{body}"


def design_html(
    report: DesignReport, *, pictures: bool = True, bodies: Mapping[str, str] | None = None
) -> str:
    """The report as one self-contained web page (no script, no internet): tables and SVG charts.

    Args:
        report: A design report.
        pictures: Draw the charts (SVG, inside the page); ``False`` for the tables only.
        bodies: The parts already drawn (:func:`part_html`'s answers by part), so that a
            widget and a page of the same report draw each chart once.
    """
    if bodies is None:
        charts = design_charts(report) if pictures else {}
        bodies = {part: part_html(report, part, charts.get(part), pictures) for part in PART_TITLES}
    options = ", ".join(f"{k}={v!r}" for k, v in report.changed_options.items()) or "the defaults"
    parts = [f"<h2>{html.escape(PART_TITLES[part])}</h2>" + bodies[part] for part in PART_TITLES]
    unused = ", ".join(report.unused_rules) or "none"
    notes = "".join(f"<li>{html.escape(note)}</li>" for note in report.notes)
    return (
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>Design report: {html.escape(report.title)}</title>"
        f"<style>{PAGE_STYLE}</style></head><body>"
        f"<h1>Design report: {html.escape(report.title)}</h1>"
        f"<p class='note'>{player_count(report.players)}, options: {html.escape(options)}. "
        f"Main games played by {html.escape(report.policy)} from seed {report.seed}; intervals "
        f"are 95% ranges, wanted within {report.precision:.0%} either side. Rules that never "
        "fired: "
        f"{html.escape(unused)}.</p>"
        + (f"<ul class='note'>{notes}</ul>" if notes else "")
        + "".join(parts)
        + "</body></html>"
    )
