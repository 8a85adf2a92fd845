"""Umbrella (umbrella-sliding abstract game, 1 to 4 players).

Everything the kit knows about Umbrella is declared in ``INFO`` below: its options, its setup
and move kinds (the folder ``rules/``, the powers in ``effects.py``), its views, its policies,
its rule digest, its data files and how older action ids read (``legacy.py``).

>>> import umbrella_lab as ul
>>> game = ul.load("umbrella", players=3)
>>> state = game.new(seed=7)
>>> state.supply, state.reserve, len(state.zones)
(17, 8, 7)
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib.resources import files
from types import MappingProxyType
from typing import Any

from umbrella_lab.engine.core import Game, GameInfo, Option
from umbrella_lab.engine.data import folder_option
from umbrella_lab.engine.settings import SimSettings
from umbrella_lab.games.umbrella import board, policies, views
from umbrella_lab.games.umbrella.legacy import read_old_key
from umbrella_lab.games.umbrella.pieces import data_files, load_pieces
from umbrella_lab.games.umbrella.rules import MOVES, SUPPLY, UmbrellaState, setup
from umbrella_lab.games.umbrella.state import SOLO_WIN


def _check(game: Game) -> None:
    """Read the piece files when the game is loaded: a broken one fails here, not at a deal."""
    load_pieces(game.options["data"])


def _choice(name: str, default: Any, doc: str, choices: tuple) -> Option:
    return Option(name, default, doc, choices, f"opt.{name}")


OPTIONS = (
    Option(
        "level",
        1,
        "Difficulty level of everyone's Scoreboard (the rulebook advises 1 for a first game).",
        (1, 2, 3, 4),
        "setup.scoreboard",
    ),
    Option(
        "match_mode",
        "anywhere",
        "Where a figure must appear on the Stage: anywhere, turned by the pinwheel "
        "('anywhere'), or exactly on the spaces the tile shows ('in-place').",
        ("anywhere", "in-place"),
        "opt.match_mode",
    ),
    Option(
        "adjacency",
        "orthogonal",
        "Level 3: which tokens are neighbours: sharing a side, or also a corner ('diagonal').",
        ("orthogonal", "diagonal"),
        "opt.adjacency",
    ),
    Option(
        "level4_groups",
        True,
        "Level 4: whether the faces keep the printed groups and their bonuses.",
        (True, False),
        "opt.level4_groups",
    ),
    Option(
        "scoring",
        "must",
        "Whether a figure made by the push must be scored ('must') or may be left ('may').",
        ("must", "may"),
        "opt.scoring",
    ),
    Option(
        "solo_end",
        "count",
        "Solo: the engine ends the game when no figure is possible ('count'), and the player "
        "may also declare it ('concede').",
        ("count", "concede"),
        "opt.solo_end",
    ),
    _choice(
        "final_again",
        True,
        "A 'play again' earned once the end is triggered is still played (False: the "
        "player's final turn is their last).",
        (True, False),
    ),
    _choice(
        "swap_zone",
        "any",
        "Level 4 zone swap: an umbrella 'from a Waiting Zone', any on the table ('any'), or "
        "only of one of the four zones around your Stage ('around').",
        ("any", "around"),
    ),
    _choice(
        "white_squares",
        "any",
        "Level 3 white squares take a figure of any colour ('any'), or only of a colour still "
        "visible on the Scoreboard ('visible').",
        ("any", "visible"),
    ),
    _choice(
        "solo_win",
        SOLO_WIN,
        "Solo: the score from which the engine counts a game as won (the Achievement board's "
        "steps; the rulebook names no winning score).",
        (15, 19, 24, 27, 31),
    ),
    Option(
        "data",
        None,
        "A folder of edited data files (boards, figures, scoreboards) to use instead of the "
        "packaged ones.",
        check=folder_option("boards.toml", "figures.toml", "scoreboards.toml"),
        rule="setup.players",
    ),
)

DIGEST = files(__name__) / "digest.md"
"""The rule digest, shipped inside the package (read with ``importlib.resources``)."""

RARE_RULES: Mapping[str, str] = MappingProxyType(
    {
        # the aim, reached when the game ends
        "aim": "tests/test_umbrella_rules.py::test_aim_a_whole_game_ends_with_scores_and_winners",
        # an empty zone offers nothing (a refusal)
        "turn.empty-zone": "tests/test_umbrella_rules.py::test_turn_empty_zone_offers_no_umbrella",
        # rare: all four zones empty
        "turn.all-empty": (
            "tests/test_umbrella_rules.py::test_turn_all_empty_any_zone_and_side_may_be_used"
        ),
        # a figure made before the push waits (a refusal)
        "figure.later": (
            "tests/test_umbrella_rules.py::"
            "test_figure_later_a_figure_made_before_the_push_waits_for_the_push"
        ),
        # a full colour is not offered
        "figure.full-colour": (
            "tests/test_umbrella_rules.py::"
            "test_figure_full_colour_scores_nothing_and_keeps_the_tile"
        ),
        # rare: the supply usually runs out first
        "end.ten-tokens": "tests/test_umbrella_rules.py::test_end_ten_tokens_trigger_the_end",
        # rare: a level 4 Scoreboard in solo, both spots round the circular arrow filled
        "solo.again": "tests/test_umbrella_rules.py::test_solo_again_keeps_the_pushed_out_umbrella",
    }
)
"""The rules that seeded games need not show in an event, each with the scenario test that
shows it (``GameInfo.rare_rules``): rare situations, refusals and descriptions."""

INFO = GameInfo(
    name="umbrella",
    title="Umbrella",
    players=tuple(sorted(SUPPLY)),
    options=OPTIONS,
    setup=setup,
    moves=MOVES,
    views=views,
    board=board.BOARD,
    policies=policies.POLICIES,
    heuristic=policies.HEURISTIC,
    digest=DIGEST,
    data=lambda game: data_files(game.options["data"]),
    legacy=read_old_key,
    check=_check,
    version=2,
    describe="Abstract game: push umbrellas into your 4 x 4 Stage to make one-colour figures "
    "and fill your Scoreboard.",
    simulation=SimSettings(
        advisor_budget=200,
        search_playouts=40,
        design_budget={"skill_games": 40, "search_playouts": 6, "advisor_budget": 100},
        puzzle_players=2,
    ),
    rare_rules=RARE_RULES,
    part=views.part,
)

__all__ = ["INFO", "OPTIONS", "UmbrellaState", "load_pieces"]
