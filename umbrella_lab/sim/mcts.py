"""A search player: Monte Carlo tree search over the engine's own moves and chance steps.

``get_policy(game, "mcts")`` (or ``simulate(..., policy="mcts")``) plays it with its default
budget; :func:`mcts` makes a tuned one::

    strong = ul.sim.mcts(playouts=400, rollout="heuristic")
    strong(state, random.Random(0))          # a move, like any fast policy
    strong.explain(state, seed=0)            # what the search found, move by move

How it decides, and why this way. The method is **information-set MCTS** (single-observer
ISMCTS, Cowling, Powley and Whitehouse 2012), not plain determinization:

* Every playout starts from a *determinization*: the table as the deciding seat sees it, with
  everything that seat cannot see dealt anew from a fresh seed (the other hands, deck orders,
  tiles under stacks, the dice to come). Each game's state does this with
  ``redeal(seat, seed)``, which is built from the seat's view only: two tables that look the
  same to the seat give the same determinization. The search reads nothing else of the real
  table but the seat's own legal moves, so it **never peeks**: the same view and the same
  seed give the same decision (``tests/test_mcts.py`` checks it for every game).
* Below each move of the deciding seat, all playouts share **one tree** keyed by the moves
  themselves (a chance outcome is a move too), instead of one tree per sampled deal (plain
  determinization): a node gathers every deal in which its move was possible, and a move is
  judged by how often it was available (the "availability" count in the UCB formula). This
  spends a small budget better than many small trees, and avoids trusting a line that only
  works for one deal.
* Chance steps stay the engine's own: at a roll the determinized state's luck picks the
  outcome with its exact odds, and the tree branches on it.
* At the root the seat's moves meet **the same deals** (common random numbers), round by
  round, and the weaker half is dropped now and then (successive halving), so the budget goes
  to the moves that could be best and two moves are compared on the same luck.
* A tree node grows children only after :data:`EXPAND_AFTER` playouts went through it; until
  then, and below the tree, the **rollout policy** (the game's heuristic by default) plays the
  game to the end. A young node's choices would otherwise be explored almost at random, which
  biases a small search against lines where the seat itself moves next.
* A win counts for the seat that chose the move (for the team in co-operative games and team
  decisions). The move played is the best of the last round, but the search plays another
  move than its rollout policy would only when its paired evidence is clear
  (:data:`OVERRIDE_Z`): with a small budget it then never does worse than a coin flip between
  two close moves, and it improves on its rollout policy where the evidence allows.

What it does not do: it samples unseen cards uniformly, without inferring them from what the
other seats did (no opponent modelling), and the other seats in its tree choose as if they
could see the sampled deal (a known weakness of single-observer ISMCTS, accepted for speed).

A game whose state has no ``redeal`` is searched on ``reshuffled(seed)`` copies, which keep
hidden hands as they are; :func:`can_redeal` says which games have it.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from umbrella_lab.engine.core import CHANCE, REGISTRY, TEAM, Game, GameInfo, State
from umbrella_lab.engine.errors import IllegalActionError, OptionError, shown, whole_number
from umbrella_lab.engine.play import FastPolicy, play_out
from umbrella_lab.sim._later import later
from umbrella_lab.sim.players import PolicyError, PolicyLike, own_policy, policy_name

if TYPE_CHECKING:
    import pandas as pd

    from umbrella_lab.engine.moves import Move
else:  # imported when a table is first made
    pd = later("pandas")

FALLBACK_PLAYOUTS = 50
"""Playouts per decision by default for a game that declares none.

