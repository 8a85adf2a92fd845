"""The advisor: which move gives the best chance from here?

Each legal action is tried, and the game is played to the end many times from the state it
leads to. Rollout ``i`` of every action deals the unseen cards anew from the same seed
``seed + i`` (and gives the policy the same generator), so the actions meet the same luck and
the differences between them come from the moves, not from the shuffle.

By default the advisor *races* (successive halving): every move gets a few rollouts, moves
whose 95% interval lies wholly below the leader's are dropped, the weaker half of the rest
is dropped after each round, and it stops once the leader's interval clears every other
move's or the budget of rollouts is spent. Playouts go where they decide the answer, and a
position of any game gets a ranked answer in about a second (``benchmarks/advisor_speed.py``).
Given ``rollouts=`` alone, every move is played out exactly that many times, as before.

Every row says how sure the answer is (``verdict``): ``"best"`` when the move's interval
clears every other move's, ``"about equal"`` when it overlaps the leading move's, and
``"behind"`` when it lies wholly below the leader's.

>>> import umbrella_lab as ul
>>> state = ul.load("academy", players=3).new(seed=7)
>>> advice = advise(state, rollouts=20)
>>> list(advice.columns[:4])
['label', 'id', 'kind', 'rule']
>>> best_action(state, rollouts=20).id == advice.id[0]
True
>>> raced = advise(state, seed=1)
>>> bool(raced.equals(advise(state, seed=1))), raced["verdict"].iloc[0] in ("best", "about equal")
(True, True)
"""

from __future__ import annotations

import math
import pickle
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future
from typing import TYPE_CHECKING, Any

from umbrella_lab.engine.core import CHANCE, TEAM, Action, Game, State, load
from umbrella_lab.engine.errors import IllegalActionError, OptionError, seed_number, whole_number
from umbrella_lab.engine.play import play_out
from umbrella_lab.sim._later import later
from umbrella_lab.sim._parallel import (
    dumps,
    executor_or_none,
    local_pool,
    shippable,
    submit_quietly,
    travels,
    workers_or_default,
)
from umbrella_lab.sim.mcts import root_moves
from umbrella_lab.sim.policies import FastPolicy, PolicyLike, get_policy
from umbrella_lab.sim.stats import wilson

if TYPE_CHECKING:
    import pandas as pd
else:  # imported when a table is first made
    pd = later("pandas")

PARALLEL_AFTER = 0.15
"""Seconds of rollouts left (estimated from the first ones) above which other cores help."""

PROBE = 4
"""Rollouts per action played here first, to time them."""

Tally = tuple[list[int], list[float], bool]
"""Wins per action, total score per action, and whether the game keeps score."""

EVEN_ROLLOUTS = 200
"""Rollouts per move when the advisor is asked not to race and no count is given."""

FALLBACK_BUDGET = 400
"""The racing budget of a game that declares none.

Each game declares its own in ``GameInfo.simulation.advisor_budget``: rollouts in all, so that
any position is answered in about a second on a 2-core machine (measured by
``benchmarks/advisor_speed.py``). Marvel United's heuristic (its planner) plays a game out in
about 50 ms: its answers rest on few rollouts, and say so in their intervals."""

MOST_ROLLOUTS = 1_000_000
"""The most rollouts the advisor accepts, per action (``rollouts``) or in all (``budget``):
minutes of work in a quick game, hours in a slow one, never a request that runs on for ever."""

MOST_GAMES = 100_000
"""The most games :func:`review` plays."""

ROUND_MIN = 4
"""Rollouts each remaining move gets in one round of the race, at least."""


