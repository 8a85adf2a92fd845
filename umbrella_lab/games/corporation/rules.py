"""Heroes vs the Umbrella Corporation: the rules, in the order play happens.

Section ids in brackets point into the rule digest ``docs/rules/corporation.md``; every event in
the log and every refused action names one of them.

1. Aim [aim]: the Heroes destroy every facility; Umbrella destroys every team.
2. The cards [cards.*]: two decks; events and traps are discarded once used.
3. Setup [setup.*]: facilities in play, the Heroes' first team, shuffles, two cards each.
4. The turn [turn.phases]: six phases, every turn:
5. Draw [draw.*]; 6. Events [event.*]; 7. Recruit [recruit.*]; 8. Assault [assault.*];
9. Card abilities [ability.*]; 10. Search and Destroy [search.*]; 11. End [end.*];
12. End of the game [game.*].

Seat 0 is the Heroes, seat 1 the Umbrella Corporation. Luck is visible: every 2D6 roll and every
"50%" is a chance step (``to_act == CHANCE``) whose outcomes carry exact probabilities.

>>> import umbrella_lab as ul
>>> state = ul.load("corporation").new(seed=1)
>>> state.to_act, state.phase
(0, 'search')
>>> state.legal_actions()[0].label
'Heroes search their deck: S.T.A.R.S. Alpha Team (Operative, force 2) goes into play'

State design: a plain object with ``__slots__`` and a hand-written ``_clone``. ``apply`` clones
first, so a state you hold never changes; simulations change a private copy in place.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Any, ClassVar

from umbrella_lab.engine.core import CHANCE, Event, Game, Result, State
from umbrella_lab.games.corporation.cards import (
    HERO_EFFECTS,
    UMBRELLA_EFFECTS,
    Cards,  # the type of CorporationState.cards
    HeroCard,
    UmbrellaCard,
    load_cards,
)
from umbrella_lab.games.corporation.odds import TWO_DICE, win_probability

# --- Constants in the rulebook's words ------------------------------------------------------

HERO, UMBRELLA = 0, 1  # the two seats
SIDES = ("Heroes", "Umbrella")
STARTING_HAND = 2  # [setup.hands]
DRAW_PER_TURN = 2  # [draw.cards]
HAND_LIMIT = 5  # [end.hand-limit]
CREW_LIMIT = 2  # characters on a team [recruit.characters]
SURVIVOR_CREW_LIMIT = 3  # ... or 3 when at least one of them is a Survivor
SUBTYPE_BONUS = 1  # a character of the team's own sub-type [recruit.subtypes]
ROLLS = tuple((total, p) for total, p in TWO_DICE.items())  # 2D6 as one step [assault.dice]
HALF = Fraction(1, 2)  # the rulebook's "50%" [assault.unit-fate] [search.unit-fate]


def _float_edge(value: Fraction) -> float:
    """The smallest float not below ``value``: ``draw < value`` exactly when ``draw < edge``."""
    edge = float(value)
    return edge if Fraction(edge) >= value else math.nextafter(edge, 2.0)


# Running totals of the 2D6 odds as floats, for a fast and exact pick of the lucky roll
_ROLL_EDGES = tuple(
    (total, _float_edge(sum((p for t, p in ROLLS if t <= total), Fraction(0))))
    for total, _ in ROLLS
)

# Statistics kept for summary(): indexes into State.stats
LOCKDOWNS, REROLLS, UNITS_LOST, CHARACTERS_DISCARDED, CHARACTERS_SAVED, EVENTS_PLAYED = range(6)


# --- The state ------------------------------------------------------------------------------


class CorporationState(State):
    """The whole table of Heroes vs the Umbrella Corporation.

    Card numbers index ``cards.hero`` (the Heroes' cards) and ``cards.umbrella`` (Umbrella's);
    lists of two are indexed by side (``HERO``, ``UMBRELLA``). Decks are drawn from the end.

    Attributes:
        decks, discards, hands: Each side's deck, discard pile and hand.
        removed: Each side's cards removed from the game (destroyed teams and facilities).
        teams: The Heroes' teams in play; crews: the characters attached to each team.
        facilities: Umbrella's facilities in play; units: its units in play.
        turn: The turn number (0 during setup); phase: the current step of the turn.
        seat: Whose decision it is in the Event, Recruit and End phases.
        passes: Passes in a row (Event phase, alternating commitments).
        characters_played: The Heroes have attached a character this Recruit phase.
        lockdown: A Red Queen Lockdown was played this turn.
        defended: Units that defended a facility this turn.
        combat: ``"assault"``, ``"hunt"`` (Search and Destroy) or ``""``.
        attacker, target: The attacking card (team or unit) and its target (facility or team).
        guard: The unit defending the facility, or -1.
        committed: Event and trap cards each side committed to the combat.
        committer: Who commits next; rolls: each side's 2D6 (0 = not rolled yet);
        roller: who rolls next; lucky_used: K-Mart's re-roll was used in this combat.
        after: Steps still to settle after a combat (``"split"``, ``"fate"``).
        split_cards: Characters of a destroyed team still to be split.
        history: One tuple per combat: (kind, turn, attacker, target, attack total, defence
            total, attacker won).
        stats: Counters for ``summary()`` (lockdowns, re-rolls, units lost, ...).
        shuffles, luck: Shuffles and chance steps so far (they fix the luck with the seed).
    """

    __slots__ = (
        "actor",
        "after",
        "attacker",
        "cards",
        "characters_played",
        "combat",
        "committed",
        "committer",
        "crews",
        "decks",
        "defended",
        "discards",
        "facilities",
        "guard",
        "hands",
        "history",
        "lockdown",
        "luck",
        "lucky_used",
        "outcome",
        "passes",
        "phase",
        "removed",
        "roller",
        "rolls",
        "seat",
        "shuffles",
        "split_cards",
        "stats",
        "target",
        "teams",
        "turn",
        "units",
    )

    rule_for_unknown_action: ClassVar[str] = "turn.phases"
    views: ClassVar[str] = "umbrella_lab.games.corporation.views"
    cards: Cards

    # --- cloning ----------------------------------------------------------------------------
    def _clone(self) -> CorporationState:
        new = CorporationState.__new__(CorporationState)
        new.game, new.seed, new.events, new.cards = self.game, self.seed, [], self.cards
        new.decks = [self.decks[0][:], self.decks[1][:]]
        new.discards = [self.discards[0][:], self.discards[1][:]]
        new.hands = [self.hands[0][:], self.hands[1][:]]
        new.removed = [self.removed[0][:], self.removed[1][:]]
        new.teams, new.crews = self.teams[:], [crew[:] for crew in self.crews]
        new.facilities, new.units = self.facilities[:], self.units[:]
        new.turn, new.phase, new.actor, new.seat = self.turn, self.phase, self.actor, self.seat
        new.passes, new.characters_played = self.passes, self.characters_played
        new.lockdown, new.defended = self.lockdown, self.defended[:]
        new.combat, new.attacker, new.target, new.guard = (
            self.combat,
            self.attacker,
            self.target,
            self.guard,
        )
        new.committed = [self.committed[0][:], self.committed[1][:]]
        new.committer, new.rolls, new.roller = self.committer, self.rolls[:], self.roller
        new.lucky_used, new.after, new.split_cards = (
            self.lucky_used,
            self.after[:],
            self.split_cards[:],
        )
        new.history, new.stats = self.history[:], self.stats[:]
        new.shuffles, new.luck, new.outcome = self.shuffles, self.luck, self.outcome
        return new

    # --- public properties ------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        """The side deciding now (0 Heroes, 1 Umbrella), ``CHANCE`` for a roll, or ``None``."""
        return None if self.outcome is not None else self.actor

    @property
    def result(self) -> Result | None:
        """How the game ended, or ``None``."""
        return self.outcome

    def hero_card(self, number: int) -> HeroCard:
        """The design of one of the Heroes' cards."""
        return self.cards.hero[number]

    def umbrella_card(self, number: int) -> UmbrellaCard:
        """The design of one of Umbrella's cards."""
        return self.cards.umbrella[number]

    def team_force(self, team: int, unit: int = -1, hunt: bool = False) -> int:
        """A team's force before dice and events.

        The team, its characters, their sub-type bonus [recruit.subtypes] and abilities
        against ``unit`` [ability.vs-type]; with ``hunt``, as it defends against Search and
        Destroy [ability.hunt-defence].
        """
        hero = self.cards.hero
        team_card = hero[team]
        bonus_on = self.game.options["subtypes"] == "bonus"
        against = self.cards.umbrella[unit].subtype if unit >= 0 else ""
        force = team_card.force
        for number in self.crews[self.teams.index(team)]:
            card = hero[number]
            force += card.force
            if bonus_on and card.subtype == team_card.subtype:
                force += SUBTYPE_BONUS
            if (card.effect == "bonus-vs" and card.against == against) or (
                card.effect == "hunt-defence" and hunt
            ):
                force += card.amount
        return force

    def unit_force(self, unit: int, defending: bool = False) -> int:
        """A unit's force in the current combat.

        It is 0 against a matching Anti-Virus [ability.anti-virus]; a unit that defends a
        facility adds its defence bonus [ability.defence].
        """
        card = self.cards.umbrella[unit]
        hero = self.cards.hero
        for number in self.committed[HERO]:
            if hero[number].effect == "anti-virus" and hero[number].against == card.subtype:
                return 0
        return card.force + (card.amount if defending and card.effect == "defence" else 0)

    def forces(self) -> tuple[int, int]:
        """The attacker's and the defender's force before dice in the current combat."""
        hero, umbrella = self.cards.hero, self.cards.umbrella
        if self.combat == "assault":  # [assault.commit] [assault.defence]
            attack = self.team_force(self.attacker, self.guard)
            attack += sum(
                hero[n].amount for n in self.committed[HERO] if hero[n].effect == "assault"
            )
            defence = umbrella[self.target].force
            if self.guard >= 0:
                defence += self.unit_force(self.guard, defending=True)
            defence += sum(umbrella[n].amount for n in self.committed[UMBRELLA])
            return attack, defence
        # [search.commit]
        attack = self.unit_force(self.attacker)
        attack += sum(umbrella[n].amount for n in self.committed[UMBRELLA])
        defence = self.team_force(self.target, self.attacker, hunt=True)
        defence += sum(
            hero[n].amount for n in self.committed[HERO] if hero[n].effect == "team-defence"
        )
        return attack, defence

    def combat_odds(self) -> Fraction | None:
        """The exact chance that the attacker wins the current combat.

        It counts the cards committed and the dice rolled so far; ``None`` when no combat is
        being fought.
        """
        if self.phase not in ("commit", "roll", "lucky"):
            return None
        attack, defence = self.forces()
        att_side = HERO if self.combat == "assault" else UMBRELLA
        ties = "attacker" if self.combat == "assault" else self.game.options["search_ties"]
        a_roll, d_roll = self.rolls[att_side], self.rolls[1 - att_side]
        if a_roll and d_roll:
            total_a, total_d = attack + a_roll, defence + d_roll
            return Fraction(int(total_a > total_d or (total_a == total_d and ties == "attacker")))
        if a_roll:
            return sum(
                (
                    p
                    for total, p in ROLLS
                    if attack + a_roll > defence + total
                    or (attack + a_roll == defence + total and ties == "attacker")
                ),
                Fraction(0),
            )
        return win_probability(attack, defence, ties)

    # --- luck -------------------------------------------------------------------------------
    def _rng(self) -> random.Random:
        """A generator for the next shuffle, fixed by the seed and the shuffle count."""
        self.shuffles += 1
        return random.Random(self.seed * 1_000_003 + self.shuffles)

    def _chance(self) -> list[tuple[tuple, Fraction]]:
        if self.outcome is not None:
            return []
        phase = self.phase
        if phase == "roll":
            return [(("roll", CHANCE, total, self.roller), p) for total, p in ROLLS]
        if phase == "fate":
            return [
                (("fate", CHANCE, 1, self.attacker_unit()), HALF),
                (("fate", CHANCE, 0, self.attacker_unit()), HALF),
            ]
        if phase == "split" and self.actor == CHANCE:
            return _split_outcomes(len(self.split_cards))
        return []

    def _luck(self) -> int:
        return self.luck

    def _lucky_key(self) -> tuple:
        """The outcome the state's own luck gives: the same as :meth:`State._lucky_key`.

        Found without adding fractions for the common steps (rolls and "50%" chances), for
        speed; a test checks that both always agree.
        """
        phase = self.phase
        if phase == "roll" or phase == "fate":
            draw = random.Random(self.seed * 1_000_003 + 7919 * self.luck + 17).random()
            if phase == "fate":
                return ("fate", CHANCE, 1 if draw < 0.5 else 0, self.attacker_unit())
            for total, edge in _ROLL_EDGES:
                if draw < edge:
                    return ("roll", CHANCE, total, self.roller)
            return ("roll", CHANCE, 12, self.roller)
        return State._lucky_key(self)

    def attacker_unit(self) -> int:
        """The unit whose fate is at stake.

        The defending unit of an assault, or the unit on a Search and Destroy mission.
        """
        return self.guard if self.combat == "assault" else self.attacker

    def reshuffled(self, seed: int, seen_by: int | None = None) -> CorporationState:
        """A copy with new luck: both decks shuffled anew and new dice from ``seed``.

        Args:
            seed: The new seed.
            seen_by: If given (0 or 1), the other side's hand is dealt anew too, from the cards
                that side cannot see (its hand and deck together): a table that looks the same
                to ``seen_by`` but may hide anything.
        """
        new = self._clone()
        new.seed, new.shuffles = seed, 0
        rng = new._rng()
        if seen_by is not None:
            other = 1 - seen_by
            pool = new.decks[other] + new.hands[other]
            rng.shuffle(pool)
            size = len(new.hands[other])
            new.hands[other], new.decks[other] = pool[:size], pool[size:]
        for deck in new.decks:
            rng.shuffle(deck)
        new.events = [
            Event(
                "setup.shuffle",
                f"New luck (seed {seed}): both decks shuffled again"
                + ("" if seen_by is None else f", and {SIDES[1 - seen_by]}'s hand dealt anew")
                + ".",
            )
        ]
        return new

    # --- the moves --------------------------------------------------------------------------
    def _moves(self) -> list[tuple]:
        return _legal_moves(self)

    def _label(self, key: tuple) -> tuple[str, str]:
        return _describe(self, key)

    def _do(self, key: tuple, log: bool) -> None:
        _play(self, key, log)

    def _refusal(self, key: tuple) -> tuple[str, str]:
        return _why_not(self, key)

    def _well_formed(self, key: tuple) -> bool:
        return (
            len(key) == 4
            and isinstance(key[0], str)
            and all(isinstance(k, int) and not isinstance(k, bool) for k in key[1:])
        )

    def check(self) -> list[str]:
        """Cards conserved on both sides, crews within their limits, values in bounds."""
        problems = []
        cards = self.cards
        hero = (
            self.decks[HERO]
            + self.discards[HERO]
            + self.hands[HERO]
            + self.removed[HERO]
            + self.teams
            + [n for crew in self.crews for n in crew]
            + self.committed[HERO]
            + self.split_cards
        )
        if sorted(hero) != list(range(len(cards.hero))):
            problems.append(
                f"Heroes' cards: {len(hero)} found, expected {len(cards.hero)}, each once"
            )
        umbrella = (
            self.decks[UMBRELLA]
            + self.discards[UMBRELLA]
            + self.hands[UMBRELLA]
            + self.removed[UMBRELLA]
            + self.facilities
            + self.units
            + self.committed[UMBRELLA]
        )
        if sorted(umbrella) != list(range(len(cards.umbrella))):
            problems.append(
                f"Umbrella's cards: {len(umbrella)} found, expected "
                f"{len(cards.umbrella)}, each once"
            )
        if len(self.crews) != len(self.teams):
            problems.append("every team in play needs one crew list")
        for team, crew in zip(self.teams, self.crews, strict=False):
            if cards.hero[team].kind != "team":
                problems.append(f"card {team} is in play as a team but is not one")
            if len(crew) > _crew_limit(self, crew):
                problems.append(f"{cards.hero[team].name} has {len(crew)} characters")
            if any(cards.hero[n].kind != "character" for n in crew):
                problems.append(f"{cards.hero[team].name} has a non-character attached")
        if any(cards.umbrella[n].kind != "facility" for n in self.facilities):
            problems.append("a non-facility is in play as a facility")
        if any(cards.umbrella[n].kind != "unit" for n in self.units):
            problems.append("a non-unit is in play as a unit")
        if any(r and not 2 <= r <= 12 for r in self.rolls):
            problems.append(f"a 2D6 roll out of range: {self.rolls}")
        if self.outcome is None and self.guard >= 0 and self.guard not in self.units:
            problems.append("the defending unit is not in play")
        if self.outcome is None and self.phase == "over":
            problems.append("phase 'over' without a result")
        if self.outcome is None and self.actor is None:
            problems.append("nobody is to act in a game that goes on")
        return problems

    def summary(self) -> dict[str, Any]:
        """One row of facts about this game, for simulation tables.

        ``winner`` is ``"hero"``, ``"umbrella"``, ``"draw"`` (the turn limit) or ``None`` while
        the game goes on (the result itself says why it ended).
        """
        result = self.outcome
        winner = None  # the game goes on
        if result is not None:
            winner = (
                "draw"
                if not result.winners
                else ("hero" if result.winners == (HERO,) else "umbrella")
            )
        assaults = [h for h in self.history if h[0] == "assault"]
        hunts = [h for h in self.history if h[0] == "hunt"]
        umbrella = self.cards.umbrella
        return {
            "winner": winner,
            "turns": self.turn,
            "facilities_destroyed": sum(
                1 for n in self.removed[UMBRELLA] if umbrella[n].kind == "facility"
            ),
            "facilities_left": len(self.facilities),
            "teams_destroyed": len(self.removed[HERO]),
            "teams_left": len(self.teams),
            "assaults": len(assaults),
            "assaults_won": sum(1 for h in assaults if h[6]),
            "hunts": len(hunts),
            "hunts_won": sum(1 for h in hunts if h[6]),
            "units_lost": self.stats[UNITS_LOST],
            "characters_discarded": self.stats[CHARACTERS_DISCARDED],
            "characters_saved": self.stats[CHARACTERS_SAVED],
            "lockdowns": self.stats[LOCKDOWNS],
            "rerolls": self.stats[REROLLS],
            "events_played": self.stats[EVENTS_PLAYED],
            "new_facility_played": any(
                not umbrella[n].start for n in self.facilities + self.removed[UMBRELLA]
            ),
        }

    # --- pictures: to_dict, to_text and the HTML come from the views module (views) ----
    def __repr__(self) -> str:
        where = "over" if self.outcome else f"turn {self.turn}, {self.phase}"
        return f"<Heroes vs Umbrella state: {where}>"


