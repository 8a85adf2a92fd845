"""The turn is the engine's: who decides, which kinds are asked, and why a move is refused.

A game declares, and the engine does the rest, as boardgame.io's turn flow does with its active
players: the state names the field holding the seat whose turn it is (``seat_field``) and, by
step, who else decides (``seat_at``: another field, or the team); a move kind names its steps
and its maker (``by``). The engine then answers ``to_act``, asks a kind's ``legal`` and
``known`` only at its steps and when its maker decides, and refuses a move out of turn with the
turn's reason. What holds whatever the turn comes first: a seat out of the game
(``State.out``) and a move barred for the rest of the turn (``Move.barred``).

A toy game, a relay of two seats, shows each part; the last tests check that the kit's games
write none of it themselves.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

import pytest

import umbrella_lab as ul
from umbrella_lab.engine.core import TEAM, Game, GameInfo, State
from umbrella_lab.engine.errors import IllegalActionError
from umbrella_lab.engine.moves import Move

ASKED: list[str] = []
"""The kinds whose ``legal`` or ``known`` the engine asked, in order."""


class RelayState(State):
    __slots__ = ("active", "barred", "catcher", "out_seat", "outcome", "step")
    slot_copies: ClassVar = {}
    result_field: ClassVar = "outcome"
    step_field: ClassVar = "step"
    seat_field: ClassVar = "active"
    seat_at: ClassVar = {"catch": "catcher", "rest": TEAM}
    rule_for_unknown_action: ClassVar = "turn.order"
    step_words: ClassVar = {"throw": "throw", "catch": "catch", "rest": "rest"}

    def out(self, seat):
        return ("that runner has left the race", "turn.out") if seat == self.out_seat else None


class Throw(Move):
    """Seat 0 throws at "throw"; the other seat catches."""

    rule, steps, by = "turn.throw", ("throw",), 0

    @staticmethod
    def legal(s):
        ASKED.append("throw")
        return [Throw()]

    def play(self, s):
        s.step, s.catcher = "catch", 1

    @classmethod
    def known(cls, s):
        ASKED.append("throw-known")
        return []


class Lob(Move):
    """Seat 1's own kind at "throw", never asked while seat 0 throws."""

    rule, steps, by = "turn.lob", ("throw",), 1

    @staticmethod
    def legal(s):
        ASKED.append("lob")
        return [Lob()]

    @classmethod
    def known(cls, s):
        ASKED.append("lob-known")
        return [Lob()]


class Catch(Move):
    rule, steps = "turn.catch", ("catch",)
    seat: int

    @staticmethod
    def legal(s):
        return [Catch(s.catcher)]

    def play(self, s):
        s.step = "rest"


class Rest(Move):
    rule, steps, by = "turn.rest", ("rest",), TEAM

    @staticmethod
    def legal(s):
        return [Rest()]


class Dash(Move):
    """Made at "throw" by the seat throwing; named again at "rest", when it is refused."""

    rule, steps, known_steps = "turn.dash", ("throw",), ("rest",)
    seat: int

    @staticmethod
    def legal(s):
        return []

    @classmethod
    def known(cls, s):
        return [Dash(0)]

    def barred(self, s):
        return ("no dash once the baton is down", "turn.dash") if s.barred else None

    def refusal(self, s):
        return "the runner is too tired", "turn.dash"


def setup(game, seed, events):
    s = RelayState.__new__(RelayState)
    s.game, s.seed, s.events = game, seed, events
    s.active, s.catcher, s.outcome, s.step, s.out_seat, s.barred = 0, -1, None, "throw", -1, False
    return s


def relay() -> RelayState:
    info = GameInfo("relay-test", "Relay", (2,), (), setup, moves=(Throw, Lob, Catch, Rest, Dash))
    return Game(info, 2).new(1)


def test_who_decides_is_the_seat_field_then_the_field_or_team_seat_at_names():
    state = relay()
    assert state.to_act == 0  # "throw": the seat field's seat
    caught = state.apply(Throw())
    assert (caught.step, caught.to_act) == ("catch", 1)  # seat_at: the catcher's field
    rested = caught.apply(Catch(1))
    assert (rested.step, rested.to_act) == ("rest", TEAM)  # seat_at: the team
    assert RelayState.to_act.__doc__ == State.to_act.__doc__


