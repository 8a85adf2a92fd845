"""Rule scenarios of The Umbrella Academy Game, one small test per rule situation.

Each test sets a table up by hand with ``scenario(...)``, acts through the public API (labels,
or legal actions picked by kind) and checks both what changed and the rule ids of the events.
Rule ids are those of the digest ``games/academy/digest.md``.
"""

from __future__ import annotations

import random

import pytest
from helpers import find, kinds, play, rules_of

import umbrella_lab as ul
from umbrella_lab import TEAM, IllegalActionError, OptionError
from umbrella_lab.games.academy.policies import heuristic
from umbrella_lab.games.academy.rules import (
    BLOCKED,
    DEFEATED,
    PENDING,
    PLAYER_COUNT_TABLE,
    REMOVED,
    UNCONTESTED,
    AcademyState,
    Attack,
    Damage,
    Heal,
    HeroBoost,
    Story,
    spread,
)
from umbrella_lab.games.academy.scenario import scenario


def played_rules(state) -> list[str]:
    """The rules its events cite, without the cards taken from hands [turn.from-hand]."""
    return [rule for rule in rules_of(state) if rule != "turn.from-hand"]


# --- helpers -------------------------------------------------------------------------------------


def held(state, seat: int, name) -> int:
    """Number of the card ``name`` (attack value or design id) in a seat's hand."""
    for number in state.hands[seat]:
        card = state.cards.hero_deck[number]
        if card.id == name or (
            isinstance(name, int) and card.kind == "attack" and card.attack == name
        ):
            return number
    raise AssertionError(f"seat {seat} holds no {name!r}")


def attacks(state) -> list[int]:
    return [card["attack"] for card in state.to_dict()["lineup"]]


def refusal(state, move) -> IllegalActionError:
    """The error raised by applying a refused move; the state must not change."""
    before = state.to_dict()
    with pytest.raises(IllegalActionError) as info:
        state.apply(move)
    assert state.to_dict() == before
    return info.value


def stack_family(state, *ids: str) -> None:
    """Rig the Dysfunctional Family deck: ``ids`` are the next cards flipped, in order."""
    used: set[int] = set()
    for card_id in reversed(ids):
        for pile in (state.family_deck, state.family_discard):
            number = next(
                (n for n in pile if state.cards.family[n].id == card_id and n not in used), None
            )
            if number is not None:
                pile.remove(number)
                state.family_deck.append(number)
                used.add(number)
                break
        else:  # pragma: no cover - a typo in a test
            raise AssertionError(f"no free family card {card_id!r}")


def simple(state):
    """A plain team: the first attack, block, heal, story or pass; spread; keep. No powers."""
    legal = state.legal_actions()
    if state.stage == "damage":
        return next(a for a in legal if a.kind == "spread")
    if state.stage == "keep":
        return next(a for a in legal if a.kind == "keep")
    for kind in ("attack", "block", "heal", "story", "pass"):
        for action in legal:
            if action.kind == kind:
                return action
    raise AssertionError([str(a) for a in legal])  # pragma: no cover


def finish_round(state):
    """Play the plain team until the next round (or the end of the game) starts."""
    start = state.round
    while state.round == start and not state.is_over:
        state = state.apply(simple(state))
    return state


# --- 2. Setup ------------------------------------------------------------------------------------


def test_setup_heroes_are_the_chosen_heroes_with_five_bars_each():
    game = ul.load("academy", players=3, heroes=("horror", "kraken", "vanya"))
    # a seed whose first Dysfunctional Family card leaves life alone
    state = next(s for s in map(game.new, range(50)) if s.family_effect == "dinner")
    assert state.heroes == ("horror", "kraken", "vanya")
    assert state.life == [5, 5, 5] and state.max_life == [5, 5, 5]
    assert "setup.heroes" in rules_of(state)
    assert [h["name"] for h in state.to_dict()["heroes"]] == ["The Horror", "The Kraken", "Vanya"]


def test_setup_heroes_picked_at_random_are_distinct_and_fixed_by_the_seed():
    game = ul.load("academy", players=4)
    first, again = game.new(seed=5), game.new(seed=5)
    assert len(set(first.heroes)) == 4
    assert first.heroes == again.heroes
    assert set(first.heroes) <= set(first.cards.heroes)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_setup_table_sets_hand_size_villains_and_lineup_size(players):
    hand, villains, strength = {
        1: (6, 4, 6),
        2: (5, 4, 7),
        3: (4, 5, 8),
        4: (4, 5, 9),
        5: (3, 6, 10),
        6: (3, 6, 10),
    }[players]
    assert PLAYER_COUNT_TABLE[players] == (hand, villains, strength)
    state = ul.load("academy", players=players).new(seed=2)
    assert [len(h) for h in state.hands] == [hand] * players  # setup.hands
    assert len(state.faced) + len(state.villains) == villains  # setup.villains
    assert len(state.lineup) == strength  # round.lineup: strength = lineup size (C-1)
    assert "setup.table" in rules_of(state)
    assert f"hands of {hand}, {villains} villains of strength {strength}" in str(state.events)


def test_setup_villains_all_have_the_table_strength_and_none_repeats():
    for players, (_, count, strength) in PLAYER_COUNT_TABLE.items():
        state = ul.load("academy", players=players).new(seed=3)
        stack = state.faced + state.villains
        assert len(set(stack)) == count
        assert {state.cards.villains[v].strength for v in stack} == {strength}


def test_setup_decks_hold_every_card_once_and_the_final_pile_is_empty():
    state = ul.load("academy", players=2).new(seed=4)
    heroes = state.deck + state.discard + [n for hand in state.hands for n in hand]
    assert sorted(heroes) == list(range(60))
    assert sorted(state.villain_deck + state.lineup) == list(range(60))
    assert sorted(state.family_deck + state.family_discard) == list(range(18))
    data = state.to_dict()
    assert data["final_pile_count"] == 0 and data["deck_count"] == 50
    assert state.check() == []


def test_setup_decks_a_fork_keeps_the_luck_and_new_luck_reshuffles():
    state = ul.load("academy", players=2).new(seed=4)
    same = state.fork()
    assert same.deck == state.deck and same.to_dict() == state.to_dict()
    other = state.fork(new_luck=True)
    assert other.deck != state.deck and sorted(other.deck) == sorted(state.deck)
    assert other.hands == state.hands and other.lineup == state.lineup  # only hidden orders
    assert rules_of(other) == ["setup.decks"]


def test_setup_hands_are_dealt_from_the_shuffled_hero_deck():
    game = ul.load("academy", players=3)
    one, other = game.new(seed=1), game.new(seed=2)
    assert [len(h) for h in one.hands] == [4, 4, 4]
    assert one.to_dict()["deck_count"] == 60 - 12
    assert one.hands != other.hands  # setup.decks: the hero deck is shuffled


def test_setup_start_card_holder_faces_the_first_card():
    state = ul.load("academy", players=3, heroes=("rumor", "kraken", "seance")).new(seed=1)
    assert state.to_dict()["heroes"][0]["start_card"]
    assert state.to_act == 0 and state.faced_position == 0
    rules = rules_of(state)
    assert rules.index("setup.start") < rules.index("turn.order")


# --- 3. Start of a round -------------------------------------------------------------------------


def test_round_villain_is_revealed_at_the_start_of_each_round():
    state = ul.load("academy", players=2).new(seed=1)
    assert "round.villain" in rules_of(state) and len(state.faced) == 1
    s = scenario(hands=[[10], [10]], lineup=[5], villains_left=1)
    after = play(play(s, "attack"), "keep")
    assert "round.villain" in rules_of(after)
    assert after.round == 2 and len(after.faced) == 2 and after.villains == []


def test_round_family_card_is_flipped_and_shown():
    state = ul.load("academy", players=2).new(seed=1)
    assert "round.family" in rules_of(state)
    family = state.to_dict()["family"]
    assert family is not None and family["name"] in str(state.events)


def test_round_lineup_deals_strength_cards_all_waiting():
    state = ul.load("academy", players=4).new(seed=1)
    assert "round.lineup" in rules_of(state)
    assert len(state.lineup) == 9 and state.outcomes == [PENDING] * 9
    words = ", ".join(str(a) for a in attacks(state))
    assert words in str(state.events)


# --- 4. Turns ------------------------------------------------------------------------------------


def test_turn_order_each_card_goes_to_the_next_hero_left_to_right():
    s = scenario(hands=[[20, 25], [20]], lineup=[10, 10, 10])
    assert (s.to_act, s.faced_position) == (0, 0)
    s = play(s, "attack", "The Kraken: attack 20")
    assert (s.to_act, s.faced_position) == (1, 1)
    assert rules_of(s) == ["turn.attack", "turn.order"]
    assert "The Rumor faces villain attack 10" in s.events[-1].text
    s = play(s, "attack", "The Rumor: attack 20")
    assert (s.to_act, s.faced_position) == (0, 2)


def test_turn_order_a_move_for_the_wrong_seat_is_refused():
    s = scenario(hands=[[20], [20]], lineup=[10, 10])
    error = refusal(s, "attack/1/attack-20")
    assert error.rule == "turn.order"
    assert "The Kraken's turn" in str(error)


def test_turn_from_hand_a_card_the_hero_does_not_hold_is_refused():
    s = scenario(hands=[[20], [45]], lineup=[10, 10])
    error = refusal(s, "attack/0/attack-45")  # The Rumor holds it
    assert error.rule == "turn.from-hand"
    assert "does not hold that card (45)" in error.reason


def test_turn_order_after_a_power_clears_the_faced_card_the_same_hero_plays_on():
    s = scenario(heroes=("rumor", "kraken"), hands=[[20], [20]], lineup=[30, 10, 10])
    s = play(play(s, "power"), "rumor", "defeat card 1")
    assert s.outcomes[0] == DEFEATED
    assert (s.to_act, s.faced_position, s.stage) == (0, 1, "face")
    after = play(s, "attack", "The Rumor: attack 20 vs villain attack 10")
    assert after.outcomes == [DEFEATED, DEFEATED, PENDING] and after.to_act == 1


def test_turn_attack_strictly_higher_defeats_and_discards_the_card():
    s = scenario(hands=[[35], [10]], lineup=[30, 45])
    after = play(s, "attack", "The Kraken: attack 35 vs villain attack 30")
    assert after.outcomes[0] == DEFEATED
    assert after.hands[0] == [] and after.to_dict()["discard_count"] == 1
    assert "turn.attack" in rules_of(after)


