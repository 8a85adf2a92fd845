"""A design report in a widget: one tab per part, each with its chart and its table.

>>> from umbrella_lab import sim
>>> from umbrella_lab.widgets.design import design_widget
>>> quick = {"cards": 1, "tension_games": 2, "advised": 0}
>>> report = sim.design("pig", players=2, n=10, policies=["random"], budget=quick)
>>> len(design_widget(report, pictures=False).children)
8
"""

from __future__ import annotations

import ipywidgets as w

from umbrella_lab.charts.design import PART_TITLES, design_charts, part_html
from umbrella_lab.sim.design import DesignReport

SHORT_TITLES = {
    "balance": "Balance",
    "length": "Length",
    "choices": "Choices",
    "skill": "Skill and luck",
    "tension": "Tension",
    "rules": "Rules",
    "cards": "Cards",
    "options": "Options",
}
"""The tab titles."""


def design_widget(report: DesignReport, *, pictures: bool = True) -> w.Tab:
    """The report with one tab per part: the part's chart (a static picture) and its table.

    Args:
        report: A design report (:func:`umbrella_lab.sim.design`).
        pictures: Draw the charts (SVG); ``False`` for the tables only (quicker).
    """
    charts = design_charts(report) if pictures else {}
    children = []
    for part, heading in PART_TITLES.items():
        body = part_html(report, part, charts.get(part), pictures)
        children.append(
            w.HTML(
                f"<h3>{heading}</h3>{body}",
                layout=w.Layout(overflow="auto", max_height="640px"),
            )
        )
    tab = w.Tab(children=children)
    for index, part in enumerate(PART_TITLES):
        tab.set_title(index, SHORT_TITLES[part])
    return tab
