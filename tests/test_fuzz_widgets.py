"""Bad messages from the browser get a clear error shown in the explorer and change nothing.

The explorer's browser side only sends intents (``{"type": "act", "id": ...}``) and sets a
few traits (``seat``, ``step``, ``policy``). Here each intent is sent with every field broken
in turn (wrong types, out-of-range numbers, junk and huge text), then random messages from a
seeded generator. A clear error is a notice of kind ``"error"`` that names what is wrong; an
internal failure ("Something went wrong") or a session that changed after an error fails.
A request that would take long (the advisor asked for a billion games) is cut to a bound, says
so, and leaves the kernel listening: a Stop reaches it.
"""

from __future__ import annotations

import random
import time

import pytest
from helpers import FULL, frontend, frontend_sets

from umbrella_lab.widgets import Explorer
from umbrella_lab.widgets import page as page_module

CASES = 300 if FULL else 80
"""Random messages per game."""

JUNK = [
    None,
    True,
    False,
    -1,
    0.5,
    10**30,
    -(10**12),
    "",
    " ",
    "x",
    "🙂",
    "attack/",
    "/",
    "push/9/9/9/9",
    "x" * 5000,
    [],
    [1, "a"],
    {},
    {"type": "act"},
]
"""Values the browser could send in a field (anything JSON can carry)."""

FIELDS = {
    "act": ("id",),
    "jump": ("step",),
    "goto": ("node",),
    "play": ("steps", "policy"),
    "fork": ("label", "note", "new_luck"),
    "switch": ("branch",),
    "rename": ("branch", "label"),
    "annotate": ("branch", "note"),
    "compare": ("a", "b", "a_step", "b_step"),
    "compare_fork": ("branch",),
    "preview": ("step",),
    "advise": ("rollouts", "effort"),
}
"""Each intent and the fields it reads."""

GAMES = [
    ("academy", {"players": 3}),
    ("umbrella", {"players": 3}),
    ("corporation", {}),
    ("pig", {}),
]


def _explorer(game: str, options: dict) -> Explorer:
    """An explorer two steps in, with a second branch, back on the first."""
    w = Explorer(game, seed=5, **options)
    w.play(4)
    w.fork("other")
    w.play(2)
    w.switch(0)
    return w


def _snapshot(w: Explorer) -> tuple:
    return w.session.to_json(), w.step, w.seat, w.policy, w.session.node.id


def _send(w: Explorer, message: object) -> tuple[str, str] | None:
    """Send ``message``; the notice it caused as (kind, text), or None."""
    serial = w.notice.get("serial", 0)
    frontend(w, message)
    w.wait(30)
    if w.notice.get("serial", 0) == serial:
        return None
    return w.notice["kind"], w.notice["text"]


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def _assert_clear(said: tuple[str, str] | None, message: object) -> None:
    assert said is not None and said[0] == "error", (message, said)
    text = said[1]
    assert text and not text.startswith("Something went wrong"), (message, text)
    assert len(text) < 600, (message, text)  # names the value, never dumps it


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_every_field_broken_in_turn_gets_a_clear_error_and_changes_nothing(game, options):
    w = _explorer(game, options)
    for kind, fields in FIELDS.items():
        for field in fields:
            for value in JUNK:
                if kind == "advise" and (value is None or _whole(value)):
                    continue  # a sensible request: it runs (see the tests below)
                message = {"type": kind, field: value}
                before = _snapshot(w)
                said = _send(w, message)
                after = _snapshot(w)
                if said is not None and said[0] == "error":
                    _assert_clear(said, message)
                    assert after == before, message
                elif after != before:  # accepted: it must have been a sensible request
                    assert kind in ("fork", "play", "annotate", "act", "switch"), message
                    w = _explorer(game, options)
                if said is not None:
                    assert not said[1].startswith("Something went wrong"), (message, said)


