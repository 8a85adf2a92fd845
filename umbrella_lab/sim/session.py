"""A session that a policy can play on: ``ul.Session``.

The position tree, branches and save format are the engine's
(:class:`umbrella_lab.engine.session.Session`); this class adds :meth:`Session.play`, which
lets one of the kit's policies (or your own function) make the moves, found through the one
policy registry of :mod:`umbrella_lab.sim.policies`.

>>> import umbrella_lab as ul
>>> s = ul.Session("academy", seed=7, players=3)
>>> _ = s.play("heuristic", steps=5)
>>> s.step, len(s.line)
(5, 6)
"""

from __future__ import annotations

import random

from umbrella_lab.engine import session
from umbrella_lab.engine.core import CHANCE
from umbrella_lab.engine.errors import whole_number
from umbrella_lab.engine.luck import derive_seed
from umbrella_lab.engine.play import FastPolicy
from umbrella_lab.sim.policies import PolicyLike, get_policy

MAX_PLAY = 100_000
"""Most moves :meth:`Session.play` makes in one call."""


class Session(session.Session):
    """A tree of positions (see :class:`umbrella_lab.engine.session.Session`) that can play on.

    Args:
        game: A game (from ``umbrella_lab.load``) or a game name.
        seed: The seed the table is dealt from.
        players: Player count, when ``game`` is a name.
        **options: Rule options, when ``game`` is a name.
    """

    def play(
        self, policy: PolicyLike = "heuristic", steps: int | None = None
    ) -> list[session.Node]:
        """Let a policy play ``steps`` moves (``None``: the whole game); see :func:`play`."""
        return play(self, policy, steps)

    def policy(self, policy: PolicyLike) -> FastPolicy:
        """The policy ``(state, rng) -> move`` for a name or a function (one registry for all)."""
        return get_policy(self.game, policy)


def play(
    on: session.Session, policy: PolicyLike = "heuristic", steps: int | None = None
) -> list[session.Node]:
    """Let a policy play ``steps`` moves of a session (``None``: to the end of the game).

    Every move goes through the session's ``apply``, so each new position keeps its events. At
    a chance step the state's own luck picks the outcome (as ``roll``), never the policy.

    Args:
        on: The session (any :class:`umbrella_lab.engine.session.Session`).
        policy: A policy name (``"heuristic"``, ``"random"``...), a fast policy
            ``(state, rng) -> move`` or a function ``(view, actions)`` (see
            :func:`umbrella_lab.sim.policies.get_policy`).
        steps: How many moves to play; ``None`` plays to the end.

    Returns:
        The positions played, in order.

    Raises:
        PolicyError: for an unknown policy, or one that chooses an illegal move.
    """
    limit = MAX_PLAY if steps is None else whole_number(steps, "play: steps (or None)", low=0)
    chooser = get_policy(on.game, policy)
    rng = random.Random(derive_seed(on.seed, on.node.id))
    played = []
    listeners, on._listeners = on._listeners, []
    try:
        for _ in range(limit):
            if on.state.is_over:
                break
            state = on.state
            move = state._lucky_key() if state.to_act == CHANCE else chooser(state, rng)
            played.append(on.apply(move))
    finally:
        on._listeners = listeners
    if played:
        on._changed()
    return played
