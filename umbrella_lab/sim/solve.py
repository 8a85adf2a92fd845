"""Exact play where the game is small: every position solved, and the optimal player.

:func:`solve` walks a game's whole state space through the kit's ``State`` interface (the
legal moves at each decision, every outcome with its exact odds at each chance step) and works
out, for every position, each seat's probability of winning when everyone plays to win:

* **backward induction** when no position can come back (Race to 21): each position once,
  from the ends of the game back to the start;
* **value iteration** when positions repeat (Pig: a roll of 1 hands the die back, and the same
  scores come round again): every position is improved again and again until no value moves
  by more than a tiny tolerance.

Pig with two players has a fast path of its own (numpy, by score sums, as in Neller and
Presser's "Optimal Play of the Dice Game Pig", 2004); the tests check it against the general
walk on small goals. A game too large to walk (the four seed games) is refused with an
estimate of its size.

>>> from umbrella_lab import sim
>>> solution = sim.solve("pig", players=2, goal=50)
>>> round(solution.first_player_wins, 4)
0.5462
>>> solution.policy.name
'optimal'

To 100 (``sim.solve("pig")``, a few seconds) the first player wins 53.06% of games, as Neller
and Presser report.

Values are win probabilities; in a game where several seats can share a win, or no one wins,
each seat's value is its own chance of being among the winners. With more than two players
each seat maximises its own chance (the "max-n" rule); ties go to the first move listed.
"""

from __future__ import annotations

import math
import random
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, cast

from umbrella_lab.engine.cloning import BASE_SLOTS, slots_of
from umbrella_lab.engine.core import (
    CHANCE,
    LISTS_KEPT,
    TEAM,
    Action,
    Game,
    GameInfo,
    State,
    game_info,
    load,
)
from umbrella_lab.engine.errors import OptionError, UmbrellaLabError, shown, whole_number
from umbrella_lab.engine.moves import Move
from umbrella_lab.sim._later import later
from umbrella_lab.sim.players import PolicyError

if TYPE_CHECKING:
    import numpy as np
    import pandas as pd
else:  # imported when a table is first made
    np = later("numpy")
    pd = later("pandas")

DEFAULT_MAX_STATES = 1_000_000
"""The most positions :func:`solve` walks by default (option ``max_states``)."""

MOST_STATES = 50_000_000
"""The most positions one may allow (``max_states``): beyond, memory runs out first."""

TOLERANCE = 1e-12
"""Value iteration stops once no value moves by more than this in a sweep."""

MAX_SWEEPS = 100_000
"""Value iteration gives up after this many sweeps (a game that never settles)."""

ESTIMATE_GAMES = 20
"""Random games played to estimate the size of a game too large to walk."""

METHODS = ("auto", "generic", "pig")
"""How to solve: ``auto`` picks the fast path where there is one, ``generic`` walks the states
through the ``State`` interface, ``pig`` is Pig's fast path (2 players), for a game that
declares Pig's shape (``GameInfo.simulation.solver_shape``)."""

OPTIMAL = "optimal"
"""The policy name of optimal play (``sim.get_policy(game, "optimal")``)."""

Key = Callable[[State], Hashable]
"""What identifies a position: two states with the same key play on alike."""


class SolveError(UmbrellaLabError, ValueError):
    """A game that cannot be solved exactly here: too large, or its luck is not in chance steps."""


# --- the result ---------------------------------------------------------------------------


