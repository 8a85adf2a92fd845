"""Players a game brings and functions a user writes, each made a fast policy.

The lower half of :mod:`umbrella_lab.sim.policies`: what the search players
(:mod:`~umbrella_lab.sim.mcts`) and the solver (:mod:`~umbrella_lab.sim.solve`) need of
policies, so that they import this module and :mod:`~umbrella_lab.sim.policies` imports them:
the modules of ``sim`` form a line, with no import inside a function.
:func:`own_policy` is :func:`~umbrella_lab.sim.policies.get_policy` without the players every
game has (``"mcts"``, ``"optimal"``), which are made above this module.

>>> own_policy("academy", "heuristic").__name__
'heuristic'
>>> policy_name(lambda view, actions: actions[0])
'lambda'
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, cast

from umbrella_lab.engine.core import Action, Game, GameInfo, State, game_info
from umbrella_lab.engine.errors import UmbrellaLabError
from umbrella_lab.engine.moves import Move
from umbrella_lab.engine.play import FastPolicy

if TYPE_CHECKING:

    class _SearchPlayer(Protocol):
        """A search player (``search_policy = True``): bound to a game before it plays."""

        name: str

        def bind(self, game: str | Game | GameInfo) -> FastPolicy: ...


PolicyLike = str | Callable[..., Any]
"""What :func:`get_policy` accepts: a policy name, a fast policy or a plain function."""

_RNG_NAMES = frozenset({"rng", "random", "generator", "rand"})
_FAST_MARK = "__umbrella_fast_policy__"


class PolicyError(UmbrellaLabError, ValueError):
    """A policy that does not exist, cannot be used, or chose a move that is not legal."""


def fast_policy(func: FastPolicy) -> FastPolicy:
    """Mark a function as a fast policy ``(state, rng) -> move key``.

    Only needed when its second parameter is not called ``rng``; otherwise
    :func:`get_policy` recognises it by itself.

    Args:
        func: The function to mark.

    Returns:
        The same function.
    """
    setattr(func, _FAST_MARK, True)
    return func


def game_policies(game_name: str | Game | GameInfo) -> dict[str, FastPolicy]:
    """A game's ready-made policies by name, as its ``GameInfo`` declares them.

    ``game_name`` is a registered game's name, or a game (or its ``GameInfo``) itself, which
    need not be registered.

    ``"heuristic"`` is the kit-wide name of a game's best ready-made player: a game whose best
    player has another name (Umbrella's ``"greedy"``) says so in ``GameInfo.heuristic``, and
    it is listed under both names.
    """
    if isinstance(game_name, Game):
        return game_name.info.policy_table
    if isinstance(game_name, GameInfo):
        return game_name.policy_table
    return game_info(game_name).policy_table


SEARCH_POLICIES = ("mcts",)
"""Players every game has, by name, beside its own: ``"mcts"``, the search player of
:mod:`umbrella_lab.sim.mcts` with its default budget."""

EXACT_POLICY = "optimal"
"""Exact optimal play by name (:func:`umbrella_lab.sim.solve`): accepted for every game and
solved on first use; a game too large to solve says so then."""


class ActionPolicy:
    """A plain function on what a seat sees, turned into a fast policy.

    The function is called as ``func(view, actions)`` (or ``func(view, actions, rng)``), where
    ``view`` is ``state.to_dict(seat)`` for the seat deciding (the whole table, ``seat=None``,
    for team decisions) and ``actions`` is ``state.legal_actions()``. It returns one of the
    actions (its label or id also work). Slower than a game's own policies, but easy to write.

    Args:
        func: The function.
        name: Name used in tables and error messages (the function's name by default).
    """

    __slots__ = ("func", "name", "wants_rng")

    def __init__(self, func: Callable[..., Any], name: str | None = None) -> None:
        self.func = func
        self.name = name or _callable_name(func)
        self.wants_rng = _wants_rng(func)

    def __call__(self, state: State, rng: random.Random) -> Move:
        """The key of the action the function chooses in ``state``."""
        seat = state.to_act
        view = state.to_dict(seat if seat is not None and seat >= 0 else None)
        actions = state.legal_actions()
        choice = self.func(view, actions, rng) if self.wants_rng else self.func(view, actions)
        return _chosen_key(self.name, choice, actions)

    def __repr__(self) -> str:
        return f"<policy {self.name!r}: a function of (view, actions)>"


class CheckedPolicy:
    """A user's fast policy, with a check that every chosen move is legal.

    Args:
        func: The fast policy ``(state, rng) -> move key``.
        name: Name used in tables and error messages.
    """

    __slots__ = ("func", "name")

    def __init__(self, func: FastPolicy, name: str | None = None) -> None:
        self.func = func
        self.name = name or _callable_name(func)

    def __call__(self, state: State, rng: random.Random) -> Move:
        """The move the fast policy chooses, once checked to be legal.

        A plain tuple equal to a legal move (``("roll", 0)``) is that move.
        """
        key = self.func(state, rng)
        legal = state.legal_moves()
        if key in legal:
            return key if isinstance(key, Move) else legal[legal.index(key)]  # the rules' own
        return _chosen_key(self.name, key, state.legal_actions())

    def __repr__(self) -> str:
        return f"<policy {self.name!r}: a fast policy of (state, rng), checked>"


def own_policy(game_name: str | Game, policy: PolicyLike) -> FastPolicy:
    """The fast policy for a name of the game's own players, a fast policy or a function.

    Args:
        game_name: Registry name of the game, e.g. ``"academy"`` (or the game itself).
        policy: A policy name (see :func:`policy_names`), a fast policy (second parameter
            called ``rng``, or marked with :func:`fast_policy`), or a plain function
            ``(view, actions)`` / ``(view, actions, rng)`` that returns one of the actions.

    Returns:
        A fast policy. A game's own policies come back unchanged; other functions come back
        wrapped so that a move that is not legal raises a clear :class:`PolicyError`.

    Raises:
        PolicyError: for an unknown policy name, a search player's name (``"mcts"``,
            ``"optimal"``) or something that is not a function.
    """
    if isinstance(policy, str):
        known = game_policies(game_name)
        if policy not in known and policy in (EXACT_POLICY, *SEARCH_POLICIES):
            msg = f"{policy!r} is a search player, not a quick player such as 'heuristic'"
            raise PolicyError(msg)
        if policy not in known:
            names = (
                ", ".join(sorted([*known, *SEARCH_POLICIES])) or "none (write your own function)"
            )
            title = game_name if isinstance(game_name, str) else game_name.name
            msg = f"{title}: no policy named {policy!r}; the ready-made policies are {names}"
            raise PolicyError(msg)
        return known[policy]
    if isinstance(policy, ActionPolicy | CheckedPolicy):
        return policy
    if getattr(policy, "search_policy", False):  # a search player (mcts): checked for this game
        return cast("_SearchPlayer", policy).bind(game_name)
    if not callable(policy):
        msg = (
            f"a policy must be a name such as 'heuristic' or a function, "
            f"not {type(policy).__name__}"
        )
        raise PolicyError(msg)
    if any(policy is known for known in game_policies(game_name).values()):
        return policy
    if _is_fast(policy):
        return CheckedPolicy(policy)
    if not _takes_view_and_actions(policy):
        msg = (
            f"policy {_callable_name(policy)!r} does not take (view, actions); write it as "
            "def my_policy(view, actions): ... (or with a third argument, rng)"
        )
        raise PolicyError(msg)
    return ActionPolicy(policy)


def policy_name(policy: PolicyLike) -> str:
    """A short name for a policy, as shown in simulation tables (``"heuristic"``, ``"lambda"``)."""
    if isinstance(policy, str):
        return policy
    if isinstance(policy, ActionPolicy | CheckedPolicy):
        return policy.name
    if getattr(policy, "search_policy", False):
        return str(cast("_SearchPlayer", policy).name)
    return _callable_name(policy)


# --- helpers ----------------------------------------------------------------------------------


def _chosen_key(name: str, choice: Any, actions: list[Action]) -> Move:
    """The key of the legal action ``choice`` names; a clear error if it names none."""
    if isinstance(choice, Action | tuple):
        key = choice.key if isinstance(choice, Action) else choice
        for action in actions:
            if action.key == key:
                return action.key
    elif isinstance(choice, str):
        for action in actions:
            if choice in (action.label, action.id):
                return action.key
    shown = "; ".join(action.label for action in actions[:12])
    more = f" (and {len(actions) - 12} more)" if len(actions) > 12 else ""
    msg = (
        f"policy {name!r} chose {choice!r}, which is not one of the legal actions here. "
        f"Legal now: {shown}{more}"
    )
    raise PolicyError(msg)


def _is_fast(func: Callable[..., Any]) -> bool:
    if getattr(func, _FAST_MARK, False):
        return True
    params = _positional_params(func)
    return len(params) == 2 and params[1].name in _RNG_NAMES


def _positional_params(func: Callable[..., Any]) -> list[inspect.Parameter]:
    signature = _signature(func)
    if signature is None:
        return []
    kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    return [p for p in signature.parameters.values() if p.kind in kinds]


def _signature(func: Callable[..., Any]) -> inspect.Signature | None:
    try:
        return inspect.signature(func)
    except (TypeError, ValueError):
        return None


def _takes_view_and_actions(func: Callable[..., Any]) -> bool:
    """True when ``func`` can be called with two or three positional arguments."""
    signature = _signature(func)
    if signature is None:
        return True  # a builtin or C function: let the call itself complain
    params = list(signature.parameters.values())
    if any(p.kind is inspect.Parameter.VAR_POSITIONAL for p in params):
        return True
    positional = _positional_params(func)
    required = [p for p in positional if p.default is inspect.Parameter.empty]
    needs_keyword = [
        p
        for p in params
        if p.kind is inspect.Parameter.KEYWORD_ONLY and p.default is inspect.Parameter.empty
    ]
    return len(required) <= 3 and len(positional) >= 2 and not needs_keyword


def _wants_rng(func: Callable[..., Any]) -> bool:
    """True when a third positional parameter is required or is called ``rng``."""
    positional = _positional_params(func)
    if len(positional) < 3:
        return False
    third = positional[2]
    return third.default is inspect.Parameter.empty or third.name in _RNG_NAMES


def _callable_name(func: Any) -> str:
    name = getattr(func, "__name__", None) or type(func).__name__
    return "lambda" if name == "<lambda>" else name


def _first_line(func: Any) -> str:
    doc = inspect.getdoc(func) if callable(func) and not isinstance(func, type) else None
    return doc.strip().splitlines()[0] if doc else ""
