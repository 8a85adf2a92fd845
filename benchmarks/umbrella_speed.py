"""How fast Umbrella plays, and what scores its ready-made players reach.

Run: ``python benchmarks/umbrella_speed.py [games] [option=value ...]``, e.g.
``python benchmarks/umbrella_speed.py 1000 level=3``. For each policy and player count it prints
games per second (best of three runs on one core), moves and pushes per game, then the score
distribution (every seat's final score: mean, standard deviation, minimum, quartiles, maximum),
the winner's mean score, how the end was triggered and, in solo, the achievements. Last come the
costs of a fork, an ``apply`` with events and a deal.
"""

from __future__ import annotations

import random
import statistics
import sys
import timeit
from collections import Counter

import umbrella_lab as ul
from umbrella_lab.engine.play import play_out
from umbrella_lab.games.umbrella.policies import POLICIES


def _value(text: str) -> object:
    """An option value typed on the command line: a number, True/False or a word."""
    if text.lstrip("-").isdigit():
        return int(text)
    return {"True": True, "False": False}.get(text, text)


def run(players: int, policy, games: int, options: dict) -> tuple[float, list]:
    """Best-of-three games/s, and the final states of the last run."""
    game = ul.load("umbrella", players=players, **options)
    best, finals = 0.0, []
    for _ in range(3):
        finals = []
        start = timeit.default_timer()
        for seed in range(games):
            finals.append(play_out(game.deal(seed), policy, random.Random(seed)))
        best = max(best, games / (timeit.default_timer() - start))
    return best, finals


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    options = {k: _value(v) for k, v in (arg.split("=", 1) for arg in sys.argv[2:])}
    print(f"Umbrella, {games} games per line, options {options or 'default'}")
    print(
        f"{'policy':>7} {'players':>7} {'games/s':>8} {'moves':>6} {'pushes':>6}  "
        f"{'score mean':>10} {'sd':>5} {'min':>4} {'q1':>4} {'med':>4} {'q3':>4} {'max':>4} "
        f"{'winner':>6}  end triggers / achievements"
    )
    for name, policy in POLICIES.items():
        for players in (1, 2, 3, 4):
            rate, finals = run(players, policy, games, options)
            scores = sorted(s for final in finals for s in final.result.scores)
            q1, med, q3 = statistics.quantiles(scores, n=4)
            winners = [max(final.result.scores) for final in finals]
            pushes = statistics.mean(sum(final.turns) for final in finals)
            made = _moves(players, policy, games, options)
            if players == 1:
                ends = Counter(final.achievement(final.result.scores[0]) for final in finals)
            else:
                ends = Counter(final.trigger for final in finals)
            shares = ", ".join(
                f"{key} {count / len(finals):.0%}" for key, count in ends.most_common()
            )
            print(
                f"{name:>7} {players:>7} {rate:>8.0f} {made:>6.1f} {pushes:>6.1f}  "
                f"{statistics.mean(scores):>10.1f} {statistics.pstdev(scores):>5.1f} "
                f"{scores[0]:>4} {q1:>4.0f} {med:>4.0f} {q3:>4.0f} {scores[-1]:>4} "
                f"{statistics.mean(winners):>6.1f}  {shares}"
            )
    state = ul.load("umbrella", players=3, **options).new(seed=7)
    for _ in range(5):
        state = state.apply(state.legal_actions()[0])
    action = state.legal_actions()[0]
    for label, stmt in (
        ("fork (same luck)", state.fork),
        ("fork (new luck)", lambda: state.fork(new_luck=True)),
        ("apply with events", lambda: state.apply(action)),
        ("legal_actions", state.legal_actions),
        ("to_dict", state.to_dict),
        ("deal a 3-player game", lambda: state.game.deal(3)),
    ):
        runs = timeit.repeat(stmt, number=2000, repeat=5)
        print(f"{label:>22}: {min(runs) / 2000 * 1e6:7.1f} us")


def _moves(players: int, policy, games: int, options: dict) -> float:
    """Mean decisions per game (pushes, scores, passes, covers, powers)."""
    game = ul.load("umbrella", players=players, **options)
    total = 0
    for seed in range(min(games, 200)):
        made: list[tuple] = []
        play_out(game.deal(seed), policy, random.Random(seed), made)
        total += len(made)
    return total / min(games, 200)


if __name__ == "__main__":
    main()
