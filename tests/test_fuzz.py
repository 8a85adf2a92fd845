"""Bad input through the public face gets a clear error and changes nothing.

Inputs are generated per entry point from a seeded generator: wrong types, out-of-range
numbers, junk text, records and sessions with every field broken in turn, damaged data files.
A clear error is one of the kit's own (:class:`UmbrellaLabError`: it says what is wrong and
why); a bare ``TypeError``, ``KeyError`` or ``RecursionError`` from inside is a failure, as is a
state that changed.
"""

from __future__ import annotations

import copy
import json
import random
from functools import partial
from pathlib import Path

import pytest
from helpers import FULL, copy_data

import umbrella_lab as ul
from umbrella_lab.engine.errors import UmbrellaLabError
from umbrella_lab.engine.record import Record
from umbrella_lab.engine.testing import slots

CASES = 400 if FULL else 120
"""Generated inputs per entry point."""

JUNK = [
    None,
    True,
    -1,
    0,
    3.5,
    float("nan"),
    10**30,
    "",
    " ",
    "x",
    "🙂",
    "attack/",
    "/",
    "a/b/c/d/e",
    "-1",
    "push/9/9/9/9",
    [],
    [1, 2],
    {},
    {"a": 1},
    (),
    ("attack",),
    ("attack", "x", 1),
    (None,),
    b"bytes",
    object(),
    Path("."),
    {1, 2},
    -(10**12),
    "face/" + "x" * 500,
]


def junk(rng: random.Random) -> object:
    """Something a user might pass by mistake, or a random id-like text."""
    if rng.random() < 0.6:
        return rng.choice(JUNK)
    kind = rng.choice(["attack", "push", "roll", "hold", "face", "score", "commit", "fly", "heal"])
    parts = [
        rng.choice(["0", "1", "-1", "99", "x", "north", "attack-35", "", "two"])
        for _ in range(rng.randrange(0, 5))
    ]
    return "/".join([kind, *parts])


def clearly(call, *args, **kwargs) -> object:
    """Call; a raised error must be the kit's own, with a message."""
    try:
        return call(*args, **kwargs)
    except UmbrellaLabError as error:
        assert str(error), f"{call.__name__}: an error without a message"
        return error


@pytest.mark.parametrize("name", sorted(ul.games()))
def test_bad_actions_are_refused_clearly_and_change_nothing(name):
    rng = random.Random(name)
    game = ul.load(name, players=ul.load(name).info.players[-1])
    state = game.new(seed=3)
    for _ in range(8):  # a few moves in, so more kinds of move are near
        if state.is_over:
            break
        state = state.roll() if state.to_act == ul.CHANCE else state.apply(state.legal_actions()[0])
    before = slots(state)
    for _ in range(CASES):
        bad = junk(rng)
        result = clearly(state.apply, bad)
        assert isinstance(result, UmbrellaLabError | ul.State), (bad, result)
        assert slots(state) == before, f"apply({bad!r}) changed the state"
        clearly(state.why_not, bad)


def test_bad_games_players_options_and_seeds_are_refused_clearly():
    rng = random.Random(1)
    for _ in range(CASES):
        name = rng.choice([*ul.games(), *JUNK[:12]])
        players = rng.choice([None, 1, 2, 3, 7, *JUNK[:14]])
        options = {rng.choice(["level", "data", "heroes", "goal", "nope", "seed"]): junk(rng)}
        game = clearly(ul.load, name, players, **options)
        if isinstance(game, ul.Game):
            clearly(game.new, junk(rng))


def _broken(record: dict, rng: random.Random) -> dict:
    data = copy.deepcopy(record)
    field = rng.choice([*data, "extra"])
    action = rng.random()
    if action < 0.3:
        data.pop(field, None)
    elif action < 0.8:
        data[field] = junk(rng) if field != "actions" else [junk(rng)]
    else:
        data["options"] = {rng.choice(["players", "seed", "goal", "x"]): junk(rng)}
    return json.loads(json.dumps(data, default=str))


