"""The Umbrella Academy Game: the table, its steps, and the numbers and outcomes it reads.

The state class (``AcademyState``: the heroes, their hands and life, the decks, the lineup
and its outcomes) with the steps of a turn in words and with their rules, and the few helpers
it needs (a card's first copy in a hand, a dead hero, the order of a hero's card plays). Every
other module of the game imports it and it imports none of them but the card data
(``cards.py``): the table actions (``actions.py``), the effects (``effects.py``) and the rules
(the folder ``rules/``, one module per step of the turn) form a line above it, not a circle.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType, SimpleNamespace
from typing import Any, ClassVar

from umbrella_lab.engine.core import TEAM, Result, State
from umbrella_lab.engine.moves import Move
from umbrella_lab.games.academy.cards import Cards, HeroCard

# --- The numbers of the rulebook the table, the actions and the effects use ---------------

LIFE_BOOST_BARS = 3  # [story.life-boost]
VANYA_REMOVES = 4  # [power.vanya]
STORY_COST = 1  # Life Boost, Hero Boost and Sibling Rivalry each cost 1 bar [story.*]

FINAL_VILLAIN = 1000
"""A lineup card is a Villain Attack card by its number, or a villain card attack side up as
1000 + the villain's number [final.villain]."""

PENDING, DEFEATED, BLOCKED, UNCONTESTED, REMOVED = range(5)
"""The outcome of each lineup card; PENDING: it is still in the lineup [turn.order]."""
OUTCOME_WORDS = ("waiting", "defeated", "blocked", "uncontested", "removed")


# --- The steps of a turn -------------------------------------------------------------------------

TEAM_STAGES = frozenset(("damage", "choose", "vanya-hit", "keep"))
"""The steps at which the team decides together."""
POWER_STAGES = frozenset(("horror", "number-five", "rumor", "seance", "vanya", "vanya-hit"))
"""The steps at which a power waits for its choices."""

STAGE_WORDS = MappingProxyType(
    {  # what is done at each step, as it reads after "it is The Kraken's turn to"
        "face": "face the next card, left to right",
        "choose": "send a hero to face the next card",
        "damage": "place the damage",
        "keep": "keep or discard the cards left in hand",
        "horror": "give The Horror's 2 bars",
        "number-five": "choose the two lineup cards Number Five swaps",
        "rumor": "choose the lineup card The Rumor defeats",
        "seance": "choose the discarded card Séance plays, and its target",
        "vanya": "choose the lineup cards Vanya removes",
        "vanya-hit": "choose the hero who takes Vanya's 2 damage",
    }
)
STAGE_RULES = MappingProxyType(
    {  # the rule each step follows
        "face": "turn.order",
        "choose": "opt.turn_order",
        "damage": "life.damage",
        "keep": "end.keep",
        "horror": "power.horror",
        "number-five": "power.number-five",
        "rumor": "power.rumor",
        "seance": "power.seance",
        "vanya": "power.vanya",
        "vanya-hit": "power.vanya",
    }
)


