"""6. Life, damage and death [life.*]: the team places the damage, on one hero or spread.

``heal``, ``hurt`` and ``die`` are in ``actions.py``. Here: a blocked card's half damage,
placed by the team or taken by the blocker [turn.block] [opt.block_damage]; ``place_damage``
and ``spread`` [life.damage], and what a dying hero cannot take [life.death]
[opt.excess_damage]; the team's moves ``Damage`` and ``Spread``.
"""

from __future__ import annotations

from umbrella_lab.engine.moves import Move
from umbrella_lab.engine.words import plural
from umbrella_lab.games.academy.actions import hurt
from umbrella_lab.games.academy.rules.order import advance
from umbrella_lab.games.academy.rules.table import clockwise, not_living
from umbrella_lab.games.academy.state import AcademyState

# --- 6. Life, damage and death --------------------------------------------------------------------
# ``heal``, ``hurt`` and ``die`` are in actions.py: storylines and Family cards heal and hurt too.


def take_block_damage(
    s: AcademyState, seat: int, half: int, position: int, power: bool = False
) -> None:
    """Half a blocked card's damage: the team places it, or the blocker takes it.

    Before the team places any of it, a Hero Boost may still go on the card that blocked (with
    boost_target="table"; on a power's card only with boost_with_power=True): ``blocked_at``
    names the blocked card until the first bar is placed, when the block is settled
    [turn.block] [opt.block_damage] [opt.boost_target].
    """
    s.blocked_at = -1
    if not half:
        return
    if s.options.block_damage == "blocker":
        hurt(s, seat, half, "turn.block")
    else:
        s.pending_damage += half
        s.pending_rule = "turn.block"
        if not power or s.options.boost_with_power:
            s.blocked_at = position


def place_damage(s: AcademyState, seat: int, bars: int) -> None:
    """The team places pending damage on a living hero [life.damage].

    What a dying hero cannot take goes to another hero, or is lost [opt.excess_damage].
    """
    bars = min(bars, s.pending_damage)
    s.pending_damage -= bars
    s.blocked_at = -1  # the block is settled once its damage is placed [opt.boost_target]
    s.say(
        "life.damage",
        lambda s, seat, bars: f"The team places {plural(bars, 'bar')} on {s.hero_name(seat)}.",
        s,
        seat,
        bars,
    )
    left = hurt(s, seat, bars, s.pending_rule)
    if left and s.options.excess_damage == "reassign":
        s.pending_damage += left  # [life.death] the rest must go to another living hero
    elif left:
        s.say(
            "opt.excess_damage",
            lambda: (
                f"{plural(left, 'bar')} of damage {'is' if left == 1 else 'are'} lost with "
                f"{s.hero_name(seat)}."
            ),
        )


def spread(s: AcademyState) -> None:
    """Each bar of pending damage to the hero with the most life at that moment [life.damage].

    Ties go to the first hero clockwise from the Start card. The bars are counted out first,
    then each hero takes their share, clockwise from the Start card.
    """
    n = len(s.life)
    share = [0] * n
    life = s.life[:]
    placed = 0
    for _ in range(s.pending_damage):
        most = max(life)
        if most <= 0:
            break  # nobody is left alive to take it
        seat = s.start  # the hero with the most life, the first clockwise from the Start card
        while life[seat] != most:
            seat = (seat + 1) % n
        life[seat] -= 1
        share[seat] += 1
        placed += 1
    s.pending_damage -= placed
    s.blocked_at = -1  # the block is settled once its damage is placed [opt.boost_target]
    s.say(
        "life.damage",
        lambda: f"The team spreads {plural(placed, 'bar')}: each on the hero with the most life.",
    )
    for seat in clockwise(s, s.start):
        if share[seat]:
            hurt(s, seat, share[seat], s.pending_rule)
    if not any(s.life):
        s.pending_damage = 0  # nobody is left to take the rest [game.lose]


class Damage(Move):
    """The team places damage on a living hero: 1 bar, or all of it [life.damage]."""

    rule = "life.damage"
    steps, when, when_rule = ("damage",), "there is no damage to place now", "life.damage"
    by = None  # the team decides; the seat is the hero who takes the damage
    seat: int
    bars: int

    @staticmethod
    def legal(s: AcademyState) -> list[Damage]:
        amounts = [1, s.pending_damage] if s.pending_damage > 1 else [1]
        return [Damage(seat, bars) for seat in s.living for bars in amounts]

    def play(self, s: AcademyState) -> None:
        place_damage(s, self.seat, self.bars)
        advance(s)

    def label(self, s: AcademyState) -> str:
        rest = s.pending_damage - self.bars
        more = f" ({rest} more to place)" if rest else ""
        return f"Team: {self.bars} damage to {s.hero_name(self.seat)}{more}"

    def refusal(self, s: AcademyState) -> tuple[str, str]:
        return not_living(s, self.seat) or (
            f"the team places 1 bar or all {s.pending_damage} on a living hero",
            "life.damage",
        )


class Spread(Move):
    """The team spreads the damage: each bar on the hero with the most life [life.damage]."""

    rule = "life.damage"
    steps, when, when_rule = ("damage",), "there is no damage to place now", "life.damage"
    bars: int

    @staticmethod
    def legal(s: AcademyState) -> list[Spread]:
        return [Spread(s.pending_damage)]

    def play(self, s: AcademyState) -> None:
        spread(s)
        advance(s)

    def label(self, s: AcademyState) -> str:
        return f"Team: spread {self.bars} damage, each bar on the hero with the most life"

    def refusal(self, s: AcademyState) -> tuple[str, str]:
        return f"there are {s.pending_damage} bars of damage to place, not {self.bars}", (
            "life.damage"
        )
