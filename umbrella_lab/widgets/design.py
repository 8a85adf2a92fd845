"""A design report in a widget: one tab per part, each with its chart and its table.

>>> from umbrella_lab import sim
>>> from umbrella_lab.widgets.design import design_widget
>>> quick = {"cards": 1, "tension_games": 2, "advised": 0}
>>> report = sim.design("pig", players=2, n=10, policies=["random"], budget=quick)
>>> len(design_widget(report, pictures=False).children)
8
"""

from __future__ import annotations

import base64
import html
import time
import warnings
from collections.abc import Callable
from dataclasses import asdict, dataclass

import ipywidgets as w

from umbrella_lab.charts.design import (
    PART_TITLES,
    design_charts,
    design_html,
    never_fired,
    part_html,
    who_played,
)
from umbrella_lab.engine.core import REGISTRY, Game, load
from umbrella_lab.sim.design import (
    DEFAULT_POLICIES,
    DEFAULT_PRECISION,
    Budget,
    DesignNote,
    DesignReport,
    design,
    player_count,
    player_line,
    players_offered,
)
from umbrella_lab.widgets.problems import run_safely
from umbrella_lab.widgets.views import players_in_words

SHORT_TITLES = {
    "balance": "Balance",
    "length": "Length",
    "choices": "Choices",
    "skill": "Skill and luck",
    "tension": "Tension",
    "rules": "Rules",
    "cards": "Cards",
    "options": "Options",
}
"""The tab titles."""


def design_widget(report: DesignReport, *, pictures: bool = True) -> w.Tab:
    """The report with one tab per part: the part's chart (a static picture) and its table.

    Args:
        report: A design report (:func:`umbrella_lab.sim.design`).
        pictures: Draw the charts (SVG); ``False`` for the tables only (quicker).
    """
    charts = design_charts(report) if pictures else {}
    bodies = {part: part_html(report, part, charts.get(part), pictures) for part in PART_TITLES}
    return _tabs(bodies)


def _tabs(bodies: dict[str, str]) -> w.Tab:
    """One tab per part of a report, each holding its drawn body (the chart's title heads it)."""
    children = [
        w.HTML(bodies[part], layout=w.Layout(overflow="auto", max_height="640px"))
        for part in PART_TITLES
    ]
    tab = w.Tab(children=children)
    for index, part in enumerate(PART_TITLES):
        tab.set_title(index, SHORT_TITLES[part])
    return tab


# --- the dashboard's "Design report" tab ------------------------------------------------------


@dataclass(frozen=True)
class Depth:
    """How much work a report from the dashboard does.

    Attributes:
        label: The menu's words.
        precision: The wanted half-width of the headline 95% intervals.
        policies: The players compared in the skill part.
        budget: Changes to the game's default budget (:class:`umbrella_lab.sim.design.Budget`).
        about: How long it takes, in words, for the progress line.
    """

    label: str
    precision: float
    policies: tuple[str, ...]
    budget: dict[str, int]
    about: str


QUICK_BUDGET = {
    "games": 100,
    "option_games": 10,
    "option_values": 4,
    "card_games": 30,
    "cards": 3,
    "skill_games": 10,
    "search_playouts": 4,
    "tension_games": 3,
    "positions": 6,
    "rollouts": 6,
    "advised": 2,
    "advisor_budget": 20,
}
"""A quick look: seconds for most games of the kit, up to a minute where the chosen player is
slow (intervals about 10 to 15 points wide); never more work than the game's own budget."""

DEPTHS = {
    "quick": Depth(
        "Quick look",
        0.15,
        ("random", "heuristic"),
        QUICK_BUDGET,
        "a quick look takes seconds, up to a minute for a slow player",
    ),
    "class": Depth(
        "For a class",
        DEFAULT_PRECISION,
        DEFAULT_POLICIES,
        {},
        "a full report takes up to a minute",
    ),
}
"""The depths the dashboard offers, from the quickest."""


