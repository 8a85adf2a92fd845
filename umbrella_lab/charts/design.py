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
from umbrella_lab.sim.stats import wilson

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
    ) & _points(
        length[length["name"].str.startswith("ended by")],
        "How games end",
        "The share of games each rule ended.",
    )
    choices = report.part("choices")
    counted = choices["name"].str.startswith(("branching", "widest"))
    shares = choices["name"].isin(["forced decisions", "best move clear"])
    charts["choices"] = _points(
        choices[counted], PART_TITLES["choices"], "Legal moves per decision.", rate=False
    ) & _points(choices[shares], "Forced and clear decisions", "Shares of the decisions.")
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
    rules["rule"] = [f"{t} ({r})" for r, t in zip(rules["rule"], rules["title"], strict=True)]
    charts["rules"] = (
        alt.Chart(rules)
        .mark_bar()
        .encode(
            y=alt.Y("rule:N", sort=list(rules["rule"]), title=None, axis=alt.Axis(labelLimit=360)),
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
    titles = {name: option_title(report, name) for name in set(options["option"])}
    options["setting"] = [
        f"{titles[o]}: {_setting_words(v)}"
        for o, v in zip(options["option"], options["value"], strict=True)
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


COUNTS = (
    "per game",
    "branching factor",
    "lead changes",
    "decided after move",
    "widest choice",
    "score difference",
    "positions",
    "swings",
)
"""Metrics that count something (moves, legal moves, changes of lead); the others are shares."""


def readable(name: str, value: float) -> str:
    """A metric's value as a table shows it: a share in percent, a count with a decimal or two."""
    if value != value:  # not measured
        return ""
    if value in (float("inf"), float("-inf")):
        return "no bound"
    if name.startswith("positions"):
        return f"{value:,.0f}"
    if any(words in name for words in COUNTS):
        return f"{value:,.2f}" if abs(value) < 10 else f"{value:,.1f}"
    sign = "+" if value > 0 and ("advantage" in name or "gap" in name) else ""
    points = 100 * value
    if abs(points) >= 10 or points == 0:
        return f"{sign}{points:.0f}%"
    return f"{sign}{points:.1f}%"


METRIC_HEADERS = {
    "name": "Figure",
    "value": "Value",
    "range": "95% range",
    "percentiles": "Middle 80% of games",
    "games": "Games",
    "meaning": "What it means",
}
"""The headers of a part's table, in words."""


def metrics_table(metrics: pd.DataFrame) -> pd.DataFrame:
    """A part's metrics as people read them: ``54%``, ``+4.0%``, ``153.9``, ranges in words.

    The 95% range reads "50% to 58%"; a figure known from the rules says "exact", one that does
    not apply to the game "does not apply" (its meaning says why); one stopped at its budget
    says so. A spread's 10th and 90th percentiles have a column of their own.
    """
    rows = []
    for _, row in metrics.iterrows():
        name, status = row["name"], row.get("status", "")
        value = readable(name, row["value"])
        if status == "does not apply":
            value, span = "does not apply", ""
        elif status == "exact":
            span = "exact"
        elif row["value"] != row["value"]:
            value, span = "not measured", ""
        else:
            span = f"{readable(name, row['low'])} to {readable(name, row['high'])}"
            if status == "budget reached":
                span += " (stopped at the budget)"
        middle = ""
        if row.get("p10", float("nan")) == row.get("p10", float("nan")):
            middle = f"{readable(name, row['p10'])} to {readable(name, row['p90'])}"
        rows.append(
            {
                METRIC_HEADERS["name"]: name[0].upper() + name[1:],
                METRIC_HEADERS["value"]: value,
                METRIC_HEADERS["range"]: span,
                METRIC_HEADERS["percentiles"]: middle,
                METRIC_HEADERS["games"]: f"{int(row['games']):,}" if row["games"] else "",
                METRIC_HEADERS["meaning"]: row["meaning"],
            }
        )
    shown = pd.DataFrame(rows, columns=list(METRIC_HEADERS.values()))
    if not shown[METRIC_HEADERS["percentiles"]].astype(bool).any():
        shown = shown.drop(columns=METRIC_HEADERS["percentiles"])
    return shown


KIND_WORDS = {
    "play": "Rules of play",
    "card": "Rules of one card, villain or place (only when it is dealt)",
    "setup": "Setup rules (in force from the deal)",
    "option": "Option rules (only when their option is chosen)",
    "solo": "Solo rules (only in a game of one player)",
    "reference": "Reference entries (the aim, the data: they never fire)",
}


def rules_table(report: DesignReport) -> pd.DataFrame:
    """The rule table in words: each rule by its id and title, grouped, never-fired bounded."""
    table = report.rules
    rows = []
    for kind in KIND_WORDS:
        part = table[table["kind"] == kind] if "kind" in table else table.iloc[0:0]
        for _, row in part.iterrows():
            games = int(row["games"])
            if row["fired"]:
                fired = f"{row['share']:.0%} of {games:,} games"
                if "low" in row:  # its 95% range
                    fired += f" ({row['low']:.0%} to {row['high']:.0%})"
            elif not row.get("applies", True):
                fired = "does not apply: these games have more than one player"
            else:
                fired = f"never in {games:,} games (under {row['upper']:.1%} at 95%)"
                if row.get("rare", False):
                    fired += "; needs a rare situation"
            rows.append(
                {
                    "Group": KIND_WORDS[kind],
                    "Rule": f"{row['rule']}: {row['title']}",
                    "Fired": fired,
                    "Times per game": _per_game_words(row) if row["fired"] else "",
                    "Ended games": _ended_words(row) if row["ended"] else "",
                }
            )
    return pd.DataFrame(rows, columns=["Group", "Rule", "Fired", "Times per game", "Ended games"])


def _per_game_words(row: pd.Series) -> str:
    """A rule's firings per game, with its 95% range where the report has one."""
    words = f"{row['per_game']:.2f}"
    if "per_game_low" in row and row["per_game_low"] == row["per_game_low"]:
        high = row["per_game_high"]
        top = f"{high:.2f}" if high != float("inf") else "no bound"
        words += f" ({row['per_game_low']:.2f} to {top})"
    return words


def _ended_words(row: pd.Series) -> str:
    """A rule's share of games ended, with its 95% range where the report has one."""
    words = f"{row['ended_share']:.0%}"
    if "ended_low" in row and row["ended_low"] == row["ended_low"]:
        words += f" ({row['ended_low']:.0%} to {row['ended_high']:.0%})"
    return words


def _points_words(value: float) -> str:
    return "" if value != value else f"{100 * value:+.1f} points"


def _rate_words(rate: float, games: int) -> str:
    """A win rate of ``games`` games with its 95% Wilson range: ``"48% (36% to 61%)"``."""
    if rate != rate or games <= 0:
        return ""
    _, low, high = wilson(round(rate * games), games)
    return f"{rate:.0%} ({low:.0%} to {high:.0%})"


def cards_table(report: DesignReport) -> pd.DataFrame:
    """Restricted play in words: what was forbidden, how often it was chosen, what changed."""
    who = "the team" if report.cooperative else "the side it was forbidden to"
    rows = []
    for _, row in report.cards.iterrows():
        what = f"no {row['kind']}" + (f" with {row['card']}" if row["card"] else "")
        if row.get("status") == "never a real choice":
            change, span = (
                "never a real choice",
                ("whenever it was chosen nothing else was legal: forbidding it changes nothing"),
            )
        else:
            change = _points_words(row["change"])
            span = f"{_points_words(row['low'])} to {_points_words(row['high'])}"
            if row.get("status") == "budget reached":
                span += " (stopped at the budget)"
        rows.append(
            {
                "Forbidden": what,
                "Chosen in the main games": f"{int(row['played']):,} times",
                "Games": f"{int(row['games']):,}",
                f"Win rate of {who}, allowed": _rate_words(row["with_it"], int(row["games"])),
                "Change when forbidden": change,
                "95% range": span,
            }
        )
    return pd.DataFrame(rows)


def _setting_words(value: object) -> str:
    if value is None:
        return "the rulebook's"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value).replace("_", " ").replace("-", " ")


def option_title(report: DesignReport, option: str) -> str:
    """An option's name as its menu shows it: its digest entry's title, else its name in words."""
    from umbrella_lab.engine.core import load

    game = load(report.game, players=report.players[0])
    rule = next((o.rule for o in game.info.options if o.name == option), "")
    book = game.rules
    if rule and rule in book and sum(o.rule == rule for o in game.info.options) == 1:
        return book[rule].title
    return option.replace("_", " ").capitalize()


def options_table(report: DesignReport) -> pd.DataFrame:
    """Every option setting against the default, in words, with its game count explained."""
    who = "the team's" if report.cooperative else "P1's"
    rows = []
    for _, row in report.options.iterrows():
        span = f"{_points_words(row['low'])} to {_points_words(row['high'])}"
        if row.get("status") == "budget reached":
            span += " (stopped at the budget)"
        rows.append(
            {
                "Option": option_title(report, row["option"]),
                "Setting": f"{_setting_words(row['value'])} (default "
                f"{_setting_words(row['default'])})",
                "Games": f"{int(row['games']):,}",
                f"{who[0].upper() + who[1:]} win rate": _rate_words(
                    row["win_rate"], int(row["games"])
                ),
                "Change": _points_words(row["change"]),
                "95% range": span,
                "Moves per game": f"{row['moves']:.1f} ({row['moves_change']:+.1f}; "
                f"{row['moves_low']:+.1f} to {row['moves_high']:+.1f})",
            }
        )
    return pd.DataFrame(rows)


PART_NOTES = {
    "options": "Each setting is played on the same seeds as the default, in batches of 100 "
    "games until its change is known within the wanted precision (or its budget is spent): "
    "that is why the game counts differ.",
    "cards": "Each move or card is forbidden to one side on the same seeds as the main games; "
    "the change is that side's win rate without it minus with it.",
    "rules": "A rule's share of games has its 95% range in brackets (Wilson's). A rule that "
    "never fired gets an upper bound: with 0 firings in n games its chance per game is below "
    "1 - 0.05^(1/n) (about 3/n) at 95%.",
}


def part_html(report: DesignReport, part: str, chart: Chart | None, pictures: bool) -> str:
    """One part of the report as HTML: its table, then its chart as an SVG picture."""
    if part in ("balance", "length", "choices", "skill", "tension"):
        table = metrics_table(report.part(part))
    elif part == "rules":
        table = rules_table(report)
    elif part == "cards":
        table = cards_table(report)
    else:
        table = options_table(report)
    body = _table(table) if len(table) else "<p class='note'>Nothing to show.</p>"
    note = f"<p class='note'>{html.escape(PART_NOTES[part])}</p>" if part in PART_NOTES else ""
    picture = ""
    if pictures and chart is not None and len(table):
        picture = f"<div role='img' aria-label='{html.escape(part)} chart'>{to_svg(chart)}</div>"
    return f"{picture}{note}{body}"


def never_fired(report: DesignReport) -> str:
    """The rules of play that never fired, by title, in one sentence (setup and options apart)."""
    table = report.rules
    if "kind" not in table:
        return ""
    quiet = table[(table["fired"] == 0) & table["in_digest"]]
    play = quiet[quiet["kind"] == "play"]
    others = len(quiet) - len(play)
    games = len(report.games)
    shown = [f"{t} ({r})" for r, t in zip(play["rule"], play["title"], strict=True)]
    more = f", and {len(shown) - 6} more" if len(shown) > 6 else ""
    text = (
        f"{len(shown)} rules of play never fired in {games:,} games: {', '.join(shown[:6])}{more}."
        if shown
        else f"Every rule of play fired in {games:,} games."
    )
    if others:
        text += (
            f" {others} rules of single cards, setup, options, solo play or reference did not "
            "fire either (a card's rule needs its card dealt, an option's its option chosen, a "
            "solo rule a game of one player)."
        )
    return text + " The Rules tab lists every rule with an upper bound on how often it fires."


def who_played(report: DesignReport) -> str:
    """Who played the report's games, in one sentence with how that player plays."""
    line = getattr(report, "player_line", "") or report.policy
    return f"Main games played by {line}"


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
    options = (
        ", ".join(
            f"{option_title(report, k)}: {_setting_words(v)}"
            for k, v in report.changed_options.items()
        )
        or "the defaults"
    )
    parts = [f"<h2>{html.escape(PART_TITLES[part])}</h2>" + bodies[part] for part in PART_TITLES]
    notes = "".join(f"<li>{html.escape(note)}</li>" for note in report.notes)
    return (
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>Design report: {html.escape(report.title)}</title>"
        f"<style>{PAGE_STYLE}</style></head><body>"
        f"<h1>Design report: {html.escape(report.title)}</h1>"
        f"<p class='note'>{player_count(report.players)}, options: {html.escape(options)}. "
        f"{html.escape(who_played(report))} From seed {report.seed}; ranges are 95% ranges, "
        f"wanted within {report.precision:.0%} either side. "
        f"{html.escape(never_fired(report))}</p>"
        + (f"<ul class='note'>{notes}</ul>" if notes else "")
        + "".join(parts)
        + "</body></html>"
    )
