"""The explorer's page model without a browser or a widget: the browser's messages in, fields out.

:class:`~umbrella_lab.widgets.page.ExplorerPage` gets the same dicts ``static/explorer.js``
sends (``{"type": "act", "id": ...}``) and returns the fields of the page that changed, under
the names of the widget's traits. Each game's page is driven the same way; a bad message
changes nothing and returns only a notice that says why.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from umbrella_lab.engine.errors import OptionError
from umbrella_lab.widgets import page as page_module
from umbrella_lab.widgets.page import INTENTS, ExplorerPage

GAMES = [
    ("pig", {}),
    ("umbrella", {"players": 3}),
    ("marvel", {}),
    ("academy", {"players": 3}),
]

FIELDS = {
    "game_name",
    "title",
    "board_js",
    "board_css",
    "board",
    "actions",
    "actor",
    "status",
    "step",
    "history",
    "events",
    "changes",
    "inspector",
    "branch_list",
    "comparison",
    "seat",
    "seat_names",
    "policy",
    "policy_names",
    "policy_words",
    "advice",
    "advisor",
    "rules",
    "notice",
    "preview",
    "unavailable",
}
"""Every field of the page: the explorer widget's synced traits."""


def _page(game: str, options: dict) -> ExplorerPage:
    return ExplorerPage(game, seed=5, **options)


def _where(page: ExplorerPage) -> tuple:
    """Everything a refused request must leave as it was."""
    return page.session.to_json(), page.session.node.id, page.seat, page.policy


def _refused(page: ExplorerPage, message: object) -> str:
    """Send ``message``; it must be refused in words with nothing else changed: the words."""
    before = _where(page)
    changed = page.handle(message)
    assert set(changed) == {"notice"}, (message, changed)
    notice = changed["notice"]
    assert notice["kind"] == "error" and notice["text"], message
    assert not notice["text"].startswith("Something went wrong"), (message, notice)
    assert len(notice["text"]) < 600, message  # names the value, never dumps it
    assert _where(page) == before, message
    return notice["text"]


