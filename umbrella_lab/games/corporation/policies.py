"""Ready-made players for Heroes vs the Umbrella Corporation.

A policy here is a function ``(state, rng) -> move`` (a move of ``rules.MOVES``, the form
simulations use, see :mod:`umbrella_lab.engine.play`). At a chance step (a roll, a "50%") both
return the outcome the state's own luck gives, as a table would.

These players are written for speed (simulations play thousands of games a second): each step's
choice is worked out from the card numbers, and :func:`moves` puts the rules' legal moves in the
order the players were first written for (the random player picks by place in that list). They
choose; only the rules play. The golden games check that every choice is the one these players
always made.

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
from typing import TYPE_CHECKING, cast

from umbrella_lab.engine.core import CHANCE
from umbrella_lab.engine.moves import Move
from umbrella_lab.games.corporation.effects import EVENTS
from umbrella_lab.games.corporation.odds import WIN_FLOATS
from umbrella_lab.games.corporation.rules import (
    HERO,
    SURVIVOR_CREW_LIMIT,
    UMBRELLA,
    Assault,
    AttachCharacter,
    BuildFacility,
    Commit,
    CommitDone,
    CorporationState,
    Defend,
    Discard,
    EndRecruit,
    Hunt,
    Keep,
    Pass,
    PlayEvent,
    PlayTeam,
    PlayUnit,
    Reroll,
    Skip,
    UmbrellaRecruit,
    eligible_units,
    first_copies,
    fits,
    in_hand,
)

if TYPE_CHECKING:
    from umbrella_lab.games.corporation.rules import SearchTeam, Split

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
KEEP_EVENT = {"draw": 3.0, "medkit": 2.5, "anti-virus": 2.0, "lockdown": 6.0, "reinforcements": 4.0}
"""How much each side wants to keep an event card (for the hand limit), by its effect."""


# --- the legal moves, in the players' order ------------------------------------------------------


def moves(s: CorporationState) -> list[Move]:
    """The rules' legal moves (``s.legal_moves()``), in the order these players choose from.

    The same moves; only Umbrella's recruits are put in the order of its hand, units and the New
    Facility mixed, the order these players were written for (the random player picks by place
    in the list). A way to choose, not a second list of moves.
    """
    legal = s.legal_moves()
    if s.phase == "recruit" and s.seat == UMBRELLA:
        place = {card: n for n, card in enumerate(first_copies(s, s.hands[UMBRELLA], UMBRELLA))}
        end = len(place)
        legal.sort(key=lambda m: place[m[1]] if isinstance(m, UmbrellaRecruit) else end)
    return legal


def random_move(state: CorporationState, rng: random.Random) -> Move:
    """Any legal move, uniformly at random (luck decides the chance steps)."""
    if state.to_act == CHANCE:
        return state._lucky_key()
    legal = moves(state)
    return legal[rng.randrange(len(legal))]


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
    """The attacker's chance with these forces before dice (fractional forces rounded).

    The same as ``odds.win_probability_float(round(attack), round(defence), ties)``.
    """
    edge = round(attack) - round(defence)
    return WIN_FLOATS[ties].get(edge, 1.0 if edge > 0 else 0.0)


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


def _guards(s: CorporationState) -> list[tuple[str, int]]:
    """Each kind of unit in play that could defend a facility: its sub-type and its force."""
    umbrella = s.cards.umbrella
    return [
        (umbrella[unit].subtype, s.unit_force(unit, defending=True))
        for unit in first_copies(s, s.units, UMBRELLA).values()
    ]


def _best_guard(
    s: CorporationState, team: int, guards: list[tuple[str, int]] | None = None
) -> float:
    """The defence the strongest unit in play would add against ``team``.

    Net of the team's bonuses against that unit. ``guards`` is :func:`_guards` (found once
    for several teams).
    """
    against = _bonuses(s, team)
    best = 0.0
    for subtype, force in _guards(s) if guards is None else guards:
        best = max(best, force - against.get(subtype, 0))
    return best


def _idle(s: CorporationState, kind: str) -> int:
    """Turns since this side last fought (``kind``: "assault" or "hunt"): public history."""
    last = 0
    for fought, turn, *_ in reversed(s.history):
        if fought == kind:
            last = turn
            break
    return max(0, s.turn - last - 1)


def _in_hand_for(s: CorporationState, side: int, effect: str) -> int:
    """What the cards with ``effect`` in ``side``'s own hand add together."""
    deck = s.cards.hero if side == HERO else s.cards.umbrella
    total = 0
    for number in s.hands[side]:
        if deck[number].effect == effect:
            total += deck[number].amount
    return total


