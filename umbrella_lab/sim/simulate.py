"""Simulations: play many seeded games and get one tidy row per game.

>>> from umbrella_lab.sim import simulate
>>> frame = simulate("academy", players=3, n=20, seed=0)
>>> len(frame), list(frame.columns[:3])
(20, ['game', 'players', 'heroes'])
>>> bool(frame.equals(simulate("academy", players=3, n=20, seed=0)))
True

Game ``i`` of a run is dealt from seed ``seed + i``, and the policy gets its own generator
``random.Random(seed + i)``; so the same arguments always give the same table, on one core,
on all of them, or on a Dask cluster.
"""

from __future__ import annotations

import itertools
import math
import sys
import warnings
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import Executor, Future, as_completed
from typing import TYPE_CHECKING, Any

from umbrella_lab.engine.core import Game, load
from umbrella_lab.engine.errors import OptionError, seed_number, whole_number
from umbrella_lab.engine.play import SeededOnUse, play_out
from umbrella_lab.sim._later import later
from umbrella_lab.sim._parallel import (
    executor_or_none,
    local_pool,
    rebuild_game,
    shippable,
    submit_quietly,
    travels,
    workers_or_default,
)
from umbrella_lab.sim.policies import PolicyLike, get_policy, policy_name

if TYPE_CHECKING:
    import pandas as pd
else:  # imported when a table is first made
    pd = later("pandas")

PARALLEL_FROM = 1000
"""Runs of fewer games than this stay in this process (starting workers would not pay off)."""

PROGRESS_FROM = 2000
"""With ``progress=None``, runs of at least this many games show a progress bar."""

CHUNK_MIN, CHUNK_MAX = 10, 1000
"""Bounds of the number of games in one task sent to a worker (see :func:`chunk_sizes`).

The last tasks are small: ten of Marvel United's planner games take a fifth of a second on one
core, so the two cores finish within about that of each other."""

RESULT_COLUMNS = ("seed", "policy", "won", "winners", "reason", "rule", "moves")
"""The columns every simulation row has, after the game, players and option columns."""


class SimulationNote(UserWarning):
    """A note about how a simulation ran (for example: on one core, and why)."""


Task = tuple[str, int, dict[str, Any], PolicyLike, int, int]
"""One piece of work: game name, players, changed options, policy, first seed, end seed."""


def play_seeds(
    name: str,
    players: int,
    options: dict[str, Any],
    policy: PolicyLike,
    start: int,
    stop: int,
) -> list[dict[str, Any]]:
    """Play the games with seeds ``start`` to ``stop - 1``; one plain row (a dict) per game.

    This is the task every worker runs: it rebuilds the game from its name, player count and
    options with :func:`umbrella_lab.load`, so only plain values travel between processes.

    Args:
        name: Registry name of the game.
        players: Player count.
        options: Options that differ from their defaults.
        policy: A policy name or a (picklable) policy function.
        start: First seed.
        stop: One past the last seed.

    Returns:
        One dict per game: seed, won, winners, reason, rule, moves, scores (where the game
        keeps score) and the fields of the final state's ``summary()``.
    """
    game = rebuild_game(name, players, options)
    fast = get_policy(name, policy)
    deal = game.deal
    rows = []
    made: list[tuple] = []
    for seed in range(start, stop):
        made.clear()
        final = play_out(deal(seed), fast, SeededOnUse(seed), made, in_place=True)
        result = final.result
        assert result is not None  # play_out only returns finished games
        row: dict[str, Any] = {
            "seed": seed,
            "won": result.won,
            "winners": list(result.winners),
            "reason": result.reason,
            "rule": result.rule,
            "moves": len(made),
        }
        if result.scores:
            row["scores"] = list(result.scores)
        for key, value in final.summary().items():
            if key in row:
                if row[key] == value:  # e.g. a summary repeating the scores
                    continue
                key = f"summary_{key}"
            row[key] = value
        rows.append(row)
    return rows


