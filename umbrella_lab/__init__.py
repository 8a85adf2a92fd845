"""umbrella-lab: an interactive Jupyter kit for teaching and exploring tabletop game rules.

>>> import umbrella_lab as ul
>>> ul.games()
['academy']
>>> state = ul.load("academy", players=3).new(seed=7)
>>> state.is_over
False
"""

from umbrella_lab.engine import (
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
from umbrella_lab.games import academy as _academy  # noqa: F401  (registers the game)

__version__ = "0.1.0"

__all__ = [
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
