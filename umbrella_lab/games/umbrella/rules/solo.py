"""Umbrella, 7. Solo [solo.*]: the two moves only a solo game has.

``Keep``: play again keeps the pushed-out umbrella on a zone the player chooses [solo.again].
``Stop``: with solo_end="concede" the player declares that no figure can be made any more
[opt.solo_end]. The other solo rules change a step of the turn and are in its module: the table
[solo.setup] [solo.figures] [solo.tokens] in ``setup.py``, the discarded umbrella
[solo.discard] in ``push.py``, the flipped tile [solo.flip] in ``figures.py``, the end and the
score [solo.end] [solo.score] [solo.achievement] in ``end.py``.
"""

from __future__ import annotations

from umbrella_lab.engine.moves import Move
from umbrella_lab.games.umbrella.pieces import COLOURS
from umbrella_lab.games.umbrella.rules.end import finish
from umbrella_lab.games.umbrella.rules.figures import carry_on
from umbrella_lab.games.umbrella.rules.naming import Side
from umbrella_lab.games.umbrella.rules.push import zone_words
from umbrella_lab.games.umbrella.state import UmbrellaState

# --- 7. Solo --------------------------------------------------------------------------------------


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
