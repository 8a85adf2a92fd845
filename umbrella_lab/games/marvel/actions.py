"""Marvel United: the table actions that the rules and the effects share.

Placing tokens, hitting a Thug, giving Crisis tokens, hurting a hero, putting steps in line or
asking the heroes a choice: the rules do these (the villain turn, an Attack) and so do the
effects of the cards (a Threat's BAM!, a hero's Special). They live here, below both, in the
rulebook's order (sections 5 to 7, and the parts of the steps and of the hero turn that the
effects use), so the rules (``rules/``) import ``effects.py`` and each imports this module, never
the other way round; this module imports only the table (``state.py``) and the card data below
it.

Some actions set off card text themselves (tokens that find no slot set off the villain's
Overflow; a Threat says how much damage a Thug needs): they look it up in the tables of
``state.py`` (``OVERFLOWS``, ``PLOTS``, ``THREATS``, ``SPECIALS``), which ``effects.py`` fills
(:func:`umbrella_lab.engine.effects.effect`).

>>> import umbrella_lab as ul
>>> s = ul.load("marvel", players=2, heroes=("hulk", "wasp")).new(seed=3)
>>> s.free(3), s.thugs[3]
(1, 1)
>>> place(s, 3, 1, 0, "villain.tokens")
>>> s.thugs[3], s.events[-1].text
(2, '1 Thug at NYPD HQ.')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from umbrella_lab.engine.core import Result
from umbrella_lab.engine.words import plural
from umbrella_lab.games.marvel.cards import SYMBOL_NAMES
from umbrella_lab.games.marvel.state import (
    OVERFLOWS,
    PLAN,
    PLOTS,
    RING,
    SPECIALS,
    THREATS,
    MarvelState,
)

if TYPE_CHECKING:
    from umbrella_lab.games.marvel.cards import Threat

# --- 1. The table ------------------------------------------------------------------------------

TARGETS = ("thug", "henchman", "villain", "crisis")
"""What an Attack may hit [turn.attack]; ``crisis``: a Crisis token, where a dashboard allows."""
THUG, HENCHMAN, VILLAIN, CRISIS = range(4)


# --- 3. How the rules run: steps and decisions --------------------------------------------------


def later(s: MarvelState, *steps: tuple) -> None:
    """Put steps in line to run next, in the order given."""
    s.todo.extend(reversed(steps))


def ask(s: MarvelState, name: str, chooser: int, *data: Any) -> None:
    """Wait for a decision: ``name`` is the kind of choice, ``chooser`` the deciding seat.

    In the solo mode the one player decides everything [solo.you].
    """
    s.ask = (name, 0 if len(s.hands) == 1 else chooser, *data)


def finish(s: MarvelState, winners: bool, rule: str, reason: str) -> None:
    """End the game: the heroes win together or lose together [end.*]."""
    if s.outcome is not None:
        return
    seats = tuple(range(len(s.hands))) if winners else ()
    s.outcome = Result(seats, reason, rule)
    s.step, s.ask = "", None
    s.say(rule, lambda: reason)


# --- 5. Tokens, Overflow and missions -----------------------------------------------------------


def place(s: MarvelState, where: int, thugs: int, civilians: int, rule: str) -> None:
    """Put Thugs, then Civilians, in the empty slots of a location [villain.tokens].

    Tokens that find no slot go to the villain's Overflow [villain.overflow]; the supply of
    tokens never runs out [extra.unlimited].
    """
    put_thugs = min(thugs, s.free(where))
    s.thugs[where] += put_thugs
    put_civilians = min(civilians, s.free(where))
    s.civilians[where] += put_civilians
    if put_thugs or put_civilians:
        s.say(rule, lambda: f"{_tokens(put_thugs, put_civilians)} at {s.place_name(where)}.")
    left_thugs, left_civilians = thugs - put_thugs, civilians - put_civilians
    if s.options.ultron_check == "every-token":
        check_plot(s)
    if left_thugs or left_civilians:
        s.say(
            "villain.overflow",
            lambda: (
                f"{s.place_name(where)} is full: "
                f"{_tokens(left_thugs, left_civilians)} cannot be placed."
            ),
        )
        OVERFLOWS[s.villain.overflow](s, where, left_thugs, left_civilians)


def _tokens(thugs: int, civilians: int) -> str:
    words = []
    if thugs:
        words.append(f"{thugs} Thug{'s' if thugs > 1 else ''}")
    if civilians:
        words.append(f"{civilians} Civilian{'s' if civilians > 1 else ''}")
    return " and ".join(words) or "no tokens"


def check_plot(s: MarvelState) -> None:
    """The Villainous Plot: its condition met, the heroes lose [end.plot]."""
    plot = s.villain.plot
    if plot and s.outcome is None:
        reason = PLOTS[plot](s)
        if reason:
            s.say(
                PLOTS[plot].rule,  # [plot.*]
                lambda: f"The Villainous Plot on {s.villain.name}'s dashboard comes true.",
            )
            finish(s, False, "end.plot", reason)


def raise_track(s: MarvelState, amount: int, rule: str) -> None:
    """Move the dashboard's track up (Red Skull's Fear) and check the plot [plot.fear-track]."""
    if amount <= 0 or not s.villain.track:
        return
    s.track = min(s.track + amount, s.villain.track)
    s.say(rule, lambda: f"The track rises by {amount} to {s.track} of {s.villain.track}.")
    check_plot(s)


def to_mission(s: MarvelState, counts: str, rule: str) -> None:
    """A rescued Civilian, a defeated Thug or a Threat token goes on its mission.

    A token beyond a full (complete) mission is discarded [mission.overflow].
    """
    index = next(i for i, m in enumerate(s.cards.missions) if m.counts == counts)
    mission = s.cards.missions[index]
    if s.done[index]:
        s.say("mission.overflow", lambda: f"{mission.name} is complete: the token is discarded.")
        return
    s.progress[index] += 1
    s.say(rule, lambda: f"{mission.name}: {s.progress[index]} of {mission.size}.")
    if s.progress[index] == mission.size:
        complete_mission(s, index)


def complete_mission(s: MarvelState, index: int) -> None:
    """A mission is complete; its tokens go back to the supply [mission.complete].

    The first puts the villain Under Pressure [turn.pressure], the second lets the heroes
    damage the villain [mission.vulnerable], the third lets every hero draw 1 card
    [mission.third].
    """
    s.done[index] = True
    done = s.missions_done
    s.say("mission.complete", lambda: f"Mission complete: {s.cards.missions[index].name}!")
    if done == 1 and s.options.pressure == "at-once":
        s.pressure = True
        s.say(
            "turn.pressure",
            lambda: (
                "The villain is Under Pressure: a Master Plan card now follows every 2 hero cards."
            ),
        )
    elif done == 2:
        s.vulnerable = s.options.vulnerable_at == "at-once"
        s.say(
            "mission.vulnerable",
            lambda: (
                "Two missions are complete: the heroes may damage the villain"
                + (" now." if s.vulnerable else " from the next hero turn on [opt.vulnerable_at].")
            ),
        )
    elif done == 3:
        if len(s.hands) == 1:
            count = s.options.solo_third_draw
            drawn = draw(s, 0, count)
            s.say("solo.third", lambda: f"Third mission: you draw {plural(drawn, 'card')}.")
        else:
            for hero in range(len(s.heroes)):
                if not s.ko[hero]:
                    drawn = draw(s, hero, 1)
                    s.say(
                        "mission.third",
                        lambda hero=hero, drawn=drawn: f"{s.hero_name(hero)} draws {drawn} card.",
                    )


def draw(s: MarvelState, hero: int, count: int) -> int:
    """Draw up to ``count`` cards from a deck; an empty deck gives nothing [turn.draw]."""
    hand, deck = s.hand_of(hero), s.deck_of(hero)
    drawn = min(count, len(deck))
    for _ in range(drawn):
        hand.append(deck.pop())
    return drawn


def draw_to(s: MarvelState, hero: int, size: int) -> int:
    """Draw until the hand holds ``size`` cards (or the deck is empty)."""
    return draw(s, hero, max(0, size - len(s.hand_of(hero))))


# --- 6. Threats ---------------------------------------------------------------------------------


def clear_threat(s: MarvelState, where: int) -> None:
    """A Threat is cleared.

    The card leaves, its location's effect is uncovered, and its Threat token goes to the Clear
    Threats mission [threat.cleared].
    """
    threat = cast("Threat", s.threat_at(where))
    s.threats[where], s.marks[where] = -1, 0
    s.say(
        "threat.cleared",
        lambda: f"{threat.name} is cleared: {s.place_name(where)}'s End of Turn effect is free.",
    )
    to_mission(s, "threat", "mission.clear")


def thug_damage(s: MarvelState, where: int) -> int:
    """The damage a Thug here needs to be defeated: 1, unless a Threat says more."""
    threat = s.threat_at(where)
    return THREATS[threat.effect].thug_damage(threat) if threat else 1


def rescue_heroics(s: MarvelState, where: int) -> int:
    """The Heroic actions a Civilian here needs to be rescued: 1, unless a Threat says more."""
    threat = s.threat_at(where)
    return THREATS[threat.effect].rescue_heroics(threat) if threat else 1


def leave_moves(s: MarvelState, where: int) -> int:
    """The Move actions it takes to leave a location: 1, unless a Threat says more."""
    threat = s.threat_at(where)
    return THREATS[threat.effect].leave_moves(threat) if threat else 1


def hit_thug(s: MarvelState, where: int, rule: str, damage: int = 1) -> None:
    """Damage a Thug: defeated at the damage it needs; else wounded [turn.attack].

    A Thug that needs 2 damage (elite) keeps its first one only to the end of the turn
    [threat.elite-thugs] [opt.elite_same_turn]. A wounded Thug is finished first.
    """
    need = thug_damage(s, where)
    if s.wounded[where]:
        s.wounded[where] -= 1
        damage += 1
    if damage >= need:
        s.thugs[where] -= 1
        s.say(rule, lambda: f"A Thug at {s.place_name(where)} is defeated.")
        to_mission(s, "thug", "mission.defeat")
    else:
        s.wounded[where] += 1
        s.say(
            "threat.elite-thugs",
            lambda: f"A Thug at {s.place_name(where)} takes 1 damage: it needs {need} in a turn.",
        )


def hit_henchman(s: MarvelState, where: int, damage: int, rule: str) -> None:
    """Take health tokens from a henchman; at 0 it is defeated [threat.henchman]."""
    threat = cast("Threat", s.threat_at(where))
    s.marks[where] += damage
    left = threat.health - s.marks[where]
    s.say(
        "threat.henchman",  # the damage comes by ``rule``, said before
        lambda: f"{threat.name} takes {damage} damage: {max(left, 0)} health left.",
    )
    if left <= 0:
        clear_threat(s, where)


def hit_villain(s: MarvelState, damage: int, rule: str) -> None:
    """Take health tokens from the villain; the last one wins the game [end.win]."""
    s.health = max(0, s.health - damage)
    s.say(rule, lambda: f"{s.villain.name} takes {damage} damage: {s.health} health left.")
    if s.health == 0:
        finish(s, True, "end.win", f"{s.villain.name} is defeated: the heroes win!")


def rescue(s: MarvelState, where: int, rule: str) -> None:
    """Rescue a Civilian: it goes to the Rescue Civilians mission [mission.rescue]."""
    s.civilians[where] -= 1
    s.say(rule, lambda: f"A Civilian at {s.place_name(where)} is rescued.")
    to_mission(s, "civilian", "mission.rescue")


def discard_tokens(s: MarvelState, where: int, thugs: int, civilians: int) -> None:
    """Return tokens to the supply: a discard never counts for a mission [mission.discard]."""
    s.thugs[where] -= thugs
    s.civilians[where] -= civilians
    s.wounded[where] = min(s.wounded[where], s.thugs[where])
    if not s.civilians[where]:
        s.primed[where] = 0
    if thugs or civilians:
        s.say(
            "mission.discard",
            lambda: f"{_tokens(thugs, civilians)} at {s.place_name(where)} discarded (no mission).",
        )


def give_crisis(s: MarvelState, hero: int, count: int, rule: str) -> None:
    """A hero takes Crisis tokens [extra.crisis]; a KO'd hero is ignored [hero.ko]."""
    if s.ko[hero] or count <= 0:
        return
    s.crisis[hero] += count
    s.say(
        rule,
        lambda: (
            f"{s.hero_name(hero)} takes {plural(count, 'Crisis token')}: {s.crisis[hero]} in all."
        ),
    )


