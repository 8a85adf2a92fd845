"""How fast The Umbrella Academy Game plays: games per second, moves per second, fork cost.

Run: ``python benchmarks/academy_speed.py [games]``. Prints one line per player count and
policy (best of three runs on one core), then the cost of a fork, of ``apply`` and of a deal.
Targets (issue: foundation): about 2,500 heuristic games per second per core at 3 players;
forks well under 20 microseconds.
"""

from __future__ import annotations

import random
import sys
import timeit

import umbrella_lab as ul
from umbrella_lab.engine.play import play_out
from umbrella_lab.games.academy.policies import heuristic, random_move


def games_per_second(players: int, policy, games: int) -> tuple[float, float, float]:
    """Best-of-three games/s, with the moves per game and the win rate."""
    game = ul.load("academy", players=players)
    best, moves, wins = 0.0, 0, 0
    for _ in range(3):
        made: list[tuple] = []
        wins = 0
        start = timeit.default_timer()
        for seed in range(games):
            final = play_out(game.deal(seed), policy, random.Random(seed), made)
            wins += final.result.won
        elapsed = timeit.default_timer() - start
        best = max(best, games / elapsed)
        moves = len(made)
    return best, moves / games, wins / games


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    print(
        f"{'players':>7} {'policy':>9} {'games/s':>9} {'moves/game':>10} {'moves/s':>9} {'wins':>6}"
    )
    for policy_name, policy in (("heuristic", heuristic), ("random", random_move)):
        for players in range(1, 7):
            rate, per_game, won = games_per_second(players, policy, games)
            print(
                f"{players:>7} {policy_name:>9} {rate:>9.0f} {per_game:>10.1f} "
                f"{rate * per_game:>9.0f} {won:>6.1%}"
            )
    state = ul.load("academy", players=3).new(seed=7)
    for _ in range(5):
        state = state.apply(state.legal_actions()[0])
    action = state.legal_actions()[0]
    for label, stmt in (
        ("fork (same luck)", state.fork),
        ("fork (new luck)", lambda: state.fork(new_luck=True)),
        ("apply with events", lambda: state.apply(action)),
        ("legal_actions", state.legal_actions),
        ("deal a 3-player game", lambda: state.game.deal(3)),
    ):
        runs = timeit.repeat(stmt, number=2000, repeat=5)
        print(f"{label:>22}: {min(runs) / 2000 * 1e6:7.1f} us")


if __name__ == "__main__":
    main()
