"""Heroes vs the Umbrella Corporation, 6. Event phase [event.*].

The players take turns, Umbrella first: each plays an Event-phase card or passes, and two
passes in a row end the phase [event.order]. A card played takes effect at once and goes to
the discard pile [cards.in-play]; what it does is its effect in ``effects.EVENTS``: Intel,
Medkit, Red Queen Lockdown [event.lockdown], Reinforcements.
"""

from __future__ import annotations

from collections.abc import Iterator

from umbrella_lab.engine.moves import Move
from umbrella_lab.games.corporation import effects
from umbrella_lab.games.corporation.actions import EVENTS_PLAYED, HERO, UMBRELLA, find
from umbrella_lab.games.corporation.rules.turn import CardId, advance, card_of, side_verb, step
from umbrella_lab.games.corporation.state import CorporationState, design


@step("events-start")
def events_start(s: CorporationState) -> bool:
    """Umbrella plays or passes first [event.order]."""
    s.seat, s.passes, s.phase = UMBRELLA, 0, "events"
    return False


@step("events")
def events(s: CorporationState) -> bool:
    """The side whose turn it is plays an event or passes; two passes end the phase.

    A side with no event it may play passes without being asked [event.order].
    """
    if s.passes >= 2:
        s.phase = "recruit-start"
    elif any(PlayEvent.legal(s)):
        s.actor = s.seat
        return True
    else:  # nothing to play: a pass
        s.passes += 1
        s.seat = 1 - s.seat
    return False


class PlayEvent(Move):
    """Play an Event-phase card: it takes effect at once and goes to the discard pile.

    The players take turns, Umbrella first; after a play the other side may play or pass
    [event.order] [cards.in-play]. What the card does is its effect (``effects.EVENTS``):
    Intel, Medkit, Red Queen Lockdown, Reinforcements [event.*]. ``target`` is the card it
    takes (a character, a unit), ``""`` for none.
    """

    kind = "event"
    rule = "event.order"
    steps = ("events",)
    when = "event-phase cards are played in the Event phase"
    held = "card"
    seat: int
    card: CardId
    target: CardId

    @staticmethod
    def legal(s: CorporationState) -> Iterator[PlayEvent]:
        side, seen = s.seat, set()
        deck = s.cards.hero if side == HERO else s.cards.umbrella
        for number in s.hands[side]:
            card = deck[number]
            event = effects.EVENTS.get(card.effect)
            if event is not None and card.id not in seen:  # two copies make the same moves
                seen.add(card.id)
                for target in event.targets(s, side):
                    yield PlayEvent(side, card.id, target)

    def play(self, s: CorporationState) -> None:
        side = self.seat
        number = find(s, s.hands[side], self.card, side)
        s.hands[side].remove(number)
        s.discards[side].append(number)
        s.stats[EVENTS_PLAYED] += 1
        s.passes, s.seat = 0, 1 - side  # [event.order] the other side's turn to play or pass
        card = card_of(s, side, number)
        effects.EVENTS[card.effect](s, side, card, self.target)
        advance(s)

    def label(self, s: CorporationState) -> str:
        card = design(s, self.seat, self.card)
        target = design(s, self.seat, self.target).label if self.target else ""
        words = effects.EVENTS[card.effect].words.format(amount=card.amount, target=target)
        return f"{side_verb(self.seat, 'play', 'plays')} {card.name}: {words}"

    def rule_in(self, s: CorporationState) -> str:
        return effects.EVENTS[design(s, self.seat, self.card).effect].rule

    def refusal(self, s: CorporationState) -> tuple[str, str]:
        if design(s, self.seat, self.card).effect == "lockdown" and s.lockdown:
            return (
                "the Red Queen has already locked the facilities down this turn",
                "event.lockdown",
            )
        return "that card cannot be played in the Event phase (or has no target)", self.rule


class Pass(Move):
    """Play no event now; two passes in a row end the Event phase [event.order]."""

    rule = "event.order"
    steps = ("events",)
    when = "passing is for the Event phase"
    seat: int

    @staticmethod
    def legal(s: CorporationState) -> list[Pass]:
        return [Pass(s.seat)]

    def play(self, s: CorporationState) -> None:
        s.passes += 1
        s.seat = 1 - self.seat
        who = "The Heroes pass" if self.seat == HERO else "Umbrella passes"
        s.say("event.order", lambda: f"{who}.")
        advance(s)

    def label(self, s: CorporationState) -> str:
        return f"{side_verb(self.seat, 'pass', 'passes')} (no more events)"
