"""Heroes vs the Umbrella Corporation, 3. Setup [setup.*].

Which cards are in the game (the project's invented abilities out with cards="rulebook"
[opt.cards], five starting facilities with starting_facilities=5 [opt.starting_facilities]);
Umbrella's facilities in play [setup.facilities]; both decks shuffled [cards.hero-deck]
[cards.umbrella-deck]; the Heroes' first decision, the team search [setup.team] (the move,
:class:`~umbrella_lab.games.corporation.rules.draw.SearchTeam`, is the Draw phase's too); then
both players shuffle and draw two cards [setup.shuffle] [setup.hands]. A table starts with no
combat under way (:func:`clear_combat`, which every combat starts with again).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from umbrella_lab.engine.core import Game
from umbrella_lab.engine.words import plural
from umbrella_lab.games.corporation.actions import HERO, UMBRELLA, draw
from umbrella_lab.games.corporation.cards import (
    Cards,
    HeroCard,
    UmbrellaCard,
    card_tables,
    load_cards,
)
from umbrella_lab.games.corporation.rules.turn import advance, step
from umbrella_lab.games.corporation.state import STARTING_HAND, CorporationState

INVENTED_ABILITIES = frozenset(("bonus-vs", "medic", "lucky", "hunt-defence", "defence"))
"""The lasting abilities of teams, characters and units: the project's own, not the
rulebook's [ability.*] [opt.cards]."""

_RULEBOOK_CARDS: dict[int, Cards] = {}


def rulebook_cards(cards: Cards) -> Cards:
    """The cards without what the project invented [opt.cards].

    The cards the data marks ``invented`` leave the decks: the events Intel, Medkit,
    Anti-Virus, Red Queen Lockdown and Reinforcements, whose effects the rulebook has no word
    of. Characters and units keep their force and sub-type; Medic, Lucky and the bonuses are
    gone, from the rules and from the cards' texts (Rebecca reads "An Operative character.").
    The events that add their number to a combat stay: the rulebook has events and traps
    that assist a combat ("adds up the force values and bonuses of all these cards"); only
    their numbers are the project's stand-in, as every force is.
    """
    found = _RULEBOOK_CARDS.get(id(cards))
    if found is None or found.source != cards.source:

        def plain(card: Any) -> Any:
            if card.effect in INVENTED_ABILITIES:  # its text named the ability: now its kind
                what = f"{card.subtype.capitalize()} {card.kind}" if card.subtype else card.kind
                text = f"{'An' if what[0] in 'AEIOUaeiou' else 'A'} {what}."
                return replace(card, effect="", amount=0, text=text)
            return card

        found = card_tables(
            [plain(c) for c in cards.hero if c.provenance != "invented"],
            [plain(c) for c in cards.umbrella if c.provenance != "invented"],
            cards.source,
        )
        _RULEBOOK_CARDS[id(cards)] = found
    return found


_FIVE_FACILITY_CARDS: dict[int, Cards] = {}


def five_facility_cards(cards: Cards) -> Cards:
    """The cards with only five starting facilities: the last one of the data is left out.

    The rulebook says "The Umbrella player starts with all 6 Facility cards in play except for
    the New Facility": read as six Facility cards in all, the New Facility one of them, five
    start in play [opt.starting_facilities]. The rulebook names no facility, so the one left
    out of the game is the last starting facility of the data files.
    """
    found = _FIVE_FACILITY_CARDS.get(id(cards))
    if found is None or found.source != cards.source:
        starting = [n for n, c in enumerate(cards.umbrella) if c.start]
        left_out = starting[-1]
        found = card_tables(  # the tables by name are built anew for the shorter list
            list(cards.hero),
            [c for n, c in enumerate(cards.umbrella) if n != left_out],
            cards.source,
        )
        _FIVE_FACILITY_CARDS[id(cards)] = found
    return found


def setup(game: Game, seed: int, events: list | None) -> CorporationState:
    """Deal a table [setup.*].

    Umbrella's facilities go into play and both decks are shuffled; then the Heroes search
    their deck for a first team (their first decision, :class:`SearchTeam`).
    """
    cards = load_cards(game.options["data"])
    if game.options["cards"] == "rulebook":  # [opt.cards]
        cards = rulebook_cards(cards)
    if game.options["starting_facilities"] == 5:  # [opt.starting_facilities]
        cards = five_facility_cards(cards)
    rng = game.luck.deal(seed)
    s = CorporationState.__new__(CorporationState)
    s.game, s.seed, s.cards, s.events = game, seed, cards, events
    s.shuffles, s.luck = 0, 0
    umbrella = cards.umbrella
    s.facilities = [n for n, c in enumerate(umbrella) if c.start]  # [setup.facilities]
    hero_deck = list(range(len(cards.hero)))
    umbrella_deck = [n for n, c in enumerate(umbrella) if not c.start]
    rng.shuffle(hero_deck)
    rng.shuffle(umbrella_deck)
    s.decks, s.discards = [hero_deck, umbrella_deck], [[], []]
    s.hands, s.removed = [[], []], [[], []]
    s.teams, s.crews, s.units = [], [], []
    s.turn, s.phase, s.actor, s.seat, s.passes = 0, "search", HERO, HERO, 0
    s.characters_played, s.lockdown, s.defended = False, False, []
    clear_combat(s)
    s.history, s.stats, s.outcome = [], [0] * 6, None
    s.say("cards.hero-deck", lambda: f"The Heroes' deck: {deck_words(cards.hero, hero_deck)}.")
    s.say(
        "cards.umbrella-deck",
        lambda: f"Umbrella's deck: {deck_words(umbrella, umbrella_deck)}.",
    )
    s.say(
        "setup.facilities",
        lambda: (
            f"Umbrella starts with {len(s.facilities)} facilities in play: "
            + ", ".join(umbrella[n].name for n in s.facilities)
            + "."
        ),
    )
    s.say("setup.team", lambda: "The Heroes search their deck for a team to put into play.")
    advance(s)
    return s


def deck_words(designs: Sequence[HeroCard] | Sequence[UmbrellaCard], deck: list[int]) -> str:
    """How many cards of each kind a deck holds, e.g. ``"6 teams, 20 characters, 14 events"``.

    [cards.hero-deck] [cards.umbrella-deck]
    """
    counts = Counter(designs[n].kind for n in deck)
    kinds = dict.fromkeys(card.kind for card in designs)  # in the order of the data file
    return ", ".join(plural(counts[kind], kind) for kind in kinds if counts[kind])


def clear_combat(s: CorporationState) -> None:
    """No combat under way: nobody attacks, nothing is committed, no dice are down."""
    s.combat, s.attacker, s.target, s.guard = "", -1, -1, -1
    s.committed, s.committer, s.rolls, s.roller = [[], []], HERO, [0, 0], HERO
    s.lucky_used, s.after, s.split_cards = False, [], []


def deal_hands(s: CorporationState) -> None:
    """After the search both players shuffle and draw two cards each [setup.shuffle]."""
    s._rng().shuffle(s.decks[HERO])
    s._rng().shuffle(s.decks[UMBRELLA])
    s.say("setup.shuffle", lambda: "Both players shuffle their decks.")
    for side in (HERO, UMBRELLA):
        draw(s, side, STARTING_HAND, "setup.hands")


@step("setup-deal")
def setup_deal(s: CorporationState) -> bool:
    """The team found, both players shuffle and draw [setup.shuffle] [setup.hands]."""
    deal_hands(s)
    s.phase = "turn-start"
    return False
