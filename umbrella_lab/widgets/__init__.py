"""Notebook widgets: the explorer, the quiz, puzzles, the teacher's dashboard, and board views.

>>> from umbrella_lab.widgets import explore
>>> explore("academy", seed=7, players=3)
Explorer(academy, 3 players, seed 7, step 0)
"""

from umbrella_lab.widgets.dashboard import Dashboard
from umbrella_lab.widgets.explorer import Explorer, explore
from umbrella_lab.widgets.puzzle import PuzzleError, PuzzleView, puzzle, puzzles
from umbrella_lab.widgets.quiz import Quiz, QuizError
from umbrella_lab.widgets.views import BoardView, register_view, view_for

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
