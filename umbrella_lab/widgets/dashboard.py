"""The teacher's dashboard: simulate a game's settings and compare a change, with no code showing.

One page (made for Voila: ``umbrella-lab dashboard``) where a teacher picks a game, the player
count, rule options, a card-data variant, who plays and how many games; runs them with a
progress bar; reads the win rate with its 95% range and the charts; keeps a run as the
baseline and compares a change with it on the same seeds. Its second tab, "Design report"
(:class:`~umbrella_lab.widgets.design.DesignPanel`), measures a game's design
(:func:`umbrella_lab.sim.design`) and shows the report one part per tab.

>>> board = Dashboard(game="pig")
>>> board
Dashboard(pig, 2 players, 2,000 games)
>>> run = board.run(games=200)
>>> run.games, run.side
(200, 'P1')

Everything runs in Python (the simulations of :mod:`umbrella_lab.sim`); the page holds plain
ipywidgets controls and SVG charts, so it works in JupyterLab, in Voila and on Binder.
"""

from __future__ import annotations

import contextlib
import html
import math
import re
import threading
import time
import weakref
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import ipywidgets as w
import pandas as pd

from umbrella_lab.charts import comparison_chart, to_svg, win_rate_chart
from umbrella_lab.engine.core import REGISTRY, Game, games, load
from umbrella_lab.engine.data import tomllib
from umbrella_lab.engine.errors import UmbrellaLabError, seed_number, whole_number
from umbrella_lab.sim import compare, simulate, wilson
from umbrella_lab.sim.policies import game_policies
from umbrella_lab.sim.simulate import MAX_GAMES
from umbrella_lab.widgets.design import DesignPanel
from umbrella_lab.widgets.problems import run_safely
from umbrella_lab.widgets.views import how_it_plays, player_title, view_for

GAME_COUNTS = (200, 500, 1000, 2000, 5000, 10_000, 20_000)
"""The numbers of games the dashboard offers."""

STEPS = 12
"""Moves of the progress bar in one run (at least ten, whatever the number of games)."""

TAB_TITLES = ("Simulate a rule change", "Design report")
"""The dashboard's tabs: runs compared on the same seeds, and a game's design report."""

PACKAGED = "packaged"
"""The card-data choice that means the game's own data files."""

STYLE = """<style>
.uld { font-size: 15px; max-width: 1400px; }
.uld-title { font-size: 1.35em; font-weight: 650; margin: 0 0 0.1em; }
.uld-lead { color: var(--jp-ui-font-color2, #5f6975); margin: 0 0 0.4em; line-height: 1.4; }
.uld-body { display: flex; flex-flow: row wrap; gap: 0 1.2em; align-items: flex-start; }
.uld-side { flex: 0 0 25em; }
.uld-main { flex: 1 1 30em; min-width: 0; position: sticky; top: 0; }
@media (max-width: 1000px) {
  .uld-main { order: -1; position: static; flex-basis: 100%; }
  .uld-side { flex: 1 1 100%; flex-flow: row wrap; gap: 0 0.8em; }
  .uld-side > .uld-box { flex: 0 1 auto; }
}
.uld-box { border: 1px solid var(--jp-border-color2, #dfe3e8); border-radius: 8px;
  padding: 0.4em 0.6em; margin: 0.3em 0; }
.uld-box h4 { margin: 0 0 0.2em; font-size: 0.95em; color: var(--jp-ui-font-color1, #2c333d); }
.uld-headline { font-size: 1.25em; margin: 0.3em 0 0.1em; line-height: 1.35; }
.uld-headline b { color: #2c6e76; }
.uld-sub { color: var(--jp-ui-font-color2, #5f6975); margin: 0.15em 0; line-height: 1.35; }
.uld-save { display: inline-block; margin: 0.3em 0.4em 0.3em 0; padding: 4px 12px;
  border: 1px solid #1565c0; border-radius: 4px; color: #1565c0; text-decoration: none;
  font-weight: 600; }
.uld-save:hover, .uld-save:focus { background: #e3f0fb; }
.uld-compare { margin: 0.4em 0; padding: 0.5em 0.8em; border-left: 4px solid #e69f00;
  background: var(--jp-layout-color2, #f6f1e6); border-radius: 4px; line-height: 1.4; }
.uld-problem { margin: 0.4em 0; padding: 0.5em 0.8em; border-left: 4px solid #a8332a;
  background: #fbe6e3; color: #7a241d; border-radius: 4px; }
.uld-empty { color: var(--jp-ui-font-color2, #5f6975); margin: 0.6em 0; font-style: italic; }
.uld-charts { display: flex; flex-wrap: wrap; gap: 0.8em; align-items: flex-start; }
.uld-charts svg { max-width: 100%; height: auto; background: #ffffff; border-radius: 6px; }
.uld-changes { margin: 0.2em 0 0 1.2em; padding: 0; }
.uld-option { margin: 0.35em 0 0.5em; }
.uld-option-name { font-weight: 600; line-height: 1.3; }
.uld-option-help { color: var(--jp-ui-font-color2, #5f6975); font-size: 12.5px;
  line-height: 1.35; margin: 0 0 0.15em; }
.uld-rule { display: inline-block; font-size: 12px; padding: 0 0.45em; margin-left: 0.2em;
  border: 1px solid var(--jp-border-color2, #dfe3e8); border-radius: 0.8em;
  color: var(--jp-ui-font-color1, #2c333d); }
.uld .jupyter-widgets.widget-tab > .lm-TabBar .lm-TabBar-tab {  /* whole titles, 4.5:1 at least */
  flex: 0 0 auto; color: var(--jp-ui-font-color1, rgba(0, 0, 0, 0.87)); }
.uld-readings-lead { color: var(--jp-ui-font-color2, #5f6975); font-size: 12.5px;
  line-height: 1.4; margin: 0 0 0.3em; }
</style>"""


