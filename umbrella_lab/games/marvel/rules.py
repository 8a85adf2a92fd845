"""Marvel United: the rules, in the rulebook's order.

Rule ids in brackets point into the digest ``digest.md`` (next to this file); every event in the
log and every refused move names one of them. What a dashboard, a Master Plan card, a Threat,
a Location or a hero card's Special does is named in the data files and written in
``effects.py``.

1. The table [aim]: ``MarvelState`` (in ``state.py``): six locations in a ring, the villain,
   the heroes, the Storyline, the missions.
2. Setup [setup.*]: ``setup`` deals it all and plays the first villain turn.
3. How the rules run: the villain turn and the end of a hero turn are a list of steps
   (``s.todo``), worked through by ``run`` until the heroes must decide something (``s.ask``).
4. The villain turn [villain.*]: a Master Plan card, the move, BAM!, tokens, the Special.
5. Tokens, Overflow and missions [villain.tokens] [villain.overflow] [mission.*].
6. Threats [threat.*]; 7. Damage and KO [hero.*]. The effects do these too, so they are
   ``actions.py``: the table actions both use (place tokens, hit, hurt, give Crisis tokens).
8. The hero turn [turn.*]: the moves ``Lead`` (who starts), ``Play`` (a card to the
   Storyline), ``Go``, ``Attack``, ``Heroic`` (the actions), ``Special``, ``Visit`` (the
   location's End of Turn effect) and ``Done``; ``Lose`` (the card a hero loses to damage) and
   ``Choose`` (every other choice an effect leaves to the heroes).
9. The end [end.*]: one win and the losses.

>>> import umbrella_lab as ul
>>> state = ul.load("marvel", players=2, heroes=("hulk", "wasp")).new(seed=3)
>>> state.step, state.to_act == ul.TEAM
('lead', True)
>>> [action.label for action in state.legal_actions()]
['Hulk starts', 'Wasp starts']
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Annotated, TypeVar, cast

from umbrella_lab.engine.core import TEAM, Event, Game
from umbrella_lab.engine.data import cached_by_files
from umbrella_lab.engine.errors import OptionError
from umbrella_lab.engine.moves import ByName, Move, Words
from umbrella_lab.engine.words import plural
from umbrella_lab.games.marvel import effects
from umbrella_lab.games.marvel.actions import (
    PLAN,
    RING,
    TARGETS,
    THUG,
    VILLAIN,
    add_symbols,
    ask,
    attack_targets,
    card_id,
    card_number,
    card_words,
    check_plot,
    clear_threat,
    draw,
    draw_to,
    finish,
    hero_id,
    hero_number,
    hurt,
    knock_out,
    later,
    leave_moves,
    lose_card,
    place,
    place_id,
    place_number,
    previous_hero_card,
    rescue,
    rescue_heroics,
    strike,
    symbols_words,
    target_words,
)
from umbrella_lab.games.marvel.cards import (
    ATTACK,
    DATA_FILES,
    HEROIC,
    MOVE,
    SYMBOL_NAMES,
    WILD,
    Cards,
    Threat,
    load_cards,
)
from umbrella_lab.games.marvel.state import MarvelState

# --- 1. The table ------------------------------------------------------------------------------
# The table itself, ``MarvelState``, and the steps of a turn are in state.py, below the table
# actions, the effects and these rules, which all import it.
# The heroes win together by taking the villain's last health token; they lose together when
# the villain's master plan comes true [aim]. The ring of six (``RING``), the Storyline's
# Master Plan entries (``PLAN``) and what an Attack may hit (``TARGETS``) are in actions.py.

HAND = 3  # cards in hand at setup [setup.hands]
SOLO_HAND = 5  # [solo.setup]
SOLO_HEROES = 3  # [solo.setup]
KO_DRAW = 4  # a hero back from a KO draws up to this many [hero.standup]
PAY = ("card", "token")
"""How an action is paid [turn.tokens]: ``card``: the symbols of this turn first, then action
tokens; ``token``: action tokens first, then the symbols."""
CARD, TOKEN = range(2)
HELPS = ("civilian", "threat", "crisis")
"""What a Heroic action may do [turn.heroic]: rescue a Civilian, a token on a Threat, or a
Crisis token where a dashboard allows."""
CIVILIAN, THREAT = range(2)
NOBODY = -1


# --- 2. Setup ---------------------------------------------------------------------------------


@cached_by_files(*DATA_FILES)
def known_cards(folder: Path | None) -> Cards:
    """The card data, checked against the effects this game knows (``effects.KNOWN``)."""
    return load_cards(folder, effects.KNOWN)


def settings(game: Game) -> tuple[Cards, tuple[str, ...]]:
    """The game's card data and chosen heroes, read and checked once per game [setup.heroes].

    The packaged data is read once; a data folder is read again whenever one of its files has
    changed (``cached_by_files``), so an edited folder is seen at the next ``ul.load``.
    """
    found = game.extra.get("marvel.cards")
    if found is None:
        cards = known_cards(game.options["data"])
        wanted = game.options["heroes"]
        count = SOLO_HEROES if game.players == 1 else game.players
        ids = {hero.id for hero in cards.heroes}
        if game.options["villain"] not in {v.id for v in cards.villains}:
            msg = f"marvel: the data holds no villain {game.options['villain']!r}"
            raise OptionError(msg)
        if game.options["challenge"] != "none":
            if game.options["challenge"] not in {c.id for c in cards.challenges}:
                msg = f"marvel: the data holds no challenge {game.options['challenge']!r}"
                raise OptionError(msg)
            if game.players == 1 and not cards.challenge(game.options["challenge"]).solo:
                msg = f"marvel: the challenge {game.options['challenge']!r} is not for solo games"
                raise OptionError(msg)
        if wanted is not None:
            wanted = tuple(wanted)
            unknown = [hero for hero in wanted if hero not in ids]
            if unknown:
                msg = f"marvel: no hero {unknown[0]!r}; the heroes are {', '.join(sorted(ids))}"
                raise OptionError(msg)
            if len(wanted) != count or len(set(wanted)) != count:
                msg = f"marvel: give {count} different heroes for {plural(game.players, 'player')}"
                raise OptionError(msg)
        if len(ids) < count:
            msg = f"marvel: the data holds {len(ids)} heroes; {count} are needed"
            raise OptionError(msg)
        found = game.extra["marvel.cards"] = (cards, wanted)
    return found


def check_table(game: Game) -> None:
    """The settings as a whole, when the game is loaded: data, villain, heroes, challenge."""
    settings(game)


def setup(game: Game, seed: int, events: list | None) -> MarvelState:
    """Deal the table and play the first villain turn [setup.*] [villain.turn]."""
    cards, wanted = settings(game)
    options = SimpleNamespace(**game.options)
    s = MarvelState.__new__(MarvelState)
    s.game, s.seed, s.events, s.cards, s.options = game, seed, events, cards, options
    s.shuffles, s.turns, s.plans, s.outcome = 0, 0, 0, None
    rng = s._rng()
    count = SOLO_HEROES if game.players == 1 else game.players
    if wanted is None:
        wanted = tuple(rng.sample(sorted(hero.id for hero in cards.heroes), count))
    s.heroes = wanted
    # 1. the missions [setup.missions]
    s.progress, s.done = [0] * len(cards.missions), [False] * len(cards.missions)
    s.say(
        "setup.missions",
        lambda: "Missions: " + ", ".join(f"{m.name} ({m.size})" for m in cards.missions) + ".",
    )
    # 2. the villain and its health [setup.villain] [setup.health]
    s.villain = cards.villain(options.villain)
    s.health, s.track = s.villain.health(count), 0
    s.say("setup.villain", lambda: f"The villain is {s.villain.name}.")
    s.say("setup.health", lambda: f"{s.villain.name} has {s.health} health for {count} heroes.")
    # 3. six locations at random, with their tokens [setup.locations]
    s.places = tuple(rng.sample(range(len(cards.locations)), RING))
    s.thugs = [cards.locations[p].thugs for p in s.places]
    s.civilians = [cards.locations[p].civilians for p in s.places]
    s.crisis_at, s.wounded, s.primed = [0] * RING, [0] * RING, [0] * RING
    s.say(
        "setup.locations",
        lambda: "Locations, clockwise: " + ", ".join(s.place_name(w) for w in range(RING)) + ".",
    )
    # 4. the villain's six threats, one a location [setup.threats]
    mine = [n for n, t in enumerate(cards.threats) if t.villain == s.villain.id]
    rng.shuffle(mine)
    s.threats = mine[:RING]
    s.marks = [0] * RING
    s.say(
        "setup.threats",
        lambda: (
            "Threats: "
            + ", ".join(
                f"{cast('Threat', s.threat_at(w)).name} at {s.place_name(w)}" for w in range(RING)
            )
            + "."
        ),
    )
    # 6. the Master Plan deck and the villain's place [setup.plan]
    s.plan_deck = [n for n, p in enumerate(cards.plans) if p.villain == s.villain.id]
    rng.shuffle(s.plan_deck)
    s.villain_at = rng.randrange(RING)
    s.say(
        "setup.plan",
        lambda: (
            f"{s.villain.name} starts at {s.place_name(s.villain_at)}; the Master Plan deck "
            f"holds {len(s.plan_deck)} cards."
        ),
    )
    # 7. the heroes opposite the villain, their decks shuffled [setup.heroes] [setup.challenge]
    start = (s.villain_at + RING // 2) % RING
    s.hero_at, s.ko, s.shield, s.crisis = (
        [start] * count,
        [False] * count,
        [False] * count,
        [0] * count,
    )
    removed = challenge_words(options.challenge, cards)
    decks = []
    for wanted_id in wanted:
        deck = [n for n, c in enumerate(cards.hero_cards) if c.hero == wanted_id]
        for word in removed:
            marked = [n for n in deck if cards.hero_cards[n].challenge == word]
            if marked:
                deck.remove(marked[0])  # one copy only [challenge.moderate]
        decks.append(deck)
    if game.players == 1:  # one shuffled deck of three heroes [solo.setup]
        decks = [[n for deck in decks for n in deck]]
    for deck in decks:
        rng.shuffle(deck)
    s.decks = decks
    s.total = sum(len(deck) for deck in decks)
    s.say(
        "setup.heroes",
        lambda: (
            ", ".join(s.hero_name(h) for h in range(count))
            + f" start at {s.place_name(start)}, opposite the villain."
        ),
    )
    if removed:
        s.say(
            "setup.challenge",
            lambda: f"The heroes take on the {cards.challenge(options.challenge).name}.",
        )
        rule = f"challenge.{options.challenge}"  # [challenge.*]; a challenge of edited data:
        rule = rule if rule in game.rules else "setup.challenge"  # the setup's rule
        s.say(rule, lambda: "The " + " and ".join(removed) + " cards leave every hero deck.")
    # 8. hands [setup.hands] [solo.setup]
    size = SOLO_HAND if game.players == 1 else HAND
    s.hands = [[] for _ in decks]
    for seat in range(len(decks)):
        for _ in range(size):
            s.hands[seat].append(s.decks[seat].pop())
    s.say(
        "solo.setup" if game.players == 1 else "setup.hands",
        lambda: f"Each player draws {size} cards.",
    )
    pools = 1 if game.players == 1 and options.solo_tokens == "shared" else count
    s.tokens = [[0, 0, 0, 0] for _ in range(pools)]
    s.under, s.on_top = [0] * (len(decks) + 1), [-1] * (len(decks) + 1)
    s.storyline, s.since_plan, s.pressure, s.vulnerable = [], 0, False, True
    s.turn, s.active, s.step, s.pool, s.played = -1, -1, "", [0, 0, 0, 0], -1
    s.special, s.virus, s.ask = False, False, None
    s.todo = [("first-hero",), ("villain",)]  # the game starts with the villain [villain.turn]
    run(s)
    return s


def challenge_words(challenge: str, cards: Cards) -> list[str]:
    """Which marked cards a challenge removes ("moderate", "hard") [setup.challenge]."""
    return [] if challenge == "none" else cards.challenge(challenge).removes.split()


def plan_reading(s: MarvelState, number: int) -> tuple[bool, tuple[str, str, str]]:
    """A Master Plan card's BAM! and tokens as the options read the disputed cards.

    The data holds the majority reading; an option that chooses the other reading changes the
    card when it is resolved, so the deck itself never changes.

    [opt.hail_hydra_bam] [opt.insurgency_bam] [opt.ultron_m1_bam] [opt.ultron_m1_centre]
    """
    card = s.plan(number)
    bam, sides = card.bam, (card.ccw, card.here, card.cw)
    o = s.options
    if card.special == "hail-hydra" and o.hail_hydra_bam:
        bam = True
    if card.special == "hydra-insurgency" and o.insurgency_bam == "one":
        first = next(n for n, p in enumerate(s.cards.plans) if p.special == "hydra-insurgency")
        bam = number == first
    if card.villain == "ultron" and card.move == 1 and not card.special:
        bam = bam or o.ultron_m1_bam
        if o.ultron_m1_centre == 3:
            sides = (card.ccw, card.here[0] * 3, card.cw)
    return bam, sides


# --- 3. How the rules run: steps and decisions ------------------------------------------------
# A villain turn, the end of a hero turn and many effects are a list of steps. ``later`` puts
# steps in line (the first one given runs first, before anything already waiting); ``run``
# works through them until the game ends or a step asks the heroes to decide (``s.ask``).
# ``later``, ``ask`` and ``finish`` are in actions.py: the effects use them too.


def run(s: MarvelState) -> None:
    """Work through the waiting steps until a decision is needed or the game ends."""
    while s.todo and s.ask is None and s.outcome is None:
        step = s.todo.pop()
        (STEPS.get(step[0]) or effects.STEPS[step[0]])(s, *step[1:])
    if s.outcome is not None:
        s.todo.clear()
        s.ask = None


# --- 4. The villain turn ----------------------------------------------------------------------


def villain_turn(s: MarvelState) -> None:
    """Draw the top Master Plan card onto the Storyline; resolve it top to bottom [villain.turn].

    An empty deck when a card is needed loses the game [end.plan-empty].
    """
    s.step, s.active = "", -1
    if not s.plan_deck:
        finish(s, False, "end.plan-empty", "The Master Plan deck is empty: the villain wins.")
        return
    number = s.plan_deck.pop()
    s.storyline.append(PLAN + number)
    s.since_plan, s.plans = 0, s.plans + 1
    if s.options.pressure == "after-plan" and any(s.done) and not s.pressure:
        s.pressure = True
        s.say(
            "opt.pressure", lambda: "From this Master Plan card on, the villain is Under Pressure."
        )
    card = s.plan(number)
    bam, sides = plan_reading(s, number)
    s.say("villain.turn", lambda: f"Master Plan card: {card.title}.")
    steps: list[tuple] = [("villain-move", card.move)]
    if bam:
        steps.append(("bam",))
    if any(sides):
        steps.append(("tokens", sides))
    if card.special:
        steps.append(("plan-special", number))
    steps.append(("villain-end",))
    later(s, *steps)


def villain_move(s: MarvelState, steps: int) -> None:
    """The villain moves clockwise; the Threat where it stops acts, even after a move of 0.

    [villain.move] [villain.arrive]
    """
    s.villain_at = (s.villain_at + steps) % RING
    s.say(
        "villain.move",
        lambda: (
            f"{s.villain.name} moves {steps} clockwise to {s.place_name(s.villain_at)}."
            if steps
            else f"{s.villain.name} stays at {s.place_name(s.villain_at)} (a move of 0)."
        ),
    )
    threat = s.threat_at(s.villain_at)
    if threat is not None and threat.trigger == "arrive":
        s.say("villain.arrive", lambda: f"{threat.name} acts: the villain is at its location.")
        effects.THREATS[threat.effect].arrive(s, s.villain_at, threat)


def bam(s: MarvelState) -> None:
    """BAM!: the dashboard's BAM, then every Threat's BAM [villain.bam] [villain.threat-bam]."""
    s.say("villain.bam", lambda: "BAM!")
    later(s, ("dashboard", "villain.bam"), ("threat-bams",))


def dashboard(s: MarvelState, rule: str) -> None:
    """The villain dashboard's BAM effect (also after a KO) [villain.bam] [hero.ko-bam]."""
    effects.DASHBOARDS[s.villain.bam](s, rule)


