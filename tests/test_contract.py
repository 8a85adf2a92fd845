"""The contract every registered game passes: seeded games at every player count and under
every option value; cards conserved, values in bounds, every game ends, replays identical,
``apply`` and ``fork`` never change the state they are given.

The full run (CI, ``python3 dev.py test --full``) fully checks 60 games per player count and
policy and plays 300 more games under every option value (thousands per game in all); the
default run plays fewer of each, and checks each option value fully at one player count.
"""

import pytest
from helpers import FULL

import umbrella_lab as ul
from umbrella_lab.engine.testing import check_game, check_many
from umbrella_lab.games.pig import PigState
from umbrella_lab.sim.policies import game_policies

GAMES = {
    name: tuple({id(f): f for f in game_policies(name).values()}.values()) for name in ul.games()
}

PER_PLAYER_COUNT = 60 if FULL else 8
"""Games per player count and policy, each fully checked (every move, replays)."""

PER_OPTION_VALUE = 5 if FULL else 1
"""Fully checked games per option value, player count and policy."""

GAMES_PER_VARIANT = 300 if FULL else 20
"""Games each option value gets, shared out over the player counts and the fast policies."""

SEARCHING = {"planner"}
"""Players that search every turn (Marvel United's planner: about 30 games a second). The two
fully checked tests above play them under every player count and option value; the thousand
games per option value go to the players that decide at a glance."""

FAST = {
    name: tuple(
        {
            id(f): f
            for key, f in game_policies(name).items()
            if key not in SEARCHING and f not in [game_policies(name).get(s) for s in SEARCHING]
        }.values()
    )
    for name in ul.games()
}


def _searches(name, policy):
    """True for a player that searches every turn (one checked game per option value)."""
    return any(policy is game_policies(name).get(s) for s in SEARCHING)


def test_every_registered_game_has_policies():
    for name, policies in GAMES.items():
        assert policies, f"{name} has no policies"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_games_at_every_player_count(name):
    info = ul.load(name).info
    for players in info.players:
        game = ul.load(name, players=players)
        for policy in GAMES[name]:
            summary = check_game(game, range(PER_PLAYER_COUNT), policy, replay_every=25)
            assert summary["games"] == PER_PLAYER_COUNT


def _option_variants(name):
    info = ul.load(name).info
    for option in info.options:
        for value in option.choices or ():
            if value != option.default:
                yield option.name, value


@pytest.mark.parametrize("name", sorted(GAMES))
def test_games_under_every_option_value(name):
    info = ul.load(name).info
    variants = list(_option_variants(name))
    assert variants, "a game with options should list choices"
    # the default run checks each option value at one table (the middle player count)
    counts = info.players if FULL else info.players[len(info.players) // 2 :][:1]
    for option, value in variants:
        for players in counts:
            game = ul.load(name, players=players, **{option: value})
            for policy in GAMES[name]:
                n = 1 if _searches(name, policy) else PER_OPTION_VALUE
                check_game(game, range(n), policy, replay_every=n)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_many_games_under_every_option_value(name):
    info = ul.load(name).info
    plays = [(players, policy) for players in info.players for policy in FAST[name]]
    each = -(-GAMES_PER_VARIANT // len(plays))  # rounded up
    for option, value in _option_variants(name):
        played = 0
        for players, policy in plays:
            game = ul.load(name, players=players, **{option: value})
            played += check_many(game, range(1000, 1000 + each), policy)["games"]
        assert played >= GAMES_PER_VARIANT, (option, value)


def test_a_clone_that_forgets_to_copy_a_list_is_caught(monkeypatch):
    """The mutation check compares every slot: a shared list cannot hide behind to_dict."""
    clone = PigState._clone

    def forgetful(self):
        new = clone(self)
        new.scores = self.scores  # the bug: both states now hold the same list
        return new

    monkeypatch.setattr(PigState, "_clone", forgetful)
    policy = game_policies("pig")["heuristic"]
    with pytest.raises(AssertionError, match="shares lists with the old: \\['scores'\\]"):
        check_game(ul.load("pig"), range(3), policy, replay_every=1)