@dataclass
class Run:
    """One set of settings played on a range of seeds, as the dashboard shows it.

    Attributes:
        settings: The settings in words, e.g. ``{"game": "pig", "players": 2, ...}``.
        frame: The simulation table (one row per game; ``won`` counts for ``side``).
        side: Whose wins count: ``"the team"`` or a seat's name.
        games: How many games were played.
        seed: The first seed.
        rate: The win rate; ``low``/``high``: its 95% range (Wilson).
        low: See ``rate``.
        high: See ``rate``.
        defaults: The game's option defaults (the words name only the options changed).
        folder: The card-data folder played (``None``: the game's packaged files).
        titles: The rule options' names as the page shows them, by keyword.
    """

    settings: dict[str, Any]
    frame: pd.DataFrame
    side: str
    games: int
    seed: int
    defaults: dict[str, Any] = field(default_factory=dict)
    folder: Path | None = None
    titles: dict[str, str] = field(default_factory=dict)
    rate: float = field(init=False)
    low: float = field(init=False)
    high: float = field(init=False)

    def __post_init__(self) -> None:
        self.rate, self.low, self.high = wilson(int(self.frame["won"].sum()), len(self.frame))

    def words(self) -> str:
        """The settings in one line: what a run was (rule options only where changed)."""
        skip = {"game", *self.defaults}
        parts = [
            f"{key} {_value(value)}" for key, value in self.settings.items() if key not in skip
        ]
        parts += [
            f"{_in_a_line(self.titles.get(key, key.replace('_', ' ')))}: {_choice_words(value)}"
            for key, value in self.settings.items()
            if key in self.defaults and value != self.defaults[key]
        ]
        return f"{_title(self.settings['game'])}: " + ", ".join(parts)


