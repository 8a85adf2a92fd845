"""The explorer: play, rewind, fork and compare any game in a notebook.

>>> from umbrella_lab.widgets import Explorer
>>> w = Explorer("academy", seed=7, players=3)
>>> w
Explorer(academy, 3 players, seed 7, step 0)

Python is the only place rules run. The browser draws what the traits hold and sends intents
(``{"type": "act", "id": "attack/0/17/-1"}``); :meth:`Explorer._on_frontend_msg` checks them
with the rules through a :class:`~umbrella_lab.engine.session.Session` and redraws.
"""

from __future__ import annotations

import html
import importlib
import importlib.util
import re
import time
import traceback
from typing import Any

import anywidget
import traitlets

from umbrella_lab.engine.core import CHANCE, Game, State, load
from umbrella_lab.engine.differences import SEP, differences
from umbrella_lab.engine.errors import OptionError, UmbrellaLabError
from umbrella_lab.engine.moves import Move
from umbrella_lab.engine.session import Branch, Node
from umbrella_lab.engine.session import Session as PlainSession
from umbrella_lab.sim.policies import game_policies
from umbrella_lab.sim.session import Session
from umbrella_lab.sim.session import play as play_session
from umbrella_lab.widgets.changes import describe_changes
from umbrella_lab.widgets.views import STATIC, BoardView, view_for

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
        session: The tree of positions behind the widget; changes made to it from Python
            show at once.
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
    actions = traitlets.List().tag(sync=True)
    actor = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Dict().tag(sync=True)
    step = traitlets.Int(0).tag(sync=True)
    history = traitlets.List().tag(sync=True)
    events = traitlets.List().tag(sync=True)
    changes = traitlets.List().tag(sync=True)
    inspector = traitlets.Dict().tag(sync=True)
    branch_list = traitlets.List().tag(sync=True)
    comparison = traitlets.Dict().tag(sync=True)
    seat = traitlets.Int(-1).tag(sync=True)
    seat_names = traitlets.List().tag(sync=True)
    policy = traitlets.Unicode("heuristic").tag(sync=True)
    policy_names = traitlets.List().tag(sync=True)
    advice = traitlets.Dict().tag(sync=True)
    advisor = traitlets.Dict().tag(sync=True)
    rules = traitlets.Dict().tag(sync=True)
    notice = traitlets.Dict().tag(sync=True)

    def __init__(
        self,
        game: str | Game | State | Session = "academy",
        seed: int = 0,
        players: int | None = None,
        policy: str = "heuristic",
        **options: Any,
    ) -> None:
        session = _session(game, seed, players, options)
        self._setup(session, policy)

    @classmethod
    def from_session(cls, session: Session, policy: str = "heuristic") -> Explorer:
        """An explorer over an existing session (its branches and position are kept)."""
        widget = cls.__new__(cls)
        widget._setup(session, policy)
        return widget

    def _setup(self, session: Session, policy: str) -> None:
        view = view_for(session.game.name)
        js, css = view.source()
        names = _policy_names(session)
        if names and policy not in names:
            msg = (
                f"{session.game.name}: no policy named {policy!r}; the policies are "
                f"{', '.join(names)}"
            )
            raise OptionError(msg)
        super().__init__(
            game_name=session.game.name,
            board_js=js,
            board_css=css,
            policy=policy,
            policy_names=names,
            rules=_rules(session.game),
            advisor=_advisor_status(),
        )
        self.session = session
        self.view: BoardView = view
        self.last_round_trip_ms = 0.0
        self._notice_serial = 0
        self._refreshing = False
        self._advise_fn: Any = None
        self.on_msg(self._on_frontend_msg)
        self.observe(self._on_seat, names=["seat"])
        self.observe(self._on_step, names=["step"])
        session.on_change(self._on_session_change)
        self.refresh()

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
        title = html.escape(
            f"{state.game.info.title} · {session.game.players} player"
            f"{'s' * (session.game.players != 1)} · seed {session.seed} · step {session.step}"
        )
        return (
            f'<div class="ulx-picture" style="{PICTURE_STYLE}">'
            f'<div style="font-size:17px;font-weight:600;margin-bottom:8px">{title}</div>'
            f"{self.view.static_picture(state)}"
            f'<div style="margin-top:10px;font-size:14px">{html.escape(doing)}{listing}</div>'
            f'<div style="{PICTURE_NOTE_STYLE}">A picture of the explorer as it was saved. '
            "Run the notebook (JupyterLab, Voila or Binder) to play, undo, fork and ask "
            "the advisor.</div></div>"
        )

    # --- what Python users call -----------------------------------------------------------
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
        return play_session(self.session, policy or self.policy, steps)

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

    def compare(self, a: Branch | str | int, b: Branch | str | int) -> dict[str, Any]:
        """Show two branches side by side; returns what the compare view shows."""
        first, second = self.session.find(a), self.session.find(b)
        seat = None if self.seat < 0 else self.seat
        ends = [self.session.end(first), self.session.end(second)]
        boards = [self.view.model(end.state, seat) for end in ends]
        snaps = [end.state.to_dict(seat) for end in ends]
        rows = [
            [where, _words(x), _words(y)]
            for where, x, y in differences(*snaps, whole_lists=True)
            if where.rsplit(SEP, 1)[-1] not in self.view.quiet
        ]
        self.comparison = {
            "a": {
                "branch": first.id,
                "label": first.label,
                "step": ends[0].depth,
                "board": boards[0],
            },
            "b": {
                "branch": second.id,
                "label": second.label,
                "step": ends[1].depth,
                "board": boards[1],
            },
            "rows": rows,
        }
        return self.comparison

    def advise(self, rollouts: int = 200) -> dict[str, Any]:
        """Ask ``umbrella_lab.sim.advise`` for each legal action's win rate (if installed)."""
        advise = self._advisor_function()
        if advise is None:
            raise UmbrellaLabError(self.advisor.get("reason") or ADVISOR_MISSING)
        self.advisor = {**self.advisor, "busy": True, "done": 0.0, "left": None}
        began = last = time.monotonic()

        def progress(share: float) -> None:
            # the "Thinking" button shows the share done and the time left (the browser gets
            # these updates while the rollouts run); a few updates a second at most
            nonlocal last
            now = time.monotonic()
            if now - last < PROGRESS_EVERY or share >= 1:
                return
            last = now
            left = (now - began) * (1 - share) / share if share > 0 else None
            self.advisor = {**self.advisor, "done": round(share, 3), "left": left}

        try:
            frame = advise(self.state, policy=self.policy, rollouts=rollouts, progress=progress)
        finally:
            self.advisor = {**self.advisor, "busy": False, "done": None, "left": None}
        # games played out per second: the rollout menu shows how long each choice would take
        seconds = time.monotonic() - began
        if seconds > 0:
            self.advisor = {**self.advisor, "rate": len(frame) * rollouts / seconds}
        rows = {}
        for row in frame.to_dict("records"):
            rows[str(row["id"])] = {
                key: _number(row.get(key)) for key in ("win_rate", "low", "high", "rollouts")
            }
        self.advice = {
            "node": self.session.node.id,
            "policy": self.policy,
            "rollouts": rollouts,
            "rows": rows,
        }
        return self.advice

    # --- drawing ----------------------------------------------------------------------------
    def refresh(self) -> None:
        """Recompute every trait from the session (done after each change)."""
        session, view = self.session, self.view
        node, state = session.node, session.state
        seat = None if self.seat < 0 else self.seat
        if seat is not None and seat >= session.game.players:
            seat = None
        line = session.line
        snapshot = state.to_dict(seat)
        before = node.parent.state.to_dict(seat) if node.parent is not None else None
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
            shown = [not a.key.private_to(state, seat) for a in actions]
            actions = [a for a, keep in zip(actions, shown, strict=True) if keep]
            shorts = [s for s, keep in zip(shorts, shown, strict=True) if keep]
        odds = {action.key: p for action, p in state.chance_outcomes()} if chance else {}
        branch = session.branch
        self._refreshing = True
        try:
            with self.hold_sync():
                self.title = (
                    f"{state.game.info.title} · {session.game.players} player"
                    f"{'s' * (session.game.players != 1)} · seed {session.seed}"
                )
                self.board = view.model(state, seat)
                self.actions = [
                    {
                        "id": a.id,
                        "label": a.label,
                        "short": short,
                        "rule": a.rule,
                        "kind": a.kind,
                        "group": "Luck" if chance else view.group_of(a.kind),
                        **(
                            {"odds": _fraction(odds[a.key]), "p": float(odds[a.key])}
                            if a.key in odds
                            else {}
                        ),
                    }
                    for a, short in zip(actions, shorts, strict=True)
                ]
                self.actor = actor
                self.status = {
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
                    "label": node.label,
                    "rule": node.rule,
                    "changed": [where for where, _, _ in changed],
                    "result": None if state.result is None else state.result.to_dict(),
                    "private": private_count,
                    "private_all": private,
                    "private_note": private_note,
                }
                self.step = node.depth
                self.history = [_history_entry(n) for n in line]
                self.events = [_events_entry(n) for n in line[: node.depth + 1]]
                self.changes = (
                    [] if before is None else describe_changes(before, snapshot, quiet=view.quiet)
                )
                self.inspector = snapshot
                self.branch_list = [_branch_entry(session, b) for b in session.branches()]
                self.seat_names = view.seat_names(state)
        finally:
            self._refreshing = False

    # --- messages from the browser --------------------------------------------------------
    def _on_frontend_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        """Handle one intent from the browser; errors become a notice, never a crash."""
        start = time.perf_counter()
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        handler = getattr(self, f"_msg_{str(kind).replace('-', '_')}", None)
        try:
            if handler is None:
                raise UmbrellaLabError(f"unknown request {kind!r} from the browser")
            handler(content)
        except (UmbrellaLabError, ValueError, KeyError, IndexError) as error:
            self._say(_plain_error(error), "error")
        except Exception as error:  # a bug: show it rather than fail silently in the kernel
            self.log.error("explorer: %s", traceback.format_exc())
            self._say(f"Something went wrong: {type(error).__name__}: {error}", "error")
        self.last_round_trip_ms = (time.perf_counter() - start) * 1000

    def _msg_act(self, content: dict[str, Any]) -> None:
        if self.status.get("private_all"):  # a click drawn before the view changed
            self._say("Those choices are private from this seat: set View as to choose.", "info")
            return
        self.act(str(content["id"]))

    def _msg_roll(self, content: dict[str, Any]) -> None:
        self.session.roll()

    def _msg_undo(self, content: dict[str, Any]) -> None:
        self.undo()

    def _msg_redo(self, content: dict[str, Any]) -> None:
        self.redo()

    def _msg_jump(self, content: dict[str, Any]) -> None:
        self.jump(int(content["step"]))

    def _msg_goto(self, content: dict[str, Any]) -> None:
        self.session.goto(int(content["node"]))

    def _msg_play(self, content: dict[str, Any]) -> None:
        steps = content.get("steps")
        policy = content.get("policy") or self.policy
        played = self.play(None if steps is None else int(steps), policy)
        if not played and self.state.is_over:
            self._say("The game is over: nothing left to play.", "info")

    def _msg_fork(self, content: dict[str, Any]) -> None:
        label = (content.get("label") or "").strip() or None
        branch = self.fork(
            label, new_luck=bool(content.get("new_luck")), note=str(content.get("note") or "")
        )
        luck = "new luck" if branch.luck == "new" else "the same luck"
        self._say(f"Forked '{branch.label}' at step {branch.steps - 1} with {luck}.", "info")

    def _msg_switch(self, content: dict[str, Any]) -> None:
        self.session.switch(self._branch_ref(content["branch"]))

    def _msg_rename(self, content: dict[str, Any]) -> None:
        self.session.rename(str(content["label"]), self._branch_ref(content["branch"]))

    def _msg_annotate(self, content: dict[str, Any]) -> None:
        self.session.annotate(str(content.get("note", "")), self._branch_ref(content["branch"]))

    def _msg_compare(self, content: dict[str, Any]) -> None:
        self.compare(self._branch_ref(content["a"]), self._branch_ref(content["b"]))

    def _msg_close_compare(self, content: dict[str, Any]) -> None:
        self.comparison = {}

    def _msg_advise(self, content: dict[str, Any]) -> None:
        self.advise(int(content.get("rollouts") or 200))

    def _branch_ref(self, ref: Any) -> Branch | str:
        """A branch named by the browser: its head node id (a number) or its label."""
        if isinstance(ref, int) and not isinstance(ref, bool):
            for branch in self.session.branches():
                if branch.id == ref:
                    return branch
            raise KeyError(f"there is no branch starting at position {ref}")
        return str(ref)

    # --- reacting ---------------------------------------------------------------------------
    def _on_session_change(self, session: Session) -> None:
        if self.advice and self.advice.get("node") != session.node.id:
            self.advice = {}
        self.refresh()

    def _on_seat(self, change: dict[str, Any]) -> None:
        if change["new"] < -1 or change["new"] >= self.session.game.players:
            self.seat = -1
            return
        self.refresh()
        if self.comparison:
            self.compare(self.comparison["a"]["branch"], self.comparison["b"]["branch"])

    def _on_step(self, change: dict[str, Any]) -> None:
        if self._refreshing or change["new"] == self.session.step:
            return
        try:
            self.session.jump(change["new"])
        except IndexError as error:
            self._say(_plain_error(error), "error")
            self.step = self.session.step

    def _say(self, text: str, kind: str) -> None:
        self._notice_serial += 1
        self.notice = {"text": text, "kind": kind, "serial": self._notice_serial}

    def _advisor_function(self) -> Any:
        if self._advise_fn is None and self.advisor.get("available"):
            try:
                module = importlib.import_module("umbrella_lab.sim")
                self._advise_fn = module.advise
            except (ImportError, AttributeError) as error:
                self.advisor = {
                    "available": False,
                    "reason": f"{ADVISOR_MISSING} ({type(error).__name__}: {error})",
                }
        return self._advise_fn


