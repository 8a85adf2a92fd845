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
from conftest import write_notebook

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

        # pointing at an action shows the rule that allows it, in words: in the rule box when
        # that is in view, else in a pop-up over the moves (never over the board)
        first = explorer.locator(".ulx-action").first
        rule_id = first.get_attribute("data-rule")
        first.hover()
        rulebox = explorer.locator(".ulx-rulebox")
        rulebox.filter(has_text=rule_id).wait_for(timeout=TIMEOUT)
        text = rulebox.locator(".ulx-rulebox-text").inner_text()
        # whole sentences, not cut mid-sentence (a long rule ends with "…" and its "more" button)
        assert len(text) > 40 and text.rstrip().removesuffix("…").rstrip()[-1] in ".!?)"
        pop = explorer.locator(".ulx-pop")
        if pop.is_visible():
            assert rule_id in pop.inner_text()
            board_box = explorer.locator(".ulx-board-wrap").bounding_box()
            assert pop.bounding_box()["x"] >= board_box["x"] + board_box["width"] - 1
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
        # the fork is step 12 of its line; the panel and the branch name step 11, forked from
        heading = explorer.locator(".ulx-fork .ulx-h4").inner_text()
        assert heading.startswith("Fork from step 12: ") and heading.endswith("made from step 11")
        origin = explorer.locator(".ulx-branch.is-current").inner_text()
        assert "fork from step 11 of main" in origin
        _shot(explorer, shots, "lab-1280-forked.png")
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
        explorer.locator(".ulx-board-wrap .uab-seen").wait_for(timeout=TIMEOUT)

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
    asked: list[str] = []
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.on("request", lambda request: asked.append(request.url))
    try:
        page.goto(f"{servers.voila}/voila/render/explorer.ipynb", timeout=TIMEOUT)
        explorer = page.locator(".ulx").first
        explorer.locator(".ulx-action").first.wait_for(timeout=TIMEOUT)
        # the page asks nothing of another host (no CDN: FontAwesome comes with Voila's script)
        away = [url for url in asked if not url.startswith(("http://127.0.0.1", "data:", "blob:"))]
        assert away == [], away
        _wait_step(explorer, 0)
        assert explorer.locator(".uab-hero").count() == 3
        _assert_fits(explorer)
        _shot(explorer, shots, "voila-1280-board.png")
        explorer.locator(".ulx-action").first.click()
        _wait_step(explorer, 1)
        assert explorer.locator(".ulx-log-step").count() == 2
        _shot(explorer, shots, "voila-1280-after-click.png")
    finally:
        page.close()


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
        explorer.locator(".ulx-effort").select_option("10")  # thorough: about ten seconds
        ask.click()
        explorer.locator(".ulx-advise", has_text=re.compile(r"Thinking… \d+%")).wait_for(
            timeout=TIMEOUT
        )
        _shot(explorer, shots, "voila-advisor-thinking.png")
        explorer.locator(".ulx-advice").first.wait_for(timeout=TIMEOUT)
        assert ask.text_content() == "Ask the advisor"
        assert explorer.locator(".ulx-advice").count() == explorer.locator(".ulx-action").count()


UMBRELLA_COMPARE = (
    "from umbrella_lab.widgets import Explorer\n\n"
    'w = Explorer("umbrella", seed=3, players=4)\n'
    'w.play(6)\nw.fork("other")\nw.play(14)\nw.switch(0)\nw.play(10)\nw.compare(0, 1)\nw'
)

GAMES_CELLS = {
    "explorer_academy.ipynb": 'Explorer("academy", seed=7, players=3)',
    "explorer_umbrella.ipynb": 'Explorer("umbrella", seed=3, players=4)',
    "explorer_corporation.ipynb": 'Explorer("corporation", seed=3)',
}


@pytest.fixture(scope="module")
def more_notebooks(ui_root: Path) -> Path:
    """Notebooks for the tests below, written into the servers' folder."""
    from conftest import write_notebook

    write_notebook(ui_root / "umbrella_compare.ipynb", [UMBRELLA_COMPARE])
    for name, cell in GAMES_CELLS.items():
        write_notebook(ui_root / name, [f"from umbrella_lab.widgets import Explorer\n\n{cell}"])
    return ui_root


