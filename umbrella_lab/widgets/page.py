"""The explorer's page in plain Python: what it shows, and how it answers the browser.

>>> from umbrella_lab.widgets.page import ExplorerPage
>>> page = ExplorerPage("pig", seed=3)
>>> page.shown["status"]["step"]
0
>>> shown = page.handle({"type": "act", "id": page.shown["actions"][0]["id"]})
>>> shown["status"]["step"], page.session.step
(1, 1)
>>> page.handle({"type": "jump", "step": 9})["notice"]["text"]
'There is no step 9: this line has steps 0 to 1'

The browser sends intents, the same dicts as ``model.send`` in ``static/explorer.js``
(``{"type": "act", "id": "attack/0/17/-1"}``). :meth:`ExplorerPage.handle` checks each with the
rules through a :class:`~umbrella_lab.engine.session.Session`, changes the session, and returns
the fields of the page that changed, under the names of the widget's traits (``board``,
``actions``, ``status``, ``history``, ``notice``...). :attr:`ExplorerPage.shown` holds every
field as the page shows it now. Nothing here imports anywidget, ipywidgets or traitlets: the
widget (:class:`~umbrella_lab.widgets.explorer.Explorer`) only carries these fields to the
browser and back.
"""

from __future__ import annotations

import html
import importlib
import importlib.util
import logging
import re
import threading
import time
import traceback
from collections.abc import Callable
from typing import Any, cast

from umbrella_lab.engine.core import CHANCE, Game, State, load
from umbrella_lab.engine.differences import SEP, differences
from umbrella_lab.engine.errors import OptionError, UmbrellaLabError
from umbrella_lab.engine.moves import Move
from umbrella_lab.engine.session import Branch, Node
from umbrella_lab.engine.session import Session as PlainSession
from umbrella_lab.engine.spoken import said
from umbrella_lab.sim.policies import game_policies
from umbrella_lab.sim.session import Session
from umbrella_lab.sim.session import play as play_session
from umbrella_lab.widgets.changes import describe_changes
from umbrella_lab.widgets.views import BoardView, how_it_plays, player_title, view_for

NOTHING = "\u2013"
"""How the compare view writes an empty value (an en dash)."""

PROGRESS_EVERY = 0.25
"""Seconds between two progress updates of a running advisor (the "Thinking" button)."""

MOVES_SHOWN = 8
"""How many moves the static picture lists."""

PICTURE_STYLE = (
    "font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1d232b;"
    "background:#ffffff;border:1px solid #dfe3e8;border-radius:10px;padding:12px 14px;"
    "max-width:980px;line-height:1.4"
)
PICTURE_NOTE_STYLE = (
    "margin-top:10px;padding-top:6px;border-top:1px solid #eef0f2;color:#5f6975;font-size:13px"
)

ADVISOR_MISSING = (
    "The advisor needs umbrella_lab.sim.advise, which is not part of this install yet."
)

ADVISOR_FALLBACK = 400
"""Rollouts of one quick answer in a game that declares no budget (its
``GameInfo.simulation.quick_answer``, else its ``advisor_budget``)."""


def quick_answer(game: Game) -> int:
    """Rollouts of one quick answer of the advisor for this game (about a second of work)."""
    settings = game.info.simulation
    return settings.quick_answer or settings.advisor_budget or ADVISOR_FALLBACK


ADVISOR_MOST = 10
"""The most work one request from the browser may ask of the advisor, in quick answers (about
ten seconds); a bigger request is cut to this and the page says so."""

PLAY_MOST = 5000
"""The most steps one auto-play request from the browser may play."""

LABEL_MOST = 80
"""The longest branch name the browser may send, in characters."""

NOTE_MOST = 2000
"""The longest branch note the browser may send, in characters."""

INTENTS = (
    "act",
    "roll",
    "undo",
    "redo",
    "jump",
    "goto",
    "preview",
    "play",
    "fork",
    "switch",
    "rename",
    "annotate",
    "compare",
    "compare_fork",
    "close_compare",
    "advise",
    "cancel",
)
"""The intents the browser may send, each answered by the page's ``_on_<intent>`` method (a
dash reads as an underscore: ``close-compare`` is ``close_compare``)."""


class AdviceCancelled(UmbrellaLabError):
    """The advisor was stopped (the Stop button, or the position changed) before it answered."""


