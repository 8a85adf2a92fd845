"""Where widgets do not run (GitHub, nbviewer, an HTML export), a saved explorer is a picture."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

import umbrella_lab as ul

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    ("game", "players", "steps", "words"),
    [
        ("academy", 3, 0, "Round 1"),
        ("umbrella", 2, 0, "board A"),
        ("corporation", 2, 11, "Luck decides next"),
        ("pig", 3, 16, "+2 at risk"),
    ],
)
def test_the_saved_explorer_holds_a_picture_of_the_table(game, players, steps, words):
    explorer = ul.explore(game, players=players, seed=1 if game == "pig" else 5)
    explorer.play(steps)
    data, _ = explorer._repr_mimebundle_()
    assert data["text/plain"].startswith(f"Explorer({game}")
    picture = data["text/html"]
    assert picture.startswith('<div class="ulx-picture"') and "<script" not in picture
    assert f"step {steps}" in picture and words in picture
    assert "Run the notebook" in picture


def test_an_html_export_shows_the_picture_not_the_repr():
    from nbconvert import HTMLExporter  # imported here: it takes a second, at collection too

    notebook = nbformat.read(ROOT / "notebooks" / "00_start_here.ipynb", as_version=4)
    page, _ = HTMLExporter().from_notebook_node(notebook)
    assert 'class="ulx-picture"' in page
    assert "Round 1" in page
    assert "Explorer(academy, 3 players, seed 14, step 0)</pre>" not in page


def test_a_game_without_a_board_is_shown_as_its_text():
    view = ul.widgets.view_for("pig")
    plain = ul.widgets.BoardView("pig", view.model, "board-text.js")
    state = ul.load("pig").new(seed=1)
    assert plain.static_picture(state) == state._repr_html_()
