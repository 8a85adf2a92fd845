"""The contract every registered game passes: thousands of seeded games, every player count,
every option value (a thousand games each); cards conserved, values in bounds, every game
ends, replays identical."""

import importlib

import pytest

import umbrella_lab as ul
from umbrella_lab.engine.testing import check_game, check_many

GAMES = {
    name: tuple(importlib.import_module(f"umbrella_lab.games.{name}.policies").POLICIES.values())
    for name in ul.games()
}


def test_every_registered_game_has_policies():
    for name, policies in GAMES.items():
        assert policies, f"{name} has no policies"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_games_at_every_player_count(name):
    info = ul.load(name).info
    for players in info.players:
        game = ul.load(name, players=players)
        for policy in GAMES[name]:
            summary = check_game(game, range(250), policy, replay_every=25)
            assert summary["games"] == 250


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
    for option, value in variants:
        for players in info.players:
            game = ul.load(name, players=players, **{option: value})
            for policy in GAMES[name]:
                check_game(game, range(15), policy, replay_every=15)


GAMES_PER_VARIANT = 1000
"""Games each option value gets, shared out over the player counts and the policies."""


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_thousand_games_under_every_option_value(name):
    info = ul.load(name).info
    plays = [(players, policy) for players in info.players for policy in GAMES[name]]
    each = -(-GAMES_PER_VARIANT // len(plays))  # rounded up
    for option, value in _option_variants(name):
        played = 0
        for players, policy in plays:
            game = ul.load(name, players=players, **{option: value})
            played += check_many(game, range(1000, 1000 + each), policy)["games"]
        assert played >= GAMES_PER_VARIANT, (option, value)