def simulate(
    game: str | Game,
    policy: PolicyLike = "heuristic",
    n: int = 1000,
    seed: int = 0,
    *,
    executor: Executor | None = None,
    workers: int | None = None,
    progress: bool | None = None,
    players: int | None = None,
    **options: Any,
) -> pd.DataFrame:
    """Play ``n`` games and return one row per game.

    Args:
        game: A game name (then ``players=`` and rule options may follow) or a loaded
            :class:`~umbrella_lab.engine.core.Game`.
        policy: Who plays: a policy name such as ``"heuristic"`` or ``"random"``, or a function
            (see :func:`umbrella_lab.sim.policies.get_policy`).
        n: Number of games.
        seed: Game ``i`` is dealt from seed ``seed + i``.
        executor: Any ``concurrent.futures`` executor to run on, e.g. a Dask client's
            ``client.get_executor()``. By default big runs use this machine's cores.
        workers: How many processes to use without an executor (default: every core;
            ``1`` keeps everything in this process). With an executor, a hint for the task size.
        progress: Show a progress bar; by default only for runs of 2,000 games or more.
        players: Player count, when ``game`` is a name (or to change a loaded game's).
        **options: Rule options, when ``game`` is a name (or to change a loaded game's).

    Returns:
        One row per game, in seed order: ``game``, ``players``, one column per rule option
        (named ``opt_<name>`` if the name is taken), ``seed``, ``policy``, ``won``,
        ``winners``, ``reason``, ``rule``, ``moves``, ``scores`` (games with scores) and every
        field of the final state's ``summary()`` (lists stay lists). ``won`` is true when the
        game had a winner: the team's win in a co-operative game. Where players win on their
        own, ``winners`` names the seats (see :func:`umbrella_lab.sim.seat_win_rate`).

    Raises:
        OptionError: for an unknown game, player count or option.
        PolicyError: for an unknown policy, or one that chooses an illegal move.
    """
    loaded = _resolve_game(game, players, options)
    n, seed = _check_count(n, seed)
    executor = executor_or_none(executor, "simulate")
    rows = _run_cells(
        [loaded],
        policy,
        n,
        seed,
        executor=executor,
        workers=workers,
        progress=progress,
        label=f"{loaded.name}, {loaded.players} players",
    )
    return _frame(loaded, policy_name(policy), rows[0])


def simulate_rows(
    game: Game,
    policy: PolicyLike = "heuristic",
    n: int = 1000,
    seed: int = 0,
    *,
    workers: int | None = None,
    progress: bool | None = None,
) -> list[dict[str, Any]]:
    """The games of :func:`simulate` as plain rows, one dict per game, without pandas.

    The command line's ``simulate`` uses it: a short run then starts in a fraction of a second
    instead of waiting for pandas to import. A row holds the columns of :func:`play_seeds`
    (``seed``, ``won``, ``winners``, ...), not the game, players and option columns.
    """
    n, seed = _check_count(n, seed)
    label = f"{game.name}, {game.players} players"
    rows = _run_cells(
        [game], policy, n, seed, executor=None, workers=workers, progress=progress, label=label
    )
    return rows[0]


def sweep(
    game: str | Game,
    grid: Mapping[str, Iterable[Any]],
    policy: PolicyLike = "heuristic",
    n: int = 1000,
    seed: int = 0,
    *,
    executor: Executor | None = None,
    workers: int | None = None,
    progress: bool | None = None,
) -> pd.DataFrame:
    """Simulate every combination of a grid of settings, on the same seeds.

    Every cell plays seeds ``seed`` to ``seed + n - 1``, so the cells share their luck
    ("common random numbers") and differences between cells come from the settings.

    >>> frame = sweep("academy", {"players": [2, 3], "strict_heal": [True, False]}, n=5)
    >>> frame.groupby(["players", "strict_heal"]).size().tolist()
    [5, 5, 5, 5]

    Args:
        game: A game name, or a loaded game whose settings the grid changes.
        grid: Setting name -> the values to try. Names are ``"players"`` and the game's rule
            options (for The Umbrella Academy Game e.g. ``strength``, ``hand_size``,
            ``villains``, ``base_life``, ``strict_heal``). A single value (not a list) is
            tried alone.
        policy: Who plays (see :func:`simulate`).
        n: Games per cell.
        seed: First seed of every cell.
        executor: See :func:`simulate`.
        workers: See :func:`simulate`.
        progress: See :func:`simulate` (counted over all cells).

    Returns:
        The rows of every cell, one after the other, with the columns of :func:`simulate`.

    Raises:
        OptionError: for an unknown setting or a value the game does not allow.
    """
    base = _resolve_game(game, None, {})
    n, seed = _check_count(n, seed)
    executor = executor_or_none(executor, "sweep")
    if not isinstance(grid, Mapping) or not all(isinstance(name, str) for name in grid):
        msg = (
            "sweep: the grid must be a dict from setting names to their values, e.g. "
            f'{{"players": [2, 3], "strength": [8, 9]}}, not {type(grid).__name__}'
        )
        raise OptionError(msg)
    names = list(grid)
    values = [_as_values(grid[name]) for name in names]
    cells = []
    for combination in itertools.product(*values):
        settings = dict(zip(names, combination, strict=True))
        players = settings.pop("players", None)
        cells.append(base.with_options(players, **settings))
    rows = _run_cells(
        cells,
        policy,
        n,
        seed,
        executor=executor,
        workers=workers,
        progress=progress,
        label=f"{base.name} sweep, {len(cells)} settings",
    )
    name = policy_name(policy)
    frames = [_frame(cell, name, found) for cell, found in zip(cells, rows, strict=True)]
    return pd.concat(frames, ignore_index=True)


