"""The compiled copy of the rules: used only when built from the current source, same games.

``python3 dev.py test`` builds the copies first; where they could not be built (no C
compiler), the tests that need them are skipped, unless UMBRELLA_LAB_EXPECT_COMPILED=1 (CI)
makes a missing copy a failure.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest

import umbrella_lab as ul
from umbrella_lab import sim
from umbrella_lab.engine import compiled
from umbrella_lab.engine.play import play_out
from umbrella_lab.games.academy.policies import heuristic
from umbrella_lab.sim.simulate import play_seeds

GAMES = ["academy", "corporation", "umbrella"]


def need_copy(name: str) -> compiled.Copy:
    """The game's compiled copy; skip (or fail, in CI) when it is not ready."""
    copy = compiled.compiled_copy(name)
    if copy is None:
        why = compiled.status(name)[name]
        if os.environ.get("UMBRELLA_LAB_EXPECT_COMPILED") == "1":
            pytest.fail(f"{name}: the compiled copy should be in use, but: {why}")
        pytest.skip(f"{name}: {why}")
    return copy


# Same seeds, both ways: every row (moves, result, summary) must be identical. A few thousand
# games in all, over player counts, policies and rule options.
CASES = [
    ("academy", {"players": 1}, 300),
    ("academy", {"players": 2}, 300),
    ("academy", {"players": 3}, 500),
    ("academy", {"players": 4}, 300),
    ("academy", {"players": 5, "damage_timing": "immediate", "turn_order": "team"}, 200),
    ("academy", {"players": 3, "strict_heal": False, "hand_size": 4, "strength": 8}, 200),
    ("corporation", {}, 200),
    ("corporation", {"subtypes": "strict"}, 100),
    ("umbrella", {"players": 2}, 100),
    ("umbrella", {"players": 4}, 60),
]


@pytest.mark.parametrize("policy", ["heuristic", "random"])
@pytest.mark.parametrize(("name", "settings", "games"), CASES)
def test_the_compiled_copy_plays_the_same_games(name, settings, games, policy):
    need_copy(name)
    players = settings.get("players", ul.load(name).players)
    options = {k: v for k, v in settings.items() if k != "players"}
    fast = play_seeds(name, players, options, policy, 0, games, use_compiled=True)
    plain = play_seeds(name, players, options, policy, 0, games, use_compiled=False)
    assert fast == plain


def test_simulations_use_the_copy_and_the_python_source_alike():
    copy = need_copy("academy")
    game = ul.load("academy", players=3)
    deal, policy = compiled.fast_play(game, "heuristic")
    assert policy is copy.policies.heuristic
    state = deal(7)
    assert type(state).__module__ == "umbrella_lab._compiled.academy.rules"
    # ... while the game itself, the explorer and the advisor keep the Python source
    assert type(game.deal(7)).__module__ == "umbrella_lab.games.academy.rules"
    a = play_out(state, policy, random.Random(7))
    b = play_out(game.deal(7), heuristic, random.Random(7))
    assert a.summary() == b.summary() and a.result == b.result
    frame = sim.simulate(game, n=50, workers=1)
    compiled.enabled = False
    try:
        assert frame.equals(sim.simulate(game, n=50, workers=1))
    finally:
        compiled.enabled = True


def test_the_policy_function_itself_finds_its_twin_but_a_users_function_does_not():
    copy = need_copy("academy")
    game = ul.load("academy", players=2)
    assert compiled.fast_play(game, heuristic)[1] is copy.policies.heuristic
    assert compiled.fast_play(game, lambda state, rng: state._moves()[0]) is None
    umbrella = need_copy("umbrella")
    # Umbrella's best player is "greedy", also known by the kit-wide name "heuristic"
    assert compiled.fast_play(ul.load("umbrella"), "heuristic")[1] is umbrella.policies.greedy


def test_a_changed_rules_file_is_never_hidden_by_an_old_copy(monkeypatch):
    need_copy("academy")
    real = compiled.source_hashes

    def edited(name):
        hashes = dict(real(name))
        hashes["rules"] = "0" * 64  # as if someone edited rules.py after the build
        return hashes

    monkeypatch.setattr(compiled, "source_hashes", edited)
    assert compiled.compiled_copy("academy") is None
    assert compiled.fast_play(ul.load("academy"), "heuristic") is None
    words = compiled.status("academy")["academy"]
    assert "rules.py changed since the copy was built" in words
    assert "python -m umbrella_lab.engine.compiled" in words
    assert "academy" in compiled.stale(["academy"])
    # simulations still run, on the Python source
    assert len(sim.simulate("academy", n=5, workers=1)) == 5


def test_switched_off_simulations_play_the_python_source(monkeypatch):
    monkeypatch.setattr(compiled, "enabled", False)
    assert compiled.compiled_copy("academy") is None
    assert compiled.fast_play(ul.load("academy"), "heuristic") is None
    assert compiled.status() == dict.fromkeys(
        GAMES, "off (umbrella_lab.engine.compiled.enabled is False)"
    )


def test_a_copy_that_was_never_built_is_reported(monkeypatch, tmp_path):
    monkeypatch.setattr(compiled, "_BUILT", tmp_path / "_compiled")
    assert compiled.stale() == GAMES


def test_without_cython_the_build_says_why_and_changes_nothing(monkeypatch, tmp_path):
    monkeypatch.setattr(compiled, "_BUILT", tmp_path / "_compiled")
    monkeypatch.setattr(compiled, "cython_available", lambda: False)
    said = []
    assert compiled.build(["academy"], say=said.append) is False
    assert "Cython and setuptools are missing" in said[0]
    assert "pip install 'umbrella-lab[fast]'" in said[0]
    assert not (tmp_path / "_compiled").exists()


def test_an_up_to_date_copy_is_not_rebuilt():
    need_copy("academy")
    said = []
    assert compiled.build(["academy"], say=said.append) is True
    assert said == ["compiled rules are up to date: academy"]


def test_the_environment_can_switch_it_off():
    code = "from umbrella_lab.engine import compiled; print(compiled.enabled)"
    env = {**os.environ, "UMBRELLA_LAB_COMPILED": "0"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize(("name", "players", "steps"), [("academy", 3, 9), ("corporation", 2, 5)])
def test_the_advisor_gives_the_same_advice_on_the_compiled_copy(name, players, steps):
    need_copy(name)
    state = ul.load(name, players=players).new(seed=4)
    rng = random.Random(4)
    for _ in range(steps):  # somewhere in the middle of a game
        actions = state.legal_actions()
        state = state.apply(actions[rng.randrange(len(actions))])
    twin = compiled.twin_state(state)
    assert type(twin).__module__ == f"umbrella_lab._compiled.{name}.rules"
    assert twin.to_dict() == state.to_dict() and twin._moves() == state._moves()
    fast = sim.advise(state, rollouts=30, workers=1)
    compiled.enabled = False
    try:
        assert compiled.twin_state(state) is None
        assert fast.equals(sim.advise(state, rollouts=30, workers=1))
    finally:
        compiled.enabled = True


def test_a_folder_that_cannot_be_written_is_reported_not_raised(monkeypatch, tmp_path):
    if not compiled.cython_available():
        pytest.skip("Cython is not installed")
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setattr(compiled, "_BUILT", blocked / "_compiled")
    monkeypatch.setattr(compiled.subprocess, "run", lambda *a, **k: _Done())
    said = []
    assert compiled.build(["academy"], say=said.append) is False
    assert "could not be saved" in said[-1] and "Python source" in said[-1]


class _Done:
    """What a successful compiler run returns (the build itself is skipped in this test)."""

    returncode = 0
    stdout = stderr = ""
