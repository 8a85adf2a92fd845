"""Heroes vs the Umbrella Corporation, 7. Recruit phase [recruit.*].

The Heroes first: teams from their hand into play [recruit.teams], then characters onto teams,
2 a team or 3 with a Survivor [recruit.characters] (a character of the team's own sub-type adds
1 force [recruit.subtypes]; with subtypes="strict" only those may join [opt.subtypes]). Then
Umbrella: units, without limit [recruit.units], and the New Facility [recruit.new-facility].
Each side says "done" when it has finished.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from umbrella_lab.engine.moves import Move
from umbrella_lab.engine.words import plural
from umbrella_lab.games.corporation.actions import HERO, UMBRELLA, find
from umbrella_lab.games.corporation.rules.turn import (
    CardId,
    advance,
    heroes_then_umbrella,
    side_verb,
    step,
)
from umbrella_lab.games.corporation.state import (
    CREW_LIMIT,
    SURVIVOR_CREW_LIMIT,
    CorporationState,
    design,
)


@step("recruit-start")
def recruit_start(s: CorporationState) -> bool:
    """The Heroes recruit first [recruit.teams]."""
    s.seat, s.characters_played, s.phase = HERO, False, "recruit"
    return False


@step("recruit")
def recruit(s: CorporationState) -> bool:
    """The side recruiting decides while it holds a card it may put into play, then the next.

    The Heroes, then Umbrella; after Umbrella, the Assault phase [turn.phases].
    """
    return heroes_then_umbrella(s, can_recruit(s), then="assault-start")


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
        return f"{side_verb(self.seat, 'end', 'ends')} recruiting"

    def rule_in(self, s: CorporationState) -> str:
        return "recruit.teams" if self.seat == HERO else "recruit.units"
