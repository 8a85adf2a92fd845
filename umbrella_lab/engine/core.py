"""The game-agnostic core: actions, events, results, options, games and states.

Every game subclasses :class:`State` and registers a :class:`GameInfo`. The public face is the
same for all of them::

    game = ul.load("academy", players=3)
    state = game.new(seed=7)
    state.legal_actions()        # labelled actions; str(action) is the label
    after = state.apply(action)  # a new state; `state` itself never changes
    after.events                 # what the action changed, each with its rule id
    after.is_over, after.result
"""

from __future__ import annotations

import functools
import hashlib
import html
import importlib
import json
import math
import numbers
import operator
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, SupportsInt, TypeVar, cast

from umbrella_lab.engine import ids
from umbrella_lab.engine.cloning import clone_function, slots_of
from umbrella_lab.engine.errors import (
    MAX_SEED,
    IllegalActionError,
    OptionError,
    SeatError,
    seed_number,
    shown,
)
from umbrella_lab.engine.legacy import TwisterLuck
from umbrella_lab.engine.luck import LUCK, LUCK_VERSION, LUCKS, Luck, Numbers, derive_seed
from umbrella_lab.engine.moves import Action, Move, kinds_by_name
from umbrella_lab.engine.rules import DigestFile, RuleBook, read_rulebook
from umbrella_lab.engine.settings import SimSettings
from umbrella_lab.engine.words import noun

if TYPE_CHECKING:
    from umbrella_lab.engine.board import BoardView

TEAM = -2
"""Pseudo seat: the whole team decides together (co-operative games)."""

CHANCE = -1
"""Pseudo seat: luck decides next (dice, a coin). The legal actions are then the possible
outcomes, each with an exact probability (:meth:`State.chance_outcomes`); applying one forces
it (a what-if), and :meth:`State.roll` lets the state's own luck pick."""


class Event(NamedTuple):
    """One change on the table, in plain words, with the rule that caused it."""

    rule: str
    text: str

    def __str__(self) -> str:
        return f"{self.text}  [{self.rule}]"


@dataclass(frozen=True)
class Result:
    """How a finished game ended.

    Attributes:
        winners: Seats that won; every seat for a co-operative win, none for a team loss.
        reason: Why it ended, in plain words.
        rule: The rule that ended it.
        scores: Final scores by seat, where the game keeps score.
    """

    winners: tuple[int, ...]
    reason: str
    rule: str
    scores: tuple[int, ...] = ()

    @property
    def won(self) -> bool:
        """True when anyone won (the team, in a co-operative game)."""
        return bool(self.winners)

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        return {
            "winners": list(self.winners),
            "reason": self.reason,
            "rule": self.rule,
            "scores": list(self.scores),
        }


@dataclass(frozen=True)
class Option:
    """A documented rule variant or setting of a game.

    Attributes:
        name: Keyword used in ``ul.load(game, **options)``.
        default: The value used when the option is not given.
        doc: What it changes, in plain words.
        choices: The allowed values, or ``None`` for any value ``check`` accepts.
        rule: The digest id that explains it (``opt.<name>`` for interpretations).
        check: Validates a value that has no fixed ``choices``; returns a problem or ``""``.
    """

    name: str
    default: Any
    doc: str
    choices: tuple | None = None
    rule: str = ""
    check: Callable[[Any], str] | None = None

    def validate(self, game: str, value: Any) -> Any:
        """Return ``value`` if allowed, else raise :class:`OptionError` naming the choices."""
        if self.choices is not None:
            if value not in self.choices or type(value) is not type(
                next((c for c in self.choices if c == value), value)
            ):
                allowed = ", ".join(repr(c) for c in self.choices)
                msg = (
                    f"{game}: option {self.name}={shown(value)} is not allowed; "
                    f"choose one of {allowed}"
                )
                raise OptionError(msg)
        elif self.check is not None and (problem := self.check(value)):
            msg = f"{game}: option {self.name}={shown(value)} is not allowed: {problem}"
            raise OptionError(msg)
        return value