class Solution:
    """Optimal play of one game, solved over its whole state space (made by :func:`solve`).

    Attributes:
        game: The game solved (its player count and options).
        start: The position solved from (a fresh table, unless one was given).
        states: How many positions were solved.
        method: How: ``"backward induction"``, ``"value iteration"`` or Pig's fast path.
        sweeps: Value iteration's sweeps (or policy-improvement rounds), 0 for backward
            induction.
        seconds: The time solving took.

    >>> import umbrella_lab as ul
    >>> solution = solve("pig", goal=50)
    >>> state = ul.load("pig", goal=50).new().apply("P1: roll the die").apply("the die shows 6")
    >>> round(solution.value(state), 3)
    0.575
    >>> solution.actions(state)[["label", "best"]].values.tolist()
    [['P1: roll the die', True], ['P1: hold (bank 6, score 6)', False]]
    """

    def __init__(
        self,
        game: Game,
        start: State,
        table: _Table,
        method: str,
        sweeps: int,
        seconds: float,
    ) -> None:
        self.game = game
        self.start = start
        self._table = table
        self.states = table.size
        self.method = method
        self.sweeps = sweeps
        self.seconds = seconds

    def __repr__(self) -> str:
        return (
            f"<Solution of {_title(self.game)}: {self.states:,} positions by {self.method}, "
            f"P1 wins {self.first_player_wins:.2%} with optimal play>"
        )

    # --- values ---------------------------------------------------------------------------
    def values(self, state: State) -> tuple[float, ...]:
        """Each seat's probability of winning from ``state`` when everyone plays optimally.

        Works at decisions, chance steps and finished games alike.

        Raises:
            SolveError: for a state of another game, or a position the solver never met.
        """
        self._check_state(state)
        return self._table.values(state)

    def value(self, state: State, seat: int | None = None) -> float:
        """The win probability of the player to act (or of ``seat``) with optimal play.

        Args:
            state: A position of the solved game.
            seat: Whose chance; by default the seat that decides now (the team's, at a team
                decision). At a chance step or a finished game, name the seat.

        Raises:
            SolveError: when no one decides now and no seat is named, or for a state of another
                game.
        """
        values = self.values(state)
        if seat is None:
            actor = state.to_act
            if actor is None or actor == CHANCE:
                why = "the game is over" if actor is None else "luck decides next"
                msg = (
                    f"{_title(self.game)}: {why}, so no player is to act: name the seat, "
                    "as in value(state, seat=0)"
                )
                raise SolveError(msg)
            return values[-1] if actor == TEAM else values[actor]
        seat = whole_number(seat, "value: the seat", low=0, high=self.game.players - 1)
        return values[seat]

    @property
    def start_values(self) -> tuple[float, ...]:
        """Each seat's win probability from the start, with optimal play all round."""
        return self.values(self.start)[: self.game.players]

    @property
    def first_player_wins(self) -> float:
        """The first player's (P1's) win probability from the start, with optimal play."""
        return self.start_values[0]

    def regret(self, state: State, action: Action | str | tuple) -> float:
        """How much less often the decider wins after ``action`` than after the optimal move.

        0 for an optimal move; otherwise the win probability given away (for the seat
        deciding, or the team). Sums of regrets along a player's games measure how far it is
        from optimal play.

        Args:
            state: A decision of the solved game.
            action: One of its legal actions: an action, its label, its id or its move.

        Raises:
            IllegalActionError: for an action that is not legal here.
            SolveError: where no player decides, or for a state of another game.
        """
        self._check_state(state)
        actor = state.to_act
        if actor is None or actor == CHANCE:
            msg = f"{_title(self.game)}: no player decides here, so no move can be regretted"
            raise SolveError(msg)
        column = -1 if actor == TEAM else actor
        chosen = state.parse_action(action)
        return (
            self._after(state, self._table.move(state))[column]
            - self._after(state, chosen.key)[column]
        )

    def _after(self, state: State, move: Move) -> tuple[float, ...]:
        after = state._clone()
        after.events = None
        move.play(after)
        return self._table.values(after)

    def actions(self, state: State) -> pd.DataFrame:
        """Every legal action at a decision, with the win probability it leaves the decider.

        Returns:
            One row per action, best first: ``label``, ``id``, ``kind``, ``win_rate`` (exact,
            for the seat deciding, or the team), ``regret`` (how much less than the best
            action it wins) and ``best`` (True for the optimal player's choice).
        """
        self._check_state(state)
        actor = state.to_act
        if actor is None or actor == CHANCE:
            msg = f"{_title(self.game)}: no player decides here, so there is no action to rate"
            raise SolveError(msg)
        column = -1 if actor == TEAM else actor
        chosen = self._table.move(state)
        rows = []
        for action in state.legal_actions():
            rows.append(
                {
                    "label": action.label,
                    "id": action.id,
                    "kind": action.key.kind,
                    "win_rate": self._after(state, action.key)[column],
                    "best": action.key == chosen,
                }
            )
        frame = pd.DataFrame(rows)
        frame["regret"] = frame["win_rate"].max() - frame["win_rate"]
        frame = frame.sort_values("win_rate", ascending=False, kind="stable")
        return frame[["label", "id", "kind", "win_rate", "regret", "best"]].reset_index(drop=True)

    # --- the player -----------------------------------------------------------------------
    @property
    def policy(self) -> OptimalPolicy:
        """The optimal player: a policy for ``simulate``, ``tournament``, ``advise``, ``review``."""
        return OptimalPolicy(self)

    # --- Pig's picture --------------------------------------------------------------------
    def boundary(self) -> pd.DataFrame:
        """Pig: the turn total at which the optimal player holds, by both banked scores.

        ``umbrella_lab.charts.hold_boundary_chart(solution)`` draws it as a heat map.

        Returns:
            One row per pair of scores: ``score`` (the player's own), ``opponent``, ``hold_at``
            (the smallest turn total at which holding is optimal; above it the player may
            still roll on in some positions, mostly near the goal, where one more roll can
            win) and ``win`` (the win probability at the start of the turn).

        Raises:
            SolveError: for a game other than two-player Pig.
        """
        table = self._table
        if not isinstance(table, _PigTable):
            msg = f"{_title(self.game)}: the roll/hold boundary is drawn for two-player Pig only"
            raise SolveError(msg)
        return table.boundary()

    # --- helpers ------------------------------------------------------------------------------
    def _check_state(self, state: State) -> None:
        if not isinstance(state, State):
            msg = f"a position must be a game state (a State), not {type(state).__name__}"
            raise SolveError(msg)
        if not _same_game(state.game, self.game):
            msg = (
                f"this solution is for {_title(self.game)}; the state is from "
                f"{_title(state.game)}: solve that game with sim.solve"
            )
            raise SolveError(msg)


