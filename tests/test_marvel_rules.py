"""Rule scenarios of Marvel United: one test (at least) per rule id of ``games/marvel/digest.md``.

Each test sets a table up (``scenario.position``, through ``table`` below), acts through the
public face (``state.apply(label or id)``) and checks the outcome and the rule ids of the
events. The named cases of the issue are here too: a move of 0 triggering the threat, token
order and Overflow per villain, Elite Thugs needing both hits in one turn, a KO in the middle of
a BAM chain, playing the last card, the previous card across a Master Plan card, Under Pressure
switching at once, mission overflow tokens, the villain only damageable after two missions, and
each loss.
"""

from __future__ import annotations

import random

import pytest
from helpers import labels, rules_of

import umbrella_lab as ul
from umbrella_lab.engine.errors import IllegalActionError
from umbrella_lab.games.marvel import rules
from umbrella_lab.games.marvel.policies import greedy
from umbrella_lab.games.marvel.scenario import position

PLACES = ("times-square", "central-park", "stark-labs", "nypd-hq", "avengers-tower", "helicarrier")
OTHER = ("avengers-mansion", "shield-hq", "stark-labs", "nypd-hq", "central-park", "times-square")
TS, CP, SL, NY, AT, HC = range(6)


def table(
    heroes=("hulk", "wasp"),
    places=PLACES,
    threats=None,
    thugs=None,
    civilians=None,
    at=None,
    villain_at=None,
    **kw,
):
    """A quiet table: no threats, no tokens, the heroes at the first location, the villain at
    the fourth, unless told otherwise."""
    quiet = dict.fromkeys(places, "")
    quiet.update(threats or {})
    t = dict.fromkeys(places, 0)
    t.update(thugs or {})
    c = dict.fromkeys(places, 0)
    c.update(civilians or {})
    where = dict.fromkeys(heroes, places[0])
    where.update(at or {})
    s = position(
        heroes=heroes,
        places=places,
        threats=quiet,
        thugs=t,
        civilians=c,
        villain_at=villain_at or places[3],
        hero_at=where,
        **kw,
    )
    s.crisis, s.shield, s.ko = [0] * len(s.heroes), [False] * len(s.heroes), [False] * len(s.heroes)
    s.crisis_at, s.wounded, s.primed = [0] * 6, [0] * 6, [0] * 6
    s.tokens = [[0, 0, 0, 0] for _ in s.tokens]
    s.track, s.since_plan = 0, 0
    return s


def all_rules(states):
    return [rule for s in states for rule in rules_of(s)]


def ids(s):
    return [a.id for a in s.legal_actions()]


def villain_acts(s, plan, card=None):
    """The first hero plays (a card, or its first) and ends the turn: a Master Plan card comes."""
    s.plan_deck.append(next(n for n, p in enumerate(s.cards.plans) if p.id == plan))
    s.storyline = [e for e in s.storyline if e != rules.PLAN + s.plan_deck[-1]]
    s.since_plan = 2
    seat = s.turn
    card = card or rules.card_id(s, s.hands[seat][0])
    s = s.apply(f"play/{seat}/{card}")
    return s.apply(f"done/{seat}")


def lose_all(s):
    """Answer every damage choice with the first card (for tests about other things)."""
    events = list(s.events)
    while s.ask is not None and s.ask[0] in ("lose", "damage-order"):
        s = s.apply(s.legal_actions()[0])
        events += s.events
    s.events = events
    return s


# --- 1. Aim and a whole game --------------------------------------------------------------------


def test_aim_whole_games_end_with_every_villain():
    for villain in ("red-skull", "ultron", "taskmaster"):
        for players in (1, 2, 3, 4):
            state = ul.load("marvel", players=players, villain=villain).new(seed=players)
            rng = random.Random(players)
            while not state.is_over:
                state = state.apply(greedy(state, rng))
            assert state.result.rule in {
                "end.win",
                "end.plot",
                "end.plan-empty",
                "end.no-cards",
                "end.solo-ko",
            }
            assert state.check() == []


# --- 2. Setup -----------------------------------------------------------------------------------


def test_setup_missions_three_missions_9_9_4():
    state = ul.load("marvel", players=2).new(seed=3)
    assert [(m.id, m.size) for m in state.cards.missions] == [
        ("rescue-civilians", 9),
        ("defeat-thugs", 9),
        ("clear-threats", 4),
    ]
    assert state.progress == [0, 0, 0] and "setup.missions" in rules_of(state)


@pytest.mark.parametrize("villain", ["red-skull", "ultron", "taskmaster"])
def test_setup_villain_is_the_option(villain):
    state = ul.load("marvel", players=2, villain=villain).new(seed=1)
    assert state.villain.id == villain and "setup.health" in rules_of(state)
    assert {state.plan(n).villain for n in state.plan_deck} == {villain}


@pytest.mark.parametrize(
    ("villain", "players", "health"),
    [
        ("red-skull", 4, 11),
        ("red-skull", 2, 4),
        ("ultron", 3, 8),
        ("taskmaster", 4, 6),
        ("taskmaster", 1, 4),
        ("red-skull", 1, 8),
    ],
)
def test_setup_health_by_hero_count(villain, players, health):
    state = ul.load("marvel", players=players, villain=villain).new(seed=5)
    assert state.health == health


def test_setup_locations_six_of_eight_with_their_tokens():
    state = ul.load("marvel", players=2).new(seed=11)
    assert len(set(state.places)) == 6
    assert "setup.locations" in rules_of(state)
    again = ul.load("marvel", players=2).deal(11)
    assert again.places == state.places


def test_setup_threats_one_per_location_with_henchman_health():
    state = ul.load("marvel", players=3, villain="red-skull").new(seed=2)
    threats = [state.cards.threats[n] for n in ul.load("marvel", players=3).new(2).threats]
    assert sorted(t.id for t in threats) == sorted(
        t.id for t in state.cards.threats if t.villain == "red-skull"
    )
    crossbones = next(t for t in state.cards.threats if t.id == "crossbones")
    assert crossbones.health == 6 and "setup.threats" in rules_of(state)


def test_setup_plan_deck_shuffled_villain_placed_heroes_opposite():
    state = ul.load("marvel", players=2).deal(8)
    assert len(state.plan_deck) == 11 and state.storyline[0] >= rules.PLAN
    first = state.plan(state.storyline[0] - rules.PLAN)
    start = (state.villain_at - first.move) % 6
    assert all(at == (start + 3) % 6 for at in state.hero_at)
    assert "setup.plan" in rules_of(ul.load("marvel", players=2).new(8))


def test_setup_heroes_chosen_or_dealt_from_the_seed():
    state = ul.load("marvel", players=3, heroes=("wasp", "hulk", "ant-man")).new(seed=1)
    assert state.heroes == ("wasp", "hulk", "ant-man") and "setup.heroes" in rules_of(state)
    dealt = ul.load("marvel", players=4).new(seed=9)
    assert (
        len(set(dealt.heroes)) == 4 and dealt.heroes == ul.load("marvel", players=4).new(9).heroes
    )


def test_setup_hands_three_cards_each():
    state = ul.load("marvel", players=4).deal(4)
    lost = sum(9 - len(d) for d in state.decks)  # a first-turn BAM may have put cards back
    assert sum(len(h) for h in state.hands) + sum(len(d) for d in state.decks) == 48
    assert lost >= 0 and "setup.hands" in rules_of(ul.load("marvel", players=4).new(4))


def test_setup_challenge_removes_marked_cards():
    state = ul.load("marvel", players=2, challenge="heroic", heroes=("hulk", "wasp")).new(1)
    assert state.total == 20 and "setup.challenge" in rules_of(state)


# --- 3. The villain turn ------------------------------------------------------------------------


def test_villain_turn_draws_the_top_card_onto_the_storyline():
    s = table(plan_deck=["red-skull-06"])
    after = villain_acts(s, "red-skull-03")
    assert after.storyline[-1] == rules.PLAN + 2 and after.since_plan == 0
    assert "villain.turn" in rules_of(after) and "turn.cadence" in rules_of(after)


def test_villain_move_clockwise_by_the_card():
    s = table(plan_deck=["red-skull-01"])
    after = villain_acts(s, "red-skull-07")  # move 4 from nypd-hq (3) to central-park (1)
    assert after.villain_at == CP and "villain.move" in rules_of(after)


def test_villain_arrive_a_move_of_zero_triggers_the_threat():
    s = table(villain="ultron", threats={"nypd-hq": "duplication-1"}, plan_deck=["ultron-02"])
    after = villain_acts(s, "ultron-01")  # move 0, BAM (3 thugs) at nypd-hq
    assert after.villain_at == NY
    assert "villain.arrive" in rules_of(after) and "threat.duplication" in rules_of(after)
    assert after.thugs[NY] == 4  # 1 from Duplication, then 3 from the BAM (4 slots)


def test_villain_bam_dashboard_then_threats():
    s = table(threats={"times-square": "crossbones"}, plan_deck=["red-skull-02"])
    after = villain_acts(s, "red-skull-01")
    assert after.track == 2
    names = rules_of(after)
    assert (
        names.index("villain.bam")
        < names.index("dash.red-skull")
        < names.index("villain.threat-bam")
    )
    assert after.ask[0] == "cancel"


