"""Umbrella, 2. Setup [setup.*], and the solo table [solo.setup] [solo.figures] [solo.tokens].

The table itself (``UmbrellaState``, the rulebook's numbers and the geometry of a Stage) is in
``../state.py``. :func:`setup` lays it out in the rulebook's order: the Stages [setup.stage], the
Waiting Zones [setup.zones] [setup.two-players], the Figure tiles [setup.figures], the scoring
tokens [setup.tokens], the Scoreboards [setup.scoreboard] and the first player [setup.first].
The solo game changes three of them: 20 shuffled umbrellas on the four zones, stacks of 3 tiles
black side up, and its own number of tokens. This module imports none of the others.
"""

from __future__ import annotations

from umbrella_lab.engine.core import Game
from umbrella_lab.games.umbrella.state import (
    BLACK,
    SCORING_TOKENS,
    SOLO_STACK_HEIGHT,
    SOLO_UMBRELLAS_PER_COLOUR,
    STACK_HEIGHT,
    STACKS,
    SUPPLY,
    UMBRELLAS_PER_COLOUR,
    UmbrellaState,
    tables,
)

# --- 2. Setup -------------------------------------------------------------------------------------


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
