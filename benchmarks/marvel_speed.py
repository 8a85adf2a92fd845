"""How fast Marvel United plays, and how often each ready-made player wins.

Run: ``python benchmarks/marvel_speed.py [games]`` for the speed: games per second per policy
and player count (best of three runs on one core), moves per game, then the cost of a fork, of
``apply`` and of a deal. Targets (issue 11): 3,000 or more full solo games per second per core
with ``greedy``; a fork well under 10 microseconds.

``python benchmarks/marvel_speed.py --wins [games]`` prints win rates with 95% intervals per
villain, policy, player count (solo and 2 to 4 heroes) and challenge, each on the same seeds,
and the planner against greedy paired seed by seed.
"""

from __future__ import annotations

import math
import random
import sys
import timeit

import umbrella_lab as ul
from umbrella_lab.engine.play import play_out
from umbrella_lab.games.marvel.policies import POLICIES

VILLAINS = ("red-skull", "ultron", "taskmaster")
CHALLENGES = ("none", "moderate", "hard", "heroic")


def games_per_second(players: int, policy, games: int) -> tuple[float, float, float]:
    """Best-of-three games/s, with the moves per game and the win rate."""
    game = ul.load("marvel", players=players)
    best, moves, wins = 0.0, 0, 0
    for _ in range(3):
        made: list[tuple] = []
        wins = 0
        start = timeit.default_timer()
        for seed in range(games):
            final = play_out(game.deal(seed), policy, random.Random(seed), made)
            wins += final.result.won
        best = max(best, games / (timeit.default_timer() - start))
        moves = len(made)
    return best, moves / games, wins / games


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """A 95% interval for a share of wins."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def speed(games: int) -> None:
    print(
        f"{'players':>7} {'policy':>8} {'games/s':>9} {'moves/game':>10} {'moves/s':>9} {'wins':>6}"
    )
    for name in ("greedy", "random", "planner"):
        for players in (1, 2, 3, 4):
            count = games if name != "planner" else max(20, games // 40)
            rate, per_game, won = games_per_second(players, POLICIES[name], count)
            print(
                f"{players:>7} {name:>8} {rate:>9.0f} {per_game:>10.1f} "
                f"{rate * per_game:>9.0f} {won:>6.1%}"
            )
    solo = ul.load("marvel", players=1)
    state = ul.load("marvel", players=3).new(seed=7)
    rng = random.Random(7)
    for _ in range(12):
        state = state.apply(POLICIES["greedy"](state, rng))
    action = state.legal_actions()[0]
    for label, stmt in (
        ("fork (same luck)", state.fork),
        ("fork (new luck)", lambda: state.fork(new_luck=True)),
        ("apply with events", lambda: state.apply(action)),
        ("legal_actions", state.legal_actions),
        ("deal a solo game", lambda: solo.deal(3)),
    ):
        runs = timeit.repeat(stmt, number=2000, repeat=5)
        print(f"{label:>22}: {min(runs) / 2000 * 1e6:7.1f} us")


def wins(games: int) -> None:
    head = ("villain", "players", "challenge", "policy", "wins", "95% interval")
    print(
        " ".join(f"{word:>{width}}" for word, width in zip(head, (10, 7, 9, 8, 6, 14), strict=True))
    )
    for villain in VILLAINS:
        for players in (1, 2, 3, 4):
            for challenge in CHALLENGES:
                outcome = {}
                for name in ("random", "greedy", "planner"):
                    frame = ul.sim.simulate(
                        "marvel",
                        policy=name,
                        n=games,
                        workers=2,
                        players=players,
                        villain=villain,
                        challenge=challenge,
                        progress=False,
                    )
                    won = frame.sort_values("seed")["won"].tolist()
                    outcome[name] = won
                    low, high = wilson(sum(won), len(won))
                    print(
                        f"{villain:>10} {players:>7} {challenge:>9} {name:>8} "
                        f"{sum(won) / len(won):>6.1%} [{low:.2f}, {high:.2f}]"
                    )
                pairs = list(zip(outcome["planner"], outcome["greedy"], strict=True))
                better = sum(p and not g for p, g in pairs)
                worse = sum(g and not p for p, g in pairs)
                print(f"{'':>10} paired: planner wins {better} seeds greedy loses, {worse} reverse")


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    games = int(args[0]) if args else 1000
    if "--wins" in sys.argv:
        wins(games)
    else:
        speed(games)


if __name__ == "__main__":
    main()