def test_turn_attack_with_an_equal_value_is_refused_only_a_block():
    s = scenario(hands=[[30], [10]], lineup=[30])
    assert "attack" not in kinds(s) and "block" in kinds(s)
    assert refusal(s, Attack(0, held(s, 0, 30))).rule == "turn.attack"


def test_turn_block_with_odd_damage_takes_half_rounded_up():
    s = scenario(hands=[[45], [10]], lineup=[45, 10])  # 45 deals 3 damage
    block = find(s, "block")
    assert str(block) == "The Kraken: block with 45 vs villain attack 45 (take 2)"
    after = s.apply(block)
    assert after.outcomes[0] == BLOCKED
    assert after.pending_damage == 2 and after.to_act == TEAM
    assert "turn.block" in rules_of(after)
    placed = after.apply("Team: 2 damage to The Kraken")
    assert placed.life == [3, 5] and "turn.block" in rules_of(placed)


def test_turn_block_with_even_damage_takes_half():
    s = scenario(hands=[[30], [10]], lineup=[30, 10])  # 30 deals 2 damage
    after = play(s, "block")
    assert after.pending_damage == 1 and after.outcomes[0] == BLOCKED


def test_turn_heal_gains_the_heal_value_and_leaves_the_card_uncontested():
    s = scenario(hands=[[10], [10]], lineup=[30, 10], life=[2, 5])
    after = s.apply("The Kraken: heal 3 with 10, leave 30 uncontested")
    assert after.life == [5, 5]
    assert after.outcomes[0] == UNCONTESTED
    assert after.pending_damage == 0  # dealt at round end by default
    assert "turn.heal" in rules_of(after)


def test_turn_story_card_played_for_its_attack_value_is_an_attack():
    s = scenario(hands=[["bens-return"], [10]], lineup=[10, 30])
    action = find(s, "attack")
    assert str(action) == "The Kraken: attack Ben's Return (15) vs villain attack 10"
    after = s.apply(action)
    assert after.outcomes[0] == DEFEATED and "turn.attack" in rules_of(after)


def test_turn_story_storyline_leaves_the_faced_card_uncontested():
    s = scenario(hands=[["bens-return"], [10]], lineup=[30, 30], life=[2, 5])
    after = s.apply(
        "The Kraken: play Ben's Return: restore The Kraken to full life; leave 30 uncontested"
    )
    assert after.outcomes[0] == UNCONTESTED and after.life[0] == 5
    assert {"story.restore", "turn.story"} <= set(rules_of(after))


def test_turn_no_card_with_an_empty_hand_lets_the_card_go_uncontested():
    s = scenario(hands=[[], [10]], lineup=[30, 10])
    action = find(s, "pass")
    assert action.rule == "turn.no-card" and "no card can answer" in str(action)
    after = s.apply(action)
    assert after.outcomes[0] == UNCONTESTED and "turn.no-card" in rules_of(after)


def test_turn_no_card_with_only_a_hero_boost_in_hand():
    s = scenario(hands=[["hero-boost-20"], [10]], lineup=[30, 10])
    assert [a.kind for a in s.legal_actions()] == ["pass"]


def test_turn_no_card_pass_is_refused_when_a_card_can_answer():
    s = scenario(hands=[[35], [10]], lineup=[30])
    assert "pass" not in kinds(s)
    assert refusal(s, "pass/0").rule == "turn.no-card"


# --- 5. Storylines -------------------------------------------------------------------------------


def test_story_restore_brings_another_hero_to_full_life():
    s = scenario(hands=[["televator"], [10]], lineup=[30, 10], life=[5, 1])
    after = s.apply(
        "The Kraken: play The Televator: restore The Rumor to full life; leave 30 uncontested"
    )
    assert after.life == [5, 5]
    assert "story.restore" in rules_of(after)


def test_story_restore_goes_up_to_eight_after_a_life_boost():
    s = scenario(hands=[["life-boost"], ["bens-return"]], lineup=[30, 30], life=[5, 2])
    s = play(s, "story", "Life Boost to The Rumor")
    assert s.life == [4, 5] and s.max_life == [5, 8]
    after = play(s, "story", "restore The Rumor")
    assert after.life == [4, 8] and "story.restore" in rules_of(after)


def test_story_life_boost_gives_three_bars_a_max_of_eight_and_costs_the_giver_one():
    s = scenario(hands=[["life-boost"], [10]], lineup=[30, 10], life=[5, 4])
    action = find(s, "story", "Life Boost")
    assert str(action) == (
        "The Kraken: play Life Boost: Life Boost to The Rumor (you lose 1 bar); "
        "leave 30 uncontested"
    )
    after = s.apply(action)
    assert after.life == [4, 7] and after.max_life == [5, 8]
    assert after.to_dict()["heroes"][1]["life_boost"] is True
    assert rules_of(after).count("story.life-boost") == 2  # the gift and the giver's cost


def test_story_life_boost_cannot_be_given_to_yourself():
    s = scenario(hands=[["life-boost"], [10]], lineup=[30])
    assert all("Life Boost to The Kraken" not in str(a) for a in s.legal_actions())
    assert refusal(s, Story(0, held(s, 0, "life-boost"), 0)).rule == "story.life-boost"


def test_life_one_boost_a_second_life_boost_to_the_same_hero_is_refused():
    s = scenario(hands=[["life-boost", "life-boost"], [10]], lineup=[30, 30, 30])
    s = play(s, "story", "Life Boost to The Rumor")
    s = play(s, "heal")
    assert s.to_act == 0 and s.max_life[1] == 8
    assert all(a.kind != "story" for a in s.legal_actions())
    error = refusal(s, Story(0, held(s, 0, "life-boost"), 1))
    assert error.rule == "life.one-boost"
    assert "already had a Life Boost" in str(error)


def test_story_strength_in_numbers_allows_a_second_power_use_in_the_round():
    s = scenario(
        heroes=("rumor", "kraken"),
        hands=[["strength-in-numbers", 10], [50]],
        lineup=[30, 45, 20, 10, 5],
    )
    s = play(play(s, "power"), "rumor", "defeat card 2")
    assert s.life[0] == 4
    s = play(s, "story", "Strength in Numbers")
    assert {"story.strength", "turn.story"} <= set(rules_of(s))
    assert s.to_dict()["heroes"][0]["power_allowed"] == 2
    assert s.to_dict()["heroes"][1]["power_allowed"] == 1  # only for the player
    s = play(s, "attack", "The Kraken: attack 50")
    assert s.to_act == 0 and "power" in kinds(s)  # the second use, same round
    s = play(s, "power")
    assert "power.use" in rules_of(s)
    s = play(s, "rumor", "defeat card 5")
    assert s.life[0] == 3 and s.outcomes[4] == DEFEATED
    assert refusal(s, "power/0").rule == "power.use"  # no third use


def test_story_hero_boost_from_another_hero_costs_that_hero_one_bar():
    s = scenario(hands=[[20], ["hero-boost-10", 10]], lineup=[30, 10])
    action = find(s, "boosted", "from The Rumor")
    assert str(action) == (
        "The Kraken: block with 20 + Hero Boost +10 from The Rumor = 30 vs "
        "villain attack 30 (The Rumor loses 1 bar)"
    )
    assert action.rule == "story.hero-boost"
    after = s.apply(action)
    assert after.outcomes[0] == BLOCKED
    assert after.life == [5, 4]
    assert after.hands[1] == [held(s, 1, 10)]  # the boost left The Rumor's hand
    assert {"story.hero-boost", "turn.block"} <= set(rules_of(after))


def test_story_hero_boost_turns_a_losing_card_into_an_attack():
    s = scenario(hands=[[20], ["hero-boost-20"]], lineup=[30, 10])
    after = s.apply(
        "The Kraken: attack 20 + Hero Boost +20 from The Rumor = 40 vs villain "
        "attack 30 (The Rumor loses 1 bar)"
    )
    assert after.outcomes[0] == DEFEATED and after.life == [5, 4]
    assert played_rules(after)[:2] == ["story.hero-boost", "story.hero-boost"]
    assert after.to_act == 1  # the boost did not use The Rumor's turn


def test_story_hero_boost_is_offered_only_when_it_changes_the_outcome():
    wins = scenario(hands=[[35], ["hero-boost-20"]], lineup=[30, 10])
    assert "boosted" not in kinds(wins)  # 35 already wins
    loses = scenario(hands=[[10], ["hero-boost-20"]], lineup=[40, 10])
    assert "boosted" not in kinds(loses)  # 10 + 20 = 30 still loses
    s = scenario(hands=[[10], ["hero-boost-20"]], lineup=[30, 10])
    assert [str(a) for a in s.legal_actions() if a.kind == "boosted"] == [
        "The Kraken: block with 10 + Hero Boost +20 from The Rumor = 30 vs villain attack 30 "
        "(The Rumor loses 1 bar)"
    ]


def test_story_rivalry_removes_another_card_and_costs_one_bar():
    s = scenario(hands=[["sibling-rivalry"], [10]], lineup=[30, 45, 20])
    after = s.apply(
        "The Kraken: play Sibling Rivalry: remove card 2, villain attack 45 "
        "(3 damage) (you lose 1 bar); leave 30 uncontested"
    )
    assert after.outcomes == [UNCONTESTED, REMOVED, PENDING]
    assert after.life == [4, 5]
    assert {"story.rivalry", "turn.story"} <= set(rules_of(after))


def test_story_rivalry_cannot_remove_the_faced_card():
    s = scenario(hands=[["sibling-rivalry"], [10]], lineup=[30, 45])
    assert refusal(s, "story/0/sibling-rivalry/0").rule == "story.rivalry"


def test_story_pogo_with_two_players_is_a_restore_card():
    s = scenario(hands=[["pogo"], [10]], lineup=[30, 10], life=[5, 1])
    action = find(s, "story", "restore The Rumor")
    assert action.rule == "story.pogo"
    after = s.apply(action)
    assert after.life == [5, 5] and "story.restore" in rules_of(after)


# --- 6. Life, damage and death ---------------------------------------------------------------


def test_life_bars_healing_stops_at_the_maximum():
    s = scenario(hands=[[10], [10]], lineup=[30, 10], life=[4, 5])
    after = play(s, "heal")
    assert after.life == [5, 5] and "heals 1: 5/5" in str(after.events)
    assert "turn.heal" in rules_of(after) and after.check() == []


