"""Marvel United: the rules, one module for each step of the turn, in the rulebook's order.

Rule ids in brackets point into the digest ``digest.md`` (in the game's folder); every event in
the log and every refused move names one of them. What a dashboard, a Master Plan card, a
Threat, a Location or a hero card's Special does is named in the data files and written in
``effects.py``. Each module reads top to bottom like its part of the rulebook:

==========================================================  ================================
rulebook section [rule ids]                                 module
==========================================================  ================================
1. Aim [aim], the table: ``MarvelState``, six locations in  ``../state.py``
a ring, the villain, the heroes, the Storyline, the
missions
2. Setup [setup.*] [solo.setup]: ``setup`` deals it all     ``setup.py``
and plays the first villain turn
how the rules run: the villain turn and the end of a hero   ``steps.py``
turn are a list of steps (``s.todo``), worked through by
``run`` until the heroes must decide (``s.ask``)
3. The villain turn [villain.*]: a Master Plan card, the    ``villain_turn.py``
move, BAM!, tokens, the Special
4. The hero turn [turn.*], its frame: who starts, the draw  ``hero_turn.py``
[turn.draw], the end of the turn, the cadence
[turn.cadence], the next seat [turn.order]
how moves name cards, heroes, places, payments and targets  ``naming.py``
4. ``Lead`` (who starts [turn.first]), ``Play`` (a card to  ``play.py``
the Storyline [turn.play] [turn.symbols])
4. paying for an action [turn.tokens] [turn.wild]           ``paying.py``
4. the actions: ``Go`` [turn.move], ``Attack``              ``hero_actions.py``
[turn.attack], ``Heroic`` [turn.heroic], ``Special``
[turn.special]
4. the end of the actions: ``Visit`` (the location's End    ``end_of_turn.py``
of Turn effect [turn.location]) and ``Done`` [turn.done]
5. Missions [mission.*], 6. Threats [threat.*], 7. Damage   ``../actions.py``
and KO [hero.*]: the table actions the rules and the
effects share (place tokens, hit, hurt, give Crisis tokens)
``Lose`` (the card a hero loses to damage [hero.damage])    ``choices.py``
and ``Choose`` (every other choice an effect leaves to the
heroes [extra.ties])
9. The end [end.*]: one win and the losses (``finish``);   ``../actions.py``
the empty Master Plan deck [end.plan-empty] and a hero
without cards [end.no-cards] are found by the turns' steps
==========================================================  ================================

Each kind of move is one class, in the module of the step it is played at: which moves of that
kind are legal, what one does, how it reads and why one is refused, all in one place.
:data:`MOVES` lists them. The modules import in one direction, from the top of this line down,
never in a circle: ``setup``, ``play``, ``hero_actions``, ``end_of_turn``, ``choices``; then
``steps`` and ``paying``; then ``villain_turn``, ``hero_turn`` and ``naming``, which import no
other rules module. Every move ends by calling ``steps.run``, and ``steps`` imports the two
modules whose steps it lists (``villain_turn``, ``hero_turn``); ``setup`` uses ``steps`` (it
plays the first villain turn); the moves name things with ``naming`` and pay with ``paying``,
and ``play`` and ``end_of_turn`` use ``hero_turn`` (a Threat acting at a turn's start, the end
of the actions). The package hands on every name the one module ``rules.py`` did (the move kinds,
``setup``, the helpers the players and views read, the table actions and card names it
imported), so ``from umbrella_lab.games.marvel.rules import Attack`` works wherever it did.

>>> import umbrella_lab as ul
>>> state = ul.load("marvel", players=2, heroes=("hulk", "wasp")).new(seed=3)
>>> state.step, state.to_act == ul.TEAM
('lead', True)
>>> [action.label for action in state.legal_actions()]
['Hulk starts', 'Wasp starts']
"""

from __future__ import annotations

