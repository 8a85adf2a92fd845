"""Umbrella: the rules, in the order play happens.

Section ids in brackets point into the rule digest ``docs/rules/umbrella.md``; every event in the
log and every refused action names one of them.

1. Aim [aim]: make figures of one colour on your Stage and fill your Scoreboard.
2. Setup [setup.*]: Stages, Waiting Zones, Figure tiles, Scoreboards, scoring tokens.
3. A turn [turn.*]: take an umbrella from a Waiting Zone around your board and push it into a
   row or column; the last umbrella of that line drops onto the zone on the far side.
4. Figures [figure.*]: at most one figure a turn; a token on your Scoreboard; the tile is passed.
5. End of the game [end.*]: three triggers, one more turn for each other player, the scores.
6. Scoreboards [board.*] and the level-4 powers [power.*].
7. Solo [solo.*].

>>> import umbrella_lab as ul
>>> state = ul.load("umbrella", players=2).new(seed=1)
>>> state.to_act, state.step, state.supply, state.reserve
(0, 'push', 11, 14)
>>> str(state.legal_actions()[0])
'P1: push the yellow umbrella from the north zone (central) down column 1'

The Stage of a player as its owner sees it (rows 1 to 4 counted from the centre of the table,
columns 1 to 4 from the left), with the four Waiting Zones around it [turn.push]::

                     north: the central zone
                        col 1 2 3 4
                            v v v v
      west: the    row 1 >  Y B G R  <    east: the
      side zone    row 2 >  B Y R G  <    side zone
      on your      row 3 >  G R Y B  <    on your
      left         row 4 >  R G B Y  <    right
                            ^ ^ ^ ^
                     south: your personal zone

An umbrella taken from the west zone enters a row on the left and pushes the row to the right;
the umbrella pushed out on the right drops onto the east zone. One taken from the north zone
enters a column at the top, and the umbrella pushed out at the bottom drops into your personal
zone; one taken from your personal zone pushes a column up and drops the top umbrella onto the
central zone.

State design: a plain object with ``__slots__`` and a hand-written ``_clone``. ``apply`` clones
first, so a state you hold never changes; simulations change a private copy in place.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from umbrella_lab.engine.core import Event, Game, Result, State
from umbrella_lab.games.umbrella.pieces import COLOURS, PINWHEEL, SIDES, Face, Pieces, load_pieces

# --- Constants in the rulebook's words ------------------------------------------------------

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
SOLO_WIN = 15  # from "it's a start." on, the engine counts a solo game as won [solo.achievement]

NORTH, EAST, SOUTH, WEST = range(4)  # the sides of a Stage, seen by its owner
OPPOSITE = (SOUTH, WEST, NORTH, EAST)
COMPASS = ("north", "east", "south", "west")
ZONE_ROLE = ("central", "right side zone", "your personal zone", "left side zone")
SOLO_ZONE_ROLE = ("top", "right", "your personal zone", "left")
BLACK, WHITE = 0, 1  # sides of a Figure tile; a tile code is tile number * 2 + side
STEPS = ("push", "score", "pass", "cover", "swap", "swap-zone", "keep", "over")


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
    """One bit mask of Stage spaces per colour."""
    masks = [0, 0, 0, 0]
    bit = 1
    for colour in cells:
        masks[colour] |= bit
        bit <<= 1
    return masks


def matched_colours(masks: tuple[int, ...], stage: list[int]) -> int:
    """Bit ``c`` set when the figure is made in colour ``c`` on a Stage [figure.match]."""
    found = 0
    for colour in range(4):
        have = stage[colour]
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
    """The pieces and figure masks for a game's options (kept in ``game.extra``)."""
    found = game.extra.get("umbrella")
    if found is None:
        pieces = load_pieces(game.options["data"])
        found = game.extra["umbrella"] = Tables(pieces, game.options["match_mode"])
    return found


# --- The state ------------------------------------------------------------------------------


