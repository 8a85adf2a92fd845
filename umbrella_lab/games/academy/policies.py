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

# (relative: the compiled copy of this module imports the compiled rules, see
# umbrella_lab.engine.compiled)
from .rules import PENDING, AcademyState, _distinct, _power_ready

Move = tuple


def random_move(state: AcademyState, rng: random.Random) -> Move:
    """Any legal move, uniformly at random."""
    moves = state._moves()
    return moves[rng.randrange(len(moves))]


def heuristic(state: AcademyState, rng: random.Random) -> Move:
    """The rulebook's strategy tips, as a simple team."""
    stage = state.stage
    if stage == "face":
        # Speed: _quick_face chooses exactly what _face would, without listing every legal
        # move; it returns None for the few cases it leaves to _face.
        move = _quick_face(state)
        return move if move is not None else _face(state, state._moves())
    if stage == "damage":
        return _damage(state)
    if stage == "keep":
        return ("keep", -1, -1, -1)
    if stage in ("rumor", "vanya"):  # the waiting card that deals the most damage
        return (stage, state.responder, _most_damaging(state), -1)
    moves = state._moves()
    if stage == "choose":
        return _choose(state, moves)
    return _power_choice(state, moves)


def _quick_face(s: AcademyState) -> Move | None:
    """What _face would choose, found without listing every legal move.

    Follows _face step by step. Each step looks only at the moves that step would pick from,
    in the order _face_moves lists them; where _face picks the first of several equally good
    moves, so does this, and a second copy of a card never wins (its moves come after those
    of the first copy). Returns None for the cases it leaves to _face: Pogo may be called, or
    only a move it does not look for is left.
    """
    seat = s.responder
    if s.pogo and s.life[seat] <= 2:
        return None
    position = s.outcomes.index(PENDING)  # the faced card (s.faced_position, inlined)
    code = s.lineup[position]
    value = s.villain_attack(code)
    cards = s.cards
    attack_of, rank_of = cards.attack, cards.winner_rank
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
        return ("attack", seat, best, -1)
    damage = s.villain_damage(code)
    if block >= 0 and (damage <= 2 or s.final or len(s.living) > 1):
        return ("block", seat, block, -1)
    return _quick_no_winner(s, seat, position, value, damage, block)


def _quick_no_winner(
    s: AcademyState, seat: int, position: int, value: int, damage: int, block: int
) -> Move | None:
    """The rest of _quick_face, when no card beats the faced card.

    ``block`` is the first card that equals it, or -1.
    """
    life = s.life[seat]
    cards = s.cards
    attack_of, story_of, heal_of = cards.attack, cards.story, cards.heal
    opts = s.opts
    effect = s.family_effect

    # The heal _face would play: the most healing, then the lowest attack (keep high attacks).
    healer, heal_best, heal_attack = -1, -1, 0
    stories = False
    heal_ok = effect != "rock-bottom"  # [family.rock-bottom]
    for number in s.hands[seat]:
        if story_of[number]:
            stories = True
            continue
        attack = attack_of[number]
        if heal_ok and (attack < value or not opts.strict_heal):
            heal = heal_of[number]
            if heal > heal_best or (heal == heal_best and attack < heal_attack):
                healer, heal_best, heal_attack = number, heal, attack
    heal_move = None
    if healer >= 0:
        target = s.living[0] if opts.heal_any else seat  # every target heals alike: the first
        heal_move = ("heal", seat, healer, target)

    if damage <= 1 and heal_move and block < 0:  # let it go, heal well
        return heal_move
    spare = life >= 3
    power = s.power_of(seat)
    with_cards = power in ("kraken", "space-boy")  # played as "kraken"/"double", else "power"
    if spare and damage >= 2 and with_cards and _power_ready(s, seat) == "":
        if power == "space-boy":
            move = _lowest_double(s, seat, value)
        else:
            move = _lowest_pair(s, seat, value)
        if move:
            return move
    boosting = effect != "brothers"  # [story.hero-boost]
    if boosting and damage >= 2:
        move = _first_boost(s, seat, value)
        if move:
            return move
    if (
        spare
        and not with_cards  # so a "power" move is legal if the power is ready
        and _power_ready(s, seat) == ""
        and _power_worth_it(s, seat, damage)
    ):
        return ("power", seat, -1, -1)
    if block >= 0:
        return ("block", seat, block, -1)
    first_story = None
    if stories:
        first_story, move = _story_choice(s, seat, position, life)
        if move:
            return move
    if heal_move:  # heal with the card that heals most, keeping high attacks
        return heal_move
    if first_story:
        return first_story
    if (with_cards and _power_ready(s, seat) == "") or (boosting and _boost_held(s, seat)):
        return None  # maybe a move that _face would play as "the first legal move"
    return ("pass", seat, -1, -1)  # [turn.no-card]


