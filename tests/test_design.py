"""The design report on tiny games whose answers are known, written here with the kit's API.

* ``coin``: P1 flips a fair coin, heads P1 wins: no seat advantage, all luck;
* ``first``: P1 chooses to win or to lose, then P2 passes twice: decided after move 1;
* ``steps``: each player steps in turn until the count reaches 6: one legal move everywhere;
* ``ace``: each player in turn plays a card; the ace wins at once, the others pass (after
  six plain cards a coin decides): a card made decisive on purpose.

Each game is registered for this module only and removed afterwards.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from pathlib import Path
from typing import Annotated, ClassVar

import pytest

import umbrella_lab as ul
from umbrella_lab import sim
from umbrella_lab.engine.core import CHANCE, REGISTRY, GameInfo, Option, Result, State
from umbrella_lab.engine.moves import ByName, Move
from umbrella_lab.sim.design import Restriction, luck_estimate, luck_share
from umbrella_lab.sim.stats import agreement_by_clusters

DIGEST = """# {name}: rule digest

## 1. Play

### setup.start: The start
Everyone sits down; P1 starts.

### turn.move: A move
The player to act moves.

### turn.luck: Luck
A fair coin decides.

### turn.pass: Pass
The turn passes on.

### end.win: The end
The game ends with its winner.

### rare.never: A rule that never fires
Nothing ever happens by it.

## 2. Options

