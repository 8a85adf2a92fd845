"""Marvel United: the effects that the card data names, one small unit each.

The data files never hold code; they name an effect, and this module holds one entry for each
name, in a table keyed by that name:

* ``DASHBOARDS``: a villain's BAM! (``bam`` in ``data/villains.toml``) [dash.*];
* ``OVERFLOWS``: what a token that finds no slot does (``overflow``) [overflow.*];
* ``PLOTS``: the Villainous Plot that makes the heroes lose (``plot``) [plot.*];
* ``GUARDS``: a dashboard rule that protects the villain (``guard``) [dash.crisis-guard],
  declared with the table (``state.py``), which reads it;
* ``PLANS``: a Master Plan card's Special (``special`` in ``data/plans.toml``) [plan.*];
* ``THREATS``: a Threat card (``effect`` in ``data/threats.toml``) [threat.*];
* ``SPECIALS``: a hero card's Special (``special`` in ``data/heroes.toml``) [special.*];
* ``LOCATIONS``: a location's End of Turn effect (``effect`` in ``data/locations.toml``)
  [place.*];
* ``ASKS``: the choices these effects leave to the heroes (the move ``rules.Choose``),
  declared with the table (``state.py``): each is a step the table may wait at.

Each table is a :class:`~umbrella_lab.engine.effects.Table`, filled by the decorator
:func:`~umbrella_lab.engine.effects.effect`, which keeps the rule id on the effect. An effect with
several parts or a choice is a small class (the table holds one instance). Rule ids in brackets
point into the rule digest ``digest.md`` (next to this file). The effects are written with the
table actions the rules use too (``actions.hurt``, ``actions.place``...); this module never
imports the rules, and imports the table (``state.py``) for its type and its two tables.

>>> sorted(THREATS)[:4]
['bob', 'brainwashing', 'duplication', 'elite-thugs']
>>> len(SPECIALS), len(LOCATIONS), len(PLANS)
(12, 8, 7)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from umbrella_lab.engine.core import TEAM
from umbrella_lab.engine.effects import Table, effect
from umbrella_lab.engine.words import plural
from umbrella_lab.games.marvel import actions
from umbrella_lab.games.marvel.cards import ATTACK, MOVE, SYMBOL_NAMES, WILD
from umbrella_lab.games.marvel.state import (
    ASKS,
    GUARDS,
    OVERFLOWS,
    PLOTS,
    SPECIALS,
    THREATS,
    MarvelState,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from umbrella_lab.games.marvel.cards import Threat

# --- The tables ---------------------------------------------------------------------------------
# OVERFLOWS, PLOTS, THREATS, SPECIALS, GUARDS and ASKS are declared in state.py (the table
# actions below these effects read them: placing a token sets off an Overflow, a Threat says
# what a Thug needs), and filled here like the others.

DASHBOARDS = Table("dashboard", "A villain's BAM!: ``bam(s, rule)`` [dash.*].")
PLANS = Table("plan", "A Master Plan card's Special: ``special(s, number)`` [plan.*].")
LOCATIONS = Table(
    "location",
    "A location's End of Turn effect: ``usable(s, hero)`` and ``use(s, hero)`` [place.*].",
)
STEPS = Table(
    "step",
    "Steps the effects put in line (``actions.later``), besides the rules' own ``rules.STEPS``.",
)

NOBODY = -1
"""The choice of nobody, nothing, or "stop"."""


def damage_steps(s: MarvelState, heroes: list[int], damage: int, rule: str) -> list[tuple]:
    """The steps that deal ``damage`` to each of these heroes [hero.damage].

    In the solo mode each hero present costs its own cards [opt.solo_damage]; with
    ``solo_damage="once"`` the player pays once, whoever stands there.
    """
    if len(s.hands) == 1 and s.options.solo_damage == "once" and heroes:
        heroes = [next((h for h in heroes if not s.shield[h]), heroes[0])]
    return damage_each(s, [(hero, damage) for hero in heroes], rule)


def damage_each(s: MarvelState, hits: list[tuple[int, int]], rule: str) -> list[tuple]:
    """The steps that deal damage to several heroes at once: (hero, damage) each.

    They take it one after the other, in seat order; when the order could matter (a KO, whose
    BAM comes at once, may happen on the way) the heroes choose who goes first [extra.ties]
    [opt.ties].
    """
    hits = [(hero, damage) for hero, damage in hits if damage > 0]
    if len(hits) > 1 and order_matters(s, hits):
        return [("damage-order", tuple(hits), rule)]
    return [("hurt", hero, damage, rule) for hero, damage in hits]


def order_matters(s: MarvelState, hits: list[tuple[int, int]] | tuple) -> bool:
    """True when the heroes should choose who takes damage first: a KO could come on the way."""
    if len(s.hands) == 1 or s.options.ties != "team":
        return False
    able = [(h, n) for h, n in hits if not s.ko[h] and not s.shield[h]]
    return len(able) > 1 and any(len(s.hand_of(h)) <= n for h, n in able)


@effect(STEPS, "damage-order")
def damage_order(s: MarvelState, hits: tuple, rule: str) -> None:
    """Ask the heroes who takes the simultaneous damage next, if it still matters [opt.ties]."""
    hits = tuple((h, n) for h, n in hits if not s.ko[h])
    if len(hits) > 1 and order_matters(s, hits):
        actions.ask(s, "damage-order", TEAM, hits, rule)
    else:
        actions.later(s, *(("hurt", hero, damage, rule) for hero, damage in hits))


def clockwise(s: MarvelState) -> list[int]:
    """The locations clockwise, starting at the villain's."""
    return [(s.villain_at + k) % actions.RING for k in range(actions.RING)]


# --- Dashboards: the villain's BAM! [dash.*] ----------------------------------------------------


@effect(DASHBOARDS, "red-skull-bam", rule="dash.red-skull")
def red_skull_bam(s: MarvelState, rule: str) -> None:
    """1 damage to each hero at Red Skull's location.

    Fear +2, even with nobody there [dash.red-skull].
    """
    heroes = s.standing(s.villain_at)
    actions.later(s, *damage_steps(s, heroes, 1, "dash.red-skull"), ("track", 2, "dash.red-skull"))


@effect(DASHBOARDS, "ultron-bam", rule="dash.ultron")
def ultron_bam(s: MarvelState, rule: str) -> None:
    """3 Thugs at Ultron's location, then 1 damage to each hero there [dash.ultron]."""
    actions.later(
        s,
        ("place", s.villain_at, 3, 0, "dash.ultron"),
        ("hurt-here", 1, "dash.ultron"),
    )


@effect(DASHBOARDS, "taskmaster-bam", rule="dash.taskmaster")
def taskmaster_bam(s: MarvelState, rule: str) -> None:
    """1 damage to each hero at Taskmaster's location.

    Then 1 Crisis token there [dash.taskmaster].
    """
    heroes = s.standing(s.villain_at)
    actions.later(
        s, *damage_steps(s, heroes, 1, "dash.taskmaster"), ("crisis-at", 1, "dash.taskmaster")
    )


@effect(STEPS, "hurt-here")
def hurt_here(s: MarvelState, damage: int, rule: str) -> None:
    """Damage to each hero standing at the villain's location now."""
    actions.later(s, *damage_steps(s, s.standing(s.villain_at), damage, rule))


