"""Predict, then reveal: a small question for a class, answered before the answer is shown.

A learner commits an answer (a choice, or a number such as a win rate); only then does the
widget reveal the right answer, the evidence (a chart or a table, computed at that moment) and
a short explanation. Until the commitment nothing of the answer is in the page: the answer, the
explanation and the evidence stay in Python and are not synced to the browser.

>>> quiz = Quiz.choice(
...     "Which total of two dice comes up most often?",
...     [str(total) for total in range(2, 13)],
...     answer="7",
...     explain="Six of the 36 ways to roll two dice make 7; no other total has as many.",
... )
>>> quiz
Quiz('Which total of two dice comes up most often?', choose one of 11)
>>> "7" in str(quiz.get_state()["reveal"]), quiz.reveal
(False, {})
>>> quiz.commit("7")["verdict"]
'Right.'

``answer``, ``explain`` and ``evidence`` may be functions, called when the learner commits (the
evidence is then computed live, for example a simulation and its chart); ``explain`` and
``evidence`` receive the answer.
"""

from __future__ import annotations

import html
import inspect
import math
import traceback
from collections.abc import Callable, Sequence
from typing import Any

import anywidget
import traitlets

from umbrella_lab.widgets.views import STATIC, scripts

Evidence = Any
"""What a reveal can show: an altair chart, a pandas table, plain text, or a list of them."""

PICTURE_STYLE = (
    "font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1d232b;"
    "background:#ffffff;border:1px solid #dfe3e8;border-left:5px solid #2c6e76;"
    "border-radius:10px;padding:12px 14px;max-width:760px;line-height:1.4"
)


class QuizError(ValueError):
    """A quiz set up wrongly (no choices, an answer that is not a choice, a bad range)."""


