"""The design report on games whose answers are known exactly: every interval checked.

* ``streak``: each turn a fair coin is flipped; on heads the player may win at once or pass, on
  tails the player must pass. Played at random, a turn ends the game with chance 1/4, so P1
  wins 4/7 of the games, a game lasts 4 turns (8 moves) on average with a standard deviation
  of 2 * sqrt(3) * 2 moves, and half the decisions are forced: the 95% ranges of 200 reports
  must hold these truths at least 93% of the time;
* ``nim``: take 1 or 2 of 5 counters, the last to take wins: no luck at all (luck share 0,
  known); the ``coin`` flip of ``streak`` with its only move forced is all luck (1);
* ``duel``: P1 and P2 each choose a good or a bad move, then P1's four-sided die decides: a 1
  wins for P1, a 2 for P2, and on a 3 or a 4 the one who alone chose the good move wins (a tie
  goes to P1). Between the random player and one that always chooses the good move, the luck
  share is 0.6 exactly (worked out by hand in its test);
* a kit game with a state that has no snapshot of its own is solved by every field;
* every row of every kit game's quick report holds its value inside its possible range.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import ClassVar

import pytest

import umbrella_lab as ul
from umbrella_lab import sim
from umbrella_lab.engine.core import CHANCE, REGISTRY, GameInfo, Result, State
from umbrella_lab.engine.moves import Move
from umbrella_lab.sim.solve import SolveError
from umbrella_lab.sim.stats import agreement_by_clusters


class Streak(State):
    """Whose turn it is, whether the coin is in the air, whether it showed heads, the result."""

    __slots__ = ("active", "flipping", "flips", "heads", "outcome")

    @property
    def to_act(self):
        if self.outcome is not None:
            return None
        return CHANCE if self.flipping else self.active

    @property
    def result(self):
        return self.outcome

    def _chance(self):
        return ((Coin(0), Fraction(1, 2)), (Coin(1), Fraction(1, 2)))

    def _luck(self):
        return self.flips


def streak_setup(game, seed, events):
    s = Streak.__new__(Streak)
    s.game, s.seed, s.events = game, seed, events
    s.active, s.flipping, s.heads, s.outcome, s.flips = 0, True, False, None, 0
    return s


class Coin(Move):
    """The coin lands: heads (0) lets the player win [turn.coin]."""

    rule = "turn.coin"
    side: int

    @staticmethod
    def legal(s):
        return [Coin(0), Coin(1)] if s.flipping and s.outcome is None else []

    def play(self, s):
        s.flipping, s.heads, s.flips = False, self.side == 0, s.flips + 1


class Win(Move):
    """Win at once, after heads [end.win]."""

    rule = "end.win"
    seat: int

    @staticmethod
    def legal(s):
        return [Win(s.active)] if s.heads and not s.flipping and s.outcome is None else []

    def play(self, s):
        s.outcome = Result((self.seat,), f"P{self.seat + 1} wins", "end.win")


class Pass(Move):
    """Pass the coin on [turn.pass] (the only move after tails; in ``coin`` after either)."""

    rule = "turn.pass"
    seat: int

    @staticmethod
    def legal(s):
        if s.flipping or s.outcome is not None:
            return []
        if s.game.name == "coin-only":
            return [Pass(s.active)]
        return [Pass(s.active)]

    def play(self, s):
        if s.game.name == "coin-only":  # the coin alone decides: heads P1, tails P2
            winner = 0 if s.heads else 1
            s.outcome = Result((winner,), f"P{winner + 1} wins", "end.win")
            return
        s.active, s.flipping, s.heads = 1 - s.active, True, False


class Nim(State):
    """Counters left, whose turn it is, the result: no luck anywhere (and no snapshot)."""

    __slots__ = ("active", "left", "outcome")
    chance_steps: ClassVar[bool] = False

    @property
    def to_act(self):
        return None if self.outcome is not None else self.active

    @property
    def result(self):
        return self.outcome


def nim_setup(game, seed, events):
    s = Nim.__new__(Nim)
    s.game, s.seed, s.events = game, seed, events
    s.left, s.active, s.outcome = 5, 0, None
    return s


class Take(Move):
    """Take 1 or 2 counters; who takes the last wins [turn.take]."""

    rule = "turn.take"
    seat: int
    count: int

    @staticmethod
    def legal(s):
        if s.outcome is not None:
            return []
        return [Take(s.active, c) for c in (1, 2) if c <= s.left]

    def play(self, s):
        s.left -= self.count
        if s.left == 0:
            s.outcome = Result((self.seat,), f"P{self.seat + 1} wins", "end.win")
        s.active = 1 - s.active


class Duel(State):
    """The two choices so far (``None`` until made), the die's face, the result."""

    __slots__ = ("choices", "face", "outcome")
    luck_by_seat: ClassVar[bool] = True  # one roll a game, P1's (see _luck)

    def _clone(self):
        new = type(self).__new__(type(self))
        new.game, new.seed, new.events = self.game, self.seed, None
        new.choices, new.face, new.outcome = list(self.choices), self.face, self.outcome
        return new

    @property
    def to_act(self):
        if self.outcome is not None:
            return None
        return CHANCE if len(self.choices) == 2 else len(self.choices)

    @property
    def result(self):
        return self.outcome

    def _chance(self):
        return tuple((Die(face), Fraction(1, 4)) for face in range(4))

    def _luck(self):
        return 0  # one roll a game, P1's: the same face whoever plays