@effect(STEPS, "track")
def track_step(s: MarvelState, amount: int, rule: str) -> None:
    """The dashboard's track rises (a step, so it comes after the damage before it)."""
    actions.raise_track(s, amount, rule)


@effect(STEPS, "crisis-at")
def crisis_step(s: MarvelState, count: int, rule: str) -> None:
    """Crisis tokens on the villain's location [extra.crisis]."""
    s.crisis_at[s.villain_at] += count
    where = s.villain_at
    s.say(
        rule,
        lambda: f"{plural(count, 'Crisis token')} at {s.place_name(where)}: {s.crisis_at[where]}.",
    )


# --- Overflow: tokens that find no slot [overflow.*] --------------------------------------------


@effect(OVERFLOWS, "fear", rule="overflow.fear")
def fear_overflow(s: MarvelState, where: int, thugs: int, civilians: int) -> None:
    """Each token that cannot be placed moves the Fear Track up 1 [overflow.fear]."""
    actions.raise_track(s, thugs + civilians, "overflow.fear")


@effect(OVERFLOWS, "spill", rule="overflow.spill")
def spill_overflow(s: MarvelState, where: int, thugs: int, civilians: int) -> None:
    """Each token that cannot be placed goes on clockwise to a location with room [overflow.spill].

    When no location has room, the city is full [plot.full-city].

    Each token that cannot be placed goes to the next location clockwise with room [overflow.spill];
    when no location has room, the city is full [plot.full-city].
    """
    for is_thug in [True] * thugs + [False] * civilians:
        target = next(
            ((where + k) % actions.RING for k in range(1, actions.RING) if s.free((where + k) % 6)),
            NOBODY,
        )
        word = "Thug" if is_thug else "Civilian"
        if target == NOBODY:
            s.say("overflow.spill", lambda word=word: f"No location has room for the {word}.")
            if s.options.ultron_check == "every-token":
                actions.check_plot(s)
            return
        if is_thug:
            s.thugs[target] += 1
        else:
            s.civilians[target] += 1
        s.say(
            "overflow.spill",
            lambda word=word, target=target: f"The {word} goes on to {s.place_name(target)}.",
        )
        if s.options.ultron_check == "every-token":
            actions.check_plot(s)
        if s.outcome is not None:
            return


@effect(OVERFLOWS, "crisis", rule="overflow.crisis")
def crisis_overflow(s: MarvelState, where: int, thugs: int, civilians: int) -> None:
    """A Crisis token at the full location instead.

    Once a location, however many tokens [overflow.crisis] [opt.overflow_count].
    """
    count = 1 if s.options.overflow_count == "per-location" else thugs + civilians
    s.crisis_at[where] += count
    s.say(
        "overflow.crisis",
        lambda: (
            f"{plural(count, 'Crisis token')} at {s.place_name(where)} instead: "
            f"{s.crisis_at[where]}."
        ),
    )


# --- Plots: how the villain wins [plot.*] -------------------------------------------------------


@effect(PLOTS, "fear-track", rule="plot.fear-track")
def fear_plot(s: MarvelState) -> str:
    """The Fear Track reaches its last space (20) [plot.fear-track]."""
    if s.track >= s.villain.track:
        return f"The Fear Track reaches {s.track}: {s.villain.name}'s plot succeeds."
    return ""


@effect(PLOTS, "full-city", rule="plot.full-city")
def full_city_plot(s: MarvelState) -> str:
    """Every slot of every location holds a Thug or a Civilian [plot.full-city]."""
    if all(s.free(where) == 0 for where in range(actions.RING)):
        return f"Every location is full: {s.villain.name}'s plot succeeds."
    return ""


# --- Guards: dashboard rules that protect the villain [dash.crisis-guard] -----------------------


@effect(GUARDS, "crisis-guard", rule="dash.crisis-guard")
class CrisisGuard:
    """No damage to the villain while any location holds a Crisis token.

    An Attack or a Heroic action discards a Crisis token from a location without Thugs or Civilians
    [dash.crisis-guard].
    """

    def protects(self, s: MarvelState) -> bool:
        """True while a Crisis token lies on any location."""
        return any(s.crisis_at)

    def clearable(self, s: MarvelState, where: int) -> bool:
        """True where a Crisis token may be discarded by an action."""
        return s.crisis_at[where] > 0 and not s.thugs[where] and not s.civilians[where]


# --- Master Plan Specials [plan.*] --------------------------------------------------------------


@effect(PLANS, "hail-hydra", rule="plan.hail-hydra")
def hail_hydra(s: MarvelState, number: int) -> None:
    """At each location with heroes and Civilians.

    The Civilians are discarded, each hero there takes 1 damage; Fear rises by the Civilians
    discarded [plan.hail-hydra].
    """
    hits: list[tuple[int, int]] = []
    total = 0
    for where in clockwise(s):
        heroes = s.standing(where)
        if heroes and s.civilians[where]:
            count = s.civilians[where]
            total += count
            s.say(
                "plan.hail-hydra",
                lambda where=where, count=count: (
                    f"Hail Hydra! at {s.place_name(where)}: "
                    f"{plural(count, 'Civilian')} lost, 1 damage to each hero there."
                ),
            )
            actions.discard_tokens(s, where, 0, count)
            hits += [(hero, 1) for hero in heroes]
    if not total:
        s.say("plan.hail-hydra", lambda: "No location holds both heroes and Civilians.")
    steps = damage_steps(s, [h for h, _ in hits], 1, "plan.hail-hydra")
    actions.later(s, *steps, ("track", total, "plan.hail-hydra"))


@effect(PLANS, "hydra-insurgency", rule="plan.hydra-insurgency")
def hydra_insurgency(s: MarvelState, number: int) -> None:
    """Fear rises by 1 for each Crisis token the heroes hold [plan.hydra-insurgency]."""
    total = sum(s.crisis[h] for h in range(len(s.heroes)) if not s.ko[h])
    s.say("plan.hydra-insurgency", lambda: f"The heroes hold {plural(total, 'Crisis token')}.")
    actions.raise_track(s, total, "plan.hydra-insurgency")


@effect(PLANS, "encephalo-ray", rule="plan.encephalo-ray")
def encephalo_ray(s: MarvelState, number: int) -> None:
    """Each hero takes 1 damage per Crisis token held.

    Then one hero of the heroes' choice takes 1 Crisis token [plan.encephalo-ray].
    """
    hits = [(h, s.crisis[h]) for h in range(len(s.heroes)) if s.crisis[h] and not s.ko[h]]
    actions.later(s, *damage_each(s, hits, "plan.encephalo-ray"), ("encephalo",))


@effect(STEPS, "encephalo")
def encephalo_choice(s: MarvelState) -> None:
    """The heroes choose who takes the Crisis token of the Encephalo-Ray [plan.encephalo-ray]."""
    if any(not ko for ko in s.ko):
        actions.ask(s, "encephalo", TEAM)


@effect(PLANS, "mesmerize", rule="plan.mesmerize")
def mesmerize(s: MarvelState, number: int) -> None:
    """Each hero at Ultron's location or next to it takes 1 Crisis.

    1 Thug at each location without heroes [plan.mesmerize] [opt.mesmerize_thugs].
    """
    near = [(s.villain_at + k) % actions.RING for k in (-1, 0, 1)]
    s.say(
        "plan.mesmerize",
        lambda: (
            f"Heroes at or next to {s.villain.name}'s location: "
            + (", ".join(s.hero_name(h) for w in near for h in s.standing(w)) or "none")
            + "."
        ),
    )
    for where in near:
        for hero in s.standing(where):
            actions.give_crisis(s, hero, 1, "plan.mesmerize")
    places = near if s.options.mesmerize_thugs == "near" else clockwise(s)
    actions.later(s, *(("place", w, 1, 0, "plan.mesmerize") for w in places if not s.standing(w)))