@pytest.mark.filterwarnings("ignore::umbrella_lab.engine.errors.DataChangedWarning")
def test_broken_records_and_sessions_fail_clearly():
    rng = random.Random(2)
    record = json.loads(Record.of(ul.load("pig"), 5, ["roll/0", "face/three"]).to_json())
    session = json.loads(ul.Session("pig", seed=5).to_json())
    for _ in range(CASES):
        result = clearly(lambda d: Record.from_dict(d).final(), _broken(record, rng))
        assert isinstance(result, UmbrellaLabError | ul.State)
        clearly(ul.Session.from_dict, _broken(session, rng))
    for text in ("[" * 100_000 + "]" * 100_000, "{", "null", '"text"', "\ud800"):
        assert isinstance(clearly(Record.from_json, text), UmbrellaLabError)
        assert isinstance(clearly(ul.Session.from_json, text), UmbrellaLabError)


def test_unreadable_files_are_named_in_the_error(tmp_path):
    binary = tmp_path / "game.json"
    binary.write_bytes(b"\xff\xfe\x00\x01binary")
    for reader in (Record.load, ul.Session.load):
        error = clearly(reader, binary)
        assert isinstance(error, UmbrellaLabError) and "game.json" in str(error)
        error = clearly(reader, tmp_path / "missing.json")
        assert isinstance(error, UmbrellaLabError) and "missing.json" in str(error)
        assert isinstance(clearly(reader, tmp_path), UmbrellaLabError)


@pytest.mark.parametrize(
    "damage",
    [
        lambda text: text.replace("[[face]]", "face = [1, 2]\n[[face]]", 1),
        lambda text: "a = " + "[" * 5000 + "]" * 5000 + "\n" + text,
        lambda text: text.replace("value = 2", 'value = "two"'),
        lambda text: text.replace("value = 2", "value = 2\nvalue = 3"),
        lambda text: text.replace("pig = false", "pig = 1", 1),
        lambda text: text + "\n[[face]]\nid = 7\n",
        lambda text: "",
    ],
)
def test_damaged_data_files_fail_clearly_at_load(tmp_path, damage):
    folder = copy_data(tmp_path, "pig")
    die = folder / "die.toml"
    die.write_text(damage(die.read_text(encoding="utf-8")), encoding="utf-8")
    error = clearly(ul.load, "pig", data=folder)
    assert isinstance(error, UmbrellaLabError) and "die.toml" in str(error)


def test_a_binary_data_file_fails_clearly(tmp_path):
    folder = copy_data(tmp_path, "pig")
    (folder / "die.toml").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    error = clearly(ul.load, "pig", data=folder)
    assert isinstance(error, UmbrellaLabError) and "not a TOML text file" in str(error)


def test_counts_may_be_any_whole_number_type_but_not_absurd():
    np = pytest.importorskip("numpy")
    assert ul.load("academy", players=np.int64(3)).players == 3
    assert len(ul.sim.simulate("pig", n=np.int64(3), seed=np.int32(1), workers=1)) == 3
    for n in (0, -1, 10**26, 2.5, True, "10"):
        assert isinstance(clearly(ul.sim.simulate, "pig", n=n, workers=1), UmbrellaLabError)
    assert isinstance(clearly(ul.load("pig").new, -5), UmbrellaLabError)  # not the deal of 5


# --- fields of the wrong type, everywhere a user gives a number, a seed or a name -------------

BAD_FIELDS = [
    None,
    True,
    -1,
    -5,
    2.5,
    float("nan"),
    float("inf"),
    10**30,
    10**4300,
    "",
    "3",
    "x",
    [],
    [1],
    {},
    b"3",
    object(),
]
"""Values given by mistake for a count, a seed, a seat or a position."""


