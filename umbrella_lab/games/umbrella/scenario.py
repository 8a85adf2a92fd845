"""Set up a table by hand: for rule tests, puzzles and "what would you do here?" questions.

>>> from umbrella_lab.games.umbrella.scenario import scenario
>>> s = scenario(players=2, stages={0: "YBGR/BYRG/GRYB/YGBY"}, spaces={0: ["F24 black"]})
>>> s.to_dict()["seats"][0]["stage"]
['YBGR', 'BYRG', 'GRYB', 'YGBY']

Stages are given as four rows of colour letters (Y, B, G, R) as their owner sees them; zones as
the letters of the umbrellas on them; Figure spaces as tiles such as ``"F07 white"``, a stack
as a list from bottom to top. Umbrellas and tiles are taken from the box (or from where they
were), and those replaced go back to it, so every umbrella, tile and token is still in the
game exactly once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from umbrella_lab.engine.core import load
from umbrella_lab.games.umbrella.pieces import LETTERS, SIDES, parse_grid
from umbrella_lab.games.umbrella.rules import (
    UMBRELLAS_PER_COLOUR,
    UmbrellaState,
)

Stack = str | Sequence[str]


def scenario(
    players: int = 2,
    stages: Mapping[int, str] | None = None,
    zones: Mapping[str, str] | None = None,
    spaces: Mapping[int, Sequence[Stack]] | None = None,
    tokens: Mapping[int, Sequence[int]] | None = None,
    faces: Mapping[int, str] | None = None,
    supply: int | None = None,
    reserve: int | None = None,
    active: int = 0,
    trigger: str = "",
    trigger_seat: int = -1,
    seed: int = 0,
    **options: Any,
) -> UmbrellaState:
    """A table with the given Stages, zones, Figure tiles and tokens; ``active`` is to push.

    Args:
        players: Player count (1 for solo).
        stages: Each seat's Stage, e.g. ``{0: "YBGR/BYRG/GRYB/RGBY"}``.
        zones: Waiting Zones by name: ``"central"``, ``"side 1"`` ... (side zone ``i`` lies left of
            seat ``i - 1``), ``"personal 1"`` ... (P1's personal zone); in solo ``"left"``,
            ``"right"``, ``"top"`` and ``"personal"``. The value lists the umbrellas, e.g.
            ``"YYR"``; ``""`` for an empty zone.
        spaces: Each seat's four Figure spaces: a tile (``"F07 white"``), a stack (a list from
            bottom to top) or ``""`` for an empty space. Shorter lists leave the other spaces
            empty.
        tokens: Spot numbers holding a token, by seat (taken from the supply).
        faces: Scoreboard face by seat, e.g. ``{0: "level-3/1"}`` (its level must be the game's).
        supply: Scoring tokens left in the supply (default: the setup count minus those placed).
        reserve: Tokens set aside (default: the rest of the 25).
        active: The seat to push.
        trigger: An end trigger already met (``"supply"``, ``"no-figures"`` or
            ``"ten-tokens"``).
        trigger_seat: The seat whose turn met it.
        seed: Seed of the deal that the rest of the table comes from.
        options: Rule options, as for ``ul.load``.
    """
    game = load("umbrella", players=players, **options)
    s: UmbrellaState = game.deal(seed)  # type: ignore[assignment]
    s.events = []
    pieces = s.pieces
    for seat, text in (stages or {}).items():
        rows = parse_grid(text)
        if not rows or any(ch not in LETTERS for row in rows for ch in row):
            msg = f"stage of seat {seat}: give four rows of four letters Y/B/G/R, not {text!r}"
            raise ValueError(msg)
        s.cells[seat] = [LETTERS.index(ch) for row in rows for ch in row]
    for name, letters in (zones or {}).items():
        zone = _zone(s, name)
        s.zones[zone] = [letters.count(ch) for ch in LETTERS]
    used = [
        sum(stage.count(c) for stage in s.cells) + sum(z[c] for z in s.zones) + s.discard[c]
        for c in range(4)
    ]
    if any(count > UMBRELLAS_PER_COLOUR for count in used):
        msg = f"this table uses {used} umbrellas of Y/B/G/R; the box holds 25 of each"
        raise ValueError(msg)
    s.box = tuple(UMBRELLAS_PER_COLOUR - count for count in used)

    if spaces:
        ids = {tile.id: number for number, tile in enumerate(pieces.tiles)}
        wanted: dict[int, list[list[int]]] = {}
        for seat, stacks in spaces.items():
            codes = []
            for stack in list(stacks) + [""] * (4 - len(stacks)):
                names = [stack] if isinstance(stack, str) else list(stack)
                codes.append([_code(ids, name) for name in names if name])
            wanted[seat] = codes
        named = {code >> 1 for rows in wanted.values() for stack in rows for code in stack}
        for seat in range(players):  # named tiles leave wherever they were
            for pile in s.spaces[seat]:
                pile[:] = [code for code in pile if code >> 1 not in named]
        s.tile_box = [tile for tile in s.tile_box if tile not in named]
        for seat, piles in wanted.items():
            s.tile_box += [code >> 1 for pile in s.spaces[seat] for code in pile]
            s.spaces[seat] = [pile[:] for pile in piles]
        s.tile_box.sort()
        s.seen = 0
        for seat in range(players):
            for pile in s.spaces[seat]:
                if pile:
                    s.seen |= 1 << (pile[-1] >> 1)

    if faces:
        for seat, face_id in faces.items():
            level = s.game.options["level"]
            found = [face for face in pieces.faces[level] if face.id == face_id]
            if not found:
                choices = ", ".join(face.id for face in pieces.faces[level])
                msg = f"no level {level} Scoreboard face {face_id!r}; the faces are {choices}"
                raise ValueError(msg)
            s.faces = tuple(found[0] if p == seat else s.faces[p] for p in range(players))
    placed = 0
    for seat, numbers in (tokens or {}).items():
        for number in numbers:
            s.filled[seat] |= 1 << (number - 1)
            placed += 1
    total = 25
    start = s.supply
    s.supply = start - placed if supply is None else supply
    s.reserve = total - placed - s.supply if reserve is None else reserve
    s.active, s.step = active, "push"
    s.trigger, s.trigger_seat = trigger, trigger_seat
    return s


def _zone(s: UmbrellaState, name: str) -> int:
    n = s.players
    if s.solo:
        names = {"left": 0, "right": 1, "top": 2, "personal": 3}
    else:
        names = {"central": n}
        names.update({f"side {i + 1}": i for i in range(n)})
        names.update({f"personal {p + 1}": n + 1 + p for p in range(n)})
    if name not in names:
        msg = f"no Waiting Zone {name!r}; the zones are {', '.join(names)}"
        raise ValueError(msg)
    return names[name]


def _code(ids: dict[str, int], name: str) -> int:
    parts = name.split()
    if len(parts) != 2 or parts[0] not in ids or parts[1] not in SIDES:
        msg = f"name a tile side as 'F07 white' (ids F01 to F24, black or white), not {name!r}"
        raise ValueError(msg)
    return ids[parts[0]] * 2 + SIDES.index(parts[1])