def last_two_symbols(s: MarvelState, symbol: int) -> int:
    """How many of a symbol the last 2 hero cards in the Storyline show (bottoms only)."""
    cards = [entry for entry in s.storyline if entry < actions.PLAN][-2:]
    return sum(s.card(card).counts[symbol] for card in cards)


@effect(PLANS, "copycat-attack", rule="plan.copycat-attack")
def copycat_attack(s: MarvelState, number: int) -> None:
    """A Thug at Taskmaster's location per Attack on the last 2 hero cards [plan.copycat-attack].

    A Thug at Taskmaster's location for each Attack symbol on the last 2 hero cards [plan.copycat-
    attack].
    """
    count = last_two_symbols(s, ATTACK)
    s.say("plan.copycat-attack", lambda: f"Taskmaster copies {plural(count, 'Attack symbol')}.")
    if count:
        actions.later(s, ("place", s.villain_at, count, 0, "plan.copycat-attack"))


@effect(PLANS, "copycat-heroic", rule="plan.copycat-heroic")
def copycat_heroic(s: MarvelState, number: int) -> None:
    """A Civilian at his location per Heroic on the last 2 hero cards [plan.copycat-heroic].

    A Civilian at Taskmaster's location for each Heroic symbol on the last 2 hero cards
    [plan.copycat-heroic].
    """
    count = last_two_symbols(s, 2)
    s.say("plan.copycat-heroic", lambda: f"Taskmaster copies {plural(count, 'Heroic symbol')}.")
    if count:
        actions.later(s, ("place", s.villain_at, 0, count, "plan.copycat-heroic"))


@effect(PLANS, "dark-schemes", rule="plan.dark-schemes")
def dark_schemes(s: MarvelState, number: int) -> None:
    """A Crisis token at Taskmaster's location if no hero is there [plan.dark-schemes]."""
    if s.standing(s.villain_at):
        s.say("plan.dark-schemes", lambda: "A hero stands with Taskmaster: no Crisis token.")
    else:
        crisis_step(s, 1, "plan.dark-schemes")


# --- Threats [threat.*] -------------------------------------------------------------------------


class ThreatEffect:
    """What a Threat card does while it covers its location; by default nothing.

    ``arrive`` acts when the villain ends its move there, ``bam`` on a BAM!, ``start`` when a
    hero starts a turn there; the other three are lasting rules of the location.
    """

    rule = ""

    def arrive(self, s: MarvelState, where: int, threat: Threat) -> None:
        """The villain ends its move here (even a move of 0) [villain.arrive]."""

    def bam(self, s: MarvelState, where: int, threat: Threat) -> None:
        """A Master Plan card shows BAM! [villain.threat-bam]."""

    def start(self, s: MarvelState, where: int, threat: Threat, hero: int) -> None:
        """A hero starts a turn here."""

    def thug_damage(self, threat: Threat) -> int:
        """The damage a Thug here needs."""
        return 1

    def rescue_heroics(self, threat: Threat) -> int:
        """The Heroic actions a Civilian here needs."""
        return 1

    def leave_moves(self, threat: Threat) -> int:
        """The Move actions it takes to leave here."""
        return 1


@effect(THREATS, "strike-or-crisis", rule="threat.strike-or-crisis")
class StrikeOrCrisis(ThreatEffect):
    """BAM.

    Damage to each hero here, unless one hero, anywhere, takes that many Crisis tokens (Crossbones
    2, Madame Hydra 1) [threat.strike-or-crisis].
    """

    def bam(self, s: MarvelState, where: int, threat: Threat) -> None:
        if not s.standing(where):
            s.say(self.rule, lambda: f"No hero stands at {s.place_name(where)}.")
            return
        actions.ask(s, "cancel", TEAM, where, threat.amount)


@effect(THREATS, "bob", rule="threat.bob")
class Bob(ThreatEffect):
    """A hero who starts a turn here takes 1 Crisis token [threat.bob]."""

    def start(self, s: MarvelState, where: int, threat: Threat, hero: int) -> None:
        actions.give_crisis(s, hero, threat.amount, self.rule)


@effect(THREATS, "elite-thugs", rule="threat.elite-thugs")
class EliteThugs(ThreatEffect):
    """A Thug here needs 2 damage, in the same turn, to be defeated [threat.elite-thugs]."""

    def thug_damage(self, threat: Threat) -> int:
        return threat.amount


@effect(THREATS, "subversion", rule="threat.subversion")
class Subversion(ThreatEffect):
    """The villain arrives.

    Every Thug and Civilian here is discarded, and Fear rises by that many [threat.subversion].
    """

    def arrive(self, s: MarvelState, where: int, threat: Threat) -> None:
        count = s.thugs[where] + s.civilians[where]
        actions.discard_tokens(s, where, s.thugs[where], s.civilians[where])
        s.say(self.rule, lambda: f"Subversion: {plural(count, 'token')} discarded.")
        actions.raise_track(s, count, self.rule)


@effect(THREATS, "brainwashing", rule="threat.brainwashing")
class Brainwashing(ThreatEffect):
    """The villain arrives.

    Each hero here and at the two neighbouring locations takes 1 Crisis token [threat.brainwashing].
    """

    def arrive(self, s: MarvelState, where: int, threat: Threat) -> None:
        for place in ((where - 1) % actions.RING, where, (where + 1) % actions.RING):
            for hero in s.standing(place):
                actions.give_crisis(s, hero, threat.amount, self.rule)


@effect(THREATS, "ultron-clone", rule="threat.ultron-clone")
class UltronClone(ThreatEffect):
    """BAM: 1 Thug here, unless the heroes here each take 1 damage [threat.ultron-clone]."""

    def bam(self, s: MarvelState, where: int, threat: Threat) -> None:
        heroes = s.standing(where)
        if heroes and (s.options.invulnerable_pays or not any(s.shield[h] for h in heroes)):
            actions.ask(s, "prevent", TEAM, where, threat.amount)
        else:
            actions.later(s, ("place", where, threat.amount, 0, self.rule))


@effect(THREATS, "duplication", rule="threat.duplication")
class Duplication(ThreatEffect):
    """The villain arrives: 1 Thug here [threat.duplication]."""

    def arrive(self, s: MarvelState, where: int, threat: Threat) -> None:
        actions.later(s, ("place", where, threat.amount, 0, self.rule))


@effect(THREATS, "ultron-virus", rule="threat.ultron-virus")
class UltronVirus(ThreatEffect):
    """A hero who starts a turn here ignores 1 action symbol of their choice [threat.ultron-virus].

    A hero who starts a turn here ignores 1 action symbol of their choice [threat.ultron-virus].
    """

    def start(self, s: MarvelState, where: int, threat: Threat, hero: int) -> None:
        s.virus = True
        s.say(self.rule, lambda: f"{s.hero_name(hero)} starts at the Ultron Virus: 1 symbol lost.")


@effect(THREATS, "explosive-trap", rule="threat.explosive-trap")
class ExplosiveTrap(ThreatEffect):
    """A Civilian here needs 1 more Heroic action to be rescued [threat.explosive-trap]."""

    def rescue_heroics(self, threat: Threat) -> int:
        return 1 + threat.amount