def threat_bams(s: MarvelState) -> None:
    """Each Threat with a BAM acts, in the order the heroes choose or clockwise.

    Several at once: the heroes choose the next one ("the players decide" ties), or with
    bam_order="clockwise" they go clockwise from the villain's location [opt.bam_order].
    """
    order = [(s.villain_at + k) % RING for k in range(RING)]
    waiting = tuple(w for w in order if (t := s.threat_at(w)) is not None and t.trigger == "bam")
    if len(waiting) > 1 and s.options.bam_order == "team":
        ask(s, "bam-order", TEAM, waiting)
        return
    later(s, *(("threat-bam", w) for w in waiting))


def threat_bam(s: MarvelState, where: int) -> None:
    """One Threat's BAM [villain.threat-bam]."""
    threat = s.threat_at(where)
    if threat is not None:
        s.say("villain.threat-bam", lambda: f"{threat.name} at {s.place_name(where)}: BAM!")
        effects.THREATS[threat.effect].bam(s, where, threat)


def place_tokens(s: MarvelState, sides: tuple[str, str, str]) -> None:
    """Tokens at the three locations around the villain, clockwise [villain.tokens].

    The first location is the one counter-clockwise of the villain, then the villain's own,
    then the one clockwise; at each, Thugs first, then Civilians.
    """
    steps = [
        (
            "place",
            (s.villain_at + offset) % RING,
            side.count("T"),
            side.count("C"),
            "villain.tokens",
        )
        for offset, side in zip((-1, 0, 1), sides, strict=True)
        if side
    ]
    later(s, *steps)


