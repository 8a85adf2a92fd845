"""Shortcuts for simulations: the heuristic's most common moves, played in fewer steps.

Nothing here is a rule: ``rules.py`` is the game. A simulation plays tens of thousands of moves
a second and records no events, so the words of the rules (each event made by ``s.say``) are a
large share of its work. For its most common moves (an attack, a heal, a block, a spread of
damage, keeping the cards at the round end) the heuristic (``policies.py``) returns the moves
of this module. Each is the same move as the rules' own (equal to it, with the same id and
label) and makes the same change on the table, saying nothing; then play moves on the same way
(:func:`move_on`): the next hero faces the next card, the round ends, the next round starts.
Anything less common is left to the rules (``rules.advance``), and while events are recorded
each move simply plays the rules' own.

``tests/test_academy_fast.py`` plays thousands of games both ways, with these moves and with the
rules' own, and compares every move and every table.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from umbrella_lab.engine.moves import Move
from umbrella_lab.games.academy import effects
from umbrella_lab.games.academy.rules import (
    BLOCKED,
    DEFEATED,
    PENDING,
    POWER_STAGES,
    UNCONTESTED,
    AcademyState,
    Attack,
    Block,
    Heal,
    Keep,
    Spread,
    advance,
    clockwise,
    leave_uncontested,
    most_life,
    next_responder,
    shuffle,
    start_round,
    take_block_damage,
)


def move_on(s: AcademyState) -> None:
    """``rules.advance`` where play goes on as usual, without its words.

    The same hero plays on while their turn is open, or else the next living hero clockwise
    faces the next card [turn.order]; after the last card, the uncontested cards deal their
    damage and go under the Final Battle card [end.damage] [end.final-pile]. Anything else
    (damage to place, a power's choices, the team choosing, the end) is left to the rules.
    """
    if s.result is not None or s.pending_damage or s.stage in POWER_STAGES or not any(s.life):
        advance(s)
        return
    if s.phase == "lineup" and PENDING in s.outcomes:
        if s.turn_open and s.life[s.responder] > 0:
            s.stage = "face"
            return
        if not s.turn_open and s.options.turn_order == "rotate":
            s.responder = next_responder(s)
            s.turn_open, s.stage = True, "face"
            return
    elif s.phase == "lineup":  # every lineup card has an outcome [end.damage]
        s.phase, s.turn_open = "round-end", False
        if s.options.damage_timing == "round-end":
            total = 0
            for code, outcome in zip(s.lineup, s.outcomes, strict=True):
                if outcome == UNCONTESTED:
                    total += s.villain_damage(code)
            if total:
                s.pending_damage, s.pending_rule = total, "end.damage"
    if s.phase == "round-end" and not s.pending_damage and not s.final:
        for code, outcome in zip(s.lineup, s.outcomes, strict=True):  # [end.final-pile]
            (s.final_pile if outcome == UNCONTESTED else s.villain_discard).append(code)
        s.lineup, s.outcomes = [], []
        s.phase = "keep"  # [end.keep]
        if any(s.hands):
            s.stage = "keep"
            return
        s.phase = "refill"
    advance(s)


def end_turn(s: AcademyState) -> None:
    """``rules.end_turn``: the turn is over, play moves on."""
    s.last_responder, s.turn_open = s.responder, False
    move_on(s)


class QuickAttack(Attack):
    """``rules.Attack`` in fewer steps [turn.attack]."""

    kind = "attack"

    def play(self, s: AcademyState) -> None:
        """The card is discarded and the faced card defeated; the turn is over."""
        if s.events is not None:  # someone records the words: the rules say them
            Attack.play(self, s)
            return
        _, seat, card = self
        outcomes = s.outcomes
        s.hands[seat].remove(card)
        s.discard.append(card)
        outcomes[outcomes.index(PENDING)] = DEFEATED
        s.last_responder, s.turn_open = seat, False  # the turn is over
        if PENDING in outcomes and not s.pending_damage and s.options.turn_order == "rotate":
            s.responder, s.turn_open = next_responder(s), True  # the next hero (seat lives)
            return
        move_on(s)


class QuickBlock(Block):
    """``rules.Block`` in fewer steps [turn.block]."""

    kind = "block"

    def play(self, s: AcademyState) -> None:
        """The card is discarded and the faced card blocked, for half its damage."""
        if s.events is not None:
            Block.play(self, s)
            return
        s.hands[self.seat].remove(self.card)
        s.discard.append(self.card)
        position = s.outcomes.index(PENDING)
        s.outcomes[position] = BLOCKED
        take_block_damage(s, self.seat, (s.villain_damage(s.lineup[position]) + 1) // 2)
        end_turn(s)


class QuickHeal(Heal):
    """``rules.Heal`` in fewer steps [turn.heal]."""

    kind = "heal"

    def play(self, s: AcademyState) -> None:
        """The card is discarded, a hero healed, and the faced card left uncontested."""
        if s.events is not None:
            Heal.play(self, s)
            return
        s.hands[self.seat].remove(self.card)
        s.discard.append(self.card)
        target = self.target
        if s.life[target] > 0:
            s.life[target] = min(s.max_life[target], s.life[target] + s.cards.heal[self.card])
        leave_uncontested(s, s.outcomes.index(PENDING))
        end_turn(s)


class QuickSpread(Spread):
    """``rules.Spread`` in fewer steps [life.damage]."""

    kind = "spread"

    def play(self, s: AcademyState) -> None:
        """Each bar on the hero with the most life; each hero takes their share."""
        if s.events is not None:
            Spread.play(self, s)
            return
        life, start = s.life, s.start
        share, left = [0] * len(life), life[:]
        for _ in range(s.pending_damage):
            seat = most_life(left, start)
            if seat < 0:
                break
            left[seat] -= 1
            share[seat] += 1
            s.pending_damage -= 1
        for seat in clockwise(s, start):
            if share[seat]:
                lose_bars(s, seat, share[seat])
        if not any(life):
            s.pending_damage = 0  # nobody is left to take the rest
        move_on(s)


class QuickKeep(Keep):
    """``rules.Keep`` and the round end that follows, in fewer steps [end.keep] [end.refill]."""

    kind = "keep"

    def play(self, s: AcademyState) -> None:
        """The heroes draw up and the Start card passes on; then the next round starts."""
        if s.events is not None:
            Keep.play(self, s)
            return
        size = effects.refill_size(s)
        for seat in clockwise(s, s.start):  # each surviving hero draws up [end.refill]
            if s.life[seat] > 0:
                hand = s.hands[seat]
                while len(hand) < size:
                    if not s.deck:  # [end.reshuffle]
                        if not s.discard:
                            break
                        s.deck, s.discard = s.discard, []
                        shuffle(s.deck, s._rng())
                    hand.append(s.deck.pop())
        for seat in clockwise(s, (s.start + 1) % len(s.heroes)):  # [end.start-card]
            if s.life[seat] > 0:
                s.start = seat
                break
        s.phase = "lineup"
        if s.villains:
            start_villain_round(s)
        else:
            start_round(s)  # the Final Battle
        move_on(s)


def start_villain_round(s: AcademyState) -> None:
    """``rules.start_round`` for a villain's round, without its words [round.*].

    A villain, a lineup, a Dysfunctional Family card (whose effect is the rules' own, words
    and all). The Final Battle is left to the rules.
    """
    s.round += 1
    s.damage_log.append(0)
    s.power_uses = [0] * len(s.heroes)
    s.power_allowance = [1] * len(s.heroes)
    s.boost_card, s.boost_amount = -1, 0
    s.responder, s.last_responder, s.turn_open = -1, -1, False
    villain = s.villains.pop()
    s.faced.append(villain)
    strength = s.options.strength or s.cards.villains[villain].strength
    lineup = s.lineup = []
    while len(lineup) < strength:
        if not s.villain_deck:
            if not s.villain_discard:
                break
            s.villain_deck, s.villain_discard = s.villain_discard, []
            shuffle(s.villain_deck, s._rng())
        lineup.append(s.villain_deck.pop())
    s.outcomes = [PENDING] * len(lineup)
    s.family = -1  # the Dysfunctional Family card [round.family]
    if s.solo:
        return
    if not s.family_deck:
        s.family_deck, s.family_discard = s.family_discard, []
        shuffle(s.family_deck, s._rng())
    if not s.family_deck:
        return
    s.family = s.family_deck.pop()
    s.family_discard.append(s.family)
    card = s.cards.family[s.family]
    effects.FAMILY[card.effect](s, card)


def lose_bars(s: AcademyState, seat: int, bars: int) -> None:
    """``rules.hurt``, without its words: the hero loses bars, and dies at 0 [life.death]."""
    taken = min(bars, s.life[seat])
    s.life[seat] -= taken
    s.damage_log[-1] += taken
    if s.life[seat] == 0:
        s.discard += s.hands[seat]  # the dead hero's hand is discarded
        s.hands[seat] = []


@cache
def made(kind: type[Move], *fields: Any) -> Move:
    """The move ``kind(*fields)``, made once and kept.

    A move is a value: finding it again costs less than making it.
    """
    return kind(*fields)


QUICK = {
    QuickAttack: Attack,
    QuickBlock: Block,
    QuickHeal: Heal,
    QuickSpread: Spread,
    QuickKeep: Keep,
}
"""Each move of this module, and the rules' move it stands for."""


def plain(move: Move) -> Move:
    """The rules' own move for a move of this module (any other move as it is)."""
    kind = QUICK.get(type(move))
    return kind(*move[1:]) if kind is not None else move
