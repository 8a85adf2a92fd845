"""Set up a table by hand: for rule tests, puzzles and "what would you do here?" questions.

>>> from umbrella_lab.games.corporation.scenario import scenario
>>> s = scenario(teams={"stars-alpha": ["jill", "barry"]}, facilities=["paris-lab"])
>>> [str(a) for a in s.legal_actions()]
['S.T.A.R.S. Alpha Team assaults Paris Laboratory (force 9 vs 5 before dice)', \
'Heroes make no assault this turn']

Cards are named by their design id (``"jill"``, ``"laser-corridor"``). Each is taken from the
cards still free, so every card is in the game exactly once: the cards not placed anywhere go
to the deck (shuffled from ``seed``), or to the discard pile when the deck is given.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from umbrella_lab.engine.core import load
from umbrella_lab.games.corporation.rules import (
    HERO,
    UMBRELLA,
    CorporationState,
    advance,
    clear_combat,
)

PHASES = {
    "draw": "turn-start",
    "events": "events-start",
    "recruit": "recruit-start",
    "assault": "assault-start",
    "hunt": "hunt-start",
    "end": "end-start",
}


def scenario(
    teams: Mapping[str, Sequence[str]] | None = None,
    facilities: Sequence[str] | None = None,
    units: Sequence[str] = (),
    hero_hand: Sequence[str] = (),
    umbrella_hand: Sequence[str] = (),
    hero_discard: Sequence[str] = (),
    umbrella_discard: Sequence[str] = (),
    hero_deck: Sequence[str] | None = None,
    umbrella_deck: Sequence[str] | None = None,
    destroyed_teams: Sequence[str] = (),
    phase: str = "assault",
    turn: int = 1,
    seed: int = 0,
    **options: Any,
) -> CorporationState:
    """A table with the given cards in play, in hand and in the piles, at the start of a phase.

    Args:
        teams: The Heroes' teams in play, each with its characters, e.g.
            ``{"stars-alpha": ["jill", "barry"]}`` (default: S.T.A.R.S. Alpha, no characters).
        facilities: Umbrella's facilities in play (default: the six starting ones). Starting
            facilities not listed count as destroyed; the New Facility, unless listed, is in the
            deck.
        units: Umbrella's units in play.
        hero_hand: The Heroes' hand.
        umbrella_hand: Umbrella's hand.
        hero_discard: The Heroes' discard pile.
        umbrella_discard: Umbrella's discard pile.
        hero_deck: The Heroes' deck, top card first. When given, every hero card not placed
            elsewhere goes to the discard pile.
        umbrella_deck: Umbrella's deck, likewise.
        destroyed_teams: Teams removed from the game.
        phase: Where the turn starts: ``"draw"`` (a new turn), ``"events"``, ``"recruit"``,
            ``"assault"``, ``"hunt"`` or ``"end"``.
        turn: The turn number.
        seed: Seed of the luck (deck order and dice).
        options: Rule options, as for ``ul.load``.

    Raises:
        ValueError: for an unknown phase or a card that is not free to place.
    """
    if phase not in PHASES:
        msg = f"unknown phase {phase!r}; choose one of {', '.join(PHASES)}"
        raise ValueError(msg)
    game = load("corporation", **options)
    s: CorporationState = game.deal(seed)  # type: ignore[assignment]
    s.events = []
    cards = s.cards
    free = [list(range(len(cards.hero))), list(range(len(cards.umbrella)))]

    def take(side: int, name: str) -> int:
        designs = cards.hero if side == HERO else cards.umbrella
        for number in free[side]:
            if designs[number].id == name:
                free[side].remove(number)
                return number
        known = sorted({card.id for card in designs})
        msg = f"no free card {name!r} left for {('the Heroes', 'Umbrella')[side]}"
        if name not in known:
            msg = f"{name!r} is not a card id; the ids are {', '.join(known)}"
        raise ValueError(msg)

    if teams is None:
        teams = {"stars-alpha": []}
    s.teams, s.crews = [], []
    for team, crew in teams.items():
        s.teams.append(take(HERO, team))
        s.crews.append([take(HERO, name) for name in crew])
    s.removed = [[take(HERO, name) for name in destroyed_teams], []]
    s.hands = [[take(HERO, n) for n in hero_hand], [take(UMBRELLA, n) for n in umbrella_hand]]
    s.discards = [
        [take(HERO, n) for n in hero_discard],
        [take(UMBRELLA, n) for n in umbrella_discard],
    ]
    starting = [c.id for c in cards.umbrella if c.start]
    s.facilities = [
        take(UMBRELLA, name) for name in (starting if facilities is None else facilities)
    ]
    for name in starting:
        if facilities is not None and name not in facilities:
            s.removed[UMBRELLA].append(take(UMBRELLA, name))
    s.units = [take(UMBRELLA, name) for name in units]
    for side, deck in ((HERO, hero_deck), (UMBRELLA, umbrella_deck)):
        if deck is None:
            rest = free[side]
            game.luck.deal(seed).shuffle(rest)
            s.decks[side] = rest
        else:
            s.decks[side] = [take(side, name) for name in reversed(deck)]  # top = last
            s.discards[side].extend(free[side])
    s.turn = turn - 1 if phase == "draw" else turn
    s.phase = PHASES[phase]
    s.seat, s.passes, s.characters_played = HERO, 0, False
    s.lockdown, s.defended = False, []
    clear_combat(s)
    advance(s)
    return s
