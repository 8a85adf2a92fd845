"""The OpenSpiel adapter: every registered game passes OpenSpiel's own random-simulation test.

OpenSpiel is an optional extra: without it these tests are skipped, saying so.
"""

from __future__ import annotations

import math
import random

import pytest
from helpers import FULL

import umbrella_lab as ul
from umbrella_lab import sim

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed (pip install open_spiel): the adapter is untested"
)

from umbrella_lab.interop import openspiel  # noqa: E402 - only with pyspiel

SIMS = 3 if FULL else 2


def tables():
    """Every game at its smallest table (the full run: at every player count)."""
    for name in ul.games():
        info = ul.load(name).info
        counts = info.players if FULL else [min(info.players)]
        for players in counts:
            yield name, players


@pytest.mark.parametrize(("name", "players"), list(tables()))
def test_openspiels_random_simulation_test_passes(name, players):
    game = openspiel.load_game(name, players=players, deals=20)
    pyspiel.random_sim_test(game, num_sims=SIMS, serialize=False, verbose=False)


def test_a_game_that_hides_nothing_has_perfect_information():
    """Pig's table is open to every seat (an OpenState); every other game hides something."""
    perfect = pyspiel.GameType.Information.PERFECT_INFORMATION
    for name in ul.games():
        information = openspiel.game_type(ul.load(name)).information
        assert (information == perfect) == (name == "pig"), name


def test_the_deal_and_the_dice_are_chance_nodes_with_exact_odds():
    game = openspiel.load_game("pig", players=2, deals=4, first_seed=10)
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(k, 0.25) for k in range(4)]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 2) == "deal seed 12"
    state.apply_action(2)
    assert state.lab.to_dict() == ul.load("pig", players=2).deal(12).to_dict()
    roll = state.legal_actions()
    assert [state.action_to_string(0, a) for a in roll] == ["P1: roll the die"]
    state.apply_action(roll[0])
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 6 and math.isclose(sum(p for _, p in outcomes), 1.0)
    assert {state.action_to_string(pyspiel.PlayerId.CHANCE, a) for a, _ in outcomes} == {
        f"the die shows {face}" for face in range(1, 7)
    }


def test_information_states_are_the_seat_views_without_the_seed():
    game = openspiel.load_game("corporation", deals=3)
    state = game.new_initial_state()
    state.apply_action(1)
    while state.is_chance_node() or len(state.lab.hands[1]) == 0:
        state.apply_action(state.legal_actions()[0] if not state.is_chance_node() else 0)
    heroes, umbrella = state.information_state_string(0), state.information_state_string(1)
    assert heroes != umbrella
    assert '"seed"' not in heroes
    assert state.observation_string(0) == heroes


def test_a_clone_is_independent():
    game = openspiel.load_game("umbrella", players=2, deals=2)
    state = game.new_initial_state()
    state.apply_action(0)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert state.lab is not clone.lab
    assert len(state.history()) + 1 == len(clone.history())
    assert state.lab.to_dict() == ul.load("umbrella", players=2).deal(0).to_dict()


def test_openspiels_mcts_bot_plays_through_the_adapter():
    bot = openspiel.OpenSpielMCTS(playouts=20)
    state = ul.load("corporation").new(seed=2)
    move = bot(state, random.Random(0))
    assert move in state.legal_moves()
    frame = sim.simulate("pig", policy=bot, n=1, workers=1, goal=50)
    assert frame["policy"].iloc[0] == "openspiel-mcts(20)"


def test_bad_settings_are_refused():
    with pytest.raises(ValueError, match="deals must be"):
        openspiel.load_game("pig", deals=0)
    with pytest.raises(ul.OptionError, match="no game named"):
        openspiel.load_game("chess")
    with pytest.raises(ValueError, match="playouts must be"):
        openspiel.OpenSpielMCTS(playouts=-3)


def test_a_game_can_join_openspiels_registry():
    name = openspiel.register("pig", players=3)
    game = pyspiel.load_game(name)
    assert name == "umbrella_lab_pig" and game.num_players() == 3
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_two_moves_that_read_alike_get_two_strings(monkeypatch):
    from umbrella_lab.games.pig import Hold, Roll

    game = openspiel.load_game("pig", players=2, deals=1)
    state = game.new_initial_state()
    state.apply_action(0)
    state.apply_action(state.legal_actions()[0])  # roll
    state.apply_action(
        next(
            a
            for a, _ in state.chance_outcomes()
            if "shows 5" in state.action_to_string(pyspiel.PlayerId.CHANCE, a)
        )
    )
    for kind in (Roll, Hold):
        monkeypatch.setattr(kind, "label", lambda self, s: "P1: the same words")
    state = state.clone()  # a fresh state: nothing worded yet
    said = [state.action_to_string(0, a) for a in state.legal_actions()]
    assert len(said) == 2 and len(set(said)) == 2, said
    assert said[0] == "P1: the same words"  # the engine's way: the first kept, then ids
    assert said[1].startswith("P1: the same words ["), said
