"""The kit's one chart theme, and the notebook set-up.

The theme is registered once, when this module is first imported, under the name
``"umbrella_lab"``, and is not switched on by itself: call :func:`use_theme` (or
:func:`setup_notebook` in a notebook).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Final, cast

import altair as alt

if TYPE_CHECKING:
    from collections.abc import Callable

    from altair.theme import ThemeConfig

THEME = "umbrella_lab"
"""Name of the kit's theme in altair's registry."""

# Okabe & Ito's palette: told apart by people with every common kind of colour blindness.
BLUE = "#0072B2"
ORANGE = "#E69F00"
GREEN = "#009E73"
VERMILLION = "#D55E00"
PURPLE = "#CC79A7"
SKY = "#56B4E9"
YELLOW = "#F0E442"
INK = "#222222"
GREY = "#9A9A9A"
PALETTE = [BLUE, ORANGE, GREEN, VERMILLION, PURPLE, SKY, YELLOW, INK]
"""Colours for categories, in order of use (Okabe-Ito, colour-blind safe)."""
SEQUENTIAL: Final = "viridis"
"""Colour scheme for amounts (heat maps): colour-blind safe and readable in grey."""
FONT = "'Source Sans 3', 'Segoe UI', 'Helvetica Neue', Arial, sans-serif"


def theme_config() -> dict[str, Any]:
    """The theme's settings: large plain text for projectors, a colour-blind-safe palette."""
    axis = {
        "labelFontSize": 13,
        "titleFontSize": 14,
        "titleFontWeight": "normal",
        "labelColor": INK,
        "titleColor": INK,
        "domainColor": "#555555",
        "tickColor": "#555555",
        "gridColor": "#E4E4E4",
        "labelLimit": 420,
    }
    return {
        "config": {
            "background": "white",
            "font": FONT,
            "view": {"continuousWidth": 420, "continuousHeight": 280, "stroke": None},
            "title": {
                "fontSize": 18,
                "fontWeight": "bold",
                "color": INK,
                "anchor": "start",
                "subtitleFontSize": 13,
                "subtitleColor": "#444444",
                "offset": 12,
            },
            "axis": axis,
            # short category names read across, never turned on their side
            "axisXDiscrete": {"labelAngle": 0},
            "legend": {
                "labelFontSize": 13,
                "titleFontSize": 14,
                "titleFontWeight": "normal",
                "labelColor": INK,
                "titleColor": INK,
            },
            "header": {"labelFontSize": 13, "titleFontSize": 14, "labelColor": INK},
            "range": {
                "category": PALETTE,
                "heatmap": {"scheme": SEQUENTIAL},
                "ramp": {"scheme": SEQUENTIAL},
            },
            "mark": {"color": BLUE},
            "bar": {"color": BLUE},
            "line": {"color": BLUE, "strokeWidth": 2.5},
            "point": {"color": BLUE, "size": 70, "filled": True},
            "rule": {"color": INK},
            "text": {"fontSize": 13, "color": INK},
        }
    }


if hasattr(alt, "theme"):  # altair 5.5 and later
    alt.theme.register(THEME, enable=False)(cast("Callable[[], ThemeConfig]", theme_config))
else:  # pragma: no cover (altair 5.3 and 5.4)
    alt.themes.register(THEME, theme_config)


def interval(chart: alt.Chart, **encoding: Any) -> alt.LayerChart:
    """A 95% range as a black line with a white edge, seen inside a bar as well as beyond it.

    ``encoding`` places the line, e.g. ``y=y, x="low:Q", x2="high:Q"``.
    """
    edge = chart.mark_rule(color="white", strokeWidth=5, opacity=0.9).encode(**encoding)
    line = chart.mark_rule(color=INK, strokeWidth=2).encode(**encoding)
    return edge + line


def use_theme() -> None:
    """Switch altair to the kit's theme (for every chart drawn afterwards)."""
    if hasattr(alt, "theme"):
        alt.theme.enable(THEME)
    else:  # pragma: no cover
        alt.themes.enable(THEME)


def setup_notebook(pictures: Iterable[str] = ("svg", "png")) -> None:
    """Get a notebook ready for the kit's charts: the theme, and charts that draw offline.

    Each chart is a live JupyterChart drawn offline: its drawing code comes from the installed
    ``vl-convert-python`` package rather than from the internet, so charts draw on Binder,
    behind a firewall and in Voila. Beside the live chart, each output stores the
    ``pictures`` asked for (SVG and PNG by default; ``()`` for none), so that a notebook
    read where no Python runs (GitHub, nbviewer, an HTML export, JupyterLab before "Run All")
    still shows its charts. See :mod:`umbrella_lab.charts.display`. (The ``mimetype`` renderer
    does not draw altair 6 charts in JupyterLab 4 and must not be used.)
    """
    from umbrella_lab.charts.display import RENDERER, check_pictures

    chosen = check_pictures(pictures)
    use_theme()
    alt.renderers.enable(RENDERER, pictures=chosen)


def to_svg(chart: Any) -> str:
    """A chart drawn as SVG text in the kit's theme, with no script and no internet.

    For places that show a picture rather than a live chart: a quiz's reveal, the teacher's
    dashboard, a saved notebook. Drawn by ``vl-convert-python`` (already needed offline).
    """
    import io

    buffer = io.StringIO()
    if hasattr(alt, "theme"):
        with alt.theme.enable(THEME):
            chart.save(buffer, format="svg")
    else:  # pragma: no cover (altair 5.3 and 5.4)
        with alt.themes.enable(THEME):
            chart.save(buffer, format="svg")
    return buffer.getvalue()
