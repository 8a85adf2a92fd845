"""Tournaments: every policy against every other on the same seeds, with ratings.

>>> from umbrella_lab import sim
>>> result = sim.tournament("pig", ["random", "heuristic"], n=20, seed=0)
>>> result.table[["policy", "opponent", "games"]].values.tolist()
[['heuristic', 'random', 40], ['random', 'heuristic', 40]]
>>> result.ratings["policy"].tolist()
['heuristic', 'random']

How a tournament is played, for games where players win on their own:

* **every pairing**: each pair of policies meets;
* **seats rotated**: on every seed a pair plays every line-up of one against the rest, each
  seat taken in turn (in a two-player game: A-B and B-A), so no one keeps the first seat;
* **common luck**: every pairing plays the same seeds (game ``i`` is dealt from seed
  ``seed + i`` and the policies share the generator ``random.Random(seed + i)``), so the
  differences come from the players, not from the deal;
* **one row per game** (:attr:`Tournament.games`), then a table of win rates with 95% Wilson
  intervals per pairing (:attr:`Tournament.table`) and a **Bradley-Terry rating** on the Elo
  scale (:attr:`Tournament.ratings`) whose 95% range comes from a bootstrap over the seeds
  (all games of a seed drawn together, so the common luck stays paired).

In a co-operative game (or a solo game) the players do not play against each other: each
policy plays the whole team on the same seeds, and :attr:`Tournament.ladder` ranks the team's
win rates, each with its interval and its paired difference from the policy ranked just
below.

A plain function written in a notebook (``def mine(view, actions): ...``) takes part like the
ready-made policies; so does a tuned search player (``sim.mcts(playouts=400)``).
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from umbrella_lab.engine.core import Game, State, load
from umbrella_lab.engine.errors import OptionError, seed_number, whole_number
from umbrella_lab.engine.play import FastPolicy, play_out
from umbrella_lab.engine.words import plural
from umbrella_lab.sim._later import later
from umbrella_lab.sim._parallel import (
    executor_or_none,
    local_pool,
    rebuild_game,
    shippable,
    submit_quietly,
    workers_or_default,
)
from umbrella_lab.sim.policies import PolicyError, PolicyLike, get_policy, policy_name
from umbrella_lab.sim.stats import Z95, Comparison, compare, wilson, win_rate

if TYPE_CHECKING:
    import numpy as np
    import pandas as pd

    from umbrella_lab.engine.moves import Move
else:  # imported when a table is first made
    np = later("numpy")
    pd = later("pandas")

ELO_MEAN = 1500.0
"""The mean rating of a tournament's policies on the Elo scale."""

BOOTSTRAP = 200
"""Bootstrap resamples of the seeds for the rating's 95% range."""

MOST_SEEDS = 100_000_000
"""The most seeds per pairing (``n``), as many as :func:`umbrella_lab.sim.simulate` plays."""

MOST_BOOTSTRAP = 100_000
"""The most bootstrap resamples (``bootstrap``)."""

PRIOR_GAMES = 1.0
"""A virtual drawn game between every pair met, so that a policy that wins every game still
gets a finite rating (it moves ratings by little once a pairing has played many games)."""

PARALLEL_FROM = 100
"""Tournaments of fewer games than this stay in this process."""


