"""Card data files: read TOML tables and check every field, naming file, entry and field.

A game describes each kind of entry with a dict of :class:`Field` specs; :func:`read_entries`
returns plain dicts with defaults filled in, or raises :class:`DataError`.
"""

from __future__ import annotations

import functools
import hashlib
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any, TypeVar

from umbrella_lab.engine.errors import DataError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

_MISSING = object()
T = TypeVar("T")


@dataclass(frozen=True)
class Field:
    """What one field of a data entry must hold.

    Attributes:
        kind: The Python type (``str``, ``int``, ``bool``).
        default: Used when the field is absent; leave unset for a required field.
        choices: Allowed values, if limited.
        low: Smallest allowed number.
        high: Largest allowed number.
    """

    kind: type
    default: Any = _MISSING
    choices: tuple | None = None
    low: int | None = None
    high: int | None = None


def read_toml(source: str | Path, package: str | None = None) -> tuple[str, dict[str, Any]]:
    """Read a TOML file from a folder path or from a package's ``data`` folder.

    Returns the file's name (for messages) and its tables.
    """
    if package is not None and not Path(source).is_absolute() and not Path(source).exists():
        resource = files(package) / "data" / str(source)
        name, text = f"{package.rsplit('.', 1)[-1]}/data/{source}", resource.read_text("utf-8")
    else:
        path = Path(source)
        if not path.is_file():
            problem = "is a folder, not a file" if path.is_dir() else "the file does not exist"
            raise DataError(str(path), "", "", problem)
        try:
            name, text = str(path), path.read_text("utf-8")
        except UnicodeDecodeError as error:
            raise DataError(str(path), "", "", "not a TOML text file (not UTF-8 text)") from error
        except OSError as error:
            raise DataError(str(path), "", "", f"cannot be read ({error.strerror})") from error
    try:
        return name, tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise DataError(name, "", "", f"not valid TOML ({error})") from error
    except RecursionError as error:
        raise DataError(name, "", "", "nested too deeply to be a data file") from error


def read_entries(
    name: str, tables: dict[str, Any], table: str, spec: dict[str, Field]
) -> list[dict[str, Any]]:
    """The ``[[table]]`` entries of a file, each checked against ``spec``.

    Raises:
        DataError: naming the file, the entry (its ``id`` or number) and the field.
    """
    entries = tables.get(table)
    if not isinstance(entries, list) or not entries:
        raise DataError(name, "", "", f"no [[{table}]] entries found")
    seen: set[str] = set()
    out = []
    for number, entry in enumerate(entries, 1):
        label = f"[[{table}]] #{number}"
        if not isinstance(entry, dict):
            raise DataError(
                name,
                label,
                "",
                f"must be a table of fields ([[{table}]] then key = value lines), not {entry!r}",
            )
        if isinstance(entry.get("id"), str):
            label = f"{table} '{entry['id']}'"
        unknown = sorted(set(entry) - set(spec))
        if unknown:
            raise DataError(
                name, label, unknown[0], f"is not a known field; the fields are {', '.join(spec)}"
            )
        checked = {}
        for field_name, field in spec.items():
            value = entry.get(field_name, field.default)
            if value is _MISSING:
                raise DataError(name, label, field_name, "is missing")
            if not isinstance(value, field.kind) or (field.kind is int and isinstance(value, bool)):
                raise DataError(
                    name, label, field_name, f"must be {field.kind.__name__}, not {value!r}"
                )
            if field.choices is not None and value not in field.choices:
                raise DataError(
                    name,
                    label,
                    field_name,
                    f"is {value!r}; allowed: " + ", ".join(repr(c) for c in field.choices),
                )
            if field.low is not None and value < field.low:
                raise DataError(
                    name, label, field_name, f"is {value}, below the minimum {field.low}"
                )
            if field.high is not None and value > field.high:
                raise DataError(
                    name, label, field_name, f"is {value}, above the maximum {field.high}"
                )
            checked[field_name] = value
        if "id" in checked:
            if checked["id"] in seen:
                raise DataError(
                    name, label, "id", "is used by an earlier entry; ids must be unique"
                )
            seen.add(checked["id"])
        out.append(checked)
    return out


@dataclass(frozen=True)
class FolderCheck:
    """The check of a game's ``data`` option (see :func:`folder_option`).

    A plain object rather than a closure, so that it pickles: a game travels whole to worker
    processes and into OpenSpiel's copies.
    """

    names: tuple[str, ...]

    def __call__(self, value: Any) -> str:
        """What is wrong with ``value`` as a data folder, or ``""``."""
        if value is None:
            return ""
        if not isinstance(value, (str, Path)) or not Path(value).is_dir():
            names = self.names
            holding = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
            return f"give the path of a folder holding {holding}"
        return ""


