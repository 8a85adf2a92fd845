"""The Umbrella Academy Game: the rules, in the rulebook's order.

Rule ids in brackets point into the digest ``digest.md`` (next to this file); every event in the
log and every refused move names one of them. What a card, a hero power or a Dysfunctional
Family card does is named in the data files and written in ``effects.py``.

1. Aim [aim]: work as a team, defeat the villains, survive the Final Battle.
2. Setup [setup.*]: the table (``AcademyState``, in ``state.py`` with the steps of a turn and
   the numbers the actions and effects share), then ``setup``: heroes, the player-count table,
   villains, decks, hands, the Start card.
3. Start of a round [round.*]: a villain, a Dysfunctional Family card, a lineup.
4. Turns [turn.*]: the lineup is faced left to right (``advance`` moves play on). The moves:
   ``Attack``, ``Heal``, ``Block``, ``Story`` (a storyline), ``Pass`` (no card can answer),
   and ``Choose`` (who faces the card, when the team picks [opt.turn_order]). Every play of
   cards against a lineup card is a ``CardPlay``: one way to play, and each kind of card play
   (an attack, a block, with a Hero Boost or a power) is data: what its fields name.
5. Storylines [story.*]: the card plays ``HeroBoost`` and ``HeroBoostTwice``, and
   ``HeroBoostOn`` (a boost on the card that just blocked); the storylines themselves are in
   ``effects.py``.
6. Life, damage and death [life.*]: ``heal``, ``hurt``; the moves ``Damage`` and ``Spread``.
7. Hero powers [power.*]: ``Power`` starts one; the card plays ``HitsTwice``, ``HitsTwiceAt``
   and ``HitsTwiceBoosted`` (The Kraken), ``DoubleShot``, ``DoubleShotFor`` and
   ``DoubleShotBoosted`` (Space Boy) come with the cards; then the choices: ``HorrorGift``,
   ``Swap`` (Number Five), ``Rumor``, ``SeanceCard``, ``VanyaRemoves`` and ``VanyaHit``.
8. Dysfunctional Family cards [family.*]: in ``effects.py``.
9. Round end [end.*]: uncontested damage, the Final Battle pile, the moves ``Keep`` and
   ``Discard``, the refill, the Start card.
10. The Final Battle [final.*]; 11. End of the game [game.*]; 12. Solo [solo.*]: ``CallPogo``.

Each kind of move is one class (a :class:`~umbrella_lab.engine.moves.Move`) holding all of it:
its fields, which moves of that kind are legal now (``legal``), what one does (``play``), how
it reads (``label``) and why one is refused (``refusal``). When a kind is played is declared
(``steps``: the steps of the turn; ``by``: who makes it; ``held``: the cards the maker must hold),
and the engine owns the turn: it lists a kind's moves only at its steps and refuses a move out
of turn, at another step, or with a card not held, before the kind's own reasons.

>>> import umbrella_lab as ul
>>> state = ul.load("academy", players=2, heroes=("kraken", "rumor")).new(seed=97)
>>> state.to_act, state.stage
(0, 'face')
>>> action = state.legal_actions()[0]
>>> action.label, action.id, action.rule
('The Kraken: attack 50 vs villain attack 10', 'attack/0/attack-50', 'turn.attack')
>>> action.key  # the move: hero card number 40 is an attack-50
Attack(seat=0, card=40)
>>> state.apply(action).outcomes[:2]  # DEFEATED, then PENDING: The Rumor faces card 2
[1, 0]
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import TYPE_CHECKING, Annotated, Any, ClassVar

from umbrella_lab.engine.core import Game, Result
from umbrella_lab.engine.errors import OptionError
from umbrella_lab.engine.luck import Numbers
from umbrella_lab.engine.moves import ByName, Move
from umbrella_lab.engine.words import plural
from umbrella_lab.games.academy import effects
from umbrella_lab.games.academy.actions import (
    BLOCKED,
    DEFEATED,
    FINAL_VILLAIN,
    LIFE_BOOST_BARS,
    PENDING,
    REMOVED,
    STORY_COST,
    UNCONTESTED,
    heal,
    hurt,
)
from umbrella_lab.games.academy.cards import HeroCard, load_cards
from umbrella_lab.games.academy.state import (
    POWER_STAGES,
    AcademyState,
    card_by_card,
    dead,
    family_cards,
    first_copy,
    hero_cards,
)

# --- 1. Aim, and the numbers of the rulebook --------------------------------------------------
# The team wins by surviving the Final Battle after the last villain [aim] [game.win]. The
# numbers the card effects use too (Life Boost's bars, a storyline's cost, Vanya's removals),
# the lineup card codes and the outcomes of lineup cards are in actions.py.

PLAYER_COUNT_TABLE = {  # players: (hand size, villains faced, villain attack strength)
    1: (6, 4, 6),
    2: (5, 4, 7),
    3: (4, 5, 8),
    4: (4, 5, 9),
    5: (3, 6, 10),
    6: (3, 6, 10),
}
"""The player-count table [setup.table]; the strength is the lineup size (C-1)."""

HORROR_BARS = 2  # [power.horror]
VANYA_DAMAGE = 2  # [power.vanya]
POWER_COST = 1  # each use of a hero power [power.use]

# --- 2. Setup: the table is ``AcademyState``, in state.py, below the actions, the effects and
# these rules, which all import it.


# --- 2. Setup: dealing the table ----------------------------------------------------------------


def setup(game: Game, seed: int, events: list | None) -> AcademyState:
    """Deal a table [setup.*]: heroes, villains, decks, hands and the Start card; then round 1.

    ``events`` is a list to record what happens in, or ``None`` to record nothing.
    """
    options = game.options
    cards = load_cards(options["data"])
    players = game.players
    hand, villain_count, strength = PLAYER_COUNT_TABLE[players]  # [setup.table]
    hand = options["hand_size"] or hand
    villain_count = options["villains"] or villain_count
    strength = options["strength"] or strength
    rng = game.luck.deal(seed)

    s = AcademyState.__new__(AcademyState)
    s.game, s.seed, s.events, s.cards, s.shuffles = game, seed, events, cards, 0
    s.options = game.extra["academy.options"]  # (read by check_table when the game loaded)
    s.heroes = choose_heroes(game, rng)  # [setup.heroes] [solo.hero]
    base = options["base_life"]  # [opt.base_life]
    s.life, s.max_life, s.boosted = [base] * players, [base] * players, [False] * players
    s.hand_size = hand  # [setup.table] [solo.hand]

    # [setup.decks] the Hero Attack deck; in solo, Pogo and every Life Boost leave it
    deck = hero_cards(cards, options["cards"])  # without the invented ones in "rulebook"
    s.pogo = False
    if players == 1:
        stories = {n: cards.hero_deck[n].story for n in deck}
        s.pogo = any(stories[n] == "pogo" for n in deck)  # [solo.pogo]
        deck = [n for n in deck if stories[n] not in ("pogo", "life-boost")]  # [solo.life-boost]
        s.max_life[0] = s.life[0] = base + LIFE_BOOST_BARS
        if base == 6:  # [opt.base_life] 6 + 3 - 1 = 8: the giver's cost applies in solo too
            s.life[0] -= STORY_COST
        s.boosted[0] = True
    rng.shuffle(deck)
    s.deck, s.discard = deck, []

    # [setup.villains] a stack of villains of the table's strength
    matching = game.extra["academy.villains"]  # (found by check_table when the game loaded)
    if villain_count <= len(matching):
        s.villains = rng.sample(matching, villain_count)
    else:  # more villains to face than villain cards (option villains): they come round again
        s.villains = [matching[i % len(matching)] for i in range(villain_count)]
    s.faced = []

    s.villain_deck = list(range(len(cards.villain_attack)))
    rng.shuffle(s.villain_deck)
    s.villain_discard = []
    # [solo.no-family]; only the cards the rulebook names with cards="rulebook" [opt.cards]
    s.family_deck = [] if players == 1 else family_cards(cards, options["cards"])
    rng.shuffle(s.family_deck)
    s.family_discard, s.family = [], -1

    # [setup.hands] one card at a time clockwise from the top of the deck, until each hero
    # holds a full hand
    s.hands = [[] for _ in range(players)]
    for _ in range(hand):
        for seat in range(players):
            if deck:
                s.hands[seat].append(deck.pop())
    s.start = 0  # [setup.start]
    s.round, s.final, s.lineup, s.outcomes = 0, False, [], []
    s.boost_card, s.boost_amount, s.blocked_at = -1, 0, -1
    s.stage, s.phase, s.responder, s.last_responder, s.turn_open = "face", "lineup", 0, -1, False
    s.power_uses, s.power_allowance = [0] * players, [1] * players
    s.vanya_round, s.vanya_left = [-9] * players, 0
    s.pending_damage, s.pending_rule = 0, ""
    s.final_pile, s.result = [], None
    s.damage_log = []
    solo = players == 1
    s.say(
        "solo.hero" if solo else "setup.heroes",
        lambda: (
            f"The team: {', '.join(s.hero_name(seat) for seat in range(players))}, "
            f"{base} life bars each."
        ),
    )
    s.say(
        "setup.table",
        lambda: (
            f"{plural(players, 'player')}: hands of {hand}, {villain_count} villains of strength "
            f"{strength}."
        ),
    )
    if solo:
        s.say(
            "solo.life-boost",
            lambda: (
                "Every Life Boost leaves the hero deck; the hero starts with one: "
                f"{s.life[0]}/{s.max_life[0]} bars."
            ),
        )
        if s.pogo:
            s.say("solo.pogo", lambda: "Pogo leaves the hero deck and is kept beside the hero.")
        s.say("solo.no-family", lambda: "No Dysfunctional Family cards in solo.")
    s.say(
        "setup.decks",
        lambda: (
            f"The decks are shuffled: {plural(len(s.deck) + sum(map(len, s.hands)), 'hero card')}"
            f", {plural(len(s.villain_deck), 'Villain Attack card')}"
            + ("" if solo else f", {plural(len(s.family_deck), 'Dysfunctional Family card')}")
            + "."
        ),
    )
    s.say(
        "solo.villains" if solo else "setup.villains",
        lambda: (
            f"{plural(len(s.villains), 'villain')} of strength {strength} "
            f"{'is' if len(s.villains) == 1 else 'are'} stacked face down."
        ),
    )
    s.say(
        "solo.hand" if solo else "setup.hands",
        lambda: f"{'The hero is' if solo else 'Each hero is'} dealt {plural(hand, 'card')}.",
    )
    s.say("setup.start", lambda: f"{s.hero_name(0)} takes the Start card.")
    start_round(s)
    advance(s)
    return s


def choose_heroes(game: Game, rng: Numbers) -> tuple[str, ...]:
    """The heroes by seat: the chosen ones, or a draw from the seed [setup.heroes]."""
    chosen = game.options["heroes"]  # (checked by check_table when the game loaded)
    if chosen is None:
        return tuple(rng.sample(game.extra["academy.heroes"], game.players))
    return tuple(chosen)


def check_table(game: Game) -> None:
    """Check the settings together when the game is loaded, before any table is dealt.

    Reads the card files (a broken one raises ``DataError`` naming file, entry and field) and
    checks the chosen heroes against the player count [setup.heroes] [solo.hero] and that the
    villains of the table's strength exist [setup.villains]. Keeps what every deal needs in
    ``game.extra``: the heroes to draw from, the villains, and the options as attributes.

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
    game.extra["academy.options"] = SimpleNamespace(**options)  # options.turn_order, ...