@dataclass
class Tournament:
    """The outcome of :func:`tournament`.

    Attributes:
        game: The game's name.
        players: Seats at the table.
        cooperative: True when the players win or lose together (a ladder, no pairings).
        policies: The names of the policies, in the order given.
        games: One row per game played.
        table: Win rates per pairing (competitive games): ``policy``, ``opponent``, ``games``,
            ``wins``, ``draws``, ``losses``, ``score`` (wins plus half the draws, per game),
            ``low``, ``high`` (95% Wilson interval of the score), ``seeds``, ``seed_low``,
            ``seed_high`` (the paired interval over seeds, see :func:`pairing_table`).
        ratings: Bradley-Terry ratings on the Elo scale (competitive games): ``policy``,
            ``rating``, ``low``, ``high`` (95% bootstrap range over seeds), ``games``,
            ``score``; best first.
        ladder: Team win rates (co-operative and solo games): ``policy``, ``games``, ``wins``,
            ``win_rate``, ``low``, ``high``, and ``ahead_by``, ``ahead_low``, ``ahead_high``:
            the paired difference from the next policy down on the same seeds; best first.
    """

    game: str
    players: int
    cooperative: bool
    policies: list[str]
    games: pd.DataFrame
    table: pd.DataFrame = field(default_factory=lambda: pd.DataFrame())
    ratings: pd.DataFrame = field(default_factory=lambda: pd.DataFrame())
    ladder: pd.DataFrame = field(default_factory=lambda: pd.DataFrame())

    def __repr__(self) -> str:
        kind = "ladder" if self.cooperative else "pairings"
        return (
            f"<Tournament {self.game}, {plural(self.players, 'player')}, {len(self.policies)} "
            f"policies, {len(self.games)} games ({kind})>"
        )

    def summary(self) -> pd.DataFrame:
        """The ranking in one table: the ladder (co-operative) or the ratings."""
        return self.ladder if self.cooperative else self.ratings

    def seed_scores(self, policy: str, opponent: str | None = None) -> pd.DataFrame:
        """A policy's result on each seed: ``seed`` and ``score``, one row per seed.

        In a competitive game the score is its mean over the seed's line-ups against
        ``opponent`` (1 a win, 0.5 a draw, 0 a loss); in a co-operative game, whether the
        team won (``opponent`` is not needed).

        Raises:
            ValueError: for a policy (or an opponent) that did not play, or a competitive game
                without an opponent.
        """
        for name in (policy, opponent):
            if name is not None and name not in self.policies:
                msg = f"{name!r} did not play; the policies are {', '.join(self.policies)}"
                raise OptionError(msg)
        games = self.games
        if self.cooperative:
            mine = games[games["policy"] == policy]
            scores = mine["won"].astype(float)
        else:
            if opponent is None or opponent == policy:
                msg = "give the opponent whose games are counted (another policy of the tournament)"
                raise OptionError(msg)
            pair = {policy, opponent}
            mine = games[[{a, b} == pair for a, b in zip(games["a"], games["b"], strict=True)]]
            scores = np.where(
                mine["outcome"] == policy, 1.0, np.where(mine["outcome"] == opponent, 0.0, 0.5)
            )
            scores = pd.Series(scores, index=mine.index)
        table = scores.groupby(mine["seed"]).mean().rename("score").reset_index()
        return table

    def compare(self, policy: str, other: str, opponent: str | None = None) -> Comparison:
        """How much better ``policy`` did than ``other``, seed by seed, on the same luck.

        Competitive games: each one's score against ``opponent`` on each seed (both met it on
        the same seeds, in the same seats); co-operative games: the team's wins. The interval
        is paired over seeds (:func:`umbrella_lab.sim.stats.compare`).

        >>> from umbrella_lab import sim
        >>> def always_roll(view, actions):
        ...     return actions[0]
        >>> result = sim.tournament(
        ...     "pig", ["heuristic", "random", always_roll], n=30, seed=1, bootstrap=0
        ... )
        >>> better = result.compare("random", "always_roll", opponent="heuristic")
        >>> better.games, bool(better.difference > 0)
        (30, True)
        """
        mine = self.seed_scores(policy, opponent)
        theirs = self.seed_scores(other, opponent)
        return compare(mine, theirs, column="score")


