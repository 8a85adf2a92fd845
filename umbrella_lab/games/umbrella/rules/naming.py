"""Umbrella: how moves name things in action ids.

Sides and colours [turn.push], tile sides [figure.pass-two], Scoreboard spots [figure.token] and
level-4 powers [board.powers] are named, not numbered, in an id. A move is a small value with
named fields (``Push(seat=0, side=WEST, colour=3, line=1)``); its action id names them
(``push/0/west/red/1``). Each field type here writes a number as its name and reads the name
back, refusing one that names nothing with the names there are. This module imports none of
the others; every module with moves imports it.
"""

from __future__ import annotations

from typing import Annotated, Any

from umbrella_lab.engine.moves import ByName
from umbrella_lab.games.umbrella.effects import EFFECTS
from umbrella_lab.games.umbrella.pieces import COLOURS, SIDES
from umbrella_lab.games.umbrella.state import COMPASS, UmbrellaState

# --- How moves name things in action ids ----------------------------------------------------------


def _namer(names: tuple[str, ...], what: str) -> ByName:
    """An id part that writes a number as its name in ``names`` and reads it back."""

    def write(s: Any, value: int) -> str:
        return names[value] if 0 <= value < len(names) else str(value)

    def read(s: Any, text: str) -> int:
        if text not in names:
            msg = f"there is no {what} {text!r}; the {what}s are {', '.join(names)}"
            raise ValueError(msg)
        return names.index(text)

    return ByName(write, read, what)


def spot_id(s: UmbrellaState, spot: int) -> str:
    """A Scoreboard spot by its id in the data (every face of a level shares the design)."""
    spots = s.faces[0].spots
    return spots[spot].id if 0 <= spot < len(spots) else str(spot)


def spot_number(s: UmbrellaState, name: str) -> int:
    """The spot (its index on the face) with this data id; ``ValueError`` if there is none."""
    for index, spot in enumerate(s.faces[0].spots):
        if spot.id == name:
            return index
    first, last = s.faces[0].spots[0].id, s.faces[0].spots[-1].id
    msg = f"the Scoreboard has no spot {name!r}; its spots are {first} to {last}"
    raise ValueError(msg)


def _power_name(s: Any, power: str) -> str:
    return power


def _power_read(s: Any, text: str) -> str:
    if text not in EFFECTS:
        msg = f"there is no power {text!r}; the powers are {', '.join(EFFECTS)}"
        raise ValueError(msg)
    return text


Side = Annotated[int, _namer(COMPASS, "side")]
"""A side of a Stage (0 to 3: north, east, south, west), by name in ids."""
Colour = Annotated[int, _namer(COLOURS, "colour")]
"""An umbrella colour (0 to 3: yellow, blue, green, red), by name in ids."""
TileSide = Annotated[int, _namer(SIDES, "tile side")]
"""A side of a Figure tile (0 black, 1 white), by name in ids."""
BoardSpot = Annotated[int, ByName(spot_id, spot_number, "spot")]
"""A Scoreboard spot: its index on the face (spot number - 1), by its data id in ids."""
PowerName = Annotated[str, ByName(_power_name, _power_read, "power")]
"""A level-4 power by the name the Scoreboard data gives it (see ``effects.py``)."""
