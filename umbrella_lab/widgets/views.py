"""Board views: how the explorer draws each game's table.

A board view pairs a Python *view model* (a function ``(state, seat) -> JSON-able dict``) with a
JavaScript *board renderer* (an ES module file in ``widgets/static/`` whose default export has
``render(el, board, ctx)``). A new game adds one of each and calls :func:`register_view`; every
other part of the explorer (actions, history, branches, log, inspector) is shared. A renderer
whose handlers hold on to no element it drew also exports ``reuse = true``: the explorer then
keeps the board's unchanged elements from one draw to the next (a click redraws only what it
changed).

>>> from umbrella_lab.widgets.views import view_for
>>> view_for("academy").js
'board-academy.js'
"""

from __future__ import annotations

import contextlib
import html
import importlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from umbrella_lab.engine.core import State

STATIC = Path(__file__).parent / "static"
"""Folder of the explorer's JavaScript and CSS files."""


def scripts(*names: str) -> str:
    """The widget scripts of ``static/`` named, one after another, as one module's source.

    anywidget loads a widget's script from one text, so helpers two widgets share
    (``keyboard.js``) are put before each widget's own script rather than imported.
    """
    return "\n".join((STATIC / name).read_text(encoding="utf-8") for name in names)


ViewModel = Callable[[State, "int | None"], dict[str, Any]]


@dataclass(frozen=True)
class BoardView:
    """How the explorer draws one game.

    Attributes:
        game: Registry name of the game.
        model: ``(state, seat) -> dict``: what the board renderer gets; ``seat`` is ``None``
            for the whole table.
        js: The board renderer (an ES module): a file name in ``widgets/static/``, or the
            path of a file anywhere (for a game that ships its own).
        css: Its style sheet, named the same way, or ``""``.
        groups: Action kinds grouped under a heading, in the order the groups are shown:
            ``{heading: (kind, ...)}``. Kinds not listed get a group of their own.
        quiet: Snapshot fields left out of the "what changed" list (told by other lines).
        seats: ``state -> names``: what the seat switch calls each seat (default "Seat 1"...).
        picture: ``state -> html``: the table as a static picture (inline styles only), kept in
            a saved notebook for places where widgets do not run (GitHub, nbviewer, an HTML
            export); by default the state's own ``_repr_html_``.
        short: ``(state, action) -> str``: a brief label for the action list (the full label
            shows on hover), or ``""`` to keep the label; by default every label is kept.
        heading: ``(state, move) -> str``: a finer heading for one move than its kind's group
            (Umbrella lists its pushes by the zone they come from), or ``""`` for the kind's
            group; the moves not offered now are grouped the same way.
        compare: ``(board_a, board_b) -> rows``: what differs between two view models in the
            board's own words, the score first: rows ``[place, in a, in b, mark]``. A place's
            parts are joined by :data:`~umbrella_lab.engine.differences.SEP`, the first part a
            heading; ``mark`` (optional) is the place the boards outline, as the snapshot names
            it. By default the compare view lists the snapshots' differences field by field.
    """

    game: str
    model: ViewModel
    js: str | Path
    css: str | Path = ""
    groups: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    quiet: tuple[str, ...] = ()
    seats: Callable[[State], list[str]] | None = None
    picture: Callable[[State], str] | None = None
    short: Callable[[State, Any], str] | None = None
    compare: Callable[[dict[str, Any], dict[str, Any]], list[list[str]]] | None = None
    heading: Callable[[State, Any], str] | None = None

    def source(self) -> tuple[str, str]:
        """The renderer's JavaScript and CSS text."""
        return _read(self.js), _read(self.css) if self.css else ""

    def seat_names(self, state: State) -> list[str]:
        """What the seat switch calls each seat."""
        if self.seats is not None:
            return list(self.seats(state))
        return [f"Seat {seat + 1}" for seat in range(state.game.players)]

    def static_picture(self, state: State) -> str:
        """The table as HTML with inline styles only (no script).

        The board where widgets do not run: the game's own picture, else its text picture.
        """
        if self.picture is not None:
            return self.picture(state)
        try:
            return state._repr_html_()
        except (NotImplementedError, AttributeError):
            try:
                text = state.to_text()
            except (NotImplementedError, AttributeError):
                text = repr(state)
            return f'<pre style="margin:0">{html.escape(text)}</pre>'

    def brief(self, state: State, action: Any) -> str:
        """The action's brief label for the action list, or ``""`` for its own label."""
        return self.short(state, action) if self.short is not None else ""

    def heading_of(self, state: State, move: Any) -> str:
        """The heading a move (a :class:`~umbrella_lab.engine.moves.Move`) is listed under."""
        words = self.heading(state, move) if self.heading is not None else ""
        return words or self.group_of(move.kind)

    def group_of(self, kind: str) -> str:
        """The heading an action kind is shown under."""
        for heading, kinds in self.groups.items():
            if kind in kinds:
                return heading
        return kind.replace("-", " ").capitalize()


_VIEWS: dict[str, BoardView] = {}


def register_view(view: BoardView) -> BoardView:
    """Make ``view`` the explorer's board for its game (a later call replaces an earlier one)."""
    if not (STATIC / view.js).is_file():  # an absolute path stays itself after STATIC /
        raise FileNotFoundError(f"board renderer {str(view.js)!r} is not a file in {STATIC}")
    if view.css and not (STATIC / view.css).is_file():
        raise FileNotFoundError(f"board style sheet {str(view.css)!r} is not a file in {STATIC}")
    _VIEWS[view.game] = view
    return view


def view_for(game: str) -> BoardView:
    """The board view of a game: its own if registered, else the plain-text board."""
    if game not in _VIEWS:
        with contextlib.suppress(ModuleNotFoundError):  # it may live in widgets/<game>.py
            importlib.import_module(f"umbrella_lab.widgets.{game}")
    return _VIEWS.get(game) or BoardView(game, text_model, "board-text.js")


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


def text_model(state: State, seat: int | None) -> dict[str, Any]:
    """The fallback view model: the state's own text picture."""
    return {"text": state.to_text(seat)}


@cache
def _read(name: str | Path) -> str:
    return (STATIC / name).read_text(encoding="utf-8")