def tournament(
    game: str | Game,
    policies: Sequence[PolicyLike] | Mapping[str, PolicyLike],
    n: int = 100,
    seed: int = 0,
    *,
    players: int | None = None,
    executor: Executor | None = None,
    workers: int | None = None,
    bootstrap: int = BOOTSTRAP,
    **options: Any,
) -> Tournament:
    """Play every policy against every other on the same seeds, seats rotated.

    Args:
        game: A game name (then ``players=`` and rule options may follow) or a loaded game.
        policies: The policies: a list (named as in simulation tables, e.g. ``"heuristic"``,
            or a function's name) or a dict from the names to show to the policies. Names,
            fast policies, plain functions ``(view, actions)`` and search players all work.
        n: Seeds per pairing (every pairing plays every seed in every seat line-up).
        seed: The first seed; seeds ``seed`` to ``seed + n - 1`` are played.
        players: Seats at the table (default: the game's loaded count, or 2 where a
            competitive game allows it).
        executor: Any ``concurrent.futures`` executor to run the games on.
        workers: Processes to use without an executor (default: every core; ``1`` keeps
            everything in this process).
        bootstrap: Resamples for the rating's range (0 for none).
        **options: Rule options, when ``game`` is a name.

    Returns:
        A :class:`Tournament`: ``games`` (one row per game), and ``table`` and ``ratings``
        (competitive games) or ``ladder`` (co-operative and solo games).

    Raises:
        ValueError: for fewer than two policies, two with the same name, or a bad count
            (``n`` from 1 to :data:`MOST_SEEDS`, ``bootstrap`` from 0 to
            :data:`MOST_BOOTSTRAP`, a seed from 0).
        PolicyError: for something that is not a policy of this game.
    """
    loaded = _resolve(game, players, options)
    n = whole_number(n, "tournament: n (seeds per pairing)", low=1, high=MOST_SEEDS)
    bootstrap = whole_number(bootstrap, "tournament: bootstrap", low=0, high=MOST_BOOTSTRAP)
    seed = seed_number(seed, "tournament: the seed")
    executor = executor_or_none(executor, "tournament")
    named = _named(policies)
    fast = {name: get_policy(loaded, policy) for name, policy in named.items()}
    sent = {
        name: (policy if isinstance(policy, str) else fast[name]) for name, policy in named.items()
    }
    cooperative = loaded.info.cooperative or loaded.players == 1
    if cooperative:
        frames = []
        for name in named:
            rows = _run(
                loaded, [((name,) * loaded.players, seed, seed + n)], sent, executor, workers
            )
            frames.append(_frame(loaded, rows))
        games = pd.concat(frames, ignore_index=True)
        return Tournament(
            loaded.name,
            loaded.players,
            True,
            list(named),
            games,
            ladder=ladder(games),
        )
    lineups = []
    for a, b in itertools.combinations(named, 2):
        lineups += line_ups(a, b, loaded.players)
    tasks = [(lineup, seed, seed + n) for lineup in lineups]
    games = _frame(loaded, _run(loaded, tasks, sent, executor, workers), list(named))
    table = pairing_table(games)
    return Tournament(
        loaded.name,
        loaded.players,
        False,
        list(named),
        games,
        table=table,
        ratings=ratings(games, bootstrap=bootstrap),
    )


# --- line-ups and the games ------------------------------------------------------------------


def line_ups(a: str, b: str, players: int) -> list[tuple[str, ...]]:
    """Every seat line-up of ``a`` alone against ``b``, and of ``b`` alone against ``a``.

    Each rotated over the seats, without repeats: in a two-player game ``(a, b)`` and
    ``(b, a)``; with three players six line-ups.

    >>> line_ups("x", "y", 2)
    [('x', 'y'), ('y', 'x')]
    >>> len(line_ups("x", "y", 3))
    6
    """
    found: list[tuple[str, ...]] = []
    for alone, rest in ((a, b), (b, a)):
        for seat in range(players):
            lineup = tuple(alone if i == seat else rest for i in range(players))
            if lineup not in found:
                found.append(lineup)
    return found


class Seated:
    """A fast policy that hands each decision to the policy of the seat deciding.

    Args:
        policies: One fast policy per seat.
    """

    __slots__ = ("policies",)

    def __init__(self, policies: Sequence[FastPolicy]) -> None:
        self.policies = tuple(policies)

    def __call__(self, state: State, rng: random.Random) -> Move:
        """The move of the policy in the deciding seat (the first seat's for a team)."""
        seat = state.to_act
        return self.policies[seat if seat is not None and seat >= 0 else 0](state, rng)


def play_lineup(
    name: str,
    players: int,
    options: dict[str, Any],
    lineup: Sequence[str],
    policies: Mapping[str, PolicyLike],
    start: int,
    stop: int,
) -> list[dict[str, Any]]:
    """Play seeds ``start .. stop - 1`` with one policy per seat; one plain row per game.

    The task each worker runs (only plain values and picklable policies travel).

    Args:
        name: Registry name of the game.
        players: Seats.
        options: Options that differ from their defaults.
        lineup: The policy name of each seat.
        policies: Policy by name (names, or picklable functions).
        start: First seed.
        stop: One past the last.

    Returns:
        One dict per game: ``seed``, ``lineup``, ``winners``, ``won``, ``moves``, ``scores``
        (where the game keeps score).
    """
    game = rebuild_game(name, players, options)
    fast = {key: get_policy(game, policies[key]) for key in set(lineup)}
    seated = Seated([fast[key] for key in lineup])
    rows = []
    made: list[tuple] = []
    for seed in range(start, stop):
        made.clear()
        final = play_out(game.deal(seed), seated, random.Random(seed), made, in_place=True)
        result = final.result
        assert result is not None
        row: dict[str, Any] = {
            "seed": seed,
            "lineup": list(lineup),
            "winners": list(result.winners),
            "won": result.won,
            "moves": len(made),
        }
        if result.scores:
            row["scores"] = list(result.scores)
        rows.append(row)
    return rows


