"""Game-agnostic core: registry, states, actions, events, rule references, records, errors."""

from umbrella_lab.engine.core import (
    CHANCE,
    REGISTRY,
    TEAM,
    Action,
    Event,
    Game,
    GameInfo,
    Option,
    Result,
    State,
    games,
    load,
)
from umbrella_lab.engine.errors import (
    DataError,
    IllegalActionError,
    OptionError,
    RecordError,
    SeatError,
    UmbrellaLabError,
)
from umbrella_lab.engine.record import Record
from umbrella_lab.engine.rules import Rule, RuleBook, read_rulebook
from umbrella_lab.engine.settings import SimSettings

__all__ = [
    "CHANCE",
    "REGISTRY",
    "TEAM",
    "Action",
    "DataError",
    "Event",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "Option",
    "OptionError",
    "Record",
    "RecordError",
    "Result",
    "Rule",
    "RuleBook",
    "SeatError",
    "SimSettings",
    "State",
    "UmbrellaLabError",
    "games",
    "load",
    "read_rulebook",
]
