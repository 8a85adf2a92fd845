"""Pig's ready-made players, ``(state, rng) -> move``; every game also has ``"random"``."""

from __future__ import annotations

import random
from typing import Any

from umbrella_lab.engine.moves import Move

from .rules import Hold, Roll
from .state import PigState


def hold_at(threshold: int) -> Any:
    """A player who rolls until the turn total reaches ``threshold`` or holding wins.

    Why 20 is the classic threshold: one more roll loses the turn total ``t`` with chance 1/6
    and adds 4 on average with chance 5/6, so it pays on average while ``t < 20``.
    """

    def policy(s: PigState, rng: random.Random) -> Move:
        total, wins = s.turn_total, s.scores[s.active] + s.turn_total >= s.goal
        return Hold(s.active) if total and (total >= threshold or wins) else Roll(s.active)

    policy.__name__ = policy.__qualname__ = f"hold_at_{threshold}"
    policy.__doc__ = f"Roll until the turn total reaches {threshold}, or holding wins; then hold."
    return policy


hold_at_20 = hold_at(20)

POLICIES = {"hold-at-20": hold_at_20}
"""The players by the name the kit's menus and simulations use."""
