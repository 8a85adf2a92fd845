"""The class table's web server: tornado, the web stack Jupyter itself runs on.

One :class:`TableServer` serves any number of tables. Each table has a teacher's page and one
page per seat, reached by links that carry their secrets after ``#`` (the part of an address a
browser never sends in a request, so the secret stays out of server logs and referrers); the
page hands the secret to the server in its first websocket message (``hello``). Students may
also type a seat's short code on the server's front page.

Every change follows one path, one change at a time (the server runs in one thread, and a
change runs to its end before the next message is read):

1. a page's message is checked (:mod:`umbrella_lab.table.protocol`) and its sender identified;
2. the table checks the move with the rules (:meth:`Table.move`), or refuses it, saying why
   and sending the refused page the table as it is now;
3. the table is saved (:class:`~umbrella_lab.table.store.Store`), before anyone is told;
4. each page gets its own view: a seat's page only what that seat may see.

Bots play their seats after :attr:`TableServer.bot_delay` seconds, so that people see each
move happen.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import io
import logging
import re
import socket
import time
from collections.abc import Callable
from pathlib import Path
from string import Template
from typing import Any
from urllib.parse import quote

import tornado.httpserver
import tornado.netutil
import tornado.web
import tornado.websocket
from tornado.ioloop import IOLoop

from umbrella_lab.engine.core import Game
from umbrella_lab.table import protocol
from umbrella_lab.table.model import Refusal, Table, secrets_id
from umbrella_lab.table.protocol import BadMessage
from umbrella_lab.table.store import Store
from umbrella_lab.widgets.views import view_for

STATIC = Path(__file__).parent / "static"
"""The pages' HTML, JavaScript and CSS."""

BOT_DELAY = 0.8
"""Seconds a bot waits before its move, so people see each move happen."""

JOIN_TRIES = 20
"""Short codes one address may try in :data:`JOIN_WINDOW` seconds."""

JOIN_WINDOW = 60.0

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; connect-src 'self' ws: wss:; base-uri 'none'; form-action 'self'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}

log = logging.getLogger(__name__)


