"""The Umbrella Academy Game: the rules, in the order play happens.

Section ids in brackets point into the rule digest ``docs/rules/academy.md``; every event in the
log and every refused action names one of them.

1. Aim [aim]: work as a team, defeat the villains, survive the Final Battle.
2. Setup [setup.*]: heroes, the player-count table, villains, decks, hands, Start card.
3. Start of a round [round.*]: a villain, a Dysfunctional Family card, a lineup.
4. Turns [turn.*]: the lineup is faced left to right; attack, heal, block or play a story.
5. Storylines [story.*]; 6. Life and death [life.*]; 7. Hero powers [power.*];
8. Dysfunctional Family cards [family.*]; 9. Round end [end.*]; 10. The Final Battle [final.*];
11. End of the game [game.*]; 12. Solo [solo.*].

>>> import umbrella_lab as ul
>>> state = ul.load("academy", players=2, heroes=("kraken", "rumor")).new(seed=1)
>>> state.to_act, state.stage
(0, 'face')

State design: a plain object with ``__slots__`` and a hand-written ``_clone``. ``apply`` clones
first, so a state you hold never changes; simulations change a private copy in place.
"""

from __future__ import annotations

import random
from functools import partial
from operator import attrgetter
from typing import Any, ClassVar

from umbrella_lab.engine.core import TEAM, Event, Game, Result, State
from umbrella_lab.engine.errors import OptionError
from umbrella_lab.games.academy.cards import Cards, HeroCard, load_cards

# --- Constants in the rulebook's words ------------------------------------------------------

# players: (hand size, villains faced, villain attack strength) [setup.table]
PLAYER_COUNT_TABLE = {
    1: (6, 4, 6),
    2: (5, 4, 7),
    3: (4, 5, 8),
    4: (4, 5, 9),
    5: (3, 6, 10),
    6: (3, 6, 10),
}
LIFE_BOOST_BARS = 3  # [story.life-boost]
HORROR_BARS = 2  # [power.horror]
VANYA_REMOVES = 4  # [power.vanya]
VANYA_DAMAGE = 2  # [power.vanya]
POWER_COST = 1  # [power.use]
STORY_COST = 1  # Life Boost, Hero Boost and Sibling Rivalry each cost 1 bar [story.*]
FINAL_VILLAIN = 1000  # lineup code of a villain card's attack side: 1000 + villain index

# Outcome of each lineup card [turn.order]
PENDING, DEFEATED, BLOCKED, UNCONTESTED, REMOVED = range(5)
OUTCOME_WORDS = ("waiting", "defeated", "blocked", "uncontested", "removed")
CARD_PLAYS = ("attack", "block", "heal", "story", "boosted", "kraken", "double")
POWER_STAGES = frozenset(("horror", "number-five", "rumor", "seance", "vanya", "vanya-hit"))


# --- The options, read once ------------------------------------------------------------------


class GameOptions:
    """The rule options of one game (``game.options``), read once into plain attributes.

    Why: the rules read options on almost every move; an attribute is cheaper to read than a
    look-up in ``game.options`` (a read-only mapping). Each comparison keeps the option's own
    wording, so ``opts.turn_rotate`` means ``options["turn_order"] == "rotate"``.
    """

    __slots__ = (
        "block_by_blocker",
        "boost_damage",
        "damage_at_round_end",
        "damage_immediate",
        "excess_reassign",
        "heal_any",
        "heal_self",
        "hero_boost_interrupt",
        "strength",
        "strict_heal",
        "turn_rotate",
        "turn_team",
    )

    def __init__(self, options: Any) -> None:
        self.turn_rotate = options["turn_order"] == "rotate"  # [opt.turn_order]
        self.turn_team = options["turn_order"] == "team"
        self.damage_at_round_end = options["damage_timing"] == "round-end"  # [opt.damage_timing]
        self.damage_immediate = options["damage_timing"] == "immediate"
        self.block_by_blocker = options["block_damage"] == "blocker"  # [opt.block_damage]
        self.strict_heal = options["strict_heal"]  # [opt.strict_heal]
        self.heal_any = options["heal_target"] == "any"  # [opt.heal_target]
        self.heal_self = options["heal_target"] == "self"
        self.hero_boost_interrupt = options["hero_boost"] == "interrupt"  # [opt.hero_boost]
        self.boost_damage = options["villain_boost"] == "attack-and-damage"  # [opt.villain_boost]
        self.excess_reassign = options["excess_damage"] == "reassign"  # [opt.excess_damage]
        self.strength = options["strength"]  # [setup.table]


def game_options(game: Game) -> GameOptions:
    """The :class:`GameOptions` of ``game``, made on its first deal and kept in ``game.extra``."""
    opts = game.extra.get("academy.options")
    if opts is None:
        opts = game.extra["academy.options"] = GameOptions(game.options)
    return opts


# --- The state ------------------------------------------------------------------------------


