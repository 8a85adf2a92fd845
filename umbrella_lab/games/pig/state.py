"""Pig's table: the state every other part of the game reads [aim].

Nothing is hidden (an ``OpenState``): every seat sees the whole table; luck is only the die.
"""

from __future__ import annotations

from typing import ClassVar

from umbrella_lab.engine.core import OpenState, Result

from .die import DieFace


class PigState(OpenState):
    """The banked scores, whose turn it is, the turn total, and the step of the turn."""

    # Each field is a slot (the engine copies a state slot by slot), declared with its type.
    __slots__ = ("active", "die", "goal", "outcome", "own_rolls", "rolls", "scores", "step",
                 "turn_total", "turns")  # fmt: skip
    scores: list[int]  # each seat's banked points
    active: int  # the seat whose turn it is
    turn_total: int  # the points rolled this turn, lost on a pig
    step: str  # "decide" (roll or hold), "roll" (luck decides) or "over"
    goal: int  # the score that wins [opt.goal]
    die: tuple[DieFace, ...]  # the faces, every one as likely
    rolls: int  # rolls so far
    own_rolls: list[int]  # each seat's rolls so far: with the seat, they key a roll's luck
    turns: int  # turns begun so far
    outcome: Result | None  # how the game ended, None until then
    slot_copies: ClassVar = {"scores": "list", "own_rolls": "list"}  # copied for every new state
    result_field: ClassVar = "outcome"  # how the game ended: the engine reads it from here
    step_field: ClassVar = "step"  # the step of the turn, which says what may be played
    seat_field: ClassVar = "active"  # who decides, but luck at "roll" (its only move is luck's)
    step_words: ClassVar = {"decide": "roll or hold", "roll": "the die is rolling"}
    step_rules: ClassVar = {"decide": "turn.hold", "roll": "turn.roll"}
    rule_for_unknown_action: ClassVar = "turn.order"
    new_luck_rule: ClassVar = "setup.players"  # nothing is hidden: new luck is new rolls to come
    luck_by_seat: ClassVar = True  # each seat rolls dice of its own (see _luck)

    def _luck(self) -> int:
        """The roll's number: the k-th roll of seat j is ``k * players + j``, k from 0 [turn.roll].

        Each seat has dice of its own: its k-th roll lands the same whoever sits there and
        however often the others rolled, on every branch of one seed (common random numbers,
        as duplicate bridge deals the same cards to the same seat at every table).
        """
        return (self.own_rolls[self.active] - 1) * len(self.scores) + self.active

    @property
    def rolling(self) -> bool:
        """True while the die is in the air [turn.roll]."""
        return self.step == "roll"

    def check(self) -> list[str]:
        """Nothing negative; the game is over exactly when the last holder reached the goal."""
        problems = ["a negative score"] if min(self.scores) < 0 or self.turn_total < 0 else []
        over = self.outcome is not None and self.scores[self.active] >= self.goal
        if over != (max(self.scores) >= self.goal) or over != (self.outcome is not None):
            problems.append("the game is over before the goal, goes on after it, or ended wrong")
        return problems

    def position_key(self) -> tuple:
        """What decides who wins from here, for the exact solver (``sim.solve``).

        A turn total past the goal counts as reaching it: holding wins either way.
        """
        total = min(self.turn_total, max(self.goal - self.scores[self.active], 0))
        winners = self.outcome.winners if self.outcome else ()
        return (tuple(self.scores), self.active, total, self.rolling, winners)

    def summary(self) -> dict[str, int]:
        """One row of facts for simulation tables: turns and rolls taken."""
        return {"turns": self.turns, "rolls": self.rolls}
