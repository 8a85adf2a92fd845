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
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
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
    args = parser.parse_args()
    unknown = [name for name in args.games if name not in CASES]
    if unknown:
        parser.error(f"no case for {', '.join(unknown)}: the games are {', '.join(CASES)}")
    return args


def main() -> None:
    args = arguments(__doc__)
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
