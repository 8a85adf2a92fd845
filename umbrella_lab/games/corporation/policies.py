"""Ready-made players for Heroes vs the Umbrella Corporation.

A policy here is a *fast policy*: a function ``(state, rng) -> move key`` (the form simulations
use, see :mod:`umbrella_lab.engine.play`). At a chance step (a roll, a "50%") both return the
outcome the state's own luck gives, as a table would.

``heuristic`` looks at whose turn it is and plays a simple plan for that side. **It decides
only from what its seat can see** (the fields :meth:`CorporationState.to_dict` shows that seat):
its own hand, everything in play, the discard piles, the cards committed to a combat, the dice
and the *size* of the other hand. It never reads the other hand or a deck order; the test
``test_heuristic_uses_only_its_own_view`` checks this by dealing the hidden cards anew.

The Heroes:

* search for the team that suits the characters in hand; keep two teams in play;
* attach every character, to the team it suits best (sub-type bonus), building one strong team;
* assault the facility with the best chance, counting the assault cards in hand against the
  facility, the strongest unit that could defend it and the traps Umbrella may hold; only when
  that chance is good enough;
* commit assault cards to an assault and Regroup to a defence while the odds are not yet safe;
* re-roll with K-Mart when the first roll loses.

Umbrella:

* plays every unit and the New Facility, takes the strongest unit with Reinforcements;
* locks the facilities down when the Heroes' best assault looks likely to succeed;
* defends with the unit that helps most, then adds traps until the facility is safe enough;
* hunts a team when its unit has a good chance, choosing the strongest team it can beat.
"""

from __future__ import annotations

import random

from umbrella_lab.engine.core import CHANCE
from umbrella_lab.games.corporation.odds import win_probability_float

# (relative: the compiled copy of this module imports the compiled rules, see
# umbrella_lab.engine.compiled)
from .rules import (
    HERO,
    SURVIVOR_CREW_LIMIT,
    UMBRELLA,
    CorporationState,
)

Move = tuple

TEAMS_WANTED = 2  # the Heroes keep this many teams in play
ASSAULT_AT = 0.40  # the Heroes assault when their chance is at least this
LOCKDOWN_AT = 0.45  # Umbrella locks down when the Heroes' best chance is at least this
HUNT_AT = 0.50  # Umbrella hunts when its chance is at least this
SAFE = 0.80  # commit cards until a side's chance reaches this
HIDDEN_TRAPS = 0.6  # what each card in Umbrella's hand may add to a defence, on average
HIDDEN_REGROUP = 0.4  # what each card in the Heroes' hand may add to a team's defence
HIDDEN_ASSAULT = 0.5  # what each card in the Heroes' hand may add to an assault
PATIENCE = 0.05  # each turn without an assault (or a hunt) lowers that side's bar by this
SPARE_UNITS = 4  # Umbrella hunts more boldly with more units than this in play ...
SPARE_STEP = 0.03  # ... lowering its bar by this for each one
LOWEST_BAR = 0.15  # no side's bar goes below this


def random_move(state: CorporationState, rng: random.Random) -> Move:
    """Any legal move, uniformly at random (luck decides the chance steps)."""
    if state.to_act == CHANCE:
        return state._lucky_key()
    moves = state._moves()
    return moves[rng.randrange(len(moves))]


def heuristic(state: CorporationState, rng: random.Random) -> Move:
    """A simple plan for whichever side is to act, from what that side can see."""
    actor = state.to_act
    if actor == CHANCE:
        return state._lucky_key()
    if actor == HERO:
        return _hero(state)
    return _umbrella(state)


# --- shared estimates ----------------------------------------------------------------------------


def _chance(attack: float, defence: float, ties: str = "attacker") -> float:
    """The attacker's chance with these forces before dice (fractional forces rounded)."""
    return win_probability_float(round(attack), round(defence), ties)


