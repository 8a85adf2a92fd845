"""The teacher's dashboard, driven from Python: settings, runs, a baseline and a comparison."""

from __future__ import annotations

import html
import re

import pytest
from helpers import copy_data, edit_entry

from umbrella_lab import sim
from umbrella_lab.engine.core import REGISTRY
from umbrella_lab.engine.errors import UmbrellaLabError
from umbrella_lab.widgets import Dashboard


def test_a_run_shows_the_win_rate_with_its_range_and_a_chart():
    board = Dashboard(game="academy")
    assert board.players_choice.value == 3
    assert board.side_choice.value == "team"
    assert "No run yet" in board.results.value
    run = board.run(games=200)
    frame = sim.simulate("academy", players=3, n=200, seed=2024)
    assert run.games == 200 and run.seed == 2024
    assert int(run.frame["won"].sum()) == int(frame["won"].sum())
    assert run.low <= run.rate <= run.high
    assert f"{run.rate:.1%}" in board.results.value and "95% range" in board.results.value
    assert board.charts.value.count("<svg") == 1
    assert not board.keep_button.disabled


def test_a_kept_baseline_fixes_the_seeds_and_a_change_is_compared_on_them():
    board = Dashboard(game="academy", seed=7)
    board.games_choice.value = 500
    base = board.run()
    board.keep_baseline()
    assert board.games_choice.disabled and board.seed_box.disabled
    board._option_controls["base_life"].value = 6
    board.seed_box.value = 99  # ignored while a baseline is kept
    change = board.run(games=200)
    assert (change.games, change.seed) == (500, 7)
    assert list(change.frame["seed"]) == list(base.frame["seed"])
    expected = sim.compare(change.frame, base.frame)
    assert f"{expected.difference * 100:+.1f} points" in board.results.value
    assert "Starting life: 5 → 6" in board.results.value
    assert board.charts.value.count("<svg") == 1  # the comparison chart
    board.clear_baseline()
    assert not board.games_choice.disabled and board.baseline is None


def test_competitive_games_count_one_seats_wins():
    board = Dashboard(game="corporation")
    assert [label for label, _ in board.side_choice.options] == ["Heroes", "Umbrella"]
    board.side_choice.value = 1
    run = board.run(games=200)
    assert run.side == "Umbrella"
    wins = run.frame["winners"].apply(lambda winners: 1 in winners)
    assert list(run.frame["won"]) == list(wins)
    assert "Umbrella won" in board.results.value


def test_options_without_a_list_offer_the_numbers_they_allow():
    board = Dashboard(game="academy")
    strength = board._option_controls["strength"]
    assert strength.options[0] == ("the rulebook's", "(the rulebook's)")
    strength.value = 9
    assert board.game.options["strength"] == 9
    assert "heroes" not in board._option_controls  # a list of heroes: left at its default


def test_a_card_data_variant_is_found_and_played(tmp_path):
    folder = copy_data(tmp_path / "my_work", "pig")
    variant = folder.rename(tmp_path / "my_work" / "two-pigs")
    edit_entry(variant, "die.toml", "six", "pig = false", "pig = true")
    (tmp_path / "my_work" / "not-a-variant").mkdir()
    board = Dashboard(game="pig", variants=tmp_path / "my_work")
    assert [label for label, _ in board.variant_choice.options] == ["packaged", "two-pigs"]
    board.variant_choice.value = str(variant.resolve())
    assert board.game.options["data"] == str(variant.resolve())
    run = board.run(games=100)
    assert run.settings["card data"] == "two-pigs"
    assert "card data two-pigs" in board.results.value


def test_a_broken_variant_is_shown_as_a_problem_not_raised(tmp_path):
    variant = copy_data(tmp_path / "my_work", "pig").rename(tmp_path / "my_work" / "typo")
    board = Dashboard(game="pig", variants=[tmp_path / "my_work"])
    edit_entry(variant, "die.toml", "six", "value = 6", "valeu = 6")
    board.variant_choice.value = str(variant.resolve())
    board._safely(board.run)
    assert "uld-problem" in board.results.value
    assert "valeu" in board.results.value and "die.toml" in board.results.value
    assert not board.run_button.disabled


def test_keeping_a_baseline_before_a_run_says_what_to_do():
    board = Dashboard(game="pig")
    with pytest.raises(UmbrellaLabError, match="run the games first"):
        board.keep_baseline()


def test_an_unknown_game_and_a_broken_game(monkeypatch):
    with pytest.raises(UmbrellaLabError, match="no game named 'chess'"):
        Dashboard(game="chess")
    monkeypatch.setitem(REGISTRY.broken, "broken-game", "SyntaxError: half written")
    board = Dashboard(game="pig")
    assert "broken-game" not in [name for _, name in board.game_choice.options]


