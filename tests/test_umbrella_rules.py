"""Rule scenarios of Umbrella, one small test (or a few) per rule id of the digest.

Each test sets a table up by hand with ``scenario(...)``, acts through the public API (labels,
or legal actions picked by kind) and checks both what changed and the rule ids of the events.
Rule ids are those of the digest ``games/umbrella/digest.md``.

Stages are written as their owner sees them, rows 1 to 4 from the centre of the table: ``"YBGR/
BYRG/GRYB/RGBY"`` is board A. Useful tiles: F03 black is a row of four (a column on a 90° space),
F06 black a 2 x 2 square.
"""

from __future__ import annotations

import functools
import json
import random

import pytest
from helpers import find, kinds, play, rules_of

import umbrella_lab as ul
from umbrella_lab import IllegalActionError, OptionError
from umbrella_lab.engine.play import play_out
from umbrella_lab.games.umbrella.legacy import read_old_key
from umbrella_lab.games.umbrella.pieces import load_pieces
from umbrella_lab.games.umbrella.policies import POLICIES, greedy, making_pushes
from umbrella_lab.games.umbrella.rules import (
    BLACK,
    EAST,
    MOVES,
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
    Skip,
    Stop,
    Swap,
    SwapFarZone,
    SwapZone,
    colour_masks,
    figure_masks,
    matched_colours,
    scoring_offers,
)
from umbrella_lab.games.umbrella.scenario import scenario

BOARD_A = "YBGR/BYRG/GRYB/RGBY"
LEVEL1 = {0: "level-1/1", 1: "level-1/1", 2: "level-1/1", 3: "level-1/1"}


# --- helpers -------------------------------------------------------------------------------------


def table(players: int = 2, **kwargs):
    """A scenario in which every seat has copy 1 of its level's Scoreboard."""
    level = kwargs.get("level", 1)
    kwargs.setdefault("faces", dict.fromkeys(range(players), f"level-{level}/1"))
    return scenario(players=players, **kwargs)


def stage(state, seat: int = 0) -> list[str]:
    return state.to_dict()["seats"][seat]["stage"]


def zone(state, name: str) -> str:
    """The umbrellas of a zone as sorted letters, e.g. ``"BGRY"``."""
    for entry in state.to_dict()["zones"]:
        if entry["name"] == name:
            return "".join(sorted(entry["umbrellas"]))
    raise AssertionError(name)


def tops(state, seat: int) -> list[str | None]:
    spaces = state.to_dict()["seats"][seat]["spaces"]
    return [f"{s['top']['tile']} {s['top']['side']}" if s["top"] else None for s in spaces]


def refusal(state, move) -> IllegalActionError:
    """The error raised by applying a refused move; the state must not change."""
    before = state.to_dict()
    with pytest.raises(IllegalActionError) as info:
        state.apply(move)
    assert state.to_dict() == before
    return info.value


def quiet_push(state):
    """A push from a side zone that makes no figure (to move a game on)."""
    making = set(making_pushes(state, state.active))
    for action in state.legal_actions():
        if action.kind == "push" and action.key.side in (EAST, WEST) and (action.key not in making):
            return state.apply(action)
    raise AssertionError("no quiet push")


# --- 1. aim --------------------------------------------------------------------------------------


def test_aim_a_whole_game_ends_with_scores_and_winners():
    final = play_out(ul.load("umbrella", players=3).deal(11), greedy, random.Random(11))
    assert final.is_over and len(final.result.scores) == 3 and final.result.winners
    assert final.result.rule in ("end.score", "end.tie")
    assert not final.check()


# --- 2. setup ------------------------------------------------------------------------------------


def test_setup_players_one_to_four_and_boards_by_seat():
    assert ul.load("umbrella").info.players == (1, 2, 3, 4)
    with pytest.raises(OptionError, match="choose one of 1, 2, 3, 4"):
        ul.load("umbrella", players=5)
    state = ul.load("umbrella", players=4).new(seed=0)
    assert [seat["board"] for seat in state.to_dict()["seats"]] == ["A", "B", "C", "D"]
    assert "setup.stage" in rules_of(state)


def test_setup_stage_follows_the_board_colours_and_no_figure_is_made():
    pieces = load_pieces()
    state = ul.load("umbrella", players=4).new(seed=3)
    for seat, board in enumerate(pieces.boards):
        assert state.cells[seat] == list(board.stage)
        assert sorted(board.stage) == [0] * 4 + [1] * 4 + [2] * 4 + [3] * 4
        masks = colour_masks(list(board.stage))
        for tile in pieces.tiles:
            for cells in tile.sides:
                for angle in (0, 90, 180, 270):
                    for mode in ("anywhere", "in-place"):
                        assert not matched_colours(figure_masks(cells, angle, mode), masks)


@pytest.mark.parametrize(("players", "used"), [(2, 52), (3, 76), (4, 100)])
def test_setup_zones_hold_one_umbrella_of_each_colour(players, used):
    state = ul.load("umbrella", players=players).new(seed=1)
    assert len(state.zones) == 2 * players + 1
    assert all(zone == [1, 1, 1, 1] for zone in state.zones)
    in_play = 16 * players + 4 * len(state.zones)
    assert in_play == used and sum(state.box) == 100 - used
    assert "setup.zones" in rules_of(state)
    # each player has a left, a right, the central and a personal zone; neighbours share one
    for seat in range(players):
        left = state.around[seat][WEST]
        right_of_next = state.around[(seat + 1) % players][EAST]
        assert left == right_of_next
        assert state.around[seat][NORTH] == players


def test_setup_two_players_side_zones_are_each_ones_left_and_the_others_right():
    state = ul.load("umbrella", players=2).new(seed=0)
    assert "setup.two-players" in rules_of(state)
    assert state.zone_name(state.around[0][WEST]) == "side zone 1"
    assert state.zone_name(state.around[1][EAST]) == "side zone 1"
    assert state.zone_name(state.around[0][EAST]) == "side zone 2"
    assert state.zone_name(state.around[1][WEST]) == "side zone 2"
    assert len(state.zones) == 5  # two side zones, the central zone, two personal zones


