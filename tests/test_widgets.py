"""The explorer widget without a browser: messages in through ``_handle_msg``, traits out."""

from __future__ import annotations

import json
import time
from importlib.resources import files
from pathlib import Path

import pytest
from helpers import frontend, frontend_sets

import umbrella_lab as ul
from umbrella_lab.engine.differences import SEP
from umbrella_lab.sim.session import Session
from umbrella_lab.widgets import BoardView, Explorer, explore, register_view, view_for
from umbrella_lab.widgets import page as page_module
from umbrella_lab.widgets.views import STATIC, text_model

GAMES = Path(ul.__file__).parent / "games"
"""The kit's games, each with its board in its own folder (``<game>/static/board.js``)."""


@pytest.fixture
def w() -> Explorer:
    return Explorer("academy", seed=7, players=3)


def test_repr_is_stable_text(w):
    assert repr(w) == "Explorer(academy, 3 players, seed 7, step 0)"
    frontend(w, {"type": "act", "id": w.actions[0]["id"]})
    assert repr(w) == "Explorer(academy, 3 players, seed 7, step 1)"
    assert repr(explore("academy", seed=2, players=1)) == (
        "Explorer(academy, 1 player, seed 2, step 0)"
    )
    bundle = w._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle  # anywidget gives (data, meta)
    assert data["text/plain"] == repr(w)


def test_the_first_view_shows_the_deal(w):
    assert w.game_name == "academy"
    assert w.title == "The Umbrella Academy Game · 3 players · seed 7"
    assert w.status["step"] == 0 and w.status["last"] == 0 and not w.status["can_undo"]
    assert len(w.board["heroes"]) == 3 and len(w.board["lineup"]) == 8
    assert w.board["decides"].startswith(w.board["heroes"][0]["name"])
    assert w.actions and all(
        {"id", "label", "short", "rule", "kind", "group"} <= set(a) for a in w.actions
    )
    assert w.actor == w.board["heroes"][w.board["to_act"]]["name"]
    assert w.events[0]["kind"] == "deal" and w.events[0]["events"][0][0] == "setup.heroes"
    assert w.branch_list[0]["label"] == "main" and w.branch_list[0]["current"]
    assert w.inspector == w.state.to_dict()
    assert w.seat_names == [h["name"] for h in w.board["heroes"]]
    assert {"heuristic", "random"} <= set(w.policy_names)
    assert w.rules["turn.attack"]["title"] and "`" not in w.rules["turn.attack"]["text"]
    assert "board-academy" not in w.board_js and "export" in w.board_js and w.board_css


def test_actions_are_grouped_in_the_views_order(w):
    order = list(w.view.groups)
    seen = [order.index(a["group"]) for a in w.actions if a["group"] in order]
    assert seen == sorted(seen)
    for action in w.actions:
        assert action["rule"] in w.rules, action


def test_a_click_applies_the_action_and_updates_everything(w):
    before = json.dumps(w.board)
    action = w.actions[0]
    frontend(w, {"type": "act", "id": action["id"]})
    assert w.status["step"] == 1 and w.step == 1
    assert json.dumps(w.board) != before
    assert w.events[-1]["label"] == action["label"] and w.events[-1]["events"]
    assert w.changes and all(isinstance(line, str) for line in w.changes)
    assert w.status["changed"]
    assert w.status["rule"] == action["rule"]
    assert w.notice == {}


def test_an_illegal_click_becomes_a_notice_not_a_crash(w):
    frontend(w, {"type": "act", "id": "attack/0/999/-1"})
    assert w.notice["kind"] == "error" and "not" in w.notice["text"]
    assert w.status["step"] == 0
    frontend(w, {"type": "what"})
    assert "Unknown request 'what'" in w.notice["text"]
    serial = w.notice["serial"]
    frontend(w, {"type": "jump", "step": 40})
    assert w.notice["serial"] == serial + 1  # the same kind of error shows again


