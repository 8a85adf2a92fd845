"""Printed data of Umbrella: the packaged files load, and broken files are named.

A broken data file gives a :class:`DataError` whose message names the file, the entry and the
field. ``load_pieces`` is cached by folder, so every test edits a fresh copy in ``tmp_path``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import helpers
import pytest

import umbrella_lab as ul
from umbrella_lab import DataError, OptionError
from umbrella_lab.games.umbrella.effects import EFFECTS
from umbrella_lab.games.umbrella.pieces import COLOURS, PINWHEEL, POWERS, PROVENANCE, load_pieces

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

DATA = helpers.packaged_data("umbrella")
FILES = ("boards.toml", "figures.toml", "scoreboards.toml")


def copy_data(tmp_path: Path) -> Path:
    return helpers.copy_data(tmp_path, "umbrella")


edit_entry = helpers.edit_entry


def broken(folder: Path) -> DataError:
    with pytest.raises(DataError) as info:
        load_pieces(folder)
    return info.value


# --- the packaged data ---------------------------------------------------------------------------


def test_packaged_data_loads_with_the_rulebook_counts():
    pieces = load_pieces()
    assert len(pieces.tiles) == 24  # 24 double-sided Figure tiles
    assert len(pieces.boards) == 4  # 4 personal boards
    assert sorted(pieces.faces) == [1, 2, 3, 4]
    assert sum(len(faces) for faces in pieces.faces.values()) == 16  # 8 double-sided boards


def test_every_stage_is_a_latin_square_with_four_of_each_colour():
    for board in load_pieces().boards:
        rows = [board.stage[r * 4 : r * 4 + 4] for r in range(4)]
        assert all(sorted(row) == [0, 1, 2, 3] for row in rows)
        assert all(sorted(board.stage[c::4]) == [0, 1, 2, 3] for c in range(4))
        assert sorted(board.pinwheel) == list(PINWHEEL)


def test_every_tile_has_a_black_tetromino_and_a_white_pentomino_all_different():
    tiles = load_pieces().tiles
    sides = [side for tile in tiles for side in tile.sides]
    assert all(len(tile.sides[0]) == 4 and len(tile.sides[1]) == 5 for tile in tiles)
    assert len(set(sides)) == 48
    assert len({tile.id for tile in tiles}) == 24


def test_level_1_groups_and_bonuses_fit_the_rulebook_example():
    face = load_pieces().faces[1][0]
    assert len(face.spots) == 12
    assert sorted((len(spots), bonus) for bonus, spots in face.groups) == [
        (2, 3),
        (3, 5),
        (3, 5),
        (4, 8),
    ]
    colours = [spot.colours for spot in face.spots]
    assert all(colours.count(1 << c) == 3 for c in range(4))


def test_level_2_has_one_bicolour_spot_per_group():
    face = load_pieces().faces[2][0]
    for _, spots in face.groups:
        bicolour = [i for i in spots if bin(face.spots[i].colours).count("1") == 2]
        assert len(bicolour) == 1


def test_level_3_has_white_squares_for_each_pinwheel_and_no_groups():
    face = load_pieces().faces[3][0]
    assert face.scoring == "adjacency" and face.groups == ()
    assert sorted(spot.white for spot in face.spots if spot.white >= 0) == list(PINWHEEL)
    coloured = [spot.colours for spot in face.spots if spot.white < 0]
    assert all(coloured.count(1 << c) == 2 for c in range(4))


def test_level_4_has_three_powers_each_between_two_neighbouring_spots():
    face = load_pieces().faces[4][0]
    assert sorted(kind for kind, _, _ in face.powers) == sorted(POWERS)
    for _, a, b in face.powers:
        assert b in face.neighbours[a]


def test_every_power_the_data_names_has_an_effect():
    named = {
        entry["power"] for entry in tomllib.loads((DATA / "scoreboards.toml").read_text())["power"]
    }
    assert named and named <= set(EFFECTS)
    assert set(POWERS) == set(EFFECTS)  # the loader accepts exactly the powers with an effect
    assert all(callable(effect) for effect in EFFECTS.values())


def test_a_power_without_an_effect_is_named(tmp_path):
    folder = copy_data(tmp_path)
    edit_entry(folder, "scoreboards.toml", "level-4-again", '"play-again"', '"fly"')
    error = broken(folder)
    assert "scoreboards.toml" in str(error) and "power" in str(error) and "play-again" in str(error)


def test_every_spot_keeps_its_data_id():
    for faces in load_pieces().faces.values():
        ids = [spot.id for spot in faces[0].spots]
        assert len(set(ids)) == len(ids) and all(ids)
        assert all([spot.id for spot in face.spots] == ids for face in faces)


def test_records_keep_a_hash_of_the_data_in_use(tmp_path):
    packaged = ul.load("umbrella", players=2)
    assert len(packaged.data_hash) == 16
    folder = copy_data(tmp_path)
    assert ul.load("umbrella", players=2, data=folder).data_hash == packaged.data_hash
    edit_entry(folder, "boards.toml", "A", '"YBGR/BYRG/GRYB/RGBY"', '"YBGR/BYRG/GRYB/RGYB"')
    assert ul.load("umbrella", players=2, data=folder).data_hash != packaged.data_hash


def test_copies_of_a_level_swap_the_colours_round():
    for level, faces in load_pieces().faces.items():
        first = faces[0]
        for copy, face in enumerate(faces):
            assert face.id == f"{first.id.split('/')[0]}/{copy + 1}" and face.level == level
            for spot, original in zip(face.spots, first.spots, strict=True):
                turned = original.colours
                for _ in range(copy):
                    turned = ((turned << 1) | (turned >> 3)) & 0xF
                assert spot.colours == turned and spot.white == original.white


@pytest.mark.parametrize("file", FILES)
def test_every_entry_of_every_file_states_its_provenance(file):
    tables = tomllib.loads((DATA / file).read_text(encoding="utf-8"))
    for table, entries in tables.items():
        for entry in entries:
            assert entry.get("provenance") in PROVENANCE, f"{file} [[{table}]] {entry.get('id')}"
    # nothing of it is printed in the rulebook: every entry is marked a reconstruction
    assert {e["provenance"] for entries in tables.values() for e in entries} == {"reconstruction"}


def test_every_file_explains_its_fields_in_a_header():
    for file in FILES:
        head = (DATA / file).read_text(encoding="utf-8").split("\n[[", 1)[0]
        tables = tomllib.loads((DATA / file).read_text(encoding="utf-8"))
        fields = {name for entries in tables.values() for entry in entries for name in entry}
        assert all(name in head for name in fields), file


def test_a_copied_data_folder_loads_the_same_pieces(tmp_path):
    folder = copy_data(tmp_path)
    copied, packaged = load_pieces(folder), load_pieces()
    assert copied.tiles == packaged.tiles and copied.boards == packaged.boards
    assert copied.faces == packaged.faces and copied.source == str(folder)


# --- broken files --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("file", "entry", "old", "new", "field", "words"),
    [
        ("boards.toml", "A", 'stage = "YBGR/', 'stage = "YBGX/', "stage", "four letters"),
        ("boards.toml", "A", 'stage = "YBGR/', 'stage = "YBGY/', "stage", "four of each"),
        (
            "boards.toml",
            "B",
            'pinwheel = "0/90/180/270"',
            'pinwheel = "0/90/90/270"',
            "pinwheel",
            "0, 90, 180 and 270",
        ),
        (
            "boards.toml",
            "C",
            'provenance = "reconstruction"',
            'provenance = "guess"',
            "provenance",
            "allowed",
        ),
        (
            "figures.toml",
            "F01",
            'black = "..#./..#./..#./..#."',
            'black = "..#./..#./..#./...."',
            "black",
            "exactly 4",
        ),
        (
            "figures.toml",
            "F02",
            'white = ".##./..#./..#./..#."',
            'white = ".##./..../..#./.##."',
            "white",
            "not one piece",
        ),
        (
            "figures.toml",
            "F03",
            'black = "####/..../..../...."',
            'black = "..#./..#./..#./..#."',
            "black",
            "same figure",
        ),
        (
            "figures.toml",
            "F04",
            'black = ".#../.#../.#../.#.."',
            'black = ".#../.#../.#.."',
            "black",
            "four rows of four",
        ),
        (
            "scoreboards.toml",
            "level-1-01",
            'accepts = "yellow"',
            'accepts = "purple"',
            "accepts",
            "give a colour",
        ),
        (
            "scoreboards.toml",
            "level-3-05",
            "pinwheel = 0",
            "pinwheel = -1",
            "pinwheel",
            "white square needs",
        ),
        (
            "scoreboards.toml",
            "level-1-02",
            "pinwheel = -1",
            "pinwheel = 90",
            "pinwheel",
            "only a white square",
        ),
        (
            "scoreboards.toml",
            "level-1-03",
            'group = "level-1-b"',
            'group = "level-1-z"',
            "group",
            "not a group",
        ),
        (
            "scoreboards.toml",
            "level-1-04",
            "column = 4",
            "column = 3",
            "column",
            "holds another spot",
        ),
        (
            "scoreboards.toml",
            "level-4-again",
            "spot_b = 3",
            "spot_b = 30",
            "spot_b",
            "two different spot numbers",
        ),
        ("scoreboards.toml", "level-2", "copies = 4", "copies = 2", "copies", "four players"),
        (
            "scoreboards.toml",
            "level-1-a",
            'scoreboard = "level-1"',
            'scoreboard = "level-9"',
            "scoreboard",
            "not a [[scoreboard]] id",
        ),
        (
            "scoreboards.toml",
            "level-1-05",
            "number = 5",
            "number = 50",
            "number",
            "above the maximum",
        ),
    ],
)
def test_broken_field_is_named_by_file_entry_and_field(
    tmp_path, file, entry, old, new, field, words
):
    folder = copy_data(tmp_path)
    edit_entry(folder, file, entry, old, new)
    error = broken(folder)
    assert file in str(error) and f"field '{field}'" in str(error) and words in str(error)


def test_spot_numbers_with_a_gap_are_named(tmp_path):
    folder = copy_data(tmp_path)
    edit_entry(folder, "scoreboards.toml", "level-1-12", "number = 12", "number = 13")
    error = broken(folder)
    assert "scoreboard 'level-1'" in str(error) and "without gaps" in str(error)


def test_a_missing_level_is_named(tmp_path):
    folder = copy_data(tmp_path)
    edit_entry(folder, "scoreboards.toml", "level-4", "level = 4", "level = 3")
    assert "level 3 has a design already" in str(broken(folder))


def test_an_unknown_field_is_named(tmp_path):
    folder = copy_data(tmp_path)
    edit_entry(folder, "figures.toml", "F05", 'shape = "square"', 'shape = "square"\ncolour = 1')
    error = broken(folder)
    assert "tile 'F05'" in str(error) and "field 'colour'" in str(error)


def test_a_missing_field_is_named(tmp_path):
    folder = copy_data(tmp_path)
    edit_entry(folder, "boards.toml", "D", 'pinwheel = "0/90/180/270"\n', "")
    error = broken(folder)
    assert "board 'D'" in str(error) and "field 'pinwheel'" in str(error)


def test_invalid_toml_names_the_file(tmp_path):
    folder = copy_data(tmp_path)
    (folder / "figures.toml").write_text("[[tile]\nid = ", encoding="utf-8")
    error = broken(folder)
    assert "figures.toml" in str(error) and "not valid TOML" in str(error)


def test_a_missing_file_is_named(tmp_path):
    folder = copy_data(tmp_path)
    (folder / "boards.toml").unlink()
    assert "boards.toml" in str(broken(folder)) and "does not exist" in str(broken(folder))


def test_too_few_tiles_for_four_players_are_refused(tmp_path):
    folder = copy_data(tmp_path)
    text = (folder / "figures.toml").read_text(encoding="utf-8")
    head, *tiles = text.split("\n[[tile]]")
    (folder / "figures.toml").write_text("\n[[tile]]".join([head, *tiles[:10]]), encoding="utf-8")
    assert "four players need 16" in str(broken(folder))


# --- the data option -----------------------------------------------------------------------------


def test_edited_stage_colours_change_play(tmp_path):
    folder = copy_data(tmp_path)
    edit_entry(
        folder, "boards.toml", "A", 'stage = "YBGR/BYRG/GRYB/RGBY"', 'stage = "RBGY/BYRG/GRYB/YGBR"'
    )
    state = ul.load("umbrella", players=2, data=str(folder)).new(seed=1)
    assert state.to_dict()["seats"][0]["stage"][0] == "RBGY"
    assert ul.load("umbrella", players=2).new(seed=1).to_dict()["seats"][0]["stage"][0] == "YBGR"


def test_broken_data_given_as_a_game_option_fails_when_the_game_is_loaded(tmp_path):
    folder = copy_data(tmp_path)
    edit_entry(
        folder,
        "figures.toml",
        "F07",
        'white = "..../.##./.#../.##."',
        'white = "..../.##./.#../.#.."',
    )
    with pytest.raises(DataError, match=r"figures\.toml tile 'F07' field 'white'"):
        ul.load("umbrella", players=2, data=str(folder))


def test_a_data_option_that_is_not_a_folder_is_refused(tmp_path):
    with pytest.raises(OptionError, match="give the path of a folder"):
        ul.load("umbrella", data=str(tmp_path / "nowhere"))


def test_colour_names_match_the_files():
    assert COLOURS == ("yellow", "blue", "green", "red")
