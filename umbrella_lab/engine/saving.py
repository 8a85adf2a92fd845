"""The session file format (``umbrella-lab/session``): writing it and reading it back.

A saved session holds the game, players, options and seed, the hash of the card data it was
played with, and every branch as a list of action ids with where it leaves its parent branch
and with which luck, its label and notes (see :mod:`umbrella_lab.engine.session`). Reading a
file checks it field by field, then replays every action through the rules, so a file replays
exactly or fails with a :class:`~umbrella_lab.engine.errors.RecordError` that says where.

It works through the session's public face only: writing reads ``Session.starts_at_deal``,
``Session.nodes`` and ``Session.branch_nodes``; reading rebuilds the tree with
``Session.apply``, ``Session.start_branch``, ``Session.fork`` and ``Session.goto``.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any

from umbrella_lab.engine.core import load
from umbrella_lab.engine.errors import (
    DataChangedWarning,
    IllegalActionError,
    OptionError,
    RecordError,
)
from umbrella_lab.engine.luck import LUCK_VERSION

if TYPE_CHECKING:
    from umbrella_lab.engine.session import Node, Session

FORMAT = "umbrella-lab/session"
"""The ``format`` field of a saved session."""

FORMAT_VERSION = 1
"""Version of the session file layout (not of a game's rules)."""

MAIN = "main"
"""Label of the branch that starts at the deal."""

LUCKS = (1, LUCK_VERSION)
"""The luck versions a file may name (see :mod:`umbrella_lab.engine.luck`). Files without a
``luck`` field were played with version 1 and replay with it."""

IDS = 2
"""The ``ids`` field of files written now: action ids name cards by their data ids. Files
without it were written with the older numeric ids (``attack/0/52/-1``), read as such."""


def session_to_dict(session: Session) -> dict[str, Any]:
    """A session as JSON-able data that replays exactly.

    Raises:
        RecordError: if the session did not start at a fresh deal.
    """
    if not session.starts_at_deal:
        raise RecordError(
            "this session starts from a position set up by hand, not from a "
            "deal; only sessions that start with game.new(seed) can be saved"
        )
    heads = [node for node in session.nodes if node.branch is not None]
    place: dict[int, tuple[int, int]] = {}
    chains = []
    for index, head in enumerate(heads):
        chain = session.branch_nodes(head)
        chains.append(chain)
        for offset, node in enumerate(chain):
            place[node.id] = (index, offset)
    branches = []
    for head, chain in zip(heads, chains, strict=True):
        entry: dict[str, Any] = {"label": head.branch, "note": head.note}
        if head.parent is None:
            entry["start"] = "deal"
        else:
            parent_branch, parent_offset = place[head.parent.id]
            entry["from"] = {"branch": parent_branch, "step": parent_offset}
            entry["start"] = head.kind
            if head.kind == "fork":
                entry["luck"] = "same" if head.luck is None else "new"
                entry["luck_seed"] = head.luck
        moves = chain if head.kind == "move" else chain[1:]
        entry["actions"] = [node.action for node in moves]
        entry["labels"] = [node.label for node in moves]
        notes = {
            str(offset): node.note for offset, node in enumerate(chain) if offset and node.note
        }
        if notes:
            entry["notes"] = notes
        branches.append(entry)
    current_branch, current_step = place[session.node.id]
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": session.game.name,
        "version": session.game.info.version,
        "players": session.game.players,
        "options": jsonable_options(session.game.changed_options),
        "seed": session.seed,
        "data": session.game.data_hash,
        "ids": IDS,
        "luck": session.game.luck.version,
        "branches": branches,
        "current": {"branch": current_branch, "step": current_step},
    }


def read_session(cls: type[Session], data: Any, source: str = "session") -> Session:
    """Rebuild a session of class ``cls`` from :func:`session_to_dict` data, replaying it."""
    return _Loader(cls, data, source).session()


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


