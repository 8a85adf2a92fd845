"""The ``umbrella-lab`` command: simulate games, list games, read the rules.

Examples::

    umbrella-lab games
    umbrella-lab --version
    umbrella-lab rules academy turn.block
    umbrella-lab simulate academy --players 3 --games 10000 --policy heuristic
    umbrella-lab simulate academy --players 4 --option strength=9 --option strict_heal=false --json
    umbrella-lab dashboard            # the teacher's dashboard in Voila, in the browser
    umbrella-lab voila tutorials/02_probability_with_dice.ipynb   # any notebook, no code

With no command it prints its help. Errors (an unknown game, option or player count) print one
line to stderr and exit with 2.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import json
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from umbrella_lab import __version__
from umbrella_lab.engine.core import games as game_names
from umbrella_lab.engine.core import load
from umbrella_lab.engine.errors import UmbrellaLabError
from umbrella_lab.jupyter_settings import (
    DEFAULT_PORT,
    command_line,
    free_port,
    run_server,
    server_settings,
    trust_notebooks,
)
from umbrella_lab.table.command import add_command as add_table_command

PROG = "umbrella-lab"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 on success, 2 on a usage error).

    Args:
        argv: The arguments after the program name (default: ``sys.argv[1:]``).

    Returns:
        The exit status.
    """
    parser = _parser()
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv:  # a first try: say what there is to do
        parser.print_help()
        return 0
    try:
        args, extra = parser.parse_known_args(argv)
        if extra and not getattr(args, "passes_on", False):
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
    except SystemExit as stop:  # --help, or a malformed command line (argparse printed why)
        return int(stop.code or 0)
    args.extra = extra
    try:
        return int(args.run(args))
    except BrokenPipeError:  # output piped into `head`, which stopped reading: not an error
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 (keeps Python's exit flush quiet)
        return 0
    except KeyboardInterrupt:  # Ctrl+C before a server started: stopped, no traceback
        return 130
    except (UmbrellaLabError, ValueError, KeyError) as error:
        message = error.args[0] if isinstance(error, KeyError) and error.args else error
        print(f"{PROG}: error: {message}", file=sys.stderr)
        return 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG, description="Simulate tabletop games and read their rules."
    )
    parser.add_argument(
        "--version", action="version", version=f"{PROG} {__version__}", help="print the version"
    )
    commands = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", parser_class=_HelpParser
    )

    listing = commands.add_parser("games", help="list the games")
    listing.set_defaults(run=_games)

    rules = commands.add_parser("rules", help="print a game's rule digest, or one rule")
    rules.add_argument("game", help="a game name, e.g. academy")
    rules.add_argument("rule", nargs="?", help="a rule id, e.g. turn.block")
    rules.set_defaults(run=_rules)

    sim = commands.add_parser(
        "simulate",
        help="play many games and print the win rate",
        description="Play many games with a ready-made policy and print the win rate with\n"
        "its 95% range (Wilson).",
        epilog_factory=_games_and_policies,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sim.add_argument("game", help="a game name, e.g. academy")
    sim.add_argument("--players", type=int, default=None, help="number of players")
    sim.add_argument("--games", type=int, default=1000, help="number of games (default 1000)")
    sim.add_argument(
        "--policy",
        default="heuristic",
        help="who plays: one of the game's policies listed below (default heuristic)",
    )
    sim.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    sim.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule option, e.g. strength=9 or strict_heal=false (repeatable)",
    )
    sim.add_argument(
        "--workers", type=int, default=None, help="processes to use (default: every core)"
    )
    sim.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress bar (default: for 2,000 games or more)",
    )
    sim.add_argument("--json", action="store_true", help="print one JSON object instead")
    sim.set_defaults(run=_simulate)

    board = commands.add_parser(
        "dashboard",
        help="open the teacher's dashboard (Voila): simulate and compare rule changes",
        description="Open the teacher's dashboard in Voila: a page with no code where a "
        "teacher picks a game and its settings, runs many games and compares a change with a "
        "kept baseline on the same seeds. Stop it with Ctrl+C. Other options go to voila.",
    )
    _server_options(board)
    board.add_argument(
        "--print-notebook",
        action="store_true",
        help="print the path of the dashboard notebook and stop",
    )
    board.set_defaults(run=_dashboard, passes_on=True)

    page = commands.add_parser(
        "voila",
        help="show a notebook in Voila: its outputs and widgets, no code",
        description="Show a notebook in Voila, as a class sees it: its outputs and widgets "
        "without the code. Stop it with Ctrl+C. Other options go to voila.",
    )
    page.add_argument("notebook", type=Path, help="the notebook, e.g. tutorials/05_puzzles.ipynb")
    _server_options(page)
    page.set_defaults(run=_voila, passes_on=True)

    add_table_command(commands).set_defaults(run=_table)
    return parser


