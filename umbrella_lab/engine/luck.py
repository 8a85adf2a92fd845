"""Seeds derived from seeds: the one formula every game and player uses for new luck.

A state, a session and a simulation each start from one whole-number seed. When they need more
luck than that (the next shuffle, the die at this step, a branch's new deal, the j-th rollout)
they derive a new seed from the old one and a number saying which draw it is. Keeping the
formula in one place keeps every game's dice and shuffles reproducible the same way.
"""

from __future__ import annotations

SEED_STRIDE = 1_000_003
"""A prime: seeds next to each other give derived seeds far apart."""


def derive_seed(seed: int, index: int) -> int:
    """The seed of draw number ``index`` made from ``seed``: ``seed * 1_000_003 + index``.

    >>> derive_seed(0, 5), derive_seed(1, 5)
    (5, 1000008)
    """
    return seed * SEED_STRIDE + index
