"""2. Setup [setup.*]: the table is dealt, then the first round starts.

``check_table`` checks the options together when the game is loaded [setup.heroes]
[solo.hero] [setup.villains]; ``setup`` deals the heroes, the player-count table, the
villains, the decks, the hands and the Start card [setup.table] [setup.decks] [setup.hands]
[setup.start], with the solo changes [solo.*], then starts round 1.
"""

from __future__ import annotations

from types import SimpleNamespace

from umbrella_lab.engine.core import Game
from umbrella_lab.engine.errors import OptionError
from umbrella_lab.engine.luck import Numbers
from umbrella_lab.engine.words import plural
from umbrella_lab.games.academy.actions import LIFE_BOOST_BARS, STORY_COST
from umbrella_lab.games.academy.cards import load_cards
from umbrella_lab.games.academy.rules.order import advance
from umbrella_lab.games.academy.rules.round import start_round
from umbrella_lab.games.academy.rules.table import PLAYER_COUNT_TABLE
from umbrella_lab.games.academy.state import AcademyState, family_cards, hero_cards

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
