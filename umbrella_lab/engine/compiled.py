"""Compiled copies of the rules, for fast simulations.

A game's ``rules.py`` and ``policies.py`` are plain Python, written to be read beside the
rulebook. For simulations of thousands of games the kit can also play a copy of *the same two
files* compiled to C by Cython: the same source gives the same moves and the same results,
about one and a half times as fast (simulations; the advisor's rollouts about 1.3 times).
Everything a learner steps through, in the explorer or by hand, runs the Python source; only
the games played out in bulk (simulations, sweeps, the advisor's rollouts) use the copy.

* ``python -m umbrella_lab.engine.compiled`` builds the copies of every game (it needs Cython,
  setuptools and a C compiler: ``pip install umbrella-lab[fast]``). ``python3 dev.py lab``
  and ``python3 dev.py test`` build them when a source changed; Binder builds them once.
* A copy is used only while both source files are byte for byte the ones it was built from.
  Edit ``rules.py`` and simulations play your edited Python at once (more slowly) until the next
  build: a compiled copy never hides a change to the rules.
* :func:`status` tells, game by game, whether simulations use the compiled copy, and why not.
* ``umbrella_lab.engine.compiled.enabled = False`` (or ``UMBRELLA_LAB_COMPILED=0`` in the
  environment) makes simulations play the Python source, for example to time the difference
  or with a rules module patched in memory.

The copies live in ``umbrella_lab/_compiled/<game>/`` (never committed). The policies import
their rules relatively (``from .rules import ...``), so the compiled policies play on the
compiled rules.
"""

from __future__ import annotations

import ast
import hashlib
import importlib
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from umbrella_lab.engine.core import Game, State

MODULES = ("rules", "policies")
"""The modules of a game that are compiled: what a simulated game runs, and nothing else."""

PACKAGE = "umbrella_lab._compiled"
"""Where the compiled copies are imported from."""

enabled = os.environ.get("UMBRELLA_LAB_COMPILED", "1") != "0"
"""Set to False to make simulations play the Python source even where a compiled copy is ready.

It starts False when the environment variable ``UMBRELLA_LAB_COMPILED`` is ``0`` (for the
command line: ``UMBRELLA_LAB_COMPILED=0 umbrella-lab simulate academy``)."""

_ROOT = Path(__file__).resolve().parent.parent  # the umbrella_lab package folder
_BUILT = _ROOT / "_compiled"

_BUILD_SCRIPT = """
import glob, sys
from Cython.Build import cythonize
from setuptools import setup
jobs = sys.argv[1]
paths = [p for p in sorted(glob.glob("umbrella_lab/_compiled/*/*.py")) if "__init__" not in p]
directives = {"language_level": 3, "annotation_typing": False, "binding": True}
setup(
    name="umbrella-lab-compiled",
    ext_modules=cythonize(paths, compiler_directives=directives, nthreads=int(jobs), quiet=True),
    script_args=["-q", "build_ext", "--inplace", "-j", jobs],
)
"""
# annotation_typing=False: type hints stay hints (Cython would otherwise turn e.g. ``float``
# into a C double), so the compiled copy keeps Python's meaning exactly.


@dataclass(frozen=True)
class Copy:
    """A game's compiled copy: its rules and policies modules."""

    rules: ModuleType
    policies: ModuleType


def sources(game_name: str) -> dict[str, Path]:
    """The source files of a game that are compiled, by module name."""
    folder = _ROOT / "games" / game_name
    return {m: folder / f"{m}.py" for m in MODULES if (folder / f"{m}.py").exists()}


_hash_cache: dict[Path, tuple[tuple[int, int], str]] = {}


def _digest(path: Path) -> str:
    """SHA-256 of a file, re-read only when its size or modification time changed."""
    stat = path.stat()
    mark = (stat.st_mtime_ns, stat.st_size)
    cached = _hash_cache.get(path)
    if cached is None or cached[0] != mark:
        cached = (mark, hashlib.sha256(path.read_bytes()).hexdigest())
        _hash_cache[path] = cached
    return cached[1]


def source_hashes(game_name: str) -> dict[str, str]:
    """SHA-256 of each compiled source file of a game as it is now, by module name."""
    return {module: _digest(path) for module, path in sources(game_name).items()}


def _load(game_name: str) -> tuple[Copy | None, str]:
    """The compiled copy if it can be used, else None; and the reason in words."""
    if not sources(game_name):
        return None, f"{game_name} has no rules.py to compile"
    try:
        package = importlib.import_module(f"{PACKAGE}.{game_name}")
    except ImportError:
        importlib.invalidate_caches()  # it may have been built since this process looked
        try:
            package = importlib.import_module(f"{PACKAGE}.{game_name}")
        except ImportError:
            return None, "not built (run: python -m umbrella_lab.engine.compiled)"
    built = getattr(package, "SOURCES", {})
    now = source_hashes(game_name)
    changed = [f"{m}.py" for m in now if built.get(m) != now[m]]
    if changed:
        return None, (
            f"{' and '.join(changed)} changed since the copy was built: simulations play the "
            "Python source (rebuild with: python -m umbrella_lab.engine.compiled)"
        )
    try:
        copy = Copy(*(importlib.import_module(f"{PACKAGE}.{game_name}.{m}") for m in MODULES))
    except ImportError as error:  # built for another Python, or by a broken build
        return None, f"the compiled copy does not load here ({error})"
    return copy, "compiled copy in use (built from the current rules.py and policies.py)"


