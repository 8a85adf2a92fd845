"""Marvel United: the table, its steps and the choices it can wait for.

The state class (``MarvelState``: six locations in a ring, the villain, the heroes, the
Storyline, the missions) and the steps of a turn, in words and with their rules. Every other
module of the game imports it and it imports none of them, only the card data: the table actions
(``actions.py``), the card effects (``effects.py``) and the rules (``rules/``) form a line
above it, not a circle.

The choices an effect leaves to the heroes are steps too, one per name in :data:`ASKS`: the
effects register them there when they are imported, and the step tables below read that table
when a step is looked up. The other tables of card text that a module below the effects reads
(the villain's Overflow and Plot, a Threat's needs, a hero card's Special, the villain's guards)
are here too, filled by ``effects.py`` alike.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from types import MappingProxyType, SimpleNamespace
from typing import TYPE_CHECKING, Any, ClassVar

from umbrella_lab.engine.core import TEAM, State
from umbrella_lab.engine.effects import Table
from umbrella_lab.games.marvel.cards import Cards, HeroCard, PlanCard, Threat

if TYPE_CHECKING:
    from umbrella_lab.engine.core import Result
    from umbrella_lab.games.marvel.cards import Villain

RING = 6
"""Six locations around the mission guide, numbered clockwise [setup.locations]."""
PLAN = 1000
"""A Storyline entry is a hero card by its number, or PLAN + the number of a Master Plan card."""

GUARDS = Table(
    "guard",
    "A dashboard rule that protects the villain: ``protects(s)`` and ``clearable(s, where)``.",
)
"""The dashboard rules that protect a villain, which the table reads; filled by ``effects.py``."""

ASKS = Table(
    "ask",
    "A choice an effect leaves to the heroes: ``choices``, ``words``, ``name`` and ``take``.",
)
"""The choices a table can wait for (its ``ask``), filled by ``effects.py``."""

# The card text the table actions set off (actions.py reads these; effects.py fills them):
OVERFLOWS = Table(
    "overflow",
    "What a token that finds no slot does (a villain's ``overflow``): "
    "``overflow(s, where, thugs, civilians)`` [overflow.*].",
)
PLOTS = Table(
    "plot",
    "The Villainous Plot (a villain's ``plot``): ``plot(s) -> str``, the reason the heroes lose, "
    'or ``""`` [plot.*].',
)
THREATS = Table(
    "threat",
    "A Threat card (``effect`` in ``data/threats.toml``): a small class whose methods act on "
    "arrival, on BAM!, at a turn's start, and say what a Thug, a Civilian or leaving needs "
    "[threat.*].",
)
SPECIALS = Table(
    "special",
    "A hero card's Special (``special`` in ``data/heroes.toml``): ``usable(s, hero)`` and "
    "``use(s, hero)``, with its ``title`` and ``words`` [special.*].",
)


class Steps(Mapping[str, Any]):
    """A table by step: the turn's own steps, then one entry per choice in :data:`ASKS`.

    Args:
        turn: The entries of the turn's own steps.
        choice: ``choice(name, ask)``: the entry of the choice ``name`` (its effect ``ask``).
    """

    def __init__(self, turn: Mapping[str, Any], choice: Callable[[str, Any], Any]) -> None:
        self.turn, self.choice = MappingProxyType(dict(turn)), choice

    def __getitem__(self, step: str) -> Any:
        if step in self.turn:
            return self.turn[step]
        if step in ASKS:
            return self.choice(step, ASKS[step])
        raise KeyError(step)

    def __iter__(self) -> Iterator[str]:
        return iter({**self.turn, **dict.fromkeys(ASKS)})

    def __len__(self) -> int:
        return len({**self.turn, **dict.fromkeys(ASKS)})


STEP_WORDS = Steps(
    {
        "lead": "choose who starts",
        "play": "play a card",
        "act": "take the card's actions or end the turn",
        "": "let the villain act",
        "lose": "choose a card to lose",
    },
    lambda name, ask: f"make the waiting choice ({name})",
)
"""What is done at each step, as it reads after "it is Hulk's turn to" (a decision an effect
waits for is a step of its own, named as the effect names it)."""

STEP_RULES = Steps(
    {
        "lead": "turn.first",
        "play": "turn.play",
        "act": "turn.symbols",
        "": "villain.turn",
        "lose": "hero.damage",
    },
    lambda name, ask: ask.rule,
)
"""The rule each step follows."""

SEAT_AT = Steps({"lose": "asked"}, lambda name, ask: "asked")
"""Who decides at the steps of a waiting choice: the seat it is asked of (``asked``)."""


class MarvelState(State):
    """The table: locations, tokens, threats, the villain, the heroes, cards and missions.

    Heroes are numbered 0, 1, ... in seat order; with 2 to 4 players hero ``h`` is seat
    ``h``; in the solo mode one seat plays three heroes from one hand [solo.cards].

    Attributes:
        cards: The card data (``data/*.toml``).
        options: The game's options (interpretations and variants) [opt.*].
        villain: The villain's dashboard.
        heroes: Hero ids by hero number.
        places: The six locations, clockwise: their numbers in ``cards.locations``.
        thugs, civilians: Thug and Civilian tokens at each location.
        crisis_at: Crisis tokens on each location [extra.crisis].
        threats: The Threat card at each location (its number), or -1 once cleared.
        marks: Damage on a henchman, or Heroic tokens on another Threat, at each location.
        wounded: Thugs at each location that took 1 of the 2 damage they need (elite thugs).
        primed: Civilians at each location that got 1 of the 2 Heroics they need (a trap).
        villain_at: The villain's location; ``health``: the villain's health tokens.
        track: The dashboard track (Red Skull's Fear), 0 without one.
        hero_at, ko, shield, crisis: Each hero's location, KO, Invulnerable token and Crisis
            tokens held.
        hands, decks: Hands and hero decks by seat (the top of a deck is its last card).
        tokens: Action tokens (Move, Attack, Heroic, Wild) by pool: each hero's own, or one
            shared pool in the solo mode [opt.solo_tokens].
        plan_deck: The Master Plan deck (the top is its last card).
        under: Per deck (each hero deck, then the Master Plan deck last), the cards put at its
            bottom since it was last shuffled, where the table saw them go [hero.damage]
            [special.interrogate]; more than the deck holds means all of it.
        on_top: Per deck (the same order), the card the heroes chose to leave on top
            [special.tutor] [special.interrogate], or -1; known while it is still on top.
        storyline: Every card played, in order (hero cards, and PLAN + a Master Plan card).
        since_plan: Hero cards added since the last Master Plan card [turn.cadence].
        pressure: True once the villain is Under Pressure [turn.pressure].
        vulnerable: True once the heroes may damage the villain [mission.vulnerable].
        progress, done: Tokens on each mission, and whether it is complete.
        turn: The seat whose turn it is (-1 before the first hero turn).
        active: The hero acting (-1 between turns).
        step: What the table waits for: "lead", "play", "act", or "" (steps in ``todo``).
        pool: The action symbols left this turn: Move, Attack, Heroic, Wild.
        played: The hero card played this turn (-1 before).
        special: True while the played card's Special may still be used.
        virus: True while the active hero must still ignore a symbol [threat.ultron-virus].
        todo: The steps still to work through, the next one last.
        ask: The decision the table waits for inside a step, or ``None``.
        shuffles: Shuffles dealt so far (with the seed, it fixes the next shuffle).
        turns: Hero turns played; ``plans``: Master Plan cards drawn.
        total: Hero cards in the game (hands, decks and Storyline), a check.
        outcome: The result, once the game is over.
    """

    __slots__ = (
        "active",
        "ask",
        "cards",
        "civilians",
        "crisis",
        "crisis_at",
        "decks",
        "done",
        "hands",
        "health",
        "hero_at",
        "heroes",
        "ko",
        "marks",
        "on_top",
        "options",
        "outcome",
        "places",
        "plan_deck",
        "plans",
        "played",
        "pool",
        "pressure",
        "primed",
        "progress",
        "shield",
        "shuffles",
        "since_plan",
        "special",
        "step",
        "storyline",
        "threats",
        "thugs",
        "todo",
        "tokens",
        "total",
        "track",
        "turn",
        "turns",
        "under",
        "villain",
        "villain_at",
        "virus",
        "vulnerable",
        "wounded",
    )
    cards: Cards
    options: SimpleNamespace
    villain: Villain
    heroes: tuple[str, ...]
    places: tuple[int, ...]
    thugs: list[int]
    civilians: list[int]
    crisis_at: list[int]
    threats: list[int]
    marks: list[int]
    wounded: list[int]
    primed: list[int]
    villain_at: int
    health: int
    track: int
    hero_at: list[int]
    ko: list[bool]
    shield: list[bool]
    crisis: list[int]
    hands: list[list[int]]
    decks: list[list[int]]
    tokens: list[list[int]]
    plan_deck: list[int]
    under: list[int]
    on_top: list[int]
    storyline: list[int]
    since_plan: int
    pressure: bool
    vulnerable: bool
    progress: list[int]
    done: list[bool]
    turn: int
    active: int
    step: str
    pool: list[int]
    played: int
    special: bool
    virus: bool
    todo: list[tuple[Any, ...]]
    ask: Any  # a tuple (the step, the seat deciding, what it reads), or None: read by step
    shuffles: int
    turns: int
    plans: int
    total: int
    outcome: Result | None
    slot_copies: ClassVar[Mapping[str, str]] = {
        "civilians": "list",
        "crisis": "list",
        "crisis_at": "list",
        "decks": "lists",
        "done": "list",
        "hands": "lists",
        "hero_at": "list",
        "ko": "list",
        "marks": "list",
        "on_top": "list",
        "plan_deck": "list",
        "pool": "list",
        "primed": "list",
        "progress": "list",
        "shield": "list",
        "storyline": "list",
        "threats": "list",
        "thugs": "list",
        "todo": "list",
        "tokens": "lists",
        "under": "list",
        "wounded": "list",
    }
    """How the fields the rules change in place are copied; the others are shared."""
    rule_for_unknown_action: ClassVar[str] = "turn.order"
    label_verbs: ClassVar[Mapping[str, str]] = MappingProxyType(
        {"starts": "lead", "move": "go", "rescue": "heroic", "end": "done"}
    )
    chance_steps: ClassVar[bool] = False  # every shuffle is dealt from the state's own luck
    step_field: ClassVar[str] = "now"  # the turn's step, or the decision an effect waits for
    seat_field: ClassVar[str] = "turn"  # the hero whose turn it is decides, but the team leads
    seat_at: ClassVar[Mapping[str, str | int]] = SEAT_AT
    result_field: ClassVar[str] = "outcome"  # how the game ended, None until then
    step_words: ClassVar[Mapping[str, str]] = STEP_WORDS
    step_rules: ClassVar[Mapping[str, str]] = STEP_RULES
    rule_for_turn_order: ClassVar[str] = "turn.order"
    team_name: ClassVar[str] = "the heroes"

    def split_label(self, label: str) -> tuple[str, str, str] | None:
        """A label's parts: who acts, the verb and the rest.

        "Hulk starts" (the team's choice of the first hero) reads as the hero, the verb
        "starts" and nothing more.
        """
        if ": " not in label and label.endswith(" starts"):
            return label.removesuffix(" starts"), "starts", ""
        return super().split_label(label)

    # --- who decides (the engine's to_act, from seat_field and seat_at) -----------------------
    @property
    def asked(self) -> int:
        """The seat a waiting decision is asked of (:data:`TEAM` for the heroes together)."""
        return self.ask[1] if self.ask is not None else self.turn

    @property
    def now(self) -> str:
        """The step the table is at, for the move kinds (``step_field``).

        A decision an effect waits for (its name: ``"lose"``, ``"bam-order"``...), else the
        turn's step: ``"lead"``, ``"play"``, ``"act"`` (``""`` while the villain acts); ``"over"``
        once the game has ended.
        """
        if self.outcome is not None:
            return "over"
        return self.ask[0] if self.ask is not None else self.step

    # --- the table in the rulebook's words --------------------------------------------------
    # (players and solo, the S.H.I.E.L.D. solo mode [solo.cards]: the engine's)
    @property
    def missions_done(self) -> int:
        """How many missions are complete."""
        return sum(self.done)

    def seat_of(self, hero: int) -> int:
        """The seat that plays a hero (always 0 in the solo mode)."""
        return 0 if len(self.hands) == 1 else hero

    def purse(self, hero: int) -> list[int]:
        """The action tokens a hero may spend: its own, or the solo mode's shared pool."""
        return self.tokens[0 if len(self.tokens) == 1 else hero]

    def hand_of(self, hero: int) -> list[int]:
        """The hand a hero plays from and loses cards from (the player's, in solo)."""
        return self.hands[0 if len(self.hands) == 1 else hero]

    def deck_of(self, hero: int) -> list[int]:
        """The deck a hero draws from (the player's one deck, in solo)."""
        return self.decks[self.deck_index(hero)]

    def deck_index(self, hero: int) -> int:
        """The number of the deck a hero draws from, in ``decks``, ``under`` and ``on_top``."""
        return 0 if len(self.decks) == 1 else hero

    def card(self, number: int) -> HeroCard:
        """A hero card by its number."""
        return self.cards.hero_cards[number]

    def plan(self, number: int) -> PlanCard:
        """A Master Plan card by its number."""
        return self.cards.plans[number]

    def threat_at(self, where: int) -> Threat | None:
        """The Threat card covering a location, or ``None``."""
        number = self.threats[where]
        return None if number < 0 else self.cards.threats[number]

    def hero_of(self, card: int) -> int:
        """The hero whose deck a card comes from (by hero number)."""
        return self.heroes.index(self.cards.hero_cards[card].hero)

    def hero_name(self, hero: int) -> str:
        """A hero's name."""
        return self.cards.hero(self.heroes[hero]).name

    def place_name(self, where: int) -> str:
        """A location's name."""
        return self.cards.locations[self.places[where]].name

    def seat_name(self, seat: int) -> str:
        """Who decides for a seat: the hero, S.H.I.E.L.D. in solo, or the heroes together."""
        if seat == TEAM:
            return "The heroes"
        return "S.H.I.E.L.D." if self.solo else self.hero_name(seat)

    def actor(self) -> str:
        """The name of the active hero, for the labels of its moves."""
        return self.hero_name(self.active) if self.active >= 0 else self.seat_name(self.turn)

    def standing(self, where: int) -> list[int]:
        """Heroes at a location who are not KO'd (a KO'd hero is ignored by every effect)."""
        return [h for h, at in enumerate(self.hero_at) if at == where and not self.ko[h]]

    def free(self, where: int) -> int:
        """Empty token slots at a location."""
        slots = self.cards.locations[self.places[where]].slots
        return slots - self.thugs[where] - self.civilians[where]

    def villain_open(self) -> bool:
        """True when an Attack may damage the villain [mission.vulnerable]."""
        if not self.vulnerable or self.missions_done < 2:
            return False
        guard = self.villain.guard
        return not guard or not GUARDS[guard].protects(self)

    def crisis_clearable(self, where: int) -> bool:
        """True when an Attack or a Heroic may discard a Crisis token here (a dashboard rule)."""
        guard = self.villain.guard
        return bool(guard) and GUARDS[guard].clearable(self, where)

    # --- luck -------------------------------------------------------------------------------
    def reshuffled(self, seed: int) -> MarvelState:
        """A copy with new luck: every hero deck and the Master Plan deck shuffled anew."""
        new = self._clone()
        new.seed, new.shuffles = seed, 0
        rng = new._rng()
        for deck in (*new.decks, new.plan_deck):
            rng.shuffle(deck)
        new.under, new.on_top = [0] * len(new.under), [-1] * len(new.on_top)
        new.events = []
        new.say("setup.plan", lambda: f"New luck (seed {seed}): every deck shuffled again.")
        return new

    def redeal(self, seat: int | None, seed: int) -> MarvelState:
        """A table that looks the same to ``seat``, with everything it cannot see dealt anew.

        The heroes hide nothing from each other (every hand is open), so what no seat sees
        is the order of the face-down decks: each hero deck [setup.heroes] and the Master
        Plan deck [setup.plan]. Each is put in card-number order, then shuffled from
        ``seed``, so two tables that look the same give the same copy whatever the old
        orders were (what a search player samples, see ``umbrella_lab.sim.mcts``). While the
        heroes look at the top Master Plan card (Interrogate), that card stays on top
        [special.interrogate]; the rest of its deck is shuffled.

        What the table knows stays: the cards put under a deck since it was last shuffled
        (lost to damage [hero.damage], or under the Master Plan deck by Interrogate) stay at
        its bottom in their order, and a card the heroes chose to leave on top (Tutor,
        Interrogate) stays there; only the cards between are dealt anew.

        Args:
            seat: The seat whose view is kept, or ``None`` for the whole table (the same
                here: every seat sees the same table).
            seed: The new luck.

        Raises:
            ValueError: for a seat that is not at the table.
        """
        if seat is not None and not 0 <= seat < len(self.hands):
            msg = f"there is no seat {seat!r} in a {len(self.hands)}-player game"
            raise ValueError(msg)
        new = self._clone()
        new.seed, new.shuffles, new.events = seed, 0, []
        rng = new._rng()
        looking = _looking_at_the_plan(new)
        for index, deck in enumerate((*new.decks, new.plan_deck)):
            top = new.on_top[index]
            shown = bool(deck) and (deck[-1] == top or (looking and deck is new.plan_deck))
            kept_top = [deck.pop()] if shown else []
            under = min(new.under[index], len(deck))
            hidden = sorted(deck[under:])
            rng.shuffle(hidden)
            deck[under:] = hidden + kept_top
        new.say(
            "setup.plan",
            lambda: f"New luck (seed {seed}): the hero decks and the Master Plan deck dealt anew.",
        )
        return new

    # --- checks and tables ------------------------------------------------------------------
    def check(self) -> list[str]:
        """Cards conserved, tokens within the slots, numbers in bounds, the step consistent."""
        problems = []
        heroes_cards = sum(len(h) for h in self.hands) + sum(len(d) for d in self.decks)
        heroes_cards += sum(1 for entry in self.storyline if entry < PLAN)
        if heroes_cards != self.total:
            problems.append(f"{heroes_cards} hero cards on the table, not {self.total}")
        plans = len(self.plan_deck) + sum(1 for entry in self.storyline if entry >= PLAN)
        deck = sum(1 for p in self.cards.plans if p.villain == self.villain.id)
        if plans != deck:
            problems.append(f"{plans} Master Plan cards, not {deck}")
        for where in range(RING):
            if self.free(where) < 0:
                problems.append(f"{self.place_name(where)} holds more tokens than slots")
            if min(self.thugs[where], self.civilians[where], self.crisis_at[where]) < 0:
                problems.append(f"negative tokens at {self.place_name(where)}")
            threat = self.threat_at(where)
            if threat is not None and self.marks[where] >= max(threat.health, threat.heroics):
                problems.append(f"{threat.name} should have been cleared")
        for index, mission in enumerate(self.cards.missions):
            if not 0 <= self.progress[index] <= mission.size:
                problems.append(f"{mission.name} holds {self.progress[index]} tokens")
            if self.done[index] != (self.progress[index] == mission.size):
                problems.append(f"{mission.name} complete is {self.done[index]}")
        if self.outcome is None and self.health <= 0:
            problems.append("the villain has no health but the game goes on")
        if min(min(pool) for pool in self.tokens) < 0 or min(self.pool) < 0:
            problems.append("a negative number of action symbols or tokens")
        if self.outcome is None and self.ask is None and self.todo:
            problems.append("steps are waiting but nobody decides")
        return problems

    def summary(self) -> dict[str, Any]:
        """One row of facts for simulation tables."""
        return {
            "villain": self.villain.id,
            "turns": self.turns,
            "plans": self.plans,
            "missions": self.missions_done,
            "health": self.health,
            "track": self.track,
            "kos": sum(self.ko),
        }

    def __repr__(self) -> str:
        where = "over" if self.outcome else f"step {self.step or self.ask}"
        return f"<Marvel United state: {self.villain.name}, {len(self.heroes)} heroes, {where}>"


def _looking_at_the_plan(s: MarvelState) -> bool:
    """True while the heroes see the top Master Plan card (Interrogate) [special.interrogate]."""
    return s.ask is not None and s.ask[0] == "interrogate" and bool(s.plan_deck)