class AcademyState(State):
    """The whole table of The Umbrella Academy Game.

    Seats are numbered clockwise from the first Start-card holder. Lists are indexed by seat.

    Attributes:
        heroes: Hero id of each seat.
        life: Life bars of each hero; 0 means dead.
        max_life: Each hero's maximum (5, or 8 after a Life Boost).
        boosted: Whether each hero has received their one Life Boost.
        hands: Hero card numbers in each hand.
        deck: The Hero Attack deck, top card last; discard: its discard pile.
        villain_deck: The Villain Attack deck, top card last; villain_discard: its discards.
        villains: Villain cards still to face, top last; faced: villains faced so far.
        family_deck: Dysfunctional Family cards, top last; family: this round's card (or -1).
        round: Round number (1-based); final: True during the Final Battle.
        lineup: The lineup, left to right (villain attack card numbers, or 1000 + villain).
        outcomes: Outcome of each lineup card (PENDING, DEFEATED, BLOCKED, ...).
        stage: What is being decided: face, choose, damage, horror, number-five, rumor,
            seance, vanya, vanya-hit, keep or over.
        responder: The seat facing the current card.
        start: The seat holding the Start card.
        pending_damage: Bars the team still has to place, and pending_rule the rule dealing them.
        final_pile: Uncontested cards kept under the Final Battle card.
        opts: The game's options as plain attributes (see :class:`GameOptions`).
    """

    __slots__ = (
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
        "opts",
        "outcome",
        "outcomes",
        "pending_damage",
        "pending_rule",
        "phase",
        "pogo",
        "power_allowance",
        "power_uses",
        "responder",
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

    rule_for_unknown_action: ClassVar[str] = "turn.order"
    views: ClassVar[str] = "umbrella_lab.games.academy.views"
    chance_steps: ClassVar[bool] = False  # every shuffle is dealt from the state's own luck

    # --- cloning ----------------------------------------------------------------------------
    def _clone(self) -> AcademyState:
        new = AcademyState.__new__(AcademyState)
        new.game, new.seed, new.events, new.cards = self.game, self.seed, [], self.cards
        new.opts = self.opts
        new.heroes, new.hand_size = self.heroes, self.hand_size
        new.life, new.max_life, new.boosted = self.life[:], self.max_life[:], self.boosted[:]
        new.hands = [hand[:] for hand in self.hands]
        new.deck, new.discard = self.deck[:], self.discard[:]
        new.villain_deck, new.villain_discard = self.villain_deck[:], self.villain_discard[:]
        new.villains, new.faced = self.villains[:], self.faced[:]
        new.family_deck, new.family_discard = self.family_deck[:], self.family_discard[:]
        new.family, new.round, new.final = self.family, self.round, self.final
        new.lineup, new.outcomes = self.lineup[:], self.outcomes[:]
        new.boost_card, new.boost_amount = self.boost_card, self.boost_amount
        new.stage, new.phase, new.responder = self.stage, self.phase, self.responder
        new.last_responder, new.turn_open, new.start = (
            self.last_responder,
            self.turn_open,
            self.start,
        )
        new.power_uses, new.power_allowance = self.power_uses[:], self.power_allowance[:]
        new.vanya_round, new.vanya_left = self.vanya_round[:], self.vanya_left
        new.pogo = self.pogo
        new.pending_damage, new.pending_rule = self.pending_damage, self.pending_rule
        new.final_pile, new.shuffles, new.outcome = self.final_pile[:], self.shuffles, self.outcome
        new.damage_log = self.damage_log[:]
        return new

    # --- public properties ------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        """The seat deciding now; :data:`TEAM` when the team splits damage."""
        if self.outcome is not None:
            return None
        stage = self.stage
        if stage == "face":  # the most common case first (speed)
            return self.responder
        if stage in ("damage", "choose", "vanya-hit", "keep"):
            return TEAM
        return self.responder

    # How the game ended, or ``None``. (Speed: simulations read it after every move; a
    # built-in getter is quicker than a Python function.)
    result = property(attrgetter("outcome"), doc="How the game ended, or ``None``.")

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.heroes)

    @property
    def solo(self) -> bool:
        """True in the solo variant [solo.*]."""
        return len(self.heroes) == 1

    @property
    def living(self) -> list[int]:
        """Seats whose hero is alive."""
        return [seat for seat, bars in enumerate(self.life) if bars > 0]

    @property
    def faced_position(self) -> int:
        """Lineup position of the card being faced (the leftmost waiting card), or -1."""
        try:
            return self.outcomes.index(PENDING)
        except ValueError:
            return -1

    @property
    def family_effect(self) -> str:
        """Effect key of this round's Dysfunctional Family card, or ``""``."""
        return self.cards.family[self.family].effect if self.family >= 0 else ""

    def hero_name(self, seat: int) -> str:
        """The name of the hero in ``seat``."""
        return self.cards.heroes[self.heroes[seat]].name

    def power_of(self, seat: int) -> str:
        """The power key of the hero in ``seat``."""
        return self.cards.heroes[self.heroes[seat]].power

    def villain_attack(self, code: int) -> int:
        """Attack value of a lineup card, with any Villain Attack Boost [family.villain-boost]."""
        if code >= FINAL_VILLAIN:
            return self.cards.villains[code - FINAL_VILLAIN].final_attack
        boost = self.boost_amount if code == self.boost_card else 0
        return self.cards.villain_attack[code].attack + boost

    def villain_damage(self, code: int) -> int:
        """Damage of a lineup card when left uncontested."""
        if code >= FINAL_VILLAIN:
            return self.cards.villains[code - FINAL_VILLAIN].final_damage
        damage = self.cards.villain_attack[code].damage
        if code == self.boost_card and self.opts.boost_damage:  # [opt.villain_boost]
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

    def card(self, number: int) -> HeroCard:
        """The design of a Hero Attack card by its number."""
        return self.cards.hero_deck[number]

    # --- luck -------------------------------------------------------------------------------
    def _rng(self) -> random.Random:
        """A generator for the next shuffle, fixed by the seed and the shuffle count.

        Luck lives in the state: the same seed and the same moves give the same shuffles, and
        a fork keeps them.
        """
        self.shuffles += 1
        return random.Random(self.seed * 1_000_003 + self.shuffles)

    def reshuffled(self, seed: int) -> AcademyState:
        """A copy with new luck: every deck order (and the villain stack) dealt anew."""
        new = self._clone()
        new.seed, new.shuffles = seed, 0
        rng = new._rng()
        for pile in (new.deck, new.villain_deck, new.villains, new.family_deck):
            _shuffle(pile, rng)
        new.events = [Event("setup.decks", f"New luck (seed {seed}): every deck shuffled again.")]
        return new

    # --- the moves --------------------------------------------------------------------------
    def _moves(self) -> list[tuple]:
        return _legal_moves(self)  # (replaced by _legal_moves itself below the rules)

    def _label(self, key: tuple) -> tuple[str, str]:
        return _describe(self, key)

    def _do(self, key: tuple, log: bool) -> None:
        _play(self, key, log)  # (replaced by _play itself below the rules: one call fewer)

    def _refusal(self, key: tuple) -> tuple[str, str]:
        return _why_not(self, key)

    def _private_move(self, key: tuple, seat: int) -> bool:
        """Under Family Secrets another hero's Hero Boost is that hero's secret [family.secrets].

        The attacker cannot know it is there, so it is not among the moves shown to that seat.
        """
        kind, _, _, boost = key
        return (
            kind == "boosted" and self.family_effect == "secrets" and boost not in self.hands[seat]
        )

    def _canonical(self, key: tuple) -> tuple:
        """Two copies of one card design make the same move: name the first copy in hand."""
        kind, seat, a, b = key
        design = self.cards.design
        if kind not in CARD_PLAYS or not 0 <= seat < len(self.hands):
            return key

        def first(number: int, hands: list[list[int]], taken: int = -1) -> int:
            if not 0 <= number < len(design):
                return number
            for hand in hands:
                for card in hand:
                    if design[card] == design[number] and number in hand and card != taken:
                        return card
            return number

        a = first(a, [self.hands[seat]])
        if kind == "kraken":
            b = first(b, [self.hands[seat]], taken=a)
        elif kind == "boosted":
            b = first(b, self.hands, taken=a)
        return (kind, seat, a, b)

    def _well_formed(self, key: tuple) -> bool:
        return (
            len(key) == 4 and isinstance(key[0], str) and all(isinstance(k, int) for k in key[1:])
        )

    def check(self) -> list[str]:
        """Cards conserved in every deck, life in bounds, outcomes consistent."""
        problems = []
        cards = self.cards
        removed = 0
        if self.solo:
            removed = sum(1 for c in cards.hero_deck if c.story in ("pogo", "life-boost"))
        heroes = self.deck + self.discard + [n for hand in self.hands for n in hand]
        if sorted(heroes) != sorted(set(heroes)) or len(heroes) != len(cards.hero_deck) - removed:
            problems.append(
                f"hero cards: {len(heroes)} in play, expected "
                f"{len(cards.hero_deck) - removed}, each once"
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
        if not self.solo and sorted(self.family_deck + self.family_discard) != list(
            range(len(cards.family))
        ):
            problems.append("Dysfunctional Family cards not conserved")
        for seat, bars in enumerate(self.life):
            top = self.game.options["base_life"] + (LIFE_BOOST_BARS if self.boosted[seat] else 0)
            if not 0 <= bars <= self.max_life[seat] or self.max_life[seat] != top:
                problems.append(f"seat {seat}: life {bars}/{self.max_life[seat]} out of bounds")
            if bars == 0 and self.hands[seat]:
                problems.append(f"seat {seat} is dead but holds cards")
        if len(self.outcomes) != len(self.lineup):
            problems.append("lineup and outcomes differ in length")
        if self.pending_damage < 0:
            problems.append("negative pending damage")
        if self.outcome is None and self.stage == "over":
            problems.append("stage 'over' without a result")
        return problems

    def summary(self) -> dict[str, Any]:
        """One row of facts about this game, for simulation tables (see umbrella_lab.sim)."""
        return {
            "rounds": self.round,
            "final_battle": self.final,
            "villains_beaten": len(self.faced) if self.final else len(self.faced) - 1,
            "heroes_alive": _alive_count(self),
            "life_left": sum(self.life),
            "damage_taken": sum(self.damage_log),
            "damage_by_round": list(self.damage_log),
            "final_pile": len(self.lineup) - 1 if self.final else len(self.final_pile),
        }

    # --- pictures: to_dict, to_text and the HTML come from the views module (views) ----
    def __repr__(self) -> str:
        where = "over" if self.outcome else f"round {self.round}, {self.stage}"
        return f"<Umbrella Academy state: {self.players} players, {where}>"


def _shuffle(pile: list[int], rng: random.Random) -> None:
    """Shuffle a pile in place: a uniform random order, by sorting on random keys.

    (Faster than ``rng.shuffle`` for decks of this size; both give every order equally often.)
    Each card's key is the next ``rng.random()``, drawn card by card from the bottom of the
    pile. Speed: ``iter(rng.random, None)`` is an endless stream of those numbers and
    ``partial(next, stream)`` hands out the next one for each card (as ``next(stream, card)``),
    so no Python function runs per card.
    """
    pile.sort(key=partial(next, iter(rng.random, None)))


# --- Rule 2: setup ---------------------------------------------------------------------------


def new_game(game: Game, seed: int, log: bool = True) -> AcademyState:
    """Deal a table [setup.*]: heroes, villains, decks, hands and the Start card."""
    options = game.options
    cards = load_cards(options["data"])
    players = game.players
    hand, villain_count, strength = PLAYER_COUNT_TABLE[players]  # [setup.table]
    hand = options["hand_size"] or hand
    villain_count = options["villains"] or villain_count
    strength = options["strength"] or strength
    rng = random.Random(seed)

    s = AcademyState.__new__(AcademyState)
    s.game, s.seed, s.cards, s.shuffles = game, seed, cards, 0
    s.opts = game_options(game)
    s.events = []
    s.heroes = _choose_heroes(game, cards, rng)  # [setup.heroes] [solo.hero]
    base = options["base_life"]
    s.life, s.max_life, s.boosted = [base] * players, [base] * players, [False] * players
    s.hand_size = hand  # [setup.table] [solo.hand]

    # [setup.decks] the Hero Attack deck; in solo Pogo and every Life Boost leave it
    deck = list(range(len(cards.hero_deck)))
    s.pogo = False
    if players == 1:
        stories = {n: cards.hero_deck[n].story for n in deck}
        s.pogo = any(stories[n] == "pogo" for n in deck)  # [solo.pogo]
        deck = [n for n in deck if stories[n] not in ("pogo", "life-boost")]  # [solo.life-boost]
        s.max_life[0] = s.life[0] = base + LIFE_BOOST_BARS
        if base == 6:  # [opt.base_life] 6 + 3 - 1 = 8: the giver's cost applies in solo too
            s.life[0] -= STORY_COST
        s.boosted[0] = True
    _shuffle(deck, rng)
    s.deck, s.discard = deck, []

    # [setup.villains] a stack of villains of the table's strength
    matching = game.extra["academy.villains"]  # (found by check_table when the game loaded)
    stack = [matching[i % len(matching)] for i in range(villain_count)]
    if villain_count <= len(matching):
        stack = rng.sample(matching, villain_count)
    s.villains, s.faced = stack, []

    s.villain_deck = list(range(len(cards.villain_attack)))
    _shuffle(s.villain_deck, rng)
    s.villain_discard = []
    s.family_deck = [] if players == 1 else list(range(len(cards.family)))  # [solo.no-family]
    _shuffle(s.family_deck, rng)
    s.family_discard, s.family = [], -1

    # [setup.hands] one card at a time clockwise from the top of the deck, until each hero
    # holds a full hand
    dealt = hand * players
    if dealt <= len(deck):  # (speed: every hand at once; seat k takes every players-th card)
        s.hands = [deck[-1 - seat :: -players][:hand] for seat in range(players)]
        del deck[len(deck) - dealt :]
    else:
        s.hands = [[] for _ in range(players)]
        for _ in range(hand):
            for seat in range(players):
                if deck:
                    s.hands[seat].append(deck.pop())
    s.start = 0  # [setup.start]
    s.round, s.final, s.lineup, s.outcomes = 0, False, [], []
    s.boost_card, s.boost_amount = -1, 0
    s.stage, s.phase, s.responder, s.last_responder, s.turn_open = "face", "lineup", 0, -1, False
    s.power_uses, s.power_allowance = [0] * players, [1] * players
    s.vanya_round, s.vanya_left = [-9] * players, 0
    s.pending_damage, s.pending_rule = 0, ""
    s.final_pile, s.outcome = [], None
    s.damage_log = []
    if log:
        names = ", ".join(s.hero_name(seat) for seat in range(players))
        s.events.append(
            Event(
                "setup.heroes",
                f"The team: {names}, {base} life bars each"
                + (" plus a Life Boost: 8 bars" if players == 1 else "")
                + ".",
            )
        )
        s.events.append(
            Event(
                "setup.table",
                f"{players} player(s): hands of {hand}, "
                f"{villain_count} villains of strength {strength}.",
            )
        )
        s.events.append(Event("setup.start", f"{s.hero_name(0)} takes the Start card."))
    _start_round(s, log)
    _advance(s, log)
    return s


def _choose_heroes(game: Game, cards: Cards, rng: random.Random) -> tuple[str, ...]:
    chosen = game.options["heroes"]  # (checked by check_table when the game loaded)
    if chosen is None:
        return tuple(rng.sample(game.extra["academy.heroes"], game.players))
    return tuple(chosen)


def check_table(game: Game) -> None:
    """Check the settings together when the game is loaded, before any table is dealt.

    Reads the card files (a broken one raises ``DataError`` naming file, entry and field) and
    checks the chosen heroes against the player count [setup.heroes] [solo.hero] and that the
    villains of the table's strength exist [setup.villains]. Keeps what every deal needs in
    ``game.extra``.

    Raises:
        OptionError: naming the option and what is wrong with it.
    """
    options = game.options
    cards = load_cards(options["data"])
    players = game.players
    allowed = [h for h, hero in cards.heroes.items() if players > 1 or hero.solo]
    chosen = options["heroes"]
    if chosen is None:
        if len(allowed) < players:
            msg = f"academy: only {len(allowed)} heroes in the data for {players} players"
            raise OptionError(msg)
    else:
        chosen = tuple(chosen)
        problem = ""
        if len(chosen) != players:
            problem = f"name {players} hero(es), one per player, not {len(chosen)}"
        elif len(set(chosen)) != len(chosen):
            problem = "each hero can be picked only once"
        else:
            for hero in chosen:
                if hero not in cards.heroes:
                    problem = f"{hero!r} is not a hero; the heroes are {', '.join(cards.heroes)}"
                    break
                if hero not in allowed:
                    problem = f"{cards.heroes[hero].name} may not be played solo (rule solo.hero)"
                    break
        if problem:
            raise OptionError(f"academy: option heroes={list(chosen)}: {problem}")
    strength = options["strength"] or PLAYER_COUNT_TABLE[players][2]
    matching = [i for i, v in enumerate(cards.villains) if v.strength == strength]
    if not matching:
        have = sorted({v.strength for v in cards.villains})
        msg = (
            f"academy: there are no villain cards of strength {strength} in the data; "
            f"the strengths are {have}"
        )
        raise OptionError(msg)
    game.extra["academy.heroes"] = allowed
    game.extra["academy.villains"] = matching


# --- Rule 3: start of a round ----------------------------------------------------------------


def _start_round(s: AcademyState, log: bool) -> None:
    """Reveal a villain, flip a Dysfunctional Family card, deal the lineup [round.*].

    After the last villain comes the Final Battle [final.*].
    """
    s.round += 1
    s.damage_log.append(0)
    s.power_uses = [0] * len(s.heroes)
    s.power_allowance = [1] * len(s.heroes)
    s.boost_card, s.boost_amount = -1, 0
    s.responder, s.last_responder, s.turn_open = -1, -1, False
    if s.villains:
        villain = s.villains.pop()  # [round.villain]
        s.faced.append(villain)
        strength = s.opts.strength or s.cards.villains[villain].strength
        if log:
            v = s.cards.villains[villain]
            s.events.append(
                Event("round.villain", f"Round {s.round}: {v.name} (strength {strength}) arrives.")
            )
        deck = s.villain_deck
        if 0 < strength <= len(deck):  # [round.lineup] (speed: all from the top at once)
            s.lineup = deck[: -strength - 1 : -1]  # the top card first
            del deck[-strength:]
        else:  # [round.lineup] one at a time, reshuffling the discards when the deck runs out
            s.lineup = [_draw_villain_card(s, log) for _ in range(strength)]
            s.lineup = [code for code in s.lineup if code >= 0]
        s.outcomes = [PENDING] * len(s.lineup)
        if log:
            words = ", ".join(str(s.villain_attack(c)) for c in s.lineup)
            s.events.append(Event("round.lineup", f"The lineup, left to right: {words}."))
        _flip_family(s, log, "round.family")
    else:
        s.final = True  # [final.lineup]
        pile = s.final_pile
        s.final_pile = []
        _shuffle(pile, s._rng())
        villain = s.faced[s._rng().randrange(len(s.faced))]  # [final.villain]
        s.lineup = [FINAL_VILLAIN + villain, *pile]
        s.outcomes = [PENDING] * len(s.lineup)
        if log:
            s.events.append(
                Event(
                    "final.lineup",
                    f"The Final Battle! {len(pile)} uncontested "
                    "card(s) from under the Final Battle card are shuffled into "
                    "the lineup.",
                )
            )
            s.events.append(
                Event("final.villain", f"{s.villain_label(s.lineup[0])} leads the lineup.")
            )
        _flip_family(s, log, "final.family")


def _draw_villain_card(s: AcademyState, log: bool) -> int:
    if not s.villain_deck:
        if not s.villain_discard:
            return -1
        s.villain_deck, s.villain_discard = s.villain_discard, []
        _shuffle(s.villain_deck, s._rng())
        if log:
            s.events.append(
                Event(
                    "end.reshuffle",
                    "The Villain Attack deck is empty: its discards are shuffled into a new deck.",
                )
            )
    return s.villain_deck.pop()


def _flip_family(s: AcademyState, log: bool, rule: str) -> None:
    """Flip this round's Dysfunctional Family card and follow it [round.family] [family.*]."""
    s.family = -1
    if s.solo:  # [solo.no-family]
        return
    if not s.family_deck:
        s.family_deck, s.family_discard = s.family_discard, []
        _shuffle(s.family_deck, s._rng())
    if not s.family_deck:
        return
    s.family = s.family_deck.pop()
    s.family_discard.append(s.family)
    card = s.cards.family[s.family]
    if log:
        s.events.append(Event(rule, f"Dysfunctional Family card: {card.name}. {card.text}"))
    effect = card.effect
    if effect == "villain-boost" and s.lineup:  # [family.villain-boost]
        first = s.lineup[0]
        if first < FINAL_VILLAIN:
            s.boost_card, s.boost_amount = first, card.amount
            if log:
                s.events.append(
                    Event(
                        "family.villain-boost",
                        f"The first lineup card now has attack {s.villain_attack(first)}.",
                    )
                )
    elif effect == "confrontation":  # [family.confrontation]
        most = max(s.life)
        for seat in range(len(s.life)):  # (each living hero; a hurt changes only that hero)
            if s.life[seat] > 0 and s.life[seat] == most:
                _hurt(s, seat, 1, "family.confrontation", log)
    elif effect == "reunion":  # [family.reunion]
        for seat in range(len(s.life)):
            if s.life[seat] > 0:
                _heal(s, seat, 1, "family.reunion", log)


# --- Rule 4: turns -----------------------------------------------------------------------------


def _advance(s: AcademyState, log: bool) -> None:
    """Move play on to the next decision [turn.order] [end.*] [game.*]."""
    if (
        not log
        and s.phase == "lineup"
        and not s.pending_damage
        and s.outcome is None
        and PENDING in s.outcomes
        and s.stage not in POWER_STAGES
    ):
        # Speed: the common case in simulations, the next card of the lineup, the next hero;
        # the same result as the loop below, with fewer checks.
        if s.turn_open:
            if s.life[s.responder] > 0:
                s.stage = "face"
                return
        elif s.opts.turn_rotate and any(s.life):
            s.responder = _next_responder(s)
            s.turn_open, s.stage = True, "face"
            return
    while True:
        if s.outcome is not None:
            s.stage = "over"
            return
        if s.stage in POWER_STAGES:
            return
        if not any(s.life):  # [game.lose]
            _end(s, False, "game.lose", "Every hero is dead: the team loses.", log)
            continue
        if s.pending_damage > 0:  # [life.damage]
            if _alive_count(s) == 1 and not s.pogo:
                _hurt(s, s.living[0], s.pending_damage, s.pending_rule, log)
                s.pending_damage = 0
                continue
            s.stage = "damage"
            return
        if s.phase == "lineup":
            if PENDING in s.outcomes:  # a card is still to face
                if s.turn_open and s.life[s.responder] > 0:
                    s.stage = "face"
                    return
                if s.opts.turn_team and _alive_count(s) > 1:
                    s.turn_open, s.stage = False, "choose"
                    return
                s.responder = _next_responder(s)
                s.turn_open, s.stage = True, "face"
                if log:
                    s.events.append(
                        Event(
                            "turn.order",
                            f"{s.hero_name(s.responder)} faces "
                            f"{s.villain_label(s.lineup[s.faced_position])}.",
                        )
                    )
                return
            s.phase = "round-end"  # [end.damage]
            s.turn_open = False
            if s.opts.damage_at_round_end:
                total = 0
                for code, outcome in zip(s.lineup, s.outcomes, strict=True):
                    if outcome == UNCONTESTED:
                        total += s.villain_damage(code)
                if total:
                    if log:
                        s.events.append(
                            Event(
                                "end.damage",
                                f"Every lineup card has an outcome. "
                                f"The uncontested cards deal {total} damage.",
                            )
                        )
                    s.pending_damage, s.pending_rule = total, "end.damage"
            continue
        if s.phase == "round-end":
            if s.final:  # [game.win]
                alive = ", ".join(s.hero_name(seat) for seat in s.living)
                _end(
                    s,
                    True,
                    "game.win",
                    f"The Final Battle is over and {alive} survived: the team wins!",
                    log,
                )
                continue
            _close_lineup(s, log)
            s.phase = "keep"  # [end.keep]
            if any(s.hands):
                s.stage = "keep"
                return
            s.phase = "refill"
            continue
        if s.phase == "keep":
            s.stage = "keep"
            return
        if s.phase == "refill":
            _refill(s, log)
            _pass_start_card(s, log)
            s.phase = "lineup"
            _start_round(s, log)
            continue
        return  # pragma: no cover


def _clockwise(s: AcademyState, first: int) -> list[int]:
    """Every seat clockwise, starting from seat ``first``."""
    return [*range(first, len(s.heroes)), *range(first)]


def _alive_count(s: AcademyState) -> int:
    """How many heroes are alive: ``len(s.living)`` without building the list (speed)."""
    count = 0
    for bars in s.life:
        if bars > 0:
            count += 1
    return count


def _next_responder(s: AcademyState) -> int:
    """The next living hero clockwise [turn.order]; the first card goes to the Start holder."""
    n = len(s.life)
    seat = s.start if s.last_responder < 0 else (s.last_responder + 1) % n
    while s.life[seat] <= 0:
        seat = (seat + 1) % n
    return seat


def _end_turn(s: AcademyState) -> None:
    s.last_responder, s.turn_open = s.responder, False


def _settle(s: AcademyState, position: int, outcome: int, log: bool, rule: str) -> None:
    """Give a lineup card its outcome; an uncontested card may deal damage at once."""
    s.outcomes[position] = outcome
    if outcome == UNCONTESTED and s.opts.damage_immediate:
        damage = s.villain_damage(s.lineup[position])
        if damage:
            s.pending_damage += damage
            s.pending_rule = "end.damage"
            if log:
                s.events.append(
                    Event(
                        "end.damage",
                        f"{s.villain_label(s.lineup[position])} is "
                        f"left uncontested and deals {damage} damage now "
                        "(option damage_timing='immediate').",
                    )
                )
    elif log and rule:
        s.events.append(
            Event(rule, f"{s.villain_label(s.lineup[position])} is {OUTCOME_WORDS[outcome]}.")
        )


# --- Legal moves ---------------------------------------------------------------------------------


def _legal_moves(s: AcademyState) -> list[tuple]:
    """Keys of every legal move now: ``(kind, seat, a, b)``."""
    stage = s.stage
    if s.outcome is not None:
        return []
    moves: list[tuple] = []
    if stage == "face":
        moves = _face_moves(s)
    elif stage == "damage":
        living = s.living
        moves.append(("spread", -1, s.pending_damage, -1))
        for seat in living:
            moves.append(("damage", seat, 1, -1))
            if s.pending_damage > 1:
                moves.append(("damage", seat, s.pending_damage, -1))
    elif stage == "choose":
        moves = [("choose", seat, -1, -1) for seat in s.living]
    elif stage == "keep":
        moves = [("keep", -1, -1, -1)]
        for seat in s.living:
            moves += [("discard", seat, card, -1) for card in _distinct(s, s.hands[seat])]
    else:
        moves = _power_moves(s)
    if s.pogo and s.life[0] > 0 and stage in ("face", "damage", "keep"):  # [solo.pogo]
        moves.append(("pogo", 0, -1, -1))
    return moves


def _distinct(s: AcademyState, hand: list[int]) -> list[int]:
    """One card number per design in a hand (two copies of a card make the same move)."""
    design = s.cards.design
    seen, out = [], []  # (a hand is short: a list is quicker here than a set)
    for number in hand:
        if design[number] not in seen:
            seen.append(design[number])
            out.append(number)
    return out


def _face_moves(s: AcademyState) -> list[tuple]:
    seat = s.responder
    position = s.faced_position
    value = s.villain_attack(s.lineup[position])
    full_hand = s.hands[seat]
    hand = _distinct(s, full_hand)
    cards = s.cards
    attack_of, story_of, boost_of = cards.attack, cards.story, cards.boost
    opts = s.opts
    effect = s.family_effect
    heal_ok = effect != "rock-bottom"  # [family.rock-bottom]
    strict = opts.strict_heal
    moves = []
    living = s.living
    for number in hand:
        attack = attack_of[number]
        if attack > value:
            moves.append(("attack", seat, number, -1))  # [turn.attack]
        elif attack == value:
            moves.append(("block", seat, number, -1))  # [turn.block]
        story = story_of[number]
        if not story:
            if heal_ok and (attack < value or not strict):  # [turn.heal]
                if opts.heal_any:
                    moves += [("heal", seat, number, t) for t in living]
                else:
                    moves.append(("heal", seat, number, seat))
        elif story in ("restore", "pogo"):  # [turn.story]
            moves += [("story", seat, number, t) for t in living]
        elif story == "life-boost":
            moves += [("story", seat, number, t) for t in living if t != seat and not s.boosted[t]]
        elif story == "strength":
            moves.append(("story", seat, number, -1))
        elif story == "rivalry":
            moves += [
                ("story", seat, number, p)
                for p, o in enumerate(s.outcomes)
                if o == PENDING and p != position
            ]
    # [story.hero-boost] a boost from any living hero (own-turn: only your own)
    if effect != "brothers":
        holders = living if opts.hero_boost_interrupt else [seat]
        for holder in holders:
            boosts = [card for card in s.hands[holder] if boost_of[card]]
            if not boosts:
                continue
            firsts = _distinct(s, s.hands[holder])  # one move per boost design
            for boost in boosts:
                if boost in firsts:
                    plus = boost_of[boost]
                    moves += [
                        ("boosted", seat, number, boost)
                        for number in hand
                        if number != boost
                        and attack_of[number] <= value <= attack_of[number] + plus
                    ]
    # every move so far plays a card; if none does, the hero passes [turn.no-card]
    answered = bool(moves)
    # [power.*]
    if _power_ready(s, seat) == "":
        power = s.power_of(seat)
        if power == "kraken":  # pairs that change the outcome, one per pair of values
            pairs = set()
            for i, first in enumerate(full_hand):
                for second in full_hand[i + 1 :]:
                    low, high = attack_of[first], attack_of[second]
                    pair = (low, high) if low <= high else (high, low)
                    if pair[1] <= value <= pair[0] + pair[1] and pair not in pairs:
                        pairs.add(pair)
                        moves.append(("kraken", seat, first, second))
                        answered = True
        elif power == "space-boy":
            for n in hand:
                if attack_of[n] <= value <= 2 * attack_of[n]:
                    moves.append(("double", seat, n, -1))
                    answered = True
        else:
            moves.append(("power", seat, -1, -1))
    if not answered:
        moves.append(("pass", seat, -1, -1))  # [turn.no-card] nothing in hand can answer
    return moves


def _power_ready(s: AcademyState, seat: int) -> str:
    """``""`` if the hero in ``seat`` may use their power now, else why not (a rule id)."""
    if s.family_effect == "apathy":
        return "family.apathy"
    if s.power_uses[seat] >= s.power_allowance[seat]:
        return "power.use"
    if s.life[seat] <= 0:
        return "life.death"
    power = s.power_of(seat)
    if power == "vanya" and s.vanya_round[seat] == s.round - 1:
        return "power.vanya"
    if power == "number-five" and s.outcomes.count(PENDING) < 2:
        return "power.number-five"
    if power == "seance" and not _seance_possible(s):
        return "power.seance"
    if power == "kraken" and len(s.hands[seat]) < 2:
        return "power.kraken"
    if power == "space-boy" and not s.hands[seat]:
        return "power.space-boy"
    return ""


def _seance_possible(s: AcademyState) -> bool:
    """Whether a card in the discard pile can beat or block a waiting lineup card."""
    lowest = -1  # the lowest waiting lineup card
    for code, outcome in zip(s.lineup, s.outcomes, strict=True):
        if outcome == PENDING:
            attack = s.villain_attack(code)
            if lowest < 0 or attack < lowest:
                lowest = attack
    if lowest < 0:
        return False
    attack_of = s.cards.attack
    for number in s.discard:  # noqa: SIM110 (a loop is quicker than any() on a generator)
        if attack_of[number] >= lowest:  # (usually one of the first cards will do)
            return True
    return False


def _seance_moves(s: AcademyState, seat: int) -> list[tuple]:
    values: dict[int, int] = {}
    for number in s.discard:
        values.setdefault(s.cards.hero_deck[number].attack, number)
    moves = []
    for position, outcome in enumerate(s.outcomes):
        if outcome == PENDING:
            needed = s.villain_attack(s.lineup[position])
            moves += [
                ("seance", seat, position, n) for a, n in sorted(values.items()) if a >= needed
            ]
    return moves


def _power_moves(s: AcademyState) -> list[tuple]:
    seat, stage = s.responder, s.stage
    pending = [p for p, o in enumerate(s.outcomes) if o == PENDING]
    if stage == "horror":
        living = s.living
        moves = [("horror", seat, t, t) for t in living]
        moves += [("horror", seat, a, b) for i, a in enumerate(living) for b in living[i + 1 :]]
        return moves
    if stage == "number-five":
        return [("swap", seat, a, b) for i, a in enumerate(pending) for b in pending[i + 1 :]]
    if stage == "rumor":
        return [("rumor", seat, p, -1) for p in pending]
    if stage == "seance":
        return _seance_moves(s, seat)
    if stage == "vanya":
        return [("vanya", seat, p, -1) for p in pending]
    if stage == "vanya-hit":
        return [("vanya-hit", seat, t, -1) for t in s.living]
    return []


# --- Playing a move ------------------------------------------------------------------------------


def _play(s: AcademyState, key: tuple, log: bool) -> None:
    """Apply a legal move key in place, then move play on."""
    kind, seat, a, b = key
    if kind == "attack" and not log:
        if _quick_attack_move(s, seat, a):
            return
    elif kind == "pogo":
        _pogo(s, log)
    elif kind == "damage":
        _place_damage(s, seat, a, log)
    elif kind == "spread":
        _spread(s, log)
    elif kind == "choose":
        s.responder, s.turn_open = seat, True
        if log:
            position = s.faced_position
            s.events.append(
                Event(
                    "opt.turn_order",
                    f"The team sends {s.hero_name(seat)} to face "
                    f"{s.villain_label(s.lineup[position])}.",
                )
            )
    elif kind in ("keep", "discard"):
        _keep_or_discard(s, kind, seat, a, log)
    elif kind in ("attack", "block", "heal", "story", "boosted", "kraken", "double", "pass"):
        _card_play(s, kind, seat, a, b, log)
    else:
        _power(s, kind, seat, a, b, log)
    _advance(s, log)


def _quick_attack_move(s: AcademyState, seat: int, number: int) -> bool:
    """Speed: an attack in a simulation, the most common move [turn.attack] [turn.order].

    The card beats the faced card (a legal attack does), so the card is defeated and the turn
    ends. If another card is waiting and heroes take turns clockwise, the next living hero
    faces it, as ``_advance`` would decide: done here, True. Otherwise False: ``_advance``
    moves play on.
    """
    s.hands[seat].remove(number)
    s.discard.append(number)
    outcomes = s.outcomes
    outcomes[outcomes.index(PENDING)] = DEFEATED
    s.last_responder, s.turn_open = seat, False
    if s.opts.turn_rotate and PENDING in outcomes and not s.pending_damage:
        s.responder, s.turn_open = _next_responder(s), True  # the next living hero clockwise
        return True
    return False


def _card_play(s: AcademyState, kind: str, seat: int, a: int, b: int, log: bool) -> None:
    """One card (or two, with The Kraken) against the faced card [turn.*]."""
    position = s.faced_position
    code = s.lineup[position]
    name = s.hero_name(seat) if log else ""  # (names are only for the log)
    hand = s.hands[seat]
    deck = s.cards.hero_deck
    if kind == "pass":  # [turn.no-card]
        if log:
            s.events.append(
                Event(
                    "turn.no-card",
                    f"{name} has no card that can answer: "
                    f"{s.villain_label(code)} goes uncontested.",
                )
            )
        _settle(s, position, UNCONTESTED, log, "")
        _end_turn(s)
        return
    hand.remove(a)
    s.discard.append(a)
    card = deck[a]
    if kind == "heal":  # [turn.heal]
        target = b
        if log:
            who = f" {s.hero_name(target)}" if target != seat else ""
            s.events.append(
                Event(
                    "turn.heal",
                    f"{name} plays {card.label} to heal{who} by "
                    f"{card.heal}; {s.villain_label(code)} is left uncontested.",
                )
            )
        _heal(s, target, card.heal, "turn.heal", log)
        _settle(s, position, UNCONTESTED, log, "")
        _end_turn(s)
        return
    if kind == "story":
        _story(s, seat, a, b, position, log)
        _settle(s, position, UNCONTESTED, log, "")
        _end_turn(s)
        return
    value = s.villain_attack(code)
    attack, rule = card.attack, "turn.attack"
    words = card.label if log else ""  # the play in words, for the log
    cost_to, cost_rule = -1, ""
    if kind == "boosted":  # [story.hero-boost]
        holder = next(h for h, cards in enumerate(s.hands) if b in cards)
        s.hands[holder].remove(b)
        s.discard.append(b)
        attack += deck[b].boost
        if log:
            words = f"{card.label} + Hero Boost +{deck[b].boost} from {s.hero_name(holder)}"
        cost_to, cost_rule = holder, "story.hero-boost"
    elif kind == "kraken":  # [power.kraken]
        hand.remove(b)
        s.discard.append(b)
        attack += deck[b].attack
        if log:
            words = f"{card.label} + {deck[b].label} = {attack} (Hits Twice)"
        s.power_uses[seat] += 1
        cost_to, cost_rule = seat, "power.kraken"
    elif kind == "double":  # [power.space-boy]
        attack *= 2
        if log:
            words = f"{card.label} doubled = {attack} (Double Shot)"
        s.power_uses[seat] += 1
        cost_to, cost_rule = seat, "power.space-boy"
    if attack > value:  # [turn.attack]
        if log:
            s.events.append(
                Event(
                    cost_rule or rule,
                    f"{name} attacks with {words} and defeats {s.villain_label(code)}.",
                )
            )
        s.outcomes[position] = DEFEATED
    elif attack == value:  # [turn.block]
        half = (s.villain_damage(code) + 1) // 2
        if log:
            s.events.append(
                Event(
                    "turn.block",
                    f"{name} blocks {s.villain_label(code)} with "
                    f"{words}: the card is removed, {half} damage to take.",
                )
            )
        s.outcomes[position] = BLOCKED
        _block_damage(s, seat, half, log)
    else:  # pragma: no cover - never legal
        msg = "an attack lower than the faced card is not an attack"
        raise AssertionError(msg)
    if cost_to >= 0:
        _hurt(s, cost_to, POWER_COST, cost_rule, log)
    _end_turn(s)


def _block_damage(s: AcademyState, seat: int, half: int, log: bool) -> None:
    """Half the damage, rounded up, at once; the team splits it or the blocker takes it."""
    if not half:
        return
    if s.opts.block_by_blocker:
        _hurt(s, seat, half, "turn.block", log)
    else:
        s.pending_damage += half
        s.pending_rule = "turn.block"


def _story(s: AcademyState, seat: int, number: int, target: int, position: int, log: bool) -> None:
    """A story card played for its storyline [story.*]; the faced card is left uncontested."""
    card = s.cards.hero_deck[number]
    name = s.hero_name(seat)
    story = card.story
    if story in ("restore", "pogo"):  # [story.restore]
        if log:
            s.events.append(
                Event(
                    "story.restore",
                    f"{name} plays {card.name}: {s.hero_name(target)} is restored to full life.",
                )
            )
        _heal(s, target, s.max_life[target], "story.restore", log)
    elif story == "life-boost":  # [story.life-boost] [life.one-boost]
        s.boosted[target] = True
        s.max_life[target] += LIFE_BOOST_BARS
        if log:
            s.events.append(
                Event(
                    "story.life-boost",
                    f"{name} gives a Life Boost to "
                    f"{s.hero_name(target)}: +{LIFE_BOOST_BARS} bars, maximum "
                    f"{s.max_life[target]}.",
                )
            )
        _heal(s, target, LIFE_BOOST_BARS, "story.life-boost", False)
        _hurt(s, seat, STORY_COST, "story.life-boost", log)
    elif story == "strength":  # [story.strength]
        s.power_allowance[seat] += 1
        if log:
            s.events.append(
                Event(
                    "story.strength",
                    f"{name} plays Strength in Numbers: their "
                    "power may be used a second time this round.",
                )
            )
    elif story == "rivalry":  # [story.rivalry]
        if log:
            s.events.append(
                Event(
                    "story.rivalry",
                    f"{name} plays Sibling Rivalry and removes "
                    f"{s.villain_label(s.lineup[target])}.",
                )
            )
        s.outcomes[target] = REMOVED
        _hurt(s, seat, STORY_COST, "story.rivalry", log)
    if log:
        s.events.append(
            Event("turn.story", f"{s.villain_label(s.lineup[position])} is left uncontested.")
        )


def _power(s: AcademyState, kind: str, seat: int, a: int, b: int, log: bool) -> None:
    """Hero powers that need choices: start one, then make its choices [power.*]."""
    name = s.hero_name(seat) if log else ""  # (names are only for the log)
    if kind == "power":  # [power.use]
        power = s.power_of(seat)
        s.power_uses[seat] += 1
        s.stage = power
        if power == "vanya":
            s.vanya_left = min(VANYA_REMOVES, s.outcomes.count(PENDING))
            s.vanya_round[seat] = s.round
        if log:
            hero = s.cards.heroes[s.heroes[seat]]
            s.events.append(
                Event("power.use", f"{name} uses {hero.power_name} (costs {POWER_COST} life bar).")
            )
        if power == "vanya" and s.vanya_left == 0:
            s.stage = "vanya-hit"
        return
    if kind == "horror":  # [power.horror]
        if a == b:
            _heal(s, a, HORROR_BARS, "power.horror", log)
        else:
            _heal(s, a, 1, "power.horror", log)
            _heal(s, b, 1, "power.horror", log)
        _finish_power(s, seat, "power.horror", log)
    elif kind == "swap":  # [power.number-five]
        s.lineup[a], s.lineup[b] = s.lineup[b], s.lineup[a]
        if log:
            s.events.append(
                Event(
                    "power.number-five",
                    f"{name} swaps "
                    f"{s.villain_label(s.lineup[b])} (card {a + 1}) with "
                    f"{s.villain_label(s.lineup[a])} (card {b + 1}).",
                )
            )
        _finish_power(s, seat, "power.number-five", log)
    elif kind == "rumor":  # [power.rumor]
        if log:
            s.events.append(
                Event(
                    "power.rumor",
                    f"{name}: I heard a rumour {s.villain_label(s.lineup[a])} was defeated. It is.",
                )
            )
        s.outcomes[a] = DEFEATED
        _finish_power(s, seat, "power.rumor", log)
    elif kind == "seance":  # [power.seance]
        card = s.cards.hero_deck[b]
        code = s.lineup[a]
        if card.attack > s.villain_attack(code):
            s.outcomes[a] = DEFEATED
            if log:
                s.events.append(
                    Event(
                        "power.seance",
                        f"{name} calls {card.label} back from the "
                        f"discard pile and defeats {s.villain_label(code)}.",
                    )
                )
        else:
            s.outcomes[a] = BLOCKED
            half = (s.villain_damage(code) + 1) // 2
            if log:
                s.events.append(
                    Event(
                        "power.seance",
                        f"{name} calls {card.label} back from the "
                        f"discard pile and blocks {s.villain_label(code)}: {half} "
                        "damage to take.",
                    )
                )
            _block_damage(s, seat, half, log)
        _finish_power(s, seat, "power.seance", log)
    elif kind == "vanya":  # [power.vanya]
        s.outcomes[a] = REMOVED
        s.vanya_left -= 1
        if log:
            s.events.append(Event("power.vanya", f"{name} removes {s.villain_label(s.lineup[a])}."))
        if s.vanya_left == 0 or PENDING not in s.outcomes:
            s.stage = "vanya-hit"
    elif kind == "vanya-hit":
        # placed like any damage: a rest left at a death follows opt.excess_damage [life.death]
        s.pending_damage, s.pending_rule = s.pending_damage + VANYA_DAMAGE, "power.vanya"
        _place_damage(s, a, VANYA_DAMAGE, log)
        _finish_power(s, seat, "power.vanya", log)


def _finish_power(s: AcademyState, seat: int, rule: str, log: bool) -> None:
    """Pay the power's life bar once it has done its work [power.use]."""
    s.stage = "face"
    _hurt(s, seat, POWER_COST, rule, log)


# --- Rule 6: life, damage and death --------------------------------------------------------------


def _heal(s: AcademyState, seat: int, bars: int, rule: str, log: bool) -> None:
    """Heal up to the hero's maximum [life.bars]; the dead cannot be healed [life.death]."""
    if s.life[seat] <= 0:
        return
    before = s.life[seat]
    s.life[seat] = min(s.max_life[seat], before + bars)
    if log:
        s.events.append(
            Event(
                rule,
                f"{s.hero_name(seat)} heals {s.life[seat] - before}: "
                f"{s.life[seat]}/{s.max_life[seat]} bars.",
            )
        )


def _hurt(s: AcademyState, seat: int, bars: int, rule: str, log: bool) -> int:
    """Take damage on one hero; returns the bars that hero could not take [life.death]."""
    if bars <= 0 or s.life[seat] <= 0:
        return bars
    taken = min(bars, s.life[seat])
    s.life[seat] -= taken
    s.damage_log[-1] += taken
    if log:
        s.events.append(
            Event(
                rule,
                f"{s.hero_name(seat)} loses {taken} bar(s): {s.life[seat]}/{s.max_life[seat]}.",
            )
        )
    if s.life[seat] == 0:
        _die(s, seat, log)
    return bars - taken


def _die(s: AcademyState, seat: int, log: bool) -> None:
    """A hero with no bars is out: their hand is discarded [life.death]."""
    s.discard += s.hands[seat]
    s.hands[seat] = []
    if log:
        s.events.append(
            Event("life.death", f"{s.hero_name(seat)} has died and is out of the game.")
        )


def _place_damage(s: AcademyState, seat: int, bars: int, log: bool) -> None:
    """The team places pending damage on a living hero [life.damage]."""
    bars = min(bars, s.pending_damage)
    s.pending_damage -= bars
    left = _hurt(s, seat, bars, s.pending_rule, log)
    if left and s.opts.excess_reassign:
        s.pending_damage += left  # [life.death] the rest must go to another living hero
    elif left and log:
        s.events.append(
            Event(
                "opt.excess_damage", f"{left} bar(s) of damage are lost with {s.hero_name(seat)}."
            )
        )


def _spread(s: AcademyState, log: bool) -> None:
    """Each bar of pending damage to the hero with the most life at that moment [life.damage].

    Ties go to the first hero clockwise from the Start card.
    """
    start = s.start
    if s.pending_damage == 1:  # (speed: the common case, a single bar; the same choice)
        seat = _most_life(s.life, start)
        s.pending_damage = 0  # (taken, or nobody is left to take it)
        if seat >= 0:
            _hurt(s, seat, 1, s.pending_rule, log)
        return
    n = len(s.life)
    share = [0] * n
    life = s.life[:]
    placed = 0
    for _ in range(s.pending_damage):
        seat = _most_life(life, start)
        if seat < 0:
            break
        life[seat] -= 1
        share[seat] += 1
        placed += 1
    s.pending_damage -= placed
    for i in range(n):  # clockwise from the Start card
        seat = (start + i) % n
        if share[seat]:
            _hurt(s, seat, share[seat], s.pending_rule, log)
    if not any(s.life):
        s.pending_damage = 0


def _most_life(life: list[int], start: int) -> int:
    """The living hero with the most life, the first clockwise from ``start``; -1 if none."""
    most = max(life)
    if most <= 0:
        return -1
    seat = start
    while life[seat] != most:
        seat = (seat + 1) % len(life)
    return seat


def _pogo(s: AcademyState, log: bool) -> None:
    """Solo: Pogo restores the hero to full life, once per game [solo.pogo] [story.pogo]."""
    s.pogo = False
    if log:
        s.events.append(
            Event("solo.pogo", f"Pogo steps in: {s.hero_name(0)} is restored to full life.")
        )
    _heal(s, 0, s.max_life[0], "solo.pogo", log)


# --- Rule 9: round end --------------------------------------------------------------------------


def _close_lineup(s: AcademyState, log: bool) -> None:
    """Uncontested cards go under the Final Battle card, the others away [end.final-pile]."""
    moved = 0
    for code, outcome in zip(s.lineup, s.outcomes, strict=True):
        if outcome == UNCONTESTED:
            s.final_pile.append(code)
            moved += 1
        else:
            s.villain_discard.append(code)
    if log:
        villain = s.cards.villains[s.faced[-1]].name
        s.events.append(
            Event(
                "end.final-pile",
                f"{moved} uncontested card(s) go under the Final "
                f"Battle card ({len(s.final_pile)} there now); {villain} is set "
                "beside it.",
            )
        )
    s.lineup, s.outcomes = [], []


def _keep_or_discard(s: AcademyState, kind: str, seat: int, number: int, log: bool) -> None:
    """Heroes discard cards one at a time, then the team keeps the rest [end.keep]."""
    if kind == "discard":
        s.hands[seat].remove(number)
        s.discard.append(number)
        if log:
            s.events.append(
                Event(
                    "end.keep", f"{s.hero_name(seat)} discards {s.cards.hero_deck[number].label}."
                )
            )
        if any(s.hands):
            return
    elif log:
        kept = sum(len(hand) for hand in s.hands)
        s.events.append(Event("end.keep", f"The team keeps the other {kept} card(s) in hand."))
    s.phase = "refill"


def _refill(s: AcademyState, log: bool) -> None:
    """Each surviving hero draws back up to the hand size [end.refill] [end.reshuffle]."""
    size = s.hand_size - (1 if s.family_effect == "hopelessness" else 0)  # [family.hopelessness]
    for seat in _clockwise(s, s.start):
        if s.life[seat] <= 0:
            continue
        hand = s.hands[seat]
        drawn = 0
        while len(hand) < size:
            if not s.deck:
                if not s.discard:
                    break
                s.deck, s.discard = s.discard, []
                _shuffle(s.deck, s._rng())
                if log:
                    s.events.append(
                        Event(
                            "end.reshuffle",
                            "The Hero Attack deck is empty: the "
                            "discard pile is shuffled into a new deck.",
                        )
                    )
            # the top cards one by one (speed: as many as the deck has, at once)
            take = min(size - len(hand), len(s.deck))
            hand += s.deck[: -take - 1 : -1]
            del s.deck[-take:]
            drawn += take
        if log and drawn:
            s.events.append(Event("end.refill", f"{s.hero_name(seat)} draws {drawn} card(s)."))


def _pass_start_card(s: AcademyState, log: bool) -> None:
    """The Start card passes to the next living hero clockwise [end.start-card]."""
    for seat in _clockwise(s, (s.start + 1) % len(s.heroes)):
        if s.life[seat] > 0:
            s.start = seat
            break
    if log and len(s.heroes) > 1:
        s.events.append(
            Event("end.start-card", f"The Start card passes to {s.hero_name(s.start)}.")
        )


def _end(s: AcademyState, won: bool, rule: str, reason: str, log: bool) -> None:
    winners = tuple(range(len(s.heroes))) if won else ()
    s.outcome = Result(winners, reason, rule)
    s.stage = "over"
    if log:
        s.events.append(Event(rule, reason))


# --- Labels and refusals -------------------------------------------------------------------------


def _describe(s: AcademyState, key: tuple) -> tuple[str, str]:
    """A move in the table's words, and the rule that allows it."""
    kind, seat, a, b = key
    name = s.hero_name(seat) if seat >= 0 else "Team"
    deck = s.cards.hero_deck
    position = s.faced_position
    facing = s.villain_label(s.lineup[position]) if position >= 0 and s.lineup else ""
    value = s.villain_attack(s.lineup[position]) if facing else 0
    if kind == "attack":
        return f"{name}: attack {deck[a].label} vs villain attack {value}", "turn.attack"
    if kind == "block":
        half = (s.villain_damage(s.lineup[position]) + 1) // 2
        return (
            f"{name}: block with {deck[a].label} vs villain attack {value} (take {half})",
            "turn.block",
        )
    if kind == "heal":
        who = "" if b == seat else f" {s.hero_name(b)}"
        return (
            f"{name}: heal{who} {deck[a].heal} with {deck[a].label}, leave {value} uncontested"
        ), "turn.heal"
    if kind == "story":
        card = deck[a]
        if card.story in ("restore", "pogo"):
            what = f"restore {s.hero_name(b)} to full life"
        elif card.story == "life-boost":
            what = f"Life Boost to {s.hero_name(b)} (you lose 1 bar)"
        elif card.story == "strength":
            what = "use your power twice this round"
        else:
            what = f"remove card {b + 1}, {s.villain_label(s.lineup[b])} (you lose 1 bar)"
        return (
            f"{name}: play {card.name}: {what}; leave {value} uncontested",
            f"story.{_story_rule(card.story)}",
        )
    if kind == "boosted":
        holder = next(h for h, cards in enumerate(s.hands) if b in cards)
        total = deck[a].attack + deck[b].boost
        verb = "attack" if total > value else "block with"
        return (
            f"{name}: {verb} {deck[a].label} + Hero Boost +{deck[b].boost} from "
            f"{s.hero_name(holder)} = {total} vs villain attack {value} "
            f"({s.hero_name(holder)} loses 1 bar)"
        ), "story.hero-boost"
    if kind == "kraken":
        total = deck[a].attack + deck[b].attack
        verb = "attack" if total > value else "block with"
        return (
            f"{name} (Hits Twice, 1 bar): {verb} {deck[a].label} + {deck[b].label} = {total} "
            f"vs villain attack {value}"
        ), "power.kraken"
    if kind == "double":
        total = 2 * deck[a].attack
        verb = "attack" if total > value else "block with"
        return (
            f"{name} (Double Shot, 1 bar): {verb} {deck[a].label} x 2 = {total} vs villain "
            f"attack {value}"
        ), "power.space-boy"
    if kind == "power":
        hero = s.cards.heroes[s.heroes[seat]]
        return f"{name}: use {hero.power_name} (1 bar): {hero.text}", f"power.{hero.power}"
    if kind == "pass":
        return f"{name}: no card can answer, let {value} go uncontested", "turn.no-card"
    if kind == "damage":
        rest = s.pending_damage - a
        return (
            f"Team: {a} damage to {name}" + (f" ({rest} more to place)" if rest else ""),
            "life.damage",
        )
    if kind == "spread":
        return (f"Team: spread {a} damage, each bar on the hero with the most life", "life.damage")
    if kind == "choose":
        return f"Team: {name} faces {facing}", "opt.turn_order"
    if kind == "keep":
        return "Team: keep the cards left in hand and draw up", "end.keep"
    if kind == "discard":
        return f"{name}: discard {deck[a].label}", "end.keep"
    if kind == "pogo":
        return f"{name}: call Pogo, restore to full life (once per game)", "solo.pogo"
    if kind == "horror":
        if a == b:
            return f"{name}: 2 bars to {s.hero_name(a)}", "power.horror"
        return f"{name}: 1 bar each to {s.hero_name(a)} and {s.hero_name(b)}", "power.horror"
    if kind == "swap":
        return (
            f"{name}: swap card {a + 1} ({s.villain_attack(s.lineup[a])}) with card {b + 1} "
            f"({s.villain_attack(s.lineup[b])})"
        ), "power.number-five"
    if kind == "rumor":
        return f"{name}: defeat card {a + 1}, {s.villain_label(s.lineup[a])}", "power.rumor"
    if kind == "seance":
        code = s.lineup[a]
        verb = "defeat" if deck[b].attack > s.villain_attack(code) else "block"
        return (
            f"{name}: play {deck[b].label} from the discard pile to {verb} card {a + 1}, "
            f"{s.villain_label(code)}"
        ), "power.seance"
    if kind == "vanya":
        return (
            f"{name}: remove card {a + 1}, {s.villain_label(s.lineup[a])} ({s.vanya_left} "
            "to remove)"
        ), "power.vanya"
    if kind == "vanya-hit":
        return f"Team: Vanya's 2 damage goes to {s.hero_name(a)}", "power.vanya"
    return f"{kind} {seat} {a} {b}", "turn.order"  # pragma: no cover


def _story_rule(story: str) -> str:
    return {
        "restore": "restore",
        "pogo": "pogo",
        "life-boost": "life-boost",
        "strength": "strength",
        "hero-boost": "hero-boost",
        "rivalry": "rivalry",
    }[story]


def _why_not(s: AcademyState, key: tuple) -> tuple[str, str]:
    """Why a well-formed move is refused here: (message, rule id)."""
    kind, seat, a, b = key
    if s.outcome is not None:
        return "the game is over", s.outcome.rule
    n = len(s.heroes)
    if seat == -1 and kind == "keep":  # team moves have no seat
        return "cards are kept or discarded only at the end of a round", "end.keep"
    if seat == -1 and kind == "spread":
        return "there is no damage to place now", "life.damage"
    if not 0 <= seat < n:
        return f"there is no seat {seat} in a {n}-player game", "setup.heroes"
    name = s.hero_name(seat)
    if s.life[seat] <= 0:
        return f"{name} is dead and can no longer play or receive cards", "life.death"
    stage = s.stage
    deck = s.cards.hero_deck
    if kind in ("attack", "block", "heal", "story", "boosted", "kraken", "double", "pass", "power"):
        if stage != "face":
            return f"the team must first finish the current step ({stage})", _stage_rule(stage)
        if seat != s.responder:
            return (
                f"it is {s.hero_name(s.responder)}'s turn to face the next card, left to right"
            ), "turn.order"
        if not 0 <= a < len(deck) and kind != "power" and kind != "pass":
            return f"there is no hero card number {a}", "setup.decks"
        if kind not in ("power", "pass") and a not in s.hands[seat]:
            return f"{name} does not hold that card ({deck[a].label})", "turn.order"
        position = s.faced_position
        value = s.villain_attack(s.lineup[position])
        if kind == "attack":
            return (
                f"{deck[a].label} does not beat villain attack {value}: an attack must be "
                "strictly higher"
            ), "turn.attack"
        if kind == "block":
            return f"{deck[a].label} is not equal to villain attack {value}", "turn.block"
        if kind == "heal":
            if s.family_effect == "rock-bottom":
                return "Rock Bottom: no Heal actions this round", "family.rock-bottom"
            if deck[a].kind != "attack":
                return "story cards have no heal value", "turn.heal"
            if s.game.options["strict_heal"] and deck[a].attack >= value:
                return (
                    f"{deck[a].label} could attack or block villain attack {value}; heal "
                    "only with a lower card (option strict_heal)"
                ), "turn.heal"
            if b != seat and s.game.options["heal_target"] == "self":
                return "a hero heals only themself (option heal_target)", "opt.heal_target"
            if not 0 <= b < n or s.life[b] <= 0:
                return "only a living hero can be healed", "life.death"
            return "that heal is not one of the legal moves here", "turn.heal"
        if kind == "story":
            card = deck[a]
            if card.kind != "story":
                return f"{card.label} is not a story card", "turn.story"
            if card.story == "life-boost" and 0 <= b < n and s.boosted[b]:
                return (
                    f"{s.hero_name(b)} already had a Life Boost; a hero can have only one"
                ), "life.one-boost"
            if card.story == "life-boost" and b == seat:
                return "a Life Boost is given to another hero", "story.life-boost"
            if card.story == "hero-boost":
                return "a Hero Boost is added to a card as it is played", "story.hero-boost"
            return "that target is not allowed for this storyline", f"story.{card.story}"
        if kind == "boosted":
            if s.family_effect == "brothers":
                return "Brothers Will Fight: no Hero Boost this round", "family.brothers"
            return "that Hero Boost cannot be added to this card here", "story.hero-boost"
        if kind == "pass":
            return f"{name} holds a card that can answer the faced card", "turn.no-card"
        why = _power_ready(s, seat)
        if (
            s.power_of(seat)
            not in ("kraken", "space-boy", "horror", "number-five", "rumor", "seance", "vanya")
            or why == ""
        ):
            return "that is not how this hero's power is used", f"power.{s.power_of(seat)}"
        reasons = {
            "family.apathy": "Apathy: no hero powers this round",
            "power.use": f"{name} has already used their power this round",
            "power.vanya": "Vanya cannot use her power two rounds in a row",
            "power.number-five": "fewer than two cards are left to swap",
            "power.seance": "no card in the discard pile can beat or block a lineup card",
            "power.kraken": "Hits Twice needs two cards in hand",
            "power.space-boy": "Double Shot needs a card in hand",
        }
        return reasons.get(why, "the power cannot be used now"), why
    if kind == "pogo":
        if not s.solo:
            return "Pogo is kept aside only in the solo variant", "solo.pogo"
        return "Pogo has already been used (once per game)", "solo.pogo"
    if kind in ("keep", "discard"):
        return "cards are kept or discarded only at the end of a round", "end.keep"
    if kind in ("damage", "spread"):
        return "there is no damage to place now", "life.damage"
    return f"a {kind} move is not allowed now (step: {stage})", _stage_rule(stage)


def _stage_rule(stage: str) -> str:
    return {
        "damage": "life.damage",
        "keep": "end.keep",
        "face": "turn.order",
        "choose": "opt.turn_order",
        "vanya-hit": "power.vanya",
    }.get(stage, f"power.{stage}")


# Speed: simulations call ``state._do`` after every move and ``state._moves`` often; make them
# the rule functions themselves (same arguments), saving one Python call each time.
AcademyState._do = _play  # type: ignore[method-assign]
AcademyState._moves = _legal_moves  # type: ignore[method-assign]