def plan_special(s: MarvelState, number: int) -> None:
    """The Master Plan card's Special effect, last [villain.special]."""
    card = s.plan(number)
    s.say("villain.special", lambda: f"Special effect: {card.name}")
    effects.PLANS[card.special](s, number)


def villain_end(s: MarvelState) -> None:
    """The villain turn is over: the plot is checked once more [opt.ultron_check]."""
    check_plot(s)


def first_hero(s: MarvelState) -> None:
    """After the first villain turn the heroes choose who starts [turn.first]; solo: you."""
    if len(s.hands) == 1:
        s.turn = 0
        later(s, ("begin",))
    else:
        s.step = "lead"


# --- 5. Tokens, Overflow and missions; 6. Threats; 7. Damage and KO -------------------------
# These are the table actions the effects use too (place tokens, hit a Thug, give Crisis tokens,
# hurt a hero...): they are in actions.py, in the rulebook's order.


# --- 8. The hero turn -------------------------------------------------------------------------
# Adding a card's symbols, what an Attack may hit and how it strikes are in actions.py too.


def begin_turn(s: MarvelState) -> None:
    """Start the turn of the seat whose turn it is [turn.order] [turn.draw].

    A hero with no card in deck or hand loses the game for everyone [end.no-cards]. A KO'd hero
    stands up [hero.standup]; an Invulnerable token is removed [extra.invulnerable]; a Threat
    at the hero's location may act [threat.bob] [threat.ultron-virus]. Then the draw: 1 card,
    or up to 4 after a KO.
    """
    seat = s.turn
    s.step, s.active, s.pool, s.played, s.special, s.virus = "", -1, [0, 0, 0, 0], -1, False, False
    if s.missions_done >= 2 and not s.vulnerable:
        s.vulnerable = True
        s.say("opt.vulnerable_at", lambda: "From this turn on, the villain can be damaged.")
    if not s.hands[seat] and not s.decks[seat]:
        finish(
            s,
            False,
            "end.no-cards",
            f"{s.seat_name(seat)} starts a turn with no cards in deck or hand: the heroes lose.",
        )
        return
    if len(s.hands) == 1:  # solo: the card played says which hero acts [solo.cards]
        if s.options.solo_shrink == "turn" and any(s.shield):
            s.shield = [False] * len(s.heroes)
            s.say("opt.solo_shrink", lambda: "Your Invulnerable tokens are removed.")
        drawn = draw(s, 0, 1)
        s.say("turn.draw", lambda: f"S.H.I.E.L.D.'s turn: you draw {drawn} card.")
        s.step = "play"
        return
    hero = seat
    if s.shield[hero]:
        s.shield[hero] = False
        s.say("extra.invulnerable", lambda: f"{s.hero_name(hero)}'s Invulnerable token is removed.")
    knocked = s.ko[hero]
    if knocked:
        s.ko[hero] = False
        s.say("hero.standup", lambda: f"{s.hero_name(hero)} stands up again.")
    start_threat(s, hero)
    if knocked:
        drawn = draw_to(s, hero, KO_DRAW)
        s.say(
            "hero.standup",
            lambda: f"{s.hero_name(hero)} draws up to 4: {plural(drawn, 'card')}.",
        )
    else:
        drawn = draw(s, hero, 1)
        s.say("turn.draw", lambda: f"{s.hero_name(hero)}'s turn: draws {drawn} card.")
    s.step = "play"


