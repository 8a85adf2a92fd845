"""Older action ids of Heroes vs the Umbrella Corporation, read into today's moves.

Records and sessions saved before moves named their cards by id wrote every move as four
numbers' worth of parts, ``kind/side/a/b``: card numbers (indexes into the packaged card
lists), ``-1`` for nothing, ``-1`` as the side of a chance step. For example
``assault/0/4/3`` (team 4 assaults facility 3), ``roll/-1/7/0`` (the Heroes roll 7) or
``split/-1/5/-1`` (the first and third characters of the split are discarded).
:func:`read_old_key` gives the move such a key meant in the state it was made in, so old
records keep loading.

>>> import umbrella_lab as ul
>>> state = ul.load("corporation").new(seed=3)
>>> read_old_key(state, ("search", 0, 4, -1))
SearchTeam(team='raccoon-survivors')
"""

from __future__ import annotations

from umbrella_lab.engine.core import CHANCE
from umbrella_lab.engine.moves import Move
from umbrella_lab.games.corporation import rules
from umbrella_lab.games.corporation.rules import HERO, UMBRELLA, CorporationState


def read_old_key(s: CorporationState, key: tuple) -> Move | None:
    """The move an old key ``(kind, side, a, b)`` meant in ``s``; ``None`` if it meant none.

    A key the old rules would have refused for its side (a Heroes' move made by Umbrella, a
    card number past the end of the cards) reads as ``None``, and is refused.
    """
    if len(key) != 4:
        return None
    kind, side, a, b = key

    def card(deck_side: int, number: int) -> str | None:
        deck = s.cards.hero if deck_side == HERO else s.cards.umbrella
        return deck[number].id if 0 <= number < len(deck) else None

    def cards(*wanted: tuple[int, int]) -> list[str] | None:
        found = [card(deck_side, number) for deck_side, number in wanted]
        return None if None in found else found  # type: ignore[return-value]

    heroes, umbrella = side == HERO, side == UMBRELLA
    found: list[str] | None
    if kind == "search" and heroes and (found := cards((HERO, a))):
        return rules.SearchTeam(*found)
    if kind == "event" and side in (HERO, UMBRELLA):
        found = cards((side, a))
        target = "" if b < 0 else card(side, b)
        return rules.PlayEvent(side, found[0], target) if found and target is not None else None
    if kind == "pass" and side in (HERO, UMBRELLA):
        return rules.Pass(side)
    if kind == "team" and heroes and (found := cards((HERO, a))):
        return rules.PlayTeam(*found)
    if kind == "attach" and heroes and (found := cards((HERO, a), (HERO, b))):
        return rules.AttachCharacter(*found)
    if kind == "unit" and umbrella and (found := cards((UMBRELLA, a))):
        return rules.PlayUnit(*found)
    if kind == "facility" and umbrella and (found := cards((UMBRELLA, a))):
        return rules.BuildFacility(*found)
    if kind == "done" and side in (HERO, UMBRELLA):  # one word for two moves: the phase tells
        return rules.CommitDone(side) if s.phase == "commit" else rules.EndRecruit(side)
    if kind == "assault" and heroes and (found := cards((HERO, a), (UMBRELLA, b))):
        return rules.Assault(*found)
    if kind == "skip" and side in (HERO, UMBRELLA):  # the Heroes' assault, Umbrella's mission
        return rules.Skip(side)
    if kind == "commit" and side in (HERO, UMBRELLA) and (found := cards((side, a))):
        return rules.Commit(side, *found)
    if kind == "defend" and umbrella and (found := cards((UMBRELLA, a))):
        return rules.Defend(*found)
    if kind == "hunt" and umbrella and (found := cards((UMBRELLA, a), (HERO, b))):
        return rules.Hunt(*found)
    if kind == "roll" and side == CHANCE and b in (HERO, UMBRELLA):
        return rules.Roll(b, a)
    if kind == "reroll" and heroes:
        return rules.Reroll()
    if kind == "keep" and heroes:
        return rules.Keep()
    if kind == "split" and side in (HERO, UMBRELLA, CHANCE) and a >= 0:
        # the bits of ``a`` mark the discarded characters, by their place in the split
        split = s.split_cards
        if a >> len(split):
            return None
        return rules.Split(side, tuple(n for i, n in enumerate(split) if a >> i & 1))
    if kind == "fate" and side == CHANCE and b == s.attacker_unit() and a in (0, 1):
        return rules.Fate(a)
    if kind == "discard" and side in (HERO, UMBRELLA) and (found := cards((side, a))):
        return rules.Discard(side, *found)
    return None