def duel_setup(game, seed, events):
    s = Duel.__new__(Duel)
    s.game, s.seed, s.events = game, seed, events
    s.choices, s.face, s.outcome = [], None, None
    return s


class Choose(Move):
    """Choose the good move or the bad one [turn.choose]."""

    rule = "turn.choose"
    seat: int
    good: bool

    @staticmethod
    def legal(s):
        if s.outcome is not None or len(s.choices) == 2:
            return []
        return [Choose(len(s.choices), True), Choose(len(s.choices), False)]

    def play(self, s):
        s.choices.append(self.good)


class Die(Move):
    """P1's die: 1 P1 wins, 2 P2 wins, 3 or 4 the good move alone wins, else P1 [turn.die]."""

    rule = "turn.die"
    face: int

    @staticmethod
    def legal(s):
        return [Die(face) for face in range(4)] if len(s.choices) == 2 and not s.outcome else []

    def play(self, s):
        first, second = s.choices
        winner = {0: 0, 1: 1}.get(self.face, 1 if second and not first else 0)
        s.face, s.outcome = self.face, Result((winner,), f"P{winner + 1} wins", "end.win")


def good_move(s, rng):
    """Always the good move."""
    return Choose(s.to_act, True)


def random_move(s, rng):
    moves = s.legal_moves()
    return moves[rng.randrange(len(moves))]


def take_one(s, rng):
    """Always take one counter."""
    return s.legal_moves()[0]


@pytest.fixture(scope="module")
def known():
    REGISTRY.ready()
    games = {
        "streak": (streak_setup, (Coin, Win, Pass)),
        "coin-only": (streak_setup, (Coin, Pass)),
        "nim": (nim_setup, (Take,)),
        "duel": (duel_setup, (Choose, Die)),
    }
    for name, (setup, moves) in games.items():
        REGISTRY.register(
            GameInfo(
                name=name,
                title=f"Known {name}",
                players=(2,),
                options=(),
                setup=setup,
                moves=moves,
                policies={
                    "nim": {"random": random_move, "heuristic": take_one},
                    "duel": {"random": random_move, "heuristic": good_move},
                }.get(name, {"random": random_move}),
            )
        )
    yield list(games)
    for name in games:
        REGISTRY.games.pop(name, None)


LEAN = {"option_games": 0, "cards": 0, "tension_games": 0, "advised": 0}


def _branching_truth(end: float = 0.25, heads_not_ending: float = 1 / 3) -> float:
    """Mean over games of a game's mean legal moves per decision, summed over game lengths."""
    total = 0.0
    for turns in range(1, 2000):
        chance = end * (1 - end) ** (turns - 1)
        heads = 1 + (turns - 1) * heads_not_ending  # the last turn is always heads
        total += chance * (1 + heads / turns)
    return total


