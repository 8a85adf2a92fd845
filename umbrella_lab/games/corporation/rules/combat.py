"""Heroes vs the Umbrella Corporation: the combat, an assault's and a mission's alike.

An assault (8. Assault phase) sends a team against a facility, a mission (10. Search and
Destroy phase) a unit against a team; both are fought the same way. The attacker commits cards
first, then the defender [assault.commit] [assault.defence] [search.commit] (a unit may defend
an assaulted facility, at most one; with commit_order="alternate" the sides take turns
[opt.commit_order]); both sides roll 2D6, the attacker first [assault.dice] [search.dice], and
a lucky character may re-roll the Heroes' dice [ability.lucky]; the totals decide
[assault.result] [search.result]. The loser is destroyed or discarded: a facility is removed
[assault.facility-destroyed], a destroyed team's characters are split half and half
[assault.characters] [opt.split], a unit may be lost, on a 50% chance after a combat
[assault.unit-fate] [search.unit-fate] [search.unit-lost]. Committed events and traps are
discarded [assault.cleanup].
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Annotated

from umbrella_lab.engine.core import CHANCE, Event, possessive
from umbrella_lab.engine.moves import ByName, Move
from umbrella_lab.games.corporation import effects
from umbrella_lab.games.corporation.actions import (
    CHARACTERS_DISCARDED,
    CHARACTERS_SAVED,
    HERO,
    SIDES,
    UMBRELLA,
    UNITS_LOST,
    find,
    first_copies,
)
from umbrella_lab.games.corporation.cards import (
    HERO_EFFECTS,
    UMBRELLA_EFFECTS,
    HeroCard,
    UmbrellaCard,
)
from umbrella_lab.games.corporation.odds import TWO_DICE
from umbrella_lab.games.corporation.rules.end_of_game import check_win
from umbrella_lab.games.corporation.rules.setup import clear_combat
from umbrella_lab.games.corporation.rules.turn import (
    CardId,
    advance,
    card_of,
    character_names,
    side_verb,
    step,
)
from umbrella_lab.games.corporation.state import (
    HALF,
    ROLLS,
    SUBTYPE_BONUS,
    CorporationState,
    design,
)


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
        return f"{side_verb(self.seat, 'commit', 'commits')} {card.name} ({card.text.rstrip('.')})"

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
            return f"{side_verb(self.seat, 'pass', 'passes')} (commit nothing now)"
        return f"{side_verb(self.seat, 'commit', 'commits')} nothing more"

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
            f"({character_names(s, matching)}).",
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
        return f"{side_verb(self.side, 'roll', 'rolls')} {self.total} ({ways}/36): total {total}"

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
                f"{character_names(s, gone) or 'nobody'}; back to the Heroes' hand "
                f"{character_names(s, kept) or 'nobody'}."
            ),
        )
        advance(s)

    def label(self, s: CorporationState) -> str:
        gone = [n for n in s.split_cards if n in self.discard]
        kept = [n for n in s.split_cards if n not in self.discard]
        words = (
            f"{character_names(s, gone) or 'nobody'} to the discard pile, "
            f"{character_names(s, kept) or 'nobody'} back to hand"
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


@step("commit-start")
def commit_start(s: CorporationState) -> bool:
    """The attacker commits first [assault.commit]."""
    s.committer = HERO if s.combat == "assault" else UMBRELLA
    s.passes, s.phase = 0, "commit"
    return False


@step("commit")
def commit(s: CorporationState) -> bool:
    """The side committing decides while it has a card (or, defending, a unit) to commit.

    A side with nothing to commit is done without being asked [assault.commit].
    """
    if (s.committer == UMBRELLA and any(Defend.legal(s))) or any(Commit.legal(s)):
        s.actor = s.committer
        return True
    commit_done(s, s.committer)
    return False


@step("roll-start")
def roll_start(s: CorporationState) -> bool:
    """The attacker rolls first [assault.dice]."""
    s.rolls = [0, 0]
    s.roller = HERO if s.combat == "assault" else UMBRELLA
    s.phase = "roll"
    return False


@step("lucky-check")
def lucky_check(s: CorporationState) -> bool:
    """After both rolls, a lucky character may re-roll the Heroes' dice once [ability.lucky]."""
    s.phase = "lucky" if not s.lucky_used and lucky_card(s) >= 0 else "resolve"
    return False


@step("resolve")
def resolve_step(s: CorporationState) -> bool:
    """Both totals are in: the combat is resolved (:func:`resolve`)."""
    resolve(s)
    return False


@step("after")
def after(s: CorporationState) -> bool:
    """Splits and 50% chances still to settle, one at a time; then the combat is over.

    A split is luck's, or with the option ``split`` a side's decision [opt.split]. After an
    assault comes the Search and Destroy phase; after a mission, the End phase.
    """
    options = s.game.options
    if s.after:
        waiting = s.after[0]
        s.phase = waiting
        if waiting == "split" and options["split"] != "random":  # [opt.split]
            s.actor = UMBRELLA if options["split"] == "umbrella" else HERO
        else:
            s.actor = CHANCE
        return True
    s.phase = "hunt-start" if s.combat == "assault" else "end-start"
    clear_combat(s)
    return False