def test_villain_threat_bam_clockwise_from_the_villain():
    s = table(
        villain="ultron",
        threats={"times-square": "ultron-clone-1", "stark-labs": "ultron-clone-2"},
        at={"hulk": "central-park", "wasp": "central-park"},
        plan_deck=["ultron-02"],
        bam_order="clockwise",
    )
    after = villain_acts(s, "ultron-01")  # Ultron stays at nypd-hq (3): order 3,4,5,0,1,2
    texts = [e.text for e in after.events if e.rule == "villain.threat-bam"]
    assert texts[0].endswith("Times Square: BAM!") and texts[1].endswith("Stark Labs: BAM!")
    assert after.thugs[TS] == 1 and after.thugs[SL] == 1


def test_villain_tokens_clockwise_thugs_before_civilians():
    s = table(plan_deck=["red-skull-01"])
    after = villain_acts(s, "red-skull-08")  # move 5: nypd-hq -> stark-labs (2)
    assert after.villain_at == SL
    placed = [e.text for e in after.events if e.rule == "villain.tokens"]
    assert placed == [
        "1 Thug and 1 Civilian at Central Park.",
        "2 Thugs and 2 Civilians at Stark Labs.",
        "1 Thug and 1 Civilian at NYPD HQ.",
    ]


def test_villain_overflow_red_skull_fear_per_token():
    s = table(thugs={"stark-labs": 3}, civilians={"stark-labs": 1}, plan_deck=["red-skull-01"])
    s.thugs[NY], s.civilians[NY] = 3, 1  # full
    after = villain_acts(s, "red-skull-08")  # 2T2C at Stark Labs (full), 1T1C at NYPD (full)
    assert "villain.overflow" in rules_of(after) and "overflow.fear" in rules_of(after)
    assert after.track == 6


def test_overflow_fear_red_skull_full_board_m5_plus_8():
    s = table(plan_deck=["red-skull-01"])
    for where in range(6):
        s.thugs[where] = s.free(where)
    after = villain_acts(s, "red-skull-08")
    assert after.track == 8


def test_overflow_spill_ultron_tokens_go_on_clockwise():
    s = table(villain="ultron", plan_deck=["ultron-02"])
    s.thugs[NY] = 4  # full
    after = villain_acts(s, "ultron-01")  # BAM: 3 thugs at nypd-hq -> avengers-tower
    assert after.thugs[AT] == 3 and "overflow.spill" in rules_of(after)


def test_overflow_crisis_taskmaster_once_per_location():
    s = table(villain="taskmaster", plan_deck=["taskmaster-01"])
    for where in range(6):
        s.thugs[where] = s.free(where)
    after = villain_acts(s, "taskmaster-08")  # m5 T1C1 x3 on a full board
    assert after.crisis_at.count(1) == 3 and sum(after.crisis_at) == 3
    assert "overflow.crisis" in rules_of(after)


def test_opt_overflow_count_per_token():
    s = table(villain="taskmaster", plan_deck=["taskmaster-01"], overflow_count="per-token")
    for where in range(6):
        s.thugs[where] = s.free(where)
    after = villain_acts(s, "taskmaster-08")
    assert sum(after.crisis_at) == 6


def test_villain_special_last():
    s = table(villain="taskmaster", plan_deck=["taskmaster-01"])
    after = villain_acts(s, "taskmaster-11")  # Dark Schemes: nobody at nypd-hq
    assert "villain.special" in rules_of(after) and "plan.dark-schemes" in rules_of(after)
    assert after.crisis_at[NY] == 1


# --- 4. The hero turn ---------------------------------------------------------------------------


def test_turn_first_the_heroes_choose():
    # (the villain's first card is a BAM! with two Threats: clockwise, so no choice comes first)
    state = ul.load("marvel", players=2, heroes=("hulk", "wasp"), bam_order="clockwise").new(1)
    assert labels(state) == ["Hulk starts", "Wasp starts"] and state.to_act == ul.TEAM
    after = state.apply("Wasp starts")
    assert after.turn == 1 and "turn.first" in rules_of(after)


def test_turn_order_clockwise_and_refusal():
    s = table(heroes=("hulk", "wasp", "ant-man"))
    with pytest.raises(IllegalActionError, match=r"rule turn\.order"):
        s.apply(f"play/1/{rules.card_id(s, s.hands[1][0])}")
    after = s.apply(f"play/0/{rules.card_id(s, s.hands[0][0])}").apply("done/0")
    assert after.turn == 1 and after.step == "play"


def test_turn_draw_one_card_and_nothing_from_an_empty_deck():
    s = table()
    after = s.apply(f"play/0/{rules.card_id(s, s.hands[0][0])}").apply("done/0")
    assert len(after.hands[1]) == len(s.hands[1]) + 1 and "turn.draw" in rules_of(after)
    s2 = table(decks={"wasp": []})
    s2.decks[1] = []
    s2.total = (
        sum(len(h) for h in s2.hands)
        + sum(len(d) for d in s2.decks)
        + sum(1 for e in s2.storyline if e < rules.PLAN)
    )
    after = s2.apply(f"play/0/{rules.card_id(s2, s2.hands[0][0])}").apply("done/0")
    assert len(after.hands[1]) == len(s2.hands[1]) and after.step == "play"


def test_turn_play_puts_the_card_at_the_end_of_the_storyline():
    s = table(hands={"hulk": ["hulk-06", "hulk-01"]})
    after = s.apply("Hulk: play Hulk AA [hulk-06]")
    assert after.storyline[-1] == rules.card_number(s, "hulk-06")
    assert rules_of(after) == ["turn.play", "turn.symbols"] and after.step == "act"


def test_turn_symbols_previous_card_across_a_master_plan_card():
    s = table(hands={"hulk": ["hulk-09"]}, storyline=["wasp-03", "red-skull-05"])
    after = s.apply("play/0/hulk-09")
    assert after.pool == [1, 1, 1, 0]  # H + Wasp's MA, across the Master Plan card
    assert "with Wasp MA" in after.events[-1].text


def test_turn_symbols_never_the_previous_special():
    s = table(hands={"hulk": ["hulk-09"]}, storyline=["wasp-06"])  # A + Energy Projection
    after = s.apply("play/0/hulk-09")
    assert after.pool == [0, 1, 1, 0] and not after.special
    assert "special" not in {a.kind for a in after.legal_actions()}


def test_turn_move_to_an_adjacent_location():
    s = table(hands={"hulk": ["hulk-01"]})
    after = s.apply("play/0/hulk-01")
    assert sorted(ids(after)) == ["done/0", "go/0/central-park/card", "go/0/helicarrier/card"]
    moved = after.apply("Hulk: move to Central Park")
    assert moved.hero_at[0] == CP and rules_of(moved) == ["turn.move"]
    with pytest.raises(IllegalActionError, match="adjacent"):
        after.apply("go/0/nypd-hq/card")


def test_turn_attack_a_thug_then_the_mission():
    s = table(thugs={"times-square": 2}, hands={"hulk": ["hulk-06"]})
    after = s.apply("play/0/hulk-06").apply("attack/0/thug/card")
    assert after.thugs[TS] == 1 and after.progress[1] == 1
    assert rules_of(after) == ["turn.attack", "turn.attack", "mission.defeat"]


def test_turn_attack_a_henchman():
    s = table(threats={"times-square": "bob"}, hands={"hulk": ["hulk-06"]})
    after = s.apply("play/0/hulk-06").apply("Hulk: attack Bob, Agent of Hydra")
    assert after.marks[TS] == 1 and rules_of(after) == ["turn.attack", "threat.henchman"]


def test_turn_heroic_rescue_or_token_on_a_threat():
    s = table(
        civilians={"times-square": 1},
        threats={"times-square": "subversion"},
        hands={"hulk": ["hulk-09"]},
        storyline=["wasp-09"],
    )
    after = s.apply("play/0/hulk-09")
    assert {a.id for a in after.legal_actions() if a.kind == "heroic"} == {
        "heroic/0/civilian/card",
        "heroic/0/threat/card",
    }
    rescued = after.apply("Hulk: rescue a Civilian")
    assert rescued.civilians[TS] == 0 and rescued.progress[0] == 1
    assert rules_of(rescued) == ["turn.heroic", "turn.heroic", "mission.rescue"]


def test_turn_wild_pays_for_any_action_after_the_exact_symbol():
    s = table(thugs={"times-square": 2}, hands={"hulk": ["hulk-05"]}, storyline=["wasp-11"])
    after = s.apply("play/0/hulk-05")  # MA + W
    assert after.pool == [1, 1, 0, 1]
    one = after.apply("attack/0/thug/card")
    assert one.pool == [1, 0, 0, 1]
    two = one.apply("Hulk: attack a Thug (with Wild symbol)")
    assert two.pool == [1, 0, 0, 0] and two.thugs[TS] == 0


def test_turn_special_before_or_after_other_actions_once():
    s = table(hands={"ant-man": ["ant-man-10"]}, heroes=("ant-man", "wasp"))
    after = s.apply("play/0/ant-man-10")
    assert "special/0" in ids(after)
    shrunk = after.apply("special/0")
    assert shrunk.shield[0] and "special/0" not in ids(shrunk)
    assert rules_of(shrunk) == ["turn.special", "special.shrink", "special.shrink"]


