"""Luck: a pure function of a seed and a draw's number, and the one formula for new luck.

Every number a game draws is one step of SplitMix64 (Steele, Lea and Flood 2014), the
generator Java's ``SplittableRandom`` uses: the ``index``-th number drawn from ``key`` is

    z = key + (index + 1) * 0x9E3779B97F4A7C15      (mod 2**64)
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9         (mod 2**64)
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB         (mod 2**64)
    number = z ^ (z >> 31)

(:func:`number`). Nothing is kept between draws, so any draw can be made first, on any branch:
luck is *counter-based*, as JAX and Pgx key theirs. A game's draws, from its seed:

* draw ``0`` keys the deal's numbers (:meth:`Luck.deal`), draw ``k`` the ``k``-th shuffle after
  it (:meth:`State._rng <umbrella_lab.engine.core.State._rng>`, :meth:`Luck.draws`);
* draw :data:`CHANCE` ``+ n`` decides chance step ``n`` (the ``n``-th die roll, say:
  :meth:`State._lucky_key <umbrella_lab.engine.core.State._lucky_key>`, :meth:`Luck.chance`);
* draw :data:`NEW_LUCK` ``+ n`` seeds the ``n``-th new luck made from it (a fork with new luck,
  a session's branch, a design study's rollout): :func:`derive_seed`, the one formula.

A derived seed is a number like any other, 0 to ``2**63 - 1``: seeds never grow however often
they are derived again. Two forks that keep their luck draw the same numbers by construction.

A shuffle sorts the pile by keys: each card, from the bottom up, takes the next number of
the shuffle's key, and the pile is sorted by those numbers (:meth:`Draws.shuffle`). The
numbers are drawn independently and alike, so every order of the cards is as likely as any
other once no two are equal; should two be equal (for a deck of ``n`` cards, a chance below
``n**2 / 2**65``) the pile draws the next ``n`` numbers instead. The rejection makes it exact:
no order is favoured. A single choice (a ``randrange``, a ``sample``) is Lemire's method: the
high 64 bits of a number times the range, a number that would favour some answers drawn
again (:meth:`Draws.below`).

Records and sessions name their luck version (:data:`LUCK_VERSION`); those saved before this
draw (version 1: a Mersenne Twister seeded anew for every draw) replay with it
(:class:`umbrella_lab.engine.legacy.TwisterLuck`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any, Protocol, TypeVar

_T = TypeVar("_T")

MASK = (1 << 64) - 1
"""Numbers are 64-bit: arithmetic is modulo ``2**64``."""

GAMMA = 0x9E3779B97F4A7C15
"""SplitMix64's step: the odd number nearest ``2**64`` over the golden ratio."""

MIX_1, MIX_2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
"""SplitMix64's two multipliers (its finaliser is David Stafford's "Mix13")."""

CHANCE = 1 << 32
"""Draw ``CHANCE + n`` of a game's seed decides its chance step ``n``."""

NEW_LUCK = 1 << 48
"""Draw ``NEW_LUCK + n`` of a seed is the ``n``-th new seed made from it (:func:`derive_seed`)."""

LUCK_VERSION = 2
"""The luck version of records and sessions saved now: SplitMix64 numbers of (seed, draw).
Version 1 (files without a ``luck`` field) drew from a Mersenne Twister seeded per draw."""

LUCKS = (1, LUCK_VERSION)
"""The luck versions a file may name and a game may replay. Files without a ``luck`` field were
played with version 1 and replay with it."""

_UNIT = 1.0 / (1 << 53)


class Numbers(Protocol):
    """What the rules draw from: a deal's or a shuffle's numbers.

    A :class:`Draws`, or a :class:`random.Random` for luck version 1.
    """

    def random(self) -> float:
        """A number in [0, 1)."""
        ...

    def randrange(self, n: int, /) -> int:
        """A whole number from 0 to ``n - 1``."""
        ...

    def shuffle(self, x: list[Any], /) -> None:
        """Shuffle in place."""
        ...

    def sample(self, population: Sequence[_T], k: int) -> list[_T]:
        """``k`` different items."""
        ...


def number(key: int, index: int) -> int:
    """The ``index``-th 64-bit number drawn from ``key`` (SplitMix64's, see the module).

    >>> number(0, 0) == 0xE220A8397B1DCDAF  # SplitMix64's first output from seed 0
    True
    """
    z = (key + (index + 1) * GAMMA) & MASK
    z = ((z ^ (z >> 30)) * MIX_1) & MASK
    z = ((z ^ (z >> 27)) * MIX_2) & MASK
    return z ^ (z >> 31)


def derive_seed(seed: int, index: int) -> int:
    """A new seed made from ``seed``: the high 63 bits of its number ``NEW_LUCK + index``.

    The one formula for new luck: a fork's new deal, a session branch's, a design study's
    rollout. Always a seed (0 to ``2**63 - 1``), however many times it is derived again.

    >>> derive_seed(7, 0) == derive_seed(7, 0) != derive_seed(7, 1)
    True
    >>> 0 <= derive_seed(2**63 - 1, 5) < 2**63
    True
    """
    return number(seed, NEW_LUCK + index) >> 1


def chance_draw(seed: int, step: int) -> float:
    """The number in [0, 1) that decides chance step ``step`` of a game dealt from ``seed``.

    Its 53 high bits (a float's precision) of draw ``CHANCE + step``.
    """
    z = (seed + (CHANCE + step + 1) * GAMMA) & MASK
    z = ((z ^ (z >> 30)) * MIX_1) & MASK
    z = ((z ^ (z >> 27)) * MIX_2) & MASK
    return ((z ^ (z >> 31)) >> 11) * _UNIT