Each game declares its own in ``GameInfo.simulation.search_playouts``
(``get_policy(game, "mcts")``): a game with the search at every seat takes a few seconds at
most, so a simulation of a few hundred games stays a matter of minutes on two cores (see
``benchmarks/mcts_strength.py``). Marvel United's heuristic (its planner) plays a game out in
about 50 ms, so its search gets few playouts."""

MOST_PLAYOUTS = 1_000_000
"""The most playouts per decision one may ask for (as the advisor's bound on its rollouts)."""

MOST_SECONDS = 3600
"""The longest time limit per decision, in seconds."""

EXPLORATION = 0.7
"""The UCB exploration constant (wins count 0 or 1)."""

EXPAND_AFTER = 16
"""A node of the tree grows children only once this many playouts went through it; before,
the rollout policy plays on from it. A young node's choices would otherwise be explored
almost at random, which makes a line look worse when the seat itself decides next than when
another seat does (each one's exploration helping the other)."""

OVERRIDE_Z = 1.0
"""How sure the search must be to play another move than its rollout policy would: the
searched move's win rate must beat the rollout policy's move by this many standard errors of
their difference. Below that the difference is noise, and the rollout policy's move is played
(so a small budget never plays worse than a coin flip between close moves)."""


@dataclass(frozen=True)
class Search:
    """What one search found: the move to play and each root move's statistics.

    Attributes:
        move: The move chosen (the one searched most often).
        moves: The root moves in the legal order.
        visits: Playouts that began with each move.
        wins: Wins of the deciding seat (or team) after each move.
        playouts: Playouts made in all.
        seconds: Time the search took.
    """

    move: Move
    moves: tuple[Move, ...]
    visits: tuple[int, ...]
    wins: tuple[float, ...]
    playouts: int
    seconds: float


class _Node:
    """A node of the tree: the move into it was chosen by ``who``."""

    __slots__ = ("avail", "children", "visits", "who", "wins")

    def __init__(self, who: int) -> None:
        self.who = who
        self.visits = 0
        self.wins = 0.0
        self.avail = 0
        self.children: dict[Move, _Node] = {}


class MCTS:
    """Information-set Monte Carlo tree search as a fast policy ``(state, rng) -> move``.

    Build one with :func:`mcts` (or ask for ``"mcts"`` by name). It works for every registered
    game; see the module docstring for the method.

    Args:
        playouts: Playouts per decision (1 to :data:`MOST_PLAYOUTS`). ``None``: the game's
            default (``GameInfo.simulation.search_playouts``), or with ``seconds`` given, as
            many as fit in the time.
        seconds: A time limit per decision, at most :data:`MOST_SECONDS` (the search stops at
            whichever limit comes first).
            A time limit makes decisions depend on the machine's speed: keep it ``None`` for
            reproducible results.
        rollout: Who plays the games out below the tree: a policy name of the game
            (``"heuristic"``, ``"random"``, ...) or a fast policy / plain function.
        exploration: The UCB exploration constant (0 only exploits).
        name: The name shown in simulation and tournament tables.

    Raises:
        ValueError: for a budget that is not a positive number, or a negative exploration.
        PolicyError: for a rollout that is not a policy (an unknown name is reported when the
            game is known, by :func:`~umbrella_lab.sim.policies.get_policy`).
    """

    search_policy = True
    """Marks a search player for :func:`~umbrella_lab.sim.policies.get_policy`."""

    def __init__(
        self,
        playouts: int | None = None,
        *,
        seconds: float | None = None,
        rollout: PolicyLike = "heuristic",
        exploration: float = EXPLORATION,
        name: str | None = None,
    ) -> None:
        if playouts is not None:
            playouts = whole_number(playouts, "mcts: playouts", low=1, high=MOST_PLAYOUTS)
        if seconds is not None and (
            isinstance(seconds, bool)
            or not isinstance(seconds, int | float)
            or not _finite(seconds)
            or not 0 < seconds <= MOST_SECONDS
        ):
            msg = (
                f"mcts: seconds must be a positive number of seconds, at most "
                f"{MOST_SECONDS:,}, not {shown(seconds)}"
            )
            raise OptionError(msg)
        if (
            isinstance(exploration, bool)
            or not isinstance(exploration, int | float)
            or not _finite(exploration)
            or exploration < 0
        ):
            msg = f"mcts: exploration must be a number of at least 0, not {shown(exploration)}"
            raise OptionError(msg)
        if isinstance(rollout, MCTS) or rollout == "mcts":
            msg = "mcts: the rollout policy must be a quick player (e.g. 'heuristic'), not mcts"
            raise PolicyError(msg)
        if not isinstance(rollout, str) and not callable(rollout):
            msg = (
                f"mcts: the rollout must be a policy name such as 'heuristic' or a function, "
                f"not {type(rollout).__name__}"
            )
            raise PolicyError(msg)
        self.playouts = playouts
        self.seconds = None if seconds is None else float(seconds)
        self.rollout = rollout
        self.exploration = float(exploration)
        self.name = name or self._default_name()
        self._rollouts: dict[str, FastPolicy] = {}
        budget = (
            f"{playouts} playouts a decision"
            if playouts is not None
            else "the game's default playouts a decision"
            if seconds is None
            else "as many playouts as fit"
        )
        limit = "" if seconds is None else f", at most {seconds:g} s"
        self.__doc__ = (
            f"Monte Carlo tree search from the deciding seat's view ({budget}{limit}, "
            f"{policy_name(rollout)} rollouts)."
        )

    def _default_name(self) -> str:
        if (
            self.playouts is None
            and self.seconds is None
            and self.rollout == "heuristic"
            and self.exploration == EXPLORATION
        ):
            return "mcts"
        parts = []
        if self.playouts is not None:
            parts.append(f"{self.playouts}")
        if self.seconds is not None:
            parts.append(f"{self.seconds:g}s")
        parts.append(policy_name(self.rollout))
        if self.exploration != EXPLORATION:
            parts.append(f"c={self.exploration:g}")
        return f"mcts({', '.join(parts)})"

    def __repr__(self) -> str:
        return f"<policy {self.name!r}: Monte Carlo tree search>"

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["_rollouts"] = {}  # resolved again in a worker
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    # --- the game's rollout policy ------------------------------------------------------------
    def bind(self, game: str | Game | GameInfo) -> MCTS:
        """Check the rollout policy against a game (an unknown name fails here); returns self.

        Raises:
            PolicyError: for a rollout name the game does not have.
        """
        self._rollout_for(game)
        return self

    def _rollout_for(self, game: str | Game | GameInfo) -> FastPolicy:
        key = game if isinstance(game, str) else game.name
        found = self._rollouts.get(key)
        if found is None:
            try:
                found = own_policy(game if not isinstance(game, GameInfo) else key, self.rollout)
            except PolicyError as error:
                msg = f"mcts: the rollout policy cannot be used: {error}"
                raise PolicyError(msg) from error
            if isinstance(found, MCTS):
                msg = "mcts: the rollout policy must be a quick player, not mcts"
                raise PolicyError(msg)
            self._rollouts[key] = found
        return found

    def budget(self, game: str | Game) -> int:
        """Playouts per decision in ``game`` (a game, or a registered game's name).

        The chosen number, else the game's default, or with only a time limit, no limit but
        the time.
        """
        if self.playouts is not None:
            return self.playouts
        if self.seconds is not None:
            return 1 << 62
        if isinstance(game, Game):
            info: GameInfo | None = game.info
        else:
            REGISTRY.ready(game)
            info = REGISTRY.games.get(game)
        found = None if info is None else info.simulation.search_playouts
        return FALLBACK_PLAYOUTS if found is None else found

    # --- deciding -------------------------------------------------------------------------------
    def __call__(self, state: State, rng: random.Random) -> Move:
        """The move the search chooses for the seat deciding in ``state``."""
        return self.search(state, rng).move

    def search(self, state: State, rng: random.Random) -> Search:
        """Search from ``state`` with the generator ``rng``; the move and the root statistics.

        Raises:
            IllegalActionError: when the game is over, or luck (not a seat) decides next.
        """
        if state.result is not None:
            raise IllegalActionError("the game is over; there is no move to search for")
        seat = state.to_act
        if seat == CHANCE:
            raise IllegalActionError("luck decides here, not a seat: there is nothing to search")
        began = time.perf_counter()
        view = seat if seat is not None and seat >= 0 else None
        moves = root_moves(state, view)
        if len(moves) == 1:
            return Search(moves[0], tuple(moves), (0,), (0.0,), 0, 0.0)
        rollout = self._rollout_for(state.game)
        team = view is None or state.game.info.cooperative
        me = TEAM if team else cast(int, seat)  # not a team decision: a seat's own (seat >= 0)
        deal = dealer(state, view)
        roots = [_Node(me) for _ in moves]
        usual = rollout(deal(rng.getrandbits(62)), rng)  # what the rollout policy would play
        usual_index = moves.index(usual) if usual in moves else -1
        live = list(range(len(moves)))
        rewards: list[list[float]] = [[] for _ in moves]  # per root move, one per round
        limit = self.budget(state.game)
        deadline = began + self.seconds if self.seconds is not None else math.inf
        timed = self.seconds is not None
        done = 0
        phases = max(1, math.ceil(math.log2(len(moves))))
        phase_end = limit // phases if limit < 1 << 62 else 1 << 62
        while done < limit and not (timed and time.perf_counter() >= deadline):
            base = deal(rng.getrandbits(62))  # one deal for every move still in the race
            base.events = None
            for i in live:
                if done >= limit:
                    break
                s = base._clone()
                s.events = None
                moves[i].play(s)
                rewards[i].append(self._descend(s, roots[i], rollout, rng, team, me))
                done += 1
            if done >= phase_end and len(live) > 2:  # successive halving, on common deals
                rounds = min(len(rewards[i]) for i in live)
                ranked = sorted(live, key=lambda i: (-sum(rewards[i][:rounds]), i))
                keep = ranked[: math.ceil(len(live) / 2)]
                if usual_index >= 0 and usual_index not in keep:
                    keep.append(usual_index)  # the baseline stays to the end
                live = sorted(keep)
                phase_end = done + (limit - done) // max(1, math.ceil(math.log2(len(live))))
        visits = tuple(n.visits for n in roots)
        wins = tuple(n.wins for n in roots)
        best_index = max(
            live,
            key=lambda i: (wins[i] / visits[i] if visits[i] else -1.0, visits[i], -i),
        )
        if usual_index >= 0 and best_index != usual_index:
            best_index = _overrides(usual_index, best_index, rewards)
        return Search(
            moves[best_index],
            tuple(moves),
            visits,
            wins,
            done,
            time.perf_counter() - began,
        )

    def _descend(
        self,
        s: State,
        node: _Node,
        rollout: FastPolicy,
        rng: random.Random,
        team: bool,
        me: int,
    ) -> float:
        """One playout from ``s`` (changed in place) below ``node``; the reward for ``me``.

        Down the tree by UCB (availability counts), one new node, then the rollout policy to
        the end; every node on the way learns the result for the seat that chose its move.
        """
        c, expand = self.exploration, EXPAND_AFTER
        log, sqrt = math.log, math.sqrt
        chance = s.chance_steps
        path = [node]
        while s.result is None:
            actor = s.to_act
            if chance and actor == CHANCE:
                move = s._lucky_key()
                child = node.children.get(move)
                if child is None:
                    child = node.children[move] = _Node(CHANCE)
                move.play(s)
                path.append(child)
                node = child
                continue
            if node.visits < expand:  # a young node: the rollout policy plays on from here
                break
            legal = s.legal_moves()
            children = node.children
            untried = [m for m in legal if m not in children]
            if untried:
                for m in legal:
                    if m in children:
                        children[m].avail += 1
                move = rollout(s, rng)
                if move not in untried:
                    move = untried[rng.randrange(len(untried))]
                child = children[move] = _Node(TEAM if team else actor)  # type: ignore[arg-type]
                child.avail = 1
                move.play(s)
                path.append(child)
                break
            best, best_score = None, -math.inf
            for m in legal:
                child = children[m]
                child.avail += 1
                score = child.wins / child.visits + c * sqrt(log(child.avail) / child.visits)
                if score > best_score:
                    best, best_score = m, score
            child = children[best]  # type: ignore[index]
            best.play(s)  # type: ignore[union-attr]
            path.append(child)
            node = child
        final = s if s.result is not None else play_out(s, rollout, rng, in_place=True)
        result = final.result
        assert result is not None
        won, winners = result.won, result.winners
        for n in path:
            n.visits += 1
            who = n.who
            if who == TEAM:
                n.wins += won
            elif who >= 0 and who in winners:
                n.wins += 1.0
        if me == TEAM:
            return float(won)
        return 1.0 if me in winners else 0.0

    def explain(self, state: State, seed: int = 0) -> pd.DataFrame:
        """What the search finds in ``state``: one row per move, the chosen move first.

        Args:
            state: Where a seat decides.
            seed: Seeds the search's generator (the same seed, the same answer).

        Returns:
            Columns ``label``, ``id``, ``visits`` (playouts that began with the move),
            ``wins`` and ``win_rate`` (for the deciding seat, or the team), ``chosen``.
        """
        found = self.search(state, random.Random(seed))
        rows = []
        for move, visits, wins in zip(found.moves, found.visits, found.wins, strict=True):
            action = state.action(move)
            rows.append(
                {
                    "label": action.label,
                    "id": action.id,
                    "visits": visits,
                    "wins": wins,
                    "win_rate": wins / visits if visits else math.nan,
                    "chosen": move == found.move,
                }
            )
        table = pd.DataFrame(rows)
        return table.sort_values(["chosen", "visits"], ascending=False, kind="stable").reset_index(
            drop=True
        )


def _overrides(usual: int, searched: int, rewards: list[list[float]]) -> int:
    """The searched move if it clearly beats the rollout policy's own move, else the latter.

    Both met the same deals round by round: the per-round differences must average more than
    :data:`OVERRIDE_Z` standard errors above zero.
    """
    pairs = list(zip(rewards[searched], rewards[usual], strict=False))
    if len(pairs) < 2:
        return usual
    diffs = [a - b for a, b in pairs]
    mean = sum(diffs) / len(diffs)
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1))
    return searched if mean > OVERRIDE_Z * max(spread, 1e-9) / math.sqrt(len(diffs)) else usual


