"""1. Aim [aim]: the rulebook's numbers, and what every step of a turn reads of the table.

The team wins by surviving the Final Battle after the last villain [aim] [game.win]. Here are
the player-count table [setup.table] and the numbers of the hero powers [power.horror]
[power.vanya] [power.use]; then what every step shares: the seats clockwise, a card played
from the hand [turn.from-hand], one card per design in a hand, a hero card in an action id
(``Card``), whether a seat is a living hero [setup.heroes] [life.death], and the faced card's
value. It imports no other module of the rules; the modules of the later steps import it.
"""

from __future__ import annotations

from typing import Annotated

from umbrella_lab.engine.moves import ByName
from umbrella_lab.games.academy.state import AcademyState, dead

# --- 1. Aim, and the numbers of the rulebook --------------------------------------------------
# The team wins by surviving the Final Battle after the last villain [aim] [game.win]. The
# numbers the card effects use too (Life Boost's bars, a storyline's cost, Vanya's removals),
# the lineup card codes and the outcomes of lineup cards are in state.py.

PLAYER_COUNT_TABLE = {  # players: (hand size, villains faced, villain attack strength)
    1: (6, 4, 6),
    2: (5, 4, 7),
    3: (4, 5, 8),
    4: (4, 5, 9),
    5: (3, 6, 10),
    6: (3, 6, 10),
}
"""The player-count table [setup.table]; the strength is the lineup size (C-1)."""

HORROR_BARS = 2  # [power.horror]
VANYA_DAMAGE = 2  # [power.vanya]
POWER_COST = 1  # each use of a hero power [power.use]


# --- What every step reads: the seats, the cards in hand, the faced card --------------------------


def clockwise(s: AcademyState, first: int) -> list[int]:
    """Every seat clockwise, starting from seat ``first``."""
    return [*range(first, len(s.heroes)), *range(first)]


def play_from_hand(s: AcademyState, seat: int, card: int) -> None:
    """A played hero card goes from the hand to the discard pile [turn.from-hand]."""
    s.say(
        "turn.from-hand",
        lambda s, seat, card: f"{s.hero_name(seat)} plays {card.label} from their hand.",
        s,
        seat,
        s.card(card),
    )
    s.hands[seat].remove(card)
    s.discard.append(card)


def distinct(s: AcademyState, hand: list[int]) -> list[int]:
    """One card number per design in a hand: two copies of a card make the same move."""
    design = s.cards.design
    seen, out = [], []
    for number in hand:
        if design[number] not in seen:
            seen.append(design[number])
            out.append(number)
    return out


def hand_of(s: AcademyState, seat: int) -> list[int]:
    """The hand of ``seat``; none for a seat that does not exist (in a move to refuse)."""
    return s.hands[seat] if 0 <= seat < len(s.hands) else []


def card_id(s: AcademyState, number: int) -> str:
    """A hero card in an action id: its design's id in ``data/hero_deck.toml``."""
    return s.cards.hero_deck[number].id


def card_number(s: AcademyState, name: str) -> int:
    """The first hero card of the design called ``name``; ``ValueError`` if there is none."""
    for number, card in enumerate(s.cards.hero_deck):
        if card.id == name:
            return number
    msg = f"there is no hero card {name!r} in hero_deck.toml"
    raise ValueError(msg)


Card = Annotated[int, ByName(card_id, card_number, "card")]
"""A hero card by its number; action ids name it by its design's id (``attack-35``)."""


def not_living(s: AcademyState, seat: int) -> tuple[str, str] | None:
    """Why ``seat`` is not a living hero of the table, if it is not [setup.heroes] [life.death].

    Asked by the moves whose seat is not the one deciding: the team's choices, a Hero Boost
    given out of turn, Pogo.
    """
    if not 0 <= seat < len(s.heroes):
        return f"there is no seat {seat} in a {len(s.heroes)}-player game", "setup.heroes"
    return dead(s, seat) if s.life[seat] <= 0 else None


def faced_value(s: AcademyState) -> int:
    """The attack value of the faced card."""
    return s.villain_attack(s.lineup[s.faced_position])
