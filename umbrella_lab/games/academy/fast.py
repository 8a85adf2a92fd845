"""Shortcuts for simulations: the heuristic's moves, played without words.

Nothing here is a rule: ``rules.py`` is the game. A simulation plays tens of thousands of moves
a second and records no events, yet the rules make every event they say (``s.say(rule,
lambda: words)`` makes a small function each time), a large share of a simulated move. So the
heuristic (``policies.py``) returns the moves of this module: each is the same move as the
rules' own (equal to it, with the same id and label) and makes the same change on the table,
without the words; then play moves on the same way (:func:`move_on`): the next hero faces the
next card, the lineup ends, the next round starts. Anything less common is left to the rules
(``rules.advance``), and while events are recorded each move simply plays the rules' own.

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
    HORROR_BARS,
    LIFE_BOOST_BARS,
    PENDING,
    POWER_COST,
    POWER_STAGES,
    REMOVED,
    STORY_COST,
    UNCONTESTED,
    VANYA_DAMAGE,
    AcademyState,
    Attack,
    Block,
    CallPogo,
    DoubleShot,
    Heal,
    HeroBoost,
    HitsTwice,
    HorrorGift,
    Keep,
    Pass,
    Power,
    Rumor,
    Spread,
    Story,
    Swap,
    VanyaHit,
    VanyaRemoves,
    advance,
    clockwise,
    leave_uncontested,
    most_life,
    next_responder,
    next_start,
    shuffle,
    start_round,
    take_block_damage,
)

# --- play moves on, and the rules' steps without their words ---------------------------------


def move_on(s: AcademyState) -> None:
    """``rules.advance`` where play goes on as usual, without its words.

    The same hero plays on while their turn is open, or else the next living hero clockwise
    faces the next card [turn.order]; after the last card, the uncontested cards deal their
    damage and go under the Final Battle card [end.damage] [end.final-pile]. Anything else
    (damage to place, a power's choices, the team choosing, the end) is left to the rules.
    """
    if s.result is not None or s.stage in POWER_STAGES or not any(s.life):
        advance(s)
        return
    if s.pending_damage and s.alive == 1 and not s.pogo:  # the last hero takes it [life.damage]
        lose_bars(s, s.living[0], s.pending_damage)
        s.pending_damage, s.blocked_at = 0, -1  # the block is settled [opt.boost_target]
        if not any(s.life):
            advance(s)
            return
    if s.pending_damage:
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
        next_round(s)
        return
    advance(s)


def end_turn(s: AcademyState) -> None:
    """``rules.end_turn``: the turn is over, play moves on."""
    s.last_responder, s.turn_open = s.responder, False
    move_on(s)


def lose_bars(s: AcademyState, seat: int, bars: int) -> int:
    """``rules.hurt``, without its words: the hero loses bars, and dies at 0 [life.death].

    Returns the bars the hero could not take.
    """
    taken = min(bars, s.life[seat])
    s.life[seat] -= taken
    s.damage_log[-1] += taken
    if s.life[seat] == 0 and s.options.dead_hand == "discard":
        s.discard += s.hands[seat]  # the dead hero's hand is discarded [opt.dead_hand]
        s.hands[seat] = []
    return bars - taken


def pay(s: AcademyState, seat: int, bars: int) -> None:
    """``rules.hurt`` for a cost, without its words: a dead hero pays nothing."""
    if s.life[seat] > 0:
        lose_bars(s, seat, bars)


def strike(s: AcademyState, seat: int, attack: int, power: bool = False) -> None:
    """``rules.strike`` without its words: higher defeats the faced card, equal blocks it.

    ``power``: the card was played with a hero power.
    """
    position = s.outcomes.index(PENDING)
    code = s.lineup[position]
    if attack > s.villain_attack(code):
        s.outcomes[position] = DEFEATED
    else:
        s.outcomes[position] = BLOCKED
        take_block_damage(s, seat, (s.villain_damage(code) + 1) // 2, position, power)


def finish_power(s: AcademyState, seat: int) -> None:
    """``rules.finish_power`` without its words: the hero pays the power's bar, plays on."""
    s.stage = "face"
    pay(s, seat, POWER_COST)
    move_on(s)


def next_round(s: AcademyState) -> None:
    """The round ends and the next starts, without the words [end.refill] [end.start-card].

    Each surviving hero draws up, the Start card passes on, the next round starts.
    """
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
    s.start = next_start(s)  # [end.start-card]
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
    s.boost_card, s.boost_amount, s.blocked_at = -1, 0, -1
    s.responder, s.last_responder, s.turn_open = -1, -1, False
    villain = s.villains.pop()
    s.faced.append(villain)
    strength = s.options.strength or s.cards.villains[villain].strength
    lineup = s.lineup = []
    while len(lineup) < strength:
        if not s.villain_deck:
            if not s.villain_discard or not s.options.villain_reshuffle:
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


# --- the quick moves, in the order of the rules ---------------------------------------------


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
        take_block_damage(s, self.seat, (s.villain_damage(s.lineup[position]) + 1) // 2, position)
        end_turn(s)


class QuickStory(Story):
    """``rules.Story`` in fewer steps: the storyline, and the faced card left [turn.story]."""

    kind = "story"

    def play(self, s: AcademyState) -> None:
        """The storyline's effect (see effects.STORYLINES); the faced card stays uncontested."""
        if s.events is not None:
            Story.play(self, s)
            return
        _, seat, card, target = self
        position = s.outcomes.index(PENDING)
        s.hands[seat].remove(card)
        s.discard.append(card)
        story = s.cards.story[card]
        if story in ("restore", "pogo"):  # [story.restore] full life
            if s.life[target] > 0:
                s.life[target] = s.max_life[target]
        elif story == "life-boost":  # [story.life-boost]
            s.boosted[target] = True
            s.max_life[target] += LIFE_BOOST_BARS
            s.life[target] = min(s.max_life[target], s.life[target] + LIFE_BOOST_BARS)
            lose_bars(s, seat, STORY_COST)
        elif story == "strength":  # [story.strength]
            s.power_allowance[seat] += 1
        elif story == "rivalry":  # [story.rivalry]
            s.outcomes[target] = REMOVED
            lose_bars(s, seat, STORY_COST)
        if s.outcomes[position] == PENDING:  # (unless Sibling Rivalry removed it)
            leave_uncontested(s, position)
        end_turn(s)


class QuickPass(Pass):
    """``rules.Pass`` in fewer steps [turn.no-card]."""

    kind = "pass"

    def play(self, s: AcademyState) -> None:
        """The faced card goes uncontested; the turn is over."""
        if s.events is not None:
            Pass.play(self, s)
            return
        leave_uncontested(s, s.outcomes.index(PENDING))
        end_turn(s)


class QuickHeroBoost(HeroBoost):
    """``rules.HeroBoost`` in fewer steps [story.hero-boost]."""

    kind = "boosted"

    def play(self, s: AcademyState) -> None:
        """The card and the boost are discarded; their sum strikes; the boost's owner pays."""
        if s.events is not None:
            HeroBoost.play(self, s)
            return
        _, seat, card, holder, boost = self
        s.hands[seat].remove(card)
        s.discard.append(card)
        s.hands[holder].remove(boost)
        s.discard.append(boost)
        strike(s, seat, s.cards.attack[card] + s.cards.boost[boost])
        pay(s, holder, STORY_COST)
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
        s.blocked_at = -1  # the block is settled [opt.boost_target]
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


class QuickPower(Power):
    """``rules.Power`` in fewer steps [power.use]: its choices come next."""

    kind = "power"

    def play(self, s: AcademyState) -> None:
        """The power is used: the first of its choices comes next."""
        if s.events is not None:
            Power.play(self, s)
            return
        s.power_uses[self.seat] += 1
        effects.POWERS[s.power_of(self.seat)].start(s, self.seat)


class QuickHitsTwice(HitsTwice):
    """``rules.HitsTwice`` in fewer steps [power.kraken]."""

    kind = "kraken"

    def play(self, s: AcademyState) -> None:
        """Both cards are discarded; their sum strikes; The Kraken pays the power's bar."""
        if s.events is not None:
            HitsTwice.play(self, s)
            return
        _, seat, card, second = self
        for number in (card, second):
            s.hands[seat].remove(number)
            s.discard.append(number)
        s.power_uses[seat] += 1
        strike(s, seat, s.cards.attack[card] + s.cards.attack[second], power=True)
        pay(s, seat, POWER_COST)
        end_turn(s)


class QuickDoubleShot(DoubleShot):
    """``rules.DoubleShot`` in fewer steps [power.space-boy]."""

    kind = "double"

    def play(self, s: AcademyState) -> None:
        """The card is discarded; twice its value strikes; Space Boy pays the power's bar."""
        if s.events is not None:
            DoubleShot.play(self, s)
            return
        _, seat, card = self
        s.hands[seat].remove(card)
        s.discard.append(card)
        s.power_uses[seat] += 1
        strike(s, seat, 2 * s.cards.attack[card], power=True)
        pay(s, seat, POWER_COST)
        end_turn(s)


class QuickHorrorGift(HorrorGift):
    """``rules.HorrorGift`` in fewer steps [power.horror]."""

    kind = "horror"

    def play(self, s: AcademyState) -> None:
        """2 bars to one hero, or 1 bar each to two."""
        if s.events is not None:
            HorrorGift.play(self, s)
            return
        _, seat, first, second = self
        for hero, bars in ((first, HORROR_BARS),) if first == second else ((first, 1), (second, 1)):
            if s.life[hero] > 0:
                s.life[hero] = min(s.max_life[hero], s.life[hero] + bars)
        finish_power(s, seat)


class QuickSwap(Swap):
    """``rules.Swap`` in fewer steps [power.number-five]."""

    kind = "swap"

    def play(self, s: AcademyState) -> None:
        """The two cards change places."""
        if s.events is not None:
            Swap.play(self, s)
            return
        a, b = self.first, self.second
        s.lineup[a], s.lineup[b] = s.lineup[b], s.lineup[a]
        finish_power(s, self.seat)


class QuickRumor(Rumor):
    """``rules.Rumor`` in fewer steps [power.rumor]."""

    kind = "rumor"

    def play(self, s: AcademyState) -> None:
        """The card is defeated."""
        if s.events is not None:
            Rumor.play(self, s)
            return
        s.outcomes[self.position] = DEFEATED
        finish_power(s, self.seat)


class QuickVanyaRemoves(VanyaRemoves):
    """``rules.VanyaRemoves`` in fewer steps [power.vanya]."""

    kind = "vanya"

    def play(self, s: AcademyState) -> None:
        """The card is removed; after the last one, her 2 damage."""
        if s.events is not None:
            VanyaRemoves.play(self, s)
            return
        s.outcomes[self.position] = REMOVED
        s.vanya_left -= 1
        if s.vanya_left == 0 or not s.reachable:
            s.stage = "vanya-hit"


class QuickVanyaHit(VanyaHit):
    """``rules.VanyaHit`` in fewer steps [power.vanya]."""

    kind = "vanya-hit"

    def play(self, s: AcademyState) -> None:
        """2 damage on the hero; what a dying hero cannot take follows opt.excess_damage."""
        if s.events is not None:
            VanyaHit.play(self, s)
            return
        s.pending_damage, s.pending_rule = s.pending_damage + VANYA_DAMAGE, "power.vanya"
        bars = min(VANYA_DAMAGE, s.pending_damage)
        s.pending_damage, s.blocked_at = s.pending_damage - bars, -1
        left = lose_bars(s, self.target, bars)
        if left and s.options.excess_damage == "reassign":
            s.pending_damage += left
        finish_power(s, self.seat)


class QuickKeep(Keep):
    """``rules.Keep`` and the round end that follows, in fewer steps [end.keep] [end.refill]."""

    kind = "keep"

    def play(self, s: AcademyState) -> None:
        """The heroes draw up and the Start card passes on; then the next round starts."""
        if s.events is not None:
            Keep.play(self, s)
            return
        next_round(s)


class QuickPogo(CallPogo):
    """``rules.CallPogo`` in fewer steps [solo.pogo]."""

    kind = "pogo"

    def play(self, s: AcademyState) -> None:
        """The solo hero is restored to full life, once per game."""
        if s.events is not None:
            CallPogo.play(self, s)
            return
        s.pogo = False
        s.life[0] = s.max_life[0]  # (the hero who calls Pogo lives)
        move_on(s)


# --- making moves ----------------------------------------------------------------------------


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
    QuickStory: Story,
    QuickHeroBoost: HeroBoost,
    QuickHitsTwice: HitsTwice,
    QuickDoubleShot: DoubleShot,
    QuickPass: Pass,
    QuickPower: Power,
    QuickRumor: Rumor,
    QuickVanyaRemoves: VanyaRemoves,
    QuickSwap: Swap,
    QuickHorrorGift: HorrorGift,
    QuickVanyaHit: VanyaHit,
    QuickPogo: CallPogo,
}
"""Each move of this module, and the rules' move it stands for."""


QUICKER = {kind: quick for quick, kind in QUICK.items()}
"""The move of this module for each rules' move it stands for."""


def plain(move: Move) -> Move:
    """The rules' own move for a move of this module (any other move as it is)."""
    kind = QUICK.get(type(move))
    return kind(*move[1:]) if kind is not None else move


def quick(move: Move) -> Move:
    """The move of this module for a rules' move, if there is one (else the move itself)."""
    kind = QUICKER.get(type(move))
    return made(kind, *move[1:]) if kind is not None else move