# --- Rule 3: setup ---------------------------------------------------------------------------


def new_game(game: Game, seed: int, log: bool = True) -> CorporationState:
    """Deal a table [setup.*].

    Umbrella's facilities go into play and both decks are shuffled; then the Heroes search
    their deck for a first team (their first decision).
    """
    cards = load_cards(game.options["data"])
    rng = random.Random(seed)
    s = CorporationState.__new__(CorporationState)
    s.game, s.seed, s.cards, s.events = game, seed, cards, []
    s.shuffles, s.luck = 0, 0
    umbrella = cards.umbrella
    s.facilities = [n for n, c in enumerate(umbrella) if c.start]  # [setup.facilities]
    hero_deck = list(range(len(cards.hero)))
    umbrella_deck = [n for n, c in enumerate(umbrella) if not c.start]
    rng.shuffle(hero_deck)
    rng.shuffle(umbrella_deck)
    s.decks, s.discards = [hero_deck, umbrella_deck], [[], []]
    s.hands, s.removed = [[], []], [[], []]
    s.teams, s.crews, s.units = [], [], []
    s.turn, s.phase, s.actor, s.seat, s.passes = 0, "search", HERO, HERO, 0
    s.characters_played, s.lockdown, s.defended = False, False, []
    _clear_combat(s)
    s.history, s.stats, s.outcome = [], [0] * 6, None
    if log:
        names = ", ".join(umbrella[n].name for n in s.facilities)
        s.events.append(
            Event(
                "setup.facilities",
                f"Umbrella starts with {len(s.facilities)} facilities in play: {names}.",
            )
        )
        s.events.append(
            Event("setup.team", "The Heroes search their deck for a team to put into play.")
        )
    _advance(s, log)
    return s


