"""How fast Marvel United's planner plays, and where its time goes.

Run: ``python benchmarks/planner_speed.py [--games N] [--players P] [--rounds R]``.

The planner (``games/marvel/policies.py``) searches each card's whole turn: a *position* is a
table the search looks at (one call of ``Search._best``). The default report plays ``N`` games
(seeds 0 to N-1) and prints:

* games per CPU-second, positions searched per game and CPU microseconds per position
  (medians of the rounds);
* the search's shape per game: positions met again (the memory of tables seen answers them),
  positions expanded, leaves (no action worth trying), moves tried, location effects tried,
  copies of the table made (the search's, the location effects' and the planner's own) and
  planned moves checked against the legal moves;
* a breakdown by part: each part timed alone on a sample of the positions the games met
  (``perf_counter`` loops), times how often a game needs it, in ms per game. The parts are
  the copy of a table (``clone``), a move played on it (``move.play``, with ``settle`` for the
  choices it asks), ``state_key`` and its look-up in the memory, ``evaluate``,
  ``candidates``, ``finish_value`` (the value of ending the actions, with the location's
  effect tried) and the legal-move check the planner makes before playing a planned move.
  What the parts leave of a game's time is the search's own bookkeeping and the rest of the
  game (the villain's turns, greedy's answers).

``--against REV`` (``main``, say) times the planner of another commit side by side: its
package is unpacked from git into a temporary folder and each round plays the same games with
this checkout and with it, in turns (the first side changing every round), each in a fresh
process; the table gives each side's games per CPU-second (median), the ratio, and the
positions per game (equal when both search alike). ``--policy greedy`` times greedy instead.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from where_time_goes import unpacked  # a sibling script: the package of another commit

import umbrella_lab as ul
from umbrella_lab.engine.play import play_out
from umbrella_lab.games.marvel import policies


def arguments() -> argparse.Namespace:
    """The command's options."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games per round (default 40)")
    parser.add_argument("--players", type=int, default=1, help="1 (solo, default) to 4")
    parser.add_argument("--rounds", type=int, default=5, help="rounds (default 5)")
    parser.add_argument("--policy", default="planner", help="planner (default) or greedy")
    parser.add_argument("--against", metavar="REV", help="time another commit side by side")
    parser.add_argument("--one-round", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.games < 1 or args.rounds < 1 or not 1 <= args.players <= 4:
        parser.error("--games and --rounds must be 1 or more, --players 1 to 4")
    if args.policy not in policies.POLICIES:
        parser.error(f"--policy is one of {', '.join(policies.POLICIES)}")
    return args


def counting_positions() -> tuple[list[int], Callable[[], None]]:
    """Count the positions the planner searches (calls of ``Search._best``); and an undo."""
    count = [0]
    search = policies.Search._best

    def counted(self: Any, s: Any, *rest: Any) -> Any:
        count[0] += 1
        return search(self, s, *rest)

    policies.Search._best = counted  # type: ignore[method-assign]

    def undo() -> None:
        policies.Search._best = search  # type: ignore[method-assign]

    return count, undo


def one_round(players: int, policy_name: str, games: int) -> tuple[float, float]:
    """CPU seconds for ``games`` games, and the positions searched per game."""
    game = ul.load("marvel", players=players)
    policy = policies.POLICIES[policy_name]
    for seed in range(2):  # warm up: data files, caches
        play_out(game.deal(10_000 + seed), policy, random.Random(seed), in_place=True)
    count, undo = counting_positions()
    try:
        play_out(game.deal(10_002), policy, random.Random(0), in_place=True)
        per_search = count[0] > 0
    finally:
        undo()
    began = time.process_time()
    for seed in range(games):
        play_out(game.deal(seed), policy, random.Random(seed), in_place=True)
    spent = time.process_time() - began
    positions = 0.0
    if per_search:  # counted in a second pass, so that counting costs the timing nothing
        count, undo = counting_positions()
        try:
            for seed in range(min(games, 10)):
                play_out(game.deal(seed), policy, random.Random(seed), in_place=True)
        finally:
            undo()
        positions = count[0] / min(games, 10)
    return spent, positions


def side_round(args: argparse.Namespace, kit: Path | None) -> tuple[float, float]:
    """One round in a fresh process, with the package in ``kit`` or this checkout's (None)."""
    env = dict(os.environ)
    if kit is not None:
        env["PYTHONPATH"] = str(kit) + os.pathsep + env.get("PYTHONPATH", "")
    command = [
        sys.executable,
        __file__,
        "--one-round",
        f"--games={args.games}",
        f"--players={args.players}",
        f"--policy={args.policy}",
    ]
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout
    spent, positions = json.loads(out.splitlines()[-1])
    return spent, positions


def against(args: argparse.Namespace) -> None:
    """This checkout and commit ``args.against``, side by side, in alternating rounds."""
    with tempfile.TemporaryDirectory() as folder:
        kit = unpacked(args.against, Path(folder))
        then: list[tuple[float, float]] = []
        now: list[tuple[float, float]] = []
        for turn in range(args.rounds):
            sides = ((then, kit), (now, None)) if turn % 2 else ((now, None), (then, kit))
            for times, where in sides:
                times.append(side_round(args, where))
    rates = [args.games / statistics.median(t for t, _ in side) for side in (then, now)]
    each = [[f"{args.games / t:.1f}" for t, _ in side] for side in (then, now)]
    print(
        f"marvel {args.players}p, {args.policy}: {args.games} games a round, "
        f"{args.rounds} rounds, games per CPU-second (median)"
    )
    print(f"  {args.against:<12} {rates[0]:7.1f}   rounds {' '.join(each[0])}")
    print(f"  {'this':<12} {rates[1]:7.1f}   rounds {' '.join(each[1])}")
    print(f"  ratio        {rates[1] / rates[0]:7.2f}")
    if then[0][1]:
        print(f"  positions a game: {then[0][1]:.0f} then, {now[0][1]:.0f} now")


def sample_positions(players: int, games: int, every: int = 5) -> tuple[list[Any], dict]:
    """Copies of every ``every``-th position the planner searched in ``games`` games, and
    what the search did at every position, per game."""
    kept: list[Any] = []
    tally = dict.fromkeys(
        (
            "positions",
            "met again",
            "expanded",
            "leaves",
            "moves tried",
            "location effects tried",
            "copies made",
            "planned moves checked",
        ),
        0.0,
    )
    search = policies.Search._best
    clone = policies.MarvelState._clone

    def counted_clone(s: Any) -> Any:
        tally["copies made"] += 1
        return clone(s)

    def planner(s: Any, rng: random.Random) -> Any:
        tally["planned moves checked"] += s.ask is None and s.step == "act"
        return policies.planner(s, rng)

    def keeping(self: Any, s: Any, *rest: Any) -> Any:
        tally["positions"] += 1
        if tally["positions"] % every == 0:
            kept.append(s._clone())
        if policies.state_key(s) in self.seen:
            tally["met again"] += 1
        elif self.budget > 0:
            moves = policies.candidates(s)
            tally["expanded"] += 1
            tally["leaves"] += not moves
            tally["moves tried"] += len(moves)
            tally["location effects tried"] += bool(policies.Visit.legal(s))
        return search(self, s, *rest)

    policies.Search._best = keeping  # type: ignore[method-assign]
    policies.MarvelState._clone = counted_clone  # type: ignore[method-assign]
    try:
        game = ul.load("marvel", players=players)
        for seed in range(games):
            play_out(game.deal(seed), planner, random.Random(seed), in_place=True)
    finally:
        policies.Search._best = search  # type: ignore[method-assign]
        policies.MarvelState._clone = clone  # type: ignore[method-assign]
    return kept, {name: count / games for name, count in tally.items()}


def per_call(part: Callable[[Any], Any], items: list[Any], repeat: int = 3) -> float:
    """Microseconds ``part`` takes per item (the best of ``repeat`` passes)."""
    best = float("inf")
    for _ in range(repeat):
        began = time.perf_counter()
        for item in items:
            part(item)
        best = min(best, time.perf_counter() - began)
    return 1e6 * best / max(len(items), 1)


def parts(args: argparse.Namespace) -> None:
    """Games per CPU-second, the search's shape, and the time of each part, per game."""
    spent, positions = [], 0.0
    for _ in range(args.rounds):
        time_spent, positions = one_round(args.players, "planner", args.games)
        spent.append(time_spent)
    per_game = 1e3 * statistics.median(spent) / args.games
    print(
        f"marvel {args.players}p, planner: {args.games / statistics.median(spent):.1f} games per "
        f"CPU-second ({per_game:.1f} ms a game), {positions:.0f} positions a game, "
        f"{1e3 * per_game / positions:.1f} us a position"
    )
    games = min(args.games, 20)
    sample, tally = sample_positions(args.players, games)
    print(f"  the search, per game ({games} games; moves tried: the candidates listed):")
    for name, count in tally.items():
        print(f"    {name:<24} {count:8.0f}")
    tried = [(s, move) for s in sample for move in policies.candidates(s)]

    def clone_and_play(pair: tuple[Any, Any]) -> None:
        table = pair[0]._clone()
        pair[1].play(table)
        if table.ask is not None:
            policies.settle(table)

    memory = {policies.state_key(s): None for s in sample}
    acting = [s for s in sample if s.step == "act" and s.ask is None]
    costs = [
        ("clone", per_call(lambda s: s._clone(), sample), tally["copies made"]),
        ("clone + move.play + settle", per_call(clone_and_play, tried), tally["moves tried"]),
        ("state_key", per_call(policies.state_key, sample), tally["positions"]),
        (
            "state_key + look-up",
            per_call(lambda s: memory.get(policies.state_key(s)), sample),
            tally["positions"],
        ),
        ("evaluate", per_call(policies.evaluate, sample), tally["expanded"]),
        ("candidates", per_call(policies.candidates, sample), tally["expanded"]),
        ("finish_value", per_call(policies.finish_value, sample), tally["expanded"]),
        (
            "legal-move check",
            per_call(lambda s: s.legal_moves(), acting),
            tally["planned moves checked"],
        ),
    ]
    print(f"  the parts (us a call, calls a game, ms a game of {per_game:.1f}):")
    for name, micro, calls in costs:
        shown = f"{micro * calls / 1e3:6.2f}" if calls else "     -"
        print(f"    {name:<28} {micro:6.2f} us {calls:8.0f} {shown} ms")
    print(
        "    (a clone a move tried, but the last move from a table the search made is played on"
        " it: see copies made; finish_value holds evaluate)"
    )


def main() -> None:
    args = arguments()
    if args.one_round:
        print(json.dumps(one_round(args.players, args.policy, args.games)))
    elif args.against:
        against(args)
    else:
        parts(args)


if __name__ == "__main__":
    main()