@dataclass(frozen=True, eq=False)
class GameInfo:
    """Everything the kit needs to know about one game, declared by the game itself.

    The engine imports no game: a game hands over its parts here, and the explorer, the
    simulations and the tests find them through the game's ``GameInfo``.

    Attributes:
        name: Registry name, e.g. ``"academy"``.
        title: Name on the box.
        players: The allowed player counts.
        options: The rule variants and settings, each with its default.
        setup: Deals the opening table: ``setup(game, seed, events)``; ``events`` is a list to
            record what happens in, or ``None`` to record nothing (fast simulations).
        moves: The game's move kinds (:class:`~umbrella_lab.engine.moves.Move` subclasses),
            in the order their moves are listed.
        views: The module that draws the table: ``snapshot(state, seat)``,
            ``to_text(state, seat)`` and, if the game has one, ``to_html(state)`` (a notebook's
            picture of a state; without it, the text picture).
        board: How the explorer, the puzzle view and the class table draw the table (a
            :class:`~umbrella_lab.engine.board.BoardView`, the game's ``board.py`` with its
            ``static/board.js``), or ``None`` for the text picture.
        policies: The game's ready-made players by name: ``(state, rng) -> move``.
        heuristic: Which of ``policies`` is the game's best ready-made player (the kit's tools
            ask for it as ``"heuristic"``).
        digest: The rule digest (``umbrella_lab/games/<game>/digest.md``, a path or a package
            resource), whose ``### id: title`` headings are the rule ids that events and
            refusals cite.
        data: The data files a game reads with its options: ``data(game) -> paths``; a record
            keeps a hash of them.
        legacy: Reads an action id in the older numeric format (``kind/seat/a/b``):
            ``legacy(state, key) -> move`` or ``None``; old records keep loading.
        legacy_shuffle: How the game shuffled with luck version 1, if not as
            ``random.Random.shuffle``: ``legacy_shuffle(pile, rng)``; records and sessions
            saved then replay with it (:class:`~umbrella_lab.engine.legacy.TwisterLuck`).
        version: Bumped whenever a rules change alters what a seed produces.
        cooperative: True when the players win or lose together.
        describe: One sentence about the game.
        check: Checks the settings as a whole when the game is loaded (for example chosen
            heroes against the player count, or a data folder), raising ``OptionError`` or
            ``DataError``; each option alone is checked by its own ``Option``.
        simulation: The game's defaults in the simulation tools (budgets measured for its
            players' speed; see :class:`~umbrella_lab.engine.settings.SimSettings`).
        part: Each seat's part in a played game, in the game's own terms:
            ``part(played)`` reads one move (an :class:`~umbrella_lab.engine.parts.Played`:
            the table before and after, the move, its events, who chose it) and yields
            ``(seat, what, amount)``, such as ``(0, "civilians rescued", 1)``; the class
            table's end-of-game summary sums them by seat. ``None``: the summary counts each
            seat's moves by kind and the rules they caused.
        rare_rules: The digest's rules that seeded games of the game need not show in an
            event, each with the scenario test that shows it
            (``"tests/test_pig_rules.py::test_aim_..."``): a rule that needs a rare situation
            (a game ended by the turn limit), one that forbids a move (a refusal cites it) or
            one that describes the table (the aim, what each player sees). Every other rule
            of the digest, except the options' rules (``Option.rule``), is cited by events of
            ordinary seeded games; ``tests/test_rule_citations.py`` checks both. A report
            that finds a rule never fired may say so here instead of "never used".
    """

    name: str
    title: str
    players: tuple[int, ...]
    options: tuple[Option, ...]
    setup: Callable[[Game, int, list[Event] | None], State]
    moves: tuple[type[Move], ...] = ()
    views: Any = None
    board: BoardView | None = None
    policies: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    heuristic: str = "heuristic"
    digest: DigestFile | None = None
    data: Callable[[Game], Sequence[Any]] | None = None
    legacy: Callable[[Any, tuple], Any] | None = None
    legacy_shuffle: Callable[[list[Any], random.Random], None] | None = None
    version: int = 1
    cooperative: bool = False
    describe: str = ""
    check: Callable[[Game], None] | None = None
    simulation: SimSettings = field(default_factory=SimSettings)
    rare_rules: Mapping[str, str] = field(default_factory=dict)
    part: Callable[[Any], Iterable[tuple[int, str, int]]] | None = None

    @property
    def kinds(self) -> dict[str, type[Move]]:
        """The move kinds by their ``kind`` word."""
        found = _KINDS.get(self)
        if found is None:
            found = _KINDS[self] = kinds_by_name(self.moves)
        return found

    def kinds_at(self, step: str) -> tuple[type[Move], ...]:
        """The move kinds played at ``step``, in order.

        Those that declare ``step`` among their steps, and those played at any step.
        """
        table = _AT_STEP.get(self)
        if table is None:
            table = _AT_STEP[self] = {}
        found = table.get(step)
        if found is None:
            found = table[step] = tuple(k for k in self.moves if not k.steps or step in k.steps)
        return found

    def kinds_for(self, step: str, actor: int) -> tuple[type[Move], ...]:
        """The move kinds whose moves ``actor`` may make at ``step``, in order.

        The kinds played at ``step`` (:meth:`kinds_at`) but those whose maker is another seat,
        luck or the team: a kind whose ``by`` is a seat number, ``CHANCE`` or ``TEAM`` is listed
        only when that one decides. (A kind whose maker is a field of the move lists moves for
        the seat deciding, ``to_act``; the contract tests check it.)
        """
        table = _FOR.get(self)
        if table is None:
            table = _FOR[self] = {}
        found = table.get((step, actor))
        if found is None:
            found = table[step, actor] = tuple(
                kind
                for kind in self.kinds_at(step)
                if not isinstance(kind.by, int) or kind.by == actor
            )
        return found

    def listing_at(self, step: str) -> tuple[tuple[type[Move], ...] | None, bool]:
        """How ``legal_moves`` lists the moves at ``step``, worked out once.

        The kinds to ask (:meth:`kinds_at`), or ``None`` where they depend on who decides
        (:meth:`sorts_by_seat`); and whether one of them stands in for others (its
        ``instead_of``).
        """
        table = _LISTING.get(self)
        if table is None:
            table = _LISTING[self] = {}
        found = table.get(step)
        if found is None:
            kinds = self.kinds_at(step)
            found = table[step] = (
                None if self.sorts_by_seat(step) else kinds,
                any(kind.instead_of for kind in kinds),
            )
        return found

    def sorts_by_seat(self, step: str) -> bool:
        """True when who decides at ``step`` changes which kinds are asked there.

        That is when a kind played there names a maker (a seat, luck or the team) that is not
        the one the step's kinds declare (:meth:`maker_at`): two seats' kinds share the step.
        Elsewhere the kinds of the step are those of whoever decides, and ``legal_moves`` need
        not ask who that is.
        """
        table = _BY_SEAT.get(self)
        if table is None:
            table = _BY_SEAT[self] = {}
        found = table.get(step)
        if found is None:
            maker = self.maker_at(step)
            found = table[step] = any(
                isinstance(kind.by, int) and kind.by != maker for kind in self.kinds_at(step)
            )
        return found

    def known_for(self, step: str, actor: int) -> tuple[type[Move], ...]:
        """The move kinds whose ``known`` moves are named at ``step`` when ``actor`` decides.

        Those ``actor`` may make there (:meth:`kinds_for`), and those that name ``step`` among
        their ``known_steps`` (a step after theirs, where a learner may still name one), whoever
        decides; in the kinds' order.
        """
        table = _KNOWN_FOR.get(self)
        if table is None:
            table = _KNOWN_FOR[self] = {}
        found = table.get((step, actor))
        if found is None:
            mine = set(self.kinds_for(step, actor))
            found = table[step, actor] = tuple(
                kind for kind in self.moves if kind in mine or step in kind.known_steps
            )
        return found

    def maker_at(self, step: str) -> int | None:
        """Who decides at ``step``, as its move kinds declare it (their ``by``).

        ``CHANCE`` where every kind played there is luck's, ``TEAM`` where every one is the
        team's, ``None`` where a seat decides (which one, the state says).
        """
        table = _MAKER_AT.get(self)
        if table is None:
            table = _MAKER_AT[self] = {}
        if step not in table:
            makers = {kind.by for kind in self.kinds_at(step)}
            table[step] = CHANCE if makers == {CHANCE} else TEAM if makers == {TEAM} else None
        return table[step]

    @property
    def policy_table(self) -> dict[str, Callable[..., Any]]:
        """The ready-made players, with ``"heuristic"`` naming the best one.

        Every game has ``"random"`` (:func:`random_move`) unless it declares its own.
        """
        table = dict(self.policies)
        if "random" not in table:
            table = {"random": random_move, **table}
        if "heuristic" not in table and self.heuristic in table:
            table["heuristic"] = table[self.heuristic]
        return table


