"""The luck draw (``umbrella_lab.engine.luck``): counter-based and versioned."""

from __future__ import annotations

import json
import pickle
import random
from typing import ClassVar

import pytest

import umbrella_lab as ul
from umbrella_lab.engine import luck
from umbrella_lab.engine.cloning import slots_of
from umbrella_lab.engine.core import CHANCE, State
from umbrella_lab.engine.legacy import TwisterLuck
from umbrella_lab.engine.luck import Draws, derive_seed, number
from umbrella_lab.engine.record import Record
from umbrella_lab.engine.session import Session


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