@effect(THREATS, "entangling-trap", rule="threat.entangling-trap")
class EntanglingTrap(ThreatEffect):
    """Leaving here with Move actions takes 2 of them [threat.entangling-trap]."""

    def leave_moves(self, threat: Threat) -> int:
        return threat.amount


# --- Hero Specials [special.*] ------------------------------------------------------------------


class AskingEffect:
    """An effect a hero uses (a card's Special, a location's): when it may, and what it does.

    One that starts by asking the hero a choice names that ask (``asks``, a name in ``ASKS``)
    and writes no ``use``.
    """

    rule = ""
    asks = ""

    def usable(self, s: MarvelState, hero: int) -> bool:
        """True when using it now would do something."""
        return True

    def use(self, s: MarvelState, hero: int) -> None:
        """Do it (the choices it needs come as ``rules.Choose`` moves): by default, ask ``asks``."""
        if not self.asks:
            raise NotImplementedError
        actions.ask(s, self.asks, s.seat_of(hero), hero)


class SpecialEffect(AskingEffect):
    """A hero card's Special: its title and words, when it may be used, and what it does."""

    title = ""
    words = ""


def receivers(s: MarvelState, hero: int, others: bool) -> list[int]:
    """Heroes who may receive action tokens (``others``: not the giver) [turn.tokens]."""
    return [h for h in range(len(s.heroes)) if not s.ko[h] and not (others and h == hero)]


def give_tokens(s: MarvelState, hero: int, symbol: int, count: int, others: bool, rule: str):
    """Action tokens from the supply, shared out among heroes.

    In solo, to the shared pool ("another player" means you) [solo.you] [opt.solo_tokens].
    """
    if len(s.tokens) == 1:
        s.tokens[0][symbol] += count
        s.say(rule, lambda: f"{plural(count, SYMBOL_NAMES[symbol] + ' token')} to your pool.")
        return
    actions.ask(s, "give", s.seat_of(hero), hero, symbol, count, others, rule)


class GiveTokens(SpecialEffect):
    """Share out action tokens from the supply among any heroes."""

    def __init__(self, rule: str, title: str, symbol: int, count: int, others: bool) -> None:
        self.rule, self.title, self.symbol, self.count, self.others = (
            rule,
            title,
            symbol,
            count,
            others,
        )
        whom = "another hero" if others else "any heroes"
        self.words = f"{plural(count, SYMBOL_NAMES[symbol] + ' token')} to {whom}"

    def usable(self, s: MarvelState, hero: int) -> bool:
        return len(s.tokens) == 1 or bool(receivers(s, hero, self.others))

    def use(self, s: MarvelState, hero: int) -> None:
        give_tokens(s, hero, self.symbol, self.count, self.others, self.rule)


@effect(SPECIALS, "power-recharge", rule="special.power-recharge")
class PowerRecharge(SpecialEffect):
    """Draw until you hold 3 cards [special.power-recharge]."""

    title = "Power Recharge"
    words = "draw up to 3 cards in hand"

    def usable(self, s: MarvelState, hero: int) -> bool:
        return len(s.hand_of(hero)) < 3 and bool(s.deck_of(hero))

    def use(self, s: MarvelState, hero: int) -> None:
        drawn = actions.draw_to(s, hero, 3)
        s.say(self.rule, lambda: f"{s.hero_name(hero)} draws {plural(drawn, 'card')}.")


@effect(SPECIALS, "interrogate", rule="special.interrogate")
class Interrogate(SpecialEffect):
    """Look at the top Master Plan card; you may put it at the bottom [special.interrogate]."""

    title = "Interrogate"
    words = "look at the top Master Plan card, maybe put it at the bottom"

    def usable(self, s: MarvelState, hero: int) -> bool:
        return bool(s.plan_deck)

    def use(self, s: MarvelState, hero: int) -> None:
        actions.ask(s, "interrogate", s.seat_of(hero))


@effect(SPECIALS, "hulk-smash", rule="special.hulk-smash")
class HulkSmash(SpecialEffect):
    """1 damage to everything else at Hulk's location.

    Each Thug, the henchman, the villain if it may be damaged, every other hero; the Civilians there
    are discarded [special.hulk-smash].
    """

    title = "Hulk Smash!"
    words = "1 damage to everything else here, Civilians discarded"

    def usable(self, s: MarvelState, hero: int) -> bool:
        where = s.hero_at[hero]
        threat = s.threat_at(where)
        return bool(
            s.thugs[where]
            or s.civilians[where]
            or (threat is not None and threat.henchman)
            or (s.villain_at == where and s.villain_open())
            or [h for h in s.standing(where) if h != hero]
        )

    def use(self, s: MarvelState, hero: int) -> None:
        where = s.hero_at[hero]
        thugs, wounded = s.thugs[where], s.wounded[where]
        if thugs:
            if actions.thug_damage(s, where) <= 1:
                beaten, s.wounded[where] = thugs, 0
            else:  # the wounded fall; the others take their first damage
                beaten, s.wounded[where] = wounded, thugs - wounded
            s.thugs[where] -= beaten
            left = s.thugs[where]
            s.say(self.rule, lambda: f"{plural(beaten, 'Thug')} defeated, {left} left wounded.")
            for _ in range(beaten):
                actions.to_mission(s, "thug", "mission.defeat")
        threat = s.threat_at(where)
        if threat is not None and threat.henchman:
            actions.hit_henchman(s, where, 1, self.rule)
        if s.villain_at == where and s.villain_open() and s.outcome is None:
            actions.hit_villain(s, 1, self.rule)
        actions.discard_tokens(s, where, 0, s.civilians[where])
        others = [h for h in s.standing(where) if h != hero]
        actions.later(s, *damage_steps(s, others, 1, self.rule))


@effect(SPECIALS, "photon-blast", rule="special.photon-blast")
class PhotonBlast(SpecialEffect):
    """2 Attacks at one adjacent location [special.photon-blast]."""

    title = "Photon Blast"
    words = "2 Attacks at one adjacent location"
    asks = "photon-where"

    def usable(self, s: MarvelState, hero: int) -> bool:
        return bool(photon_places(s, hero))


def photon_places(s: MarvelState, hero: int) -> list[int]:
    """Adjacent locations with something to attack."""
    here = s.hero_at[hero]
    places = ((here - 1) % actions.RING, (here + 1) % actions.RING)
    return [w for w in places if actions.attack_targets(s, w)]


@effect(SPECIALS, "grow", rule="special.grow")
class Grow(SpecialEffect):
    """A Move, then 3 damage to a single target [special.grow]."""

    title = "Grow"
    words = "a Move, then 3 damage to one target"
    asks = "grow-move"


@effect(SPECIALS, "quantum-leap", rule="special.quantum-leap")
class QuantumLeap(SpecialEffect):
    """Swap this card with one of your cards in the Storyline.

    That card counts as the one you played this turn (its symbols and its Special) [special.quantum-
    leap].
    """

    title = "Quantum Leap"
    words = "swap with one of your Storyline cards, which counts as played"
    asks = "leap"

    def usable(self, s: MarvelState, hero: int) -> bool:
        return bool(leap_places(s, hero))


