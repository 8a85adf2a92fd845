"""Every check of workshops 01-07 judges fairly: a right, a wrong, a tied and a malformed answer.

A check (an exercise's ``answer_key.check_...``, or a predict-then-reveal quiz) must accept the
right answer, and every answer as good (a tie, an equivalent form, anything inside the range
the evidence allows); say "not yet" to a wrong one and explain it by the evidence; and answer
a malformed one with one friendly line, never a traceback. An exercise check's answer starts
with its mark: ✓ right, ~ not clear either way, ✗ not yet, ? could not read the answer.

The checks run here on small, made-up evidence (a few hundred rows, a tiny registered game),
so each test takes seconds; the workshops run them on the real thing.
"""

from __future__ import annotations

import re
import shutil
import sys
import types
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

import umbrella_lab as ul
from umbrella_lab import sim
from umbrella_lab.engine.core import REGISTRY, GameInfo, OpenState, Option, Result, random_move
from umbrella_lab.engine.moves import Move
from umbrella_lab.sim.puzzles import load_puzzles
from umbrella_lab.widgets import Quiz

TUTORIALS = Path(__file__).resolve().parents[1] / "tutorials"
sys.path.insert(0, str(TUTORIALS))

import answer_key  # noqa: E402


def mark(verdict: str) -> str:
    """A check's verdict mark (its first character), after checking it is one of four."""
    assert verdict and verdict[0] in "✓~✗?", verdict
    return verdict[0]


def friendly(verdict: str) -> None:
    """A malformed answer's reply: one line, marked '?', no traceback."""
    assert mark(verdict) == "?", verdict
    assert "\n" not in verdict and "Traceback" not in verdict, verdict
    assert len(verdict) < 400, verdict


def play_quiz(quiz: Quiz, right: Any, wrong: Any, tied: Any, malformed: Any) -> None:
    """Commit the four answers to a quiz (asked again between them) and check the verdicts."""
    reveal = quiz.commit(right)
    assert reveal["correct"], (quiz.question, right, reveal["verdict"])
    assert reveal["explain"]
    quiz.reset()
    reveal = quiz.commit(wrong)
    assert not reveal["correct"], (quiz.question, wrong, reveal["verdict"])
    assert reveal["explain"] and reveal["answer"], "a wrong answer is explained"
    quiz.reset()
    assert quiz.commit(tied)["correct"], (quiz.question, tied)
    quiz.reset()
    quiz._on_frontend_msg(quiz, {"type": "commit", "value": malformed}, [])  # from the page
    assert quiz.problem and "\n" not in quiz.problem and not quiz.reveal, quiz.problem
    assert "Traceback" not in quiz.problem


def edge(quiz: Quiz, within: float, top: float = 100) -> float:
    """A number answer exactly ``within`` off the truth (inside the slider): still right."""
    truth = quiz._truth() * (100 if quiz._percent else 1)
    return truth + within if truth + within <= top else truth - within


def frame_of(cells: dict[tuple, tuple[int, int]], columns: tuple[str, ...]) -> pd.DataFrame:
    """Made-up games: for each cell (its columns' values), ``wins`` won of ``games``."""
    rows = []
    seed = 0
    for values, (wins, games) in cells.items():
        for index in range(games):
            rows.append(
                {**dict(zip(columns, values, strict=True)), "seed": seed, "won": index < wins}
            )
            seed += 1
    return pd.DataFrame(rows)


# --- 01: the balance workshop ---------------------------------------------------------------

DIALS = frame_of(
    {
        (6, 3): (217, 400),  # 54.25%: 4.25 points from 50%
        (9, 6): (183, 400),  # 45.75%: as close, from below (a tie)
        (8, 4): (136, 400),  # 34%: the rulebook's setting
        (7, 4): (280, 400),  # 70%
        (8, 5): (210, 400),  # 52.5%: the closest
        (9, 5): (186, 400),  # 46.5%: its range holds 50%
    },
    ("strength", "hand_size"),
)


