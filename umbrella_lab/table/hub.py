"""The class table as a JupyterHub service: every page and websocket behind the hub's login.

A school's JupyterHub runs ``umbrella-lab table --hub --teachers alice,bob`` as a *service*
(JupyterHub's ``services`` setting): the hub starts it, its proxy sends ``/services/<name>/``
to it, and the hub tells it, in its environment, where the hub's API is and the service's own
OAuth client. Every signed-in user who holds the scope ``access:services!service=<name>``
reaches it through the hub's own address and login (docs: README, "A class table on a
JupyterHub").

Two keys open each page, and both are needed:

- **the hub's login says who you are.** Every page asks the hub (JupyterHub's own
  :class:`~jupyterhub.services.auth.HubOAuthenticated` helpers: an OAuth sign-in through the
  hub, then a cookie for this service). A page without a login is sent to the hub's login; a
  websocket or a form sent without one is refused (403). A signed-in user without access to the
  service is refused (403). A browser does not tell a page's script why its websocket was
  refused, so a page that lost its connection asks for itself before joining again
  (``static/table.js``): 401 (the sign-in page) means its hub login has ended, and it stops
  and says to reload to sign in again; 403, that this user may not use the table.
- **the link's secret says which seat is yours**, as on a laptop: each seat's link carries its
  own secret, and the teacher's link the teacher's.

The teacher's view needs the teacher's hub identity as well as the teacher's secret: a user
named with ``--teachers`` or a member of the hub group named with ``--teacher-group``. A
student who is signed in but is not a teacher is refused the teacher's page and controls even
with a leaked teacher's link. Teachers open tables from the service's front page (a game, a
player count, a seed) and see every table's teacher's link there; students see the form for a
seat's short code.

The scripts and style sheets under ``static/`` (the kit's own code, no table's data) are served
without a login, as the hub serves its own; the browser fetches module scripts in a way the
hub's cookie check refuses.

Importing this module needs JupyterHub (the ``hub`` extra: ``pip install ".[hub]"``); nothing
else of the class table does.
"""

from __future__ import annotations

import functools
import html
import os
import secrets
from dataclasses import dataclass
from pathlib import Path
from string import Template
from typing import Any, cast
from urllib.parse import quote, urlparse

import tornado.web
from jupyterhub.services.auth import (
    HubOAuth,
    HubOAuthCallbackHandler,
    HubOAuthenticated,
    UserNotAllowed,
)

from umbrella_lab.engine.errors import UmbrellaLabError
from umbrella_lab.table.server import (
    STATIC,
    FrontPage,
    JoinHandler,
    PageHandler,
    TableServer,
    TableSocket,
    _Handler,
)

COOKIE_SECRET = ".hub-cookie-secret"
"""The file, in the tables' folder, that keeps the key this service signs its cookies with, so
that a restart of the service keeps everyone signed in (readable by its owner only)."""


@dataclass(frozen=True)
class Teachers:
    """Who may open the teacher's view, by hub identity: user names and hub groups.

    Attributes:
        names: Hub user names, e.g. ``{"alice", "bob"}``.
        groups: Hub groups whose members are teachers, e.g. ``{"teachers"}``.
    """

    names: frozenset[str] = frozenset()
    groups: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        if not self.names and not self.groups:
            raise ValueError(
                "a table on a hub needs its teachers: name them (--teachers alice,bob) or a hub "
                "group (--teacher-group teachers); without them nobody could open the "
                "teacher's view"
            )

    @classmethod
    def of(cls, names: str = "", groups: str = "") -> Teachers:
        """Teachers from comma-separated texts: ``Teachers.of("alice,bob", "teachers")``."""
        return cls(_names(names), _names(groups))

    def allow(self, user: dict[str, Any] | None) -> bool:
        """Whether the hub user ``user`` (the hub's model: ``name``, ``groups``) is a teacher."""
        if not user or user.get("kind", "user") != "user":
            return False
        groups = set(user.get("groups") or ())
        return user.get("name") in self.names or bool(groups & self.groups)

    def __str__(self) -> str:
        parts = sorted(self.names) + [f"members of the hub group {g}" for g in sorted(self.groups)]
        return ", ".join(parts)