def possessive(name: str) -> str:
    """``"P1's"``, ``"Umbrella's"``, ``"the Heroes'"``."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def random_move(state: State, rng: random.Random) -> Move:
    """Any legal move, each as likely: the ``"random"`` player of every game without its own."""
    moves = state.legal_moves()
    return moves[rng.randrange(len(moves))]


_KINDS: dict[GameInfo, dict[str, type[Move]]] = {}
_AT_STEP: dict[GameInfo, dict[str, tuple[type[Move], ...]]] = {}
_MAKER_AT: dict[GameInfo, dict[str, int | None]] = {}
_FOR: dict[GameInfo, dict[tuple[str, int], tuple[type[Move], ...]]] = {}
_BY_SEAT: dict[GameInfo, dict[str, bool]] = {}
_LISTING: dict[GameInfo, dict[str, tuple[tuple[type[Move], ...] | None, bool]]] = {}
_KNOWN_FOR: dict[GameInfo, dict[tuple[str, int], tuple[type[Move], ...]]] = {}


class Game:
    """A game with its player count and options fixed; ``new(seed)`` deals a table.

    Build one with ``umbrella_lab.load(name, players=..., **options)``.
    """

    def __init__(self, info: GameInfo, players: int | None = None, **options: Any) -> None:
        if players is None:
            players = info.players[0]
        if isinstance(players, numbers.Integral) and not isinstance(players, bool):
            players = int(players)
        if isinstance(players, bool) or not isinstance(players, int) or players not in info.players:
            counts = ", ".join(str(p) for p in info.players)
            msg = f"{info.name}: {shown(players)} players is not allowed; choose one of {counts}"
            raise OptionError(msg)
        known = {option.name: option for option in info.options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            msg = (
                f"{info.name}: unknown {noun(len(unknown), 'option')} {', '.join(unknown)}; "
                f"the options are "
                f"{', '.join(known) or 'none'}"
            )
            raise OptionError(msg)
        values = {}
        for name, option in known.items():
            values[name] = (
                option.validate(info.name, options[name]) if name in options else option.default
            )
        self.info = info
        self.name = info.name
        self.players = players
        self.options: Mapping[str, Any] = MappingProxyType(values)
        self.extra: dict[str, Any] = {}  # per-game caches (card tables), filled by the game
        self.luck: Luck | TwisterLuck = LUCK  # how deals, shuffles and dice come from a seed
        if info.digest is not None:
            read_rulebook(info.name, info.digest)  # a missing or empty digest fails here
        if info.check is not None:
            info.check(self)  # the settings together, before any table is dealt

    def __repr__(self) -> str:
        changed = {k: v for k, v in self.options.items() if v != self.info_default(k)}
        extra = "".join(f", {k}={v!r}" for k, v in changed.items())
        return f"Game({self.name!r}, players={self.players}{extra})"

    def __reduce__(self) -> tuple[Any, tuple]:
        """A game pickles as the call that loads it: its name, players and changed options.

        A game drawing an older luck (:meth:`with_luck`) keeps its version.
        """
        again = functools.partial(load, self.name, players=self.players, **self.changed_options)
        if self.luck.version != LUCK_VERSION:
            return (Game.with_luck, (again(), self.luck.version))
        return (again, ())

    def with_luck(self, version: int) -> Game:
        """The same game drawing its luck as luck version ``version`` did.

        Records and sessions name the luck they were played with (see
        :mod:`umbrella_lab.engine.luck`); one saved with version 1 replays with it.

        Raises:
            OptionError: for a version this kit does not know.
        """
        if version == self.luck.version:
            return self
        if isinstance(version, bool) or version not in LUCKS:
            msg = (
                f"{self.name}: luck version {shown(version)} is not known (this kit draws with "
                f"version {LUCK_VERSION} and replays version 1)"
            )
            raise OptionError(msg)
        game = Game(self.info, self.players, **self.changed_options)
        game.luck = LUCK if version == LUCK_VERSION else TwisterLuck(self.info.legacy_shuffle)
        return game

    def info_default(self, name: str) -> Any:
        """Default value of an option."""
        return next(o.default for o in self.info.options if o.name == name)

    @property
    def rules(self) -> RuleBook:
        """The game's rule digest, keyed by rule id."""
        if self.info.digest is None:
            return RuleBook(self.name, [])
        return read_rulebook(self.name, self.info.digest)

    @property
    def changed_options(self) -> dict[str, Any]:
        """Options that differ from their defaults (what a record needs to keep)."""
        return {k: v for k, v in self.options.items() if v != self.info_default(k)}

    @property
    def data_hash(self) -> str:
        """A short hash of the data files this game reads (``""`` if it names none).

        Records keep it, so that replaying a game with other card data can say so. It hashes
        what the files say, not how a checkout stores them: Windows line endings (CRLF) are
        read as plain ones (LF), as the TOML reader does, so a Windows clone of the kit hashes
        its card data exactly as every other clone (and as the records it ships were made).
        """
        found = self.extra.get("engine.data_hash")
        if found is None:
            sha = hashlib.sha256()
            for path in self.info.data(self) if self.info.data is not None else ():
                text = path.read_bytes().replace(b"\r\n", b"\n")
                sha.update(Path(str(path)).name.encode() + b"\0" + text + b"\0")
            found = self.extra["engine.data_hash"] = (
                sha.hexdigest()[:16] if self.info.data is not None else ""
            )
        return found

    def new(self, seed: int = 0) -> State:
        """Deal a new table; the same seed always deals the same game."""
        seed = seed_number(seed, f"{self.name}: the seed")
        return self.info.setup(self, seed, [])

    def deal(self, seed: int) -> State:
        """Like :meth:`new` but records no events: the fast start of a simulated game."""
        if type(seed) is not int or not 0 <= seed <= MAX_SEED:  # the quick check, then why
            seed = seed_number(seed, f"{self.name}: the seed")
        return self.info.setup(self, seed, None)

    def with_options(self, players: int | None = None, **options: Any) -> Game:
        """The same game with some options (or the player count) changed."""
        merged = {**self.changed_options, **options}
        game = Game(self.info, self.players if players is None else players, **merged)
        return game.with_luck(self.luck.version)


_S = TypeVar("_S", bound="State")


LISTS_KEPT = ("_actions", "_moves")
"""The slots where a state that never changes keeps its legal moves and actions, listed once:
not part of the table (a copy starts without them, and comparing two states skips them)."""


