"""The design lab: measure why a game plays the way it does.

:func:`design` plays a game many times and answers a designer's questions in one report:

* **balance**: is it fair to every seat (competitive games), how often does the team win
  (co-operative games, by player count);
* **length**: how many moves, turns and rounds, and which rule ends the games;
* **choices**: how many moves a player chooses among, how often only one is legal, and how
  often the advisor can tell the best move from the rest;
* **skill and luck**: the same seeds played by a weak, a good and a searching player, the gap
  between them, and the share of the outcome's variance that the seed (luck) explains;
* **tension**: the chance to win along sampled games (from rollouts), lead changes, when a
  game is decided, and how often the side behind at half time wins;
* **rules**: for every rule of the digest, how often it fires and whether it ends games
  (rules that never fire are listed: :attr:`DesignReport.unused_rules`);
* **cards**: how much each kind of move or card matters, by *restricted play* (Jaffe et al.,
  "Evaluating Competitive Game Balance with Restricted Play", AIIDE 2012): the same seeds with
  it forbidden to one side (the team, in a co-operative game);
* **options**: every option value against the default on the same seeds (a tornado chart).

>>> from umbrella_lab import sim
>>> quick = {"cards": 1, "tension_games": 2, "advised": 1, "advisor_budget": 20}
>>> report = sim.design("pig", players=2, n=20, policies=["random", "heuristic"], budget=quick)
>>> report.metrics.columns.tolist()
['part', 'name', 'value', 'low', 'high', 'p10', 'p90', 'games', 'status', 'meaning']
>>> round(report.metric("win rate P1"), 2), report.unused_rules
(0.25, ['aim', 'data.die', 'opt.goal'])

How games are played. Main game ``i`` is dealt from seed ``seed + i`` and its players share the
generator ``random.Random(seed + i)``, as in :func:`~umbrella_lab.sim.simulate`; every other
part plays the same seeds, so each comparison is paired (common random numbers). Games are
added in batches of :data:`BATCH` until the headline figures' 95% intervals reach
``precision`` either side or the part's budget (:class:`Budget`) is spent; each row of
:attr:`DesignReport.metrics` says how many games it rests on. Work is spread over this
machine's cores; the same arguments always give the same report.
"""

from __future__ import annotations

import html
import itertools
import math
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field, fields, replace
from typing import TYPE_CHECKING, Any

from umbrella_lab.engine.core import CHANCE, Game, Result, State, load
from umbrella_lab.engine.errors import OptionError, seed_number, whole_number
from umbrella_lab.engine.luck import derive_seed
from umbrella_lab.engine.moves import ByName, Move
from umbrella_lab.engine.play import MAX_MOVES, FastPolicy, play_out
from umbrella_lab.sim._later import later
from umbrella_lab.sim._parallel import (
    local_pool,
    rebuild_game,
    shippable,
    submit_quietly,
    travels,
    workers_or_default,
)
from umbrella_lab.sim.advisor import advise
from umbrella_lab.sim.mcts import MCTS
from umbrella_lab.sim.policies import (
    PolicyError,
    PolicyLike,
    describe_policy,
    get_policy,
    policy_name,
)
from umbrella_lab.sim.solve import SolveError, slots_key, solve
from umbrella_lab.sim.stats import (
    Z95,
    agreement_by_clusters,
    agreement_estimate,
    agreement_share,
    compare,
    mean_interval,
    ratio_interval,
    spread_interval,
    t_quantile,
    upper_bound_never,
    wilson,
)

if TYPE_CHECKING:
    import pandas as pd
else:  # imported when a table is first made
    pd = later("pandas")

DEFAULT_POLICIES = ("random", "heuristic", "mcts")
"""Who plays the skill part by default, from the weakest to the strongest expected."""

DEFAULT_PRECISION = 0.05
"""The wanted half-width of the headline figures' 95% intervals (5 points either side)."""

BATCH = 100
"""Games added at a time while a figure's interval is wider than ``precision``."""

PARTS = ("balance", "length", "choices", "skill", "tension")
"""The parts of :attr:`DesignReport.metrics`, in order."""

TENSION_WIDTH = 0.1
"""The half-width wanted for each win chance of the tension part (95%, 10 points either side)."""

MOST_ROLLOUTS = 6
"""The most rollouts per position, in batches of the budget's ``rollouts``."""

DECIDED = 0.9
"""The threshold of decisiveness: a game is decided once its result's chance stays above it."""

STATE_SPACE_CAP = 20_000
"""The most positions walked to count a game's state space."""

_COUNTED: dict[tuple, int | str] = {}
"""State-space sizes counted in this process (or why not), by game, players and options."""

TIME_OUT = "time-out"
"""The ending of a game stopped by the kit's move limit (no one wins it)."""


@dataclass(frozen=True)
class Budget:
    """The most work each part of a report may do (games, positions, rollouts).

    The defaults keep a full report of every game of the kit within a minute on two cores
    (``benchmarks/design.py``); ``sim.design(..., budget={"games": 4000})`` asks for more.

    Attributes:
        games: The most main games (balance, length, choices, rules).
        option_games: The most games per option value (paired with the main games); 0
            leaves the options out.
        option_values: The most option values tried: the rule options first, then the
            readings (options whose rule is an ``opt.`` interpretation), in the game's order.
        card_games: The most games per restricted kind of move or card.
        cards: How many kinds of move and cards are tried, the most played first (0: none).
        skill_games: Games each player of the skill part plays (each seed once in every
            seat: the seeds are this shared among the seats).
        search_playouts: Playouts per decision of the search player (``"mcts"``).
        tension_games: Main games followed move by move for the tension part (0: none).
        positions: Positions sampled along each of those games.
        rollouts: Games played out from each sampled position.
        advised: Decisions the advisor rates (choices part; 0: none).
        advisor_budget: The advisor's rollouts per decision.
    """

    games: int = 1000
    option_games: int = 300
    option_values: int = 12
    card_games: int = 300
    cards: int = 8
    skill_games: int = 60
    search_playouts: int = 12
    tension_games: int = 8
    positions: int = 12
    rollouts: int = 16
    advised: int = 8
    advisor_budget: int = 150


_MOST = 10_000_000


class DesignNote(UserWarning):
    """A note about how a design report was made."""


class EndlessGame(RuntimeError):
    """A game of a variant (a restriction, an option) did not end within its move limit.

    Attributes:
        game: The game's name.
        limit: The most moves a game could last.
        seed: The seed of the game that did not end.
    """

    def __init__(self, game: str, limit: int, seed: int) -> None:
        super().__init__(game, limit, seed)
        self.game, self.limit, self.seed = game, limit, seed

    def __str__(self) -> str:
        return f"{self.game}: a game did not end within {self.limit:,} moves (seed {self.seed})"


RESTRICTED_LENGTH = 20
"""A restricted or optional game may last this many times the longest main game (at least
:data:`RESTRICTED_FLOOR` moves) before it counts as endless (a side forbidden to hold in Pig
with a die without a pig could roll forever)."""

RESTRICTED_FLOOR = 2_000


# --- the report -----------------------------------------------------------------------------


@dataclass
class DesignReport:
    """What :func:`design` measured; every table is tidy (one row per figure).

    Attributes:
        game: The game's name.
        title: The game's title.
        players: The player counts measured (the first is used for every part but balance).
        cooperative: True when the players win or lose together.
        policy: The name of the player of the main games.
        policies: The names of the players compared in the skill part.
        seed: The first seed.
        precision: The wanted half-width of the headline intervals.
        changed_options: The options that differ from their defaults (as ``Game`` names them).
        metrics: One row per figure: ``part`` (balance, length, choices, skill, tension),
            ``name``, ``value``, ``low`` and ``high`` (its 95% range, which always holds the
            value and stays within the figure's possible range), ``p10`` and ``p90`` (a
            spread's 10th and 90th percentiles), ``games`` (games the figure rests on),
            ``status`` (``""`` measured; ``"exact"`` known from the rules; ``"does not
            apply"``, no value; ``"budget reached"``, stopped before the wanted precision;
            ``"not measured"``) and ``meaning`` (what it means and how it was measured).
        rules: One row per rule of the digest (then any other rule cited): ``rule``,
            ``title``, ``section``, ``kind`` (play, setup, option or reference:
            :func:`rule_kind`), ``applies`` (False for a solo rule in a game of several
            players: it cannot fire, and has no bound), ``rare`` (the game marks it as needing a
            rare situation),
            ``games``, ``fired`` (games in which it fired), ``upper`` (for a rule that never
            fired, the 95% upper bound on its chance per game), ``share`` (of the games),
            ``low`` and ``high`` (its 95% Wilson range), ``per_game`` (times per game, with
            ``per_game_low`` and ``per_game_high``), ``ended`` (games it ended) and
            ``ended_share`` (with ``ended_low`` and ``ended_high``).
        cards: Restricted play: ``restriction`` (what was forbidden), ``kind``, ``card``,
            ``played`` (times the main games' players chose it), ``games``, ``with_it`` and
            ``without`` (the restricted side's win rate), ``change``, ``low``, ``high``,
            ``bites`` (decisions at which the ban changed the move) and ``status`` (``"never
            a real choice"`` when it never did: no change is shown).
        options: One row per option value: ``option``, ``value``, ``default``, ``games``
            (added in batches until the change was known within the precision, or the
            budget), ``win_rate``, ``change``, ``low``, ``high`` (win rate), ``moves``,
            ``moves_change``, ``moves_low``, ``moves_high`` and ``status``.
        tension: The win-probability curves: ``game`` (its seed), ``move``, ``share`` (of the
            game's moves), ``side`` (a seat's name, or ``"team"``), ``chance``.
        games: One row per main game (seed, players, winners, result rule, moves, ...;
            ``shuffled``: the piles shuffled during play, after the deal).
        notes: Sentences on how the report was made (budget spent, interval not reached).
        seconds: The time each part took (it varies from run to run; nothing else does).
        player_line: Who played the main games and how that player plays, in one line.
        player_lines: The same line for each player of the skill part, by name.
    """

    game: str
    title: str
    players: tuple[int, ...]
    cooperative: bool
    policy: str
    policies: tuple[str, ...]
    seed: int
    precision: float
    changed_options: dict[str, Any]
    metrics: pd.DataFrame
    rules: pd.DataFrame
    cards: pd.DataFrame
    options: pd.DataFrame
    tension: pd.DataFrame
    games: pd.DataFrame
    notes: list[str] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict, compare=False)
    player_line: str = ""
    player_lines: dict[str, str] = field(default_factory=dict)

    @property
    def unused_rules(self) -> list[str]:
        """Ids of the digest's rules that fired in no game (option rules included)."""
        table = self.rules
        return table.loc[(table["fired"] == 0) & table["in_digest"], "rule"].tolist()

    def metric(self, name: str) -> float:
        """The value of one metric by its name (see ``metrics["name"]``).

        Raises:
            KeyError: naming the metrics there are.
        """
        found = self.metrics.loc[self.metrics["name"] == name, "value"]
        if found.empty:
            names = ", ".join(self.metrics["name"])
            msg = f"no metric named {name!r}; the metrics are: {names}"
            raise KeyError(msg)
        return float(found.iloc[0])

    def part(self, part: str) -> pd.DataFrame:
        """The metrics of one part (balance, length, choices, skill or tension)."""
        if part not in PARTS:
            msg = f"no part {part!r}; the parts are {', '.join(PARTS)}"
            raise KeyError(msg)
        return self.metrics[self.metrics["part"] == part].reset_index(drop=True)

    def charts(self) -> dict[str, Any]:
        """The report's altair charts by part (see :mod:`umbrella_lab.charts.design`)."""
        return _upper("umbrella_lab.charts.design", "design_charts")(self)

    def to_html(self, *, pictures: bool = True) -> str:
        """A self-contained web page of the report, to share (charts as SVG pictures)."""
        return _upper("umbrella_lab.charts.design", "design_html")(self, pictures=pictures)

    def widget(self) -> Any:
        """A widget with one tab per part (see :mod:`umbrella_lab.widgets.design`)."""
        return _upper("umbrella_lab.widgets.design", "design_widget")(self)

    def __repr__(self) -> str:
        return (
            f"<DesignReport {self.game}, {player_count(self.players)}, "
            f"{len(self.games)} main games ({self.policy}), {len(self.metrics)} metrics>"
        )

    def _repr_html_(self) -> str:
        shown = _upper("umbrella_lab.charts.design", "metrics_table")(self.metrics)
        head = f"<h3>Design report: {html.escape(self.title)}</h3>"
        return head + shown.to_html(index=False, border=0)


