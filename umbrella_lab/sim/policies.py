"""Policies: who chooses the moves when the computer plays a game.

A simulation needs a *fast policy*: a function ``(state, rng) -> move key`` (see
:mod:`umbrella_lab.engine.play`). :func:`get_policy` turns anything a user may hand over into
one:

* a name, such as ``"random"`` or ``"heuristic"``: the ready-made players of the game, found in
  the ``POLICIES`` dict of ``umbrella_lab.games.<game>.policies``; ``"mcts"`` (the search
  player) and ``"optimal"`` (exact play, for a game small enough to solve) work for every game;
* a fast policy (its second parameter is called ``rng``, or it is marked with
  :func:`fast_policy`);
* a plain function written in a notebook, which sees the table as the deciding seat sees it and
  the legal actions, and returns one of them::

      def first_move(view, actions):
          return actions[0]

      def lucky(view, actions, rng):   # a third parameter receives a seeded random generator
          return rng.choice(actions)

>>> get_policy("academy", "heuristic").__name__
'heuristic'
>>> policy_name(lambda view, actions: actions[0])
'lambda'
"""

from __future__ import annotations

from umbrella_lab.engine.core import Game
from umbrella_lab.engine.play import FastPolicy
from umbrella_lab.sim.mcts import MCTS
from umbrella_lab.sim.players import (
    EXACT_POLICY,
    SEARCH_POLICIES,
    ActionPolicy,
    CheckedPolicy,
    PolicyError,
    PolicyLike,
    fast_policy,
    game_policies,
    own_policy,
    policy_name,
)
from umbrella_lab.sim.players import _first_line as _first_line
from umbrella_lab.sim.solve import OptimalPolicy

__all__ = [
    "EXACT_POLICY",
    "SEARCH_POLICIES",
    "ActionPolicy",
    "CheckedPolicy",
    "PolicyError",
    "PolicyLike",
    "describe_policy",
    "fast_policy",
    "game_policies",
    "get_policy",
    "policy_name",
    "policy_names",
]


def get_policy(game_name: str | Game, policy: PolicyLike) -> FastPolicy:
    """The fast policy ``(state, rng) -> move key`` for a name, a fast policy or a function.

    Args:
        game_name: Registry name of the game, e.g. ``"academy"`` (or the game itself).
        policy: A policy name (see :func:`policy_names`), a fast policy (second parameter
            called ``rng``, or marked with :func:`fast_policy`), or a plain function
            ``(view, actions)`` / ``(view, actions, rng)`` that returns one of the actions.

    Returns:
        A fast policy. A game's own policies come back unchanged; other functions come back
        wrapped so that a move that is not legal raises a clear :class:`PolicyError`;
        ``"mcts"`` is the search player with its default budget and ``"optimal"`` exact play.

    Raises:
        PolicyError: for an unknown policy name or something that is not a function.
    """
    if isinstance(policy, str) and policy not in game_policies(game_name):
        if policy == EXACT_POLICY:
            return OptimalPolicy()
        if policy in SEARCH_POLICIES:
            return MCTS().bind(game_name)
    return own_policy(game_name, policy)


def policy_names(game_name: str) -> list[str]:
    """Names of a game's ready-made policies, e.g. ``['heuristic', 'mcts', 'random']``.

    The game's own players and the search players every game has (``"mcts"``).
    """
    return sorted({*game_policies(game_name), *SEARCH_POLICIES})


def describe_policy(game_name: str, policy: PolicyLike) -> str:
    """One line in plain words: which policy this is and how it chooses.

    Args:
        game_name: Registry name of the game.
        policy: Anything :func:`get_policy` accepts.

    Returns:
        For example ``"heuristic: The rulebook's strategy tips, as a simple team."``.
    """
    fast = get_policy(game_name, policy)
    name = policy_name(policy)
    if isinstance(fast, ActionPolicy):
        inner = _first_line(fast.func)
        how = "your function: it sees the table as the deciding seat sees it and picks one of "
        how += "the legal actions" + (" (with a seeded random generator)" if fast.wants_rng else "")
        return f"{name}: {inner or how}"
    func = fast.func if isinstance(fast, CheckedPolicy) else fast
    text = _first_line(func) or "a fast policy that picks a move key from the legal moves"
    return f"{name}: {text}"