def test_the_advisor_ranks_best_first_marks_the_board_and_can_be_stopped(servers, browser, shots):
    with _voila(browser, servers, "two_umbrella.ipynb", 1600, 900) as page:
        explorer = page.locator(".ulx").first
        explorer.locator(".ulx-action").first.wait_for(timeout=TIMEOUT)
        explorer.locator(".ulx-effort").select_option("4")  # careful: a few seconds
        explorer.locator(".ulx-advise").click()
        explorer.locator(".ulx-verdict").wait_for(timeout=TIMEOUT)
        _shot(explorer, shots, "voila-1600-advisor-ranked.png", widget=False)
        # best first: the verdicts come in order, each in the advisor's own ranking (not by
        # raw win rate: a move tried a few times at 100% does not pass the advisor's pick)
        rated = explorer.locator(".ulx-action.has-advice").evaluate_all(
            "(els) => els.map((e) => [e.dataset.verdict, e.getAttribute('aria-label'), "
            "e.querySelector('.ulx-action-label').textContent])"
        )
        order = {"best": 0, "about equal": 1, "behind": 2}
        keys = [order[v] for v, _, _ in rated]
        assert keys == sorted(keys)
        assert sum(v == "best" for v, _, _ in rated) <= 1
        # the same move first in the list, named by the verdict line and marked on the board
        _, label, words = rated[0]
        verdict = explorer.locator(".ulx-verdict-text").inner_text()
        assert words in verdict and re.search(r"P\d wins \d+%", verdict), verdict
        arrows = explorer.locator(".uub-arrow.is-advised, .uub-arrow.is-leading")
        assert arrows.count() == 1
        assert label.split(": ", 1)[1] in arrows.first.get_attribute("title")
        # the list order on request
        explorer.get_by_role("button", name="List order").click()
        assert explorer.locator(".ulx-group-title", has_text="Ranked").count() == 0
        explorer.get_by_role("button", name="Best first").click()
        # a long request is stopped by Stop, and nothing changes
        explorer.locator(".ulx-effort").select_option("10")
        explorer.locator(".ulx-advise").click()
        explorer.locator(".ulx-stop").click()
        explorer.locator(".ulx-notice", has_text="stopped").wait_for(timeout=TIMEOUT)
        explorer.locator(".ulx-advise", has_text="Ask the advisor").wait_for(timeout=TIMEOUT)


def test_umbrella_compare_is_short_and_score_first(servers, browser, shots, more_notebooks):
    with _voila(browser, servers, "umbrella_compare.ipynb", 1600, 900) as page:
        explorer = page.locator(".ulx").first
        explorer.locator(".ulx-board").first.wait_for(timeout=TIMEOUT)
        explorer.get_by_role("tab", name="Compare").click()
        explorer.locator(".ulx-diff").wait_for(timeout=TIMEOUT)
        first = explorer.locator(".ulx-diff-toggle").first.inner_text()
        assert first.startswith("▾ Score")
        panel = explorer.locator(".ulx-panel").bounding_box()
        print(f"Umbrella compare panel: {panel['height']:.0f} px tall")
        assert panel["height"] < 1600
        text = explorer.locator(".ulx-diff").inner_text()
        assert "#" not in text and "spots:" not in text
        _assert_fits(explorer)
        _shot(explorer, shots, "voila-1600-umbrella-compare.png")
        # compare a step with another, and a branch since its fork
        explorer.locator(".ulx-compare-bar select").nth(1).select_option(label="other")
        explorer.get_by_role("button", name="B since its fork").click()
        explorer.locator(".ulx-diff th", has_text="since the fork").wait_for(timeout=TIMEOUT)


def test_time_travel_keys_and_a_preview_of_a_log_step(servers, browser, shots):
    with _voila(browser, servers, "explorer.ipynb", 1280, 800) as page:
        explorer = page.locator(".ulx").first
        explorer.locator(".ulx-action").first.wait_for(timeout=TIMEOUT)
        explorer.get_by_role("button", name="10 steps").click()
        _wait_step(explorer, 10)
        explorer.locator(".ulx-title").click()  # focus inside the explorer
        page.keyboard.press("ArrowLeft")
        _wait_step(explorer, 9)
        page.keyboard.press("ArrowRight")
        _wait_step(explorer, 10)
        explorer.locator(".ulx-log-step[data-step='3'] .ulx-log-head").hover()
        banner = explorer.locator(".ulx-preview-banner")
        banner.wait_for(timeout=TIMEOUT)
        assert "step 3" in banner.inner_text()
        _shot(explorer, shots, "voila-1280-preview.png", widget=False, hover=True)
        page.mouse.move(2, 2)
        banner.wait_for(state="detached", timeout=TIMEOUT)
        assert explorer.locator(".ulx-step").inner_text().startswith("Step 10 ")


