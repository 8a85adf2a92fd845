"""How strong is the search player? mcts against each game's heuristic, on common seeds.

Competitive games: a tournament of the heuristic and mcts (and random, with --with-random;
every pairing, seats rotated, the same seeds for every pairing); the paired score of mcts
against the heuristic is the mean over seeds of its score in both seats, with a 95% interval
over seeds. Co-operative games: the
team's win rate with each policy at every seat, and the paired difference mcts - heuristic on
the same seeds.

    python benchmarks/mcts_strength.py                 # every game, default seeds per game
    python benchmarks/mcts_strength.py pig umbrella    # some games
    python benchmarks/mcts_strength.py --seeds 40      # fewer seeds (quicker, wider intervals)
    python benchmarks/mcts_strength.py --playouts 200  # another budget than the default
"""

from __future__ import annotations

import argparse
import time

import umbrella_lab as ul
from umbrella_lab import sim

SEEDS = {"pig": 200, "academy": 300, "umbrella": 100, "corporation": 100, "marvel": 40}
"""Seeds per game by default (a game not listed plays 100)."""

PLAYERS = {"academy": 3}
"""Player counts other than the tournament's default (2 in competitive games)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=ul.games())
    parser.add_argument("--seeds", type=int, default=None)
    parser.add_argument("--playouts", type=int, default=None)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=10_000)
    parser.add_argument("--with-random", action="store_true", help="random plays too")
    args = parser.parse_args()
    for name in args.games:
        n = args.seeds or SEEDS.get(name, 100)
        player = sim.get_policy(name, "mcts") if args.playouts is None else None
        if args.playouts is not None:
            player = sim.mcts(playouts=args.playouts)
        policies = {"heuristic": "heuristic", "mcts": player}
        if args.with_random:
            policies = {"random": "random", **policies}
        players = args.players or PLAYERS.get(name)
        began = time.perf_counter()
        result = sim.tournament(name, policies, n=n, seed=args.seed, players=players)
        seconds = time.perf_counter() - began
        print(
            f"\n== {name}, {result.players} player(s), {n} seeds, {len(result.games)} games, "
            f"{seconds:.0f} s ({player.name}: {player.budget(name)} playouts per decision)"
        )
        if result.cooperative:
            ladder = result.ladder
            for row in ladder.itertuples():
                print(
                    f"  {row.policy:<10} team wins {row.win_rate:6.1%} "
                    f"[{row.low:.1%}, {row.high:.1%}] of {row.games}"
                )
            games = result.games
            paired = sim.compare(
                games[games["policy"] == "mcts"], games[games["policy"] == "heuristic"]
            )
            print(
                f"  mcts - heuristic, paired on {paired.games} seeds: "
                f"{paired.difference * 100:+.1f} points [{paired.low * 100:+.1f}, "
                f"{paired.high * 100:+.1f}], seeds won only by mcts {paired.only_a}, "
                f"only by heuristic {paired.only_b}, p={paired.p_value:.3g}"
            )
        else:
            table = result.table
            for row in table.itertuples():
                print(
                    f"  {row.policy:<10} vs {row.opponent:<10} score {row.score:6.1%} "
                    f"[{row.low:.1%}, {row.high:.1%}] paired over {row.seeds} seeds "
                    f"[{row.seed_low:.1%}, {row.seed_high:.1%}] "
                    f"(W{row.wins}/D{row.draws}/L{row.losses})"
                )
            for row in result.ratings.itertuples():
                print(
                    f"  rating {row.policy:<10} {row.rating:7.0f} [{row.low:.0f}, {row.high:.0f}]"
                )


if __name__ == "__main__":
    main()