def start_threat(s: MarvelState, hero: int) -> None:
    """A Threat that acts on a hero starting a turn at its location [threat.bob]."""
    threat = s.threat_at(s.hero_at[hero])
    if threat is not None and threat.trigger == "start":
        effects.THREATS[threat.effect].start(s, s.hero_at[hero], threat, hero)


def end_actions(s: MarvelState) -> None:
    """The actions are over: unused symbols and an unused Special are lost [turn.done].

    A Thug's first damage and a trapped Civilian's first Heroic last only to the end of the
    turn [opt.elite_same_turn] [opt.trap_same_turn].
    """
    s.pool, s.special, s.virus = [0, 0, 0, 0], False, False
    if s.options.elite_same_turn:
        s.wounded = [0] * RING
    if s.options.trap_same_turn:
        s.primed = [0] * RING
    s.step = ""


def end_turn(s: MarvelState) -> None:
    """The end of a hero turn: the last card played KOs now [hero.last-card].

    Then a Master Plan card if the cadence asks for one [turn.cadence]; then the next seat
    [turn.order].
    """
    hero = s.active
    later(s, ("last-card", hero), ("cadence",), ("next-turn",))


def last_card(s: MarvelState, hero: int) -> None:
    """A hero who played the last card finished the turn; now the KO [hero.last-card]."""
    if hero >= 0 and not s.ko[hero] and not s.hand_of(hero):
        s.say("hero.last-card", lambda: f"{s.hero_name(hero)} played the last card in hand.")
        knock_out(s, hero)


def cadence(s: MarvelState) -> None:
    """A Master Plan card after every 3 hero cards, every 2 Under Pressure [turn.cadence]."""
    every = 2 if s.pressure else 3
    if s.since_plan >= every:
        s.say(
            "turn.cadence",
            lambda: f"{s.since_plan} hero cards since the last Master Plan card: the villain acts.",
        )
        later(s, ("villain",))


def next_turn(s: MarvelState) -> None:
    """The next seat clockwise takes its turn [turn.order]."""
    s.active = -1
    s.turn = (s.turn + 1) % len(s.hands)
    s.say("turn.order", lambda: f"The turn passes to {s.seat_name(s.turn)}.")
    later(s, ("begin",))


STEPS: dict[str, Callable[..., None]] = {
    "villain": villain_turn,
    "villain-move": villain_move,
    "bam": bam,
    "dashboard": dashboard,
    "threat-bams": threat_bams,
    "threat-bam": threat_bam,
    "tokens": place_tokens,
    "place": place,
    "plan-special": plan_special,
    "villain-end": villain_end,
    "first-hero": first_hero,
    "hurt": hurt,
    "begin": begin_turn,
    "last-card": last_card,
    "cadence": cadence,
    "next-turn": next_turn,
    "end-turn": end_turn,
}
"""Every kind of step, by the word ``s.todo`` names it with (the effects' own steps are in
``effects.STEPS``)."""