def leap_places(s: MarvelState, hero: int) -> list[int]:
    """Storyline positions of the hero's own earlier cards."""
    last = len(s.storyline) - 1
    return [
        p
        for p, entry in enumerate(s.storyline)
        if entry < actions.PLAN and p != last and s.hero_of(entry) == hero
    ]


@effect(SPECIALS, "shrink", rule="special.shrink")
class Shrink(SpecialEffect):
    """You take no damage until your next turn: an Invulnerable token [special.shrink]."""

    title = "Shrink"
    words = "Invulnerable until your next turn"

    def usable(self, s: MarvelState, hero: int) -> bool:
        return not s.shield[hero]

    def use(self, s: MarvelState, hero: int) -> None:
        s.shield[hero] = True
        s.say(self.rule, lambda: f"{s.hero_name(hero)} takes an Invulnerable token.")


@effect(SPECIALS, "wings", rule="special.wings")
class Wings(SpecialEffect):
    """Move yourself, and any heroes at your location, to any other location [special.wings]."""

    title = "Wings"
    words = "fly with any heroes here to any location"
    asks = "wings-where"


@effect(SPECIALS, "energy-projection", rule="special.energy-projection")
class EnergyProjection(SpecialEffect):
    """Move to any location and Attack there [special.energy-projection]."""

    title = "Energy Projection"
    words = "move to any location and Attack there"
    asks = "projection-where"


effect(SPECIALS, "advanced-combat-analysis")(
    GiveTokens("special.advanced-combat-analysis", "Advanced Combat Analysis", ATTACK, 2, False)
)
effect(SPECIALS, "stark-resources")(
    GiveTokens("special.stark-resources", "Stark Resources", MOVE, 2, False)
)
effect(SPECIALS, "leadership")(GiveTokens("special.leadership", "Leadership", WILD, 1, True))


# --- Locations: End of Turn effects [place.*] ---------------------------------------------------


class LocationEffect(AskingEffect):
    """A location's End of Turn effect: when it would do something, and what it does."""


@effect(LOCATIONS, "draw-to-3", rule="place.draw-to-3")
class DrawToThree(LocationEffect):
    """Draw until you hold 3 cards (in solo too: 3) [place.draw-to-3]."""

    def usable(self, s: MarvelState, hero: int) -> bool:
        return len(s.hand_of(hero)) < 3 and bool(s.deck_of(hero))

    def use(self, s: MarvelState, hero: int) -> None:
        drawn = actions.draw_to(s, hero, 3)
        s.say(self.rule, lambda: f"{s.hero_name(hero)} draws {plural(drawn, 'card')}.")


@effect(LOCATIONS, "tutor", rule="place.tutor")
class Tutor(LocationEffect):
    """Take a card of your choice from your deck, shuffle the deck.

    Put the card on top [place.tutor].
    """

    asks = "tutor"

    def usable(self, s: MarvelState, hero: int) -> bool:
        return bool(s.deck_of(hero))


@effect(LOCATIONS, "swap-storyline", rule="place.swap-storyline")
class SwapStoryline(LocationEffect):
    """Swap a card in hand with one of your cards in the Storyline [place.swap-storyline]."""

    asks = "swap"

    def usable(self, s: MarvelState, hero: int) -> bool:
        return bool(s.hand_of(hero)) and bool(own_cards(s, hero))


def own_cards(s: MarvelState, hero: int) -> list[int]:
    """Storyline positions of a hero's cards."""
    return [p for p, e in enumerate(s.storyline) if e < actions.PLAN and s.hero_of(e) == hero]


@effect(LOCATIONS, "relocate", rule="place.relocate")
class Relocate(LocationEffect):
    """Move up to 2 Thugs or Civilians from here to other locations [place.relocate]."""

    def usable(self, s: MarvelState, hero: int) -> bool:
        return bool(relocations(s, s.hero_at[hero]))

    def use(self, s: MarvelState, hero: int) -> None:
        actions.ask(s, "relocate", s.seat_of(hero), hero, 2)


def relocations(s: MarvelState, where: int) -> list[int]:
    """Token moves from a location: 10 x kind (0 Thug, 1 Civilian) + destination."""
    kinds = [k for k, n in enumerate((s.thugs[where], s.civilians[where])) if n]
    places = [w for w in range(actions.RING) if w != where and s.free(w)]
    return [10 * k + w for k in kinds for w in places]


@effect(LOCATIONS, "crisis-for-card", rule="place.crisis-for-card")
class CrisisForCard(LocationEffect):
    """A card from hand under the deck removes 1 Crisis token anywhere [place.crisis-for-card]."""

    asks = "crisis-for-card"

    def usable(self, s: MarvelState, hero: int) -> bool:
        return bool(s.hand_of(hero)) and bool(crisis_sources(s))


def crisis_sources(s: MarvelState) -> list[int]:
    """Where a Crisis token may be removed: a location (0 to 5) or a hero (10 + hero)."""
    places = [w for w in range(actions.RING) if s.crisis_at[w]]
    return places + [10 + h for h in range(len(s.heroes)) if s.crisis[h] and not s.ko[h]]


@effect(LOCATIONS, "fly", rule="place.fly")
class Fly(LocationEffect):
    """Move to any other location [place.fly]."""

    asks = "fly"


@effect(LOCATIONS, "rescue-here", rule="place.rescue-here")
class RescueHere(LocationEffect):
    """Rescue 1 Civilian here [place.rescue-here]."""

    def usable(self, s: MarvelState, hero: int) -> bool:
        return s.civilians[s.hero_at[hero]] > 0

    def use(self, s: MarvelState, hero: int) -> None:
        actions.rescue(s, s.hero_at[hero], self.rule)


@effect(LOCATIONS, "discard-thug", rule="place.discard-thug")
class DiscardThug(LocationEffect):
    """Discard 1 Thug from any location: it does not count for the mission [place.discard-thug].

    Or defeat 1 Thug here [opt.nypd].
    """

    def usable(self, s: MarvelState, hero: int) -> bool:
        if s.options.nypd == "defeat-here":
            return s.thugs[s.hero_at[hero]] > 0
        return any(s.thugs)

    def use(self, s: MarvelState, hero: int) -> None:
        if s.options.nypd == "defeat-here":
            where = s.hero_at[hero]
            s.thugs[where] -= 1
            s.wounded[where] = min(s.wounded[where], s.thugs[where])
            s.say("opt.nypd", lambda: f"A Thug at {s.place_name(where)} is defeated.")
            actions.to_mission(s, "thug", "mission.defeat")
        else:
            actions.ask(s, "discard-thug", s.seat_of(hero), hero)


# --- Choices left to the heroes (the move rules.Choose) -----------------------------------------
# ``s.ask`` is (name, deciding seat, *data); each entry lists the choices (whole numbers), says
# each in words and as a word for action ids, and does what the chosen one does.


class Ask:
    """One kind of choice an effect leaves to the heroes."""

    rule = ""

    def choices(self, s: MarvelState) -> list[int]:
        """The choices, in a fixed order."""
        raise NotImplementedError

    def words(self, s: MarvelState, choice: int) -> str:
        """A choice in the table's words."""
        return self.name(s, choice)

    def name(self, s: MarvelState, choice: int) -> str:
        """A choice as a word for action ids."""
        return str(choice)

    def take(self, s: MarvelState, pending: tuple, choice: int) -> None:
        """Do what the choice does; ``pending`` is the ask it answers."""
        raise NotImplementedError


