"""The corporation board in the explorer, without a browser: messages in, traits out."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest
from helpers import frontend, frontend_sets, until

import umbrella_lab as ul
from umbrella_lab.engine.core import CHANCE
from umbrella_lab.engine.differences import SEP
from umbrella_lab.games.corporation.board import PHASES, board
from umbrella_lab.games.corporation.odds import TWO_DICE, win_probability
from umbrella_lab.games.corporation.scenario import scenario
from umbrella_lab.widgets import Explorer, view_for

GAMES = Path(ul.__file__).parent / "games"
"""The kit's games, each with its board in its own folder (``<game>/static/board.js``)."""

HERO, UMBRELLA = 0, 1


def click(widget: Explorer, text: str) -> dict:
    """Click the action button whose label contains ``text``."""
    for action in widget.actions:
        if text in action["label"]:
            frontend(widget, {"type": "act", "id": action["id"]})
            return action
    raise AssertionError(f"no button {text!r}: {[a['label'] for a in widget.actions]}")


def first_roll(seed: int = 5) -> Explorer:
    return until(
        Explorer("corporation", seed=seed), lambda s: s.phase == "roll" and not any(s.rolls)
    )


@pytest.fixture
def w() -> Explorer:
    return Explorer("corporation", seed=5)


def test_the_view_is_registered_with_its_files(w):
    view = view_for("corporation")
    assert view.js == GAMES / "corporation" / "static" / "board.js"
    assert view.css == GAMES / "corporation" / "static" / "board.css"
    assert w.view is view
    assert "export default" in w.board_js and ".ucb" in w.board_css
    assert w.seat_names == ["Heroes", "Umbrella"]
    assert w.title == "Heroes vs the Umbrella Corporation · 2 players · seed 5"
    # (the files themselves: tests/test_widgets.py checks every static file)


def test_the_first_view_is_the_setup(w):
    b = w.board
    assert b["stage"] == "setup" and b["turn"] == 0
    assert [p["name"] for p in b["phase_strip"]] == [name for _, name, _ in PHASES]
    assert all(p["at"] == "later" for p in b["phase_strip"])
    assert b["deciding"] == "heroes" and "first team" in b["decides"]
    assert len(b["umbrella"]["facilities"]) == 6 and b["fight"] is None
    assert {a["group"] for a in w.actions} == {"Search for a team"}
    assert all(a["rule"] in w.rules for a in w.actions)
    assert b["heroes"]["hand"] == [] and b["umbrella"]["hand"] == []
    # the labels do not start with a name ("Heroes search their deck: ..."), yet the heading
    # still says who decides: "Heroes to play"
    assert w.actor == "Heroes"


def test_a_click_puts_the_first_team_into_play(w):
    action = click(w, "Raccoon City Survivors")
    assert w.status["step"] == 1 and w.status["rule"] == action["rule"] == "setup.team"
    teams = w.board["heroes"]["teams"]
    assert [t["name"] for t in teams] == ["Raccoon City Survivors"]
    assert teams[0]["limit"] == 2 and teams[0]["role"] == ""
    assert w.board["stage"] != "setup" and w.board["turn"] == 1
    current = [p["key"] for p in w.board["phase_strip"] if p["at"] == "current"]
    assert current == [w.board["stage"]]
    assert f"heroes{SEP}teams" in w.status["changed"]
    json.dumps(w.get_state())


def test_the_phase_strip_follows_the_turn(w):
    seen = set()
    for _ in range(60):
        b = w.board
        strip = b["phase_strip"]
        if b["stage"] in {key for key, _, _ in PHASES}:
            at = [p["at"] for p in strip]
            now = at.index("current")
            assert at == ["done"] * now + ["current"] + ["later"] * (5 - now)
            seen.add(b["stage"])
        frontend(w, {"type": "play", "steps": 1})
    assert {"events", "recruit", "assault", "hunt"} <= seen