def _round_end_damage(life, **options):
    """A table where round-end damage of 3 is about to be placed (The Kraken lets 45 go)."""
    s = scenario(
        hands=[["hero-boost-20"], []],
        lineup=[45],
        life=life,
        next_family="family-dinner",
        **options,
    )
    return play(s, "pass")


def test_life_damage_the_team_places_bars_on_any_living_hero():
    s = _round_end_damage([5, 5])
    assert s.to_act == TEAM and s.pending_damage == 3
    damage = [a for a in s.legal_actions() if a.kind in ("damage", "spread")]
    assert {a.rule for a in damage} == {"life.damage"}
    assert {a.key.seat for a in damage if a.kind == "damage"} == {0, 1}  # shared among all heroes
    s = s.apply("Team: 1 damage to The Kraken (2 more to place)")
    assert s.life == [4, 5] and s.pending_damage == 2 and "end.damage" in rules_of(s)
    s = s.apply("Team: 2 damage to The Rumor")
    assert s.life == [4, 3] and s.pending_damage == 0


def test_life_damage_spread_puts_each_bar_on_the_hero_with_most_life():
    s = _round_end_damage([5, 3])
    after = play(s, "spread")
    assert after.life == [2, 3]  # 5->4->3, then the tie goes to the Start card holder


def _spread_bar_by_bar(life: list[int], start: int, bars: int) -> list[int]:
    """The rule read literally: each bar to the hero with the most life at that moment, ties to
    the first clockwise from the Start card."""
    life = life[:]
    for _ in range(bars):
        if max(life) <= 0:
            break
        seat = next(
            (start + i) % len(life)
            for i in range(len(life))
            if life[(start + i) % len(life)] == max(life)
        )
        life[seat] -= 1
    return life


def test_life_damage_spread_matches_the_rule_bar_by_bar():
    rng = random.Random(7)
    for _ in range(400):
        players = rng.randint(2, 6)
        s = ul.load("academy", players=players).new(seed=rng.randrange(1000))
        life = [rng.randint(0, 6) for _ in range(players)]
        if not any(life):
            life[0] = 1
        s.life = life[:]
        s.start = rng.choice([seat for seat in range(players) if life[seat] > 0])
        bars = rng.randint(1, 25)
        s.pending_damage, s.pending_rule = bars, "end.damage"
        expected = _spread_bar_by_bar(life, s.start, bars)
        spread(s)
        assert s.life == expected, (life, s.start, bars)
        assert s.pending_damage == (0 if not any(expected) else bars - (sum(life) - sum(expected)))


def test_life_death_at_zero_the_hand_is_discarded_and_the_rest_is_reassigned():
    s = _round_end_damage([1, 5])
    after = s.apply("Team: 3 damage to The Kraken")
    assert after.life == [0, 3]  # 1 bar on The Kraken, the other 2 go to The Rumor
    assert after.hands[0] == []
    assert after.to_dict()["heroes"][0]["alive"] is False
    assert "life.death" in rules_of(after)


def test_life_death_damage_left_over_must_still_be_placed_by_the_team():
    s = scenario(
        heroes=("kraken", "rumor", "seance"),
        hands=[["hero-boost-20"], [], []],
        lineup=[45],
        life=[1, 5, 5],
    )
    s = play(s, "pass")
    after = s.apply("Team: 3 damage to The Kraken")
    assert after.life == [0, 5, 5] and after.pending_damage == 2
    assert after.stage == "damage" and after.to_act == TEAM
    assert all(a.key.seat != 0 for a in after.legal_actions() if a.kind == "damage")
    assert refusal(after, Damage(0, 1)).rule == "life.death"


def test_life_death_mid_round_by_a_power_cost_the_next_hero_faces_the_card():
    s = scenario(
        hands=[[20, 20], [10]], heroes=("kraken", "rumor"), lineup=[10, 45, 10, 10], life=[5, 1]
    )
    s = play(s, "attack")
    s = play(play(s, "power"), "rumor", "defeat card 2")
    assert s.outcomes[1] == DEFEATED  # the power still takes effect
    assert s.life == [5, 0] and s.hands[1] == []
    assert {"power.rumor", "life.death", "turn.order"} <= set(rules_of(s))
    assert (s.to_act, s.faced_position) == (0, 2)


def test_life_death_dead_heroes_are_skipped_in_turn_order():
    s = scenario(
        heroes=("kraken", "rumor", "seance"),
        hands=[[20, 20], [20], [20]],
        lineup=[10, 10, 10],
        life=[5, 0, 5],
    )
    assert s.to_act == 0
    s = play(s, "attack")
    assert s.to_act == 2
    s = play(s, "attack")
    assert s.to_act == 0 and s.faced_position == 2


def test_life_death_dead_heroes_cannot_receive_or_play_cards():
    s = scenario(hands=[["televator", 10], [10, 20]], lineup=[30], life=[2, 0])
    assert s.hands[1] == []  # the dead hero's hand went to the discard pile
    assert all("The Rumor" not in str(a) for a in s.legal_actions())  # no restore to the dead
    assert refusal(s, Heal(1, held(s, 0, 10), 1)).rule == "life.death"
    s = play(s, "heal")  # 2 + 3 = 5, then 2 round-end damage on the only living hero
    assert s.life == [3, 0]
    s = play(s, "keep")
    assert s.hands[1] == [] and len(s.hands[0]) == 5
    assert "The Rumor draws" not in str(s.events)


def test_game_lose_when_every_hero_is_dead():
    s = _round_end_damage([1, 1])
    after = play(s, "spread")
    assert after.is_over and after.life == [0, 0]
    assert after.result.rule == "game.lose" and after.result.winners == ()
    assert after.pending_damage == 0  # the rest of the damage is lost
    assert rules_of(after).count("life.death") == 2 and rules_of(after)[-1] == "game.lose"
    assert after.legal_actions() == []


# --- 7. Hero powers --------------------------------------------------------------------------


def test_power_use_costs_one_bar_and_only_once_per_round():
    s = scenario(heroes=("rumor", "kraken"), hands=[[10], [10]], lineup=[30, 45])
    s = play(s, "power")
    assert "power.use" in rules_of(s) and s.stage == "rumor"
    s = play(s, "rumor", "defeat card 2")
    assert s.life == [4, 5] and s.to_dict()["heroes"][0]["power_used"] == 1
    assert "power" not in kinds(s)
    assert refusal(s, "power/0").rule == "power.use"


def test_power_use_is_optional_and_comes_in_addition_to_the_card():
    s = scenario(heroes=("rumor", "kraken"), hands=[[35], [10]], lineup=[30, 45, 10])
    assert {"attack", "power"} <= kinds(s)
    s = play(play(s, "power"), "rumor", "defeat card 2")
    after = play(s, "attack", "The Rumor: attack 35")
    assert after.outcomes == [DEFEATED, DEFEATED, PENDING]


def test_power_horror_gives_two_bars_to_one_hero():
    s = scenario(heroes=("horror", "kraken"), hands=[[10], [10]], lineup=[30, 10], life=[5, 2])
    s = play(s, "power")
    after = s.apply("The Horror: 2 bars to The Kraken")
    assert after.life == [4, 4]
    assert "power.horror" in rules_of(after)


def test_power_horror_gives_one_bar_each_to_two_heroes_capped_at_max():
    s = scenario(heroes=("horror", "kraken"), hands=[[10], [10]], lineup=[30, 10], life=[3, 5])
    s = play(s, "power")
    after = s.apply("The Horror: 1 bar each to The Horror and The Kraken")
    assert after.life == [3, 5]  # 3 + 1 - 1 for the power; The Kraken stays at 5


def test_power_kraken_adds_two_cards_and_discards_both():
    s = scenario(hands=[[10, 25], [10]], lineup=[30, 10])
    action = find(s, "kraken")
    assert str(action) == "The Kraken (Hits Twice, 1 bar): attack 10 + 25 = 35 vs villain attack 30"
    after = s.apply(action)
    assert after.outcomes[0] == DEFEATED and after.hands[0] == []
    assert after.to_dict()["discard_count"] == 2 and after.life == [4, 5]
    assert "power.kraken" in rules_of(after)


def test_power_kraken_sum_equal_to_the_card_blocks():
    s = scenario(hands=[[10, 20], [10]], lineup=[30, 10])
    after = play(s, "kraken", "block with 10 + 20 = 30")
    assert after.outcomes[0] == BLOCKED and after.pending_damage == 1


def test_power_kraken_and_space_boy_are_offered_only_when_they_change_the_outcome():
    kraken = scenario(hands=[[35, 10], [10]], lineup=[30, 10])  # 35 alone already wins
    assert "kraken" not in kinds(kraken) and "attack" in kinds(kraken)
    space_boy = scenario(heroes=("space-boy", "rumor"), hands=[[35, 10], [10]], lineup=[30, 10])
    assert [str(a) for a in space_boy.legal_actions() if a.kind == "double"] == []
    low = scenario(heroes=("space-boy", "rumor"), hands=[[10], [10]], lineup=[30, 10])
    assert "double" not in kinds(low)  # 10 x 2 = 20 still loses


def test_power_space_boy_doubles_the_attack_value():
    s = scenario(heroes=("space-boy", "rumor"), hands=[[20], [10]], lineup=[30, 10])
    after = s.apply("Space Boy (Double Shot, 1 bar): attack 20 x 2 = 40 vs villain attack 30")
    assert after.outcomes[0] == DEFEATED and after.life == [4, 5]
    assert "power.space-boy" in rules_of(after)


def test_power_number_five_swaps_two_waiting_villain_cards():
    s = scenario(heroes=("number-five", "rumor"), hands=[[20], [10]], lineup=[50, 10, 20])
    s = play(s, "power")
    after = s.apply("Number Five: swap card 1 (50) with card 2 (10)")
    assert attacks(after) == [10, 50, 20]
    assert after.hands == s.hands  # villain cards move, hero cards do not
    assert {"power.number-five"} <= set(rules_of(after)) and after.life[0] == 4
    assert after.to_act == 0  # Number Five now faces the new card 1
    assert play(after, "attack", "attack 20 vs villain attack 10").outcomes[0] == DEFEATED


def test_power_number_five_only_swaps_cards_still_in_the_lineup():
    s = scenario(heroes=("number-five", "rumor"), hands=[[20, 25], [10]], lineup=[10, 50, 20, 30])
    s = play(s, "attack", "attack 20")
    s = play(s, "heal")
    s = play(s, "power")
    assert [str(a) for a in s.legal_actions()] == ["Number Five: swap card 3 (20) with card 4 (30)"]


