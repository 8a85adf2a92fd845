"""A class table played to the end in Chromium: the teacher's page and every seat's page.

The table's server runs in a thread of this process on 127.0.0.1; each seat's page is opened
from its link, and the game is played by clicking the moves' buttons on the page of the seat
whose turn it is, to the end. Every page then shows the summary with its turning point;
screenshots of a seat's page at phone size (390x844) and laptop size (1366x768), at the start
and at the end, and of the teacher's page projected (1280x720 at 150%) go to the shots folder;
axe-core finds no serious or critical violation on the pages; no frame a page received names
the seed before the end.

Run with ``pytest -m ui tests/ui/test_table_browser.py`` (a slow test: the full run).
"""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.ui

SEED = 90817
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
PHONE = ({"width": 390, "height": 844}, 2)
LAPTOP = ({"width": 1366, "height": 768}, 1)
PROJECTED = ({"width": 1280, "height": 720}, 1.5)


def _serious(page) -> list[str]:
    """Serious and critical violations on the page outside the board itself.

    The board is the explorer's renderer, which the explorer's own accessibility tests check
    (tests/ui/test_accessibility_browser.py); this test checks what the table adds around it.
    """
    axe_module = pytest.importorskip(
        "axe_playwright_python.sync_playwright", reason="axe-playwright-python is not installed"
    )
    options = {"runOnly": {"type": "tag", "values": WCAG}, "resultTypes": ["violations"]}
    context = {"exclude": [[".ulx-board"]]}
    found = axe_module.Axe().run(page, context=context, options=options).response["violations"]
    return [
        f"{v['impact']} {v['id']}: {v['help']} ({len(v['nodes'])}): "
        + "; ".join(
            f"{n.get('target')} {str(n.get('failureSummary', ''))[:160]}" for n in v["nodes"][:3]
        )
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


def _moved(table, before: int, wait: float = 30.0) -> bool:
    """Wait until the table has changed since change ``before`` (or is over); whether it did."""
    end = time.monotonic() + wait
    while table.serial == before and not table.over:
        if time.monotonic() > end:
            return False
        time.sleep(0.01)
    return True


@pytest.mark.parametrize(
    ("game", "players", "bots"), [("marvel", 4, {3: "heuristic"}), ("academy", 3, {})]
)
def test_a_whole_game_through_the_pages(browser, shots: Path, tmp_path: Path, game, players, bots):
    import umbrella_lab as ul

    shown = ul.table(
        game,
        players=players,
        seed=SEED,
        bots=bots,
        host="127.0.0.1",
        store=tmp_path,
        bot_delay=0.05,
    )
    table, links = shown.table, shown.links
    first = next(s for s in range(players) if s not in bots)

    # at the start: a seat on a phone (a page the seat's laptop page below takes over)
    phone = browser.new_page(viewport=PHONE[0], device_scale_factor=PHONE[1])
    phone.goto(links["seats"][first]["link"])
    phone.wait_for_selector(".ult-board .ulx-board", timeout=30_000)
    phone.screenshot(path=str(shots / f"table-{game}-seat-phone.png"))
    assert _serious(phone) == []

    frames: list[str] = []
    pages = []
    context = browser.new_context(viewport=LAPTOP[0])
    for seat in range(players):
        page = context.new_page()
        page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(f)))
        page.goto(links["seats"][seat]["link"])
        pages.append(page)
    phone.wait_for_selector("#ult-notice:not([hidden])", timeout=30_000)
    assert "another device" in phone.inner_text("#ult-notice")
    phone.close()
    teacher = browser.new_page(viewport=PROJECTED[0], device_scale_factor=PROJECTED[1])
    teacher.goto(links["teacher"])
    teacher.wait_for_selector(".ult-qr svg", timeout=30_000)
    teacher.screenshot(path=str(shots / f"table-{game}-teacher-projected.png"))
    pages[first].wait_for_selector(".ult-board .ulx-board", timeout=30_000)
    pages[first].screenshot(path=str(shots / f"table-{game}-seat-laptop.png"))
    assert _serious(teacher) == []
    assert _serious(pages[first]) == []

    rng = random.Random(2)
    for _ in range(900):
        if table.over:
            break
        before = table.serial
        if table.bot_due():
            assert _moved(table, before), f"no bot moved at change {before}"
            continue
        actor = next(s for s in range(players) if table.may_act(s))
        page = pages[actor]
        page.wait_for_selector(f'body[data-at="{before}"]', timeout=30_000)
        buttons = page.locator(".ult-move")
        buttons.nth(rng.randrange(buttons.count())).click()
        if not _moved(table, before):
            notice = page.inner_text("#ult-notice") if page.is_visible("#ult-notice") else ""
            raise AssertionError(f"the click made no move at change {before}: {notice}")
    assert table.over

    worked_out = "() => !document.querySelector('.ult-turning').innerText.includes('being worked')"
    for page in [*pages, teacher]:
        page.wait_for_selector(".ult-summary:not([hidden]) h2", timeout=30_000)
        page.wait_for_function(worked_out, timeout=30_000)  # the turning point, found off the loop
    pages[first].screenshot(path=str(shots / f"table-{game}-seat-laptop-end.png"))
    teacher.screenshot(path=str(shots / f"table-{game}-teacher-projected-end.png"))
    assert "Download the record" in teacher.inner_text(".ult-summary")
    assert "turning point" in teacher.inner_text(".ult-turning").lower()
    phone = browser.new_page(viewport=PHONE[0], device_scale_factor=PHONE[1])
    phone.goto(links["seats"][first]["link"])  # (takes the seat over: the game is over)
    phone.wait_for_selector(".ult-summary:not([hidden]) h2", timeout=30_000)
    phone.wait_for_function(worked_out, timeout=30_000)
    phone.screenshot(path=str(shots / f"table-{game}-seat-phone-end.png"))
    assert _serious(phone) == []
    phone.close()
    assert _serious(teacher) == []
    over = [i for i, text in enumerate(frames) if '"summary":{' in text]
    assert over, "the pages got the summary"
    assert all(str(SEED) not in text for text in frames[: over[0]])
    context.close()
    teacher.close()
