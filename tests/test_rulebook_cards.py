"""``cards="rulebook"`` plays only the rulebook: no card or value the project invented.

The data files mark each card's provenance; ``invented`` is the project's own card or value
(a Dysfunctional Family card of its own, the +10 Hero Boost, the corporation's Intel or Red
Queen Lockdown). Games played in the rulebook-only mode must never hold, draw, flip or play
one, and no event may cite the rule of an invented card or ability. The full mode keeps them.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

import umbrella_lab as ul
from umbrella_lab.engine.core import CHANCE, State
from umbrella_lab.games.corporation import effects as corporation_effects
from umbrella_lab.games.corporation.rules import INVENTED_ABILITIES, rulebook_cards

ABILITY_RULES = {
    "bonus-vs": "ability.vs-type",
    "medic": "ability.medic",
    "lucky": "ability.lucky",
    "hunt-defence": "ability.hunt-defence",
    "defence": "ability.defence",
}
"""The digest rule of each invented ability of the corporation game's characters and units."""


def games(name: str, players: int, seeds: range, cards: str = "rulebook") -> Iterator[State]:
    """Every position of random games of ``name`` in the given card mode."""
    game = ul.load(name, players=players, cards=cards)
    for seed in seeds:
        state, rng = game.new(seed), random.Random(seed)
        yield state
        while not state.is_over:
            if state.to_act == CHANCE:
                state = state.roll()
            else:
                state = state.apply(rng.choice(state.legal_actions()))
            yield state


def academy_cards(s: State) -> Iterator[object]:
    """Every hero card and Dysfunctional Family card on the table, in a deck or a pile."""
    for number in s.deck + s.discard + [n for hand in s.hands for n in hand]:
        yield s.cards.hero_deck[number]
    family = s.family_deck + s.family_discard + ([s.family] if s.family >= 0 else [])
    for number in family:
        yield s.cards.family[number]


def corporation_cards(s: State) -> Iterator[object]:
    """Every card of both sides: decks, hands, discards, the table and the removed cards."""
    hero = (
        s.decks[0]
        + s.discards[0]
        + s.hands[0]
        + s.removed[0]
        + s.teams
        + [n for crew in s.crews for n in crew]
        + s.committed[0]
        + s.split_cards
    )
    umbrella = (
        s.decks[1] + s.discards[1] + s.hands[1] + s.removed[1] + s.facilities + s.units
    ) + s.committed[1]
    yield from (s.cards.hero[n] for n in hero)
    yield from (s.cards.umbrella[n] for n in umbrella)


def academy_invented_rules() -> set[str]:
    """The rules of the invented Dysfunctional Family cards (``family.<effect>``)."""
    cards = ul.load("academy", players=2).new(0).cards
    return {f"family.{c.effect}" for c in cards.family if c.provenance == "invented"}


def corporation_invented_rules() -> set[str]:
    """The rules of the invented events and abilities of the corporation game."""
    cards = ul.load("corporation").new(0).cards
    rules = set(ABILITY_RULES.values())
    for card in (*cards.hero, *cards.umbrella):
        if card.provenance == "invented":
            rules.add(corporation_effects.EFFECTS[card.effect].rule)
    return rules


def check_academy(players: int, seeds: range) -> int:
    invented = academy_invented_rules()
    assert {"family.hopelessness", "family.brothers"} <= invented
    seen = set()
    for s in games("academy", players, seeds):
        for card in academy_cards(s):
            assert card.provenance != "invented", f"{card.id} in a rulebook game (seed {s.seed})"
            seen.add(card.id)
        cited = {event.rule for event in s.events or ()}
        assert not cited & invented, f"seed {s.seed}: {cited & invented}"
    assert "hero-boost-20" in seen and "hero-boost-10" not in seen
    return len(seen)


def check_corporation(seeds: range) -> int:
    invented = corporation_invented_rules()
    assert {"event.lockdown", "event.medkit", "event.intel", "ability.anti-virus"} <= invented
    seen = set()
    for s in games("corporation", 2, seeds):
        for card in corporation_cards(s):
            assert card.provenance != "invented", f"{card.id} in a rulebook game (seed {s.seed})"
            assert card.effect not in INVENTED_ABILITIES, f"{card.id} keeps {card.effect}"
            seen.add(card.id)
        cited = {event.rule for event in s.events or ()}
        assert not cited & invented, f"seed {s.seed}: {cited & invented}"
        assert not s.lockdown
    assert {"ammo-cache", "laser-corridor", "alice"} <= seen
    return len(seen)


@pytest.mark.parametrize("players", [1, 2, 4])
def test_academy_rulebook_mode_plays_no_invented_card(players):
    assert check_academy(players, range(4)) > 10


def test_corporation_rulebook_mode_plays_no_invented_card():
    assert check_corporation(range(6)) > 20


@pytest.mark.slow
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_academy_rulebook_mode_plays_no_invented_card_many(players):
    check_academy(players, range(40))


@pytest.mark.slow
def test_corporation_rulebook_mode_plays_no_invented_card_many():
    check_corporation(range(60))


def test_the_full_mode_keeps_the_invented_cards():
    academy = ul.load("academy", players=2).new(0)
    ids = {c.id for c in academy_cards(academy)}
    assert {"hero-boost-10", "hopelessness"} <= ids
    corporation = ul.load("corporation").new(0)
    ids = {c.id for c in corporation_cards(corporation)}
    assert {"medkit", "intel", "anti-virus", "red-queen-lockdown", "reinforcements"} <= ids


def test_the_rulebook_cards_of_the_corporation_game():
    full = ul.load("corporation").new(0).cards
    plain = rulebook_cards(full)
    assert {c.id for c in plain.hero if c.kind == "event"} == {
        "ammo-cache",
        "air-support",
        "regroup",
    }
    assert len(plain.hero) == len(full.hero) - 6  # Anti-Virus, Intel, Medkit: 2 each
    assert len(plain.umbrella) == len(full.umbrella) - 5  # Lockdown 2, Reinforcements 3
    assert all(c.effect not in INVENTED_ABILITIES for c in (*plain.hero, *plain.umbrella))
    assert plain.hero[plain.hero_ids["alice"]].force == full.hero[full.hero_ids["alice"]].force


def test_the_corporations_rulebook_cards_do_not_name_the_abilities_they_lost():
    """Medic, Lucky and the bonuses are off in rulebook mode: no card text names them."""
    full = ul.load("corporation").new(0).cards
    plain = rulebook_cards(full)
    texts = {c.id: c.text for c in (*plain.hero, *plain.umbrella)}
    assert texts["rebecca"] == "An Operative character."
    assert texts["k-mart"] == "A Survivor character."
    assert texts["alice"] == "An Operative character." and texts["licker"] == "A Monster unit."
    for text in texts.values():
        assert not any(word in text for word in ("Medic", "Lucky", "+1 against", "+2 against"))
    assert "Medic" in full.hero[full.hero_ids["rebecca"]].text  # the full mode keeps them
    state = ul.load("corporation", cards="rulebook").new(0)
    shown = json.dumps([state.to_dict(seat) for seat in (None, 0, 1)])
    assert "Medic" not in shown and "Lucky" not in shown
