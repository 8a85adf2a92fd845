"""Marvel United, 4. The hero turn: paying for an action with symbols or action tokens.

The symbols of the card played and of the previous hero card are this turn's actions
[turn.symbols]; a Wild pays for any action [turn.wild]; action tokens pay too [turn.tokens]. A
move says which pays first (``card``: the symbols; ``token``: the tokens), and both ways are
offered only where they differ. :func:`symbol_actions` lists one action of a symbol, at each
target and each way to pay; the actions themselves are in ``hero_actions.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from umbrella_lab.engine.moves import Move
from umbrella_lab.games.marvel.cards import SYMBOL_NAMES, WILD
from umbrella_lab.games.marvel.rules.naming import CARD, TOKEN
from umbrella_lab.games.marvel.state import MarvelState

PAY_ORDER = {
    mode: tuple(
        ((False, kind), (False, WILD), (True, kind), (True, WILD))
        if mode == CARD
        else ((True, kind), (True, WILD), (False, kind), (False, WILD))
        for kind in range(len(SYMBOL_NAMES))
    )
    for mode in (CARD, TOKEN)
}
"""Where each way to pay looks for a unit, first to last, by the kind of action [turn.tokens]."""


def payment(s: MarvelState, kind: int, count: int, mode: int) -> list[tuple[bool, int]] | None:
    """The units that pay ``count`` actions of a kind: (from a token?, symbol) each, or None.

    ``card``: this turn's symbols first (the exact symbol, then a Wild), then action tokens;
    ``token``: action tokens first, then the symbols [turn.tokens] [turn.wild].
    """
    order = PAY_ORDER[mode][kind]
    pool, purse = s.pool, s.purse(s.active)
    if count == 1:  # one unit: the first place that holds one
        for token, symbol in order:
            if (purse if token else pool)[symbol]:
                return [(token, symbol)]
        return None
    pool, purse = pool[:], purse[:]
    units = []
    for _ in range(count):
        for token, symbol in order:
            source = purse if token else pool
            if source[symbol]:
                source[symbol] -= 1
                units.append((token, symbol))
                break
        else:
            return None
    return units


def pay_modes(s: MarvelState, kind: int, count: int) -> list[int]:
    """The ways to pay that differ: by the symbols first, or by tokens first [turn.tokens]."""
    first = payment(s, kind, count, CARD)
    if first is None:
        return []
    other = payment(s, kind, count, TOKEN)
    return [CARD] if other == first else [CARD, TOKEN]


def spend(s: MarvelState, kind: int, count: int, mode: int) -> str:
    """Pay for an action; the words say what paid, if tokens or Wilds did."""
    pool = s.pool
    if count == 1 and mode == CARD and pool[kind]:  # this turn's own symbol: nothing to say
        pool[kind] -= 1
        return ""
    units = payment(s, kind, count, mode) or []
    purse = s.purse(s.active)
    for token, symbol in units:
        (purse if token else s.pool)[symbol] -= 1
    if units == [(False, kind)]:  # this turn's own symbol: nothing to say
        return ""
    if kind != WILD and any(symbol == WILD for _, symbol in units):  # [turn.wild]
        s.say("turn.wild", lambda: f"A Wild pays for a {SYMBOL_NAMES[kind]} action.")
    extra = [
        f"a {SYMBOL_NAMES[symbol]} {'token' if token else 'symbol'}"
        for token, symbol in units
        if token or symbol != kind
    ]
    return f" (paid with {', '.join(extra)})" if extra else ""


_Act = TypeVar("_Act", bound=Move)


def symbol_actions(
    s: MarvelState, kind: type[_Act], symbol: int, targets: Callable[[MarvelState, int], list[int]]
) -> list[_Act]:
    """One action of a symbol at the active hero's location: each target, each way to pay.

    [turn.symbols] [turn.tokens]
    """
    modes = pay_modes(s, symbol, 1)
    if not modes:
        return []
    where = s.hero_at[s.active]
    return [kind(s.turn, t, m) for t in targets(s, where) for m in modes]


def pay_words(s: MarvelState, kind: int, count: int, mode: int) -> str:
    """How a move pays, for its label, when it is not just this turn's own symbols."""
    units = payment(s, kind, count, mode) or []
    extra = [
        f"{SYMBOL_NAMES[symbol]} {'token' if token else 'symbol'}"
        for token, symbol in units
        if token or symbol != kind
    ]
    return f" (with {' + '.join(extra)})" if extra else ""
