"""Heroes vs the Umbrella Corporation: the table actions the rules and the card abilities share.

Drawing cards [draw.*] and finding a card in a pile are done by the rules (the Draw phase) and by
the abilities in ``effects.py`` (Intel draws, Medkit takes a card back) alike; they live here,
below both, so ``rules.py`` imports ``effects.py`` and each imports this module, never the other
way round. The seats and the statistics are here for the same reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from umbrella_lab.engine.words import plural

if TYPE_CHECKING:
    from umbrella_lab.games.corporation.rules import CorporationState

HERO, UMBRELLA = 0, 1  # the two seats
SIDES = ("Heroes", "Umbrella")
WHOSE = ("The Heroes'", "Umbrella's")

# Statistics kept for summary(): indexes into State.stats
LOCKDOWNS, REROLLS, UNITS_LOST, CHARACTERS_DISCARDED, CHARACTERS_SAVED, EVENTS_PLAYED = range(6)


# --- Cards by id: two copies of a card make the same move -------------------------------------


def first_copies(s: CorporationState, numbers: list[int], side: int = HERO) -> dict[str, int]:
    """Each card id among ``numbers`` with its first copy, in order (two copies, one move)."""
    deck = s.cards.hero if side == HERO else s.cards.umbrella
    found: dict[str, int] = {}
    for number in numbers:
        found.setdefault(deck[number].id, number)
    return found


def find(s: CorporationState, pile: list[int], card_id: str, side: int = HERO) -> int:
    """The first card of ``pile`` with this id, or -1."""
    deck = s.cards.hero if side == HERO else s.cards.umbrella
    for number in pile:
        if deck[number].id == card_id:
            return number
    return -1


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