from umbrella_lab.games.marvel.actions import (
    PLAN,
    RING,
    TARGETS,
    THUG,
    VILLAIN,
    add_symbols,
    ask,
    attack_targets,
    card_id,
    card_number,
    card_words,
    check_plot,
    clear_threat,
    draw,
    draw_to,
    finish,
    hero_id,
    hero_number,
    hurt,
    knock_out,
    later,
    leave_moves,
    lose_card,
    place,
    place_id,
    place_number,
    previous_hero_card,
    rescue,
    rescue_heroics,
    strike,
    symbols_words,
    target_words,
)
from umbrella_lab.games.marvel.cards import (
    ATTACK,
    DATA_FILES,
    HEROIC,
    MOVE,
    SYMBOL_NAMES,
    WILD,
    Cards,
    Threat,
    load_cards,
)
from umbrella_lab.games.marvel.effects import NOBODY
from umbrella_lab.games.marvel.rules.choices import (
    ChoiceName,
    Choose,
    Lose,
    choice_id,
    choice_number,
)
from umbrella_lab.games.marvel.rules.end_of_turn import Done, Visit, location_open
from umbrella_lab.games.marvel.rules.hero_actions import (
    Attack,
    Go,
    Heroic,
    Special,
    heroic_targets,
    trap_wasted,
)
from umbrella_lab.games.marvel.rules.hero_turn import (
    KO_DRAW,
    begin_turn,
    cadence,
    end_actions,
    end_turn,
    first_hero,
    last_card,
    next_turn,
    start_threat,
)
from umbrella_lab.games.marvel.rules.naming import (
    CARD,
    CIVILIAN,
    HELPS,
    PAY,
    THREAT,
    TOKEN,
    CardName,
    Help,
    HeroName,
    Pay,
    PlaceName,
    Target,
)
from umbrella_lab.games.marvel.rules.paying import (
    PAY_ORDER,
    pay_modes,
    pay_words,
    payment,
    spend,
    symbol_actions,
)
from umbrella_lab.games.marvel.rules.play import Lead, Play
from umbrella_lab.games.marvel.rules.setup import (
    HAND,
    SOLO_HAND,
    SOLO_HEROES,
    challenge_words,
    check_table,
    known_cards,
    settings,
    setup,
)
from umbrella_lab.games.marvel.rules.steps import STEPS, run
from umbrella_lab.games.marvel.rules.villain_turn import (
    bam,
    dashboard,
    place_tokens,
    plan_reading,
    plan_special,
    threat_bam,
    threat_bams,
    villain_end,
    villain_move,
    villain_turn,
)
from umbrella_lab.games.marvel.state import MarvelState

MOVES = (Lead, Play, Go, Attack, Heroic, Special, Visit, Done, Lose, Choose)
"""The move kinds, in the order the explorer lists them."""

__all__ = [  # the rules' names, and the table actions' and cards' names read from here too
    "ATTACK",
    "CARD",
    "CIVILIAN",
    "DATA_FILES",
    "HAND",
    "HELPS",
    "HEROIC",
    "KO_DRAW",
    "MOVE",
    "MOVES",
    "NOBODY",
    "PAY",
    "PAY_ORDER",
    "PLAN",
    "RING",
    "SOLO_HAND",
    "SOLO_HEROES",
    "STEPS",
    "SYMBOL_NAMES",
    "TARGETS",
    "THREAT",
    "THUG",
    "TOKEN",
    "VILLAIN",
    "WILD",
    "Attack",
    "CardName",
    "Cards",
    "ChoiceName",
    "Choose",
    "Done",
    "Go",
    "Help",
    "HeroName",
    "Heroic",
    "Lead",
    "Lose",
    "MarvelState",
    "Pay",
    "PlaceName",
    "Play",
    "Special",
    "Target",
    "Threat",
    "Visit",
    "add_symbols",
    "ask",
    "attack_targets",
    "bam",
    "begin_turn",
    "cadence",
    "card_id",
    "card_number",
    "card_words",
    "challenge_words",
    "check_plot",
    "check_table",
    "choice_id",
    "choice_number",
    "clear_threat",
    "dashboard",
    "draw",
    "draw_to",
    "end_actions",
    "end_turn",
    "finish",
    "first_hero",
    "hero_id",
    "hero_number",
    "heroic_targets",
    "hurt",
    "knock_out",
    "known_cards",
    "last_card",
    "later",
    "leave_moves",
    "load_cards",
    "location_open",
    "lose_card",
    "next_turn",
    "pay_modes",
    "pay_words",
    "payment",
    "place",
    "place_id",
    "place_number",
    "place_tokens",
    "plan_reading",
    "plan_special",
    "previous_hero_card",
    "rescue",
    "rescue_heroics",
    "run",
    "settings",
    "setup",
    "spend",
    "start_threat",
    "strike",
    "symbol_actions",
    "symbols_words",
    "target_words",
    "threat_bam",
    "threat_bams",
    "trap_wasted",
    "villain_end",
    "villain_move",
    "villain_turn",
]
