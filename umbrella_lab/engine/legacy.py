"""Action ids in the older numeric format (``attack/0/52/-1``), so that old records load.

Records written before ids named cards still load.
A game that changed its ids declares ``GameInfo.legacy``: ``legacy(state, key) -> move`` or
``None``, where ``key`` is the old id read as a tuple (``("attack", 0, 52, -1)``). The engine
asks it only for a text or a tuple of that shape.
"""

from __future__ import annotations

from typing import Any

from umbrella_lab.engine.position import Position


def key_from_id(text: str) -> tuple | None:
    """An id in the older format as a key (a kind word, then whole numbers), or ``None``.

    >>> key_from_id("attack/0/52/-1"), key_from_id("hold/P1")
    (('attack', 0, 52, -1), None)
    """
    parts = text.split("/")
    if len(parts) < 2:
        return None
    try:
        return (parts[0], *(int(p) for p in parts[1:]))
    except ValueError:
        return None


def is_old_key(key: tuple) -> bool:
    """True for a key of the older format: a kind word, then one or more whole numbers."""
    return (
        len(key) >= 2
        and isinstance(key[0], str)
        and all(isinstance(k, int) and not isinstance(k, bool) for k in key[1:])
    )


def read_old_key(state: Position, key: tuple) -> Any:
    """The move an old key names, as the game's ``legacy`` reads it; ``None`` if none does."""
    legacy = state.game.info.legacy
    return legacy(state, key) if legacy is not None and is_old_key(key) else None


def read_old_id(state: Position, text: str) -> Any:
    """The move an id in the older format names (``"attack/0/52/-1"``), or ``None``."""
    key = key_from_id(text)
    return read_old_key(state, key) if key is not None else None
