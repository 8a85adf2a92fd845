"""Saving class tables: one JSON file per table, written whole and atomically.

A table is written to a temporary file beside its own, flushed to the disk, then put in place
with :func:`os.replace`, so a crash leaves either the old file or the new one, never half of
one. The server saves after every change *before* any page is told of it: a page never shows a
move the file does not hold. The files hold the tables' secrets, so they are readable by their
owner only.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any

from umbrella_lab.engine.core import Game
from umbrella_lab.engine.errors import RecordError
from umbrella_lab.table.model import Table

SUFFIX = ".table.json"
"""How a saved table's file name ends: ``<table id>.table.json``."""

log = logging.getLogger(__name__)


class Store:
    """A folder of saved tables.

    Args:
        folder: Where the files go (made if missing).
        durable: Flush each file to the disk before putting it in place (``os.fsync``); off,
            a power cut may lose the last moves, never a whole file.
    """

    def __init__(self, folder: str | Path, durable: bool = True) -> None:
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.durable = durable

    def path(self, table_id: str) -> Path:
        """The file of table ``table_id``."""
        return self.folder / f"{table_id}{SUFFIX}"

    def save(self, table: Table) -> Path:
        """Write ``table`` atomically (temporary file, flush, replace); its path."""
        return self.write(table.id, self.text(table))

    @staticmethod
    def text(table: Table) -> str:
        """The saved form of ``table`` (made where the table lives, written anywhere)."""
        return json.dumps(table.to_dict(), separators=(",", ":"))

    def write(self, table_id: str, text: str) -> Path:
        """Put ``text`` in table ``table_id``'s file atomically; its path.

        Safe to call from a worker thread: it touches nothing but the files.
        """
        target = self.path(table_id)
        temporary = self.folder / f".{table_id}.tmp"
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC
        descriptor = os.open(temporary, flags, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            if self.durable:
                os.fsync(handle.fileno())
        os.replace(temporary, target)
        return target

    def load_all(self, games: dict[str, Game] | None = None) -> list[Table]:
        """Every table saved here, replayed; a file that cannot be read is logged and skipped."""
        tables = []
        for path in sorted(self.folder.glob(f"*{SUFFIX}")):
            try:
                tables.append(load_table(path, games))
            except (RecordError, OSError, ValueError) as error:
                log.warning("class table %s not resumed: %s", path.name, error)
        return tables


def load_table(path: Path, games: dict[str, Game] | None = None) -> Table:
    """One saved table, replayed through the rules.

    Raises:
        RecordError: the file is not a saved table or does not replay.
    """
    data: Any = json.loads(path.read_text(encoding="utf-8"))
    return Table.from_dict(data, games)