def advise(
    state: State,
    policy: PolicyLike = "heuristic",
    rollouts: int | None = None,
    seed: int = 0,
    executor: Executor | None = None,
    *,
    budget: int | None = None,
    race: bool | None = None,
    workers: int | None = None,
    progress: Callable[[float], None] | None = None,
) -> pd.DataFrame:
    """Rate every legal action by playing the game out from it many times.

    Args:
        state: Where a decision is due; it is not changed.
        policy: Who plays the rest of each game: a policy name such as ``"heuristic"`` or a
            function (see :func:`umbrella_lab.sim.policies.get_policy`).
        rollouts: Without racing, games played to the end per action (200 if not given).
            While racing, the most any one action gets (no limit if not given).
        seed: Rollout ``i`` of every action re-deals the unseen cards from seed ``seed + i``.
        executor: Any ``concurrent.futures`` executor to spread the rollouts over (e.g. a Dask
            client's ``get_executor()``). Without one, the rollouts use this machine's cores
            when that pays off (more than a fraction of a second of work).
        budget: While racing, the rollouts to spend in all (default: the game's
            ``GameInfo.simulation.advisor_budget``, about a second of work); at least one per
            action is spent.
        race: Race the actions (drop those clearly behind, stop when the best is clearly
            ahead); by default the advisor races unless ``rollouts`` is given alone.
        workers: How many processes to use without an executor (default: every core; ``1``
            keeps everything in this process).
        progress: Called now and then with the share of the work done, from 0 to 1 (the
            explorer shows it on its "Thinking" button); last with 1.

    Returns:
        One row per legal action, best first: ``label``, ``id``, ``kind``, ``rule``, ``wins``,
        ``rollouts`` (this action's), ``win_rate``, ``low``, ``high`` (95% Wilson interval)
        and, for games that keep score, ``mean_score``; then ``verdict``: ``"best"`` (its
        interval clears every other action's), ``"about equal"`` (it overlaps the leading
        action's) or ``"behind"`` (wholly below the leader's). A win counts for the deciding
        seat (for the team in a co-operative game or a team decision); a score is that seat's
        (the team's total for a team decision). While racing, the actions still in the race at
        the end come first, then those dropped, latest first.

    Raises:
        IllegalActionError: if the game is already over.
        OptionError: (a ``ValueError``) for a count of rollouts or a budget that is not a whole
            number from 1 to :data:`MOST_ROLLOUTS`, or a seed that is not a whole number from 0.
    """
    if not isinstance(state, State):
        msg = f"advise: state must be a game position (a State), not {type(state).__name__}"
        raise OptionError(msg)
    if state.is_over:
        raise IllegalActionError("the game is over; there is no move to advise on")
    if rollouts is not None:
        rollouts = whole_number(rollouts, "advise: rollouts", low=1, high=MOST_ROLLOUTS)
    if budget is not None:
        budget = whole_number(budget, "advise: budget", low=1, high=MOST_ROLLOUTS)
    seed = seed_number(seed, "advise: the seed")
    if race is None:
        race = rollouts is None or budget is not None
    if not isinstance(race, bool):
        msg = f"race must be True or False, not {race!r}"
        raise OptionError(msg)
    executor = executor_or_none(executor, "advise")
    if progress is not None and not callable(progress):
        msg = (
            "advise: progress must be a function called with the share of the work done "
            f"(from 0 to 1), or None, not {type(progress).__name__}"
        )
        raise OptionError(msg)
    actions = state.legal_actions()
    seat = state.to_act
    team = seat is None or seat == TEAM or seat < 0 or state.game.info.cooperative
    fast = get_policy(state.game, policy)
    sent: PolicyLike = policy if isinstance(policy, str) else fast
    report = progress or _quiet
    cores = workers_or_default(workers, "advise")
    if race:
        spend = budget or state.game.info.simulation.advisor_budget or FALLBACK_BUDGET
        with _Runner(state, actions, fast, sent, seat, team, executor, cores) as runner:
            wins, scores, counts, has_scores, dropped = _race(
                runner, len(actions), seed, max(spend, len(actions)), rollouts, report
            )
    else:
        rollouts = rollouts or EVEN_ROLLOUTS
        wins, scores, has_scores = _even(
            state, actions, fast, sent, seat, team, rollouts, seed, executor, cores, report
        )
        counts = [rollouts] * len(actions)
        dropped = [0] * len(actions)
    report(1.0)
    return _table(actions, wins, scores, counts, has_scores, dropped)


