"""Umbrella, 6. Scoreboards [board.*]: what a white square takes, and what a Scoreboard earns.

A white square takes a figure of any colour [board.white], or with white_squares="visible" only
one of a colour still visible on the Scoreboard [opt.white_squares] (:func:`visible_colours`,
which the figures and the solo end read). At the end a Scoreboard earns its groups [board.groups]
or its groups of neighbouring tokens [board.adjacency]: the points are counted in
``../state.py`` (``board_bonus``), and said here (:func:`say_board_bonus`). A bicolour spot
[board.bicolour] is a figure's spot like any other (``figures.py``); the level-4 powers
[board.powers] are in ``powers.py``. This module imports none of the others.
"""

from __future__ import annotations

from umbrella_lab.engine.words import plural
from umbrella_lab.games.umbrella.state import UmbrellaState, board_bonus, token_groups

# --- 6. Scoreboards -------------------------------------------------------------------------------


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