def place_word(s: MarvelState, where: int) -> str:
    """A location as its id."""
    return actions.place_id(s, where)


class OneLineAsk(Ask):
    """A choice whose every part is a line: its rule and the parts of :class:`Ask`, as functions.

    ``choices(s)``, ``words(s, choice)``, ``name(s, choice)`` and ``take(s, pending, choice)``;
    registered as an instance: ``effect(ASKS, "encephalo")(OneLineAsk("plan.encephalo-ray", ...))``.
    """

    def __init__(
        self,
        rule: str,
        *,
        choices: Callable[[MarvelState], list[int]],
        words: Callable[[MarvelState, int], str],
        name: Callable[[MarvelState, int], str],
        take: Callable[[MarvelState, tuple, int], None],
    ) -> None:
        self.rule = rule
        vars(self).update(choices=choices, words=words, name=name, take=take)  # (the methods)


def ignore_symbol(s: MarvelState, pending: tuple, symbol: int) -> None:
    """The hero ignores 1 action symbol of the chosen kind this turn [threat.ultron-virus]."""
    s.pool[symbol] -= 1
    s.virus = False
    s.say("threat.ultron-virus", lambda: f"{s.actor()} ignores 1 {SYMBOL_NAMES[symbol]} symbol.")


effect(ASKS, "virus")(  # which action symbol the hero ignores this turn [threat.ultron-virus]
    OneLineAsk(
        "threat.ultron-virus",
        choices=lambda s: [k for k in range(4) if s.pool[k]],
        words=lambda s, k: f"ignore 1 {SYMBOL_NAMES[k]} symbol (Ultron Virus)",
        name=lambda s, k: SYMBOL_NAMES[k].lower(),
        take=ignore_symbol,
    )
)


@effect(ASKS, "bam-order", rule="opt.bam_order")
class BamOrderAsk(Ask):
    """Which Threat's BAM resolves next, when the heroes order them [opt.bam_order]."""

    def choices(self, s: MarvelState) -> list[int]:
        return list(s.ask[2])

    def words(self, s: MarvelState, choice: int) -> str:
        return f"{cast('Threat', s.threat_at(choice)).name} at {s.place_name(choice)} acts next"

    def name(self, s: MarvelState, choice: int) -> str:
        return place_word(s, choice)

    def take(self, s: MarvelState, pending: tuple, choice: int) -> None:
        s.say(
            self.rule,
            lambda: f"The heroes choose: {cast('Threat', s.threat_at(choice)).name} acts next.",
        )
        rest = tuple(w for w in pending[2] if w != choice)
        if len(rest) > 1:
            actions.later(s, ("threat-bam", choice), ("order-bams", rest))
        else:
            actions.later(s, ("threat-bam", choice), *(("threat-bam", w) for w in rest))


@effect(STEPS, "order-bams")
def order_bams(s: MarvelState, waiting: tuple) -> None:
    """Ask again which of the waiting Threat BAMs comes next [opt.bam_order]."""
    waiting = tuple(w for w in waiting if s.threats[w] >= 0)
    if len(waiting) > 1:
        actions.ask(s, "bam-order", TEAM, waiting)
    else:
        actions.later(s, *(("threat-bam", w) for w in waiting))


@effect(ASKS, "damage-order", rule="opt.ties")
class DamageOrderAsk(Ask):
    """Which hero takes the simultaneous damage first, when a KO could come on the way.

    [opt.ties]
    """

    def choices(self, s: MarvelState) -> list[int]:
        return [hero for hero, _ in s.ask[2]]

    def words(self, s: MarvelState, choice: int) -> str:
        damage = dict(s.ask[2])[choice]
        return f"{s.hero_name(choice)} takes {damage} damage first"

    def name(self, s: MarvelState, choice: int) -> str:
        return actions.hero_id(s, choice)

    def take(self, s: MarvelState, pending: tuple, choice: int) -> None:
        hits, rule = pending[2], pending[3]
        damage = dict(hits)[choice]
        s.say(self.rule, lambda: f"The heroes choose: {s.hero_name(choice)} first.")
        rest = tuple((h, n) for h, n in hits if h != choice)
        actions.later(s, ("hurt", choice, damage, rule), ("damage-order", rest, rule))


@effect(ASKS, "cancel", rule="threat.strike-or-crisis")
class CancelAsk(Ask):
    """Who takes the Crisis tokens that stop a Crossbones or Madame Hydra BAM.

    If anyone [threat.strike-or-crisis].
    """

    def choices(self, s: MarvelState) -> list[int]:
        return [NOBODY, *(h for h in range(len(s.heroes)) if not s.ko[h])]

    def words(self, s: MarvelState, choice: int) -> str:
        where, amount = s.ask[2], s.ask[3]
        if choice == NOBODY:
            return f"nobody stops it: {amount} damage to each hero at {s.place_name(where)}"
        return f"{s.hero_name(choice)} takes {plural(amount, 'Crisis token')} to stop the BAM"

    def name(self, s: MarvelState, choice: int) -> str:
        return "nobody" if choice == NOBODY else actions.hero_id(s, choice)

    def take(self, s: MarvelState, pending: tuple, choice: int) -> None:
        where, amount = pending[2], pending[3]
        if choice == NOBODY:
            actions.later(s, *damage_steps(s, s.standing(where), amount, self.rule))
        else:
            actions.give_crisis(s, choice, amount, self.rule)
            s.say(self.rule, lambda: "The BAM is stopped.")


@effect(ASKS, "prevent", rule="threat.ultron-clone")
class PreventAsk(Ask):
    """Whether the heroes at an Ultron Clone each take 1 damage to stop its Thug.

    [threat.ultron-clone] [opt.invulnerable_pays]
    """

    def choices(self, s: MarvelState) -> list[int]:
        return [0, 1]

    def words(self, s: MarvelState, choice: int) -> str:
        where = s.ask[2]
        if choice:
            return f"each hero at {s.place_name(where)} takes 1 damage: no Thug"
        return f"let the Ultron Clone add a Thug at {s.place_name(where)}"

    def name(self, s: MarvelState, choice: int) -> str:
        return "take-damage" if choice else "add-thug"

    def take(self, s: MarvelState, pending: tuple, choice: int) -> None:
        where, amount = pending[2], pending[3]
        if choice:
            s.say(self.rule, lambda: "The heroes take the damage: the Clone adds no Thug.")
            actions.later(s, *damage_steps(s, s.standing(where), 1, self.rule))
        else:
            actions.later(s, ("place", where, amount, 0, self.rule))


effect(ASKS, "encephalo")(  # which hero takes the Encephalo-Ray's Crisis token [plan.encephalo-ray]
    OneLineAsk(
        "plan.encephalo-ray",
        choices=lambda s: [h for h in range(len(s.heroes)) if not s.ko[h]],
        words=lambda s, hero: f"{s.hero_name(hero)} takes the Crisis token",
        name=actions.hero_id,
        take=lambda s, pending, hero: actions.give_crisis(s, hero, 1, "plan.encephalo-ray"),
    )
)


