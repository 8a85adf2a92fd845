"""The printed parts of Umbrella, read from the TOML files in ``data/``.

Three files describe what the rulebook shows only in pictures: the personal boards (Stage
colours and pinwheel orientations, ``boards.toml``), the 24 Figure tiles (``figures.toml``) and
the Scoreboards (``scoreboards.toml``). Every field is checked on load; a broken file gets a
:class:`DataError` naming the file, the entry and the field. Everything the rulebook does not
print is marked ``reconstruction``.

>>> pieces = load_pieces()
>>> len(pieces.tiles), len(pieces.boards), [len(pieces.faces[level]) for level in (1, 2, 3, 4)]
(24, 4, [4, 4, 4, 4])
>>> pieces.tiles[0].id, len(pieces.tiles[0].sides[0]), len(pieces.tiles[0].sides[1])
('F01', 4, 5)
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

from umbrella_lab.engine.data import Field, cached_by_files, read_entries, read_toml
from umbrella_lab.engine.effects import Table
from umbrella_lab.engine.errors import DataError
from umbrella_lab.engine.words import noun

PACKAGE = "umbrella_lab.games.umbrella"
COLOURS = ("yellow", "blue", "green", "red")
"""The four umbrella colours, in the order the engine numbers them (0 to 3)."""
LETTERS = "YBGR"
"""One letter per colour, as in the data files and the text pictures."""
PINWHEEL = (0, 90, 180, 270)
"""The pinwheel orientations a Figure space can show, in degrees clockwise."""
EFFECTS = Table(
    "power",
    "A level-4 power, earned on a Scoreboard: ``power(s) -> bool`` (True: a choice waits).",
)
"""Each power by the name the Scoreboard data gives it, filled by ``effects.py`` (rules
power.again, power.swap, power.swap-zone)."""
POWERS = EFFECTS
"""The level-4 powers a Scoreboard may print: those with an effect in ``effects.py``."""
PROVENANCE = ("rulebook", "published", "reconstruction")
SIDES = ("black", "white")
"""The two sides of a Figure tile (black: a tetromino, white: a pentomino)."""


@dataclass(frozen=True)
class FigureTile:
    """A double-sided Figure tile.

    Attributes:
        id: Stable name, e.g. ``"F07"``.
        shape: The black side's tetromino, in words.
        sides: The Stage spaces (0 to 15, row by row) of the black and of the white side, as
            printed (pinwheel pointing up).
        provenance: Where the figures come from.
    """

    id: str
    shape: str
    sides: tuple[tuple[int, ...], tuple[int, ...]]
    provenance: str


@dataclass(frozen=True)
class Board:
    """A personal board: the starting colours of its Stage and its four Figure spaces.

    Attributes:
        id: The board's letter.
        stage: The colour (0 to 3) of each Stage space, row by row from its owner's view.
        pinwheel: The pinwheel orientation of Figure spaces 1 to 4, in degrees clockwise.
        provenance: Where the layout comes from.
    """

    id: str
    stage: tuple[int, ...]
    pinwheel: tuple[int, ...]
    provenance: str


@dataclass(frozen=True)
class Spot:
    """A spot of a Scoreboard where one scoring token may go.

    Attributes:
        number: The spot's number on its face (1, 2, ...).
        row: Row on the face (from 1, top).
        column: Column on the face (from 1, left).
        colours: Bit mask of the colours it accepts (bit ``c`` for colour ``c``); 0 for a white
            square.
        white: For a white square, the pinwheel orientation its figure must come from; else -1.
        group: Index of its printed group in :attr:`Face.groups`, or -1.
        id: Its stable name in the data (e.g. ``"level-1-07"``), shared by every copy of a
            design; action ids name a spot by it.
    """

    number: int
    row: int
    column: int
    colours: int
    white: int
    group: int
    id: str

    @property
    def words(self) -> str:
        """What the spot takes, e.g. ``"red"``, ``"yellow/red"`` or ``"white 90°"``."""
        if self.white >= 0:
            return f"white {self.white}°"
        return "/".join(COLOURS[c] for c in range(4) if self.colours >> c & 1)


@dataclass(frozen=True)
class Face:
    """One face of a Scoreboard: a copy of a level's design, its colours turned round.

    Attributes:
        id: ``"<design>/<copy>"``, e.g. ``"level-1/2"``.
        level: The difficulty level, 1 to 4.
        name: The design's name.
        scoring: ``"groups"`` (printed groups with bonuses) or ``"adjacency"`` (level 3).
        spots: Its spots, by number (``spots[0]`` is spot 1).
        groups: Each printed group as (bonus, indexes of its spots).
        powers: Each level-4 power as (power, index of one spot, index of the other).
        neighbours: For each spot, the indexes of the spots beside it in a row or column.
        diagonal: For each spot, the indexes of the spots touching it corner to corner.
        provenance: Where the design comes from.
    """

    id: str
    level: int
    name: str
    scoring: str
    spots: tuple[Spot, ...]
    groups: tuple[tuple[int, tuple[int, ...]], ...]
    powers: tuple[tuple[str, int, int], ...]
    neighbours: tuple[tuple[int, ...], ...]
    diagonal: tuple[tuple[int, ...], ...]
    provenance: str


@dataclass(frozen=True)
class Pieces:
    """All printed data of one game.

    Attributes:
        tiles: The Figure tiles (index = tile number).
        boards: The personal boards (seat ``p`` takes ``boards[p]``).
        faces: The Scoreboard faces of each level (1 to 4), copy 1 first.
        source: Where the data was read from.
    """

    tiles: tuple[FigureTile, ...]
    boards: tuple[Board, ...]
    faces: dict[int, tuple[Face, ...]]
    source: str


_BOARD = {
    "id": Field(str),
    "stage": Field(str),
    "pinwheel": Field(str),
    "provenance": Field(str, choices=PROVENANCE),
}
_TILE = {
    "id": Field(str),
    "shape": Field(str),
    "black": Field(str),
    "white": Field(str),
    "provenance": Field(str, choices=PROVENANCE),
}
_SCOREBOARD = {
    "id": Field(str),
    "level": Field(int, low=1, high=4),
    "name": Field(str),
    "scoring": Field(str, choices=("groups", "adjacency")),
    "copies": Field(int, low=1, high=8),
    "provenance": Field(str, choices=PROVENANCE),
}
_GROUP = {
    "id": Field(str),
    "scoreboard": Field(str),
    "bonus": Field(int, low=0, high=50),
    "provenance": Field(str, choices=PROVENANCE),
}
_SPOT = {
    "id": Field(str),
    "scoreboard": Field(str),
    "number": Field(int, low=1, high=40),
    "row": Field(int, low=1, high=12),
    "column": Field(int, low=1, high=12),
    "accepts": Field(str),
    "pinwheel": Field(int, -1, choices=(-1, *PINWHEEL)),
    "group": Field(str, ""),
    "provenance": Field(str, choices=PROVENANCE),
}
_POWER = {
    "id": Field(str),
    "scoreboard": Field(str),
    "power": Field(str, choices=POWERS),
    "spot_a": Field(int, low=1, high=40),
    "spot_b": Field(int, low=1, high=40),
    "provenance": Field(str, choices=PROVENANCE),
}


FILES = ("boards.toml", "figures.toml", "scoreboards.toml")
"""The data files of Umbrella."""


def data_files(folder: Any = None) -> list[Any]:
    """The data files in use: in ``folder`` if given, else the packaged ones.

    Records keep a hash of them (``GameInfo.data``).
    """
    if folder is not None:
        return [Path(folder) / name for name in FILES]
    return [files(PACKAGE) / "data" / name for name in FILES]


def _file(folder: Path | None, name: str) -> tuple[str, dict]:
    return read_toml(folder / name if folder else name, None if folder else PACKAGE)


def parse_grid(text: str) -> list[str]:
    """Four rows of four characters, given as ``"row/row/row/row"``; [] if malformed."""
    rows = text.split("/")
    if len(rows) != 4 or any(len(row) != 4 for row in rows):
        return []
    return rows


def _connected(cells: tuple[int, ...]) -> bool:
    todo, seen = [cells[0]], {cells[0]}
    while todo:
        cell = todo.pop()
        r, c = divmod(cell, 4)
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            near = (r + dr) * 4 + c + dc
            if 0 <= r + dr < 4 and 0 <= c + dc < 4 and near in cells and near not in seen:
                seen.add(near)
                todo.append(near)
    return len(seen) == len(cells)


def _figure(name: str, where: str, field: str, text: str, size: int) -> tuple[int, ...]:
    rows = parse_grid(text)
    if not rows or any(ch not in ".#" for row in rows for ch in row):
        raise DataError(
            name,
            where,
            field,
            f"is {text!r}; give four rows of four '.' or '#' "
            "separated by '/', e.g. '.#../.#../.##./....'",
        )
    cells = tuple(r * 4 + c for r in range(4) for c in range(4) if rows[r][c] == "#")
    if len(cells) != size:
        raise DataError(
            name, where, field, f"has {len(cells)} '#' spaces; a {field} side has exactly {size}"
        )
    if not _connected(cells):
        raise DataError(
            name, where, field, "is not one piece: every '#' must touch another '#' along a side"
        )
    return cells


def _load_boards(path: Path | None) -> tuple[Board, ...]:
    name, tables = _file(path, "boards.toml")
    boards = []
    for entry in read_entries(name, tables, "board", _BOARD):
        where = f"board '{entry['id']}'"
        rows = parse_grid(entry["stage"])
        if not rows or any(ch not in LETTERS for row in rows for ch in row):
            raise DataError(
                name,
                where,
                "stage",
                f"is {entry['stage']!r}; give four rows of "
                "four letters Y, B, G or R separated by '/'",
            )
        stage = tuple(LETTERS.index(ch) for row in rows for ch in row)
        counts = [stage.count(c) for c in range(4)]
        if counts != [4, 4, 4, 4]:
            raise DataError(
                name,
                where,
                "stage",
                f"holds {counts} umbrellas of Y/B/G/R; the "
                "rulebook's 16 umbrellas are four of each colour",
            )
        try:
            pinwheel = tuple(int(part) for part in entry["pinwheel"].split("/"))
        except ValueError:
            pinwheel = ()
        if sorted(pinwheel) != list(PINWHEEL):
            raise DataError(
                name,
                where,
                "pinwheel",
                f"is {entry['pinwheel']!r}; give the four "
                "orientations 0, 90, 180 and 270 in the order of spaces 1 to 4, "
                "e.g. '0/90/180/270'",
            )
        boards.append(Board(entry["id"], stage, pinwheel, entry["provenance"]))
    if len(boards) < 4:
        raise DataError(name, "", "", f"{len(boards)} boards found; four players need four")
    return tuple(boards)


def _load_tiles(path: Path | None) -> tuple[FigureTile, ...]:
    name, tables = _file(path, "figures.toml")
    tiles = []
    seen: dict[tuple[int, ...], str] = {}
    for entry in read_entries(name, tables, "tile", _TILE):
        where = f"tile '{entry['id']}'"
        black = _figure(name, where, "black", entry["black"], 4)
        white = _figure(name, where, "white", entry["white"], 5)
        for field, cells in (("black", black), ("white", white)):
            if cells in seen:
                raise DataError(name, where, field, f"is the same figure as {seen[cells]}")
            seen[cells] = f"{where} {field}"
        tiles.append(FigureTile(entry["id"], entry["shape"], (black, white), entry["provenance"]))
    if len(tiles) < 16:
        raise DataError(
            name, "", "", f"{len(tiles)} tiles found; four players need 16 (the box holds 24)"
        )
    return tuple(tiles)


def _accepts(name: str, where: str, text: str, pinwheel: int) -> tuple[int, int]:
    if text == "white":
        if pinwheel < 0:
            raise DataError(
                name,
                where,
                "pinwheel",
                "a white square needs the pinwheel "
                "orientation (0, 90, 180 or 270) its figure must come from",
            )
        return 0, pinwheel
    parts = text.split("/")
    if (
        not 1 <= len(parts) <= 2
        or any(part not in COLOURS for part in parts)
        or (len(set(parts)) != len(parts))
    ):
        raise DataError(
            name,
            where,
            "accepts",
            f"is {text!r}; give a colour ("
            + ", ".join(COLOURS)
            + "), two colours as 'yellow/red', or 'white'",
        )
    if pinwheel >= 0:
        raise DataError(
            name,
            where,
            "pinwheel",
            "only a white square has a pinwheel orientation; use -1 for a coloured spot",
        )
    mask = 0
    for part in parts:
        mask |= 1 << COLOURS.index(part)
    return mask, -1


def _near(spots: list[Spot], diagonal: bool) -> tuple[tuple[int, ...], ...]:
    steps = ((1, 1), (1, -1), (-1, 1), (-1, -1)) if diagonal else ((0, 1), (0, -1), (1, 0), (-1, 0))
    where = {(s.row, s.column): i for i, s in enumerate(spots)}
    return tuple(
        tuple(
            where[(s.row + dr, s.column + dc)]
            for dr, dc in steps
            if (s.row + dr, s.column + dc) in where
        )
        for s in spots
    )


def _load_faces(path: Path | None) -> dict[int, tuple[Face, ...]]:
    name, tables = _file(path, "scoreboards.toml")
    designs = read_entries(name, tables, "scoreboard", _SCOREBOARD)
    groups = read_entries(name, tables, "group", _GROUP) if "group" in tables else []
    spots = read_entries(name, tables, "spot", _SPOT)
    powers = read_entries(name, tables, "power", _POWER) if "power" in tables else []
    by_id = {d["id"]: d for d in designs}
    for table, entries in (("group", groups), ("spot", spots), ("power", powers)):
        for entry in entries:
            if entry["scoreboard"] not in by_id:
                raise DataError(
                    name,
                    f"{table} '{entry['id']}'",
                    "scoreboard",
                    f"is {entry['scoreboard']!r}, not a [[scoreboard]] id; the ids "
                    "are " + ", ".join(by_id),
                )
    faces: dict[int, tuple[Face, ...]] = {}
    for design in designs:
        did = design["id"]
        where = f"scoreboard '{did}'"
        if design["level"] in faces:
            raise DataError(
                name,
                where,
                "level",
                f"level {design['level']} has a design already; give one design per level",
            )
        own_groups = [g for g in groups if g["scoreboard"] == did]
        group_index = {g["id"]: i for i, g in enumerate(own_groups)}
        own = sorted((s for s in spots if s["scoreboard"] == did), key=lambda s: s["number"])
        numbers = [s["number"] for s in own]
        if numbers != list(range(1, len(own) + 1)):
            raise DataError(
                name,
                where,
                "",
                f"its spots are numbered {numbers}; number them "
                "1, 2, 3, ... without gaps or repeats",
            )
        if len(own) < 10:
            raise DataError(
                name,
                where,
                "",
                f"has {len(own)} spots; a player may place 10 "
                "tokens (rule end.ten-tokens), so a face needs at least 10",
            )
        places: set[tuple[int, int]] = set()
        base: list[Spot] = []
        for s in own:
            at = f"spot '{s['id']}'"
            if (s["row"], s["column"]) in places:
                raise DataError(
                    name,
                    at,
                    "column",
                    f"row {s['row']}, column {s['column']} holds another spot already",
                )
            places.add((s["row"], s["column"]))
            colours, white = _accepts(name, at, s["accepts"], s["pinwheel"])
            if s["group"] and s["group"] not in group_index:
                raise DataError(
                    name,
                    at,
                    "group",
                    f"is {s['group']!r}, not a group of "
                    f"{did}; its groups are " + (", ".join(group_index) or "none"),
                )
            if s["group"] and design["scoring"] == "adjacency":
                raise DataError(
                    name,
                    at,
                    "group",
                    f"{did} scores by adjacency and has no printed groups; leave the group empty",
                )
            base.append(
                Spot(
                    s["number"],
                    s["row"],
                    s["column"],
                    colours,
                    white,
                    group_index.get(s["group"], -1),
                    s["id"],
                )
            )
        members = tuple(
            tuple(i for i, s in enumerate(base) if s.group == g) for g in range(len(own_groups))
        )
        for g, entry in enumerate(own_groups):
            if not members[g]:
                raise DataError(name, f"group '{entry['id']}'", "id", "no spot belongs to it")
        face_powers = []
        for p in (p for p in powers if p["scoreboard"] == did):
            a, b = p["spot_a"], p["spot_b"]
            if a == b or not (1 <= a <= len(base) and 1 <= b <= len(base)):
                raise DataError(
                    name,
                    f"power '{p['id']}'",
                    "spot_b",
                    f"spots {a} and {b}: give two different spot numbers from 1 to {len(base)}",
                )
            face_powers.append((p["power"], a - 1, b - 1))
        copies = []
        for copy in range(design["copies"]):
            turned = [
                Spot(s.number, s.row, s.column, _turn(s.colours, copy), s.white, s.group, s.id)
                for s in base
            ]
            copies.append(
                Face(
                    f"{did}/{copy + 1}",
                    design["level"],
                    design["name"],
                    design["scoring"],
                    tuple(turned),
                    tuple((own_groups[g]["bonus"], members[g]) for g in range(len(own_groups))),
                    tuple(face_powers),
                    _near(turned, False),
                    _near(turned, True),
                    design["provenance"],
                )
            )
        faces[design["level"]] = tuple(copies)
    missing = [level for level in (1, 2, 3, 4) if level not in faces]
    if missing:
        raise DataError(
            name,
            "",
            "",
            f"no design for {noun(len(missing), 'level')} {missing}; "
            "give one [[scoreboard]] per level 1 to 4",
        )
    for level, made in faces.items():
        if len(made) < 4:
            raise DataError(
                name,
                f"scoreboard '{made[0].id.split('/')[0]}'",
                "copies",
                f"is {len(made)}; four players each need a face of level {level}",
            )
    return faces


def _turn(mask: int, steps: int) -> int:
    """Swap colours round ``steps`` times: yellow -> blue -> green -> red -> yellow."""
    for _ in range(steps):
        mask = ((mask << 1) | (mask >> 3)) & 0xF
    return mask


@cached_by_files(*FILES)
def load_pieces(folder: str | Path | None = None) -> Pieces:
    """Read and check the three data files (from ``folder``, or the packaged ones).

    A folder is read again when one of its files has changed since (a student's edit counts
    the next time the game is loaded); the same folder as a ``str`` or a ``Path`` gives the
    same pieces.

    Raises:
        DataError: naming the file, the entry and the field that is wrong.
    """
    path = Path(folder) if folder is not None else None
    return Pieces(
        _load_tiles(path),
        _load_boards(path),
        _load_faces(path),
        str(path) if path else f"{PACKAGE}/data",
    )