def test_the_page_model_imports_no_widget_library():
    """The page model is plain Python: neither it nor the widgets modules it uses import
    anywidget, ipywidgets or traitlets."""
    here = Path(page_module.__file__).parent
    banned = {"anywidget", "ipywidgets", "traitlets"}
    todo, seen = ["page"], set()
    while todo:
        name = todo.pop()
        seen.add(name)
        tree = ast.parse((here / f"{name}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                found = [node.module or ""]
            else:
                continue
            for module in found:
                assert module.split(".")[0] not in banned, (name, module)
                if module.startswith("umbrella_lab.widgets."):
                    inner = module.split(".")[2]
                    if inner not in seen:
                        todo.append(inner)
    assert seen == {"page", "views", "changes"}


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_the_first_page_shows_every_field_of_the_deal(game, options):
    page = _page(game, options)
    assert set(page.shown) == FIELDS
    assert page.shown["game_name"] == game and page.shown["step"] == 0
    assert page.shown["status"]["step"] == 0 and not page.shown["status"]["can_undo"]
    assert page.shown["actions"] and page.shown["history"][0]["kind"] == "deal"
    assert page.shown["inspector"] == page.state.to_dict()
    assert page.shown["policy"] == "heuristic" and "random" in page.shown["policy_names"]
    assert page.shown["notice"] == {} and page.shown["comparison"] == {}
    json.dumps(page.shown)  # everything travels to the browser as JSON


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_a_click_by_id_plays_the_move_and_returns_what_changed(game, options):
    page = _page(game, options)
    action = page.shown["actions"][0]
    changed = page.handle({"type": "act", "id": action["id"]})
    assert page.session.step == 1
    assert changed["status"]["step"] == 1 and changed["step"] == 1
    assert changed["status"]["can_undo"] and changed["status"]["rule"] == action["rule"]
    assert changed["history"][-1]["label"] == action["label"]
    assert changed["events"][-1]["events"]  # the log says what the move did
    assert "notice" not in changed  # nothing to say: the move was legal
    assert {key: page.shown[key] for key in changed} == changed


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_undo_redo_jump_goto_and_preview(game, options):
    page = _page(game, options)
    page.handle({"type": "play", "steps": 4})
    assert page.shown["status"]["step"] == 4
    assert page.handle({"type": "undo"})["status"]["step"] == 3
    assert page.shown["status"]["can_redo"] and page.shown["status"]["last"] == 4
    assert page.handle({"type": "redo"})["status"]["step"] == 4
    page.handle({"type": "jump", "step": 1})
    assert page.session.step == 1 and len(page.shown["events"]) == 2
    assert len(page.shown["history"]) == 5  # the line ahead stays
    # pointing at a step shows its board and moves nothing
    changed = page.handle({"type": "preview", "step": 3})
    assert set(changed) == {"preview"} and page.session.step == 1
    assert changed["preview"]["step"] == 3 and changed["preview"]["board"]
    assert changed["preview"]["label"] == page.shown["history"][3]["label"]
    assert page.handle({"type": "preview"}) == {"preview": {}}
    page.handle({"type": "goto", "node": page.shown["history"][-1]["node"]})
    assert page.session.step == 4


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_fork_switch_rename_annotate_and_compare(game, options):
    page = _page(game, options)
    page.handle({"type": "play", "steps": 3})
    changed = page.handle({"type": "fork", "label": "idea", "note": "why not?"})
    assert changed["status"]["branch"] == "idea" and changed["status"]["branch_note"] == "why not?"
    assert changed["notice"]["kind"] == "info" and "the same luck" in changed["notice"]["text"]
    page.handle({"type": "play", "steps": 2, "policy": "random"})
    branches = {b["label"]: b for b in page.shown["branch_list"]}
    assert branches["idea"]["parent_branch"] == branches["main"]["id"]
    assert branches["idea"]["from_step"] == 3
    changed = page.handle({"type": "switch", "branch": branches["main"]["id"]})
    assert changed["status"]["branch"] == "main" and page.session.step == 3
    page.handle({"type": "rename", "branch": "idea", "label": "plan B"})
    page.handle({"type": "annotate", "branch": "plan B", "note": "try later"})
    renamed = next(b for b in page.shown["branch_list"] if b["id"] == branches["idea"]["id"])
    assert renamed["label"] == "plan B" and renamed["note"] == "try later"
    # two branches' ends side by side, then what plan B changed since its fork
    compared = page.handle({"type": "compare", "a": "main", "b": "plan B"})["comparison"]
    assert (compared["a"]["label"], compared["b"]["label"]) == ("main", "plan B")
    assert compared["a"]["board"] and compared["b"]["end"] and compared["mode"] == ""
    compared = page.handle({"type": "compare_fork", "branch": "plan B"})["comparison"]
    assert compared["mode"] == "since the fork" and compared["a"]["step"] == 3
    assert page.handle({"type": "close-compare"}) == {"comparison": {}}


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_bad_messages_change_nothing_and_say_why(game, options):
    page = _page(game, options)
    page.handle({"type": "play", "steps": 3})
    page.handle({"type": "fork", "label": "other"})
    page.handle({"type": "play", "steps": 1})
    page.handle({"type": "switch", "branch": 0})
    words = {
        "unknown request 'what'": {"type": "what"},
        "must be a dict": ["act"],
        "unknown request '_say'": {"type": "_say"},
        "not a legal action": {"type": "act", "id": "no/such/move"},
        "needs id as text": {"type": "act", "id": 7},
        "no step 40": {"type": "jump", "step": 40},
        "whole number": {"type": "jump", "step": "2"},
        "no policy named 'nobody'": {"type": "play", "policy": "nobody"},
        "at least 1": {"type": "play", "steps": 0},
        "at most 80": {"type": "fork", "label": "x" * 500},
        "new_luck must be true or false": {"type": "fork", "new_luck": "yes"},
        "no branch 'nowhere'": {"type": "switch", "branch": "nowhere"},
        "needs a name": {"type": "rename", "branch": 0, "label": "  "},
        "no step 999": {"type": "compare", "a": 0, "b": "other", "a_step": 999},
        "no fork": {"type": "compare_fork", "branch": 0},
        "no step 99": {"type": "preview", "step": 99},
    }
    for expected, message in words.items():
        text = _refused(page, message)
        assert expected.lower() in text.lower(), (message, text)
    before = _where(page)
    said = page.handle({"type": "cancel"})["notice"]  # Stop with no advisor running: a note
    assert said["kind"] == "info" and "not running" in said["text"] and _where(page) == before
    serial = page.shown["notice"]["serial"]
    _refused(page, {"type": "jump", "step": 40})
    assert page.shown["notice"]["serial"] == serial + 1  # the same error shows again


def test_every_intent_has_its_answer():
    for intent in INTENTS:
        assert callable(getattr(ExplorerPage, f"_on_{intent}")), intent


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_choices_of_seat_step_and_policy(game, options):
    page = _page(game, options)
    page.handle({"type": "play", "steps": 3})
    changed = page.choose_step(1)
    assert changed["step"] == 1 and page.session.step == 1
    changed = page.choose_step(10**6)  # refused, and the step shown stays
    assert changed["notice"]["kind"] == "error" and changed["step"] == 1
    assert page.choose_step(1) == {}  # already there
    changed = page.choose_policy("random")
    assert changed == {"policy": "random"} and page.policy == "random"
    changed = page.choose_policy("nobody")
    assert changed["policy"] == "random" and "nobody" in changed["notice"]["text"]
    last = page.session.game.players - 1
    changed = page.choose_seat(last)
    assert changed["seat"] == last and page.seat == last and "board" in changed
    assert page.shown["inspector"] == page.state.to_dict(last)
    assert page.choose_seat(99)["seat"] == -1 and page.seat == -1
    assert page.shown["inspector"] == page.state.to_dict()


def test_changes_made_in_python_reach_the_listener():
    page = _page("pig", {})
    heard: list[dict] = []
    page.on_show = heard.append
    page.session.play(steps=2)
    assert heard and heard[-1]["status"]["step"] == 2 == page.shown["status"]["step"]
    heard.clear()
    changed = page.handle({"type": "undo"})
    assert heard == [changed]  # an answer tells the listener too, as it happens


def test_an_unknown_policy_is_refused_when_the_page_is_made():
    with pytest.raises(OptionError, match="no policy named 'nobody'"):
        ExplorerPage("pig", policy="nobody")


def test_the_picture_shows_the_title_and_the_moves():
    page = _page("pig", {})
    picture = page.picture()
    assert "Pig · 2 players · seed 5 · step 0" in picture and "roll" in picture


def test_the_advisor_thinks_in_the_background_and_reports_its_progress(monkeypatch):
    monkeypatch.setattr(page_module, "PROGRESS_EVERY", 0.0)
    page = _page("pig", {})
    heard: list[dict] = []
    page.on_show = heard.append
    changed = page.handle({"type": "advise", "rollouts": 30})
    assert changed["advisor"]["busy"] is True  # the button says "Thinking" at once
    assert page.advisor_thread.wait(60)
    rows = page.shown["advice"]["rows"]
    assert set(rows) == {a["id"] for a in page.shown["actions"]}
    assert all(r["rollouts"] == 30 for r in rows.values())
    busy = [h["advisor"] for h in heard if "advisor" in h]
    assert busy[0]["busy"] and not busy[-1]["busy"] and busy[-1]["done"] is None
    assert any(0 < (b["done"] or 0) < 1 for b in busy)  # progress on the way
    page.handle({"type": "act", "id": page.shown["actions"][0]["id"]})
    assert page.shown["advice"] == {}  # advice for a position no longer shown goes


def test_a_move_while_the_advisor_thinks_stops_it():
    page = _page("marvel", {})
    page.handle({"type": "advise", "effort": 10})
    assert page.advisor_thread.running
    page.handle({"type": "act", "id": page.shown["actions"][0]["id"]})
    assert page.advisor_thread.wait(30)
    assert "position changed" in page.shown["notice"]["text"]
    assert page.shown["advice"] == {} and not page.shown["advisor"]["busy"]


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_a_click_lists_the_legal_moves_once_and_reads_the_id_once(game, options, monkeypatch):
    """The click's id is read once, and only the new position's legal moves are listed."""
    from umbrella_lab.engine import ids

    page = _page(game, options)
    cls = type(page.session.state)
    counts = {"listed": 0, "read": 0}
    listing, reading = cls.legal_moves, ids.read_id

    def listed(self):
        counts["listed"] += 1
        return listing(self)

    def read(*args, **kwargs):
        counts["read"] += 1
        return reading(*args, **kwargs)

    monkeypatch.setattr(cls, "legal_moves", listed)
    monkeypatch.setattr(ids, "read_id", read)
    for _ in range(5):
        counts.update(listed=0, read=0)
        page.handle({"type": "act", "id": page.shown["actions"][0]["id"]})
        assert counts == {"listed": 1, "read": 1}, counts


# --- a seat's view keeps the seed and the deck order to itself --------------------------------

SECRET_SEED = 90817
"""A seed whose digits would stand out in a seat's view."""


@pytest.mark.parametrize(
    ("game", "players"),
    [("pig", 2), ("umbrella", 3), ("marvel", 3), ("academy", 3), ("corporation", 2)],
)
def test_a_seat_view_holds_neither_the_seed_nor_a_deck_order(game: str, players: int):
    """Viewed as a seat while the game runs, no field of the page names the seed (which fixes
    every hidden card) or holds three cards of a deck in their order; the whole table's view
    and the saved session keep the seed, and so does a seat's view once the game is over."""
    import random

    from tests.test_table import deck_orders, holds_run, id_lists

    page = ExplorerPage(game, seed=SECRET_SEED, players=players)
    rng = random.Random(2)
    checked = 0
    for _ in range(60):
        state = page.session.state
        if state.is_over:
            break
        runs = [deck[:3] for deck in deck_orders(state) if len(deck) >= 3]
        for seat in range(players):
            page.choose_seat(seat)
            shown = json.loads(json.dumps(page.shown, default=str))
            text = json.dumps(shown)
            assert str(SECRET_SEED) not in text, (game, seat, "the seed")
            assert "seed" not in shown["board"] and "seed" not in shown["inspector"]
            lists = id_lists(shown)
            for run_ in runs:
                assert not holds_run(lists, run_), (game, seat, run_)
            checked += 1
        page.choose_seat(-1)
        assert str(SECRET_SEED) in page.shown["title"], "the whole table's view names its seed"
        page.session.apply(rng.choice(state.legal_actions()))
    assert checked >= players * 10
    assert page.session.to_dict()["seed"] == SECRET_SEED, "the saved session keeps the seed"