@effect(ASKS, "give", rule="turn.tokens")
class GiveAsk(Ask):
    """Which hero receives the next action token.

    [special.advanced-combat-analysis] [special.stark-resources] [special.leadership]
    """

    def choices(self, s: MarvelState) -> list[int]:
        _, _, hero, _symbol, _count, others, _rule = s.ask
        return receivers(s, hero, others)

    def words(self, s: MarvelState, choice: int) -> str:
        return f"give 1 {SYMBOL_NAMES[s.ask[3]]} token to {s.hero_name(choice)}"

    def name(self, s: MarvelState, choice: int) -> str:
        return actions.hero_id(s, choice)

    def take(self, s: MarvelState, pending: tuple, choice: int) -> None:
        _, seat, hero, symbol, count, others, rule = pending
        s.purse(choice)[symbol] += 1
        s.say(rule, lambda: f"{s.hero_name(choice)} gets 1 {SYMBOL_NAMES[symbol]} token.")
        if count > 1:
            actions.ask(s, "give", seat, hero, symbol, count - 1, others, rule)


@effect(ASKS, "interrogate", rule="special.interrogate")
class InterrogateAsk(Ask):
    """Keep the top Master Plan card there, or put it at the bottom [special.interrogate]."""

    def choices(self, s: MarvelState) -> list[int]:
        return [0, 1]

    def words(self, s: MarvelState, choice: int) -> str:
        title = s.plan(s.plan_deck[-1]).title
        return f"put {title} at the bottom" if choice else f"keep {title} on top"

    def name(self, s: MarvelState, choice: int) -> str:
        return "bottom" if choice else "keep"

    def take(self, s: MarvelState, pending: tuple, choice: int) -> None:
        if choice:
            s.plan_deck.insert(0, s.plan_deck.pop())
            s.under[-1] += 1
        else:
            s.on_top[-1] = s.plan_deck[-1]
        s.say(self.rule, lambda: "The card goes to the bottom." if choice else "It stays on top.")


class WhereAsk(Ask):
    """A location to go to (for an effect that moves a hero)."""

    def __init__(self, rule: str, then: str = "", anywhere: bool = False) -> None:
        self.rule, self.then, self.anywhere = rule, then, anywhere

    def choices(self, s: MarvelState) -> list[int]:
        hero = s.ask[2]
        here = s.hero_at[hero]
        if self.anywhere:
            return list(range(actions.RING))
        return [w for w in range(actions.RING) if w != here]

    def words(self, s: MarvelState, choice: int) -> str:
        if choice == s.hero_at[s.ask[2]]:
            return f"stay at {s.place_name(choice)}"
        return f"go to {s.place_name(choice)}"

    def name(self, s: MarvelState, choice: int) -> str:
        return place_word(s, choice)

    def take(self, s: MarvelState, pending: tuple, choice: int) -> None:
        hero = pending[2]
        origin = s.hero_at[hero]
        s.hero_at[hero] = choice
        if origin != choice:
            s.say(self.rule, lambda: f"{s.hero_name(hero)} goes to {s.place_name(choice)}.")
        if self.then == "wings-who":
            if s.standing(origin):
                actions.ask(s, "wings-who", pending[1], hero, origin, choice)
        elif self.then:
            targets = actions.attack_targets(s, choice)
            if targets:
                actions.ask(s, self.then, pending[1], hero, choice, 1)


@effect(ASKS, "fly")
class FlyAsk(WhereAsk):
    """Where the Helicarrier flies the hero [place.fly]."""

    def __init__(self) -> None:
        super().__init__("place.fly")


@effect(ASKS, "wings-who", rule="special.wings")
class WingsWhoAsk(Ask):
    """Who flies along with Wasp, one at a time, until "nobody else" [special.wings]."""

    def choices(self, s: MarvelState) -> list[int]:
        _, _, _hero, origin, _dest = s.ask
        return [NOBODY, *s.standing(origin)]

    def words(self, s: MarvelState, choice: int) -> str:
        if choice == NOBODY:
            return "nobody else flies along"
        return f"{s.hero_name(choice)} flies along to {s.place_name(s.ask[4])}"

    def name(self, s: MarvelState, choice: int) -> str:
        return "nobody" if choice == NOBODY else actions.hero_id(s, choice)

    def take(self, s: MarvelState, pending: tuple, choice: int) -> None:
        _, seat, hero, origin, dest = pending
        if choice == NOBODY:
            return
        s.hero_at[choice] = dest
        s.say(self.rule, lambda: f"{s.hero_name(choice)} flies along.")
        if s.standing(origin):
            actions.ask(s, "wings-who", seat, hero, origin, dest)


class TargetAsk(Ask):
    """The target of an Attack an effect makes at a location (``damage`` each)."""

    def __init__(self, rule: str, damage: int, again: bool = False) -> None:
        self.rule, self.damage, self.again = rule, damage, again

    def choices(self, s: MarvelState) -> list[int]:
        return actions.attack_targets(s, s.ask[3])

    def words(self, s: MarvelState, choice: int) -> str:
        where = s.ask[3]
        return f"{self.damage} damage to {actions.target_words(s, where, choice)}"

    def name(self, s: MarvelState, choice: int) -> str:
        return actions.TARGETS[choice]

    def take(self, s: MarvelState, pending: tuple, choice: int) -> None:
        _, seat, hero, where, count = pending
        actions.strike(s, where, choice, self.damage, self.rule)
        if self.again and count > 0 and s.outcome is None and actions.attack_targets(s, where):
            actions.ask(s, pending[0], seat, hero, where, count - 1)


effect(
    ASKS, "photon-where"
)(  # which adjacent location the Photon Blast hits [special.photon-blast]
    OneLineAsk(
        "special.photon-blast",
        choices=lambda s: photon_places(s, s.ask[2]),
        words=lambda s, where: f"blast {s.place_name(where)}",
        name=place_word,
        take=lambda s, pending, where: actions.ask(
            s, "photon-target", pending[1], pending[2], where, 1
        ),
    )
)


@effect(ASKS, "grow-move", rule="special.grow")
class GrowMoveAsk(Ask):
    """Where Grow's Move goes: an adjacent location, or stay [special.grow]."""

    def choices(self, s: MarvelState) -> list[int]:
        here = s.hero_at[s.ask[2]]
        if actions.leave_moves(s, here) > 1:
            return [here]
        return [here, (here - 1) % actions.RING, (here + 1) % actions.RING]

    def words(self, s: MarvelState, choice: int) -> str:
        here = s.hero_at[s.ask[2]]
        return (
            f"stay at {s.place_name(choice)}"
            if choice == here
            else f"grow into {s.place_name(choice)}"
        )

    def name(self, s: MarvelState, choice: int) -> str:
        return place_word(s, choice)

    def take(self, s: MarvelState, pending: tuple, choice: int) -> None:
        hero = pending[2]
        if choice != s.hero_at[hero]:
            s.hero_at[hero] = choice
            s.say(self.rule, lambda: f"{s.hero_name(hero)} moves to {s.place_name(choice)}.")
        if actions.attack_targets(s, choice):
            actions.ask(s, "grow-target", pending[1], hero, choice, 0)


@effect(ASKS, "leap", rule="special.quantum-leap")
class LeapAsk(Ask):
    """Which of your Storyline cards Quantum Leap swaps with [special.quantum-leap]."""

    def choices(self, s: MarvelState) -> list[int]:
        return leap_places(s, s.ask[2])

    def words(self, s: MarvelState, choice: int) -> str:
        return (
            f"swap with {actions.card_words(s, s.storyline[choice])} (Storyline card {choice + 1})"
        )

    def name(self, s: MarvelState, choice: int) -> str:
        return actions.card_id(s, s.storyline[choice])

    def take(self, s: MarvelState, pending: tuple, choice: int) -> None:
        last = len(s.storyline) - 1
        leap, card = s.storyline[last], s.storyline[choice]
        previous = actions.previous_hero_card(s, last)
        s.storyline[choice], s.storyline[last] = leap, card
        if previous == card:  # the card leaves the previous place: its symbols go with it
            actions.add_symbols(s, card, -1)
        actions.add_symbols(s, card)
        s.played, s.special = card, bool(s.card(card).special)
        s.say(
            self.rule,
            lambda: (
                f"{actions.card_words(s, card)} now counts as played: actions "
                f"{actions.symbols_words(s.pool)}."
            ),
        )


