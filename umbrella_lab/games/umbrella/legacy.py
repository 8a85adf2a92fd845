"""Action ids in the older numeric format, read as today's moves.

Records and sessions saved before the moves had named fields wrote every action as
``kind/seat/a/b``, with two values packed into one number where a move needed more than two:

==============  ===========================  =====================================
old kind        ``a``                        ``b``
==============  ===========================  =====================================
push            side * 4 + colour            line
push-any        zone * 4 + colour            side * 4 + line
score           Figure space                 spot (its index on the face)
decline         -1                           -1
pass            tile side (0 black, 1 white) -1
cover           Figure space                 -1
swap            a Stage space                a neighbouring Stage space
swap-zone       side * 4 + colour            Stage space
skip            1 (swap two neighbours),     -1
                2 (swap with a zone)
keep            side                         -1
stop            -1                           -1
==============  ===========================  =====================================

>>> import umbrella_lab as ul
>>> state = ul.load("umbrella", players=2).new(seed=3)
>>> read_old_key(state, ("push", 0, 14, 2))
Push(seat=0, side=3, colour=2, line=2)
>>> state.parse_action("push/0/14/2").id
'push/0/west/green/2'
"""

from __future__ import annotations

from typing import Any

from umbrella_lab.engine.moves import Move
from umbrella_lab.games.umbrella.rules import (
    Cover,
    Decline,
    Keep,
    Pass,
    Push,
    PushAny,
    Score,
    Skip,
    Stop,
    Swap,
    SwapZone,
)

_SKIPPED = {1: "swap-adjacent", 2: "swap-zone"}


def read_old_key(state: Any, key: tuple) -> Move | None:
    """The move an old key ``(kind, seat, a, b)`` meant, or ``None`` if it meant none."""
    if len(key) != 4:
        return None
    kind, seat, a, b = key
    match kind:
        case "push":
            side, colour = divmod(a, 4)
            return Push(seat, side, colour, b)
        case "push-any":
            zone, colour = divmod(a, 4)
            side, line = divmod(b, 4)
            return PushAny(seat, zone, colour, side, line)
        case "score":
            return Score(seat, a, b)
        case "decline":
            return Decline(seat)
        case "pass":
            return Pass(seat, a)
        case "cover":
            return Cover(seat, a)
        case "swap":
            return Swap(seat, a, b)
        case "swap-zone":
            side, colour = divmod(a, 4)
            return SwapZone(seat, side, colour, b)
        case "skip":
            return Skip(seat, _SKIPPED[a]) if a in _SKIPPED else None
        case "keep":
            return Keep(seat, a)
        case "stop":
            return Stop(seat)
    return None
