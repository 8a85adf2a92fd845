"""The class table as a JupyterHub service, against a stand-in hub (no real hub needed).

A small tornado app plays the hub's API: it answers the service's ``GET /hub/api/user`` for a
few tokens, as a hub does for signed-in users. The table is served as the hub would have it
(at ``/services/table/``) with JupyterHub's own service-auth helpers, and is asked as a browser
and a websocket would ask it: without a login, as a student, as a teacher, and as a user
without access to the service. ``tests/test_table_hub_real.py`` (full tier) does the same
through a real JupyterHub.
"""

from __future__ import annotations

import re
import socket
from pathlib import Path
from typing import Any

import pytest
import tornado.httpserver
import tornado.web
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPResponse

from tests.table_clients import Client
from tests.test_table import run

pytest.importorskip("jupyterhub", reason="JupyterHub is not installed (pip install .[hub])")

from jupyterhub.services.auth import HubOAuth

from umbrella_lab.table.hub import HubTableServer, Teachers
from umbrella_lab.table.server import STATIC

ACCESS = "access:services!service=table"
USERS: dict[str, dict[str, Any]] = {
    "alice-token": {"name": "alice", "groups": [], "scopes": [ACCESS]},
    "bob-token": {"name": "bob", "groups": ["class-7b"], "scopes": [ACCESS]},
    "dana-token": {"name": "dana", "groups": ["teachers"], "scopes": [ACCESS]},
    "carol-token": {"name": "carol", "groups": [], "scopes": ["self"]},  # no access granted
}
"""The stand-in hub's users, by their API token: alice teaches by name, dana by group."""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class FakeUserAPI(tornado.web.RequestHandler):
    """The hub's ``/hub/api/user``: who holds this token (403 for an unknown token)."""

    def get(self) -> None:
        token = self.request.headers.get("Authorization", "").partition(" ")[2]
        user = USERS.get(token)
        if user is None:
            self.set_status(403)
            self.finish({"status": 403, "message": "not a valid token"})
            return
        self.finish({"kind": "user", "admin": False, **user})


class Hubbed:
    """A stand-in hub and a table service behind it, on 127.0.0.1."""

    def __init__(self, store: Path) -> None:
        hub_port = _free_port()
        self.hub = tornado.httpserver.HTTPServer(
            tornado.web.Application([(r"/hub/api/user", FakeUserAPI)])
        )
        self.hub.listen(hub_port, "127.0.0.1")
        port = _free_port()
        auth = HubOAuth(
            api_url=f"http://127.0.0.1:{hub_port}/hub/api/",
            api_token="the-service-token",
            oauth_client_id="service-table",
            base_url="/services/table/",
            hub_prefix="/hub/",
            hub_host=f"http://127.0.0.1:{hub_port}",
            oauth_redirect_uri=f"http://127.0.0.1:{port}/services/table/oauth_callback",
            access_scopes={ACCESS},
        )
        self.server = HubTableServer(
            store,
            teachers=Teachers.of("alice", "teachers"),
            hub_auth=auth,
            host="127.0.0.1",
            port=port,
            bot_delay=0.01,
        ).start()
        self.table = self.server.open("marvel", players=2, seed=11)
        self.root = f"http://127.0.0.1:{port}/services/table/"

    def stop(self) -> None:
        self.server.stop()
        self.hub.stop()

    async def get(self, path: str, token: str = "", **kwargs: Any) -> HTTPResponse:
        headers = {"Authorization": f"token {token}"} if token else {}
        return await AsyncHTTPClient().fetch(
            self.root + path,
            headers=headers,
            follow_redirects=False,
            raise_error=False,
            **kwargs,
        )

    def socket(self, token: str = "") -> Client:
        headers = {"Sec-Fetch-Mode": "websocket"}
        if token:
            headers["Authorization"] = f"token {token}"
        url = f"ws://127.0.0.1:{self.server.port}/services/table/t/{self.table.id}/ws"
        return Client(self.server.port, self.table.id, url=url, headers=headers)


