"""Heroes vs the Umbrella Corporation: the rules, in the order of the rulebook.

Rule ids in brackets point into the digest ``digest.md`` (next to this file); every event in the
log and every refused move names one of them. This file follows the digest:

* the state (who holds what: ``CorporationState``, in ``state.py`` with the rulebook's numbers,
  the seats and the abilities a force reads) and how a move names a card;
* 3. Setup [setup.*], with the Heroes' first decision, the team search;
* 4. The turn [turn.phases]: six phases, every turn, in :func:`advance`;
* 5. Draw [draw.*]; 6. Events [event.*]; 7. Recruit [recruit.*]; 8. Assault [assault.*], and
  the combat that Search and Destroy shares; 10. Search and Destroy [search.*]; 11. End [end.*];
  12. End of the game [game.*].

Section 9, the card abilities [ability.*], is ``effects.py``: one small function per ability,
named by the card data. Each kind of move is one class below: which moves of that kind are legal,
what one does, how it reads and why one is refused, all in one place. ``MOVES`` lists them.

Seat 0 is the Heroes, seat 1 the Umbrella Corporation. Luck is visible: every 2D6 roll and every
"50%" is a chance step (``to_act == CHANCE``) whose outcomes carry exact probabilities.

>>> import umbrella_lab as ul
>>> state = ul.load("corporation").new(seed=1)
>>> state.to_act, state.phase
(0, 'search')
>>> state.legal_actions()[0].label
'Heroes search their deck: S.T.A.R.S. Alpha Team (Operative, force 2) goes into play'
>>> state.legal_actions()[0].id
'search/stars-alpha'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Annotated, Any, ClassVar

from umbrella_lab.engine.core import CHANCE, Event, Game, Result, possessive
from umbrella_lab.engine.moves import ByName, Move
from umbrella_lab.engine.words import plural
from umbrella_lab.games.corporation import effects
from umbrella_lab.games.corporation.actions import (
    CHARACTERS_DISCARDED,
    CHARACTERS_SAVED,
    EVENTS_PLAYED,
    HERO,
    SIDES,
    UMBRELLA,
    UNITS_LOST,
    draw,
    find,
    first_copies,
)
from umbrella_lab.games.corporation.cards import (
    HERO_EFFECTS,
    UMBRELLA_EFFECTS,
    Cards,
    HeroCard,
    UmbrellaCard,
    card_tables,
    load_cards,
)
from umbrella_lab.games.corporation.odds import TWO_DICE
from umbrella_lab.games.corporation.state import (
    CREW_LIMIT,
    DRAW_PER_TURN,
    HALF,
    HAND_LIMIT,
    ROLLS,
    STARTING_HAND,
    SUBTYPE_BONUS,
    SURVIVOR_CREW_LIMIT,
    CorporationState,
    design,
)

# --- Words -----------------------------------------------------------------------------------


def _verb(side: int, plural: str, singular: str) -> str:
    return f"Heroes {plural}" if side == HERO else f"Umbrella {singular}"


def _names(s: CorporationState, numbers: list[int]) -> str:
    """Characters' names in words: "Jill", "Jill and Barry", "Jill, Barry and K-Mart"."""
    names = [s.cards.hero[n].name for n in numbers]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


# --- 3. Setup ------------------------------------------------------------------------------------


INVENTED_ABILITIES = frozenset(("bonus-vs", "medic", "lucky", "hunt-defence", "defence"))
"""The lasting abilities of teams, characters and units: the project's own, not the
rulebook's [ability.*] [opt.cards]."""

_RULEBOOK_CARDS: dict[int, Cards] = {}


def rulebook_cards(cards: Cards) -> Cards:
    """The cards without what the project invented [opt.cards].

    The cards the data marks ``invented`` leave the decks: the events Intel, Medkit,
    Anti-Virus, Red Queen Lockdown and Reinforcements, whose effects the rulebook has no word
    of. Characters and units keep their force and sub-type; Medic, Lucky and the bonuses are
    gone, from the rules and from the cards' texts (Rebecca reads "An Operative character.").
    The events that add their number to a combat stay: the rulebook has events and traps
    that assist a combat ("adds up the force values and bonuses of all these cards"); only
    their numbers are the project's stand-in, as every force is.
    """
    found = _RULEBOOK_CARDS.get(id(cards))
    if found is None or found.source != cards.source:

        def plain(card: Any) -> Any:
            if card.effect in INVENTED_ABILITIES:  # its text named the ability: now its kind
                what = f"{card.subtype.capitalize()} {card.kind}" if card.subtype else card.kind
                text = f"{'An' if what[0] in 'AEIOUaeiou' else 'A'} {what}."
                return replace(card, effect="", amount=0, text=text)
            return card

        found = card_tables(
            [plain(c) for c in cards.hero if c.provenance != "invented"],
            [plain(c) for c in cards.umbrella if c.provenance != "invented"],
            cards.source,
        )
        _RULEBOOK_CARDS[id(cards)] = found
    return found


_FIVE_FACILITY_CARDS: dict[int, Cards] = {}


def five_facility_cards(cards: Cards) -> Cards:
    """The cards with only five starting facilities: the last one of the data is left out.

    The rulebook says "The Umbrella player starts with all 6 Facility cards in play except for
    the New Facility": read as six Facility cards in all, the New Facility one of them, five
    start in play [opt.starting_facilities]. The rulebook names no facility, so the one left
    out of the game is the last starting facility of the data files.
    """
    found = _FIVE_FACILITY_CARDS.get(id(cards))
    if found is None or found.source != cards.source:
        starting = [n for n, c in enumerate(cards.umbrella) if c.start]
        left_out = starting[-1]
        found = card_tables(  # the tables by name are built anew for the shorter list
            list(cards.hero),
            [c for n, c in enumerate(cards.umbrella) if n != left_out],
            cards.source,
        )
        _FIVE_FACILITY_CARDS[id(cards)] = found
    return found


def setup(game: Game, seed: int, events: list | None) -> CorporationState:
    """Deal a table [setup.*].

    Umbrella's facilities go into play and both decks are shuffled; then the Heroes search
    their deck for a first team (their first decision, :class:`SearchTeam`).
    """
    cards = load_cards(game.options["data"])
    if game.options["cards"] == "rulebook":  # [opt.cards]
        cards = rulebook_cards(cards)
    if game.options["starting_facilities"] == 5:  # [opt.starting_facilities]
        cards = five_facility_cards(cards)
    rng = game.luck.deal(seed)
    s = CorporationState.__new__(CorporationState)
    s.game, s.seed, s.cards, s.events = game, seed, cards, events
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
    clear_combat(s)
    s.history, s.stats, s.outcome = [], [0] * 6, None
    s.say("cards.hero-deck", lambda: f"The Heroes' deck: {deck_words(cards.hero, hero_deck)}.")
    s.say(
        "cards.umbrella-deck",
        lambda: f"Umbrella's deck: {deck_words(umbrella, umbrella_deck)}.",
    )
    s.say(
        "setup.facilities",
        lambda: (
            f"Umbrella starts with {len(s.facilities)} facilities in play: "
            + ", ".join(umbrella[n].name for n in s.facilities)
            + "."
        ),
    )
    s.say("setup.team", lambda: "The Heroes search their deck for a team to put into play.")
    advance(s)
    return s


def deck_words(designs: Sequence[HeroCard] | Sequence[UmbrellaCard], deck: list[int]) -> str:
    """How many cards of each kind a deck holds, e.g. ``"6 teams, 20 characters, 14 events"``.

    [cards.hero-deck] [cards.umbrella-deck]
    """
    counts = Counter(designs[n].kind for n in deck)
    kinds = dict.fromkeys(card.kind for card in designs)  # in the order of the data file
    return ", ".join(plural(counts[kind], kind) for kind in kinds if counts[kind])


def clear_combat(s: CorporationState) -> None:
    """No combat under way: nobody attacks, nothing is committed, no dice are down."""
    s.combat, s.attacker, s.target, s.guard = "", -1, -1, -1
    s.committed, s.committer, s.rolls, s.roller = [[], []], HERO, [0, 0], HERO
    s.lucky_used, s.after, s.split_cards = False, [], []


