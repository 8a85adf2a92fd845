"""Card data of The Umbrella Academy Game: the packaged files load, and broken files are named.

A broken data file gives a :class:`DataError` whose message names the file, the entry and the
field. ``load_cards`` is cached by folder, so every test edits a fresh copy in ``tmp_path``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import helpers
import pytest

import umbrella_lab as ul
from umbrella_lab import DataError, OptionError
from umbrella_lab.games.academy import effects
from umbrella_lab.games.academy.cards import EFFECTS, POWERS, PROVENANCE, STORIES, load_cards

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

DATA = helpers.packaged_data("academy")
FILES = ("heroes.toml", "hero_deck.toml", "villain_attack.toml", "villains.toml", "family.toml")


def copy_data(tmp_path: Path) -> Path:
    return helpers.copy_data(tmp_path, "academy")


edit_entry = helpers.edit_entry


def broken(folder: Path) -> DataError:
    with pytest.raises(DataError) as info:
        load_cards(folder)
    return info.value


# --- the packaged data ---------------------------------------------------------------------------


def test_packaged_data_loads_with_the_documented_deck_sizes():
    cards = load_cards()
    assert len(cards.hero_deck) == 60
    assert len(cards.villain_attack) == 60
    assert len(cards.villains) == 30
    assert len(cards.family) == 18
    assert sorted(cards.heroes) == sorted(
        ["horror", "kraken", "space-boy", "number-five", "rumor", "seance", "vanya"]
    )
    assert cards.source == "packaged data"


def test_packaged_hero_deck_is_48_attack_cards_and_12_story_cards():
    cards = load_cards()
    kinds = [card.kind for card in cards.hero_deck]
    assert kinds.count("attack") == 48 and kinds.count("story") == 12
    assert {c.attack for c in cards.hero_deck if c.kind == "attack"} == set(range(10, 61, 5))


def test_packaged_villains_six_per_strength_from_six_to_ten():
    cards = load_cards()
    strengths = [villain.strength for villain in cards.villains]
    assert {s: strengths.count(s) for s in set(strengths)} == {6: 6, 7: 6, 8: 6, 9: 6, 10: 6}


@pytest.mark.parametrize("file", FILES)
def test_every_entry_of_every_file_states_its_provenance(file):
    tables = tomllib.loads((DATA / file).read_text(encoding="utf-8"))
    entries = [entry for table in tables.values() for entry in table]
    assert entries
    for entry in entries:
        assert entry.get("provenance") in PROVENANCE, f"{file}: {entry.get('id')}"


def test_loaded_cards_keep_their_provenance():
    cards = load_cards()
    everything = [
        *cards.heroes.values(),
        *cards.hero_deck,
        *cards.villain_attack,
        *cards.villains,
        *cards.family,
    ]
    assert {item.provenance for item in everything} <= set(PROVENANCE)
    assert cards.heroes["vanya"].provenance == "rulebook"


def test_a_copied_data_folder_loads_the_same_cards(tmp_path):
    cards = load_cards(copy_data(tmp_path))
    packaged = load_cards()
    assert cards.hero_deck == packaged.hero_deck and cards.villains == packaged.villains
    assert cards.source.endswith("data")


# --- broken files: the error names the file, the entry and the field -----------------------------


BREAKS = [
    # (what, file, entry id, old text, new text, field, words in the message)
    ("missing field", "hero_deck.toml", "attack-10", "attack = 10\n", "", "attack", "is missing"),
    (
        "wrong type",
        "villain_attack.toml",
        "villain-attack-30",
        "damage = 2",
        'damage = "two"',
        "damage",
        "must be a whole number",
    ),
    (
        "bool for a number",
        "villain_attack.toml",
        "villain-attack-30",
        "damage = 2",
        "damage = true",
        "damage",
        "must be a whole number",
    ),
    (
        "unknown field",
        "heroes.toml",
        "kraken",
        'power = "kraken"',
        'power = "kraken"\ncolour = "red"',
        "colour",
        "is not a known field",
    ),
    (
        "duplicate id",
        "villains.toml",
        "terminal-6",
        'id = "terminal-6"',
        'id = "carmichael-6"',
        "id",
        "ids must be unique",
    ),
    (
        "unknown effect",
        "family.toml",
        "apathy",
        'effect = "apathy"',
        'effect = "sleep"',
        "effect",
        "allowed: 'apathy'",
    ),
    (
        "unknown power",
        "heroes.toml",
        "horror",
        'power = "horror"',
        'power = "flight"',
        "power",
        "allowed: 'horror'",
    ),
    (
        "unknown story",
        "hero_deck.toml",
        "bens-return",
        'story = "restore"',
        'story = "dream"',
        "story",
        "allowed:",
    ),
    (
        "unknown kind",
        "hero_deck.toml",
        "attack-20",
        'kind = "attack"',
        'kind = "spell"',
        "kind",
        "allowed: 'attack', 'story'",
    ),
    (
        "number above the maximum",
        "villain_attack.toml",
        "villain-attack-50",
        "damage = 3",
        "damage = 99",
        "damage",
        "above the maximum 8",
    ),
    (
        "number below the minimum",
        "hero_deck.toml",
        "attack-15",
        "attack = 15",
        "attack = -5",
        "attack",
        "below the minimum 0",
    ),
    (
        "strength out of range",
        "villains.toml",
        "hazel-8",
        "strength = 8",
        "strength = 0",
        "strength",
        "below the minimum 1",
    ),
    (
        "unknown provenance",
        "villains.toml",
        "agents-9",
        'provenance = "reconstruction"',
        'provenance = "rumour"',
        "provenance",
        "allowed:",
    ),
    (
        "story card without a storyline",
        "hero_deck.toml",
        "televator",
        'story = "restore"\n',
        "",
        "story",
        "needs a storyline",
    ),
    (
        "attack card with a storyline",
        "hero_deck.toml",
        "attack-25",
        "heal = 2",
        'heal = 2\nstory = "rivalry"',
        "story",
        "only story cards",
    ),
    (
        "hero boost without a boost",
        "hero_deck.toml",
        "hero-boost-10",
        "boost = 10",
        "boost = 0",
        "boost",
        "boost above 0",
    ),
    (
        "villain boost without an amount",
        "family.toml",
        "villain-boost-20",
        "amount = 20",
        "amount = 0",
        "amount",
        "amount above 0",
    ),
]


@pytest.mark.parametrize(
    ("what", "file", "entry", "old", "new", "field", "words"), BREAKS, ids=[b[0] for b in BREAKS]
)
def test_broken_field_is_named_by_file_entry_and_field(
    tmp_path, what, file, entry, old, new, field, words
):
    folder = copy_data(tmp_path)
    edit_entry(folder, file, entry, old, new)
    error = broken(folder)
    message = str(error)
    assert file in message and file in error.file
    shown = "carmichael-6" if what == "duplicate id" else entry
    assert f"'{shown}'" in message and shown in error.entry
    assert f"field '{field}'" in message and error.field == field
    assert words in message


def test_invalid_toml_names_the_file(tmp_path):
    folder = copy_data(tmp_path)
    path = folder / "family.toml"
    path.write_text(path.read_text(encoding="utf-8") + "\n[[card]\nid = oops\n", encoding="utf-8")
    error = broken(folder)
    assert "family.toml" in str(error) and "not valid TOML" in str(error)
    assert error.file.endswith("family.toml")


def test_a_missing_file_is_named(tmp_path):
    folder = copy_data(tmp_path)
    (folder / "villains.toml").unlink()
    error = broken(folder)
    assert "villains.toml" in str(error) and "does not exist" in str(error)


def test_a_file_without_entries_is_named(tmp_path):
    folder = copy_data(tmp_path)
    (folder / "heroes.toml").write_text("# nobody here\n", encoding="utf-8")
    error = broken(folder)
    assert "heroes.toml" in str(error) and "no [[hero]] entries" in str(error)


def test_an_entry_without_an_id_is_named_by_its_number(tmp_path):
    folder = copy_data(tmp_path)
    edit_entry(folder, "family.toml", "family-dinner", 'id = "family-dinner"\n', "")
    error = broken(folder)
    assert "[[card]] #9" in str(error) and "field 'id'" in str(error)


def test_too_small_a_hero_deck_is_refused(tmp_path):
    folder = copy_data(tmp_path)
    path = folder / "hero_deck.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace("copies = 4\n", "copies = 0\n")
        .replace("copies = 5\n", "copies = 0\n")
        .replace("copies = 6\n", "copies = 0\n")
        .replace("copies = 3\n", "copies = 0\n"),
        encoding="utf-8",
    )
    error = broken(folder)
    assert "hero_deck.toml" in str(error) and error.field == "copies"


def test_broken_data_given_as_a_game_option_fails_when_the_game_is_loaded(tmp_path):
    folder = copy_data(tmp_path)
    edit_entry(folder, "villains.toml", "hazel-7", "final_attack = 60", "final_attack = 999")
    with pytest.raises(DataError, match=r"villains\.toml villain 'hazel-7' field 'final_attack'"):
        ul.load("academy", players=2, data=str(folder))


def test_a_strength_without_villain_cards_is_refused_when_the_game_is_loaded(tmp_path):
    folder = copy_data(tmp_path)
    villains = folder / "villains.toml"
    villains.write_text(
        villains.read_text(encoding="utf-8").replace("strength = 9", "strength = 8"),
        encoding="utf-8",
    )
    with pytest.raises(OptionError, match=r"no villain cards of strength 9.*\[6, 7, 8, 10\]"):
        ul.load("academy", players=2, strength=9, data=str(folder))
    assert ul.load("academy", players=2, strength=8, data=str(folder)).new(seed=1).villains


def test_a_data_option_that_is_not_a_folder_is_refused(tmp_path):
    with pytest.raises(OptionError, match="option data="):
        ul.load("academy", players=2, data=str(tmp_path / "nowhere"))


# --- edited valid data changes play ------------------------------------------------------------


def test_edited_villain_attack_values_change_play(tmp_path):
    folder = copy_data(tmp_path)
    path = folder / "villain_attack.toml"
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text(
        "\n".join("attack = 5" if line.startswith("attack = ") else line for line in lines) + "\n",
        encoding="utf-8",
    )
    edited = ul.load("academy", players=2, heroes=("kraken", "rumor"), data=str(folder)).new(seed=1)
    packaged = ul.load("academy", players=2, heroes=("kraken", "rumor")).new(seed=1)
    assert {card["attack"] for card in edited.to_dict()["lineup"]} == {5}
    assert {card["attack"] for card in packaged.to_dict()["lineup"]} != {5}
    assert edited.hands == packaged.hands  # same seed, same hero deck
    # Against a 5 every hero card attacks, so none may heal (strict_heal).
    edited_kinds = {a.kind for a in edited.legal_actions()}
    assert "attack" in edited_kinds and "heal" not in edited_kinds
    after = edited.apply(next(a for a in edited.legal_actions() if a.kind == "attack"))
    assert "turn.attack" in [event.rule for event in after.events]


def test_edited_hero_names_show_in_play(tmp_path):
    folder = copy_data(tmp_path)
    edit_entry(folder, "heroes.toml", "kraken", 'name = "The Kraken"', 'name = "Diego"')
    state = ul.load("academy", players=2, heroes=("kraken", "rumor"), data=str(folder)).new(seed=1)
    assert state.to_dict()["heroes"][0]["name"] == "Diego"
    assert all(str(a).startswith("Diego") for a in state.legal_actions())


# --- the effects the data names ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("file", "field", "table"),
    [
        ("hero_deck.toml", "story", effects.STORYLINES),
        ("heroes.toml", "power", effects.POWERS),
        ("family.toml", "effect", effects.FAMILY),
    ],
)
def test_every_effect_named_in_the_data_is_in_the_effects_table(file, field, table):
    tables = tomllib.loads((DATA / file).read_text(encoding="utf-8"))
    named = {entry[field] for entries in tables.values() for entry in entries if entry.get(field)}
    assert named, f"{file} names no {field}"
    assert named <= set(table), f"{file}: {sorted(named - set(table))} have no entry in effects.py"


def test_the_effects_a_data_file_may_name_are_those_of_the_effects_tables():
    # cards.py checks each name when a file is loaded; effects.py holds what each name does
    assert set(STORIES) == set(effects.STORYLINES)
    assert set(POWERS) == set(effects.POWERS)
    assert set(EFFECTS) == set(effects.FAMILY)


def test_each_power_and_storyline_cites_its_own_rule():
    digest = ul.load("academy").rules
    for name, power in effects.POWERS.items():
        assert power.rule == f"power.{name}" and power.rule in digest
        if type(power).ready is not effects.HeroPower.ready:  # it can be unready: say why
            assert power.not_ready
    for name, storyline in effects.STORYLINES.items():
        assert storyline.rule == f"story.{name}" and storyline.rule in digest


def test_an_effect_the_code_does_not_know_is_refused_when_the_data_loads(tmp_path):
    folder = copy_data(tmp_path)
    edit_entry(folder, "family.toml", "apathy", 'effect = "apathy"', 'effect = "chaos"')
    error = broken(folder)
    assert "family.toml" in str(error) and "apathy" in str(error) and "effect" in str(error)
