"""A session: a tree of positions with undo, redo, jumps, forks, branches and save/load.

Every position is a :class:`Node` that holds a state, the action that led there and the events
that action produced. Playing a move adds a child (or re-uses the child made by the same move
before), so trying another move after an undo starts a new branch and keeps the old one.

>>> import umbrella_lab as ul
>>> from umbrella_lab.engine.session import Session
>>> s = Session(ul.load("academy", players=2), seed=3)
>>> node = s.apply(s.state.legal_actions()[0])
>>> s.undo().kind, s.redo().step
('deal', 1)
>>> branch = s.fork("what if")                # same future luck: same deck orders
>>> [b.label for b in s.branches()]
['main', 'what if']

Branches: the tree is cut into *branches*. Each branch starts at a labelled node (the deal,
a fork, or a move that left an existing line) and runs on through unlabelled children, so
every node belongs to exactly one branch. A fork keeps the same future luck by default; with
``new_luck=True`` every hidden order (the decks) is dealt anew from a recorded seed.

The save format (``umbrella-lab/session``, written and read at the end of this module, with
the JSON helpers of :mod:`umbrella_lab.engine.saving`) holds the game, players, options and
seed, and every branch as a list of action ids with where it leaves its parent branch and with
which luck, its label and notes::

    {"format": "umbrella-lab/session", "format_version": 1, "game": "academy", "version": 1,
     "players": 3, "options": {}, "seed": 7, "luck": 2,
     "branches": [
       {"label": "main", "note": "", "start": "deal", "actions": ["attack/0/52/-1", ...]},
       {"label": "block it", "note": "...", "start": "fork", "luck": "new", "luck_seed": 42,
        "from": {"branch": 0, "step": 4}, "actions": [...], "notes": {"3": "a note"}}],
     "current": {"branch": 1, "step": 2}}

``luck`` is the luck version the session was played with (see :mod:`umbrella_lab.engine.luck`);
a file without it was played with version 1 and replays with it.

A place ``{"branch": b, "step": s}`` is the ``s``-th position of branch ``b``'s own positions
(0 is where it starts: the deal, the fork, or its first move). ``labels`` (the actions in
words) are kept for people and ignored on loading. Loading replays every action through the
rules, so a file replays exactly or fails with a
:class:`~umbrella_lab.engine.errors.RecordError` that says where.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from umbrella_lab.engine.core import CHANCE, Action, Event, Game, State, load
from umbrella_lab.engine.differences import differences
from umbrella_lab.engine.errors import (
    DataChangedWarning,
    IllegalActionError,
    OptionError,
    PlaceError,
    RecordError,
    shown,
)
from umbrella_lab.engine.luck import derive_seed
from umbrella_lab.engine.record import Record
from umbrella_lab.engine.saving import (
    IDS,
    MAIN,
    data_note,
    jsonable_options,
    parse_json,
    read_json,
    read_luck,
    write_json,
)

FORMAT = "umbrella-lab/session"
"""The ``format`` field of a saved session."""

FORMAT_VERSION = 1
"""Version of the session file layout (not of a game's rules)."""


@dataclass(eq=False)
class Node:
    """One position of a session.

    Attributes:
        id: Number of the node in its session, in order of creation (the deal is 0).
        state: The state at this position (never changed).
        parent: The position before, or ``None`` for the first position.
        kind: ``"deal"`` (the first position), ``"move"`` (after an action) or ``"fork"``
            (a branch point that copies or re-deals the parent's state).
        action: Id of the action that led here (``""`` for the deal and forks).
        label: The action in words, or a description of the deal or fork.
        rule: Id of the rule that allowed the action.
        events: What the action (or the deal, or the new luck) changed, each with its rule.
        branch: The branch label when a branch starts here, else ``None``.
        note: Free text about this position (for a branch start: the branch note).
        luck: For a fork with new luck: the seed the hidden orders were dealt from.
        children: Positions after this one, in order of creation.
        last: The child visited last (what :meth:`Session.redo` follows).
        depth: Number of positions before this one on its line.
    """

    id: int
    state: State
    parent: Node | None
    kind: str
    action: str = ""
    label: str = ""
    rule: str = ""
    events: tuple[Event, ...] = ()
    branch: str | None = None
    note: str = ""
    luck: int | None = None
    children: list[Node] = field(default_factory=list)
    last: Node | None = None
    depth: int = 0

    def __repr__(self) -> str:
        what = self.label or self.kind
        return f"<Node {self.id} step {self.depth}: {what}>"

    @property
    def step(self) -> int:
        """Position of this node on its line (0 for the first position)."""
        return self.depth

    def next(self) -> Node | None:
        """The child that continues this line: the last visited one, else the branch's own."""
        if self.last is not None:
            return self.last
        return next((child for child in self.children if child.branch is None), None)


@dataclass(frozen=True)
class Branch:
    """A branch of a session, as :meth:`Session.branches` lists it.

    Attributes:
        id: Id of the node where the branch starts.
        label: Its name, unique in the session.
        note: Free text.
        kind: How it starts: ``"deal"``, ``"fork"`` or ``"move"`` (a different move).
        parent: Id of the node it leaves from (``None`` for the main branch).
        luck: ``"deal"``, ``"same"`` or ``"new"``: the luck it started with.
        luck_seed: For new luck, the seed the hidden orders were dealt from.
        end: Id of its last node.
        steps: Number of positions on its line before the end (moves and forks).
        current: True when the current position is on this branch.
    """

    id: int
    label: str
    note: str
    kind: str
    parent: int | None
    luck: str
    luck_seed: int | None
    end: int
    steps: int
    current: bool

    def __str__(self) -> str:
        return self.label


class Session:
    """A tree of positions: play, undo, redo, jump, fork, compare, save and load.

    Args:
        game: A game (from ``umbrella_lab.load``) or a game name.
        seed: The seed the table is dealt from.
        players: Player count, when ``game`` is a name.
        **options: Rule options, when ``game`` is a name.

    Example:
        >>> import umbrella_lab as ul
        >>> s = Session("academy", seed=7, players=3)
        >>> _ = s.apply(s.state.legal_actions()[0])
        >>> s.step, len(s.line)
        (1, 2)
    """

    def __init__(
        self, game: Game | str, /, seed: int = 0, *, players: int | None = None, **options: Any
    ) -> None:
        if isinstance(game, str):
            game = load(game, players, **options)
        elif not isinstance(game, Game):
            msg = f"a session plays a game name or a loaded game, not {shown(game)}"
            raise OptionError(msg)
        elif players is not None or options:
            game = game.with_options(players, **options)
        self._init(game, game.new(seed), seed, dealt=True)

    def _init(self, game: Game, state: State, seed: int, dealt: bool) -> None:
        self.game = game
        self.seed = seed
        self._dealt = dealt
        self._nodes: list[Node] = []
        label = "Deal" if dealt else "Start position"
        self.root = self._new_node(
            state,
            None,
            "deal",
            label=f"{label} (seed {seed})",
            events=tuple(state.events or ()),
            branch=MAIN,
        )
        self.node = self.root
        self._listeners: list[Callable[[Session], None]] = []

    @classmethod
    def from_state(cls, state: State) -> Session:
        """A session that starts at ``state`` (a deal, or a position set up by hand).

        A session that does not start at a fresh deal cannot be saved, since a file can only
        replay from a seed; :meth:`save` says so.
        """
        session = cls.__new__(cls)
        dealt = _same(state, state.game.new(state.seed))
        session._init(state.game, state, state.seed, dealt=dealt)
        return session

    def __repr__(self) -> str:
        return (
            f"Session({self.game.name}, {self.game.players} players, seed {self.seed}, "
            f"branch {self.branch.label!r}, step {self.step} of {len(self.line) - 1})"
        )

    # --- where we are -------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The state at the current position."""
        return self.node.state

    @property
    def step(self) -> int:
        """The current position's number on the line (0 is the first position)."""
        return self.node.depth

    @property
    def line(self) -> list[Node]:
        """Positions from the first one to the end of the current line.

        The line runs through the current position and on through the children visited
        last, so after an undo the positions ahead are still on it (what redo and jump use).
        """
        path = self._path(self.node)
        node = self.node.next()
        while node is not None:
            path.append(node)
            node = node.next()
        return path

    @property
    def nodes(self) -> list[Node]:
        """Every position of the session, in order of creation."""
        return list(self._nodes)

    @property
    def starts_at_deal(self) -> bool:
        """True when the first position is a fresh deal (``game.new(seed)``).

        Only such a session can be saved, or give a record: a file replays from a seed.
        """
        return self._dealt

    @property
    def can_undo(self) -> bool:
        """True when there is a position before the current one."""
        return self.node.parent is not None

    @property
    def can_redo(self) -> bool:
        """True when the line goes on after the current position."""
        return self.node.next() is not None

    def get(self, node_id: int) -> Node:
        """The node with this id.

        Raises:
            KeyError: if there is no such node.
        """
        if (
            isinstance(node_id, bool)
            or not isinstance(node_id, int)
            or not (0 <= node_id < len(self._nodes))
        ):
            raise PlaceError(
                f"there is no position {shown(node_id)}; ids run from 0 to {len(self._nodes) - 1}"
            )
        return self._nodes[node_id]

    # --- moving -------------------------------------------------------------------------
    def apply(self, action: Action | str | tuple) -> Node:
        """Play ``action`` here and move to the position after it.

        If the same action was played here before, its position is re-used (with its later
        moves). Otherwise a new position is made; if others already follow this position, the
        new one starts a new branch.

        Raises:
            IllegalActionError: if the action is not legal here; it names the rule.
        """
        state = self.node.state
        if state.is_over:
            raise IllegalActionError("the game is over; no more actions", _over_rule(state))
        chosen = state.parse_action(action)
        for child in self.node.children:
            if child.kind == "move" and child.action == chosen.id:
                return self._move_to(child)
        branch = None
        if any(c.branch is None for c in self.node.children):  # a new line leaves this one
            branch = self._unique_label(self._branch_head(self.node).branch or MAIN)
        return self._move_to(self._move_node(state, chosen, branch=branch))

    def start_branch(self, action: Action | str | tuple, label: str, note: str = "") -> Node:
        """Start branch ``label`` here with ``action`` as its first move and move onto it.

        Unlike :meth:`apply`, a new position is made even when the same action was played here
        before: a saved session may hold a branch that starts with the move its parent line
        makes next, and it reads back as it was saved (:func:`read_session`
        uses it). The label is taken as given: the caller names one no other branch has.

        Raises:
            IllegalActionError: if the action is not legal here; it names the rule.
        """
        state = self.node.state
        if state.is_over:
            raise IllegalActionError("the game is over; no more actions", _over_rule(state))
        chosen = state.parse_action(action)
        return self._move_to(self._move_node(state, chosen, branch=label, note=note))

    def _move_node(self, state: State, chosen: Action, **fields: Any) -> Node:
        """A new position after ``chosen``, a child of the current one."""
        after = state.apply(chosen)
        return self._new_node(
            after,
            self.node,
            "move",
            action=chosen.id,
            label=chosen.label,
            rule=chosen.rule,
            events=tuple(after.events or ()),
            **fields,
        )

    def undo(self) -> Node:
        """Go back one position (nothing happens at the first position)."""
        if self.node.parent is not None:
            self._move_to(self.node.parent)
        return self.node

    def redo(self) -> Node:
        """Go forward one position along the line (nothing happens at its end)."""
        ahead = self.node.next()
        if ahead is not None:
            self._move_to(ahead)
        return self.node

    def jump(self, n: int) -> Node:
        """Go to the ``n``-th position of the current line (0 is the first; -1 the last).

        Raises:
            IndexError: if the line has no such position.
        """
        line = self.line
        if isinstance(n, bool) or not isinstance(n, int) or not -len(line) <= n < len(line):
            raise PlaceError(
                f"there is no step {shown(n)} on this line; steps run from 0 to {len(line) - 1}"
            )
        return self._move_to(line[n])

    def goto(self, node: int | Node) -> Node:
        """Go to a position anywhere in the tree, by node id (or node)."""
        target = node if isinstance(node, Node) else self.get(node)
        if target not in self._nodes or self._nodes[target.id] is not target:
            raise KeyError(f"{target!r} is not a position of this session")
        return self._move_to(target)

    # --- branches -----------------------------------------------------------------------
    def fork(
        self,
        label: str | None = None,
        new_luck: bool = False,
        seed: int | None = None,
        note: str = "",
    ) -> Branch:
        """Start a branch here and move onto it.

        Args:
            label: Its name (made unique); ``None`` gives ``"branch 2"``, ``"branch 3"``...
            new_luck: Deal every hidden order (decks) anew, instead of keeping the same
                future luck.
            seed: The seed for the new luck (implies ``new_luck``); ``None`` picks one from the
                session seed and the position, so the same session forks the same way.
            note: Free text about the branch.
        """
        state = self.node.state
        if new_luck or seed is not None:
            if seed is None:
                seed = derive_seed(
                    derive_seed(self.seed, self.node.id), len(self.node.children) + 1
                )
            if isinstance(seed, bool) or not isinstance(seed, int):
                raise OptionError(f"a fork's seed must be a whole number, not {seed!r}")
            try:
                forked = state.fork(new_luck=True, seed=seed)
            except NotImplementedError as error:
                raise OptionError(
                    f"{self.game.name}: this game cannot deal new luck yet "
                    "(its state has no reshuffled method)"
                ) from error
            events = tuple(forked.events or ())
            words = f"Fork with new luck (seed {seed})"
        else:
            forked = state.fork()
            events = ()
            words = "Fork with the same luck"
        forked.events = list(events)
        if label is None:
            label = self._unique_label("branch 2", numbered=True)
        else:
            label = self._unique_label(_clean_label(label))
        node = self._new_node(
            forked,
            self.node,
            "fork",
            label=words,
            events=events,
            branch=label,
            note=_text(note),
            luck=seed,
        )
        self._move_to(node)
        return self.branch

    @property
    def branch(self) -> Branch:
        """The branch of the current position."""
        return self.branch_at(self.node)

    def branch_at(self, node: int | Node) -> Branch:
        """The branch a position (node or node id) belongs to."""
        target = node if isinstance(node, Node) else self.get(node)
        head = self._branch_head(target)
        return self._describe(
            head, self._branch_end(head), current=head is self._branch_head(self.node)
        )

    def find(self, branch: Branch | str | int | None = None) -> Branch:
        """A branch by label, by its place in :meth:`branches`, or the current one.

        Raises:
            KeyError: if there is no such branch; the message lists the branches.
        """
        head = self._find_branch(branch)
        return self._describe(
            head, self._branch_end(head), current=head is self._branch_head(self.node)
        )

    def end(self, branch: Branch | str | int | None = None) -> Node:
        """The last position of a branch (default: the current one)."""
        return self._branch_end(self._find_branch(branch))

    def branches(self) -> list[Branch]:
        """Every branch, in order of creation, with its label, note, start and end."""
        here = self._branch_head(self.node)
        return [
            self._describe(node, self._branch_end(node), current=node is here)
            for node in self._nodes
            if node.branch is not None
        ]

    def branch_line(self, branch: Branch | str | int | None = None) -> list[Node]:
        """Positions from the first one to the end of a branch (default: the current one)."""
        head = self._find_branch(branch)
        return self._path(self._branch_end(head))

    def switch(self, branch: Branch | str | int) -> Branch:
        """Go to the end of a branch.

        The branch is named by label, by its place in :meth:`branches`, or by the
        :class:`Branch` itself.

        Raises:
            KeyError: if there is no such branch; the message lists the branches.
        """
        head = self._find_branch(branch)
        self._move_to(self._branch_end(head))
        return self.branch

    def rename(self, label: str, branch: Branch | str | int | None = None) -> Branch:
        """Give a branch (default: the current one) a new label, made unique."""
        head = self._find_branch(branch)
        wanted = _clean_label(label)
        if wanted != head.branch:
            head.branch = self._unique_label(wanted)
        self._changed()
        return self._describe(
            head, self._branch_end(head), current=head is self._branch_head(self.node)
        )

    def annotate(
        self, note: str, branch: Branch | str | int | None = None, *, here: bool = False
    ) -> None:
        """Write a note on a branch (default: the current one).

        With ``here=True`` the note goes on the current position instead.
        """
        target = self.node if here else self._find_branch(branch)
        target.note = _text(note)
        self._changed()

    # --- playing on -----------------------------------------------------------------------
    def roll(self) -> Node:
        """At a chance step, let the state's own luck pick the outcome and move on.

        The same seed gives the same outcome at the same step on every branch, so a fork with
        the same luck sees the same dice.

        Raises:
            IllegalActionError: if no chance step is due here.
        """
        if self.state.to_act != CHANCE:
            self.state.roll()  # refused with the game's rule
        return self.apply(self.state._lucky_key())

    # --- comparing ------------------------------------------------------------------------
    def compare(
        self, a: Branch | str | int, b: Branch | str | int, seat: int | None = None
    ) -> dict[str, tuple[Any, Any]]:
        """What differs between the ends of two branches.

        Returns:
            ``{where: (value in a, value in b)}`` for every leaf of ``state.to_dict(seat)``
            that differs, named in words (``"heroes / Space Boy / life"``, joined by
            :data:`~umbrella_lab.engine.differences.SEP`). Build a table with
            ``pandas.DataFrame.from_dict(result, orient="index", columns=["a", "b"])``.
        """
        first = self._branch_end(self._find_branch(a)).state.to_dict(seat)
        second = self._branch_end(self._find_branch(b)).state.to_dict(seat)
        return {where: (x, y) for where, x, y in differences(first, second, whole_lists=True)}

    # --- saving ---------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The session as JSON-able data that replays exactly (see the module docstring).

        Raises:
            RecordError: if the session did not start at a fresh deal.
        """
        return session_to_dict(self)

    def to_json(self) -> str:
        """The session as JSON text."""
        return json.dumps(self.to_dict(), indent=1)

    def save(self, path: str | Path) -> None:
        """Write the session to a JSON file (read it back with :meth:`load`).

        Raises:
            RecordError: the path is not one a file can be written to; it says why.
        """
        write_json(path, self.to_json() + "\n", "session")

    @classmethod
    def load(cls, path: str | Path) -> Session:
        """Read a session file and replay it.

        Raises:
            RecordError: if the file is missing, is not valid JSON, lacks a field, or a move
                does not replay; the message names the file, the branch and the action.
        """
        return cls.from_dict(read_json(path, "session"), source=str(path))

    @classmethod
    def from_json(cls, text: str) -> Session:
        """Read a session from JSON text."""
        return cls.from_dict(parse_json(text, "session"))

    @classmethod
    def from_dict(cls, data: Any, source: str = "session") -> Session:
        """Rebuild a session from :meth:`to_dict` data, replaying every action."""
        return read_session(cls, data, source)

    def record(self, branch: Branch | str | int | None = None) -> Any:
        """The line of a branch as a :class:`~umbrella_lab.engine.record.Record`.

        A record holds one line from one deal, so the line may not have a fork with new luck.

        Raises:
            RecordError: if the line has a fork with new luck, or the session cannot be saved.
        """
        if not self._dealt:
            raise RecordError(
                "this session starts from a position set up by hand; a record "
                "replays only from a deal"
            )
        line = self.branch_line(branch)
        if any(node.kind == "fork" and node.luck is not None for node in line):
            raise RecordError(
                "this line has a fork with new luck; a record holds one deal only "
                "(save the whole session instead)"
            )
        moves = [node for node in line if node.kind == "move"]
        return Record.of(
            self.game,
            self.seed,
            [n.action for n in moves],
            [n.label for n in moves],
            notes=self._branch_head(line[-1]).note,
        )

    # --- listening (for widgets) ------------------------------------------------------------
    def on_change(self, callback: Callable[[Session], None]) -> None:
        """Call ``callback(session)`` after every change of position, branch or note."""
        self._listeners.append(callback)

    # --- inside -----------------------------------------------------------------------------
    def _new_node(self, state: State, parent: Node | None, kind: str, **fields: Any) -> Node:
        state._keep()  # a position of the session never changes: its legal moves are listed once
        node = Node(
            len(self._nodes),
            state,
            parent,
            kind,
            depth=0 if parent is None else parent.depth + 1,
            **fields,
        )
        self._nodes.append(node)
        if parent is not None:
            parent.children.append(node)
        return node

    def _move_to(self, node: Node) -> Node:
        child = node
        while child.parent is not None:
            child.parent.last = child
            child = child.parent
        self.node = node
        self._changed()
        return node

    def _changed(self) -> None:
        for callback in list(self._listeners):
            callback(self)

    @staticmethod
    def _path(node: Node) -> list[Node]:
        path = []
        walker: Node | None = node
        while walker is not None:
            path.append(walker)
            walker = walker.parent
        path.reverse()
        return path

    @staticmethod
    def _branch_head(node: Node) -> Node:
        walker = node
        while walker.branch is None and walker.parent is not None:
            walker = walker.parent
        return walker

    def branch_nodes(self, head: Node) -> list[Node]:
        """The positions a branch owns: its first (``head``), then on through unlabelled children.

        A saved session lists each branch by these positions (:func:`session_to_dict`).
        """
        return self._chain(head)

    @staticmethod
    def _chain(head: Node) -> list[Node]:
        """A branch's own nodes: its head, then on through unlabelled children."""
        chain = [head]
        node = head
        while True:
            own = next((c for c in node.children if c.branch is None), None)
            if own is None:
                return chain
            node = own
            chain.append(node)

    def _branch_end(self, head: Node) -> Node:
        return self._chain(head)[-1]

    def _describe(self, head: Node, end: Node, current: bool) -> Branch:
        if head.parent is None:
            luck = "deal"
        elif head.kind == "fork":
            luck = "same" if head.luck is None else "new"
        else:
            luck = "same"
        return Branch(
            head.id,
            head.branch or MAIN,
            head.note,
            head.kind,
            None if head.parent is None else head.parent.id,
            luck,
            head.luck,
            end.id,
            end.depth,
            current,
        )

    def _find_branch(self, branch: Branch | str | int | None) -> Node:
        heads = [node for node in self._nodes if node.branch is not None]
        if branch is None:
            return self._branch_head(self.node)
        if isinstance(branch, Branch):
            if branch.id < len(self._nodes) and self._nodes[branch.id].branch is not None:
                return self._nodes[branch.id]
        elif isinstance(branch, str):
            for head in heads:
                if head.branch == branch:
                    return head
        elif (
            isinstance(branch, int)
            and not isinstance(branch, bool)
            and (-len(heads) <= branch < len(heads))
        ):
            return heads[branch]
        names = ", ".join(repr(h.branch) for h in heads)
        raise PlaceError(f"there is no branch {shown(branch)}; the branches are {names}")

    def _unique_label(self, wanted: str, numbered: bool = False) -> str:
        taken = {node.branch for node in self._nodes if node.branch is not None}
        if not numbered and wanted not in taken:
            return wanted
        base = wanted
        if numbered or base.rsplit(" ", 1)[-1].isdigit():
            stem, _, tail = base.rpartition(" ")
            base, start = (stem, int(tail)) if tail.isdigit() and stem else (base, 2)
        else:
            start = 2
        number = start
        while f"{base} {number}" in taken:
            number += 1
        return f"{base} {number}"


def _text(value: Any) -> str:
    """A label or a note as text (a huge number shortened, as Python will not write it out)."""
    if isinstance(value, int) and value.bit_length() > 200:
        return shown(value)
    return str(value)


def _clean_label(label: Any) -> str:
    text = " ".join(_text(label).split())
    if not text:
        raise OptionError("a branch label must not be empty")
    return text


def _same(a: State, b: State) -> bool:
    try:
        return json.dumps(a.to_dict(), sort_keys=True) == json.dumps(b.to_dict(), sort_keys=True)
    except (TypeError, ValueError):  # pragma: no cover - to_dict is JSON-able by contract
        return False


def _over_rule(state: State) -> str:
    result = state.result
    return result.rule if result else ""


# --- the session file: writing it and reading it back -----------------------------------------
# It works through the session's public face only: writing reads ``Session.starts_at_deal``,
# ``Session.nodes`` and ``Session.branch_nodes``; reading rebuilds the tree with
# ``Session.apply``, ``Session.start_branch``, ``Session.fork`` and ``Session.goto``.


def session_to_dict(session: Session) -> dict[str, Any]:
    """A session as JSON-able data that replays exactly.

    Raises:
        RecordError: if the session did not start at a fresh deal.
    """
    if not session.starts_at_deal:
        raise RecordError(
            "this session starts from a position set up by hand, not from a "
            "deal; only sessions that start with game.new(seed) can be saved"
        )
    heads = [node for node in session.nodes if node.branch is not None]
    place: dict[int, tuple[int, int]] = {}
    chains = []
    for index, head in enumerate(heads):
        chain = session.branch_nodes(head)
        chains.append(chain)
        for offset, node in enumerate(chain):
            place[node.id] = (index, offset)
    branches = []
    for head, chain in zip(heads, chains, strict=True):
        entry: dict[str, Any] = {"label": head.branch, "note": head.note}
        if head.parent is None:
            entry["start"] = "deal"
        else:
            parent_branch, parent_offset = place[head.parent.id]
            entry["from"] = {"branch": parent_branch, "step": parent_offset}
            entry["start"] = head.kind
            if head.kind == "fork":
                entry["luck"] = "same" if head.luck is None else "new"
                entry["luck_seed"] = head.luck
        moves = chain if head.kind == "move" else chain[1:]
        entry["actions"] = [node.action for node in moves]
        entry["labels"] = [node.label for node in moves]
        notes = {
            str(offset): node.note for offset, node in enumerate(chain) if offset and node.note
        }
        if notes:
            entry["notes"] = notes
        branches.append(entry)
    current_branch, current_step = place[session.node.id]
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": session.game.name,
        "version": session.game.info.version,
        "players": session.game.players,
        "options": jsonable_options(session.game.changed_options),
        "seed": session.seed,
        "data": session.game.data_hash,
        "ids": IDS,
        "luck": session.game.luck.version,
        "branches": branches,
        "current": {"branch": current_branch, "step": current_step},
    }


