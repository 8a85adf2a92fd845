"""The luck draw (``umbrella_lab.engine.luck``): counter-based, uniform, uncorrelated, versioned.

The uniformity tests draw with numpy exactly the numbers the engine draws (a test checks that
the two agree), so that a million draws take a fraction of a second: the default run draws
20,000 of each, the full run (``--full``) a million. Every statistic is held against a bound
that a fair draw passes but for a chance of one in 10,000 (each side).
"""

from __future__ import annotations

import json
import math
import pickle
import random
from fractions import Fraction
from statistics import NormalDist
from typing import ClassVar

import numpy as np
import pytest
from helpers import FULL

import umbrella_lab as ul
from umbrella_lab.engine import luck
from umbrella_lab.engine.cloning import slots_of
from umbrella_lab.engine.core import CHANCE, State, _edges
from umbrella_lab.engine.legacy import TwisterLuck
from umbrella_lab.engine.luck import GAMMA, MIX_1, MIX_2, Draws, derive_seed, number
from umbrella_lab.engine.record import Record
from umbrella_lab.engine.session import Session

DRAWS = 1_000_000 if FULL else 20_000
"""Draws per die and deck size: a million in the full run."""

FALSE_ALARM = 1e-4
"""The chance that a fair draw fails a test, on each side."""

D6 = (Fraction(1, 6),) * 6
TWO_D6 = tuple(Fraction(6 - abs(total - 7), 36) for total in range(2, 13))
COIN = (Fraction(1, 2),) * 2
DICE = {"d6 (Pig, Corporation's fate)": D6, "2d6 (Corporation's combat)": TWO_D6, "coin": COIN}
"""The chance tables the games draw from (every table their chance steps return)."""

DECKS = (2, 3, 4, 6, 12, 18, 20, 24, 36, 39, 40, 56, 60)
"""Deck sizes the games shuffle (whole decks at the deal, discard piles made decks): the
largest of each game, and small piles."""


# --- numpy twins of the engine's draw, checked against it ------------------------------------
def np_number(keys: np.ndarray, index: np.ndarray | int) -> np.ndarray:
    """:func:`luck.number` for arrays of keys (uint64 arithmetic wraps modulo 2**64)."""
    index = np.atleast_1d(np.asarray(index, dtype=np.uint64))  # arrays wrap without a warning
    z = keys + (index + np.uint64(1)) * np.uint64(GAMMA)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(MIX_1)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(MIX_2)
    return z ^ (z >> np.uint64(31))


def np_unit(numbers: np.ndarray) -> np.ndarray:
    """Numbers as floats in [0, 1), as ``Draws.random`` and the chance steps make them."""
    return (numbers >> np.uint64(11)).astype(np.float64) * 2.0**-53


def np_below(numbers: np.ndarray, n: int) -> np.ndarray:
    """``Draws.below(n)`` of each number (no number of these tests is rejected: checked)."""
    hi, lo = numbers >> np.uint64(32), numbers & np.uint64(0xFFFFFFFF)
    n64 = np.uint64(n)
    low = numbers * n64  # the product's low 64 bits
    assert not np.any(low < n64), "a number Lemire's check would draw again"
    return ((hi * n64 + ((lo * n64) >> np.uint64(32))) >> np.uint64(32)).astype(np.int64)


def np_shuffles(keys: np.ndarray, n: int) -> np.ndarray:
    """``Draws(key).shuffle(list(range(n)))`` for every key: one row each (no key repeats in
    these tests: checked)."""
    drawn = np_number(keys[:, None], np.arange(n, dtype=np.uint64)[None, :])
    order = np.argsort(drawn, axis=1)
    ranked = np.take_along_axis(drawn, order, axis=1)
    assert not np.any(ranked[:, 1:] == ranked[:, :-1]), "a pile whose keys repeat one"
    return order


def seeds(count: int, start: int = 0) -> np.ndarray:
    return np.arange(start, start + count, dtype=np.uint64)


def chance_outcomes(seed_keys: np.ndarray, steps: np.ndarray, table: tuple) -> np.ndarray:
    """The outcome (index) each chance step gives, as ``State._lucky_key`` picks it."""
    edges = np.array(_edges(tuple((k, p) for k, p in enumerate(table))))
    u = np_unit(np_number(seed_keys, steps + np.uint64(luck.CHANCE)))
    return np.searchsorted(edges, u, side="right")