# --- 7. Damage and KO ---------------------------------------------------------------------------


def hurt(s: MarvelState, hero: int, damage: int, rule: str) -> None:
    """A hero takes damage: one card from hand to the bottom of the deck for each [hero.damage].

    A KO'd hero is ignored [hero.ko]; an Invulnerable hero takes none [extra.invulnerable]. The
    damage is said with the rule that deals it; each card lost with hero.damage (the rule of
    the rest of the damage, one card at a time). The hero chooses the card; a hero whose hand is
    already empty is KO'd.
    """
    if damage <= 0 or s.ko[hero] or s.outcome is not None:
        return
    if s.shield[hero]:
        s.say("extra.invulnerable", lambda: f"{s.hero_name(hero)} is Invulnerable: no damage.")
        return
    if rule != "hero.damage":  # the damage as the rule that deals it says it
        s.say(rule, lambda: f"{s.hero_name(hero)} takes {damage} damage.")
    hand = s.hand_of(hero)
    if not hand:
        knock_out(s, hero)
        return
    if damage > 1:
        later(s, ("hurt", hero, damage - 1, "hero.damage"))
    if len(hand) == 1:
        lose_card(s, hero, hand[0], "hero.damage")
    else:
        ask(s, "lose", s.seat_of(hero), hero, "hero.damage")


