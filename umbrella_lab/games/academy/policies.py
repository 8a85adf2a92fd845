"""Ready-made players for The Umbrella Academy Game: ``(state, rng) -> move``.

* ``random``: any legal move, each as likely.
* ``heuristic``: the rulebook's strategy tips, as a simple team:

  - beat a card with the lowest card that beats it, saving strong cards (tip of turn.attack);
  - block when you can only equal it, to keep the card out of the Final Battle (turn.block);
  - heal with a high-heal card when you let a card through (tip of turn.heal);
  - use powers when they save real damage, keeping some life in reserve (power.use);
  - spread damage onto the hero with the most life (life.damage);
  - the option moves: a Hero Boost on the card that just blocked when it spares 2 bars for its
    1 (boost-on), The Kraken's pair against a later card of 3 damage or more while the faced
    card deals at most 1 (kraken-at), and Space Boy doubling another hero's card that then
    blocks or wins a card of 2 damage or more (double-for), each only by a hero with 3 bars
    or more.

The strategy reads best in :func:`choose_face` and :func:`choose`, which pick from the legal
moves. Simulations ask the heuristic thousands of times a second, so facing a card it mostly
finds the same move without listing every legal move (:func:`quick_face`): a quicker way to
choose, never another way to play (the moves are the rules' own).
``tests/test_academy_policies.py`` checks over thousands of positions that the quick answers
are the plain ones. The team's and the powers' choices ask the rules' own lists, narrowed
where a power picks among many (Séance, Number Five).
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from umbrella_lab.engine.moves import Move
from umbrella_lab.games.academy import effects
from umbrella_lab.games.academy.rules import (
    PENDING,
    AcademyState,
    Attack,
    Block,
    CallPogo,
    Choose,
    DoubleShot,
    Heal,
    HeroBoost,
    HeroBoostOn,
    HitsTwice,
    HitsTwiceAt,
    HorrorGift,
    Keep,
    Pass,
    Power,
    Rumor,
    SeanceCard,
    Spread,
    Story,
    Swap,
    VanyaHit,
    VanyaRemoves,
    boost_holders,
    card_pairs,
    distinct,
    power_blocked,
)


@cache
def made(kind: type[Move], *fields: Any) -> Move:
    """The move ``kind(*fields)``, made once and kept: finding a move again costs less."""
    return kind(*fields)


def random_move(state: AcademyState, rng: random.Random) -> Move:
    """Any legal move, each as likely."""
    moves = state.legal_moves()
    return moves[rng.randrange(len(moves))]


PAIR_WORTH = 3
"""The least damage of a later card worth The Kraken's pair of cards against it."""


def heuristic(state: AcademyState, rng: random.Random) -> Move:
    """The rulebook's strategy tips, as a simple team."""
    stage = state.stage
    if stage == "face":
        move = quick_face(state)
        return move if move is not None else choose_face(state, state.legal_moves())
    if stage == "damage":
        if state.pogo and state.life[0] <= state.pending_damage:
            return made(CallPogo, 0)
        if state.blocked_at >= 0 and state.pending_damage >= 2:
            move = _boost_on(state)
            if move is not None:
                return move
        return made(Spread, state.pending_damage)  # onto the heroes with the most life
    if stage == "keep":
        return made(Keep)
    return choose(state)


def _boost_on(s: AcademyState) -> Move | None:
    """A Hero Boost on the card that just blocked, when it spares 2 bars for its 1.

    The smallest boost of a hero with 3 bars or more does it (any boost spares the whole half)
    [opt.boost_target].
    """
    moves = [m for m in HeroBoostOn.legal(s) if s.life[m.seat] >= 3]
    if not moves:
        return None
    boost_of = s.cards.boost
    return min(moves, key=lambda m: (boost_of[m.boost], m.seat))


# --- a hero facing a card ---------------------------------------------------------------------


