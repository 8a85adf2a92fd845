"""Make the example class tables of workshop 09 (``09_playtest_together.ipynb``).

Three tables of The Umbrella Academy Game with four heroes, played through the class table's
own model (:class:`umbrella_lab.table.model.Table`) in plain Python, each move sent the way a
student's page sends it (:meth:`Table.move`, from the seat's own view). The "students" are
stand-ins: at each of their moves a stand-in takes the heuristic's advice most of the time and
otherwise any move its page offers, as a class new to a game might. Table green is a group of
three with a bot in the fourth seat. Each table is saved as the server saves it
(``<id>.table.json``, :meth:`Table.to_dict`), without secrets: the links of a table opened from
one of these files are made afresh.

Each table's seed is the first from its starting seed whose game ends as the workshop wants it
to: amber won by the class and lost by the bots on the same deal, blue and green the other way
round (the bots' game is found as the kit's playtest finds it: a table the bots play alone). So
a change of the rules or of the luck that deals other cards needs only this script run again.

Run it from the repository's root to make the files again (they come out the same)::

    python tutorials/playtest_examples/make_examples.py
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from umbrella_lab.engine.core import TEAM
from umbrella_lab.sim.policies import get_policy
from umbrella_lab.table.model import Table

HERE = Path(__file__).resolve().parent

TABLES = [
    # (table id, first seed tried, seats bots play, how often a stand-in follows the heuristic,
    #  the ending wanted: (the class wins, the bots win))
    ("amber", 121, {}, 0.85, (True, False)),
    ("blue", 103, {}, 0.85, (False, True)),
    ("green", 105, {3: "heuristic"}, 0.70, (False, True)),
]
"""The example tables."""

TRIES = 200
"""Seeds tried for a table before giving up."""

CREATED = 1_767_261_600.0
"""When the examples say they were made (a fixed time, so the files come out the same)."""


def play(table_id: str, seed: int, bots: dict[int, str], follow: float) -> Table:
    """One table played to its end: bots by the table, people's seats by stand-ins."""
    table = Table("academy", players=4, seed=seed, bots=bots, table_id=table_id)
    advice = get_policy(table.game, "heuristic")
    rng = random.Random(seed)
    people = [seat for seat in range(table.game.players) if seat not in bots]
    while not table.over:
        if table.bot_due():
            table.bot_move()
            continue
        state = table.state
        # the seat to act, or for the team's moves the first person whose page offers one
        for seat in [state.to_act] if state.to_act != TEAM else people:
            offered = [action["id"] for action in table.seat_view(seat)["actions"]]
            if offered:
                break
        choice = rng.choice(offered)
        if rng.random() < follow:
            position = state._clone()
            position.events = None
            advised = state.action(advice(position, random.Random(rng.random()))).id
            choice = advised if advised in offered else choice
        table.move(seat, choice, at=table.serial)
    return table


def saved(table: Table) -> dict:
    """The table as the server saves it, with its secrets left out and a fixed time."""
    data = table.to_dict()
    data["created"] = CREATED
    data["secrets"] = {"teacher": "", "seats": [], "codes": []}
    return data


def bots_win(seed: int) -> bool:
    """Whether the heuristic, in every seat, wins the deal of ``seed``."""
    table = Table("academy", players=4, seed=seed, bots=dict.fromkeys(range(4), "heuristic"))
    while table.bot_due():
        table.bot_move()
    return table.state.result is not None and table.state.result.won


def found(table_id: str, first: int, bots: dict[int, str], follow: float, wanted: tuple) -> Table:
    """The table of the first seed from ``first`` whose game ends as ``wanted``."""
    for seed in range(first, first + TRIES):
        table = play(table_id, seed, bots, follow)
        result = table.state.result
        if (result is not None and result.won, bots_win(seed)) == wanted:
            return table
    msg = f"{table_id}: no seed from {first} to {first + TRIES - 1} ends as {wanted}"
    raise RuntimeError(msg)


def main() -> None:
    """Play the example tables and write them beside this file."""
    for table_id, first, bots, follow, wanted in TABLES:
        table = found(table_id, first, bots, follow, wanted)
        path = HERE / f"{table_id}.table.json"
        path.write_text(json.dumps(saved(table), indent=1) + "\n", encoding="utf-8")
        summary = table.summary()
        print(
            f"{path.name}: seed {table.seed}, {summary['headline']} after {summary['moves']} moves"
        )


if __name__ == "__main__":
    main()
