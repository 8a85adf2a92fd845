"""Umbrella, 3. A turn [turn.*]: take an umbrella and push it in.

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

The moves: ``Push`` (from a zone around your Stage [turn.take] [turn.push]; an empty zone
offers nothing [turn.empty-zone]) and ``PushAny`` (any zone, when those four are empty
[turn.all-empty]). :func:`slide` moves the umbrellas (in solo the pushed-out one is discarded
[solo.discard]); then a figure may be scored (``figures.py``), else the turn ends (``end.py``).
Here too, the words for a zone, a line and a Stage space that the powers and the solo moves
share.
"""

from __future__ import annotations

from umbrella_lab.engine.moves import Move
from umbrella_lab.games.umbrella.pieces import COLOURS
from umbrella_lab.games.umbrella.rules.end import end_turn
from umbrella_lab.games.umbrella.rules.figures import scoring_offers
from umbrella_lab.games.umbrella.rules.naming import Colour, Side
from umbrella_lab.games.umbrella.state import COMPASS, LINES, OPPOSITE, UmbrellaState

# --- 3. A turn: take an umbrella and push it in ---------------------------------------------------


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
