"""Where a simulated game's time goes: dealing, the rules, and the player choosing.

Run: ``python benchmarks/where_time_goes.py [--rounds R] [--scale X] [game ...]``.

For each game (its usual player count, its ready-made player) the same seeds are played three
ways, one after the other in every round, and each is timed in CPU seconds:

* **whole**: the games as ``sim.simulate`` plays them (deal, then the play loop with the
  player choosing every decision and the state's own luck deciding every chance step);
* **rules**: the same games again, the player replaced by one that hands back the moves the
  real player chose, in order, at no cost. What is left is the deal, the loop, the luck and
  the rules playing each move: the fastest the game could go with a player that took no time;
* **deal**: only the deals.

The table gives the medians: games per CPU-second whole and with the rules alone (the
*ceiling* no player can pass), the share of each part, and the rules' cost per move. A speed
target above a game's ceiling cannot be met by a faster player: the rules must get faster.

The last columns hold each game against its speed target (:data:`TARGETS`): how many times
faster the player alone would have to choose to reach it, with the rules as they are, or
"rules" when the rules alone are slower than the target.

``--against REV`` (``HEAD~1``, say) times the kit of another commit side by side: its package is
unpacked from git into a temporary folder, each round times the same games with this checkout
and with it, in turns, each in its own process (so that neither warms the other's caches), and
the table gives each side's whole games per CPU-second and their ratio, medians of the rounds.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import umbrella_lab as ul
from umbrella_lab.engine.play import play_out
from umbrella_lab.sim.simulate import get_policy

CASES = {
    "academy": (3, "heuristic", 600),
    "umbrella": (2, "heuristic", 150),
    "corporation": (2, "heuristic", 150),
    "pig": (2, "heuristic", 600),
    "marvel": (1, "greedy", 200),
}
"""Game: (player count, player, games per timing)."""

TARGETS = {"academy": 1000, "umbrella": 1000, "corporation": 1000, "pig": 1000, "marvel": 2000}
"""The speed targets, games per CPU-second with the case's player: 1,000 for every game's
heuristic, 2,000 for Marvel United's solo greedy player."""


def case(name: str, scale: float) -> tuple[ul.Game, Callable[..., Any], range, str]:
    """The game of case ``name``, its player, the seeds to time (``scale`` times the usual
    number) and the case's label for the table."""
    players, player, games = CASES[name]
    seeds = range(max(10, int(games * scale)))
    return (
        ul.load(name, players=players),
        get_policy(name, player),
        seeds,
        f"{name} {players}p, {player}",
    )


def player_must_gain(n: int, whole: float, rules: float, target: float) -> str:
    """How many times faster the player must choose for ``n`` games to reach ``target``.

    "met" when the games are as fast already; "rules" when the rules alone (``rules`` CPU
    seconds, deals included) are slower than the target, so that no player can reach it.
    """
    budget = n / target  # CPU seconds the n games may take
    if whole <= budget:
        return "met"
    if rules >= budget:
        return "rules"
    return f"{(whole - rules) / (budget - rules):.1f}x"


def recording(policy: Callable[..., Any], chosen: list[Any]) -> Callable[..., Any]:
    """``policy``, writing down every move it chooses."""

    def choose(state: Any, rng: random.Random) -> Any:
        move = policy(state, rng)
        chosen.append(move)
        return move

    return choose


def replaying(chosen: list[Any]) -> Callable[..., Any]:
    """A player that chooses nothing: it hands back ``chosen``, in order."""
    moves = iter(chosen)
    return lambda state, rng: next(moves)


def one_round(game: ul.Game, policy: Callable[..., Any], seeds: range) -> tuple[float, ...]:
    """CPU seconds for the whole games, the rules alone and the deals, and the moves made."""
    chosen: list[list[Any]] = []
    made: list[Any] = []
    began = time.process_time()
    for seed in seeds:
        chosen.append([])
        play_out(
            game.deal(seed), recording(policy, chosen[-1]), random.Random(seed), made, in_place=True
        )
    whole = time.process_time() - began
    began = time.process_time()
    for seed, moves in zip(seeds, chosen, strict=True):
        play_out(game.deal(seed), replaying(moves), random.Random(seed), in_place=True)
    rules = time.process_time() - began
    began = time.process_time()
    for seed in seeds:
        game.deal(seed)
    deal = time.process_time() - began
    return whole, rules, deal, len(made) / len(seeds)


