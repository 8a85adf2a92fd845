"""What old records need: action ids in the older numeric format, and the older luck.

Records written before ids named cards still load (``attack/0/52/-1``), and records and
sessions written before luck version 2 replay with the luck they were played with
(:class:`TwisterLuck`).
A game that changed its ids declares ``GameInfo.legacy``: ``legacy(state, key) -> move`` or
``None``, where ``key`` is the old id read as a tuple (``("attack", 0, 52, -1)``). The engine
asks it only for a text or a tuple of that shape.
"""

from __future__ import annotations

import random
from _random import Random as _Twister  # the Mersenne Twister inside random.Random
from collections.abc import Callable
from typing import Any

from umbrella_lab.engine.position import Position


def key_from_id(text: str) -> tuple | None:
    """An id in the older format as a key (a kind word, then whole numbers), or ``None``.

    >>> key_from_id("attack/0/52/-1"), key_from_id("hold/P1")
    (('attack', 0, 52, -1), None)
    """
    parts = text.split("/")
    if len(parts) < 2:
        return None
    try:
        return (parts[0], *(int(p) for p in parts[1:]))
    except ValueError:
        return None


def is_old_key(key: tuple) -> bool:
    """True for a key of the older format: a kind word, then one or more whole numbers."""
    return (
        len(key) >= 2
        and isinstance(key[0], str)
        and all(isinstance(k, int) and not isinstance(k, bool) for k in key[1:])
    )


def read_old_key(state: Position, key: tuple) -> Any:
    """The move an old key names, as the game's ``legacy`` reads it; ``None`` if none does."""
    legacy = state.game.info.legacy
    return legacy(state, key) if legacy is not None and is_old_key(key) else None


def read_old_id(state: Position, text: str) -> Any:
    """The move an id in the older format names (``"attack/0/52/-1"``), or ``None``."""
    key = key_from_id(text)
    return read_old_key(state, key) if key is not None else None


# --- luck version 1: a Mersenne Twister seeded anew for every draw --------------------------

SEED_STRIDE = 1_000_003
"""Version 1 numbered a seed's draws ``seed * 1_000_003 + index``."""

CHANCE_STRIDE = 7919
"""Version 1 numbered chance step ``n``'s draw ``7919 * n + 17``."""


class OldDraws(random.Random):
    """A version-1 draw's numbers: :class:`random.Random`, shuffling as the game did then."""

    old_shuffle: Callable[[list[Any], random.Random], None] | None = None

    def shuffle(self, x: Any) -> None:  # type: ignore[override]
        """Shuffle as the game shuffled with luck version 1 (``GameInfo.legacy_shuffle``)."""
        if self.old_shuffle is None:
            super().shuffle(x)
        else:
            self.old_shuffle(x, self)


class TwisterLuck:
    """Luck version 1, kept so that records and sessions saved with it replay exactly.

    The deal drew from ``random.Random(seed)``, the ``k``-th shuffle from
    ``random.Random(seed * 1_000_003 + k)``, chance step ``n`` the first number of
    ``random.Random(seed * 1_000_003 + 7919 * n + 17)``: the seeds grew with every derivation,
    and every draw seeded a Mersenne Twister (624 words) anew.
    """

    version = 1

    def __init__(self, shuffle: Callable[[list[Any], random.Random], None] | None = None) -> None:
        self.shuffle = shuffle

    def _random(self, seed: int) -> OldDraws:
        rng = OldDraws(seed)
        rng.old_shuffle = self.shuffle
        return rng

    def deal(self, seed: int) -> OldDraws:
        """The numbers the opening deal drew from: ``random.Random(seed)``."""
        return self._random(seed)

    def draws(self, seed: int, index: int) -> OldDraws:
        """The numbers of draw ``index``: ``random.Random(seed * 1_000_003 + index)``."""
        return self._random(seed * SEED_STRIDE + index)

    def chance(self, seed: int, step: int) -> float:
        """Chance step ``step``'s number: the first of its own seeded Mersenne Twister."""
        return _Twister(seed * SEED_STRIDE + CHANCE_STRIDE * step + 17).random()