# --- 3. Start of a round ------------------------------------------------------------------------


def start_round(s: AcademyState) -> None:
    """Reveal a villain, flip a Dysfunctional Family card, deal the lineup [round.*].

    After the last villain comes the Final Battle [final.*].
    """
    s.round += 1
    s.damage_log.append(0)
    s.power_uses = [0] * len(s.heroes)
    s.power_allowance = [1] * len(s.heroes)
    s.boost_card, s.boost_amount, s.blocked_at = -1, 0, -1
    s.responder, s.last_responder, s.turn_open = -1, -1, False
    if s.villains:
        villain = s.villains.pop()  # [round.villain]
        s.faced.append(villain)
        strength = s.options.strength or s.cards.villains[villain].strength
        s.say(
            "round.villain",
            lambda s, villain, strength: (
                f"Round {s.round}: {s.cards.villains[villain].name} (strength {strength}) arrives."
            ),
            s,
            villain,
            strength,
        )
        s.lineup = []  # [round.lineup] one card at a time from the top of the deck
        while len(s.lineup) < strength:
            if not s.villain_deck:  # [end.reshuffle] [opt.villain_reshuffle]
                if not s.villain_discard or not s.options.villain_reshuffle:
                    break
                s.villain_deck, s.villain_discard = s.villain_discard, []
                s._rng().shuffle(s.villain_deck)
                s.say(
                    "end.reshuffle",
                    lambda: (
                        "The Villain Attack deck is empty: its discards are shuffled into a "
                        "new deck."
                    ),
                )
            s.lineup.append(s.villain_deck.pop())
        s.outcomes = [PENDING] * len(s.lineup)
        s.say(
            "round.lineup",
            lambda s: (
                "The lineup, left to right: "
                f"{', '.join(str(s.villain_attack(c)) for c in s.lineup)}."
            ),
            s,
        )
        flip_family(s, "round.family")
    else:
        s.final = True  # [final.lineup]
        pile = s.final_pile
        s.final_pile = []
        s._rng().shuffle(pile)
        villain = s.faced[s._rng().randrange(len(s.faced))]  # [final.villain]
        s.lineup = [FINAL_VILLAIN + villain, *pile]
        s.outcomes = [PENDING] * len(s.lineup)
        s.say(
            "final.lineup",
            lambda pile: (
                f"The Final Battle! {plural(len(pile), 'uncontested card')} from under the Final "
                "Battle card are shuffled into the lineup."
            ),
            pile,
        )
        s.say("final.villain", lambda s: f"{s.villain_label(s.lineup[0])} leads the lineup.", s)
        s.say(
            "final.play",
            lambda: "The Final Battle is played like a round; it ends with the round-end damage.",
        )
        flip_family(s, "final.family")


def flip_family(s: AcademyState, rule: str) -> None:
    """Flip this round's Dysfunctional Family card and follow it [round.family] [family.*].

    What each card does is in ``effects.FAMILY``. There is no family deck in solo
    [solo.no-family].
    """
    s.family = -1
    if s.solo:
        return
    if not s.family_deck:
        s.family_deck, s.family_discard = s.family_discard, []
        s._rng().shuffle(s.family_deck)
    if not s.family_deck:
        return
    s.family = s.family_deck.pop()
    s.family_discard.append(s.family)
    card = s.cards.family[s.family]
    follow = effects.FAMILY[card.effect]
    s.say(rule, lambda card: f"Dysfunctional Family card: {card.name}.", card)
    s.say(follow.rule, str, card.text)  # the card takes effect [family.*]
    follow(s, card)


# --- 4. Turns: facing the lineup, left to right --------------------------------------------------


def advance(s: AcademyState) -> None:
    """Move play on to the next decision [turn.order] [end.*] [game.*].

    After every move: is the game over? Does a power wait for its choices, or damage for the
    team to place it? Else the faced card goes to the next hero, or the round ends and the
    next one starts.
    """
    while True:
        if s.result is not None:
            s.stage = "over"
            return
        if s.stage in POWER_STAGES:  # a power waits for its choices [power.use]
            return
        if not any(s.life):
            end_game(s, False, "game.lose", "Every hero is dead: the team loses.")
            continue
        if s.pending_damage > 0:  # [life.damage]
            if s.alive == 1 and not s.pogo:  # one hero left: no choice to make
                s.say(
                    "life.damage",
                    lambda s: f"{s.hero_name(s.living[0])}, the one hero left, takes it all.",
                    s,
                )
                hurt(s, s.living[0], s.pending_damage, s.pending_rule)
                s.pending_damage, s.blocked_at = 0, -1  # a block is settled [opt.boost_target]
                continue
            s.stage = "damage"
            return
        if s.phase == "lineup":
            if PENDING in s.outcomes:
                face_next_card(s)
                return
            s.phase, s.turn_open = "round-end", False  # every card has an outcome
            deal_uncontested_damage(s)
            continue
        if s.phase == "round-end":
            if s.final:  # [game.win] after the Final Battle's round-end damage (C-18)
                alive = ", ".join(s.hero_name(seat) for seat in s.living)
                reason = f"The Final Battle is over and {alive} survived: the team wins!"
                end_game(s, True, "game.win", reason)
                continue
            close_lineup(s)
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
            refill(s)
            pass_start_card(s)
            s.phase = "lineup"
            start_round(s)
            continue
        return  # pragma: no cover


def face_next_card(s: AcademyState) -> None:
    """Who faces the faced card: the same hero while their turn goes on, else the next one.

    A power does not end a turn: a hero whose power took the faced card away faces the new
    leftmost card. Otherwise the next living hero clockwise faces it [turn.order], or the team
    sends someone [opt.turn_order].
    """
    if s.turn_open and s.life[s.responder] > 0:
        s.stage = "face"
    elif s.options.turn_order == "team" and s.alive > 1:
        s.turn_open, s.stage = False, "choose"
    else:  # the next living hero clockwise; the first card goes to the Start holder
        n, seat = len(s.life), s.start if s.last_responder < 0 else s.last_responder + 1
        while s.life[seat % n] <= 0:
            seat += 1
        s.responder, s.turn_open, s.stage = seat % n, True, "face"
        s.say(
            "turn.order",
            lambda s: (
                f"{s.hero_name(s.responder)} faces {s.villain_label(s.lineup[s.faced_position])}."
            ),
            s,
        )


def end_turn(s: AcademyState) -> None:
    """The hero has played their card: the turn is over, play moves on [turn.order]."""
    s.last_responder, s.turn_open = s.responder, False
    advance(s)


def clockwise(s: AcademyState, first: int) -> list[int]:
    """Every seat clockwise, starting from seat ``first``."""
    return [*range(first, len(s.heroes)), *range(first)]


def play_from_hand(s: AcademyState, seat: int, card: int) -> None:
    """A played hero card goes from the hand to the discard pile [turn.from-hand]."""
    s.say(
        "turn.from-hand",
        lambda s, seat, card: f"{s.hero_name(seat)} plays {card.label} from their hand.",
        s,
        seat,
        s.card(card),
    )
    s.hands[seat].remove(card)
    s.discard.append(card)


def take_block_damage(
    s: AcademyState, seat: int, half: int, position: int, power: bool = False
) -> None:
    """Half a blocked card's damage: the team places it, or the blocker takes it.

    Before the team places any of it, a Hero Boost may still go on the card that blocked (with
    boost_target="table"; on a power's card only with boost_with_power=True): ``blocked_at``
    names the blocked card until the first bar is placed, when the block is settled
    [turn.block] [opt.block_damage] [opt.boost_target].
    """
    s.blocked_at = -1
    if not half:
        return
    if s.options.block_damage == "blocker":
        hurt(s, seat, half, "turn.block")
    else:
        s.pending_damage += half
        s.pending_rule = "turn.block"
        if not power or s.options.boost_with_power:
            s.blocked_at = position


def play_label(
    s: AcademyState, seat: int, played: str, total: int, power: str = "", paying: str = ""
) -> str:
    """A card play against the faced card in words: an attack if ``total`` beats it, else a block.

    ``played`` says the cards, ``power`` the hero power used (1 bar) and ``paying`` who else
    pays, e.g. ``"Diego: attack 20 + Hero Boost +20 from Vanya = 40 vs villain attack 35
    (Vanya loses 1 bar)"``.
    """
    value = faced_value(s)
    verb = "attack" if total > value else "block with"
    who = f"{s.hero_name(seat)} ({power}, 1 bar)" if power else s.hero_name(seat)
    cost = f" ({paying})" if paying else ""
    return f"{who}: {verb} {played} = {total} vs villain attack {value}{cost}"


def leave_uncontested(s: AcademyState, position: int) -> None:
    """The faced card stays uncontested; its damage comes at the round end [end.damage].

    With damage_timing="immediate" it deals its damage now instead [opt.damage_timing].
    """
    s.outcomes[position] = UNCONTESTED
    if s.options.damage_timing == "immediate":
        code = s.lineup[position]
        damage = s.villain_damage(code)
        if damage:
            s.pending_damage += damage
            s.pending_rule = "end.damage"
            s.say(
                "end.damage",
                lambda s, code, damage: (
                    f"{s.villain_label(code)} is left uncontested and deals {damage} damage "
                    "now (option damage_timing='immediate')."
                ),
                s,
                code,
                damage,
            )


def distinct(s: AcademyState, hand: list[int]) -> list[int]:
    """One card number per design in a hand: two copies of a card make the same move."""
    design = s.cards.design
    seen, out = [], []
    for number in hand:
        if design[number] not in seen:
            seen.append(design[number])
            out.append(number)
    return out


def hand_of(s: AcademyState, seat: int) -> list[int]:
    """The hand of ``seat``; none for a seat that does not exist (in a move to refuse)."""
    return s.hands[seat] if 0 <= seat < len(s.hands) else []


def card_id(s: AcademyState, number: int) -> str:
    """A hero card in an action id: its design's id in ``data/hero_deck.toml``."""
    return s.cards.hero_deck[number].id


def card_number(s: AcademyState, name: str) -> int:
    """The first hero card of the design called ``name``; ``ValueError`` if there is none."""
    for number, card in enumerate(s.cards.hero_deck):
        if card.id == name:
            return number
    msg = f"there is no hero card {name!r} in hero_deck.toml"
    raise ValueError(msg)


Card = Annotated[int, ByName(card_id, card_number, "card")]
"""A hero card by its number; action ids name it by its design's id (``attack-35``)."""


def not_living(s: AcademyState, seat: int) -> tuple[str, str] | None:
    """Why ``seat`` is not a living hero of the table, if it is not [setup.heroes] [life.death].

    Asked by the moves whose seat is not the one deciding: the team's choices, a Hero Boost
    given out of turn, Pogo.
    """
    if not 0 <= seat < len(s.heroes):
        return f"there is no seat {seat} in a {len(s.heroes)}-player game", "setup.heroes"
    return dead(s, seat) if s.life[seat] <= 0 else None


