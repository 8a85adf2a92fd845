"""What the state's own luck costs: one seeded generator per chance step, and a what-if.

Run: ``python benchmarks/luck_cost.py [--rounds R] [--scale X] [game ...]``.

At every chance step (a die roll, a combat's dice) the engine draws one number in [0, 1) from a
Mersenne Twister seeded with the state's seed and the step's number
(:func:`umbrella_lab.engine.luck.first_draw`): same seed, same step, same roll, on every branch
of a game. Seeding a Mersenne Twister fills its 624 words of state, which takes a few
microseconds even in C, and that is paid at every roll.

For each game (its usual player count, its ready-made player) this prints:

* **draws**: chance-step draws per game;
* **share**: their share of the whole game's CPU time (draws a game x the cost of one draw,
  over the time of one game);
* **what-if**: games per CPU-second today, and with each draw taken from a 64-bit hash of the
  same seed (splitmix64, a few arithmetic steps in Python), timed one after the other in every
  round. The hash keeps "same seed, same step, same roll" but gives *other* rolls: every
  game with dice would play differently, so it is a measurement, not a change to make quietly.
"""

from __future__ import annotations

import random
import statistics
import time
import timeit
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from where_time_goes import arguments, case  # the same games, players and command line

import umbrella_lab as ul
import umbrella_lab.engine.core as core
from umbrella_lab.engine.luck import derive_seed, first_draw
from umbrella_lab.engine.play import play_out

MASK = (1 << 64) - 1


def hashed_draw(seed: int) -> float:
    """A number in [0, 1) from ``seed`` by splitmix64: the what-if draw (other rolls)."""
    z = (seed * 0x9E3779B97F4A7C15 + 0x9E3779B97F4A7C15) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return ((z ^ (z >> 31)) >> 11) * (1.0 / (1 << 53))


@contextmanager
def drawing_with(draw: Callable[[int], float]) -> Iterator[None]:
    """The engine's chance steps draw with ``draw`` inside the block."""
    kept = core.first_draw
    core.first_draw = draw
    try:
        yield
    finally:
        core.first_draw = kept


def play(game: ul.Game, policy: Callable[..., object], seeds: range) -> float:
    """CPU seconds to play the games of ``seeds`` as a simulation does."""
    began = time.process_time()
    for seed in seeds:
        play_out(game.deal(seed), policy, random.Random(seed), in_place=True)
    return time.process_time() - began


def draws_per_game(game: ul.Game, policy: Callable[..., object], seeds: range) -> float:
    """How many chance-step draws a game makes, on average."""
    count = 0

    def counting(seed: int) -> float:
        nonlocal count
        count += 1
        return first_draw(seed)

    with drawing_with(counting):
        play(game, policy, seeds)
    return count / len(seeds)


def main() -> None:
    args = arguments(__doc__)
    seed = derive_seed(123_456, 7919 * 40 + 17)
    one = min(timeit.repeat(lambda: first_draw(seed), number=20_000, repeat=5)) / 20_000
    hashed = min(timeit.repeat(lambda: hashed_draw(seed), number=20_000, repeat=5)) / 20_000
    print(f"one draw: {1e6 * one:.2f} us seeded (today), {1e6 * hashed:.2f} us hashed (what-if)")
    head = f"{'draws':>6} {'share':>6}   {'today':>7} {'hashed':>7} {'ratio':>6}"
    print(f"{'game, player':<24} {head}")
    print(f"{'':<24} {'a game':>6} {'':>6}   {'games per CPU-s':>15}")
    for name in args.games:
        game, policy, seeds, label = case(name, args.scale)
        play(game, policy, range(5))  # warm up: data files, caches
        draws = draws_per_game(game, policy, seeds)
        today, what_if = [], []
        for _ in range(args.rounds):
            today.append(play(game, policy, seeds))
            with drawing_with(hashed_draw):
                what_if.append(play(game, policy, seeds))
        now, then = statistics.median(today), statistics.median(what_if)
        n = len(seeds)
        share = draws * one * n / now
        print(
            f"{label:<24} {draws:>6.0f} {share:>6.0%}   {n / now:>7,.0f} {n / then:>7,.0f} "
            f"{now / then:>6.2f}"
        )


if __name__ == "__main__":
    main()
