"""Game records: the JSON that replays a game exactly (game, options, seed, actions).

>>> import umbrella_lab as ul
>>> game = ul.load("academy", players=2)
>>> state = game.new(seed=3)
>>> first = state.legal_actions()[0]
>>> record = Record.of(game, 3, [first.id])
>>> Record.from_json(record.to_json()).final().to_dict() == state.apply(first).to_dict()
True
"""

from __future__ import annotations

import json
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from umbrella_lab.engine.core import Game, State, load
from umbrella_lab.engine.errors import (
    DataChangedWarning,
    IllegalActionError,
    OptionError,
    RecordError,
    seed_number,
    shown,
)
from umbrella_lab.engine.luck import LUCK_VERSION
from umbrella_lab.engine.saving import (
    IDS,
    data_note,
    jsonable_options,
    parse_json,
    read_json,
    read_luck,
    write_json,
)

FORMAT = "umbrella-lab/record"


@dataclass
class Record:
    """Everything needed to replay one line of play.

    Attributes:
        game: Registry name of the game.
        players: Player count.
        options: Options that differ from their defaults.
        seed: The seed the table was dealt from.
        actions: Stable action ids, in order.
        labels: The same actions in words (for people; ignored on replay).
        version: The game's rules version when the record was made.
        notes: Free text.
        data: A hash of the card data files the game was played with (``Game.data_hash``);
            replaying with other data says so.
        ids: How the action ids are written: 2 (cards by their data ids) for records made now,
            1 for older records (numeric ids such as ``attack/0/52/-1``), read as such.
        luck: The luck version the game was played with (see :mod:`umbrella_lab.engine.luck`):
            2 for records made now, 1 for records without the field, replayed with it.
    """

    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[str] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    version: int = 1
    notes: str = ""
    data: str = ""
    ids: int = IDS
    luck: int = LUCK_VERSION

    @classmethod
    def of(
        cls,
        game: Game,
        seed: int,
        actions: list[str],
        labels: list[str] | None = None,
        notes: str = "",
    ) -> Record:
        """A record of ``actions`` (their ids) played from ``game.new(seed)``.

        Raises:
            RecordError: ``game`` is not a loaded game, ``seed`` is not a seed, or ``actions``
                (or ``labels``) is not a list of texts; the message names the field.
        """
        if not isinstance(game, Game):
            msg = f"Record.of: 'game' must be a loaded game (ul.load(...)), not {shown(game)}"
            raise RecordError(msg)
        try:
            seed = seed_number(seed)
        except OptionError as error:
            raise RecordError(f"Record.of: field 'seed': {error}") from None
        for name, texts in (("actions", actions), ("labels", labels or [])):
            if isinstance(texts, str | bytes) or not isinstance(texts, list | tuple):
                msg = f"Record.of: field {name!r} must be a list of action ids (text), not "
                raise RecordError(msg + shown(texts))
            wrong = next((item for item in texts if not isinstance(item, str)), None)
            if wrong is not None:
                msg = (
                    f"Record.of: field {name!r} holds {shown(wrong)}; it must hold texts "
                    "(an action's .id)"
                )
                raise RecordError(msg)
        return cls(
            game.name,
            game.players,
            seed,
            jsonable_options(game.changed_options),
            list(actions),
            list(labels or []),
            game.info.version,
            notes,
            game.data_hash,
            luck=game.luck.version,
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        return {
            "format": FORMAT,
            "game": self.game,
            "version": self.version,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "data": self.data,
            "ids": self.ids,
            "luck": self.luck,
            "actions": self.actions,
            "labels": self.labels,
            "notes": self.notes,
        }

    def to_json(self) -> str:
        """JSON text."""
        return json.dumps(self.to_dict(), indent=1)

    def save(self, path: str | Path) -> None:
        """Write the record as JSON.

        Raises:
            RecordError: the path is not one a file can be written to; it says why.
        """
        write_json(path, self.to_json() + "\n", "record")

    @classmethod
    def from_dict(cls, data: Any, source: str = "record") -> Record:
        """Read a record, checking every field."""
        if not isinstance(data, dict):
            raise RecordError(f"{source}: a record is a JSON object, not {type(data).__name__}")
        if data.get("format", FORMAT) != FORMAT:
            raise RecordError(f"{source}: field 'format' is {data.get('format')!r}, not {FORMAT!r}")
        for name, kind in (("game", str), ("players", int), ("seed", int), ("actions", list)):
            if name not in data:
                raise RecordError(f"{source}: field '{name}' is missing")
            if not isinstance(data[name], kind) or isinstance(data[name], bool):
                raise RecordError(
                    f"{source}: field '{name}' must be {kind.__name__}, "
                    f"not {type(data[name]).__name__}"
                )
        if not all(isinstance(a, str) for a in data["actions"]):
            raise RecordError(f"{source}: field 'actions' must be a list of action ids (text)")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise RecordError(f"{source}: field 'options' must be an object")
        for name in options:
            if name in ("players", "seed", "game"):
                raise RecordError(
                    f"{source}: field 'options' names {name!r}, which is a field of the record "
                    "itself, not a rule option"
                )
        labels = data.get("labels", [])
        if not isinstance(labels, list) or not all(isinstance(a, str) for a in labels):
            raise RecordError(f"{source}: field 'labels' must be a list of texts")
        version = data.get("version", 1)
        if isinstance(version, bool) or not isinstance(version, int):
            raise RecordError(f"{source}: field 'version' must be a whole number, not {version!r}")
        if not isinstance(data.get("notes", ""), str):
            raise RecordError(f"{source}: field 'notes' must be text")
        if not isinstance(data.get("data", ""), str):
            raise RecordError(f"{source}: field 'data' must be text (a hash of the card data)")
        luck = read_luck(data, source)
        return cls(
            data["game"],
            data["players"],
            data["seed"],
            dict(options),
            list(data["actions"]),
            list(labels),
            version,
            data.get("notes", ""),
            data.get("data", ""),
            1 if data.get("ids", 1) != IDS else IDS,
            luck,
        )

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """Read a record file.

        Raises:
            RecordError: if the file cannot be read, is not JSON, or a field is wrong; the
                message names the file.
        """
        return cls.from_dict(read_json(path, "record"), str(path))

    @classmethod
    def from_json(cls, text: str) -> Record:
        """Read a record from JSON text."""
        return cls.from_dict(parse_json(text, "record"))

    def replay(self) -> list[State]:
        """Every state of the line, from the deal to the last action."""
        try:
            game = load(self.game, self.players, **self.options).with_luck(self.luck)
        except OptionError as error:
            raise RecordError(f"record: {error}") from error
        if game.info.version != self.version:
            raise RecordError(
                f"record: made with {self.game} rules version {self.version}, but "
                f"this kit has version {game.info.version}; a seed deals differently"
            )
        other_data = data_note(self.data, game)
        states = [game.new(self.seed)]
        for number, action in enumerate(self.actions, 1):
            try:
                state = states[-1]
                states.append(state.apply(state.parse_action(action, old_ids=self.ids != IDS)))
            except IllegalActionError as error:
                raise RecordError(
                    f"record: action {number} ({action!r}) does not replay: {error}"
                    + (f"; {other_data}" if other_data else "")
                ) from error
        if other_data:
            warnings.warn(
                f"record: {other_data}; it replayed all the same", DataChangedWarning, stacklevel=2
            )
        return states

    def final(self) -> State:
        """The state after the last action."""
        return self.replay()[-1]
