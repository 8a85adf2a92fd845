"""The Umbrella Academy Game: the table actions that the rules and the effects share.

Healing and hurting a hero [life.*] are done by the rules (a heal action, the damage the team
places) and by the effects of the cards (Restore heals, a Life Boost costs a bar, Family
Reunion heals everyone) alike; they live here, below both, so the rules (the folder
``rules/``) import ``effects.py`` and each imports this module, never the other way round. So
do the numbers and the lineup codes both read.

>>> import umbrella_lab as ul
>>> s = ul.load("academy", players=2).new(seed=2)
>>> hurt(s, 0, 2, "life.damage"), s.events[-1].text
(0, 'Vanya loses 2 bars: 3/5.')
"""

from __future__ import annotations

from umbrella_lab.engine.words import plural
from umbrella_lab.games.academy.state import (
    BLOCKED,
    DEFEATED,
    FINAL_VILLAIN,
    LIFE_BOOST_BARS,
    OUTCOME_WORDS,
    PENDING,
    REMOVED,
    STORY_COST,
    UNCONTESTED,
    VANYA_REMOVES,
    AcademyState,
)

# --- 6. Life, damage and death --------------------------------------------------------------------


def heal(s: AcademyState, seat: int, bars: int, rule: str) -> None:
    """Heal up to the hero's maximum [life.bars]; the dead cannot be healed [life.death]."""
    if s.life[seat] <= 0:
        return
    before = s.life[seat]
    s.life[seat] = min(s.max_life[seat], before + bars)
    s.say(
        rule,
        lambda s, seat, before: (
            f"{s.hero_name(seat)} heals {s.life[seat] - before}: "
            f"{s.life[seat]}/{s.max_life[seat]} bars."
        ),
        s,
        seat,
        before,
    )
    lost = before + bars - s.life[seat]
    if lost:  # healing stops at the maximum [life.bars]
        s.say(
            "life.bars",
            lambda s, seat, lost: (
                f"{plural(lost, 'more bar')} would pass {s.hero_name(seat)}'s maximum of "
                f"{s.max_life[seat]}: {'it is' if lost == 1 else 'they are'} lost."
            ),
            s,
            seat,
            lost,
        )


def hurt(s: AcademyState, seat: int, bars: int, rule: str) -> int:
    """Damage on one hero; returns the bars that hero could not take [life.death]."""
    if bars <= 0 or s.life[seat] <= 0:
        return bars
    taken = min(bars, s.life[seat])
    s.life[seat] -= taken
    s.damage_log[-1] += taken
    s.say(
        rule,
        lambda s, seat, taken: (
            f"{s.hero_name(seat)} loses {plural(taken, 'bar')}: {s.life[seat]}/{s.max_life[seat]}."
        ),
        s,
        seat,
        taken,
    )
    if s.life[seat] == 0:
        die(s, seat)
    return bars - taken


def die(s: AcademyState, seat: int) -> None:
    """A hero with no bars is out: their hand is discarded [life.death].

    With dead_hand="out" the hand leaves play with the hero instead [opt.dead_hand].
    """
    if s.options.dead_hand == "discard":
        s.discard += s.hands[seat]
        s.hands[seat] = []
    s.say(
        "life.death",
        lambda s, seat: f"{s.hero_name(seat)} has died and is out of the game.",
        s,
        seat,
    )


__all__ = [  # the table actions, and the numbers they share with the table (state.py)
    "BLOCKED",
    "DEFEATED",
    "FINAL_VILLAIN",
    "LIFE_BOOST_BARS",
    "OUTCOME_WORDS",
    "PENDING",
    "REMOVED",
    "STORY_COST",
    "UNCONTESTED",
    "VANYA_REMOVES",
    "die",
    "heal",
    "hurt",
]
