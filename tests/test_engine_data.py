"""The engine's data plumbing: a game's data files, packaged or edited copies in a folder.

``DataTable`` reads one ``[[table]]`` of a TOML file into a frozen dataclass whose annotations
say what each field must hold; ``DataFolder`` gives any set of files a game's ``data`` option,
the loader (kept until a file changes), the files a record hashes and the check at load.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import pytest
from helpers import copy_data, edit_entry

import umbrella_lab as ul
from umbrella_lab.engine.core import Game, GameInfo
from umbrella_lab.engine.data import (
    DataFolder,
    DataTable,
    Field,
    FolderCheck,
    entry_fields,
    read_entries,
    read_toml,
)
from umbrella_lab.engine.errors import DataError, OptionError

PIG = "umbrella_lab.games.pig"  # a package with a data folder: data/die.toml


@dataclass(frozen=True)
class Face:
    """One face of a die, as a test reads it."""

    id: str
    value: Annotated[int, Field(low=0, high=100)]
    pig: bool
    provenance: Annotated[str, Field(choices=("rulebook", "published", "reconstruction"))]


@dataclass(frozen=True)
class Plain:
    """A face with a default: a file may leave ``colour`` out."""

    id: str
    value: int
    pig: bool
    provenance: str
    colour: str = "white"


def no_more_than_six(file: str, faces: tuple) -> None:
    if len(faces) > 6:
        raise DataError(file, "", "", "a die of this test has six faces or fewer")


def die(**kwargs) -> DataTable:
    return DataTable(PIG, "die.toml", "face", kwargs.pop("entry", Face), **kwargs)


# --- the fields, from the dataclass --------------------------------------------------------------


def test_the_fields_come_from_the_annotations_in_order():
    spec = entry_fields(Face)
    assert list(spec) == ["id", "value", "pig", "provenance"]
    assert spec["id"] == Field(str) and spec["pig"] == Field(bool)
    assert spec["value"] == Field(int, low=0, high=100)
    assert spec["provenance"] == Field(str, choices=("rulebook", "published", "reconstruction"))


def test_a_dataclass_default_is_the_fields_default():
    assert entry_fields(Plain)["colour"] == Field(str, default="white")
    faces = die(entry=Plain).load()
    assert {face.colour for face in faces} == {"white"}


def test_a_field_that_names_its_kind_keeps_it():
    @dataclass(frozen=True)
    class Odd:
        id: Annotated[str, Field(str, choices=("a",))]

    assert entry_fields(Odd)["id"] == Field(str, choices=("a",))


def test_what_cannot_be_a_data_entry_is_refused_at_once():
    with pytest.raises(TypeError, match="is not a dataclass"):
        entry_fields(int)

    @dataclass(frozen=True)
    class Maybe:
        id: str | None

    with pytest.raises(TypeError, match=r"Maybe\.id: a data field holds one plain type"):
        entry_fields(Maybe)


def test_a_field_without_a_kind_is_a_mistake_of_the_game_not_of_the_file():
    name, tables = read_toml("die.toml", PIG)
    with pytest.raises(TypeError, match="'value' of \\[\\[face\\]\\] names no kind"):
        spec = {**entry_fields(Face), "value": Field(low=0)}
        read_entries(name, tables, "face", spec)


# --- the packaged file and a folder --------------------------------------------------------------


def test_the_packaged_file_is_read_once_into_the_dataclass():
    table = die()
    faces = table.load()
    assert [face.id for face in faces] == ["one", "two", "three", "four", "five", "six"]
    assert faces[0] == Face("one", 1, True, "rulebook") and isinstance(faces, tuple)
    assert table.load() is faces and table.load(None) is faces


def test_an_edited_copy_in_a_folder_is_read_and_read_again_when_it_changes(tmp_path):
    folder = copy_data(tmp_path, "pig")
    table = die()
    before = table.load(folder)
    assert table.load(str(folder)) is before
    edit_entry(folder, "die.toml", "six", "value = 6", "value = 9")
    assert table.load(folder)[5].value == 9 and before[5].value == 6


def test_a_broken_file_names_file_entry_and_field_and_changes_nothing(tmp_path):
    folder = copy_data(tmp_path, "pig")
    table = die()
    packaged, good = table.load(), table.load(folder)
    edit_entry(folder, "die.toml", "four", "value = 4", "value = 400")
    with pytest.raises(DataError, match=r"die\.toml face 'four' field 'value': is 400, above") as e:
        table.load(folder)
    assert (Path(e.value.file).name, e.value.entry, e.value.field) == (
        "die.toml",
        "face 'four'",
        "value",
    )
    assert str(folder) in e.value.file  # the folder as the caller gave it
    assert table.load() is packaged and good[3].value == 4  # nothing read before has changed
    edit_entry(folder, "die.toml", "four", "value = 400", 'value = "4"')
    quoted = r"field 'value': must be a whole number \(like 3\), not the text \"4\" \(take"
    with pytest.raises(DataError, match=quoted):
        table.load(folder)  # the broken file was not kept: read again, still broken
    edit_entry(folder, "die.toml", "four", 'value = "4"', "value = 7")
    assert table.load(folder)[3].value == 7


def test_a_misspelt_or_missing_field_is_named(tmp_path):
    folder = copy_data(tmp_path, "pig")
    table = die()
    edit_entry(folder, "die.toml", "two", "pig = false", "pgi = false")
    with pytest.raises(DataError, match="face 'two' field 'pgi': is not a known field; the fields"):
        table.load(folder)
    edit_entry(folder, "die.toml", "two", "pgi = false\n", "")
    with pytest.raises(DataError, match="face 'two' field 'pig': is missing"):
        table.load(folder)


def test_the_check_of_the_whole_table_runs_after_every_entry_is_read(tmp_path):
    folder = copy_data(tmp_path, "pig")
    text = (folder / "die.toml").read_text(encoding="utf-8")
    seventh = '\n[[face]]\nid = "seven"\nvalue = 7\npig = false\nprovenance = "reconstruction"\n'
    (folder / "die.toml").write_text(text + seventh, encoding="utf-8")
    table = die(check=no_more_than_six)
    assert len(table.load()) == 6
    with pytest.raises(DataError, match=r"die\.toml: a die of this test has six faces or fewer"):
        table.load(folder)


def test_a_folder_without_the_file_or_not_toml_is_refused(tmp_path):
    table = die()
    with pytest.raises(DataError, match=r"die\.toml: the file does not exist"):
        table.load(tmp_path)
    (tmp_path / "die.toml").write_text("[[face]\n", encoding="utf-8")
    with pytest.raises(DataError, match="not valid TOML"):
        table.load(tmp_path)


# --- the game's option, files and check ----------------------------------------------------------


def test_the_option_refuses_what_is_not_a_folder_naming_the_file():
    option = die().option("A folder holding an edited die.toml.", "data.die")
    assert (option.name, option.default, option.rule) == ("data", None, "data.die")
    assert isinstance(option.check, FolderCheck)  # pickles, as every option check must
    with pytest.raises(OptionError, match=r"give the path of a folder holding die\.toml"):
        option.validate("test", "no/such/folder")
    assert option.validate("test", None) is None


def _game(table: DataFolder, **options) -> Game:
    info = GameInfo(
        name="dice-test",
        title="Dice test",
        players=(2,),
        options=(table.option("A folder.", "data.die"),),
        setup=lambda game, seed, events: None,
        data=table.files,
        check=table.check,
    )
    return Game(info, 2, **options)


def test_a_game_gets_its_files_its_data_and_its_check_at_load(tmp_path):
    table = die()
    packaged = _game(table)
    assert [Path(str(p)).name for p in packaged.info.data(packaged)] == ["die.toml"]
    assert table.of(packaged) is table.load()
    folder = copy_data(tmp_path, "pig")
    edited = _game(table, data=folder)
    assert table.files(edited) == [folder / "die.toml"]
    assert edited.data_hash == packaged.data_hash  # the same bytes, the same hash
    edit_entry(folder, "die.toml", "six", "value = 6", "value = 9")
    assert table.of(_game(table, data=folder))[5].value == 9
    edit_entry(folder, "die.toml", "six", "value = 9", "value = -1")
    with pytest.raises(DataError, match="is -1, below the minimum 0"):
        _game(table, data=folder)  # fails at load, before any table is dealt


def test_a_folder_of_several_files_with_a_reader_of_its_own(tmp_path):
    def read(folder):
        name, tables = read_toml(
            folder / "die.toml" if folder else "die.toml", None if folder else PIG
        )
        return (name, len(tables["face"]))

    files = DataFolder(PIG, ("die.toml", "digest.md"), read)
    assert files.load()[1] == 6 and files.load() is files.load(None)
    option = files.option("Edited files.")
    with pytest.raises(OptionError, match=r"holding die\.toml and digest\.md"):
        option.validate("test", 7)
    assert [p.name for p in files.paths(tmp_path)] == ["die.toml", "digest.md"]
    assert repr(files) == "DataFolder('umbrella_lab.games.pig', die.toml, digest.md)"


def test_pig_declares_its_die_this_way():
    from umbrella_lab.games import pig

    assert isinstance(pig.DIE, DataTable) and pig.DIE.entry is pig.DieFace
    assert ul.load("pig").new(seed=1).die is pig.DIE.load()
    assert [option.name for option in pig.INFO.options] == ["goal", "data"]
    assert pig.INFO.data == pig.DIE.files and pig.INFO.check == pig.DIE.check
