"""Marvel United, 4. The hero turn: the end of the actions.

``Visit``: end the actions and use the End of Turn effect of the hero's location, if no Threat
covers it [turn.location]. ``Done``: end the actions and the turn; unused symbols are lost
[turn.done]. Both put the end of the turn in line (``end-turn``, in ``hero_turn.py``).
"""

from __future__ import annotations

from umbrella_lab.engine.moves import Move
from umbrella_lab.engine.words import plural
from umbrella_lab.games.marvel import effects
from umbrella_lab.games.marvel.actions import later
from umbrella_lab.games.marvel.rules.hero_turn import end_actions
from umbrella_lab.games.marvel.rules.steps import run
from umbrella_lab.games.marvel.state import MarvelState


def location_open(s: MarvelState) -> bool:
    """True when the active hero may use its location's End of Turn effect [turn.location]."""
    hero = s.active
    if hero < 0 or s.ko[hero]:
        return False
    where = s.hero_at[hero]
    if s.threats[where] >= 0:
        return False
    effect = effects.LOCATIONS[s.cards.locations[s.places[where]].effect]
    return effect.usable(s, hero)


class Visit(Move):
    """End the actions and use the End of Turn effect of the hero's location.

    If no Threat covers it; one location effect a turn [turn.location].
    """

    rule, steps = "turn.location", ("act",)
    when = "the location's effect ends the actions"
    seat: int

    @staticmethod
    def legal(s: MarvelState) -> list[Visit]:
        if not location_open(s):
            return []
        return [Visit(s.turn)]

    def play(self, s: MarvelState) -> None:
        hero = s.active
        where = s.hero_at[hero]
        effect = effects.LOCATIONS[s.cards.locations[s.places[where]].effect]
        end_actions(s)
        s.say("turn.location", lambda: f"{s.hero_name(hero)} ends the actions at the location.")
        s.say(effect.rule, lambda: f"{s.hero_name(hero)} uses {s.place_name(where)}.")
        later(s, ("end-turn",))
        effect.use(s, hero)
        run(s)

    def label(self, s: MarvelState) -> str:
        where = s.hero_at[s.active]
        location = s.cards.locations[s.places[where]]
        return f"{s.actor()}: end the actions, use {location.name} ({location.text})"

    def rule_in(self, s: MarvelState) -> str:
        if s.active < 0:
            return self.rule
        where = s.hero_at[s.active]
        return effects.LOCATIONS[s.cards.locations[s.places[where]].effect].rule

    def refusal(self, s: MarvelState) -> tuple[str, str]:
        if s.threats[s.hero_at[s.active]] >= 0:
            return "a Threat covers this location's End of Turn effect", "turn.location"
        return "the End of Turn effect would do nothing now", "turn.location"


class Done(Move):
    """End the actions and the turn; unused symbols are lost [turn.done]."""

    rule, steps = "turn.done", ("act",)
    when = "a turn is ended after its card is played"
    seat: int

    @staticmethod
    def legal(s: MarvelState) -> list[Done]:
        return [Done(s.turn)]

    def play(self, s: MarvelState) -> None:
        left = sum(s.pool)
        s.say(
            "turn.done",
            lambda: (
                f"{s.actor()} ends the turn"
                + (f" ({plural(left, 'symbol')} unused)." if left else ".")
            ),
        )
        end_actions(s)
        later(s, ("end-turn",))
        run(s)

    def label(self, s: MarvelState) -> str:
        left = sum(s.pool)
        unused = f" ({plural(left, 'symbol')} unused)" if left else ""
        return f"{s.actor()}: end the turn{unused}"

    def refusal(self, s: MarvelState) -> tuple[str, str]:
        return "not now", "turn.done"