def test_turn_tokens_spent_any_time_and_kept():
    s = table(thugs={"times-square": 1}, hands={"hulk": ["hulk-01"]})
    s.tokens[0] = [0, 1, 0, 0]
    after = s.apply("play/0/hulk-01")
    assert "Hulk: attack a Thug (with Attack token)" in labels(after)
    hit = after.apply("attack/0/thug/card")
    assert hit.tokens[0] == [0, 0, 0, 0] and hit.thugs[TS] == 0
    s2 = table(thugs={"times-square": 1}, hands={"hulk": ["hulk-11"]})
    s2.tokens[0] = [0, 1, 0, 0]
    both = s2.apply("play/0/hulk-11")  # a Wild symbol, and an Attack token: two ways to pay
    assert {"attack/0/thug/card", "attack/0/thug/token"} <= set(ids(both))
    kept = both.apply("attack/0/thug/card").apply("done/0")
    assert kept.tokens[0] == [0, 1, 0, 0]


def test_turn_done_unused_symbols_are_lost():
    s = table(hands={"hulk": ["hulk-06"]})
    after = s.apply("play/0/hulk-06").apply("Hulk: end the turn (2 symbols unused)")
    assert after.pool == [0, 0, 0, 0] and after.turn == 1 and "turn.done" in rules_of(after)


def test_turn_location_only_without_a_threat_and_one_a_turn():
    s = table(
        civilians={"times-square": 2},
        hands={"hulk": ["hulk-01"]},
        threats={"times-square": "subversion"},
    )
    assert "visit/0" not in ids(s.apply("play/0/hulk-01"))
    s = table(civilians={"times-square": 2}, hands={"hulk": ["hulk-01"]})
    after = s.apply("play/0/hulk-01")
    assert "visit/0" in ids(after)
    visited = after.apply("visit/0")
    assert visited.civilians[TS] == 1 and "place.rescue-here" in rules_of(visited)
    assert visited.turn == 1  # the turn is over: one location effect a turn


def test_turn_cadence_a_master_plan_card_every_three_hero_cards():
    s = table(heroes=("hulk", "wasp"))
    s.since_plan = 1
    deck = len(s.plan_deck)
    one = s.apply(f"play/0/{rules.card_id(s, s.hands[0][0])}").apply("done/0")
    assert one.since_plan == 2 and len(one.plan_deck) == deck
    two = lose_all(one.apply(f"play/1/{rules.card_id(one, one.hands[1][0])}").apply("done/1"))
    assert len(two.plan_deck) == deck - 1 and "turn.cadence" in rules_of(two)


def test_turn_pressure_switches_at_once():
    s = table(civilians={"times-square": 2}, hands={"hulk": ["hulk-09"]})
    s.progress[0] = 8
    s.since_plan = 1
    after = s.apply("play/0/hulk-09").apply("heroic/0/civilian/card")
    assert after.pressure and "turn.pressure" in rules_of(after)
    done = lose_all(after.apply("done/0"))  # 2 hero cards since the last plan card: now
    assert "turn.cadence" in rules_of(done)


def test_opt_pressure_after_plan():
    s = table(civilians={"times-square": 2}, hands={"hulk": ["hulk-09"]}, pressure="after-plan")
    s.progress[0] = 8
    s.since_plan = 1
    after = s.apply("play/0/hulk-09").apply("heroic/0/civilian/card").apply("done/0")
    assert not after.pressure and "turn.cadence" not in rules_of(after)


# --- 5. Missions --------------------------------------------------------------------------------


def test_mission_rescue_civilians_counts():
    s = table(civilians={"times-square": 1}, hands={"hulk": ["hulk-09"]})
    after = s.apply("play/0/hulk-09").apply("heroic/0/civilian/card")
    assert after.progress == [1, 0, 0] and "mission.rescue" in rules_of(after)


def test_mission_defeat_thugs_counts():
    s = table(thugs={"times-square": 1}, hands={"hulk": ["hulk-06"]})
    after = s.apply("play/0/hulk-06").apply("attack/0/thug/card")
    assert after.progress == [0, 1, 0] and "mission.defeat" in rules_of(after)


def test_mission_clear_threats_counts_the_threat_token():
    s = table(
        threats={"times-square": "subversion"}, hands={"hulk": ["hulk-09"]}, storyline=["wasp-09"]
    )
    s.marks[TS] = 1
    after = s.apply("play/0/hulk-09").apply("heroic/0/threat/card").apply("heroic/0/threat/card")
    assert after.threats[TS] == -1 and after.progress[2] == 1
    assert rules_of(after)[-2:] == ["threat.cleared", "mission.clear"]


def test_mission_discard_never_counts():
    s = table(
        villain="red-skull",
        threats={"nypd-hq": "subversion"},
        thugs={"nypd-hq": 2},
        civilians={"nypd-hq": 1},
        plan_deck=["red-skull-01"],
    )
    after = villain_acts(s, "red-skull-09")  # Hail Hydra! m0 at nypd-hq: Subversion arrives
    assert after.thugs[NY] == 0 and after.progress == [0, 0, 0]
    assert "mission.discard" in rules_of(after) and after.track == 3


def test_mission_overflow_tokens_beyond_a_complete_mission_are_discarded():
    s = table(thugs={"times-square": 2}, hands={"hulk": ["hulk-06"]})
    s.progress[1], s.done[1] = 9, True
    after = s.apply("play/0/hulk-06").apply("attack/0/thug/card")
    assert after.progress[1] == 9 and after.thugs[TS] == 1
    assert "mission.overflow" in rules_of(after)


def test_mission_complete_first_second_third():
    s = table(thugs={"times-square": 1}, hands={"hulk": ["hulk-06"]})
    s.progress[1] = 8
    after = s.apply("play/0/hulk-06").apply("attack/0/thug/card")
    assert after.done == [False, True, False] and "mission.complete" in rules_of(after)


def test_mission_vulnerable_only_after_two_missions():
    s = table(hands={"hulk": ["hulk-06"]}, villain_at="times-square")
    after = s.apply("play/0/hulk-06")
    assert "attack/0/villain/card" not in ids(after)
    with pytest.raises(IllegalActionError, match=r"only after two missions.*mission\.vulnerable"):
        after.apply("attack/0/villain/card")
    s2 = table(hands={"hulk": ["hulk-06"]}, villain_at="times-square", thugs={"times-square": 1})
    s2.progress, s2.done = [9, 8, 0], [True, False, False]
    first = s2.apply("play/0/hulk-06").apply("attack/0/thug/card")  # the second mission
    assert "mission.vulnerable" in rules_of(first)
    hit = first.apply("attack/0/villain/card")  # the same turn (FAQ)
    assert hit.health == s2.health - 1


def test_opt_vulnerable_at_next_turn():
    s = table(
        hands={"hulk": ["hulk-06", "hulk-01"]},
        villain_at="times-square",
        thugs={"times-square": 1},
        vulnerable_at="next-turn",
        at={"wasp": "nypd-hq"},
    )
    s.progress, s.done = [9, 8, 0], [True, False, False]
    first = s.apply("play/0/hulk-06").apply("attack/0/thug/card")
    assert "attack/0/villain/card" not in ids(first)
    later = first.apply("done/0")
    assert later.vulnerable and "opt.vulnerable_at" in rules_of(later)


def test_mission_third_every_hero_draws():
    s = table(thugs={"times-square": 1}, hands={"hulk": ["hulk-06"]})
    s.progress, s.done = [9, 8, 4], [True, False, True]
    hands = [len(h) for h in s.hands]
    after = s.apply("play/0/hulk-06").apply("attack/0/thug/card")
    assert [len(h) for h in after.hands] == [hands[0] - 1 + 1, hands[1] + 1]
    assert "mission.third" in rules_of(after)


# --- 6. Threats ---------------------------------------------------------------------------------


def test_threat_henchman_cleared_at_zero_health():
    s = table(threats={"times-square": "bob"}, hands={"hulk": ["hulk-06"]})
    s.marks[TS] = 3
    after = s.apply("play/0/hulk-06").apply("attack/0/henchman/card")
    assert after.threats[TS] == -1 and "threat.cleared" in rules_of(after)


def test_threat_other_cleared_by_three_heroic_tokens():
    s = table(
        threats={"times-square": "brainwashing"}, hands={"hulk": ["hulk-09"]}, storyline=["wasp-09"]
    )
    after = s.apply("play/0/hulk-09")
    one = after.apply("heroic/0/threat/card")
    assert one.marks[TS] == 1 and "threat.other" in rules_of(one)
    two = one.apply("heroic/0/threat/card")
    assert two.marks[TS] == 2 and two.threats[TS] >= 0
    with pytest.raises(IllegalActionError, match="no henchman to attack"):
        two.apply("attack/0/henchman/card")
    three = two.apply("heroic/0/threat/card")
    assert three.threats[TS] == -1


def test_threat_cleared_uncovers_the_location_effect():
    s = table(
        threats={"times-square": "subversion"},
        civilians={"times-square": 1},
        hands={"hulk": ["hulk-09"]},
    )
    s.marks[TS] = 2
    after = s.apply("play/0/hulk-09").apply("heroic/0/threat/card")
    assert "visit/0" in ids(after) and "threat.cleared" in rules_of(after)


# --- 7. Damage and KO ---------------------------------------------------------------------------