def test_setup_figures_two_stacks_of_two_and_the_tiles_beneath_are_hidden():
    state = ul.load("umbrella", players=3).new(seed=5)
    assert "setup.figures" in rules_of(state)
    for seat in range(3):
        assert [len(stack) for stack in state.spaces[seat]] == [2, 2, 0, 0]
    hidden = {
        state.pieces.tiles[stack[0] >> 1].id for seat in state.spaces for stack in seat if stack
    }
    text = json.dumps(state.to_dict(0))
    assert not any(f'"{tile}"' in text for tile in hidden)
    assert all(space["under"] == 1 for space in state.to_dict()["seats"][0]["spaces"][:2])
    # both sides come up, whatever side is up
    sides = {
        code & 1
        for seed in range(10)
        for seat in ul.load("umbrella", players=4).new(seed=seed).spaces
        for stack in seat
        for code in stack
    }
    assert sides == {0, 1}


def test_setup_figures_new_luck_deals_the_hidden_tiles_only():
    state = ul.load("umbrella", players=2).new(seed=5)
    other = state.fork(new_luck=True)
    assert other.to_dict() == {**state.to_dict(), "seed": other.seed}
    assert [[stack[:-1] for stack in seat] for seat in other.spaces] != [
        [stack[:-1] for stack in seat] for seat in state.spaces
    ]
    assert not other.check()


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_setup_scoreboard_everyone_has_the_same_level(level):
    state = ul.load("umbrella", players=4, level=level).new(seed=2)
    assert {face.level for face in state.faces} == {level}
    assert len({face.id for face in state.faces}) == 4  # the four copies
    assert "setup.scoreboard" in rules_of(state)
    assert ul.load("umbrella").options["level"] == 1  # the first-game advice


@pytest.mark.parametrize(("players", "supply", "reserve"), [(2, 11, 14), (3, 17, 8), (4, 22, 3)])
def test_setup_tokens_supply_and_reserve(players, supply, reserve):
    state = ul.load("umbrella", players=players).new(seed=0)
    assert (state.supply, state.reserve) == (supply, reserve)
    assert "setup.tokens" in rules_of(state)


def test_setup_first_player_is_p1():
    state = ul.load("umbrella", players=3).new(seed=9)
    assert state.to_act == 0 and state.step == "push"
    assert "setup.first" in rules_of(state)


# --- 3. a turn -----------------------------------------------------------------------------------


def test_turn_order_is_clockwise():
    state = table(players=3, spaces={p: ["F06 black"] for p in range(3)})
    seen = []
    for _ in range(4):
        seen.append(state.to_act)
        state = quiet_push(state)
    assert seen == [0, 1, 2, 0]
    assert "turn.order" in rules_of(state)


def test_turn_take_an_umbrella_of_your_choice_from_a_zone():
    state = table(zones={"central": "YYBR"}, spaces={0: ["F06 black"]})
    after = play(state, "push", "red umbrella from the central zone (north) down column 2")
    assert zone(after, "central zone") == "BYY"  # the red one was taken
    assert rules_of(after)[:2] == ["turn.take", "turn.push"]
    error = refusal(state, "push/0/north/green/0")  # there is no green one in the north zone
    assert error.rule == "turn.take"


def test_turn_push_from_each_side_moves_a_line_and_drops_the_last_umbrella_opposite():
    state = table(stages={0: BOARD_A}, spaces={0: ["F06 black"]})
    # west: a red umbrella into row 2 pushes it right; the green one drops on the east zone
    after = play(state, "push", "red umbrella from side zone 1 (west) right along row 2")
    assert stage(after)[1] == "RBYR"
    assert zone(after, "side zone 2") == "BGGRY"
    # east: a yellow umbrella into row 1 pushes it left; the yellow one drops on the west zone
    after = play(state, "push", "yellow umbrella from side zone 2 (east) left along row 1")
    assert stage(after)[0] == "BGRY" and zone(after, "side zone 1") == "BGRYY"
    # north: green down column 1; the red one at the bottom drops into the personal zone
    after = play(state, "push", "green umbrella from the central zone (north) down column 1")
    assert [row[0] for row in stage(after)] == ["G", "Y", "B", "G"]
    assert zone(after, "P1's personal zone") == "BGRRY"
    # south: blue up column 4; the red one at the top drops onto the central zone
    after = play(state, "push", "blue umbrella from P1's personal zone (south) up column 4")
    assert [row[3] for row in stage(after)] == ["G", "B", "Y", "B"]
    assert zone(after, "central zone") == "BGRRY" and zone(after, "P1's personal zone") == "GRY"
    assert rules_of(after)[1] == "turn.push"


def test_turn_empty_zone_offers_no_umbrella():
    state = table(zones={"side 1": "", "central": "YBGRYBGR"}, spaces={0: ["F06 black"]})
    assert not [a for a in state.legal_actions() if "west zone" in a.label]
    error = refusal(state, Push(0, WEST, 0, 0))
    assert error.rule == "turn.empty-zone"


def test_turn_all_empty_any_zone_and_side_may_be_used():
    state = table(
        zones={
            "central": "",
            "side 1": "",
            "side 2": "",
            "personal 1": "",
            "personal 2": "YYYYYBBBBBGGGGGRRRRR",
        },
        spaces={0: ["F06 black"]},
    )
    assert kinds(state) == {"push-any"}
    after = play(
        state,
        "push-any",
        "red umbrella from P2's personal zone in from the north side, down column 1",
    )
    assert rules_of(after)[0] == "turn.all-empty"
    assert zone(after, "P1's personal zone") == "R"  # board A's column 1 ends in red
    assert not after.check()


# --- 4. figures ----------------------------------------------------------------------------------

# Column 2 of this Stage is red, red, red, green: a red umbrella pushed down column 2 makes a
# column of four reds.
RED_COLUMN = "YRGB/BRYG/GRBY/BGYR"
PUSH_RED_DOWN_2 = "red umbrella from the central zone (north) down column 2"
SOLO_PUSH_RED_DOWN_2 = "red umbrella from the top zone (north) down column 2"


def test_figure_match_turned_by_the_pinwheel_of_its_space():
    # F03 black is a row of four; on space 2 (90°) it asks for a column of four
    state = table(stages={0: RED_COLUMN}, spaces={0: ["F06 black", "F03 black"]})
    after = play(state, "push", PUSH_RED_DOWN_2)
    assert after.step == "score"
    assert rules_of(after)[-1] == "turn.push"
    scored = play(after, "score", "red figure F03 black on Figure space 2")
    assert rules_of(scored)[0] == "figure.match"
    # on space 1 (0°) the same tile asks for a row: the column does not make it
    state = table(stages={0: RED_COLUMN}, spaces={0: ["F03 black", "F06 black"]})
    after = play(state, "push", PUSH_RED_DOWN_2)
    assert after.step == "push" and after.to_act == 1