class Dashboard(w.VBox):
    """Pick a game and its settings, run many games, keep a baseline and compare a change.

    Args:
        game: The game shown first.
        variants: Folders holding card-data variants (one sub-folder per variant, e.g. the
            copies a class makes in workshop 04); a sub-folder that holds every data file a
            game reads is offered for that game.
        seed: The first seed of every run.
    """

    def __init__(
        self,
        game: str = "academy",
        variants: str | Path | Iterable[str | Path] = (),
        seed: int = 2024,
    ) -> None:
        names = _playable_games()
        if not names:
            raise UmbrellaLabError("no game could be loaded")
        if game not in names:
            msg = f"no game named {game!r} can be shown; the games are {', '.join(names)}"
            raise UmbrellaLabError(msg)
        listed = [variants] if isinstance(variants, str | Path) else variants
        listed = list(listed) if isinstance(listed, Iterable) else listed
        if not isinstance(listed, list) or not all(isinstance(v, str | Path) for v in listed):
            msg = f"variants must be a folder or a list of folders, not {variants!r}"
            raise UmbrellaLabError(msg)
        seed = whole_number(seed, "the dashboard's first seed", low=0, high=10**9)  # its box's
        self.variant_roots = list(map(Path, listed))
        self.baseline: Run | None = None
        self.current: Run | None = None
        self._option_controls: dict[str, w.Dropdown] = {}
        self._option_titles: dict[str, str] = {}

        self.game_choice = w.Dropdown(
            options=[(_title(name), name) for name in names],
            value=game,
            description="Game",
        )
        self.players_choice = w.Dropdown(description="Players")
        self.variant_choice = w.Dropdown(description="Card data")
        self.policy_choice = w.Dropdown(description="Who plays")
        self.side_choice = w.Dropdown(description="Count wins of")
        self.games_choice = w.Dropdown(
            options=[(f"{n:,}", n) for n in GAME_COUNTS], value=2000, description="Games"
        )
        self.seed_box = w.BoundedIntText(value=seed, min=0, max=10**9, description="First seed")
        self.players_help = w.HTML("")
        self.options_box = w.VBox()
        self.readings_box = w.VBox()
        self.readings = w.Accordion(children=[self.readings_box], selected_index=None)
        self.readings.set_title(0, "Advanced: readings")
        for control in (
            self.game_choice,
            self.players_choice,
            self.variant_choice,
            self.policy_choice,
            self.side_choice,
            self.games_choice,
            self.seed_box,
        ):
            control.style = {"description_width": "8.5em"}
            control.layout = w.Layout(width="23em")

        self.run_button = w.Button(description="Run", button_style="primary", icon="play")
        self.keep_button = w.Button(description="Keep as baseline", icon="thumb-tack")
        self.clear_button = w.Button(description="Clear baseline", icon="times")
        self.keep_button.disabled = self.clear_button.disabled = True
        for button in (self.run_button, self.keep_button, self.clear_button):
            button.layout = w.Layout(width="auto")
        self.progress = w.IntProgress(value=0, min=0, max=1, description="", bar_style="info")
        self.progress.layout = w.Layout(width="14em", display="none")
        self.progress_text = w.Label("")
        self.baseline_note = w.HTML("")
        self.results = w.HTML(
            '<div class="uld-empty">No run yet: choose the settings and press Run.</div>'
        )
        self.charts = w.HTML("")

        self.run_button.on_click(lambda _: self._safely(self.run))
        self.keep_button.on_click(lambda _: self._safely(self.keep_baseline))
        self.clear_button.on_click(lambda _: self._safely(self.clear_baseline))
        self.game_choice.observe(lambda _: self._game_changed(), names="value")
        self.players_choice.observe(lambda _: self._players_changed(), names="value")
        self.policy_choice.observe(lambda _: self._explain_players(), names="value")
        self._watch_stop: threading.Event | None = None

        head = w.HTML(STYLE + '<div class="uld-title">Game lab</div>')
        lead = w.HTML(
            '<div class="uld-lead">Pick the settings and run. Keep the run as the baseline, '
            "change one thing and run again: both are played on the same seeds, so the "
            "difference comes from the change, not from luck.</div>"
        )
        table = w.VBox(
            [
                w.HTML("<h4>The game</h4>"),
                self.game_choice,
                self.players_choice,
                self.variant_choice,
            ]
        )
        play = w.VBox(
            [
                w.HTML("<h4>The players and the run</h4>"),
                self.policy_choice,
                self.players_help,
                self.side_choice,
                self.games_choice,
                self.seed_box,
            ]
        )
        rules = w.VBox([w.HTML("<h4>Rule options</h4>"), self.options_box, self.readings])
        for box in (table, play, rules):
            box.add_class("uld-box")
        side = w.VBox([table, play, rules])
        side.add_class("uld-side")
        buttons = [self.run_button, self.keep_button, self.clear_button]
        actions = w.HBox([*buttons, self.progress, self.progress_text])
        actions.layout = w.Layout(flex_flow="row wrap", align_items="center")
        main = w.VBox([actions, self.baseline_note, self.results, self.charts])
        main.add_class("uld-main")
        body = w.Box([side, main])
        body.add_class("uld-body")
        self.design = DesignPanel(names, game, seed=seed)
        self.tabs = w.Tab(children=[w.VBox([lead, body]), self.design])
        for index, title in enumerate(TAB_TITLES):
            self.tabs.set_title(index, title)
        super().__init__([head, self.tabs])
        self.add_class("uld")
        self._game_changed()

    # --- what the page shows and does --------------------------------------------------------
    def __repr__(self) -> str:
        players = self.players_choice.value
        return (
            f"Dashboard({self.game_choice.value}, {players} player{'s' * (players != 1)}, "
            f"{self.games_choice.value:,} games)"
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict, dict] | None:
        """The live page, plus a line for places where widgets do not run.

        Once shown, the page looks for new card-data folders every few seconds
        (:meth:`watch_variants`).
        """
        self.watch_variants()
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        metadata = bundle[1] if isinstance(bundle, tuple) else {}
        data = {
            **data,
            "text/plain": repr(self),
            "text/html": (
                '<div style="font-family:sans-serif;border:1px solid #dfe3e8;border-radius:8px;'
                'padding:10px 14px;max-width:760px"><b>Game lab: simulate a rule change, '
                "measure a design</b>"
                "<br>The teacher's dashboard runs with a live kernel: open this notebook in "
                "Voila (<code>umbrella-lab dashboard</code>) or JupyterLab.</div>"
            ),
        }
        return data, metadata

    @property
    def game(self) -> Game:
        """The game with the settings chosen now (raises a clear error for a bad setting)."""
        options = {name: _unmenu(control.value) for name, control in self._option_controls.items()}
        data = self.variant_choice.value
        if data not in (None, PACKAGED):
            options["data"] = data
        return load(self.game_choice.value, players=self.players_choice.value, **options)

    def settings(self) -> dict[str, Any]:
        """The settings chosen now, in words (what a run records)."""
        found: dict[str, Any] = {
            "game": self.game_choice.value,
            "players": self.players_choice.value,
        }
        for name, control in self._option_controls.items():
            found[name] = _unmenu(control.value)
        variant = self.variant_choice.value
        found["card data"] = PACKAGED if variant in (None, PACKAGED) else Path(variant).name
        found["who plays"] = self.policy_choice.value
        return found

    def run(self, games: int | None = None, seed: int | None = None) -> Run:
        """Play the chosen settings (with a baseline kept: on the baseline's seeds) and show them.

        Args:
            games: How many games (default: the number chosen on the page).
            seed: The first seed (default: the one on the page).

        Returns:
            The run, also shown on the page and kept as :attr:`current`.

        Raises:
            OptionError: for a number of games or a seed that is not a whole number in range
                (nothing is played, the page stays as it was).
        """
        if self.baseline is not None:
            games, seed = self.baseline.games, self.baseline.seed
        games = whole_number(
            games if games is not None else self.games_choice.value,
            "the number of games",
            low=1,
            high=MAX_GAMES,
        )
        seed = seed_number(seed if seed is not None else self.seed_box.value)
        self.refresh_variants()
        game = self.game
        policy = self.policy_choice.value
        side = self.side_choice.value
        self.run_button.disabled = True
        self.progress.max, self.progress.value = games, 0
        self.progress.layout.display = "flex"
        self.progress_text.value = f"0 of {games:,} games"
        frames = []
        began = time.monotonic()
        try:
            done = 0
            for size in _steps(games):
                frames.append(simulate(game, policy, n=size, seed=seed + done, progress=False))
                done += size
                self.progress.value = done
                left = _time_left(time.monotonic() - began, done, games)
                self.progress_text.value = f"{done:,} of {games:,} games" + (
                    f" · {left}" if left else ""
                )
        finally:
            self.run_button.disabled = False
        frame = pd.concat(frames, ignore_index=True)
        frame["won"] = _wins(frame, game, side)
        defaults = {option.name: option.default for option in game.info.options}
        variant = self.variant_choice.value
        folder = None if variant in (None, PACKAGED) else Path(variant)
        run = Run(
            self.settings(),
            frame,
            _side_words(game, side),
            games,
            seed,
            defaults,
            folder,
            dict(self._option_titles),
        )
        self.current = run
        self.progress.layout.display = "none"
        self.progress_text.value = f"{games:,} games played"
        self.keep_button.disabled = False
        self._show()
        return run

    def keep_baseline(self) -> Run:
        """Keep the last run as the baseline: later runs use its seeds and are compared with it."""
        if self.current is None:
            raise UmbrellaLabError("run the games first, then keep the run as the baseline")
        self.baseline = self.current
        self.games_choice.disabled = self.seed_box.disabled = True
        self.clear_button.disabled = False
        self._show()
        return self.baseline

    def clear_baseline(self) -> None:
        """Forget the baseline; the number of games and the seed can be changed again."""
        self.baseline = None
        self.games_choice.disabled = self.seed_box.disabled = False
        self.clear_button.disabled = True
        self._show()

    # --- drawing -----------------------------------------------------------------------------
    def _show(self) -> None:
        base, run = self.baseline, self.current
        if base is not None:
            self.baseline_note.value = (
                f'<div class="uld-sub">Baseline kept: <b>{html.escape(base.words())}</b>, '
                f"{base.games:,} games from seed {base.seed} (runs now use these seeds).</div>"
            )
        else:
            self.baseline_note.value = ""
        if run is None:
            self.results.value = self.charts.value = ""
            return
        lines = [
            f'<div class="uld-headline">{html.escape(run.side.capitalize())} won '
            f"<b>{run.rate:.1%}</b> of {run.games:,} games "
            f"(95% range {run.low:.1%} to {run.high:.1%}).</div>",
            f'<div class="uld-sub">{html.escape(run.words())}; seeds {run.seed} to '
            f"{run.seed + run.games - 1}.</div>",
        ]
        charts = []
        title = f"How often {run.side} won"
        comparable = base is not None and base is not run and _comparable(base, run)
        if comparable:
            assert base is not None
            result = compare(run.frame, base.frame)
            changes = _changes(base.settings, run.settings, self._option_titles)
            changes += self._card_changes(base, run)
            said = "".join(f"<li>{html.escape(change)}</li>" for change in changes) or (
                "<li>nothing: the same settings</li>"
            )
            lines.append(
                '<div class="uld-compare">'
                f"<b>Against the baseline, on the same {result.games:,} seeds:</b> "
                f"{result.difference * 100:+.1f} points (95% range {result.low * 100:+.1f} to "
                f"{result.high * 100:+.1f}). {result.only_a:,} seeds were won only with the "
                f"change, {result.only_b:,} only in the baseline."
                f'<div class="uld-sub">What changed:</div><ul class="uld-changes">{said}</ul>'
                "</div>"
            )
            charts.append(
                comparison_chart(
                    run.frame,
                    base.frame,
                    labels=("change", "baseline"),
                    title=f"The change or the baseline: how often {run.side} won",
                )
            )
        elif base is not None and base is not run:
            lines.append(
                '<div class="uld-problem">The baseline is another game (or counts another '
                "side's wins): keep this run as the new baseline to compare with it.</div>"
            )
        if not comparable:
            charts.append(win_rate_chart(run.frame, by=None, title=title))
        self.results.value = "".join(lines)
        self.charts.value = (
            '<div class="uld-charts">'
            + "".join(f"<div>{to_svg(chart)}</div>" for chart in charts)
            + "</div>"
        )

    def _safely(self, action: Callable[[], object]) -> None:
        """Run a button's action; a problem is shown on the page (:func:`run_safely`)."""
        run_safely(
            action,
            button=self.run_button,
            progress=self.progress,
            progress_text=self.progress_text,
            shown_in=self.results,
        )

    def _game_changed(self) -> None:
        name = self.game_choice.value
        game = load(name)
        info = game.info
        self.players_choice.options = [(str(p), p) for p in info.players]
        default_players = 3 if info.cooperative and 3 in info.players else info.players[0]
        self.players_choice.value = default_players
        controls = {}
        titles: dict[str, str] = {}
        rows: list[w.Widget] = []
        readings: list[w.Widget] = []
        book = _rule_book(game)
        shared = Counter(option.rule for option in info.options)  # one rule, several options
        for option in info.options:
            choices = _choices(info.name, option)
            if option.name == "data" or not choices:
                continue
            reading = option.rule.startswith("opt.")
            entry = book.get(option.rule) if shared[option.rule] == 1 else None
            titles[option.name] = _option_title(option, entry)
            control, row = _option_row(
                option, choices, book.get(option.rule), reading, titles[option.name]
            )
            controls[option.name] = control
            (readings if reading else rows).append(row)
        self._option_controls = controls
        self._option_titles = titles
        self.options_box.children = rows or [
            w.HTML(
                "<i>No settings beyond the readings below.</i>"
                if readings
                else "<i>This game has no rule options.</i>"
            )
        ]
        lead = w.HTML(
            '<div class="uld-readings-lead">Where the rulebook is unclear or says a thing two '
            "ways, the kit plays one reading, the default (marked ★ default); the other "
            "readings are here to compare. Each names its entry in the rule digest.</div>"
        )
        self.readings_box.children = [lead, *readings]
        self.readings.set_title(0, f"Advanced: readings ({len(readings)})")
        self.readings.layout.display = "" if readings else "none"
        self.readings.selected_index = None
        has_data = any(option.name == "data" for option in info.options)
        self.variant_choice.options = [(PACKAGED, PACKAGED)]
        self.variant_choice.value = PACKAGED
        self.variant_choice.disabled = not has_data
        self.refresh_variants()
        names = sorted(game_policies(name))
        self.policy_choice.options = [(player_title(policy), policy) for policy in names]
        self.policy_choice.value = "heuristic" if "heuristic" in names else names[0]
        self._players_changed()
        self._explain_players()

    # --- card data and players, explained ----------------------------------------------------
    def refresh_variants(self) -> list[str]:
        """Look again for card-data folders; a new one joins the menu, every setting stays.

        Returns:
            The folder names the menu offers now (after "packaged").
        """
        name = self.game_choice.value
        game = load(name)
        has_data = any(option.name == "data" for option in game.info.options)
        found = _variants(game, self.variant_roots) if has_data else []
        options = ((PACKAGED, PACKAGED), *((folder.name, str(folder)) for folder in found))
        if tuple(map(tuple, self.variant_choice.options)) != options:
            keep = self.variant_choice.value
            self.variant_choice.options = options
            values = [value for _, value in options]
            self.variant_choice.value = keep if keep in values else PACKAGED
        return [label for label, _ in options[1:]]

    def watch_variants(self, every: float = 2.0) -> None:
        """Look for new card-data folders every ``every`` seconds until the page is closed.

        A group that saves a variant in ``my_work/`` sees it in the menu at once, with the
        game, the players and every option as they were.
        """
        if self._watch_stop is not None or not self.variant_roots:
            return
        stop = threading.Event()
        self._watch_stop = stop
        board = weakref.ref(self)

        def look() -> None:
            while not stop.wait(every):
                page = board()
                if page is None:
                    return
                with contextlib.suppress(Exception):  # a folder half written: look again
                    page.refresh_variants()
                del page

        threading.Thread(target=look, name="dashboard-card-data", daemon=True).start()

    def close(self) -> None:
        """Close the page and stop looking for card-data folders."""
        stop = getattr(self, "_watch_stop", None)  # None too when the page never got built
        if stop is not None:
            stop.set()
        super().close()

    def _explain_players(self) -> None:
        """One line per player on how it plays, and what changes from game to game."""
        name = self.game_choice.value
        table = game_policies(name)
        chosen = self.policy_choice.value
        items = []
        for policy in sorted(table):
            how = how_it_plays(table, policy)
            style = ' style="font-weight:600"' if policy == chosen else ""
            title = html.escape(player_title(policy))
            items.append(f"<li{style}><b>{title}</b>: {html.escape(how)}</li>")
        options = {option.name for option in load(name).info.options}
        dealt = "the heroes, " if "heroes" in options else ""
        self.players_help.value = (
            '<div class="uld-option-help"><ul class="uld-changes">' + "".join(items) + "</ul>"
            f"Each game starts from a seed of its own: {dealt}every shuffle and every roll are "
            "dealt anew, so the random set-up changes from game to game. A kept baseline and a "
            "change replay the same seeds.</div>"
        )

    def _card_changes(self, base: Run, run: Run) -> list[str]:
        """What the two runs' card data differ in, one line per card (at most 12 lines)."""
        if base.folder == run.folder:
            return []
        try:
            game = load(self.game_choice.value)
            packaged = Path(str(game.info.data(game)[0])).parent if game.info.data else None
            if packaged is None:
                return []
            lines = data_changes(base.folder or packaged, run.folder or packaged)
        except (OSError, UmbrellaLabError):
            return ["the card data (the folders could not be read again)"]
        if not lines:
            return ["the card data: no card differs"]
        shown = lines[:12]
        if len(lines) > 12:
            shown.append(f"and {len(lines) - 12} more changes")
        return shown

    def _players_changed(self) -> None:
        name = self.game_choice.value
        players = self.players_choice.value
        if players is None:
            return
        game = load(name, players=players)
        if game.info.cooperative:
            self.side_choice.options = [("the team", "team")]
            self.side_choice.value = "team"
        else:
            seats = view_for(name).seat_names(game.new(0))
            self.side_choice.options = [(seat, index) for index, seat in enumerate(seats)]
            self.side_choice.value = 0