def lose_card(s: MarvelState, hero: int, card: int, rule: str) -> None:
    """One card lost to damage: to the bottom of the deck; the last card KOs [hero.damage]."""
    hand = s.hand_of(hero)
    hand.remove(card)
    s.deck_of(hero).insert(0, card)
    s.under[s.deck_index(hero)] += 1
    s.say(
        rule,
        lambda: f"{s.hero_name(hero)} puts {card_words(s, card)} under the deck (1 damage).",
    )
    if not hand:
        knock_out(s, hero)


def knock_out(s: MarvelState, hero: int) -> None:
    """KO: the hero is laid down and ignored by every effect.

    The dashboard BAM follows at once, before anything else [hero.ko] [hero.ko-bam]. Solo: a KO
    loses the game [end.solo-ko].
    """
    s.ko[hero], s.shield[hero] = True, False
    s.say("hero.ko", lambda: f"{s.hero_name(hero)} is KO'd!")
    if len(s.hands) == 1:
        finish(s, False, "end.solo-ko", f"{s.hero_name(hero)} is KO'd: in solo, you lose.")
        return
    s.say("hero.ko-bam", lambda: f"{s.villain.name}'s dashboard BAM resolves at once.")
    later(s, ("dashboard", "hero.ko-bam"))


# --- 8. The hero turn: symbols and attacks ------------------------------------------------------


