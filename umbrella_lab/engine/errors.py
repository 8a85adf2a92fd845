"""Errors the kit raises. Each one says what is wrong and why, naming the rule or the field."""

from __future__ import annotations

import numbers


class UmbrellaLabError(Exception):
    """Base class of every error the kit raises on purpose."""


class IllegalActionError(UmbrellaLabError, ValueError):
    """An action that is not allowed in this state.

    Attributes:
        rule: Id of the rule that forbids it (a ``### id`` of the game's ``digest.md``); a
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


class SeatError(UmbrellaLabError, ValueError):
    """A seat that is not at the table (seats are whole numbers from 0, or ``None``)."""


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


class PlaceError(UmbrellaLabError, KeyError, IndexError):
    """A position, step or branch of a session that does not exist.

    It is also a ``KeyError`` and an ``IndexError``, as asking a dict or a list would raise.
    """

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


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
    allowed = (
        f" of at least {low:,} and at most {high:,}"
        if low is not None and high is not None
        else f" of at least {low:,}"
        if low is not None
        else f" of at most {high:,}"
        if high is not None
        else ""
    )
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        msg = f"{what} must be a whole number{allowed}, not {shown(value)}"
        raise OptionError(msg)
    number = int(value)
    if (low is not None and number < low) or (high is not None and number > high):
        msg = f"{what} must be a whole number{allowed}, not {shown(number)}"
        raise OptionError(msg)
    return number


MAX_SEED = 2**63 - 1
"""The largest seed: any seed fits a 64-bit signed integer (as in numpy and in a saved file)."""


def seed_number(value: object, what: str = "the seed") -> int:
    """``value`` as a seed (a whole number from 0 to :data:`MAX_SEED`), else an ``OptionError``.

    A negative seed is refused rather than taken as its absolute value (Python's ``random``
    would deal seed ``-5`` as seed ``5``).
    """
    return whole_number(value, what, low=0, high=MAX_SEED)


def shown(value: object) -> str:
    """A value for a message: a whole number with thousands separators, short even when huge."""
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        number = int(value)
        if number.bit_length() > 200:  # a number of more than about 60 digits
            digits = int(number.bit_length() * 0.30103) + 1
            return f"{'-' if number < 0 else ''}a number of about {digits:,} digits"
        return f"{number:,}"
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."
