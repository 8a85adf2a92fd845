"""The puzzle view without a browser: nothing of the answer before the commitment, then the
advisor's rows best first, the learner's verdict and the line after every choice."""

from __future__ import annotations

import importlib
import json
import random
import threading
import time

import pytest

import umbrella_lab as ul
from umbrella_lab import sim
from umbrella_lab.engine.core import CHANCE
from umbrella_lab.engine.spoken import said
from umbrella_lab.sim.mcts import root_moves
from umbrella_lab.sim.puzzles import load_puzzles
from umbrella_lab.widgets import PuzzleError, PuzzleView, puzzle, puzzles

SYNCED = ["board", "choices", "guess", "reveal", "text", "question", "hint", "tally", "problem"]


def synced(view: PuzzleView) -> str:
    """What the page holds of a puzzle (the traits synced to the browser, but the code)."""
    return json.dumps(view.get_state(SYNCED), ensure_ascii=False)


def test_nothing_of_the_answer_is_in_the_page_before_the_commitment():
    view = puzzles("academy")
    stored = load_puzzles("academy")[0]
    page = synced(view)
    assert view.reveal == {} and view.guess is None
    for word in ("win_rate", "verdict", "rollouts", "heuristic", "clearly ahead"):
        assert word not in page
    state = stored.position()
    seat = state.to_act if state.to_act is not None and state.to_act >= 0 else None
    legal = [state.action(move).id for move in root_moves(state, seat)]
    assert [c["id"] for c in view.choices] == legal, "the moves in the game's order"
    assert "answer" not in view.picture().lower().replace("to answer", "")
    assert said(stored.best["label"]) in view.picture()  # a choice like the others


def test_the_reveal_ranks_every_move_best_first_and_marks_the_learners():
    view = puzzles("academy")
    stored = load_puzzles("academy")[0]
    wrong = stored.heuristic["id"]
    reveal = view.commit(wrong)
    rows = reveal["rows"]
    assert [row["id"] for row in rows] == [row["id"] for row in stored.evidence]
    assert rows[0]["verdict"] == "best" and reveal["best"] == stored.best["id"]
    assert [row["win_rate"] for row in rows[:2]] == sorted(
        [row["win_rate"] for row in rows[:2]], reverse=True
    )
    assert reveal["yours"]["id"] == wrong and reveal["yours"]["verdict"] == "behind"
    assert sum(row["yours"] for row in rows) == 1
    assert sum(row["heuristic"] for row in rows) == 1
    assert "behind" in reveal["explain"] and "points" in reveal["fair"]
    assert view.guess == wrong
    assert view.tally == "0 of 1 answered as well as the best move"
    with pytest.raises(PuzzleError, match="already answered"):
        view.commit(stored.best["id"])
    view.reset()
    assert view.reveal == {} and view.guess is None
    assert view.commit(stored.best["label"])["yours"]["verdict"] == "best"
    assert view.tally == "1 of 1 answered as well as the best move"


def test_each_choice_has_its_line_on_the_tables_own_luck():
    view = puzzles("umbrella")
    reveal = view.commit(view.choices[0]["id"])
    assert set(reveal["lines"]) == {c["id"] for c in view.choices}
    state = view.state
    for move_id, line in reveal["lines"].items():
        assert 1 <= len(line["moves"]) <= 8 and line["end"]
        after = state.apply(move_id)
        first = after.roll() if after.to_act == CHANCE else None
        if first is not None:  # a chance step first: the table's own luck gives it
            assert line["moves"][0] == after.action(after._lucky_key()).label
    again = PuzzleView(load_puzzles("umbrella")).commit(view.choices[0]["id"])
    assert again["lines"] == reveal["lines"], "the same luck, the same lines"


def test_the_learner_goes_from_puzzle_to_puzzle():
    view = puzzles("academy")
    first = view.choices
    view.commit(first[0]["id"])
    view.next()
    assert view.number == 2 and view.reveal == {} and view.guess is None
    view.previous()
    assert view.number == 1 and view.choices == first
    view.previous()
    assert view.number == view.count
    with pytest.raises(PuzzleError, match="not 9"):
        view.go(9)