def choose_face(s: AcademyState, moves: list[Move]) -> Move:
    """The heuristic's move for a hero facing a card, from the legal ``moves``."""
    deck = s.cards.hero_deck
    seat = s.responder
    code = s.lineup[s.faced_position]
    damage = s.villain_damage(code)
    life = s.life[seat]
    by_kind: dict[str, list] = {}
    move: Any  # a move of whichever kind (from by_kind's lists), or None
    for move in moves:
        by_kind.setdefault(move.kind, []).append(move)
    if "pogo" in by_kind and life <= 2:
        return by_kind["pogo"][0]
    if "double-for" in by_kind and damage >= 2:  # Space Boy doubles this card [opt.double_shot]
        helped = [m for m in by_kind["double-for"] if s.life[m.helper] >= 3]
        if helped and "attack" not in by_kind:
            return min(helped, key=lambda m: deck[m.card].attack)
    if "kraken-at" in by_kind and life >= 3 and damage <= 1:  # [opt.kraken_target]
        move = _kraken_at(s, by_kind["kraken-at"])
        if move is not None:
            return move
    if "attack" in by_kind:  # the lowest card that wins
        return min(
            by_kind["attack"], key=lambda m: (deck[m.card].attack, deck[m.card].kind != "attack")
        )
    if "block" in by_kind and (damage <= 2 or s.final or len(s.living) > 1):
        return min(by_kind["block"], key=lambda m: deck[m.card].attack)
    if damage <= 1 and "heal" in by_kind and "block" not in by_kind:  # let it go, heal well
        return max(by_kind["heal"], key=lambda m: (deck[m.card].heal, -deck[m.card].attack))
    spare = life >= 3
    if spare and damage >= 2:
        if "double" in by_kind:
            return min(by_kind["double"], key=lambda m: deck[m.card].attack)
        if "kraken" in by_kind:
            return min(by_kind["kraken"], key=lambda m: deck[m.card].attack + deck[m.second].attack)
    if "boosted" in by_kind and damage >= 2:
        for move in by_kind["boosted"]:
            if s.life[move.holder] >= 3:
                return move
    if "power" in by_kind and spare and _power_worth_it(s, seat, damage):
        return by_kind["power"][0]
    if "block" in by_kind:
        return by_kind["block"][0]
    story = by_kind.get("story", [])
    for move in story:
        card, target = deck[move.card], move.target
        if card.story in ("restore", "pogo") and s.max_life[target] - s.life[target] >= 3:
            return move
        if card.story == "life-boost" and life >= 3:
            return move
        if card.story == "rivalry" and life >= 3 and s.villain_damage(s.lineup[target]) >= 3:
            return move
    if "heal" in by_kind:  # heal with the card that heals most, keeping high attacks
        return max(by_kind["heal"], key=lambda m: (deck[m.card].heal, -deck[m.card].attack))
    if story:
        return story[0]
    if "pass" in by_kind:
        return by_kind["pass"][0]
    return moves[0]


def _kraken_at(s: AcademyState, moves: list[HitsTwiceAt]) -> Move | None:
    """The Kraken's pair against a later card of ``PAIR_WORTH`` damage or more: the lowest win.

    Used while the faced card deals at most 1, so the pair saves more than the power's bar
    and the faced card can still be answered or let go cheaply [opt.kraken_target].
    """
    deck = s.cards.hero_deck
    worth = [
        m
        for m in moves
        if s.villain_damage(s.lineup[m.position]) >= PAIR_WORTH
        and deck[m.card].attack + deck[m.second].attack > s.villain_attack(s.lineup[m.position])
    ]
    if not worth:
        return None
    return min(worth, key=lambda m: (deck[m.card].attack + deck[m.second].attack, m.position))


def _quick_kraken_at(s: AcademyState, seat: int, faced: int) -> Move | None:
    """What :func:`_kraken_at` picks from ``HitsTwiceAt.legal``, found without listing them.

    Each pair of cards in hand (the rules' ``card_pairs``) is looked at once, against each
    waiting card of ``PAIR_WORTH`` damage or more that it beats when its higher card alone does
    not, and the lowest total wins. Cards and pairs are read in the order the moves are listed
    (positions left to right, pairs in hand order), and only a strictly lower total replaces
    the best so far: of equal totals the first listed wins, as with ``min`` (a second pair of
    the same values is never listed, and it comes later).
    """
    pairs = [  # (first, second, the higher attack, the total)
        (first, second, high, low + high) for first, second, (low, high) in card_pairs(s, seat)
    ]
    best, best_total = None, 1 << 30
    lineup = s.lineup
    for position, outcome in enumerate(s.outcomes):
        if outcome != PENDING or position == faced:
            continue
        code = lineup[position]
        if s.villain_damage(code) < PAIR_WORTH:
            continue
        value = s.villain_attack(code)
        for first, second, high, total in pairs:
            if high <= value < total < best_total:  # the pair beats it, the higher card not
                best, best_total = (first, second, position), total
    return made(HitsTwiceAt, seat, *best) if best else None


