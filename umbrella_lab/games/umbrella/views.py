"""What the table looks like: JSON snapshots, text and HTML pictures.

Also each player's part in a played game (:func:`part`, for the class table's summary).

Umbrella is a game of open information: every Stage, zone, Scoreboard and visible Figure tile
is on the table for all to see. Only the tiles under the visible ones, which nobody has seen
yet, are hidden: they show as a count [setup.figures].
"""

from __future__ import annotations

from collections.abc import Iterator
from html import escape
from typing import TYPE_CHECKING, Any, cast

from umbrella_lab.engine.parts import Played
from umbrella_lab.engine.words import plural
from umbrella_lab.games.umbrella.pieces import COLOURS, LETTERS, SIDES

if TYPE_CHECKING:
    from umbrella_lab.games.umbrella.rules import UmbrellaState

_HTML_COLOURS = {"Y": "#f2c200", "B": "#2f6fd0", "G": "#2f9a45", "R": "#d23a2a"}
_SIDE_NAMES = ("north", "east", "south", "west")


def _umbrellas(zone: list[int]) -> dict[str, int]:
    return {COLOURS[c]: zone[c] for c in range(4)}


def _letters(zone: list[int]) -> str:
    """The umbrellas of a zone as colour letters in colour order, e.g. ``"YYBR"``."""
    return "Y" * zone[0] + "B" * zone[1] + "G" * zone[2] + "R" * zone[3]


def _figure_rows(cells: tuple[int, ...]) -> list[str]:
    return ["".join("#" if r * 4 + c in cells else "." for c in range(4)) for r in range(4)]


_PICTURES: dict[tuple[tuple[int, ...], int], str] = {}
_SPOTS: dict[int, tuple[tuple[int, str, int, int], ...]] = {}


def _pictures(cells: tuple[int, ...], angle: int) -> str:
    """A figure as turned on a Figure space, e.g. ``"####/..../..../...."``."""
    found = _PICTURES.get((cells, angle))
    if found is None:
        from umbrella_lab.games.umbrella.rules import turned

        found = _PICTURES[(cells, angle)] = "/".join(_figure_rows(turned(cells, angle)))
    return found


def _spots(face: Any) -> tuple[tuple[int, str, int, int], ...]:
    """Number, words, row and column of each spot of a face (they never change)."""
    found = _SPOTS.get(id(face))
    if found is None:
        found = _SPOTS[id(face)] = tuple(
            (spot.number, spot.words, spot.row, spot.column) for spot in face.spots
        )
    return found


