"""What the engine gives a game with nothing hidden, so that a small game need not write it.

``OpenState`` (new luck is a new seed: ``redeal``, ``reshuffled``; nothing hidden from a seat),
``result_field`` (the slot ``result`` reads), ``seat_field`` (who decides: the engine works out
``to_act`` from the move kinds), ``luck_field`` (the slot numbering the chance steps),
``equally_likely`` on a kind of luck's (a die's outcomes, worked out once a game: ``even_odds``),
``ById`` (a move field naming a data entry by its id) and the text picture a notebook shows when
a game draws no HTML of its own. A toy game, a coin tossed until three heads, uses them all.
"""

from __future__ import annotations

import types
from collections import namedtuple
from fractions import Fraction
from typing import Annotated, ClassVar

import pytest

from umbrella_lab.engine.core import (
    CHANCE,
    TEAM,
    Game,
    GameInfo,
    OpenState,
    Result,
    State,
    even_odds,
)
from umbrella_lab.engine.errors import IllegalActionError
from umbrella_lab.engine.moves import ById, ByName, Move

Side = namedtuple("Side", "id")
COIN = (Side("heads"), Side("tails"))


class CoinState(OpenState):
    __slots__ = ("caller", "coin", "flips", "heads", "outcome", "step")
    slot_copies: ClassVar = {}
    result_field: ClassVar = "outcome"
    step_field: ClassVar = "step"
    seat_field: ClassVar = "caller"
    new_luck_rule: ClassVar = "setup.coin"
    luck_field: ClassVar = "flips"


class Toss(Move):
    rule, steps = "turn.toss", ("call",)
    seat: int

    @staticmethod
    def legal(s):
        return [Toss(0)]

    def play(self, s):
        s.step, s.flips = "toss", s.flips + 1
        s.say("turn.toss", lambda: "P1 tosses the coin.")

    def label(self, s):
        return "P1: toss the coin"


class Lands(Move):
    rule, steps, by, equally_likely = "turn.lands", ("toss",), CHANCE, True
    side: Annotated[int, ById(lambda s: s.coin, "side", "the coin")]

    @staticmethod
    def legal(s):
        return [Lands(n) for n in range(len(s.coin))]

    def play(self, s):
        s.heads += self.side == 0
        s.step = "call"
        s.say("turn.lands", lambda: f"{s.coin[self.side].id}: {s.heads} heads.")
        if s.heads == 3:
            s.outcome = Result((0,), "three heads", "end.three")

    def label(self, s):
        return f"the coin lands {s.coin[self.side].id}"


def setup(game, seed, events):
    s = CoinState.__new__(CoinState)
    s.game, s.seed, s.events = game, seed, events
    s.caller, s.coin, s.flips, s.heads, s.outcome, s.step = 0, COIN, 0, 0, None, "call"
    return s


def to_text(s, seat=None):
    return f"heads <{s.heads}> of 3" + (f": {s.outcome.reason}" if s.outcome else "")


TEXT_ONLY = types.SimpleNamespace(snapshot=lambda s, seat=None: {"heads": s.heads}, to_text=to_text)


def coin(views=TEXT_ONLY) -> Game:
    info = GameInfo("coin-test", "Coin", (1,), (), setup, moves=(Toss, Lands), views=views)
    return Game(info, 1)


def tossed(seed=3) -> CoinState:
    return coin().new(seed).apply("P1: toss the coin")


# --- the result, read from its slot --------------------------------------------------------------


def test_result_reads_the_slot_the_state_names():
    state = coin().new(1)
    assert state.result is None and not state.is_over
    state.outcome = Result((0,), "three heads", "end.three")
    assert state.result.reason == "three heads" and state.is_over
    assert CoinState.result.__doc__ == State.result.__doc__


def test_a_state_that_writes_its_own_result_keeps_it():
    class Own(CoinState):
        __slots__ = ()

        @property
        def result(self):
            return "mine"

    assert Own.__new__(Own).result == "mine"


# --- who decides: the seat named by seat_field, or luck or the team as the kinds declare ---------


class Huddle(Move):
    rule, steps, by = "turn.huddle", ("huddle",), TEAM

    @staticmethod
    def legal(s):
        return [Huddle()]

    def play(self, s):
        s.step = "call"

    def label(self, s):
        return "the team: huddle"


def test_the_engine_says_who_decides_from_the_move_kinds():
    state = coin().new(1)
    assert state.to_act == 0  # at "call" the kind's maker is its seat: the seat_field's
    assert state.apply("P1: toss the coin").to_act == CHANCE  # at "toss" only luck's kind
    state.outcome = Result((0,), "three heads", "end.three")
    assert state.to_act is None  # nobody once the game is over
    assert CoinState.to_act.__doc__ == State.to_act.__doc__


def test_a_step_whose_kinds_are_all_the_teams_is_the_teams():
    info = GameInfo("coin-test", "Coin", (1,), (), setup, moves=(Toss, Lands, Huddle))
    state = Game(info, 1).new(1)
    state.step = "huddle"
    assert state.to_act == TEAM and state.legal_moves() == [Huddle()]
    assert (info.maker_at("huddle"), info.maker_at("toss"), info.maker_at("call")) == (
        TEAM,
        CHANCE,
        None,
    )


