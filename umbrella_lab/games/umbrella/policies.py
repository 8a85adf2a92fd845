"""Ready-made players for Umbrella.

A policy here is a *fast policy*: a function ``(state, rng) -> move`` that may call
``state.legal_moves()`` for the legal moves (the form simulations use, see
:mod:`umbrella_lab.engine.play`).

* ``random`` plays a random legal move, with one exception: when a push makes a figure it can
  score, it takes such a push (chosen at random). A player who pushes blindly seldom makes a
  figure of four or five umbrellas (games of 500 pushes, 2,000 with figures in place), so even
  the baseline player looks at the figures one push ahead.
* ``greedy`` looks one push ahead at every push it may make: a figure it can score comes first,
  then how close each visible figure gets to being made, then the umbrellas in its personal zone
  (each costs a point at the end). It places tokens where they complete groups or neighbours,
  passes the harder side of a tile in the 2-player game, covers its least promising figure, and
  uses the swap powers when they bring a figure closer. One push in ten without a figure in reach
  is random, so that two greedy players never push the same umbrellas to and fro for ever.

Simulations spend most of their time choosing pushes, so the push (which pushes make a
figure, and how close each push brings the figures), the token spot and the tile side are
worked out by ``fast.py`` with bit masks and tables made once per game; the choices in words
are in its functions' docstrings. The other choices (cover, swaps) are written here.

>>> import random, umbrella_lab as ul
>>> from umbrella_lab.engine.play import play_out
>>> final = play_out(ul.load("umbrella", players=2).deal(3), greedy, random.Random(3))
>>> final.is_over, len(final.result.scores)
(True, 2)
"""

from __future__ import annotations

import random

from umbrella_lab.engine.moves import Move
from umbrella_lab.games.umbrella import fast
from umbrella_lab.games.umbrella.fast import making_pushes
from umbrella_lab.games.umbrella.rules import (
    Cover,
    Skip,
    Swap,
    SwapFarZone,
    SwapZone,
    UmbrellaState,
    board_bonus,
    colour_masks,
)

EXPLORE = 0.1
"""How often ``greedy`` pushes at random when no push makes a figure: two greedy players can
otherwise push the same umbrellas to and fro for ever."""


def _figures(s: UmbrellaState, seat: int) -> list[tuple[int, tuple[int, ...], int, int]]:
    """The visible figures the seat could still score: (space, masks, size, colour mask)."""
    masks, cells = s.tables.masks, s.tables.cells
    return [
        (space, masks[code][turn], cells[code], ok)
        for space, code, turn, ok in fast.scorable(s, seat)
    ]


def random_move(state: UmbrellaState, rng: random.Random) -> Move:
    """A random legal move, but a push that makes a scorable figure when there is one."""
    if state.step == "push":
        return fast.random_push(state, rng)
    moves = state.legal_moves()
    return moves[rng.randrange(len(moves))]


def greedy(state: UmbrellaState, rng: random.Random) -> Move:
    """One push ahead: make a figure if possible, else bring figures closer.

    It also keeps the personal zone small and makes sensible choices for tokens, tiles and
    powers: the push is :func:`fast.best_push`'s, the token spot :func:`fast.best_spot`'s and
    the tile side :func:`fast.pass_side`'s.
    """
    step = state.step
    if step == "push":
        return fast.best_push(state, state.active, rng, EXPLORE)
    if step == "score":
        return fast.best_spot(state, state.active, _spot_value)
    if step == "pass":
        return fast.pass_side(state, state.active)
    return _decide(state)


def _decide(state: UmbrellaState) -> Move:
    """The greedy player's choices other than the push, the token spot and the tile side."""
    step = state.step
    seat = state.to_act
    assert seat is not None
    if step == "cover":
        return _cover(state, seat)
    if step in ("swap", "swap-zone"):
        return _best_swap(state, seat)
    return state.legal_moves()[0]


def _progress(stage: list[int], figures: list[tuple[int, tuple[int, ...], int, int]]) -> float:
    """How close the figures are to being made.

    For each figure: the best share of its spaces in one colour it can still score, squared
    (1.0 for a figure made); summed over the figures.
    """
    total = 0.0
    for _, masks, size, ok in figures:
        best = 0
        for colour in range(4):
            if ok >> colour & 1:
                have = stage[colour]
                for mask in masks:
                    got = (have & mask).bit_count()
                    if got > best:
                        best = got
        total += (best / size) ** 2
    return total


def _spot_value(s: UmbrellaState, seat: int, spot: int) -> float:
    """Scoreboard points after a token on ``spot``, plus a little for what it prepares."""
    face = s.faces[seat]
    after = s.filled[seat] | 1 << spot
    value = float(board_bonus(s, seat, after))
    group = face.spots[spot].group
    if group >= 0:
        members = face.groups[group][1]
        value += 0.3 * sum(after >> i & 1 for i in members) / len(members)
    value += 0.2 * sum(after >> i & 1 for i in face.neighbours[spot])
    for _, a, b in face.powers:
        if spot in (a, b):
            value += 1.0 if after >> a & 1 and after >> b & 1 else 0.3
    return value


def _tile_progress(s: UmbrellaState, seat: int, code: int, space: int) -> float:
    masks = s.tables.masks[code][s.pinwheel[seat][space] // 90]
    return _progress(colour_masks(s.cells[seat]), [(space, masks, s.tables.cells[code], 15)])


def _cover(s: UmbrellaState, seat: int) -> Move:
    """Cover the figure that is furthest from being made."""
    space = min(range(4), key=lambda k: (_tile_progress(s, seat, s.spaces[seat][k][-1], k), k))
    return Cover(seat, space)


def _best_swap(s: UmbrellaState, seat: int) -> Move:
    """The swap that brings the visible figures closest; skip if none helps."""
    figures = _figures(s, seat)
    cells = s.cells[seat]
    now = _progress(colour_masks(cells), figures)
    best, best_value = None, now + 1e-9
    for move in s.legal_moves():
        trial = cells[:]
        if isinstance(move, Swap):
            trial[move.a], trial[move.b] = trial[move.b], trial[move.a]
        elif isinstance(move, (SwapZone, SwapFarZone)):
            trial[move.cell] = move.colour
        else:
            continue
        value = _progress(colour_masks(trial), figures)
        if value > best_value:
            best, best_value = move, value
    if best is not None:
        return best
    return Skip(seat, "swap-adjacent" if s.step == "swap" else "swap-zone")


POLICIES = {"random": random_move, "greedy": greedy}
HEURISTIC = "greedy"
"""The policy the kit's tools use when asked for this game's "heuristic" player."""

__all__ = [
    "HEURISTIC",
    "POLICIES",
    "greedy",
    "making_pushes",
    "random_move",
]
