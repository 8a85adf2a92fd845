"""How fast Heroes vs the Umbrella Corporation plays, and how balanced it is.

Run: ``python benchmarks/corporation_speed.py [games] [balance_games]`` (defaults 1,000 and
5,000). Prints games per second for each ready-made policy (best of three runs on one core),
the cost of a fork, of ``apply`` and of a deal, and then the balance: the Heroes' win rate with
its Wilson 95% interval when both sides play the heuristic, as the Markdown table of
games/corporation/digest.md, section 14.
"""

from __future__ import annotations

import math
import random
import sys
import timeit
from collections import Counter

import umbrella_lab as ul
from umbrella_lab.engine.play import play_out
from umbrella_lab.games.corporation.policies import heuristic, random_move


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion (95% by default)."""
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def games_per_second(policy, games: int) -> tuple[float, float]:
    """Best-of-three games/s, with the moves per game (chance steps included)."""
    game = ul.load("corporation")
    best, moves = 0.0, 0
    for _ in range(3):
        made: list[tuple] = []
        start = timeit.default_timer()
        for seed in range(games):
            play_out(game.deal(seed), policy, random.Random(seed), made)
        best = max(best, games / (timeit.default_timer() - start))
        moves = len(made)
    return best, moves / games


def balance(games: int) -> None:
    """The Heroes' win rate, heuristic against heuristic, over seeds 0 to games - 1."""
    game = ul.load("corporation")
    rows = [
        play_out(game.deal(seed), heuristic, random.Random(seed)).summary() for seed in range(games)
    ]
    winners = Counter(row["winner"] for row in rows)
    low, high = wilson(winners["hero"], games)

    def mean(key: str) -> float:
        return sum(row[key] for row in rows) / games

    assaults = mean("assaults")
    print(f"\nBalance over {games} games (heuristic against heuristic, default options):\n")
    print(
        "| Heroes win | 95% interval | Umbrella wins | draws | mean turns | assaults "
        "(won) | Search and Destroy (won) | facilities destroyed | teams destroyed |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    print(
        f"| {winners['hero'] / games:.1%} | {low:.1%} to {high:.1%} | "
        f"{winners['umbrella'] / games:.1%} | {winners['draw'] / games:.1%} | "
        f"{mean('turns'):.1f} | {assaults:.1f} ({mean('assaults_won') / assaults:.0%}) | "
        f"{mean('hunts'):.1f} ({mean('hunts_won') / max(mean('hunts'), 1e-9):.0%}) | "
        f"{mean('facilities_destroyed'):.1f} | {mean('teams_destroyed'):.1f} |"
    )


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    balance_games = int(sys.argv[2]) if len(sys.argv) > 2 else 5000
    print(f"{'policy':>9} {'games/s':>9} {'moves/game':>10} {'moves/s':>9}")
    for name, policy in (("heuristic", heuristic), ("random", random_move)):
        rate, per_game = games_per_second(policy, games)
        print(f"{name:>9} {rate:>9.0f} {per_game:>10.1f} {rate * per_game:>9.0f}")
    state = ul.load("corporation").new(seed=7)
    rng = random.Random(7)
    for _ in range(40):
        state = state.apply(heuristic(state, rng))
    action = state.legal_actions()[0]
    for label, stmt in (
        ("fork (same luck)", state.fork),
        ("fork (new luck)", lambda: state.fork(new_luck=True)),
        ("apply with events", lambda: state.apply(action)),
        ("legal_actions", state.legal_actions),
        ("deal a game", lambda: state.game.deal(3)),
    ):
        runs = timeit.repeat(stmt, number=2000, repeat=5)
        print(f"{label:>22}: {min(runs) / 2000 * 1e6:7.1f} us")
    balance(balance_games)


if __name__ == "__main__":
    main()
