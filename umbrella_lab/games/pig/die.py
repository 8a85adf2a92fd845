"""The die of Pig, read from ``data/die.toml`` (or a folder of edited data) [data.die]."""

from __future__ import annotations

from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

from umbrella_lab.engine.data import Field, cached_by_files, read_entries, read_toml
from umbrella_lab.engine.errors import DataError

PACKAGE = "umbrella_lab.games.pig"
PROVENANCE = ("rulebook", "published", "reconstruction")
_FACE = {
    "id": Field(str),
    "value": Field(int, low=0, high=100),
    "pig": Field(bool),
    "provenance": Field(str, choices=PROVENANCE),
}


@dataclass(frozen=True)
class Face:
    """One face of the die: its id, its value, and whether it is a pig."""

    id: str
    value: int
    pig: bool
    provenance: str


@dataclass(frozen=True)
class Die:
    """The faces of the die; every face comes up equally often."""

    faces: tuple[Face, ...]


def die_file(folder: Any = None) -> Path | Any:
    """The die's data file: in ``folder`` if given, else the packaged one."""
    return Path(folder) / "die.toml" if folder is not None else files(PACKAGE) / "data" / "die.toml"


@cached_by_files("die.toml")
def _load(folder: Path | None) -> Die:
    name, tables = read_toml(
        folder / "die.toml" if folder is not None else "die.toml",
        None if folder is not None else PACKAGE,
    )
    faces = tuple(Face(**entry) for entry in read_entries(name, tables, "face", _FACE))
    if len(faces) < 2:
        raise DataError(name, "", "", f"a die needs at least 2 faces, not {len(faces)}")
    if all(face.pig for face in faces):
        raise DataError(name, "", "pig", "every face is a pig: no turn could ever score")
    return Die(faces)


def load_die(folder: Any = None) -> Die:
    """The die, from a folder of edited data or the packaged file.

    A folder is read again when its ``die.toml`` has changed since (a student's edit counts
    the next time the game is loaded); the same folder as a ``str`` or a ``Path`` gives the
    same die.

    Raises:
        DataError: naming the file, the face and the field that is wrong.
    """
    return _load(folder)