def test_hero_damage_the_hero_chooses_a_card_for_the_bottom_of_the_deck():
    s = table(
        plan_deck=["red-skull-02"], at={"wasp": "nypd-hq"}, hands={"wasp": ["wasp-01", "wasp-02"]}
    )
    after = villain_acts(s, "red-skull-01")
    assert after.ask[0] == "lose" and after.to_act == 1
    assert labels(after) == [
        "Wasp takes 1 damage: lose Wasp M [wasp-01]",
        "Wasp takes 1 damage: lose Wasp M + Wings [wasp-02]",
    ]
    lost = after.apply("lose/1/wasp-02")
    assert lost.decks[1][0] == rules.card_number(s, "wasp-02")
    assert rules.card_number(s, "wasp-01") in lost.hands[1]  # and Wasp drew for her turn
    assert ("dash.red-skull", "Wasp takes 1 damage.") in [(e.rule, e.text) for e in after.events]
    assert rules_of(lost)[0] == "hero.damage"


def test_redeal_keeps_what_the_table_knows_the_cards_lost_under_a_deck():
    # a search player's re-deal must know what the table knows [hero.damage]
    s = table(
        plan_deck=["red-skull-02"], at={"wasp": "nypd-hq"}, hands={"wasp": ["wasp-01", "wasp-02"]}
    )
    lost = villain_acts(s, "red-skull-01").apply("lose/1/wasp-02")
    under = rules.card_number(s, "wasp-02")
    assert lost.decks[1][0] == under and lost.under[1] == 1
    again = [lost.redeal(0, seed) for seed in range(8)]
    assert all(d.decks[1][0] == under for d in again)  # still at the bottom of Wasp's deck
    assert all(sorted(d.decks[1]) == sorted(lost.decks[1]) for d in again)
    assert len({tuple(d.decks[1]) for d in again}) > 1  # the unseen cards are dealt anew
    assert all(d.hands == lost.hands and not d.check() for d in again)


def test_redeal_keeps_a_master_plan_card_the_heroes_left_on_top_or_put_at_the_bottom():
    s = table(
        heroes=("black-widow", "hulk"),
        hands={"black-widow": ["black-widow-06"]},
        plan_deck=["red-skull-05", "red-skull-03", "red-skull-08"],
    )
    looked = s.apply("play/0/black-widow-06").apply("special/0")
    top = looked.plan_deck[-1]
    for choice, place in (("keep", -1), ("bottom", 0)):
        after = looked.apply(f"choose/0/{choice}")
        assert after.plan_deck[place] == top
        assert all(after.redeal(1, seed).plan_deck[place] == top for seed in range(6))


def test_hero_ko_the_last_card_lost():
    s = table(plan_deck=["red-skull-02"], at={"wasp": "nypd-hq"}, hands={"wasp": ["wasp-01"]})
    after = villain_acts(s, "red-skull-01")
    names = rules_of(after)
    assert names.index("hero.ko") < names.index("hero.ko-bam") < names.index("hero.standup")
    assert after.track == 4  # the BAM's 2, and 2 more for the KO


def test_hero_ko_bam_a_ko_in_the_middle_of_a_bam_chain():
    s = table(
        heroes=("hulk", "wasp", "ant-man"),
        plan_deck=["red-skull-02", "red-skull-01"],
        at={"hulk": "nypd-hq", "wasp": "nypd-hq", "ant-man": "nypd-hq"},
        hands={
            "hulk": ["hulk-01", "hulk-05"],
            "wasp": ["wasp-01", "wasp-03"],
            "ant-man": ["ant-man-02"],
        },
    )
    s.since_plan = 2
    order = s.apply("play/0/hulk-05").apply("done/0")
    assert order.ask[0] == "damage-order"  # Hulk or Ant-Man could be KO'd: the heroes choose
    after = order.apply("choose/-2/hulk")
    # BAM: Hulk (1 card) is KO'd first -> the dashboard BAM at once, before Wasp's damage
    # BAM: Hulk (1 card) is KO'd first -> the dashboard BAM at once, before Wasp's damage
    assert after.ko[0] and rules_of(after).count("hero.ko-bam") == 1
    assert after.track == 0 and after.ask[0] == "damage-order"
    final = lose_all(after)
    # Ant-Man's KO and Wasp's KO set it off again: 4 BAMs in all, Fear 8
    assert rules_of(final).count("hero.ko-bam") == 3 and final.track == 8
    assert final.ko == [True, False, True] and "hero.standup" in rules_of(final)
    assert final.check() == []


def test_hero_last_card_full_turn_then_ko():
    s = table(thugs={"times-square": 2}, hands={"hulk": ["hulk-06"]})
    after = s.apply("play/0/hulk-06")
    assert not after.ko[0] and after.hands[0] == []
    two = after.apply("attack/0/thug/card").apply("attack/0/thug/card")
    assert two.thugs[TS] == 0 and not two.ko[0]
    end = two.apply("done/0")
    assert end.ko[0] and "hero.last-card" in rules_of(end) and "hero.ko" in rules_of(end)


def test_hero_standup_draws_up_to_four():
    s = table()
    s.ko[1], s.hands[1] = True, []
    s.decks[1] += s.hands[1]
    after = s.apply(f"play/0/{rules.card_id(s, s.hands[0][0])}").apply("done/0")
    assert not after.ko[1] and len(after.hands[1]) == 4 and "hero.standup" in rules_of(after)


# --- 8. Additional rules ------------------------------------------------------------------------


def test_extra_invulnerable_no_damage_until_next_turn():
    s = table(plan_deck=["red-skull-02"], at={"wasp": "nypd-hq"})
    s.shield[1] = True
    after = villain_acts(s, "red-skull-01")
    assert "extra.invulnerable" in rules_of(after) and after.ask is None
    assert not after.shield[1]  # removed at the start of Wasp's turn


def test_extra_crisis_tokens_on_heroes_and_locations():
    s = table(villain="red-skull", threats={"times-square": "bob"}, hands={"wasp": ["wasp-01"]})
    after = s.apply(f"play/0/{rules.card_id(s, s.hands[0][0])}").apply("done/0")
    assert after.crisis[1] == 1 and "threat.bob" in rules_of(after)


def test_extra_ties_the_heroes_choose_who_stops_crossbones():
    s = table(threats={"times-square": "crossbones"}, plan_deck=["red-skull-02"])
    after = villain_acts(s, "red-skull-01")
    assert after.to_act == ul.TEAM and [a.id for a in after.legal_actions()] == [
        "choose/-2/nobody",
        "choose/-2/hulk",
        "choose/-2/wasp",
    ]
    assert after.legal_actions()[1].rule == "threat.strike-or-crisis"


def test_extra_unlimited_tokens_never_run_out():
    s = table(villain="ultron", plan_deck=["ultron-02"])
    s.tokens[0] = [40, 40, 40, 40]
    after = villain_acts(s, "ultron-01")
    assert sum(after.thugs) == 3 and after.check() == []


# --- 9. The end ---------------------------------------------------------------------------------


def test_end_win_the_last_health_token():
    s = table(hands={"hulk": ["hulk-06"]}, villain_at="times-square")
    s.progress, s.done, s.health = [9, 9, 0], [True, True, False], 1
    after = s.apply("play/0/hulk-06").apply("attack/0/villain/card")
    assert after.is_over and after.result.won and after.result.rule == "end.win"
    with pytest.raises(IllegalActionError, match="game is over"):
        after.apply("done/0")


def test_end_plot_red_skull_fear_reaches_20():
    s = table(plan_deck=["red-skull-02"])
    s.track = 18
    after = villain_acts(s, "red-skull-01")
    assert after.is_over and after.result.rule == "end.plot" and not after.result.won


def test_end_plot_ultron_every_location_full():
    s = table(villain="ultron", plan_deck=["ultron-02"])
    for where in range(6):
        s.civilians[where] = s.free(where)
    s.civilians[NY] -= 1
    after = villain_acts(s, "ultron-01")
    assert after.is_over and after.result.rule == "end.plot"
    assert "plot.full-city" in rules_of(after)


def test_plot_full_city_checked_after_a_token():
    s = table(villain="ultron", plan_deck=["ultron-03"])
    for where in range(6):
        s.civilians[where] = s.free(where)
    s.civilians[TS] -= 1
    after = villain_acts(s, "ultron-02")  # m1 C/CC/C from nypd-hq to avengers-tower
    assert after.result.rule == "end.plot" and "Every location is full" in after.result.reason


def test_opt_ultron_check_end_of_turn():
    s = table(villain="ultron", plan_deck=["ultron-03"], ultron_check="end-of-turn")
    for where in range(6):
        s.civilians[where] = s.free(where)
    s.civilians[TS] -= 1
    after = villain_acts(s, "ultron-02")
    assert after.result.rule == "end.plot"


def test_end_plan_empty_when_a_card_is_needed():
    s = table(plan_deck=[])
    s.since_plan = 2
    after = s.apply(f"play/0/{rules.card_id(s, s.hands[0][0])}").apply("done/0")
    assert after.result.rule == "end.plan-empty"


def test_end_no_cards_in_deck_and_hand():
    s = table()
    s.decks[1], s.hands[1] = [], []
    s.total = (
        sum(len(h) for h in s.hands)
        + sum(len(d) for d in s.decks)
        + sum(1 for e in s.storyline if e < rules.PLAN)
    )
    after = s.apply(f"play/0/{rules.card_id(s, s.hands[0][0])}").apply("done/0")
    assert after.result.rule == "end.no-cards"


