"""Heroes vs the Umbrella Corporation: the table actions the rules and the card abilities share.

Drawing cards [draw.*] and finding a card in a pile are done by the rules (the Draw phase) and by
the abilities in ``effects.py`` (Intel draws, Medkit takes a card back) alike; they live here,
below both, so the rules (``rules/``) import ``effects.py`` and each imports this module, never the
other way round. The seats and the statistics are here for the same reason.
"""

from __future__ import annotations

from umbrella_lab.engine.words import plural
from umbrella_lab.games.corporation.state import (
    CHARACTERS_DISCARDED,
    CHARACTERS_SAVED,
    EVENTS_PLAYED,
    HERO,
    LOCKDOWNS,
    REROLLS,
    SIDES,
    UMBRELLA,
    UNITS_LOST,
    WHOSE,
    CorporationState,
    find,
    first_copies,
)

# --- Drawing [draw.*] ---------------------------------------------------------------------------


def draw(s: CorporationState, side: int, count: int, rule: str) -> int:
    """``side`` draws ``count`` cards and returns how many it drew [draw.cards].

    An empty deck is refilled from the shuffled discard pile; with both empty, nothing more is
    drawn [draw.reshuffle].
    """
    deck, hand = s.decks[side], s.hands[side]
    drawn = 0
    for _ in range(count):
        if not deck:
            if not s.discards[side]:
                break
            deck.extend(s.discards[side])
            s.discards[side] = []
            s._rng().shuffle(deck)
            s.say(
                "draw.reshuffle",
                lambda: (
                    f"{WHOSE[side]} deck is empty: the discard pile ({len(deck)} cards) is "
                    "shuffled into a new deck."
                ),
            )
        hand.append(deck.pop())
        drawn += 1
    s.say(
        rule,
        lambda: (
            f"{'The Heroes draw' if side == HERO else 'Umbrella draws'} {plural(drawn, 'card')}"
            + ("" if drawn == count else " (no cards left to draw)")
            + "."
        ),
    )
    return drawn


__all__ = [  # the table actions, and the seats and statistics of the table (state.py)
    "CHARACTERS_DISCARDED",
    "CHARACTERS_SAVED",
    "EVENTS_PLAYED",
    "HERO",
    "LOCKDOWNS",
    "REROLLS",
    "SIDES",
    "UMBRELLA",
    "UNITS_LOST",
    "WHOSE",
    "draw",
    "find",
    "first_copies",
]