class OptimalPolicy:
    """Exact optimal play: the move that wins most often, from a solved table of every position.

    ``sim.solve(game).policy`` plays the solved game; the name ``"optimal"`` (as in
    ``sim.simulate("race", "optimal")``) solves each game it meets on first use, once per process.

    >>> from umbrella_lab import sim
    >>> player = sim.solve("pig", goal=50).policy
    >>> frame = sim.simulate("pig", player, n=4, workers=1, goal=50)
    >>> frame["policy"].iloc[0]
    'optimal'
    """

    search_policy = True
    """Marks a policy that :func:`~umbrella_lab.sim.policies.get_policy` checks against a game."""

    def __init__(self, solution: Solution | None = None, name: str = OPTIMAL) -> None:
        self.name = name
        self.__name__ = name
        self._signature = None if solution is None else _signature(solution.game)
        self._table: _Table | None = None if solution is None else solution._table
        self._title = "" if solution is None else _title(solution.game)
        self._known: Game | None = None if solution is None else solution.game
        self.__doc__ = (
            "Exact optimal play: the move with the highest win probability, from a table of "
            "every position solved in advance"
            + (f" ({self._title})." if solution is not None else " (each game solved once).")
        )

    def __repr__(self) -> str:
        what = f" for {self._title}" if self._title else ""
        return f"<policy {self.name!r}: exact optimal play{what}>"

    def __reduce__(self) -> tuple:
        table = None if self._signature is None else self._table  # the name: solved in place
        return (_rebuild_policy, (self.name, self._signature, table, self._title))

    def bind(self, game: str | Game | GameInfo) -> OptimalPolicy:
        """Check that this policy was solved for ``game``; returns itself.

        Raises:
            PolicyError: for another game, player count or options.
        """
        if self._signature is None:
            return self
        name = game if isinstance(game, str) else game.name
        if name != self._signature[0] or (
            isinstance(game, Game) and _signature(game) != self._signature
        ):
            shown_game = name if not isinstance(game, Game) else _title(game)
            msg = (
                f"optimal play was solved for {self._title}, not {shown_game}: "
                "solve that game with sim.solve, or use the name 'optimal'"
            )
            raise PolicyError(msg)
        return self

    def __call__(self, state: State, rng: random.Random) -> Move:
        """The optimal move in ``state`` (ties: the first move the game lists)."""
        table = self._table
        if table is None or state.game is not self._known:
            table = self._table_for(state.game)
        return table.move(state)

    def _table_for(self, game: Game) -> _Table:
        if self._signature is None:  # the name "optimal": each game solved once, then kept
            self._table = solve(game)._table
        elif _signature(game) != self._signature:
            self.bind(game)
        self._known = game
        assert self._table is not None
        return self._table


def _rebuild_policy(
    name: str, signature: tuple | None, table: _Table | None, title: str
) -> OptimalPolicy:
    policy = OptimalPolicy(name=name)
    policy._signature, policy._table, policy._title = signature, table, title
    if title:
        policy.__doc__ = cast(str, policy.__doc__).replace(
            "(each game solved once).", f"({title})."
        )
    return policy


# --- tables: the solved values and moves ------------------------------------------------------


class _Table:
    """Solved values and optimal moves, looked up by position."""

    size: int

    def values(self, state: State) -> tuple[float, ...]:
        raise NotImplementedError

    def move(self, state: State) -> Move:
        raise NotImplementedError


class _GenericTable(_Table):
    """Values of every walked position, by its key; the optimal move at every decision."""

    def __init__(
        self,
        key: Key,
        index: dict[Hashable, int],
        values: np.ndarray,
        moves: dict[Hashable, Move],
        title: str,
    ) -> None:
        self.key, self.index, self.array, self.moves = key, index, values, moves
        self.size = len(index)
        self.title = title

    def __getstate__(self) -> dict[str, Any]:  # a player needs only the moves
        kept = ("key", "moves", "size", "title")
        return {"index": {}, "array": None, **{name: self.__dict__[name] for name in kept}}

    def values(self, state: State) -> tuple[float, ...]:
        found = self.index.get(self.key(state)) if self.array is not None else None
        if found is None:
            raise SolveError(f"{self.title}: this position was not met while solving")
        return tuple(float(v) for v in self.array[found])

    def move(self, state: State) -> Move:
        found = self.moves.get(self.key(state))
        if found is None:
            msg = f"{self.title}: optimal play has no move for this position (it was not solved)"
            raise PolicyError(msg)
        return found