def _rounds_truth(end: float = 0.25) -> float:
    """Mean rounds (two turns each, the last perhaps half) of a game of geometric turns."""
    return math.fsum(end * (1 - end) ** (t - 1) * math.ceil(t / 2) for t in range(1, 2000))


TRUTH = {
    "win rate P1": 4 / 7,
    "win rate P2": 3 / 7,
    "first player's advantage": 4 / 7 - 1 / 2,
    "moves per game": 8.0,
    "turns per game": 4.0,
    "turns per game, spread": math.sqrt(0.75) / 0.25,
    "rounds per game": _rounds_truth(),
    "ended by end.win": 1.0,
    "no winner": 0.0,
    "moves per game, spread": 2 * math.sqrt(0.75) / 0.25,
    "forced decisions": 0.5,
    "branching factor": _branching_truth(),
}


@pytest.mark.slow  # about 30 s: 200 reports of 100 games
def test_95_percent_ranges_hold_the_known_truth_in_at_least_93_percent_of_200_reports(known):
    held = dict.fromkeys(TRUTH, 0)
    reports = 200
    for k in range(reports):
        r = sim.design(
            "streak",
            players=2,
            n=100,
            seed=1_000 * k,
            policy="random",
            policies=["random"],
            budget=LEAN,
            workers=1,
        )
        rows = r.metrics.set_index("name")
        for name, truth in TRUTH.items():
            held[name] += rows.loc[name, "low"] <= truth <= rows.loc[name, "high"]
    shares = {name: count / reports for name, count in held.items()}
    print(shares)
    assert all(share >= 0.93 for share in shares.values()), shares


def test_a_game_without_luck_has_a_luck_share_of_exactly_0(known):
    r = sim.design("nim", players=2, n=40, policies=["random", "heuristic"], budget=LEAN, workers=1)
    row = r.metrics.set_index("name").loc["luck share"]
    assert (row["value"], row["low"], row["high"], row["status"]) == (0.0, 0.0, 0.0, "exact")
    assert r.metric("positions (state space)") > 0  # small enough to count


def test_a_game_without_a_decision_has_a_luck_share_of_exactly_1(known):
    r = sim.design(
        "coin-only",
        players=2,
        n=40,
        policy="random",
        policies=["random", take_any],
        budget=LEAN,
        workers=1,
    )
    row = r.metrics.set_index("name").loc["luck share"]
    assert (row["value"], row["status"]) == (1.0, "exact")
    assert r.metric("forced decisions") == 1.0


DUEL_LUCK = 0.6
"""The duel's luck share between the random player (R) and the good one (G), by hand.

Rows are (seed, seat of the measured player), columns R and G; the measured player meets R.
A face of 1 or 2 settles the game whoever plays; on a 3 or a 4 (half the seeds) the choices
do. Measured in seat 1 (P1): G wins 1, 3, 4; R wins 1, and on 3 or 4 unless it chose bad
and P2 good (3/4). In seat 2: G wins 2, and on 3 or 4 when P1 chose bad (1/2); R wins 2, and
on 3 or 4 when it chose good and P1 bad (1/4). The mean of a row (over R and G) is then, in
seat 1, 1 with chance 5/8, 1/2 with 1/8 and 0 with 1/4; in seat 2, 1 with 5/16, 1/2 with
1/4, 0 with 7/16: a variance of 47/256 within either seat (the seats' own means, 11/16 and
7/16, taken out), so MSR = 2 * 47/256 = 47/128. G - R in a row is 1 with chance 5/32, -1
with 1/32, else 0: variance 11/64, so MSE = 11/128. The players' win rates, 5/8 and 1/2,
give K (MSC - MSE) / N = 2 * 2 * (1/16)**2 = 2/128. ICC(A,1) = (47 - 11) / (47 + 11 + 2) = 0.6.
(Without the seats' means taken out it would be 0.625; with a seat's two games averaged per
seed, as before, a seed's 1 and 2 cancel and the share falls to about 0.)
"""


