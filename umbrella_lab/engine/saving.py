"""The kit's saved files in JSON: reading and writing them, with errors that say what is wrong.

A record (:mod:`umbrella_lab.engine.record`) and a session (:mod:`umbrella_lab.engine.session`,
which writes and reads the session file format) both keep their game as JSON: this module
holds what they share, below both: the JSON read from text or a file and written to a file,
each failure a :class:`~umbrella_lab.engine.errors.RecordError` naming the file and why; the
options as JSON holds them; the note on files played with other card data; the version of the
action ids (``IDS``) and the label of a session's main branch (``MAIN``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from umbrella_lab.engine.errors import RecordError
from umbrella_lab.engine.luck import LUCKS

MAIN = "main"
"""Label of the branch that starts at the deal."""

IDS = 2
"""The ``ids`` field of files written now: action ids name cards by their data ids. Files
without it were written with the older numeric ids (``attack/0/52/-1``), read as such."""


def parse_json(text: str, what: str) -> Any:
    """JSON text as data, or a :class:`RecordError` that says what is wrong with it."""
    if not isinstance(text, str | bytes | bytearray):
        raise RecordError(f"{what}: JSON text expected, not {type(text).__name__}")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"{what}: not valid JSON ({error})") from error
    except RecursionError as error:
        raise RecordError(f"{what}: the JSON is nested too deeply to be a saved game") from error
    except ValueError as error:  # Python reads no number of more than 4,300 digits
        msg = f"{what}: a number in the JSON has over 4,300 digits (no seed or count is so long)"
        raise RecordError(msg) from error
    except UnicodeDecodeError as error:
        raise RecordError(f"{what}: not text in UTF-8 ({error.reason})") from error


def write_json(path: str | Path, text: str, what: str) -> None:
    """Write ``text`` to the file ``path``, or a :class:`RecordError` naming the path and why."""
    if not isinstance(path, str | Path) or not str(path).strip():
        raise RecordError(f"{path!r} is not the path of a {what} file to write")
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as error:
        raise RecordError(f"{path}: cannot write the {what} file ({error.strerror})") from error


def read_json(path: str | Path, what: str) -> Any:
    """A JSON file's data, or a :class:`RecordError` naming the file and what is wrong."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise RecordError(f"{path}: cannot read the {what} file ({error.strerror})") from error
    except UnicodeDecodeError as error:
        raise RecordError(f"{path}: not a {what} file (not text in UTF-8)") from error
    except (TypeError, ValueError) as error:  # not a path at all
        raise RecordError(f"{path!r} is not the path of a {what} file ({error})") from error
    return parse_json(text, str(path))


def data_note(saved: str, game: Any) -> str:
    """What to say when a file was played with other card data than ``game`` has, or ``""``."""
    if not saved or saved == game.data_hash:
        return ""
    return (
        f"it was played with other card data (hash {saved}; the data of this game hash to "
        f"{game.data_hash or 'nothing'}), so its moves may mean other cards"
    )


def read_luck(data: dict[str, Any], source: str) -> int:
    """The luck version a record or session names (1 where it names none), checked."""
    luck = data.get("luck", 1)
    if isinstance(luck, bool) or luck not in LUCKS:
        known = " or ".join(str(v) for v in LUCKS)
        msg = f"{source}: field 'luck' must be a luck version ({known}), not {luck!r}"
        raise RecordError(msg)
    return int(luck)


def jsonable_options(options: dict[str, Any]) -> dict[str, Any]:
    """Options as JSON can hold them: tuples as lists, folders as text."""

    def plain(value: Any) -> Any:
        if isinstance(value, tuple):
            return list(value)
        return str(value) if isinstance(value, Path) else value

    return {k: plain(v) for k, v in options.items()}