class AcademyState(State):
    """The whole table of The Umbrella Academy Game.

    Seats are numbered clockwise from the first holder of the Start card; lists are indexed by
    seat. Cards are numbers: a hero card is its place in the Hero Attack deck of the data
    (``cards.hero_deck``), a Villain Attack card its place in ``cards.villain_attack``.

    Attributes:
        cards: The card data (``cards.py``).
        options: The rule options of this table as attributes (``options.turn_order``) [opt.*].
        heroes: Hero id of each seat.
        life: Life bars of each hero; 0 means dead.
        max_life: Each hero's maximum (5, or 8 after a Life Boost).
        boosted: Whether each hero has received their one Life Boost.
        hand_size: Cards in a full hand [setup.table].
        hands: Hero card numbers in each hand.
        deck: The Hero Attack deck, top card last; discard: its discard pile.
        villain_deck: The Villain Attack deck, top card last; villain_discard: its discards.
        villains: Villain cards still to face, top last; faced: villains faced so far.
        family_deck: Dysfunctional Family cards, top last; family_discard: the flipped ones;
            family: this round's card (or -1).
        round: Round number (1-based); final: True during the Final Battle.
        lineup: The lineup, left to right (Villain Attack card numbers, or 1000 + villain).
        outcomes: The outcome of each lineup card (PENDING, DEFEATED, BLOCKED, ...).
        boost_card, boost_amount: The card a Villain Attack Boost raises, and by how much.
        blocked_at: The lineup position of the card just blocked, before the team places any
            bar of its half damage: a Hero Boost may still go on the card that blocked it
            [opt.boost_target]; else -1 (the block is settled once a bar is placed).
        stage: What is decided now: ``face`` (a hero answers the faced card), ``choose``,
            ``damage``, ``keep``, a power's choices (``horror``, ``number-five``, ``rumor``,
            ``seance``, ``vanya``, ``vanya-hit``) or ``over``.
        phase: Where the round is: ``lineup``, ``round-end``, ``keep`` or ``refill``.
        responder: The seat facing the current card; last_responder: the one before.
        turn_open: True while the responder's turn goes on (a power does not end it).
        start: The seat holding the Start card.
        power_uses, power_allowance: Uses of each hero's power this round, and how many are
            allowed (2 after Strength in Numbers).
        vanya_round: The round in which each hero last used Vanya's power; vanya_left: cards
            she still removes.
        pogo: True while the solo hero may still call Pogo [solo.pogo].
        pending_damage: Bars the team still has to place; pending_rule: the rule dealing them.
        final_pile: Uncontested cards under the Final Battle card.
        shuffles: Shuffles so far (with the seed, they fix the next shuffle).
        damage_log: Bars lost in each round, for simulation tables.
        result: How the game ended, once it is over (else ``None``).
    """

    __slots__ = (
        "blocked_at",
        "boost_amount",
        "boost_card",
        "boosted",
        "cards",
        "damage_log",
        "deck",
        "discard",
        "faced",
        "family",
        "family_deck",
        "family_discard",
        "final",
        "final_pile",
        "hand_size",
        "hands",
        "heroes",
        "last_responder",
        "life",
        "lineup",
        "max_life",
        "options",
        "outcomes",
        "pending_damage",
        "pending_rule",
        "phase",
        "pogo",
        "power_allowance",
        "power_uses",
        "responder",
        "result",
        "round",
        "shuffles",
        "stage",
        "start",
        "turn_open",
        "vanya_left",
        "vanya_round",
        "villain_deck",
        "villain_discard",
        "villains",
    )
    cards: Cards
    options: SimpleNamespace
    heroes: tuple[str, ...]
    life: list[int]
    max_life: list[int]
    boosted: list[bool]
    hand_size: int
    hands: list[list[int]]
    deck: list[int]
    discard: list[int]
    villain_deck: list[int]
    villain_discard: list[int]
    villains: list[int]
    faced: list[int]
    family_deck: list[int]
    family_discard: list[int]
    family: int
    round: int
    final: bool
    lineup: list[int]
    outcomes: list[int]
    boost_card: int
    boost_amount: int
    blocked_at: int
    stage: str
    phase: str
    responder: int
    last_responder: int
    turn_open: bool
    start: int
    power_uses: list[int]
    power_allowance: list[int]
    vanya_round: list[int]
    vanya_left: int
    pogo: bool
    pending_damage: int
    pending_rule: str
    final_pile: list[int]
    shuffles: int
    damage_log: list[int]
    result: Result | None
    slot_copies: ClassVar[Mapping[str, str]] = {
        "boosted": "list",
        "damage_log": "list",
        "deck": "list",
        "discard": "list",
        "faced": "list",
        "family_deck": "list",
        "family_discard": "list",
        "final_pile": "list",
        "hands": "lists",
        "life": "list",
        "lineup": "list",
        "max_life": "list",
        "outcomes": "list",
        "power_allowance": "list",
        "power_uses": "list",
        "vanya_round": "list",
        "villain_deck": "list",
        "villain_discard": "list",
        "villains": "list",
    }
    """How the fields the rules change in place are copied; the others are shared."""

    rule_for_unknown_action: ClassVar[str] = "turn.order"
    chance_steps: ClassVar[bool] = False  # every shuffle is dealt from the state's own luck
    step_field: ClassVar[str] = "stage"  # the step of the turn; each move kind names its steps
    seat_field: ClassVar[str] = "responder"  # the hero facing the card decides...
    seat_at: ClassVar[Mapping[str, str | int]] = dict.fromkeys(TEAM_STAGES, TEAM)  # ...or the team
    step_words: ClassVar[Mapping[str, str]] = STAGE_WORDS
    step_rules: ClassVar[Mapping[str, str]] = STAGE_RULES

    # --- the seats: their names, the cards they hold, who is out of the game ---------------
    def seat_name(self, seat: int) -> str:
        """A seat as the table calls it: the name of its hero ("the team" for the team)."""
        return self.hero_name(seat) if seat >= 0 else super().seat_name(seat)

    def not_held(self, seat: int, card: int, rule: str) -> tuple[str, str] | None:
        """Why ``seat`` cannot play hero card ``card``: it is not in their hand [turn.from-hand].

        Any copy of the card will do (an action id names a card by its design).
        """
        if not 0 <= card < len(self.cards.hero_deck):
            return f"there is no hero card number {card}", "setup.decks"
        hand = self.hands[seat]
        if first_copy(self, hand, card) not in hand:
            return f"{self.hero_name(seat)} does not hold that card ({self.card(card).label})", (
                "turn.from-hand"
            )
        return None

    def out(self, seat: int) -> tuple[str, str] | None:
        """A hero whose life card shows only DEATH is out of the game [life.death].

        The engine refuses the moves a dead hero would make with this reason, first.
        """
        return dead(self, seat) if self.life[seat] <= 0 else None

    def legal_moves(self) -> list[Move]:
        """Every legal move, as each move kind lists it, a hero's hand read card by card.

        Facing a card, a hero's plays of one card come together, in the order of the hand: its
        attack or block, then its heals or stories (see :func:`card_by_card`).
        """
        moves = super().legal_moves()
        return card_by_card(self, moves) if self.stage == "face" else moves

    # --- the table in the rulebook's words --------------------------------------------------
    # (players and solo: the engine's, from the game's player count)
    @property
    def living(self) -> list[int]:
        """Seats whose hero is alive."""
        return [seat for seat, bars in enumerate(self.life) if bars > 0]

    @property
    def alive(self) -> int:
        """How many heroes are alive (life is never below 0: the dead are the zeros)."""
        return len(self.life) - self.life.count(0)

    @property
    def waiting(self) -> list[int]:
        """Lineup positions of the cards still in the lineup (no outcome yet)."""
        return [p for p, outcome in enumerate(self.outcomes) if outcome == PENDING]

    @property
    def reachable(self) -> list[int]:
        """Lineup positions The Rumor, Vanya and Sibling Rivalry may take [opt.reach].

        The cards still in the lineup; with reach="table" also the uncontested ones, which lie
        on the table until the round end.
        """
        if self.options.reach == "waiting":
            return self.waiting
        return [p for p, outcome in enumerate(self.outcomes) if outcome in (PENDING, UNCONTESTED)]

    @property
    def faced_position(self) -> int:
        """Lineup position of the faced card (the leftmost waiting card), or -1 [turn.order]."""
        try:
            return self.outcomes.index(PENDING)
        except ValueError:
            return -1

    @property
    def family_effect(self) -> str:
        """The effect of this round's Dysfunctional Family card, or ``""``."""
        return self.cards.family[self.family].effect if self.family >= 0 else ""

    def hero_name(self, seat: int) -> str:
        """The name of the hero in ``seat``."""
        return self.cards.heroes[self.heroes[seat]].name

    def power_of(self, seat: int) -> str:
        """The power of the hero in ``seat``, as ``data/heroes.toml`` names it."""
        return self.cards.heroes[self.heroes[seat]].power

    def card(self, number: int) -> HeroCard:
        """The design of a hero card by its number."""
        return self.cards.hero_deck[number]

    def villain_attack(self, code: int) -> int:
        """Attack value of a lineup card, with any Villain Attack Boost [family.villain-boost]."""
        if code >= FINAL_VILLAIN:
            return self.cards.villains[code - FINAL_VILLAIN].final_attack
        boost = self.boost_amount if code == self.boost_card else 0
        return self.cards.villain_attack[code].attack + boost

    def villain_damage(self, code: int) -> int:
        """Damage of a lineup card when left uncontested [opt.villain_boost]."""
        if code >= FINAL_VILLAIN:
            return self.cards.villains[code - FINAL_VILLAIN].final_damage
        damage = self.cards.villain_attack[code].damage
        if code == self.boost_card and self.options.villain_boost == "attack-and-damage":
            damage += self.boost_amount // 10
        return damage

    def villain_label(self, code: int) -> str:
        """A lineup card in words, e.g. ``"villain attack 40 (3 damage)"``."""
        if code >= FINAL_VILLAIN:
            villain = self.cards.villains[code - FINAL_VILLAIN]
            return (
                f"{villain.name} attack side {villain.final_attack} ({villain.final_damage} damage)"
            )
        boost = "+" if code == self.boost_card else ""
        damage = self.villain_damage(code)
        return f"villain attack {self.villain_attack(code)}{boost} ({damage} damage)"

    # --- luck -------------------------------------------------------------------------------
    def reshuffled(self, seed: int) -> AcademyState:
        """A copy with new luck: every deck order (and the villain stack) dealt anew."""
        new = self._clone()
        new.seed, new.shuffles = seed, 0
        rng = new._rng()
        for pile in (new.deck, new.villain_deck, new.villains, new.family_deck):
            rng.shuffle(pile)
        new.events = []
        new.say("setup.decks", lambda: f"New luck (seed {seed}): every deck shuffled again.")
        return new

    def redeal(self, seat: int | None, seed: int) -> AcademyState:
        """A table that looks the same to ``seat``, with everything it cannot see dealt anew.

        Built from what the seat sees only, so two tables that look the same to it give the
        same copy, whatever lies face down in them (what a search player samples, see
        ``umbrella_lab.sim.mcts``). From ``seed``, in card-number order first, then shuffled:

        * the Hero Attack deck; under Family Secrets the other heroes' hands are pooled with it
          and dealt back, each hand its size [family.secrets];
        * the Villain Attack deck and the Dysfunctional Family deck (their orders);
        * the villains still to come: drawn anew from the villains of the table's strength not
          faced yet (or, when the stack repeats villains, its own cards reordered)
          [setup.villains].

        Cards face up on the table stay: the lineup, the discard piles, the cards under the
        Final Battle card, every hand the seat may see.

        Args:
            seat: The seat whose view is kept, or ``None`` for the whole table (a team
                decision): every hand is kept then.
            seed: The new luck.

        Raises:
            ValueError: for a seat that is not at the table.
        """
        if seat is not None and not 0 <= seat < self.players:
            msg = f"there is no seat {seat!r} in a {self.players}-player game"
            raise ValueError(msg)
        new = self._clone()
        new.seed, new.shuffles, new.events = seed, 0, []
        rng = new._rng()
        hidden = (
            []
            if seat is None or not hands_hidden(new)
            else [other for other in range(new.players) if other != seat]
        )
        pool = sorted(new.deck + [card for other in hidden for card in new.hands[other]])
        rng.shuffle(pool)
        for other in hidden:
            size = len(new.hands[other])
            new.hands[other], pool = pool[:size], pool[size:]
        new.deck = pool
        for pile in (new.villain_deck, new.family_deck):
            pile.sort()
            rng.shuffle(pile)
        left = sorted(set(self.game.extra["academy.villains"]) - set(new.faced))
        if len(set(new.villains)) == len(new.villains) and len(left) >= len(new.villains):
            new.villains = rng.sample(left, len(new.villains))
        else:  # more villains to face than villain cards: the stack repeats them
            new.villains.sort()
            rng.shuffle(new.villains)
        new.say("setup.decks", lambda: f"New luck (seed {seed}): every face-down card dealt anew.")
        return new

    # --- checks and tables ------------------------------------------------------------------
    def check(self) -> list[str]:
        """Cards conserved in every deck, life in bounds, outcomes consistent."""
        problems = []
        cards = self.cards
        expected = hero_cards(cards, self.options.cards)
        if self.solo:
            solo_out = ("pogo", "life-boost")  # [solo.pogo] [solo.life-boost]
            expected = [n for n in expected if cards.hero_deck[n].story not in solo_out]
        heroes = self.deck + self.discard + [n for hand in self.hands for n in hand]
        if sorted(heroes) != expected:
            problems.append(
                f"hero cards: {len(heroes)} in play, expected {len(expected)}, each once"
            )
        villain_cards = (
            self.villain_deck
            + self.villain_discard
            + self.final_pile
            + [c for c in self.lineup if c < FINAL_VILLAIN]
        )
        if sorted(villain_cards) != list(range(len(cards.villain_attack))):
            problems.append(
                f"villain attack cards: {len(villain_cards)} in play, expected "
                f"{len(cards.villain_attack)}, each once"
            )
        if not self.solo and sorted(self.family_deck + self.family_discard) != family_cards(
            cards, self.options.cards
        ):
            problems.append("Dysfunctional Family cards not conserved")
        for seat, bars in enumerate(self.life):
            top = self.options.base_life + (LIFE_BOOST_BARS if self.boosted[seat] else 0)
            if not 0 <= bars <= self.max_life[seat] or self.max_life[seat] != top:
                problems.append(f"seat {seat}: life {bars}/{self.max_life[seat]} out of bounds")
            if bars == 0 and self.hands[seat] and self.options.dead_hand == "discard":
                problems.append(f"seat {seat} is dead but holds cards")
        if len(self.outcomes) != len(self.lineup):
            problems.append("lineup and outcomes differ in length")
        if self.pending_damage < 0:
            problems.append("negative pending damage")
        if self.result is None and self.stage == "over":
            problems.append("stage 'over' without a result")
        return problems

    def summary(self) -> dict[str, Any]:
        """One row of facts about this game, for simulation tables (see umbrella_lab.sim)."""
        return {
            "rounds": self.round,
            "final_battle": self.final,
            "villains_beaten": len(self.faced) if self.final else len(self.faced) - 1,
            "heroes_alive": self.alive,
            "life_left": sum(self.life),
            "damage_taken": sum(self.damage_log),
            "damage_by_round": list(self.damage_log),
            "final_pile": len(self.lineup) - 1 if self.final else len(self.final_pile),
        }

    def __repr__(self) -> str:
        where = "over" if self.result else f"round {self.round}, {self.stage}"
        return f"<Umbrella Academy state: {self.players} players, {where}>"


