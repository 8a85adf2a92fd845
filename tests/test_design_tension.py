"""The design report's tension part: a lead change counts only past the estimates' noise.

Each side's chance at a position comes from the same rollouts, and a rollout one side wins
the other loses: the two estimates move against each other. With a true chance of one half
all along, an estimate from ``n`` rollouts passes the other by 1.96 standard errors of their
difference at 2.5% of positions (one side of the range); counting the two estimates as
independent made the margin 1.41 standard errors, and noise passed it at about 9% to 10%.
"""

from __future__ import annotations

import random

import pytest

from umbrella_lab.sim.design import _lead_changes


def even_game(rng: random.Random, rollouts: int, positions: int = 11) -> list[list[float]]:
    """Two sides' estimated chances at each position of a game whose true chance stays 1/2."""
    found = []
    for _ in range(positions):
        won = sum(rng.random() < 0.5 for _ in range(rollouts)) / rollouts
        found.append([won, 1 - won])
    return found


@pytest.mark.parametrize("rollouts", [48, 96])
def test_noise_alone_changes_the_lead_at_about_2_5_percent_of_positions(rollouts):
    rng = random.Random(rollouts)
    games = 3000
    changes = sum(_lead_changes(even_game(rng, rollouts), [rollouts] * 11) for _ in range(games))
    rate = changes / (games * 10)
    assert 0.018 < rate < 0.034, rate


def test_a_real_change_is_counted_and_an_exact_position_needs_no_margin():
    assert _lead_changes([[0.5, 0.5], [0.2, 0.8], [0.9, 0.1]], [48, 48, 48]) == 2
    assert _lead_changes([[0.5, 0.5], [0.45, 0.55], [0.0, 1.0]], [48, 48, 0]) == 1


def test_drama_says_what_the_estimates_noise_adds_at_an_even_position():
    """An even game whose winner (P1) leads at every position by the truth: its drama is 0,
    yet chances estimated from 48 rollouts read about 0.057 at each position."""
    from umbrella_lab.sim.design import _drama_noise

    rng = random.Random(9)
    read = []
    for _ in range(20_000):
        won = sum(rng.random() < 0.5 for _ in range(48)) / 48
        read.append(max(won, 1 - won) - won)  # the leader's estimate minus the winner's
    measured = sum(read) / len(read)
    assert 0.052 < measured < 0.062
    words = _drama_noise([48, 48, 48], 2)
    assert f"about {measured:.2f}" in words and "48 rollouts" in words
    assert _drama_noise([48], 1) == "" and _drama_noise([], 2) == ""