def test_01_exercise_1_closest_setting():
    assert mark(answer_key.check_closest((8, 5), DIALS)) == "✓"  # right
    wrong = answer_key.check_closest((8, 4), DIALS)
    assert mark(wrong) == "✗" and "34%" in wrong and "below 50%" in wrong  # explained
    assert mark(answer_key.check_closest((7, 4), DIALS)) == "✗"
    assert "above 50%" in answer_key.check_closest((7, 4), DIALS)
    within = answer_key.check_closest((9, 5), DIALS)  # 46.5%, range to 51%: cannot tell
    assert mark(within) == "✓" and "range holds 50%" in within
    for same in ((8, 5), "(8,5)", " 8 , 5 ", [8, 5], "8 5"):  # equivalent forms
        assert answer_key.check_closest(same, DIALS) == answer_key.check_closest((8, 5), DIALS)
    for malformed in ((6, 2), "x", None, (8.5, 4), (8, 4, 1), 7):
        friendly(answer_key.check_closest(malformed, DIALS))


def test_01_exercise_1_a_tie_is_right():
    tied = {(6, 3): (217, 400), (9, 6): (183, 400), (8, 4): (136, 400)}
    dials = frame_of(tied, ("strength", "hand_size"))
    for answer, other in (((6, 3), "(9, 6)"), ((9, 6), "(6, 3)")):  # 4.25 points each
        verdict = answer_key.check_closest(answer, dials)
        assert mark(verdict) == "✓" and f"{other} is just as close" in verdict, verdict


@pytest.fixture(scope="module")
def academy_base() -> pd.DataFrame:
    return sim.simulate("academy", players=3, n=40, seed=1, progress=False)


def test_01_exercise_3_house_rule(academy_base):
    game = ul.load("academy", players=3)
    right = answer_key.check_house_rule(game, {"base_life": 6}, academy_base, seed=1)
    assert mark(right) == "✓" and "On the same 40 deals" in right
    for wrong in ({}, None, {"block_damage": "team"}):  # no rule, or the rulebook's own
        assert mark(answer_key.check_house_rule(game, wrong, academy_base, seed=1)) == "✗"
    tied = answer_key.check_house_rule(game, {" Base_Life": "6"}, academy_base, seed=1)
    assert tied == right  # case, spacing and a number written as text read the same
    for malformed in ({"blok": 1}, {"base_life": 7}, "base_life=6", {"heroes": 3}):
        friendly(answer_key.check_house_rule(game, malformed, academy_base, seed=1))


def test_01_quizzes(academy_base):
    play_quiz(
        answer_key.games_for_a_margin(0.01),
        right="about 10,000 games",
        wrong="about 1,000 games",
        tied=10_000,  # the value, not the label
        malformed="ten thousand",
    )
    heal = answer_key.heal_with_any_card(
        academy_base,
        lambda: sim.simulate("academy", players=3, n=40, seed=1, progress=False, strict_heal=False),
    )
    no = next(label for label in heal.choices if label.startswith("no"))
    yes = next(label for label in heal.choices if label.startswith("yes"))
    play_quiz(heal, right=no, wrong=yes, tied="no", malformed="perhaps")
    heal.reset()
    assert "never heals when it can attack" in heal.commit("no")["explain"]


# --- 02: probability with dice --------------------------------------------------------------


def test_02_quizzes():
    play_quiz(answer_key.most_likely_total(), right=7, wrong=6, tied="7", malformed="seven")
    combat = answer_key.combat_chance(9, 11)  # 145/432 = 33.6%, within 5 points
    edge = combat._answer() * 100 - 5  # the edge of the range counts
    play_quiz(combat, right=34, wrong=20, tied=edge, malformed="a third")
    # the explanation says what the dice must make up: force 9 against 12 needs 3 more
    said = answer_key.combat_chance(9, 12).commit(24)["explain"]
    assert "155/648 = 23.9%" in said and "beat the defender's by 3 or more" in said
    assert "by 2 or more" in answer_key.combat_chance(9, 11).commit(34)["explain"]
    ahead = answer_key.combat_chance(11, 9).commit(83)["explain"]
    assert "unless its dice fall 3 or more below" in ahead and "says 'win'" in ahead
    play_quiz(
        answer_key.where_a_bonus_helps(),
        right=-1,
        wrong=6,
        tied="a little behind (edge -1)",
        malformed=0,
    )
    play_quiz(
        answer_key.roll_or_hold(15),
        right="roll",
        wrong="hold",
        tied="roll again: it adds points on average",
        malformed="perhaps",
    )
    widths = pd.DataFrame({"rolls": [100, 400], "half_width": [0.08, 0.04]})
    halving = answer_key.halving_the_interval(widths)
    play_quiz(halving, right=4, wrong=2, tied="4 times as many", malformed=3)
    halving.reset()
    assert "from 100 to 400 rolls" in halving.commit(4)["explain"]  # whole rolls, not 100.0