class TableServer:
    """A web server for class tables, run in the current asyncio event loop.

    Args:
        store: The folder tables are saved in (None: kept in memory only, lost on a stop).
            The tables saved there are resumed when the server starts.
        host: The address to listen on: ``"0.0.0.0"`` for every network of the machine (a
            classroom), ``"127.0.0.1"`` for this machine only.
        port: The port (0: any free one).
        public: The host name or address students type (default: this machine's address on
            its network, or ``host`` when it is a single address).
        bot_delay: Seconds before a bot's move.
        links_from_page: Make the join links from the address of the teacher's page (served
            behind jupyter-server-proxy, under a path this server does not know), not from
            ``public`` and the port.
        rate: Messages a second one page may send, on average (a burst of twice as many).
        durable: Flush each save to the disk (see :class:`~umbrella_lab.table.store.Store`).
        games: Games not in the registry (written in a notebook), by name, for resuming.
        prefix: The path every address starts with (``/``; a JupyterHub service is served at
            ``/services/<name>/``, see :mod:`umbrella_lab.table.hub`).

    Attributes:
        tables: The tables served, by id.
        port: The port listened on (after :meth:`start`).
    """

    def __init__(
        self,
        store: str | Path | None = None,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        public: str | None = None,
        bot_delay: float = BOT_DELAY,
        rate: float = protocol.RATE,
        links_from_page: bool = False,
        durable: bool = True,
        games: dict[str, Game] | None = None,
        prefix: str = "/",
    ) -> None:
        if not (prefix.startswith("/") and prefix.endswith("/")):
            raise ValueError(f"a path prefix starts and ends with '/', not {prefix!r}")
        self.prefix = prefix
        self.rate = rate
        self.links_from_page = links_from_page
        self.store = None if store is None else Store(store, durable=durable)
        self.host = host
        self.port = port
        self.public = public or public_address(host)
        self.bot_delay = bot_delay
        self.games = dict(games or {})
        self.tables: dict[str, Table] = {}
        self.sockets: dict[str, set[TableSocket]] = {}
        self.seated: dict[tuple[str, int], TableSocket] = {}
        self._timers: dict[str, Any] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._joins: dict[str, list[float]] = {}
        self._working: dict[str, asyncio.Future[None]] = {}  # turning points being worked out
        self._server: tornado.httpserver.HTTPServer | None = None
        self._loop: IOLoop | None = None  # the event loop the server runs in (after start)
        self.on_change: list[Callable[[Table], None]] = []
        if self.store is not None:
            for table in self.store.load_all(self.games):
                self.tables[table.id] = table

    # --- running ----------------------------------------------------------------------------
    def routes(self) -> list[tuple[str, type[tornado.web.RequestHandler], dict[str, Any]]]:
        """The addresses served (under :attr:`prefix`) and the handler of each."""
        root = re.escape(self.prefix)
        table = root + r"t/([a-z0-9]{1,32})"
        return [
            (root, FrontPage, {"server": self}),
            (root + r"join", JoinHandler, {"server": self}),
            (table + r"/(seat)/([0-9]{1,2})", PageHandler, {"server": self}),
            (table + r"/(teacher)()", PageHandler, {"server": self}),
            (table + r"/board\.(js|css)", BoardHandler, {"server": self}),
            (table + r"/ws", TableSocket, {"server": self}),
            (root + r"static/(.*)", StaticHandler, {"path": str(STATIC)}),
            # the prefix without its last slash: on to the front page
            *(
                [(re.escape(self.prefix[:-1]), tornado.web.RedirectHandler, {"url": self.prefix})]
                if self.prefix != "/"
                else []
            ),
        ]

    def settings(self) -> dict[str, Any]:
        """The tornado application's settings."""
        return {
            "websocket_max_message_size": protocol.HARD_LIMIT,
            "websocket_ping_interval": 20,
            "websocket_ping_timeout": 15,
        }

    def app(self) -> tornado.web.Application:
        """The tornado application: pages, board renderers, static files and the websocket."""
        return tornado.web.Application(self.routes(), **self.settings())

    def start(self) -> TableServer:
        """Listen (in the running event loop, or the one the caller runs next); returns self."""
        sockets = tornado.netutil.bind_sockets(self.port, self.host)
        self.port = sockets[0].getsockname()[1]
        self._loop = IOLoop.current()
        self._server = tornado.httpserver.HTTPServer(self.app(), xheaders=False)
        self._server.add_sockets(sockets)
        for table in self.tables.values():
            self._schedule(table)
        return self

    def stop(self) -> None:
        """Stop listening and close every page's connection (the tables stay saved)."""
        loop = self._loop or IOLoop.current()
        for timer in self._timers.values():
            loop.remove_timeout(timer)
        self._timers.clear()
        if self._server is not None:
            self._server.stop()
            self._server = None
        for sockets in self.sockets.values():
            for sock in list(sockets):
                sock.close(1001, "the table's server stopped")
        self.sockets.clear()
        self.seated.clear()

    @property
    def base(self) -> str:
        """The address students use: ``http://<public>:<port>``."""
        host = f"[{self.public}]" if ":" in self.public else self.public
        return f"http://{host}:{self.port}"

    # --- tables -----------------------------------------------------------------------------
    def open(
        self,
        game: str | Game,
        *,
        players: int | None = None,
        seed: int | None = None,
        bots: dict[int, str] | None = None,
        **options: Any,
    ) -> Table:
        """Open a new table and save it; the table (its links are :meth:`links`).

        ``seed`` None deals it from a fresh seed nobody can guess (told at the end).
        """
        table = Table(game, players=players, seed=seed, bots=bots, **options)
        while table.id in self.tables:
            table.id = secrets_id()  # (a name another table has: draw again)
        if isinstance(game, Game):
            self.games.setdefault(table.game.name, table.game)
        self.tables[table.id] = table
        self._save(table)
        self._schedule(table)
        return table

    def links(self, table: Table, root: str | None = None) -> dict[str, Any]:
        """The teacher's link and each seat's link and short code (all carry secrets).

        ``root`` is the address the pages are reached at, when it is not this server's own
        (behind jupyter-server-proxy: the teacher's page tells it, see ``links_from_page``).
        """
        front = (root or f"{self.base}{self.prefix}").rstrip("/")
        base = f"{front}/t/{table.id}"
        return {
            "front": f"{front}/",
            "teacher": f"{base}/teacher#k={quote(table.teacher_token)}",
            "seats": [
                {
                    "seat": seat,
                    "name": name,
                    "link": f"{base}/seat/{seat}#k={quote(table.seat_tokens[seat])}",
                    "code": table.seat_codes[seat],
                }
                for seat, name in enumerate(table.names)
            ],
        }

    # --- changes ----------------------------------------------------------------------------
    def lock(self, table_id: str) -> asyncio.Lock:
        """The lock every change of a table holds until its pages are told: one at a time."""
        if table_id not in self._locks:
            self._locks[table_id] = asyncio.Lock()
        return self._locks[table_id]

    async def changed(self, table: Table) -> None:
        """After a change (under the table's lock): save, then tell every page, then bots.

        The file is written in a worker thread, so that a slow disk holds up this table only;
        no page of the table is told anything before the file is in place.
        """
        if self.store is not None:
            text = self.store.text(table)
            await asyncio.get_running_loop().run_in_executor(None, self.store.write, table.id, text)
        self.broadcast(table)
        for listener in self.on_change:
            listener(table)
        self._schedule(table)

    def broadcast(self, table: Table) -> None:
        """Send every page of ``table`` its own view (a seat's page only its seat's)."""
        sockets = self.sockets.get(table.id, set())
        if not sockets:
            return
        views: dict[Any, dict[str, Any]] = {}
        entries = table.log()
        present = self.present(table)
        for sock in list(sockets):
            key = sock.seat if sock.role == "seat" else "teacher"
            if key not in views:
                views[key] = (
                    table.seat_view(sock.seat) if sock.role == "seat" else table.teacher_view()
                )
            sock.send_view(views[key], entries, present)
        self._work_out_turning_point(table)

    def _work_out_turning_point(self, table: Table) -> None:
        """Once a game is over by its rules, find its turning point in a worker thread.

        Playouts take a second or two, so they run off the event loop; every page is told
        the summary with it when they are done (until then it says "being worked out").
        """
        if table.state.result is None or table.turning_known or table.id in self._working:
            return

        async def work() -> None:
            loop = asyncio.get_running_loop()
            try:
                await loop.run_in_executor(None, table.work_out_turning_point)
            except Exception:  # the summary says so; the table goes on
                log.exception("class table %s: the turning point failed", table.id)
                table.no_turning_point("the playouts failed (the server's log says why)")
            finally:
                self._working.pop(table.id, None)
            if self.tables.get(table.id) is table:
                await self.told(table)

        self._working[table.id] = asyncio.ensure_future(work())

    def present(self, table: Table) -> list[bool]:
        """Which seats have a page connected now."""
        return [(table.id, seat) in self.seated for seat in range(table.game.players)]

    def _save(self, table: Table) -> None:
        if self.store is not None:
            self.store.save(table)

    def _schedule(self, table: Table) -> None:
        if table.id in self._timers or not table.bot_due():
            return
        loop = self._loop or IOLoop.current()
        delay = self.bot_delay / 2 if table.state.to_act == -1 else self.bot_delay
        self._timers[table.id] = loop.call_later(delay, self._bot_turn, table.id)

    async def _bot_turn(self, table_id: str) -> None:
        self._timers.pop(table_id, None)
        table = self.tables.get(table_id)
        if table is None:
            return
        async with self.lock(table_id):
            if not table.bot_due():
                return
            try:
                table.bot_move()
            except Exception:  # a bot's failure must not stop the server: the table waits
                log.exception("class table %s: the bot failed", table_id)
                return
            await self.changed(table)

    async def told(self, table: Table) -> None:
        """Tell every page of ``table`` (under its lock: never a change not yet saved)."""
        async with self.lock(table.id):
            self.broadcast(table)

    # --- joining by code --------------------------------------------------------------------
    def join(self, code: str, address: str) -> tuple[Table, int] | None:
        """The table and seat of a short code, or None; refused when tried too often."""
        now = time.monotonic()
        tries = [t for t in self._joins.get(address, []) if now - t < JOIN_WINDOW]
        if len(tries) >= JOIN_TRIES:
            raise Refusal(
                f"too many codes tried from this address: wait a minute (at most {JOIN_TRIES} a "
                "minute)",
                "table.join",
            )
        tries.append(now)
        self._joins[address] = tries
        found = None
        for table in self.tables.values():
            seat = table.seat_of_code(code)
            if seat is not None:
                found = (table, seat)
        return found


