"""The Umbrella board in the explorer, without a browser: messages in, traits out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import frontend, until

import umbrella_lab as ul
from umbrella_lab.engine.differences import SEP
from umbrella_lab.games.umbrella.board import board
from umbrella_lab.games.umbrella.rules import Push
from umbrella_lab.widgets import Explorer, view_for

GAMES = Path(ul.__file__).parent / "games"
"""The kit's games, each with its board in its own folder (``<game>/static/board.js``)."""


def control_ids(controls: dict) -> set[str]:
    ids = set()
    for value in controls.values():
        if isinstance(value, list):
            ids |= {item["id"] for item in value}
    return ids


@pytest.fixture
def w() -> Explorer:
    return Explorer("umbrella", seed=3, players=2, policy="greedy")


def test_the_view_is_registered_with_its_files(w):
    view = view_for("umbrella")
    assert view.js == GAMES / "umbrella" / "static" / "board.js"
    assert view.css == GAMES / "umbrella" / "static" / "board.css"
    assert w.view is view
    assert "export default" in w.board_js and ".uub" in w.board_css
    assert w.seat_names == ["P1", "P2"]
    assert w.title == "Umbrella · 2 players · seed 3"
    # (the files themselves: tests/test_widgets.py checks every static file)


def test_the_view_model_shape(w):
    b = w.board
    json.dumps(b)  # the trait is JSON
    assert b["title"] == "Umbrella" and b["players"] == 2 and not b["solo"]
    assert [c["letter"] for c in b["colours"]] == ["Y", "B", "G", "R"]
    assert b["decides"].startswith("P1 ") and b["decides_rule"] == "turn.push"
    assert b["order"] == [0, 1]
    for seat in b["seats"]:
        assert len(seat["grid"]) == 16 and set(seat["grid"]) == {0, 1, 2, 3}
        assert [zone["side"] for zone in seat["around"]] == ["north", "east", "south", "west"]
        assert all(sum(zone["counts"]) == len(zone["umbrellas"]) for zone in seat["around"])
        north, south = seat["around"][0], seat["around"][2]
        assert north["name"] == "central zone" and north["shared_with"]
        assert south["name"].endswith("personal zone") and not south["shared_with"]
        for space in seat["spaces"][:2]:  # two stacks dealt [setup.figures]
            best = space["best"]
            assert len(space["cells"]) in (4, 5) and best["size"] == len(space["cells"])
            assert set(best["missing"]) <= set(best["cells"]) and not best["made"]
        assert all(space["best"] is None for space in seat["spaces"][2:])
        cells = seat["scoreboard"]["cells"]
        assert len(cells) == 12 and all(len(c["colours"]) == 1 for c in cells)
        assert all(cell["group"] >= 0 for cell in cells)  # level 1: every spot in a group
        assert [part["points"] for part in seat["score_parts"]] == [0, 0, -4]
        assert sum(part["points"] for part in seat["score_parts"]) == seat["score"]
    assert b["seats"][0]["to_act"] and not b["seats"][1]["to_act"]
    controls = b["controls"]
    assert controls["step"] == "push" and controls["seat"] == 0
    assert len(controls["pushes"]) == 64 and not controls["scores"]
    assert control_ids(controls) == {a["id"] for a in w.actions}  # board == action list


def test_the_zone_names_follow_the_table(w):
    """With 2 players each side zone is one player's left and the other's right."""
    p1, p2 = w.board["seats"]
    assert p1["around"][3]["name"] == p2["around"][1]["name"] == "side zone 1"
    assert p1["around"][1]["name"] == p2["around"][3]["name"] == "side zone 2"
    four = board(ul.load("umbrella", players=4).new(seed=1))
    for seat in four["seats"]:
        east, west = seat["around"][1], seat["around"][3]
        assert len(east["shared_with"]) == len(west["shared_with"]) == 1
        assert four["seats"][0]["around"][0]["shared_with"] == ["P2", "P3", "P4"]


def test_a_push_by_arrow(w):
    """The arrow right of the left zone on row 2, with the red umbrella picked."""
    push = next(
        p
        for p in w.board["controls"]["pushes"]
        if p["side"] == "west" and p["colour"] == 3 and p["line"] == 1
    )
    # (how the zone is named is the game's words; the move is the same)
    assert push["label"].startswith("P1: push the red umbrella from ")
    assert push["label"].endswith(" right along row 2")
    before = w.board["seats"][0]["grid"][4:8]
    zone = w.board["seats"][0]["around"][1]["counts"][:]
    frontend(w, {"type": "act", "id": push["id"]})
    assert w.status["step"] == 1 and w.status["label"] == push["label"]
    after = w.board["seats"][0]
    assert after["grid"][4:8] == [3, *before[:3]]  # the row moved one space right
    east = after["around"][1]["counts"]
    zone[before[3]] += 1  # the pushed-out umbrella drops onto the right zone
    assert east == zone
    assert w.board["controls"]["seat"] == 1  # P2's turn: the arrows are P2's now
    assert all(p["id"].startswith("push/1/") for p in w.board["controls"]["pushes"])


