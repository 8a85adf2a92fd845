"""Luck: the one formula every game and player uses for new luck, and a game's draws.

A state, a session and a simulation each start from one whole-number seed. When they need more
luck than that (the next shuffle, the die at this step, a branch's new deal, the j-th rollout)
they derive a new seed from the old one and a number saying which draw it is
(:func:`derive_seed`). Keeping the formula in one place keeps every game's dice and shuffles
reproducible the same way.

A game draws its luck through its :class:`Luck` (``game.luck``): the numbers of the deal, of
each shuffle (:meth:`State._rng <umbrella_lab.engine.core.State._rng>`), and of each chance
step (:meth:`State._lucky_key <umbrella_lab.engine.core.State._lucky_key>`).
"""

from __future__ import annotations

import random
from _random import Random as _Twister  # the Mersenne Twister inside random.Random

from umbrella_lab.engine.errors import MAX_SEED

SEED_STRIDE = 1_000_003
"""A prime: seeds next to each other give derived seeds far apart."""

CHANCE_STRIDE = 7919
"""A chance step's draw is numbered ``7919 * step + 17`` among the draws of its seed."""


def derive_seed(seed: int, index: int) -> int:
    """The seed of draw number ``index`` made from ``seed``: ``seed * 1_000_003 + index``.

    Kept a seed (0 to ``2**63 - 1``). The one formula for new luck: a fork's new deal, a
    session branch's, a rollout's.

    >>> derive_seed(0, 5), derive_seed(1, 5)
    (5, 1000008)
    """
    return (seed * SEED_STRIDE + index) % (MAX_SEED + 1)


def first_draw(seed: int) -> float:
    """The first number in [0, 1) of a generator seeded with ``seed``: ``Random(seed).random()``.

    The same number as ``random.Random(seed).random()``, about a quarter faster: the generator
    is seeded once, in C, without ``random.Random``'s own layer.

    >>> first_draw(1000008) == random.Random(1000008).random()
    True
    """
    return _Twister(seed).random()


class Luck:
    """How a game draws its luck from its seed.

    Every draw is a pure function of the seed and which draw it is: the same seed and the same
    moves give the same deal, the same shuffles and the same dice, on every branch.
    """

    version = 1
    """The luck version a record names (see :mod:`umbrella_lab.engine.record`)."""

    def deal(self, seed: int) -> random.Random:
        """The numbers the opening deal draws from: ``random.Random(seed)``."""
        return random.Random(seed)

    def draws(self, seed: int, index: int) -> random.Random:
        """The numbers of draw ``index`` (the n-th shuffle, say).

        A generator seeded with ``seed * 1_000_003 + index``.
        """
        return random.Random(seed * SEED_STRIDE + index)

    def chance(self, seed: int, step: int) -> float:
        """The number in [0, 1) that decides chance step number ``step``.

        Every chance step of a game makes one, thousands of times a simulation.
        """
        return first_draw(seed * SEED_STRIDE + CHANCE_STRIDE * step + 17)


LUCK = Luck()
"""The luck every game draws with."""
