"""Bad input to The Umbrella Academy Game gets a clear error and changes nothing.

Every refused action leaves the state exactly as it was (its ``to_dict()`` is unchanged); every
refused game, option or record names what is valid.
"""

from __future__ import annotations

import json
import re

import pytest

import umbrella_lab as ul
from umbrella_lab import IllegalActionError, OptionError, Record, RecordError
from umbrella_lab.games.academy.scenario import scenario


@pytest.fixture
def state():
    return ul.load("academy", players=2, heroes=("kraken", "rumor")).new(seed=1)


def refused(state, action) -> IllegalActionError:
    """Apply ``action``, expect a refusal, and check nothing changed."""
    before = state.to_dict()
    events = list(state.events)
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    assert state.to_dict() == before
    assert state.events == events
    assert state.why_not(action) != "legal"
    return info.value


# --- actions -------------------------------------------------------------------------------------


def test_an_illegal_label_is_refused_with_the_legal_actions_listed(state):
    error = refused(state, "The Kraken: fly to the moon")
    assert "cannot be read here: the part 'fly' is not a kind of move here" in str(error)
    assert "The nearest: " + str(state.legal_actions()[0]) in str(error)


def test_a_label_for_another_situation_is_refused():
    s = scenario(hands=[[20], [10]], lineup=[45, 10])
    error = refused(s, "The Kraken: attack 20 vs villain attack 10")
    assert str(error) == (
        "'The Kraken: attack 20 vs villain attack 10' cannot be read here: the part "
        "'20 vs villain attack 10' matches no attack move now. "
        "The nearest: The Kraken: attack 20 vs villain attack 45 (rule turn.attack)"
    )


def test_a_label_is_read_part_by_part():
    s = scenario(hands=[[20, 60], [10]], lineup=[45, 10])
    who = refused(s, "Luther: attack 60 vs villain attack 45")
    assert "the part 'Luther' is not who acts now (The Kraken does)" in str(who)
    kind = refused(s, "The Kraken: kraken 20")
    assert "no kraken move" in str(kind) and "rule power.kraken" in str(kind)
    known = refused(s, "The Kraken: attack 20 vs villain attack 45")
    assert "is not legal now" in str(known) and known.rule == "turn.attack"


def test_a_label_is_matched_without_regard_to_case_and_spaces():
    s = scenario(hands=[[35], [10]], lineup=[30, 10])
    after = s.apply("  the kraken: ATTACK 35 vs villain attack 30 ")
    assert "turn.attack" in [e.rule for e in after.events]


def test_a_stale_action_from_an_earlier_state_is_refused():
    s = scenario(hands=[[35, 40], [10]], lineup=[30, 10])
    old = next(a for a in s.legal_actions() if a.kind == "attack")
    after = s.apply(old)
    error = refused(after, old)
    assert error.rule == "turn.order" and "The Rumor's turn" in str(error)
    assert s.apply(old).to_dict() == after.to_dict()  # the old state itself is untouched


def test_an_action_of_another_game_is_refused():
    one = scenario(hands=[[35], [10]], lineup=[30])
    other = scenario(hands=[[10], [10]], lineup=[30])
    attack = next(a for a in one.legal_actions() if a.kind == "attack")
    error = refused(other, attack)
    assert error.rule == "turn.from-hand" and "does not hold that card" in str(error)


@pytest.mark.parametrize("text", ["", "///", "fly", "fly/0/0/0"])
def test_an_id_of_no_kind_of_move_is_refused_with_the_legal_actions_listed(state, text):
    error = refused(state, text)
    assert "is not a legal action here" in str(error) and "Legal now: " in str(error)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("attack", "an? attack id has 2 parts after the kind \\(seat/card\\)"),
        ("attack/0/x/-1", "2 parts after the kind"),
        ("attack/zero/1/2", "2 parts after the kind"),
        ("attack/zero/attack-35", "the seat 'zero' cannot be read"),
        ("attack/0/attack-99", "there is no hero card 'attack-99' in hero_deck.toml"),
        ("attack/0/1", "there is no hero card '1'"),
    ],
)
def test_a_malformed_id_of_a_kind_of_move_says_which_part_fails(state, text, words):
    error = refused(state, text)
    assert re.search(f"'{re.escape(text)}' cannot be read: .*{words}", str(error)), str(error)
    assert error.rule == "turn.attack"


