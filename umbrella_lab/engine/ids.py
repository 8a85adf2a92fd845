"""Reading what a person types as a move, and saying clearly why a text is refused.

The text is a label (``"P1: hold (bank 4)"``) or an id (``"hold/0"``).

:meth:`State.parse_action <umbrella_lab.engine.core.State.parse_action>` is the public face;
these functions do the work. A move or an id is looked up among the legal moves (listed
once for a state that never changes), a label is compared with the labels of the legal moves;
a text that names no legal move is refused with the reason and the rule that refuses it: the
game is over, the move is not legal now (and why), a part of the label cannot be read (who,
the verb, the rest), or the nearest labels. Ids in the older numeric format are read by
:mod:`umbrella_lab.engine.legacy`. ``core`` imports this module, so a state is named here by
the parts that reading uses (:class:`~umbrella_lab.engine.position.Position`).
"""

from __future__ import annotations

import difflib
import re
from typing import Any, NoReturn

from umbrella_lab.engine.errors import IllegalActionError
from umbrella_lab.engine.legacy import read_old_id, read_old_key
from umbrella_lab.engine.moves import Action, Move
from umbrella_lab.engine.position import Position


def parse_action(state: Position, text: str | tuple, *, old_ids: bool = False) -> Action:
    """The legal action with this label or id (or move); a clear error otherwise.

    A move (or an id) is looked up among the legal moves, a label compared with their labels;
    either way the action comes with the words of :meth:`State.legal_actions`, made once for
    a state that never changes (one that ``apply`` made, or a session holds). ``old_ids`` reads
    an id in the older numeric format first (``attack/0/52/-1``), as records written
    before ids named cards do. An id is read once (:func:`read_id`), whichever way the
    text is then tried.
    """
    if isinstance(text, tuple):
        return by_move(state, text)
    if not isinstance(text, str):
        msg = f"an action must be an Action, its label or its id, not {type(text).__name__}"
        raise IllegalActionError(msg, state.rule_for_unknown_action)
    wanted = text.strip()
    tried: list[Any] = []  # the id's reading, once: [move or None, the error or None]

    def read() -> Move | None:
        if not tried:
            try:
                move = read_id(state, wanted, old_ids)
                tried[:] = [move if state._is_move(move) else None, None]
            except IllegalActionError as error:
                tried[:] = [None, error]
        return tried[0]

    if "/" in wanted and " " not in wanted:  # an id: found without labelling the others
        move = read()
        key = None if move is None else legal_key(state, move)
        if key is not None:
            return words_of(state, key)
    legal = state.legal_actions()
    for action in legal:
        if wanted in (action.label, action.id):
            return action
    folded = wanted.casefold()
    matches = [a for a in legal if a.label.casefold() == folded]
    if len(matches) == 1:
        return matches[0]
    move = read()
    if tried[1] is not None:
        raise tried[1]
    if move is not None:
        key = legal_key(state, move)
        if key is not None:
            return words_of(state, key)
        if state.is_over:
            refuse(state, wanted, "is not legal", "the game is over", state._over_rule())
        message, rule = move.canonical(state).why_not(state)
        refuse(state, wanted, "is not legal now", message, rule)
    if state.is_over:
        refuse(state, wanted, "is not legal", "the game is over", state._over_rule())
    for known in state._known_moves():  # a real move that is not legal now: say why
        if known.label(state).casefold() == folded:
            message, rule = known.why_not(state)
            refuse(state, wanted, "is not legal now", message, rule)
    parts = read_by_parts(state, wanted)
    if parts is not None:
        message, rule = parts
        verdict = "cannot be read here" if message.startswith("the part") else "is not legal now"
        refuse(state, wanted, verdict, message, rule)
    refuse(state, wanted, "is not a legal action here", *why_unknown(state, wanted, legal))


def words_of(state: Position, move: Move) -> Action:
    """The legal action of a legal move, in the words the list of legal actions gives it.

    A label that an earlier move already has gets the move's id after it there, so the label
    read back names this move, not the other.
    """
    for action in state.legal_actions():
        if action.key == move:
            return action
    return state.action(move)


def legal_key(state: Position, key: tuple) -> Move | None:
    """The rules' own legal move equal to ``key`` (or to its canonical twin), else ``None``.

    The legal moves are listed once for a state that never changes (``State._listed``).
    """
    legal: list[Any] = state._listed()
    if key in legal:
        return legal[legal.index(key)]
    if state._is_move(key):
        same = key.canonical(state)  # type: ignore[attr-defined]
        if same in legal:
            return legal[legal.index(same)]
    return None


def refuse(state: Position, wanted: str, verdict: str, reason: str, rule: str) -> NoReturn:
    """Refuse a typed action: what was typed, the verdict, the reason and its rule."""
    rule = rule or state.rule_for_unknown_action
    raise IllegalActionError(f"'{wanted}' {verdict}: {reason}", rule, reason=reason)


def why_unknown(state: Position, wanted: str, legal: list[Action]) -> tuple[str, str]:
    """Why a text that names no move of this game (as far as it can be read) is refused.

    An id whose kind the game does not have says so; any other text gets the nearest
    labels. The rule is the game's rule for an unknown action.
    """
    rule = state.rule_for_unknown_action
    labels = [a.label for a in legal]
    kind = wanted.partition("/")[0]
    if "/" in wanted and " " not in wanted and kind not in state.game.info.kinds:
        said = f"'{kind}' is not a kind of move of this game" if kind else "no kind is named"
    else:
        said = "it names no move offered now"
        nearest = difflib.get_close_matches(wanted, labels, n=3, cutoff=0.6)
        if nearest:
            return f"{said}. The nearest: {'; '.join(nearest)}", rule
    more = f" (and {len(labels) - 5} more)" if len(labels) > 5 else ""
    return f"{said}. Legal now: {'; '.join(labels[:5])}{more}", rule