@pytest.mark.parametrize(
    ("what", "name", "said"),
    [("seat_field", "a b", "'a b'"), ("luck_field", "1", "'1'"), ("step_field", "x.y", "'x.y'")],
)
def test_a_field_name_that_names_no_slot_is_refused_when_the_class_is_made(what, name, said):
    with pytest.raises(TypeError, match=rf"Odd.{what} must name a slot of the state, not {said}"):
        type("Odd", (CoinState,), {"__slots__": (), what: name})


def test_a_state_that_writes_its_own_to_act_keeps_it():
    class Own(CoinState):
        __slots__ = ()

        @property
        def to_act(self):
            return 7

    assert Own.__new__(Own).to_act == 7


# --- new luck: the same table, a new seed --------------------------------------------------------


def test_new_luck_is_the_same_table_with_a_new_seed_in_one_event():
    state = tossed()
    again = state.reshuffled(99)
    assert again.seed == 99 and state.seed == 3
    assert (again.heads, again.flips, again.step) == (state.heads, state.flips, state.step)
    assert [(e.rule, e.text) for e in again.events] == [
        ("setup.coin", "New luck (seed 99): the rolls to come change.")
    ]
    assert [e.rule for e in state.events] == ["turn.toss"]  # the old state is as it was


def test_redeal_from_any_seat_is_the_whole_table_with_new_luck():
    state = tossed()
    assert state.redeal(0, 7).to_dict() == state.to_dict()
    assert state.redeal(0, 7).seed == state.reshuffled(7).seed == 7
    assert state.fork(new_luck=True, seed=5).events[-1].text.startswith("New luck (seed 5)")
    assert not state.hides_from(0)


def test_the_words_of_new_luck_are_the_games_to_choose():
    class Cards(CoinState):
        __slots__ = ()
        new_luck_words: ClassVar = "the cards to come are dealt anew"

    state = tossed()
    state.__class__ = Cards
    assert (
        state.reshuffled(2).events[0].text == "New luck (seed 2): the cards to come are dealt anew."
    )


def test_new_luck_changes_the_rolls_to_come_and_the_same_seed_gives_the_same_rolls():
    state = tossed(seed=1)
    lands = {state.reshuffled(seed).roll().heads for seed in range(40)}
    assert lands == {0, 1}
    assert state.reshuffled(8).roll().heads == state.reshuffled(8).roll().heads


# --- even odds, worked out once a game -----------------------------------------------------------


def test_even_odds_are_exact_and_worked_out_once_a_game():
    state = tossed()
    odds = state._chance()
    assert odds == ((Lands(0), Fraction(1, 2)), (Lands(1), Fraction(1, 2)))
    assert isinstance(odds, tuple) and state._chance() is odds
    again = state.apply("the coin lands heads").apply("P1: toss the coin")
    assert again._chance() is odds  # the same game: kept
    assert tossed()._chance() is not odds  # another game: its own table
    assert [(a.label, str(p)) for a, p in state.chance_outcomes()] == [
        ("the coin lands heads", "1/2"),
        ("the coin lands tails", "1/2"),
    ]


def test_the_luck_field_numbers_the_chance_steps():
    state = tossed()
    assert state._luck() == 1 and state.roll().apply("P1: toss the coin")._luck() == 2


def test_a_state_that_writes_its_own_odds_and_luck_keeps_them():
    class Own(CoinState):
        __slots__ = ()

        def _chance(self):
            return even_odds(self, lambda s: [Lands(1)])  # a coin with tails on both sides

        def _luck(self):
            return 7

    state = tossed()
    state.__class__ = Own
    assert state._luck() == 7 and state.roll().heads == 0


def test_a_kind_of_lucks_without_declared_odds_leaves_them_to_the_state():
    class Plain(Move):
        rule, steps, by = "turn.lands", ("toss",), CHANCE

    info = GameInfo("plain-test", "Plain", (1,), (), setup, moves=(Toss, Plain), views=TEXT_ONLY)
    state = Game(info, 1).new(3).apply("P1: toss the coin")
    assert state._chance() == []


def test_the_states_own_luck_follows_the_kept_table():
    heads = 0
    for seed in range(400):
        heads += tossed(seed).roll().heads
    assert 160 < heads < 240  # about half


def test_a_whole_game_ends():
    state = coin().new(2)
    while not state.is_over:
        state = state.roll() if state.to_act == CHANCE else state.apply("P1: toss the coin")
    assert state.result.rule == "end.three" and state.heads == 3


# --- a field naming a data entry by its id -------------------------------------------------------


def test_a_data_entry_is_written_by_its_id_and_read_back():
    state = tossed()
    assert Lands(1).id(state) == "lands/tails"
    assert state.parse_action("lands/tails").key == Lands(1)
    assert isinstance(Lands.id_parts()[0], ByName)  # design reports name it as a card


def test_an_id_no_entry_has_is_refused_with_the_ids_there_are():
    state = tossed()
    message = r"the coin has no side 'edge'; its sides are heads, tails"
    with pytest.raises(IllegalActionError, match=message):
        state.apply("lands/edge")


# --- the picture in a notebook -------------------------------------------------------------------


def test_without_an_html_picture_a_notebook_shows_the_text_picture():
    state = tossed()
    assert state._repr_html_() == '<pre style="margin:0">heads &lt;0&gt; of 3</pre>'


def test_a_games_own_html_picture_is_used():
    views = types.SimpleNamespace(**vars(TEXT_ONLY), to_html=lambda s: f"<b>{s.heads}</b>")
    assert coin(views).new(1)._repr_html_() == "<b>0</b>"
