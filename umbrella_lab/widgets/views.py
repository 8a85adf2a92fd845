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
from pathlib import Path

from umbrella_lab.engine.board import BoardView, ViewModel, text_model
from umbrella_lab.engine.core import game_info
from umbrella_lab.engine.errors import OptionError

STATIC = Path(__file__).parent / "static"
"""Folder of the explorer's own JavaScript and CSS files."""

__all__ = ["STATIC", "BoardView", "ViewModel", "register_view", "scripts", "text_model", "view_for"]


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