def compiled_copy(game_name: str) -> Copy | None:
    """The game's compiled copy, when :data:`enabled` and built from its current sources."""
    if not enabled:
        return None
    return _load(game_name)[0]


def _compiled_games() -> list[str]:
    """The games with a compiled copy: those whose rules are one module (not Pig's units)."""
    from umbrella_lab.engine.core import games

    return [name for name in games() if name != "pig"]


def status(game_name: str | None = None) -> dict[str, str]:
    """Whether simulations of each game (or of one) use its compiled copy, in words.

    >>> sorted(status())
    ['academy', 'corporation', 'umbrella']
    """
    names = [game_name] if game_name is not None else _compiled_games()
    if not enabled:
        return dict.fromkeys(names, "off (umbrella_lab.engine.compiled.enabled is False)")
    return {name: _load(name)[1] for name in names}


def twin_policy(game_name: str, policy: Any) -> Callable | None:
    """The compiled twin of one of the game's own policies (by name or the function itself).

    None when :data:`enabled` is False, no fresh copy is built, or ``policy`` is not one of
    the game's ready-made policies (a user's function is never replaced).
    """
    copy = compiled_copy(game_name)
    return _twin_policy(copy, game_name, policy) if copy is not None else None


def fast_play(game: Game, policy: Any) -> tuple[Callable[[int], State], Callable] | None:
    """The compiled deal and policy for simulating ``game`` with ``policy``, if there are any.

    Returns:
        ``(deal, policy)``: ``deal(seed)`` deals a table as ``game.deal(seed)`` does, with the
        compiled rules; ``policy`` is the compiled twin of the policy (see :func:`twin_policy`).
        None where the Python source must be played.
    """
    copy = compiled_copy(game.name)
    if copy is None:
        return None
    twin = _twin_policy(copy, game.name, policy)
    new_state = getattr(copy.rules, game.info.new_state.__name__, None)
    if twin is None or new_state is None:
        return None

    def deal(seed: int) -> State:
        return new_state(game, seed, False)

    return deal, twin


def twin_state(state: State) -> State | None:
    """The same position as a state of the compiled rules (a copy), or None where there is none.

    Every field is carried over, so playing on from the twin gives what playing on from
    ``state`` would.
    """
    copy = compiled_copy(state.game.name)
    return _twin_state(copy, state) if copy is not None else None


def twin_play(states: list[State], policy: Any) -> tuple[list[State], Callable] | None:
    """The positions and the policy on the compiled rules, for playing them out (the advisor).

    None where any of them must stay on the Python source (see :func:`twin_policy` and
    :func:`twin_state`).
    """
    copy = compiled_copy(states[0].game.name) if states else None
    twin = _twin_policy(copy, states[0].game.name, policy) if copy is not None else None
    if twin is None:
        return None
    twins = [_twin_state(copy, state) for state in states]
    if any(state is None for state in twins):
        return None
    return twins, twin  # type: ignore[return-value]


def _twin_policy(copy: Copy, game_name: str, policy: Any) -> Callable | None:
    from umbrella_lab.engine.core import game_info

    known = game_info(game_name).policy_table
    name = policy if isinstance(policy, str) else None
    if name is None:
        name = next((n for n, f in known.items() if f is policy), None)
    table = dict(getattr(copy.policies, "POLICIES", {}))
    best = game_info(game_name).heuristic
    if "heuristic" not in table and best in table:
        table["heuristic"] = table[best]
    return table.get(name) if name is not None else None


def _twin_state(copy: Copy, state: State) -> State | None:
    kind = type(state)
    twin_kind = getattr(copy.rules, kind.__name__, None)
    if twin_kind is None or kind.__module__ != f"umbrella_lab.games.{state.game.name}.rules":
        return None
    twin = twin_kind.__new__(twin_kind)
    for cls in kind.__mro__:
        for name in getattr(cls, "__slots__", ()):
            if hasattr(state, name):
                setattr(twin, name, getattr(state, name))
    return twin._clone()


# --- building ------------------------------------------------------------------------------


def cython_available() -> bool:
    """True when Cython and setuptools are installed (a C compiler is needed too)."""
    return all(importlib.util.find_spec(m) is not None for m in ("Cython", "setuptools"))


