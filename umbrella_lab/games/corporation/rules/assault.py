"""Heroes vs the Umbrella Corporation, 8. Assault phase [assault.declare].

The Heroes may send one team against one facility, one assault a turn, or make none
[assault.declare]; not under a Red Queen Lockdown [event.lockdown]. How the assault is fought,
cards, dice and losses, is the combat (``combat.py``), which Search and Destroy shares.
"""

from __future__ import annotations

from umbrella_lab.engine.moves import Move
from umbrella_lab.games.corporation.actions import HERO, UMBRELLA, find
from umbrella_lab.games.corporation.rules.combat import declare
from umbrella_lab.games.corporation.rules.turn import CardId, advance, step
from umbrella_lab.games.corporation.state import CorporationState, design


@step("assault-start")
def assault_start(s: CorporationState) -> bool:
    """The Heroes may assault when they have a team and a facility is in play [assault.declare].

    Not under a Red Queen Lockdown [event.lockdown]: then the Search and Destroy phase follows.
    """
    if s.lockdown:
        if s.teams:
            s.say("event.lockdown", lambda: "Red Queen Lockdown: no assault this turn.")
        s.phase = "hunt-start"
    else:
        s.phase = "assault" if s.teams and s.facilities else "hunt-start"
    return False


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
