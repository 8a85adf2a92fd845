"""The class table as a service of a real JupyterHub, joined by signed-in users (full tier).

The test starts JupyterHub (from the test extras) on 127.0.0.1 with its dummy authenticator (one
password for all), the pure-Python port of its proxy (``configurable-http-proxy`` from PyPI: no
Node.js), no single-user server, and the table as a *managed service*, configured as the README
tells an administrator. Then, through the hub's own address and login:

- a page without a login is sent to the hub's login, and a websocket without one is refused;
- a user who was not granted the service is refused;
- alice, a teacher, signs in through the hub's login form, opens a table from the service's
  front page and gets the seats' links from her teacher's view; dana teaches as a member of
  the hub group named by ``--teacher-group``;
- bob and erin, students, sign in and join their seats' websockets; moves are played through
  their pages, and every frame each receives holds only that seat's view;
- bob, signed in but not a teacher, is refused the teacher's page and controls even with the
  teacher's link.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urljoin

import pytest

from tests.table_clients import Client
from tests.test_table import SEED, Secrets, run

pytestmark = pytest.mark.slow

PASSWORD = "class-table-test"
SERVICE = "class-table"
TEACHERS = "alice"
STARTUP = 60.0
"""Seconds the hub and its service may take to start (about 5 on a quiet machine)."""


def _needs(module: str) -> None:
    """Skip without ``module``, except in the full tier, which installs it: fail there."""
    import importlib.util

    if importlib.util.find_spec(module) is None:
        if os.environ.get("UMBRELLA_LAB_FULL_TESTS") == "1":
            pytest.fail(f"{module} is not installed: the test extras (.[test]) install it")
        pytest.skip(f"{module} is not installed (pip install -e .[test])")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def hub_config(folder: Path, port: int) -> str:
    """A jupyterhub_config.py: the README's lines for the table, and a hub kept to 127.0.0.1."""
    proxy = Path(sys.executable).parent / "configurable-http-proxy"
    command = [
        sys.executable, "-m", "umbrella_lab.cli", "table", "--hub",
        "--teachers", TEACHERS, "--teacher-group", "teachers",
        "--store", str(folder / "class-tables"), "--bot-delay", "0.05",
    ]  # fmt: skip
    return f"""\
c = get_config()  # noqa
# --- the hub, for this test only: 127.0.0.1, a fixed password, no single-user server ---
c.JupyterHub.bind_url = "http://127.0.0.1:{port}"
c.JupyterHub.hub_bind_url = "http://127.0.0.1:{_free_port()}"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{_free_port()}"
c.ConfigurableHTTPProxy.command = [{str(proxy)!r}]
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = {PASSWORD!r}
c.Authenticator.allowed_users = {{"alice", "bob", "erin", "carol", "dana"}}
c.JupyterHub.load_groups = {{"teachers": {{"users": ["dana"]}}}}
c.JupyterHub.spawner_class = "simple"
c.JupyterHub.db_url = "sqlite:///{folder / "jupyterhub.sqlite"}"
c.JupyterHub.cookie_secret_file = {str(folder / "cookie_secret")!r}
c.JupyterHub.log_level = "INFO"

# --- the class table, as the README gives it ---
c.JupyterHub.services = [
    {{
        "name": {SERVICE!r},
        "url": "http://127.0.0.1:{_free_port()}",
        "command": {command!r},
        "oauth_no_confirm": True,
    }}
]
c.JupyterHub.load_roles = [
    {{
        "name": "class-table",
        "scopes": ["access:services!service={SERVICE}"],
        "users": ["alice", "bob", "erin", "dana"],  # carol was not granted the table
    }}
]
"""


class Hub:
    """A running JupyterHub (and, started by it, its proxy and the table's service)."""

    def __init__(self, folder: Path) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.folder = folder
        config = folder / "jupyterhub_config.py"
        config.write_text(hub_config(folder, self.port), encoding="utf-8")
        self.log_path = folder / "jupyterhub.log"
        self.log = self.log_path.open("w")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "jupyterhub", "-f", str(config)],
            cwd=folder,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # the hub, its proxy and the service: stopped together
        )

    def wait_ready(self) -> float:
        """Wait until the service answers through the hub's address; the seconds it took."""
        import requests

        start = time.monotonic()
        while time.monotonic() - start < STARTUP:
            if self.process.poll() is not None:
                raise AssertionError(f"the hub stopped:\n{self.tail()}")
            with contextlib.suppress(requests.RequestException):
                answer = requests.get(
                    f"{self.url}/services/{SERVICE}/", allow_redirects=False, timeout=5
                )
                if answer.status_code == 302 and "oauth2/authorize" in answer.headers.get(
                    "Location", ""
                ):
                    return time.monotonic() - start
            time.sleep(0.25)
        raise AssertionError(f"the table's service did not answer in {STARTUP} s:\n{self.tail()}")

    def tail(self) -> str:
        self.log.flush()
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-40:])

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)  # the hub stops its service and proxy
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(10)
        with contextlib.suppress(ProcessLookupError):  # anything of the group left behind
            os.killpg(self.process.pid, signal.SIGKILL)
        self.log.close()


