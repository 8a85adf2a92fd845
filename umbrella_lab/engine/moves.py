"""Move kinds: everything about one kind of move, in one place.

A game's rules define one class per kind of move. The class holds, together, which moves of
that kind are legal now, what one does, how it reads in the table's words, and why one is
refused, each citing its rule::

    class Hold(Move):
        \"\"\"Bank the turn total and pass the die [turn.hold].\"\"\"

        kind = "hold"
        rule = "turn.hold"
        seat: int

        @staticmethod
        def legal(s):
            return [Hold(s.active)] if s.step == "decide" else []

        def play(self, s):
            ...

        def label(self, s):
            return f"{s.name(self.seat)}: hold {s.turn_total}"

        def why_not(self, s):
            return "the die is rolling", "turn.roll"

A move is a small immutable value: a tuple ``(kind, *fields)`` with named fields, so
``Hold(0) == Hold(0)``, a move can be a dict key, and two kinds never compare equal. The engine
turns moves into :class:`Action` objects (label, id, rule) for people.

An action id is the kind and the fields joined by ``/`` (``"hold/0"``). A field whose value
points into a data file (a card by its number, say) is written by its stable name instead, so
an id keeps its meaning when a data file gains a card: annotate the field with
``Annotated[int, ByName(...)]`` (see :class:`ByName`; :class:`ById` for a position in a table
of data entries).
"""

from __future__ import annotations

import inspect
import numbers
import re
import typing
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from fractions import Fraction
from operator import itemgetter
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, TypeVar

from umbrella_lab.engine.words import plural

_CAMEL = re.compile(r"(?<!^)(?=[A-Z])")
_Kind = TypeVar("_Kind", bound="Move")


class IdPart:
    """How a field of a move is written in an action id and read back: a whole number."""

    def write(self, s: Any, value: Any) -> str:
        """The field as it reads in an id."""
        return str(value)

    def read(self, s: Any, text: str) -> Any:
        """The field from its text in an id; ``ValueError`` if the text names nothing."""
        if not re.fullmatch(r"-?\d+", text):
            msg = f"{text!r} is not a whole number"
            raise ValueError(msg)
        return int(text)


NUMBER = IdPart()
"""The id part of a plain whole-number field (a seat, a position, an amount)."""


class ByName(IdPart):
    """An id part for a field that points into the game's data: written by a stable name.

    Args:
        write: ``write(state, value) -> name``, e.g. a card number to its card id.
        read: ``read(state, name) -> value``; raises ``ValueError`` for an unknown name.
        what: What the names name, for error messages ("card", "hero").
    """

    def __init__(
        self, write: Callable[[Any, Any], str], read: Callable[[Any, str], Any], what: str
    ) -> None:
        self._write, self._read, self.what = write, read, what

    def write(self, s: Any, value: Any) -> str:  # noqa: D102
        return self._write(s, value)

    def read(self, s: Any, text: str) -> Any:  # noqa: D102
        return self._read(s, text)


class ById(ByName):
    """An id part for a field holding the position of an entry in a data table: its ``id``.

    ``ById(lambda s: s.die, "face", "the die")`` writes face 3 as ``four`` (``s.die[3].id``)
    and reads ``four`` back as 3; a name no entry has is refused with the ids there are: "the
    die has no face 'seven'; its faces are one, two, ...".

    Args:
        entries: ``entries(state)``: the table, a sequence of entries with an ``id``.
        what: What an entry is, for messages ("face", "card").
        whose: What holds the entries, for messages ("the die", "the deck").
    """

    def __init__(self, entries: Callable[[Any], Sequence[Any]], what: str, whose: str) -> None:
        super().__init__(self._name, self._position, what)
        self.entries, self.whose = entries, whose

    def _name(self, s: Any, value: Any) -> str:
        return self.entries(s)[value].id

    def _position(self, s: Any, text: str) -> Any:
        ids = [entry.id for entry in self.entries(s)]
        if text not in ids:
            msg = f"{self.whose} has no {self.what} {text!r}; its {self.what}s are {', '.join(ids)}"
            raise ValueError(msg)
        return ids.index(text)


class Words(IdPart):
    """An id part for a field that is one of a few fixed things, written by its word.

    ``Words(("north", "east", "south", "west"), "side")`` writes side 2 as ``south`` and reads
    ``south`` back as 2.
    """

    def __init__(self, words: tuple[str, ...], what: str) -> None:
        self.words, self.what = tuple(words), what

    def write(self, s: Any, value: Any) -> str:  # noqa: D102
        return self.words[value] if 0 <= value < len(self.words) else str(value)

    def read(self, s: Any, text: str) -> Any:  # noqa: D102
        if text in self.words:
            return self.words.index(text)
        msg = f"there is no {self.what} {text!r}; the {self.what}s are {', '.join(self.words)}"
        raise ValueError(msg)


