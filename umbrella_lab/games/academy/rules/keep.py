"""9. Round end: the team keeps the cards left in hand, or discards them one at a time [end.keep].

The rest of the round end is in ``round_end.py``: these moves come after the uncontested
cards go under the Final Battle card, and before every hero draws up.
"""

from __future__ import annotations

from umbrella_lab.engine.moves import Move
from umbrella_lab.games.academy.rules.order import advance
from umbrella_lab.games.academy.rules.table import (
    Card,
    distinct,
    hand_of,
    not_living,
    play_from_hand,
)
from umbrella_lab.games.academy.state import AcademyState, first_copy

# --- 9. Round end: keep or discard -------------------------------------------------------------


class Keep(Move):
    """The team keeps the cards left in hand; then every hero draws up [end.keep]."""

    rule = "end.keep"
    steps = ("keep",)
    when = "cards are kept or discarded only at the end of a round"
    when_rule = "end.keep"

    @staticmethod
    def legal(s: AcademyState) -> list[Keep]:
        return [Keep()]

    def play(self, s: AcademyState) -> None:
        s.say(
            "end.keep",
            lambda s: (
                f"The team keeps the other {sum(len(hand) for hand in s.hands)} card(s) in hand."
            ),
            s,
        )
        s.phase = "refill"
        advance(s)

    def label(self, s: AcademyState) -> str:
        return "Team: keep the cards left in hand and draw up"

    def refusal(self, s: AcademyState) -> tuple[str, str]:
        return "cards are kept or discarded only at the end of a round", "end.keep"


class Discard(Move):
    """At the round end a surviving hero discards a card from hand, one at a time [end.keep]."""

    rule = "end.keep"
    steps = ("keep",)
    when = "cards are kept or discarded only at the end of a round"
    when_rule = "end.keep"
    by = None  # the team decides; the seat is the hero who discards
    seat: int
    card: Card

    @staticmethod
    def legal(s: AcademyState) -> list[Discard]:
        return [Discard(seat, card) for seat in s.living for card in distinct(s, s.hands[seat])]

    def play(self, s: AcademyState) -> None:
        play_from_hand(s, self.seat, self.card)
        s.say(
            "end.keep",
            lambda: f"{s.hero_name(self.seat)} discards {s.card(self.card).label}.",
        )
        if not any(s.hands):
            s.phase = "refill"
        advance(s)

    def label(self, s: AcademyState) -> str:
        return f"{s.hero_name(self.seat)}: discard {s.card(self.card).label}"

    def canonical(self, s: AcademyState) -> Discard:
        hand = hand_of(s, self.seat)
        return Discard(self.seat, first_copy(s, hand, self.card))

    def refusal(self, s: AcademyState) -> tuple[str, str]:
        why = not_living(s, self.seat)
        if why:
            return why
        if first_copy(s, s.hands[self.seat], self.card) not in s.hands[self.seat]:
            return f"{s.hero_name(self.seat)} does not hold that card", "end.keep"
        return "cards are kept or discarded only at the end of a round", "end.keep"