class Person:
    """Someone with a browser's cookie jar, signed in through the hub's login form."""

    def __init__(self, hub: Hub, name: str) -> None:
        import requests

        self.hub = hub
        self.name = name
        self.web = requests.Session()

    def sign_in(self) -> None:
        form = self.web.get(f"{self.hub.url}/hub/login", timeout=10)
        xsrf = re.search(r'name="_xsrf"\s+value="([^"]+)"', form.text)
        assert xsrf, "the hub's login form has its XSRF token"
        answer = self.web.post(
            f"{self.hub.url}/hub/login",
            data={"username": self.name, "password": PASSWORD, "_xsrf": html.unescape(xsrf[1])},
            allow_redirects=False,
            timeout=10,
        )
        assert answer.status_code == 302, f"{self.name} could not sign in: {answer.status_code}"

    def get(self, path: str, **kwargs: Any) -> Any:
        """A page of the service, following the hub's OAuth sign-in as a browser does."""
        return self.web.get(f"{self.hub.url}/services/{SERVICE}/{path}", timeout=10, **kwargs)

    def open(self, url: str) -> Any:
        """A seat's or the teacher's page, signing in to the service first as its script does.

        (Asked for without a login, such a page answers with a sign-in page whose script keeps
        the link's secret and goes on to the hub's login, named in ``data-login``.)
        """
        page = self.web.get(url, timeout=10)
        if page.status_code == 401:
            login = re.search(r'data-login="([^"]+)"', page.text)
            assert login, "the sign-in page names the hub's login"
            self.web.get(urljoin(url, html.unescape(login[1])), timeout=10)
            page = self.web.get(url, timeout=10)
        return page

    def cookies(self) -> str:
        """The Cookie header a browser sends to the service's websocket."""
        path = f"/services/{SERVICE}/t/"
        return "; ".join(f"{c.name}={c.value}" for c in self.web.cookies if path.startswith(c.path))

    def socket(self, table_id: str) -> Client:
        url = f"ws://127.0.0.1:{self.hub.port}/services/{SERVICE}/t/{table_id}/ws"
        headers = {
            "Cookie": self.cookies(),
            "Origin": self.hub.url,
            "Sec-Fetch-Mode": "websocket",
        }
        return Client(self.hub.port, table_id, url=url, headers=headers)


def _fragment_secret(link: str) -> str:
    return unquote(link.split("#k=", 1)[1])


async def _until(check: Any, wait: float = 10.0) -> None:
    end = time.monotonic() + wait
    while not check():
        assert time.monotonic() < end, "waited too long"
        await asyncio.sleep(0.02)