def faced_value(s: AcademyState) -> int:
    """The attack value of the faced card."""
    return s.villain_attack(s.lineup[s.faced_position])


POWER_WORDS = {"kraken": "Hits Twice", "space-boy": "Double Shot"}
"""The hero powers played together with the cards, as a card play names them [power.use]."""


class CardPlay(Move):
    """Cards from the hand played against a lineup card: higher defeats it, equal blocks it.

    What every card play does [turn.attack] [turn.block]: the cards go to the discard pile,
    their attack values (doubled by Space Boy's Double Shot, plus each Hero Boost added) strike
    the faced card, or another lineup card; each boost's owner loses 1 bar, a power's user pays
    its bar, and the turn is over [story.hero-boost] [power.use].

    A kind of card play is this class with data: its fields, and which of them name

    * ``played``: the cards played from the hand (``card``, and The Kraken's ``second``);
    * ``boosts``: each Hero Boost added, as (the field of its holder, the field of the card);
    * ``at``: another lineup card than the faced one;

    the hero power played with the cards (``power``, used by the hero in the field
    ``power_by``), the option that allows the play (``option``: the option, its value, and
    what the rules are otherwise), and how it reads: ``shown`` in its label, ``said`` in the
    log and ``refused`` when no such play is offered, with ``{cards}``, ``{boosts}``,
    ``{helper}``, ``{total}`` and ``{value}`` filled in. Each kind's ``legal`` says when it is
    offered: a card play with a power or a boost, when it changes the outcome.
    """

    steps, when = ("face",), "cards are played when a hero faces a villain card"
    played: ClassVar[tuple[str, ...]] = ("card",)
    boosts: ClassVar[tuple[tuple[str, str], ...]] = ()
    power: ClassVar[str] = ""
    power_by: ClassVar[str] = "seat"
    at: ClassVar[str] = ""
    option: ClassVar[tuple[str, Any, str] | tuple[()]] = ()
    shown: ClassVar[str] = "{cards}"
    said: ClassVar[str] = "{cards}"
    refused: ClassVar[str] = "with that play the outcome would not change"
    # Where each part is in the move, set for each kind by __init_subclass__ below.
    _played: ClassVar[slice]
    _pair: ClassVar[bool]
    _doubled: ClassVar[bool]
    _boosts: ClassVar[tuple[tuple[int, int], ...]]
    _power_by: ClassVar[int]
    _at: ClassVar[int]
    if TYPE_CHECKING:  # every kind of card play has a seat field first (not a field here)
        seat: int

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.held = cls.played  # the cards played come from the player's hand [turn.from-hand]
        if cls.fields:  # where each part is in the move (a move is the tuple (kind, *fields))
            at = {name: index for index, name in enumerate(cls.fields, 1)}
            if cls.fields[1 : 1 + len(cls.played)] != cls.played:
                msg = f"{cls.__name__}: the cards played are the fields after the seat"
                raise TypeError(msg)
            cls._played = slice(2, 2 + len(cls.played))
            cls._pair, cls._doubled = len(cls.played) == 2, cls.power == "space-boy"
            cls._boosts = tuple((at[holder], at[card]) for holder, card in cls.boosts)
            cls._power_by = at[cls.power_by] if cls.power else 0
            cls._at = at[cls.at] if cls.at else 0

    # --- what the fields name -----------------------------------------------------------------
    def cards(self) -> tuple[int, ...]:
        """The cards played from the hand."""
        return self[self._played]

    def boosts_added(self) -> tuple[tuple[int, int], ...]:
        """Each Hero Boost added: (its holder, the boost card)."""
        return tuple((self[holder], self[card]) for holder, card in self._boosts)

    def power_user(self) -> int:
        """The seat of the hero whose power is played with the cards, or -1."""
        return self[self._power_by] if self._power_by else -1

    def total(self, s: AcademyState) -> int:
        """The attack: the cards' values, doubled by Double Shot, plus each Hero Boost."""
        cards = s.cards
        attack = cards.attack[self[2]]  # the card played (the field after the seat)
        if self._pair:
            attack += cards.attack[self[3]]  # The Kraken's second card [power.kraken]
        if self._doubled:
            attack *= 2  # Double Shot [power.space-boy]
        for _, card in self._boosts:
            attack += cards.boost[self[card]]  # [story.hero-boost]
        return attack

    # --- the four parts of a move kind ------------------------------------------------------
    def play(self, s: AcademyState) -> None:
        """The cards and boosts go to the discard pile; the attack strikes; the bars are paid.

        Higher than the lineup card's attack defeats it, equal blocks it [turn.attack]
        [turn.block]; each boost's owner loses 1 bar [story.hero-boost] and the power's user
        pays its bar [power.use]. Then the turn is over, but for The Kraken's pair against
        another card: the faced card still waits [opt.kraken_target].
        """
        seat, rule, hand, discard = self[1], self.rule, s.hands[self[1]], s.discard
        for card in self[self._played]:
            hand.remove(card)
            discard.append(card)
        boosts = self.boosts_added() if self._boosts else ()
        for holder, boost in boosts:
            play_from_hand(s, holder, boost)
        power = self[self._power_by] if self._power_by else -1
        if power >= 0:
            s.power_uses[power] += 1
        position = self[self._at] if self._at else s.outcomes.index(PENDING)  # (the faced card)
        code = s.lineup[position]
        if self.total(s) > s.villain_attack(code):  # [turn.attack]
            s.say(
                rule,
                lambda s, play, code: (
                    f"{s.hero_name(play.seat)} attacks with {play.words(s, play.said)} and "
                    f"defeats {s.villain_label(code)}."
                ),
                s,
                self,
                code,
            )
            s.outcomes[position] = DEFEATED
        else:  # an equal attack blocks it: half its damage, rounded up, at once [turn.block]
            half = (s.villain_damage(code) + 1) // 2
            s.say(
                "turn.block",
                lambda s, play, code, half: (
                    f"{s.hero_name(play.seat)} blocks {s.villain_label(code)} with "
                    f"{play.words(s, play.said)}: the card is removed, {half} damage to take."
                ),
                s,
                self,
                code,
                half,
            )
            s.outcomes[position] = BLOCKED
            take_block_damage(s, seat, half, position, power >= 0)
        for holder, _ in boosts:
            hurt(s, holder, STORY_COST, "story.hero-boost")
        if power < 0:  # the turn is over [turn.order]
            s.last_responder, s.turn_open = seat, False
            advance(s)
        elif self._at:
            finish_power(s, seat, rule)
            advance(s)
        else:
            end_power_turn(s, power, rule)

    def label(self, s: AcademyState) -> str:
        power = POWER_WORDS[self.power] if self.power and self.power_user() == self.seat else ""
        played = self.words(s, self.shown)
        return play_label(s, self.seat, played, self.total(s), power, self.paying(s))

    def words(self, s: AcademyState, template: str) -> str:
        """One of the play's templates (``shown``, ``said``, ``refused``) filled in."""
        helper = self.power_user()
        return template.format(
            cards=" + ".join(s.card(card).label for card in self.cards()),
            boosts=" + ".join(boost_words(s, h, s.card(card)) for h, card in self.boosts_added()),
            helper=s.hero_name(helper) if helper >= 0 else "",
            total=self.total(s),
            value=faced_value(s),
        )

    def paying(self, s: AcademyState) -> str:
        """Who else pays for the play, in words: a helper's power, each boost's owner."""
        said, power = [], self.power_user()
        if 0 <= power != self.seat:
            said.append(f"{s.hero_name(power)} uses {POWER_WORDS[self.power]}, 1 bar")
        holders = [s.hero_name(holder) for holder, _ in self.boosts_added()]
        if len(holders) == 1:
            said.append(f"{holders[0]} loses 1 bar")
        elif len(holders) == 2:
            first, other = holders
            said.append(
                f"{first} and {other} lose 1 bar each" if first != other else f"{first} loses 2"
            )
        return "; ".join(said)

    def canonical(self, s: AcademyState) -> CardPlay:
        """The first copies in hand of the cards named (an id names a card by its design)."""
        fields = dict(zip(self.fields, self[1:], strict=True))
        taken: list[int]
        hand, taken = hand_of(s, self.seat), []
        for name in self.played:  # two cards are two cards, not one twice
            fields[name] = first_copy(s, hand, fields[name], taken[-1] if taken else -1)
            taken.append(fields[name])
        for holder, name in self.boosts:
            fields[name] = boost_copy(s, fields[holder], fields[name], *taken[:2])
            taken.append(fields[name])
        return type(self)(*fields.values())

    def private_to(self, s: AcademyState, seat: int) -> bool:
        """Another hero's boost is secret under Family Secrets (:func:`boost_is_secret`)."""
        return bool(self.boosts) and boost_is_secret(s, seat, *(b for _, b in self.boosts_added()))

    def refusal(self, s: AcademyState) -> tuple[str, str]:
        """The option, Brothers Will Fight, the lineup card, the power; else ``refused``."""
        if self.option:
            name, value, otherwise = self.option
            if getattr(s.options, name) != value:
                return f"{otherwise} (option {name})", f"opt.{name}"
        why = brothers_refusal(s) if self.boosts else None
        if why:
            return why
        if self.at:
            position = getattr(self, self.at)
            if not (0 <= position < len(s.outcomes) and s.outcomes[position] == PENDING):
                return "that lineup card is not waiting for an answer", self.rule
        why = self.power_refusal(s) if self.power else None
        return why or (self.words(s, self.refused), self.rule)

    def power_refusal(self, s: AcademyState) -> tuple[str, str] | None:
        """Why the player may not play their power with the cards now, if they may not."""
        seat = self.seat
        if s.power_of(seat) != self.power:
            return f"{s.hero_name(seat)} does not have that power", self.rule
        return power_refusal(s, seat)


class Attack(CardPlay):
    """Play a card whose attack value is strictly higher than the faced card's: it is defeated.

    The card goes to the discard pile [turn.attack]. A story card may be played this way for
    its printed attack value [turn.story].
    """

    rule = "turn.attack"
    refused = "{cards} does not beat villain attack {value}: an attack must be strictly higher"
    seat: int
    card: Card

    @staticmethod
    def legal(s: AcademyState) -> list[Attack]:
        seat, value, attack = s.responder, faced_value(s), s.cards.attack
        return [Attack(seat, n) for n in distinct(s, s.hands[seat]) if attack[n] > value]

    @classmethod
    def known(cls, s: AcademyState) -> list[Attack]:
        """An attack with each card in hand: one too low is refused with its reason."""
        return [Attack(s.responder, n) for n in distinct(s, s.hands[s.responder])]

    def label(self, s: AcademyState) -> str:
        return (
            f"{s.hero_name(self.seat)}: attack {s.card(self.card).label} vs villain attack "
            f"{faced_value(s)}"
        )


