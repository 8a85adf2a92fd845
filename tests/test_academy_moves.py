"""The move kinds of The Umbrella Academy Game as units: ids by name, older ids, refusals.

Each kind of move is one class in ``rules/``. These tests walk through thousands of tables
met in seeded games (random and heuristic players, every player count, some options) and check
what every kind promises: an action id names cards by their data id and reads back as the same
move; an id in the older numeric form (``attack/0/52/-1``) still means the same move; and any
move a kind refuses comes with a reason and a rule id of the digest.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from helpers import FULL

import umbrella_lab as ul
from umbrella_lab.engine.moves import Move
from umbrella_lab.games.academy.legacy import read_old_key
from umbrella_lab.games.academy.policies import heuristic, random_move
from umbrella_lab.games.academy.rules import (
    CARD_PLAYS,
    MOVES,
    AcademyState,
    Attack,
    HeroBoost,
    Pass,
    SeanceCard,
    Swap,
)
from umbrella_lab.games.academy.scenario import scenario

SETTINGS = [
    {"players": 1},
    {"players": 2},
    {"players": 3},
    {
        "players": 4,
        "turn_order": "team",
        "heal_target": "any",
        "kraken_target": "any",
        "double_shot": "any",
        "boosts_per_card": 2,
        "boost_with_power": True,
    },
    {"players": 5, "damage_timing": "immediate", "hero_boost": "own-turn"},
    {
        "players": 6,
        "block_damage": "blocker",
        "strict_heal": False,
        "excess_damage": "lost",
        "kraken_target": "any",
        "boost_with_power": True,
        "boost_offer": "any",
    },
]
GAMES = 40 if FULL else 12  # per setting and player


def tables(games: int = GAMES) -> Iterator[AcademyState]:
    """Every table met in seeded games (each a state of its own, events recorded)."""
    for settings in SETTINGS:
        options = dict(settings)
        game = ul.load("academy", players=options.pop("players"), **options)
        for player in (heuristic, random_move):
            for seed in range(games):
                s, rng = game.deal(seed), random.Random(seed)
                while not s.is_over:
                    s.events = []
                    yield s
                    s = s._clone()
                    player(s, rng).play(s)


def old_key(move: Move) -> tuple:
    """The move in the older numeric form ``(kind, seat, a, b)``, unused parts -1."""
    fields = list(move[1:])
    if move.kind == "boosted":  # the holder was not written: the boost card names it
        seat, card, _, boost = fields
        fields = [seat, card, boost]
    if move.kind == "spread":
        fields = [-1, *fields]
    return (move.kind, *fields, *[-1] * (3 - len(fields)))[:4]


def test_every_kind_has_its_own_word_and_the_explorer_groups_them():
    from umbrella_lab.games.academy.board import BOARD as VIEW

    words = [kind.kind for kind in MOVES]
    assert len(set(words)) == len(words)
    grouped = {word for words in VIEW.groups.values() for word in words}
    assert grouped == set(words)  # none under a heading of its own ("Kraken at")
    assert VIEW.group_of("kraken-at") == VIEW.group_of("double-for") == "Power"


def test_action_ids_name_cards_by_their_data_id_and_read_back_as_the_same_move():
    s = scenario(hands=[[20, 35], ["hero-boost-10"]], lineup=[30, 10])
    ids = {action.id for action in s.legal_actions()}
    assert {"attack/0/attack-35", "boosted/0/attack-20/1/hero-boost-10"} <= ids
    checked = 0
    for state in tables(games=3):
        for action in state.legal_actions():
            assert state.parse_action(action.id).key == action.key
            checked += 1
    assert checked > 5_000


def test_two_copies_of_a_card_are_one_move_named_by_the_card_id():
    s = scenario(hands=[[35, 35], [10]], lineup=[30, 10])
    attacks = [a for a in s.legal_actions() if a.kind == "attack"]
    assert [a.id for a in attacks] == ["attack/0/attack-35"]
    first, second = s.hands[0]
    assert s.parse_action(Attack(0, second)).key == Attack(0, first)  # the first copy in hand


NEWER = {
    "kraken-at",
    "double-for",
    "boosted-twice",
    "kraken-boosted",
    "double-boosted",
    "boost-on",
}
"""Move kinds newer than the numeric action ids."""


def test_older_numeric_ids_mean_the_same_moves():
    checked = set()
    for state in tables():
        for move in state.legal_moves():
            if move.kind in NEWER:  # newer than the numeric format
                continue
            old = old_key(move)
            assert read_old_key(state, old) == move, old
            assert state.parse_action("/".join(map(str, old))).key == move
            checked.add(move.kind)
    assert checked == {kind.kind for kind in MOVES} - NEWER


@pytest.mark.parametrize(
    "key",
    [("attack", 0, 52), ("attack", 0, 52, 7), ("keep", 0, -1, -1), ("fly", 0, 1, 2), ("pass",)],
)
def test_an_older_key_that_named_no_move_reads_as_none(key):
    state = ul.load("academy", players=2).new(seed=1)
    assert read_old_key(state, key) is None


def test_an_older_hero_boost_key_finds_the_holder_of_the_boost():
    s = scenario(hands=[[20], ["hero-boost-10"]], lineup=[30, 10])
    card, boost = s.hands[0][0], s.hands[1][0]
    assert read_old_key(s, ("boosted", 0, card, boost)) == HeroBoost(0, card, 1, boost)


def test_every_kind_refuses_with_a_reason_and_a_rule_of_the_digest():
    digest = ul.load("academy").rules
    seen: dict[type, set] = {kind: set() for kind in MOVES}
    refused: dict[type, int] = dict.fromkeys(MOVES, 0)
    for n, state in enumerate(tables(games=6)):
        legal = set(state.legal_moves())
        for move in legal:
            seen[type(move)].add(move)
        if n % 7:
            continue
        for kind, moves in seen.items():
            for move in list(moves)[:6]:
                if move.canonical(state) in legal:
                    continue
                reason, rule = move.why_not(state)
                assert reason and rule in digest, (move, reason, rule)
                assert state.why_not(move) != "legal"
                refused[kind] += 1
    assert all(refused.values()), [kind.kind for kind, count in refused.items() if not count]


def test_the_moves_are_listed_card_by_card_once_each():
    checked = 0
    for state in tables(games=6):
        moves = state.legal_moves()
        assert len(set(moves)) == len(moves)
        if state.stage == "face":  # the hero passes exactly when no card answers [turn.no-card]
            answered = any(type(m) in CARD_PLAYS for m in moves)
            assert (Pass(state.responder) in moves) is not answered
            assert sum(type(m) is Pass for m in moves) == (0 if answered else 1)
        if state.stage == "face":  # a card's attack or block first, then its heals or stories
            hand = state.hands[state.responder]
            places = [hand.index(m.card) for m in moves if m.kind in ("attack", "block")]
            assert places == sorted(places)
        checked += 1
    assert checked > 4_000


def test_a_narrowed_list_is_the_full_list_of_that_lineup_card():
    """Séance's and Number Five's lists narrowed to one lineup card keep the rules' order."""
    narrowed = {"seance": 0, "number-five": 0}
    for state in tables(games=6):
        if state.stage not in narrowed:
            continue
        for position in range(-1, len(state.lineup) + 1):
            if state.stage == "seance":
                whole = SeanceCard.legal(state)
                assert SeanceCard.legal(state, at=position) == [
                    m for m in whole if m.position == position
                ]
            else:
                whole = Swap.legal(state)
                assert Swap.legal(state, first=position) == [
                    m for m in whole if m.first == position
                ]
        assert whole == state.legal_moves()
        narrowed[state.stage] += 1
    assert all(narrowed.values()), narrowed