# --- helpers -----------------------------------------------------------------------------------


def _steps(games: int) -> list[int]:
    """The games of each step of a run: :data:`STEPS` steps (fewer only for a tiny run).

    >>> _steps(500)
    [42, 42, 42, 42, 42, 42, 42, 42, 42, 42, 42, 38]
    """
    size = max(1, math.ceil(games / STEPS))
    return [min(size, games - start) for start in range(0, games, size)]


def _time_left(spent: float, done: int, games: int) -> str:
    """The time a run still needs, from the pace so far: "about 12 s left", or ""."""
    if done <= 0 or done >= games:
        return ""
    seconds = spent / done * (games - done)
    if seconds < 1:
        return "under 1 s left"
    if seconds < 90:
        return f"about {round(seconds)} s left"
    return f"about {round(seconds / 60)} min left"


def _rule_book(game: Game) -> dict[str, Any]:
    """The game's rule digest by id, or nothing when it cannot be read."""
    try:
        return dict(game.rules)
    except (FileNotFoundError, ModuleNotFoundError, UmbrellaLabError):
        return {}


def _option_title(option: Any, rule: Any) -> str:
    """An option's name in words: its own digest entry's title, else its keyword."""
    keyword = option.name.replace("_", " ")
    title = (
        rule.title
        if rule is not None and getattr(rule, "title", "")  # type: ignore[arg-type]
        else keyword
    )
    return title[:1].upper() + title[1:]


