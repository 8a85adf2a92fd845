"""Playing games to the end fast: the loop every simulation and rollout uses.

A *policy* is a function ``(state, rng) -> move`` (:data:`FastPolicy`); it may call
``state.legal_moves()`` for the legal moves, or find its move directly when it knows how. At a
chance step (``to_act == CHANCE``) the state's own luck picks the outcome, never the policy.
The loop changes a private copy in place and records no events, which is what makes thousands
of games a second possible; the state you pass in is never changed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from umbrella_lab.engine.core import CHANCE, TEAM, Action, State
from umbrella_lab.engine.moves import Move

FastPolicy = Callable[[State, random.Random], Move]
"""A policy as simulations call it: ``(state, rng) -> move`` (a legal move of the state)."""

MAX_MOVES = 100_000


class SeededOnUse(random.Random):
    """``random.Random(seed)``, seeded when it is first drawn from: the same numbers, for less.

    A simulation gives every game its own generator, and seeding a Mersenne Twister takes
    about 6 µs (a fiftieth of an academy game), while most ready-made players never draw from
    it. The first draw, or a look at its state, seeds it and makes it a plain
    ``random.Random``, which it then is in every way.

    >>> rng = SeededOnUse(7)
    >>> rng.random() == random.Random(7).random(), type(rng).__name__
    (True, 'Random')
    """

    def __init__(self, seed: int) -> None:  # (random.Random.__init__ would seed it now)
        self._seed = seed
        self.gauss_next = None  # (read by gauss before it draws)

    def random(self) -> float:
        """``random.Random.random``, the generator seeded first."""
        _seed_now(self)
        return random.Random.random(self)

    def getrandbits(self, k: int, /) -> int:
        """``random.Random.getrandbits``, the generator seeded first."""
        _seed_now(self)
        return random.Random.getrandbits(self, k)

    def getstate(self) -> tuple[Any, ...]:
        """``random.Random.getstate``, the generator seeded first."""
        _seed_now(self)
        return random.Random.getstate(self)

    def setstate(self, state: tuple[Any, ...]) -> None:
        """``random.Random.setstate``, the generator seeded first."""
        _seed_now(self)
        random.Random.setstate(self, state)

    def seed(self, a: Any = None, version: int = 2) -> None:
        """``random.Random.seed``, the generator seeded first."""
        _seed_now(self)
        random.Random.seed(self, a, version)

    def __reduce__(self) -> Any:
        """Pickled as the plain ``random.Random`` it becomes."""
        _seed_now(self)
        return random.Random.__reduce__(self)


def _seed_now(rng: random.Random) -> None:
    """Seed a :class:`SeededOnUse` generator (once) and make it a plain ``random.Random``."""
    if type(rng) is SeededOnUse:
        seed = rng.__dict__.pop("_seed")
        rng.__class__ = random.Random  # type: ignore[assignment]
        random.Random.__init__(rng, seed)


def play_out(
    state: State,
    policy: FastPolicy,
    rng: random.Random,
    moves_made: list[tuple] | None = None,
    *,
    in_place: bool = False,
) -> State:
    """Play from ``state`` to the end with ``policy``; return the final state (a copy).

    Args:
        state: Where to start; it is not changed (unless ``in_place``).
        policy: Chooses a move from the legal moves.
        rng: The policy's own generator (the game's luck lives in the state).
        moves_made: If given, every chosen move is appended to it.
        in_place: Play on ``state`` itself instead of a copy, for a caller that has no further
            use for it (a freshly dealt table in a simulation): one copy fewer.
    """
    s = state if in_place else state._clone()
    s.events = None  # nobody reads them: no words are made
    chance = s.chance_steps
    for _ in range(MAX_MOVES):
        if s.result is not None:
            return s
        move = s._lucky_key() if chance and s.to_act == CHANCE else policy(s, rng)
        if moves_made is not None:
            moves_made.append(move)
        move.play(s)
    msg = f"the game did not end within {MAX_MOVES} moves"
    raise RuntimeError(msg)


def seat_moves(state: State, seat: int) -> list[Action]:
    """The moves ``seat`` may choose from now: what its own page offers, to a person or a bot.

    Its legal moves when it is the seat to act or the team decides, none otherwise; of those,
    the ones :func:`offered_to` the seat.
    """
    who = state.to_act
    if state.is_over or (who != TEAM and who != seat):
        return []
    return [a for a in state.legal_actions() if offered_to(state, a.key, seat)]


def offered_to(state: State, move: Move, seat: int) -> bool:
    """Whether ``seat``'s own page offers the legal ``move`` now (a person's page or a bot's).

    Yes when the seat is to act (or the team decides), unless the seat cannot see the whole
    table (``state.hides_from(seat)``) and the move would show it a card it may not see
    (``Move.private_to``) or, in the team's decision, names another seat in a ``seat`` field
    (that seat's own business: its hand, its discard). Cheap: the table is compared with the
    seat's view only for such a move.
    """
    who = state.to_act
    if who != TEAM and who != seat:
        return False
    named = getattr(move, "seat", None) if "seat" in move.fields else None
    other = who == TEAM and isinstance(named, int) and named not in (seat, TEAM, CHANCE)
    if not other and not move.private_to(state, seat):
        return True
    return not state.hides_from(seat)
