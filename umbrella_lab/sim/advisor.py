"""The advisor: which move gives the best chance from here?

Each legal action is tried, and the game is played to the end many times from the state it
leads to. Rollout ``i`` of every action deals the unseen cards anew from the same seed
``seed + i`` (and gives the policy the same generator), so the actions meet the same luck and
the differences between them come from the moves, not from the shuffle.

>>> import umbrella_lab as ul
>>> state = ul.load("academy", players=3).new(seed=7)
>>> advice = advise(state, rollouts=20)
>>> list(advice.columns[:4])
['label', 'id', 'kind', 'rule']
>>> best_action(state, rollouts=20).id == advice.id[0]
True
"""

from __future__ import annotations

import math
import pickle
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future
from typing import Any

import pandas as pd

from umbrella_lab.engine.core import TEAM, Action, State
from umbrella_lab.engine.errors import IllegalActionError
from umbrella_lab.engine.play import play_out
from umbrella_lab.sim._parallel import (
    default_workers,
    dumps,
    local_pool,
    shippable,
    submit_quietly,
    travels,
)
from umbrella_lab.sim.policies import FastPolicy, PolicyLike, get_policy
from umbrella_lab.sim.stats import wilson

PARALLEL_AFTER = 0.15
"""Seconds of rollouts left (estimated from the first ones) above which other cores help."""

PROBE = 4
"""Rollouts per action played here first, to time them."""

Tally = tuple[list[int], list[float], bool]
"""Wins per action, total score per action, and whether the game keeps score."""


def advise(
    state: State,
    policy: PolicyLike = "heuristic",
    rollouts: int = 200,
    seed: int = 0,
    executor: Executor | None = None,
    *,
    workers: int | None = None,
    progress: Callable[[float], None] | None = None,
) -> pd.DataFrame:
    """Rate every legal action by playing the game out from it many times.

    Args:
        state: Where a decision is due; it is not changed.
        policy: Who plays the rest of each game: a policy name such as ``"heuristic"`` or a
            function (see :func:`umbrella_lab.sim.policies.get_policy`).
        rollouts: Games played to the end per action.
        seed: Rollout ``i`` of every action re-deals the unseen cards from seed ``seed + i``.
        executor: Any ``concurrent.futures`` executor to spread the rollouts over (e.g. a Dask
            client's ``get_executor()``). Without one, the rollouts use this machine's cores
            when that pays off (more than a fraction of a second of work).
        workers: How many processes to use without an executor (default: every core; ``1``
            keeps everything in this process).
        progress: Called now and then with the share of the work done, from 0 to 1 (the
            explorer shows it on its "Thinking" button); last with 1.

    Returns:
        One row per legal action, best first: ``label``, ``id``, ``kind``, ``rule``, ``wins``,
        ``rollouts``, ``win_rate``, ``low``, ``high`` (95% Wilson interval) and, for games
        that keep score, ``mean_score``. A win counts for the deciding seat (for the team in
        a co-operative game or a team decision); a score is that seat's (the team's total for
        a team decision).

    Raises:
        IllegalActionError: if the game is already over.
    """
    if state.is_over:
        raise IllegalActionError("the game is over; there is no move to advise on")
    if isinstance(rollouts, bool) or not isinstance(rollouts, int) or rollouts < 1:
        msg = f"rollouts must be a whole number of at least 1, not {rollouts!r}"
        raise ValueError(msg)
    actions = state.legal_actions()
    seat = state.to_act
    team = seat is None or seat == TEAM or seat < 0 or state.game.info.cooperative
    fast = get_policy(state.game, policy)
    sent: PolicyLike = policy if isinstance(policy, str) else fast
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

    report = progress or _quiet
    cores = workers if workers is not None else default_workers()
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
    else:
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
        report(1.0)
    table = pd.DataFrame(
        {
            "label": [a.label for a in actions],
            "id": [a.id for a in actions],
            "kind": [a.kind for a in actions],
            "rule": [a.rule for a in actions],
            "wins": wins,
            "rollouts": rollouts,
        }
    )
    intervals = [wilson(won, rollouts) for won in wins]
    table["win_rate"] = [r[0] for r in intervals]
    table["low"] = [r[1] for r in intervals]
    table["high"] = [r[2] for r in intervals]
    order = ["win_rate"]
    if has_scores:
        table["mean_score"] = [total / rollouts for total in scores]
        order.append("mean_score")
    table = table.sort_values(order, ascending=False, kind="stable").reset_index(drop=True)
    return table


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
