"""Numbers in words, so that no text says "card(s)".

>>> plural(1, "card"), plural(3, "card"), plural(0, "Civilian")
('1 card', '3 cards', '0 Civilians')
>>> plural(2, "hero", "heroes"), noun(1, "Thug")
('2 heroes', 'Thug')
"""

from __future__ import annotations


def plural(number: int, singular: str, many: str | None = None) -> str:
    """``number`` and the noun in the form that number takes ("1 card", "2 cards")."""
    return f"{number} {noun(number, singular, many)}"


def noun(number: int, singular: str, many: str | None = None) -> str:
    """The noun alone in the form ``number`` takes: ``singular``, or ``many`` (default +s)."""
    if number == 1:
        return singular
    return many if many is not None else f"{singular}s"
