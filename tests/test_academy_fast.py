"""The shortcuts of simulations play exactly as the rules: the same moves, the same tables.

The heuristic finds most of its moves without listing every legal move
(``policies.quick_face``, ``policies.quick_choice``), and plays its most common ones with the
quicker moves of ``fast.py``. Here the same seeded games are played twice, by the heuristic as
simulations run it, and by the plain strategy on the rules' own legal moves and the rules' own
moves; every move and every table after it must be the same.
"""

from __future__ import annotations

import random

import pytest
from helpers import FULL

import umbrella_lab as ul
from umbrella_lab.engine.play import play_out
from umbrella_lab.games.academy import fast
from umbrella_lab.games.academy.policies import (
    CHOICES,
    choose,
    choose_face,
    face_moves,
    heuristic,
    quick_choice,
    quick_face,
    random_move,
)
from umbrella_lab.games.academy.rules import (
    AcademyState,
    Attack,
    Block,
    Heal,
    Spread,
    card_by_card,
)
from umbrella_lab.games.academy.scenario import scenario

SLOTS = [name for name in AcademyState.__slots__ if name != "events"]
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


def table(s: AcademyState) -> dict:
    """Everything on the table (every slot of the state but the events)."""
    return {name: getattr(s, name) for name in SLOTS}


def plain_heuristic(s: AcademyState, rng: random.Random):
    """The heuristic's strategy read straight from the rules' legal moves, played as they are."""
    if s.stage == "face":
        return choose_face(s, s.legal_moves())
    if s.stage == "damage":
        return fast.plain(heuristic(s, rng))
    if s.stage == "keep":
        return s.legal_moves()[0]
    return choose(s, CHOICES[s.stage].legal(s))


@pytest.mark.parametrize(
    "settings", SETTINGS, ids=lambda d: ",".join(f"{k}={v}" for k, v in d.items())
)
def test_the_heuristic_plays_the_same_games_with_and_without_shortcuts(settings):
    options = dict(settings)
    game = ul.load("academy", players=options.pop("players"), **options)
    for seed in range(GAMES):
        quick, plain = game.deal(seed), game.deal(seed)
        rng_quick, rng_plain = random.Random(seed), random.Random(seed)
        while not plain.is_over:
            move = heuristic(quick, rng_quick)
            same = plain_heuristic(plain, rng_plain)
            assert move == same and type(same) in game.info.moves, (seed, move, same)
            move.play(quick)
            same.play(plain)
            assert table(quick) == table(plain), (seed, move)
        assert quick.is_over


def test_the_moves_of_a_hero_facing_a_card_are_the_rules_own_in_their_order():
    game = ul.load(
        "academy", players=4, hero_boost="interrupt", heal_target="any", kraken_target="any"
    )
    checked = 0
    for seed in range(GAMES):
        for player in (heuristic, random_move):
            s, rng = game.deal(seed), random.Random(seed)
            while not s.is_over:
                if s.stage == "face":
                    assert card_by_card(s, face_moves(s)) == s.legal_moves()
                    checked += 1
                player(s, rng).play(s)
    solo = ul.load("academy", players=1)
    for seed in range(GAMES // 5):  # Pogo: the solo hero's move at any decision
        s, rng = solo.deal(seed), random.Random(seed)
        while not s.is_over:
            if s.stage == "face":
                assert card_by_card(s, face_moves(s)) == s.legal_moves()
            random_move(s, rng).play(s)
    assert checked > 20 * GAMES  # about 40 decisions facing a card per game and player


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
            elif s.stage in CHOICES:
                assert quick_choice(s) == choose(s, CHOICES[s.stage].legal(s))
                asked += 1
            random_move(s, rng).play(s)
    assert asked > 1_000


@pytest.mark.parametrize(
    ("move", "plain"),
    [
        (fast.QuickAttack(0, 1), Attack(0, 1)),
        (fast.QuickBlock(0, 1), Block(0, 1)),
        (fast.QuickHeal(0, 1, 0), Heal(0, 1, 0)),
        (fast.QuickSpread(2), Spread(2)),
    ],
)
def test_a_quick_move_is_the_rules_move(move, plain):
    s = ul.load("academy", players=2).new(seed=1)
    assert move == plain and hash(move) == hash(plain) and fast.plain(move) == plain
    assert type(fast.plain(move)) is type(plain) and move.id(s) == plain.id(s)
    assert fast.made(type(move), *move[1:]) is fast.made(type(move), *move[1:])


def test_a_quick_move_played_while_events_are_recorded_says_what_the_rules_say():
    s = scenario(hands=[[35, 10], [10]], lineup=[30, 45, 10])
    quick, plain = s._clone(), s._clone()
    quick.events, plain.events = [], []
    fast.QuickAttack(0, s.hands[0][0]).play(quick)
    Attack(0, s.hands[0][0]).play(plain)
    assert quick.events == plain.events and quick.events
    assert table(quick) == table(plain)


def test_every_quick_move_is_played_by_the_heuristic_and_says_the_rules_words_when_recorded():
    played = set()
    for settings in SETTINGS:
        options = dict(settings)
        game = ul.load("academy", players=options.pop("players"), **options)
        for seed in range(GAMES // 10):
            s, rng = game.deal(seed), random.Random(seed)
            while not s.is_over:
                move = heuristic(s, rng)
                if type(move) in fast.QUICK:
                    played.add(type(move))
                    quick, plain = s._clone(), s._clone()
                    quick.events, plain.events = [], []
                    move.play(quick)
                    fast.plain(move).play(plain)
                    assert quick.events == plain.events and table(quick) == table(plain)
                move.play(s)
    assert played == set(fast.QUICK)


def test_simulations_play_the_same_games_as_the_plain_rules():
    game = ul.load("academy", players=3)
    for seed in range(50):
        made: list = []
        end = play_out(game.deal(seed), heuristic, random.Random(seed), made)
        s = game.deal(seed)
        for move in made:
            (fast.plain(move)).play(s)
        assert table(s) == table(end)
