"""Shortcuts for simulations: the heuristic's most common moves, played in fewer steps.

Nothing here is a rule: ``rules.py`` is the game. A simulation plays tens of thousands of moves
a second and records no events. For its most common moves (an attack, a heal, a block, a
spread of one bar of damage) the heuristic (``policies.py``) returns the moves of this module:
each is the same move as the rules' own (equal to it, with the same id and label) and makes the
same change on the table, in fewer steps, saying nothing; and when heroes take turns clockwise
and no damage waits, the next hero faces the next card at once. Anything else is left to the
rules (``rules.advance``), and while events are recorded each simply plays the rules' move.

``tests/test_academy_fast.py`` plays thousands of games both ways, with these moves and with the
rules' own, and compares every move and every table.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from umbrella_lab.engine.moves import Move
from umbrella_lab.games.academy.rules import (
    BLOCKED,
    DEFEATED,
    PENDING,
    POWER_STAGES,
    AcademyState,
    Attack,
    Block,
    Heal,
    Spread,
    advance,
    clockwise,
    leave_uncontested,
    most_life,
    next_responder,
    take_block_damage,
)


def move_on(s: AcademyState) -> None:
    """``rules.advance``, its most common case first: the lineup goes on.

    The same hero plays on while their turn is open, or else the next living hero clockwise
    faces the next card [turn.order].
    """
    if (
        s.phase == "lineup"
        and not s.pending_damage
        and s.result is None
        and PENDING in s.outcomes
        and s.stage not in POWER_STAGES
    ):
        if s.turn_open:
            if s.life[s.responder] > 0:
                s.stage = "face"
                return
        elif s.options.turn_order == "rotate" and any(s.life):
            s.responder = next_responder(s)
            s.turn_open, s.stage = True, "face"
            return
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
        advance(s)


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


QUICK = {QuickAttack: Attack, QuickBlock: Block, QuickHeal: Heal, QuickSpread: Spread}
"""Each move of this module, and the rules' move it stands for."""


def plain(move: Move) -> Move:
    """The rules' own move for a move of this module (any other move as it is)."""
    kind = QUICK.get(type(move))
    return kind(*move[1:]) if kind is not None else move
