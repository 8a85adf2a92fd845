"""The explorer as a teacher uses it on a projector: 1280x720 at 150% (853x480 CSS pixels).

At that size the explorer stands in one column: the board, the moves, the rule box under them,
then the step controls. Each test plays the way a teacher does, with the mouse and the
keyboard, and checks that every click does what its button says.

Run with ``pytest -m ui tests/ui/test_projected_browser.py``.
"""

from __future__ import annotations

import re

import pytest

from conftest import open_page, write_notebook

pytestmark = pytest.mark.ui

TIMEOUT = 240_000  # a loaded machine may take minutes to start a kernel
PROJECTED = ({"width": 853, "height": 480}, 1.5)

# notebook 02's explorer: the table of section 1 after its five pushes (P1 may score a figure)
UMBRELLA = (
    "import umbrella_lab as ul\n"
    "from umbrella_lab.games.umbrella.scenario import scenario\n\n"
    "start = scenario(\n"
    "    players=2,\n"
    '    spaces={0: [["F08 white", "F19 black"], ["F18 black", "F05 black"]],\n'
    '            1: [["F12 black", "F16 white"], ["F03 black", "F01 white"]]},\n'
    '    faces={0: "level-1/1", 1: "level-1/2"},\n'
    "    seed=3,\n"
    ")\n"
    'explorer = ul.explore(start, policy="greedy")\n'
    "for label in [\n"
    '    "P1: push the yellow umbrella from the central zone (north) down column 2",\n'
    '    "P2: push the yellow umbrella from P2\'s personal zone (south) up column 2",\n'
    '    "P1: push the yellow umbrella from side zone 1 (west) right along row 2",\n'
    '    "P2: push the red umbrella from side zone 2 (west) right along row 1",\n'
    '    "P1: push the blue umbrella from side zone 2 (east) left along row 3",\n'
    "]:\n"
    "    explorer.act(label)\n"
    "explorer"
)

# where a button is at each moment of a click: pressed, focus moved, let go, clicked
WATCH_CLICK = """(name) => {
  window.clickSeen = [];
  const where = () => {
    const button = [...document.querySelectorAll('.ulx-btn')].find((b) => b.textContent === name);
    return button ? Math.round(button.getBoundingClientRect().top) : null;
  };
  for (const kind of ["mousedown", "focusout", "mouseup", "click"]) {
    document.addEventListener(kind, (event) => {
      window.clickSeen.push({ kind, top: where(), on: event.target.textContent.slice(0, 30) });
    }, true);
  }
}"""


# notebook 04's explorer: solo Marvel United against Red Skull, four moves in
MARVEL = (
    "import umbrella_lab as ul\n\n"
    'explorer = ul.widgets.explore("marvel", players=1, seed=46,\n'
    '                              heroes=("hulk", "captain-marvel", "black-widow"))\n'
    'explorer.play(4, policy="planner")\n'
    "explorer"
)


# notebook 03's explorer: nine moves in, Umbrella answers an assault (the dice come next)
CORPORATION = (
    'import umbrella_lab as ul\n\nexplorer = ul.widgets.explore("corporation", seed=5)\n'
    "explorer.play(9)\nexplorer"
)

IN_SIGHT = """() => {
  const el = document.activeElement;
  const at = el.getBoundingClientRect();
  return { name: el.textContent.trim(), seen: at.top >= 0 && at.bottom <= window.innerHeight };
}"""


@pytest.fixture(scope="module")
def notebooks(servers):
    write_notebook(servers.root / "projected-umbrella.ipynb", [UMBRELLA])
    write_notebook(servers.root / "projected-marvel.ipynb", [MARVEL])
    write_notebook(servers.root / "projected-corporation.ipynb", [CORPORATION])
    return servers.root


def _wait_step(explorer, step: int) -> None:
    explorer.locator(".ulx-step").filter(has_text=re.compile(rf"^Step {step} of")).wait_for(
        timeout=TIMEOUT
    )
    explorer.page.wait_for_function(
        "(el) => !el.classList.contains('is-busy')", arg=explorer.element_handle(), timeout=TIMEOUT
    )


def test_a_click_below_the_moves_is_not_lost_when_the_rule_box_changes(servers, browser, notebooks):
    """A move clicked leaves the focus on the next move, and the rule box shows that move's rule.

    Pressing "1 step" takes the focus from the move. The rule box used to go back to the last
    move's rule at once, a box of another height, and "1 step" moved 91 pixels up between the
    press and the release: the release fell on a tab, and the click did nothing.
    """
    with open_page(browser, PROJECTED) as page:
        page.goto(f"{servers.voila}/voila/render/projected-umbrella.ipynb", timeout=TIMEOUT)
        explorer = page.locator(".ulx").first
        explorer.locator(".ulx-action").first.wait_for(timeout=TIMEOUT)
        _wait_step(explorer, 5)
        explorer.locator(".ulx-action:not([disabled])").first.click()  # P1 scores the figure
        _wait_step(explorer, 6)
        focused = page.evaluate("() => document.activeElement.className")
        assert "ulx-action" in focused  # the focus is on the next move (passing the tile)

        one_step = explorer.get_by_role("button", name="1 step", exact=True)
        one_step.scroll_into_view_if_needed()
        page.evaluate(WATCH_CLICK, "1 step")
        one_step.click()
        page.wait_for_function("() => window.clickSeen.some((e) => e.kind === 'click')")
        seen = page.evaluate("() => window.clickSeen")
        assert len({entry["top"] for entry in seen}) == 1, f"1 step moved during its click: {seen}"
        assert seen[-1] == {"kind": "click", "top": seen[0]["top"], "on": "1 step"}, seen
        _wait_step(explorer, 7)