def test_02_exercise_the_hold_point(tmp_path):
    die = tmp_path / "die"
    shutil.copytree(answer_key._packaged("pig"), die)
    assert mark(answer_key.check_hold_point(20, die)) == "✗"  # the packaged die: change it first
    toml = die / "die.toml"
    two = 'id = "two"\nvalue = 2\npig = false'
    toml.write_text(toml.read_text().replace(two, two.replace("false", "true")))
    assert mark(answer_key.check_hold_point(9, die)) == "✓"  # (3+4+5+6) / 2 pigs = 9
    tied = answer_key.check_hold_point(10, die)  # at 9 rolling and holding are worth the same
    assert mark(tied) == "✓" and "worth the same" in tied
    assert mark(answer_key.check_hold_point(" 9 ", die)) == "✓"
    wrong = answer_key.check_hold_point(20, die)
    assert mark(wrong) == "✗" and "hold sooner" in wrong
    assert "hold later" in answer_key.check_hold_point(8, die)
    for malformed in ("x", 9.5, None):
        friendly(answer_key.check_hold_point(malformed, die))
    friendly(answer_key.check_hold_point(9, tmp_path / "nowhere"))
    toml.write_text(toml.read_text().replace("pig = true", 'pig = "yes"', 1))
    friendly(answer_key.check_hold_point(9, die))  # a typo in the die, named


# --- 03: the strategy lab -------------------------------------------------------------------


def _hold_at(threshold: int):
    def play(view, actions):
        by_kind = {action.kind: action for action in actions}
        if "hold" in by_kind and view["turn_total"] >= threshold:
            return by_kind["hold"]
        return by_kind["roll"]

    play.__name__ = f"hold_at_{threshold}"
    return play


def test_03_exercise_your_player():
    game = ul.load("pig", players=2, goal=50)
    good, bad = _hold_at(20), _hold_at(1)
    assert mark(answer_key.check_player(good, bad, game, n=60, seed=1)) == "✓"
    wrong = answer_key.check_player(bad, good, game, n=60, seed=1)
    assert mark(wrong) == "✗" and "below zero" in wrong
    tied = answer_key.check_player(good, _hold_at(21), game, n=30, seed=1)  # a real change
    assert mark(tied) == "~" and "includes zero" in tied, tied
    assert "(95% range +0.0 to +0.0)" not in tied
    # The workshop's starter: a copy of the baseline, every game identical. It fails, and says
    # that nothing has changed yet and what to change, in one line.
    starter = answer_key.check_player(_hold_at(20), good, game, n=30, seed=1)
    assert mark(starter) == "✗" and "nothing has changed yet" in starter, starter
    assert "same player" in starter and "Change one thing" in starter and "\n" not in starter

    def copy(view, actions):
        return good(view, actions)

    assert "nothing has changed yet" in answer_key.check_player(copy, good, game, n=10, seed=1)
    assert "nothing has changed yet" in answer_key.check_player(good, good, game, n=10, seed=1)
    friendly(answer_key.check_player(42, good, game, n=10, seed=1))

    def broken(view, actions):
        raise KeyError("turn_totl")

    friendly(answer_key.check_player(broken, good, game, n=10, seed=1))


def test_03_quizzes():
    game = ul.load("pig", players=2, goal=50)
    players = {"careful": _hold_at(12), "heuristic": "heuristic", "mcts": sim.mcts(playouts=4)}
    result = sim.tournament(game, players, n=6, seed=7, workers=1, bootstrap=0)
    score = answer_key.score_against(result, "careful")
    truth = round(score._answer() * 100)
    play_quiz(score, right=truth, wrong=(truth + 50) % 100, tied=edge(score, 10), malformed="half")
    row = result.table.set_index(["policy", "opponent"]).loc[("careful", "heuristic")]
    low, high = row["seed_low"] * 100, row["seed_high"] * 100
    inside = next(x for x in (low + 0.5, high - 0.5) if abs(x - score._answer() * 100) > 10)
    score.reset()
    assert score.commit(inside)["correct"]  # more than 10 points off, inside the range
    search = answer_key.is_the_search_stronger(result)
    right = search._answer()
    wrong = next(v for v in ("stronger", "unclear", "weaker") if v != right)
    label = search.choices[("stronger", "unclear", "weaker").index(right)]
    play_quiz(search, right=right, wrong=wrong, tied=label, malformed="yes")
    better = answer_key.is_it_better(lambda: result.compare("careful", "mcts", "heuristic"))
    right = better._answer()
    wrong = next(v for v in ("better", "unclear", "worse") if v != right)
    play_quiz(better, right=right, wrong=wrong, tied=right, malformed="much better")


