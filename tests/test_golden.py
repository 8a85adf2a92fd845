"""Golden games: every move, event, rule id and result of thousands of seeded games is as
recorded (``tests/golden``), and records saved in the older id format still load.

The default run checks a few games of every scenario; the full run (``python3 dev.py test
--full``, as CI does) checks them all. After an intended rule change, run
``python tests/golden/regenerate.py`` and review the diff.
"""

from __future__ import annotations

import hashlib
import json
import sys
import warnings
from pathlib import Path

import pytest
from helpers import FULL

import umbrella_lab as ul
from umbrella_lab.engine.record import Record

sys.path.insert(0, str(Path(__file__).parent / "golden"))
import golden

KNOWN = json.loads(golden.DIGESTS.read_text(encoding="utf-8"))
SCENARIOS = [s for s in golden.scenarios("full" if FULL else "fast") if s.key in KNOWN]
RECORDS = golden.HERE / "records"


def test_every_game_has_golden_scenarios():
    games = {scenario.game for scenario in golden.scenarios("fast")}
    assert games == set(ul.games())
    recorded = {s.game for s in golden.scenarios("fast") if s.key in KNOWN}
    assert recorded == set(ul.games()), "run tests/golden/regenerate.py for a new game"


def test_the_recorded_games_are_exactly_the_scenarios():
    """A scenario never recorded would be skipped unseen; a recorded game no scenario plays any
    more guards nothing."""
    played = {s.key for tier in ("fast", "full") for s in golden.scenarios(tier)}
    unrecorded, stale = sorted(played - KNOWN.keys()), sorted(KNOWN.keys() - played)
    assert not unrecorded, f"not recorded yet (run tests/golden/regenerate.py): {unrecorded[:5]}"
    assert not stale, f"recorded but no longer played (regenerate.py drops them): {stale[:5]}"


@pytest.mark.parametrize("game, players", sorted({(s.game, s.players) for s in SCENARIOS}))
def test_golden_games_replay_identically(game, players):
    """One test per game and player count: each stays well inside the time limit of a test."""
    table = [s for s in SCENARIOS if s.game == game and s.players == players]
    differ = [s.key for s in table if golden.digest(s)[0] != KNOWN[s.key]]
    assert not differ, f"these golden games play differently now: {differ}"


@pytest.mark.parametrize("name, players, seed", golden.playthrough_cases())
def test_the_readable_playthroughs_are_unchanged(name, players, seed):
    file = golden.PLAYTHROUGHS / f"{name}-{players}p.txt"
    assert file.exists(), f"{file.name} is missing: run tests/golden/regenerate.py"
    assert golden.playthrough_text(name, players, seed) == file.read_text(encoding="utf-8")


EXPECTED = json.loads((RECORDS / "expected.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("file", sorted(EXPECTED))
def test_records_in_the_older_id_format_replay_to_the_same_end(file):
    record = Record.load(RECORDS / file)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no data hash in the old files: nothing to warn about
        states = record.replay()
    assert len(states) == len(record.actions) + 1
    final = states[-1]
    table = json.dumps(final.to_dict(), sort_keys=True)
    want = EXPECTED[file]
    assert hashlib.sha256(table.encode()).hexdigest() == want["table"]
    assert final.result.to_dict() == want["result"]
    words = [
        state.parse_action(action).label
        for state, action in zip(states, record.actions, strict=False)
    ]
    assert hashlib.sha256("\n".join(words).encode()).hexdigest() == want["labels"]


SESSIONS = json.loads((RECORDS / "sessions.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("file", sorted(SESSIONS))
def test_sessions_in_the_older_id_format_load_with_every_branch(file):
    session = ul.Session.load(RECORDS / file)
    lines = {b.label: [n.label for n in session.branch_line(b)] for b in session.branches()}
    assert lines == SESSIONS[file]