@pytest.mark.parametrize(
    "message",
    [
        "act",
        None,
        [],
        {},
        {"type": None},
        {"type": 3},
        {"type": "nonsense"},
        {"type": "__init__"},
        {"type": "_say"},
        {"type": "x" * 1000},
        {"type": "act"},
        {"type": "act", "id": 7},
        {"type": "act", "id": "no/such/move"},
        {"type": "jump", "step": 10**9},
        {"type": "jump", "step": "2"},
        {"type": "jump", "step": -1},
        {"type": "goto", "node": 10**6},
        {"type": "play", "steps": 0},
        {"type": "play", "steps": -5},
        {"type": "play", "steps": "ten"},
        {"type": "play", "policy": "nobody"},
        {"type": "fork", "label": "x" * 10_000},
        {"type": "fork", "new_luck": "yes"},
        {"type": "switch", "branch": 10**6},
        {"type": "switch", "branch": "no such branch"},
        {"type": "switch", "branch": None},
        {"type": "rename", "branch": 0, "label": "   "},
        {"type": "rename", "branch": 0, "label": None},
        {"type": "annotate", "branch": 0, "note": 5},
        {"type": "compare", "a": 0, "b": 10**6},
        {"type": "compare", "a": 0, "b": 0, "a_step": 10**6},
        {"type": "compare", "a": 0, "b": 0, "b_step": "end"},
        {"type": "compare_fork", "branch": 0},
        {"type": "preview", "step": 10**6},
        {"type": "preview", "step": "1"},
        {"type": "advise", "effort": 0},
        {"type": "advise", "rollouts": -3},
        {"type": "advise", "rollouts": "many"},
    ],
)
def test_known_bad_messages_are_refused_in_words(message):
    w = _explorer("academy", {"players": 3})
    before = _snapshot(w)
    said = _send(w, message)
    _assert_clear(said, message)
    assert _snapshot(w) == before


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_random_messages_never_break_the_explorer(game, options):
    rng = random.Random(f"widgets-{game}")
    w = _explorer(game, options)
    kinds = [*FIELDS, "undo", "redo", "roll", "close_compare", "cancel", "nonsense", None, 3]
    for _ in range(CASES):
        kind = rng.choice(kinds)
        message: dict = {"type": kind}
        for field in FIELDS.get(kind, ()) if isinstance(kind, str) else ():
            if rng.random() < 0.7:
                message[field] = rng.choice(JUNK)
        if kind == "advise":
            message.pop("rollouts", None)  # a valid advice takes a second: see the test below
            message["effort"] = rng.choice([0, -1, "x", 2.5, [], True])
        before = _snapshot(w)
        said = _send(w, message)
        if said is not None:
            assert not said[1].startswith("Something went wrong"), (message, said)
            if said[0] == "error":
                _assert_clear(said, message)
                assert _snapshot(w) == before, message


def test_bad_trait_values_from_the_browser_are_put_back():
    w = _explorer("academy", {"players": 3})
    before = _snapshot(w)
    frontend_sets(w, policy="nobody")
    assert w.policy == before[3] and w.notice["kind"] == "error"
    assert "nobody" in w.notice["text"] and "heuristic" in w.notice["text"]
    frontend_sets(w, seat=99)
    assert w.seat == -1
    frontend_sets(w, step=10**6)
    assert w.notice["kind"] == "error" and w.step == before[1]
    assert _snapshot(w) == before


def test_a_huge_advisor_request_is_capped_runs_in_the_background_and_can_be_stopped(
    monkeypatch,
):
    monkeypatch.setattr(page_module, "PROGRESS_EVERY", 0.0)
    w = Explorer("umbrella", seed=3, players=4)
    began = time.monotonic()
    frontend(w, {"type": "advise", "rollouts": 10**9})
    assert time.monotonic() - began < 2  # the kernel is free again at once
    assert w.notice["kind"] == "info" and "1000000000" in w.notice["text"]
    assert "about 10 seconds" in w.notice["text"]
    assert w.thinking and w.advisor["busy"]
    frontend(w, {"type": "advise"})  # a second request while it thinks: said, not queued
    assert "already thinking" in w.notice["text"]
    frontend(w, {"type": "cancel"})  # the Stop button
    assert w.wait(30)
    assert "stopped" in w.notice["text"] and not w.advisor["busy"]
    assert w.advice == {}


