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
