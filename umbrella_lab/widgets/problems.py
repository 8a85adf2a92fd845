"""A button's action that fails shows its problem on the page, never in a log.

The dashboard's run buttons and the design report's button share :func:`run_safely`: the
problem (a bad setting, a broken data file) is written where the results would have been,
the progress bar is hidden and the button can be pressed again.

>>> import ipywidgets as w
>>> button, bar, label, box = w.Button(disabled=True), w.IntProgress(), w.Label("…"), w.HTML()
>>> def broken():
...     raise ValueError("goal must be at least 10")
>>> run_safely(broken, button=button, progress=bar, progress_text=label, shown_in=box)
False
>>> box.value, button.disabled, bar.layout.display
('<div class="uld-problem">goal must be at least 10</div>', False, 'none')
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as w

from umbrella_lab.engine.errors import UmbrellaLabError

PROBLEMS = (UmbrellaLabError, ValueError, KeyError)
"""The errors a reader's choices can cause (anything else is a bug, and is raised)."""


def run_safely(
    action: Callable[[], object],
    *,
    button: w.Button,
    progress: w.IntProgress,
    progress_text: w.Label,
    shown_in: w.HTML,
) -> bool:
    """Run ``action``; when it fails with one of :data:`PROBLEMS`, show why on the page.

    Args:
        action: What the button does.
        button: The button, enabled again after a problem.
        progress: The progress bar, hidden after a problem.
        progress_text: The line beside the bar, emptied after a problem.
        shown_in: Where the problem is written (where the results go).

    Returns:
        True when the action ran to its end, False when a problem was shown.
    """
    try:
        action()
    except PROBLEMS as error:
        progress.layout.display = "none"
        progress_text.value = ""
        button.disabled = False
        shown_in.value = f'<div class="uld-problem">{html.escape(str(error))}</div>'
        return False
    return True
