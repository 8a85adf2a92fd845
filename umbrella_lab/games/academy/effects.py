"""The Umbrella Academy Game: the effects that the card data names, one small unit each.

The data files never hold code; they name an effect, and this module holds one entry for each
name, in a table keyed by that name:

* ``STORYLINES``: a story card's storyline (``story`` in ``data/hero_deck.toml``) [story.*];
* ``POWERS``: a hero's power (``power`` in ``data/heroes.toml``) [power.*];
* ``FAMILY``: a Dysfunctional Family card (``effect`` in ``data/family.toml``) [family.*].

Each table is a :class:`~umbrella_lab.engine.effects.Table`, filled by the decorator
:func:`~umbrella_lab.engine.effects.effect`, which keeps the rule id on the effect; a storyline
or a power has several parts, so it is a small class (the table holds one instance). Rule ids in
brackets point into the rule digest ``digest.md`` (next to this file). The effects are written
with the table actions the rules use too (``actions.hurt``, ``actions.heal``); this module never
imports the rules.

>>> sorted(STORYLINES)
['hero-boost', 'life-boost', 'pogo', 'restore', 'rivalry', 'strength']
>>> sorted(POWERS)
['horror', 'kraken', 'number-five', 'rumor', 'seance', 'space-boy', 'vanya']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from umbrella_lab.engine.effects import Table, effect
from umbrella_lab.games.academy import actions
from umbrella_lab.games.academy.state import RULEBOOK_FAMILY, AcademyState, hands_hidden

if TYPE_CHECKING:
    from umbrella_lab.games.academy.cards import FamilyCard, HeroCard

STORYLINES = Table(
    "storyline",
    "Each storyline by the name ``data/hero_deck.toml`` gives it (the card's ``story``): "
    "``targets``, ``play``, ``words`` and ``refusal``.",
)
POWERS = Table(
    "power",
    "Each hero power by the name ``data/heroes.toml`` gives it (the hero's ``power``): "
    "``ready`` and ``start``.",
)
FAMILY = Table(
    "family",
    "What each Dysfunctional Family card does when flipped (``play(s, card)``), by the name "
    "``data/family.toml`` gives its effect.",
)


# --- Storylines [story.*] --------------------------------------------------------------------
# A story card may be played for its storyline instead of its attack value; the faced card is
# then left uncontested [turn.story]. The move is rules.Story; each storyline says who or what
# it may go to (its targets), what it does, and how the move reads.

NO_TARGET = -1
"""The target of a storyline that goes to nobody (Strength in Numbers)."""


class Storyline:
    """What a story card does when it is played for its storyline [turn.story]."""

    rule = ""
    """The rule of the storyline: the rule that allows the move."""

    def targets(self, s: AcademyState, seat: int, position: int) -> list[int]:
        """Who or what the storyline may go to: seats, lineup positions, or ``[NO_TARGET]``.

        ``seat`` plays the card; ``position`` is the lineup card it faces.
        """
        return []

    def play(self, s: AcademyState, seat: int, card: HeroCard, target: int) -> None:
        """The storyline's effect, said with its rule."""
        raise NotImplementedError

    def words(self, s: AcademyState, target: int) -> str:
        """What the storyline does, as the move's label says it."""
        raise NotImplementedError

    def refusal(self, s: AcademyState, seat: int, target: int) -> tuple[str, str]:
        """Why this target is refused: a reason and a rule id."""
        return "that target is not allowed for this storyline", self.rule


@effect(STORYLINES, "restore", rule="story.restore")
class Restore(Storyline):
    """Restore one living hero, yourself or another, to full life: 5 or 8 bars [story.restore]."""

    def targets(self, s: AcademyState, seat: int, position: int) -> list[int]:
        return s.living

    def play(self, s: AcademyState, seat: int, card: HeroCard, target: int) -> None:
        s.say(
            self.rule,  # story.restore, or story.pogo for Pogo
            lambda: (
                f"{s.hero_name(seat)} plays {card.name}: {s.hero_name(target)} is restored "
                "to full life."
            ),
        )
        actions.heal(s, target, s.max_life[target] - s.life[target], "story.restore")

    def words(self, s: AcademyState, target: int) -> str:
        return f"restore {s.hero_name(target)} to full life"


