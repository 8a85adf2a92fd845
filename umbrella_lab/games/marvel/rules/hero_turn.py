"""Marvel United, 4. The hero turn: who starts, the draw, the end of the turn, the next seat.

The steps a hero turn goes through around its moves: after the first villain turn the heroes
choose who starts [turn.first] (solo: you); a turn begins [turn.order] with the draw
[turn.draw], a KO'd hero standing up [hero.standup], an Invulnerable token removed
[extra.invulnerable] and a Threat at the hero's location acting [threat.bob]; a hero with no
card in deck or hand loses the game [end.no-cards]. When the actions end, unused symbols are
lost [turn.done]; a hero who played the last card is KO'd [hero.last-card]; a Master Plan card
comes after every 3 hero cards [turn.cadence]; then the next seat plays.

The moves of the turn are in ``play.py``, ``hero_actions.py``, ``end_of_turn.py`` and
``choices.py``; they put these steps in line, and ``steps.py`` runs them.
"""

from __future__ import annotations

from umbrella_lab.engine.words import plural
from umbrella_lab.games.marvel import effects
from umbrella_lab.games.marvel.actions import RING, draw, draw_to, finish, knock_out, later
from umbrella_lab.games.marvel.state import MarvelState

KO_DRAW = 4  # a hero back from a KO draws up to this many [hero.standup]


def first_hero(s: MarvelState) -> None:
    """After the first villain turn the heroes choose who starts [turn.first]; solo: you."""
    if len(s.hands) == 1:
        s.turn = 0
        later(s, ("begin",))
    else:
        s.step = "lead"


def begin_turn(s: MarvelState) -> None:
    """Start the turn of the seat whose turn it is [turn.order] [turn.draw].

    A hero with no card in deck or hand loses the game for everyone [end.no-cards]. A KO'd hero
    stands up [hero.standup]; an Invulnerable token is removed [extra.invulnerable]; a Threat
    at the hero's location may act [threat.bob] [threat.ultron-virus]. Then the draw: 1 card,
    or up to 4 after a KO.
    """
    seat = s.turn
    s.step, s.active, s.pool, s.played, s.special, s.virus = "", -1, [0, 0, 0, 0], -1, False, False
    if s.missions_done >= 2 and not s.vulnerable:
        s.vulnerable = True
        s.say("opt.vulnerable_at", lambda: "From this turn on, the villain can be damaged.")
    if not s.hands[seat] and not s.decks[seat]:
        finish(
            s,
            False,
            "end.no-cards",
            f"{s.seat_name(seat)} starts a turn with no cards in deck or hand: the heroes lose.",
        )
        return
    if len(s.hands) == 1:  # solo: the card played says which hero acts [solo.cards]
        if s.options.solo_shrink == "turn" and any(s.shield):
            s.shield = [False] * len(s.heroes)
            s.say("opt.solo_shrink", lambda: "Your Invulnerable tokens are removed.")
        drawn = draw(s, 0, 1)
        s.say("turn.draw", lambda: f"S.H.I.E.L.D.'s turn: you draw {drawn} card.")
        s.step = "play"
        return
    hero = seat
    if s.shield[hero]:
        s.shield[hero] = False
        s.say("extra.invulnerable", lambda: f"{s.hero_name(hero)}'s Invulnerable token is removed.")
    knocked = s.ko[hero]
    if knocked:
        s.ko[hero] = False
        s.say("hero.standup", lambda: f"{s.hero_name(hero)} stands up again.")
    start_threat(s, hero)
    if knocked:
        drawn = draw_to(s, hero, KO_DRAW)
        s.say(
            "hero.standup", lambda: f"{s.hero_name(hero)} draws up to 4: {plural(drawn, 'card')}."
        )
    else:
        drawn = draw(s, hero, 1)
        s.say("turn.draw", lambda: f"{s.hero_name(hero)}'s turn: draws {drawn} card.")
    s.step = "play"


def start_threat(s: MarvelState, hero: int) -> None:
    """A Threat that acts on a hero starting a turn at its location [threat.bob]."""
    threat = s.threat_at(s.hero_at[hero])
    if threat is not None and threat.trigger == "start":
        effects.THREATS[threat.effect].start(s, s.hero_at[hero], threat, hero)


def end_actions(s: MarvelState) -> None:
    """The actions are over: unused symbols and an unused Special are lost [turn.done].

    A Thug's first damage and a trapped Civilian's first Heroic last only to the end of the
    turn [opt.elite_same_turn] [opt.trap_same_turn].
    """
    s.pool, s.special, s.virus = [0, 0, 0, 0], False, False
    if s.options.elite_same_turn:
        s.wounded = [0] * RING
    if s.options.trap_same_turn:
        s.primed = [0] * RING
    s.step = ""


def end_turn(s: MarvelState) -> None:
    """The end of a hero turn: the last card played KOs now [hero.last-card].

    Then a Master Plan card if the cadence asks for one [turn.cadence]; then the next seat
    [turn.order].
    """
    hero = s.active
    later(s, ("last-card", hero), ("cadence",), ("next-turn",))


def last_card(s: MarvelState, hero: int) -> None:
    """A hero who played the last card finished the turn; now the KO [hero.last-card]."""
    if hero >= 0 and not s.ko[hero] and not s.hand_of(hero):
        s.say("hero.last-card", lambda: f"{s.hero_name(hero)} played the last card in hand.")
        knock_out(s, hero)


def cadence(s: MarvelState) -> None:
    """A Master Plan card after every 3 hero cards, every 2 Under Pressure [turn.cadence]."""
    every = 2 if s.pressure else 3
    if s.since_plan >= every:
        s.say(
            "turn.cadence",
            lambda: f"{s.since_plan} hero cards since the last Master Plan card: the villain acts.",
        )
        later(s, ("villain",))


def next_turn(s: MarvelState) -> None:
    """The next seat clockwise takes its turn [turn.order]."""
    s.active = -1
    s.turn = (s.turn + 1) % len(s.hands)
    s.say("turn.order", lambda: f"The turn passes to {s.seat_name(s.turn)}.")
    later(s, ("begin",))
