"""Predict, then reveal: nothing of the answer reaches the page before the learner commits."""

from __future__ import annotations

import json
import re

import altair as alt
import pandas as pd
import pytest

from umbrella_lab.widgets import Quiz, QuizError

SECRET = "the-secret-explanation"


def _state_text(quiz: Quiz) -> str:
    """What the browser is sent about the question: the synced state (less widget ids), JSON."""
    state = {key: value for key, value in quiz.get_state().items() if not key.startswith("_")}
    # a reference to another widget (its layout) is a random id that may hold any digits
    return re.sub(r"IPY_MODEL_[0-9a-f]+", "IPY_MODEL", json.dumps(state, default=str))


def _from_browser(quiz: Quiz, content: dict) -> None:
    quiz._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def _choice(**kwargs) -> Quiz:
    base = {
        "question": "Which total of two dice comes up most often?",
        "choices": [str(t) for t in range(2, 13)],
        "answer": "7",
        "explain": f"Six ways of 36 ({SECRET}).",
    }
    return Quiz.choice(**{**base, **kwargs})


def test_before_the_commitment_the_page_has_no_answer():
    quiz = _choice(evidence=pd.DataFrame({"total": [7], "ways": [6]}))
    sent = _state_text(quiz)
    assert SECRET not in sent and "ways" not in sent
    assert quiz.reveal == {} and quiz.guess is None
    assert "answer" not in quiz.keys and "explain" not in quiz.keys
    data, _ = quiz._repr_mimebundle_()
    assert SECRET not in json.dumps(data)  # the saved notebook's picture holds only the question
    assert "Which total" in data["text/html"] and "Run the notebook" in data["text/html"]


def test_a_commit_from_the_browser_reveals_answer_explanation_and_evidence():
    quiz = _choice(evidence=pd.DataFrame({"total": [7], "ways": [6]}))
    _from_browser(quiz, {"type": "commit", "value": "6"})
    assert quiz.guess == "6"
    assert quiz.reveal["correct"] is False
    assert quiz.reveal["verdict"] == "Not this time."
    assert quiz.reveal["answer"] == "7"
    assert SECRET in quiz.reveal["explain"]
    assert "<table" in quiz.reveal["evidence"] and "ways" in quiz.reveal["evidence"]


def test_the_answer_and_evidence_are_worked_out_only_at_the_commitment():
    calls = []

    def truth():
        calls.append("answer")
        return 7

    def chart(answer):
        calls.append(f"evidence for {answer}")
        ways = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
        frame = pd.DataFrame({"total": list(range(2, 13)), "ways": ways})
        return alt.Chart(frame).mark_bar().encode(x="total:O", y="ways:Q")

    quiz = Quiz.choice(
        "Most likely total?",
        [(str(t), t) for t in range(2, 13)],
        answer=truth,
        explain=lambda answer: f"{answer} has six ways.",
        evidence=chart,
    )
    assert calls == []
    reveal = quiz.commit(7)
    assert calls == ["answer", "evidence for 7"]
    assert reveal["correct"] is True and reveal["verdict"] == "Right."
    assert reveal["explain"] == "7 has six ways."
    assert reveal["evidence"].startswith('<div class="ulq-chart"><svg')


def test_a_number_question_in_percent():
    quiz = Quiz.number("What share do the heroes win?", answer=0.372, within=5, percent=True)
    assert quiz.scale == {"low": 0.0, "high": 100.0, "step": 1.0, "start": 50.0, "unit": "%"}
    assert "0.372" not in _state_text(quiz) and "37" not in _state_text(quiz)
    reveal = quiz.commit(40)
    assert reveal["correct"] is True
    assert reveal["answer"] == "37%"
    assert reveal["verdict"] == "Close enough: 3 points off (within 5)."
    quiz.reset()
    assert quiz.commit(60)["verdict"] == "Off by 23 points."
    quiz.reset()
    assert quiz.commit(37)["verdict"] == "Spot on."


def test_a_committed_answer_is_locked_until_reset():
    quiz = _choice()
    quiz.commit("7")
    with pytest.raises(QuizError, match="already answered"):
        quiz.commit("8")
    quiz.reset()
    assert quiz.reveal == {} and quiz.guess is None
    assert quiz.commit("8")["correct"] is False


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ({"type": "commit", "value": "13"}, "is not one of the choices"),
        ({"type": "commit", "value": None}, "is not one of the choices"),
    ],
)
def test_bad_answers_from_the_browser_become_a_problem_line(content, words):
    quiz = _choice()
    _from_browser(quiz, content)
    assert words in quiz.problem
    assert quiz.reveal == {} and quiz.guess is None


def test_a_number_out_of_range_is_refused():
    quiz = Quiz.number("How many?", answer=5, low=0, high=10)
    with pytest.raises(QuizError, match="from 0 to 10"):
        quiz.commit(11)
    with pytest.raises(QuizError, match="give a number"):
        quiz.commit("five")


def test_an_error_in_the_evidence_is_shown_not_raised():
    quiz = _choice(evidence=lambda answer: 1 / 0)
    _from_browser(quiz, {"type": "commit", "value": "7"})
    assert "ZeroDivisionError" in quiz.problem
    assert quiz.busy is False


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"choices": ["a"], "answer": "a"}, "at least 2 choices"),
        ({"choices": ["a", "a"], "answer": "a"}, "read the same"),
        ({"choices": ["a", "b"], "answer": "c"}, "not one of the choices"),
    ],
)
def test_a_badly_built_choice_question_says_what_is_wrong(kwargs, words):
    with pytest.raises(QuizError, match=words):
        Quiz.choice("Q?", **kwargs)


def test_a_badly_built_number_question_says_what_is_wrong():
    with pytest.raises(QuizError, match="low < high"):
        Quiz.number("Q?", answer=1, low=5, high=1)
    with pytest.raises(QuizError, match="needs a question"):
        Quiz.number(" ", answer=1)
    for digits in (-1, 7, 1.5, True, "1"):
        with pytest.raises(QuizError, match="digits must be a whole number from 0 to 6"):
            Quiz.number("Q?", answer=1, digits=digits)


def test_a_number_answer_is_shown_with_the_digits_asked():
    quiz = Quiz.number("Q?", answer=0.565, percent=True, within=5, digits=1)
    reveal = quiz.commit(60)
    assert (
        reveal["answer"] == "56.5%"
        and reveal["verdict"] == "Close enough: 3.5 points off (within 5)."
    )
    assert Quiz.number("Q?", answer=0.565, percent=True).commit(50)["answer"] == "56%"


def test_repr_names_the_question_not_the_answer():
    quiz = _choice()
    assert repr(quiz) == "Quiz('Which total of two dice comes up most often?', choose one of 11)"
    quiz.commit("7")
    assert repr(quiz).endswith("choose one of 11, answered)")
