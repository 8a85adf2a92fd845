"""Board views: how the explorer finds each game's board.

A game of the kit declares its board in its own folder (``games/<game>/board.py``, drawn by
``games/<game>/static/board.js`` and ``board.css``) and hands it over as ``GameInfo.board``
(a :class:`~umbrella_lab.engine.board.BoardView`); :func:`view_for` finds it there. A game
written in a notebook may declare one in ``GameInfo.board`` too, or call :func:`register_view`.
A game without a board is drawn as its text picture.

>>> from umbrella_lab.widgets.views import view_for
>>> view_for("academy").js.name
'board.js'
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from umbrella_lab.engine.board import BoardView, ViewModel, text_model
from umbrella_lab.engine.core import game_info
from umbrella_lab.engine.errors import OptionError

STATIC = Path(__file__).parent / "static"
"""Folder of the explorer's own JavaScript and CSS files."""

__all__ = [
    "STATIC",
    "BoardView",
    "ViewModel",
    "how_it_plays",
    "player_title",
    "players_in_words",
    "register_view",
    "scripts",
    "text_model",
    "view_for",
]


def scripts(*names: str) -> str:
    """The widget scripts of ``static/`` named, one after another, as one module's source.

    anywidget loads a widget's script from one text, so helpers two widgets share
    (``keyboard.js``) are put before each widget's own script rather than imported.
    """
    return "\n".join((STATIC / name).read_text(encoding="utf-8") for name in names)


_VIEWS: dict[str, BoardView] = {}


def _file(name: str | Path, what: str, game: str) -> Path:
    """The file a board names: a path stays itself, a bare name is one of ``static/``."""
    path = STATIC / name  # an absolute path stays itself after STATIC /
    if not path.is_file():
        raise FileNotFoundError(f"{game}: the board's {what} {str(name)!r} is not a file")
    return path


def _checked(view: BoardView) -> BoardView:
    """``view`` with its files as paths, each checked to exist."""
    js = _file(view.js, "renderer", view.game)
    css = _file(view.css, "style sheet", view.game) if view.css else ""
    return dataclasses.replace(view, js=js, css=css)


def register_view(view: BoardView) -> BoardView:
    """Make ``view`` the explorer's board for its game (a later call replaces an earlier one).

    Its ``js`` and ``css`` are paths, or names of files in the widgets' own ``static/``.
    """
    _VIEWS[view.game] = view = _checked(view)
    return view


def view_for(game: str) -> BoardView:
    """The board view of a game: registered here, else its ``GameInfo.board``, else its text."""
    if game in _VIEWS:
        return _VIEWS[game]
    try:
        board = game_info(game).board
    except OptionError:  # no such game: its text picture, as for a game without a board
        board = None
    if board is None:
        return BoardView(game, text_model, STATIC / "board-text.js")
    declared, checked = _DECLARED.get(game, (None, board))
    if declared is not board:  # checked once for each board a game declares
        checked = _checked(dataclasses.replace(board, game=game))
        _DECLARED[game] = (board, checked)
    return checked


_DECLARED: dict[str, tuple[BoardView, BoardView]] = {}
"""Each game's declared board, with its files checked: ``{game: (declared, checked)}``."""


PLAYER_TITLES = {"mcts": "search", "hold-at-20": "hold at 20"}
"""Players whose names read as code, in words for menus (others lose their hyphens)."""

PLAYER_WORDS = {
    "random": "picks any legal move, each as likely.",
    "mcts": "a search player: before each move it plays many games out, then picks the move "
    "that won most.",
    "optimal": "exact optimal play, worked out once for the whole game.",
}
"""How the kit-wide players play, in a line (a game's own players say it in their docstring)."""


def player_title(name: str) -> str:
    """A player's name as a menu shows it: words, not an identifier.

    >>> player_title("hold-at-20"), player_title("mcts"), player_title("greedy")
    ('hold at 20', 'search', 'greedy')
    """
    return PLAYER_TITLES.get(name, name.replace("-", " ").replace("_", " "))


def players_in_words(text: str) -> str:
    """``text`` with every player name that reads as code said in words (:func:`player_title`).

    >>> players_in_words("heuristic (hold-at-20): roll until the turn total reaches 20")
    'heuristic (hold at 20): roll until the turn total reaches 20'
    """
    for name, title in PLAYER_TITLES.items():
        text = re.sub(rf"(?<![\w-]){re.escape(name)}(?![\w-])", title, text)
    return text


def how_it_plays(table: Mapping[str, Any], policy: str) -> str:
    """How a player plays, in one line: its docstring's first sentence, or the kit's words.

    ``table`` is the game's players by name; a second name of one player (the heuristic) says
    which player it is.
    """
    player = table[policy]
    same = [other for other, found in table.items() if found is player and other != policy]
    if policy == "heuristic" and same:
        return f"the game's best ready-made player, the same as {player_title(same[0])}."
    doc = (getattr(player, "__doc__", "") or "").strip()
    first = " ".join(doc.split("\n\n")[0].split())
    if not first:
        return PLAYER_WORDS.get(policy, "a ready-made player of this game.")
    words = first.replace("``", "")
    return words[:1].lower() + words[1:]
