"""5. Storylines: the Hero Boost [story.hero-boost].

The other storylines are played with the move ``Story`` (in ``facing.py``); what each does is
in ``effects.py`` [story.*]. Here: who may add a Hero Boost [opt.hero_boost] and which boosts
are offered, how one reads, when it is secret [family.secrets] or forbidden
[family.brothers]; and the move ``HeroBoostOn``, a boost on the card that just blocked
[opt.boost_target]. The card plays with a Hero Boost (``HeroBoost``, ``HeroBoostTwice``, and on
a power's card play) are in ``facing.py``, with every card play.
"""

from __future__ import annotations

from umbrella_lab.engine.moves import Move
from umbrella_lab.games.academy import effects
from umbrella_lab.games.academy.actions import BLOCKED, DEFEATED, STORY_COST, hurt
from umbrella_lab.games.academy.cards import HeroCard
from umbrella_lab.games.academy.rules.order import advance
from umbrella_lab.games.academy.rules.table import (
    Card,
    distinct,
    hand_of,
    not_living,
    play_from_hand,
)
from umbrella_lab.games.academy.state import AcademyState, first_copy

# --- 5. Storylines: the Hero Boost ------------------------------------------------------------
# The other storylines are played with the move Story; what each does is in effects.py.


def boost_holders(s: AcademyState, seat: int) -> list[int]:
    """Who may add a Hero Boost to ``seat``'s card play: any living hero, or ``seat`` only.

    [story.hero-boost] [opt.hero_boost]
    """
    return s.living if s.options.hero_boost == "interrupt" else [seat]


def boost_offers(s: AcademyState, seat: int, *played: int) -> list[tuple[int, int]]:
    """Each Hero Boost that could go on ``seat``'s card play: (holder, boost card) pairs.

    One per design in each holder's hand, never one of the ``played`` cards themselves
    [story.hero-boost].
    """
    boost, boosts, hands = s.cards.boost, s.cards.boosts, s.hands
    return [
        (holder, number)
        for holder in boost_holders(s, seat)
        if not boosts.isdisjoint(hands[holder])  # (most hands hold none)
        for number in distinct(s, hands[holder])
        if boost[number] and number not in played
    ]


def boost_words(s: AcademyState, holder: int, boost: HeroCard) -> str:
    """A Hero Boost in words, e.g. ``"Hero Boost +20 from Vanya"`` [story.hero-boost]."""
    return f"Hero Boost +{boost.boost} from {s.hero_name(holder)}"


def boost_is_secret(s: AcademyState, seat: int, *boosts: int) -> bool:
    """Under Family Secrets another hero's boost is that hero's secret [family.secrets]."""
    return effects.hands_hidden(s) and any(boost not in s.hands[seat] for boost in boosts)


def boost_copy(
    s: AcademyState, holder: int, boost: int, played: int, taken: int | None = None
) -> int:
    """The first copy of the Hero Boost ``boost`` in ``holder``'s hand, not the card ``played``.

    When that copy is ``taken`` already (by another part of the move), the first copy other
    than ``taken``.
    """
    hand = hand_of(s, holder)
    copy = first_copy(s, hand, boost, other_than=played)
    if copy == taken:
        copy = first_copy(s, hand, boost, other_than=taken)
    return copy


def brothers_refusal(s: AcademyState) -> tuple[str, str] | None:
    """Under Brothers Will Fight no Hero Boost may be played this round [family.brothers]."""
    if effects.no_hero_boosts(s):
        return "Brothers Will Fight: no Hero Boost this round", "family.brothers"
    return None


