"""How fast exact play is solved: Pig to 100 and to 50, and the general walk on a small goal.

Run: ``python benchmarks/solve.py [--runs N]``. Prints

* the wall time of ``sim.solve("pig", players=2)`` (Pig to 100, target: 30 s or less on two
  cores), the positions solved and the first player's win probability with optimal play
  (Neller and Presser report about 53.06%);
* the same for Pig to 50;
* the general walk through the ``State`` interface (value iteration) on Pig to 20, and how far
  its values are from the fast path's.

Timings are the best of ``--runs`` runs (default 3): the machine is shared, and the best run is
the least disturbed one. Each run solves afresh (the kept solutions are forgotten first).
"""

from __future__ import annotations

import argparse
import time

import umbrella_lab as ul
from umbrella_lab import sim
from umbrella_lab.sim.solve import forget


def timed(work) -> tuple[float, object]:
    """Wall time of one call, and what it returned."""
    began = time.perf_counter()
    result = work()
    return time.perf_counter() - began, result


def best_solve(runs: int, **options) -> tuple[float, sim.Solution]:
    """The best time of ``runs`` fresh solves of Pig with these options, and the solution."""
    times = []
    solution = None
    for _ in range(runs):
        forget()
        seconds, solution = timed(lambda: sim.solve("pig", players=2, **options))
        times.append(seconds)
    assert solution is not None
    return min(times), solution  # type: ignore[return-value]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per figure (best is shown)")
    runs = parser.parse_args().runs

    for goal in (100, 50):
        seconds, solution = best_solve(runs, goal=goal)
        print(
            f"Pig to {goal}: solved in {seconds:.2f} s (best of {runs}); "
            f"{solution.states:,} positions, {solution.sweeps} policy rounds at most; "
            f"P1 wins {solution.first_player_wins:.4%} with optimal play"
        )

    start = ul.load("pig", players=2).new()
    start.goal = 20
    fast = sim.solve(start, method="pig")
    seconds, walked = timed(lambda: sim.solve(start, method="generic"))
    gap = abs(fast.first_player_wins - walked.first_player_wins)  # type: ignore[attr-defined]
    print(
        f"Pig to 20, general walk: {seconds:.2f} s, {walked.states:,} positions, "  # type: ignore[attr-defined]
        f"{walked.sweeps} sweeps of value iteration; P1 wins "  # type: ignore[attr-defined]
        f"{walked.first_player_wins:.6%} (fast path: {fast.first_player_wins:.6%}, "  # type: ignore[attr-defined]
        f"apart by {gap:.1e})"
    )


if __name__ == "__main__":
    main()