def _names(text: str) -> frozenset[str]:
    return frozenset(name.strip() for name in text.split(",") if name.strip())


class HubTableServer(TableServer):
    """A :class:`~umbrella_lab.table.server.TableServer` behind a JupyterHub's login.

    Args:
        store: The folder tables are saved in (and the service's cookie key).
        teachers: Who may open the teacher's view.
        hub_auth: JupyterHub's OAuth client for this service (None: made from the hub's
            environment, as a hub-managed service has it).
        host: Where to listen (None: the host of ``$JUPYTERHUB_SERVICE_URL``).
        port: The port (None: the port of ``$JUPYTERHUB_SERVICE_URL``).
        **options: The other options of :class:`~umbrella_lab.table.server.TableServer`.
    """

    def __init__(
        self,
        store: str | Path | None,
        *,
        teachers: Teachers,
        hub_auth: HubOAuth | None = None,
        host: str | None = None,
        port: int | None = None,
        **options: Any,
    ) -> None:
        self.hub_auth = hub_auth if hub_auth is not None else from_environment()
        service = urlparse(os.environ.get("JUPYTERHUB_SERVICE_URL", ""))
        options.setdefault("prefix", self.hub_auth.base_url)
        super().__init__(
            store,
            host=host or service.hostname or "127.0.0.1",
            port=port if port is not None else service.port or 0,
            links_from_page=True,  # the hub's public address is the one the teacher's page has
            **options,
        )
        self.teachers = teachers

    def routes(self) -> list[tuple[str, type[tornado.web.RequestHandler], dict[str, Any]]]:
        """The table's addresses with the hub's login on each page, plus the OAuth callback."""
        behind = {
            FrontPage: HubFrontPage,
            JoinHandler: HubJoin,
            PageHandler: HubPage,
            TableSocket: HubSocket,
        }
        routes = [
            (path, behind.get(handler, handler), kw) for path, handler, kw in super().routes()
        ]
        callback = urlparse(self.hub_auth.oauth_redirect_uri).path or f"{self.prefix}oauth_callback"
        return [
            (callback, OAuthCallback, {"server": self}),
            (f"{self.prefix}open", OpenTable, {"server": self}),
            *routes,
        ]

    def settings(self) -> dict[str, Any]:
        """The table's settings and the key the service's cookies are signed with."""
        return {**super().settings(), "cookie_secret": self._cookie_secret()}

    def _cookie_secret(self) -> bytes:
        if self.store is None:
            return secrets.token_bytes(32)
        path = self.store.folder / COOKIE_SECRET
        if path.is_file():
            return bytes.fromhex(path.read_text(encoding="ascii").strip())
        key = secrets.token_bytes(32)
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(handle, "w", encoding="ascii") as file:
            file.write(key.hex() + "\n")
        return key


def from_environment() -> HubOAuth:
    """This service's OAuth client, from the environment a hub gives its services.

    Raises:
        ValueError: the environment is not a hub service's (no ``JUPYTERHUB_API_TOKEN`` or
            ``JUPYTERHUB_SERVICE_PREFIX``).
    """
    wanted = ("JUPYTERHUB_API_TOKEN", "JUPYTERHUB_SERVICE_PREFIX", "JUPYTERHUB_API_URL")
    missing = [name for name in wanted if not os.environ.get(name)]
    if missing:
        raise ValueError(
            f"--hub serves the table as a JupyterHub service, and {', '.join(missing)} "
            f"{'is' if len(missing) == 1 else 'are'} not set: the hub sets these for the "
            "services it starts (add the table to c.JupyterHub.services in "
            "jupyterhub_config.py; see the README)"
        )
    return HubOAuth.instance()


