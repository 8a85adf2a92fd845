"""The contract every registered game passes: thousands of seeded games, every player count,
every option value; cards conserved, values in bounds, every game ends, replays identical."""

import importlib

import pytest

import umbrella_lab as ul
from umbrella_lab.engine.testing import check_game

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
