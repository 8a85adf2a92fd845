"""Bad input to Umbrella: every refusal says what is wrong and names the rule.

The state given is never changed by a refused action.
"""

from __future__ import annotations

import pytest

import umbrella_lab as ul
from umbrella_lab import IllegalActionError, OptionError
from umbrella_lab.games.umbrella.rules import (
    EAST,
    NORTH,
    WEST,
    WHITE,
    Cover,
    Decline,
    Keep,
    Pass,
    Push,
    PushAny,
    Score,
    Stop,
    Swap,
    SwapZone,
)
from umbrella_lab.games.umbrella.scenario import scenario

RED_COLUMN = "YRGB/BRYG/GRBY/BGYR"  # a red pushed down column 2 makes a column of four


def table(players: int = 2, **kwargs):
    level = kwargs.get("level", 1)
    kwargs.setdefault("faces", dict.fromkeys(range(players), f"level-{level}/1"))
    return scenario(players=players, **kwargs)


@pytest.fixture
def state():
    return ul.load("umbrella", players=2).new(seed=4)


def refused(state, move) -> IllegalActionError:
    before = state.to_dict()
    with pytest.raises(IllegalActionError) as info:
        state.apply(move)
    assert state.to_dict() == before
    return info.value


def scoring_state():
    """P1 has pushed: a yellow row is made (F03 black on space 1) and a red square (F06 black on
    space 2) too, but every red spot is full."""
    s = table(
        stages={0: "YYYB/BGYG/GBRR/BGRR"},
        spaces={0: ["F03 black", "F06 black"]},
        tokens={0: [3, 7, 12]},
    )
    return s.apply("P1: push the yellow umbrella from side zone 1 (west) right along row 1")


# --- pushes --------------------------------------------------------------------------------------


def test_pushing_from_an_empty_zone_is_refused():
    s = table(zones={"side 1": "", "central": "YBGRYBGR"})
    error = refused(s, Push(0, WEST, 2, 1))
    assert error.rule == "turn.empty-zone" and "side zone 1 (west) is empty" in str(error)
    error = refused(s, "push/0/west/green/1")  # the same move by its id
    assert error.rule == "turn.empty-zone"
    error = refused(s, "push/0/14/1")  # and by its id in the older numeric format
    assert error.rule == "turn.empty-zone"


def test_taking_a_colour_the_zone_does_not_hold_is_refused():
    s = table(zones={"central": "YYBR", "side 1": "YBGRG"})
    error = refused(s, Push(0, NORTH, 2, 0))
    assert error.rule == "turn.take" and "no green umbrella in the central zone (north)" in str(
        error
    )


def test_a_line_or_colour_out_of_range_is_refused(state):
    assert refused(state, Push(0, NORTH, 3, 7)).rule == "turn.push"
    assert refused(state, Push(0, 4, 0, 0)).rule == "turn.push"


def test_pushing_from_a_faraway_zone_while_yours_hold_umbrellas_is_refused(state):
    error = refused(state, PushAny(0, 4, 0, NORTH, 0))
    assert error.rule == "turn.all-empty"


def test_a_push_out_of_turn_names_whose_turn_it_is(state):
    error = refused(state, Push(1, EAST, 0, 0))
    assert error.rule == "turn.order" and "it is P1's turn" in str(error)


def test_a_seat_that_does_not_exist_is_refused(state):
    error = refused(state, Push(5, NORTH, 0, 0))
    assert "no seat 5" in str(error)


def test_pushing_while_a_figure_waits_to_be_scored_is_refused():
    s = scoring_state()
    error = refused(s, Push(0, NORTH, 0, 0))
    assert error.rule == "figure.token" and "score the figure" in str(error)


# --- scoring -------------------------------------------------------------------------------------


def test_scoring_a_colour_that_is_full_is_refused():
    s = scoring_state()
    assert {action.key.space for action in s.legal_actions()} == {0}  # only the yellow row
    error = refused(s, Score(0, 1, 11))  # the red square on red spot 12
    assert error.rule == "figure.full-colour"
    assert "no free red spot" in str(error) and "not passed" in str(error)


def test_scoring_a_figure_that_is_not_made_is_refused():
    s = table(stages={0: "YYYB/BGYG/GBRY/BGRR"}, spaces={0: ["F03 black", "F06 black"]})
    s = s.apply("P1: push the yellow umbrella from side zone 1 (west) right along row 1")
    error = refused(s, Score(0, 1, 2))
    assert error.rule == "figure.match" and "not made" in str(error)
    assert refused(s, Score(0, 3, 0)).rule == "figure.match"  # an empty space