def _option_row(
    option: Any, choices: tuple[Any, ...], rule: Any, reading: bool, title: str = ""
) -> tuple[w.Dropdown, w.VBox]:
    """An option's menu under its name in words, what it changes and its rule.

    The name is the digest entry's title where the entry is the option's own ("Who faces which
    card"), the option's keyword otherwise ("Hand size", whose rule is the player-count
    table); the help line says what the option changes in the page's words (the menu's words for
    its values: "yes", "no", "the rulebook's", never ``True`` or ``None``) and names its rule by
    the digest's title ("rule: Player-count table"); the tooltips add the rule's id and the
    keyword used in code. A reading marks its default.
    """
    title = title or _option_title(option, rule)
    texts = [option.doc, getattr(rule, "text", "")]
    words = {_menu(choice): _choice_words(choice, texts) for choice in choices}
    helped = _page_help(option.doc, words)
    in_code = f"in code: {option.name}=..."
    tip = f"{helped} ({f'rule {option.rule}; ' if option.rule else ''}{in_code})"

    def label(choice: Any) -> str:
        said = words[_menu(choice)]
        return f"{said} ★ default" if reading and choice == option.default else said

    control = w.Dropdown(
        options=[(label(choice), _menu(choice)) for choice in choices],
        value=_menu(option.default),
        description="",
        tooltip=tip,
    )
    control.layout = w.Layout(width="100%", max_width="23em")
    chip = ""
    if option.rule:
        named = getattr(rule, "title", "") if rule is not None else ""
        said = f"rule: {named}" if named and named != title else "its rule in the digest"
        chip = (
            f' <span class="uld-rule" title="{html.escape(f"rule {option.rule} of the digest")}">'
            f"{html.escape(said)}</span>"
        )
    name = w.HTML(
        f'<div class="uld-option-name" title="{html.escape(tip)}">{html.escape(title)}</div>'
        f'<div class="uld-option-help" title="{html.escape(tip)}">{html.escape(helped)}'
        + chip
        + "</div>"
    )
    row = w.VBox([name, control])
    row.add_class("uld-option")
    return control, row


