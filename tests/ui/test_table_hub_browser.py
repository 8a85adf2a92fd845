"""A class table on a real JupyterHub, in Chromium: the teacher and a student as people are.

The hub of ``tests/test_table_hub_real.py`` (dummy authenticator, the pure-Python proxy, the
table as a managed service). The teacher opens the service's address, signs in on the hub's
login page, opens a table with the front page's form and gets the teacher's view with the seats'
links. A student, not signed in, opens their seat's link (as from its QR code): the hub's login
comes first, and the seat's page that follows still has the link's secret and plays a move.

Screenshots (in ``$UMBRELLA_LAB_SHOTS`` or a temporary folder): the teacher's front page and
view projected (1280x720 at 150%), the student's seat page at phone size (390x844). axe-core
finds no serious or critical violation on the pages this mode adds (the teacher's front page,
the refusal).
"""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path

import pytest

from tests.test_table_hub_real import PASSWORD, SERVICE, Hub, _needs
from tests.ui.test_table_browser import _serious

pytestmark = pytest.mark.ui


def _sign_in(page, name: str) -> None:
    page.wait_for_selector("input[name=username]", timeout=30_000)
    page.fill("input[name=username]", name)
    page.fill("input[name=password]", PASSWORD)
    page.click("[type=submit]")


def test_a_class_table_on_a_hub_in_chromium(browser, tmp_path: Path, shots: Path) -> None:
    _needs("jupyterhub")
    _needs("configurable_http_proxy")
    hub = Hub(tmp_path)
    try:
        hub.wait_ready()
        service = f"{hub.url}/services/{SERVICE}/"

        projected = browser.new_context(
            viewport={"width": 1280, "height": 720}, device_scale_factor=1.5
        )
        teacher = projected.new_page()
        teacher.goto(service)
        assert "/hub/login" in teacher.url, "no login: the hub's login page first"
        _sign_in(teacher, "alice")
        teacher.wait_for_selector("text=Open a table", timeout=30_000)
        assert teacher.url.startswith(service)
        teacher.screenshot(path=str(shots / "table-hub-teacher-home.png"))
        assert _serious(teacher) == [], "the teacher's front page: no serious axe violation"

        teacher.select_option("#game", "pig")
        teacher.fill("#players", "2")
        teacher.click("button[type=submit]")
        teacher.wait_for_selector(".ult-qr svg", timeout=60_000)
        assert "/teacher#k=" in teacher.url
        link = teacher.get_attribute(".ult-seat .ult-link", "href")
        assert link is not None and link.startswith(f"{service}t/") and "/seat/0#k=" in link
        teacher.screenshot(path=str(shots / "table-hub-teacher.png"))

        phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2)
        student = phone.new_page()
        student.goto(link)  # as from the seat's QR code, not signed in to the hub
        _sign_in(student, "bob")
        student.wait_for_selector(".ult-move", timeout=60_000)
        assert student.url == link, "after the hub's sign-in, the seat's link with its secret"
        student.locator(".ult-move").first.click()
        end = time.monotonic() + 30
        while time.monotonic() < end:
            if teacher.locator("#ult-log li").count() > 0:
                break
            time.sleep(0.1)
        assert teacher.locator("#ult-log li").count() > 0, "the teacher's view shows the move"
        student.screenshot(path=str(shots / "table-hub-seat-phone.png"))

        # the student, signed in, with the teacher's link: refused
        refused = student.goto(teacher.url)
        assert refused is not None and refused.status == 403
        assert "not one of this table" in student.content()
        assert _serious(student) == [], "the refusal page: no serious axe violation"
        phone.close()
        projected.close()
    except BaseException:
        print(hub.tail())
        raise
    finally:
        hub.stop()


COUNT_SOCKETS = """(() => {
  window.socketsOpened = 0;
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    constructor(...args) { super(...args); window.socketsOpened += 1; }
  };
})();"""
"""A page script that counts the websockets the page opens (``window.socketsOpened``)."""


class _StandInHub:
    """The stand-in hub of ``tests/test_table_hub.py`` and its table, served from a thread."""

    def __init__(self, store: Path) -> None:
        from tests.test_table_hub import Hubbed

        self.loop = asyncio.new_event_loop()
        ready = threading.Event()

        def serve() -> None:
            asyncio.set_event_loop(self.loop)

            async def start() -> Hubbed:
                return Hubbed(store)

            self.hubbed = self.loop.run_until_complete(start())
            ready.set()
            self.loop.run_forever()

        self.thread = threading.Thread(target=serve, daemon=True)
        self.thread.start()
        assert ready.wait(30), "the stand-in hub did not start"

    def call(self, func) -> object:
        """``func()`` run in the server's thread, its answer."""

        async def run() -> object:
            return func()

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(30)

    def stop(self) -> None:
        self.call(self.hubbed.stop)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(30)


def test_a_seat_page_whose_hub_login_ends_stops_and_says_to_sign_in_again(
    browser, tmp_path: Path, shots: Path
) -> None:
    """Mid-class the student's hub login ends (its cookie expires) and the connection drops: the
    page does not rejoin for ever against the hub's refusal. It says in one line to reload to
    sign in again; the reload goes through the hub's sign-in and comes back to the seat, with
    its secret. (The stand-in hub knows a user by the token the browser sends with every
    request, websockets too; a login that ends is the browser no longer sending it.)"""
    pytest.importorskip("jupyterhub", reason="JupyterHub is not installed (pip install .[hub])")
    hub = _StandInHub(tmp_path)
    try:
        setup = hub.hubbed
        table = setup.table
        link = f"{setup.root}t/{table.id}/seat/0#k={table.seat_tokens[0]}"
        phone = browser.new_context(
            viewport={"width": 390, "height": 844},
            device_scale_factor=2,
            extra_http_headers={"Authorization": "token bob-token"},
        )
        page = phone.new_page()
        page.add_init_script(COUNT_SOCKETS)
        page.goto(link)
        page.wait_for_selector(".ult-move", timeout=30_000)

        phone.set_extra_http_headers({})  # the login ends...
        hub.call(lambda: [s.close(1001, "a network drop") for s in setup.server.sockets[table.id]])
        page.wait_for_selector("#ult-notice:not([hidden])", timeout=30_000)
        said = page.inner_text("#ult-notice")
        assert "reload the page to sign in again" in said, said
        tried = page.evaluate("window.socketsOpened")
        assert tried == 1, "before rejoining the page asked the server, which said: sign in"
        assert page.locator(".ult-move").count() == 0, "no move offered that would go nowhere"
        page.screenshot(path=str(shots / "table-hub-seat-signed-out-phone.png"))
        assert _serious(page) == [], "the notice: no serious axe violation"
        time.sleep(3)
        assert page.evaluate("window.socketsOpened") == tried, (
            "no more tries after the refusal for want of a login"
        )

        page.click(".ult-reload")  # the sign-in page keeps the secret and goes to the hub
        page.wait_for_url("**/hub/api/oauth2/authorize**", timeout=30_000)
        phone.set_extra_http_headers({"Authorization": "token bob-token"})  # signed in again
        page.goto(link.split("#")[0])  # where the hub's sign-in comes back to, without "#"
        page.wait_for_selector(".ult-move", timeout=30_000)
        assert page.url == link, "back at the seat, with its secret"
        phone.close()
    finally:
        hub.stop()