# --- 04: house rules and cards --------------------------------------------------------------

CARD = 'id = "villain-attack-50"\nattack = 50\ndamage = 3\n'


def test_04_exercise_your_own_house_rule(tmp_path, academy_base):
    mine = tmp_path / "mine"
    shutil.copytree(answer_key._packaged("academy"), mine)
    wrong = answer_key.check_variant(mine, academy_base, seed=1)
    assert mark(wrong) == "✗" and "still holds the packaged cards" in wrong
    deck = mine / "villain_attack.toml"
    deck.write_text(deck.read_text().replace(CARD + "copies = 6", CARD + "copies = 0"))
    right = answer_key.check_variant(mine, academy_base, seed=1)
    assert mark(right) == "✓" and "card villain-attack-50: copies 6 → 0" in right
    assert answer_key.check_variant(str(mine), academy_base, seed=1) == right  # text or path
    deck.write_text(deck.read_text().replace(CARD + "copies = 0", CARD + 'copies = "0"'))
    friendly(answer_key.check_variant(mine, academy_base, seed=1))  # the typo, named
    friendly(answer_key.check_variant(tmp_path / "nowhere", academy_base, seed=1))
    friendly(answer_key.check_variant(3, academy_base, seed=1))


def test_04_quizzes(academy_base):
    error = ul.DataError("deck.toml", "card 'x'", "copies", "must be int, not '0'")
    play_quiz(
        answer_key.what_the_typo_broke(error),
        right="kind",
        wrong="name",
        tied="a value of the wrong kind (a word where a number belongs)",
        malformed="typo",
    )
    variant = lambda: sim.simulate(  # noqa: E731
        "academy", players=3, n=40, seed=1, progress=False, base_life=6
    )
    predict = answer_key.predict_the_variant(academy_base, variant, "tough heroes")
    truth = predict._answer() * 100
    play_quiz(
        predict,
        right=round(truth),
        wrong=max(0, round(truth) - 30),
        tied=edge(predict, 5),
        malformed="more",
    )
    low, high = (end * 100 for end in predict._bounds())
    predict.reset()
    far = low if abs(low - truth) > abs(high - truth) else high  # the range's far end
    assert abs(far - truth) > 5 and predict.commit(far)["correct"]  # inside the evidence
    honest = answer_key.honest_sentence(
        lambda: sim.compare(variant(), academy_base), "tough heroes"
    )
    right = honest._answer()
    play_quiz(honest, right=right, wrong="always", tied=right, malformed="the second")


# --- 05: puzzles ----------------------------------------------------------------------------


def test_05_exercise_make_a_puzzle():
    puzzles = load_puzzles("pig")
    right = answer_key.check_puzzle(puzzles[1].position())
    assert mark(right) == "✓" and "a good puzzle" in right
    wrong = answer_key.check_puzzle(puzzles[0].position())
    assert mark(wrong) == "✗" and "about equal" in wrong
    assert re.search(r"wins \d+ of \d+ games played out", wrong)  # how few games, not "100%"
    assert "answer_key.check_puzzle(state, budget=" in wrong  # how to play more
    tied = answer_key.check_puzzle(ul.load("pig").new(1))  # best, but the heuristic plays it
    assert mark(tied) == "~" and "the heuristic plays it too" in tied
    friendly(answer_key.check_puzzle("the opening"))
    friendly(answer_key.check_puzzle(None))


