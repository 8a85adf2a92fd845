"""7. Hero powers [power.*]: when a power may be used, ``Power``, and each power's choices.

What each power is, when the table allows it and what using it starts: ``effects.POWERS``.
Here: once a round, never under Apathy, and the bar each use costs [power.use]
[family.apathy]; ``Power``, which starts a power that asks for choices; The Kraken's pairs of
cards [power.kraken] and the cards Space Boy may double [power.space-boy]; then the choices,
one move kind each (``PowerChoice``): ``HorrorGift`` [power.horror], ``Swap``
[power.number-five], ``Rumor`` [power.rumor], ``SeanceCard`` [power.seance], ``VanyaRemoves``
and ``VanyaHit`` [power.vanya]. The powers played with the cards (Hits Twice, Double Shot) are
card plays, in ``facing.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from umbrella_lab.engine.moves import Move
from umbrella_lab.games.academy import effects
from umbrella_lab.games.academy.actions import BLOCKED, DEFEATED, REMOVED, heal, hurt
from umbrella_lab.games.academy.rules.damage import place_damage, take_block_damage
from umbrella_lab.games.academy.rules.order import advance, end_turn
from umbrella_lab.games.academy.rules.table import (
    HORROR_BARS,
    POWER_COST,
    VANYA_DAMAGE,
    Card,
    distinct,
    faced_value,
    not_living,
)
from umbrella_lab.games.academy.state import AcademyState

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


def kraken_pairs(
    s: AcademyState,
    seat: int,
    value: int,
    pairs: list[tuple[int, int, tuple[int, ...]]] | None = None,
) -> list[tuple[int, int]]:
    """The Kraken's pairs of cards that block or beat ``value`` when the higher alone would not.

    One pair per pair of attack values, the first in hand order [power.kraken]. ``pairs``:
    the hand's ``card_pairs``, when they are already at hand (one lineup card after another).
    """
    found, seen = [], set()
    for first, second, pair in card_pairs(s, seat) if pairs is None else pairs:
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
        attack = s.cards.attack
        by_value: dict[int, int] = {}  # the first discarded card of each attack value
        for number in s.discard:
            by_value.setdefault(attack[number], number)
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