@pytest.mark.parametrize("move", [("attack",), ("attack", "0", 1, 2), (), ("attack", 0, 1, 2, 3)])
def test_a_malformed_key_is_refused_clearly(state, move):
    error = refused(state, move)
    assert "is not a move of this game" in str(error)


@pytest.mark.parametrize("thing", [42, None, 3.5, ["attack", 0, 1, -1]])
def test_an_action_of_the_wrong_type_is_refused(state, thing):
    error = refused(state, thing)
    assert "an action must be an Action, its label or its id" in str(error)


def test_a_seat_that_does_not_exist_is_refused(state):
    error = refused(state, "attack/7/attack-10")  # the engine's turn: a seat not at the table
    assert "there is no seat 7 at a 2-player table" in str(error) and error.rule == "turn.order"
    assert "there is no seat 7" in str(refused(state, "attack/7/0/-1"))  # the older id form


def test_a_card_number_that_does_not_exist_is_refused(state):
    error = refused(state, "attack/0/999/-1")  # only the older ids name cards by number
    assert "there is no hero card number 999" in str(error) and error.rule == "setup.decks"


def test_a_card_not_in_hand_is_refused():
    s = scenario(hands=[[35], [40]], lineup=[30])
    error = refused(s, "attack/0/attack-40")
    assert "does not hold that card (40)" in str(error) and error.rule == "turn.from-hand"
    error = refused(s, f"attack/0/{s.hands[1][0]}/-1")  # the same move in the older id form
    assert "does not hold that card (40)" in str(error) and error.rule == "turn.from-hand"


def test_a_move_for_the_wrong_seat_names_whose_turn_it_is():
    s = scenario(hands=[[35], [40]], lineup=[30, 10])
    error = refused(s, "attack/1/attack-40")
    assert error.rule == "turn.order"
    assert "it is The Kraken's turn to face the next card" in str(error)


def test_a_dead_hero_cannot_act():
    s = scenario(
        heroes=("kraken", "rumor", "seance"), hands=[[35], [], [40]], lineup=[30], life=[5, 0, 5]
    )
    error = refused(s, "pass/1")
    assert error.rule == "life.death" and "The Rumor is dead" in str(error)


def test_a_card_play_during_the_damage_step_is_refused():
    s = scenario(hands=[[45, 20], [10]], lineup=[45, 10])
    s = s.apply(next(a for a in s.legal_actions() if a.kind == "block"))
    assert s.stage == "damage"
    error = refused(s, "attack/1/attack-10")
    assert error.rule == "turn.order" and "it is the team's turn to place the damage" in str(error)


def test_damage_when_there_is_none_to_place_is_refused(state):
    error = refused(state, "damage/0/1")
    assert error.rule == "life.damage"


def test_keep_outside_the_round_end_is_refused(state):
    error = refused(state, "keep")
    assert error.rule == "end.keep" and "only at the end of a round" in str(error)


def test_spreading_damage_when_there_is_none_is_refused(state):
    error = refused(state, "spread/3")
    assert error.rule == "life.damage" and "no damage to place" in str(error)


def test_actions_after_the_game_is_over_are_refused():
    s = scenario(hands=[[], []], lineup=["final"], final=True, life=[1, 1])
    s = s.apply(next(a for a in s.legal_actions() if a.kind == "pass"))
    over = s.apply(next(a for a in s.legal_actions() if a.kind == "spread"))
    assert over.is_over and over.legal_actions() == [] and over.to_act is None
    error = refused(over, "spread/3")
    assert error.rule == "game.lose" and "the game is over" in str(error)
    assert "the game is over" in refused(over, "anything at all").args[0]


def test_why_not_says_legal_for_a_legal_action(state):
    action = state.legal_actions()[0]
    assert state.why_not(action) == "legal"
    assert state.why_not(action.id) == "legal" and state.why_not(action.label) == "legal"


def test_a_view_for_a_seat_that_does_not_exist_is_refused(state):
    with pytest.raises(ValueError, match="no seat 5"):
        state.to_dict(5)


