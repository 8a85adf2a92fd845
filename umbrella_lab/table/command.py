"""The ``umbrella-lab table`` command: serve class tables from a terminal.

Its parser is made without importing the server (every command of ``umbrella-lab`` builds the
whole parser, and most never serve a table).
"""

from __future__ import annotations

import argparse
from typing import Any

DEFAULT_PORT = 8765
"""The port the command listens on unless told otherwise."""


def add_command(commands: Any) -> argparse.ArgumentParser:
    """Add ``table`` to the command line's subcommands; the new parser."""
    parser = commands.add_parser(
        "table",
        help="serve a class table: each student plays a seat on their own device",
        description="Open a class table and serve it on this machine's network: the command "
        "prints the address students open, the teacher's link and each seat's link and "
        "short code. Tables saved in the store folder are resumed, their links unchanged. "
        "Stop it with Ctrl+C (the tables stay saved).",
    )
    parser.add_argument("game", nargs="?", help="a game name, e.g. marvel (none: only resume)")
    parser.add_argument("--players", type=int, default=None, help="number of players")
    parser.add_argument(
        "--seed",
        type=int,
        default=None,
        help="the seed of the deal (default: a fresh one nobody can guess, shown at the end)",
    )
    parser.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="SEAT=POLICY",
        help="a seat a bot plays, numbered from 0, e.g. 3=heuristic (repeatable)",
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule option, e.g. strength=9 (repeatable)",
    )
    parser.add_argument(
        "--host",
        default="0.0.0.0",
        help="where to listen: 0.0.0.0 (the classroom's network, the default) or 127.0.0.1",
    )
    parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"the port (default {DEFAULT_PORT})"
    )
    parser.add_argument("--public", default=None, help="the address students type, if not ours")
    parser.add_argument(
        "--store", default="class-tables", help="the folder tables are saved in (class-tables)"
    )
    parser.add_argument(
        "--bot-delay", type=float, default=0.8, help="seconds before a bot's move (0.8)"
    )
    hub = parser.add_argument_group(
        "on a JupyterHub",
        "Run as a JupyterHub service (c.JupyterHub.services): every page behind the hub's "
        "login, at /services/<name>/ on the hub's address; the hub tells the service where to "
        "listen. Needs JupyterHub (pip install .[hub] in a clone).",
    )
    hub.add_argument("--hub", action="store_true", help="serve as the hub's service")
    hub.add_argument(
        "--teachers",
        default="",
        metavar="NAMES",
        help="hub users who may open the teacher's view, e.g. alice,bob",
    )
    hub.add_argument(
        "--teacher-group",
        default="",
        metavar="GROUPS",
        help="hub groups whose members may open the teacher's view, e.g. teachers",
    )
    return parser


def bots_of(texts: list[str]) -> dict[int, str]:
    """``["3=heuristic"]`` as ``{3: "heuristic"}``.

    Raises:
        ValueError: a text is not ``SEAT=POLICY`` with a whole-number seat.
    """
    bots = {}
    for text in texts:
        seat, sep, policy = text.partition("=")
        if not sep or not seat.strip().isdigit() or not policy.strip():
            msg = f"a bot looks like SEAT=POLICY (e.g. 3=heuristic), not {text!r}"
            raise ValueError(msg)
        bots[int(seat)] = policy.strip()
    return bots


def run(args: argparse.Namespace, options: dict[str, Any]) -> int:
    """Serve until stopped; prints the addresses first."""
    import asyncio

    from umbrella_lab.table.server import TableServer

    if args.hub:
        return run_on_hub(args, options)
    if args.teachers or args.teacher_group:
        raise ValueError("--teachers and --teacher-group are for a table on a hub (--hub)")
    server = TableServer(
        args.store,
        host=args.host,
        port=args.port,
        public=args.public,
        bot_delay=args.bot_delay,
    )
    if args.game:
        server.open(
            args.game, players=args.players, seed=args.seed, bots=bots_of(args.bot), **options
        )
    elif not server.tables:
        raise ValueError(f"no game named and no saved table in {args.store}: name a game")

    async def serve() -> None:
        server.start()
        print(f"Students open {server.base}/ and type their seat's code.", flush=True)
        for table in server.tables.values():
            links = server.links(table)
            print(f"\n{table.game.info.title}, table {table.id} (move {table.step}):")
            print(f"  teacher: {links['teacher']}")
            for seat in links["seats"]:
                print(f"  {seat['name']}: code {seat['code']}  {seat['link']}")
        print("\nStop with Ctrl+C; the tables are saved in", args.store, flush=True)
        await asyncio.Event().wait()

    try:
        asyncio.run(serve())
    except KeyboardInterrupt:
        server.stop()
    return 0


def run_on_hub(args: argparse.Namespace, options: dict[str, Any]) -> int:
    """Serve as a JupyterHub service until stopped (the hub starts and stops it)."""
    import asyncio
    import importlib.util

    if importlib.util.find_spec("jupyterhub") is None:
        raise ValueError(
            "--hub needs JupyterHub in the table's environment: pip install '.[hub]' in a "
            "clone of the kit"
        )
    from umbrella_lab.table.hub import HubTableServer, Teachers

    teachers = Teachers.of(args.teachers, args.teacher_group)
    server = HubTableServer(args.store, teachers=teachers, bot_delay=args.bot_delay)
    if args.game:
        server.open(
            args.game, players=args.players, seed=args.seed, bots=bots_of(args.bot), **options
        )

    async def serve() -> None:
        server.start()
        print(
            f"Serving class tables at {server.prefix} on the hub's address (listening on "
            f"{server.host}:{server.port}); teachers: {teachers}. Tables are saved in "
            f"{args.store}.",
            flush=True,
        )
        await asyncio.Event().wait()

    try:
        asyncio.run(serve())
    except KeyboardInterrupt:
        server.stop()
    return 0