class UmbrellaState(State):
    """The whole table of Umbrella.

    Seats are numbered clockwise from the first player; "P1" is seat 0. Lists are indexed by
    seat; Stage spaces are numbered 0 to 15 row by row as their owner sees them (see the module
    docstring); colours are 0 to 3 (yellow, blue, green, red).

    Attributes:
        players: Number of seats (1 for solo).
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
        "players",
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

    rule_for_unknown_action: ClassVar[str] = "turn.order"
    views: ClassVar[str] = "umbrella_lab.games.umbrella.views"
    chance_steps: ClassVar[bool] = False  # every shuffle is dealt from the state's own luck

    # --- cloning ----------------------------------------------------------------------------
    def _clone(self) -> UmbrellaState:
        new = UmbrellaState.__new__(UmbrellaState)
        new.game, new.seed, new.events, new.tables = self.game, self.seed, [], self.tables
        new.players, new.around, new.box, new.pinwheel, new.faces = (
            self.players,
            self.around,
            self.box,
            self.pinwheel,
            self.faces,
        )
        new.cells = [stage[:] for stage in self.cells]
        new.zones = [zone[:] for zone in self.zones]
        new.discard = self.discard[:]
        new.spaces = [[stack[:] for stack in seat] for seat in self.spaces]
        new.tile_box, new.tile_discard, new.seen = self.tile_box[:], self.tile_discard[:], self.seen
        new.filled, new.turns = self.filled[:], self.turns[:]
        new.supply, new.reserve, new.active, new.step = (
            self.supply,
            self.reserve,
            self.active,
            self.step,
        )
        new.offers, new.due = self.offers, self.due[:]
        new.held, new.held_from, new.receiver, new.choose_side = (
            self.held,
            self.held_from,
            self.receiver,
            self.choose_side,
        )
        new.extra_turn, new.ejected = self.extra_turn, self.ejected
        new.trigger, new.trigger_seat, new.outcome = self.trigger, self.trigger_seat, self.outcome
        return new

    # --- public properties ------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        """The seat deciding now: the active seat, or the receiver placing a passed tile."""
        if self.outcome is not None:
            return None
        return self.receiver if self.step == "cover" else self.active

    @property
    def result(self) -> Result | None:
        """How the game ended, or ``None``."""
        return self.outcome

    @property
    def solo(self) -> bool:
        """True in the solo game [solo.*]."""
        return self.players == 1

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

    # --- luck -------------------------------------------------------------------------------
    def reshuffled(self, seed: int) -> UmbrellaState:
        """A copy with new luck: the hidden tiles under the stacks dealt anew [setup.figures].

        Tiles never seen face up (under the visible tiles, and those left in the box) are
        shuffled together and dealt back into the same places; in the 2-4 player game their
        sides are dealt anew too, in solo they stay black side up.
        """
        new = self._clone()
        new.seed = seed
        rng = random.Random(seed * 1_000_003 + 11)
        places = [
            (p, k, i)
            for p in range(new.players)
            for k in range(4)
            for i, code in enumerate(new.spaces[p][k][:-1])
            if not new.seen >> (code >> 1) & 1
        ]
        pool = [new.spaces[p][k][i] >> 1 for p, k, i in places] + new.tile_box
        rng.shuffle(pool)
        for (p, k, i), tile in zip(places, pool[: len(places)], strict=True):
            side = BLACK if new.solo else rng.randrange(2)
            new.spaces[p][k][i] = tile * 2 + side
        new.tile_box = sorted(pool[len(places) :])
        new.events = [
            Event(
                "setup.figures",
                f"New luck (seed {seed}): the {len(places)} hidden "
                "tile(s) under the stacks are dealt again.",
            )
        ]
        return new

    # --- the moves --------------------------------------------------------------------------
    def _moves(self) -> list[tuple]:
        return legal_moves(self)

    def _label(self, key: tuple) -> tuple[str, str]:
        label = _PUSH_LABELS.get((self.players == 1, key))  # the commonest labels, made once
        return (label, "turn.push") if label is not None else describe(self, key)

    def _do(self, key: tuple, log: bool) -> None:
        play(self, key, log)

    def _refusal(self, key: tuple) -> tuple[str, str]:
        return why_not(self, key)

    def _canonical(self, key: tuple) -> tuple:
        """A swap of two neighbours names them in either order [power.swap]."""
        if key[0] == "swap" and key[2] > key[3]:
            return (key[0], key[1], key[3], key[2])
        return key

    def _well_formed(self, key: tuple) -> bool:
        return (
            len(key) == 4
            and isinstance(key[0], str)
            and all(isinstance(k, int) and not isinstance(k, bool) for k in key[1:])
        )

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
        placed = 0
        for filled in self.filled:
            placed += filled.bit_count()
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
        for seat in self.spaces:
            for stack in seat:
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

    # --- pictures: to_dict, to_text and the HTML come from the views module (views) ----
    def __repr__(self) -> str:
        where = "over" if self.outcome else f"{self.seat_name(self.to_act or 0)} to {self.step}"
        return f"<Umbrella state: {self.players} player(s), {where}>"


# --- Rule 2: setup ---------------------------------------------------------------------------


def new_game(game: Game, seed: int, log: bool = True) -> UmbrellaState:
    """Set up the table [setup.*] (solo: [solo.setup] [solo.figures] [solo.tokens])."""
    table = tables(game)
    pieces = table.pieces
    n = game.players
    rng = random.Random(seed)
    s = UmbrellaState.__new__(UmbrellaState)
    s.game, s.seed, s.events, s.tables, s.players = game, seed, [], table, n

    # [setup.stage] each Stage filled following its board's colours
    boards = pieces.boards[:n]
    s.cells = [list(board.stage) for board in boards]
    s.pinwheel = tuple(board.pinwheel for board in boards)

    # [setup.zones] [setup.two-players] [solo.setup] the Waiting Zones
    if n == 1:
        s.around = ((2, 1, 3, 0),)  # north: top zone, east: right, south: personal, west: left
        bag = [colour for colour in range(4) for _ in range(SOLO_UMBRELLAS_PER_COLOUR)]
        rng.shuffle(bag)
        s.zones = [[0, 0, 0, 0] for _ in range(4)]
        for i, colour in enumerate(bag):
            s.zones[i // 5][colour] += 1  # 5 umbrellas on each zone
    else:
        s.around = tuple((n, (p - 1) % n, n + 1 + p, p) for p in range(n))
        s.zones = [[1, 1, 1, 1] for _ in range(2 * n + 1)]
    s.discard = [0, 0, 0, 0]
    used = [sum(stage.count(c) for stage in s.cells) + sum(z[c] for z in s.zones) for c in range(4)]
    s.box = tuple(UMBRELLAS_PER_COLOUR - count for count in used)

    # [setup.figures] [solo.figures] two stacks on Figure spaces 1 and 2
    order = list(range(len(pieces.tiles)))
    rng.shuffle(order)
    height = SOLO_STACK_HEIGHT if n == 1 else STACK_HEIGHT
    s.spaces, s.seen = [], 0
    for _ in range(n):
        stacks: list[list[int]] = [[], [], [], []]
        for k in range(STACKS):
            for _ in range(height):
                tile = order.pop()
                side = BLACK if n == 1 else rng.randrange(2)  # "regardless of the visible side"
                stacks[k].append(tile * 2 + side)
            s.seen |= 1 << (stacks[k][-1] >> 1)
        s.spaces.append(stacks)
    s.tile_box, s.tile_discard = sorted(order), []

    # [setup.scoreboard] one face of the chosen level for everyone
    faces = list(pieces.faces[game.options["level"]])
    rng.shuffle(faces)
    s.faces = tuple(faces[p % len(faces)] for p in range(n))
    s.filled = [0] * n

    # [setup.tokens] [solo.tokens] the supply and the tokens set aside
    s.supply = SUPPLY[n]
    s.reserve = SCORING_TOKENS - s.supply

    s.active, s.step, s.offers, s.due = 0, "push", (), []  # [setup.first]
    s.held, s.held_from, s.receiver, s.choose_side = -1, -1, -1, False
    s.extra_turn, s.ejected, s.trigger, s.trigger_seat = False, -1, "", -1
    s.turns, s.outcome = [0] * n, None
    if log:
        _log_setup(s)
    return s


def _log_setup(s: UmbrellaState) -> None:
    n = s.players
    ev = s.events
    boards = ", ".join(f"{s.seat_name(p)} board {s.pieces.boards[p].id}" for p in range(n))
    ev.append(
        Event(
            "setup.stage",
            f"Each Stage is filled with 16 umbrellas following its board's colours ({boards}).",
        )
    )
    if n == 1:
        ev.append(
            Event(
                "solo.setup",
                "20 umbrellas, 5 of each colour, are shuffled onto the "
                "left, right, top and personal zones, 5 on each.",
            )
        )
        ev.append(
            Event(
                "solo.figures",
                "Two stacks of 3 Figure tiles, black side up, go on Figure spaces 1 and 2.",
            )
        )
        ev.append(Event("solo.tokens", f"{s.supply} scoring tokens are prepared."))
    else:
        where = "beside the central zone" if n == 2 else "between the Stages"
        ev.append(
            Event(
                "setup.zones",
                f"Each personal zone, the central zone and {n} side "
                f"zones {where} get 4 umbrellas of different colours.",
            )
        )
        if n == 2:
            ev.append(
                Event(
                    "setup.two-players",
                    "Side zone 1 is P1's left and P2's right; "
                    "side zone 2 is P2's left and P1's right.",
                )
            )
        ev.append(
            Event(
                "setup.figures",
                "Each player puts two stacks of 2 Figure tiles on "
                "Figure spaces 1 and 2, whatever side is up, turned by the pinwheel.",
            )
        )
        ev.append(
            Event(
                "setup.tokens",
                f"{s.supply} scoring tokens go in the supply; {s.reserve} are set aside.",
            )
        )
    ev.append(
        Event("setup.scoreboard", f"Everyone takes a level {s.game.options['level']} Scoreboard.")
    )
    ev.append(Event("setup.first", f"{s.seat_name(0)} starts."))


# --- Rule 3: a turn ---------------------------------------------------------------------------


def legal_moves(s: UmbrellaState) -> list[tuple]:
    """The legal move keys now, for the seat in :attr:`UmbrellaState.to_act`."""
    if s.outcome is not None:
        return []
    step = s.step
    seat = s.active
    if step == "push":
        return push_moves(s, seat)
    if step == "score":
        moves = [("score", seat, space, spot) for space, spot in s.offers]
        if s.game.options["scoring"] == "may":  # [opt.scoring]
            moves.append(("decline", seat, -1, -1))
        return moves
    if step == "pass":  # [figure.pass-two]
        return [("pass", seat, BLACK, -1), ("pass", seat, WHITE, -1)]
    if step == "cover":  # [figure.cover] [solo.flip]
        return [("cover", s.receiver, k, -1) for k in range(4)]
    if step == "swap":  # [power.swap]
        cells = s.cells[seat]
        moves = [
            ("swap", seat, a, b)
            for a in range(16)
            for b in NEIGHBOURS[a]
            if a < b and cells[a] != cells[b]
        ]
        return [*moves, ("skip", seat, 1, -1)]
    if step == "swap-zone":  # [power.swap-zone]
        cells = s.cells[seat]
        moves = []
        for side in range(4):
            zone = s.zones[s.around[seat][side]]
            for colour in range(4):
                if zone[colour]:
                    moves.extend(
                        ("swap-zone", seat, side * 4 + colour, cell)
                        for cell in range(16)
                        if cells[cell] != colour
                    )
        return [*moves, ("skip", seat, 2, -1)]
    if step == "keep":  # [solo.again]
        return [("keep", seat, side, -1) for side in range(4)]
    return []


_PUSH_KEYS = tuple(
    tuple(tuple(("push", seat, a, line) for line in range(4)) for a in range(16))
    for seat in range(4)
)


def push_moves(s: UmbrellaState, seat: int) -> list[tuple]:
    """Every umbrella the seat may take and every line it may push it into [turn.take].

    A move ``("push", seat, side * 4 + colour, line)`` takes an umbrella of ``colour`` from the
    zone on ``side`` of the seat's Stage (north, east, south, west). An empty zone offers nothing
    [turn.empty-zone]; if all four are empty, any zone on the table may be used, pushing in from
    any side: ``("push-any", seat, zone * 4 + colour, side * 4 + line)`` [turn.all-empty].
    """
    moves: list[tuple] = []
    zones = s.zones
    keys = _PUSH_KEYS[seat]
    for side, zone in enumerate(s.around[seat]):
        held = zones[zone]
        for colour in range(4):
            if held[colour]:
                moves += keys[side * 4 + colour]
    if not moves and not s.solo:
        for zone, held in enumerate(zones):
            for colour in range(4):
                if held[colour]:
                    moves += [("push-any", seat, zone * 4 + colour, b) for b in range(16)]
    if s.solo and s.game.options["solo_end"] == "concede":  # [opt.solo_end]
        moves.append(("stop", seat, -1, -1))
    return moves


def push(
    s: UmbrellaState, seat: int, zone: int, colour: int, side: int, line: int, log: bool
) -> int:
    """Slide an umbrella into a line; the last one drops onto the far zone [turn.push].

    Returns the colour of the umbrella pushed out. In solo it is discarded [solo.discard].
    """
    cells = s.cells[seat]
    a, b, c, d = LINES[side][line]
    out = cells[d]
    cells[d], cells[c], cells[b], cells[a] = cells[c], cells[b], cells[a], colour
    s.zones[zone][colour] -= 1
    s.turns[seat] += 1
    if s.solo:
        s.discard[out] += 1
        s.ejected = out
        far = -1
    else:
        far = s.around[seat][OPPOSITE[side]]
        s.zones[far][out] += 1
    if log:
        name = s.seat_name(seat)
        s.events.append(
            Event(
                "turn.take",
                f"{name} takes a {COLOURS[colour]} umbrella from {s.zone_phrase(zone)}.",
            )
        )
        s.events.append(
            Event(
                "turn.push",
                f"{name} pushes it {_line_words(side, line)}; the "
                f"{COLOURS[out]} umbrella at the far end "
                + (f"drops onto {s.zone_phrase(far)}." if far >= 0 else "leaves the Stage."),
            )
        )
        if s.solo:
            s.events.append(Event("solo.discard", f"The {COLOURS[out]} umbrella is discarded."))
    return out


def _line_words(side: int, line: int) -> str:
    return (
        f"down column {line + 1}",
        f"left along row {line + 1}",
        f"up column {line + 1}",
        f"right along row {line + 1}",
    )[side]


# --- Rule 4: figures --------------------------------------------------------------------------


def scoring_offers(s: UmbrellaState, seat: int) -> tuple[tuple[int, int], ...]:
    """The (Figure space, spot) pairs the seat may score now [figure.match] [figure.token].

    A figure counts when all its spaces, turned by its Figure space's pinwheel, hold umbrellas
    of one colour. It needs a free spot of that colour (or a bicolour spot with it, or a white
    square of its space's orientation); without one it scores nothing [figure.full-colour]
    [board.bicolour] [board.white]. With no token left to take, nothing can be scored
    [end.reserve].
    """
    if s.supply + (s.reserve if s.trigger else 0) <= 0:
        return ()
    stage = None
    masks = s.tables.masks
    offers = []
    for space, stack in enumerate(s.spaces[seat]):
        if not stack:
            continue
        angle = s.pinwheel[seat][space]
        if stage is None:
            stage = colour_masks(s.cells[seat])
        made = matched_colours(masks[stack[-1]][angle // 90], stage)
        if not made:
            continue
        filled = s.filled[seat]
        for i, spot in enumerate(s.faces[seat].spots):
            if not filled >> i & 1 and (
                spot.colours & made if spot.white < 0 else spot.white == angle
            ):
                offers.append((space, i))
    return tuple(offers)


def made_colours(s: UmbrellaState, seat: int, space: int) -> int:
    """Bit mask of the colours in which the figure on a space is made now [figure.match]."""
    stack = s.spaces[seat][space]
    if not stack:
        return 0
    masks = s.tables.masks[stack[-1]][s.pinwheel[seat][space] // 90]
    return matched_colours(masks, colour_masks(s.cells[seat]))


def score_figure(s: UmbrellaState, seat: int, space: int, spot: int, log: bool) -> None:
    """Place a token on a free spot and take the completed tile [figure.token] [figure.pass]."""
    face = s.faces[seat]
    s.filled[seat] |= 1 << spot
    from_reserve = s.supply == 0
    if from_reserve:
        s.reserve -= 1  # [end.reserve]
    else:
        s.supply -= 1
    name = s.seat_name(seat)
    code = s.spaces[seat][space].pop()
    if log:
        made = made_colours_after(s, seat, space, code)
        colour = "/".join(COLOURS[c] for c in range(4) if made >> c & 1)
        where = (
            "taken from the tokens set aside"
            if from_reserve
            else (f"{s.supply} left in the supply")
        )
        s.events.append(
            Event(
                "figure.match",
                f"{name}'s Stage shows the {colour} figure of "
                f"{s.tile_words(code)} on Figure space {space + 1}.",
            )
        )
        s.events.append(
            Event(
                "figure.token",
                f"{name} puts a scoring token on spot "
                f"{face.spots[spot].number} ({face.spots[spot].words}); {where}.",
            )
        )
        if from_reserve:
            s.events.append(Event("end.reserve", f"{name} takes a token set aside at setup."))
    for kind, a, b in face.powers:  # [board.powers] both spots round a power are filled
        if spot in (a, b) and s.filled[seat] >> a & 1 and s.filled[seat] >> b & 1:
            s.due.append(kind)
            if log:
                s.events.append(
                    Event("board.powers", f"{name} fills both spots around the {kind} power.")
                )
    s.held, s.held_from = code, seat
    s.choose_side = s.players == 2
    stack = s.spaces[seat][space]
    if stack:  # [figure.reveal]
        s.seen |= 1 << (stack[-1] >> 1)
        if log:
            s.events.append(
                Event(
                    "figure.reveal",
                    f"The tile beneath is revealed on Figure "
                    f"space {space + 1}: {s.tile_words(stack[-1])}.",
                )
            )
    carry_on(s, log)


def made_colours_after(s: UmbrellaState, seat: int, space: int, code: int) -> int:
    """The colours in which tile side ``code`` is made on a space (the tile already taken)."""
    masks = s.tables.masks[code][s.pinwheel[seat][space] // 90]
    return matched_colours(masks, colour_masks(s.cells[seat]))


def carry_on(s: UmbrellaState, log: bool) -> None:
    """After a figure: the powers earned, then the tile passed and placed, then the turn ends.

    Powers act at once [board.powers]; then the tile goes to the left [figure.pass] (solo: it is
    flipped or discarded [solo.flip]); then the receiver places it [figure.place].
    """
    while s.due:
        kind = s.due[0]
        if kind == "play-again":
            if s.solo:
                s.step = "keep"  # [solo.again] the pushed-out umbrella is not discarded
                return
            s.due.pop(0)
            s.extra_turn = True  # [power.again]
            if log:
                s.events.append(
                    Event(
                        "power.again", f"{s.seat_name(s.active)} will play again after this turn."
                    )
                )
            continue
        s.step = "swap" if kind == "swap-adjacent" else "swap-zone"
        return
    if s.held >= 0:
        code = s.held
        if s.solo:
            if code & 1 == WHITE:  # [solo.flip] a white tile is discarded
                s.tile_discard.append(code)
                s.held = -1
                if log:
                    s.events.append(
                        Event("solo.flip", f"{s.tile_words(code)} was white: it is discarded.")
                    )
            else:
                s.held = code | WHITE  # [solo.flip] a black tile is flipped to white
                if log:
                    s.events.append(
                        Event("solo.flip", f"{s.tile_words(code)} is flipped to its white side.")
                    )
                if not place_tile(s, s.active, log):
                    return
        else:
            if s.choose_side:  # [figure.pass-two] the passer picks the side
                s.step = "pass"
                return
            receiver = (s.held_from + 1) % s.players
            if log:
                s.events.append(
                    Event(
                        "figure.pass",
                        f"{s.seat_name(s.held_from)} passes "
                        f"{s.tile_words(code)} to {s.seat_name(receiver)} on the "
                        "left.",
                    )
                )
            if not place_tile(s, receiver, log):
                return
    end_turn(s, log)


def place_tile(s: UmbrellaState, receiver: int, log: bool) -> bool:
    """Put the held tile on the receiver's first empty Figure space [figure.place].

    Returns False when every space is taken: the receiver then chooses a tile to cover
    [figure.cover].
    """
    stacks = s.spaces[receiver]
    for space in range(4):
        if not stacks[space]:
            stacks[space].append(s.held)
            s.seen |= 1 << (s.held >> 1)
            if log:
                s.events.append(
                    Event(
                        "figure.place",
                        f"{s.seat_name(receiver)} places "
                        f"{s.tile_words(s.held)} on the first empty Figure space, "
                        f"space {space + 1}, turned {s.pinwheel[receiver][space]}°.",
                    )
                )
            s.held = -1
            return True
    s.receiver = receiver
    s.step = "cover"
    return False


# --- Rule 5: the end of the game --------------------------------------------------------------


def end_turn(s: UmbrellaState, log: bool) -> None:
    """Check the end triggers, then hand the turn on [end.*] [turn.order] (solo: [solo.end])."""
    s.held, s.receiver, s.offers = -1, -1, ()
    if s.solo:
        s.ejected = -1
        if s.supply == 0:
            finish(s, "the last scoring token has been placed", log)
        elif no_figure_possible(s):
            finish(s, "no figure can be made with the umbrellas left", log)
        else:
            s.step = "push"
        return
    n = s.players
    if not s.trigger:
        name = s.seat_name(s.active)
        if s.supply == 0:
            s.trigger, rule, why = (
                "supply",
                "end.supply",
                "the last scoring token of the supply has been placed",
            )
        elif not all(stack for stacks in s.spaces for stack in stacks[:1]) and any(
            s.tile_count(p) == 0 for p in range(n)
        ):  # (space 1 is filled first)
            p = next(p for p in range(n) if s.tile_count(p) == 0)
            s.trigger, rule, why = (
                "no-figures",
                "end.no-figures",
                (f"{s.seat_name(p)} has no Figure tile left"),
            )
        elif s.filled[s.active].bit_count() >= TEN_TOKENS:  # only the active seat scores
            s.trigger, rule, why = (
                "ten-tokens",
                "end.ten-tokens",
                (f"{name} has placed {TEN_TOKENS} scoring tokens"),
            )
        if s.trigger:
            s.trigger_seat = s.active
            if log:
                s.events.append(Event(rule, f"The end is triggered on {name}'s turn: {why}."))
                s.events.append(
                    Event(
                        "end.final-turns",
                        "Each other player takes one final turn; tokens set aside may be used.",
                    )
                )
    if s.extra_turn:  # [power.again]
        s.extra_turn = False
        s.step = "push"
        if log:
            s.events.append(Event("power.again", f"{s.seat_name(s.active)} plays again."))
        return
    following = (s.active + 1) % n
    if s.trigger and following == s.trigger_seat:  # [end.final-turns] everyone else has played
        finish(s, "", log)
        return
    s.active = following
    s.step = "push"
    if log:
        s.events.append(
            Event(
                "turn.order",
                f"{s.seat_name(following)}'s turn" + (" (final turn)." if s.trigger else "."),
            )
        )


# --- Rule 5 (continued): final scores --------------------------------------------------------


def finish(s: UmbrellaState, why: str, log: bool) -> None:
    """Tally the scores and name the winner(s) [end.score] [end.tie] (solo: [solo.score])."""
    n = s.players
    scores = tuple(s.score(seat) for seat in range(n))
    s.step = "over"
    if s.solo:
        words = s.achievement(scores[0])
        won = scores[0] >= SOLO_WIN
        reason = f"The game ends: {why}. {scores[0]} points: {words}"
        s.outcome = Result((0,) if won else (), reason, "solo.achievement", scores)
        if log:
            s.events.append(Event("solo.end", f"The game ends: {why}."))
            s.events.append(
                Event(
                    "solo.score",
                    f"{s.tokens(0)} token(s) x 2 + "
                    f"{board_bonus(s, 0)} from the Scoreboard"
                    + (f" + {sum(map(sum, s.zones))} umbrella(s) left" if s.supply == 0 else "")
                    + f" = {scores[0]} points.",
                )
            )
            s.events.append(Event("solo.achievement", f"Achievement: {words}"))
        return
    best = max(scores)
    leaders = [seat for seat in range(n) if scores[seat] == best]
    rule = "end.score"
    if len(leaders) > 1:  # [end.tie] the fewest umbrellas in the personal zone, then shared
        fewest = min(s.personal(seat) for seat in leaders)
        leaders = [seat for seat in leaders if s.personal(seat) == fewest]
        rule = "end.tie"
    names = " and ".join(s.seat_name(seat) for seat in leaders)
    trigger = {
        "supply": "the supply ran out",
        "no-figures": "a player ran out of Figure tiles",
        "ten-tokens": "a player placed 10 tokens",
    }[s.trigger]
    verb = "share the win" if len(leaders) > 1 else "wins"
    reason = f"{names} {verb} with {best} points ({trigger})."
    s.outcome = Result(tuple(leaders), reason, rule, scores)
    if log:
        for seat in range(n):
            waiting = s.personal(seat)
            s.events.append(
                Event(
                    "end.score",
                    f"{s.seat_name(seat)}: {s.tokens(seat)} token(s) "
                    f"x 2 + {board_bonus(s, seat)} from the Scoreboard "
                    + (
                        f"+ {EMPTY_ZONE_BONUS} for an empty personal zone"
                        if waiting == 0
                        else f"- {waiting} umbrella(s) waiting"
                    )
                    + f" = {scores[seat]} points.",
                )
            )
        s.events.append(Event(rule, reason))


# --- Rule 6: Scoreboard bonuses (the powers act in score_figure and carry_on) ----------------


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


# --- Rule 7: the end of a solo game ----------------------------------------------------------


def no_figure_possible(s: UmbrellaState) -> bool:
    """Solo: can no visible figure be made any more with the umbrellas left [solo.end]?

    By default (opt.solo_end "count") the engine declares it when no umbrella is left to push,
    when no Figure tile is visible, or when every visible figure needs, in every colour it could
    still score, more umbrellas than that colour has on the Stage and in the zones together.
    """
    zones = s.zones
    if not any(map(any, zones)):
        return True
    have = [s.cells[0].count(c) + sum(zone[c] for zone in zones) for c in range(4)]
    face = s.faces[0]
    free = [spot for i, spot in enumerate(face.spots) if not s.filled[0] >> i & 1]
    for space, stack in enumerate(s.spaces[0]):
        if not stack:
            continue
        size = s.tables.cells[stack[-1]]
        angle = s.pinwheel[0][space]
        for colour in range(4):
            if have[colour] >= size and any(
                spot.colours >> colour & 1 if spot.white < 0 else spot.white == angle
                for spot in free
            ):
                return False
    return True


# --- Applying a move --------------------------------------------------------------------------


def play(s: UmbrellaState, key: tuple, log: bool) -> None:
    """Apply a legal move key in place; with ``log``, record every change as an event."""
    kind, seat, a, b = key
    if kind == "push":
        side, colour = divmod(a, 4)
        push(s, seat, s.around[seat][side], colour, side, b, log)
        after_push(s, seat, log)
    elif kind == "push-any":  # [turn.all-empty]
        zone, colour = divmod(a, 4)
        side, line = divmod(b, 4)
        if log:
            s.events.append(
                Event(
                    "turn.all-empty",
                    f"All four zones around "
                    f"{s.seat_name(seat)}'s Stage are empty: any zone may be used.",
                )
            )
        push(s, seat, zone, colour, side, line, log)
        after_push(s, seat, log)
    elif kind == "score":
        s.offers = ()
        score_figure(s, seat, a, b, log)
    elif kind == "decline":  # [opt.scoring]
        if log:
            s.events.append(
                Event("opt.scoring", f"{s.seat_name(seat)} does not score a figure this turn.")
            )
        end_turn(s, log)
    elif kind == "pass":  # [figure.pass-two]
        s.held = (s.held & ~1) | a
        s.choose_side = False
        if log:
            s.events.append(
                Event(
                    "figure.pass-two",
                    f"{s.seat_name(seat)} chooses the "
                    f"{SIDES[a]} side for {s.seat_name((seat + 1) % 2)}.",
                )
            )
        carry_on(s, log)
    elif kind == "cover":  # [figure.cover]
        covered = s.spaces[seat][a][-1]
        s.spaces[seat][a].append(s.held)
        s.seen |= 1 << (s.held >> 1)
        if log:
            rule = "solo.flip" if s.solo else "figure.cover"
            s.events.append(
                Event(
                    rule,
                    f"{s.seat_name(seat)} covers {s.tile_words(covered)} on "
                    f"Figure space {a + 1} with {s.tile_words(s.held)}.",
                )
            )
        s.held = -1
        end_turn(s, log)
    elif kind == "swap":  # [power.swap]
        cells = s.cells[seat]
        cells[a], cells[b] = cells[b], cells[a]
        s.due.pop(0)
        if log:
            s.events.append(
                Event(
                    "power.swap",
                    f"{s.seat_name(seat)} swaps the umbrellas at "
                    f"{_cell_words(a)} and {_cell_words(b)}.",
                )
            )
        carry_on(s, log)
    elif kind == "swap-zone":  # [power.swap-zone]
        side, colour = divmod(a, 4)
        zone = s.zones[s.around[seat][side]]
        cells = s.cells[seat]
        old = cells[b]
        zone[colour] -= 1
        zone[old] += 1
        cells[b] = colour
        s.due.pop(0)
        if log:
            s.events.append(
                Event(
                    "power.swap-zone",
                    f"{s.seat_name(seat)} swaps a "
                    f"{COLOURS[colour]} umbrella of "
                    f"{s.zone_phrase(s.around[seat][side])} with the {COLOURS[old]} "
                    f"umbrella at {_cell_words(b)}.",
                )
            )
        carry_on(s, log)
    elif kind == "skip":
        s.due.pop(0)
        if log:
            rule = "power.swap" if a == 1 else "power.swap-zone"
            s.events.append(Event(rule, f"{s.seat_name(seat)} does not use the power."))
        carry_on(s, log)
    elif kind == "keep":  # [solo.again]
        zone = s.around[seat][a]
        s.discard[s.ejected] -= 1
        s.zones[zone][s.ejected] += 1
        s.due.pop(0)
        if log:
            s.events.append(
                Event(
                    "solo.again",
                    f"Play again: the pushed-out "
                    f"{COLOURS[s.ejected]} umbrella is kept on "
                    f"{s.zone_phrase(zone)} instead of being discarded.",
                )
            )
        s.ejected = -1
        carry_on(s, log)
    elif kind == "stop":  # [opt.solo_end]
        if log:
            s.events.append(
                Event("opt.solo_end", "The player declares that no figure can be made any more.")
            )
        finish(s, "the player declared that no figure can be made any more", log)


def after_push(s: UmbrellaState, seat: int, log: bool) -> None:
    """After the slide: a figure may be scored, else the turn ends [figure.match] [figure.one]."""
    offers = scoring_offers(s, seat)
    if offers:
        s.offers = offers
        s.step = "score"
    else:
        end_turn(s, log)


def _cell_words(cell: int) -> str:
    return f"row {cell // 4 + 1}, column {cell % 4 + 1}"


# --- Labels and refusals ------------------------------------------------------------------------


def zone_words(s: UmbrellaState, side: int) -> str:
    """A zone seen from the Stage's owner, e.g. ``"north zone (central)"``."""
    role = SOLO_ZONE_ROLE[side] if s.solo else ZONE_ROLE[side]
    return f"{COMPASS[side]} zone ({role})"


_PUSH_LABELS: dict[tuple[bool, tuple], str] = {}


def describe(s: UmbrellaState, key: tuple) -> tuple[str, str]:
    """A move in the table's words, and the rule that allows it."""
    kind, seat, a, b = key
    if kind == "push":  # the most frequent label: kept once made
        label = _PUSH_LABELS.get((s.solo, key))
        if label is None:
            side, colour = divmod(a, 4)
            label = _PUSH_LABELS[(s.solo, key)] = (
                f"{s.seat_name(seat)}: push the {COLOURS[colour]} umbrella from the "
                f"{zone_words(s, side)} {_line_words(side, b)}"
            )
        return label, "turn.push"
    name = s.seat_name(seat)
    if kind == "push-any":
        zone, colour = divmod(a, 4)
        side, line = divmod(b, 4)
        return (
            f"{name}: push the {COLOURS[colour]} umbrella from {s.zone_phrase(zone)} in "
            f"from the {COMPASS[side]} side, {_line_words(side, line)}",
            "turn.all-empty",
        )
    if kind == "score":
        spot = s.faces[seat].spots[b]
        made = made_colours(s, seat, a) & (spot.colours or 15)
        colour = "/".join(COLOURS[c] for c in range(4) if made >> c & 1)
        rule = (
            "board.white"
            if spot.white >= 0
            else ("board.bicolour" if spot.colours & (spot.colours - 1) else "figure.token")
        )
        return (
            f"{name}: score the {colour} figure {s.tile_words(s.top(seat, a))} on Figure "
            f"space {a + 1}: token on spot {spot.number} ({spot.words})",
            rule,
        )
    if kind == "decline":
        return f"{name}: do not score a figure this turn", "opt.scoring"
    if kind == "pass":
        return (
            f"{name}: pass {s.pieces.tiles[s.held >> 1].id} to "
            f"{s.seat_name((seat + 1) % 2)} {SIDES[a]} side up",
            "figure.pass-two",
        )
    if kind == "cover":
        rule = "solo.flip" if s.solo else "figure.cover"
        return (
            f"{name}: place {s.tile_words(s.held)} over {s.tile_words(s.top(seat, a))} on "
            f"Figure space {a + 1}",
            rule,
        )
    if kind == "swap":
        cells = s.cells[seat]
        return (
            f"{name}: swap the {COLOURS[cells[a]]} umbrella at {_cell_words(a)} with the "
            f"{COLOURS[cells[b]]} umbrella at {_cell_words(b)}",
            "power.swap",
        )
    if kind == "swap-zone":
        side, colour = divmod(a, 4)
        return (
            f"{name}: swap a {COLOURS[colour]} umbrella of the {zone_words(s, side)} with "
            f"the {COLOURS[s.cells[seat][b]]} umbrella at {_cell_words(b)}",
            "power.swap-zone",
        )
    if kind == "skip":
        power = "swap two neighbours" if a == 1 else "swap with a zone"
        return (
            f"{name}: do not use the power ({power})",
            "power.swap" if a == 1 else "power.swap-zone",
        )
    if kind == "keep":
        return (
            f"{name}: keep the pushed-out {COLOURS[s.ejected]} umbrella on the {zone_words(s, a)}",
            "solo.again",
        )
    if kind == "stop":
        return f"{name}: declare that no figure can be made any more", "opt.solo_end"
    return f"{kind} {seat} {a} {b}", "turn.order"  # pragma: no cover


_STEP_RULE = {
    "push": "turn.push",
    "score": "figure.token",
    "pass": "figure.pass-two",
    "cover": "figure.cover",
    "swap": "power.swap",
    "swap-zone": "power.swap-zone",
    "keep": "solo.again",
}
_STEP_WORDS = {
    "push": "push an umbrella",
    "score": "score the figure made by the slide",
    "pass": "choose the side of the tile to pass",
    "cover": "choose which tile the passed tile covers",
    "swap": "use or skip the swap power",
    "swap-zone": "use or skip the zone power",
    "keep": "choose where the kept umbrella goes",
}


def why_not(s: UmbrellaState, key: tuple) -> tuple[str, str]:
    """Why a well-formed move is refused here: (message, rule id)."""
    kind, seat, a, b = key
    if s.outcome is not None:
        return "the game is over", s.outcome.rule
    n = s.players
    if not 0 <= seat < n:
        return f"there is no seat {seat} in a {n}-player game (seats 0 to {n - 1})", "turn.order"
    if seat != s.to_act:
        rule = "turn.order" if s.step == "push" else _STEP_RULE[s.step]
        return (f"it is {s.seat_name(s.to_act or 0)}'s decision now ({_STEP_WORDS[s.step]})"), rule
    name = s.seat_name(seat)
    step = s.step
    if kind in ("push", "push-any"):
        if step != "push":
            return f"{name} must first {_STEP_WORDS[step]}", _STEP_RULE[step]
        if kind == "push-any":
            if s.solo:
                return "in solo all four zones are around the Stage", "turn.all-empty"
            return (
                "a zone away from your Stage may be used only when all four zones around it "
                "are empty"
            ), "turn.all-empty"
        if not (0 <= a < 16 and 0 <= b < 4):
            return (
                "a push names a zone side and colour (0 to 15) and a line (0 to 3)",
                "turn.push",
            )
        side, colour = divmod(a, 4)
        zone = s.zones[s.around[seat][side]]
        if not any(zone):
            return (
                f"the {zone_words(s, side)} is empty: no umbrella can be taken from it",
                "turn.empty-zone",
            )
        return (f"there is no {COLOURS[colour]} umbrella in the {zone_words(s, side)}", "turn.take")
    if kind in ("score", "decline"):
        if step == "push":
            return (
                "figures are checked only after a slide: push an umbrella first, and score "
                "a figure still made after it"
            ), "figure.later"
        if step != "score":
            return f"{name} has scored this turn already: one figure a turn", "figure.one"
        if kind == "decline":
            return (
                "a figure made by your slide must be scored (option scoring='must')",
                "opt.scoring",
            )
        return _why_not_score(s, seat, a, b)
    if kind == "pass":
        if s.players != 2:
            return (
                "only in the 2-player game does the passer choose the side; with 3 or 4 "
                "players the tile keeps its side"
            ), "figure.pass"
        return "no tile is being passed now", "figure.pass-two"
    if kind == "cover":
        if step != "cover":
            return "a tile is covered only when a passed tile finds no empty space", "figure.place"
        return f"there is no Figure space {a + 1}; they are numbered 1 to 4", "figure.cover"
    if kind in ("swap", "swap-zone", "skip"):
        rule = (
            "power.swap-zone"
            if kind == "swap-zone" or (kind == "skip" and a == 2)
            else ("power.swap")
        )
        if step not in ("swap", "swap-zone"):
            return "no swap power is waiting to be used now", "board.powers"
        if kind == "swap":
            if step != "swap":
                return "the power earned is the swap with a zone", "power.swap-zone"
            if not (0 <= a < 16 and 0 <= b < 16) or b not in NEIGHBOURS[a]:
                return (
                    "only two umbrellas side by side in a row or column may be swapped",
                    "power.swap",
                )
            return "both umbrellas have the same colour: swapping them changes nothing", rule
        if kind == "swap-zone":
            if step != "swap-zone":
                return "the power earned is the swap of two neighbours", "power.swap"
            if not (0 <= a < 16 and 0 <= b < 16):
                return "name a zone side and colour (0 to 15) and a Stage space (0 to 15)", rule
            side, colour = divmod(a, 4)
            if not s.zones[s.around[seat][side]][colour]:
                return f"there is no {COLOURS[colour]} umbrella in the {zone_words(s, side)}", rule
            return "that umbrella has the same colour: swapping changes nothing", rule
        return "skip names the power waiting now", rule
    if kind == "keep":
        if not s.solo:
            return "in the 2-4 player game, play again gives a new turn", "power.again"
        return "no pushed-out umbrella is waiting to be kept", "solo.again"
    if kind == "stop":
        if not s.solo:
            return "only the solo game can be declared over", "solo.end"
        if s.game.options["solo_end"] != "concede":
            return (
                "the engine itself ends the solo game when no figure is possible "
                "(option solo_end='count')"
            ), "opt.solo_end"
        return f"{name} must first {_STEP_WORDS[step]}", _STEP_RULE[step]
    return f"{kind!r} is not a move of Umbrella", "turn.order"


def _why_not_score(s: UmbrellaState, seat: int, space: int, spot: int) -> tuple[str, str]:
    face = s.faces[seat]
    if not 0 <= space < 4:
        return f"there is no Figure space {space + 1}; they are numbered 1 to 4", "figure.match"
    if not 0 <= spot < len(face.spots):
        return (
            f"there is no spot {spot + 1}; the Scoreboard has spots 1 to {len(face.spots)}",
            "figure.token",
        )
    if not s.spaces[seat][space]:
        return f"Figure space {space + 1} holds no tile", "figure.match"
    made = made_colours(s, seat, space)
    words = s.tile_words(s.top(seat, space))
    if not made:
        return (
            f"the figure {words} on Figure space {space + 1} is not made on your Stage "
            "(all its spaces, turned by the pinwheel, in one colour)"
        ), "figure.match"
    target = face.spots[spot]
    colours = "/".join(COLOURS[c] for c in range(4) if made >> c & 1)
    free = [sp for i, sp in enumerate(face.spots) if not s.filled[seat] >> i & 1]
    angle = s.pinwheel[seat][space]
    if not any(sp.colours & made if sp.white < 0 else sp.white == angle for sp in free):
        return (
            f"no free {colours} spot is left on your Scoreboard: a {colours} figure scores "
            "nothing and its tile is not passed"
        ), "figure.full-colour"
    if s.filled[seat] >> spot & 1:
        return f"spot {target.number} already holds a token", "figure.token"
    if target.white >= 0:
        return (
            f"spot {target.number} is a white square for figures from the {target.white}° "
            f"Figure space; this figure sits on a {angle}° space"
        ), "board.white"
    return (f"spot {target.number} takes {target.words}; this figure is {colours}", "figure.token")