def test_scoring_on_a_spot_of_another_colour_or_a_full_spot_is_refused():
    s = table(stages={0: "YYYB/BGYG/GBRY/BGRR"}, spaces={0: ["F03 black"]}, tokens={0: [1]})
    s = s.apply("P1: push the yellow umbrella from side zone 1 (west) right along row 1")
    error = refused(s, Score(0, 0, 1))  # spot 2 is blue
    assert error.rule == "figure.token" and "spot 2 takes blue" in str(error)
    error = refused(s, "score/0/0/level-1-01")  # spot 1 holds a token
    assert error.rule == "figure.token" and "already holds a token" in str(error)
    assert refused(s, Score(0, 0, 40)).rule == "figure.token"
    assert refused(s, Score(0, 9, 0)).rule == "figure.match"


def test_scoring_before_the_push_is_refused():
    s = table(stages={0: "YYYY/BYRG/GRYB/RGBY"}, spaces={0: ["F03 black"]})
    error = refused(s, "score/0/0/level-1-01")
    assert error.rule == "figure.later" and "after a slide" in str(error)
    assert refused(s, "score/0/0/0").rule == "figure.later"  # the older numeric id


def test_declining_is_refused_when_figures_must_be_scored():
    error = refused(scoring_state(), Decline(0))
    assert error.rule == "opt.scoring"


# --- tiles, powers and solo moves ----------------------------------------------------------------


def test_choosing_the_side_of_a_passed_tile_with_three_players_is_refused():
    s = ul.load("umbrella", players=3).new(seed=0)
    assert refused(s, Pass(0, WHITE)).rule == "figure.pass"
    s2 = ul.load("umbrella", players=2).new(seed=0)  # 2 players, but no tile is being passed
    assert refused(s2, "pass/0/white").rule == "figure.pass"
    assert "when a tile is passed in the 2-player game" in str(refused(s2, "pass/0/white"))


def test_covering_a_tile_when_no_tile_is_being_placed_is_refused(state):
    assert refused(state, Cover(0, 1)).rule == "figure.place"


def test_swapping_without_a_power_or_far_apart_umbrellas_is_refused(state):
    assert refused(state, Swap(0, 0, 1)).rule == "board.powers"
    s = table(
        level=4, stages={0: RED_COLUMN}, spaces={0: ["F06 black", "F03 black"]}, tokens={0: [6]}
    )
    s = s.apply("P1: push the red umbrella from the central zone (north) down column 2")
    s = s.apply(next(a for a in s.legal_actions() if "spot 7" in a.label))
    assert s.step == "swap"
    assert refused(s, Swap(0, 0, 5)).rule == "power.swap"  # not side by side
    assert refused(s, Swap(0, 1, 5)).rule == "power.swap"  # two reds
    assert refused(s, SwapZone(0, NORTH, 0, 0)).rule == "power.swap"


def test_keep_and_stop_outside_solo_are_refused(state):
    assert refused(state, Keep(0, EAST)).rule == "solo.again"  # keep is a solo move
    assert refused(state, Stop(0)).rule == "solo.end"
    solo = ul.load("umbrella", players=1).new(seed=0)
    assert refused(solo, Stop(0)).rule == "opt.solo_end"
    assert refused(solo, "keep/0/east").rule == "solo.again"


# --- the public face -----------------------------------------------------------------------------


def test_an_illegal_label_is_refused_with_the_legal_actions_listed(state):
    # read part by part: who (P1), the kind of move (push), then the rest, which fails
    match = "the part 'the purple umbrella' matches no push move now. The nearest: P1: push the"
    with pytest.raises(IllegalActionError, match=match):
        state.apply("P1: push the purple umbrella")


def test_a_label_is_matched_without_regard_to_case(state):
    label = str(state.legal_actions()[3])
    assert state.parse_action(label.upper()) == state.legal_actions()[3]


def test_a_stale_action_from_an_earlier_state_is_refused(state):
    action = state.legal_actions()[0]
    after = state.apply(action)
    with pytest.raises(IllegalActionError):
        after.apply(action)