def named_clearly(call, field: str, value: object) -> object:
    """Call; a raised error must be the kit's own (or its ValueError/TypeError subclass, as
    the widgets' errors are) and its message must name the field."""
    try:
        return call()
    except Exception as error:
        own = isinstance(error, UmbrellaLabError) or (
            isinstance(error, ValueError | TypeError)
            and type(error) not in (ValueError, TypeError)
            and type(error).__module__.startswith("umbrella_lab")
        )
        assert own, f"{field}={value!r}: {type(error).__name__}: {error}"
        assert field.lower() in str(error).lower(), f"{field}={value!r}: {error}"
        return error


def _fields(state: ul.State) -> dict:
    """Entry points and the field each one checks; the state must not change."""
    game = state.game
    return {
        "the seed": [game.new, game.deal, lambda v: ul.Session(game.name, seed=v)],
        "fork: the seed": [lambda v: state.fork(seed=v)],
        "new_luck": [lambda v: state.fork(new_luck=v)],
        "players": [lambda v: ul.load(game.name, v)],
        "advise: rollouts": [lambda v: ul.sim.advise(state, rollouts=v, workers=1)],
        "advise: budget": [lambda v: ul.sim.advise(state, budget=v, workers=1)],
        "advise: the seed": [lambda v: ul.sim.advise(state, seed=v, budget=1, workers=1)],
        "advise: workers": [lambda v: ul.sim.advise(state, budget=1, workers=v)],
        "mcts: playouts": [ul.sim.mcts],
        "tournament: n": [lambda v: ul.sim.tournament(game.name, ["random", "heuristic"], n=v)],
        "tournament: bootstrap": [
            lambda v: ul.sim.tournament(game.name, ["random", "heuristic"], n=1, bootstrap=v)
        ],
        "tournament: the seed": [
            lambda v: ul.sim.tournament(game.name, ["random", "heuristic"], n=1, seed=v)
        ],
        "simulate: workers": [lambda v: ul.sim.simulate(game.name, n=1, workers=v)],
    }


def test_wrong_fields_are_refused_naming_the_field_and_change_nothing():
    state = ul.load("pig").new(seed=4)
    before = slots(state)
    for field, calls in _fields(state).items():
        for call in calls:
            for value in BAD_FIELDS:
                if value in (True,) and field == "new_luck":
                    continue
                result = named_clearly(partial(call, value), field.split(": ")[-1], value)
                assert slots(state) == before, f"{field}={value!r} changed the state"
                taken = not isinstance(result, Exception)
                assert not taken or value is None, f"{field}={value!r} was taken"


@pytest.mark.parametrize("seed", [-1, -5, -(10**12)])
def test_negative_seeds_are_refused_not_taken_as_their_size(seed):
    state = ul.load("pig").new(seed=4)
    for call in (
        lambda: state.game.new(seed),
        lambda: state.game.deal(seed),
        lambda: state.fork(seed=seed),
        lambda: ul.sim.advise(state, seed=seed, budget=4, workers=1),
        lambda: ul.sim.tournament("pig", ["random", "heuristic"], n=1, seed=seed),
    ):
        error = named_clearly(call, "seed", seed)
        assert isinstance(error, UmbrellaLabError) and "at least 0" in str(error), error


def test_endless_budgets_are_refused_at_once():
    state = ul.load("pig").new(seed=4)
    for call, field in (
        (lambda: ul.sim.advise(state, budget=10**12), "budget"),
        (lambda: ul.sim.advise(state, rollouts=10**9), "rollouts"),
        (lambda: ul.sim.mcts(10**12), "playouts"),
        (lambda: ul.sim.mcts(seconds=10**9), "seconds"),
        (lambda: ul.sim.tournament("pig", ["random", "heuristic"], n=10**12), "n"),
        (lambda: ul.sim.tournament("pig", ["random", "heuristic"], bootstrap=10**9), "bootstrap"),
        (lambda: ul.puzzle(ul.load("academy").new(1), budget=10**9), "budget"),
    ):
        error = named_clearly(call, field, None)
        assert isinstance(error, ValueError), error
        assert "at most" in str(error), error