def _run(
    game: Game,
    tasks: list[tuple[tuple[str, ...], int, int]],
    policies: Mapping[str, PolicyLike],
    executor: Executor | None,
    workers: int | None,
) -> list[dict[str, Any]]:
    """Every task's rows, in task order (here, on the local cores, or on ``executor``)."""
    options = dict(game.changed_options)
    cores = workers_or_default(workers, "tournament")
    total = sum(stop - start for _, start, stop in tasks)
    pieces: list[tuple[tuple[str, ...], int, int]] = []
    for lineup, start, stop in tasks:  # cut into pieces so both cores finish together
        size = max(1, math.ceil((stop - start) / max(2 * cores, 1)))
        pieces += [(lineup, s, min(s + size, stop)) for s in range(start, stop, size)]
    parallel = executor is not None or (
        cores > 1 and total >= PARALLEL_FROM and all(shippable(p) for p in policies.values())
    )
    if not parallel:
        return [
            row
            for lineup, start, stop in pieces
            for row in play_lineup(game.name, game.players, options, lineup, policies, start, stop)
        ]
    pool = executor if executor is not None else local_pool(cores)
    futures: list[Future[Any]] = []
    try:
        futures = [
            submit_quietly(
                pool, play_lineup, game.name, game.players, options, lineup, policies, s, e
            )
            for lineup, s, e in pieces
        ]
        return [row for future in futures for row in future.result()]
    finally:
        if executor is None:
            pool.shutdown(wait=True, cancel_futures=True)


def _frame(game: Game, rows: list[dict[str, Any]], order: Sequence[str] = ()) -> pd.DataFrame:
    """The game rows as a table, with the game and the players first.

    ``order`` is the policies' order: a pairing is named by its first policy in that order.
    """
    frame = pd.DataFrame.from_records(rows)
    frame.insert(0, "game", game.name)
    frame.insert(1, "players", game.players)
    if game.info.cooperative or game.players == 1:
        frame.insert(3, "policy", [lineup[0] for lineup in frame["lineup"]])
        return frame
    pairs = [_pair(lineup, order) for lineup in frame["lineup"]]
    frame.insert(3, "pairing", [f"{a} vs {b}" for a, b in pairs])
    frame.insert(4, "a", [a for a, _ in pairs])
    frame.insert(5, "b", [b for _, b in pairs])
    outcome = []
    for lineup, winners, (a, b) in zip(frame["lineup"], frame["winners"], pairs, strict=True):
        a_won = any(lineup[seat] == a for seat in winners)
        b_won = any(lineup[seat] == b for seat in winners)
        outcome.append(a if a_won and not b_won else b if b_won and not a_won else "draw")
    frame.insert(6, "outcome", outcome)
    return frame


def _pair(lineup: Sequence[str], order: Sequence[str]) -> tuple[str, str]:
    """The two policies of a line-up, in the order of the tournament's policies."""
    names = sorted(set(lineup), key=lambda name: order.index(name) if name in order else 0)
    return names[0], names[-1]


# --- tables --------------------------------------------------------------------------------------


