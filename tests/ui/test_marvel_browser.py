"""The Marvel United board in a real browser (Voila): a few moves played by clicking the table.

Run with ``pytest -m ui tests/ui/test_marvel_browser.py``. Screenshots are saved (see
``conftest.py``) at desktop size (1280x800) and as projected (1280x720 at 150%).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import write_notebook

pytestmark = pytest.mark.ui

TIMEOUT = 60_000

CELLS = ['from umbrella_lab.widgets import Explorer\n\nExplorer("marvel", seed=0, players=1)']

FITS = """(root) => {
  const box = root.getBoundingClientRect();
  const out = [];
  for (const el of root.querySelectorAll(".umv *")) {
    const r = el.getBoundingClientRect();
    if (r.width && (r.right > box.right + 1 || r.left < box.left - 1)) {
      out.push(`${el.className || el.tagName}: ${Math.round(r.left)}-${Math.round(r.right)}`);
    }
  }
  return out.slice(0, 5);
}"""


@contextlib.contextmanager
def _board(browser, servers, width: int, height: int, scale: float = 1) -> Iterator[object]:
    """The explorer on a Marvel United table in Voila, its board drawn."""
    write_notebook(servers.root / "marvel.ipynb", CELLS)
    page = browser.new_page(viewport={"width": width, "height": height}, device_scale_factor=scale)
    try:
        page.goto(f"{servers.voila}/voila/render/marvel.ipynb", timeout=TIMEOUT)
        explorer = page.locator(".ulx").first
        explorer.locator(".umv-ring").wait_for(timeout=TIMEOUT)
        yield explorer
    finally:
        page.close()


def _wait_step(explorer, step: int) -> None:
    explorer.locator(".ulx-step").filter(has_text=re.compile(rf"^Step {step} of")).wait_for(
        timeout=TIMEOUT
    )
    explorer.page.wait_for_function(
        "(el) => !el.classList.contains('is-busy')", arg=explorer.element_handle(), timeout=TIMEOUT
    )


def _shot(explorer, folder: Path, name: str) -> None:
    page = explorer.page
    page.mouse.move(2, 2)
    page.wait_for_timeout(200)
    page.screenshot(path=str(folder / name))


def test_a_turn_played_by_clicking_the_table(servers, browser, shots):
    # one page (one kernel): at desktop size, then as projected (1280x720 at 150%)
    with _board(browser, servers, 1280, 800, scale=1.5) as explorer:
        board = explorer.locator(".umv")
        assert board.locator(".umv-loc").count() == 6
        assert board.locator(".umv-mission").count() == 3
        assert explorer.evaluate(FITS) == []
        _shot(explorer, shots, "marvel-voila-1280-deal.png")
        # the villain's first turn set off two Threats' BAMs at once: the heroes choose which
        # acts first, on the table (the location's header says "choose")
        assert "which Threat's BAM acts next" in board.locator(".umv-decides").inner_text()
        board.locator('.umv-loc[data-location="nypd-hq"] .umv-loc-head.is-click').click()
        _wait_step(explorer, 1)
        # a card from the hand: Black Widow's two Wilds join the Storyline
        board.locator('.umv-hand button[data-card="black-widow-12"]').click()
        _wait_step(explorer, 2)
        played = board.locator(".umv-story .umv-card.is-played")
        assert played.get_attribute("data-card") == "black-widow-12"
        # this turn's actions: the two Wilds, shown as one symbol counted twice
        assert board.locator(".umv-pool .umv-sym.is-wild").count() == 1
        # a Thug where she is not: nothing is played, the rule box says why (and which rule);
        # her two Wilds can pay a Move there and the Attack
        board.locator('.umv-loc[data-location="shield-hq"] .umv-token.is-thug').first.click()
        why = explorer.locator(".ulx-rulebox-whynot")
        why.wait_for(timeout=TIMEOUT)
        assert "only where the hero stands; move here first" in why.inner_text()
        assert "turn.attack" in explorer.locator(".ulx-rulebox").inner_text()
        assert explorer.locator(".ulx-step").inner_text().startswith("Step 2 of")
        # a location next to her: its header moves her there (a Wild pays the Move)
        board.locator('.umv-loc.is-target[data-location="shield-hq"] .umv-loc-head').click()
        _wait_step(explorer, 3)
        here = board.locator('.umv-loc.is-here[data-location="shield-hq"]')
        assert here.locator(".umv-fig", has_text="Black Widow").count() == 1
        # a Thug there: she attacks it, and it goes to the Defeat Thugs mission
        here.locator(".umv-token.is-thug.is-click").first.click()
        _wait_step(explorer, 4)
        thugs = board.locator(".umv-mission", has_text="Defeat Thugs")
        assert "1 / 9" in thugs.inner_text()
        # the action list stays, grouped; the log names the rules
        assert explorer.locator(".ulx-action").count() >= 1
        assert "turn.attack" in explorer.locator(".ulx-log").inner_text()
        assert explorer.evaluate(FITS) == []
        _shot(explorer, shots, "marvel-voila-1280-after-clicks.png")
        # the turn ends on the board itself
        board.locator(".umv-control.is-done").click()
        later = re.compile(r"^Step ([5-9]|\d\d+) of")
        explorer.locator(".ulx-step").filter(has_text=later).wait_for(timeout=TIMEOUT)
        assert "turn.done" in explorer.locator(".ulx-log").inner_text()
        explorer.page.set_viewport_size({"width": 1280, "height": 720})
        explorer.page.wait_for_timeout(200)
        assert explorer.evaluate(FITS) == []
        board.scroll_into_view_if_needed()
        _shot(explorer, shots, "marvel-voila-projected.png")


ON_FIRST_SCREEN = """(root) => {
  const bottom = (selector) => {
    const found = root.querySelector(selector);
    if (!found) return [selector, "missing"];
    const box = found.getBoundingClientRect();
    return [selector, Math.round(box.top), Math.round(box.bottom)];
  };
  return [".umv-dash", ".umv-turn", ".umv-ring", ".umv-story", ".umv-beside .umv-hand",
          ".ulx-action"].map(bottom);
}"""


@pytest.mark.parametrize("players", [1, 2, 4])
def test_projected_the_whole_table_is_on_the_first_screen(servers, browser, shots, players):
    """At 1280x720 at 150% the villain, the ring, the Storyline, the hand and the first move show
    without scrolling; the card texts then wait behind their button."""
    cells = [
        "from umbrella_lab.widgets import Explorer\n\n"
        f'Explorer("marvel", seed=1, players={players})'
    ]
    name = f"marvel-{players}.ipynb"
    write_notebook(servers.root / name, cells)
    page = browser.new_page(viewport={"width": 1280, "height": 720}, device_scale_factor=1.5)
    try:
        page.goto(f"{servers.voila}/voila/render/{name}", timeout=TIMEOUT)
        explorer = page.locator(".ulx").first
        explorer.locator(".umv-ring").wait_for(timeout=TIMEOUT)
        explorer.locator(".ulx-action").first.wait_for(timeout=TIMEOUT)
        for selector, top, bottom in explorer.evaluate(ON_FIRST_SCREEN):
            assert top >= 0 and bottom <= 720, (selector, top, bottom)
        assert explorer.locator(".umv-threat-text").count() == 0
        _shot(explorer, shots, f"marvel-voila-projected-{players}p.png")
        # the texts on demand, and back
        explorer.locator(".umv-texts").click()
        explorer.locator(".umv-threat-text").first.wait_for(timeout=TIMEOUT)
        explorer.locator(".umv-texts").click()
        explorer.locator(".umv-threat-text").first.wait_for(state="detached", timeout=TIMEOUT)
    finally:
        page.close()


MARK = """(root) => {
  for (const el of root.querySelectorAll(".ulx-board, .umv-loc, .umv-dash, .ulx-log-step")) {
    el.ulxKept = true;
  }
}"""

KEPT = """(root) => {
  const focused = document.activeElement;
  return {
    board: root.querySelector(".ulx-board").ulxKept === true,
    locations: [...root.querySelectorAll(".umv-loc")].filter((el) => el.ulxKept).length,
    dashboard: root.querySelector(".umv-dash").ulxKept === true,
    log: [...root.querySelectorAll(".ulx-log-step")].filter((el) => el.ulxKept).length,
    focus: focused && focused !== root && root.contains(focused) ? focused.className : null,
  };
}"""


def test_a_move_redraws_only_what_it_changed_and_keeps_the_focus(servers, browser):
    """A click brings the table on the page up to date instead of drawing it anew: the
    locations, the villain's dashboard and the log's steps stay the same elements (the browser
    lays out and paints only what changed, see benchmarks/explorer_clicks.py), and a move
    played from the keyboard leaves the focus in the explorer."""
    with _board(browser, servers, 1280, 800) as explorer:
        explorer.evaluate(MARK)
        head = explorer.locator('.umv-loc[data-location="nypd-hq"] .umv-loc-head.is-click')
        head.focus()
        explorer.page.keyboard.press("Enter")
        _wait_step(explorer, 1)
        kept = explorer.evaluate(KEPT)
        assert kept["board"] and kept["dashboard"], kept
        assert kept["locations"] == 6, kept
        assert kept["focus"], kept
        # a card played from the keyboard: the focus stays in the explorer, and the log's
        # earlier steps (drawn as before) stay too
        explorer.evaluate(MARK)
        card = explorer.locator('.umv-hand button[data-card="black-widow-12"]')
        card.focus()
        explorer.page.keyboard.press("Enter")
        _wait_step(explorer, 2)
        kept = explorer.evaluate(KEPT)
        assert kept["locations"] == 6 and kept["focus"], kept
        assert kept["log"] >= 1, kept
        assert explorer.locator(".umv-story .umv-card.is-played").get_attribute("data-card") == (
            "black-widow-12"
        )
        # Undo from the keyboard back to the deal: Undo stays focused while it can undo, then
        # (disabled at the deal) gives the focus to a control of the explorer, not to the page
        explorer.locator(".ulx-tl-history .ulx-btn").first.focus()
        for step in (1, 0):
            explorer.page.keyboard.press("Enter")
            _wait_step(explorer, step)
        kept = explorer.evaluate(KEPT)
        assert kept["focus"] and kept["locations"] == 6, kept
        assert explorer.evaluate("() => !document.activeElement.disabled")


FOCUS_AT = """() => {
  const el = document.activeElement;
  if (!el || !el.closest(".ulx")) return "the page";
  if (el.closest(".umv-hand")) return "the hand";
  if (el.closest(".ulx-board")) return "the board";
  if (el.closest(".ulx-decide")) return "the moves";
  return el.className || el.tagName;
}"""


def test_the_keyboard_skips_to_the_moves_and_stays_where_the_move_was_made(servers, browser):
    """The first Tab stop is a link to the moves (past the board's many controls); a card
    played from the hand with Enter leaves the focus in the hand; the rule pop-up of a move
    shows above it (the next moves stay in sight) and goes when the pointer leaves."""
    with _board(browser, servers, 1280, 800) as explorer:
        page = explorer.page
        head = explorer.locator('.umv-loc[data-location="nypd-hq"] .umv-loc-head.is-click')
        head.click()
        _wait_step(explorer, 1)
        explorer.locator(".ulx-title").click()
        page.keyboard.press("Shift+Tab")  # (nothing before the explorer's own controls)
        explorer.evaluate("(root) => root.focus()")
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.textContent") == "Skip to the moves"
        page.keyboard.press("Enter")
        assert page.evaluate(FOCUS_AT) == "the moves"
        # Tab past the last move goes on to the explorer's next control, never to the page
        explorer.locator(".ulx-side .ulx-action").last.focus()
        page.keyboard.press("Tab")
        assert page.evaluate(FOCUS_AT) != "the page"
        assert page.evaluate("() => document.activeElement !== document.body")
        card = explorer.locator('.umv-hand button[data-card="black-widow-12"]')
        card.focus()
        page.keyboard.press("Enter")
        _wait_step(explorer, 2)
        page.wait_for_timeout(200)
        assert page.evaluate(FOCUS_AT) == "the hand"
        # the rule pop-up never covers the moves after the one pointed at, and goes away
        moves = explorer.locator(".ulx-side .ulx-action")
        moves.nth(1).hover()
        page.wait_for_timeout(150)
        pop = explorer.locator(".ulx-pop")
        if pop.is_visible():
            below = moves.nth(2).bounding_box()
            box = pop.bounding_box()
            assert (
                box["y"] + box["height"] <= below["y"] + 1
                or box["y"] >= below["y"] + below["height"] - 1
            )
        page.mouse.move(2, 2)
        assert not pop.is_visible()
