"""Record files saved by the kit before action ids were built from names (December).

``records/`` holds one record per game and player count in that older id format
(``attack/0/52/-1``: kind, seat, then numbers); ``records/expected.json`` names the table each
must replay to. The test ``test_golden.py`` loads them with today's kit: old records keep
loading. This script wrote them once; it is kept to show how.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import golden

import umbrella_lab as ul
from umbrella_lab.engine.core import CHANCE
from umbrella_lab.engine.record import Record

RECORDS = golden.HERE / "records"


def main() -> None:
    RECORDS.mkdir(exist_ok=True)
    expected = {}
    for name, players, _ in golden.playthrough_cases():
        for seed in (3, 11):
            game = ul.load(name, players=players)
            state = game.new(seed)
            rng = random.Random(seed)
            ids, labels = [], []
            while not state.is_over:
                if state.to_act == CHANCE:
                    action = state.parse_action(state._lucky_key())
                else:
                    action = rng.choice(sorted(state.legal_actions(), key=str))
                ids.append(action.id)
                labels.append(action.label)
                state = state.apply(action)
            file = f"{name}-{players}p-seed{seed}.json"
            Record.of(game, seed, ids).save(RECORDS / file)
            table = json.dumps(state.to_dict(), sort_keys=True)
            expected[file] = {
                "labels": hashlib.sha256("\n".join(labels).encode()).hexdigest(),
                "table": hashlib.sha256(table.encode()).hexdigest(),
                "result": state.result.to_dict(),
            }
    (RECORDS / "expected.json").write_text(
        json.dumps(expected, indent=1, sort_keys=True) + "\n", encoding="utf-8"
    )


def sessions() -> None:
    """One saved session per game with a branch, in the older id format."""
    from umbrella_lab.engine.session import Session

    expected = {}
    for name in ul.games():
        players = ul.load(name).info.players[-1]
        session = Session(ul.load(name, players=players), seed=5)
        rng = random.Random(5)
        for _ in range(12):
            if session.state.is_over:
                break
            session.apply(rng.choice(sorted(session.state.legal_actions(), key=str)))
        session.jump(4)
        session.fork("what if")
        for _ in range(6):
            if session.state.is_over:
                break
            session.apply(rng.choice(sorted(session.state.legal_actions(), key=str)))
        file = f"{name}-session.json"
        session.save(RECORDS / file)
        expected[file] = {
            b.label: [n.label for n in session.branch_line(b)] for b in session.branches()
        }
    (RECORDS / "sessions.json").write_text(
        json.dumps(expected, indent=1, sort_keys=True) + "\n", encoding="utf-8"
    )


if __name__ == "__main__":
    main()
    sessions()
