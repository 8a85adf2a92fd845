"""Bad input to Heroes vs the Umbrella Corporation gets a clear error and changes nothing.

Every refused action leaves the state exactly as it was (its ``to_dict()`` is unchanged); every
refused option, seat, scenario or record names what is valid.
"""

from __future__ import annotations

import json

import pytest

import umbrella_lab as ul
from umbrella_lab import CHANCE, IllegalActionError, OptionError, Record, RecordError
from umbrella_lab.games.corporation.rules import (
    HERO,
    UMBRELLA,
    Commit,
    CommitDone,
    Defend,
    Hunt,
    Roll,
    Skip,
)
from umbrella_lab.games.corporation.scenario import scenario


@pytest.fixture
def assault():
    """The Assault phase: S.T.A.R.S. Alpha (Jill, Barry) may assault Paris Laboratory."""
    return scenario(
        teams={"stars-alpha": ["jill", "barry"]},
        facilities=["paris-lab"],
        hero_hand=["ammo-cache"],
        units=["tyrant"],
    )


def refused(state, action) -> IllegalActionError:
    """Apply ``action``, expect a refusal, and check nothing changed."""
    before = json.dumps(state.to_dict())
    events = list(state.events)
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    assert json.dumps(state.to_dict()) == before
    assert state.events == events
    assert state.why_not(action) == str(info.value)
    return info.value


# --- actions -------------------------------------------------------------------------------------


def test_an_unknown_label_lists_the_legal_actions(assault):
    error = refused(assault, "Alpha Team nukes the Hive")
    assert "is not a legal action here" in str(error)
    assert "S.T.A.R.S. Alpha Team assaults Paris Laboratory" in str(error)


def test_labels_are_matched_without_regard_to_case(assault):
    after = assault.apply("heroes make no assault this turn")
    assert after.phase != "assault"


def test_an_id_that_is_not_legal_now_names_the_rule(assault):
    error = refused(assault, "discard/0/ammo-cache")
    assert error.rule == "end.hand-limit"
    assert (
        "the Heroes must first choose an assault or decline: cards are discarded for the hand "
        "limit in the End phase" in str(error)
    )
    old = refused(assault, f"discard/0/{assault.hands[HERO][0]}/-1")  # an older id, the same move
    assert str(old).split(" is not legal now")[1] == str(error).split(" is not legal now")[1]


def test_the_other_side_cannot_act(assault):
    error = refused(assault, Hunt("tyrant", "stars-alpha"))
    assert "it is the Heroes' turn to choose an assault" in str(error)
    s = assault.apply("S.T.A.R.S. Alpha Team assaults Paris Laboratory (force 9 vs 5 before dice)")
    assert s.to_act == HERO
    error = refused(s, CommitDone(UMBRELLA))
    assert error.rule == "turn.phases" and "it is the Heroes' turn" in str(error)


def test_a_card_not_in_hand_cannot_be_committed(assault):
    s = assault.apply("S.T.A.R.S. Alpha Team assaults Paris Laboratory (force 9 vs 5 before dice)")
    error = refused(s, Commit(HERO, "air-support"))
    assert "the Heroes do not hold Air Support" in str(error)
    error = refused(s, Commit(HERO, "wesker"))
    assert "the Heroes have no card 'wesker'" in str(error) and error.rule == "cards.hero-deck"
    error = refused(s, Commit(HERO, "laser-corridor"))  # one of Umbrella's cards
    assert "the Heroes have no card 'laser-corridor'" in str(error)
    error = refused(s, "commit/0/wesker")
    assert "cannot be read: the card 'wesker' cannot be read" in str(error)
    error = refused(s, ("commit", HERO, 999, -1))  # an older key past the end of the cards
    assert "is not a move of this game" in str(error)


def test_a_card_that_does_not_help_cannot_be_committed():
    s = scenario(
        teams={"stars-alpha": ["jill"]},
        facilities=["paris-lab"],
        hero_hand=["regroup", "ammo-cache"],
    )
    s = s.apply("S.T.A.R.S. Alpha Team assaults Paris Laboratory (force 6 vs 5 before dice)")
    error = refused(s, Commit(HERO, "regroup"))
    assert error.rule == "assault.commit"


def test_a_second_defending_unit_is_refused():
    s = scenario(
        teams={"stars-alpha": ["jill"]},
        facilities=["paris-lab"],
        units=["tyrant", "licker"],
        umbrella_hand=["laser-corridor"],
    )
    s = s.apply("S.T.A.R.S. Alpha Team assaults Paris Laboratory (force 6 vs 5 before dice)")
    s = s.apply("Umbrella defends Paris Laboratory with Tyrant (force 9)")
    error = refused(s, Defend("licker"))
    assert error.rule == "assault.defence" and "at most one unit" in str(error)


def test_a_player_move_at_a_chance_step_is_refused(assault):
    s = assault.apply("S.T.A.R.S. Alpha Team assaults Paris Laboratory (force 9 vs 5 before dice)")
    s = s.apply("Heroes commit Ammo Cache (+2 to an assault)")
    s = s.apply("Umbrella commits nothing more")
    assert s.to_act == CHANCE
    error = refused(s, Roll(UMBRELLA, 7))  # the Heroes roll first
    assert "luck decides" in str(error)
    error = refused(s, Roll(HERO, 13))
    assert error.rule == "assault.dice"
    error = refused(s, CommitDone(HERO))
    assert "the 2D6 are rolled: luck decides next" in str(error)
    with pytest.raises(IllegalActionError, match="nothing is left to luck"):
        assault.roll()


