"""Each seat's part in a played game, counted in the game's own terms.

A game says what one move did for whom with a small function, ``GameInfo.part``: it reads the
move, the table before and after it and the events it caused, and yields ``(seat, what,
amount)``, such as ``(0, "civilians rescued", 1)``. :func:`seat_parts` sums those over a game.
A game without such a function (one written in a notebook, say) has no counts of its own; the
class table then falls back on each seat's moves by kind and the rules they caused.

>>> import umbrella_lab as ul
>>> game = ul.load("pig", players=2)
>>> state = game.new(seed=1)
>>> played = []
>>> for action in ["P1: roll the die", "the die shows 5", "P1: hold (bank 5, score 5)"]:
...     after = state.apply(action)
...     move = state.parse_action(action).key
...     played.append(Played(state, move, after, tuple(after.events or ()), state.to_act))
...     state = after
>>> seat_parts(game, played)[0]
{'rolls': 1, 'points banked': 5, 'holds': 1}
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from umbrella_lab.engine.core import Event, Game, State
    from umbrella_lab.engine.moves import Move


class Played(NamedTuple):
    """One move of a played game, as a game's ``part`` function reads it.

    Attributes:
        before: The table before the move.
        move: The move.
        after: The table after it.
        events: What the move did, in the log's words (each with its rule).
        seat: The seat that chose it (a page or a bot), or ``None`` for luck and for a
            team's choice made by nobody in particular.
    """

    before: State
    move: Move
    after: State
    events: tuple[Event, ...]
    seat: int | None


def seat_parts(game: Game, played: Iterable[Played]) -> list[dict[str, int]] | None:
    """Each seat's counts over ``played``, summed from the game's ``part`` function.

    Every seat gets every count the game named, in the order it first named them (0 where a
    seat has none of it), so that the seats read alike.

    Returns ``None`` for a game whose ``GameInfo`` has no ``part`` function.

    Raises:
        ValueError: the game's ``part`` names a seat the table does not have.
    """
    part = game.info.part
    if part is None:
        return None
    return add_up(game, (credit for step in played for credit in part(step)))


def add_up(game: Game, credits: Iterable[tuple[int, str, int]]) -> list[dict[str, int]]:
    """Each seat's counts from ``(seat, what, amount)`` credits (see :func:`seat_parts`).

    Raises:
        ValueError: a credit names a seat the table does not have.
    """
    counts: list[dict[str, int]] = [{} for _ in range(game.players)]
    named: dict[str, None] = {}  # every count named, in order
    for seat, what, amount in credits:
        if not 0 <= seat < game.players:
            msg = f"{game.name}: its part function credits seat {seat}, not at the table"
            raise ValueError(msg)
        named.setdefault(what)
        counts[seat][what] = counts[seat].get(what, 0) + amount
    return [{what: mine.get(what, 0) for what in named} for mine in counts]
