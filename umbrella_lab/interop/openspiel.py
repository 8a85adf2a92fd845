"""Any registered game through OpenSpiel's Python game interface (``pyspiel``).

Researchers use OpenSpiel's algorithms (MCTS, CFR, ...) on our games with::

    from umbrella_lab.interop import openspiel
    game = openspiel.load_game("corporation")          # a pyspiel.Game
    state = game.new_initial_state()                   # the deal is a chance node
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)

OpenSpiel is an optional extra (``pip install open_spiel``); this module imports ``pyspiel``
only when a game is made, so the kit works without it.

How our games map onto OpenSpiel's model:

* **The deal is a chance node.** Our states keep their luck in a seed (deck orders, the
  shuffles to come); the first node of every OpenSpiel game is chance choosing that seed,
  uniformly among ``deals`` seeds (:data:`DEALS` by default; the outcome ``k`` deals seed
  ``first_seed + k``). Nobody observes it.
* **Chance steps keep their exact odds.** A roll of our engine (``CHANCE`` to act) is an
  OpenSpiel chance node whose outcomes carry our exact probabilities (as floats; they add up
  to 1 within rounding), so an algorithm samples or enumerates them itself.
* **Actions are numbers.** A move gets a number the first time the game meets it (the same
  move, the same number, for the game's life), legal actions are listed in increasing number,
  and ``action_to_string`` gives the move's label (a chance outcome's too).
* **Information states are the seat views.** ``information_state_string(p)`` and
  ``observation_string(p)`` are seat ``p``'s view (``to_dict(p)``, JSON, without the seed),
  what that seat sees now; it is not a perfect-recall history of past views.
* **Returns**: 1 for each winning seat, 0 otherwise (in a co-operative game, every seat gets the
  team's result). Team decisions (our ``TEAM``) are made by seat 0.
"""

from __future__ import annotations

import json
import numbers
from typing import Any

import numpy as np

from umbrella_lab.engine.core import CHANCE, TEAM, Game, OpenState, State, load
from umbrella_lab.engine.errors import (
    MAX_SEED,
    IllegalActionError,
    OptionError,
    SeatError,
    UmbrellaLabError,
    seed_number,
    whole_number,
)

DEALS = 1000
"""How many deals (seeds) the opening chance node chooses among, by default."""

MAX_ACTIONS = 1 << 16
"""The number of distinct actions a game may number (OpenSpiel's ``num_distinct_actions``)."""

MAX_GAME_LENGTH = 100_000
"""OpenSpiel's ``max_game_length``: the engine's own limit on moves in a game."""

PREFIX = "umbrella_lab_"
"""Short names of our games in OpenSpiel's registry: ``umbrella_lab_<game>``."""


def _pyspiel() -> Any:
    try:
        import pyspiel
    except ImportError as error:  # pragma: no cover - depends on the install
        msg = "OpenSpiel is not installed: pip install open_spiel (an optional extra of the kit)"
        raise ImportError(msg) from error
    return pyspiel


class ActionNumbers:
    """Numbers for a game's moves, given on first sight and kept (shared by its states)."""

    def __init__(self) -> None:
        self.number: dict[tuple, int] = {}
        self.move: list[tuple] = []

    def __deepcopy__(self, memo: dict[int, Any]) -> ActionNumbers:
        return self  # one table for the game and all its states

    def of(self, move: tuple) -> int:
        """The number of ``move`` (a new one the first time)."""
        found = self.number.get(move)
        if found is None:
            found = len(self.move)
            if found >= MAX_ACTIONS:
                msg = f"more than {MAX_ACTIONS} distinct moves: raise MAX_ACTIONS"
                raise OverflowError(msg)
            self.number[move] = found
            self.move.append(move)
        return found


def game_type(game: Game, name: str | None = None) -> Any:
    """The ``pyspiel.GameType`` of one of our games (loaded with its players and options)."""
    pyspiel = _pyspiel()
    info = game.info
    cooperative = info.cooperative
    # A game that hides nothing (an OpenState, such as Pig: its dice are chance nodes).
    perfect = isinstance(game.deal(0), OpenState)
    return pyspiel.GameType(
        short_name=name or f"{PREFIX}{info.name}",
        long_name=f"{info.title} (umbrella-lab)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(
            pyspiel.GameType.Information.PERFECT_INFORMATION
            if perfect
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ),
        utility=(
            pyspiel.GameType.Utility.IDENTICAL
            if cooperative
            else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(info.players),
        min_num_players=min(info.players),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        provides_factored_observation_string=False,
        parameter_specification={},
    )


