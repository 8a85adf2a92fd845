"""Card data of Heroes vs the Umbrella Corporation: the packaged files load, and broken files
are named.

A broken data file gives a :class:`DataError` whose message names the file, the entry and the
field. ``load_cards`` is cached by folder, so every test edits a fresh copy in ``tmp_path``.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import helpers
import pytest
import tomllib

import umbrella_lab as ul
from umbrella_lab import DataError
from umbrella_lab.games.corporation import effects
from umbrella_lab.games.corporation.cards import (
    HERO_EFFECTS,
    PROVENANCE,
    UMBRELLA_EFFECTS,
    load_cards,
)
from umbrella_lab.games.corporation.effects import EFFECTS

DATA = helpers.packaged_data("corporation")
FILES = ("hero_deck.toml", "umbrella_deck.toml")
GROUPS = (effects.BONUSES, effects.CANCELS, effects.EVENTS, effects.SAVED, effects.REROLLS)
RULES = set(ul.load("corporation").rules)


def copy_data(tmp_path: Path) -> Path:
    return helpers.copy_data(tmp_path, "corporation")


edit_entry = helpers.edit_entry


# --- the packaged data ---------------------------------------------------------------------------


def test_the_heroes_deck_has_forty_cards():
    cards = load_cards()
    kinds = Counter(card.kind for card in cards.hero)
    assert kinds == {"team": 6, "character": 20, "event": 14}
    teams = Counter(card.subtype for card in cards.hero if card.kind == "team")
    assert teams == {"operative": 2, "merc": 2, "survivor": 2}


def test_umbrella_has_six_starting_facilities_and_a_deck_of_forty():
    cards = load_cards()
    start = [card for card in cards.umbrella if card.start]
    deck = [card for card in cards.umbrella if not card.start]
    assert len(start) == 6 and all(card.kind == "facility" for card in start)
    assert len(deck) == 40
    assert Counter(card.kind for card in deck) == {"facility": 1, "unit": 24, "event": 9, "trap": 6}
    assert Counter(card.subtype for card in deck if card.kind == "unit") == {
        "monster": 6,
        "soldier": 8,
        "zombie": 8,
        "vehicle": 2,
    }


def test_card_numbers_put_the_starting_facilities_first():
    cards = load_cards()
    assert all(card.start for card in cards.umbrella[:6])
    assert not any(card.start for card in cards.umbrella[6:])
    assert cards.hero_ids["alice"] == next(i for i, c in enumerate(cards.hero) if c.id == "alice")
    assert (
        cards.hero_design[cards.hero_ids["freelancer"]]
        == cards.hero_design[cards.hero_ids["freelancer"] + 1]
    )


def test_the_research_values_are_kept():
    """Forces follow games-data 3.4, the facilities' forces too."""
    cards = load_cards()
    hero = {c.id: c.force for c in cards.hero}
    assert (hero["alice"], hero["jill"], hero["k-mart"], hero["stars-alpha"]) == (7, 4, 1, 2)
    umbrella = {c.id: c.force for c in cards.umbrella}
    assert (umbrella["tyrant"], umbrella["nemesis"], umbrella["licker"]) == (9, 8, 1)
    research = {
        "the-hive": 8,
        "arklay-lab": 6,
        "nest": 7,
        "rockfort": 6,
        "antarctic-base": 7,
        "paris-lab": 5,
        "new-facility": 5,
    }
    assert {k: umbrella[k] for k in research} == research


def test_every_entry_has_a_known_provenance_and_effect():
    cards = load_cards()
    for card in cards.hero:
        assert card.provenance in PROVENANCE and card.effect in HERO_EFFECTS
    for card in cards.umbrella:
        assert card.provenance in PROVENANCE and card.effect in UMBRELLA_EFFECTS


@pytest.mark.parametrize("file", FILES)
def test_every_effect_named_in_the_data_is_a_function_of_the_effects_table(file):
    """A card's ability is data naming an effect; ``effects.EFFECTS`` holds one function each."""
    with (DATA / file).open("rb") as handle:
        named = {entry.get("effect", "") for entry in tomllib.load(handle)["card"]} - {""}
    assert named, f"{file} names no effect"
    missing = sorted(named - set(EFFECTS))
    assert not missing, f"{file} names effects with no function in effects.EFFECTS: {missing}"
    for name in named:
        assert callable(EFFECTS[name]) and EFFECTS[name].__doc__, name


