"""The class's tables against the bots: each table's game beside a bots' game on the same seed.

>>> from umbrella_lab.table.compare import against_bots
>>> from umbrella_lab.table.model import Table
>>> table = Table("pig", players=2, seed=4, bots={0: "random", 1: "random"})
>>> for _ in range(400):
...     if table.over:
...         break
...     _ = table.bot_move()
>>> frame = against_bots([table.record()], policy="heuristic")
>>> list(frame.columns[:4]), int(frame.loc[0, "seed"])
(['table', 'game', 'players', 'seed'], 4)

A record is what the teacher's page offers at the end of a game (or :meth:`Table.record`); the
bots play the same deal (the same seed, so the same cards in the same order) with one of the
game's policies, through :func:`umbrella_lab.sim.simulate`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from umbrella_lab.engine.core import load
from umbrella_lab.engine.record import Record


def against_bots(records: list[Any], policy: str = "heuristic") -> Any:
    """One row per table: how the class's game went, and the bots' on the same seed.

    Args:
        records: Records (:class:`~umbrella_lab.engine.record.Record`), their dicts, or paths
            of record files downloaded from the teacher's page.
        policy: The bots' policy (one of the game's).

    Returns:
        A pandas DataFrame: ``table`` (the record's notes), ``game``, ``players``, ``seed``,
        ``class_won``, ``class_moves``, ``class_reason``, ``bots_won``, ``bots_moves``,
        ``bots_reason`` (``won``: the game had a winner, the team's win in a co-operative game).

    Raises:
        RecordError: a record that cannot be read or does not replay.
    """
    import pandas as pd

    from umbrella_lab.sim import simulate

    rows = []
    for item in records:
        record = _record(item)
        final = record.final()
        result = final.result
        game = load(record.game, record.players, **record.options)
        bots = simulate(game, policy, n=1, seed=record.seed, workers=1, progress=False)
        row = bots.iloc[0]
        rows.append(
            {
                "table": record.notes,
                "game": record.game,
                "players": record.players,
                "seed": record.seed,
                "class_won": bool(result and result.winners),
                "class_moves": len(record.actions),
                "class_reason": result.reason if result else "not finished",
                "bots_won": bool(row["won"]),
                "bots_moves": int(row["moves"]),
                "bots_reason": str(row["reason"]),
            }
        )
    return pd.DataFrame(rows)


def _record(item: Any) -> Record:
    if isinstance(item, Record):
        return item
    if isinstance(item, str | Path):
        return Record.load(item)
    return Record.from_dict(item)
