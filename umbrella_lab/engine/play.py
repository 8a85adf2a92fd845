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

from umbrella_lab.engine.core import CHANCE, State
from umbrella_lab.engine.moves import Move

FastPolicy = Callable[[State, random.Random], Move]
"""A policy as simulations call it: ``(state, rng) -> move`` (a legal move of the state)."""

MAX_MOVES = 100_000


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
