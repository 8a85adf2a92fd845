"""3. Start of a round [round.*]: a villain, a Dysfunctional Family card, a lineup.

``start_round`` reveals the next villain [round.villain] and deals the lineup [round.lineup]
(the Villain Attack deck is reshuffled when it runs out [end.reshuffle]
[opt.villain_reshuffle]); ``flip_family`` flips this round's Dysfunctional Family card
[round.family] (what each does is in ``effects.py`` [family.*]). After the last villain comes
the Final Battle, dealt here too [final.lineup] [final.villain] [final.family].
"""

from __future__ import annotations

from umbrella_lab.engine.words import plural
from umbrella_lab.games.academy import effects
from umbrella_lab.games.academy.actions import FINAL_VILLAIN, PENDING
from umbrella_lab.games.academy.state import AcademyState

# --- 3. Start of a round ------------------------------------------------------------------------


def start_round(s: AcademyState) -> None:
    """Reveal a villain, flip a Dysfunctional Family card, deal the lineup [round.*].

    After the last villain comes the Final Battle [final.*].
    """
    s.round += 1
    s.damage_log.append(0)
    s.power_uses = [0] * len(s.heroes)
    s.power_allowance = [1] * len(s.heroes)
    s.boost_card, s.boost_amount, s.blocked_at = -1, 0, -1
    s.responder, s.last_responder, s.turn_open = -1, -1, False
    if s.villains:
        villain = s.villains.pop()  # [round.villain]
        s.faced.append(villain)
        strength = s.options.strength or s.cards.villains[villain].strength
        s.say(
            "round.villain",
            lambda s, villain, strength: (
                f"Round {s.round}: {s.cards.villains[villain].name} (strength {strength}) arrives."
            ),
            s,
            villain,
            strength,
        )
        s.lineup = []  # [round.lineup] one card at a time from the top of the deck
        while len(s.lineup) < strength:
            if not s.villain_deck:  # [end.reshuffle] [opt.villain_reshuffle]
                if not s.villain_discard or not s.options.villain_reshuffle:
                    break
                s.villain_deck, s.villain_discard = s.villain_discard, []
                s._rng().shuffle(s.villain_deck)
                s.say(
                    "end.reshuffle",
                    lambda: (
                        "The Villain Attack deck is empty: its discards are shuffled into a "
                        "new deck."
                    ),
                )
            s.lineup.append(s.villain_deck.pop())
        s.outcomes = [PENDING] * len(s.lineup)
        s.say(
            "round.lineup",
            lambda s: (
                "The lineup, left to right: "
                f"{', '.join(str(s.villain_attack(c)) for c in s.lineup)}."
            ),
            s,
        )
        flip_family(s, "round.family")
    else:
        s.final = True  # [final.lineup]
        pile = s.final_pile
        s.final_pile = []
        s._rng().shuffle(pile)
        villain = s.faced[s._rng().randrange(len(s.faced))]  # [final.villain]
        s.lineup = [FINAL_VILLAIN + villain, *pile]
        s.outcomes = [PENDING] * len(s.lineup)
        s.say(
            "final.lineup",
            lambda pile: (
                f"The Final Battle! {plural(len(pile), 'uncontested card')} from under the Final "
                "Battle card are shuffled into the lineup."
            ),
            pile,
        )
        s.say("final.villain", lambda s: f"{s.villain_label(s.lineup[0])} leads the lineup.", s)
        s.say(
            "final.play",
            lambda: "The Final Battle is played like a round; it ends with the round-end damage.",
        )
        flip_family(s, "final.family")


def flip_family(s: AcademyState, rule: str) -> None:
    """Flip this round's Dysfunctional Family card and follow it [round.family] [family.*].

    What each card does is in ``effects.FAMILY``. There is no family deck in solo
    [solo.no-family].
    """
    s.family = -1
    if s.solo:
        return
    if not s.family_deck:
        s.family_deck, s.family_discard = s.family_discard, []
        s._rng().shuffle(s.family_deck)
    if not s.family_deck:
        return
    s.family = s.family_deck.pop()
    s.family_discard.append(s.family)
    card = s.cards.family[s.family]
    follow = effects.FAMILY[card.effect]
    s.say(rule, lambda card: f"Dysfunctional Family card: {card.name}.", card)
    s.say(follow.rule, str, card.text)  # the card takes effect [family.*]
    follow(s, card)
