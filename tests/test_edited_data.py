"""Edited data folders are read again when the game is loaded again.

A student copies a game's data folder, edits a card and loads the game again: the loaders must
see the edit (they used to keep a folder's cards for the whole session), and the same folder
given as a str, a Path or a relative path must give the same cards.
"""

from __future__ import annotations

import os
import shutil
import time

import pytest
from helpers import copy_data, edit_entry

import umbrella_lab as ul
from umbrella_lab.engine import data as data_module
from umbrella_lab.engine.errors import DataError
from umbrella_lab.engine.record import Record
from umbrella_lab.games.academy.cards import load_cards as academy_cards
from umbrella_lab.games.corporation.cards import load_cards as corporation_cards
from umbrella_lab.games.pig import DIE
from umbrella_lab.games.umbrella.pieces import load_pieces

# game, loader, file, entry id, old text, new text (same length), what the edit changes
EDITS = [
    (
        "academy",
        academy_cards,
        "villains.toml",
        "carmichael-6",
        "final_attack = 60",
        "final_attack = 90",
        lambda data: next(v.final_attack for v in data.villains if v.id == "carmichael-6"),
    ),
    (
        "corporation",
        corporation_cards,
        "umbrella_deck.toml",
        "the-hive",
        "force = 8",
        "force = 5",
        lambda data: next(c.force for c in data.umbrella if c.id == "the-hive"),
    ),
    (
        "umbrella",
        load_pieces,
        "boards.toml",
        "A",
        'stage = "YBGR/BYRG/GRYB/RGBY"',
        'stage = "BYGR/YBRG/GRYB/RGBY"',
        lambda data: data.boards[0].stage,
    ),
    (
        "pig",
        DIE.load,
        "die.toml",
        "six",
        "value = 6",
        "value = 9",
        lambda data: data[5].value,
    ),
]
IDS = [edit[0] for edit in EDITS]


@pytest.mark.parametrize(("game", "loader", "file", "entry", "old", "new", "seen"), EDITS, ids=IDS)
def test_an_edited_folder_is_read_again(tmp_path, game, loader, file, entry, old, new, seen):
    folder = copy_data(tmp_path, game)
    before = loader(folder)
    assert loader(folder) is before  # unchanged files: kept, not read again
    edit_entry(folder, file, entry, old, new)
    after = loader(folder)
    assert after is not before
    assert seen(after) != seen(before)
    assert seen(after) == seen(loader(str(folder)))


@pytest.mark.parametrize(("game", "loader", "file", "entry", "old", "new", "seen"), EDITS, ids=IDS)
def test_a_str_a_path_and_a_relative_path_give_the_same_data(
    tmp_path, monkeypatch, game, loader, file, entry, old, new, seen
):
    folder = copy_data(tmp_path, game)
    monkeypatch.chdir(tmp_path)
    first = loader(folder)
    assert loader(str(folder)) is first
    assert loader("data") is first
    assert loader(tmp_path / "." / "data") is first


@pytest.mark.parametrize(("game", "loader", "file", "entry", "old", "new", "seen"), EDITS, ids=IDS)
def test_a_quick_second_edit_of_the_same_size_and_time_is_seen(
    tmp_path, game, loader, file, entry, old, new, seen
):
    """A file-system clock that ticks in whole seconds: the second edit keeps size and time."""
    folder = copy_data(tmp_path, game)
    path = folder / file
    os.utime(path)  # edited just now
    before = loader(folder)
    stat = path.stat()
    edit_entry(folder, file, entry, old, new)
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # the same size, the same time
    assert path.stat().st_size == stat.st_size
    assert seen(loader(folder)) != seen(before)


def test_a_broken_file_is_not_kept_and_its_fix_is_seen(tmp_path):
    folder = copy_data(tmp_path, "pig")
    edit_entry(folder, "die.toml", "six", "value = 6", 'value = "6"')
    with pytest.raises(DataError, match="must be a whole number"):
        ul.load("pig", data=folder)
    edit_entry(folder, "die.toml", "six", 'value = "6"', "value = 7")
    state = ul.load("pig", data=folder).new(seed=1)
    assert state.die[5].value == 7


