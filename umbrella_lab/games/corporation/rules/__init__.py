"""Heroes vs the Umbrella Corporation: the rules, one module for each phase of the turn.

Rule ids in brackets point into the digest ``digest.md`` (in the game's folder); every event in
the log and every refused move names one of them. The modules follow the digest, and each reads
top to bottom like its part of the rulebook:

==========================================================  =================================
rulebook section [rule ids]                                 module
==========================================================  =================================
the state: who holds what, the rulebook's numbers, the      ``../state.py``
seats and the abilities a force reads
4. The turn [turn.phases]: its steps and who decides at     ``turn.py``
each, :func:`advance`; how a move names a card
3. Setup [setup.*] [opt.cards] [opt.starting_facilities]    ``setup.py``
5. Draw phase [draw.*], the team search [setup.team]        ``draw.py``
6. Event phase [event.*]                                    ``event.py``
7. Recruit phase [recruit.*]                                ``recruit.py``
8. Assault phase [assault.declare]                          ``assault.py``
the combat, an assault's and a mission's alike              ``combat.py``
[assault.*] [search.commit] [search.dice] [search.result]
9. Card abilities [ability.*]                               ``../effects.py``
10. Search and Destroy phase [search.declare]               ``search_and_destroy.py``
11. End phase [end.hand-limit]                              ``end_phase.py``
12. End of the game [game.*]                                ``end_of_game.py``
==========================================================  =================================

Each kind of move is one class, in the module of the phase it is played in: which moves of that
kind are legal, what one does, how it reads and why one is refused, all in one place.
:data:`MOVES` lists them. The modules import in one direction: a later phase may use an earlier
one (the assault declares a combat, the combat starts from the setup's empty table), and each
uses ``turn.py`` (and those that can end the game ``end_of_game.py``), which import none of
them. Every move ends by moving
play on (:func:`advance`, in ``turn.py``), and each phase adds what happens at its own steps to
the turn's table (``turn.STEPS``). The package hands on what the rest of the game and its
tests read of the rules (the move kinds, ``setup``, ``advance``, the helpers the players use),
so ``from umbrella_lab.games.corporation.rules import Assault`` works wherever it did.

Seat 0 is the Heroes, seat 1 the Umbrella Corporation. Luck is visible: every 2D6 roll and every
"50%" is a chance step (``to_act == CHANCE``) whose outcomes carry exact probabilities.

>>> import umbrella_lab as ul
>>> state = ul.load("corporation").new(seed=1)
>>> state.to_act, state.phase
(0, 'search')
>>> state.legal_actions()[0].label
'Heroes search their deck: S.T.A.R.S. Alpha Team (Operative, force 2) goes into play'
>>> state.legal_actions()[0].id
'search/stars-alpha'
"""

from __future__ import annotations

from umbrella_lab.games.corporation.actions import HERO, UMBRELLA, find, first_copies
from umbrella_lab.games.corporation.rules.assault import Assault, Skip
from umbrella_lab.games.corporation.rules.combat import (
    FATES,
    ROLL_OUTCOMES,
    Characters,
    Commit,
    CommitDone,
    Defend,
    Fate,
    Keep,
    Reroll,
    Roll,
    Split,
    bonus_lines,
    commit_done,
    commit_use,
    declare,
    destroy_team,
    eligible_units,
    lose_unit,
    lucky_card,
    resolve,
    say_each,
)
from umbrella_lab.games.corporation.rules.draw import SearchTeam, search_pool
from umbrella_lab.games.corporation.rules.end_of_game import (
    check_win,
    end,
    facility_to_come,
    teams_left,
)
from umbrella_lab.games.corporation.rules.end_phase import Discard
from umbrella_lab.games.corporation.rules.event import Pass, PlayEvent
from umbrella_lab.games.corporation.rules.recruit import (
    AttachCharacter,
    BuildFacility,
    EndRecruit,
    PlayTeam,
    PlayUnit,
    UmbrellaRecruit,
    can_recruit,
    fits,
    has_room,
    in_hand,
    may_join,
)
from umbrella_lab.games.corporation.rules.search_and_destroy import Hunt
from umbrella_lab.games.corporation.rules.setup import (
    INVENTED_ABILITIES,
    clear_combat,
    deal_hands,
    deck_words,
    five_facility_cards,
    rulebook_cards,
    setup,
)
from umbrella_lab.games.corporation.rules.turn import DECIDES, STEPS, CardId, advance, card_of
from umbrella_lab.games.corporation.state import HAND_LIMIT, SURVIVOR_CREW_LIMIT, CorporationState

MOVES = (
    SearchTeam,
    PlayEvent,
    Pass,
    PlayTeam,
    AttachCharacter,
    PlayUnit,
    BuildFacility,
    EndRecruit,
    Assault,
    Defend,
    Commit,
    CommitDone,
    Roll,
    Reroll,
    Keep,
    Split,
    Fate,
    Hunt,
    Skip,
    Discard,
)
"""The move kinds, in the order the explorer lists them (the order of a turn)."""

__all__ = [
    "DECIDES",
    "FATES",
    "HAND_LIMIT",
    "HERO",
    "INVENTED_ABILITIES",
    "MOVES",
    "ROLL_OUTCOMES",
    "STEPS",
    "SURVIVOR_CREW_LIMIT",
    "UMBRELLA",
    "Assault",
    "AttachCharacter",
    "BuildFacility",
    "CardId",
    "Characters",
    "Commit",
    "CommitDone",
    "CorporationState",
    "Defend",
    "Discard",
    "EndRecruit",
    "Fate",
    "Hunt",
    "Keep",
    "Pass",
    "PlayEvent",
    "PlayTeam",
    "PlayUnit",
    "Reroll",
    "Roll",
    "SearchTeam",
    "Skip",
    "Split",
    "UmbrellaRecruit",
    "advance",
    "bonus_lines",
    "can_recruit",
    "card_of",
    "check_win",
    "clear_combat",
    "commit_done",
    "commit_use",
    "deal_hands",
    "deck_words",
    "declare",
    "destroy_team",
    "eligible_units",
    "end",
    "facility_to_come",
    "find",
    "first_copies",
    "fits",
    "five_facility_cards",
    "has_room",
    "in_hand",
    "lose_unit",
    "lucky_card",
    "may_join",
    "resolve",
    "rulebook_cards",
    "say_each",
    "search_pool",
    "setup",
    "teams_left",
]
