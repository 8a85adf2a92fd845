"""A state's ``_clone`` made from its declared slots.

A game's state keeps its fields in ``__slots__`` and says in ``slot_copies`` how each field that
the rules change in place is copied; every other field is shared between a state and its copy
(numbers, strings, tuples, ``None``, and objects the rules never change, such as the cards).

The copy kinds (each a string, the key of :data:`COPY_KINDS`):

* ``"list"``: a list of values, copied once (``value[:]``);
* ``"lists"``: a list of lists (one per seat, say), each inner list copied;
* ``"pair of lists"``: exactly two lists (one per side), each copied: faster than ``"lists"``;
* ``"lists of lists"``: three levels, as a seat's stacks of tiles.

From these :func:`clone_function` writes the same plain Python a person would write by hand
(``new.scores = self.scores[:]`` and so on), compiles it once per class, and the state class
gets it as its ``_clone``; ``clone_source`` shows the text. Simulations clone a state for every
move played, so the copy must be as fast as the hand-written one: it is the same code.

>>> print(clone_source("Example", ("count", "hands"), {"hands": "lists"}))
def _clone(self):
    new = new_object(Example)
    new.game = self.game
    new.seed = self.seed
    new.events = None
    new.count = self.count
    new.hands = [inner[:] for inner in self.hands]
    return new
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

COPY_KINDS: Mapping[str, str] = {
    "list": "self.{name}[:]",
    "lists": "[inner[:] for inner in self.{name}]",
    "pair of lists": "[self.{name}[0][:], self.{name}[1][:]]",
    "lists of lists": "[[inner[:] for inner in outer] for outer in self.{name}]",
}
"""How each copy kind copies a slot, as a Python expression."""

BASE_SLOTS = ("game", "seed", "events")
"""The slots every state has: the game and the seed are shared, the events are not copied."""


def slots_of(cls: type, base: type) -> tuple[str, ...] | None:
    """Every slot of a state class declared below ``base``, in declaration order.

    ``None`` when a class between them has no ``__slots__`` (its instances keep other fields
    in a ``__dict__``, which a copy made from the slots would miss).
    """
    names: list[str] = []
    for klass in reversed(cls.__mro__[: cls.__mro__.index(base)]):
        if "__slots__" not in vars(klass):
            return None
        declared = vars(klass)["__slots__"]
        for name in (declared,) if isinstance(declared, str) else declared:
            if name not in BASE_SLOTS and name not in ("__dict__", "__weakref__"):
                names.append(name)
    return tuple(names)


def clone_source(class_name: str, slots: Sequence[str], copies: Mapping[str, str]) -> str:
    """The text of the ``_clone`` function for these slots and copy kinds.

    Raises:
        TypeError: a copy kind names no slot, or is not one of :data:`COPY_KINDS`.
    """
    unknown = sorted(set(copies) - set(slots))
    if unknown:
        raise TypeError(f"{class_name}.slot_copies names fields that are not slots: {unknown}")
    lines = [
        "def _clone(self):",
        f"    new = new_object({class_name})",
        "    new.game = self.game",
        "    new.seed = self.seed",
        "    new.events = None",
    ]
    for name in slots:
        kind = copies.get(name)
        if kind is None:
            lines.append(f"    new.{name} = self.{name}")
        elif kind in COPY_KINDS:
            lines.append(f"    new.{name} = {COPY_KINDS[kind].format(name=name)}")
        else:
            raise TypeError(
                f"{class_name}.slot_copies[{name!r}] is {kind!r}; "
                f"a copy kind is one of {sorted(COPY_KINDS)}"
            )
    lines.append("    return new")
    return "\n".join(lines)


def clone_function(cls: type, slots: Sequence[str], copies: Mapping[str, str]) -> Callable:
    """A ``_clone`` for ``cls``: compiled from :func:`clone_source`, once per class."""
    source = clone_source(cls.__name__, slots, copies)
    namespace: dict[str, Any] = {"new_object": object.__new__, cls.__name__: cls}
    exec(compile(source, f"<{cls.__qualname__}._clone>", "exec"), namespace)
    function = namespace["_clone"]
    function.__qualname__ = f"{cls.__qualname__}._clone"
    function.__doc__ = (
        "A copy whose later changes do not touch this state (events are not copied), made "
        "from the class's slots and ``slot_copies``:\n\n" + source
    )
    return function