# --- the machinery --------------------------------------------------------------------------


def _resolve_game(game: str | Game, players: int | None, options: dict[str, Any]) -> Game:
    if isinstance(game, str):
        return load(game, players=players, **options)
    if not isinstance(game, Game):
        msg = f"give a game name such as 'academy' or a loaded game, not {type(game).__name__}"
        raise TypeError(msg)
    return game.with_options(players, **options) if players is not None or options else game


MAX_GAMES = 100_000_000
"""The most games one call plays (a hundred million: hours on a laptop, a day on two cores)."""


def _check_count(n: int, seed: int) -> tuple[int, int]:
    n = whole_number(n, "the number of games", low=1, high=MAX_GAMES)
    return n, seed_number(seed)


def _as_values(values: Iterable[Any]) -> list[Any]:
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        return [values]
    listed = list(values)
    if not listed:
        msg = "sweep: every setting in the grid needs at least one value"
        raise OptionError(msg)
    return listed


def chunk_sizes(n: int, workers: int) -> list[int]:
    """How ``n`` games are cut into tasks: large ones first, smaller ones towards the end.

    Each task takes a share of the games still to hand out (one part in ``4 * workers``),
    between ``CHUNK_MIN`` and ``CHUNK_MAX`` games, so the cores start on big pieces and finish
    together on small ones instead of one core idling through the last big task.

    >>> chunk_sizes(10_000, 2)[:3], chunk_sizes(10_000, 2)[-3:], sum(chunk_sizes(10_000, 2))
    ([1000, 1000, 1000], [10, 10, 1], 10000)
    """
    sizes = []
    left = n
    parts = 4 * max(workers, 1)
    while left > 0:
        size = min(left, max(CHUNK_MIN, min(CHUNK_MAX, math.ceil(left / parts))))
        sizes.append(size)
        left -= size
    return sizes


def _run_cells(
    games: Sequence[Game],
    policy: PolicyLike,
    n: int,
    seed: int,
    *,
    executor: Executor | None,
    workers: int | None,
    progress: bool | None,
    label: str,
) -> list[list[dict[str, Any]]]:
    """Simulate each game on seeds ``seed .. seed + n - 1``; its rows, in seed order, per game."""
    name = games[0].name
    fast = get_policy(name, policy)  # checks the name or the function before any work
    sent: PolicyLike = policy if isinstance(policy, str) else fast
    cores = workers_or_default(workers, "simulate")
    sizes = chunk_sizes(n, cores)
    tasks: list[Task] = []
    for game in games:
        options = dict(game.changed_options)
        start = seed
        for size in sizes:
            task = (game.name, game.players, options, sent, start, start + size)
            tasks.append(task)
            start += size
    total = n * len(games)
    parallel = executor is None and cores > 1 and total >= PARALLEL_FROM and len(tasks) > 1
    if parallel and not shippable(sent):
        warnings.warn(
            SimulationNote(
                f"policy {policy_name(policy)!r} cannot be sent to other processes (a lambda or a "
                "function defined inside another function), so the games run on one core. Define "
                "it with def at the top level of the notebook to use every core."
            ),
            stacklevel=3,
        )
        parallel = False
    stranger = next((game for game in games if not travels(game)), None)
    if parallel and stranger is not None:
        warnings.warn(
            SimulationNote(
                f"the game {stranger.name!r} was not defined in an importable module of the kit "
                "(a game written in a notebook, say), and worker processes on this system start "
                "afresh and cannot see it, so the games run in this process, on one core."
            ),
            stacklevel=3,
        )
        parallel = False
    rows = _run_tasks(
        tasks,
        executor=executor,
        workers=cores if parallel else 1,
        progress=progress if progress is not None else total >= PROGRESS_FROM,
        label=label,
    )
    per_game = len(tasks) // len(games)
    return [
        [row for chunk in rows[index * per_game : (index + 1) * per_game] for row in chunk]
        for index in range(len(games))
    ]


