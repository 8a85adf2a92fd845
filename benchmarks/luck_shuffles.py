"""What shuffles during play do to the design report's luck share, measured on the same seeds.

A shuffle made during play (Marvel United's Tutor location, the academy's reshuffled decks
and its Final Battle lineup) draws its order by the count of the game's shuffles so far, so
two players on one seed meet the same shuffle only while they have shuffled alike. This
script plays the skill part's table (one row per seed, one column per player, each player
with a generator of its own) three ways and prints the luck share (ICC(A,1)) of each:

* **as played**: the kit's luck, unchanged;
* **shared**: every shuffle during play keyed by where it is made and by the cards shuffled
  (the same pile at the same place gets the same order whoever plays): the luck shared as far
  as it can be;
* **apart**: every shuffle during play drawn from the player's own seed: none of it shared.

It also prints how many seeds saw a shuffle during play in some player's game, and the
difference "as played - shared" with its bootstrap standard deviation (seeds resampled).
The luck of the deal is never changed; the games' rules are not touched (the shuffles are
redirected in this process only).

    python benchmarks/luck_shuffles.py marvel 1 300 random,greedy,heuristic
    python benchmarks/luck_shuffles.py academy 3 300 random,heuristic,mcts
"""

from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import umbrella_lab as ul
from umbrella_lab.engine.core import Game, State
from umbrella_lab.engine.luck import Draws, derive_seed, number
from umbrella_lab.sim.mcts import MCTS
from umbrella_lab.sim.policies import get_policy
from umbrella_lab.sim.stats import agreement_estimate

MODES = ("as played", "shared", "apart")
"""How the shuffles during play are drawn (see the module)."""


class _How:
    """The mode, the player at the table and each seed's shuffles at the deal."""

    mode = "as played"
    player = 0
    dealt: dict[int, int] = {}  # noqa: RUF012 (one table per process)


class _SameForTheSamePile:
    """A shuffle's numbers keyed by where it is made and by the cards (as a set) shuffled."""

    def __init__(self, seed: int, place: tuple[str, int]) -> None:
        """Shuffles of ``seed`` made at ``place`` (a rules module's function, and its line)."""
        self.seed, self.place = seed, place

    def _draws(self, what: object) -> Draws:
        said = repr((self.place, what)).encode("utf-8")  # the same key in every process
        key = int.from_bytes(hashlib.blake2b(said, digest_size=5).digest(), "little")
        return Draws(number(self.seed, (1 << 50) + key))

    def shuffle(self, pile: list[Any]) -> None:
        pile.sort()
        self._draws(tuple(pile)).shuffle(pile)

    def randrange(self, n: int) -> int:
        return self._draws(("below", n)).randrange(n)

    def random(self) -> float:
        return self._draws("random").random()

    def sample(self, population: Sequence[Any], k: int) -> list[Any]:
        return self._draws(tuple(sorted(population))).sample(population, k)

    def choice(self, items: Sequence[Any]) -> Any:
        return items[self.randrange(len(items))]


def _redirect(cls: type[State]) -> None:
    """Make ``cls._rng`` draw shuffles during play as :class:`_How` says."""
    kept = cls._rng

    def _rng(self: Any) -> Any:
        dealt = _How.dealt.get(self.seed)
        if _How.mode == "as played" or dealt is None or self.shuffles < dealt:
            return kept(self)
        self.shuffles += 1
        if _How.mode == "apart":
            return Draws(number(derive_seed(self.seed, 5_000 + _How.player), self.shuffles))
        caller = sys._getframe(1)
        place = f"{Path(caller.f_code.co_filename).name}:{caller.f_code.co_name}"
        return _SameForTheSamePile(self.seed, (place, caller.f_lineno))

    cls._rng = _rng  # type: ignore[method-assign]


def _player(game: Game, name: str) -> Any:
    if name == "mcts":
        return MCTS(8, rollout=game.info.simulation.main_policy, name="mcts")
    return name


def table(game: Game, names: list[str], seeds: range) -> tuple[list[list[float]], list[list[int]]]:
    """Each seed's results (1 won, 0 lost) and shuffles during play, one column per player."""
    fast = [get_policy(game, _player(game, name)) for name in names]
    results, shuffles = [], []
    for seed in seeds:
        fresh = game.deal(seed)
        _How.dealt[seed] = fresh.shuffles
        row, made = [], []
        for k, policy in enumerate(fast):
            _How.player = k
            s = game.deal(seed)
            rng = random.Random(derive_seed(seed, 1_000 + 100 * (k + 1)))
            while s.result is None:
                policy(s, rng).play(s)
            row.append(float(s.result.won))
            made.append(s.shuffles - fresh.shuffles)
        results.append(row)
        shuffles.append(made)
    return results, shuffles


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=["marvel", "academy"])
    parser.add_argument("players", type=int)
    parser.add_argument("seeds", type=int)
    parser.add_argument("policies", help="players, weakest first, e.g. random,heuristic,mcts")
    args = parser.parse_args()
    game = ul.load(args.game, players=args.players)
    _redirect(type(game.deal(0)))
    names = args.policies.split(",")
    tables = {}
    for mode in MODES:
        _How.mode = mode
        tables[mode], shuffles = table(game, names, range(args.seeds))
        columns = [[row[k] for row in tables[mode]] for k in range(len(names))]
        pairs = zip(names, columns, strict=True)
        rates = ", ".join(f"{n} {statistics.fmean(c):.1%}" for n, c in pairs)
        print(f"{mode:<10} luck share {agreement_estimate(tables[mode]):.3f} ({rates})")
        if mode == "as played":
            some = sum(any(made) for made in shuffles)
            each = ", ".join(
                f"{n} {sum(made[k] > 0 for made in shuffles) / args.seeds:.0%}"
                for k, n in enumerate(names)
            )
            print(f"  seeds with a shuffle during play: {some} of {args.seeds} ({each})")
    draw = random.Random(1)
    played, shared = tables["as played"], tables["shared"]
    changes = []
    for _ in range(300):
        picked = [draw.randrange(args.seeds) for _ in range(args.seeds)]
        change = agreement_estimate([played[i] for i in picked]) - agreement_estimate(
            [shared[i] for i in picked]
        )
        if change == change:  # a resample where nothing varies has no share
            changes.append(change)
    moved = sum(a != b for a, b in zip(played, shared, strict=True))
    print(
        f"as played - shared: {agreement_estimate(played) - agreement_estimate(shared):+.3f} "
        f"(bootstrap sd {statistics.stdev(changes):.3f}); {moved} seeds changed a result"
    )


if __name__ == "__main__":
    main()
