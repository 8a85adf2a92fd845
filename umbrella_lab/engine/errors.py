"""Errors the kit raises. Each one says what is wrong and why, naming the rule or the field."""

from __future__ import annotations

import numbers


class UmbrellaLabError(Exception):
    """Base class of every error the kit raises on purpose."""


class IllegalActionError(UmbrellaLabError, ValueError):
    """An action that is not allowed in this state.

    Attributes:
        rule: Id of the rule that forbids it (a ``### id`` of ``docs/rules/<game>.md``); a
            refusal of a game's action always names one, ``""`` only outside any game.
        reason: Why, in plain words, without the rule (the message is the reason with what was
            asked for, and the rule).
    """

    def __init__(self, message: str, rule: str = "", reason: str = "") -> None:
        super().__init__(f"{message} (rule {rule})" if rule else message)
        self.rule = rule
        self.reason = reason or message


class OptionError(UmbrellaLabError, ValueError):
    """A game name, player count or rule option that the game does not offer."""


class DataError(UmbrellaLabError, ValueError):
    """A card data file that is broken: names the file, the entry and the field."""

    def __init__(self, file: str, entry: str, field: str, problem: str) -> None:
        where = " ".join(
            part for part in (file, entry, f"field '{field}'" if field else "") if part
        )
        super().__init__(f"{where}: {problem}")
        self.file, self.entry, self.field = file, entry, field


class RecordError(UmbrellaLabError, ValueError):
    """A saved game record that cannot be read or does not replay."""


class DataChangedWarning(UserWarning):
    """A record or session replayed with other card data than it was played with."""


def whole_number(value: object, what: str, low: int | None = 0, high: int | None = None) -> int:
    """``value`` as an ``int`` when it is a whole number in range, else a clear ``OptionError``.

    Any integral number is accepted (a numpy integer too), never a bool or a float.

    Args:
        value: What the user gave.
        what: What it is, for the message ("the seed", "the number of games").
        low: The smallest allowed value (``None``: no bound).
        high: The largest allowed value (``None``: no bound).
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        msg = f"{what} must be a whole number, not {value!r}"
        raise OptionError(msg)
    number = int(value)
    if low is not None and number < low:
        msg = f"{what} must be at least {low}, not {number}"
        raise OptionError(msg)
    if high is not None and number > high:
        msg = f"{what} must be at most {high:,}, not {number:,}"
        raise OptionError(msg)
    return number
