"""The card abilities of Heroes vs the Umbrella Corporation, one small function each.

Every card in ``data/*.toml`` names its ability in its ``effect`` field (``""`` for none), and
:data:`EFFECTS` maps that name to the function that does it. The rules call an ability at the
moment it acts, so the functions come in five groups, one signature each:

* **bonuses**, counted whenever a force is: ``bonus(card, use, against) -> int``, what the card
  adds to its side's force. ``use`` says what the card is fighting for, in the words of
  ``cards.HERO_EFFECTS``: ``"assault"`` (a team assaults), ``"facility"`` (a unit defends a
  facility), ``"hunt"`` (a unit hunts) or ``"team"`` (a team defends against the hunt);
  ``against`` is the sub-type of the Umbrella unit in the combat (``""`` if none). A character
  or a unit in play counts its bonus in every combat it fights [ability.vs-type]
  [ability.hunt-defence] [ability.defence]; an event or a trap counts once, when committed
  [ability.assist].
* **cancels**: ``cancels(card, unit) -> bool``, True when a committed card makes that unit count
  force 0 [ability.anti-virus].
* **events**, played in the Event phase: ``play(s, seat, card, target)``; each also says which
  targets it can take now and how its play reads [event.*].
* **when a team is destroyed**: ``saved(s, number)``, a character that leaves by itself instead
  of being split [ability.medic].
* **after both rolls**: ``reroll(s, number)``, a second chance at the dice [ability.lucky].

Each group is a :class:`~umbrella_lab.engine.effects.Table`, filled by the decorator
:func:`~umbrella_lab.engine.effects.effect`, which keeps the rule id (and the words) on the
function; :data:`EFFECTS` holds all five. What an ability does at the table (draw, find a card)
is ``actions.py``, which the rules use too.

Which cards may be *committed* when (an assault card to an assault, a trap to a facility's
defence) is data too: ``cards.HERO_EFFECTS`` and ``cards.UMBRELLA_EFFECTS``.

>>> sorted(EVENTS)
['draw', 'lockdown', 'medkit', 'reinforcements']
>>> from umbrella_lab.games.corporation.cards import load_cards
>>> cards = load_cards()
>>> alice = cards.hero[cards.hero_ids["alice"]]
>>> EFFECTS[alice.effect](alice, "assault", "monster"), EFFECTS[alice.effect](alice, "assault", "")
(2, 0)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from umbrella_lab.engine.effects import Table, effect
from umbrella_lab.games.corporation import actions
from umbrella_lab.games.corporation.state import BONUSES, CANCELS, EFFECTS, CorporationState

if TYPE_CHECKING:
    from umbrella_lab.games.corporation.cards import HeroCard, UmbrellaCard

    Card = HeroCard | UmbrellaCard


EVENTS = Table(
    "event",
    "The Event-phase cards: ``play(s, seat, card, target)``, with ``targets`` and ``words``.",
    within=(EFFECTS,),
)
SAVED = Table(
    "saved",
    "Characters that leave a destroyed team by themselves: ``saved(s, number)``.",
    within=(EFFECTS,),
)
REROLLS = Table(
    "reroll",
    "Characters that give the Heroes a second roll: ``reroll(s, number)``.",
    within=(EFFECTS,),
)

# --- Bonuses: what a card adds to its side's force ----------------------------------------------
# ``says`` is the event that names the bonus when the dice are rolled (see rules.say_bonuses).


@effect(BONUSES, "bonus-vs", rule="ability.vs-type", says="{name}: +{amount} against a {against}.")
def bonus_vs(card: HeroCard, use: str, against: str) -> int:
    """Alice, Chris [ability.vs-type]: +amount against a unit of the sub-type ``against``."""
    return card.amount if against and against == card.against else 0


@effect(
    BONUSES,
    "hunt-defence",
    rule="ability.hunt-defence",
    says="{name}: +{amount} when the team defends against Search and Destroy.",
)
def hunt_defence(card: Card, use: str, against: str) -> int:
    """Carlos [ability.hunt-defence]: +amount when his team defends against Search and Destroy."""
    return card.amount if use == "team" else 0


@effect(
    BONUSES, "defence", rule="ability.defence", says="{name}: +{amount} when it defends a facility."
)
def defence(card: Card, use: str, against: str) -> int:
    """The Licker [ability.defence]: +amount when it defends a facility."""
    return card.amount if use == "facility" else 0


@effect(
    BONUSES,
    "assault",
    "team-defence",
    "facility-defence",
    "hunt",
    rule="ability.assist",
    says="{name}: +{amount} for {side}.",
)
def assist(card: Card, use: str, against: str) -> int:
    """A committed event or trap [ability.assist]: +amount, in the combat it was committed to."""
    return card.amount


# --- Cancels: a unit that counts force 0 ----------------------------------------------------------


@effect(CANCELS, "anti-virus", rule="ability.anti-virus")
def anti_virus(card: HeroCard, unit: UmbrellaCard) -> bool:
    """Anti-Virus [ability.anti-virus]: a unit of the sub-type ``against`` counts force 0.

    It adds nothing to the Heroes' force itself, and at most one counts in a combat (the
    Heroes may not commit a second one).
    """
    return unit.subtype == card.against


# --- Events: the cards played in the Event phase [event.*] --------------------------------------
# ``targets(s, seat)`` lists the card ids the event may take ("" for an event that takes none;
# an empty list when it cannot be played now); ``words`` is how the play reads in its label.


def _no_target(s: CorporationState, seat: int) -> list[str]:
    return [""]


def _characters_in_discard(s: CorporationState, seat: int) -> list[str]:
    hero = s.cards.hero
    return list(
        actions.first_copies(
            s, [n for n in s.discards[actions.HERO] if hero[n].kind == "character"]
        )
    )


def _unless_locked_down(s: CorporationState, seat: int) -> list[str]:
    return [] if s.lockdown else [""]


def _units_in_deck(s: CorporationState, seat: int) -> Iterator[str]:
    # in the order of the card numbers, which tells nothing of the deck's order [cards.hidden]
    deck, seen = set(s.decks[actions.UMBRELLA]), set()
    for number, card in enumerate(s.cards.umbrella):
        if card.kind == "unit" and number in deck and card.id not in seen:
            seen.add(card.id)
            yield card.id


@effect(EVENTS, "draw", rule="event.intel", words="draw {amount} cards", targets=_no_target)
def intel(s: CorporationState, seat: int, card: Card, target: str) -> None:
    """Intel [event.intel]: draw ``amount`` cards."""
    s.say("event.intel", lambda: f"The Heroes play {card.name}.")
    actions.draw(s, actions.HERO, card.amount, "event.intel")


@effect(
    EVENTS,
    "medkit",
    rule="event.medkit",
    words="take {target} back from the discard pile",
    targets=_characters_in_discard,
)
def medkit(s: CorporationState, seat: int, card: Card, target: str) -> None:
    """Medkit [event.medkit]: a character of the Heroes' choice, from the discard pile to hand."""
    number = actions.find(s, s.discards[actions.HERO], target, actions.HERO)
    s.discards[actions.HERO].remove(number)
    s.hands[actions.HERO].append(number)
    s.say(
        "event.medkit",
        lambda: (
            f"The Heroes play {card.name}: {s.cards.hero[number].name} comes back from the "
            "discard pile to their hand."
        ),
    )


