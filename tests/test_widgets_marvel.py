"""The Marvel United board in the explorer, without a browser: messages in, traits out."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pandas as pd
from helpers import frontend

import umbrella_lab as ul
from umbrella_lab.engine.differences import SEP
from umbrella_lab.games.marvel.board import board, picture
from umbrella_lab.widgets import Explorer, view_for

GAMES = Path(ul.__file__).parent / "games"
"""The kit's games, each with its board in its own folder (``<game>/static/board.js``)."""


def _clicks(data: dict) -> list[str]:
    """Every move id the board offers as a click."""
    ids = []
    for spot in data["ring"]:
        ids += [spot["go"], spot["pick"]]
        ids += [move["id"] for move in (*spot["attack"].values(), *spot["heroic"].values())]
    ids += [card["act"] for hand in data["hands"] for card in hand["cards"]]
    ids += [hero["pick"]["id"] for hero in data["team"] if hero["pick"]]
    return [i for i in ids if i]


def _acting(seed: int = 1, players: int = 1, steps: int = 20, **options):
    """An explorer after ``steps`` greedy moves, at a hero's actions step."""
    w = Explorer("marvel", seed=seed, players=players, **options)
    w.play(steps, policy="greedy")
    assert w.state.step == "act", w.state.to_text()
    return w


def test_the_view_is_registered_with_its_files():
    w = Explorer("marvel", seed=1, players=1)
    view = view_for("marvel")
    assert (
        w.view is view
        and view.js == GAMES / "marvel" / "static" / "board.js"
        and ".umv" in w.board_css
    )
    assert w.seat_names == ["S.H.I.E.L.D."]
    two = Explorer("marvel", seed=1, players=2, heroes=("hulk", "wasp"))
    assert two.seat_names == ["Hulk", "Wasp"]


def test_the_ring_shows_six_locations_with_slots_threats_and_figures():
    state = ul.load("marvel", players=1).new(seed=1)
    data = board(state)
    json.dumps(data)
    assert [spot["number"] for spot in data["ring"]] == [1, 2, 3, 4, 5, 6]
    for spot, where in zip(data["ring"], range(6), strict=True):
        assert spot["thugs"] + spot["civilians"] + spot["free"] == spot["slots"]
        assert spot["villain"] == (state.villain_at == where)
        assert spot["covered"] and spot["threat"]["left"] > 0  # every Threat at the start
    heroes = [hero["name"] for spot in data["ring"] for hero in spot["heroes"]]
    assert sorted(heroes) == sorted(state.hero_name(h) for h in range(3))
    dash = data["dashboard"]
    assert dash["name"] == "Red Skull" and dash["health"] == dash["start"] == 8
    assert not dash["vulnerable"] and "2 missions" in dash["why"]
    assert dash["track"]["name"] == "Fear Track" and dash["track"]["end"] == 20
    assert dash["bam"].startswith("1 damage") and dash["overflow"] and dash["plot"]
    assert [m["size"] for m in data["mission_cards"]] == [9, 9, 4]
    assert data["unlocks"][0]["rule"] == "turn.pressure"


def test_each_villain_shows_its_own_plot_track():
    ultron = board(ul.load("marvel", players=2, villain="ultron").new(seed=2))
    assert ultron["dashboard"]["track"]["name"] == "Full locations"
    assert ultron["dashboard"]["track"]["end"] == 6
    task = board(ul.load("marvel", players=2, villain="taskmaster").new(seed=2))
    assert task["dashboard"]["track"]["rule"] == "dash.crisis-guard"
    assert task["dashboard"]["extra"]  # the guard in words


