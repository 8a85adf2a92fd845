"""Heroes vs the Umbrella Corporation, 4. The turn [turn.phases]; and how a move names a card.

Every turn has six phases: Draw, Events, Recruit, Assault, Search and Destroy, End. The state's
``phase`` names the step the turn is at. At a step where one side always decides (or luck
does) play stops and says who (:data:`DECIDES`); at every other step the phase's own module
says what happens (its functions in :data:`STEPS`), and :func:`advance` goes from step to step
until a side must decide or the game is over. A turn's steps, in order, and where each is:

=========================================================  ==================================
steps (``s.phase``)                                        module
=========================================================  ==================================
``setup-deal`` (3. Setup, the first turn only)             ``setup.py``
``turn-start``, ``draw-search``, ``search`` (5. Draw)      ``draw.py``
``events-start``, ``events`` (6. Event phase)              ``event.py``
``recruit-start``, ``recruit`` (7. Recruit phase)          ``recruit.py``
``assault-start``, ``assault`` (8. Assault phase)          ``assault.py``
``commit-start``, ``commit``, ``roll-start``, ``roll``,    ``combat.py`` (an assault's, and
``lucky-check``, ``lucky``, ``resolve``, ``after``,        then a mission's)
``split``, ``fate`` (the combat)
``hunt-start``, ``hunt`` (10. Search and Destroy phase)    ``search_and_destroy.py``
``end-start``, ``discard``, ``turn-end`` (11. End phase)   ``end_phase.py``
=========================================================  ==================================

Every move of a phase ends by calling :func:`advance`, so this module is below all of them and
imports none: each phase's module adds its steps to :data:`STEPS` (with :func:`step`) when it is
imported, as ``effects.py`` fills the state's tables of abilities. Here too: the words the moves
share (:func:`side_verb`, :func:`character_names`), and how a move names a card in an action
id (:data:`CardId`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

from umbrella_lab.engine.core import CHANCE
from umbrella_lab.engine.moves import ByName
from umbrella_lab.games.corporation.actions import HERO, UMBRELLA
from umbrella_lab.games.corporation.cards import HeroCard, UmbrellaCard
from umbrella_lab.games.corporation.state import CorporationState

# --- Words -------------------------------------------------------------------------------------


def side_verb(side: int, plural: str, singular: str) -> str:
    """A side and its verb: ``side_verb(UMBRELLA, "pass", "passes")`` is "Umbrella passes"."""
    return f"Heroes {plural}" if side == HERO else f"Umbrella {singular}"


def character_names(s: CorporationState, numbers: list[int]) -> str:
    """Characters' names in words: "Jill", "Jill and Barry", "Jill, Barry and K-Mart"."""
    names = [s.cards.hero[n].name for n in numbers]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


# --- 4. The turn ---------------------------------------------------------------------------------

DECIDES = {
    "search": HERO,  # the team search [draw.team-search]
    "assault": HERO,  # one assault, or none [assault.declare]
    "lucky": HERO,  # K-Mart's re-roll [ability.lucky]
    "hunt": UMBRELLA,  # one Search and Destroy mission, or none [search.declare]
    "roll": CHANCE,  # a side's 2D6 [assault.dice]
    "fate": CHANCE,  # a unit's 50% [assault.unit-fate]
}
"""The steps where the same side always decides (or luck does), and who."""

Step = Callable[[CorporationState], bool]
"""What play does at a step where nobody always decides: ``step(s) -> bool``.

True when a side decides here (the step has said who, in ``s.actor``); False when play goes on
to the step the function has put in ``s.phase`` (or the game is over).
"""

STEPS: dict[str, Step] = {}
"""Every other step of the turn by its name (``s.phase``); each phase's module adds its own."""


def step(*names: str) -> Callable[[Step], Step]:
    """Add the decorated function to :data:`STEPS` as the step (or steps) ``names``."""

    def add(function: Step) -> Step:
        for name in names:
            STEPS[name] = function
        return function

    return add


def heroes_then_umbrella(s: CorporationState, decides: bool, then: str) -> bool:
    """A step both sides take in turn, the Heroes first (the Recruit phase, the hand limit).

    The side at ``s.seat`` decides while it ``decides`` (True is returned: it is to act); else
    it is Umbrella's turn, and after Umbrella's the turn goes on to the step ``then``.
    """
    if decides:
        s.actor = s.seat
        return True
    if s.seat == HERO:
        s.seat = UMBRELLA
    else:
        s.phase = then
    return False


def advance(s: CorporationState) -> None:
    """Move play on to the next decision or chance step [turn.phases].

    Every turn has six phases: Draw, Events, Recruit, Assault, Search and Destroy, End. The
    ``phase`` names the step the turn is at; a step with a decision stops here and says who
    decides (``actor``). A side with nothing to do at a step is passed over. What play does at
    each step is in the step's phase (:data:`STEPS`).
    """
    while s.outcome is None:
        phase = s.phase
        if phase in DECIDES:  # a step where one side, or luck, always decides: stop here
            s.actor = DECIDES[phase]
            return
        here = STEPS.get(phase)
        if here is None:  # pragma: no cover - every phase has its step
            msg = f"unknown phase {phase!r}"
            raise AssertionError(msg)
        if here(s):  # a side decides here
            return
    s.phase, s.actor = "over", None


# --- How a move names a card ---------------------------------------------------------------------
# A move names a card by its id in the data ("jill", "laser-corridor"): two copies of a card make
# the same move, and the move takes the first copy where the card must be (the hand, a pile, the
# table). Action ids keep their meaning when a data file gains a card.


def card_of(s: CorporationState, side: int, number: int) -> HeroCard | UmbrellaCard:
    """The design of card ``number`` of ``side``."""
    return (s.cards.hero if side == HERO else s.cards.umbrella)[number]


def _write_card(s: CorporationState, card_id: str) -> str:
    return card_id or "-"


def _read_card(s: CorporationState, text: str) -> str:
    if text == "-":
        return ""
    if text in s.cards.hero_ids or text in s.cards.umbrella_ids:
        return text
    msg = f"no card has the id {text!r}"
    raise ValueError(msg)


CardId = Annotated[str, ByName(_write_card, _read_card, "card")]
"""A card by its id in the data files (``"-"`` in an action id for none)."""
