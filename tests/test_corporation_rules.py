"""Rule scenarios of Heroes vs the Umbrella Corporation, one small test per rule of the digest.

Each test sets a table up by hand with ``scenario(...)``, acts through the public API (labels,
or legal actions picked by kind; chance steps forced by applying one outcome) and checks both
what changed and the rule ids of the events. Rule ids are those of ``games/corporation/digest.md``;
``test_every_rule_of_the_digest_has_a_test`` checks that each one is named below.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest
from helpers import find, labels, play, rules_of

import umbrella_lab as ul
from umbrella_lab import CHANCE, IllegalActionError
from umbrella_lab.engine.moves import Move
from umbrella_lab.engine.play import play_out
from umbrella_lab.games.corporation import rules
from umbrella_lab.games.corporation.policies import heuristic
from umbrella_lab.games.corporation.rules import (
    HAND_LIMIT,
    HERO,
    UMBRELLA,
    Assault,
    AttachCharacter,
    Hunt,
    PlayTeam,
)
from umbrella_lab.games.corporation.scenario import scenario

# --- helpers -------------------------------------------------------------------------------------


def outcome(state, text: str):
    """Force the chance outcome whose label contains ``text`` (a what-if)."""
    assert state.to_act == CHANCE, f"not a chance step: {state.phase}"
    for action, _ in state.chance_outcomes():
        if text in action.label:
            return state.apply(action)
    raise AssertionError(f"no outcome {text!r}: {[str(a) for a, _ in state.chance_outcomes()]}")


def rolls(state, first: int, second: int):
    """Force both 2D6 rolls of a combat: the attacker's, then the defender's."""
    state = outcome(state, f" {first} (")
    return outcome(state, f" {second} (")


def ids(state, side: int, numbers) -> list[str]:
    designs = state.cards.hero if side == HERO else state.cards.umbrella
    return [designs[n].id for n in numbers]


def card_id(state, side: int, number: int) -> str:
    return ids(state, side, [number])[0]


def hand(state, side: int) -> list[str]:
    return sorted(ids(state, side, state.hands[side]))


def refusal(state, move) -> IllegalActionError:
    """The error raised by applying a refused move; the state must not change."""
    before = json.dumps(state.to_dict())
    with pytest.raises(IllegalActionError) as info:
        state.apply(move)
    assert json.dumps(state.to_dict()) == before
    return info.value


def assault_ready(**kwargs):
    """A table in the Assault phase: S.T.A.R.S. Alpha (Jill, Barry) against Paris Laboratory."""
    kwargs.setdefault("teams", {"stars-alpha": ["jill", "barry"]})
    kwargs.setdefault("facilities", ["paris-lab", "the-hive"])
    return scenario(**kwargs)


# --- 1. Aim, 2. The cards ------------------------------------------------------------------------


def test_aim_a_game_ends_with_one_side_winning():
    game = ul.load("corporation")
    assert game.info.players == (2,)
    final = play_out(game.deal(11), heuristic, random.Random(11))
    assert final.result.rule in ("game.hero-wins", "game.umbrella-wins")
    assert len(final.result.winners) == 1


def test_cards_hero_deck_holds_teams_characters_and_events():
    state = ul.load("corporation").new(seed=0)
    kinds = [card.kind for card in state.cards.hero]
    assert (kinds.count("team"), kinds.count("character"), kinds.count("event")) == (6, 20, 14)
    assert {card.subtype for card in state.cards.hero if card.kind != "event"} == {
        "operative",
        "merc",
        "survivor",
    }
    assert len(state.decks[HERO]) == 40


def test_cards_umbrella_deck_holds_units_events_traps_and_the_new_facility():
    state = ul.load("corporation").new(seed=0)
    deck = [state.cards.umbrella[n] for n in state.decks[UMBRELLA]]
    assert len(deck) == 40
    assert [c.id for c in deck if c.kind == "facility"] == ["new-facility"]
    assert {c.subtype for c in deck if c.kind == "unit"} == {
        "soldier",
        "monster",
        "zombie",
        "vehicle",
    }
    assert sum(1 for c in deck if c.kind == "trap") == 6


def test_cards_in_play_events_go_to_the_discard_pile_and_units_stay():
    s = scenario(phase="events", hero_hand=["intel"], umbrella_hand=["tyrant"])
    s = play(s, "event", "Intel")  # Umbrella had nothing to play: the Heroes are asked
    assert "intel" in ids(s, HERO, s.discards[HERO])
    assert "event.intel" in rules_of(s)
    s = play(s, "done", "Heroes end recruiting")
    s = play(s, "unit", "Tyrant")
    assert ids(s, UMBRELLA, s.units) == ["tyrant"]
    assert "recruit.units" in rules_of(s)


def test_cards_hidden_each_seat_sees_its_own_hand_and_no_deck_order():
    s = scenario(hero_hand=["alice", "intel"], umbrella_hand=["tyrant"])
    heroes = s.to_dict(HERO)
    assert [c["id"] for c in heroes["heroes"]["hand"]] == ["alice", "intel"]
    assert heroes["umbrella"]["hand"] is None and heroes["umbrella"]["hand_count"] == 1
    umbrella = s.to_dict(UMBRELLA)
    assert umbrella["heroes"]["hand"] is None and umbrella["heroes"]["hand_count"] == 2
    for view in (heroes, umbrella, s.to_dict()):
        text = json.dumps(view)
        assert "deck_count" in text and '"deck"' not in text
    assert "tyrant" not in json.dumps(heroes)


def test_cards_data_an_edited_folder_changes_the_cards(tmp_path):
    folder = tmp_path / "data"
    source = Path(ul.__file__).parent / "games" / "corporation" / "data"
    folder.mkdir()
    for file in source.glob("*.toml"):
        text = file.read_text(encoding="utf-8")
        (folder / file.name).write_text(
            text.replace(
                'name = "Paris Laboratory"\nkind = "facility"\nsubtype = ""\nforce = 5',
                'name = "Paris Laboratory"\nkind = "facility"\nsubtype = ""\nforce = 2',
            ),
            encoding="utf-8",
        )
    s = scenario(facilities=["paris-lab"], teams={"stars-alpha": []}, data=str(folder))
    assert "S.T.A.R.S. Alpha Team assaults Paris Laboratory (force 2 vs 2 before dice)" in labels(s)


# --- 3. Setup ----------------------------------------------------------------------------------


def test_setup_facilities_six_in_play_and_the_new_facility_in_the_deck():
    s = ul.load("corporation").new(seed=4)
    assert len(s.facilities) == 6
    assert all(s.cards.umbrella[n].start for n in s.facilities)
    assert "new-facility" in ids(s, UMBRELLA, s.decks[UMBRELLA])
    assert rules_of(s)[:3] == ["cards.hero-deck", "cards.umbrella-deck", "setup.facilities"]
    assert "1 facility" in s.events[1].text  # the New Facility [cards.umbrella-deck]


def test_setup_team_the_heroes_choose_their_first_team():
    s = ul.load("corporation").new(seed=4)
    assert s.to_act == HERO and s.turn == 0
    assert len(s.legal_actions()) == 6
    assert all(a.rule == "setup.team" for a in s.legal_actions())
    s = play(s, "search", "Raccoon City Survivors")
    assert ids(s, HERO, s.teams) == ["raccoon-survivors"]
    assert rules_of(s)[0] == "setup.team"


def test_setup_shuffle_and_hands_after_the_search():
    s = ul.load("corporation").new(seed=4)
    s = play(s, "search")
    got = rules_of(s)
    assert got[:4] == ["setup.team", "setup.shuffle", "setup.hands", "setup.hands"]
    # two cards each at setup, two more in the first Draw phase
    assert s.turn == 1
    assert len(s.hands[HERO]) + len(s.discards[HERO]) >= 4


def test_setup_hands_two_cards_each():
    s = ul.load("corporation").new(seed=5)
    s = play(s, "search")
    hands = [e.text for e in s.events if e.rule == "setup.hands"]
    assert hands == ["The Heroes draw 2 cards.", "Umbrella draws 2 cards."]


# --- 4. The turn, 5. Draw ------------------------------------------------------------------------


def test_turn_phases_run_in_order():
    s = scenario(
        phase="end",
        hero_hand=["alice"],
        umbrella_hand=["tyrant"],
        units=["licker"],
        teams={"stars-alpha": ["jill"]},
        hero_deck=["intel", "rain"],
        umbrella_deck=["red-queen-lockdown", "agent"],
    )
    # End phase (nothing to discard), then a new turn: Draw, Events, Recruit, ...
    assert s.turn == 2 and s.phase == "events" and s.to_act == UMBRELLA
    assert [e.rule for e in s.events[-3:]] == ["turn.phases", "draw.cards", "draw.cards"]
    s = play(s, "pass")
    s = play(s, "pass")
    assert s.phase == "recruit" and s.to_act == HERO
    s = play(s, "done")
    assert s.phase == "recruit" and s.to_act == UMBRELLA
    s = play(s, "done")
    assert s.phase == "assault"
    s = play(s, "skip")
    assert s.phase == "hunt"
    s = play(s, "skip")
    assert s.turn == 3
    assert [r for r in rules_of(s) if r in ("turn.phases", "draw.cards")] == [
        "turn.phases",
        "draw.cards",
        "draw.cards",
    ]


def test_draw_cards_two_each():
    s = scenario(
        phase="draw",
        hero_deck=["alice", "jill", "intel"],
        umbrella_deck=["tyrant", "licker", "guard"],
        turn=3,
    )
    assert s.turn == 3
    assert hand(s, HERO) == ["alice", "jill"]
    assert hand(s, UMBRELLA) == ["licker", "tyrant"]
    assert [e.rule for e in s.events[:3]] == ["turn.phases", "draw.cards", "draw.cards"]


def test_draw_team_search_when_no_team_is_in_play():
    s = scenario(phase="draw", teams={}, destroyed_teams=["stars-alpha"])
    assert s.phase == "search" and s.to_act == HERO
    assert all(a.rule == "draw.team-search" for a in s.legal_actions())
    assert len(s.legal_actions()) == 5
    s = play(s, "search", "Arcadia Convoy")
    assert ids(s, HERO, s.teams) == ["arcadia-convoy"]
    assert rules_of(s)[0] == "draw.team-search"
    assert "then shuffle their deck" in s.events[0].text


def _no_team_in_the_deck(**options):
    return scenario(
        phase="draw",
        teams={},
        hero_deck=["alice", "jill", "intel"],
        hero_discard=["ubcs-echo"],
        destroyed_teams=[
            "stars-alpha",
            "stars-bravo",
            "ubcs-delta",
            "raccoon-survivors",
            "arcadia-convoy",
        ],
        **options,
    )


def test_draw_team_search_looks_only_in_the_deck():
    s = _no_team_in_the_deck()
    assert not s.teams and all(a.kind != "search" for a in s.legal_actions())
    assert "draw.team-search" not in rules_of(s)


def test_opt_team_search_discard_too_looks_in_the_discard_pile_when_the_deck_has_none():
    s = _no_team_in_the_deck(team_search="discard-too")
    assert labels(s) == [
        "Heroes search their discard pile: U.B.C.S. Echo Team (Merc, force 2) goes into play"
    ]
    s = s.apply(labels(s)[0])
    assert ids(s, HERO, s.teams) == ["ubcs-echo"]


def test_draw_reshuffle_an_empty_deck_is_refilled_from_the_discard_pile():
    s = scenario(phase="draw", hero_deck=["alice"], hero_discard=["jill"])
    # the rest of the Heroes' cards sit in the discard pile too
    got = rules_of(s)
    assert "draw.reshuffle" in got
    assert len(s.hands[HERO]) == 2 and "alice" in hand(s, HERO)
    assert not s.discards[HERO]


# --- 6. Event phase ------------------------------------------------------------------------------


def test_event_order_umbrella_first_then_alternate_until_two_passes():
    s = scenario(phase="events", hero_hand=["intel"], umbrella_hand=["red-queen-lockdown"])
    assert s.to_act == UMBRELLA
    s = play(s, "pass")
    assert s.to_act == HERO and rules_of(s) == ["event.order"]
    s = play(s, "event", "Intel")
    assert s.to_act == UMBRELLA  # a play gives the other side a new turn
    s = play(s, "pass")
    assert s.phase == "recruit" or s.to_act == HERO  # the Heroes' new cards may be events
    if s.phase == "events":
        s = play(s, "pass")
    assert s.phase != "events"


def test_event_intel_draws_two_cards():
    s = scenario(phase="events", hero_hand=["intel"], hero_deck=["alice", "jill", "ada"])
    s = play(s, "event", "Intel")
    assert hand(s, HERO) == ["alice", "jill"]
    assert rules_of(s) == ["event.intel", "event.intel"]


def test_event_medkit_takes_a_character_back_from_the_discard_pile():
    s = scenario(phase="events", hero_hand=["medkit"], hero_discard=["alice", "intel"])
    assert labels(s)[0] == (
        "Heroes play Medkit: take Alice (Operative, force 7) back from the discard pile"
    )
    s = s.apply(labels(s)[0])
    assert hand(s, HERO) == ["alice"]
    assert sorted(ids(s, HERO, s.discards[HERO])) == ["intel", "medkit"]
    assert rules_of(s) == ["event.medkit"]


def test_event_lockdown_forbids_the_assault_this_turn():
    s = scenario(
        phase="events",
        umbrella_hand=["red-queen-lockdown", "red-queen-lockdown"],
        teams={"stars-alpha": []},
        hero_hand=["jill"],
        units=["guard"],
    )
    s = play(s, "event", "Red Queen Lockdown")
    assert s.lockdown and rules_of(s)[0] == "event.lockdown"
    # the Heroes pass (no events); a second Lockdown in the same turn is not offered, so
    # Umbrella passes too, and the Recruit phase begins
    assert s.phase == "recruit"
    s = play(s, "done")
    assert s.phase == "hunt"  # no Assault phase this turn
    assert "event.lockdown" in rules_of(s)
    error = refusal(s, Assault("stars-alpha", card_id(s, UMBRELLA, s.facilities[0])))
    assert error.rule == "event.lockdown"


def test_event_reinforcements_take_a_unit_from_the_deck():
    s = scenario(phase="events", umbrella_hand=["reinforcements"])
    action = find(s, "event", "take Tyrant")
    assert (
        action.label == "Umbrella plays Reinforcements: take Tyrant (Monster, force 9) from "
        "the deck"
    )
    s = s.apply(action)
    assert hand(s, UMBRELLA) == ["tyrant"]
    assert rules_of(s) == ["event.reinforcements"]


# --- 7. Recruit phase ----------------------------------------------------------------------------


def test_recruit_teams_come_before_characters():
    s = scenario(phase="recruit", hero_hand=["stars-bravo", "jill", "ubcs-delta", "ada"])
    s = play(s, "team", "S.T.A.R.S. Bravo")
    assert rules_of(s) == ["recruit.teams"]
    s = play(s, "attach", "Jill Valentine")
    assert all(a.kind != "team" for a in s.legal_actions())
    error = refusal(s, PlayTeam("ubcs-delta"))
    assert error.rule == "recruit.teams"


def test_recruit_characters_two_per_team_three_with_a_survivor():
    s = scenario(
        phase="recruit", teams={"stars-alpha": ["jill", "barry"]}, hero_hand=["ada", "luther"]
    )
    assert [a.label for a in s.legal_actions() if a.kind == "attach"] == [
        "Heroes attach Luther West (Survivor, force 2) to S.T.A.R.S. Alpha Team"
    ]
    error = refusal(s, AttachCharacter("ada", "stars-alpha"))
    assert error.rule == "recruit.characters"
    s = play(s, "attach", "Luther West")
    assert len(s.crews[0]) == 3
    assert rules_of(s) == ["recruit.characters"]


def test_recruit_subtypes_any_character_joins_any_team_with_no_bonus():
    s = scenario(phase="recruit", teams={"stars-alpha": [], "ubcs-delta": []}, hero_hand=["jill"])
    assert labels(s)[:2] == [
        "Heroes attach Jill Valentine (Operative, force 4) to S.T.A.R.S. Alpha Team",
        "Heroes attach Jill Valentine (Operative, force 4) to U.B.C.S. Delta Team",
    ]
    s = play(s, "attach", "S.T.A.R.S. Alpha Team")
    assert rules_of(s) == ["recruit.characters"]
    assert s.team_force(s.teams[0]) == 2 + 4


def test_opt_subtypes_bonus_a_matching_character_adds_one():
    s = scenario(
        phase="recruit",
        teams={"stars-alpha": [], "ubcs-delta": []},
        hero_hand=["jill"],
        subtypes="bonus",
    )
    assert (
        "Heroes attach Jill Valentine (Operative, force 4) to S.T.A.R.S. Alpha Team "
        "(+1 sub-type)" in labels(s)
    )
    assert "Heroes attach Jill Valentine (Operative, force 4) to U.B.C.S. Delta Team" in labels(s)
    s = play(s, "attach", "S.T.A.R.S. Alpha Team (+1")
    assert rules_of(s) == ["recruit.characters", "recruit.subtypes"]
    assert s.team_force(s.teams[0]) == 2 + 4 + 1


def test_recruit_units_any_number():
    s = scenario(phase="recruit", umbrella_hand=["tyrant", "licker", "licker"])
    assert s.to_act == UMBRELLA  # the Heroes had nothing to recruit
    s = play(s, "unit", "Tyrant")
    s = play(s, "unit", "Licker")
    s = play(s, "unit", "Licker")
    assert sorted(ids(s, UMBRELLA, s.units)) == ["licker", "licker", "tyrant"]
    assert rules_of(s)[0] == "recruit.units"


def test_recruit_new_facility_becomes_a_target():
    s = scenario(phase="recruit", umbrella_hand=["new-facility"], facilities=["the-hive"])
    s = play(s, "facility", "New Facility")
    assert rules_of(s) == ["recruit.new-facility"]
    assert "S.T.A.R.S. Alpha Team assaults New Facility (force 2 vs 5 before dice)" in labels(s)


# --- 8. Assault phase ----------------------------------------------------------------------------


def test_assault_declare_one_team_against_one_facility_or_none():
    s = assault_ready(teams={"stars-alpha": ["jill", "barry"], "ubcs-echo": []})
    assert labels(s) == [
        "S.T.A.R.S. Alpha Team assaults Paris Laboratory (force 9 vs 5 before dice)",
        "S.T.A.R.S. Alpha Team assaults The Hive (force 9 vs 8 before dice)",
        "U.B.C.S. Echo Team assaults Paris Laboratory (force 2 vs 5 before dice)",
        "U.B.C.S. Echo Team assaults The Hive (force 2 vs 8 before dice)",
        "Heroes make no assault this turn",
    ]
    after = play(s, "assault", "Paris")
    assert rules_of(after)[0] == "assault.declare"
    assert after.combat == "assault"


def test_assault_commit_the_heroes_add_assault_events_first():
    s = assault_ready(hero_hand=["ammo-cache", "regroup"], umbrella_hand=["laser-corridor"])
    s = play(s, "assault", "Paris")
    assert s.to_act == HERO
    assert labels(s) == [
        "Heroes commit Ammo Cache (+2 to an assault)",
        "Heroes commit nothing more",
    ]  # Regroup does not help an assault
    s = play(s, "commit", "Ammo Cache")
    assert rules_of(s) == ["assault.commit"]
    assert s.forces() == (11, 5)


def test_assault_defence_one_unit_traps_and_events():
    s = assault_ready(
        units=["tyrant", "licker"],
        umbrella_hand=["laser-corridor", "containment", "t-virus-outbreak"],
    )
    s = play(s, "assault", "Paris")
    assert s.to_act == UMBRELLA  # the Heroes had nothing to commit
    assert labels(s) == [
        "Umbrella defends Paris Laboratory with Tyrant (force 9)",
        "Umbrella defends Paris Laboratory with Licker (force 3)",
        "Umbrella commits Laser Corridor (Trap: +4 to a facility's defence)",
        "Umbrella commits Containment (+2 to a facility's defence)",
        "Umbrella commits nothing more",
    ]
    s = play(s, "defend", "Tyrant")
    assert rules_of(s) == ["assault.defence"]
    assert all(a.kind != "defend" for a in s.legal_actions())  # at most one unit
    s = play(s, "commit", "Laser Corridor")
    assert s.forces() == (9, 5 + 9 + 4)


def test_assault_dice_are_one_chance_step_per_side_with_exact_odds():
    s = assault_ready()
    s = play(s, "assault", "Paris")
    assert s.to_act == CHANCE
    outcomes = s.chance_outcomes()
    assert [a.key.total for a, _ in outcomes] == list(range(2, 13))
    assert sum(p for _, p in outcomes) == 1
    assert {a.key.total: p for a, p in outcomes}[9] == Fraction(4, 36)
    assert outcomes[7][0].label == "Heroes roll 9 (4/36): total 18"
    s = outcome(s, "roll 9 ")
    assert rules_of(s) == ["assault.dice"] and s.to_act == CHANCE
    assert s.chance_outcomes()[0][0].label.startswith("Umbrella rolls 2 (1/36)")


def test_assault_result_ties_go_to_the_attacker():
    s = assault_ready()
    s = play(s, "assault", "Paris")  # force 9 against 5
    s = rolls(s, 3, 7)  # 12 against 12
    assert "assault.result" in rules_of(s)
    assert "a tie goes to the attacker" in next(
        e.text for e in s.events if e.rule == "assault.result"
    )
    assert "paris-lab" in ids(s, UMBRELLA, s.removed[UMBRELLA])


def test_assault_facility_destroyed_and_its_defender_discarded():
    s = assault_ready(units=["licker"])
    s = play(s, "assault", "Paris")
    s = play(s, "defend", "Licker")
    s = rolls(s, 10, 2)
    assert "assault.facility-destroyed" in rules_of(s)
    assert ids(s, UMBRELLA, s.facilities) == ["the-hive"]
    assert "paris-lab" in ids(s, UMBRELLA, s.removed[UMBRELLA])
    assert ids(s, UMBRELLA, s.discards[UMBRELLA]) == ["licker"] and not s.units


def test_assault_team_destroyed_and_removed_from_the_game():
    s = assault_ready(teams={"stars-alpha": [], "ubcs-echo": []})
    s = play(s, "assault", "S.T.A.R.S. Alpha Team assaults The Hive")
    s = rolls(s, 2, 12)
    assert "assault.team-destroyed" in rules_of(s)
    assert ids(s, HERO, s.removed[HERO]) == ["stars-alpha"]
    assert ids(s, HERO, s.teams) == ["ubcs-echo"]


def test_assault_characters_half_discarded_half_back_to_hand():
    s = assault_ready(teams={"stars-alpha": ["jill", "barry"], "ubcs-echo": []})
    s = play(s, "assault", "The Hive")
    s = rolls(s, 2, 12)
    assert s.phase == "split" and s.to_act == CHANCE
    outcomes = s.chance_outcomes()
    assert [(str(a), p) for a, p in outcomes] == [
        (
            "Split: Jill Valentine to the discard pile, Barry Burton back to hand (1/2)",
            Fraction(1, 2),
        ),
        (
            "Split: Barry Burton to the discard pile, Jill Valentine back to hand (1/2)",
            Fraction(1, 2),
        ),
    ]
    s = outcome(s, "Split: Jill Valentine to the discard")
    assert rules_of(s)[0] == "assault.characters"
    assert "barry" in hand(s, HERO) and "jill" not in hand(s, HERO)
    assert "jill" in ids(s, HERO, s.discards[HERO])


def test_assault_characters_an_odd_one_out_goes_either_way():
    s = assault_ready(teams={"arcadia-convoy": ["jill", "barry", "luther"], "ubcs-echo": []})
    s = play(s, "assault", "Arcadia Convoy assaults The Hive")
    s = rolls(s, 2, 12)
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 6 and all(p == Fraction(1, 6) for _, p in outcomes)
    assert sum(p for _, p in outcomes) == 1
    s = outcome(s, "Split: Jill Valentine and Barry Burton to the discard pile")
    assert "luther" in hand(s, HERO)
    assert {"jill", "barry"} <= set(ids(s, HERO, s.discards[HERO]))


def test_assault_unit_fate_a_defending_unit_may_be_lost_even_when_it_holds():
    s = assault_ready(units=["tyrant"], teams={"stars-alpha": [], "ubcs-echo": []})
    s = play(s, "assault", "S.T.A.R.S. Alpha Team assaults Paris")
    s = play(s, "defend", "Tyrant")
    s = rolls(s, 2, 12)
    assert s.phase == "fate" and s.to_act == CHANCE
    assert [(str(a), p) for a, p in s.chance_outcomes()] == [
        ("Die shows 1-3: Tyrant is discarded (1/2)", Fraction(1, 2)),
        ("Die shows 4-6: Tyrant stays in play (1/2)", Fraction(1, 2)),
    ]
    kept = outcome(s, "4-6")
    assert ids(kept, UMBRELLA, kept.units) == ["tyrant"]
    lost = outcome(s, "1-3")
    assert "tyrant" in ids(lost, UMBRELLA, lost.discards[UMBRELLA])
    assert rules_of(lost)[0] == "assault.unit-fate"


def test_assault_cleanup_events_and_traps_are_discarded_win_or_lose():
    s = assault_ready(hero_hand=["ammo-cache"], umbrella_hand=["laser-corridor"])
    s = play(s, "assault", "Paris")
    s = play(s, "commit", "Ammo Cache")  # nothing more to commit: Umbrella's turn
    s = play(s, "commit", "Laser Corridor")  # likewise: the dice
    s = rolls(s, 7, 7)
    assert rules_of(s).count("assault.cleanup") == 2
    assert ids(s, HERO, s.discards[HERO]) == ["ammo-cache"]
    assert ids(s, UMBRELLA, s.discards[UMBRELLA]) == ["laser-corridor"]


# --- 9. Card abilities ---------------------------------------------------------------------------


def test_ability_vs_type_alice_against_a_monster():
    s = assault_ready(teams={"stars-alpha": ["alice"]}, units=["tyrant", "agent"])
    s = play(s, "assault", "Paris")
    s = play(s, "defend", "Tyrant")  # no cards left to commit: the dice
    assert s.forces() == (2 + 7 + 2, 5 + 9)
    assert "ability.vs-type" in rules_of(s)


def test_ability_medic_always_goes_back_to_hand():
    s = assault_ready(teams={"stars-alpha": ["rebecca", "jill"], "ubcs-echo": []})
    s = play(s, "assault", "The Hive")
    s = rolls(s, 2, 12)
    assert "ability.medic" in rules_of(s)
    assert hand(s, HERO) == ["rebecca"]
    assert [str(a) for a, _ in s.chance_outcomes()] == [
        "Split: nobody to the discard pile, Jill Valentine back to hand (1/2)",
        "Split: Jill Valentine to the discard pile, nobody back to hand (1/2)",
    ]


def test_ability_lucky_k_mart_may_reroll_once():
    s = assault_ready(teams={"arcadia-convoy": ["k-mart"]})
    s = play(s, "assault", "Paris")  # force 2 + 1 = 3 against 5
    s = rolls(s, 3, 10)
    assert s.phase == "lucky" and s.to_act == HERO
    assert labels(s) == [
        "Heroes re-roll with K-Mart's luck (now 6 vs 15)",
        "Heroes keep their roll of 3",
    ]
    again = play(s, "reroll")
    assert rules_of(again) == ["ability.lucky"] and again.to_act == CHANCE
    again = outcome(again, "roll 12 ")
    assert again.phase != "lucky"  # once per combat
    assert "assault.result" in rules_of(again)
    assert again.history[-1][4:6] == (15, 15)


def test_ability_hunt_defence_carlos_defends_better():
    s = scenario(phase="hunt", teams={"ubcs-delta": ["carlos"]}, units=["agent"])
    assert labels(s)[0] == "Agent hunts U.B.C.S. Delta Team (force 4 vs 6 before dice)"
    s = play(s, "hunt")
    assert "ability.hunt-defence" in rules_of(s)
    assert s.forces() == (4, 2 + 3 + 1)


def test_ability_defence_a_licker_defends_with_two_more():
    s = assault_ready(units=["licker"])
    s = play(s, "assault", "Paris")
    s = play(s, "defend", "Licker")
    assert s.forces() == (9, 5 + 1 + 2)
    s = play(s, "commit-done") if s.to_act == UMBRELLA else s
    assert "ability.defence" in rules_of(s)


def test_ability_anti_virus_a_zombie_counts_zero():
    s = assault_ready(hero_hand=["anti-virus"], units=["supersoldier"])
    s = play(s, "assault", "Paris")
    s = play(s, "commit", "Anti-Virus")  # the Heroes have nothing more: Umbrella's turn
    s = play(s, "defend", "Supersoldier")
    assert s.forces() == (9, 5)
    assert "ability.anti-virus" in rules_of(s)


def test_ability_assist_flat_bonuses():
    s = assault_ready(hero_hand=["air-support"], umbrella_hand=["blast-doors", "gas-release"])
    s = play(s, "assault", "Paris")
    s = play(s, "commit", "Air Support")
    s = play(s, "commit", "Blast Doors")
    assert s.forces() == (9 + 3, 5 + 3)
    s = play(s, "commit", "Gas Release")
    assert rules_of(s).count("ability.assist") == 3
    assert s.forces() == (9 + 3, 5 + 3 + 2)


# --- 10. Search and Destroy ----------------------------------------------------------------------


def test_search_declare_one_unit_against_one_team_or_none():
    s = scenario(
        phase="hunt",
        teams={"stars-alpha": ["jill"], "ubcs-echo": []},
        units=["tyrant", "licker", "licker"],
    )
    assert labels(s) == [
        "Tyrant hunts S.T.A.R.S. Alpha Team (force 9 vs 6 before dice)",
        "Tyrant hunts U.B.C.S. Echo Team (force 9 vs 2 before dice)",
        "Licker hunts S.T.A.R.S. Alpha Team (force 1 vs 6 before dice)",
        "Licker hunts U.B.C.S. Echo Team (force 1 vs 2 before dice)",
        "Umbrella sends no unit on Search and Destroy",
    ]
    s = play(s, "hunt", "Echo")
    assert rules_of(s)[0] == "search.declare"


def test_search_commit_umbrella_first_then_the_team():
    s = scenario(
        phase="hunt",
        teams={"stars-alpha": ["jill"]},
        units=["tyrant"],
        umbrella_hand=["t-virus-outbreak"],
        hero_hand=["regroup", "ammo-cache"],
    )
    s = play(s, "hunt")
    assert s.to_act == UMBRELLA
    s = play(s, "commit", "T-Virus Outbreak")  # Umbrella has nothing more: the Heroes' turn
    assert rules_of(s) == ["search.commit"]
    assert labels(s) == [
        "Heroes commit Regroup (+2 to a team's defence against Search and Destroy)",
        "Heroes commit nothing more",
    ]
    s = play(s, "commit", "Regroup")
    assert s.forces() == (9 + 2, 6 + 2)


def test_search_dice_umbrella_rolls_first():
    s = scenario(phase="hunt", teams={"stars-alpha": ["jill"]}, units=["tyrant"])
    s = play(s, "hunt")
    assert s.to_act == CHANCE
    assert s.chance_outcomes()[0][0].label == "Umbrella rolls 2 (1/36): total 11"
    s = outcome(s, "rolls 5 ")
    assert rules_of(s) == ["search.dice"]
    assert s.chance_outcomes()[0][0].label.startswith("Heroes roll 2")


def test_search_result_ties_go_to_the_unit():
    s = scenario(phase="hunt", teams={"stars-alpha": ["jill"], "ubcs-echo": []}, units=["tyrant"])
    s = play(s, "hunt", "Alpha")  # 9 against 6
    s = rolls(s, 4, 7)  # 13 against 13
    assert "search.result" in rules_of(s)
    assert "stars-alpha" in ids(s, HERO, s.removed[HERO])


def test_search_team_destroyed_and_its_characters_split():
    s = scenario(
        phase="hunt", teams={"stars-alpha": ["jill", "ada"], "ubcs-echo": []}, units=["tyrant"]
    )
    s = play(s, "hunt", "Alpha")
    s = rolls(s, 12, 2)
    assert "search.team-destroyed" in rules_of(s)
    assert s.phase == "split"
    s = outcome(s, "Split: Ada Wong to the discard")
    assert hand(s, HERO) == ["jill"]
    assert s.phase == "fate"


def test_search_unit_lost_when_the_team_holds():
    s = scenario(phase="hunt", teams={"stars-alpha": ["jill"]}, units=["tyrant"])
    s = play(s, "hunt")
    s = rolls(s, 2, 12)
    assert "search.unit-lost" in rules_of(s)
    assert not s.units and ids(s, UMBRELLA, s.discards[UMBRELLA]) == ["tyrant"]


def test_search_unit_fate_even_a_winner_may_be_lost():
    s = scenario(phase="hunt", teams={"stars-alpha": [], "ubcs-echo": []}, units=["tyrant"])
    s = play(s, "hunt", "Alpha")
    s = rolls(s, 12, 2)
    assert s.phase == "fate"
    lost = outcome(s, "1-3")
    assert rules_of(lost)[0] == "search.unit-fate" and not lost.units


# --- 11. End phase, 12. End of the game ----------------------------------------------------------


def test_end_hand_limit_discard_down_to_five():
    s = scenario(phase="end", hero_hand=["intel", "alice", "jill", "ada", "barry", "rain", "leon"])
    assert s.to_act == HERO and s.phase == "discard"
    assert all(a.rule == "end.hand-limit" for a in s.legal_actions())
    s = play(s, "discard", "Intel")
    assert rules_of(s) == ["end.hand-limit"]
    s = play(s, "discard", "Leon")
    assert len(s.hands[HERO]) <= HAND_LIMIT + 2  # drew 2 in the next turn
    assert s.phase != "discard" or s.to_act == UMBRELLA


def test_game_hero_wins_when_the_last_facility_falls():
    s = assault_ready(facilities=["paris-lab"])
    s = play(s, "assault", "Paris")
    s = rolls(s, 7, 7)
    assert s.is_over and s.result.winners == (HERO,)
    assert s.result.rule == "game.hero-wins"
    assert rules_of(s)[-1] == "game.hero-wins"


def test_game_umbrella_wins_when_no_team_is_left():
    six = ["stars-bravo", "ubcs-delta", "ubcs-echo", "raccoon-survivors", "arcadia-convoy"]
    s = scenario(phase="hunt", teams={"stars-alpha": []}, units=["tyrant"], destroyed_teams=six)
    s = play(s, "hunt")
    s = rolls(s, 12, 2)
    assert s.is_over and s.result.winners == (UMBRELLA,)
    assert s.result.rule == "game.umbrella-wins"
    assert s.legal_actions() == []


def test_game_umbrella_does_not_win_while_a_team_card_is_left():
    s = scenario(phase="hunt", teams={"stars-alpha": []}, units=["tyrant"])
    s = play(s, "hunt")
    s = rolls(s, 12, 2)
    assert not s.is_over


def test_game_turn_limit_ends_in_a_draw():
    s = scenario(phase="end", turn=3, turn_limit=3)
    assert s.is_over and s.result.winners == ()
    assert s.result.rule == "game.turn-limit"


# --- 13. Interpretations -------------------------------------------------------------------------


def test_opt_split_umbrella_chooses_the_discarded_half_rounded_up():
    s = assault_ready(
        teams={"arcadia-convoy": ["jill", "barry", "luther"], "ubcs-echo": []}, split="umbrella"
    )
    s = play(s, "assault", "Arcadia Convoy assaults The Hive")
    s = rolls(s, 2, 12)
    assert s.to_act == UMBRELLA and s.phase == "split"
    assert len(s.legal_actions()) == 3
    s = play(s, "split", "Umbrella: Jill Valentine and Barry Burton to the discard pile")
    assert rules_of(s)[0] == "opt.split"
    assert "luther" in hand(s, HERO) and "jill" not in hand(s, HERO)


def test_opt_split_the_heroes_may_choose():
    s = assault_ready(teams={"stars-alpha": ["jill", "barry"], "ubcs-echo": []}, split="hero")
    s = play(s, "assault", "The Hive")
    s = rolls(s, 2, 12)
    assert s.to_act == HERO
    s = play(s, "split", "Barry Burton to the discard")
    assert "jill" in hand(s, HERO) and "barry" not in hand(s, HERO)


def test_opt_fifty_fifty_coin_words():
    s = scenario(
        phase="hunt",
        teams={"stars-alpha": [], "ubcs-echo": []},
        units=["tyrant"],
        fifty_fifty="coin",
    )
    s = play(s, "hunt", "Alpha")
    s = rolls(s, 12, 2)
    assert [str(a) for a, _ in s.chance_outcomes()] == [
        "Coin shows heads: Tyrant is discarded (1/2)",
        "Coin shows tails: Tyrant stays (1/2)",
    ]


def test_opt_search_ties_defender_gives_a_tie_to_the_team():
    s = scenario(
        phase="hunt", teams={"stars-alpha": ["jill"]}, units=["tyrant"], search_ties="defender"
    )
    s = play(s, "hunt", "Alpha")  # 9 against 6
    s = rolls(s, 4, 7)  # 13 against 13
    assert "a tie goes to the defender" in next(
        e.text for e in s.events if e.rule == "search.result"
    )
    assert s.teams and not s.units


def test_opt_team_loss_none_in_play_ends_at_once():
    s = scenario(
        phase="hunt", teams={"stars-alpha": []}, units=["tyrant"], team_loss="none-in-play"
    )
    s = play(s, "hunt")
    s = rolls(s, 12, 2)
    assert s.is_over and s.result.rule == "game.umbrella-wins"


def test_opt_win_check_end_of_turn():
    s = assault_ready(
        facilities=["paris-lab"],
        win_check="end-of-turn",
        units=["tyrant"],
        hero_hand=["alice", "ada", "rain", "leon", "peyton", "luther"],
    )
    s = play(s, "assault", "Paris")
    s = play(s, "commit-done")  # no unit: Umbrella passes on the defence
    s = rolls(s, 12, 2)
    assert not s.is_over and not s.facilities  # the Heroes have won, but it is not checked yet
    s = play(s, "skip")  # no Search and Destroy
    s = play(s, "discard")  # hand limit
    assert s.is_over and s.result.rule == "game.hero-wins"


def test_opt_commit_order_alternate():
    s = assault_ready(
        hero_hand=["ammo-cache", "air-support"],
        umbrella_hand=["laser-corridor"],
        commit_order="alternate",
    )
    s = play(s, "assault", "Paris")
    s = play(s, "commit", "Ammo Cache")
    assert s.to_act == UMBRELLA  # one card each, in turn
    s = play(s, "commit-done")
    assert rules_of(s) == ["opt.commit_order"] and s.to_act == HERO
    s = play(s, "commit", "Air Support")
    s = play(s, "commit", "Laser Corridor")
    assert s.to_act == CHANCE  # the Heroes have nothing left: two passes end it
    assert s.forces() == (9 + 2 + 3, 5 + 4)


def test_opt_subtypes_strict_and_free():
    strict = scenario(
        phase="recruit",
        teams={"stars-alpha": [], "ubcs-delta": []},
        hero_hand=["jill"],
        subtypes="strict",
    )
    assert [a.label for a in strict.legal_actions() if a.kind == "attach"] == [
        "Heroes attach Jill Valentine (Operative, force 4) to S.T.A.R.S. Alpha Team"
    ]
    assert refusal(strict, AttachCharacter("jill", "ubcs-delta")).rule == "opt.subtypes"
    free = scenario(phase="recruit", teams={"stars-alpha": []}, hero_hand=["jill"], subtypes="free")
    free = play(free, "attach")
    assert free.team_force(free.teams[0]) == 6
    assert rules_of(free) == ["recruit.characters"]


def test_opt_unit_actions_once():
    s = assault_ready(
        units=["tyrant", "licker"],
        unit_actions="once",
        teams={"stars-alpha": ["jill", "barry"], "ubcs-echo": []},
    )
    s = play(s, "assault", "S.T.A.R.S. Alpha Team assaults Paris")
    s = play(s, "defend", "Tyrant")
    s = rolls(s, 2, 12)
    s = outcome(s, "Split: Jill Valentine to the discard")
    s = outcome(s, "4-6")
    assert s.phase == "hunt"
    assert all("Tyrant" not in label for label in labels(s))
    assert refusal(s, Hunt("tyrant", card_id(s, HERO, s.teams[0]))).rule == "opt.unit_actions"


# --- the digest ----------------------------------------------------------------------------------


def test_every_event_and_action_names_a_rule_of_the_digest():
    book = ul.load("corporation").rules
    game = ul.load("corporation")
    for seed in range(3):
        state = game.new(seed)
        rng = random.Random(seed)
        while not state.is_over:
            for action in state.legal_actions():
                assert action.rule in book, action
            state = state.apply(heuristic(state, rng))
            for event in state.events:
                assert event.rule in book, event


# --- the move kinds ------------------------------------------------------------------------------


def refused_samples():
    """One refused move of every kind, each with a table where it is refused."""
    search = ul.load("corporation").new(seed=1)  # the Heroes' first team search
    assault = assault_ready(units=["tyrant"], hero_hand=["ammo-cache"], umbrella_hand=["guard"])
    return [
        (search, rules.SearchTeam("jill")),  # a character, not a team in the deck
        (assault, rules.SearchTeam("stars-bravo")),
        (search, rules.PlayEvent(UMBRELLA, "reinforcements", "tyrant")),
        (search, rules.Pass(HERO)),
        (search, rules.PlayTeam("stars-bravo")),
        (search, rules.AttachCharacter("jill", "stars-alpha")),
        (search, rules.PlayUnit("tyrant")),
        (search, rules.BuildFacility("new-facility")),
        (search, rules.EndRecruit(HERO)),
        (assault, rules.Assault("ubcs-echo", "paris-lab")),  # no such team in play
        (assault, rules.Defend("tyrant")),
        (assault, rules.Commit(HERO, "ammo-cache")),
        (assault, rules.CommitDone(UMBRELLA)),
        (assault, rules.Roll(HERO, 7)),
        (assault, rules.Reroll()),
        (assault, rules.Keep()),
        (assault, rules.Split(CHANCE, ())),
        (assault, rules.Fate(1)),
        (assault, rules.Hunt("tyrant", "stars-alpha")),
        (assault, rules.Skip(UMBRELLA)),  # the Heroes decide the assault
        (assault, rules.Discard(HERO, "ammo-cache")),
    ]


def test_every_move_kind_says_why_it_is_refused_with_a_rule_of_the_digest():
    book = ul.load("corporation").rules
    samples = refused_samples()
    assert {type(move) for _, move in samples} == set(rules.MOVES)
    for state, move in samples:
        assert move not in state.legal_moves(), move
        reason, rule = move.why_not(state)
        assert reason and rule in book, (move, reason, rule)
        error = refusal(state, move)
        assert error.rule == rule and reason in str(error)


def test_every_move_kind_has_its_parts_and_a_kind_word_the_explorer_groups():
    from umbrella_lab.games.corporation.board import BOARD as VIEW

    grouped = {kind for kinds in VIEW.groups.values() for kind in kinds}
    for kind in rules.MOVES:
        assert kind.__doc__ and "[" in kind.__doc__, kind  # cites its rule
        assert kind.rule in ul.load("corporation").rules, kind
        own = kind.__mro__[: kind.__mro__.index(Move)]  # the kind and its game's base classes
        for part in ("legal", "play", "label"):
            assert any(part in vars(cls) for cls in own), (kind, part)
        if kind not in (rules.Roll, rules.Fate, rules.Split):  # luck's steps: not grouped
            assert kind.kind in grouped, kind
    assert len({kind.kind for kind in rules.MOVES}) == len(rules.MOVES)


def test_action_ids_name_cards_by_their_id():
    s = assault_ready(units=["tyrant"], hero_hand=["ammo-cache"])
    assert [a.id for a in s.legal_actions()] == [
        "assault/stars-alpha/paris-lab",
        "assault/stars-alpha/the-hive",
        "skip/0",
    ]
    s = s.apply("assault/stars-alpha/paris-lab")
    assert [a.id for a in s.legal_actions()] == ["commit/0/ammo-cache", "commit-done/0"]
    s = s.apply("commit-done/0")
    assert [a.id for a in s.legal_actions()] == ["defend/tyrant", "commit-done/1"]
    s = s.apply("commit-done/1")
    assert s.legal_actions()[0].id == "roll/0/2"


# --- hidden information --------------------------------------------------------------------------


def test_heuristic_uses_only_its_own_view():
    """Dealing the other side's hand and every deck anew never changes the heuristic's choice."""
    game = ul.load("corporation")
    checked = 0
    for seed in range(30):
        state = game.deal(seed)
        rng = random.Random(seed)
        while state.result is None:
            seat = state.to_act
            move = heuristic(state, rng)
            if seat != CHANCE:
                for other in range(2):
                    twin = state.reshuffled(seed * 100 + other, seen_by=seat)
                    assert twin.to_dict(seat) == state.to_dict(seat)  # no seed in a seat view
                    assert heuristic(twin, random.Random(0)) == move
                checked += 1
            move.play(state)
    assert checked > 1000


def test_reshuffled_keeps_what_a_seat_sees():
    s = scenario(hero_hand=["alice", "intel"], umbrella_hand=["tyrant", "licker", "guard"])
    twin = s.reshuffled(5, seen_by=HERO)
    assert twin.hands[HERO] == s.hands[HERO]
    assert len(twin.hands[UMBRELLA]) == 3
    assert sorted(twin.hands[UMBRELLA] + twin.decks[UMBRELLA]) == sorted(
        s.hands[UMBRELLA] + s.decks[UMBRELLA]
    )
    assert rules_of(twin) == ["setup.shuffle"]


def test_summary_row_of_a_finished_game():
    final = play_out(ul.load("corporation").deal(3), heuristic, random.Random(3))
    row = final.summary()
    assert row["winner"] in ("hero", "umbrella")
    assert row["winner"] == ("hero" if final.result.winners == (HERO,) else "umbrella")
    assert row["assaults"] >= row["assaults_won"] >= 0
    assert row["facilities_destroyed"] + row["facilities_left"] in (6, 7)
    assert row["teams_destroyed"] == len(final.removed[HERO])
    assert json.dumps(row)
    assert ul.load("corporation").new(seed=3).summary()["winner"] is None


def test_opt_lost_unit_discard_puts_a_losing_hunter_on_the_discard_pile():
    s = scenario(phase="hunt", teams={"stars-alpha": ["jill"]}, units=["tyrant"])
    s = rolls(play(s, "hunt"), 2, 12)
    assert ids(s, UMBRELLA, s.discards[UMBRELLA]) == ["tyrant"] and not s.removed[UMBRELLA]


def test_opt_lost_unit_removed_takes_a_losing_hunter_out_of_the_game():
    s = scenario(
        phase="hunt", teams={"stars-alpha": ["jill"]}, units=["tyrant"], lost_unit="removed"
    )
    s = rolls(play(s, "hunt"), 2, 12)
    assert "search.unit-lost" in rules_of(s) and "removed from the game" in str(s.events)
    assert not s.units and ids(s, UMBRELLA, s.removed[UMBRELLA]) == ["tyrant"]
    assert not s.discards[UMBRELLA] and s.check() == []


def test_opt_new_facility_in_play_the_heroes_win_with_the_new_facility_still_in_the_deck():
    s = assault_ready(facilities=["paris-lab"])
    assert any(s.cards.umbrella[n].id == "new-facility" for n in s.decks[UMBRELLA])
    s = rolls(play(s, "assault", "Paris"), 7, 7)
    assert s.is_over and s.result.rule == "game.hero-wins"


def test_opt_new_facility_all_the_new_facility_must_be_destroyed_too():
    s = assault_ready(facilities=["paris-lab"], new_facility="all")
    s = rolls(play(s, "assault", "Paris"), 7, 7)
    assert not s.is_over and not s.facilities  # the New Facility is still in the deck
    s = assault_ready(facilities=["new-facility"], new_facility="all")
    s = rolls(play(s, "assault", "New Facility"), 7, 7)
    assert s.is_over and s.result.rule == "game.hero-wins"


def _starting_facilities(**options) -> list[str]:
    state = ul.load("corporation", **options).new(seed=0)
    return [state.cards.umbrella[n].id for n in state.facilities]


def test_opt_starting_facilities_6_start_in_play_and_the_new_facility_is_a_seventh():
    # starting_facilities=6, the default: "all 6 Facility cards in play except for the New
    # Facility" read as six starting facilities
    state = ul.load("corporation").new(seed=0)
    names = _starting_facilities()
    assert len(names) == 6 and "paris-lab" in names and "new-facility" not in names
    assert [c.kind for c in state.cards.umbrella].count("facility") == 7


def test_opt_starting_facilities_5_the_new_facility_is_the_sixth_facility_card():
    state = ul.load("corporation", starting_facilities=5).new(seed=0)
    names = _starting_facilities(starting_facilities=5)
    assert len(names) == 5 and "paris-lab" not in names  # the last of the data is left out
    facility_cards = [c.id for c in state.cards.umbrella if c.kind == "facility"]
    assert len(facility_cards) == 6 and "new-facility" in facility_cards
    assert not state.check()
    s = assault_ready(facilities=["rockfort"], starting_facilities=5)
    s = rolls(play(s, "assault", "Rockfort"), 7, 7)
    assert s.is_over and s.result.rule == "game.hero-wins"
    assert any(s.cards.umbrella[n].id == "new-facility" for n in s.decks[UMBRELLA])


def test_opt_cards_full_keeps_the_invented_abilities():
    state = ul.load("corporation").new(seed=0)
    assert {c.effect for c in state.cards.hero} >= {"medic", "lucky", "bonus-vs"}


def test_opt_cards_rulebook_plays_without_the_invented_abilities():
    s = assault_ready(teams={"stars-alpha": ["rebecca", "jill"], "ubcs-echo": []}, cards="rulebook")
    assert not {c.effect for c in s.cards.hero + s.cards.umbrella} & rules.INVENTED_ABILITIES
    invented = {"intel", "medkit", "anti-virus", "red-queen-lockdown", "reinforcements"}
    assert not {c.id for c in s.cards.hero + s.cards.umbrella} & invented  # not in the decks
    s = rolls(play(s, "assault", "The Hive"), 2, 12)
    assert "ability.medic" not in rules_of(s) and hand(s, HERO) == []  # Rebecca is split too
    s = assault_ready(teams={"arcadia-convoy": ["k-mart"]}, cards="rulebook")
    s = rolls(play(s, "assault", "Paris"), 3, 10)
    assert s.phase != "lucky"  # no re-roll