class AdvisorThread:
    """The advisor thinking in the background, so that the kernel keeps answering the browser.

    One run at a time. :meth:`stop` asks the run to stop at its next progress report (the Stop
    button, or a new position on the board) and keeps the reason the page will show.

    Attributes:
        node: The position the run is thinking about (its node id).
        stop_reason: What the page says when the run stops before it answers.
    """

    def __init__(self) -> None:
        self.node = -1
        self.stop_reason = ""
        self._worker: threading.Thread | None = None
        self._cancel = threading.Event()

    @property
    def running(self) -> bool:
        """Whether a run is still thinking."""
        return self._worker is not None and self._worker.is_alive()

    def start(self, node: int, work: Callable[[threading.Event], None]) -> None:
        """Run ``work(cancel)`` in the background for position ``node``."""
        self._cancel = cancel = threading.Event()
        self.node = node
        self.stop_reason = "The advisor stopped; nothing changed."
        self._worker = threading.Thread(
            target=work, args=(cancel,), name="umbrella-lab-advisor", daemon=True
        )
        self._worker.start()

    def stop(self, reason: str | None = None) -> None:
        """Ask the run to stop (saying ``reason`` when it does, if given)."""
        if reason is not None:
            self.stop_reason = reason
        self._cancel.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the run to finish; False if it still runs after ``timeout`` seconds."""
        worker = self._worker
        if worker is not None:
            worker.join(timeout)
            return not worker.is_alive()
        return True


class ExplorerPage:
    """What the explorer shows of a session, and its answer to each intent from the browser.

    The page owns the session and the choices made on it: the seat the table is viewed as, the
    policy auto-play uses, the comparison shown, the advisor's run. Each change is worked out
    here and shown as fields (:attr:`shown`), which the widget copies into its traits.

    Args:
        game: A game name (``"academy"``), a game from ``umbrella_lab.load``, a state to
            start from, or a :class:`~umbrella_lab.engine.session.Session` (kept as it is).
        seed: The seed the table is dealt from (ignored for a state or a session).
        players: Player count, when ``game`` is a name.
        policy: The policy auto-play uses (a name from the game's ``policies.POLICIES``).
        **options: Rule options, when ``game`` is a name.

    Attributes:
        session: The tree of positions; changes made to it from Python show at once.
        view: The game's board view (how its table is drawn).
        policy: The policy auto-play uses.
        seat: The seat the table is viewed as (-1: the whole table).
        shown: Every field of the page as it is shown now, by trait name.
        on_show: Called with the fields that changed, at each change (the widget's traits
            follow it); None: nobody listens.
        advisor_thread: The advisor's run in the background, started from the browser.
        log: Where a failure that is a bug (not a refusal) is logged with its traceback.

    Raises:
        OptionError: for a policy the game does not have.
    """

    def __init__(
        self,
        game: str | Game | State | PlainSession = "academy",
        seed: int = 0,
        players: int | None = None,
        policy: str = "heuristic",
        **options: Any,
    ) -> None:
        session = _session(game, seed, players, options)
        table = game_policies(session.game)
        names = list(table)
        if policy == "heuristic" and policy not in names:  # a game with no player of its own
            policy = "random"
        if policy not in names:
            msg = (
                f"{session.game.name}: no policy named {policy!r}; the policies are "
                f"{', '.join(names)}"
            )
            raise OptionError(msg)
        self.session = session
        self.view: BoardView = view_for(session.game.name)
        self.policy = policy
        self.seat = -1
        self.shown: dict[str, Any] = {}
        self.on_show: Callable[[dict[str, Any]], None] | None = None
        self.log = logging.getLogger(__name__)
        self.advisor_thread = AdvisorThread()
        self._answering = threading.local()  # the fields changed by each answer under way
        self._notice_serial = 0
        self._snapshot: tuple[Node, int | None, dict[str, Any]] | None = None
        """The last position shown, the seat it was viewed as and its snapshot: the position
        before the next move's, made once."""
        self._compared: tuple = ()  # what the comparison shows, to show it again from a seat
        self._advise_fn: Any = None
        js, css = self.view.source()
        self._update(
            game_name=session.game.name,
            board_js=js,
            board_css=css,
            policy=policy,
            policy_names=names,
            policy_words={
                name: {"title": player_title(name), "how": how_it_plays(table, name)}
                for name in names
            },
            seat=-1,
            rules=_rules(session.game),
            advisor={
                **_advisor_status(),
                "quick": quick_answer(session.game),
            },
            advice={},
            comparison={},
            notice={},
            preview={},
        )
        session.on_change(self._on_session_change)
        self.refresh()

    @property
    def state(self) -> State:
        """The state on the board now."""
        return self.session.state

    # --- answering the browser --------------------------------------------------------------
    def handle(self, message: Any) -> dict[str, Any]:
        """Answer one intent from the browser; the fields of the page it changed.

        ``message`` is what the browser sends: a dict with a ``type`` from :data:`INTENTS`
        and that intent's fields (``{"type": "jump", "step": 3}``). A request that cannot be
        met (an illegal move, a step the line does not have, a malformed message) changes
        nothing and shows a notice of kind ``"error"`` that says why; it never raises.
        """
        return self._collect(self._answer, message)

    def choose_seat(self, seat: int) -> dict[str, Any]:
        """View the table as ``seat`` sees it (-1, or a seat the game has not: the whole table).

        A comparison on show is shown again as the seat sees it. Returns the fields changed.
        """
        return self._collect(self._choose_seat, seat)

    def choose_step(self, step: int) -> dict[str, Any]:
        """Go to position ``step`` of the current line (a slider linked to the step).

        A step the line does not have is refused with a notice, and the step shown stays.
        Returns the fields changed.
        """
        return self._collect(self._choose_step, step)

    def choose_policy(self, policy: str) -> dict[str, Any]:
        """Let ``policy`` auto-play; an unknown name is refused with a notice and put back.

        Returns the fields changed.
        """
        return self._collect(self._choose_policy, policy)

    def refresh(self) -> dict[str, Any]:
        """Work out again every field that follows the session; the fields (all of them)."""
        return self._collect(self._refresh)

    # --- what the widget's Python methods call ----------------------------------------------
    def play(self, steps: int | None = None, policy: str | None = None) -> list[Node]:
        """Auto-play ``steps`` moves (``None``: to the end) with ``policy`` (or the page's)."""
        return play_session(self.session, policy or self.policy, steps)

    def compare(
        self,
        a: Branch | str | int,
        b: Branch | str | int,
        *,
        a_step: int | None = None,
        b_step: int | None = None,
    ) -> dict[str, Any]:
        """Show two positions side by side: two branches' ends, or a chosen step of each.

        Returns the comparison shown (see :meth:`Explorer.compare
        <umbrella_lab.widgets.explorer.Explorer.compare>`).

        Raises:
            UmbrellaLabError: for a step the branch does not have.
        """
        first, second = self.session.find(a), self.session.find(b)
        sides = [
            (first, _at_step(self.session, first, a_step)),
            (second, _at_step(self.session, second, b_step)),
        ]
        self._compared = ("steps", first.id, second.id, a_step, b_step)
        return self._show_comparison(sides, "")

    def compare_since_fork(self, branch: Branch | str | int | None = None) -> dict[str, Any]:
        """Show what a branch changed since it forked: the position it forked from beside its end.

        Raises:
            UmbrellaLabError: for the first branch, which starts at the deal.
        """
        target = self.session.find(branch)
        if target.parent is None:
            msg = (
                f"{target.label!r} starts at the deal, so it has no fork: choose a branch that "
                "was forked, or compare two steps"
            )
            raise UmbrellaLabError(msg)
        fork = self.session.get(target.parent)
        origin = self.session.branch_at(fork)
        self._compared = ("fork", target.id)
        return self._show_comparison(
            [(origin, fork), (target, self.session.end(target))], "since the fork"
        )

    def advise(
        self,
        rollouts: int | None = None,
        *,
        budget: int | None = None,
        cancel: threading.Event | None = None,
    ) -> dict[str, Any]:
        """Rate each legal action with ``umbrella_lab.sim.advise``; show and return the ratings.

        The advisor's progress shows in the ``advisor`` field while it runs. The arguments and
        the answer are those of :meth:`Explorer.advise
        <umbrella_lab.widgets.explorer.Explorer.advise>`.

        Raises:
            AdviceCancelled: if ``cancel`` was set before the advisor answered.
        """
        advise = self._advisor_function()
        if advise is None:
            raise UmbrellaLabError(self.shown["advisor"].get("reason") or ADVISOR_MISSING)
        node, state, policy = self.session.node, self.state, self.policy
        self._advisor(busy=True, done=0.0, left=None)
        began = last = time.monotonic()

        def progress(share: float) -> None:
            # the "Thinking" button shows the share done and the time left (the browser gets
            # these updates while the rollouts run); a few updates a second at most
            nonlocal last
            if cancel is not None and cancel.is_set():
                raise AdviceCancelled("the advisor was stopped before it answered")
            now = time.monotonic()
            if now - last < PROGRESS_EVERY or share >= 1:
                return
            last = now
            left = (now - began) * (1 - share) / share if share > 0 else None
            self._advisor(done=round(share, 3), left=left)

        try:
            frame = advise(
                state, policy=policy, rollouts=rollouts, budget=budget, progress=progress
            )
        finally:
            self._advisor(busy=False, done=None, left=None)
        # games played out per second: the effort menu shows how long each choice would take
        seconds = time.monotonic() - began
        spent = int(frame["rollouts"].sum()) if "rollouts" in frame else 0
        if seconds > 0 and spent:
            self._advisor(rate=spent / seconds)
        rows = {}
        for rank, row in enumerate(frame.to_dict("records"), start=1):
            rows[str(row["id"])] = {
                **{key: _number(row.get(key)) for key in ("win_rate", "low", "high", "rollouts")},
                "verdict": str(row.get("verdict") or ""),
                "rank": rank,
            }
        advice = {
            "node": node.id,
            "policy": policy,
            "rollouts": rollouts,
            "budget": budget,
            "spent": spent,
            "rows": rows,
            "best": [key for key, row in rows.items() if row["verdict"] == "best"],
            "pick": next(iter(rows), ""),
            "wins": _whose_win(state, self.view),
        }
        if self.session.node is node:  # the position may have changed meanwhile
            self._update(advice=advice)
        return advice

    def picture(self) -> str:
        """The table now as static HTML (inline styles only): title, board, the moves allowed."""
        state, session = self.state, self.session
        if state.is_over:
            doing = "The game is over."
            moves: list[str] = []
        elif state.to_act == CHANCE:
            doing = "Luck decides next:"
            moves = [f"{a.label} ({_fraction(p)})" for a, p in state.chance_outcomes()]
        else:
            doing = "The moves allowed now:"
            moves = [f"{a.label} [{a.rule}]" for a in state.legal_actions()]
        shown = "".join(f"<li>{html.escape(move)}</li>" for move in moves[:MOVES_SHOWN])
        more = f"<li>and {len(moves) - MOVES_SHOWN} more</li>" if len(moves) > MOVES_SHOWN else ""
        listing = (
            f'<ul style="margin:4px 0 0 0;padding-left:20px">{shown}{more}</ul>' if moves else ""
        )
        title = html.escape(f"{_title(state, session)} · step {session.step}")
        return (
            f'<div class="ulx-picture" style="{PICTURE_STYLE}">'
            f'<div style="font-size:17px;font-weight:600;margin-bottom:8px">{title}</div>'
            f"{self.view.static_picture(state)}"
            f'<div style="margin-top:10px;font-size:14px">{html.escape(doing)}{listing}</div>'
            f'<div style="{PICTURE_NOTE_STYLE}">A picture of the explorer as it was saved. '
            "Run the notebook (JupyterLab, Voila or Binder) to play, undo, fork and ask "
            "the advisor.</div></div>"
        )

    # --- showing ----------------------------------------------------------------------------
    def _update(self, **fields: Any) -> None:
        """Show ``fields``: keep them, count them in each answer under way, tell ``on_show``."""
        self.shown.update(fields)
        for changed in getattr(self._answering, "open", ()):
            changed.update(fields)
        if self.on_show is not None:
            self.on_show(fields)

    def _collect(self, work: Callable[..., Any], *args: Any) -> dict[str, Any]:
        """Do ``work(*args)``; the fields it showed (from this thread: not the advisor's)."""
        opened = self._answering.__dict__.setdefault("open", [])
        opened.append({})
        try:
            work(*args)
        finally:
            changed = opened.pop()
        return changed

    def _say(self, text: str, kind: str) -> None:
        self._notice_serial += 1
        self._update(notice={"text": text, "kind": kind, "serial": self._notice_serial})

    def _advisor(self, **changes: Any) -> None:
        self._update(advisor={**self.shown["advisor"], **changes})

    def _viewing_seat(self) -> int | None:
        """The seat the table is viewed as, or None for the whole table."""
        if self.seat < 0 or self.seat >= self.session.game.players:
            return None
        return self.seat

    def _refresh(self) -> None:
        session, view = self.session, self.view
        node, state = session.node, session.state
        seat = self._viewing_seat()
        line = session.line
        # a seat's view never names the seed while the game runs: the seed fixes every
        # hidden card and every roll to come (the whole table's view and the saved file keep it)
        seedless = seat is not None and not state.is_over
        snapshot = state.to_dict(seat)
        before = None
        if node.parent is not None:
            last = self._snapshot
            if last is not None and last[0] is node.parent and last[1] == seat:
                before = last[2]  # the position before, as it was shown
            else:
                before = node.parent.state.to_dict(seat)
        self._snapshot = (node, seat, snapshot)
        changed = [] if before is None else list(differences(before, snapshot))
        actions = [] if state.is_over else state.legal_actions()
        order = list(view.groups)
        actions.sort(
            key=lambda a: (
                order.index(view.group_of(a.kind)) if view.group_of(a.kind) in order else len(order)
            )
        )
        actor, shorts = _actor(actions)
        names, who = view.seat_names(state), state.to_act
        deciding = names[who] if who is not None and 0 <= who < len(names) else ""
        actor = actor or deciding  # labels that do not start with a name: "Heroes to play"
        chance = not state.is_over and state.to_act == CHANCE
        # Viewed as one seat that cannot see the whole table, another seat's choices stay
        # private (their labels name cards in a hidden hand), and so do the seat's own moves
        # that would use another seat's hidden card. The note about the latter shows whenever
        # cards are hidden, in games that have such moves, so it tells nothing.
        hidden = seat is not None and bool(actions) and not chance and state.hides_from(seat)
        private = hidden and state.to_act != seat
        private_note = (
            hidden
            and not private
            and any(kind.private_to is not Move.private_to for kind in state.game.info.moves)
        )
        private_count = len(actions) if private else 0
        if private:
            actions, shorts = [], []
            actor = deciding or "The team"
        elif private_note:
            shown = [not a.key.private_to(state, cast(int, seat)) for a in actions]
            actions = [a for a, keep in zip(actions, shown, strict=True) if keep]
            shorts = [s for s, keep in zip(shorts, shown, strict=True) if keep]
        odds = {action.key: p for action, p in state.chance_outcomes()} if chance else {}
        groups = ["Luck" if chance else view.heading_of(state, a.key) for a in actions]
        briefs = [view.brief(state, a) for a in actions]
        shorts, leads = _without_repeats(
            [said(b or x) for b, x in zip(briefs, shorts, strict=True)],
            groups,
            actor if not chance else "",
            [bool(b) for b in briefs],
        )
        branch = session.branch
        self._update(
            title=_title(state, session, seedless),
            board=view.model(state, seat),
            actions=[
                {
                    "id": a.id,
                    "label": said(a.label),
                    "short": short,
                    "lead": lead,
                    "rule": a.rule,
                    "kind": a.kind,
                    "group": group,
                    **(
                        {"odds": _fraction(odds[a.key]), "p": float(odds[a.key])}
                        if a.key in odds
                        else {}
                    ),
                }
                for a, short, lead, group in zip(actions, shorts, leads, groups, strict=True)
            ],
            actor=actor,
            unavailable=[] if private or chance else _unavailable(state, actor, seat, hidden, view),
            status={
                "node": node.id,
                "step": node.depth,
                "last": len(line) - 1,
                "can_undo": session.can_undo,
                "can_redo": session.can_redo,
                "over": state.is_over,
                "chance": chance,
                "branch": branch.label,
                "branch_id": branch.id,
                "branch_note": branch.note,
                "kind": node.kind,
                "label": _label(node, seedless),
                "fork_from": _fork_from(node, seedless),
                "rule": node.rule,
                "changed": [where for where, _, _ in changed],
                "result": None if state.result is None else state.result.to_dict(),
                "private": private_count,
                "private_all": private,
                "private_note": private_note,
            },
            step=node.depth,
            history=[_history_entry(n, seedless) for n in line],
            events=[_events_entry(n, seedless) for n in line[: node.depth + 1]],
            changes=(
                []
                if before is None
                else describe_changes(before, snapshot, quiet=view.quiet, found=changed)
            ),
            inspector=snapshot,
            branch_list=[_branch_entry(session, b, seedless) for b in session.branches()],
            seat_names=view.seat_names(state),
        )

    def _show_comparison(self, sides: list[tuple[Branch, Node]], mode: str) -> dict[str, Any]:
        seat = self._viewing_seat()
        boards = [self.view.model(node.state, seat) for _, node in sides]
        if self.view.compare is not None:
            rows = self.view.compare(boards[0], boards[1])
        else:
            snaps = [node.state.to_dict(seat) for _, node in sides]
            rows = [
                [where, _words(x), _words(y)]
                for where, x, y in differences(*snaps, whole_lists=True)  # type: ignore[arg-type]
                if where.rsplit(SEP, 1)[-1] not in self.view.quiet
            ]
        shown = {}
        for key, (branch, node) in zip("ab", sides, strict=True):
            shown[key] = {
                "branch": branch.id,
                "label": branch.label,
                "step": node.depth,
                "end": node.id == branch.end,
                "board": boards["ab".index(key)],
            }
        comparison = {**shown, "rows": rows, "mode": mode}
        self._update(comparison=comparison)
        return comparison

    # --- reacting ---------------------------------------------------------------------------
    def _on_session_change(self, session: PlainSession) -> None:
        thinker = self.advisor_thread
        if thinker.running and thinker.node != session.node.id:
            thinker.stop("The advisor stopped: the position changed.")
        if self.shown["advice"] and self.shown["advice"].get("node") != session.node.id:
            self._update(advice={})
        self._refresh()

    def _choose_seat(self, seat: int) -> None:
        if seat < -1 or seat >= self.session.game.players:
            seat = -1
        self.seat = seat
        self._update(seat=seat)
        self._refresh()
        if self.shown["comparison"] and self._compared:  # the same comparison, from the seat
            try:
                if self._compared[0] == "fork":
                    self.compare_since_fork(self._branch_ref(self._compared[1]))
                else:
                    _, a, b, a_step, b_step = self._compared
                    self.compare(
                        self._branch_ref(a), self._branch_ref(b), a_step=a_step, b_step=b_step
                    )
            except (UmbrellaLabError, KeyError):
                self._update(comparison={})

    def _choose_step(self, step: int) -> None:
        if step == self.session.step:
            return
        try:
            self.session.jump(step)
        except IndexError as error:
            self._say(_plain_error(error), "error")
            self._update(step=self.session.step)

    def _choose_policy(self, policy: str) -> None:
        names = self.shown["policy_names"]
        if policy not in names:
            known = ", ".join(names)
            self._say(f"No policy named {_show(policy)}; the policies are {known}.", "error")
            policy = self.policy if self.policy in names else "heuristic"
        self.policy = policy
        self._update(policy=policy)

    # --- the intents ------------------------------------------------------------------------
    def _answer(self, message: Any) -> None:
        """Answer ``message``; errors become a notice, never a crash."""
        try:
            if not isinstance(message, dict):
                raise UmbrellaLabError(
                    f"a request from the browser must be a dict with a type, not {_show(message)}"
                )
            kind = message.get("type")
            name = kind.replace("-", "_") if isinstance(kind, str) else None
            if name not in INTENTS:
                raise UmbrellaLabError(f"unknown request {_show(kind)} from the browser")
            getattr(self, f"_on_{name}")(message)
        except (UmbrellaLabError, ValueError, KeyError, IndexError, TypeError) as error:
            self._say(_plain_error(error), "error")
        except Exception as error:  # a bug: show it rather than fail silently in the kernel
            self.log.error("explorer: %s", traceback.format_exc())
            self._say(f"Something went wrong: {type(error).__name__}: {error}", "error")

    def _on_act(self, message: dict[str, Any]) -> None:
        move = _text(message, "id", 500)
        if self.shown["status"].get("private_all"):  # a click drawn before the view changed
            self._say("Those choices are private from this seat: set View as to choose.", "info")
            return
        self.session.apply(move)

    def _on_roll(self, message: dict[str, Any]) -> None:
        self.session.roll()

    def _on_undo(self, message: dict[str, Any]) -> None:
        if not self.session.can_undo:
            raise UmbrellaLabError("nothing to undo: this is the deal")
        self.session.undo()

    def _on_redo(self, message: dict[str, Any]) -> None:
        if not self.session.can_redo:
            raise UmbrellaLabError("nothing to redo: this is the end of the line")
        self.session.redo()

    def _on_jump(self, message: dict[str, Any]) -> None:
        last = len(self.session.line) - 1
        step = _whole(message, "step")
        if not 0 <= step <= last:
            raise UmbrellaLabError(f"there is no step {step}: this line has steps 0 to {last}")
        self.session.jump(step)

    def _on_preview(self, message: dict[str, Any]) -> None:
        """A look at another step of this line (pointing at it in the log); nothing moves."""
        if message.get("step") is None:
            self._update(preview={})
            return
        line = self.session.line
        step = _whole(message, "step")
        if not 0 <= step < len(line):
            msg = f"there is no step {step}: this line has steps 0 to {len(line) - 1}"
            raise UmbrellaLabError(msg)
        node = line[step]
        seat = self._viewing_seat()
        self._update(
            preview={
                "step": step,
                "node": node.id,
                "label": _label(node, seat is not None and not node.state.is_over),
                "board": self.view.model(node.state, seat),
            }
        )

    def _on_goto(self, message: dict[str, Any]) -> None:
        node = _whole(message, "node")
        self.session.get(node)  # an unknown position is refused before anything moves
        self.session.goto(node)

    def _on_play(self, message: dict[str, Any]) -> None:
        steps = None if message.get("steps") is None else _whole(message, "steps", least=1)
        policy = message.get("policy") or self.policy
        names = self.shown["policy_names"]
        if policy not in names:
            known = ", ".join(names)
            raise UmbrellaLabError(f"no policy named {_show(policy)}; the policies are {known}")
        if steps is None or steps > PLAY_MOST:
            if steps is not None:
                self._say(f"Auto-play plays at most {PLAY_MOST} steps at a time.", "info")
            steps = PLAY_MOST
        played = self.play(steps, policy)
        if not played and self.state.is_over:
            self._say("The game is over: nothing left to play.", "info")

    def _on_fork(self, message: dict[str, Any]) -> None:
        label = _text(message, "label", LABEL_MOST, empty=True).strip() or None
        note = _text(message, "note", NOTE_MOST, empty=True)
        new_luck = message.get("new_luck", False)
        if not isinstance(new_luck, bool):
            raise UmbrellaLabError(f"new_luck must be true or false, not {_show(new_luck)}")
        branch = self.session.fork(label, new_luck=new_luck, note=note)
        luck = "new luck" if branch.luck == "new" else "the same luck"
        start = self.session.get(branch.id).parent
        step = 0 if start is None else start.depth  # the position forked from, on its line
        self._say(f"Forked '{branch.label}' from step {step} with {luck}.", "info")

    def _on_switch(self, message: dict[str, Any]) -> None:
        self.session.switch(self._branch_ref(message.get("branch")))

    def _on_rename(self, message: dict[str, Any]) -> None:
        label = _text(message, "label", LABEL_MOST).strip()
        if not label:
            raise UmbrellaLabError("a branch needs a name: the new name is empty")
        self.session.rename(label, self._branch_ref(message.get("branch")))

    def _on_annotate(self, message: dict[str, Any]) -> None:
        note = _text(message, "note", NOTE_MOST, empty=True)
        self.session.annotate(note, self._branch_ref(message.get("branch")))

    def _on_compare(self, message: dict[str, Any]) -> None:
        a, b = self._branch_ref(message.get("a")), self._branch_ref(message.get("b"))
        steps = [
            None if message.get(key) is None else _whole(message, key)
            for key in ("a_step", "b_step")
        ]
        self.compare(a, b, a_step=steps[0], b_step=steps[1])

    def _on_compare_fork(self, message: dict[str, Any]) -> None:
        ref = message.get("branch")
        self.compare_since_fork(None if ref is None else self._branch_ref(ref))

    def _on_close_compare(self, message: dict[str, Any]) -> None:
        self._update(comparison={})

    def _on_advise(self, message: dict[str, Any]) -> None:
        """Start the advisor in the background (bounded), so the kernel keeps listening."""
        if self.advisor_thread.running:
            self._say("The advisor is already thinking: wait for it, or stop it.", "info")
            return
        if self.state.is_over:
            raise UmbrellaLabError("the game is over; there is no move to advise on")
        if self.state.to_act == CHANCE:
            raise UmbrellaLabError("luck decides here: there is no move to advise on")
        if self._advisor_function() is None:
            raise UmbrellaLabError(self.shown["advisor"].get("reason") or ADVISOR_MISSING)
        quick = quick_answer(self.session.game)
        most = quick * ADVISOR_MOST
        moves = max(len(self.state.legal_actions()), 1)
        rollouts = budget = None
        if message.get("rollouts") is not None:
            rollouts = _whole(message, "rollouts", least=1)
            if rollouts * moves > most:
                cut = max(1, most // moves)
                self._say(
                    f"{rollouts} games for each of {moves} moves would take too long: the "
                    f"advisor plays {cut} each (about {ADVISOR_MOST} seconds of work).",
                    "info",
                )
                rollouts = cut
        else:
            effort = 1 if message.get("effort") is None else _whole(message, "effort", least=1)
            if effort > ADVISOR_MOST:
                self._say(
                    f"The advisor works at most {ADVISOR_MOST} times as long as a quick "
                    "answer (about ten seconds): it does that.",
                    "info",
                )
                effort = ADVISOR_MOST
            budget = quick * effort
        self._advisor(busy=True, done=0.0, left=None)
        self.advisor_thread.start(
            self.session.node.id,
            lambda cancel: self._advise_in_background(rollouts, budget, cancel),
        )

    def _advise_in_background(
        self, rollouts: int | None, budget: int | None, cancel: threading.Event
    ) -> None:
        try:
            self.advise(rollouts, budget=budget, cancel=cancel)
        except AdviceCancelled:
            self._say(self.advisor_thread.stop_reason, "info")
        except (UmbrellaLabError, ValueError) as error:
            self._say(_plain_error(error), "error")
        except Exception as error:  # a bug: show it rather than lose it in a thread
            self.log.error("explorer: %s", traceback.format_exc())
            self._say(f"The advisor failed: {type(error).__name__}: {error}", "error")
        finally:
            if self.shown["advisor"].get("busy"):
                self._advisor(busy=False, done=None, left=None)

    def _on_cancel(self, message: dict[str, Any]) -> None:
        if not self.advisor_thread.running:
            self._say("The advisor is not running: nothing to stop.", "info")
            return
        self.advisor_thread.stop()

    def _branch_ref(self, ref: Any) -> Branch:
        """A branch named by the browser: its head node id (a number) or its label."""
        branches = self.session.branches()
        if isinstance(ref, int) and not isinstance(ref, bool):
            for branch in branches:
                if branch.id == ref:
                    return branch
            raise UmbrellaLabError(f"there is no branch starting at position {ref}")
        if isinstance(ref, str):
            for branch in branches:
                if branch.label == ref:
                    return branch
        names = ", ".join(repr(b.label) for b in branches)
        raise UmbrellaLabError(f"there is no branch {_show(ref)}; the branches are {names}")

    def _advisor_function(self) -> Any:
        if self._advise_fn is None and self.shown["advisor"].get("available"):
            try:
                module = importlib.import_module("umbrella_lab.sim")
                self._advise_fn = module.advise
            except (ImportError, AttributeError) as error:
                self._update(
                    advisor={
                        "available": False,
                        "reason": f"{ADVISOR_MISSING} ({type(error).__name__}: {error})",
                    }
                )
        return self._advise_fn


# --- helpers -----------------------------------------------------------------------------------


def _session(
    game: str | Game | State | PlainSession,
    seed: int,
    players: int | None,
    options: dict[str, Any],
) -> PlainSession:
    if isinstance(game, PlainSession):
        return game
    if isinstance(game, State):
        return Session.from_state(game)
    if isinstance(game, str):
        game = load(game, players, **options)
    elif players is not None or options:
        game = game.with_options(players, **options)
    return Session(game, seed)


def _title(state: State, session: PlainSession, seedless: bool = False) -> str:
    """The page's title: the game, the table size and the seed (not in a seat's view)."""
    players = session.game.players
    title = f"{state.game.info.title} · {players} player{'s' * (players != 1)}"
    return title if seedless else f"{title} · seed {session.seed}"


def _advisor_status() -> dict[str, Any]:
    """Whether ``umbrella_lab.sim.advise`` can be called (checked without importing pandas)."""
    try:
        found = importlib.util.find_spec("umbrella_lab.sim") is not None
    except (ImportError, ValueError):
        found = False
    if not found:
        return {"available": False, "reason": ADVISOR_MISSING}
    return {"available": True, "reason": ""}


def _whose_win(state: State, view: BoardView) -> str:
    """Whose win the advisor's percentages count, as words: "P1 wins", "The team wins".

    A win counts for the deciding seat, or for the whole team in a co-operative game or a
    team decision (see :func:`umbrella_lab.sim.advise`).
    """
    seat = state.to_act
    names = view.seat_names(state)
    if state.game.info.cooperative or seat is None or not 0 <= seat < len(names):
        return "The team wins"
    name = names[seat]
    return f"{name} {'win' if name.endswith('s') else 'wins'}"


def _unavailable(
    state: State, actor: str, seat: int | None, hidden: bool, view: BoardView | None = None
) -> list[dict[str, str]]:
    """Moves a learner might expect that are not offered now, each with its reason and rule.

    From the game's ``known`` moves (as ``state.unavailable()`` lists them); none while the
    viewing seat cannot see the whole table (a reason could tell of a hidden card). A view
    with headings of its own groups them (``group``) and may shorten them as it shortens the
    legal moves.
    """
    if hidden or state.is_over or not hasattr(state, "unavailable"):
        return []
    prefix = f"{actor}: " if actor else ""

    def entry(label: str, reason: str, rule: str) -> dict[str, str]:
        label = said(label)
        short = label[len(prefix) :] if prefix and label.startswith(prefix) else label
        return {"label": label, "short": said(short), "reason": said(reason), "rule": rule}

    if view is None or view.heading is None:
        return [entry(*row) for row in state.unavailable()]
    found = []
    for move, label, reason, rule in state.unavailable_moves():  # unavailable(), with the moves
        row = entry(label, reason, rule)
        row["group"] = view.heading_of(state, move)
        row["short"] = said(view.brief(state, _Named(move, label))) or row["short"]
        found.append(row)
    return found


class _Named:
    """A move with its label, read like an action by a view's ``short``."""

    def __init__(self, key: Move, label: str) -> None:
        self.key, self.label, self.kind = key, label, key.kind


def _at_step(session: PlainSession, branch: Branch, step: int | None) -> Node:
    """The position at ``step`` of a branch's line (its end when ``step`` is None)."""
    line = session.branch_line(branch)
    if step is None:
        return line[-1]
    if not 0 <= step < len(line):
        msg = f"{branch.label!r} has steps 0 to {len(line) - 1}; there is no step {step}"
        raise UmbrellaLabError(msg)
    return line[step]


def _rules(game: Game) -> dict[str, dict[str, str]]:
    try:
        book = game.rules
    except (FileNotFoundError, ModuleNotFoundError):
        return {}
    return {
        rule.id: {"title": rule.title, "text": _plain(rule.text), "section": rule.section}
        for rule in book.values()
    }


def _plain(markdown: str) -> str:
    """Rule text without Markdown marks (backticks, emphasis)."""
    text = re.sub(r"`([^`]*)`", r"\1", markdown)
    text = re.sub(r"\*\*([^*]+)\*\*", r"\1", text)
    return re.sub(r"(?<![*\w])\*([^*\n]+)\*(?!\*)", r"\1", text)


def _actor(actions: list[Any]) -> tuple[str, list[str]]:
    """The name every label starts with, and the labels without it.

    ``"Space Boy: attack 50"`` and ``"Space Boy (Double Shot, 1 bar): attack 30 x 2"`` give
    ``"Space Boy"`` and ``["attack 50", "Double Shot, 1 bar: attack 30 x 2"]``.
    """
    parts = []
    for action in actions:
        head, colon, rest = action.label.partition(": ")
        if not colon:
            return "", [a.label for a in actions]
        name, paren, extra = head.partition(" (")
        parts.append((name, f"{extra.rstrip(')')}: {rest}" if paren else rest))
    names = {name for name, _ in parts}
    if len(names) != 1 or len(next(iter(names)).split()) > 3:  # a name, not a phrase
        return "", [a.label for a in actions]
    return names.pop(), [short for _, short in parts]


def _without_repeats(
    shorts: list[str], groups: list[str], actor: str, kept: list[bool]
) -> tuple[list[str], list[str]]:
    """Labels without the words every button of a list would repeat, and those words.

    The heading already names who plays ("Heroes to play"), so a leading "Heroes " goes; the
    words all the buttons of a group of three or more start with ("search their deck:",
    "S.T.A.R.S. Alpha Team assaults") are said once, over the group. Labels a board view
    shortened itself (``kept``) stay as they are.

    >>> _without_repeats(["Heroes put A into play", "Heroes end recruiting"], ["R", "R"],
    ...                  "Heroes", [False, False])
    (['put A into play', 'end recruiting'], ['', ''])
    """
    out = list(shorts)
    if actor and len(out) > 1:
        head = f"{actor} "
        if all(text.startswith(head) or keep for text, keep in zip(out, kept, strict=True)):
            out = [
                text if keep else text[len(head) :] for text, keep in zip(out, kept, strict=True)
            ]
    leads = [""] * len(out)
    for group in dict.fromkeys(groups):
        where = [i for i, g in enumerate(groups) if g == group and not kept[i]]
        if len(where) < 3:
            continue
        words = [out[i].split(" ") for i in where]
        common = 0
        while all(len(w) > common + 1 and w[common] == words[0][common] for w in words):
            common += 1
        if common < 2:
            continue
        lead = " ".join(words[0][:common])
        for i, w in zip(where, words, strict=True):
            out[i] = " ".join(w[common:])
            leads[i] = lead
    return out, leads


def _label(node: Node, seedless: bool = False) -> str:
    """A position's label; a deal's without its seed in a seat's view ("Deal (seed 7)")."""
    label = said(node.label)
    if seedless and node.kind == "deal":
        label = label.split(" (seed ", 1)[0]
    return label


def _node_entry(node: Node, seedless: bool = False) -> dict[str, Any]:
    """What every list of positions shows of one: where it is, and the move that led there."""
    return {
        "node": node.id,
        "step": node.depth,
        "kind": node.kind,
        "label": _label(node, seedless),
        "rule": node.rule,
    }


def _fork_from(node: Node, seedless: bool = False) -> str:
    """The fork panel's heading: the position a fork leaves from, as the line shows it.

    A fork is a step of its own, one after the position it left: that one is named too.
    """
    heading = f"Fork from step {node.depth}: {_label(node, seedless)}"
    if node.kind == "fork" and node.parent is not None:
        heading += f", made from step {node.parent.depth}"
    return heading


def _history_entry(node: Node, seedless: bool = False) -> dict[str, Any]:
    return {**_node_entry(node, seedless), "branch": node.branch, "note": node.note}


def _events_entry(node: Node, seedless: bool = False) -> dict[str, Any]:
    return {
        **_node_entry(node, seedless),
        "events": [[event.rule, event.text] for event in node.events],
    }


def _branch_entry(session: PlainSession, branch: Branch, seedless: bool = False) -> dict[str, Any]:
    parent = None if branch.parent is None else session.get(branch.parent)
    if parent is None:
        origin = "from the deal"
    else:  # the position it left, as its line numbers it (a fork is one step after it)
        start = "another move" if branch.kind == "move" else "fork"
        origin = f"{start} from step {parent.depth} of {session.branch_at(parent).label}"
    return {
        "id": branch.id,
        "label": branch.label,
        "note": branch.note,
        "kind": branch.kind,
        "parent": branch.parent,
        "luck": branch.luck,
        "luck_seed": None if seedless else branch.luck_seed,
        "end": branch.end,
        "steps": branch.steps,
        "current": branch.current,
        "parent_branch": None if parent is None else session.branch_at(parent).id,
        "from_step": None if parent is None else parent.depth,
        "origin": origin,
    }


def _words(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(_words(v) for v in value) or NOTHING
    if isinstance(value, dict):
        for key in ("name", "label", "id"):
            if key in value:
                return str(value[key])
        return ", ".join(f"{k} {_words(v)}" for k, v in value.items())
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return NOTHING
    return str(value)


def _fraction(value: Any) -> str:
    """An exact probability in words: ``"1/6"``, ``"1"``."""
    return str(value)


def _number(value: Any) -> float | int | None:
    if value is None:
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    if number != number:  # NaN
        return None
    return int(number) if number.is_integer() and abs(number) > 1 else number


def _show(value: Any, most: int = 60) -> str:
    """A value from the browser named in an error, cut short if long."""
    text = repr(value)
    return text if len(text) <= most else f"{text[: most - 5]}...{text[-1]}"


def _whole(content: dict[str, Any], name: str, least: int = 0) -> int:
    """A whole number the browser sent in ``content[name]`` (at least ``least``)."""
    value = content.get(name)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        kind = content.get("type")
        msg = f"the {kind} request needs {name} as a whole number of at least {least}, "
        raise UmbrellaLabError(msg + f"not {_show(value)}")
    return value


def _text(content: dict[str, Any], name: str, most: int, empty: bool = False) -> str:
    """Text the browser sent in ``content[name]`` (at most ``most`` characters)."""
    value = content.get(name, "" if empty else None)
    kind = content.get("type")
    if not isinstance(value, str):
        raise UmbrellaLabError(f"the {kind} request needs {name} as text, not {_show(value)}")
    if len(value) > most:
        msg = f"the {kind} request's {name} is {len(value)} characters long; at most {most}"
        raise UmbrellaLabError(msg)
    return value


def _plain_error(error: BaseException) -> str:
    text = str(error)
    if isinstance(error, KeyError) and len(error.args) == 1:
        text = str(error.args[0])
    text = said(text)
    return text[:1].upper() + text[1:]
