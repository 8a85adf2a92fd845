"""Ready-made players for The Umbrella Academy Game.

A policy here is a *fast policy*: a function ``(state, rng) -> move key`` that may call
``state._moves()`` for the legal keys (the form simulations use, see
:mod:`umbrella_lab.engine.play`); :mod:`umbrella_lab.sim` also accepts plain functions on
labelled actions.

``heuristic`` plays the rulebook's strategy tips:

* beat a card with the lowest card that beats it, saving strong cards (tip of turn.attack);
* block when you can only equal it, to keep the card out of the Final Battle (tip of turn.block);
* heal with a high-heal card when you let a card through (tip of turn.heal);
* use powers when they save real damage, keeping some life in reserve (power.use);
* spread damage onto the hero with the most life (life.damage).
"""

from __future__ import annotations

import random

from umbrella_lab.games.academy.rules import PENDING, AcademyState

Move = tuple


def random_move(state: AcademyState, rng: random.Random) -> Move:
    """Any legal move, uniformly at random."""
    moves = state._moves()
    return moves[rng.randrange(len(moves))]


def heuristic(state: AcademyState, rng: random.Random) -> Move:
    """The rulebook's strategy tips, as a simple team."""
    stage = state.stage
    if stage == "face":
        quick = _quick_attack(state)
        return quick if quick is not None else _face(state, state._moves())
    if stage == "damage":
        return _damage(state)
    if stage == "keep":
        return ("keep", -1, -1, -1)
    moves = state._moves()
    if stage == "choose":
        return _choose(state, moves)
    return _power_choice(state, moves)


def _quick_attack(s: AcademyState) -> Move | None:
    """The lowest card that beats the faced card, found without listing every move."""
    if s.pogo and s.life[0] <= 2:
        return None
    code = s.lineup[s.faced_position]
    value = s.villain_attack(code)
    attack = s.cards.attack
    story = s.cards.story
    best, best_key = -1, (1 << 30, True)
    block = -1
    for number in s.hands[s.responder]:
        a = attack[number]
        if a > value and (a, bool(story[number])) < best_key:  # attack cards before stories
            best, best_key = number, (a, bool(story[number]))
        elif a == value and block < 0:
            block = number
    if best >= 0:
        return ("attack", s.responder, best, -1)
    damage = s.villain_damage(code)
    if block >= 0 and (damage <= 2 or s.final or len(s.living) > 1):
        return ("block", s.responder, block, -1)
    if damage <= 1 and block < 0:
        return _quick_heal(s)
    return None


def _quick_heal(s: AcademyState) -> Move | None:
    """Let a 1-damage card through and heal with the card that heals most (tip of turn.heal).

    Gives up (returns None) in the cases the full search must weigh: story cards in hand, an
    empty hand, Rock Bottom, or heal options other than the defaults.
    """
    options = s.game.options
    if (
        s.family_effect == "rock-bottom"
        or not options["strict_heal"]
        or options["heal_target"] != "self"
    ):
        return None
    hand = s.hands[s.responder]
    story, heal, attack = s.cards.story, s.cards.heal, s.cards.attack
    if not hand or any(story[n] for n in hand):
        return None
    best = max(hand, key=lambda n: (heal[n], -attack[n]))
    return ("heal", s.responder, best, s.responder)


