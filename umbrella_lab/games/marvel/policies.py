"""Ready-made players of Marvel United: ``(state, rng) -> move``.

* ``random``: any legal move, each as likely.
* ``greedy``: one step ahead. It scores each card in hand by its symbols (with the previous
  card's) against what waits at the hero's location; in the actions step it attacks before a
  Heroic action, a Heroic action before the Special, the Special before a Move toward the
  busiest neighbour, then uses the location if it helps. Every other choice has a simple rule
  of thumb (lose the weakest card, stop a big BAM with Crisis tokens...).
* ``planner`` (the game's best player): for each card it could play, it searches the orders
  and targets of the whole turn's actions (Moves, Attacks, Heroics, the Special, the location)
  and scores where each line ends: missions, threats, the villain's health, and the danger of
  Overflow, the plot and a KO. Choices inside the turn's effects and during the villain's turn
  are greedy's.

The planner never looks at a hidden order: it stops each line before the next card is drawn.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple, TypeAlias

from umbrella_lab.engine.moves import Move
from umbrella_lab.games.marvel import effects
from umbrella_lab.games.marvel.actions import (
    CRISIS,
    HENCHMAN,
    RING,
    THUG,
    VILLAIN,
    attack_targets,
    leave_moves,
    previous_hero_card,
    rescue_heroics,
    thug_damage,
)
from umbrella_lab.games.marvel.cards import ATTACK, HEROIC, MOVE, WILD
from umbrella_lab.games.marvel.rules import (
    CARD,
    THREAT,
    Attack,
    Choose,
    Done,
    Go,
    Heroic,
    Lead,
    Lose,
    MarvelState,
    Play,
    Special,
    Visit,
    end_actions,
    heroic_targets,
    location_open,
)


def random_move(s: MarvelState, rng: random.Random) -> Move:
    """Any legal move, each as likely."""
    moves = s.legal_moves()
    return moves[rng.randrange(len(moves))]


# --- what a location and a card are worth -----------------------------------------------------


def waiting(s: MarvelState, where: int) -> int:
    """How much work waits at a location: Thugs, Civilians, a Threat, the villain if open."""
    threat = s.threat_at(where)
    work = s.thugs[where] + s.civilians[where]
    if threat is not None:
        work += 2
    if s.villain_at == where and s.villain_open():
        work += 4
    if s.crisis_at[where] and s.crisis_clearable(where):
        work += 2
    return work


def needs(s: MarvelState, where: int) -> tuple[int, int]:
    """The Attacks and the Heroic actions that would all find a use at a location."""
    threat = s.threat_at(where)
    attacks = s.thugs[where] * thug_damage(s, where) - s.wounded[where]
    heroics = s.civilians[where] * rescue_heroics(s, where) - s.primed[where]
    if threat is not None:
        if threat.henchman:
            attacks += threat.health - s.marks[where]
        else:
            heroics += threat.heroics - s.marks[where]
    if s.villain_at == where and s.villain_open():
        attacks += s.health
    if s.crisis_at[where] and s.crisis_clearable(where):
        attacks += s.crisis_at[where]
    return attacks, heroics


def card_value(s: MarvelState, card: int) -> float:
    """A card's worth in hand: its symbols (a Wild a little more) and its Special."""
    counts = s.card(card).counts
    special = 1.5 if s.card(card).special else 0.0
    return counts[0] + counts[1] + counts[2] + 1.5 * counts[3] + special


def card_scores(s: MarvelState, cards: list[int]) -> dict[int, float]:
    """Greedy's score of each card in hand.

    What its symbols (with the previous card's) would do where its hero stands, a Move toward
    busier neighbours, its Special; less what the card is worth.
    """
    previous = previous_hero_card(s, len(s.storyline))
    base = s.card(previous).counts if previous >= 0 else (0, 0, 0, 0)
    places: dict[int, tuple[int, int, int, int]] = {}
    scores = {}
    for card in cards:
        hero = s.hero_of(card) if len(s.hands) == 1 else s.turn
        where = s.hero_at[hero]
        known = places.get(where)
        if known is None:
            attacks, heroics = needs(s, where)
            here = waiting(s, where)
            best = max(waiting(s, (where + side) % RING) for side in (-1, 1))
            known = places[where] = (attacks, heroics, here, best)
        attacks, heroics, here, best = known
        design = s.card(card)
        counts = design.counts
        used_a = min(counts[ATTACK] + base[ATTACK], attacks)
        used_h = min(counts[HEROIC] + base[HEROIC], heroics)
        wilds = counts[WILD] + base[WILD]
        wild = min(wilds, attacks - used_a + heroics - used_h)
        score = 3.0 * (used_a + used_h + wild)
        if counts[MOVE] + base[MOVE] + wilds - wild > 0 and best > here:
            score += 1.0 + 0.5 * min(best, 4)
        if design.special:
            score += 2.0
        scores[card] = score - 0.2 * card_value(s, card)
    return scores


