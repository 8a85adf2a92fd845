"""The class table: one game shared by a class, each seat on its own device.

In a notebook::

    import umbrella_lab as ul
    t = ul.table("marvel", players=4, bots={3: "heuristic"})

starts the table's web server in the kernel's own event loop (tornado, which Jupyter runs on)
and shows the teacher's view, which shows one join link, QR code and short code per seat until
that seat's student has joined (the output itself keeps them behind a closed disclosure, for
when the view cannot be shown in the notebook). From a terminal, ``umbrella-lab table marvel
--players 4`` does the same and prints the address the students open.

The parts:

- :mod:`~umbrella_lab.table.model`: a table in plain Python (seats, secrets, bots, views);
- :mod:`~umbrella_lab.table.protocol`: the messages between the pages and the server;
- :mod:`~umbrella_lab.table.store`: each table saved as JSON after every change;
- :mod:`~umbrella_lab.table.server`: the tornado server, its pages and websockets;

Importing this package loads none of them; :func:`table` does.
"""

from __future__ import annotations

import html
import os
import sys
import threading
import types
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from umbrella_lab.engine.core import Game
    from umbrella_lab.table.model import Table
    from umbrella_lab.table.server import TableServer

STORE = "class-tables"
"""The folder, under the current one, where tables are saved unless told otherwise."""

_servers: dict[tuple[str, str, int], TableServer] = {}


class ClassTable:
    """A table being served, as a notebook shows it: the teacher's view and the join links.

    Attributes:
        server: The web server (it may serve other tables too).
        table: The table (its game, seats, moves so far).
    """

    def __init__(self, server: TableServer, table: Table, proxy: str = "") -> None:
        self.server = server
        self.table = table
        self.proxy = proxy

    @property
    def links(self) -> dict[str, Any]:
        """The teacher's link and each seat's link and short code (they carry secrets)."""
        return self.server.links(self.table)

    @property
    def address(self) -> str:
        """The front page students open to type their seat's code."""
        return f"{self.server.base}/"

    def __repr__(self) -> str:
        table = self.table
        return (
            f"ClassTable({table.game.name}, {table.game.players} players, table {table.id}, "
            f"move {table.step}, at {self.address})"
        )

    def _repr_html_(self) -> str:
        """The teacher's view, embedded, and what to do when it cannot be shown here.

        The seats' QR codes and codes are shown by the teacher's view, which hides a seat's once
        its student has joined: a student who scanned a classmate's code from the projected
        screen could take that seat over and see its hand. A notebook's output cannot hide them
        later, so it holds them only behind a disclosure, closed, for when the embedded view
        stays blank (a notebook served over https cannot embed a page served over http); it
        says to open the teacher's view in a tab then.
        """
        from umbrella_lab.table.server import with_qr

        esc = html.escape
        frame = "width:100%;height:640px;border:1px solid #dfe3e8;border-radius:8px"
        secrets = (
            "<p style='font-size:90%;color:#4a5563'>This output holds the table's secrets: "
            "clear it before sharing the notebook.</p>"
        )
        if self.proxy:  # the seats' links are made by the teacher's page, from its address
            teacher = esc(f"{self.proxy}t/{self.table.id}/teacher#k={self.table.teacher_token}")
            return (
                "<div style='font-family:system-ui,sans-serif'>"
                f"<p><b>{esc(self.table.game.info.title)}</b>, table {esc(self.table.id)}, "
                "served through this Jupyter server (jupyter-server-proxy): "
                f"<a href='{teacher}' target='_blank' rel='noopener noreferrer'>open the "
                "teacher's view in a tab</a>; it shows each seat's link to open in other tabs.</p>"
                f"<iframe src='{teacher}' title='The teacher view' style='{frame}'></iframe>"
                f"{secrets}</div>"
            )
        links = with_qr(self.links)
        seats = "".join(
            '<div style="border:1px solid #dfe3e8;border-radius:8px;padding:8px;'
            'text-align:center;width:190px">'
            f"<div style='font-weight:600'>{esc(seat['name'])}</div>{seat['qr']}"
            f"<div style='font:20px monospace'>{esc(seat['code'])}</div>"
            f"<a href='{esc(seat['link'])}' target='_blank' rel='noopener noreferrer'>seat link</a>"
            "</div>"
            for seat in links["seats"]
        )
        teacher = esc(links["teacher"])
        return (
            "<div style='font-family:system-ui,sans-serif'>"
            f"<p><b>{esc(self.table.game.info.title)}</b>, table {esc(self.table.id)}: project "
            "the teacher's view below (it shows each seat's QR code and code until the seat's "
            "student has joined). If it stays blank, "
            f"<a href='{teacher}' target='_blank' rel='noopener noreferrer'>open it in a tab</a>"
            f" and project that. Students open <b>{esc(self.address)}</b> and type their seat's "
            "code, or scan its QR code.</p>"
            "<details style='margin-bottom:10px'>"
            "<summary style='cursor:pointer'>The seats' codes, for when the teacher's view stays "
            "blank (do not project them)</summary>"
            "<p>A notebook served over https cannot show the teacher's view (it is served over "
            "http), and a browser that cannot reach the table's address shows nothing: open the "
            "teacher's view in a tab with the link above and project that, or give each student "
            "their own seat's code from here. These codes stay here after their students have "
            "joined, and anyone who sees a seat's code can take that seat and see its hand: "
            "close this before projecting the notebook.</p>"
            f"<div style='display:flex;flex-wrap:wrap;gap:10px'>{seats}</div></details>"
            f"<iframe src='{teacher}' title='The teacher view' style='{frame}'></iframe>"
            f"{secrets}</div>"
        )