def test_a_figure_scored_from_the_board(w):
    until(w, lambda s: s.step == "score")
    b = w.board
    seat = b["seats"][b["controls"]["seat"]]
    offers = b["controls"]["scores"]
    assert offers
    space = seat["spaces"][offers[0]["space"] - 1]
    assert space["best"]["made"] and not space["best"]["missing"]
    spot = seat["scoreboard"]["cells"][offers[0]["index"]]
    assert not spot["token"] and space["best"]["colour"] in spot["colours"]
    supply, tokens = b["supply"], seat["tokens"]
    frontend(w, {"type": "act", "id": offers[0]["id"]})
    after = w.board
    scorer = after["seats"][seat["seat"]]
    assert after["supply"] == supply - 1 and scorer["tokens"] == tokens + 1
    assert scorer["scoreboard"]["cells"][offers[0]["index"]]["token"]
    assert after["controls"]["step"] == "pass"  # 2 players: the passer picks the side
    passes = after["controls"]["passes"]
    assert [p["side"] for p in passes] == ["black", "white"]
    assert all(len(p["cells"]) in (4, 5) and p["space"] >= 1 for p in passes)
    assert after["controls"]["held"]["tile"] == passes[0]["tile"]


def test_the_pushes_that_score_are_marked():
    w = until(
        Explorer("umbrella", seed=3, players=2, policy="greedy"),
        lambda s: s.step == "push" and any(p["scores"] for p in board(s)["controls"]["pushes"]),
    )
    pushes = w.board["controls"]["pushes"]
    marked = [p for p in pushes if p["scores"]]
    plain = [p for p in pushes if not p["scores"]]
    for push in marked[:3] + plain[:3]:
        after = w.state.apply(push["id"])
        assert (after.step == "score") == push["scores"], push["label"]


def test_every_control_is_a_legal_action_through_a_game():
    w = Explorer("umbrella", seed=11, players=3, policy="greedy", level=4)
    for _ in range(60):
        if w.state.is_over:
            break
        assert control_ids(w.board["controls"]) == {a["id"] for a in w.actions}
        frontend(w, {"type": "play", "steps": 1})


def test_solo_and_the_end():
    w = Explorer("umbrella", seed=4, players=1, policy="greedy", level=3)
    b = w.board
    assert b["solo"] and b["seats"][0]["achievement"] == "try again!"
    assert b["seats"][0]["scoreboard"]["scoring"] == "adjacency"
    assert b["seats"][0]["scoreboard"]["neighbour_groups"] == []
    assert any(cell["white"] >= 0 for cell in b["seats"][0]["scoreboard"]["cells"])
    frontend(w, {"type": "play"})
    end = w.board
    assert end["result"] and end["controls"] == {"seat": None, "step": "over"}
    assert not end["seats"][0]["to_act"]
    assert end["decides"] == end["result"]["reason"]


def test_the_board_seen_from_a_seat(w):
    w.seat = 1
    assert w.board["order"] == [1, 0] and w.board["seat"] == 1


def test_the_small_cards_data_for_three_and_four_players():
    """Each seat's brief summary and the zones it shares with every other seat."""
    four = board(ul.load("umbrella", players=4).new(seed=1))
    p1, p2 = four["seats"][:2]
    assert p1["shares"][0] == []  # a seat shares nothing with itself
    assert [z["short"] for z in p1["shares"][2]] == ["central"]  # across the table
    assert [z["side"] for z in p1["shares"][1]] == ["north", "west"]  # P2 on the left
    assert [z["side"] for z in p1["shares"][3]] == ["north", "east"]
    for seat in four["seats"]:
        for other, zones in enumerate(seat["shares"]):
            mine = {z["zone"] for z in zones}
            theirs = {z["zone"] for z in four["seats"][other]["shares"][seat["seat"]]}
            assert mine == theirs  # sharing is mutual
            names = {
                zone["name"]
                for zone in seat["around"]
                if four["seats"][other]["name"] in zone["shared_with"]
            }
            assert {z["name"] for z in zones} == names
        assert [zone["short"] for zone in seat["around"]][0::2] == ["central", "personal"]
        summary = seat["summary"]
        assert summary == {
            "spots": 12,
            "spots_filled": 0,
            "spaces": 4,
            "spaces_filled": 2,
            "figures_made": 0,
            "personal": seat["personal_zone"],
        }
    assert p2["around"][1]["short"].startswith("side ")


