"""Workshop 09, playtest together: its questions answered right, wrong, tied and malformed."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from umbrella_lab import sim
from umbrella_lab.table.model import Table
from umbrella_lab.widgets.quiz import QuizError

TUTORIALS = Path(__file__).resolve().parents[1] / "tutorials"
EXAMPLES = TUTORIALS / "playtest_examples"

sys.path.insert(0, str(TUTORIALS))

import answer_key  # noqa: E402


@pytest.fixture(scope="module")
def examples() -> sim.Playtest:
    """The workshop's three example tables against the heuristic (the class won 1, the bots 2)."""
    return sim.playtest(EXAMPLES, context=100)


@pytest.fixture(scope="module")
def tied() -> sim.Playtest:
    """Six tables the bots played alone: the class and the bots tie at every one."""
    tables = []
    for seed in range(6):
        table = Table("academy", players=3, seed=seed, bots=dict.fromkeys(range(3), "heuristic"))
        while table.bot_due():
            table.bot_move()
        data = table.to_dict()
        data["bots"] = {}  # people who played as the bots
        tables.append(data)
    return sim.playtest(tables, context=0)


def test_how_many_the_bots_win_right_wrong_and_malformed(examples):
    assert examples.comparison.bots_wins == 2
    quiz = answer_key.bots_on_your_seeds(examples)
    assert quiz.scale["high"] == 3  # no more than the tables compared
    reveal = quiz.commit(2)
    assert reveal["correct"] and reveal["verdict"] == "Spot on."
    assert "won 2 of the 3 tables" in reveal["explain"] and "amber" in reveal["evidence"]
    assert "villains beaten" in reveal["evidence"]  # the side by side shows only with the answer
    side = answer_key.tables_side_by_side(examples)  # a column per table: it fits a projector
    assert list(side.columns) == ["your class / the bots", "amber", "blue", "green"]
    assert list(side.iloc[0]) == ["result", "won / lost", "lost / won", "lost / won"]
    wrong = answer_key.bots_on_your_seeds(examples)
    assert not wrong.commit(3)["correct"]
    for malformed, message in (("two", "give a number"), (7, "from 0 to 3"), (True, "number")):
        quiz = answer_key.bots_on_your_seeds(examples)
        with pytest.raises(QuizError, match=message):
            quiz.commit(malformed)
        assert not quiz.reveal  # nothing revealed by a malformed answer


def test_what_the_tables_show_right_wrong_and_malformed(examples):
    quiz = answer_key.is_it_clear(examples)
    assert "too few tables to tell" in quiz.choices
    reveal = quiz.commit("too few tables")
    assert reveal["correct"] and reveal["answer"] == "too few tables to tell"
    assert "Too few tables to tell" in reveal["explain"] and "<svg" in reveal["evidence"]
    wrong = answer_key.is_it_clear(examples)
    assert not wrong.commit("bots better")["correct"]
    malformed = answer_key.is_it_clear(examples)
    with pytest.raises(QuizError, match="not one of the choices"):
        malformed.commit("the bots, surely")
    assert not malformed.reveal


def test_what_tied_tables_show(tied):
    result = tied.comparison
    assert result.compared == 6 and result.only_class == result.only_bots == 0
    assert result.verdict == "not clearly different"
    quiz = answer_key.is_it_clear(tied)
    assert quiz.commit("not clearly different")["correct"]
    assert not answer_key.is_it_clear(tied).commit("too few tables")["correct"]
    assert not answer_key.bots_on_your_seeds(tied).commit(result.class_wins + 1)["correct"]
    assert answer_key.bots_on_your_seeds(tied).commit(result.class_wins)["correct"]


def test_how_many_tables_it_takes_right_wrong_and_malformed():
    quiz = answer_key.tables_needed()
    reveal = quiz.commit(6)
    assert reveal["correct"] and reveal["answer"] == "6 tables"
    assert "5: 0.062" in reveal["explain"] and "6: 0.031" in reveal["explain"]
    assert not answer_key.tables_needed().commit(5)["correct"]
    assert answer_key.tables_needed(0.01).commit(8)["correct"]
    for malformed, message in (("six", "give a number"), (0, "from 1 to 20"), (None, "number")):
        quiz = answer_key.tables_needed()
        with pytest.raises(QuizError, match=message):
            quiz.commit(malformed)
        assert not quiz.reveal


@pytest.fixture(scope="module")
def class_tables(tmp_path_factory) -> sim.Playtest:
    """The example tables saved again under a class's own names: a class's three tables."""
    folder = tmp_path_factory.mktemp("class-tables")
    examples = sorted(EXAMPLES.glob("*.table.json"))
    for path, name in zip(examples, ("red", "teal", "violet"), strict=True):
        data = json.loads(path.read_text(encoding="utf-8"))
        data["id"] = name
        (folder / f"{name}.table.json").write_text(json.dumps(data), encoding="utf-8")
    return sim.playtest(folder, context=0)