def read_session(cls: type[Session], data: Any, source: str = "session") -> Session:
    """Rebuild a session of class ``cls`` from :func:`session_to_dict` data, replaying it."""
    return _Loader(cls, data, source).session()


class _Loader:
    """Checks a saved session field by field, then replays it."""

    def __init__(self, cls: type[Session], data: Any, source: str) -> None:
        self.cls = cls
        self.data = data
        self.other_data = ""
        self.old_ids = False
        self.source = source

    def fail(self, message: str) -> RecordError:
        return RecordError(f"{self.source}: {message}")

    def session(self) -> Session:
        data = self.data
        if not isinstance(data, dict):
            raise self.fail(f"a session is a JSON object, not {type(data).__name__}")
        if data.get("format") != FORMAT:
            if data.get("format") == "umbrella-lab/record":
                raise self.fail(
                    "this is a game record, not a session; read it with umbrella_lab.Record.load"
                )
            raise self.fail(f"field 'format' is {data.get('format')!r}, not {FORMAT!r}")
        for name, kind in (("game", str), ("players", int), ("seed", int), ("branches", list)):
            self.need(data, name, kind, "")
        if data.get("format_version", FORMAT_VERSION) != FORMAT_VERSION:
            layout = data["format_version"]
            raise self.fail(
                f"session file layout {layout!r} is not known (this kit reads "
                f"layout {FORMAT_VERSION})"
            )
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise self.fail("field 'options' must be an object")
        for name in options:
            if name in ("players", "seed", "game"):
                raise self.fail(
                    f"field 'options' names {name!r}, which is a field of the session itself, "
                    "not a rule option"
                )
        try:
            game = load(
                data["game"],
                data["players"],
                **{k: tuple(v) if isinstance(v, list) else v for k, v in options.items()},
            )
        except OptionError as error:
            raise self.fail(str(error)) from error
        version = data.get("version", game.info.version)
        if version != game.info.version:
            raise self.fail(
                f"made with {game.name} rules version {version!r}, but this kit has "
                f"version {game.info.version}; a seed deals differently"
            )
        if not data["branches"]:
            raise self.fail("field 'branches' is empty; the first branch is the main line")
        saved = data.get("data", "")
        if not isinstance(saved, str):
            raise self.fail("field 'data' must be text (a hash of the card data)")
        self.other_data = data_note(saved, game)
        self.old_ids = data.get("ids", 1) != IDS
        try:
            game = game.with_luck(read_luck(data, self.source))
        except OptionError as error:  # pragma: no cover - read_luck checked the version
            raise self.fail(str(error)) from error
        session = self.cls(game, data["seed"])
        chains: list[list[Node]] = []
        for index, entry in enumerate(data["branches"]):
            chains.append(self.branch(session, chains, index, entry))
        current = data.get("current", {"branch": 0, "step": 0})
        where = "field 'current'"
        branch, step = self.place(current, chains, where)
        session.goto(chains[branch][step])
        if self.other_data:
            warnings.warn(
                f"{self.source}: {self.other_data}; it replayed all the same",
                DataChangedWarning,
                stacklevel=3,
            )
        return session

    def need(self, entry: dict[str, Any], name: str, kind: type, where: str) -> Any:
        if name not in entry:
            raise self.fail(f"{where}field '{name}' is missing")
        value = entry[name]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.fail(
                f"{where}field '{name}' must be {_kind_word(kind)}, not {type(value).__name__}"
            )
        return value

    def place(self, ref: Any, chains: list[list[Node]], where: str) -> tuple[int, int]:
        if not isinstance(ref, dict):
            raise self.fail(f"{where} must be an object like {{'branch': 0, 'step': 3}}")
        branch, step = ref.get("branch"), ref.get("step")
        if (
            not isinstance(branch, int)
            or isinstance(branch, bool)
            or not (0 <= branch < len(chains))
        ):
            raise self.fail(
                f"{where}: branch {branch!r} is not one of the branches before it "
                f"(0 to {len(chains) - 1})"
            )
        if (
            not isinstance(step, int)
            or isinstance(step, bool)
            or not (0 <= step < len(chains[branch]))
        ):
            raise self.fail(
                f"{where}: branch {branch} has no step {step!r} (it has steps 0 to "
                f"{len(chains[branch]) - 1})"
            )
        return branch, step

    def branch(
        self, session: Session, chains: list[list[Node]], index: int, entry: Any
    ) -> list[Node]:
        if not isinstance(entry, dict):
            raise self.fail(f"branch {index} must be an object, not {type(entry).__name__}")
        label = entry.get("label", MAIN if index == 0 else f"branch {index + 1}")
        if not isinstance(label, str) or not label.strip():
            raise self.fail(f"branch {index}: field 'label' must be non-empty text")
        where = f"branch {index} ({label!r}): "
        actions = self.need(entry, "actions", list, where)
        if not all(isinstance(a, str) for a in actions):
            raise self.fail(f"{where}field 'actions' must be a list of action ids (text)")
        note = entry.get("note", "")
        if not isinstance(note, str):
            raise self.fail(f"{where}field 'note' must be text")
        start = entry.get("start", "deal" if index == 0 else None)
        if index == 0:
            if start != "deal" or "from" in entry:
                raise self.fail(f"{where}the first branch must start at the deal")
            head = session.root
            head.branch, head.note = label, note
        else:
            if start not in ("fork", "move"):
                raise self.fail(f"{where}field 'start' must be 'fork' or 'move', not {start!r}")
            parent_branch, parent_step = self.place(entry.get("from"), chains, f"{where}'from'")
            session.goto(chains[parent_branch][parent_step])
            if start == "fork":
                luck = entry.get("luck", "same")
                seed = entry.get("luck_seed")
                if luck not in ("same", "new"):
                    raise self.fail(f"{where}field 'luck' must be 'same' or 'new', not {luck!r}")
                if luck == "new" and (not isinstance(seed, int) or isinstance(seed, bool)):
                    raise self.fail(f"{where}a fork with new luck needs a whole-number 'luck_seed'")
                session.fork(
                    label, new_luck=luck == "new", seed=seed if luck == "new" else None, note=note
                )
                head = session.node
                head.branch = label
            else:
                if not actions:
                    raise self.fail(
                        f"{where}a branch that starts with a move needs at least one action"
                    )
                head = None
        chain = [] if head is None else [head]
        for number, action in enumerate(actions, 1):
            node = session.node
            try:
                parsed = node.state.parse_action(action, old_ids=self.old_ids)
                if head is None:  # its first move: a new branch, even where it repeats a move
                    after = session.start_branch(parsed, label, note)
                else:
                    after = session.apply(parsed)
            except IllegalActionError as error:
                raise self.fail(
                    f"{where}action {number} ({action!r}) does not replay: {error}"
                    + (f"; {self.other_data}" if self.other_data else "")
                ) from error
            if after.parent is not node:  # pragma: no cover - apply always steps one
                raise self.fail(f"{where}action {number} did not step forward")
            if head is None:
                head = after
            elif after.branch is not None and after is not head:
                raise self.fail(
                    f"{where}action {number} ({action!r}) repeats a move that "
                    f"another branch already made here"
                )
            chain.append(after)
        if head is None:  # pragma: no cover - guarded above
            raise self.fail(f"{where}empty branch")
        taken = [n.branch for n in session.nodes if n.branch is not None and n is not head]
        if head.branch in taken:
            raise self.fail(f"{where}the label {head.branch!r} is used twice")
        notes = entry.get("notes", {})
        if not isinstance(notes, dict):
            raise self.fail(f"{where}field 'notes' must be an object {{step: text}}")
        for key, text in notes.items():
            step = str(key)
            whole = step.isascii() and step.isdigit() and len(step) <= 9  # not "²", not huge
            if not whole or not 0 < int(step) < len(chain) or not isinstance(text, str):
                raise self.fail(f"{where}note {key!r} does not name a step of the branch")
            chain[int(key)].note = text
        return chain


def _kind_word(kind: type) -> str:
    return {str: "text", int: "a whole number", list: "a list", dict: "an object"}.get(
        kind, kind.__name__
    )