### opt.pad: Padding
Extra passes at the end (0, the **default**, or 2).
"""


class Toy(State):
    """A tiny game: a count of moves, whose turn it is, a coin in the air, the result."""

    __slots__ = ("active", "chosen", "count", "flipping", "outcome")
    rule_for_unknown_action: ClassVar[str] = "turn.move"

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
        return self.count

    def reshuffled(self, seed):
        new = self._clone()
        new.seed, new.events = seed, []
        return new

    def end(self, winner, rule="end.win"):
        self.outcome = Result((winner,), f"P{winner + 1} wins", rule)
        self.say(rule, lambda: f"P{winner + 1} wins.")

    def pass_turn(self):
        self.active = (self.active + 1) % self.game.players
        self.count += 1
        self.say("turn.pass", lambda: "The turn passes.")


def toy_setup(game, seed, events):
    s = Toy.__new__(Toy)
    s.game, s.seed, s.events = game, seed, events
    s.active, s.count, s.flipping, s.outcome, s.chosen = 0, 0, False, None, 0
    s.say("setup.start", lambda: "P1 starts.")
    return s


class Coin(Move):
    """The coin lands: heads (0) P1 wins, tails P2 [turn.luck]."""

    rule = "turn.luck"
    side: int

    @staticmethod
    def legal(s):
        return [Coin(0), Coin(1)] if s.flipping else []

    def play(self, s):
        s.flipping = False
        s.say("turn.luck", lambda: "The coin lands.")
        if s.game.name == "ace" or s.game.options["pad"] == 0:
            s.end(self.side)
        else:  # the coin game with padding: the result waits for the passes
            s.chosen, s.count = self.side, s.count + 1


class Flip(Move):
    """P1 flips the coin [turn.move]."""

    rule = "turn.move"
    seat: int

    @staticmethod
    def legal(s):
        if s.outcome or s.flipping:
            return []
        return [Flip(s.active)] if s.game.name == "coin" and s.count == 0 else []

    def play(self, s):
        s.flipping = True
        s.say("turn.move", lambda: "A coin is flipped.")


class Choose(Move):
    """P1 chooses who wins: itself (1) or P2 (0) [turn.move]."""

    rule = "turn.move"
    seat: int
    win: int

    @staticmethod
    def legal(s):
        if s.game.name != "first" or s.outcome or s.count:
            return []
        return [Choose(0, 1), Choose(0, 0)]

    def play(self, s):
        s.say("turn.move", lambda: "P1 chooses.")
        s.chosen = self.win
        s.pass_turn()


class Pass(Move):
    """Pass [turn.pass]; the game ends after the third move ('first'), the sixth ('steps') or
    the padding ('coin')."""

    rule = "turn.pass"
    seat: int

    @staticmethod
    def legal(s):
        if s.outcome or s.flipping:
            return []
        if s.game.name in ("first", "coin") and s.count:
            return [Pass(s.active)]
        if s.game.name == "steps":
            return [Pass(s.active)]
        return []

    def play(self, s):
        s.pass_turn()
        if s.game.name == "first" and s.count == 3:
            s.end(0 if s.chosen else 1)
        if s.game.name == "coin" and s.count == 1 + s.game.options["pad"]:
            s.end(s.chosen)
        if s.game.name == "steps" and s.count == 6:
            s.end(s.count % s.game.players)


CARDS = ("plain", "dud", "ace")


def card_name(s, card):
    return CARDS[card]


def card_number(s, name):
    if name not in CARDS:
        raise ValueError(f"no card {name!r}")
    return CARDS.index(name)


class Play(Move):
    """Play a card: the ace wins at once [end.win]; others pass [turn.pass]."""

    rule = "turn.move"
    seat: int
    card: Annotated[int, ByName(card_name, card_number, "card")]

    @staticmethod
    def legal(s):
        if s.game.name != "ace" or s.outcome or s.flipping:
            return []
        return [Play(s.active, card) for card in range(3)]

    def play(self, s):
        s.say("turn.move", lambda: f"P{self.seat + 1} plays {CARDS[self.card]}.")
        if self.card == 2:
            s.end(self.seat)
        elif s.count == 5:
            s.flipping = True
            s.count += 1
        else:
            s.pass_turn()


def random_move(s, rng):
    moves = s.legal_moves()
    return moves[rng.randrange(len(moves))]


def best_move(s, rng):
    """Choose to win; play the ace; otherwise the first legal move."""
    moves = s.legal_moves()
    for move in moves:
        if (move.kind == "choose" and move.win) or (move.kind == "play" and move.card == 2):
            return move
    return moves[0]


MOVES = (Flip, Choose, Pass, Play, Coin)


@pytest.fixture(scope="module")
def toys(tmp_path_factory):
    folder = tmp_path_factory.mktemp("digests")
    names = ["coin", "first", "steps", "ace"]
    REGISTRY.ready()
    for name in names:
        digest = folder / f"{name}.md"
        digest.write_text(DIGEST.format(name=name), encoding="utf-8")
        REGISTRY.register(
            GameInfo(
                name=name,
                title=f"Toy {name}",
                players=(2, 3),
                options=(Option("pad", 0, "Extra passes.", (0, 2), "opt.pad"),),
                setup=toy_setup,
                moves=MOVES,
                policies={"random": random_move, "heuristic": best_move},
                digest=digest,
            )
        )
    yield names
    for name in names:
        REGISTRY.games.pop(name, None)


QUICK = {"tension_games": 6, "positions": 8, "rollouts": 8, "advised": 2, "advisor_budget": 20}


def report(name, n=30, **kw):
    kw.setdefault("budget", QUICK)
    kw.setdefault("workers", 1)
    return sim.design(name, players=2, n=n, seed=3, **kw)


def test_a_fair_coin_toss_has_no_seat_advantage_and_is_all_luck(toys):
    r = report("coin", n=100)
    advantage = r.metrics.set_index("name").loc["first player's advantage"]
    assert advantage["low"] < 0 < advantage["high"]
    assert r.metric("luck share") == 1.0
    assert r.metric("skill gap") == 0.0
    assert r.metric("ended by end.win") == 1.0
    games = r.metrics.set_index("name")["games"]
    assert games["win rate P1"] == 100
    assert set(r.metrics["part"]) == {"balance", "length", "choices", "skill", "tension"}
    assert (r.metrics["meaning"].str.len() > 20).all()


def test_a_game_decided_by_the_first_move_is_decided_after_move_1(toys):
    r = report("first", n=60, policy="random", policies=["random", "heuristic"])
    row = r.metrics.set_index("name").loc["decided after move"]
    # every followed game is decided after move 1; six games alike claim no certainty
    assert row["value"] == 1.0 and row["low"] < 1.0 < row["high"]
    # the heuristic wins every game as P1 (random: half), and half as P2 as random does
    gap = r.metrics.set_index("name").loc["skill gap"]
    assert gap["low"] < 0.25 < gap["high"] and gap["value"] > 0.1
    assert r.metric("luck share") < 0.5
    seen = r.metrics.set_index("name").loc["widest choice seen"]  # to win or to lose
    assert (seen["value"], seen["low"], seen["high"]) == (2.0, 2.0, math.inf)


def test_a_game_with_one_legal_move_everywhere_has_no_choices(toys):
    r = report("steps")
    assert r.metric("forced decisions") == 1.0
    assert r.metric("branching factor") == 1.0
    assert r.metric("widest choice seen") == 1.0
    assert "best move clear" not in set(r.metrics["name"])
    assert r.metric("moves per game") == 6
    assert r.metric("skill gap") == 0.0


def test_restricted_play_finds_the_decisive_card(toys):
    r = report("ace", n=40, budget={**QUICK, "cards": 4})
    cards = r.cards.set_index("restriction")
    assert cards.loc["no play with ace", "change"] == pytest.approx(-0.5)
    assert cards.loc["no play with ace", "high"] < 0
    assert r.cards.sort_values("change").iloc[0]["restriction"] == "no play with ace"
    # nothing else is ever legal: forbidding it changes nothing, and no number pretends to
    assert cards.loc["no play", "status"] == "never a real choice"
    assert math.isnan(cards.loc["no play", "change"]) and cards.loc["no play", "bites"] == 0
    assert Restriction("play", "ace").forbids(ul.load("ace").new(0), Play(0, 2))


def test_rule_usage_agrees_with_the_events_of_the_same_games(toys):
    r = sim.design("pig", players=2, n=8, seed=5, policies=["random"], budget=QUICK, workers=1)
    game = ul.load("pig", players=2)
    fired, total = {}, {}
    for seed in range(5, 13):
        state, rng = game.new(seed), random.Random(seed)
        seen = [e.rule for e in state.events]
        fast = sim.get_policy("pig", "heuristic")
        while not state.is_over:
            state = state.roll() if state.to_act == CHANCE else state.apply(fast(state, rng))
            seen += [e.rule for e in state.events]
        for rule in set(seen):
            fired[rule] = fired.get(rule, 0) + 1
        for rule in seen:
            total[rule] = total.get(rule, 0) + 1
    rules = r.rules.set_index("rule")
    for rule in rules.index:
        assert rules.loc[rule, "fired"] == fired.get(rule, 0), rule
        assert rules.loc[rule, "per_game"] == pytest.approx(total.get(rule, 0) / 8), rule
    assert "data.die" in r.unused_rules and "turn.roll" not in r.unused_rules


def test_every_digest_rule_is_listed_and_unused_ones_named(toys):
    r = report("coin", n=10)
    assert r.rules["rule"].tolist()[:6] == [
        "setup.start",
        "turn.move",
        "turn.luck",
        "turn.pass",
        "end.win",
        "rare.never",
    ]
    assert "rare.never" in r.unused_rules
    assert r.rules.set_index("rule").loc["end.win", "ended_share"] == 1.0


def test_solo_rules_get_no_bound_in_a_game_of_several_players():
    """A solo rule cannot fire with two heroes: no bound on how often it fires, "does not apply"."""
    from umbrella_lab.charts.design import rules_table

    lean = {**QUICK, "option_games": 0, "cards": 0, "tension_games": 0, "skill_games": 2}
    for players in (2, 1):
        r = sim.design("marvel", players=players, n=6, policies=["random"], budget=lean, workers=1)
        solo = r.rules[r.rules["kind"] == "solo"]
        assert len(solo) >= 5 and solo["rule"].str.startswith("solo.").all()
        if players == 2:
            assert not solo["applies"].any() and solo["upper"].isna().all()
            shown = rules_table(r)
            assert (
                shown[shown["Rule"].str.startswith("solo.")]["Fired"].str.startswith(
                    "does not apply"
                )
            ).all()
        else:
            assert solo["applies"].all()
            assert solo[solo["fired"] == 0]["upper"].notna().all()


def test_options_are_compared_on_the_same_seeds(toys):
    r = report("coin", n=20)
    row = r.options.iloc[0]
    assert (row["option"], row["value"], row["default"]) == ("pad", 2, 0)
    assert row["moves_change"] > 0 and row["games"] == 20


def test_a_quick_look_may_leave_out_the_options_cards_and_tension(toys):
    quick = {"option_games": 0, "cards": 0, "tension_games": 0, "advised": 0}
    r = report("coin", n=10, budget=quick)
    assert r.options.empty and r.cards.empty and r.tension.empty
    assert r.metric("win rate P1") >= 0 and math.isnan(r.metric("lead changes"))


def test_the_same_seed_gives_the_same_report_on_one_core_or_two(toys):
    one = report("ace", n=24)
    two = report("ace", n=24, workers=2)
    for part in ("metrics", "rules", "cards", "options", "tension", "games"):
        assert getattr(one, part).equals(getattr(two, part)), part


def test_precision_adds_games_in_batches_until_met(toys):
    """The balance headline: within half the precision, or the seat's edge told from zero."""
    r = sim.design("coin", players=2, precision=0.12, seed=0, budget=QUICK, workers=1)
    games = r.metrics.set_index("name").loc["win rate P1", "games"]
    assert games == 300  # +-6 points needs 267 games: three batches of 100
    assert (r.part("balance")["status"] == "").all()
    # P1 always wins with the heuristic: the first batch tells the edge from zero
    clear = sim.design("first", players=2, precision=0.02, seed=0, budget=QUICK, workers=1)
    assert len(clear.games) == 100
    narrow = sim.design(
        "coin", players=2, precision=0.01, seed=0, budget={**QUICK, "games": 200}, workers=1
    )
    assert len(narrow.games) == 200 and "budget" in narrow.notes[0]
    assert (narrow.part("balance").iloc[:3]["status"] == "budget reached").all()