def test_the_check_sends_the_example_tables_back_to_the_class(examples):
    """Counted, the examples would give the questions' answers away in the saved notebook."""
    verdict = answer_key.check_tables(examples)
    assert verdict.startswith("✗ these are the example tables of playtest_examples/")
    assert "set TABLES (first cell)" in verdict
    assert not any(character.isdigit() for character in verdict)  # no count, no tables wanted


def test_the_exercise_check_says_what_is_missing(class_tables, tied):
    few = answer_key.check_tables(class_tables)
    assert few.splitlines()[0] == "✗ 3 finished table(s) compared (wanted: at least 6; 3 more)"
    assert "too few" not in few  # the verdict is the quiz's answer, not the check's
    same = answer_key.check_tables(tied)
    assert same.startswith("✓ 6 finished table(s)")
    assert "✗ 0 table(s) where your class and the bots ended differently" in same
    assert answer_key.check_tables(tied, wanted=2).startswith("✓ 6")


def test_the_check_names_unfinished_tables(tmp_path):
    data = json.loads((EXAMPLES / "amber.table.json").read_text(encoding="utf-8"))
    data["record"]["actions"] = data["record"]["actions"][:10]
    data["record"]["labels"] = data["record"]["labels"][:10]
    data["id"] = "stopped"
    (tmp_path / "stopped.table.json").write_text(json.dumps(data), encoding="utf-8")
    for name in ("blue", "green"):
        text = (EXAMPLES / f"{name}.table.json").read_text(encoding="utf-8")
        (tmp_path / f"{name}.table.json").write_text(text, encoding="utf-8")
    found = sim.playtest(tmp_path, context=0)
    check = answer_key.check_tables(found)
    assert "~ 1 table(s) left out: unfinished" in check
    assert "✗ 2 finished table(s)" in check


def test_no_answer_stands_before_its_question(examples):
    cells = json.loads((TUTORIALS / "09_playtest_together.ipynb").read_text(encoding="utf-8"))[
        "cells"
    ]
    asked = {
        "answer_key.bots_on_your_seeds(found)": (answer_key.bots_on_your_seeds(examples), 2),
        "answer_key.is_it_clear(found)": (answer_key.is_it_clear(examples), "too few tables"),
        "answer_key.tables_needed()": (answer_key.tables_needed(), 6),
    }
    for index, cell in enumerate(cells):
        call = "".join(cell["source"]).strip()
        if call not in asked:
            continue
        before = json.dumps(cells[:index])
        quiz, right = asked.pop(call)
        explain = quiz.commit(right)["explain"]
        assert explain[:60] not in before, call
    assert not asked, f"questions missing from the notebook: {list(asked)}"


def test_no_saved_output_gives_the_bots_wins_or_the_tables_wanted():
    """A notebook opens with every saved output at once: none may hold a question's answer.

    The bots' results are the answer of "how many do the bots win?" (they show only in its
    reveal), and the tables a check wants are the answer of "how many tables does it take?".
    """
    cells = json.loads((TUTORIALS / "09_playtest_together.ipynb").read_text(encoding="utf-8"))[
        "cells"
    ]
    outputs = json.dumps([cell.get("outputs", []) for cell in cells])
    code = "".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "code")
    assert "bots_result" not in outputs and "bots_result" not in code
    assert "wanted" not in outputs


def test_the_exercise_check_answers_a_malformed_answer_in_one_line(examples, class_tables):
    for found, wanted in ((None, None), ("my tables", None), (examples, "six"), (examples, 0)):
        verdict = answer_key.check_tables(found, wanted)
        assert verdict.startswith("?") and "\n" not in verdict and "Traceback" not in verdict
    assert answer_key.check_tables(class_tables, " 3 ").startswith("✓ 3")  # as a teacher reads


def test_the_workshop_opens_the_class_tables_with_no_seed_written_in_it():
    """The students have the notebook: a seed written in its table calls would let any of them
    deal the same table in the explorer and read every hand. Its examples open the class's
    tables without one (each is dealt from a fresh seed nobody can guess)."""
    import re

    notebook = json.loads((TUTORIALS / "09_playtest_together.ipynb").read_text(encoding="utf-8"))
    text = "\n".join("".join(cell["source"]) for cell in notebook["cells"])
    assert "ul.table(" in text and "umbrella-lab table" in text
    assert not re.findall(r"ul\.table\([^)]*seed", text)
    assert not re.findall(r"umbrella-lab table[^\n]*--seed", text)
