"""Exact odds of Heroes vs the Umbrella Corporation, and the luck of the engine agreeing with them.

Every 2D6 roll and every "50%" is a chance step with exact fractions; ``odds.win_probability``
gives the chance that one force + 2D6 beats another. Simulation through the engine's own luck
must agree with both, within a Wilson interval.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

import umbrella_lab as ul
from umbrella_lab import CHANCE
from umbrella_lab.engine.core import State
from umbrella_lab.games.corporation import odds
from umbrella_lab.games.corporation.policies import heuristic, random_move
from umbrella_lab.games.corporation.rules import HERO, UMBRELLA, Roll
from umbrella_lab.games.corporation.scenario import scenario


def wilson(successes: int, n: int, z: float = 3.29) -> tuple[float, float]:
    """The Wilson score interval (z = 3.29: 99.9%, so a correct engine fails 1 time in 1000)."""
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


# --- the exact odds ------------------------------------------------------------------------------


def test_two_dice_odds():
    assert [odds.TWO_DICE[t] * 36 for t in range(2, 13)] == [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
    assert sum(odds.TWO_DICE.values()) == 1


def test_win_probability_exact_values():
    assert odds.win_probability(10, 10) == Fraction(721, 1296)
    assert odds.win_probability(10, 10, ties="defender") == Fraction(575, 1296)
    assert odds.win_probability(20, 9) == 1  # 2 + 20 >= 12 + 9
    assert odds.win_probability(9, 20) == 0
    assert odds.win_probability(0, 10) == Fraction(1, 1296)  # 12 against 2


@pytest.mark.parametrize("attack", range(0, 25, 3))
@pytest.mark.parametrize("defence", range(0, 25, 4))
def test_win_probability_brute_force(attack, defence):
    wins = sum(
        1
        for a in range(1, 7)
        for b in range(1, 7)
        for c in range(1, 7)
        for d in range(1, 7)
        if attack + a + b >= defence + c + d
    )
    assert odds.win_probability(attack, defence) == Fraction(wins, 1296)
    # the attacker wins with ties, or the defender wins outright: nothing else can happen
    assert (
        odds.win_probability(attack, defence)
        + odds.win_probability(defence, attack, ties="defender")
        == 1
    )
    assert odds.win_probability_float(attack, defence) == pytest.approx(wins / 1296)


def test_win_probability_rises_with_the_attack():
    chances = [odds.win_probability(a, 12) for a in range(0, 25)]
    assert chances == sorted(chances)


def test_win_probability_refuses_an_unknown_tie_rule():
    with pytest.raises(ValueError, match="ties must be"):
        odds.win_probability(3, 4, ties="nobody")


def test_table_is_a_dataframe_of_the_exact_odds():
    frame = odds.table(range(5, 16, 5), range(6, 13, 3))
    assert frame.shape == (3, 3)
    assert frame.index.name == "attack" and frame.columns.name == "defence"
    assert frame.loc[10, 9] == float(odds.win_probability(10, 9))
    exact = odds.table([7], [6], exact=True)
    assert exact.loc[7, 6] == Fraction(287, 432)


# --- the engine's chance steps -------------------------------------------------------------------


def combat(attack_units=("tyrant",)):
    """An assault of S.T.A.R.S. Alpha (force 9) on Paris Laboratory defended by a Tyrant."""
    s = scenario(
        teams={"stars-alpha": ["jill", "barry"], "ubcs-echo": []},
        facilities=["paris-lab", "the-hive"],
        units=list(attack_units),
    )
    s = s.apply("S.T.A.R.S. Alpha Team assaults Paris Laboratory (force 9 vs 5 before dice)")
    s = s.apply("Umbrella defends Paris Laboratory with Tyrant (force 9)")
    assert s.to_act == CHANCE and s.forces() == (9, 14)
    return s


def test_combat_odds_follow_the_dice():
    s = combat()
    assert s.combat_odds() == odds.win_probability(9, 14)
    after_hero = s.apply(Roll(HERO, 7))  # Heroes total 16
    assert after_hero.combat_odds() == sum(p for t, p in odds.TWO_DICE.items() if 14 + t <= 16)
    both = after_hero.apply(Roll(UMBRELLA, 3))
    assert both.combat_odds() is None or both.combat_odds() == 1


def test_simulation_agrees_with_the_exact_odds_within_a_wilson_interval():
    start = combat()
    n, wins = 2000, 0
    for seed in range(n):
        s = start.reshuffled(seed)  # new luck
        s = s.roll().roll()
        wins += s.history[-1][6]
    low, high = wilson(wins, n)
    exact = float(odds.win_probability(9, 14))
    assert low <= exact <= high, (wins / n, exact)


def test_the_lucky_roll_totals_follow_two_dice():
    start = combat()
    n = 3600
    counts = dict.fromkeys(range(2, 13), 0)
    for seed in range(n):
        counts[start.reshuffled(seed)._lucky_key().total] += 1
    for total, p in odds.TWO_DICE.items():
        low, high = wilson(counts[total], n)
        assert low <= float(p) <= high, (total, counts[total])


def test_a_fifty_percent_chance_is_one_half():
    s = scenario(phase="hunt", teams={"stars-alpha": [], "ubcs-echo": []}, units=["tyrant"])
    s = s.apply("Tyrant hunts S.T.A.R.S. Alpha Team (force 9 vs 2 before dice)")
    s = s.apply(Roll(UMBRELLA, 12)).apply(Roll(HERO, 2))
    assert s.phase == "fate"
    assert [p for _, p in s.chance_outcomes()] == [Fraction(1, 2), Fraction(1, 2)]
    n = 2000
    lost = sum(s.reshuffled(seed)._lucky_key().lost for seed in range(n))
    low, high = wilson(lost, n)
    assert low <= 0.5 <= high


@pytest.mark.parametrize("policy", [random_move, heuristic])
def test_every_chance_step_is_exact_and_the_fast_luck_agrees(policy):
    game = ul.load("corporation")
    steps = 0
    for seed in range(40):
        s = game.deal(seed)
        rng = random.Random(seed)
        while s.result is None:
            if s.to_act == CHANCE:
                outcomes = s._chance()
                assert sum(p for _, p in outcomes) == 1
                assert [k for k, _ in outcomes] == s.legal_moves()
                assert s._lucky_key() == State._lucky_key(s)
                steps += 1
            policy(s, rng).play(s)
    assert steps > 500