def test_undo_redo_jump_and_the_step_trait(w):
    frontend(w, {"type": "play", "steps": 6})
    assert w.status["step"] == 6
    frontend(w, {"type": "undo"})
    frontend(w, {"type": "undo"})
    assert w.status["step"] == 4 and w.status["can_redo"] and w.status["last"] == 6
    assert len(w.history) == 7 and len(w.events) == 5
    frontend(w, {"type": "redo"})
    assert w.status["step"] == 5
    frontend(w, {"type": "jump", "step": 1})
    assert w.status["step"] == 1
    w.step = 3  # e.g. linked to an ipywidgets slider
    assert w.session.step == 3 and w.status["step"] == 3
    frontend_sets(w, step=2)
    assert w.session.step == 2
    frontend(w, {"type": "goto", "node": w.history[-1]["node"]})
    assert w.status["step"] == 6


def test_play_to_the_end_with_a_chosen_policy(w):
    frontend_sets(w, policy="random")
    frontend(w, {"type": "play", "steps": None})
    assert w.status["over"] and w.board["result"] and w.actions == []
    frontend(w, {"type": "play", "steps": 1})
    assert w.notice["text"] == "The game is over: nothing left to play."


def test_fork_switch_rename_annotate_compare(w):
    frontend(w, {"type": "play", "steps": 5})
    frontend(w, {"type": "fork", "label": "block instead", "note": "why not?"})
    assert w.status["branch"] == "block instead" and w.status["step"] == 6
    assert "same luck" in w.notice["text"]
    frontend(w, {"type": "play", "steps": 3, "policy": "random"})
    branches = {b["label"]: b for b in w.branch_list}
    assert branches["block instead"]["luck"] == "same"
    assert branches["block instead"]["parent_branch"] == branches["main"]["id"]
    assert branches["block instead"]["from_step"] == 5
    frontend(w, {"type": "switch", "branch": branches["main"]["id"]})
    assert w.status["branch"] == "main" and w.status["step"] == 5
    frontend(w, {"type": "fork", "label": "", "new_luck": True})
    assert w.status["branch"] == "branch 2"
    assert any(b["luck"] == "new" for b in w.branch_list)
    frontend(w, {"type": "rename", "branch": w.status["branch_id"], "label": "reshuffled"})
    frontend(w, {"type": "annotate", "branch": w.status["branch_id"], "note": "fresh cards"})
    assert w.status["branch"] == "reshuffled" and w.status["branch_note"] == "fresh cards"
    frontend(w, {"type": "compare", "a": "main", "b": "block instead"})
    assert w.comparison["a"]["label"] == "main" and w.comparison["b"]["label"] == "block instead"
    assert w.comparison["rows"] and w.comparison["a"]["board"]["heroes"]
    quiet = w.view.quiet
    assert all(row[0].rsplit(SEP, 1)[-1] not in quiet for row in w.comparison["rows"])
    frontend(w, {"type": "close-compare"})
    assert w.comparison == {}


def test_the_fork_panel_and_the_branch_name_the_position_forked_from(w):
    """The fork panel's heading and the new branch's row name the step a fork leaves from as
    the line numbers it: forking at step 5 makes step 6 (the fork), and the panel read "Fork at
    step 6" beside a branch "fork at step 5"."""
    frontend(w, {"type": "play", "steps": 5})
    before = w.status["fork_from"]
    assert before == f"Fork from step 5: {w.history[5]['label']}"
    frontend(w, {"type": "fork", "label": "idea"})
    branch = next(b for b in w.branch_list if b["label"] == "idea")
    assert branch["origin"] == "fork from step 5 of main" and branch["from_step"] == 5
    assert "'idea' from step 5 with the same luck" in w.notice["text"]
    # the fork is a step of its own on the line: forking again leaves from it, and says so
    assert w.status["step"] == 6 and w.history[6]["label"] == "Fork with the same luck"
    assert w.status["fork_from"] == "Fork from step 6: Fork with the same luck, made from step 5"
    frontend(w, {"type": "fork", "label": "idea 2"})
    again = next(b for b in w.branch_list if b["label"] == "idea 2")
    assert again["origin"] == "fork from step 6 of idea"
    main = next(b for b in w.branch_list if b["label"] == "main")
    assert main["origin"] == "from the deal"


def test_seat_switch_shows_the_table_as_one_seat_sees_it():
    from umbrella_lab.games.academy.scenario import scenario

    state = scenario(heroes=("kraken", "rumor", "horror"), family="family-secrets")
    w = Explorer(state)  # a table set up by hand: each hero sees only their own hand
    assert all(hero["hand"] is not None for hero in w.board["heroes"])
    frontend_sets(w, seat=1)
    hands = [hero["hand"] for hero in w.board["heroes"]]
    assert hands[1] is not None and hands[0] is None and hands[2] is None
    assert w.board["seat"] == 1 and w.inspector == state.to_dict(1)
    frontend_sets(w, seat=-1)
    assert all(hero["hand"] is not None for hero in w.board["heroes"])
    w.seat = 7  # out of range: back to the whole table
    assert w.seat == -1