def _even(
    state: State,
    actions: Sequence[Action],
    fast: FastPolicy,
    sent: PolicyLike,
    seat: int | None,
    team: bool,
    rollouts: int,
    seed: int,
    executor: Executor | None,
    cores: int,
    report: Callable[[float], None],
) -> Tally:
    """Every action played out ``rollouts`` times on seeds ``seed .. seed + rollouts - 1``."""
    keys = [action.key for action in actions]
    wins = [0] * len(actions)
    scores = [0.0] * len(actions)
    has_scores = False

    def add(tally: Tally) -> None:
        nonlocal has_scores
        for index, (won, score) in enumerate(zip(tally[0], tally[1], strict=True)):
            wins[index] += won
            scores[index] += score
        has_scores = has_scores or tally[2]

    if executor is not None:
        payload = dumps(state)
        blocks = _blocks(seed, seed + rollouts, max(2 * cores, 1))
        futures = [
            executor.submit(rollout_block, payload, keys, sent, seat, team, start, stop)
            for start, stop in blocks
        ]
        for done, future in enumerate(futures, start=1):
            add(future.result())
            report(done / len(futures))
        return wins, scores, has_scores
    afters = [state.apply(action) for action in actions]
    probe = min(PROBE, rollouts)
    began = time.perf_counter()
    add(_rollouts(afters, fast, seat, team, seed, seed + probe))
    first = probe / rollouts
    report(first)

    def rest(share: float) -> None:  # the share of the remaining rollouts done
        report(first + (1 - first) * share)

    left = (time.perf_counter() - began) / probe * (rollouts - probe)
    if cores > 1 and left > PARALLEL_AFTER and shippable(sent) and travels(state.game):
        for tally in _spread(
            state,
            afters,
            keys,
            fast,
            sent,
            seat,
            team,
            seed + probe,
            seed + rollouts,
            cores,
            rest,
        ):
            add(tally)
    elif rollouts > probe:
        add(_rollouts(afters, fast, seat, team, seed + probe, seed + rollouts, rest))
    return wins, scores, has_scores


def _table(
    actions: Sequence[Action],
    wins: Sequence[int],
    scores: Sequence[float],
    counts: Sequence[int],
    has_scores: bool,
    dropped: Sequence[int],
) -> pd.DataFrame:
    """The advice table, best first, with each action's verdict."""
    table = pd.DataFrame(
        {
            "label": [a.label for a in actions],
            "id": [a.id for a in actions],
            "kind": [a.kind for a in actions],
            "rule": [a.rule for a in actions],
            "wins": list(wins),
            "rollouts": list(counts),
        }
    )
    intervals = [wilson(won, count) for won, count in zip(wins, counts, strict=True)]
    table["win_rate"] = [r[0] for r in intervals]
    table["low"] = [r[1] for r in intervals]
    table["high"] = [r[2] for r in intervals]
    order = ["win_rate"]
    if has_scores:
        table["mean_score"] = [total / count for total, count in zip(scores, counts, strict=True)]
        order.append("mean_score")
    # still racing at the end first, then those dropped, the latest first
    table["_stage"] = [0 if d == 0 else -1_000_000 + d for d in dropped]
    table = table.sort_values(["_stage", *order], ascending=False, kind="stable")
    table = table.drop(columns="_stage").reset_index(drop=True)
    table["verdict"] = verdicts(table["low"].tolist(), table["high"].tolist())
    return table


def verdicts(low: Sequence[float], high: Sequence[float]) -> list[str]:
    """How sure each answer is, for rows ranked best first.

    The first row is ``"best"`` when its interval clears every other row's (its low end above
    their high ends); every other row is ``"about equal"`` when its interval overlaps the
    first row's and ``"behind"`` when it lies wholly below it.

    >>> verdicts([0.6, 0.2], [0.8, 0.5])
    ['best', 'behind']
    >>> verdicts([0.4, 0.3, 0.0], [0.6, 0.5, 0.2])
    ['about equal', 'about equal', 'behind']
    """
    if not low:
        return []
    top = low[0]
    others_high = max(high[1:], default=-math.inf)
    words = ["best" if top > others_high else "about equal"]
    words += ["behind" if h < top else "about equal" for h in high[1:]]
    return words


# --- racing ---------------------------------------------------------------------------------


