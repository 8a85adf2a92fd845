"""The Umbrella Academy Game: the rules, one module per step of the turn, in the rulebook's words.

Rule ids in brackets point into the digest ``digest.md`` (next to this folder); every event in
the log and every refused move names one of them. What a card, a hero power or a Dysfunctional
Family card does is named in the data files and written in ``effects.py``.

Where each section of the rulebook lives:

1. Aim [aim], and the rulebook's numbers: ``table.py``, with what every step reads of the
   table (the cards in hand, the faced card, the living heroes).
2. Setup [setup.*]: ``setup.py``. The table itself (``AcademyState``) is in ``state.py``, with
   the steps of a turn and the numbers the actions and effects share; ``setup`` deals the
   heroes, the player-count table, villains, decks, hands and the Start card.
3. Start of a round [round.*]: ``round.py``: a villain, a Dysfunctional Family card, a lineup.
4. Turns [turn.*]: the order of play in ``order.py`` (``advance`` moves play on); the answers to
   the faced card in ``facing.py``: ``Attack``, ``Heal``, ``Block``, ``Story`` (a storyline),
   ``Pass`` (no card can answer), and ``Choose`` (who faces the card, when the team picks
   [opt.turn_order]). Every play of cards against a lineup card is a ``CardPlay``: one way to
   play, and each kind of card play (an attack, a block, with a Hero Boost or a power) is data:
   what its fields name; so every card play is in ``facing.py``.
5. Storylines [story.*]: ``boosts.py``: who may add a Hero Boost, and ``HeroBoostOn`` (a boost
   on the card that just blocked); the card plays ``HeroBoost`` and ``HeroBoostTwice`` are in
   ``facing.py``, the storylines themselves in ``effects.py``.
6. Life, damage and death [life.*]: ``damage.py``: the moves ``Damage`` and ``Spread``;
   ``heal`` and ``hurt`` are in ``actions.py``.
7. Hero powers [power.*]: ``powers.py``: ``Power`` starts one; then the choices:
   ``HorrorGift``, ``Swap`` (Number Five), ``Rumor``, ``SeanceCard``, ``VanyaRemoves`` and
   ``VanyaHit``. The card plays ``HitsTwice``, ``HitsTwiceAt`` and ``HitsTwiceBoosted`` (The
   Kraken), ``DoubleShot``, ``DoubleShotFor`` and ``DoubleShotBoosted`` (Space Boy) come with
   the cards, in ``facing.py``.
8. Dysfunctional Family cards [family.*]: in ``effects.py``.
9. Round end [end.*]: ``round_end.py``: uncontested damage, the Final Battle pile, the refill,
   the Start card; the moves ``Keep`` and ``Discard`` in ``keep.py``.
10. The Final Battle [final.*]: dealt in ``round.py``. 11. End of the game [game.*]:
    ``round_end.py``. 12. Solo [solo.*]: ``solo.py`` (``CallPogo``); the solo setup in
    ``setup.py``.

The modules import in one direction, from the top of this list down, never in a circle:
``facing``, ``solo``, ``keep``, ``powers``, ``boosts``, ``damage``, ``setup``, ``order``,
``round_end``, ``round``, ``table``. Every move calls ``order.advance``, which ends the round
(``round_end``) and starts the next (``round``), so those three sit below every move; the card
plays (``facing``) use who may boost (``boosts``) and when a power may be used (``powers``).
This module gathers the move kinds, in the order they are listed.

Each kind of move is one class (a :class:`~umbrella_lab.engine.moves.Move`) holding all of it:
its fields, which moves of that kind are legal now (``legal``), what one does (``play``), how
it reads (``label``) and why one is refused (``refusal``). When a kind is played is declared
(``steps``: the steps of the turn; ``by``: who makes it; ``held``: the cards the maker must hold),
and the engine owns the turn: it lists a kind's moves only at its steps and refuses a move out
of turn, at another step, or with a card not held, before the kind's own reasons.

>>> import umbrella_lab as ul
>>> state = ul.load("academy", players=2, heroes=("kraken", "rumor")).new(seed=97)
>>> state.to_act, state.stage
(0, 'face')
>>> action = state.legal_actions()[0]
>>> action.label, action.id, action.rule
('The Kraken: attack 50 vs villain attack 10', 'attack/0/attack-50', 'turn.attack')
>>> action.key  # the move: hero card number 40 is an attack-50
Attack(seat=0, card=40)
>>> state.apply(action).outcomes[:2]  # DEFEATED, then PENDING: The Rumor faces card 2
[1, 0]
"""

from __future__ import annotations

