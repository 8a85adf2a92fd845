"""Errors the kit raises. Each one says what is wrong and why, naming the rule or the field."""

from __future__ import annotations


class UmbrellaLabError(Exception):
    """Base class of every error the kit raises on purpose."""


class IllegalActionError(UmbrellaLabError, ValueError):
    """An action that is not allowed in this state.

    Attributes:
        rule: Id of the rule that forbids it (see ``docs/rules/<game>.md``), or ``""``.
    """

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(f"{message} (rule {rule})" if rule else message)
        self.rule = rule


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
