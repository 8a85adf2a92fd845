"""Pig, the folk dice game: the kit's template game (2 to 4 players).

Everything the kit knows about Pig is declared in ``INFO`` below: its options, its setup, its
move kinds, its views, its policies, its rule digest and its data files. Copy this folder to
start a new game (CONTRIBUTING.md, "Adding a game").

>>> import umbrella_lab as ul
>>> state = ul.load("pig", players=3).new(seed=7)
>>> state.scores, state.to_act
([0, 0, 0], 0)
"""

from __future__ import annotations

from importlib.resources import files

from umbrella_lab.engine.core import Game, GameInfo, Option
from umbrella_lab.engine.data import folder_option
from umbrella_lab.engine.settings import SimSettings
from umbrella_lab.games.pig import policies, views
from umbrella_lab.games.pig.die import die_file, load_die
from umbrella_lab.games.pig.rules import MOVES, PigState, setup

DIGEST = files(__name__) / "digest.md"
"""The rule digest, shipped inside the package (read with ``importlib.resources``)."""

OPTIONS = (
    Option("goal", 100, "The score that wins.", (100, 50), "opt.goal"),
    Option(
        "data",
        None,
        "A folder holding an edited die.toml to play with instead of the packaged die.",
        check=folder_option("die.toml"),
        rule="data.die",
    ),
)


def _check(game: Game) -> None:
    """Read the die when the game is loaded: a broken file fails here, not at a deal."""
    load_die(game.options["data"])


INFO = GameInfo(
    name="pig",
    title="Pig",
    players=(2, 3, 4),
    options=OPTIONS,
    setup=setup,
    moves=MOVES,
    views=views,
    policies=policies.POLICIES,
    heuristic=policies.HEURISTIC,
    digest=DIGEST,
    data=lambda game: [die_file(game.options["data"])],
    check=_check,
    describe="The folk dice game: roll to build a turn total, hold before a one wipes it out.",
    simulation=SimSettings(
        advisor_budget=600,
        search_playouts=100,
        design_budget={"skill_games": 40, "search_playouts": 8, "rollouts": 12},
        puzzle_players=2,
        # puzzles are found in games to 50: the heuristic's one rule (hold at 20) goes wrong
        # near the end of a game, and a short game has more ends
        puzzle_options={"goal": 50},
        puzzle_every=1,
    ),
)

__all__ = ["INFO", "OPTIONS", "PigState"]
