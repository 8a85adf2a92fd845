"""Set up a table by hand: for rule tests, puzzles and "what would you do here?" questions.

>>> from umbrella_lab.games.academy.scenario import scenario
>>> s = scenario(heroes=("kraken", "rumor"), hands=[[35, 20], [10]], lineup=[30, 45])
>>> [str(a) for a in s.legal_actions()][:1]
['The Kraken: attack 35 vs villain attack 30']

Cards are named by attack value (an attack card of that value) or by design id
(``"sibling-rivalry"``). Cards are taken from wherever they are and the cards they replace go
back to the deck, so every card is still in the game exactly once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from umbrella_lab.engine.core import load
from umbrella_lab.games.academy.rules import FINAL_VILLAIN, PENDING, AcademyState, advance

CardName = int | str


def scenario(
    players: int | None = None,
    heroes: Sequence[str] = ("kraken", "rumor"),
    hands: Sequence[Sequence[CardName]] | None = None,
    lineup: Sequence[CardName] | None = None,
    life: Sequence[int] | None = None,
    family: str | None = None,
    next_family: str | None = None,
    villains_left: int | None = None,
    final: bool = False,
    seed: int = 0,
    **options: Any,
) -> AcademyState:
    """A table with the given heroes, hands, lineup, life and Dysfunctional Family card.

    Args:
        players: Player count (defaults to the number of heroes).
        heroes: Hero ids by seat.
        hands: Each seat's hand, by attack value or card design id.
        lineup: Villain attack values, left to right (or ``"final"`` for the villain's attack
            side as first card).
        life: Life bars by seat (0 = dead).
        family: Id of this round's Dysfunctional Family card, or ``None`` for none.
        next_family: Id of a Dysfunctional Family card to put on top of that deck (the card of
            the next round).
        villains_left: How many villains are still to come after this round.
        final: True to make this round the Final Battle.
        seed: Seed of the deal that the rest of the table comes from.
        options: Rule options, as for ``ul.load``.
    """
    players = players or len(heroes)
    game = load("academy", players=players, heroes=tuple(heroes), **options)
    s: AcademyState = game.deal(seed)  # type: ignore[assignment]
    s.events = []
    cards = s.cards
    if hands is not None:
        for seat in range(len(hands)):
            s.deck.extend(s.hands[seat])
            s.hands[seat] = []
        for seat, hand in enumerate(hands):
            for name in hand:
                s.hands[seat].append(_take_hero_card(s, name))
    if lineup is not None:
        s.villain_deck.extend(code for code in s.lineup if code < FINAL_VILLAIN)
        s.lineup = []
        for name in lineup:
            if name == "final":
                s.lineup.append(FINAL_VILLAIN + s.faced[-1])
            else:
                s.lineup.append(_take_villain_card(s, name))
    s.outcomes = [PENDING] * len(s.lineup)
    s.boost_card, s.boost_amount = -1, 0
    if family is not None:
        numbers = [n for n, c in enumerate(cards.family) if c.id == family]
        if not numbers:
            msg = f"no Dysfunctional Family card {family!r}"
            raise ValueError(msg)
        s.family = numbers[0]
        first = [code for code in s.lineup if code < FINAL_VILLAIN]  # [family.villain-boost]
        if cards.family[s.family].effect == "villain-boost" and first:
            s.boost_card, s.boost_amount = first[0], cards.family[s.family].amount
    elif not s.solo:
        s.family = -1
    if next_family is not None:
        pile = (
            s.family_deck
            if any(cards.family[n].id == next_family for n in s.family_deck)
            else s.family_discard
        )
        number = next(n for n in pile if cards.family[n].id == next_family)
        pile.remove(number)
        s.family_deck.append(number)
    s.life = list(s.max_life) if life is None else list(life)
    if life is not None:
        for seat, bars in enumerate(s.life):
            if bars <= 0:
                s.discard.extend(s.hands[seat])
                s.hands[seat] = []
    if villains_left is not None:
        while len(s.villains) > villains_left:
            s.villains.pop()
    if final:
        s.villains, s.final = [], True
    s.stage, s.phase, s.turn_open, s.last_responder = "face", "lineup", False, -1
    advance(s)
    return s


def _take_hero_card(s: AcademyState, name: CardName) -> int:
    deck = s.cards.hero_deck
    for pile in (s.deck, s.discard):
        for number in pile:
            card = deck[number]
            if (card.id == name) or (
                isinstance(name, int) and card.kind == "attack" and card.attack == name
            ):
                pile.remove(number)
                return number
    msg = f"no free hero card {name!r} left to put in a hand"
    raise ValueError(msg)


def _take_villain_card(s: AcademyState, name: CardName) -> int:
    cards = s.cards.villain_attack
    for pile in (s.villain_deck, s.villain_discard):
        for code in pile:
            if cards[code].id == name or cards[code].attack == name:
                pile.remove(code)
                return code
    msg = f"no free villain attack card {name!r} left for the lineup"
    raise ValueError(msg)