def test_a_name_among_the_options_and_a_game_that_is_not_a_name():
    for call, field in (
        (lambda: ul.load("pig", name="x"), "name"),
        (lambda: ul.Session("pig", name="x"), "name"),
        (lambda: ul.Session("pig", game="x"), "game"),
    ):
        assert isinstance(named_clearly(call, field, "x"), UmbrellaLabError)
    for value in (None, 3, ["pig"]):
        named_clearly(partial(ul.load, value), "game name", value)
    session = json.loads(ul.Session("pig", seed=5).to_json())
    session["options"] = {"name": "x"}
    assert isinstance(clearly(ul.Session.from_dict, session), UmbrellaLabError)
    record = json.loads(Record.of(ul.load("pig"), 5, []).to_json())
    record["options"] = {"name": "x"}
    assert isinstance(clearly(lambda d: Record.from_dict(d).final(), record), UmbrellaLabError)


def test_a_session_refuses_missing_places_clearly_and_stays_put():
    session = ul.Session("pig", seed=2)
    session.apply(session.state.legal_actions()[0])
    where = session.node
    for value in BAD_FIELDS:
        if value is None or (isinstance(value, int) and -1 <= value <= 1):
            continue  # there are such places (None: the current branch)
        for call, field in (
            (session.jump, "step"),
            (session.goto, "position"),
            (session.switch, "branch"),
        ):
            error = named_clearly(partial(call, value), field, value)
            assert isinstance(error, KeyError | IndexError | UmbrellaLabError)
            assert session.node is where


@pytest.mark.parametrize("name", sorted(ul.games()))
def test_a_seat_that_is_not_at_the_table_is_named(name):
    state = ul.load(name).new(seed=4)
    before = slots(state)
    seats = state.game.players
    for value in (-1, seats, "0", 1.0, True, 10**4000, [0]):
        for call in (state.to_text, state.to_dict, state.to_json):
            error = named_clearly(partial(call, value), "seat", value)
            assert isinstance(error, ul.engine.SeatError), (call.__name__, value, error)
            assert f"{seats}-player table" in str(error), error
    assert state.to_text(seats - 1) and state.to_dict(None)
    assert slots(state) == before


def test_an_action_given_again_and_a_record_of_wrong_fields():
    state = ul.load("pig").new(seed=4)
    action = state.legal_actions()[0]
    assert state.action(action) is action
    assert state.action(action.key) == action
    assert state.action(action.label) == state.action(action.id) == action
    clearly(state.action, "hold")  # not legal at the start of a turn: refused, with the rule
    game = state.game
    for field, call in (
        ("actions", lambda: Record.of(game, 4, None)),
        ("actions", lambda: Record.of(game, 4, "roll")),
        ("actions", lambda: Record.of(game, 4, [action])),
        ("labels", lambda: Record.of(game, 4, [], labels=[1])),
        ("seed", lambda: Record.of(game, -4, [])),
        ("game", lambda: Record.of("pig", 4, [])),
    ):
        named_clearly(call, field, None)
    assert Record.of(game, 4, [action.id]).final().to_dict() == state.apply(action).to_dict()


# --- inputs once answered by an error from deep inside, or taken though wrong -------------


def _move_with(state: ul.State, value: object) -> tuple:
    """The first legal move with its first field replaced by ``value``."""
    move = state.legal_moves()[0]
    return type(move)(value, *move[2:])


