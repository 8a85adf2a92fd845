"""The explorer in a real browser: JupyterLab 4 and Voila, driven by Playwright + Chromium.

Run with ``pytest -m ui tests/ui``. Screenshots are saved (see ``conftest.py``) so a person can
look at the design at 1280x800 and 1920x1080, light and dark.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import umbrella_lab as ul

pytestmark = pytest.mark.ui

TIMEOUT = 60_000

CLICK_AND_TIME = """(button) => new Promise((resolve) => {
  const root = button.closest(".ulx");
  const start = performance.now();
  const watch = new MutationObserver(() => {
    const step = root.querySelector(".ulx-step");
    if (step && step.textContent.startsWith("Step 1 ")) {
      watch.disconnect();
      resolve(performance.now() - start);
    }
  });
  watch.observe(root, { subtree: true, childList: true, characterData: true });
  button.click();
})"""


def _open_in_lab(page, servers, width: int, height: int):
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{servers.lab}/lab/tree/explorer.ipynb?reset", timeout=TIMEOUT)
    page.wait_for_selector("#jp-main-statusbar >> text=Idle", timeout=TIMEOUT)
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.commands", timeout=TIMEOUT)
    notebook = page.locator(".jp-NotebookPanel:visible")
    page.evaluate(
        "window.jupyterapp.commands.execute('application:toggle-left-area') .catch(() => {})"
    )
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    explorer = notebook.locator(".ulx").first
    explorer.locator(".ulx-action").first.wait_for(timeout=TIMEOUT)
    return explorer


def _wait_step(explorer, step: int) -> None:
    explorer.locator(".ulx-step").filter(has_text=re.compile(rf"^Step {step} of")).wait_for(
        timeout=TIMEOUT
    )
    explorer.page.wait_for_function(
        "(el) => !el.classList.contains('is-busy')", arg=explorer.element_handle(), timeout=TIMEOUT
    )


OVERFLOW = """(root) => {
  const box = root.getBoundingClientRect();
  const out = [];
  for (const el of root.querySelectorAll("*")) {
    if (el.closest(".ulx-pop") || el.closest("[hidden]")) continue;
    const r = el.getBoundingClientRect();
    if (r.width && (r.right > box.right + 1 || r.left < box.left - 1)) {
      out.push(`${el.className || el.tagName}: ${Math.round(r.left)}-${Math.round(r.right)}`);
    }
  }
  if (root.scrollWidth > root.clientWidth + 1) out.push(`scrollWidth ${root.scrollWidth}`);
  return out.slice(0, 5);
}"""


def _assert_fits(explorer) -> None:
    """Nothing in the explorer sticks out sideways (checked at 1280 and 1920 wide)."""
    assert explorer.evaluate(OVERFLOW) == []


def _shot(explorer, folder: Path, name: str, widget: bool = True, hover: bool = False) -> None:
    """The page as the viewport shows it, and the whole widget (in a tall viewport)."""
    page = explorer.page
    if not hover:
        page.mouse.move(2, 2)  # no hover popover in the picture
    page.wait_for_timeout(200)  # the last redraw happens on the next animation frame
    page.screenshot(path=str(folder / name))
    if widget:
        size = page.viewport_size
        page.set_viewport_size({"width": size["width"], "height": 2400})
        page.wait_for_timeout(200)
        explorer.screenshot(path=str(folder / name.replace(".png", "-widget.png")))
        page.set_viewport_size(size)
        page.wait_for_timeout(100)


def test_lab_click_fork_compare(servers, browser, shots):
    page = browser.new_page()
    try:
        explorer = _open_in_lab(page, servers, 1280, 800)
        _wait_step(explorer, 0)
        board = explorer.locator(".ulx-board-wrap .uab")
        board.wait_for(timeout=TIMEOUT)
        assert board.locator(".uab-hero").count() == 3
        assert board.locator(".uab-vcard").count() == 8
        assert board.locator(".uab-vcard.is-faced").get_attribute("data-position") == "0"
        villain = ul.load("academy", players=3).new(seed=7).to_dict()["villain"]["name"]
        assert villain in board.locator(".uab-villain").inner_text()  # the kernel dealt seed 7
        log_steps = explorer.locator(".ulx-log-step")
        assert log_steps.count() == 1

        # hovering an action shows the rule that allows it, in words
        first = explorer.locator(".ulx-action").first
        rule_id = first.get_attribute("data-rule")
        first.hover()
        pop = explorer.locator(".ulx-pop")
        pop.wait_for(state="visible", timeout=TIMEOUT)
        assert rule_id in pop.inner_text()
        assert len(pop.locator(".ulx-pop-text").inner_text()) > 40
        _shot(explorer, shots, "lab-1280-hover-rule.png", widget=False, hover=True)
        _assert_fits(explorer)
        _shot(explorer, shots, "lab-1280-board.png")

        # a click sends only the action id; Python applies it and the board and log follow
        label = first.locator(".ulx-action-label").inner_text()
        elapsed = first.evaluate(CLICK_AND_TIME)  # click in the page, time until redrawn
        _wait_step(explorer, 1)
        print(f"browser click -> kernel -> redrawn step label: {elapsed:.0f} ms")
        assert board.locator(".uab-vcard").nth(0).get_attribute("data-outcome") != "waiting"
        assert log_steps.count() == 2
        assert label.split(" vs ")[0].split(":")[-1].strip() in log_steps.nth(1).inner_text()
        _shot(explorer, shots, "lab-1280-after-click.png")

        # undo and redo
        explorer.get_by_role("button", name="◀ Undo").click()
        _wait_step(explorer, 0)
        explorer.get_by_role("button", name="Redo ▶").click()
        _wait_step(explorer, 1)

        # auto-play, fork with the same luck, play on, then compare the two branches
        explorer.get_by_role("button", name="10 steps").click()
        _wait_step(explorer, 11)
        explorer.get_by_role("button", name="Fork here…").click()
        explorer.locator(".ulx-fork-label").fill("try the other policy")
        explorer.locator(".ulx-fork-go").click()
        _wait_step(explorer, 12)
        assert explorer.locator(".ulx-branch").count() == 2
        explorer.locator(".ulx-timeline select").select_option("random")
        explorer.get_by_role("button", name="10 steps").click()
        _wait_step(explorer, 22)
        explorer.locator(".ulx-branch:not(.is-current)").get_by_role(
            "button", name="Go to its end"
        ).click()
        _wait_step(explorer, 11)
        explorer.locator(".ulx-timeline select").select_option("heuristic")
        explorer.get_by_role("button", name="10 steps").click()
        _wait_step(explorer, 21)
        explorer.locator(".ulx-branch:not(.is-current)").get_by_role(
            "button", name="Compare"
        ).click()
        compare = explorer.locator(".ulx-compare-boards .uab")
        compare.first.wait_for(timeout=TIMEOUT)
        assert compare.count() == 2
        assert explorer.locator(".ulx-diff tbody tr").count() > 0
        _assert_fits(explorer)
        _shot(explorer, shots, "lab-1280-compare.png")

        # the seat switch re-draws the table as one hero sees it
        explorer.locator(".ulx-seat").select_option("1")
        explorer.locator(".uab-seen").wait_for(timeout=TIMEOUT)

        # the same page, large screen and dark theme
        page.set_viewport_size({"width": 1920, "height": 1080})
        explorer.locator(".ulx-seat").select_option("-1")
        explorer.get_by_role("tab", name="Log").click()
        page.wait_for_timeout(200)
        _assert_fits(explorer)
        _shot(explorer, shots, "lab-1920-board.png")
        page.evaluate(
            "window.jupyterapp.commands.execute('apputils:change-theme',"
            " {theme: 'JupyterLab Dark'})"
        )
        page.wait_for_function(
            "() => document.body.dataset.jpThemeLight === 'false'", timeout=TIMEOUT
        )
        page.wait_for_selector("#jupyterlab-splash", state="detached", timeout=TIMEOUT)
        _shot(explorer, shots, "lab-1920-dark.png")
        page.evaluate(
            "window.jupyterapp.commands.execute('apputils:change-theme',"
            " {theme: 'JupyterLab Light'})"
        )
    finally:
        page.close()


@contextlib.contextmanager
def _voila(browser, servers, notebook: str, width: int, height: int) -> Iterator[object]:
    """A browser page showing ``notebook`` rendered by Voila; closed afterwards."""
    page = browser.new_page(viewport={"width": width, "height": height})
    try:
        page.goto(f"{servers.voila}/voila/render/{notebook}", timeout=TIMEOUT)
        yield page
    finally:
        page.close()


def test_voila_renders_and_clicks(servers, browser, shots):
    with _voila(browser, servers, "explorer.ipynb", 1280, 800) as page:
        explorer = page.locator(".ulx").first
        explorer.locator(".ulx-action").first.wait_for(timeout=TIMEOUT)
        _wait_step(explorer, 0)
        assert explorer.locator(".uab-hero").count() == 3
        _assert_fits(explorer)
        _shot(explorer, shots, "voila-1280-board.png")
        explorer.locator(".ulx-action").first.click()
        _wait_step(explorer, 1)
        assert explorer.locator(".ulx-log-step").count() == 2
        _shot(explorer, shots, "voila-1280-after-click.png")


def test_two_explorers_on_a_page_keep_their_own_open_seats(servers, browser, shots):
    with _voila(browser, servers, "two_umbrella.ipynb", 1600, 1000) as page:
        first, second = page.locator(".ulx").nth(0), page.locator(".ulx").nth(1)
        for explorer in (first, second):
            explorer.locator(".uub-card").first.wait_for(timeout=TIMEOUT)
        # four seats: the seat to play in full, the other three as small cards, in both
        assert first.locator(".uub-card").count() == 3
        assert second.locator(".uub-card").count() == 3
        first.locator(".uub-card").last.click()  # open the last seat's full board
        first.locator(".uub-fold").wait_for(timeout=TIMEOUT)
        assert first.locator(".uub-card").count() == 2
        assert second.locator(".uub-card").count() == 3  # the other explorer is unchanged
        # redraw the second board (same position) and open nothing there: both keep their own
        second.locator(".uub-hints input").check()  # (redraws the second board)
        page.wait_for_timeout(300)
        assert second.locator(".uub-hints input").is_checked()
        assert second.locator(".uub-card").count() == 3
        assert not first.locator(".uub-hints input").is_checked()  # the second's alone
        first.locator(".uub-fold").click()
        first.locator(".uub-card").nth(2).wait_for(timeout=TIMEOUT)
        assert first.locator(".uub-card").count() == 3
        _shot(first, shots, "voila-two-umbrella-first.png")


def test_the_advisor_shows_its_progress_then_its_bars(servers, browser, shots):
    with _voila(browser, servers, "two_umbrella.ipynb", 1600, 1000) as page:
        explorer = page.locator(".ulx").first
        explorer.locator(".ulx-action").first.wait_for(timeout=TIMEOUT)
        ask = explorer.locator(".ulx-advise")
        ask.click()  # Umbrella: dozens of pushes x 100 games, several seconds of work
        explorer.locator(".ulx-advise", has_text=re.compile(r"Thinking… \d+%")).wait_for(
            timeout=TIMEOUT
        )
        _shot(explorer, shots, "voila-advisor-thinking.png")
        explorer.locator(".ulx-advice").first.wait_for(timeout=TIMEOUT)
        assert ask.text_content() == "Ask the advisor"
        assert explorer.locator(".ulx-advice").count() == explorer.locator(".ulx-action").count()