# --- games, player counts and options --------------------------------------------------------


def test_an_unknown_game_name_lists_the_games():
    with pytest.raises(OptionError, match="no game named 'monopoly'; the games are ") as info:
        ul.load("monopoly")
    assert all(name in str(info.value) for name in ul.games())


@pytest.mark.parametrize("players", [0, 7, -1, "2", 2.0, True])
def test_a_bad_player_count_lists_the_valid_counts(players):
    with pytest.raises(OptionError, match="choose one of 1, 2, 3, 4, 5, 6"):
        ul.load("academy", players=players)


def test_an_unknown_option_lists_the_options():
    with pytest.raises(OptionError) as info:
        ul.load("academy", players=2, colour="red")
    assert "unknown option colour" in str(info.value)
    assert "turn_order" in str(info.value) and "excess_damage" in str(info.value)


@pytest.mark.parametrize(
    ("option", "value", "choices"),
    [
        ("turn_order", "random", "'rotate', 'team'"),
        ("damage_timing", "later", "'round-end', 'immediate'"),
        ("block_damage", "nobody", "'team', 'blocker'"),
        ("strict_heal", "yes", "True, False"),
        ("strict_heal", 1, "True, False"),
        ("heal_target", "all", "'self', 'any'"),
        ("hero_boost", "never", "'interrupt', 'own-turn'"),
        ("villain_boost", "damage", "'attack', 'attack-and-damage'"),
        ("base_life", 7, "5, 6"),
        ("base_life", "5", "5, 6"),
        ("excess_damage", "kept", "'reassign', 'lost'"),
    ],
)
def test_a_bad_option_value_lists_the_choices(option, value, choices):
    with pytest.raises(OptionError) as info:
        ul.load("academy", players=2, **{option: value})
    assert f"option {option}={value!r} is not allowed" in str(info.value)
    assert f"choose one of {choices}" in str(info.value)


@pytest.mark.parametrize(
    ("option", "value", "words"),
    [
        ("hand_size", 0, "must be from 1 to 10"),
        ("hand_size", "3", "give a whole number from 1 to 10"),
        ("villains", 13, "must be from 1 to 12"),
        ("strength", 5, "must be from 6 to 10"),
        ("strength", True, "give a whole number from 6 to 10"),
    ],
)
def test_a_bad_table_size_option_says_what_is_allowed(option, value, words):
    with pytest.raises(OptionError, match=words):
        ul.load("academy", players=2, **{option: value})


@pytest.mark.parametrize("heroes", ["kraken", ("kraken", 2), [None, "rumor"]])
def test_heroes_that_are_not_a_list_of_ids_are_refused(heroes):
    with pytest.raises(OptionError, match="give a list of hero ids"):
        ul.load("academy", players=2, heroes=heroes)


@pytest.mark.parametrize(
    ("heroes", "words"),
    [
        (("kraken",), "name 2 hero\\(es\\), one per player, not 1"),
        (("kraken", "rumor", "seance"), "name 2 hero\\(es\\), one per player, not 3"),
        (("batman", "rumor"), "'batman' is not a hero; the heroes are horror, kraken"),
        (("kraken", "kraken"), "each hero can be picked only once"),
    ],
)
def test_bad_heroes_are_refused_when_the_game_is_loaded(heroes, words):
    with pytest.raises(OptionError, match=words):
        ul.load("academy", players=2, heroes=heroes)


@pytest.mark.parametrize("seed", ["7", 1.5, True, None])
def test_a_seed_that_is_not_a_whole_number_is_refused(seed):
    with pytest.raises(OptionError, match="the seed must be a whole number"):
        ul.load("academy", players=2).new(seed=seed)


def test_refused_options_leave_existing_games_alone(state):
    before = state.to_dict()
    with pytest.raises(OptionError):
        state.game.with_options(turn_order="random")
    assert state.to_dict() == before and state.game.options["turn_order"] == "rotate"


# --- records -------------------------------------------------------------------------------------


def _record(state) -> Record:
    actions = []
    for _ in range(3):
        action = state.legal_actions()[0]
        actions.append(action.id)
        state = state.apply(action)
    return Record.of(state.game, state.seed, actions)


