"""Our mcts against OpenSpiel's MCTS bot, on the same games, side by side.

Needs OpenSpiel (``pip install open_spiel``). Both searches get the same number of playouts
per decision and random rollouts (OpenSpiel's ``RandomRolloutEvaluator``; ours with
``rollout="random"``), and both decide from the deciding seat's view (OpenSpiel's bot searches
one re-deal of it, ours samples a new one every playout). With ``--with-heuristic`` ours with
its default heuristic rollouts plays too.

* **Strength**: a tournament on common seeds, seats rotated (competitive games), or the team's
  win rate on the same seeds (co-operative games), with 95% intervals; the paired score is the
  mean over seeds of both seatings.
* **Speed**: decisions per second at equal playouts on the same positions, the two searches
  alternating position by position; medians and their ratio.

    python benchmarks/mcts_openspiel.py                  # every game, default sizes
    python benchmarks/mcts_openspiel.py pig --seeds 200  # one game, more seeds
    python benchmarks/mcts_openspiel.py --playouts 50
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import umbrella_lab as ul
from umbrella_lab import sim
from umbrella_lab.engine.core import CHANCE
from umbrella_lab.interop.openspiel import OpenSpielMCTS

SEEDS = {"pig": 100, "academy": 50, "corporation": 20, "umbrella": 4, "marvel": 20}
PLAYERS = {"academy": 3}


def positions(name: str, players: int, count: int = 12) -> list:
    """Positions of seeded heuristic games where a seat has a choice."""
    game = ul.load(name, players=players)
    heuristic = sim.get_policy(name, "heuristic")
    found = []
    seed = 0
    while len(found) < count and seed < 50:
        state, rng, step = game.new(seed), random.Random(seed), 0
        while not state.is_over and len(found) < count:
            if state.to_act == CHANCE:
                state = state.roll()
                continue
            if len(state.legal_moves()) > 1 and step % 9 == 4:
                found.append(state)
            state = state.apply(heuristic(state, rng))
            step += 1
        seed += 1
    return found


def speed(name: str, players: int, playouts: int) -> tuple[float, float]:
    """Median decisions per second of ours and OpenSpiel's, alternating on the same positions."""
    ours, theirs = sim.mcts(playouts=playouts, rollout="random"), OpenSpielMCTS(playouts)
    times: dict[str, list[float]] = {"ours": [], "theirs": []}
    for index, state in enumerate(positions(name, players)):
        for who, player in (("ours", ours), ("theirs", theirs))[:: 1 if index % 2 else -1]:
            began = time.perf_counter()
            player(state, random.Random(index))
            times[who].append(time.perf_counter() - began)
    return 1 / statistics.median(times["ours"]), 1 / statistics.median(times["theirs"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "games", nargs="*", default=["pig", "academy", "corporation", "umbrella", "marvel"]
    )
    parser.add_argument("--seeds", type=int, default=None)
    parser.add_argument("--playouts", type=int, default=100)
    parser.add_argument("--seed", type=int, default=20_000)
    parser.add_argument(
        "--with-heuristic", action="store_true", help="ours with heuristic rollouts too"
    )
    args = parser.parse_args()
    p = args.playouts
    for name in args.games:
        players = PLAYERS.get(name, 2)
        ours_rate, theirs_rate = speed(name, players, p)
        print(f"\n== {name}, {players} players, {p} playouts per decision")
        print(
            f"  speed: ours {ours_rate:.1f} decisions/s, OpenSpiel's bot {theirs_rate:.1f} "
            f"decisions/s: ours x{ours_rate / theirs_rate:.1f}",
            flush=True,
        )
        n = args.seeds or SEEDS.get(name, 40)
        policies = {
            f"ours-random({p})": sim.mcts(playouts=p, rollout="random"),
            f"openspiel({p})": OpenSpielMCTS(p),
        }
        if args.with_heuristic:
            policies[f"ours-heuristic({p})"] = sim.mcts(playouts=p)
        began = time.perf_counter()
        result = sim.tournament(name, policies, n=n, seed=args.seed, players=players)
        print(
            f"  strength: {n} seeds, {len(result.games)} games, {time.perf_counter() - began:.0f} s"
        )
        if result.cooperative:
            for row in result.ladder.itertuples():
                print(
                    f"  {row.policy:<22} team wins {row.win_rate:6.1%} "
                    f"[{row.low:.1%}, {row.high:.1%}]"
                )
            games = result.games
            paired = sim.compare(
                games[games["policy"] == f"ours-random({p})"],
                games[games["policy"] == f"openspiel({p})"],
            )
            print(
                f"  ours-random - openspiel, paired on {paired.games} seeds: "
                f"{paired.difference * 100:+.1f} points [{paired.low * 100:+.1f}, "
                f"{paired.high * 100:+.1f}]"
            )
        else:
            for row in result.table.itertuples():
                print(
                    f"  {row.policy:<22} vs {row.opponent:<22} score {row.score:6.1%} "
                    f"paired over {row.seeds} seeds [{row.seed_low:.1%}, {row.seed_high:.1%}]"
                )
            for row in result.ratings.itertuples():
                print(
                    f"  rating {row.policy:<22} {row.rating:6.0f} [{row.low:.0f}, {row.high:.0f}]"
                )


if __name__ == "__main__":
    main()