def _face(s: AcademyState, moves: list[Move]) -> Move:
    deck = s.cards.hero_deck
    seat = s.responder
    position = s.faced_position
    code = s.lineup[position]
    damage = s.villain_damage(code)
    life = s.life[seat]
    by_kind: dict[str, list[Move]] = {}
    for move in moves:
        by_kind.setdefault(move[0], []).append(move)
    if "pogo" in by_kind and life <= 2:
        return by_kind["pogo"][0]
    if "attack" in by_kind:  # the lowest card that wins
        return min(
            by_kind["attack"], key=lambda m: (deck[m[2]].attack, deck[m[2]].kind != "attack")
        )
    if "block" in by_kind and (damage <= 2 or s.final or len(s.living) > 1):
        return min(by_kind["block"], key=lambda m: deck[m[2]].attack)
    if damage <= 1 and "heal" in by_kind and "block" not in by_kind:  # let it go, heal well
        return max(by_kind["heal"], key=lambda m: (deck[m[2]].heal, -deck[m[2]].attack))
    spare = life >= 3
    if spare and damage >= 2:
        for kind in ("double", "kraken"):
            if kind in by_kind:
                return min(
                    by_kind[kind],
                    key=lambda m: (
                        deck[m[2]].attack + max(deck[m[3]].attack, 0)
                        if m[3] >= 0
                        else deck[m[2]].attack
                    ),
                )
    if "boosted" in by_kind and damage >= 2:
        for move in by_kind["boosted"]:
            holder = next(h for h, hand in enumerate(s.hands) if move[3] in hand)
            if s.life[holder] >= 3:
                return move
    if "power" in by_kind and spare and _power_worth_it(s, seat, damage):
        return by_kind["power"][0]
    if "block" in by_kind:
        return by_kind["block"][0]
    story = by_kind.get("story", [])
    for move in story:
        card = deck[move[2]]
        if card.story in ("restore", "pogo") and s.max_life[move[3]] - s.life[move[3]] >= 3:
            return move
        if card.story == "life-boost" and life >= 3:
            return move
        if card.story == "rivalry" and life >= 3 and s.villain_damage(s.lineup[move[3]]) >= 3:
            return move
    if "heal" in by_kind:  # heal with the card that heals most, keeping high attacks
        return max(by_kind["heal"], key=lambda m: (deck[m[2]].heal, -deck[m[2]].attack))
    if story:
        return story[0]
    if "pass" in by_kind:
        return by_kind["pass"][0]
    return moves[0]


def _power_worth_it(s: AcademyState, seat: int, damage: int) -> bool:
    power = s.power_of(seat)
    pending = s.outcomes.count(PENDING)
    if power == "horror":
        return any(s.max_life[t] - s.life[t] >= 2 for t in s.living)
    if power == "rumor":
        return damage >= 2
    if power == "vanya":
        return pending >= 4 or (s.final and pending >= 2)
    if power == "seance":
        return damage >= 2
    if power == "number-five":
        deck = s.cards.hero_deck
        best = max((deck[n].attack for n in s.hands[seat]), default=0)
        position = s.faced_position
        return any(
            o == PENDING and p != position and s.villain_attack(s.lineup[p]) < best
            for p, o in enumerate(s.outcomes)
        )
    return False


def _damage(s: AcademyState) -> Move:
    if s.pogo and s.life[0] <= s.pending_damage:
        return ("pogo", 0, -1, -1)
    return ("spread", -1, s.pending_damage, -1)


def _choose(s: AcademyState, moves: list[Move]) -> Move:
    deck = s.cards.hero_deck
    value = s.villain_attack(s.lineup[s.faced_position])
    best = None
    for move in moves:
        winners = [deck[n].attack for n in s.hands[move[1]] if deck[n].attack > value]
        if winners and (best is None or min(winners) < best[0]):
            best = (min(winners), move)
    if best:
        return best[1]
    return max(moves, key=lambda m: s.life[m[1]])


def _power_choice(s: AcademyState, moves: list[Move]) -> Move:
    stage = s.stage
    if stage == "horror":

        def gain(move: Move) -> int:
            _, _, a, b = move
            if a == b:
                return min(2, s.max_life[a] - s.life[a])
            return min(1, s.max_life[a] - s.life[a]) + min(1, s.max_life[b] - s.life[b])

        return max(moves, key=gain)
    if stage in ("rumor", "vanya"):
        return max(moves, key=lambda m: (s.villain_damage(s.lineup[m[2]]), -m[2]))
    if stage == "seance":
        position = s.faced_position
        mine = [m for m in moves if m[2] == position] or moves
        return max(mine, key=lambda m: (s.villain_damage(s.lineup[m[2]]), -m[3]))
    if stage == "number-five":
        deck = s.cards.hero_deck
        best = max((deck[n].attack for n in s.hands[s.responder]), default=0)
        position = s.faced_position
        for move in moves:
            a, b = move[2], move[3]
            if a == position and s.villain_attack(s.lineup[b]) < best:
                return move
        return moves[0]
    if stage == "vanya-hit":
        return max(moves, key=lambda m: s.life[m[2]])
    return moves[0]


POLICIES = {"random": random_move, "heuristic": heuristic}
