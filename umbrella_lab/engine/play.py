"""Playing games to the end fast: the loop every simulation and rollout uses.

A *fast policy* is a function ``(state, rng) -> move key``; it may call ``state._moves()`` for
the legal keys, or find its move directly when it knows how. At a chance step (``to_act ==
CHANCE``) the state's own luck picks the outcome, never the policy. The loop changes a
private copy in place and records no events, which is what makes thousands of games a second
possible; the state you pass in is never changed.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from types import ModuleType

from umbrella_lab.engine.core import CHANCE, State

FastPolicy = Callable[[State, random.Random], tuple]

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
        policy: Chooses a move key from the legal keys.
        rng: The policy's own generator (the game's luck lives in the state).
        moves_made: If given, every chosen key is appended to it.
        in_place: Play on ``state`` itself instead of a copy, for a caller that has no further
            use for it (a freshly dealt table in a simulation): one copy fewer.
    """
    s = state if in_place else state._clone()
    s.events = []
    do = s._do
    if not s.chance_steps:  # the policy makes every move (the same loop, one check fewer)
        for _ in range(MAX_MOVES):
            if s.result is not None:
                return s
            move = policy(s, rng)
            if moves_made is not None:
                moves_made.append(move)
            do(move, False)
    else:
        for _ in range(MAX_MOVES):
            if s.result is not None:
                return s
            move = s._lucky_key() if s.to_act == CHANCE else policy(s, rng)
            if moves_made is not None:
                moves_made.append(move)
            do(move, False)
    msg = f"the game did not end within {MAX_MOVES} moves"
    raise RuntimeError(msg)


def game_policies(game_name: str) -> dict[str, FastPolicy]:
    """The ready-made fast policies of a game, by name (empty if the game ships none).

    They come from ``umbrella_lab.games.<game>.policies.POLICIES``. ``"heuristic"`` is the
    kit-wide name of a game's best ready-made player: a game whose best player has another
    name (Umbrella's ``"greedy"``) names it in ``HEURISTIC``, and it is listed under both.
    """
    module_name = f"umbrella_lab.games.{game_name}.policies"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name is not None and module_name.startswith(error.name):
            return {}
        raise
    return policies_of(module)


def policies_of(module: ModuleType) -> dict[str, FastPolicy]:
    """The ``POLICIES`` of a game's policies module, with ``"heuristic"`` added as above."""
    policies = dict(getattr(module, "POLICIES", {}))
    best = getattr(module, "HEURISTIC", None)
    if "heuristic" not in policies and best in policies:
        policies["heuristic"] = policies[best]
    return policies