def test_05_quizzes():
    good = answer_key.what_makes_a_move_good()
    play_quiz(good, right="game", wrong="turn", tied=good.choices[1], malformed="luck")
    team = answer_key.team_or_hero()
    play_quiz(team, right="team", wrong="hero", tied=team.choices[1], malformed="")
    gap = answer_key.puzzle_gap("academy", 0)
    truth = gap._answer()
    wrong = truth + 20 if truth + 20 <= 50 else truth - 20
    play_quiz(gap, right=round(truth), wrong=wrong, tied=edge(gap, 5, top=50), malformed=-5)
    low, high = gap._bounds()
    gap.reset()
    far = low if abs(low - truth) > abs(high - truth) else high  # the range's far end
    assert gap.commit(min(max(far, 0), 50))["correct"]  # inside the evidence counts


# --- 06: write your own game ----------------------------------------------------------------


class CountState(OpenState):
    """A race to 9, adding 1 or 2 (workshop 06's game in small)."""

    __slots__ = ("active", "count", "outcome")
    seat_field = "active"
    result_field = "outcome"
    chance_steps = False
    new_luck_rule = "setup.start"


def _setup(game, seed, events):
    s = CountState.__new__(CountState)
    s.game, s.seed, s.events = game, seed, events
    s.count, s.active, s.outcome = 0, 0, None
    return s


class Add(Move):
    rule = "turn.add"
    seat: int
    amount: int

    @staticmethod
    def legal(s):
        left = 9 - s.count
        return [] if s.outcome else [Add(s.active, a) for a in (1, 2) if a <= left]

    def play(self, s):
        s.count += self.amount
        s.say("turn.add", lambda: f"+{self.amount}")
        if s.count == 9:
            s.outcome = Result((self.seat,), "reached", "end.target")
        else:
            s.active = 1 - s.active


@pytest.fixture
def race(tmp_path):
    digest = tmp_path / "race.md"
    digest.write_text(
        "# Race\n## 1. Rules\n### setup.start: Start\nAt 0.\n### turn.add: Add\nAdd.\n"
        "### end.target: End\nEnd.\n"
    )
    views = types.SimpleNamespace(
        snapshot=lambda s, seat=None: {"count": s.count},
        to_text=lambda s, seat=None: f"count {s.count}",
        to_html=lambda s: f"<b>{s.count}</b>",
    )
    info = GameInfo(
        "race-check",
        "Race to 9",
        (2,),
        (Option("target", 9, "The target.", (9,), "end.target"),),
        setup=_setup,
        moves=(Add,),
        views=views,
        policies={"random": random_move},
        heuristic="random",
        digest=digest,
    )
    REGISTRY.register(info)
    yield "race-check"
    REGISTRY.games.pop("race-check", None)


def test_06_exercise_your_player(race):
    def smart(s, rng):  # leave a multiple of 3 to go
        for move in s.legal_moves():
            if (9 - s.count - move.amount) % 3 == 0:
                return move
        return random_move(s, rng)

    def add_one(s, rng):
        return s.legal_moves()[0]

    right = answer_key.check_race_player(smart, n=300, seed=1, game=race)
    assert mark(right) == "✓" and "Clearly better than chance" in right
    wrong = answer_key.check_race_player(add_one, n=300, seed=1, game=race)
    assert mark(wrong) in "✗~" and "a random P2 won" in wrong
    tied = answer_key.check_race_player(random_move, n=300, seed=1, game=race)
    assert mark(tied) == "~" and "+0.0 points" in tied  # as good as random: no clear change
    friendly(answer_key.check_race_player(42, n=10, seed=1, game=race))
    friendly(answer_key.check_race_player(lambda s, rng: None, n=10, seed=1, game=race))


def test_06_quizzes(race):
    frame = sim.simulate(race, "random", n=300, players=2, seed=1, workers=1, progress=False)
    who = answer_key.who_wins_at_random(frame)
    right = who._answer()
    wrong = next(v for v in ("P1", "P2", "same") if v != right)
    play_quiz(who, right=right, wrong=wrong, tied=right, malformed="P3")
    # P1 wins 1,050 of 2,000 (range 50.3% to 54.7%): a real edge, though the two seats'
    # ranges overlap (P2: 45.3% to 49.7%); the seats' shares add up to 1, so one range decides
    winners = [(0,)] * 1050 + [(1,)] * 950
    edged = pd.DataFrame({"seed": range(2000), "players": 2, "winners": winners})
    edged["won"] = True
    assert answer_key.who_wins_at_random(edged)._answer() == "P1"
    said = answer_key.who_wins_at_random(edged).commit("P1")
    assert said["correct"] and "a real edge" in said["explain"]
    smart_games = sim.simulate(race, "random", n=100, players=2, seed=1, workers=1, progress=False)
    smart = answer_key.smart_against_smart(lambda: smart_games)
    truth = round(smart._answer() * 100)
    play_quiz(smart, right=truth, wrong=(truth + 50) % 100, tied=edge(smart, 5), malformed="all")
    said = answer_key.smart_against_smart(lambda: smart_games).commit(100)["explain"]
    assert "1, 5, 9, 13, 17 and 21" in said  # the safe counts named, not "4 short of" them


