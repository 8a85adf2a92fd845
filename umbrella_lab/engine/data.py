"""Card data files: read TOML tables and check every field, naming file, entry and field.

A game describes each kind of entry with a dict of :class:`Field` specs; :func:`read_entries`
returns plain dicts with defaults filled in, or raises :class:`DataError`.

:class:`DataFolder` is the plumbing of a game's ``data`` option (the packaged files, or edited
copies in a folder a teacher gives): the loader, kept until a file changes, the option, the files
a record hashes and the check at load. :class:`DataTable` is one for a file of one ``[[table]]``,
read into a frozen dataclass whose annotations say what each field must hold.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import os
import sys
import time
import typing
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any, Generic, TypeVar

from umbrella_lab.engine.core import Game, Option
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
        kind: The Python type (``str``, ``int``, ``bool``); in a :class:`DataTable`'s entry
            class, left out: the field's annotation gives it (``Annotated[int, Field(low=0)]``).
        default: Used when the field is absent; leave unset for a required field.
        choices: Allowed values, if limited (any collection: a table of effects by name will do).
        low: Smallest allowed number.
        high: Largest allowed number.
    """

    kind: type | None = None
    default: Any = _MISSING
    choices: Collection[Any] | None = None
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
        checked: dict[str, Any] = {}
        for field_name, field in spec.items():
            value: Any = entry.get(field_name, field.default)
            if value is _MISSING:
                raise DataError(name, label, field_name, "is missing")
            kind = field.kind
            if kind is None:
                msg = f"the field {field_name!r} of [[{table}]] names no kind (str, int, ...)"
                raise TypeError(msg)
            if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                raise DataError(name, label, field_name, wrong_kind(kind, value))
            if field.choices is not None and value not in field.choices:
                raise DataError(
                    name,
                    label,
                    field_name,
                    f"is {value!r}; allowed: " + ", ".join(repr(c) for c in field.choices),
                )
            amount: Any = value  # (a number, where the field has bounds)
            if field.low is not None and amount < field.low:
                raise DataError(
                    name, label, field_name, f"is {value}, below the minimum {field.low}"
                )
            if field.high is not None and amount > field.high:
                raise DataError(
                    name, label, field_name, f"is {value}, above the maximum {field.high}"
                )
            checked[field_name] = value
        if "id" in checked:
            ident = checked["id"]
            if isinstance(ident, str) and (
                not ident.strip() or "/" in ident or ident != ident.strip()
            ):
                raise DataError(
                    name,
                    label,
                    "id",
                    f"is {ident!r}; an id names the entry in action ids (attack/0/<id>), so it "
                    "needs at least one character, no '/' and no space at either end",
                )
            if ident in seen:
                raise DataError(
                    name, label, "id", "is used by an earlier entry; ids must be unique"
                )
            seen.add(ident)
        out.append(checked)
    return out


KIND_WORDS: dict[type, str] = {
    int: "a whole number (like 3)",
    float: "a number (like 2.5)",
    str: 'text in quotes (like "Hulk")',
    bool: "true or false",
    list: "a list in brackets (like [1, 2])",
}
"""What a data field's kind is called in an error, in the words of a TOML file."""


def wrong_kind(kind: type, value: Any) -> str:
    """Why ``value`` cannot stand in a field of ``kind``, in a data file's own words.

    >>> wrong_kind(int, "0")
    'must be a whole number (like 3), not the text "0" (take the quotes away)'
    >>> wrong_kind(bool, "3")
    'must be true or false, not the text "3"'
    >>> wrong_kind(str, 7)
    'must be text in quotes (like "Hulk"), not 7'
    """
    if isinstance(value, bool):
        shown = "true" if value else "false"
    elif isinstance(value, str):
        shown = f'the text "{value}"'
        unquoted = value.strip().lower()
        digits = unquoted.lstrip("+-")
        fits = {  # the text would be read as this kind without its quotes
            int: digits.isdigit(),
            float: digits.replace(".", "", 1).isdigit(),
            bool: unquoted in ("true", "false"),
        }
        if fits.get(kind, False):
            shown += " (take the quotes away)"
    else:
        shown = repr(value)
    return f"must be {KIND_WORDS.get(kind, kind.__name__)}, not {shown}"


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

        def cache_clear() -> None:
            packaged.clear()
            known.clear()

        load.cache_clear = cache_clear  # type: ignore[attr-defined]
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
    stamp: list[tuple[int, int, int, int] | None] = []
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


# --- a game's data files, packaged or an edited copy in a folder -----------------------------

E = TypeVar("E")