def _power_worth_it(s: AcademyState, seat: int, damage: int) -> bool:
    power = s.power_of(seat)
    if power == "horror":  # a living hero misses 2 bars or more
        for target, bars in enumerate(s.life):
            if bars > 0 and s.max_life[target] - bars >= 2:
                return True
        return False
    if power == "rumor":
        return damage >= 2
    if power == "vanya":
        pending = s.outcomes.count(PENDING)
        return pending >= 4 or (s.final and pending >= 2)
    if power == "seance":
        return damage >= 2
    if power == "number-five":  # a later card is lower than our best card
        attack_of = s.cards.attack
        best = max([attack_of[n] for n in s.hands[seat]], default=0)
        position = s.faced_position
        for p, outcome in enumerate(s.outcomes):
            if outcome == PENDING and p != position and s.villain_attack(s.lineup[p]) < best:
                return True
        return False
    return False


def quick_face(s: AcademyState) -> Move | None:
    """What :func:`choose_face` would choose, found without listing every legal move.

    Follows ``choose_face`` step by step. Each step looks only at the moves that step would
    pick from, in the order the rules list them; where ``choose_face`` picks the first of
    several equally good moves, so does this, and a second copy of a card never wins (its
    moves come after those of the first copy). Returns None for the cases it leaves to
    ``choose_face``: only a move it does not look for is left.
    """
    seat = s.responder
    if s.pogo and s.life[seat] <= 2:  # the solo hero calls Pogo
        return made(CallPogo, 0)
    position = s.outcomes.index(PENDING)  # the faced card
    code = s.lineup[position]
    if (
        s.power_of(seat) == "kraken"
        and s.options.kraken_target == "any"
        and s.life[seat] >= 3
        and s.villain_damage(code) <= 1
        and not power_blocked(s, seat)
    ):  # maybe The Kraken's pair against a later card, as choose_face weighs it first
        move = _quick_kraken_at(s, seat, position)
        if move is not None:
            return move
    if s.options.double_shot == "any" and s.villain_damage(code) >= 2:
        return None  # maybe Space Boy doubles this card: choose_face weighs it
    value = s.villain_attack(code)  # with any Villain Attack Boost: the state's rule
    attack_of, rank_of = s.cards.attack, s.cards.winner_rank
    best, best_rank = -1, 1 << 30
    block = -1
    for number in s.hands[seat]:
        attack = attack_of[number]
        if attack > value:
            # the lowest winner; at equal values an attack card before a story card
            rank = rank_of[number]
            if rank < best_rank:
                best, best_rank = number, rank
        elif attack == value and block < 0:
            block = number
    if best >= 0:  # the lowest card that wins
        return made(Attack, seat, best)
    damage = s.villain_damage(code)
    if block >= 0 and (damage <= 2 or s.final or s.alive > 1):
        return made(Block, seat, block)
    return _quick_no_winner(s, seat, position, value, damage, block)