def test_the_storyline_marks_the_card_played_and_the_previous_hero_card():
    w = _acting()
    story = w.board["story"]
    roles = {card["role"] for card in story["cards"]}
    assert {"played", "previous"} <= roles
    played = next(c for c in story["cards"] if c["role"] == "played")
    assert played["position"] == len(story["cards"]) - 1
    assert story["left"] == story["cadence"] - w.state.since_plan
    assert any(card["kind"] == "plan" for card in story["cards"])
    pool = w.board["turn_pool"]
    assert pool["hero"] == w.state.actor()
    assert sum(pool["symbols"].values()) == sum(w.state.pool)


def test_every_click_the_board_offers_is_a_legal_move():
    for seed, players, villain in ((1, 1, "red-skull"), (5, 3, "taskmaster"), (2, 2, "ultron")):
        w = Explorer("marvel", seed=seed, players=players, villain=villain)
        for _ in range(60):
            if w.state.is_over:
                break
            data = w.board
            json.dumps(data)
            legal = {a.id for a in w.state.legal_actions()}
            assert set(_clicks(data)) <= legal
            w.play(1, policy="greedy")


def test_clicking_a_location_moves_the_hero_there():
    w = _acting()
    hero = w.state.actor()
    spot = next(s for s in w.board["ring"] if s["go"])
    frontend(w, {"type": "act", "id": spot["go"]})
    assert w.state.place_name(w.state.hero_at[w.state.active]) == spot["name"]
    assert any(h["name"] == hero for h in w.board["ring"][spot["index"]]["heroes"])


def test_clicking_a_thug_attacks_it_and_a_hand_card_plays_it():
    w = _acting(seed=1, players=3, steps=31, villain="taskmaster")
    here = next(s for s in w.board["ring"] if s["here"])
    assert "thug" in here["attack"] and "civilian" in here["heroic"]
    assert here["threat"]["name"] == "Elite Thugs" and "threat" in here["heroic"]
    frontend(w, {"type": "act", "id": here["attack"]["thug"]["id"]})
    assert w.state.wounded[here["index"]] == 1  # an elite Thug needs 2 in the turn
    while w.state.step != "play" and not w.state.is_over:
        w.play(1, policy="greedy")
    hand = next(h for h in w.board["hands"] if h["turn"])
    card = hand["cards"][0]
    assert card["act_kind"] == "play"
    frontend(w, {"type": "act", "id": card["act"]})
    assert w.board["story"]["cards"][-1]["id"] == card["id"]


def _until(w: Explorer, step: str) -> Explorer:
    """The explorer once the table reaches ``step`` with no decision waiting (the heroes'
    choices on the way, such as which Threat's BAM acts first, made by the greedy player)."""
    while w.state.step != step or w.state.ask is not None:
        w.play(1, policy="greedy")
    return w


def test_actions_are_grouped_under_headings():
    start = _until(Explorer("marvel", seed=1, players=1), "play")
    plays = [a for a in start.actions if a["group"] == "Play a card"]
    assert plays and plays[0]["short"] == "Captain America WW"  # the card, without its id
    w = _acting()
    groups = [a["group"] for a in w.actions]
    assert set(groups) <= {"Move", "Attack", "Heroic action", "Special", "End of the turn"}
    assert "Move" in groups and "End of the turn" in groups


def test_the_static_picture_names_the_table():
    state = ul.load("marvel", players=1).new(seed=1)
    html = picture(state)
    for where in range(6):
        assert state.place_name(where).replace("'", "&#x27;") in html
    assert "Red Skull" in html and "<script" not in html
    assert view_for("marvel").static_picture(state) == html


def test_the_static_picture_reads_its_locations_from_the_left():
    """JupyterLab's and an HTML export's style sheets right-align table cells; a location's
    lines (its tokens, its Threat, who stands there) wrapped on a projected screen, read
    ragged from the right."""
    html = picture(ul.load("marvel", players=1).new(seed=1))
    cells = re.findall(r'<td[^>]* style="([^"]*)"', html)
    assert len(cells) == 7  # six locations and the missions' line
    assert all("text-align:" in style for style in cells)
    assert sum("text-align:left" in style for style in cells) == 6