def test_power_number_five_needs_two_waiting_cards():
    s = scenario(heroes=("number-five", "rumor"), hands=[[20], [10]], lineup=[50])
    assert "power" not in kinds(s)
    assert refusal(s, "power/0").rule == "power.number-five"


def test_power_rumor_defeats_any_card_whatever_its_value():
    s = scenario(heroes=("rumor", "kraken"), hands=[[10], [10]], lineup=[30, 45, 50])
    s = play(s, "power")
    after = s.apply("The Rumor: defeat card 3, villain attack 50 (3 damage)")
    assert after.outcomes == [PENDING, PENDING, DEFEATED] and after.life == [4, 5]
    assert "power.rumor" in rules_of(after)


def test_power_seance_plays_a_discarded_card_against_any_waiting_card():
    s = scenario(heroes=("kraken", "seance"), hands=[[50], [10]], lineup=[10, 45, 40])
    s = play(s, "attack", "attack 50")
    s = play(s, "power")
    after = s.apply(
        "Séance: play 50 from the discard pile to defeat card 3, villain attack 40 (2 damage)"
    )
    assert after.outcomes == [DEFEATED, PENDING, DEFEATED]
    assert after.to_dict()["discard_count"] == 1  # the card went back to the discard pile
    assert after.life == [5, 4] and "power.seance" in rules_of(after)
    assert after.to_act == 1  # Séance still faces card 2


def test_power_seance_equal_card_blocks_for_half_damage():
    s = scenario(heroes=("kraken", "seance"), hands=[[45], [10]], lineup=[10, 30, 45])
    s = play(play(s, "attack"), "power")
    after = play(s, "seance", "block card 3")
    assert after.outcomes[2] == BLOCKED and after.pending_damage == 2


def test_power_seance_needs_a_card_in_the_discard_pile():
    s = scenario(heroes=("seance", "kraken"), hands=[[10], [10]], lineup=[30])
    assert "power" not in kinds(s)
    assert refusal(s, "power/0").rule == "power.seance"


def test_power_vanya_removes_four_cards_and_deals_two_damage_to_one_hero():
    s = scenario(heroes=("vanya", "rumor"), hands=[[10], [10]], lineup=[30, 45, 20, 10, 5, 50])
    s = play(s, "power")
    for position in (2, 3, 4, 6):
        s = play(s, "vanya", f"remove card {position},")
    assert s.stage == "vanya-hit" and s.to_act == TEAM
    after = s.apply("Team: Vanya's 2 damage goes to The Rumor")
    assert after.outcomes == [PENDING, REMOVED, REMOVED, REMOVED, PENDING, REMOVED]
    assert after.life == [4, 3]
    assert "power.vanya" in rules_of(after)
    assert after.to_act == 0 and after.faced_position == 0


def test_power_vanya_with_fewer_than_four_cards_removes_them_all():
    s = scenario(heroes=("vanya", "rumor"), hands=[[10], [10]], lineup=[30, 45])
    s = play(play(play(s, "power"), "vanya"), "vanya")
    assert s.stage == "vanya-hit"
    after = play(s, "vanya-hit", "Vanya")
    assert after.life[0] == 2  # 2 damage plus the power's bar


@pytest.mark.parametrize(("excess", "pending"), [("reassign", 1), ("lost", 0)])
def test_power_vanya_hit_on_a_dying_hero_follows_excess_damage(excess, pending):
    s = scenario(
        heroes=("vanya", "rumor", "kraken"),
        hands=[[10], [10], [10]],
        lineup=[30, 45],
        life=[5, 1, 5],
        excess_damage=excess,
    )
    s = play(play(play(s, "power"), "vanya"), "vanya")
    after = s.apply("Team: Vanya's 2 damage goes to The Rumor")
    assert after.life == [4, 0, 5] and "life.death" in rules_of(after)
    assert after.pending_damage == pending  # the second bar: placed by the team, or lost
    if excess == "lost":
        assert "opt.excess_damage" in rules_of(after)
    else:
        assert after.stage == "damage" and after.to_act == TEAM


def test_power_vanya_cannot_be_used_two_rounds_in_a_row():
    s = scenario(
        heroes=("rumor", "vanya"), hands=[[10], [10]], lineup=[5, 5], villains_left=2, hand_size=10
    )
    stack_family(s, "family-dinner", "brothers-will-fight")
    s = play(play(s, "attack"), "power")
    s = play(play(s, "vanya"), "vanya-hit", "The Rumor")
    s = play(s, "keep")
    # Round 2: the Start card passed to Vanya, who faces the first card.
    assert s.round == 2 and s.to_act == 1 and s.family_effect == "dinner"
    assert "power" not in kinds(s)
    error = refusal(s, "power/1")
    assert error.rule == "power.vanya" and "two rounds in a row" in str(error)
    # Round 3: she may use it again.
    s = finish_round(s)
    assert s.round == 3 and s.family_effect == "brothers"
    s = s.apply(simple(s))
    assert s.to_act == 1 and "power" in kinds(s)


# --- 8. Dysfunctional Family cards -------------------------------------------------------------


def test_family_apathy_refuses_every_power():
    s = scenario(
        heroes=("rumor", "kraken"), hands=[[10], [10, 25]], lineup=[30, 30], family="apathy"
    )
    assert "power" not in kinds(s)
    error = refusal(s, "power/0")
    assert error.rule == "family.apathy" and "Apathy" in str(error)
    s = play(s, "heal")
    assert "kraken" not in kinds(s)  # Hits Twice is a power too


def test_family_secrets_hides_the_other_hands_in_a_seat_view():
    s = scenario(hands=[[10, 20], [30]], lineup=[45], family="family-secrets")
    mine = s.to_dict(0)["heroes"]
    assert mine[0]["hand"] is not None and mine[1]["hand"] is None
    assert mine[1]["hand_count"] == 1
    assert s.to_dict(1)["heroes"][0]["hand"] is None
    assert s.to_dict()["heroes"][1]["hand"] is not None  # the whole table
    assert "1 hidden card" in s.to_text(0)


def test_family_secrets_hands_are_visible_under_other_family_cards():
    s = scenario(hands=[[10, 20], [30]], lineup=[45], family="family-dinner")
    assert all(h["hand"] is not None for h in s.to_dict(0)["heroes"])


def test_family_villain_boost_raises_only_the_first_lineup_card():
    s = scenario(hands=[[25], [25]], lineup=[20, 20], family="villain-boost-10")
    assert attacks(s) == [30, 20]
    assert s.to_dict()["lineup"][0]["label"] == "villain attack 30+ (1 damage)"
    assert "attack" not in kinds(s)
    assert refusal(s, Attack(0, held(s, 0, 25))).rule == "turn.attack"
    s = play(s, "heal")
    assert find(s, "attack").label == "The Rumor: attack 25 vs villain attack 20"


def test_family_villain_boost_flipped_at_round_start_logs_the_boost():
    s = scenario(hands=[[10], [10]], lineup=[5], villains_left=1)
    stack_family(s, "villain-boost-20")
    after = play(play(s, "attack"), "keep")
    assert {"round.family", "family.villain-boost"} <= set(rules_of(after))
    base = after.cards.villain_attack
    assert attacks(after)[0] == base[after.lineup[0]].attack + 20
    assert attacks(after)[1:] == [base[code].attack for code in after.lineup[1:]]


def test_family_villain_boost_stays_with_its_card_when_moved():
    s = scenario(
        heroes=("number-five", "rumor"),
        hands=[[10], [10]],
        lineup=[20, 20, 40],
        family="villain-boost-10",
    )
    s = play(s, "power")
    after = s.apply("Number Five: swap card 1 (30) with card 3 (40)")
    assert attacks(after) == [40, 20, 30]


def test_family_brothers_will_fight_forbids_hero_boosts():
    s = scenario(hands=[[20], ["hero-boost-10"]], lineup=[30], family="brothers-will-fight")
    assert "boosted" not in kinds(s)
    move = HeroBoost(0, held(s, 0, 20), 1, held(s, 1, "hero-boost-10"))
    assert refusal(s, move).rule == "family.brothers"


def test_family_confrontation_hurts_the_heroes_with_most_life():
    s = scenario(hands=[[10], [10]], lineup=[5], villains_left=1, life=[5, 3])
    stack_family(s, "confrontation")
    after = play(play(s, "attack"), "keep")
    assert after.life == [4, 3]
    assert "family.confrontation" in rules_of(after)


def test_family_confrontation_hurts_every_tied_hero():
    s = scenario(hands=[[10], [10]], lineup=[5], villains_left=1, life=[4, 4])
    stack_family(s, "confrontation")
    after = play(play(s, "attack"), "keep")
    assert after.life == [3, 3]
    assert rules_of(after).count("family.confrontation") == 3  # the flip, then each hero


def test_family_hopelessness_refills_one_card_fewer():
    s = scenario(hands=[[10, 20], [10]], lineup=[5], family="hopelessness")
    after = play(play(s, "attack", "attack 10"), "keep")
    assert [len(h) for h in after.hands] == [4, 4]  # hand size 5 - 1
    assert "end.refill" in rules_of(after)


def test_family_rock_bottom_forbids_the_heal_action():
    s = scenario(hands=[[10], [10]], lineup=[30], family="rock-bottom")
    assert "heal" not in kinds(s) and "pass" in kinds(s)
    assert refusal(s, "heal/0/attack-10/0").rule == "family.rock-bottom"


def test_family_dinner_changes_nothing():
    s = scenario(hands=[[10], [10]], lineup=[5], villains_left=1, life=[3, 5])
    stack_family(s, "family-dinner")
    after = play(play(s, "attack"), "keep")
    assert after.life == [3, 5] and after.family_effect == "dinner"
    assert [r for r in rules_of(after) if r.startswith("family.")] == ["family.dinner"]
    assert "round.family" in rules_of(after)


def test_family_reunion_heals_each_living_hero_one_bar():
    s = scenario(
        heroes=("kraken", "rumor", "seance"),
        hands=[[10], [10], [10]],
        lineup=[5],
        villains_left=1,
        life=[3, 5, 0],
    )
    stack_family(s, "umbrella-reunion")
    after = play(play(s, "attack"), "keep")
    assert after.life == [4, 5, 0]
    assert "family.reunion" in rules_of(after)