def test_a_good_record_replays(state):
    record = _record(state)
    again = Record.from_json(record.to_json())
    assert again.final().to_dict() == record.final().to_dict()
    assert len(again.replay()) == 4


def test_a_record_that_is_not_json_is_refused():
    with pytest.raises(RecordError, match="not valid JSON"):
        Record.from_json("{this is not json")


def test_a_record_file_that_is_not_json_names_the_file(tmp_path):
    path = tmp_path / "game.json"
    path.write_text("[1, 2", encoding="utf-8")
    with pytest.raises(RecordError, match=r"game\.json: not valid JSON"):
        Record.load(path)


def test_a_record_that_is_not_an_object_is_refused():
    with pytest.raises(RecordError, match="a record is a JSON object, not list"):
        Record.from_json("[]")


@pytest.mark.parametrize("field", ["game", "players", "seed", "actions"])
def test_a_record_with_a_missing_field_names_it(state, field):
    data = _record(state).to_dict()
    del data[field]
    with pytest.raises(RecordError, match=f"field '{field}' is missing"):
        Record.from_json(json.dumps(data))


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("players", "2", "field 'players' must be int, not str"),
        ("players", True, "field 'players' must be int, not bool"),
        ("seed", 1.5, "field 'seed' must be int, not float"),
        ("game", 3, "field 'game' must be str, not int"),
        ("actions", "attack/0/1/-1", "field 'actions' must be list, not str"),
        ("actions", [1, 2], "field 'actions' must be a list of action ids"),
        ("options", [], "field 'options' must be an object"),
        ("format", "chess/pgn", "field 'format' is 'chess/pgn'"),
    ],
)
def test_a_record_with_a_field_of_the_wrong_type_names_it(state, field, value, words):
    data = _record(state).to_dict()
    data[field] = value
    with pytest.raises(RecordError, match=words):
        Record.from_json(json.dumps(data))


def test_a_record_with_an_action_that_does_not_replay_names_the_action_number(state):
    record = _record(state)
    record.actions[1] = "attack/0/attack-99"
    with pytest.raises(RecordError, match=r"action 2 \('attack/0/attack-99'\) does not replay"):
        record.replay()


def test_a_record_with_an_unknown_option_is_refused(state):
    data = _record(state).to_dict()
    data["options"]["colour"] = "red"
    with pytest.raises(RecordError, match="unknown option"):
        Record.from_json(json.dumps(data)).replay()


def test_a_record_of_another_rules_version_is_refused(state):
    data = _record(state).to_dict()
    data["version"] = 99
    with pytest.raises(RecordError, match="rules version 99"):
        Record.from_json(json.dumps(data)).replay()


def test_a_record_of_an_unknown_game_is_refused(state):
    data = _record(state).to_dict()
    data["game"] = "monopoly"
    with pytest.raises(RecordError, match="no game named 'monopoly'"):
        Record.from_json(json.dumps(data)).replay()


# --- moves a learner may name that are not legal now (each kind's known) ------------------------


def test_a_named_heal_that_is_not_legal_is_refused_with_its_reason_and_rule():
    s = scenario(heroes=("horror", "rumor"), hands=[[35, 10], [10]], lineup=[30, 40])
    with pytest.raises(IllegalActionError) as info:
        s.apply("The Horror: heal 2 with 35, leave 30 uncontested")
    assert info.value.rule == "turn.heal" and "option strict_heal" in str(info.value)
    unavailable = {label: rule for label, _, rule in s.unavailable()}
    assert unavailable["The Horror: attack 10 vs villain attack 30"] == "turn.attack"
    assert unavailable["The Horror: block with 10 vs villain attack 30 (take 1)"] == "turn.block"
    assert not any(label in unavailable for label in (a.label for a in s.legal_actions()))


def test_a_power_under_apathy_is_refused_by_its_label_with_the_family_rule():
    s = scenario(heroes=("horror", "rumor"), hands=[[35], [10]], lineup=[30], family="apathy")
    label = next(label for label, _, rule in s.unavailable() if rule == "family.apathy")
    assert label.startswith("The Horror: use ")
    with pytest.raises(IllegalActionError) as info:
        s.apply(label)
    assert info.value.rule == "family.apathy" and "Apathy" in str(info.value)
