"""Smoke test of an installed kit: run it with the Python of a fresh virtual environment.

It uses only the standard library and the installed ``umbrella_lab``, and is meant to be run
from a folder outside the repository, so that nothing but the installed package is imported::

    cd "$(mktemp -d)" && /path/to/venv/bin/python /path/to/smoke.py --rules rules.json

It checks what a school meets after ``pip install``: every game loads at each player count with
all its rules, plays a few simulated games, opens in an explorer and as a puzzle; the teacher's
dashboard builds; and the ``umbrella-lab`` command answers ``--version``, ``games``,
``rules`` and ``simulate``. Each check prints one line; the first failure stops the run with
exit status 1. ``tests/test_installed.py`` builds the wheel and the sdist and runs this script
in fresh environments (the full test tier).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from importlib.metadata import version
from pathlib import Path

import umbrella_lab as ul

SIMULATED_GAMES = 4
"""Games played by ``ul.sim.simulate`` for each game (one process)."""

COMMAND_GAMES = 20
"""Games played by ``umbrella-lab simulate`` for each game."""


def say(text: str) -> None:
    """Print one line of progress at once (the driver shows it when a check fails)."""
    print(f"[smoke] {text}", flush=True)


def check(condition: object, message: str) -> None:
    """Stop with ``message`` when ``condition`` is false."""
    if not condition:
        raise AssertionError(message)


def check_installed(repository: Path | None) -> None:
    """The kit is imported from the environment, not from a source folder."""
    where = Path(ul.__file__).resolve().parent
    say(f"umbrella_lab {ul.__version__} from {where}")
    check(ul.__version__ == version("umbrella-lab"), "ul.__version__ differs from the metadata")
    if repository is not None:
        check(
            not where.is_relative_to(repository.resolve()),
            f"umbrella_lab was imported from the repository ({where}), not from the install",
        )


def check_games(expected: dict[str, list[str]] | None) -> None:
    """Every game loads at each player count with all its rules, and deals a table."""
    names = ul.games()
    check(names, "ul.games() is empty")
    if expected is not None:
        check(sorted(names) == sorted(expected), f"games {names}, expected {sorted(expected)}")
    for name in names:
        for players in ul.load(name).info.players:
            game = ul.load(name, players=players)
            ids = list(game.rules)
            check(len(ids) >= 5, f"{name}: only {len(ids)} rules in the digest")
            if expected is not None:
                check(ids == expected[name], f"{name}: the installed digest's rule ids differ")
            state = game.new(seed=1)
            check(state.legal_actions() or state.is_over, f"{name}, {players}: no legal move")
        say(f"{name}: loads at {len(game.info.players)} player counts, {len(ids)} rules")


def check_tools() -> None:
    """A simulation, an explorer and a puzzle for every game; the teacher's dashboard."""
    from umbrella_lab.widgets import Dashboard

    for name in ul.games():
        frame = ul.sim.simulate(name, "heuristic", n=SIMULATED_GAMES, workers=1)
        check(len(frame) == SIMULATED_GAMES, f"{name}: simulate gave {len(frame)} rows")
        explorer = ul.explore(name, seed=3)
        check(explorer.board and explorer.board_js, f"{name}: the explorer has no board")
        own = Path(str(explorer.view.js))  # the board in the game's own folder
        check(own.parent.parent.name == name, f"{name}: the explorer draws {own}, not its board")
        check(explorer.actions or explorer.status, f"{name}: the explorer shows nothing")
        puzzles = ul.puzzles(name)
        check(puzzles.count >= 1 and puzzles.question, f"{name}: no stored puzzle")
        say(f"{name}: simulate, explore and puzzles ({puzzles.count}) work")
    board = Dashboard()
    shown = [value for _, value in board.game_choice.options]
    check(sorted(shown) == sorted(ul.games()), f"the dashboard offers {shown}")
    say(f"the dashboard offers {len(shown)} games")


def run_command(*args: str) -> str:
    """Run the installed ``umbrella-lab`` command; its output, or a failure naming it."""
    program = Path(sys.executable).parent / "umbrella-lab"
    if not program.exists():  # Windows: Scripts/umbrella-lab.exe
        program = Path(shutil.which("umbrella-lab", path=str(program.parent)) or program)
    done = subprocess.run(
        [str(program), *args], capture_output=True, text=True, timeout=600, check=False
    )
    check(
        done.returncode == 0,
        f"umbrella-lab {' '.join(args)} exited with {done.returncode}:\n{done.stderr}",
    )
    return done.stdout


def check_command(simulated: list[str]) -> None:
    """The ``umbrella-lab`` command of the environment; ``simulate`` for the games named."""
    shown = run_command("--version").strip()
    check(shown == f"umbrella-lab {ul.__version__}", f"--version printed {shown!r}")
    listed = run_command("games")
    for name in ul.games():
        check(listed.startswith(name) or f"\n{name} " in listed, f"games does not list {name}")
    check("turn.hold" in run_command("rules", "pig", "turn.hold"), "rules pig turn.hold")
    notebook = Path(run_command("dashboard", "--print-notebook").strip())
    check(json.loads(notebook.read_text("utf-8"))["cells"], "the dashboard notebook is empty")
    for name in simulated:
        began = time.perf_counter()
        printed = run_command("simulate", name, "--games", str(COMMAND_GAMES), "--workers", "1")
        check(f"over {COMMAND_GAMES} games" in printed, f"simulate {name} printed {printed!r}")
        say(f"umbrella-lab simulate {name}: {time.perf_counter() - began:.1f} s")
    say("umbrella-lab --version, games, rules, dashboard --print-notebook work")


def main() -> int:
    """Run every check; 0 when all pass."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", type=Path, help="JSON {game: [rule ids]} the digests hold")
    parser.add_argument("--repository", type=Path, help="the source folder not to import from")
    parser.add_argument(
        "--simulate",
        action="append",
        metavar="GAME",
        help="run `umbrella-lab simulate` for this game (repeatable; default: every game)",
    )
    args = parser.parse_args()
    expected = json.loads(args.rules.read_text("utf-8")) if args.rules else None
    began = time.perf_counter()
    say(f"Python {sys.version.split()[0]} at {sys.executable}")
    try:
        check_installed(args.repository)
        check_games(expected)
        check_tools()
        check_command(args.simulate or ul.games())
    except AssertionError as failure:
        say(f"FAILED: {failure}")
        return 1
    say(f"all checks passed in {time.perf_counter() - began:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