def hubbed(tmp_path: Path, test: Any) -> None:
    async def main() -> None:
        setup = Hubbed(tmp_path)
        try:
            await test(setup)
        finally:
            setup.stop()

    run(main, most=60)


def test_without_a_login_pages_go_to_the_hubs_login_and_the_rest_is_refused(tmp_path):
    async def test(hub: Hubbed) -> None:
        t = hub.table
        for path in ("", "join?code=AAAA-BBBB"):
            answer = await hub.get(path)
            assert answer.code == 302, path
            location = answer.headers["Location"]
            assert "/hub/api/oauth2/authorize" in location, location
            assert "client_id=service-table" in location
        # a seat's or the teacher's page: a sign-in page that keeps the link's secret (after
        # "#") in the tab and goes on to the hub's login; nothing of the table in it
        for path in (f"t/{t.id}/seat/0", f"t/{t.id}/teacher"):
            answer = await hub.get(path)
            assert answer.code == 401, path
            page = answer.body.decode()
            assert "/services/table/static/hub-signin.js" in page
            assert re.search(
                r'data-login="[^"]*/hub/api/oauth2/authorize\?client_id=service-table', page
            )
            assert "ult-board" not in page and t.seat_codes[0] not in page
        assert (await hub.get("open", method="POST", body="game=pig")).code == 403
        assert (await hub.get("", token="forged-token")).code == 302  # an unknown token
        with pytest.raises(HTTPClientError) as refused:
            await hub.socket().connect()
        assert refused.value.code == 403
        with pytest.raises(HTTPClientError) as refused:
            await hub.socket("forged-token").connect()
        assert refused.value.code == 403
        assert hub.server.sockets.get(t.id, set()) == set()  # nobody joined
        # the kit's scripts and style sheets carry no table's data: no login needed
        assert (await hub.get("static/table.js")).code == 200

    hubbed(tmp_path, test)


def test_a_user_without_access_to_the_service_is_refused(tmp_path):
    async def test(hub: Hubbed) -> None:
        answer = await hub.get(f"t/{hub.table.id}/seat/0", token="carol-token")
        assert answer.code == 403
        with pytest.raises(HTTPClientError) as refused:
            await hub.socket("carol-token").connect()
        assert refused.value.code == 403

    hubbed(tmp_path, test)


def test_a_signed_in_student_plays_their_seat_with_its_secret_and_nothing_more(tmp_path):
    async def test(hub: Hubbed) -> None:
        t = hub.table
        front = await hub.get("", token="bob-token")
        assert front.code == 200
        assert b"Seat code" in front.body and t.teacher_token.encode() not in front.body
        page = await hub.get(f"t/{t.id}/seat/0", token="bob-token")
        assert page.code == 200
        assert b'<script src="/services/table/static/hub-return.js"></script>' in page.body

        seat = await hub.socket("bob-token").connect()
        view = await seat.hello("seat", t.seat_tokens[0], 0)
        assert view["view"]["at"] == t.serial

        # the hub's login is not a seat: the link's secret still is
        other = await hub.socket("bob-token").connect()
        other.send(type="hello", role="seat", seat=1, token=t.seat_tokens[0])
        error = await other.next("error")
        assert "does not open seat 2" in error["error"]
        assert await other.receive() is None and other.ws is not None
        assert other.ws.close_code == 4003

        # a leaked teacher's link: refused to a student, page and controls
        page = await hub.get(f"t/{t.id}/teacher", token="bob-token")
        assert page.code == 403
        assert b"not one of this table" in page.body
        leaked = await hub.get("open", token="bob-token", method="POST", body="game=pig")
        assert leaked.code == 403
        spy = await hub.socket("bob-token").connect()
        spy.send(type="hello", role="teacher", token=t.teacher_token)
        error = await spy.next("error")
        assert "signed in as bob, who is not one of this table's teachers" in error["error"]
        assert await spy.receive() is None and spy.ws is not None
        assert spy.ws.close_code == 4003
        assert not any('"links"' in frame for frame in spy.frames)
        assert not any(t.seat_tokens[1] in frame for frame in spy.frames + seat.frames)
        seat.close()

    hubbed(tmp_path, test)