class State:
    """Base class of every game's state.

    A state given to you never changes: :meth:`apply` returns a new one. Inside, a game changes
    a private copy in place (``_clone``, then the move's ``play``), which is how simulations
    stay fast. A game's state class provides ``_clone``, ``to_act`` and ``result``, and where
    luck is a visible step, ``_chance`` and ``_luck``; the moves come from the game's move
    kinds (``GameInfo.moves``).

    Events: the rules say what happened with :meth:`say`; the words are built only while
    someone records them (``events`` is a list after :meth:`apply`, ``None`` in simulations).
    """

    __slots__ = (*LISTS_KEPT, "events", "game", "seed")
    game: Game
    seed: int
    events: list[Event] | None
    _moves: list[Move] | None
    """The legal moves, listed once (:meth:`_listed`): unset on a state that may still change
    in place (a simulation's copy), ``None`` until first listed on one that never will."""
    _actions: list[Action] | None
    """The legal actions with their words, made once like ``_moves``."""
    shuffles: int  # a slot of the states that shuffle (see _rng)

    rule_for_unknown_action: ClassVar[str] = ""
    """The rule cited when a text names no move of the game at all (the game's turn, say)."""

    rule_for_turn_order: ClassVar[str] = ""
    """The rule cited when a label names a seat that does not act now (default: the rule for
    an unknown action)."""

    seats_said: ClassVar[str] = ""
    """How the seats are named, for messages (``"0 is the Heroes, 1 is Umbrella"``); empty for
    seats numbered from 0 for the first player."""

    label_verbs: ClassVar[Mapping[str, str]] = MappingProxyType({})
    """Words a label's verb may be, other than a kind word, with the kind each names
    (``{"move": "go"}``): a typed label whose kind is not offered now is refused with that
    kind's rule."""

    chance_steps: ClassVar[bool] = True
    """False in a game without chance steps (``to_act`` is never ``CHANCE``): play loops skip
    the check."""

    luck_by_seat: ClassVar[bool] = False
    """True where a chance step is numbered by its seat's own count (:meth:`_luck`: a seat's
    k-th roll lands the same whoever sits there, as Pig's dice do). Only then does one seed
    replay the same dice for two players who choose differently, which a design report's luck
    share needs; a game whose dice are numbered in the order the table rolls them gets no luck
    share (see ``sim.design``)."""

    step_field: ClassVar[str] = ""
    """The field that names the step of the turn the table is at (``"step"``, ``"phase"``);
    move kinds that declare ``steps`` are listed and allowed only at those. Empty: the game
    names no steps."""

    step_words: ClassVar[Mapping[str, str]] = MappingProxyType({})
    """What is done at each step, in words: for a seat's step what the seat does, as it reads
    after "it is P1's turn to" ("push an umbrella"); for a chance step what luck is doing
    ("the die is rolling")."""

    step_rules: ClassVar[Mapping[str, str]] = MappingProxyType({})
    """The rule of each step, cited when a move is refused because the table is at that step."""

    team_name: ClassVar[str] = "the team"
    """The seats deciding together (:data:`TEAM`), as a refusal names them ("the heroes")."""

    slot_copies: ClassVar[Mapping[str, str]] = MappingProxyType({})
    """How each slot that the rules change in place is copied (``{"scores": "list"}``); every
    other slot is shared by a state and its copy. The kinds are those of
    :data:`umbrella_lab.engine.cloning.COPY_KINDS`."""

    seat_field: ClassVar[str] = ""
    """The slot naming the seat whose turn it is (``"active"``): the engine then answers
    :attr:`to_act` from the declarations, as boardgame.io's turn flow names its active players.
    At a step named in :attr:`seat_at`, who that says; at a step whose kinds are all luck's
    (``by = CHANCE``) luck decides, at one whose kinds are all the team's the team does, at any
    other step that seat; nobody once the game is over. Empty: the state class writes its own
    ``to_act``."""

    seat_field_complete: ClassVar[bool] = False
    """True when the seat field itself names who decides at every step, luck (:data:`CHANCE`)
    and the team (:data:`TEAM`) included, as the game moves play on: ``to_act`` then reads it
    alone, which is quickest. The contract tests check that the moves listed agree with it."""

    seat_at: ClassVar[Mapping[str, str | int]] = MappingProxyType({})
    """Who decides at the steps where it is not the seat of :attr:`seat_field`: by step, the
    field naming the seat that decides there (``{"cover": "receiver"}``; a property will do),
    or :data:`TEAM` or :data:`CHANCE`."""

    result_field: ClassVar[str] = ""
    """The slot that keeps how the game ended (a :class:`Result`, ``None`` while it goes on):
    the state's :attr:`result` reads it. Empty: the state class writes its own ``result``."""

    luck_field: ClassVar[str] = ""
    """The slot counting the chance steps so far (``"rolls"``): the n-th roll of a game lands
    the same way on every branch (:meth:`_luck` reads it). Empty: the class writes its own
    ``_luck``, or has no luck at its chance steps to number."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Give a state class whose fields are all slots a ``_clone`` made from them.

        A class that writes its own ``_clone`` keeps it. A class that names its
        :attr:`result_field` gets a ``result`` that reads that slot, one that names its
        :attr:`luck_field` a ``_luck`` that reads that one, and one that names its
        :attr:`seat_field` a ``to_act`` worked out by the engine.
        """
        super().__init_subclass__(**kwargs)
        for what in ("step_field", "seat_field", "result_field", "luck_field"):
            name = getattr(cls, what)
            if name and not name.isidentifier():
                msg = f"{cls.__name__}.{what} must name a slot of the state, not {name!r}"
                raise TypeError(msg)
        for step, who in cls.seat_at.items():
            if not (who in (TEAM, CHANCE) or (isinstance(who, str) and who.isidentifier())):
                msg = (
                    f"{cls.__name__}.seat_at[{step!r}] must name a field of the state, or be "
                    f"TEAM or CHANCE, not {who!r}"
                )
                raise TypeError(msg)
        if cls.step_field:
            cls._step = operator.attrgetter(cls.step_field)  # type: ignore[method-assign,assignment]
        if cls.seat_field and "to_act" not in vars(cls):
            cls.to_act = _seat_to_act(cls)  # type: ignore[assignment]
        if cls.result_field and "result" not in vars(cls):
            read = operator.attrgetter(cls.result_field)
            cls.result = property(read, doc=State.result.__doc__)  # type: ignore[assignment]
        if cls.luck_field and "_luck" not in vars(cls):
            count = operator.attrgetter(cls.luck_field)
            cls._luck = lambda self: count(self)  # type: ignore[method-assign]
        slots = slots_of(cls, State)
        if "_clone" not in vars(cls) and slots is not None:
            cls._clone = clone_function(cls, slots, cls.slot_copies)  # type: ignore[method-assign]

    # --- what a game must provide -------------------------------------------------------
    def _clone(self: _S) -> _S:
        """A copy whose later changes do not touch this state (events are not copied).

        Made from the slots and :attr:`slot_copies` for a class whose fields are all slots;
        a class may write its own.
        """
        raise NotImplementedError

    def _rng(self) -> Numbers:
        """The numbers of the state's next shuffle, fixed by the seed and the shuffles so far.

        For a state that shuffles: it counts its shuffles in a ``shuffles`` slot (0 at the
        deal). Luck lives in the state: the same seed and the same moves give the same
        shuffles, and a fork keeps them (``game.luck`` draws them, see
        :class:`~umbrella_lab.engine.luck.Luck`).
        """
        self.shuffles += 1
        return self.game.luck.draws(self.seed, self.shuffles)

    def _chance(self) -> Sequence[tuple[Move, Fraction]]:
        """At a chance step (``to_act == CHANCE``): each outcome move with its exact probability.

        By default the moves of the step's kind that declares ``equally_likely = True`` (every
        one as likely, the same all game, as the faces of a die; see :func:`even_odds`), or the
        odds the step's kind gives (its ``odds``: odds that change as the game goes, two dice
        against a force, a deck).
        """
        for kind in self.game.info.kinds_at(self._step(self)):
            if kind.equally_likely:
                return even_odds(self, kind.legal)
            odds = kind.odds(self)
            if odds:
                return odds
        return []

    def _luck(self) -> int:
        """A number that identifies this chance step within the game.

        For example a count of rolls so far (name that slot the :attr:`luck_field`); with the
        seed it fixes which outcome the state's own luck gives.
        """
        return 0

    @property
    def to_act(self) -> int | None:
        """The seat that decides now (:data:`TEAM` for a team decision), ``None`` when over."""
        raise NotImplementedError

    @property
    def result(self) -> Result | None:
        """How the game ended, or ``None`` while it goes on."""
        raise NotImplementedError

    # --- the table's seats -------------------------------------------------------------------
    @property
    def players(self) -> int:
        """The number of seats: the game's player count (:attr:`Game.players`)."""
        return self.game.players

    @property
    def solo(self) -> bool:
        """True at a one-player table: the game's solo rules apply [solo.*]."""
        return self.game.players == 1

    # --- saying what happened ----------------------------------------------------------------
    def say(self, rule: str, words: Callable[..., str], *args: Any) -> None:
        """Record an event: ``words(*args)`` says what happened, ``rule`` is the rule that did it.

        ``words`` is called at once while events are recorded and never otherwise, so a
        simulation spends nothing on words: write ``s.say("turn.hold", lambda: f"...")``. Where
        a simulation says much, hand the words what they read (``s.say("turn.hold", lambda s,
        seat: f"...", s, seat)``): such words take nothing from the rule around them, so making
        them costs less than a closure.
        """
        events = self.events
        if events is not None:
            events.append(Event(rule, words(*args)))

    # --- the moves ------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every legal move now, without words (fast).

        The ``legal`` of each move kind played at this step by the one deciding now
        (:meth:`GameInfo.kinds_for`), in the kinds' order: a kind's ``legal`` asks neither the
        step nor whose turn it is. A kind that stands in for others (its ``instead_of``) is
        asked only when none of them listed a move. None once the game is over, whatever step
        the table was at.
        """
        if self.result is not None:
            return []
        info, step = self.game.info, self._step(self)
        kinds, stands_in = info.listing_at(step)
        if kinds is None:  # the kinds asked depend on who decides
            kinds = info.kinds_for(step, self.to_act)  # type: ignore[arg-type]
        moves: list[Move] = []
        if not stands_in:
            for kind in kinds:
                moves += kind.legal(self)
            return moves
        listing: set[type[Move]] = set()  # the kinds that listed a move
        for kind in kinds:
            if kind.instead_of and not listing.isdisjoint(kind.instead_of):
                continue
            found = kind.legal(self)
            if found:
                moves += found
                listing.add(kind)
        return moves

    # --- the turn: the engine's, from the move kinds' declarations ----------------------------
    @staticmethod
    def _step(state: State) -> str:
        """The step of the turn the table is at (the field named by ``step_field``)."""
        return ""

    def seat_name(self, seat: int) -> str:
        """A seat as the table calls it (``"P1"`` for seat 0; a game may name heroes or sides)."""
        return f"P{seat + 1}" if seat >= 0 else "the team" if seat == TEAM else "luck"

    def not_held(self, seat: int, card: Any, rule: str) -> tuple[str, str] | None:
        """Why ``seat`` cannot play ``card``, not holding it: (the reason, the rule), or ``None``.

        The game's answer for move kinds that declare ``held`` cards; ``rule`` is the kind's.
        """
        return None

    def out(self, seat: int) -> tuple[str, str] | None:
        """Why ``seat`` is out of the game (a dead hero): (the reason, the rule), or ``None``.

        The engine refuses every move made by a seat that is out with this reason, before it
        says whose turn it is. Default: no seat is ever out.
        """
        return None

    def turn_refusal(self, move: Move) -> tuple[str, str] | None:
        """Why the turn does not allow ``move`` now: (the reason, the rule), or ``None``.

        The engine's check for every game, from the kind's ``by``, ``steps`` and ``held``.

        In order: the game is over; the maker is not at the table, or is out of the game
        (:meth:`out`); something bars the move whatever the turn (:meth:`Move.barred`); luck,
        the team or another seat decides now; it is another step of the turn; the maker does
        not hold a card. ``None`` when the turn allows the move (the kind may still refuse it,
        see :meth:`Move.refusal`).
        """
        if self.is_over:
            return "the game is over", self._over_rule()
        kind, step = type(move), self._step(self)
        words = self.step_words.get(step, "")
        by = kind.by
        maker: int | None = getattr(move, by) if isinstance(by, str) else by
        if maker is not None and maker >= 0:
            if not maker < self.game.players:
                players = self.game.players
                return (
                    f"there is no seat {maker} at a {players}-player table (seats 0 to "
                    f"{players - 1})",
                    self.rule_for_turn_order or self.rule_for_unknown_action,
                )
            gone = self.out(maker)
            if gone:
                return gone
        barred = move.barred(self)
        if barred:
            return barred
        if maker is not None:
            actor = self.to_act
            if maker != actor:
                return self._not_now(kind, maker, actor, step, words)
        if kind.steps and step not in kind.steps:
            decider = maker if maker is not None and maker != CHANCE else self.to_act
            who = self._who(decider) if decider is not None and decider != CHANCE else "the table"
            said = f"{who} must first {words}" if words else f"it is the {step} step now"
            if kind.when:
                said += f": {kind.when}"
            return said, self._when_rule(kind, step) or self.step_rules.get(step, kind.rule)
        if maker is not None:
            for name in kind.held:
                why = self.not_held(maker, getattr(move, name), kind.rule)
                if why:
                    return why
        return None

    def _who(self, seat: int) -> str:
        """A seat as a refusal names it: the team by ``team_name``, a seat by ``seat_name``."""
        return self.team_name if seat == TEAM else self.seat_name(seat)

    @staticmethod
    def _when_rule(kind: type[Move], step: str) -> str:
        """The rule a kind names for being refused at ``step`` (its ``when_rule``), or ``""``."""
        rule = kind.when_rule
        if isinstance(rule, Mapping):
            return rule.get(step) or rule.get("", "")
        return rule

    def _off_step(self, kind: type[Move]) -> tuple[str, str] | None:
        """Why no move of ``kind`` is offered at this step, if the kind is made at others."""
        step = self._step(self)
        if not kind.steps or step in kind.steps:
            return None
        words, actor = self.step_words.get(step, ""), self.to_act
        if not words:
            now = f"the table is at the {step} step" if step else "the table is between steps"
        elif actor is None or actor == CHANCE:
            now = words
        else:
            now = f"it is {possessive(self._who(actor))} turn to {words}"
        said = f"no {kind.kind} move now: " + (f"{kind.when}; now {now}" if kind.when else now)
        return said, self._when_rule(kind, step) or kind.rule

    def _not_now(
        self, kind: type[Move], maker: int, actor: int | None, step: str, words: str
    ) -> tuple[str, str]:
        """Why ``maker`` may not decide now: luck, the team or another seat does."""
        turn_rule = self.rule_for_turn_order or self.rule_for_unknown_action
        if actor == CHANCE:
            said = f"{words}: luck decides next" if words else "luck decides next"
            said += " (apply one of the outcomes listed)"
            return said, self.step_rules.get(step, kind.rule)
        if maker == CHANCE:
            return f"{self.seat_name(actor or 0)} decides now, not luck", kind.rule
        said = f"it is {possessive(self._who(actor or 0))} turn"
        return (f"{said} to {words}" if words else said), turn_rule

    def _is_move(self, move: object) -> bool:
        """True for a move of one of this game's kinds (legal here or not)."""
        return isinstance(move, Move) and type(move) in self.game.info.kinds.values()

    # --- pictures: drawn by the game's views module -----------------------------------------
    def _views(self) -> Any:
        views = self.game.info.views
        if views is None:
            msg = f"{self.game.name} names no views module (GameInfo.views)"
            raise NotImplementedError(msg)
        return views

    def to_dict(self, seat: int | None = None) -> dict[str, Any]:
        """JSON-able snapshot; with ``seat``, only what that seat may see.

        Deck orders are never shown, only counts; what else is hidden is the game's (see its
        views module).

        Raises:
            SeatError: ``seat`` is not a seat at this table (see :meth:`seat_or_table`).
        """
        return self._views().snapshot(self, self.seat_or_table(seat))

    def to_text(self, seat: int | None = None) -> str:
        """A readable picture of the table; with ``seat``, as that seat sees it.

        Raises:
            SeatError: ``seat`` is not a seat at this table (see :meth:`seat_or_table`).
        """
        return self._views().to_text(self, self.seat_or_table(seat))

    def seat_or_table(self, seat: object) -> int | None:
        """``seat`` checked: ``None`` (the whole table) or a seat number of this game.

        Seats are numbered from 0 (``0`` is P1). A text such as ``"0"`` or a seat that is not
        at the table is refused with a message that says which seats there are.
        """
        if seat is None:
            return None
        players = self.game.players
        whole = isinstance(seat, numbers.Integral) and not isinstance(seat, bool)
        number = int(cast("SupportsInt", seat)) if whole else -1
        if 0 <= number < players:
            return number
        seats = "the only seat is 0" if players == 1 else f"seats are 0 to {players - 1}"
        said = self.seats_said or "whole numbers, 0 for the first player"
        msg = (
            f"{self.game.name}: there is no seat {shown(seat)} at a {players}-player table; "
            f"{seats} ({said}), or None for the whole table"
        )
        raise SeatError(msg)

    def _repr_html_(self) -> str:
        to_html = getattr(self._views(), "to_html", None)
        if to_html is None:  # the game draws no HTML picture: its text picture, as printed
            return f'<pre style="margin:0">{html.escape(self.to_text())}</pre>'
        return to_html(self)

    def hides_from(self, seat: int) -> bool:
        """True when ``seat`` cannot see all of the table now (another seat's hand, say).

        Then another seat's choices are that seat's own business: their labels may name cards
        ``seat`` may not see. Compares ``to_dict(seat)`` with the whole table, leaving out
        whose view it is and the seed (which only the whole table's view names); a game may
        answer more cheaply.
        """
        mine, whole = self.to_dict(seat), self.to_dict()
        for key in ("seat", "seed"):
            mine.pop(key, None)
            whole.pop(key, None)
        return mine != whole

    def summary(self) -> dict[str, Any]:
        """Game-specific facts for one row of a simulation table (rounds, damage, ...)."""
        return {}

    def check(self) -> list[str]:
        """Problems with this state's invariants (cards conserved, values in bounds); [] if none."""
        return []

    def reshuffled(self: _S, seed: int) -> _S:
        """A copy with every hidden order (decks) dealt anew from ``seed``: new luck."""
        raise NotImplementedError

    # --- the public face ------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.result is not None

    def legal_actions(self) -> list[Action]:
        """Every action allowed now, labelled in the table's words.

        Two moves never share a label: the second of a pair gets its id after it
        (``"... [id]"``), so every label reads back to the move it names.
        """
        try:
            actions = self._actions
        except AttributeError:  # a state that may still change in place: list them afresh
            return self._label_actions()
        if actions is None:
            actions = self._actions = self._label_actions()
        return list(actions)

    def _label_actions(self) -> list[Action]:
        actions = []
        seen: dict[str, int] = {}
        for key in self._listed():
            label, rule, ident = key.label(self), key.rule_in(self), key.id(self)
            if label in seen:  # two moves must never share a label
                seen[label] += 1
                label = f"{label} [{ident}]"
            else:
                seen[label] = 1
            actions.append(Action(key, label, rule, ident))
        return actions

    def action(self, move: Move | Action | str) -> Action:
        """A move with its words (label, rule and id).

        An :class:`Action` is given back as it is; a label or an id is read by
        :meth:`parse_action` (so it must be legal now). A legal move of a state that never
        changes has the words of :meth:`legal_actions` (made once).
        """
        if isinstance(move, Action):
            return move
        if not isinstance(move, Move):
            return self.parse_action(move)
        if self._kept():
            for action in self.legal_actions():  # the words the list gives it (a label once)
                if action.key == move:
                    return action
        return Action(move, move.label(self), move.rule_in(self), move.id(self))

    def parse_action(self, text: str | Action | tuple, *, old_ids: bool = False) -> Action:
        """The legal action with this label or id (or move); a clear error otherwise.

        A move (or an id) is looked up among the legal moves, a label compared with their
        labels; the action found has the words :meth:`legal_actions` gives it, so its label reads
        back to it even where two moves would share one. ``old_ids`` reads an id in the older
        numeric format first (``attack/0/52/-1``), as records written before ids named cards
        do. The reading is done by :mod:`umbrella_lab.engine.ids`.

        Raises:
            IllegalActionError: the text names no legal move; the message says why, citing
                the rule.
        """
        if isinstance(text, Action):
            text = text.key
        return ids.parse_action(self, text, old_ids=old_ids)

    def split_label(self, label: str) -> tuple[str, str, str] | None:
        """A label's three parts: who acts, the verb and the rest; ``None`` for another shape.

        The labels of most games read "Who: verb the rest" (``"P1: hold (bank 4)"``); a game
        whose labels read otherwise says how to split them.
        """
        who, colon, what = label.partition(": ")
        verb, _, rest = what.strip().partition(" ")
        if not colon or not verb:
            return None
        return who.strip(), verb, rest

    def _listed(self) -> list[Move]:
        """The legal moves, listed once on a state that never changes (do not change the list).

        A state :meth:`apply` made, or a session holds, keeps its list (:meth:`_keep`); one a
        simulation plays in place lists them again each time.
        """
        try:
            moves = self._moves
        except AttributeError:
            return self.legal_moves()
        if moves is None:
            moves = self._moves = self.legal_moves()
        return moves

    def _keep(self) -> None:
        """Mark this state as one that never changes in place: its lists are kept once made."""
        if not self._kept():
            self._moves = self._actions = None

    def _kept(self) -> bool:
        try:
            self._moves  # noqa: B018 - set: the state keeps its lists
        except AttributeError:
            return False
        return True

    def _known_moves(self) -> list[Move]:
        """Moves a learner may name here that are not legal (each kind's ``known``).

        Asked of the kinds the one deciding may play at this step, and of those that name the
        step among their ``known_steps`` (:meth:`GameInfo.known_for`); none once the game is
        over. Like ``legal``, a kind's ``known`` asks neither the step nor whose turn it is.
        """
        actor = self.to_act
        if actor is None:
            return []
        legal = set(self._listed())
        found: list[Move] = []
        for kind in self.game.info.known_for(self._step(self), actor):
            found += [move for move in kind.known(self) if move not in legal]
        return found

    def _known_of(self, kind: type[Move]) -> Iterable[Move]:
        """The moves of ``kind`` a learner may name here (its ``known``, where it is asked)."""
        actor = self.to_act
        if actor is None or kind not in self.game.info.known_for(self._step(self), actor):
            return ()
        return kind.known(self)

    def apply(self: _S, action: Action | str | tuple) -> _S:
        """The state after ``action``; this state does not change.

        Raises:
            IllegalActionError: if the action is not legal here; it names the rule.
        """
        if self.is_over:
            raise IllegalActionError("the game is over; no more actions", self._over_rule())
        key = ids.legal_key(self, action.key) if isinstance(action, Action) else None
        if key is None:
            key = self.parse_action(action).key
        after = self._clone()
        after.events = []
        key.play(after)
        after._keep()
        return after

    def _over_rule(self) -> str:
        result = self.result
        return result.rule if result else ""

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """At a chance step, every outcome as an action with its exact probability."""
        return [(self.action(key), p) for key, p in self._chance()]

    def _lucky_key(self) -> Move:
        """The outcome the state's own luck gives at this chance step.

        Same seed, same step, same outcome: two branches that reach the same roll see the same
        dice. The draw is a number in [0, 1) fixed by the seed and the step (``game.luck``'s
        :meth:`~umbrella_lab.engine.luck.Luck.chance`); the outcome is the first whose running
        total of exact probabilities is above it (:func:`exact_pick`).
        """
        draw = self.game.luck.chance(self.seed, self._luck())
        outcomes = self._chance()
        if isinstance(outcomes, tuple):  # a game's constant table: its edges are kept
            for (outcome, _), edge in zip(outcomes, _edges(outcomes), strict=True):
                if draw < edge:
                    return outcome
            return outcomes[-1][0]
        return exact_pick(outcomes, draw)

    def roll(self) -> State:
        """At a chance step, the state after the outcome its own luck gives."""
        if self.is_over:
            raise IllegalActionError("the game is over; no more actions", self._over_rule())
        if self.to_act != CHANCE:
            msg = "nothing is left to luck here: it is a player's decision"
            raise IllegalActionError(msg, self.rule_for_turn_order or self.rule_for_unknown_action)
        return self.apply(self._lucky_key())

    def fork(self: _S, *, new_luck: bool = False, seed: int | None = None) -> _S:
        """A branch from here.

        By default it keeps the same future luck (same deck orders), so two branches differ
        only by the moves made; ``new_luck=True`` (or a ``seed``) deals every hidden order anew.
        """
        if not isinstance(new_luck, bool):
            msg = f"fork: new_luck must be True or False, not {shown(new_luck)}"
            raise OptionError(msg)
        if seed is not None:
            seed = seed_number(seed, "fork: the seed")
        if new_luck or seed is not None:
            return self.reshuffled(derive_seed(self.seed, 0) if seed is None else seed)
        copy = self._clone()
        copy.events = list(self.events or ())
        return copy

    def why_not(self, action: Action | str | tuple) -> str:
        """Why an action is refused here (or ``"legal"``), citing the rule.

        ``action`` may also be the name of a kind of move (``"heal"``, ``"push"``): the answer
        then says why no move of that kind is offered now, with the reason and rule of each
        move of that kind a learner might expect (the kind's ``known``), or which kinds are.
        """
        try:
            self.parse_action(action)
        except IllegalActionError as error:
            if isinstance(action, str):
                kind = self.game.info.kinds.get(action.strip())
                if kind is not None:
                    return self._why_no_kind(kind)
            return str(error)
        return "legal"

    def unavailable(self) -> list[tuple[str, str, str]]:
        """Moves a learner might expect that are not legal now: (label, reason, rule) each.

        They come from each kind's ``known``; the explorer lists them greyed with the reason.
        """
        return [(label, reason, rule) for _, label, reason, rule in self.unavailable_moves()]

    def unavailable_moves(self) -> list[tuple[Move, str, str, str]]:
        """The moves of :meth:`unavailable`, each with its label, reason and rule, in its order."""
        if self.is_over:
            return []
        found = []
        for move in self._known_moves():
            message, rule = move.why_not(self)
            found.append((move, move.label(self), message, rule))
        return found

    def _why_no_kind_rule(self, kind: type[Move]) -> tuple[str, str]:
        """Why no move of this kind is legal now, in words, and the rule that says so."""
        name = kind.kind
        if self.is_over:
            return f"no {name} move: the game is over", self._over_rule()
        off = self._off_step(kind)
        if off is not None:
            return off
        reasons: dict[tuple[str, str], list[str]] = {}
        for move in self._known_of(kind):
            message, rule = move.why_not(self)
            reasons.setdefault((message, rule), []).append(move.label(self))
        if len(reasons) == 1:
            (message, rule), labels = next(iter(reasons.items()))
            return f"no {name} move now: {labels[0]}: {message}", rule or kind.rule
        if reasons:
            return self._why_no_kind(kind), kind.rule
        kinds = sorted({m.kind for m in self.legal_moves()})
        offered = ", ".join(kinds) if kinds else "none"
        return f"no {name} move is offered now; the kinds of move now: {offered}", kind.rule

    def _why_no_kind(self, kind: type[Move]) -> str:
        """Why no move of this kind is legal now (or how many are), in words with rules."""
        name = kind.kind
        if self.is_over:
            rule = self._over_rule()
            return f"no {name} move: the game is over" + (f" (rule {rule})" if rule else "")
        off = self._off_step(kind)
        if off is not None:
            return f"{off[0]} (rule {off[1]})"
        legal = [m for m in self.legal_moves() if isinstance(m, kind)]
        if legal:
            example = legal[0].label(self)
            article = "an" if name[:1] in "aeiou" else "a"
            many = (
                f"{len(legal)} {name} moves are" if len(legal) > 1 else f"{article} {name} move is"
            )
            return f"legal: {many} offered now, e.g. '{example}'"
        reasons: dict[tuple[str, str], list[str]] = {}
        for move in self._known_of(kind):
            message, rule = move.why_not(self)
            reasons.setdefault((message, rule), []).append(move.label(self))
        if reasons:
            said = "; ".join(
                f"{labels[0]}: {message} (rule {rule})"
                for (message, rule), labels in reasons.items()
            )
            return f"no {name} move now: {said}"
        kinds = sorted({m.kind for m in self.legal_moves()})
        offered = ", ".join(kinds) if kinds else "none"
        return f"no {name} move is offered now (rule {kind.rule}); the kinds of move now: {offered}"

    def __str__(self) -> str:
        return self.to_text()

    def to_json(self, seat: int | None = None) -> str:
        """The snapshot of :meth:`to_dict` as JSON text."""
        return json.dumps(self.to_dict(seat), indent=1, sort_keys=False)


