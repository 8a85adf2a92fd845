"""Tables of effects: a game's card text as small functions, one named table per kind of effect.

A card in a game's data names what it does (its ``effect``, a word such as ``"medic"``); the
game's ``effects.py`` holds one small function per name, and the rules look the name up in the
table of the kind they need at that moment (a bonus when a force is counted, a Special when it is
played...). Every game writes its effects the same way::

    SPECIALS = Table("special", "The Hero Specials: ``special(s, hero)``.")

    @effect(SPECIALS, "hulk-smash", rule="special.hulk")
    def hulk_smash(s, hero):
        ...

The decorator puts the function into its table under the name the data uses and keeps the rule
id it does (and any other words given, such as how its play reads in a label) as attributes of
the function, so the rules, the views and the tests read them from one place. An effect that
has several parts (a Threat that acts when the villain arrives and on a BAM!) or asks the
players a choice may be a small class instead: decorated the same way, the table holds one
instance of it; an instance made with arguments is registered by calling the decorator on it,
``effect(SPECIALS, "leadership", rule="special.leadership")(GiveTokens(...))``. One function may
be registered under several names.

The module knows no game: it is only the table and the decorator.

>>> BONUSES = Table("bonus", "What a card adds to a force: ``bonus(card) -> int``.")
>>> @effect(BONUSES, "plus-one", rule="ability.plus", says="{name}: +1.")
... def plus_one(card):
...     return 1
>>> BONUSES["plus-one"] is plus_one, plus_one.rule, plus_one.says
(True, 'ability.plus', '{name}: +1.')
>>> BONUSES
Table('bonus', ['plus-one'])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

E = TypeVar("E")


class Table(dict[str, Any]):
    """The effects of one kind, by the name the data gives them (a card's ``effect``).

    Attributes:
        kind: What the effects in it are, in the table's words (``"bonus"``, ``"special"``).
        about: How the rules call them (the signature, in a sentence), for the reader.
        within: Tables that hold every effect of this one too (a game's table of all its
            effects, say), filled by :func:`effect` as this one is.
    """

    def __init__(self, kind: str, about: str = "", *, within: tuple[Table, ...] = ()) -> None:
        super().__init__()
        self.kind = kind
        self.about = about
        self.within = within

    def __repr__(self) -> str:
        return f"Table({self.kind!r}, {list(self)!r})"


def effect(table: Table, *names: str, rule: str = "", **words: Any) -> Callable[[E], E]:
    """Register an effect into ``table`` under each of ``names``, with its ``rule`` and ``words``.

    ``rule`` is the id of the rule the effect does (``""`` when each use says its own); every
    other keyword (``says``, ``words``, ``targets``...) becomes an attribute too. The effect is
    returned unchanged, so the decorated name still works as a plain function.
    """

    def register(done: E) -> E:
        for key, value in ({"rule": rule} if rule else {}).items() | words.items():
            setattr(done, key, value)
        entry = done() if isinstance(done, type) else done  # a class: one instance of it
        for name in names:
            for into in (table, *table.within):
                into[name] = entry
        return done

    return register