def test_end_solo_ko_loses_at_once():
    s = table(
        heroes=("hulk", "wasp", "ant-man"),
        players=1,
        hands={"shield": ["hulk-06"]},
        thugs={"times-square": 1},
    )
    after = s.apply("play/0/hulk-06").apply("done/0")
    assert after.result.rule == "end.solo-ko"


# --- 10. Solo -----------------------------------------------------------------------------------


def test_solo_setup_one_deck_of_three_heroes_hand_of_five():
    state = ul.load("marvel", players=1, heroes=("hulk", "wasp", "ant-man")).new(seed=2)
    assert len(state.hands) == 1 and state.total == 36 and state.health == 8
    assert "solo.setup" in rules_of(state)
    assert len(state.hands[0]) + len(state.decks[0]) == 36


def test_solo_cards_any_hero_and_the_same_hero_previous():
    s = table(
        heroes=("hulk", "wasp", "ant-man"),
        players=1,
        hands={"shield": ["hulk-06", "wasp-09"]},
        storyline=["hulk-05"],
    )
    assert {a.id for a in s.legal_actions()} == {"play/0/hulk-06", "play/0/wasp-09"}
    after = s.apply("play/0/hulk-06")
    assert after.active == 0 and after.pool == [1, 3, 0, 0]  # AA + Hulk's own MA
    wasp = s.apply("play/0/wasp-09")
    assert wasp.active == 1 and "Wasp" in labels(wasp)[0]


def test_solo_you_leadership_gives_to_your_pool():
    s = table(
        heroes=("captain-america", "wasp", "ant-man"),
        players=1,
        hands={"shield": ["captain-america-10"]},
    )
    after = s.apply("play/0/captain-america-10").apply("special/0")
    assert after.tokens == [[0, 0, 0, 1]] and after.ask is None


def test_solo_tokens_one_shared_pool():
    s = table(
        heroes=("iron-man", "wasp", "ant-man"),
        players=1,
        hands={"shield": ["iron-man-02", "wasp-06"]},
        thugs={"times-square": 1},
    )
    after = s.apply("play/0/iron-man-02").apply("special/0")
    assert after.tokens == [[0, 2, 0, 0]]
    wasp = after.apply("done/0").apply("play/0/wasp-06")
    assert "attack/0/thug/card" in ids(wasp)


def test_opt_solo_tokens_per_hero():
    s = table(
        heroes=("iron-man", "wasp", "ant-man"),
        players=1,
        solo_tokens="per-hero",
        hands={"shield": ["iron-man-02"]},
    )
    after = s.apply("play/0/iron-man-02").apply("special/0")
    assert after.ask[0] == "give" and len(after.tokens) == 3


def _solo_third_mission(**options):
    s = table(
        heroes=("hulk", "wasp", "ant-man"),
        players=1,
        hands={"shield": ["hulk-06"]},
        thugs={"times-square": 1},
        **options,
    )
    s.progress, s.done = [9, 8, 4], [True, False, True]
    return s.apply("play/0/hulk-06").apply("attack/0/thug/card")


def test_solo_third_mission_draws_one_card_for_the_one_player():
    # solo_third_draw=1, the default: "allows all players to immediately draw 1 card"
    after = _solo_third_mission()
    assert len(after.hands[0]) == 1 and "solo.third" in rules_of(after)


def test_opt_solo_third_draw_three_one_per_hero():
    after = _solo_third_mission(solo_third_draw=3)
    assert len(after.hands[0]) == 3 and "solo.third" in rules_of(after)


def test_opt_solo_damage_once():
    def hurt(option):
        s = table(
            heroes=("hulk", "wasp", "ant-man"),
            players=1,
            solo_damage=option,
            at={"hulk": "nypd-hq", "wasp": "nypd-hq", "ant-man": "nypd-hq"},
            plan_deck=["red-skull-02"],
        )
        s.hands[0] = s.hands[0][:5]
        after = lose_all(villain_acts(s, "red-skull-01", card=rules.card_id(s, s.hands[0][0])))
        return sum(1 for e in after.events if e.rule == "dash.red-skull" and "damage" in e.text)

    assert hurt("per-hero") == 3 and hurt("once") == 1


def test_opt_solo_shrink_turn_and_hero():
    s = table(
        heroes=("ant-man", "wasp", "hulk"),
        players=1,
        hands={"shield": ["ant-man-10", "wasp-01", "hulk-01"]},
    )
    after = s.apply("play/0/ant-man-10").apply("special/0").apply("done/0")
    wasp = after.apply("play/0/wasp-01")
    assert wasp.shield[0]  # "hero": Ant-Man keeps it while another hero acts
    s2 = table(
        heroes=("ant-man", "wasp", "hulk"),
        players=1,
        solo_shrink="turn",
        hands={"shield": ["ant-man-10", "wasp-01"]},
    )
    after2 = s2.apply("play/0/ant-man-10").apply("special/0").apply("done/0")
    assert not after2.shield[0] and "opt.solo_shrink" in rules_of(after2)


# --- 11. Challenges -----------------------------------------------------------------------------


def test_challenge_moderate_one_plain_wild_card_only_one_copy():
    state = ul.load(
        "marvel", players=2, heroes=("captain-marvel", "hulk"), challenge="moderate"
    ).new(seed=1)
    cards = state.hands[0] + state.decks[0] + [e for e in state.storyline if e < rules.PLAN]
    mine = [state.card(c) for c in cards if state.card(c).hero == "captain-marvel"]
    assert len(mine) == 11 and sum(1 for c in mine if c.symbols == "W") == 1


def test_challenge_hard_the_double_wild_card():
    state = ul.load("marvel", players=2, heroes=("wasp", "hulk"), challenge="hard").new(seed=1)
    assert state.total == 22
    assert all(state.card(c).symbols != "WW" for hand in state.hands for c in hand)


def test_challenge_heroic_both_and_in_solo():
    state = ul.load(
        "marvel", players=1, heroes=("wasp", "hulk", "iron-man"), challenge="heroic"
    ).new(seed=1)
    assert state.total == 30


# --- 12. Dashboards -----------------------------------------------------------------------------


def test_dash_red_skull_bam_damage_and_fear_even_alone():
    s = table(plan_deck=["red-skull-02"])
    after = villain_acts(s, "red-skull-01")
    assert after.track == 2 and "dash.red-skull" in rules_of(after)


def test_dash_ultron_bam_three_thugs_and_damage():
    s = table(villain="ultron", plan_deck=["ultron-02"], at={"wasp": "nypd-hq"})
    after = villain_acts(s, "ultron-01")
    assert after.thugs[NY] == 3 and after.ask[0] == "lose" and "dash.ultron" in rules_of(after)


def test_dash_taskmaster_bam_damage_and_a_crisis_token():
    s = table(villain="taskmaster", plan_deck=["taskmaster-02"])
    after = villain_acts(s, "taskmaster-01")
    assert after.crisis_at[NY] == 1 and "dash.taskmaster" in rules_of(after)


def test_dash_crisis_guard_taskmaster_protected_and_crisis_cleared():
    s = table(villain="taskmaster", villain_at="times-square", hands={"hulk": ["hulk-06"]})
    s.progress, s.done = [9, 9, 0], [True, True, False]
    s.crisis_at[TS] = 1
    after = s.apply("play/0/hulk-06")
    with pytest.raises(IllegalActionError, match=r"dash\.crisis-guard"):
        after.apply("attack/0/villain/card")
    cleared = after.apply("attack/0/crisis/card")
    assert cleared.crisis_at[TS] == 0
    hit = cleared.apply("attack/0/villain/card")
    assert hit.health == s.health - 1
    s2 = table(villain="taskmaster", thugs={"times-square": 1}, hands={"hulk": ["hulk-06"]})
    s2.crisis_at[TS] = 1
    assert "attack/0/crisis/card" not in ids(s2.apply("play/0/hulk-06"))


def test_plot_fear_track_at_twenty():
    s = table(thugs={"times-square": 5}, plan_deck=["red-skull-01"])
    s.track = 19
    after = villain_acts(s, "red-skull-03")  # m1 T/TT/T; the board has room: no fear
    assert not after.is_over
    s.track = 19
    s.thugs = [s.free(w) + s.thugs[w] for w in range(6)]
    after = villain_acts(s, "red-skull-03")
    assert after.result.rule == "end.plot" and "Fear Track" in after.result.reason


# --- 13. Master Plan Specials -------------------------------------------------------------------


def test_plan_hail_hydra_discard_civilians_damage_fear():
    s = table(civilians={"times-square": 2}, plan_deck=["red-skull-01"])
    after = villain_acts(s, "red-skull-09")
    assert after.civilians[TS] == 0 and after.progress[0] == 0
    assert "plan.hail-hydra" in rules_of(after) and after.ask[0] == "lose"
    assert lose_all(after).track == 2


def test_opt_hail_hydra_bam():
    s = table(plan_deck=["red-skull-01"], hail_hydra_bam=True)
    after = villain_acts(s, "red-skull-09")
    assert "villain.bam" in rules_of(after)


def test_plan_hydra_insurgency_fear_per_crisis():
    s = table(plan_deck=["red-skull-01"])
    s.crisis = [2, 1]
    after = villain_acts(s, "red-skull-11")
    assert after.track == 2 + 3 and "plan.hydra-insurgency" in rules_of(after)