def previous_hero_card(s: MarvelState, before: int) -> int:
    """The last hero card in the Storyline before position ``before``, or -1 [turn.symbols].

    Master Plan cards in between do not matter; in solo it may be the same hero's card.
    """
    for entry in reversed(s.storyline[:before]):
        if entry < PLAN:
            return entry
    return -1


def add_symbols(s: MarvelState, card: int, sign: int = 1) -> None:
    """Add a card's bottom symbols to this turn's symbols (or take them away, never below 0)."""
    if card < 0:
        return
    for kind, count in enumerate(s.card(card).counts):
        s.pool[kind] = max(0, s.pool[kind] + sign * count)


def symbols_words(pool: list[int]) -> str:
    """Action symbols in words: ``"2 Move, 1 Attack"``."""
    words = [f"{n} {SYMBOL_NAMES[k]}" for k, n in enumerate(pool) if n]
    return ", ".join(words) or "none"


def attack_targets(s: MarvelState, where: int) -> list[int]:
    """What an Attack may hit at a location [turn.attack]."""
    targets = []
    if s.thugs[where]:
        targets.append(THUG)
    threat = s.threat_at(where)
    if threat is not None and threat.henchman:
        targets.append(HENCHMAN)
    if s.villain_at == where and s.villain_open():
        targets.append(VILLAIN)
    if s.crisis_at[where] and s.crisis_clearable(where):
        targets.append(CRISIS)
    return targets


