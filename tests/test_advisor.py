"""The racing advisor: playouts where they decide the answer, the same luck, honest verdicts."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

import pandas as pd
import pytest

import umbrella_lab as ul
from umbrella_lab import sim
from umbrella_lab.engine.core import CHANCE
from umbrella_lab.sim import advisor
from umbrella_lab.sim.advisor import verdicts


def position(name="umbrella", players=2, seed=1, steps=6):
    state = ul.load(name, players=players).new(seed=seed)
    heuristic = sim.get_policy(name, "heuristic")
    rng = random.Random(seed)
    for _ in range(steps):
        state = state.roll() if state.to_act == CHANCE else state.apply(heuristic(state, rng))
    return state


def test_the_race_spends_its_budget_on_the_leaders():
    state = position()
    advice = sim.advise(state, budget=300, seed=3, workers=1)
    assert sorted(advice["id"]) == sorted(a.id for a in state.legal_actions())
    assert advice["rollouts"].sum() <= 300
    assert advice["rollouts"].iloc[0] == advice["rollouts"].max()
    assert advice["rollouts"].max() > advice["rollouts"].min(), "moves clearly behind stop early"
    assert list(advice.columns)[-1] == "verdict"
    assert set(advice["verdict"]) <= {"best", "about equal", "behind"}


def test_the_same_seed_gives_the_same_answer_on_any_number_of_cores(monkeypatch):
    monkeypatch.setattr(advisor, "PARALLEL_AFTER", 0.0)  # always spread over the cores
    state = position("academy", 3, seed=4, steps=3)
    one = sim.advise(state, budget=300, seed=5, workers=1)
    two = sim.advise(state, budget=300, seed=5, workers=2)
    with ThreadPoolExecutor(2) as pool:
        pooled = sim.advise(state, budget=300, seed=5, executor=pool)
    pd.testing.assert_frame_equal(one, two)
    pd.testing.assert_frame_equal(one, pooled)
    assert not one.equals(sim.advise(state, budget=300, seed=7, workers=1))


def test_every_move_meets_the_same_luck_as_the_even_advisor():
    """The race plays the same rollouts as the even advisor, only fewer of some moves."""
    state = position("academy", 3, seed=2, steps=2)
    raced = sim.advise(state, budget=200, seed=9, workers=1).set_index("id")
    even = sim.advise(state, rollouts=int(raced["rollouts"].min()), seed=9, workers=1)
    even = even.set_index("id")
    weakest = raced["rollouts"].idxmin()
    assert raced.loc[weakest, "wins"] == even.loc[weakest, "wins"]


def test_a_cap_per_move_and_the_default_budget():
    state = position("pig", 2, seed=3, steps=3)
    capped = sim.advise(state, rollouts=40, race=True, seed=1, workers=1)
    assert capped["rollouts"].max() <= 40
    default = sim.advise(state, seed=1, workers=1)
    assert default["rollouts"].sum() <= ul.load("pig").info.simulation.advisor_budget


def test_given_rollouts_alone_every_move_gets_them():
    state = position()
    advice = sim.advise(state, rollouts=5, seed=1, workers=1)
    assert advice["rollouts"].eq(5).all()


def test_progress_is_reported_up_to_the_end():
    shares: list[float] = []
    sim.advise(position(), budget=300, workers=1, progress=shares.append)
    assert shares[-1] == 1.0 and shares == sorted(shares) and len(shares) >= 3


def test_verdicts_need_the_interval_to_clear_every_other():
    assert verdicts([0.5], [0.7]) == ["best"]
    assert verdicts([0.5, 0.1, 0.2], [0.7, 0.4, 0.5]) == ["about equal", "behind", "about equal"]
    assert verdicts([], []) == []


def test_a_clear_best_move_is_found_and_said():
    state = position("academy", 3, seed=2, steps=0)
    advice = sim.advise(state, budget=1000, seed=1, workers=1)
    top = advice.iloc[0]
    if top["verdict"] == "best":
        assert (advice["high"].iloc[1:] < top["low"]).all()
    else:
        assert (advice["high"].iloc[1:] >= top["low"]).any()


@pytest.mark.parametrize(
    ("settings", "words"),
    [
        ({"budget": 0}, "budget must be a whole number"),
        ({"budget": -5}, "budget must be a whole number"),
        ({"rollouts": 2.5}, "rollouts must be a whole number"),
        ({"race": "yes"}, "race must be True or False"),
    ],
)
def test_bad_settings_are_refused(settings, words):
    with pytest.raises(ValueError, match=words):
        sim.advise(position(), **settings)


def test_a_review_finds_where_a_policy_gives_chances_away():
    def hold_at_once(view, actions):
        return actions[-1]

    table = sim.review("pig", hold_at_once, n=1, seed=3, budget=120, players=2)
    assert list(table.columns) == [
        "seed",
        "step",
        "seat",
        "move",
        "verdict",
        "win_rate",
        "best",
        "best_rate",
        "gap",
        "state",
    ]
    assert len(table) >= 3 and set(table["seat"]) == {0}
    assert all("hold" in move for move in table["move"])
    assert (table["best"] == "P1: roll the die").mean() > 0.5
    row = table.iloc[1]
    assert row["state"].to_act == 0 and row["gap"] == pytest.approx(
        row["best_rate"] - row["win_rate"]
    )
    with pytest.raises(ValueError, match="no seat 5"):
        sim.review("pig", hold_at_once, seat=5, players=2)
    with pytest.raises(ValueError, match=r"n .* must be a whole number"):
        sim.review("pig", hold_at_once, n=0)