def _seat_to_act(cls: type[State]) -> property:
    """``to_act`` for a state class that names its :attr:`State.seat_field`.

    Asked at every move of a simulation, so it is written for the class, reading its slots by
    name (as a hand-written ``to_act`` would), and keeps each step's answer (:func:`_decider`):
    ``None`` for the seat of the seat field, else the maker, or a reader of the field that
    :attr:`State.seat_at` names. The field names were checked when the class was made.
    """
    step = f"self.{cls.step_field}" if cls.step_field else '""'
    if cls.seat_field_complete:
        code = (
            "def to_act(self):\n"
            f"    if self.{cls.result_field or 'result'} is not None:\n"
            "        return None\n"
            f"    return self.{cls.seat_field}\n"
        )
        namespace: dict[str, Any] = {}
        exec(code, namespace)  # the class's own field names, checked in State.__init_subclass__
        return property(namespace["to_act"], doc=State.to_act.__doc__)
    code = (
        "def to_act(self):\n"
        f"    if self.{cls.result_field or 'result'} is not None:\n"
        "        return None\n"
        "    try:\n"
        f"        who = deciders[self.game.info][{step}]\n"
        "    except KeyError:\n"
        f"        who = decider(self, {step})\n"
        "    if who is None:\n"
        f"        return self.{cls.seat_field}\n"
        "    return who if who.__class__ is int else who(self)\n"
    )
    deciders: dict[GameInfo, dict[str, Any]] = {}
    namespace = {"deciders": deciders, "decider": partial(_decider, deciders)}
    exec(code, namespace)  # the class's own field names, checked in State.__init_subclass__
    return property(namespace["to_act"], doc=State.to_act.__doc__)