# --- 9. Round end --------------------------------------------------------------------------------


def test_end_damage_all_uncontested_damage_is_dealt_at_round_end():
    s = scenario(hands=[[10], [10]], lineup=[30, 45])
    s = play(s, "heal")
    assert s.pending_damage == 0
    after = play(s, "heal")
    assert after.pending_damage == 5 and after.stage == "damage"
    assert "end.damage" in rules_of(after) and "deal 5 damage" in str(after.events)


def test_end_final_pile_takes_only_the_uncontested_cards():
    s = scenario(hands=[[40, 20], [10]], lineup=[30, 45, 20])
    s = play(s, "attack", "attack 40")  # defeated
    s = play(s, "heal")  # 45 uncontested
    s = play(s, "block")  # blocked, 1 damage now
    s = play(s, "spread")
    after = play(s, "spread")  # the 3 round-end damage
    assert "end.final-pile" in rules_of(after)
    assert after.to_dict()["final_pile_count"] == 1
    assert [after.cards.villain_attack[c].attack for c in after.final_pile] == [45]


def test_end_keep_heroes_may_discard_cards_then_keep_the_rest():
    s = scenario(hands=[[10, 20], [10, 15]], lineup=[5, 5])
    s = play(play(s, "attack", "attack 10"), "attack", "attack 10")
    assert s.stage == "keep" and s.to_act == TEAM
    assert {a.rule for a in s.legal_actions()} == {"end.keep"}
    s = s.apply("The Kraken: discard 20")
    assert s.hands[0] == [] and s.stage == "keep" and "end.keep" in rules_of(s)
    after = play(s, "keep")
    assert "end.keep" in rules_of(after)


def test_end_refill_draws_back_up_to_the_hand_size():
    s = scenario(hands=[[10, 20], [10]], lineup=[5], family="family-dinner")
    after = play(play(s, "attack", "attack 10"), "keep")
    assert [len(h) for h in after.hands] == [5, 5]
    assert "The Kraken draws 4 cards" in str(after.events)
    assert "end.refill" in rules_of(after)


def test_end_reshuffle_an_empty_hero_deck_is_rebuilt_from_the_discard_pile():
    s = scenario(
        heroes=("kraken", "rumor", "seance", "vanya", "number-five", "space-boy"),
        lineup=[5],
        hand_size=10,
    )  # 6 hands of 10: the hero deck is empty
    assert s.to_dict()["deck_count"] == 0
    s = play(s, "attack")
    after = play(s, "keep")
    rules = rules_of(after)
    assert rules.index("end.reshuffle") < rules.index("end.refill")
    assert len(after.hands[0]) == 10 and after.check() == []


def test_end_start_card_passes_to_the_next_hero():
    s = scenario(hands=[[10], [10]], lineup=[5])
    after = play(play(s, "attack"), "keep")
    assert after.start == 1 and after.to_dict()["heroes"][1]["start_card"]
    assert "end.start-card" in rules_of(after)


def test_end_start_card_skips_dead_heroes():
    s = scenario(
        heroes=("kraken", "rumor", "seance"), hands=[[10], [], [10]], lineup=[5], life=[5, 0, 5]
    )
    after = play(play(s, "attack"), "keep")
    assert after.start == 2
    assert "The Start card passes to Séance" in str(after.events)


# --- 10. The Final Battle ------------------------------------------------------------------------


def _into_final_battle(seed=0):
    s = scenario(hands=[[10, 10], [10]], lineup=[30, 45, 20], villains_left=0, seed=seed)
    for _ in range(3):
        s = play(s, "heal")
    return play(s, "spread")  # 6 damage; no cards left to keep: straight to the Final Battle


def test_final_lineup_villain_attack_side_first_then_the_uncontested_cards():
    s = _into_final_battle()
    assert s.final and s.round == 2
    villain = s.cards.villains[s.faced[-1]]
    assert s.lineup[0] >= 1000 and attacks(s)[0] == villain.final_attack
    assert sorted(attacks(s)[1:]) == [20, 30, 45]
    rules = rules_of(s)
    assert (
        rules.index("end.final-pile")
        < rules.index("final.lineup")
        < rules.index("final.villain")
        < rules.index("final.family")
    )


def test_final_lineup_the_uncontested_cards_are_shuffled():
    orders = {tuple(attacks(_into_final_battle(seed))[1:]) for seed in range(8)}
    assert len(orders) > 1


def test_final_villain_is_one_of_the_faced_villains_attack_side_up():
    s = _into_final_battle()
    code = s.lineup[0] - 1000
    villain = s.cards.villains[code]
    assert code in s.faced
    first = s.to_dict()["lineup"][0]
    assert first["label"] == (
        f"{villain.name} attack side {villain.final_attack} ({villain.final_damage} damage)"
    )
    assert first["damage"] == villain.final_damage


def test_final_villain_alone_when_nothing_was_left_uncontested():
    s = scenario(hands=[[10], [10]], lineup=[5], villains_left=0)
    after = play(play(s, "attack"), "keep")
    assert after.final and len(after.lineup) == 1 and after.lineup[0] >= 1000


def test_final_family_card_is_flipped_for_the_final_battle():
    s = _into_final_battle()
    assert "final.family" in rules_of(s) and s.to_dict()["family"] is not None


def test_final_play_is_a_normal_round_with_powers():
    s = scenario(heroes=("rumor", "kraken"), hands=[[10], [10]], lineup=["final", 20], final=True)
    s = play(s, "power")
    after = play(s, "rumor", "attack side")
    assert after.outcomes[0] == DEFEATED and "power.rumor" in rules_of(after)


def test_game_win_when_a_hero_survives_the_final_battle_damage():
    s = scenario(hands=[[], [10]], lineup=["final", 20], final=True)
    s = play(s, "pass")  # the villain's attack side goes uncontested
    s = play(s, "heal")  # so does the 20
    assert not s.is_over and s.stage == "damage"
    assert s.pending_damage == s.cards.villains[s.faced[-1]].final_damage + 1
    after = play(s, "spread")
    assert after.is_over and after.result.rule == "game.win"
    assert after.result.winners == (0, 1)
    assert rules_of(after)[-1] == "game.win"


def test_game_win_is_checked_after_the_final_round_end_damage():
    s = scenario(hands=[[], []], lineup=["final"], final=True, life=[1, 1])
    s = play(s, "pass")
    after = play(s, "spread")
    assert after.result.rule == "game.lose" and not after.result.won


# --- 12. Solo ------------------------------------------------------------------------------------


@pytest.mark.parametrize("hero", ["vanya", "horror"])
def test_solo_hero_vanya_and_the_horror_are_refused(hero):
    with pytest.raises(OptionError, match=r"solo\.hero"):
        ul.load("academy", players=1, heroes=(hero,))
    with pytest.raises(OptionError, match="may not be played solo"):
        scenario(heroes=(hero,))


def test_solo_hero_random_pick_avoids_vanya_and_the_horror():
    game = ul.load("academy", players=1)
    picked = {game.new(seed).heroes[0] for seed in range(30)}
    assert picked and not picked & {"vanya", "horror"}


def test_solo_pogo_is_kept_aside_and_restores_to_full_eight_once_per_game():
    state = ul.load("academy", players=1, heroes=("kraken",)).new(seed=1)
    in_play = state.deck + [n for hand in state.hands for n in hand]
    assert all(state.cards.hero_deck[n].id != "pogo" for n in in_play)
    assert state.to_dict()["pogo_available"] is True
    s = scenario(heroes=("kraken",), hands=[[10]], lineup=[30], life=[2])
    pogo = find(s, "pogo")
    assert str(pogo) == "The Kraken: call Pogo, restore to full life (once per game)"
    after = s.apply(pogo)
    assert after.life == [8] and "solo.pogo" in rules_of(after)
    assert "pogo" not in kinds(after)
    error = refusal(after, "pogo/0")
    assert error.rule == "solo.pogo" and "once per game" in str(error)


def test_solo_pogo_can_be_called_before_round_end_damage_lands():
    s = scenario(heroes=("kraken",), hands=[["hero-boost-20"]], lineup=[45], life=[2])
    s = play(s, "pass")
    assert s.stage == "damage" and "pogo" in kinds(s)
    after = play(s, "pogo")
    assert after.life == [5]  # 8, then the 3 damage


def test_solo_pogo_is_not_a_move_with_two_players():
    s = scenario(hands=[[10], [10]], lineup=[30])
    assert refusal(s, "pogo/0").rule == "solo.pogo"


def test_solo_life_boost_hero_starts_with_eight_and_no_life_boost_in_the_deck():
    state = ul.load("academy", players=1, heroes=("rumor",)).new(seed=2)
    assert state.life == [8] and state.max_life == [8] and state.boosted == [True]
    cards = state.deck + [n for hand in state.hands for n in hand]
    assert len(cards) == 56
    assert not {state.cards.hero_deck[n].story for n in cards} & {"life-boost", "pogo"}
    assert "the hero starts with one: 8/8 bars" in str(state.events)
    assert "solo.life-boost" in rules_of(state)


def test_solo_no_family_cards_in_rounds_or_the_final_battle():
    state = ul.load("academy", players=1).new(seed=3)
    assert state.to_dict()["family"] is None and "round.family" not in rules_of(state)
    s = scenario(heroes=("kraken",), hands=[[10]], lineup=[5], villains_left=0)
    after = play(s, "attack")
    assert after.final and "final.lineup" in rules_of(after)
    assert "final.family" not in rules_of(after) and after.to_dict()["family"] is None


def test_solo_villains_four_of_strength_six():
    state = ul.load("academy", players=1).new(seed=4)
    stack = state.faced + state.villains
    assert len(stack) == 4
    assert {state.cards.villains[v].strength for v in stack} == {6}
    assert len(state.lineup) == 6


def test_solo_hand_of_six_cards():
    state = ul.load("academy", players=1).new(seed=5)
    assert len(state.hands[0]) == 6
    s = scenario(heroes=("kraken",), hands=[[10]], lineup=[5], villains_left=1)
    after = play(s, "attack")
    assert len(after.hands[0]) == 6 and "end.refill" in rules_of(after)


# --- 14. Options: each non-default value changes the outcome -------------------------------------


