"""How long the advisor takes to answer, per game, against the 1 s target.

For each game and player count, 10 positions where a seat or the team decides (the opening,
then positions spread over seeded heuristic games, the widest choices first), each answered
by the racing advisor at its default budget (``sim.advise(state)``, every core) and, for
comparison, by the even advisor giving every move 100 rollouts (what the explorer did before).
Positions are taken in turn, the two advisors alternating on each, so the machine's drift
hits both alike; the table gives the median and the worst time per game and their ratio.

    python benchmarks/advisor_speed.py               # every game
    python benchmarks/advisor_speed.py umbrella pig  # some games
    python benchmarks/advisor_speed.py --no-even     # only the racing advisor (quicker)
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import umbrella_lab as ul
from umbrella_lab import sim
from umbrella_lab.engine.core import CHANCE

TARGET = 1.0
"""Seconds: a ranked answer for any position of any game."""

TABLES = {
    "academy": (1, 3, 6),
    "corporation": (2,),
    "marvel": (1, 2, 4),
    "pig": (2, 4),
    "umbrella": (1, 2, 4),
}


def positions(name: str, players: int, count: int = 10) -> list:
    """The opening and positions spread over seeded games, the widest choices first."""
    game = ul.load(name, players=players)
    heuristic = sim.get_policy(name, "heuristic")
    found = []
    for seed in range(6):
        state = game.new(seed)
        rng = random.Random(seed)
        step = 0
        while not state.is_over:
            if state.to_act == CHANCE:
                state = state.roll()
                continue
            if len(state.legal_moves()) > 1 and step % 5 == 0:
                found.append(state)
            state = state.apply(heuristic(state, rng))
            step += 1
    opening = [found[0]]
    rest = sorted(found[1:], key=lambda s: -len(s.legal_moves()))
    wide = rest[: count // 2]
    spread = rest[count // 2 :: max(1, len(rest) // count)]
    return (opening + wide + spread)[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=sorted(TABLES))
    parser.add_argument("--no-even", action="store_true", help="skip the even advisor")
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    print(
        f"{'game':<14} {'moves':>9} {'race median':>12} {'race worst':>11} "
        f"{'even median':>12} {'ratio':>6}  verdicts  within {TARGET:.0f} s"
    )
    for name in args.games:
        for players in TABLES.get(name, (ul.load(name).players,)):
            race, even, widths, bests = [], [], [], 0
            for state in positions(name, players):
                widths.append(len(state.legal_moves()))
                began = time.perf_counter()
                advice = sim.advise(state, workers=args.workers)
                race.append(time.perf_counter() - began)
                bests += advice["verdict"].iloc[0] == "best"
                if not args.no_even:
                    began = time.perf_counter()
                    sim.advise(state, rollouts=100, workers=args.workers)
                    even.append(time.perf_counter() - began)
            med, worst = statistics.median(race), max(race)
            ok = "yes" if worst <= TARGET else "NO"
            if even:
                even_med = statistics.median(even)
                compared = f"{even_med:>11.2f}s {even_med / med:>6.1f}"
            else:
                compared = f"{'-':>12} {'-':>6}"
            print(
                f"{name + ' ' + str(players) + 'p':<14} {min(widths):>3}-{max(widths):<5} "
                f"{med:>11.2f}s {worst:>10.2f}s {compared}"
                f"  {bests:>2}/10 best  {ok}",
                flush=True,
            )


if __name__ == "__main__":
    main()