def pairing_table(games: pd.DataFrame) -> pd.DataFrame:
    """Win rates per pairing, seen from each side, with 95% Wilson intervals of the score.

    Args:
        games: :attr:`Tournament.games` of a competitive game.

    Returns:
        One row per ordered pair: ``policy``, ``opponent``, ``games``, ``wins``, ``draws``,
        ``losses``, ``score`` (wins plus half the draws, per game), ``low``, ``high`` (95%
        Wilson interval over games), ``seeds`` and ``seed_low``, ``seed_high``: the paired 95%
        interval of the score, from the mean score on each seed (every line-up of a seed met
        the same luck; mean plus or minus 1.96 standard errors over seeds). When every seed
        scored alike (say, each side won once from each seat), the seeds show no spread and
        cannot narrow the range: the paired interval is then the Wilson interval over games,
        never a range of zero width.
    """
    rows = []
    for (a, b), group in games.groupby(["a", "b"], sort=False):
        total = len(group)
        wins_a = int((group["outcome"] == a).sum())
        wins_b = int((group["outcome"] == b).sum())
        draws = total - wins_a - wins_b
        got = np.where(group["outcome"] == a, 1.0, np.where(group["outcome"] == b, 0.0, 0.5))
        per_seed = pd.Series(got, index=group.index).groupby(group["seed"]).mean()
        seeds = len(per_seed)
        spread = float(per_seed.std(ddof=1)) if seeds > 1 else math.inf
        half = Z95 * spread / math.sqrt(seeds)
        for me, wins, losses, other, sign in (
            (a, wins_a, wins_b, b, 1.0),
            (b, wins_b, wins_a, a, -1.0),
        ):
            score, low, high = wilson(wins + draws / 2, total)
            centre = float(per_seed.mean()) if sign > 0 else 1.0 - float(per_seed.mean())
            rows.append(
                {
                    "policy": me,
                    "opponent": other,
                    "games": total,
                    "wins": wins,
                    "draws": draws,
                    "losses": losses,
                    "score": score,
                    "low": low,
                    "high": high,
                    "seeds": seeds,
                    # seeds that all scored alike (each won once from each seat) show no
                    # spread to narrow the range with: then the range over games holds
                    "seed_low": max(0.0, centre - half) if spread > 0 else low,
                    "seed_high": min(1.0, centre + half) if spread > 0 else high,
                }
            )
    table = pd.DataFrame(rows)
    return table.sort_values(["policy", "opponent"], kind="stable").reset_index(drop=True)


def ratings(games: pd.DataFrame, *, bootstrap: int = BOOTSTRAP, seed: int = 0) -> pd.DataFrame:
    """Bradley-Terry ratings on the Elo scale, with a 95% bootstrap range over seeds.

    The model: policy ``i`` scores against ``j`` with chance ``p_i / (p_i + p_j)`` (a draw
    counts half); the strengths are fitted by the MM algorithm (Hunter 2004) with one virtual
    drawn game per pair met (:data:`PRIOR_GAMES`), and shown as ``400 * log10(p)`` moved so
    that the mean is :data:`ELO_MEAN`: 200 points apart means the stronger scores about 76%.
    The range resamples the seeds with replacement (every game of a seed together) and fits
    again.

    Args:
        games: :attr:`Tournament.games` of a competitive game.
        bootstrap: Resamples (0: no range; ``low`` and ``high`` are then NaN).
        seed: Seeds the resampling.

    Returns:
        One row per policy, best first: ``policy``, ``rating``, ``low``, ``high``, ``games``,
        ``score`` (its points per game over all its pairings).
    """
    bootstrap = whole_number(bootstrap, "ratings: bootstrap", low=0, high=MOST_BOOTSTRAP)
    seed = seed_number(seed, "ratings: the seed")
    names = sorted(set(games["a"]) | set(games["b"]))
    index = {name: i for i, name in enumerate(names)}
    seeds = sorted(set(games["seed"]))
    seed_index = {s: i for i, s in enumerate(seeds)}
    # points[s, i, j]: points policy i took from j on seed s; played[s, i, j]: their games
    points = np.zeros((len(seeds), len(names), len(names)))
    played = np.zeros_like(points)
    for s, a, b, outcome in zip(
        games["seed"], games["a"], games["b"], games["outcome"], strict=True
    ):
        k, i, j = seed_index[s], index[a], index[b]
        got = 1.0 if outcome == a else 0.0 if outcome == b else 0.5
        points[k, i, j] += got
        points[k, j, i] += 1.0 - got
        played[k, i, j] += 1.0
        played[k, j, i] += 1.0
    rating = _bradley_terry(points.sum(axis=0), played.sum(axis=0))
    low = np.full(len(names), math.nan)
    high = np.full(len(names), math.nan)
    if bootstrap:
        rng = np.random.default_rng(seed)
        draws = np.empty((bootstrap, len(names)))
        for r in range(bootstrap):
            pick = rng.integers(0, len(seeds), len(seeds))
            draws[r] = _bradley_terry(points[pick].sum(axis=0), played[pick].sum(axis=0))
        low, high = np.percentile(draws, [2.5, 97.5], axis=0)
    total_points = points.sum(axis=(0, 2))
    total_games = played.sum(axis=(0, 2))
    table = pd.DataFrame(
        {
            "policy": names,
            "rating": rating,
            "low": low,
            "high": high,
            "games": total_games.astype(int),
            "score": total_points / np.maximum(total_games, 1),
        }
    )
    return table.sort_values("rating", ascending=False, kind="stable").reset_index(drop=True)