@pytest.mark.parametrize("notebook", sorted(GAMES_CELLS))
def test_projected_the_board_and_the_moves_are_on_the_first_screen(
    servers, browser, shots, more_notebooks, notebook
):
    page = browser.new_page(viewport={"width": 1280, "height": 720}, device_scale_factor=1.5)
    try:
        page.goto(f"{servers.voila}/voila/render/{notebook}", timeout=TIMEOUT)
        explorer = page.locator(".ulx").first
        explorer.locator(".ulx-action").first.wait_for(timeout=TIMEOUT)
        page.wait_for_timeout(500)
        first_move = explorer.locator(".ulx-action").first.bounding_box()
        board = explorer.locator(".ulx-board").first.bounding_box()
        assert first_move["y"] + first_move["height"] <= 720, first_move
        assert board["y"] < 360, board  # the board starts in the top half of the screen
        smallest = explorer.evaluate(SMALLEST_TEXT)
        assert smallest >= 11, smallest
        _assert_fits(explorer)
        _shot(explorer, shots, f"voila-projected-{notebook.replace('.ipynb', '.png')}")
    finally:
        page.close()


SMALLEST_TEXT = """(root) => {
  let least = 99;
  for (const el of root.querySelectorAll("*")) {
    if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    const box = el.getBoundingClientRect();
    if (!box.width || el.closest("[hidden]")) continue;
    least = Math.min(least, parseFloat(getComputedStyle(el).fontSize));
  }
  return least;
}"""


EVERY_GAME = {  # each game's explorer, and the hand of the seat to play (Umbrella: its board)
    'Explorer("academy", seed=7, players=3)': ".uab-hero.is-acting .uab-hand",
    'Explorer("umbrella", seed=3, players=4)': ".uub-seat.is-acting .uub-turn",
    'Explorer("corporation", seed=3)': ".ucb-zone.is-deciding .ucb-hand",
    'Explorer("pig", seed=3, players=3)': ".upg-row.is-active",
    'Explorer("marvel", seed=1, players=1)': ".umv-beside .umv-hand",
}

BELOW_THE_FOLD_IN_LAB: dict[str, str] = {}
"""Explorers known not to fit the first screen in JupyterLab yet, with why (open work)."""

ON_SCREEN = """(root, hand) => {
  // the notebook panel's visible band: the window less JupyterLab's menus, toolbar and status bar
  let top = 0, bottom = window.innerHeight;
  for (let el = root.parentElement; el && el !== document.body; el = el.parentElement) {
    if (!/(auto|scroll|hidden)/.test(getComputedStyle(el).overflowY)) continue;
    const r = el.getBoundingClientRect();
    if (!r.height) continue;
    top = Math.max(top, r.top); bottom = Math.min(bottom, r.bottom);
  }
  const place = (selector, whole) => {
    const found = root.querySelector(selector);
    if (!found) return [selector, "missing"];
    const r = found.getBoundingClientRect();
    // the board starts in the top half of the screen; the hand and the first move show whole
    const seen = r.top >= top - 1 && (whole ? r.bottom <= bottom + 1 : r.top < (top + bottom) / 2);
    const where = [r.top, r.bottom, top, bottom].map(Math.round);
    return seen ? null : [selector, ...where];
  };
  const first = place(".ulx-side .ulx-action", true);
  return [place(".ulx-board", false), place(hand, true), first].filter(Boolean);
}"""

POP_OVER_FOCUS = """(button) => {
  // the rule pop-up of a focused move: beside the move (not over it), and whole on screen
  const pop = button.closest(".ulx").querySelector(".ulx-pop");
  if (!pop || pop.hidden) return null;
  let top = 0, bottom = window.innerHeight;
  const root = button.closest(".ulx");
  for (let el = root.parentElement; el && el !== document.body; el = el.parentElement) {
    if (!/(auto|scroll|hidden)/.test(getComputedStyle(el).overflowY)) continue;
    const r = el.getBoundingClientRect();
    if (!r.height) continue;
    top = Math.max(top, r.top); bottom = Math.min(bottom, r.bottom);
  }
  const a = button.getBoundingClientRect(), p = pop.getBoundingClientRect();
  const apart = p.bottom <= a.top + 0.5 || p.top >= a.bottom - 0.5;
  const whole = p.top >= top - 1 && p.bottom <= bottom + 1;
  return apart && whole ? null : [a.top, a.bottom, p.top, p.bottom, top, bottom].map(Math.round);
}"""