def test_the_stored_answers_stay_in_python_for_a_workshops_check():
    view = puzzles("pig")
    assert view.items == tuple(load_puzzles("pig"))  # each holds its best move, for the check
    assert "best" not in json.dumps(view.get_state(["board", "choices", "reveal", "text"]))


def test_any_position_is_judged_by_the_advisor_at_the_commitment():
    game = ul.load("pig", players=2)
    state, rng = game.new(4), random.Random(4)
    heuristic = sim.get_policy("pig", "heuristic")
    while state.to_act == CHANCE or len(state.legal_moves()) < 2:
        state = state.roll() if state.to_act == CHANCE else state.apply(heuristic(state, rng))
    view = puzzle(state, budget=60)
    assert view.count == 1 and view.reveal == {}
    reveal = view.commit(view.choices[0]["label"])
    assert reveal["fair"] == "" and len(reveal["rows"]) == len(view.choices)
    top = reveal["rows"][0]
    assert top["verdict"] in ("best", "about equal") and reveal["leader"] == top["id"]
    assert reveal["best"] == (top["id"] if top["verdict"] == "best" else None)
    assert sum(row["rollouts"] for row in reveal["rows"]) >= 60


def test_the_browser_sends_intents_and_a_wrong_one_is_shown_not_raised():
    view = puzzles("academy")
    view._on_frontend_msg(view, {"type": "commit", "id": "no/such/move"}, [])
    assert "not one of the moves here" in view.problem and view.reveal == {}
    view._on_frontend_msg(view, {"type": "commit", "id": view.choices[0]["id"]}, [])
    view.wait(60)
    assert view.reveal and view.problem == "" and not view.busy
    view._on_frontend_msg(view, {"type": "next"}, [])
    assert view.number == 2


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: PuzzleView([]), "no puzzles to show"),
        (lambda: PuzzleView(["academy"]), "not str"),
        (lambda: puzzle("academy", 99), "academy has puzzles 0 to"),
        (lambda: puzzle(ul.load("pig", players=2).new(0)), "only one move"),
    ],
)
def test_bad_puzzles_are_refused_clearly(make, words):
    with pytest.raises(PuzzleError, match=words):
        make()


def test_the_top_level_helpers_and_a_game_without_puzzles():
    assert ul.puzzles is puzzles and ul.puzzle is puzzle
    with pytest.raises(FileNotFoundError, match="the games with puzzles"):
        puzzles("no-such-game")


def test_a_move_committed_in_the_browser_is_judged_off_the_message_handler(monkeypatch):
    """The kernel keeps listening while the advisor works: the handler returns at once."""
    puzzle_module = importlib.import_module("umbrella_lab.widgets.puzzle")
    go_on = threading.Event()
    real = puzzle_module.advise

    def slow_advise(*args, **kwargs):
        assert go_on.wait(60)
        return real(*args, **{**kwargs, "budget": 40})

    monkeypatch.setattr(puzzle_module, "advise", slow_advise)
    view = puzzle(ul.load("academy", players=3).new(seed=7))
    began = time.monotonic()
    view._on_frontend_msg(view, {"type": "commit", "id": view.choices[0]["id"]}, [])
    assert time.monotonic() - began < 5 and view.busy and not view.reveal
    view._on_frontend_msg(view, {"type": "next"}, [])  # refused while busy, said so
    assert "still judging" in view.problem
    go_on.set()
    view.wait(120)
    assert view.reveal and not view.busy


@pytest.mark.parametrize(("field", "value"), [("budget", 10**9), ("budget", 0), ("seed", -1)])
def test_a_puzzle_refuses_an_endless_budget_or_a_negative_seed(field, value):
    with pytest.raises(PuzzleError, match=field):
        puzzle(ul.load("academy", players=3).new(seed=7), **{field: value})