@pytest.mark.parametrize("name", sorted(ul.games()))
@pytest.mark.parametrize("value", ["0", 0.0, True, (1,), None, [0]])
def test_a_move_field_of_the_wrong_type_is_named_where_moves_are_read(name, value):
    game = ul.load(name, players=ul.load(name).info.players[-1])
    state = game.new(seed=3)
    while state.to_act == ul.CHANCE:
        state = state.roll()
    before = slots(state)
    move = _move_with(state, value)
    field = type(move).fields[0]
    if isinstance(value, str) and isinstance(state.legal_moves()[0][1], str):
        return  # a text field: "0" is of the right type (and refused as no such thing)
    error = named_clearly(partial(state.apply, move), field, value)
    assert isinstance(error, ul.engine.IllegalActionError), error
    assert "must be a" in str(error) and type(value).__name__ in str(error), error
    assert isinstance(clearly(state.why_not, move), UmbrellaLabError | str | type(None))
    assert slots(state) == before


def test_true_is_not_seat_1_and_numpy_whole_numbers_still_are():
    np = pytest.importorskip("numpy")
    state = ul.load("pig").new(seed=3)
    move = state.legal_moves()[0]
    assert isinstance(clearly(state.apply, type(move)(True)), UmbrellaLabError)
    assert isinstance(clearly(state.apply, True), UmbrellaLabError)  # not the move numbered 1
    for plain in (("roll", True), ("roll", 0.0), ("roll", "0")):  # a plain tuple too
        error = clearly(state.apply, plain)
        assert isinstance(error, UmbrellaLabError) and "must be a whole number" in str(error)
    assert state.apply(("roll", 0)).to_dict() == state.apply(move).to_dict()
    assert state.apply(type(move)(np.int64(move.seat))).to_dict() == state.apply(move).to_dict()


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: ul.sim.simulate("pig", n=2, executor=object()), "simulate: executor"),
        (
            lambda: ul.sim.tournament("pig", ["random", "heuristic"], n=1, executor=object()),
            "tournament: executor",
        ),
        (lambda: ul.sim.sweep("pig", ("goal", 50), n=2), "the grid must be a dict"),
        (lambda: ul.sim.sweep("pig", {"goal": []}, n=2), "at least one value"),
        (lambda: ul.sim.compare(None, None), "frame A must be a simulation table"),
        (
            lambda: ul.sim.advise(ul.load("pig").new(2), progress=5, budget=4, workers=1),
            "progress must be a function",
        ),
        (lambda: ul.sim.review(None, "heuristic"), "review: game must be"),
        (lambda: ul.sim.wilson(0, 0), "at least one game"),
        (lambda: ul.sim.wilson(1, True), "number of games"),
    ],
)
def test_the_kits_functions_name_a_wrong_argument(call, words):
    error = clearly(call)
    assert isinstance(error, UmbrellaLabError), error
    assert words in str(error), error


def test_an_empty_table_has_no_win_rate():
    frame = ul.sim.simulate("pig", n=2, workers=1)
    for table in (frame.iloc[0:0], frame[frame["seed"] < 0]):
        error = clearly(ul.sim.win_rate, table)
        assert isinstance(error, UmbrellaLabError) and "at least one game" in str(error)
    assert ul.sim.win_rate(frame)["games"].tolist() == [2]


def test_a_record_with_a_seed_of_thousands_of_digits_and_a_note_on_step_two_squared():
    record = json.loads(Record.of(ul.load("pig"), 5, ["roll/0"]).to_json())
    text = json.dumps(record).replace('"seed": 5', '"seed": ' + "9" * 5000)
    error = clearly(Record.from_json, text)
    assert isinstance(error, UmbrellaLabError) and "4,300 digits" in str(error)
    assert isinstance(clearly(ul.Session.from_json, text), UmbrellaLabError)
    session = ul.Session("pig", seed=5)
    session.apply(session.state.legal_actions()[0])
    saved = json.loads(session.to_json())
    for key in ("²", "\u0661", "9" * 5000, "0", "-1"):  # superscript two, Arabic one
        saved["branches"][0]["notes"] = {key: "a note"}
        error = clearly(ul.Session.from_dict, copy.deepcopy(saved))
        assert isinstance(error, UmbrellaLabError) and "does not name a step" in str(error)
    saved["branches"][0]["notes"] = {"1": "a note"}
    assert ul.Session.from_dict(saved).line[1].note == "a note"


