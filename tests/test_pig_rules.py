"""Rule scenarios of Pig, the template game: one test per rule id of ``games/pig/digest.md``.

Each test sets a table up (``helpers.pig_position``), acts through the public face
(``state.apply(label or id)``) and checks the outcome and the rule ids of the events.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from helpers import labels, rules_modules, rules_of
from helpers import pig_position as position

import umbrella_lab as ul
from umbrella_lab.engine.errors import IllegalActionError
from umbrella_lab.engine.moves import Move
from umbrella_lab.games import pig
from umbrella_lab.games.pig import Face, Hold, Roll, hold_at, hold_at_20

PIG = Path(pig.__file__).parent
"""Pig's folder: its rules, state, data, views and players, one module each."""


def test_aim_a_whole_game_ends_with_one_winner_at_the_goal():
    state = ul.load("pig", players=3).new(seed=4)
    rng = random.Random(4)
    while not state.is_over:
        state = state.roll() if state.to_act == ul.CHANCE else state.apply(hold_at_20(state, rng))
    (winner,) = state.result.winners
    assert state.scores[winner] >= 100 and state.result.rule == "end.goal"
    assert state.result.scores == tuple(state.scores)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_players_everyone_at_zero(players):
    state = ul.load("pig", players=players).new(seed=1)
    assert state.scores == [0] * players and state.turn_total == 0
    assert rules_of(state) == ["setup.players", "setup.first"]


def test_setup_first_p1_starts_and_must_roll():
    state = ul.load("pig").new(seed=1)
    assert state.to_act == 0 and labels(state) == ["P1: roll the die"]


def test_turn_roll_hands_the_die_to_luck_with_exact_odds():
    after = position().apply("P1: roll the die")
    assert after.to_act == ul.CHANCE and rules_of(after) == ["turn.roll"]
    odds = after.chance_outcomes()
    assert [str(a) for a, _ in odds] == [f"the die shows {n}" for n in range(1, 7)]
    assert sum(p for _, p in odds) == 1 and {str(p) for _, p in odds} == {"1/6"}


def test_turn_points_a_two_to_six_adds_to_the_turn_total():
    after = position(turn_total=7, rolling=True).apply("the die shows 6")
    assert after.turn_total == 13 and after.scores == [0, 0] and after.to_act == 0
    assert rules_of(after) == ["turn.points"]
    assert "P1: hold (bank 13, score 13)" in labels(after)


def test_turn_pig_a_one_loses_the_turn_total_and_passes_the_die():
    after = position(scores=(30, 10), turn_total=18, rolling=True).apply("the die shows 1")
    assert after.scores == [30, 10] and after.turn_total == 0 and after.to_act == 1
    assert rules_of(after) == ["turn.pig", "turn.order"]
    assert "loses the 18 points" in after.events[0].text


def test_turn_hold_banks_the_turn_total_and_passes_the_die():
    after = position(scores=(30, 10), turn_total=12).apply("P1: hold (bank 12, score 42)")
    assert after.scores == [42, 10] and after.turn_total == 0 and after.to_act == 1
    assert rules_of(after) == ["turn.hold", "turn.order"]


def test_turn_hold_is_refused_before_the_first_roll():
    with pytest.raises(IllegalActionError, match=r"nothing to bank yet.*turn\.roll"):
        position().apply("hold/0")


def test_turn_order_clockwise_and_back_to_p1():
    after = position(scores=(0, 0, 0), active=2, turn_total=5).apply("hold/2")
    assert after.to_act == 0 and after.events[-1].text == "P1's turn."
    out_of_turn = r"it is P1's turn to roll or hold \(rule turn.order\)"
    with pytest.raises(IllegalActionError, match=out_of_turn):
        after.apply("roll/1")


def test_end_goal_holding_to_the_goal_wins_at_once():
    after = position(scores=(95, 99), turn_total=5).apply("hold/0")
    assert after.is_over and after.result.winners == (0,)
    assert rules_of(after) == ["turn.hold", "end.goal"]
    with pytest.raises(IllegalActionError, match="game is over"):
        after.apply("roll/0")