def _clear_combat(s: CorporationState) -> None:
    s.combat, s.attacker, s.target, s.guard = "", -1, -1, -1
    s.committed, s.committer, s.rolls, s.roller = [[], []], HERO, [0, 0], HERO
    s.lucky_used, s.after, s.split_cards = False, [], []


def _setup_deal(s: CorporationState, log: bool) -> None:
    """After the search both players shuffle and draw two cards each [setup.shuffle]."""
    s._rng().shuffle(s.decks[HERO])
    s._rng().shuffle(s.decks[UMBRELLA])
    if log:
        s.events.append(Event("setup.shuffle", "Both players shuffle their decks."))
    for side in (HERO, UMBRELLA):
        _draw(s, side, STARTING_HAND, "setup.hands", log)


# --- Rule 5: the Draw phase ------------------------------------------------------------------


def _draw(s: CorporationState, side: int, count: int, rule: str, log: bool) -> int:
    """``side`` draws ``count`` cards and returns how many it drew.

    An empty deck is refilled from the shuffled discard pile [draw.reshuffle].
    """
    deck, hand = s.decks[side], s.hands[side]
    drawn = 0
    for _ in range(count):
        if not deck:
            if not s.discards[side]:
                break
            deck.extend(s.discards[side])
            s.discards[side] = []
            s._rng().shuffle(deck)
            if log:
                whose = "The Heroes'" if side == HERO else "Umbrella's"
                s.events.append(
                    Event(
                        "draw.reshuffle",
                        f"{whose} deck is empty: the discard "
                        f"pile ({len(deck)} cards) is shuffled into a new deck.",
                    )
                )
        hand.append(deck.pop())
        drawn += 1
    if log:
        who = "The Heroes draw" if side == HERO else "Umbrella draws"
        missing = "" if drawn == count else " (no cards left to draw)"
        s.events.append(Event(rule, f"{who} {drawn} card(s){missing}."))
    return drawn


def _search_pool(s: CorporationState) -> list[int]:
    """Team cards the Heroes may fetch [draw.team-search].

    From the deck; in the Draw phase, from the discard pile when the deck has none
    [opt.team_loss].
    """
    hero = s.cards.hero
    pool = [n for n in s.decks[HERO] if hero[n].kind == "team"]
    if not pool and s.turn > 0:
        pool = [n for n in s.discards[HERO] if hero[n].kind == "team"]
    return pool


def _search_team(s: CorporationState, team: int, log: bool) -> None:
    """Put the searched team into play and shuffle the deck [setup.team] [draw.team-search]."""
    source = "deck" if team in s.decks[HERO] else "discard pile"
    (s.decks[HERO] if source == "deck" else s.discards[HERO]).remove(team)
    s.teams.append(team)
    s.crews.append([])
    if s.turn > 0:
        s._rng().shuffle(s.decks[HERO])
    if log:
        rule = "setup.team" if s.turn == 0 else "draw.team-search"
        s.events.append(
            Event(
                rule,
                f"The Heroes take {s.cards.hero[team].name} from their "
                f"{source} and put it into play"
                + (", then shuffle their deck." if s.turn > 0 else "."),
            )
        )
    s.phase = "setup-deal" if s.turn == 0 else "events-start"


# --- Rule 6: the Event phase -------------------------------------------------------------------


def _event_moves(s: CorporationState, side: int) -> list[tuple]:
    """Event-phase cards ``side`` can play now, with their targets [event.*]."""
    hand = s.hands[side]
    if not hand:
        return []
    moves = []
    if side == HERO:
        hero = s.cards.hero
        for number in _distinct(hand, s.cards.hero_design):
            effect = hero[number].effect
            if effect == "draw":  # [event.intel]
                moves.append(("event", HERO, number, -1))
            elif effect == "medkit":  # [event.medkit]
                lost = [n for n in s.discards[HERO] if hero[n].kind == "character"]
                moves += [("event", HERO, number, c) for c in _distinct(lost, s.cards.hero_design)]
    else:
        umbrella = s.cards.umbrella
        for number in _distinct(hand, s.cards.umbrella_design):
            effect = umbrella[number].effect
            if effect == "lockdown" and not s.lockdown:  # [event.lockdown]
                moves.append(("event", UMBRELLA, number, -1))
            elif effect == "reinforcements":  # [event.reinforcements]
                units = sorted(n for n in s.decks[UMBRELLA] if umbrella[n].kind == "unit")
                moves += [
                    ("event", UMBRELLA, number, u)
                    for u in _distinct(units, s.cards.umbrella_design)
                ]
    return moves


def _play_event(s: CorporationState, side: int, number: int, target: int, log: bool) -> None:
    """Play one event-phase card; it takes effect at once and is discarded [cards.in-play]."""
    s.hands[side].remove(number)
    s.discards[side].append(number)
    s.stats[EVENTS_PLAYED] += 1
    s.passes, s.seat = 0, 1 - side  # [event.order] the other player's turn to play or pass
    if side == HERO:
        card = s.cards.hero[number]
        if card.effect == "draw":  # [event.intel]
            if log:
                s.events.append(Event("event.intel", f"The Heroes play {card.name}."))
            _draw(s, HERO, card.amount, "event.intel", log)
        else:  # [event.medkit]
            s.discards[HERO].remove(target)
            s.hands[HERO].append(target)
            if log:
                s.events.append(
                    Event(
                        "event.medkit",
                        f"The Heroes play {card.name}: "
                        f"{s.cards.hero[target].name} comes back from the discard "
                        "pile to their hand.",
                    )
                )
        return
    card = s.cards.umbrella[number]
    if card.effect == "lockdown":  # [event.lockdown]
        s.lockdown = True
        s.stats[LOCKDOWNS] += 1
        if log:
            s.events.append(
                Event(
                    "event.lockdown",
                    f"Umbrella plays {card.name}: the Heroes may not assault this turn.",
                )
            )
    else:  # [event.reinforcements]
        s.decks[UMBRELLA].remove(target)
        s.hands[UMBRELLA].append(target)
        s._rng().shuffle(s.decks[UMBRELLA])
        if log:
            s.events.append(
                Event(
                    "event.reinforcements",
                    f"Umbrella plays {card.name}: it takes "
                    f"{s.cards.umbrella[target].label} from its deck into its "
                    "hand and shuffles the deck.",
                )
            )