class _HelpParser(argparse.ArgumentParser):
    """A parser whose help can end with text made only when the help is shown.

    ``simulate --help`` lists every game with its policies, read from the registry; loading
    every game for each command would slow them all down.
    """

    def __init__(self, *args: Any, epilog_factory: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.epilog_factory = epilog_factory

    def format_help(self) -> str:
        if self.epilog_factory is not None:
            self.epilog = self.epilog_factory()
        return super().format_help()


def _games_and_policies() -> str:
    """The registered games with their ready-made policies, for ``simulate --help``."""
    from umbrella_lab.sim.policies import policy_names

    names = game_names()
    width = max(len(name) for name in names)
    lines = ["games and their policies (--policy):"]
    lines += [f"  {name:<{width}}  {', '.join(policy_names(name))}" for name in names]
    return "\n".join(lines)


def _server_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--port",
        type=int,
        default=None,
        help=f"the port (default {DEFAULT_PORT}, or the next free one when it is in use)",
    )
    parser.add_argument(
        "--no-browser", action="store_true", help="do not open a browser (print the address)"
    )


def _games(args: argparse.Namespace) -> int:
    names = game_names()
    width = max(len(name) for name in names)
    for name in names:
        info = load(name).info
        counts = info.players
        players = f"{counts[0]}-{counts[-1]}" if len(counts) > 1 else f"{counts[0]}"
        kind = "co-operative" if info.cooperative else "competitive"
        print(f"{name:<{width}}  {info.title} ({players} players, {kind})")
    return 0


