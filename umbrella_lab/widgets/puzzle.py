"""Puzzles in a notebook: the position, the learner's move, then the advisor's answer.

A puzzle is a position where one seat (or the team) decides. The learner sees the table as
that seat sees it and the moves it may choose, picks one and commits; only then does the widget
reveal how every move fares (the advisor's win rates with their 95% intervals, best first,
marked *best*, *about equal* or *behind*) and the line that follows each choice on the table's
own luck (the same deck orders and dice after every move). Until the commitment nothing of
the answer is in the page: the evidence stays in Python and is not synced to the browser,
and the moves are listed in the game's own order, not the advisor's.

>>> view = puzzles("academy")
>>> repr(view).startswith("PuzzleView(academy, puzzle 1 of")
True
>>> view.reveal, "win_rate" in str(view.get_state(["board", "choices", "reveal", "text"]))
({}, False)
>>> view.commit(view.choices[0]["id"])["yours"]["verdict"] in ("best", "about equal", "behind")
True

The stored puzzles (``umbrella_lab/puzzles/<game>.json``, found by
:mod:`umbrella_lab.sim.puzzles`) carry their evidence; any other position is judged by the
advisor when the learner commits: ``puzzle(state)``.
"""

from __future__ import annotations

import html
import math
import random
import threading
import traceback
from collections.abc import Sequence
from typing import Any

import anywidget
import traitlets

from umbrella_lab.engine.core import CHANCE, State
from umbrella_lab.engine.errors import OptionError, seed_number, whole_number
from umbrella_lab.engine.play import play_out
from umbrella_lab.engine.spoken import said
from umbrella_lab.sim.advisor import MOST_ROLLOUTS, advise
from umbrella_lab.sim.mcts import root_moves
from umbrella_lab.sim.policies import get_policy
from umbrella_lab.sim.puzzles import Puzzle, load_puzzles
from umbrella_lab.widgets.quiz import PICTURE_STYLE
from umbrella_lab.widgets.views import STATIC, view_for

LINE_MOVES = 8
"""Moves of the line that follows each choice shown in the reveal (the rest is summed up)."""

LINE_SEED = 0
"""The generator seed of the heuristic that plays each line on (the table's luck is its own)."""


class PuzzleError(ValueError):
    """A puzzle that cannot be set (no decision, a move that is not a choice, a bad index)."""


Item = Puzzle | State
"""A stored puzzle (with its evidence), or a position the advisor judges when asked."""