def test_opt_insurgency_bam_one():
    s = table(plan_deck=["red-skull-01"], insurgency_bam="one")
    after = villain_acts(s, "red-skull-12")
    assert "villain.bam" not in rules_of(after)
    s = table(plan_deck=["red-skull-01"], insurgency_bam="one")
    assert "villain.bam" in rules_of(villain_acts(s, "red-skull-11"))


def test_plan_encephalo_ray_damage_per_crisis_then_a_crisis():
    s = table(villain="ultron", plan_deck=["ultron-02"])
    s.crisis = [0, 1]
    after = villain_acts(s, "ultron-09")
    after = lose_all(after)
    assert after.ask[0] == "encephalo" and after.to_act == ul.TEAM
    chose = after.apply("choose/-2/hulk")
    assert chose.crisis == [1, 1] and "plan.encephalo-ray" in rules_of(chose)


def test_plan_mesmerize_crisis_near_and_thugs_where_no_hero():
    s = table(villain="ultron", plan_deck=["ultron-02"], at={"wasp": "nypd-hq"})
    after = villain_acts(s, "ultron-11")
    assert after.crisis == [0, 1] and "plan.mesmerize" in rules_of(after)
    assert after.thugs == [0, 1, 1, 0, 1, 1]


def test_opt_mesmerize_thugs_near():
    s = table(villain="ultron", plan_deck=["ultron-02"], mesmerize_thugs="near")
    after = villain_acts(s, "ultron-11")
    assert after.thugs == [0, 0, 1, 1, 1, 0]


def test_opt_ultron_m1_bam_and_centre():
    s = table(villain="ultron", plan_deck=["ultron-01"], ultron_m1_bam=True, ultron_m1_centre=3)
    after = villain_acts(s, "ultron-03")  # m1 T/TT/T -> T/TTT/T, with BAM
    assert "villain.bam" in rules_of(after)
    assert after.thugs[AT] == 3 and after.thugs[HC] == 4  # BAM's 3, the card's 3 spill on
    assert "opt.ultron_m1_bam" not in rules_of(after)


def test_opt_ultron_m1_centre():
    s = table(villain="ultron", plan_deck=["ultron-01"], ultron_m1_centre=3)
    after = villain_acts(s, "ultron-02")
    assert after.civilians[AT] == 3


def test_plan_copycat_attack_thugs_per_attack_symbol():
    s = table(
        villain="taskmaster",
        plan_deck=["taskmaster-02"],
        storyline=["wasp-03"],
        hands={"hulk": ["hulk-06", "hulk-01"]},
    )
    after = villain_acts(s, "taskmaster-09", card="hulk-06")  # AA, then MA: 3 Attacks
    assert after.thugs[NY] == 3 and "plan.copycat-attack" in rules_of(after)


def test_plan_copycat_heroic_civilians_per_heroic_symbol():
    s = table(
        villain="taskmaster",
        plan_deck=["taskmaster-02"],
        storyline=["wasp-09"],
        hands={"hulk": ["hulk-09", "hulk-01"]},
    )
    after = villain_acts(s, "taskmaster-10", card="hulk-09")
    assert after.civilians[NY] == 3 and "plan.copycat-heroic" in rules_of(after)


def test_plan_dark_schemes_only_without_heroes():
    s = table(villain="taskmaster", plan_deck=["taskmaster-02"], at={"wasp": "nypd-hq"})
    after = villain_acts(s, "taskmaster-11")
    assert after.crisis_at[NY] == 0 and "plan.dark-schemes" in rules_of(after)


# --- 14. Threat cards ---------------------------------------------------------------------------


def test_threat_strike_or_crisis_crossbones_stopped_or_not():
    s = table(threats={"times-square": "crossbones"}, plan_deck=["red-skull-02"])
    after = villain_acts(s, "red-skull-01")
    stopped = after.apply("choose/-2/wasp")
    assert stopped.crisis == [0, 2] and stopped.ask is None
    hit = after.apply("choose/-2/nobody")
    assert hit.ask[0] == "damage-order" and hit.ask[3] == "threat.strike-or-crisis"


def test_threat_strike_or_crisis_madame_hydra_one():
    s = table(threats={"times-square": "madame-hydra"}, plan_deck=["red-skull-02"])
    after = villain_acts(s, "red-skull-01").apply("choose/-2/hulk")
    assert after.crisis == [1, 0]


def test_threat_bob_crisis_at_the_start_of_a_turn():
    s = table(threats={"helicarrier": "bob"}, at={"wasp": "helicarrier"})
    after = s.apply(f"play/0/{rules.card_id(s, s.hands[0][0])}").apply("done/0")
    assert after.crisis == [0, 1] and "threat.bob" in rules_of(after)


def test_threat_elite_thugs_need_both_hits_in_one_turn():
    s = table(
        villain="taskmaster",
        threats={"times-square": "elite-thugs-1"},
        thugs={"times-square": 1},
        hands={"hulk": ["hulk-05", "hulk-06"]},
    )
    one = s.apply("play/0/hulk-05").apply("attack/0/thug/card")
    assert one.thugs[TS] == 1 and one.wounded[TS] == 1 and "threat.elite-thugs" in rules_of(one)
    later = one.apply("done/0")
    assert later.wounded[TS] == 0  # the first damage is gone at the end of the turn
    s2 = table(
        villain="taskmaster",
        threats={"times-square": "elite-thugs-1"},
        thugs={"times-square": 1},
        hands={"hulk": ["hulk-06"]},
    )
    two = s2.apply("play/0/hulk-06").apply("attack/0/thug/card").apply("attack/0/thug/card")
    assert two.thugs[TS] == 0 and two.progress[1] == 1


def test_opt_elite_same_turn_false_keeps_the_damage():
    s = table(
        villain="taskmaster",
        threats={"times-square": "elite-thugs-1"},
        thugs={"times-square": 1},
        hands={"hulk": ["hulk-05"]},
        elite_same_turn=False,
    )
    one = s.apply("play/0/hulk-05").apply("attack/0/thug/card").apply("done/0")
    assert one.wounded[TS] == 1


def test_threat_subversion_discards_and_raises_fear():
    s = table(
        threats={"nypd-hq": "subversion"},
        thugs={"nypd-hq": 1},
        civilians={"nypd-hq": 2},
        plan_deck=["red-skull-02"],
    )
    after = villain_acts(s, "red-skull-09")
    assert after.track == 3 and "threat.subversion" in rules_of(after)


def test_threat_brainwashing_crisis_here_and_next_door():
    s = table(
        threats={"nypd-hq": "brainwashing"},
        at={"hulk": "stark-labs", "wasp": "helicarrier"},
        plan_deck=["red-skull-02"],
    )
    after = villain_acts(s, "red-skull-09")
    assert after.crisis == [1, 0] and "threat.brainwashing" in rules_of(after)


def test_threat_ultron_clone_thug_unless_damage():
    s = table(villain="ultron", threats={"times-square": "ultron-clone-1"}, plan_deck=["ultron-02"])
    after = villain_acts(s, "ultron-01")
    assert after.ask[0] == "prevent"
    thug = after.apply("choose/-2/add-thug")
    assert thug.thugs[TS] == 1 and "threat.ultron-clone" in rules_of(thug)
    paid = lose_all(after.apply("choose/-2/take-damage"))
    assert paid.thugs[TS] == 0


def test_opt_invulnerable_pays_false():
    s = table(
        villain="ultron",
        threats={"times-square": "ultron-clone-1"},
        plan_deck=["ultron-02"],
        invulnerable_pays=False,
    )
    s.shield[0] = True
    after = villain_acts(s, "ultron-01")
    assert after.thugs[TS] == 1 and after.ask is None


def test_threat_duplication_a_thug_on_arrival():
    s = table(villain="ultron", threats={"nypd-hq": "duplication-1"}, plan_deck=["ultron-02"])
    after = villain_acts(s, "ultron-09")
    assert after.thugs[NY] == 1 and "threat.duplication" in rules_of(after)


def test_threat_ultron_virus_ignore_a_symbol():
    s = table(
        villain="ultron",
        threats={"helicarrier": "ultron-virus-1"},
        at={"wasp": "helicarrier"},
        hands={"wasp": ["wasp-03"], "hulk": ["hulk-09", "hulk-10"]},
    )
    after = s.apply("play/0/hulk-09").apply("done/0")
    played = after.apply("play/1/wasp-03")
    assert played.ask[0] == "virus" and played.to_act == 1
    assert [a.id for a in played.legal_actions()] == [
        "choose/1/move",
        "choose/1/attack",
        "choose/1/heroic",
    ]
    ignored = played.apply("Wasp: ignore 1 Move symbol (Ultron Virus)")
    assert ignored.pool == [0, 1, 1, 0] and "threat.ultron-virus" in rules_of(ignored)


def test_threat_explosive_trap_two_heroics_in_a_turn():
    s = table(
        villain="taskmaster",
        threats={"times-square": "explosive-trap-1"},
        civilians={"times-square": 1},
        hands={"hulk": ["hulk-09"]},
        storyline=["wasp-09"],
    )
    after = s.apply("play/0/hulk-09").apply("heroic/0/civilian/card")
    assert after.civilians[TS] == 1 and "threat.explosive-trap" in rules_of(after)
    done = after.apply("heroic/0/civilian/card")
    assert done.civilians[TS] == 0 and done.progress[0] == 1