def deal_hands(s: CorporationState) -> None:
    """After the search both players shuffle and draw two cards each [setup.shuffle]."""
    s._rng().shuffle(s.decks[HERO])
    s._rng().shuffle(s.decks[UMBRELLA])
    s.say("setup.shuffle", lambda: "Both players shuffle their decks.")
    for side in (HERO, UMBRELLA):
        draw(s, side, STARTING_HAND, "setup.hands")


class SearchTeam(Move):
    """The Heroes take a team from their deck into play [setup.team] [draw.team-search].

    Their first decision of the game; again in a Draw phase that finds them without a team in
    play (then from the discard pile if the deck has none), and then they shuffle the deck.
    """

    kind = "search"
    rule = "draw.team-search"
    by = HERO
    steps = ("search",)
    when = "the Heroes search for a team only when they have none in play"
    team: CardId

    @staticmethod
    def legal(s: CorporationState) -> list[SearchTeam]:
        pool = sorted(search_pool(s))  # by card number: the order tells nothing of the deck
        return [SearchTeam(team) for team in first_copies(s, pool)]

    def play(self, s: CorporationState) -> None:
        team = find(s, s.decks[HERO], self.team)
        source = "deck" if team >= 0 else "discard pile"
        if team < 0:
            team = find(s, s.discards[HERO], self.team)
        (s.decks[HERO] if source == "deck" else s.discards[HERO]).remove(team)
        s.teams.append(team)
        s.crews.append([])
        first = s.turn == 0
        if not first:
            s._rng().shuffle(s.decks[HERO])
        s.say(
            self.rule_in(s),
            lambda: (
                f"The Heroes take {s.cards.hero[team].name} from their {source} and put it "
                "into play" + ("." if first else ", then shuffle their deck.")
            ),
        )
        s.phase = "setup-deal" if first else "events-start"
        advance(s)

    def label(self, s: CorporationState) -> str:
        where = "deck" if find(s, s.decks[HERO], self.team) >= 0 else "discard pile"
        return f"Heroes search their {where}: {design(s, HERO, self.team).label} goes into play"

    def rule_in(self, s: CorporationState) -> str:
        return "setup.team" if s.turn == 0 else "draw.team-search"

    def refusal(self, s: CorporationState) -> tuple[str, str]:
        return "that team is not in the deck", self.rule_in(s)


# --- 4. The turn ---------------------------------------------------------------------------------

DECIDES = {
    "search": HERO,  # the team search [draw.team-search]
    "assault": HERO,  # one assault, or none [assault.declare]
    "lucky": HERO,  # K-Mart's re-roll [ability.lucky]
    "hunt": UMBRELLA,  # one Search and Destroy mission, or none [search.declare]
    "roll": CHANCE,  # a side's 2D6 [assault.dice]
    "fate": CHANCE,  # a unit's 50% [assault.unit-fate]
}
"""The steps where the same side always decides (or luck does), and who."""


# --- How a move names a card ---------------------------------------------------------------------
# A move names a card by its id in the data ("jill", "laser-corridor"): two copies of a card make
# the same move, and the move takes the first copy where the card must be (the hand, a pile, the
# table). Action ids keep their meaning when a data file gains a card.


def card_of(s: CorporationState, side: int, number: int) -> HeroCard | UmbrellaCard:
    """The design of card ``number`` of ``side``."""
    return (s.cards.hero if side == HERO else s.cards.umbrella)[number]


def _write_card(s: CorporationState, card_id: str) -> str:
    return card_id or "-"


def _read_card(s: CorporationState, text: str) -> str:
    if text == "-":
        return ""
    if text in s.cards.hero_ids or text in s.cards.umbrella_ids:
        return text
    msg = f"no card has the id {text!r}"
    raise ValueError(msg)


CardId = Annotated[str, ByName(_write_card, _read_card, "card")]
"""A card by its id in the data files (``"-"`` in an action id for none)."""


def advance(s: CorporationState) -> None:
    """Move play on to the next decision or chance step [turn.phases].

    Every turn has six phases: Draw, Events, Recruit, Assault, Search and Destroy, End. The
    ``phase`` names the step the turn is at; a step with a decision stops here and says who
    decides (``actor``). A side with nothing to do at a step is passed over.
    """
    options = s.game.options
    while s.outcome is None:
        phase = s.phase
        if phase in DECIDES:  # a step where one side, or luck, always decides: stop here
            s.actor = DECIDES[phase]
            return
        if phase == "setup-deal":  # [setup.shuffle] [setup.hands]
            deal_hands(s)
            s.phase = "turn-start"
        elif phase == "turn-start":  # [turn.phases] [draw.cards]
            if s.turn >= options["turn_limit"]:  # [game.turn-limit]
                end(
                    s,
                    (),
                    "game.turn-limit",
                    f"Turn {s.turn} is over and no side has won: the game stops at the turn "
                    f"limit ({options['turn_limit']}), a draw.",
                )
                break
            s.turn += 1
            s.lockdown, s.defended = False, []
            s.say("turn.phases", lambda: f"Turn {s.turn} begins.")
            draw(s, HERO, DRAW_PER_TURN, "draw.cards")
            draw(s, UMBRELLA, DRAW_PER_TURN, "draw.cards")
            s.phase = "draw-search"
        elif phase == "draw-search":  # [draw.team-search]
            s.phase = "search" if not s.teams and search_pool(s) else "events-start"
        elif phase == "events-start":  # [event.order] Umbrella first
            s.seat, s.passes, s.phase = UMBRELLA, 0, "events"
        elif phase == "events":
            if s.passes >= 2:
                s.phase = "recruit-start"
            elif any(PlayEvent.legal(s)):
                s.actor = s.seat
                return
            else:  # nothing to play: a pass
                s.passes += 1
                s.seat = 1 - s.seat
        elif phase == "recruit-start":  # [recruit.teams] the Heroes first
            s.seat, s.characters_played, s.phase = HERO, False, "recruit"
        elif phase == "recruit":
            if can_recruit(s):
                s.actor = s.seat
                return
            if s.seat == HERO:
                s.seat = UMBRELLA
            else:
                s.phase = "assault-start"
        elif phase == "assault-start":  # [assault.declare]
            if s.lockdown:
                if s.teams:
                    s.say("event.lockdown", lambda: "Red Queen Lockdown: no assault this turn.")
                s.phase = "hunt-start"
            else:
                s.phase = "assault" if s.teams and s.facilities else "hunt-start"
        elif phase == "commit-start":  # the attacker commits first [assault.commit]
            s.committer = HERO if s.combat == "assault" else UMBRELLA
            s.passes, s.phase = 0, "commit"
        elif phase == "commit":
            if (s.committer == UMBRELLA and any(Defend.legal(s))) or any(Commit.legal(s)):
                s.actor = s.committer
                return
            commit_done(s, s.committer)
        elif phase == "roll-start":  # [assault.dice] the attacker rolls first
            s.rolls = [0, 0]
            s.roller = HERO if s.combat == "assault" else UMBRELLA
            s.phase = "roll"
        elif phase == "lucky-check":  # [ability.lucky]
            s.phase = "lucky" if not s.lucky_used and lucky_card(s) >= 0 else "resolve"
        elif phase == "resolve":
            resolve(s)
        elif phase == "after":  # splits and 50% chances still to settle
            if s.after:
                step = s.after[0]
                s.phase = step
                if step == "split" and options["split"] != "random":  # [opt.split]
                    s.actor = UMBRELLA if options["split"] == "umbrella" else HERO
                else:
                    s.actor = CHANCE
                return
            s.phase = "hunt-start" if s.combat == "assault" else "end-start"
            clear_combat(s)
        elif phase == "hunt-start":  # [search.declare]
            s.phase = "hunt" if s.teams and eligible_units(s, hunting=True) else "end-start"
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
                check_win(s)
            s.phase = "turn-start"
        else:  # pragma: no cover - every phase is listed above
            msg = f"unknown phase {phase!r}"
            raise AssertionError(msg)
    s.phase, s.actor = "over", None


