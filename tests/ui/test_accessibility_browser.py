"""Every view passes an accessibility engine in a real browser (Voila), and keeps the focus.

axe-core (through the ``axe-playwright-python`` package, which ships ``axe.min.js``) checks the
WCAG 2.1 A and AA rules over the explorer of every game (at the deal and after a move), the
dashboard, the quiz and the puzzle view: no serious or critical violation may remain. Then the
keyboard: a move played with Enter leaves the focus on a control of the explorer (not on the
page), and two quizzes or two explorers on one page never share an id or a radio group.

Run with ``pytest -m ui tests/ui/test_accessibility_browser.py``. Without the axe package the
engine's tests are skipped (the keyboard tests still run).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import DASHBOARD_CELLS, QUIZ_CELLS, write_notebook

pytestmark = pytest.mark.ui

TIMEOUT = 240_000  # a loaded machine may take minutes to start a kernel
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
EXPLORER = "from umbrella_lab.widgets import Explorer\n\n"

# each view: its notebook cells, and what is on the page once it is drawn
VIEWS = {
    "explorer-academy": ([EXPLORER + 'Explorer("academy", seed=7, players=3)'], ".ulx-action"),
    "explorer-umbrella": ([EXPLORER + 'Explorer("umbrella", seed=3, players=4)'], ".ulx-action"),
    "explorer-corporation": ([EXPLORER + 'Explorer("corporation", seed=3)'], ".ulx-action"),
    "explorer-pig": ([EXPLORER + 'Explorer("pig", seed=3, players=3)'], ".ulx-action"),
    "explorer-marvel": ([EXPLORER + 'Explorer("marvel", seed=1, players=1)'], ".ulx-action"),
    "dashboard": (DASHBOARD_CELLS, ".widget-button"),
    "quiz": (QUIZ_CELLS, ".ulq-choice"),
    "puzzles": (['import umbrella_lab as ul\n\nview = ul.puzzles("academy")\nview'], ".ulp-choice"),
}

# Marvel United in the middle of a game: a wounded Thug (seed 2, 32 moves in), and on that
# table a half-freed Civilian and Crisis tokens on a location and on a hero (a what-if table:
# the heuristic's games rarely show all three at once)
MARVEL_MID_GAME = (
    EXPLORER + 'played = Explorer("marvel", seed=2, players=1)\n'
    "played.play(32)\n"
    "table = played.session.state.fork()\n"
    "with_civilian = next(i for i, n in enumerate(table.civilians) if n)\n"
    "table.primed[with_civilian] = 1\n"
    "table.crisis_at[(with_civilian + 1) % len(table.crisis_at)] = 2\n"
    "table.crisis[0] = 1\n"
    "Explorer(table)"
)
VIEWS["explorer-marvel-mid-game"] = ([MARVEL_MID_GAME], ".umv-token.is-primed")

TWO_PIGS = [EXPLORER + 'Explorer("pig", seed=3, players=2)', 'Explorer("pig", seed=4, players=2)']


@pytest.fixture(scope="module")
def views(servers) -> Path:
    """The notebooks of this module, written into the servers' folder."""
    for name, (cells, _) in VIEWS.items():
        write_notebook(servers.root / f"a11y-{name}.ipynb", cells)
    write_notebook(servers.root / "a11y-two-pigs.ipynb", TWO_PIGS)
    return servers.root


def _serious(page) -> list[str]:
    """The serious and critical violations axe finds on the page, one line per rule."""
    axe_module = pytest.importorskip(
        "axe_playwright_python.sync_playwright", reason="axe-playwright-python is not installed"
    )
    options = {"runOnly": {"type": "tag", "values": WCAG}, "resultTypes": ["violations"]}
    found = axe_module.Axe().run(page, options=options).response["violations"]
    return [
        f"{v['impact']} {v['id']}: {v['help']} ({len(v['nodes'])}): "
        + "; ".join(" ".join(node["target"]) for node in v["nodes"][:5])
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


def _wait_step(page, step: int) -> None:
    explorer = page.locator(".ulx").first
    explorer.locator(".ulx-step").filter(has_text=re.compile(rf"^Step {step} of")).wait_for(
        timeout=TIMEOUT
    )
    page.wait_for_function(
        "() => !document.querySelector('.ulx').classList.contains('is-busy')", timeout=TIMEOUT
    )


@pytest.mark.parametrize("view", list(VIEWS))
def test_no_serious_accessibility_violation(servers, browser, views, view):
    _, ready = VIEWS[view]
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(f"{servers.voila}/voila/render/a11y-{view}.ipynb", timeout=TIMEOUT)
        page.locator(ready).first.wait_for(timeout=TIMEOUT)
        page.wait_for_timeout(500)
        assert _serious(page) == [], f"{view}, as drawn"
        if view.startswith("explorer"):
            page.locator(".ulx-action").first.click()
            _wait_step(page, 1)
            page.wait_for_timeout(300)
            assert _serious(page) == [], f"{view}, after a move"
    finally:
        page.close()


FOCUSED = """() => {
  const el = document.activeElement;
  return el && el.closest(".ulx") ? `${el.className} ${el.dataset.id || ""}`.trim() : "";
}"""


def test_a_move_played_from_the_keyboard_keeps_the_focus_in_the_explorer(servers, browser, views):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(f"{servers.voila}/voila/render/a11y-explorer-academy.ipynb", timeout=TIMEOUT)
        first = page.locator(".ulx-action").first
        first.wait_for(timeout=TIMEOUT)
        for step in (1, 2, 3):
            page.locator(".ulx-action").first.focus()
            page.keyboard.press("Enter")
            _wait_step(page, step)
            page.wait_for_timeout(200)
            focused = page.evaluate(FOCUSED)
            assert focused.startswith("ulx-action"), f"after move {step}: {focused!r}"
        # Undo from the keyboard: the focus stays on Undo
        undo = page.get_by_role("button", name="◀ Undo")
        undo.focus()
        page.keyboard.press("Enter")
        _wait_step(page, 2)
        page.wait_for_timeout(200)
        assert page.evaluate("() => document.activeElement.textContent") == "◀ Undo"
    finally:
        page.close()


def test_two_widgets_on_a_page_share_no_id_and_no_radio_group(servers, browser, views):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(f"{servers.voila}/voila/render/a11y-quiz.ipynb", timeout=TIMEOUT)
        page.locator(".ulq-choice").first.wait_for(timeout=TIMEOUT)
        page.locator(".ulq").nth(1).locator(".ulq-question").wait_for(timeout=TIMEOUT)
        ids = page.locator(".ulq-question").evaluate_all("(els) => els.map((e) => e.id)")
        assert len(ids) == 2 and len(set(ids)) == 2 and "undefined" not in ids[0], ids
        group = page.locator(".ulq [role=radiogroup]").first
        assert group.get_attribute("aria-labelledby") == ids[0]

        page.goto(f"{servers.voila}/voila/render/a11y-two-pigs.ipynb", timeout=TIMEOUT)
        for n in (0, 1):
            explorer = page.locator(".ulx").nth(n)
            explorer.locator(".ulx-action").first.wait_for(timeout=TIMEOUT)
            explorer.get_by_role("tab", name="Branches").click()
        names = page.locator(".ulx-fork input[type=radio]").evaluate_all(
            "(els) => els.map((e) => e.name)"
        )
        assert len(names) == 4 and len(set(names)) == 2, names
    finally:
        page.close()