def _trapped_civilian(**options):
    """Hulk at an Explosive Trap with one Civilian; hulk-09 gives one Heroic symbol only."""
    s = table(
        villain="taskmaster",
        threats={"times-square": "explosive-trap-1"},
        civilians={"times-square": 1},
        hands={"hulk": ["hulk-09"]},
        **options,
    )
    return s.apply("play/0/hulk-09")


def test_threat_explosive_trap_a_heroic_that_cannot_be_finished_says_it_is_lost():
    # "Rescuing a Civilian here takes 1 more Heroic action"; the first lasts to the turn's end
    after = _trapped_civilian()
    lost_label = (
        "Hulk: Heroic at a trapped Civilian, 1 of the 2 it needs: none is left to finish it "
        "this turn, so it is lost"
    )
    assert lost_label in labels(after) and "Hulk: rescue a Civilian" not in labels(after)
    lost = after.apply(lost_label).apply("done/0")
    assert lost.civilians[TS] == 1 and lost.primed[TS] == 0


def test_opt_trap_same_turn_false_a_first_heroic_is_not_lost():
    after = _trapped_civilian(trap_same_turn=False)
    assert "Hulk: rescue a Civilian" in labels(after)


def test_opt_trap_same_turn_false_keeps_the_first_heroic():
    s = table(
        villain="taskmaster",
        threats={"times-square": "explosive-trap-1"},
        civilians={"times-square": 1},
        hands={"hulk": ["hulk-09"]},
        trap_same_turn=False,
    )
    after = s.apply("play/0/hulk-09").apply("heroic/0/civilian/card").apply("done/0")
    assert after.primed[TS] == 1


def test_threat_entangling_trap_leaving_takes_two_moves():
    s = table(
        villain="taskmaster",
        threats={"times-square": "entangling-trap-1"},
        hands={"hulk": ["hulk-01"]},
    )
    after = s.apply("play/0/hulk-01")
    assert "go/0/central-park/card" not in ids(after)
    with pytest.raises(IllegalActionError, match=r"threat\.entangling-trap"):
        after.apply("go/0/central-park/card")
    s2 = table(
        villain="taskmaster",
        threats={"times-square": "entangling-trap-1"},
        hands={"captain-marvel": ["captain-marvel-02"]},
        heroes=("captain-marvel", "hulk"),
    )
    moved = s2.apply("play/0/captain-marvel-02").apply("go/0/central-park/card")
    assert moved.hero_at[0] == CP and moved.pool[0] == 0


# --- 15. Locations ------------------------------------------------------------------------------


def test_place_draw_to_3_avengers_mansion():
    s = table(places=OTHER, hands={"hulk": ["hulk-01"]})
    after = s.apply("play/0/hulk-01").apply("visit/0")
    assert len(after.hands[0]) == 3 and "place.draw-to-3" in rules_of(after)


def test_place_tutor_avengers_tower():
    s = table(at={"hulk": "avengers-tower"}, hands={"hulk": ["hulk-01"]})
    after = s.apply("play/0/hulk-01").apply("visit/0")
    assert after.ask[0] == "tutor"
    chose = after.apply("choose/0/hulk-12")
    assert chose.decks[0][-1] == rules.card_number(s, "hulk-12")
    assert "place.tutor" in rules_of(chose)


def test_place_swap_storyline_stark_labs():
    s = table(
        at={"hulk": "stark-labs"},
        hands={"hulk": ["hulk-01", "hulk-09"]},
        storyline=["hulk-12", "red-skull-05"],
    )
    after = s.apply("play/0/hulk-01").apply("visit/0")
    assert after.ask[0] == "swap"
    chose = after.apply("choose/0/hulk-09+hulk-12")
    assert rules.card_number(s, "hulk-12") in chose.hands[0]
    assert rules.card_number(s, "hulk-09") in chose.storyline
    assert "place.swap-storyline" in rules_of(chose)


def test_place_relocate_central_park_up_to_two():
    s = table(at={"hulk": "central-park"}, thugs={"central-park": 2}, hands={"hulk": ["hulk-01"]})
    after = s.apply("play/0/hulk-01").apply("visit/0")
    one = after.apply("choose/0/thug+times-square")
    two = one.apply("choose/0/thug+stark-labs")
    assert two.thugs[:3] == [1, 0, 1] and two.ask is None and "place.relocate" in rules_of(two)


def test_place_crisis_for_card_shield_hq():
    s = table(places=OTHER, at={"hulk": "shield-hq"}, hands={"hulk": ["hulk-01", "hulk-12"]})
    s.crisis = [0, 2]
    after = s.apply("play/0/hulk-01").apply("visit/0")
    chose = after.apply("choose/0/hulk-12+wasp")
    assert chose.crisis == [0, 1] and chose.decks[0][0] == rules.card_number(s, "hulk-12")
    assert "place.crisis-for-card" in rules_of(chose)


def test_place_fly_helicarrier():
    s = table(at={"hulk": "helicarrier"}, hands={"hulk": ["hulk-01"]})
    after = s.apply("play/0/hulk-01").apply("visit/0").apply("choose/0/nypd-hq")
    assert after.hero_at[0] == NY and "place.fly" in rules_of(after)


def test_place_rescue_here_times_square():
    s = table(civilians={"times-square": 1}, hands={"hulk": ["hulk-01"]})
    after = s.apply("play/0/hulk-01").apply("visit/0")
    assert after.progress[0] == 1 and "place.rescue-here" in rules_of(after)


def test_place_discard_thug_nypd_any_location():
    s = table(
        at={"hulk": "nypd-hq"}, thugs={"stark-labs": 2}, hands={"hulk": ["hulk-01", "hulk-09"]}
    )
    visit = s.apply("play/0/hulk-01").apply("visit/0")
    after = visit.apply("choose/0/stark-labs")
    assert after.thugs[SL] == 1 and after.progress[1] == 0
    assert "place.discard-thug" in rules_of(visit) and "mission.discard" in rules_of(after)


def test_opt_nypd_defeat_here():
    s = table(
        at={"hulk": "nypd-hq"},
        thugs={"nypd-hq": 1},
        hands={"hulk": ["hulk-01"]},
        nypd="defeat-here",
    )
    after = s.apply("play/0/hulk-01").apply("visit/0")
    assert after.thugs[NY] == 0 and after.progress[1] == 1 and "opt.nypd" in rules_of(after)


# --- 16. Hero Specials --------------------------------------------------------------------------


def test_special_advanced_combat_analysis_two_attack_tokens():
    s = table(heroes=("iron-man", "hulk"), hands={"iron-man": ["iron-man-02"]})
    after = s.apply("play/0/iron-man-02").apply("special/0")
    assert after.ask[0] == "give"
    two = after.apply("choose/0/hulk").apply("choose/0/iron-man")
    assert two.tokens == [[0, 1, 0, 0], [0, 1, 0, 0]]
    assert "special.advanced-combat-analysis" in rules_of(two)


def test_special_stark_resources_two_move_tokens():
    s = table(heroes=("iron-man", "hulk"), hands={"iron-man": ["iron-man-05"]})
    after = s.apply("play/0/iron-man-05").apply("special/0")
    two = after.apply("choose/0/iron-man").apply("choose/0/iron-man")
    assert two.tokens[0] == [2, 0, 0, 0] and "special.stark-resources" in rules_of(two)


def test_special_power_recharge_draw_to_three():
    s = table(heroes=("iron-man", "hulk"), hands={"iron-man": ["iron-man-10"]})
    after = s.apply("play/0/iron-man-10").apply("special/0")
    assert len(after.hands[0]) == 3 and "special.power-recharge" in rules_of(after)


def test_special_leadership_a_wild_token_to_another_hero():
    s = table(heroes=("captain-america", "hulk"), hands={"captain-america": ["captain-america-02"]})
    after = s.apply("play/0/captain-america-02").apply("special/0")
    assert [a.id for a in after.legal_actions()] == ["choose/0/hulk"]
    given = after.apply("choose/0/hulk")
    assert given.tokens[1] == [0, 0, 0, 1] and "special.leadership" in rules_of(given)


def test_special_interrogate_look_and_maybe_bottom():
    s = table(
        heroes=("black-widow", "hulk"),
        hands={"black-widow": ["black-widow-06"]},
        plan_deck=["red-skull-03", "red-skull-08"],
    )
    after = s.apply("play/0/black-widow-06").apply("special/0")
    assert labels(after) == [
        "Black Widow: keep move 5, TC/TTCC/TC on top",
        "Black Widow: put move 5, TC/TTCC/TC at the bottom",
    ]
    bottom = after.apply("choose/0/bottom")
    assert bottom.plan(bottom.plan_deck[-1]).id == "red-skull-03"
    assert "special.interrogate" in rules_of(bottom)


def test_special_hulk_smash_everything_else_here():
    s = table(
        threats={"times-square": "bob"},
        thugs={"times-square": 2},
        civilians={"times-square": 1},
        hands={"hulk": ["hulk-02"], "wasp": ["wasp-01", "wasp-03"]},
    )
    after = s.apply("play/0/hulk-02").apply("special/0")
    assert after.thugs[TS] == 0 and after.civilians[TS] == 0 and after.marks[TS] == 1
    assert after.progress == [0, 2, 0] and after.ask[0] == "lose" and after.to_act == 1
    assert "special.hulk-smash" in rules_of(after)


