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

import importlib
import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple

from umbrella_lab.engine.errors import IllegalActionError, OptionError
from umbrella_lab.engine.rules import RuleBook, rulebook

TEAM = -2
"""Pseudo seat: the whole team decides together (co-operative games)."""

CHANCE = -1
"""Pseudo seat: luck decides next (dice, a coin). The legal actions are then the possible
outcomes, each with an exact probability (:meth:`State.chance_outcomes`); applying one forces
it (a what-if), and :meth:`State.roll` lets the state's own luck pick."""


class Action(NamedTuple):
    """A move a seat can make: a small value object.

    Two actions are the same move when their ``key`` is equal; ``label`` is the move in the
    table's words and ``id`` a compact stable form. Both parse back with
    :meth:`State.parse_action`.

    Attributes:
        key: What the rules need: a kind and a few integers, e.g. ``("attack", 0, 17, -1)``.
        label: Words for people, e.g. ``"The Kraken: attack 35 vs villain attack 30"``.
        rule: Id of the rule that allows it.
    """

    key: tuple
    label: str
    rule: str = ""

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
    def kind(self) -> str:
        """The kind of move, e.g. ``"attack"``."""
        return self.key[0]

    @property
    def id(self) -> str:
        """A compact stable id, e.g. ``"attack/0/17/-1"``."""
        return "/".join(str(part) for part in self.key)


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
                    f"{game}: option {self.name}={value!r} is not allowed; choose one of {allowed}"
                )
                raise OptionError(msg)
        elif self.check is not None and (problem := self.check(value)):
            msg = f"{game}: option {self.name}={value!r} is not allowed: {problem}"
            raise OptionError(msg)
        return value


@dataclass(frozen=True)
class GameInfo:
    """Everything the registry needs to know about one game.

    Attributes:
        name: Registry name, e.g. ``"academy"``.
        title: Name on the box.
        players: The allowed player counts.
        options: The rule variants and settings, each with its default.
        new_state: Builds the opening state: ``new_state(game, seed, log)``; with ``log``
            false it records no events (for fast simulations).
        version: Bumped whenever a rules change alters what a seed produces.
        cooperative: True when the players win or lose together.
        check: Checks the settings as a whole when the game is loaded (for example chosen
            heroes against the player count, or a data folder), raising ``OptionError`` or
            ``DataError``; each option alone is checked by its own ``Option``.
    """

    name: str
    title: str
    players: tuple[int, ...]
    options: tuple[Option, ...]
    new_state: Callable[[Game, int, bool], State]
    version: int = 1
    cooperative: bool = False
    describe: str = ""
    check: Callable[[Game], None] | None = None