class _Runner:
    """Plays rollouts of chosen actions on chosen seeds, here or on other processes.

    The pool of processes is started once, when a round is long enough to pay for it, and kept
    for the rounds that follow.
    """

    def __init__(
        self,
        state: State,
        actions: Sequence[Action],
        fast: FastPolicy,
        sent: PolicyLike,
        seat: int | None,
        team: bool,
        executor: Executor | None,
        cores: int,
    ) -> None:
        self.state, self.fast, self.sent, self.seat, self.team = state, fast, sent, seat, team
        self.keys = [action.key for action in actions]
        self.afters = [state.apply(action) for action in actions]
        self.executor, self.cores = executor, cores
        self.travels = shippable(sent) and travels(state.game)  # may use other processes
        self.pool: Executor | None = None
        self.payload: bytes | None = None
        self.pace: float | None = None  # seconds per rollout, from the first round

    def __enter__(self) -> _Runner:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)

    def run(self, alive: Sequence[int], start: int, stop: int) -> Tally:
        """Rollouts ``start .. stop - 1`` of the actions ``alive`` (tallies in that order)."""
        afters = [self.afters[i] for i in alive]
        total = len(alive) * (stop - start)
        pool = self.executor
        if (
            pool is None
            and self.cores > 1
            and self.pace is not None
            and self.pace * total > PARALLEL_AFTER
            and self.travels
        ):
            if self.pool is None:
                self.pool = local_pool(self.cores - 1)
            pool = self.pool
        if pool is None or stop - start < 2:
            began = time.perf_counter()
            tally = _rollouts(afters, self.fast, self.seat, self.team, start, stop)
            if self.pace is None:
                self.pace = (time.perf_counter() - began) / max(total, 1)
            return tally
        if self.payload is None:
            self.payload = dumps(self.state)
        keys = [self.keys[i] for i in alive]
        parts = max(2 * self.cores, 1) if self.executor is not None else self.cores
        blocks = _blocks(start, stop, parts)
        here = blocks[0] if self.executor is None else None
        futures = [
            submit_quietly(
                pool, rollout_block, self.payload, keys, self.sent, self.seat, self.team, s, e
            )
            for s, e in (blocks[1:] if here else blocks)
        ]
        tallies = [_rollouts(afters, self.fast, self.seat, self.team, *here)] if here else []
        tallies += [future.result() for future in futures]
        wins = [sum(t[0][k] for t in tallies) for k in range(len(alive))]
        scores = [sum(t[1][k] for t in tallies) for k in range(len(alive))]
        return wins, scores, any(t[2] for t in tallies)