def _hero_assault_cards(s: CorporationState) -> int:
    return _in_hand_for(s, HERO, "assault")


# --- the Heroes ----------------------------------------------------------------------------------
# Each step's choice is found from the card numbers, asking the rules' moves of that step only
# where needed (the order of the legal moves breaks ties, as it did when these players were a
# scan of the whole list).


def _hero(s: CorporationState) -> Move:
    phase = s.phase
    if phase == "assault":
        return _hero_assault(s)
    if phase == "recruit":
        return _hero_recruit(s)
    if phase == "commit":
        return _hero_commit(s)
    if phase == "discard":  # the card the Heroes want least
        hand = first_copies(s, s.hands[HERO])
        return Discard(HERO, min(hand, key=lambda card: _hero_value(s, hand[card])))
    if phase == "lucky":
        attack, defence = s.forces()
        mine = (attack if s.combat == "assault" else defence) + s.rolls[HERO]
        theirs = (defence if s.combat == "assault" else attack) + s.rolls[UMBRELLA]
        winning = (
            mine >= theirs
            if s.combat == "assault"
            else (mine > theirs or (mine == theirs and s.game.options["search_ties"] == "defender"))
        )
        return Keep() if winning else Reroll()
    legal = moves(s)
    if len(legal) == 1:
        return legal[0]
    hero, ids = s.cards.hero, s.cards.hero_ids
    if phase == "search":
        return max(legal, key=lambda m: _team_fit(s, cast("SearchTeam", m).team))
    if phase == "events":
        best, score = legal[-1], 0.0
        for move in legal:
            if type(move) is not PlayEvent:
                continue
            value = hero[ids[move.target]].force if move.target else 2.0  # Medkit: the character
            if value > score:
                best, score = move, value
        return best
    if phase == "split":  # discard the weakest characters
        return min(legal, key=lambda m: sum(hero[n].force for n in cast("Split", m).discard))
    return legal[0]


def _hero_assault(s: CorporationState) -> Move:
    """The assault with the best chance, if it is good enough; else none."""
    umbrella = s.cards.umbrella
    extra = _hero_assault_cards(s)
    traps = HIDDEN_TRAPS * len(s.hands[UMBRELLA])  # what Umbrella's hand may add
    best, chance = None, max(LOWEST_BAR, ASSAULT_AT - PATIENCE * _idle(s, "assault"))
    guards, wins = _guards(s), WIN_FLOATS["attacker"]
    facilities = [(facility, umbrella[facility].force) for facility in s.facilities]
    for team in s.teams:
        attack = round(s.team_force(team) + extra)
        guard = _best_guard(s, team, guards)  # the strongest unit that could defend
        for facility, force in facilities:
            edge = attack - round(force + guard + traps)
            p = wins.get(edge, 1.0 if edge > 0 else 0.0)  # _chance, written out: the hot loop
            if p >= chance:
                best, chance = (team, facility), p
    if best is None:
        return Skip(HERO)
    return Assault(s.cards.hero[best[0]].id, s.cards.umbrella[best[1]].id)


def _team_fit(s: CorporationState, team_id: str) -> int:
    hero = s.cards.hero
    subtype = hero[s.cards.hero_ids[team_id]].subtype
    return sum(
        1 for n in s.hands[HERO] if hero[n].kind == "character" and hero[n].subtype == subtype
    )


def _hero_recruit(s: CorporationState) -> Move:
    """A team while the Heroes need one; else the character that adds most, where it adds most."""
    hero = s.cards.hero
    teams = list(PlayTeam.legal(s))
    if teams and (not s.teams or (len(s.teams) < TEAMS_WANTED and _homeless(s) > 0)):
        return max(teams, key=lambda m: _team_fit(s, m.team))
    # the attachments in the order AttachCharacter.legal lists them, scored without making
    # every move: the same rules (in_hand, fits), the first best one wins a tie
    best, score = None, 0.0
    characters = in_hand(s, HERO, "character")
    forces = [s.team_force(team) for team in s.teams] if characters else []
    for character, number in characters.items():
        card = hero[number]
        for index, team in enumerate(s.teams):
            if fits(s, number, index):
                match = 1.0 if card.subtype == hero[team].subtype else 0.0
                value = card.force + match + 0.1 * forces[index]
                if best is None or value > score:
                    best, score = (character, hero[team].id), value
    if best is not None:
        return AttachCharacter(*best)
    if teams and not s.teams:
        return teams[0]
    return EndRecruit(HERO)


