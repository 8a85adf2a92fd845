"""One click in the explorer, timed in the kernel: from the browser's message to the new page.

Run: ``python benchmarks/click_time.py BEFORE AFTER [--rounds R] [--clicks N] [game ...]``,
where BEFORE and AFTER are folders holding a checkout of the kit (``git archive <commit> | tar
-x -C ../before`` makes one). Each round times the one checkout, then the other, each in a fresh
process with its own checkout first on ``PYTHONPATH``, on the same seeds and clicks; the table
gives the medians and their ratio (this machine's speed drifts, so timings taken apart say little).

Per game (its usual player count): an explorer page (``widgets.page.ExplorerPage``, the page
model the widget hands every message to) is dealt, and ``N`` moves are clicked along one line,
each the move ``seed % len(actions)`` of the page's list, as the browser sends it (``{"type":
"act", "id": ...}``). The time is CPU time in ``handle``: parsing the id, playing the move, and
working out every field of the page again. Each click also counts how often the legal moves
were listed and the table's snapshot (``to_dict``) made.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

CASES = {"pig": 2, "umbrella": 3, "academy": 3, "corporation": 2, "marvel": 1}
"""Game: player count."""

TIMING = r"""
import json, sys, time
from umbrella_lab.engine import core
from umbrella_lab.widgets.page import ExplorerPage

name, players, clicks = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
counts = {"legal_moves": 0, "to_dict": 0}
inside = set()  # a method being counted: a subclass's override calling the engine's counts once


def counted(cls, method):
    inner = getattr(cls, method)

    def wrapper(self, *args, **kwargs):
        if method in inside:
            return inner(self, *args, **kwargs)
        counts[method] += 1
        inside.add(method)
        try:
            return inner(self, *args, **kwargs)
        finally:
            inside.discard(method)

    setattr(cls, method, wrapper)


def pages():
    for seed in range(3):
        yield seed, ExplorerPage(name, seed=seed, players=players)


ExplorerPage(name, seed=99, players=players)  # warm up: data files, caches
kinds = {type(p.session.state) for _, p in pages()}
for cls in {core.State, *kinds}:
    for method in ("legal_moves", "to_dict"):
        if method in vars(cls):
            counted(cls, method)
spent, made = 0.0, 0
per_click = {"legal_moves": 0, "to_dict": 0}
for seed, page in pages():
    for _ in range(clicks):
        actions = page.shown["actions"]
        if not actions:
            break
        ident = actions[seed % len(actions)]["id"]
        before = dict(counts)
        began = time.process_time()
        page.handle({"type": "act", "id": ident})
        spent += time.process_time() - began
        made += 1
        for method in per_click:
            per_click[method] += counts[method] - before[method]
print(json.dumps({"ms": 1000 * spent / made, **{k: v / made for k, v in per_click.items()}}))
"""


def environment(checkout: Path) -> dict[str, str]:
    """This process's environment with ``checkout`` first on the path (bytecode kept apart)."""
    env = dict(os.environ, PYTHONPATH=str(checkout))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(checkout / ".pycache-side-by-side")
    return env


def one_round(checkout: Path, name: str, clicks: int) -> dict[str, float]:
    """One checkout's mean kernel time per click, and the listings per click."""
    command = [sys.executable, "-c", TIMING, name, str(CASES[name]), str(clicks)]
    out = subprocess.run(
        command, env=environment(checkout), cwd=checkout, check=True, capture_output=True
    )
    return json.loads(out.stdout.decode().strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("games", nargs="*", default=list(CASES), help=", ".join(CASES))
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--clicks", type=int, default=20, help="clicks along each of 3 deals")
    args = parser.parse_intermixed_args()
    print("| game | before: ms a click | after | after / before | legal lists a click | to_dict |")
    print("|---|---|---|---|---|---|")
    for name in args.games:
        runs: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
        for _ in range(args.rounds):
            runs["before"].append(one_round(args.before.resolve(), name, args.clicks))
            runs["after"].append(one_round(args.after.resolve(), name, args.clicks))
        ms = {k: statistics.median(r["ms"] for r in v) for k, v in runs.items()}
        lists = {k: v[0]["legal_moves"] for k, v in runs.items()}
        dicts = {k: v[0]["to_dict"] for k, v in runs.items()}
        print(
            f"| {name} | {ms['before']:.2f} | {ms['after']:.2f} | "
            f"{ms['after'] / ms['before']:.2f} | {lists['before']:.1f} → {lists['after']:.1f} | "
            f"{dicts['before']:.1f} → {dicts['after']:.1f} |"
        )


if __name__ == "__main__":
    main()
