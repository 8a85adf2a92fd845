"""The design report's luck share where a pile is shuffled during play, on games built here.

A shuffle's order is drawn by the count of the game's shuffles so far (``State._rng``), so the
luck a seed deals to a shuffle during play is the same for two players only while they have
shuffled alike. These games make that known:

* ``cut``: the table is the same for every seed (a pile of a winning and a losing card); the
  one player shuffles the pile and wins when the winning card ends on top, or stands and
  loses. Two players who always shuffle meet the same shuffle on every seed: the luck alone
  decides, a luck share of 1 (the report once called such a game free of luck: its deal never
  changes and it has no chance step);
* ``cut`` with a player who first shuffles a spare pile: that player's cut is the seed's
  second shuffle, not its first, so the two players' cuts are independent, and the share the
  report can measure falls to about 0 though the cut is still all luck. The report says so;
* a player who always stands (never wins), and two players who agree on every seed: the
  share's range is never of zero width;
* Marvel United: its Tutor location shuffles a hero deck during play, and the words say so.
"""

from __future__ import annotations

import random
from typing import ClassVar

import pytest

from umbrella_lab import sim
from umbrella_lab.engine.core import REGISTRY, GameInfo, Result, State
from umbrella_lab.engine.moves import Move
from umbrella_lab.sim.stats import agreement_by_clusters


class Cut(State):
    """The pile (the winning card is 0), the spare pile, the result, the shuffles so far."""

    __slots__ = ("outcome", "pile", "shuffles", "spare")
    chance_steps: ClassVar[bool] = False

    @property
    def to_act(self):
        return None if self.outcome is not None else 0

    @property
    def result(self):
        return self.outcome


def cut_setup(game, seed, events):
    s = Cut.__new__(Cut)
    s.game, s.seed, s.events = game, seed, events
    s.pile, s.spare, s.outcome, s.shuffles = [0, 1], [0, 1, 2], None, 0
    return s


class Shuffle(Move):
    """Shuffle the pile and turn up its top card: the winning card wins [turn.cut]."""

    rule = "turn.cut"
    seat: int

    @staticmethod
    def legal(s):
        return [Shuffle(0)] if s.outcome is None else []

    def play(self, s):
        s._rng().shuffle(s.pile)
        won = s.pile[-1] == 0
        s.outcome = Result((0,) if won else (), "won" if won else "lost", "turn.cut")


class Spare(Move):
    """Shuffle the spare pile, which decides nothing [turn.spare]."""

    rule = "turn.spare"
    seat: int

    @staticmethod
    def legal(s):
        return [Spare(0)] if s.outcome is None else []

    def play(self, s):
        s._rng().shuffle(s.spare)


class Stand(Move):
    """Stand: the game is lost [turn.stand]."""

    rule = "turn.stand"
    seat: int

    @staticmethod
    def legal(s):
        return [Stand(0)] if s.outcome is None else []

    def play(self, s):
        s.outcome = Result((), "lost", "turn.stand")


def cut_now(s, rng):
    """Shuffle the pile at once."""
    return Shuffle(0)


def cut_at_once(s, rng):
    """Shuffle the pile at once (a second player who does the same)."""
    return Shuffle(0)


def cut_after_the_spare(s, rng):
    """Shuffle the spare pile first (once), then the pile."""
    return Spare(0) if s.shuffles == 0 else Shuffle(0)


def stand(s, rng):
    """Never cut: every game lost."""
    return Stand(0)


def random_move(s, rng):
    moves = s.legal_moves()
    return moves[rng.randrange(len(moves))]


@pytest.fixture(scope="module")
def cut():
    REGISTRY.ready()
    REGISTRY.register(
        GameInfo(
            name="cut",
            title="Known cut",
            players=(1,),
            options=(),
            setup=cut_setup,
            moves=(Shuffle, Spare, Stand),
            policies={
                "random": random_move,
                "heuristic": cut_now,
                "greedy": cut_at_once,
                "spare": cut_after_the_spare,
                "stand": stand,
            },
        )
    )
    yield "cut"
    REGISTRY.games.pop("cut", None)


LEAN = {"option_games": 0, "cards": 0, "tension_games": 0, "advised": 0}


