"""Marvel United, 4. The hero turn: the actions, Move, Attack, Heroic and the Special.

``Go``: Move to an adjacent location [turn.move] (leaving an Entangling Trap takes more Move
actions [threat.entangling-trap]). ``Attack``: 1 damage to an enemy here [turn.attack] (the
villain once two missions are done [mission.vulnerable], a Crisis token where the dashboard
allows [dash.crisis-guard]). ``Heroic``: rescue a Civilian, a Heroic token on a Threat, or a
Crisis token [turn.heroic] (an Explosive Trap needs two [threat.explosive-trap]
[opt.trap_same_turn]). ``Special``: the card played's Special effect, before or after the
other actions [turn.special]. Each is paid as ``paying.py`` says [turn.tokens]; what they do to
the table is in ``actions.py``, the Specials in ``effects.py``.
"""

from __future__ import annotations

from typing import cast

from umbrella_lab.engine.moves import Move
from umbrella_lab.games.marvel import effects
from umbrella_lab.games.marvel.actions import (
    RING,
    TARGETS,
    THUG,
    VILLAIN,
    attack_targets,
    clear_threat,
    leave_moves,
    rescue,
    rescue_heroics,
    strike,
    target_words,
)
from umbrella_lab.games.marvel.cards import ATTACK, HEROIC, MOVE, Threat
from umbrella_lab.games.marvel.rules.naming import (
    CARD,
    CIVILIAN,
    HELPS,
    THREAT,
    Help,
    Pay,
    PlaceName,
    Target,
)
from umbrella_lab.games.marvel.rules.paying import (
    pay_modes,
    pay_words,
    payment,
    spend,
    symbol_actions,
)
from umbrella_lab.games.marvel.rules.steps import run
from umbrella_lab.games.marvel.state import MarvelState


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
