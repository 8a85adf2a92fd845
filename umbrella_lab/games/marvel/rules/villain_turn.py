"""Marvel United, 3. The villain turn [villain.*]: a Master Plan card, the move, BAM!, tokens.

The villain turn is a list of steps (``steps.py`` runs them): the top Master Plan card goes onto
the Storyline [villain.turn] (an empty deck loses [end.plan-empty]); the villain moves and the
Threat where it stops acts [villain.move] [villain.arrive]; BAM!, the dashboard's and then
every Threat's [villain.bam] [villain.threat-bam], in the order the heroes choose
[opt.bam_order]; Thugs and Civilians around the villain [villain.tokens]; the card's Special
[villain.special]; and the plot checked once more [opt.ultron_check]. :func:`plan_reading`
reads the disputed Master Plan cards as the options choose [opt.hail_hydra_bam]
[opt.insurgency_bam] [opt.ultron_m1_bam] [opt.ultron_m1_centre].

Placing tokens, their Overflow [villain.overflow] and damage are table actions, in
``actions.py``; what a dashboard, a Threat or a Master Plan Special does is in ``effects.py``.
"""

from __future__ import annotations

from umbrella_lab.engine.core import TEAM
from umbrella_lab.games.marvel import effects
from umbrella_lab.games.marvel.actions import PLAN, RING, ask, check_plot, finish, later
from umbrella_lab.games.marvel.state import MarvelState


def plan_reading(s: MarvelState, number: int) -> tuple[bool, tuple[str, str, str]]:
    """A Master Plan card's BAM! and tokens as the options read the disputed cards.

    The data holds the majority reading; an option that chooses the other reading changes the
    card when it is resolved, so the deck itself never changes.

    [opt.hail_hydra_bam] [opt.insurgency_bam] [opt.ultron_m1_bam] [opt.ultron_m1_centre]
    """
    card = s.plan(number)
    bam, sides = card.bam, (card.ccw, card.here, card.cw)
    o = s.options
    if card.special == "hail-hydra" and o.hail_hydra_bam:
        bam = True
    if card.special == "hydra-insurgency" and o.insurgency_bam == "one":
        first = next(n for n, p in enumerate(s.cards.plans) if p.special == "hydra-insurgency")
        bam = number == first
    if card.villain == "ultron" and card.move == 1 and not card.special:
        bam = bam or o.ultron_m1_bam
        if o.ultron_m1_centre == 3:
            sides = (card.ccw, card.here[0] * 3, card.cw)
    return bam, sides


def villain_turn(s: MarvelState) -> None:
    """Draw the top Master Plan card onto the Storyline; resolve it top to bottom [villain.turn].

    An empty deck when a card is needed loses the game [end.plan-empty].
    """
    s.step, s.active = "", -1
    if not s.plan_deck:
        finish(s, False, "end.plan-empty", "The Master Plan deck is empty: the villain wins.")
        return
    number = s.plan_deck.pop()
    s.storyline.append(PLAN + number)
    s.since_plan, s.plans = 0, s.plans + 1
    if s.options.pressure == "after-plan" and any(s.done) and not s.pressure:
        s.pressure = True
        s.say(
            "opt.pressure", lambda: "From this Master Plan card on, the villain is Under Pressure."
        )
    card = s.plan(number)
    bam, sides = plan_reading(s, number)
    s.say("villain.turn", lambda: f"Master Plan card: {card.title}.")
    steps: list[tuple] = [("villain-move", card.move)]
    if bam:
        steps.append(("bam",))
    if any(sides):
        steps.append(("tokens", sides))
    if card.special:
        steps.append(("plan-special", number))
    steps.append(("villain-end",))
    later(s, *steps)


def villain_move(s: MarvelState, steps: int) -> None:
    """The villain moves clockwise; the Threat where it stops acts, even after a move of 0.

    [villain.move] [villain.arrive]
    """
    s.villain_at = (s.villain_at + steps) % RING
    s.say(
        "villain.move",
        lambda: (
            f"{s.villain.name} moves {steps} clockwise to {s.place_name(s.villain_at)}."
            if steps
            else f"{s.villain.name} stays at {s.place_name(s.villain_at)} (a move of 0)."
        ),
    )
    threat = s.threat_at(s.villain_at)
    if threat is not None and threat.trigger == "arrive":
        s.say("villain.arrive", lambda: f"{threat.name} acts: the villain is at its location.")
        effects.THREATS[threat.effect].arrive(s, s.villain_at, threat)


def bam(s: MarvelState) -> None:
    """BAM!: the dashboard's BAM, then every Threat's BAM [villain.bam] [villain.threat-bam]."""
    s.say("villain.bam", lambda: "BAM!")
    later(s, ("dashboard", "villain.bam"), ("threat-bams",))


def dashboard(s: MarvelState, rule: str) -> None:
    """The villain dashboard's BAM effect (also after a KO) [villain.bam] [hero.ko-bam]."""
    effects.DASHBOARDS[s.villain.bam](s, rule)


def threat_bams(s: MarvelState) -> None:
    """Each Threat with a BAM acts, in the order the heroes choose or clockwise.

    Several at once: the heroes choose the next one ("the players decide" ties), or with
    bam_order="clockwise" they go clockwise from the villain's location [opt.bam_order].
    """
    order = [(s.villain_at + k) % RING for k in range(RING)]
    waiting = tuple(w for w in order if (t := s.threat_at(w)) is not None and t.trigger == "bam")
    if len(waiting) > 1 and s.options.bam_order == "team":
        ask(s, "bam-order", TEAM, waiting)
        return
    later(s, *(("threat-bam", w) for w in waiting))


def threat_bam(s: MarvelState, where: int) -> None:
    """One Threat's BAM [villain.threat-bam]."""
    threat = s.threat_at(where)
    if threat is not None:
        s.say("villain.threat-bam", lambda: f"{threat.name} at {s.place_name(where)}: BAM!")
        effects.THREATS[threat.effect].bam(s, where, threat)


def place_tokens(s: MarvelState, sides: tuple[str, str, str]) -> None:
    """Tokens at the three locations around the villain, clockwise [villain.tokens].

    The first location is the one counter-clockwise of the villain, then the villain's own,
    then the one clockwise; at each, Thugs first, then Civilians.
    """
    steps = [
        (
            "place",
            (s.villain_at + offset) % RING,
            side.count("T"),
            side.count("C"),
            "villain.tokens",
        )
        for offset, side in zip((-1, 0, 1), sides, strict=True)
        if side
    ]
    later(s, *steps)


def plan_special(s: MarvelState, number: int) -> None:
    """The Master Plan card's Special effect, last [villain.special]."""
    card = s.plan(number)
    s.say("villain.special", lambda: f"Special effect: {card.name}")
    effects.PLANS[card.special](s, number)


def villain_end(s: MarvelState) -> None:
    """The villain turn is over: the plot is checked once more [opt.ultron_check]."""
    check_plot(s)