def hero_cards(cards: Any, which: str) -> list[int]:
    """The Hero Attack cards in the deck, by number [setup.decks] [opt.cards].

    Every card of the data (``"full"``), or all but the project's own (``"rulebook"``: no card
    whose provenance is ``invented``, such as the +10 Hero Boost; the rulebook prints +20).
    """
    if which == "full":
        return list(range(len(cards.hero_deck)))
    return [number for number, card in enumerate(cards.hero_deck) if card.provenance != "invented"]


def family_cards(cards: Any, which: str) -> list[int]:
    """The Dysfunctional Family cards in the deck, by number [setup.decks] [opt.cards].

    Every card of the data (``"full"``), or only those of the three kinds the rulebook names:
    Apathy, Family Secrets and Villain Attack Boost, and none the data marks ``invented``
    (``"rulebook"``).
    """
    if which == "full":
        return list(range(len(cards.family)))
    return [
        number
        for number, card in enumerate(cards.family)
        if card.effect in RULEBOOK_FAMILY and card.provenance != "invented"
    ]


def first_copy(s: AcademyState, hand: list[int], card: int, other_than: int = -1) -> int:
    """The first card in ``hand`` of the same design as ``card`` (but not ``other_than``).

    An action id names a card by its design ("attack-35"): it means the first copy in hand.
    """
    design = s.cards.design
    if 0 <= card < len(design):
        for number in hand:
            if design[number] == design[card] and number != other_than:
                return number
    return card