def table(
    game: str | Game = "academy",
    players: int | None = None,
    seed: int | None = None,
    bots: dict[int, str] | None = None,
    *,
    host: str = "0.0.0.0",
    port: int = 0,
    store: str | Path | None = STORE,
    public: str | None = None,
    bot_delay: float | None = None,
    proxy: bool | None = None,
    **options: Any,
) -> ClassTable:
    """Open a class table and serve it; the table as the notebook shows it.

    In a Jupyter kernel the server runs in the kernel's own event loop; elsewhere (a script, a
    test) in a thread of its own. One server per address serves every table opened in a kernel.

    Args:
        game: A game name or a game (one written in a notebook too).
        players: Player count.
        seed: The seed the table is dealt from (the seats are not told it until the end).
            None, the default: a fresh one nobody can guess. A seed the students know (one
            written in a notebook they have) lets them deal the table in the explorer and read
            every hand.
        bots: Seats bots play: ``{3: "heuristic"}``.
        host: Where to listen: ``"0.0.0.0"`` (the classroom's network) or ``"127.0.0.1"``.
        port: The port (0: a free one).
        store: The folder tables are saved in (None: not saved).
        public: The address students type (default: this machine's on its network).
        bot_delay: Seconds a bot waits before its move.
        proxy: Serve through this Jupyter server's jupyter-server-proxy (``/proxy/<port>/``),
            for JupyterLab or Binder on one machine; None: when the kernel runs under a hub
            or Binder (``JUPYTERHUB_SERVICE_PREFIX`` is set) and jupyter-server-proxy is
            installed. The seats' links are then made by the teacher's page.
        **options: Rule options.
    """
    from umbrella_lab.table.server import BOT_DELAY, TableServer

    if proxy is None:
        proxy = bool(os.environ.get("JUPYTERHUB_SERVICE_PREFIX")) and _has_proxy()
    if proxy:
        host = "127.0.0.1"  # reached only through the Jupyter server, which checks the login
    key = (str(store), host, port)
    server = _servers.get(key)
    if server is None:
        server = TableServer(
            store,
            host=host,
            port=port,
            public=public,
            bot_delay=BOT_DELAY if bot_delay is None else bot_delay,
            links_from_page=proxy,
        )
        _start(server)
        _servers[key] = server
    opened = _call(
        server, lambda: server.open(game, players=players, seed=seed, bots=bots, **options)
    )
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/")
    return ClassTable(server, opened, f"{prefix}proxy/{server.port}/" if proxy else "")


def _has_proxy() -> bool:
    import importlib.util

    return importlib.util.find_spec("jupyter_server_proxy") is not None


def _start(server: TableServer) -> None:
    """Start ``server`` in a Jupyter kernel's event loop, else in a thread of its own.

    Only a kernel's loop runs all the time between cells; another library's running loop (a
    browser driver's, say) may run only while that library is called, so the table serves
    from a thread there.
    """
    import asyncio

    if _in_kernel():
        server.start()
        return
    ready = threading.Event()

    def run() -> None:
        async def serve() -> None:
            server.start()
            server.loop = asyncio.get_running_loop()  # type: ignore[attr-defined]
            ready.set()
            await asyncio.Event().wait()

        asyncio.run(serve())

    threading.Thread(target=run, name="umbrella-lab-table", daemon=True).start()
    ready.wait(10)


def _in_kernel() -> bool:
    """Whether this runs in a Jupyter kernel whose event loop is running now."""
    import asyncio

    kernelapp = sys.modules.get("ipykernel.kernelapp")
    if kernelapp is None or not kernelapp.IPKernelApp.initialized():
        return False
    try:
        return asyncio.get_running_loop().is_running()
    except RuntimeError:
        return False


def _call(server: TableServer, work: Any) -> Any:
    """Run ``work()`` in the server's event loop (its own thread's, when it has one)."""
    import asyncio

    loop = getattr(server, "loop", None)
    if loop is None:
        return work()
    return asyncio.run_coroutine_threadsafe(_wrap(work), loop).result(10)


async def _wrap(work: Any) -> Any:
    return work()


class _CallableModule(types.ModuleType):
    """This package, callable as :func:`table`: ``ul.table(...)`` works once it is imported too.

    (Importing ``umbrella_lab.table`` makes the package an attribute of ``umbrella_lab``,
    in the place of the function the public face lends under the same name.)
    """

    def __call__(self, *args: Any, **kwargs: Any) -> ClassTable:
        return table(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule

__all__ = ["ClassTable", "table"]
