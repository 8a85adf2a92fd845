"""The fast paths of Heroes vs the Umbrella Corporation agree with the plain rules, move for move.

* The players' order of the legal moves (``policies.moves``) must hold exactly the rules'
  legal moves (``state.legal_moves()``), each once, in the order the players were written for.
* The engine's exact whole-number pick of a chance step's outcome (``exact_pick``) must pick what
  adding the fractions would, at every chance step: same seed, same dice.

Both are checked over thousands of positions of seeded games, under every option value.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from helpers import FULL

import umbrella_lab as ul
from umbrella_lab import CHANCE
from umbrella_lab.engine.core import exact_pick
from umbrella_lab.games.corporation.policies import heuristic, moves, random_move
from umbrella_lab.games.corporation.rules import PlayUnit

GAMES = 200 if FULL else 60
"""Seeded games per setting (each about 150 positions)."""

SETTINGS = [
    {},
    {"split": "umbrella"},
    {"split": "hero"},
    {"commit_order": "alternate"},
    {"subtypes": "strict"},
    {"unit_actions": "once"},
    {"search_ties": "defender", "fifty_fifty": "coin"},
    {"subtypes": "bonus", "team_search": "discard-too", "lost_unit": "removed"},
    {"new_facility": "all", "cards": "rulebook"},
]


def positions(settings: dict, games: int = GAMES):
    """Every position of seeded games, half played by the heuristic, half at random."""
    game = ul.load("corporation", **settings)
    for seed in range(games):
        state = game.deal(seed)
        rng = random.Random(seed)
        policy = heuristic if seed % 2 else random_move
        while state.result is None:
            yield state
            chosen = state._lucky_key() if state.to_act == CHANCE else policy(state, rng)
            chosen.play(state)


def by_fractions(outcomes, draw):
    """The outcome a running total of fractions picks: the definition of the lucky pick."""
    total = Fraction(0)
    for move, p in outcomes:
        total += p
        if draw < total:
            return move
    return outcomes[-1][0]


@pytest.mark.parametrize("settings", SETTINGS, ids=lambda s: ",".join(s) or "defaults")
def test_the_exact_pick_is_the_pick_by_fractions_at_every_chance_step(settings):
    steps = {}
    for state in positions(settings):
        if state.to_act == CHANCE:
            draw = state.game.luck.chance(state.seed, state.luck)
            outcomes = state._chance()
            assert state._lucky_key() == by_fractions(outcomes, draw), (state.seed, state.luck)
            steps[state.phase] = steps.get(state.phase, 0) + 1
    assert steps["roll"] > 1000 and steps["fate"] > 100
    if settings.get("split", "random") == "random":
        assert steps["split"] > 50


def test_the_exact_pick_compares_like_fractions_at_every_edge():
    outcomes = [("a", Fraction(1, 3)), ("b", Fraction(1, 6)), ("c", Fraction(1, 2))]
    # the float 1/3 lies just below the fraction 1/3; 0.5 is exactly 1/3 + 1/6
    for draw, want in [(0.0, "a"), (1 / 3, "a"), (0.33333333333333337, "b"), (0.5, "c")]:
        total, found = Fraction(0), None
        for move, p in outcomes:  # the engine's way
            total += p
            if draw < total:
                found = move
                break
        assert exact_pick(outcomes, draw) == found == want
    assert exact_pick(outcomes, 0.9999999999999999) == "c"


@pytest.mark.parametrize("settings", SETTINGS, ids=lambda s: ",".join(s) or "defaults")
def test_the_players_list_of_moves_is_the_rules_list(settings):
    checked = 0
    for state in positions(settings):
        mine, rules = moves(state), state.legal_moves()
        assert len(mine) == len(set(mine)), (state.seed, state.phase, mine)
        assert sorted(mine) == sorted(rules), (state.seed, state.phase)
        checked += 1
    assert checked > 5000


def test_umbrella_recruits_come_in_the_order_of_its_hand():
    """The one step where the players' order differs from the rules' (kind by kind) order."""
    from umbrella_lab.games.corporation.scenario import scenario

    s = scenario(phase="recruit", umbrella_hand=["guard", "new-facility", "tyrant"])
    assert [m.kind for m in moves(s)] == ["unit", "facility", "unit", "done"]
    assert [m.kind for m in s.legal_moves()] == ["unit", "unit", "facility", "done"]
    assert moves(s)[0] == PlayUnit("guard")