def test_a_seat_field_that_names_every_decider_is_read_alone():
    class Kept(RelayState):
        __slots__ = ()
        seat_field_complete: ClassVar = True  # the game keeps "active" right at every step

    rested = relay().apply(Throw()).apply(Catch(1))
    rested.__class__ = Kept
    assert rested.to_act == 0  # read alone: seat_at and the kinds are not asked
    rested.outcome = object()
    assert rested.to_act is None


def test_seat_at_must_name_a_field_or_the_team_or_luck():
    with pytest.raises(TypeError, match=r"Odd.seat_at\['x'\] must name a field"):
        type("Odd", (RelayState,), {"__slots__": (), "seat_at": {"x": "a b"}})
    with pytest.raises(TypeError, match=r"Odd.seat_at\['x'\] must name a field"):
        type("Odd", (RelayState,), {"__slots__": (), "seat_at": {"x": 3}})


def test_a_kind_whose_maker_does_not_decide_is_never_asked():
    state = relay()
    ASKED.clear()
    assert state.legal_moves() == [Throw()]
    assert state._known_moves() == [Dash(0)]  # (Lob's known would name Lob())
    assert "lob" not in ASKED and "lob-known" not in ASKED  # seat 1's kind: seat 0 decides
    assert ASKED == ["throw", "throw", "throw-known"]


def test_known_is_asked_at_the_kinds_steps_and_its_known_steps_only():
    state = relay()
    assert Dash(0) in state._known_moves()  # at its own step: too tired
    assert state.why_not(Dash(0)).endswith("the runner is too tired (rule turn.dash)")
    caught = state.apply(Throw())
    assert caught._known_moves() == []  # "catch": neither its step nor a known step
    rested = caught.apply(Catch(1))
    assert rested._known_moves() == [Dash(0)]  # a known step: named, refused by the turn
    assert "turn to rest" in rested.why_not(Dash(0))


def test_a_barred_move_and_a_seat_out_are_refused_before_whose_turn_it_is():
    rested = relay().apply(Throw()).apply(Catch(1))
    rested.barred = True
    assert rested.why_not(Dash(0)).endswith("no dash once the baton is down (rule turn.dash)")
    caught = relay().apply(Throw())
    caught.out_seat = 0
    with pytest.raises(IllegalActionError) as error:
        caught.apply(Dash(0))
    assert (error.value.rule, error.value.reason) == (
        "turn.out",
        "that runner has left the race",
    )


# --- the kit's games declare their turn; none writes it ------------------------------------------

GAMES = Path(ul.__file__).parent / "games"


@pytest.mark.parametrize("name", ["academy", "corporation", "marvel", "pig", "umbrella"])
def test_no_game_writes_who_decides_or_the_turns_refusal(name):
    """Each game declares its seat field; none writes ``to_act``, ``turn_refusal``, ``why_not``."""
    assert type(ul.load(name).new(0)).seat_field, f"{name}: the state names no seat_field"
    for path in sorted((GAMES / name).rglob("*.py")) if (GAMES / name).is_dir() else []:
        text = path.read_text(encoding="utf-8")
        for written in ("def to_act", "def turn_refusal", "def why_not", "def _known_moves"):
            assert written not in text, f"{path.name} writes {written[4:]}"


class Grab(Move):
    """At "catch", the catcher grabs the baton, unless something bars it."""

    rule, steps = "turn.grab", ("catch",)
    seat: int

    @staticmethod
    def legal(s):
        ASKED.append("grab")
        return [] if s.barred else [Grab(s.catcher)]


class Miss(Move):
    """At "catch", the catcher misses: legal only when no grab is listed (it stands in)."""

    rule, steps, instead_of = "turn.miss", ("catch",), (Grab,)
    seat: int

    @staticmethod
    def legal(s):
        ASKED.append("miss")
        return [Miss(s.catcher)]


def test_a_kind_that_stands_in_for_others_is_asked_only_when_they_list_nothing():
    info = GameInfo("relay-miss-test", "Relay", (2,), (), setup, moves=(Throw, Grab, Miss, Rest))
    caught = Game(info, 2).new(1).apply(Throw())
    ASKED.clear()
    assert caught.legal_moves() == [Grab(1)]
    assert ASKED == ["grab"]  # the grabs listed once; the miss never asked
    barred = caught._clone()
    barred.barred = True
    ASKED.clear()
    assert barred.legal_moves() == [Miss(1)]
    assert ASKED == ["grab", "miss"]
    assert "not allowed" in caught.why_not(Miss(1))  # (its own refusal: a grab is listed)
