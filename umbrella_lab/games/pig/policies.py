"""Ready-made players of Pig: ``(state, rng) -> move``.

* ``random``: any legal move, each as likely.
* ``hold-at-20`` (the game's heuristic): roll until the turn total reaches 20, or until
  holding would win. Why 20: with a turn total ``t``, one more roll loses ``t`` with chance
  1/6 and gains 4 on average with chance 5/6, so it pays on average while ``t < 20``.
* :func:`hold_at` makes the same player for any threshold, for experiments.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from umbrella_lab.games.pig.rules import Hold, PigState, Roll


def random_move(s: PigState, rng: random.Random) -> Roll | Hold:
    """Any legal move, each as likely."""
    moves = s.legal_moves()
    return moves[rng.randrange(len(moves))]


def hold_at(threshold: int) -> Callable[[PigState, random.Random], Roll | Hold]:
    """A player who holds once the turn total reaches ``threshold``, or when holding wins."""

    def policy(s: PigState, rng: random.Random) -> Roll | Hold:
        total = s.turn_total
        if total and (total >= threshold or s.scores[s.active] + total >= s.goal):
            return Hold(s.active)
        return Roll(s.active)

    policy.__name__ = f"hold_at_{threshold}"
    policy.__doc__ = f"Roll until the turn total reaches {threshold}, or holding wins; then hold."
    return policy


hold_at_20 = hold_at(20)

POLICIES = {"random": random_move, "hold-at-20": hold_at_20}
HEURISTIC = "hold-at-20"