def test_a_page_whose_hub_login_ends_mid_class_can_tell_it_is_signed_out(tmp_path):
    """A student's hub login ends mid-class (the service's cookie expires, or the hub forgets
    the token): the page's websocket is refused on rejoining, and a browser does not tell a
    script why. So the page asks the server for itself (static/table.js, ``signedOut``): 401
    means "sign in to the hub again", 403 "this login may not use the table", 200 "join
    again". The answer to 401 is the sign-in page, which keeps the seat's secret over the
    hub's login (static/hub-signin.js)."""

    async def test(hub: Hubbed) -> None:
        t = hub.table
        page = f"t/{t.id}/seat/0"
        USERS["erin-token"] = {"name": "erin", "groups": [], "scopes": [ACCESS]}
        try:
            seat = await hub.socket("erin-token").connect()
            await seat.hello("seat", t.seat_tokens[0], 0)
            assert (await hub.get(page, token="erin-token")).code == 200  # "join again"
            seat.close()
            del USERS["erin-token"]  # the hub no longer knows erin's login
            hub.server.hub_auth.cache.clear()  # (its answers are kept a few minutes)
        finally:
            USERS.pop("erin-token", None)
        for token in ("erin-token", ""):  # a login the hub forgot, or a cookie gone
            with pytest.raises(HTTPClientError) as refused:
                await hub.socket(token).connect()
            assert refused.value.code == 403, "the websocket: refused, no reason a page sees"
            asked = await hub.get(page, token=token)
            assert asked.code == 401, "the page itself: 401, sign in again"
            assert b"static/hub-signin.js" in asked.body
            assert t.seat_tokens[0].encode() not in asked.body
        # a signed-in user the hub does not let use the table: 403, not "sign in again"
        assert (await hub.get(page, token="carol-token")).code == 403
        # the script that asks: it stops on 401 and 403 and says to reload
        script = (STATIC / "table.js").read_text(encoding="utf-8")
        assert "answer.status === 401" in script and "answer.status === 403" in script
        assert "reload the page to sign in again" in script

    hubbed(tmp_path, test)


def test_a_teacher_needs_both_the_hub_login_and_the_teachers_secret(tmp_path):
    async def test(hub: Hubbed) -> None:
        t = hub.table
        home = await hub.get("", token="alice-token")
        assert home.code == 200
        assert t.teacher_token.encode() in home.body  # a teacher's list of tables
        assert b"Open a table" in home.body
        assert (await hub.get(f"t/{t.id}/teacher", token="dana-token")).code == 200  # by group

        wrong = await hub.socket("alice-token").connect()
        wrong.send(type="hello", role="teacher", token=t.seat_tokens[0])
        assert "does not open the teacher" in (await wrong.next("error"))["error"]

        teacher = await hub.socket("alice-token").connect()
        view = await teacher.hello("teacher", t.teacher_token)
        assert [s["code"] for s in view["view"]["links"]["seats"]] == t.seat_codes
        teacher.send(type="pause")
        await teacher.next("view")
        assert t.paused
        teacher.close()

    hubbed(tmp_path, test)