class Block(CardPlay):
    """Play a card whose attack value equals the faced card's: it is blocked [turn.block].

    A block still hurts: half the card's damage, rounded up, at once.
    """

    rule = "turn.block"
    refused = "{cards} is not equal to villain attack {value}"
    seat: int
    card: Card

    @staticmethod
    def legal(s: AcademyState) -> list[Block]:
        seat, value, attack = s.responder, faced_value(s), s.cards.attack
        return [Block(seat, n) for n in distinct(s, s.hands[seat]) if attack[n] == value]

    @classmethod
    def known(cls, s: AcademyState) -> list[Block]:
        """A block with each card in hand lower than the faced card: refused, not equal."""
        seat, value, attack = s.responder, faced_value(s), s.cards.attack
        return [Block(seat, n) for n in distinct(s, s.hands[seat]) if attack[n] < value]

    def label(self, s: AcademyState) -> str:
        half = (s.villain_damage(s.lineup[s.faced_position]) + 1) // 2
        return (
            f"{s.hero_name(self.seat)}: block with {s.card(self.card).label} vs villain attack "
            f"{faced_value(s)} (take {half})"
        )


class Heal(Move):
    """Play a card for its heal value and let the faced card go uncontested [turn.heal].

    By default only with a card lower than the faced card [opt.strict_heal], and the hero heals
    themself [opt.heal_target]; never under Rock Bottom [family.rock-bottom].
    """

    rule = "turn.heal"
    steps, when = ("face",), "cards are played when a hero faces a villain card"
    held = ("card",)
    seat: int
    card: Card
    target: int

    @staticmethod
    def legal(s: AcademyState) -> list[Heal]:
        if effects.no_heals(s):
            return []
        seat, value, cards = s.responder, faced_value(s), s.cards
        targets = s.living if s.options.heal_target == "any" else [seat]
        return [
            Heal(seat, number, target)
            for number in distinct(s, s.hands[seat])
            if not cards.story[number]
            and (cards.attack[number] < value or not s.options.strict_heal)
            for target in targets
        ]

    @classmethod
    def known(cls, s: AcademyState) -> list[Heal]:
        """A heal with each attack card in hand, legal or not.

        One too high, or under Rock Bottom, is refused with its reason [opt.strict_heal]
        [family.rock-bottom].
        """
        seat = s.responder
        targets = s.living if s.options.heal_target == "any" else [seat]
        return [
            Heal(seat, number, target)
            for number in distinct(s, s.hands[seat])
            if not s.cards.story[number]
            for target in targets
        ]

    def play(self, s: AcademyState) -> None:
        seat, target, card = self.seat, self.target, s.card(self.card)
        position = s.faced_position
        code = s.lineup[position]
        play_from_hand(s, seat, self.card)
        s.say(
            "turn.heal",
            lambda s, seat, target, card, code: (
                f"{s.hero_name(seat)} plays {card.label} to heal"
                f"{f' {s.hero_name(target)}' if target != seat else ''} by {card.heal}; "
                f"{s.villain_label(code)} is left uncontested."
            ),
            s,
            seat,
            target,
            card,
            code,
        )
        heal(s, target, card.heal, "turn.heal")
        leave_uncontested(s, position)
        end_turn(s)

    def label(self, s: AcademyState) -> str:
        card = s.card(self.card)
        who = "" if self.target == self.seat else f" {s.hero_name(self.target)}"
        return (
            f"{s.hero_name(self.seat)}: heal{who} {card.heal} with {card.label}, leave "
            f"{faced_value(s)} uncontested"
        )

    def canonical(self, s: AcademyState) -> Heal:
        card = first_copy(s, hand_of(s, self.seat), self.card)
        return Heal(self.seat, card, self.target)

    def refusal(self, s: AcademyState) -> tuple[str, str]:
        card, value = s.card(self.card), faced_value(s)
        if effects.no_heals(s):
            return "Rock Bottom: no Heal actions this round", "family.rock-bottom"
        if card.kind != "attack":
            return "story cards have no heal value", "turn.heal"
        if s.options.strict_heal and card.attack >= value:
            return (
                f"{card.label} could attack or block villain attack {value}; heal only with a "
                "lower card (option strict_heal)",
                "turn.heal",
            )
        if self.target != self.seat and s.options.heal_target == "self":
            return "a hero heals only themself (option heal_target)", "opt.heal_target"
        if not 0 <= self.target < s.players or s.life[self.target] <= 0:
            return "only a living hero can be healed", "life.death"
        return "that heal is not one of the legal moves here", "turn.heal"


class Story(Move):
    """Play a story card for its storyline; the faced card stays uncontested [turn.story].

    ``target`` is whom or what the storyline goes to: a seat (Restore, Life Boost), a lineup
    position (Sibling Rivalry), or -1 (Strength in Numbers). The storylines are in
    ``effects.STORYLINES`` [story.*].
    """

    rule = "turn.story"
    steps, when = ("face",), "cards are played when a hero faces a villain card"
    held = ("card",)
    seat: int
    card: Card
    target: int

    @staticmethod
    def legal(s: AcademyState) -> list[Story]:
        seat, position, story = s.responder, s.faced_position, s.cards.story
        return [
            Story(seat, number, target)
            for number in distinct(s, s.hands[seat])
            if story[number]
            for target in effects.STORYLINES[story[number]].targets(s, seat, position)
        ]

    def play(self, s: AcademyState) -> None:
        card = s.card(self.card)
        position = s.faced_position
        play_from_hand(s, self.seat, self.card)
        effects.STORYLINES[card.story].play(s, self.seat, card, self.target)
        if s.outcomes[position] == PENDING:  # (Sibling Rivalry may remove it [opt.rivalry])
            s.say(
                "turn.story",
                lambda s, position: f"{s.villain_label(s.lineup[position])} is left uncontested.",
                s,
                position,
            )
            leave_uncontested(s, position)
        end_turn(s)

    def label(self, s: AcademyState) -> str:
        card = s.card(self.card)
        what = effects.STORYLINES[card.story].words(s, self.target)
        if card.story == "rivalry" and self.target == s.faced_position:  # [opt.rivalry]
            return f"{s.hero_name(self.seat)}: play {card.name}: {what}"
        return (
            f"{s.hero_name(self.seat)}: play {card.name}: {what}; leave {faced_value(s)} "
            "uncontested"
        )

    def rule_in(self, s: AcademyState) -> str:
        return effects.STORYLINES[s.card(self.card).story].rule

    def canonical(self, s: AcademyState) -> Story:
        card = first_copy(s, hand_of(s, self.seat), self.card)
        return Story(self.seat, card, self.target)

    def refusal(self, s: AcademyState) -> tuple[str, str]:
        card = s.card(self.card)
        if card.kind != "story":
            return f"{card.label} is not a story card", "turn.story"
        return effects.STORYLINES[card.story].refusal(s, self.seat, self.target)


class Pass(Move):
    """No card in hand can answer the faced card: it goes uncontested [turn.no-card].

    (An empty hand, say, or only a Hero Boost.) It stands in for the card plays
    (``instead_of = CARD_PLAYS``, declared below them): the engine lists it only when none of
    them lists a move.
    """

    kind = "pass"
    rule = "turn.no-card"
    steps, when = ("face",), "a hero lets a card go when no card in hand can answer it"
    seat: int

    @staticmethod
    def legal(s: AcademyState) -> list[Pass]:
        return [Pass(s.responder)]  # when no card play is listed (instead_of)

    def play(self, s: AcademyState) -> None:
        seat, position = self.seat, s.faced_position
        code = s.lineup[position]
        s.say(
            "turn.no-card",
            lambda s, seat, code: (
                f"{s.hero_name(seat)} has no card that can answer: {s.villain_label(code)} goes "
                "uncontested."
            ),
            s,
            seat,
            code,
        )
        leave_uncontested(s, position)
        end_turn(s)

    def label(self, s: AcademyState) -> str:
        return f"{s.hero_name(self.seat)}: no card can answer, let {faced_value(s)} go uncontested"

    def refusal(self, s: AcademyState) -> tuple[str, str]:
        return (
            f"{s.hero_name(self.seat)} holds a card that can answer the faced card",
            "turn.no-card",
        )


class Choose(Move):
    """The team sends a living hero to face the faced card [opt.turn_order] (option "team")."""

    rule = "opt.turn_order"
    steps, when = ("choose",), "the team sends a hero to each card with turn_order='team'"
    by = None  # the team decides; the seat is the hero it sends
    seat: int

    @staticmethod
    def legal(s: AcademyState) -> list[Choose]:
        return [Choose(seat) for seat in s.living]

    def play(self, s: AcademyState) -> None:
        s.responder, s.turn_open = self.seat, True
        s.say(
            "opt.turn_order",
            lambda: (
                f"The team sends {s.hero_name(self.seat)} to face "
                f"{s.villain_label(s.lineup[s.faced_position])}."
            ),
        )
        advance(s)

    def label(self, s: AcademyState) -> str:
        facing = s.villain_label(s.lineup[s.faced_position])
        return f"Team: {s.hero_name(self.seat)} faces {facing}"

    def refusal(self, s: AcademyState) -> tuple[str, str]:
        return not_living(s, self.seat) or ("the team sends a living hero", "opt.turn_order")


# --- 5. Storylines: the Hero Boost ------------------------------------------------------------
# The other storylines are played with the move Story; what each does is in effects.py.


def boost_holders(s: AcademyState, seat: int) -> list[int]:
    """Who may add a Hero Boost to ``seat``'s card play: any living hero, or ``seat`` only.

    [story.hero-boost] [opt.hero_boost]
    """
    return s.living if s.options.hero_boost == "interrupt" else [seat]


def boost_offers(s: AcademyState, seat: int, *played: int) -> list[tuple[int, int]]:
    """Each Hero Boost that could go on ``seat``'s card play: (holder, boost card) pairs.

    One per design in each holder's hand, never one of the ``played`` cards themselves
    [story.hero-boost].
    """
    boost, hands = s.cards.boost, s.hands
    return [
        (holder, number)
        for holder in boost_holders(s, seat)
        if any(boost[card] for card in hands[holder])  # (most hands hold none)
        for number in distinct(s, hands[holder])
        if boost[number] and number not in played
    ]


def boost_words(s: AcademyState, holder: int, boost: HeroCard) -> str:
    """A Hero Boost in words, e.g. ``"Hero Boost +20 from Vanya"`` [story.hero-boost]."""
    return f"Hero Boost +{boost.boost} from {s.hero_name(holder)}"


def boost_is_secret(s: AcademyState, seat: int, *boosts: int) -> bool:
    """Under Family Secrets another hero's boost is that hero's secret [family.secrets]."""
    return effects.hands_hidden(s) and any(boost not in s.hands[seat] for boost in boosts)


def boost_copy(
    s: AcademyState, holder: int, boost: int, played: int, taken: int | None = None
) -> int:
    """The first copy of the Hero Boost ``boost`` in ``holder``'s hand, not the card ``played``.

    When that copy is ``taken`` already (by another part of the move), the first copy other
    than ``taken``.
    """
    hand = hand_of(s, holder)
    copy = first_copy(s, hand, boost, other_than=played)
    if copy == taken:
        copy = first_copy(s, hand, boost, other_than=taken)
    return copy


def brothers_refusal(s: AcademyState) -> tuple[str, str] | None:
    """Under Brothers Will Fight no Hero Boost may be played this round [family.brothers]."""
    if effects.no_hero_boosts(s):
        return "Brothers Will Fight: no Hero Boost this round", "family.brothers"
    return None


