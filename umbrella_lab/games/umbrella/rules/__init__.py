"""Umbrella: the rules, one module for each step of the turn, in the order of the rule digest.

Rule ids in brackets point into the digest ``digest.md`` (in the game's folder); every event in
the log and every refused move names one of them. Each module reads top to bottom like its part
of the rulebook:

==========================================================  ================================
rulebook section [rule ids]                                 module
==========================================================  ================================
1. Aim [aim]: make figures of one colour on your Stage and  ``../state.py`` (the table)
fill your Scoreboard. 1-2. The table: ``UmbrellaState``,
the rulebook's numbers, the geometry of a Stage, every
figure's masks
2. Setup [setup.*], the solo table [solo.setup]             ``setup.py``
[solo.figures] [solo.tokens]
how moves name sides, colours, tile sides, Scoreboard       ``naming.py``
spots and powers in action ids
3. A turn [turn.*]: ``Push`` (take an umbrella from a zone  ``push.py``
around your Stage and push it into a row or column),
``PushAny`` (when those four zones are empty)
4. Figures [figure.*]: ``Score`` (a token on your           ``figures.py``
Scoreboard; at most one figure a turn) or ``Decline``;
the tile is passed (``Pass``: its side, with 2 players)
and placed (``Cover`` when no Figure space is empty);
solo: the tile flipped [solo.flip]
5. End of the game [end.*]: three triggers, one more turn   ``end.py``
for each other player, the scores; the solo end
[solo.end] [solo.score]
6. Scoreboards [board.*]: white squares, the bonus in words ``scoreboards.py``
6. The level-4 powers [power.*]: their effects; the         ``../effects.py``,
choices they open, ``Swap``, ``SwapZone``                   ``powers.py``
(``SwapFarZone`` with swap_zone="any") and ``Skip``
7. Solo [solo.*]: ``Keep`` (play again keeps the pushed-    ``solo.py``
out umbrella) and ``Stop``
==========================================================  ================================

Each kind of move is one class, in the module of the step it is played at: which moves of that
kind are legal, what one does, how it reads and why one is refused, all in one place.
:data:`MOVES` lists them. The modules import in one direction, never in a circle: ``solo`` and
``powers`` use ``push`` (the words for a zone and a space) and ``figures`` (after a choice the
turn carries on); ``push`` uses ``figures`` (after the push a figure may be scored) and ``end``;
``figures`` uses ``end`` (every move ends its turn there); ``end`` and ``figures`` use
``scoreboards`` (what a white square takes). ``setup``, ``naming`` and ``scoreboards`` import
none of the others. The package hands on every name the one module ``rules.py`` did (the move
kinds, ``setup``, the helpers the players and views read, and the table's names from
``state.py``), so ``from umbrella_lab.games.umbrella.rules import Push`` works wherever it did.

How the table is held: a Stage is a list of 16 colours (space ``row * 4 + column``); a figure
is a *bit mask* of Stage spaces (bit ``i`` for space ``i``) and a Stage is read as four masks,
one per colour, so "is this figure made in red?" is one ``&``: the spaces the figure needs are
all among the red ones. Every figure's masks (each tile side, turned by each pinwheel, at every
place it fits) are worked out once per game (``Tables``, in ``state.py``). A move is a small
value with named fields (``Push(seat=0, side=WEST, colour=3, line=1)``); its action id names
sides, colours, tile sides and Scoreboard spots by name (``push/0/west/red/1``).

>>> import umbrella_lab as ul
>>> state = ul.load("umbrella", players=2).new(seed=1)
>>> state.to_act, state.step, state.supply, state.reserve
(0, 'push', 11, 14)
>>> action = state.legal_actions()[0]
>>> action.label
'P1: push the yellow umbrella from the central zone (north) down column 1'
>>> action.id, action.key
('push/0/north/yellow/0', Push(seat=0, side=0, colour=0, line=0))
"""

from __future__ import annotations

