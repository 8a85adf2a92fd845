"""umbrella-lab: an interactive Jupyter kit for teaching and exploring tabletop game rules.

>>> import umbrella_lab as ul
>>> "academy" in ul.games()
True
>>> state = ul.load("academy", players=3).new(seed=7)
>>> state.is_over
False
"""

from umbrella_lab.engine import (
    CHANCE,
    TEAM,
    Action,
    DataError,
    Event,
    Game,
    IllegalActionError,
    OptionError,
    Record,
    RecordError,
    Result,
    State,
    load,
)
from umbrella_lab.engine.core import games

# Each game is registered when first asked for (ul.load imports that game only, ul.games every
# one), so that importing a part of the engine, or loading one game, imports no other game: the
# engine's registry imports the games' package by name, which hands it its loader.

__version__ = "0.1.0"
"""The kit's version (``umbrella-lab --version``); pyproject.toml reads it from here."""

# Loaded on first use, so that `import umbrella_lab` stays light (no widgets, pandas, altair).
_LAZY = {
    "sim": ("umbrella_lab.sim", None),
    "Session": ("umbrella_lab.sim.session", "Session"),
    "charts": ("umbrella_lab.charts", None),
    "widgets": ("umbrella_lab.widgets", None),
    "Explorer": ("umbrella_lab.widgets", "Explorer"),
    "explore": ("umbrella_lab.widgets", "explore"),
    "puzzle": ("umbrella_lab.widgets", "puzzle"),
    "puzzles": ("umbrella_lab.widgets", "puzzles"),
    "simulate": ("umbrella_lab.sim", "simulate"),
    "sweep": ("umbrella_lab.sim", "sweep"),
    "advise": ("umbrella_lab.sim", "advise"),
    "setup_notebook": ("umbrella_lab.charts", "setup_notebook"),
    "table": ("umbrella_lab.table", None),  # the package, callable as ul.table(...)
}


def __getattr__(name: str):
    if name in _LAZY:
        import importlib

        module_name, attribute = _LAZY[name]
        module = importlib.import_module(module_name)
        return module if attribute is None else getattr(module, attribute)
    msg = f"module 'umbrella_lab' has no attribute {name!r}"
    raise AttributeError(msg)


__all__ = [
    "CHANCE",
    "TEAM",
    "Action",
    "DataError",
    "Event",
    "Game",
    "IllegalActionError",
    "OptionError",
    "Record",
    "RecordError",
    "Result",
    "Session",
    "State",
    "__version__",
    "games",
    "load",
]