def _in_a_line(title: str) -> str:
    """A title inside a line: "Starting life" becomes "starting life", "NYPD HQ" stays."""
    return title[:1].lower() + title[1:] if title[1:2].islower() else title


def _choice_words(value: Any, texts: Iterable[str] = ()) -> str:
    """A menu value as the page says it: "yes", "no", "the rulebook's", "round end", "Red Skull".

    A value's hyphens become spaces; where the option's help or its rule always writes each of
    those words with a capital (a name such as Red Skull), the page does too.

    >>> _choice_words(None), _choice_words(False), _choice_words("attack-and-damage")
    ("the rulebook's", 'no', 'attack and damage')
    >>> _choice_words("red-skull", ["**Red Skull** (a first game's villain) or Ultron"])
    'Red Skull'
    """
    if not isinstance(value, str) or value == DEFAULT:
        return _value(value)
    said = value.replace("-", " ")
    found = {
        match[0]
        for text in texts
        for match in re.finditer(rf"(?<![\w-]){re.escape(said)}(?![\w-])", text, re.IGNORECASE)
    }
    if found and all(word[:1].isupper() for form in found for word in form.split()):
        return sorted(found)[0]
    return said


_NONE_USES_TABLE = re.compile(r"\bNone uses the (?:player-count )?table\b")