def _bonuses(s: CorporationState, team: int) -> dict[str, int]:
    """What the team's characters add against each unit sub-type (ability.vs-type).

    The key ``"hunt"`` holds what they add on Search and Destroy defence.
    """
    hero = s.cards.hero
    bonus: dict[str, int] = {}
    for number in s.crews[s.teams.index(team)]:
        card = hero[number]
        if card.effect == "bonus-vs":
            bonus[card.against] = bonus.get(card.against, 0) + card.amount
        elif card.effect == "hunt-defence":
            bonus["hunt"] = bonus.get("hunt", 0) + card.amount
    return bonus


def _best_guard(s: CorporationState, team: int) -> float:
    """The defence the strongest unit in play would add against ``team``.

    Net of the team's bonuses against that unit.
    """
    umbrella = s.cards.umbrella
    against = _bonuses(s, team)
    best = 0.0
    seen = set()
    for unit in s.units:
        card = umbrella[unit]
        if card.id in seen:
            continue
        seen.add(card.id)
        net = s.unit_force(unit, defending=True) - against.get(card.subtype, 0)
        best = max(best, net)
    return best


def _assault_chance(
    s: CorporationState, team: int, facility: int, extra: float, guard: float
) -> float:
    """The Heroes' chance when ``team`` assaults ``facility``, as the Heroes see the table.

    ``guard`` is what the best defending unit adds, from :func:`_best_guard`.
    """
    attack = s.team_force(team) + extra
    defence = s.cards.umbrella[facility].force + guard + HIDDEN_TRAPS * len(s.hands[UMBRELLA])
    return _chance(attack, defence)


def _idle(s: CorporationState, kind: str) -> int:
    """Turns since this side last fought (``kind``: "assault" or "hunt"): public history."""
    last = next((h[1] for h in reversed(s.history) if h[0] == kind), 0)
    return max(0, s.turn - last - 1)


def _hero_assault_cards(s: CorporationState) -> int:
    hero = s.cards.hero
    return sum(hero[n].amount for n in s.hands[HERO] if hero[n].effect == "assault")


# --- the Heroes ----------------------------------------------------------------------------------


def _hero(s: CorporationState) -> Move:
    phase = s.phase
    moves = s._moves()
    if len(moves) == 1:
        return moves[0]
    hero = s.cards.hero
    if phase == "search":
        return max(moves, key=lambda m: _team_fit(s, m[2]))
    if phase == "events":
        best, score = moves[-1], 0.0
        for move in moves:
            if move[0] != "event":
                continue
            value = hero[move[3]].force if move[3] >= 0 else 2.0  # Medkit: the character
            if value > score:
                best, score = move, value
        return best
    if phase == "recruit":
        return _hero_recruit(s, moves)
    if phase == "assault":
        extra = _hero_assault_cards(s)
        best, chance = moves[-1], max(LOWEST_BAR, ASSAULT_AT - PATIENCE * _idle(s, "assault"))
        guards = {team: _best_guard(s, team) for team in s.teams}
        for move in moves[:-1]:
            p = _assault_chance(s, move[2], move[3], extra, guards[move[2]])
            if p >= chance:
                best, chance = move, p
        return best
    if phase == "commit":
        return _hero_commit(s, moves)
    if phase == "lucky":
        attack, defence = s.forces()
        mine = (attack if s.combat == "assault" else defence) + s.rolls[HERO]
        theirs = (defence if s.combat == "assault" else attack) + s.rolls[UMBRELLA]
        winning = (
            mine >= theirs
            if s.combat == "assault"
            else (mine > theirs or (mine == theirs and s.game.options["search_ties"] == "defender"))
        )
        return ("keep", HERO, -1, -1) if winning else ("reroll", HERO, -1, -1)
    if phase == "split":  # discard the weakest characters
        return min(
            moves,
            key=lambda m: sum(hero[n].force for i, n in enumerate(s.split_cards) if m[2] >> i & 1),
        )
    if phase == "discard":
        return min(moves, key=lambda m: _hero_value(s, m[2]))
    return moves[0]


