"""The explorer's board for Umbrella: the view model and its BoardView.

The view model is ``state.to_dict(seat)`` plus what the table shows but the snapshot leaves
implicit: each Stage as a grid of colour numbers, the four zones around it (seen from its
owner), each visible figure's best placement on the Stage (made, or how close), each
Scoreboard spot's colours, the score so far in parts, who decides now, and the legal moves
as board controls (``controls``): the pushes by side, colour and line, the figures that can
be scored, the tile to pass or to cover with, the powers. Every control carries the id of a
legal action, so a click on the board is the same as a click in the action list. Nothing is
hidden in Umbrella except the tiles under the stacks, which the snapshot already shows as a
count. With 3 or 4 players the drawing shows the seats that are not deciding as small cards, so
each seat also carries a brief ``summary`` (spots filled, Figure spaces filled and made, the
personal zone) and its ``shares``: for each other seat, the zones both Stages touch. The
drawing is ``static/board.js``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

from umbrella_lab.engine.board import BoardView
from umbrella_lab.engine.core import State
from umbrella_lab.engine.differences import SEP
from umbrella_lab.games.umbrella.pieces import COLOURS, LETTERS, SIDES
from umbrella_lab.games.umbrella.policies import making_pushes
from umbrella_lab.games.umbrella.rules import (
    COMPASS,
    EMPTY_ZONE_BONUS,
    SOLO_ZONE_ROLE,
    STEP_RULE,
    TOKEN_POINTS,
    ZONE_ROLE,
    board_bonus,
    colour_masks,
    token_groups,
    turned,
)

_STEP_WORDS = {
    "push": "{name} takes an umbrella from a zone around their Stage and pushes it in",
    "score": "{name} scores a figure: choose the Figure space and the Scoreboard spot",
    "pass": "{name} passes the completed tile to {other}: choose the side {other} will see",
    "cover": "{name} has no empty Figure space: choose the tile to cover",
    "swap": "{name} may swap two neighbouring umbrellas of their Stage (power)",
    "swap-zone": "{name} may swap an umbrella of a zone with one of their Stage (power)",
    "keep": "{name} keeps the pushed-out umbrella: choose the zone (play again)",
}
_POWER_WORDS = {
    "play-again": "Play again",
    "swap-adjacent": "Swap two neighbours",
    "swap-zone": "Swap with a zone",
}
_POWER_RULE = {
    "play-again": "power.again",
    "swap-adjacent": "power.swap",
    "swap-zone": "power.swap-zone",
}


def board(state: State, seat: int | None = None) -> dict[str, Any]:
    """The table as the board renderer draws it (``seat``: as that seat sees it)."""
    s: Any = state
    data = s.to_dict(seat)
    data["title"] = s.game.info.title
    data["colours"] = [{"letter": LETTERS[c], "name": COLOURS[c]} for c in range(4)]
    data["solo"] = s.solo
    data["decides"], data["decides_rule"] = _decides(s)
    order = list(range(s.players))
    if seat is not None:
        order = [(seat + i) % s.players for i in range(s.players)]
    data["order"] = order
    for p, info in enumerate(data["seats"]):
        _seat_extras(s, p, info, data)
        info["shares"] = _shares(s, p)
    data["controls"] = _controls(s)
    return data


# --- who decides --------------------------------------------------------------------------------


def _decides(s: Any) -> tuple[str, str]:
    if s.result is not None:
        return s.result.reason, s.result.rule
    name = s.seat_name(s.to_act)
    other = s.seat_name((s.active + 1) % max(s.players, 1))
    words = _STEP_WORDS.get(s.step, "{name} decides")
    return words.format(name=name, other=other), STEP_RULE.get(s.step, "turn.order")


# --- one seat -----------------------------------------------------------------------------------


def _seat_extras(s: Any, p: int, info: dict[str, Any], data: dict[str, Any]) -> None:
    """Add the grid, the zones as the owner sees them, the figures' placements, the score."""
    info["grid"] = list(s.cells[p])
    info["to_act"] = s.result is None and s.to_act == p
    info["active"] = s.result is None and s.active == p
    roles = SOLO_ZONE_ROLE if s.solo else ZONE_ROLE
    around = []
    for side, zone in enumerate(s.around[p]):
        sharers = [other for other in range(s.players) if other != p and zone in s.around[other]]
        around.append(
            {
                "side": COMPASS[side],
                "zone": zone,
                "name": s.zone_name(zone),
                "role": roles[side].replace("your ", ""),
                "short": _short_zone(s, zone),
                "counts": list(s.zones[zone]),
                "umbrellas": data["zones"][zone]["umbrellas"],
                "shared_with": [s.seat_name(other) for other in sharers],
            }
        )
    info["around"] = around
    stage = colour_masks(s.cells[p])
    masks = s.tables.masks
    for k, space in enumerate(info["spaces"]):
        stack = s.spaces[p][k]
        space["best"] = _best(masks[stack[-1]][s.pinwheel[p][k] // 90], stage) if stack else None
        space["cells"] = (
            [i for i, ch in enumerate(space["top"]["figure"].replace("/", "")) if ch == "#"]
            if space["top"]
            else []
        )
    face = s.faces[p]
    board = info["scoreboard"]
    board["name"] = face.name  # "Level 1: groups" (its id, "level-1/3", is no word for people)
    group_of = {}
    for g, (_, members) in enumerate(face.groups):
        for i in members:
            group_of[i] = g
    board["rows"] = max(spot.row for spot in face.spots)
    board["columns"] = max(spot.column for spot in face.spots)
    board["cells"] = [
        {
            "index": i,
            "number": spot.number,
            "row": spot.row,
            "column": spot.column,
            "colours": [c for c in range(4) if spot.colours >> c & 1] if spot.white < 0 else [],
            "white": spot.white,
            "words": spot.words,
            "token": bool(s.filled[p] >> i & 1),
            "group": group_of.get(i, -1),
        }
        for i, spot in enumerate(face.spots)
    ]
    for power in board["powers"]:
        power["words"] = _POWER_WORDS.get(power["power"], power["power"])
        power["rule"] = _POWER_RULE.get(power["power"], "board.powers")
    if face.scoring == "adjacency":
        board["neighbour_groups"] = sorted(token_groups(s, p), reverse=True)
    personal = info["personal_zone"]
    parts = [
        {
            "what": f"{_count(info['tokens'], 'token')} x {TOKEN_POINTS}",
            "points": TOKEN_POINTS * info["tokens"],
            "rule": "end.score",
        },
        {
            "what": "Scoreboard bonuses",
            "points": board_bonus(s, p),
            "rule": "board.groups" if face.scoring == "groups" else "board.adjacency",
        },
    ]
    if s.solo:
        if s.supply == 0:
            parts.append(
                {
                    "what": "umbrellas left in the zones",
                    "points": sum(sum(zone) for zone in s.zones),
                    "rule": "solo.score",
                }
            )
    elif personal:
        parts.append(
            {
                "what": f"{_count(personal, 'umbrella')} left in the personal zone",
                "points": -personal,
                "rule": "end.score",
            }
        )
    else:
        parts.append(
            {"what": "empty personal zone", "points": EMPTY_ZONE_BONUS, "rule": "end.score"}
        )
    info["score_parts"] = parts
    if s.solo:
        info["achievement"] = s.achievement(info["score"])
    info["summary"] = {
        "spots": len(face.spots),
        "spots_filled": s.filled[p].bit_count(),
        "spaces": len(info["spaces"]),
        "spaces_filled": sum(1 for space in info["spaces"] if space["top"]),
        "figures_made": sum(
            1 for space in info["spaces"] if space["best"] and space["best"]["made"]
        ),
        "personal": personal,
    }


def _short_zone(s: Any, zone: int) -> str:
    """A zone's name for a small label: "central", "side 2", "personal", "left"."""
    name = s.zone_name(zone)
    if name.endswith("personal zone"):
        return "personal"
    return name.replace(" zone", "")


def _shares(s: Any, p: int) -> list[list[dict[str, Any]]]:
    """For each other seat, the zones around ``p`` that are also around it (none for ``p``).

    Each zone as ``p`` sees it: its id, name, short name and the side of ``p``'s Stage.
    """
    return [
        [
            {
                "zone": zone,
                "name": s.zone_name(zone),
                "short": _short_zone(s, zone),
                "side": COMPASS[side],
            }
            for side, zone in enumerate(s.around[p])
            if other != p and zone in s.around[other]
        ]
        for other in range(s.players)
    ]


def _best(masks: tuple[int, ...], stage: list[int]) -> dict[str, Any]:
    """The placement of a figure closest to being made: its cells, colour and what is missing.

    A made figure gives ``made`` True and its cells; otherwise the placement and colour with
    the most umbrellas already right (ties: the first found, colours in engine order).
    """
    best = None
    for colour in range(4):
        have = stage[colour]
        for mask in masks:
            right = (mask & have).bit_count()
            if best is None or right > best[0]:
                best = (right, colour, mask)
    right, colour, mask = best or (0, 0, 0)
    size = mask.bit_count()
    cells = [i for i in range(16) if mask >> i & 1]
    return {
        "colour": colour,
        "letter": LETTERS[colour],
        "cells": cells,
        "missing": [i for i in cells if not stage[colour] >> i & 1],
        "right": right,
        "size": size,
        "made": size > 0 and right == size,
    }


# --- the moves as board controls -----------------------------------------------------------------


def _controls(s: Any) -> dict[str, Any]:
    """Every legal move, grouped as the board offers them (each with its action id)."""
    controls: dict[str, Any] = {"seat": s.to_act, "step": s.step}
    if s.result is not None:
        controls["step"] = "over"
        return controls
    seat = s.to_act
    actions = s.legal_actions()
    making = set(making_pushes(s, seat)) if s.step == "push" else set()
    pushes, push_any, scores, passes, covers, swaps, swap_zone, keeps, other = (
        [],
        [],
        [],
        [],
        [],
        [],
        [],
        [],
        [],
    )
    for action in actions:
        move = action.key
        kind = move.kind
        if kind == "push":
            pushes.append(
                {
                    "id": action.id,
                    "side": COMPASS[move.side],
                    "colour": move.colour,
                    "line": move.line,
                    "zone": s.around[move.seat][move.side],
                    "scores": move in making,
                    "label": action.label,
                }
            )
        elif kind == "push-any":
            push_any.append(
                {
                    "id": action.id,
                    "side": COMPASS[move.side],
                    "colour": move.colour,
                    "line": move.line,
                    "zone": move.zone,
                    "scores": False,
                    "label": action.label,
                }
            )
        elif kind == "score":
            spot = s.faces[move.seat].spots[move.spot]
            scores.append(
                {
                    "id": action.id,
                    "space": move.space + 1,
                    "spot": spot.number,
                    "index": move.spot,
                    "label": action.label,
                }
            )
        elif kind == "pass":
            code = (s.held & ~1) | move.side
            receiver = (move.seat + 1) % s.players
            tiles = s.pieces.tiles
            free = next((k for k, stack in enumerate(s.spaces[receiver]) if not stack), -1)
            angle = s.pinwheel[receiver][free] if free >= 0 else 0
            passes.append(
                {
                    "id": action.id,
                    "side": SIDES[move.side],
                    "tile": tiles[code >> 1].id,
                    "cells": list(turned(tiles[code >> 1].sides[code & 1], angle)),
                    "space": free + 1,
                    "pinwheel": angle,
                    "label": action.label,
                }
            )
        elif kind == "cover":
            covers.append({"id": action.id, "space": move.space + 1, "label": action.label})
        elif kind == "swap":
            swaps.append({"id": action.id, "cells": [move.a, move.b], "label": action.label})
        elif kind == "swap-zone":
            swap_zone.append(
                {
                    "id": action.id,
                    "side": COMPASS[move.side],
                    "colour": move.colour,
                    "cell": move.cell,
                    "label": action.label,
                }
            )
        elif kind == "keep":
            keeps.append({"id": action.id, "side": COMPASS[move.side], "label": action.label})
        else:  # decline, skip, stop
            other.append({"id": action.id, "kind": kind, "label": action.label})
    controls.update(
        pushes=pushes,
        push_any=push_any,
        scores=scores,
        passes=passes,
        covers=covers,
        swaps=swaps,
        swap_zone=swap_zone,
        keeps=keeps,
        other=other,
    )
    if s.held >= 0:
        tiles = s.pieces.tiles
        controls["held"] = {"tile": tiles[s.held >> 1].id, "side": SIDES[s.held & 1]}
    return controls


def _count(n: int, word: str) -> str:
    """``"1 token"``, ``"3 tokens"``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def _colours(letters: str) -> str:
    """Umbrellas by colour in words: ``"BBG"`` gives ``"2 blue, 1 green"``; none: ``"none"``."""
    counts = [(letters.count(LETTERS[k]), COLOURS[k]) for k in range(len(COLOURS))]
    return ", ".join(f"{n} {name}" for n, name in counts if n) or "none"


def _space(space: dict[str, Any]) -> str:
    """A Figure space in words: "F08 white, made in yellow" or "F05 black, 3 of 4 yellow"."""
    top = space["top"]
    if not top:
        return "empty"
    best = space["best"]
    state = (
        f"made in {COLOURS[best['colour']]}"
        if best["made"]
        else f"{best['right']} of {best['size']} {COLOURS[best['colour']]}"
    )
    under = f", {space['under']} under it" if space["under"] else ""
    return f"{top['tile']} {top['side']}, {state}{under}"


def _stage(a: list[str], b: list[str]) -> tuple[str, str]:
    """Two Stages (rows of colour letters) in words: the cells that differ, or the rows."""
    cells = [
        (r, c)
        for r, (row_a, row_b) in enumerate(zip(a, b, strict=True))
        for c, (x, y) in enumerate(zip(row_a, row_b, strict=True))
        if x != y
    ]
    names = dict(zip(LETTERS, COLOURS, strict=True))
    if len(cells) <= 3:
        return cast(
            "tuple[str, str]",
            tuple(
                "; ".join(f"row {r + 1}, column {c + 1}: {names[grid[r][c]]}" for r, c in cells)
                for grid in (a, b)
            ),
        )
    rows = sorted({r for r, _ in cells})
    return cast(
        "tuple[str, str]",
        tuple(
            f"{len(cells)} umbrellas differ · "
            + "; ".join(f"row {r + 1}: {' '.join(grid[r])}" for r in rows)
            for grid in (a, b)
        ),
    )


def _at(*parts: Any) -> str:
    """A place named in words, its parts joined as the compare view shows them."""
    return SEP.join(str(part) for part in parts)


def compare(a: dict[str, Any], b: dict[str, Any]) -> list[list[str]]:
    """What differs between two Umbrella tables, in the board's words, the score first.

    Rows ``[place, in a, in b, mark]`` (``mark``: the place the boards outline, as the
    snapshot names it): every seat's score, then per seat what differs (tokens, Scoreboard
    spots, Figure spaces, the Stage), then the zones, the supply and who plays.
    """
    rows = []
    for sa, sb in zip(a["seats"], b["seats"], strict=True):
        mark = _at("seats", sa["name"], "score") if sa["score"] != sb["score"] else ""
        rows.append(
            [_at("Score", sa["name"]), f"{sa['score']} points", f"{sb['score']} points", mark]
        )
    for sa, sb in zip(a["seats"], b["seats"], strict=True):
        name = sa["name"]
        if sa["tokens"] != sb["tokens"]:
            rows.append(
                [
                    _at(name, "tokens"),
                    str(sa["tokens"]),
                    str(sb["tokens"]),
                    _at("seats", name, "tokens"),
                ]
            )
        spots = [
            ", ".join(str(c["number"]) for c in seat["scoreboard"]["cells"] if c["token"]) or "none"
            for seat in (sa, sb)
        ]
        if spots[0] != spots[1]:
            where = _at("seats", name, "scoreboard")
            rows.append([_at(name, "Scoreboard spots with a token"), *spots, where])
        for x, y in zip(sa["spaces"], sb["spaces"], strict=True):
            if _space(x) != _space(y):
                where = _at("seats", name, "spaces", x["space"])
                rows.append([_at(name, f"Figure space {x['space']}"), _space(x), _space(y), where])
        if sa["stage"] != sb["stage"]:
            where = _at("seats", name, "stage")
            rows.append([_at(name, "Stage"), *_stage(sa["stage"], sb["stage"]), where])
    for za, zb in zip(a["zones"], b["zones"], strict=True):
        if za["umbrellas"] != zb["umbrellas"]:
            colours = [_colours(za["umbrellas"]), _colours(zb["umbrellas"])]
            rows.append([_at("Zones", za["name"]), *colours, _at("zones", za["zone"])])
    for key, words in (("supply", "tokens in the supply"), ("reserve", "tokens set aside")):
        if a.get(key) != b.get(key):
            rows.append([_at("The table", words), str(a.get(key)), str(b.get(key)), key])
    if a.get("decides") != b.get("decides"):
        now = [a.get("decides") or "", b.get("decides") or ""]
        rows.append([_at("The table", "now"), *now, ""])
    return rows


_ARROWS = ("\u25bc", "\u25c0", "\u25b2", "\u25b6")
"""The push arrows by side (north, east, south, west), as the board draws them."""


def brief(s: Any, action: Any) -> str:
    """A push as the board shows it: "yellow ▼ column 1 · central"; other moves unnamed.

    The list of 30 to 60 pushes stays one line per push; the full label shows on hover.
    """
    move = action.key
    if move.kind not in ("push", "push-any"):
        head, colon, rest = action.label.partition(": ")
        return rest if colon and head == s.seat_name(s.to_act) else ""
    line = "column" if move.side in (0, 2) else "row"
    zone = move.zone if move.kind == "push-any" else s.around[move.seat][move.side]
    return (
        f"{COLOURS[move.colour]} {_ARROWS[move.side]} {line} {move.line + 1} "
        f"\u00b7 {_short_zone(s, zone)}"
    )


def heading(s: Any, move: Any) -> str:
    """A push's heading in the action list: the zone it comes from, by its one name.

    "Push from side zone 1" reads the same for every seat (its side of a Stage, east for one
    player and west for the next, is left to the board); other moves keep their kind's group.
    """
    if move.kind == "push":
        zone = s.around[move.seat][move.side]
    elif move.kind == "push-any":
        zone = move.zone
    else:
        return ""
    return f"Push from {s.zone_phrase(zone)}"


STATIC = Path(__file__).parent / "static"
"""The board's renderer and style sheet: ``static/board.js`` and ``static/board.css``."""


BOARD = BoardView(
    game="umbrella",
    model=board,
    js=STATIC / "board.js",
    css=STATIC / "board.css",
    groups={
        "Push an umbrella": ("push", "push-any"),
        "Score a figure": ("score", "decline"),
        "Pass the tile": ("pass",),
        "Cover a tile": ("cover",),
        "Power": ("swap", "swap-zone", "swap-far-zone", "skip", "keep"),
        "End the solo game": ("stop",),
    },
    seats=lambda state: [state.seat_name(seat) for seat in range(state.game.players)],
    short=brief,
    heading=heading,
    compare=compare,
    quiet=("to act", "step", "seed", "turns", "figure", "under seen"),
)