def test_opt_turn_order_team_picks_who_faces_each_card():
    default = scenario(hands=[[20], [20]], lineup=[10, 10])
    assert default.to_act == 0 and default.stage == "face"
    s = scenario(hands=[[20], [20, 25]], lineup=[10, 10], turn_order="team")
    assert s.stage == "choose" and s.to_act == TEAM
    s = s.apply("Team: The Rumor faces villain attack 10 (1 damage)")
    assert s.to_act == 1 and "opt.turn_order" in rules_of(s)
    s = play(s, "attack", "attack 20")
    assert s.stage == "choose"
    s = s.apply("Team: The Rumor faces villain attack 10 (1 damage)")  # The Rumor again
    assert s.to_act == 1


def test_opt_damage_timing_immediate_deals_damage_when_the_card_is_left():
    s = scenario(hands=[[10], [50, 15]], lineup=[30, 40], damage_timing="immediate")
    s = play(s, "heal")
    assert s.stage == "damage" and s.pending_damage == 2
    assert "end.damage" in rules_of(s) and "option damage_timing" in str(s.events)
    s = s.apply("Team: 2 damage to The Kraken")
    after = play(s, "attack", "attack 50")
    assert after.life == [3, 5] and after.stage == "keep"
    assert "end.damage" not in rules_of(after)  # not dealt again at round end


def test_opt_damage_timing_default_waits_for_round_end():
    s = play(scenario(hands=[[10], [50]], lineup=[30, 40]), "heal")
    assert s.pending_damage == 0 and s.to_act == 1


def test_opt_block_damage_blocker_takes_all_the_block_damage():
    s = scenario(hands=[[45], [10]], lineup=[45, 10], block_damage="blocker")
    after = play(s, "block")
    assert after.life == [3, 5] and after.pending_damage == 0 and after.to_act == 1
    assert rules_of(after).count("turn.block") == 2


def test_opt_strict_heal_refuses_a_heal_with_a_card_that_could_attack():
    s = scenario(hands=[[35], [10]], lineup=[30])
    assert "heal" not in kinds(s)
    error = refusal(s, Heal(0, held(s, 0, 35), 0))
    assert error.rule == "turn.heal" and "strict_heal" in str(error)


def test_opt_strict_heal_false_allows_a_heal_with_any_card():
    s = scenario(hands=[[35], [10]], lineup=[30, 10], strict_heal=False, life=[3, 5])
    after = s.apply("The Kraken: heal 2 with 35, leave 30 uncontested")
    assert after.life == [5, 5] and after.outcomes[0] == UNCONTESTED
    assert "turn.heal" in rules_of(after)


def test_opt_heal_target_self_refuses_healing_another_hero():
    s = scenario(hands=[[10], [10]], lineup=[30], life=[5, 2])
    assert refusal(s, Heal(0, held(s, 0, 10), 1)).rule == "opt.heal_target"


def test_opt_heal_target_any_heals_another_hero():
    s = scenario(hands=[[10], [10]], lineup=[30, 10], life=[5, 2], heal_target="any")
    after = s.apply("The Kraken: heal The Rumor 3 with 10, leave 30 uncontested")
    assert after.life == [5, 5] and "turn.heal" in rules_of(after)


def test_opt_heal_target_any_still_cannot_heal_the_dead():
    s = scenario(
        heroes=("kraken", "rumor", "seance"),
        hands=[[10], [], [10]],
        lineup=[30],
        life=[5, 0, 2],
        heal_target="any",
    )
    assert {a.key.target for a in s.legal_actions() if a.kind == "heal"} == {0, 2}
    assert refusal(s, Heal(0, held(s, 0, 10), 1)).rule == "life.death"


def test_opt_hero_boost_own_turn_only_your_own_boost():
    s = scenario(
        hands=[[20, "hero-boost-20"], ["hero-boost-10"]], lineup=[30, 10], hero_boost="own-turn"
    )
    boosts = [str(a) for a in s.legal_actions() if a.kind == "boosted"]
    assert boosts and all("from The Kraken" in label for label in boosts)
    move = HeroBoost(0, held(s, 0, 20), 1, held(s, 1, "hero-boost-10"))
    assert refusal(s, move).rule == "story.hero-boost"
    after = play(s, "boosted", "attack 20 + Hero Boost +20")
    assert after.life == [4, 5] and "story.hero-boost" in rules_of(after)


def test_opt_hero_boost_interrupt_offers_every_living_heros_boost():
    s = scenario(hands=[[20, "hero-boost-20"], ["hero-boost-10"]], lineup=[30, 10])
    holders = {
        str(a).split(" from ")[1].split(" =")[0] for a in s.legal_actions() if a.kind == "boosted"
    }
    assert holders == {"The Kraken", "The Rumor"}


def test_opt_villain_boost_attack_and_damage_also_raises_damage():
    plain = scenario(hands=[[10], [10]], lineup=[20], family="villain-boost-10")
    s = scenario(
        hands=[[10], [10]],
        lineup=[20],
        family="villain-boost-10",
        villain_boost="attack-and-damage",
    )
    assert plain.to_dict()["lineup"][0]["damage"] == 1
    assert s.to_dict()["lineup"][0]["damage"] == 2  # +10 attack, +1 damage
    after = play(s, "heal")
    assert after.pending_damage == 2 and "end.damage" in rules_of(after)


def test_opt_base_life_six_starts_heroes_with_six_bars():
    game = ul.load("academy", players=2, base_life=6)
    state = next(s for s in map(game.new, range(50)) if s.family_effect == "dinner")
    assert state.life == [6, 6] and state.max_life == [6, 6]
    assert "6 life bars each" in str(state.events) and "setup.heroes" in rules_of(state)


def test_opt_base_life_six_solo_still_starts_with_eight():
    state = ul.load("academy", players=1, base_life=6, heroes=("kraken",)).new(seed=1)
    assert state.life == [8]  # 6 + 3 - 1 (the Life Boost giver's cost applies)
    assert state.check() == []


def test_family_villain_boost_in_the_final_battle_raises_the_first_villain_attack_card():
    s = scenario(
        hands=[[10], [10]], lineup=["final", 20, 30], final=True, family="villain-boost-10"
    )
    villain = s.cards.villains[s.faced[-1]]
    assert attacks(s) == [villain.final_attack, 30, 30]  # the villain card is not raised
    s = scenario(hands=[[10, 10], [10]], lineup=[30, 45, 20], villains_left=0)
    stack_family(s, "villain-boost-20")
    for _ in range(3):
        s = play(s, "heal")
    s = play(s, "spread")  # into the Final Battle, whose family card is the boost
    assert s.final and {"final.family", "family.villain-boost"} <= set(rules_of(s))
    assert attacks(s)[0] == s.cards.villains[s.lineup[0] - 1000].final_attack
    assert s.boost_card == s.lineup[1]
    assert attacks(s)[1] == s.cards.villain_attack[s.lineup[1]].attack + 20


def test_final_villain_attack_side_is_above_every_villain_attack_card():
    s = scenario(hands=[[10], [10]], lineup=[5])
    strongest = max(card.attack for card in s.cards.villain_attack)
    assert all(v.final_attack > strongest for v in s.cards.villains)


def test_opt_apathy_round_forbids_powers_for_the_whole_round():
    s = scenario(hands=[[20, 25], [10]], lineup=[40, 40], family="apathy")
    assert "kraken" not in kinds(s)
    s = play(s, "heal")
    assert s.to_act == 1 and "power" not in kinds(s)
    assert refusal(s, find_power(s)).rule == "family.apathy"


def test_opt_apathy_turn_forbids_powers_in_the_first_turn_only():
    s = scenario(hands=[[20, 25], [10]], lineup=[40, 40], family="apathy", apathy="turn")
    assert "kraken" not in kinds(s)  # the first turn: no Hits Twice
    s = play(s, "heal")
    assert s.to_act == 1 and "power" in kinds(s)  # the second turn may use a power
    after = play(play(s, "power"), "rumor", "card 2")
    assert after.outcomes[1] == DEFEATED and "power.rumor" in rules_of(after)


def find_power(s):
    from umbrella_lab.games.academy.rules import Power

    return Power(s.responder)


def _start_card_round_end(**options):
    """Three heroes, The Rumor (seat 1) dead; the round ends and the next one starts."""
    s = scenario(
        heroes=("kraken", "rumor", "seance"),
        hands=[[20], [], [10]],
        lineup=[10],
        life=[5, 0, 5],
        villains_left=2,
        **options,
    )
    return play(play(s, "attack"), "keep")


def test_opt_start_card_living_passes_to_the_next_living_hero():
    s = _start_card_round_end()
    assert s.start == 2 and s.to_act == 2
    assert "end.start-card" in rules_of(s) and "passes to Séance" in str(s.events)


def test_opt_start_card_seat_passes_to_the_next_player_even_dead():
    s = _start_card_round_end(start_card="seat")
    assert s.start == 1 and s.to_act == 2  # The Rumor holds it; Séance faces the first card
    assert "end.start-card" in rules_of(s) and "passes to The Rumor" in str(s.events)
    assert s.check() == []


def test_opt_dead_hand_discard_sends_the_hand_to_the_discard_pile():
    s = _round_end_damage([1, 5])
    after = s.apply("Team: 3 damage to The Kraken")
    assert after.hands[0] == [] and held_in(after.discard, after, "hero-boost-20")


def test_opt_dead_hand_out_leaves_play_with_the_hero():
    s = _round_end_damage([1, 5], dead_hand="out")
    after = s.apply("Team: 3 damage to The Kraken")
    assert after.life[0] == 0 and len(after.hands[0]) == 1
    assert "life.death" in rules_of(after) and after.check() == []
    assert not held_in(after.discard, after, "hero-boost-20")


def held_in(pile, s, name) -> bool:
    return any(s.cards.hero_deck[n].id == name for n in pile)


def test_opt_villain_reshuffle_true_rebuilds_the_villain_attack_deck():
    s = scenario(hands=[[60], [60]], lineup=[5], villains_left=1, strength=10)
    s.villain_discard += s.villain_deck[3:]
    del s.villain_deck[3:]
    after = play(play(s, "attack"), "keep")
    assert len(after.lineup) == 10 and "end.reshuffle" in rules_of(after)


def test_opt_villain_reshuffle_false_deals_the_lineup_short():
    s = scenario(
        hands=[[60], [60]], lineup=[5], villains_left=1, strength=10, villain_reshuffle=False
    )
    s.villain_discard += s.villain_deck[3:]
    del s.villain_deck[3:]
    after = play(play(s, "attack"), "keep")
    assert len(after.lineup) == 3 and "end.reshuffle" not in rules_of(after)
    assert after.check() == []