# --- pages ---------------------------------------------------------------------------------------


class _Handler(tornado.web.RequestHandler):
    def initialize(self, server: TableServer) -> None:
        self.server = server

    def set_default_headers(self) -> None:
        for name, value in SECURITY_HEADERS.items():
            self.set_header(name, value)

    def page(self, name: str, status: int = 200, **fields: str) -> None:
        text = (STATIC / name).read_text(encoding="utf-8")
        self.set_status(status)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(Template(text).safe_substitute({k: html.escape(v) for k, v in fields.items()}))


class FrontPage(_Handler):
    """The front page: type a seat's short code."""

    def get(self) -> None:
        """The form."""
        self.page("join.html", message="", root="")


class JoinHandler(_Handler):
    """A short code typed on the front page: on to the seat's page (its link)."""

    def who(self) -> str:
        """Whose tries are counted: the address the request came from."""
        return self.request.remote_ip or ""

    def get(self) -> None:
        """Find the seat of the code (a few tries a minute per address)."""
        code = self.get_argument("code", "")[:40]
        try:
            found = self.server.join(code, self.who())
        except Refusal as refusal:
            self.page("join.html", 429, message=_capital(refusal.reason) + ".", root="")
            return
        if found is None:
            self.page(
                "join.html",
                404,
                message="No seat has that code: check the letters and try again.",
                root="",
            )
            return
        table, seat = found
        token = quote(table.seat_tokens[seat])
        self.redirect(f"t/{table.id}/seat/{seat}#k={token}", status=303)