def test_switching_the_game_rebuilds_the_menus():
    board = Dashboard(game="academy")
    board.game_choice.value = "pig"
    assert [value for _, value in board.players_choice.options] == [2, 3, 4]
    assert list(board._option_controls) == ["goal"]
    assert ("hold at 20", "hold-at-20") in board.policy_choice.options
    assert repr(board) == "Dashboard(pig, 2 players, 2,000 games)"


def test_the_saved_notebook_shows_a_line_not_the_controls():
    data, _ = Dashboard(game="pig")._repr_mimebundle_()
    assert data["text/plain"] == "Dashboard(pig, 2 players, 2,000 games)"
    assert "umbrella-lab dashboard" in data["text/html"]


def test_the_progress_bar_moves_at_least_ten_times_a_run_with_the_time_left():
    board = Dashboard(game="pig")
    steps, texts = [], []
    board.progress.observe(lambda change: steps.append(change["new"]), names="value")
    board.progress_text.observe(lambda change: texts.append(change["new"]), names="value")
    board.run(games=200)
    moves = [value for value in steps if value > 0]
    assert len(moves) >= 10 and moves == sorted(moves) and moves[-1] == 200
    assert any(" left" in text for text in texts)  # "40 of 200 games · about 2 s left"
    assert texts[-1] == "200 games played"


def test_each_option_is_named_in_words_with_what_it_changes_and_its_rule():
    board = Dashboard(game="academy")
    game = board.game
    readings = [o for o in game.info.options if o.rule.startswith("opt.")]
    page = " ".join(child.value for child in _html_of(board.options_box))
    advanced = " ".join(child.value for child in _html_of(board.readings_box))
    assert "Hand size" in page and "rule: Player-count table" in page  # its rule, in words
    assert "strict heal" not in page  # readings wait in the Advanced section
    assert board.readings.get_title(0) == f"Advanced: readings ({len(readings)})"
    assert board.readings.selected_index is None  # folded until opened
    for option in readings:
        assert f"rule {option.rule} of the digest" in advanced, option.name  # in a tooltip
        assert html.escape(game.rules[option.rule].title) in advanced, option.name
        control = board._option_controls[option.name]
        assert f"in code: {option.name}=" in control.tooltip and option.rule in control.tooltip
        assert [label for label, value in control.options if "★ default" in label] == [
            next(label for label, value in control.options if value == option.default)
        ]
    pig = Dashboard(game="pig")  # a game whose only option is a reading
    assert "No settings beyond the readings" in pig.options_box.children[0].value


def _html_of(box):
    """Every HTML widget inside a box, however deep."""
    for child in box.children:
        if hasattr(child, "children"):
            yield from _html_of(child)
        elif type(child).__name__ == "HTML":
            yield child


@pytest.mark.parametrize("games", [0, -5, 2.5, "ten", 10**30])
def test_a_bad_number_of_games_is_refused_and_the_run_button_stays_usable(games):
    board = Dashboard(game="pig")
    with pytest.raises(UmbrellaLabError, match="the number of games"):
        board.run(games=games)
    assert not board.run_button.disabled and board.current is None


def test_the_design_report_tab_measures_a_game_with_progress_and_shows_its_tabs():
    board = Dashboard(game="pig")
    assert [board.tabs.get_title(i) for i in range(2)] == [
        "Simulate a rule change",
        "Design report",
    ]
    panel = board.design
    assert "No report yet" in panel.summary.value and panel.depth_choice.value == "quick"
    panel.game_choice.value = "academy"
    assert panel.players_choice.value == 3  # a co-operative game starts at three
    panel.game_choice.value = "pig"
    panel.pictures = False  # the tables only: the charts are drawn in tests/test_design.py
    steps, texts = [], []
    panel.progress.observe(lambda change: steps.append(change["new"]), names="value")
    panel.progress_text.observe(lambda change: texts.append(change["new"]), names="value")
    report = panel.measure()
    assert report.game == "pig" and report.players == (2,) and panel.report is report
    assert steps == [1, 2, 3] and texts[0].startswith("Playing Pig") and "ready" in texts[-1]
    assert "Design report: <b>Pig</b>" in panel.summary.value
    assert 'download="design-report-pig.html"' in panel.summary.value
    (view,) = panel.report_box.children
    assert [view.get_title(i) for i in range(len(view.children))][:2] == ["Balance", "Length"]
    assert not panel.run_button.disabled and panel.progress.layout.display == "none"


