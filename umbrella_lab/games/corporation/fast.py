"""The fast path of the luck of Heroes vs the Umbrella Corporation: nothing here is a rule.

A simulated game has about thirty chance steps (2D6 rolls, "50%" chances, the split of a
destroyed team's characters). The engine finds the outcome a step's own luck gives by adding
the exact probabilities of the outcomes until they pass a number drawn from the seed;
:class:`QuickLuck` finds the same outcome without adding fractions, several times faster.
``tests/test_corporation_fast.py`` checks over thousands of steps that it always picks exactly
what the engine picks (same seed, same dice).
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from umbrella_lab.games.corporation.odds import TWO_DICE

if TYPE_CHECKING:
    from umbrella_lab.engine.moves import Move


def float_edge(value: Fraction) -> float:
    """The smallest float not below ``value``: ``draw < value`` exactly when ``draw < edge``."""
    edge = float(value)
    return edge if Fraction(edge) >= value else math.nextafter(edge, 2.0)


ROLL_EDGES = tuple(
    float_edge(sum((p for t, p in TWO_DICE.items() if t <= total), Fraction(0)))
    for total in TWO_DICE
)
"""The running totals of the 2D6 odds (2, then 2 or 3, ...) as exact float edges."""

HALF_EDGES = (0.5, 1.0)
"""The running totals of a "50%" chance: discarded, then stays."""


class QuickLuck:
    """A state's own luck at a chance step, found without adding fractions (for speed).

    The engine draws one number in [0, 1) from the seed and the step, and takes the first
    outcome whose running total of probabilities passes it (:meth:`State._lucky_key`). For a
    roll and a "50%" the running totals are fixed, so they are kept as floats that compare
    exactly like the fractions; for any other step (the split of a destroyed team's
    characters) the totals are added up in whole numbers (:func:`exact_pick`).
    """

    __slots__ = ()

    def _lucky_key(self: Any) -> Move:
        draw = random.Random(self.seed * 1_000_003 + 7919 * self.luck + 17).random()  # _luck()
        outcomes = self._chance()
        phase = self.phase
        if phase == "roll" or phase == "fate":
            for index, edge in enumerate(ROLL_EDGES if phase == "roll" else HALF_EDGES):
                if draw < edge:
                    return outcomes[index][0]
            return outcomes[-1][0]
        return exact_pick(outcomes, draw)


def exact_pick(outcomes: list[tuple[Move, Fraction]], draw: float) -> Move:
    """The first outcome whose running total of probabilities passes ``draw``, exactly.

    What adding the fractions and comparing gives, in whole numbers: a float is a whole number
    of 2**-53, and ``a / b < c / d`` exactly when ``a * d < c * b``.
    """
    top, scale = draw.as_integer_ratio()  # draw == top / scale
    total, denominator = 0, 1  # the running total is total / denominator
    for move, p in outcomes:
        total = total * p.denominator + p.numerator * denominator
        denominator *= p.denominator
        if top * denominator < total * scale:
            return move
    return outcomes[-1][0]