def _upper(module: str, name: str) -> Callable[..., Any]:
    """A presenter of the layer above (charts, widgets), found by name when it is asked for.

    The report's data is made here; its pictures and its widget belong to the layers above
    (``sim`` imports neither altair nor ipywidgets), so they are looked up only when a reader
    asks for them.
    """
    import importlib

    return getattr(importlib.import_module(module), name)


# --- the public function --------------------------------------------------------------------


def design(
    game: str | Game,
    players: int | Sequence[int] | None = None,
    policies: Sequence[PolicyLike] = DEFAULT_POLICIES,
    n: int | None = None,
    precision: float = DEFAULT_PRECISION,
    seed: int = 0,
    *,
    policy: PolicyLike | None = None,
    budget: Budget | Mapping[str, int] | None = None,
    solution: Any = None,
    workers: int | None = None,
    executor: Executor | None = None,
    **options: Any,
) -> DesignReport:
    """Measure a game's design in one report: balance, length, choices, skill, tension.

    Rules, cards and options come with it (see :class:`DesignReport`).

    Args:
        game: A registered game's name (then rule options may follow) or a loaded game.
        players: A player count, or several (balance is then given per count; every other
            part uses the first). Default: the loaded game's, or the game's first count.
        policies: The players compared in the skill part, from the weakest to the strongest
            expected: names (``"random"``, ``"heuristic"``, ``"mcts"``: the search player with
            ``budget.search_playouts`` playouts), fast policies or plain functions.
        n: Play exactly ``n`` seeds in every part instead of adding games until
            ``precision`` is met (a quick look: ``n=50``).
        precision: The half-width wanted for the headline 95% intervals (the win rates, the
            options' and cards' changes), a fraction above 0 and below 0.5.
        seed: The first seed; the same arguments always give the same report.
        policy: Who plays the main games, the options, the cards and the rollouts (default:
            the game's heuristic, its best ready-made player; the report names who played).
        budget: The most work per part (a :class:`Budget`, or a dict changing some of its
            fields, e.g. ``{"games": 4000}``); default: the game's
            ``GameInfo.simulation.design_budget``.
        solution: Exact play, if known (``sim.solve``'s answer: ``.value(state)``, the win
            chance of the seat to act, and ``.policy``): the report then gives the main
            player's regret against it.
        workers: Processes to use (default: every core; ``1``: this process only).
        executor: Any ``concurrent.futures`` executor to run on instead (e.g. Dask's).
        **options: Rule options (when ``game`` is a name).

    Returns:
        A :class:`DesignReport`.

    Raises:
        OptionError: for an unknown game, player count, option, budget field, a count of
            games, a precision or a seed that is not allowed (the message names the field
            and what is allowed).
        PolicyError: for an unknown policy.
    """
    base, counts = _check_game(game, players, options)
    n = None if n is None else whole_number(n, "design: n (games)", low=2, high=_MOST)
    precision = _check_precision(precision)
    seed = seed_number(seed, "design: the seed")
    plan = _check_budget(base, budget)
    main_policy = _check_main_policy(base, policy)
    lineup = _check_policies(base, policies, main_policy, plan)
    if solution is not None and not (
        callable(getattr(solution, "value", None)) and hasattr(solution, "policy")
    ):
        msg = (
            "design: solution must be exact play with .value(state) and .policy "
            f"(what sim.solve returns), not {type(solution).__name__}"
        )
        raise OptionError(msg)
    cores = workers_or_default(workers, "design")
    sendable = all(shippable(p) for p in (main_policy, *lineup.values())) and travels(base)
    with _Runner(cores if sendable else 1, executor if sendable else None) as runner:
        return _Designer(base, counts, main_policy, lineup, n, precision, seed, plan, runner)(
            solution
        )


# --- checks ---------------------------------------------------------------------------------


def _check_game(
    game: str | Game, players: int | Sequence[int] | None, options: dict[str, Any]
) -> tuple[Game, tuple[int, ...]]:
    counts: list[Any]  # player counts, or None (the game's default); load checks each
    if isinstance(players, Iterable) and not isinstance(players, str | bytes):
        counts = list(players)
        if not counts:
            msg = "design: players must be a player count or a list of them, not an empty list"
            raise OptionError(msg)
    else:
        counts = [players]
    if isinstance(game, str):
        loaded = [load(game, players=p, **options) for p in counts]
    elif isinstance(game, Game):
        loaded = [
            game.with_options(p, **options) if p is not None or options else game for p in counts
        ]
    else:
        msg = f"design: give a game name such as 'pig' or a loaded game, not {type(game).__name__}"
        raise OptionError(msg)
    seen = [g.players for g in loaded]
    if len(set(seen)) != len(seen):
        msg = f"design: players lists a count twice ({seen}); give each count once"
        raise OptionError(msg)
    return loaded[0], tuple(seen)


def _check_precision(precision: object) -> float:
    if (
        isinstance(precision, bool)
        or not isinstance(precision, int | float)
        or not 0 < float(precision) < 0.5
        or math.isnan(float(precision))
    ):
        msg = (
            "design: precision (the wanted half-width of a 95% interval) must be a fraction "
            f"above 0 and below 0.5, e.g. 0.05 for 5 points either side, not {precision!r}"
        )
        raise OptionError(msg)
    return float(precision)


def _check_budget(game: Game, budget: Budget | Mapping[str, int] | None) -> Budget:
    plan = Budget(**game.info.simulation.design_budget)
    if budget is None:
        return plan
    if isinstance(budget, Budget):
        changes = {f.name: getattr(budget, f.name) for f in fields(Budget)}
    elif isinstance(budget, Mapping):
        changes = dict(budget)
    else:
        msg = f"design: budget must be a dict of budget fields or a Budget, not {budget!r}"
        raise OptionError(msg)
    known = [f.name for f in fields(Budget)]
    for key, value in changes.items():
        if key not in known:
            msg = f"design: budget has no field {key!r}; the fields are {', '.join(known)}"
            raise OptionError(msg)
        low = 0 if key in ("cards", "advised", "tension_games", "option_games") else 1
        whole_number(value, f"design: budget field {key}", low=low, high=_MOST)
    return replace(plan, **{k: int(v) for k, v in changes.items()})


def _check_main_policy(game: Game, policy: PolicyLike | None) -> PolicyLike:
    """The main games' player: the one given, else the game's heuristic (its best player)."""
    chosen = policy
    if chosen is None:
        chosen = "heuristic" if "heuristic" in game.info.policy_table else "random"
    get_policy(game, chosen)  # an unknown name fails here, naming the policies
    return chosen


def _check_policies(
    game: Game, policies: Sequence[PolicyLike], main: PolicyLike, plan: Budget
) -> dict[str, PolicyLike]:
    if isinstance(policies, str) or not isinstance(policies, Sequence) or not policies:
        msg = (
            "design: policies must be a list of players from the weakest to the strongest, "
            f"e.g. ['random', 'heuristic', 'mcts'], not {policies!r}"
        )
        raise PolicyError(msg)
    lineup: dict[str, PolicyLike] = {}
    for item in policies:
        chosen: PolicyLike = item
        if item == "mcts":  # its playouts by the game's quick player (its heuristic may be slow)
            quick = game.info.simulation.main_policy
            chosen = MCTS(plan.search_playouts, rollout=quick, name="mcts")
        get_policy(game, chosen)
        name = policy_name(item)
        if name in lineup:
            msg = f"design: policies names {name!r} twice; give each player once"
            raise PolicyError(msg)
        lineup[name] = chosen
    return lineup


# --- restricted play ------------------------------------------------------------------------


def card_names(state: State, move: Move) -> list[str]:
    """The names of the cards (or other data entries) a move uses: its ``ByName`` id parts."""
    parts = type(move).id_parts()
    return [
        part.write(state, value)
        for part, value in zip(parts, move[1:], strict=True)
        if isinstance(part, ByName)
    ]


@dataclass(frozen=True)
class Restriction:
    """A kind of move, or one card of it, forbidden to one side.

    Attributes:
        kind: The kind of move (``"attack"``).
        card: A card's name in that kind's moves (``None``: every move of the kind).
    """

    kind: str
    card: str | None = None

    def forbids(self, state: State, move: Move) -> bool:
        """True when ``move`` is of the kind (and uses the card)."""
        if move[0] != self.kind:
            return False
        return self.card is None or self.card in card_names(state, move)

    def __str__(self) -> str:
        return f"no {self.kind}" if self.card is None else f"no {self.kind} with {self.card}"


def restricted_move(
    state: State, rng: random.Random, fast: FastPolicy, restriction: Restriction
) -> Move:
    """The move of ``fast``, or when it is forbidden, another legal move at random.

    When every legal move is forbidden, the forbidden move is played after all (the side
    cannot pass by the rules).
    """
    return _restricted(state, rng, fast, restriction)[0]


def _restricted(
    state: State, rng: random.Random, fast: FastPolicy, restriction: Restriction
) -> tuple[Move, bool]:
    """:func:`restricted_move`, and whether the restriction changed the move (it bit)."""
    move = fast(state, rng)
    if not restriction.forbids(state, move):
        return move, False
    allowed = [m for m in state.legal_moves() if not restriction.forbids(state, m)]
    return (allowed[rng.randrange(len(allowed))], True) if allowed else (move, False)


# --- the work a worker does -----------------------------------------------------------------


def _resolve(game: Game, spec: PolicyLike) -> FastPolicy:
    return get_policy(game, spec)


def trace_games(
    name: str,
    players: int,
    options: dict[str, Any],
    policy: PolicyLike,
    start: int,
    stop: int,
    keep: int,
) -> list[dict[str, Any]]:
    """Play seeds ``start .. stop - 1`` recording what the report needs of each game.

    Events are recorded (for their rule ids), and every decision's number of legal moves.
    The moves of games with seeds below ``keep`` are returned too (to follow them later).
    """
    game = rebuild_game(name, players, options)
    fast = _resolve(game, policy)
    return [_trace(game, fast, s, keep=s < keep) for s in range(start, stop)]