# --- 5. Draw phase -------------------------------------------------------------------------------
# How a side draws [draw.cards] [draw.reshuffle] is ``actions.draw``: Intel draws too.


def search_pool(s: CorporationState) -> list[int]:
    """The team cards the Heroes may fetch [draw.team-search].

    From the deck ("he must search his deck"); with team_search="discard-too", in a Draw
    phase, from the discard pile when the deck has none [opt.team_search].
    """
    hero = s.cards.hero
    pool = [n for n in s.decks[HERO] if hero[n].kind == "team"]
    if not pool and s.turn > 0 and s.game.options["team_search"] == "discard-too":
        pool = [n for n in s.discards[HERO] if hero[n].kind == "team"]
    return pool


# --- 6. Event phase ------------------------------------------------------------------------------


class PlayEvent(Move):
    """Play an Event-phase card: it takes effect at once and goes to the discard pile.

    The players take turns, Umbrella first; after a play the other side may play or pass
    [event.order] [cards.in-play]. What the card does is its effect (``effects.EVENTS``):
    Intel, Medkit, Red Queen Lockdown, Reinforcements [event.*]. ``target`` is the card it
    takes (a character, a unit), ``""`` for none.
    """

    kind = "event"
    rule = "event.order"
    steps = ("events",)
    when = "event-phase cards are played in the Event phase"
    held = "card"
    seat: int
    card: CardId
    target: CardId

    @staticmethod
    def legal(s: CorporationState) -> Iterator[PlayEvent]:
        side, seen = s.seat, set()
        deck = s.cards.hero if side == HERO else s.cards.umbrella
        for number in s.hands[side]:
            card = deck[number]
            event = effects.EVENTS.get(card.effect)
            if event is not None and card.id not in seen:  # two copies make the same moves
                seen.add(card.id)
                for target in event.targets(s, side):
                    yield PlayEvent(side, card.id, target)

    def play(self, s: CorporationState) -> None:
        side = self.seat
        number = find(s, s.hands[side], self.card, side)
        s.hands[side].remove(number)
        s.discards[side].append(number)
        s.stats[EVENTS_PLAYED] += 1
        s.passes, s.seat = 0, 1 - side  # [event.order] the other side's turn to play or pass
        card = card_of(s, side, number)
        effects.EVENTS[card.effect](s, side, card, self.target)
        advance(s)

    def label(self, s: CorporationState) -> str:
        card = design(s, self.seat, self.card)
        target = design(s, self.seat, self.target).label if self.target else ""
        words = effects.EVENTS[card.effect].words.format(amount=card.amount, target=target)
        return f"{_verb(self.seat, 'play', 'plays')} {card.name}: {words}"

    def rule_in(self, s: CorporationState) -> str:
        return effects.EVENTS[design(s, self.seat, self.card).effect].rule

    def refusal(self, s: CorporationState) -> tuple[str, str]:
        if design(s, self.seat, self.card).effect == "lockdown" and s.lockdown:
            return (
                "the Red Queen has already locked the facilities down this turn",
                "event.lockdown",
            )
        return "that card cannot be played in the Event phase (or has no target)", self.rule


class Pass(Move):
    """Play no event now; two passes in a row end the Event phase [event.order]."""

    rule = "event.order"
    steps = ("events",)
    when = "passing is for the Event phase"
    seat: int

    @staticmethod
    def legal(s: CorporationState) -> list[Pass]:
        return [Pass(s.seat)]

    def play(self, s: CorporationState) -> None:
        s.passes += 1
        s.seat = 1 - self.seat
        who = "The Heroes pass" if self.seat == HERO else "Umbrella passes"
        s.say("event.order", lambda: f"{who}.")
        advance(s)

    def label(self, s: CorporationState) -> str:
        return f"{_verb(self.seat, 'pass', 'passes')} (no more events)"


# --- 7. Recruit phase ----------------------------------------------------------------------------


def has_room(s: CorporationState, crew: list[int], character: int) -> bool:
    """True if ``character`` fits on a team with ``crew`` [recruit.characters]."""
    size = len(crew)
    if size < CREW_LIMIT:
        return True
    if size >= SURVIVOR_CREW_LIMIT:
        return False
    hero = s.cards.hero
    return hero[character].subtype == "survivor" or any(hero[n].subtype == "survivor" for n in crew)


def may_join(s: CorporationState, character: int, team: int) -> tuple[str, str] | None:
    """Why ``character`` may not join ``team`` now, as (reason, rule), or ``None`` if it may.

    A team holds 2 characters, 3 with a Survivor [recruit.characters]; with sub-types
    'strict', only characters of the team's own sub-type [opt.subtypes].
    """
    hero = s.cards.hero
    crew = s.crews[s.teams.index(team)]
    card, team_card = hero[character], hero[team]
    if not has_room(s, crew, character):
        return (
            f"{team_card.name} already has {len(crew)} characters: a team takes 2, or 3 "
            "if at least one of them is a Survivor"
        ), "recruit.characters"
    if s.game.options["subtypes"] == "strict" and card.subtype != team_card.subtype:
        return (
            f"{card.name} is a {card.subtype.capitalize()} and {team_card.name} takes only "
            f"{team_card.subtype.capitalize()}s (option subtypes='strict')"
        ), "opt.subtypes"
    return None


def can_recruit(s: CorporationState) -> bool:
    """True while the side recruiting holds a card it may put into play [turn.phases].

    Umbrella: a unit or the New Facility. The Heroes: a team, until they attach a character,
    or a character that fits on a team in play [recruit.teams] [recruit.characters].
    """
    if s.seat == UMBRELLA:
        umbrella = s.cards.umbrella
        return any(umbrella[n].kind in ("unit", "facility") for n in s.hands[UMBRELLA])
    hero, teams = s.cards.hero, range(len(s.teams))
    for number in s.hands[HERO]:
        kind = hero[number].kind
        if kind == "team" and not s.characters_played:
            return True
        if kind == "character":
            for team in teams:
                if fits(s, number, team):
                    return True
    return False


def fits(s: CorporationState, character: int, team: int) -> bool:
    """True if ``character`` may join the ``team``-th team in play [recruit.characters].

    It needs a place on the team; with sub-types 'strict', the team's own sub-type
    [opt.subtypes].
    """
    hero = s.cards.hero
    strict = s.game.options["subtypes"] == "strict"
    if strict and hero[character].subtype != hero[s.teams[team]].subtype:
        return False
    return has_room(s, s.crews[team], character)


def in_hand(s: CorporationState, side: int, kind: str) -> dict[str, int]:
    """The cards of ``kind`` in ``side``'s hand: each id with its first copy, in hand order."""
    deck = s.cards.hero if side == HERO else s.cards.umbrella
    found: dict[str, int] = {}
    for number in s.hands[side]:
        if deck[number].kind == kind:
            found.setdefault(deck[number].id, number)
    return found


class PlayTeam(Move):
    """The Heroes put a team from their hand into play [recruit.teams].

    Teams come first: once a character is attached, no more teams this phase.
    """

    kind = "team"
    rule = "recruit.teams"
    by = HERO
    steps = ("recruit",)
    when = "teams enter play in the Recruit phase"
    held = "team"
    team: CardId

    @staticmethod
    def legal(s: CorporationState) -> Iterator[PlayTeam]:
        if not s.characters_played:  # teams come first [recruit.teams]
            yield from map(PlayTeam, in_hand(s, HERO, "team"))

    def play(self, s: CorporationState) -> None:
        team = find(s, s.hands[HERO], self.team)
        s.hands[HERO].remove(team)
        s.teams.append(team)
        s.crews.append([])
        s.say("recruit.teams", lambda: f"The Heroes put {s.cards.hero[team].label} into play.")
        advance(s)

    def label(self, s: CorporationState) -> str:
        return f"Heroes put {design(s, HERO, self.team).label} into play"

    def refusal(self, s: CorporationState) -> tuple[str, str]:
        if s.characters_played:
            return (
                "teams come first: once a character is attached no more teams enter play this "
                "phase",
                "recruit.teams",
            )
        return f"{design(s, HERO, self.team).name} is not a team", self.rule