class _Loader:
    """Checks a saved session field by field, then replays it."""

    def __init__(self, cls: type[Session], data: Any, source: str) -> None:
        self.cls = cls
        self.data = data
        self.other_data = ""
        self.old_ids = False
        self.source = source

    def fail(self, message: str) -> RecordError:
        return RecordError(f"{self.source}: {message}")

    def session(self) -> Session:
        data = self.data
        if not isinstance(data, dict):
            raise self.fail(f"a session is a JSON object, not {type(data).__name__}")
        if data.get("format") != FORMAT:
            if data.get("format") == "umbrella-lab/record":
                raise self.fail(
                    "this is a game record, not a session; read it with umbrella_lab.Record.load"
                )
            raise self.fail(f"field 'format' is {data.get('format')!r}, not {FORMAT!r}")
        for name, kind in (("game", str), ("players", int), ("seed", int), ("branches", list)):
            self.need(data, name, kind, "")
        if data.get("format_version", FORMAT_VERSION) != FORMAT_VERSION:
            layout = data["format_version"]
            raise self.fail(
                f"session file layout {layout!r} is not known (this kit reads "
                f"layout {FORMAT_VERSION})"
            )
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise self.fail("field 'options' must be an object")
        for name in options:
            if name in ("players", "seed", "game"):
                raise self.fail(
                    f"field 'options' names {name!r}, which is a field of the session itself, "
                    "not a rule option"
                )
        try:
            game = load(
                data["game"],
                data["players"],
                **{k: tuple(v) if isinstance(v, list) else v for k, v in options.items()},
            )
        except OptionError as error:
            raise self.fail(str(error)) from error
        version = data.get("version", game.info.version)
        if version != game.info.version:
            raise self.fail(
                f"made with {game.name} rules version {version!r}, but this kit has "
                f"version {game.info.version}; a seed deals differently"
            )
        if not data["branches"]:
            raise self.fail("field 'branches' is empty; the first branch is the main line")
        saved = data.get("data", "")
        if not isinstance(saved, str):
            raise self.fail("field 'data' must be text (a hash of the card data)")
        self.other_data = data_note(saved, game)
        self.old_ids = data.get("ids", 1) != IDS
        try:
            game = game.with_luck(read_luck(data, self.source))
        except OptionError as error:  # pragma: no cover - read_luck checked the version
            raise self.fail(str(error)) from error
        session = self.cls(game, data["seed"])
        chains: list[list[Node]] = []
        for index, entry in enumerate(data["branches"]):
            chains.append(self.branch(session, chains, index, entry))
        current = data.get("current", {"branch": 0, "step": 0})
        where = "field 'current'"
        branch, step = self.place(current, chains, where)
        session.goto(chains[branch][step])
        if self.other_data:
            warnings.warn(
                f"{self.source}: {self.other_data}; it replayed all the same",
                DataChangedWarning,
                stacklevel=3,
            )
        return session

    def need(self, entry: dict[str, Any], name: str, kind: type, where: str) -> Any:
        if name not in entry:
            raise self.fail(f"{where}field '{name}' is missing")
        value = entry[name]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.fail(
                f"{where}field '{name}' must be {_kind_word(kind)}, not {type(value).__name__}"
            )
        return value

    def place(self, ref: Any, chains: list[list[Node]], where: str) -> tuple[int, int]:
        if not isinstance(ref, dict):
            raise self.fail(f"{where} must be an object like {{'branch': 0, 'step': 3}}")
        branch, step = ref.get("branch"), ref.get("step")
        if (
            not isinstance(branch, int)
            or isinstance(branch, bool)
            or not (0 <= branch < len(chains))
        ):
            raise self.fail(
                f"{where}: branch {branch!r} is not one of the branches before it "
                f"(0 to {len(chains) - 1})"
            )
        if (
            not isinstance(step, int)
            or isinstance(step, bool)
            or not (0 <= step < len(chains[branch]))
        ):
            raise self.fail(
                f"{where}: branch {branch} has no step {step!r} (it has steps 0 to "
                f"{len(chains[branch]) - 1})"
            )
        return branch, step

    def branch(
        self, session: Session, chains: list[list[Node]], index: int, entry: Any
    ) -> list[Node]:
        if not isinstance(entry, dict):
            raise self.fail(f"branch {index} must be an object, not {type(entry).__name__}")
        label = entry.get("label", MAIN if index == 0 else f"branch {index + 1}")
        if not isinstance(label, str) or not label.strip():
            raise self.fail(f"branch {index}: field 'label' must be non-empty text")
        where = f"branch {index} ({label!r}): "
        actions = self.need(entry, "actions", list, where)
        if not all(isinstance(a, str) for a in actions):
            raise self.fail(f"{where}field 'actions' must be a list of action ids (text)")
        note = entry.get("note", "")
        if not isinstance(note, str):
            raise self.fail(f"{where}field 'note' must be text")
        start = entry.get("start", "deal" if index == 0 else None)
        if index == 0:
            if start != "deal" or "from" in entry:
                raise self.fail(f"{where}the first branch must start at the deal")
            head = session.root
            head.branch, head.note = label, note
        else:
            if start not in ("fork", "move"):
                raise self.fail(f"{where}field 'start' must be 'fork' or 'move', not {start!r}")
            parent_branch, parent_step = self.place(entry.get("from"), chains, f"{where}'from'")
            session.goto(chains[parent_branch][parent_step])
            if start == "fork":
                luck = entry.get("luck", "same")
                seed = entry.get("luck_seed")
                if luck not in ("same", "new"):
                    raise self.fail(f"{where}field 'luck' must be 'same' or 'new', not {luck!r}")
                if luck == "new" and (not isinstance(seed, int) or isinstance(seed, bool)):
                    raise self.fail(f"{where}a fork with new luck needs a whole-number 'luck_seed'")
                session.fork(
                    label, new_luck=luck == "new", seed=seed if luck == "new" else None, note=note
                )
                head = session.node
                head.branch = label
            else:
                if not actions:
                    raise self.fail(
                        f"{where}a branch that starts with a move needs at least one action"
                    )
                head = None
        chain = [] if head is None else [head]
        for number, action in enumerate(actions, 1):
            node = session.node
            try:
                parsed = node.state.parse_action(action, old_ids=self.old_ids)
                if head is None:  # its first move: a new branch, even where it repeats a move
                    after = session.start_branch(parsed, label, note)
                else:
                    after = session.apply(parsed)
            except IllegalActionError as error:
                raise self.fail(
                    f"{where}action {number} ({action!r}) does not replay: {error}"
                    + (f"; {self.other_data}" if self.other_data else "")
                ) from error
            if after.parent is not node:  # pragma: no cover - apply always steps one
                raise self.fail(f"{where}action {number} did not step forward")
            if head is None:
                head = after
            elif after.branch is not None and after is not head:
                raise self.fail(
                    f"{where}action {number} ({action!r}) repeats a move that "
                    f"another branch already made here"
                )
            chain.append(after)
        if head is None:  # pragma: no cover - guarded above
            raise self.fail(f"{where}empty branch")
        taken = [n.branch for n in session.nodes if n.branch is not None and n is not head]
        if head.branch in taken:
            raise self.fail(f"{where}the label {head.branch!r} is used twice")
        notes = entry.get("notes", {})
        if not isinstance(notes, dict):
            raise self.fail(f"{where}field 'notes' must be an object {{step: text}}")
        for key, text in notes.items():
            step = str(key)
            whole = step.isascii() and step.isdigit() and len(step) <= 9  # not "²", not huge
            if not whole or not 0 < int(step) < len(chain) or not isinstance(text, str):
                raise self.fail(f"{where}note {key!r} does not name a step of the branch")
            chain[int(key)].note = text
        return chain


def _kind_word(kind: type) -> str:
    return {str: "text", int: "a whole number", list: "a list", dict: "an object"}.get(
        kind, kind.__name__
    )