def test_another_seats_choices_are_private_only_while_something_is_hidden(w):
    from umbrella_lab.games.academy.scenario import scenario

    acting = w.state.to_act
    frontend_sets(w, seat=(acting + 1) % 3)  # every hand is open: another seat sees the moves
    assert w.actions and w.status["private"] == 0
    state = scenario(heroes=("kraken", "rumor", "horror"), family="family-secrets")
    secret = Explorer(state)  # Family Secrets: each hero sees only their own hand
    count = len(secret.actions)
    frontend_sets(secret, seat=state.to_act)
    assert len(secret.actions) == count and secret.status["private"] == 0
    other = (state.to_act + 1) % 3
    frontend_sets(secret, seat=other)
    assert secret.actions == [] and secret.status["private"] == count
    assert secret.actor == state.cards.heroes[state.heroes[state.to_act]].name
    assert state.hides_from(other) and not w.state.hides_from(other)


def test_under_family_secrets_the_attacker_does_not_see_anothers_hero_boost():
    from umbrella_lab.games.academy.scenario import scenario

    state = scenario(hands=[[20], ["hero-boost-20"]], lineup=[30, 10], family="family-secrets")
    w = Explorer(state)
    whole = [a["label"] for a in w.actions]
    assert any("Hero Boost" in label for label in whole)  # the whole table shows every move
    frontend_sets(w, seat=0)  # The Kraken attacks: The Rumor's boost is The Rumor's secret
    mine = [a["label"] for a in w.actions]
    assert mine and not any("Hero Boost" in label for label in mine)
    assert w.status["private_note"] and not w.status["private_all"]
    # the note shows under Family Secrets whether or not a boost is held: it tells nothing
    other = Explorer(scenario(hands=[[20], [10]], lineup=[30, 10], family="family-secrets"))
    frontend_sets(other, seat=0)
    assert other.status["private_note"]
    open_table = Explorer(scenario(hands=[[20], ["hero-boost-20"]], lineup=[30, 10]))
    frontend_sets(open_table, seat=0)  # without Family Secrets the hands are open
    assert any("Hero Boost" in a["label"] for a in open_table.actions)
    assert not open_table.status["private_note"]


def test_the_advisor_fills_bars_or_is_disabled_with_a_reason(w, monkeypatch):
    try:
        import umbrella_lab.sim

        available = hasattr(umbrella_lab.sim, "advise")
    except ImportError:
        available = False
    if available:
        frontend(w, {"type": "advise", "rollouts": 20})
        assert w.wait(60)  # the advisor thinks in the background; the kernel keeps listening
        rows = w.advice["rows"]
        assert set(rows) == {a["id"] for a in w.actions}
        assert all(0 <= r["win_rate"] <= 1 and r["rollouts"] == 20 for r in rows.values())
        frontend(w, {"type": "act", "id": w.actions[0]["id"]})
        assert w.advice == {}  # stale advice is dropped
    # without umbrella_lab.sim the button is disabled, with a tooltip saying why
    monkeypatch.setattr(page_module.importlib.util, "find_spec", lambda name: None)
    bare = Explorer("academy", seed=7, players=3)
    assert bare.advisor["available"] is False
    assert "umbrella_lab.sim.advise" in bare.advisor["reason"]
    frontend(bare, {"type": "advise"})
    assert bare.notice["kind"] == "error" and "advisor" in bare.notice["text"]


def test_the_thinking_button_hears_the_advisors_progress(w, monkeypatch):
    monkeypatch.setattr(page_module, "PROGRESS_EVERY", 0.0)  # every report reaches it
    seen = []
    w.observe(lambda change: seen.append(dict(change["new"])), names="advisor")
    frontend(w, {"type": "advise", "rollouts": 20})
    assert w.wait(60)
    assert seen[0]["busy"] is True and seen[0]["done"] == 0.0
    shares = [s["done"] for s in seen if s["busy"] and s["done"]]
    assert shares and shares == sorted(shares) and all(0 < x < 1 for x in shares)
    assert all(s["left"] is None or s["left"] >= 0 for s in seen)
    assert seen[-1]["busy"] is False and seen[-1]["done"] is None  # done: the button is back
    assert w.advice["rows"]
    assert w.advisor["rate"] > 0  # games per second, for the menu's "about 3 s" hints


