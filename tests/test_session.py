"""The session tree: undo, redo, jump, goto, forks with the same or new luck, auto-play,
compare, and save/load that replays exactly (or fails with a clear RecordError)."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, ClassVar

import pytest

import umbrella_lab as ul
from umbrella_lab import RecordError
from umbrella_lab.engine.core import CHANCE, Event, Game, GameInfo, Result, State
from umbrella_lab.engine.differences import SEP, differences
from umbrella_lab.engine.errors import IllegalActionError, OptionError
from umbrella_lab.engine.moves import Move
from umbrella_lab.engine.session import MAIN
from umbrella_lab.sim.policies import PolicyError, game_policies
from umbrella_lab.sim.session import Session
from umbrella_lab.widgets.changes import describe_changes


def snap(state: State) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


@pytest.fixture
def session() -> Session:
    return Session(ul.load("academy", players=3), seed=7)


# --- a tiny game with dice, to check chance steps and game-agnostic code ------------------------


class DiceState(State):
    """Dice race: on your turn roll (a chance step) or stop; first to 12 points wins."""

    __slots__ = ("rolling", "rolls", "scores", "turn", "winner")

    slot_copies: ClassVar[Mapping[str, str]] = {"scores": "list"}  # the engine writes _clone

    def _chance(self) -> list[tuple[Move, Fraction]]:
        return [(face, Fraction(1, 6)) for face in Face.legal(self)]

    def _luck(self) -> int:
        return self.rolls

    @property
    def to_act(self) -> int | None:
        if self.winner is not None:
            return None
        return CHANCE if self.rolling else self.turn

    @property
    def result(self) -> Result | None:
        if self.winner is None:
            return None
        return Result((self.winner,), f"Player {self.winner + 1} reaches 12.", "dice.win")

    def to_dict(self, seat: int | None = None) -> dict[str, Any]:
        return {"scores": list(self.scores), "turn": self.turn, "rolling": self.rolling}

    def to_text(self, seat: int | None = None) -> str:
        return f"Scores {self.scores}, player {self.turn + 1} to play"

    def reshuffled(self, seed: int) -> DiceState:
        new = self._clone()
        new.seed, new.events = seed, []
        return new


class Roll(Move):
    rule = "dice.roll"
    seat: int

    @staticmethod
    def legal(s: DiceState) -> list[Move]:
        return [] if s.rolling else [Roll(s.turn)]

    def play(self, s: DiceState) -> None:
        s.rolling = True

    def label(self, s: DiceState) -> str:
        return f"Player {self.seat + 1}: roll"


class Stop(Move):
    rule = "dice.stop"
    seat: int

    @staticmethod
    def legal(s: DiceState) -> list[Move]:
        return [] if s.rolling else [Stop(s.turn)]

    def play(self, s: DiceState) -> None:
        s.turn = 1 - s.turn

    def label(self, s: DiceState) -> str:
        return f"Player {self.seat + 1}: stop"


class Face(Move):
    rule = "dice.roll"
    face: int

    @staticmethod
    def legal(s: DiceState) -> list[Move]:
        return [Face(face) for face in range(1, 7)] if s.rolling else []

    def play(self, s: DiceState) -> None:
        s.rolling = False
        s.rolls += 1
        s.scores[s.turn] += self.face
        s.say("dice.roll", lambda: f"Player {s.turn + 1} rolls {self.face}.")
        if s.scores[s.turn] >= 12:
            s.winner = s.turn

    def label(self, s: DiceState) -> str:
        return f"the die shows {self.face}"


def _new_dice(game: Game, seed: int, events: list | None) -> DiceState:
    s = DiceState.__new__(DiceState)
    s.game, s.seed, s.events = game, seed, events
    s.scores, s.turn, s.rolling, s.rolls, s.winner = [0, 0], 0, False, 0, None
    return s


DICE = GameInfo("dice-race", "Dice race", (2,), (), setup=_new_dice, moves=(Roll, Stop, Face))


def dice_game() -> Game:
    return Game(DICE, 2)


# --- moving -------------------------------------------------------------------------------------


def test_a_new_session_starts_at_the_deal(session):
    assert session.step == 0
    assert session.node.kind == "deal"
    assert session.node.branch == MAIN
    assert snap(session.state) == snap(ul.load("academy", players=3).new(7))
    assert [e.rule for e in session.node.events][:1] == ["setup.heroes"]
    assert not session.can_undo and not session.can_redo
    assert repr(session) == "Session(academy, 3 players, seed 7, branch 'main', step 0 of 0)"


def test_a_session_from_a_name_with_options():
    s = Session("academy", seed=2, players=2, block_damage="blocker")
    assert s.game.players == 2 and s.game.options["block_damage"] == "blocker"


def test_apply_keeps_the_events_of_each_move(session):
    action = session.state.legal_actions()[0]
    node = session.apply(action)
    assert node.action == action.id and node.label == action.label and node.rule == action.rule
    assert node.events and all(isinstance(e, Event) and e.rule for e in node.events)
    assert node.events == tuple(session.state.events)
    assert session.step == 1


def test_apply_takes_labels_ids_and_keys(session):
    action = session.state.legal_actions()[1]
    by_label = session.apply(action.label)
    session.undo()
    assert session.apply(action.id) is by_label
    session.undo()
    assert session.apply(action.key) is by_label


def test_an_illegal_action_names_the_rule_and_changes_nothing(session):
    with pytest.raises(IllegalActionError):
        session.apply("attack/0/999/-1")
    assert session.step == 0 and len(session.nodes) == 1


def test_undo_redo_and_jump(session):
    played = session.play("heuristic", steps=6)
    assert len(played) == 6 and session.step == 6
    states = [snap(n.state) for n in session.line]
    session.undo()
    session.undo()
    assert session.step == 4 and snap(session.state) == states[4]
    assert len(session.line) == 7  # the positions ahead stay on the line
    session.redo()
    assert session.step == 5 and snap(session.state) == states[5]
    session.jump(0)
    assert session.step == 0 and session.undo().step == 0  # undo at the start does nothing
    session.jump(-1)
    assert session.step == 6 and session.redo().step == 6  # redo at the end does nothing
    with pytest.raises(IndexError, match="steps run from 0 to 6"):
        session.jump(7)


def test_apply_reuses_the_same_move_and_its_future(session):
    session.play(steps=5)
    line = session.line
    session.jump(2)
    again = session.apply(line[3].action)
    assert again is line[3]
    assert session.line == line  # the rest of the line is still there
    assert len(session.nodes) == 6


def test_another_move_after_undo_starts_a_branch_and_keeps_the_old_one(session):
    session.play(steps=4)
    old_end = session.node
    session.jump(2)
    other = next(a for a in session.state.legal_actions() if a.id != session.line[3].action)
    node = session.apply(other)
    assert node.branch == "main 2"
    labels = [b.label for b in session.branches()]
    assert labels == ["main", "main 2"]
    assert session.branch.label == "main 2" and session.branch.parent == session.line[2].id
    assert session.end("main") is old_end
    # redo follows the child visited last
    session.jump(2)
    assert session.redo() is node
    session.goto(old_end.id)
    session.jump(2)
    assert session.redo() is session.line[3] and session.line[-1] is old_end


def test_goto_any_position_by_id(session):
    session.play(steps=3)
    target = session.line[1]
    session.goto(target.id)
    assert session.node is target
    with pytest.raises(KeyError, match="there is no position 99"):
        session.goto(99)


# --- forks and luck ---------------------------------------------------------------------------


def test_a_fork_with_the_same_luck_draws_the_same_cards_for_the_same_moves(session):
    session.play(steps=8)
    fork_point = session.node
    session.play(steps=30)
    main_line = session.line[fork_point.depth + 1 :]
    session.goto(fork_point.id)
    branch = session.fork("same luck", note="a copy")
    assert branch.luck == "same" and branch.note == "a copy" and branch.current
    assert session.node.kind == "fork" and snap(session.state) == snap(fork_point.state)
    for node in main_line:
        session.apply(node.action)
        assert snap(session.state) == snap(node.state)  # same draws, same lineups
        assert session.node.events == node.events


def test_a_fork_with_new_luck_deals_new_orders_and_records_the_seed(session):
    session.play(steps=8)
    fork_point = session.node
    session.play(steps=30)
    end_main = session.node
    session.goto(fork_point.id)
    branch = session.fork("fresh", new_luck=True)
    assert branch.luck == "new" and isinstance(branch.luck_seed, int)
    assert session.node.events[0].rule == "setup.decks"  # the new luck is in the log
    session.play(steps=30)
    assert snap(session.state) != snap(end_main.state)
    # the same fork with the same seed replays identically
    session.goto(fork_point.id)
    again = session.fork("fresh again", seed=branch.luck_seed)
    assert again.luck_seed == branch.luck_seed
    assert snap(session.state) == snap(session.get(branch.id).state)


def test_new_luck_seeds_differ_between_forks(session):
    first = session.fork(new_luck=True)
    session.undo()
    second = session.fork(new_luck=True)
    assert first.luck_seed != second.luck_seed
    assert first.label == "branch 2" and second.label == "branch 3"


def test_branches_switch_rename_annotate(session):
    session.play(steps=3)
    session.fork("try")
    session.play(steps=2)
    assert [b.label for b in session.branches()] == ["main", "try"]
    session.switch("main")
    assert session.branch.label == "main" and session.step == 3
    session.switch(1)
    assert session.branch.label == "try" and session.step == 6
    renamed = session.rename("block instead")
    assert renamed.label == "block instead" and renamed.current
    assert session.rename("main", "block instead").label == "main 2"  # labels stay unique
    session.annotate("what if we block?", "main 2")
    session.annotate("the deal", branch="main")
    session.annotate("here", here=True)
    assert session.find("main 2").note == "what if we block?"
    assert session.node.note == "here"
    with pytest.raises(KeyError, match="the branches are 'main', 'main 2'"):
        session.switch("nope")


def test_a_fork_at_the_end_keeps_the_main_branch(session):
    session.play(steps=2)
    session.fork("later")
    assert [b.label for b in session.branches()] == ["main", "later"]
    assert session.end("main").depth == 2


def test_compare_lists_what_differs(session):
    session.play(steps=3)
    session.fork("random", new_luck=True)
    session.play("random", steps=10)
    session.switch("main")
    session.play("heuristic", steps=10)
    diff = session.compare("main", "random")
    assert diff and all(isinstance(k, str) and len(v) == 2 for k, v in diff.items())
    assert "seed" in diff
    assert session.compare("main", "main") == {}


# --- auto-play and policies --------------------------------------------------------------------


def test_play_to_the_end_keeps_events_and_ends_the_game(session):
    played = session.play("heuristic")
    assert session.state.is_over
    assert all(node.events for node in played)
    assert session.play() == []  # nothing left to play


def test_play_with_a_function_and_a_bad_name(session):
    def first(state, rng):
        return state.legal_moves()[0]

    assert len(session.play(first, steps=3)) == 3
    with pytest.raises(PolicyError, match=r"no policy named .nobody.; the ready-made policies are"):
        session.play("nobody", steps=1)
    with pytest.raises(ValueError, match="steps"):
        session.play(steps=-1)


def test_policies_of_a_game():
    assert {"heuristic", "random"} <= set(game_policies("academy"))
    with pytest.raises(OptionError, match="no game named 'no-such-game'"):
        game_policies("no-such-game")


def test_chance_steps_roll_the_same_dice_on_every_branch():
    session = Session(dice_game(), seed=5)
    session.apply("Player 1: roll")
    assert session.state.to_act == CHANCE
    rolled = session.roll()
    face = rolled.action
    session.undo()
    session.fork("again")
    assert session.roll().action == face  # same seed, same step, same dice
    session.undo()
    forced = session.apply("the die shows 6")  # a what-if: force an outcome
    assert forced.label == "the die shows 6"
    with pytest.raises(IllegalActionError, match="nothing is left to luck"):
        session.roll()


def test_play_lets_luck_decide_chance_steps():
    session = Session(dice_game(), seed=1)

    def always_roll(state, rng):
        return Roll(state.turn)

    session.play(always_roll)
    assert session.state.is_over
    assert any(node.action.startswith("face/") for node in session.line)


# --- differences ---------------------------------------------------------------------------------


def test_differences_name_places_in_words():
    before = {"heroes": [{"name": "Luther", "life": 5, "hand": [1, 2]}], "round": 1}
    after = {"heroes": [{"name": "Luther", "life": 4, "hand": [2]}], "round": 2}
    life, hand = SEP.join(("heroes", "Luther", "life")), SEP.join(("heroes", "Luther", "hand"))
    assert list(differences(before, after)) == [(life, 5, 4), (hand, [1], []), ("round", 1, 2)]
    assert describe_changes(before, after, quiet=("round",)) == [
        f"{life}: 5 → 4",
        f"{hand}: lost 1",
    ]
    whole = {w: (a, b) for w, a, b in differences(before, after, whole_lists=True)}
    assert whole[hand] == ([1, 2], [2])


def test_lineup_items_are_named_by_position():
    before = {"lineup": [{"position": 0, "outcome": "waiting"}]}
    after = {"lineup": [{"position": 0, "outcome": "defeated"}]}
    place = SEP.join(("lineup", "card 1", "outcome"))
    assert describe_changes(before, after) == [f"{place}: waiting → defeated"]


# --- saving and loading --------------------------------------------------------------------------


def _busy_session() -> Session:
    s = Session(ul.load("academy", players=2, block_damage="blocker"), seed=11)
    s.play(steps=5)
    s.fork("same", note="same luck")
    s.play("random", steps=7)
    s.switch("main")
    s.play(steps=4)
    s.jump(3)
    s.apply(next(a for a in s.state.legal_actions() if a.id != s.line[4].action))
    s.play(steps=2)
    s.switch("same")
    s.undo()
    s.fork("fresh", new_luck=True, note="new luck")
    s.play(steps=6)
    s.annotate("a turning point", here=True)
    s.jump(4)
    return s


def test_save_and_load_replay_every_branch_exactly(tmp_path):
    s = _busy_session()
    path = tmp_path / "session.json"
    s.save(path)
    data = json.loads(path.read_text())
    assert data["format"] == "umbrella-lab/session"
    assert data["game"] == "academy" and data["players"] == 2 and data["seed"] == 11
    assert data["options"] == {"block_damage": "blocker"}
    assert [b["label"] for b in data["branches"]] == ["main", "same", "main 2", "fresh"]
    assert data["branches"][3]["luck"] == "new" and data["branches"][3]["from"]["branch"] == 1
    loaded = Session.load(path)
    assert loaded.to_dict() == s.to_dict()
    assert [b.label for b in loaded.branches()] == [b.label for b in s.branches()]
    assert [b.note for b in loaded.branches()] == [b.note for b in s.branches()]
    for mine, theirs in zip(s.branches(), loaded.branches(), strict=True):
        assert snap(s.end(mine).state) == snap(loaded.end(theirs).state)
        assert [n.events for n in s.branch_line(mine)] == [
            n.events for n in loaded.branch_line(theirs)
        ]
    assert loaded.step == s.step and loaded.branch.label == s.branch.label
    assert loaded.node.note == "" and loaded.end("fresh").note == "a turning point"


def test_to_json_from_json_and_record(session):
    session.play(steps=5)
    again = Session.from_json(session.to_json())
    assert snap(again.state) == snap(session.state)
    record = session.record()
    assert record.actions == [n.action for n in session.line[1:]]
    assert snap(record.final()) == snap(session.state)
    session.fork(new_luck=True)
    with pytest.raises(RecordError, match="new luck"):
        session.record()


def test_a_session_from_a_state_set_up_by_hand_cannot_be_saved():
    from umbrella_lab.games.academy.scenario import scenario

    s = Session.from_state(
        scenario(heroes=("kraken", "rumor"), hands=[[35, 20], [10]], lineup=[30, 45])
    )
    s.apply(s.state.legal_actions()[0])
    with pytest.raises(RecordError, match="set up by hand"):
        s.to_dict()
    dealt = Session.from_state(ul.load("academy", players=2).new(seed=4))
    assert Session.from_dict(dealt.to_dict()).seed == 4


def _saved() -> dict[str, Any]:
    return _busy_session().to_dict()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("seed"), "field 'seed' is missing"),
        (lambda d: d.update(seed="7"), "field 'seed' must be a whole number, not str"),
        (lambda d: d.update(format="something"), "field 'format' is 'something'"),
        (lambda d: d.update(format="umbrella-lab/record"), "this is a game record, not a session"),
        (lambda d: d.update(game="chess"), "no game named 'chess'"),
        (lambda d: d.update(players=9), "9 players is not allowed"),
        (lambda d: d.update(version=99), "rules version 99"),
        (lambda d: d.update(branches=[]), "field 'branches' is empty"),
        (
            lambda d: d["branches"][0]["actions"].__setitem__(2, "attack/0/999/-1"),
            r"branch 0 \('main'\): action 3 \('attack/0/999/-1'\) does not replay",
        ),
        (
            lambda d: d["branches"][1].update({"from": {"branch": 5, "step": 0}}),
            r"branch 1 \('same'\): 'from': branch 5 is not one of the branches before it",
        ),
        (
            lambda d: d["branches"][1].update({"from": {"branch": 0, "step": 99}}),
            "branch 0 has no step 99",
        ),
        (lambda d: d["branches"][3].update(luck="lucky"), "field 'luck' must be 'same' or 'new'"),
        (lambda d: d["branches"][3].update(luck_seed=None), "needs a whole-number 'luck_seed'"),
        (lambda d: d["branches"][2].update(start="jump"), "field 'start' must be 'fork' or 'move'"),
        (lambda d: d["branches"][1].update(label="main"), "the label 'main' is used twice"),
        (lambda d: d["branches"][1].update(actions="attack"), "field 'actions' must be a list"),
        (lambda d: d.update(current={"branch": 0, "step": 999}), "branch 0 has no step 999"),
    ],
)
def test_broken_files_give_a_clear_record_error(tmp_path, change, message):
    data = _saved()
    change(data)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match=message) as caught:
        Session.load(path)
    assert str(path) in str(caught.value)


def test_unreadable_files_give_a_record_error(tmp_path):
    with pytest.raises(RecordError, match="cannot read the session file"):
        Session.load(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(RecordError, match="not valid JSON"):
        Session.load(bad)
    bad.write_text("[1, 2]")
    with pytest.raises(RecordError, match="a session is a JSON object, not list"):
        Session.load(bad)


def test_loading_replays_through_the_rules_not_stored_states(tmp_path):
    s = Session(ul.load("academy", players=3), seed=3)
    s.play(steps=12)
    data = s.to_dict()
    rng = random.Random(0)
    data["branches"][0]["actions"] = list(reversed(data["branches"][0]["actions"]))
    rng.shuffle(data["branches"][0]["labels"])
    with pytest.raises(RecordError, match="does not replay"):
        Session.from_dict(data)


def test_tuple_options_survive_a_round_trip():
    s = Session("academy", seed=3, players=2, heroes=("kraken", "rumor"))
    s.play(steps=4)
    again = Session.from_json(s.to_json())
    assert again.game.options["heroes"] == ("kraken", "rumor")
    assert snap(again.state) == snap(s.state)


def test_new_luck_on_a_game_that_cannot_reshuffle_says_so():
    class Fixed(DiceState):
        __slots__ = ()

        def reshuffled(self, seed: int) -> DiceState:
            raise NotImplementedError

    def new_fixed(game: Game, seed: int, events: list | None) -> Fixed:
        state = _new_dice(game, seed, events)
        fixed = Fixed.__new__(Fixed)
        for name in ("game", "seed", "events", "scores", "turn", "rolling", "rolls", "winner"):
            setattr(fixed, name, getattr(state, name))
        return fixed

    session = Session(
        Game(GameInfo("fixed", "Fixed", (2,), (), setup=new_fixed, moves=(Roll, Stop, Face)), 2),
        seed=1,
    )
    with pytest.raises(OptionError, match="cannot deal new luck"):
        session.fork(new_luck=True)
    assert session.fork().luck == "same"


def test_a_branch_that_repeats_the_first_move_of_main_reads_back_as_saved():
    """Main made one move; a branch leaving the deal starts with the same move, then 3 more."""
    session = ul.Session("academy", players=3, seed=3)
    first = session.state.legal_actions()[0].id
    session.apply(first)
    saved = session.to_dict()
    again = ul.Session.from_dict(saved)
    again.goto(0)
    again.apply(first)
    moves = [first]
    for _ in range(3):
        action = again.state.legal_actions()[-1]
        again.apply(action)
        moves.append(action.id)
    saved["branches"].append(
        {
            "label": "again",
            "note": "",
            "from": {"branch": 0, "step": 0},
            "start": "move",
            "actions": moves,
            "labels": [],
        }
    )
    saved["current"] = {"branch": 1, "step": 3}
    loaded = ul.Session.from_dict(saved)
    assert [(b.label, b.steps) for b in loaded.branches()] == [("main", 1), ("again", 4)]
    once = loaded.to_dict()
    assert ul.Session.from_dict(json.loads(json.dumps(once))).to_dict() == once
    assert [b["actions"] for b in once["branches"]] == [[first], moves]


def _shared_label_position():
    """A corporation Split where two moves would read alike (seed 36, the 74th position)."""
    from umbrella_lab.games.corporation.policies import random_move

    state, rng = ul.load("corporation").new(36), random.Random(36)
    for _ in range(73):
        state = state.apply(random_move(state, rng))
    return state


def test_every_label_reads_back_to_the_move_it_names_where_two_would_share_one():
    """Two Split moves word alike; the second carries its id, and each label reads back."""
    state = _shared_label_position()
    actions = state.legal_actions()
    twins = [a for a in actions if a.label.endswith(f" [{a.id}]")]
    assert twins, "the position no longer has moves that share a label: pick another"
    for action in actions:
        assert state.parse_action(action.label).key == action.key
        by_id = state.parse_action(action.id)
        assert (by_id.key, by_id.label) == (action.key, action.label)
        assert state.action(action.key).label == action.label
    for twin in twins:  # the session records the label that names the move played
        session = Session.from_state(state)
        node = session.apply(twin.id)
        assert node.label == twin.label
        assert state.parse_action(node.label).key == twin.key
        assert session.undo().state.apply(node.label).to_dict() == node.state.to_dict()
