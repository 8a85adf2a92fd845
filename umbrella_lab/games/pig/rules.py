"""Pig's rules in the rulebook's order: the setup, the turn, then one class per kind of move.

Rule ids in brackets point into ``digest.md`` beside this file; every event and every refusal
names one. The engine lists a kind's moves only at its steps, and refuses a move made by the
wrong seat or at the wrong step, saying why; ``refusal`` gives a kind's own reason beyond that.

>>> import umbrella_lab as ul
>>> state = ul.load("pig", players=2).new(seed=1)
>>> state = state.apply("P1: roll the die").apply("the die shows 5")
>>> [str(action) for action in state.legal_actions()]
['P1: roll the die', 'P1: hold (bank 5, score 5)']
"""

from __future__ import annotations

from typing import Annotated

from umbrella_lab.engine.core import CHANCE, Game, Result
from umbrella_lab.engine.moves import ById, Move
from umbrella_lab.engine.words import plural

from .die import DIE
from .state import PigState


def setup(game: Game, seed: int, events: list | None) -> PigState:
    """Everyone at 0; P1 starts [setup.players] [setup.first]."""
    s = PigState.__new__(PigState)
    s.game, s.seed, s.events, s.goal = game, seed, events, game.options["goal"]
    s.die, s.scores = DIE.of(game), [0] * game.players
    s.active, s.turn_total, s.step, s.rolls, s.turns, s.outcome = 0, 0, "decide", 0, 1, None
    s.own_rolls = [0] * game.players
    s.say("setup.players", lambda: f"{game.players} players, each with a score of 0; "
          f"the goal is {s.goal}.")  # fmt: skip
    s.say("setup.first", lambda: "P1 starts.")
    return s


def next_turn(s: PigState) -> None:
    """The die passes clockwise and the turn total starts at 0 [turn.order]."""
    s.active, s.turns = (s.active + 1) % len(s.scores), s.turns + 1
    s.turn_total, s.step = 0, "decide"
    s.say("turn.order", lambda: f"{s.seat_name(s.active)}'s turn.")


class Roll(Move):
    """Roll the die: luck then decides the face [turn.roll]."""

    rule, steps = "turn.roll", ("decide",)
    seat: int

    @staticmethod
    def legal(s: PigState) -> list[Roll]:
        return [Roll(s.active)]

    def play(self, s: PigState) -> None:
        s.step, s.rolls = "roll", s.rolls + 1
        s.own_rolls[self.seat] += 1
        s.say("turn.roll", lambda: f"{s.seat_name(self.seat)} rolls the die.")

    def label(self, s: PigState) -> str:
        return f"{s.seat_name(self.seat)}: roll the die"


class Hold(Move):
    """Bank the turn total and pass the die; reaching the goal wins [turn.hold] [end.goal]."""

    rule, steps = "turn.hold", ("decide",)
    seat: int

    @staticmethod
    def legal(s: PigState) -> list[Hold]:
        return [Hold(s.active)] if s.turn_total else []

    def play(self, s: PigState) -> None:
        who, score = self.seat, s.scores[self.seat] + s.turn_total
        s.scores[who] = score
        s.say("turn.hold", lambda: f"{s.seat_name(who)} holds and banks {s.turn_total}: "
              f"score {score}.")  # fmt: skip
        if score < s.goal:
            return next_turn(s)
        reason = f"{s.seat_name(who)} reaches {score} of {s.goal} and wins."
        s.outcome, s.step = Result((self.seat,), reason, "end.goal", tuple(s.scores)), "over"
        s.say("end.goal", lambda: reason)

    def label(self, s: PigState) -> str:
        banked = s.scores[self.seat] + s.turn_total
        return f"{s.seat_name(self.seat)}: hold (bank {s.turn_total}, score {banked})"

    def refusal(self, s: PigState) -> tuple[str, str]:
        return "there is nothing to bank yet: roll first", "turn.roll"


class Face(Move):
    """The die's answer, luck's step: points for the turn, or a pig [turn.points] [turn.pig].

    Applying a face on purpose forces it: a what-if. Its id names the face ("face/four").
    """

    rule, steps, by, equally_likely = "turn.points", ("roll",), CHANCE, True  # every face
    when = "luck decides the face while the die rolls"
    face: Annotated[int, ById(lambda s: s.die, "face", "the die")]

    @staticmethod
    def legal(s: PigState) -> list[Face]:
        return [Face(n) for n in range(len(s.die))]

    def play(self, s: PigState) -> None:
        face, lost = s.die[self.face], s.turn_total
        if face.pig:
            s.say("turn.pig", lambda: f"A {face.value}: a pig! {s.seat_name(s.active)} loses "
                  f"the {plural(lost, 'point')} of this turn.")  # fmt: skip
            return next_turn(s)
        s.turn_total, s.step = s.turn_total + face.value, "decide"
        s.say("turn.points", lambda: f"A {face.value}: the turn total is {s.turn_total}.")

    def label(self, s: PigState) -> str:
        return f"the die shows {s.die[self.face].value}"

    def rule_in(self, s: PigState) -> str:
        return "turn.pig" if s.die[self.face].pig else "turn.points"

    def refusal(self, s: PigState) -> tuple[str, str]:
        return f"the die's faces are numbered 0 to {len(s.die) - 1}", "data.die"


MOVES = (Roll, Hold, Face)
"""The move kinds, in the order their moves are listed."""