class Move(tuple):
    """Base class of every kind of move: a tuple ``(kind, *fields)`` with named fields.

    A subclass declares its fields as annotations (in order) and fills in the four parts of a
    move kind. Class attributes:

    * ``kind``: the word in action ids and the explorer's groups (default: the class name in
      lowercase words joined by ``-``, so ``SwapZone`` is ``"swap-zone"``);
    * ``rule``: the id of the rule that allows it (:meth:`rule_in` may pick another one).

    Two optional parts: :meth:`canonical` (the legal move meaning the same, e.g. the other copy
    of a card) and :meth:`private_to` (a move that would show a seat a hidden card).

    When a kind may be played is declared, and the engine checks it (the turn is the engine's,
    as in boardgame.io's turn flow): ``steps`` (the steps of the turn it belongs to), ``by``
    (who makes it) and ``held`` (the cards the maker must hold). The engine asks a kind's
    ``legal`` and ``known`` only at its steps and when its maker decides, and :meth:`why_not`
    gives the turn's reason before the kind's own (:meth:`refusal`), so no game writes its own
    "may this seat act now?".
    """

    __slots__ = ()
    kind: ClassVar[str] = ""
    rule: ClassVar[str] = ""
    fields: ClassVar[tuple[str, ...]] = ()

    steps: ClassVar[Collection[str]] = frozenset()
    """The steps of the turn (the state's ``step``) at which moves of this kind are made; empty:
    at any step, as the kind's ``legal`` finds them. Write it as a tuple; it is kept as a set."""

    when: ClassVar[str] = ""
    """When the kind is played, in words, added to a refusal at another step ("when facing a
    card")."""

    when_rule: ClassVar[str | Mapping[str, str]] = ""
    """The rule that says when the kind is played, cited by a refusal at another step; or, by
    the step the table is at, the rule a refusal then cites (key ``""``: any other step).
    Default: the rule of the step the table is at."""

    by: ClassVar[str | int | None] = None
    """Who makes a move of this kind: the name of the field holding the seat (``"seat"``, the
    default for a kind with a ``seat`` field), ``CHANCE`` (-1) for luck's outcomes, ``TEAM`` (-2)
    for the team's decisions, or ``None`` when the kind's ``legal`` alone decides."""

    held: ClassVar[str | tuple[str, ...]] = ()
    """Fields naming cards the maker must hold (checked with the state's ``not_held``); one
    field may be given as a word, kept as a tuple."""

    known_steps: ClassVar[Collection[str]] = frozenset()
    """Steps other than its own at which a learner may still name a move of this kind, whoever
    decides there (an assault named after the Assault phase): its ``known`` is asked there too,
    so the refusal says why. Write it as a tuple; it is kept as a set."""

    instead_of: ClassVar[tuple[type[Move], ...]] = ()
    """Kinds listed before this one at its steps that it stands in for: its moves are legal only
    when none of those kinds lists a move now (a hero lets a card go when no card answers it).
    The engine's ``legal_moves`` checks it, so the kind's ``legal`` lists its moves as if those
    kinds listed none, and nothing is listed twice."""

    equally_likely: ClassVar[bool] = False
    """For a kind of luck's (``by = CHANCE``): True when luck picks each of its legal moves as
    likely as the others, the same all game (the faces of a die); the state's ``_chance`` then
    needs writing by no game. False: the state gives the odds."""

    _parts: ClassVar[tuple[IdPart, ...] | None] = None  # the fields' id parts, once read
    _types: ClassVar[tuple[Any, ...] | None] = None  # the fields' declared types, once read

    if TYPE_CHECKING:

        def __new__(cls: type[_Kind], *fields: Any) -> _Kind:
            """A move of this kind from its fields, in order.

            Each kind's own constructor is written for it when the class is made.
            """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "kind" not in cls.__dict__:
            cls.kind = _CAMEL.sub("-", cls.__name__).lower()
        own = inspect.get_annotations(cls)
        names = tuple(
            name
            for name, hint in own.items()
            if not str(hint).startswith(("ClassVar", "typing.ClassVar"))
        )
        cls.fields = (*cls.fields, *names) if names else cls.fields
        cls.steps = frozenset((cls.steps,) if isinstance(cls.steps, str) else cls.steps)
        known = cls.known_steps
        cls.known_steps = frozenset((known,) if isinstance(known, str) else known)
        if "by" not in cls.__dict__ and cls.by is None and "seat" in cls.fields:
            cls.by = "seat"
        if isinstance(cls.held, str):
            cls.held = (cls.held,) if cls.held else ()
        for index, name in enumerate(cls.fields, 1):
            setattr(cls, name, property(itemgetter(index), doc=f"The move's {name}."))
        args = ", ".join(cls.fields)
        namespace = {"_new": tuple.__new__, "_kind": cls.kind}
        comma = "," if args else ""
        code = f"def __new__(cls, {args}):\n    return _new(cls, (_kind, {args}{comma}))"
        exec(code, namespace)
        new = namespace["__new__"]
        new.__doc__ = f"A {cls.kind} move."
        cls.__new__ = new  # type: ignore[method-assign,assignment]
        cls._parts = None  # the fields' id parts, read from the annotations on first use
        cls._types = None  # the fields' types, likewise

    # --- the four parts of a move kind ------------------------------------------------------
    @staticmethod
    def legal(s: Any) -> Iterable[Move]:
        """Every move of this kind that is legal in state ``s``, in a fixed order."""
        return ()

    @classmethod
    def known(cls, s: Any) -> Iterable[Move]:
        """Moves of this kind a learner might name in ``s``, legal or not (default: none more).

        When a typed label names one of them and it is not legal, the refusal gives its
        ``why_not`` (the reason and the rule) instead of "not a legal action".
        """
        return ()

    @staticmethod
    def odds(s: Any) -> Sequence[tuple[Move, Fraction]]:
        """For a kind luck decides: each of its moves now with its exact probability.

        The state's ``_chance`` gives them at the kind's steps. Default: none (a kind of a
        seat's, or one whose moves are ``equally_likely``).
        """
        return ()

    def play(self, s: Any) -> None:
        """Change state ``s`` in place: what the move does, saying every change with its rule."""
        raise NotImplementedError

    def label(self, s: Any) -> str:
        """The move in the table's words, as the deciding seat would say it."""
        return self.id(s)

    def why_not(self, s: Any) -> tuple[str, str]:
        """Why this move is not legal in ``s``: (a reason in plain words, the rule id).

        First the turn's reason, which the engine finds from the kind's declarations (the game
        is over, the maker is out of the game, the move is :meth:`barred`, another seat or luck
        decides, it is another step, a card is not held: see ``State.turn_refusal``), then the
        kind's own (:meth:`refusal`).
        """
        return s.turn_refusal(self) or self.refusal(s)

    def barred(self, s: Any) -> tuple[str, str] | None:
        """A reason against this move that holds whatever the turn: (the reason, the rule).

        Given before the turn's reasons, so a learner hears the lasting one: a lockdown forbids
        any assault for the rest of the turn, say. Default: ``None``, nothing bars it.
        """
        return None

    def refusal(self, s: Any) -> tuple[str, str]:
        """The kind's own reason for refusing this move, once its turn, step and cards are right."""
        return f"a {self.kind} move is not allowed now", self.rule

    def rule_in(self, s: Any) -> str:
        """The rule that allows the move in ``s`` (by default the kind's ``rule``)."""
        return self.rule

    def canonical(self, s: Any) -> Move:
        """The legal move that means the same as this one (e.g. the first copy of a card)."""
        return self

    def private_to(self, s: Any, seat: int) -> bool:
        """True when showing this move to ``seat`` would tell it a card it may not see."""
        return False

    # --- values ---------------------------------------------------------------------------
    def __repr__(self) -> str:
        parts = ", ".join(
            f"{name}={value!r}" for name, value in zip(self.fields, self[1:], strict=True)
        )
        return f"{type(self).__name__}({parts})"

    def __getnewargs__(self) -> tuple[Any, ...]:
        return tuple(self[1:])

    def id(self, s: Any) -> str:
        """The action id: the kind, then each field as its id part writes it."""
        parts = self.id_parts()
        return "/".join(
            [self.kind, *(part.write(s, v) for part, v in zip(parts, self[1:], strict=True))]
        )

    @classmethod
    def id_parts(cls) -> tuple[IdPart, ...]:
        """How each field is written in ids: ``ByName`` where annotated, else a number."""
        if cls._parts is None:
            hints = typing.get_type_hints(cls, include_extras=True)
            parts = []
            for name in cls.fields:
                extras = getattr(hints.get(name), "__metadata__", ())
                parts.append(next((e for e in extras if isinstance(e, IdPart)), NUMBER))
            cls._parts = tuple(parts)
        return cls._parts

    def wrong_field(self) -> str | None:
        """What is wrong with a field of this move given by hand, or ``None`` when each is right.

        Each field must hold what the kind declares: a whole number (``True`` is not 1), a
        text, or a tuple of whole numbers. The rules compare and count with the fields, so a
        field of another type would fail deep inside them, or a ``True`` pass for seat 1.
        """
        kind = type(self)
        if kind._types is None:
            hints = typing.get_type_hints(kind)
            kind._types = tuple(hints.get(name, Any) for name in kind.fields)
        for name, wanted, value in zip(self.fields, kind._types, self[1:], strict=True):
            if (type(value) is int and wanted is int) or _holds(wanted, value):
                continue
            shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
            article = "an" if self.kind[:1] in "aeiou" else "a"
            return (
                f"the {name} of {article} {self.kind} move must be {_said(wanted)}, "
                f"not {type(value).__name__} ({shown})"
            )
        return None

    @classmethod
    def from_id(cls, s: Any, parts: list[str]) -> Move:
        """The move an id's parts (after the kind) name; ``ValueError`` says which part fails."""
        id_parts = cls.id_parts()
        if len(parts) != len(id_parts):
            names = "/".join(cls.fields) or "nothing more"
            article = "an" if cls.kind[:1] in "aeiou" else "a"
            parts_said = plural(len(id_parts), "part")
            msg = f"{article} {cls.kind} id has {parts_said} after the kind ({names})"
            raise ValueError(msg)
        values = []
        for name, part, text in zip(cls.fields, id_parts, parts, strict=True):
            try:
                values.append(part.read(s, text))
            except ValueError as error:
                msg = f"the {name} {text!r} cannot be read: {error}"
                raise ValueError(msg) from error
        return cls(*values)