def _progress_bar() -> Any:
    """The progress bar class of tqdm: its widget in a Jupyter kernel, its text bar elsewhere.

    ``tqdm.auto`` makes the same choice, but outside a kernel it also imports asyncio (about
    a twentieth of a second at every start of the command line), which a bar in a terminal
    never needs.
    """
    if "ipykernel.zmqshell" in sys.modules or "IPython.utils._process_emscripten" in sys.modules:
        from tqdm.auto import tqdm
    else:
        from tqdm.std import tqdm
    return tqdm


def _open_bar(total: int, label: str, shown: bool) -> Any:
    """A progress bar over ``total`` games, hidden unless ``shown``; it goes when the run ends.

    In a notebook the bar is a widget, and a notebook also keeps a plain-text picture of it,
    which is what shows where the widget does not run: the notebook on GitHub, exported to
    HTML, or opened afresh. That picture names the run ("academy sweep, 6 settings: 10,200
    games") instead of showing a bar stuck at 0%.
    """
    tqdm = _progress_bar()
    if shown and "tqdm.notebook" in sys.modules:  # a widget bar is possible (tqdm.auto chose)
        from tqdm.notebook import tqdm as widget_bar

        if issubclass(tqdm, widget_bar):
            from IPython.display import display

            bar = tqdm(total=total, desc=label, unit="game", leave=False, display=False)
            draw = getattr(bar.container, "_repr_mimebundle_", None)  # ipywidgets 8's pictures
            picture = draw() if draw is not None else None
            if isinstance(picture, dict) and "text/plain" in picture:
                picture["text/plain"] = f"{label}: {total:,} games"
                display(picture, raw=True)
            else:  # another ipywidgets: its own picture, the bar at 0%
                display(bar.container)
            bar.displayed = True
            return bar
    return tqdm(total=total, desc=label, unit="game", disable=not shown, leave=False)


def _run_tasks(
    tasks: list[Task], *, executor: Executor | None, workers: int, progress: bool, label: str
) -> list[list[dict[str, Any]]]:
    """Run every task (here, on a local pool, or on ``executor``); results in task order."""
    results: list[list[dict[str, Any]]] = [[] for _ in tasks]
    total = sum(task[5] - task[4] for task in tasks)
    if executor is None and workers <= 1:
        bar = _open_bar(total, label, progress)
        try:
            for index, task in enumerate(tasks):
                results[index] = play_seeds(*task)
                bar.update(task[5] - task[4])
            return results
        finally:
            bar.close()
    pool = executor if executor is not None else local_pool(min(workers, len(tasks)))
    futures: dict[Future, int] = {}
    bar = None
    try:
        for index, task in enumerate(tasks):
            futures[submit_quietly(pool, play_seeds, *task)] = index
        bar = _open_bar(total, label, progress)  # (its import overlaps the workers' first games)
        for future in as_completed(futures):
            index = futures[future]
            results[index] = future.result()
            bar.update(tasks[index][5] - tasks[index][4])
    except BaseException:
        for future in futures:
            future.cancel()
        raise
    finally:
        if bar is not None:
            bar.close()
        if executor is None:
            pool.shutdown(wait=True, cancel_futures=True)
    return results


def _frame(game: Game, policy: str, rows: list[dict[str, Any]]) -> pd.DataFrame:
    """The table of one game setup: constant columns first, then the rows' own columns."""
    body = pd.DataFrame.from_records(rows)
    body.insert(1, "policy", policy)
    taken = set(body.columns) | {"game", "players"}
    front: dict[str, Any] = {"game": game.name, "players": game.players}
    for option, value in game.options.items():
        front[f"opt_{option}" if option in taken else option] = value
    for position, (column, value) in enumerate(front.items()):
        constant = pd.Series(
            [value] * len(body), index=body.index, dtype=None if _is_scalar(value) else object
        )
        body.insert(position, column, constant)
    return body


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, bool | int | float | str)