@effect(STORYLINES, "pogo", rule="story.pogo")
class Pogo(Restore):
    """With 2 or more players, Pogo is a restore card like the others [story.pogo].

    The card play cites story.pogo, the heal story.restore. (In solo, Pogo is kept beside the
    hero instead: rules.CallPogo [solo.pogo].)
    """


@effect(STORYLINES, "life-boost", rule="story.life-boost")
class LifeBoost(Storyline):
    """Another living hero gains 3 bars and a maximum of 8; the giver loses 1 bar.

    A hero can receive only one Life Boost in the whole game [story.life-boost]
    [life.one-boost].
    """

    def targets(self, s: AcademyState, seat: int, position: int) -> list[int]:
        return [hero for hero in s.living if hero != seat and not s.boosted[hero]]

    def play(self, s: AcademyState, seat: int, card: HeroCard, target: int) -> None:
        s.boosted[target] = True
        s.max_life[target] += actions.LIFE_BOOST_BARS
        s.say(
            "story.life-boost",
            lambda: (
                f"{s.hero_name(seat)} gives a Life Boost to {s.hero_name(target)}: "
                f"+{actions.LIFE_BOOST_BARS} bars, maximum {s.max_life[target]}."
            ),
        )
        # the 3 bars themselves (said above, with the new maximum)
        s.life[target] = min(s.max_life[target], s.life[target] + actions.LIFE_BOOST_BARS)
        actions.hurt(s, seat, actions.STORY_COST, "story.life-boost")

    def words(self, s: AcademyState, target: int) -> str:
        return f"Life Boost to {s.hero_name(target)} (you lose 1 bar)"

    def refusal(self, s: AcademyState, seat: int, target: int) -> tuple[str, str]:
        if 0 <= target < s.players and s.boosted[target]:
            return (
                f"{s.hero_name(target)} already had a Life Boost; a hero can have only one",
                "life.one-boost",
            )
        if target == seat:
            return "a Life Boost is given to another hero", "story.life-boost"
        return super().refusal(s, seat, target)


@effect(STORYLINES, "strength", rule="story.strength")
class Strength(Storyline):
    """Strength in Numbers: the player may use their power a second time this round.

    It works only for the player who plays it [story.strength].
    """

    def targets(self, s: AcademyState, seat: int, position: int) -> list[int]:
        return [NO_TARGET]

    def play(self, s: AcademyState, seat: int, card: HeroCard, target: int) -> None:
        s.power_allowance[seat] += 1
        s.say(
            "story.strength",
            lambda: (
                f"{s.hero_name(seat)} plays Strength in Numbers: their power may be used a "
                "second time this round."
            ),
        )

    def words(self, s: AcademyState, target: int) -> str:
        return "use your power twice this round"


@effect(STORYLINES, "hero-boost", rule="story.hero-boost")
class HeroBoost(Storyline):
    """A Hero Boost is never played on its own: it is added to a card as that card is played.

    That is the move rules.HeroBoost [story.hero-boost].
    """

    def refusal(self, s: AcademyState, seat: int, target: int) -> tuple[str, str]:
        return "a Hero Boost is added to a card as it is played", "story.hero-boost"


@effect(STORYLINES, "rivalry", rule="story.rivalry")
class Rivalry(Storyline):
    """Sibling Rivalry: remove another card still in the lineup (it counts as defeated).

    The player loses 1 bar [story.rivalry]. With rivalry="any" the faced card itself may be
    the one removed [opt.rivalry]; with reach="table" an uncontested card too [opt.reach].
    """

    def targets(self, s: AcademyState, seat: int, position: int) -> list[int]:
        if s.options.rivalry == "any":
            return s.reachable
        return [p for p in s.reachable if p != position]

    def play(self, s: AcademyState, seat: int, card: HeroCard, target: int) -> None:
        s.say(
            "story.rivalry",
            lambda: (
                f"{s.hero_name(seat)} plays Sibling Rivalry and removes "
                f"{s.villain_label(s.lineup[target])}."
            ),
        )
        s.outcomes[target] = actions.REMOVED
        actions.hurt(s, seat, actions.STORY_COST, "story.rivalry")

    def words(self, s: AcademyState, target: int) -> str:
        return f"remove card {target + 1}, {s.villain_label(s.lineup[target])} (you lose 1 bar)"