def _finite(number: float) -> bool:
    """Whether a number is finite (a whole number too large for a float is not)."""
    try:
        return math.isfinite(number)
    except OverflowError:
        return False


def mcts(
    playouts: int | None = None,
    *,
    seconds: float | None = None,
    rollout: PolicyLike = "heuristic",
    exploration: float = EXPLORATION,
    name: str | None = None,
) -> MCTS:
    """A Monte Carlo tree search player with its own budget and rollout policy.

    >>> import random, umbrella_lab as ul
    >>> player = mcts(playouts=50, rollout="random")
    >>> player.name
    'mcts(50, random)'
    >>> state = ul.load("pig", players=2).new(seed=3)
    >>> state.action(player(state, random.Random(0))).label
    'P1: roll the die'

    Args:
        playouts: Playouts per decision (see :class:`MCTS`).
        seconds: A time limit per decision (results then depend on the machine's speed).
        rollout: Who plays the games out below the tree (a policy name or a function).
        exploration: The UCB exploration constant.
        name: The name shown in tables (default e.g. ``"mcts(400, heuristic)"``).

    Returns:
        The player, a fast policy that any simulation or tournament accepts.
    """
    return MCTS(playouts, seconds=seconds, rollout=rollout, exploration=exploration, name=name)


# --- what the deciding seat may know ---------------------------------------------------------


def root_moves(state: State, seat: int | None) -> list[Move]:
    """The moves ``seat`` may choose among, as it sees the table.

    The legal moves, less those that would use a card the seat may not see (a move's
    ``private_to``, e.g. another hero's secret Hero Boost).
    """
    moves = state.legal_moves()
    if seat is None:
        return list(moves)
    return [m for m in moves if not m.private_to(state, seat)]


def can_redeal(state: State) -> bool:
    """True when the game's state deals a determinization from a seat's view (``redeal``)."""
    return callable(getattr(state, "redeal", None))


def dealer(state: State, seat: int | None) -> Callable[[int], State]:
    """``seed -> a determinization``: the table as ``seat`` sees it, the rest dealt anew.

    The state's ``redeal(seat, seed)``; for a game without one, ``reshuffled(seed)`` (which
    keeps hidden hands as they are).
    """
    redeal = getattr(state, "redeal", None)
    if callable(redeal):
        return lambda seed: redeal(seat, seed)
    return state.reshuffled