def test_a_game_of_known_luck_share_has_it_inside_its_range(known):
    r = sim.design(
        "duel",
        players=2,
        n=400,
        seed=11,
        policy="random",
        policies=["random", "heuristic"],
        budget=LEAN,
        workers=1,
    )
    row = r.metrics.set_index("name").loc["luck share"]
    assert row["status"] == "" and row["games"] == 800  # 400 seeds, each seat
    assert row["low"] <= DUEL_LUCK <= row["high"]
    assert row["high"] - row["low"] < 0.3
    assert abs(row["value"] - DUEL_LUCK) < 0.1


def duel_table(seeds, rng):
    """The duel's outcome table drawn directly: rows (seed, seat), columns random and good."""
    table, seats, clusters = [], [], []
    for seed in range(seeds):
        face = rng.randrange(4)
        for seat in (0, 1):
            row = []
            for good_player in (False, True):
                mine, theirs = good_player or rng.random() < 0.5, rng.random() < 0.5
                first, second = (mine, theirs) if seat == 0 else (theirs, mine)
                winner = {0: 0, 1: 1}.get(face, 1 if second and not first else 0)
                row.append(float(winner == seat))
            table.append(row)
            seats.append(seat)
            clusters.append(seed)
    return table, seats, clusters


@pytest.mark.slow  # about 35 s: 400 tables, 1,000 resamples each
def test_the_luck_share_s_range_holds_the_duel_s_known_share_in_95_percent_of_tables():
    """400 tables of 100 seeds each: the bootstrap range over seeds holds 0.6 often enough.

    Measured: 94.5% (and 94.25% with another generator's tables).
    """
    rng = random.Random(7)
    held = 0
    for _ in range(400):
        table, seats, seeds = duel_table(100, rng)
        _, low, high = agreement_by_clusters(table, seats, seeds, draws=1000)
        held += low <= DUEL_LUCK <= high
    assert held >= 372, held  # 93%


def take_any(s, rng):
    """The first legal move."""
    return s.legal_moves()[0]


def test_solve_keys_a_state_without_a_snapshot_by_every_field(known):
    """Nim's state has no views module (no snapshot): every field keys a position."""
    solution = sim.solve("nim", players=2)
    assert solution.first_player_wins == 1.0  # 5 counters: take 2, then answer 3 - k
    # 8 live positions (5 left for P1; 4 or 3 for P2; 3, 2, 1 for either) and 2 ends
    assert solution.states == 10


def test_solve_refuses_a_key_shared_by_positions_that_differ(known):
    with pytest.raises(SolveError, match="two positions that differ share one key"):
        sim.solve(ul.load("nim", players=2), key=lambda s: s.outcome is None)


@pytest.mark.parametrize(
    ("name", "players"),
    [("pig", 2), ("academy", 3), ("corporation", 2), ("marvel", 1), ("umbrella", 2)],
)
def test_every_row_of_every_game_s_report_holds_its_value_within_its_range(name, players):
    quick = {
        "games": 100,
        "option_games": 20,
        "card_games": 20,
        "cards": 2,
        "skill_games": 10,
        "search_playouts": 3,
        "tension_games": 2,
        "positions": 5,
        "rollouts": 8,
        "advised": 1,
        "advisor_budget": 20,
    }
    r = sim.design(name, players=players, n=60, budget=quick, policies=["random", "heuristic"])
    rows = r.metrics
    measured = rows[rows["status"] != "does not apply"]
    assert rows.loc[rows["status"] == "does not apply", "value"].isna().all()
    for _, row in measured.iterrows():
        if math.isnan(row["value"]):
            continue
        assert row["low"] <= row["value"] <= row["high"], row["name"]
        if row["name"].startswith(("win rate", "no winner", "time-outs", "ended by")) or row[
            "name"
        ] in ("forced decisions", "luck share", "drama", "decided at share of the game"):
            assert row["low"] >= 0 and row["high"] <= 1, row["name"]
        if "advantage" not in row["name"] and "gap" not in row["name"]:
            assert row["low"] >= 0, row["name"]
    for table in (r.cards, r.options):
        known = table.dropna(subset=["change"])
        assert (known["low"] <= known["change"]).all() and (known["change"] <= known["high"]).all()
    if players == 1 or r.cooperative:
        assert math.isnan(r.metric("first player's advantage"))
        assert math.isnan(r.metric("lead changes"))