def _decider(deciders: dict[GameInfo, dict[str, Any]], state: State, step: str) -> Any:
    """Who decides at ``step``, kept for the state's class and game: see :func:`_seat_to_act`.

    The state's :attr:`State.seat_at` first (a field's reader, or ``TEAM`` or ``CHANCE``), then
    the move kinds (:meth:`GameInfo.maker_at`); ``None``: the seat of the seat field.
    """
    info = state.game.info
    declared = state.seat_at.get(step)
    who: Any = info.maker_at(step) if declared is None else declared
    if isinstance(who, str):
        who = operator.attrgetter(who)
    deciders.setdefault(info, {})[step] = who
    return who


_O = TypeVar("_O", bound="OpenState")


class OpenState(State):
    """Base class of a game with nothing hidden: every seat sees the whole table.

    Its only luck is at its chance steps (dice rolled in the open, each numbered by ``_luck``),
    so new luck is the same table with a new seed for the rolls to come. The engine gives such
    a game :meth:`redeal` and :meth:`reshuffled` (say what new luck is with
    :attr:`new_luck_rule` and :attr:`new_luck_words`), and answers :meth:`hides_from` at once.
    """

    __slots__ = ()

    new_luck_rule: ClassVar[str] = ""
    """The rule the new-luck event cites (where the digest says how the game starts, say)."""

    new_luck_words: ClassVar[str] = "the rolls to come change"
    """What new luck changes: the event reads "New luck (seed 7): the rolls to come change."."""

    def redeal(self: _O, seat: int | None, seed: int) -> _O:
        """The table as ``seat`` sees it (all of it), the luck to come following ``seed``."""
        new = self._clone()
        new.seed, new.events = seed, []
        words = self.new_luck_words
        new.say(self.new_luck_rule, lambda: f"New luck (seed {seed}): {words}.")
        return new

    def reshuffled(self: _O, seed: int) -> _O:
        """New luck for the whole table: see :meth:`redeal`."""
        return self.redeal(None, seed)

    def hides_from(self, seat: int) -> bool:
        """False: nothing is hidden from any seat."""
        return False