# --- Rule 7: the Recruit phase -----------------------------------------------------------------


def _crew_limit(s: CorporationState, crew: list[int]) -> int:
    """2 characters on a team, or 3 if at least one is a Survivor [recruit.characters]."""
    hero = s.cards.hero
    return SURVIVOR_CREW_LIMIT if any(hero[n].subtype == "survivor" for n in crew) else CREW_LIMIT


def _has_room(s: CorporationState, crew: list[int], character: int) -> bool:
    """True if ``character`` fits on a team with ``crew`` [recruit.characters]."""
    size = len(crew)
    if size < CREW_LIMIT:
        return True
    if size >= SURVIVOR_CREW_LIMIT:
        return False
    hero = s.cards.hero
    return hero[character].subtype == "survivor" or any(hero[n].subtype == "survivor" for n in crew)


def _attach_problem(s: CorporationState, character: int, team: int) -> tuple[str, str]:
    """Why ``character`` may not join ``team`` now, as (message, rule), or ``("", "")``."""
    hero = s.cards.hero
    crew = s.crews[s.teams.index(team)]
    card, team_card = hero[character], hero[team]
    if not _has_room(s, crew, character):
        return (
            f"{team_card.name} already has {len(crew)} characters: a team takes 2, or 3 "
            "if at least one of them is a Survivor"
        ), "recruit.characters"
    if s.game.options["subtypes"] == "strict" and card.subtype != team_card.subtype:
        return (
            f"{card.name} is a {card.subtype.capitalize()} and {team_card.name} takes only "
            f"{team_card.subtype.capitalize()}s (option subtypes='strict')"
        ), "opt.subtypes"
    return "", ""


def _recruit_moves(s: CorporationState, side: int, first: bool = False) -> list[tuple]:
    """Cards ``side`` can put into play now, without the final "done" [recruit.*].

    With ``first``, stop at the first one found (a quick "is there anything to recruit?").
    """
    hand = s.hands[side]
    if not hand:
        return []
    moves: list[tuple] = []
    if side == HERO:
        hero = s.cards.hero
        distinct = _distinct(hand, s.cards.hero_design)
        if not s.characters_played:  # [recruit.teams] teams first, then characters
            moves += [("team", HERO, n, -1) for n in distinct if hero[n].kind == "team"]
            if first and moves:
                return moves
        strict = s.game.options["subtypes"] == "strict"
        for number in distinct:
            card = hero[number]
            if card.kind != "character":
                continue
            for team, crew in zip(s.teams, s.crews, strict=True):  # [recruit.characters]
                if _has_room(s, crew, number) and not (
                    strict and card.subtype != hero[team].subtype
                ):  # [opt.subtypes]
                    moves.append(("attach", HERO, number, team))
                    if first:
                        return moves
        return moves
    umbrella = s.cards.umbrella
    for number in _distinct(hand, s.cards.umbrella_design):
        kind = umbrella[number].kind
        if kind == "unit":  # [recruit.units]
            moves.append(("unit", UMBRELLA, number, -1))
        elif kind == "facility":  # [recruit.new-facility]
            moves.append(("facility", UMBRELLA, number, -1))
    return moves


def _recruit(s: CorporationState, kind: str, number: int, team: int, log: bool) -> None:
    """Put one card from hand into play, face up [recruit.*]."""
    if kind in ("team", "attach"):
        s.hands[HERO].remove(number)
        card = s.cards.hero[number]
        if kind == "team":  # [recruit.teams]
            s.teams.append(number)
            s.crews.append([])
            if log:
                s.events.append(Event("recruit.teams", f"The Heroes put {card.label} into play."))
            return
        crew = s.crews[s.teams.index(team)]  # [recruit.characters]
        crew.append(number)
        s.characters_played = True
        if log:
            team_card = s.cards.hero[team]
            s.events.append(
                Event(
                    "recruit.characters",
                    f"The Heroes attach {card.label} to "
                    f"{team_card.name} ({len(crew)} character(s) now).",
                )
            )
            if s.game.options["subtypes"] == "bonus" and card.subtype == team_card.subtype:
                s.events.append(
                    Event(
                        "recruit.subtypes",
                        f"{card.name} matches the team's "
                        f"sub-type ({card.subtype.capitalize()}): +1 force.",
                    )
                )
        return
    s.hands[UMBRELLA].remove(number)
    card = s.cards.umbrella[number]
    if kind == "unit":  # [recruit.units]
        s.units.append(number)
        if log:
            s.events.append(Event("recruit.units", f"Umbrella puts {card.label} into play."))
    else:  # [recruit.new-facility]
        s.facilities.append(number)
        if log:
            s.events.append(
                Event(
                    "recruit.new-facility",
                    f"Umbrella builds {card.label}: one more facility for the Heroes to destroy.",
                )
            )


# --- Rule 8: the Assault phase (and the combat both missions share) -----------------------------


def _declare(s: CorporationState, kind: str, attacker: int, target: int, log: bool) -> None:
    """An assault or a Search and Destroy mission begins [assault.declare] [search.declare].

    An assault sends a team against a facility; a mission sends a unit against a team.
    """
    _clear_combat(s)
    s.combat, s.attacker, s.target = kind, attacker, target
    s.phase = "commit-start"
    if log:
        attack, defence = s.forces()
        if kind == "assault":
            s.events.append(
                Event(
                    "assault.declare",
                    f"{s.cards.hero[attacker].name} assaults "
                    f"{s.cards.umbrella[target].name}: force {attack} against "
                    f"{defence} before units, cards and dice.",
                )
            )
        else:
            s.events.append(
                Event(
                    "search.declare",
                    f"Search and Destroy: "
                    f"{s.cards.umbrella[attacker].name} hunts "
                    f"{s.cards.hero[target].name}: force {attack} against "
                    f"{defence} before cards and dice.",
                )
            )


def _commit_use(s: CorporationState, side: int) -> str:
    """What ``side`` commits cards to in this combat (the timings of cards.HERO_EFFECTS)."""
    if s.combat == "assault":
        return "assault" if side == HERO else "facility"
    return "team" if side == HERO else "hunt"


def _eligible_units(s: CorporationState, hunting: bool) -> list[int]:
    """Units that may defend a facility, or (``hunting``) go on Search and Destroy.

    With ``unit_actions='once'`` a unit that defended this turn may not hunt
    [opt.unit_actions].
    """
    if hunting and s.game.options["unit_actions"] == "once" and s.defended:
        return [n for n in s.units if n not in s.defended]
    return s.units


def _commit_moves(s: CorporationState, side: int) -> list[tuple]:
    """Cards ``side`` can still commit to the combat, without the final "done".

    Rules: [assault.commit] [assault.defence] [search.commit].
    """
    use = _commit_use(s, side)
    moves = []
    hand = s.hands[side]
    if side == HERO:
        hero = s.cards.hero
        antivirus = any(hero[n].effect == "anti-virus" for n in s.committed[HERO])
        for number in _distinct(hand, s.cards.hero_design):
            card = hero[number]
            if use in HERO_EFFECTS[card.effect] and not (card.effect == "anti-virus" and antivirus):
                moves.append(("commit", HERO, number, -1))
        return moves
    umbrella = s.cards.umbrella
    if use == "facility" and s.guard < 0:  # [assault.defence] at most one unit
        moves += [
            ("defend", UMBRELLA, u, -1)
            for u in _distinct(_eligible_units(s, False), s.cards.umbrella_design)
        ]
    for number in _distinct(hand, s.cards.umbrella_design):
        if use in UMBRELLA_EFFECTS[umbrella[number].effect]:
            moves.append(("commit", UMBRELLA, number, -1))
    return moves


def _commit(s: CorporationState, kind: str, side: int, number: int, log: bool) -> None:
    """Commit one card (or, for Umbrella defending a facility, its one unit)."""
    if kind == "defend":  # [assault.defence]
        s.guard = number
        s.defended.append(number)
        if log:
            s.events.append(
                Event(
                    "assault.defence",
                    f"Umbrella defends "
                    f"{s.cards.umbrella[s.target].name} with "
                    f"{s.cards.umbrella[number].label}.",
                )
            )
    else:
        s.hands[side].remove(number)
        s.committed[side].append(number)
        if log:
            card = s.cards.hero[number] if side == HERO else s.cards.umbrella[number]
            rule = (
                ("assault.commit" if side == HERO else "assault.defence")
                if s.combat == "assault"
                else "search.commit"
            )
            who = "The Heroes commit" if side == HERO else "Umbrella commits"
            s.events.append(Event(rule, f"{who} {card.label}."))
    if s.game.options["commit_order"] == "alternate":  # [opt.commit_order]
        s.passes = 0
        s.committer = 1 - side


