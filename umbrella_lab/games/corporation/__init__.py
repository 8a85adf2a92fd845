"""Heroes vs the Umbrella Corporation (2-player card game: hidden hands, 2D6 combat).

Seat 0 is the Heroes, seat 1 the Umbrella Corporation. Everything the kit knows about the game
is declared in ``INFO`` below. The modules: ``state`` (the table), ``rules`` (every rule, a
module for each phase of the turn, one class per kind of move, citing ``digest.md``),
``effects`` (the card abilities, one function each, named by the data), ``cards`` (the data
files), ``odds`` (exact combat odds), ``policies`` (random and heuristic players, with their own
quick list of the legal moves), ``legacy`` (older action ids), ``scenario`` (tables set up by
hand) and ``views`` (what each seat sees).

>>> import umbrella_lab as ul
>>> state = ul.load("corporation").new(seed=3)
>>> len(state.facilities), state.to_act
(6, 0)
>>> from umbrella_lab.games.corporation.odds import win_probability
>>> win_probability(11, 15)
Fraction(103, 648)
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib.resources import files
from pathlib import Path
from types import MappingProxyType
from typing import Any

from umbrella_lab.engine.core import Game, GameInfo, Option
from umbrella_lab.engine.data import folder_option
from umbrella_lab.engine.settings import SimSettings
from umbrella_lab.games.corporation import board, policies, views
from umbrella_lab.games.corporation.cards import PACKAGE, load_cards
from umbrella_lab.games.corporation.legacy import read_old_key
from umbrella_lab.games.corporation.rules import HERO, MOVES, UMBRELLA, CorporationState, setup


def _turn_limit(value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, int):
        return "give a whole number of turns from 1 to 1000"
    return "" if 1 <= value <= 1000 else "must be from 1 to 1000"


def _check(game: Game) -> None:
    """Read the card files when the game is loaded: a broken one fails here, not at a deal."""
    load_cards(game.options["data"])


def _data_files(game: Game) -> list[Any]:
    """The two card files the game reads: from the ``data`` folder, or the packaged ones."""
    folder = game.options["data"]
    names = ("hero_deck.toml", "umbrella_deck.toml")
    if folder is not None:
        return [Path(folder) / name for name in names]
    return [files(PACKAGE) / "data" / name for name in names]


def _choice(name: str, default: Any, doc: str, choices: tuple) -> Option:
    return Option(name, default, doc, choices, f"opt.{name}")


OPTIONS = (
    Option(
        "split",
        "random",
        "How a destroyed team's characters are split half and half: at "
        "random (a die for an odd one out), or the Umbrella player or the Heroes choose the "
        "discarded half, rounded up.",
        ("random", "umbrella", "hero"),
        "opt.split",
    ),
    Option(
        "fifty_fifty",
        "d6",
        "How a '50%' chance is shown: one die (1-3 / 4-6) or a coin; the odds are the same.",
        ("d6", "coin"),
        "opt.fifty_fifty",
    ),
    Option(
        "search_ties",
        "attacker",
        "Who wins a Search and Destroy tie: the attacking unit, as "
        "in an assault, or the defending team.",
        ("attacker", "defender"),
        "opt.search_ties",
    ),
    Option(
        "team_loss",
        "all-gone",
        "When Umbrella wins: once no team is left anywhere but "
        "removed from the game ('all-gone'), or as soon as no team is in play.",
        ("all-gone", "none-in-play"),
        "opt.team_loss",
    ),
    Option(
        "win_check",
        "immediate",
        "When the winning conditions are checked: right after each "
        "destruction, or at the end of each turn.",
        ("immediate", "end-of-turn"),
        "opt.win_check",
    ),
    Option(
        "commit_order",
        "attacker-first",
        "How cards are committed to a combat: the attacker "
        "commits all, then the defender; or one card at a time, alternating, until both pass.",
        ("attacker-first", "alternate"),
        "opt.commit_order",
    ),
    Option(
        "subtypes",
        "free",
        "Characters and team sub-types: any character on any team, as the rulebook says "
        "('free'); +1 force for a match ('bonus'); or only matching characters ('strict').",
        ("free", "bonus", "strict"),
        "opt.subtypes",
    ),
    Option(
        "unit_actions",
        "both",
        "May a unit that defended a facility also hunt in the same "
        "turn ('both'), or only one of the two ('once')?",
        ("both", "once"),
        "opt.unit_actions",
    ),
    _choice(
        "team_search",
        "deck",
        "The Draw-phase search for a team: the Heroes' deck only, as the rulebook says "
        "('deck'), or the discard pile too when the deck has none ('discard-too').",
        ("deck", "discard-too"),
    ),
    _choice(
        "lost_unit",
        "discard",
        "A unit that loses its Search and Destroy mission is discarded ('discard'), or "
        "destroyed and removed from the game like a team ('removed').",
        ("discard", "removed"),
    ),
    _choice(
        "starting_facilities",
        6,
        "'All 6 Facility cards in play except for the New Facility': six starting facilities, "
        "the New Facility a seventh (6), or six Facility cards in all, the New Facility one of "
        "them, so five start in play (5; the last of the data is left out of the game).",
        (6, 5),
    ),
    _choice(
        "new_facility",
        "in-play",
        "The Heroes win when no facility is in play ('in-play'), or only once the New "
        "Facility has been played and destroyed too ('all').",
        ("in-play", "all"),
    ),
    _choice(
        "cards",
        "full",
        "The decks of the data ('full'), or without what the project invented ('rulebook'): "
        "no Intel, Medkit, Anti-Virus, Red Queen Lockdown or Reinforcements, and no ability "
        "of characters and units, such as Medic and Lucky.",
        ("full", "rulebook"),
    ),
    Option(
        "turn_limit",
        60,
        "The game stops as a draw after this many turns (the rulebook has "
        "no limit; the engine needs one).",
        check=_turn_limit,
        rule="game.turn-limit",
    ),
    Option(
        "data",
        None,
        "A folder of edited card files to use instead of the packaged ones.",
        check=folder_option("hero_deck.toml", "umbrella_deck.toml"),
        rule="cards.data",
    ),
)

DIGEST = files(__name__) / "digest.md"
"""The rule digest, shipped inside the package (read with ``importlib.resources``)."""

RARE_RULES: Mapping[str, str] = MappingProxyType(
    {
        # the aim, reached when the game ends
        "aim": "tests/test_corporation_rules.py::test_aim_a_game_ends_with_one_side_winning",
        # describes which cards stay
        "cards.in-play": (
            "tests/test_corporation_rules.py::"
            "test_cards_in_play_events_go_to_the_discard_pile_and_units_stay"
        ),
        # describes what each seat sees
        "cards.hidden": (
            "tests/test_corporation_rules.py::"
            "test_cards_hidden_each_seat_sees_its_own_hand_and_no_deck_order"
        ),
        # rare: a game reaching the turn limit
        "game.turn-limit": "tests/test_corporation_rules.py::test_game_turn_limit_ends_in_a_draw",
    }
)
"""The rules that seeded games need not show in an event, each with the scenario test that
shows it (``GameInfo.rare_rules``): rare situations, refusals and descriptions."""

INFO = GameInfo(
    name="corporation",
    title="Heroes vs the Umbrella Corporation",
    players=(2,),
    options=OPTIONS,
    setup=setup,
    moves=MOVES,
    views=views,
    board=board.BOARD,
    policies=policies.POLICIES,
    heuristic="heuristic",
    digest=DIGEST,
    data=_data_files,
    legacy=read_old_key,
    check=_check,
    version=2,
    cooperative=False,
    describe="Two-player card game: the Heroes' teams assault Umbrella's facilities, Umbrella's "
    "units hunt the teams; hidden hands, 2D6 combat.",
    simulation=SimSettings(
        advisor_budget=250,
        search_playouts=25,
        design_budget={
            "games": 400,
            "option_games": 150,
            "card_games": 150,
            "cards": 6,
            "skill_games": 16,
            "search_playouts": 4,
            "tension_games": 8,
            "positions": 8,
            "rollouts": 8,
            "advised": 6,
            "advisor_budget": 60,
        },
        puzzle_players=2,
    ),
    rare_rules=RARE_RULES,
    part=views.part,
)

__all__ = ["HERO", "INFO", "OPTIONS", "UMBRELLA", "CorporationState", "load_cards"]
