"""The explorer: play, rewind, fork and compare any game in a notebook.

>>> from umbrella_lab.widgets import Explorer
>>> w = Explorer("academy", seed=7, players=3)
>>> w
Explorer(academy, 3 players, seed 7, step 0)

Python is the only place rules run. The browser draws what the traits hold and sends intents
(``{"type": "act", "id": "attack/0/17/-1"}``). The widget is thin: it hands each intent to its
page model, an :class:`~umbrella_lab.widgets.page.ExplorerPage` (``w.page``), which checks it
with the rules through a :class:`~umbrella_lab.engine.session.Session` and works out what the
page shows; the widget copies those fields into its traits, which travel to the browser.
"""

from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING, Any

import anywidget
import traitlets

from umbrella_lab.engine.core import Game, State
from umbrella_lab.engine.session import Branch, Node
from umbrella_lab.widgets.page import AdviceCancelled, ExplorerPage
from umbrella_lab.widgets.views import STATIC, BoardView

if TYPE_CHECKING:
    from umbrella_lab.engine.session import Session

__all__ = ["AdviceCancelled", "Explorer", "explore"]


class Explorer(anywidget.AnyWidget):
    """Play a game by clicking its legal actions; undo, redo, jump, fork, compare and inspect.

    The board is drawn by the game's registered view (see :mod:`umbrella_lab.widgets.views`);
    everything else (actions, history, branches, log, inspector, advisor) is the same for
    every game. ``step`` and ``seat`` are synced traits, so standard ipywidgets can drive
    them, e.g. ``ipywidgets.link((slider, "value"), (explorer, "step"))``.

    Args:
        game: A game name (``"academy"``), a game from ``umbrella_lab.load``, a state to
            start from, or a :class:`~umbrella_lab.engine.session.Session`.
        seed: The seed the table is dealt from (ignored for a state).
        players: Player count, when ``game`` is a name.
        policy: The policy auto-play uses (a name from the game's ``policies.POLICIES``).
        **options: Rule options, when ``game`` is a name.

    Attributes:
        page: The page model: what the page shows, worked out in plain Python.
        last_round_trip_ms: Milliseconds the last browser message took, from arrival to
            traits ready.
    """

    _esm = STATIC / "explorer.js"
    _css = STATIC / "explorer.css"

    game_name = traitlets.Unicode("").tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)
    board_js = traitlets.Unicode("").tag(sync=True)
    board_css = traitlets.Unicode("").tag(sync=True)
    board = traitlets.Dict().tag(sync=True)
    actions: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    actor = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Dict().tag(sync=True)
    step = traitlets.Int(0).tag(sync=True)
    history: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    events: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    changes: traitlets.List[str] = traitlets.List().tag(sync=True)
    inspector = traitlets.Dict().tag(sync=True)
    branch_list: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    comparison = traitlets.Dict().tag(sync=True)
    seat = traitlets.Int(-1).tag(sync=True)
    seat_names: traitlets.List[str] = traitlets.List().tag(sync=True)
    policy = traitlets.Unicode("heuristic").tag(sync=True)
    policy_names: traitlets.List[str] = traitlets.List().tag(sync=True)
    policy_words = traitlets.Dict().tag(sync=True)
    advice = traitlets.Dict().tag(sync=True)
    advisor = traitlets.Dict().tag(sync=True)
    rules = traitlets.Dict().tag(sync=True)
    notice = traitlets.Dict().tag(sync=True)
    preview = traitlets.Dict().tag(sync=True)
    unavailable: traitlets.List[dict[str, str]] = traitlets.List().tag(sync=True)

    def __init__(
        self,
        game: str | Game | State | Session = "academy",
        seed: int = 0,
        players: int | None = None,
        policy: str = "heuristic",
        **options: Any,
    ) -> None:
        self._setup(ExplorerPage(game, seed, players, policy, **options))

    @classmethod
    def from_session(cls, session: Session, policy: str = "heuristic") -> Explorer:
        """An explorer over an existing session (its branches and position are kept)."""
        widget = cls.__new__(cls)
        widget._setup(ExplorerPage(session, policy=policy))
        return widget

    def _setup(self, page: ExplorerPage) -> None:
        super().__init__(**page.shown)
        self.page = page
        self.last_round_trip_ms = 0.0
        page.log = self.log
        page.on_show = self._show_fields
        self.on_msg(self._on_frontend_msg)
        self.observe(self._on_policy, names=["policy"])
        self.observe(self._on_seat, names=["seat"])
        self.observe(self._on_step, names=["step"])

    def __repr__(self) -> str:
        game = self.session.game
        return (
            f"Explorer({game.name}, {game.players} player{'s' * (game.players != 1)}, "
            f"seed {self.session.seed}, step {self.session.step})"
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict, dict] | None:
        """The live widget, plus a static picture of the table for places without widgets.

        JupyterLab and Voila draw the widget; a saved notebook shown on GitHub or nbviewer, or
        exported to HTML, has no live kernel and shows the picture instead.
        """
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        return {**data, "text/html": self.picture()}, metadata

    def picture(self) -> str:
        """The table now as static HTML (inline styles only): title, board, the moves allowed.

        What a saved notebook shows where widgets do not run.
        """
        return self.page.picture()

    # --- what Python users call -----------------------------------------------------------
    @property
    def session(self) -> Session:
        """The tree of positions behind the widget; changes made to it from Python show at once."""
        return self.page.session

    @property
    def view(self) -> BoardView:
        """The game's board view (how its table is drawn)."""
        return self.page.view

    @property
    def state(self) -> State:
        """The state on the board now."""
        return self.session.state

    def act(self, action: Any) -> Node:
        """Play an action (an Action, its label or its id), as a click on its button does."""
        return self.session.apply(action)

    def undo(self) -> Node:
        """Go back one position."""
        return self.session.undo()

    def redo(self) -> Node:
        """Go forward one position along the line."""
        return self.session.redo()

    def jump(self, n: int) -> Node:
        """Go to position ``n`` of the current line."""
        return self.session.jump(n)

    def play(self, steps: int | None = None, policy: str | None = None) -> list[Node]:
        """Auto-play ``steps`` moves (``None``: to the end) with ``policy``.

        Without ``policy``, the one chosen in the widget plays.
        """
        return self.page.play(steps, policy)

    def fork(
        self,
        label: str | None = None,
        new_luck: bool = False,
        seed: int | None = None,
        note: str = "",
    ) -> Branch:
        """Start a branch here (same future luck unless ``new_luck``) and move onto it."""
        return self.session.fork(label, new_luck=new_luck, seed=seed, note=note)

    def switch(self, branch: Branch | str | int) -> Branch:
        """Go to the end of another branch (by label, place in the list, or Branch)."""
        return self.session.switch(branch)

    def compare(
        self,
        a: Branch | str | int,
        b: Branch | str | int,
        *,
        a_step: int | None = None,
        b_step: int | None = None,
    ) -> dict[str, Any]:
        """Show two positions side by side: two branches' ends, or a chosen step of each.

        Args:
            a: The first branch (label, place in the list, or Branch).
            b: The second branch.
            a_step: The step of ``a`` to show (default: its end).
            b_step: The step of ``b`` to show (default: its end).

        Returns:
            What the compare view shows: each side's branch, label, step and board, and the
            rows of what differs (in the board's own words where the game's view gives them).

        Raises:
            UmbrellaLabError: for a step the branch does not have.
        """
        return self.page.compare(a, b, a_step=a_step, b_step=b_step)

    def compare_since_fork(self, branch: Branch | str | int | None = None) -> dict[str, Any]:
        """What a branch changed since it forked: the position it forked from beside its end.

        Raises:
            UmbrellaLabError: for the first branch, which starts at the deal.
        """
        return self.page.compare_since_fork(branch)

    def advise(
        self,
        rollouts: int | None = None,
        *,
        budget: int | None = None,
        cancel: threading.Event | None = None,
    ) -> dict[str, Any]:
        """Rate each legal action with ``umbrella_lab.sim.advise`` (if installed); show the bars.

        Args:
            rollouts: Games played out per action, each action the same number (no race).
                Without it the advisor races the actions (see :func:`umbrella_lab.sim.advise`).
            budget: Rollouts in all while racing (default: about a second of work).
            cancel: An event that stops the advisor at its next progress report when set.

        Returns:
            What the action list shows: per action id its ``win_rate``, ``low``, ``high``,
            ``rollouts``, ``verdict`` ("best", "about equal" or "behind") and ``rank``
            (1: best); ``best`` lists the ids the advisor calls best, ``pick`` is the id of its
            first move (the one the board, the list and the verdict line show), and ``wins``
            says whose win the percentages count ("P1 wins", "The team wins").

        Raises:
            AdviceCancelled: if ``cancel`` was set before the advisor answered.
        """
        return self.page.advise(rollouts, budget=budget, cancel=cancel)

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for an advisor started from the browser to finish; False if it still runs."""
        return self.page.advisor_thread.wait(timeout)

    @property
    def thinking(self) -> bool:
        """Whether an advisor started from the browser is still running."""
        return self.page.advisor_thread.running

    def refresh(self) -> None:
        """Recompute every trait from the session (done after each change)."""
        self.page.refresh()

    # --- between the page model and the browser -------------------------------------------
    def _show_fields(self, fields: dict[str, Any]) -> None:
        """Copy fields the page model changed into the traits, sent in one message."""
        if len(fields) == 1:  # one message anyway: the advisor's thread holds no sync
            [(name, value)] = fields.items()
            setattr(self, name, value)
            return
        with self.hold_sync():
            for name, value in fields.items():
                setattr(self, name, value)

    def _on_frontend_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        """Hand one intent from the browser to the page model (which never raises)."""
        start = time.perf_counter()
        with self.hold_sync():
            self.page.handle(content)
        self.last_round_trip_ms = (time.perf_counter() - start) * 1000

    # A trait set from the browser or from Python is a choice for the page model; the value
    # the page model shows back (the same, or put back) comes in through _show_fields.
    def _on_policy(self, change: dict[str, Any]) -> None:
        if change["new"] != self.page.policy:
            self.page.choose_policy(change["new"])

    def _on_seat(self, change: dict[str, Any]) -> None:
        if change["new"] != self.page.seat:
            self.page.choose_seat(change["new"])

    def _on_step(self, change: dict[str, Any]) -> None:
        if change["new"] != self.session.step:
            self.page.choose_step(change["new"])

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Take the page's choices; put any other trait the page set back at once.

        The page may choose ``seat``, ``step`` and ``policy`` (handled above); every other
        trait is the kernel's (``board``, ``actions``, ``notice``, ``advisor``, ...).
        """
        chosen = {name: value for name, value in sync_data.items() if name in CHOSEN_IN_PAGE}
        owned = sorted(name for name in sync_data if name not in chosen and name in self.keys)
        if chosen:
            super().set_state(chosen)
        if owned:
            self.send_state(owned)


CHOSEN_IN_PAGE = frozenset({"seat", "step", "policy"})
"""The explorer's traits the page may set (each a choice); the kernel owns every other."""


def explore(
    game: str | Game | State = "academy",
    seed: int = 0,
    players: int | None = None,
    policy: str = "heuristic",
    **options: Any,
) -> Explorer:
    """An :class:`Explorer` on a new game: ``explore("academy", seed=7, players=3)``."""
    return Explorer(game, seed=seed, players=players, policy=policy, **options)