class DataFolder(Generic[T]):
    """A game's data files: the packaged ones, or edited copies in a folder a teacher gives.

    It gives the game everything its ``data`` option needs: :meth:`option` (the option, which
    refuses a path that is no folder), :attr:`load` (``load(folder)``: what ``read`` made of the
    files, kept until one of them changes, see :func:`cached_by_files`), :meth:`of` (the data of
    a loaded game), :meth:`files` (for ``GameInfo.data``: a record keeps their hash) and
    :meth:`check` (for ``GameInfo.check``: a broken file fails at ``ul.load``, before a deal).

    Args:
        package: The game's package (``__name__``); the packaged files are in its ``data``
            folder.
        names: The files' names, the same in the package and in a teacher's folder.
        read: ``read(folder)`` reads and checks the files: ``folder`` is a
            :class:`~pathlib.Path`, or ``None`` for the packaged files; it raises
            :class:`DataError` naming the file, the entry and the field.
        option: The name of the game's option that holds the folder.
    """

    def __init__(
        self,
        package: str,
        names: Sequence[str],
        read: Callable[[Path | None], T],
        option: str = "data",
    ) -> None:
        self.package, self.names, self.option_name = package, tuple(names), option
        self.load: Callable[..., T] = cached_by_files(*self.names)(read)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.package!r}, {', '.join(self.names)})"

    def paths(self, folder: str | os.PathLike | None = None) -> list[Any]:
        """The files: in ``folder`` if one is given, else the packaged ones (resources)."""
        if folder is None:
            return [files(self.package) / "data" / name for name in self.names]
        return [Path(folder) / name for name in self.names]

    def of(self, game: Game) -> T:
        """The data of ``game``, from the folder its option names (or the packaged files)."""
        return self.load(game.options[self.option_name])

    def files(self, game: Game) -> list[Any]:
        """The files ``game`` reads (``GameInfo.data``)."""
        return self.paths(game.options[self.option_name])

    def check(self, game: Game) -> None:
        """Read the files of ``game`` now (``GameInfo.check``): a broken one raises here.

        Raises:
            DataError: naming the file, the entry and the field.
        """
        self.of(game)

    def option(self, doc: str, rule: str = "") -> Option:
        """The game's option (``data=`` in ``ul.load``): ``None`` or a folder holding the files.

        Args:
            doc: What the option is for, in plain words.
            rule: The digest id of the rule about the data.
        """
        return Option(self.option_name, None, doc, check=folder_option(*self.names), rule=rule)


class DataTable(DataFolder[tuple[E, ...]]):
    """One data file of ``[[table]]`` entries, each read into a frozen dataclass ``entry``.

    The dataclass's annotations say what each field must hold: its type, and any checks in a
    :class:`Field` (``value: Annotated[int, Field(low=0, high=100)]``); a field with a default
    may be left out of the file. The data is a tuple of entries in the file's order::

        DIE = DataTable(__name__, "die.toml", "face", DieFace)
        DIE.load()  # (DieFace(id='one', value=1, ...), ...)

    Args:
        package: The game's package (``__name__``).
        file: The file's name (``"die.toml"``).
        table: The name of its entries' table (``"face"`` for ``[[face]]``).
        entry: The frozen dataclass each entry becomes; its fields match the keys one for one.
        check: ``check(file, entries)`` checks the entries together (how many, say) and raises
            :class:`DataError`; ``file`` is the file's name as messages give it.
        option: The name of the game's option that holds the folder.
    """

    def __init__(
        self,
        package: str,
        file: str,
        table: str,
        entry: type[E],
        check: Callable[[str, tuple[E, ...]], None] | None = None,
        option: str = "data",
    ) -> None:
        spec = entry_fields(entry)

        def read(folder: Path | None) -> tuple[E, ...]:
            name, tables = read_toml(folder / file if folder else file, None if folder else package)
            entries = tuple(entry(**row) for row in read_entries(name, tables, table, spec))
            if check is not None:
                check(name, entries)
            return entries

        read.__doc__ = f"The [[{table}]] entries of {file}, checked; ``DataError`` if broken."
        self.file, self.table, self.entry, self.fields = file, table, entry, spec
        super().__init__(package, (file,), read, option)


def entry_fields(entry: type) -> dict[str, Field]:
    """The :class:`Field` of each field of a dataclass, in order, from its annotations.

    A field annotated ``Annotated[int, Field(low=0)]`` gets that ``Field`` with its kind, ``int``;
    a plain ``bool`` gets ``Field(bool)``; a default of the dataclass is the field's default.

    Raises:
        TypeError: ``entry`` is not a dataclass, or a field's type is not a plain class.
    """
    if not dataclasses.is_dataclass(entry):
        raise TypeError(f"{entry!r} is not a dataclass")
    hints = typing.get_type_hints(entry, include_extras=True)
    spec = {}
    for found in dataclasses.fields(entry):
        hint = hints[found.name]
        kind = typing.get_args(hint)[0] if hasattr(hint, "__metadata__") else hint
        if not isinstance(kind, type):
            msg = f"{entry.__name__}.{found.name}: a data field holds one plain type, not {hint}"
            raise TypeError(msg)
        checks = [extra for extra in getattr(hint, "__metadata__", ()) if isinstance(extra, Field)]
        field = checks[0] if checks else Field(kind)
        if field.kind is None:
            field = dataclasses.replace(field, kind=kind)
        if field.default is _MISSING and found.default is not dataclasses.MISSING:
            field = dataclasses.replace(field, default=found.default)
        spec[found.name] = field
    return spec
