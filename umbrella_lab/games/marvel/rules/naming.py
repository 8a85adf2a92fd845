"""Marvel United: the words of cards, heroes, places, payments and targets in action ids.

A move names a card, a hero and a location by its id in the data (``play/0/hulk-06``);
``card_words``, ``card_id``, ``hero_id``, ``place_id`` and their readers are in ``actions.py``.
How an action is paid [turn.tokens] and what a Heroic action helps [turn.heroic] are words
too, and so is what an Attack may hit [turn.attack] (``actions.TARGETS``).
"""

from __future__ import annotations

from typing import Annotated

from umbrella_lab.engine.moves import ByName, Words
from umbrella_lab.games.marvel.actions import (
    TARGETS,
    card_id,
    card_number,
    hero_id,
    hero_number,
    place_id,
    place_number,
)

PAY = ("card", "token")
"""How an action is paid [turn.tokens]: ``card``: the symbols of this turn first, then action
tokens; ``token``: action tokens first, then the symbols."""
CARD, TOKEN = range(2)
HELPS = ("civilian", "threat", "crisis")
"""What a Heroic action may do [turn.heroic]: rescue a Civilian, a token on a Threat, or a
Crisis token where a dashboard allows."""
CIVILIAN, THREAT = range(2)


CardName = Annotated[int, ByName(card_id, card_number, "card")]
HeroName = Annotated[int, ByName(hero_id, hero_number, "hero")]
PlaceName = Annotated[int, ByName(place_id, place_number, "location")]
Pay = Annotated[int, Words(PAY, "payment")]
Target = Annotated[int, Words(TARGETS, "target")]
Help = Annotated[int, Words(HELPS, "heroic target")]