def test_the_numpy_twins_draw_what_the_engine_draws():
    keys = [0, 1, 2**63 - 1, 123_456_789, derive_seed(5, 3)]
    for key in keys:
        drawn = Draws(key)
        assert [drawn.next() for _ in range(5)] == [number(key, i) for i in range(5)]
        assert int(np_number(np.array([key], dtype=np.uint64), 3)[0]) == number(key, 3)
    for n in (2, 7, 40, 60):
        for key in keys:
            pile = list(range(n))
            Draws(key).shuffle(pile)
            assert np_shuffles(np.array([key], dtype=np.uint64), n)[0].tolist() == pile
    for seed in range(50):
        for step in range(5):
            want = luck.chance_draw(seed, step)
            got = np_unit(np_number(np.array([seed], dtype=np.uint64), luck.CHANCE + step))
            assert float(got[0]) == want


def test_a_chance_step_draws_what_the_engine_rolls():
    game = ul.load("pig", players=2)
    for seed in range(40):
        state = game.new(seed)
        while not state.is_over and state._luck() < 6:
            if state.to_act == CHANCE:
                table = tuple(p for _, p in state._chance())
                want = chance_outcomes(
                    np.array([seed], dtype=np.uint64), np.array([state._luck()]), table
                )[0]
                assert state._lucky_key() == state._chance()[want][0]
                state = state.roll()
            else:
                state = state.apply(state.legal_actions()[0])  # roll


# --- uniformity: chi-square ---------------------------------------------------------------------
def chi_square_bounds(df: int) -> tuple[float, float]:
    """The chi-square statistic's bounds for ``df`` degrees of freedom (Wilson-Hilferty)."""
    z = NormalDist().inv_cdf(1 - FALSE_ALARM)
    a = 2 / (9 * df)
    return df * (1 - a - z * math.sqrt(a)) ** 3, df * (1 - a + z * math.sqrt(a)) ** 3


def assert_uniform(counts: np.ndarray, expected: np.ndarray, what: str) -> None:
    statistic = float(((counts - expected) ** 2 / expected).sum())
    low, high = chi_square_bounds(counts.size - 1)
    assert low < statistic < high, (
        f"{what}: chi-square {statistic:.1f} outside ({low:.1f}, {high:.1f})"
    )


@pytest.mark.parametrize("name", sorted(DICE))
def test_every_die_the_games_roll_is_fair(name):
    table = DICE[name]
    # one game's chance steps, and the first step of neighbouring games
    along = chance_outcomes(np.full(DRAWS, 12345, dtype=np.uint64), seeds(DRAWS), table)
    across = chance_outcomes(seeds(DRAWS), np.zeros(DRAWS, dtype=np.uint64), table)
    expected = np.array([float(p) for p in table]) * DRAWS
    for outcomes, how in ((along, "one game's steps"), (across, "neighbouring seeds")):
        counts = np.bincount(outcomes, minlength=len(table))
        assert_uniform(counts, expected, f"{name}, {how}")


@pytest.mark.parametrize("n", DECKS)
def test_every_deck_size_shuffles_fairly(n):
    """Each card lands in each place as often: a chi-square test of the n x n table."""
    count = DRAWS if n <= 20 or FULL else DRAWS // 2
    table = np.zeros((n, n), dtype=np.int64)
    for start in range(0, count, 100_000):
        size = min(100_000, count - start)
        keys = np_number(seeds(size, start), 1)  # each game's first shuffle after the deal
        piles = np_shuffles(keys, n)
        for place in range(n):
            table[place] += np.bincount(piles[:, place], minlength=n)
    assert_uniform(table.ravel(), np.full(n * n, count / n), f"deck of {n}")


def test_every_range_a_choice_draws():
    """``below(n)`` (a ``randrange``, a step of a ``sample``) for every n from 2 to 64."""
    numbers = np_number(np.full(DRAWS, 777, dtype=np.uint64), np.arange(DRAWS, dtype=np.uint64))
    for n in range(2, 65):
        counts = np.bincount(np_below(numbers, n), minlength=n)
        assert_uniform(counts, np.full(n, DRAWS / n), f"below({n})")