def test_a_teacher_opens_a_table_from_the_front_page(tmp_path):
    async def test(hub: Hubbed) -> None:
        before = set(hub.server.tables)
        answer = await hub.get(
            "open", token="alice-token", method="POST", body="game=academy&players=3&seed=5"
        )
        assert answer.code == 303
        (new,) = set(hub.server.tables) - before
        table = hub.server.tables[new]
        assert (table.game.name, table.game.players, table.seed) == ("academy", 3, 5)
        assert answer.headers["Location"] == f"t/{new}/teacher#k={table.teacher_token}"
        assert (hub.server.store.folder / f"{new}.table.json").is_file()  # saved
        assert b'name="seed"' in (await hub.get("", token="alice-token")).body
        assert b'value="0"' not in (await hub.get("", token="alice-token")).body
        fresh = await hub.get("open", token="alice-token", method="POST", body="game=pig&seed=")
        assert fresh.code == 303
        (other,) = set(hub.server.tables) - before - {new}
        assert hub.server.tables[other].seed != 0  # no seed typed: a fresh one, not 0
        before.add(other)

        for body, says in (
            ("game=chess", b"no game named"),
            ("game=academy&players=x", b"whole number"),
            ("game=academy&players=9", b"No table was opened"),
        ):
            bad = await hub.get("open", token="alice-token", method="POST", body=body)
            assert bad.code == 400, body
            assert says in bad.body, bad.body
        assert len(hub.server.tables) == len(before) + 1  # the bad forms opened nothing

    hubbed(tmp_path, test)


def test_short_code_tries_are_counted_per_hub_user(tmp_path):
    """Behind the hub's proxy every request comes from one address: count by user instead."""

    async def test(hub: Hubbed) -> None:
        for _ in range(20):
            assert (await hub.get("join?code=ZZZZ-ZZZZ", token="bob-token")).code == 404
        assert (await hub.get("join?code=ZZZZ-ZZZZ", token="bob-token")).code == 429
        code = hub.table.seat_codes[1]
        answer = await hub.get(f"join?code={code}", token="alice-token")
        assert answer.code == 303
        assert answer.headers["Location"].startswith(f"t/{hub.table.id}/seat/1#k=")

    hubbed(tmp_path, test)


def test_the_teachers_are_named_by_user_or_group():
    teachers = Teachers.of(" alice, bob ", "teachers")
    assert teachers.allow({"name": "bob", "groups": []})
    assert teachers.allow({"name": "erin", "groups": ["teachers"]})
    assert not teachers.allow({"name": "erin", "groups": ["students"]})
    assert not teachers.allow({"name": "alice", "kind": "service"})
    assert not teachers.allow(None)
    with pytest.raises(ValueError, match="needs its teachers"):
        Teachers.of("", " , ")


def test_the_command_outside_a_hub_says_what_is_missing(monkeypatch, capsys):
    from umbrella_lab.cli import main

    for name in ("JUPYTERHUB_API_TOKEN", "JUPYTERHUB_SERVICE_PREFIX", "JUPYTERHUB_API_URL"):
        monkeypatch.delenv(name, raising=False)
    assert main(["table", "--hub", "--teachers", "alice"]) != 0
    assert "JUPYTERHUB_API_TOKEN" in capsys.readouterr().err
    assert main(["table", "pig", "--teachers", "alice"]) != 0
    assert "--hub" in capsys.readouterr().err


def test_a_restart_keeps_the_tables_and_everyone_signed_in(tmp_path):
    """The service's cookie key is kept beside the tables: a restart signs nobody out."""

    async def test(hub: Hubbed) -> None:
        key = hub.server.settings()["cookie_secret"]
        path = tmp_path / ".hub-cookie-secret"
        assert path.stat().st_mode & 0o077 == 0  # its owner's only
        assert len(key) == 32
        again = HubTableServer(
            tmp_path, teachers=Teachers.of("alice"), hub_auth=hub.server.hub_auth
        )
        assert again.settings()["cookie_secret"] == key
        assert hub.table.id in again.tables  # and the tables are resumed, secrets and all
        assert again.tables[hub.table.id].seat_tokens == hub.table.seat_tokens

    hubbed(tmp_path, test)


def test_nothing_of_the_hub_is_imported_for_a_laptop_table():
    import subprocess
    import sys

    code = (
        "import sys; import umbrella_lab.table.server, umbrella_lab.table.command; "
        "assert not [m for m in sys.modules if m.startswith('jupyterhub')]"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)
