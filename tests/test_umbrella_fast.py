"""The players' quick arithmetic (``fast.py``) against the rules' own moves.

``making_pushes`` finds the pushes that make a scorable figure without playing them; here every
legal push of thousands of positions is played, and a push makes a figure exactly when the seat
then scores a token. The random player draws its other pushes from the rules' own legal moves.
"""

from __future__ import annotations

import random

from helpers import FULL

import umbrella_lab as ul
from umbrella_lab.games.umbrella.policies import greedy, making_pushes, random_move

GAMES = 80 if FULL else 16
"""Seeded games, over one to four players and the four levels."""


def _push_positions(games: int):
    """Positions where a seat pushes, in games played by the greedy and the random player."""
    for seed in range(games):
        game = ul.load("umbrella", players=1 + seed % 4, level=1 + seed // 4 % 4)
        state, rng = game.deal(seed), random.Random(seed)
        player = greedy if seed % 2 else random_move
        while not state.is_over:
            if state.step == "push":
                yield state
            player(state, rng).play(state)


def test_a_push_makes_a_figure_exactly_when_the_rules_then_let_the_seat_score():
    """[figure.match] [figure.full-colour]: played one by one, as the rules play them."""
    pushes = made = 0
    for state in _push_positions(GAMES):
        making = making_pushes(state, state.active)
        assert len(set(making)) == len(making)
        for move in state.legal_moves():
            if move.kind != "push":
                continue
            after = state._clone()
            move.play(after)
            scores = after.step == "score" and after.active == state.active
            assert (move in making) == scores, (move, making)
            pushes += 1
            made += scores
    assert pushes > 10_000 and made > 100


def test_the_random_push_is_a_making_push_when_there_is_one_else_any_legal_move():
    for n, state in enumerate(_push_positions(GAMES // 2)):
        making = making_pushes(state, state.active)
        move = random_move(state, random.Random(n))
        assert move in (making or state.legal_moves())


def test_the_random_push_covers_pushes_from_any_zone():
    from umbrella_lab.games.umbrella.scenario import scenario

    empty = {"central": "", "side 1": "", "side 2": "", "personal 1": ""}
    state = scenario(players=2, zones={**empty, "personal 2": "YYYYYBBBBBGGGGGRRRRR"})
    moves = state.legal_moves()
    for seed in range(20):
        one, two = random.Random(seed), random.Random(seed)
        move = random_move(state, one)
        assert move == moves[two.randrange(len(moves))] and move.kind == "push-any"


def test_the_fast_tables_are_kept_per_game():
    game = ul.load("umbrella", players=2)
    state = game.deal(1)
    greedy(state, random.Random(1))
    tables = game.extra["umbrella.fast"]
    assert len(tables.figures) == 2 * len(state.pieces.tiles)
    assert ul.load("umbrella", players=2).extra == {}  # another game keeps its own
