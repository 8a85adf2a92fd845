"""Umbrella, 6. Scoreboards: the level-4 powers [board.powers] [power.*], the choices they open.

Filling both spots round a power earns it; its effect acts at once (``../effects.py``, called
from ``figures.carry_on``). Play again [power.again] needs no choice (in solo it is the move
``Keep``, ``solo.py``); the swaps do: ``Swap`` (two neighbouring umbrellas of your Stage
[power.swap]), ``SwapZone`` (an umbrella of a zone around your Stage with one of the Stage
[power.swap-zone]), ``SwapFarZone`` (any other zone, with swap_zone="any" [opt.swap_zone]) and
``Skip`` (the power left unused). After the choice the turn carries on (``figures.py``).
"""

from __future__ import annotations

from types import MappingProxyType

from umbrella_lab.engine.moves import Move
from umbrella_lab.games.umbrella.pieces import COLOURS
from umbrella_lab.games.umbrella.rules.figures import carry_on
from umbrella_lab.games.umbrella.rules.naming import Colour, PowerName, Side
from umbrella_lab.games.umbrella.rules.push import cell_words, zone_words
from umbrella_lab.games.umbrella.state import NEIGHBOURS, UmbrellaState

# --- 6. The level-4 powers ------------------------------------------------------------------------


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
