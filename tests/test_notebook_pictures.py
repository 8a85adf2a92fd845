"""Charts in saved notebooks show where no Python runs: each stored chart carries a picture.

A live chart (a JupyterChart widget) draws only while a kernel runs. GitHub, nbviewer, an HTML
export and JupyterLab before "Run All" show what else the output holds, so every chart output
committed in a notebook must hold a picture as well (see ``umbrella_lab/charts/display.py``).
The notebook checks read the committed JSON only: no kernel, no execution.
"""

from __future__ import annotations

import base64
import importlib.util
import json
import re
import zlib
from pathlib import Path
from typing import Any

import altair as alt
import pandas as pd
import pytest

from umbrella_lab import charts
from umbrella_lab.charts import display

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(
    path
    for folder in ("notebooks", "tutorials")
    for path in (ROOT / folder).rglob("*.ipynb")
    if ".ipynb_checkpoints" not in path.parts and "my_work" not in path.parts
)
PICTURES = {"image/svg+xml", "image/png"}


def _text(value: Any) -> str:
    """Notebook JSON keeps long text as a list of lines."""
    return "".join(value) if isinstance(value, list) else str(value)


def chart_outputs(notebook: Path) -> list[tuple[int, dict[str, Any]]]:
    """(cell number, output data) of every chart output stored in a notebook."""
    found = []
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    for number, cell in enumerate(cells):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            plain = _text(data.get("text/plain", ""))
            vega = any(kind.startswith("application/vnd.vega") for kind in data)
            altair = "altair" in plain or "JupyterChart" in plain or plain.startswith("Chart: ")
            if vega or altair:
                found.append((number, data))
    return found


def test_the_notebooks_are_found():
    names = {path.name for path in NOTEBOOKS}
    assert {"01_umbrella_academy.ipynb", "01_balance_workshop.ipynb"} <= names


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda path: path.name)
def test_every_stored_chart_has_a_picture_and_a_name(notebook):
    for number, data in chart_outputs(notebook):
        where = f"{notebook.relative_to(ROOT)}, cell {number}"
        assert PICTURES & set(data), (
            f"{where}: a chart is stored without a picture, so it shows as text on GitHub and "
            "in an HTML export; run charts.setup_notebook() first and re-execute the notebook"
        )
        if "image/svg+xml" in data:
            assert _text(data["image/svg+xml"]).lstrip().startswith("<svg"), where
        if "image/png" in data:
            assert base64.b64decode(_text(data["image/png"]))[:8] == b"\x89PNG\r\n\x1a\n", where
        plain = _text(data.get("text/plain", ""))
        assert plain.startswith("Chart: ") and "object at 0x" not in plain, (
            f"{where}: the chart's text reads {plain[:60]!r} rather than naming the chart"
        )


def _dev_module() -> Any:
    """The repository's ``dev.py``, loaded as a module (it is a script, not in the package)."""
    spec = importlib.util.spec_from_file_location("dev", ROOT / "dev.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_notebook_names_its_kernel_as_the_kernel_does():
    """JupyterLab writes the running kernel's name into a notebook it opens: a notebook saved
    under another name ("Python 3" for "Python 3 (ipykernel)") shows as changed the moment a
    teacher opens it, and asks to be saved on closing."""
    from jupyter_client.kernelspec import KernelSpecManager

    name = KernelSpecManager().get_kernel_spec("python3").display_name
    for notebook in NOTEBOOKS:
        kernel = json.loads(notebook.read_text(encoding="utf-8"))["metadata"].get("kernelspec", {})
        assert kernel.get("display_name") == name, f"{notebook.relative_to(ROOT)}: {kernel}"
        assert kernel.get("name") == "python3", f"{notebook.relative_to(ROOT)}: {kernel}"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda path: path.name)
