"""Two checkouts of the kit timed side by side: games per CPU-second and the command line.

Run: ``python benchmarks/side_by_side.py BEFORE AFTER [--rounds R] [--scale X] [game ...]``,
where BEFORE and AFTER are folders holding a checkout (``git worktree add ../before <commit>``
makes one). This machine's speed drifts by a third within an hour, so one checkout timed now
and the other later says little. Here every timing of one is followed by the same timing of the
other, each in a fresh process with its own checkout first on ``PYTHONPATH``, on the same
seeds; the table gives the median of each and their ratio.

Per game (its usual player count, its ready-made player): ``sim.simulate(..., workers=1)`` timed
in CPU seconds, the median of three timings per round. With ``--cli``, also the whole
``umbrella-lab simulate academy --players 3 --games 10000`` in wall seconds, start-up included.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

CASES = {
    "academy": (3, "heuristic", 1000),
    "umbrella": (2, "heuristic", 200),
    "corporation": (2, "heuristic", 200),
    "pig": (2, "heuristic", 1000),
    "marvel": (1, "greedy", 300),
    "academy/random": (3, "random", 1000),
    "umbrella/random": (2, "random", 200),
    "corporation/random": (2, "random", 200),
}
"""Case (the game, or the game/its player): (player count, player, games per timing). The
random players are left out unless named."""

TIMING = """
import statistics, sys, time
import umbrella_lab as ul
name, players, policy, games = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
run = dict(players=players, workers=1, progress=False, policy=policy)
ul.sim.simulate(name, n=max(5, games // 10), **run)  # warm up: data files, caches
times = []
for _ in range(3):
    began = time.process_time()
    ul.sim.simulate(name, n=games, **run)
    times.append(time.process_time() - began)
print(games / statistics.median(times))
"""

CLI = ["simulate", "academy", "--players", "3", "--games", "10000", "--no-progress"]


def environment(checkout: Path) -> dict[str, str]:
    """This process's environment with ``checkout`` first on the path (bytecode kept apart)."""
    env = dict(os.environ, PYTHONPATH=str(checkout))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(checkout / ".pycache-side-by-side")
    return env


def games_per_second(checkout: Path, name: str, scale: float) -> float:
    """One round for one checkout: games per CPU-second (median of three timings)."""
    players, policy, games = CASES[name]
    games = max(10, int(games * scale))
    game = name.partition("/")[0]
    args = [sys.executable, "-c", TIMING, game, str(players), policy, str(games)]
    done = subprocess.run(
        args, env=environment(checkout), capture_output=True, text=True, check=True, cwd=checkout
    )
    return float(done.stdout.split()[-1])


def cli_seconds(checkout: Path) -> float:
    """The whole command, start-up included, in wall seconds."""
    code = "import sys; from umbrella_lab.cli import main; sys.exit(main(sys.argv[1:]))"
    began = time.perf_counter()
    subprocess.run(
        [sys.executable, "-c", code, *CLI],
        env=environment(checkout),
        capture_output=True,
        check=True,
        cwd=checkout,
    )
    return time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    everyday = [name for name in CASES if "/" not in name]
    parser.add_argument("games", nargs="*", default=everyday, help=", ".join(CASES))
    parser.add_argument("--rounds", type=int, default=3, help="alternations per game")
    parser.add_argument("--scale", type=float, default=1.0, help="games per timing, x")
    parser.add_argument("--cli", action="store_true", help="also time the command line")
    args = parser.parse_intermixed_args()
    unknown = [name for name in args.games if name not in CASES]
    if unknown:
        parser.error(f"no case for {', '.join(unknown)}: the games are {', '.join(CASES)}")
    before, after = args.before.resolve(), args.after.resolve()
    print(f"{'game, player':<24} {'before':>9} {'after':>9} {'ratio':>6}   (games per CPU-second)")
    for name in args.games:
        runs: dict[Path, list[float]] = {before: [], after: []}
        for _ in range(args.rounds):
            for checkout in (before, after):
                runs[checkout].append(games_per_second(checkout, name, args.scale))
        old, new = statistics.median(runs[before]), statistics.median(runs[after])
        label = f"{name.partition('/')[0]} {CASES[name][0]}p, {CASES[name][1]}"
        print(f"{label:<24} {old:>9,.0f} {new:>9,.0f} {new / old:>6.2f}")
    if args.cli:
        times: dict[Path, list[float]] = {before: [], after: []}
        for _ in range(args.rounds):
            for checkout in (before, after):
                times[checkout].append(cli_seconds(checkout))
        old, new = statistics.median(times[before]), statistics.median(times[after])
        print(f"{'command line, 10,000 academy games (wall s)':<44}")
        print(f"{'':<24} {old:>9.2f} {new:>9.2f} {new / old:>6.2f}")


if __name__ == "__main__":
    main()