# --- the words of cards, heroes and places in ids ----------------------------------------------
# (``card_words``, ``card_id``, ``hero_id``, ``place_id`` and their readers are in actions.py)

CardName = Annotated[int, ByName(card_id, card_number, "card")]
HeroName = Annotated[int, ByName(hero_id, hero_number, "hero")]
PlaceName = Annotated[int, ByName(place_id, place_number, "location")]
Pay = Annotated[int, Words(PAY, "payment")]
Target = Annotated[int, Words(TARGETS, "target")]
Help = Annotated[int, Words(HELPS, "heroic target")]


# --- the hero's moves -------------------------------------------------------------------------


class Lead(Move):
    """The heroes choose which hero takes the first hero turn [turn.first]."""

    rule, steps, by = "turn.first", ("lead",), TEAM
    when = "the heroes choose who starts at the start of the game"
    hero: HeroName

    @staticmethod
    def legal(s: MarvelState) -> list[Lead]:
        return [Lead(h) for h in range(len(s.heroes))]

    def play(self, s: MarvelState) -> None:
        s.say("turn.first", lambda: f"The heroes choose: {s.hero_name(self.hero)} starts.")
        s.turn, s.step = self.hero, ""
        later(s, ("begin",))
        run(s)

    def label(self, s: MarvelState) -> str:
        return f"{s.hero_name(self.hero)} starts"

    def refusal(self, s: MarvelState) -> tuple[str, str]:
        return "there is no such hero", "turn.first"


class Play(Move):
    """Play a card from hand to the end of the Storyline [turn.play].

    Its bottom symbols and those of the previous hero card are this turn's actions
    [turn.symbols]; in solo any hero's card, and that hero acts [solo.cards].
    """

    rule, steps = "turn.play", ("play",)
    when = "a card is played at the start of a hero's turn"
    seat: int
    card: CardName

    @staticmethod
    def legal(s: MarvelState) -> list[Play]:
        return [Play(s.turn, card) for card in s.hands[s.turn]]

    def play(self, s: MarvelState) -> None:
        hand = s.hands[self.seat]
        hand.remove(self.card)
        s.storyline.append(self.card)
        s.since_plan, s.turns = s.since_plan + 1, s.turns + 1
        hero = s.hero_of(self.card) if len(s.hands) == 1 else self.seat
        s.active, s.played = hero, self.card
        s.say("turn.play", lambda: f"{s.hero_name(hero)} plays {card_words(s, self.card)}.")
        if len(s.hands) == 1:  # solo: the hero whose card it is starts its turn now
            s.say(
                "solo.cards",
                lambda: f"The card is {s.hero_name(hero)}'s: {s.hero_name(hero)} acts.",
            )
            if s.shield[hero] and s.options.solo_shrink == "hero":
                s.shield[hero] = False
                s.say(
                    "extra.invulnerable",
                    lambda: f"{s.hero_name(hero)}'s Invulnerable token is removed.",
                )
            start_threat(s, hero)
        previous = previous_hero_card(s, len(s.storyline) - 1)
        s.pool = list(s.card(self.card).counts)
        add_symbols(s, previous)
        s.special = bool(s.card(self.card).special)
        s.say(
            "turn.symbols",
            lambda: (
                f"Actions this turn: {symbols_words(s.pool)}"
                + (f" (with {card_words(s, previous)})." if previous >= 0 else ".")
            ),
        )
        s.step = "act"
        if s.virus:  # an Ultron Virus takes 1 symbol of the hero's choice [threat.ultron-virus]
            if any(s.pool):
                ask(s, "virus", self.seat)
            else:
                s.virus = False
        run(s)

    def label(self, s: MarvelState) -> str:
        hero = s.hero_of(self.card) if len(s.hands) == 1 else self.seat
        return f"{s.hero_name(hero)}: play {card_words(s, self.card)} [{card_id(s, self.card)}]"

    def refusal(self, s: MarvelState) -> tuple[str, str]:
        return "that card is not in hand", "turn.play"


PAY_ORDER = {
    mode: tuple(
        ((False, kind), (False, WILD), (True, kind), (True, WILD))
        if mode == CARD
        else ((True, kind), (True, WILD), (False, kind), (False, WILD))
        for kind in range(len(SYMBOL_NAMES))
    )
    for mode in (CARD, TOKEN)
}
"""Where each way to pay looks for a unit, first to last, by the kind of action [turn.tokens]."""


def payment(s: MarvelState, kind: int, count: int, mode: int) -> list[tuple[bool, int]] | None:
    """The units that pay ``count`` actions of a kind: (from a token?, symbol) each, or None.

    ``card``: this turn's symbols first (the exact symbol, then a Wild), then action tokens;
    ``token``: action tokens first, then the symbols [turn.tokens] [turn.wild].
    """
    order = PAY_ORDER[mode][kind]
    pool, purse = s.pool, s.purse(s.active)
    if count == 1:  # one unit: the first place that holds one
        for token, symbol in order:
            if (purse if token else pool)[symbol]:
                return [(token, symbol)]
        return None
    pool, purse = pool[:], purse[:]
    units = []
    for _ in range(count):
        for token, symbol in order:
            source = purse if token else pool
            if source[symbol]:
                source[symbol] -= 1
                units.append((token, symbol))
                break
        else:
            return None
    return units


def pay_modes(s: MarvelState, kind: int, count: int) -> list[int]:
    """The ways to pay that differ: by the symbols first, or by tokens first [turn.tokens]."""
    first = payment(s, kind, count, CARD)
    if first is None:
        return []
    other = payment(s, kind, count, TOKEN)
    return [CARD] if other == first else [CARD, TOKEN]


def spend(s: MarvelState, kind: int, count: int, mode: int) -> str:
    """Pay for an action; the words say what paid, if tokens or Wilds did."""
    pool = s.pool
    if count == 1 and mode == CARD and pool[kind]:  # this turn's own symbol: nothing to say
        pool[kind] -= 1
        return ""
    units = payment(s, kind, count, mode) or []
    purse = s.purse(s.active)
    for token, symbol in units:
        (purse if token else s.pool)[symbol] -= 1
    if units == [(False, kind)]:  # this turn's own symbol: nothing to say
        return ""
    if kind != WILD and any(symbol == WILD for _, symbol in units):  # [turn.wild]
        s.say("turn.wild", lambda: f"A Wild pays for a {SYMBOL_NAMES[kind]} action.")
    extra = [
        f"a {SYMBOL_NAMES[symbol]} {'token' if token else 'symbol'}"
        for token, symbol in units
        if token or symbol != kind
    ]
    return f" (paid with {', '.join(extra)})" if extra else ""


