"""Chart builders: a simulation or advisor table in, an altair chart out.

Every function takes a pandas table made by :mod:`umbrella_lab.sim` and returns an altair
chart; combine charts with ``|`` (side by side) and ``&`` (one above the other). In a notebook,
call :func:`setup_notebook` once so that charts use the kit's theme and draw offline.

>>> from umbrella_lab import sim, charts
>>> frame = sim.sweep("academy", {"players": [2, 3]}, n=20)
>>> chart = charts.win_rate_chart(frame, by="players")
>>> chart.to_dict()["layer"][0]["mark"]["type"]
'bar'
"""

from umbrella_lab.charts import _altair  # noqa: F401  (first: see its docstring)
from umbrella_lab.charts.design import design_charts, design_html
from umbrella_lab.charts.display import describe, pictures_of
from umbrella_lab.charts.outcomes import (
    advisor_chart,
    comparison_chart,
    damage_by_round_chart,
    rounds_chart,
    sweep_heatmap,
    win_rate_chart,
)
from umbrella_lab.charts.playtest import playtest_chart
from umbrella_lab.charts.solve import hold_boundary_chart
from umbrella_lab.charts.strategy import ladder_chart, pairings_chart, ratings_chart
from umbrella_lab.charts.theme import (
    PALETTE,
    THEME,
    setup_notebook,
    theme_config,
    to_svg,
    use_theme,
)

__all__ = [
    "PALETTE",
    "THEME",
    "advisor_chart",
    "comparison_chart",
    "damage_by_round_chart",
    "describe",
    "design_charts",
    "design_html",
    "hold_boundary_chart",
    "ladder_chart",
    "pairings_chart",
    "pictures_of",
    "playtest_chart",
    "ratings_chart",
    "rounds_chart",
    "setup_notebook",
    "sweep_heatmap",
    "theme_config",
    "to_svg",
    "use_theme",
    "win_rate_chart",
]
