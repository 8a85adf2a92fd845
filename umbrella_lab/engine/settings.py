"""How the kit's simulation tools treat a game by default, declared by the game.

A game's :class:`~umbrella_lab.engine.core.GameInfo` carries one :class:`SimSettings`. The
numbers are measured: each keeps a tool's default answer to about a second (the advisor, the
search player) or a minute (the design report) on a two-core machine, so a game whose players
are slow asks for fewer rollouts. A field left at ``None`` takes the tool's own default.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class SimSettings:
    """A game's defaults in the simulation tools (``umbrella_lab.sim``).

    Attributes:
        advisor_budget: Rollouts in all of the racing advisor (``sim.advise``).
        quick_answer: Rollouts of one quick answer of the explorer's advisor, about a second
            of work on two cores (``None``: ``advisor_budget``). A request from the page may
            ask for up to ten.
        search_playouts: Playouts per decision of the search player (``"mcts"``).
        main_policy: The player of a design report's main games (a quicker one than the
            heuristic where that is slow).
        design_budget: A design report's budget fields that differ from the defaults
            (``sim.design.Budget``), e.g. ``{"skill_games": 40}``.
        puzzle_players: The player count puzzles are found at (``None``: the game's default).
        puzzle_options: The rule options puzzles are found with.
        puzzle_every: Every how many decisions one is a puzzle candidate.
        puzzle_budget: The advisor's budget and the paired rollouts of a puzzle search, for a
            game whose heuristic plays out slowly (``None``: the search's defaults).
        solver_shape: A shape of game the exact solver (``sim.solve``) has a fast path for,
            declared by a game of that shape: ``"pig"``, a race to a goal in which the seat to
            act rolls a die into a turn total (a pig face wipes it out and passes the die) or
            holds to bank it. Such a state names its ``scores``, ``goal``, ``die`` (faces with
            a ``value`` and a ``pig`` flag), ``active`` seat, ``turn_total``, whether it is
            ``rolling`` and its ``outcome``, and its move kinds ``"hold"`` and ``"roll"`` take
            the seat. ``None``: the general walk.
    """

    advisor_budget: int | None = None
    quick_answer: int | None = None
    search_playouts: int | None = None
    main_policy: str = "heuristic"
    design_budget: Mapping[str, int] = field(default_factory=dict)
    puzzle_players: int | None = None
    puzzle_options: Mapping[str, Any] = field(default_factory=dict)
    puzzle_every: int = 3
    puzzle_budget: tuple[int, int] | None = None
    solver_shape: str | None = None