def _commit_done(s: CorporationState, side: int, log: bool) -> None:
    """``side`` commits nothing more, or passes its turn to commit [assault.commit].

    By default the attacker commits first, then the defender; with alternating commitments
    two passes in a row end the commitments [opt.commit_order].
    """
    attacker = HERO if s.combat == "assault" else UMBRELLA
    if s.game.options["commit_order"] == "alternate":
        s.passes += 1
        s.committer = 1 - side
        if s.passes < 2:
            return
    elif side == attacker:
        s.committer = 1 - side
        return
    s.phase = "roll-start"
    if log:
        _log_bonuses(s)
        attack, defence = s.forces()
        rule = "assault.dice" if s.combat == "assault" else "search.dice"
        s.events.append(
            Event(
                rule, f"Both sides are committed: force {attack} against {defence}. Each rolls 2D6."
            )
        )


def _log_bonuses(s: CorporationState) -> None:
    """Name every bonus that counts in this combat [recruit.subtypes] [ability.*]."""
    hero, umbrella = s.cards.hero, s.cards.umbrella
    assault = s.combat == "assault"
    team = s.attacker if assault else s.target
    unit = s.guard if assault else s.attacker
    team_card = hero[team]
    against = umbrella[unit].subtype if unit >= 0 else ""
    crew = s.crews[s.teams.index(team)]
    events = s.events
    if s.game.options["subtypes"] == "bonus":
        matching = [n for n in crew if hero[n].subtype == team_card.subtype]
        if matching:
            events.append(
                Event(
                    "recruit.subtypes",
                    f"Sub-type bonus for {team_card.name}: "
                    f"+{SUBTYPE_BONUS * len(matching)} ({_names(s, matching)}).",
                )
            )
    for number in crew:
        card = hero[number]
        if card.effect == "bonus-vs" and card.against == against:
            events.append(
                Event(
                    "ability.vs-type",
                    f"{card.name}: +{card.amount} against a {against.capitalize()}.",
                )
            )
        elif card.effect == "hunt-defence" and not assault:
            events.append(
                Event(
                    "ability.hunt-defence",
                    f"{card.name}: +{card.amount} when the "
                    "team defends against Search and Destroy.",
                )
            )
    if unit >= 0:
        if s.unit_force(unit, defending=assault) == 0 and umbrella[unit].force > 0:
            events.append(
                Event("ability.anti-virus", f"Anti-Virus: {umbrella[unit].name} counts force 0.")
            )
        elif assault and umbrella[unit].effect == "defence":
            events.append(
                Event(
                    "ability.defence",
                    f"{umbrella[unit].name}: +{umbrella[unit].amount} when it defends a facility.",
                )
            )
    for side in (HERO, UMBRELLA):
        for number in s.committed[side]:
            card = hero[number] if side == HERO else umbrella[number]
            if card.amount and card.effect != "anti-virus":
                events.append(
                    Event("ability.assist", f"{card.name}: +{card.amount} for {SIDES[side]}.")
                )


def _roll(s: CorporationState, side: int, total: int, log: bool) -> None:
    """One side's 2D6 [assault.dice] [search.dice]; the attacker rolls first."""
    s.luck += 1
    s.rolls[side] = total
    if log:
        rule = "assault.dice" if s.combat == "assault" else "search.dice"
        who = "The Heroes roll" if side == HERO else "Umbrella rolls"
        s.events.append(Event(rule, f"{who} {total}."))
    other = 1 - side
    if not s.rolls[other]:
        s.roller = other
    else:
        s.phase = "lucky-check"


def _lucky_card(s: CorporationState) -> int:
    """The Lucky character on the Heroes' team in this combat, or -1 [ability.lucky]."""
    team = s.attacker if s.combat == "assault" else s.target
    hero = s.cards.hero
    for number in s.crews[s.teams.index(team)]:
        if hero[number].effect == "lucky":
            return number
    return -1


def _resolve(s: CorporationState, log: bool) -> None:
    """Compare the totals; the loser is destroyed or discarded [assault.result].

    The same for Search and Destroy [search.result]; events and traps are discarded either
    way [assault.cleanup].
    """
    attack, defence = s.forces()
    assault = s.combat == "assault"
    att_side = HERO if assault else UMBRELLA
    attack_total = attack + s.rolls[att_side]
    defence_total = defence + s.rolls[1 - att_side]
    ties = "attacker" if assault else s.game.options["search_ties"]
    won = attack_total > defence_total or (attack_total == defence_total and ties == "attacker")
    s.history.append((s.combat, s.turn, s.attacker, s.target, attack_total, defence_total, won))
    if log:
        _log_totals(s, attack, defence, attack_total, defence_total, won)
    for side in (HERO, UMBRELLA):  # [assault.cleanup]
        if s.committed[side]:
            s.discards[side].extend(s.committed[side])
            if log:
                words = ", ".join(_card_name(s, side, n) for n in s.committed[side])
                s.events.append(Event("assault.cleanup", f"Discarded after the combat: {words}."))
            s.committed[side] = []
    s.phase = "after"
    if assault and won:  # [assault.facility-destroyed]
        facility = s.target
        s.facilities.remove(facility)
        s.removed[UMBRELLA].append(facility)
        if log:
            s.events.append(
                Event(
                    "assault.facility-destroyed",
                    f"{_card_name(s, 1, facility)} is destroyed and removed from the game.",
                )
            )
        if s.guard >= 0:
            _lose_unit(s, s.guard, "assault.facility-destroyed", log)
    elif assault:  # [assault.team-destroyed]
        _destroy_team(s, s.attacker, "assault.team-destroyed", log)
        if s.guard >= 0:
            s.after.append("fate")  # [assault.unit-fate]
    elif won:  # [search.team-destroyed]
        _destroy_team(s, s.target, "search.team-destroyed", log)
        s.after.append("fate")  # [search.unit-fate] even a winning unit may be lost
    else:  # [search.unit-lost]
        _lose_unit(s, s.attacker, "search.unit-lost", log)
    if s.game.options["win_check"] == "immediate":
        _check_win(s, log)


def _log_totals(
    s: CorporationState, attack: int, defence: int, attack_total: int, defence_total: int, won: bool
) -> None:
    assault = s.combat == "assault"
    att_side = HERO if assault else UMBRELLA
    if assault:
        names = ("Assault Force Total", "Facility Defence Total")
        rule = "assault.result"
    else:
        names = ("Search and Destroy Force Total", "Team Defence Total")
        rule = "search.result"
    tie = (
        " (a tie goes to the attacker)"
        if attack_total == defence_total and won
        else (
            " (a tie goes to the defender, option search_ties)"
            if attack_total == defence_total
            else ""
        )
    )
    winner = "the attack succeeds" if won else "the defence holds"
    s.events.append(
        Event(
            rule,
            f"{names[0]} {attack} + {s.rolls[att_side]} = {attack_total} "
            f"against {names[1]} {defence} + {s.rolls[1 - att_side]} = "
            f"{defence_total}: {winner}{tie}.",
        )
    )


def _destroy_team(s: CorporationState, team: int, rule: str, log: bool) -> None:
    """A destroyed team is removed from the game [assault.characters].

    Its Medics go back to hand [ability.medic]; the other characters wait to be split half
    and half.
    """
    index = s.teams.index(team)
    crew = s.crews.pop(index)
    s.teams.pop(index)
    s.removed[HERO].append(team)
    if log:
        s.events.append(
            Event(rule, f"{s.cards.hero[team].name} is destroyed and removed from the game.")
        )
    hero = s.cards.hero
    for number in crew:
        if hero[number].effect == "medic":
            s.hands[HERO].append(number)
            s.stats[CHARACTERS_SAVED] += 1
            if log:
                s.events.append(
                    Event(
                        "ability.medic",
                        f"{hero[number].name} is a Medic and goes back to the Heroes' hand.",
                    )
                )
    s.split_cards = [n for n in crew if hero[n].effect != "medic"]
    if s.split_cards:
        s.after.insert(0, "split")


def _lose_unit(s: CorporationState, unit: int, rule: str, log: bool) -> None:
    s.units.remove(unit)
    s.discards[UMBRELLA].append(unit)
    s.stats[UNITS_LOST] += 1
    if log:
        s.events.append(Event(rule, f"{_card_name(s, 1, unit)} is discarded."))


