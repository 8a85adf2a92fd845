"""How long a full design report takes, per game, against the 60 s target (two cores).

Each seed game's report at the default precision and budget (``sim.design(name)``; The
Umbrella Academy Game with 3 players), one game at a time, with the seconds of each part.

    python benchmarks/design.py               # every game
    python benchmarks/design.py pig academy   # some games
"""

from __future__ import annotations

import argparse
import time

from umbrella_lab import sim

TARGET = 60.0
"""Seconds for a full report of any seed game on two cores."""

HEADLINES = ("first player's advantage", "luck share", "skill gap", "forced decisions")
"""The figures printed under each game's time."""

TABLES = {"academy": 3, "corporation": 2, "marvel": None, "pig": 2, "umbrella": None}
"""The player count of each game's report (``None``: the game's first)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=sorted(TABLES))
    args = parser.parse_args()
    for name in args.games:
        began = time.perf_counter()
        report = sim.design(name, players=TABLES.get(name))
        took = time.perf_counter() - began
        parts = ", ".join(f"{part} {seconds:.1f}" for part, seconds in report.seconds.items())
        verdict = "ok" if took <= TARGET else "OVER"
        print(
            f"{name:<12} {took:5.1f} s ({verdict}; {len(report.games):,} main games; {parts})",
            flush=True,
        )
        for figure in HEADLINES:
            rows = report.metrics[report.metrics["name"] == figure]
            if rows.empty or rows["value"].isna().all():
                continue
            row = rows.iloc[0]
            print(
                f"{'':<12} {figure}: {row['value']:.3f} [{row['low']:.3f}, {row['high']:.3f}] "
                f"from {row['games']:,} games {row['status']}",
                flush=True,
            )


if __name__ == "__main__":
    main()
