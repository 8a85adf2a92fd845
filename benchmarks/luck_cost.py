"""The luck draw, old against new: every game's win rate, and what the luck costs.

Run: ``python benchmarks/luck_cost.py [--games N] [--scale X] [game ...]``.

Luck version 1 seeded a Mersenne Twister for every draw (a chance step, a shuffle); version 2
(:mod:`umbrella_lab.engine.luck`) takes each number from a SplitMix64 mix of the seed and the
draw's number. The two deal other cards and roll other dice from the same seed, so single
games differ; what must not differ is the games as a whole. For each game (its usual player
count and ready-made player, as ``where_time_goes.py``) the same seeds are played with each
draw, in alternating blocks, and the table gives:

* **wins**: the win rate with each draw (the team's in a co-operative game, the first seat's
  otherwise), with its 95% Wilson interval;
* **difference**: new minus old, with its 95% interval (normal approximation of two
  independent rates); ``same`` when the interval holds 0;
* **games per CPU-second** with each draw (medians of the blocks) and their ratio.

10,000 games per game and draw (``--games``) make each interval about +-1 point wide.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from where_time_goes import CASES, case

import umbrella_lab as ul
from umbrella_lab.engine.play import play_out

Z95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a rate of ``wins`` in ``n`` (inside [0, 1])."""
    p = wins / n
    centre = (p + Z95**2 / (2 * n)) / (1 + Z95**2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def block(game: ul.Game, policy: Callable[..., Any], seeds: range) -> tuple[int, float]:
    """Wins (the team's, or the first seat's) in the games of ``seeds``, and CPU seconds."""
    wins = 0
    began = time.process_time()
    for seed in seeds:
        final = play_out(game.deal(seed), policy, random.Random(seed), in_place=True)
        wins += 0 in final.result.winners
    return wins, time.process_time() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=list(CASES), help=", ".join(CASES))
    parser.add_argument("--games", dest="n", type=int, default=10_000, help="games per draw")
    parser.add_argument("--block", type=int, default=500, help="games per timed block")
    args = parser.parse_args()
    print(
        f"{'game, player':<24} {'old draw (v1) wins':>20} {'new draw (v2) wins':>20} "
        f"{'difference':>22}   {'games per CPU-s':>15} {'new/old':>7}"
    )
    for name in args.games:
        new, policy, _, label = case(name, 1.0)
        old = new.with_luck(1)
        wins = {1: 0, 2: 0}
        speed: dict[int, list[float]] = {1: [], 2: []}
        for start in range(0, args.n, args.block):
            seeds = range(start, min(args.n, start + args.block))
            for version, game in ((1, old), (2, new)) if start % 2 else ((2, new), (1, old)):
                won, seconds = block(game, policy, seeds)
                wins[version] += won
                speed[version].append(len(seeds) / seconds)
        n = args.n
        rates = {v: wins[v] / n for v in wins}
        cells = []
        for version in (1, 2):
            low, high = wilson(wins[version], n)
            cells.append(f"{rates[version]:6.1%} ({low:5.1%}-{high:5.1%})")
        gap = rates[2] - rates[1]
        half = Z95 * math.sqrt(sum(r * (1 - r) / n for r in rates.values()))
        verdict = "same" if abs(gap) <= half else "DIFFERS"
        fast = {v: statistics.median(speed[v]) for v in speed}
        print(
            f"{label:<24} {cells[0]:>20} {cells[1]:>20} "
            f"{gap:+6.1%} +-{half:4.1%} {verdict:>7}   {fast[1]:>7,.0f} {fast[2]:>7,.0f} "
            f"{fast[2] / fast[1]:>7.2f}"
        )


if __name__ == "__main__":
    main()