def even_odds(
    state: State, outcomes: Callable[[Any], Iterable[Move]]
) -> tuple[tuple[Move, Fraction], ...]:
    """Each of ``outcomes(state)`` as likely as the others, worked out once a game.

    For a chance step whose outcomes stay the same all game, as the faces of a die: a state's
    ``_chance`` returns ``even_odds(self, Face.legal)``. The table is kept with the game (in
    its ``extra``, by ``outcomes``), so a simulation that rolls thousands of times builds it
    once, and being a tuple it keeps its edges for the state's own luck (:meth:`State.roll`).
    """
    kept = state.game.extra.get("engine.even_odds")
    if kept is None:
        kept = state.game.extra["engine.even_odds"] = {}
    found = kept.get(outcomes)
    if found is None:
        moves = list(outcomes(state))
        each = Fraction(1, len(moves))
        found = kept[outcomes] = tuple((move, each) for move in moves)
    return found


_EDGES: dict[int, tuple[tuple[Any, ...], tuple[float, ...]]] = {}


def _edges(outcomes: tuple[tuple[Any, Fraction], ...]) -> tuple[float, ...]:
    """The running totals of a constant table's probabilities as exact float edges, kept.

    Each edge is the smallest float not below the running total, so for a float ``draw``,
    ``draw < edge`` exactly when ``draw < total``: the same pick as :func:`exact_pick`.
    """
    known = _EDGES.get(id(outcomes))
    if known is not None and known[0] is outcomes:
        return known[1]
    total, edges = Fraction(0), []
    for _, probability in outcomes:
        total += probability
        edge = float(total)
        edges.append(edge if Fraction(edge) >= total else math.nextafter(edge, 2.0))
    if len(_EDGES) > 4096:
        _EDGES.clear()
    _EDGES[id(outcomes)] = (outcomes, tuple(edges))
    return tuple(edges)


