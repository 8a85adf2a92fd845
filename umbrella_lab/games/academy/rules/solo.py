"""12. Solo [solo.*]: Pogo, kept beside the hero, called once per game [solo.pogo].

The other solo rules change the setup (``setup.py``): the hero [solo.hero], the hand
[solo.hand], the Life Boost [solo.life-boost], no Family cards [solo.no-family] and the
villains [solo.villains].
"""

from __future__ import annotations

from umbrella_lab.engine.moves import Move
from umbrella_lab.games.academy.actions import heal
from umbrella_lab.games.academy.rules.order import advance
from umbrella_lab.games.academy.rules.table import not_living
from umbrella_lab.games.academy.state import AcademyState

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
