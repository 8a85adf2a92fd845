"""Running work on the machine's cores, or on any ``concurrent.futures`` executor.

Everything sent to a worker is plain: a game's name, player count and options (the worker
rebuilds the :class:`~umbrella_lab.engine.core.Game` with :func:`umbrella_lab.load`), a policy
name or function, and ranges of seeds. States travel as bytes made by :func:`dumps`, which
writes a game as its name, player count and options.
"""

from __future__ import annotations

import copyreg
import io
import multiprocessing
import os
import pickle
import warnings
from collections.abc import Mapping
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from umbrella_lab.engine.core import Game, load
from umbrella_lab.engine.errors import OptionError, whole_number


def default_workers() -> int:
    """The number of cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


MOST_WORKERS = 1024
"""The most processes one may ask for."""


def workers_or_default(workers: object, what: str) -> int:
    """``workers`` checked (a whole number from 1 to :data:`MOST_WORKERS`), or every core."""
    if workers is None:
        return default_workers()
    return whole_number(workers, f"{what}: workers", low=1, high=MOST_WORKERS)


def executor_or_none(executor: object, what: str) -> Executor | None:
    """``executor`` checked: ``None`` or something to ``submit`` work to, as an executor has.

    Raises:
        OptionError: for anything else (the games would fail at the first task otherwise).
    """
    if executor is None or callable(getattr(executor, "submit", None)):
        return executor  # type: ignore[return-value]
    msg = (
        f"{what}: executor must be a concurrent.futures executor (something with a submit "
        f"method, e.g. a Dask client's get_executor()) or None, not {type(executor).__name__}"
    )
    raise OptionError(msg)


def start_method() -> str:
    """``"fork"`` where the system offers it (fast to start, sees notebook functions)."""
    methods = multiprocessing.get_all_start_methods()
    return "fork" if "fork" in methods else methods[0]


def local_pool(workers: int) -> Executor:
    """A process pool of ``workers`` processes on this machine (fork where available)."""
    context = multiprocessing.get_context(start_method())
    return ProcessPoolExecutor(max_workers=workers, mp_context=context)


def submit_quietly(pool: Executor, fn: Any, *args: Any) -> Any:
    """``pool.submit``, hiding Python's note that forking a threaded process (Jupyter) is risky.

    The workers only run the kit's own pure-Python code, which takes no locks held by the
    kernel's threads.
    """
    with warnings.catch_warnings():
        warnings.filterwarnings(
            "ignore", message=r".*multi-threaded.*fork", category=DeprecationWarning
        )
        return pool.submit(fn, *args)


def rebuild_game(name: str, players: int, options: Mapping[str, Any]) -> Game:
    """The game rebuilt from its name, player count and options, with :func:`umbrella_lab.load`."""
    return load(name, players=players, **options)


def _reduce_game(game: Game) -> tuple:
    return rebuild_game, (game.name, game.players, dict(game.changed_options))


def dumps(obj: Any) -> bytes:
    """Pickle ``obj``, writing every :class:`Game` inside as (name, players, options)."""
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = copyreg.dispatch_table.copy()
    pickler.dispatch_table[Game] = _reduce_game
    pickler.dump(obj)
    return buffer.getvalue()


def shippable(obj: Any) -> bool:
    """True when the local process pool can send ``obj`` (a policy) to its workers.

    Lambdas and functions defined inside other functions cannot be sent; with the ``spawn``
    start method (Windows, macOS), neither can functions defined in a notebook.
    """
    try:
        dumps(obj)
    except Exception:  # any pickling failure means: run it here
        return False
    if start_method() != "fork":
        inner = getattr(obj, "func", obj)
        if getattr(inner, "__module__", None) == "__main__":
            return False
    return True


KIT_GAMES = "umbrella_lab.games."
"""Where the kit's own games live: a fresh worker process registers them on first use."""


def travels(game: Game) -> bool:
    """True when worker processes can rebuild ``game`` by its name.

    Forked workers (Linux) start as copies of this process and know every registered game,
    one written in a notebook too. Workers started afresh (``spawn``: Windows, macOS) know only
    the kit's own games: a game registered from a notebook cell cannot be imported there, so
    its simulations stay in this process.
    """
    if start_method() == "fork":
        return True
    module = getattr(game.info.setup, "__module__", "") or ""
    return module.startswith(KIT_GAMES)