def _race(
    runner: _Runner,
    count: int,
    seed: int,
    budget: int,
    cap: int | None,
    report: Callable[[float], None],
) -> tuple[list[int], list[float], list[int], bool, list[int]]:
    """Successive halving with early stops, on common seeds.

    Each round, every action still racing gets the same next seeds. After it, actions whose
    interval lies wholly below the leader's are dropped; the race stops when the leader's
    interval clears every other racing action's, when one action is left, when the budget is
    spent or every action reached ``cap``; otherwise the weaker half is dropped (when another
    round at least as long can be paid for).

    Returns:
        Wins, total scores and rollouts per action, whether the game keeps score, and the
        round in which each action was dropped (0: still racing at the end).
    """
    wins = [0] * count
    scores = [0.0] * count
    counts = [0] * count
    dropped = [0] * count
    has_scores = False
    alive = list(range(count))
    spent = played = rounds = 0
    while alive and spent < budget:
        left = budget - spent
        halvings = max(1, math.ceil(math.log2(len(alive))))
        per = max(ROUND_MIN, left // (len(alive) * halvings))
        per = min(per, left // len(alive))
        if cap is not None:
            per = min(per, cap - played)
        if per < 1:
            break
        rounds += 1
        tally = runner.run(alive, seed + played, seed + played + per)
        has_scores = has_scores or tally[2]
        for k, i in enumerate(alive):
            wins[i] += tally[0][k]
            scores[i] += tally[1][k]
            counts[i] += per
        played += per
        spent += per * len(alive)
        report(min(spent / budget, 0.99))
        rank = sorted(
            alive,
            key=lambda i: (-wins[i] / counts[i], -scores[i] / counts[i], i),
        )
        bounds = {i: wilson(wins[i], counts[i]) for i in alive}
        leader = rank[0]
        floor = bounds[leader][1]
        behind = [i for i in rank[1:] if bounds[i][2] < floor]
        for i in behind:
            dropped[i] = rounds
        alive = [i for i in rank if i not in behind]
        if len(alive) == 1 or (cap is not None and played >= cap):
            break
        left = budget - spent
        if left // len(alive) < 1:
            break
        keep = math.ceil(len(alive) / 2)
        if len(alive) > 2 and left >= keep * per * 2:
            for i in alive[keep:]:
                dropped[i] = rounds
            alive = alive[:keep]
    return wins, scores, counts, has_scores, dropped


def best_action(
    state: State,
    policy: PolicyLike = "heuristic",
    rollouts: int = 200,
    seed: int = 0,
    executor: Executor | None = None,
    *,
    workers: int | None = None,
) -> Action:
    """The action :func:`advise` rates best (the first legal one on a tie).

    Args:
        state: Where a decision is due; it is not changed.
        policy: Who plays the rest of each game (see :func:`advise`).
        rollouts: Games played to the end per action.
        seed: First re-deal seed.
        executor: See :func:`advise`.
        workers: See :func:`advise`.

    Returns:
        The legal :class:`~umbrella_lab.engine.core.Action`, ready for ``state.apply``.
    """
    advice = advise(state, policy, rollouts, seed, executor, workers=workers)
    return state.parse_action(str(advice["id"].iloc[0]))


def review(
    game: str | Game,
    policy: PolicyLike,
    n: int = 5,
    seed: int = 0,
    *,
    seat: int = 0,
    others: PolicyLike = "heuristic",
    budget: int | None = None,
    players: int | None = None,
    workers: int | None = 1,
    **options: Any,
) -> pd.DataFrame:
    """Where does a policy go wrong? The advisor's verdict on each of its decisions.

    ``n`` games are played (game ``k`` dealt from seed ``seed + k``): in a competitive game
    ``policy`` plays ``seat`` and ``others`` every other seat; in a co-operative game ``policy``
    makes every decision. At each of its decisions with a choice, :func:`advise` rates every
    move (racing, ``budget`` rollouts), and one row tells how the policy's own move fared.

    >>> def greedy_pig(view, actions):
    ...     return actions[-1]                       # always hold at once
    >>> table = review("pig", greedy_pig, n=1, seed=3, budget=60, players=2)
    >>> table.columns[:6].tolist()
    ['seed', 'step', 'seat', 'move', 'verdict', 'win_rate']
    >>> table["best"].iloc[1]                     # the advisor would roll on here
    'P1: roll the die'

    Args:
        game: A game name (then ``players=`` and rule options may follow) or a loaded game.
        policy: The policy to review: a name, a fast policy or a plain function.
        n: Games to play.
        seed: The first game's seed.
        seat: The policy's seat in a competitive game.
        others: Who plays the other seats (competitive games).
        budget: The advisor's rollouts per decision (default: the game's).
        players: Seats at the table (a game name only).
        workers: Processes for the advisor (default 1: this process only).
        **options: Rule options (a game name only).

    Returns:
        One row per decision of the policy, in play order: ``seed``, ``step`` (moves made
        before it), ``seat``, ``move`` (the policy's move), ``verdict`` (the advisor's word for
        it: best, about equal or behind), ``win_rate``, ``best`` (the advisor's first move),
        ``best_rate``, ``gap`` (``best_rate - win_rate``, points of chance given away) and
        ``state`` (the position, for a closer look, e.g. ``ul.puzzle(row.state)``).

    Raises:
        ValueError: for a count of games that is not a positive whole number, or a seat not
            at the table.
    """
    n = whole_number(n, "review: n (games)", low=1, high=MOST_GAMES)
    seed = seed_number(seed, "review: the seed")
    if budget is not None:
        budget = whole_number(budget, "review: budget", low=1, high=MOST_ROLLOUTS)
    loaded = load(game, players, **options) if isinstance(game, str) else game
    if not isinstance(loaded, Game):
        msg = f"review: game must be a game name or a loaded game, not {type(game).__name__}"
        raise OptionError(msg)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < loaded.players:
        msg = (
            f"review: there is no seat {seat!r} in a {loaded.players}-player game; "
            f"seat must be a whole number from 0 to {loaded.players - 1}"
        )
        raise OptionError(msg)
    mine = get_policy(loaded, policy)
    theirs = get_policy(loaded, others)
    team_game = loaded.info.cooperative or loaded.players == 1
    rows = []
    for k in range(n):
        state = loaded.new(seed + k)
        rng = random.Random(seed + k)
        step = 0
        while not state.is_over:
            actor = state.to_act
            if actor == CHANCE:
                state = state.roll()
                step += 1
                continue
            own = team_game or actor == seat
            move = (mine if own else theirs)(state, rng)
            view = actor if actor is not None and actor >= 0 else None
            if own and len(root_moves(state, view)) > 1:
                advice = advise(state, budget=budget, seed=seed + k, workers=workers)
                label = state.action(move).id
                row = advice[advice["id"] == label].iloc[0]
                top = advice.iloc[0]
                rows.append(
                    {
                        "seed": seed + k,
                        "step": step,
                        "seat": TEAM if actor is None else actor,
                        "move": row["label"],
                        "verdict": row["verdict"],
                        "win_rate": float(row["win_rate"]),
                        "best": top["label"],
                        "best_rate": float(top["win_rate"]),
                        "gap": float(top["win_rate"] - row["win_rate"]),
                        "state": state,
                    }
                )
            state = state.apply(move)
            step += 1
    return pd.DataFrame(
        rows,
        columns=[
            "seed",
            "step",
            "seat",
            "move",
            "verdict",
            "win_rate",
            "best",
            "best_rate",
            "gap",
            "state",
        ],
    )


# --- rollouts ---------------------------------------------------------------------------------


def _quiet(share: float) -> None:
    """No progress report."""


def _rollouts(
    afters: Sequence[State],
    fast: FastPolicy,
    seat: int | None,
    team: bool,
    start: int,
    stop: int,
    report: Callable[[float], None] = _quiet,
) -> Tally:
    """Play every after-state out once per seed in ``start .. stop - 1``.

    ``report`` hears the share done after each action's rollouts.
    """
    wins = [0] * len(afters)
    scores = [0.0] * len(afters)
    has_scores = False
    for index, after in enumerate(afters):
        won_total, score_total = 0, 0.0
        for i in range(start, stop):
            final = play_out(after.reshuffled(i), fast, random.Random(i))
            result = final.result
            assert result is not None
            won_total += result.won if team else seat in result.winners
            if result.scores:
                has_scores = True
                score_total += sum(result.scores) if team else result.scores[seat]  # type: ignore[index]
        wins[index], scores[index] = won_total, score_total
        report((index + 1) / len(afters))
    return wins, scores, has_scores


def rollout_block(
    payload: bytes,
    keys: Sequence[tuple],
    policy: PolicyLike,
    seat: int | None,
    team: bool,
    start: int,
    stop: int,
) -> Tally:
    """The task a worker runs: rollouts ``start .. stop - 1`` of every action.

    Args:
        payload: The state, as made by :func:`umbrella_lab.sim._parallel.dumps`.
        keys: Move keys of the actions, in order.
        policy: A policy name or a (picklable) policy function.
        seat: The deciding seat.
        team: True when a win counts for the whole team.
        start: First re-deal seed.
        stop: One past the last.

    Returns:
        Wins per action, total score per action, and whether the game keeps score.
    """
    state: State = pickle.loads(payload)
    fast = get_policy(state.game, policy)
    afters = [state.apply(key) for key in keys]
    return _rollouts(afters, fast, seat, team, start, stop)


def _blocks(start: int, stop: int, parts: int) -> list[tuple[int, int]]:
    size = math.ceil((stop - start) / max(parts, 1))
    return [(s, min(s + size, stop)) for s in range(start, stop, max(size, 1))]


def _spread(
    state: State,
    afters: Sequence[State],
    keys: Sequence[tuple],
    fast: FastPolicy,
    sent: PolicyLike,
    seat: int | None,
    team: bool,
    start: int,
    stop: int,
    cores: int,
    report: Callable[[float], None] = _quiet,
) -> list[Tally]:
    """Rollouts ``start .. stop - 1`` split over ``cores``: one share here, the rest forked.

    The share done here is reported as the share of all (the others keep the same pace).
    """
    blocks = _blocks(start, stop, cores)
    if len(blocks) < 2:
        return [_rollouts(afters, fast, seat, team, start, stop, report)]
    payload = dumps(state)
    pool = local_pool(len(blocks) - 1)
    futures: list[Future[Any]] = []
    try:
        futures = [
            submit_quietly(pool, rollout_block, payload, keys, sent, seat, team, s, e)
            for s, e in blocks[1:]
        ]
        here = _rollouts(afters, fast, seat, team, *blocks[0], report)
        return [here, *(future.result() for future in futures)]
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
