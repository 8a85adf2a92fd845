"""The turning point of a played game: the move that changed the winner's chance the most.

The chance to win at a position is estimated the way the design lab follows a game
(``sim.design``'s tension part): bots play the game out from the position many times, each
time with the luck to come dealt anew, and the share of those playouts won is the estimate.
Here the search must be quick (a couple of seconds when a class table's game ends, in a worker
thread), so it is done in three passes within a time budget:

1. a coarse pass: the chance at a few positions spread evenly along the game;
2. a narrowing pass: the stretch between two of them where the chance moved most towards the
   result (up for the winner, down for a team that lost) is halved again and again, keeping the
   half that moved more, until it is one move long (or the time is spent);
3. a fresh estimate of the chance before and after that move, with playouts of their own, so
   that the search's luck in picking the largest of many noisy swings does not inflate it.

The change between the fresh estimates has a 95% range (Newcombe's, from each estimate's
Wilson range). Only a change whose whole range points towards the result is a turning point;
otherwise the game has "No clear turning point" at this many playouts.

A played game of Pig to 50: P1 rolls four sixes, then a pig loses them; P2 rolls nine sixes
and holds. The pig is what turned the game P2's way:

>>> import umbrella_lab as ul
>>> game = ul.load("pig", players=2, goal=50)
>>> p1 = ["P1: roll the die", "the die shows 6"] * 4 + ["P1: roll the die", "the die shows 1"]
>>> p2 = ["P2: roll the die", "the die shows 6"] * 9 + ["P2: hold (bank 54, score 54)"]
>>> states = [game.new(seed=1)]
>>> for action in p1 + p2:
...     states.append(states[-1].apply(action))
>>> found = find_turning_point(game, states, p1 + p2, winner=1, seed=5)
>>> found.clear, found.step, found.label
(True, 10, 'the die shows 1')
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from umbrella_lab.engine.core import Game, State, possessive
from umbrella_lab.engine.luck import derive_seed
from umbrella_lab.engine.play import play_out
from umbrella_lab.sim.policies import get_policy
from umbrella_lab.sim.stats import score_interval

PLAYOUTS = 40
"""Playouts for each estimate of a chance to win (its 95% range is about 15 points either side
at 50%); fewer when a game's bots are slow and the time budget would not hold enough."""

FEWEST_PLAYOUTS = 12
"""Never fewer playouts than this for an estimate (the range would say nothing)."""

BUDGET = 2.0
"""Seconds the search may take, measured as it goes."""


@dataclass(frozen=True)
class Chance:
    """One estimate of a side's chance to win at a position.

    Attributes:
        wins: Playouts won (or 1 of 1 / 0 of 1 at a finished game, where it is known).
        playouts: Playouts played; 0 where the game is over and the chance is known.
        rate: ``wins / playouts`` (the known result at a finished game).
        low, high: Its 95% Wilson range (the value itself where known).
    """

    wins: int
    playouts: int
    rate: float
    low: float
    high: float


@dataclass(frozen=True)
class TurningPoint:
    """The result of the search, in numbers and in words.

    Attributes:
        clear: Whether the change's whole 95% range points towards the result.
        step: The number of the move (1 is the first), or 0 when no move was named.
        first_step: The first move of the stretch named (``step`` when it is one move).
        label: The move in the table's words.
        side: Whose chance it is ("P2", "the team").
        before, after: The fresh estimates before the stretch and after it.
        change_low, change_high: The 95% range of the change ``after - before`` (``None``
            when no change was measured).
        playouts: Playouts per estimate; ``policy``: the bots that played them.
        seconds: How long the search took.
        text: All of it in one sentence for the summary.
    """

    clear: bool
    step: int
    first_step: int
    label: str
    side: str
    before: Chance | None
    after: Chance | None
    change_low: float | None
    change_high: float | None
    playouts: int
    policy: str
    seconds: float
    text: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        return asdict(self)