def _quick_no_winner(
    s: AcademyState, seat: int, position: int, value: int, damage: int, block: int
) -> Move | None:
    """The rest of :func:`quick_face`, when no card beats the faced card.

    ``block`` is the first card that equals it, or -1.
    """
    life = s.life[seat]
    cards = s.cards
    attack_of, story_of, heal_of = cards.attack, cards.story, cards.heal

    # The heal choose_face would play: the most healing, then the lowest attack.
    healer, heal_best, heal_attack = -1, -1, 0
    stories = False
    heal_ok = not effects.no_heals(s)  # Rock Bottom [family.rock-bottom]
    strict = s.options.strict_heal
    for number in s.hands[seat]:
        if story_of[number]:
            stories = True
            continue
        attack = attack_of[number]
        if heal_ok and (attack < value or not strict):
            heal = heal_of[number]
            if heal > heal_best or (heal == heal_best and attack < heal_attack):
                healer, heal_best, heal_attack = number, heal, attack
    heal_move = None
    if healer >= 0:  # every target heals alike: the first
        target = s.living[0] if s.options.heal_target == "any" else seat
        heal_move = made(Heal, seat, healer, target)

    if damage <= 1 and heal_move and block < 0:  # let it go, heal well
        return heal_move
    spare = life >= 3
    power = s.power_of(seat)
    with_cards = power in ("kraken", "space-boy")  # played as "kraken"/"double", else "power"
    if spare and damage >= 2 and with_cards and not power_blocked(s, seat):
        if power == "space-boy":
            move = _lowest_double(s, seat, value)
        else:
            move = _lowest_pair(s, seat, value)
        if move:
            return move
    if damage >= 2 and not effects.no_hero_boosts(s):  # Brothers Will Fight [family.brothers]
        move = _first_boost(s, seat, value)
        if move:
            return move
    if (
        spare
        and not with_cards  # so the move "power" is legal when the power is ready
        and not power_blocked(s, seat)
        and _power_worth_it(s, seat, damage)
    ):
        return made(Power, seat)
    if block >= 0:
        return made(Block, seat, block)
    first_story = None
    if stories:
        first_story, worth = _story_choice(s, seat, position, life)
        if worth:
            return made(Story, seat, *worth)
    if heal_move:  # heal with the card that heals most, keeping high attacks
        return heal_move
    if first_story:
        return made(Story, seat, *first_story)
    if (
        (with_cards and not power_blocked(s, seat))
        or (not effects.no_hero_boosts(s) and _boost_held(s, seat))
        or s.options.double_shot == "any"  # Space Boy may double the card [opt.double_shot]
        or s.options.boosts_per_card == 2  # two boosts on one card [opt.boosts_per_card]
    ):
        return None  # maybe a move that choose_face would play as "the first legal move"
    return made(Pass, seat)


def _lowest_double(s: AcademyState, seat: int, value: int) -> Move | None:
    """Double Shot with the lowest card that answers the faced card, as choose_face picks it."""
    attack_of = s.cards.attack
    best, best_attack = -1, 1 << 30
    for number in s.hands[seat]:
        attack = attack_of[number]
        if attack <= value <= 2 * attack and attack < best_attack:
            best, best_attack = number, attack
    return made(DoubleShot, seat, best) if best >= 0 else None


def _lowest_pair(s: AcademyState, seat: int, value: int) -> Move | None:
    """Hits Twice with the pair of lowest total that answers the faced card."""
    attack_of = s.cards.attack
    hand = s.hands[seat]
    best, best_total = None, 1 << 30
    for i, first in enumerate(hand):
        for second in hand[i + 1 :]:
            low, high = attack_of[first], attack_of[second]
            if low > high:
                low, high = high, low
            if high <= value <= low + high and low + high < best_total:
                best, best_total = (first, second), low + high
    return made(HitsTwice, seat, *best) if best else None


def _boost_held(s: AcademyState, seat: int) -> bool:
    """Whether a hero who may add a Hero Boost to the card of ``seat`` holds one."""
    boosts = s.cards.boosts
    return any(not boosts.isdisjoint(s.hands[holder]) for holder in boost_holders(s, seat))


def _first_boost(s: AcademyState, seat: int, value: int) -> Move | None:
    """The first Hero Boost move whose giver keeps 3 or more bars, as choose_face picks it."""
    attack_of, boost_of, boosts = s.cards.attack, s.cards.boost, s.cards.boosts
    on_any = s.options.boost_offer == "any"  # [opt.boost_offer]
    hand = None
    for holder in boost_holders(s, seat):
        if s.life[holder] < 3:
            continue
        held = s.hands[holder]
        if boosts.isdisjoint(held):  # (most hands hold no Hero Boost)
            continue
        firsts = None
        for boost in held:
            plus = boost_of[boost]
            if not plus:
                continue
            if firsts is None:
                firsts = distinct(s, held)
            if boost not in firsts:
                continue
            if hand is None:
                hand = distinct(s, s.hands[seat])
            for number in hand:
                if (
                    number != boost
                    and (on_any or attack_of[number] <= value)
                    and value <= attack_of[number] + plus
                ):
                    return made(HeroBoost, seat, number, holder, boost)
    return None