def snapshot(state: UmbrellaState, seat: int | None = None) -> dict[str, Any]:
    """The table as JSON-able data; with ``seat``, as that seat sees it (the same: open game).

    Stages are four strings of colour letters (rows 1 to 4 as the owner sees them), and so are
    the umbrellas of a Waiting Zone (e.g. ``"YYBR"``: two yellow, a blue, a red); a visible
    figure is drawn as four rows of ``#`` and ``.`` turned as on its Figure space; each
    Scoreboard spot is ``[number, accepts, row, column, token]``. Tiles under a stack that
    nobody has seen show only as a count.
    """
    tiles = state.pieces.tiles
    seats = []
    for p in range(state.players):
        face = state.faces[p]
        filled = state.filled[p]
        spaces = []
        for k, stack in enumerate(state.spaces[p]):
            angle = state.pinwheel[p][k]
            top = None
            if stack:
                code = stack[-1]
                tile = tiles[code >> 1]
                top = {
                    "tile": tile.id,
                    "side": SIDES[code & 1],
                    "figure": _pictures(tile.sides[code & 1], angle),
                }
            under = stack[:-1]
            seen = [
                f"{tiles[c >> 1].id} {SIDES[c & 1]}" for c in under if state.seen >> (c >> 1) & 1
            ]
            spaces.append(
                {
                    "space": k + 1,
                    "pinwheel": angle,
                    "top": top,
                    "under": len(under),
                    "under_seen": seen,
                }
            )
        seats.append(
            {
                "seat": p,
                "name": state.seat_name(p),
                "board": state.pieces.boards[p].id,
                "stage": [
                    "".join(LETTERS[c] for c in state.cells[p][r * 4 : r * 4 + 4]) for r in range(4)
                ],
                "zones": {_SIDE_NAMES[side]: zone for side, zone in enumerate(state.around[p])},
                "spaces": spaces,
                "tiles": state.tile_count(p),
                "scoreboard": {
                    "face": face.id,
                    "level": face.level,
                    "scoring": face.scoring,
                    "spots": [
                        [number, words, row, column, bool(filled >> i & 1)]
                        for i, (number, words, row, column) in enumerate(_spots(face))
                    ],
                    "groups": [
                        {
                            "bonus": bonus,
                            "spots": [face.spots[i].number for i in members],
                            "complete": all(filled >> i & 1 for i in members),
                        }
                        for bonus, members in face.groups
                    ],
                    "powers": [
                        {
                            "power": kind,
                            "spots": [face.spots[a].number, face.spots[b].number],
                            "active": bool(filled >> a & 1 and filled >> b & 1),
                        }
                        for kind, a, b in face.powers
                    ],
                },
                "tokens": state.tokens(p),
                "personal_zone": state.personal(p),
                "score": state.score(p),
                "turns": state.turns[p],
            }
        )
    held = None
    if state.held >= 0:
        held = {
            "tile": tiles[state.held >> 1].id,
            "side": SIDES[state.held & 1],
            "from": state.held_from,
            "to": state.receiver,
        }
    result = state.result
    return {
        "game": "umbrella",
        "seat": seat,
        **(
            {"seed": state.seed} if seat is None else {}
        ),  # a seat never sees the seed: it fixes every deal
        "players": state.players,
        "options": dict(state.game.changed_options),
        "level": state.game.options["level"],
        "step": state.step,
        "to_act": state.to_act,
        "active": state.active,
        "supply": state.supply,
        "reserve": state.reserve,
        "end_trigger": state.trigger,
        "trigger_seat": state.trigger_seat,
        "zones": [
            {"zone": z, "name": state.zone_name(z), "umbrellas": _letters(zone)}
            for z, zone in enumerate(state.zones)
        ],
        "discard": _umbrellas(state.discard),
        "box": _umbrellas(list(state.box)),
        "seats": seats,
        "held": held,
        "powers_due": list(state.due),
        "extra_turn": state.extra_turn,
        "tiles_in_box": len(state.tile_box),
        "tiles_discarded": [f"{tiles[c >> 1].id} {SIDES[c & 1]}" for c in state.tile_discard],
        "result": None if result is None else result.to_dict(),
    }


def _zone_text(data: dict[str, Any], zone: int) -> str:
    letters = " ".join(data["zones"][zone]["umbrellas"])
    return f"[{letters}]" if letters else "[empty]"


def _spot_text(spot: list[Any]) -> str:
    _, accepts, _, _, token = spot
    if accepts.startswith("white"):
        inner = "W" + accepts.split()[1].rstrip("°")
    else:
        inner = "/".join(LETTERS[COLOURS.index(part)] for part in accepts.split("/"))
    return f"({inner:^4})" if token else f"[{inner:^4}]"


