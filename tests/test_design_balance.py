"""The design report's balance figures where games are shared or have no winner.

* ``split``: a fair three-sided die decides at once: P1 wins, P2 wins, or both share the win.
  Each seat wins two games in three, and neither seat has an advantage. The report once took
  1/2 as a seat's fair share here and showed P1 an advantage of +17 points;
* ``void``: a fair die decides at once: P1 wins, P2 wins, or (four faces of six) nobody wins:
  each seat wins one game in six, no advantage (once shown as -33 points).
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from umbrella_lab import sim
from umbrella_lab.engine.core import CHANCE, REGISTRY, GameInfo, Result, State
from umbrella_lab.engine.moves import Move
from umbrella_lab.sim.design import seat_advantage

FACES = {"split": ((0,), (1,), (0, 1)), "void": ((0,), (1,), (), (), (), ())}


class Split(State):
    """The result, and whether the die has been thrown."""

    __slots__ = ("outcome", "throws")

    @property
    def to_act(self):
        return None if self.outcome is not None else CHANCE

    @property
    def result(self):
        return self.outcome

    def _chance(self):
        faces = FACES[self.game.name]
        return tuple((Throw(face), Fraction(1, len(faces))) for face in range(len(faces)))

    def _luck(self):
        return self.throws


def split_setup(game, seed, events):
    s = Split.__new__(Split)
    s.game, s.seed, s.events, s.outcome, s.throws = game, seed, events, None, 0
    return s


class Throw(Move):
    """The die decides who wins [end.throw]."""

    rule = "end.throw"
    face: int

    @staticmethod
    def legal(s):
        faces = FACES[s.game.name]
        return [Throw(face) for face in range(len(faces))] if s.outcome is None else []

    def play(self, s):
        winners = FACES[s.game.name][self.face]
        s.throws += 1
        s.outcome = Result(winners, "thrown", "end.throw")
        s.say("end.throw", lambda: "The die is thrown.")


def nothing(s, rng):
    """Never asked: the die decides everything."""
    return s.legal_moves()[0]


def nothing_either(s, rng):
    """Never asked either: a second player as good as the first."""
    return s.legal_moves()[0]


@pytest.fixture(scope="module")
def dice():
    REGISTRY.ready()
    for name in FACES:
        REGISTRY.register(
            GameInfo(
                name=name,
                title=f"Known {name}",
                players=(2,),
                options=(),
                setup=split_setup,
                moves=(Throw,),
                policies={"random": nothing, "heuristic": nothing_either},
            )
        )
    yield list(FACES)
    for name in FACES:
        REGISTRY.games.pop(name, None)


LEAN = {"option_games": 0, "cards": 0, "tension_games": 0, "advised": 0, "skill_games": 2}


@pytest.mark.parametrize(("name", "fair"), [("split", 2 / 3), ("void", 1 / 6)])
def test_a_fair_game_with_shared_wins_or_none_shows_no_first_seat_advantage(dice, name, fair):
    r = sim.design(name, players=2, n=600, policy="random", policies=["random"], budget=LEAN)
    rows = r.metrics.set_index("name")
    row = rows.loc["first player's advantage"]
    assert row["low"] < 0 < row["high"] and abs(row["value"]) < 0.05
    assert row["low"] >= -0.5 and row["high"] <= 0.5
    shown = row["meaning"].split("the seats' mean win rate, ")[1].split("%")[0]
    assert abs(float(shown) / 100 - fair) < 0.05 and "%, not 50.0%, as " in row["meaning"]
    assert rows.loc["win rate P1", "low"] < fair < rows.loc["win rate P1", "high"]


@pytest.mark.parametrize("faces", [FACES["split"], FACES["void"], ((0,), (1,))])
def test_the_advantage_s_range_holds_0_in_about_95_percent_of_fair_tables(faces):
    """1,000 tables of 100 fair games: the range holds the true advantage, 0."""
    rng = random.Random(5)
    held = 0
    for _ in range(1000):
        winners = [faces[rng.randrange(len(faces))] for _ in range(100)]
        _, low, high, _ = seat_advantage(winners, 2)
        held += low <= 0 <= high
    assert 930 <= held <= 975, held


def test_a_rule_s_share_of_games_is_shown_with_its_range(dice):
    from umbrella_lab.charts.design import rules_table

    r = sim.design("split", players=2, n=40, policy="random", policies=["random"], budget=LEAN)
    rule = r.rules.set_index("rule").loc["end.throw"]
    assert (rule["share"], rule["high"]) == (1.0, 1.0) and 0.9 < rule["low"] < 0.92  # 40 of 40
    shown = rules_table(r).set_index("Rule")
    assert shown["Fired"].str.contains(r"of 40 games \(\d+% to 100%\)").any()


def test_a_player_listed_as_strongest_but_equal_is_not_called_weaker(dice):
    """Two players the die alone decides for: equal, whatever the order they are listed in."""
    r = sim.design(
        "split", players=2, n=40, policy="random", policies=["heuristic", "random"], budget=LEAN
    )
    (note,) = [n for n in r.notes if n.startswith("Skill:")]
    assert "the two may be equal" in note and "holds 0" in note
    assert "weaker" not in note and "not stronger" not in note


def test_a_rule_s_times_per_game_and_games_ended_have_their_ranges(dice):
    from umbrella_lab.charts.design import rules_table

    r = sim.design("split", players=2, n=40, policy="random", policies=["random"], budget=LEAN)
    rule = r.rules.set_index("rule").loc["end.throw"]
    # once in every game: as likely, by the rule of three, as once in all but 9% of games
    assert rule["per_game"] == 1.0 and 0.9 < rule["per_game_low"] < 1.0
    assert rule["per_game_high"] == float("inf")
    assert (rule["ended_share"], rule["ended_high"]) == (1.0, 1.0) and rule["ended_low"] > 0.9
    table = rules_table(r)
    shown = table[table["Rule"].str.startswith("end.throw")].iloc[0]
    assert shown["Times per game"].startswith("1.00 (0.9") and "no bound" in shown["Times per game"]
    assert shown["Ended games"].startswith("100% (9")