def test_the_heroes_choose_who_starts_by_clicking_a_hero():
    w = _until(Explorer("marvel", seed=1, players=2, heroes=("hulk", "wasp")), "lead")
    assert w.board["decides"] == "The heroes choose who takes the first hero turn"
    wasp = next(hero for hero in w.board["team"] if hero["name"] == "Wasp")
    frontend(w, {"type": "act", "id": wasp["pick"]["id"]})
    assert w.state.turn == 1 and all(hero["pick"] is None for hero in w.board["team"])


def test_an_effects_target_is_clicked_on_the_table():
    w = Explorer("marvel", seed=2, players=1)
    while not (w.state.ask and w.state.ask[0].endswith("-target")):
        assert not w.state.is_over, "the game ended before an effect asked for a target"
        w.play(1, policy="planner")
    spot = w.board["ring"][w.state.ask[3]]
    chooses = {a.id for a in w.state.legal_actions() if a.kind == "choose"}
    assert {move["id"] for move in spot["attack"].values()} == chooses
    rule = w.state.action(w.state.legal_moves()[0]).rule  # the Special's own rule
    frontend(w, {"type": "act", "id": next(iter(spot["attack"].values()))["id"]})
    assert w.status["rule"] == rule and rule.startswith("special.")


# --- the questions and checks of the workshop "Design a villain" (tutorials/07) -----------------

TUTORIALS = Path(__file__).resolve().parents[1] / "tutorials"
if str(TUTORIALS) not in sys.path:
    sys.path.insert(0, str(TUTORIALS))


def _games(rules: list[str]) -> pd.DataFrame:
    """A simulation table of Marvel United games ending by these rules, one per seed."""
    return pd.DataFrame(
        {"seed": range(len(rules)), "rule": rules, "won": [r == "end.win" for r in rules]}
    )


def test_the_villain_questions_reveal_what_the_games_show():
    import answer_key

    base = _games(["end.win"] * 30 + ["end.plot"] * 15 + ["end.solo-ko"] * 15)
    harder = _games(["end.win"] * 5 + ["end.plot"] * 20 + ["end.solo-ko"] * 35)
    quiz = answer_key.fewer_thugs(lambda: base, lambda: harder)
    reveal = quiz.commit("harder")
    assert reveal["correct"] and "won 8%" in reveal["explain"]
    moved = answer_key.which_losses_moved(base, lambda: harder).commit("KO")
    assert moved["correct"] and "KO +33 points" in moved["explain"]
    notebook = (TUTORIALS / "07_design_a_villain.ipynb").read_text(encoding="utf-8")
    for text in (reveal["explain"], moved["explain"]):
        assert text[:60] not in notebook  # nothing of an answer before the commitment


def test_the_villain_checks_say_what_is_done_and_how_sure():
    import answer_key

    packaged = pd.DataFrame({"bam": [True, False], "thugs": [4, 4], "special": ["", "hail-hydra"]})
    edited = pd.DataFrame({"bam": [True, True], "thugs": [4, 2], "special": ["mesmerize", ""]})
    done = answer_key.check_edits(edited, packaged)
    assert done.startswith("✓") and done.count("done:") == 3
    undone = answer_key.check_edits(packaged, packaged)
    assert undone.startswith("✗ not yet: 3 of 3 edits") and undone.count("to do:") == 3
    few = _games(["end.win"] * 11 + ["end.plot"] * 49)
    assert "play more games" in answer_key.hard_but_fair(few)
    many = _games(["end.win"] * 400 + ["end.plot"] * 1600)
    assert "the whole 95% range is inside" in answer_key.hard_but_fair(many)
    assert "too hard" in answer_key.hard_but_fair(_games(["end.plot"] * 60))
    above = answer_key.hard_but_fair(_games(["end.win"] * 17 + ["end.plot"] * 43))  # 28%
    assert "above the band, but its 95% range reaches into it" in above  # not "too easy"
    assert "too easy" in answer_key.hard_but_fair(_games(["end.win"] * 30 + ["end.plot"] * 30))


