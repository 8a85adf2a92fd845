"""Heroes vs the Umbrella Corporation, 5. Draw phase [draw.*].

A turn begins; both sides draw two cards [draw.cards], and a side whose deck runs out shuffles
its discard pile into a new one [draw.reshuffle] (how a side draws is ``actions.draw``: Intel
draws too). The Heroes without a team in play search their deck for one [draw.team-search]
(from the discard pile too with team_search="discard-too" [opt.team_search]); the same search
is their first decision of the game [setup.team].
"""

from __future__ import annotations

from umbrella_lab.engine.moves import Move
from umbrella_lab.games.corporation.actions import HERO, UMBRELLA, draw, find, first_copies
from umbrella_lab.games.corporation.rules.end_of_game import end
from umbrella_lab.games.corporation.rules.turn import CardId, advance, step
from umbrella_lab.games.corporation.state import DRAW_PER_TURN, CorporationState, design


@step("turn-start")
def turn_start(s: CorporationState) -> bool:
    """A turn begins and both sides draw two cards [turn.phases] [draw.cards].

    After the last turn of the turn limit, the game ends instead, a draw [game.turn-limit].
    """
    options = s.game.options
    if s.turn >= options["turn_limit"]:  # [game.turn-limit]
        end(
            s,
            (),
            "game.turn-limit",
            f"Turn {s.turn} is over and no side has won: the game stops at the turn "
            f"limit ({options['turn_limit']}), a draw.",
        )
        return False
    s.turn += 1
    s.lockdown, s.defended = False, []
    s.say("turn.phases", lambda: f"Turn {s.turn} begins.")
    draw(s, HERO, DRAW_PER_TURN, "draw.cards")
    draw(s, UMBRELLA, DRAW_PER_TURN, "draw.cards")
    s.phase = "draw-search"
    return False


@step("draw-search")
def draw_search(s: CorporationState) -> bool:
    """The Heroes search for a team when they have none in play [draw.team-search]."""
    s.phase = "search" if not s.teams and search_pool(s) else "events-start"
    return False


def search_pool(s: CorporationState) -> list[int]:
    """The team cards the Heroes may fetch [draw.team-search].

    From the deck ("he must search his deck"); with team_search="discard-too", in a Draw
    phase, from the discard pile when the deck has none [opt.team_search].
    """
    hero = s.cards.hero
    pool = [n for n in s.decks[HERO] if hero[n].kind == "team"]
    if not pool and s.turn > 0 and s.game.options["team_search"] == "discard-too":
        pool = [n for n in s.discards[HERO] if hero[n].kind == "team"]
    return pool


class SearchTeam(Move):
    """The Heroes take a team from their deck into play [setup.team] [draw.team-search].

    Their first decision of the game; again in a Draw phase that finds them without a team in
    play (then from the discard pile if the deck has none), and then they shuffle the deck.
    """

    kind = "search"
    rule = "draw.team-search"
    by = HERO
    steps = ("search",)
    when = "the Heroes search for a team only when they have none in play"
    team: CardId

    @staticmethod
    def legal(s: CorporationState) -> list[SearchTeam]:
        pool = sorted(search_pool(s))  # by card number: the order tells nothing of the deck
        return [SearchTeam(team) for team in first_copies(s, pool)]

    def play(self, s: CorporationState) -> None:
        team = find(s, s.decks[HERO], self.team)
        source = "deck" if team >= 0 else "discard pile"
        if team < 0:
            team = find(s, s.discards[HERO], self.team)
        (s.decks[HERO] if source == "deck" else s.discards[HERO]).remove(team)
        s.teams.append(team)
        s.crews.append([])
        first = s.turn == 0
        if not first:
            s._rng().shuffle(s.decks[HERO])
        s.say(
            self.rule_in(s),
            lambda: (
                f"The Heroes take {s.cards.hero[team].name} from their {source} and put it "
                "into play" + ("." if first else ", then shuffle their deck.")
            ),
        )
        s.phase = "setup-deal" if first else "events-start"
        advance(s)

    def label(self, s: CorporationState) -> str:
        where = "deck" if find(s, s.decks[HERO], self.team) >= 0 else "discard pile"
        return f"Heroes search their {where}: {design(s, HERO, self.team).label} goes into play"

    def rule_in(self, s: CorporationState) -> str:
        return "setup.team" if s.turn == 0 else "draw.team-search"

    def refusal(self, s: CorporationState) -> tuple[str, str]:
        return "that team is not in the deck", self.rule_in(s)
