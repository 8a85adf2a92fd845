"""Marvel United's ready-made players: legal moves, the planner ahead of greedy (paired, on the
same seeds, with an interval), no peeking at a hidden order, and the planner's moves kept
exactly as they were when its search was made faster."""

from __future__ import annotations

import hashlib
import math
import random

import pytest

import umbrella_lab as ul
from umbrella_lab.engine.play import play_out
from umbrella_lab.games.marvel.policies import POLICIES, greedy, planner


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """A 95% interval for a share of wins."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


PLANNER_GAMES = {
    1: (range(24), 1866, "75299dc812a88b8f"),
    2: (range(8), 766, "406f5edbf05483c5"),
    3: (range(8), 820, "7918446c33a6ba70"),
    4: (range(8), 850, "f1682136e5bc90e6"),
}
"""Players: (the seeds, the moves the planner made in those games, the start of the SHA-256 of
the moves' repr, game after game). Recorded before the planner's search was made faster; a
faster planner must play every one of these moves again."""


@pytest.mark.parametrize("players", sorted(PLANNER_GAMES))
def test_the_planner_plays_the_moves_it_played_before_it_was_made_faster(players):
    seeds, moves, fingerprint = PLANNER_GAMES[players]
    game = ul.load("marvel", players=players)
    digest = hashlib.sha256()
    count = 0
    for seed in seeds:
        made: list[tuple] = []
        play_out(game.deal(seed), planner, random.Random(seed), made, in_place=True)
        digest.update(repr(made).encode())
        count += len(made)
    assert (count, digest.hexdigest()[:16]) == (moves, fingerprint)


@pytest.mark.parametrize("name", sorted(POLICIES))
def test_every_policy_plays_legal_moves_to_the_end(name):
    policy = POLICIES[name]
    for players in (1, 3):
        state = ul.load("marvel", players=players, villain="taskmaster").deal(4)
        rng = random.Random(4)
        while state.result is None:
            move = policy(state, rng)
            assert move in state.legal_moves()
            move.play(state)


def test_the_planner_beats_greedy_on_the_same_seeds():
    game = ul.load("marvel", players=2)
    seeds = range(60)
    won = {}
    for name, policy in (("greedy", greedy), ("planner", planner)):
        won[name] = [play_out(game.deal(s), policy, random.Random(s)).result.won for s in seeds]
    better = sum(p and not g for p, g in zip(won["planner"], won["greedy"], strict=True))
    worse = sum(g and not p for p, g in zip(won["planner"], won["greedy"], strict=True))
    assert better > 3 * max(worse, 1)
    assert wilson(sum(won["planner"]), 60)[0] > wilson(sum(won["greedy"]), 60)[1]


def test_the_planner_does_not_peek_at_the_decks():
    game = ul.load("marvel", players=2)
    checked = 0
    for seed in range(6):
        state = game.deal(seed)
        rng = random.Random(seed)
        while state.result is None and checked < 40:
            if state.step == "play" and state.ask is None:
                other = state.reshuffled(seed + 99)
                assert planner(state, rng) == planner(other, rng)
                checked += 1
            planner(state, rng).play(state)
    assert checked >= 20


def test_greedy_orders_the_bams_by_the_table_each_order_leaves():
    """Two Threats' BAMs at once (the team decides, extra.ties): greedy plays each order out and
    keeps the one whose table it judges best."""
    from umbrella_lab.games.marvel import policies

    state = ul.load("marvel", players=1).new(seed=3)
    assert state.ask is not None and state.ask[0] == "bam-order"
    scores = {}
    for action in state.legal_actions():
        table = state.apply(action)
        while table.ask is not None and table.outcome is None:
            table = table.apply(policies.answer(table))
        scores[action.key.choice] = policies.evaluate(table)
    chosen = policies.answer(state)
    assert scores[chosen.choice] == max(scores.values())


def _played_out(state, choices):
    """Each order's value as greedy once found it: played out to the end of the villain's
    effects (later choices answered greedily, 20 answers at most), the table judged by
    ``evaluate``."""
    from umbrella_lab.games.marvel import policies

    values = []
    for choice in choices:
        table = state._clone()
        policies.Choose(state.ask[1], choice).play(table)
        for _ in range(20):
            if table.ask is None or table.outcome is not None:
                break
            policies.answer(table).play(table)
        values.append(policies.evaluate(table))
    return values


CASES = [(4, "red-skull"), (3, "red-skull"), (4, "ultron")]


@pytest.mark.parametrize(("players", "villain"), CASES)
def test_greedy_orders_taken_without_playing_out_are_the_ones_playing_out_finds(players, villain):
    """Who takes simultaneous damage first, and the Threats' BAM order where heroes stand at
    one of them at most, are chosen without playing every order out: the first order, which is
    the first of the best that playing them out finds (each order judged alike)."""
    from umbrella_lab.games.marvel import policies

    def quick(state, ask, choices):
        if ask == "damage-order":
            return True
        quiet = all(
            state.cards.threats[state.threats[w]].effect in policies.QUIET_ALONE for w in choices
        )
        return quiet and sum(1 for w in choices if state.standing(w)) <= 1

    game = ul.load("marvel", players=players, villain=villain)
    checked = {"damage-order": 0, "bam-order": 0}
    for seed in range(25):
        state = game.deal(seed)
        rng = random.Random(seed)
        while state.result is None:
            ask = state.ask[0] if state.ask is not None else None
            if ask in checked:
                choices = policies.effects.ASKS[ask].choices(state)
                if quick(state, ask, choices):
                    values = _played_out(state, choices)
                    assert values == [values[0]] * len(values), (seed, ask, values)
                    assert greedy(state, rng).choice == choices[0]
                    checked[ask] += 1
            greedy(state, rng).play(state)
    assert checked["damage-order"] >= (5 if villain == "red-skull" else 1)
    assert checked["bam-order"] >= (5 if villain == "red-skull" else 0)
