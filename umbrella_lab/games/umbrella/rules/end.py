"""Umbrella, 5. The end of the game [end.*], and the end of a solo game [solo.end] [solo.score].

After every turn :func:`end_turn` checks the three triggers (the supply runs out [end.supply], a
player has no Figure tile left [end.no-figures], ten tokens placed [end.ten-tokens]), then hands
the turn on [turn.order], one final turn to each other player [end.final-turns], a play again
kept or not [power.again] [opt.final_again]. :func:`finish` tallies the scores [end.score] and
breaks a tie [end.tie]. A solo game ends when its tokens are placed or when no figure can be
made any more (:func:`no_figure_possible`, [solo.end] [opt.solo_end]), and scores as the solo
rules say [solo.score] [solo.achievement]. Every step's module ends its turn here; this module
imports only ``scoreboards.py`` (the white squares, the Scoreboard's bonus in words).
"""

from __future__ import annotations

from umbrella_lab.engine.core import Result
from umbrella_lab.engine.words import plural
from umbrella_lab.games.umbrella.rules.scoreboards import say_board_bonus, visible_colours
from umbrella_lab.games.umbrella.state import (
    EMPTY_ZONE_BONUS,
    TEN_TOKENS,
    UmbrellaState,
    board_bonus,
)

# --- 5. The end of the game -----------------------------------------------------------------------


def end_turn(s: UmbrellaState) -> None:
    """Check the end triggers, then hand the turn on [end.*] [turn.order] (solo: [solo.end])."""
    s.held, s.receiver, s.offers = -1, -1, ()
    if s.solo:
        s.ejected = -1
        if s.supply == 0:
            finish(s, "the last scoring token has been placed")
        elif no_figure_possible(s):
            finish(s, "no figure can be made with the umbrellas left")
        else:
            s.step = "push"
        return
    n = s.players
    if not s.trigger:
        if s.supply == 0:
            s.trigger, rule, why = (
                "supply",
                "end.supply",
                "the last scoring token of the supply has been placed",
            )
        elif not all(map(any, s.spaces)):  # a player has no Figure tile left
            p = next(p for p in range(n) if not any(s.spaces[p]))
            s.trigger, rule, why = (
                "no-figures",
                "end.no-figures",
                f"{s.seat_name(p)} has no Figure tile left",
            )
        elif s.filled[s.active].bit_count() >= TEN_TOKENS:  # only the active seat scores
            s.trigger, rule, why = (
                "ten-tokens",
                "end.ten-tokens",
                f"{s.seat_name(s.active)} has placed {TEN_TOKENS} scoring tokens",
            )
        if s.trigger:
            s.trigger_seat = s.active
            s.say(rule, lambda: f"The end is triggered on {s.seat_name(s.active)}'s turn: {why}.")
            s.say(
                "end.final-turns",
                lambda: "Each other player takes one final turn; tokens set aside may be used.",
            )
    if s.extra_turn and s.trigger and not s.game.options["final_again"]:  # [opt.final_again]
        s.extra_turn = False
        s.say(
            "opt.final_again",
            lambda: f"The end is triggered: {s.seat_name(s.active)} does not play again.",
        )
    if s.extra_turn:  # [power.again]
        s.extra_turn = False
        s.step = "push"
        s.say("power.again", lambda: f"{s.seat_name(s.active)} plays again.")
        return
    following = (s.active + 1) % n
    if s.trigger and following == s.trigger_seat:  # [end.final-turns] everyone else has played
        finish(s, "")
        return
    s.active = following
    s.step = "push"
    s.say(
        "turn.order",
        lambda: f"{s.seat_name(following)}'s turn" + (" (final turn)." if s.trigger else "."),
    )


def no_figure_possible(s: UmbrellaState) -> bool:
    """Solo: can no visible figure be made any more with the umbrellas left [solo.end]?

    By default (opt.solo_end "count") the engine declares it when no umbrella is left to push,
    when no Figure tile is visible, or when every visible figure needs, in every colour it could
    still score, more umbrellas than that colour has on the Stage and in the zones together.
    """
    zones = s.zones
    if not any(map(any, zones)):
        return True
    have = [s.cells[0].count(c) + sum(zone[c] for zone in zones) for c in range(4)]
    face = s.faces[0]
    free = [spot for i, spot in enumerate(face.spots) if not s.filled[0] >> i & 1]
    visible = visible_colours(s, 0)
    for space, stack in enumerate(s.spaces[0]):
        if not stack:
            continue
        size = s.tables.cells[stack[-1]]
        angle = s.pinwheel[0][space]
        for colour in range(4):
            if have[colour] >= size and any(
                spot.colours >> colour & 1
                if spot.white < 0
                else spot.white == angle and visible >> colour & 1
                for spot in free
            ):
                return False
    return True


TRIGGER_WORDS = {
    "supply": "the supply ran out",
    "no-figures": "a player ran out of Figure tiles",
    "ten-tokens": "a player placed 10 tokens",
}


def finish(s: UmbrellaState, why: str) -> None:
    """Tally the scores and name the winner(s) [end.score] [end.tie] (solo: [solo.score])."""
    n = s.players
    scores = tuple(s.score(seat) for seat in range(n))
    s.step = "over"
    if s.solo:
        words = s.achievement(scores[0])
        won = scores[0] >= s.game.options["solo_win"]  # [opt.solo_win]
        reason = f"The game ends: {why}. {scores[0]} points: {words}"
        s.outcome = Result((0,) if won else (), reason, "solo.achievement", scores)
        s.say("solo.end", lambda: f"The game ends: {why}.")
        say_board_bonus(s, 0)
        s.say(
            "solo.score",
            lambda: (
                f"{plural(s.tokens(0), 'token')} x 2 + {board_bonus(s, 0)} from the Scoreboard"
                + (f" + {plural(sum(map(sum, s.zones)), 'umbrella')} left" if s.supply == 0 else "")
                + f" = {scores[0]} points."
            ),
        )
        s.say("solo.achievement", lambda: f"Achievement: {words}")
        return
    best = max(scores)
    leaders = [seat for seat in range(n) if scores[seat] == best]
    rule = "end.score"
    if len(leaders) > 1:  # [end.tie] the fewest umbrellas in the personal zone, then shared
        fewest = min(s.personal(seat) for seat in leaders)
        leaders = [seat for seat in leaders if s.personal(seat) == fewest]
        rule = "end.tie"
    names = " and ".join(s.seat_name(seat) for seat in leaders)
    verb = "share the win" if len(leaders) > 1 else "wins"
    reason = f"{names} {verb} with {best} points ({TRIGGER_WORDS[s.trigger]})."
    s.outcome = Result(tuple(leaders), reason, rule, scores)
    for seat in range(n):
        say_board_bonus(s, seat)
        s.say("end.score", lambda seat=seat: _score_words(s, seat, scores[seat]))
    s.say(rule, lambda: reason)


def _score_words(s: UmbrellaState, seat: int, points: int) -> str:
    waiting = s.personal(seat)
    return (
        f"{s.seat_name(seat)}: {plural(s.tokens(seat), 'token')} x 2 "
        f"+ {board_bonus(s, seat)} from the Scoreboard "
        + (
            f"+ {EMPTY_ZONE_BONUS} for an empty personal zone"
            if waiting == 0
            else f"- {plural(waiting, 'umbrella')} waiting"
        )
        + f" = {points} points."
    )
