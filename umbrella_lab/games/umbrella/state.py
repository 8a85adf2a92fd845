"""Umbrella: the table, with the numbers and the geometry of the rulebook that it reads.

The state class (``UmbrellaState``: the Stage, the Waiting Zones, the Figure tiles, the
Scoreboards) with what it needs to say where things are and what a board scores. Every other
module of the game imports it and it imports none of them but the printed pieces
(``pieces.py``): the power effects (``effects.py``) and the rules (the folder ``rules/``) form a
line above it, not a circle.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from umbrella_lab.engine.core import Event, Game, Result, State
from umbrella_lab.engine.luck import Numbers
from umbrella_lab.engine.words import plural
from umbrella_lab.games.umbrella.pieces import COLOURS, PINWHEEL, SIDES, Face, Pieces, load_pieces

# --- Numbers and words of the rulebook -------------------------------------------------------

SUPPLY = {1: 6, 2: 11, 3: 17, 4: 22}  # scoring tokens in the supply [setup.tokens] [solo.tokens]
SCORING_TOKENS = 25  # in the box; the rest is set aside as the reserve [setup.tokens]
UMBRELLAS_PER_COLOUR = 25  # 100 umbrellas, 25 of each colour
SOLO_UMBRELLAS_PER_COLOUR = 5  # 5 of each colour, shuffled onto the 4 zones [solo.setup]
STACKS = 2  # stacks of Figure tiles on the first two Figure spaces [setup.figures]
STACK_HEIGHT = 2  # tiles per stack; 3 in solo [solo.figures]
SOLO_STACK_HEIGHT = 3
TEN_TOKENS = 10  # [end.ten-tokens]
TOKEN_POINTS = 2  # per scoring token [end.score]
EMPTY_ZONE_BONUS = 2  # an empty personal zone [end.score]
ADJACENCY_BONUS = (0, 0, 3, 5, 8)  # by group size; 4 or more: +8 [board.adjacency]
ACHIEVEMENTS = (
    (31, "good game!"),
    (27, "impressive!"),
    (24, "well done!"),
    (19, "not bad!"),
    (15, "it's a start."),
    (-1000, "try again!"),
)  # [solo.achievement]
SOLO_WIN = 15
"""The default of option solo_win: from "it's a start." on, a solo game counts as won
[opt.solo_win]."""

NORTH, EAST, SOUTH, WEST = range(4)  # the sides of a Stage, seen by its owner
OPPOSITE = (SOUTH, WEST, NORTH, EAST)
COMPASS = ("north", "east", "south", "west")
# What each zone around a Stage is to its owner, in the board's words (the labels name a zone by
# its one name, ``UmbrellaState.zone_name``, and its side).
ZONE_ROLE = ("central", "right side zone", "your personal zone", "left side zone")
SOLO_ZONE_ROLE = ("top", "right", "your personal zone", "left")
BLACK, WHITE = 0, 1  # sides of a Figure tile; a tile code is tile number * 2 + side
STEPS = ("push", "score", "pass", "cover", "swap", "swap-zone", "keep", "over")
"""What is being decided now: a push, the figure to score, the side of a passed tile (2
players), the tile to cover, a swap power, where a kept umbrella goes (solo), or nothing."""


# --- The geometry of a Stage and of the figures [turn.push] [figure.match] -------------------


def _lines() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each side and line, its four Stage spaces in the order a pushed umbrella meets them.

    Spaces are numbered 0 to 15 row by row (``row * 4 + column``) as the owner sees the Stage.
    """
    north = tuple(tuple(r * 4 + c for r in range(4)) for c in range(4))
    east = tuple(tuple(r * 4 + c for c in (3, 2, 1, 0)) for r in range(4))
    south = tuple(tuple(r * 4 + c for r in (3, 2, 1, 0)) for c in range(4))
    west = tuple(tuple(r * 4 + c for c in range(4)) for r in range(4))
    return north, east, south, west