def test_a_small_deck_deals_every_order_as_often():
    keys = np_number(seeds(DRAWS), 1)
    piles = np_shuffles(keys, 4)
    orders = piles @ np.array([64, 16, 4, 1])
    counts = np.unique(orders, return_counts=True)[1]
    assert len(counts) == 24
    assert_uniform(counts, np.full(24, DRAWS / 24), "the 24 orders of 4 cards")


# --- no correlation between neighbours ------------------------------------------------------
def assert_uncorrelated(a: np.ndarray, b: np.ndarray, what: str) -> None:
    r = float(np.corrcoef(a, b)[0, 1])
    bound = NormalDist().inv_cdf(1 - FALSE_ALARM) / math.sqrt(len(a))
    assert abs(r) < bound, f"{what}: correlation {r:.5f} (bound {bound:.5f})"


def test_neighbouring_seeds_and_draws_are_uncorrelated():
    n = DRAWS
    across = np_unit(np_number(seeds(n + 1), luck.CHANCE))  # step 0 of seeds 0, 1, 2...
    assert_uncorrelated(across[:-1], across[1:], "chance step 0 of neighbouring seeds")
    along = np_unit(np_number(np.full(n + 1, 99, dtype=np.uint64), seeds(n + 1) + luck.CHANCE))
    assert_uncorrelated(along[:-1], along[1:], "neighbouring chance steps of one game")
    deals = np_unit(np_number(np_number(seeds(n + 1), 0), 0))  # each deal's first number
    assert_uncorrelated(deals[:-1], deals[1:], "the deals of neighbouring seeds")
    key = number(2024, 1)
    stream = np_unit(np_number(np.full(n + 1, key, dtype=np.uint64), seeds(n + 1)))
    assert_uncorrelated(stream[:-1], stream[1:], "neighbouring numbers of one shuffle")
    forks = np.array([derive_seed(s, 0) for s in range(min(n, 20_000) + 1)], dtype=np.uint64)
    assert_uncorrelated(
        np_unit(forks[:-1] << np.uint64(1)), np_unit(forks[1:] << np.uint64(1)), "forks' seeds"
    )


def test_two_neighbouring_rolls_are_independent():
    """Pairs of d6 rolls (step n, step n + 1): every one of the 36 pairs as often."""
    steps = np.arange(0, 2 * DRAWS, dtype=np.uint64)
    faces = chance_outcomes(np.full(2 * DRAWS, 5, dtype=np.uint64), steps, D6)
    pairs = faces[0::2] * 6 + faces[1::2]
    counts = np.bincount(pairs, minlength=36)
    assert_uniform(counts, np.full(36, DRAWS / 36), "pairs of neighbouring d6 rolls")


# --- the draw's properties -----------------------------------------------------------------------
def test_luck_is_a_pure_function_of_seed_and_draw():
    drawn = Draws(42)
    assert [drawn.random() for _ in range(3)] == [(number(42, i) >> 11) / 2**53 for i in range(3)]
    assert luck.chance_draw(9, 4) == luck.chance_draw(9, 4) != luck.chance_draw(9, 5)
    with pytest.raises(ValueError, match="empty range"):
        Draws(1).randrange(0)
    with pytest.raises(ValueError, match="cannot take 3 of 2"):
        Draws(1).sample([1, 2], 3)


def test_a_rejected_number_is_drawn_again():
    """Lemire's check: a number whose product's low bits fall below 2**64 mod n is redrawn."""

    class Rigged(Draws):
        queue: ClassVar[list[int]] = [
            1,
            2**63,
        ]  # 1 * 3 has low bits 3 >= 2**64 mod 3 = 1: kept; then not rejected

        def next(self) -> int:
            return self.queue.pop(0)

    assert Rigged(0).below(3) == 0
    Rigged.queue = [0, 2**63]  # 0 * 3 = 0 < 2**64 mod 3: rejected, then 2**63 * 3 >> 64 = 1
    assert Rigged(0).below(3) == 1