def test_every_effect_the_data_may_name_has_a_function_for_its_moment():
    """What a card may be played for (cards.*_EFFECTS) matches the group of its function."""
    for table in (HERO_EFFECTS, UMBRELLA_EFFECTS):
        for name, timings in table.items():
            if not name:
                continue  # no ability
            function = EFFECTS[name]
            if timings == ("event",):  # played in the Event phase [event.*]
                assert name in effects.EVENTS and function.targets and function.words
            elif timings:  # committed to a combat: it adds to a force, or cancels a unit
                assert name in effects.BONUSES or name in effects.CANCELS, name
            else:  # a lasting ability of a card in play
                assert any(name in group for group in GROUPS if group is not effects.EVENTS)
            assert function.rule in RULES, (name, function.rule)
    groups = [name for group in GROUPS for name in group]
    assert sorted(groups) == sorted(EFFECTS), "every effect belongs to exactly one group"
    assert set(EFFECTS) == (set(HERO_EFFECTS) | set(UMBRELLA_EFFECTS)) - {""}


def test_each_bonus_effect_adds_what_its_card_says():
    cards = load_cards()

    def card(card_id):
        ids = cards.hero_ids if card_id in cards.hero_ids else cards.umbrella_ids
        deck = cards.hero if card_id in cards.hero_ids else cards.umbrella
        return deck[ids[card_id]]

    alice, carlos, licker = card("alice"), card("carlos"), card("licker")
    assert effects.bonus_vs(alice, "assault", "monster") == 2
    assert effects.bonus_vs(alice, "team", "zombie") == 0
    assert effects.hunt_defence(carlos, "team", "") == 1
    assert effects.hunt_defence(carlos, "assault", "") == 0
    assert effects.defence(licker, "facility", "") == 2 and effects.defence(licker, "hunt", "") == 0
    assert effects.assist(card("air-support"), "assault", "") == 3
    assert effects.anti_virus(card("anti-virus"), card("undead"))
    assert not effects.anti_virus(card("anti-virus"), card("tyrant"))


@pytest.mark.parametrize("file", FILES)
def test_every_field_is_explained_in_the_header(file):
    text = (DATA / file).read_text(encoding="utf-8")
    header = text.split("\n[[card]]\n")[0]
    fields = set(re.findall(r"^([a-z_]+) = ", text, re.MULTILINE))
    for field in fields:
        assert re.search(rf"^#\s+{field}\s", header, re.MULTILINE), f"{file}: {field}"
    ids = re.findall(r'^id = "([^"]+)"', text, re.MULTILINE)
    assert len(ids) == len(set(ids))


def test_broken_data_given_as_a_game_option_fails_when_the_game_is_loaded(tmp_path):
    folder = copy_data(tmp_path)
    edit_entry(folder, "umbrella_deck.toml", "tyrant", "force = 9", "force = 99")
    with pytest.raises(DataError, match=r"umbrella_deck\.toml .*'tyrant' field 'force'"):
        ul.load("corporation", data=str(folder))


def test_the_game_uses_an_edited_folder(tmp_path):
    folder = copy_data(tmp_path)
    edit_entry(folder, "umbrella_deck.toml", "tyrant", "force = 9", "force = 12")
    game = ul.load("corporation", data=str(folder))
    state = game.new(seed=1)
    assert next(c.force for c in state.cards.umbrella if c.id == "tyrant") == 12
    assert state.to_dict()["options"] == {"data": str(folder)}


