"""Marvel United positions set up by hand, for tests and notebooks.

>>> s = position(villain="ultron", heroes=("hulk", "wasp"), thugs={"nypd-hq": 2})
>>> s.step, s.thugs[place_number(s, "nypd-hq")]
('play', 2)
"""

from __future__ import annotations

from typing import Any

from umbrella_lab.engine.core import load
from umbrella_lab.games.marvel.actions import PLAN, card_number, place_number
from umbrella_lab.games.marvel.rules import MarvelState


def position(
    players: int | None = None,
    seed: int = 0,
    places: tuple[str, ...] = (),
    threats: dict[str, str] | None = None,
    villain_at: str | None = None,
    hero_at: dict[str, str] | None = None,
    thugs: dict[str, int] | None = None,
    civilians: dict[str, int] | None = None,
    hands: dict[str, list[str]] | None = None,
    decks: dict[str, list[str]] | None = None,
    plan_deck: list[str] | None = None,
    storyline: list[str] | None = None,
    lead: str | None = None,
    **options: Any,
) -> MarvelState:
    """A table ready for a hero to play a card, with the given things changed.

    ``places`` are location ids clockwise (six); ``threats`` maps a location id to a threat
    id, or ``""`` for none; ``villain_at`` and ``hero_at`` place figures by location id;
    ``thugs`` and ``civilians`` set token counts; ``hands`` and ``decks`` set a seat's (by
    the hero id, or ``"shield"`` in solo) cards by card id, the top of a deck last;
    ``plan_deck`` sets the Master Plan deck (the top last); ``storyline`` the cards played.
    The first hero (or ``lead``) is to play, with the first villain turn done.
    """
    heroes = options.get("heroes")
    if players is None:
        players = len(heroes) if heroes else 2
    game = load("marvel", players=players, **options)
    s = game.new(seed)
    assert isinstance(s, MarvelState)
    if places:
        ids = [loc.id for loc in s.cards.locations]
        s.places = tuple(ids.index(p) for p in places)
    for where_id, threat_id in (threats or {}).items():
        where = place_number(s, where_id)
        ids = [t.id for t in s.cards.threats]
        s.threats[where] = ids.index(threat_id) if threat_id else -1
        s.marks[where] = 0
    if villain_at is not None:
        s.villain_at = place_number(s, villain_at)
    for hero_id, where_id in (hero_at or {}).items():
        s.hero_at[s.heroes.index(hero_id)] = place_number(s, where_id)
    for where_id, count in (thugs or {}).items():
        s.thugs[place_number(s, where_id)] = count
    for where_id, count in (civilians or {}).items():
        s.civilians[place_number(s, where_id)] = count
    if hands or decks or storyline is not None or plan_deck is not None:
        _deal(s, hands or {}, decks or {}, storyline, plan_deck)
    if s.step == "lead" or s.ask is not None:
        s.ask, s.todo = None, []
        s.turn = s.heroes.index(lead) if lead else 0
        s.step = "play"
    elif lead:
        s.turn = s.heroes.index(lead)
    s.events = []
    return s


def _entry(s: MarvelState, name: str) -> int:
    """A Storyline entry by id: a hero card, or PLAN + a Master Plan card."""
    plans = [p.id for p in s.cards.plans]
    return PLAN + plans.index(name) if name in plans else card_number(s, name)


def _deal(
    s: MarvelState,
    hands: dict,
    decks: dict,
    storyline: list[str] | None,
    plan_deck: list[str] | None,
) -> None:
    """Put the named cards where asked; every other card stays in its seat's deck.

    Master Plan cards neither in the deck nor in the Storyline go first in the Storyline (as
    played before), so that every card is somewhere.
    """
    story = s.storyline if storyline is None else [_entry(s, e) for e in storyline]
    plans = [p.id for p in s.cards.plans]
    if plan_deck is not None:
        deck = [plans.index(p) for p in plan_deck]
    else:
        deck = [p for p in s.plan_deck if PLAN + p not in story]
    mine = [n for n, p in enumerate(s.cards.plans) if p.villain == s.villain.id]
    earlier = [PLAN + n for n in mine if n not in deck and PLAN + n not in story]
    old_story = [e for e in s.storyline if e < PLAN]
    s.storyline, s.plan_deck = earlier + story, deck
    in_story = {e for e in story if e < PLAN}
    for seat in range(len(s.hands)):
        owned = s.hands[seat] + s.decks[seat] + [e for e in old_story if _owner(s, e) == seat]
        owned = [c for c in owned if c not in in_story]
        name = "shield" if s.solo else s.heroes[seat]
        hand = [card_number(s, c) for c in hands[name]] if name in hands else None
        top = [card_number(s, c) for c in decks[name]] if name in decks else []
        if hand is None:
            hand = [c for c in s.hands[seat] if c in owned and c not in top]
        rest = [c for c in owned if c not in hand and c not in top]
        s.hands[seat], s.decks[seat] = hand, rest + top


def _owner(s: MarvelState, card: int) -> int:
    return 0 if s.solo else s.hero_of(card)