class PageHandler(_Handler):
    """A seat's page or the teacher's: the same shell, filled by the websocket."""

    def get(self, table_id: str, role: str, seat: str) -> None:
        """The page of ``role`` (``seat`` or ``teacher``) at a table; its secret comes later."""
        table = self.server.tables.get(table_id)
        if table is None or (role == "seat" and int(seat) >= table.game.players):
            up = "../../" if role == "teacher" else "../../../"
            self.page("join.html", 404, message="There is no such table or seat here.", root=up)
            return
        name = table.names[int(seat)] if role == "seat" else "Teacher"
        self.page(
            "page.html",
            role=role,
            table=table.id,
            seat=seat or "",
            title=f"{name} · {table.game.info.title}",
            static="../../static/" if role == "teacher" else "../../../static/",
            board="board" if role == "teacher" else "../board",
        )


class BoardHandler(_Handler):
    """The game's board renderer (the explorer's), as a module the pages import."""

    def get(self, table_id: str, kind: str) -> None:
        """The renderer's script (``js``) or style sheet (``css``)."""
        table = self.server.tables.get(table_id)
        if table is None:
            raise tornado.web.HTTPError(404)
        js, css = view_for(table.game.name).source()
        kinds = {"js": "text/javascript", "css": "text/css"}
        self.set_header("Content-Type", f"{kinds[kind]}; charset=utf-8")
        self.finish(js if kind == "js" else css)


class StaticHandler(tornado.web.StaticFileHandler):
    """The pages' script and style sheet, with the same security headers."""

    def set_default_headers(self) -> None:
        """The security headers of every page."""
        for name, value in SECURITY_HEADERS.items():
            self.set_header(name, value)


# --- the websocket -------------------------------------------------------------------------------