def test_opt_goal_fifty_ends_sooner():
    after = position(scores=(45, 0), turn_total=5, goal=50).apply("hold/0")
    assert after.is_over and after.result.reason == "P1 reaches 50 of 50 and wins."


def test_data_die_faces_come_from_the_data_file(tmp_path):
    folder = tmp_path / "die"
    folder.mkdir()
    (folder / "die.toml").write_text(
        '[[face]]\nid = "pig"\nvalue = 1\npig = true\nprovenance = "reconstruction"\n'
        '[[face]]\nid = "ten"\nvalue = 10\npig = false\nprovenance = "reconstruction"\n',
        encoding="utf-8",
    )
    state = position(data=folder).apply("roll/0")
    assert [a.id for a in state.legal_actions()] == ["face/pig", "face/ten"]
    assert {str(p) for _, p in state.chance_outcomes()} == {"1/2"}
    assert state.apply("face/ten").turn_total == 10


# --- the move units -----------------------------------------------------------------------------


def test_moves_are_small_named_values():
    assert Roll(0) == Roll(0) and Roll(0) != Hold(0) and hash(Roll(1)) == hash(Roll(1))
    assert Roll(1).seat == 1 and repr(Face(3)) == "Face(face=3)"
    assert Roll.kind == "roll" and Face.fields == ("face",)
    assert all(issubclass(kind, Move) for kind in pig.INFO.moves)


def test_ids_name_the_face_by_its_data_id_and_read_back():
    state = position(rolling=True)
    assert Face(3).id(state) == "face/four"
    assert state.parse_action("face/four").key == Face(3)
    with pytest.raises(IllegalActionError, match="the die has no face 'seven'"):
        state.apply("face/seven")
    with pytest.raises(IllegalActionError, match=r"face id has 1 part"):
        state.apply("face/four/2")


def test_a_refused_move_says_why_and_cites_its_rule():
    state = position(rolling=True)
    assert "the die is rolling" in state.why_not(Roll(0))
    assert state.why_not(Face(9)).endswith("(rule data.die)")
    assert state.why_not("P1: roll the die").startswith("'P1: roll the die' is not a legal")


def test_the_threshold_players_hold_where_they_say():
    state = position(turn_total=19)
    assert hold_at_20(state, random.Random(0)) == Roll(0)
    assert hold_at(15)(state, random.Random(0)) == Hold(0)
    assert hold_at_20(position(scores=(90, 0), turn_total=10), random.Random(0)) == Hold(0)


def test_holding_at_twenty_beats_holding_at_five():
    """The expected-value lesson: rolling pays on average while the turn total is below 20."""
    cautious = hold_at(5)

    def twenty_against_five(s, rng):
        return hold_at_20(s, rng) if s.active == 0 else cautious(s, rng)

    games = ul.sim.simulate("pig", policy=twenty_against_five, n=400, workers=1, players=2)
    first = ul.sim.seat_win_rate(games).set_index("seat").loc[0]
    assert first["low"] > 0.6, first


def test_pig_is_the_skeleton_with_rules_of_200_lines_or_fewer():
    """Every game's parts, one file each; the rules of the template read in one sitting.

    (A long game's rules may be a folder, one module per step of the turn: they count whole.)
    """
    parts = {"__init__.py", "state.py", "views.py", "board.py", "policies.py"}
    assert parts <= {path.name for path in PIG.glob("*.py")}
    assert (PIG / "digest.md").is_file() and (PIG / "data" / "die.toml").is_file()
    assert (PIG / "static" / "board.js").is_file() and (PIG / "static" / "board.css").is_file()
    rules = rules_modules(PIG)
    assert rules, "Pig's rules: rules.py, or a folder rules/"
    assert sum(len(path.read_text(encoding="utf-8").splitlines()) for path in rules) <= 200