def test_figure_one_a_turn_even_when_two_are_made():
    # F03 black (space 1, 0°) and F02 black (space 3, 180°) both ask for a row of four
    state = table(stages={0: "YYYB/BYRG/GRYB/RGBY"}, spaces={0: ["F03 black", "", "F02 black"]})
    after = play(state, "push", "yellow umbrella from side zone 1 (west) right along row 1")
    spaces = {action.key.space for action in after.legal_actions()}
    assert spaces == {0, 2}
    scored = play(after, "score", "Figure space 3")
    assert scored.step == "pass" and tops(scored, 0)[0] == "F03 black"  # still waiting
    error = refusal(scored, Score(0, 0, 0))
    assert error.rule == "figure.one"


def test_figure_later_a_figure_made_before_the_push_waits_for_the_push():
    # row 1 is all yellow already (say a tile was received): F03 black is made before pushing
    state = table(stages={0: "YYYY/BYRG/GRYB/RGBY"}, spaces={0: ["F03 black"]})
    error = refusal(state, Score(0, 0, 0))
    assert error.rule == "figure.later"
    # still made after a push elsewhere: it may be scored now
    after = play(state, "push", "green umbrella from side zone 1 (west) right along row 3")
    assert after.step == "score"
    # spoilt by the push: nothing to score, nothing kept for later
    after = play(state, "push", "green umbrella from side zone 1 (west) right along row 1")
    assert after.step == "push" and after.to_act == 1


def test_figure_token_on_a_free_spot_of_the_colour():
    state = table(stages={0: RED_COLUMN}, spaces={0: ["F06 black", "F03 black"]}, tokens={0: [3]})
    after = play(state, "push", PUSH_RED_DOWN_2)
    spots = sorted(action.key.spot + 1 for action in after.legal_actions())
    assert spots == [7, 12]  # the red spots still free (spot 3 holds a token)
    scored = play(after, "score", "token on spot 12 (red)")
    assert scored.filled[0] == (1 << 2) | (1 << 11)
    assert scored.supply == after.supply - 1
    assert "figure.token" in rules_of(scored)


def test_figure_full_colour_scores_nothing_and_keeps_the_tile():
    state = table(
        stages={0: RED_COLUMN}, spaces={0: ["F06 black", "F03 black"]}, tokens={0: [3, 7, 12]}
    )
    after = play(state, "push", PUSH_RED_DOWN_2)
    assert after.step == "push" and after.to_act == 1  # no token, no pass
    assert tops(after, 0)[1] == "F03 black" and after.supply == state.supply
    assert not scoring_offers(after, 0)


def test_figure_pass_to_the_left_keeps_its_side_with_three_players():
    state = table(
        players=3,
        stages={0: RED_COLUMN},
        spaces={0: ["F06 black", "F03 black"], 1: ["F10 white", "F11 black"]},
    )
    after = play(play(state, "push", PUSH_RED_DOWN_2), "score")
    assert tops(after, 1) == ["F10 white", "F11 black", "F03 black", None]
    assert {"figure.pass", "figure.place"} <= set(rules_of(after))
    assert after.to_act == 1


def test_figure_pass_two_the_passer_chooses_the_side():
    state = table(stages={0: RED_COLUMN}, spaces={0: ["F06 black", "F03 black"], 1: ["F10 white"]})
    after = play(play(state, "push", PUSH_RED_DOWN_2), "score")
    assert after.step == "pass" and after.to_act == 0
    assert {a.label for a in after.legal_actions()} == {
        "P1: pass F03 to P2 black side up",
        "P1: pass F03 to P2 white side up",
    }
    passed = after.apply("P1: pass F03 to P2 white side up")
    assert tops(passed, 1) == ["F10 white", "F03 white", None, None]
    assert "figure.pass-two" in rules_of(passed)


def test_figure_place_on_the_first_empty_space():
    state = table(
        players=3,
        stages={0: RED_COLUMN},
        spaces={0: ["F06 black", "F03 black"], 1: ["", "F11 black", "", "F12 white"]},
    )
    after = play(play(state, "push", PUSH_RED_DOWN_2), "score")
    assert tops(after, 1) == ["F03 black", "F11 black", None, "F12 white"]
    assert "turned 0°" in str(after.events[-2]) or "turned 0°" in " ".join(map(str, after.events))


def test_figure_cover_when_no_space_is_empty_the_receiver_chooses():
    state = table(
        players=3,
        stages={0: RED_COLUMN},
        spaces={
            0: ["F06 black", "F03 black"],
            1: ["F10 white", "F11 black", "F12 black", "F13 white"],
        },
    )
    after = play(play(state, "push", PUSH_RED_DOWN_2), "score")
    assert after.step == "cover" and after.to_act == 1
    assert [a.key for a in after.legal_actions()] == [Cover(1, space) for space in range(4)]
    covered = after.apply("P2: place F03 black over F12 black on Figure space 3")
    assert tops(covered, 1) == ["F10 white", "F11 black", "F03 black", "F13 white"]
    assert covered.to_dict()["seats"][1]["spaces"][2]["under_seen"] == ["F12 black"]
    assert "figure.cover" in rules_of(covered) and covered.to_act == 1  # P2's own turn now


def test_figure_reveal_the_tile_beneath():
    state = table(
        players=3, stages={0: RED_COLUMN}, spaces={0: ["F06 black", ["F14 white", "F03 black"]]}
    )
    assert "F14" not in json.dumps(state.to_dict())
    after = play(play(state, "push", PUSH_RED_DOWN_2), "score")
    assert tops(after, 0)[1] == "F14 white"
    assert "figure.reveal" in rules_of(after)


# --- 5. end of the game --------------------------------------------------------------------------


def test_end_supply_the_last_token_triggers_the_end():
    state = table(
        players=3, stages={0: RED_COLUMN}, spaces={0: ["F06 black", "F03 black"]}, supply=1
    )
    after = play(play(state, "push", PUSH_RED_DOWN_2), "score")
    assert after.trigger == "supply" and "end.supply" in rules_of(after)
    assert "end.final-turns" in rules_of(after)