def test_a_move_while_the_advisor_thinks_stops_it(monkeypatch):
    monkeypatch.setattr(page_module, "PROGRESS_EVERY", 0.0)
    w = Explorer("umbrella", seed=3, players=4)
    frontend(w, {"type": "advise", "effort": 10})
    frontend(w, {"type": "act", "id": w.actions[0]["id"]})
    assert w.wait(30)
    assert w.step == 1 and w.advice == {}  # no advice for a position no longer shown
    assert "position changed" in w.notice["text"]
    frontend(w, {"type": "cancel"})
    assert "not running" in w.notice["text"]


def test_no_advice_where_luck_decides():
    w = Explorer("pig", seed=3)
    frontend(w, {"type": "act", "id": w.actions[0]["id"]})  # roll: the die decides next
    assert w.status["chance"]
    before = _snapshot(w)
    _assert_clear(_send(w, {"type": "advise"}), "advise at a chance step")
    assert "luck decides" in w.notice["text"].lower() and _snapshot(w) == before


def test_the_advice_carries_verdicts_and_a_ranking():
    w = Explorer("pig", seed=3)
    advice = w.advise(budget=200)
    rows = advice["rows"]
    assert sorted(r["rank"] for r in rows.values()) == list(range(1, len(rows) + 1))
    assert {r["verdict"] for r in rows.values()} <= {"best", "about equal", "behind"}
    assert advice["best"] == [k for k, r in rows.items() if r["verdict"] == "best"]
    assert len(advice["best"]) <= 1


def test_traits_the_kernel_owns_are_put_back_at_once_when_the_browser_writes_them():
    w = _explorer("academy", {"players": 3})
    before = _snapshot(w)
    owned = {"board": {"x": 1}, "actions": [], "notice": {"kind": "info"}, "advisor": {"a": 1}}
    kept = {name: getattr(w, name) for name in owned}
    sent = []
    w.send_state = lambda names=None: sent.append(sorted(names or []))  # what goes back
    frontend_sets(w, **owned)
    assert {name: getattr(w, name) for name in owned} == kept
    assert sent == [sorted(owned)]  # the kernel's values, back on the page at once
    assert _snapshot(w) == before
    frontend_sets(w, seat=1, board={})  # a choice sent with it is still taken
    assert w.seat == 1 and w.board not in ({}, kept["board"])  # the board for seat 1
    assert ["board"] in sent[1:]


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"variants": 5}, "variants must be a folder or a list of folders"),
        ({"variants": [5]}, "variants must be a folder or a list of folders"),
        ({"variants": None}, "variants must be a folder or a list of folders"),
        ({"seed": -1}, "first seed must be a whole number of at least 0"),
        ({"seed": 10**12}, "at most 1,000,000,000"),
        ({"seed": True}, "first seed must be a whole number"),
        ({"seed": 2.5}, "first seed must be a whole number"),
    ],
)
def test_a_dashboard_refuses_settings_it_would_have_changed(options, words):
    from umbrella_lab.engine.errors import UmbrellaLabError
    from umbrella_lab.widgets import Dashboard

    with pytest.raises(UmbrellaLabError, match=words):
        Dashboard(game="pig", **options)
    assert Dashboard(game="pig", seed=10**9).seed_box.value == 10**9  # the box's largest


@pytest.mark.parametrize("answer", [float("nan"), float("inf"), -float("inf")])
def test_a_number_quiz_whose_answer_is_not_a_number_is_refused(answer):
    from umbrella_lab.widgets import Quiz
    from umbrella_lab.widgets.quiz import QuizError

    with pytest.raises(QuizError, match="the answer must be an ordinary"):
        Quiz.number("How often does the team win?", answer=answer)
    assert Quiz.number("How often?", answer=0.4).kind == "number"