class Quiz(anywidget.AnyWidget):
    """A question the learner answers before the answer is revealed.

    Build one with :meth:`choice` or :meth:`number`. In the browser the learner picks or sets
    an answer and presses *Commit*; the widget then shows whether it was right, the answer,
    the explanation and the evidence. From Python, :meth:`commit` does the same (for checks
    and tests), and :meth:`reset` asks the question again.

    Attributes:
        question: The question, in plain words.
        kind: ``"choice"`` or ``"number"``.
        choices: The choices' labels (choice questions).
        scale: The number input: ``low``, ``high``, ``step``, ``start`` and ``unit``.
        guess: The committed answer (a choice's label, or the number as entered), or ``None``.
        reveal: Empty until the commitment; then ``correct``, ``verdict``, ``answer``,
            ``explain`` and ``evidence`` (HTML).
    """

    _esm = scripts("keyboard.js", "quiz.js")
    _css = STATIC / "quiz.css"

    question = traitlets.Unicode("").tag(sync=True)
    kind = traitlets.Unicode("choice").tag(sync=True)
    choices = traitlets.List(traitlets.Unicode()).tag(sync=True)
    scale = traitlets.Dict().tag(sync=True)
    hint = traitlets.Unicode("").tag(sync=True)
    guess = traitlets.Any(None).tag(sync=True)
    busy = traitlets.Bool(False).tag(sync=True)
    reveal = traitlets.Dict().tag(sync=True)
    problem = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        question: str,
        *,
        answer: Any,
        choices: Sequence[Any] | None = None,
        explain: str | Callable[..., str] = "",
        evidence: Evidence | Callable[..., Evidence] = None,
        within: float = 0.0,
        low: float = 0.0,
        high: float = 100.0,
        step: float = 1.0,
        start: float | None = None,
        unit: str = "",
        percent: bool = False,
        hint: str = "",
        digits: int | None = None,
    ) -> None:
        if not isinstance(question, str) or not question.strip():
            raise QuizError("a quiz needs a question: give it as text")
        labels: list[str] = []
        values: list[Any] = []
        if choices is not None:
            for choice in choices:
                label, value = choice if isinstance(choice, tuple) else (str(choice), choice)
                labels.append(str(label))
                values.append(value)
            if len(labels) < 2:
                raise QuizError(f"a choice question needs at least 2 choices, not {len(labels)}")
            if len(set(labels)) != len(labels):
                raise QuizError(f"two choices read the same: {labels}")
            if not callable(answer) and answer not in values and answer not in labels:
                raise QuizError(f"the answer {answer!r} is not one of the choices {labels}")
            scale: dict[str, Any] = {}
        else:
            low, high = _finite(low, "low"), _finite(high, "high")
            if isinstance(answer, float) and not math.isfinite(answer):  # NaN: never right
                raise QuizError(f"the answer must be an ordinary (finite) number, not {answer!r}")
            if not low < high:
                raise QuizError(f"a number question needs low < high, not {low!r} and {high!r}")
            if _finite(step, "the step") <= 0:
                raise QuizError(f"the step must be a number above 0, not {step!r}")
            if _finite(within, "'within'") < 0:
                raise QuizError(f"'within' must be a number of at least 0, not {within!r}")
            if digits is not None and (
                isinstance(digits, bool) or not isinstance(digits, int) or not 0 <= digits <= 6
            ):
                raise QuizError(f"digits must be a whole number from 0 to 6, not {digits!r}")
            if start is not None and not low <= _finite(start, "start") <= high:
                raise QuizError(f"start must be a number from {low!r} to {high!r}, not {start!r}")
            middle = start if start is not None else low + round((high - low) / 2 / step) * step
            scale = {
                "low": low,
                "high": high,
                "step": step,
                "start": middle,
                "unit": "%" if percent and not unit else unit,
            }
        super().__init__(
            question=question.strip(),
            kind="choice" if choices is not None else "number",
            choices=labels,
            scale=scale,
            hint=hint,
        )
        self._values = values
        self._answer = answer
        self._explain = explain
        self._evidence = evidence
        self._within = float(within)
        self._percent = percent
        self._digits = digits
        self.on_msg(self._on_frontend_msg)

    # --- building ---------------------------------------------------------------------------
    @classmethod
    def choice(
        cls,
        question: str,
        choices: Sequence[Any],
        answer: Any,
        *,
        explain: str | Callable[..., str] = "",
        evidence: Evidence | Callable[..., Evidence] = None,
        hint: str = "",
    ) -> Quiz:
        """A question with a few choices; one of them is right.

        Args:
            question: The question.
            choices: The choices: labels, or ``(label, value)`` pairs.
            answer: The right choice (its label or value), or a function that works it out
                when the learner commits.
            explain: Why, in a sentence or two; or a function of the answer.
            evidence: What shows it (a chart, a table, text, or a list of them); or a function
                of the answer that computes it.
            hint: A line under the question (what to think about), shown from the start.
        """
        return cls(
            question, answer=answer, choices=choices, explain=explain, evidence=evidence, hint=hint
        )

    @classmethod
    def number(
        cls,
        question: str,
        answer: float | Callable[[], float],
        *,
        within: float = 0.0,
        low: float = 0.0,
        high: float = 100.0,
        step: float = 1.0,
        start: float | None = None,
        unit: str = "",
        percent: bool = False,
        explain: str | Callable[..., str] = "",
        evidence: Evidence | Callable[..., Evidence] = None,
        hint: str = "",
        digits: int | None = None,
    ) -> Quiz:
        """A question whose answer is a number, such as a win rate.

        Args:
            question: The question.
            answer: The number, or a function that works it out when the learner commits. With
                ``percent``, a fraction (0.37), which the learner gives in percent (37).
            within: How close counts as right, in the learner's units (5: within 5 points).
            low: Smallest answer the slider offers.
            high: Largest answer the slider offers.
            step: The slider's step.
            start: Where the slider's handle rests before the learner chooses (default: the
                middle). It is no answer: Commit waits until the learner moves it or types.
            unit: Written after the number ("%", "points", "games").
            percent: The learner answers in percent; the answer is a fraction.
            explain: See :meth:`choice`.
            evidence: See :meth:`choice`.
            hint: See :meth:`choice`.
            digits: Decimals the answer and the distance from it are shown with (default:
                the step's, 0 for a step of 1). Give the explanation's own rounding, so that
                the answer reads the same everywhere it is given (56.5%, not 56% beside 56.5%).
        """
        return cls(
            question,
            answer=answer,
            within=within,
            low=low,
            high=high,
            step=step,
            start=start,
            unit=unit,
            percent=percent,
            explain=explain,
            evidence=evidence,
            hint=hint,
            digits=digits,
        )

    def __repr__(self) -> str:
        how = f"choose one of {len(self.choices)}" if self.kind == "choice" else "a number"
        state = "" if not self.reveal else ", answered"
        return f"Quiz({self.question!r}, {how}{state})"

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict, dict] | None:
        """The live widget, plus a static picture of the question (never of the answer)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        return {**data, "text/html": self.picture()}, metadata

    def picture(self) -> str:
        """The question as static HTML, for places where widgets do not run."""
        if self.kind == "choice":
            offer = " · ".join(html.escape(label) for label in self.choices)
        else:
            unit = self.scale.get("unit", "")
            offer = (
                f"a number from {_num(self.scale['low'])}{unit} to {_num(self.scale['high'])}{unit}"
            )
        hint = f'<div style="color:#5f6975">{html.escape(self.hint)}</div>' if self.hint else ""
        return (
            f'<div class="ulq-picture" style="{PICTURE_STYLE}">'
            '<div style="font-size:13px;color:#2c6e76;font-weight:600">PREDICT, THEN REVEAL</div>'
            f'<div style="font-size:17px;font-weight:600;margin:2px 0 4px">'
            f"{html.escape(self.question)}</div>{hint}"
            f'<div style="margin-top:6px">Your answer: {offer}</div>'
            '<div style="margin-top:8px;color:#5f6975;font-size:13px">Run the notebook to '
            "answer: the answer is revealed once you commit.</div></div>"
        )

    # --- answering --------------------------------------------------------------------------
    def _truth(self) -> Any:
        """The answer, worked out now (a quiz holds it, or a function that finds it)."""
        return self._answer() if callable(self._answer) else self._answer

    def commit(self, value: Any) -> dict[str, Any]:
        """Commit an answer (a choice's label or value, or a number) and reveal.

        Returns:
            What the reveal shows: ``correct``, ``verdict``, ``answer``, ``explain`` and
            ``evidence`` (HTML).

        Raises:
            QuizError: if the question was already answered, or the answer is not one of the
                choices or not a number in range.
        """
        if self.reveal:
            raise QuizError("this question is already answered: reset() asks it again")
        guess = self._read_guess(value)
        self.problem = ""
        self.guess = guess
        self.busy = True
        try:
            truth = self._truth()
            correct, verdict, answer_text = self._judge(guess, truth)
            explain = _call_with(self._explain, truth)
            evidence = _evidence_html(_call_with(self._evidence, truth))
        finally:
            self.busy = False
        self.reveal = {
            "correct": correct,
            "verdict": verdict,
            "answer": answer_text,
            "explain": str(explain or ""),
            "evidence": evidence,
        }
        return self.reveal

    def reset(self) -> None:
        """Ask the question again: forget the committed answer and hide the reveal."""
        self.guess = None
        self.reveal = {}
        self.problem = ""

    def _read_guess(self, value: Any) -> Any:
        if self.kind == "choice":
            if isinstance(value, str) and value in self.choices:
                return value
            for label, known in zip(self.choices, self._values, strict=True):
                if _same(known, value):
                    return label
            raise QuizError(f"{value!r} is not one of the choices: {', '.join(self.choices)}")
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise QuizError(f"give a number, not {_short(value)}")
        value = _finite(value, "the answer")
        low, high = self.scale["low"], self.scale["high"]
        if not low <= value <= high:
            raise QuizError(f"give a number from {_num(low)} to {_num(high)}, not {_num(value)}")
        return value

    def _judge(self, guess: Any, truth: Any) -> tuple[bool, str, str]:
        if self.kind == "choice":
            right = next(
                (
                    label
                    for label, known in zip(self.choices, self._values, strict=True)
                    if _same(known, truth) or label == truth
                ),
                None,
            )
            if right is None:
                msg = f"the answer worked out, {truth!r}, is not one of the choices"
                raise QuizError(msg)
            correct = guess == right
            return correct, "Right." if correct else "Not this time.", right
        unit = self.scale.get("unit", "")
        shown = float(truth) * 100 if self._percent else float(truth)
        off = abs(float(guess) - shown)
        digits = _digits(self.scale["step"]) if self._digits is None else self._digits
        correct = off <= self._within + 1e-9
        gap = " points" if self._percent else _space(unit)
        if off < 10 ** (-digits) / 2:
            verdict = "Spot on."
        elif correct:
            verdict = f"Close enough: {off:.{digits}f}{gap} off (within {_num(self._within)})."
        else:
            verdict = f"Off by {off:.{digits}f}{gap}."
        return correct, verdict, f"{shown:.{digits}f}{unit}"

    def _on_frontend_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        """The learner's commitment from the browser; a problem is shown, never raised."""
        if not isinstance(content, dict) or content.get("type") != "commit":
            return
        try:
            self.commit(content.get("value"))
        except QuizError as error:
            self.problem = str(error)
        except Exception as error:  # a bug in the evidence: show it rather than fail silently
            self.log.error("quiz: %s", traceback.format_exc())
            self.busy = False
            self.problem = f"Something went wrong: {type(error).__name__}: {error}"


# --- helpers -----------------------------------------------------------------------------------


def _call_with(thing: Any, truth: Any) -> Any:
    """``thing(truth)`` (or ``thing()``) for a function, else the thing itself."""
    if not callable(thing) or _is_chart(thing):
        return thing
    try:
        takes = len(
            [
                p
                for p in inspect.signature(thing).parameters.values()
                if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
            ]
        )
    except (TypeError, ValueError):
        takes = 1
    return thing(truth) if takes else thing()


def _is_chart(thing: Any) -> bool:
    return hasattr(thing, "to_dict") and hasattr(thing, "save")


def _evidence_html(evidence: Any) -> str:
    """Evidence as HTML: charts as SVG, tables as HTML tables, text escaped."""
    if evidence is None:
        return ""
    if isinstance(evidence, list | tuple):
        return "".join(_evidence_html(item) for item in evidence)
    if _is_chart(evidence):
        from umbrella_lab.charts import to_svg

        return f'<div class="ulq-chart">{to_svg(evidence)}</div>'
    if hasattr(evidence, "to_html") and hasattr(evidence, "columns"):
        table = evidence.to_html(index=False, border=0, classes="ulq-table", escape=True)
        return f'<div class="ulq-table-wrap">{table}</div>'
    return f'<p class="ulq-text">{html.escape(str(evidence))}</p>'


def _same(a: Any, b: Any) -> bool:
    try:
        return bool(a == b)
    except (TypeError, ValueError):
        return False


def _digits(step: float) -> int:
    """Decimal places a step needs: 1 -> 0, 0.5 -> 1, 0.01 -> 2."""
    text = f"{step:.10f}".rstrip("0")
    return len(text.split(".")[1]) if "." in text else 0


def _finite(value: Any, what: str) -> float | int:
    """``value`` if it is an ordinary number, else a :class:`QuizError` naming ``what``.

    Not a bool, not NaN or infinite, and not so large that it has no float.
    """
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise QuizError(f"{what} must be a number, not {_short(value)}")
    try:
        finite = math.isfinite(float(value))
    except OverflowError:
        finite = False
    if not finite:
        raise QuizError(f"{what} must be an ordinary (finite) number, not {_short(value)}")
    return value


def _short(value: Any) -> str:
    """A value for a message, even a number too long for Python to write out."""
    if isinstance(value, int) and value.bit_length() > 200:
        return f"a number of about {int(value.bit_length() * 0.30103) + 1:,} digits"
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _num(value: float) -> str:
    return f"{value:g}"


def _space(unit: str) -> str:
    """A unit after a number: "%" sticks to it, words get a space ("5 points")."""
    if not unit:
        return ""
    return unit if unit == "%" else f" {unit}"