def test_the_summary_follows_the_game():
    w = until(
        Explorer("umbrella", seed=11, players=3, policy="greedy"),
        lambda s: any(s.tokens(p) for p in range(s.players)) and s.step == "push",
    )
    for seat in w.board["seats"]:
        summary = seat["summary"]
        assert summary["spots_filled"] == seat["tokens"]
        assert summary["spots_filled"] == sum(c["token"] for c in seat["scoreboard"]["cells"])
        made = sum(1 for space in seat["spaces"] if space["best"] and space["best"]["made"])
        assert summary["figures_made"] == made
        assert summary["spaces_filled"] == sum(1 for space in seat["spaces"] if space["top"])
    solo = board(ul.load("umbrella", players=1).new(seed=4))
    assert solo["seats"][0]["shares"] == [[]]
    assert [zone["short"] for zone in solo["seats"][0]["around"]] == [
        "top",
        "right",
        "personal",
        "left",
    ]


def test_compare_speaks_the_boards_words_score_first():
    w = Explorer("umbrella", seed=3, players=4)
    w.play(6)
    w.fork("other")
    w.play(14)
    w.switch(0)
    w.play(10)
    rows = w.compare(0, 1)["rows"]
    places = [row[0] for row in rows]
    assert places[:4] == [f"Score{SEP}P{n}" for n in range(1, 5)]
    assert all(row[1].endswith(" points") for row in rows[:4])
    text = " ".join(" ".join(row[:3]) for row in rows)
    for raw in ("#", "spots:", "held", ".."):  # no raw snapshot fields or figure strings
        assert raw not in text, raw
    zones = [row for row in rows if row[0].startswith(f"Zones{SEP}")]
    assert zones and all(
        part.split(" ", 1)[1] in ("yellow", "blue", "green", "red")
        for row in zones
        for side in row[1:3]
        if side != "none"
        for part in side.split(", ")
    )
    assert any(row[0].endswith("Stage") and "row" in row[1] for row in rows)
    assert len(rows) < 40  # compact: a few lines per seat at most


def test_pushes_are_listed_briefly_with_the_full_label_kept():
    w = Explorer("umbrella", seed=3, players=4)
    push = w.actions[0]
    assert push["short"] == "yellow ▼ column 1 · central"
    assert push["label"].startswith("P1: push the yellow umbrella")
    assert all(len(a["short"]) < 40 for a in w.actions)
    assert "(s)" not in json.dumps(w.board)


def test_pushes_and_moves_not_offered_are_listed_by_zone_one_name_for_every_seat(w):
    for _ in range(5):  # some zones run out of a colour: pushes of it are not offered
        w.act(w.state.legal_actions()[len(w.state.legal_actions()) // 2])
    seat = w.state.to_act
    pushes = [a for a in w.actions if a["kind"] == "push"]
    zones = {a["group"] for a in pushes}
    assert zones and all(g.startswith("Push from ") for g in zones)
    assert not any(word in g for g in zones for word in ("north", "east", "south", "west"))
    assert f"Push from P{seat + 1}'s personal zone" in zones
    missing = w.unavailable
    assert missing and {m["group"] for m in missing} <= zones | {"Push from the central zone"}
    assert all(" · " in m["short"] and "(east)" not in m["short"] for m in missing)
    # the same side zone has one heading whoever pushes from it, east of one Stage or west
    state = w.state
    shared = next(z for z in state.around[0][1:] if z in state.around[1])  # a side zone
    sides = [state.around[p].index(shared) for p in (0, 1)]
    assert sides[0] != sides[1]  # east of one Stage, west of the other
    names = {w.view.heading_of(state, Push(p, sides[p], 0, 0)) for p in (0, 1)}
    assert len(names) == 1, names


def test_the_advisor_names_its_pick_and_whose_win_it_counts(w):
    advice = w.advise(rollouts=3)
    first = min(advice["rows"], key=lambda key: advice["rows"][key]["rank"])
    assert advice["pick"] == first
    assert advice["wins"] == f"P{w.state.to_act + 1} wins"
    coop = Explorer("academy", seed=7, players=3)
    assert coop.advise(rollouts=2)["wins"] == "The team wins"
