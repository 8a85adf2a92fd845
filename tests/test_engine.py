"""The game-agnostic engine: move units, the registry, rule digests, events that cost nothing
when nobody reads them, and records that know which card data they were played with."""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Annotated

import pytest
from helpers import copy_data
from helpers import pig_position as position

import umbrella_lab as ul
from umbrella_lab.engine.core import REGISTRY, GameInfo, Option
from umbrella_lab.engine.errors import (
    DataChangedWarning,
    IllegalActionError,
    OptionError,
    RecordError,
)
from umbrella_lab.engine.moves import Move, Words
from umbrella_lab.engine.play import play_out
from umbrella_lab.engine.record import Record
from umbrella_lab.games.pig import Face, Hold, Roll, setup

# --- move units ---------------------------------------------------------------------------------


class SwapZone(Move):
    zone: int
    cell: int


def test_a_move_kind_is_named_from_its_class_and_has_named_fields():
    move = SwapZone(2, 7)
    assert SwapZone.kind == "swap-zone" and SwapZone.fields == ("zone", "cell")
    assert (move.zone, move.cell) == (2, 7) and move == ("swap-zone", 2, 7)
    assert repr(move) == "SwapZone(zone=2, cell=7)"
    assert pickle.loads(pickle.dumps(move)) == move


SIDE = Words(("north", "east", "south", "west"), "side")


class Enter(Move):
    side: Annotated[int, SIDE]


def test_fixed_words_in_ids():
    assert Enter(2).id(None) == "enter/south"
    assert Enter.from_id(None, ["west"]) == Enter(3)
    with pytest.raises(ValueError, match="there is no side 'up'; the sides are north, east"):
        Enter.from_id(None, ["up"])


def test_two_kinds_with_the_same_fields_are_different_moves():
    assert Roll(0) != Hold(0) and len({Roll(0), Hold(0), Roll(0)}) == 2


def test_an_id_that_cannot_be_read_names_the_part():
    state = position(rolling=True)
    with pytest.raises(IllegalActionError, match=r"the face 'x' cannot be read"):
        state.apply("face/x")
    with pytest.raises(IllegalActionError, match=r"the seat 'one' cannot be read"):
        state.apply("roll/one")


# --- events ---------------------------------------------------------------------------------------


def test_simulations_build_no_words():
    state = ul.load("pig").deal(3)
    assert state.events is None
    calls = []
    state.say("turn.roll", lambda: calls.append(1) or "words")
    assert calls == []
    final = play_out(state, ul.sim.get_policy("pig", "heuristic"), __import__("random").Random(3))
    assert final.events is None and final.is_over


def test_apply_records_the_events_of_the_move():
    after = ul.load("pig").new(3).apply("roll/0")
    assert [(e.rule, e.text) for e in after.events] == [("turn.roll", "P1 rolls the die.")]


# --- the registry ---------------------------------------------------------------------------------


