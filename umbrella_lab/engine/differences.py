"""Differences between two snapshots of a table (``state.to_dict()``), named in words.

:meth:`Session.compare <umbrella_lab.engine.session.Session.compare>` and the explorer use it
to say what differs between two positions.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

SEP = " \u203a "
"""What joins the parts of a place named in words (a small right angle quote, U+203A), as in
"heroes, Space Boy, life" written with it between the parts."""


def differences(
    before: Any, after: Any, where: str = "", *, whole_lists: bool = False
) -> Iterator[tuple[str, Any, Any]]:
    """Every difference between two JSON-able snapshots, as ``(where, before, after)``.

    Places are named in words: list items that carry a ``name`` are named by it, items with a
    ``position`` by ``"card 3"``. Lists whose items come and go are reported as a whole:
    ``before`` and ``after`` are then the items lost and the items gained, or with
    ``whole_lists=True`` the two lists themselves.
    """
    if isinstance(before, dict) and isinstance(after, dict):
        for key in [*before, *(k for k in after if k not in before)]:
            yield from differences(
                before.get(key), after.get(key), _join(where, key), whole_lists=whole_lists
            )
        return
    if isinstance(before, list) and isinstance(after, list):
        keyed_a, keyed_b = _keyed(before), _keyed(after)
        if keyed_a is not None and keyed_b is not None and list(keyed_a) == list(keyed_b):
            for key in keyed_a:
                yield from differences(
                    keyed_a[key], keyed_b[key], _join(where, key), whole_lists=whole_lists
                )
            return
        if before != after:
            yield (
                (where, before, after) if whole_lists else (where, *_multiset_change(before, after))
            )
        return
    if before != after:
        yield where, before, after


def _join(where: str, key: Any) -> str:
    word = str(key).replace("_", " ")
    return f"{where}{SEP}{word}" if where else word


def _keyed(items: list[Any]) -> dict[str, Any] | None:
    """List items named by ``name`` (or by ``position``), or ``None`` if they cannot be."""
    if not items or not all(isinstance(item, dict) for item in items):
        return {} if not items else None
    for key, word in (("name", ""), ("position", "card "), ("seat", "seat ")):
        names = [item.get(key) for item in items]
        if all(n is not None for n in names) and len(set(map(str, names))) == len(names):
            if key == "position":
                return {f"{word}{int(n) + 1}": item for n, item in zip(names, items, strict=True)}
            return {f"{word}{n}": item for n, item in zip(names, items, strict=True)}
    return None


def _multiset_change(before: list[Any], after: list[Any]) -> tuple[list[Any], list[Any]]:
    left = list(after)
    lost = []
    for item in before:
        if item in left:
            left.remove(item)
        else:
            lost.append(item)
    if not lost and not left:  # same items, new order
        return list(before), list(after)
    return lost, left
