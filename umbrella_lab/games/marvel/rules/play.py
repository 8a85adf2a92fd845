"""Marvel United, 4. The hero turn: who starts, and the card played.

``Lead``: the heroes choose which hero takes the first hero turn [turn.first]. ``Play``: a card
from hand to the end of the Storyline [turn.play]; its symbols and those of the previous hero
card are this turn's actions [turn.symbols]; in solo any hero's card, and that hero acts
[solo.cards]; an Ultron Virus takes one symbol of the hero's choice [threat.ultron-virus].
"""

from __future__ import annotations

from umbrella_lab.engine.core import TEAM
from umbrella_lab.engine.moves import Move
from umbrella_lab.games.marvel.actions import (
    add_symbols,
    ask,
    card_id,
    card_words,
    later,
    previous_hero_card,
    symbols_words,
)
from umbrella_lab.games.marvel.rules.hero_turn import start_threat
from umbrella_lab.games.marvel.rules.naming import CardName, HeroName
from umbrella_lab.games.marvel.rules.steps import run
from umbrella_lab.games.marvel.state import MarvelState


class Lead(Move):
    """The heroes choose which hero takes the first hero turn [turn.first]."""

    rule, steps, by = "turn.first", ("lead",), TEAM
    when = "the heroes choose who starts at the start of the game"
    hero: HeroName

    @staticmethod
    def legal(s: MarvelState) -> list[Lead]:
        return [Lead(h) for h in range(len(s.heroes))]

    def play(self, s: MarvelState) -> None:
        s.say("turn.first", lambda: f"The heroes choose: {s.hero_name(self.hero)} starts.")
        s.turn, s.step = self.hero, ""
        later(s, ("begin",))
        run(s)

    def label(self, s: MarvelState) -> str:
        return f"{s.hero_name(self.hero)} starts"

    def refusal(self, s: MarvelState) -> tuple[str, str]:
        return "there is no such hero", "turn.first"


class Play(Move):
    """Play a card from hand to the end of the Storyline [turn.play].

    Its bottom symbols and those of the previous hero card are this turn's actions
    [turn.symbols]; in solo any hero's card, and that hero acts [solo.cards].
    """

    rule, steps = "turn.play", ("play",)
    when = "a card is played at the start of a hero's turn"
    seat: int
    card: CardName

    @staticmethod
    def legal(s: MarvelState) -> list[Play]:
        return [Play(s.turn, card) for card in s.hands[s.turn]]

    def play(self, s: MarvelState) -> None:
        hand = s.hands[self.seat]
        hand.remove(self.card)
        s.storyline.append(self.card)
        s.since_plan, s.turns = s.since_plan + 1, s.turns + 1
        hero = s.hero_of(self.card) if len(s.hands) == 1 else self.seat
        s.active, s.played = hero, self.card
        s.say("turn.play", lambda: f"{s.hero_name(hero)} plays {card_words(s, self.card)}.")
        if len(s.hands) == 1:  # solo: the hero whose card it is starts its turn now
            s.say(
                "solo.cards",
                lambda: f"The card is {s.hero_name(hero)}'s: {s.hero_name(hero)} acts.",
            )
            if s.shield[hero] and s.options.solo_shrink == "hero":
                s.shield[hero] = False
                s.say(
                    "extra.invulnerable",
                    lambda: f"{s.hero_name(hero)}'s Invulnerable token is removed.",
                )
            start_threat(s, hero)
        previous = previous_hero_card(s, len(s.storyline) - 1)
        s.pool = list(s.card(self.card).counts)
        add_symbols(s, previous)
        s.special = bool(s.card(self.card).special)
        s.say(
            "turn.symbols",
            lambda: (
                f"Actions this turn: {symbols_words(s.pool)}"
                + (f" (with {card_words(s, previous)})." if previous >= 0 else ".")
            ),
        )
        s.step = "act"
        if s.virus:  # an Ultron Virus takes 1 symbol of the hero's choice [threat.ultron-virus]
            if any(s.pool):
                ask(s, "virus", self.seat)
            else:
                s.virus = False
        run(s)

    def label(self, s: MarvelState) -> str:
        hero = s.hero_of(self.card) if len(s.hands) == 1 else self.seat
        return f"{s.hero_name(hero)}: play {card_words(s, self.card)} [{card_id(s, self.card)}]"

    def refusal(self, s: MarvelState) -> tuple[str, str]:
        return "that card is not in hand", "turn.play"