def exact_pick(outcomes: Sequence[tuple[Any, Fraction]], draw: float) -> Any:
    """The first outcome whose running total of probabilities is above ``draw``, exactly.

    What adding the fractions and comparing would give, in whole numbers (much faster): a float
    is a whole number of 2**-53, and ``a / b < c / d`` exactly when ``a * d < c * b``.
    """
    top, scale = draw.as_integer_ratio()  # draw == top / scale
    total, denominator = 0, 1  # the running total is total / denominator
    for outcome, probability in outcomes:
        total = total * probability.denominator + probability.numerator * denominator
        denominator *= probability.denominator
        if top * denominator < total * scale:
            return outcome
    return outcomes[-1][0]


@dataclass
class Registry:
    """The games the kit knows, by name.

    Games are registered explicitly: ``loader`` registers the kit's own games, each when it is
    first asked for (``umbrella_lab.games.register``), so that loading one game does not import
    the others. A game that fails to import is kept in ``broken`` with the reason, and only
    that game fails to load.

    The engine imports no game: the package of the kit's games, ``package``, is imported by
    its name when a game is first asked for, and sets ``loader`` to its own ``register`` as it
    is imported (as pandas imports its plotting backend by name on the first plot).
    """

    games: dict[str, GameInfo] = field(default_factory=dict)
    broken: dict[str, str] = field(default_factory=dict)
    loader: Callable[[str | None], None] | None = None
    package: str | None = "umbrella_lab.games"

    def register(self, info: GameInfo) -> GameInfo:
        """Add a game (a game's package calls this, or ``umbrella_lab.games`` does)."""
        self.games[info.name] = info
        self.broken.pop(info.name, None)
        return info

    def ready(self, name: str | None = None) -> None:
        """Have the kit's game ``name`` registered, or every game of the kit (None).

        A game already registered, or known to be broken, is not imported again.
        """
        if self.loader is None and self.package is not None:
            importlib.import_module(self.package)  # the games' package sets the loader
        if self.loader is not None and (
            name is None or (name not in self.games and name not in self.broken)
        ):
            self.loader(name)


REGISTRY = Registry()


def games() -> list[str]:
    """Names of the registered games."""
    REGISTRY.ready()
    return sorted(REGISTRY.games)


def load(name: str, /, players: int | None = None, **options: Any) -> Game:
    """A game by name with its player count and options, checked.

    Raises:
        OptionError: for an unknown game, a bad player count or a bad option; the message
            lists what is valid.
    """
    if not isinstance(name, str):
        msg = f"a game name must be text, not {shown(name)}; the games are " + ", ".join(games())
        raise OptionError(msg)
    REGISTRY.ready(name)  # only this game is imported
    info = REGISTRY.games.get(name)
    if info is None:
        REGISTRY.ready()  # every game, to list them
        if name in REGISTRY.broken:
            msg = f"the game {name!r} could not be loaded: {REGISTRY.broken[name]}"
            raise OptionError(msg)
        msg = f"no game named {name!r}; the games are {', '.join(sorted(REGISTRY.games))}"
        raise OptionError(msg)
    return Game(info, players, **options)


def game_info(name: str) -> GameInfo:
    """The :class:`GameInfo` of a registered game, without loading it.

    Raises:
        OptionError: for an unknown game (or one that failed to import), listing the games.
    """
    REGISTRY.ready(name)
    info = REGISTRY.games.get(name)
    if info is None:
        load(name)  # raises the error that says why
    return info  # type: ignore[return-value]


def describe_options(info: GameInfo) -> Sequence[Option]:
    """The options of a game, for help texts."""
    return info.options