def _split_outcomes(n: int) -> list[tuple[tuple, Fraction]]:
    """Every way to split ``n`` characters at random, with its exact probability [opt.split].

    The characters are shuffled; the first half (rounded down) is discarded, the next half
    goes back to hand and an odd one left over is discarded on a 1-3 of one die. Each
    discarded set of size n/2 (or, for odd n, of either size around n/2) is equally likely.

    >>> [(key[2], str(p)) for key, p in _split_outcomes(2)]
    [(1, '1/2'), (2, '1/2')]
    >>> sum(p for _, p in _split_outcomes(3))
    Fraction(1, 1)
    """
    sizes = (n // 2,) if n % 2 == 0 else (n // 2, n // 2 + 1)
    share = 1 if n % 2 == 0 else 2
    outcomes = []
    for size in sizes:
        p = Fraction(1, share * comb(n, size))
        for chosen in combinations(range(n), size):
            mask = sum(1 << i for i in chosen)
            outcomes.append((("split", CHANCE, mask, -1), p))
    return outcomes


def _split_choices(s: CorporationState, side: int) -> list[tuple]:
    """The discarded halves (rounded up) the choosing side may pick [opt.split]."""
    n = len(s.split_cards)
    return [
        ("split", side, sum(1 << i for i in chosen), -1)
        for chosen in combinations(range(n), (n + 1) // 2)
    ]


def _split(s: CorporationState, side: int, mask: int, log: bool) -> None:
    """Discard the chosen characters; the rest go back to hand [assault.characters]."""
    if side == CHANCE:
        s.luck += 1
    gone = [n for i, n in enumerate(s.split_cards) if mask >> i & 1]
    kept = [n for i, n in enumerate(s.split_cards) if not mask >> i & 1]
    s.discards[HERO].extend(gone)
    s.hands[HERO].extend(kept)
    s.stats[CHARACTERS_DISCARDED] += len(gone)
    s.stats[CHARACTERS_SAVED] += len(kept)
    s.split_cards = []
    s.after.pop(0)
    s.phase = "after"
    if log:
        rule = "assault.characters" if side == CHANCE else "opt.split"
        s.events.append(
            Event(
                rule,
                f"The team's characters are split: to the discard pile "
                f"{_names(s, gone) or 'nobody'}; back to the Heroes' hand "
                f"{_names(s, kept) or 'nobody'}.",
            )
        )


def _fate(s: CorporationState, lost: int, unit: int, log: bool) -> None:
    """The 50% chance that a unit is discarded after a combat [assault.unit-fate].

    The same after Search and Destroy [search.unit-fate].
    """
    s.luck += 1
    s.after.pop(0)
    s.phase = "after"
    rule = "assault.unit-fate" if s.combat == "assault" else "search.unit-fate"
    if lost:
        _lose_unit(s, unit, rule, log)
    elif log:
        s.events.append(Event(rule, f"{_card_name(s, 1, unit)} stays in play."))


# --- Rule 12: end of the game ------------------------------------------------------------------


def _teams_left(s: CorporationState) -> bool:
    """True while the Heroes still have a team [game.umbrella-wins].

    A team in play, or (by default) anywhere but removed from the game [opt.team_loss].
    """
    if s.teams:
        return True
    if s.game.options["team_loss"] == "none-in-play":
        return False
    hero = s.cards.hero
    return any(
        hero[n].kind == "team"
        for pile in (s.hands[HERO], s.decks[HERO], s.discards[HERO])
        for n in pile
    )


def _check_win(s: CorporationState, log: bool) -> None:
    """Check both goals [game.hero-wins] [game.umbrella-wins].

    The Heroes win when no facility is left in play; Umbrella wins when no team is left.
    """
    if s.outcome is not None:
        return
    if not s.facilities:
        _end(
            s,
            (HERO,),
            "game.hero-wins",
            "Every Umbrella facility is destroyed: the Heroes win!",
            log,
        )
    elif not _teams_left(s):
        _end(
            s,
            (UMBRELLA,),
            "game.umbrella-wins",
            "Every team is destroyed: the Umbrella Corporation wins!",
            log,
        )


def _end(s: CorporationState, winners: tuple[int, ...], rule: str, reason: str, log: bool) -> None:
    s.outcome = Result(winners, reason, rule)
    s.phase, s.actor = "over", None
    if log:
        s.events.append(Event(rule, reason))


# --- The flow of a turn ------------------------------------------------------------------------


def _advance(s: CorporationState, log: bool) -> None:
    """Move play on to the next decision or chance step [turn.phases]."""
    options = s.game.options
    while s.outcome is None:
        phase = s.phase
        if phase == "setup-deal":  # [setup.shuffle] [setup.hands]
            _setup_deal(s, log)
            s.phase = "turn-start"
        elif phase == "turn-start":  # [turn.phases] [draw.cards]
            if s.turn >= options["turn_limit"]:
                _end(
                    s,
                    (),
                    "game.turn-limit",
                    f"Turn {s.turn} is over and no side has won: "
                    f"the game stops at the turn limit ({options['turn_limit']}), a draw.",
                    log,
                )
                break
            s.turn += 1
            s.lockdown, s.defended = False, []
            if log:
                s.events.append(Event("turn.phases", f"Turn {s.turn} begins."))
            _draw(s, HERO, DRAW_PER_TURN, "draw.cards", log)
            _draw(s, UMBRELLA, DRAW_PER_TURN, "draw.cards", log)
            s.phase = "draw-search"
        elif phase == "draw-search":  # [draw.team-search]
            if not s.teams and _search_pool(s):
                s.phase = "search"
            else:
                s.phase = "events-start"
        elif phase == "events-start":  # [event.order] Umbrella first
            s.seat, s.passes, s.phase = UMBRELLA, 0, "events"
        elif phase == "events":
            if s.passes >= 2:
                s.phase = "recruit-start"
            elif _event_moves(s, s.seat):
                s.actor = s.seat
                return
            else:  # nothing to play: a pass
                s.passes += 1
                s.seat = 1 - s.seat
        elif phase == "recruit-start":  # [recruit.teams] the Heroes first
            s.seat, s.characters_played, s.phase = HERO, False, "recruit"
        elif phase == "recruit":
            if _recruit_moves(s, s.seat, first=True):
                s.actor = s.seat
                return
            if s.seat == HERO:
                s.seat = UMBRELLA
            else:
                s.phase = "assault-start"
        elif phase == "assault-start":  # [assault.declare]
            if s.lockdown:
                if log and s.teams:
                    s.events.append(
                        Event("event.lockdown", "Red Queen Lockdown: no assault this turn.")
                    )
                s.phase = "hunt-start"
            elif s.teams and s.facilities:
                s.phase = "assault"
            else:
                s.phase = "hunt-start"
        elif phase == "commit-start":  # the attacker commits first [assault.commit]
            s.committer = HERO if s.combat == "assault" else UMBRELLA
            s.passes, s.phase = 0, "commit"
        elif phase == "commit":
            if _commit_moves(s, s.committer):
                s.actor = s.committer
                return
            _commit_done(s, s.committer, log)
        elif phase == "roll-start":  # [assault.dice] the attacker rolls first
            s.rolls = [0, 0]
            s.roller = HERO if s.combat == "assault" else UMBRELLA
            s.phase = "roll"
        elif phase == "lucky-check":  # [ability.lucky]
            if not s.lucky_used and _lucky_card(s) >= 0:
                s.phase = "lucky"
            else:
                s.phase = "resolve"
        elif phase == "resolve":
            _resolve(s, log)
        elif phase == "after":  # splits and 50% chances still to settle
            if s.after:
                step = s.after[0]
                s.phase = step
                if step == "split" and options["split"] != "random":
                    s.actor = UMBRELLA if options["split"] == "umbrella" else HERO
                    return
                s.actor = CHANCE
                return
            s.phase = "hunt-start" if s.combat == "assault" else "end-start"
            _clear_combat(s)
        elif phase == "hunt-start":  # [search.declare]
            if s.teams and _eligible_units(s, True):
                s.phase = "hunt"
            else:
                s.phase = "end-start"
        elif phase == "end-start":  # [end.hand-limit] the Heroes first
            s.seat, s.phase = HERO, "discard"
        elif phase == "discard":
            if len(s.hands[s.seat]) > HAND_LIMIT:
                s.actor = s.seat
                return
            if s.seat == HERO:
                s.seat = UMBRELLA
            else:
                s.phase = "turn-end"
        elif phase == "turn-end":  # [opt.win_check]
            if options["win_check"] == "end-of-turn":
                _check_win(s, log)
            s.phase = "turn-start"
        elif phase in ("search", "assault", "lucky"):
            s.actor = HERO
            return
        elif phase == "hunt":
            s.actor = UMBRELLA
            return
        elif phase in ("roll", "fate"):
            s.actor = CHANCE
            return
        else:  # pragma: no cover - every phase is listed above
            msg = f"unknown phase {phase!r}"
            raise AssertionError(msg)
    s.phase, s.actor = "over", None


# --- Legal moves ---------------------------------------------------------------------------------


def _distinct(numbers: list[int], design: tuple[int, ...]) -> list[int]:
    """One card number per design (two copies of a card make the same move)."""
    if len(numbers) < 2:
        return list(numbers)
    first: dict[int, int] = {}
    for number in numbers:
        if design[number] not in first:
            first[design[number]] = number
    return list(first.values())


def _legal_moves(s: CorporationState) -> list[tuple]:
    """Keys of every legal move now: ``(kind, side, a, b)``."""
    if s.outcome is not None:
        return []
    phase = s.phase
    if s.actor == CHANCE:
        return [key for key, _ in s._chance()]
    if phase == "search":
        pool = _distinct(sorted(_search_pool(s)), s.cards.hero_design)  # no deck order shown
        return [("search", HERO, n, -1) for n in pool]
    if phase == "events":
        return [*_event_moves(s, s.seat), ("pass", s.seat, -1, -1)]
    if phase == "recruit":
        return [*_recruit_moves(s, s.seat), ("done", s.seat, -1, -1)]
    if phase == "assault":  # [assault.declare] one team against one facility, or none
        return [
            ("assault", HERO, team, facility) for team in s.teams for facility in s.facilities
        ] + [("skip", HERO, -1, -1)]
    if phase == "commit":
        return [*_commit_moves(s, s.committer), ("done", s.committer, -1, -1)]
    if phase == "lucky":
        return [("reroll", HERO, -1, -1), ("keep", HERO, -1, -1)]
    if phase == "split":
        return _split_choices(s, s.actor)
    if phase == "hunt":  # [search.declare] one unit against one team, or none
        units = _distinct(_eligible_units(s, True), s.cards.umbrella_design)
        return [("hunt", UMBRELLA, unit, team) for unit in units for team in s.teams] + [
            ("skip", UMBRELLA, -1, -1)
        ]
    if phase == "discard":  # [end.hand-limit]
        design = s.cards.hero_design if s.seat == HERO else s.cards.umbrella_design
        return [("discard", s.seat, n, -1) for n in _distinct(s.hands[s.seat], design)]
    return []  # pragma: no cover


# --- Playing a move ------------------------------------------------------------------------------


def _play(s: CorporationState, key: tuple, log: bool) -> None:
    """Apply a legal move key in place, then move play on."""
    kind, side, a, b = key
    if kind == "roll":
        _roll(s, b, a, log)
    elif kind == "commit" or kind == "defend":
        _commit(s, kind, side, a, log)
    elif kind == "done":
        if s.phase == "recruit":
            if log:
                who = "The Heroes end" if side == HERO else "Umbrella ends"
                s.events.append(
                    Event("recruit.units" if side else "recruit.teams", f"{who} recruiting.")
                )
            if side == HERO:
                s.seat = UMBRELLA
            else:
                s.phase = "assault-start"
        else:
            if log:
                who = "The Heroes" if side == HERO else "Umbrella"
                word = (
                    "pass"
                    if s.game.options["commit_order"] == "alternate"
                    else "commit nothing more"
                )
                if word == "pass":
                    rule = "opt.commit_order"
                elif s.combat == "hunt":
                    rule = "search.commit"
                else:
                    rule = "assault.commit" if side == HERO else "assault.defence"
                s.events.append(Event(rule, f"{who}: {word}."))
            _commit_done(s, side, log)
    elif kind == "event":
        _play_event(s, side, a, b, log)
    elif kind == "pass":  # [event.order]
        s.passes += 1
        s.seat = 1 - side
        if log:
            who = "The Heroes pass" if side == HERO else "Umbrella passes"
            s.events.append(Event("event.order", f"{who}."))
    elif kind in ("team", "attach", "unit", "facility"):
        _recruit(s, kind, a, b, log)
    elif kind == "assault":
        _declare(s, "assault", a, b, log)
    elif kind == "hunt":
        _declare(s, "hunt", a, b, log)
    elif kind == "skip":
        if s.phase == "assault":
            s.phase = "hunt-start"
            if log:
                s.events.append(Event("assault.declare", "The Heroes make no assault this turn."))
        else:
            s.phase = "end-start"
            if log:
                s.events.append(
                    Event(
                        "search.declare", "Umbrella sends no unit on Search and Destroy this turn."
                    )
                )
    elif kind == "reroll":  # [ability.lucky]
        s.lucky_used = True
        s.stats[REROLLS] += 1
        s.rolls[HERO], s.roller, s.phase = 0, HERO, "roll"
        if log:
            name = s.cards.hero[_lucky_card(s)].name
            s.events.append(
                Event("ability.lucky", f"{name}'s luck: the Heroes roll their 2D6 again.")
            )
    elif kind == "keep":
        s.lucky_used = True
        s.phase = "resolve"
    elif kind == "split":
        _split(s, side, a, log)
    elif kind == "fate":
        _fate(s, a, b, log)
    elif kind == "search":
        _search_team(s, a, log)
    elif kind == "discard":  # [end.hand-limit]
        s.hands[side].remove(a)
        s.discards[side].append(a)
        if log:
            who = "The Heroes discard" if side == HERO else "Umbrella discards"
            s.events.append(
                Event(
                    "end.hand-limit", f"{who} {_card_name(s, side, a)} (hand limit {HAND_LIMIT})."
                )
            )
    else:  # pragma: no cover - _play is only given legal keys
        msg = f"unknown move {key!r}"
        raise AssertionError(msg)
    _advance(s, log)


# --- Labels and refusals -------------------------------------------------------------------------


def _card_name(s: CorporationState, side: int, number: int) -> str:
    return (s.cards.hero[number] if side == HERO else s.cards.umbrella[number]).name


def _names(s: CorporationState, numbers: list[int]) -> str:
    """Characters' names in words: "Jill", "Jill and Barry", "Jill, Barry and K-Mart"."""
    names = [s.cards.hero[n].name for n in numbers]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _verb(side: int, plural: str, singular: str) -> str:
    return f"Heroes {plural}" if side == HERO else f"Umbrella {singular}"


def _describe(s: CorporationState, key: tuple) -> tuple[str, str]:
    """A move in the table's words, and the rule that allows it."""
    kind, side, a, b = key
    hero, umbrella = s.cards.hero, s.cards.umbrella
    if kind == "roll":
        ways = int(TWO_DICE[a] * 36)
        force = _side_force(s, b)
        return (
            f"{_verb(b, 'roll', 'rolls')} {a} ({ways}/36): total {force + a}",
            "assault.dice" if s.combat == "assault" else "search.dice",
        )
    if kind == "fate":
        name = umbrella[b].name
        rule = "assault.unit-fate" if s.combat == "assault" else "search.unit-fate"
        if s.game.options["fifty_fifty"] == "coin":
            face = "heads" if a else "tails"
            return f"Coin shows {face}: {name} {'is discarded' if a else 'stays'} (1/2)", rule
        faces = "1-3" if a else "4-6"
        return f"Die shows {faces}: {name} {'is discarded' if a else 'stays in play'} (1/2)", rule
    if kind == "split":
        gone = [n for i, n in enumerate(s.split_cards) if a >> i & 1]
        kept = [n for i, n in enumerate(s.split_cards) if not a >> i & 1]
        words = (
            f"{_names(s, gone) or 'nobody'} to the discard pile, "
            f"{_names(s, kept) or 'nobody'} back to hand"
        )
        if side == CHANCE:
            p = dict(_split_outcomes(len(s.split_cards)))[key]
            return f"Split: {words} ({p})", "assault.characters"
        return f"{SIDES[side]}: {words}", "opt.split"
    if kind == "search":
        where = "deck" if a in s.decks[HERO] else "discard pile"
        rule = "setup.team" if s.turn == 0 else "draw.team-search"
        return f"Heroes search their {where}: {hero[a].label} goes into play", rule
    if kind == "event":
        if side == HERO:
            card = hero[a]
            if card.effect == "draw":
                return f"Heroes play {card.name}: draw {card.amount} cards", "event.intel"
            return (
                f"Heroes play {card.name}: take {hero[b].label} back from the discard pile",
                "event.medkit",
            )
        card = umbrella[a]
        if card.effect == "lockdown":
            return f"Umbrella plays {card.name}: no assault this turn", "event.lockdown"
        return (
            f"Umbrella plays {card.name}: take {umbrella[b].label} from the deck",
            "event.reinforcements",
        )
    if kind == "pass":
        return f"{_verb(side, 'pass', 'passes')} (no more events)", "event.order"
    if kind == "team":
        return f"Heroes put {hero[a].label} into play", "recruit.teams"
    if kind == "attach":
        card, team = hero[a], hero[b]
        bonus = (
            " (+1 sub-type)"
            if (s.game.options["subtypes"] == "bonus" and card.subtype == team.subtype)
            else ""
        )
        return f"Heroes attach {card.label} to {team.name}{bonus}", "recruit.characters"
    if kind == "unit":
        return f"Umbrella puts {umbrella[a].label} into play", "recruit.units"
    if kind == "facility":
        return f"Umbrella builds {umbrella[a].label}", "recruit.new-facility"
    if kind == "done":
        if s.phase == "recruit":
            return (
                f"{_verb(side, 'end', 'ends')} recruiting",
                "recruit.teams" if side == HERO else "recruit.units",
            )
        if s.game.options["commit_order"] == "alternate":
            return f"{_verb(side, 'pass', 'passes')} (commit nothing now)", "opt.commit_order"
        if s.combat == "hunt":
            rule = "search.commit"
        else:
            rule = "assault.commit" if side == HERO else "assault.defence"
        return f"{_verb(side, 'commit', 'commits')} nothing more", rule
    if kind == "assault":
        force = s.team_force(a)
        return (
            f"{hero[a].name} assaults {umbrella[b].name} (force {force} vs "
            f"{umbrella[b].force} before dice)"
        ), "assault.declare"
    if kind == "hunt":
        attack = s.cards.umbrella[a].force
        defence = s.team_force(b, a, hunt=True)
        return (
            f"{umbrella[a].name} hunts {hero[b].name} (force {attack} vs {defence} before dice)"
        ), "search.declare"
    if kind == "skip":
        if s.phase == "assault":
            return "Heroes make no assault this turn", "assault.declare"
        return "Umbrella sends no unit on Search and Destroy", "search.declare"
    if kind == "defend":
        force = s.unit_force(a, defending=True)
        return (
            f"Umbrella defends {umbrella[s.target].name} with {umbrella[a].name} (force {force})"
        ), "assault.defence"
    if kind == "commit":
        if side == HERO:
            card = hero[a]
            rule = (
                "ability.anti-virus"
                if card.effect == "anti-virus"
                else ("assault.commit" if s.combat == "assault" else "search.commit")
            )
            return f"Heroes commit {card.name} ({card.text.rstrip('.')})", rule
        card = umbrella[a]
        rule = "assault.defence" if s.combat == "assault" else "search.commit"
        return f"Umbrella commits {card.name} ({card.text.rstrip('.')})", rule
    if kind == "reroll":
        return (
            f"Heroes re-roll with {hero[_lucky_card(s)].name}'s luck (now "
            f"{_side_force(s, HERO) + s.rolls[HERO]} vs "
            f"{_side_force(s, UMBRELLA) + s.rolls[UMBRELLA]})"
        ), "ability.lucky"
    if kind == "keep":
        return f"Heroes keep their roll of {s.rolls[HERO]}", "ability.lucky"
    if kind == "discard":
        name = _card_name(s, side, a)
        return (
            f"{_verb(side, 'discard', 'discards')} {name} (hand "
            f"{len(s.hands[side])}, limit {HAND_LIMIT})"
        ), "end.hand-limit"
    return f"{kind} {side} {a} {b}", "turn.phases"  # pragma: no cover


def _side_force(s: CorporationState, side: int) -> int:
    attack, defence = s.forces()
    attacker = HERO if s.combat == "assault" else UMBRELLA
    return attack if side == attacker else defence


_KIND_RULES = {
    "search": "draw.team-search",
    "event": "event.order",
    "pass": "event.order",
    "team": "recruit.teams",
    "attach": "recruit.characters",
    "unit": "recruit.units",
    "facility": "recruit.new-facility",
    "assault": "assault.declare",
    "skip": "assault.declare",
    "commit": "assault.commit",
    "defend": "assault.defence",
    "done": "turn.phases",
    "roll": "assault.dice",
    "reroll": "ability.lucky",
    "keep": "ability.lucky",
    "split": "assault.characters",
    "fate": "assault.unit-fate",
    "hunt": "search.declare",
    "discard": "end.hand-limit",
}
_PHASE_WORDS = {
    "search": "the Heroes' team search",
    "events": "the Event phase",
    "recruit": "the Recruit phase",
    "assault": "the choice of an assault",
    "commit": "committing cards to the combat",
    "roll": "a 2D6 roll",
    "lucky": "K-Mart's re-roll",
    "split": "the split of a destroyed team's characters",
    "fate": "a unit's 50% chance",
    "hunt": "the choice of a Search and Destroy mission",
    "discard": "the End phase discard",
}
_KIND_WORDS = {
    "search": "the Heroes search for a team only when they have none in play",
    "event": "event-phase cards are played in the Event phase",
    "pass": "passing is for the Event phase",
    "team": "teams enter play in the Recruit phase",
    "attach": "characters are attached in the Recruit phase",
    "unit": "units enter play in the Recruit phase",
    "facility": "the New Facility is built in the Recruit phase",
    "assault": "an assault is declared in the Assault phase",
    "skip": "an assault or a mission is declined when it could be declared",
    "commit": "cards are committed to a combat before the dice",
    "defend": "a defending unit is chosen when a facility is assaulted",
    "done": "'done' ends recruiting or committing",
    "roll": "dice are rolled in a combat, once both sides are committed",
    "reroll": "K-Mart's re-roll comes after both rolls",
    "keep": "K-Mart's re-roll comes after both rolls",
    "split": "characters are split when a team is destroyed",
    "fate": "a unit's 50% chance comes after a combat",
    "hunt": "a mission is declared in the Search and Destroy phase",
    "discard": "cards are discarded for the hand limit in the End phase",
}
_KIND_PHASES = {
    "search": ("search",),
    "event": ("events",),
    "pass": ("events",),
    "team": ("recruit",),
    "attach": ("recruit",),
    "unit": ("recruit",),
    "facility": ("recruit",),
    "assault": ("assault",),
    "skip": ("assault", "hunt"),
    "commit": ("commit",),
    "defend": ("commit",),
    "done": ("recruit", "commit"),
    "roll": ("roll",),
    "reroll": ("lucky",),
    "keep": ("lucky",),
    "split": ("split",),
    "fate": ("fate",),
    "hunt": ("hunt",),
    "discard": ("discard",),
}


def _why_not(s: CorporationState, key: tuple) -> tuple[str, str]:
    """Why a well-formed move is refused here: (message, rule id)."""
    kind, side, a, b = key
    if s.outcome is not None:
        return "the game is over", s.outcome.rule
    if kind not in _KIND_RULES:
        return f"there is no {kind!r} move in this game", "turn.phases"
    rule = _KIND_RULES[kind]
    phase = s.phase
    if phase not in _KIND_PHASES[kind]:
        if kind == "assault" and s.lockdown and phase in ("hunt", "commit", "discard"):
            return "a Red Queen Lockdown forbids any assault this turn", "event.lockdown"
        if (
            kind == "assault"
            and phase in ("hunt", "discard")
            and s.history
            and s.history[-1][:2] == ("assault", s.turn)
        ):
            return "the Heroes may conduct only one assault each turn", "assault.declare"
        return f"it is {_PHASE_WORDS.get(phase, phase)} now: {_KIND_WORDS[kind]}", rule
    if s.actor == CHANCE:
        return "luck decides this step: apply one of the outcomes listed", rule
    if side != s.actor:
        who = "the Heroes'" if s.actor == HERO else "Umbrella's"
        return f"it is {who} decision now", "turn.phases"
    hand = s.hands[side] if side in (HERO, UMBRELLA) else []
    size = len(s.cards.hero) if side == HERO else len(s.cards.umbrella)
    if kind in ("event", "team", "attach", "unit", "facility", "commit", "discard"):
        if not 0 <= a < size:
            return (
                f"there is no card number {a}",
                "cards.hero-deck" if side == HERO else "cards.umbrella-deck",
            )
        if a not in hand:
            who = "the Heroes do" if side == HERO else "Umbrella does"
            return f"{who} not hold {_card_name(s, side, a)}", rule
    if kind == "team" and s.characters_played:
        return (
            "teams come first: once a character is attached no more teams enter play this phase",
            "recruit.teams",
        )
    if kind == "attach":
        if s.cards.hero[a].kind != "character":
            return f"{s.cards.hero[a].name} is not a character", "recruit.characters"
        if b not in s.teams:
            return "characters are attached to a team in play", "recruit.characters"
        message, why = _attach_problem(s, a, b)
        if message:
            return message, why
    if kind in ("team", "unit", "facility"):
        wanted = {"team": "team", "unit": "unit", "facility": "facility"}[kind]
        card = s.cards.hero[a] if side == HERO else s.cards.umbrella[a]
        if card.kind != wanted:
            return f"{card.name} is not a {wanted}", rule
    if kind == "event":
        if side == UMBRELLA and s.cards.umbrella[a].effect == "lockdown" and s.lockdown:
            return (
                "the Red Queen has already locked the facilities down this turn",
                "event.lockdown",
            )
        return "that card cannot be played in the Event phase (or has no target)", rule
    if kind == "commit":
        return "that card does not help in this combat", rule
    if kind == "defend":
        if s.guard >= 0:
            return "a facility is defended by at most one unit", "assault.defence"
        return "that unit is not in play", "assault.defence"
    if kind == "assault":
        if a not in s.teams:
            return "only a team in play can assault", rule
        return "that facility is not in play", rule
    if kind == "hunt":
        if a in s.units and a in s.defended and s.game.options["unit_actions"] == "once":
            return (
                "this unit defended a facility this turn (option unit_actions='once')",
                "opt.unit_actions",
            )
        if a not in s.units:
            return "only a unit in play can go on Search and Destroy", rule
        return "that team is not in play", rule
    if kind == "split":
        return "the discarded half must be about half of the characters, rounded up", "opt.split"
    return "that move is not allowed here", rule
