"""Simulation and analysis: policies, simulations, the advisor, exact play, the design report.

Everything here returns plain pandas tables (one row per game, or per action), which the chart
builders in :mod:`umbrella_lab.charts` turn into pictures. Importing this package does not
import altair.

>>> from umbrella_lab import sim
>>> frame = sim.simulate("academy", players=3, n=50)
>>> sim.win_rate(frame).columns.tolist()
['games', 'wins', 'win_rate', 'low', 'high']
"""

from umbrella_lab.sim.advisor import advise, best_action, review
from umbrella_lab.sim.design import Budget, DesignReport, design
from umbrella_lab.sim.mcts import MCTS, mcts
from umbrella_lab.sim.playtest import Playtest, PlaytestComparison, playtest
from umbrella_lab.sim.policies import (
    PolicyError,
    describe_policy,
    fast_policy,
    get_policy,
    policy_name,
    policy_names,
)
from umbrella_lab.sim.simulate import SimulationNote, simulate, sweep
from umbrella_lab.sim.solve import OptimalPolicy, Solution, SolveError, solve
from umbrella_lab.sim.stats import (
    Comparison,
    compare,
    sample_size,
    seat_win_rate,
    wilson,
    win_rate,
)
from umbrella_lab.sim.tournament import Tournament, tournament

__all__ = [
    "MCTS",
    "Budget",
    "Comparison",
    "DesignReport",
    "OptimalPolicy",
    "Playtest",
    "PlaytestComparison",
    "PolicyError",
    "SimulationNote",
    "Solution",
    "SolveError",
    "Tournament",
    "advise",
    "best_action",
    "compare",
    "describe_policy",
    "design",
    "fast_policy",
    "get_policy",
    "mcts",
    "playtest",
    "policy_name",
    "policy_names",
    "review",
    "sample_size",
    "seat_win_rate",
    "simulate",
    "solve",
    "sweep",
    "tournament",
    "wilson",
    "win_rate",
]