# --- greedy ------------------------------------------------------------------------------------

TARGET_ORDER = {VILLAIN: 0, HENCHMAN: 1, THUG: 2, CRISIS: 3}
HELP_ORDER = {0: 0, THREAT: 1, 2: 2}
GOOD_PLACES = {"draw-to-3", "tutor", "fly", "rescue-here", "discard-thug", "crisis-for-card"}


def greedy(s: MarvelState, rng: random.Random) -> Move:
    """One step ahead: the best-scoring card, then attack, heroic, special, move, location."""
    if s.ask is not None:
        return answer(s)
    if s.step == "lead":
        return Lead(0)
    if s.step == "play":
        hand = s.hands[s.turn]
        scores = card_scores(s, hand)
        best = max(hand, key=lambda card: (scores[card], -card))
        return Play(s.turn, best)
    return act(s)


def act(s: MarvelState) -> Move:
    """Greedy's choice in the actions step."""
    seat, hero = s.turn, s.active
    where = s.hero_at[hero]
    pool, purse = s.pool, s.purse(hero)
    wild = pool[WILD] + purse[WILD]
    if wild + pool[ATTACK] + purse[ATTACK]:  # an Attack can be paid (Attack.legal's test)
        targets = attack_targets(s, where)
        if targets:
            return Attack(seat, min(targets, key=TARGET_ORDER.__getitem__), CARD)
    if wild + pool[HEROIC] + purse[HEROIC]:
        helps = heroic_targets(s, where)
        if helps:
            return Heroic(seat, min(helps, key=HELP_ORDER.__getitem__), CARD)
    if s.special and Special.legal(s) and special_helps(s, hero):
        return Special(seat)
    if pool[MOVE] + pool[WILD] >= leave_moves(s, where):  # toward the busier neighbour
        left, right = (where - 1) % RING, (where + 1) % RING
        at_left, at_right = waiting(s, left), waiting(s, right)
        best, busiest = (
            (left, at_left) if (at_left, -left) > (at_right, -right) else (right, at_right)
        )
        if busiest > waiting(s, where):
            return Go(seat, best, CARD)
    if Visit.legal(s) and place_helps(s, hero):
        return Visit(seat)
    return Done(seat)


def special_helps(s: MarvelState, hero: int) -> bool:
    """Greedy uses a Special unless it would hurt a friend (Hulk Smash! next to a hero)."""
    name = s.card(s.played).special
    if name == "hulk-smash":
        where = s.hero_at[hero]
        return not [h for h in s.standing(where) if h != hero]
    return True


def place_helps(s: MarvelState, hero: int) -> bool:
    """Greedy uses a location whose effect always helps (not the swaps and token moves)."""
    effect = s.cards.locations[s.places[s.hero_at[hero]]].effect
    if effect == "crisis-for-card":
        return len(s.hand_of(hero)) > 2
    return effect in GOOD_PLACES


def answer(s: MarvelState) -> Move:
    """Greedy's answer to a decision an effect waits for."""
    name, seat = s.ask[0], s.ask[1]
    if name == "lose":
        hero = s.ask[2]
        return Lose(seat, min(s.hand_of(hero), key=lambda c: (card_value(s, c), c)))
    choices = effects.ASKS[name].choices(s)
    pick = CHOOSERS.get(name)
    return Choose(seat, pick(s, choices) if pick else choices[0])


def _best_place(s: MarvelState, choices: list[int]) -> int:
    return max(choices, key=lambda w: (waiting(s, w), -w))