def find_turning_point(
    game: Game,
    states: Sequence[State],
    labels: Sequence[str],
    *,
    winner: int | None,
    policy: str | None = None,
    seed: int = 0,
    playouts: int = PLAYOUTS,
    budget: float = BUDGET,
    side: str = "",
) -> TurningPoint:
    """Search a played game for its turning point.

    Args:
        game: The game played.
        states: The positions of the game in order: the deal, then after each move.
        labels: The moves in words (``labels[i]`` leads from ``states[i]`` to
            ``states[i + 1]``).
        winner: The side whose chance is followed: a winning seat, or ``-1`` for the team of
            a co-operative game (won or lost); ``None`` when nobody won a game of rivals.
        policy: The bots that play the playouts (default: the game's simulation policy,
            ``GameInfo.simulation.main_policy``, which the design lab uses; a game without it
            plays its heuristic, or its random player).
        seed: Fixes every playout's luck (the search is repeatable).
        playouts: Playouts per estimate (fewer if the budget would not hold enough).
        budget: Seconds the search may take.
        side: Whose chance it is, in words (default "P2", "the team").

    Raises:
        ValueError: ``states`` and ``labels`` do not match, the last state is not over, or
            ``policy`` names no player of the game.
    """
    started = time.perf_counter()
    if len(states) != len(labels) + 1 or not states:
        msg = f"a game of {len(labels)} moves has {len(labels) + 1} positions, not {len(states)}"
        raise ValueError(msg)
    final = states[-1].result
    if final is None:
        raise ValueError("the turning point of a game is looked for once it is over")
    table = game.info.policy_table
    if policy is not None and policy not in table:
        msg = f"no player {policy!r} for {game.info.name}: its players are {', '.join(table)}"
        raise ValueError(msg)
    name = policy or game.info.simulation.main_policy
    if name not in table:  # a game written in a notebook may have no heuristic
        name = "heuristic" if "heuristic" in table else "random"
    if not side:
        side = "the team" if winner == -1 else f"P{(winner or 0) + 1}"
    quiet: dict[str, Any] = {"policy": name, "side": side}
    if winner is None:
        return _none("No clear turning point: nobody won.", quiet, started, playouts)
    bots = get_policy(game, name)
    won = final.won if winner == -1 else winner in final.winners
    towards = 1 if won else -1  # the direction the chance moved by the end

    def wins_at(state: State, j: int) -> bool:
        rseed = derive_seed(seed, j) % (2**31)
        try:
            start = state.reshuffled(rseed)
        except NotImplementedError:  # nothing hidden to deal anew
            start = state._clone()
        result = play_out(start, bots, random.Random(rseed)).result
        assert result is not None
        time.sleep(0)  # let the server's event loop run between playouts (a worker thread)
        return bool(result.won if winner == -1 else winner in result.winners)

    def estimate(i: int, salt: int, n: int) -> Chance:
        state = states[i]
        if state.result is not None:
            known = int(state.result.won if winner == -1 else winner in state.result.winners)
            return Chance(known, 0, float(known), float(known), float(known))
        wins = sum(wins_at(state, salt * 1_000_003 + j) for j in range(n))
        rate, low, high = score_interval(wins, n)
        return Chance(wins, n, rate, low, high)

    last = len(states) - 1
    chances: dict[int, Chance] = {0: estimate(0, 0, playouts)}
    # the deal's playouts are the game's longest: along the game they take about half as long
    each = (time.perf_counter() - started) / playouts / 2
    halvings = math.ceil(math.log2(max(last, 2)))
    wanted = halvings + 6  # a few spots along the game, the halvings, two fresh estimates
    if each * playouts * wanted > budget:  # slow bots: fewer playouts, so that it all fits
        playouts = max(FEWEST_PLAYOUTS, int(budget / (each * wanted)))
    fits = int(budget / max(each * playouts, 1e-9))
    coarse = max(2, min(last + 1, fits - halvings - 2))
    spots = sorted({round(k * last / (coarse - 1)) for k in range(coarse)} | {0, last})
    for i in _spread(spots):  # the whole game first coarsely, then finer, while time lasts
        if time.perf_counter() - started > budget / 2:
            break
        if i not in chances:
            chances[i] = estimate(i, 0, playouts)
    spots = sorted(chances)

    def moved(a: int, b: int) -> float:
        return towards * (chances[b].rate - chances[a].rate)

    a, b = max(itertools.pairwise(spots), key=lambda pair: moved(*pair))
    while b - a > 1 and time.perf_counter() - started < budget - 3 * each * playouts:
        middle = (a + b) // 2
        chances[middle] = estimate(middle, 0, playouts)
        a, b = (a, middle) if moved(a, middle) >= moved(middle, b) else (middle, b)
    before, after = estimate(a, 1, playouts), estimate(b, 1, playouts)
    low, high = change_interval(before, after)
    label = labels[b - 1] if b - a == 1 else f"{labels[a]} … {labels[b - 1]}"
    step = f"step {b}" if b - a == 1 else f"steps {a + 1} to {b}"
    many = f"{playouts} playouts each by the {name} bots"
    clear = (low > 0) if towards > 0 else (high < 0)
    if not clear:
        text = (
            f"No clear turning point: no move changed {possessive(side)} chance to win by more "
            f"than the uncertainty of {many}."
        )
        quiet["label"] = label
        return _none(text, quiet, started, playouts, before, after, low, high)
    text = (
        f"Turning point, {step}: {label}. {_capital(possessive(side))} chance to win went "
        f"from about {_percent(before)} to {_percent(after)}: a change of {_signed(low)} to "
        f"{_signed(high)} points (95% range), from {many}."
    )
    return TurningPoint(
        True,
        b,
        a + 1,
        label,
        side,
        before,
        after,
        low,
        high,
        playouts,
        name,
        time.perf_counter() - started,
        text,
    )