def test_the_seat_switch_hides_the_other_hand(w):
    until(w, lambda s: s.hands[HERO] and s.hands[UMBRELLA])
    whole = w.board
    assert whole["heroes"]["hand"] is not None and whole["umbrella"]["hand"] is not None
    assert whole["seat_name"] is None
    frontend_sets(w, seat=HERO)
    b = w.board
    assert b["seat"] == HERO and b["seat_name"] == "Heroes"
    assert b["umbrella"]["hand"] is None
    assert b["umbrella"]["hand_count"] == len(w.state.hands[UMBRELLA]) > 0
    assert [c["name"] for c in b["heroes"]["hand"]] == [c["name"] for c in whole["heroes"]["hand"]]
    assert w.inspector == w.state.to_dict(HERO)
    # no Umbrella hand card that is nowhere in sight shows up anywhere in the Heroes' board
    cards = w.state.cards.umbrella
    public = {
        cards[n].id
        for pile in (
            w.state.facilities,
            w.state.units,
            *w.state.discards[1:],
            *w.state.removed[1:],
            *w.state.committed[1:],
        )
        for n in (pile if isinstance(pile, list) else [pile])
    }
    text = json.dumps(b)
    for number in w.state.hands[UMBRELLA]:
        if cards[number].id not in public:
            assert f'"{cards[number].id}"' not in text
    frontend_sets(w, seat=UMBRELLA)
    assert w.board["heroes"]["hand"] is None and w.board["umbrella"]["hand"] is not None
    assert w.board["seat_name"] == "Umbrella"
    frontend_sets(w, seat=-1)
    assert w.board["heroes"]["hand"] is not None and w.board["umbrella"]["hand"] is not None


def test_seen_from_one_side_the_other_sides_choices_stay_private(w):
    until(w, lambda s: s.to_act == HERO and s.phase == "recruit" and s.hands[HERO])
    labels = [a["label"] for a in w.actions]
    assert labels
    frontend_sets(w, seat=UMBRELLA)  # the Heroes decide; their options name their hand
    assert w.actions == [] and w.status["private"] == len(labels) and w.actor == "Heroes"
    hand = {w.state.cards.hero[n].name for n in w.state.hands[HERO]}
    assert not any(name in json.dumps(w.actions) for name in hand)
    step = w.status["step"]
    stale = w.state.legal_actions()[0].id
    frontend(w, {"type": "act", "id": stale})  # a click drawn before the switch does nothing
    assert w.status["step"] == step and "private" in w.notice["text"]
    frontend_sets(w, seat=HERO)  # the Heroes see their own choices
    assert [a["label"] for a in w.actions] == labels and w.status["private"] == 0
    frontend_sets(w, seat=UMBRELLA)
    frontend(w, {"type": "play", "steps": 1})  # a policy may still play for them
    assert w.status["step"] == step + 1


def test_luck_is_shown_to_every_seat():
    w = first_roll()
    frontend_sets(w, seat=UMBRELLA if w.state.to_act != UMBRELLA else HERO)
    assert w.status["chance"] and w.actions and w.status["private"] == 0