def test_the_advisor_rates_every_card_and_forks_compare_on_the_board():
    w = Explorer("marvel", seed=28, players=1, heroes=("hulk", "captain-marvel", "black-widow"))
    frontend(w, {"type": "advise", "rollouts": 4})
    assert w.wait(120)
    assert set(w.advice["rows"]) == {a["id"] for a in w.actions}
    w.fork("other card")
    frontend(w, {"type": "act", "id": w.actions[-1]["id"]})
    result = w.compare("main", "other card")
    assert result and w.comparison["a"]["board"]["ring"] and w.comparison["b"]["board"]["story"]


def test_two_branches_compare_in_the_tables_words():
    """The compare view names cards as the table does (Hulk MA) and places by their names.

    It listed the snapshot's fields: the hand as "captain-marvel-04, hulk-05, ...", Hulk's
    location as "avengers-mansion", the Storyline as "red-skull-05, black-widow-03".
    """
    w = Explorer("marvel", seed=46, players=1, heroes=("hulk", "captain-marvel", "black-widow"))
    w.play(4, policy="greedy")
    w.fork("other")
    w.play(8, policy="greedy")
    rows = w.compare("main", "other")["rows"]
    places = [row[0] for row in rows]
    score = ["Red Skull", "Fear Track", "missions complete"]
    assert places[:3] == [SEP.join(("Score", name)) for name in score]
    assert any(place.startswith(f"Locations{SEP}") for place in places)
    hand = next(row for row in rows if row[0] == SEP.join(("S.H.I.E.L.D.", "hand")))
    assert "Hulk MA" in hand[1] and "Captain Marvel A + Photon Blast" in hand[1]
    ids = re.compile(r"\b[a-z]+(?:-[a-z]+)*-\d\d\b|avengers-mansion|central-park|shield")
    for row in rows:
        assert not any(ids.search(cell) for cell in row), row


def test_a_token_away_from_the_hero_says_move_here_first_only_when_a_move_can_get_there():
    """Clicking a Thug next door with no Move left this turn says so, citing [turn.move]: "move
    here first" was said whatever was left. Where it is said, a Move there (either way to pay)
    is legal and leaves an Attack or a rescue to play at that location."""
    s = _acting(seed=1, players=2, steps=15).state
    spot = next(spot for spot in board(s)["ring"] if spot["name"] == "Times Square")
    assert not spot["here"] and spot["thugs"] and not spot["go"]
    assert spot["why"]["thug"] == {
        "text": "Black Widow is at Stark Labs: Attacks act only where the hero stands, and no "
        "Move symbol or token is left this turn.",
        "rule": "turn.move",
    }
    said = 0
    for seed, players in ((1, 1), (1, 2), (2, 3)):
        w = Explorer("marvel", seed=seed, players=players)
        for _ in range(70):
            s = w.state
            if s.is_over:
                break
            if s.step == "act":
                start = s.hero_at[s.active]
                for spot in board(s)["ring"]:
                    if spot["index"] not in ((start + 1) % 6, (start - 1) % 6):
                        continue
                    for clicked, group, there in (
                        ("thug", "attack", spot["thugs"]),
                        ("civilian", "heroic", spot["civilians"]),
                    ):
                        if not there or "move here first" not in spot["why"][clicked]["text"]:
                            continue
                        said += 1
                        gone = [
                            s.apply(a)
                            for a in s.legal_actions()
                            if a.kind == "go" and a.key.to == spot["index"]
                        ]
                        assert any(
                            clicked in board(after)["ring"][spot["index"]][group] for after in gone
                        ), (seed, players, s.turn, spot["why"][clicked])
            w.play(1, policy="greedy")
    assert said > 10