def _stage_lines(state: UmbrellaState, data: dict[str, Any], p: int) -> list[str]:
    seat = data["seats"][p]
    zones = seat["zones"]
    north, east, south, west = (zones[name] for name in _SIDE_NAMES)
    names = [data["zones"][z]["name"] for z in (north, east, south, west)]
    lines = [
        f"{seat['name']}  board {seat['board']}   score {seat['score']}, "
        f"{plural(seat['tokens'], 'token')}, {plural(seat['tiles'], 'Figure tile')}, "
        f"{plural(seat['turns'], 'turn')}",
        f"                 north: {names[0]} {_zone_text(data, north)}",
        "                     col 1 2 3 4",
    ]
    for r, row in enumerate(seat["stage"]):
        left = f"west: {names[3]}" if r == 0 else (_zone_text(data, west) if r == 1 else "")
        right = f"east: {names[1]}" if r == 0 else (_zone_text(data, east) if r == 1 else "")
        lines.append(f"  {left:<19}row {r + 1}  {' '.join(row)}    {right}")
    lines.append(f"                 south: {names[2]} {_zone_text(data, south)}")
    head: list[str] = []
    tags: list[str] = []
    grids: list[list[str]] = [[], [], [], []]
    unders: list[str] = []
    for space in seat["spaces"]:
        head.append(f"{space['space']} ({space['pinwheel']}°)")
        top = space["top"]
        tags.append(f"{top['tile']} {top['side']}" if top else "empty")
        rows = top["figure"].split("/") if top else ["    "] * 4
        for r in range(4):
            grids[r].append(rows[r])
        unders.append(f"+{space['under']} under" if space["under"] else "")
    lines.append("  Figure spaces:  " + "".join(f"{h:<12}" for h in head))
    lines.append("  (turned as on   " + "".join(f"{t:<12}" for t in tags))
    for r in range(4):
        start = "   the Stage)    " if r == 0 else " " * 17
        lines.append(start + " " + "".join(f"{g:<12}" for g in grids[r]))
    if any(unders):
        lines.append(" " * 18 + "".join(f"{u:<12}" for u in unders))
    board = seat["scoreboard"]
    rows = max(spot[2] for spot in board["spots"])
    columns = max(spot[3] for spot in board["spots"])
    grid = [["      "] * columns for _ in range(rows)]
    for spot in board["spots"]:
        grid[spot[2] - 1][spot[3] - 1] = _spot_text(spot)
    lines.append(f"  Scoreboard {board['face']}  [ ] free  ( ) token")
    lines += ["    " + " ".join(row) for row in grid]
    groups = [
        f"spots {','.join(map(str, group['spots']))} +{group['bonus']}"
        + (" done" if group["complete"] else "")
        for group in board["groups"]
    ]
    if groups:
        lines.append("    groups: " + "; ".join(groups))
    powers = [
        f"{power['power']} ({power['spots'][0]}-{power['spots'][1]})"
        + (" used" if power["active"] else "")
        for power in board["powers"]
    ]
    if powers:
        lines.append("    powers: " + "; ".join(powers))
    if board["scoring"] == "adjacency":
        lines.append("    neighbouring tokens: 2 = +3, 3 = +5, 4 or more = +8")
    return lines


def to_text(state: UmbrellaState, seat: int | None = None) -> str:
    r"""A plain-text picture of the table: each Stage from its owner's side, with its zones.

    >>> import umbrella_lab as ul
    >>> text = ul.load("umbrella", players=1).new(seed=2).to_text()
    >>> print("\n".join(text.splitlines()[2:10]))
    P1  board A   score 0, 0 tokens, 6 Figure tiles, 0 turns
                     north: top zone [Y G G R R]
                         col 1 2 3 4
      west: left zone    row 1  Y B G R    east: right zone
      [Y B G G R]        row 2  B Y R G    [Y B B R R]
                         row 3  G R Y B
                         row 4  R G B Y
                     south: personal zone [Y Y B B G]
    """
    data = snapshot(state, seat)
    n = data["players"]
    players = "solo" if n == 1 else f"{n} players"
    lines = [
        f"Umbrella, {players}, level {data['level']} Scoreboards; {data['supply']} scoring "
        "tokens in the supply" + (f", {data['reserve']} set aside." if n > 1 else ".")
    ]
    if data["end_trigger"]:
        lines.append(
            f"The end was triggered ({data['end_trigger']}) on "
            f"P{data['trigger_seat'] + 1}'s turn: final turns."
        )
    order = range(n) if seat is None else [(seat + i) % n for i in range(n)]
    for p in order:
        lines.append("")
        lines += _stage_lines(state, data, p)
    if n == 1:
        discard = _letters([data["discard"][colour] for colour in COLOURS])
        lines.append("  Discarded umbrellas: " + _zone_text({"zones": [{"umbrellas": discard}]}, 0))
    lines.append("")
    if data["result"]:
        lines.append(data["result"]["reason"])
    else:
        held = data["held"]
        extra = f" (tile {held['tile']} {held['side']} in hand)" if held else ""
        lines.append(f"To decide: P{data['to_act'] + 1}: {state.step}{extra}")
    return "\n".join(line.rstrip() for line in lines)