def test_opt_rivalry_other_never_removes_the_faced_card():
    s = scenario(hands=[["sibling-rivalry"], [10]], lineup=[40, 30])
    targets = {a.key.target for a in s.legal_actions() if a.kind == "story"}
    assert targets == {1}
    assert refusal(s, Story(0, held(s, 0, "sibling-rivalry"), 0)).rule == "story.rivalry"


def test_opt_rivalry_any_may_remove_the_faced_card():
    s = scenario(hands=[["sibling-rivalry"], [10]], lineup=[40, 30], rivalry="any")
    assert {a.key.target for a in s.legal_actions() if a.kind == "story"} == {0, 1}
    after = s.apply(Story(0, held(s, 0, "sibling-rivalry"), 0))
    assert after.outcomes[0] == REMOVED and after.life[0] == 4
    assert "story.rivalry" in rules_of(after) and "uncontested" not in str(after.events)


def test_opt_reach_waiting_keeps_the_rumor_to_cards_without_an_outcome():
    s = scenario(heroes=("kraken", "rumor"), hands=[[10], [10]], lineup=[40, 40, 30])
    s = play(s, "heal")  # card 1 is left uncontested
    s = play(s, "power")
    assert {a.key.position for a in s.legal_actions() if a.kind == "rumor"} == {1, 2}


def test_opt_reach_table_lets_the_rumor_defeat_an_uncontested_card():
    s = scenario(heroes=("kraken", "rumor"), hands=[[10], [10]], lineup=[40, 40, 30], reach="table")
    s = play(s, "heal")
    s = play(s, "power")
    assert {a.key.position for a in s.legal_actions() if a.kind == "rumor"} == {0, 1, 2}
    after = play(s, "rumor", "card 1")
    assert after.outcomes[0] == DEFEATED and "power.rumor" in rules_of(after)


def test_opt_boost_offer_useful_only_where_the_boost_changes_the_outcome():
    s = scenario(hands=[[35, 10], ["hero-boost-20"]], lineup=[30, 10])
    boosted = [str(a) for a in s.legal_actions() if a.kind == "boosted"]
    assert boosted == [
        "The Kraken: block with 10 + Hero Boost +20 from The Rumor = 30 vs villain attack 30 "
        "(The Rumor loses 1 bar)"
    ]


def test_opt_boost_offer_any_also_on_a_card_that_wins_alone():
    s = scenario(hands=[[35, 10], ["hero-boost-20"]], lineup=[30, 10], boost_offer="any")
    after = play(s, "boosted", "attack 35 + Hero Boost +20")
    assert after.outcomes[0] == DEFEATED and after.life == [5, 4]
    assert "story.hero-boost" in rules_of(after)


def test_opt_kraken_target_faced_keeps_the_two_cards_on_the_faced_card():
    s = scenario(
        heroes=("kraken", "rumor"),
        hands=[[20, 25, 10], [10]],
        lineup=[10, 40],
        kraken_target="faced",
    )
    assert "kraken-at" not in kinds(s)
    from umbrella_lab.games.academy.rules import HitsTwiceAt

    error = refusal(s, HitsTwiceAt(0, held(s, 0, 20), held(s, 0, 25), 1))
    assert error.rule == "opt.kraken_target"


def test_opt_kraken_target_any_hits_another_card_and_the_turn_goes_on():
    # kraken_target="any", the default: "against any Villain Attack Card"
    s = scenario(heroes=("kraken", "rumor"), hands=[[20, 25, 10], [10]], lineup=[10, 40])
    after = s.apply(
        "The Kraken (Hits Twice, 1 bar): attack card 2, villain attack 40 (2 damage), "
        "with 20 + 25 = 45"
    )
    assert after.outcomes == [PENDING, DEFEATED] and after.life == [4, 5]
    assert rules_of(after) == ["power.kraken", "power.kraken"]
    assert after.to_act == 0 and after.stage == "face"  # the faced card still waits
    assert "kraken" not in kinds(after) and "kraken-at" not in kinds(after)  # once a round
    after = play(after, "block", "block with 10")
    assert after.outcomes[0] == BLOCKED


def test_opt_double_shot_own_doubles_only_space_boys_own_card():
    s = scenario(heroes=("rumor", "space-boy"), hands=[[20, 10], [10]], lineup=[30, 40])
    assert "double-for" not in kinds(s)
    from umbrella_lab.games.academy.rules import DoubleShotFor

    error = refusal(s, DoubleShotFor(0, held(s, 0, 20), 1))
    assert error.rule == "opt.double_shot"


def test_opt_double_shot_any_doubles_the_card_another_hero_plays():
    s = scenario(
        heroes=("rumor", "space-boy"), hands=[[20, 10], [10]], lineup=[30, 40], double_shot="any"
    )
    after = s.apply(
        "The Rumor: attack 20 doubled by Space Boy = 40 vs villain attack 30 "
        "(Space Boy uses Double Shot, 1 bar)"
    )
    assert after.outcomes[0] == DEFEATED and after.life == [5, 4]
    assert rules_of(after)[:2] == ["power.space-boy", "power.space-boy"]
    assert after.to_act == 1 and "double" not in kinds(after)  # his power is used this round


def test_opt_boost_target_played_keeps_a_boost_off_a_card_already_on_the_table():
    s = scenario(
        heroes=("horror", "rumor"),
        hands=[[30], ["hero-boost-10", 10]],
        lineup=[30, 10],
        boost_target="played",
    )
    after = s.apply("The Horror: block with 30 vs villain attack 30 (take 1)")
    assert after.stage == "damage" and "boost-on" not in kinds(after)
    from umbrella_lab.games.academy.rules import HeroBoostOn

    error = refusal(after, HeroBoostOn(1, held(after, 1, "hero-boost-10"), 0))
    assert error.rule == "opt.boost_target"


def test_opt_boost_target_table_boosts_the_card_that_blocked_before_its_damage():
    s = scenario(
        heroes=("horror", "rumor"), hands=[[30], ["hero-boost-10", 10]], lineup=[30, 10]
    )  # boost_target="table", the default
    after = s.apply("The Horror: block with 30 vs villain attack 30 (take 1)")
    assert after.stage == "damage" and after.pending_damage == 1
    after = after.apply(
        "The Rumor: Hero Boost +10 on the card that blocked card 1, villain attack 30 (2 damage): "
        "defeat it, 1 damage not taken (The Rumor loses 1 bar)"
    )
    assert after.outcomes[0] == DEFEATED and after.life == [5, 4]  # only the boost's bar
    assert played_rules(after)[:2] == ["story.hero-boost", "story.hero-boost"]
    assert after.stage == "face" and after.to_act == 1


def _blocked_for_two() -> AcademyState:
    """The Horror blocks a 45 (3 damage): the team has 2 bars to place; The Rumor holds +10."""
    s = scenario(heroes=("horror", "rumor"), hands=[[45], ["hero-boost-10", 10]], lineup=[45, 10])
    return s.apply("The Horror: block with 45 vs villain attack 45 (take 2)")


def test_opt_boost_target_table_settles_the_block_once_its_first_bar_is_placed():
    # "you must take HALF the Damage rounded up": a boost comes before any bar, or not at all
    after = _blocked_for_two()
    assert after.pending_damage == 2 and "boost-on" in kinds(after)
    spared = after.apply(
        "The Rumor: Hero Boost +10 on the card that blocked card 1, villain attack 45 "
        "(3 damage): defeat it, 2 damage not taken (The Rumor loses 1 bar)"
    )
    assert spared.outcomes[0] == DEFEATED and spared.life == [5, 4]
    placed = after.apply("Team: 1 damage to The Horror (1 more to place)")
    assert placed.pending_damage == 1 and "boost-on" not in kinds(placed)
    from umbrella_lab.games.academy.rules import HeroBoostOn

    error = refusal(placed, HeroBoostOn(1, held(placed, 1, "hero-boost-10"), 0))
    assert error.rule == "story.hero-boost" and "settled" in str(error)
    placed = placed.apply("Team: 1 damage to The Rumor")
    assert placed.outcomes[0] == BLOCKED and placed.life == [4, 4]  # the whole half taken


def test_opt_boost_target_table_gives_one_result_whatever_the_order_of_placement():
    after = _blocked_for_two()
    endings = set()
    for first in ("The Horror", "The Rumor"):
        placed = after.apply(f"Team: 1 damage to {first} (1 more to place)")
        placed = placed.apply("Team: 1 damage to The Horror")
        endings.add((tuple(placed.outcomes), sum(placed.life)))
    assert endings == {((BLOCKED, PENDING), 8)}


TRIO = ("horror", "rumor", "seance")


def test_opt_boosts_per_card_1_offers_one_boost_on_a_card():
    s = scenario(
        heroes=TRIO, hands=[[10], ["hero-boost-20"], ["hero-boost-20"]], lineup=[45, 10, 10]
    )
    assert "boosted-twice" not in kinds(s) and "boosted" not in kinds(s)  # 10 + 20 < 45
    from umbrella_lab.games.academy.rules import HeroBoostTwice

    move = HeroBoostTwice(0, held(s, 0, 10), 1, held(s, 1, "hero-boost-20"), 2, 0)
    move = HeroBoostTwice(0, move.card, 1, move.boost, 2, held(s, 2, "hero-boost-20"))
    assert refusal(s, move).rule == "opt.boosts_per_card"


def test_opt_boosts_per_card_2_puts_two_boosts_on_one_card():
    s = scenario(
        heroes=TRIO,
        hands=[[10], ["hero-boost-20"], ["hero-boost-20"]],
        lineup=[45, 10, 10],
        boosts_per_card=2,
    )
    after = s.apply(
        "The Horror: attack 10 + Hero Boost +20 from The Rumor + Hero Boost +20 from Séance = 50 "
        "vs villain attack 45 (The Rumor and Séance lose 1 bar each)"
    )
    assert after.outcomes[0] == DEFEATED and after.life == [5, 4, 4]
    assert played_rules(after)[:3] == ["story.hero-boost"] * 3
    assert after.to_act == 1  # the boosts did not use anyone's turn


def test_opt_boost_with_power_false_keeps_boosts_off_a_powers_card_play():
    s = scenario(
        heroes=("space-boy", "rumor"),
        hands=[[20], ["hero-boost-10"]],
        lineup=[45, 10],
        boost_with_power=False,
    )
    assert "double-boosted" not in kinds(s) and "double" not in kinds(s)  # 40 < 45
    from umbrella_lab.games.academy.rules import DoubleShotBoosted

    move = DoubleShotBoosted(0, held(s, 0, 20), 1, held(s, 1, "hero-boost-10"))
    assert refusal(s, move).rule == "opt.boost_with_power"