LINES = _lines()
NEIGHBOURS = tuple(
    tuple(n for n in (i - 4, i + 4) if 0 <= n < 16)
    + tuple(n for n in (i - 1, i + 1) if n // 4 == i // 4)
    for i in range(16)
)
"""The spaces side by side with each Stage space: above and below, then left and right."""


def turned(cells: tuple[int, ...], angle: int) -> tuple[int, ...]:
    """The Stage spaces of a printed figure turned clockwise by ``angle`` degrees [figure.match].

    >>> turned((0, 1, 2, 3), 90)  # the top row becomes the right-hand column
    (3, 7, 11, 15)
    """
    out = []
    for cell in cells:
        r, c = divmod(cell, 4)
        for _ in range(angle // 90):
            r, c = c, 3 - r
        out.append(r * 4 + c)
    return tuple(sorted(out))


def figure_masks(cells: tuple[int, ...], angle: int, mode: str) -> tuple[int, ...]:
    """Bit masks (bit ``i`` = Stage space ``i``) where a figure counts as made [figure.match].

    ``"in-place"``: exactly the spaces of the turned tile; ``"anywhere"``: the turned shape moved
    to every place where it fits on the Stage (opt.match_mode).
    """
    spaces = turned(cells, angle)
    if mode == "in-place":
        return (sum(1 << cell for cell in spaces),)
    rows = [cell // 4 for cell in spaces]
    cols = [cell % 4 for cell in spaces]
    top, left = min(rows), min(cols)
    shape = [(r - top, c - left) for r, c in zip(rows, cols, strict=True)]
    height, width = max(rows) - top + 1, max(cols) - left + 1
    return tuple(
        sum(1 << ((r + dr) * 4 + c + dc) for r, c in shape)
        for dr in range(5 - height)
        for dc in range(5 - width)
    )


def colour_masks(cells: list[int]) -> list[int]:
    """A Stage as one bit mask of spaces per colour."""
    masks = [0, 0, 0, 0]
    bit = 1
    for colour in cells:
        masks[colour] |= bit
        bit <<= 1
    return masks


def matched_colours(masks: tuple[int, ...], stage: list[int]) -> int:
    """Bit ``c`` set when the figure is made in colour ``c`` on a Stage [figure.match]."""
    found = 0
    size = masks[0].bit_count()
    for colour in range(4):
        have = stage[colour]
        if have.bit_count() < size:  # too few umbrellas of this colour to fill the figure
            continue
        for mask in masks:
            if have & mask == mask:
                found |= 1 << colour
                break
    return found


class Tables:
    """What a game's options fix once: the printed pieces and every figure's masks.

    Attributes:
        pieces: The data files, read.
        masks: ``masks[code][orientation]``: the figure masks of tile side ``code`` (tile number
            * 2 + side) on a space of pinwheel orientation ``PINWHEEL[orientation]``.
        cells: ``cells[code]``: the number of spaces of that figure.
    """

    def __init__(self, pieces: Pieces, mode: str) -> None:
        self.pieces = pieces
        sides = [tile.sides[side] for tile in pieces.tiles for side in (BLACK, WHITE)]
        self.masks = tuple(
            tuple(figure_masks(cells, angle, mode) for angle in PINWHEEL) for cells in sides
        )
        self.cells = tuple(len(cells) for cells in sides)


def tables(game: Game) -> Tables:
    """The pieces and figure masks for a game's options (worked out once, kept in the game)."""
    found = game.extra.get("umbrella")
    if found is None:
        pieces = load_pieces(game.options["data"])
        found = game.extra["umbrella"] = Tables(pieces, game.options["match_mode"])
    return found


# --- 1-2. The state -------------------------------------------------------------------------


STEP_RULE = {  # the rule each step of a turn follows
    "push": "turn.push",
    "score": "figure.token",
    "pass": "figure.pass-two",
    "cover": "figure.cover",
    "swap": "power.swap",
    "swap-zone": "power.swap-zone",
    "keep": "solo.again",
}
STEP_WORDS = {  # what is done at each step, as it reads after "it is P1's turn to"
    "push": "push an umbrella",
    "score": "score the figure made by the slide",
    "pass": "choose the side of the tile to pass",
    "cover": "choose which tile the passed tile covers",
    "swap": "use or skip the swap power",
    "swap-zone": "use or skip the zone power",
    "keep": "choose where the kept umbrella goes",
}


class UmbrellaState(State):
    """The whole table of Umbrella.

    Seats are numbered clockwise from the first player; "P1" is seat 0. Lists are indexed by
    seat; Stage spaces are numbered 0 to 15 row by row as their owner sees them (see the module
    docstring); colours are 0 to 3 (yellow, blue, green, red).

    Attributes:
        cells: Each Stage: the colour of its 16 spaces.
        zones: Each Waiting Zone: how many umbrellas of each colour it holds. Zones ``0`` to
            ``n - 1`` are the side zones (zone ``p`` lies left of seat ``p`` and right of seat
            ``p + 1``), zone ``n`` the central zone and zone ``n + 1 + p`` seat ``p``'s personal
            zone. Solo: left, right, top and personal zone.
        around: For each seat, its north, east, south and west zone (central, right side,
            personal, left side).
        discard: Solo: umbrellas pushed off the Stage, by colour [solo.discard].
        box: Umbrellas left in the box, by colour (not in this game).
        spaces: Each seat's four Figure spaces, each a stack of tile codes (tile number * 2 +
            side), top tile last.
        pinwheel: Each seat's Figure space orientations, in degrees.
        tile_box: Tile numbers not dealt; tile_discard: solo tiles discarded [solo.flip].
        seen: Bit ``t`` set once tile ``t`` has been face up (the rest of a stack is hidden).
        faces: Each seat's Scoreboard face; filled: bit ``i`` set when spot ``i`` holds a token.
        supply: Scoring tokens in the centre of the table; reserve: those set aside.
        active: The seat whose turn it is; step: what is being decided (see ``STEPS``).
        offers: At the score step, the (space, spot) pairs the active seat may score.
        held: The Figure tile being passed or placed (a code), or -1; held_from: its passer;
            receiver: the seat placing it; choose_side: 2 players, the passer still picks its
            side.
        due: Level-4 powers earned this turn and not yet used; extra_turn: a "play again".
        ejected: Solo: colour of the umbrella pushed off this turn (for "play again"), or -1.
        trigger: Why the end was triggered ("" before); trigger_seat: who triggered it.
        turns: Pushes made by each seat.
        outcome: The result once the game is over.
        tables: The pieces and figure masks of this game (see :class:`Tables`).
    """

    __slots__ = (
        "active",
        "around",
        "box",
        "cells",
        "choose_side",
        "discard",
        "due",
        "ejected",
        "extra_turn",
        "faces",
        "filled",
        "held",
        "held_from",
        "offers",
        "outcome",
        "pinwheel",
        "receiver",
        "reserve",
        "seen",
        "spaces",
        "step",
        "supply",
        "tables",
        "tile_box",
        "tile_discard",
        "trigger",
        "trigger_seat",
        "turns",
        "zones",
    )
    cells: list[list[int]]
    zones: list[list[int]]
    around: tuple[tuple[int, int, int, int], ...]
    discard: list[int]
    box: tuple[int, ...]
    spaces: list[list[list[int]]]
    pinwheel: tuple[tuple[int, ...], ...]
    tile_box: list[int]
    tile_discard: list[int]
    seen: int
    faces: tuple[Face, ...]
    filled: list[int]
    supply: int
    reserve: int
    active: int
    step: str
    offers: tuple[tuple[int, int], ...]
    held: int
    held_from: int
    receiver: int
    choose_side: bool
    due: list[str]
    extra_turn: bool
    ejected: int
    trigger: str
    trigger_seat: int
    turns: list[int]
    outcome: Result | None
    tables: Tables
    slot_copies: ClassVar[Mapping[str, str]] = {
        "cells": "lists",
        "discard": "list",
        "due": "list",
        "filled": "list",
        "spaces": "lists of lists",
        "tile_box": "list",
        "tile_discard": "list",
        "turns": "list",
        "zones": "lists",
    }
    """How the fields the rules change in place are copied; the others are shared."""

    rule_for_unknown_action: ClassVar[str] = "turn.order"
    chance_steps: ClassVar[bool] = False  # every shuffle is dealt from the state's own luck
    step_field: ClassVar[str] = "step"  # the step of the turn; each move kind names its steps
    seat_field: ClassVar[str] = "active"  # the active seat decides...
    seat_at: ClassVar[Mapping[str, str | int]] = {"cover": "receiver"}  # ...but a passed tile's
    result_field: ClassVar[str] = "outcome"  # how the game ended, None until then
    step_words: ClassVar[Mapping[str, str]] = STEP_WORDS
    step_rules: ClassVar[Mapping[str, str]] = STEP_RULE
    rule_for_turn_order: ClassVar[str] = "turn.order"

    @property
    def pieces(self) -> Pieces:
        """The printed pieces (tiles, boards, Scoreboards) of this game."""
        return self.tables.pieces

    def tokens(self, seat: int) -> int:
        """Scoring tokens on a seat's Scoreboard."""
        return self.filled[seat].bit_count()

    def personal(self, seat: int) -> int:
        """Umbrellas in a seat's personal Waiting Zone."""
        return sum(self.zones[self.around[seat][SOUTH]])

    def tile_count(self, seat: int) -> int:
        """Figure tiles in front of a seat (every tile of its four stacks)."""
        return sum(len(stack) for stack in self.spaces[seat])

    def top(self, seat: int, space: int) -> int:
        """The code of the visible tile on a Figure space, or -1 if the space is empty."""
        stack = self.spaces[seat][space]
        return stack[-1] if stack else -1

    def score(self, seat: int) -> int:
        """The seat's score if the game ended now [end.score] [solo.score]."""
        points = TOKEN_POINTS * self.tokens(seat) + board_bonus(self, seat)
        if self.solo:
            if self.supply == 0:  # [solo.score] the leftover umbrellas count
                points += sum(sum(zone) for zone in self.zones)
            return points
        waiting = self.personal(seat)
        return points + (EMPTY_ZONE_BONUS if waiting == 0 else -waiting)

    def achievement(self, points: int) -> str:
        """The solo Achievement Board's words for a score [solo.achievement]."""
        return next(words for least, words in ACHIEVEMENTS if points >= least)

    def seat_name(self, seat: int) -> str:
        """``"P1"`` for seat 0, and so on."""
        return f"P{seat + 1}"

    def zone_name(self, zone: int) -> str:
        """A Waiting Zone in words, e.g. ``"side zone 1"`` or ``"P2's personal zone"``."""
        n = self.players
        if self.solo:
            return ("left zone", "right zone", "top zone", "personal zone")[zone]
        if zone < n:
            return f"side zone {zone + 1}"
        if zone == n:
            return "central zone"
        return f"{self.seat_name(zone - n - 1)}'s personal zone"

    def zone_phrase(self, zone: int) -> str:
        """A Waiting Zone as it reads in a sentence, e.g. ``"the central zone"``."""
        name = self.zone_name(zone)
        return name if name.startswith(("side", "P")) else f"the {name}"

    def tile_words(self, code: int) -> str:
        """A tile side in words, e.g. ``"F07 white"``."""
        return f"{self.pieces.tiles[code >> 1].id} {SIDES[code & 1]}"

    def reshuffled(self, seed: int) -> UmbrellaState:
        """A copy with new luck: the hidden tiles under the stacks dealt anew [setup.figures].

        Tiles never seen face up (under the visible tiles, and those left in the box) are
        shuffled together and dealt back into the same places; in the 2-4 player game their
        sides are dealt anew too, in solo they stay black side up.
        """
        return deal_unseen_tiles(self, seed, self.game.luck.draws(seed, 11), by_number=False)

    def redeal(self, seat: int | None, seed: int) -> UmbrellaState:
        """A table that looks the same to ``seat``, the tiles nobody has seen dealt anew.

        Built from what the seat sees only: the tiles never seen face up (under the stacks, and
        those left in the box) are pooled in the order of their numbers, shuffled from ``seed``
        and dealt back into the same places (with new sides, but in solo, where they lie black
        side up) [setup.figures]. So two tables that look the same to the seat give the same
        copy, whatever lies hidden in them: what a search player samples (see
        ``umbrella_lab.sim.mcts``). Umbrella hides the same tiles from every seat.

        Args:
            seat: The seat whose view is kept (``None``: the whole table; the same here).
            seed: The new luck.
        """
        return deal_unseen_tiles(self, seed, self.game.luck.draws(seed, 13), by_number=True)

    def check(self) -> list[str]:
        """Umbrellas, tokens and tiles conserved; counts in bounds; the step consistent."""
        problems = []
        n = self.players
        waiting = [sum(column) for column in zip(*self.zones, strict=True)]
        stages: list[int] = []
        for stage in self.cells:
            stages += stage
        for colour, name in enumerate(COLOURS):
            total = stages.count(colour) + waiting[colour] + self.discard[colour] + self.box[colour]
            if total != UMBRELLAS_PER_COLOUR:
                problems.append(
                    f"{total} {name} umbrellas in the game, expected {UMBRELLAS_PER_COLOUR}"
                )
        if min(map(min, self.zones)) < 0 or min(self.discard) < 0:
            problems.append("a Waiting Zone holds a negative number of umbrellas")
        if len(stages) != 16 * n or any(len(stage) != 16 for stage in self.cells):
            problems.append("a Stage does not hold 16 umbrellas")
        if not self.solo and sum(waiting) != 4 * (2 * n + 1):
            problems.append("the Waiting Zones do not hold 4 umbrellas per zone in all")
        placed = sum(filled.bit_count() for filled in self.filled)
        if (
            self.supply < 0
            or self.reserve < 0
            or placed + self.supply + self.reserve != (SCORING_TOKENS)
        ):
            problems.append(
                f"scoring tokens: {placed} placed, {self.supply} in the supply, "
                f"{self.reserve} set aside; expected {SCORING_TOKENS} in all"
            )
        for seat in range(n):
            if self.filled[seat] >> len(self.faces[seat].spots):
                problems.append(f"{self.seat_name(seat)} has a token off the Scoreboard")
        codes = [*self.tile_discard, self.held] if self.held >= 0 else self.tile_discard[:]
        for stacks in self.spaces:
            for stack in stacks:
                codes += stack
        tiles = {code >> 1 for code in codes}.union(self.tile_box)
        if (
            len(tiles) != len(codes) + len(self.tile_box)
            or len(tiles) != len(self.pieces.tiles)
            or min(tiles) != 0
            or max(tiles) != len(tiles) - 1
        ):
            problems.append(
                f"Figure tiles: {len(tiles)} in the game, expected "
                f"{len(self.pieces.tiles)}, each once"
            )
        if self.held >= 0 and self.step not in ("pass", "cover", "swap", "swap-zone", "keep"):
            problems.append(f"a Figure tile is held at step {self.step!r}")
        if self.held < 0 and self.step in ("pass", "cover"):
            problems.append(f"no Figure tile is held at step {self.step!r}")
        if (self.outcome is None) == (self.step == "over"):
            problems.append("the step and the result disagree")
        return problems

    def summary(self) -> dict[str, Any]:
        """One row of facts about this game, for simulation tables (see umbrella_lab.sim)."""
        scores = [self.score(seat) for seat in range(self.players)]
        winners = self.outcome.winners if self.outcome else ()
        return {
            "level": self.game.options["level"],
            "scores": scores,
            "tokens": [self.tokens(seat) for seat in range(self.players)],
            "personal_zone": [self.personal(seat) for seat in range(self.players)],
            "turns": sum(self.turns),
            "end_trigger": self.trigger,
            "winner": winners[0] if len(winners) == 1 else -1,
            "shared_win": len(winners) > 1,
            "achievement": self.achievement(scores[0]) if self.solo else "",
        }

    def __repr__(self) -> str:
        where = "over" if self.outcome else f"{self.seat_name(self.to_act or 0)} to {self.step}"
        return f"<Umbrella state: {plural(self.players, 'player')}, {where}>"


# --- What a Scoreboard scores [board.adjacency] ---------------------------------------------


def board_bonus(s: UmbrellaState, seat: int, filled: int | None = None) -> int:
    """Scoreboard points at the end of the game.

    Full printed groups earn their bonus [board.groups]; on level 3 each group of neighbouring
    tokens earns a bonus by its size [board.adjacency]. ``filled`` (a mask of spots) asks
    "what if these spots held the tokens?".
    """
    face: Face = s.faces[seat]
    if filled is None:
        filled = s.filled[seat]
    if face.scoring == "groups":
        if face.level == 4 and not s.game.options["level4_groups"]:  # [opt.level4_groups]
            return 0
        return sum(bonus for bonus, spots in face.groups if all(filled >> i & 1 for i in spots))
    return sum(ADJACENCY_BONUS[min(size, 4)] for size in token_groups(s, seat, filled))


def token_groups(s: UmbrellaState, seat: int, filled: int | None = None) -> list[int]:
    """Sizes of the groups of neighbouring tokens on a Scoreboard [board.adjacency].

    Neighbours share a side; with opt.adjacency ``"diagonal"`` corners count too.
    """
    face = s.faces[seat]
    if filled is None:
        filled = s.filled[seat]
    diagonal = s.game.options["adjacency"] == "diagonal"
    seen = 0
    sizes = []
    for start in range(len(face.spots)):
        if not filled >> start & 1 or seen >> start & 1:
            continue
        seen |= 1 << start
        todo, size = [start], 0
        while todo:
            spot = todo.pop()
            size += 1
            near = face.neighbours[spot] + (face.diagonal[spot] if diagonal else ())
            for other in near:
                if filled >> other & 1 and not seen >> other & 1:
                    seen |= 1 << other
                    todo.append(other)
        sizes.append(size)
    return sizes


# --- New luck: the tiles never seen face up, dealt again [setup.figures] ----------------------


def deal_unseen_tiles(
    s: UmbrellaState, seed: int, rng: Numbers, *, by_number: bool
) -> UmbrellaState:
    """A copy of ``s`` whose tiles never seen face up are shuffled and dealt back [setup.figures].

    The tiles under the stacks and those left in the box are pooled (``by_number``: in the order
    of their numbers, so that what lies hidden does not matter), shuffled with ``rng`` and dealt
    back into the same places, with new sides except in solo (black side up).
    """
    new = s._clone()
    new.seed = seed
    places = [
        (p, k, i)
        for p in range(new.players)
        for k in range(4)
        for i, code in enumerate(new.spaces[p][k][:-1])
        if not new.seen >> (code >> 1) & 1
    ]
    pool = [new.spaces[p][k][i] >> 1 for p, k, i in places] + new.tile_box
    if by_number:
        pool.sort()
    rng.shuffle(pool)
    for (p, k, i), tile in zip(places, pool[: len(places)], strict=True):
        side = BLACK if new.solo else rng.randrange(2)
        new.spaces[p][k][i] = tile * 2 + side
    new.tile_box = sorted(pool[len(places) :])
    new.events = [
        Event(
            "setup.figures",
            f"New luck (seed {seed}): the {plural(len(places), 'hidden tile')} under the "
            "stacks are dealt again.",
        )
    ]
    return new