class _PigTable(_Table):
    """Two-player Pig, solved: values and when to roll.

    ``win[i, j, k]`` is the win probability of the player deciding with banked score ``i``
    against ``j`` and turn total ``k``; ``roll[i, j, k]`` says whether to roll on.
    """

    def __init__(self, goal: int, die: Any, win: np.ndarray, roll: np.ndarray) -> None:
        self.goal, self.win, self.roll = goal, win, roll
        self.faces = [(face.value, face.pig) for face in die]
        self.size = goal * goal * (goal + 1) // 2

    def __getstate__(self) -> dict[str, Any]:  # a player needs only when to roll
        return {**self.__dict__, "win": None}

    def _decide(self, own: int, other: int, total: int) -> float:
        return 1.0 if own + total >= self.goal else float(self.win[own, other, total])

    def values(self, state: State) -> tuple[float, ...]:
        s: Any = state
        if s.outcome is not None:
            return (*(float(p in s.outcome.winners) for p in range(2)), 1.0)
        me, own, other = s.active, s.scores[s.active], s.scores[1 - s.active]
        if s.rolling:
            mine = 0.0
            for value, pig in self.faces:
                mine += (
                    (1 - self._decide(other, own, 0))
                    if pig
                    else self._decide(own, other, s.turn_total + value)
                )
            mine /= len(self.faces)
        else:
            mine = self._decide(own, other, s.turn_total)
        pair = (mine, 1 - mine) if me == 0 else (1 - mine, mine)
        return (*pair, 1.0)

    def move(self, state: State) -> Move:
        s: Any = state
        kinds = state.game.info.kinds
        total, own = s.turn_total, s.scores[s.active]
        if total and (
            own + total >= self.goal or not self.roll[own, s.scores[1 - s.active], total]
        ):
            return kinds["hold"](s.active)
        return kinds["roll"](s.active)

    def boundary(self) -> pd.DataFrame:
        goal = self.goal
        own, other = np.meshgrid(np.arange(goal), np.arange(goal), indexing="ij")
        hold = ~self.roll.copy()
        hold[:, :, 0] = False
        reach = np.arange(goal)[None, None, :] + own[:, :, None] >= goal
        hold |= reach
        hold[:, :, 0] = False
        hold = np.concatenate([hold, np.ones((goal, goal, 1), dtype=bool)], axis=2)
        first = hold.argmax(axis=2)  # the first turn total at which it holds (goal: never)
        return pd.DataFrame(
            {
                "score": own.ravel(),
                "opponent": other.ravel(),
                "hold_at": first.ravel(),
                "win": self.win[:, :, 0].ravel(),
            }
        )


# --- solving ----------------------------------------------------------------------------------

_SOLVED: OrderedDict[tuple, Solution] = OrderedDict()
_KEEP = 4


def solve(
    game: str | Game | State,
    players: int | None = None,
    *,
    method: str = "auto",
    max_states: int = DEFAULT_MAX_STATES,
    tolerance: float = TOLERANCE,
    key: Key | None = None,
    **options: Any,
) -> Solution:
    """Solve a small game exactly: every position's win probabilities and the optimal player.

    Args:
        game: A game name (then ``players=`` and rule options may follow), a loaded
            :class:`~umbrella_lab.engine.core.Game`, or a position to solve from (a ``State``;
            the game need not be registered, as for a game written in a notebook).
        players: Player count for a game name (default: 2 where the game allows 2).
        method: ``"auto"`` (default: Pig's fast path for two-player Pig, the general walk
            otherwise), ``"generic"`` (always the general walk) or ``"pig"``.
        max_states: The most positions to walk before giving up (default 1,000,000): a game
            with more is refused with an estimate of its size.
        tolerance: Value iteration stops once no value moves by more than this in a sweep.
        key: What identifies a position, ``key(state) -> hashable``: by default the state's
            ``position_key()`` where the game gives one, else every field of the state
            (:func:`slots_key`). A field that counts turns makes every position new: give such
            a game a ``position_key``. Two positions with one key that play differently (other
            legal moves, another result) are refused with an error naming both.
        **options: Rule options of the game (for a game name).

    Returns:
        A :class:`Solution`: ``.value(state)``, ``.values(state)``, ``.actions(state)``,
        ``.policy``, ``.first_player_wins``, and for Pig ``.boundary()``, which
        :func:`umbrella_lab.charts.hold_boundary_chart` draws.
        A solution is kept, so asking again for the same game answers at once.

    Raises:
        SolveError: for a game too large to walk (with an estimate of its size), a game whose
            luck is dealt in hidden orders rather than chance steps, or one whose values do not
            settle.
        OptionError: for an unknown game, a bad player count, rule option or solver option.

    >>> solve("race", target=21).first_player_wins  # doctest: +SKIP
    1.0
    """
    if method not in METHODS:
        msg = f"solve: method={shown(method)} is not known; choose one of {', '.join(METHODS)}"
        raise OptionError(msg)
    max_states = whole_number(max_states, "solve: max_states", low=1, high=MOST_STATES)
    if isinstance(tolerance, bool) or not isinstance(tolerance, int | float):
        msg = f"solve: tolerance must be a number above 0 and below 1, not {shown(tolerance)}"
        raise OptionError(msg)
    if not 0 < tolerance < 1:
        msg = f"solve: tolerance must be a number above 0 and below 1, not {shown(tolerance)}"
        raise OptionError(msg)
    if key is not None and not callable(key):
        msg = f"solve: key must be a function of a state, not {type(key).__name__}"
        raise OptionError(msg)
    loaded, start = _game_and_start(game, players, options)
    memo = None
    if not isinstance(game, State) and key is None:
        memo = (_signature(loaded), method, float(tolerance))
        found = _SOLVED.get(memo)
        if found is not None:
            _SOLVED.move_to_end(memo)
            return found
    began = time.perf_counter()
    table: _Table
    if method == "pig" and _why_not_pig(start):
        why_not = _why_not_pig(start)
        raise SolveError(f"{_title(loaded)}: Pig's fast path cannot solve it: {why_not}")
    known = _known_size(start)
    if known is not None and known > max_states:
        msg = (
            f"{_title(loaded)}: too large to solve exactly: about {known:,} positions, more "
            f"than the cap of {max_states:,} (option max_states)"
            + ("; Pig's fast path handles two players" if _pig_shaped(start) else "")
        )
        raise SolveError(msg)
    if method == "pig" or (method == "auto" and _pig_fast(start)):
        table, sweeps = _solve_pig(start)
        how = "Pig's fast path (policy iteration by score sums)"
    else:
        table, how, sweeps = _solve_generic(
            start, key or position_key, max_states, float(tolerance), loaded
        )
    solution = Solution(loaded, start, table, how, sweeps, time.perf_counter() - began)
    if memo is not None:
        _SOLVED[memo] = solution
        while len(_SOLVED) > _KEEP:
            _SOLVED.popitem(last=False)
    return solution


