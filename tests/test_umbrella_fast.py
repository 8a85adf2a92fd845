"""The fast twins of the ready-made players (``fast.py``) choose exactly what the readable
versions choose (``policies.py``): the same moves in thousands of games, the same random draws.

Simulations play ``policies.greedy`` and ``policies.random_move``, whose pushes (and the greedy
player's token spot and tile side) come from the fast twins; ``greedy_plain`` and
``random_plain`` play the readable versions only.
"""

from __future__ import annotations

import random

import pytest
from helpers import FULL

import umbrella_lab as ul
from umbrella_lab.engine.play import play_out
from umbrella_lab.games.umbrella import fast, policies
from umbrella_lab.games.umbrella.policies import (
    EXPLORE,
    greedy,
    greedy_plain,
    random_move,
    random_plain,
)

GAMES = 250 if FULL else 64  # per player count and level: 4,000 (full) or about 1,000 games
CASES = (
    [(players, level, {}) for players in (1, 2, 3, 4) for level in (1, 2, 3, 4)]
    + [(players, players, {"match_mode": "in-place"}) for players in (1, 2, 3, 4)]
    + [(players, 3, {"white_squares": "visible"}) for players in (1, 3)]
)


@pytest.mark.parametrize(("players", "level", "options"), CASES)
def test_fast_and_readable_greedy_make_every_move_alike(players, level, options):
    game = ul.load("umbrella", players=players, level=level, **options)
    count = GAMES // 2 if options else GAMES
    for seed in range(count):
        fast_moves: list = []
        plain_moves: list = []
        one = play_out(game.deal(seed), greedy, random.Random(seed), fast_moves)
        two = play_out(game.deal(seed), greedy_plain, random.Random(seed), plain_moves)
        assert fast_moves == plain_moves, f"seed {seed}: the two players part ways"
        assert one.result == two.result


RANDOM_CASES = [
    (players, level, {"solo_end": "concede"} if players == 1 and level == 4 else {})
    for players in (1, 2, 3, 4)
    for level in (1, 2, 3, 4)
]


@pytest.mark.parametrize(("players", "level", "options"), RANDOM_CASES)
def test_fast_and_readable_random_make_every_move_alike(players, level, options):
    game = ul.load("umbrella", players=players, level=level, **options)
    for seed in range(GAMES // 4):
        fast_moves: list = []
        plain_moves: list = []
        play_out(game.deal(seed), random_move, random.Random(seed), fast_moves)
        play_out(game.deal(seed), random_plain, random.Random(seed), plain_moves)
        assert fast_moves == plain_moves, f"seed {seed}: the two players part ways"


def test_the_fast_random_push_covers_pushes_from_any_zone():
    from umbrella_lab.games.umbrella.scenario import scenario

    empty = {"central": "", "side 1": "", "side 2": "", "personal 1": ""}
    state = scenario(players=2, zones={**empty, "personal 2": "YYYYYBBBBBGGGGGRRRRR"})
    for seed in range(20):
        one, two = random.Random(seed), random.Random(seed)
        move = random_move(state, one)
        assert move == random_plain(state, two) and move.kind == "push-any"
        assert one.getstate() == two.getstate()


def _push_positions(games: int):
    for seed in range(games):
        players = 1 + seed % 4
        state = ul.load("umbrella", players=players, level=1 + seed // 4 % 4).deal(seed)
        rng = random.Random(seed)
        while not state.is_over:
            if state.step == "push":
                yield state._clone(), seed
            greedy(state, rng).play(state)


def test_fast_push_draws_the_same_random_numbers():
    positions = 0
    for state, seed in _push_positions(60):
        one, two = random.Random(seed), random.Random(seed)
        fast_choice = fast.best_push(state, state.active, one, EXPLORE)
        assert fast_choice == policies.best_push(state, state.active, two)
        assert one.getstate() == two.getstate()
        positions += 1
    assert positions > 2000


def test_the_fast_tables_are_kept_per_game():
    game = ul.load("umbrella", players=2)
    state = game.deal(1)
    greedy(state, random.Random(1))
    tables = game.extra["umbrella.fast"]
    assert len(tables.figures) == 2 * len(state.pieces.tiles)
    assert ul.load("umbrella", players=2).extra == {}  # another game keeps its own