def test_special_hulk_smash_elite_thugs_one_damage_each():
    s = table(
        villain="taskmaster",
        threats={"times-square": "elite-thugs-1"},
        thugs={"times-square": 2},
        hands={"hulk": ["hulk-02"]},
        at={"wasp": "stark-labs"},
    )
    s.hands[0].append(rules.card_number(s, "hulk-12"))
    s.decks[0].remove(rules.card_number(s, "hulk-12"))
    after = s.apply("play/0/hulk-02").apply("special/0")
    assert after.thugs[TS] == 2 and after.wounded[TS] == 2


def test_special_photon_blast_two_attacks_next_door():
    s = table(
        heroes=("captain-marvel", "hulk"),
        thugs={"central-park": 2},
        hands={"captain-marvel": ["captain-marvel-04"]},
    )
    after = s.apply("play/0/captain-marvel-04").apply("special/0")
    assert [a.id for a in after.legal_actions()] == ["choose/0/central-park"]
    one = after.apply("choose/0/central-park").apply("choose/0/thug")
    two = one.apply("choose/0/thug")
    assert two.thugs[CP] == 0 and two.progress[1] == 2 and "special.photon-blast" in rules_of(two)


def test_special_photon_blast_second_attack_comes_after_the_first_has_done_its_work():
    # "2 Attacks in one adjacent location": two Attacks, one after the other; the first
    # completes the second mission, so the second may already hit the villain there
    s = table(
        heroes=("captain-marvel", "hulk"),
        thugs={"central-park": 1},
        villain_at="central-park",
        hands={"captain-marvel": ["captain-marvel-04"]},
    )
    s.progress, s.done = [0, s.cards.missions[1].size - 1, 0], [True, False, False]
    where = s.apply("play/0/captain-marvel-04").apply("special/0").apply("choose/0/central-park")
    assert [e.text for e in where.events] == ["Captain Marvel: blast Central Park."]
    one = where.apply("choose/0/thug")
    assert "mission.vulnerable" in rules_of(one)
    assert [a.id for a in one.legal_actions()] == ["choose/0/villain"]
    two = one.apply("choose/0/villain")
    assert two.health == s.health - 1 and two.ask is None


def test_every_decision_is_an_event_citing_its_rule():
    s = table(threats={"times-square": "crossbones"}, plan_deck=["red-skull-02"])
    hit = villain_acts(s, "red-skull-01").apply("choose/-2/nobody")
    assert [e.rule for e in hit.events] == ["threat.strike-or-crisis"]
    assert hit.events[0].text.startswith("The heroes: nobody stops it: ")
    s = table(heroes=("wasp", "hulk", "ant-man"), hands={"wasp": ["wasp-02"]})
    after = s.apply("play/0/wasp-02").apply("special/0").apply("choose/0/nypd-hq")
    alone = after.apply("choose/0/nobody")
    assert [(e.rule, e.text) for e in alone.events] == [
        ("special.wings", "Wasp: nobody else flies along.")
    ]
    along = after.apply("choose/0/hulk")  # a choice that speaks is not said twice
    assert [e.text for e in along.events] == ["Hulk flies along."]


def test_special_grow_move_then_three_damage():
    s = table(
        heroes=("ant-man", "hulk"),
        threats={"central-park": "bob"},
        hands={"ant-man": ["ant-man-01"]},
    )
    after = s.apply("play/0/ant-man-01").apply("special/0").apply("choose/0/central-park")
    hit = after.apply("choose/0/henchman")
    assert hit.hero_at[0] == CP and hit.marks[CP] == 3 and "special.grow" in rules_of(hit)


def test_special_quantum_leap_swap_counts_as_played():
    s = table(
        heroes=("ant-man", "hulk"),
        hands={"ant-man": ["ant-man-06"]},
        storyline=["ant-man-07", "hulk-06"],
    )
    after = s.apply("play/0/ant-man-06")
    assert after.pool == [0, 2, 0, 0]  # the previous card: Hulk's AA
    leap = after.apply("special/0").apply("choose/0/ant-man-07")
    assert leap.pool == [0, 2, 2, 0] and leap.played == rules.card_number(s, "ant-man-07")
    assert leap.storyline[-1] == rules.card_number(s, "ant-man-07")
    assert "special.quantum-leap" in rules_of(leap)


def test_special_shrink_invulnerable():
    s = table(heroes=("wasp", "hulk"), hands={"wasp": ["wasp-10"]})
    after = s.apply("play/0/wasp-10").apply("special/0")
    assert after.shield[0] and "special.shrink" in rules_of(after)


def test_special_wings_fly_with_friends():
    s = table(heroes=("wasp", "hulk", "ant-man"), hands={"wasp": ["wasp-02"]})
    after = s.apply("play/0/wasp-02").apply("special/0").apply("choose/0/nypd-hq")
    assert after.hero_at[0] == NY and after.ask[0] == "wings-who"
    hulk = after.apply("choose/0/hulk")
    along = hulk.apply("choose/0/nobody")
    assert along.hero_at == [NY, NY, TS] and "special.wings" in rules_of(hulk)


def test_special_energy_projection_move_anywhere_and_attack():
    s = table(heroes=("wasp", "hulk"), thugs={"nypd-hq": 1}, hands={"wasp": ["wasp-06"]})
    after = s.apply("play/0/wasp-06").apply("special/0").apply("choose/0/nypd-hq")
    hit = after.apply("choose/0/thug")
    assert hit.hero_at[0] == NY and hit.thugs[NY] == 0
    assert "special.energy-projection" in rules_of(hit)


# --- 17. Data and 18. Options -------------------------------------------------------------------


def test_data_files_every_card_is_data(tmp_path):
    from helpers import copy_data, edit_entry

    folder = copy_data(tmp_path, "marvel")
    edit_entry(folder, "villains.toml", "red-skull", "health_2 = 4", "health_2 = 9")
    state = ul.load("marvel", players=2, data=folder).new(1)
    assert state.health == 9


def test_opt_ties_the_heroes_choose_who_takes_damage_first():
    s = table(
        plan_deck=["red-skull-02", "red-skull-01"],
        at={"hulk": "nypd-hq", "wasp": "nypd-hq"},
        hands={"hulk": ["hulk-01", "hulk-05"], "wasp": ["wasp-01"]},
    )
    s.since_plan = 2
    after = s.apply("play/0/hulk-05").apply("done/0")
    assert after.ask[0] == "damage-order" and after.to_act == ul.TEAM
    assert labels(after) == [
        "The heroes: Hulk takes 1 damage first",
        "The heroes: Wasp takes 1 damage first",
    ]
    wasp = after.apply("choose/-2/wasp")
    assert rules_of(wasp)[:2] == ["opt.ties", "dash.red-skull"] and "hero.ko" in rules_of(wasp)
    seat = table(
        plan_deck=["red-skull-02", "red-skull-01"],
        at={"hulk": "nypd-hq", "wasp": "nypd-hq"},
        hands={"hulk": ["hulk-01", "hulk-05"], "wasp": ["wasp-01"]},
        ties="seat",
    )
    seat.since_plan = 2
    assert seat.apply("play/0/hulk-05").apply("done/0").ask is None


def _two_threat_bams(**options):
    s = table(
        villain="ultron",
        threats={"times-square": "ultron-clone-1", "stark-labs": "ultron-clone-2"},
        at={"hulk": "central-park", "wasp": "central-park"},
        plan_deck=["ultron-02"],
        **options,
    )
    return villain_acts(s, "ultron-01")


def test_opt_bam_order_clockwise_takes_the_threats_clockwise_from_the_villain():
    after = _two_threat_bams(bam_order="clockwise")
    assert after.ask is None
    texts = [e.text for e in after.events if e.rule == "villain.threat-bam"]
    assert len(texts) == 2 and texts[0].endswith("Times Square: BAM!")
    assert "opt.bam_order" not in rules_of(after)


def test_opt_bam_order_team_chooses():
    # bam_order="team", the default: "the players decide how they should be resolved"
    after = _two_threat_bams()
    assert after.ask[0] == "bam-order" and after.to_act == ul.TEAM
    assert [a.id for a in after.legal_actions()] == [
        "choose/-2/times-square",
        "choose/-2/stark-labs",
    ]
    chose = after.apply("choose/-2/stark-labs")
    texts = [e.text for e in chose.events if e.rule == "villain.threat-bam"]
    assert texts[0].endswith("Stark Labs: BAM!") and "opt.bam_order" in rules_of(chose)


# --- the move units -----------------------------------------------------------------------------


def test_moves_are_small_named_values_with_data_ids():
    s = table(hands={"hulk": ["hulk-06"]})
    move = s.parse_action("play/0/hulk-06").key
    assert move == rules.Play(0, rules.card_number(s, "hulk-06")) and move.id(s) == "play/0/hulk-06"
    with pytest.raises(IllegalActionError, match="no hero card 'hulk-99'"):
        s.apply("play/0/hulk-99")


def test_a_refused_move_says_why_and_cites_its_rule():
    s = table(hands={"hulk": ["hulk-06"]})
    assert s.why_not("attack/0/thug/card").endswith("(rule turn.play)")
    after = s.apply("play/0/hulk-06")
    assert "no thug to attack here" in after.why_not("attack/0/thug/card")
    assert "nothing to choose now" in after.why_not("choose/0/nobody")
