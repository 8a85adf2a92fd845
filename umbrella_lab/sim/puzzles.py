"""Puzzles: positions where one move is clearly best and the heuristic would play another.

They are found automatically in simulated games and kept as data, one JSON file per game in
``umbrella_lab/puzzles/`` (:data:`FOLDER`). A puzzle is a record (game, options, seed, the
moves that reach the position) with the answer and its evidence:

* ``best``: the move the advisor rates best, its 95% interval clear of every other move's
  (:func:`umbrella_lab.sim.advise`, racing, a budget of :data:`BUDGET` rollouts);
* ``heuristic``: the move the game's heuristic plays there instead;
* ``evidence``: the advisor's table (every move's win rate and interval);
* ``fair``: the best move against the heuristic's move played from the deciding seat's view
  only (each rollout re-deals what that seat cannot see, ``redeal``), paired on the same deals:
  the difference in win rate with its 95% interval, which must lie above zero. So the answer
  never rests on a card the learner cannot see.

Find them again (and rewrite the files) with::

    python -m umbrella_lab.sim.puzzles --write            # every game
    python -m umbrella_lab.sim.puzzles academy --games 60 # look at more games of one

>>> puzzles = load_puzzles("academy")
>>> state = puzzles[0].position()
>>> puzzles[0].best["id"] in [a.id for a in state.legal_actions()]
True
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from umbrella_lab.engine.core import CHANCE, TEAM, Game, State, game_info, games, load
from umbrella_lab.engine.errors import seed_number, whole_number
from umbrella_lab.engine.play import play_out
from umbrella_lab.engine.record import Record
from umbrella_lab.engine.words import plural
from umbrella_lab.sim.advisor import MOST_ROLLOUTS, advise
from umbrella_lab.sim.mcts import dealer, root_moves
from umbrella_lab.sim.policies import get_policy
from umbrella_lab.sim.stats import Z95

if TYPE_CHECKING:
    from umbrella_lab.engine.moves import Move

FOLDER = Path(__file__).resolve().parents[1] / "puzzles"
"""Where the puzzle files live: ``<game>.json``, a list of puzzles."""

BUDGET = 4000
"""The advisor's rollouts for each candidate position."""

FAIR_ROLLOUTS = 300
"""Paired rollouts of the best move and the heuristic's move from the seat's view."""

MOST_FOUND = 100_000
"""The most puzzles wanted, or games looked through, in one :func:`find_puzzles`."""

PER_GAME = 5
"""Puzzles kept per game."""

FORMAT = "umbrella-lab/puzzle"