def forget() -> None:
    """Forget the solutions :func:`solve` keeps (the next call solves afresh; memory is freed)."""
    _SOLVED.clear()


def position_key(state: State) -> Hashable:
    """The default key of a position: the game's ``position_key()``, else every declared slot.

    A game that says nothing about its positions is keyed by all of its state's fields
    (:func:`slots_key`), never by a snapshot that may leave some out.

    >>> import umbrella_lab as ul
    >>> position_key(ul.load("pig").new())
    ((0, 0), 0, 0, False, ())
    """
    own = getattr(state, "position_key", None)
    if own is not None:
        return own()
    return slots_key(state)


def slots_key(state: State) -> Hashable:
    """Every field of a state (its declared slots, or its ``__dict__``), as a hashable tuple.

    The game, the seed and the events are left out: two states with equal fields are the same
    position. Lists become tuples, dicts sorted pairs, sets frozen sets; other values that
    cannot be hashed are keyed by their own fields.

    >>> import umbrella_lab as ul
    >>> slots_key(ul.load("pig").new(0)) == slots_key(ul.load("pig").new(5))
    True
    """
    names = slots_of(type(state), State)
    if names is None:
        names = tuple(sorted(n for n in vars(state) if n not in BASE_SLOTS))
        extra = tuple(
            n
            for klass in type(state).__mro__
            for n in (vars(klass).get("__slots__", ()) or ())
            if isinstance(n, str) and n not in (*BASE_SLOTS, *LISTS_KEPT, "__dict__", "__weakref__")
        )
        names = tuple(dict.fromkeys((*extra, *names)))
    return tuple((name, _frozen(getattr(state, name, _MISSING))) for name in names)


_MISSING = "<unset>"


def _frozen(value: Any, depth: int = 0) -> Hashable:
    """``value`` as a hashable of equal meaning (lists as tuples, dicts as sorted pairs)."""
    if depth > 50:
        return repr(value)
    if isinstance(value, list | tuple):
        return (type(value).__name__, tuple(_frozen(v, depth + 1) for v in value))
    if isinstance(value, dict):
        pairs = [(_frozen(k, depth + 1), _frozen(v, depth + 1)) for k, v in value.items()]
        return ("dict", tuple(sorted(pairs, key=repr)))
    if isinstance(value, set | frozenset):
        return ("set", frozenset(_frozen(v, depth + 1) for v in value))
    try:
        hash(value)
    except TypeError:
        fields = getattr(value, "__dict__", None)
        if fields is None:
            slots = [n for k in type(value).__mro__ for n in vars(k).get("__slots__", ())]
            fields = {n: getattr(value, n, _MISSING) for n in slots}
        return (type(value).__name__, _frozen(fields, depth + 1))
    return value


def _game_and_start(
    game: str | Game | State, players: int | None, options: dict[str, Any]
) -> tuple[Game, State]:
    if isinstance(game, State):
        if players is not None or options:
            msg = "solve: a position brings its own game; give no players or options with it"
            raise OptionError(msg)
        if game.is_over:
            raise SolveError(f"{_title(game.game)}: the game is over; there is nothing to solve")
        start = game._clone()
        start.events = None
        return game.game, start
    if isinstance(game, Game):
        if options or (players is not None and players != game.players):
            msg = (
                f"solve: {_title(game)} is already loaded with its players and options; "
                "give them to ul.load, or pass the game's name"
            )
            raise OptionError(msg)
        loaded = game
    elif isinstance(game, str):
        if players is None:
            allowed = game_info(game).players
            players = 2 if 2 in allowed else allowed[0]
        loaded = load(game, players=players, **options)
    else:
        msg = f"solve: game must be a game's name, a Game or a State, not {type(game).__name__}"
        raise OptionError(msg)
    start = loaded.deal(0)
    return loaded, start


def _signature(game: Game) -> tuple:
    options = tuple(sorted((k, repr(v)) for k, v in game.changed_options.items()))
    return (game.name, game.players, options)


def _same_game(one: Game, other: Game) -> bool:
    return one is other or _signature(one) == _signature(other)


def _title(game: Game) -> str:
    changed = ", ".join(f"{k}={v!r}" for k, v in game.changed_options.items())
    players = f"{game.players} players"
    return f"{game.name} ({players}{', ' + changed if changed else ''})"


# --- the general walk -------------------------------------------------------------------------

_END, _DECIDE, _LUCK = 0, 1, 2


def _solve_generic(
    start: State, key: Key, max_states: int, tolerance: float, game: Game
) -> tuple[_GenericTable, str, int]:
    """Walk every position from ``start``, then back-induct (no cycles) or iterate (cycles)."""
    _refuse_hidden_luck(start, key, game, max_states)
    graph = _walk(start, key, max_states, game)
    order = _topological(graph)
    if order is not None:
        values = _backward(graph, order)
        how, sweeps = "backward induction", 0
    else:
        values, sweeps = _iterate(graph, tolerance, game)
        how = "value iteration"
    moves = _best_moves(graph, values)
    table = _GenericTable(key, graph.index, values, moves, _title(game))
    return table, how, sweeps