def _rules(args: argparse.Namespace) -> int:
    game = load(args.game)
    book = game.rules
    if args.rule:
        rule = book.get(args.rule)
        if rule is None:
            close = [r for r in book if r.startswith(args.rule.split(".")[0])][:8]
            hint = f"; rules starting alike: {', '.join(close)}" if close else ""
            msg = f"{args.game} has no rule {args.rule!r}{hint}"
            raise ValueError(msg)
        print(f"{rule.id}: {rule.title}")
        print(f"({rule.section})" if rule.section else "")
        print(rule.text)
        return 0
    print(f"{game.info.title}: rule digest ({len(book)} rules)")
    section = None
    for rule in book.values():
        if rule.section != section:
            section = rule.section
            print(f"\n== {section} ==")
        print(f"\n{rule.id}: {rule.title}\n{rule.text}")
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from umbrella_lab.sim.simulate import simulate_rows
    from umbrella_lab.sim.stats import wilson

    options = dict(_option(text) for text in args.option)
    if "players" in options:
        msg = f"the player count is not a rule option: give --players {options['players']}"
        raise ValueError(msg)
    game = load(args.game, players=args.players, **options)
    began = time.perf_counter()
    frame = simulate_rows(  # plain rows: no pandas to import for a few numbers
        game,
        args.policy,
        n=args.games,
        seed=args.seed,
        workers=args.workers,
        progress=args.progress,
    )
    seconds = time.perf_counter() - began
    wins = sum(bool(row["won"]) for row in frame)
    rate, low, high = wilson(wins, len(frame))
    rounds = sum(row["rounds"] for row in frame) / len(frame) if "rounds" in frame[0] else None
    speed = len(frame) / seconds if seconds > 0 else float("inf")
    seats = [] if game.info.cooperative else _seat_wins(frame, game.players)
    if args.json:
        print(
            json.dumps(
                {
                    "game": game.name,
                    "players": game.players,
                    "options": dict(game.changed_options),
                    "policy": args.policy,
                    "games": len(frame),
                    "seed": args.seed,
                    "wins": wins,
                    "win_rate": rate,
                    "low": low,
                    "high": high,
                    "mean_rounds": rounds,
                    "seats": seats,
                    "seconds": seconds,
                    "games_per_second": speed,
                },
                default=str,
            )
        )
        return 0
    changed = ", ".join(f"{k}={v}" for k, v in game.changed_options.items())
    print(
        f"{game.info.title}, {game.players} players{f' ({changed})' if changed else ''}, "
        f"policy {args.policy}"
    )
    what = "win rate" if game.info.cooperative else "games with a winner"
    print(
        f"{what} {rate:.1%} (95% range {low:.1%} to {high:.1%}, Wilson) "
        f"over {len(frame):,} games, seeds {args.seed} to {args.seed + len(frame) - 1}"
    )
    for row in seats:
        print(
            f"  seat {row['seat']} wins {row['win_rate']:.1%} "
            f"(95% range {row['low']:.1%} to {row['high']:.1%})"
        )
    if rounds is not None:
        print(f"mean rounds {rounds:.2f}")
    print(f"{speed:,.0f} games/s ({seconds:.2f} s)")
    return 0


def _seat_wins(rows: list[dict[str, Any]], players: int) -> list[dict[str, Any]]:
    """Each seat's wins and win rate (a tie is a win for each seat in it), as ``seat_win_rate``."""
    from umbrella_lab.sim.stats import wilson

    seats = []
    for seat in range(players):
        wins = sum(seat in row["winners"] for row in rows)
        rate, low, high = wilson(wins, len(rows))
        row = {"seat": seat, "games": len(rows), "wins": wins}
        seats.append(row | {"win_rate": rate, "low": low, "high": high})
    return seats


DASHBOARD = Path("notebooks") / "teacher_dashboard.ipynb"
"""The dashboard notebook, relative to the repository (a clone of umbrella-lab)."""

DASHBOARD_CELL = (
    "from umbrella_lab.widgets import Dashboard\n\n"
    'Dashboard(variants=["../tutorials/my_work", "my_work"])'
)


TEMPORARY_PREFIX = "umbrella-lab-dashboard-"
"""The start of the name of the temporary folder holding an installed kit's dashboard."""