@effect(ASKS, "tutor", rule="place.tutor")
class TutorAsk(Ask):
    """Which card of your deck goes on top after the shuffle [place.tutor]."""

    def choices(self, s: MarvelState) -> list[int]:
        return sorted(s.deck_of(s.ask[2]))

    def words(self, s: MarvelState, choice: int) -> str:
        return f"put {actions.card_words(s, choice)} [{actions.card_id(s, choice)}] on top"

    def name(self, s: MarvelState, choice: int) -> str:
        return actions.card_id(s, choice)

    def take(self, s: MarvelState, pending: tuple, choice: int) -> None:
        deck = s.deck_of(pending[2])
        deck.remove(choice)
        s._rng().shuffle(deck)
        deck.append(choice)
        index = s.deck_index(pending[2])
        s.under[index], s.on_top[index] = 0, choice
        s.say(self.rule, lambda: "The deck is shuffled; the chosen card is on top.")


@effect(ASKS, "swap", rule="place.swap-storyline")
class SwapAsk(Ask):
    """Which hand card and which of your Storyline cards change places [place.swap-storyline]."""

    def choices(self, s: MarvelState) -> list[int]:
        hero = s.ask[2]
        return [100 * c + p for c in s.hand_of(hero) for p in own_cards(s, hero)]

    def words(self, s: MarvelState, choice: int) -> str:
        card, place = divmod(choice, 100)
        old = s.storyline[place]
        words = f"swap {actions.card_words(s, card)} in hand for {actions.card_words(s, old)}"
        if any(
            other != choice and self._plain(s, other) == self._plain(s, choice)
            for other in self.choices(s)
        ):  # two cards alike (the same symbols): the card ids tell the swaps apart
            words += f" [{self.name(s, choice)}]"
        return words

    @staticmethod
    def _plain(s: MarvelState, choice: int) -> tuple[str, str]:
        card, place = divmod(choice, 100)
        return actions.card_words(s, card), actions.card_words(s, s.storyline[place])

    def name(self, s: MarvelState, choice: int) -> str:
        card, place = divmod(choice, 100)
        return f"{actions.card_id(s, card)}+{actions.card_id(s, s.storyline[place])}"

    def take(self, s: MarvelState, pending: tuple, choice: int) -> None:
        card, place = divmod(choice, 100)
        hand = s.hand_of(pending[2])
        old = s.storyline[place]
        hand.remove(card)
        hand.append(old)
        s.storyline[place] = card
        s.say(self.rule, lambda: f"{actions.card_words(s, old)} goes back to hand.")


@effect(ASKS, "relocate", rule="place.relocate")
class RelocateAsk(Ask):
    """Which token goes where (up to 2), or stop [place.relocate]."""

    def choices(self, s: MarvelState) -> list[int]:
        return [NOBODY, *relocations(s, s.hero_at[s.ask[2]])]

    def words(self, s: MarvelState, choice: int) -> str:
        if choice == NOBODY:
            return "move no more tokens"
        kind, where = divmod(choice, 10)
        return f"move a {('Thug', 'Civilian')[kind]} to {s.place_name(where)}"

    def name(self, s: MarvelState, choice: int) -> str:
        if choice == NOBODY:
            return "stop"
        kind, where = divmod(choice, 10)
        return f"{('thug', 'civilian')[kind]}+{place_word(s, where)}"

    def take(self, s: MarvelState, pending: tuple, choice: int) -> None:
        _, seat, hero, left = pending
        if choice == NOBODY:
            return
        kind, where = divmod(choice, 10)
        here = s.hero_at[hero]
        if kind == 0:
            s.thugs[here] -= 1
            s.wounded[here] = min(s.wounded[here], s.thugs[here])
            s.thugs[where] += 1
        else:
            s.civilians[here] -= 1
            s.primed[here] = 0 if not s.civilians[here] else s.primed[here]
            s.civilians[where] += 1
        s.say(self.rule, lambda: f"A {('Thug', 'Civilian')[kind]} moves to {s.place_name(where)}.")
        if left > 1 and relocations(s, here):
            actions.ask(s, "relocate", seat, hero, left - 1)


@effect(ASKS, "crisis-for-card", rule="place.crisis-for-card")
class CrisisForCardAsk(Ask):
    """Which card goes under the deck, and which Crisis token is removed [place.crisis-for-card]."""

    def choices(self, s: MarvelState) -> list[int]:
        hero = s.ask[2]
        return [100 * c + w for c in s.hand_of(hero) for w in crisis_sources(s)]

    def words(self, s: MarvelState, choice: int) -> str:
        card, source = divmod(choice, 100)
        whose = s.place_name(source) if source < 10 else s.hero_name(source - 10)
        return f"put {actions.card_words(s, card)} under the deck: 1 Crisis off {whose}"

    def name(self, s: MarvelState, choice: int) -> str:
        card, source = divmod(choice, 100)
        whose = place_word(s, source) if source < 10 else actions.hero_id(s, source - 10)
        return f"{actions.card_id(s, card)}+{whose}"

    def take(self, s: MarvelState, pending: tuple, choice: int) -> None:
        card, source = divmod(choice, 100)
        hero = pending[2]
        hand = s.hand_of(hero)
        hand.remove(card)
        s.deck_of(hero).insert(0, card)
        s.under[s.deck_index(hero)] += 1
        if source < 10:
            s.crisis_at[source] -= 1
        else:
            s.crisis[source - 10] -= 1
        s.say(self.rule, lambda: "1 Crisis token is removed.")
        if not hand:
            actions.knock_out(s, hero)


effect(ASKS, "discard-thug")(  # which location loses a Thug (no mission) [place.discard-thug]
    OneLineAsk(
        "place.discard-thug",
        choices=lambda s: [w for w in range(actions.RING) if s.thugs[w]],
        words=lambda s, where: f"discard a Thug at {s.place_name(where)}",
        name=place_word,
        take=lambda s, pending, where: actions.discard_tokens(s, where, 1, 0),
    )
)


effect(ASKS, "photon-target")(TargetAsk("special.photon-blast", 1, again=True))
effect(ASKS, "grow-target")(TargetAsk("special.grow", 3))
effect(ASKS, "wings-where")(WhereAsk("special.wings", then="wings-who"))
effect(ASKS, "projection-where")(
    WhereAsk("special.energy-projection", then="projection-target", anywhere=True)
)
effect(ASKS, "projection-target")(TargetAsk("special.energy-projection", 1))


KNOWN = {
    "special": SPECIALS,
    "dashboard": DASHBOARDS,
    "overflow": OVERFLOWS,
    "plot": PLOTS,
    "guard": GUARDS,
    "plan": PLANS,
    "threat": THREATS,
    "location": LOCATIONS,
}
"""The effect names each kind of data entry may name (checked when the data is loaded)."""