def folder_option(*names: str) -> Callable[[Any], str]:
    """The check of a game's ``data`` option: ``None`` (the packaged files) or a folder.

    Returns what is wrong with a value, or ``""``; the message names the files the folder
    must hold. (The files themselves are read and checked when the game is loaded.)
    """
    return FolderCheck(names)


# --- data folders read again when they change ------------------------------------------------

RACY_NS = 2_000_000_000
"""A file changed less than this long (2 s, in ns) before it was read may change again within the
same tick of a coarse file-system clock: its contents are compared too until it is older."""


def cached_by_files(*names: str) -> Callable[[Callable[[Path | None], T]], Callable[..., T]]:
    """Keep what a loader read from a data folder until one of its files ``names`` changes.

    The decorated loader is called as ``loader(folder)`` with ``folder`` a
    :class:`~pathlib.Path` as the caller gave it (its errors name the folder that way), or
    ``None`` for the packaged files (read once). The folder may be given as a ``str`` or a
    ``Path``, relative or absolute: the same folder gives the same data.
    Every call looks at the files' sizes, modification and change times and file numbers (one
    ``stat`` each, a few microseconds, so a simulation that deals thousands of tables stays
    fast) and reads the folder again when one changed: a student's edit is seen the next time
    the game is loaded. The change time (``st_ctime``) moves on whenever a file is written, even
    by a copy that keeps the old modification time (``cp -p``, ``tar``, ``rsync -t``), so such a
    copy is read again too. A file changed in the last two seconds is also compared by its
    contents (a clock that ticks in whole seconds could miss a second quick edit), and so is
    every file on Windows, where ``st_ctime`` is the creation time and a copy over a file can
    keep its size and times. A loader that raises keeps nothing, so a fixed file is read anew.
    """

    def decorate(loader: Callable[[Path | None], T]) -> Callable[..., T]:
        packaged: list[T] = []
        known: dict[str, tuple[tuple, T, bytes | None]] = {}

        @functools.wraps(loader)
        def load(folder: str | os.PathLike | None = None) -> T:
            if folder is None:
                if not packaged:
                    packaged.append(loader(None))
                return packaged[0]
            key = os.path.normcase(os.path.abspath(os.fspath(folder)))
            paths = [os.path.join(key, name) for name in names]
            stamp = _stamp(paths)
            entry = known.get(key)
            if entry is not None and entry[0] == stamp:
                if entry[2] is None:
                    return entry[1]
                if entry[2] == _contents(paths):  # recently changed: the same bytes?
                    if not _racy(stamp):
                        known[key] = (stamp, entry[1], None)
                    return entry[1]
            contents = _contents(paths) if _racy(stamp) else None  # taken before reading
            value = loader(Path(folder))  # as given: its errors name the folder as the user did
            known[key] = (stamp, value, contents)
            return value

        load.cache_clear = lambda: (packaged.clear(), known.clear())  # type: ignore[attr-defined]
        return load

    return decorate


CHANGE_TIME_KEPT = sys.platform == "win32"
"""Whether a file's ``st_ctime`` can stay the same when it is written (on Windows it is the
creation time): then the cache compares the files' contents on every call."""


def _stamp(paths: list[str]) -> tuple:
    """Size, modification time, change time and file number of each file (``None``: missing).

    The change time and the file number catch a copy that keeps the size and the modification
    time (``cp -p``, ``tar``, ``rsync -t``): writing a file, or setting its times, moves its
    change time on, and ``rsync`` puts a new file in place.
    """
    stamp = []
    for path in paths:
        try:
            info = os.stat(path)
        except OSError:
            stamp.append(None)
        else:
            stamp.append((info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino))
    return tuple(stamp)


def _racy(stamp: tuple) -> bool:
    """Whether the contents must be compared too: a file changed lately, or on Windows."""
    if CHANGE_TIME_KEPT:
        return True
    now = time.time_ns()
    return any(entry is not None and now - max(entry[1], entry[2]) < RACY_NS for entry in stamp)


def _contents(paths: list[str]) -> bytes:
    digest = hashlib.sha256()
    for path in paths:
        try:
            digest.update(Path(path).read_bytes())
        except OSError:
            digest.update(b"\0missing\0")
        digest.update(b"\0")
    return digest.digest()