def test_the_arrow_keys_on_the_tabs_choose_a_tab_and_never_undo_a_move(servers, browser):
    """The tabs under the explorer are a tab list: one Tab stop, the arrows choose a tab.

    The explorer's own arrows undo and redo a move. On a tab, Left used to undo one: a keyboard
    user looking for the next tab changed the game instead.
    """
    with open_page(browser, PROJECTED) as page:
        page.goto(f"{servers.voila}/voila/render/explorer.ipynb", timeout=TIMEOUT)
        explorer = page.locator(".ulx").first
        explorer.locator(".ulx-action").first.wait_for(timeout=TIMEOUT)
        for step in (1, 2):
            explorer.locator(".ulx-action:not([disabled])").first.click()
            _wait_step(explorer, step)
        tabs = explorer.get_by_role("tab")
        assert [tabs.nth(i).get_attribute("tabindex") for i in range(4)] == ["0", "-1", "-1", "-1"]
        tabs.first.focus()
        chosen = []
        for key in ("ArrowLeft", "ArrowLeft", "ArrowRight", "Home", "End"):
            page.keyboard.press(key)
            page.wait_for_timeout(300)
            chosen.append(page.evaluate("() => document.activeElement.dataset.tab"))
            selected = explorer.locator(".ulx-tab[aria-selected=true]")
            assert selected.get_attribute("data-tab") == chosen[-1]
            assert explorer.locator(".ulx-panel").get_attribute("data-tab") == chosen[-1]
        assert chosen == ["compare", "branches", "compare", "log", "compare"]
        assert explorer.locator(".ulx-step").inner_text().startswith("Step 2 of 2")
        explorer.locator(".ulx-title").click()  # elsewhere in the explorer, Left still undoes
        page.keyboard.press("ArrowLeft")
        _wait_step(explorer, 1)


def test_undo_and_1_step_stay_under_the_pointer_click_after_click(servers, browser, notebooks):
    """On the projected screen the board and the moves stand above the step controls.

    Each step changes their height (another hand, other moves), and Undo used to jump by up to
    190 pixels a click, once off the screen. The page now scrolls by as much: a teacher can
    press Undo, Undo, Undo without chasing the button.
    """
    with open_page(browser, PROJECTED) as page:
        page.goto(f"{servers.voila}/voila/render/projected-marvel.ipynb", timeout=TIMEOUT)
        explorer = page.locator(".ulx").first
        explorer.locator(".ulx-action").first.wait_for(timeout=TIMEOUT)
        _wait_step(explorer, 4)
        explorer.get_by_role("button", name="10 steps").click()
        _wait_step(explorer, 14)
        moved = []
        for name, step in [
            ("◀ Undo", 13),
            ("◀ Undo", 12),
            ("◀ Undo", 11),
            ("◀ Undo", 10),
            ("◀ Undo", 9),
            ("1 step", 10),
            ("1 step", 11),
        ]:
            button = explorer.get_by_role("button", name=name, exact=True)
            button.scroll_into_view_if_needed()  # (nothing to do while it is in sight)
            before = button.bounding_box()["y"]
            button.click()
            _wait_step(explorer, step)
            page.wait_for_timeout(300)
            moved.append((name, step, round(button.bounding_box()["y"] - before)))
        assert all(abs(shift) <= 3 for _, _, shift in moved), moved


def test_enter_enter_enter_plays_on_and_lets_luck_roll_in_sight(servers, browser, notebooks):
    """Moves played with Enter alone: the focus goes where the next Enter does the obvious thing.

    After the last commitment of an assault it is luck's turn. The focus used to land on the
    first forced outcome ("2 (1/36)", a what-if) out of sight below the screen, so the next
    Enter forced the Heroes to roll 2; it now lands on "Roll: let luck decide", in sight, and
    after the roll on the first move.
    """
    with open_page(browser, PROJECTED) as page:
        page.goto(f"{servers.voila}/voila/render/projected-corporation.ipynb", timeout=TIMEOUT)
        explorer = page.locator(".ulx").first
        explorer.locator(".ulx-action").first.wait_for(timeout=TIMEOUT)
        _wait_step(explorer, 9)
        explorer.locator(".ulx-action:not([disabled])").first.focus()
        page.keyboard.press("Enter")  # Umbrella defends with a unit
        _wait_step(explorer, 10)
        page.keyboard.press("Enter")  # and commits a trap: the Heroes' dice come next
        _wait_step(explorer, 11)
        page.wait_for_timeout(300)
        focused = page.evaluate(IN_SIGHT)
        assert focused == {"name": "Roll: let luck decide", "seen": True}
        page.keyboard.press("Enter")  # the Heroes roll
        _wait_step(explorer, 12)
        page.wait_for_timeout(300)
        assert "Heroes roll" in explorer.locator(".ulx-slider-label").inner_text()
        assert page.evaluate(IN_SIGHT) == {"name": "Roll: let luck decide", "seen": True}
        page.keyboard.press("Enter")  # then Umbrella: the assault is settled
        _wait_step(explorer, 13)
        page.wait_for_timeout(300)
        assert "Umbrella rolls" in explorer.locator(".ulx-slider-label").inner_text()
        focused = page.evaluate(IN_SIGHT)
        assert focused["seen"] and focused["name"] != "Roll: let luck decide", focused
        assert "is-unavailable" not in page.evaluate("() => document.activeElement.className")
