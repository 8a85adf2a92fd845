"""The Umbrella Academy Game (co-operative card game, 1 to 6 players).

>>> import umbrella_lab as ul
>>> game = ul.load("academy", players=3)
>>> state = game.new(seed=7)
>>> state.round, len(state.lineup)
(1, 8)
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
from umbrella_lab.games.academy import board, policies, views
from umbrella_lab.games.academy.cards import DATA_FILES, PACKAGE, load_cards
from umbrella_lab.games.academy.legacy import read_old_key, sort_shuffle
from umbrella_lab.games.academy.rules import (
    MOVES,
    PLAYER_COUNT_TABLE,
    AcademyState,
    check_table,
    setup,
)


def _size(low: int, high: int) -> Any:
    def check(value: Any) -> str:
        if value is None:
            return ""
        if isinstance(value, bool) or not isinstance(value, int):
            return f"give a whole number from {low} to {high}, or None for the table's value"
        return "" if low <= value <= high else f"must be from {low} to {high}"

    return check


def _heroes(value: Any) -> str:
    if value is None:
        return ""
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        return (
            "give a list of hero ids in seat order, one per player, e.g. ('kraken', 'rumor') "
            "(a set has no order, so it cannot say who sits where)"
        )
    return ""


def _choice(name: str, default: Any, doc: str, choices: tuple) -> Option:
    return Option(name, default, doc, choices, f"opt.{name}")


OPTIONS = (
    Option(
        "heroes",
        None,
        "Hero ids by seat; None picks them at random from the seed.",
        check=_heroes,
        rule="setup.heroes",
    ),
    Option(
        "turn_order",
        "rotate",
        "Who faces each lineup card: the next living hero "
        "clockwise ('rotate'), or whoever the team sends ('team').",
        ("rotate", "team"),
        "opt.turn_order",
    ),
    Option(
        "damage_timing",
        "round-end",
        "When uncontested damage is dealt: once at round end, or "
        "as soon as a card is left ('immediate').",
        ("round-end", "immediate"),
        "opt.damage_timing",
    ),
    Option(
        "block_damage",
        "team",
        "Who takes a block's half damage: split by the team, or the blocker.",
        ("team", "blocker"),
        "opt.block_damage",
    ),
    Option(
        "strict_heal",
        True,
        "Heal only with a card lower than the faced card.",
        (True, False),
        "opt.strict_heal",
    ),
    Option("heal_target", "self", "Whom a Heal action heals.", ("self", "any"), "opt.heal_target"),
    Option(
        "hero_boost",
        "interrupt",
        "Who may add a Hero Boost to a played card: any living "
        "hero ('interrupt') or only the player ('own-turn').",
        ("interrupt", "own-turn"),
        "opt.hero_boost",
    ),
    Option(
        "villain_boost",
        "attack",
        "What a Villain Attack Boost raises.",
        ("attack", "attack-and-damage"),
        "opt.villain_boost",
    ),
    Option("base_life", 5, "Life bars of a hero's Life Card.", (5, 6), "opt.base_life"),
    Option(
        "excess_damage",
        "reassign",
        "Damage a dying hero cannot take: placed on another living hero, or lost.",
        ("reassign", "lost"),
        "opt.excess_damage",
    ),
    _choice(
        "apathy",
        "round",
        "Apathy's printed 'this turn': no powers for the round its card is flipped ('round', "
        "like every Dysfunctional Family card), or only during the round's first turn ('turn').",
        ("round", "turn"),
    ),
    _choice(
        "start_card",
        "living",
        "The Start card passes to the next living hero ('living'), or to the next player "
        "clockwise, dead or alive ('seat').",
        ("living", "seat"),
    ),
    _choice(
        "dead_hand",
        "discard",
        "A dead hero's hand goes to the discard pile ('discard'), or leaves play with the hero "
        "('out').",
        ("discard", "out"),
    ),
    _choice(
        "villain_reshuffle",
        True,
        "An empty Villain Attack deck is made anew from its discards (False: the lineup is "
        "dealt short).",
        (True, False),
    ),
    _choice(
        "rivalry",
        "other",
        "Sibling Rivalry removes one other card ('other'), or any card, the faced one too ('any').",
        ("other", "any"),
    ),
    _choice(
        "reach",
        "waiting",
        "The Rumor, Vanya and Sibling Rivalry take cards still in the lineup ('waiting'), or "
        "uncontested ones on the table too ('table').",
        ("waiting", "table"),
    ),
    _choice(
        "boost_offer",
        "useful",
        "A Hero Boost is offered when it changes the outcome ('useful'), or on any card it "
        "lets block or win ('any').",
        ("useful", "any"),
    ),
    _choice(
        "boost_target",
        "table",
        "A Hero Boost goes 'on any Hero Attack Card on the table': on the card being played, or "
        "on the card that just blocked, before any of its damage is placed ('table': a move of "
        "its own, a Hero Boost on the blocking card), or only on the card being played "
        "('played').",
        ("table", "played"),
    ),
    _choice(
        "boosts_per_card",
        1,
        "Hero Boosts on one card: at most one (1), or two, from one hand or two (2: a move of "
        "its own, a second Hero Boost on the same card).",
        (1, 2),
    ),
    _choice(
        "boost_with_power",
        True,
        "A Hero Boost may go on The Kraken's pair and Space Boy's doubled card too, 'any Hero "
        "Attack Card on the table' (True), or never on a card played with a power (False).",
        (True, False),
    ),
    _choice(
        "double_shot",
        "own",
        "Space Boy doubles the card he plays ('own'), or also the card another hero plays, "
        "'a Hero Attack Card on the table' ('any').",
        ("own", "any"),
    ),
    _choice(
        "kraken_target",
        "any",
        "The Kraken's two cards go 'against any Villain Attack Card' still in the lineup "
        "('any'; against another card than the faced one, the faced card still waits), or only "
        "against the faced card ('faced').",
        ("any", "faced"),
    ),
    _choice(
        "cards",
        "full",
        "The decks of the data ('full'), or without the cards the project invented "
        "('rulebook': Apathy, Family Secrets and Villain Attack Boost in the Dysfunctional "
        "Family deck, and no +10 Hero Boost).",
        ("full", "rulebook"),
    ),
    Option(
        "hand_size",
        None,
        "Hand size; None uses the player-count table.",
        check=_size(1, 10),
        rule="setup.table",
    ),
    Option(
        "villains",
        None,
        "Villains to face before the Final Battle; None uses the table.",
        check=_size(1, 12),
        rule="setup.table",
    ),
    Option(
        "strength",
        None,
        "Villain Attack Strength (lineup size); None uses the table.",
        check=_size(6, 10),
        rule="setup.table",
    ),
    Option(
        "data",
        None,
        "A folder of edited card files to use instead of the packaged ones.",
        check=folder_option(*DATA_FILES),
        rule="setup.decks",
    ),
)

DIGEST = files(__name__) / "digest.md"
"""The rule digest, shipped inside the package (read with ``importlib.resources``)."""


def data_files(game: Game) -> list[Any]:
    """The five card files this game reads: from its ``data`` folder, or the packaged ones."""
    folder = game.options["data"]
    if folder is None:
        return [files(PACKAGE) / "data" / name for name in DATA_FILES]
    return [Path(folder) / name for name in DATA_FILES]


RARE_RULES: Mapping[str, str] = MappingProxyType(
    {
        # the team's aim, reached when the game is won
        "aim": (
            "tests/test_academy_rules.py::"
            "test_game_win_when_a_hero_survives_the_final_battle_damage"
        ),
        # forbids a second Life Boost (a refusal)
        "life.one-boost": (
            "tests/test_academy_rules.py::"
            "test_life_one_boost_a_second_life_boost_to_the_same_hero_is_refused"
        ),
    }
)
"""The rules that seeded games need not show in an event, each with the scenario test that
shows it (``GameInfo.rare_rules``): rare situations, refusals and descriptions."""

INFO = GameInfo(
    name="academy",
    title="The Umbrella Academy Game",
    players=tuple(PLAYER_COUNT_TABLE),
    options=OPTIONS,
    setup=setup,
    moves=MOVES,
    views=views,
    board=board.BOARD,
    policies=policies.POLICIES,
    heuristic="heuristic",
    digest=DIGEST,
    data=data_files,
    legacy=read_old_key,
    legacy_shuffle=sort_shuffle,
    check=check_table,
    version=3,
    cooperative=True,
    describe="Co-operative card game: face the villains' lineups left to right, survive the "
    "Final Battle.",
    simulation=SimSettings(
        advisor_budget=2000,
        search_playouts=100,
        design_budget={"skill_games": 40, "search_playouts": 8},
        puzzle_players=3,
    ),
    rare_rules=RARE_RULES,
    part=views.part,
)

__all__ = ["INFO", "OPTIONS", "AcademyState", "load_cards"]