class AttachCharacter(Move):
    """The Heroes attach a character from their hand to a team in play [recruit.characters].

    With subtypes="bonus" a character of the team's own sub-type adds 1 force
    [recruit.subtypes] [opt.subtypes].
    """

    kind = "attach"
    rule = "recruit.characters"
    by = HERO
    steps = ("recruit",)
    when = "characters are attached in the Recruit phase"
    held = "character"
    character: CardId
    team: CardId

    @staticmethod
    def legal(s: CorporationState) -> Iterator[AttachCharacter]:
        teams = [s.cards.hero[team].id for team in s.teams]
        for character, number in in_hand(s, HERO, "character").items():
            for index, team in enumerate(teams):
                if fits(s, number, index):
                    yield AttachCharacter(character, team)

    @classmethod
    def known(cls, s: CorporationState) -> list[AttachCharacter]:
        """Each character in hand on each team in play, legal or not.

        A full team (or, with subtypes="strict", a team of another sub-type) is refused with
        its reason [recruit.characters] [opt.subtypes].
        """
        teams = [s.cards.hero[team].id for team in s.teams]
        return [
            AttachCharacter(character, team)
            for character in in_hand(s, HERO, "character")
            for team in teams
        ]

    def play(self, s: CorporationState) -> None:
        character = find(s, s.hands[HERO], self.character)
        team = find(s, s.teams, self.team)
        s.hands[HERO].remove(character)
        crew = s.crews[s.teams.index(team)]
        crew.append(character)
        s.characters_played = True
        card, team_card = s.cards.hero[character], s.cards.hero[team]
        s.say(
            "recruit.characters",
            lambda: (
                f"The Heroes attach {card.label} to {team_card.name} "
                f"({plural(len(crew), 'character')} now)."
            ),
        )
        if s.game.options["subtypes"] == "bonus" and card.subtype == team_card.subtype:
            s.say(
                "recruit.subtypes",
                lambda: (
                    f"{card.name} matches the team's sub-type "
                    f"({card.subtype.capitalize()}): +1 force."
                ),
            )
        advance(s)

    def label(self, s: CorporationState) -> str:
        card, team = design(s, HERO, self.character), design(s, HERO, self.team)
        matches = s.game.options["subtypes"] == "bonus" and card.subtype == team.subtype
        return f"Heroes attach {card.label} to {team.name}{' (+1 sub-type)' if matches else ''}"

    def refusal(self, s: CorporationState) -> tuple[str, str]:
        character = find(s, s.hands[HERO], self.character)
        if s.cards.hero[character].kind != "character":
            return f"{s.cards.hero[character].name} is not a character", "recruit.characters"
        team = find(s, s.teams, self.team)
        if team < 0:
            return "characters are attached to a team in play", "recruit.characters"
        return may_join(s, character, team) or super().refusal(s)


class UmbrellaRecruit(Move):
    """Umbrella puts a card of its hand into play in the Recruit phase [recruit.units].

    What every such play does: the card leaves Umbrella's hand and joins its pile in play. A
    kind of it is this class with data: ``held``, the field naming the card, which is also the
    kind of card it plays; ``pile``, the state's list the card joins; and how it reads:
    ``shown`` in its label, ``said`` in the log, each with ``{card}`` (the card's label)
    filled in.
    """

    by = UMBRELLA
    steps = ("recruit",)
    pile: ClassVar[str]
    shown: ClassVar[str]
    said: ClassVar[str]

    @classmethod
    def legal(cls, s: CorporationState) -> Iterator[UmbrellaRecruit]:
        return map(cls, in_hand(s, UMBRELLA, cls.held[0]))

    def play(self, s: CorporationState) -> None:
        card = find(s, s.hands[UMBRELLA], self[1], UMBRELLA)
        s.hands[UMBRELLA].remove(card)
        getattr(s, self.pile).append(card)
        s.say(self.rule, lambda: self.said.format(card=s.cards.umbrella[card].label))
        advance(s)

    def label(self, s: CorporationState) -> str:
        return self.shown.format(card=design(s, UMBRELLA, self[1]).label)

    def refusal(self, s: CorporationState) -> tuple[str, str]:
        return f"{design(s, UMBRELLA, self[1]).name} is not a {self.held[0]}", self.rule


class PlayUnit(UmbrellaRecruit):
    """Umbrella puts a unit from its hand into play; there is no limit [recruit.units]."""

    kind, rule, held, pile = "unit", "recruit.units", "unit", "units"
    when = "units enter play in the Recruit phase"
    shown = "Umbrella puts {card} into play"
    said = "Umbrella puts {card} into play."
    unit: CardId


class BuildFacility(UmbrellaRecruit):
    """Umbrella puts the New Facility into play: one more target [recruit.new-facility]."""

    kind, rule, held, pile = "facility", "recruit.new-facility", "facility", "facilities"
    when = "the New Facility is built in the Recruit phase"
    shown = "Umbrella builds {card}"
    said = "Umbrella builds {card}: one more facility for the Heroes to destroy."
    facility: CardId


class EndRecruit(Move):
    """A side says "done": the Heroes' recruiting is over, then Umbrella's [recruit.teams]."""

    kind = "done"
    rule = "recruit.teams"
    steps = ("recruit",)
    when = "'done' ends recruiting"
    seat: int

    @staticmethod
    def legal(s: CorporationState) -> list[EndRecruit]:
        return [EndRecruit(s.seat)]

    def play(self, s: CorporationState) -> None:
        who = "The Heroes end" if self.seat == HERO else "Umbrella ends"
        s.say(self.rule_in(s), lambda: f"{who} recruiting.")
        if self.seat == HERO:
            s.seat = UMBRELLA
        else:
            s.phase = "assault-start"
        advance(s)

    def label(self, s: CorporationState) -> str:
        return f"{_verb(self.seat, 'end', 'ends')} recruiting"

    def rule_in(self, s: CorporationState) -> str:
        return "recruit.teams" if self.seat == HERO else "recruit.units"


# --- 8. Assault phase ----------------------------------------------------------------------------


class Assault(Move):
    """The Heroes send one team against one facility; one assault a turn [assault.declare].

    Then both sides commit cards, the attacker first [assault.commit] [assault.defence].
    """

    rule = "assault.declare"
    by = HERO
    steps = ("assault",)
    known_steps = ("hunt",)  # named after the Assault phase, it is refused with the reason
    when = "an assault is declared in the Assault phase"
    team: CardId
    facility: CardId

    @staticmethod
    def legal(s: CorporationState) -> list[Assault]:
        hero, umbrella = s.cards.hero, s.cards.umbrella
        return [
            Assault(hero[team].id, umbrella[facility].id)
            for team in s.teams
            for facility in s.facilities
        ]

    @classmethod
    def known(cls, s: CorporationState) -> list[Assault]:
        """Each team against each facility, named in the Search and Destroy phase.

        Refused under a Red Queen Lockdown, or after this turn's assault [event.lockdown]
        [assault.declare].
        """
        hero, umbrella = s.cards.hero, s.cards.umbrella
        return [
            Assault(hero[team].id, umbrella[facility].id)
            for team in s.teams
            for facility in s.facilities
        ]

    def play(self, s: CorporationState) -> None:
        team = find(s, s.teams, self.team)
        declare(s, "assault", team, find(s, s.facilities, self.facility, UMBRELLA))
        advance(s)

    def label(self, s: CorporationState) -> str:
        team = find(s, s.teams, self.team)
        facility = design(s, UMBRELLA, self.facility)
        return (
            f"{s.cards.hero[team].name} assaults {facility.name} (force {s.team_force(team)} vs "
            f"{facility.force} before dice)"
        )

    def barred(self, s: CorporationState) -> tuple[str, str] | None:
        """No more assault this turn: a Red Queen Lockdown, or its one assault made.

        The lasting reason, said before whose turn it is [event.lockdown] [assault.declare].
        """
        if s.lockdown:
            return "a Red Queen Lockdown forbids any assault this turn", "event.lockdown"
        last = s.history[-1] if s.history else None
        if last and last[:2] == ("assault", s.turn):
            return "the Heroes may conduct only one assault each turn", "assault.declare"
        return None

    def refusal(self, s: CorporationState) -> tuple[str, str]:
        if find(s, s.teams, self.team) < 0:
            return "only a team in play can assault", self.rule
        return "that facility is not in play", self.rule