@pytest.mark.parametrize("ident", ['""', '" "', '"a/b"', '" one"'])
def test_a_card_id_that_cannot_name_a_card_in_an_action_id_is_refused(tmp_path, ident):
    folder = copy_data(tmp_path, "pig")
    die = folder / "die.toml"
    text = die.read_text(encoding="utf-8")
    die.write_text(text.replace('id = "one"', f"id = {ident}", 1), encoding="utf-8")
    error = clearly(ul.load, "pig", data=folder)
    assert isinstance(error, UmbrellaLabError), error
    assert "die.toml" in str(error) and "id" in str(error) and "action ids" in str(error)


def test_the_openspiel_adapter_names_a_bad_action_or_player():
    pytest.importorskip("pyspiel")
    from umbrella_lab.interop.openspiel import load_game

    state = load_game("pig").new_initial_state()
    for action in (-1, 10**6, True, "0"):
        assert isinstance(clearly(state.apply_action, action), UmbrellaLabError)
    state.apply_action(0)
    for call in (state.observation_string, state.information_state_string):
        for player in (-1, 2, 9, True):
            error = clearly(call, player)
            assert isinstance(error, ul.engine.SeatError) and "players are 0 to 1" in str(error)
    assert isinstance(clearly(state.apply_action, -1), UmbrellaLabError)
    assert isinstance(clearly(state.action_to_string, 0, 10**6), UmbrellaLabError)
    assert state.observation_string(0) and state.information_state_string(1)


@pytest.mark.parametrize("value", [None, True, "x", [], object(), float("nan"), -1, 0])
def test_the_tables_of_the_statistics_name_a_wrong_argument(value):
    frame = ul.sim.simulate("pig", n=3, workers=1)
    calls = [
        partial(ul.sim.win_rate, value),
        partial(ul.sim.seat_win_rate, value),
        partial(ul.sim.win_rate, frame, z=value),
        partial(ul.sim.seat_win_rate, frame, z=value),
        partial(ul.sim.wilson, 1, 2, z=value),
        partial(ul.sim.compare, frame, frame, z=value),
        partial(ul.sim.sweep, value, {"goal": [50]}, n=1, workers=1),
        partial(ul.sim.advise, ul.load("pig").new(2), budget=4, workers=1, executor=value),
    ]
    if value is not None:
        calls.append(partial(ul.sim.win_rate, frame, by=value))
    for call in calls:
        try:
            call()
        except UmbrellaLabError as error:
            assert str(error)
        except (KeyError, TypeError) as error:  # a column not in the table; a game not a name
            assert "column" in str(error) or "give a game name" in str(error), error
        else:
            assert value is None, f"{call} took {value!r}"


def test_saving_to_a_path_that_cannot_be_written_is_named(tmp_path):
    session = ul.Session("pig", seed=5)
    record = Record.of(ul.load("pig"), 5, [])
    for where in (None, "", 3, tmp_path, tmp_path / ("x" * 5000), tmp_path / "no" / "such.json"):
        for save in (session.save, record.save):
            error = clearly(save, where)
            assert isinstance(error, ul.engine.RecordError), (where, error)
    session.save(tmp_path / "kept.json")
    assert ul.Session.load(tmp_path / "kept.json").seed == 5


@pytest.mark.parametrize("steps", [True, -1, 2.5, "3", [1]])
def test_a_session_plays_only_a_whole_number_of_steps(steps):
    session = ul.Session("pig", seed=5)
    error = named_clearly(partial(session.play, steps=steps), "steps", steps)
    assert isinstance(error, UmbrellaLabError) and session.step == 0