def test_the_luck_share_estimator():
    assert luck_share([[1, 1], [0, 0], [1, 1], [0, 0]]) == 1.0
    assert luck_share([[1, 0], [0, 1], [1, 0], [0, 1]]) == 0.0
    assert luck_estimate([[1, 0], [0, 1], [1, 0], [0, 1]]) < 0  # shown as 0 by luck_share
    assert math.isnan(luck_share([[1, 1], [1, 1]]))  # nothing varies


def test_a_luck_share_from_few_seeds_claims_no_certainty():
    """Eight solo seeds, three players, two wins in all (Marvel United's default plan read
    0, range 0 to 0, so): the range's top is the fixed players' F bound, well above 0."""
    table = [[0.0, 0.0, 0.0] for _ in range(8)]
    table[2][1] = table[5][1] = 1.0
    share, low, high = agreement_by_clusters(table, [0] * 8, list(range(8)))
    assert share == low == 0.0 and high > 0.3


def test_a_skill_gap_does_not_pass_for_negative_luck():
    """Seeds that change nothing, a player twice as strong: the share is near 0, not below.

    The one-way ICC(1) counted the gap between the players as noise within each seed and
    stayed near -0.2 here however many seeds were played.
    """
    rng = random.Random(1)
    table = [[float(rng.random() < 0.45), float(rng.random() < 0.9)] for _ in range(4000)]
    assert abs(luck_estimate(table)) < 0.03
    # a seed that makes both players win half the games, whatever their skill; otherwise they
    # win 20% and 80%: win rates 0.6 and 0.9 (variances 0.24 and 0.09, spread between the
    # players 0.045), covariance within a seed 0.5 + 0.5 * 0.2 * 0.8 - 0.6 * 0.9 = 0.04:
    # the seed's share is 0.04 / ((0.24 + 0.09) / 2 + 0.045) = 0.19
    table = [
        [1.0, 1.0] if rng.random() < 0.5 else [float(rng.random() < 0.2), float(rng.random() < 0.8)]
        for _ in range(4000)
    ]
    assert luck_estimate(table) == pytest.approx(0.04 / 0.21, abs=0.04)