def test_loading_the_game_again_plays_with_the_edit(tmp_path):
    folder = copy_data(tmp_path, "pig")
    assert ul.load("pig", data=str(folder)).new(seed=3).die[5].value == 6
    edit_entry(folder, "die.toml", "six", "value = 6", "value = 8")
    again = ul.load("pig", data=folder)
    assert again.new(seed=3).die[5].value == 8
    assert again.data_hash != ul.load("pig").data_hash


def test_the_packaged_data_is_read_once():
    assert DIE.load() is DIE.load(None)
    assert academy_cards() is academy_cards()


def test_a_kept_folder_costs_microseconds_per_load(tmp_path, monkeypatch):
    """Simulations deal thousands of tables from one folder: a kept folder is only looked at."""
    monkeypatch.setattr(data_module, "RACY_NS", 0)  # copied just now: settled all the same
    folder = copy_data(tmp_path, "academy")
    old = time.time_ns() - 10_000_000_000
    for path in folder.iterdir():
        os.utime(path, ns=(old, old))  # settled files: no contents compared
    academy_cards(folder)
    began = time.perf_counter()
    for _ in range(1000):
        academy_cards(folder)
    per_call = (time.perf_counter() - began) / 1000
    assert per_call < 0.0005, f"{per_call * 1e6:.0f} µs per load of a kept folder"


def _copy_keeping_size_and_times(folder, file, entry, old, new) -> None:
    """Edit ``file`` as ``cp -p``, ``tar`` or ``rsync -t`` would put an edited copy in place:
    the same size and the same modification time as before, other contents."""
    path = folder / file
    stat = path.stat()
    edited = folder.parent / "edited"
    edited.mkdir(exist_ok=True)
    shutil.copy2(path, edited / file)
    edit_entry(edited, file, entry, old, new)
    os.utime(edited / file, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    shutil.copy2(edited / file, path)  # cp -p: the contents, then the old times
    assert (path.stat().st_size, path.stat().st_mtime_ns) == (stat.st_size, stat.st_mtime_ns)


@pytest.mark.parametrize(("game", "loader", "file", "entry", "old", "new", "seen"), EDITS, ids=IDS)
def test_a_copy_that_keeps_the_size_and_the_time_is_seen(
    tmp_path, monkeypatch, game, loader, file, entry, old, new, seen
):
    """Only the stamp can tell here: contents are never compared (no recent edit)."""
    monkeypatch.setattr(data_module, "RACY_NS", 0)
    folder = copy_data(tmp_path, game)
    settled = time.time_ns() - 3_600_000_000_000
    for path in folder.iterdir():
        os.utime(path, ns=(settled, settled))
    before = loader(folder)
    assert loader(folder) is before
    time.sleep(0.05)  # the next tick of a coarse file-system clock
    _copy_keeping_size_and_times(folder, file, entry, old, new)
    assert seen(loader(folder)) != seen(before)


@pytest.mark.filterwarnings("error::umbrella_lab.engine.errors.DataChangedWarning")
def test_a_record_made_after_such_a_copy_replays(tmp_path):
    folder = copy_data(tmp_path, "pig")
    assert ul.load("pig", data=folder).new(seed=3).die[5].value == 6
    _copy_keeping_size_and_times(folder, "die.toml", "six", "value = 6", "value = 9")
    game = ul.load("pig", data=folder)
    state = game.new(seed=3)
    assert state.die[5].value == 9
    ids = []
    while not state.is_over:
        if state.to_act == ul.CHANCE:
            key = state._lucky_key()
        else:  # hold whenever the rules allow it, so that the game ends
            moves = state.legal_moves()
            key = next((m for m in moves if state.action(m).id.startswith("hold")), moves[0])
        ids.append(state.action(key).id)
        state = state.apply(key)
    record = Record.of(game, 3, ids)
    DIE.load.cache_clear()  # as in a new kernel: the folder is read afresh
    replayed = Record.from_json(record.to_json()).final()
    assert replayed.result == state.result