from umbrella_lab.games.umbrella.effects import EFFECTS
from umbrella_lab.games.umbrella.pieces import COLOURS, SIDES
from umbrella_lab.games.umbrella.rules.end import (
    TRIGGER_WORDS,
    end_turn,
    finish,
    no_figure_possible,
)
from umbrella_lab.games.umbrella.rules.figures import (
    ONE_FIGURE,
    Cover,
    Decline,
    Pass,
    Score,
    carry_on,
    colour_words,
    made_colours,
    pass_left,
    place_tile,
    scoring_offers,
    solo_flip,
)
from umbrella_lab.games.umbrella.rules.naming import (
    BoardSpot,
    Colour,
    PowerName,
    Side,
    TileSide,
    spot_id,
    spot_number,
)
from umbrella_lab.games.umbrella.rules.powers import (
    POWER_STEPS,
    SKIP_RULE,
    SKIP_WORDS,
    Skip,
    Swap,
    SwapFarZone,
    SwapZone,
    swap_with_zone,
    zone_swap_refusal,
    zone_swap_words,
    zone_swaps,
)
from umbrella_lab.games.umbrella.rules.push import (
    Push,
    PushAny,
    after_push,
    cell_words,
    line_words,
    slide,
    zone_words,
)
from umbrella_lab.games.umbrella.rules.scoreboards import say_board_bonus, visible_colours
from umbrella_lab.games.umbrella.rules.setup import setup
from umbrella_lab.games.umbrella.rules.solo import Keep, Stop
from umbrella_lab.games.umbrella.state import (
    BLACK,
    COMPASS,
    EAST,
    EMPTY_ZONE_BONUS,
    LINES,
    NEIGHBOURS,
    NORTH,
    OPPOSITE,
    SCORING_TOKENS,
    SOLO_STACK_HEIGHT,
    SOLO_UMBRELLAS_PER_COLOUR,
    SOLO_ZONE_ROLE,
    SOUTH,
    STACK_HEIGHT,
    STACKS,
    STEP_RULE,
    SUPPLY,
    TEN_TOKENS,
    TOKEN_POINTS,
    UMBRELLAS_PER_COLOUR,
    WEST,
    WHITE,
    ZONE_ROLE,
    UmbrellaState,
    board_bonus,
    colour_masks,
    figure_masks,
    matched_colours,
    tables,
    token_groups,
    turned,
)

MOVES = (Push, PushAny, Stop, Score, Decline, Pass, Cover, Swap, SwapZone, SwapFarZone, Skip, Keep)
"""The move kinds of Umbrella, in the order the legal moves are listed (only the kinds of the
step being decided have legal moves at any moment)."""

__all__ = [  # the rules' names, and the table's names of state.py that are read from here too
    "BLACK",
    "COLOURS",
    "COMPASS",
    "EAST",
    "EFFECTS",
    "EMPTY_ZONE_BONUS",
    "LINES",
    "MOVES",
    "NEIGHBOURS",
    "NORTH",
    "ONE_FIGURE",
    "OPPOSITE",
    "POWER_STEPS",
    "SCORING_TOKENS",
    "SIDES",
    "SKIP_RULE",
    "SKIP_WORDS",
    "SOLO_STACK_HEIGHT",
    "SOLO_UMBRELLAS_PER_COLOUR",
    "SOLO_ZONE_ROLE",
    "SOUTH",
    "STACKS",
    "STACK_HEIGHT",
    "STEP_RULE",
    "SUPPLY",
    "TEN_TOKENS",
    "TOKEN_POINTS",
    "TRIGGER_WORDS",
    "UMBRELLAS_PER_COLOUR",
    "WEST",
    "WHITE",
    "ZONE_ROLE",
    "BoardSpot",
    "Colour",
    "Cover",
    "Decline",
    "Keep",
    "Pass",
    "PowerName",
    "Push",
    "PushAny",
    "Score",
    "Side",
    "Skip",
    "Stop",
    "Swap",
    "SwapFarZone",
    "SwapZone",
    "TileSide",
    "UmbrellaState",
    "after_push",
    "board_bonus",
    "carry_on",
    "cell_words",
    "colour_masks",
    "colour_words",
    "end_turn",
    "figure_masks",
    "finish",
    "line_words",
    "made_colours",
    "matched_colours",
    "no_figure_possible",
    "pass_left",
    "place_tile",
    "say_board_bonus",
    "scoring_offers",
    "setup",
    "slide",
    "solo_flip",
    "spot_id",
    "spot_number",
    "swap_with_zone",
    "tables",
    "token_groups",
    "turned",
    "visible_colours",
    "zone_swap_refusal",
    "zone_swap_words",
    "zone_swaps",
    "zone_words",
]
