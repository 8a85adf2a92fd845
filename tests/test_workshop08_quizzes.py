"""Workshop 08's predict-then-reveal quizzes judge fairly: right, wrong, tied and malformed answers.

As for workshops 01-07 (``test_workshop_checks.py``): each quiz accepts the right answer and
every answer as good (the edge of its tolerance, anything inside the 95% range the evidence
allows, a choice's value as well as its label), explains a wrong answer by the evidence, and
answers a malformed one with one friendly line. The reports are small stand-ins holding just
the rows each quiz reads, and the tournament is a few games of Pig to 50, so no workshop's
games need playing.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

import pandas as pd
import pytest

from umbrella_lab import sim

TUTORIALS = Path(__file__).resolve().parents[1] / "tutorials"
sys.path.insert(0, str(TUTORIALS))

import answer_key  # noqa: E402

from tests.test_workshop_checks import edge, play_quiz  # noqa: E402


def design(rows: list[tuple[str, str, float, float, float]], games: int = 100) -> SimpleNamespace:
    """A design report's metrics: (part, name, value, low, high) each, on ``games`` games."""
    metrics = pd.DataFrame(
        [
            {"part": part, "name": name, "value": v, "low": lo, "high": hi, "games": games}
            for part, name, v, lo, hi in rows
        ]
    )

    def metric(name: str) -> float:
        return float(metrics.set_index("name").loc[name, "value"])

    def part(name: str) -> pd.DataFrame:
        return metrics[metrics["part"] == name].reset_index(drop=True)

    return SimpleNamespace(metrics=metrics, metric=metric, part=part)


PIG = design(  # about what a hundred games of Pig to 50 measure
    [
        ("balance", "win rate P1", 0.54, 0.443, 0.634),
        ("balance", "win rate P2", 0.46, 0.366, 0.557),
        ("balance", "first player's advantage", 0.08, -0.114, 0.268),
        ("length", "moves per game", 68.0, 64.2, 71.9),
        ("tension", "lead changes", 2.1, 1.8, 2.4),
    ]
)
BROKEN = design(  # a six worth 50: short games, the lead barely changes
    [
        ("balance", "win rate P1", 0.60, 0.50, 0.69),
        ("balance", "first player's advantage", 0.20, 0.0, 0.38),
        ("length", "moves per game", 9.0, 8.0, 10.0),
        ("tension", "lead changes", 0.3, 0.2, 0.4),
    ]
)


def test_first_player_share_accepts_the_whole_range():
    quiz = answer_key.first_player_share(lambda: PIG)
    play_quiz(quiz, right=54, wrong=80, tied=edge(quiz, 5), malformed="more than half")
    quiz.reset()
    inside = quiz.commit(45)  # 9 points off, but inside 44.3 to 63.4: the evidence allows it
    assert inside["correct"] and "44.3% to 63.4%" in inside["verdict"], inside["verdict"]
    quiz.reset()
    outside = quiz.commit(70)
    assert not outside["correct"] and "44.3% to 63.4%" in outside["verdict"], outside["verdict"]
    assert "100 games" in outside["explain"] and "+8.0 points" in outside["explain"]
    quiz.reset()
    quiz._on_frontend_msg(quiz, {"type": "commit", "value": 150}, [])  # off the slider
    assert quiz.problem and not quiz.reveal


def test_a_quiz_gives_its_answer_with_one_rounding():
    """'The answer: 56.5%' beside an explanation of 56.5% (it read 'The answer: 56%')."""
    half = design(
        [
            ("balance", "win rate P1", 0.565, 0.467, 0.658),
            ("balance", "first player's advantage", 0.13, -0.06, 0.31),
        ]
    )
    quiz = answer_key.first_player_share(lambda: half)
    reveal = quiz.commit(56)
    assert reveal["answer"] == "56.5%" and "P1 won 56.5% of" in reveal["explain"], reveal
    assert reveal["verdict"].startswith("Close enough: 0.5 points off"), reveal["verdict"]


def test_the_optimal_quiz_gives_its_answer_as_its_explanation_does(duel):
    quiz = answer_key.optimal_against_hold(lambda: duel)
    reveal = quiz.commit(50)
    assert f"Optimal play won {reveal['answer']} of" in reveal["explain"], reveal


def test_which_figure_moves_the_most():
    quiz = answer_key.which_figure_moves(PIG, lambda: BROKEN, "a six worth 50 points")
    right = quiz._answer()
    assert right == "moves per game"  # 68 → 9 moves, far beyond both ranges
    play_quiz(
        quiz,
        right=right,
        wrong="first player's advantage",  # +8 → +20 points, inside each other's ranges
        tied=answer_key.FIGURES[right],  # the label, as the page sends it
        malformed="the die",
    )
    quiz.reset()
    explained = quiz.commit(right)["explain"]
    assert "68.0 → 9.0" in explained and "+8.0 points → +20.0 points" in explained


@pytest.fixture(scope="module")
def duel() -> sim.Tournament:
    """A few seeds of a stand-in duel: 'optimal' is a hold-at-20 player, against random."""
    return sim.tournament(
        "pig",
        {"optimal": "hold-at-20", "hold at 20": "random"},
        n=20,
        seed=8,
        bootstrap=0,
        goal=50,
        workers=1,
    )


def test_optimal_against_hold_accepts_the_whole_range(duel):
    quiz = answer_key.optimal_against_hold(lambda: duel)
    truth = quiz._answer() * 100
    row = duel.table.set_index(["policy", "opponent"]).loc[("optimal", "hold at 20")]
    low, high = row["seed_low"] * 100, row["seed_high"] * 100
    wrong = 0 if truth > 50 else 100
    assert not low <= wrong <= high
    play_quiz(quiz, right=round(truth), wrong=wrong, tied=edge(quiz, 3), malformed="most")
    quiz.reset()
    far = truth - 3.5 if truth - 3.5 >= low else truth + 3.5  # beyond 3 points, in the range
    assert low <= far <= high
    inside = quiz.commit(far)
    assert inside["correct"] and "Inside the evidence" in inside["verdict"], inside["verdict"]


def test_what_ends_marvel():
    rules = pd.DataFrame(
        {
            "rule": ["end.plot", "end.win", "end.plan-empty", "end.no-cards", "play.move"],
            "title": ["Plot", "Victory", "Plan deck empty", "No cards", "Move"],
            "ended_share": [0.62, 0.30, 0.08, 0.0, 0.0],
        }
    )
    games = pd.DataFrame({"seed": range(100)})
    quiz = answer_key.what_ends_marvel(lambda: SimpleNamespace(rules=rules, games=games))
    play_quiz(
        quiz,
        right="end.plot",
        wrong="end.win",
        tied=answer_key.ENDS["end.plot"],
        malformed="the villain",
    )
    quiz.reset()
    explained = quiz.commit("end.win")["explain"]
    assert "of the 100 games" in explained and "end.plot 62% (95% range 52% to 71%)" in explained