def _page_help(doc: str, words: Mapping[Any, str]) -> str:
    """An option's help in the page's words: its values as the menu names them.

    A value quoted in the help (``'rotate'``) is quoted as the menu shows it (“rotate”),
    ``True`` and ``False`` are “yes” and “no”, and ``None`` is “the rulebook's”.

    >>> _page_help("Hand size; None uses the player-count table.", {DEFAULT: "the rulebook's"})
    "Hand size; “the rulebook's”: as its table for the player count says."
    >>> _page_help("Strict (False: the first stays).", {True: "yes", False: "no"})
    'Strict (“no”: the first stays).'
    """
    default = words.get(DEFAULT, "the rulebook's")
    text = _NONE_USES_TABLE.sub(f"“{default}”: as its table for the player count says", doc)
    text = re.sub(r"\bNone\b", f"“{default}”", text)
    text = re.sub(r"\bTrue\b", f"“{words.get(True, 'yes')}”", text)
    text = re.sub(r"\bFalse\b", f"“{words.get(False, 'no')}”", text)

    named = sorted((value for value in words if isinstance(value, str)), key=len, reverse=True)
    if not named:
        return text
    values = "|".join(map(re.escape, named))
    return re.sub(rf"'({values})'", lambda match: f"“{words[match[1]]}”", text)


def _playable_games() -> list[str]:
    """The registered games that load (a game still being written may not)."""
    found = []
    for name in games():
        try:
            load(name)
        except Exception:  # a broken game is left out of the menu, not shown as a crash
            continue
        found.append(name)
    return found


def _choices(game: str, option: Any) -> tuple[Any, ...]:
    """The values a menu offers for an option: its choices, or the whole numbers it allows.

    An option such as a hand size takes a number or ``None`` (the rulebook's table); the
    numbers from 0 to 30 that it accepts are offered after "default". Options that take other
    things (a list of heroes) are left at their defaults here.
    """
    if option.choices:
        return tuple(option.choices)
    if option.check is None:
        return ()
    allowed = []
    for number in range(31):
        try:
            option.validate(game, number)
        except UmbrellaLabError:
            continue
        allowed.append(number)
    if not allowed:
        return ()
    return (option.default, *[n for n in allowed if n != option.default])


