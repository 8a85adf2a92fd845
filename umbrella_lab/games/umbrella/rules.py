"""Umbrella: the rules, in the order of the rule digest.

Rule ids in brackets point into the digest ``digest.md`` (next to this file); every event in the log
and every refused move names one of them.

1. Aim [aim]: make figures of one colour on your Stage and fill your Scoreboard.
2. Setup [setup.*]: the state of the table (``UmbrellaState``, in ``state.py`` with the
   rulebook's numbers and the geometry of a Stage), then the deal: Stages, Waiting Zones,
   Figure tiles, Scoreboards, scoring tokens.
3. A turn [turn.*]: the moves ``Push`` (take an umbrella from a zone around your Stage and push
   it into a row or column) and ``PushAny`` (when those four zones are empty).
4. Figures [figure.*]: ``Score`` (a token on your Scoreboard; at most one figure a turn) or
   ``Decline``; the tile is passed (``Pass``: its side, with 2 players) and placed (``Cover``
   when no Figure space is empty).
5. End of the game [end.*]: three triggers, one more turn for each other player, the scores.
6. Scoreboards [board.*] and the level-4 powers [power.*]: the powers' effects are in
   ``effects.py``; the choices they open are ``Swap``, ``SwapZone`` (``SwapFarZone`` with
   swap_zone="any") and ``Skip``.
7. Solo [solo.*]: ``Keep`` (play again keeps the pushed-out umbrella) and ``Stop``.

>>> import umbrella_lab as ul
>>> state = ul.load("umbrella", players=2).new(seed=1)
>>> state.to_act, state.step, state.supply, state.reserve
(0, 'push', 11, 14)
>>> action = state.legal_actions()[0]
>>> action.label
'P1: push the yellow umbrella from the central zone (north) down column 1'
>>> action.id, action.key
('push/0/north/yellow/0', Push(seat=0, side=0, colour=0, line=0))

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

An umbrella taken from the zone on the west side enters a row on the left and pushes the row to
the right; the umbrella pushed out on the right drops onto the zone on the east side. One taken
from the central zone enters a column at the top, and the umbrella pushed out at the bottom
drops into your personal zone; one taken from your personal zone pushes a column up and drops
the top umbrella onto the central zone.

How the table is held: a Stage is a list of 16 colours (space ``row * 4 + column``); a figure
is a *bit mask* of Stage spaces (bit ``i`` for space ``i``) and a Stage is read as four masks,
one per colour, so "is this figure made in red?" is one ``&``: the spaces the figure needs are
all among the red ones. Every figure's masks (each tile side, turned by each pinwheel, at every
place it fits) are worked out once per game (:class:`Tables`). A move is a small value with
named fields (``Push(seat=0, side=WEST, colour=3, line=1)``); its action id names sides, colours,
tile sides and Scoreboard spots by name (``push/0/west/red/1``).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Annotated, Any

from umbrella_lab.engine.core import Game, Result
from umbrella_lab.engine.moves import ByName, Move
from umbrella_lab.engine.words import plural
from umbrella_lab.games.umbrella.effects import EFFECTS
from umbrella_lab.games.umbrella.pieces import COLOURS, SIDES
from umbrella_lab.games.umbrella.state import (
    BLACK,
    COMPASS,
    EAST,
    EMPTY_ZONE_BONUS,
    LINES,
    NEIGHBOURS,
    NORTH,
    OPPOSITE,
    SCORING_TOKENS,
    SOLO_STACK_HEIGHT,
    SOLO_UMBRELLAS_PER_COLOUR,
    SOLO_ZONE_ROLE,
    SOUTH,
    STACK_HEIGHT,
    STACKS,
    STEP_RULE,
    SUPPLY,
    TEN_TOKENS,
    TOKEN_POINTS,
    UMBRELLAS_PER_COLOUR,
    WEST,
    WHITE,
    ZONE_ROLE,
    UmbrellaState,
    board_bonus,
    colour_masks,
    figure_masks,
    matched_colours,
    tables,
    token_groups,
    turned,
)

# --- 1-2. The table: ``UmbrellaState``, the rulebook's numbers and the geometry of a Stage are
# in state.py, below the effects and these rules, which both import it.

# --- 2. Setup -------------------------------------------------------------------------------


def setup(game: Game, seed: int, events: list | None) -> UmbrellaState:
    """Set up the table [setup.*] (solo: [solo.setup] [solo.figures] [solo.tokens])."""
    table = tables(game)
    pieces = table.pieces
    n = game.players
    rng = game.luck.deal(seed)
    s = UmbrellaState.__new__(UmbrellaState)
    s.game, s.seed, s.events, s.tables = game, seed, events, table

    # [setup.stage] each Stage filled following its board's colours
    boards = pieces.boards[:n]
    s.cells = [list(board.stage) for board in boards]
    s.pinwheel = tuple(board.pinwheel for board in boards)
    names = ", ".join(f"{s.seat_name(p)} board {boards[p].id}" for p in range(n))
    s.say(
        "setup.stage",
        lambda: f"Each Stage is filled with 16 umbrellas following its board's colours ({names}).",
    )

    # [setup.zones] [setup.two-players] [solo.setup] the Waiting Zones
    if n == 1:
        s.around = ((2, 1, 3, 0),)  # north: top zone, east: right, south: personal, west: left
        bag = [colour for colour in range(4) for _ in range(SOLO_UMBRELLAS_PER_COLOUR)]
        rng.shuffle(bag)
        s.zones = [[0, 0, 0, 0] for _ in range(4)]
        for i, colour in enumerate(bag):
            s.zones[i // 5][colour] += 1  # 5 umbrellas on each zone
        s.say(
            "solo.setup",
            lambda: (
                "20 umbrellas, 5 of each colour, are shuffled onto the "
                "left, right, top and personal zones, 5 on each."
            ),
        )
    else:
        s.around = tuple((n, (p - 1) % n, n + 1 + p, p) for p in range(n))
        s.zones = [[1, 1, 1, 1] for _ in range(2 * n + 1)]
        where = "beside the central zone" if n == 2 else "between the Stages"
        s.say(
            "setup.zones",
            lambda: (
                f"Each personal zone, the central zone and {n} side "
                f"zones {where} get 4 umbrellas of different colours."
            ),
        )
        if n == 2:
            s.say(
                "setup.two-players",
                lambda: (
                    "Side zone 1 is P1's left and P2's right; "
                    "side zone 2 is P2's left and P1's right."
                ),
            )
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
    if n == 1:
        s.say(
            "solo.figures",
            lambda: "Two stacks of 3 Figure tiles, black side up, go on Figure spaces 1 and 2.",
        )
    else:
        s.say(
            "setup.figures",
            lambda: (
                "Each player puts two stacks of 2 Figure tiles on "
                "Figure spaces 1 and 2, whatever side is up, turned by the pinwheel."
            ),
        )

    # [setup.tokens] [solo.tokens] the supply and the tokens set aside
    s.supply = SUPPLY[n]
    s.reserve = SCORING_TOKENS - s.supply
    if n == 1:
        s.say("solo.tokens", lambda: f"{s.supply} scoring tokens are prepared.")
    else:
        s.say(
            "setup.tokens",
            lambda: f"{s.supply} scoring tokens go in the supply; {s.reserve} are set aside.",
        )

    # [setup.scoreboard] one face of the chosen level for everyone
    level = game.options["level"]
    faces = list(pieces.faces[level])
    rng.shuffle(faces)
    s.faces = tuple(faces[p % len(faces)] for p in range(n))
    s.filled = [0] * n
    s.say("setup.scoreboard", lambda: f"Everyone takes a level {level} Scoreboard.")

    # [setup.first]
    s.active, s.step, s.offers, s.due = 0, "push", (), []
    s.held, s.held_from, s.receiver, s.choose_side = -1, -1, -1, False
    s.extra_turn, s.ejected, s.trigger, s.trigger_seat = False, -1, "", -1
    s.turns, s.outcome = [0] * n, None
    s.say("setup.first", lambda: f"{s.seat_name(0)} starts.")
    return s


# --- How moves name things in action ids -----------------------------------------------------


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


# --- 3. A turn: take an umbrella and push it in ----------------------------------------------


def zone_words(s: UmbrellaState, seat: int, side: int) -> str:
    """A zone around a Stage: its one name, and the side of the Stage it lies on.

    For example ``"side zone 1 (west)"``, ``"the central zone (north)"`` or ``"P2's personal
    zone (south)"``: the same name as in the events and the views [setup.zones].
    """
    return f"{s.zone_phrase(s.around[seat][side])} ({COMPASS[side]})"


def line_words(side: int, line: int) -> str:
    """Which way a push goes, e.g. ``"down column 2"`` from the north side."""
    return (
        f"down column {line + 1}",
        f"left along row {line + 1}",
        f"up column {line + 1}",
        f"right along row {line + 1}",
    )[side]


def cell_words(cell: int) -> str:
    """A Stage space in words, e.g. ``"row 1, column 2"``."""
    return f"row {cell // 4 + 1}, column {cell % 4 + 1}"


class Push(Move):
    """Take an umbrella from a zone around your Stage and push it in [turn.take] [turn.push].

    ``side`` is the side of the Stage the zone lies on (north: the central zone, east: the side
    zone on your right, south: your personal zone, west: the side zone on your left), ``colour``
    the umbrella taken and ``line`` the column (from north or south) or row (from east or west),
    0 to 3. An empty zone offers nothing [turn.empty-zone].
    """

    rule, steps = "turn.push", ("push",)
    seat: int
    side: Side
    colour: Colour
    line: int

    @staticmethod
    def legal(s: UmbrellaState) -> list[Push]:
        """Each side's zone, each colour it holds, each of the four lines, in that order."""
        seat, zones = s.active, s.zones
        held = 0  # bit side * 4 + colour: that side's zone holds that colour
        for side, zone in enumerate(s.around[seat]):
            counts = zones[zone]
            held |= (
                (counts[0] > 0) | (counts[1] > 0) << 1 | (counts[2] > 0) << 2 | (counts[3] > 0) << 3
            ) << (side * 4)
        return list(Push.listed(seat, held))

    @staticmethod
    def listed(seat: int, held: int) -> tuple[Push, ...]:
        """The pushes :meth:`legal` lists for ``seat`` when its zones hold the colours ``held``.

        ``held`` has bit ``side * 4 + colour`` set when the zone on that side holds that colour.
        Each side's pushes are made once for each set of colours: moves are the same in every
        game.
        """
        return (
            _PUSHES[seat][0][held & 15]
            + _PUSHES[seat][1][held >> 4 & 15]
            + _PUSHES[seat][2][held >> 8 & 15]
            + _PUSHES[seat][3][held >> 12 & 15]
        )

    @classmethod
    def known(cls, s: UmbrellaState) -> list[Push]:
        """Every push from the four zones around the Stage, in every colour, legal or not.

        One from an empty zone, or of a colour the zone does not hold, is refused with its
        reason [turn.empty-zone] [turn.take].
        """
        return [
            Push(s.active, side, colour, line)
            for side in range(4)
            for colour in range(4)
            for line in range(4)
        ]

    def play(self, s: UmbrellaState) -> None:
        seat, side = self.seat, self.side
        slide(s, seat, s.around[seat][side], self.colour, side, self.line)
        after_push(s, seat)

    def label(self, s: UmbrellaState) -> str:
        return (
            f"{s.seat_name(self.seat)}: push the {COLOURS[self.colour]} umbrella from "
            f"{zone_words(s, self.seat, self.side)} {line_words(self.side, self.line)}"
        )

    def refusal(self, s: UmbrellaState) -> tuple[str, str]:
        side, colour, line = self.side, self.colour, self.line
        if not (0 <= side < 4 and 0 <= colour < 4 and 0 <= line < 4):
            return "a push names a side, a colour and a line (each 0 to 3)", "turn.push"
        zone = s.zones[s.around[self.seat][side]]
        if not any(zone):
            return (
                f"{zone_words(s, self.seat, side)} is empty: no umbrella can be taken from it",
                "turn.empty-zone",
            )
        words = zone_words(s, self.seat, side)
        return f"there is no {COLOURS[colour]} umbrella in {words}", "turn.take"


