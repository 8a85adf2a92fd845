"""Marvel United: the decisions that damage and the effects leave to the heroes.

``Lose``: the card a damaged hero puts from hand under the deck [hero.damage]. ``Choose``: every
other choice an effect leaves to the heroes, a target, a hero, a card, yes or no [extra.ties],
named in an action id by its word (:func:`choice_id`). What each choice does is in
``effects.py`` (``ASKS``).
"""

from __future__ import annotations

from typing import Annotated

from umbrella_lab.engine.core import Event
from umbrella_lab.engine.moves import ByName, Move
from umbrella_lab.games.marvel import effects
from umbrella_lab.games.marvel.actions import card_id, card_words, lose_card
from umbrella_lab.games.marvel.rules.naming import CardName
from umbrella_lab.games.marvel.rules.steps import run
from umbrella_lab.games.marvel.state import MarvelState


class Lose(Move):
    """The card a damaged hero puts from hand under the deck [hero.damage]."""

    rule, steps = "hero.damage", ("lose",)
    when, when_rule = "a card is lost when a hero takes damage", "hero.damage"
    seat: int
    card: CardName

    @staticmethod
    def legal(s: MarvelState) -> list[Lose]:
        _, seat, hero, _rule = s.ask
        return [Lose(seat, card) for card in s.hand_of(hero)]

    def play(self, s: MarvelState) -> None:
        _, _seat, hero, rule = s.ask
        s.ask = None
        lose_card(s, hero, self.card, rule)
        run(s)

    def label(self, s: MarvelState) -> str:
        hero = s.ask[2] if s.ask is not None and s.ask[0] == "lose" else 0
        words = f"lose {card_words(s, self.card)} [{card_id(s, self.card)}]"
        return f"{s.hero_name(hero)} takes 1 damage: {words}"

    def refusal(self, s: MarvelState) -> tuple[str, str]:
        return "that card is not in the damaged hero's hand", "hero.damage"


def choice_id(s: MarvelState, choice: int) -> str:
    """A choice of the waiting decision by its word (a location, hero or card id...)."""
    if s.ask is None or s.ask[0] not in effects.ASKS:
        return str(choice)
    return effects.ASKS[s.ask[0]].name(s, choice)


def choice_number(s: MarvelState, text: str) -> int:
    """The choice of the waiting decision with this word."""
    if s.ask is None or s.ask[0] not in effects.ASKS:
        msg = "there is nothing to choose now"
        raise ValueError(msg)
    step = effects.ASKS[s.ask[0]]
    for choice in step.choices(s):
        if step.name(s, choice) == text:
            return choice
    names = ", ".join(step.name(s, c) for c in step.choices(s))
    msg = f"{text!r} is not a choice now; the choices are {names}"
    raise ValueError(msg)


ChoiceName = Annotated[int, ByName(choice_id, choice_number, "choice")]


class Choose(Move):
    """A choice an effect leaves to the heroes: a target, a hero, a card, yes or no [extra.ties].

    What each choice does is written in ``effects.py`` (``ASKS``). Every choice is an event
    citing its ask's rule: when the choice itself says nothing (nobody stops a BAM, a location
    to blast, nobody else flies along), the decision is recorded in its label's words.
    """

    rule, steps = "extra.ties", tuple(effects.ASKS)
    when, when_rule = "a choice is made when an effect leaves one to the heroes", "extra.ties"
    seat: int
    choice: ChoiceName

    @staticmethod
    def legal(s: MarvelState) -> list[Choose]:
        step = effects.ASKS[s.ask[0]]
        return [Choose(s.ask[1], c) for c in step.choices(s)]

    def play(self, s: MarvelState) -> None:
        step = effects.ASKS[s.ask[0]]
        pending = s.ask
        events = s.events
        if events is not None:
            start, decision = len(events), Event(step.rule, f"{self.label(s)}.")
        s.ask = None
        step.take(s, pending, self.choice)
        if events is not None and not any(e.rule == step.rule for e in events[start:]):
            events.insert(start, decision)  # the choice said nothing itself [extra.ties]
        run(s)

    def label(self, s: MarvelState) -> str:
        if s.ask is None:  # no decision waits (a move put into words out of its step)
            return f"{s.seat_name(self.seat)}: choose {self.id(s).rsplit('/', 1)[-1]}"
        step = effects.ASKS[s.ask[0]]
        return f"{s.seat_name(self.seat)}: {step.words(s, self.choice)}"

    def rule_in(self, s: MarvelState) -> str:
        return effects.ASKS[s.ask[0]].rule if s.ask is not None else self.rule

    def refusal(self, s: MarvelState) -> tuple[str, str]:
        return "that is not one of the choices", effects.ASKS[s.ask[0]].rule
