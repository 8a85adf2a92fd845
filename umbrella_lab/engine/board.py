"""A game's board view: how the explorer, the puzzle view and the class table draw its table.

A board view pairs a Python *view model* (a function ``(state, seat) -> JSON-able dict``) with a
JavaScript *board renderer* (an ES module whose default export has ``render(el, board, ctx)``)
and its style sheet. A game of the kit declares its own in its folder, ``games/<game>/board.py``
beside ``games/<game>/static/board.js`` and ``board.css``, and hands it over as
``GameInfo.board``; the widgets find it there. Every other part of the explorer (moves,
history, branches, log, inspector) is shared. A renderer whose handlers hold on to no element
it drew also exports ``reuse = true``: the explorer then keeps the board's unchanged elements
from one draw to the next (a click redraws only what it changed).

The view lives here, below the games, so that a game declares its board without importing the
widgets (imports only point down); nothing here imports a widget library.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

State = Any
"""A game's state (a :class:`~umbrella_lab.engine.core.State`). ``core`` declares a game's board
(``GameInfo.board``) and so imports this module: this module does not import ``core`` back,
and a board's functions take any game's state."""

ViewModel = Callable[[State, "int | None"], dict[str, Any]]


@dataclass(frozen=True)
class BoardView:
    """How the explorer draws one game.

    Attributes:
        game: Registry name of the game.
        model: ``(state, seat) -> dict``: what the board renderer gets; ``seat`` is ``None``
            for the whole table.
        js: The board renderer (an ES module): the path of its file (a game's
            ``static/board.js``); :func:`~umbrella_lab.widgets.views.register_view` also takes
            the name of a file of the widgets' own ``static/`` folder (``"board-text.js"``).
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


def text_model(state: State, seat: int | None) -> dict[str, Any]:
    """The plain board's view model: the state's own text picture."""
    return {"text": state.to_text(seat)}


@cache
def _read(name: str | Path) -> str:
    return Path(name).read_text(encoding="utf-8")