def test_opt_boost_with_power_true_boosts_space_boys_doubled_card():
    s = scenario(
        heroes=("space-boy", "rumor"),
        hands=[[20], ["hero-boost-10"]],
        lineup=[45, 10],
    )  # boost_with_power=True, the default
    after = s.apply(
        "Space Boy (Double Shot, 1 bar): attack 20 x 2 + Hero Boost +10 from The Rumor = 50 vs "
        "villain attack 45 (The Rumor loses 1 bar)"
    )
    assert after.outcomes[0] == DEFEATED and after.life == [4, 4]
    assert played_rules(after)[:3] == ["power.space-boy", "story.hero-boost", "power.space-boy"]


def test_opt_boost_with_power_true_boosts_the_krakens_pair():
    s = scenario(
        heroes=("kraken", "rumor"),
        hands=[[20, 15], ["hero-boost-20"]],
        lineup=[50, 10],
    )  # boost_with_power=True, the default
    assert "kraken" not in kinds(s)  # 20 + 15 = 35 < 50
    after = play(s, "kraken-boosted", "Hero Boost +20 from The Rumor = 55")
    assert after.outcomes[0] == DEFEATED and after.life == [4, 4]
    assert played_rules(after)[:3] == ["power.kraken", "story.hero-boost", "power.kraken"]


def test_opt_cards_full_deals_every_dysfunctional_family_card():
    state = ul.load("academy", players=3).new(seed=1)
    assert len(state.family_deck) + len(state.family_discard) == len(state.cards.family) == 18


def test_opt_cards_rulebook_deals_only_the_cards_the_rulebook_names():
    game = ul.load("academy", players=3, cards="rulebook")
    for seed in range(20):
        state = game.new(seed=seed)
        cards = [state.cards.family[n] for n in state.family_deck + state.family_discard]
        assert len(cards) == 6 and state.check() == []
        assert {c.effect for c in cards} == {"apathy", "secrets", "villain-boost"}
        assert {"round.family"} <= set(rules_of(state))
        heroes = state.deck + state.discard + [n for hand in state.hands for n in hand]
        assert len(heroes) == 59  # no +10 Hero Boost: the rulebook prints "+20 Hero Boost"
        assert {state.cards.hero_deck[n].id for n in heroes} >= {"hero-boost-20"}
        assert "hero-boost-10" not in {state.cards.hero_deck[n].id for n in heroes}


def test_opt_excess_damage_lost_drops_the_rest_at_a_death():
    s = _round_end_damage([1, 5], excess_damage="lost")
    after = s.apply("Team: 3 damage to The Kraken")
    assert after.life == [0, 5] and after.pending_damage == 0
    assert {"life.death", "opt.excess_damage"} <= set(rules_of(after))


# --- 13. Commonly overlooked rules ----------------------------------------------------------------


def test_overlooked_cards_are_faced_in_order_left_to_right():
    s = scenario(hands=[[20], [10]], lineup=[45, 10])
    assert all("vs villain attack 10" not in str(a) for a in s.legal_actions())
    with pytest.raises(IllegalActionError):
        s.apply("The Kraken: attack 20 vs villain attack 10")


def test_overlooked_uncontested_cards_deal_damage_and_go_under_the_final_battle_card():
    s = scenario(hands=[[10], [10]], lineup=[30], villains_left=1)
    s = play(s, "heal")
    assert s.pending_damage == 2 and "end.damage" in rules_of(s)
    after = play(s, "spread")
    assert after.life == [4, 4]
    assert "end.final-pile" in rules_of(after) and after.to_dict()["final_pile_count"] == 1


def test_overlooked_a_hero_has_only_one_life_boost():
    s = scenario(
        heroes=("kraken", "rumor", "seance"),
        hands=[["life-boost"], ["life-boost"], []],
        lineup=[30, 30],
    )
    s = play(s, "story", "Life Boost to Séance")
    assert [str(a) for a in s.legal_actions() if a.kind == "story"] == [
        "The Rumor: play Life Boost: Life Boost to The Kraken (you lose 1 bar); leave 30 "
        "uncontested"
    ]
    assert refusal(s, Story(1, held(s, 1, "life-boost"), 2)).rule == "life.one-boost"


def test_overlooked_hand_size_villains_and_strength_vary_with_player_count():
    two, five = ul.load("academy", players=2).new(seed=1), ul.load("academy", players=5).new(seed=1)
    assert (len(two.hands[0]), len(two.faced + two.villains), len(two.lineup)) == (5, 4, 7)
    assert (len(five.hands[0]), len(five.faced + five.villains), len(five.lineup)) == (3, 6, 10)


def test_overlooked_a_dead_hero_is_out_of_the_game():
    s = scenario(
        heroes=("kraken", "rumor", "seance"),
        hands=[[20], [20], [20]],
        lineup=[10, 10],
        life=[5, 0, 5],
    )
    assert s.to_dict()["heroes"][1]["alive"] is False
    assert refusal(s, "pass/1").rule == "life.death"


def test_overlooked_a_blocked_card_leaves_but_deals_half_rounded_up():
    s = scenario(hands=[[10], [10]], lineup=[10, 10])  # 1 damage: half rounded up is 1
    after = play(s, "block")
    assert after.outcomes[0] == BLOCKED and after.pending_damage == 1


def test_overlooked_a_hero_boost_can_come_from_any_hero_at_any_time():
    s = scenario(
        heroes=("kraken", "rumor", "seance"),
        hands=[[10], [10], [25, "hero-boost-20"]],
        lineup=[30, 30, 30],
    )
    s = play(s, "boosted", "from Séance")  # Séance boosts The Kraken's 10, out of turn
    assert s.outcomes[0] == BLOCKED and s.life[2] == 4


def test_overlooked_damage_can_be_shared_among_all_living_heroes():
    s = scenario(
        heroes=("kraken", "rumor", "seance"), hands=[["hero-boost-20"], [], []], lineup=[45]
    )
    s = play(s, "pass")
    targets = {a.key.seat for a in s.legal_actions() if a.kind == "damage"}
    assert targets == {0, 1, 2}
    s = s.apply("Team: 1 damage to The Kraken (2 more to place)")
    s = s.apply("Team: 1 damage to The Rumor (1 more to place)")
    after = s.apply("Team: 1 damage to Séance")
    assert after.life == [4, 4, 4] and "end.damage" in rules_of(after)


def test_overlooked_number_five_moves_villain_cards_not_hero_cards():
    s = scenario(heroes=("number-five", "rumor"), hands=[[20, 30], [10]], lineup=[50, 10])
    s = play(s, "power")
    assert {a.kind for a in s.legal_actions()} == {"swap"}
    after = play(s, "swap")
    assert attacks(after) == [10, 50] and after.hands[0] == s.hands[0]


# --- Rule ids: code, digest and these tests agree ------------------------------------------------


def _digest_ids() -> set[str]:
    return set(ul.load("academy").rules)


def test_every_rule_id_built_from_the_data_is_in_the_digest():
    """A story's, a power's or a power stage's rule id is made from the card data."""
    state = ul.load("academy", players=2).new(seed=0)
    built = {
        f"story.{s}" for s in ("restore", "life-boost", "strength", "hero-boost", "rivalry", "pogo")
    }
    built |= {f"power.{hero.power}" for hero in state.cards.heroes.values()}
    assert built - _digest_ids() == set()


def test_every_event_and_action_of_whole_games_names_a_digest_rule():
    ids = _digest_ids()
    seen: set[str] = set()
    for players in (1, 3, 5):
        state = ul.load("academy", players=players).new(seed=players)
        seen |= set(rules_of(state))
        rng = random.Random(players)
        while not state.is_over:
            seen |= {action.rule for action in state.legal_actions()}
            state = state.apply(heuristic(state, rng))
            seen |= set(rules_of(state))
        assert state.result.rule in ("game.win", "game.lose")
    assert seen - ids == set()


# --- the heuristic and the option moves ----------------------------------------------------------


def _heuristic_label(s: AcademyState) -> str:
    return heuristic(s, random.Random(0)).label(s)


def test_heuristic_sends_the_krakens_pair_against_a_later_card_of_3_damage():
    s = scenario(heroes=("kraken", "rumor"), hands=[[20, 30, 10], [10]], lineup=[10, 45])
    assert _heuristic_label(s) == (
        "The Kraken (Hits Twice, 1 bar): attack card 2, villain attack 45 (3 damage), "
        "with 20 + 30 = 50"
    )
    faced = scenario(
        heroes=("kraken", "rumor"),
        hands=[[20, 30, 10], [10]],
        lineup=[10, 45],
        kraken_target="faced",
    )
    assert _heuristic_label(faced) == "The Kraken: attack 20 vs villain attack 10"
    low = scenario(heroes=("kraken", "rumor"), hands=[[20, 30, 10], [10]], lineup=[10, 30])
    assert _heuristic_label(low) == "The Kraken: attack 20 vs villain attack 10"  # 2 damage


def test_heuristic_boosts_the_card_that_blocked_when_it_spares_2_bars():
    s = scenario(heroes=("horror", "rumor"), hands=[[45], ["hero-boost-10", 10]], lineup=[45, 10])
    after = s.apply("The Horror: block with 45 vs villain attack 45 (take 2)")
    assert _heuristic_label(after).startswith("The Rumor: Hero Boost +10 on the card that blocked")
    s = scenario(heroes=("horror", "rumor"), hands=[[30], ["hero-boost-10", 10]], lineup=[30, 10])
    after = s.apply("The Horror: block with 30 vs villain attack 30 (take 1)")
    assert "boost-on" in kinds(after)  # 1 bar spared for the boost's 1: not worth it
    assert _heuristic_label(after).startswith("Team: spread")


def test_heuristic_lets_space_boy_double_another_heros_card_that_then_blocks():
    s = scenario(
        heroes=("rumor", "space-boy"), hands=[[20, 10], [10]], lineup=[40, 10], double_shot="any"
    )
    assert _heuristic_label(s) == (
        "The Rumor: block with 20 doubled by Space Boy = 40 vs villain attack 40 "
        "(Space Boy uses Double Shot, 1 bar)"
    )
