"""A long simulation in JupyterLab: a progress bar while it runs, and words where it was saved.

Run with ``pytest -m ui tests/ui``. The screenshots are saved for a person to look at.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from conftest import open_page, write_notebook

pytestmark = pytest.mark.ui

TIMEOUT = 90_000
DESKTOP = ({"width": 1280, "height": 800}, 1)
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def test_a_simulation_shows_a_moving_bar_that_goes_when_the_games_are_played(
    servers, browser, shots, ui_root
):
    write_notebook(
        ui_root / "progress.ipynb",
        ["from umbrella_lab import sim", "len(sim.simulate('umbrella', players=2, n=4000))"],
    )
    with open_page(browser, DESKTOP) as page:
        page.goto(f"{servers.lab}/lab/tree/progress.ipynb?reset", timeout=TIMEOUT)
        page.wait_for_selector("#jp-main-statusbar >> text=Idle", timeout=TIMEOUT)
        page.wait_for_function("() => window.jupyterapp && window.jupyterapp.commands")
        # run the cells without waiting for them to finish
        page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
        notebook = page.locator(".jp-NotebookPanel:visible")
        bar = notebook.locator(".widget-hprogress")
        bar.wait_for(timeout=TIMEOUT)
        words = notebook.locator(".jp-OutputArea-output").first.inner_text()
        assert "umbrella, 2 players" in words.replace("\u2007", " ")  # tqdm's figure spaces
        notebook.get_by_text(re.compile(r"[1-9][0-9]*/4000")).wait_for(timeout=TIMEOUT)  # moved
        page.screenshot(path=str(shots / "progress-lab-desktop-running.png"))
        notebook.locator("pre", has_text="4000").wait_for(timeout=TIMEOUT)
        assert bar.count() == 0  # the bar went when the run ended
        page.screenshot(path=str(shots / "progress-lab-desktop-done.png"))


def test_a_saved_bar_names_its_run_in_a_notebook_opened_before_it_runs(
    servers, browser, shots, ui_root
):
    """Where no widget runs (opened afresh, GitHub, HTML), the saved bar is words, not 0%."""
    shutil.copy(NOTEBOOKS / "01_umbrella_academy.ipynb", ui_root / "academy_saved.ipynb")
    with open_page(browser, DESKTOP) as page:
        page.goto(f"{servers.lab}/lab/tree/academy_saved.ipynb?reset", timeout=TIMEOUT)
        page.wait_for_selector("#jp-main-statusbar >> text=Idle", timeout=TIMEOUT)
        notebook = page.locator(".jp-NotebookPanel:visible")
        saved = notebook.get_by_text("academy sweep, 6 settings: 10,200 games", exact=True)
        saved.wait_for(timeout=TIMEOUT)
        assert notebook.get_by_text("0/10200").count() == 0
        cell = notebook.locator(".jp-CodeCell").filter(has_text="10,200 games")
        cell.scroll_into_view_if_needed()
        cell.screenshot(path=str(shots / "progress-lab-desktop-saved.png"))
