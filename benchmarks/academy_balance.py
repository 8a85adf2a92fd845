"""Balance of The Umbrella Academy Game's reconstructed decks: win rate per player count.

Run: ``python benchmarks/academy_balance.py [games]`` (default 5,000 per player count). Prints a
Markdown table (the one in games/academy/digest.md, section 15): the heuristic team's win rate
with its Wilson 95% interval, the mean rounds played and the share of games that reach the
Final Battle. The decks are tuned so that every row stays between 30% and 70%.
"""

from __future__ import annotations

import sys

from umbrella_lab.sim import simulate, win_rate


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    print("| players | win rate | 95% interval | mean rounds | reach the Final Battle |")
    print("|---|---|---|---|---|")
    for players in range(1, 7):
        frame = simulate(
            "academy", players=players, policy="heuristic", n=games, seed=0, progress=False
        )
        rate = win_rate(frame).iloc[0]
        print(
            f"| {players} | {rate.win_rate:.1%} | {rate.low:.1%} to {rate.high:.1%} | "
            f"{frame['rounds'].mean():.2f} | {frame['final_battle'].mean():.0%} |"
        )


if __name__ == "__main__":
    main()
