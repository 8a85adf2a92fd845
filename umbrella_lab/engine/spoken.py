"""How a move's label or a reason is said to people: without the kit's own names.

A move's label names its card by id too (``[black-widow-01]``) so that two copies of one card
stay apart in a program; a page, a chart or a puzzle says it without them (:func:`said`).
"""

from __future__ import annotations

import re

__all__ = ["said"]

_CARD_ID = re.compile(r" \[[a-z0-9]+(?:-[a-z0-9]+)+\]")
_NAMED_TWICE = re.compile(r"\bplay ([^:;()]+): \1\b")
_OPTION = re.compile(r" \(option ([a-z_]+)(?:=['\"]?([^)'\"]*)['\"]?)?\)")


def said(text: str) -> str:
    """A move's label or a reason as the page says it to people, without the kit's own names.

    A card id in brackets goes (the card's name is already said), a story card named twice is
    named once, and an option is named in words:

    >>> said("Black Widow: play Black Widow M [black-widow-01]")
    'Black Widow: play Black Widow M'
    >>> said("Vanya: play Life Boost: Life Boost to Number Five (you lose 1 bar)")
    'Vanya: play Life Boost to Number Five (you lose 1 bar)'
    >>> said("heal only with a lower card (option strict_heal)")
    'heal only with a lower card (the rule option “strict heal”)'
    >>> said("once a turn (option unit_actions='once')")
    'once a turn (the rule option “unit actions: once”)'
    """
    text = _CARD_ID.sub("", text)
    text = _NAMED_TWICE.sub(r"play \1", text)

    def option(match: re.Match[str]) -> str:
        name = match[1].replace("_", " ")
        return f" (the rule option “{name}{f': {match[2]}' if match[2] else ''}”)"

    return _OPTION.sub(option, text)