"""Each storyline by the name ``data/hero_deck.toml`` gives it (the card's ``story``)."""


# --- Hero powers [power.*] -------------------------------------------------------------------
# Each use costs 1 bar, at most once a round (twice with Strength in Numbers), never under
# Apathy: rules.power_blocked checks that [power.use]. The Kraken's and Space Boy's powers come
# with the card play (the moves rules.HitsTwice and rules.DoubleShot); the others start with
# the move rules.Power, and then ask for their choices, each its own move in rules/powers.py.


class HeroPower:
    """A hero power: when the table allows it, and what using it starts [power.use]."""

    rule = ""
    """The rule of the power."""

    with_card_play = False
    """True for a power chosen together with the card play, not started on its own."""

    not_ready = ""
    """Why the power cannot be used when :meth:`ready` says no, in words."""

    def ready(self, s: AcademyState, seat: int) -> bool:
        """Whether the table allows this power now (besides the limits of power.use)."""
        return True

    def start(self, s: AcademyState, seat: int) -> None:
        """Using the power: its first choice comes next (the step named after the power)."""
        s.stage = s.power_of(seat)


@effect(POWERS, "horror", rule="power.horror")
class TheHorror(HeroPower):
    """Give 2 life bars to one hero, or 1 bar each to two heroes (rules.HorrorGift)."""


@effect(POWERS, "kraken", rule="power.kraken")
class TheKraken(HeroPower):
    """Hits Twice: a second card from hand, the two attack values added (rules.HitsTwice)."""

    with_card_play = True
    not_ready = "Hits Twice needs two cards in hand"

    def ready(self, s: AcademyState, seat: int) -> bool:
        return len(s.hands[seat]) >= 2


@effect(POWERS, "space-boy", rule="power.space-boy")
class SpaceBoy(HeroPower):
    """Double Shot: the attack value of the card played is doubled (rules.DoubleShot)."""

    with_card_play = True
    not_ready = "Double Shot needs a card in hand"

    def ready(self, s: AcademyState, seat: int) -> bool:
        return len(s.hands[seat]) >= 1


@effect(POWERS, "number-five", rule="power.number-five")
class NumberFive(HeroPower):
    """Time Travel: swap two cards still in the lineup (rules.Swap) [power.number-five]."""

    not_ready = "fewer than two cards are left to swap"

    def ready(self, s: AcademyState, seat: int) -> bool:
        return s.outcomes.count(actions.PENDING) >= 2


@effect(POWERS, "rumor", rule="power.rumor")
class TheRumor(HeroPower):
    """I Heard a Rumor: defeat any one card still in the lineup (rules.Rumor)."""


@effect(POWERS, "seance", rule="power.seance")
class Seance(HeroPower):
    """Talk to the Dead: play a card from the discard pile against a lineup card.

    The card plays as an attack or a block, never a storyline (rules.SeanceCard).
    """

    not_ready = "no card in the discard pile can beat or block a lineup card"

    def ready(self, s: AcademyState, seat: int) -> bool:
        """Whether a card in the discard pile can beat or block a waiting lineup card."""
        attacks = [s.villain_attack(s.lineup[p]) for p in s.waiting]
        if not attacks:
            return False
        lowest = min(attacks)
        attack_of = s.cards.attack
        return any(attack_of[number] >= lowest for number in s.discard)


@effect(POWERS, "vanya", rule="power.vanya")
class Vanya(HeroPower):
    """Remove 4 cards from the lineup (all that are left, if fewer), then 2 damage to one hero.

    Not two rounds in a row (rules.VanyaRemoves, then rules.VanyaHit) [power.vanya].
    """

    not_ready = "Vanya cannot use her power two rounds in a row"

    def ready(self, s: AcademyState, seat: int) -> bool:
        return s.vanya_round[seat] != s.round - 1

    def start(self, s: AcademyState, seat: int) -> None:
        s.vanya_left = min(actions.VANYA_REMOVES, len(s.reachable))  # [opt.reach]
        s.vanya_round[seat] = s.round
        s.stage = "vanya" if s.vanya_left else "vanya-hit"