def test_lab_projected_every_game_on_the_first_screen_and_no_rule_over_the_focused_move(
    servers, browser, shots
):
    """JupyterLab at 1280x720 at device scale 1.5 (Voila: the test above), one notebook with an
    explorer of every game: each cell brought to the top of the notebook shows the board, the
    active hand and the first move. Then, projected (853x480) and on a desktop, a move given the
    keyboard's focus keeps its rule pop-up beside it, never over it, and whole on screen."""
    cells = ["from umbrella_lab.widgets import Explorer", *EVERY_GAME]
    write_notebook(servers.root / "every_game.ipynb", cells)
    page = browser.new_page(viewport={"width": 1280, "height": 720}, device_scale_factor=1.5)
    try:
        page.goto(f"{servers.lab}/lab/tree/every_game.ipynb?reset", timeout=TIMEOUT)
        page.wait_for_selector("#jp-main-statusbar >> text=Idle", timeout=TIMEOUT)
        page.wait_for_function("() => window.jupyterapp && window.jupyterapp.commands")
        page.evaluate("window.jupyterapp.commands.execute('application:toggle-left-area')")
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        notebook = page.locator(".jp-NotebookPanel:visible")
        cells_shown = notebook.locator(".jp-Cell")
        problems = {}
        for n, (cell, hand) in enumerate(EVERY_GAME.items(), start=1):
            cells_shown.nth(n).evaluate("(el) => el.scrollIntoView({ block: 'start' })")
            explorer = cells_shown.nth(n).locator(".ulx")
            explorer.locator(".ulx-side .ulx-action").first.wait_for(timeout=TIMEOUT)
            page.mouse.move(2, 2)
            page.wait_for_timeout(400)
            cells_shown.nth(n).evaluate("(el) => el.scrollIntoView({ block: 'start' })")
            page.wait_for_timeout(200)
            missing = explorer.evaluate(ON_SCREEN, hand)
            if missing:
                problems[cell] = missing
            game = cell.split('"')[1]
            page.screenshot(path=str(shots / f"lab-projected-{game}.png"))
        unexpected = {
            cell: where for cell, where in problems.items() if cell not in BELOW_THE_FOLD_IN_LAB
        }
        assert not unexpected, unexpected
        fixed = set(BELOW_THE_FOLD_IN_LAB) - set(problems)
        assert not fixed, f"now on the first screen (take them off BELOW_THE_FOLD_IN_LAB): {fixed}"
        for size in ({"width": 853, "height": 480}, {"width": 1280, "height": 800}):
            page.set_viewport_size(size)
            for n in range(1, len(EVERY_GAME) + 1):
                cells_shown.nth(n).evaluate("(el) => el.scrollIntoView({ block: 'start' })")
                moves = cells_shown.nth(n).locator(".ulx-side .ulx-action")
                for i in range(min(moves.count(), 8)):
                    moves.nth(i).focus()
                    page.wait_for_timeout(120)
                    covered = moves.nth(i).evaluate(POP_OVER_FOCUS)
                    assert covered is None, (size, cells[n], i, covered)
    finally:
        page.close()


# --- one projected screen, in Voila and in JupyterLab ------------------------------------------
# A projector at 1280x720 and 150%: a 1280x720 page at device scale 1.5 (JupyterLab's menus,
# tabs, toolbar and status bar take its top and bottom). Each game's explorer, at the deal and
# after three moves played by clicking, shows on the first screen the start of its board, the
# whole hand of the seat to play and the whole first move.
HERE = ".umv-loc.is-here"
FIRST_SCREEN = {  # the explorer, the hand of the seat to play, and more that must show whole
    "academy": ('Explorer("academy", seed=0, players=3)', ".uab-hero.is-acting .uab-hand", ""),
    "umbrella": (
        'Explorer("umbrella", seed=3, players=4)',
        ".uub-seat.is-acting .uub-zone.is-south",  # the personal zone: the seat's own umbrellas
        "",
    ),
    "corporation": ('Explorer("corporation", seed=3)', ".ucb-zone.is-deciding .ucb-hand", ""),
    "pig": ('Explorer("pig", seed=3, players=3)', ".upg-row.is-active", ""),
    # Marvel United: and the location of the hero to play
    "marvel-1": ('Explorer("marvel", seed=1, players=1)', ".umv-beside .umv-hand", HERE),
    "marvel-4": ('Explorer("marvel", seed=1, players=4)', ".umv-beside .umv-hand", HERE),
}