def _team_fit(s: CorporationState, team: int) -> int:
    hero = s.cards.hero
    subtype = hero[team].subtype
    return sum(
        1 for n in s.hands[HERO] if hero[n].kind == "character" and hero[n].subtype == subtype
    )


def _hero_recruit(s: CorporationState, moves: list[Move]) -> Move:
    hero = s.cards.hero
    teams = [m for m in moves if m[0] == "team"]
    if teams and (not s.teams or (len(s.teams) < TEAMS_WANTED and _homeless(s) > 0)):
        return max(teams, key=lambda m: _team_fit(s, m[2]))
    attaches = [m for m in moves if m[0] == "attach"]
    if attaches:

        def score(move: Move) -> float:
            card, team = hero[move[2]], hero[move[3]]
            match = 1.0 if card.subtype == team.subtype else 0.0
            return card.force + match + 0.1 * s.team_force(move[3])

        return max(attaches, key=score)
    if teams and not s.teams:
        return teams[0]
    return moves[-1]


def _homeless(s: CorporationState) -> int:
    """Characters in hand beyond the free places on the teams in play."""
    hero = s.cards.hero
    characters = sum(1 for n in s.hands[HERO] if hero[n].kind == "character")
    free = sum(max(0, SURVIVOR_CREW_LIMIT - len(crew)) for crew in s.crews)
    return characters - free


def _hero_commit(s: CorporationState, moves: list[Move]) -> Move:
    hero = s.cards.hero
    attack, defence = s.forces()
    umbrella = s.cards.umbrella
    if s.combat == "assault":
        guard = s.guard
        if guard < 0 and s.units:
            guard = max(s.units, key=lambda u: s.unit_force(u, defending=True))
        for move in moves:
            card = hero[move[2]] if move[0] == "commit" else None
            if (
                card is not None
                and card.effect == "anti-virus"
                and guard >= 0
                and umbrella[guard].subtype == card.against
            ):
                return move
        expected = (
            defence
            + (0 if s.guard >= 0 else _best_guard(s, s.attacker))
            + (HIDDEN_TRAPS * len(s.hands[UMBRELLA]) if s.committer == HERO else 0)
        )
        if _chance(attack, expected) < SAFE:
            plus = [m for m in moves if m[0] == "commit" and hero[m[2]].effect == "assault"]
            if plus:
                return max(plus, key=lambda m: hero[m[2]].amount)
        return moves[-1]
    # the Heroes defend a team against Search and Destroy
    for move in moves:
        card = hero[move[2]] if move[0] == "commit" else None
        if (
            card is not None
            and card.effect == "anti-virus"
            and umbrella[s.attacker].subtype == card.against
        ):
            return move
    ties = s.game.options["search_ties"]
    if _chance(attack, defence, ties) > 1 - SAFE:
        plus = [m for m in moves if m[0] == "commit" and hero[m[2]].effect == "team-defence"]
        if plus:
            return max(plus, key=lambda m: hero[m[2]].amount)
    return moves[-1]


def _hero_value(s: CorporationState, number: int) -> float:
    """How much the Heroes want to keep a card (for the hand limit)."""
    card = s.cards.hero[number]
    if card.kind == "team":
        return 10.0
    if card.kind == "character":
        return 2.0 + card.force
    return {
        "assault": 1.5 + card.amount,
        "team-defence": 2.0 + card.amount,
        "draw": 3.0,
        "medkit": 2.5,
        "anti-virus": 2.0,
    }.get(card.effect, 1.0)


# --- Umbrella ------------------------------------------------------------------------------------