_Act = TypeVar("_Act", bound=Move)


def symbol_actions(
    s: MarvelState, kind: type[_Act], symbol: int, targets: Callable[[MarvelState, int], list[int]]
) -> list[_Act]:
    """One action of a symbol at the active hero's location: each target, each way to pay.

    [turn.symbols] [turn.tokens]
    """
    modes = pay_modes(s, symbol, 1)
    if not modes:
        return []
    where = s.hero_at[s.active]
    return [kind(s.turn, t, m) for t in targets(s, where) for m in modes]


def pay_words(s: MarvelState, kind: int, count: int, mode: int) -> str:
    """How a move pays, for its label, when it is not just this turn's own symbols."""
    units = payment(s, kind, count, mode) or []
    extra = [
        f"{SYMBOL_NAMES[symbol]} {'token' if token else 'symbol'}"
        for token, symbol in units
        if token or symbol != kind
    ]
    return f" (with {' + '.join(extra)})" if extra else ""


class Go(Move):
    """Move: the active hero goes to an adjacent location, either way [turn.move].

    Leaving a location may take more Move actions (an Entangling Trap) [threat.entangling-trap].
    """

    rule, steps = "turn.move", ("act",)
    when = "actions are taken after the card is played"
    seat: int
    to: PlaceName
    pay: Pay

    @staticmethod
    def legal(s: MarvelState) -> list[Go]:
        here = s.hero_at[s.active]
        cost = leave_moves(s, here)
        modes = pay_modes(s, MOVE, cost)
        return [Go(s.turn, (here + side) % RING, m) for side in (-1, 1) for m in modes]

    @classmethod
    def known(cls, s: MarvelState) -> list[Go]:
        """A move to either neighbour, which a learner may name without a Move left."""
        if Go.legal(s):
            return []
        here = s.hero_at[s.active]
        return [Go(s.turn, (here + side) % RING, CARD) for side in (-1, 1)]

    def play(self, s: MarvelState) -> None:
        cost = leave_moves(s, s.hero_at[s.active])
        paid = spend(s, MOVE, cost, self.pay)
        s.hero_at[s.active] = self.to
        s.say(
            "turn.move",
            lambda: (
                f"{s.actor()} moves to {s.place_name(self.to)}{paid}"
                + (f", using {cost} Move actions to leave a trap." if cost > 1 else ".")
            ),
        )
        if cost > 1:
            s.say("threat.entangling-trap", lambda: f"Leaving the trap took {cost} Move actions.")

    def label(self, s: MarvelState) -> str:
        cost = leave_moves(s, s.hero_at[s.active])
        return f"{s.actor()}: move to {s.place_name(self.to)}" + pay_words(s, MOVE, cost, self.pay)

    def refusal(self, s: MarvelState) -> tuple[str, str]:
        here = s.hero_at[s.active]
        if self.to not in ((here + 1) % RING, (here - 1) % RING):
            return "a Move goes to an adjacent location only", "turn.move"
        if leave_moves(s, here) > 1:
            return "leaving this Entangling Trap takes 2 Move actions", "threat.entangling-trap"
        return "no Move symbol or token is left", "turn.move"


class Attack(Move):
    """Attack: 1 damage to an enemy at the active hero's location [turn.attack].

    A Thug, a henchman, the villain once two missions are done [mission.vulnerable], or a Crisis
    token where the dashboard allows it [dash.crisis-guard].
    """

    rule, steps = "turn.attack", ("act",)
    when = "actions are taken after the card is played"
    seat: int
    target: Target
    pay: Pay

    @staticmethod
    def legal(s: MarvelState) -> list[Attack]:
        return symbol_actions(s, Attack, ATTACK, attack_targets)

    @classmethod
    def known(cls, s: MarvelState) -> list[Attack]:
        """Attacks a learner may name that no legal move offers: a Thug, the villain here."""
        offered = {move.target for move in Attack.legal(s)}
        wanted = [THUG] + ([VILLAIN] if s.villain_at == s.hero_at[s.active] else [])
        return [Attack(s.turn, t, CARD) for t in wanted if t not in offered]

    def play(self, s: MarvelState) -> None:
        paid = spend(s, ATTACK, 1, self.pay)
        where = s.hero_at[s.active]
        s.say(
            "turn.attack",
            lambda: f"{s.actor()} attacks {target_words(s, where, self.target)}{paid}.",
        )
        strike(s, where, self.target, 1, "turn.attack")
        run(s)

    def label(self, s: MarvelState) -> str:
        where = s.hero_at[s.active]
        return f"{s.actor()}: attack {target_words(s, where, self.target)}" + pay_words(
            s, ATTACK, 1, self.pay
        )

    def refusal(self, s: MarvelState) -> tuple[str, str]:
        if self.target == VILLAIN and s.villain_at == s.hero_at[s.active]:
            if s.missions_done < 2 or not s.vulnerable:
                return "the villain can be damaged only after two missions", "mission.vulnerable"
            if s.villain.guard and not s.villain_open():
                return "a Crisis token on a location protects the villain", "dash.crisis-guard"
        if self.target not in attack_targets(s, s.hero_at[s.active]):
            return f"there is no {TARGETS[self.target]} to attack here", "turn.attack"
        return "no Attack symbol or token is left", "turn.attack"


def heroic_targets(s: MarvelState, where: int) -> list[int]:
    """What a Heroic action may do at a location [turn.heroic]."""
    targets = []
    if s.civilians[where]:
        targets.append(CIVILIAN)
    threat = s.threat_at(where)
    if threat is not None and not threat.henchman:
        targets.append(THREAT)
    if s.crisis_at[where] and s.crisis_clearable(where):
        targets.append(2)
    return targets


