"""Bad input to Marvel United gets a clear error and changes nothing.

Every refused action leaves the state exactly as it was; every refused game, option or record
names what is valid.
"""

from __future__ import annotations

import json

import pytest

import umbrella_lab as ul
from umbrella_lab import IllegalActionError, OptionError, Record, RecordError
from umbrella_lab.games.marvel.rules import Choose
from umbrella_lab.games.marvel.scenario import position

PLACES = ("times-square", "central-park", "stark-labs", "nypd-hq", "avengers-tower", "helicarrier")


@pytest.fixture
def state():
    return position(
        heroes=("hulk", "wasp"),
        places=PLACES,
        hands={"hulk": ["hulk-06", "hulk-01"]},
        hero_at={"hulk": "times-square", "wasp": "times-square"},
        threats=dict.fromkeys(PLACES, ""),
        thugs={"times-square": 1},
    )


def refused(state, action) -> IllegalActionError:
    """Apply ``action``, expect a refusal, and check nothing changed."""
    before = json.dumps(state.to_dict())
    events = list(state.events)
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    assert json.dumps(state.to_dict()) == before and state.events == events
    assert state.why_not(action) != "legal"
    return info.value


def test_an_illegal_label_lists_the_legal_actions(state):
    error = refused(state, "Hulk: fly to the moon")
    assert "cannot be read here: the part 'fly' is not a kind of move here (now: play)" in str(
        error
    )
    assert "Hulk: play Hulk AA" in str(error)


def test_a_card_not_in_hand_is_refused(state):
    error = refused(state, "play/0/hulk-12")
    assert "that card is not in hand" in str(error) and error.rule == "turn.play"


def test_a_move_for_the_wrong_seat_names_whose_turn_it_is(state):
    error = refused(state, "play/1/wasp-01")
    assert "it is Hulk's turn" in str(error) and error.rule == "turn.order"


def test_a_stale_action_from_an_earlier_state_is_refused(state):
    old = state.parse_action("play/0/hulk-06")
    after = state.apply(old)
    error = refused(after, old)
    assert error.rule == "turn.symbols" and "must first take the card's actions" in str(error)
    assert state.apply(old).to_dict() == after.to_dict()


def test_an_action_out_of_its_step_is_refused(state):
    error = refused(state, "attack/0/thug/card")
    assert "Hulk must first play a card" in str(error) and error.rule == "turn.play"
    after = state.apply("play/0/hulk-06")
    error = refused(after, "choose/0/hulk")
    assert "nothing to choose now" in str(error)
    error = refused(after, "lose/0/hulk-01")
    assert "a card is lost when a hero takes damage" in str(error) and error.rule == "hero.damage"


def test_a_choice_with_no_decision_waiting_is_put_into_words_and_refused(state):
    after = state.apply("play/0/hulk-06")
    choice = Choose(0, 1)
    assert after.action(choice).label == "Hulk: choose 1"  # words, not a crash
    assert "a choice is made when an effect leaves one" in after.why_not(choice)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("play/0", "a play id has 2 parts after the kind (seat/card)"),
        ("play/zero/hulk-06", "the seat 'zero' cannot be read"),
        ("play/0/thor-01", "there is no hero card 'thor-01'"),
        ("go/0/mars/card", "'mars' is not one of this game's six locations"),
        ("attack/0/dragon/card", "there is no target 'dragon'"),
        ("attack/0/thug/cash", "there is no payment 'cash'"),
        ("lead/thor", "'thor' is not a hero of this game"),
    ],
)
def test_a_malformed_id_says_which_part_fails(state, text, words):
    error = refused(state, text)
    assert words in str(error), str(error)


@pytest.mark.parametrize("thing", [42, None, 3.5])
def test_an_action_of_the_wrong_type_is_refused(state, thing):
    assert "an action must be an Action" in str(refused(state, thing))


def test_a_game_over_refuses_every_action(state):
    state.progress, state.done, state.health = [9, 9, 0], [True, True, False], 1
    state.villain_at = 0
    won = state.apply("play/0/hulk-06").apply("attack/0/villain/card")
    assert won.is_over
    error = refused(won, "done/0")
    assert "game is over" in str(error)


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"villain": "thanos"}, "villain='thanos' is not allowed; choose one of 'red-skull'"),
        ({"heroes": ("hulk",)}, "give 2 different heroes for 2 player"),
        ({"heroes": ("hulk", "hulk")}, "give 2 different heroes"),
        ({"heroes": ("hulk", "thor")}, "no hero 'thor'; the heroes are ant-man"),
        ({"heroes": "hulk"}, "give a list of hero ids"),
        ({"challenge": "insane"}, "challenge='insane' is not allowed"),
        ({"bam_order": "random"}, "bam_order='random' is not allowed"),
        ({"colour": "red"}, "unknown option colour"),
    ],
)
def test_bad_options_are_refused_with_what_is_valid(options, words):
    with pytest.raises(OptionError) as info:
        ul.load("marvel", players=2, **options)
    assert words in str(info.value), str(info.value)


def test_a_bad_player_count_is_refused():
    with pytest.raises(OptionError, match="5 players is not allowed; choose one of 1, 2, 3, 4"):
        ul.load("marvel", players=5)


def test_solo_needs_three_heroes():
    with pytest.raises(OptionError, match="give 3 different heroes for 1 player"):
        ul.load("marvel", players=1, heroes=("hulk", "wasp"))


def test_a_record_replays_and_a_broken_record_is_refused():
    game = ul.load("marvel", players=2, heroes=("hulk", "wasp"))
    state = game.new(5)
    ids = []
    for _ in range(6):
        action = state.legal_actions()[0]
        ids.append(action.id)
        state = state.apply(action)
    record = Record.of(game, 5, ids)
    assert json.dumps(record.final().to_dict()) == json.dumps(state.to_dict())
    broken = record.to_dict()
    broken["actions"] = [*ids[:3], "play/0/thor-01"]
    with pytest.raises(RecordError, match="thor-01"):
        Record.from_dict(broken).replay()
    with pytest.raises(RecordError):
        Record.from_json("{not json")


def test_a_move_a_learner_expects_gets_its_reason_and_rule():
    s = position(
        heroes=("hulk", "wasp"),
        places=PLACES,
        hands={"hulk": ["hulk-06", "hulk-01"]},
        hero_at={"hulk": "times-square", "wasp": "times-square"},
        threats=dict.fromkeys(PLACES, ""),
        thugs={"times-square": 1},
        civilians={"times-square": 1},
        villain_at="times-square",
    )
    acting = s.apply("play/0/hulk-06")  # two Attacks, no Move, no Heroic
    villain = refused(acting, "Hulk: attack Red Skull")
    assert "only after two missions" in str(villain) and villain.rule == "mission.vulnerable"
    rescue = refused(acting, "Hulk: rescue a Civilian")
    assert rescue.rule == "turn.heroic" and "no Heroic symbol" in str(rescue)
    unavailable = {label: rule for label, _, rule in acting.unavailable()}
    assert unavailable["Hulk: attack Red Skull"] == "mission.vulnerable"
    assert unavailable["Hulk: move to Central Park"] == "turn.move"
    assert "Hulk: attack a Thug" not in unavailable  # it is legal