def _spread(spots: list[int]) -> list[int]:
    """``spots`` reordered to cover their whole span early: the ends, the middle, the quarters...

    >>> _spread([0, 1, 2, 3, 4, 5, 6, 7, 8])
    [0, 8, 4, 2, 6, 1, 3, 5, 7]
    """
    order = [spots[0], spots[-1]]
    stride = len(spots) - 1
    while stride > 1:
        stride = (stride + 1) // 2
        order += [spots[k] for k in range(stride, len(spots) - 1, stride) if spots[k] not in order]
    return order + [s for s in spots if s not in order]


def change_interval(before: Chance, after: Chance) -> tuple[float, float]:
    """The 95% range of ``after.rate - before.rate`` (Newcombe's hybrid score interval).

    Each estimate's Wilson range gives its own uncertainty; a known chance has none. The
    playouts of the two estimates are taken as independent, which errs on the wide side.

    >>> change_interval(Chance(10, 40, 0.25, 0.14, 0.40), Chance(1, 0, 1.0, 1.0, 1.0))
    (0.6, 0.86)
    """
    change = after.rate - before.rate
    low = change - math.hypot(after.rate - after.low, before.high - before.rate)
    high = change + math.hypot(after.high - after.rate, before.rate - before.low)
    return round(max(-1.0, low), 4), round(min(1.0, high), 4)


def unclear(text: str, policy: str = "", side: str = "") -> TurningPoint:
    """A search's answer that names no move, with the reason in ``text``."""
    return _none(text, {"policy": policy, "side": side}, time.perf_counter(), 0)


def _none(
    text: str,
    fields: dict[str, Any],
    started: float,
    playouts: int,
    before: Chance | None = None,
    after: Chance | None = None,
    low: float | None = None,
    high: float | None = None,
) -> TurningPoint:
    return TurningPoint(
        False,
        0,
        0,
        fields.get("label", ""),
        fields["side"],
        before,
        after,
        low,
        high,
        playouts,
        fields["policy"],
        time.perf_counter() - started,
        text,
    )


def _percent(chance: Chance) -> str:
    if not chance.playouts:  # known: the game was over
        return f"{chance.rate:.0%} (the game was {'won' if chance.rate else 'lost'})"
    return f"{chance.rate:.0%}"


def _signed(share: float) -> str:
    return f"{share * 100:+.0f}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