class TableSocket(tornado.websocket.WebSocketHandler):
    """One page's connection: who it is (after ``hello``), its rate, what it has been sent."""

    def initialize(self, server: TableServer) -> None:
        """A new connection, not yet anyone's."""
        self.server = server
        self.table: Table | None = None
        self.role = ""
        self.seat = -1
        self.sent_log: list[int] = []
        self.sent_links = False
        self.root: str | None = None
        self.allowance = 2 * server.rate
        self.checked = time.monotonic()
        self.flooded = 0

    def open(self, table_id: str) -> None:
        """Join the table's connections (an unknown table: closed with 4004)."""
        table = self.server.tables.get(table_id)
        if table is None:
            self.close(4004, "there is no such table here")
            return
        self.table = table
        self.set_nodelay(True)  # small messages at once (no Nagle's wait for an ACK)
        self.server.sockets.setdefault(table.id, set()).add(self)

    def on_close(self) -> None:
        """Leave the table; a seat's page gone is shown to the others."""
        if self.table is None:
            return
        self.server.sockets.get(self.table.id, set()).discard(self)
        key = (self.table.id, self.seat)
        if self.role == "seat" and self.server.seated.get(key) is self:
            del self.server.seated[key]
            IOLoop.current().spawn_callback(self.server.told, self.table)

    # --- receiving ---------------------------------------------------------------------------
    async def on_message(self, message: str | bytes) -> None:
        """One message: within the rate, checked, answered; a bad one changes nothing.

        The answer holds the table's lock: one change of a table at a time, each saved and
        told before the next is read.
        """
        table = self.table
        if table is None:
            return
        if not self._within_rate():
            return
        try:
            data = protocol.parse(message)
            async with self.server.lock(table.id):
                await self._answer(data)
        except BadMessage as error:
            self.send("error", error=f"{_capital(str(error))}; nothing changed.")

    def _within_rate(self) -> bool:
        now = time.monotonic()
        rate = self.server.rate
        self.allowance = min(2 * rate, self.allowance + (now - self.checked) * rate)
        self.checked = now
        if self.allowance >= 1:
            self.allowance -= 1
            return True
        self.flooded += 1
        if self.flooded >= protocol.FLOOD_CLOSE:
            self.close(4008, "too many messages")
        elif self.flooded == 1 or self.flooded % 10 == 0:
            self.send(
                "error",
                error=f"Too many messages: at most {self.server.rate:g} a second; this one was "
                "ignored and nothing changed.",
            )
        return False

    async def _answer(self, data: dict[str, Any]) -> None:
        table = self.table
        assert table is not None
        kind = data["type"]
        if kind == "ping":
            self.send("pong")
            return
        if kind == "hello":
            self._hello(table, data)
            return
        if not self.role:
            raise BadMessage("say hello first, with the secret of your link")
        if kind in protocol.TEACHER_TYPES and self.role != "teacher":
            self._refuse(Refusal(f"only the teacher's page may {kind}", "table.teacher"), data)
            return
        try:
            if kind == "move":
                if self.role != "seat":
                    raise Refusal("the teacher's page plays no seat", "table.seat")
                move = protocol.text_field(data, "id", protocol.ID_MOST)
                table.move(self.seat, move, protocol.whole_field(data, "at"))
            elif kind == "why":
                move = protocol.text_field(data, "id", protocol.ID_MOST)
                seat = self.seat if self.role == "seat" else None
                self.send("why", id=move, **table.why(seat, move))
                return
            elif kind in ("pause", "resume"):
                table.pause(kind == "pause")
            elif kind == "undo":
                table.undo(protocol.whole_field(data, "at"))
            elif kind == "end":
                table.end()
            elif kind == "bot":
                seat = protocol.whole_field(data, "seat")
                policy = data.get("policy")
                if policy is not None:
                    policy = protocol.text_field(data, "policy", 40)
                table.set_bot(seat, policy)
        except Refusal as refusal:
            self._refuse(refusal, data)
            return
        await self.server.changed(table)

    def _hello(self, table: Table, data: dict[str, Any]) -> None:
        if self.role:
            raise BadMessage("this page already said hello")
        role = data.get("role")
        token = protocol.text_field(data, "token", protocol.TOKEN_MOST)
        if role == "teacher":
            barred = self.may_not_teach()
            if barred:
                self.send("error", error=barred)
                self.close(4003, "not a teacher")
                return
            if not table.is_teacher(token):
                self.send("error", error="This link's secret does not open the teacher's page.")
                self.close(4003, "wrong secret")
                return
            self.role = "teacher"
            root = data.get("root")
            if (
                isinstance(root, str)
                and len(root) <= 300
                and root.startswith(("http://", "https://"))
            ):
                self.root = root  # where the teacher's page found this server
        elif role == "seat":
            seat = protocol.whole_field(data, "seat")
            if not table.seat_of_token(seat, token):
                self.send("error", error=f"This link's secret does not open seat {seat + 1}.")
                self.close(4003, "wrong secret")
                return
            self.role, self.seat = "seat", seat
            key = (table.id, seat)
            before = self.server.seated.get(key)
            if before is not None and before is not self:
                before.send(
                    "notice",
                    text=f"{table.names[seat]} was opened on another device, which plays the "
                    "seat now. If you play on this one, take the seat back; if someone else "
                    "has your link, tell your teacher.",
                    about="taken",
                )
                before.role = ""
                before.close(4001, "the seat was taken over")
            self.server.seated[key] = self
        else:
            raise BadMessage(f"hello needs role 'seat' or 'teacher', not {role!r}")
        self.server.broadcast(table)  # this page's view, and the others' presence

    def may_not_teach(self) -> str:
        """Why this connection may not open the teacher's controls ("": it may, with the secret).

        Here the teacher's secret alone opens them; behind a hub's login the signed-in user must
        be one of the teachers too (:mod:`umbrella_lab.table.hub`).
        """
        return ""

    def _refuse(self, refusal: Refusal, data: dict[str, Any]) -> None:
        """Tell the sender why nothing changed, and send it the table as it is now."""
        self.send(
            "refused",
            reason=_capital(refusal.reason) + ".",
            rule=refusal.rule,
            id=data.get("id") if isinstance(data.get("id"), str) else None,
        )
        table = self.table
        if table is not None and self.role:
            view = table.seat_view(self.seat) if self.role == "seat" else table.teacher_view()
            self.send_view(view, table.log(), self.server.present(table))

    # --- sending -----------------------------------------------------------------------------
    def send(self, kind: str, **fields: Any) -> None:
        """Send one message; a page that has gone is forgotten quietly."""
        with contextlib.suppress(tornado.websocket.WebSocketClosedError):
            sent = self.write_message(protocol.message(kind, **fields))
            sent.add_done_callback(_quietly)  # a page gone while it was written: nothing to do

    def send_view(self, view: dict[str, Any], entries: list[dict[str, Any]], present: Any) -> None:
        """Send ``view`` with the log entries this page does not have yet."""
        if not self.role:
            return
        nodes = [entry["node"] for entry in entries]
        kept = 0
        for old, new in zip(self.sent_log, nodes, strict=False):
            if old != new:
                break
            kept += 1
        self.sent_log = nodes
        extra: dict[str, Any] = {}
        if self.role == "teacher" and not self.sent_links and self.table is not None:
            root = self.root if self.server.links_from_page else None
            extra["links"] = with_qr(self.server.links(self.table, root))
            self.sent_links = True
        self.send(
            "view",
            at=view["at"],
            view={**view, "present": present, **extra},
            log_from=kept,
            log=entries[kept:],
        )

    def check_origin(self, origin: str) -> bool:
        """Same origin only (tornado's rule): another site's page cannot open a seat."""
        return super().check_origin(origin)