def load_game(
    name: str | Game,
    players: int | None = None,
    *,
    deals: int = DEALS,
    first_seed: int = 0,
    **options: Any,
) -> Any:
    """One of our games as a ``pyspiel.Game``.

    Args:
        name: A registered game's name (then ``players`` and options may follow), or a loaded
            game.
        players: Seats at the table.
        deals: How many seeds the opening chance node chooses among (at least 1).
        first_seed: The seed of chance outcome 0.
        **options: The game's rule options.

    Returns:
        An OpenSpiel game: ``new_initial_state()``, its states, observers; OpenSpiel's
        algorithms and tests take it like their own games.

    Raises:
        ImportError: when OpenSpiel is not installed.
        OptionError: for an unknown game, player count or option.
        OptionError: (a ``ValueError``) for a number of deals below 1 or above
            :data:`MAX_ACTIONS`, or a ``first_seed`` that is not a seed (a whole number from 0).
    """
    pyspiel = _pyspiel()
    deals = whole_number(deals, "openspiel: deals", low=1, high=MAX_ACTIONS)
    first_seed = seed_number(first_seed, "openspiel: first_seed")
    if first_seed + deals - 1 > MAX_SEED:
        msg = (
            f"openspiel: first_seed + deals - 1 must be at most {MAX_SEED:,} (the largest "
            f"seed), not {first_seed + deals - 1:,}"
        )
        raise OptionError(msg)
    loaded = name if isinstance(name, Game) else load(name, players=players, **options)
    if isinstance(name, Game) and (players is not None or options):
        loaded = name.with_options(players, **options)
    return _game_class(pyspiel)(loaded, deals, first_seed)


_CLASSES: dict[str, Any] = {}


