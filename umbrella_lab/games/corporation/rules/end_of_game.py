"""Heroes vs the Umbrella Corporation, 12. End of the game [game.*].

The Heroes win when no facility is left in play [game.hero-wins]; Umbrella wins when no team is
left [game.umbrella-wins]; after the turn limit the game is a draw [game.turn-limit]. Whether a
side has won is checked after a combat or at the end of a turn, as the option says
[opt.win_check], and the turn limit at the start of a turn: so every phase may end the game,
and this module comes before them all. What counts as a team left and a facility to come is
each an option [opt.team_loss] [opt.new_facility].
"""

from __future__ import annotations

from umbrella_lab.engine.core import Result
from umbrella_lab.games.corporation.actions import HERO, UMBRELLA
from umbrella_lab.games.corporation.state import CorporationState


def teams_left(s: CorporationState) -> bool:
    """True while the Heroes still have a team [game.umbrella-wins].

    A team in play, or (by default) anywhere but removed from the game [opt.team_loss].
    """
    if s.teams:
        return True
    if s.game.options["team_loss"] == "none-in-play":
        return False
    hero = s.cards.hero
    return any(
        hero[n].kind == "team"
        for pile in (s.hands[HERO], s.decks[HERO], s.discards[HERO])
        for n in pile
    )


def facility_to_come(s: CorporationState) -> bool:
    """True when a facility not yet played must still be destroyed [opt.new_facility].

    By default only facilities in play count: a New Facility in Umbrella's hand, deck or discard
    pile does not ("in-play"). With new_facility="all" it does: the Heroes must destroy every
    facility, the New Facility too.
    """
    if s.game.options["new_facility"] == "in-play":
        return False
    umbrella = s.cards.umbrella
    return any(
        umbrella[n].kind == "facility"
        for pile in (s.hands[UMBRELLA], s.decks[UMBRELLA], s.discards[UMBRELLA])
        for n in pile
    )


def check_win(s: CorporationState) -> None:
    """Has a side won? [game.hero-wins] [game.umbrella-wins].

    The Heroes win when no facility is left in play; Umbrella when no team is left.
    """
    if s.outcome is not None:
        return
    if not s.facilities and not facility_to_come(s):
        end(s, (HERO,), "game.hero-wins", "Every Umbrella facility is destroyed: the Heroes win!")
    elif not teams_left(s):
        end(
            s,
            (UMBRELLA,),
            "game.umbrella-wins",
            "Every team is destroyed: the Umbrella Corporation wins!",
        )


def end(s: CorporationState, winners: tuple[int, ...], rule: str, reason: str) -> None:
    """The game is over: ``winners`` won (nobody, for a draw)."""
    s.outcome = Result(winners, reason, rule)
    s.phase, s.actor = "over", None
    s.say(rule, lambda: reason)
