"""The strategy workshops (03: the strategy lab, 05: puzzles): 45-minute plans whose questions
hide their answers, and checks that give the right verdicts."""

from __future__ import annotations

import itertools
import json
import re
import sys
from pathlib import Path

import pytest

import umbrella_lab as ul
from umbrella_lab import sim

TUTORIALS = Path(__file__).resolve().parents[1] / "tutorials"
WORKSHOPS = ["03_strategy_lab", "05_puzzles"]

sys.path.insert(0, str(TUTORIALS))

import answer_key  # noqa: E402


def _notebook(name: str) -> dict:
    path = TUTORIALS / f"{name}.ipynb"
    if not path.exists():
        pytest.skip(f"{name} is not written yet")
    return json.loads(path.read_text(encoding="utf-8"))


def _text(name: str) -> str:
    return (TUTORIALS / f"{name}.ipynb").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", WORKSHOPS)
def test_each_workshop_is_a_45_minute_plan_with_timed_parts(name):
    first = "".join(_notebook(name)["cells"][0]["source"])
    assert "(45 minutes)" in first.splitlines()[0]
    assert "**For the teacher.**" in first
    parts = re.findall(r"^\| (\d+)-(\d+) min \|", first, flags=re.M)
    assert parts[0][0] == "0" and parts[-1][1] == "45"
    assert all(int(a[1]) == int(b[0]) for a, b in itertools.pairwise(parts))


@pytest.mark.parametrize("name", WORKSHOPS)
def test_each_workshop_asks_before_it_tells(name):
    cells = [c for c in _notebook(name)["cells"] if c["cell_type"] == "code"]
    quizzes = [c for c in cells if "answer_key." in "".join(c["source"])]
    quizzes = [c for c in quizzes if "check_" not in "".join(c["source"])]
    assert len(quizzes) >= 2
    for cell in quizzes:
        plain = "".join(cell["outputs"][-1]["data"]["text/plain"])
        assert plain.startswith("Quiz(")
    for cell in cells:  # a puzzle's saved picture shows the position, never the evidence
        for output in cell.get("outputs", []):
            plain = "".join(output.get("data", {}).get("text/plain", ""))
            if plain.startswith("PuzzleView("):
                assert "not answered" in plain
                page = "".join(output["data"]["text/html"])
                assert "clearly ahead" not in page and "win_rate" not in page


def _strategy_explanations() -> list[str]:
    """Each question of 03, answered right on a small tournament: its explanation."""
    game = ul.load("pig", players=2, goal=50)

    def careful(view, actions):
        by_kind = {action.kind: action for action in actions}
        if "hold" in by_kind and view["turn_total"] >= 12:
            return by_kind["hold"]
        return by_kind["roll"]

    result = sim.tournament(
        game,
        {"careful": careful, "heuristic": "heuristic", "mcts": sim.mcts(playouts=4)},
        n=6,
        seed=7,
        workers=1,
        bootstrap=0,
    )
    found = []
    for quiz in (
        answer_key.score_against(result, "careful"),
        answer_key.is_the_search_stronger(result),
        answer_key.is_it_better(lambda: result.compare("careful", "mcts", "heuristic")),
    ):
        truth = quiz._answer()
        right = round(truth * 100) if quiz.kind == "number" else truth
        reveal = quiz.commit(right)
        assert reveal["correct"], (quiz.question, reveal)
        found.append(reveal["explain"])
    return found


def test_the_answers_are_right_and_nowhere_in_the_notebooks():
    text = _text("03_strategy_lab")
    for explain in _strategy_explanations():
        assert explain[:60] not in text
    for quiz in (answer_key.what_makes_a_move_good(), answer_key.team_or_hero()):
        explain = quiz.commit(quiz._answer)["explain"]
        assert explain[:60] not in _text("05_puzzles")


def test_the_puzzle_gap_question_reads_the_stored_evidence():
    quiz = answer_key.puzzle_gap("academy", 0)
    truth = quiz._answer()
    assert 0 < truth < 50
    assert quiz.commit(round(truth))["correct"]


def test_the_exercise_check_says_better_same_or_worse():
    game = ul.load("pig", players=2, goal=50)

    def hold_at_once(view, actions):
        return actions[-1] if len(actions) > 1 else actions[0]

    def heuristic_copy(view, actions):
        return actions[-1] if view["turn_total"] >= 20 else actions[0]

    same = answer_key.check_player(heuristic_copy, heuristic_copy, game, n=30, seed=1)
    assert "nothing has changed yet" in same  # the very same player: every game identical
    worse = answer_key.check_player(hold_at_once, heuristic_copy, game, n=60, seed=1)
    assert "✗ worse" in worse
    better = answer_key.check_player(heuristic_copy, hold_at_once, game, n=60, seed=1)
    assert "✓ better" in better