class Skip(Move):
    """The side that may start this phase's combat declines it [assault.declare].

    The Heroes make no assault this turn; in the Search and Destroy phase, Umbrella sends no
    unit [search.declare].
    """

    rule = "assault.declare"
    steps = ("assault", "hunt")
    when = "an assault or a mission is declined when it could be declared"
    seat: int

    @staticmethod
    def legal(s: CorporationState) -> list[Skip]:
        return [Skip(s.actor)]  # the Heroes' assault, Umbrella's mission

    def play(self, s: CorporationState) -> None:
        if self.seat == HERO:
            s.phase = "hunt-start"
            s.say("assault.declare", lambda: "The Heroes make no assault this turn.")
        else:
            s.phase = "end-start"
            s.say(
                "search.declare", lambda: "Umbrella sends no unit on Search and Destroy this turn."
            )
        advance(s)

    def label(self, s: CorporationState) -> str:
        if self.seat == HERO:
            return "Heroes make no assault this turn"
        return "Umbrella sends no unit on Search and Destroy"

    def rule_in(self, s: CorporationState) -> str:
        return "assault.declare" if self.seat == HERO else "search.declare"


# --- The combat: an assault, and a Search and Destroy mission alike ----------------------------


def declare(s: CorporationState, kind: str, attacker: int, target: int) -> None:
    """An assault or a Search and Destroy mission begins [assault.declare] [search.declare].

    An assault sends a team against a facility; a mission sends a unit against a team.
    """
    clear_combat(s)
    s.combat, s.attacker, s.target = kind, attacker, target
    s.phase = "commit-start"
    hero, umbrella = s.cards.hero, s.cards.umbrella
    if kind == "assault":
        s.say(
            "assault.declare",
            lambda: (
                f"{hero[attacker].name} assaults {umbrella[target].name}: force "
                "{} against {} before units, cards and dice.".format(*s.forces())
            ),
        )
    else:
        s.say(
            "search.declare",
            lambda: (
                f"Search and Destroy: {umbrella[attacker].name} hunts {hero[target].name}: "
                "force {} against {} before cards and dice.".format(*s.forces())
            ),
        )


def commit_use(s: CorporationState, side: int) -> str:
    """What ``side`` commits cards to in this combat (the timings of ``cards.HERO_EFFECTS``)."""
    if s.combat == "assault":
        return "assault" if side == HERO else "facility"
    return "team" if side == HERO else "hunt"


def eligible_units(s: CorporationState, hunting: bool) -> list[int]:
    """Units that may defend a facility, or (``hunting``) go on Search and Destroy.

    With ``unit_actions='once'`` a unit that defended this turn may not hunt
    [opt.unit_actions].
    """
    if hunting and s.game.options["unit_actions"] == "once" and s.defended:
        return [n for n in s.units if n not in s.defended]
    return s.units


def _commit_rule(s: CorporationState, side: int) -> str:
    if s.combat == "assault":
        return "assault.commit" if side == HERO else "assault.defence"
    return "search.commit"


class Defend(Move):
    """Umbrella adds a unit in play to the defence of the assaulted facility [assault.defence].

    At most one unit defends a facility; Umbrella may also send none.
    """

    rule = "assault.defence"
    by = UMBRELLA
    steps = ("commit",)
    when = "a defending unit is chosen when a facility is assaulted"
    unit: CardId

    @staticmethod
    def legal(s: CorporationState) -> Iterator[Defend]:
        if s.combat == "assault" and s.guard < 0:  # at most one unit
            yield from map(Defend, first_copies(s, eligible_units(s, False), UMBRELLA))

    def play(self, s: CorporationState) -> None:
        unit = find(s, s.units, self.unit, UMBRELLA)
        s.guard = unit
        s.defended.append(unit)
        umbrella = s.cards.umbrella
        s.say(
            "assault.defence",
            lambda: f"Umbrella defends {umbrella[s.target].name} with {umbrella[unit].label}.",
        )
        _committed_one(s, UMBRELLA)

    def label(self, s: CorporationState) -> str:
        unit = find(s, s.units, self.unit, UMBRELLA)
        umbrella = s.cards.umbrella
        return (
            f"Umbrella defends {umbrella[s.target].name} with {umbrella[unit].name} (force "
            f"{s.unit_force(unit, defending=True)})"
        )

    def refusal(self, s: CorporationState) -> tuple[str, str]:
        if s.guard >= 0:
            return "a facility is defended by at most one unit", "assault.defence"
        return "that unit is not in play", "assault.defence"


class Commit(Move):
    """Commit one event or trap from hand to the combat under way.

    The Heroes add assault cards to an assault and team-defence cards to a team's defence;
    Umbrella adds traps and defence events to a facility's defence, Search and Destroy events to
    a mission (``cards.HERO_EFFECTS`` says which card helps where) [assault.commit]
    [assault.defence] [search.commit]. At most one Anti-Virus counts [ability.anti-virus]. The
    cards go to the discard pile after the combat [assault.cleanup].
    """

    rule = "assault.commit"
    steps = ("commit",)
    when = "cards are committed to a combat before the dice"
    held = "card"
    seat: int
    card: CardId

    @staticmethod
    def legal(s: CorporationState) -> Iterator[Commit]:
        side = s.committer
        use = commit_use(s, side)
        deck: tuple[HeroCard, ...] | tuple[UmbrellaCard, ...]
        if side == HERO:
            timing, deck = HERO_EFFECTS, s.cards.hero
            antivirus = any(deck[n].effect == "anti-virus" for n in s.committed[HERO])
        else:
            timing, deck, antivirus = UMBRELLA_EFFECTS, s.cards.umbrella, False
        seen = set()
        for number in s.hands[side]:
            card = deck[number]
            if use in timing[card.effect] and card.id not in seen:  # two copies, one move
                seen.add(card.id)
                if not (antivirus and card.effect == "anti-virus"):
                    yield Commit(side, card.id)

    def play(self, s: CorporationState) -> None:
        side = self.seat
        number = find(s, s.hands[side], self.card, side)
        s.hands[side].remove(number)
        s.committed[side].append(number)
        who = "The Heroes commit" if side == HERO else "Umbrella commits"
        s.say(_commit_rule(s, side), lambda: f"{who} {card_of(s, side, number).label}.")
        _committed_one(s, side)

    def label(self, s: CorporationState) -> str:
        card = design(s, self.seat, self.card)
        return f"{_verb(self.seat, 'commit', 'commits')} {card.name} ({card.text.rstrip('.')})"

    def rule_in(self, s: CorporationState) -> str:
        if self.seat == HERO and design(s, HERO, self.card).effect == "anti-virus":
            return "ability.anti-virus"
        return _commit_rule(s, self.seat)

    def refusal(self, s: CorporationState) -> tuple[str, str]:
        return "that card does not help in this combat", self.rule


def _committed_one(s: CorporationState, side: int) -> None:
    """After a card or the defending unit: committing in turns, the other side's turn.

    [opt.commit_order]
    """
    if s.game.options["commit_order"] == "alternate":
        s.passes = 0
        s.committer = 1 - side
    advance(s)


class CommitDone(Move):
    """A side commits nothing more (or, committing in turns, passes) [assault.commit].

    By default the attacker commits first, then the defender; with alternating commitments two
    passes in a row end them [opt.commit_order].
    """

    rule = "assault.commit"
    steps = ("commit",)
    when = "'done' ends committing"
    seat: int

    @staticmethod
    def legal(s: CorporationState) -> list[CommitDone]:
        return [CommitDone(s.committer)]

    def play(self, s: CorporationState) -> None:
        who = "The Heroes" if self.seat == HERO else "Umbrella"
        alternate = s.game.options["commit_order"] == "alternate"
        word = "pass" if alternate else "commit nothing more"
        s.say(self.rule_in(s), lambda: f"{who}: {word}.")
        commit_done(s, self.seat)
        advance(s)

    def label(self, s: CorporationState) -> str:
        if s.game.options["commit_order"] == "alternate":
            return f"{_verb(self.seat, 'pass', 'passes')} (commit nothing now)"
        return f"{_verb(self.seat, 'commit', 'commits')} nothing more"

    def rule_in(self, s: CorporationState) -> str:
        if s.game.options["commit_order"] == "alternate":
            return "opt.commit_order"
        return _commit_rule(s, self.seat)