class Game:
    """A game with its player count and options fixed; ``new(seed)`` deals a table.

    Build one with ``umbrella_lab.load(name, players=..., **options)``.
    """

    def __init__(self, info: GameInfo, players: int | None = None, **options: Any) -> None:
        if players is None:
            players = info.players[0]
        if isinstance(players, bool) or not isinstance(players, int) or players not in info.players:
            counts = ", ".join(str(p) for p in info.players)
            msg = f"{info.name}: {players!r} players is not allowed; choose one of {counts}"
            raise OptionError(msg)
        known = {option.name: option for option in info.options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            msg = (
                f"{info.name}: unknown option(s) {', '.join(unknown)}; the options are "
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
        if info.check is not None:
            info.check(self)  # the settings together, before any table is dealt

    def __repr__(self) -> str:
        changed = {k: v for k, v in self.options.items() if v != self.info_default(k)}
        extra = "".join(f", {k}={v!r}" for k, v in changed.items())
        return f"Game({self.name!r}, players={self.players}{extra})"

    def info_default(self, name: str) -> Any:
        """Default value of an option."""
        return next(o.default for o in self.info.options if o.name == name)

    @property
    def rules(self) -> RuleBook:
        """The game's rule digest, keyed by rule id."""
        return rulebook(self.name)

    @property
    def changed_options(self) -> dict[str, Any]:
        """Options that differ from their defaults (what a record needs to keep)."""
        return {k: v for k, v in self.options.items() if v != self.info_default(k)}

    def new(self, seed: int = 0) -> State:
        """Deal a new table; the same seed always deals the same game."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            msg = f"{self.name}: the seed must be a whole number, not {seed!r}"
            raise OptionError(msg)
        return self.info.new_state(self, seed, True)

    def deal(self, seed: int) -> State:
        """Like :meth:`new` but records no events: the fast start of a simulated game."""
        return self.info.new_state(self, seed, False)

    def with_options(self, players: int | None = None, **options: Any) -> Game:
        """The same game with some options (or the player count) changed."""
        merged = {**self.changed_options, **options}
        return Game(self.info, self.players if players is None else players, **merged)


class State:
    """Base class of every game's state. Subclasses fill in the ``_`` methods.

    A state given to you never changes: :meth:`apply` returns a new one. Internally a game
    may change a private copy in place (``_clone`` then ``_do``), which is how rollouts stay
    fast.
    """

    __slots__ = ("events", "game", "seed")
    game: Game
    seed: int
    events: list[Event]

    rule_for_unknown_action: ClassVar[str] = ""

    chance_steps: ClassVar[bool] = True
    """False in a game without chance steps (``to_act`` is never ``CHANCE``): play loops skip
    the check."""

    # --- what a game must provide -------------------------------------------------------
    def _moves(self) -> list[tuple]:
        """Keys of the legal moves (fast path; no labels)."""
        raise NotImplementedError

    def _label(self, key: tuple) -> tuple[str, str]:
        """The label and rule id of a legal move key."""
        raise NotImplementedError

    def _do(self, key: tuple, log: bool) -> None:
        """Apply a legal move key to this state in place."""
        raise NotImplementedError

    def _clone(self) -> State:
        """A copy whose later changes do not touch this state."""
        raise NotImplementedError

    def _chance(self) -> list[tuple[tuple, Fraction]]:
        """At a chance step (``to_act == CHANCE``): each outcome key with its exact probability."""
        return []

    def _luck(self) -> int:
        """A number that identifies this chance step within the game.

        For example a count of rolls so far; with the seed it fixes which outcome the state's
        own luck gives.
        """
        return 0

    def _canonical(self, key: tuple) -> tuple:
        """The legal key that means the same move (e.g. the other copy of the same card)."""
        return key

    def _refusal(self, key: tuple) -> tuple[str, str]:
        """Why a move key is not legal here: (message, rule id)."""
        return "that move is not one of the legal moves here", self.rule_for_unknown_action

    @property
    def to_act(self) -> int | None:
        """The seat that decides now (:data:`TEAM` for a team decision), ``None`` when over."""
        raise NotImplementedError

    @property
    def result(self) -> Result | None:
        """How the game ended, or ``None`` while it goes on."""
        raise NotImplementedError

    # --- pictures: drawn by the game's views module -----------------------------------------
    views: ClassVar[str] = ""
    """The module that draws the table: ``snapshot(state, seat)``, ``to_text(state, seat)`` and
    ``to_html(state)`` (e.g. ``"umbrella_lab.games.academy.views"``; imported when first used,
    so it may import the rules module)."""

    def _views(self) -> Any:
        if not self.views:
            msg = f"{type(self).__name__} names no views module (the class attribute views)"
            raise NotImplementedError(msg)
        return importlib.import_module(self.views)

    def to_dict(self, seat: int | None = None) -> dict[str, Any]:
        """JSON-able snapshot; with ``seat``, only what that seat may see.

        Deck orders are never shown, only counts; what else is hidden is the game's (see its
        views module).
        """
        return self._views().snapshot(self, seat)

    def to_text(self, seat: int | None = None) -> str:
        """A readable picture of the table; with ``seat``, as that seat sees it."""
        return self._views().to_text(self, seat)

    def _repr_html_(self) -> str:
        return self._views().to_html(self)

    def _private_move(self, key: tuple, seat: int) -> bool:
        """True when the legal move ``key`` of ``seat`` would show it cards it may not see.

        For example a move that uses another seat's hidden card. Default: never.
        """
        return False

    def hides_from(self, seat: int) -> bool:
        """True when ``seat`` cannot see all of the table now (another seat's hand, say).

        Then another seat's choices are that seat's own business: their labels may name cards
        ``seat`` may not see. Compares ``to_dict(seat)`` with the whole table; a game may
        answer more cheaply.
        """
        mine, whole = self.to_dict(seat), self.to_dict()
        mine.pop("seat", None)
        whole.pop("seat", None)
        return mine != whole

    def summary(self) -> dict[str, Any]:
        """Game-specific facts for one row of a simulation table (rounds, damage, ...)."""
        return {}

    def check(self) -> list[str]:
        """Problems with this state's invariants (cards conserved, values in bounds); [] if none."""
        return []

    def reshuffled(self, seed: int) -> State:
        """A copy with every hidden order (decks) dealt anew from ``seed``: new luck."""
        raise NotImplementedError

    # --- the public face ------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.result is not None

    def legal_actions(self) -> list[Action]:
        """Every action allowed now, labelled in the table's words."""
        actions = []
        seen: dict[str, int] = {}
        for key in self._moves():
            label, rule = self._label(key)
            if label in seen:  # two moves must never share a label
                seen[label] += 1
                label = f"{label} [{'/'.join(str(k) for k in key)}]"
            else:
                seen[label] = 1
            actions.append(Action(key, label, rule))
        return actions

    def parse_action(self, text: str | Action | tuple) -> Action:
        """The legal action with this label or id (or key); a clear error otherwise."""
        legal = self.legal_actions()
        if isinstance(text, Action):
            text = text.key
        if isinstance(text, tuple):
            same = self._canonical(text) if self._well_formed(text) else text
            for action in legal:
                if action.key in (text, same):
                    return action
            message, rule = (
                self._refusal(text)
                if self._well_formed(text)
                else (f"{text!r} is not a move of this game", self.rule_for_unknown_action)
            )
            raise IllegalActionError(message, rule)
        if not isinstance(text, str):
            msg = f"an action must be an Action, its label or its id, not {type(text).__name__}"
            raise IllegalActionError(msg)
        wanted = text.strip()
        for action in legal:
            if wanted in (action.label, action.id):
                return action
        folded = wanted.casefold()
        matches = [a for a in legal if a.label.casefold() == folded]
        if len(matches) == 1:
            return matches[0]
        key = _key_from_id(wanted)
        if key is not None and self._well_formed(key):
            same = self._canonical(key)
            for action in legal:
                if action.key == same:
                    return action
            message, rule = self._refusal(key)
            raise IllegalActionError(f"'{wanted}' is not legal now: {message}", rule)
        if self.is_over:
            raise IllegalActionError(f"'{wanted}' is not legal: the game is over")
        sample = "; ".join(a.label for a in legal[:5])
        msg = f"'{wanted}' is not a legal action here. Legal now: {sample}" + (
            f" (and {len(legal) - 5} more)" if len(legal) > 5 else ""
        )
        raise IllegalActionError(msg)

    def _well_formed(self, key: tuple) -> bool:
        return bool(key) and isinstance(key[0], str)

    def apply(self, action: Action | str | tuple) -> State:
        """The state after ``action``; this state does not change.

        Raises:
            IllegalActionError: if the action is not legal here; it names the rule.
        """
        if self.is_over:
            raise IllegalActionError("the game is over; no more actions", self._over_rule())
        chosen = self.parse_action(action)
        after = self._clone()
        after.events = []
        after._do(chosen.key, True)
        return after

    def _over_rule(self) -> str:
        result = self.result
        return result.rule if result else ""

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """At a chance step, every outcome as an action with its exact probability."""
        return [(Action(key, *self._label(key)), p) for key, p in self._chance()]

    def _lucky_key(self) -> tuple:
        """The outcome the state's own luck gives at this chance step.

        Same seed, same step, same outcome: two branches that reach the same roll see the same
        dice.
        """
        outcomes = self._chance()
        draw = random.Random(self.seed * 1_000_003 + 7919 * self._luck() + 17).random()
        total = Fraction(0)
        for key, probability in outcomes:
            total += probability
            if draw < total:
                return key
        return outcomes[-1][0]

    def roll(self) -> State:
        """At a chance step, the state after the outcome its own luck gives."""
        if self.to_act != CHANCE:
            raise IllegalActionError("nothing is left to luck here: it is a player's decision")
        return self.apply(self._lucky_key())

    def fork(self, *, new_luck: bool = False, seed: int | None = None) -> State:
        """A branch from here.

        By default it keeps the same future luck (same deck orders), so two branches differ
        only by the moves made; ``new_luck=True`` (or a ``seed``) deals every hidden order anew.
        """
        if new_luck or seed is not None:
            return self.reshuffled(self.seed * 7919 + 1 if seed is None else seed)
        copy = self._clone()
        copy.events = list(self.events)
        return copy

    def explore(self, **kwargs: Any) -> Any:
        """An explorer widget (see :mod:`umbrella_lab.widgets`) starting from this position."""
        from umbrella_lab.widgets import Explorer

        return Explorer(self, **kwargs)

    def why_not(self, action: Action | str | tuple) -> str:
        """Why an action is refused here (or ``"legal"``), citing the rule."""
        try:
            self.parse_action(action)
        except IllegalActionError as error:
            return str(error)
        return "legal"

    def __str__(self) -> str:
        return self.to_text()

    def to_json(self, seat: int | None = None) -> str:
        """The snapshot of :meth:`to_dict` as JSON text."""
        return json.dumps(self.to_dict(seat), indent=1, sort_keys=False)


def _key_from_id(text: str) -> tuple | None:
    parts = text.split("/")
    if len(parts) < 2:
        return None
    try:
        return (parts[0], *(int(p) for p in parts[1:]))
    except ValueError:
        return None


@dataclass
class Registry:
    """The games the kit knows, by name."""

    games: dict[str, GameInfo] = field(default_factory=dict)

    def register(self, info: GameInfo) -> GameInfo:
        """Add a game (called at the bottom of each game's module)."""
        self.games[info.name] = info
        return info


REGISTRY = Registry()


def games() -> list[str]:
    """Names of the registered games."""
    _import_games()
    return sorted(REGISTRY.games)


def load(name: str, players: int | None = None, **options: Any) -> Game:
    """A game by name with its player count and options, checked.

    Raises:
        OptionError: for an unknown game, a bad player count or a bad option; the message
            lists what is valid.
    """
    _import_games()
    info = REGISTRY.games.get(name)
    if info is None:
        msg = f"no game named {name!r}; the games are {', '.join(sorted(REGISTRY.games))}"
        raise OptionError(msg)
    return Game(info, players, **options)


def _import_games() -> None:
    import umbrella_lab.games  # noqa: F401  (registers every game)


def describe_options(info: GameInfo) -> Sequence[Option]:
    """The options of a game, for help texts."""
    return info.options