def test_a_problem_in_the_design_tab_is_shown_not_raised(monkeypatch):
    board = Dashboard(game="pig")
    panel = board.design

    def broken(*args, **kwargs):
        raise UmbrellaLabError("design: the budget is not allowed")

    monkeypatch.setattr("umbrella_lab.widgets.design.design", broken)
    panel._safely(panel.measure)
    assert "uld-problem" in panel.summary.value and "budget is not allowed" in panel.summary.value
    assert not panel.run_button.disabled and panel.report is None


@pytest.mark.parametrize("game", ["academy", "corporation", "marvel", "pig", "umbrella"])
def test_the_options_speak_words_not_python(game):
    """No Python value or name reaches the page's text: no None, True or False, no keyword with
    an underscore, no value with its hyphens ("round-end"), no rule id outside a tooltip."""
    board = Dashboard(game=game)
    shown = [
        re.sub(r"<[^>]*>", " ", child.value)  # the words, not the tags and their tooltips
        for box in (board.options_box, board.readings_box)
        for child in _html_of(box)
    ]
    shown += [label for control in board._option_controls.values() for label, _ in control.options]
    rule_ids = {option.rule for option in board.game.info.options}
    for text in shown:
        words = html.unescape(text)
        assert not re.search(r"\b(None|True|False)\b", words), words
        assert not re.search(r"\b[a-z0-9]+_[a-z0-9_]+\b", words), words
        assert not any(rule in words for rule in rule_ids if "." in rule), words
        for option in board.game.info.options:
            for choice in option.choices or ():
                if isinstance(choice, str) and "-" in choice:
                    assert f"'{choice}'" not in words and f"“{choice}”" not in words, words


def _identifiers(game: str) -> set[str]:
    """Names that read as code in a game: its players' and move kinds' names with a hyphen or
    an underscore ("hold-at-20", "boost-on"), and the search player's "mcts"."""
    from umbrella_lab.engine.core import load
    from umbrella_lab.sim.policies import policy_names

    info = load(game).info
    names = {*policy_names(game), *info.kinds}
    return {name for name in names if re.search(r"[-_]", name)} | {"mcts"}


@pytest.mark.parametrize("game", ["academy", "corporation", "marvel", "pig", "umbrella"])
def test_no_menu_or_help_shows_an_identifier(game):
    """The players' menus and lines (the dashboard's and the design tab's), the explorer's
    auto-play menu and every option's help name players and moves in words: never
    'hold-at-20', 'mcts' or a move kind such as 'boost-on'."""
    from umbrella_lab.widgets import Explorer

    board = Dashboard(game=game)
    panel = board.design
    shown = [re.sub(r"<[^>]*>", " ", child.value) for child in _html_of(board)]
    shown += [str(label) for label, _ in board.policy_choice.options]
    shown += [str(label) for label, _ in panel.player_choice.options]
    for _, value in panel.player_choice.options:
        panel.player_choice.value = value
        shown.append(panel.player_help.value)
    explorer = Explorer(game, seed=1)
    shown += [words["title"] + " " + words["how"] for words in explorer.policy_words.values()]
    assert set(explorer.policy_words) == set(explorer.policy_names)
    found = _identifiers(game)
    for text in shown:
        words = html.unescape(text)
        for name in found:
            assert not re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", words), (name, words)
    if game == "pig":
        assert ("hold at 20", "hold-at-20") in board.policy_choice.options
        assert "hold at 20" in board.players_help.value


def test_a_value_in_the_help_is_said_as_its_menu_says_it():
    board = Dashboard(game="academy")
    page = html.unescape(" ".join(child.value for child in _html_of(board.options_box)))
    assert "Hand size; “the rulebook's”: as its table for the player count says." in page
    advanced = html.unescape(" ".join(child.value for child in _html_of(board.readings_box)))
    assert "(“no”: the lineup is dealt short)" in advanced  # villain_reshuffle=False
    assert "or only the player (“own turn”)" in advanced  # hero_boost='own-turn'
    labels = [label for label, _ in board._option_controls["hero_boost"].options]
    assert labels == ["interrupt ★ default", "own turn"]
    marvel = Dashboard(game="marvel")
    villains = [label for label, _ in marvel._option_controls["villain"].options]
    assert villains == ["Red Skull", "Ultron", "Taskmaster"]  # names as the rules write them
    marvel._option_controls["villain"].value = "ultron"
    assert marvel.settings()["villain"] == "ultron"


def test_what_changed_says_the_options_name_and_values_in_words():
    board = Dashboard(game="academy", seed=7)
    board.run(games=20)
    board.keep_baseline()
    board._option_controls["hero_boost"].value = "own-turn"
    board._option_controls["villain_reshuffle"].value = False
    run = board.run()
    text = html.unescape(board.results.value)
    assert "When a Hero Boost may be played: interrupt → own turn" in text
    assert "An empty Villain Attack deck: yes → no" in text
    assert "when a Hero Boost may be played: own turn" in run.words()