@dataclass
class Puzzle:
    """A position, the move that is clearly best there, and the evidence.

    Attributes:
        record: The game, options, seed and the moves (action ids) that reach the position.
        seat: The seat deciding (``-2`` for the team).
        best: The best move: ``id`` and ``label``.
        heuristic: The heuristic's move there: ``id`` and ``label``.
        evidence: The advisor's table, one dict per move (label, id, wins, rollouts,
            win_rate, low, high, verdict).
        fair: The paired check from the seat's view: ``rollouts``, ``best``, ``heuristic``
            (win rates), ``difference``, ``low``, ``high``.
        advisor: How the advisor was asked: ``policy``, ``budget``, ``seed``.
    """

    record: Record
    seat: int
    best: dict[str, str]
    heuristic: dict[str, str]
    evidence: list[dict[str, Any]] = field(default_factory=list)
    fair: dict[str, float] = field(default_factory=dict)
    advisor: dict[str, Any] = field(default_factory=dict)

    @property
    def game(self) -> str:
        """The game's registry name."""
        return self.record.game

    def position(self) -> State:
        """The position of the puzzle, replayed from its record."""
        return self.record.final()

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form (what the data files hold)."""
        data = asdict(self)
        data["record"] = self.record.to_dict()
        return {"format": FORMAT, **data}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Puzzle:
        """A puzzle from its JSON-able form.

        Raises:
            ValueError: when a field is missing.
        """
        missing = [
            key for key in ("record", "seat", "best", "heuristic", "evidence") if key not in data
        ]
        if missing:
            msg = f"a puzzle needs {', '.join(missing)}; it has {', '.join(sorted(data))}"
            raise ValueError(msg)
        return cls(
            record=Record.from_dict(data["record"], source="puzzle"),
            seat=int(data["seat"]),
            best=dict(data["best"]),
            heuristic=dict(data["heuristic"]),
            evidence=list(data["evidence"]),
            fair=dict(data.get("fair", {})),
            advisor=dict(data.get("advisor", {})),
        )


def load_puzzles(game: str | None = None, folder: Path | str | None = None) -> list[Puzzle]:
    """The stored puzzles of one game (or of every game with a file).

    Args:
        game: A game's name, or ``None`` for all.
        folder: Where the files are (default: :data:`FOLDER`).

    Raises:
        FileNotFoundError: when the game has no puzzle file.
    """
    where = Path(folder) if folder is not None else FOLDER
    paths = [where / f"{game}.json"] if game is not None else sorted(where.glob("*.json"))
    found = []
    for path in paths:
        if not path.exists():
            have = ", ".join(p.stem for p in sorted(where.glob("*.json"))) or "none"
            msg = f"no puzzles for {game!r} in {where}; the games with puzzles: {have}"
            raise FileNotFoundError(msg)
        found += [Puzzle.from_dict(item) for item in json.loads(path.read_text("utf-8"))]
    return found


def fair_check(
    state: State, best: tuple, other: tuple, rollouts: int = FAIR_ROLLOUTS, seed: int = 0
) -> dict[str, float]:
    """Two moves compared from the deciding seat's view, on the same deals.

    Rollout ``i`` re-deals what the seat cannot see from seed ``seed + i`` (``redeal``), plays
    each move and the game out with the heuristic.

    Returns:
        ``rollouts``, the two win rates ``best`` and ``heuristic``, their ``difference`` and
        its paired 95% interval ``low``, ``high``.
    """
    rollouts = whole_number(rollouts, "fair_check: rollouts", low=1, high=MOST_ROLLOUTS)
    seed = seed_number(seed, "fair_check: the seed")
    seat = state.to_act
    view = seat if seat is not None and seat >= 0 else None
    team = view is None or state.game.info.cooperative
    heuristic = get_policy(state.game, "heuristic")
    deal = dealer(state, view)
    diffs, rates = [], [0.0, 0.0]
    for i in range(seed, seed + rollouts):
        base = deal(i)
        base.events = None
        got = []
        for k, move in enumerate((best, other)):
            s = base._clone()
            s.events = None
            move.play(s)  # type: ignore[attr-defined]
            result = play_out(s, heuristic, random.Random(i), in_place=True).result
            assert result is not None
            won = float(result.won if team else seat in result.winners)
            rates[k] += won
            got.append(won)
        diffs.append(got[0] - got[1])
    mean = sum(diffs) / rollouts
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(rollouts - 1, 1))
    half = Z95 * spread / math.sqrt(rollouts)
    return {
        "rollouts": rollouts,
        "best": rates[0] / rollouts,
        "heuristic": rates[1] / rollouts,
        "difference": mean,
        "low": mean - half,
        "high": mean + half,
    }


def find_puzzles(
    game: str | Game,
    count: int = PER_GAME,
    *,
    games_to_try: int = 40,
    seed: int = 0,
    every: int | None = None,
    budget: int | None = None,
    fair_rollouts: int | None = None,
    progress: bool = False,
) -> list[Puzzle]:
    """Find puzzles in heuristic games: one move clearly best, the heuristic playing another.

    Game ``k`` is dealt from seed ``seed + k`` and played by the heuristic; every ``every``-th
    decision with a choice is a candidate: the advisor races its moves, and a candidate whose
    best move is ``"best"`` (its interval clears every other move's) and not the heuristic's,
    and whose answer holds from the seat's view only (:func:`fair_check`), becomes a puzzle.
    At most one puzzle per game played.

    Args:
        game: A game name or a loaded game.
        count: Puzzles wanted.
        games_to_try: Games to look through at most.
        seed: The first game's seed.
        every: Look at every ``every``-th decision (default: the game's
            ``GameInfo.simulation.puzzle_every``, 3 unless it says otherwise).
        budget: The advisor's rollouts per candidate (default :data:`BUDGET`, or the first
            of the game's ``GameInfo.simulation.puzzle_budget``, less for a slow game).
        fair_rollouts: Paired rollouts of the check from the seat's view (default
            :data:`FAIR_ROLLOUTS`, or the second of the game's ``puzzle_budget``).
        progress: Print a line per game looked through and per puzzle found.

    Returns:
        Up to ``count`` puzzles, in the order found.
    """
    if isinstance(game, str):
        settings = game_info(game).simulation
        loaded = load(game, players=settings.puzzle_players, **settings.puzzle_options)
    else:
        loaded = game
    settings = loaded.info.simulation
    count = whole_number(count, "find_puzzles: count", low=1, high=MOST_FOUND)
    games_to_try = whole_number(games_to_try, "find_puzzles: games_to_try", low=1, high=MOST_FOUND)
    seed = seed_number(seed, "find_puzzles: the seed")
    slow_budget, slow_fair = settings.puzzle_budget or (BUDGET, FAIR_ROLLOUTS)
    every = whole_number(
        settings.puzzle_every if every is None else every, "find_puzzles: every", low=1
    )
    budget = whole_number(
        slow_budget if budget is None else budget, "find_puzzles: budget", low=2, high=MOST_ROLLOUTS
    )
    fair_rollouts = whole_number(
        slow_fair if fair_rollouts is None else fair_rollouts,
        "find_puzzles: fair_rollouts",
        low=1,
        high=MOST_ROLLOUTS,
    )
    heuristic = get_policy(loaded, "heuristic")
    found: list[Puzzle] = []
    for k in range(games_to_try):
        if len(found) >= count:
            break
        state = loaded.new(seed + k)
        rng = random.Random(seed + k)
        ids: list[str] = []
        decision = 0
        while not state.is_over:
            if state.to_act == CHANCE:
                move = state._lucky_key()
            else:
                move = heuristic(state, rng)
                seat = state.to_act
                view = seat if seat is not None and seat >= 0 else None
                if len(root_moves(state, view)) > 1:
                    decision += 1
                    if decision % every == 0:
                        puzzle = _candidate(state, move, ids, budget, fair_rollouts)
                        if puzzle is not None:
                            found.append(puzzle)
                            if progress:
                                print(f"  seed {seed + k}: a puzzle: {puzzle.best['label']}")
                            break
            action = state.action(move)
            ids.append(action.id)
            state = state.apply(action)
        if progress:
            print(
                f"  seed {seed + k} looked through; {plural(len(found), 'puzzle')} so far",
                flush=True,
            )
    return found


def _candidate(
    state: State, usual: Move, ids: Sequence[str], budget: int, fair_rollouts: int
) -> Puzzle | None:
    """The puzzle at ``state`` if it is one, else ``None``.

    A quick race first (a tenth of the budget): only where its leader is not the heuristic's
    move is the position looked at closely.
    """
    quick = advise(state, budget=max(budget // 10, 2), seed=1, workers=1)
    if state.parse_action(str(quick["id"].iloc[0])).key == usual:
        return None
    advice = advise(state, budget=budget, seed=1, workers=1)
    top = advice.iloc[0]
    if top["verdict"] != "best":
        return None
    best = state.parse_action(str(top["id"]))
    seat = state.to_act
    view = seat if seat is not None and seat >= 0 else None
    if best.key == usual or best.key not in root_moves(state, view):
        return None
    fair = fair_check(state, best.key, usual, fair_rollouts)
    if fair["low"] <= 0:
        return None
    heuristic = state.action(usual)
    columns = ["label", "id", "wins", "rollouts", "win_rate", "low", "high", "verdict"]
    game = state.game
    record = Record.of(game, state.seed, list(ids))
    return Puzzle(
        record=record,
        seat=TEAM if seat is None else seat,
        best={"id": best.id, "label": best.label},
        heuristic={"id": heuristic.id, "label": heuristic.label},
        evidence=[{key: _plain(row[key]) for key in columns} for row in advice.to_dict("records")],
        fair={key: _plain(value) for key, value in fair.items()},
        advisor={"policy": "heuristic", "budget": budget, "seed": 1},
    )


def _plain(value: Any) -> Any:
    if isinstance(value, float):
        return round(value, 4)
    if hasattr(value, "item"):  # a numpy number
        return _plain(value.item())
    return value


def write_puzzles(puzzles: Sequence[Puzzle], game: str, folder: Path | str | None = None) -> Path:
    """Write a game's puzzles to ``<folder>/<game>.json`` (default folder: :data:`FOLDER`)."""
    where = Path(folder) if folder is not None else FOLDER
    where.mkdir(parents=True, exist_ok=True)
    path = where / f"{game}.json"
    text = json.dumps([p.to_dict() for p in puzzles], indent=1, ensure_ascii=False)
    path.write_text(text + "\n", encoding="utf-8")
    return path


def main(argv: Sequence[str] | None = None) -> None:
    """Find puzzles for some games and print them (``--write`` keeps them as data)."""
    parser = argparse.ArgumentParser(description="Find puzzles in simulated games.")
    parser.add_argument("names", nargs="*", help="games (default: every game)")
    parser.add_argument("--count", type=int, default=PER_GAME)
    parser.add_argument("--games", type=int, default=40, help="games to look through")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--write", action="store_true", help="rewrite the puzzle files")
    parser.add_argument("--progress", action="store_true", help="a line per game looked at")
    args = parser.parse_args(argv)
    for name in args.names or games():
        puzzles = find_puzzles(
            name, args.count, games_to_try=args.games, seed=args.seed, progress=args.progress
        )
        print(f"{name}: {plural(len(puzzles), 'puzzle')}")
        for puzzle in puzzles:
            print(
                f"  seed {puzzle.record.seed}, move {len(puzzle.record.actions)}: best "
                f"{puzzle.best['label']!r}, the heuristic plays {puzzle.heuristic['label']!r} "
                f"({puzzle.fair['difference'] * 100:+.1f} points from the seat's view)"
            )
        if args.write and puzzles:
            print(f"  written to {write_puzzles(puzzles, name)}")


if __name__ == "__main__":  # pragma: no cover
    main()