def stale(names: Iterable[str] | None = None) -> list[str]:
    """The games whose compiled copy is missing or older than their sources."""
    result = []
    for name in names if names is not None else _compiled_games():
        if not sources(name):
            continue
        marker = _BUILT / name / "__init__.py"
        recorded = _read_sources(marker) if marker.exists() else {}
        suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
        built = all((_BUILT / name / f"{m}{suffix}").exists() for m in sources(name))
        if not built or recorded != source_hashes(name):
            result.append(name)
    return result


def _read_sources(marker: Path) -> dict[str, str]:
    """The ``SOURCES`` a compiled copy's ``__init__.py`` records, read without importing it."""
    for line in marker.read_text(encoding="utf-8").splitlines():
        if line.startswith("SOURCES = "):
            return dict(ast.literal_eval(line.removeprefix("SOURCES = ")))
    return {}


def build(
    names: Iterable[str] | None = None,
    *,
    force: bool = False,
    jobs: int | None = None,
    say: Callable[[str], None] = print,
) -> bool:
    """Compile the rules and policies of every game (or of ``names``) that need it.

    A game whose copy is up to date is skipped unless ``force``. A failed build changes
    nothing (simulations keep playing the Python source) and says why.

    Args:
        names: Games to build; all registered games by default.
        force: Rebuild even up-to-date copies.
        jobs: Parallel compile jobs (default: the number of cores).
        say: Where progress and problems are reported.

    Returns:
        True when every asked-for game has a fresh compiled copy.
    """
    wanted = list(names) if names is not None else _compiled_games()
    todo = [n for n in wanted if sources(n)] if force else stale(wanted)
    if not todo:
        say("compiled rules are up to date: " + ", ".join(wanted))
        return True
    if not cython_available():
        say(
            "not compiling the rules (simulations play the Python source, about a third "
            "slower): Cython and setuptools are missing; pip install 'umbrella-lab[fast]'"
        )
        return False
    jobs = jobs or os.cpu_count() or 1
    say(f"compiling the rules of {', '.join(todo)} for fast simulations (once; about 20 s a game)")
    began = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="umbrella-lab-build-") as tmp:
        work = Path(tmp)
        for folder in (work / "umbrella_lab", work / "umbrella_lab" / "_compiled"):
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "__init__.py").write_text("", encoding="utf-8")
        hashes = {}
        for name in todo:
            target = work / "umbrella_lab" / "_compiled" / name
            target.mkdir()
            (target / "__init__.py").write_text("", encoding="utf-8")
            hashes[name] = source_hashes(name)
            for path in sources(name).values():
                shutil.copyfile(path, target / path.name)
        done = subprocess.run(
            [sys.executable, "-c", _BUILD_SCRIPT, str(jobs)],
            cwd=work,
            capture_output=True,
            text=True,
            env={**os.environ, "CFLAGS": os.environ.get("CFLAGS", "") + " -O2 -g0"},
            check=False,
        )
        if done.returncode != 0:
            lines = (done.stderr or done.stdout).strip().splitlines()[-6:]
            say(
                "compiling the rules failed and nothing was changed: simulations play the "
                "Python source (or an earlier copy, while it still matches it). The compiler "
                "said:\n  " + "\n  ".join(lines)
            )
            return False
        try:
            _BUILT.mkdir(exist_ok=True)
            (_BUILT / "__init__.py").write_text(_PACKAGE_NOTE, encoding="utf-8")
            for name in todo:
                _install(work / "umbrella_lab" / "_compiled" / name, name, hashes[name])
        except OSError as error:  # e.g. a kit installed where this user may not write
            say(
                f"the compiled rules could not be saved in {_BUILT} ({error}); simulations "
                "play the Python source"
            )
            return False
    say(f"compiled in {time.monotonic() - began:.0f} s")
    return True


_PACKAGE_NOTE = (
    '"""Compiled copies of the games\' rules and policies (built by '
    'umbrella_lab.engine.compiled; not committed)."""\n'
)


def _install(built: Path, name: str, hashes: dict[str, str]) -> None:
    """Move a game's freshly built modules into place, replacing the old copy whole."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    staging = _BUILT / f".{name}.new"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir()
    for module in hashes:
        shutil.copyfile(built / f"{module}{suffix}", staging / f"{module}{suffix}")
    (staging / "__init__.py").write_text(
        f'"""The compiled copy of {name}: built from these sources (SHA-256)."""\n\n'
        f"SOURCES = {hashes!r}\n",
        encoding="utf-8",
    )
    old = _BUILT / f".{name}.old"
    shutil.rmtree(old, ignore_errors=True)
    if (_BUILT / name).exists():
        (_BUILT / name).rename(old)
    staging.rename(_BUILT / name)
    shutil.rmtree(old, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    """``python -m umbrella_lab.engine.compiled [--force] [game ...]``: build the copies."""
    args = list(sys.argv[1:] if argv is None else argv)
    force = "--force" in args
    names = [a for a in args if a != "--force"] or None
    ok = build(names, force=force)
    for name, words in status().items():
        if names is None or name in names:
            print(f"  {name}: {words}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