def test_an_advisor_that_fails_to_import_disables_itself(monkeypatch):
    w = Explorer("academy", seed=7, players=3)

    def broken(name, *args, **kwargs):
        raise ImportError("no pandas here")

    monkeypatch.setattr(page_module.importlib, "import_module", broken)
    w.page._advise_fn = None
    w.advisor = {"available": True, "reason": ""}
    frontend(w, {"type": "advise"})
    assert w.advisor["available"] is False and "no pandas here" in w.advisor["reason"]


def test_from_session_keeps_branches_and_follows_python_changes():
    session = Session("academy", seed=4, players=2)
    session.play(steps=3)
    session.fork("idea")
    w = Explorer.from_session(session)
    assert w.status["branch"] == "idea" and len(w.branch_list) == 2
    session.play(steps=2)  # changes made in Python show at once
    assert w.status["step"] == session.step == 6
    assert Explorer(session).session is session


def test_a_game_without_a_board_gets_the_text_board():
    from test_session import dice_game

    w = Explorer(dice_game(), seed=3)
    assert w.board == {"text": w.state.to_text()} and "pre" in w.board_js
    assert w.policy_names == ["random"] and w.rules == {}  # every game has "random"
    frontend(w, {"type": "act", "id": "roll/0"})
    assert w.status["chance"] and w.actions[0]["group"] == "Luck"
    assert {a["odds"] for a in w.actions} == {"1/6"}
    frontend(w, {"type": "roll"})
    assert not w.status["chance"] and w.status["step"] == 2


def test_views_registry():
    assert view_for("academy").js == GAMES / "academy" / "static" / "board.js"
    assert view_for("academy").css == GAMES / "academy" / "static" / "board.css"
    assert view_for("no-such-game").model is text_model
    with pytest.raises(FileNotFoundError):
        register_view(BoardView("x", text_model, "missing.js"))
    custom = register_view(
        BoardView("dice-race", text_model, "board-text.js", groups={"Dice": ("roll", "stop")})
    )
    try:
        assert view_for("dice-race") is custom and custom.group_of("stop") == "Dice"
        assert custom.group_of("other-kind") == "Other kind"
        # a game may ship its renderer anywhere, by absolute path
        elsewhere = register_view(BoardView("dice-race", text_model, STATIC / "board-text.js"))
        assert elsewhere.source()[0] == custom.source()[0]
    finally:
        from umbrella_lab.widgets import views

        views._VIEWS.pop("dice-race")


SHARED_SCRIPTS = {"keyboard.js"}
"""Scripts put before a widget's own (``views.scripts``): helpers, with no module of their own."""


def test_static_files_ship_in_the_package():
    static = files("umbrella_lab.widgets") / "static"
    for name in ("explorer.js", "explorer.css", "board-text.js"):
        assert (static / name).is_file(), name
    boards = sorted(GAMES.glob("*/static/board.*"))  # each game's board, in its own folder
    assert {path.parent.parent.name for path in boards} == set(ul.games())
    for game in ul.games():
        board = files(f"umbrella_lab.games.{game}") / "static"
        assert (board / "board.js").is_file() and (board / "board.css").is_file(), game
    assert STATIC.is_dir()
    for path in [*sorted(STATIC.iterdir()), *boards]:
        source = path.read_text(encoding="utf-8")
        assert "http://" not in source and "https://" not in source, path.name  # no CDN
        if path.suffix == ".js" and path.name not in SHARED_SCRIPTS:
            assert "export default" in source, path.name
            assert "import " not in source.replace("import(", ""), path.name  # no static imports


def test_state_is_json(w):
    frontend(w, {"type": "play", "steps": 12})
    frontend(w, {"type": "fork", "label": "x", "new_luck": True})
    frontend(w, {"type": "compare", "a": 0, "b": 1})
    json.dumps(w.get_state())