def boost_spares(s: AcademyState, code: int) -> int:
    """The damage a Hero Boost on the card that blocked ``code`` spares: its whole half.

    [opt.boost_target]
    """
    return min(s.pending_damage, (s.villain_damage(code) + 1) // 2)


class HeroBoost(CardPlay):
    """A card played with a Hero Boost: +10 or +20 on its attack value [story.hero-boost].

    The boost comes from any living hero's hand (by default, [opt.hero_boost]); its owner
    loses 1 bar. It is offered when it changes the outcome: a losing card now blocks or wins, or
    a block wins (with boost_offer="any", on any card it lets block or win [opt.boost_offer]).
    Never under Brothers Will Fight [family.brothers].
    """

    kind, rule = "boosted", "story.hero-boost"
    boosts = (("holder", "boost"),)
    shown = said = "{cards} + {boosts}"
    refused = "that Hero Boost cannot be added to this card here"
    seat: int
    card: Card
    holder: int
    boost: Card

    @staticmethod
    def legal(s: AcademyState) -> list[HeroBoost]:
        if effects.no_hero_boosts(s):
            return []
        seat = s.responder
        offers = boost_offers(s, seat)
        if not offers:  # nobody holds a Hero Boost for it
            return []
        value, cards = faced_value(s), s.cards
        hand = distinct(s, s.hands[seat])
        on_any = s.options.boost_offer == "any"  # also on a card that wins alone [opt.boost_offer]
        return [
            HeroBoost(seat, number, holder, boost)
            for holder, boost in offers
            for number in hand
            if number != boost
            and (on_any or cards.attack[number] <= value)
            and value <= cards.attack[number] + cards.boost[boost]
        ]


class HeroBoostTwice(CardPlay):
    """A card played with two Hero Boosts (option boosts_per_card=2).

    The rulebook sets no limit to the boosts on one card: with boosts_per_card=2 a card may
    take two, from one hand or two. Both boosts add to its attack value and each owner loses
    1 bar [story.hero-boost] [opt.boosts_per_card]. It is offered when the larger boost alone
    would not make the card win and the two together let it block or win (with
    boost_offer="any", also when the card alone blocks [opt.boost_offer]).
    """

    kind, rule = "boosted-twice", "story.hero-boost"
    boosts = (("holder", "boost"), ("other", "second"))
    option = ("boosts_per_card", 2, "at most one Hero Boost goes on a card")
    shown, said = "{cards} + {boosts}", "{cards} + {boosts} = {total}"
    refused = "those Hero Boosts cannot be added to this card here"
    seat: int
    card: Card
    holder: int
    boost: Card
    other: int
    second: Card

    @staticmethod
    def legal(s: AcademyState) -> list[HeroBoostTwice]:
        if s.options.boosts_per_card != 2 or effects.no_hero_boosts(s):
            return []
        seat, value, attack, bonus = s.responder, faced_value(s), s.cards.attack, s.cards.boost
        on_any = s.options.boost_offer == "any"
        moves = []
        for number in distinct(s, s.hands[seat]):
            if attack[number] > value and not on_any:
                continue
            offers = boost_offers(s, seat, number)
            for i, (holder, boost) in enumerate(offers):
                for other, second in offers[i + 1 :]:
                    if second == boost:
                        continue
                    larger = max(bonus[boost], bonus[second])
                    total = attack[number] + bonus[boost] + bonus[second]
                    if (on_any or attack[number] + larger <= value) and value <= total:
                        moves.append(HeroBoostTwice(seat, number, holder, boost, other, second))
        return moves


class HeroBoostOn(Move):
    """A Hero Boost on a card already on the table: the card that blocked (boost_target="table").

    The card says "place this card on any Hero Attack Card on the table": with
    boost_target="table" a hero may place a boost on the card that just blocked, before the team
    places any bar of the block's half damage. The card now beats the blocked card: it counts as
    defeated, and none of the half damage is taken. Once a bar is placed the block is settled
    ("you must take HALF the Damage"), so the result never depends on the order of placement.
    The boost's owner loses 1 bar
    [story.hero-boost] [opt.boost_target]. Any living hero may play it, as an interrupt (with
    hero_boost="own-turn" a boost goes only on its owner's card play [opt.hero_boost]); on a card
    played with a power only with boost_with_power=True [opt.boost_with_power].
    """

    kind = "boost-on"
    rule = "story.hero-boost"
    steps = ("damage",)
    when = (
        "a Hero Boost goes on the card that just blocked before any of the block's damage is placed"
    )
    when_rule = "story.hero-boost"
    by = None  # any living hero, as an interrupt: not the one deciding (the team places damage)
    seat: int
    boost: Card
    position: int

    @staticmethod
    def legal(s: AcademyState) -> list[HeroBoostOn]:
        position = s.blocked_at
        if (
            s.options.boost_target != "table"
            or s.options.hero_boost != "interrupt"
            or s.pending_rule != "turn.block"
            or position < 0
            or s.outcomes[position] != BLOCKED
            or effects.no_hero_boosts(s)
        ):
            return []
        boost = s.cards.boost
        return [
            HeroBoostOn(holder, number, position)
            for holder in s.living
            for number in distinct(s, s.hands[holder])
            if boost[number]
        ]

    def play(self, s: AcademyState) -> None:
        seat, position, boost = self.seat, self.position, s.card(self.boost)
        code = s.lineup[position]
        play_from_hand(s, seat, self.boost)
        spared = boost_spares(s, code)
        s.pending_damage -= spared
        s.outcomes[position], s.blocked_at = DEFEATED, -1
        s.say(
            "story.hero-boost",
            lambda: (
                f"{s.hero_name(seat)} places Hero Boost +{boost.boost} on the card that blocked "
                f"{s.villain_label(code)}: it is defeated, and {spared} damage is not taken."
            ),
        )
        hurt(s, seat, STORY_COST, "story.hero-boost")
        advance(s)

    def label(self, s: AcademyState) -> str:
        code, boost = s.lineup[self.position], s.card(self.boost)
        return (
            f"{s.hero_name(self.seat)}: Hero Boost +{boost.boost} on the card that blocked "
            f"card {self.position + 1}, {s.villain_label(code)}: defeat it, "
            f"{boost_spares(s, code)} damage not taken ({s.hero_name(self.seat)} loses 1 bar)"
        )

    def private_to(self, s: AcademyState, seat: int) -> bool:
        """Another hero's boost is secret under Family Secrets (:func:`boost_is_secret`)."""
        return boost_is_secret(s, seat, self.boost)

    def canonical(self, s: AcademyState) -> HeroBoostOn:
        return HeroBoostOn(
            self.seat, first_copy(s, hand_of(s, self.seat), self.boost), self.position
        )

    def refusal(self, s: AcademyState) -> tuple[str, str]:
        if s.options.boost_target != "table":
            return (
                "a Hero Boost goes only on the card being played (option boost_target)",
                "opt.boost_target",
            )
        why = not_living(s, self.seat)
        if why:
            return why
        if s.options.hero_boost != "interrupt":
            return (
                "with hero_boost='own-turn' a Hero Boost goes only on its owner's card play",
                "opt.hero_boost",
            )
        why = brothers_refusal(s)
        if why:
            return why
        if not (s.pending_rule == "turn.block" and s.blocked_at >= 0):
            return (
                "a Hero Boost goes on the card that just blocked before any of the block's "
                "damage is placed: once a bar is placed, the block is settled",
                "story.hero-boost",
            )
        if self.position != s.blocked_at:
            return (
                "only the card that just blocked can still change its outcome",
                "opt.boost_target",
            )
        return (
            f"{s.hero_name(self.seat)} holds no such Hero Boost",
            "story.hero-boost",
        )


# --- 6. Life, damage and death --------------------------------------------------------------------
# ``heal``, ``hurt`` and ``die`` are in actions.py: storylines and Family cards heal and hurt too.


def place_damage(s: AcademyState, seat: int, bars: int) -> None:
    """The team places pending damage on a living hero [life.damage].

    What a dying hero cannot take goes to another hero, or is lost [opt.excess_damage].
    """
    bars = min(bars, s.pending_damage)
    s.pending_damage -= bars
    s.blocked_at = -1  # the block is settled once its damage is placed [opt.boost_target]
    s.say(
        "life.damage",
        lambda s, seat, bars: f"The team places {plural(bars, 'bar')} on {s.hero_name(seat)}.",
        s,
        seat,
        bars,
    )
    left = hurt(s, seat, bars, s.pending_rule)
    if left and s.options.excess_damage == "reassign":
        s.pending_damage += left  # [life.death] the rest must go to another living hero
    elif left:
        s.say(
            "opt.excess_damage",
            lambda: (
                f"{plural(left, 'bar')} of damage {'is' if left == 1 else 'are'} lost with "
                f"{s.hero_name(seat)}."
            ),
        )


def spread(s: AcademyState) -> None:
    """Each bar of pending damage to the hero with the most life at that moment [life.damage].

    Ties go to the first hero clockwise from the Start card. The bars are counted out first,
    then each hero takes their share, clockwise from the Start card.
    """
    n = len(s.life)
    share = [0] * n
    life = s.life[:]
    placed = 0
    for _ in range(s.pending_damage):
        most = max(life)
        if most <= 0:
            break  # nobody is left alive to take it
        seat = s.start  # the hero with the most life, the first clockwise from the Start card
        while life[seat] != most:
            seat = (seat + 1) % n
        life[seat] -= 1
        share[seat] += 1
        placed += 1
    s.pending_damage -= placed
    s.blocked_at = -1  # the block is settled once its damage is placed [opt.boost_target]
    s.say(
        "life.damage",
        lambda: f"The team spreads {plural(placed, 'bar')}: each on the hero with the most life.",
    )
    for seat in clockwise(s, s.start):
        if share[seat]:
            hurt(s, seat, share[seat], s.pending_rule)
    if not any(s.life):
        s.pending_damage = 0  # nobody is left to take the rest [game.lose]


class Damage(Move):
    """The team places damage on a living hero: 1 bar, or all of it [life.damage]."""

    rule = "life.damage"
    steps, when, when_rule = ("damage",), "there is no damage to place now", "life.damage"
    by = None  # the team decides; the seat is the hero who takes the damage
    seat: int
    bars: int

    @staticmethod
    def legal(s: AcademyState) -> list[Damage]:
        amounts = [1, s.pending_damage] if s.pending_damage > 1 else [1]
        return [Damage(seat, bars) for seat in s.living for bars in amounts]

    def play(self, s: AcademyState) -> None:
        place_damage(s, self.seat, self.bars)
        advance(s)

    def label(self, s: AcademyState) -> str:
        rest = s.pending_damage - self.bars
        more = f" ({rest} more to place)" if rest else ""
        return f"Team: {self.bars} damage to {s.hero_name(self.seat)}{more}"

    def refusal(self, s: AcademyState) -> tuple[str, str]:
        return not_living(s, self.seat) or (
            f"the team places 1 bar or all {s.pending_damage} on a living hero",
            "life.damage",
        )


class Spread(Move):
    """The team spreads the damage: each bar on the hero with the most life [life.damage]."""

    rule = "life.damage"
    steps, when, when_rule = ("damage",), "there is no damage to place now", "life.damage"
    bars: int

    @staticmethod
    def legal(s: AcademyState) -> list[Spread]:
        return [Spread(s.pending_damage)]

    def play(self, s: AcademyState) -> None:
        spread(s)
        advance(s)

    def label(self, s: AcademyState) -> str:
        return f"Team: spread {self.bars} damage, each bar on the hero with the most life"

    def refusal(self, s: AcademyState) -> tuple[str, str]:
        return f"there are {s.pending_damage} bars of damage to place, not {self.bars}", (
            "life.damage"
        )


# --- 7. Hero powers -----------------------------------------------------------------------------
# What each power is, when the table allows it and what using it starts: effects.POWERS.

POWER_REFUSALS = {
    "family.apathy": "Apathy: no hero powers this round",
    "power.use": "{name} has already used their power this round",
    "life.death": "{name} is dead and can no longer use a power",
}


def power_blocked(s: AcademyState, seat: int) -> str:
    """``""`` if the hero in ``seat`` may use their power now, else the rule that forbids it.

    Once a round, twice with Strength in Numbers [power.use]; never under Apathy
    [family.apathy]; and whatever the power itself needs (``effects.POWERS``).
    """
    if effects.no_powers(s):
        return "family.apathy"
    if s.power_uses[seat] >= s.power_allowance[seat]:
        return "power.use"
    if s.life[seat] <= 0:
        return "life.death"
    power = effects.POWERS[s.power_of(seat)]
    return "" if power.ready(s, seat) else power.rule


def power_refusal(s: AcademyState, seat: int) -> tuple[str, str] | None:
    """Why the hero in ``seat`` may not use their power now, in words, if they may not."""
    why = power_blocked(s, seat)
    if not why:
        return None
    words = POWER_REFUSALS.get(why) or effects.POWERS[s.power_of(seat)].not_ready
    return words.format(name=s.hero_name(seat)), why


def finish_power(s: AcademyState, seat: int, rule: str) -> None:
    """The power has done its work: the hero pays its bar and plays on [power.use]."""
    s.stage = "face"
    hurt(s, seat, POWER_COST, rule)


class Power(Move):
    """Use a hero power that asks for choices next (all but The Kraken's and Space Boy's).

    It costs 1 bar, paid once the power has done its work, and comes in addition to the card
    play [power.use].
    """

    rule = "power.use"
    steps, when = ("face",), "a hero uses their power when facing a villain card"
    seat: int

    @staticmethod
    def legal(s: AcademyState) -> list[Power]:
        seat = s.responder
        if effects.POWERS[s.power_of(seat)].with_card_play or power_blocked(s, seat):
            return []
        return [Power(seat)]

    @classmethod
    def known(cls, s: AcademyState) -> list[Power]:
        """The hero's power, when it is started on its own, legal or not.

        Refused under Apathy, once used this round, or when it has nothing to act on
        [power.use] [family.apathy].
        """
        if effects.POWERS[s.power_of(s.responder)].with_card_play:
            return []
        return [Power(s.responder)]

    def play(self, s: AcademyState) -> None:
        seat = self.seat
        hero = s.cards.heroes[s.heroes[seat]]
        s.power_uses[seat] += 1
        s.say(
            "power.use",
            lambda s, seat, hero: (
                f"{s.hero_name(seat)} uses {hero.power_name} (costs {POWER_COST} life bar)."
            ),
            s,
            seat,
            hero,
        )
        effects.POWERS[hero.power].start(s, seat)
        advance(s)

    def label(self, s: AcademyState) -> str:
        hero = s.cards.heroes[s.heroes[self.seat]]
        return f"{s.hero_name(self.seat)}: use {hero.power_name} (1 bar): {hero.text}"

    def rule_in(self, s: AcademyState) -> str:
        return effects.POWERS[s.power_of(self.seat)].rule

    def refusal(self, s: AcademyState) -> tuple[str, str]:
        return power_refusal(s, self.seat) or (
            "that is not how this hero's power is used",
            f"power.{s.power_of(self.seat)}",
        )


def faces_with_power(s: AcademyState, power: str) -> bool:
    """The hero facing the card has the power ``power`` and may use it now [power.use]."""
    seat = s.responder
    return s.power_of(seat) == power and not power_blocked(s, seat)


def end_power_turn(s: AcademyState, seat: int, rule: str) -> None:
    """A power played with the card play has done its work: its bar is paid, the turn is over.

    [power.use] [turn.order]
    """
    hurt(s, seat, POWER_COST, rule)
    end_turn(s)


def card_pairs(s: AcademyState, seat: int) -> list[tuple[int, int, tuple[int, ...]]]:
    """Every two cards of ``seat``'s hand, in hand order, with their attack values, lower first."""
    attack, hand = s.cards.attack, s.hands[seat]
    return [
        (first, second, tuple(sorted((attack[first], attack[second]))))
        for i, first in enumerate(hand)
        for second in hand[i + 1 :]
    ]


def kraken_pairs(s: AcademyState, seat: int, value: int) -> list[tuple[int, int]]:
    """The Kraken's pairs of cards that block or beat ``value`` when the higher alone would not.

    One pair per pair of attack values, the first in hand order [power.kraken].
    """
    found, seen = [], set()
    for first, second, pair in card_pairs(s, seat):
        if pair[1] <= value <= pair[0] + pair[1] and pair not in seen:
            seen.add(pair)  # one move per pair of values
            found.append((first, second))
    return found


def doubled_cards(s: AcademyState, seat: int) -> list[int]:
    """The cards of ``seat``'s hand that, doubled, block or beat the faced card and alone do not.

    One per design [power.space-boy].
    """
    value, attack = faced_value(s), s.cards.attack
    return [n for n in distinct(s, s.hands[seat]) if attack[n] <= value <= 2 * attack[n]]


class HitsTwice(CardPlay):
    """The Kraken plays a second card with the first: the attack values add up [power.kraken].

    Both cards go to the discard pile (C-9); it is offered when it changes the outcome.
    """

    kind, rule, power = "kraken", "power.kraken", "kraken"
    played = ("card", "second")
    said = "{cards} = {total} (Hits Twice)"
    seat: int
    card: Card
    second: Card

    @staticmethod
    def legal(s: AcademyState) -> list[HitsTwice]:
        if not faces_with_power(s, "kraken"):
            return []
        seat = s.responder
        return [
            HitsTwice(seat, first, second)
            for first, second in kraken_pairs(s, seat, faced_value(s))
        ]


class DoubleShot(CardPlay):
    """Space Boy doubles the attack value of the card he plays [power.space-boy].

    It is offered when it changes the outcome (C-10).
    """

    kind, rule, power = "double", "power.space-boy", "space-boy"
    shown, said = "{cards} x 2", "{cards} doubled = {total} (Double Shot)"
    seat: int
    card: Card

    @staticmethod
    def legal(s: AcademyState) -> list[DoubleShot]:
        if not faces_with_power(s, "space-boy"):
            return []
        seat = s.responder
        return [DoubleShot(seat, number) for number in doubled_cards(s, seat)]


class DoubleShotFor(CardPlay):
    """Space Boy doubles the card another hero plays (option double_shot="any").

    The card says "a Hero Attack Card on the table": with double_shot="any" Space Boy may use
    Double Shot on the card the hero facing the lineup plays, not only on his own. It uses his
    power for the round and costs him its bar [power.space-boy] [opt.double_shot]. It is
    offered when it changes the outcome.
    """

    kind, rule, power, power_by = "double-for", "power.space-boy", "space-boy", "helper"
    option = ("double_shot", "any", "Space Boy doubles only the card he plays himself")
    shown = "{cards} doubled by {helper}"
    said = "{cards} doubled by {helper} = {total} (Double Shot)"
    seat: int
    card: Card
    helper: int

    @staticmethod
    def legal(s: AcademyState) -> list[DoubleShotFor]:
        if s.options.double_shot != "any":
            return []
        seat = s.responder
        helpers = [
            helper
            for helper in s.living
            if helper != seat
            and s.power_of(helper) == "space-boy"
            and power_blocked(s, helper) in ("", "power.space-boy")  # (he plays no card)
        ]
        return [
            DoubleShotFor(seat, number, helper)
            for helper in helpers
            for number in doubled_cards(s, seat)
        ]

    def power_refusal(self, s: AcademyState) -> tuple[str, str] | None:
        """Only Space Boy, another hero than the player, may double the card [opt.double_shot]."""
        helper = self.helper
        if not 0 <= helper < s.players or s.power_of(helper) != "space-boy":
            return "only Space Boy has Double Shot", "power.space-boy"
        if helper == self.seat:
            return "Space Boy doubles his own card with the move double", "power.space-boy"
        why = power_refusal(s, helper)
        return why if why and why[1] != "power.space-boy" else None  # (he plays no card)


class HitsTwiceAt(CardPlay):
    """The Kraken's two cards against another card of the lineup (option kraken_target="any").

    The card says "against any Villain Attack Card": with kraken_target="any" The Kraken may
    tally his two cards against a card still in the lineup other than the faced one. Both
    cards go to the discard pile and the power costs its bar; the faced card still waits for
    his card play, as after any power [power.kraken] [opt.kraken_target]. It is offered when
    the two cards together defeat or block that card and the higher alone would not.
    """

    kind, rule, power = "kraken-at", "power.kraken", "kraken"
    played, at = ("card", "second"), "position"
    option = ("kraken_target", "any", "The Kraken's two cards go against the faced card")
    said = "{cards} = {total} (Hits Twice)"
    seat: int
    card: Card
    second: Card
    position: int

    @staticmethod
    def legal(s: AcademyState) -> list[HitsTwiceAt]:
        if s.options.kraken_target != "any" or not faces_with_power(s, "kraken"):
            return []
        seat, faced = s.responder, s.faced_position
        return [
            HitsTwiceAt(seat, first, second, position)
            for position in s.waiting
            if position != faced
            for first, second in kraken_pairs(s, seat, s.villain_attack(s.lineup[position]))
        ]

    def label(self, s: AcademyState) -> str:
        code, total = s.lineup[self.position], self.total(s)
        verb = "attack" if total > s.villain_attack(code) else "block"
        return (
            f"{s.hero_name(self.seat)} (Hits Twice, 1 bar): {verb} card {self.position + 1}, "
            f"{s.villain_label(code)}, with {self.words(s, '{cards}')} = {total}"
        )


# --- Hero Boosts the options allow: on a power's card play, two on one card --------------------


def boost_on_power(s: AcademyState, power: str) -> bool:
    """A Hero Boost may go on the card play of ``power`` now [opt.boost_with_power].

    With boost_with_power=True, never under Brothers Will Fight [family.brothers].
    """
    return (
        s.options.boost_with_power and not effects.no_hero_boosts(s) and faces_with_power(s, power)
    )


BOOST_WITH_POWER = (
    "boost_with_power",
    True,
    "a Hero Boost never goes on a card played with a hero power",
)
"""The option that lets a Hero Boost go on a card played with a power [opt.boost_with_power]."""


class HitsTwiceBoosted(CardPlay):
    """The Kraken's two cards with a Hero Boost on them (option boost_with_power=True).

    A Hero Boost goes "on any Hero Attack Card on the table": with boost_with_power=True it may
    go on The Kraken's pair too. The two attack values and the boost add up; the boost's owner
    loses 1 bar and The Kraken pays his power's bar [story.hero-boost] [power.kraken]
    [opt.boost_with_power]. It is offered when the boost changes the outcome of the pair (with
    boost_offer="any", whenever the three let it block or win [opt.boost_offer]).
    """

    kind, rule, power = "kraken-boosted", "power.kraken", "kraken"
    played, boosts, option = ("card", "second"), (("holder", "boost"),), BOOST_WITH_POWER
    shown, said = "{cards} + {boosts}", "{cards} (Hits Twice) + {boosts} = {total}"
    seat: int
    card: Card
    second: Card
    holder: int
    boost: Card

    @staticmethod
    def legal(s: AcademyState) -> list[HitsTwiceBoosted]:
        if not boost_on_power(s, "kraken"):
            return []
        seat, value = s.responder, faced_value(s)
        on_any = s.options.boost_offer == "any"
        moves, seen = [], set()
        for first, second, pair in card_pairs(s, seat):
            total = pair[0] + pair[1]
            if pair[1] > value or not (on_any or total <= value):
                continue
            for holder, boost in boost_offers(s, seat, first, second):
                key = (pair, holder, s.cards.design[boost])
                if value <= total + s.cards.boost[boost] and key not in seen:
                    seen.add(key)  # one move per pair of values and boost
                    moves.append(HitsTwiceBoosted(seat, first, second, holder, boost))
        return moves


class DoubleShotBoosted(CardPlay):
    """Space Boy's doubled card with a Hero Boost on it (option boost_with_power=True).

    With boost_with_power=True a Hero Boost may go on the card Space Boy doubles: the card's
    attack value is doubled, then the boost is added (the boost adds "to your attack", not to
    the card). The boost's owner loses 1 bar and Space Boy pays his power's bar
    [story.hero-boost] [power.space-boy] [opt.boost_with_power]. It is offered when the boost
    changes the outcome of the doubled card (with boost_offer="any", whenever it lets it block
    or win [opt.boost_offer]).
    """

    kind, rule, power = "double-boosted", "power.space-boy", "space-boy"
    boosts, option = (("holder", "boost"),), BOOST_WITH_POWER
    shown = "{cards} x 2 + {boosts}"
    said = "{cards} doubled (Double Shot) + {boosts} = {total}"
    seat: int
    card: Card
    holder: int
    boost: Card

    @staticmethod
    def legal(s: AcademyState) -> list[DoubleShotBoosted]:
        if not boost_on_power(s, "space-boy"):
            return []
        seat, value, attack, bonus = s.responder, faced_value(s), s.cards.attack, s.cards.boost
        on_any = s.options.boost_offer == "any"
        return [
            DoubleShotBoosted(seat, number, holder, boost)
            for number in distinct(s, s.hands[seat])
            if attack[number] <= value and (on_any or 2 * attack[number] <= value)
            for holder, boost in boost_offers(s, seat, number)
            if value <= 2 * attack[number] + bonus[boost]
        ]


NOT_A_CHOICE = "that is not one of the choices of the power"
"""Why a power's choice is refused at its step: it is not one of them [power.use]."""


class PowerChoice(Move):
    """A choice a hero power asks for once it is used, at the power's own step [power.use].

    What every such choice does: its effect (:meth:`act`), then the hero pays the power's bar
    and plays on (:func:`finish_power`). A choice not offered is refused as not one of the
    power's choices, citing the power's rule. A kind of choice is this class with its power's
    rule (``rule``), its step (``steps``) and its own ``legal``, ``act`` and ``label``; a
    choice that is not the power's last (one of Vanya's removals) writes its own ``play``.
    """

    if TYPE_CHECKING:  # every power's choice has a seat field first: the power's user
        seat: int

    def play(self, s: AcademyState) -> None:
        """The choice's effect; then the power's bar is paid and the hero plays on [power.use]."""
        self.act(s)
        finish_power(s, self[1], self.rule)
        advance(s)

    def act(self, s: AcademyState) -> None:
        """What the chosen option does, said with the power's rule."""
        raise NotImplementedError

    def refusal(self, s: AcademyState) -> tuple[str, str]:
        return NOT_A_CHOICE, self.rule


class HorrorGift(PowerChoice):
    """The Horror's choice: 2 bars to one hero, or 1 bar each to two heroes [power.horror].

    ``first == second`` gives both bars to one hero. Healing stops at each hero's maximum.
    """

    kind = "horror"
    rule = "power.horror"
    steps, when = ("horror",), "The Horror gives her bars when she uses her power"
    seat: int
    first: int
    second: int

    @staticmethod
    def legal(s: AcademyState) -> list[HorrorGift]:
        seat, living = s.responder, s.living
        return [HorrorGift(seat, hero, hero) for hero in living] + [
            HorrorGift(seat, a, b) for i, a in enumerate(living) for b in living[i + 1 :]
        ]

    def act(self, s: AcademyState) -> None:
        if self.first == self.second:
            heal(s, self.first, HORROR_BARS, "power.horror")
        else:
            heal(s, self.first, 1, "power.horror")
            heal(s, self.second, 1, "power.horror")

    def label(self, s: AcademyState) -> str:
        name = s.hero_name(self.seat)
        if self.first == self.second:
            return f"{name}: 2 bars to {s.hero_name(self.first)}"
        return f"{name}: 1 bar each to {s.hero_name(self.first)} and {s.hero_name(self.second)}"


class Swap(PowerChoice):
    """Number Five's choice: two cards still in the lineup change places (C-11).

    This can change which card the current hero and later heroes face [power.number-five].
    """

    rule = "power.number-five"
    steps, when = ("number-five",), "Number Five swaps two cards when he uses his power"
    seat: int
    first: int
    second: int

    @staticmethod
    def legal(s: AcademyState, first: int | None = None) -> list[Swap]:
        """Every swap of two waiting cards, each pair once, left to right.

        With ``first``, only the swaps whose first card is the one at that position: the same
        moves in the same order, narrowed (as a chess move generator narrows to the moves from
        one square).
        """
        seat, waiting = s.responder, s.waiting
        if first is not None:
            return [Swap(seat, first, b) for b in waiting if b > first] if first in waiting else []
        return [Swap(seat, a, b) for i, a in enumerate(waiting) for b in waiting[i + 1 :]]

    def act(self, s: AcademyState) -> None:
        a, b = self.first, self.second
        s.lineup[a], s.lineup[b] = s.lineup[b], s.lineup[a]
        s.say(
            "power.number-five",
            lambda: (
                f"{s.hero_name(self.seat)} swaps {s.villain_label(s.lineup[b])} (card {a + 1}) "
                f"with {s.villain_label(s.lineup[a])} (card {b + 1})."
            ),
        )

    def label(self, s: AcademyState) -> str:
        a, b = self.first, self.second
        return (
            f"{s.hero_name(self.seat)}: swap card {a + 1} ({s.villain_attack(s.lineup[a])}) "
            f"with card {b + 1} ({s.villain_attack(s.lineup[b])})"
        )


class Rumor(PowerChoice):
    """The Rumor's choice: any card still in the lineup is defeated, whatever its value.

    [power.rumor]
    """

    rule = "power.rumor"
    steps, when = ("rumor",), "The Rumor defeats a card when she uses her power"
    seat: int
    position: int

    @staticmethod
    def legal(s: AcademyState) -> list[Rumor]:
        return [Rumor(s.responder, p) for p in s.reachable]

    def act(self, s: AcademyState) -> None:
        s.say(
            "power.rumor",
            lambda: (
                f"{s.hero_name(self.seat)}: I heard a rumour "
                f"{s.villain_label(s.lineup[self.position])} was defeated. It is."
            ),
        )
        s.outcomes[self.position] = DEFEATED

    def label(self, s: AcademyState) -> str:
        return (
            f"{s.hero_name(self.seat)}: defeat card {self.position + 1}, "
            f"{s.villain_label(s.lineup[self.position])}"
        )


class SeanceCard(PowerChoice):
    """Séance's choice: a card from the discard pile plays against any card still in the lineup.

    As an attack or a block, never a storyline; the card stays in the discard pile (C-12). One
    choice per attack value [power.seance].
    """

    kind = "seance"
    rule = "power.seance"
    steps, when = ("seance",), "Séance calls a card back when he uses his power"
    seat: int
    position: int
    card: Card

    @staticmethod
    def legal(s: AcademyState, at: int | None = None) -> list[SeanceCard]:
        """For each waiting card, left to right, the discarded cards that answer it.

        One per attack value (the first in the pile), lowest value first. With ``at`` (a lineup
        position), only the choices against the card there: the same moves in the same order,
        narrowed.
        """
        by_value: dict[int, int] = {}  # the first discarded card of each attack value
        for number in s.discard:
            by_value.setdefault(s.cards.attack[number], number)
        values = sorted(by_value.items())
        moves = []
        waiting = s.waiting
        if at is not None:
            waiting = [at] if at in waiting else []
        for position in waiting:
            needed = s.villain_attack(s.lineup[position])  # to block it; higher defeats it
            moves += [SeanceCard(s.responder, position, n) for a, n in values if a >= needed]
        return moves

    def act(self, s: AcademyState) -> None:
        seat, card = self.seat, s.card(self.card)
        code = s.lineup[self.position]
        name = s.hero_name(seat)
        if card.attack > s.villain_attack(code):
            s.outcomes[self.position] = DEFEATED
            s.say(
                "power.seance",
                lambda: (
                    f"{name} calls {card.label} back from the discard pile and defeats "
                    f"{s.villain_label(code)}."
                ),
            )
        else:
            s.outcomes[self.position] = BLOCKED
            half = (s.villain_damage(code) + 1) // 2
            s.say(
                "power.seance",
                lambda: (
                    f"{name} calls {card.label} back from the discard pile and blocks "
                    f"{s.villain_label(code)}: {half} damage to take."
                ),
            )
            take_block_damage(s, seat, half, self.position, power=True)

    def label(self, s: AcademyState) -> str:
        code = s.lineup[self.position]
        card = s.card(self.card)
        verb = "defeat" if card.attack > s.villain_attack(code) else "block"
        return (
            f"{s.hero_name(self.seat)}: play {card.label} from the discard pile to {verb} card "
            f"{self.position + 1}, {s.villain_label(code)}"
        )

    def canonical(self, s: AcademyState) -> SeanceCard:
        """The choices name one discarded card per attack value: the first in the pile."""
        design = s.cards.design
        if not 0 <= self.card < len(design):
            return self
        if not any(design[number] == design[self.card] for number in s.discard):
            return self  # not in the discard pile: refused
        attack = s.cards.attack
        first = next(n for n in s.discard if attack[n] == attack[self.card])
        return SeanceCard(self.seat, self.position, first)

    def refusal(self, s: AcademyState) -> tuple[str, str]:
        if self.card not in s.discard:
            return "that card is not in the discard pile", "power.seance"
        return super().refusal(s)


class VanyaRemoves(PowerChoice):
    """Vanya's choice: a card still in the lineup is removed (it counts as defeated).

    Four cards, or all that are left; then her 2 damage [power.vanya].
    """

    kind = "vanya"
    rule = "power.vanya"
    steps, when = ("vanya",), "Vanya removes cards when she uses her power"
    seat: int
    position: int

    @staticmethod
    def legal(s: AcademyState) -> list[VanyaRemoves]:
        return [VanyaRemoves(s.responder, p) for p in s.reachable]

    def play(self, s: AcademyState) -> None:
        s.outcomes[self.position] = REMOVED
        s.vanya_left -= 1
        s.say(
            "power.vanya",
            lambda: f"{s.hero_name(self.seat)} removes {s.villain_label(s.lineup[self.position])}.",
        )
        if s.vanya_left == 0 or not s.reachable:
            s.stage = "vanya-hit"  # her power is not done: its damage comes next
        advance(s)

    def label(self, s: AcademyState) -> str:
        return (
            f"{s.hero_name(self.seat)}: remove card {self.position + 1}, "
            f"{s.villain_label(s.lineup[self.position])} ({s.vanya_left} to remove)"
        )


class VanyaHit(PowerChoice):
    """The team picks the hero who takes Vanya's 2 damage [power.vanya].

    It is placed like any damage: what a dying hero cannot take follows opt.excess_damage
    [life.death]. Then Vanya pays her bar.
    """

    rule = "power.vanya"
    steps, when = ("vanya-hit",), "Vanya's 2 damage comes after her removals"
    by = None  # the team decides; the seat is Vanya's, the target the hero who takes it
    seat: int
    target: int

    @staticmethod
    def legal(s: AcademyState) -> list[VanyaHit]:
        return [VanyaHit(s.responder, target) for target in s.living]

    def act(self, s: AcademyState) -> None:
        s.pending_damage, s.pending_rule = s.pending_damage + VANYA_DAMAGE, "power.vanya"
        place_damage(s, self.target, VANYA_DAMAGE)

    def label(self, s: AcademyState) -> str:
        return f"Team: Vanya's 2 damage goes to {s.hero_name(self.target)}"

    def refusal(self, s: AcademyState) -> tuple[str, str]:
        return not_living(s, self.target) or super().refusal(s)


# --- 9. Round end -------------------------------------------------------------------------------


def deal_uncontested_damage(s: AcademyState) -> None:
    """Every lineup card has an outcome: the uncontested cards deal their damage [end.damage].

    With damage_timing="immediate" each card dealt its damage when it was left instead
    [opt.damage_timing].
    """
    if s.options.damage_timing != "round-end":
        return
    total = 0
    for code, outcome in zip(s.lineup, s.outcomes, strict=True):
        if outcome == UNCONTESTED:
            total += s.villain_damage(code)
    if total:
        s.say(
            "end.damage",
            lambda total: (
                f"Every lineup card has an outcome. The uncontested cards deal {total} damage."
            ),
            total,
        )
        s.pending_damage, s.pending_rule = total, "end.damage"


def close_lineup(s: AcademyState) -> None:
    """Uncontested cards go under the Final Battle card, the others away [end.final-pile]."""
    moved = 0
    for code, outcome in zip(s.lineup, s.outcomes, strict=True):
        if outcome == UNCONTESTED:
            s.final_pile.append(code)
            moved += 1
        else:
            s.villain_discard.append(code)
    s.say(
        "end.final-pile",
        lambda s, moved: (
            f"{plural(moved, 'uncontested card')} {'goes' if moved == 1 else 'go'} under the Final "
            f"Battle card ({len(s.final_pile)} "
            f"there now); {s.cards.villains[s.faced[-1]].name} is set beside it."
        ),
        s,
        moved,
    )
    s.lineup, s.outcomes = [], []


class Keep(Move):
    """The team keeps the cards left in hand; then every hero draws up [end.keep]."""

    rule = "end.keep"
    steps = ("keep",)
    when = "cards are kept or discarded only at the end of a round"
    when_rule = "end.keep"

    @staticmethod
    def legal(s: AcademyState) -> list[Keep]:
        return [Keep()]

    def play(self, s: AcademyState) -> None:
        s.say(
            "end.keep",
            lambda s: (
                f"The team keeps the other {sum(len(hand) for hand in s.hands)} card(s) in hand."
            ),
            s,
        )
        s.phase = "refill"
        advance(s)

    def label(self, s: AcademyState) -> str:
        return "Team: keep the cards left in hand and draw up"

    def refusal(self, s: AcademyState) -> tuple[str, str]:
        return "cards are kept or discarded only at the end of a round", "end.keep"


class Discard(Move):
    """At the round end a surviving hero discards a card from hand, one at a time [end.keep]."""

    rule = "end.keep"
    steps = ("keep",)
    when = "cards are kept or discarded only at the end of a round"
    when_rule = "end.keep"
    by = None  # the team decides; the seat is the hero who discards
    seat: int
    card: Card

    @staticmethod
    def legal(s: AcademyState) -> list[Discard]:
        return [Discard(seat, card) for seat in s.living for card in distinct(s, s.hands[seat])]

    def play(self, s: AcademyState) -> None:
        play_from_hand(s, self.seat, self.card)
        s.say(
            "end.keep",
            lambda: f"{s.hero_name(self.seat)} discards {s.card(self.card).label}.",
        )
        if not any(s.hands):
            s.phase = "refill"
        advance(s)

    def label(self, s: AcademyState) -> str:
        return f"{s.hero_name(self.seat)}: discard {s.card(self.card).label}"

    def canonical(self, s: AcademyState) -> Discard:
        hand = hand_of(s, self.seat)
        return Discard(self.seat, first_copy(s, hand, self.card))

    def refusal(self, s: AcademyState) -> tuple[str, str]:
        why = not_living(s, self.seat)
        if why:
            return why
        if first_copy(s, s.hands[self.seat], self.card) not in s.hands[self.seat]:
            return f"{s.hero_name(self.seat)} does not hold that card", "end.keep"
        return "cards are kept or discarded only at the end of a round", "end.keep"


def refill(s: AcademyState) -> None:
    """Each surviving hero draws back up to the hand size, clockwise from the Start card.

    One card fewer under Hopelessness [end.refill] [family.hopelessness].
    """
    size = effects.refill_size(s)
    if size < s.hand_size:
        s.say(
            "family.hopelessness",
            lambda: f"Hopelessness: the heroes draw up to {plural(size, 'card')}, one fewer.",
        )
    for seat in clockwise(s, s.start):
        if s.life[seat] > 0:
            draw_up(s, seat, size)


def draw_up(s: AcademyState, seat: int, size: int) -> None:
    """``seat`` draws from the top of the hero deck until their hand holds ``size`` cards.

    An empty deck is made anew from the shuffled discard pile [end.refill] [end.reshuffle].
    """
    hand = s.hands[seat]
    drawn = 0
    while len(hand) < size:
        if not s.deck:
            if not s.discard:
                break
            s.deck, s.discard = s.discard, []
            s._rng().shuffle(s.deck)
            s.say(
                "end.reshuffle",
                lambda: (
                    "The Hero Attack deck is empty: the discard pile is shuffled into a new deck."
                ),
            )
        hand.append(s.deck.pop())
        drawn += 1
    if drawn:
        s.say(
            "end.refill",
            lambda s, seat, drawn: f"{s.hero_name(seat)} draws {plural(drawn, 'card')}.",
            s,
            seat,
            drawn,
        )


def next_start(s: AcademyState) -> int:
    """Who takes the Start card next: the next living hero clockwise [end.start-card].

    With start_card="seat" it passes to the next player clockwise, living or dead; a dead
    holder's first card then goes to the next living hero [opt.start_card].
    """
    n = len(s.heroes)
    if s.options.start_card == "seat":
        return (s.start + 1) % n
    for seat in clockwise(s, (s.start + 1) % n):
        if s.life[seat] > 0:
            return seat
    return s.start


def pass_start_card(s: AcademyState) -> None:
    """The Start card passes on [end.start-card] [opt.start_card]."""
    s.start = next_start(s)
    if len(s.heroes) > 1:
        s.say("end.start-card", lambda s: f"The Start card passes to {s.hero_name(s.start)}.", s)


# --- 10. The Final Battle: see start_round [final.*] ------------------------------------------
# --- 11. End of the game ------------------------------------------------------------------------


def end_game(s: AcademyState, won: bool, rule: str, reason: str) -> None:
    """The game is over: the whole team wins [game.win], or every hero is dead [game.lose]."""
    s.result = Result(tuple(range(len(s.heroes))) if won else (), reason, rule)
    s.stage = "over"
    s.say(rule, str, reason)


# --- 12. Solo -----------------------------------------------------------------------------------


class CallPogo(Move):
    """Solo: Pogo restores the hero to full life, once per game, at any time [solo.pogo].

    (At any of the hero's decisions: facing a card, placing damage, keeping cards.)
    """

    kind = "pogo"
    rule = "solo.pogo"
    steps = ("face", "damage", "keep")
    when = "Pogo is called while the hero faces a card, places damage or keeps cards"
    when_rule = "solo.pogo"
    by = None  # the solo hero, also at the team's steps (placing damage, keeping cards)
    seat: int

    @staticmethod
    def legal(s: AcademyState) -> list[CallPogo]:
        return [CallPogo(0)] if s.pogo and s.life[0] > 0 else []

    def play(self, s: AcademyState) -> None:
        s.pogo = False
        s.say("solo.pogo", lambda: f"Pogo steps in: {s.hero_name(0)} is restored to full life.")
        heal(s, 0, s.max_life[0] - s.life[0], "solo.pogo")
        advance(s)

    def label(self, s: AcademyState) -> str:
        return f"{s.hero_name(self.seat)}: call Pogo, restore to full life (once per game)"

    def refusal(self, s: AcademyState) -> tuple[str, str]:
        if not s.solo:
            return "Pogo is kept aside only in the solo variant", "solo.pogo"
        if not s.pogo:
            return "Pogo has already been used (once per game)", "solo.pogo"
        return not_living(s, self.seat) or (
            "Pogo is called while the hero faces a card, places damage or keeps cards",
            "solo.pogo",
        )


# --- The move kinds -----------------------------------------------------------------------------

CARD_PLAYS = (
    Attack,
    Block,
    Heal,
    Story,
    HeroBoost,
    HeroBoostTwice,
    HitsTwice,
    DoubleShot,
    DoubleShotFor,
    HitsTwiceBoosted,
    DoubleShotBoosted,
)
"""The moves that answer the faced card with a card: without one, the hero passes."""
Pass.instead_of = CARD_PLAYS  # the hero passes only when no card answers [turn.no-card]

ONE_CARD_PLAYS = (Attack, Block, Heal, Story)
"""The move kinds that play one card of a hero's hand against the faced card, and nothing
else: a hero's moves are listed card by card in them (:func:`card_by_card`)."""

MOVES = (
    *CARD_PLAYS,
    HitsTwiceAt,
    Power,
    Pass,
    Choose,
    Spread,
    Damage,
    HeroBoostOn,
    Keep,
    Discard,
    HorrorGift,
    Swap,
    Rumor,
    SeanceCard,
    VanyaRemoves,
    VanyaHit,
    CallPogo,
)
"""The move kinds of The Umbrella Academy Game, in the order they are listed."""

__all__ = [
    "MOVES",
    "PLAYER_COUNT_TABLE",
    "AcademyState",
    "card_by_card",
    "check_table",
    "setup",
]
