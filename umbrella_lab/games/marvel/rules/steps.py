"""Marvel United, how the rules run: the steps of a turn and every kind of step by its word.

A villain turn [villain.turn], the end of a hero turn [turn.done] [turn.cadence] [turn.order]
and many effects are a list of steps (``s.todo``). ``later`` puts steps in line (the first one
given runs first, before anything already waiting); :func:`run` works through them until the
game ends or a step asks the heroes to decide (``s.ask``, a choice [extra.ties]). ``later``,
``ask`` and ``finish`` are in ``actions.py``: the effects use them too.

:data:`STEPS` names every kind of step by the word ``s.todo`` names it with: the villain turn's
(``villain_turn.py``), the hero turn's (``hero_turn.py``) and two table actions of
``actions.py`` (``place``, ``hurt``); the effects' own steps are in ``effects.STEPS``. So this
module imports those two modules of steps, and the setup and every move import it: each move
ends by calling :func:`run`.
"""

from __future__ import annotations

from collections.abc import Callable

from umbrella_lab.games.marvel import effects
from umbrella_lab.games.marvel.actions import hurt, place
from umbrella_lab.games.marvel.rules.hero_turn import (
    begin_turn,
    cadence,
    end_turn,
    first_hero,
    last_card,
    next_turn,
)
from umbrella_lab.games.marvel.rules.villain_turn import (
    bam,
    dashboard,
    place_tokens,
    plan_special,
    threat_bam,
    threat_bams,
    villain_end,
    villain_move,
    villain_turn,
)
from umbrella_lab.games.marvel.state import MarvelState


def run(s: MarvelState) -> None:
    """Work through the waiting steps until a decision is needed or the game ends."""
    while s.todo and s.ask is None and s.outcome is None:
        step = s.todo.pop()
        (STEPS.get(step[0]) or effects.STEPS[step[0]])(s, *step[1:])
    if s.outcome is not None:
        s.todo.clear()
        s.ask = None


STEPS: dict[str, Callable[..., None]] = {
    "villain": villain_turn,
    "villain-move": villain_move,
    "bam": bam,
    "dashboard": dashboard,
    "threat-bams": threat_bams,
    "threat-bam": threat_bam,
    "tokens": place_tokens,
    "place": place,
    "plan-special": plan_special,
    "villain-end": villain_end,
    "first-hero": first_hero,
    "hurt": hurt,
    "begin": begin_turn,
    "last-card": last_card,
    "cadence": cadence,
    "next-turn": next_turn,
    "end-turn": end_turn,
}
"""Every kind of step, by the word ``s.todo`` names it with (the effects' own steps are in
``effects.STEPS``)."""
