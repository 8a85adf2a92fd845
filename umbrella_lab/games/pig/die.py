"""Pig's data: the die, read from ``data/die.toml`` or a teacher's edited copy [data.die].

The shape of one entry (a frozen dataclass whose annotations say what each field holds), the
check of the die as a whole, and the ``DataTable`` that reads the file and gives the game its
``data`` option. A broken file names the file, the entry and the field, and fails at
``ul.load``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from umbrella_lab.engine.data import DataTable, Field
from umbrella_lab.engine.errors import DataError


@dataclass(frozen=True)
class DieFace:
    """One face of the die: its id, the points it adds, and whether it is a pig."""

    id: str
    value: Annotated[int, Field(low=0, high=100)]
    pig: bool
    provenance: Annotated[str, Field(choices=("rulebook", "published", "reconstruction"))]


def check_die(file: str, faces: tuple[DieFace, ...]) -> None:
    """The die as a whole: two faces or more, one of them no pig [data.die]."""
    if len(faces) < 2 or all(face.pig for face in faces):
        raise DataError(file, "", "pig", "a die needs two faces or more, one of them no pig")


PACKAGE = __name__.rpartition(".")[0]
"""The game's package, whose ``data/`` folder holds ``die.toml``."""

DIE = DataTable(PACKAGE, "die.toml", "face", DieFace, check=check_die)
"""The faces, every one as likely: ``DIE.of(game)``; a broken file fails at ``ul.load``."""