def commit_done(s: CorporationState, side: int) -> None:
    """``side`` commits nothing more; when both have, the dice are next [assault.commit]."""
    attacker = HERO if s.combat == "assault" else UMBRELLA
    if s.game.options["commit_order"] == "alternate":  # [opt.commit_order]
        s.passes += 1
        s.committer = 1 - side
        if s.passes < 2:
            return
    elif side == attacker:
        s.committer = 1 - side
        return
    s.phase = "roll-start"
    say_each(s, lambda: bonus_lines(s))
    s.say(
        "assault.dice" if s.combat == "assault" else "search.dice",
        lambda: "Both sides are committed: force {} against {}. Each rolls 2D6.".format(
            *s.forces()
        ),
    )


def bonus_lines(s: CorporationState) -> Iterator[tuple[str, str]]:
    """Every bonus that counts in this combat, as (rule, words) [recruit.subtypes] [ability.*]."""
    hero, umbrella = s.cards.hero, s.cards.umbrella
    assault = s.combat == "assault"
    team = s.attacker if assault else s.target
    unit = s.guard if assault else s.attacker
    team_card = hero[team]
    against = umbrella[unit].subtype if unit >= 0 else ""
    crew = s.crews[s.teams.index(team)]
    matching = [n for n in crew if hero[n].subtype == team_card.subtype]
    if s.game.options["subtypes"] == "bonus" and matching:
        yield (
            "recruit.subtypes",
            f"Sub-type bonus for {team_card.name}: +{SUBTYPE_BONUS * len(matching)} "
            f"({_names(s, matching)}).",
        )
    cards: list[tuple[HeroCard | UmbrellaCard, str, str, int]] = [
        (hero[n], "assault" if assault else "team", against, HERO) for n in crew
    ]
    if unit >= 0:
        if s.unit_force(unit, defending=assault) == 0 and umbrella[unit].force > 0:
            cards.append((umbrella[unit], "anti-virus", "", UMBRELLA))
        else:
            cards.append((umbrella[unit], "facility" if assault else "hunt", "", UMBRELLA))
    for side, deck in ((HERO, hero), (UMBRELLA, umbrella)):
        cards += [(deck[n], commit_use(s, side), "", side) for n in s.committed[side]]
    for card, use, against, side in cards:
        if use == "anti-virus":
            yield "ability.anti-virus", f"Anti-Virus: {card.name} counts force 0."
            continue
        bonus = effects.BONUSES.get(card.effect)
        if bonus is not None and bonus(card, use, against):
            words = bonus.says.format(
                name=card.name, amount=card.amount, against=against.capitalize(), side=SIDES[side]
            )
            yield bonus.rule, words


def say_each(s: CorporationState, lines: Callable[[], Iterable[tuple[str, str]]]) -> None:
    """Say several events at once: ``lines()`` gives them as (rule, words).

    Like :meth:`State.say` for one event, ``lines`` is called only while someone records the
    events, so a simulation spends nothing on them.
    """
    if s.events is not None:
        s.events.extend(Event(rule, words) for rule, words in lines())


def _side_force(s: CorporationState, side: int) -> int:
    attack, defence = s.forces()
    attacker = HERO if s.combat == "assault" else UMBRELLA
    return attack if side == attacker else defence


class Roll(Move):
    """One side's 2D6, a chance step: the attacker rolls first [assault.dice] [search.dice].

    Each total from 2 to 12 comes with its exact odds (a 7 is 6/36); applying one forces it.
    """

    rule = "assault.dice"
    by = CHANCE
    steps = ("roll",)
    when = "dice are rolled in a combat, once both sides are committed"
    side: int
    total: int

    @staticmethod
    def odds(s: CorporationState) -> tuple[tuple[Move, Fraction], ...]:
        """Each total of the roller's 2D6 with its exact chance."""
        return ROLL_OUTCOMES[s.roller]

    @staticmethod
    def legal(s: CorporationState) -> list[Roll]:
        return [roll for roll, _ in ROLL_OUTCOMES[s.roller]]

    def play(self, s: CorporationState) -> None:
        side, total = self.side, self.total
        s.luck += 1
        s.rolls[side] = total
        s.say(
            "assault.dice" if s.combat == "assault" else "search.dice",
            lambda: f"{'The Heroes roll' if side == HERO else 'Umbrella rolls'} {total}.",
        )
        if s.rolls[1 - side]:  # both have rolled
            s.phase = "lucky-check"
        else:
            s.roller = 1 - side
        advance(s)

    def label(self, s: CorporationState) -> str:
        ways = int(TWO_DICE[self.total] * 36)
        total = _side_force(s, self.side) + self.total
        return f"{_verb(self.side, 'roll', 'rolls')} {self.total} ({ways}/36): total {total}"

    def rule_in(self, s: CorporationState) -> str:
        return "assault.dice" if s.combat == "assault" else "search.dice"

    def refusal(self, s: CorporationState) -> tuple[str, str]:
        if self.side != s.roller:
            roller = possessive(s.seat_name(s.roller))
            return f"luck decides {roller} roll now: apply one of the outcomes listed", (
                self.rule_in(s)
            )
        return "two dice make a total of 2 to 12", self.rule_in(s)


ROLL_OUTCOMES = tuple(
    tuple((Roll(side, total), p) for total, p in ROLLS) for side in (HERO, UMBRELLA)
)
"""Each side's 2D6: the eleven totals, each with its exact odds."""


def lucky_card(s: CorporationState) -> int:
    """The character on the Heroes' team in this combat who may re-roll, or -1 [ability.lucky]."""
    team = s.attacker if s.combat == "assault" else s.target
    hero = s.cards.hero
    for number in s.crews[s.teams.index(team)]:
        if hero[number].effect in effects.REROLLS:
            return number
    return -1


class Reroll(Move):
    """The Heroes roll their 2D6 again with K-Mart's luck; the new roll counts [ability.lucky]."""

    rule = "ability.lucky"
    by = HERO
    steps = ("lucky",)
    when = "K-Mart's re-roll comes after both rolls"

    @staticmethod
    def legal(s: CorporationState) -> list[Reroll]:
        return [Reroll()]

    def play(self, s: CorporationState) -> None:
        number = lucky_card(s)
        effects.REROLLS[s.cards.hero[number].effect](s, number)
        advance(s)

    def label(self, s: CorporationState) -> str:
        return (
            f"Heroes re-roll with {s.cards.hero[lucky_card(s)].name}'s luck (now "
            f"{_side_force(s, HERO) + s.rolls[HERO]} vs "
            f"{_side_force(s, UMBRELLA) + s.rolls[UMBRELLA]})"
        )


class Keep(Move):
    """The Heroes keep their roll; K-Mart's luck is spent for this combat [ability.lucky]."""

    rule = "ability.lucky"
    by = HERO
    steps = ("lucky",)
    when = "K-Mart's re-roll comes after both rolls"

    @staticmethod
    def legal(s: CorporationState) -> list[Keep]:
        return [Keep()]

    def play(self, s: CorporationState) -> None:
        s.lucky_used = True
        s.phase = "resolve"
        advance(s)

    def label(self, s: CorporationState) -> str:
        return f"Heroes keep their roll of {s.rolls[HERO]}"