class _Graph:
    """The walked positions: kinds, deciders, outcomes and edges (children with odds)."""

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.index: dict[Hashable, int] = {}
        self.keys: list[Hashable] = []
        self.kind: list[int] = []
        self.actor: list[int] = []  # a seat, or ``seats`` for the team
        self.start: list[int] = []  # first edge of each position
        self.child: list[int] = []
        self.prob: list[float] = []
        self.move: list[Move | None] = []
        self.ends: dict[int, tuple[float, ...]] = {}


def _walk(start: State, key: Key, max_states: int, game: Game) -> _Graph:
    seats = game.players
    graph = _Graph(seats)
    queue: deque[State] = deque()

    signatures: list[tuple] = []

    def add(state: State) -> int:
        k = key(state)
        found = graph.index.get(k)
        if found is None:
            found = graph.index[k] = len(graph.keys)
            if found >= max_states:
                _too_large(game, start, max_states, walked=True)
            graph.keys.append(k)
            signatures.append(_how_it_plays(state))
            queue.append(state)
        elif _how_it_plays(state) != signatures[found]:
            _shared_key(game, signatures[found], _how_it_plays(state))
        return found

    add(start)
    done = 0
    while queue:
        state = queue.popleft()
        graph.start.append(len(graph.child))
        result = state.result
        if result is not None:
            graph.kind.append(_END)
            graph.actor.append(-1)
            graph.ends[done] = (
                *(float(p in result.winners) for p in range(seats)),
                float(result.won),
            )
        else:
            actor = state.to_act
            if actor == CHANCE:
                graph.kind.append(_LUCK)
                graph.actor.append(-1)
                branches = [(m, float(p)) for m, p in state._chance()]
            else:
                graph.kind.append(_DECIDE)
                graph.actor.append(seats if actor == TEAM or actor is None or actor < 0 else actor)
                branches = [(m, 1.0) for m in state.legal_moves()]
                if not branches:
                    msg = (
                        f"{_title(game)}: a position where the game goes on but no move is legal"
                        " cannot be solved"
                    )
                    raise SolveError(msg)
            for move, p in branches:
                after = state._clone()
                after.events = None
                move.play(after)
                graph.child.append(add(after))
                graph.prob.append(p)
                graph.move.append(move)
        done += 1
    graph.start.append(len(graph.child))
    return graph


def _how_it_plays(state: State) -> tuple:
    """What must agree between two states of one key: who acts, the result, the moves."""
    result = state.result
    if result is not None:
        return ("over", tuple(result.winners), result.rule)
    actor = state.to_act
    if actor == CHANCE:
        return ("luck", tuple((m, float(p)) for m, p in state._chance()))
    return ("decide", actor, tuple(state.legal_moves()))


def _shared_key(game: Game, one: tuple, other: tuple) -> None:
    """Refuse a key shared by two positions that play differently: never a silent wrong answer."""

    def words(how: tuple) -> str:
        if how[0] == "over":
            return f"a finished game (rule {how[2]})"
        if how[0] == "luck":
            return f"a chance step with {len(how[1])} outcomes"
        return f"a decision of seat {how[1]} among {len(how[2])} legal moves"

    first, second = words(one), words(other)
    if first == second:
        first, second = first + " (one set of moves)", second + " (another)"
    msg = (
        f"{_title(game)}: two positions that differ share one key: one is {first}, the other "
        f"{second}. The key (the game's position_key(), or key=) leaves out something that "
        "matters, so their values would be merged into a wrong answer. Leave key= out and give "
        "the state no position_key() (every field of the state is then its key), or add the "
        "missing fields to the key."
    )
    raise SolveError(msg)


def _topological(graph: _Graph) -> list[int] | None:
    """The positions, each after all that lead to it; ``None`` when some position recurs."""
    n = len(graph.keys)
    starts, child = graph.start, graph.child
    incoming = [0] * n
    for c in child:
        incoming[c] += 1
    ready = [v for v in range(n) if incoming[v] == 0]
    order = []
    while ready:
        v = ready.pop()
        order.append(v)
        for e in range(starts[v], starts[v + 1]):
            c = child[e]
            incoming[c] -= 1
            if incoming[c] == 0:
                ready.append(c)
    return order if len(order) == n else None


def _backward(graph: _Graph, order: list[int]) -> np.ndarray:
    """Backward induction: each position from its children, the ends of the game first."""
    values = np.zeros((len(graph.keys), graph.seats + 1))
    starts, child, prob, kind, actor = graph.start, graph.child, graph.prob, graph.kind, graph.actor
    for v in reversed(order):
        if kind[v] == _END:
            values[v] = graph.ends[v]
            continue
        edges = range(starts[v], starts[v + 1])
        if kind[v] == _LUCK:
            values[v] = sum(prob[e] * values[child[e]] for e in edges)
        else:
            who = actor[v]
            best = max(edges, key=lambda e: (values[child[e], who], -e))
            values[v] = values[child[best]]
    return values