NOT_YET_ON_THE_FIRST_SCREEN: dict[tuple[str, str, str], str] = {}
"""(front end, game, moment) with a part still below the fold, and why (open work)."""

FIRST_SCREEN_CHECK = """(root, [hand, more]) => {
  let top = 0, bottom = window.innerHeight;
  for (let el = root.parentElement; el && el !== document.body; el = el.parentElement) {
    if (!/(auto|scroll|hidden)/.test(getComputedStyle(el).overflowY)) continue;
    const r = el.getBoundingClientRect();
    if (!r.height) continue;
    top = Math.max(top, r.top); bottom = Math.min(bottom, r.bottom);
  }
  const place = (selector, whole) => {
    const found = root.querySelector(selector);
    if (!found) return `${selector}: missing`;
    const r = found.getBoundingClientRect();
    const seen = r.top >= top - 1 && (whole ? r.bottom <= bottom + 1 : r.top < (top + bottom) / 2);
    const at = [r.top, r.bottom, top, bottom].map(Math.round);
    return seen ? null : `${selector}: ${at[0]}-${at[1]} of the screen's ${at[2]}-${at[3]}`;
  };
  // (the hero to play has a location once a hero plays: not while the team chooses a BAM's order)
  return [place(".ulx-board", false), place(hand, true), place(".ulx-side .ulx-action", true),
          more && root.querySelector(more) ? place(more, true) : null].filter(Boolean);
}"""


def _first_screen_page(browser, servers, front: str, game: str):
    """A projected page showing the explorer of ``game`` in ``front``, its cell at the top."""
    cell = FIRST_SCREEN[game][0]
    name = f"first-screen-{front}-{game}.ipynb"
    write_notebook(servers.root / name, ["from umbrella_lab.widgets import Explorer", cell])
    page = browser.new_page(viewport={"width": 1280, "height": 720}, device_scale_factor=1.5)
    if front == "voila":
        page.goto(f"{servers.voila}/voila/render/{name}", timeout=TIMEOUT)
        return page, page.locator(".ulx").first, None
    page.goto(f"{servers.lab}/lab/tree/{name}?reset", timeout=TIMEOUT)
    page.wait_for_selector("#jp-main-statusbar >> text=Idle", timeout=TIMEOUT)
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.commands")
    page.evaluate("window.jupyterapp.commands.execute('application:toggle-left-area')")
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    shown = page.locator(".jp-NotebookPanel:visible .jp-Cell").nth(1)
    return page, shown.locator(".ulx"), shown


@pytest.mark.parametrize("front", ["voila", "lab"])
@pytest.mark.parametrize("game", list(FIRST_SCREEN))
def test_projected_the_board_the_hand_and_the_moves_are_on_the_first_screen(
    servers, browser, shots, front, game
):
    _, hand, more = FIRST_SCREEN[game]
    page, explorer, cell = _first_screen_page(browser, servers, front, game)
    try:
        explorer.locator(".ulx-side .ulx-action").first.wait_for(timeout=TIMEOUT)
        missing = {}
        for moment in ("deal", "three moves"):
            if moment == "three moves":
                for step in (1, 2, 3):
                    explorer.locator(".ulx-side .ulx-action").first.click()
                    _wait_step(explorer, step)
            page.mouse.move(2, 2)
            page.wait_for_timeout(400)
            if cell is not None:  # JupyterLab: the explorer's cell brought to the top
                cell.evaluate("(el) => el.scrollIntoView({ block: 'start' })")
                page.wait_for_timeout(200)
            else:
                page.evaluate("() => window.scrollTo(0, 0)")
            found = explorer.evaluate(FIRST_SCREEN_CHECK, [hand, more])
            if found:
                missing[(front, game, moment)] = found
            assert explorer.evaluate(SMALLEST_TEXT) >= 11, (front, game, moment)
            tag = "deal" if moment == "deal" else "3-moves"
            page.screenshot(path=str(shots / f"{front}-projected-{game}-{tag}.png"))
        unexpected = {k: v for k, v in missing.items() if k not in NOT_YET_ON_THE_FIRST_SCREEN}
        assert not unexpected, unexpected
        fixed = {k for k in NOT_YET_ON_THE_FIRST_SCREEN if k[:2] == (front, game)} - set(missing)
        assert not fixed, f"now on the first screen (take off NOT_YET_ON_THE_FIRST_SCREEN): {fixed}"
    finally:
        page.close()
