"""Notebook widgets: the explorer, the quiz, the teacher's dashboard, and per-game board views.

>>> from umbrella_lab.widgets import explore
>>> explore("academy", seed=7, players=3)
Explorer(academy, 3 players, seed 7, step 0)
"""

from umbrella_lab.widgets.dashboard import Dashboard
from umbrella_lab.widgets.explorer import Explorer, explore
from umbrella_lab.widgets.quiz import Quiz, QuizError
from umbrella_lab.widgets.views import BoardView, register_view, view_for

__all__ = [
    "BoardView",
    "Dashboard",
    "Explorer",
    "Quiz",
    "QuizError",
    "explore",
    "register_view",
    "view_for",
]
