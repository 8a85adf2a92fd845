"""How the ready-made players choose a push, a token spot and a tile side, worked out fast.

Simulations spend most of their time choosing pushes, so these choices are worked out with bit
masks and with tables made once per game; each function's docstring says the choice in words:

* :func:`making_pushes`: the pushes after which a figure can be scored;
* :func:`random_push`: the random player's push;
* :func:`best_push`: the greedy player's push (a figure if it can, else the push that brings
  its figures closest);
* :func:`best_spot` and :func:`pass_side`: the greedy player's token spot and tile side.

How it is worked out:

* a figure's masks come with what each of the 16 line pushes (``j = side * 4 + line``) does to
  them, worked out once per game: ``L``, the figure's spaces on the line; ``P``, the spaces the
  umbrellas landing on them come from (the space before each on the line); and whether the
  umbrella pushed in lands on the figure. After push ``j`` the figure has
  ``count - |S & L| + |S & P|`` spaces of the colour whose spaces are ``S``, in one ``&`` each
  instead of a walk along the line;
* a push changes one line only, so a figure can be made in colour ``k`` only if all its spaces
  not yet of colour ``k`` lie on one line (:data:`_HOLDING` lists the pushes along it); the
  push must then bring colour ``k`` to each of them;
* the pushes that make a figure and each figure's best placement are found in one pass;
* which colours a seat may still score is kept per Scoreboard and set of filled spots.

The moves themselves are the rules' own: a random choice among pushes is made from
``state.legal_moves()``, in its order.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from umbrella_lab.engine.moves import Move
from umbrella_lab.games.umbrella.rules import (
    LINES,
    NORTH,
    SOUTH,
    Pass,
    Push,
    Score,
    Stop,
    UmbrellaState,
)

_ALL = tuple(range(16))
ENTERS = 1 << 16
"""A flag beside a set of Stage spaces: the umbrella pushed in lands on the figure."""


@cache
def _effects(mask: int) -> tuple[tuple[Any, ...], tuple[tuple[int, int, int, bool], ...]]:
    """What each of the 16 line pushes does to the figure ``mask`` (once per mask).

    Returns ``per_push`` (for each push ``j``: None if it does not touch the figure, else ``P``,
    plus ``ENTERS`` when the umbrella pushed in lands on the figure) and ``touched`` (``(j, L,
    P, enters)`` for the pushes that touch it): see the module docstring.
    """
    per_push: list[Any] = [None] * 16
    touched = []
    for j in range(16):
        line = LINES[j >> 2][j & 3]
        spaces = landed = 0
        for i, cell in enumerate(line):
            if mask >> cell & 1:
                spaces |= 1 << cell
                if i:
                    landed |= 1 << line[i - 1]
        if spaces:
            enters = bool(mask >> line[0] & 1)
            touched.append((j, spaces, landed, enters))
            per_push[j] = landed | ENTERS if enters else landed
    return tuple(per_push), tuple(touched)


def _lines_holding() -> dict[int, tuple[int, ...]]:
    """For every set of spaces that fits in one row or column: the pushes along that line."""
    holding: dict[int, list[int]] = {}
    for j in range(16):
        line = sum(1 << cell for cell in LINES[j >> 2][j & 3])
        subset = line
        while subset:
            holding.setdefault(subset, []).append(j)
            subset = (subset - 1) & line
    return {mask: tuple(pushes) for mask, pushes in holding.items()}


_HOLDING = _lines_holding()
_COLOURS_IN = tuple(tuple(c for c in range(4) if bits >> c & 1) for bits in range(16))
"""The colours of each set of colours (a bit mask), in order."""
_CHANGE = tuple(
    tuple(
        tuple(new * new / (size * size) - count * count / (size * size) for new in range(size + 1))
        for count in range(size + 1)
    )
    for size in range(1, 17)
)
"""``_CHANGE[size - 1][count][new]``: how much a figure's score moves when its best count goes from
``count`` to ``new`` (the readable version's ``after - before``, the very same float)."""
_BONUS = tuple(
    tuple(((new + 1) * (new + 1) - new * new) / (size * size) for new in range(size + 1))
    for size in range(1, 17)
)
"""``_BONUS[size - 1][new]``: the readable version's bonus for the umbrella pushed in."""


class _Tables:
    """What the fast push needs of a game, worked out once (kept in ``game.extra``).

    Attributes:
        figures: ``figures[code][turn]``: ``(masks, size, per_push, touched)``: the placement
            masks of that figure, its number of spaces, and for each mask what each push does
            to it: ``per_push[i][j]`` is None when push ``j`` does not touch mask ``i``, else
            ``P`` (the spaces the landing umbrellas come from), plus ``ENTERS`` when the
            umbrella pushed in lands on the figure; ``touched[i]`` lists ``(j, L, P, enters)``
            for the pushes that touch it.
        free: Per Scoreboard face and filled spots, the colours still scorable and the white
            squares' orientations (:func:`scorable`).
        spot_values: Per Scoreboard face, filled spots and spot, the greedy player's value of a
            token there (``policies._spot_value``).
    """

    def __init__(self, masks: tuple[tuple[tuple[int, ...], ...], ...]) -> None:
        self.figures = tuple(
            tuple(
                (
                    placements,
                    placements[0].bit_count(),
                    tuple(_effects(mask)[0] for mask in placements),
                    tuple(_effects(mask)[1] for mask in placements),
                )
                for placements in turns
            )
            for turns in masks
        )
        self.free: dict[tuple[int, int], tuple[int, int]] = {}
        self.spot_values: dict[tuple[int, int, int], float] = {}


def _tables(s: UmbrellaState) -> _Tables:
    found = s.game.extra.get("umbrella.fast")
    if found is None:
        found = s.game.extra["umbrella.fast"] = _Tables(s.tables.masks)
    return found


def _free(tables: _Tables, face: Any, filled: int) -> tuple[int, int]:
    """The colours of the free coloured spots and the orientations of the free white squares."""
    key = (id(face), filled)
    found = tables.free.get(key)
    if found is None:
        colours, white = 0, 0
        for i, spot in enumerate(face.spots):
            if not filled >> i & 1:
                if spot.white >= 0:
                    white |= 1 << (spot.white // 90)
                else:
                    colours |= spot.colours
        found = tables.free[key] = (colours, white)
    return found


def scorable(s: UmbrellaState, seat: int) -> list[tuple[int, int, int, int]]:
    """The visible figures the seat could still score: (space, tile, quarter turns, colours).

    A figure on top of a Stage space counts while a token is left to score it (the supply, and
    the reserve once the end is triggered); ``colours`` is the mask of the colours that a free
    spot of the seat's Scoreboard takes for it (a white square takes any colour, or only those
    of the free coloured spots [opt.white_squares]). No figure is listed where none fits.
    """
    if s.supply + (s.reserve if s.trigger else 0) <= 0:
        return []
    colours, white = _free(_tables(s), s.faces[seat], s.filled[seat])
    any_colour = s.game.options["white_squares"] == "any"
    pinwheel = s.pinwheel[seat]
    found = []
    for space, stack in enumerate(s.spaces[seat]):
        if stack:
            turn = pinwheel[space] // 90
            ok = (15 if any_colour else colours) if white >> turn & 1 else colours
            if ok:
                found.append((space, stack[-1], turn, ok))
    return found


def _survey(s: UmbrellaState, seat: int) -> tuple[int, list[Any], list[int], list[int]]:
    """What a push can do for the seat's figures.

    Returns ``found`` (bit ``j * 4 + colour`` set when pushing that colour along push ``j``
    makes a figure the seat can score: :func:`making_pushes`), each figure's target (the
    placement and colour with the most spaces right already), the Stage as one mask per colour,
    and for each side the colours its zone holds (a mask).
    """
    tables = _tables(s)
    shapes = tables.figures
    figures = [(shapes[code][turn], ok) for _, code, turn, ok in scorable(s, seat)]
    stage = [0, 0, 0, 0]
    bit = 1
    for colour in s.cells[seat]:
        stage[colour] |= bit
        bit <<= 1
    zones = s.zones
    available = []
    for zone in s.around[seat]:
        held = zones[zone]
        available.append(
            (held[0] > 0) | (held[1] > 0) << 1 | (held[2] > 0) << 2 | (held[3] > 0) << 3
        )

    # One pass over every figure, colour and placement: the pushes that make it, and the best.
    found = 0
    targets = []
    holding = _HOLDING
    for (masks, size, per_push, touched), ok in figures:
        count, target, target_colour = -1, 0, 0
        for k in _COLOURS_IN[ok]:
            other = 0xFFFF ^ stage[k]  # the spaces not of colour k
            for i, mask in enumerate(masks):
                missing = mask & other
                got = size - missing.bit_count()
                if got > count:
                    count, target, target_colour = got, i, k
                if missing:
                    pushes = holding.get(missing)
                    if pushes is None:
                        continue
                else:
                    pushes = _ALL
                effects = per_push[i]
                for j in pushes:
                    cols = available[j >> 2]
                    if cols:
                        effect = effects[j]
                        if effect is None:
                            found |= cols << (j * 4)
                        elif not effect & other:
                            found |= ((1 << k) & cols if effect & ENTERS else cols) << (j * 4)
        targets.append((touched[target], target_colour, count, size))
    return found, targets, stage, available


def _bits(found: int) -> list[int]:
    """The set bits of ``found``, lowest first."""
    bits = []
    while found:
        low = found & -found
        found ^= low
        bits.append(low.bit_length() - 1)
    return bits


def _push(seat: int, bit: int) -> Push:
    """The push of bit ``j * 4 + colour`` (``j = side * 4 + line``)."""
    return Push(seat, bit >> 4, bit & 3, bit >> 2 & 3)


def making_pushes(s: UmbrellaState, seat: int) -> list[Push]:
    """Every ordinary push after which a visible figure can be scored [figure.match].

    Only figures in a colour the seat can still score count [figure.full-colour]. They are
    found without trying each push (see the module docstring), in the order of push ``j`` then
    colour.
    """
    found = _survey(s, seat)[0]
    return [_push(seat, bit) for bit in _bits(found)]


def random_push(s: UmbrellaState, rng: random.Random) -> Any:
    """The random player's push: one that makes a figure if there is one, else any legal move.

    Each push that makes a figure is as likely (:func:`making_pushes`); without one, each legal
    move is. While the zones around the Stage hold umbrellas, the legal moves are the pushes
    from them (``Push.legal``, the rules' own list; pushes from any zone only once those are
    empty [turn.all-empty]), unless the solo player may also stop [opt.solo_end].
    """
    seat = s.active
    found, _, _, available = _survey(s, seat)
    if found:
        bits = _bits(found)
        return _push(seat, bits[rng.randrange(len(bits))])
    held = available[0] | available[1] << 4 | available[2] << 8 | available[3] << 12
    moves: Sequence[Move] = Push.listed(seat, held)  # what Push.legal(s) lists
    if not moves or Stop.legal(s):
        moves = s.legal_moves()
    return moves[rng.randrange(len(moves))]


def best_push(s: UmbrellaState, seat: int, rng: random.Random, explore: float) -> Move:
    """A push that makes a figure if there is one, else the one that brings figures closest.

    * Among pushes that make a figure, the one best for the personal zone (ties by a draw): a
      push from it (south) takes an umbrella away (+1, or +3 for its last, which earns the
      empty-zone bonus), one from the central zone (north) drops one into it (-1, or -3 into
      an empty zone) [end.score].
    * Else, one push in ``explore`` is any legal move, so that two players never push the same
      umbrellas to and fro.
    * Else each figure is judged in its most advanced colour and placement: a push's value is
      ten times how much it raises the figures' squared shares of spaces right (with the
      umbrella pushed in, when it lands on a figure, counted in its colour), plus its value
      for the personal zone, plus a draw below 0.01 to break ties.
    """
    found, targets, stage, available = _survey(s, seat)
    zones = s.zones
    waiting = 0 if s.solo else sum(zones[s.around[seat][SOUTH]])
    personal = [0.0, 0.0, 0.0, 0.0]
    if not s.solo:
        personal[SOUTH] = 3.0 if waiting == 1 else 1.0
        personal[NORTH] = -3.0 if waiting == 0 else -1.0
    if found:  # as max(making, key=(personal value, a draw)): the first largest key wins
        best_key: tuple[float, float] = (-1e9, 0.0)
        for bit in _bits(found):
            key = (personal[bit >> 4], rng.random())
            if key > best_key:
                best_key, best = key, bit
        return _push(seat, best)
    if rng.random() < explore:
        moves = s.legal_moves()
        return moves[rng.randrange(len(moves))]

    # For each push j, how much it brings every target closer, by the colour pushed in: each
    # target adds the same change to the four colours, and a bonus to its own colour when the
    # umbrella pushed in lands on it (added in the order of the readable version).
    gains: list[Any] = [None] * 16
    for touched, colour, count, size in targets:
        changes = _CHANGE[size - 1][count]
        bonus = _BONUS[size - 1]
        have = stage[colour]
        for j, spaces, landed, enters in touched:
            new = count - (have & spaces).bit_count() + (have & landed).bit_count()
            change = changes[new]
            g = gains[j]
            if g is None:
                gains[j] = g = [change, change, change, change]
            else:
                g[0] += change
                g[1] += change
                g[2] += change
                g[3] += change
            if enters:
                g[colour] += bonus[new]
    best, best_value = -1, -1e9
    draw = rng.random
    for j in range(16):
        side = j >> 2
        cols = available[side]
        if cols:
            g = gains[j]
            mine = personal[side]
            for colour in _COLOURS_IN[cols]:
                value = (10.0 * g[colour] + mine if g else mine) + draw() * 0.01
                if value > best_value:
                    best, best_value = j * 4 + colour, value
    if best < 0:  # all four zones empty [turn.all-empty]: any push will do
        moves = s.legal_moves()
        return moves[rng.randrange(len(moves))]
    return _push(seat, best)


def best_spot(s: UmbrellaState, seat: int, spot_value: Callable[..., float]) -> Score:
    """The offered spot of most ``spot_value`` for a token (the first space on a tie).

    Each spot's value is kept per game.

    ``spot_value(s, seat, spot)`` depends only on the Scoreboard face, its filled spots and the
    game's options, so it is worked out once for each of them.
    """
    values = _tables(s).spot_values
    face, filled = s.faces[seat], s.filled[seat]

    def value(spot: int) -> float:
        key = (id(face), filled, spot)
        found = values.get(key)
        if found is None:
            found = values[key] = spot_value(s, seat, spot)
        return found

    space, spot = max(s.offers, key=lambda offer: (value(offer[1]), -offer[0]))
    return Score(seat, space, spot)


def pass_side(s: UmbrellaState, seat: int) -> Pass:
    """The tile side to pass: the one further from being made on the receiver's Stage.

    Judged at the receiver's first empty space (else the first), by the best share of the
    side's spaces already in one colour, squared.
    """
    receiver = (seat + 1) % s.players
    stacks = s.spaces[receiver]
    space = next((k for k in range(4) if not stacks[k]), 0)
    turn = s.pinwheel[receiver][space] // 90
    stage = [0, 0, 0, 0]
    bit = 1
    for colour in s.cells[receiver]:
        stage[colour] |= bit
        bit <<= 1
    tile = s.held >> 1
    progress = []
    for side in (0, 1):
        code = tile * 2 + side
        best = 0
        for have in stage:
            for mask in s.tables.masks[code][turn]:
                got = (have & mask).bit_count()
                if got > best:
                    best = got
        progress.append(((best / s.tables.cells[code]) ** 2, side))
    return Pass(seat, min(progress)[1])