from umbrella_lab.games.academy.actions import (
    BLOCKED,
    DEFEATED,
    FINAL_VILLAIN,
    PENDING,
    REMOVED,
    UNCONTESTED,
)
from umbrella_lab.games.academy.rules.boosts import (
    HeroBoostOn,
    boost_copy,
    boost_holders,
    boost_is_secret,
    boost_offers,
    boost_spares,
    boost_words,
    brothers_refusal,
)
from umbrella_lab.games.academy.rules.damage import (
    Damage,
    Spread,
    place_damage,
    spread,
    take_block_damage,
)
from umbrella_lab.games.academy.rules.facing import (
    BOOST_WITH_POWER,
    POWER_WORDS,
    Attack,
    Block,
    CardPlay,
    Choose,
    DoubleShot,
    DoubleShotBoosted,
    DoubleShotFor,
    Heal,
    HeroBoost,
    HeroBoostTwice,
    HitsTwice,
    HitsTwiceAt,
    HitsTwiceBoosted,
    Pass,
    Story,
    boost_on_power,
    leave_uncontested,
    play_label,
)
from umbrella_lab.games.academy.rules.keep import Discard, Keep
from umbrella_lab.games.academy.rules.order import advance, end_turn, face_next_card
from umbrella_lab.games.academy.rules.powers import (
    NOT_A_CHOICE,
    POWER_REFUSALS,
    HorrorGift,
    Power,
    PowerChoice,
    Rumor,
    SeanceCard,
    Swap,
    VanyaHit,
    VanyaRemoves,
    card_pairs,
    doubled_cards,
    end_power_turn,
    faces_with_power,
    finish_power,
    kraken_pairs,
    power_blocked,
    power_refusal,
)
from umbrella_lab.games.academy.rules.round import flip_family, start_round
from umbrella_lab.games.academy.rules.round_end import (
    close_lineup,
    deal_uncontested_damage,
    draw_up,
    end_game,
    next_start,
    pass_start_card,
    refill,
)
from umbrella_lab.games.academy.rules.setup import check_table, choose_heroes, setup
from umbrella_lab.games.academy.rules.solo import CallPogo
from umbrella_lab.games.academy.rules.table import (
    HORROR_BARS,
    PLAYER_COUNT_TABLE,
    POWER_COST,
    VANYA_DAMAGE,
    Card,
    card_id,
    card_number,
    clockwise,
    distinct,
    faced_value,
    hand_of,
    not_living,
    play_from_hand,
)
from umbrella_lab.games.academy.state import AcademyState, card_by_card

# --- The move kinds -----------------------------------------------------------------------------

CARD_PLAYS = (
    Attack,
    Block,
    Heal,
    Story,
    HeroBoost,
    HeroBoostTwice,
    HitsTwice,
    DoubleShot,
    DoubleShotFor,
    HitsTwiceBoosted,
    DoubleShotBoosted,
)
"""The moves that answer the faced card with a card: without one, the hero passes."""
Pass.instead_of = CARD_PLAYS  # the hero passes only when no card answers [turn.no-card]

ONE_CARD_PLAYS = (Attack, Block, Heal, Story)
"""The move kinds that play one card of a hero's hand against the faced card, and nothing
else: a hero's moves are listed card by card in them (:func:`card_by_card`)."""

MOVES = (
    *CARD_PLAYS,
    HitsTwiceAt,
    Power,
    Pass,
    Choose,
    Spread,
    Damage,
    HeroBoostOn,
    Keep,
    Discard,
    HorrorGift,
    Swap,
    Rumor,
    SeanceCard,
    VanyaRemoves,
    VanyaHit,
    CallPogo,
)
"""The move kinds of The Umbrella Academy Game, in the order they are listed."""

# Every name the modules of the rules define, and the table's names the players and tests read
# through them, are importable from here, as from the one module the rules were before.
__all__ = [
    "BLOCKED",
    "BOOST_WITH_POWER",
    "CARD_PLAYS",
    "DEFEATED",
    "FINAL_VILLAIN",
    "HORROR_BARS",
    "MOVES",
    "NOT_A_CHOICE",
    "ONE_CARD_PLAYS",
    "PENDING",
    "PLAYER_COUNT_TABLE",
    "POWER_COST",
    "POWER_REFUSALS",
    "POWER_WORDS",
    "REMOVED",
    "UNCONTESTED",
    "VANYA_DAMAGE",
    "AcademyState",
    "Attack",
    "Block",
    "CallPogo",
    "Card",
    "CardPlay",
    "Choose",
    "Damage",
    "Discard",
    "DoubleShot",
    "DoubleShotBoosted",
    "DoubleShotFor",
    "Heal",
    "HeroBoost",
    "HeroBoostOn",
    "HeroBoostTwice",
    "HitsTwice",
    "HitsTwiceAt",
    "HitsTwiceBoosted",
    "HorrorGift",
    "Keep",
    "Pass",
    "Power",
    "PowerChoice",
    "Rumor",
    "SeanceCard",
    "Spread",
    "Story",
    "Swap",
    "VanyaHit",
    "VanyaRemoves",
    "advance",
    "boost_copy",
    "boost_holders",
    "boost_is_secret",
    "boost_offers",
    "boost_on_power",
    "boost_spares",
    "boost_words",
    "brothers_refusal",
    "card_by_card",
    "card_id",
    "card_number",
    "card_pairs",
    "check_table",
    "choose_heroes",
    "clockwise",
    "close_lineup",
    "deal_uncontested_damage",
    "distinct",
    "doubled_cards",
    "draw_up",
    "end_game",
    "end_power_turn",
    "end_turn",
    "face_next_card",
    "faced_value",
    "faces_with_power",
    "finish_power",
    "flip_family",
    "hand_of",
    "kraken_pairs",
    "leave_uncontested",
    "next_start",
    "not_living",
    "pass_start_card",
    "place_damage",
    "play_from_hand",
    "play_label",
    "power_blocked",
    "power_refusal",
    "refill",
    "setup",
    "spread",
    "start_round",
    "take_block_damage",
]
