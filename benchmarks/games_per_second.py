"""Games per second of every game, on one core, with its best ready-made player.

Run: ``python benchmarks/games_per_second.py [--games N] [--rounds R] [game ...]``. For each game
(its usual player count) it times ``sim.simulate(..., workers=1)`` ``R`` times and prints the
median and best games/s, then the cost of a fork (``state.fork()`` in mid-game). Only the
public face is used, so the same script times another checkout of the kit (run it with that
checkout first on ``PYTHONPATH``) for a side-by-side comparison in one sitting. The kit's target
is 1,000 games/s per core or more for every game.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import timeit

import umbrella_lab as ul

CASES = {"academy": (3, 2000), "umbrella": (2, 400), "corporation": (2, 400), "pig": (2, 2000)}
"""Game: (player count, games per timing)."""


def games_per_second(name: str, players: int, games: int) -> float:
    """One timing of ``games`` heuristic games on one core."""
    began = time.perf_counter()
    ul.sim.simulate(name, players=players, n=games, workers=1, progress=False)
    return games / (time.perf_counter() - began)


def fork_microseconds(name: str, players: int) -> float:
    """Median cost of ``state.fork()`` at move 20 of a heuristic game, in microseconds."""
    policy = ul.sim.get_policy(name, "heuristic")
    state = ul.load(name, players=players).new(seed=5)
    rng = random.Random(5)
    for _ in range(20):
        if state.is_over:
            break
        state = state.roll() if state.to_act == ul.CHANCE else state.apply(policy(state, rng))
    times = timeit.repeat(state.fork, number=2000, repeat=5)
    return statistics.median(times) / 2000 * 1e6


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="*", default=[g for g in CASES if g in ul.games()])
    parser.add_argument("--rounds", type=int, default=5, help="timings per game")
    parser.add_argument("--scale", type=float, default=1.0, help="games per timing, x")
    args = parser.parse_args()
    print(f"{'game':<12} {'players':>7} {'median':>9} {'best':>9} {'fork':>9}")
    for name in args.games:
        players, games = CASES[name]
        games = max(10, int(games * args.scale))
        games_per_second(name, players, max(10, games // 10))  # warm up (data files, caches)
        runs = [games_per_second(name, players, games) for _ in range(args.rounds)]
        fork = fork_microseconds(name, players)
        print(
            f"{name:<12} {players:>7} {statistics.median(runs):>7.0f}/s {max(runs):>7.0f}/s "
            f"{fork:>6.1f} us"
        )


if __name__ == "__main__":
    main()
