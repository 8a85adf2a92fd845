"""Every refusal names its rule: labels and ids of real moves, tried where they are not legal.

Each game is played at random from a few seeds; the labels and ids of the legal moves met on the
way are kept, with the positions. Then, at positions of each game, labels and ids taken from
other positions of the same game and from the other games are applied. Whenever one is not
legal there, the refusal must be an :class:`IllegalActionError` whose ``rule`` is an id of that
game's digest and whose ``reason`` says why in words, and the state must not change.

The default run tries a few hundred texts per game; the slow tier (``-m slow``) ten times more.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

import pytest

import umbrella_lab as ul
from umbrella_lab.engine.core import CHANCE, State
from umbrella_lab.engine.errors import IllegalActionError

GAMES = {"academy": 3, "corporation": 2, "marvel": 2, "pig": 2, "umbrella": 2}
"""Each game with the player count played here."""


@dataclass
class Played:
    """Positions met in random games of one game, and the labels and ids offered there."""

    positions: list[State] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)


def play(name: str, seeds: range, every: int = 3, moves: int = 300) -> Played:
    """Random games of ``name``: every ``every``-th position, and every label and id seen."""
    game = ul.load(name, players=GAMES[name])
    played, seen = Played(), set()
    for seed in seeds:
        state, rng = game.new(seed), random.Random(seed)
        for count in range(moves):
            if state.is_over:
                break
            if state.to_act == CHANCE:
                state = state.roll()
                continue
            actions = state.legal_actions()
            if count % every == 0:
                played.positions.append(state)
            for action in actions:
                for text in (action.label, action.id):
                    if text not in seen:
                        seen.add(text)
                        played.texts.append(text)
            state = state.apply(rng.choice(actions))
    return played


_PLAYED: dict[tuple[str, int], Played] = {}


def played(name: str, games: int) -> Played:
    """``play`` once per game and size, kept for the other tests of the run."""
    key = (name, games)
    if key not in _PLAYED:
        _PLAYED[key] = play(name, range(games))
    return _PLAYED[key]


def picture(state: State) -> str:
    """Everything a refusal must leave alone: the whole table and the log."""
    return json.dumps(state.to_dict(), sort_keys=True, default=str) + repr(state.events)


def check_refusals(name: str, games: int, tries: int) -> int:
    """Apply ``tries`` texts where they are not legal; return how many were refused."""
    rng = random.Random(f"refusals-{name}")
    mine = played(name, games)
    others = [played(other, max(2, games // 2)) for other in GAMES if other != name]
    digest = set(ul.load(name, players=GAMES[name]).rules)
    refused = 0
    for attempt in range(tries):
        state = rng.choice(mine.positions)
        pool = mine if attempt % 3 else rng.choice(others)  # a third from the other games
        text = rng.choice(pool.texts)
        legal = {text for action in state.legal_actions() for text in (action.label, action.id)}
        if text in legal:
            continue
        before = picture(state)
        with pytest.raises(IllegalActionError) as caught:
            state.apply(text)
        error = caught.value
        where = f"{name}: {text!r} at a position of seed {state.seed}: {error}"
        assert error.rule in digest, f"no digest rule: {where}"
        assert error.reason.strip(), f"no reason: {where}"
        assert picture(state) == before, f"the state changed: {where}"
        refused += 1
    return refused


def refusal(apply, text: str) -> IllegalActionError:
    """The error ``apply(text)`` raises (it must raise one)."""
    with pytest.raises(IllegalActionError) as caught:
        apply(text)
    return caught.value


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_refusal_names_a_rule_of_the_digest(name):
    refused = check_refusals(name, games=3, tries=300)
    assert refused >= 200, f"{name}: only {refused} of 300 texts were refused"


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_refusal_names_a_rule_of_the_digest_many(name):
    refused = check_refusals(name, games=12, tries=3000)
    assert refused >= 2000, f"{name}: only {refused} of 3000 texts were refused"


def test_the_part_that_fails_names_its_rule():
    """Another seat's turn, a card not in hand, a kind not offered now, a target not there."""
    pig = ul.load("pig").new(0)
    turn = refusal(pig.apply, "P2: roll the die")
    assert turn.rule == "turn.order" and "'P2' is not who acts now" in turn.reason
    hold = refusal(pig.apply, "P1: hold (bank 0, score 0)")
    assert hold.rule == "turn.hold" and "no hold move is offered now" in hold.reason

    umbrella = ul.load("umbrella", players=2).new(0)
    score = "P1: score the red figure F16 white on Figure space 1: token on spot 8 (red)"
    kind = refusal(umbrella.apply, score)
    assert kind.rule == "figure.later" and "no score move now" in kind.reason  # before a slide
    assert "now it is P1's turn to push an umbrella" in kind.reason

    corporation = ul.load("corporation").new(0)
    assault = "U.B.C.S. Delta Team assaults NEST (force 6 vs 7 before dice)"
    phase = refusal(corporation.apply, assault)
    assert phase.rule == "assault.declare" and phase.reason

    marvel = ul.load("marvel", players=2).new(0)
    other = refusal(marvel.apply, "lead/nobody")
    assert other.rule == "turn.first" and "'nobody' is not a hero of this game" in other.reason

    academy = ul.load("academy", players=2).new(1)  # the first hero holds no Attack 60
    assert "attack/0/attack-55" in [a.id for a in academy.legal_actions()]
    hand = refusal(academy.apply, "attack/0/attack-60")
    assert hand.rule == "turn.from-hand" and "does not hold that card" in hand.reason
    seat = refusal(academy.apply, "attack/1/attack-55")
    assert seat.rule == "turn.order" and "turn to face the next card" in seat.reason