def luck_row(policies, n=200):
    r = sim.design(
        "cut", players=1, n=n, policy="heuristic", policies=policies, budget=LEAN, workers=1
    )
    return r.metrics.set_index("name").loc["luck share"]


def test_a_game_whose_only_luck_is_a_shuffle_during_play_is_not_called_free_of_luck(cut):
    row = luck_row(["greedy", "heuristic"])
    # both players cut on every seed with its first shuffle: the same luck, which decides all
    assert row["value"] == 1.0 and row["status"] == ""
    # 200 seeds without a disagreement: under 1.8% of seeds may disagree, so not below 0.96
    assert 0.95 < row["low"] < 0.97 and row["high"] == 1.0
    assert "the luck (the shuffles during play)" in row["meaning"]
    assert "In 200 of the 200 seeds (100%) a pile was shuffled during play" in row["meaning"]
    each = "greedy 100%, heuristic 100%); in 0 of them the players shuffled a different"
    assert each in row["meaning"]


def test_a_shuffle_that_one_player_makes_and_another_does_not_unshares_the_luck(cut):
    """The spare shuffle moves the cut to the seed's second shuffle: the two players' cuts
    are then independent coin flips, and the share reads about 0 instead of 1 (the bias is
    downward: luck that is not shared counts as the players' own). The meaning says so."""
    row = luck_row(["spare", "heuristic"], n=400)
    assert row["status"] == ""
    assert row["value"] < 0.1 and row["high"] < 0.15  # about 0, far below the true 1
    assert "In 400 of the 400 seeds (100%) a pile was shuffled during play" in row["meaning"]
    assert "in 400 of them the players shuffled a different number of times" in row["meaning"]
    assert "may read lower for it" in row["meaning"]


def test_each_player_s_share_of_games_that_shuffled_is_given(cut):
    """The random player stands in some games and shuffles nothing: the words say how often."""
    row = luck_row(["random", "heuristic"], n=100)
    words = row["meaning"]
    assert "a pile was shuffled during play" in words
    assert "share of each player's games: random " in words


def test_a_player_who_never_wins_gives_no_false_certainty(cut):
    """Against a player who always stands (and loses), the share is 0 by construction; every
    resample of the seeds reads 0 too, so the range's top is the F bound, not 0."""
    row = luck_row(["stand", "heuristic"], n=200)
    assert row["value"] == 0.0 and row["low"] == 0.0
    assert 0.05 < row["high"] < 0.3  # once 0 to 0
    assert "Here stand lost every game: the luck shows in none of those results" in (row["meaning"])


def test_players_who_agree_on_every_seed_get_no_range_of_zero_width():
    """Two players who disagree on 1% of seeds (win rate 1/2): the true share is 0.98. With
    50 seeds 60% of tables show no disagreement at all, and every resample of them read 1:
    the range was 1 to 1 and held the truth in about 40% of tables. Its bottom now allows as
    many disagreements as the rule of three does."""
    rng = random.Random(2)
    truth, held = 1 - 0.01 / 0.5, 0
    for _ in range(300):
        table = []
        for _ in range(50):
            a = float(rng.random() < 0.5)
            table.append([a, a if rng.random() > 0.01 else 1 - a])
        _, low, high = agreement_by_clusters(table, [0] * 50, list(range(50)), draws=200)
        held += low <= truth <= high
    assert held >= 0.93 * 300, held


def test_marvel_united_s_tutor_shuffles_are_counted_in_the_luck_share_s_words():
    """The Tutor location shuffles a hero deck during play (the greedy player goes there in
    about a fifth of two-hero games); the luck share says in how many seeds, and never speaks
    of dice."""
    lean = {**LEAN, "skill_games": 60}
    r = sim.design(
        "marvel", players=2, n=60, policy="greedy", policies=["random", "greedy"], budget=lean
    )
    row = r.metrics.set_index("name").loc["luck share"]
    words = row["meaning"]
    assert "the luck (the deal and the shuffles during play)" in words
    assert "a pile was shuffled during play" in words and "share of each player's games" in words
    assert "dice" not in words
    assert r.games["shuffled"].sum() > 0  # the main games tutored too
