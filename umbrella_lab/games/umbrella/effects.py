"""The level-4 powers of Umbrella, one small function each, keyed by the name the data uses.

A level-4 Scoreboard prints a power between two spots (``data/scoreboards.toml``,
``[[power]]``, field ``power``). Filling both spots earns it [board.powers]; the rules then call
its effect here, at once, before the tile is passed (``carry_on``, in ``rules/figures.py``). Each
effect returns True when the player must now decide something (the rules' move kinds ``Swap``,
``SwapZone``, ``Skip`` and ``Keep`` are those decisions), False when it is done.

The data loader accepts only the powers named in :data:`EFFECTS`, and a data test checks that
every power the packaged Scoreboards print is here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from umbrella_lab.engine.effects import effect
from umbrella_lab.games.umbrella.pieces import EFFECTS

if TYPE_CHECKING:
    from umbrella_lab.games.umbrella.state import UmbrellaState


@effect(EFFECTS, "play-again", rule="power.again")
def play_again(s: UmbrellaState) -> bool:
    """Circular arrow: the player plays a new turn after this one [power.again].

    In solo it keeps the umbrella pushed out this turn instead [solo.again]: the player chooses
    the zone it goes to (the move ``Keep``).
    """
    if s.solo:
        s.step = "keep"
        return True
    s.due.pop(0)
    s.extra_turn = True
    s.say("power.again", lambda: f"{s.seat_name(s.active)} will play again after this turn.")
    return False


@effect(EFFECTS, "swap-adjacent", rule="power.swap")
def swap_adjacent(s: UmbrellaState) -> bool:
    """Left-right arrow: the player may swap two neighbouring umbrellas of the Stage [power.swap].

    The choice is the move ``Swap``, or ``Skip`` to leave the Stage as it is.
    """
    s.step = "swap"
    return True


@effect(EFFECTS, "swap-zone", rule="power.swap-zone")
def swap_zone(s: UmbrellaState) -> bool:
    """Curved arrow: the player may swap an umbrella of a zone with one of the Stage.

    [power.swap-zone] The choice is the move ``SwapZone``, or ``Skip``.
    """
    s.step = "swap-zone"
    return True


__all__ = ["EFFECTS", "play_again", "swap_adjacent", "swap_zone"]
