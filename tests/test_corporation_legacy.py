"""Older action ids of Heroes vs the Umbrella Corporation still name the same moves.

Before moves named their cards by id, every move was the key ``(kind, side, a, b)``: card
numbers, ``-1`` for nothing, ``-1`` as the side of a chance step (``legacy.py`` says more).
``old_key`` below writes a move as that older key the way the older rules listed it; over
thousands of positions, ``legacy.read_old_key`` must read every such key back into the same
move, and the older id text must parse to it. (The saved records and sessions in
``tests/golden/records/`` are real files in the older format: ``tests/test_golden.py`` replays
them.)
"""

from __future__ import annotations

import random

import pytest

import umbrella_lab as ul
from umbrella_lab import CHANCE
from umbrella_lab.games.corporation import rules
from umbrella_lab.games.corporation.legacy import read_old_key
from umbrella_lab.games.corporation.policies import heuristic, random_move
from umbrella_lab.games.corporation.rules import HERO, UMBRELLA, find
from umbrella_lab.games.corporation.scenario import scenario


def old_key(s, move) -> tuple:
    """The older key of a legal move: the card numbers the older rules used."""
    kind = move.kind

    def first(pile, card_id, side=HERO):
        return find(s, pile, card_id, side)

    if isinstance(move, rules.SearchTeam):
        pile = s.decks[HERO] if first(s.decks[HERO], move.team) >= 0 else s.discards[HERO]
        return ("search", HERO, first(pile, move.team), -1)
    if isinstance(move, rules.PlayEvent):
        side = move.seat
        target = -1
        if move.target and side == HERO:  # Medkit: the first copy in the discard pile
            target = first(s.discards[HERO], move.target)
        elif move.target:  # Reinforcements: the first copy by number in the deck
            deck = s.decks[UMBRELLA]
            target = min(n for n in deck if s.cards.umbrella[n].id == move.target)
        return ("event", side, first(s.hands[side], move.card, side), target)
    if isinstance(move, rules.AttachCharacter):
        return ("attach", HERO, first(s.hands[HERO], move.character), first(s.teams, move.team))
    if isinstance(move, rules.PlayTeam):
        return ("team", HERO, first(s.hands[HERO], move.team), -1)
    if isinstance(move, rules.PlayUnit | rules.BuildFacility):
        card = move.unit if kind == "unit" else move.facility
        return (kind, UMBRELLA, first(s.hands[UMBRELLA], card, UMBRELLA), -1)
    if isinstance(move, rules.Assault):
        facility = first(s.facilities, move.facility, UMBRELLA)
        return ("assault", HERO, first(s.teams, move.team), facility)
    if isinstance(move, rules.Hunt):
        units = rules.eligible_units(s, hunting=True)
        return ("hunt", UMBRELLA, first(units, move.unit, UMBRELLA), first(s.teams, move.team))
    if isinstance(move, rules.Defend):
        return ("defend", UMBRELLA, first(s.units, move.unit, UMBRELLA), -1)
    if isinstance(move, rules.Commit | rules.Discard):
        return (kind, move.seat, first(s.hands[move.seat], move.card, move.seat), -1)
    if isinstance(move, rules.Pass | rules.EndRecruit | rules.CommitDone | rules.Skip):
        return ({"commit-done": "done"}.get(kind, kind), move.seat, -1, -1)
    if isinstance(move, rules.Roll):
        return ("roll", CHANCE, move.total, move.side)
    if isinstance(move, rules.Reroll | rules.Keep):
        return (kind, HERO, -1, -1)
    if isinstance(move, rules.Split):
        mask = sum(1 << i for i, n in enumerate(s.split_cards) if n in move.discard)
        return ("split", move.seat, mask, -1)
    if isinstance(move, rules.Fate):
        return ("fate", CHANCE, move.lost, s.attacker_unit())
    raise AssertionError(f"no older key for {move!r}")


SETTINGS = [{}, {"split": "umbrella"}, {"commit_order": "alternate"}, {"unit_actions": "once"}]


@pytest.mark.parametrize("settings", SETTINGS, ids=lambda s: ",".join(s) or "defaults")
def test_every_legal_move_reads_back_from_its_older_key(settings):
    game = ul.load("corporation", **settings)
    kinds = set()
    for seed in range(30):
        s = game.new(seed)
        rng = random.Random(seed)
        policy = heuristic if seed % 2 else random_move
        while not s.is_over:
            for move in s.legal_moves():
                key = old_key(s, move)
                assert read_old_key(s, key) == move, (seed, key, move)
                kinds.add(move.kind)
            if seed < 3:  # the older id text, through the public face
                for move in s.legal_moves()[:4]:
                    assert s.parse_action("/".join(map(str, old_key(s, move)))).key == move
            chosen = s._lucky_key() if s.to_act == CHANCE else policy(s, rng)
            chosen.play(s)
    assert kinds >= {"search", "team", "attach", "unit", "done", "assault", "skip", "commit"}
    assert kinds >= {"defend", "commit-done", "roll", "fate", "hunt", "discard", "event", "pass"}


def test_older_keys_the_older_rules_refused_are_refused():
    s = scenario(teams={"stars-alpha": ["jill"]}, facilities=["paris-lab"], units=["tyrant"])
    assert read_old_key(s, ("assault", UMBRELLA, s.teams[0], s.facilities[0])) is None
    assert read_old_key(s, ("assault", HERO, 999, s.facilities[0])) is None  # no such card
    assert read_old_key(s, ("roll", HERO, 7, 0)) is None  # a roll is luck's, not a side's
    assert read_old_key(s, ("fly", HERO, 1, 1)) is None
    assert read_old_key(s, ("skip", HERO, -1, -1)) == rules.Skip(HERO)
    assert read_old_key(s, ("skip", UMBRELLA, -1, -1)) == rules.Skip(UMBRELLA)  # refused now
    assert "it is the Heroes' turn" in s.why_not(("skip", UMBRELLA, -1, -1))


def test_done_meant_the_end_of_recruiting_or_of_committing():
    s = scenario(phase="recruit", hero_hand=["jill"])
    assert read_old_key(s, ("done", HERO, -1, -1)) == rules.EndRecruit(HERO)
    s = scenario(teams={"stars-alpha": []}, facilities=["paris-lab"], hero_hand=["ammo-cache"])
    s = s.apply("S.T.A.R.S. Alpha Team assaults Paris Laboratory (force 2 vs 5 before dice)")
    assert read_old_key(s, ("done", HERO, -1, -1)) == rules.CommitDone(HERO)
    assert s.parse_action("done/0/-1/-1").label == "Heroes commit nothing more"
