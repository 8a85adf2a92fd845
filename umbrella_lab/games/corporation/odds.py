"""Exact combat odds of Heroes vs the Umbrella Corporation: force + 2D6 against force + 2D6.

Every combat (an assault, rule ``assault.result``, or a Search and Destroy mission, rule
``search.result``) adds 2D6 to each side's force. The attacker wins when its total is equal to
or greater than the defender's: ties go to the attacker (the option ``search_ties="defender"``
gives Search and Destroy ties to the defending team instead).

>>> TWO_DICE[7]
Fraction(1, 6)
>>> win_probability(10, 10)              # equal forces: the attacker wins every tie
Fraction(721, 1296)
>>> win_probability(10, 10, ties="defender")
Fraction(575, 1296)
>>> tie_probability(10, 10)
Fraction(73, 648)
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import cache
from typing import Any

TWO_DICE: dict[int, Fraction] = {total: Fraction(6 - abs(total - 7), 36) for total in range(2, 13)}
"""The sum of two six-sided dice: each total from 2 to 12 with its exact probability."""

# Distribution of (attacker's 2D6 - defender's 2D6): from -10 to +10.
_DIFFERENCE: dict[int, Fraction] = {}
for _a, _pa in TWO_DICE.items():
    for _d, _pd in TWO_DICE.items():
        _DIFFERENCE[_a - _d] = _DIFFERENCE.get(_a - _d, Fraction(0)) + _pa * _pd


@cache
def _at_least(margin: int) -> Fraction:
    """P(attacker's dice - defender's dice >= margin)."""
    return sum((p for diff, p in _DIFFERENCE.items() if diff >= margin), Fraction(0))


def win_probability(attack_force: int, defence_force: int, ties: str = "attacker") -> Fraction:
    """The exact chance that ``attack_force`` + 2D6 beats ``defence_force`` + 2D6.

    Args:
        attack_force: The attacker's force before dice (all cards and bonuses).
        defence_force: The defender's force before dice.
        ties: ``"attacker"`` (the rulebook: equal totals win for the attacker) or
            ``"defender"`` (equal totals win for the defender).

    Returns:
        The probability as an exact fraction.

    >>> win_probability(7, 6)
    Fraction(287, 432)
    >>> float(win_probability(0, 0))
    0.5563271604938271
    """
    if ties not in ("attacker", "defender"):
        msg = f"ties must be 'attacker' or 'defender', not {ties!r}"
        raise ValueError(msg)
    margin = defence_force - attack_force  # the dice must make up this much
    return _at_least(margin if ties == "attacker" else margin + 1)


def tie_probability(attack_force: int, defence_force: int) -> Fraction:
    """The exact chance that both totals are equal.

    >>> tie_probability(5, 5)
    Fraction(73, 648)
    """
    return _DIFFERENCE.get(defence_force - attack_force, Fraction(0))


def win_probability_float(attack_force: int, defence_force: int, ties: str = "attacker") -> float:
    """:func:`win_probability` as a float (cached: what the fast policies use)."""
    return WIN_FLOATS[ties].get(
        attack_force - defence_force, 1.0 if attack_force > defence_force else 0.0
    )


WIN_FLOATS = {
    ties: {edge: float(win_probability(edge, 0, ties)) for edge in range(-12, 13)}
    for ties in ("attacker", "defender")
}
"""The attacker's chance as a float by the edge (attack force minus defence force), for each
way of breaking ties; edges past -12 or +12 are certain (0.0 or 1.0)."""


def table(
    attack_forces: Iterable[int] = range(4, 21, 2),
    defence_forces: Iterable[int] = range(4, 21, 2),
    ties: str = "attacker",
    exact: bool = False,
) -> Any:
    """A pandas DataFrame of :func:`win_probability`.

    One row per attack force, one column per defence force.

    Args:
        attack_forces: Attack forces (rows).
        defence_forces: Defence forces (columns).
        ties: Who wins equal totals, as for :func:`win_probability`.
        exact: Keep exact fractions (object columns) instead of floats.

    Returns:
        The DataFrame, with the index named ``"attack"`` and the columns ``"defence"``.
    """
    import pandas as pd  # only here: the rules never need pandas

    rows = list(attack_forces)
    columns = list(defence_forces)
    data = [
        [
            win_probability(a, d, ties) if exact else float(win_probability(a, d, ties))
            for d in columns
        ]
        for a in rows
    ]
    frame = pd.DataFrame(
        data, index=pd.Index(rows, name="attack"), columns=pd.Index(columns, name="defence")
    )
    return frame