# --- 07: design a villain -------------------------------------------------------------------

PACKAGED_PLAN = pd.DataFrame(
    {"bam": [True, False, False], "thugs": [4, 4, 4], "special": ["", "", "hail-hydra"]}
)


def test_07_exercise_1_edits():
    done = PACKAGED_PLAN.assign(bam=True, thugs=[4, 2, 2], special=["mesmerize", "", ""])
    right = answer_key.check_edits(done, PACKAGED_PLAN)
    assert mark(right) == "✓" and "✓" not in right[1:], right
    other_cards = done.assign(thugs=[0, 4, 4])  # fewer Thugs, from other cards: as good
    assert mark(answer_key.check_edits(other_cards, PACKAGED_PLAN)) == "✓"
    wrong = answer_key.check_edits(done.assign(thugs=4), PACKAGED_PLAN)
    assert mark(wrong) == "✗" and "to do: fewer Thug tokens: 12 (packaged 12)" in wrong
    friendly(answer_key.check_edits("red-skull", PACKAGED_PLAN))
    friendly(answer_key.check_edits(done, PACKAGED_PLAN, thugs_off="six"))
    # the workshop asks for 6 fewer (three cards' side Thugs): one card's 2 is half done
    one_card = answer_key.check_edits(done.assign(thugs=[2, 4, 4]), PACKAGED_PLAN, thugs_off=6)
    assert mark(one_card) == "✗" and "6 fewer wanted, 4 more to take off" in one_card
    three = answer_key.check_edits(done.assign(thugs=[2, 2, 2]), PACKAGED_PLAN, thugs_off=6)
    assert mark(three) == "✓"
    more = answer_key.check_edits(done.assign(thugs=[0, 2, 2]), PACKAGED_PLAN, thugs_off=6)
    assert mark(more) == "✓"  # more than asked: as good


def test_07_exercise_2_hard_but_fair():
    def games(wins: int) -> pd.DataFrame:
        return frame_of({(): (wins, 60)}, ())

    right = answer_key.hard_but_fair(games(12), 0.15, 0.25)  # 20%
    assert mark(right) == "✓"
    assert mark(answer_key.hard_but_fair(games(9), 0.15, 0.25)) == "✓"  # 15% exactly: a tie
    assert mark(answer_key.hard_but_fair(games(15), 0.15, 0.25)) == "✓"  # 25% exactly
    wrong = answer_key.hard_but_fair(games(27), 0.15, 0.25)  # 45%, range 33% to 58%
    assert mark(wrong) == "✗" and "too easy" in wrong
    unsure = answer_key.hard_but_fair(games(18), 0.15, 0.25)  # 30%, range 20% to 43%
    assert mark(unsure) == "✗" and "too easy" not in unsure and "play more games" in unsure
    assert "too hard" in answer_key.hard_but_fair(games(3), 0.15, 0.25)
    assert "4 times the games halve the range: 240 games" in unsure  # how to play more
    friendly(answer_key.hard_but_fair("my villain", 0.15, 0.25))
    friendly(answer_key.hard_but_fair(games(0).iloc[:0], 0.15, 0.25))


def test_07_exercise_2_starter_plays_the_packaged_cards(tmp_path):
    """The starter copies the packaged cards: its check says nothing has changed yet."""
    packaged = Path(ul.__file__).parent / "games" / "marvel" / "data"
    copy = tmp_path / "red-skull-mine"
    shutil.copytree(packaged, copy)
    played = frame_of({(): (14, 60)}, ()).assign(game="marvel", data=str(copy))
    starter = answer_key.hard_but_fair(played, 0.10, 0.20)
    assert mark(starter) == "✗" and "nothing has changed yet" in starter and str(copy) in starter
    assert "nothing has changed" in answer_key.hard_but_fair(played.assign(data=None), 0.1, 0.2)
    plans = copy / "plans.toml"
    text = plans.read_text(encoding="utf-8")
    card = 'id = "red-skull-05"\nvillain = "red-skull"\nname = ""\nmove = 2'
    assert card in text
    plans.write_text(text.replace(card, card[:-1] + "3"), encoding="utf-8")
    changed = answer_key.hard_but_fair(played, 0.10, 0.20)  # 23% of 60: above, range reaches in
    assert "nothing has changed" not in changed and "play more games" in changed