def explore(
    game: str | Game | State = "academy",
    seed: int = 0,
    players: int | None = None,
    policy: str = "heuristic",
    **options: Any,
) -> Explorer:
    """An :class:`Explorer` on a new game: ``explore("academy", seed=7, players=3)``."""
    return Explorer(game, seed=seed, players=players, policy=policy, **options)


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


def _policy_names(session: PlainSession) -> list[str]:
    return list(game_policies(session.game))


def _advisor_status() -> dict[str, Any]:
    """Whether ``umbrella_lab.sim.advise`` can be called (checked without importing pandas)."""
    try:
        found = importlib.util.find_spec("umbrella_lab.sim") is not None
    except (ImportError, ValueError):
        found = False
    if not found:
        return {"available": False, "reason": ADVISOR_MISSING}
    return {"available": True, "reason": ""}


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


def _node_entry(node: Node) -> dict[str, Any]:
    """What every list of positions shows of one: where it is, and the move that led there."""
    return {
        "node": node.id,
        "step": node.depth,
        "kind": node.kind,
        "label": node.label,
        "rule": node.rule,
    }


def _history_entry(node: Node) -> dict[str, Any]:
    return {**_node_entry(node), "branch": node.branch, "note": node.note}


def _events_entry(node: Node) -> dict[str, Any]:
    return {**_node_entry(node), "events": [[event.rule, event.text] for event in node.events]}


def _branch_entry(session: Session, branch: Branch) -> dict[str, Any]:
    parent = None if branch.parent is None else session.get(branch.parent)
    return {
        "id": branch.id,
        "label": branch.label,
        "note": branch.note,
        "kind": branch.kind,
        "parent": branch.parent,
        "luck": branch.luck,
        "luck_seed": branch.luck_seed,
        "end": branch.end,
        "steps": branch.steps,
        "current": branch.current,
        "parent_branch": None if parent is None else session.branch_at(parent).id,
        "from_step": None if parent is None else parent.depth,
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


def _plain_error(error: BaseException) -> str:
    text = str(error)
    if isinstance(error, KeyError) and len(error.args) == 1:
        text = str(error.args[0])
    return text[:1].upper() + text[1:]
