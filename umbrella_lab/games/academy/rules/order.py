"""4. Turns [turn.order]: the order of play, card by card and round by round.

After every move ``advance`` moves play on to the next decision: the end of the game
[game.*], a power's choices [power.use], damage for the team to place [life.damage], the next
hero to face the leftmost card still waiting (``face_next_card`` [turn.order], or the team's
choice [opt.turn_order]), or the round's end and the next round [end.*] [round.*]. ``end_turn``
ends a hero's turn. Every kind of move calls it, so it sits below them all, and above the start
and the end of a round, which it calls.
"""

from __future__ import annotations

from umbrella_lab.games.academy.actions import PENDING, hurt
from umbrella_lab.games.academy.rules.round import start_round
from umbrella_lab.games.academy.rules.round_end import (
    close_lineup,
    deal_uncontested_damage,
    end_game,
    pass_start_card,
    refill,
)
from umbrella_lab.games.academy.state import POWER_STAGES, AcademyState

# --- 4. Turns: facing the lineup, left to right --------------------------------------------------


def advance(s: AcademyState) -> None:
    """Move play on to the next decision [turn.order] [end.*] [game.*].

    After every move: is the game over? Does a power wait for its choices, or damage for the
    team to place it? Else the faced card goes to the next hero, or the round ends and the
    next one starts.
    """
    while True:
        if s.result is not None:
            s.stage = "over"
            return
        if s.stage in POWER_STAGES:  # a power waits for its choices [power.use]
            return
        if not any(s.life):
            end_game(s, False, "game.lose", "Every hero is dead: the team loses.")
            continue
        if s.pending_damage > 0:  # [life.damage]
            if s.alive == 1 and not s.pogo:  # one hero left: no choice to make
                s.say(
                    "life.damage",
                    lambda s: f"{s.hero_name(s.living[0])}, the one hero left, takes it all.",
                    s,
                )
                hurt(s, s.living[0], s.pending_damage, s.pending_rule)
                s.pending_damage, s.blocked_at = 0, -1  # a block is settled [opt.boost_target]
                continue
            s.stage = "damage"
            return
        if s.phase == "lineup":
            if PENDING in s.outcomes:
                face_next_card(s)
                return
            s.phase, s.turn_open = "round-end", False  # every card has an outcome
            deal_uncontested_damage(s)
            continue
        if s.phase == "round-end":
            if s.final:  # [game.win] after the Final Battle's round-end damage (C-18)
                alive = ", ".join(s.hero_name(seat) for seat in s.living)
                reason = f"The Final Battle is over and {alive} survived: the team wins!"
                end_game(s, True, "game.win", reason)
                continue
            close_lineup(s)
            s.phase = "keep"  # [end.keep]
            if any(s.hands):
                s.stage = "keep"
                return
            s.phase = "refill"
            continue
        if s.phase == "keep":
            s.stage = "keep"
            return
        if s.phase == "refill":
            refill(s)
            pass_start_card(s)
            s.phase = "lineup"
            start_round(s)
            continue
        return  # pragma: no cover


def face_next_card(s: AcademyState) -> None:
    """Who faces the faced card: the same hero while their turn goes on, else the next one.

    A power does not end a turn: a hero whose power took the faced card away faces the new
    leftmost card. Otherwise the next living hero clockwise faces it [turn.order], or the team
    sends someone [opt.turn_order].
    """
    if s.turn_open and s.life[s.responder] > 0:
        s.stage = "face"
    elif s.options.turn_order == "team" and s.alive > 1:
        s.turn_open, s.stage = False, "choose"
    else:  # the next living hero clockwise; the first card goes to the Start holder
        n, seat = len(s.life), s.start if s.last_responder < 0 else s.last_responder + 1
        while s.life[seat % n] <= 0:
            seat += 1
        s.responder, s.turn_open, s.stage = seat % n, True, "face"
        s.say(
            "turn.order",
            lambda s: (
                f"{s.hero_name(s.responder)} faces {s.villain_label(s.lineup[s.faced_position])}."
            ),
            s,
        )


def end_turn(s: AcademyState) -> None:
    """The hero has played their card: the turn is over, play moves on [turn.order]."""
    s.last_responder, s.turn_open = s.responder, False
    advance(s)