# --- pages and websockets behind the hub's login -------------------------------------------------


class _SignedIn(HubOAuthenticated):
    """A page only a signed-in hub user with access to this service reaches."""

    server: TableServer
    request: Any

    def initialize(self, server: TableServer) -> None:
        super().initialize(server=server)
        self.hub_auth = self.hub.hub_auth

    @property
    def hub(self) -> HubTableServer:
        """The server, a table server behind a hub's login."""
        return cast(HubTableServer, self.server)

    async def prepare(self) -> None:
        """No hub login: a page goes to the hub's login, anything else is refused (403).

        A signed-in user without access to this service is refused too (403). The hub is asked
        without blocking (its answer is kept a few minutes), so other pages go on meanwhile.
        """
        if not hasattr(self, "_hub_auth_user_cache"):
            model = await self.hub_auth.get_user(self, sync=False)
            try:
                self._hub_auth_user_cache = self.check_hub_user(model) if model else None
            except UserNotAllowed:
                self._hub_auth_user_cache = None
                raise tornado.web.HTTPError(
                    403, "%s may not use this service", model.get("name")
                ) from None
        if self.current_user:
            return
        if self.request.method in ("GET", "HEAD") and not _is_websocket(self.request):
            self.sign_in()
            return
        raise tornado.web.HTTPError(403, "sign in to the hub first")

    def sign_in(self) -> None:
        """Send the browser to the hub's login, and back here after it."""
        self.redirect(self.get_login_url())

    def user_name(self) -> str:
        """The signed-in hub user's name."""
        user: Any = self.current_user
        return str(user.get("name", "")) if isinstance(user, dict) else ""

    def is_teacher(self) -> bool:
        """Whether the signed-in hub user is one of the tables' teachers."""
        user: Any = self.current_user
        return self.hub.teachers.allow(user if isinstance(user, dict) else None)

    def not_teacher(self) -> str:
        """What a signed-in user who is not a teacher is told."""
        return (
            f"You are signed in as {self.user_name()}, who is not one of this table's teachers "
            f"({self.hub.teachers}): the teacher's view needs a teacher's hub login as well "
            "as the teacher's link."
        )


def _is_websocket(request: Any) -> bool:
    return str(request.headers.get("Upgrade", "")).lower() == "websocket"


class OAuthCallback(HubOAuthCallbackHandler):
    """The end of the hub's OAuth sign-in: sets this service's cookie, back to the page."""

    def initialize(self, server: HubTableServer) -> None:
        """Use the server's OAuth client."""
        self.hub_auth = server.hub_auth


class HubFrontPage(_SignedIn, FrontPage):
    """The front page: a teacher's tables and the form to open one; a student's code form."""

    def get(self) -> None:
        """A teacher's page for teachers, the short-code form for everyone else."""
        if self.is_teacher():
            self.finish(teacher_home(self))
        else:
            super().get()


class HubJoin(_SignedIn, JoinHandler):
    """A short code typed on the front page, tries counted per hub user.

    (Behind the hub's proxy every request comes from the same address.)
    """

    def who(self) -> str:
        """Whose tries are counted: the signed-in hub user."""
        return f"hub user {self.user_name()}"


