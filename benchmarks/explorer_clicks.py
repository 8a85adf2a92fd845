"""How long the explorer takes to answer a click, for each game (target: under 50 ms).

Run: ``python benchmarks/explorer_clicks.py [clicks]``. Plays the first listed action again
and again through the explorer's message handler (as a click in the browser does) and prints
the median, 90th percentile and worst round trip in milliseconds.
"""

from __future__ import annotations

import statistics
import sys
import time

import umbrella_lab as ul
from umbrella_lab.widgets import Explorer

CASES = {"academy": 4, "umbrella": 4, "corporation": 2, "pig": 3}


def main() -> None:
    clicks = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    print(f"{'game':<12} {'median':>8} {'90%':>8} {'worst':>8}  (ms per click, {clicks} clicks)")
    for name, players in CASES.items():
        if name not in ul.games():
            continue
        w = Explorer(name, seed=7, players=players)
        times = []
        for _ in range(clicks):
            if w.state.is_over:
                break
            start = time.perf_counter()
            w._on_frontend_msg(w, {"type": "act", "id": w.actions[0]["id"]}, [])
            times.append((time.perf_counter() - start) * 1000)
        ninety = sorted(times)[int(len(times) * 0.9)]
        print(f"{name:<12} {statistics.median(times):>8.1f} {ninety:>8.1f} {max(times):>8.1f}")


if __name__ == "__main__":
    main()