def resolve(s: CorporationState) -> None:
    """Compare the totals; the loser is destroyed or discarded [assault.result].

    Ties go to the attacker (in Search and Destroy as the option says) [search.result]; events
    and traps are discarded either way [assault.cleanup].
    """
    attack, defence = s.forces()
    assault = s.combat == "assault"
    att_side = HERO if assault else UMBRELLA
    attack_total = attack + s.rolls[att_side]
    defence_total = defence + s.rolls[1 - att_side]
    ties = "attacker" if assault else s.game.options["search_ties"]
    won = attack_total > defence_total or (attack_total == defence_total and ties == "attacker")
    s.history.append((s.combat, s.turn, s.attacker, s.target, attack_total, defence_total, won))
    _say_totals(s, attack, defence, attack_total, defence_total, won)
    for side in (HERO, UMBRELLA):  # [assault.cleanup]
        if s.committed[side]:
            _discard_committed(s, side)
    s.phase = "after"
    if assault and won:  # [assault.facility-destroyed]
        facility = s.target
        s.facilities.remove(facility)
        s.removed[UMBRELLA].append(facility)
        s.say(
            "assault.facility-destroyed",
            lambda: f"{s.cards.umbrella[facility].name} is destroyed and removed from the game.",
        )
        if s.guard >= 0:
            lose_unit(s, s.guard, "assault.facility-destroyed")
    elif assault:  # [assault.team-destroyed]
        destroy_team(s, s.attacker, "assault.team-destroyed")
        if s.guard >= 0:
            s.after.append("fate")  # [assault.unit-fate]
    elif won:  # [search.team-destroyed]
        destroy_team(s, s.target, "search.team-destroyed")
        s.after.append("fate")  # [search.unit-fate] even a winning unit may be lost
    elif s.game.options["lost_unit"] == "removed":  # [search.unit-lost] [opt.lost_unit]
        s.units.remove(s.attacker)
        s.removed[UMBRELLA].append(s.attacker)
        s.stats[UNITS_LOST] += 1
        name = s.cards.umbrella[s.attacker].name
        s.say("search.unit-lost", lambda: f"{name} is destroyed and removed from the game.")
    else:  # [search.unit-lost]
        lose_unit(s, s.attacker, "search.unit-lost")
    if s.game.options["win_check"] == "immediate":
        check_win(s)


def _discard_committed(s: CorporationState, side: int) -> None:
    """Events and traps go to their owner's discard pile after the combat [assault.cleanup]."""
    gone, s.committed[side] = s.committed[side], []
    s.discards[side].extend(gone)
    s.say(
        "assault.cleanup",
        lambda: f"Discarded after the combat: {', '.join(card_of(s, side, n).name for n in gone)}.",
    )


def _say_totals(
    s: CorporationState, attack: int, defence: int, attack_total: int, defence_total: int, won: bool
) -> None:
    """Say both totals and who won [assault.result] [search.result]."""
    s.say(
        "assault.result" if s.combat == "assault" else "search.result",
        lambda: _totals_words(s, attack, defence, attack_total, defence_total, won),
    )


def _totals_words(
    s: CorporationState, attack: int, defence: int, attack_total: int, defence_total: int, won: bool
) -> str:
    if s.combat == "assault":
        names, rolls = ("Assault Force Total", "Facility Defence Total"), s.rolls
    else:
        names, rolls = ("Search and Destroy Force Total", "Team Defence Total"), s.rolls[::-1]
    tie = ""
    if attack_total == defence_total:
        tie = " (a tie goes to the attacker)"
        if not won:
            tie = " (a tie goes to the defender, option search_ties)"
    winner = "the attack succeeds" if won else "the defence holds"
    return (
        f"{names[0]} {attack} + {rolls[0]} = {attack_total} against {names[1]} "
        f"{defence} + {rolls[1]} = {defence_total}: {winner}{tie}."
    )


def destroy_team(s: CorporationState, team: int, rule: str) -> None:
    """A destroyed team is removed from the game [assault.characters].

    A Medic goes back to hand by herself [ability.medic]; the other characters wait to be split
    half and half.
    """
    index = s.teams.index(team)
    crew = s.crews.pop(index)
    s.teams.pop(index)
    s.removed[HERO].append(team)
    s.say(rule, lambda: f"{s.cards.hero[team].name} is destroyed and removed from the game.")
    hero = s.cards.hero
    s.split_cards = []
    for number in crew:
        saved = effects.SAVED.get(hero[number].effect)
        if saved is not None:
            saved(s, number)
        else:
            s.split_cards.append(number)
    if s.split_cards:
        s.after.insert(0, "split")


def lose_unit(s: CorporationState, unit: int, rule: str) -> None:
    """A unit is discarded (it may come back when the discard pile is shuffled into the deck)."""
    s.units.remove(unit)
    s.discards[UMBRELLA].append(unit)
    s.stats[UNITS_LOST] += 1
    s.say(rule, lambda: f"{s.cards.umbrella[unit].name} is discarded.")


def _split_name(s: CorporationState, number: int) -> str:
    """A character of the split by card id; a second copy of the same card is ``id.2``."""
    hero = s.cards.hero
    card_id = hero[number].id
    if number not in s.split_cards:
        return card_id
    before = s.split_cards[: s.split_cards.index(number)]
    copy = 1 + sum(1 for n in before if hero[n].id == card_id)
    return card_id if copy == 1 else f"{card_id}.{copy}"


def _write_split(s: CorporationState, discard: tuple[int, ...]) -> str:
    return "+".join(_split_name(s, n) for n in discard) or "nobody"


def _read_split(s: CorporationState, text: str) -> tuple[int, ...]:
    if text == "nobody":
        return ()
    names = {_split_name(s, n): n for n in s.split_cards}
    wanted = text.split("+")
    missing = [name for name in wanted if name not in names]
    if missing:
        msg = f"no character {missing[0]!r} waits to be split"
        raise ValueError(msg)
    chosen = {names[name] for name in wanted}
    return tuple(n for n in s.split_cards if n in chosen)


Characters = Annotated[tuple[int, ...], ByName(_write_split, _read_split, "characters")]
"""Characters of the split by card number, in the team's order; written by id (``jill+barry``)."""