def _umbrella(s: CorporationState) -> Move:
    phase = s.phase
    moves = s._moves()
    if len(moves) == 1:
        return moves[0]
    umbrella = s.cards.umbrella
    if phase == "events":
        for move in moves:
            if move[0] == "event" and umbrella[move[2]].effect == "reinforcements":
                return max(
                    (m for m in moves if m[2] == move[2]), key=lambda m: umbrella[m[3]].force
                )
        for move in moves:
            if (
                move[0] == "event"
                and umbrella[move[2]].effect == "lockdown"
                and _heroes_threat(s) >= LOCKDOWN_AT
            ):
                return move
        return moves[-1]
    if phase == "recruit":
        return moves[0]  # every unit, and the New Facility
    if phase == "commit":
        return _umbrella_commit(s, moves)
    if phase == "hunt":
        hunt_cards = sum(
            umbrella[n].amount for n in s.hands[UMBRELLA] if umbrella[n].effect == "hunt"
        )
        ties = s.game.options["search_ties"]
        spare = max(0, len(s.units) - SPARE_UNITS)
        best, chance = (
            moves[-1],
            max(LOWEST_BAR, HUNT_AT - SPARE_STEP * spare - PATIENCE * _idle(s, "hunt")),
        )
        hidden = HIDDEN_REGROUP * len(s.hands[HERO])
        teams = {team: (s.team_force(team), _bonuses(s, team)) for team in s.teams}
        for move in moves[:-1]:
            unit, team = move[2], move[3]
            plain, bonus = teams[team]
            defence = plain + bonus.get(umbrella[unit].subtype, 0) + bonus.get("hunt", 0)
            p = _chance(s.unit_force(unit) + hunt_cards, defence + hidden, ties)
            if p > chance or (p == chance and best[0] == "hunt" and plain > teams[best[3]][0]):
                best, chance = move, p
        return best
    if phase == "split":  # discard the strongest characters
        hero = s.cards.hero
        return max(
            moves,
            key=lambda m: sum(hero[n].force for i, n in enumerate(s.split_cards) if m[2] >> i & 1),
        )
    if phase == "discard":
        return min(moves, key=lambda m: _umbrella_value(s, m[2]))
    return moves[0]


def _heroes_threat(s: CorporationState) -> float:
    """The Heroes' best assault chance as Umbrella sees it (their hand is hidden)."""
    if not s.facilities:
        return 0.0
    weakest = min(s.cards.umbrella[f].force for f in s.facilities)
    traps = _own_traps(s)
    best = 0.0
    for team in s.teams:
        attack = s.team_force(team) + HIDDEN_ASSAULT * len(s.hands[HERO])
        defence = weakest + _best_guard(s, team) + traps
        best = max(best, _chance(attack, defence))
    return best


def _own_traps(s: CorporationState) -> int:
    umbrella = s.cards.umbrella
    return sum(
        umbrella[n].amount for n in s.hands[UMBRELLA] if umbrella[n].effect == "facility-defence"
    )


def _umbrella_commit(s: CorporationState, moves: list[Move]) -> Move:
    umbrella = s.cards.umbrella
    attack, defence = s.forces()
    if s.combat == "assault":
        guards = [m for m in moves if m[0] == "defend"]
        if guards:
            team = s.attacker
            plain = s.team_force(team)

            def net(move: Move) -> float:
                unit = move[2]
                return s.unit_force(unit, defending=True) - (s.team_force(team, unit) - plain)

            return max(guards, key=net)
        if _chance(attack, defence) > 1 - SAFE:
            plus = [m for m in moves if m[0] == "commit"]
            if plus:
                return max(plus, key=lambda m: umbrella[m[2]].amount)
        return moves[-1]
    ties = s.game.options["search_ties"]
    expected = defence + (HIDDEN_REGROUP * len(s.hands[HERO]) if s.committer == UMBRELLA else 0)
    if _chance(attack, expected, ties) < SAFE:
        plus = [m for m in moves if m[0] == "commit"]
        if plus:
            return max(plus, key=lambda m: umbrella[m[2]].amount)
    return moves[-1]


def _umbrella_value(s: CorporationState, number: int) -> float:
    """How much Umbrella wants to keep a card (for the hand limit)."""
    card = s.cards.umbrella[number]
    if card.kind == "facility":
        return 20.0
    if card.kind == "unit":
        return card.force + card.amount
    return {"lockdown": 6.0, "reinforcements": 4.0}.get(card.effect, 1.0 + card.amount)


POLICIES = {"random": random_move, "heuristic": heuristic}
