"""Make the example class tables of workshop 09 (``09_playtest_together.ipynb``).

Three tables of The Umbrella Academy Game with four heroes, played through the class table's
own model (:class:`umbrella_lab.table.model.Table`) in plain Python, each move sent the way a
student's page sends it (:meth:`Table.move`, from the seat's own view). The "students" are
stand-ins: at each of their moves a stand-in takes the heuristic's advice most of the time and
otherwise any move its page offers, as a class new to a game might. Table green is a group of
three with a bot in the fourth seat. Each table is saved as the server saves it
(``<id>.table.json``, :meth:`Table.to_dict`), without secrets: the links of a table opened from
one of these files are made afresh.

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
    # (table id, seed of the deal, seats bots play, how often a stand-in follows the heuristic)
    ("amber", 121, {}, 0.85),
    ("blue", 103, {}, 0.85),
    ("green", 105, {3: "heuristic"}, 0.70),
]
"""The example tables."""

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


def main() -> None:
    """Play the example tables and write them beside this file."""
    for table_id, seed, bots, follow in TABLES:
        table = play(table_id, seed, bots, follow)
        path = HERE / f"{table_id}.table.json"
        path.write_text(json.dumps(saved(table), indent=1) + "\n", encoding="utf-8")
        summary = table.summary()
        print(f"{path.name}: {summary['headline']} after {summary['moves']} moves")


if __name__ == "__main__":
    main()