def test_a_pile_whose_keys_repeat_one_is_shuffled_with_the_next_numbers(monkeypatch):
    tied = [5, 9, 5]
    monkeypatch.setattr(luck, "numbers", lambda key, start, n: list(tied))
    pile = ["a", "b", "c"]
    drawn = Draws(77)
    drawn.shuffle(pile)
    keys = [number(77, i) for i in (3, 4, 5)]  # numbers 0-2 were the tied keys
    assert pile == [card for _, card in sorted(zip(keys, ["a", "b", "c"], strict=True))]
    assert drawn.index == 6
    assert luck.numbers is not None


def test_the_numbers_of_a_deck_are_drawn_together_as_one_by_one():
    for key in (0, 1, 2**64 - 1, 987_654_321):
        for start in (0, 5):
            for n in (1, 2, 17, 60):
                assert luck.numbers(key, start, n) == [number(key, start + i) for i in range(n)]


def test_derived_seeds_stop_growing():
    seed = 7
    for index in range(2_000):
        seed = derive_seed(seed, index)
        assert 0 <= seed < 2**63
    assert derive_seed(2**63 - 1, 2**40) < 2**63


def test_forks_share_their_future_luck_and_new_luck_is_the_one_formula():
    game = ul.load("academy", players=3)
    state = game.new(11)
    for _ in range(5):
        state = state.apply(state.legal_actions()[0])
    same = state.fork()
    for move in (0, 0, 0):
        state = state.apply(state.legal_actions()[move])
        same = same.apply(same.legal_actions()[move])
    assert same.to_dict() == state.to_dict()
    new = state.fork(new_luck=True)
    assert new.seed == derive_seed(state.seed, 0)
    assert new.to_dict() == state.reshuffled(derive_seed(state.seed, 0)).to_dict()


# --- luck versions: older records and sessions replay with the older draw ----------------------
def table(state: ul.State) -> list:
    """Everything on the table, deck orders too."""
    return [getattr(state, name) for name in slots_of(type(state), State) if name != "events"]


@pytest.mark.parametrize("name, players", [("academy", 3), ("corporation", 2), ("marvel", 2)])
def test_a_record_of_luck_version_1_replays_with_it(name, players):
    old = ul.load(name, players=players).with_luck(1)
    assert isinstance(old.luck, TwisterLuck)
    state, rng = old.new(3), random.Random(3)
    ids = []
    for _ in range(40):
        if state.is_over:
            break
        if state.to_act == CHANCE:
            action = state.action(state._lucky_key())
        else:
            action = rng.choice(state.legal_actions())
        ids.append(action.id)
        state = state.apply(action)
    data = Record.of(old, 3, ids).to_dict()
    assert data["luck"] == 1
    del data["luck"]  # as records saved before the field was written
    again = Record.from_dict(json.loads(json.dumps(data)))
    assert again.luck == 1
    assert again.final().to_dict() == state.to_dict()
    assert table(ul.load(name, players=players).new(3)) != table(old.new(3))  # other luck


def test_a_record_names_its_luck_and_refuses_an_unknown_one():
    game = ul.load("pig", players=2)
    record = Record.of(game, 1, [])
    assert record.luck == luck.LUCK_VERSION == record.to_dict()["luck"]
    with pytest.raises(ul.RecordError, match="field 'luck' must be a luck version"):
        Record.from_dict({**record.to_dict(), "luck": 7})
    with pytest.raises(ul.OptionError, match="luck version 7 is not known"):
        game.with_luck(7)


def test_a_session_saved_with_luck_version_1_reloads_with_it():
    game = ul.load("academy", players=2).with_luck(1)
    session = Session(game, seed=5)
    for _ in range(4):
        session.apply(session.state.legal_actions()[0])
    session.fork("new", new_luck=True)
    session.apply(session.state.legal_actions()[-1])
    data = session.to_dict()
    assert data["luck"] == 1
    del data["luck"]
    again = Session.from_dict(data)
    assert again.game.luck.version == 1
    assert again.state.to_dict() == session.state.to_dict()


def test_a_game_with_an_older_luck_pickles_with_it():
    game = ul.load("academy", players=3).with_luck(1)
    again = pickle.loads(pickle.dumps(game))
    assert again.luck.version == 1
    assert again.new(4).to_dict() == game.new(4).to_dict()
    assert game.with_options(players=2).luck.version == 1
    assert pickle.loads(pickle.dumps(ul.load("pig"))).luck is luck.LUCK
