"""Puzzles as data: every stored puzzle loads, replays to its position, and its answer holds."""

from __future__ import annotations

import json

import pytest

import umbrella_lab as ul
from umbrella_lab.engine.core import TEAM
from umbrella_lab.sim import puzzles as puzzle_module
from umbrella_lab.sim.puzzles import Puzzle, find_puzzles, load_puzzles, write_puzzles

STORED = load_puzzles()


def test_there_are_puzzles_for_the_games():
    games = {p.game for p in STORED}
    assert set(ul.games()) <= games, "every game has puzzles"
    for game in games:
        assert 1 <= sum(p.game == game for p in STORED) <= puzzle_module.PER_GAME


@pytest.mark.parametrize("puzzle", STORED, ids=lambda p: f"{p.game}-{p.record.seed}")
def test_every_stored_puzzle_replays_and_its_best_move_is_still_legal(puzzle):
    state = puzzle.position()
    assert not state.is_over
    assert (TEAM if state.to_act is None else state.to_act) == puzzle.seat
    legal = {action.id: action for action in state.legal_actions()}
    assert puzzle.best["id"] in legal, "the best move is no longer legal here"
    assert puzzle.heuristic["id"] in legal
    assert puzzle.best["id"] != puzzle.heuristic["id"]
    assert legal[puzzle.best["id"]].label == puzzle.best["label"]
    top = puzzle.evidence[0]
    assert top["id"] == puzzle.best["id"] and top["verdict"] == "best"
    assert all(top["low"] > row["high"] for row in puzzle.evidence[1:])
    assert puzzle.fair["low"] > 0, "the answer must hold from the seat's view"
    assert {row["id"] for row in puzzle.evidence} == set(legal)


def test_a_puzzle_round_trips_through_json(tmp_path):
    puzzle = STORED[0]
    path = write_puzzles([puzzle], puzzle.game, tmp_path)
    again = load_puzzles(puzzle.game, tmp_path)[0]
    assert again.to_dict() == puzzle.to_dict()
    assert json.loads(path.read_text("utf-8"))[0]["format"] == "umbrella-lab/puzzle"


def test_missing_files_and_fields_are_named(tmp_path):
    with pytest.raises(FileNotFoundError, match="no puzzles for 'chess'"):
        load_puzzles("chess")
    with pytest.raises(ValueError, match="a puzzle needs best"):
        Puzzle.from_dict({"record": STORED[0].record.to_dict(), "seat": 0, "heuristic": {}})


@pytest.mark.slow  # finding puzzles takes a minute
def test_the_finder_finds_puzzles_again():
    found = find_puzzles("academy", 1, games_to_try=6, budget=2000, fair_rollouts=150)
    assert found and found[0].evidence[0]["verdict"] == "best"
    state = found[0].position()
    assert found[0].best["id"] in [a.id for a in state.legal_actions()]
    assert ul.sim.get_policy("academy", "heuristic")


@pytest.mark.slow  # the paired check of every puzzle takes minutes
@pytest.mark.parametrize("puzzle", STORED, ids=lambda p: f"{p.game}-{p.record.seed}")
def test_every_stored_answer_still_holds_from_the_seats_view(puzzle):
    """After a rules change the evidence may be stale: find the puzzles again if this fails."""
    state = puzzle.position()
    best = state.parse_action(puzzle.best["id"]).key
    usual = state.parse_action(puzzle.heuristic["id"]).key
    again = puzzle_module.fair_check(state, best, usual, rollouts=int(puzzle.fair["rollouts"]))
    assert again["low"] > 0, f"{puzzle.best['label']} no longer clearly beats the heuristic"


def test_slow_games_get_a_smaller_budget():
    budget, fair = ul.load("marvel").info.simulation.puzzle_budget
    assert budget < puzzle_module.BUDGET and fair < puzzle_module.FAIR_ROLLOUTS
    assert ul.load("marvel").info.simulation.puzzle_players == 2