def test_end_no_figures_passing_your_last_tile_triggers_the_end():
    state = table(players=3, stages={0: RED_COLUMN}, spaces={0: ["", "F03 black"]})
    after = play(play(state, "push", PUSH_RED_DOWN_2), "score")
    assert after.trigger == "no-figures" and "end.no-figures" in rules_of(after)


def test_end_ten_tokens_trigger_the_end():
    state = table(
        players=3,
        stages={0: RED_COLUMN},
        spaces={0: ["F06 black", "F03 black"]},
        tokens={0: [1, 2, 4, 5, 6, 8, 9, 10, 11]},
    )
    after = play(play(state, "push", PUSH_RED_DOWN_2), "score")
    assert after.tokens(0) == 10
    assert after.trigger == "ten-tokens" and "end.ten-tokens" in rules_of(after)


def test_end_final_turns_each_other_player_plays_once_more():
    state = table(
        players=3,
        stages={0: RED_COLUMN},
        supply=1,
        spaces={p: ["F06 black", "F03 black"] if p == 0 else ["F06 white"] for p in range(3)},
    )
    state = play(play(state, "push", PUSH_RED_DOWN_2), "score")
    assert state.to_act == 1 and not state.is_over
    state = quiet_push(state)
    assert state.to_act == 2 and not state.is_over
    state = quiet_push(state)
    assert state.is_over and "end.score" in rules_of(state)


def test_end_reserve_feeds_the_final_turns():
    state = table(
        players=3,
        stages={1: RED_COLUMN},
        supply=0,
        reserve=3,
        active=1,
        trigger="supply",
        trigger_seat=0,
        tokens={0: [1, 2, 3, 4, 5, 6, 7]},
        spaces={1: ["F06 black", "F03 black"]},
    )
    scored = play(play(state, "push", PUSH_RED_DOWN_2), "score")
    assert scored.reserve == 2 and scored.supply == 0
    assert "end.reserve" in rules_of(scored)
    empty = table(
        players=3,
        stages={1: RED_COLUMN},
        supply=0,
        reserve=0,
        active=1,
        trigger="supply",
        trigger_seat=0,
        tokens={0: list(range(1, 11)), 1: [1, 2, 4, 5, 6], 2: list(range(1, 11))},
        spaces={1: ["F06 black", "F03 black"]},
    )
    assert empty.check() == []  # all 25 tokens are on the Scoreboards
    after = play(empty, "push", PUSH_RED_DOWN_2)
    assert after.step != "score"  # no token left anywhere: nothing can be scored


def _last_final_turn(**kwargs):
    """P1 plays the last final turn (P2 triggered the end)."""
    return table(
        trigger="supply",
        trigger_seat=1,
        supply=0,
        stages={0: BOARD_A},
        spaces={0: ["F06 black"], 1: ["F06 white"]},
        **kwargs,
    )


def test_end_score_the_rulebook_example_is_19_points():
    # 6 tokens: group of 2 (+3) and a group of 3 (+5) complete; 1 umbrella waiting: 19
    state = _last_final_turn(
        tokens={0: [1, 2, 3, 4, 5, 6]}, zones={"personal 1": "R", "central": "YBGRYBG"}
    )
    assert state.score(0) == 12 + 3 + 5 - 1 == 19
    final = quiet_push(state)
    assert final.is_over and final.result.scores[0] == 19
    assert any("= 19 points" in event.text for event in final.events if event.rule == "end.score")


def test_end_score_an_empty_personal_zone_earns_two():
    state = _last_final_turn(tokens={0: [1]}, zones={"personal 1": "", "central": "YBGRYBGR"})
    assert state.score(0) == 2 + 2


def test_end_tie_fewest_waiting_umbrellas_then_shared():
    # P1: 2 tokens, group +3, empty zone +2 = 9; P2: 4 tokens, +3, 2 waiting = 9
    state = _last_final_turn(
        tokens={0: [1, 2], 1: [1, 2, 3, 4]},
        zones={"personal 1": "", "personal 2": "YB", "central": "YBGRYBGR"},
    )
    final = quiet_push(state)
    assert final.result.scores == (9, 9)
    assert final.result.winners == (0,) and final.result.rule == "end.tie"
    # the same waiting umbrellas too: a shared victory
    state = _last_final_turn(
        tokens={0: [1, 2, 5, 6], 1: [1, 2, 3, 4]},
        zones={"personal 1": "GR", "personal 2": "YB", "central": "YBGR"},
    )
    final = quiet_push(state)
    assert final.result.scores == (9, 9) and final.result.winners == (0, 1)
    assert "share the win" in final.result.reason


# --- 6. scoreboards and powers -------------------------------------------------------------------


def test_board_groups_a_full_group_earns_its_bonus():
    from umbrella_lab.games.umbrella.rules import board_bonus

    assert board_bonus(table(tokens={0: [1]}), 0) == 0
    assert board_bonus(table(tokens={0: [1, 2]}), 0) == 3
    assert board_bonus(table(tokens={0: [1, 2, 9, 10, 11, 12]}), 0) == 3 + 8
    assert board_bonus(table(tokens={0: list(range(1, 13))}), 0) == 3 + 5 + 5 + 8


def test_board_bicolour_a_spot_takes_either_colour():
    state = table(level=2, stages={0: RED_COLUMN}, spaces={0: ["F06 black", "F03 black"]})
    after = play(state, "push", PUSH_RED_DOWN_2)
    labels = [a.label for a in after.legal_actions()]
    assert any("spot 1 (yellow/red)" in label for label in labels)  # a red figure fits
    assert find(after, "score", "spot 1").rule == "board.bicolour"


def test_board_white_square_takes_any_colour_from_its_pinwheel_space():
    # level 3: white squares are spots 5 (0°), 8 (90°), 10 (180°) and 11 (270°)
    state = table(level=3, stages={0: RED_COLUMN}, spaces={0: ["F06 black", "F03 black"]})
    after = play(state, "push", PUSH_RED_DOWN_2)
    spots = sorted(a.key.spot + 1 for a in after.legal_actions())
    assert spots == [4, 6, 8]  # the red spots and the white square of the 90° space
    assert find(after, "score", "spot 8").rule == "board.white"
    error = refusal(after, Score(0, 1, 4))  # spot 5 wants a figure from the 0° space
    assert error.rule == "board.white"


