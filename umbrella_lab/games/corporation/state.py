"""Heroes vs the Umbrella Corporation: the table, its seats and steps, and what counts a force.

The state class (``CorporationState``: both sides' decks, hands and discard piles, the teams,
units and facilities in play, the turn's phase and the combat under way) with the rulebook's
numbers, the steps of a turn in words, the two seats and the statistics kept for a summary,
and the tables of abilities the state reads when it counts a force (``BONUSES``, ``CANCELS``;
``effects.py`` fills them). Every other module of the game imports it and it imports none of
them but the card data and the odds: the table actions (``actions.py``), the effects
(``effects.py``) and the rules (the ``rules`` folder) form a line above it, not a circle.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Any, ClassVar

from umbrella_lab.engine.core import Result, State
from umbrella_lab.engine.effects import Table
from umbrella_lab.games.corporation.cards import Cards, HeroCard, UmbrellaCard
from umbrella_lab.games.corporation.odds import TWO_DICE, win_probability

# --- The two seats, and the statistics of a game -----------------------------------------------

HERO, UMBRELLA = 0, 1  # the two seats
SIDES = ("Heroes", "Umbrella")
WHOSE = ("The Heroes'", "Umbrella's")

# Statistics kept for summary(): indexes into State.stats
LOCKDOWNS, REROLLS, UNITS_LOST, CHARACTERS_DISCARDED, CHARACTERS_SAVED, EVENTS_PLAYED = range(6)

# --- Cards by id: two copies of a card make the same move -------------------------------------


def first_copies(s: CorporationState, numbers: list[int], side: int = HERO) -> dict[str, int]:
    """Each card id among ``numbers`` with its first copy, in order (two copies, one move)."""
    deck = s.cards.hero if side == HERO else s.cards.umbrella
    found: dict[str, int] = {}
    for number in numbers:
        found.setdefault(deck[number].id, number)
    return found


def find(s: CorporationState, pile: list[int], card_id: str, side: int = HERO) -> int:
    """The first card of ``pile`` with this id, or -1."""
    deck = s.cards.hero if side == HERO else s.cards.umbrella
    for number in pile:
        if deck[number].id == card_id:
            return number
    return -1


# --- The abilities the table reads when it counts a force (``effects.py`` fills them) ---------

EFFECTS = Table("ability", "Every ability by the name the data gives it (a card's ``effect``).")
BONUSES = Table(
    "bonus",
    "The abilities that add to a force: ``bonus(card, use, against) -> int``.",
    within=(EFFECTS,),
)
CANCELS = Table(
    "cancel",
    "The abilities that make a unit count force 0: ``cancels(card, unit) -> bool``.",
    within=(EFFECTS,),
)


# --- Constants in the rulebook's words ------------------------------------------------------
# The two seats (HERO, UMBRELLA) and the statistics kept for summary() are in actions.py.

STARTING_HAND = 2  # [setup.hands]
DRAW_PER_TURN = 2  # [draw.cards]
HAND_LIMIT = 5  # [end.hand-limit]
CREW_LIMIT = 2  # characters on a team [recruit.characters]
SURVIVOR_CREW_LIMIT = 3  # ... or 3 when at least one of them is a Survivor
SUBTYPE_BONUS = 1  # a character of the team's own sub-type [recruit.subtypes]
ROLLS = tuple(TWO_DICE.items())  # 2D6 as one step: each total with its odds [assault.dice]
HALF = Fraction(1, 2)  # the rulebook's "50%" [assault.unit-fate] [search.unit-fate]


# --- The state ------------------------------------------------------------------------------


STEP_WORDS = {
    "search": "search for a team",
    "events": "play an event card or pass",
    "recruit": "recruit",
    "assault": "choose an assault or decline",
    "commit": "commit cards to the combat",
    "roll": "the 2D6 are rolled",
    "lucky": "choose K-Mart's re-roll or keep the roll",
    "split": "split a destroyed team's characters",
    "fate": "a unit's 50% chance is decided",
    "hunt": "choose a Search and Destroy mission or decline",
    "discard": "discard down to the hand limit",
}
"""What is done at each step of the turn, as it reads after "it is Umbrella's turn to" (for a
chance step, what luck is doing); the engine's refusals use it."""


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
        actor: Who decides now (a side, or ``CHANCE``); ``None`` once the game is over.
        seat: Whose turn it is in the Event, Recruit and End phases.
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
        outcome: The result, once the game is over.
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
    actor: int | None
    after: list[str]
    attacker: int
    cards: Cards
    characters_played: bool
    combat: str
    committed: list[list[int]]
    committer: int
    crews: list[list[int]]
    decks: list[list[int]]
    defended: list[int]
    discards: list[list[int]]
    facilities: list[int]
    guard: int
    hands: list[list[int]]
    history: list[tuple[str, int, int, int, int, int, bool]]
    lockdown: bool
    luck: int
    lucky_used: bool
    outcome: Result | None
    passes: int
    phase: str
    removed: list[list[int]]
    roller: int
    rolls: list[int]
    seat: int
    shuffles: int
    split_cards: list[int]
    stats: list[int]
    target: int
    teams: list[int]
    turn: int
    units: list[int]
    slot_copies: ClassVar[Mapping[str, str]] = {
        "after": "list",
        "committed": "pair of lists",
        "crews": "lists",
        "decks": "pair of lists",
        "defended": "list",
        "discards": "pair of lists",
        "facilities": "list",
        "hands": "pair of lists",
        "history": "list",
        "removed": "pair of lists",
        "rolls": "list",
        "split_cards": "list",
        "stats": "list",
        "teams": "list",
        "units": "list",
    }
    """How the fields the rules change in place are copied; the others are shared."""

    rule_for_unknown_action: ClassVar[str] = "turn.phases"
    rule_for_turn_order: ClassVar[str] = "turn.phases"
    seats_said: ClassVar[str] = "0 is the Heroes, 1 is Umbrella"
    step_field: ClassVar[str] = "phase"  # the step of the turn; each move kind names its steps
    seat_field: ClassVar[str] = "actor"  # the side deciding, or luck: the engine's to_act
    seat_field_complete: ClassVar[bool] = True  # (advance keeps it at every step, luck's too)
    result_field: ClassVar[str] = "outcome"  # how the game ended, None until then
    step_words: ClassVar[Mapping[str, str]] = STEP_WORDS
    label_verbs: ClassVar[Mapping[str, str]] = MappingProxyType(
        {
            "play": "event",
            "plays": "event",
            "passes": "pass",
            "put": "team",
            "puts": "unit",
            "builds": "facility",
            "end": "done",
            "ends": "done",
            "assaults": "assault",
            "make": "skip",
            "sends": "skip",
            "defends": "defend",
            "commits": "commit",
            "rolls": "roll",
            "re-roll": "reroll",
            "hunts": "hunt",
            "discards": "discard",
        }
    )

    def split_label(self, label: str) -> tuple[str, str, str] | None:
        """A label's parts: who acts, the verb and the rest; ``None`` for a chance outcome.

        "Heroes attach ..." and "Umbrella puts ..." name their side first; "<team> assaults
        ..." is the Heroes' and "<unit> hunts ..." Umbrella's (the rest is then the whole
        label, which names the team, the unit and the target).
        """
        first, _, rest = label.partition(" ")
        if first in ("Heroes", "Umbrella"):
            verb, _, rest = rest.partition(" ")
            return (first, verb, rest) if verb else None
        for verb, side in ((" assaults ", "Heroes"), (" hunts ", "Umbrella")):
            if verb in label:
                return side, verb.strip(), label
        return None

    def seat_name(self, seat: int) -> str:
        """``"the Heroes"`` or ``"Umbrella"``."""
        return "the Heroes" if seat == HERO else "Umbrella" if seat == UMBRELLA else "luck"

    def not_held(self, seat: int, card_id: str, rule: str) -> tuple[str, str] | None:
        """Why ``seat`` cannot play the card ``card_id``: no such card, or not in hand."""
        ids = self.cards.hero_ids if seat == HERO else self.cards.umbrella_ids
        if card_id not in ids:
            who = "the Heroes have" if seat == HERO else "Umbrella has"
            return f"{who} no card {card_id!r}", "cards.hero-deck" if seat == HERO else (
                "cards.umbrella-deck"
            )
        if find(self, self.hands[seat], card_id, seat) < 0:
            who = "the Heroes do" if seat == HERO else "Umbrella does"
            return f"{who} not hold {design(self, seat, card_id).name}", rule
        return None

    # --- forces and odds ------------------------------------------------------------------
    def team_force(self, team: int, unit: int = -1, hunt: bool = False) -> int:
        """A team's force before dice and events.

        The team, its characters, their sub-type bonus [recruit.subtypes] and their abilities
        against ``unit`` [ability.vs-type]; with ``hunt``, as it defends against Search and
        Destroy [ability.hunt-defence].
        """
        hero = self.cards.hero
        team_card = hero[team]
        bonus_on = self.game.options["subtypes"] == "bonus"
        against = self.cards.umbrella[unit].subtype if unit >= 0 else ""
        use = "team" if hunt else "assault"
        bonuses = BONUSES
        force = team_card.force
        for number in self.crews[self.teams.index(team)]:
            card = hero[number]
            force += card.force
            if bonus_on and card.subtype == team_card.subtype:
                force += SUBTYPE_BONUS
            if card.effect:
                bonus = bonuses.get(card.effect)
                if bonus is not None:
                    force += bonus(card, use, against)
        return force

    def unit_force(self, unit: int, defending: bool = False) -> int:
        """A unit's force in the current combat.

        It is 0 against a matching Anti-Virus [ability.anti-virus]; a unit that defends a
        facility adds its defence bonus [ability.defence].
        """
        card = self.cards.umbrella[unit]
        hero, cancelling = self.cards.hero, CANCELS
        for number in self.committed[HERO]:
            cancels = cancelling.get(hero[number].effect)
            if cancels is not None and cancels(hero[number], card):
                return 0  # (at most one Anti-Virus is ever committed)
        if not card.effect:
            return card.force
        bonus = BONUSES.get(card.effect)
        return card.force + (bonus(card, "facility" if defending else "hunt", "") if bonus else 0)

    def forces(self) -> tuple[int, int]:
        """The attacker's and the defender's force before dice in the current combat.

        The fighting cards with their abilities, and the events and traps each side committed
        [assault.commit] [assault.defence] [search.commit].
        """
        if self.combat == "assault":
            attack = self.team_force(self.attacker, self.guard)
            attack += self.committed_bonus(HERO, "assault")
            defence = self.cards.umbrella[self.target].force
            defence += self.committed_bonus(UMBRELLA, "facility")
            if self.guard >= 0:
                defence += self.unit_force(self.guard, defending=True)
            return attack, defence
        attack = self.unit_force(self.attacker) + self.committed_bonus(UMBRELLA, "hunt")
        defence = self.team_force(self.target, self.attacker, hunt=True)
        return attack, defence + self.committed_bonus(HERO, "team")

    def committed_bonus(self, side: int, use: str) -> int:
        """What the events and traps ``side`` committed add to its force [ability.assist].

        ``use`` is what they were committed to (``"assault"``, ``"facility"``, ...).
        """
        deck = self.cards.hero if side == HERO else self.cards.umbrella
        total, bonuses = 0, BONUSES
        for number in self.committed[side]:
            card = deck[number]
            bonus = bonuses.get(card.effect)
            if bonus is not None:
                total += bonus(card, use, "")
        return total

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

    def attacker_unit(self) -> int:
        """The unit whose fate is at stake.

        The defending unit of an assault, or the unit on a Search and Destroy mission.
        """
        return self.guard if self.combat == "assault" else self.attacker

    # --- luck -------------------------------------------------------------------------------
    def _luck(self) -> int:
        return self.luck

    def reshuffled(self, seed: int, seen_by: int | None = None) -> CorporationState:
        """A copy with new luck: both decks shuffled anew and new dice from ``seed``.

        Args:
            seed: The new seed.
            seen_by: If given (0 or 1), the other side's hand is dealt anew too, from the cards
                that side cannot see (its hand and deck together): a table that looks the same
                to ``seen_by`` but may hide anything.
        """
        new = self._clone()
        new.seed, new.shuffles, new.events = seed, 0, []
        rng = new._rng()
        if seen_by is not None:
            other = 1 - seen_by
            pool = new.decks[other] + new.hands[other]
            rng.shuffle(pool)
            size = len(new.hands[other])
            new.hands[other], new.decks[other] = pool[:size], pool[size:]
        for deck in new.decks:
            rng.shuffle(deck)
        new.say(
            "setup.shuffle",
            lambda: (
                f"New luck (seed {seed}): both decks shuffled again"
                + ("" if seen_by is None else f", and {SIDES[1 - seen_by]}'s hand dealt anew")
                + "."
            ),
        )
        return new

    def redeal(self, seat: int | None, seed: int) -> CorporationState:
        """A table that looks the same to ``seat``, with everything it cannot see dealt anew.

        Built from what the seat sees only [cards.hidden]: the other side's hand and deck are
        pooled in the order of their card numbers, shuffled from ``seed`` and dealt back (a hand
        of the same size, the rest as its deck); the seat's own deck, whose order it cannot see,
        is put in number order and shuffled too; the dice to come follow the new seed. So two
        tables that look the same to the seat give the same copy, whatever the other hand
        holds: what a search player samples (see ``umbrella_lab.sim.mcts``). Unlike
        :meth:`reshuffled`, nothing of the old order survives.

        Args:
            seat: 0 (the Heroes) or 1 (Umbrella), or ``None`` for the whole table (both hands
                are kept; only the decks' orders are dealt anew).
            seed: The new luck.

        Raises:
            ValueError: for a seat other than 0, 1 or ``None``.
        """
        if seat is not None and seat not in (HERO, UMBRELLA):
            msg = f"there is no seat {seat!r}: 0 is the Heroes, 1 is Umbrella (or None)"
            raise ValueError(msg)
        new = self._clone()
        new.seed, new.shuffles, new.luck, new.events = seed, 0, 0, []
        rng = new._rng()
        for side in (HERO, UMBRELLA):
            if seat is not None and side != seat:
                pool = sorted(new.decks[side] + new.hands[side])
                rng.shuffle(pool)
                size = len(new.hands[side])
                new.hands[side], new.decks[side] = pool[:size], pool[size:]
            else:
                new.decks[side].sort()
                rng.shuffle(new.decks[side])
        new.say(
            "setup.shuffle",
            lambda: (
                f"New luck (seed {seed}): both decks shuffled again"
                + ("" if seat is None else f", and {SIDES[1 - seat]}'s hand dealt anew")
                + "."
            ),
        )
        return new

    # --- checks and summaries -----------------------------------------------------------------
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
            if len(crew) > crew_limit(self, crew):
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

    def __repr__(self) -> str:
        where = "over" if self.outcome else f"turn {self.turn}, {self.phase}"
        return f"<Heroes vs Umbrella state: {where}>"


def design(s: CorporationState, side: int, card_id: str) -> HeroCard | UmbrellaCard:
    """The design with this id among ``side``'s cards."""
    if side == HERO:
        return s.cards.hero[s.cards.hero_ids[card_id]]
    return s.cards.umbrella[s.cards.umbrella_ids[card_id]]


def crew_limit(s: CorporationState, crew: list[int]) -> int:
    """2 characters on a team, or 3 if at least one is a Survivor [recruit.characters]."""
    hero = s.cards.hero
    return SURVIVOR_CREW_LIMIT if any(hero[n].subtype == "survivor" for n in crew) else CREW_LIMIT
