"""Pig, the folk dice game for 2 to 4 players: the kit's template game.

Pig is the smallest instance of the shape every game of the kit has, one file per part, each
read top to bottom; copy this folder to start a game of your own (its imports are relative, so
a copy needs no other change to load):

- ``digest.md``: the rules in the project's own words, one id per rule (``turn.hold``);
- ``data/die.toml`` and ``die.py``: the data (the die's faces) and its shape and checks;
- ``state.py``: the table (``PigState``);
- ``rules.py``: the setup, then one class per kind of move (roll, hold, the die's face);
- ``views.py``: the table as plain data and as text;
- ``board.py`` and ``static/board.js``, ``board.css``: the explorer's board;
- ``policies.py``: the ready-made players;
- this file: ``INFO``, which hands every part to the kit. The kit finds the game by its folder.

>>> import umbrella_lab as ul
>>> state = ul.load("pig", players=2).new(seed=1)
>>> print(state.apply("P1: roll the die").apply("the die shows 5").to_text())
> P1   0 |                    | 100
  P2   0 |                    | 100
P1's turn: turn total 5, to roll or hold
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib.resources import files
from types import MappingProxyType

from umbrella_lab.engine.core import GameInfo, Option
from umbrella_lab.engine.settings import SimSettings

from . import board, policies, views
from .die import DIE, DieFace, check_die
from .policies import hold_at, hold_at_20
from .rules import MOVES, Face, Hold, Roll, setup
from .state import PigState

RARE_RULES: Mapping[str, str] = MappingProxyType(
    {
        # the aim, reached when the game ends
        "aim": "tests/test_pig_rules.py::test_aim_a_whole_game_ends_with_one_winner_at_the_goal",
    }
)
"""The rules that seeded games need not show in an event, each with the scenario test that
shows it (``GameInfo.rare_rules``): rare situations, refusals and descriptions."""

INFO = GameInfo(
    name="pig",
    title="Pig",
    players=(2, 3, 4),
    options=(
        Option("goal", 100, "The score that wins.", (100, 50), "opt.goal"),
        DIE.option(
            "A folder holding an edited die.toml to play with instead of the packaged die.",
            "data.die",
        ),
    ),
    setup=setup,
    moves=MOVES,
    views=views,
    board=board.BOARD,
    policies=policies.POLICIES,
    heuristic="hold-at-20",
    digest=files(__name__) / "digest.md",
    data=DIE.files,
    check=DIE.check,  # a broken die fails at load
    describe="The folk dice game: roll to build a turn total, hold before a one wipes it out.",
    simulation=SimSettings(
        advisor_budget=600,
        search_playouts=100,
        design_budget={"skill_games": 40, "search_playouts": 8, "rollouts": 12},
        puzzle_players=2,
        puzzle_options={"goal": 50},  # the heuristic goes wrong near the end: short games help
        puzzle_every=1,
        solver_shape="pig",  # the exact solver's fast path for a race of rolls and holds
    ),
    rare_rules=RARE_RULES,
    part=views.part,
)

__all__ = [
    "DIE",
    "INFO",
    "DieFace",
    "Face",
    "Hold",
    "PigState",
    "Roll",
    "check_die",
    "hold_at",
    "hold_at_20",
    "setup",
]