def test_the_table_as_a_hub_service(tmp_path: Path) -> None:
    _needs("jupyterhub")
    _needs("configurable_http_proxy")
    import requests
    from tornado.httpclient import HTTPClientError

    from umbrella_lab.table.model import Table

    started = time.monotonic()
    hub = Hub(tmp_path)
    try:
        startup = hub.wait_ready()

        # --- without a login: pages to the hub's login, the websocket refused ---
        anonymous = requests.get(f"{hub.url}/services/{SERVICE}/", timeout=10)
        assert anonymous.url.startswith(f"{hub.url}/hub/login"), anonymous.url

        # --- alice, a teacher, opens a table from the front page ---
        alice = Person(hub, "alice")
        alice.sign_in()
        home = alice.get("")
        assert home.status_code == 200 and "Open a table" in home.text, home.text[:500]
        xsrf = re.search(r'name="_xsrf" value="([^"]+)"', home.text)
        assert xsrf, "the form carries its XSRF token"
        opened = alice.web.post(
            f"{hub.url}/services/{SERVICE}/open",
            data={"game": "marvel", "players": "2", "seed": str(SEED), "_xsrf": xsrf[1]},
            allow_redirects=False,
            timeout=10,
        )
        assert opened.status_code == 303, opened.text[:500]
        teacher_link = urljoin(f"{hub.url}/services/{SERVICE}/open", opened.headers["Location"])
        table_id = re.search(r"/t/([a-z0-9]+)/teacher#k=", teacher_link)[1]  # type: ignore[index]
        assert alice.web.get(teacher_link.split("#")[0], timeout=10).ok
        # the same form without its XSRF token opens nothing (another site cannot post it)
        forged = alice.web.post(
            f"{hub.url}/services/{SERVICE}/open",
            data={"game": "pig"},
            allow_redirects=False,
            timeout=10,
        )
        assert forged.status_code == 403, forged.status_code

        # --- dana teaches as a member of the hub group "teachers" ---
        dana = Person(hub, "dana")
        dana.sign_in()
        assert "Open a table" in dana.get("").text
        assert dana.open(teacher_link.split("#")[0]).status_code == 200

        # --- the students sign in; carol was not granted the service ---
        bob, erin, carol = Person(hub, "bob"), Person(hub, "erin"), Person(hub, "carol")
        for person in (bob, erin, carol):
            person.sign_in()
        assert bob.get("").status_code == 200 and "Seat code" in bob.get("").text
        assert carol.get("").status_code == 403
        teacher_page = bob.get(f"t/{table_id}/teacher")
        assert teacher_page.status_code == 403, "a student may not open the teacher's page"

        async def play() -> dict[str, Any]:
            with pytest.raises(HTTPClientError) as refused:  # no login, no websocket
                await Client(
                    hub.port,
                    table_id,
                    url=f"ws://127.0.0.1:{hub.port}/services/{SERVICE}/t/{table_id}/ws",
                    headers={"Origin": hub.url, "Sec-Fetch-Mode": "websocket"},
                ).connect()
            assert refused.value.code == 403

            teacher = await alice.socket(table_id).connect()
            teacher.send(
                type="hello",
                role="teacher",
                token=_fragment_secret(teacher_link),
                root=f"{hub.url}/services/{SERVICE}/",
            )
            view = (await teacher.next("view"))["view"]
            links = [seat["link"] for seat in view["links"]["seats"]]
            assert all(link.startswith(f"{hub.url}/services/{SERVICE}/t/") for link in links)

            # a student with the leaked teacher's link: refused, told why
            spy = await bob.socket(table_id).connect()
            spy.send(type="hello", role="teacher", token=_fragment_secret(teacher_link))
            assert "not one of this table's teachers" in (await spy.next("error"))["error"]

            # each student opens their seat's link (the hub's sign-in, then the page) ...
            students = (bob, erin)
            for seat, person in enumerate(students):
                page = person.open(links[seat].split("#")[0])
                assert page.status_code == 200 and f'data-seat="{seat}"' in page.text
            # ... whose script opens the seat's websocket
            seats = [await person.socket(table_id).connect() for person in students]
            for seat, client in enumerate(seats):
                await client.hello("seat", _fragment_secret(links[seat]), seat)

            mirror = Table("marvel", players=2, seed=SEED)  # the same deal, to know the secrets
            secrets = Secrets(mirror)
            readers = [asyncio.create_task(c.drain(3600)) for c in (*seats, teacher)]
            rng = random.Random(5)
            moves = 0
            for _ in range(12):
                if mirror.over:
                    break
                at = mirror.serial
                actor = next(s for s in range(2) if mirror.may_act(s))
                page = seats[actor]
                await _until(lambda p=page, a=at: p.view is not None and p.view["at"] == a)
                assert page.view is not None
                move = rng.choice(page.view["actions"])["id"]
                page.send(type="move", id=move, at=at)
                mirror.move(actor, move, at)
                secrets.record(mirror)
                for client in (*seats, teacher):
                    await _until(
                        lambda c=client, m=mirror: c.view is not None and c.view["at"] == m.serial
                    )
                moves += 1
            for task in readers:
                task.cancel()
            checked = [secrets.check(seats[s].frames, s) for s in range(2)]
            secrets.check(teacher.frames, None)
            for seat, client in enumerate(seats):  # no other seat's secret, ever
                other = _fragment_secret(links[1 - seat])
                assert not any(other in frame for frame in client.frames)
            for client in (*seats, teacher, spy):
                client.close()
            return {"moves": moves, "checked": checked}

        played: dict[str, Any] = {}

        async def main() -> None:
            played.update(await play())

        run(main, most=120)
        assert played["moves"] >= 10 and min(played["checked"]) >= 10, played
        print(
            f"hub and service ready in {startup:.1f} s; {played['moves']} moves through the "
            f"hub; whole test {time.monotonic() - started:.1f} s"
        )
    except BaseException:
        print(hub.tail())
        raise
    finally:
        hub.stop()