DEFAULT = "(the rulebook's)"
"""How a menu shows an option left to the game (``None``: e.g. the table's hand size)."""


def _menu(value: Any) -> Any:
    """A value as a menu holds it (a menu cannot hold ``None``)."""
    return DEFAULT if value is None else value


def _unmenu(value: Any) -> Any:
    return None if value == DEFAULT else value


def _title(name: str) -> str:
    return REGISTRY.games[name].title


def _variants(game: Game, roots: list[Path]) -> list[Path]:
    """Sub-folders of ``roots`` that hold every data file ``game`` reads."""
    if game.info.data is None:
        return []
    needed = [Path(str(path)).name for path in game.info.data(game)]
    found = []
    for root in roots:
        if not root.is_dir():
            continue
        for folder in sorted(root.iterdir()):
            if folder.is_dir() and all((folder / name).is_file() for name in needed):
                found.append(folder.resolve())
    return found


def _wins(frame: pd.DataFrame, game: Game, side: Any) -> pd.Series:
    """True for the games the chosen side won (the team's wins in a co-operative game)."""
    if game.info.cooperative or side == "team":
        return frame["won"].astype(bool)
    return frame["winners"].apply(lambda winners: side in winners)


def _side_words(game: Game, side: Any) -> str:
    if game.info.cooperative or side == "team":
        return "the team"
    return view_for(game.name).seat_names(game.new(0))[int(side)]


def _comparable(a: Run, b: Run) -> bool:
    return a.settings["game"] == b.settings["game"] and a.side == b.side


def _changes(
    before: dict[str, Any], after: dict[str, Any], titles: Mapping[str, str] | None = None
) -> list[str]:
    """What differs between two runs' settings, each option named as its menu names it."""
    titles = titles or {}
    said = {key: _choice_words if key in titles else _value for key in after}
    return [
        f"{titles.get(key, key.replace('_', ' '))}: {said[key](before.get(key))} → "
        f"{said[key](value)}"
        for key, value in after.items()
        if before.get(key) != value
    ]


def _value(value: Any) -> str:
    """A setting's value in words: "the rulebook's", "yes", "no", "two-pigs", "2"."""
    if value is None or value == DEFAULT:
        return "the rulebook's"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)


def data_changes(before: str | Path, after: str | Path) -> list[str]:
    """What a card-data folder changes against another, one line per card (or setting) changed.

    >>> data_changes(packaged, "my_work/no-villain-50")  # doctest: +SKIP
    ['villain_attack.toml, card villain-attack-50: copies 6 → 0']

    Entries are matched by their ``id``; a file that cannot be read says so on its line.
    Comments and layout are not changes.
    """
    before, after = Path(before), Path(after)
    lines: list[str] = []
    for old_path in sorted(before.glob("*.toml")):
        name = old_path.name
        new_path = after / name
        if not new_path.is_file():
            lines.append(f"{name}: missing")
            continue
        if old_path.read_bytes() == new_path.read_bytes():
            continue
        try:
            old = tomllib.loads(old_path.read_text(encoding="utf-8"))
            new = tomllib.loads(new_path.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
            lines.append(f"{name}: cannot be read ({error})")
            continue
        for key in [*old, *(k for k in new if k not in old)]:
            was, now = old.get(key), new.get(key)
            if was == now:
                continue
            if _entries(was) and _entries(now):
                lines += _entry_changes(f"{name}, {key}", was, now)
            else:
                lines.append(f"{name}, {key}: {_data_value(was)} → {_data_value(now)}")
    return lines


def _entries(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(entry, dict) for entry in value)


def _entry_changes(where: str, old: list[dict], new: list[dict]) -> list[str]:
    """The entries of one table list that differ, matched by ``id`` (else by position)."""

    def by_id(entries: list[dict]) -> dict[str, dict]:
        return {str(entry.get("id", f"#{i + 1}")): entry for i, entry in enumerate(entries)}

    was, now = by_id(old), by_id(new)
    lines = []
    for key in [*was, *(k for k in now if k not in was)]:
        a, b = was.get(key), now.get(key)
        if a is None:
            lines.append(f"{where} {key}: new")
        elif b is None:
            lines.append(f"{where} {key}: removed")
        elif a != b:
            fields = [*a, *(f for f in b if f not in a)]
            said = ", ".join(
                f"{field} {_data_value(a.get(field))} → {_data_value(b.get(field))}"
                for field in fields
                if a.get(field) != b.get(field)
            )
            lines.append(f"{where} {key}: {said}")
    return lines


def _data_value(value: Any) -> str:
    """A data file's value as the file writes it: true, 6, "TT", "" (nothing)."""
    if value is None:
        return "(none)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)