def test_no_stored_output_points_at_a_widget_that_is_not_saved(notebook):
    """A stored live-widget view with no widget state shows in JupyterLab, before the notebook
    runs, as "Error displaying widget: model not found" instead of its picture."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    for number, cell in enumerate(cells):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            assert display.WIDGET_VIEW not in data, (
                f"{notebook.relative_to(ROOT)}, cell {number}: a live-widget view is stored; "
                "save the notebook with `python3 dev.py save` (it leaves views out)"
            )


def test_saving_leaves_the_views_out_and_keeps_every_picture(tmp_path):
    dev = _dev_module()
    assert dev.WIDGET_VIEW == display.WIDGET_VIEW  # dev.py runs before the kit is installed
    stored = {
        dev.WIDGET_VIEW: {"model_id": "0" * 32, "version_major": 2, "version_minor": 1},
        "image/png": "iVBORw0KGgo=",
        "text/plain": "Chart: Wins",
    }
    output = {"data": stored, "metadata": {}, "output_type": "display_data"}
    notebook = {"cells": [{"cell_type": "code", "outputs": [output], "source": "chart"}]}
    path = tmp_path / "one.ipynb"
    path.write_text(json.dumps(notebook), encoding="utf-8")
    assert dev.drop_widget_views(path) == 1
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["cells"][0]["outputs"][0]["data"] == {
        "image/png": "iVBORw0KGgo=",
        "text/plain": "Chart: Wins",
    }
    assert dev.drop_widget_views(path) == 0  # nothing left to take: the file stays as it is


def test_an_html_export_draws_every_chart_with_its_title_and_a_line_as_alt_text():
    """The HTML export (as nbviewer makes it) holds one picture per stored chart, each an image
    whose alternative text is the chart's title and a line on what it shows (never nbconvert's
    "No description has been provided for this image")."""
    nbconvert = pytest.importorskip("nbconvert")
    notebook = ROOT / "notebooks" / "01_umbrella_academy.ipynb"
    stored = chart_outputs(notebook)
    assert len(stored) >= 2
    html, _ = nbconvert.HTMLExporter().from_filename(str(notebook))
    images = [tag for tag in re.findall(r"<img [^>]*>", html) if "data:image/svg+xml" in tag]
    described = [re.search(r'alt="([^"]*)"', tag).group(1) for tag in images]
    assert len(described) == len(stored)
    for alt_words, (_, data) in zip(described, stored, strict=True):
        title = _text(data["text/plain"]).removeprefix("Chart: ")
        assert alt_words.startswith(f"{title}: ") and len(alt_words) > len(title) + 8, alt_words
    assert "No description has been provided" not in html
    assert "JupyterChart object at" not in html


SAVED_BEFORE_ALT_TEXT: set[str] = set()
"""Workshops whose charts were saved before pictures carried alt text: each leaves this list
when it is run and saved again (`python3 dev.py save`), which the test below asks for."""


def test_every_stored_chart_has_its_alt_text():
    """Each chart output committed in a notebook holds its picture as HTML with alt text."""
    lacking = set()
    for notebook in NOTEBOOKS:
        for _, data in chart_outputs(notebook):
            picture = _text(data.get("text/html", ""))
            if not re.search(r'<img [^>]*alt="[^"]+: [^"]+"', picture):
                lacking.add(notebook.relative_to(ROOT).as_posix())
    assert lacking - SAVED_BEFORE_ALT_TEXT == set(), "run and save (`python3 dev.py save`)"
    saved = SAVED_BEFORE_ALT_TEXT - lacking
    assert not saved, f"saved with alt text now: take them off SAVED_BEFORE_ALT_TEXT: {saved}"


# --- the renderer itself ---------------------------------------------------------------------


@pytest.fixture
def small_chart():
    return alt.Chart(alt.Data(values=[{"deck": "red", "wins": 3}, {"deck": "blue", "wins": 5}]))


def test_describe_names_a_chart_by_title_or_by_marks(small_chart):
    bars = small_chart.mark_bar().encode(x="deck:N", y=alt.Y("wins:Q", title="Wins"))
    assert display.describe(bars.to_dict()) == "Chart: bar (x: deck, y: Wins)"
    layered = (bars + bars.mark_rule()).properties(title=["Wins", "by deck"])
    assert display.describe(layered.to_dict()) == "Chart: Wins by deck"
    assert display.describe({}) == "Chart: chart"


def test_bad_picture_formats_are_refused_naming_the_format():
    with pytest.raises(ValueError, match="'jpg'"):
        charts.setup_notebook(pictures=("svg", "jpg"))
    with pytest.raises(TypeError, match="pictures"):
        charts.setup_notebook(pictures=3)
    assert display.check_pictures("png") == ("png",)


def test_the_kit_renderer_stores_the_live_chart_with_two_pictures(small_chart, monkeypatch):
    # Bundling the offline drawing code takes seconds and is altair's business, not ours.
    monkeypatch.setattr(alt.JupyterChart, "enable_offline", classmethod(lambda cls, offline: None))
    chart = small_chart.mark_bar().encode(x="deck:N", y="wins:Q").properties(title="Wins")
    data, _ = display.render(chart.to_dict())
    assert set(data) == {
        display.WIDGET_VIEW,
        "image/svg+xml",
        "image/png",
        "text/html",
        "text/plain",
    }
    assert data["text/plain"] == "Chart: Wins"
    assert 'alt="Wins: a bar chart (x: deck, y: wins)"' in data["text/html"]
    assert (
        base64.b64decode(data["text/html"].split("base64,")[1].split('"')[0]).decode()
        == (data["image/svg+xml"])
    )
    assert data["image/svg+xml"].startswith("<svg") and ">Wins</text>" in data["image/svg+xml"]
    assert base64.b64decode(data["image/png"]).startswith(b"\x89PNG")
    bare, _ = display.render(chart.to_dict(), pictures=())
    assert set(bare) == {display.WIDGET_VIEW, "text/plain"}


def test_setup_notebook_switches_on_the_kit_renderer():
    theme, renderer, options = alt.theme.active, alt.renderers.active, alt.renderers.options
    try:
        charts.setup_notebook()
        assert alt.theme.active == charts.THEME
        assert alt.renderers.active == display.RENDERER
        assert alt.renderers.options == {"pictures": ("svg", "png")}
    finally:
        alt.theme.enable(theme)
        alt.renderers.enable(renderer, **options)


def _pixels(png: bytes) -> bytes:
    """A PNG's pixel rows, unpacked (its IDAT chunks joined and inflated)."""
    position, packed = 8, b""
    while position < len(png):
        length = int.from_bytes(png[position : position + 4], "big")
        if png[position + 4 : position + 8] == b"IDAT":
            packed += png[position + 8 : position + 8 + length]
        position += 12 + length
    return zlib.decompress(packed)


