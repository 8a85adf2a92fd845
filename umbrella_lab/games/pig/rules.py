"""Pig: the rules, in the order play happens.

The template game of the kit: read this file to see the shape every game has. Rule ids in
brackets point into the digest ``digest.md`` (next to this file); every event and every
refusal names one.

1. The state [aim]: scores, whose turn, the turn total.
2. Setup [setup.*].
3. The moves, one unit each [turn.*]: ``Roll`` and ``Hold`` for the player, and ``Face``,
   the die's answer, a chance step with exact odds.
4. The end [end.goal].

>>> import umbrella_lab as ul
>>> state = ul.load("pig", players=2).new(seed=1)
>>> [str(action) for action in state.legal_actions()]
['P1: roll the die']
>>> state = state.apply("P1: roll the die")
>>> [(str(action), str(odds)) for action, odds in state.chance_outcomes()][:2]
[('the die shows 1', '1/6'), ('the die shows 2', '1/6')]
>>> state = state.apply("the die shows 5")
>>> state.turn_total, [str(action) for action in state.legal_actions()]
(5, ['P1: roll the die', 'P1: hold (bank 5, score 5)'])
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Annotated, ClassVar

from umbrella_lab.engine.core import CHANCE, Game, Result, State
from umbrella_lab.engine.moves import ByName, Move
from umbrella_lab.engine.words import plural
from umbrella_lab.games.pig.die import Die, load_die

# --- 1. The state ---------------------------------------------------------------------------


class PigState(State):
    """The table: every banked score, whose turn it is and what this turn has made so far.

    Attributes:
        die: The faces of the die (from ``data/die.toml``).
        goal: The score that wins [opt.goal].
        scores: Each seat's banked score.
        active: The seat whose turn it is.
        turn_total: Points made this turn and not yet banked [turn.points].
        rolling: True while the die is in the air: luck decides next [turn.roll].
        rolls: Rolls made so far in the game (it numbers the chance steps).
        turns: Turns taken so far in the game.
        outcome: The result, once the game is over.
    """

    __slots__ = (
        "active",
        "die",
        "goal",
        "outcome",
        "rolling",
        "rolls",
        "scores",
        "turn_total",
        "turns",
    )
    slot_copies: ClassVar[Mapping[str, str]] = {
        "scores": "list",
    }
    """How the fields the rules change in place are copied; the others are shared."""
    rule_for_unknown_action: ClassVar[str] = "turn.order"

    @property
    def to_act(self) -> int | None:
        """The seat deciding now, ``CHANCE`` while the die rolls, ``None`` when over."""
        if self.outcome is not None:
            return None
        return CHANCE if self.rolling else self.active

    @property
    def result(self) -> Result | None:
        """How the game ended, or ``None``."""
        return self.outcome

    def _chance(self) -> tuple[tuple[Move, Fraction], ...]:
        return Face.odds(self)

    def _luck(self) -> int:
        return self.rolls

    def name(self, seat: int) -> str:
        """``"P1"`` for seat 0, and so on."""
        return f"P{seat + 1}"

    def check(self) -> list[str]:
        """Scores and the turn total in bounds; the result matches the scores."""
        problems = []
        if min(self.scores) < 0 or self.turn_total < 0:
            problems.append("a negative score or turn total")
        if self.outcome is None and max(self.scores) >= self.goal:
            problems.append("a score reached the goal but the game goes on")
        if self.outcome is not None and self.outcome.winners != (self.active,):
            problems.append("the winner is not the player who held last")
        return problems

    def position_key(self) -> tuple:
        """What decides who wins from here: the scores, whose turn, the turn total, the die.

        Two tables with the same key have the same chances for every seat (the counts of
        turns and rolls only number them), so the exact solver (``umbrella_lab.sim.solve``)
        meets each position once. A turn total that reaches the goal counts as just reaching
        it: holding wins at once however far past it the total is, and without this a player
        who never holds would make the positions endless.
        """
        winners = self.outcome.winners if self.outcome is not None else ()
        total = min(self.turn_total, max(self.goal - self.scores[self.active], 0))
        return (tuple(self.scores), self.active, total, self.rolling, winners)

    def summary(self) -> dict[str, int]:
        """One row of facts for simulation tables: turns and rolls taken."""
        return {"turns": self.turns, "rolls": self.rolls}

    def reshuffled(self, seed: int) -> PigState:
        """The same table with new luck: the dice to come are rolled from another seed."""
        new = self._clone()
        new.seed, new.events = seed, []
        new.say("setup.players", lambda: f"New luck (seed {seed}): the rolls to come change.")
        return new

    def redeal(self, seat: int | None, seed: int) -> PigState:
        """The same table as ``seat`` sees it, with the luck to come dealt anew from ``seed``.

        Nothing on a Pig table is hidden: only the dice to come are unknown, and they follow
        the new seed. Two tables that look the same to a seat give the same copy, whatever
        their own seeds (what a search player samples, see ``umbrella_lab.sim.mcts``).

        Args:
            seat: The seat whose view is kept (``None``: the whole table); every seat sees all.
            seed: The new luck.
        """
        new = self._clone()
        new.seed, new.events = seed, []
        new.say("setup.players", lambda: f"New luck (seed {seed}): the rolls to come change.")
        return new

    def __repr__(self) -> str:
        where = "over" if self.outcome else f"{self.name(self.active)} to play"
        return f"<Pig state: {len(self.scores)} players, {where}>"


# --- 2. Setup -------------------------------------------------------------------------------


def setup(game: Game, seed: int, events: list | None) -> PigState:
    """Everyone at 0, P1 to roll [setup.players] [setup.first]."""
    s = PigState.__new__(PigState)
    s.game, s.seed, s.events = game, seed, events
    s.die, s.goal = load_die(game.options["data"]), game.options["goal"]
    s.scores = [0] * game.players
    s.active, s.turn_total, s.rolling, s.rolls, s.turns, s.outcome = 0, 0, False, 0, 1, None
    s.say(
        "setup.players",
        lambda: f"{game.players} players, each with a score of 0; the goal is {s.goal}.",
    )
    s.say("setup.first", lambda: "P1 starts.")
    return s


def next_turn(s: PigState) -> None:
    """The die passes clockwise; the new turn total is 0 [turn.order]."""
    s.active = (s.active + 1) % len(s.scores)
    s.turn_total, s.turns = 0, s.turns + 1
    s.say("turn.order", lambda: f"{s.name(s.active)}'s turn.")


def refusal(s: PigState, seat: int) -> tuple[str, str] | None:
    """Why ``seat`` may not choose now, if it may not: the game is over, or not its turn."""
    if s.outcome is not None:
        return "the game is over", s.outcome.rule
    if seat != s.active:
        return f"it is {s.name(s.active)}'s turn", "turn.order"
    if s.rolling:
        return "the die is rolling: luck decides next", "turn.roll"
    return None


# --- 3. The moves ---------------------------------------------------------------------------


class Roll(Move):
    """Roll the die: luck then decides the face [turn.roll]."""

    rule = "turn.roll"
    seat: int

    @staticmethod
    def legal(s: PigState) -> list[Roll]:
        return [] if s.rolling or s.outcome else [Roll(s.active)]

    def play(self, s: PigState) -> None:
        s.rolling, s.rolls = True, s.rolls + 1
        s.say("turn.roll", lambda: f"{s.name(self.seat)} rolls the die.")

    def label(self, s: PigState) -> str:
        return f"{s.name(self.seat)}: roll the die"

    def why_not(self, s: PigState) -> tuple[str, str]:
        return refusal(s, self.seat) or ("the die is already rolling", "turn.roll")


class Hold(Move):
    """Bank the turn total and pass the die; reaching the goal wins [turn.hold] [end.goal]."""

    rule = "turn.hold"
    seat: int

    @staticmethod
    def legal(s: PigState) -> list[Hold]:
        return [Hold(s.active)] if s.turn_total and not s.rolling and not s.outcome else []

    def play(self, s: PigState) -> None:
        s.scores[self.seat] += s.turn_total
        score = s.scores[self.seat]
        s.say(
            "turn.hold",
            lambda: f"{s.name(self.seat)} holds and banks {s.turn_total}: score {score}.",
        )
        if score >= s.goal:
            reason = f"{s.name(self.seat)} reaches {score} of {s.goal} and wins."
            s.outcome = Result((self.seat,), reason, "end.goal", tuple(s.scores))
            s.say("end.goal", lambda: reason)
        else:
            next_turn(s)

    def label(self, s: PigState) -> str:
        banked = s.scores[self.seat] + s.turn_total
        return f"{s.name(self.seat)}: hold (bank {s.turn_total}, score {banked})"

    def why_not(self, s: PigState) -> tuple[str, str]:
        return refusal(s, self.seat) or ("there is nothing to bank yet: roll first", "turn.roll")


def face_id(s: PigState, face: int) -> str:
    """A face of the die by its id in the data file ("four")."""
    return s.die.faces[face].id


def face_number(s: PigState, name: str) -> int:
    """The face with this id; ``ValueError`` names the faces if there is none."""
    for number, face in enumerate(s.die.faces):
        if face.id == name:
            return number
    msg = f"the die has no face {name!r}; its faces are {', '.join(f.id for f in s.die.faces)}"
    raise ValueError(msg)


FaceOfDie = Annotated[int, ByName(face_id, face_number, "face")]
"""A face of the die, by its place in the data file; written by its id in action ids."""


class Face(Move):
    """The die's answer, a chance step: points for the turn, or a pig [turn.points] [turn.pig].

    Every face comes up equally often; applying a face on purpose forces it (a what-if).
    """

    rule = "turn.points"
    face: FaceOfDie

    @staticmethod
    def legal(s: PigState) -> list[Face]:
        return [Face(face) for face in range(len(s.die.faces))] if s.rolling else []

    @staticmethod
    def odds(s: PigState) -> tuple[tuple[Move, Fraction], ...]:
        """Each face with its exact chance: every face is as likely (worked out once a game)."""
        odds = s.game.extra.get("pig.odds")
        if odds is None:
            each = Fraction(1, len(s.die.faces))
            odds = s.game.extra["pig.odds"] = tuple(
                (Face(f), each) for f in range(len(s.die.faces))
            )
        return odds

    def play(self, s: PigState) -> None:
        face = s.die.faces[self.face]
        s.rolling = False
        if face.pig:
            lost = s.turn_total
            s.say(
                "turn.pig",
                lambda: (
                    f"A {face.value}: a pig! {s.name(s.active)} loses the "
                    f"{plural(lost, 'point')} of this turn."
                ),
            )
            next_turn(s)
        else:
            s.turn_total += face.value
            s.say("turn.points", lambda: f"A {face.value}: the turn total is {s.turn_total}.")

    def label(self, s: PigState) -> str:
        return f"the die shows {s.die.faces[self.face].value}"

    def rule_in(self, s: PigState) -> str:
        return "turn.pig" if s.die.faces[self.face].pig else "turn.points"

    def why_not(self, s: PigState) -> tuple[str, str]:
        if s.outcome is not None:
            return "the game is over", s.outcome.rule
        if not 0 <= self.face < len(s.die.faces):
            return f"the die has {len(s.die.faces)} faces, numbered 0 to {len(s.die.faces) - 1}", (
                "data.die"
            )
        return "the die is not rolling: a player decides now", "turn.roll"


MOVES = (Roll, Hold, Face)
"""The move kinds of Pig, in the order the explorer lists them."""

__all__ = ["MOVES", "Die", "Face", "Hold", "PigState", "Roll", "setup"]