def _homeless(s: CorporationState) -> int:
    """Characters in hand beyond the free places on the teams in play."""
    hero = s.cards.hero
    characters = sum(1 for n in s.hands[HERO] if hero[n].kind == "character")
    free = sum(max(0, SURVIVOR_CREW_LIMIT - len(crew)) for crew in s.crews)
    return characters - free


def _hero_commit(s: CorporationState) -> Move:
    hero, umbrella = s.cards.hero, s.cards.umbrella
    attack, defence = s.forces()
    commits = [(m, hero[s.cards.hero_ids[m.card]]) for m in Commit.legal(s)]
    if s.combat == "assault":
        guard, guards = s.guard, []
        if guard < 0 and s.units:  # no unit defends yet: the strongest one may
            strength = {
                unit: s.unit_force(unit, defending=True)
                for unit in first_copies(s, s.units, UMBRELLA).values()
            }
            guard = max(strength, key=strength.__getitem__)
            guards = [(umbrella[unit].subtype, force) for unit, force in strength.items()]
        for move, card in commits:
            if (
                card.effect == "anti-virus"
                and guard >= 0
                and umbrella[guard].subtype == card.against
            ):
                return move
        expected = (
            defence
            + (0 if s.guard >= 0 else _best_guard(s, s.attacker, guards))
            + (HIDDEN_TRAPS * len(s.hands[UMBRELLA]) if s.committer == HERO else 0)
        )
        if _chance(attack, expected) < SAFE:
            plus = [(m, card) for m, card in commits if card.effect == "assault"]
            if plus:
                return max(plus, key=lambda mc: mc[1].amount)[0]
        return CommitDone(HERO)
    # the Heroes defend a team against Search and Destroy
    for move, card in commits:
        if card.effect == "anti-virus" and umbrella[s.attacker].subtype == card.against:
            return move
    ties = s.game.options["search_ties"]
    if _chance(attack, defence, ties) > 1 - SAFE:
        plus = [(m, card) for m, card in commits if card.effect == "team-defence"]
        if plus:
            return max(plus, key=lambda mc: mc[1].amount)[0]
    return CommitDone(HERO)


def _hero_value(s: CorporationState, number: int) -> float:
    """How much the Heroes want to keep a card (for the hand limit)."""
    card = s.cards.hero[number]
    if card.kind == "team":
        return 10.0
    if card.kind == "character":
        return 2.0 + card.force
    if card.effect == "assault":
        return 1.5 + card.amount
    if card.effect == "team-defence":
        return 2.0 + card.amount
    return KEEP_EVENT.get(card.effect, 1.0)


# --- Umbrella ------------------------------------------------------------------------------------


def _umbrella(s: CorporationState) -> Move:
    phase = s.phase
    umbrella, ids = s.cards.umbrella, s.cards.umbrella_ids
    if phase == "hunt":
        return _umbrella_hunt(s)
    if phase == "recruit":  # every unit, and the New Facility: the first in hand
        for number in s.hands[UMBRELLA]:
            card = umbrella[number]
            if card.kind == "unit":
                return PlayUnit(card.id)
            if card.kind == "facility":
                return BuildFacility(card.id)
    if phase == "commit":
        return _umbrella_commit(s)
    if phase == "events":  # Reinforcements for the strongest unit; a Lockdown when in danger
        held = {umbrella[n].effect: umbrella[n].id for n in reversed(s.hands[UMBRELLA])}
        if "reinforcements" in held:
            units = list(EVENTS["reinforcements"].targets(s, UMBRELLA))
            if units:
                best = max(units, key=lambda unit: umbrella[ids[unit]].force)
                return PlayEvent(UMBRELLA, held["reinforcements"], best)
        lockdown = "lockdown" in held and EVENTS["lockdown"].targets(s, UMBRELLA)  # [""]: it may
        if lockdown and _heroes_threat(s) >= LOCKDOWN_AT:
            return PlayEvent(UMBRELLA, held["lockdown"], "")
        return Pass(UMBRELLA)
    if phase == "discard":  # the card Umbrella wants least
        hand = first_copies(s, s.hands[UMBRELLA], UMBRELLA)
        return Discard(UMBRELLA, min(hand, key=lambda card: _umbrella_value(s, hand[card])))
    legal = moves(s)
    if len(legal) == 1:
        return legal[0]
    if phase == "split":  # discard the strongest characters
        hero = s.cards.hero
        return max(legal, key=lambda m: sum(hero[n].force for n in cast("Split", m).discard))
    return legal[0]