_LANES: dict[int, tuple[int, int, int, int]] = {}


def _lanes(n: int) -> tuple[int, int, int, int]:
    """For :func:`numbers`: ``n`` lanes of 128 bits: ones, the steps, the masks, the bytes."""
    found = _LANES.get(n)
    if found is None:
        ones = sum(1 << (128 * i) for i in range(n))
        steps = sum((((i + 1) * GAMMA) & MASK) << (128 * i) for i in range(n))
        found = _LANES[n] = (ones, steps, MASK * ones, 16 * n)
    return found


def numbers(key: int, start: int, n: int) -> list[int]:
    """Numbers ``start`` to ``start + n - 1`` of ``key``: ``[number(key, i) for i in ...]``.

    Worked out all at once, each number in its own 128-bit lane of one Python integer: a
    lane's mix never reaches the next lane (a 64-bit number times a 64-bit multiplier fits
    in 128 bits, and every step masks each lane back to 64 bits), so the whole deck's
    numbers cost about as much as three of them one by one.

    >>> numbers(5, 2, 3) == [number(5, i) for i in (2, 3, 4)]
    True
    """
    ones, steps, masks, size = _lanes(n)
    z = (((key + start * GAMMA) & MASK) * ones + steps) & masks
    z = ((z ^ (z >> 30)) & masks) * MIX_1 & masks
    z = ((z ^ (z >> 27)) & masks) * MIX_2 & masks
    z = (z ^ (z >> 31)) & masks
    return memoryview(z.to_bytes(size, "little")).cast("Q")[::2].tolist()


class Draws:
    """The numbers of one key, one after another: a shuffle's, a deal's.

    The ``i``-th call draws :func:`number` ``(key, i)``. It offers the part of
    :class:`random.Random` the rules use: ``random``, ``randrange(n)``, ``choice``, ``shuffle``
    and ``sample``.
    """

    __slots__ = ("index", "key")

    def __init__(self, key: int) -> None:
        self.key = key
        self.index = 0

    def next(self) -> int:
        """The next 64-bit number: :func:`number` of the key and the count drawn so far.

        Written out (no call of :func:`number`): a deal draws it often.
        """
        self.index = index = self.index + 1
        z = (self.key + index * GAMMA) & MASK
        z = ((z ^ (z >> 30)) * MIX_1) & MASK
        z = ((z ^ (z >> 27)) * MIX_2) & MASK
        return z ^ (z >> 31)

    def random(self) -> float:
        """The next number as a float in [0, 1) (its 53 high bits)."""
        return (self.next() >> 11) * _UNIT

    def below(self, n: int) -> int:
        """A whole number from 0 to ``n - 1``, each as likely (``n`` from 1 to ``2**64``).

        Lemire's method: the high 64 bits of ``number * n``; a number whose low 64 bits fall
        below ``2**64 mod n`` would favour some answers and is drawn again.
        """
        product = self.next() * n
        low = product & MASK
        if low < n:
            floor = (MASK + 1 - n) % n  # 2**64 mod n
            while low < floor:
                product = self.next() * n
                low = product & MASK
        return product >> 64

    def randrange(self, n: int) -> int:
        """A whole number from 0 to ``n - 1``, each as likely (one argument only)."""
        if n < 1:
            raise ValueError(f"randrange: empty range for randrange({n})")
        product = self.next() * n
        if product & MASK < n:  # perhaps one of the few numbers Lemire's check draws again
            self.index -= 1
            return self.below(n)
        return product >> 64

    def choice(self, items: Sequence[_T]) -> _T:
        """One of ``items``, each as likely."""
        return items[self.randrange(len(items))]

    def shuffle(self, pile: list[Any]) -> None:
        """Shuffle ``pile`` in place, every order as likely (see the module).

        Each card, from the bottom of the pile up, takes the next number as its key, and the
        pile is sorted by the keys. Should two keys be equal (a chance below ``n**2 / 2**65``
        for ``n`` cards), the pile takes the next ``n`` numbers instead.
        """
        n = len(pile)
        keys = numbers(self.key, self.index, n)
        self.index += n
        while len(set(keys)) < n:
            keys = [self.next() for _ in range(n)]
        # sort asks for each card's key once, bottom card first: hand it the next number each time
        pile.sort(key=partial(next, iter(keys)))

    def sample(self, population: Sequence[_T], k: int) -> list[_T]:
        """``k`` different items of ``population`` in a random order, every choice as likely.

        The first ``k`` of a shuffled copy (:meth:`shuffle`).
        """
        pool = list(population)
        if not 0 <= k <= len(pool):
            raise ValueError(f"sample: cannot take {k} of {len(pool)} items")
        self.shuffle(pool)
        return pool[:k]


class Luck:
    """How a game draws its luck from its seed (``game.luck``): counter-based numbers.

    Every draw is a pure function of the seed and which draw it is: the same seed and the same
    moves give the same deal, the same shuffles and the same dice, on every branch.
    """

    version = LUCK_VERSION
    """The luck version a record or session names."""

    def deal(self, seed: int) -> Draws:
        """The numbers the opening deal draws from: those of draw 0 of ``seed``."""
        return Draws(number(seed, 0))

    def draws(self, seed: int, index: int) -> Draws:
        """The numbers of draw ``index`` of ``seed`` (the ``index``-th shuffle, say)."""
        return Draws(number(seed, index))

    def chance(self, seed: int, step: int) -> float:
        """The number in [0, 1) that decides chance step ``step`` (:func:`chance_draw`)."""
        return chance_draw(seed, step)


LUCK = Luck()
"""The luck every game draws with (version :data:`LUCK_VERSION`)."""