class HubPage(_SignedIn, PageHandler):
    """A seat's page or the teacher's; the teacher's only for a teacher's hub login.

    A link's secret is after ``#``, which a browser never sends and which the hub's sign-in
    (a form, then redirects) loses. So a page asked for without a login answers with a short
    page whose script keeps the secret in the tab's ``sessionStorage`` and goes on to the hub's
    login; the page served after the sign-in puts it back in its address
    (``static/hub-return.js``) before its own script reads it.
    """

    def sign_in(self) -> None:
        """The sign-in page: keep the link's secret in the tab, then on to the hub's login."""
        text = (STATIC / "signin.html").read_text(encoding="utf-8")
        self.set_status(401)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(
            Template(text).safe_substitute(
                static=html.escape(f"{self.hub.prefix}static/"),
                login=html.escape(self.get_login_url()),
            )
        )

    def finish(self, chunk: Any = None) -> Any:
        """The page, with the script that puts back a secret kept over the sign-in."""
        if isinstance(chunk, str) and self.get_status() == 200 and "</head>" in chunk:
            script = f'<script src="{html.escape(self.hub.prefix)}static/hub-return.js"></script>'
            chunk = chunk.replace("</head>", f"{script}\n</head>", 1)
        return super().finish(chunk)

    def get(self, table_id: str, role: str, seat: str) -> None:
        """The page, or a refusal (403) of the teacher's page to a user who is not a teacher."""
        if role == "teacher" and not self.is_teacher():
            self.page("join.html", 403, message=self.not_teacher(), root="../../")
            return
        super().get(table_id, role, seat)


class HubSocket(_SignedIn, TableSocket):
    """A page's websocket: only for a signed-in hub user; the teacher's only for a teacher."""

    def may_not_teach(self) -> str:
        """Why this user may not open the teacher's controls ("": a teacher)."""
        return "" if self.is_teacher() else self.not_teacher()


class OpenTable(_SignedIn, _Handler):
    """A teacher opens a table from the front page's form (sent with the form's XSRF token)."""

    def post(self) -> None:
        """Open the table and go to its teacher's page; a bad field: the form again, saying why."""
        if not self.is_teacher():
            raise tornado.web.HTTPError(403, self.not_teacher())
        game = self.get_body_argument("game", "")[:40]
        try:
            if game not in game_titles():
                raise ValueError(f"there is no game named {game!r} here")
            players = _whole(self.get_body_argument("players", ""), "the number of players")
            seed = _whole(self.get_body_argument("seed", ""), "the seed")  # none: a fresh one
            table = self.server.open(game, players=players, seed=seed)
        except (ValueError, UmbrellaLabError) as error:
            self.set_status(400)
            self.finish(teacher_home(self, f"No table was opened: {error}."))
            return
        self.redirect(f"t/{table.id}/teacher#k={quote(table.teacher_token)}", status=303)


def _whole(text: str, what: str) -> int | None:
    text = text.strip()
    if not text:
        return None
    if not text.isdigit() or len(text) > 9:
        raise ValueError(f"{what} is a whole number, not {text[:20]!r}")
    return int(text)


@functools.lru_cache(maxsize=1)
def game_titles() -> dict[str, str]:
    """The kit's games a teacher may open, by name, with the name on each box."""
    from umbrella_lab.engine.core import REGISTRY
    from umbrella_lab.games import GAMES, register

    register()
    return {name: REGISTRY.games[name].title for name in GAMES if name in REGISTRY.games}


def teacher_home(page: _SignedIn, message: str = "") -> str:
    """The front page a teacher sees: every table with its teacher's link, and the form."""
    esc = html.escape
    server = page.hub
    rows = "".join(
        f"<li><a href='t/{esc(t.id)}/teacher#k={esc(quote(t.teacher_token))}'>"
        f"{esc(t.game.info.title)}, table {esc(t.id)}</a> ({t.game.players} seats, "
        f"move {t.step}{', ended' if t.ended else ''})</li>"
        for t in sorted(server.tables.values(), key=lambda t: -t.created)
    )
    options = "".join(
        f"<option value='{esc(name)}'>{esc(title)}</option>"
        for name, title in game_titles().items()
    )
    text = (STATIC / "hub.html").read_text(encoding="utf-8")
    return Template(text).safe_substitute(
        user=esc(page.user_name()),
        teachers=esc(str(server.teachers)),
        message=esc(message),
        tables=f"<ul>{rows}</ul>" if rows else "<p>No table yet.</p>",
        games=options,
        xsrf=page.xsrf_form_html(),
    )
