"""The puzzle view in a real browser (JupyterLab): nothing of the answer before the commitment,
then the advisor's bars best first and the line after the learner's move.

Run with ``pytest -m ui tests/ui/test_puzzle_browser.py``. Screenshots at desktop size
(1280x800) and as projected (1280x720 at 150%: a 853x480 page at device scale 1.5).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import open_page, shoot_whole, write_notebook

pytestmark = pytest.mark.ui

TIMEOUT = 90_000
DESKTOP = ({"width": 1280, "height": 800}, 1)
PROJECTED = ({"width": 853, "height": 480}, 1.5)

CELLS = ['import umbrella_lab as ul\n\nview = ul.puzzles("academy")\nview']
OTHER_GAMES = ("umbrella", "corporation", "marvel", "pig")
WORDS_OF_THE_ANSWER = ("clearly ahead", "win_rate", "about equal", "Your move wins")


@pytest.mark.parametrize("size", [DESKTOP, PROJECTED], ids=["desktop", "projected"])
def test_a_puzzle_hides_its_answer_until_the_commitment(servers, browser, shots, size):
    write_notebook(servers.root / "puzzles.ipynb", CELLS)
    tag = "desktop" if size is DESKTOP else "projected"
    with open_page(browser, size) as page:
        page.goto(f"{servers.lab}/lab/tree/puzzles.ipynb?reset", timeout=TIMEOUT)
        page.wait_for_selector("#jp-main-statusbar >> text=Idle", timeout=TIMEOUT)
        page.wait_for_function(
            "() => window.jupyterapp && window.jupyterapp.commands", timeout=TIMEOUT
        )
        page.evaluate(
            "window.jupyterapp.commands.execute('application:toggle-left-area').catch(() => {})"
        )
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        notebook = page.locator(".jp-NotebookPanel:visible")
        view = notebook.locator(".ulp").first
        view.locator(".ulp-choice").first.wait_for(timeout=TIMEOUT)
        view.locator(".ulp-board-inner, .ulp-text").first.wait_for(timeout=TIMEOUT)
        html = page.content()
        for words in WORDS_OF_THE_ANSWER:
            assert words not in html, f"{words!r} is in the page before the commitment"
        assert view.locator(".ulp-reveal").count() == 0
        assert view.locator(".ulp-choice.is-right").count() == 0
        assert view.locator(".ulp-commit").is_disabled()
        view.scroll_into_view_if_needed()
        shoot_whole(page, shots, f"puzzle-lab-{tag}-before.png", view)

        choices = view.locator(".ulp-choice")
        count = choices.count()
        # the keyboard: the choices are one Tab stop, the arrow keys move and pick, and the
        # focus stays in the view after every action (Space on a choice, Enter on Commit)
        assert view.locator('.ulp-choice[tabindex="0"]').count() == 1
        choices.nth(0).focus()
        page.keyboard.press("ArrowDown")
        assert choices.nth(1).get_attribute("aria-checked") == "true"
        page.keyboard.press("ArrowUp")
        assert choices.nth(0).get_attribute("aria-checked") == "true"
        page.keyboard.press("Space")
        assert choices.nth(0).evaluate("(el) => el === document.activeElement")
        assert "clearly ahead" not in page.content()  # picking is not committing
        page.keyboard.press("Tab")  # past the group in one press
        assert view.locator(".ulp-commit").evaluate("(el) => el === document.activeElement")
        page.keyboard.press("Enter")
        reveal = view.locator(".ulp-reveal")
        reveal.wait_for(timeout=TIMEOUT)
        bars = reveal.locator(".ulp-bar")
        assert bars.count() >= min(count, 8)
        if reveal.locator(".ulp-more").count():
            reveal.locator(".ulp-more").click()
        assert bars.count() >= count
        assert bars.first.locator(".ulp-verdict").inner_text() == "best"
        assert reveal.locator(".ulp-bar.is-yours").count() == 1
        assert reveal.locator(".ulp-line li").count() >= 1
        assert view.locator(".ulp-choice:disabled").count() == count
        assert view.evaluate("(el) => el.contains(document.activeElement)")  # not the page
        assert view.locator(".ulp-choice.is-right").count() == 1
        reveal.scroll_into_view_if_needed()
        shoot_whole(page, shots, f"puzzle-lab-{tag}-after.png", view)

        bars.first.click()  # the best move's line
        assert "What follows" in reveal.locator(".ulp-line").inner_text()
        view.locator(".ulp-reveal .ulp-commit").click()  # next puzzle
        view.locator(".ulp-kicker", has_text="Puzzle 2 of").wait_for(timeout=TIMEOUT)
        assert view.locator(".ulp-reveal").count() == 0


@pytest.mark.parametrize("game", OTHER_GAMES)
def test_every_games_puzzles_show_their_board_and_reveal(servers, browser, shots, game):
    if not (
        Path(__file__).resolve().parents[2] / "umbrella_lab" / "puzzles" / f"{game}.json"
    ).exists():
        pytest.skip(f"{game} has no stored puzzles")
    write_notebook(
        servers.root / f"puzzles_{game}.ipynb",
        [f'import umbrella_lab as ul\n\nul.puzzles("{game}")'],
    )
    with open_page(browser, DESKTOP) as page:
        page.goto(f"{servers.lab}/lab/tree/puzzles_{game}.ipynb?reset", timeout=TIMEOUT)
        page.wait_for_selector("#jp-main-statusbar >> text=Idle", timeout=TIMEOUT)
        page.wait_for_function(
            "() => window.jupyterapp && window.jupyterapp.commands", timeout=TIMEOUT
        )
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        view = page.locator(".jp-NotebookPanel:visible .ulp").first
        view.locator(".ulp-choice").first.wait_for(timeout=TIMEOUT)
        view.locator(".ulp-board-inner, .ulp-text").first.wait_for(timeout=TIMEOUT)
        assert "clearly ahead" not in page.content()
        view.scroll_into_view_if_needed()
        shoot_whole(page, shots, f"puzzle-lab-{game}-before.png", view)
        view.locator(".ulp-choice").last.click()
        view.locator(".ulp-commit").click()
        view.locator(".ulp-reveal").wait_for(timeout=TIMEOUT)
        assert view.locator(".ulp-bar").first.locator(".ulp-verdict").inner_text() == "best"
        shoot_whole(page, shots, f"puzzle-lab-{game}-after.png", view)


LIVE = [
    "import random\n\nimport umbrella_lab as ul\nfrom umbrella_lab import sim\n\n"
    'state = ul.load("marvel", players=2, heroes=("hulk", "wasp")).new(4)\n'
    'player, rng = sim.get_policy("marvel", "heuristic"), random.Random(4)\n'
    "while len(state.legal_moves()) < 3:\n"
    "    state = state.apply(player(state, rng))\n"
    "ul.puzzle(state)",
]


def test_any_position_is_judged_live_at_the_commitment(servers, browser, shots):
    write_notebook(servers.root / "puzzle_live.ipynb", LIVE)
    with open_page(browser, DESKTOP) as page:
        page.goto(f"{servers.lab}/lab/tree/puzzle_live.ipynb?reset", timeout=TIMEOUT)
        page.wait_for_selector("#jp-main-statusbar >> text=Idle", timeout=TIMEOUT)
        page.wait_for_function(
            "() => window.jupyterapp && window.jupyterapp.commands", timeout=TIMEOUT
        )
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        view = page.locator(".jp-NotebookPanel:visible .ulp").first
        view.locator(".ulp-choice").first.wait_for(timeout=TIMEOUT)
        view.scroll_into_view_if_needed()
        shoot_whole(page, shots, "puzzle-lab-live-marvel-before.png", view)
        view.locator(".ulp-choice").nth(1).click()
        view.locator(".ulp-commit").click()
        reveal = view.locator(".ulp-reveal")
        reveal.wait_for(timeout=TIMEOUT)
        assert reveal.locator(".ulp-bar").count() >= 2
        assert "games in all" in reveal.locator(".ulp-explain").inner_text()
        shoot_whole(page, shots, "puzzle-lab-live-marvel-after.png", view)


def test_the_strategy_lab_in_voila_reveals_after_the_commitment(servers, browser, shots):
    """Workshop 03 without its code: the questions hide their answers, the puzzle shows."""
    if not (servers.root / "tutorials" / "03_strategy_lab.ipynb").exists():
        pytest.skip("workshop 03 is not in this copy of the tutorials")
    with open_page(browser, PROJECTED) as page:
        page.goto(f"{servers.voila}/voila/render/tutorials/03_strategy_lab.ipynb", timeout=TIMEOUT)
        quiz = page.locator(".ulq").first
        quiz.locator(".ulq-commit").wait_for(timeout=TIMEOUT)
        page.locator(".ulp .ulp-choice").first.wait_for(timeout=TIMEOUT)
        assert page.locator(".jp-InputArea-editor, .cm-editor").count() == 0  # no code
        assert "Half would be an even match" not in page.content()
        quiz.scroll_into_view_if_needed()
        shoot_whole(page, shots, "workshop03-voila-question.png", quiz)
        assert quiz.locator(".ulq-commit").is_disabled()  # nothing chosen yet: choose first
        quiz.locator(".ulq-number").fill("50")
        quiz.locator(".ulq-commit").click()
        quiz.locator(".ulq-reveal").wait_for(timeout=TIMEOUT)
        assert "Half would be an even match" in quiz.locator(".ulq-reveal").inner_text()
        shoot_whole(page, shots, "workshop03-voila-revealed.png", quiz)
        view = page.locator(".ulp").first
        view.scroll_into_view_if_needed()
        view.locator(".ulp-choice").first.click()
        view.locator(".ulp-commit").click()
        view.locator(".ulp-reveal").wait_for(timeout=TIMEOUT)
        shoot_whole(page, shots, "workshop03-voila-puzzle.png", view)


def test_the_puzzles_workshop_in_voila(servers, browser, shots):
    """Workshop 05 without its code: a question, then a game's puzzles, as projected."""
    if not (servers.root / "tutorials" / "05_puzzles.ipynb").exists():
        pytest.skip("workshop 05 is not in this copy of the tutorials")
    with open_page(browser, PROJECTED) as page:
        page.goto(f"{servers.voila}/voila/render/tutorials/05_puzzles.ipynb", timeout=TIMEOUT)
        quiz = page.locator(".ulq").first
        quiz.locator(".ulq-choice").first.wait_for(timeout=TIMEOUT)
        page.locator(".ulp .ulp-choice").first.wait_for(timeout=TIMEOUT)
        assert page.locator(".jp-InputArea-editor, .cm-editor").count() == 0  # no code
        assert page.locator(".ulp").count() == 5  # every game's puzzles
        assert "clearly ahead" not in page.content()
        quiz.locator(".ulq-choice").nth(1).click()
        quiz.locator(".ulq-commit").click()
        quiz.locator(".ulq-reveal").wait_for(timeout=TIMEOUT)
        assert "Right." in quiz.locator(".ulq-reveal").inner_text()
        view = page.locator(".ulp").nth(3)  # Marvel United
        view.scroll_into_view_if_needed()
        shoot_whole(page, shots, "workshop05-voila-marvel.png", view)