def dashboard_notebook() -> Path:
    """The dashboard notebook: the repository's, or a one-cell copy made in a temp folder.

    An installed kit (no repository around it) still has a dashboard: the notebook is written
    afresh, looking for card-data variants in ``my_work`` under the current folder.
    """
    repository = Path(__file__).resolve().parents[1]
    found = repository / DASHBOARD
    if found.is_file():
        return found
    folder = Path(tempfile.mkdtemp(prefix=TEMPORARY_PREFIX))
    notebook = {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": "dashboard",
                "metadata": {},
                "outputs": [],
                "source": DASHBOARD_CELL.replace(
                    "../tutorials/my_work", (Path.cwd() / "my_work").as_posix()
                ),
            }
        ],
        "metadata": {
            "kernelspec": {
                "display_name": "Python 3 (ipykernel)",
                "language": "python",
                "name": "python3",
            }
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path = folder / DASHBOARD.name
    path.write_text(json.dumps(notebook, indent=1), encoding="utf-8")
    return path


def _dashboard(args: argparse.Namespace) -> int:
    notebook = dashboard_notebook()
    if args.print_notebook:
        print(notebook)
        return 0
    try:
        return _serve(notebook, args, "the dashboard")
    finally:  # an installed kit's notebook, written for this start: removed with its folder
        if notebook.parent.name.startswith(TEMPORARY_PREFIX):
            shutil.rmtree(notebook.parent, ignore_errors=True)


def _voila(args: argparse.Namespace) -> int:
    notebook = args.notebook
    if notebook.suffix != ".ipynb" or not notebook.is_file():
        msg = f"no notebook {str(notebook)!r} (give the path of an .ipynb file)"
        raise ValueError(msg)
    return _serve(notebook.resolve(), args, notebook.name)


def _serve(notebook: Path, args: argparse.Namespace, what: str) -> int:
    """Show ``notebook`` in Voila on a free port, with the kit's server settings.

    A page's kernel is shut down when the page closes (``umbrella_lab.voila_server``), or else
    once no page has shown it for 10 idle minutes (``umbrella_lab.jupyter_settings``, which
    also encrypts kernel traffic where possible); the notebook is trusted first, so Voila does
    not warn about it.
    """
    if importlib.util.find_spec("voila") is None:
        msg = f"{what} needs Voila: pip install voila (python3 dev.py installs it)"
        raise UmbrellaLabError(msg)
    port = free_port(DEFAULT_PORT if args.port is None else args.port)
    if args.port is not None and port != args.port:
        print(f"{PROG}: port {args.port} is in use; using {port}")
    elif args.port is None and port != DEFAULT_PORT:
        print(f"{PROG}: port {DEFAULT_PORT} is in use (another Voila?); using {port}")
    try:
        trust_notebooks([notebook])
    except (OSError, ValueError) as error:  # only the "not trusted" line is at stake
        print(f"{PROG}: note: could not trust {notebook.name} ({error})")
    command = [
        sys.executable,
        "-m",
        "umbrella_lab.voila_server",  # voila, with each page's kernel shut down as it closes
        str(notebook),
        f"--port={port}",
        "--Voila.port_retries=0",
        "--theme=light",
        *_unless_given(command_line(server_settings()), args.extra),
        *args.extra,
    ]
    if args.no_browser:
        command.append("--no-browser")
    print(f"{PROG}: {what} is at http://localhost:{port}/ (stop it with Ctrl+C)")
    sys.stdout.flush()
    # Voila gets Ctrl+C and a process manager's SIGINT or SIGTERM from here, once; its
    # temporary files go in a folder of this start's, removed when it and its kernels ended
    scratch = Path(tempfile.mkdtemp(prefix="umbrella-lab-voila-"))
    return run_server(command, cwd=notebook.parent, scratch=scratch)


def _unless_given(defaults: list[str], given: list[str]) -> list[str]:
    """The ``--Class.name=value`` defaults whose option the user did not give (one value each).

    >>> _unless_given(["--A.x=1", "--A.y=2"], ["--A.x", "5", "--theme=dark"])
    ['--A.y=2']
    """
    named = {option.split("=", 1)[0] for option in given}
    return [option for option in defaults if option.split("=", 1)[0] not in named]


def _table(args: argparse.Namespace) -> int:
    from umbrella_lab.table.command import run

    return run(args, dict(_option(text) for text in args.option))


def _option(text: str) -> tuple[str, Any]:
    """``name=value`` with the value read as Python would (9, true, none, a,b -> a tuple)."""
    name, sep, raw = text.partition("=")
    if not sep or not name.strip():
        msg = f"an option looks like NAME=VALUE (e.g. strength=9), not {text!r}"
        raise ValueError(msg)
    return name.strip(), _value(raw.strip())


def _value(raw: str) -> Any:
    lowered = raw.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    if lowered in ("none", "null", "default"):
        return None
    if "," in raw and not raw.startswith(("(", "[")):
        return tuple(_value(part.strip()) for part in raw.split(",") if part.strip())
    try:
        return ast.literal_eval(raw)
    except (ValueError, SyntaxError):
        return raw


if __name__ == "__main__":
    sys.exit(main())
