"""The Umbrella Academy Game's older records: numeric action ids, and luck version 1.

Its shuffle of luck version 1 is :func:`sort_shuffle`.

Before each kind of move was its own class, a move was a tuple ``(kind, seat, a, b)`` of whole
numbers, and its id those numbers joined by ``/``: ``attack/0/52/-1`` (seat 0 attacks with hero
card number 52), ``heal/0/5/0``, ``keep/-1/-1/-1``. Records and sessions saved then keep
loading: :func:`read_old_key` gives the move such a key meant. Cards stay numbers here (the
number of a card in the deck is the same), so a key means exactly what it meant.

>>> import umbrella_lab as ul
>>> state = ul.load("academy", players=2, heroes=("kraken", "rumor")).new(seed=1)
>>> read_old_key(state, ("attack", 0, 52, -1))
Attack(seat=0, card=52)
>>> read_old_key(state, ("keep", -1, -1, -1))
Keep()
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any

from umbrella_lab.engine.moves import Move
from umbrella_lab.games.academy.rules import (
    AcademyState,
    Attack,
    Block,
    CallPogo,
    Choose,
    Damage,
    Discard,
    DoubleShot,
    Heal,
    HeroBoost,
    HitsTwice,
    HorrorGift,
    Keep,
    Pass,
    Power,
    Rumor,
    SeanceCard,
    Spread,
    Story,
    Swap,
    VanyaHit,
    VanyaRemoves,
)

UNUSED = -1
"""The old keys filled the parts a kind did not use with -1."""


def read_old_key(s: AcademyState, key: tuple) -> Move | None:
    """The move an old key ``(kind, seat, a, b)`` meant, or ``None`` if it meant none.

    A Hero Boost's old key named only the boost card (``boosted/0/17/57``: card 17 with the
    boost 57); the holder is the hero whose hand holds it.
    """
    if len(key) != 4:
        return None
    kind, seat, a, b = key
    moves = {
        # kind: (the move, the parts it uses: seat, a, b)
        "attack": (lambda: Attack(seat, a), "sa"),
        "block": (lambda: Block(seat, a), "sa"),
        "heal": (lambda: Heal(seat, a, b), "sab"),
        "story": (lambda: Story(seat, a, b), "sab"),
        "boosted": (lambda: HeroBoost(seat, a, holder_of(s, b), b), "sab"),
        "kraken": (lambda: HitsTwice(seat, a, b), "sab"),
        "double": (lambda: DoubleShot(seat, a), "sa"),
        "power": (lambda: Power(seat), "s"),
        "pass": (lambda: Pass(seat), "s"),
        "choose": (lambda: Choose(seat), "s"),
        "horror": (lambda: HorrorGift(seat, a, b), "sab"),
        "swap": (lambda: Swap(seat, a, b), "sab"),
        "rumor": (lambda: Rumor(seat, a), "sa"),
        "seance": (lambda: SeanceCard(seat, a, b), "sab"),
        "vanya": (lambda: VanyaRemoves(seat, a), "sa"),
        "vanya-hit": (lambda: VanyaHit(seat, a), "sa"),
        "damage": (lambda: Damage(seat, a), "sa"),
        "spread": (lambda: Spread(a), "a"),
        "keep": (lambda: Keep(), ""),
        "discard": (lambda: Discard(seat, a), "sa"),
        "pogo": (lambda: CallPogo(seat), "s"),
    }
    if kind not in moves:
        return None
    make, used = moves[kind]
    unused = [part for name, part in zip("sab", (seat, a, b), strict=True) if name not in used]
    if any(part != UNUSED for part in unused):
        return None  # such a key never named a move
    return make()


def holder_of(s: AcademyState, card: int) -> int:
    """The seat whose hand holds hero card ``card``, or -1."""
    return next((seat for seat, hand in enumerate(s.hands) if card in hand), UNUSED)


def sort_shuffle(pile: list[Any], rng: random.Random) -> None:
    """How the game shuffled a pile with luck version 1 (records and sessions saved then).

    Each card, from the bottom of the pile up, drew the next number of ``rng.random()``, and
    the pile was sorted by those numbers. (``partial(next, numbers)`` hands out the next
    number each time the sort asks for a card's key.)
    """
    numbers = iter(rng.random, None)  # rng.random(), again and again
    pile.sort(key=partial(next, numbers))