def arguments(doc: str) -> argparse.Namespace:
    """The games asked for (of :data:`CASES`), ``--rounds`` and ``--scale``, from the command."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=list(CASES), help=", ".join(CASES))
    parser.add_argument("--rounds", type=int, default=5, help="timings of each way per game")
    parser.add_argument("--scale", type=float, default=1.0, help="games per timing, x")
    parser.add_argument("--against", metavar="REV", help="time another commit side by side")
    parser.add_argument("--one-round", metavar="GAME", help=argparse.SUPPRESS)  # a side's round
    args = parser.parse_args()
    if args.one_round:
        return args
    unknown = [name for name in args.games if name not in CASES]
    if unknown:
        parser.error(f"no case for {', '.join(unknown)}: the games are {', '.join(CASES)}")
    return args


def unpacked(rev: str, into: Path) -> Path:
    """The package ``umbrella_lab`` as commit ``rev`` has it, unpacked under ``into``."""
    root = subprocess.run(
        ["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True, check=True
    ).stdout.strip()
    archive = subprocess.run(
        ["git", "archive", "--format=tar", rev, "umbrella_lab"],
        cwd=root,
        capture_output=True,
        check=True,
    ).stdout
    tar = into / "kit.tar"
    tar.write_bytes(archive)
    with tarfile.open(tar) as packed:
        packed.extractall(into, filter="data")
    return into


def side_round(name: str, scale: float, kit: Path | None) -> tuple[float, ...]:
    """One round of ``name`` timed in a fresh process, with the package of ``kit`` (a folder
    holding ``umbrella_lab``) or of this checkout (``None``)."""
    env = dict(os.environ)
    if kit is not None:
        env["PYTHONPATH"] = str(kit) + os.pathsep + env.get("PYTHONPATH", "")
    command = [sys.executable, __file__, name, "--one-round", name, "--scale", str(scale)]
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout
    return tuple(json.loads(out.splitlines()[-1]))


def against(args: argparse.Namespace) -> None:
    """Each game with this checkout and with commit ``args.against``, side by side."""
    with tempfile.TemporaryDirectory() as folder:
        kit = unpacked(args.against, Path(folder))
        print(
            f"{'game, player':<24} {args.against[:12]:>9} {'this':>9} {'ratio':>6}   "
            f"{'rules alone':>21}"
        )
        print(f"{'':<24} {'whole games per CPU-s':>19} {'':>6}   {'then':>9} {'now':>9} ")
        for name in args.games:
            n = len(case(name, args.scale)[2])
            then: list[tuple[float, ...]] = []
            now: list[tuple[float, ...]] = []
            for turn in range(args.rounds):  # in turns, the first side changing every round
                sides = ((then, kit), (now, None)) if turn % 2 else ((now, None), (then, kit))
                for times, where in sides:
                    times.append(side_round(name, args.scale, where))
            whole = [n / statistics.median(t[0] for t in side) for side in (then, now)]
            rules = [n / statistics.median(t[1] for t in side) for side in (then, now)]
            print(
                f"{case(name, args.scale)[3]:<24} {whole[0]:>9,.0f} {whole[1]:>9,.0f} "
                f"{whole[1] / whole[0]:>6.2f}   {rules[0]:>9,.0f} {rules[1]:>9,.0f}"
            )


def main() -> None:
    args = arguments(__doc__)
    if args.one_round:
        game, policy, seeds, _ = case(args.one_round, args.scale)
        one_round(game, policy, range(5))  # warm up: data files, caches
        print(json.dumps(one_round(game, policy, seeds)))
        return
    if args.against:
        against(args)
        return
    print(
        f"{'game, player':<24} {'whole':>7} {'rules':>7}   {'deal':>5} {'rules':>6} {'player':>7}"
        f"   {'moves':>6} {'rules':>9}   {'target':>6} {'player':>7}"
    )
    print(
        f"{'':<24} {'games per CPU-s':>15}   {'share of the whole':>20}"
        f"   {'a game':>6} {'per move':>9}   {'':>6} {'must be':>7}"
    )
    for name in args.games:
        game, policy, seeds, label = case(name, args.scale)
        one_round(game, policy, range(5))  # warm up: data files, caches
        rounds = [one_round(game, policy, seeds) for _ in range(args.rounds)]
        whole, rules, deal, moves = (statistics.median(part) for part in zip(*rounds, strict=True))
        n = len(seeds)
        print(
            f"{label:<24} {n / whole:>7,.0f} {n / rules:>7,.0f}   {deal / whole:>5.0%} "
            f"{(rules - deal) / whole:>6.0%} {(whole - rules) / whole:>7.0%}   {moves:>6.0f} "
            f"{1e6 * (rules - deal) / n / moves:>6.1f} us   {TARGETS[name]:>6,} "
            f"{player_must_gain(n, whole, rules, TARGETS[name]):>7}"
        )


if __name__ == "__main__":
    main()