def _cancel(s: MarvelState, choices: list[int]) -> int:
    where, amount = s.ask[2], s.ask[3]
    hurt = [h for h in s.standing(where) if not s.shield[h]]
    low = any(len(s.hand_of(h)) <= amount for h in hurt)
    if len(hurt) * amount >= 2 or low:
        heroes = [c for c in choices if c >= 0]
        return min(heroes, key=lambda h: (s.crisis[h], h))
    return -1


def _prevent(s: MarvelState, choices: list[int]) -> int:
    where = s.ask[2]
    heroes = s.standing(where)
    rich = all(len(s.hand_of(h)) >= 3 or s.shield[h] for h in heroes)
    tight = s.free(where) <= 1
    return 1 if rich and tight else 0


def _fewest_crisis(s: MarvelState, choices: list[int]) -> int:
    return min(choices, key=lambda h: (s.crisis[h], -len(s.hand_of(h)), h))


def _virus(s: MarvelState, choices: list[int]) -> int:
    where = s.hero_at[s.active]
    attacks, heroics = needs(s, where)
    order = [MOVE, HEROIC if heroics <= attacks else ATTACK, ATTACK, HEROIC, WILD]
    return next(k for k in order if k in choices)


def _interrogate(s: MarvelState, choices: list[int]) -> int:
    card = s.plan(s.plan_deck[-1])
    danger = 2 * card.bam + len(card.ccw + card.here + card.cw) + 2 * bool(card.special)
    return 1 if danger >= 3 else 0


def _target(s: MarvelState, choices: list[int]) -> int:
    return min(choices, key=TARGET_ORDER.__getitem__)


def _stay_or_best(s: MarvelState, choices: list[int]) -> int:
    return max(choices, key=lambda w: (sum(needs(s, w)), -w))


def _leap(s: MarvelState, choices: list[int]) -> int:
    return max(choices, key=lambda p: (card_value(s, s.storyline[p]), p))


def _tutor(s: MarvelState, choices: list[int]) -> int:
    return max(choices, key=lambda c: (card_value(s, c), -c))


def _swap(s: MarvelState, choices: list[int]) -> int:
    def gain(choice: int) -> float:
        card, place = divmod(choice, 100)
        return card_value(s, s.storyline[place]) - card_value(s, card)

    return max(choices, key=lambda c: (gain(c), -c))