def boost_spares(s: AcademyState, code: int) -> int:
    """The damage a Hero Boost on the card that blocked ``code`` spares: its whole half.

    [opt.boost_target]
    """
    return min(s.pending_damage, (s.villain_damage(code) + 1) // 2)


class HeroBoostOn(Move):
    """A Hero Boost on a card already on the table: the card that blocked (boost_target="table").

    The card says "place this card on any Hero Attack Card on the table": with
    boost_target="table" a hero may place a boost on the card that just blocked, before the team
    places any bar of the block's half damage. The card now beats the blocked card: it counts as
    defeated, and none of the half damage is taken. Once a bar is placed the block is settled
    ("you must take HALF the Damage"), so the result never depends on the order of placement.
    The boost's owner loses 1 bar
    [story.hero-boost] [opt.boost_target]. Any living hero may play it, as an interrupt (with
    hero_boost="own-turn" a boost goes only on its owner's card play [opt.hero_boost]); on a card
    played with a power only with boost_with_power=True [opt.boost_with_power].
    """

    kind = "boost-on"
    rule = "story.hero-boost"
    steps = ("damage",)
    when = (
        "a Hero Boost goes on the card that just blocked before any of the block's damage is placed"
    )
    when_rule = "story.hero-boost"
    by = None  # any living hero, as an interrupt: not the one deciding (the team places damage)
    seat: int
    boost: Card
    position: int

    @staticmethod
    def legal(s: AcademyState) -> list[HeroBoostOn]:
        position = s.blocked_at
        if (
            s.options.boost_target != "table"
            or s.options.hero_boost != "interrupt"
            or s.pending_rule != "turn.block"
            or position < 0
            or s.outcomes[position] != BLOCKED
            or effects.no_hero_boosts(s)
        ):
            return []
        return [  # (under "interrupt" every living hero holds boosts that may go on it)
            HeroBoostOn(holder, number, position) for holder, number in boost_offers(s, s.responder)
        ]

    def play(self, s: AcademyState) -> None:
        seat, position, boost = self.seat, self.position, s.card(self.boost)
        code = s.lineup[position]
        play_from_hand(s, seat, self.boost)
        spared = boost_spares(s, code)
        s.pending_damage -= spared
        s.outcomes[position], s.blocked_at = DEFEATED, -1
        s.say(
            "story.hero-boost",
            lambda: (
                f"{s.hero_name(seat)} places Hero Boost +{boost.boost} on the card that blocked "
                f"{s.villain_label(code)}: it is defeated, and {spared} damage is not taken."
            ),
        )
        hurt(s, seat, STORY_COST, "story.hero-boost")
        advance(s)

    def label(self, s: AcademyState) -> str:
        code, boost = s.lineup[self.position], s.card(self.boost)
        return (
            f"{s.hero_name(self.seat)}: Hero Boost +{boost.boost} on the card that blocked "
            f"card {self.position + 1}, {s.villain_label(code)}: defeat it, "
            f"{boost_spares(s, code)} damage not taken ({s.hero_name(self.seat)} loses 1 bar)"
        )

    def private_to(self, s: AcademyState, seat: int) -> bool:
        """Another hero's boost is secret under Family Secrets (:func:`boost_is_secret`)."""
        return boost_is_secret(s, seat, self.boost)

    def canonical(self, s: AcademyState) -> HeroBoostOn:
        return HeroBoostOn(
            self.seat, first_copy(s, hand_of(s, self.seat), self.boost), self.position
        )

    def refusal(self, s: AcademyState) -> tuple[str, str]:
        if s.options.boost_target != "table":
            return (
                "a Hero Boost goes only on the card being played (option boost_target)",
                "opt.boost_target",
            )
        why = not_living(s, self.seat)
        if why:
            return why
        if s.options.hero_boost != "interrupt":
            return (
                "with hero_boost='own-turn' a Hero Boost goes only on its owner's card play",
                "opt.hero_boost",
            )
        why = brothers_refusal(s)
        if why:
            return why
        if not (s.pending_rule == "turn.block" and s.blocked_at >= 0):
            return (
                "a Hero Boost goes on the card that just blocked before any of the block's "
                "damage is placed: once a bar is placed, the block is settled",
                "story.hero-boost",
            )
        if self.position != s.blocked_at:
            return (
                "only the card that just blocked can still change its outcome",
                "opt.boost_target",
            )
        return (
            f"{s.hero_name(self.seat)} holds no such Hero Boost",
            "story.hero-boost",
        )
