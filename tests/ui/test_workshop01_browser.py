"""Workshop 01 and the dashboard as a teacher meets them, in a real browser.

Workshop 01 in JupyterLab: its first question is a predict-then-reveal quiz, whose explanation
reaches the page only after the commitment. The dashboard in Voila: who plays is explained, a
card-data folder saved while the page is open joins the menu, and "What changed" names the card
and its values. Screenshots at desktop size and as projected (1280x720 at 150%).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import open_page, shoot_whole, write_notebook

pytestmark = pytest.mark.ui

TIMEOUT = 120_000
DESKTOP = ({"width": 1280, "height": 800}, 1)
PROJECTED = ({"width": 853, "height": 480}, 1.5)
PIG_DATA = Path(__file__).resolve().parents[2] / "umbrella_lab" / "games" / "pig" / "data"


@pytest.mark.parametrize("size", [DESKTOP, PROJECTED], ids=["desktop", "projected"])
def test_workshop_01_asks_before_it_tells(servers, browser, shots, size):
    tag = "desktop" if size is DESKTOP else "projected"
    with open_page(browser, size) as page:
        page.goto(
            f"{servers.lab}/lab/tree/tutorials/01_balance_workshop.ipynb?reset", timeout=TIMEOUT
        )
        page.wait_for_selector("#jp-main-statusbar >> text=Idle", timeout=TIMEOUT)
        page.wait_for_function(
            "() => window.jupyterapp && window.jupyterapp.commands", timeout=TIMEOUT
        )
        page.evaluate(
            "window.jupyterapp.commands.execute('application:toggle-left-area') .catch(() => {})"
        )
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        notebook = page.locator(".jp-NotebookPanel:visible")
        quiz = notebook.locator(".ulq").first
        quiz.locator(".ulq-choice").first.wait_for(timeout=TIMEOUT)
        assert "9,604" not in quiz.inner_text()
        assert quiz.locator(".ulq-reveal").count() == 0
        quiz.scroll_into_view_if_needed()
        shoot_whole(page, shots, f"workshop01-lab-{tag}-quiz-before.png", quiz, height=2600)
        quiz.get_by_role("radio", name="about 10,000 games", exact=True).click()
        quiz.locator(".ulq-commit").click()
        reveal = quiz.locator(".ulq-reveal")
        reveal.wait_for(timeout=TIMEOUT)
        assert "Right." in reveal.inner_text() and "9,604" in reveal.inner_text()
        shoot_whole(page, shots, f"workshop01-lab-{tag}-quiz-after.png", quiz, height=2600)
        heal = notebook.locator(".ulq").nth(1)
        heal.locator(".ulq-choice").first.wait_for(timeout=TIMEOUT)
        assert "never heals" not in notebook.inner_text()  # the reason waits for the commitment
        heal.scroll_into_view_if_needed()
        shoot_whole(page, shots, f"workshop01-lab-{tag}-heal-before.png", heal, height=2600)


@pytest.mark.parametrize("size", [DESKTOP, PROJECTED], ids=["desktop", "projected"])
def test_the_dashboard_explains_players_and_names_a_new_variants_cards(
    servers, browser, shots, size, ui_root
):
    tag = "desktop" if size is DESKTOP else "projected"
    work = ui_root / f"variants-{tag}"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()
    write_notebook(
        ui_root / f"dashboard-variants-{tag}.ipynb",
        [
            "from umbrella_lab.widgets import Dashboard\n\n"
            f'Dashboard(game="pig", variants={str(work)!r})'
        ],
    )
    with open_page(browser, size) as page:
        page.goto(f"{servers.voila}/voila/render/dashboard-variants-{tag}.ipynb", timeout=TIMEOUT)
        board = page.locator(".uld")
        board.wait_for(timeout=TIMEOUT)
        text = board.inner_text()
        assert "hold at 20: roll until the turn total reaches 20" in text
        assert "dealt anew" in text
        shoot_whole(page, shots, f"dashboard-players-voila-{tag}.png", board, height=2600)
        board.locator("select").nth(3).select_option(label="hold at 20")  # who plays, in words
        page.get_by_role("button", name="Run").click()
        board.locator(".uld-headline").wait_for(timeout=TIMEOUT)
        page.get_by_role("button", name="Keep as baseline").click()
        board.locator(".uld-sub", has_text="Baseline kept").wait_for(timeout=TIMEOUT)

        variant = work / "two-pigs"  # a group saves a variant while the page is open
        shutil.copytree(PIG_DATA, variant)
        die = variant / "die.toml"
        six = 'id = "six"\nvalue = 6\npig = false'
        die.write_text(die.read_text().replace(six, six.replace("false", "true")))
        menu = board.locator("select").nth(2)  # card data
        menu.locator("option", has_text="two-pigs").wait_for(state="attached", timeout=20_000)
        assert (
            board.locator("select").nth(3).input_value() == "hold at 20"
        )  # settings kept (the menu says it in words)
        menu.select_option(label="two-pigs")
        page.get_by_role("button", name="Run").click()
        compare = board.locator(".uld-compare")
        compare.wait_for(timeout=TIMEOUT)
        assert "die.toml, face six: pig false → true" in compare.inner_text()
        shoot_whole(page, shots, f"dashboard-variant-voila-{tag}.png", board, height=2600)