def _game_class(pyspiel: Any) -> Any:
    """The adapter's Game and State classes (made once, when pyspiel is first needed)."""
    if "game" in _CLASSES:
        return _CLASSES["game"]

    class UmbrellaLabGame(pyspiel.Game):
        """A game of the kit in OpenSpiel's clothes (see the module docstring)."""

        def __init__(self, game: Game, deals: int, first_seed: int) -> None:
            self.lab_game = game
            self.deals = deals
            self.first_seed = first_seed
            self.numbers = ActionNumbers()
            super().__init__(
                game_type(game),
                pyspiel.GameInfo(
                    num_distinct_actions=MAX_ACTIONS,
                    max_chance_outcomes=MAX_ACTIONS,
                    num_players=game.players,
                    min_utility=0.0,
                    max_utility=1.0,
                    utility_sum=None,
                    max_game_length=MAX_GAME_LENGTH,
                ),
                {},
            )

        def new_initial_state(self) -> Any:
            """The opening: chance deals the table."""
            return UmbrellaLabState(self)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
            """The seat views as observations (strings; no tensors)."""
            return ViewObserver(params)

    class UmbrellaLabState(pyspiel.State):
        """A state of one of our games (``lab``: the engine's state, ``None`` before the deal).

        OpenSpiel clones a Python state by deep-copying each attribute: the engine's state is
        kept in a :class:`Held`, which copies it with its own fast ``_clone``.
        """

        def __init__(self, game: Any, lab: State | None = None) -> None:
            super().__init__(game)
            self.held = Held(lab)
            self.numbers: ActionNumbers = game.numbers

        @property
        def lab(self) -> State | None:
            """The engine's state (``None`` before the deal)."""
            return self.held.state

        @lab.setter
        def lab(self, value: State | None) -> None:
            self.held.state = value

        # --- checks before OpenSpiel's own (which stop with a bare SpielError) --------------
        def apply_action(self, action: Any) -> None:
            """Play the move numbered ``action``; a number not given out is refused clearly."""
            if isinstance(action, bool) or not isinstance(action, numbers.Integral):
                msg = f"openspiel: an action is a whole number, not {type(action).__name__}"
                raise IllegalActionError(msg)
            if action < 0:  # never a move's number (OpenSpiel's -1 means "no action")
                self._apply_action(int(action))  # refused there, with the legal numbers
            super().apply_action(int(action))

        def observation_string(self, *player: Any) -> str:
            """A seat's view of the table (default: the seat to act)."""
            return super().observation_string(*self._seat(player))

        def information_state_string(self, *player: Any) -> str:
            """A seat's information state: its view of the table (default: the seat to act)."""
            return super().information_state_string(*self._seat(player))

        def _seat(self, player: tuple[Any, ...]) -> tuple[int, ...]:
            """The seat asked for, checked: a whole number from 0 to the last seat."""
            if not player:
                return ()
            seats = self.get_game().num_players()
            seat = player[0]
            whole = isinstance(seat, numbers.Integral) and not isinstance(seat, bool)
            if not whole or not 0 <= int(seat) < seats:
                msg = (
                    f"openspiel: there is no player {seat!r} at this {seats}-player table; "
                    f"players are 0 to {seats - 1}"
                )
                raise SeatError(msg)
            return (int(seat),)

        # --- OpenSpiel's state interface ---------------------------------------------------
        def current_player(self) -> int:
            """The seat to act, CHANCE at the deal and at rolls, TERMINAL at the end."""
            s = self.lab
            if s is None:
                return int(pyspiel.PlayerId.CHANCE)
            if s.result is not None:
                return int(pyspiel.PlayerId.TERMINAL)
            actor = s.to_act
            if actor == CHANCE:
                return int(pyspiel.PlayerId.CHANCE)
            return 0 if actor == TEAM or actor is None else int(actor)

        def _legal_actions(self, player: int) -> list[int]:
            """The legal moves' numbers, in increasing order."""
            assert self.lab is not None
            return sorted(self.numbers.of(move) for move in self.lab.legal_moves())

        def chance_outcomes(self) -> list[tuple[int, float]]:
            """The deal (each seed alike) or a roll's outcomes with their exact odds."""
            s = self.lab
            game = self.get_game()
            if s is None:
                return [(k, 1.0 / game.deals) for k in range(game.deals)]
            pairs = [(self.numbers.of(move), float(p)) for move, p in s._chance()]
            return sorted(pairs)

        def _apply_action(self, action: int) -> None:
            """Deal the table, or play the move (or the chance outcome) numbered ``action``."""
            game = self.get_game()
            if self.lab is None:
                if not 0 <= action < game.deals:
                    msg = (
                        f"openspiel: action {action} is not a deal here; the deals are "
                        f"0 to {game.deals - 1}"
                    )
                    raise IllegalActionError(msg)
                self.lab = game.lab_game.deal(game.first_seed + int(action))
                return
            if not 0 <= action < len(self.numbers.move):  # a number never given out
                legal = self.legal_actions()
                msg = f"openspiel: action {action} is not legal here; the legal actions are {legal}"
                raise IllegalActionError(msg)
            s = self.lab._clone()
            s.events = None
            self.numbers.move[action].play(s)  # type: ignore[attr-defined]
            self.lab = s

        def _action_to_string(self, player: int, action: int) -> str:
            """The move's label (the deal: the seed it deals)."""
            if self.lab is None:
                return f"deal seed {self.get_game().first_seed + int(action)}"
            if not 0 <= action < len(self.numbers.move):
                msg = f"openspiel: action {action} names no move (none was given that number)"
                raise IllegalActionError(msg)
            move = self.numbers.move[action]
            labels = self.held.labels()  # the engine tells alike labels apart (by their ids)
            if move in labels:
                return labels[move]
            try:
                return self.lab.action(move).label  # type: ignore[arg-type]
            except Exception:  # a move of another moment: its id is enough
                return str(move)

        def is_terminal(self) -> bool:
            """True once the game is over."""
            return self.lab is not None and self.lab.result is not None

        def returns(self) -> list[float]:
            """1 for each winning seat (every seat in a team win), 0 otherwise."""
            players = self.get_game().num_players()
            s = self.lab
            if s is None or s.result is None:
                return [0.0] * players
            winners = set(s.result.winners)
            return [1.0 if seat in winners else 0.0 for seat in range(players)]

        def __str__(self) -> str:
            return "(not dealt)" if self.lab is None else self.lab.to_text()

        def serialize(self) -> str:
            """Not offered: the adapter numbers moves on first sight, so numbers do not travel."""
            msg = (
                "openspiel: an umbrella-lab state cannot be serialized (its action numbers are "
                "given on first sight, for one game object only); save the game with "
                "umbrella_lab.Record.of(state.lab.game, seed, action ids) instead"
            )
            raise UmbrellaLabError(msg)

        def __deepcopy__(self, memo: dict[int, Any]) -> Any:
            copy = UmbrellaLabState(
                self.get_game(), None if self.lab is None else self.lab._clone()
            )
            return copy

    class ViewObserver:
        """Observations are seat views (JSON of ``to_dict(seat)`` without the seed)."""

        def __init__(self, params: Any) -> None:
            if params:
                msg = f"observation parameters are not supported; got {params}"
                raise ValueError(msg)
            self.tensor = np.zeros(0, np.float32)
            self.dict: dict[str, Any] = {}

        def set_from(self, state: Any, player: int) -> None:
            """Nothing to do: there is no tensor."""

        def string_from(self, state: Any, player: int) -> str:
            """Seat ``player``'s view of the table."""
            return view_string(state.lab, player)

    _CLASSES["game"] = UmbrellaLabGame
    _CLASSES["state"] = UmbrellaLabState
    return UmbrellaLabGame