def _umbrella_hunt(s: CorporationState) -> Move:
    """The mission with the best chance, if it is good enough; else none."""
    umbrella = s.cards.umbrella
    hunt_cards = _in_hand_for(s, UMBRELLA, "hunt")
    ties = s.game.options["search_ties"]
    spare = max(0, len(s.units) - SPARE_UNITS)
    best, chance = None, max(LOWEST_BAR, HUNT_AT - SPARE_STEP * spare - PATIENCE * _idle(s, "hunt"))
    hidden = HIDDEN_REGROUP * len(s.hands[HERO])
    teams = []
    for team in s.teams:
        bonus = _bonuses(s, team)
        teams.append((team, s.team_force(team), bonus.get("hunt", 0), bonus))
    wins, strongest, weighed = WIN_FLOATS[ties], 0, set()
    for unit in first_copies(s, eligible_units(s, hunting=True), UMBRELLA).values():
        attack = round(s.unit_force(unit) + hunt_cards)
        subtype = umbrella[unit].subtype
        if (attack, subtype) in weighed:  # as strong as a unit already weighed: no better
            continue
        weighed.add((attack, subtype))
        for team, plain, hunted, bonus in teams:
            edge = attack - round(plain + bonus.get(subtype, 0) + hunted + hidden)
            p = wins.get(edge, 1.0 if edge > 0 else 0.0)  # _chance, written out: the hot loop
            if p > chance or (p == chance and best is not None and plain > strongest):
                best, chance, strongest = (unit, team), p, plain
    if best is None:
        return Skip(UMBRELLA)
    return Hunt(umbrella[best[0]].id, s.cards.hero[best[1]].id)


def _heroes_threat(s: CorporationState) -> float:
    """The Heroes' best assault chance as Umbrella sees it (their hand is hidden)."""
    if not s.facilities:
        return 0.0
    weakest = min(s.cards.umbrella[f].force for f in s.facilities)
    traps = _own_traps(s)
    guards = _guards(s)
    best = 0.0
    for team in s.teams:
        attack = s.team_force(team) + HIDDEN_ASSAULT * len(s.hands[HERO])
        defence = weakest + _best_guard(s, team, guards) + traps
        best = max(best, _chance(attack, defence))
    return best


def _own_traps(s: CorporationState) -> int:
    return _in_hand_for(s, UMBRELLA, "facility-defence")


def _umbrella_commit(s: CorporationState) -> Move:
    umbrella, ids = s.cards.umbrella, s.cards.umbrella_ids
    attack, defence = s.forces()
    plus = list(Commit.legal(s))
    if s.combat == "assault":
        guards = list(Defend.legal(s))
        if guards:  # the unit that helps most against this team
            against = _bonuses(s, s.attacker)  # what the team adds against each kind of unit
            units = first_copies(s, s.units, UMBRELLA)  # the unit each move sends

            def net(move: Defend) -> float:
                unit = units[move.unit]
                return s.unit_force(unit, defending=True) - against.get(umbrella[unit].subtype, 0)

            return max(guards, key=net)
        if _chance(attack, defence) > 1 - SAFE and plus:
            return max(plus, key=lambda m: umbrella[ids[m.card]].amount)
        return CommitDone(UMBRELLA)
    ties = s.game.options["search_ties"]
    expected = defence + (HIDDEN_REGROUP * len(s.hands[HERO]) if s.committer == UMBRELLA else 0)
    if _chance(attack, expected, ties) < SAFE and plus:
        return max(plus, key=lambda m: umbrella[ids[m.card]].amount)
    return CommitDone(UMBRELLA)


def _umbrella_value(s: CorporationState, number: int) -> float:
    """How much Umbrella wants to keep a card (for the hand limit)."""
    card = s.cards.umbrella[number]
    if card.kind == "facility":
        return 20.0
    if card.kind == "unit":
        return card.force + card.amount
    return KEEP_EVENT.get(card.effect, 1.0 + card.amount)


POLICIES = {"random": random_move, "heuristic": heuristic}