_PUSHES = tuple(
    tuple(
        tuple(
            tuple(
                Push(seat, side, colour, line)
                for colour in range(4)
                if colours >> colour & 1
                for line in range(4)
            )
            for colours in range(16)
        )
        for side in range(4)
    )
    for seat in range(4)
)
"""``_PUSHES[seat][side][colours]``: the pushes of a seat from the zone on one side holding the
colours ``colours`` (bit ``colour``), colour by colour, four lines each."""


class PushAny(Move):
    """Push from any zone, in from any side, when your four zones are empty [turn.all-empty].

    The side chosen also decides where the pushed-out umbrella goes: the zone on the far side.
    """

    rule, steps = "turn.all-empty", ("push",)
    seat: int
    zone: int
    colour: Colour
    side: Side
    line: int

    @staticmethod
    def legal(s: UmbrellaState) -> list[PushAny]:
        if s.solo:
            return []
        seat, zones = s.active, s.zones
        if any(any(zones[zone]) for zone in s.around[seat]):
            return []
        return [
            PushAny(seat, zone, colour, side, line)
            for zone, held in enumerate(zones)
            for colour in range(4)
            if held[colour]
            for side in range(4)
            for line in range(4)
        ]

    def play(self, s: UmbrellaState) -> None:
        seat = self.seat
        s.say(
            "turn.all-empty",
            lambda: (
                f"All four zones around {s.seat_name(seat)}'s Stage are empty: "
                "any zone may be used."
            ),
        )
        slide(s, seat, self.zone, self.colour, self.side, self.line)
        after_push(s, seat)

    def label(self, s: UmbrellaState) -> str:
        return (
            f"{s.seat_name(self.seat)}: push the {COLOURS[self.colour]} umbrella from "
            f"{s.zone_phrase(self.zone)} in from the {COMPASS[self.side]} side, "
            f"{line_words(self.side, self.line)}"
        )

    def refusal(self, s: UmbrellaState) -> tuple[str, str]:
        if s.solo:
            return "in solo all four zones are around the Stage", "turn.all-empty"
        if any(any(s.zones[zone]) for zone in s.around[self.seat]):
            return (
                "a zone away from your Stage may be used only when all four zones around it "
                "are empty"
            ), "turn.all-empty"
        if not (0 <= self.zone < len(s.zones) and 0 <= self.colour < 4):
            return f"name a zone (0 to {len(s.zones) - 1}) and a colour (0 to 3)", "turn.all-empty"
        if not (0 <= self.side < 4 and 0 <= self.line < 4):
            return "name a side and a line (each 0 to 3)", "turn.all-empty"
        return (
            f"there is no {COLOURS[self.colour]} umbrella in {s.zone_phrase(self.zone)}",
            "turn.empty-zone",
        )