def test_board_adjacency_groups_of_neighbouring_tokens():
    from umbrella_lab.games.umbrella.rules import board_bonus

    def bonus(spots, **options):
        return board_bonus(table(level=3, tokens={0: spots}, **options), 0)

    assert bonus([1]) == 0
    assert bonus([1, 2]) == 3
    assert bonus([1, 2, 3]) == 5
    assert bonus([1, 2, 3, 4]) == 8
    assert bonus([1, 2, 3, 4, 8, 12]) == 8  # 4 or more: +8
    assert bonus([1, 2, 12]) == 3 + 0
    assert bonus([1, 5, 9, 12]) == 5  # a column of three; spot 12 alone


def test_board_powers_filling_both_spots_activates_a_power():
    # level 4: play again between spots 2 and 3 (blue, red)
    state = table(
        level=4, stages={0: RED_COLUMN}, spaces={0: ["F06 black", "F03 black"]}, tokens={0: [2]}
    )
    after = play(play(state, "push", PUSH_RED_DOWN_2), "score", "spot 3 (red)")
    assert "board.powers" in rules_of(after)


def test_power_again_plays_a_new_turn():
    state = table(
        players=3,
        level=4,
        stages={0: RED_COLUMN},
        spaces={0: ["F06 black", "F03 black"]},
        tokens={0: [2]},
    )
    after = play(play(state, "push", PUSH_RED_DOWN_2), "score", "spot 3 (red)")
    assert after.to_act == 0 and after.step == "push"
    assert rules_of(after).count("power.again") == 2
    again = quiet_push(after)
    assert again.to_act == 1  # only one extra turn


def test_power_swap_two_neighbours():
    # level 4: swap two neighbours between spots 6 and 7 (blue, red)
    state = table(
        level=4, stages={0: RED_COLUMN}, spaces={0: ["F06 black", "F03 black"]}, tokens={0: [6]}
    )
    after = play(play(state, "push", PUSH_RED_DOWN_2), "score", "spot 7 (red)")
    assert after.step == "swap" and kinds(after) == {"swap", "skip"}
    swapped = after.apply(
        "P1: swap the yellow umbrella at row 1, column 1 with the red umbrella at row 1, column 2"
    )
    assert after.apply(Swap(0, 1, 0)).to_dict() == swapped.to_dict()  # either order
    assert stage(swapped)[0].startswith("RY")
    assert "power.swap" in rules_of(swapped) and swapped.step == "pass"
    skipped = play(after, "skip")
    assert stage(skipped) == stage(after) and "power.swap" in rules_of(skipped)


def test_power_swap_zone_with_an_umbrella_of_a_zone():
    # level 4: swap with a zone between spots 10 and 11 (blue, green)
    state = table(
        level=4,
        stages={0: "YGGB/BGYG/GGBY/BRYR"},
        tokens={0: [10]},
        spaces={0: ["F06 black", "F03 black"]},
    )
    after = play(state, "push", "green umbrella from the central zone (north) down column 2")
    after = play(after, "score", "spot 11 (green)")
    assert after.step == "swap-zone"
    swapped = after.apply(
        "P1: swap a red umbrella of side zone 1 (west) with the yellow umbrella at row 1, column 1"
    )
    assert stage(swapped)[0][0] == "R" and zone(swapped, "side zone 1") == "BGYY"
    assert "power.swap-zone" in rules_of(swapped)
    assert not swapped.check()


# --- 7. solo -------------------------------------------------------------------------------------


def test_solo_setup_twenty_random_umbrellas_on_four_zones():
    state = ul.load("umbrella", players=1).new(seed=4)
    assert [sum(zone) for zone in state.zones] == [5, 5, 5, 5]
    assert [sum(zone[c] for zone in state.zones) for c in range(4)] == [5, 5, 5, 5]
    other = ul.load("umbrella", players=1).new(seed=5)
    assert other.zones != state.zones
    assert "solo.setup" in rules_of(state)
    assert [state.zone_name(z) for z in state.around[0]] == [
        "top zone",
        "right zone",
        "personal zone",
        "left zone",
    ]


def test_solo_figures_two_stacks_of_three_black_side_up():
    state = ul.load("umbrella", players=1).new(seed=4)
    assert [len(stack) for stack in state.spaces[0]] == [3, 3, 0, 0]
    assert all(code & 1 == 0 for stack in state.spaces[0] for code in stack)
    assert "solo.figures" in rules_of(state)


def test_solo_tokens_six():
    state = ul.load("umbrella", players=1).new(seed=4)
    assert state.supply == 6 and "solo.tokens" in rules_of(state)


def test_solo_discard_the_pushed_out_umbrella():
    state = table(players=1, stages={0: BOARD_A}, spaces={0: ["F06 black"]})
    after = play(state, "push", "from the left zone (west) right along row 2")
    assert sum(after.discard) == 1 and after.discard[2] == 1  # the green one
    assert sum(map(sum, after.zones)) == 19
    assert "solo.discard" in rules_of(after) and not after.check()


def test_solo_flip_a_black_tile_turns_white_onto_the_first_empty_space():
    state = table(
        players=1,
        stages={0: RED_COLUMN},
        spaces={0: ["F06 black", "F03 black"]},
        zones={"top": "RRRRR"},
    )
    after = play(play(state, "push", SOLO_PUSH_RED_DOWN_2), "score")
    # its own space is empty now, and the first empty one
    assert tops(after, 0) == ["F06 black", "F03 white", None, None]
    assert "solo.flip" in rules_of(after) and after.step == "push"
    full = table(
        players=1,
        stages={0: RED_COLUMN},
        zones={"top": "RRRRR"},
        spaces={0: ["F06 black", ["F09 black", "F03 black"], "F07 black", "F08 black"]},
    )
    after = play(play(full, "push", SOLO_PUSH_RED_DOWN_2), "score")
    assert after.step == "cover" and after.to_act == 0
    covered = play(after, "cover", "over F08 black on Figure space 4")
    assert tops(covered, 0) == ["F06 black", "F09 black", "F07 black", "F03 white"]
    assert "solo.flip" in rules_of(covered)


def test_solo_flip_a_white_tile_is_discarded():
    # F05 white on space 1 (0°) is "...#/...#/.###/....": a hook of five
    state = table(
        players=1,
        stages={0: "YBGR/BYGR/GRRB/RGBY"},
        spaces={0: ["F05 white", "F06 black"]},
        zones={"top": "RRRRR"},
    )
    after = play(state, "push", "red umbrella from the top zone (north) down column 4")
    after = play(after, "score")
    assert [code >> 1 for code in after.tile_discard] == [4] and tops(after, 0)[0] is None
    assert "discarded" in " ".join(e.text for e in after.events if e.rule == "solo.flip")
    assert not after.check()