def _bradley_terry(points: np.ndarray, played: np.ndarray, steps: int = 500) -> np.ndarray:
    """Elo-scale ratings fitted to ``points[i, j]`` won by ``i`` in ``played[i, j]`` games."""
    met = played > 0
    wins = points + PRIOR_GAMES / 2 * met
    games = played + PRIOR_GAMES * met
    total = wins.sum(axis=1)
    strength = np.ones(len(points))
    for _ in range(steps):
        denominator = (games / (strength[:, None] + strength[None, :])).sum(axis=1)
        new = np.where(denominator > 0, total / np.maximum(denominator, 1e-300), 1.0)
        new /= math.exp(np.log(new).mean())
        if np.max(np.abs(new - strength)) < 1e-10:
            strength = new
            break
        strength = new
    elo = 400 * np.log10(strength)
    return elo - elo.mean() + ELO_MEAN


def ladder(games: pd.DataFrame) -> pd.DataFrame:
    """Team win rates per policy, best first, each with its paired lead over the next one.

    Args:
        games: :attr:`Tournament.games` of a co-operative or solo game (a ``policy`` column).

    Returns:
        ``policy``, ``games``, ``wins``, ``win_rate``, ``low``, ``high`` (95% Wilson), and
        ``ahead_by``, ``ahead_low``, ``ahead_high``: the paired difference in win rate from the
        policy ranked just below on the same seeds, with its 95% interval (NaN for the last).
    """
    rates = win_rate(games, by="policy")
    rates = rates.sort_values(["win_rate", "policy"], ascending=[False, True], kind="stable")
    rates = rates.reset_index(drop=True)
    ahead = []
    for upper, lower in itertools.zip_longest(rates["policy"], rates["policy"][1:]):
        if lower is None:
            ahead.append((math.nan, math.nan, math.nan))
            continue
        paired = compare(games[games["policy"] == upper], games[games["policy"] == lower])
        ahead.append((paired.difference, paired.low, paired.high))
    rates["ahead_by"] = [a[0] for a in ahead]
    rates["ahead_low"] = [a[1] for a in ahead]
    rates["ahead_high"] = [a[2] for a in ahead]
    return rates


# --- helpers ---------------------------------------------------------------------------------


def _resolve(game: str | Game, players: int | None, options: dict[str, Any]) -> Game:
    if isinstance(game, str):
        base = load(game, **options)
        if players is None and not base.info.cooperative and 2 in base.info.players:
            players = 2
        return base if players is None else base.with_options(players)
    if not isinstance(game, Game):
        msg = f"give a game name such as 'pig' or a loaded game, not {type(game).__name__}"
        raise TypeError(msg)
    return game.with_options(players, **options) if players is not None or options else game


def _named(policies: Sequence[PolicyLike] | Mapping[str, PolicyLike]) -> dict[str, PolicyLike]:
    """The policies by the names the tables show; two with one name are refused."""
    if isinstance(policies, Mapping):
        items: Iterable[tuple[str, PolicyLike]] = policies.items()
    elif isinstance(policies, str) or not isinstance(policies, Sequence):
        msg = (
            "give the policies as a list (e.g. ['random', 'heuristic', 'mcts']) or a dict "
            f"from names to policies, not {type(policies).__name__}"
        )
        raise PolicyError(msg)
    else:
        items = ((policy_name(policy), policy) for policy in policies)
    named: dict[str, PolicyLike] = {}
    for name, policy in items:
        if not isinstance(name, str) or not name:
            msg = f"a policy's name must be a non-empty string, not {name!r}"
            raise PolicyError(msg)
        if name in named:
            msg = (
                f"two policies are called {name!r}: give them names with a dict, e.g. "
                "{'mine': my_policy, 'mine, tuned': other}"
            )
            raise OptionError(msg)
        named[name] = policy
    if len(named) < 2:
        msg = f"a tournament needs at least two policies, not {len(named)}"
        raise OptionError(msg)
    return named
