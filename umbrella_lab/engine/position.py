"""A state as the engine's modules below ``core`` read it, named without importing ``core``.

``core`` hands a state to the modules that read a typed move (:mod:`umbrella_lab.engine.ids`
and :mod:`umbrella_lab.engine.legacy`), so they cannot import ``core``'s
:class:`~umbrella_lab.engine.core.State` back, not even for its type: the two imports would
form a circle. :class:`Position` names the parts of a state that they read. Every ``State``
has them, and the type checker checks it wherever ``core`` hands a state over.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Protocol

from umbrella_lab.engine.moves import Action, Move


class Position(Protocol):
    """The parts of a game's state that reading a typed move uses (every ``State`` has them)."""

    game: Any
    """The game (a :class:`~umbrella_lab.engine.core.Game`): ``game.info.kinds`` holds its move
    kinds by name and ``game.info.legacy`` its reader of ids in the older format."""

    label_verbs: ClassVar[Mapping[str, str]]
    rule_for_turn_order: ClassVar[str]
    rule_for_unknown_action: ClassVar[str]

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        ...

    def legal_moves(self) -> list[Move]:
        """The legal moves now."""
        ...

    def legal_actions(self) -> list[Action]:
        """The legal moves now, in words."""
        ...

    def action(self, move: Move | Action | str) -> Action:
        """A move in words."""
        ...

    def split_label(self, label: str) -> tuple[str, str, str] | None:
        """A label's parts (who, verb, the rest), or ``None``."""
        ...

    def _listed(self) -> list[Move]: ...

    def _known_moves(self) -> list[Move]: ...

    def _is_move(self, move: object) -> bool: ...

    def _over_rule(self) -> str: ...

    def _why_no_kind_rule(self, kind: type[Move]) -> tuple[str, str]: ...
