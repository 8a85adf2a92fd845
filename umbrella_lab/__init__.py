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
import umbrella_lab.games  # noqa: F401  (registers every game)

__version__ = "0.1.0"

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
    "State",
    "__version__",
    "games",
    "load",
]
