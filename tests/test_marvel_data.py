"""Marvel United's data files: the packaged cards as the box has them, and broken files refused
with an error naming the file, the entry and the field."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from helpers import copy_data, edit_entry, packaged_data

import umbrella_lab as ul
from umbrella_lab.engine.data import read_toml
from umbrella_lab.engine.errors import DataError, OptionError
from umbrella_lab.games.marvel import effects
from umbrella_lab.games.marvel.cards import DATA_FILES, PROVENANCE, load_cards

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

TOTALS = {  # Move / Attack / Heroic / Wild symbols of each deck (games-data 4.2)
    "iron-man": (4, 6, 5, 3),
    "captain-america": (4, 5, 7, 3),
    "black-widow": (4, 7, 4, 3),
    "hulk": (5, 7, 2, 3),
    "captain-marvel": (4, 7, 3, 4),
    "ant-man": (3, 2, 7, 4),
    "wasp": (5, 5, 3, 4),
}


def test_packaged_data_has_the_core_box():
    cards = load_cards(None, effects.KNOWN)
    assert len(cards.heroes) == 7 and len(cards.hero_cards) == 84
    assert len(cards.villains) == 3 and len(cards.plans) == 36 and len(cards.threats) == 18
    assert len(cards.locations) == 8 and len(cards.challenges) == 3
    for villain in cards.villains:
        assert sum(p.villain == villain.id for p in cards.plans) == 12
        assert sum(t.villain == villain.id for t in cards.threats) == 6


@pytest.mark.parametrize("hero", sorted(TOTALS))
def test_each_hero_deck_has_12_cards_with_its_symbol_totals(hero):
    cards = load_cards()
    deck = [c for c in cards.hero_cards if c.hero == hero]
    assert len(deck) == 12
    totals = tuple(sum(c.counts[k] for c in deck) for k in range(4))
    assert totals == TOTALS[hero]
    assert sum(c.challenge == "moderate" for c in deck) == 1
    assert sum(c.challenge == "hard" for c in deck) == 1


def test_villain_health_and_missions_as_published():
    cards = load_cards()
    health = {v.id: (v.health_2, v.health_3, v.health_4) for v in cards.villains}
    assert health == {"red-skull": (4, 8, 11), "ultron": (4, 8, 11), "taskmaster": (2, 4, 6)}
    assert [(m.counts, m.size) for m in cards.missions] == [
        ("civilian", 9),
        ("thug", 9),
        ("threat", 4),
    ]
    assert {t.id: t.health for t in cards.threats if t.henchman} == {
        "crossbones": 6,
        "madame-hydra": 5,
        "bob": 4,
        "ultron-clone-1": 4,
        "ultron-clone-2": 4,
    }


@pytest.mark.parametrize("file", DATA_FILES)
def test_every_entry_of_every_file_states_its_provenance(file):
    tables = tomllib.loads((packaged_data("marvel") / file).read_text(encoding="utf-8"))
    for entries in tables.values():
        for entry in entries:
            assert entry["provenance"] in PROVENANCE, entry


def test_every_file_explains_its_fields_in_its_header():
    for file in DATA_FILES:
        text = (packaged_data("marvel") / file).read_text(encoding="utf-8")
        head = "\n".join(line for line in text.splitlines() if line.startswith("#"))
        tables = tomllib.loads(text)
        for entries in tables.values():
            for field in entries[0]:
                assert f"#   {field}" in head or f"# {field}" in head, (file, field)


@pytest.mark.parametrize(
    ("file", "table", "field", "kind"),
    [
        ("heroes.toml", "card", "special", "special"),
        ("villains.toml", "villain", "bam", "dashboard"),
        ("villains.toml", "villain", "overflow", "overflow"),
        ("villains.toml", "villain", "plot", "plot"),
        ("villains.toml", "villain", "guard", "guard"),
        ("plans.toml", "card", "special", "plan"),
        ("threats.toml", "threat", "effect", "threat"),
        ("locations.toml", "location", "effect", "location"),
    ],
)
def test_every_effect_named_in_the_data_is_in_the_effects_table(file, table, field, kind):
    tables = tomllib.loads((packaged_data("marvel") / file).read_text(encoding="utf-8"))
    named = {entry[field] for entry in tables[table]} - {""}
    assert named <= set(effects.KNOWN[kind]), named - set(effects.KNOWN[kind])


def test_every_effect_cites_a_rule_of_the_digest():
    digest = set(ul.load("marvel").rules)
    for table in (effects.SPECIALS, effects.THREATS, effects.LOCATIONS, effects.ASKS):
        for name, effect in table.items():
            assert effect.rule in digest, name
    for table in (effects.DASHBOARDS, effects.OVERFLOWS, effects.PLOTS, effects.PLANS):
        for name, function in table.items():
            assert any(rule in (function.__doc__ or "") for rule in digest), name


def test_a_copied_folder_loads_the_same_cards_as_str_or_path(tmp_path):
    folder = copy_data(tmp_path, "marvel")
    assert load_cards(folder) == load_cards(str(folder)) or (
        load_cards(folder).hero_cards == load_cards(str(folder)).hero_cards
    )
    game = ul.load("marvel", players=2, data=folder)
    again = ul.load("marvel", players=2, data=str(folder))
    assert game.new(3).to_dict() == again.new(3).to_dict()


def test_a_folder_is_read_again_when_the_game_is_loaded_again(tmp_path):
    folder = copy_data(tmp_path, "marvel")
    assert ul.load("marvel", players=2, data=folder).new(1).health == 4
    edit_entry(folder, "villains.toml", "red-skull", "health_2 = 4", "health_2 = 7")
    assert ul.load("marvel", players=2, data=folder).new(1).health == 7


@pytest.mark.parametrize(
    ("file", "entry", "old", "new", "words"),
    [
        (
            "heroes.toml",
            "hulk-05",
            'symbols = "MA"',
            'symbols = "MX"',
            r"card 'hulk-05' field 'symbols'",
        ),
        (
            "heroes.toml",
            "hulk-02",
            'special = "hulk-smash"',
            'special = "smash"',
            r"card 'hulk-02' field 'special': names no known effect 'smash'",
        ),
        (
            "heroes.toml",
            "hulk-05",
            'hero = "hulk"',
            'hero = "thor"',
            r"card 'hulk-05' field 'hero'",
        ),
        (
            "villains.toml",
            "ultron",
            "health_3 = 8",
            'health_3 = "eight"',
            r"villain 'ultron' field 'health_3': must be a whole number",
        ),
        (
            "villains.toml",
            "ultron",
            'overflow = "spill"',
            'overflow = "flood"',
            r"villain 'ultron' field 'overflow': names no known effect",
        ),
        ("plans.toml", "ultron-08", "move = 5", "move = 9", r"card 'ultron-08' field 'move'"),
        ("plans.toml", "ultron-08", 'ccw = "TC"', 'ccw = "TX"', r"card 'ultron-08' field 'ccw'"),
        ("threats.toml", "bob", 'kind = "henchman"', 'kind = "boss"', r"threat 'bob' field 'kind'"),
        (
            "threats.toml",
            "bob",
            'effect = "bob"',
            'effect = "bobby"',
            r"threat 'bob' field 'effect'",
        ),
        (
            "locations.toml",
            "times-square",
            "slots = 5",
            "slots = 2",
            r"location 'times-square' field 'slots'",
        ),
        (
            "challenges.toml",
            "hard",
            'removes = "hard"',
            'removes = "hardest"',
            r"challenge 'hard' field 'removes'",
        ),
        (
            "heroes.toml",
            "hulk-05",
            'provenance = "published"',
            'provenance = "rumour"',
            r"card 'hulk-05' field 'provenance'",
        ),
    ],
)
def test_broken_field_is_named_by_file_entry_and_field(tmp_path, file, entry, old, new, words):
    folder = copy_data(tmp_path, "marvel")
    edit_entry(folder, file, entry, old, new)
    with pytest.raises(DataError, match=words):
        load_cards(folder, effects.KNOWN)
    with pytest.raises(DataError, match=file.replace(".", r"\.")):
        ul.load("marvel", players=2, data=folder)


def test_an_unknown_field_is_named(tmp_path):
    folder = copy_data(tmp_path, "marvel")
    edit_entry(folder, "threats.toml", "bob", 'name = "Bob', 'colour = "red"\nname = "Bob')
    with pytest.raises(DataError, match=r"threat 'bob' field 'colour': is not a known field"):
        load_cards(folder)


def test_invalid_toml_and_a_missing_file_are_named(tmp_path):
    folder = copy_data(tmp_path, "marvel")
    (folder / "missions.toml").write_text("[[mission]\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"missions\.toml: not valid TOML"):
        load_cards(folder)
    (folder / "missions.toml").unlink()
    with pytest.raises(DataError, match=r"missions\.toml: the file does not exist"):
        load_cards(folder)


def test_a_villain_without_six_threats_is_refused(tmp_path):
    folder = copy_data(tmp_path, "marvel")
    edit_entry(folder, "threats.toml", "bob", 'villain = "red-skull"', 'villain = "ultron"')
    with pytest.raises(DataError, match=r"villain 'red-skull'.*5 threats, not 6"):
        load_cards(folder)


def test_a_data_option_that_is_not_a_folder_is_refused(tmp_path):
    with pytest.raises(OptionError, match=r"give the path of a folder holding heroes\.toml"):
        ul.load("marvel", players=2, data=tmp_path / "nowhere")


def test_edited_card_data_changes_play(tmp_path):
    folder = copy_data(tmp_path, "marvel")
    edit_entry(folder, "locations.toml", "times-square", "slots = 5", "slots = 6")
    game = ul.load("marvel", players=2, data=folder)
    state = game.new(1)
    assert 6 in {state.cards.locations[p].slots for p in range(8)}
    assert read_toml(Path(folder) / "locations.toml")[0].endswith("locations.toml")