def test_a_smaller_png_keeps_every_pixel():
    vl_convert = pytest.importorskip("vl_convert")
    svg = display.pictures_of({"mark": "point", "data": {"values": [{"a": 1}]}}, ["svg"])
    png = vl_convert.svg_to_png(svg["image/svg+xml"], scale=1)
    small = display.smaller_png(png)
    assert len(small) < len(png) and _pixels(small) == _pixels(png)
    assert small[12:29] == png[12:29]  # the same header: size, depth, colour type
    with pytest.raises(ValueError, match="PNG signature"):
        display.smaller_png(b"GIF89a")


def test_the_live_chart_is_made_from_the_spec_with_its_data_as_it_is():
    """chart_of sets the inline data aside while altair reads the spec: the same chart, quicker."""
    frame = pd.DataFrame({"x": range(40), "y": [v % 7 for v in range(40)]})
    point = alt.Chart(frame).mark_point().encode(x="x:Q", y="y:Q")
    inline = alt.Chart(alt.Data(values=frame.to_dict("records"))).mark_rect().encode(x="x:O")
    for chart in (point, point + point.mark_line(), point | point, inline):
        spec = chart.to_dict()
        assert display.chart_of(spec).to_dict() == alt.Chart.from_dict(spec).to_dict()


def test_the_dashboard_notebook_keeps_a_picture_of_the_dashboard_after_a_run():
    """Where no kernel runs, the teacher's dashboard notebook shows more than a card saying it
    needs one: a picture of the dashboard after a run, with words for those who cannot see it."""
    notebook = ROOT / "notebooks" / "teacher_dashboard.ipynb"
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    pictures = [
        (cell, name, png)
        for cell in cells
        if cell["cell_type"] == "markdown"
        for name, kinds in cell.get("attachments", {}).items()
        for png in [kinds.get("image/png", "")]
    ]
    assert len(pictures) == 1
    cell, name, png = pictures[0]
    assert base64.b64decode(png).startswith(b"\x89PNG")
    source = _text(cell["source"])
    alt_words = re.search(rf"!\[([^\]]+)\]\(attachment:{re.escape(name)}\)", source)
    assert alt_words and "after a run" in alt_words.group(1) and "%" in alt_words.group(1)