def _iterate(graph: _Graph, tolerance: float, game: Game) -> tuple[np.ndarray, int]:
    """Value iteration: improve every position from its children until nothing moves."""
    n, width = len(graph.keys), graph.seats + 1
    kind = np.asarray(graph.kind)
    starts = np.asarray(graph.start)
    child = np.asarray(graph.child, dtype=np.int64)
    prob = np.asarray(graph.prob)
    actor = np.asarray(graph.actor)
    owner = np.repeat(np.arange(n), np.diff(starts))
    values = np.zeros((n, width))
    for v, end in graph.ends.items():
        values[v] = end
    luck = np.flatnonzero(kind == _LUCK)
    decide = np.flatnonzero(kind == _DECIDE)
    luck_edges = np.flatnonzero(kind[owner] == _LUCK)
    decide_edges = np.flatnonzero(kind[owner] == _DECIDE)
    luck_firsts = _firsts(owner[luck_edges])
    decide_firsts = _firsts(owner[decide_edges])
    decide_actor = actor[owner[decide_edges]]
    position = np.arange(len(decide_edges))
    segment = np.repeat(np.arange(len(decide_firsts)), np.diff([*decide_firsts, len(position)]))
    for sweep in range(1, MAX_SWEEPS + 1):
        new = values.copy()
        if len(luck):
            weighted = prob[luck_edges, None] * values[child[luck_edges]]
            new[luck] = np.add.reduceat(weighted, luck_firsts, axis=0)
        if len(decide):
            mine = values[child[decide_edges], decide_actor]
            top = np.maximum.reduceat(mine, decide_firsts)
            pick = np.where(mine == top[segment], position, len(position))
            first = np.minimum.reduceat(pick, decide_firsts)
            new[decide] = values[child[decide_edges[first]]]
        change = float(np.max(np.abs(new - values))) if n else 0.0
        values = new
        if change <= tolerance:
            return values, sweep
    msg = (
        f"{_title(game)}: the values did not settle within {MAX_SWEEPS:,} sweeps of value "
        "iteration (a game that may never end); a larger tolerance may help"
    )
    raise SolveError(msg)


def _firsts(owners: np.ndarray) -> np.ndarray:
    """Where each run of equal owners starts (edges of one position are contiguous)."""
    if not len(owners):
        return np.zeros(0, dtype=np.int64)
    return np.flatnonzero(np.r_[True, owners[1:] != owners[:-1]])


def _best_moves(graph: _Graph, values: np.ndarray) -> dict[Hashable, Move]:
    """The optimal move at every decision (ties: the first move the game lists)."""
    moves: dict[Hashable, Move] = {}
    starts, child = graph.start, graph.child
    for v, kind in enumerate(graph.kind):
        if kind != _DECIDE:
            continue
        who = graph.actor[v]
        best = starts[v]
        for e in range(starts[v] + 1, starts[v + 1]):
            if values[child[e], who] > values[child[best], who]:
                best = e
        move = graph.move[best]
        assert move is not None
        moves[graph.keys[v]] = move
    return moves


# --- refusals: luck in hidden orders, games too large ----------------------------------------


def _refuse_hidden_luck(start: State, key: Key, game: Game, max_states: int) -> None:
    """A game whose tables differ by seed deals its luck in hidden orders: not solvable here."""
    if key(game.deal(1)) == key(game.deal(0)):
        return
    estimate, size = _estimate(game, start)
    hidden = (
        "its luck is dealt in hidden orders (two seeds deal different tables), not as chance "
        "steps with known odds"
    )
    if size > math.log10(max_states):
        msg = (
            f"{_title(game)}: too large to solve exactly: one deal alone has a game tree of "
            f"{estimate}, more than the cap of {max_states:,} (option max_states); and {hidden}"
        )
    else:
        msg = f"{_title(game)}: cannot be solved exactly: {hidden}"
    raise SolveError(msg)


def _too_large(game: Game, start: State, max_states: int, *, walked: bool) -> None:
    estimate, _ = _estimate(game, start)
    msg = (
        f"{_title(game)}: too large to solve exactly: more than {max_states:,} positions "
        f"(the cap, option max_states); its game tree has {estimate}. "
        "If positions repeat but the table counts turns, give the state a position_key()."
    )
    raise SolveError(msg)


def _estimate(game: Game, start: State) -> tuple[str, float]:
    """The size of the game tree from random games (Knuth's estimator): words, and its log10.

    Along each random game the product of the choices met (legal moves, or one over the odds of
    the outcome that came) estimates the positions at that depth; their sum over the game
    estimates the tree. Positions reached by several paths count once per path, so the number
    of distinct positions may be smaller.
    """
    logs = []  # log10 of each game's estimate: the products overflow floats in big games
    for seed in range(ESTIMATE_GAMES):
        rng = random.Random(seed)
        s = start._clone()
        s.events = None
        s.seed = seed
        width, total = 0.0, 0.0  # log10 of the product so far, and of the sum
        for _ in range(10_000):
            if s.result is not None:
                break
            if s.to_act == CHANCE:
                outcomes = s._chance()
                move = s._lucky_key()
                odds = next((float(p) for m, p in outcomes if m == move), 1 / len(outcomes))
                width -= math.log10(odds)
            else:
                moves = s.legal_moves()
                if not moves:
                    break
                move = moves[rng.randrange(len(moves))]
                width += math.log10(len(moves))
            total = _log_add(total, width)
            move.play(s)
        logs.append(total)
    mean = _log_add(*logs) - math.log10(len(logs))
    games = f"estimated from {len(logs)} random games"
    if mean >= 9:
        return f"about 10^{math.floor(mean)} positions ({games})", mean
    return f"about {10**mean:,.0f} positions ({games})", mean