def _lowest_double(s: AcademyState, seat: int, value: int) -> Move | None:
    """Double Shot with the lowest card that answers the faced card, as _face picks it."""
    attack_of = s.cards.attack
    best, best_attack = -1, 1 << 30
    for number in s.hands[seat]:
        attack = attack_of[number]
        if attack <= value <= 2 * attack and attack < best_attack:
            best, best_attack = number, attack
    return ("double", seat, best, -1) if best >= 0 else None


def _lowest_pair(s: AcademyState, seat: int, value: int) -> Move | None:
    """Hits Twice with the pair of lowest total that answers the faced card, as _face picks it."""
    attack_of = s.cards.attack
    hand = s.hands[seat]
    best, best_total = None, 1 << 30
    for i, first in enumerate(hand):
        for second in hand[i + 1 :]:
            low, high = attack_of[first], attack_of[second]
            if low > high:
                low, high = high, low
            if high <= value <= low + high and low + high < best_total:
                best, best_total = ("kraken", seat, first, second), low + high
    return best


def _holders(s: AcademyState, seat: int) -> list[int] | range:
    """The seats that may add a Hero Boost to a card played by ``seat`` [opt.hero_boost].

    (Every seat under "interrupt": the dead hold no cards.)
    """
    return range(len(s.hands)) if s.opts.hero_boost_interrupt else [seat]


def _boost_held(s: AcademyState, seat: int) -> bool:
    """Whether a hero who may add a Hero Boost to the card of ``seat`` holds one."""
    boost_of = s.cards.boost
    for holder in _holders(s, seat):
        if s.life[holder] > 0:
            for card in s.hands[holder]:
                if boost_of[card]:
                    return True
    return False


def _first_boost(s: AcademyState, seat: int, value: int) -> Move | None:
    """The first Hero Boost move whose giver keeps 3 or more bars, as _face picks it."""
    attack_of, boost_of = s.cards.attack, s.cards.boost
    hand = None
    for holder in _holders(s, seat):
        if s.life[holder] < 3:  # (so living, as every giver is)
            continue
        held = s.hands[holder]
        firsts = None
        for boost in held:
            plus = boost_of[boost]
            if not plus:
                continue
            if firsts is None:
                firsts = _distinct(s, held)
            if boost not in firsts:
                continue
            if hand is None:
                hand = _distinct(s, s.hands[seat])
            for number in hand:
                if number != boost and attack_of[number] <= value <= attack_of[number] + plus:
                    return ("boosted", seat, number, boost)
    return None


def _story_choice(
    s: AcademyState, seat: int, position: int, life: int
) -> tuple[Move | None, Move | None]:
    """The first story move, and the first one _face would play for its storyline (or None)."""
    story_of, life_of = s.cards.story, s.life
    first = None
    for number in s.hands[seat]:
        story = story_of[number]
        if story in ("restore", "pogo"):
            for target, bars in enumerate(life_of):
                if bars <= 0:
                    continue
                move = ("story", seat, number, target)
                first = first or move
                if s.max_life[target] - bars >= 3:
                    return first, move
        elif story == "life-boost":
            for target, bars in enumerate(life_of):
                if bars > 0 and target != seat and not s.boosted[target]:
                    move = ("story", seat, number, target)
                    first = first or move
                    if life >= 3:
                        return first, move
        elif story == "strength":
            first = first or ("story", seat, number, -1)
        elif story == "rivalry":
            for p, outcome in enumerate(s.outcomes):
                if outcome == PENDING and p != position:
                    move = ("story", seat, number, p)
                    first = first or move
                    if life >= 3 and s.villain_damage(s.lineup[p]) >= 3:
                        return first, move
    return first, None


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


def _most_damaging(s: AcademyState) -> int:
    """The waiting lineup card that deals the most damage, the leftmost of equals.

    The Rumor's and Vanya's choice (their moves name one waiting card each).
    """
    best, most = -1, -1
    for position, outcome in enumerate(s.outcomes):
        if outcome == PENDING:
            damage = s.villain_damage(s.lineup[position])
            if damage > most:
                best, most = position, damage
    return best


def _power_choice(s: AcademyState, moves: list[Move]) -> Move:
    stage = s.stage
    if stage == "horror":

        def gain(move: Move) -> int:
            _, _, a, b = move
            if a == b:
                return min(2, s.max_life[a] - s.life[a])
            return min(1, s.max_life[a] - s.life[a]) + min(1, s.max_life[b] - s.life[b])

        return max(moves, key=gain)
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