class Split(Move):
    """A destroyed team's characters: half discarded, half back to hand [assault.characters].

    By default luck splits them, a chance step that lists every split with its exact odds:
    the characters are shuffled, the first half (rounded down) is discarded and an odd one left
    over is discarded on a 1-3 of one die. With the option ``split``, Umbrella or the Heroes
    choose the discarded half, rounded up [opt.split]. ``seat`` is ``CHANCE`` for luck.
    """

    rule = "assault.characters"
    steps = ("split",)
    when = "characters are split when a team is destroyed"
    seat: int
    discard: Characters

    @staticmethod
    def odds(s: CorporationState) -> list[tuple[Split, Fraction]]:
        """Every random split with its exact probability [opt.split].

        Each discarded set of half the characters (or, for an odd number, of either size
        around half) is equally likely.
        """
        cards, n = s.split_cards, len(s.split_cards)
        sizes = (n // 2,) if n % 2 == 0 else (n // 2, n // 2 + 1)
        outcomes: list[tuple[Split, Fraction]] = []
        for size in sizes:
            p = Fraction(1, len(sizes) * comb(n, size))
            for chosen in combinations(range(n), size):
                outcomes.append((Split(CHANCE, tuple(cards[i] for i in chosen)), p))
        return outcomes

    @staticmethod
    def legal(s: CorporationState) -> list[Split]:
        if s.actor == CHANCE:
            return [split for split, _ in Split.odds(s)]
        cards, n = s.split_cards, len(s.split_cards)
        return [
            Split(s.actor, tuple(cards[i] for i in chosen))
            for chosen in combinations(range(n), (n + 1) // 2)
        ]

    def play(self, s: CorporationState) -> None:
        if self.seat == CHANCE:
            s.luck += 1
        gone = [n for n in s.split_cards if n in self.discard]
        kept = [n for n in s.split_cards if n not in self.discard]
        s.discards[HERO].extend(gone)
        s.hands[HERO].extend(kept)
        s.stats[CHARACTERS_DISCARDED] += len(gone)
        s.stats[CHARACTERS_SAVED] += len(kept)
        s.split_cards = []
        s.after.pop(0)
        s.phase = "after"
        s.say(
            self.rule_in(s),
            lambda: (
                f"The team's characters are split: to the discard pile "
                f"{_names(s, gone) or 'nobody'}; back to the Heroes' hand "
                f"{_names(s, kept) or 'nobody'}."
            ),
        )
        advance(s)

    def label(self, s: CorporationState) -> str:
        gone = [n for n in s.split_cards if n in self.discard]
        kept = [n for n in s.split_cards if n not in self.discard]
        words = (
            f"{_names(s, gone) or 'nobody'} to the discard pile, "
            f"{_names(s, kept) or 'nobody'} back to hand"
        )
        if self.seat == CHANCE:
            n = len(s.split_cards)
            return f"Split: {words} ({Fraction(1, (1 + n % 2) * comb(n, len(gone)))})"
        return f"{SIDES[self.seat]}: {words}"

    def rule_in(self, s: CorporationState) -> str:
        return "assault.characters" if self.seat == CHANCE else "opt.split"

    def refusal(self, s: CorporationState) -> tuple[str, str]:
        return "the discarded half must be about half of the characters, rounded up", "opt.split"


class Fate(Move):
    """The 50% chance that a unit is discarded after a combat [assault.unit-fate].

    A chance step: the defending unit of a facility that held, or the unit back from Search and
    Destroy, win or lose [search.unit-fate]. ``lost`` is 1 when the unit is discarded, 0 when it
    stays [opt.fifty_fifty].
    """

    rule = "assault.unit-fate"
    by = CHANCE
    steps = ("fate",)
    when = "a unit's 50% chance comes after a combat"
    lost: int

    @staticmethod
    def odds(s: CorporationState) -> tuple[tuple[Move, Fraction], ...]:
        """Discarded or not, each with probability 1/2."""
        return FATES

    @staticmethod
    def legal(s: CorporationState) -> list[Fate]:
        return [fate for fate, _ in FATES]

    def play(self, s: CorporationState) -> None:
        s.luck += 1
        s.after.pop(0)
        s.phase = "after"
        unit = s.attacker_unit()
        if self.lost:
            lose_unit(s, unit, self.rule_in(s))
        else:
            s.say(self.rule_in(s), lambda: f"{s.cards.umbrella[unit].name} stays in play.")
        advance(s)

    def label(self, s: CorporationState) -> str:
        name = s.cards.umbrella[s.attacker_unit()].name
        if s.game.options["fifty_fifty"] == "coin":
            face = "heads" if self.lost else "tails"
            return f"Coin shows {face}: {name} {'is discarded' if self.lost else 'stays'} (1/2)"
        faces = "1-3" if self.lost else "4-6"
        return f"Die shows {faces}: {name} {'is discarded' if self.lost else 'stays in play'} (1/2)"

    def rule_in(self, s: CorporationState) -> str:
        return "assault.unit-fate" if s.combat == "assault" else "search.unit-fate"


FATES = ((Fate(1), HALF), (Fate(0), HALF))
"""A unit's fate: discarded, or stays in play, each with probability 1/2."""


# --- 10. Search and Destroy phase ----------------------------------------------------------------


class Hunt(Move):
    """Umbrella sends one unit in play against one team in play [search.declare].

    A Search and Destroy mission is fought like an assault with the sides swapped: the unit
    commits first and rolls first [search.commit] [search.dice].
    """

    rule = "search.declare"
    by = UMBRELLA
    steps = ("hunt",)
    when = "a mission is declared in the Search and Destroy phase"
    unit: CardId
    team: CardId

    @staticmethod
    def legal(s: CorporationState) -> list[Hunt]:
        teams = [s.cards.hero[team].id for team in s.teams]
        units = first_copies(s, eligible_units(s, hunting=True), UMBRELLA)
        return [Hunt(unit, team) for unit in units for team in teams]

    def play(self, s: CorporationState) -> None:
        unit = find(s, eligible_units(s, hunting=True), self.unit, UMBRELLA)
        declare(s, "hunt", unit, find(s, s.teams, self.team))
        advance(s)

    def label(self, s: CorporationState) -> str:
        unit = find(s, eligible_units(s, hunting=True), self.unit, UMBRELLA)
        team = find(s, s.teams, self.team)
        attack, defence = s.cards.umbrella[unit].force, s.team_force(team, unit, hunt=True)
        return (
            f"{s.cards.umbrella[unit].name} hunts {s.cards.hero[team].name} (force {attack} vs "
            f"{defence} before dice)"
        )

    def refusal(self, s: CorporationState) -> tuple[str, str]:
        if find(s, s.units, self.unit, UMBRELLA) < 0:
            return "only a unit in play can go on Search and Destroy", self.rule
        if find(s, eligible_units(s, hunting=True), self.unit, UMBRELLA) < 0:
            return (
                "this unit defended a facility this turn (option unit_actions='once')",
                "opt.unit_actions",
            )
        return "that team is not in play", self.rule


# --- 11. End phase -------------------------------------------------------------------------------


class Discard(Move):
    """Discard a card of one's choice, down to five in hand [end.hand-limit].

    The Heroes first, then Umbrella, one card at a time.
    """

    rule = "end.hand-limit"
    steps = ("discard",)
    when = "cards are discarded for the hand limit in the End phase"
    held = "card"
    seat: int
    card: CardId

    @staticmethod
    def legal(s: CorporationState) -> list[Discard]:
        return [Discard(s.seat, card) for card in first_copies(s, s.hands[s.seat], s.seat)]

    def play(self, s: CorporationState) -> None:
        side = self.seat
        number = find(s, s.hands[side], self.card, side)
        s.hands[side].remove(number)
        s.discards[side].append(number)
        who = "The Heroes discard" if side == HERO else "Umbrella discards"
        s.say(
            "end.hand-limit",
            lambda: f"{who} {card_of(s, side, number).name} (hand limit {HAND_LIMIT}).",
        )
        advance(s)

    def label(self, s: CorporationState) -> str:
        return (
            f"{_verb(self.seat, 'discard', 'discards')} {design(s, self.seat, self.card).name} "
            f"(hand {len(s.hands[self.seat])}, limit {HAND_LIMIT})"
        )


# --- 12. End of the game -------------------------------------------------------------------------


def teams_left(s: CorporationState) -> bool:
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


def facility_to_come(s: CorporationState) -> bool:
    """True when a facility not yet played must still be destroyed [opt.new_facility].

    By default only facilities in play count: a New Facility in Umbrella's hand, deck or discard
    pile does not ("in-play"). With new_facility="all" it does: the Heroes must destroy every
    facility, the New Facility too.
    """
    if s.game.options["new_facility"] == "in-play":
        return False
    umbrella = s.cards.umbrella
    return any(
        umbrella[n].kind == "facility"
        for pile in (s.hands[UMBRELLA], s.decks[UMBRELLA], s.discards[UMBRELLA])
        for n in pile
    )


def check_win(s: CorporationState) -> None:
    """Has a side won? [game.hero-wins] [game.umbrella-wins].

    The Heroes win when no facility is left in play; Umbrella when no team is left.
    """
    if s.outcome is not None:
        return
    if not s.facilities and not facility_to_come(s):
        end(s, (HERO,), "game.hero-wins", "Every Umbrella facility is destroyed: the Heroes win!")
    elif not teams_left(s):
        end(
            s,
            (UMBRELLA,),
            "game.umbrella-wins",
            "Every team is destroyed: the Umbrella Corporation wins!",
        )


def end(s: CorporationState, winners: tuple[int, ...], rule: str, reason: str) -> None:
    """The game is over: ``winners`` won (nobody, for a draw)."""
    s.outcome = Result(winners, reason, rule)
    s.phase, s.actor = "over", None
    s.say(rule, lambda: reason)


MOVES = (
    SearchTeam,
    PlayEvent,
    Pass,
    PlayTeam,
    AttachCharacter,
    PlayUnit,
    BuildFacility,
    EndRecruit,
    Assault,
    Defend,
    Commit,
    CommitDone,
    Roll,
    Reroll,
    Keep,
    Split,
    Fate,
    Hunt,
    Skip,
    Discard,
)
"""The move kinds, in the order the explorer lists them (the order of a turn)."""
