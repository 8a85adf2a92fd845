"""Heroes vs the Umbrella Corporation, 10. Search and Destroy phase [search.declare].

Umbrella may send one unit in play against one team in play, or none [search.declare] (with
unit_actions="once", not a unit that defended a facility this turn [opt.unit_actions]). The
mission is fought as an assault with the sides swapped (``combat.py``): the unit commits and
rolls first [search.commit] [search.dice]; ties go to the attacker unless the option says
otherwise [search.result] [opt.search_ties]. Section 9, the card abilities [ability.*], is
``effects.py``.
"""

from __future__ import annotations

from umbrella_lab.engine.moves import Move
from umbrella_lab.games.corporation.actions import UMBRELLA, find, first_copies
from umbrella_lab.games.corporation.rules.combat import declare, eligible_units
from umbrella_lab.games.corporation.rules.turn import CardId, advance, step
from umbrella_lab.games.corporation.state import CorporationState


@step("hunt-start")
def hunt_start(s: CorporationState) -> bool:
    """Umbrella may hunt when a team and a unit that may go are in play [search.declare]."""
    s.phase = "hunt" if s.teams and eligible_units(s, hunting=True) else "end-start"
    return False


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