def test_a_trait_change_sends_one_update_per_click(w, monkeypatch):
    sent = []
    monkeypatch.setattr(w.comm, "send", lambda data=None, buffers=None, **kw: sent.append(data))
    frontend(w, {"type": "act", "id": w.actions[0]["id"]})
    updates = [m for m in sent if m and m.get("method") == "update"]
    assert len(updates) == 1  # hold_sync: one message with every changed trait
    assert {"board", "status", "actions", "events"} <= set(updates[0]["state"])


def test_the_explorer_reports_the_round_trip_of_a_click():
    """How long a click takes is measured by benchmarks/explorer_clicks.py; here, that the
    explorer's own figure (``last_round_trip_ms``) tells it."""
    w = Explorer("academy", seed=7, players=4)
    for _ in range(10):
        start = time.perf_counter()
        frontend(w, {"type": "act", "id": w.actions[0]["id"]})
        took = (time.perf_counter() - start) * 1000
        assert 0 < w.last_round_trip_ms <= took + 1


def test_compare_any_step_and_since_the_fork(w):
    frontend(w, {"type": "play", "steps": 5})
    frontend(w, {"type": "fork", "label": "other"})
    frontend(w, {"type": "play", "steps": 3})
    main, other = (b["id"] for b in w.branch_list)
    # two steps of one line: the deal beside step 4 of main
    frontend(w, {"type": "compare", "a": main, "b": main, "a_step": 0, "b_step": 4})
    c = w.comparison
    assert (c["a"]["step"], c["b"]["step"]) == (0, 4) and not c["a"]["end"]
    assert c["rows"] and c["mode"] == ""
    # what "other" changed since it forked at step 5 of main
    frontend(w, {"type": "compare_fork", "branch": other})
    c = w.comparison
    assert c["mode"] == "since the fork"
    assert (c["a"]["label"], c["a"]["step"]) == ("main", 5)
    assert (c["b"]["label"], c["b"]["step"], c["b"]["end"]) == ("other", 9, True)
    # the first branch has no fork; a step a branch does not have is refused in words
    frontend(w, {"type": "compare_fork", "branch": main})
    assert w.notice["kind"] == "error" and "no fork" in w.notice["text"]
    frontend(w, {"type": "compare", "a": main, "b": other, "a_step": 40})
    assert w.notice["kind"] == "error" and "no step 40" in w.notice["text"]
    assert w.comparison["mode"] == "since the fork"  # the last good comparison stays
    frontend_sets(w, seat=1)  # seen from another seat: the same comparison again
    assert w.comparison["mode"] == "since the fork"


def test_moves_not_offered_are_listed_with_reason_and_rule(w, monkeypatch):
    actor = w.actor
    expected = [(f"{actor}: heal 2 with 20", "no hero is hurt", "turn.heal")]
    monkeypatch.setattr(type(w.state), "unavailable", lambda self: expected, raising=False)
    w.refresh()
    assert w.unavailable == [
        {
            "label": f"{actor}: heal 2 with 20",
            "short": "heal 2 with 20",
            "reason": "no hero is hurt",
            "rule": "turn.heal",
        }
    ]
    frontend_sets(w, seat=1)  # seen from a seat that cannot see every hand: nothing told
    if w.state.hides_from(1):
        assert w.unavailable == []


def test_pointing_at_a_step_previews_it_and_moves_nothing(w):
    frontend(w, {"type": "play", "steps": 4})
    frontend(w, {"type": "preview", "step": 1})
    assert w.preview["step"] == 1 and w.preview["board"] and w.step == 4
    assert w.preview["label"] == w.history[1]["label"]
    frontend(w, {"type": "preview", "step": 9})
    assert w.notice["kind"] == "error" and "no step 9" in w.notice["text"]
    frontend(w, {"type": "preview"})
    assert w.preview == {} and w.step == 4


def test_academy_compare_speaks_the_boards_words_score_first(w):
    w.play(11)
    w.fork("other")
    w.play(10, "random")
    w.switch(0)
    w.play(10)
    rows = w.compare(0, 1)["rows"]
    heroes = [h["name"] for h in w.board["heroes"]]
    assert [row[0] for row in rows[:4]] == [f"Score{SEP}villains left"] + [
        f"Score{SEP}{name}" for name in heroes
    ]
    assert all(row[1].endswith("life") or ", dead" in row[1] for row in rows[1:4])
    text = " ".join(" ".join(row[:3]) for row in rows)
    for raw in ("{", "None", "villain_deck", "True", "False"):
        assert raw not in text, raw