"""Each hero power by the name ``data/heroes.toml`` gives it (the hero's ``power``)."""


# --- Dysfunctional Family cards [family.*] ---------------------------------------------------
# One card is flipped each round and followed at once [round.family]; FAMILY says what each
# does then. Most of them change a rule for the round instead: the questions below the table
# are asked where that rule applies.


@effect(FAMILY, "villain-boost", rule="family.villain-boost")
def villain_boost(s: AcademyState, card: FamilyCard) -> None:
    """The first Villain Attack card of the lineup gets +X attack this round.

    The boost stays with that card wherever it moves. In the Final Battle the villain card leads
    the lineup but is not a Villain Attack card: the card after it is raised
    [family.villain-boost] [final.family].
    """
    cards = [code for code in s.lineup if code < actions.FINAL_VILLAIN]
    if not cards:
        return
    first = cards[0]
    s.boost_card, s.boost_amount = first, card.amount
    s.say(
        "family.villain-boost",
        lambda: f"The first lineup card now has attack {s.villain_attack(first)}.",
    )


@effect(FAMILY, "confrontation", rule="family.confrontation")
def confrontation(s: AcademyState, card: FamilyCard) -> None:
    """Every hero with the most life bars takes 1 damage, each of them on a tie.

    [family.confrontation]
    """
    most = max(s.life)
    for seat in s.living:
        if s.life[seat] == most:
            actions.hurt(s, seat, 1, "family.confrontation")


@effect(FAMILY, "reunion", rule="family.reunion")
def reunion(s: AcademyState, card: FamilyCard) -> None:
    """Each living hero heals 1 bar, up to their maximum [family.reunion]."""
    for seat in s.living:
        actions.heal(s, seat, 1, "family.reunion")


class ForTheRound:
    """A card that changes a rule for the round: nothing more happens at the flip.

    The flip says the card's text with the card's rule [round.family]; then the rule changed
    is asked where it applies (see below). Apathy: ``no_powers``; Family Secrets:
    ``hands_hidden`` (in ``state.py``); Brothers Will Fight: ``no_hero_boosts``; Hopelessness:
    ``refill_size``; Rock Bottom: ``no_heals``.
    """

    rule = ""
    """The card's rule, e.g. ``"family.apathy"``."""

    def __call__(self, s: AcademyState, card: FamilyCard) -> None:
        """Nothing to do at the flip."""


for _name, _rule in (
    ("apathy", "family.apathy"),
    ("secrets", "family.secrets"),
    ("brothers", "family.brothers"),
    ("hopelessness", "family.hopelessness"),
    ("rock-bottom", "family.rock-bottom"),
):
    effect(FAMILY, _name, rule=_rule)(ForTheRound())


@effect(FAMILY, "dinner", rule="family.dinner")
def no_effect(s: AcademyState, card: FamilyCard) -> None:
    """Family Dinner: no effect, a breather for the team [family.dinner]."""


def no_powers(s: AcademyState) -> bool:
    """Apathy: no hero may use a hero power this round [family.apathy].

    With apathy="turn", as the card prints it, only during the round's first turn
    [opt.apathy].
    """
    if s.family_effect != "apathy":
        return False
    return s.options.apathy == "round" or s.last_responder < 0


def no_hero_boosts(s: AcademyState) -> bool:
    """Brothers Will Fight: no Hero Boost may be played this round [family.brothers]."""
    return s.family_effect == "brothers"


def no_heals(s: AcademyState) -> bool:
    """Rock Bottom: no hero may take the heal action this round [family.rock-bottom]."""
    return s.family_effect == "rock-bottom"


def refill_size(s: AcademyState) -> int:
    """How many cards each hero draws up to at this round's refill [end.refill].

    Hopelessness: one card fewer than the hand size [family.hopelessness].
    """
    return s.hand_size - 1 if s.family_effect == "hopelessness" else s.hand_size


__all__ = [
    "FAMILY",
    "NO_TARGET",
    "POWERS",
    "RULEBOOK_FAMILY",
    "STORYLINES",
    "HeroPower",
    "Storyline",
    "hands_hidden",
]
