"""Pig, the folk dice game for 2 to 4 players: the kit's template game, whole in this file.

Read it top to bottom: the die (data), the table (state), setup, the three kinds of move, the
pictures, a player, and ``INFO``, which registers it all. Rule ids in brackets point into
``digest.md`` beside this file; every event and every refusal names one.

>>> import umbrella_lab as ul
>>> state = ul.load("pig", players=2).new(seed=1)
>>> state = state.apply("P1: roll the die").apply("the die shows 5")
>>> [str(action) for action in state.legal_actions()]
['P1: roll the die', 'P1: hold (bank 5, score 5)']
"""

from __future__ import annotations

import random
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from importlib.resources import files
from types import MappingProxyType
from typing import Annotated, Any, ClassVar

from umbrella_lab.engine.core import CHANCE, Game, GameInfo, OpenState, Option, Result
from umbrella_lab.engine.data import DataTable, Field
from umbrella_lab.engine.errors import DataError
from umbrella_lab.engine.moves import ById, Move
from umbrella_lab.engine.settings import SimSettings
from umbrella_lab.engine.words import plural


# --- The die: data/die.toml, or an edited copy in a folder [data.die] ------------------------
@dataclass(frozen=True)
class DieFace:
    """One face of the die: its id, the points it adds, and whether it is a pig."""

    id: str
    value: Annotated[int, Field(low=0, high=100)]
    pig: bool
    provenance: Annotated[str, Field(choices=("rulebook", "published", "reconstruction"))]


def check_die(file: str, faces: tuple[DieFace, ...]) -> None:
    """The die as a whole: two faces or more, one of them no pig [data.die]."""
    if len(faces) < 2 or all(face.pig for face in faces):
        raise DataError(file, "", "pig", "a die needs two faces or more, one of them no pig")


DIE = DataTable(__name__, "die.toml", "face", DieFace, check=check_die)
"""The faces, every one as likely: ``DIE.of(game)``; a broken file fails at ``ul.load``."""


# --- The table [aim] --------------------------------------------------------------------------
class PigState(OpenState):
    """The banked scores, whose turn it is, the turn total, and the step of the turn.

    Nothing is hidden (an ``OpenState``): every seat sees the whole table, luck is only the die.
    """

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

    def _luck(self) -> int:
        """The roll's number: the k-th roll of seat j is ``k * players + j`` [turn.roll].

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


# --- The moves: when each is made (its steps), what it does, its words ------------------------
# The engine lists a kind's moves only at its steps, and refuses a move made by the wrong seat
# or at the wrong step with the reason; ``refusal`` gives a kind's own reason beyond that.


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


# --- The pictures: nothing is hidden in Pig, so every seat sees the whole table ---------------
def snapshot(s: PigState, seat: int | None = None) -> dict[str, Any]:
    """The table as plain data (``state.to_dict()``)."""
    players = [{"seat": p, "name": s.seat_name(p), "score": score, "active": p == s.active}
               for p, score in enumerate(s.scores)]  # fmt: skip
    return {"goal": s.goal, "players": players, "turn_total": s.turn_total, "rolling": s.rolling,
            "die": [{"id": f.id, "value": f.value, "pig": f.pig} for f in s.die],
            "turns": s.turns, "rolls": s.rolls,
            "result": s.outcome.to_dict() if s.outcome else None}  # fmt: skip


def to_text(s: PigState, seat: int | None = None) -> str:
    """Each score as a bar towards the goal, then the turn so far (``state.to_text()``)."""
    lines = [f"{'>' if p == s.active and not s.outcome else ' '} {s.seat_name(p)} {score:>3} "
             f"|{'#' * (20 * min(score, s.goal) // s.goal):<20}| {s.goal}"
             for p, score in enumerate(s.scores)]  # fmt: skip
    doing = "the die is rolling" if s.rolling else "to roll or hold"
    turn = f"{s.seat_name(s.active)}'s turn: turn total {s.turn_total}, {doing}"
    return "\n".join([*lines, s.outcome.reason if s.outcome else turn])


# --- A player, (state, rng) -> move; every game also has "random" ----------------------------
def hold_at(threshold: int) -> Any:
    """A player who rolls until the turn total reaches ``threshold`` or holding wins.

    Why 20 is the classic threshold: one more roll loses the turn total ``t`` with chance 1/6
    and adds 4 on average with chance 5/6, so it pays on average while ``t < 20``.
    """

    def policy(s: PigState, rng: random.Random) -> Move:
        total, wins = s.turn_total, s.scores[s.active] + s.turn_total >= s.goal
        return Hold(s.active) if total and (total >= threshold or wins) else Roll(s.active)

    policy.__name__ = policy.__qualname__ = f"hold_at_{threshold}"
    policy.__doc__ = f"Roll until the turn total reaches {threshold}, or holding wins; then hold."
    return policy


hold_at_20 = hold_at(20)

# --- The game, registered: everything the kit needs to know about Pig -------------------------
RARE_RULES: Mapping[str, str] = MappingProxyType(
    {
        # the aim, reached when the game ends
        "aim": "tests/test_pig_rules.py::test_aim_a_whole_game_ends_with_one_winner_at_the_goal",
    }
)
"""The rules that seeded games need not show in an event, each with the scenario test that
shows it (``GameInfo.rare_rules``): rare situations, refusals and descriptions."""

INFO = GameInfo(
    name="pig",
    title="Pig",
    players=(2, 3, 4),
    options=(
        Option("goal", 100, "The score that wins.", (100, 50), "opt.goal"),
        DIE.option(
            "A folder holding an edited die.toml to play with instead of the packaged die.",
            "data.die",
        ),
    ),
    setup=setup,
    moves=(Roll, Hold, Face),
    views=sys.modules[__name__],  # the pictures above: snapshot and to_text
    policies={"hold-at-20": hold_at_20},
    heuristic="hold-at-20",
    digest=files(__name__) / "digest.md",
    data=DIE.files,
    check=DIE.check,  # a broken die fails at load
    describe="The folk dice game: roll to build a turn total, hold before a one wipes it out.",
    simulation=SimSettings(
        advisor_budget=600,
        search_playouts=100,
        design_budget={"skill_games": 40, "search_playouts": 8, "rollouts": 12},
        puzzle_players=2,
        puzzle_options={"goal": 50},  # the heuristic goes wrong near the end: short games help
        puzzle_every=1,
    ),
    rare_rules=RARE_RULES,
)
