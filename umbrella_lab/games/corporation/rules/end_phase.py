"""Heroes vs the Umbrella Corporation, 11. End phase [end.hand-limit].

Each side discards down to five cards in hand, the Heroes first, one card at a time
[end.hand-limit]. Then the turn is over: by default the game checks here whether a side has
won (12. End of the game, ``end_of_game.py``) [opt.win_check], and the next turn begins.
"""

from __future__ import annotations

from umbrella_lab.engine.moves import Move
from umbrella_lab.games.corporation.actions import HERO, find, first_copies
from umbrella_lab.games.corporation.rules.end_of_game import check_win
from umbrella_lab.games.corporation.rules.turn import (
    CardId,
    advance,
    card_of,
    heroes_then_umbrella,
    side_verb,
    step,
)
from umbrella_lab.games.corporation.state import HAND_LIMIT, CorporationState, design


@step("end-start")
def end_start(s: CorporationState) -> bool:
    """The Heroes discard down to the hand limit first [end.hand-limit]."""
    s.seat, s.phase = HERO, "discard"
    return False


@step("discard")
def discard(s: CorporationState) -> bool:
    """A side over the hand limit decides what to discard; then the next side [end.hand-limit]."""
    return heroes_then_umbrella(s, len(s.hands[s.seat]) > HAND_LIMIT, then="turn-end")


@step("turn-end")
def turn_end(s: CorporationState) -> bool:
    """The turn is over: by default, has a side won? [opt.win_check]. Then the next turn."""
    if s.game.options["win_check"] == "end-of-turn":
        check_win(s)
    s.phase = "turn-start"
    return False


class Discard(Move):
    """Discard a card of one's choice, down to five in hand [end.hand-limit].

    The Heroes first, then Umbrella, one card at a time.
    """

    rule = "end.hand-limit"
    steps = ("discard",)
    when = "cards are discarded for the hand limit in the End phase"
    held = "card"
    seat: int
    card: CardId

    @staticmethod
    def legal(s: CorporationState) -> list[Discard]:
        return [Discard(s.seat, card) for card in first_copies(s, s.hands[s.seat], s.seat)]

    def play(self, s: CorporationState) -> None:
        side = self.seat
        number = find(s, s.hands[side], self.card, side)
        s.hands[side].remove(number)
        s.discards[side].append(number)
        who = "The Heroes discard" if side == HERO else "Umbrella discards"
        s.say(
            "end.hand-limit",
            lambda: f"{who} {card_of(s, side, number).name} (hand limit {HAND_LIMIT}).",
        )
        advance(s)

    def label(self, s: CorporationState) -> str:
        return (
            f"{side_verb(self.seat, 'discard', 'discards')} {design(s, self.seat, self.card).name} "
            f"(hand {len(s.hands[self.seat])}, limit {HAND_LIMIT})"
        )