def test_the_combat_panel_adds_up_and_gives_the_exact_odds():
    w = first_roll()
    state = w.state
    fight = w.board["fight"]
    attack, defence = state.forces()
    assert fight["kind"] == "assault" and fight["attacker"] == "heroes"
    heroes, umbrella = fight["sides"]["heroes"], fight["sides"]["umbrella"]
    assert (heroes["force"], umbrella["force"]) == (attack, defence)
    for side in (heroes, umbrella):
        assert sum(line["value"] for line in side["lines"]) == side["force"]
        assert all(line["kind"] != "other" for line in side["lines"])
        assert side["roll"] is None and side["total"] is None
    exact = win_probability(attack, defence)
    assert fight["before"]["fraction"] == str(exact)
    assert fight["before"]["percent"] == f"{float(exact) * 100:.1f}%"
    assert fight["before"]["of_1296"] == exact * 1296
    assert fight["now"] == fight["before"] and not fight["rolled"]
    dice = fight["dice"]
    assert dice["roller"] == "heroes" and dice["roller_is_attacker"]
    assert [c["total"] for c in dice["cells"]] == list(range(2, 13))
    assert [c["ways"] for c in dice["cells"]] == [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
    # the law of total probability: the strip's chances, weighted by the roll odds, give the odds
    total = sum(
        TWO_DICE[c["total"]] * Fraction(c["attacker_chance"]).limit_denominator(1296)
        for c in dice["cells"]
    )
    assert total == exact
    # the explorer's own chance-step buttons carry the same odds
    assert w.status["chance"] and {a["group"] for a in w.actions} == {"Luck"}
    odds = {a["label"].split(" (")[0]: a["odds"] for a in w.actions}
    assert odds["Heroes roll 12"] == "1/36" and odds["Heroes roll 7"] == "1/6"
    # cards in play show their part in the combat
    target = [f for f in w.board["umbrella"]["facilities"] if f["role"] == "target"]
    assert [f["number"] for f in target] == [state.target]
    attacking = [t for t in w.board["heroes"]["teams"] if t["role"] == "attacking"]
    assert [t["number"] for t in attacking] == [state.attacker]


def test_a_forced_roll_what_if_they_had_rolled_12():
    w = first_roll()
    force = w.board["fight"]["sides"]["heroes"]["force"]
    button = click(w, "Heroes roll 12 ")
    assert button["odds"] == "1/36" and button["p"] == pytest.approx(1 / 36)
    fight = w.board["fight"]
    heroes = fight["sides"]["heroes"]
    assert heroes["roll"] == 12 and heroes["total"] == force + 12
    assert fight["rolled"] and fight["before"]["fraction"] != fight["now"]["fraction"]
    assert fight["dice"]["roller"] == "umbrella" and not fight["dice"]["roller_is_attacker"]
    assert all(c["decided"] for c in fight["dice"]["cells"])
    assert w.status["changed"] and SEP.join(["combat", "rolls", "heroes"]) in w.status["changed"]
    # the same question asked of the rules directly
    wins = sum(1 for c in fight["dice"]["cells"] if c["attacker_wins"])
    assert fight["now"]["p"] == pytest.approx(
        sum(TWO_DICE[c["total"]] for c in fight["dice"]["cells"][:wins])
    )
    # back, and let luck decide instead
    frontend(w, {"type": "undo"})
    assert w.board["fight"]["sides"]["heroes"]["roll"] is None
    frontend(w, {"type": "roll"})
    assert w.board["fight"]["sides"]["heroes"]["roll"] == w.state.rolls[HERO] > 0


def test_after_the_last_die_the_board_shows_the_result():
    w = first_roll()
    click(w, "Heroes roll 12 ")
    click(w, "Umbrella rolls 2 ")
    b = w.board
    if b["fight"] is None:  # nothing left to settle: the combat is over
        last = b["last_fight"]
        assert last["just_now"] and last["won"]
        assert last["attack"]["roll"] == 12 and last["defence"]["roll"] == 2
        assert last["attack_total"] == last["attack"]["total"]
    else:
        assert b["fight"]["won"] is True and b["fight"]["now"] is None
    frontend(w, {"type": "play", "steps": 1})
    later = w.board
    if later["fight"] is None and later["last_fight"]:
        assert later["last_fight"]["attack_total"] == w.state.history[-1][4]


def test_k_marts_reroll_shows_both_chances():
    state = scenario(teams={"arcadia-convoy": ["k-mart"]}, facilities=["paris-lab", "the-hive"])
    w = Explorer(state)
    click(w, "assaults Paris")
    click(w, "Heroes roll 3 ")
    click(w, "Umbrella rolls 10 ")
    assert w.state.phase == "lucky"
    fight = w.board["fight"]
    assert fight["reroll"]["keep"]["fraction"] == "0"
    # force 4 against 6 + 10: the Heroes need 12 to tie, and a tie is theirs
    assert fight["reroll"]["again"]["fraction"] == "1/36"
    assert {a["group"] for a in w.actions} == {"K-Mart's luck"}
    assert w.board["deciding"] == "heroes" and "K-Mart" in w.board["decides"]


def test_search_and_destroy_swaps_the_sides():
    state = scenario(
        phase="hunt",
        teams={"ubcs-delta": ["carlos"]},
        units=["agent"],
        umbrella_hand=["t-virus-outbreak"],
    )
    w = Explorer(state)
    assert w.board["stage"] == "hunt" and w.board["deciding"] == "umbrella"
    click(w, "Agent hunts")
    fight = w.board["fight"]
    assert fight["kind"] == "hunt" and fight["attacker"] == "umbrella"
    assert fight["sides"]["umbrella"]["role"] == "attack"
    assert fight["committer"] == "umbrella"
    click(w, "T-Virus")
    fight = w.board["fight"]
    attack, defence = w.state.forces()
    assert fight["sides"]["umbrella"]["force"] == attack
    assert fight["sides"]["heroes"]["force"] == defence
    notes = [line["note"] for line in fight["sides"]["heroes"]["lines"]]
    # Carlos defending (+1); whether a Merc on a Merc team adds +1 is the game's option
    assert any(note.endswith("+1 defending") for note in notes), notes
    hunting = [u for u in w.board["umbrella"]["units"] if u["role"] == "hunting"]
    assert [u["name"] for u in hunting] == ["Agent"]
    assert [t["role"] for t in w.board["heroes"]["teams"]] == ["hunted"]


def test_a_destroyed_team_is_split_with_the_combat_still_shown():
    w = until(Explorer("corporation", seed=5), lambda s: s.phase == "split")
    b = w.board
    assert b["split"] and b["fight"]["won"] is not None and b["fight"]["now"] is None
    assert b["fight"]["after"]
    sides = b["fight"]["sides"]
    last = w.state.history[-1]
    attacker = sides[b["fight"]["attacker"]]
    assert attacker["total"] == last[4] == attacker["force"] + attacker["roll"]
    if w.state.to_act == CHANCE:
        assert w.status["chance"] and all("(" in a["label"] for a in w.actions)


@pytest.mark.parametrize(("seed", "policy"), [(1, "heuristic"), (2, "random")])
def test_whole_games_draw_at_every_step(seed, policy):
    w = Explorer("corporation", seed=seed)
    rng = random.Random(seed)
    for _ in range(2000):
        if w.state.is_over:
            break
        for seat in (None, HERO, UMBRELLA):
            data = board(w.state, seat)
            json.dumps(data)
            fight = data["fight"]
            if fight and fight["now"] is not None:
                for side in fight["sides"].values():
                    assert sum(line["value"] for line in side["lines"]) == side["force"]
                    assert all(line["kind"] != "other" for line in side["lines"])
        if w.status["chance"] and rng.random() < 0.5:
            frontend(w, {"type": "roll"})
        else:
            frontend(w, {"type": "play", "steps": 1, "policy": policy})
    assert w.state.is_over and w.board["result"] and w.board["stage"] == "over"
    assert w.board["deciding"] is None and w.actions == []


def test_compare_draws_two_corporation_boards(w):
    frontend(w, {"type": "play", "steps": 8})
    frontend(w, {"type": "fork", "label": "other luck", "new_luck": True})
    frontend(w, {"type": "play", "steps": 10})
    frontend(w, {"type": "compare", "a": "main", "b": "other luck"})
    assert w.comparison["a"]["board"]["phase_strip"]
    assert w.comparison["b"]["board"]["umbrella"]["facilities"]
    json.dumps(w.get_state())


def test_compare_speaks_the_boards_words_score_first():
    w = Explorer("corporation", seed=3)
    w.play(6)
    w.fork("other")
    w.play(14)
    w.switch(0)
    w.play(10)
    rows = w.compare(0, 1)["rows"]
    assert [row[0].split(SEP)[0] for row in rows[:2]] == ["Score", "Score"]
    text = " ".join(" ".join(row[:3]) for row in rows)
    for raw in ("attack_force", "defending_unit", "kind hunt", "{", "None"):
        assert raw not in text, raw
    assert len(rows) < 25