class PuzzleView(anywidget.AnyWidget):
    """Puzzles to solve one after another: predict the best move, then see the evidence.

    Build one with :func:`puzzles` (a game's stored puzzles) or :func:`puzzle` (one puzzle or
    any position). In the browser the learner picks a move (in the list, or on the board
    where the board allows it) and presses *Commit*; from Python, :meth:`commit` does the same.

    Args:
        items: Stored puzzles, or positions (a seat or the team must be deciding).
        index: The puzzle shown first.
        policy: Who plays on in the advisor's rollouts and in the lines (positions only; a
            stored puzzle keeps the evidence it was found with).
        budget: The advisor's rollouts for a position (default: the game's racing budget), at
            most :data:`~umbrella_lab.sim.advisor.MOST_ROLLOUTS`.
        seed: The advisor's first re-deal seed.

    A move committed in the browser is judged in a background thread, so the kernel keeps
    listening while the advisor works (``busy`` is true meanwhile).

    Attributes:
        game: The game's title; ``number`` and ``count``: which puzzle of how many.
        question, hint: What is asked, and who decides.
        board, board_js, board_css: The table as the deciding seat sees it, drawn by the
            game's board view (or ``text``, the text picture, for a game without one).
        choices: The moves the seat may choose, ``id`` and ``label``, in the game's order.
        guess: The committed move's id, or ``None``.
        reveal: Empty until the commitment; then ``yours`` (the learner's row), ``rows`` (the
            advisor's table, best first), ``best`` (the id of the move clearly best, or
            ``None``), ``leader`` (the first row's id), ``lines`` (by move id: the moves that
            follow and how the game ends), ``explain`` and ``fair`` (the check from the
            seat's view, for a stored puzzle).
        tally: How the learner did so far, in words.
    """

    _esm = STATIC / "puzzle.js"
    _css = STATIC / "puzzle.css"

    game = traitlets.Unicode("").tag(sync=True)
    number = traitlets.Int(1).tag(sync=True)
    count = traitlets.Int(1).tag(sync=True)
    question = traitlets.Unicode("").tag(sync=True)
    hint = traitlets.Unicode("").tag(sync=True)
    board = traitlets.Dict().tag(sync=True)
    board_js = traitlets.Unicode("").tag(sync=True)
    board_css = traitlets.Unicode("").tag(sync=True)
    text = traitlets.Unicode("").tag(sync=True)
    choices = traitlets.List(traitlets.Dict()).tag(sync=True)
    guess = traitlets.Any(None).tag(sync=True)
    busy = traitlets.Bool(False).tag(sync=True)
    reveal = traitlets.Dict().tag(sync=True)
    problem = traitlets.Unicode("").tag(sync=True)
    tally = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        items: Sequence[Item],
        *,
        index: int = 0,
        policy: str = "heuristic",
        budget: int | None = None,
        seed: int = 0,
    ) -> None:
        items = list(items)
        if not items:
            raise PuzzleError("no puzzles to show: give at least one puzzle or position")
        for item in items:
            if not isinstance(item, Puzzle | State):
                msg = f"a puzzle is a stored Puzzle or a game position, not {type(item).__name__}"
                raise PuzzleError(msg)
        try:
            if budget is not None:
                budget = whole_number(budget, "puzzle: budget", low=1, high=MOST_ROLLOUTS)
            seed = seed_number(seed, "puzzle: the seed")
        except OptionError as error:
            raise PuzzleError(str(error)) from None
        if not isinstance(policy, str) or not policy:
            raise PuzzleError(f"puzzle: policy must be a policy name, not {policy!r}")
        super().__init__()
        self._items = items
        self._policy = policy
        self._budget = budget
        self._seed = seed
        self._results: dict[int, str] = {}
        self._state: State | None = None
        self._seat: int | None = None
        self._worker: threading.Thread | None = None
        self.on_msg(self._on_frontend_msg)
        self.go(index)

    # --- which puzzle -----------------------------------------------------------------------
    def go(self, index: int) -> None:
        """Show puzzle ``index`` (from 0), not yet answered.

        Raises:
            PuzzleError: for an index out of range, or a position where nobody decides.
        """
        if isinstance(index, bool) or not isinstance(index, int):
            raise PuzzleError(f"a puzzle number must be a whole number, not {index!r}")
        if not 0 <= index < len(self._items):
            raise PuzzleError(f"there are puzzles 0 to {len(self._items) - 1}, not {index}")
        item = self._items[index]
        state = item.position() if isinstance(item, Puzzle) else item
        if state.is_over or state.to_act == CHANCE:
            raise PuzzleError("a puzzle needs a position where a seat or the team decides")
        seat = state.to_act
        view_seat = seat if seat is not None and seat >= 0 else None
        moves = root_moves(state, view_seat)
        if len(moves) < 2:
            raise PuzzleError("a puzzle needs a choice: only one move is possible here")
        self._index, self._state, self._seat = index, state, view_seat
        view = view_for(state.game.name)
        js, css = view.source()
        names = view.seat_names(state)
        who = "The team" if view_seat is None else names[view_seat]
        with self.hold_sync():
            self.guess = None
            self.reveal = {}
            self.problem = ""
            self.game = state.game.info.title
            self.number, self.count = index + 1, len(self._items)
            self.question = "Which move gives the best chance to win?"
            seen = "the whole table" if view_seat is None else "only what this seat can see"
            self.hint = f"{who} to decide. You see {seen}: pick a move, then commit."
            self.board = view.model(state, view_seat)
            self.board_js, self.board_css = js, css
            self.text = state.to_text(view_seat)
            self.choices = [
                {"id": action.id, "label": said(action.label)}
                for action in (state.action(move) for move in moves)
            ]

    def next(self) -> None:
        """Show the next puzzle (the first after the last)."""
        self.go((self._index + 1) % len(self._items))

    def previous(self) -> None:
        """Show the previous puzzle (the last before the first)."""
        self.go((self._index - 1) % len(self._items))

    @property
    def state(self) -> State:
        """The position of the puzzle shown."""
        assert self._state is not None
        return self._state

    @property
    def items(self) -> tuple[Item, ...]:
        """The stored puzzles and positions shown one after another, in order.

        A stored puzzle holds its answer (``best``), which stays in Python: a workshop's check
        reads it here to make sure the page does not print it before the puzzle is asked.
        """
        return tuple(self._items)

    def __repr__(self) -> str:
        if self._state is None:
            return "PuzzleView(no puzzle shown)"
        name = self._state.game.name
        answered = "answered" if self.reveal else "not answered"
        return f"PuzzleView({name}, puzzle {self.number} of {self.count}, {answered})"

    # --- answering --------------------------------------------------------------------------
    def commit(self, choice: str) -> dict[str, Any]:
        """Commit a move (its id or label) and reveal the evidence.

        Returns:
            What the reveal shows (see the class's ``reveal``).

        Raises:
            PuzzleError: if this puzzle is already answered, or the move is not a choice.
        """
        guess = self._choose(choice)
        return self._answer(self._index, guess)

    def _choose(self, choice: str) -> str:
        """Check a committed move and mark the view busy; the move's id."""
        if self.busy:
            raise PuzzleError("the advisor is still judging the last move: wait for it")
        if self.reveal:
            raise PuzzleError("this puzzle is already answered: reset() asks it again")
        named = said(choice) if isinstance(choice, str) else choice
        chosen = next((c for c in self.choices if named in (c["id"], c["label"])), None)
        if chosen is None:
            labels = "; ".join(c["label"] for c in self.choices)
            raise PuzzleError(f"{choice!r} is not one of the moves here: {labels}")
        self.problem = ""
        self.guess = chosen["id"]
        self.busy = True
        return chosen["id"]

    def _answer(self, index: int, guess: str) -> dict[str, Any]:
        """Judge the committed move of puzzle ``index`` and show the reveal."""
        try:
            reveal = self._evidence(guess)
        finally:
            self.busy = False
        if self._index == index and self.guess == guess:  # still the puzzle shown
            self._results[index] = reveal["yours"]["verdict"]
            self.problem = ""
            self.reveal = reveal
            self.tally = _tally(self._results)
        return reveal

    def _answer_in_background(self, index: int, guess: str) -> None:
        try:
            self._answer(index, guess)
        except PuzzleError as error:
            self.problem = str(error)
        except Exception as error:  # a bug: show it rather than lose it in a thread
            self.log.error("puzzle: %s", traceback.format_exc())
            self.problem = f"Something went wrong: {type(error).__name__}: {error}"

    def wait(self, timeout: float | None = None) -> None:
        """Wait until a move committed in the browser is judged (at most ``timeout`` seconds)."""
        worker = self._worker
        if worker is not None:
            worker.join(timeout)

    def reset(self) -> None:
        """Ask this puzzle again: forget the committed move and hide the reveal."""
        self._results.pop(self._index, None)
        self.guess = None
        self.reveal = {}
        self.problem = ""
        self.tally = _tally(self._results)

    def _evidence(self, guess: str) -> dict[str, Any]:
        """The reveal: the advisor's rows, best first, the learner's row, and the lines."""
        item = self._items[self._index]
        state = self.state
        fair: dict[str, Any] = {}
        if isinstance(item, Puzzle):
            rows = [dict(row) for row in item.evidence]
            heuristic_id = item.heuristic["id"]
            fair = dict(item.fair)
            how = item.advisor or {}
            rollouts = int(how.get("budget", sum(int(r["rollouts"]) for r in rows)))
            policy = str(how.get("policy", "heuristic"))
        else:
            table = advise(state, self._policy, seed=self._seed, budget=self._budget)
            columns = ["label", "id", "wins", "rollouts", "win_rate", "low", "high", "verdict"]
            rows = [{key: _plain(row[key]) for key in columns} for row in table.to_dict("records")]
            fast = get_policy(state.game, self._policy)
            heuristic_id = state.action(fast(state, random.Random(LINE_SEED))).id
            rollouts = sum(int(r["rollouts"]) for r in rows)
            policy = self._policy
        chosen = {c["id"] for c in self.choices}
        for row in rows:
            row["label"] = said(str(row["label"]))
            row["yours"] = row["id"] == guess
            row["heuristic"] = row["id"] == heuristic_id
            row["choice"] = row["id"] in chosen
        yours = next(row for row in rows if row["yours"])
        lines = {row["id"]: self._line(row["id"]) for row in rows if row["choice"]}
        return {
            "yours": yours,
            "rows": rows,
            "lines": lines,
            "best": rows[0]["id"] if rows[0]["verdict"] == "best" else None,
            "leader": rows[0]["id"],
            "explain": _explain(rows, yours, rollouts, policy),
            "fair": _fair_words(fair),
            "heuristic": heuristic_id,
        }

    def _line(self, move_id: str) -> dict[str, Any]:
        """What follows a move on the table's own luck: the first moves and the end."""
        item = self._items[self._index]
        policy = "heuristic" if isinstance(item, Puzzle) else self._policy
        fast = get_policy(self.state.game, policy)
        rng = random.Random(LINE_SEED)
        state = self.state.apply(move_id)
        moves: list[str] = []
        made = 0
        while not state.is_over and made < LINE_MOVES:
            key = state._lucky_key() if state.to_act == CHANCE else fast(state, rng)
            moves.append(said(state.action(key).label))
            state = state.apply(key)
            made += 1
        rest: list[tuple] = []
        if not state.is_over:
            state = play_out(state, fast, rng, rest)
        result = state.result
        assert result is not None
        seat = self._seat
        won = result.won if seat is None or state.game.info.cooperative else seat in result.winners
        return {
            "moves": moves,
            "more": len(rest),
            "won": bool(won),
            "end": result.reason,
        }

    def _on_frontend_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        """Intents from the browser: commit a move, go to another puzzle, try again."""
        if not isinstance(content, dict):
            return
        try:
            kind = content.get("type")
            if self.busy and kind in ("commit", "next", "previous", "reset"):
                self.problem = "The advisor is still judging your move: wait for it."
                return
            if kind == "commit":
                # judged in a thread: the advisor may take seconds, and the kernel must keep
                # listening meanwhile (as the explorer's advisor does)
                guess = self._choose(str(content.get("id")))
                self._worker = threading.Thread(
                    target=self._answer_in_background,
                    args=(self._index, guess),
                    name="umbrella-lab-puzzle",
                    daemon=True,
                )
                self._worker.start()
            elif kind == "next":
                self.next()
            elif kind == "previous":
                self.previous()
            elif kind == "reset":
                self.reset()
        except PuzzleError as error:
            self.problem = str(error)
        except Exception as error:  # show a bug rather than fail silently
            self.log.error("puzzle: %s", traceback.format_exc())
            self.busy = False
            self.problem = f"Something went wrong: {type(error).__name__}: {error}"

    # --- where widgets do not run -----------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict, dict] | None:
        """The live widget, plus a static picture of the puzzle (never of its answer)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        return {**data, "text/html": self.picture()}, metadata

    def picture(self) -> str:
        """The puzzle as static HTML: the table as the seat sees it and the moves to choose."""
        moves = "".join(f"<li>{html.escape(c['label'])}</li>" for c in self.choices)
        return (
            f'<div class="ulp-picture" style="{PICTURE_STYLE}">'
            '<div style="font-size:13px;color:#2c6e76;font-weight:600">'
            f"PUZZLE {self.number} OF {self.count} · {html.escape(self.game.upper())}</div>"
            f'<div style="font-size:17px;font-weight:600;margin:2px 0 4px">'
            f"{html.escape(self.question)}</div>"
            f'<div style="color:#5f6975">{html.escape(self.hint)}</div>'
            '<pre style="font-size:12px;background:#f6f7f8;padding:8px;border-radius:6px;'
            f'overflow-x:auto">{html.escape(self.text)}</pre>'
            f'<div>The moves:</div><ol style="margin:4px 0">{moves}</ol>'
            '<div style="margin-top:8px;color:#5f6975;font-size:13px">Run the notebook to '
            "answer: the evidence is revealed once you commit.</div></div>"
        )


def puzzles(game: str, *, index: int = 0) -> PuzzleView:
    """The stored puzzles of a game, one after another.

    >>> puzzles("umbrella").count >= 1
    True

    Raises:
        FileNotFoundError: when the game has no puzzle file (the message names those that do).
    """
    return PuzzleView(load_puzzles(game), index=index)


def puzzle(
    source: str | Puzzle | State,
    index: int = 0,
    *,
    policy: str = "heuristic",
    budget: int | None = None,
    seed: int = 0,
) -> PuzzleView:
    """One puzzle: a stored one, or any position (judged by the advisor at the commitment).

    Args:
        source: A game's name (its stored puzzle ``index``), a puzzle, or a position.
        index: Which stored puzzle of the game.
        policy: Who plays on in the advisor's rollouts (a position only).
        budget: The advisor's rollouts (a position only; default: the game's).
        seed: The advisor's first re-deal seed (a position only).
    """
    if isinstance(source, str):
        found = load_puzzles(source)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(found):
            msg = f"{source} has puzzles 0 to {len(found) - 1}, not {index!r}"
            raise PuzzleError(msg)
        return PuzzleView([found[index]])
    return PuzzleView([source], policy=policy, budget=budget, seed=seed)


# --- helpers ---------------------------------------------------------------------------------


def _percent(value: float) -> str:
    return f"{100 * value:.0f}%"


def _explain(rows: list[dict[str, Any]], yours: dict[str, Any], rollouts: int, policy: str) -> str:
    """The reveal in words: how the evidence was made and where the learner's move stands."""
    best = rows[0]
    how = (
        f"After each move the game was played to the end many times ({rollouts} games in all, "
        f"the {policy} playing on, the unseen cards dealt anew each time and the same deals "
        "for every move)."
    )
    if best["verdict"] == "best":
        lead = (
            f" {best['label']} wins {_percent(best['win_rate'])} of them "
            f"({_percent(best['low'])} to {_percent(best['high'])}), clearly ahead of every "
            "other move."
        )
    else:
        lead = (
            f" No move is clearly ahead: {best['label']} leads with "
            f"{_percent(best['win_rate'])}, and the moves marked about equal cannot be told "
            "apart from it."
        )
    if yours is best:
        mine = " Your move is that one."
    elif yours["verdict"] == "about equal":
        mine = (
            f" Your move wins {_percent(yours['win_rate'])} ({_percent(yours['low'])} to "
            f"{_percent(yours['high'])}): its range overlaps the leader's, so the games played "
            "cannot tell the two apart."
        )
    else:
        mine = (
            f" Your move wins {_percent(yours['win_rate'])} "
            f"({_percent(yours['low'])} to {_percent(yours['high'])}): behind."
        )
    return how + lead + mine


def _fair_words(fair: dict[str, Any]) -> str:
    """The check from the seat's view in words (stored puzzles), or ``""``."""
    if not fair or not math.isfinite(float(fair.get("difference", math.nan))):
        return ""
    return (
        f"From the seat's view only (what it cannot see dealt anew {int(fair['rollouts'])} "
        f"times), the best move wins {_percent(fair['best'])} and the heuristic's move "
        f"{_percent(fair['heuristic'])}: {100 * fair['difference']:+.1f} points "
        f"({100 * fair['low']:+.1f} to {100 * fair['high']:+.1f}). The answer does not rest "
        "on a card the seat cannot see."
    )


def _tally(results: dict[int, str]) -> str:
    if not results:
        return ""
    good = sum(verdict in ("best", "about equal") for verdict in results.values())
    return f"{good} of {len(results)} answered as well as the best move"


def _plain(value: Any) -> Any:
    if hasattr(value, "item"):  # a numpy number
        return value.item()
    return value


__all__ = ["LINE_MOVES", "PuzzleError", "PuzzleView", "puzzle", "puzzles"]