@pytest.mark.parametrize("text", ["push/0/x/1", "push", "///", "score/0/0"])
def test_a_malformed_id_is_refused_clearly(state, text):
    with pytest.raises(IllegalActionError):
        state.apply(text)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("push/0/west/purple/1", "there is no colour 'purple'"),
        ("push/0/up/red/1", "there is no side 'up'"),
        ("push/0/west/red", "a push id has 4 part"),
        ("score/0/0/level-9-01", "the Scoreboard has no spot 'level-9-01'"),
        ("pass/0/grey", "there is no tile side 'grey'"),
        ("skip/0/fly", "there is no power 'fly'"),
    ],
)
def test_an_id_naming_nothing_says_which_part(state, text, words):
    with pytest.raises(IllegalActionError, match=words):
        state.apply(text)


@pytest.mark.parametrize("move", [("push", 0, 0), ("push", "0", 0, 0), (3, 0, 0, 0), ()])
def test_a_malformed_key_is_refused_clearly(state, move):
    with pytest.raises(IllegalActionError):
        state.apply(move)


def test_an_unknown_move_kind_is_refused(state):
    error = refused(state, ("jump", 0, 0, 0))
    assert "('jump', 0, 0, 0) is not a move of this game" in str(error)


@pytest.mark.parametrize("thing", [3.5, None, ["push", 0, 0, 0]])
def test_an_action_of_the_wrong_type_is_refused(state, thing):
    with pytest.raises(IllegalActionError):
        state.apply(thing)


def test_actions_after_the_game_is_over_are_refused():
    s = ul.load("umbrella", players=1, solo_end="concede").new(seed=0)
    over = s.apply("P1: declare that no figure can be made any more")
    with pytest.raises(IllegalActionError, match="the game is over"):
        over.apply(Push(0, NORTH, 0, 0))
    assert over.legal_actions() == [] and over.to_act is None


def test_why_not_says_legal_or_gives_the_reason(state):
    assert state.why_not(state.legal_actions()[0]) == "legal"
    assert "turn.order" in state.why_not(Push(1, NORTH, 0, 0))


def test_a_view_for_a_seat_that_does_not_exist_is_refused(state):
    with pytest.raises(ValueError, match="no seat 2"):
        state.to_dict(2)


# --- options and scenarios -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("level", 5),
        ("level", "1"),
        ("match_mode", "exact"),
        ("adjacency", "corner"),
        ("level4_groups", 1),
        ("scoring", "never"),
        ("solo_end", "never"),
    ],
)
def test_a_bad_option_value_lists_the_choices(option, value):
    with pytest.raises(OptionError, match="choose one of"):
        ul.load("umbrella", players=2, **{option: value})


def test_an_unknown_option_lists_the_options():
    with pytest.raises(OptionError, match="the options are level, match_mode"):
        ul.load("umbrella", players=2, colours=5)


@pytest.mark.parametrize("players", [0, 5, 2.0, True])
def test_a_bad_player_count_lists_the_valid_counts(players):
    with pytest.raises(OptionError, match="1, 2, 3, 4"):
        ul.load("umbrella", players=players)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"stages": {0: "YBGX/BYRG/GRYB/RGBY"}}, "four rows of four letters"),
        ({"zones": {"north": "Y"}}, "no Waiting Zone 'north'"),
        ({"spaces": {0: ["F99 black"]}}, "name a tile side"),
        ({"faces": {0: "level-2/1"}}, "no level 1 Scoreboard face"),
        ({"zones": {"central": "Y" * 20}}, "the box holds 25 of each"),
    ],
)
def test_a_scenario_with_bad_pieces_is_refused(kwargs, words):
    with pytest.raises(ValueError, match=words):
        scenario(players=2, **kwargs)


# --- moves a learner may name that are not legal now (each kind's known) ------------------------


def test_a_named_push_from_an_empty_zone_is_refused_with_its_reason_and_rule():
    s = table(zones={"side 1": "", "central": "YBGRYBGR"})
    label = "P1: push the red umbrella from side zone 1 (west) right along row 2"
    with pytest.raises(IllegalActionError) as info:
        s.apply(label)
    assert info.value.rule == "turn.empty-zone" and "side zone 1 (west) is empty" in str(info.value)
    unavailable = {label: rule for label, _, rule in s.unavailable()}
    assert unavailable[label] == "turn.empty-zone"
    assert len([rule for rule in unavailable.values() if rule == "turn.empty-zone"]) == 16


def test_a_named_push_of_a_colour_the_zone_lacks_is_refused_with_turn_take():
    s = table(zones={"central": "YYBB"})
    label = "P1: push the red umbrella from the central zone (north) down column 1"
    with pytest.raises(IllegalActionError) as info:
        s.apply(label)
    assert info.value.rule == "turn.take" and "no red umbrella" in str(info.value)