def _trace(game: Game, fast: FastPolicy, seed: int, *, keep: bool) -> dict[str, Any]:
    s = game.new(seed)
    rules: Counter[str] = Counter(e.rule for e in s.events or ())
    s.events = []
    rng = random.Random(seed)
    moves: list[tuple] = []
    branching: list[tuple[int, int]] = []  # (move index, legal moves) per decision
    actors: list[int] = []
    kinds: Counter[str] = Counter()
    cards: Counter[tuple[str, str]] = Counter()
    chance = s.chance_steps
    dealt = _shuffles(s)
    luck = 0
    timed_out = False
    while s.result is None:
        if len(moves) >= MAX_MOVES:  # stopped by the kit's move limit: a time-out
            timed_out = True
            break
        if chance and s.to_act == CHANCE:
            move = s._lucky_key()
            luck += 1
        else:
            actors.append(s.to_act)  # type: ignore[arg-type]
            branching.append((len(moves), len(s.legal_moves())))
            move = fast(s, rng)
            kinds[move[0]] += 1
            for card in card_names(s, move):
                cards[(move[0], card)] += 1
        moves.append(move)
        move.play(s)
        for event in s.events:
            rules[event.rule] += 1
        s.events.clear()
    result = s.result
    if result is None:  # timed out: nobody wins
        result = Result((), f"no result within {MAX_MOVES:,} moves", TIME_OUT)
    total = len(moves)
    thirds = [[0, 0], [0, 0], [0, 0]]
    for index, count in branching:
        third = min(2, index * 3 // max(total, 1))
        thirds[third][0] += count
        thirds[third][1] += 1
    turns = 1 + sum(1 for a, b in itertools.pairwise(actors) if a != b) if actors else 0
    summary = s.summary()
    turns = int(summary.get("turns", turns))
    rounds = int(summary.get("rounds", math.ceil(turns / game.players)))
    if not timed_out:
        rules[result.rule] += 0  # the ending rule is listed even when it says nothing
    scores = sorted(result.scores, reverse=True)
    return {
        "seed": seed,
        "players": game.players,
        "winners": tuple(result.winners),
        "won": result.won,
        "rule": result.rule,
        "moves": total,
        "turns": turns,
        "rounds": rounds,
        "decisions": len(branching),
        "forced": sum(1 for _, c in branching if c == 1),
        "branching": sum(c for _, c in branching),
        "widest": max((c for _, c in branching), default=0),
        "luck": luck,
        "shuffled": _shuffles(s) - dealt,
        "timed_out": timed_out,
        "margin": float(scores[0] - scores[1]) if len(scores) > 1 else math.nan,
        "thirds": thirds,
        "rules": dict(rules),
        "kinds": dict(kinds),
        "cards": dict(cards),
        "played": moves if keep else None,
    }


@dataclass(frozen=True)
class Sides:
    """Who plays a batch of paired games: the tested side, the others, and any restriction.

    In a competitive game the tested side is seat ``seed % players`` and the others play
    ``others`` (``None``: the tested policy too); in a co-operative game the tested policy
    makes every decision. A restriction applies to the tested side's decisions. The players
    draw their own random choices from ``random.Random(seed)`` (with a ``salt``, from a
    generator of their own instead: the deal stays the seed's). A game longer than ``limit``
    moves stops the batch (:class:`EndlessGame`).

    Attributes:
        name: The game's registered name.
        players: The player count.
        options: The rule options that differ from their defaults.
        tested: The tested side's policy.
        others: The other seats' policy (``None``: the tested policy).
        restriction: What the tested side may not play (``None``: anything legal).
        salt: ``0`` for the seed's own generator, else a generator of the players' own.
        limit: The most moves a game may last.
        seat: The tested side's seat (``None``: ``seed % players``).
    """

    name: str
    players: int
    options: dict[str, Any]
    tested: PolicyLike
    others: PolicyLike | None = None
    restriction: Restriction | None = None
    salt: int = 0
    limit: int = MAX_MOVES
    seat: int | None = None

    @classmethod
    def of(cls, game: Game, tested: PolicyLike, **how: Any) -> Sides:
        """The sides of ``game`` as loaded (its player count and changed options)."""
        return cls(game.name, game.players, dict(game.changed_options), tested, **how)


Played = tuple[int, tuple[int, ...], bool, int, int, int]
"""One game of :func:`play_sides`: seed, winners, won, moves, bites, shuffles during play."""


def _shuffles(state: State) -> int:
    """The piles ``state`` has shuffled since its seed was set (0 for a game that never does).

    A state that shuffles counts its shuffles (:meth:`State._rng`); the deal's own are
    counted too, so a caller subtracts the count of the fresh deal.
    """
    return int(getattr(state, "shuffles", 0))


def play_sides(sides: Sides, start: int, stop: int) -> list[Played]:
    """Play seeds ``start .. stop - 1`` as ``sides`` says (see :class:`Sides`).

    Returns:
        ``(seed, winners, won, moves, bites, shuffled)`` per game: ``bites`` counts the
        decisions at which the restriction changed the move (another move was legal),
        ``shuffled`` the piles shuffled during play (after the deal: :func:`_shuffles`).

    Raises:
        EndlessGame: when a game lasts more than ``sides.limit`` moves.
    """
    name, players, salt, limit = sides.name, sides.players, sides.salt, sides.limit
    tested, others, restriction = sides.tested, sides.others, sides.restriction
    game = rebuild_game(name, players, sides.options)
    mine = _resolve(game, tested)
    theirs = mine if others is None else _resolve(game, others)
    coop = game.info.cooperative
    rows = []
    for seed in range(start, stop):
        s = game.deal(seed)
        rng = random.Random(seed if not salt else _rollout_seed(seed, 1_000 + salt))
        seat = seed % players if sides.seat is None else sides.seat
        chance = s.chance_steps
        dealt = _shuffles(s)
        count = bites = 0
        while s.result is None:
            if chance and s.to_act == CHANCE:
                move = s._lucky_key()
            else:
                own = coop or s.to_act == seat or s.to_act is None or s.to_act < 0
                fast = mine if own else theirs
                if own and restriction is not None:
                    move, bit = _restricted(s, rng, fast, restriction)
                    bites += bit
                else:
                    move = fast(s, rng)
            move.play(s)
            count += 1
            if count > limit:
                raise EndlessGame(name, limit, seed)
        result = s.result
        rows.append((seed, tuple(result.winners), result.won, count, bites, _shuffles(s) - dealt))
    return rows


def _rollout_seed(seed: int, j: int) -> int:
    return derive_seed(seed, j)


def follow_game(
    name: str,
    players: int,
    options: dict[str, Any],
    policy: PolicyLike,
    seed: int,
    played: Sequence[tuple],
    positions: Sequence[int],
    rollouts: int,
    advise_at: int | None,
    advisor_budget: int,
) -> tuple[list[tuple[list[float], int]], str | None]:
    """Replay one game and estimate each seat's chance to win after ``positions`` moves.

    The chance comes from games played out with ``policy`` from a copy of the position whose
    luck to come is dealt anew (``reshuffled``), ``rollouts`` at a time until the estimate is
    within :data:`TENSION_WIDTH` (see :func:`_chances`). At the move ``advise_at`` the advisor
    rates the moves (its verdict on the best is returned).

    Returns:
        Per position, each seat's share of rollouts won (one share, the team's, in a
        co-operative game) and the rollouts played; and the advisor's first verdict.
    """
    game = rebuild_game(name, players, options)
    fast = _resolve(game, policy)
    coop = game.info.cooperative
    state = game.deal(seed)
    wanted = set(positions)
    chances: dict[int, tuple[list[float], int]] = {}
    verdict = None
    for index in range(len(played) + 1):
        if index == advise_at and state.result is None:
            table = advise(state, policy, seed=seed, budget=advisor_budget, workers=1)
            verdict = str(table["verdict"].iloc[0])
        if index in wanted:
            chances[index] = _chances(state, fast, rollouts, coop, players)
        if index < len(played):
            state = state._clone()
            played[index].play(state)  # type: ignore[attr-defined]
    return [chances[i] for i in positions], verdict


def _chances(
    state: State, fast: FastPolicy, rollouts: int, coop: bool, players: int
) -> tuple[list[float], int]:
    """Each side's share of rollouts won from ``state``, and how many rollouts it took.

    Rollouts are added ``rollouts`` at a time until every side's 95% Wilson interval is
    within :data:`TENSION_WIDTH` either side, or :data:`MOST_ROLLOUTS` times ``rollouts``
    were played. A finished game needs none.
    """
    result = state.result
    if result is not None:
        if coop:
            return [float(result.won)], 0
        return [float(seat in result.winners) for seat in range(players)], 0
    wins = [0] * (1 if coop else players)
    played = 0
    most = rollouts * MOST_ROLLOUTS
    while played < most:
        for j in range(played, played + rollouts):
            rseed = _rollout_seed(state.seed, j)
            try:
                start = state.reshuffled(rseed)
            except NotImplementedError:  # a game without hidden luck to deal anew
                start = state._clone()
            final = play_out(start, fast, random.Random(rseed))
            assert final.result is not None
            if coop:
                wins[0] += final.result.won
            else:
                for seat in final.result.winners:
                    wins[seat] += 1
        played += rollouts
        if all(_half(*wilson(w, played)[1:]) <= TENSION_WIDTH for w in wins):
            break
    return [w / played for w in wins], played


# --- running work ---------------------------------------------------------------------------


class _Runner:
    """Runs the workers' functions here or on a pool of processes, results in task order."""

    def __init__(self, cores: int, executor: Executor | None) -> None:
        self.cores = cores
        self.executor = executor
        self.pool: Executor | None = executor

    def __enter__(self) -> _Runner:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.pool is not None and self.executor is None:
            self.pool.shutdown(wait=True, cancel_futures=True)

    @property
    def parts(self) -> int:
        return self.cores if self.executor is None else max(2 * self.cores, 2)

    def map(self, fn: Callable[..., Any], tasks: list[tuple]) -> list[Any]:
        if len(tasks) <= 1 or (self.cores <= 1 and self.executor is None):
            return [fn(*task) for task in tasks]
        if self.pool is None:
            self.pool = local_pool(self.cores)
        futures = [submit_quietly(self.pool, fn, *task) for task in tasks]
        return [future.result() for future in futures]


def _split(start: int, stop: int, parts: int) -> list[tuple[int, int]]:
    size = max(1, math.ceil((stop - start) / max(parts, 1)))
    return [(s, min(s + size, stop)) for s in range(start, stop, size)]


# --- making the report ----------------------------------------------------------------------


METRIC_COLUMNS = [
    "part",
    "name",
    "value",
    "low",
    "high",
    "p10",
    "p90",
    "games",
    "status",
    "meaning",
]
"""The columns of :attr:`DesignReport.metrics`."""

EXACT = "exact"
"""A row's status: known from the rules, not estimated (no interval needed)."""

NOT_APPLICABLE = "does not apply"
"""A row's status: the figure has no meaning for this game (the meaning says why); no value."""

AT_BUDGET = "budget reached"
"""A row's status: its part stopped at its budget before its interval was as narrow as wanted."""

NO_CHOICE = "never a real choice"
"""A card row's status: whenever the move was chosen nothing else was legal, so forbidding it
changed nothing by construction."""


def _row(
    part: str,
    name: str,
    value: float,
    low: float,
    high: float,
    games: int,
    meaning: str,
    *,
    status: str = "",
    p10: float = math.nan,
    p90: float = math.nan,
) -> dict[str, Any]:
    value, low, high = float(value), float(low), float(high)
    if not math.isnan(value):  # an interval always holds its value
        low = value if math.isnan(low) else min(low, value)
        high = value if math.isnan(high) else max(high, value)
    return {
        "part": part,
        "name": name,
        "value": value,
        "low": low,
        "high": high,
        "p10": float(p10),
        "p90": float(p90),
        "games": int(games),
        "status": status,
        "meaning": meaning,
    }


def _not_measured(part: str, name: str, games: int, why: str) -> dict[str, Any]:
    """A row that gives no figure, with ``why`` as its meaning (status ``not measured``)."""
    return _row(part, name, math.nan, math.nan, math.nan, games, why, status="not measured")


def _absent(part: str, name: str, why: str, games: int = 0) -> dict[str, Any]:
    """A figure that does not apply to this game: no number, the reason in words."""
    return _row(part, name, math.nan, math.nan, math.nan, games, why, status=NOT_APPLICABLE)


def _mean_row(
    part: str,
    name: str,
    values: Sequence[float],
    meaning: str,
    *,
    lowest: float = 0.0,
    highest: float = math.inf,
) -> dict[str, Any]:
    """A mean over games with its 95% Student t interval, kept within the possible range."""
    count = len(values)
    if count == 0:
        return _row(part, name, math.nan, math.nan, math.nan, 0, meaning)
    mean, low, high = mean_interval(values, lowest, highest)
    return _row(part, name, mean, low, high, count, meaning)


def _spread_row(part: str, name: str, values: Sequence[float], meaning: str) -> dict[str, Any]:
    """The standard deviation with its 95% interval (Bonett's), percentiles apart."""
    count = len(values)
    if count < 2:
        return _row(part, name, math.nan, math.nan, math.nan, count, meaning)
    sd, low, high = spread_interval(values)
    q = statistics.quantiles(sorted(values), n=10, method="inclusive")
    return _row(part, name, sd, low, high, count, meaning, p10=q[0], p90=q[-1])


def _rate_row(
    part: str, name: str, wins: int, games: int, meaning: str, *, status: str = ""
) -> dict[str, Any]:
    if games == 0:
        return _row(part, name, math.nan, math.nan, math.nan, 0, meaning, status=status)
    rate, low, high = wilson(wins, games)
    return _row(part, name, rate, low, high, games, meaning, status=status)


def _half(low: float, high: float) -> float:
    return (high - low) / 2


RULE_KINDS = ("play", "card", "setup", "option", "solo", "reference")
"""How the report groups a digest's rules: rules of play (they fire during a game), rules of
one card, villain or place (they fire only when it is dealt), setup rules (they fire once, as
the table is dealt), option rules (they fire only when their option or challenge is chosen),
solo rules (they apply only to a game of one player) and reference entries (the aim, the data
files: they describe, and never fire)."""

_CARD_SECTIONS = ("special", "dashboard", "threat cards", "locations", "cards")


def rule_kind(rule: str, section: str = "") -> str:
    """The group of a rule (see :data:`RULE_KINDS`) from its id and its digest section.

    >>> rule_kind("setup.hands"), rule_kind("opt.goal"), rule_kind("turn.roll"), rule_kind("aim")
    ('setup', 'option', 'play', 'reference')
    >>> rule_kind("dash.ultron", "12. Villain dashboards"), rule_kind("solo.setup", "9. Solo")
    ('card', 'solo')
    """
    words = section.lower()
    if rule.startswith("solo.") or "solo" in words:
        return "solo"
    if rule.startswith("setup.") or "setup" in words:
        return "setup"
    if (
        rule.startswith(("opt.", "challenge."))
        or "option" in words
        or "variant" in words
        or "challenge" in words
    ):
        return "option"
    if rule.startswith("data.") or rule == "aim" or words.endswith((". aim", ". data")):
        return "reference"
    if any(word in words for word in _CARD_SECTIONS):
        return "card"
    return "play"


def players_offered(game: Game) -> list[tuple[str, str]]:
    """The players a teacher may choose, each once: ``(name as shown, name to pass)``.

    A game's best player listed under two names (Marvel United's planner is its heuristic)
    is shown once, as ``"heuristic (planner)"``; the search player ``"mcts"`` is shown as
    ``"search"``.

    >>> import umbrella_lab as ul
    >>> [shown for shown, _ in players_offered(ul.load("marvel"))]
    ['heuristic (planner)', 'greedy', 'random', 'search']
    """
    table = game.info.policy_table
    shown: list[tuple[str, str]] = []
    seen: set[int] = set()
    names = sorted(table, key=lambda n: (n != "heuristic", n == "random", n))
    for name in names:
        if id(table[name]) in seen:
            continue
        seen.add(id(table[name]))
        aliases = [k for k, f in table.items() if f is table[name] and k != name]
        shown.append((f"{name} ({', '.join(aliases)})" if aliases else name, name))
    shown.append(("search", "mcts"))
    return shown


def player_line(game: Game, spec: PolicyLike, playouts: int) -> str:
    """Who a player is and how it plays, in one line (each player under one name).

    >>> import umbrella_lab as ul
    >>> player_line(ul.load("pig"), "heuristic", 8)
    'heuristic (hold-at-20): roll until the turn total reaches 20, or holding wins; then hold.'
    """
    name = policy_name(spec)
    if name == "mcts":
        return (
            f"search ({playouts} playouts a move): Monte Carlo tree search, each move tried "
            "in games played out by the game's quick player."
        )
    try:
        text = describe_policy(game.name, spec).split(": ", 1)[-1]
    except Exception:  # a player of a game that is not registered: its name alone
        return name
    text = text.split(": the ``")[0].rstrip(".") + "."
    table = game.info.policy_table
    fast = table.get(name) if isinstance(spec, str) else None
    aliases = [k for k, f in table.items() if fast is not None and f is fast and k != name]
    shown = f"{name} ({', '.join(aliases)})" if aliases else name
    return f"{shown}: {text[0].lower() + text[1:]}"


def seat_advantage(
    winners: Sequence[Sequence[int]], players: int, z: float = Z95
) -> tuple[float, float, float, float]:
    """The first seat's win rate minus a fair share, its 95% range, and the fair share.

    A fair share is what every seat wins in a fair game: the seats' mean win rate, ``1 /
    players`` when every game has one winner, more when games are shared (each winner counts
    a win), less when some have none. When every game has one winner the range is Wilson's
    score interval of the first seat's rate, shifted; otherwise it is Student's t interval of
    the games' ``(1 if seat 0 won) - winners / players`` (their mean is the advantage), kept
    within the possible range. ``z`` widens it to another level (a look of a sequential
    check).

    >>> [round(v, 3) for v in seat_advantage([(0,), (1,), (0, 1)] * 20, 2)]
    [0.0, -0.106, 0.106, 0.667]
    >>> seat_advantage([(0,), (1,)] * 20, 2)[0]
    0.0
    """
    games = len(winners)
    if all(len(w) == 1 for w in winners):
        fair = 1 / players
        rate, low, high = wilson(sum(0 in w for w in winners), games, z)
        return rate - fair, low - fair, high - fair, fair
    fair = sum(len(set(w)) for w in winners) / (games * players)
    edge = (players - 1) / players
    values = [float(0 in w) - len(set(w)) / players for w in winners]
    if z == Z95:
        return (*mean_interval(values, -edge, edge), fair)
    mean = math.fsum(values) / games
    spread = statistics.stdev(values) if games > 1 else math.inf
    level = statistics.NormalDist().cdf(z)
    half = t_quantile(level, games - 1) * spread / math.sqrt(games) if games > 1 else math.inf
    return mean, max(-edge, mean - half), min(edge, mean + half), fair


def skill_gap(outcomes: Mapping[str, Sequence[float]]) -> tuple[str, str, float, float, float]:
    """The best and the worst player, and how much more the best won, with its 95% range.

    ``outcomes[name][s]`` is a player's result on seed ``s`` (its wins over the seats), every
    player on the same seeds. The best and the worst are those with the highest and the lowest
    mean (ties to the first listed); the gap is the mean of their per-seed differences, with
    Student's t interval. As the pair is picked after the games, the range is made to hold
    every pair's difference at once (Bonferroni over the ``K (K - 1) / 2`` pairs of ``K``
    players), so it holds the picked pair's at 95% at least: a plain 95% range missed the
    truth 12% to 14% of the time between three equal players, 20% between four.

    >>> best, worst, gap, low, high = skill_gap({"a": [1, 0, 1, 1], "b": [0, 0, 1, 0]})
    >>> best, worst, gap
    ('a', 'b', 0.5)
    """
    names = list(outcomes)
    means = {name: math.fsum(outcomes[name]) for name in names}
    ranked = sorted(names, key=lambda n: (-means[n], names.index(n)))
    best, worst = ranked[0], ranked[-1]
    differences = [a - b for a, b in zip(outcomes[best], outcomes[worst], strict=True)]
    pairs = max(1, len(names) * (len(names) - 1) // 2)
    gap, low, high = mean_interval(differences, -1.0, 1.0, confidence=1 - 0.05 / pairs)
    return best, worst, gap, low, high


def _look_z(look: int) -> float:
    """The width (in standard errors) of an interval checked at the ``look``-th batch.

    The 5% error is shared out among the looks as ``6 * 0.05 / (pi ** 2 * look ** 2)`` (the
    shares add up to 5%: a union bound), so that stopping as soon as one look leaves out zero
    is wrong at most 5% of the time.
    """
    alpha = 6 * 0.05 / (math.pi**2 * look**2)
    return statistics.NormalDist().inv_cdf(1 - alpha / 2)


def player_count(players: int | Sequence[int]) -> str:
    """A player count, or several, in the report's words.

    >>> player_count(1), player_count(3), player_count((2, 3))
    ('1 player', '3 players', '2/3 players')
    """
    counts = [players] if isinstance(players, int) else list(players)
    text = "/".join(str(count) for count in counts)
    return f"{text} player" if counts == [1] else f"{text} players"


def seat_name(seat: int) -> str:
    """``"P1"`` for seat 0: seats in the report's words."""
    return f"P{seat + 1}"


def luck_share(outcomes: Sequence[Sequence[float]], seats: Sequence[int] | None = None) -> float:
    """The share of the outcome's variance that the luck explains, kept within 0..1.

    ``outcomes[r][k]`` is the outcome (1 a win, 0 a loss) of luck ``r`` (a seed, or a seed
    and the seat ``seats[r]`` the measured player sat in) played by player ``k``; the estimate
    is :func:`luck_estimate`'s, raised to 0 when it is below (a share cannot be negative) and
    lowered to 1 when above. It is 1 when the luck alone fixes the outcome (whoever plays), 0
    when it explains none of it. NaN when nothing varies.

    >>> luck_share([[1, 1, 1], [0, 0, 0], [1, 1, 1], [0, 0, 0]])
    1.0
    >>> luck_share([[1, 0], [1, 0], [1, 0], [1, 0]])
    0.0
    """
    return agreement_share(outcomes, seats)[0]


def luck_estimate(outcomes: Sequence[Sequence[float]], seats: Sequence[int] | None = None) -> float:
    """The luck's share of the outcome's variance as estimated, which may fall below 0.

    Every row of luck is played by the same ``K`` players, so the outcomes form a
    luck-by-players table; the two-way analysis of variance of that table splits it into the
    mean squares of the rows ``MSR``, of the players ``MSC`` (the skill gap) and of what is
    left ``MSE`` (the players' own random choices). The luck's share of the whole variance is
    ``(MSR - MSE) / (MSR + (K - 1) * MSE + K * (MSC - MSE) / N)`` for ``N`` rows: the
    intraclass correlation ICC(2,1) of Shrout and Fleiss (1979), McGraw and Wong's ICC(A,1).
    With ``seats`` (the seat the measured player sat in, one a row), each seat's own mean is
    taken out first: a seat's advantage is not luck.

    The one-way estimate ICC(1) would count the skill gap as noise within each row and fall
    below 0 however many seeds are played when the players differ in strength; this one
    takes the players' difference out first. With few seeds it still falls below 0 by
    chance when the true share is small: :func:`luck_share` then shows 0. NaN when nothing
    varies (or fewer than two rows or players).

    >>> round(luck_estimate([[1, 1], [0, 1], [1, 1], [0, 0]]), 3)
    0.571
    """
    return agreement_estimate(outcomes, seats)


def _same_deals(game: Game, seed: int, deals: int = 4) -> bool:
    """True when the first ``deals`` seeds deal the very same table (no luck in the deal)."""
    first = slots_key(game.deal(seed))
    return all(slots_key(game.deal(seed + i)) == first for i in range(1, deals))


def _per_game_range(played: list[dict[str, Any]], rule: str) -> dict[str, float]:
    """The 95% range of a rule's firings per game (Student's t over the games, from 0 up)."""
    if not played:
        return {"per_game_low": math.nan, "per_game_high": math.nan}
    _, low, high = mean_interval([float(t["rules"].get(rule, 0)) for t in played], 0.0)
    return {"per_game_low": low, "per_game_high": high}


def _luck_words(*, dealt: bool, rolls: bool, reshuffled: bool) -> str:
    """The kinds of luck a game has, in words: its deal, its rolls, its shuffles during play.

    >>> _luck_words(dealt=True, rolls=False, reshuffled=True)
    'the deal and the shuffles during play'
    >>> _luck_words(dealt=False, rolls=True, reshuffled=False)
    'the rolls'
    """
    parts = [
        words
        for words, has in (
            ("the deal", dealt),
            ("the rolls", rolls),
            ("the shuffles during play", reshuffled),
        )
        if has
    ]
    return ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else "".join(parts)


def _chance_steps_named(game: Game) -> str:
    """The game's chance steps by their rules, as the report names rules ("id: title")."""
    kinds = [kind for kind in game.info.moves if getattr(kind, "by", None) == CHANCE]
    named = []
    for kind in kinds:
        entry = game.rules.get(kind.rule)
        named.append(f"{kind.rule}: {entry.title}" if entry else kind.rule)
    return "; ".join(dict.fromkeys(named)) or "its chance steps"


class _Designer:
    """Makes one report: the parts in order, sharing the main games."""

    def __init__(
        self,
        game: Game,
        counts: tuple[int, ...],
        policy: PolicyLike,
        lineup: dict[str, PolicyLike],
        n: int | None,
        precision: float,
        seed: int,
        plan: Budget,
        runner: _Runner,
    ) -> None:
        self.game, self.counts, self.policy, self.lineup = game, counts, policy, lineup
        self.n, self.precision, self.seed, self.plan, self.runner = n, precision, seed, plan, runner
        self.coop = game.info.cooperative
        self.rows: list[dict[str, Any]] = []
        self.notes: list[str] = []
        self.options = dict(game.changed_options)
        self.policy_words = self._player_name(policy_name(policy))

    def _player_name(self, name: str) -> str:
        """A player's name as the report shows it (the search player with its budget)."""
        if name == "mcts":
            return f"search ({self.plan.search_playouts} playouts a move)"
        return {key: shown for shown, key in players_offered(self.game)}.get(name, name)

    # the shared plumbing --------------------------------------------------------------------
    def _games_wanted(self, cap: int) -> int:
        return self.n if self.n is not None else cap

    def _trace(self, game: Game, start: int, stop: int) -> list[dict[str, Any]]:
        keep = self.seed + self.plan.tension_games
        tasks = [
            (game.name, game.players, dict(game.changed_options), self.policy, a, b, keep)
            for a, b in _split(start, stop, self.runner.parts)
        ]
        return [row for chunk in self.runner.map(trace_games, tasks) for row in chunk]

    def _sides(self, sides: Sides, start: int, stop: int) -> list[Played]:
        """:func:`play_sides` over seeds ``start .. stop - 1``, split among the workers."""
        tasks = [(sides, a, b) for a, b in _split(start, stop, self.runner.parts)]
        return [row for chunk in self.runner.map(play_sides, tasks) for row in chunk]

    @staticmethod
    def _limit(played: list[dict[str, Any]]) -> int:
        """The most moves a variant's game may last (see :data:`RESTRICTED_LENGTH`)."""
        longest = max((t["moves"] for t in played), default=0)
        return min(MAX_MOVES, max(RESTRICTED_FLOOR, RESTRICTED_LENGTH * longest))

    def _side_won(self, seed: int, winners: tuple[int, ...], won: bool, players: int) -> bool:
        return won if self.coop else seed % players in winners

    # the parts ------------------------------------------------------------------------------
    def __call__(self, solution: Any) -> DesignReport:
        clock = _Clock()
        traces = self._main()
        first = [t for t in traces if t["players"] == self.game.players]
        self._length(first)
        self._choices(first)
        rules = self._rules(first)
        clock("main games")
        self._skill(first)
        clock("skill")
        tension = self._tension(first, solution)
        clock("tension")
        cards = self._cards(first)
        clock("cards")
        option_table = self._options(first)
        clock("options")
        metrics = pd.DataFrame(self.rows, columns=METRIC_COLUMNS)
        metrics["order"] = metrics["part"].map(PARTS.index)
        metrics = metrics.sort_values("order", kind="stable").drop(columns="order")
        games = pd.DataFrame(
            [{k: v for k, v in t.items() if k not in ("played", "thirds")} for t in traces]
        )
        return DesignReport(
            game=self.game.name,
            title=self.game.info.title,
            players=self.counts,
            cooperative=self.coop,
            policy=policy_name(self.policy),
            policies=tuple(self.lineup),
            seed=self.seed,
            precision=self.precision,
            changed_options=self.options,
            metrics=metrics.reset_index(drop=True),
            rules=rules,
            cards=cards,
            options=option_table,
            tension=tension,
            games=games,
            notes=self.notes,
            seconds=clock.seconds,
            player_line=player_line(self.game, self.policy, self.plan.search_playouts),
            player_lines={
                name: player_line(self.game, spec, self.plan.search_playouts)
                for name, spec in self.lineup.items()
            },
        )

    def _main(self) -> list[dict[str, Any]]:
        """Balance: the main games, in batches until the balance headline is settled.

        Competitive games: until the first seat's advantage can be told from zero (its
        interval at the look's share of the 5% error, :func:`_look_z`, leaves out 0) or every
        seat's win rate is known within half the precision; co-operative and solo games:
        until the team's win rate is known within the precision. Or the budget is spent.
        """
        traces: list[dict[str, Any]] = []
        for players in self.counts:
            game = self.game.with_options(players)
            wanted = self._games_wanted(self.plan.games)
            played: list[dict[str, Any]] = []
            looks = 0
            settled = False
            while len(played) < wanted:
                step = wanted - len(played) if self.n is not None else BATCH
                start = self.seed + len(played)
                played += self._trace(game, start, start + min(step, wanted - len(played)))
                looks += 1
                if self.n is None and self._balance_settled(played, players, looks):
                    settled = True
                    break
            at_budget = self.n is None and not settled
            if at_budget:
                self.notes.append(
                    f"{player_count(players)}: the balance figures stopped at the budget of "
                    f"{len(played):,} games before they were settled: the win rates' ranges "
                    f"reach {self._balance_half(played, players):.1%} either side (wanted "
                    f"{self._balance_precision(players):.1%})"
                    + (
                        ", and the first seat's advantage cannot yet be told from zero."
                        if self._solo_like(players) is False
                        else "."
                    )
                )
            self._balance(played, players, at_budget)
            traces += played
        return traces

    def _solo_like(self, players: int) -> bool:
        """True when one side plays (a co-operative team, or one player): no seats to compare."""
        return self.coop or players == 1

    def _balance_precision(self, players: int) -> float:
        return self.precision if self._solo_like(players) else self.precision / 2

    def _balance_half(self, played: list[dict[str, Any]], players: int) -> float:
        if self._solo_like(players):
            wins = sum(t["won"] for t in played)
            return _half(*wilson(wins, len(played))[1:])
        return max(
            _half(*wilson(sum(seat in t["winners"] for t in played), len(played))[1:])
            for seat in range(players)
        )

    def _balance_settled(self, played: list[dict[str, Any]], players: int, looks: int) -> bool:
        if self._balance_half(played, players) <= self._balance_precision(players):
            return True
        if self._solo_like(players):
            return False
        _, low, high, _ = seat_advantage([t["winners"] for t in played], players, _look_z(looks))
        return low > 0 or high < 0

    def _balance(self, played: list[dict[str, Any]], players: int, at_budget: bool) -> None:
        games = len(played)
        status = AT_BUDGET if at_budget else ""
        several = f", {players} players" if len(self.counts) > 1 else ""
        who = self.policy_words
        if self._solo_like(players):
            wins = sum(t["won"] for t in played)
            side = "the team" if self.coop and players > 1 else "the player"
            self.rows.append(
                _rate_row(
                    "balance",
                    f"team win rate, {player_count(players)}" if self.coop else "win rate",
                    wins,
                    games,
                    f"How often {side} wins with {player_count(players)}, played by {who}.",
                    status=status,
                )
            )
            why = (
                "the players win or lose together"
                if self.coop and players > 1
                else "one player plays alone"
            )
            self.rows.append(
                _absent(
                    "balance",
                    "first player's advantage" + several,
                    f"Does not apply: {why}, so no seat can gain on another.",
                    games,
                )
            )
        else:
            advantage, low, high, fair = seat_advantage([t["winners"] for t in played], players)
            ties = sum(len(t["winners"]) > 1 for t in played)
            nobody = sum(not t["winners"] for t in played)
            if ties or nobody:
                shared = f"{ties:,} {'game was' if ties == 1 else 'games were'} shared"
                void = f"{nobody:,} {'game' if nobody == 1 else 'games'} had no winner"
                fair_words = (
                    f"the seats' mean win rate, {fair:.1%}, not {1 / players:.1%}, as "
                    + " and ".join(
                        part
                        for part in (
                            f"{shared} (each winner counts)" if ties else "",
                            void if nobody else "",
                        )
                        if part
                    )
                )
            else:
                fair_words = f"{fair:.0%}"
            for seat in range(players):
                wins = sum(seat in t["winners"] for t in played)
                self.rows.append(
                    _rate_row(
                        "balance",
                        f"win rate {seat_name(seat)}" + several,
                        wins,
                        games,
                        f"How often the player in seat {seat + 1} wins; a fair game gives "
                        f"every seat the same share ({fair_words}).",
                        status=status,
                    )
                )
            how = (
                "Wilson's score interval, shifted"
                if not (ties or nobody)
                else "Student's t interval of each game's first seat's win minus its winners' "
                "share of the seats"
            )
            self.rows.append(
                _row(
                    "balance",
                    "first player's advantage" + several,
                    advantage,
                    low,
                    high,
                    games,
                    f"The first player's win rate minus a fair share ({fair_words}): above 0 "
                    f"the first seat is an advantage ({how}).",
                    status=status,
                )
            )
            if ties:
                self.rows.append(
                    _rate_row(
                        "balance",
                        "shared wins" + several,
                        ties,
                        games,
                        "How often several players share the win (each counts as a winner).",
                    )
                )
            self.rows.append(
                _rate_row(
                    "balance",
                    "no winner" + several,
                    nobody,
                    games,
                    "How often a game ends with no winner (a draw, or everyone loses).",
                )
            )
        timeouts = sum(t["timed_out"] for t in played)
        self.rows.append(
            _rate_row(
                "balance",
                "time-outs" + several,
                timeouts,
                games,
                f"How often a game had not ended after {MAX_MOVES:,} moves (the kit's limit) "
                "and was stopped with no winner.",
            )
        )

    def _length(self, played: list[dict[str, Any]]) -> None:
        for what, say in (
            ("moves", "moves (every choice and every roll of luck)"),
            ("turns", "turns"),
            ("rounds", "rounds"),
        ):
            values = [t[what] for t in played]
            self.rows.append(
                _mean_row(
                    "length",
                    f"{what} per game",
                    values,
                    f"How many {say} a game lasts, on average.",
                    lowest=min(values, default=0) if len(set(values)) == 1 else 0,
                )
            )
            self.rows.append(
                _spread_row(
                    "length",
                    f"{what} per game, spread",
                    values,
                    f"How much the number of {what} varies from game to game: the standard "
                    "deviation; the 10th and 90th percentiles are in their own columns.",
                )
            )
        book = self.game.rules
        ends = Counter(t["rule"] for t in played)
        for rule, count in sorted(ends.items(), key=lambda kv: (-kv[1], kv[0])):
            if rule == TIME_OUT:
                continue
            title = book[rule].title if rule in book else rule
            self.rows.append(
                _rate_row(
                    "length",
                    f"ended by {rule}",
                    count,
                    len(played),
                    f"How often a game ends by the rule {rule} ({title}).",
                )
            )
        margins = [t["margin"] for t in played if not math.isnan(t["margin"])]
        if margins:
            self.rows.append(
                _mean_row(
                    "length",
                    "score difference",
                    margins,
                    "How many points the best score is ahead of the second best at the end, on "
                    "average over the games that keep score.",
                )
            )

    def _choices(self, played: list[dict[str, Any]]) -> None:
        decided = [t for t in played if t["decisions"]]
        per_game = [t["branching"] / t["decisions"] for t in decided]
        self.rows.append(
            _mean_row(
                "choices",
                "branching factor",
                per_game,
                "How many legal moves a player chooses among, on average over a game.",
                lowest=1,
            )
        )
        for third, word in enumerate(("opening", "middle", "end")):
            values = [
                t["thirds"][third][0] / t["thirds"][third][1]
                for t in decided
                if t["thirds"][third][1]
            ]
            self.rows.append(
                _mean_row(
                    "choices",
                    f"branching factor, {word}",
                    values,
                    f"Legal moves per decision in the {word} third of a game's moves.",
                    lowest=1,
                )
            )
        widest = [t["widest"] for t in decided]
        if widest:
            seen = max(widest)
            self.rows.append(
                _row(
                    "choices",
                    "widest choice seen",
                    seen,
                    seen,
                    math.inf,
                    len(decided),
                    f"The largest number of legal moves met at any one decision in the "
                    f"{len(decided):,} games played: {seen:,}. A wider choice may come up in "
                    "games not played, so the range has no top.",
                )
            )
        self.rows.append(
            _mean_row(
                "choices",
                "widest choice per game",
                widest,
                "The largest number of legal moves met at one decision of a game, on average "
                f"over the games (the largest in all of them: {max(widest, default=0):,}).",
                lowest=1,
            )
        )
        share, low, high = ratio_interval(
            [t["forced"] for t in decided], [t["decisions"] for t in decided]
        )
        self.rows.append(
            _row(
                "choices",
                "forced decisions",
                share,
                low,
                high,
                len(decided),
                "The share of all decisions with only one legal move (no real choice); the "
                "range counts each game's decisions together (they are not independent).",
            )
        )
        self._positions_count()

    def _positions_count(self) -> None:
        """The state space's size, where every position can be walked (``sim.solve``)."""
        name = "positions (state space)"
        signature = (self.game.name, self.game.players, repr(sorted(self.options.items())))
        if signature not in _COUNTED:
            try:
                _COUNTED[signature] = solve(self.game, max_states=STATE_SPACE_CAP).states
            except SolveError as error:
                _COUNTED[signature] = str(error).split(": ", 1)[-1]
        states = _COUNTED[signature]
        if isinstance(states, str):
            self.rows.append(_absent("choices", name, f"Not counted: {states}."))
            return
        self.rows.append(
            _row(
                "choices",
                name,
                states,
                states,
                states,
                0,
                "How many different positions the game can reach, counted exactly by walking "
                "every one of them (no games played).",
                status=EXACT,
            )
        )

    def _rules(self, played: list[dict[str, Any]]) -> pd.DataFrame:
        book = self.game.rules
        fired: Counter[str] = Counter()
        total: Counter[str] = Counter()
        ended: Counter[str] = Counter(t["rule"] for t in played)
        for t in played:
            for rule, count in t["rules"].items():
                total[rule] += count
                fired[rule] += count > 0
        ids = list(book) + sorted(set(total) - set(book) - {TIME_OUT})
        games = len(played)
        rare = set(getattr(self.game.info, "rare_rules", ()) or ())
        solo = self.game.players == 1
        rows = []
        for rule in ids:
            entry = book.get(rule)
            kind = rule_kind(rule, entry.section if entry else "")
            applies = kind != "solo" or solo  # a solo rule cannot fire in a game of several
            measured = applies and games > 0  # (no range for a rule that cannot fire here)
            nothing = (math.nan, math.nan)
            fired_range = wilson(fired[rule], games)[1:] if measured else nothing
            ended_range = wilson(ended[rule], games)[1:] if measured else nothing
            rows.append(
                {
                    "rule": rule,
                    "title": entry.title if entry else "(not in the digest)",
                    "section": entry.section if entry else "",
                    "in_digest": entry is not None,
                    "kind": kind,
                    "applies": applies,
                    "rare": rule in rare,
                    "games": games,
                    "fired": fired[rule],
                    "upper": upper_bound_never(games) if fired[rule] == 0 and applies else math.nan,
                    "share": fired[rule] / games if games else math.nan,
                    "low": fired_range[0],
                    "high": fired_range[1],
                    "per_game": total[rule] / games if games else math.nan,
                    **_per_game_range(played if applies else [], rule),
                    "ended": ended[rule],
                    "ended_share": ended[rule] / games if games else math.nan,
                    "ended_low": ended_range[0],
                    "ended_high": ended_range[1],
                }
            )
        return pd.DataFrame(rows)

    def _skill(self, played: list[dict[str, Any]]) -> None:
        """Skill and luck: every player on the same seeds, in every seat, against the first.

        Each player of the line-up meets the first listed player (the common opponent, in
        every other seat) on the same seeds, once in each seat, so neither the seat nor the
        seed favours anyone: a tournament against a common opponent. The players are ranked
        by their win rates; the skill gap compares the best with the worst, and says so when
        the player listed as strongest is not.
        """
        game = self.game
        names = list(self.lineup)
        weakest = self.lineup[names[0]]
        seats = 1 if self._solo_like(game.players) else game.players
        # the budget's games shared among the seats: each seed is played once in every seat
        count = self.n if self.n is not None else max(2, math.ceil(self.plan.skill_games / seats))
        start = self.seed
        outcomes: dict[str, list[float]] = {}  # per seed, over the seats: the skill gap's
        by_seat: dict[str, list[float]] = {}  # per seed and seat: the luck share's
        shuffled: dict[str, list[int]] = {}  # the same games: piles shuffled during play
        for salt, (name, player) in enumerate(self.lineup.items(), start=1):
            per_seat, shuffles = [], []
            for seat in range(seats):
                # each seat's games with a random generator of their own: a player meeting
                # itself would otherwise replay one game from both sides
                sides = Sides.of(game, player, others=weakest, salt=100 * salt + seat, seat=seat)
                rows = self._sides(sides, start, start + count)
                per_seat.append([float(r[2] if self.coop else seat in r[1]) for r in rows])
                shuffles += [r[5] for r in rows]
            outcomes[name] = [statistics.fmean(column) for column in zip(*per_seat, strict=True)]
            by_seat[name] = [won for column in per_seat for won in column]
            shuffled[name] = shuffles
        against = (
            ""
            if seats == 1
            else f" in each seat in turn against {self._player_name(names[0])} in the others"
        )
        rates = {}
        for name in names:
            wins = round(sum(outcomes[name]) * seats)
            rates[name] = wins / (count * seats)
            self.rows.append(
                _rate_row(
                    "skill",
                    f"win rate of {self._player_name(name)}",
                    wins,
                    count * seats,
                    f"How often {self._player_name(name)} wins{against}, on the same {count} "
                    "seeds as the others.",
                )
            )
        if len(names) > 1:
            best, worst, gap, low, high = skill_gap({n: outcomes[n] for n in names})
            pairs = len(names) * (len(names) - 1) // 2
            self.rows.append(
                _row(
                    "skill",
                    "skill gap",
                    gap,
                    low,
                    high,
                    count * seats,
                    f"How much more often the best player here ({self._player_name(best)}) wins "
                    f"than the worst ({self._player_name(worst)}) on the same seeds and seats: "
                    "near 0, skill hardly matters."
                    + (
                        f" The range is widened for picking the best and the worst of "
                        f"{len(names)} players after the games: it holds all {pairs} pairs' "
                        "differences at once at 95% (Bonferroni)."
                        if pairs > 1
                        else ""
                    ),
                )
            )
            listed = names[-1]
            if listed != best:
                behind = [a - b for a, b in zip(outcomes[listed], outcomes[best], strict=True)]
                _, low, high = mean_interval(behind, -1.0, 1.0)
                verdict = (
                    "it is weaker here"
                    if high < 0
                    else f"the two may be equal (the difference, {100 * low:+.0f} to "
                    f"{100 * high:+.0f} points at 95%, holds 0)"
                )
                self.notes.append(
                    f"Skill: {self._player_name(listed)}, listed as the strongest, won "
                    f"{rates[listed]:.0%} of its games against {rates[best]:.0%} for "
                    f"{self._player_name(best)} on the same seeds: {verdict}. The skill gap "
                    f"compares {self._player_name(best)} with {self._player_name(worst)}."
                )
            self._luck(played, names, by_seat, shuffled, count, seats)

    def _luck(
        self,
        played: list[dict[str, Any]],
        names: list[str],
        by_seat: dict[str, list[float]],
        shuffled: dict[str, list[int]],
        count: int,
        seats: int,
    ) -> None:
        """The luck share: known from the rules where there is no luck or no decision.

        Otherwise ICC(A,1) over a table with one row per seed and seat (the luck dealt to the
        seat the measured player sits in: a seat's deal and rolls are the same whoever plays)
        and one column per player, each seat's own mean taken out first (a seat's advantage is
        not luck). ``by_seat[name]`` lists a player's results seat by seat, seed by seed, and
        ``shuffled[name]`` the piles each of those games shuffled during play: a shuffle's
        order is drawn by the count of shuffles so far, so once one player's game shuffles and
        another's does not, their luck differs; the meaning says in how many rows.
        """
        name = "luck share"
        rows = count * seats
        rolls = any(t["luck"] for t in played)
        dealt = not _same_deals(self.game, self.seed)
        reshuffled = any(t["shuffled"] for t in played) or any(
            any(games) for games in shuffled.values()
        )
        if not (rolls or dealt or reshuffled):
            self.rows.append(
                _row(
                    "skill",
                    name,
                    0.0,
                    0.0,
                    0.0,
                    len(played),
                    "The game has no chance step, shuffles nothing during play and every seed "
                    "deals the same table: nothing is left to luck, so the luck share is 0 "
                    "exactly (known from the rules, not measured). Who sits where is not luck.",
                    status=EXACT,
                )
            )
            return
        if played and all(t["forced"] == t["decisions"] for t in played):
            self.rows.append(
                _row(
                    "skill",
                    name,
                    1.0,
                    1.0,
                    1.0,
                    len(played),
                    f"No player ever had a choice in {len(played):,} games (one legal move at "
                    "every decision): luck alone decides, so the luck share is 1.",
                    status=EXACT,
                )
            )
            return
        if rolls and not type(self.game.new(self.seed)).luck_by_seat:
            why = (
                f"Not measured: this game's rolls ({_chance_steps_named(self.game)}) "
                "are numbered in the order the table makes them, so once two players choose "
                "differently the same seed gives them other outcomes, and the luck would look "
                "smaller than it is. A game whose seats roll for themselves (each seat's k-th "
                "roll the same whoever plays, as Pig's dice) can be measured."
            )
            self.rows.append(_not_measured("skill", name, rows, why))
            return
        luck = _luck_words(dealt=dealt, rolls=rolls, reshuffled=reshuffled)
        per_seat = (
            ""
            if seats == 1
            else (
                " and seat (a seed deals each seat the same luck whoever sits there, so it "
                "deals the same luck to the seat each player is measured in), each seat's own "
                "advantage taken out first: who sits where is not luck"
            )
        )
        meaning = (
            f"The share of the outcome's variation that the luck ({luck}) explains, whoever "
            "plays: the luck's share of the variance in a table of the same luck played by "
            f"every player, one row per seed{per_seat} (intraclass correlation ICC(A,1), "
            "McGraw and Wong 1996); 1 is pure luck, 0 none."
        )
        table = [[by_seat[n][i] for n in names] for i in range(rows)]
        seat_of = [i // count for i in range(rows)]
        seed_of = [i % count for i in range(rows)]
        share, low, high = agreement_by_clusters(table, seat_of, seed_of)
        if math.isnan(share):
            why = (
                f"Not measured: on these {count} seeds every game ended alike whoever "
                "played, so there is no variation to share out; more seeds are needed."
            )
            self.rows.append(_not_measured("skill", name, rows, why))
            return
        estimate = luck_estimate(table, seat_of)
        if estimate < 0:
            meaning += (
                f" Here the estimate was {estimate:.2f}, shown as 0 (a share cannot be "
                f"negative); the range says how large it may be."
            )
        steady = [n for n in names if len(set(by_seat[n])) == 1]
        if steady:
            said = " and ".join(
                f"{self._player_name(n)} {'won' if by_seat[n][0] else 'lost'} every game"
                for n in steady
            )
            meaning += (
                f" Here {said}: the luck shows in none of those results, so the share (the "
                "luck every player feels alike) reads about 0 however much the luck sways the "
                "others' games; between players who all win and lose it says more."
            )
        meaning += self._shuffled_words(names, shuffled, rows, seats)
        self.rows.append(_row("skill", name, share, low, high, rows, meaning))

    def _shuffled_words(
        self, names: list[str], shuffled: dict[str, list[int]], rows: int, seats: int
    ) -> str:
        """What shuffles during play did to the luck share's table, in words ("" if none).

        A shuffle's order is drawn by the count of the game's shuffles so far (the seed's
        ``k``-th shuffle, :meth:`State._rng`), so when one player's game shuffles a pile and
        another's does not, every later shuffle of theirs deals other orders: the luck of that
        row is no longer the same for every player, and counts as the players' own.
        """
        hit = sum(any(shuffled[n][i] for n in names) for i in range(rows))
        if not hit:
            return ""
        apart = sum(len({shuffled[n][i] for n in names}) > 1 for i in range(rows))
        where = "seeds" if seats == 1 else "rows (a seed and a seat)"
        each = ", ".join(
            f"{self._player_name(n)} {sum(1 for v in shuffled[n] if v) / rows:.0%}" for n in names
        )
        return (
            f" In {hit} of the {rows} {where} ({hit / rows:.0%}) a pile was shuffled during "
            f"play, after the deal, in some player's game (share of each player's games: "
            f"{each}); in {apart} of them the players shuffled a different number of times. "
            "A shuffle's order is drawn by the count of shuffles so far, so from the first "
            "shuffle one player makes and another does not, the seed no longer deals them the "
            "same cards: that luck counts as the players' own, not the seed's, and the share "
            "may read lower for it."
        )

    def _tension(self, played: list[dict[str, Any]], solution: Any) -> pd.DataFrame:
        plan = self.plan
        followed = [t for t in played if t["played"] is not None][: plan.tension_games]
        if self.n is not None:
            followed = followed[: self.n]
        advise_at: dict[int, int] = {}
        if plan.advised:
            candidates = []
            for t in followed:
                choices = [i for i, _ in _decisions(self.game, t)]
                if choices:
                    candidates.append((t["seed"], choices[len(choices) // 2]))
            step = max(1, len(candidates) // plan.advised)
            advise_at = dict(candidates[::step][: plan.advised])
        tasks = []
        for t in followed:
            total = t["moves"]
            if total + 1 <= plan.positions:
                positions = list(range(total + 1))
            else:
                positions = sorted(
                    {round(k * total / (plan.positions - 1)) for k in range(plan.positions)} | {1}
                )
            t["positions"] = positions
            tasks.append(
                (
                    self.game.name,
                    self.game.players,
                    self.options,
                    self.policy,
                    t["seed"],
                    t["played"],
                    positions,
                    plan.rollouts,
                    advise_at.get(t["seed"]),
                    plan.advisor_budget,
                )
            )
        answers = self.runner.map(follow_game, tasks)
        rows = []
        changes, decided_at, decided_share, drama = [], [], [], []
        comebacks, behind, behind_won, halves = 0, 0, 0, []
        verdicts, used, short = [], [], 0
        sides = ["team"] if self.coop else [seat_name(s) for s in range(self.game.players)]
        for t, (estimates, verdict) in zip(followed, answers, strict=True):
            if verdict is not None:
                verdicts.append(verdict == "best")
            positions = t["positions"]
            chances = [values for values, _ in estimates]
            counts = [count for _, count in estimates]
            used += [c for c in counts if c]
            short += sum(
                1
                for values, c in estimates
                if c and any(_half(*wilson(round(v * c), c)[1:]) > TENSION_WIDTH for v in values)
            )
            for move, values in zip(positions, chances, strict=True):
                for side, value in zip(sides, values, strict=True):
                    rows.append(
                        {
                            "game": t["seed"],
                            "move": move,
                            "share": move / max(t["moves"], 1),
                            "side": side,
                            "chance": value,
                        }
                    )
            # each side's chance as a pair (team, the game) in a co-operative game
            paired = [[v[0], 1 - v[0]] for v in chances] if self.coop else chances
            winners = ([0] if t["won"] else [1]) if self.coop else list(t["winners"])
            of_final = [max(v[w] for w in winners) if winners else 0.0 for v in paired]
            changes.append(_lead_changes(paired, counts))
            if winners:
                drama.append(statistics.fmean(max(v) - of_final[i] for i, v in enumerate(paired)))
            at = len(positions) - 1
            while at > 0 and of_final[at - 1] >= DECIDED:
                at -= 1
            decided_at.append(positions[at])
            decided_share.append(positions[at] / max(t["moves"], 1))
            middle = min(range(len(positions)), key=lambda i: abs(positions[i] - t["moves"] / 2))
            if self.coop:
                halves.append(chances[middle][0])
                if chances[middle][0] < 0.5:
                    behind += 1
                    behind_won += t["won"]
            else:
                behind += 1
                half = chances[middle]
                top = max(half)
                comebacks += any(half[s] < top for s in t["winners"]) and t["winners"] != ()
        games = len(followed)
        widest = max(used, default=0)
        how = (
            f"win chances from games played out by {self.policy_words} at up to "
            f"{plan.positions} positions of each of {games} games, each aimed at "
            f"{TENSION_WIDTH:.0%} either side with {min(used, default=0)} to {widest} games "
            "a position"
        )
        if short:
            self.notes.append(
                f"Tension: {short} of {len(used)} win chances stopped at the budget of {widest} "
                f"rollouts before they were within {TENSION_WIDTH:.0%} either side."
            )
        most_changes = max(plan.positions - 1, 1)
        if self.coop or self.game.players == 1:
            self.rows.append(
                _absent(
                    "tension",
                    "lead changes",
                    "Does not apply: one side plays against the game, so no player can take "
                    "the lead from another; see the team's chance over the game instead.",
                    games,
                )
            )
            self.rows.append(
                _mean_row(
                    "tension",
                    "team's chance at half time",
                    halves,
                    "The team's chance to win, on average, half way through a game (" + how + ").",
                    highest=1.0,
                )
            )
            self.rows.append(
                _mean_row(
                    "tension",
                    "swings of the team's chance",
                    changes,
                    "How often the team's chance crosses 50% during a game, counted only when it "
                    "crosses by more than its own uncertainty (" + how + ").",
                    highest=most_changes,
                )
            )
        else:
            self.rows.append(
                _mean_row(
                    "tension",
                    "lead changes",
                    changes,
                    "How often the side most likely to win changes during a game, counted only "
                    "when the new leader's chance passes the old one's by more than their "
                    "uncertainty (" + how + ").",
                    highest=most_changes,
                )
            )
        self.rows.append(
            _mean_row(
                "tension",
                "drama",
                drama,
                "How far, on average along a game, the eventual winner's chance lies below the "
                "leader's (0: the winner always led; Browne's drama, Ludii's definition)."
                + _drama_noise(used, 2 if self.coop else len(sides)),
                highest=1.0,
            )
        )
        longest = max((t["moves"] for t in followed), default=0)
        self.rows.append(
            _mean_row(
                "tension",
                "decided after move",
                decided_at,
                f"After which move the final result's chance stays above {DECIDED:.0%} for good "
                "(" + how + ").",
                highest=longest,
            )
        )
        self.rows.append(
            _mean_row(
                "tension",
                "decided at share of the game",
                decided_share,
                "Decisiveness: how far into a game (0% the start, 100% the end) its result's "
                f"chance rises above {DECIDED:.0%} for good.",
                highest=1.0,
            )
        )
        if self.coop:
            self.rows.append(
                _rate_row(
                    "tension",
                    "behind at half time, won",
                    behind_won,
                    behind,
                    "How often the team wins when its chance was below 50% at half time.",
                )
            )
        else:
            self.rows.append(
                _rate_row(
                    "tension",
                    "behind at half time, won",
                    comebacks,
                    behind,
                    "How often the winner was not the most likely winner at half time "
                    "(a comeback).",
                )
            )
        if verdicts:
            self.rows.append(
                _rate_row(
                    "choices",
                    "best move clear",
                    sum(verdicts),
                    len(verdicts),
                    "Clarity: how often the advisor (a small budget of rollouts) finds one move "
                    "clearly better than every other at a decision with a choice.",
                )
            )
        if solution is not None:
            self._regret(followed, solution)
        return pd.DataFrame(rows, columns=["game", "move", "share", "side", "chance"])

    def _regret(self, followed: list[dict[str, Any]], solution: Any) -> None:
        """Regret against exact play, over the decisions of the games followed move by move.

        A game's decisions are not independent of each other, so both ranges count each
        game's decisions together (:func:`ratio_interval`, the games as clusters), and the
        rows rest on the games, not on their decisions.
        """
        per_game: list[list[float]] = []
        for t in followed:
            regrets: list[float] = []
            state = self.game.deal(t["seed"])
            for move in t["played"]:
                actor = state.to_act
                if actor is not None and actor != CHANCE and len(state.legal_moves()) > 1:
                    seat = actor
                    best = solution.value(state)
                    after = state._clone()
                    move.play(after)
                    # exact values in floating point: a move as good as the best gives away 0
                    regrets.append(max(0.0, round(best - _value_for(solution, after, seat), 12)))
                state = state._clone()
                move.play(state)
            per_game.append(regrets)
        games = len([g for g in per_game if g])
        decisions = sum(len(g) for g in per_game)
        who = self.policy_words
        how = (
            f" Over {decisions:,} decisions with a choice in {games:,} games followed move by "
            "move; the range counts each game's decisions together (they are not independent)."
        )
        counts = [len(g) for g in per_game if g]
        given, low, high = ratio_interval([math.fsum(g) for g in per_game if g], counts)
        self.rows.append(
            _row(
                "skill",
                "regret against optimal play",
                given,
                low,
                high,
                games,
                f"How much win chance {who} gives away per decision compared with exact "
                "optimal play." + how,
            )
        )
        share, low, high = ratio_interval(
            [float(sum(r == 0 for r in g)) for g in per_game if g], counts
        )
        self.rows.append(
            _row(
                "skill",
                "optimal decisions",
                share,
                low,
                high,
                games,
                f"How often {who} makes a move as good as optimal play's." + how,
            )
        )

    def _cards(self, played: list[dict[str, Any]]) -> pd.DataFrame:
        columns = [
            "restriction",
            "kind",
            "card",
            "played",
            "games",
            "with_it",
            "without",
            "change",
            "low",
            "high",
            "bites",
            "status",
        ]
        kinds: Counter[str] = Counter()
        cards: Counter[tuple[str, str]] = Counter()
        for t in played:
            kinds.update(t["kinds"])
            cards.update(t["cards"])
        chosen: list[tuple[Restriction, int]] = [
            (Restriction(k), c) for k, c in sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0]))
        ]
        chosen += [
            (Restriction(k, card), c)
            for (k, card), c in sorted(cards.items(), key=lambda kv: (-kv[1], kv[0]))
        ]
        chosen = chosen[: self.plan.cards]
        players = self.game.players
        base = {
            t["seed"]: float(self._side_won(t["seed"], t["winners"], t["won"], players))
            for t in played
        }
        cap = min(self._games_wanted(self.plan.card_games), len(played))
        limit = self._limit(played)
        rows = []
        for restriction, count in chosen:
            sides = Sides.of(self.game, self.policy, restriction=restriction, limit=limit)
            try:
                outcome = self._paired(
                    cap,
                    base,
                    sides,
                    lambda seed, winners, won: self._side_won(seed, winners, won, players),
                )
            except EndlessGame as error:
                who = "the team" if self.coop else "one side"
                longest = max(t["moves"] for t in played)
                self.notes.append(
                    f"Cards: '{restriction}' left out: when {who} may not play it, game "
                    f"{error.seed} did not end within {error.limit:,} moves (the longest "
                    f"main game had {longest:,}): without it that side may have no way to "
                    "end the game, so its importance is not measured."
                )
                continue
            if outcome["bites"] == 0:  # the move was never chosen while another was legal
                outcome.update(
                    change=math.nan, low=math.nan, high=math.nan, without=math.nan, status=NO_CHOICE
                )
            rows.append(
                {
                    "restriction": str(restriction),
                    "kind": restriction.kind,
                    "card": restriction.card,
                    "played": count,
                    **outcome,
                }
            )
        return pd.DataFrame(rows, columns=columns)

    def _paired(
        self,
        cap: int,
        base: dict[int, float],
        sides: Sides,
        side: Callable[[int, tuple[int, ...], bool], bool],
        lengths: dict[int, int] | None = None,
    ) -> dict[str, Any]:
        """Play a variant on the main seeds in batches until its paired change is narrow.

        ``sides`` says who plays the variant; ``side(seed, winners, won)`` says whether the
        side measured won a game; ``base`` holds the same for the main games by seed (and
        ``lengths`` their moves).
        """
        rows: list[Played] = []
        while len(rows) < cap:
            step = cap - len(rows) if self.n is not None else min(BATCH, cap - len(rows))
            start = self.seed + len(rows)
            rows += self._sides(sides, start, start + step)
            wins = [float(side(r[0], r[1], r[2])) for r in rows]
            frame_a = pd.DataFrame({"seed": [r[0] for r in rows], "won": wins})
            frame_b = pd.DataFrame({"seed": frame_a["seed"], "won": [base[r[0]] for r in rows]})
            paired = compare(frame_a, frame_b)
            if self.n is None and _half(paired.low, paired.high) <= self.precision:
                break
        at_budget = self.n is None and _half(paired.low, paired.high) > self.precision
        out = {
            "bites": sum(r[4] for r in rows),
            "games": len(rows),
            "without": paired.a,
            "with_it": paired.b,
            "change": paired.difference,
            "low": min(paired.low, paired.difference),
            "high": max(paired.high, paired.difference),
            "status": AT_BUDGET if at_budget else "",
        }
        if lengths is not None:
            moves_a = pd.DataFrame({"seed": frame_a["seed"], "moves": [r[3] for r in rows]})
            moves_b = pd.DataFrame(
                {"seed": frame_a["seed"], "moves": [lengths[r[0]] for r in rows]}
            )
            if (moves_a["moves"] - moves_b["moves"]).abs().sum() == 0:
                low = high = 0.0
                change = 0.0
            else:
                moved = compare(moves_a, moves_b, column="moves")
                change, low, high = moved.difference, moved.low, moved.high
            out.update(
                {
                    "moves": float(moves_a["moves"].mean()),
                    "moves_change": change,
                    "moves_low": low,
                    "moves_high": high,
                }
            )
        return out

    def _options(self, played: list[dict[str, Any]]) -> pd.DataFrame:
        columns = [
            "option",
            "value",
            "default",
            "games",
            "win_rate",
            "change",
            "low",
            "high",
            "moves",
            "moves_change",
            "moves_low",
            "moves_high",
            "status",
        ]
        base = {t["seed"]: float(self._won_by(t["winners"], t["won"])) for t in played}
        lengths = {t["seed"]: t["moves"] for t in played}
        cap = min(self._games_wanted(self.plan.option_games), len(played))
        limit = self._limit(played)
        rows: list[dict[str, Any]] = []
        if self.plan.option_games == 0:  # left out on purpose (a quick look)
            return pd.DataFrame(rows, columns=columns)
        ordered = sorted(self.game.info.options, key=lambda o: o.rule.startswith("opt."))
        tried = 0
        left_out = 0
        for option in ordered:
            if not option.choices:
                continue
            current = self.game.options[option.name]
            for value in option.choices:
                if value == current:
                    continue
                if tried >= self.plan.option_values:
                    left_out += 1
                    continue
                tried += 1
                try:
                    variant = self.game.with_options(**{option.name: value})
                except OptionError as error:  # a value that does not fit the other settings
                    self.notes.append(f"option {option.name}={value!r} skipped: {error}")
                    continue
                try:
                    outcome = self._paired(
                        cap,
                        base,
                        Sides.of(variant, self.policy, limit=limit),
                        lambda seed, winners, won: self._won_by(winners, won),
                        lengths,
                    )
                except EndlessGame as error:
                    self.notes.append(
                        f"option {option.name}={value!r} left out: game {error.seed} did "
                        f"not end within {error.limit:,} moves (the longest main game had "
                        f"{max(lengths.values()):,})."
                    )
                    continue
                rows.append(
                    {
                        "option": option.name,
                        "value": value,
                        "default": current,
                        "games": outcome["games"],
                        "win_rate": outcome["without"],
                        **{k: outcome[k] for k in columns[5:]},
                    }
                )
        if left_out:
            self.notes.append(
                f"Options: {left_out} more settings (readings of the rulebook) were not tried; "
                f"this budget tries {self.plan.option_values}: a larger budget tries more."
            )
        return pd.DataFrame(rows, columns=columns)

    def _won_by(self, winners: tuple[int, ...], won: bool) -> bool:
        return won if self.coop else 0 in winners


class _Clock:
    """Seconds spent per part of a report."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}
        self.last = time.perf_counter()

    def __call__(self, part: str) -> None:
        now = time.perf_counter()
        self.seconds[part] = round(now - self.last, 3)
        self.last = now


def _decisions(game: Game, trace: dict[str, Any]) -> list[tuple[int, tuple]]:
    """(move index, move) of each decision with a real choice in a kept game."""
    state = game.deal(trace["seed"])
    found = []
    for index, move in enumerate(trace["played"]):
        if state.to_act != CHANCE and len(state.legal_moves()) > 1:
            found.append((index, move))
        state = state._clone()
        move.play(state)
    return found


def _drama_noise(used: Sequence[int], sides: int) -> str:
    """What the estimates' noise adds to drama, in words ("" when no chance was estimated).

    ``sides`` counts the sides whose chances are compared (a co-operative game: the team and
    the game, two; one player alone: one, whose drama is always 0).

    A chance estimated from ``n`` rollouts wanders about the truth, and drama takes the
    leader's chance, the highest estimate: at an even position of a game of two sides whose
    winner leads all along it reads ``E[(1 - 2 p)+]`` for ``p`` the share of ``n`` even
    rollouts won, about ``1 / sqrt(2 pi n)`` (0.058 for 48 rollouts), not 0.
    """
    if not used or sides < 2:
        return ""
    typical = int(statistics.median(used))
    if sides > 2:
        return (
            " The chances are estimates, and their noise adds to it (the more, the fewer "
            f"rollouts a position; {typical} here)."
        )
    floor = math.fsum(
        math.comb(typical, k) / 2**typical * max(0.0, 1 - 2 * k / typical)
        for k in range(typical + 1)
    )
    return (
        " The chances are estimates, and their noise adds to it: at a position where the game "
        f"is even and its winner leads, {typical} rollouts (the median here) still read about "
        f"{floor:.2f}."
    )


def _lead_changes(chances: Sequence[Sequence[float]], counts: Sequence[int]) -> int:
    """Changes of the leader along a game, each only past the estimates' uncertainty.

    ``chances[i][side]`` is each side's estimated chance at the ``i``-th position (a
    co-operative game: the team and the game), from ``counts[i]`` rollouts (0: exact). The
    leader changes when another side's chance passes the leader's by more than 1.96 standard
    errors of their difference (at least one rollout's worth): noise alone does not count.
    The two chances come from the same rollouts, and a rollout won by one side is lost by the
    other, so their difference varies by ``(a (1 - a) + b (1 - b) + 2 a b) / n``: the
    multinomial covariance ``-a b / n`` counted (without it, in a game of two sides the margin
    was 1.41 standard errors, and noise passed it at 9% of positions instead of 2.5%).
    """
    leader: int | None = None
    changes = 0
    for values, count in zip(chances, counts, strict=True):
        top = max(range(len(values)), key=lambda side: (values[side], -side))
        if leader is None:
            leader = top
            continue
        if top == leader:
            continue
        a, b = values[top], values[leader]
        if count:
            spread = a * (1 - a) + b * (1 - b) + 2 * a * b
            margin = max(Z95 * math.sqrt(spread / count), 1 / count)
        else:
            margin = 0.0
        if a - b > margin:
            changes += 1
            leader = top
    return changes


def _value_for(solution: Any, state: State, seat: int) -> float:
    """The exact win chance of ``seat`` in ``state`` (chance steps averaged, exactly)."""
    result = state.result
    if result is not None:
        return float(seat in result.winners)
    actor = state.to_act
    if actor == CHANCE:
        total = 0.0
        for move, probability in state._chance():
            after = state._clone()
            move.play(after)
            total += float(probability) * _value_for(solution, after, seat)
        return total
    value = float(solution.value(state))
    return value if actor == seat or state.game.info.cooperative else 1.0 - value