def test_solo_end_the_last_token_ends_the_game_with_the_leftover_bonus():
    state = table(
        players=1,
        stages={0: RED_COLUMN},
        spaces={0: ["F06 black", "F03 black"]},
        supply=1,
        reserve=19,
        tokens={0: [1, 2, 4, 5, 6]},
        zones={"top": "RRRRR", "left": "YY", "right": "", "personal": "B"},
    )
    final = play(play(state, "push", SOLO_PUSH_RED_DOWN_2), "score")
    assert final.is_over and "solo.end" in rules_of(final)
    # 6 tokens (12) + two full groups (+3, +5) + 7 umbrellas left in the zones: 27
    assert final.result.scores == (12 + 3 + 5 + 7,)
    assert "solo.score" in rules_of(final)


def test_solo_end_when_no_figure_can_be_made_any_more():
    state = table(
        players=1,
        stages={0: BOARD_A},
        spaces={0: ["F06 black"]},
        zones={"top": "Y", "left": "", "right": "", "personal": ""},
    )
    final = play(state, "push", "yellow umbrella from the top zone (north) down column 2")
    assert final.is_over and "no figure can be made" in final.result.reason
    assert final.result.scores == (0,)  # no leftover bonus without the last token


def test_solo_score_without_the_last_token_no_leftover_bonus():
    state = table(players=1, tokens={0: [1, 2]}, zones={"top": "YYY"})
    assert state.score(0) == 4 + 3


@pytest.mark.parametrize(
    ("points", "words"),
    [
        (0, "try again!"),
        (14, "try again!"),
        (15, "it's a start."),
        (18, "it's a start."),
        (19, "not bad!"),
        (23, "not bad!"),
        (24, "well done!"),
        (26, "well done!"),
        (27, "impressive!"),
        (30, "impressive!"),
        (31, "good game!"),
        (40, "good game!"),
    ],
)
def test_solo_achievement_board(points, words):
    state = ul.load("umbrella", players=1).new(seed=0)
    assert state.achievement(points) == words


def test_solo_achievement_in_the_result_and_summary():
    final = play_out(ul.load("umbrella", players=1).deal(3), greedy, random.Random(3))
    assert final.result.rule == "solo.achievement"
    assert final.summary()["achievement"] == final.achievement(final.result.scores[0])
    assert final.result.won == (final.result.scores[0] >= 15)


def test_solo_again_keeps_the_pushed_out_umbrella():
    state = table(
        players=1,
        level=4,
        stages={0: RED_COLUMN},
        tokens={0: [2]},
        spaces={0: ["F06 black", "F03 black"]},
        zones={"top": "RRRRR"},
    )
    after = play(play(state, "push", SOLO_PUSH_RED_DOWN_2), "score", "spot 3 (red)")
    assert after.step == "keep" and len(after.legal_actions()) == 4
    kept = play(after, "keep", "on the left zone (west)")
    assert sum(kept.discard) == 0 and kept.zones[0][2] == after.zones[0][2] + 1  # a green one
    assert "solo.again" in rules_of(kept) and not kept.check()


# --- 8. interpretations --------------------------------------------------------------------------


def _again_in_the_triggering_turn(**options):
    """P1 scores the last token of the supply on the spot that earns "play again"."""
    state = table(
        players=3,
        level=4,
        stages={0: RED_COLUMN},
        spaces={0: ["F06 black", "F03 black"]},
        tokens={0: [2]},
        supply=1,
        **options,
    )
    return play(play(state, "push", PUSH_RED_DOWN_2), "score", "spot 3 (red)")


def test_opt_final_again_true_plays_again_after_the_trigger():
    after = _again_in_the_triggering_turn()
    assert after.trigger == "supply" and after.to_act == 0 and after.step == "push"
    assert "end.final-turns" in rules_of(after) and "power.again" in rules_of(after)


def test_opt_final_again_false_loses_the_extra_turn_once_the_end_is_triggered():
    after = _again_in_the_triggering_turn(final_again=False)
    assert after.trigger == "supply" and after.to_act == 1
    assert "opt.final_again" in rules_of(after)
    assert "P1 does not play again" in str(after.events)


def _zone_power(**options):
    state = table(
        level=4,
        stages={0: "YGGB/BGYG/GGBY/BRYR"},
        tokens={0: [10]},
        spaces={0: ["F06 black", "F03 black"]},
        **options,
    )
    after = play(state, "push", "green umbrella from the central zone (north) down column 2")
    return play(after, "score", "spot 11 (green)")


def test_opt_swap_zone_around_keeps_to_the_four_zones_around_the_stage():
    after = _zone_power(swap_zone="around")
    assert after.step == "swap-zone" and "swap-far-zone" not in kinds(after)
    error = refusal(after, SwapFarZone(0, 4, 0, 0))  # a yellow umbrella of P2's personal zone
    assert error.rule == "opt.swap_zone"


def test_opt_swap_zone_any_may_use_a_zone_away_from_the_stage():
    after = _zone_power()  # swap_zone="any", the default: "from a Waiting Zone"
    assert {"swap-zone", "swap-far-zone", "skip"} <= kinds(after)
    swapped = after.apply(
        "P1: swap a red umbrella of P2's personal zone with the yellow umbrella at row 1, column 1"
    )
    assert stage(swapped)[0][0] == "R" and zone(swapped, "P2's personal zone") == "BGYY"
    assert "power.swap-zone" in rules_of(swapped) and not swapped.check()


def test_opt_white_squares_any_takes_a_colour_that_is_gone():
    # level 3: the red spots are 4 and 6; the white square of the 90° space is spot 8
    state = table(
        level=3, stages={0: RED_COLUMN}, spaces={0: ["F06 black", "F03 black"]}, tokens={0: [4, 6]}
    )
    after = play(state, "push", PUSH_RED_DOWN_2)
    assert sorted(a.key.spot + 1 for a in after.legal_actions()) == [8]
    assert find(after, "score", "spot 8").rule == "board.white"