# --- broken files --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("file", "entry", "old", "new", "field", "words"),
    [
        ("hero_deck.toml", "alice", "force = 7", "force = 70", "force", "above the maximum"),
        ("hero_deck.toml", "alice", "force = 7", 'force = "seven"', "force", "a whole number"),
        ("hero_deck.toml", "alice", 'kind = "character"', 'kind = "hero"', "kind", "allowed"),
        (
            "hero_deck.toml",
            "alice",
            'subtype = "operative"',
            'subtype = ""',
            "subtype",
            "needs a sub-type",
        ),
        (
            "hero_deck.toml",
            "alice",
            'effect = "bonus-vs"',
            'effect = "assault"',
            "effect",
            "is an event effect",
        ),
        (
            "hero_deck.toml",
            "alice",
            'against = "monster"',
            'against = ""',
            "against",
            "needs a unit sub-type",
        ),
        (
            "hero_deck.toml",
            "intel",
            'effect = "draw"',
            'effect = ""',
            "effect",
            "needs an event effect",
        ),
        ("hero_deck.toml", "intel", "amount = 2", "amount = 0", "amount", "above 0"),
        ("hero_deck.toml", "stars-alpha", "copies = 1", "copies = 2", "copies", "single card"),
        (
            "hero_deck.toml",
            "jill",
            'provenance = "reconstruction"',
            'provenance = "memory"',
            "provenance",
            "allowed",
        ),
        (
            "hero_deck.toml",
            "jill",
            'name = "Jill Valentine"',
            'name = "Jill"\nhat = "beret"',
            "hat",
            "is not a known field",
        ),
        (
            "umbrella_deck.toml",
            "tyrant",
            'subtype = "monster"',
            'subtype = ""',
            "subtype",
            "needs a sub-type",
        ),
        (
            "umbrella_deck.toml",
            "tyrant",
            'subtype = "monster"',
            'subtype = "dragon"',
            "subtype",
            "allowed",
        ),
        (
            "umbrella_deck.toml",
            "laser-corridor",
            'effect = "facility-defence"',
            'effect = "hunt"',
            "effect",
            "a trap adds to a facility's defence",
        ),
        ("umbrella_deck.toml", "licker", "amount = 2", "amount = 0", "amount", "above 0"),
        ("umbrella_deck.toml", "the-hive", "copies = 1", "copies = 2", "copies", "single card"),
        (
            "umbrella_deck.toml",
            "guard",
            "start = false",
            "start = true",
            "start",
            "only facilities start in play",
        ),
    ],
)
def test_a_broken_entry_names_file_entry_and_field(tmp_path, file, entry, old, new, field, words):
    folder = copy_data(tmp_path)
    if old == "start = false":  # units have no start field: add one
        old, new = 'kind = "unit"', 'kind = "unit"\nstart = true'
    edit_entry(folder, file, entry, old, new)
    with pytest.raises(DataError) as info:
        load_cards(folder)
    message = str(info.value)
    assert file in message and f"'{entry}'" in message and f"field '{field}'" in message
    assert words in message


def test_a_missing_field_is_named(tmp_path):
    folder = copy_data(tmp_path)
    edit_entry(folder, "hero_deck.toml", "jill", 'name = "Jill Valentine"\n', "")
    with pytest.raises(DataError, match="card 'jill' field 'name': is missing"):
        load_cards(folder)


def test_a_duplicate_id_is_named(tmp_path):
    folder = copy_data(tmp_path)
    edit_entry(folder, "hero_deck.toml", "jill", 'id = "jill"', 'id = "alice"')
    with pytest.raises(DataError, match="ids must be unique"):
        load_cards(folder)


def test_a_missing_file_and_bad_toml_are_named(tmp_path):
    folder = copy_data(tmp_path)
    (folder / "umbrella_deck.toml").unlink()
    with pytest.raises(DataError, match=r"umbrella_deck\.toml: the file does not exist"):
        load_cards(folder)
    folder = copy_data(tmp_path / "other")
    (folder / "hero_deck.toml").write_text("[[card]\nid = ", encoding="utf-8")
    with pytest.raises(DataError, match=r"hero_deck\.toml: not valid TOML"):
        load_cards(folder)


def test_a_deck_without_teams_or_starting_facilities_is_refused(tmp_path):
    folder = copy_data(tmp_path)
    text = (folder / "hero_deck.toml").read_text(encoding="utf-8")
    (folder / "hero_deck.toml").write_text(
        text.replace('kind = "team"', 'kind = "character"'), encoding="utf-8"
    )
    with pytest.raises(DataError, match="at least one team"):
        load_cards(folder)
    folder = copy_data(tmp_path / "other")
    text = (folder / "umbrella_deck.toml").read_text(encoding="utf-8")
    (folder / "umbrella_deck.toml").write_text(
        text.replace("start = true", "start = false"), encoding="utf-8"
    )
    with pytest.raises(DataError, match="at least one facility must start in play"):
        load_cards(folder)