def test_an_option_s_effect_agrees_with_the_dashboard_s_comparison_for_the_same_player():
    """The report's option row and the dashboard's way (simulate both, compare on the seeds)."""
    quick = {"option_games": 200, "cards": 0, "tension_games": 0, "advised": 0, "skill_games": 2}
    r = sim.design("pig", players=2, n=200, seed=7, budget=quick, policies=["random", "heuristic"])
    row = r.options.set_index(["option", "value"]).loc[("goal", 50)]
    base = sim.simulate("pig", "heuristic", n=200, seed=7, players=2, workers=1)
    variant = sim.simulate("pig", "heuristic", n=200, seed=7, players=2, workers=1, goal=50)
    for frame in (base, variant):
        frame["p1"] = [0 in winners for winners in frame["winners"]]
    dashboard = sim.compare(variant, base, column="p1")
    assert row["games"] == dashboard.games == 200
    assert row["change"] == pytest.approx(dashboard.difference)
    assert row["low"] <= dashboard.difference <= row["high"]
    assert dashboard.low <= row["change"] <= dashboard.high


def test_the_design_tab_offers_each_player_once_and_says_how_it_plays():
    from umbrella_lab.widgets.design import DesignPanel

    panel = DesignPanel(["pig", "marvel"], "marvel")
    labels = [label for label, _ in panel.player_choice.options]
    assert labels == ["heuristic (planner)", "greedy", "random", "search"]
    assert panel.player_choice.value == "heuristic"
    assert "best line found" in panel.player_help.value
    panel.game_choice.value = "pig"
    assert next(label for label, _ in panel.player_choice.options) == "heuristic (hold at 20)"


def test_a_report_page_shows_no_python_value_or_bare_rule_id(known):
    quick = {"option_games": 20, "cards": 2, "tension_games": 1, "advised": 0}
    r = sim.design("pig", players=2, n=20, budget=quick, policies=["random", "heuristic"])
    page = r.to_html(pictures=False)
    for python in ("None", "True", "False", "nan", "budget skill_games", "<th>name</th>"):
        assert python not in page, python
    assert "Main games played by heuristic (hold-at-20): roll until" in page
    assert "turn.roll: Roll" in page  # a rule id always with its title


def test_dice_rolled_in_the_table_s_order_give_no_luck_share():
    """The corporation numbers its dice in the order they are rolled: once two players choose
    differently, one seed rolls them other dice, so the luck would read too small; the report
    says "not measured" and why, never a share."""
    quick = {"cards": 0, "tension_games": 0, "advised": 0, "option_games": 0, "skill_games": 8}
    r = sim.design("corporation", players=2, n=4, budget=quick, workers=1)
    row = r.metrics.set_index("name").loc["luck share"]
    assert row["status"] == "not measured" and math.isnan(row["value"])
    assert "in the order the table makes them" in row["meaning"]
    assert "(assault.dice: The dice; assault.unit-fate: The defending unit)" in row["meaning"]


def test_the_luck_share_names_the_game_s_own_kind_of_luck():
    """Pig's luck is its dice (every seed deals the same table); the academy's its deal and
    its shuffles during play (no dice at all)."""
    quick = {"cards": 0, "tension_games": 0, "advised": 0, "option_games": 0}
    pig = sim.design("pig", players=2, n=10, budget=quick, policies=["random", "heuristic"])
    words = pig.metrics.set_index("name").loc["luck share", "meaning"]
    assert "the luck (the rolls) explains" in words and "deal" not in words.split("seat")[0]
    academy = sim.design("academy", players=3, n=10, budget=quick, policies=["random", "heuristic"])
    words = academy.metrics.set_index("name").loc["luck share", "meaning"]
    assert "the luck (the deal and the shuffles during play) explains" in words
    assert "dice" not in words