def dead(s: AcademyState, seat: int) -> tuple[str, str]:
    """Why the dead hero in ``seat`` can no longer play, nor be chosen [life.death]."""
    return f"{s.hero_name(seat)} is dead and can no longer play or receive cards", "life.death"


def card_by_card(s: AcademyState, moves: list[Move]) -> list[Move]:
    """The moves of a hero facing a card, the plays of each card together, in hand order.

    The card plays (attack, block, heal, story) come first among the legal moves; they are put
    in the order of the cards in hand, keeping each card's own plays in the kinds' order.
    """
    hand = s.hands[s.responder]
    plays: list[Any] = [move for move in moves if move[0] in ONE_CARD_PLAYS]  # one card each
    plays.sort(key=lambda move: hand.index(move.card))  # a stable sort: per card, kind order
    return plays + moves[len(plays) :]


RULEBOOK_FAMILY = frozenset(("apathy", "secrets", "villain-boost"))
"""The Dysfunctional Family cards the rulebook names; the others are the project's own
[opt.cards]."""


ONE_CARD_PLAYS = frozenset(("attack", "block", "heal", "story"))
"""The kinds of move that play one card of a hero's hand against the faced card, and nothing
else: a hero's moves are listed card by card in them (:func:`card_by_card`)."""


def hands_hidden(s: AcademyState) -> bool:
    """Family Secrets: each seat sees only its own hand this round [family.secrets]."""
    return s.family_effect == "secrets"
