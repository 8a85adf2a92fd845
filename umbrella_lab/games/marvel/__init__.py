"""Marvel United (co-operative card game: 2 to 4 heroes, or the S.H.I.E.L.D. solo mode).

The core box: Red Skull, Ultron and Taskmaster against Iron Man, Captain America, Black Widow,
Hulk, Captain Marvel, Ant-Man and Wasp, on 6 of 8 locations.

>>> import umbrella_lab as ul
>>> game = ul.load("marvel", players=1, villain="ultron", heroes=("hulk", "wasp", "ant-man"))
>>> state = game.new(seed=43)
>>> state.health, len(state.plan_deck)
(8, 11)
>>> for action in state.legal_actions():  # two Threats' BAMs at once: the player orders them
...     print(action.label)
S.H.I.E.L.D.: Ultron Clone at Stark Labs acts next
S.H.I.E.L.D.: Ultron Clone at NYPD HQ acts next
>>> state = state.apply(state.legal_moves()[0])
>>> state.step, len(state.hands[0])  # a hand of 5 in the solo mode, then the first turn's draw
('play', 6)
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib.resources import files
from types import MappingProxyType
from typing import Any

from umbrella_lab.engine.core import Game, GameInfo, Option
from umbrella_lab.engine.data import folder_option
from umbrella_lab.engine.settings import SimSettings
from umbrella_lab.games.marvel import board, policies, views
from umbrella_lab.games.marvel.cards import DATA_FILES, data_file
from umbrella_lab.games.marvel.rules import MOVES, MarvelState, check_table, setup


def _heroes(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str) or not isinstance(value, (tuple, list)):
        return "give a list of hero ids, one per player (three in solo), e.g. ('hulk', 'wasp')"
    if not all(isinstance(v, str) for v in value):
        return "hero ids are words, e.g. 'captain-marvel'"
    return ""


def _choice(name: str, default: Any, doc: str, choices: tuple) -> Option:
    return Option(name, default, doc, choices, f"opt.{name}")


OPTIONS = (
    Option(
        "villain",
        "red-skull",
        "The villain to face (the rulebook suggests Red Skull for a first game).",
        ("red-skull", "ultron", "taskmaster"),
        "setup.villain",
    ),
    Option(
        "heroes",
        None,
        "Hero ids by seat (three in solo); None deals them at random from the seed.",
        check=_heroes,
        rule="setup.heroes",
    ),
    Option(
        "challenge",
        "none",
        "A challenge that makes the game harder: it takes cards out of every hero deck ("
        "'none' is the rulebook's game; none of them makes it easier).",
        ("none", "moderate", "hard", "heroic"),
        "setup.challenge",
    ),
    _choice(
        "ties",
        "team",
        "Damage to several heroes at once: when a KO could come on the way, the heroes choose "
        "who takes it first ('team'), or it goes in seat order ('seat').",
        ("team", "seat"),
    ),
    _choice(
        "bam_order",
        "team",
        "Several Threat BAMs at once: in the order the heroes choose ('team'; 'the players "
        "decide' ties), or clockwise from the villain ('clockwise').",
        ("team", "clockwise"),
    ),
    _choice(
        "overflow_count",
        "per-location",
        "Taskmaster's Overflow: 1 Crisis token per full location, or 1 per token ('per-token').",
        ("per-location", "per-token"),
    ),
    _choice(
        "pressure",
        "at-once",
        "Under Pressure starts the moment the first mission is done, or with the next Master "
        "Plan card ('after-plan').",
        ("at-once", "after-plan"),
    ),
    _choice(
        "vulnerable_at",
        "at-once",
        "The villain may be damaged the moment the second mission is done, or from the next "
        "hero turn ('next-turn').",
        ("at-once", "next-turn"),
    ),
    _choice(
        "elite_same_turn",
        True,
        "An elite Thug's 2 damage must come in the same turn (False: the first one stays).",
        (True, False),
    ),
    _choice(
        "trap_same_turn",
        True,
        "A trapped Civilian's 2 Heroic actions must come in the same turn (False: the first "
        "one stays).",
        (True, False),
    ),
    _choice(
        "invulnerable_pays",
        True,
        "An Invulnerable hero may still be the one who 'takes' damage to stop an Ultron Clone "
        "(taking none).",
        (True, False),
    ),
    _choice(
        "ultron_check",
        "every-token",
        "Ultron's plot (every location full) is checked after every token, or only at the end "
        "of the villain turn.",
        ("every-token", "end-of-turn"),
    ),
    _choice(
        "solo_tokens",
        "shared",
        "Solo, a reading of the rulebook (not an easier mode): one shared pool of action "
        "tokens, or each hero its own ('per-hero').",
        ("shared", "per-hero"),
    ),
    _choice(
        "solo_damage",
        "per-hero",
        "Solo, a reading of the rulebook (not an easier mode): damage to each hero at a "
        "location costs a card per hero there, or one effect costs its damage once ('once').",
        ("per-hero", "once"),
    ),
    _choice(
        "solo_third_draw",
        1,
        "Solo, a reading of the rulebook (not an easier mode): cards drawn when the third "
        "mission is done (1: 'all players' is the one player; or 3, one per hero).",
        (1, 3),
    ),
    _choice(
        "solo_shrink",
        "hero",
        "Solo, a reading of the rulebook (not an easier mode): an Invulnerable token lasts "
        "until that hero's card is played again, or until your next turn ('turn').",
        ("hero", "turn"),
    ),
    _choice(
        "hail_hydra_bam",
        False,
        "Red Skull's Hail Hydra! cards show BAM! (one transcription says so).",
        (False, True),
    ),
    _choice(
        "insurgency_bam",
        "both",
        "Red Skull's Hydra Insurgency cards: both show BAM!, or only one ('one').",
        ("both", "one"),
    ),
    _choice(
        "ultron_m1_bam",
        False,
        "Ultron's two move-1 cards show BAM! (one transcription says so).",
        (False, True),
    ),
    _choice(
        "ultron_m1_centre",
        2,
        "Tokens at Ultron's own location on his two move-1 cards: 2, or 3.",
        (2, 3),
    ),
    _choice(
        "mesmerize_thugs",
        "every",
        "Mesmerize puts a Thug at every location without heroes, or only at the 3 it "
        "affects ('near').",
        ("every", "near"),
    ),
    _choice(
        "nypd",
        "discard-any",
        "NYPD HQ: discard a Thug from any location, or defeat a Thug there ('defeat-here').",
        ("discard-any", "defeat-here"),
    ),
    Option(
        "data",
        None,
        "A folder of edited data files to use instead of the packaged ones.",
        check=folder_option(*DATA_FILES),
        rule="data.files",
    ),
)

DIGEST = files(__name__) / "digest.md"
"""The rule digest, shipped inside the package (read with ``importlib.resources``)."""


def data_files(game: Game) -> list[Any]:
    """The data files this game reads: from its ``data`` folder, or the packaged ones."""
    return [data_file(game.options["data"], name) for name in DATA_FILES]


RARE_RULES: Mapping[str, str] = MappingProxyType(
    {
        # the aim, reached when the game ends
        "aim": "tests/test_marvel_rules.py::test_aim_whole_games_end_with_every_villain",
        # describes Crisis tokens; each card cites its own rule
        "extra.crisis": (
            "tests/test_marvel_rules.py::test_extra_crisis_tokens_on_heroes_and_locations"
        ),
        # describes choices; each cites the rule that asks
        "extra.ties": (
            "tests/test_marvel_rules.py::test_extra_ties_the_heroes_choose_who_stops_crossbones"
        ),
        # describes the supply
        "extra.unlimited": "tests/test_marvel_rules.py::test_extra_unlimited_tokens_never_run_out",
        # rare: a hero with no card left
        "end.no-cards": "tests/test_marvel_rules.py::test_end_no_cards_in_deck_and_hand",
        # rare: a hero who plays the last card from hand (the seeded games show it with some
        # luck draws and not with others)
        "hero.last-card": "tests/test_marvel_rules.py::test_hero_last_card_full_turn_then_ko",
        # describes who 'another player' is in solo
        "solo.you": "tests/test_marvel_rules.py::test_solo_you_leadership_gives_to_your_pool",
        # describes the solo pool of action tokens
        "solo.tokens": "tests/test_marvel_rules.py::test_solo_tokens_one_shared_pool",
        # forbids damaging Taskmaster (a refusal)
        "dash.crisis-guard": (
            "tests/test_marvel_rules.py::"
            "test_dash_crisis_guard_taskmaster_protected_and_crisis_cleared"
        ),
    }
)
"""The rules that seeded games need not show in an event, each with the scenario test that
shows it (``GameInfo.rare_rules``): rare situations, refusals and descriptions."""

INFO = GameInfo(
    name="marvel",
    title="Marvel United",
    players=(1, 2, 3, 4),
    options=OPTIONS,
    setup=setup,
    moves=MOVES,
    views=views,
    board=board.BOARD,
    policies=policies.POLICIES,
    heuristic=policies.HEURISTIC,
    digest=DIGEST,
    data=data_files,
    check=check_table,
    version=2,
    cooperative=True,
    describe="Co-operative: heroes build a Storyline against a villain's Master Plan, complete "
    "missions, then take the villain down.",
    simulation=SimSettings(
        advisor_budget=40,
        # The planner plays about 17 games a second on two cores (fewer on a busy machine, and
        # fewer from the opening): 16 rollouts answer in about a second.
        quick_answer=16,
        search_playouts=12,
        # the heuristic (a planner) plays about ten games a second: a design report plays it
        # in fewer games (its rows say where the budget stopped them), and the search
        # player's playouts use the quick greedy player
        main_policy="greedy",
        design_budget={
            "games": 120,
            "option_games": 15,
            "option_values": 6,
            "card_games": 15,
            "cards": 2,
            "skill_games": 8,
            "search_playouts": 2,
            "tension_games": 2,
            "positions": 4,
            "rollouts": 4,
            "advised": 0,
            "advisor_budget": 20,
        },
        puzzle_players=2,
        puzzle_budget=(600, 200),
    ),
    rare_rules=RARE_RULES,
    part=views.part,
)

__all__ = ["INFO", "OPTIONS", "MarvelState"]
