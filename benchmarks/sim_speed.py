"""How fast the simulation layer runs: games per second, a 10,000-game run, advisor latency.

Run: ``python benchmarks/sim_speed.py [--games N] [--profile]``. Prints

* games/s per policy at 3 players, on one core and on every core (through ``sim.simulate``);
* the wall time of 10,000 heuristic 3-player games on every core (target: 2 s or less);
* advisor latency, all legal actions x 200 rollouts, over typical mid-game 3-player states
  (target: 1 s or less), on one core and on every core;
* with ``--profile``, where the time of 1,000 serial heuristic games goes (cProfile).

Timings are the best of three runs: the machine is shared, and the best run is the least
disturbed one. The 10,000-game run is timed five times and judged by its median.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import random
import resource
import statistics
import time

import umbrella_lab as ul
from umbrella_lab import sim
from umbrella_lab.games.academy.policies import heuristic
from umbrella_lab.sim._parallel import default_workers


def cpu_seconds() -> float:
    """CPU time of this process and of its finished worker processes."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def best_of(runs: int, work) -> float:
    times = []
    for _ in range(runs):
        began = time.perf_counter()
        work()
        times.append(time.perf_counter() - began)
    return min(times)


def mid_game_states(count: int, players: int = 3) -> list[ul.State]:
    """Face decisions in rounds 2 to 4 with at least 3 legal actions, one per seed."""
    states = []
    seed = 0
    while len(states) < count:
        state = ul.load("academy", players=players).new(seed=seed)
        rng = random.Random(seed)
        target = 2 + seed % 3
        while not state.is_over:
            if state.round >= target and state.stage == "face" and len(state.legal_moves()) >= 3:
                states.append(state)
                break
            state = state.apply(heuristic(state, rng))
        seed += 1
    return states


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=4000, help="games per speed run")
    parser.add_argument("--profile", action="store_true", help="profile 1,000 serial games")
    args = parser.parse_args()
    cores = default_workers()
    print(f"cores: {cores}; load average before: {os.getloadavg()[0]:.2f}")
    ways = [("Python", True)]

    print(
        f"\n{'policy':>10} {'rules':>9} {'players':>7} {'1 core g/s':>11} "
        f"{f'{cores} cores g/s':>12} {'win rate':>9}"
    )
    for policy in ("heuristic", "random"):
        for way, _ in ways:
            frame = sim.simulate("academy", policy, players=3, n=args.games, progress=False)
            serial = best_of(
                3,
                lambda p=policy: sim.simulate(
                    "academy", p, players=3, n=args.games, workers=1, progress=False
                ),
            )
            parallel = best_of(
                3,
                lambda p=policy: sim.simulate(
                    "academy", p, players=3, n=args.games, progress=False
                ),
            )
            print(
                f"{policy:>10} {way:>9} {3:>7} {args.games / serial:>11,.0f} "
                f"{args.games / parallel:>12,.0f} {frame['won'].mean():>9.1%}"
            )

    print(f"\n10,000 heuristic 3-player games on {cores} cores (target: 2 s wall or less):")
    for way, _ in ways:
        runs, cpu = [], []
        for _ in range(5):
            began, used = time.perf_counter(), cpu_seconds()
            sim.simulate("academy", "heuristic", players=3, n=10_000, progress=False)
            runs.append(time.perf_counter() - began)
            cpu.append(cpu_seconds() - used)
        median = statistics.median(runs)
        verdict = "met" if median <= 2.0 else "MISSED"
        print(
            f"  {way} rules: median {median:.2f} s wall ({verdict}), best {min(runs):.2f} s, "
            f"runs {', '.join(f'{r:.2f}' for r in runs)} s; CPU {min(cpu):.2f} s in all"
        )

    states = mid_game_states(10)
    counts = [len(state.legal_actions()) for state in states]
    print(
        "\nadvisor, all legal actions x 200 rollouts, 10 mid-game 3-player states "
        f"(face decisions, rounds 2-4; {min(counts)}-{max(counts)} actions, "
        f"mean {statistics.mean(counts):.1f}):"
    )
    for way, _ in ways:
        for workers in (1, cores):
            walls, cpus = [], []
            for state in states:
                best_wall = best_cpu = float("inf")
                for _ in range(2):
                    began, used = time.perf_counter(), cpu_seconds()
                    sim.advise(state, rollouts=200, workers=workers)
                    best_wall = min(best_wall, time.perf_counter() - began)
                    best_cpu = min(best_cpu, cpu_seconds() - used)
                walls.append(best_wall)
                cpus.append(best_cpu)
            verdict = "met" if max(walls) <= 1.0 else "MISSED"
            print(
                f"  {way} rules, {workers} core(s): wall median {statistics.median(walls):.2f} s, "
                f"max {max(walls):.2f} s (target 1 s: {verdict}); CPU median "
                f"{statistics.median(cpus):.2f} s, max {max(cpus):.2f} s"
            )
            print(
                "    per state (actions: wall s / CPU s): "
                + ", ".join(
                    f"{c}: {w:.2f}/{u:.2f}" for c, w, u in zip(counts, walls, cpus, strict=True)
                )
            )

    print(
        f"\nload average after: {os.getloadavg()[0]:.2f} (other work on the machine slows "
        "every figure above)"
    )

    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        sim.simulate("academy", "heuristic", players=3, n=1000, workers=1)
        profiler.disable()
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(18)
        print("\nwhere 1,000 serial heuristic games spend their time (tottime):")
        print(out.getvalue())


if __name__ == "__main__":
    main()