@effect(
    EVENTS,
    "lockdown",
    rule="event.lockdown",
    words="no assault this turn",
    targets=_unless_locked_down,
)
def lockdown(s: CorporationState, seat: int, card: Card, target: str) -> None:
    """Red Queen Lockdown [event.lockdown]: no assault this turn; one a turn is enough."""
    s.lockdown = True
    s.stats[actions.LOCKDOWNS] += 1
    s.say(
        "event.lockdown",
        lambda: f"Umbrella plays {card.name}: the Heroes may not assault this turn.",
    )


@effect(
    EVENTS,
    "reinforcements",
    rule="event.reinforcements",
    words="take {target} from the deck",
    targets=_units_in_deck,
)
def reinforcements(s: CorporationState, seat: int, card: Card, target: str) -> None:
    """Reinforcements [event.reinforcements]: a unit of Umbrella's choice from its deck to hand.

    Then Umbrella shuffles its deck. Of two copies of the unit it takes the first by card number
    (which one makes no difference to play; a fixed one keeps every replay the same).
    """
    deck = s.decks[actions.UMBRELLA]
    umbrella = s.cards.umbrella
    number = min(n for n in deck if umbrella[n].id == target)
    deck.remove(number)
    s.hands[actions.UMBRELLA].append(number)
    s._rng().shuffle(deck)
    s.say(
        "event.reinforcements",
        lambda: (
            f"Umbrella plays {card.name}: it takes {umbrella[number].label} from its deck into "
            "its hand and shuffles the deck."
        ),
    )


# --- When a team is destroyed ---------------------------------------------------------------


@effect(SAVED, "medic", rule="ability.medic")
def medic(s: CorporationState, number: int) -> None:
    """Rebecca [ability.medic]: when her team is destroyed she goes back to the Heroes' hand.

    She is not part of the split of the other characters [assault.characters].
    """
    s.hands[actions.HERO].append(number)
    s.stats[actions.CHARACTERS_SAVED] += 1
    s.say(
        "ability.medic",
        lambda: f"{s.cards.hero[number].name} is a Medic and goes back to the Heroes' hand.",
    )


# --- After both rolls ---------------------------------------------------------------------------


@effect(REROLLS, "lucky", rule="ability.lucky")
def lucky(s: CorporationState, number: int) -> None:
    """K-Mart [ability.lucky]: once per combat the Heroes roll their 2D6 again; the new roll counts.

    The Heroes choose after both rolls (the moves ``Reroll`` and ``Keep``).
    """
    s.lucky_used = True
    s.stats[actions.REROLLS] += 1
    s.rolls[actions.HERO], s.roller, s.phase = 0, actions.HERO, "roll"
    s.say(
        "ability.lucky",
        lambda: f"{s.cards.hero[number].name}'s luck: the Heroes roll their 2D6 again.",
    )
