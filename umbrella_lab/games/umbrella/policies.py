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

Simulations spend most of their time in the greedy player's push, so its push, token spot and
tile side are found by fast twins (``fast.py``) that choose exactly what the readable functions
here choose, from the same random draws; ``greedy_plain`` plays the readable functions only,
and the tests play thousands of games both ways.

>>> import random, umbrella_lab as ul
>>> from umbrella_lab.engine.play import play_out
>>> final = play_out(ul.load("umbrella", players=2).deal(3), greedy, random.Random(3))
>>> final.is_over, len(final.result.scores)
(True, 2)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from umbrella_lab.engine.moves import Move
from umbrella_lab.games.umbrella import fast
from umbrella_lab.games.umbrella.rules import (
    LINES,
    NORTH,
    SOUTH,
    Cover,
    Pass,
    Push,
    Score,
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

# For each line push j = side * 4 + line: the mask of the line's spaces.
_LINE_MASK = tuple(sum(1 << cell for cell in LINES[j >> 2][j & 3]) for j in range(16))
_TOUCH: dict[int, tuple[tuple[int, ...], ...]] = {}


def _touch(mask: int) -> tuple[tuple[int, ...], ...]:
    """How each push changes a figure's spaces (cached by mask).

    For each push j (side * 4 + line): for each of the figure's spaces on that line, where the
    umbrella that lands there comes from: the old space, or -1 for the umbrella pushed in.
    Empty for a push along a line the figure does not touch.
    """
    found = _TOUCH.get(mask)
    if found is None:
        by_push = []
        for j in range(16):
            line = LINES[j >> 2][j & 3]
            by_push.append(
                tuple(-1 if i == 0 else line[i - 1] for i in range(4) if mask >> line[i] & 1)
            )
        found = _TOUCH[mask] = tuple(by_push)
    return found


def _figures(s: UmbrellaState, seat: int) -> list[tuple[int, tuple[int, ...], int, int]]:
    """The visible figures the seat could still score: (space, masks, size, colour mask)."""
    if s.supply + (s.reserve if s.trigger else 0) <= 0:
        return []
    face = s.faces[seat]
    filled = s.filled[seat]
    any_colour = s.game.options["white_squares"] == "any"
    colours, white = 0, 0
    for i, spot in enumerate(face.spots):
        if not filled >> i & 1:
            if spot.white >= 0:
                white |= 1 << (spot.white // 90)
            else:
                colours |= spot.colours
    out = []
    masks = s.tables.masks
    for space, stack in enumerate(s.spaces[seat]):
        if stack:
            turn = s.pinwheel[seat][space] // 90
            ok = (
                (15 if any_colour else colours) if white >> turn & 1 else colours
            )  # [opt.white_squares]
            if ok:
                out.append((space, masks[stack[-1]][turn], s.tables.cells[stack[-1]], ok))
    return out


def _available(s: UmbrellaState, seat: int) -> list[int]:
    """For each side (north, east, south, west): a bit mask of the colours its zone holds."""
    zones = s.zones
    out = []
    for zone in s.around[seat]:
        held = zones[zone]
        out.append((held[0] > 0) | (held[1] > 0) << 1 | (held[2] > 0) << 2 | (held[3] > 0) << 3)
    return out


def _lines_holding() -> dict[int, tuple[int, ...]]:
    """For every set of spaces that fits in one row or column: the pushes along that line."""
    holding: dict[int, list[int]] = {}
    for j in range(16):
        line = _LINE_MASK[j]
        subset = line
        while subset:  # every non-empty subset of the line's four spaces
            holding.setdefault(subset, []).append(j)
            subset = (subset - 1) & line
    return {mask: tuple(pushes) for mask, pushes in holding.items()}


_HOLDING = _lines_holding()


def making_pushes(
    s: UmbrellaState, seat: int, figures: list[tuple[int, tuple[int, ...], int, int]] | None = None
) -> list[Push]:
    """Every ordinary push after which a visible figure can be scored [figure.match].

    Only figures in a colour the seat can still score count [figure.full-colour]. They are
    found without trying each push.

    A push changes one line only, so a figure can be made in colour ``k`` only if all its spaces
    not yet of colour ``k`` lie on that line; the push must then bring colour ``k`` to each of
    them. ``figures`` may pass in what :func:`_figures` gives, if known.
    """
    if figures is None:
        figures = _figures(s, seat)
    if not figures:
        return []
    cells = s.cells[seat]
    stage = colour_masks(cells)
    available = _available(s, seat)
    found = 0  # bit (j * 4 + colour) for the push of that colour along line push j
    for _, masks, _, ok in figures:
        for k in range(4):
            if not ok >> k & 1:
                continue
            other = ~stage[k]
            pushes: Sequence[int] | None
            for mask in masks:
                missing = mask & other
                if missing:
                    pushes = _HOLDING.get(missing)
                    if pushes is None:
                        continue
                else:
                    pushes = range(16)  # made already: it stays made unless the push spoils it
                by_push = _touch(mask)
                for j in pushes:
                    colours = available[j >> 2]
                    if not colours:
                        continue
                    entering = False
                    for source in by_push[j]:
                        if source < 0:
                            entering = True
                        elif cells[source] != k:
                            break
                    else:
                        found |= ((1 << k) & colours if entering else colours) << (j * 4)
    moves: list[Push] = []
    while found:
        bit = found & -found
        found ^= bit
        j, colour = divmod(bit.bit_length() - 1, 4)
        moves.append(Push(seat, j >> 2, colour, j & 3))
    return moves


def random_move(state: UmbrellaState, rng: random.Random) -> Move:
    """A random legal move, but a push that makes a scorable figure when there is one.

    The push is the one :func:`random_plain` picks, found by its fast twin (``fast.py``).
    """
    if state.step == "push":
        return fast.random_push(state, rng)
    moves = state.legal_moves()
    return moves[rng.randrange(len(moves))]


def random_plain(state: UmbrellaState, rng: random.Random) -> Move:
    """``random`` in plain words: the very same moves, more slowly."""
    if state.step == "push":
        making = making_pushes(state, state.active)
        if making:
            return making[rng.randrange(len(making))]
    moves = state.legal_moves()
    return moves[rng.randrange(len(moves))]


def greedy(state: UmbrellaState, rng: random.Random) -> Move:
    """One push ahead: make a figure if possible, else bring figures closer.

    It also keeps the personal zone small and makes sensible choices for tokens, tiles and
    powers. Its push, token spot and tile side are those :func:`best_push`, ``_best_spot`` and
    ``_pass_side`` choose, found by their fast twins in ``fast.py`` (the same choices, from
    the same random draws): :func:`greedy_plain` plays the readable versions.
    """
    step = state.step
    if step == "push":
        return fast.best_push(state, state.active, rng, EXPLORE)
    if step == "score":
        return fast.best_spot(state, state.active, _spot_value)
    if step == "pass":
        return fast.pass_side(state, state.active)
    return _decide(state)


def greedy_plain(state: UmbrellaState, rng: random.Random) -> Move:
    """``greedy`` with the readable choices only: the very same moves, more slowly."""
    if state.step == "push":
        return best_push(state, state.active, rng)
    return _decide(state)


def _decide(state: UmbrellaState) -> Move:
    """The greedy player's choices other than the push."""
    step = state.step
    seat = state.to_act
    assert seat is not None
    if step == "score":
        return _best_spot(state, seat)
    if step == "pass":
        return _pass_side(state, seat)
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


def _personal_value(s: UmbrellaState, seat: int, side: int) -> float:
    """What a push from ``side`` does to the end score of the personal zone [end.score]."""
    if s.solo:
        return 0.0
    waiting = s.personal(seat)
    if side == SOUTH:  # one umbrella fewer waiting; the last one earns the empty-zone bonus
        return 3.0 if waiting == 1 else 1.0
    if side == NORTH:  # the pushed-out umbrella drops into the personal zone
        return -3.0 if waiting == 0 else -1.0
    return 0.0


def best_push(s: UmbrellaState, seat: int, rng: random.Random) -> Move:
    """A push that makes a figure if there is one, else the one that brings figures closest.

    Each figure is judged in its most advanced colour and placement; the personal zone is
    kept small.
    """
    figures = _figures(s, seat)
    making = making_pushes(s, seat, figures)
    if making:
        return max(making, key=lambda m: (_personal_value(s, seat, m.side), rng.random()))
    if rng.random() < EXPLORE:  # now and then a random push, so that two players never cycle
        moves = s.legal_moves()
        return moves[rng.randrange(len(moves))]
    cells = s.cells[seat]
    stage = colour_masks(cells)
    # Each figure's target: the placement and colour with the most spaces right already.
    targets = []
    for _, masks, size, ok in figures:
        count, colour, mask = -1, 0, 0
        for k in range(4):
            if ok >> k & 1:
                have = stage[k]
                for m in masks:
                    got = (have & m).bit_count()
                    if got > count:
                        count, colour, mask = got, k, m
        targets.append((_touch(mask), mask, colour, count, size))
    available = _available(s, seat)
    personal = [_personal_value(s, seat, side) for side in range(4)]
    best, best_value = None, -1e9
    for j in range(16):
        colours = available[j >> 2]
        if not colours:
            continue
        line = _LINE_MASK[j]
        gains = [0.0, 0.0, 0.0, 0.0]  # by the colour pushed in
        for by_push, mask, colour, count, size in targets:
            sources = by_push[j]
            if not sources:
                continue
            new = count - (stage[colour] & mask & line).bit_count()
            for source in sources:
                if source >= 0 and cells[source] == colour:
                    new += 1
            before = count * count / (size * size)
            after = new * new / (size * size)
            for k in range(4):
                gains[k] += after - before
            if sources[0] < 0:  # the umbrella pushed in lands on the figure
                gains[colour] += ((new + 1) * (new + 1) - new * new) / (size * size)
        side = j >> 2
        for colour in range(4):
            if colours >> colour & 1:
                value = 10.0 * gains[colour] + personal[side] + rng.random() * 0.01
                if value > best_value:
                    best, best_value = Push(seat, side, colour, j & 3), value
    if best is None:  # all four zones empty [turn.all-empty]: any push will do
        moves = s.legal_moves()
        return moves[rng.randrange(len(moves))]
    return best


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


def _best_spot(s: UmbrellaState, seat: int) -> Move:
    offers = s.offers
    space, spot = max(offers, key=lambda offer: (_spot_value(s, seat, offer[1]), -offer[0]))
    return Score(seat, space, spot)


def _tile_progress(s: UmbrellaState, seat: int, code: int, space: int) -> float:
    masks = s.tables.masks[code][s.pinwheel[seat][space] // 90]
    return _progress(colour_masks(s.cells[seat]), [(space, masks, s.tables.cells[code], 15)])


def _pass_side(s: UmbrellaState, seat: int) -> Move:
    """Give the receiver the side that is further from being made on their Stage."""
    receiver = (seat + 1) % s.players
    empty = [k for k in range(4) if not s.spaces[receiver][k]]
    space = empty[0] if empty else 0
    tile = s.held >> 1
    sides = sorted((_tile_progress(s, receiver, tile * 2 + side, space), side) for side in (0, 1))
    return Pass(seat, sides[0][1])


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
    "best_push",
    "greedy",
    "greedy_plain",
    "making_pushes",
    "random_move",
    "random_plain",
]