def test_opt_white_squares_visible_refuses_a_colour_that_is_gone():
    state = table(
        level=3,
        stages={0: RED_COLUMN},
        spaces={0: ["F06 black", "F03 black"]},
        tokens={0: [4, 6]},
        white_squares="visible",
    )
    after = play(state, "push", PUSH_RED_DOWN_2)
    assert after.to_act == 1 and "score" not in kinds(after)  # the red figure scores nothing
    assert after.tokens(0) == 2


@pytest.mark.parametrize("threshold", [15, 31])
def test_opt_solo_win_sets_the_score_that_counts_as_won(threshold):
    game = ul.load("umbrella", players=1, solo_win=threshold)
    for seed in range(3):
        final = play_out(game.deal(seed), greedy, random.Random(seed))
        assert final.result.rule == "solo.achievement"
        assert final.result.won == (final.result.scores[0] >= threshold)


def test_opt_match_mode_in_place_needs_the_very_spaces_of_the_tile():
    # in place, F03 black on space 2 (90°) is column 4 exactly; column 2 does not count
    state = table(
        stages={0: RED_COLUMN}, spaces={0: ["F06 black", "F03 black"]}, match_mode="in-place"
    )
    after = play(state, "push", PUSH_RED_DOWN_2)
    assert after.step == "push" and after.to_act == 1
    assert ul.load("umbrella").options["match_mode"] == "anywhere"
    state = table(
        stages={0: "YBGR/BYRR/GRYR/RGBG"},
        spaces={0: ["F06 black", "F03 black"]},
        match_mode="in-place",
    )
    after = play(state, "push", "red umbrella from the central zone (north) down column 4")
    assert after.step == "score"


def test_opt_adjacency_diagonal_neighbours():
    from umbrella_lab.games.umbrella.rules import board_bonus

    orthogonal = table(level=3, tokens={0: [1, 6]})
    diagonal = table(level=3, tokens={0: [1, 6]}, adjacency="diagonal")
    assert board_bonus(orthogonal, 0) == 0 and board_bonus(diagonal, 0) == 3


def test_opt_level4_groups_can_be_switched_off():
    from umbrella_lab.games.umbrella.rules import board_bonus

    assert board_bonus(table(level=4, tokens={0: [1, 2]}), 0) == 3
    assert board_bonus(table(level=4, tokens={0: [1, 2]}, level4_groups=False), 0) == 0


def test_opt_scoring_may_lets_a_player_decline():
    state = table(stages={0: RED_COLUMN}, spaces={0: ["F06 black", "F03 black"]}, scoring="may")
    after = play(state, "push", PUSH_RED_DOWN_2)
    declined = play(after, "decline")
    assert declined.to_act == 1 and declined.filled[0] == 0
    assert "opt.scoring" in rules_of(declined)
    must = play(
        table(stages={0: RED_COLUMN}, spaces={0: ["F06 black", "F03 black"]}),
        "push",
        PUSH_RED_DOWN_2,
    )
    assert "decline" not in kinds(must)
    assert refusal(must, Decline(0)).rule == "opt.scoring"


def test_opt_solo_end_concede():
    state = table(players=1, solo_end="concede")
    assert "stop" in kinds(state)
    final = play(state, "stop")
    assert final.is_over and "opt.solo_end" in rules_of(final)
    assert "stop" not in kinds(table(players=1))


# --- conservation, whole games and rule ids ------------------------------------------------------


def test_check_finds_a_lost_umbrella_a_lost_token_and_a_lost_tile():
    state = ul.load("umbrella", players=4).new(seed=1)
    assert state.check() == []
    broken = state._clone()
    broken.zones[0][0] -= 1
    assert any("yellow umbrellas" in problem for problem in broken.check())
    broken = state._clone()
    broken.supply -= 1
    assert any("scoring tokens" in problem for problem in broken.check())
    broken = state._clone()
    broken.spaces[0][0].pop()
    assert any("Figure tiles" in problem for problem in broken.check())


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("policy", sorted(POLICIES))
def test_umbrellas_tokens_and_tiles_are_conserved_in_whole_games(players, policy):
    for seed in range(3):
        state = ul.load("umbrella", players=players, level=1 + seed).new(seed)
        rng = random.Random(seed)
        while not state.is_over:
            state = state.apply(POLICIES[policy](state, rng))
            assert state.check() == []


def test_summary_row():
    final = play_out(ul.load("umbrella", players=3).deal(2), greedy, random.Random(2))
    row = final.summary()
    assert row["scores"] == list(final.result.scores)
    assert len(row["tokens"]) == 3 and row["turns"] == sum(final.turns)
    assert row["end_trigger"] in ("supply", "no-figures", "ten-tokens")
    assert row["winner"] in (-1, *final.result.winners)


def _digest_ids() -> set[str]:
    return set(ul.load("umbrella").rules)


def test_every_event_and_action_of_whole_games_names_a_digest_rule():
    ids = _digest_ids()
    seen: set[str] = set()
    for players, level in ((1, 4), (2, 2), (3, 3), (4, 4)):
        state = ul.load("umbrella", players=players, level=level).new(seed=players)
        seen |= set(rules_of(state))
        rng = random.Random(players)
        while not state.is_over:
            seen |= {action.rule for action in state.legal_actions()}
            state = state.apply(greedy(state, rng))
            seen |= set(rules_of(state))
    assert seen - ids == set()
    assert {"turn.push", "figure.token", "end.score", "solo.achievement"} <= seen


# --- the move units: named fields, ids by name, older ids, refusals ------------------------------


def _positions(count: int):
    """Positions met in whole games: every player count, every level, both policies."""
    return [state for seed in range(count) for state in _game(seed)]


def _game(seed: int) -> list:
    """The positions of game ``seed``: its player count, level and policy follow the seed."""
    found = []
    players, level = 1 + seed % 4, 1 + seed // 4 % 4
    swap_zone = "any" if seed % 3 == 0 else "around"
    state = ul.load(
        "umbrella", players=players, level=level, scoring="may", swap_zone=swap_zone
    ).new(seed)
    policy = POLICIES[sorted(POLICIES)[seed % 2]]
    rng = random.Random(seed)
    while not state.is_over:
        found.append(state)
        state = state.apply(policy(state, rng))
    return found


@functools.cache
def positions() -> list:
    """Positions of 40 whole games, played once when a test first asks (not at collection)."""
    return _positions(40)