class Held:
    """An engine state inside an OpenSpiel state; a deep copy is a fast ``_clone``.

    It also keeps the legal moves' labels of the state it holds, put into words once: the
    engine's ``legal_actions`` tells two alike labels apart by the moves' ids, which wording
    the moves one by one would not.
    """

    __slots__ = ("_labelled", "_labels", "state")

    def __init__(self, state: State | None) -> None:
        self.state = state
        self._labelled: State | None = None
        self._labels: dict[Any, str] = {}

    def labels(self) -> dict[Any, str]:
        """The legal moves of the held state, each with its label (``{}`` before the deal)."""
        if self.state is None:
            return {}
        if self._labelled is not self.state:
            self._labels = {action.key: action.label for action in self.state.legal_actions()}
            self._labelled = self.state
        return self._labels

    def __deepcopy__(self, memo: dict[int, Any]) -> Held:
        return Held(None if self.state is None else self.state._clone())


def view_string(state: State | None, seat: int) -> str:
    """A seat's view as JSON text (without the seed, which would tell the deal)."""
    if state is None:
        return json.dumps({"seat": seat, "dealt": False})
    view = state.to_dict(seat)
    view.pop("seed", None)
    return json.dumps(view, sort_keys=True, default=str)


class OpenSpielMCTS:
    """OpenSpiel's own MCTS bot (``MCTSBot``) as one of our fast policies ``(state, rng)``.

    For comparisons with :func:`umbrella_lab.sim.mcts`: the bot searches a state of the
    adapter made at the position. OpenSpiel's MCTS is a perfect-information search, so it is
    given the table as the deciding seat sees it (``redeal`` from that seat's view, one deal
    per decision: it never peeks); chance nodes are its own. Its leaves are evaluated by
    random rollouts (``RandomRolloutEvaluator``), one per simulation.

    Args:
        playouts: Simulations per decision (``max_simulations``).
        exploration: UCT's constant (``uct_c``; OpenSpiel's examples use 2 for wins of 0..1).
        name: The name shown in tables.
    """

    def __init__(self, playouts: int = 100, exploration: float = 2.0, name: str = "") -> None:
        if isinstance(playouts, bool) or not isinstance(playouts, int) or playouts < 1:
            msg = f"playouts must be a whole number of at least 1, not {playouts!r}"
            raise ValueError(msg)
        self.playouts = playouts
        self.exploration = float(exploration)
        self.name = name or f"openspiel-mcts({playouts})"
        self.__name__ = self.name
        self._games: dict[tuple, Any] = {}

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["_games"] = {}
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    def __repr__(self) -> str:
        return f"<policy {self.name!r}: OpenSpiel's MCTS bot>"

    def __call__(self, state: State, rng: Any) -> tuple:
        """The move the bot chooses for the seat deciding in ``state``."""
        from open_spiel.python.algorithms import mcts as spiel_mcts

        game = state.game
        key = (game.name, game.players, tuple(sorted(game.changed_options.items())))
        spiel_game = self._games.get(key)
        if spiel_game is None:
            spiel_game = self._games[key] = load_game(game, deals=1)
        seat = state.to_act
        view = seat if seat is not None and seat >= 0 else None
        redeal = getattr(state, "redeal", None)
        deal = redeal(view, rng.getrandbits(62)) if callable(redeal) else state._clone()
        deal.events = None
        position = _CLASSES["state"](spiel_game, deal)
        random_state = np.random.RandomState(rng.getrandbits(32))
        bot = spiel_mcts.MCTSBot(
            spiel_game,
            self.exploration,
            self.playouts,
            spiel_mcts.RandomRolloutEvaluator(1, random_state),
            solve=False,
            random_state=random_state,
        )
        action = bot.step(position)
        return spiel_game.numbers.move[action]


def register(name: str, players: int | None = None, **options: Any) -> str:
    """Register one of our games in OpenSpiel's registry; returns its short name.

    After this, ``pyspiel.load_game("umbrella_lab_<name>")`` makes it (with these players and
    options; OpenSpiel's game parameters are not used).
    """
    pyspiel = _pyspiel()
    game = load(name, players=players, **options)
    short = f"{PREFIX}{name}"
    base = _game_class(pyspiel)

    def made(self: Any, params: Any = None) -> None:
        base.__init__(self, game, DEALS, 0)

    registered = type(f"Registered_{name}", (base,), {"__init__": made})
    _REGISTERED[short] = registered  # kept alive as long as OpenSpiel's registry
    pyspiel.register_game(game_type(game, short), registered)
    return short


_REGISTERED: dict[str, Any] = {}