def trap_wasted(s: MarvelState, where: int, mode: int) -> bool:
    """True when a Heroic on a trapped Civilian here cannot be followed by the ones it needs.

    "Rescuing a Civilian here takes 1 more Heroic action": the action may still be taken, but
    with trap_same_turn=True its Heroic lasts only to the end of the turn, so when this turn's
    symbols and tokens cannot pay the rest, the action is lost; its label says so
    [threat.explosive-trap] [opt.trap_same_turn].
    """
    if not s.options.trap_same_turn:
        return False
    rest = rescue_heroics(s, where) - s.primed[where]
    return rest > 1 and payment(s, HEROIC, rest, mode) is None


class Heroic(Move):
    """Heroic action.

    Rescue a Civilian here, or put a Heroic token on the Threat here [turn.heroic]; a Civilian may
    need 2 (an Explosive Trap) [threat.explosive-trap].
    """

    rule, steps = "turn.heroic", ("act",)
    when = "actions are taken after the card is played"
    seat: int
    target: Help
    pay: Pay

    @staticmethod
    def legal(s: MarvelState) -> list[Heroic]:
        return symbol_actions(s, Heroic, HEROIC, heroic_targets)

    @classmethod
    def known(cls, s: MarvelState) -> list[Heroic]:
        """A rescue a learner may name that no legal move offers."""
        if any(move.target == CIVILIAN for move in Heroic.legal(s)):
            return []
        return [Heroic(s.turn, CIVILIAN, CARD)]

    def play(self, s: MarvelState) -> None:
        paid = spend(s, HEROIC, 1, self.pay)
        where = s.hero_at[s.active]
        if self.target == CIVILIAN:
            need = rescue_heroics(s, where)
            s.primed[where] += 1
            if s.primed[where] >= need:
                s.primed[where] = 0
                s.say("turn.heroic", lambda: f"{s.actor()} rescues a Civilian{paid}.")
                rescue(s, where, "turn.heroic")
            else:
                s.say(
                    "threat.explosive-trap",
                    lambda: (
                        f"{s.actor()} works at a trapped Civilian{paid}: "
                        f"{need} Heroic actions free it."
                    ),
                )
        elif self.target == THREAT:
            threat = cast("Threat", s.threat_at(where))
            s.marks[where] += 1
            s.say(
                "threat.other",
                lambda: (
                    f"{s.actor()} puts a Heroic token on {threat.name}{paid}: "
                    f"{s.marks[where]} of {threat.heroics}."
                ),
            )
            if s.marks[where] >= threat.heroics:
                clear_threat(s, where)
        else:
            s.crisis_at[where] -= 1
            s.say("turn.heroic", lambda: f"{s.actor()} discards a Crisis token here{paid}.")
        run(s)

    def label(self, s: MarvelState) -> str:
        where = s.hero_at[s.active]
        if self.target == CIVILIAN and trap_wasted(s, where, self.pay):
            need = rescue_heroics(s, where)
            return (
                f"{s.actor()}: Heroic at a trapped Civilian, {s.primed[where] + 1} of the {need} "
                "it needs: none is left to finish it this turn, so it is lost"
                + pay_words(s, HEROIC, 1, self.pay)
            )
        words = (
            "rescue a Civilian",
            f"Heroic token on {cast('Threat', s.threat_at(where)).name}"
            if s.threat_at(where)
            else "",
            "discard a Crisis token",
        )[self.target]
        return f"{s.actor()}: {words}" + pay_words(s, HEROIC, 1, self.pay)

    def refusal(self, s: MarvelState) -> tuple[str, str]:
        if self.target not in heroic_targets(s, s.hero_at[s.active]):
            return f"there is no {HELPS[self.target]} here for a Heroic action", "turn.heroic"
        return "no Heroic symbol or token is left", "turn.heroic"


class Special(Move):
    """Use the played card's Special effect, before or after the other actions [turn.special].

    Only the hero who played the card may; never the previous card's [turn.symbols].
    """

    rule, steps = "turn.special", ("act",)
    when = "a Special is used after its card is played"
    seat: int

    @staticmethod
    def legal(s: MarvelState) -> list[Special]:
        if not s.special:
            return []
        effect = effects.SPECIALS[s.card(s.played).special]
        return [Special(s.turn)] if effect.usable(s, s.active) else []

    def play(self, s: MarvelState) -> None:
        effect = effects.SPECIALS[s.card(s.played).special]
        s.special = False
        s.say("turn.special", lambda: f"{s.actor()} uses the Special effect of the card played.")
        s.say(effect.rule, lambda: f"{s.actor()} uses {effect.title}.")
        effect.use(s, s.active)
        run(s)

    def label(self, s: MarvelState) -> str:
        effect = effects.SPECIALS[s.card(s.played).special]
        return f"{s.actor()}: {effect.title} ({effect.words})"

    def rule_in(self, s: MarvelState) -> str:
        return effects.SPECIALS[s.card(s.played).special].rule if s.played >= 0 else self.rule

    def refusal(self, s: MarvelState) -> tuple[str, str]:
        if s.played < 0 or not s.card(s.played).special:
            return "the card played has no Special effect", "turn.special"
        if not s.special:
            return "the Special effect was already used", "turn.special"
        return "the Special effect would do nothing now", "turn.special"


def location_open(s: MarvelState) -> bool:
    """True when the active hero may use its location's End of Turn effect [turn.location]."""
    hero = s.active
    if hero < 0 or s.ko[hero]:
        return False
    where = s.hero_at[hero]
    if s.threats[where] >= 0:
        return False
    effect = effects.LOCATIONS[s.cards.locations[s.places[where]].effect]
    return effect.usable(s, hero)