def _crisis_card(s: MarvelState, choices: list[int]) -> int:
    return min(choices, key=lambda c: (card_value(s, c // 100), c % 100 >= 10, c))


def _discard_thug(s: MarvelState, choices: list[int]) -> int:
    return min(choices, key=lambda w: (s.free(w), -s.thugs[w], w))


def _wings_who(s: MarvelState, choices: list[int]) -> int:
    return -1


def _give(s: MarvelState, choices: list[int]) -> int:
    return s.active if s.active in choices else choices[0]


QUIET_ALONE = frozenset({"strike-or-crisis"})
"""Threat effects whose BAM does nothing where no hero stands [threat.strike-or-crisis]."""


def _best_order(s: MarvelState, choices: list[int]) -> int:
    """Greedy's order when the heroes decide which Threat's BAM comes first [opt.bam_order].

    Each order is played out to the end of the villain's effects (later choices answered the
    same way), and the table that follows is judged by :func:`evaluate`; the first order of
    the best. Unless the order cannot matter: when each BAM does nothing where nobody stands
    and heroes stand at one of the Threats at most, every order reaches the same table (no
    effect of a BAM brings a hero to a location), so the first one is taken at once.
    """
    if (
        all(s.cards.threats[s.threats[w]].effect in QUIET_ALONE for w in choices)
        and sum(1 for w in choices if s.standing(w)) <= 1
    ):
        return choices[0]

    def after(choice: int) -> float:
        table = s._clone()  # a copy that says nothing: no words are made for a look ahead
        Choose(s.ask[1], choice).play(table)
        for _ in range(20):  # the effects that follow, answered greedily
            if table.ask is None or table.outcome is not None:
                break
            answer(table).play(table)
        return evaluate(table)

    return max(choices, key=lambda c: (after(c), -choices.index(c)))


def _first_hurt(s: MarvelState, choices: list[int]) -> int:
    """Greedy's order when the heroes decide who takes simultaneous damage first [opt.ties].

    The first hero asked, without playing the orders out: they all end at the same table for
    greedy. Each hero loses the same cards whoever goes first (greedy always loses its least
    worth card), a hero is KO'd when the damage that reaches it (its own, and that of KO BAMs
    where it stands) empties its hand, whatever the order, and each KO sets off one dashboard
    BAM [hero.ko-bam]. Played out, the orders were judged alike in every one of about 20,000
    choices at 2 to 4 players, and took a third of greedy's time at 4 players.
    """
    return choices[0]


CHOOSERS: dict[str, Callable[[MarvelState, list[int]], int]] = {
    "cancel": _cancel,
    "prevent": _prevent,
    "encephalo": _fewest_crisis,
    "virus": _virus,
    "interrogate": _interrogate,
    "photon-where": _best_place,
    "photon-target": _target,
    "grow-move": _stay_or_best,
    "grow-target": _target,
    "leap": _leap,
    "wings-where": _best_place,
    "wings-who": _wings_who,
    "projection-where": _stay_or_best,
    "projection-target": _target,
    "tutor": _tutor,
    "swap": _swap,
    "crisis-for-card": _crisis_card,
    "fly": _best_place,
    "discard-thug": _discard_thug,
    "give": _give,
    "bam-order": _best_order,
    "damage-order": _first_hurt,
}
"""Greedy's rule of thumb for each kind of choice (the first choice where none is named)."""


# --- planner -----------------------------------------------------------------------------------

BUDGET = 160
"""States the planner looks at for one card (its search stops there and plays greedily)."""


class Weights(NamedTuple):
    """What :func:`evaluate` weighs a game's table by: fixed for the whole game."""

    sizes: tuple[int, ...]
    """Each mission's size."""
    start: int
    """The villain's health at the start [setup.health]."""
    track: int
    """The top of the dashboard's track (0 without one)."""
    needs: tuple[int, ...]
    """For each Threat card: the damage or the Heroic tokens that clear it."""
    slots: tuple[int, ...]
    """The token slots of each location of the ring, clockwise."""


_WEIGHED: list = [(), None]
"""The last game weighed: (its places, cards, villain and heroes, as objects), its weights."""


def weights(s: MarvelState) -> Weights:
    """The weights of ``s``'s game, worked out once per game (the last game's are kept).

    A game is told by its objects, not their values: every table of one game shares its
    places, cards, villain and heroes, and comparing objects is cheap where comparing the
    card data would not be.
    """
    seen, found = _WEIGHED
    if (
        found is not None
        and seen[0] is s.places
        and seen[1] is s.cards
        and seen[2] is s.villain
        and seen[3] is s.heroes
    ):
        return found
    cards = s.cards
    found = Weights(
        sizes=tuple(mission.size for mission in cards.missions),
        start=s.villain.health(len(s.heroes)),
        track=s.villain.track,
        needs=tuple(threat.health or threat.heroics for threat in cards.threats),
        slots=tuple(cards.locations[place].slots for place in s.places),
    )
    _WEIGHED[:] = [(s.places, s.cards, s.villain, s.heroes), found]
    return found


def table_value(s: MarvelState) -> float:
    """The part of :func:`evaluate` the table gives, whoever stands where (a game not over).

    Missions and their progress, the villain's health, Threats worked on, full locations,
    tokens left on the table and the plot's track.
    """
    weigh = weights(s)
    value = 0.0
    done, progress = s.done, s.progress
    for index, size in enumerate(weigh.sizes):
        if done[index]:
            value += 60.0
        else:
            value += 40.0 * progress[index] / size
    start = weigh.start
    value += 30.0 * (start - s.health) / start
    needs = weigh.needs
    if any(s.wounded) or any(s.primed) or any(s.crisis_at):
        for number, marks, slots, thugs, civilians, wounded, primed, crisis in zip(
            s.threats,
            s.marks,
            weigh.slots,
            s.thugs,
            s.civilians,
            s.wounded,
            s.primed,
            s.crisis_at,
            strict=True,
        ):
            if number >= 0:
                value += 6.0 * marks / needs[number]
            free = slots - thugs - civilians
            if free == 0:
                value -= 5.0
            elif free == 1:
                value -= 2.0
            value += wounded + primed - 3.0 * crisis
    else:  # the same sums without the terms that are 0 (adding 0.0 changes no sum)
        for number, marks, slots, thugs, civilians in zip(
            s.threats, s.marks, weigh.slots, s.thugs, s.civilians, strict=True
        ):
            if number >= 0 and marks:
                value += 6.0 * marks / needs[number]
            free = slots - thugs - civilians
            if free == 0:
                value -= 5.0
            elif free == 1:
                value -= 2.0
    if weigh.track:
        value -= 40.0 * s.track / weigh.track
    return value


def evaluate(s: MarvelState, table: float | None = None) -> float:
    """How good a table is for the heroes (higher is better).

    The table's own part (:func:`table_value`), then heroes low on cards or KO'd, Crisis
    tokens, work waiting where the active hero stands, and action tokens kept. ``table``: the
    table's part when the caller knows it already (the same number, not worked out again).
    """
    if s.outcome is not None:
        return 1e6 if s.outcome.winners else -1e6
    value = table_value(s) if table is None else table
    hands, ko, shield, hero_at = s.hands, s.ko, s.shield, s.hero_at
    solo = len(hands) == 1
    villain_at = s.villain_at
    for hero, crisis in enumerate(s.crisis):
        cards_held = len(hands[0 if solo else hero])
        if ko[hero]:
            value -= 8.0
        elif not shield[hero]:
            value -= 6.0 if cards_held <= 1 else (2.0 if cards_held == 2 else 0.0)
            if hero_at[hero] == villain_at and cards_held <= 2:
                value -= 3.0
        value -= 2.0 * crisis
    if s.active >= 0:
        value += 0.4 * waiting(s, hero_at[s.active])
    for pool in s.tokens:
        value += 1.5 * (pool[0] + pool[1] + pool[2] + pool[3])
    return value


def state_key(s: MarvelState) -> tuple:
    """What the planner needs to tell two tables of the same turn apart."""
    return (
        tuple(s.hero_at),
        tuple(s.thugs),
        tuple(s.civilians),
        tuple(s.marks),
        tuple(s.threats),
        tuple(s.wounded),
        tuple(s.primed),
        tuple(s.crisis_at),
        tuple(s.pool),
        s.special,
        s.health,
        tuple(s.progress),
        tuple(map(tuple, s.tokens)),
        tuple(s.storyline),
        tuple(map(len, s.hands)),
        tuple(s.shield),
        s.ask,
        s.step,
    )


def settle(s: MarvelState) -> None:
    """Answer the choices the turn's own effects ask, as greedy would (in place)."""
    guard = 0
    while s.ask is not None and s.outcome is None and guard < 50:
        answer(s).play(s)
        guard += 1


def candidates(s: MarvelState) -> list[Move]:
    """The actions worth searching: each target once, symbols before tokens, Moves with symbols."""
    seat, hero = s.turn, s.active
    where = s.hero_at[hero]
    pool, purse = s.pool, s.purse(hero)
    wild = pool[WILD] + purse[WILD]
    found: list[Move] = []
    if wild + pool[ATTACK] + purse[ATTACK]:  # an Attack can be paid (Attack.legal's test)
        for target in attack_targets(s, where):
            found.append(Attack(seat, target, CARD))
    if wild + pool[HEROIC] + purse[HEROIC]:
        for target in heroic_targets(s, where):
            found.append(Heroic(seat, target, CARD))
    if s.special and Special.legal(s):
        found.append(Special(seat))
    if pool[MOVE] + pool[WILD] >= leave_moves(s, where):  # to either neighbour, left first
        found.append(Go(seat, (where - 1) % RING, CARD))
        found.append(Go(seat, (where + 1) % RING, CARD))
    return found


def finish_value(
    s: MarvelState, *, in_place: bool = False, table: float | None = None
) -> tuple[float, Move]:
    """The value of ending the actions here: with the location's effect, or without.

    With ``in_place`` the location's effect is tried on ``s`` itself (a table the caller has
    no further use for), not on a copy. ``table``: :func:`table_value` of ``s``, if known.
    """
    seat = s.turn
    best: tuple[float, Move] = (evaluate(s, table), Done(seat))
    if location_open(s):  # Visit is legal
        trial = s if in_place else s._clone()
        hero = trial.active
        where = trial.hero_at[hero]
        effect = effects.LOCATIONS[trial.cards.locations[trial.places[where]].effect]
        end_actions(trial)
        trial.step, trial.active = "act", hero
        effect.use(trial, hero)
        settle(trial)
        trial.todo.clear()
        value = evaluate(trial)
        if value > best[0] + 1e-9:
            best = (value, Visit(seat))
    return best


Line: TypeAlias = "tuple[tuple, Move, Line] | None"
"""A line of play as the search builds it: (table, move, the rest of the line), or None."""


class Search:
    """A depth-first search of one turn's actions, with a budget and a memory of tables seen.

    Each action is tried on a copy of the table, except the last one tried from a table the
    search made itself (it has no further use for that table), which is played on it.
    """

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.seen: dict[tuple, tuple[float, Line]] = {}

    def best(
        self, s: MarvelState, *, owned: bool = False
    ) -> tuple[float, list[tuple[tuple, Move]]]:
        """The best value reachable from ``s`` and the line of (table, move) that reaches it.

        ``s`` is not changed, unless ``owned`` says the caller has no further use for it.
        """
        value, line = self._best(s, owned)
        steps = []
        while line is not None:
            key, move, line = line
            steps.append((key, move))
        return value, steps

    def _best(self, s: MarvelState, owned: bool, table: float | None = None) -> tuple[float, Line]:
        """The search from ``s`` (see :meth:`best`).

        ``table``: :func:`table_value` of ``s``, when the caller knows it.
        """
        key = state_key(s)
        known = self.seen.get(key)
        if known is not None:
            return known
        line: Line
        rest: Line
        if self.budget > 0:
            moves = candidates(s)
            if table is None:
                table = table_value(s)
            value, last = finish_value(s, in_place=owned and not moves, table=table)
            line = (key, last, None)
            final = len(moves) - 1
            for index, move in enumerate(moves):
                self.budget -= 1
                trial = s if owned and index == final else s._clone()
                move.play(trial)
                if trial.ask is not None:
                    settle(trial)
                if trial.outcome is not None or trial.step != "act" or trial.ask is not None:
                    score, rest = evaluate(trial), None
                elif type(move) is Go:  # a Move leaves the table's part as it was [turn.move]
                    score, rest = self._best(trial, True, table)
                else:
                    score, rest = self._best(trial, True)
                if score > value + 1e-9:
                    value, line = score, (key, move, rest)
                if self.budget <= 0:
                    break
        else:  # out of budget: greedy finishes the turn
            value, last = finish_value(s)
            line = (key, last, None)
            move = act(s)
            if not isinstance(move, (Done, Visit)):
                trial = s if owned else s._clone()
                move.play(trial)
                if trial.ask is not None:
                    settle(trial)
                if trial.outcome is None and trial.step == "act" and trial.ask is None:
                    score, rest = self._best(trial, True)
                else:
                    score, rest = evaluate(trial), None
                if score > value:
                    value, line = score, (key, move, rest)
        self.seen[key] = (value, line)
        return value, line


_PLAN: dict[tuple, Move] = {}
"""The line the planner chose when it played its card: table -> move (cleared at each card)."""


def planner(s: MarvelState, rng: random.Random) -> Move:
    """Search each card's whole turn; play the card and the actions of the best line found."""
    if s.ask is not None:
        return answer(s)
    if s.step == "lead":
        return Lead(0)
    if s.step == "play":
        _PLAN.clear()
        best_value, best_card, best_line = None, None, []
        seen_designs = set()
        line: list[tuple[tuple, Move]]
        for card in sorted(s.hands[s.turn]):
            design = (s.card(card).symbols, s.card(card).special, s.card(card).hero)
            if design in seen_designs:
                continue
            seen_designs.add(design)
            trial = s._clone()
            Play(s.turn, card).play(trial)
            settle(trial)
            if trial.outcome is not None or trial.step != "act":
                value, line = evaluate(trial), []
            else:
                value, line = Search(BUDGET).best(trial, owned=True)
            value -= 0.5 * card_value(s, card)
            if best_value is None or value > best_value + 1e-9:
                best_value, best_card, best_line = value, card, line
        _PLAN.update(best_line)
        return Play(s.turn, best_card)
    planned = _PLAN.get(state_key(s))
    if planned is not None and planned in s.legal_moves():
        return planned
    value, line = Search(BUDGET).best(s)
    return line[0][1] if line else Done(s.turn)


POLICIES = {"random": random_move, "greedy": greedy, "planner": planner}
HEURISTIC = "planner"

__all__ = ["HEURISTIC", "POLICIES", "evaluate", "greedy", "planner", "random_move"]