def _log_add(*logs: float) -> float:
    """log10 of the sum of the numbers whose log10 are given."""
    top = max(logs)
    return top + math.log10(sum(10 ** (value - top) for value in logs))


# --- Pig's fast path ----------------------------------------------------------------------


def _pig_shaped(start: State) -> bool:
    """True for a game that declares Pig's shape (``GameInfo.simulation.solver_shape``)."""
    return start.game.info.simulation.solver_shape == "pig"


def _pig_fast(start: State) -> bool:
    return _pig_shaped(start) and not _why_not_pig(start)


def _why_not_pig(start: State) -> str:
    if not _pig_shaped(start):
        return "the game does not declare Pig's shape (GameInfo.simulation.solver_shape)"
    s: Any = start
    if len(s.scores) != 2:
        return f"it handles two players, not {len(s.scores)}"
    if any(face.value < 1 and not face.pig for face in s.die):
        return "a face worth 0 points that is not a pig (use method='generic')"
    return ""


def _known_size(start: State) -> int | None:
    """The number of positions where a game's shape gives it (Pig's), else ``None``."""
    if not _pig_shaped(start):
        return None
    s: Any = start
    players, goal = len(s.scores), s.goal
    if players == 2 and _pig_fast(start):
        return None  # the fast path needs no walk: any goal the option allows fits
    return players * goal ** (players - 1) * goal * (goal + 1) // 2


def _solve_pig(start: State) -> tuple[_PigTable, int]:
    """Two-player Pig by score sums, largest first (Neller and Presser's order).

    ``win[i, j, k]``: the deciding player has banked ``i``, the other ``j``, the turn total is
    ``k``. Holding moves to ``(j, i + k, 0)``, whose score sum is larger: already solved. A pig
    moves to ``(j, i, 0)``, of the same sum: each pair of positions ``(i, j)`` and ``(j, i)`` is
    solved together by policy iteration (for a fixed policy the value at turn total 0 is a
    straight line in the other's, so the pair's two lines meet in one point).
    """
    s: Any = start
    goal, die = s.goal, s.die
    faces = len(die)
    pig_share = sum(face.pig for face in die) / faces
    steps = [face.value for face in die if not face.pig]
    win = np.ones((goal, goal, goal))
    roll = np.zeros((goal, goal, goal), dtype=bool)
    start_of_turn = win[:, :, 0]  # a view: filled as the sums are solved
    rounds_most = 0
    for total in range(2 * goal - 2, -1, -1):
        own = np.arange(max(0, total - goal + 1), min(goal - 1, total) + 1)
        other = total - own
        partner = own.size - 1 - np.arange(own.size)  # (j, i) lies at the mirrored place
        banked = np.arange(goal)[:, None] + own[None, :]  # by turn total, then by pair
        inside = banked < goal
        hold = np.ones((goal, own.size))  # holding at or past the goal wins
        ks, pairs = np.nonzero(inside)
        hold[ks, pairs] = 1 - start_of_turn[other[pairs], banked[ks, pairs]]
        top = int(goal - 1 - own.min())  # the largest turn total still short of the goal
        guess = np.full(own.size, 0.5)
        last, rounds = None, 0
        for _ in range(100):
            rounds += 1
            a, b, rolls = _pig_pass(guess[partner], hold, inside, pig_share, steps, top, faces)
            c0, b0 = a[0] - b[0] * guess[partner], b[0]
            new = (c0 + b0 * c0[partner]) / (1 - b0 * b0[partner])
            if last is not None and np.array_equal(rolls, last):
                break  # the same policy twice: ``guess`` solved it exactly, and so does ``a``
            guess, last = new, rolls
        else:
            raise SolveError("pig: policy iteration did not settle")  # pragma: no cover
        rounds_most = max(rounds_most, rounds)
        win[own, other, :] = a[:goal].T
        roll[own, other, :] = rolls.T
    return _PigTable(goal, die, win, roll), rounds_most


def _pig_pass(
    other_start: np.ndarray,
    hold: np.ndarray,
    inside: np.ndarray,
    pig_share: float,
    steps: list[int],
    top: int,
    faces: int,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One backward pass over the turn total, for a fixed guess of the other's start values.

    Arrays are by turn total, then by pair of scores. Returns each position's value ``a``, its
    slope ``b`` in the other's start value (rolling risks a pig, after which the other starts
    a turn), and whether rolling is chosen.
    """
    goal, pairs = hold.shape
    width = goal + max(steps, default=0) + 1
    a = np.ones((width, pairs))
    b = np.zeros((width, pairs))
    rolls = np.zeros((goal, pairs), dtype=bool)
    lost = pig_share * (1 - other_start)
    offsets = np.asarray(steps, dtype=np.int64)
    for k in range(top, -1, -1):
        after = k + offsets
        value = lost + a[after].sum(axis=0) / faces
        slope = b[after].sum(axis=0) / faces - pig_share
        if k:
            choose = (value > hold[k]) & inside[k]
            a[k] = np.where(choose, value, hold[k])
            b[k] = slope * choose
        else:
            choose = inside[k]
            a[k], b[k] = value, slope
        rolls[k] = choose
    return a, b, rolls
