"""Notebook widgets: the explorer, the quiz, puzzles, the teacher's dashboard, and board views.

>>> from umbrella_lab.widgets import explore
>>> explore("academy", seed=7, players=3)
Explorer(academy, 3 players, seed 7, step 0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from umbrella_lab.widgets.explorer import Explorer, explore
from umbrella_lab.widgets.puzzle import PuzzleError, PuzzleView, puzzle, puzzles
from umbrella_lab.widgets.quiz import Quiz, QuizError
from umbrella_lab.widgets.views import BoardView, register_view, view_for

if TYPE_CHECKING:
    from umbrella_lab.widgets.dashboard import Dashboard


def __getattr__(name: str) -> Any:
    """The dashboard, imported on first use.

    It draws charts, and altair takes a second or more to import: a page with only an
    explorer, a quiz or a puzzle need not wait for it.
    """
    if name == "Dashboard":
        from umbrella_lab.widgets.dashboard import Dashboard

        return Dashboard
    msg = f"module 'umbrella_lab.widgets' has no attribute {name!r}"
    raise AttributeError(msg)


__all__ = [
    "BoardView",
    "Dashboard",
    "Explorer",
    "PuzzleError",
    "PuzzleView",
    "Quiz",
    "QuizError",
    "explore",
    "puzzle",
    "puzzles",
    "register_view",
    "view_for",
]
