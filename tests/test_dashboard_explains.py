"""The teacher's dashboard explains itself: who plays and how, what is dealt anew each game, a
new card-data variant in the menu at once (every setting kept), and what a variant changes,
card by card; Marvel United's option help says which options are readings and which are harder."""

from __future__ import annotations

import time

from helpers import copy_data, edit_entry

from umbrella_lab.engine.core import load
from umbrella_lab.widgets import Dashboard
from umbrella_lab.widgets.dashboard import data_changes


def test_each_player_is_named_with_how_it_plays_and_the_deal_is_new_each_game():
    board = Dashboard(game="marvel")
    said = board.players_help.value
    for player in ("random", "greedy", "planner", "heuristic"):
        assert f"<b>{player}</b>:" in said
    assert "the same as planner" in said  # the heuristic is the planner here
    assert "search each card" in said and "any legal move" in said
    assert "the heroes, every shuffle and every roll are dealt anew" in said
    board.game_choice.value = "pig"
    assert "hold at 20</b>: roll until the turn total reaches 20" in board.players_help.value
    assert "the heroes" not in board.players_help.value  # Pig deals no heroes


def test_a_new_variant_joins_the_menu_at_once_and_every_setting_stays(tmp_path):
    work = tmp_path / "my_work"
    work.mkdir()
    board = Dashboard(game="marvel", variants=work)
    board.players_choice.value = 1
    board.policy_choice.value = "greedy"
    board._option_controls["villain"].value = "taskmaster"
    assert board.refresh_variants() == []
    folder = copy_data(tmp_path, "marvel").rename(work / "taskmaster-3")  # a group saves one
    assert board.refresh_variants() == ["taskmaster-3"]
    assert [label for label, _ in board.variant_choice.options] == ["packaged", "taskmaster-3"]
    assert board.players_choice.value == 1 and board.policy_choice.value == "greedy"
    assert board._option_controls["villain"].value == "taskmaster"
    board.variant_choice.value = str(folder.resolve())
    (work / "another").mkdir()
    copy_data(tmp_path / "x", "marvel").rename(work / "another")  # the chosen one stays chosen
    board.refresh_variants()
    assert board.variant_choice.value == str(folder.resolve())


def test_a_shown_page_watches_for_new_variants_until_it_is_closed(tmp_path):
    work = tmp_path / "my_work"
    work.mkdir()
    board = Dashboard(game="pig", variants=work)
    board._repr_mimebundle_()  # shown: the page starts looking
    copy_data(tmp_path, "pig").rename(work / "two-pigs")
    waited = 0.0
    while len(board.variant_choice.options) < 2 and waited < 10:
        time.sleep(0.2)
        waited += 0.2
    assert [label for label, _ in board.variant_choice.options] == ["packaged", "two-pigs"]
    board.close()
    assert board._watch_stop is not None and board._watch_stop.is_set()


def test_what_changed_names_the_card_and_its_values(tmp_path):
    work = tmp_path / "my_work"
    work.mkdir()
    variant = copy_data(tmp_path, "pig").rename(work / "two-pigs")
    edit_entry(variant, "die.toml", "six", "pig = false", "pig = true")
    board = Dashboard(game="pig", variants=work)
    board.run(games=60)
    board.keep_baseline()
    board.variant_choice.value = str(variant.resolve())
    board.run()
    shown = board.results.value
    assert "card data: packaged → two-pigs" in shown.lower()
    assert "die.toml, face six: pig false → true" in shown


def test_data_changes_reads_values_not_layout(tmp_path):
    packaged = copy_data(tmp_path / "a", "academy")
    mine = copy_data(tmp_path / "b", "academy")
    assert data_changes(packaged, mine) == []
    deck = mine / "villain_attack.toml"
    deck.write_text("# a comment of mine\n" + deck.read_text(encoding="utf-8"), encoding="utf-8")
    assert data_changes(packaged, mine) == []  # a comment is not a change
    edit_entry(mine, "villain_attack.toml", "villain-attack-50", "copies = 6", "copies = 0")
    assert data_changes(packaged, mine) == [
        "villain_attack.toml, card villain-attack-50: copies 6 → 0"
    ]
    deck.write_text(deck.read_text(encoding="utf-8") + "\n[[card]\n", encoding="utf-8")
    assert data_changes(packaged, mine)[0].startswith("villain_attack.toml: cannot be read")


def test_marvel_solo_options_say_they_are_readings_and_challenges_harder():
    options = {option.name: option for option in load("marvel").info.options}
    assert "harder" in options["challenge"].doc and "none of them" in options["challenge"].doc
    for name in ("solo_tokens", "solo_damage", "solo_third_draw", "solo_shrink"):
        assert options[name].doc.startswith("Solo, a reading of the rulebook"), name
        assert options[name].rule.startswith("opt.")
