"""The Pig board in the explorer, without a browser: messages in, traits out."""

from __future__ import annotations

import json
from pathlib import Path

from helpers import frontend

import umbrella_lab as ul
from umbrella_lab.widgets import Explorer, view_for

GAMES = Path(ul.__file__).parent / "games"
"""The kit's games, each with its board in its own folder (``<game>/static/board.js``)."""


def test_the_view_is_registered_with_its_files():
    w = Explorer("pig", seed=3, players=3)
    view = view_for("pig")
    assert (
        w.view is view
        and view.js == GAMES / "pig" / "static" / "board.js"
        and ".upg" in w.board_css
    )
    assert w.seat_names == ["P1", "P2", "P3"]


def test_the_board_offers_roll_and_hold_and_the_die_while_it_rolls():
    w = Explorer("pig", seed=3, players=2)
    json.dumps(w.board)
    assert w.board["decides"] == "P1 to roll"
    assert [b["id"] for b in w.board["buttons"]] == ["roll/0"]
    frontend(w, {"type": "act", "id": "roll/0"})
    assert w.board["rolling"] and [f["odds"] for f in w.board["faces"]] == ["1/6"] * 6
    frontend(w, {"type": "act", "id": w.board["faces"][4]["id"]})  # force a 5
    assert w.board["turn_total"] == 5 and w.board["decides"].endswith("5 at risk")
    assert {b["kind"] for b in w.board["buttons"]} == {"roll", "hold"}
    groups = {a["group"] for a in w.actions}
    assert groups == {"Roll", "Hold"}