def test_positions_meet_every_move_kind():
    met = {action.kind for state in positions() for action in state.legal_actions()}
    # and a solo game whose figure earns play again: the kept umbrella [solo.again]
    met |= {action.kind for state in _game(92) for action in state.legal_actions()}
    assert met >= {kind.kind for kind in MOVES} - {"push-any", "stop"}


def test_moves_are_small_named_values():
    assert Push(0, WEST, 3, 1) == Push(0, WEST, 3, 1) != Swap(0, 3, 1)
    assert Push(0, WEST, 3, 1).colour == 3 and Push.fields == ("seat", "side", "colour", "line")
    assert repr(Skip(0, "swap-zone")) == "Skip(seat=0, power='swap-zone')"
    assert [kind.kind for kind in MOVES] == [
        "push",
        "push-any",
        "stop",
        "score",
        "decline",
        "pass",
        "cover",
        "swap",
        "swap-zone",
        "swap-far-zone",
        "skip",
        "keep",
    ]


def test_the_explorer_groups_every_kind_with_its_siblings():
    from umbrella_lab.games.umbrella.board import BOARD as VIEW

    grouped = {kind for kinds in VIEW.groups.values() for kind in kinds}
    assert grouped == {kind.kind for kind in MOVES}  # none under a heading of its own
    assert VIEW.group_of("swap-far-zone") == VIEW.group_of("swap-zone") == "Power"


def test_ids_name_sides_colours_tile_sides_spots_and_powers():
    state = table(stages={0: RED_COLUMN}, spaces={0: ["F06 black", "F03 black"]})
    assert state.action(Push(0, WEST, 3, 1)).id == "push/0/west/red/1"
    after = play(state, "push", PUSH_RED_DOWN_2)
    assert [a.id for a in after.legal_actions()] == [
        "score/0/1/level-1-03",
        "score/0/1/level-1-07",
        "score/0/1/level-1-12",
    ]
    after = play(after, "score", "spot 7")
    assert [a.id for a in after.legal_actions()] == ["pass/0/black", "pass/0/white"]
    assert after.parse_action("pass/0/white").key == Pass(0, WHITE)


def test_every_id_of_whole_games_reads_back_as_its_move():
    for state in positions()[::7]:
        actions = state.legal_actions()
        for action in actions[:: max(1, len(actions) // 8)]:
            assert state.parse_action(action.id).key == action.key, action.id


def old_key(move) -> tuple:
    """The key a move had in the older numeric format ``(kind, seat, a, b)``."""
    kind = move.kind
    if kind == "push":
        return (kind, move.seat, move.side * 4 + move.colour, move.line)
    if kind == "push-any":
        return (kind, move.seat, move.zone * 4 + move.colour, move.side * 4 + move.line)
    if kind in ("score", "swap"):
        return (kind, *move[1:])
    if kind in ("pass", "cover", "keep"):
        return (kind, move.seat, move[2], -1)
    if kind == "swap-zone":
        return (kind, move.seat, move.side * 4 + move.colour, move.cell)
    if kind == "skip":
        return (kind, move.seat, 1 if move.power == "swap-adjacent" else 2, -1)
    return (kind, move.seat, -1, -1)  # decline, stop


def test_legacy_old_ids_read_as_the_same_moves():
    seen = set()
    for state in positions()[::3]:
        parsed = set()
        for action in state.legal_actions():
            if action.kind == "swap-far-zone":  # newer than the numeric format
                continue
            old = old_key(action.key)
            assert read_old_key(state, old) == action.key, old
            if action.kind not in parsed:  # through the public face: one move of each kind
                parsed.add(action.kind)
                text = "/".join(str(part) for part in old)
                assert state.parse_action(text) == action, text
                assert state.parse_action(old) == action, old
        seen |= parsed
    assert seen >= {"push", "score", "pass", "cover", "swap", "swap-zone", "skip", "decline"}
    solo = table(players=1, solo_end="concede")
    assert read_old_key(solo, ("stop", 0, -1, -1)) == Stop(0)
    assert solo.parse_action("stop/0/-1/-1").key == Stop(0)
    assert read_old_key(solo, ("keep", 0, 3, -1)) == Keep(0, WEST)
    assert read_old_key(solo, ("push-any", 0, 4 * 4 + 3, 1 * 4 + 2)) == PushAny(0, 4, 3, EAST, 2)
    assert read_old_key(solo, ("skip", 0, 7, -1)) is None
    assert read_old_key(solo, ("jump", 0, 0, 0)) is None
    assert read_old_key(solo, ("push", 0, 0)) is None


def _refused_examples(state):
    """For each move kind, a few moves of it that are not legal in ``state``."""
    n = state.players
    legal = set(state.legal_moves())
    examples = {
        Push: [
            Push(p, side, colour, line)
            for p in (0, n)
            for side in (0, 3, 4)
            for colour in (0, 2)
            for line in (1, 4)
        ],
        PushAny: [PushAny(0, zone, 1, NORTH, 0) for zone in (0, 99)],
        Stop: [Stop(0), Stop(1)],
        Score: [Score(0, space, spot) for space in (0, 1, 5) for spot in (0, 2, 40)],
        Decline: [Decline(0), Decline(1)],
        Pass: [Pass(0, BLACK), Pass(1, 7)],
        Cover: [Cover(0, 1), Cover(1, 5)],
        Swap: [Swap(0, 0, 1), Swap(0, 0, 5), Swap(0, 5, 6)],
        SwapZone: [SwapZone(0, side, 2, 5) for side in (0, 7)],
        SwapFarZone: [SwapFarZone(0, zone, 2, 5) for zone in (0, 99)],
        Skip: [Skip(0, "swap-adjacent"), Skip(0, "swap-zone")],
        Keep: [Keep(0, EAST), Keep(1, WEST)],
    }
    assert set(examples) == set(MOVES)
    return {kind: [m for m in moves if m not in legal] for kind, moves in examples.items()}


def test_every_move_kind_refuses_with_a_reason_and_a_digest_rule():
    ids = _digest_ids()
    refused = dict.fromkeys(MOVES, 0)
    for state in [*positions()[::11], table(players=1, solo_end="concede")]:
        for kind, moves in _refused_examples(state).items():
            for move in moves:
                reason, rule = move.why_not(state)
                assert reason and rule in ids, (move, reason, rule)
                with pytest.raises(IllegalActionError) as info:
                    state.apply(move)
                assert info.value.rule == rule
                refused[kind] += 1
    assert all(refused.values()), refused