@pytest.mark.parametrize("front", ["voila", "lab"])
def test_projected_the_choices_start_on_the_first_screen(servers, browser, shots, front):
    """At 1280x720 at 150% (a 1280x720 page at device scale 1.5) the moves stand beside the
    position: the first choices show on the first screen, in Voila as in JupyterLab."""
    name = f"puzzles-first-screen-{front}.ipynb"
    write_notebook(servers.root / name, CELLS)
    with open_page(browser, ({"width": 1280, "height": 720}, 1.5)) as page:
        if front == "voila":
            page.goto(f"{servers.voila}/voila/render/{name}", timeout=TIMEOUT)
            view = page.locator(".ulp").first
        else:
            page.goto(f"{servers.lab}/lab/tree/{name}?reset", timeout=TIMEOUT)
            page.wait_for_selector("#jp-main-statusbar >> text=Idle", timeout=TIMEOUT)
            page.wait_for_function("() => window.jupyterapp && window.jupyterapp.commands")
            page.evaluate("window.jupyterapp.commands.execute('application:toggle-left-area')")
            page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
            view = page.locator(".jp-NotebookPanel:visible .ulp").first
        view.locator(".ulp-choice").first.wait_for(timeout=TIMEOUT)
        view.locator(".ulp-board-inner, .ulp-text").first.wait_for(timeout=TIMEOUT)
        view.evaluate("(el) => el.scrollIntoView({ block: 'start' })")
        page.wait_for_timeout(300)
        seen = view.evaluate(
            """(root) => {
              let bottom = window.innerHeight;
              for (let el = root.parentElement; el && el !== document.body; el = el.parentElement) {
                if (!/(auto|scroll|hidden)/.test(getComputedStyle(el).overflowY)) continue;
                const r = el.getBoundingClientRect();
                if (r.height) bottom = Math.min(bottom, r.bottom);
              }
              const choices = [...root.querySelectorAll(".ulp-choice")];
              return choices.filter((c) => c.getBoundingClientRect().bottom <= bottom).length;
            }"""
        )
        page.screenshot(path=str(shots / f"puzzle-{front}-projected-1280x720.png"))
        assert seen >= 3, f"{seen} choices on the first screen"
