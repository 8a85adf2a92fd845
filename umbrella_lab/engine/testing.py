"""The contract every registered game must pass, for the test suite and for new games.

``check_game`` plays seeded games to the end with a policy and checks, after every move, the
state's own invariants (:meth:`State.check`) and that a game without chance steps never
reaches one; it checks that ``apply`` and ``fork`` never change the state they are given
(every slot of the state, deck orders included, compared before and after; and no list of one
shared with the other), that the same seed deals the same table, and that a record of the
moves replays to the identical final state. ``check_many`` is its quick companion for
thousands of games: the invariants every few moves, every game ends, and a game played again
ends identically.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from typing import Any

from umbrella_lab.engine.core import CHANCE, LISTS_KEPT, Game, State
from umbrella_lab.engine.moves import Move
from umbrella_lab.engine.play import MAX_MOVES, FastPolicy, play_out
from umbrella_lab.engine.record import Record


def check_game(
    game: Game, seeds: Iterable[int], policy: FastPolicy, replay_every: int = 10
) -> dict[str, float]:
    """Play one game per seed; raise ``AssertionError`` on the first broken promise.

    Returns a small summary: games, moves, wins (share of games with a winner).
    """
    games = moves = wins = 0
    for index, seed in enumerate(seeds):
        start = game.new(seed)
        assert json.dumps(start.to_dict()) == json.dumps(game.new(seed).to_dict()), (
            f"seed {seed}: the same seed dealt two different tables"
        )
        state, made = _play_checked(start._clone(), seed, policy, check_every=1, legal=True)
        games += 1
        moves += len(made)
        assert state.result is not None
        wins += bool(state.result.winners)
        if replay_every and index % replay_every == 0:
            _check_replay(game, seed, made, state)
    return {"games": games, "moves": moves / max(games, 1), "wins": wins / max(games, 1)}


def check_many(
    game: Game, seeds: Iterable[int], policy: FastPolicy, check_every: int = 5
) -> dict[str, float]:
    """Many games, fast: invariants every few moves and at the end, and every game ends.

    Every 50th game is played again from its seed and must end identically. The quick
    companion of :func:`check_game`, for the thousands of games each option value gets.
    Raises ``AssertionError`` on the first broken promise.
    """
    games = moves = 0
    for index, seed in enumerate(seeds):
        state, made = _play_checked(game.deal(seed), seed, policy, check_every, legal=False)
        if index % 50 == 0:
            again = play_out(game.deal(seed), policy, random.Random(seed))
            assert json.dumps(again.to_dict()) == json.dumps(state.to_dict()), (
                f"seed {seed}: the same seed and policy ended in two different states"
            )
        games += 1
        moves += len(made)
    return {"games": games, "moves": moves / max(games, 1)}


def _play_checked(
    state: State, seed: int, policy: FastPolicy, check_every: int, legal: bool
) -> tuple[State, list[Move]]:
    """Play ``state`` (changed in place) to the end as ``play_out`` does, checking on the way.

    The invariants every ``check_every`` moves and at the end; with ``legal``, that each chosen
    move is legal; that a game without chance steps never reaches one; that the game ends.
    """
    state.events = []
    made: list[Move] = []
    rng = random.Random(seed)
    while state.result is None:
        chance = state.to_act == CHANCE
        assert state.chance_steps or not chance, (
            f"seed {seed}: a chance step in a game that says it has none (chance_steps)"
        )
        move = state._lucky_key() if chance else policy(state, rng)
        if legal:
            assert move in state.legal_moves(), f"seed {seed}: policy chose an illegal move {move}"
        made.append(move)
        move.play(state)
        if len(made) % check_every == 0:
            problems = state.check()
            assert not problems, f"seed {seed}, move {len(made)} {move}: {problems}"
        assert len(made) < MAX_MOVES, f"seed {seed}: the game does not end"
    problems = state.check()
    assert not problems, f"seed {seed}, at the end: {problems}"
    return state, made


def slots(state: State) -> dict[str, Any]:
    """Every slot of a state (but its events) as plain nested values, to compare two moments.

    Lists, dicts and sets are copied all the way down, so the snapshot keeps deck orders; other
    objects are kept as they are (they must not change: tuples, numbers, card designs).
    """
    out = {}
    for cls in type(state).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if name != "events" and name not in LISTS_KEPT and hasattr(state, name):
                out[name] = _plain(getattr(state, name))
    return out


def _plain(value: Any) -> Any:
    if isinstance(value, list):
        return ("list", tuple(_plain(v) for v in value))
    if isinstance(value, dict):
        return ("dict", tuple((k, _plain(v)) for k, v in value.items()))
    if isinstance(value, set | frozenset):
        return ("set", frozenset(value))
    if isinstance(value, tuple) and not hasattr(value, "_fields") and type(value) is tuple:
        return tuple(_plain(v) for v in value)
    return value


def shared_lists(a: State, b: State) -> list[str]:
    """Slots whose lists (or dicts, or sets) one state shares with the other, at any depth.

    A state changes its own lists in place, so a list shared with another state is a clone
    that forgot to copy it.
    """

    def containers(value: Any, found: dict[int, str], where: str) -> None:
        if isinstance(value, list | dict | set):
            found.setdefault(id(value), where)
            items = value.values() if isinstance(value, dict) else value
            for item in items:
                containers(item, found, where)
        elif isinstance(value, tuple):
            for item in value:
                containers(item, found, where)

    mine: dict[int, str] = {}
    theirs: dict[int, str] = {}
    for cls in type(a).__mro__:
        for name in getattr(cls, "__slots__", ()):
            skip = name in ("events", "game", *LISTS_KEPT)
            if not skip and hasattr(a, name) and hasattr(b, name):
                containers(getattr(a, name), mine, name)
                containers(getattr(b, name), theirs, name)
    return sorted({mine[key] for key in mine.keys() & theirs.keys()})


def _check_replay(game: Game, seed: int, made: list[Move], final: State) -> None:
    """Replay through the public face: labels parse back, states never change, records replay.

    On the way, every legal move is one the turn allows (``State.turn_refusal``): a kind whose
    maker is a field of the move lists moves for the seat deciding only.
    """
    state = game.new(seed)
    ids = []
    for move in made:
        before = slots(state)
        listed = state.legal_actions()
        labels = [a.label for a in listed]
        assert len(set(labels)) == len(labels), f"two legal moves share a label: {labels}"
        for legal in state.legal_moves():  # what the engine lists, its turn allows
            why = state.turn_refusal(legal)
            assert why is None, f"seed {seed}: {legal} is listed, but the turn refuses it: {why}"
        action = state.parse_action(move)
        label = listed[listed.index(action)].label  # as listed: a twin's label names its id
        assert state.parse_action(label) == action, f"label {label!r} does not parse"
        assert state.parse_action(action.id) == action, f"id {action.id!r} does not parse"
        after = state.apply(action)
        changed = [k for k, v in slots(state).items() if before.get(k) != v]
        assert not changed, f"apply({action}) changed its input: {changed}"
        shared = shared_lists(state, after)
        assert not shared, f"apply({action}): the new state shares lists with the old: {shared}"
        branch = state.fork()
        move.play(branch)
        changed = [k for k, v in slots(state).items() if before.get(k) != v]
        assert not changed, f"playing on a fork changed the state it came from: {changed}"
        assert all(event.rule for event in after.events or ()), f"{action}: an event has no rule id"
        ids.append(action.id)
        state = after
    assert json.dumps(state.to_dict()) == json.dumps(final.to_dict()), (
        f"seed {seed}: the public replay ended elsewhere than the fast play"
    )
    record = Record.from_json(Record.of(game, seed, ids).to_json())
    replayed = record.final()
    assert json.dumps(replayed.to_dict()) == json.dumps(final.to_dict()), (
        f"seed {seed}: the record does not replay to the same end"
    )


def play_random(game: Game, seed: int, policy: FastPolicy) -> State:
    """One game from ``seed`` to the end (a convenience for tests)."""
    return play_out(game.deal(seed), policy, random.Random(seed))