def strike(s: MarvelState, where: int, target: int, damage: int, rule: str) -> None:
    """Deal damage to one target at a location [turn.attack]."""
    if target == THUG:
        hit_thug(s, where, rule, damage)
    elif target == HENCHMAN:
        hit_henchman(s, where, damage, rule)
    elif target == VILLAIN:
        hit_villain(s, damage, rule)
    else:
        s.crisis_at[where] -= 1
        s.say(rule, lambda: f"A Crisis token at {s.place_name(where)} is discarded.")


def target_words(s: MarvelState, where: int, target: int) -> str:
    """An attack's target in words."""
    if target == HENCHMAN:
        return cast("Threat", s.threat_at(where)).name
    if target == VILLAIN:
        return s.villain.name
    return "a Thug" if target == THUG else "a Crisis token"


# --- the words of cards, heroes and places in ids ------------------------------------------------


def card_words(s: MarvelState, card: int) -> str:
    """A hero card in words: ``"Hulk AA"`` or ``"Hulk M + Hulk Smash"``."""
    design = s.card(card)
    symbols = design.symbols or "no symbols"
    special = f" + {SPECIALS[design.special].title}" if design.special else ""
    return f"{s.cards.hero(design.hero).name} {symbols}{special}"


def card_id(s: MarvelState, card: int) -> str:
    """A hero card by its data id."""
    return s.cards.hero_cards[card].id if 0 <= card < len(s.cards.hero_cards) else str(card)


def card_number(s: MarvelState, name: str) -> int:
    """The hero card with this id; ``ValueError`` if there is none."""
    for number, card in enumerate(s.cards.hero_cards):
        if card.id == name:
            return number
    msg = f"there is no hero card {name!r}"
    raise ValueError(msg)


def hero_id(s: MarvelState, hero: int) -> str:
    """A hero by its data id."""
    return s.heroes[hero] if 0 <= hero < len(s.heroes) else str(hero)


def hero_number(s: MarvelState, name: str) -> int:
    """The hero in this game with this id."""
    if name in s.heroes:
        return s.heroes.index(name)
    msg = f"{name!r} is not a hero of this game; they are {', '.join(s.heroes)}"
    raise ValueError(msg)


def place_id(s: MarvelState, where: int) -> str:
    """A location by its data id."""
    return s.cards.locations[s.places[where]].id if 0 <= where < RING else str(where)


def place_number(s: MarvelState, name: str) -> int:
    """The location of this game with this id."""
    for where in range(RING):
        if place_id(s, where) == name:
            return where
    here = ", ".join(place_id(s, where) for where in range(RING))
    msg = f"{name!r} is not one of this game's six locations ({here}) [setup.locations]"
    raise ValueError(msg)
