"""Workshop 08's exercise checks judge fairly: a right, a wrong, a tied and a malformed answer.

As for workshops 01-07 (``test_workshop_checks.py``): a check reads the 95% ranges, accepts an
answer exactly on its edge, explains a wrong one by the evidence, and answers a malformed one
with one friendly line. The reports here are small stand-ins holding just the rows each check
reads, so the tests take no games to play.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

import pandas as pd

TUTORIALS = Path(__file__).resolve().parents[1] / "tutorials"
sys.path.insert(0, str(TUTORIALS))

import answer_key  # noqa: E402

from tests.test_workshop_checks import friendly, mark  # noqa: E402


def report(moves: tuple[float, float, float], edge: tuple[float, float, float]) -> SimpleNamespace:
    """A design report's two balance and length rows: (value, low, high) each."""
    rows = [
        {"name": "moves per game", "value": moves[0], "low": moves[1], "high": moves[2]},
        {"name": "first player's advantage", "value": edge[0], "low": edge[1], "high": edge[2]},
    ]
    return SimpleNamespace(metrics=pd.DataFrame(rows))


def test_exercise_1_reads_the_ranges():
    right = answer_key.check_repair(report((52, 47, 57), (0.03, -0.02, 0.08)))
    assert mark(right) == "✓" and "✗" not in right
    wrong = answer_key.check_repair(report((52, 35, 69), (0.19, 0.14, 0.24)))
    assert mark(wrong) == "✗"
    assert "35" in wrong and "+14.0 to +24.0" in wrong  # explained by the evidence
    tied = answer_key.check_repair(report((45, 40, 50), (0.12, 0.0999, 0.16)))
    assert "✗" not in tied  # a range starting at 40 moves, and one reaching inside ±10 points
    friendly(answer_key.check_repair(None))
    friendly(answer_key.check_repair("my report"))
    assert "give a design report" in answer_key.check_repair("my report")  # not an error name


def plot_report(ended_by_plot: list[bool], changed: dict | None = None) -> SimpleNamespace:
    """A report whose games (one a seed) ended by the villain's plot or by something else."""
    games = pd.DataFrame(
        {
            "seed": range(len(ended_by_plot)),
            "rule": ["end.plot" if ended else "end.defeat" for ended in ended_by_plot],
        }
    )
    return SimpleNamespace(games=games, changed_options=changed or {})


def test_exercise_2_needs_a_real_drop_on_the_same_seeds():
    before = plot_report([True] * 60 + [False] * 40)
    right = answer_key.check_plot(before, plot_report([True] * 30 + [False] * 70, {"bam": 1}))
    assert mark(right) == "✓" and "30.0 points fewer" in right
    noise = answer_key.check_plot(before, plot_report([True] * 57 + [False] * 43, {"bam": 1}))
    assert mark(noise) == "✗" and "3.0 points fewer" in noise
    starter = answer_key.check_plot(before, plot_report([True] * 60 + [False] * 40))
    assert mark(starter) == "✗" and "nothing changed" in starter
    tied = answer_key.check_plot(before, plot_report([True] * 50 + [False] * 50, {"bam": 1}))
    assert mark(tied) in "✓~"  # exactly the 10 points asked for
    worse = answer_key.check_plot(before, plot_report([True] * 65 + [False] * 35, {"bam": 1}))
    assert mark(worse) == "✗" and "5.0 points more of the games, not fewer" in worse
    assert "-5.0 points fewer" not in worse  # a rise is said as a rise
    assert "65% against 60% without it" in worse
    friendly(answer_key.check_plot(before, None))
    friendly(answer_key.check_plot("before", "after"))
    assert "give a design report" in answer_key.check_plot(before, "after")