def slide(s: UmbrellaState, seat: int, zone: int, colour: int, side: int, line: int) -> int:
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
    s.say(
        "turn.take",
        lambda: (
            f"{s.seat_name(seat)} takes a {COLOURS[colour]} umbrella from {s.zone_phrase(zone)}."
        ),
    )
    s.say(
        "turn.push",
        lambda: (
            f"{s.seat_name(seat)} pushes it {line_words(side, line)}; the {COLOURS[out]} umbrella "
            "at the far end "
            + (f"drops onto {s.zone_phrase(far)}." if far >= 0 else "leaves the Stage.")
        ),
    )
    if s.solo:
        s.say("solo.discard", lambda: f"The {COLOURS[out]} umbrella is discarded.")
    return out


def after_push(s: UmbrellaState, seat: int) -> None:
    """After the slide: a figure may be scored, else the turn ends [figure.match] [figure.one]."""
    offers = scoring_offers(s, seat)
    if offers:
        s.offers = offers
        s.step = "score"
    else:
        end_turn(s)


# --- 4. Figures -----------------------------------------------------------------------------


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
    stage = colour_masks(s.cells[seat])
    masks = s.tables.masks
    filled = s.filled[seat]
    visible = visible_colours(s, seat)
    offers = []
    for space, stack in enumerate(s.spaces[seat]):
        if not stack:
            continue
        angle = s.pinwheel[seat][space]
        made = matched_colours(masks[stack[-1]][angle // 90], stage)
        if not made:
            continue
        for i, spot in enumerate(s.faces[seat].spots):
            if not filled >> i & 1 and (
                spot.colours & made if spot.white < 0 else spot.white == angle and made & visible
            ):
                offers.append((space, i))
    return tuple(offers)


def visible_colours(s: UmbrellaState, seat: int) -> int:
    """The colours a white square may take: every colour by default [board.white].

    With white_squares="visible" only the colours still visible on the Scoreboard, those of its
    free coloured spots [figure.full-colour] [opt.white_squares].
    """
    if s.game.options["white_squares"] == "any":
        return 15
    filled = s.filled[seat]
    colours = 0
    for i, spot in enumerate(s.faces[seat].spots):
        if not filled >> i & 1 and spot.white < 0:
            colours |= spot.colours
    return colours


def made_colours(s: UmbrellaState, seat: int, space: int, code: int | None = None) -> int:
    """Bit mask of the colours in which the figure on a space is made now [figure.match].

    ``code``: the tile side to look at (by default the visible tile of the space).
    """
    if code is None:
        stack = s.spaces[seat][space]
        if not stack:
            return 0
        code = stack[-1]
    masks = s.tables.masks[code][s.pinwheel[seat][space] // 90]
    return matched_colours(masks, colour_masks(s.cells[seat]))


def colour_words(made: int) -> str:
    """Colours of a colour mask in words, e.g. ``"yellow/red"``."""
    return "/".join(COLOURS[c] for c in range(4) if made >> c & 1)


ONE_FIGURE = MappingProxyType({"push": "figure.later", "": "figure.one"})
"""Why no figure is scored at a step: before the slide [figure.later], or after one [figure.one]."""


class Score(Move):
    """Score the figure on a Figure space: a token on a free spot of its colour [figure.token].

    Offered only right after your push, for a figure made then [figure.later], one a turn
    [figure.one]. Where several spots fit, the player picks one; a figure made in two colours
    picks its colour by the spot. The completed tile is then passed [figure.pass].
    """

    rule, steps = "figure.token", ("score",)
    when, when_rule = (
        "a figure is scored only after a slide that makes one, once a turn",
        ONE_FIGURE,
    )
    seat: int
    space: int
    spot: BoardSpot

    @staticmethod
    def legal(s: UmbrellaState) -> list[Score]:
        seat = s.active
        return [Score(seat, space, spot) for space, spot in s.offers]

    def play(self, s: UmbrellaState) -> None:
        seat, space, spot = self.seat, self.space, self.spot
        waiting = sorted({other for other, _ in s.offers if other != space})
        s.offers = ()
        face = s.faces[seat]
        s.filled[seat] |= 1 << spot
        from_reserve = s.supply == 0
        if from_reserve:
            s.reserve -= 1  # [end.reserve]
        else:
            s.supply -= 1
        name = s.seat_name(seat)
        code = s.spaces[seat][space].pop()
        s.say(
            "figure.match",
            lambda: (
                f"{name}'s Stage shows the {colour_words(made_colours(s, seat, space, code))} "
                f"figure of {s.tile_words(code)} on Figure space {space + 1}."
            ),
        )
        where = (
            "taken from the tokens set aside" if from_reserve else f"{s.supply} left in the supply"
        )
        if waiting:  # [figure.one]
            s.say(
                "figure.one",
                lambda: (
                    "One figure a turn: the figure on Figure space "
                    f"{' and '.join(str(other + 1) for other in waiting)} is not scored now."
                ),
            )
        s.say(
            self.rule_in(s),  # figure.token; a bicolour spot or a white square [board.*]
            lambda: (
                f"{name} puts a scoring token on spot "
                f"{face.spots[spot].number} ({face.spots[spot].words}); {where}."
            ),
        )
        if from_reserve:
            s.say("end.reserve", lambda: f"{name} takes a token set aside at setup.")
        for power, a, b in face.powers:  # [board.powers] both spots round a power are filled
            if spot in (a, b) and s.filled[seat] >> a & 1 and s.filled[seat] >> b & 1:
                s.due.append(power)
                s.say(
                    "board.powers",
                    lambda power=power: f"{name} fills both spots around the {power} power.",
                )
        s.held, s.held_from = code, seat
        s.choose_side = s.players == 2
        stack = s.spaces[seat][space]
        if stack:  # [figure.reveal]
            s.seen |= 1 << (stack[-1] >> 1)
            s.say(
                "figure.reveal",
                lambda: (
                    f"The tile beneath is revealed on Figure space {space + 1}: "
                    f"{s.tile_words(stack[-1])}."
                ),
            )
        carry_on(s)

    def label(self, s: UmbrellaState) -> str:
        spot = s.faces[self.seat].spots[self.spot]
        made = made_colours(s, self.seat, self.space)
        made &= spot.colours or visible_colours(s, self.seat)
        return (
            f"{s.seat_name(self.seat)}: score the {colour_words(made)} figure "
            f"{s.tile_words(s.top(self.seat, self.space))} on Figure space {self.space + 1}: "
            f"token on spot {spot.number} ({spot.words})"
        )

    def rule_in(self, s: UmbrellaState) -> str:
        spot = s.faces[self.seat].spots[self.spot]
        if spot.white >= 0:
            return "board.white"
        return "board.bicolour" if spot.colours & (spot.colours - 1) else "figure.token"

    def refusal(self, s: UmbrellaState) -> tuple[str, str]:
        seat, space, spot = self.seat, self.space, self.spot
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
        if not made:
            return (
                f"the figure {s.tile_words(s.top(seat, space))} on Figure space {space + 1} is "
                "not made on your Stage (all its spaces, turned by the pinwheel, in one colour)"
            ), "figure.match"
        target = face.spots[spot]
        colours = colour_words(made)
        free = [sp for i, sp in enumerate(face.spots) if not s.filled[seat] >> i & 1]
        angle = s.pinwheel[seat][space]
        visible = visible_colours(s, seat)
        if not any(
            sp.colours & made if sp.white < 0 else sp.white == angle and made & visible
            for sp in free
        ):
            return (
                f"no free {colours} spot is left on your Scoreboard: a {colours} figure scores "
                "nothing and its tile is not passed"
            ), "figure.full-colour"
        if s.filled[seat] >> spot & 1:
            return f"spot {target.number} already holds a token", "figure.token"
        if target.white >= 0 and target.white != angle:
            return (
                f"spot {target.number} is a white square for figures from the {target.white}° "
                f"Figure space; this figure sits on a {angle}° space"
            ), "board.white"
        if target.white >= 0:
            return (
                f"no {colours} spot is left on your Scoreboard, so a {colours} figure scores "
                "nothing, on a white square too (option white_squares)"
            ), "opt.white_squares"
        return f"spot {target.number} takes {target.words}; this figure is {colours}", (
            "figure.token"
        )


class Decline(Move):
    """Score nothing this turn, though a figure is made [opt.scoring].

    Only with the option scoring='may'; by default a figure made must be scored.
    """

    rule, steps = "opt.scoring", ("score",)
    when, when_rule = (
        "a figure is scored only after a slide that makes one, once a turn",
        ONE_FIGURE,
    )
    seat: int

    @staticmethod
    def legal(s: UmbrellaState) -> list[Decline]:
        return [Decline(s.active)] if s.game.options["scoring"] == "may" else []

    def play(self, s: UmbrellaState) -> None:
        s.say("opt.scoring", lambda: f"{s.seat_name(self.seat)} does not score a figure this turn.")
        end_turn(s)

    def label(self, s: UmbrellaState) -> str:
        return f"{s.seat_name(self.seat)}: do not score a figure this turn"

    def refusal(self, s: UmbrellaState) -> tuple[str, str]:
        return "a figure made by your slide must be scored (option scoring='must')", "opt.scoring"


def carry_on(s: UmbrellaState) -> None:
    """After a figure: the powers earned act, the tile is passed and placed, the turn ends.

    Powers act at once, in the order earned [board.powers] (each power's effect is in
    ``effects.py``; one that needs a decision stops here until it is made). Then the tile goes to
    the left [figure.pass] (solo: it is flipped or discarded [solo.flip]) and the receiver places
    it [figure.place] [figure.cover].
    """
    while s.due:
        if EFFECTS[s.due[0]](s):
            return  # the power waits for the player's choice
    if s.held >= 0 and (solo_flip(s) if s.solo else pass_left(s)):
        return  # a side to choose, or a tile to cover
    end_turn(s)


def pass_left(s: UmbrellaState) -> bool:
    """Pass the completed tile to the player on the left [figure.pass] [figure.pass-two].

    With 2 players the passer first chooses its side (the move ``Pass``). Returns True while a
    decision waits.
    """
    if s.choose_side:
        s.step = "pass"
        return True
    code, passer = s.held, s.held_from
    receiver = (passer + 1) % s.players
    s.say(
        "figure.pass",
        lambda: (
            f"{s.seat_name(passer)} passes {s.tile_words(code)} to "
            f"{s.seat_name(receiver)} on the left."
        ),
    )
    return not place_tile(s, receiver)


class Pass(Move):
    """With 2 players, the passer chooses the side the other player will see [figure.pass-two]."""

    rule, steps = "figure.pass-two", ("pass",)
    when = (
        "a side is chosen when a tile is passed in the 2-player game (with 3 or 4 players it "
        "keeps its side)"
    )
    when_rule = "figure.pass"
    seat: int
    side: TileSide

    @staticmethod
    def legal(s: UmbrellaState) -> list[Pass]:
        return [Pass(s.active, BLACK), Pass(s.active, WHITE)]

    def play(self, s: UmbrellaState) -> None:
        s.held = (s.held & ~1) | self.side
        s.choose_side = False
        s.say(
            "figure.pass-two",
            lambda: (
                f"{s.seat_name(self.seat)} chooses the {SIDES[self.side]} side for "
                f"{s.seat_name((self.seat + 1) % 2)}."
            ),
        )
        carry_on(s)

    def label(self, s: UmbrellaState) -> str:
        return (
            f"{s.seat_name(self.seat)}: pass {s.pieces.tiles[s.held >> 1].id} to "
            f"{s.seat_name((self.seat + 1) % 2)} {SIDES[self.side]} side up"
        )

    def refusal(self, s: UmbrellaState) -> tuple[str, str]:
        return "a tile has a black side (0) and a white side (1)", "figure.pass-two"


def place_tile(s: UmbrellaState, receiver: int) -> bool:
    """Put the held tile on the receiver's first empty Figure space [figure.place].

    Returns False when every space is taken: the receiver then chooses a tile to cover
    [figure.cover].
    """
    stacks = s.spaces[receiver]
    space = next((k for k in range(4) if not stacks[k]), -1)
    if space < 0:
        s.receiver = receiver
        s.step = "cover"
        return False
    code = s.held
    stacks[space].append(code)
    s.seen |= 1 << (code >> 1)
    s.say(
        "figure.place",
        lambda: (
            f"{s.seat_name(receiver)} places {s.tile_words(code)} on the first empty "
            f"Figure space, space {space + 1}, turned {s.pinwheel[receiver][space]}°."
        ),
    )
    s.held = -1
    return True


class Cover(Move):
    """No Figure space is empty: the receiver puts the new tile on one of theirs [figure.cover].

    In solo, the flipped tile [solo.flip]. The covered tile is hidden until it is revealed again.
    """

    rule, steps = "figure.cover", ("cover",)
    when, when_rule = (
        "a tile is covered only when a passed tile finds no empty space",
        "figure.place",
    )
    seat: int
    space: int

    @staticmethod
    def legal(s: UmbrellaState) -> list[Cover]:
        return [Cover(s.receiver, space) for space in range(4)]

    def play(self, s: UmbrellaState) -> None:
        seat, space, code = self.seat, self.space, s.held
        covered = s.spaces[seat][space][-1]
        s.spaces[seat][space].append(code)
        s.seen |= 1 << (code >> 1)
        s.say(
            self.rule_in(s),
            lambda: (
                f"{s.seat_name(seat)} covers {s.tile_words(covered)} on "
                f"Figure space {space + 1} with {s.tile_words(code)}."
            ),
        )
        s.held = -1
        end_turn(s)

    def label(self, s: UmbrellaState) -> str:
        return (
            f"{s.seat_name(self.seat)}: place {s.tile_words(s.held)} over "
            f"{s.tile_words(s.top(self.seat, self.space))} on Figure space {self.space + 1}"
        )

    def rule_in(self, s: UmbrellaState) -> str:
        return "solo.flip" if s.solo else "figure.cover"

    def refusal(self, s: UmbrellaState) -> tuple[str, str]:
        return f"there is no Figure space {self.space + 1}; they are numbered 1 to 4", (
            "figure.cover"
        )


# --- 5. The end of the game -----------------------------------------------------------------


def end_turn(s: UmbrellaState) -> None:
    """Check the end triggers, then hand the turn on [end.*] [turn.order] (solo: [solo.end])."""
    s.held, s.receiver, s.offers = -1, -1, ()
    if s.solo:
        s.ejected = -1
        if s.supply == 0:
            finish(s, "the last scoring token has been placed")
        elif no_figure_possible(s):
            finish(s, "no figure can be made with the umbrellas left")
        else:
            s.step = "push"
        return
    n = s.players
    if not s.trigger:
        if s.supply == 0:
            s.trigger, rule, why = (
                "supply",
                "end.supply",
                "the last scoring token of the supply has been placed",
            )
        elif not all(map(any, s.spaces)):  # a player has no Figure tile left
            p = next(p for p in range(n) if not any(s.spaces[p]))
            s.trigger, rule, why = (
                "no-figures",
                "end.no-figures",
                f"{s.seat_name(p)} has no Figure tile left",
            )
        elif s.filled[s.active].bit_count() >= TEN_TOKENS:  # only the active seat scores
            s.trigger, rule, why = (
                "ten-tokens",
                "end.ten-tokens",
                f"{s.seat_name(s.active)} has placed {TEN_TOKENS} scoring tokens",
            )
        if s.trigger:
            s.trigger_seat = s.active
            s.say(rule, lambda: f"The end is triggered on {s.seat_name(s.active)}'s turn: {why}.")
            s.say(
                "end.final-turns",
                lambda: "Each other player takes one final turn; tokens set aside may be used.",
            )
    if s.extra_turn and s.trigger and not s.game.options["final_again"]:  # [opt.final_again]
        s.extra_turn = False
        s.say(
            "opt.final_again",
            lambda: f"The end is triggered: {s.seat_name(s.active)} does not play again.",
        )
    if s.extra_turn:  # [power.again]
        s.extra_turn = False
        s.step = "push"
        s.say("power.again", lambda: f"{s.seat_name(s.active)} plays again.")
        return
    following = (s.active + 1) % n
    if s.trigger and following == s.trigger_seat:  # [end.final-turns] everyone else has played
        finish(s, "")
        return
    s.active = following
    s.step = "push"
    s.say(
        "turn.order",
        lambda: f"{s.seat_name(following)}'s turn" + (" (final turn)." if s.trigger else "."),
    )


TRIGGER_WORDS = {
    "supply": "the supply ran out",
    "no-figures": "a player ran out of Figure tiles",
    "ten-tokens": "a player placed 10 tokens",
}


def finish(s: UmbrellaState, why: str) -> None:
    """Tally the scores and name the winner(s) [end.score] [end.tie] (solo: [solo.score])."""
    n = s.players
    scores = tuple(s.score(seat) for seat in range(n))
    s.step = "over"
    if s.solo:
        words = s.achievement(scores[0])
        won = scores[0] >= s.game.options["solo_win"]  # [opt.solo_win]
        reason = f"The game ends: {why}. {scores[0]} points: {words}"
        s.outcome = Result((0,) if won else (), reason, "solo.achievement", scores)
        s.say("solo.end", lambda: f"The game ends: {why}.")
        say_board_bonus(s, 0)
        s.say(
            "solo.score",
            lambda: (
                f"{plural(s.tokens(0), 'token')} x 2 + {board_bonus(s, 0)} from the Scoreboard"
                + (f" + {plural(sum(map(sum, s.zones)), 'umbrella')} left" if s.supply == 0 else "")
                + f" = {scores[0]} points."
            ),
        )
        s.say("solo.achievement", lambda: f"Achievement: {words}")
        return
    best = max(scores)
    leaders = [seat for seat in range(n) if scores[seat] == best]
    rule = "end.score"
    if len(leaders) > 1:  # [end.tie] the fewest umbrellas in the personal zone, then shared
        fewest = min(s.personal(seat) for seat in leaders)
        leaders = [seat for seat in leaders if s.personal(seat) == fewest]
        rule = "end.tie"
    names = " and ".join(s.seat_name(seat) for seat in leaders)
    verb = "share the win" if len(leaders) > 1 else "wins"
    reason = f"{names} {verb} with {best} points ({TRIGGER_WORDS[s.trigger]})."
    s.outcome = Result(tuple(leaders), reason, rule, scores)
    for seat in range(n):
        say_board_bonus(s, seat)
        s.say("end.score", lambda seat=seat: _score_words(s, seat, scores[seat]))
    s.say(rule, lambda: reason)


def say_board_bonus(s: UmbrellaState, seat: int) -> None:
    """What the seat's Scoreboard earns at the end, said with its rule; nothing if it earns 0.

    [board.groups] [board.adjacency]
    """
    bonus = board_bonus(s, seat)
    if not bonus:
        return
    face = s.faces[seat]
    if face.scoring == "groups":
        full = sum(all(s.filled[seat] >> i & 1 for i in spots) for _, spots in face.groups)
        s.say(
            "board.groups",
            lambda: (
                f"{s.seat_name(seat)}'s Scoreboard: {plural(full, 'full group')}, {bonus} points."
            ),
        )
    else:
        sizes = sorted((n for n in token_groups(s, seat) if n > 1), reverse=True)
        s.say(
            "board.adjacency",
            lambda: (
                f"{s.seat_name(seat)}'s Scoreboard: groups of neighbouring tokens of "
                f"{', '.join(map(str, sizes))}, {bonus} points."
            ),
        )


def _score_words(s: UmbrellaState, seat: int, points: int) -> str:
    waiting = s.personal(seat)
    return (
        f"{s.seat_name(seat)}: {plural(s.tokens(seat), 'token')} x 2 "
        f"+ {board_bonus(s, seat)} from the Scoreboard "
        + (
            f"+ {EMPTY_ZONE_BONUS} for an empty personal zone"
            if waiting == 0
            else f"- {plural(waiting, 'umbrella')} waiting"
        )
        + f" = {points} points."
    )


# --- 6. Scoreboards and powers --------------------------------------------------------------


POWER_STEPS = MappingProxyType(
    {"swap": "power.swap", "swap-zone": "power.swap-zone", "": "board.powers"}
)
"""Why a power move is refused at a step: another power is earned, or none [board.powers]."""


class Swap(Move):
    """The swap power: swap two neighbouring umbrellas of your Stage [power.swap].

    Neighbours are side by side in a row or column. Only swaps of two colours are offered; the
    two spaces may be named in either order.
    """

    rule, steps, when = "power.swap", ("swap",), "the swap power is used when it is earned"
    when_rule = POWER_STEPS
    seat: int
    a: int
    b: int

    @staticmethod
    def legal(s: UmbrellaState) -> list[Swap]:
        seat, cells = s.active, s.cells[s.active]
        return [
            Swap(seat, a, b)
            for a in range(16)
            for b in NEIGHBOURS[a]
            if a < b and cells[a] != cells[b]
        ]

    def canonical(self, s: UmbrellaState) -> Swap:
        """The same swap with the lower space first (as the legal moves name it)."""
        return Swap(self.seat, self.b, self.a) if self.a > self.b else self

    def play(self, s: UmbrellaState) -> None:
        seat, a, b = self.seat, self.a, self.b
        cells = s.cells[seat]
        cells[a], cells[b] = cells[b], cells[a]
        s.due.pop(0)
        s.say(
            "power.swap",
            lambda: (
                f"{s.seat_name(seat)} swaps the umbrellas at {cell_words(a)} and {cell_words(b)}."
            ),
        )
        carry_on(s)

    def label(self, s: UmbrellaState) -> str:
        cells = s.cells[self.seat]
        return (
            f"{s.seat_name(self.seat)}: swap the {COLOURS[cells[self.a]]} umbrella at "
            f"{cell_words(self.a)} with the {COLOURS[cells[self.b]]} umbrella at "
            f"{cell_words(self.b)}"
        )

    def refusal(self, s: UmbrellaState) -> tuple[str, str]:
        if not (0 <= self.a < 16 and 0 <= self.b < 16) or self.b not in NEIGHBOURS[self.a]:
            return "only two umbrellas side by side in a row or column may be swapped", "power.swap"
        return "both umbrellas have the same colour: swapping them changes nothing", "power.swap"


def zone_swaps(s: UmbrellaState, seat: int, zone: int) -> list[tuple[int, int]]:
    """The zone swaps with Waiting Zone ``zone``: (colour, Stage space) pairs [power.swap-zone].

    Only swaps of two colours: an umbrella the zone holds with one of another colour.
    """
    held, cells = s.zones[zone], s.cells[seat]
    return [
        (colour, cell)
        for colour in range(4)
        if held[colour]
        for cell in range(16)
        if cells[cell] != colour
    ]


def swap_with_zone(s: UmbrellaState, seat: int, zone: int, colour: int, cell: int) -> None:
    """Swap an umbrella of ``colour`` from Waiting Zone ``zone`` with one of the Stage.

    The Stage's umbrella at ``cell`` goes to the zone; the power is used [power.swap-zone].
    """
    held, cells = s.zones[zone], s.cells[seat]
    old = cells[cell]
    held[colour] -= 1
    held[old] += 1
    cells[cell] = colour
    s.due.pop(0)
    s.say(
        "power.swap-zone",
        lambda: (
            f"{s.seat_name(seat)} swaps a {COLOURS[colour]} umbrella of {s.zone_phrase(zone)} "
            f"with the {COLOURS[old]} umbrella at {cell_words(cell)}."
        ),
    )
    carry_on(s)


def zone_swap_words(s: UmbrellaState, seat: int, colour: int, where: str, cell: int) -> str:
    """A zone swap in words, the zone named by ``where``, e.g. ``"side zone 1 (west)"``."""
    return (
        f"{s.seat_name(seat)}: swap a {COLOURS[colour]} umbrella of {where} with the "
        f"{COLOURS[s.cells[seat][cell]]} umbrella at {cell_words(cell)}"
    )


def zone_swap_refusal(s: UmbrellaState, zone: int, colour: int, where: str) -> tuple[str, str]:
    """Why a zone swap of a zone and Stage space that exist is refused [power.swap-zone]."""
    if not s.zones[zone][colour]:
        return f"there is no {COLOURS[colour]} umbrella in {where}", "power.swap-zone"
    return "that umbrella has the same colour: swapping changes nothing", "power.swap-zone"


class SwapZone(Move):
    """The zone power: swap an umbrella of a zone with one of your Stage [power.swap-zone].

    The zone is one of the four around your Stage: ``side`` names it as for a push; only swaps
    of two colours are offered.
    """

    rule, steps, when = (
        "power.swap-zone",
        ("swap-zone",),
        "the zone power is used when it is earned",
    )
    when_rule = POWER_STEPS
    seat: int
    side: Side
    colour: Colour
    cell: int

    @staticmethod
    def legal(s: UmbrellaState) -> list[SwapZone]:
        seat = s.active
        return [
            SwapZone(seat, side, colour, cell)
            for side, zone in enumerate(s.around[seat])
            for colour, cell in zone_swaps(s, seat, zone)
        ]

    def play(self, s: UmbrellaState) -> None:
        zone = s.around[self.seat][self.side]
        swap_with_zone(s, self.seat, zone, self.colour, self.cell)

    def label(self, s: UmbrellaState) -> str:
        where = zone_words(s, self.seat, self.side)
        return zone_swap_words(s, self.seat, self.colour, where, self.cell)

    def refusal(self, s: UmbrellaState) -> tuple[str, str]:
        side, colour = self.side, self.colour
        if not (0 <= side < 4 and 0 <= colour < 4 and 0 <= self.cell < 16):
            return "name a side, a colour (each 0 to 3) and a Stage space (0 to 15)", self.rule
        zone = s.around[self.seat][side]
        return zone_swap_refusal(s, zone, colour, zone_words(s, self.seat, side))


class SwapFarZone(Move):
    """The zone power with a zone away from your Stage (option swap_zone="any").

    The card says "a Waiting Zone": with swap_zone="any" any zone on the table may give the
    umbrella; ``zone`` numbers it as the table does (``UmbrellaState.zones``). The zones around
    your Stage keep the move ``SwapZone`` [power.swap-zone] [opt.swap_zone].
    """

    kind, rule, steps = "swap-far-zone", "power.swap-zone", ("swap-zone",)
    when = "the zone power is used when it is earned"
    when_rule = POWER_STEPS
    seat: int
    zone: int
    colour: Colour
    cell: int

    @staticmethod
    def legal(s: UmbrellaState) -> list[SwapFarZone]:
        if s.game.options["swap_zone"] != "any":
            return []
        seat = s.active
        around = s.around[seat]
        return [
            SwapFarZone(seat, zone, colour, cell)
            for zone in range(len(s.zones))
            if zone not in around
            for colour, cell in zone_swaps(s, seat, zone)
        ]

    def play(self, s: UmbrellaState) -> None:
        swap_with_zone(s, self.seat, self.zone, self.colour, self.cell)

    def label(self, s: UmbrellaState) -> str:
        where = s.zone_phrase(self.zone)
        return zone_swap_words(s, self.seat, self.colour, where, self.cell)

    def refusal(self, s: UmbrellaState) -> tuple[str, str]:
        if s.game.options["swap_zone"] != "any":
            return (
                "the zone swap uses one of the four zones around your Stage (option swap_zone)",
                "opt.swap_zone",
            )
        zone, colour = self.zone, self.colour
        if not (0 <= zone < len(s.zones) and 0 <= colour < 4 and 0 <= self.cell < 16):
            return (
                f"name a zone (0 to {len(s.zones) - 1}), a colour (0 to 3) and a Stage space "
                "(0 to 15)",
                self.rule,
            )
        if zone in s.around[self.seat]:
            return "a zone around your Stage is named by its side (the move swap-zone)", self.rule
        return zone_swap_refusal(s, zone, colour, s.zone_phrase(zone))


SKIP_WORDS = {"swap-adjacent": "swap two neighbours", "swap-zone": "swap with a zone"}
SKIP_RULE = {"swap-adjacent": "power.swap", "swap-zone": "power.swap-zone"}


class Skip(Move):
    """Leave a swap power unused [power.swap] [power.swap-zone]."""

    rule, steps, when = "power.swap", ("swap", "swap-zone"), "a power is skipped when it is earned"
    when_rule = POWER_STEPS
    seat: int
    power: PowerName

    @staticmethod
    def legal(s: UmbrellaState) -> list[Skip]:
        return [Skip(s.active, "swap-adjacent" if s.step == "swap" else "swap-zone")]

    def play(self, s: UmbrellaState) -> None:
        s.due.pop(0)
        s.say(self.rule_in(s), lambda: f"{s.seat_name(self.seat)} does not use the power.")
        carry_on(s)

    def label(self, s: UmbrellaState) -> str:
        return f"{s.seat_name(self.seat)}: do not use the power ({SKIP_WORDS[self.power]})"

    def rule_in(self, s: UmbrellaState) -> str:
        return SKIP_RULE.get(self.power, "board.powers")

    def refusal(self, s: UmbrellaState) -> tuple[str, str]:
        return "skip names the power waiting now", self.rule_in(s)


# --- 7. Solo --------------------------------------------------------------------------------


def solo_flip(s: UmbrellaState) -> bool:
    """Solo: a completed black tile is flipped and placed again, a white one discarded [solo.flip].

    Returns True while the player must choose a tile to cover.
    """
    code = s.held
    if code & 1 == WHITE:
        s.tile_discard.append(code)
        s.held = -1
        s.say("solo.flip", lambda: f"{s.tile_words(code)} was white: it is discarded.")
        return False
    s.held = code | WHITE
    s.say("solo.flip", lambda: f"{s.tile_words(code)} is flipped to its white side.")
    return not place_tile(s, s.active)


class Keep(Move):
    """Solo, play again: keep this turn's pushed-out umbrella on a zone you choose [solo.again]."""

    rule, steps = "solo.again", ("keep",)
    when = "in solo, the pushed-out umbrella is kept after a figure that earns play again"
    when_rule = "solo.again"
    seat: int
    side: Side

    @staticmethod
    def legal(s: UmbrellaState) -> list[Keep]:
        return [Keep(s.active, side) for side in range(4)]

    def play(self, s: UmbrellaState) -> None:
        zone, colour = s.around[self.seat][self.side], s.ejected
        s.discard[colour] -= 1
        s.zones[zone][colour] += 1
        s.due.pop(0)
        s.say(
            "solo.again",
            lambda: (
                f"Play again: the pushed-out {COLOURS[colour]} umbrella is kept on "
                f"{s.zone_phrase(zone)} instead of being discarded."
            ),
        )
        s.ejected = -1
        carry_on(s)

    def label(self, s: UmbrellaState) -> str:
        return (
            f"{s.seat_name(self.seat)}: keep the pushed-out {COLOURS[s.ejected]} umbrella on "
            f"{zone_words(s, self.seat, self.side)}"
        )

    def refusal(self, s: UmbrellaState) -> tuple[str, str]:
        return "no pushed-out umbrella is waiting to be kept", "solo.again"


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
    visible = visible_colours(s, 0)
    for space, stack in enumerate(s.spaces[0]):
        if not stack:
            continue
        size = s.tables.cells[stack[-1]]
        angle = s.pinwheel[0][space]
        for colour in range(4):
            if have[colour] >= size and any(
                spot.colours >> colour & 1
                if spot.white < 0
                else spot.white == angle and visible >> colour & 1
                for spot in free
            ):
                return False
    return True


class Stop(Move):
    """Solo: declare that no figure can be made any more; the game ends [opt.solo_end].

    Only with the option solo_end='concede', at the start of a turn [solo.end].
    """

    rule, steps, when = (
        "opt.solo_end",
        ("push",),
        "a solo game is declared over at the start of a turn",
    )
    when_rule = "solo.end"
    seat: int

    @staticmethod
    def legal(s: UmbrellaState) -> list[Stop]:
        return [Stop(s.active)] if s.solo and s.game.options["solo_end"] == "concede" else []

    def play(self, s: UmbrellaState) -> None:
        s.say("opt.solo_end", lambda: "The player declares that no figure can be made any more.")
        finish(s, "the player declared that no figure can be made any more")

    def label(self, s: UmbrellaState) -> str:
        return f"{s.seat_name(self.seat)}: declare that no figure can be made any more"

    def refusal(self, s: UmbrellaState) -> tuple[str, str]:
        if not s.solo:
            return "only the solo game can be declared over", "solo.end"
        return (
            "the engine itself ends the solo game when no figure is possible "
            "(option solo_end='count')"
        ), "opt.solo_end"


MOVES = (Push, PushAny, Stop, Score, Decline, Pass, Cover, Swap, SwapZone, SwapFarZone, Skip, Keep)
"""The move kinds of Umbrella, in the order the legal moves are listed (only the kinds of the
step being decided have legal moves at any moment)."""

__all__ = [  # (the table's names are state.py's; these are read from here too)
    "EAST",
    "MOVES",
    "NORTH",
    "SOLO_ZONE_ROLE",
    "SOUTH",
    "STEP_RULE",
    "TOKEN_POINTS",
    "WEST",
    "ZONE_ROLE",
    "Cover",
    "Decline",
    "Keep",
    "Pass",
    "Push",
    "PushAny",
    "Score",
    "Skip",
    "Stop",
    "Swap",
    "SwapFarZone",
    "SwapZone",
    "UmbrellaState",
    "figure_masks",
    "setup",
    "turned",
]