# --- helpers -------------------------------------------------------------------------------------


def with_qr(links: dict[str, Any]) -> dict[str, Any]:
    """The links with a QR code (inline SVG) for each seat's link."""
    import segno

    seats = []
    for seat in links["seats"]:
        code = segno.make_qr(seat["link"], error="m")
        buffer = io.BytesIO()
        code.save(
            buffer,
            kind="svg",
            xmldecl=False,
            svgns=True,  # the page parses it as SVG, which needs the namespace
            nl=False,
            scale=3,
            border=4,
            dark="#111",
            light="#fff",
            omitsize=True,
        )
        seats.append({**seat, "qr": buffer.getvalue().decode("utf-8")})
    return {**links, "seats": seats}


def public_address(host: str) -> str:
    """The address students type: this machine's on its network when listening on all."""
    if host not in ("0.0.0.0", "", "::"):
        return host
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # a documentation address: no packet is sent
        return str(probe.getsockname()[0])
    except OSError:
        return socket.gethostname()
    finally:
        probe.close()


def _quietly(sent: Any) -> None:
    """Take a finished write's outcome: a page that went away meanwhile is no error."""
    if not sent.cancelled():
        sent.exception()


def _capital(text: str) -> str:
    text = text.rstrip(".")
    return text[:1].upper() + text[1:]