def _story_choice(
    s: AcademyState, seat: int, position: int, life: int
) -> tuple[tuple[int, int] | None, tuple[int, int] | None]:
    """The first story play, and the first one choose_face would play for its storyline.

    Each as (card, target), or None.
    """
    story_of, life_of = s.cards.story, s.life
    first = None
    for number in s.hands[seat]:  # (a second copy never wins: the first comes before it)
        story = story_of[number]
        if story in ("restore", "pogo"):
            for target, bars in enumerate(life_of):
                if bars <= 0:
                    continue
                first = first or (number, target)
                if s.max_life[target] - bars >= 3:
                    return first, (number, target)
        elif story == "life-boost":
            for target, bars in enumerate(life_of):
                if bars > 0 and target != seat and not s.boosted[target]:
                    first = first or (number, target)
                    if life >= 3:
                        return first, (number, target)
        elif story == "strength":
            first = first or (number, effects.NO_TARGET)
        elif story == "rivalry":  # [opt.rivalry] [opt.reach]
            for p in effects.STORYLINES["rivalry"].targets(s, seat, position):
                first = first or (number, p)
                if life >= 3 and s.villain_damage(s.lineup[p]) >= 3:
                    return first, (number, p)
    return first, None


# --- the team's choices and the powers' choices ----------------------------------------------

CHOICES: dict[str, Any] = {  # each a kind of move, whose legal() gives a list
    "choose": Choose,
    "horror": HorrorGift,
    "number-five": Swap,
    "rumor": Rumor,
    "seance": SeanceCard,
    "vanya": VanyaRemoves,
    "vanya-hit": VanyaHit,
}
"""The kind of move of each step at which the team or a power chooses (the only moves then)."""


def choose(s: AcademyState) -> Move:
    """The heuristic's choice for the team or a power, from the moves the rules list for it.

    Where a power picks among many (Séance's calls, Number Five's swaps), the moves it weighs
    first are asked of the kind's ``legal`` narrowed to one lineup card, and the rest only if
    needed: the same moves, in the order the rules list them.
    """
    stage = s.stage
    if stage == "seance":  # the faced card if it can, else the most damaging; the lowest card
        mine = SeanceCard.legal(s, at=s.faced_position)
        if mine:
            return min(mine, key=lambda m: m.card)
        return max(
            SeanceCard.legal(s), key=lambda m: (s.villain_damage(s.lineup[m.position]), -m.card)
        )
    if stage == "number-five":  # bring a card our best card beats to the front
        deck = s.cards.hero_deck
        best = max((deck[n].attack for n in s.hands[s.responder]), default=0)
        swaps = Swap.legal(s, first=s.faced_position)  # (the first moves listed)
        for move in swaps:
            if s.villain_attack(s.lineup[move.second]) < best:
                return move
        return swaps[0]
    moves: list[Any] = CHOICES[stage].legal(s)
    if stage == "choose":  # the hero with the lowest card that wins, else the most life
        deck = s.cards.hero_deck
        value = s.villain_attack(s.lineup[s.faced_position])
        winner: Any = None  # (the lowest winner, its move)
        for move in moves:
            winners = [deck[n].attack for n in s.hands[move.seat] if deck[n].attack > value]
            if winners and (winner is None or min(winners) < winner[0]):
                winner = (min(winners), move)
        if winner:
            return winner[1]
        return max(moves, key=lambda m: s.life[m.seat])
    if stage in ("rumor", "vanya"):  # the waiting card that deals the most damage: the first
        damage_of, lineup = s.villain_damage, s.lineup
        choice, most = moves[0], -1
        for move in moves:
            damage = damage_of(lineup[move.position])
            if damage > most:
                choice, most = move, damage
        return choice
    if stage == "horror":  # the bars that heal most (the first of equals; 2 is all they can)
        missing = [top - bars for top, bars in zip(s.max_life, s.life, strict=True)]
        choice, most = moves[0], -1
        for move in moves:
            a, b = move.first, move.second
            gain = min(2, missing[a]) if a == b else min(1, missing[a]) + min(1, missing[b])
            if gain > most:
                choice, most = move, gain
                if gain == 2:
                    break
        return choice
    if stage == "vanya-hit":  # the hero with the most life
        return max(moves, key=lambda m: s.life[m.target])
    return moves[0]


POLICIES = {"random": random_move, "heuristic": heuristic}