def test_after_the_end_nothing_is_allowed():
    s = scenario(teams={"stars-alpha": ["jill", "barry"]}, facilities=["paris-lab"])
    s = s.apply("S.T.A.R.S. Alpha Team assaults Paris Laboratory (force 9 vs 5 before dice)")
    s = s.apply(Roll(HERO, 7)).apply(Roll(UMBRELLA, 7))
    assert s.is_over and s.legal_actions() == []
    with pytest.raises(IllegalActionError, match="the game is over") as info:
        s.apply("Heroes make no assault this turn")
    assert info.value.rule == "game.hero-wins"
    assert "the game is over" in s.why_not(Skip(HERO))
    assert "the game is over" in s.why_not(("skip", HERO, -1, -1))  # an older key


def test_malformed_keys_are_not_moves(assault):
    for key in [("pass", True, -1, -1), ("pass", 0, -1), ("fly", 0, "a", 1), ("fly", 0, 1, 1)]:
        error = refused(assault, key)
        assert "is not a move of this game" in str(error)
    error = refused(assault, "fly/0")
    assert "is not a legal action here" in str(error)


def test_an_action_must_be_text_an_action_or_a_key(assault):
    with pytest.raises(IllegalActionError, match="an action must be"):
        assault.apply(3.5)


# --- games, options, views -----------------------------------------------------------------------


def test_only_two_players():
    with pytest.raises(OptionError, match="choose one of 2"):
        ul.load("corporation", players=3)


@pytest.mark.parametrize(
    ("option", "value", "words"),
    [
        ("split", "coin", "choose one of 'random', 'umbrella', 'hero'"),
        ("search_ties", True, "choose one of 'attacker', 'defender'"),
        ("subtypes", "loose", "'free', 'bonus', 'strict'"),
        ("turn_limit", 0, "from 1 to 1000"),
        ("turn_limit", "ten", "a whole number"),
        ("turn_limit", True, "a whole number"),
        ("data", "/no/such/folder", "hero_deck.toml and umbrella_deck.toml"),
    ],
)
def test_bad_options_name_the_choices(option, value, words):
    with pytest.raises(OptionError) as info:
        ul.load("corporation", **{option: value})
    assert words in str(info.value) and option in str(info.value)


def test_an_unknown_option_lists_the_options():
    with pytest.raises(OptionError, match=r"unknown option.*split"):
        ul.load("corporation", heroes=("alice",))


def test_a_view_for_a_seat_that_does_not_exist():
    s = ul.load("corporation").new(seed=1)
    with pytest.raises(ValueError, match="0 is the Heroes, 1 is Umbrella"):
        s.to_dict(2)


def test_scenario_refuses_unknown_cards_and_phases():
    with pytest.raises(ValueError, match="is not a card id"):
        scenario(hero_hand=["wesker"])
    with pytest.raises(ValueError, match="no free card 'alice'"):
        scenario(hero_hand=["alice", "alice"])
    with pytest.raises(ValueError, match="unknown phase"):
        scenario(phase="lunch")


# --- records -------------------------------------------------------------------------------------


def test_a_record_replays_and_a_bad_one_is_refused():
    game = ul.load("corporation", commit_order="alternate")
    state = game.new(seed=9)
    made = []
    for _ in range(40):
        if state.is_over:
            break
        action = state.legal_actions()[-1]
        made.append(action.id)
        state = state.apply(action)
    record = Record.of(game, 9, made)
    replayed = Record.from_json(record.to_json()).final()
    assert json.dumps(replayed.to_dict()) == json.dumps(state.to_dict())
    broken = Record.of(game, 9, [*made[:3], "assault/0/99/99"])
    with pytest.raises(RecordError):
        broken.final()


# --- moves a learner may name that are not legal now (each kind's known) ------------------------


def test_a_named_attach_to_a_full_team_is_refused_with_its_reason_and_rule():
    s = scenario(
        phase="recruit",
        teams={"stars-alpha": ["jill", "barry"], "ubcs-delta": []},
        hero_hand=["ada"],
    )
    label = "Heroes attach Ada Wong (Operative, force 4) to S.T.A.R.S. Alpha Team"
    with pytest.raises(IllegalActionError) as info:
        s.apply(label)
    assert info.value.rule == "recruit.characters" and "already has 2" in str(info.value)
    assert [(lab, rule) for lab, _, rule in s.unavailable()] == [(label, "recruit.characters")]


def test_an_assault_named_after_the_lockdown_is_refused_for_the_lockdown_whatever_the_step():
    """The lasting reason first: a learner who names an assault in the Recruit phase after a
    Red Queen Lockdown hears that no assault comes this turn, not only whose turn it is (before,
    "it is Umbrella's turn to recruit", as if the assault could follow) [event.lockdown]."""
    s = scenario(phase="recruit", teams={"stars-alpha": ["jill"]}, umbrella_hand=["agent"])
    s.lockdown = True
    error = refused(s, "assault/stars-alpha/paris-lab")
    assert error.rule == "event.lockdown" and "Lockdown forbids any assault" in error.reason


def test_a_named_assault_under_a_lockdown_is_refused_with_the_event_rule():
    s = scenario(phase="hunt", teams={"stars-alpha": ["jill"]}, units=["tyrant"])
    s.lockdown = True
    label = "S.T.A.R.S. Alpha Team assaults Paris Laboratory (force 6 vs 5 before dice)"
    with pytest.raises(IllegalActionError) as info:
        s.apply(label)
    assert info.value.rule == "event.lockdown"