def read_by_parts(state: Position, wanted: str) -> tuple[str, str] | None:
    """Read a typed label "Who: verb the rest" part by part; say which part fails, and why.

    Only labels of the game's shape (:meth:`split_label`) are read this way (``"The
    Horror: heal 3 with 20"``, ``"P1: push ..."``); other texts get ``None``. The answer is
    (words, rule id): the turn order's rule for a seat that does not act now, the kind's
    rule for a kind of move not offered now, and the reason and rule of the move the
    label names when it is a real move that is not legal, or the kind's rule when its
    target or card is not there.
    """
    split = state.split_label(wanted)
    if split is None:
        return None
    who, verb, rest = split
    moves = list(state.legal_moves()) + state._known_moves()
    legal = set(state.legal_moves())
    read = []
    for move in moves:
        label = move.label(state)
        parts = state.split_label(label)
        if parts is not None:
            read.append((move, label, parts[0], parts[1].casefold()))
    if not read:
        return None
    actors = sorted({actor for _, _, actor, _ in read})
    if who.casefold() not in {a.casefold() for a in actors}:
        now = " or ".join(actors)
        rule = state.rule_for_turn_order or state.rule_for_unknown_action
        return f"the part '{who}' is not who acts now ({now} does)", rule
    mine = [r for r in read if r[2].casefold() == who.casefold()]
    same = [r for r in mine if r[3] == verb.casefold()]
    if not same:
        kinds = state.game.info.kinds
        kind = kinds.get(verb.casefold()) or kinds.get(state.label_verbs.get(verb.casefold(), ""))
        if kind is not None:
            return state._why_no_kind_rule(kind)
        offered = ", ".join(sorted({r[3] for r in mine}))
        labels = [a.label for a in state.legal_actions()]
        nearest = difflib.get_close_matches(wanted, labels, n=3, cutoff=0.6) or labels[:3]
        said = f"the part '{verb}' is not a kind of move here (now: {offered})"
        return f"{said}. The nearest: {'; '.join(nearest)}", state.rule_for_unknown_action
    typed = {w for w in re.split(r"[^\w+-]+", rest.casefold()) if w}

    def shared(entry: tuple) -> int:
        return len(typed & set(re.split(r"[^\w+-]+", entry[1].casefold())))

    move, label, _, _ = max(same, key=shared)
    if move not in legal and shared((move, label)) == len(typed):
        message, rule = move.why_not(state)
        return f"{message} ('{label}')", rule
    closest = "; ".join(r[1] for r in sorted(same, key=shared, reverse=True)[:3])
    said = f"the part '{rest}' matches no {verb} move now"
    return f"{said}. The nearest: {closest}", type(move).rule or state.rule_for_unknown_action


def by_move(state: Position, key: tuple) -> Action:
    """The legal action of a move (or its canonical twin); refused with the rule if none."""
    is_move = state._is_move(key)
    kind = state.game.info.kinds.get(key[0]) if key and isinstance(key[0], str) else None
    as_move: Move | None = key if is_move else None  # type: ignore[assignment]
    if as_move is None and kind is not None and len(key) == len(kind.fields) + 1:
        as_move = kind(*key[1:])  # a plain tuple of a kind's shape: its fields are checked too
    wrong = as_move.wrong_field() if as_move is not None else None
    if wrong is not None:  # before any rule reads the fields (True would pass for 1)
        raise IllegalActionError(wrong, state.rule_for_unknown_action)
    found = legal_key(state, key)
    if found is not None:
        return words_of(state, found)  # the rules' own move object
    if state.is_over:
        raise IllegalActionError("the game is over; no more actions", state._over_rule())
    old = None if is_move else read_old_key(state, key)
    if old is not None:
        return by_move(state, old)
    message, rule = (
        key.canonical(state).why_not(state)  # type: ignore[attr-defined]
        if is_move
        else (f"{key!r} is not a move of this game", state.rule_for_unknown_action)
    )
    raise IllegalActionError(message, rule)


def read_id(state: Position, text: str, old_ids: bool = False) -> Move | None:
    """The move an id names, or ``None``; an id of the older numeric format is tried once.

    ``old_ids`` tries the older format first (records written before ids named cards), else
    it is tried when the text is no id of the current format.

    Raises:
        IllegalActionError: when the kind is known but a part cannot be read (and the text is
            no older id either).
    """
    if old_ids:
        old = read_old_id(state, text)
        if old is not None:
            return old
    kind, _, rest = text.partition("/")
    cls = state.game.info.kinds.get(kind)
    problem: ValueError | None = None
    if cls is not None:
        try:
            return cls.from_id(state, rest.split("/") if rest else [])
        except ValueError as error:
            problem = error
    old = None if old_ids else read_old_id(state, text)
    if old is not None or problem is None or cls is None:
        return old
    msg = f"'{text}' cannot be read: {problem}"
    raise IllegalActionError(msg, cls.rule, reason=str(problem)) from problem
