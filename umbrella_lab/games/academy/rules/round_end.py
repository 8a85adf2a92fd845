"""9. Round end [end.*]; 10. The Final Battle [final.*]; 11. End of the game [game.*].

When every lineup card has an outcome, the uncontested cards deal their damage [end.damage]
and go under the Final Battle card [end.final-pile]; the team keeps or discards cards (the
moves ``Keep`` and ``Discard``, in ``keep.py`` [end.keep]); each surviving hero draws up
[end.refill] [end.reshuffle] [family.hopelessness]; the Start card passes on [end.start-card]
[opt.start_card]. The Final Battle is dealt with the start of a round (``round.py``);
``end_game`` ends the game [game.win] [game.lose]. ``order.advance`` calls these steps in turn.
"""

from __future__ import annotations

from umbrella_lab.engine.core import Result
from umbrella_lab.engine.words import plural
from umbrella_lab.games.academy import effects
from umbrella_lab.games.academy.actions import UNCONTESTED
from umbrella_lab.games.academy.rules.table import clockwise
from umbrella_lab.games.academy.state import AcademyState

# --- 9. Round end -------------------------------------------------------------------------------


def deal_uncontested_damage(s: AcademyState) -> None:
    """Every lineup card has an outcome: the uncontested cards deal their damage [end.damage].

    With damage_timing="immediate" each card dealt its damage when it was left instead
    [opt.damage_timing].
    """
    if s.options.damage_timing != "round-end":
        return
    total = 0
    for code, outcome in zip(s.lineup, s.outcomes, strict=True):
        if outcome == UNCONTESTED:
            total += s.villain_damage(code)
    if total:
        s.say(
            "end.damage",
            lambda total: (
                f"Every lineup card has an outcome. The uncontested cards deal {total} damage."
            ),
            total,
        )
        s.pending_damage, s.pending_rule = total, "end.damage"


def close_lineup(s: AcademyState) -> None:
    """Uncontested cards go under the Final Battle card, the others away [end.final-pile]."""
    moved = 0
    for code, outcome in zip(s.lineup, s.outcomes, strict=True):
        if outcome == UNCONTESTED:
            s.final_pile.append(code)
            moved += 1
        else:
            s.villain_discard.append(code)
    s.say(
        "end.final-pile",
        lambda s, moved: (
            f"{plural(moved, 'uncontested card')} {'goes' if moved == 1 else 'go'} under the Final "
            f"Battle card ({len(s.final_pile)} "
            f"there now); {s.cards.villains[s.faced[-1]].name} is set beside it."
        ),
        s,
        moved,
    )
    s.lineup, s.outcomes = [], []


# (Here the team keeps or discards the cards left in hand: the moves Keep and Discard, in
# keep.py [end.keep].)


def refill(s: AcademyState) -> None:
    """Each surviving hero draws back up to the hand size, clockwise from the Start card.

    One card fewer under Hopelessness [end.refill] [family.hopelessness].
    """
    size = effects.refill_size(s)
    if size < s.hand_size:
        s.say(
            "family.hopelessness",
            lambda: f"Hopelessness: the heroes draw up to {plural(size, 'card')}, one fewer.",
        )
    for seat in clockwise(s, s.start):
        if s.life[seat] > 0:
            draw_up(s, seat, size)


def draw_up(s: AcademyState, seat: int, size: int) -> None:
    """``seat`` draws from the top of the hero deck until their hand holds ``size`` cards.

    An empty deck is made anew from the shuffled discard pile [end.refill] [end.reshuffle].
    """
    hand = s.hands[seat]
    drawn = 0
    while len(hand) < size:
        if not s.deck:
            if not s.discard:
                break
            s.deck, s.discard = s.discard, []
            s._rng().shuffle(s.deck)
            s.say(
                "end.reshuffle",
                lambda: (
                    "The Hero Attack deck is empty: the discard pile is shuffled into a new deck."
                ),
            )
        hand.append(s.deck.pop())
        drawn += 1
    if drawn:
        s.say(
            "end.refill",
            lambda s, seat, drawn: f"{s.hero_name(seat)} draws {plural(drawn, 'card')}.",
            s,
            seat,
            drawn,
        )


def next_start(s: AcademyState) -> int:
    """Who takes the Start card next: the next living hero clockwise [end.start-card].

    With start_card="seat" it passes to the next player clockwise, living or dead; a dead
    holder's first card then goes to the next living hero [opt.start_card].
    """
    n = len(s.heroes)
    if s.options.start_card == "seat":
        return (s.start + 1) % n
    for seat in clockwise(s, (s.start + 1) % n):
        if s.life[seat] > 0:
            return seat
    return s.start


def pass_start_card(s: AcademyState) -> None:
    """The Start card passes on [end.start-card] [opt.start_card]."""
    s.start = next_start(s)
    if len(s.heroes) > 1:
        s.say("end.start-card", lambda s: f"The Start card passes to {s.hero_name(s.start)}.", s)


# --- 10. The Final Battle: see start_round [final.*] ------------------------------------------
# --- 11. End of the game ------------------------------------------------------------------------


def end_game(s: AcademyState, won: bool, rule: str, reason: str) -> None:
    """The game is over: the whole team wins [game.win], or every hero is dead [game.lose]."""
    s.result = Result(tuple(range(len(s.heroes))) if won else (), reason, rule)
    s.stage = "over"
    s.say(rule, str, reason)