def test_importing_the_engine_imports_no_game():
    code = (
        "import sys, umbrella_lab.engine.core as core\n"
        "print(sorted(m for m in sys.modules if m.startswith('umbrella_lab.games')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_the_engine_finds_the_kits_games_by_their_packages_name():
    # Neither the package's root nor the engine imports umbrella_lab.games: the registry
    # imports it by name when a game is first asked for, and it hands the registry its loader.
    code = (
        "import sys, umbrella_lab.engine.core as core\n"
        "print('umbrella_lab.games' in sys.modules, core.REGISTRY.loader)\n"
        "print(core.load('pig').name, sorted(m for m in sys.modules if m.count('.') == 2\n"
        "      and m.startswith('umbrella_lab.games.')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == ["False None", "pig ['umbrella_lab.games.pig']"]


def test_loading_a_game_imports_that_game_only_and_listing_them_imports_all():
    code = (
        "import sys, umbrella_lab as ul\n"
        "def kit(): return sorted(m for m in sys.modules if m.count('.') == 2\n"
        "                         and m.startswith('umbrella_lab.games.'))\n"
        "ul.load('pig', players=2)\n"
        "print(kit())\n"
        "names = ul.games()\n"
        "print(kit() == ['umbrella_lab.games.' + name for name in names], names)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == [
        "['umbrella_lab.games.pig']",
        "True ['academy', 'corporation', 'marvel', 'pig', 'umbrella']",
    ]


def test_a_game_that_fails_to_import_is_reported_and_the_others_still_load(monkeypatch):
    monkeypatch.setitem(REGISTRY.broken, "halfway", "SyntaxError: invalid syntax (rules.py, 12)")
    with pytest.raises(OptionError, match=r"'halfway' could not be loaded: SyntaxError"):
        ul.load("halfway")
    assert ul.load("pig").name == "pig"


def test_a_missing_or_empty_digest_stops_the_game_from_loading(tmp_path):
    empty = tmp_path / "empty.md"
    empty.write_text("just a link to ../../umbrella_lab/games/pig/digest.md\n", encoding="utf-8")
    for digest, problem in ((tmp_path / "missing.md", "cannot read"), (empty, "holds no rule")):
        info = GameInfo(
            "toy", "Toy", (2,), (), setup=setup, moves=(Roll, Hold, Face), digest=digest
        )
        with pytest.raises(OptionError, match=problem):
            ul.Game(info, 2)


def test_game_info_lists_the_parts_of_a_game():
    info = ul.load("pig").info
    assert info.kinds == {"roll": Roll, "hold": Hold, "face": Face}
    assert set(info.policy_table) == {"random", "hold-at-20", "heuristic"}
    assert info.digest.name == "digest.md" and info.digest.is_file()
    assert Path(str(info.digest)).parent == Path(ul.__file__).parent / "games" / "pig"
    assert isinstance(info.options[0], Option)


# --- card data in records -------------------------------------------------------------------------


def _other_die(tmp_path: Path) -> Path:
    folder = copy_data(tmp_path, "pig")
    text = (folder / "die.toml").read_text(encoding="utf-8")
    (folder / "die.toml").write_text(text.replace("value = 6", "value = 60"), encoding="utf-8")
    return folder


def test_a_record_keeps_the_hash_of_its_card_data(tmp_path):
    game = ul.load("pig")
    assert len(game.data_hash) == 16
    assert ul.load("pig", data=_other_die(tmp_path)).data_hash != game.data_hash
    record = Record.of(game, 5, ["roll/0", "face/six", "hold/0"])
    assert json.loads(record.to_json())["data"] == game.data_hash


def test_replaying_with_other_card_data_says_so(tmp_path):
    record = Record.of(ul.load("pig"), 5, ["roll/0", "face/six", "hold/0"])
    record.options = {"data": str(_other_die(tmp_path))}
    with pytest.warns(DataChangedWarning, match="played with other card data"):
        final = record.final()
    assert final.scores == [60, 0]
    record.actions.append("hold/0")  # P2 cannot hold before rolling
    with pytest.raises(RecordError, match=r"does not replay.*played with other card data"):
        record.final()


def test_records_and_sessions_say_how_their_ids_are_written():
    record = json.loads(Record.of(ul.load("pig"), 5, ["roll/0"]).to_json())
    assert record["ids"] == 2
    session = json.loads(ul.Session("pig", seed=5).to_json())
    assert session["ids"] == 2 and session["data"] == ul.load("pig").data_hash


def test_a_record_with_the_same_data_replays_quietly():
    record = Record.from_json(Record.of(ul.load("pig"), 5, ["roll/0", "face/two"]).to_json())
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert record.final().turn_total == 2


# --- refusals in words ---------------------------------------------------------------------------


def test_a_typo_gets_the_nearest_legal_labels():
    state = ul.load("pig").new(1)
    with pytest.raises(IllegalActionError, match="The nearest: P1: roll the die"):
        state.apply("P1: rol the die")


class Wait(Move):
    """A move that is known to learners but never legal, to ask about."""

    rule = "turn.hold"
    seat: int

    @classmethod
    def known(cls, s):
        return [Wait(0)]

    def label(self, s):
        return "P1: wait"

    def why_not(self, s):
        return "nobody may wait in Pig", "turn.hold"


def test_a_known_move_named_by_its_label_is_refused_with_its_reason():
    from dataclasses import replace

    game = ul.load("pig")
    info = replace(game.info, moves=(*game.info.moves, Wait))
    state = ul.Game(info, 2).new(1)
    with pytest.raises(IllegalActionError, match=r"not legal now: nobody may wait in Pig \(rule"):
        state.apply("P1: wait")


# --- asking why a kind of move is not offered ---------------------------------------------------


@pytest.mark.parametrize("name", ["academy", "umbrella", "corporation", "marvel", "pig"])
def test_why_not_by_kind_answers_for_every_kind_with_a_rule(name):
    state = ul.load(name).new(seed=3)
    for kind in state.game.info.kinds:
        answer = state.why_not(kind)
        assert answer.startswith("legal: ") or "(rule " in answer, (kind, answer)


def test_why_not_by_kind_names_the_rule_and_what_is_offered():
    state = ul.load("academy", players=3).new(seed=1)
    assert state.why_not("kraken") == (
        "no kraken move is offered now (rule power.kraken); "
        "the kinds of move now: attack, block, boosted, double, double-boosted, story"
    )
    assert state.why_not("attack") == (
        "legal: an attack move is offered now, e.g. 'Space Boy: attack 55 vs villain attack 30'"
    )
    before = state.to_dict()
    state.why_not("heal")
    assert state.to_dict() == before  # asking changes nothing


def test_unavailable_moves_come_with_reason_and_rule():
    state = ul.load("academy", players=3).new(seed=14)
    for label, reason, rule in state.unavailable():
        assert label and reason and rule in state.game.rules
    final = ul.load("pig").new(seed=1)
    while not final.is_over:
        final = final.apply(final.legal_actions()[-1])
    assert final.unavailable() == []
    assert final.why_not("roll").startswith("no roll move: the game is over")


def test_legal_moves_are_listed_once_only_for_states_that_never_change():
    """apply's result keeps its labelled actions; a simulation's copy, played in place, does not."""
    game = ul.load("pig")
    after = game.new(3).apply("P1: roll the die")
    first = after.legal_actions()
    assert after.legal_actions() == first and after.legal_actions() is not first  # copies
    copy = after._clone()  # a copy starts without the kept lists, and lists afresh
    before = [a.id for a in copy.legal_actions()]
    copy.legal_moves()[0].play(copy)
    assert [a.id for a in copy.legal_actions()] != before
    dealt = game.deal(3)  # a simulation's table: played in place
    ids = [a.id for a in dealt.legal_actions()]
    dealt.legal_moves()[0].play(dealt)
    assert [a.id for a in dealt.legal_actions()] != ids


@pytest.mark.parametrize("name", ["academy", "corporation", "marvel", "pig", "umbrella"])
def test_every_state_counts_its_seats_from_the_games_player_count(name):
    """``players`` and ``solo`` are the engine's, read from the game, for every game."""
    for players in ul.load(name).info.players:
        state = ul.load(name, players=players).new(seed=5)
        assert state.players == players
        assert state.solo is (players == 1)
        assert "players" not in vars(type(state)) and "solo" not in vars(type(state))
