"""Seeds derived from seeds: the one formula every game and player uses for new luck.

A state, a session and a simulation each start from one whole-number seed. When they need more
luck than that (the next shuffle, the die at this step, a branch's new deal, the j-th rollout)
they derive a new seed from the old one and a number saying which draw it is. Keeping the
formula in one place keeps every game's dice and shuffles reproducible the same way.
"""

from __future__ import annotations

from _random import Random as _Twister  # the Mersenne Twister inside random.Random

SEED_STRIDE = 1_000_003
"""A prime: seeds next to each other give derived seeds far apart."""


def derive_seed(seed: int, index: int) -> int:
    """The seed of draw number ``index`` made from ``seed``: ``seed * 1_000_003 + index``.

    >>> derive_seed(0, 5), derive_seed(1, 5)
    (5, 1000008)
    """
    return seed * SEED_STRIDE + index


def first_draw(seed: int) -> float:
    """The first number in [0, 1) of a generator seeded with ``seed``: ``Random(seed).random()``.

    The same number as ``random.Random(seed).random()``, about a quarter faster: the generator
    is seeded once, in C, without ``random.Random``'s own layer. Every chance step of a game
    makes one such draw (:meth:`State._lucky_key`), thousands of times a simulation.

    >>> import random
    >>> first_draw(1000008) == random.Random(1000008).random()
    True
    """
    return _Twister(seed).random()