def _whole(value: object) -> bool:
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def _holds(wanted: Any, value: object) -> bool:
    """Whether ``value`` is of the declared type ``wanted`` (int, str, tuple[int, ...])."""
    if wanted is int:
        return _whole(value)
    if wanted is str:
        return isinstance(value, str)
    if typing.get_origin(wanted) is tuple:
        if not isinstance(value, tuple):
            return False
        items = typing.get_args(wanted)
        if len(items) == 2 and items[1] is Ellipsis:
            return all(_holds(items[0], item) for item in value)
        return len(items) == len(value) and all(map(_holds, items, value))
    if typing.get_origin(wanted) is typing.Annotated:
        return _holds(typing.get_args(wanted)[0], value)
    return True  # a type the engine does not check


def _said(wanted: Any) -> str:
    """The declared type of a field in words."""
    if typing.get_origin(wanted) is typing.Annotated:
        wanted = typing.get_args(wanted)[0]
    if wanted is int:
        return "a whole number"
    if wanted is str:
        return "a text"
    if typing.get_origin(wanted) is tuple:
        return "a tuple of whole numbers"
    return str(wanted)


def kinds_by_name(kinds: Iterable[type[Move]]) -> dict[str, type[Move]]:
    """The move kinds of a game by their ``kind`` word; two kinds may not share one."""
    out: dict[str, type[Move]] = {}
    for kind in kinds:
        if kind.kind in out:
            msg = f"two move kinds are called {kind.kind!r}: {out[kind.kind]} and {kind}"
            raise ValueError(msg)
        out[kind.kind] = kind
    return out


class Action(NamedTuple):
    """A move a seat can make, with its words: what ``legal_actions`` lists.

    Two actions are the same move when their ``key`` (the move itself) is equal; ``label`` is
    the move in the table's words and ``id`` a compact stable form. Both parse back with
    :meth:`State.parse_action <umbrella_lab.engine.core.State.parse_action>`.

    Attributes:
        key: The move: a :class:`Move` (a small tuple with named fields, e.g.
            ``Attack(seat=0, card=17)``).
        label: Words for people, e.g. ``"The Kraken: attack 35 vs villain attack 30"``.
        rule: Id of the rule that allows it.
        id: A compact stable form, e.g. ``"attack/0/attack-35"`` (cards by their ids).
    """

    key: Move
    label: str
    rule: str = ""
    id: str = ""

    def __str__(self) -> str:
        return self.label

    def __repr__(self) -> str:
        return f"<Action {self.label!r}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self.key == other.key

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self.key)

    @property
    def move(self) -> tuple:
        """The move itself (the same as ``key``)."""
        return self.key

    @property
    def kind(self) -> str:
        """The kind of move, e.g. ``"attack"``."""
        return self.key[0]
