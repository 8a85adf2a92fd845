"""Helpers shared by the data-file tests of every game.

Each test edits a fresh copy of a game's packaged data folder in ``tmp_path`` (the loaders
cache by folder, so the packaged files are never touched).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import umbrella_lab as ul


def packaged_data(game: str) -> Path:
    """The folder of a game's packaged data files."""
    return Path(ul.__file__).parent / "games" / game / "data"


def copy_data(tmp_path: Path, game: str) -> Path:
    """A copy of the game's packaged data folder, to edit."""
    folder = tmp_path / "data"
    shutil.copytree(packaged_data(game), folder)
    return folder


def edit_entry(folder: Path, file: str, entry_id: str, old: str, new: str) -> None:
    """Replace ``old`` by ``new`` inside the one ``[[...]]`` entry whose id is ``entry_id``.

    Both must be found exactly once, so a test never edits something it did not mean to.
    """
    path = folder / file
    blocks = path.read_text(encoding="utf-8").split("\n[[")
    hits = [i for i, block in enumerate(blocks) if f'\nid = "{entry_id}"\n' in block]
    assert len(hits) == 1, f"{file}: entry {entry_id!r} not found once"
    block = blocks[hits[0]]
    assert block.count(old) == 1, f"{file} {entry_id}: {old!r} not found once"
    blocks[hits[0]] = block.replace(old, new)
    path.write_text("\n[[".join(blocks), encoding="utf-8")
