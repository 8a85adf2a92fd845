"""The heuristic's quick way to choose picks exactly what its plain strategy picks.

The heuristic finds most of its moves facing a card without listing every legal move
(``policies.quick_face``): a quicker way to choose, never another way to play, for every move
is the rules' own. Here the same seeded games are played by the heuristic as simulations run it
and by the plain strategy on the rules' own legal moves; every move chosen must be the same.
"""

from __future__ import annotations

import random

import pytest
from helpers import FULL

import umbrella_lab as ul
from umbrella_lab.games.academy.policies import (
    choose_face,
    heuristic,
    quick_face,
    random_move,
)
from umbrella_lab.games.academy.rules import AcademyState

SETTINGS = [
    {"players": 1},
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 5},
    {"players": 6},
    {
        "players": 3,
        "turn_order": "team",
        "heal_target": "any",
        "villain_boost": "attack-and-damage",
    },
    {"players": 4, "damage_timing": "immediate", "block_damage": "blocker"},
    {"players": 2, "hero_boost": "own-turn", "strict_heal": False, "excess_damage": "lost"},
    {"players": 1, "base_life": 6, "hand_size": 3, "strength": 9},
    {"players": 4, "reach": "table", "rivalry": "any", "boost_offer": "any", "apathy": "turn"},
    {"players": 3, "double_shot": "any", "kraken_target": "any"},
    {"players": 4, "boosts_per_card": 2, "boost_with_power": True, "boost_offer": "any"},
    {
        "players": 5,
        "start_card": "seat",
        "dead_hand": "out",
        "cards": "rulebook",
        "villain_reshuffle": False,
        "villains": 12,
    },
]
GAMES = 1000 if FULL else 60  # per setting


def plain_heuristic(s: AcademyState, rng: random.Random):
    """The heuristic's strategy read straight from the rules' legal moves."""
    if s.stage == "face":
        return choose_face(s, s.legal_moves())
    return heuristic(s, rng)  # the team's and the powers' choices, placing damage, keeping cards


@pytest.mark.parametrize(
    "settings", SETTINGS, ids=lambda d: ",".join(f"{k}={v}" for k, v in d.items())
)
def test_the_heuristic_chooses_as_its_plain_strategy(settings):
    options = dict(settings)
    game = ul.load("academy", players=options.pop("players"), **options)
    for seed in range(GAMES):
        s, rng, rng_plain = game.deal(seed), random.Random(seed), random.Random(seed)
        while not s.is_over:
            move = heuristic(s, rng)
            same = plain_heuristic(s, rng_plain)
            assert move == same and type(move) in game.info.moves, (seed, move, same)
            assert move in s.legal_moves(), (seed, move)
            move.play(s)


def test_quick_answers_are_the_plain_ones_at_tables_of_random_games():
    """Tables a heuristic team never meets (random players) ask the quick answers too."""
    game = ul.load("academy", players=3)
    asked = 0
    for seed in range(GAMES):
        s, rng = game.deal(seed), random.Random(seed)
        while not s.is_over:
            if s.stage == "face":
                move = quick_face(s)
                if move is not None:
                    assert move == choose_face(s, s.legal_moves())
                    asked += 1
            random_move(s, rng).play(s)
    assert asked > 1_000