class DesignPanel(w.VBox):
    """Choose a game and its player count, measure its design, read the report in tabs.

    The "Design report" tab of the teacher's dashboard (:class:`~umbrella_lab.widgets.Dashboard`):
    no code, a progress line while the games are played, then the report's widget (one tab per
    part) and a link that saves the report as a web page.

    Args:
        names: The games offered (registered names).
        game: The game chosen first.
        seed: The first seed of every report.

    Attributes:
        report: The last report measured (``None`` before the first).
        pictures: Draw the charts (``False``: the tables only, quicker).
    """

    def __init__(self, names: list[str], game: str, seed: int = 2024) -> None:
        REGISTRY.ready()  # the games are found on first use
        self.report: DesignReport | None = None
        self.seed = seed
        self.pictures = True
        self.game_choice = w.Dropdown(
            options=[(REGISTRY.games[name].title, name) for name in names],
            value=game,
            description="Game",
        )
        self.players_choice = w.Dropdown(description="Players")
        self.depth_choice = w.Dropdown(
            options=[(depth.label, key) for key, depth in DEPTHS.items()],
            value="quick",
            description="How thorough",
        )
        self.player_choice = w.Dropdown(description="Who plays")
        self.player_help = w.HTML("")
        self.player_help.add_class("uld-option-help")
        for control in (
            self.game_choice,
            self.players_choice,
            self.depth_choice,
            self.player_choice,
        ):
            control.style = {"description_width": "8.5em"}
            control.layout = w.Layout(width="23em")
        self.run_button = w.Button(
            description="Measure the design", button_style="primary", icon="play"
        )
        self.run_button.layout = w.Layout(width="auto")
        self.progress = w.IntProgress(value=0, min=0, max=3, bar_style="info")
        self.progress.layout = w.Layout(width="14em", display="none")
        self.progress_text = w.Label("")
        self.summary = w.HTML(
            '<div class="uld-empty">No report yet: choose a game and press '
            "Measure the design.</div>"
        )
        self.report_box = w.VBox([])
        self.report_box.layout = w.Layout(width="100%")
        self.run_button.on_click(lambda _: self._safely(self.measure))
        self.game_choice.observe(lambda _: self._game_changed(), names="value")
        self.player_choice.observe(lambda _: self._player_changed(), names="value")

        lead = w.HTML(
            '<div class="uld-lead">Plays the game many times and measures why it plays the '
            "way it does: is it fair, how long, are the choices real, skill or luck, when is "
            "it decided, which rules, cards and options matter. A quick look is enough to see "
            "the shape; choose <i>For a class</i> for narrower ranges.</div>"
        )
        settings = w.VBox(
            [
                w.HTML("<h4>The game</h4>"),
                self.game_choice,
                self.players_choice,
                self.depth_choice,
                self.player_choice,
                self.player_help,
            ]
        )
        settings.add_class("uld-box")
        actions = w.HBox([self.run_button, self.progress, self.progress_text])
        actions.layout = w.Layout(flex_flow="row wrap", align_items="center")
        top = w.Box([settings, w.VBox([actions, self.summary])])
        top.layout = w.Layout(flex_flow="row wrap", align_items="flex-start", grid_gap="0 1.2em")
        super().__init__([lead, top, self.report_box])
        self.add_class("uld-design")
        self._game_changed()

    def __repr__(self) -> str:
        return f"DesignPanel({self.game_choice.value}, {self.players_choice.value} players)"

    def measure(self) -> DesignReport:
        """Measure the chosen game at the chosen depth and show the report (with progress).

        Returns:
            The report, also kept as :attr:`report`.
        """
        depth = DEPTHS[self.depth_choice.value]
        name, players = self.game_choice.value, self.players_choice.value
        title = self.game_choice.label
        self.run_button.disabled = True
        self.progress.value = 1
        self.progress.layout.display = "flex"
        self.progress_text.value = f"Playing {title} and measuring ({depth.about})…"
        began = time.monotonic()
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DesignNote)  # the notes are shown on the page
                report = design(
                    name,
                    players=players,
                    policy=self.player_choice.value,
                    policies=list(depth.policies),
                    precision=depth.precision,
                    seed=self.seed,
                    budget=_budget(depth, load(name, players=players)),
                )
            self.progress.value = 2
            self.progress_text.value = "Drawing the charts…"
            charts = design_charts(report) if self.pictures else {}
            bodies = {
                part: part_html(report, part, charts.get(part), self.pictures)
                for part in PART_TITLES
            }
            view = _tabs(bodies)
            page = design_html(report, pictures=self.pictures, bodies=bodies)
        finally:
            self.run_button.disabled = False
        self.progress.value = 3
        self.progress.layout.display = "none"
        spent = time.monotonic() - began
        self.progress_text.value = f"Report ready in {spent:.0f} s"
        self.report = report
        self.summary.value = _summary(report, page)
        self.report_box.children = [view]
        return report

    def _safely(self, action: Callable[[], object]) -> None:
        """Run the button's action; a problem is shown on the page (:func:`run_safely`)."""
        run_safely(
            action,
            button=self.run_button,
            progress=self.progress,
            progress_text=self.progress_text,
            shown_in=self.summary,
        )

    def _game_changed(self) -> None:
        game = load(self.game_choice.value)
        info = game.info
        self.players_choice.options = [(str(p), p) for p in info.players]
        self.players_choice.value = 3 if info.cooperative and 3 in info.players else info.players[0]
        offered = [(players_in_words(shown), name) for shown, name in players_offered(game)]
        self.player_choice.options = offered
        self.player_choice.value = offered[0][1]
        self._player_changed()

    def _player_changed(self) -> None:
        """The chosen player's one line: who it is and how it plays."""
        chosen = self.player_choice.value
        if chosen is None:
            return
        game = load(self.game_choice.value)
        playouts = game.info.simulation.design_budget.get("search_playouts", 12)
        line = player_line(game, chosen, playouts)
        self.player_help.value = f"<div>{html.escape(players_in_words(line))}</div>"


def _budget(depth: Depth, game: Game) -> dict[str, int]:
    """A depth's budget, never more work than the game's own (a slow player plays less)."""
    own = {**asdict(Budget()), **game.info.simulation.design_budget}
    return {key: min(value, own[key]) for key, value in depth.budget.items()}


def _summary(report: DesignReport, page: str) -> str:
    """The report's headline in a few lines, and a link that saves it as a web page."""
    games = len(report.games)
    lines = [
        f'<div class="uld-headline">Design report: <b>{html.escape(report.title)}</b>, '
        f"{player_count(report.players)}</div>",
        f'<div class="uld-sub">{games:,} main games. {html.escape(who_played(report))} '
        f"From seed {report.seed}; ranges are 95% ranges, wanted within "
        f"{report.precision:.0%} either side.</div>",
        f'<div class="uld-sub">{html.escape(never_fired(report))}</div>',
    ]
    lines += [f'<div class="uld-sub">{html.escape(note)}</div>' for note in report.notes]
    data = base64.b64encode(page.encode("utf-8")).decode("ascii")
    lines.append(
        f'<div class="uld-sub"><a class="uld-save" '
        f'download="design-report-{html.escape(report.game)}.html" '
        f'href="data:text/html;base64,{data}">Save the report as a web page</a> '
        "to share it or print it.</div>"
    )
    return "".join(lines)