def test_pig_s_luck_share_lies_between_and_narrows_as_seeds_are_added():
    """Dice and players both matter in Pig: a share above 0 and below 1, its range narrowing.

    Each seat's dice fall the same whoever sits there, so a seed replays the same luck for
    every player (with the dice keyed by the game's n-th roll it read about 0: a player who
    held earlier handed every later roll to the other seat).
    """
    quick = {"cards": 0, "tension_games": 0, "advised": 0, "option_games": 0}
    widths = []
    for n in (20, 160):
        r = sim.design(
            "pig", players=2, n=n, policies=["random", "heuristic"], budget=quick, workers=1
        )
        row = r.metrics.set_index("name").loc["luck share"]
        assert 0 <= row["low"] <= row["value"] <= row["high"] < 1
        assert row["status"] == "" and row["high"] > 0  # measured, never a false certainty
        widths.append(row["high"] - row["low"])
    assert row["low"] > 0  # 160 seeds: clearly some luck
    assert widths[1] < widths[0] / 1.5


def test_a_die_without_a_pig_leaves_out_the_restriction_that_never_ends(tmp_path):
    """Forbidden to hold, a side could roll forever: the report says so and goes on."""
    packaged = Path(ul.__file__).parent / "games" / "pig" / "data" / "die.toml"
    die = packaged.read_text(encoding="utf-8").replace("pig = true", "pig = false")
    (tmp_path / "die.toml").write_text(die, encoding="utf-8")
    quick = {"cards": 2, "tension_games": 0, "advised": 0}
    r = sim.design(
        "pig", players=2, n=6, policies=["random"], budget=quick, data=tmp_path, workers=1
    )
    assert r.cards["restriction"].tolist() == ["no roll"]
    (note,) = [n for n in r.notes if n.startswith("Cards:")]
    assert "'no hold' left out" in note and "did not end within" in note


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"precision": 0.7}, "precision .* above 0 and below 0.5"),
        ({"n": 0}, "n \\(games\\) must be a whole number of at least 2"),
        ({"budget": {"gamez": 3}}, "no field 'gamez'; the fields are games, option_games"),
        ({"budget": {"games": -1}}, "budget field games must be a whole number"),
        ({"policies": ["nonesuch"]}, "no policy named 'nonesuch'; the ready-made policies"),
        ({"policies": "random"}, "policies must be a list of players"),
        ({"players": [2, 2]}, "lists a count twice"),
        ({"players": 9}, "9 players is not allowed; choose one of 2, 3"),
        ({"seed": -1}, "the seed must be a whole number of at least 0"),
        ({"solution": 3}, "solution must be exact play with .value\\(state\\) and .policy"),
        ({"pad": 5}, "option pad=5 is not allowed; choose one of 0, 2"),
    ],
)
def test_bad_arguments_are_refused_naming_the_field(toys, kwargs, words):
    with pytest.raises(ValueError, match=words):
        sim.design("coin", **{"players": 2, **kwargs})


def test_a_game_that_is_not_a_game_is_refused():
    with pytest.raises(ValueError, match="give a game name such as 'pig' or a loaded game"):
        sim.design(5)


def test_charts_page_and_widget(toys):
    r = report("ace", n=12)
    charts = r.charts()
    assert list(charts) == [
        "balance",
        "length",
        "choices",
        "skill",
        "tension",
        "rules",
        "cards",
        "options",
    ]
    assert charts["options"].to_dict()["layer"][0]["mark"]["type"] == "bar"
    page = r.to_html(pictures=False)
    assert page.startswith("<!DOCTYPE html>") and "rare.never" in page and "<script" not in page
    tab = r.widget.__func__  # the widget draws pictures; here only its tables
    from umbrella_lab.widgets.design import design_widget

    assert len(design_widget(r, pictures=False).children) == 8
    assert callable(tab)