def _endings(won: int, plot: int, ko: int, deck: int = 0) -> pd.DataFrame:
    rules = (
        ["end.win"] * won + ["end.plot"] * plot + ["end.solo-ko"] * ko + ["end.plan-empty"] * deck
    )
    return pd.DataFrame(
        {"seed": range(len(rules)), "rule": rules, "won": [r == "end.win" for r in rules]}
    )


def test_07_quizzes():
    base = _endings(30, 40, 30)
    harder = _endings(10, 40, 50)
    fewer = answer_key.fewer_thugs(lambda: base, lambda: harder)
    play_quiz(fewer, right="harder", wrong="easier", tied="harder", malformed="tougher")
    moved = answer_key.which_losses_moved(base, lambda: harder)
    play_quiz(moved, right="KO", wrong="the plot", tied="a KO", malformed="fear")
    said = answer_key.which_losses_moved(base, lambda: harder).commit("KO")["explain"]
    assert "KO +20 points, 95% range +" in said  # each change with its range, seed by seed
    said = answer_key.fewer_thugs(lambda: base, lambda: harder).commit("harder")["explain"]
    assert "KOs: 50% of the games, before 30% (+20 points, 95% range +" in said
    lands = answer_key.where_it_lands(lambda: _endings(20, 40, 40), base, (0.15, 0.25))
    play_quiz(lands, right="band", wrong="easy", tied="in the band: hard but fair", malformed=20)
    edge = answer_key.where_it_lands(lambda: _endings(15, 45, 40), base, (0.15, 0.25))
    reveal = edge.commit("band")
    assert reveal["correct"]  # 15% exactly is in the band
    assert reveal["explain"].startswith("The planner wins 15%")  # no check's mark in a reveal


# --- every check: a verdict that wraps between words ------------------------------------------


def test_a_verdict_is_shown_as_a_paragraph_that_wraps_between_words():
    verdict = answer_key.Verdict(
        "✗ not yet: 1 of 3 edits to make:\n  done: <more> BAM!\n  to do: x"
    )
    shown = verdict._repr_html_()
    assert "white-space:normal" in shown and "word-break:normal" in shown and "<pre" not in shown
    assert "&lt;more&gt; BAM!" in shown and "padding-left:1em" in shown  # escaped, indented
    assert verdict == str(verdict) and verdict[0] == "✗" and repr(verdict) == str(verdict)
    from IPython.lib.pretty import pretty

    assert pretty(verdict) == str(verdict)  # the plain-text form, without quotes
    assert isinstance(answer_key.check_hold_point("x", Path("nowhere")), answer_key.Verdict)


def test_every_workshop_check_is_shown_as_the_cells_result_not_printed():
    """JupyterLab breaks a long printed line inside words when projected ("it s", "4 9.8%"):
    every workshop cell that runs a check ends with it, so it shows as a wrapping paragraph."""
    import json
    import re

    checks = [name for name in dir(answer_key) if name.startswith("check_")] + ["hard_but_fair"]
    found = 0
    for path in sorted(TUTORIALS.glob("0*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            source = "".join(cell["source"])
            calls = [
                line
                for line in source.split("\n")
                if any(f"{name}(" in line for name in checks) and not line.startswith("def ")
            ]
            if cell["cell_type"] != "code" or not calls:
                continue
            found += 1
            assert not re.search(r"print\((answer_key\.)?(check_\w+|hard_but_fair)\(", source), (
                path.name,
                source,
            )
            last = source.rstrip().split("\n")[-1]
            assert not last.startswith((" ", "#")), (path.name, last)
            kinds = {output["output_type"] for output in cell.get("outputs", [])}
            assert "execute_result" in kinds and "stream" not in kinds, (path.name, kinds)
    assert found == 12
