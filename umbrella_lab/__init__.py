"""umbrella-lab: an interactive Jupyter kit for teaching and exploring tabletop game rules.

>>> import umbrella_lab as ul
>>> ul.games()
['academy']
>>> state = ul.load("academy", players=3).new(seed=7)
>>> state.is_over
False
"""

import umbrella_lab.games as _games  # registers every game (binds the name "games" first)
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
    games,  # the function ul.games(), rebound over the subpackage name
    load,
)

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
