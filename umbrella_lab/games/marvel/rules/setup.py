"""Marvel United, 2. Setup [setup.*]: the card data and the options checked, the table dealt.

:func:`settings` reads the card data and checks the villain, the heroes and the challenge once
per game [setup.heroes] [setup.challenge]. :func:`setup` deals the table in the rulebook's
order: the missions [setup.missions], the villain and its health [setup.villain]
[setup.health], six locations [setup.locations], the villain's threats [setup.threats], the
Master Plan deck [setup.plan], the heroes and their decks [setup.heroes], their hands
[setup.hands] (solo: one deck of three heroes, five cards [solo.setup]); then it plays the
first villain turn [villain.turn], running the steps with ``steps.run``.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import cast

from umbrella_lab.engine.core import Game
from umbrella_lab.engine.data import cached_by_files
from umbrella_lab.engine.errors import OptionError
from umbrella_lab.engine.words import plural
from umbrella_lab.games.marvel import effects
from umbrella_lab.games.marvel.actions import RING
from umbrella_lab.games.marvel.cards import DATA_FILES, Cards, Threat, load_cards
from umbrella_lab.games.marvel.rules.steps import run
from umbrella_lab.games.marvel.state import MarvelState

HAND = 3  # cards in hand at setup [setup.hands]
SOLO_HAND = 5  # [solo.setup]
SOLO_HEROES = 3  # [solo.setup]


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
