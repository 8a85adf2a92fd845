"""Pig positions set up by hand, for tests and notebooks.

>>> s = position(scores=(95, 40), turn_total=4)
>>> [str(action) for action in s.legal_actions()]
['P1: roll the die', 'P1: hold (bank 4, score 99)']
"""

from __future__ import annotations

import umbrella_lab as ul
from umbrella_lab.games.pig.rules import PigState


def position(
    scores: tuple[int, ...] = (0, 0),
    active: int = 0,
    turn_total: int = 0,
    rolling: bool = False,
    seed: int = 0,
    **options: object,
) -> PigState:
    """A table with these scores, ``active`` to play and ``turn_total`` made this turn."""
    state = ul.load("pig", players=len(scores), **options).new(seed)
    assert isinstance(state, PigState)
    state.scores = list(scores)
    state.active, state.turn_total, state.rolling = active, turn_total, rolling
    state.events = []
    return state