class Visit(Move):
    """End the actions and use the End of Turn effect of the hero's location.

    If no Threat covers it; one location effect a turn [turn.location].
    """

    rule, steps = "turn.location", ("act",)
    when = "the location's effect ends the actions"
    seat: int

    @staticmethod
    def legal(s: MarvelState) -> list[Visit]:
        if not location_open(s):
            return []
        return [Visit(s.turn)]

    def play(self, s: MarvelState) -> None:
        hero = s.active
        where = s.hero_at[hero]
        effect = effects.LOCATIONS[s.cards.locations[s.places[where]].effect]
        end_actions(s)
        s.say("turn.location", lambda: f"{s.hero_name(hero)} ends the actions at the location.")
        s.say(effect.rule, lambda: f"{s.hero_name(hero)} uses {s.place_name(where)}.")
        later(s, ("end-turn",))
        effect.use(s, hero)
        run(s)

    def label(self, s: MarvelState) -> str:
        where = s.hero_at[s.active]
        location = s.cards.locations[s.places[where]]
        return f"{s.actor()}: end the actions, use {location.name} ({location.text})"

    def rule_in(self, s: MarvelState) -> str:
        if s.active < 0:
            return self.rule
        where = s.hero_at[s.active]
        return effects.LOCATIONS[s.cards.locations[s.places[where]].effect].rule

    def refusal(self, s: MarvelState) -> tuple[str, str]:
        if s.threats[s.hero_at[s.active]] >= 0:
            return "a Threat covers this location's End of Turn effect", "turn.location"
        return "the End of Turn effect would do nothing now", "turn.location"


class Done(Move):
    """End the actions and the turn; unused symbols are lost [turn.done]."""

    rule, steps = "turn.done", ("act",)
    when = "a turn is ended after its card is played"
    seat: int

    @staticmethod
    def legal(s: MarvelState) -> list[Done]:
        return [Done(s.turn)]

    def play(self, s: MarvelState) -> None:
        left = sum(s.pool)
        s.say(
            "turn.done",
            lambda: (
                f"{s.actor()} ends the turn"
                + (f" ({plural(left, 'symbol')} unused)." if left else ".")
            ),
        )
        end_actions(s)
        later(s, ("end-turn",))
        run(s)

    def label(self, s: MarvelState) -> str:
        left = sum(s.pool)
        unused = f" ({plural(left, 'symbol')} unused)" if left else ""
        return f"{s.actor()}: end the turn{unused}"

    def refusal(self, s: MarvelState) -> tuple[str, str]:
        return "not now", "turn.done"


class Lose(Move):
    """The card a damaged hero puts from hand under the deck [hero.damage]."""

    rule, steps = "hero.damage", ("lose",)
    when, when_rule = "a card is lost when a hero takes damage", "hero.damage"
    seat: int
    card: CardName

    @staticmethod
    def legal(s: MarvelState) -> list[Lose]:
        _, seat, hero, _rule = s.ask
        return [Lose(seat, card) for card in s.hand_of(hero)]

    def play(self, s: MarvelState) -> None:
        _, _seat, hero, rule = s.ask
        s.ask = None
        lose_card(s, hero, self.card, rule)
        run(s)

    def label(self, s: MarvelState) -> str:
        hero = s.ask[2] if s.ask is not None and s.ask[0] == "lose" else 0
        words = f"lose {card_words(s, self.card)} [{card_id(s, self.card)}]"
        return f"{s.hero_name(hero)} takes 1 damage: {words}"

    def refusal(self, s: MarvelState) -> tuple[str, str]:
        return "that card is not in the damaged hero's hand", "hero.damage"


def choice_id(s: MarvelState, choice: int) -> str:
    """A choice of the waiting decision by its word (a location, hero or card id...)."""
    if s.ask is None or s.ask[0] not in effects.ASKS:
        return str(choice)
    return effects.ASKS[s.ask[0]].name(s, choice)


def choice_number(s: MarvelState, text: str) -> int:
    """The choice of the waiting decision with this word."""
    if s.ask is None or s.ask[0] not in effects.ASKS:
        msg = "there is nothing to choose now"
        raise ValueError(msg)
    step = effects.ASKS[s.ask[0]]
    for choice in step.choices(s):
        if step.name(s, choice) == text:
            return choice
    names = ", ".join(step.name(s, c) for c in step.choices(s))
    msg = f"{text!r} is not a choice now; the choices are {names}"
    raise ValueError(msg)


ChoiceName = Annotated[int, ByName(choice_id, choice_number, "choice")]


class Choose(Move):
    """A choice an effect leaves to the heroes: a target, a hero, a card, yes or no [extra.ties].

    What each choice does is written in ``effects.py`` (``ASKS``). Every choice is an event
    citing its ask's rule: when the choice itself says nothing (nobody stops a BAM, a location
    to blast, nobody else flies along), the decision is recorded in its label's words.
    """

    rule, steps = "extra.ties", tuple(effects.ASKS)
    when, when_rule = "a choice is made when an effect leaves one to the heroes", "extra.ties"
    seat: int
    choice: ChoiceName

    @staticmethod
    def legal(s: MarvelState) -> list[Choose]:
        step = effects.ASKS[s.ask[0]]
        return [Choose(s.ask[1], c) for c in step.choices(s)]

    def play(self, s: MarvelState) -> None:
        step = effects.ASKS[s.ask[0]]
        pending = s.ask
        events = s.events
        if events is not None:
            start, decision = len(events), Event(step.rule, f"{self.label(s)}.")
        s.ask = None
        step.take(s, pending, self.choice)
        if events is not None and not any(e.rule == step.rule for e in events[start:]):
            events.insert(start, decision)  # the choice said nothing itself [extra.ties]
        run(s)

    def label(self, s: MarvelState) -> str:
        if s.ask is None:  # no decision waits (a move put into words out of its step)
            return f"{s.seat_name(self.seat)}: choose {self.id(s).rsplit('/', 1)[-1]}"
        step = effects.ASKS[s.ask[0]]
        return f"{s.seat_name(self.seat)}: {step.words(s, self.choice)}"

    def rule_in(self, s: MarvelState) -> str:
        return effects.ASKS[s.ask[0]].rule if s.ask is not None else self.rule

    def refusal(self, s: MarvelState) -> tuple[str, str]:
        return "that is not one of the choices", effects.ASKS[s.ask[0]].rule


MOVES = (Lead, Play, Go, Attack, Heroic, Special, Visit, Done, Lose, Choose)
"""The move kinds, in the order the explorer lists them."""


__all__ = ["MOVES", "MarvelState", "setup"]