def to_html(state: UmbrellaState, seat: int | None = None) -> str:
    """A static HTML picture of the table, readable without a live kernel."""
    data = snapshot(state, seat)
    parts = ['<div style="font-family:sans-serif;display:flex;flex-wrap:wrap;gap:12px">']
    for p, info in enumerate(data["seats"]):
        active = p == data["to_act"] and not data["result"]
        border = "3px solid #333" if active else "1px solid #bbb"
        parts.append(
            f'<div style="border:{border};border-radius:8px;padding:8px">'
            f"<div><b>{escape(info['name'])}</b> board {escape(info['board'])}: score "
            f"{info['score']}, {plural(info['tokens'], 'token')}</div>"
        )
        parts.append('<table style="border-collapse:collapse;margin:4px 0">')
        for row in info["stage"]:
            parts.append(
                "<tr>"
                + "".join(
                    f'<td style="width:22px;height:22px;border-radius:11px;background:'
                    f'{_HTML_COLOURS[ch]};border:2px solid #fff"></td>'
                    for ch in row
                )
                + "</tr>"
            )
        parts.append("</table>")
        zones = info["zones"]
        for side in _SIDE_NAMES:
            zone = zones[side]
            parts.append(
                f'<div style="font-size:12px">{side}: '
                f"{escape(data['zones'][zone]['name'])} "
                f"{escape(_zone_text(data, zone))}</div>"
            )
        figures = []
        for space in info["spaces"]:
            top = space["top"]
            words = f"{top['tile']} {top['side']}" if top else "empty"
            figures.append(
                f"{space['space']}: {words}" + (f" (+{space['under']})" if space["under"] else "")
            )
        parts.append(f'<div style="font-size:12px">Figures: {escape("; ".join(figures))}</div>')
        spots = " ".join(_spot_text(spot) for spot in info["scoreboard"]["spots"])
        parts.append(f'<div style="font-size:12px;font-family:monospace">{escape(spots)}</div>')
        parts.append("</div>")
    parts.append("</div>")
    if data["result"]:
        parts.append(f'<div style="font-weight:bold">{escape(data["result"]["reason"])}</div>')
    return "".join(parts)


PUSHES = ("push", "push-any")
"""The move kinds that slide an umbrella into a line [turn.push] [turn.all-empty]."""


def part(played: Played) -> Iterator[tuple[int, str, int]]:
    """What one move did for each player, in the rulebook's terms.

    The player who moved: umbrellas pushed into their Stage [turn.push]. Every player: Scoring
    tokens placed on their Scoreboard (a Figure made, or a token set aside taken at the end)
    [figure.token] [end.reserve]; and, once the game is over, the umbrellas left in their
    personal Waiting Zone, each a point off [end.score].
    """
    before, after = cast("UmbrellaState", played.before), cast("UmbrellaState", played.after)
    move = played.move
    if played.seat is not None and 0 <= played.seat < before.players:
        yield played.seat, "umbrellas pushed", int(move.kind in PUSHES)
    for seat in range(before.players):
        yield seat, "Scoring tokens placed", after.tokens(seat) - before.tokens(seat)
    if after.is_over:
        for seat in range(before.players):
            yield seat, "umbrellas left waiting", after.personal(seat)
