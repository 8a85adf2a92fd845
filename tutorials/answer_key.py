"""The answer key of the workshops: every "predict, then reveal" question with its answer.

The workshop notebooks show only the questions (``answer_key.most_likely_total()``); the
answers, the explanations and the evidence are worked out here, when a learner commits. A
teacher may read this file; a learner who opens it has peeked at the teacher's book.

Each function returns a :class:`~umbrella_lab.widgets.Quiz`.
"""

from __future__ import annotations

import functools
import html
import json
import math
import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import altair as alt
import numpy as np
import pandas as pd

import umbrella_lab as ul
from umbrella_lab import charts, sim
from umbrella_lab.engine.data import tomllib
from umbrella_lab.engine.errors import UmbrellaLabError
from umbrella_lab.games.corporation import odds
from umbrella_lab.widgets import Quiz
from umbrella_lab.widgets.dashboard import data_changes

PERCENT = alt.Axis(format="%")


# --- fair checks: what every exercise check shares ------------------------------------------
#
# A check reads the learner's answer the way a teacher would (case and spacing do not matter,
# equivalent forms count the same), accepts every answer as good as the one it has in mind (a
# tie, anything inside the range the evidence allows), explains a wrong answer by the evidence,
# and answers what it cannot read with one friendly line, never a traceback. Its first mark
# says which: "✓" right, "~" not clear either way, "✗" not yet, "?" could not read the answer.

RIGHT, UNCLEAR, WRONG, UNREADABLE = "✓", "~", "✗", "?"
"""The marks a check's answer starts with."""


class Unreadable(ValueError):
    """An answer a check cannot read; its message is the one line the learner sees."""


VERDICT_STYLE = (
    "white-space:normal;word-break:normal;overflow-wrap:break-word;"
    "font-size:1.05em;line-height:1.45;max-width:48em;margin:0.2em 0"
)
"""How a verdict is laid out: lines wrap between words, never inside one."""


class Verdict(str):
    """A check's answer: text that a notebook shows as a paragraph wrapping between words.

    Printed, a long line is left to the page, and JupyterLab's printed output may break it in
    the middle of a word when projected ("it s", "4 9.8%"). Shown as a cell's result, the
    verdict is HTML that wraps at spaces, with its plain text for places without HTML. It is
    a ``str``, so it reads, compares and prints as the text it holds.
    """

    def _repr_html_(self) -> str:
        lines = []
        for line in self.splitlines() or [""]:
            indent = len(line) - len(line.lstrip(" "))
            pad = f"padding-left:{indent * 0.5:g}em;" if indent else ""
            lines.append(f'<div style="{pad}margin:0">{html.escape(line.strip())}</div>')
        return f'<div class="ul-verdict" style="{VERDICT_STYLE}">{"".join(lines)}</div>'

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def __repr__(self) -> str:
        return str(self)


def fair_check(check: Callable[..., str]) -> Callable[..., Verdict]:
    """Wrap an exercise check so that nothing the learner writes gives a traceback.

    An :class:`Unreadable` answer, or any error while the check runs with it, becomes one line
    starting with "?" that says what to change. The answer is a :class:`Verdict`: the last
    line of a cell shows it wrapping between words.
    """

    @functools.wraps(check)
    def safely(*args: Any, **kwargs: Any) -> Verdict:
        try:
            return Verdict(check(*args, **kwargs))
        except Unreadable as problem:
            return Verdict(f"{UNREADABLE} {problem}")
        except UmbrellaLabError as error:  # the kit's own errors say what is wrong and why
            return Verdict(f"{UNREADABLE} {_first_line(error)}")
        except Exception as error:  # the learner's code (a player, a folder) went wrong
            first = _first_line(error)
            said = f"{type(error).__name__}: {first}" if first else type(error).__name__
            return Verdict(
                f"{UNREADABLE} The check could not use your answer ({said}). Fix it, then run "
                "the check again."
            )

    return safely


def _first_line(error: Exception) -> str:
    """An error's message on one line, short enough to read."""
    text = " ".join(str(error).split())
    return text if len(text) <= 300 else text[:297] + "..."


def words(text: Any) -> str:
    """An answer's words as a teacher reads them: lower case, single spaces, no quotes."""
    return " ".join(str(text).replace("_", " ").replace("-", " ").strip(" \"'.").lower().split())


def read_choice(value: Any, choices: dict[str, Any], what: str) -> Any:
    """The choice ``value`` names, whatever its case and spacing (keys are the accepted words)."""
    said = words(value)
    for key, meant in choices.items():
        if said == words(key):
            return meant
    offer = " or ".join(repr(key) for key in choices)
    raise Unreadable(f"{what}: {value!r} is not one I know; write {offer}.")


def read_whole(value: Any, what: str) -> int:
    """A whole number from a number or its text ("8", " 8 ", 8.0); else :class:`Unreadable`."""
    if isinstance(value, bool):
        raise Unreadable(f"{what} must be a whole number, not {value!r}.")
    if isinstance(value, str):
        value = value.strip()
        try:
            value = float(value)
        except ValueError:
            raise Unreadable(f"{what} must be a whole number, not {value!r}.") from None
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise Unreadable(f"{what} must be a whole number, not {value!r}.") from None
    if not number.is_integer():
        raise Unreadable(f"{what} must be a whole number, not {value!r}.")
    return int(number)


def read_pair(value: Any, what: str) -> tuple[int, int]:
    """Two whole numbers from ``(8, 4)``, ``[8, 4]`` or the text ``"8, 4"`` / ``"(8 4)"``."""
    if isinstance(value, str):
        parts = [part for part in re.split(r"[\s,;()\[\]]+", value) if part]
    elif isinstance(value, tuple | list):
        parts = list(value)
    else:
        raise Unreadable(f"{what}: write two numbers in brackets, such as (8, 4), not {value!r}.")
    if len(parts) != 2:
        raise Unreadable(f"{what}: write two numbers in brackets, such as (8, 4), not {value!r}.")
    return read_whole(parts[0], what), read_whole(parts[1], what)


def _folder(value: Any, what: str) -> Path:
    """A folder named by text or a path, or :class:`Unreadable` saying what is wrong."""
    if not isinstance(value, str | Path) or not str(value).strip():
        raise Unreadable(f"{what}: name a folder, such as Path('my_work') / 'mine', not {value!r}.")
    folder = Path(str(value).strip())
    if not folder.is_dir():
        raise Unreadable(
            f"{what}: there is no folder {folder}: copy the packaged files there first."
        )
    return folder


def _packaged(game: str) -> Path:
    """The folder of a game's packaged data files."""
    loaded = ul.load(game)
    if loaded.info.data is None:
        raise Unreadable(f"{game} reads no data files")
    return Path(str(loaded.info.data(loaded)[0])).parent


class RangeQuiz(Quiz):
    """A number quiz that counts as right every answer inside the evidence's 95% range.

    A figure measured on a hundred games is known only to within its range: an answer inside
    it is as good as the estimate, so a fixed tolerance (``within``) narrower than the range
    would fail answers the evidence cannot tell from the truth. ``bounds`` works out the range
    (as fractions with ``percent``) when the learner commits; ``within`` still counts too.
    The answer is shown to one decimal, as its range and the explanations give it (56.5%, never
    56% beside 56.5%).
    """

    def __init__(self, question: str, *, bounds: Callable[[], tuple[float, float]], **kwargs: Any):
        kwargs.setdefault("digits", 1)
        super().__init__(question, **kwargs)
        self._bounds = bounds

    def _judge(self, guess: Any, truth: Any) -> tuple[bool, str, str]:
        correct, verdict, shown = super()._judge(guess, truth)
        scale = 100 if self._percent else 1
        low, high = (float(end) * scale for end in self._bounds())
        unit = self.scale.get("unit", "")
        where = f"the 95% range is {low:.1f}{unit} to {high:.1f}{unit}"
        if correct:
            return correct, verdict, shown
        if low - 1e-9 <= float(guess) <= high + 1e-9:
            return True, f"Inside the evidence: {where}, so your answer is as good.", shown
        return False, f"{verdict} Outside the evidence: {where}.", shown


# --- 01: the balance workshop ---------------------------------------------------------------


def games_for_a_margin(margin: float = 0.01) -> Quiz:
    """How many games give a win rate a 95% range of plus or minus ``margin``?"""
    choices = [
        ("about 100 games", 100),
        ("about 1,000 games", 1_000),
        ("about 10,000 games", 10_000),
        ("about 100,000 games", 100_000),
    ]

    def answer() -> int:
        needed = sim.sample_size(margin)
        return min((value for _, value in choices), key=lambda value: abs(value - needed))

    def explain(about: int) -> str:
        return (
            f"{sim.sample_size(margin):,} games for ±{margin * 100:g} "
            f"point{'' if margin == 0.01 else 's'}. The range "
            "shrinks like 1 / √games: ±5 points needs 385 games, ±2 points 2,401, ±1 point "
            "9,604. Halving the range takes four times the games; the 2,000 games above give "
            "about ±2 points."
        )

    def evidence(about: int) -> pd.DataFrame:
        margins = (0.05, 0.02, 0.01, 0.005)
        return pd.DataFrame(
            {
                "plus or minus (points)": [m * 100 for m in margins],
                "games needed": [sim.sample_size(m) for m in margins],
            }
        )

    return Quiz.choice(
        f"How many games would we need for a 95% range of plus or minus {margin * 100:g} "
        "percentage point?",
        choices,
        answer=answer,
        explain=explain,
        evidence=evidence,
        hint="The range above, from 2,000 games, is about ±2 points.",
    )


def does_the_rule_matter(
    base: pd.DataFrame, variant: Callable[[], pd.DataFrame], change: str, why: str = ""
) -> Quiz:
    """Does a house rule change the team's win rate by more than its 95% range allows?"""

    def answer() -> str:
        found = sim.compare(variant(), base)
        return "yes" if found.low > 0 or found.high < 0 else "no"

    def explain(truth: str) -> str:
        found = sim.compare(variant(), base)
        said = (
            f"On the same {found.games:,} deals, {change} won {found.a:.1%} and the rulebook "
            f"{found.b:.1%}: {found.difference * 100:+.1f} points (95% range "
            f"{found.low * 100:+.1f} to {found.high * 100:+.1f}); {found.only_a} deals were won "
            f"only with it, {found.only_b} only without it. "
        )
        verdict = (
            "The range leaves out 0: a real change, not luck."
            if truth == "yes"
            else "The range holds 0: no clear change."
        )
        return said + verdict + (f" {why}" if why else "")

    return Quiz.choice(
        f"Predict first: does {change} change this team's win rate by more than its 95% "
        "range allows?",
        [
            ("yes, a clear change: the range of the difference leaves out 0", "yes"),
            ("no clear change: the range of the difference holds 0", "no"),
        ],
        answer=answer,
        explain=explain,
        evidence=lambda truth: charts.comparison_chart(
            variant(), base, labels=(change, "rulebook"), title=f"{change} or the rulebook"
        ),
    )


def heal_with_any_card(base: pd.DataFrame, variant: Callable[[], pd.DataFrame]) -> Quiz:
    """Workshop 01's exercise 2: does healing with any card change the win rate?"""
    return does_the_rule_matter(
        base,
        variant,
        "healing with any card",
        why=(
            "Why: this simulated team never heals when it can attack or block, so a rule that "
            "only widens *when* healing is allowed never changes its play. A rule change "
            "matters only through the decisions it changes: a good question to ask of every "
            "house rule."
        ),
    )


@fair_check
def check_closest(answer: Any, dials: pd.DataFrame, *, target: float = 0.5) -> str:
    """Exercise 1's check: is (strength, hand size) a setting closest to ``target``?

    Every setting exactly as close as the closest is right (a tie), and so is every setting
    whose 95% range holds the target: 400 games a cell cannot tell it from the closest.
    """
    table = sim.win_rate(dials, by=["strength", "hand_size"])
    strength, hand = read_pair(answer, "your answer (strength, hand size)")
    cells = {(int(row.strength), int(row.hand_size)): row for row in table.itertuples()}
    if (strength, hand) not in cells:
        strengths = sorted({s for s, _ in cells})
        hands = sorted({h for _, h in cells})
        raise Unreadable(
            f"({strength}, {hand}) is not a setting of the sweep: strength is one of "
            f"{strengths[0]} to {strengths[-1]}, hand size one of {hands[0]} to {hands[-1]}; "
            "write (strength, hand size)."
        )

    def distance(row: Any) -> Fraction:  # exact: a tie must not lose to a rounding
        return abs(Fraction(int(row.wins), int(row.games)) - Fraction(target).limit_denominator())

    best = min(distance(row) for row in cells.values())
    row = cells[(strength, hand)]
    said = (
        f"({strength}, {hand}) wins {row.win_rate:.0%} of {int(row.games)} games (95% range "
        f"{row.low:.0%} to {row.high:.0%})"
    )
    if distance(row) == best:
        others = [f"({s}, {h})" for (s, h), r in cells.items() if distance(r) == best]
        others.remove(f"({strength}, {hand})")
        tie = f"; {' and '.join(others)} is just as close" if others else ""
        return f"{RIGHT} {said}: no setting is closer to {target:.0%}{tie}."
    if row.low <= target <= row.high:
        return (
            f"{RIGHT} {said}: its range holds {target:.0%}, so these games cannot tell it from "
            "the closest setting. As good an answer as the evidence allows."
        )
    if row.high < target:
        why = "the whole range is below 50%: this villain is too strong for this hand"
        way = "a weaker villain or a bigger hand"
    else:
        why = "the whole range is above 50%: this villain is too weak for this hand"
        way = "a stronger villain or a smaller hand"
    return f"{WRONG} {said}: {why.replace('50%', f'{target:.0%}')}. Try {way}."


@fair_check
def check_house_rule(
    game: Any, rule: Any, base: pd.DataFrame, *, seed: int, policy: str = "heuristic"
) -> str:
    """The house-rule exercise's check: play ``rule`` on ``base``'s deals and say it honestly.

    ``rule`` is ``{option: value}``; names and words are read without regard to case and
    spacing. A rule that changes nothing (empty, or the rulebook's own setting) is not done yet.
    """
    example = "{'block_damage': 'blocker'}"
    if rule is None or (isinstance(rule, dict) and not rule):
        return f"{WRONG} No rule yet: write an option and its new value, such as {example}."
    if not isinstance(rule, dict):
        raise Unreadable(f"write your rule as {{option: value}}, such as {example}, not {rule!r}.")
    options = {words(option.name): option for option in game.info.options}
    chosen: dict[str, Any] = {}
    for name, value in rule.items():
        option = options.get(words(name))
        if option is None:
            raise Unreadable(
                f"{name!r} is not an option of this game: pick one from the list above, such "
                "as 'block_damage'."
            )
        if option.choices is not None:
            value = read_choice(value, {str(c): c for c in option.choices}, option.name)
        chosen[option.name] = value
    changed = {name: value for name, value in chosen.items() if value != game.options.get(name)}
    described = ", ".join(f"{name}={value!r}" for name, value in chosen.items())
    if not changed:
        return f"{WRONG} {described} is the rulebook's setting: nothing changes. Pick another."
    variant = game.with_options(**changed)
    played = sim.simulate(variant, policy=policy, n=len(base), seed=seed, progress=False)
    found = sim.compare(played, base)
    clear = (
        "the range leaves out 0: a real change"
        if found.low > 0 or found.high < 0
        else "the range holds 0: no clear change"
    )
    return (
        f"{RIGHT} On the same {found.games:,} deals, {described} changed the team's win rate "
        f"from {found.b:.1%} to {found.a:.1%}: {found.difference * 100:+.1f} points (95% range "
        f"{found.low * 100:+.1f} to {found.high * 100:+.1f}); {clear}. Now say it in one sentence."
    )


# --- 02: probability with dice ------------------------------------------------------------------


def dice_table() -> pd.DataFrame:
    """The 11 totals of two dice with their exact odds (ways out of 36)."""
    return pd.DataFrame(
        {
            "total": list(odds.TWO_DICE),
            "ways": [int(p * 36) for p in odds.TWO_DICE.values()],
            "chance": [float(p) for p in odds.TWO_DICE.values()],
        }
    )


def dice_chart() -> alt.Chart:
    """Bars of the exact odds of each total of two dice."""
    return (
        alt.Chart(dice_table())
        .mark_bar()
        .encode(
            x=alt.X("total:O", title="Total of two dice", axis=alt.Axis(labelAngle=0)),
            y=alt.Y("chance:Q", title="Chance", axis=PERCENT),
            tooltip=["total:O", "ways:Q", alt.Tooltip("chance:Q", format=".1%")],
        )
        .properties(width=420, height=220, title="Two dice: the exact odds of each total")
    )


def most_likely_total() -> Quiz:
    """Which total of two dice comes up most often?"""

    def answer() -> int:
        return max(odds.TWO_DICE, key=odds.TWO_DICE.get)

    def explain(total: int) -> str:
        ways = int(odds.TWO_DICE[total] * 36)
        return (
            f"{total}: {ways} of the 36 ways two dice can fall add up to {total} "
            f"(1+6, 2+5, 3+4 and back again), more than any other total. 2 and 12 have "
            "one way each."
        )

    return Quiz.choice(
        "Roll two dice and add them. Which total comes up most often?",
        [(str(total), total) for total in odds.TWO_DICE],
        answer=answer,
        explain=explain,
        evidence=lambda total: dice_chart(),
        hint="Think of the ways each total can be made.",
    )


def halving_the_interval(widths: pd.DataFrame) -> Quiz:
    """How many more rolls make the interval half as wide?"""

    def answer() -> int:
        # the width shrinks as 1 / sqrt(rolls): half the width needs (1 / 0.5)**2 = 4 times
        return round((1 / 0.5) ** 2)

    def explain(times: int) -> str:
        first, last = widths.iloc[0], widths.iloc[-1]
        return (
            f"{times} times as many. The 95% range shrinks like 1 / √rolls: from "
            f"{int(first['rolls']):,} to {int(last['rolls']):,} rolls it went from "
            f"±{first['half_width']:.1%} to ±{last['half_width']:.1%}. Each step of 4 times "
            "the rolls halves it; ten times the rolls only makes it about a third as wide."
        )

    return Quiz.choice(
        "Our estimate of the chance of a 7 has a 95% range. How many times as many rolls "
        "make that range half as wide?",
        [
            ("2 times as many", 2),
            ("4 times as many", 4),
            ("10 times as many", 10),
            ("100 times as many", 100),
        ],
        answer=answer,
        explain=explain,
        evidence=lambda times: widths.round(4),
    )


def edge_table(low: int = -8, high: int = 8) -> pd.DataFrame:
    """The attacker's exact chance to win by force edge (attack minus defence)."""
    rows = []
    for edge in range(low, high + 1):
        chance = odds.win_probability(edge, 0)
        gain = odds.win_probability(edge + 1, 0) - chance
        rows.append(
            {"edge": edge, "chance": float(chance), "plus_one": float(gain), "exact": str(chance)}
        )
    return pd.DataFrame(rows)


def combat_chance(attack: int = 10, defence: int = 11) -> Quiz:
    """How likely does force 10 + 2D6 beat force 11 + 2D6 (ties to the attacker)?"""

    def answer() -> float:
        return float(odds.win_probability(attack, defence))

    def explain(chance: float) -> str:
        exact = odds.win_probability(attack, defence)
        need = defence - attack  # what the attacker's dice must make up
        when = (
            f"whenever its dice beat the defender's by {need} or more"
            if need > 0
            else "whenever its dice equal or beat the defender's"
            if need == 0
            else f"unless its dice fall {1 - need} or more below the defender's"
        )
        average = "says 'lose'" if need > 0 else "says 'win'" if need < 0 else "is a tie"
        return (
            f"{exact} = {chance:.1%}. On average the attacker totals {attack} + 7 = "
            f"{attack + 7} and the defender {defence + 7}: the average {average}, but dice "
            f"spread: the attacker wins {when} (ties go to the attacker)."
        )

    def evidence(chance: float) -> alt.Chart:
        table = edge_table()
        table["this"] = table["edge"] == attack - defence
        return (
            alt.Chart(table)
            .mark_bar()
            .encode(
                x=alt.X("edge:O", title="Attack force minus defence force"),
                y=alt.Y("chance:Q", title="Attacker wins", axis=PERCENT),
                color=alt.condition(
                    alt.datum.this, alt.value(charts.PALETTE[1]), alt.value(charts.PALETTE[0])
                ),
                tooltip=["edge:O", alt.Tooltip("chance:Q", format=".1%"), "exact:N"],
            )
            .properties(width=440, height=220, title="Force + 2D6 against force + 2D6")
        )

    return Quiz.number(
        f"The Heroes attack with force {attack}, Umbrella defends with {defence}; each adds "
        "2D6 and ties go to the attacker. What is the Heroes' chance to win, in percent?",
        answer,
        within=5,
        percent=True,
        explain=explain,
        evidence=evidence,
    )


def where_a_bonus_helps() -> Quiz:
    """Where does a +1 bonus move the odds most?"""
    choices = [
        ("far behind (edge -6)", -6),
        ("a little behind (edge -1)", -1),
        ("far ahead (edge +6)", 6),
    ]

    def answer() -> int:
        table = edge_table().set_index("edge")
        return max((edge for _, edge in choices), key=lambda edge: table.loc[edge, "plus_one"])

    def explain(edge: int) -> str:
        table = edge_table().set_index("edge")
        said = ", ".join(
            f"edge {e:+d}: {table.loc[e, 'plus_one'] * 100:+.1f} points" for _, e in choices
        )
        return (
            f"Close fights: {said}. A bonus moves the odds most where the totals of the two "
            "sides are most likely to meet, in the middle of the bell; far from it, one point "
            "hardly changes anything."
        )

    def evidence(edge: int) -> alt.Chart:
        return (
            alt.Chart(edge_table())
            .mark_bar(color=charts.PALETTE[2])
            .encode(
                x=alt.X("edge:O", title="Force edge before the bonus"),
                y=alt.Y("plus_one:Q", title="Gain from +1", axis=PERCENT),
                tooltip=["edge:O", alt.Tooltip("plus_one:Q", format="+.1%")],
            )
            .properties(width=440, height=200, title="What a +1 bonus adds to the chance to win")
        )

    return Quiz.choice(
        "A card gives +1 force. When does that +1 raise the chance to win the most?",
        choices,
        answer=answer,
        explain=explain,
        evidence=evidence,
    )


def roll_gain(turn_total: int, faces: tuple[int, ...] = (2, 3, 4, 5, 6), pigs: int = 1) -> Fraction:
    """Expected change of the turn total from one more roll of Pig's die."""
    sides = len(faces) + pigs
    return Fraction(sum(faces), sides) - Fraction(pigs * turn_total, sides)


def pig_gain_chart(highlight: int | None = None) -> alt.Chart:
    """The expected gain of one more roll, by turn total."""
    table = pd.DataFrame(
        {"turn_total": range(0, 41), "gain": [float(roll_gain(t)) for t in range(0, 41)]}
    )
    table["this"] = table["turn_total"] == highlight
    return (
        alt.Chart(table)
        .mark_bar()
        .encode(
            x=alt.X("turn_total:Q", title="Turn total so far"),
            y=alt.Y("gain:Q", title="Expected points from one more roll"),
            color=alt.condition(
                alt.datum.this, alt.value(charts.PALETTE[1]), alt.value(charts.PALETTE[0])
            ),
            tooltip=["turn_total:Q", alt.Tooltip("gain:Q", format="+.2f")],
        )
        .properties(width=440, height=220, title="Pig: is one more roll worth it?")
    )


def roll_or_hold(turn_total: int = 15) -> Quiz:
    """At this turn total, does one more roll pay on average?"""

    def answer() -> str:
        gain = roll_gain(turn_total)
        return "roll" if gain > 0 else "hold" if gain < 0 else "same"

    def explain(choice: str) -> str:
        gain = roll_gain(turn_total)
        return (
            f"One more roll: 5 chances in 6 of 4 points on average, 1 in 6 of losing all "
            f"{turn_total}. On average that is (20 - {turn_total}) / 6 = {float(gain):+.2f} "
            "points: it pays while the turn total is under 20, and not above."
        )

    return Quiz.choice(
        f"Pig: your turn total is {turn_total} and the die is yours. On average, does one "
        "more roll add points?",
        [
            ("roll again: it adds points on average", "roll"),
            ("hold: it loses on average", "hold"),
            ("it makes no difference", "same"),
        ],
        answer=answer,
        explain=explain,
        evidence=lambda choice: pig_gain_chart(turn_total),
    )


@fair_check
def check_hold_point(answer: Any, die: Any) -> str:
    """Workshop 02's exercise: from which turn total does one more roll stop paying, with your die?

    One more roll pays while the turn total is under (the faces' points) / (the pigs); at that
    total exactly it adds nothing and costs nothing, so the total and the one after it are both
    right (a tie).
    """
    folder = _folder(die, "your die")
    ul.load("pig", data=folder)  # a typo in the die is named, line and field
    mine = data_changes(_packaged("pig"), folder)
    if not mine:
        return (
            f"{WRONG} {folder} still holds the packaged die: make the 2 a second pig "
            "(pig = true) in its die.toml, then run the check again."
        )
    faces = tomllib.loads((folder / "die.toml").read_text(encoding="utf-8"))["face"]
    points = tuple(int(face["value"]) for face in faces if not face["pig"])
    pigs = sum(1 for face in faces if face["pig"])
    total = read_whole(answer, "your answer (a turn total)")
    if pigs == 0:
        return f"{RIGHT} a die without a pig never loses: one more roll always pays."
    stop = Fraction(sum(points), pigs)  # the gain (points - pigs * total) / sides is 0 here
    first = math.ceil(stop)
    right = {first, first + 1} if stop == first else {first}
    gain = roll_gain(total, faces=points, pigs=pigs)
    said = (
        f"with this die ({len(faces)} faces, {pigs} pig{'s' * (pigs > 1)}), one more roll at "
        f"a turn total of {total} adds {float(gain):+.2f} points on average"
    )
    if total in right:
        tie = (
            " (at exactly that total, rolling and holding are worth the same)"
            if stop == first
            else ""
        )
        return f"{RIGHT} {said}: from {first} on, holding pays{tie}."
    way = "it still pays: hold later" if gain > 0 else "it stopped paying earlier: hold sooner"
    return f"{WRONG} {said}: {way}."


@fair_check
def check_variant(folder: Any, base: pd.DataFrame, *, seed: int, players: int = 3) -> str:
    """Workshop 04's own house rule: what the copy changes, played on ``base``'s deals."""
    folder = _folder(folder, "your copy")
    changed = data_changes(_packaged("academy"), folder)
    if not changed:
        return (
            f"{WRONG} {folder} still holds the packaged cards: change a number in one of its "
            ".toml files, then run the check again."
        )
    played = sim.simulate(
        "academy", players=players, n=len(base), seed=seed, data=folder, progress=False
    )
    found = sim.compare(played, base)
    clear = (
        "the range leaves out 0: a real change"
        if found.low > 0 or found.high < 0
        else "the range holds 0: no clear change"
    )
    return (
        f"{RIGHT} Your cards change: {'; '.join(changed)}. On the same {found.games:,} deals the "
        f"team won {found.a:.1%}, against {found.b:.1%} with the packaged cards: "
        f"{found.difference * 100:+.1f} points (95% range {found.low * 100:+.1f} to "
        f"{found.high * 100:+.1f}); {clear}. Now write your sentence."
    )


# --- 04: house rules and cards --------------------------------------------------------------


def what_the_typo_broke(error: Exception) -> Quiz:
    """Read a data error: what kind of mistake is it?"""
    kinds = [
        ("a value of the wrong kind (a word where a number belongs)", "kind"),
        ("a misspelled field name", "name"),
        ("a value out of its allowed range", "range"),
        ("a missing field", "missing"),
    ]

    def answer() -> str:
        text = str(error)
        if "is not a known field" in text:
            return "name"
        if "must be" in text:
            return "kind"
        if "below the minimum" in text or "above the maximum" in text:
            return "range"
        return "missing"

    return Quiz.choice(
        "Read the error above. What kind of mistake does it report?",
        kinds,
        answer=answer,
        explain=lambda kind: (
            f"The message names the file, the entry and the field: {error}. Every data error "
            "reads that way, so a typo is found without reading the code."
        ),
    )


def predict_the_variant(
    base: pd.DataFrame, variant: Callable[[], pd.DataFrame], change: str
) -> Quiz:
    """Predict the win rate of a variant, then see it played on the same seeds.

    Right: within 5 points of the variant's win rate, or anywhere inside its 95% range (60
    games leave a range about 20 points wide).
    """

    def answer() -> float:
        return float(variant()["won"].mean())

    def explain(rate: float) -> str:
        result = sim.compare(variant(), base)
        return (
            f"With {change}, the team won {rate:.1%} of the same {result.games:,} deals "
            f"(with the packaged cards: {result.b:.1%}): {result.difference * 100:+.1f} points, "
            f"95% range {result.low * 100:+.1f} to {result.high * 100:+.1f}."
        )

    def bounds() -> tuple[float, float]:
        row = sim.win_rate(variant()).iloc[0]
        return float(row["low"]), float(row["high"])

    return RangeQuiz(
        f"With the packaged cards the team won {base['won'].mean():.0%} of {len(base):,} "
        f"games. Predict its win rate with {change}, in percent.",
        answer=answer,
        bounds=bounds,
        within=5,
        percent=True,
        start=round(float(base["won"].mean()) * 100),
        explain=explain,
        evidence=lambda rate: charts.comparison_chart(
            variant(),
            base,
            labels=("variant", "packaged cards"),
            title="The variant or the packaged cards: which wins more often?",
        ),
    )


def honest_sentence(result: Callable[[], sim.Comparison], change: str) -> Quiz:
    """Which sentence states the change honestly, worked out from the comparison?"""
    sentences = [
        ("always", f"With {change} the team always does better."),
        (
            "better",
            f"On the same deals, {change} raised the team's win rate, by about the difference "
            "shown, give or take its 95% range.",
        ),
        ("worse", f"On the same deals, {change} lowered the team's win rate."),
        ("nothing", f"{change[:1].upper() + change[1:]} makes no clear difference."),
    ]

    def answer() -> str:
        found = result()
        if found.low > 0:
            return "better"
        if found.high < 0:
            return "worse"
        return "nothing"

    def explain(which: str) -> str:
        found = result()
        return (
            f"{found.only_a} deals were won only with the change and {found.only_b} only "
            "without it: 'always' is never honest when some deals went the other way. An "
            "honest sentence says what was compared (the same deals, the same players), how "
            f"big the change is ({found.difference * 100:+.1f} points) and how sure (95% range "
            f"{found.low * 100:+.1f} to {found.high * 100:+.1f})."
        )

    return Quiz.choice(
        "Which sentence can we say honestly?",
        [(text, key) for key, text in sentences],
        answer=answer,
        explain=explain,
    )


# --- 06: write your own game --------------------------------------------------------------


def who_wins_at_random(frame: pd.DataFrame) -> Quiz:
    """Random players: does the first player win more often?"""

    def answer() -> str:
        # one range decides: P1's share against half (P2 wins the rest; two overlapping
        # ranges of shares that add up to 1 would call a clear edge "the same")
        first = sim.seat_win_rate(frame).iloc[0]
        if first["low"] > 0.5:
            return "P1"
        if first["high"] < 0.5:
            return "P2"
        return "same"

    def explain(who: str) -> str:
        rates = sim.seat_win_rate(frame)
        first, second = rates.iloc[0], rates.iloc[1]
        return (
            f"P1 won {first['win_rate']:.1%} (95% range {first['low']:.1%} to "
            f"{first['high']:.1%}), P2 {second['win_rate']:.1%} of {len(frame):,} games "
            "between players who pick any legal move. "
            + (
                "P1's range holds half: these games cannot tell the seats apart."
                if answer() == "same"
                else "P1's whole range is on one side of half: a real edge."
            )
        )

    return Quiz.choice(
        "Two players who pick their moves at random. Who wins more often?",
        [("P1, who starts", "P1"), ("P2", "P2"), ("about the same", "same")],
        answer=answer,
        explain=explain,
        evidence=lambda who: charts.win_rate_chart(frame, by="seat"),
    )


def smart_against_smart(simulate: Callable[[], pd.DataFrame]) -> Quiz:
    """Two perfect players: how often does the first player win?"""
    played: dict[str, Any] = {}

    def answer() -> float:
        played["frame"] = simulate()
        return float(played["frame"]["winners"].apply(lambda winners: 0 in winners).mean())

    def explain(rate: float) -> str:
        return (
            f"P1 won {rate:.0%} of the games. The race has no luck. The safe counts are a "
            "multiple of 4 short of 21: 1, 5, 9, 13, 17 and 21 itself. Whoever says one can "
            "answer the rival's 1, 2 or 3 with 3, 2 or 1 and say the next, up to 21. From 0 "
            "the first player says 1 at once, so with perfect play P1 never loses."
        )

    return Quiz.number(
        "Both players now play the 'smart' policy. In what share of the games does P1 win, "
        "in percent?",
        answer,
        within=5,
        percent=True,
        explain=explain,
        evidence=lambda rate: charts.win_rate_chart(played["frame"], by="seat"),
    )


@fair_check
def check_race_player(player: Any, *, n: int = 1000, seed: int = 0, game: str = "race") -> str:
    """Workshop 06's exercise: does ``player``, as P2 against a random P1, beat random play?

    Both P2s (yours and one that picks at random) meet a random P1 on the same seeds; the
    answer is the difference with its 95% range. ✓ when the whole range is above zero.
    """
    from umbrella_lab.engine.core import random_move

    if not callable(player):
        raise Unreadable(
            "your player must be a function of (s, rng) that returns one of "
            f"s.legal_moves(), not {type(player).__name__}."
        )

    def as_p2(mine: Callable[..., Any]) -> Callable[..., Any]:
        def play(s: Any, rng: Any) -> Any:
            return (random_move if s.active == 0 else mine)(s, rng)

        return play

    frames = [
        sim.simulate(game, as_p2(who), n=n, players=2, seed=seed, workers=1, progress=False)
        for who in (player, random_move)
    ]
    for frame in frames:
        frame["won"] = frame["winners"].apply(lambda winners: 1 in winners)
    found = sim.compare(*frames)
    said = (
        f"your player won {found.a:.1%} of {found.games:,} games as P2 against a random P1; a "
        f"random P2 won {found.b:.1%}: {found.difference * 100:+.1f} points (95% range "
        f"{found.low * 100:+.1f} to {found.high * 100:+.1f})"
    )
    if found.low > 0:
        return f"{RIGHT} {said}. Clearly better than chance: can it win even more?"
    if found.high < 0:
        return f"{WRONG} {said}. Worse than picking at random: what does it give away?"
    return f"{UNCLEAR} {said}. Not clearly better than picking at random yet."


# --- 07: design a villain -----------------------------------------------------------------------

ENDINGS = {
    "end.win": "won",
    "end.plot": "the plot",
    "end.plan-empty": "Master Plan deck empty",
    "end.no-cards": "no cards left",
    "end.solo-ko": "a KO",
}
"""How a game of Marvel United ends, by the rule of its last event, in words."""


def endings(frames: dict[str, pd.DataFrame]) -> pd.DataFrame:
    """The share of games ending each way (won, the plot, the deck, a KO), by villain version."""
    rows = []
    for name, frame in frames.items():
        shares = frame["rule"].map(ENDINGS).value_counts(normalize=True)
        for how in ENDINGS.values():
            rows.append({"villain": name, "how": how, "share": float(shares.get(how, 0.0))})
    return pd.DataFrame(rows)


def endings_chart(frames: dict[str, pd.DataFrame]) -> alt.Chart:
    """Stacked bars: how the games of each villain version end."""
    table = endings(frames)
    table["order"] = table["how"].map(list(ENDINGS.values()).index)
    return (
        alt.Chart(table)
        .mark_bar()
        .encode(
            y=alt.Y("villain:N", title=None, sort=list(frames)),
            x=alt.X("share:Q", title="Share of games", axis=PERCENT, stack="normalize"),
            color=alt.Color(
                "how:N",
                title="How the game ended",
                sort=list(ENDINGS.values()),
                legend=alt.Legend(labelLimit=220),
            ),
            order=alt.Order("order:Q"),
            tooltip=["villain", "how", alt.Tooltip("share:Q", format=".0%")],
        )
        .properties(width=420, height=alt.Step(34), title="How the games end")
    )


def fewer_thugs(before: Callable[[], pd.DataFrame], variant: Callable[[], pd.DataFrame]) -> Quiz:
    """Fewer Thugs on the Master Plan cards: easier or harder?"""

    def answer() -> str:
        found = sim.compare(variant(), before())
        if found.low > 0:
            return "easier"
        if found.high < 0:
            return "harder"
        return "same"

    def explain(which: str) -> str:
        played, base = variant(), before()
        found = sim.compare(played, base)
        kos = ending_change(played, base, "end.solo-ko")
        return (
            f"On the same {found.games} deals the planner won {found.a:.0%} against the Red "
            f"Skull with fewer Thugs, {found.b:.0%} against the one before "
            f"({found.difference * 100:+.0f} points, 95% range {found.low * 100:+.0f} to "
            f"{found.high * 100:+.0f}). KOs: {kos.a:.0%} of the games, before {kos.b:.0%} "
            f"({_points(kos)}). Thugs are "
            "enemies, but also the stuff of the Defeat Thugs mission, one of the two missions "
            "that open the villain to damage: discuss how fewer of them could slow the heroes."
        )

    return Quiz.choice(
        "Now take Thugs off three Master Plan cards (the tokens left and right of the "
        "villain). For the planner, is this Red Skull easier or harder?",
        [("easier: fewer enemies", "easier"), ("harder", "harder"), ("no clear change", "same")],
        answer=answer,
        explain=explain,
        evidence=lambda which: endings_chart({"before": before(), "fewer Thugs": variant()}),
    )


def ending_change(frame: pd.DataFrame, base: pd.DataFrame, rule: str) -> sim.Comparison:
    """How much more often ``rule`` ended the games of ``frame`` than of ``base``, seed by seed."""

    def ended(games: pd.DataFrame) -> pd.DataFrame:
        return pd.DataFrame({"seed": games["seed"], "ended": games["rule"] == rule})

    return sim.compare(ended(frame), ended(base), column="ended")


def _points(change: sim.Comparison) -> str:
    """A paired change in points, with its 95% range."""
    return (
        f"{change.difference * 100:+.0f} points, 95% range {change.low * 100:+.0f} to "
        f"{change.high * 100:+.0f}"
    )


def which_losses_moved(base: pd.DataFrame, variant: Callable[[], pd.DataFrame]) -> Quiz:
    """Which way of losing grew the most with the new villain?"""
    ways = [("the plot (Fear at 20)", "the plot"), ("the Master Plan deck", "deck"), ("a KO", "KO")]
    words = {"the plot": "end.plot", "deck": "end.plan-empty", "KO": "end.solo-ko"}

    def growth(frame: pd.DataFrame) -> dict[str, float]:
        return {
            key: float((frame["rule"] == rule).mean() - (base["rule"] == rule).mean())
            for key, rule in words.items()
        }

    def answer() -> str:
        grown = growth(variant())
        return max(grown, key=grown.get)

    def explain(which: str) -> str:
        played = variant()
        parts = "; ".join(
            f"{key} {_points(ending_change(played, base, rule))}" for key, rule in words.items()
        )
        return (
            f"Against the packaged Red Skull on the same deals: {parts}. More BAM! means more "
            "damage to the heroes at his location, and in solo a KO loses at once; the plot "
            "moves too, since each BAM! also raises the Fear Track by 2."
        )

    return Quiz.choice(
        "Red Skull unleashed against the packaged one, on the same seeds: which way of "
        "beating the heroes grew the most?",
        ways,
        answer=answer,
        explain=explain,
        evidence=lambda which: endings_chart({"packaged": base, "unleashed": variant()}),
    )


def where_it_lands(
    tuned: Callable[[], pd.DataFrame],
    base: pd.DataFrame,
    band: tuple[float, float] = (0.15, 0.25),
) -> Quiz:
    """One BAM! back off: is the planner's win rate in the hard-but-fair band?"""
    low, high = band

    def answer() -> str:
        rate = float(tuned()["won"].mean())
        return "hard" if rate < low else "easy" if rate > high else "band"

    def explain(where: str) -> str:
        verdict = hard_but_fair(tuned(), low, high)[2:]  # without the exercise's mark: the
        return (  # quiz's reveal says right or wrong itself
            verdict[:1].upper()
            + verdict[1:]
            + " Is the planner's rate alone enough to call the villain hard but fair, or "
            "does the whole 95% range have to fit in the band?"
        )

    return Quiz.choice(
        f"Red Skull unleashed with one BAM! card back off (red-skull-06). Where does the "
        f"planner's win rate land, against the band of {low:.0%} to {high:.0%}?",
        [
            (f"under the band: too hard (below {low:.0%})", "hard"),
            ("in the band: hard but fair", "band"),
            (f"over the band: too easy (above {high:.0%})", "easy"),
        ],
        answer=answer,
        explain=explain,
        evidence=lambda where: [
            charts.comparison_chart(
                tuned(),
                base,
                labels=("tuned", "packaged"),
                title="The tuned Red Skull against the packaged one, on the same seeds",
            ),
            endings_chart({"packaged": base, "tuned": tuned()}),
        ],
    )


def _master_plan_table(plans: Any, what: str) -> pd.DataFrame:
    """A Master Plan table (``master_plan(folder)``), or :class:`Unreadable` naming ``what``."""
    if not isinstance(plans, pd.DataFrame) or not {"bam", "thugs", "special"} <= set(plans):
        raise Unreadable(
            f"{what}: give the table of a villain's Master Plan, such as master_plan(fewer), "
            f"not {type(plans).__name__}."
        )
    return plans


@fair_check
def check_edits(plans: pd.DataFrame, packaged: pd.DataFrame, thugs_off: Any = 1) -> str:
    """Exercise 1's check: more BAM!, fewer Thugs, a Special from another villain's deck.

    ``thugs_off`` is how many Thug tokens fewer the exercise asks for (6: the two side Thugs of
    three cards); fewer from any cards are as good. Its first line sums it up: ✓ when all
    three are done, ✗ with how many are still to do; a line per edit follows, done or to do.
    """
    plans = _master_plan_table(plans, "your villain")
    packaged = _master_plan_table(packaged, "the packaged villain")
    thugs_off = read_whole(thugs_off, "the Thug tokens to take off")
    own = set(packaged["special"]) - {""}
    bam, bam_before = int(plans["bam"].sum()), int(packaged["bam"].sum())
    thugs, thugs_before = int(plans["thugs"].sum()), int(packaged["thugs"].sum())
    short = thugs - (thugs_before - thugs_off)  # tokens still to take off
    wanted = "" if short <= 0 or thugs_off == 1 else f"; {thugs_off} fewer wanted"
    if wanted and short < thugs_off:
        wanted += f", {short} more to take off"
    report = [
        (bam > bam_before, f"more BAM! cards: {bam} (packaged {bam_before})"),
        (short <= 0, f"fewer Thug tokens: {thugs} (packaged {thugs_before}{wanted})"),
    ]
    new = sorted(set(plans["special"]) - own - {""})
    report.append((bool(new), f"a new Special: {', '.join(new) if new else 'none yet'}"))
    left = sum(not done for done, _ in report)
    head = (
        f"{RIGHT} all three edits are in:"
        if not left
        else f"{WRONG} not yet: {left} of 3 edits to make:"
    )
    lines_said = [f"  {'done' if done else 'to do'}: {said}" for done, said in report]
    return "\n".join([head, *lines_said])


@fair_check
def hard_but_fair(frame: pd.DataFrame, low: float = 0.15, high: float = 0.25) -> str:
    """Exercise 2's check: is the planner's win rate in the band, and how sure are we?

    A rate on the band's edge is in the band (exactly: 9 wins of 60 is 15%). A rate outside the
    band whose 95% range still reaches into it is not called too easy or too hard: more games
    decide it.
    """
    if not isinstance(frame, pd.DataFrame) or "won" not in frame or frame.empty:
        raise Unreadable(
            "give the games your villain was played in, such as hard_but_fair(play(mine), "
            f"*BAND), not {type(frame).__name__}."
        )
    if "data" in frame and "game" in frame:  # the games say which cards they were played with
        game, folders = str(frame["game"].iloc[0]), set(frame["data"])
        if all(folder is None or not data_changes(_packaged(game), folder) for folder in folders):
            where = next((str(folder) for folder in folders if folder is not None), "your copy")
            return (
                f"{WRONG} nothing has changed yet: {where} plays the packaged cards. Change a "
                "card (set_card, or by hand in its plans.toml), then run the check again."
            )
    wins = int(frame["won"].sum())
    rate, lo, hi = sim.wilson(wins, len(frame))
    exact = Fraction(wins, len(frame))
    inside = Fraction(str(low)) <= exact <= Fraction(str(high))
    sure = low <= lo and hi <= high
    verdict = (
        "hard but fair, and the whole 95% range is inside the band"
        if sure
        else "in the band, but the 95% range reaches outside it: play more games to be sure"
        if inside
        else "above the band, but its 95% range reaches into it: play more games before you "
        f"change it (4 times the games halve the range: {4 * len(frame)} games)"
        if rate > high and lo <= high
        else "too easy: make it harder"
        if rate > high
        else "below the band, but its 95% range reaches into it: play more games before you "
        f"change it (4 times the games halve the range: {4 * len(frame)} games)"
        if hi >= low
        else "too hard: give the heroes a chance"
    )
    return (
        f"{'✓' if inside else '✗'} the planner wins {rate:.0%} of {len(frame)} games "
        f"(95% range {lo:.0%} to {hi:.0%}); the band is {low:.0%} to {high:.0%}: {verdict}."
    )


# --- 03: the strategy lab -----------------------------------------------------------------------


def score_against(result: sim.Tournament, policy: str, opponent: str = "heuristic") -> Quiz:
    """What share of its games against ``opponent`` does ``policy`` win in the tournament?

    Right: within 10 points of the measured score, or anywhere inside its 95% range over the
    seeds (a few dozen games leave a range far wider than 10 points).
    """

    def answer() -> float:
        return float(result.seed_scores(policy, opponent)["score"].mean())

    def explain(score: float) -> str:
        row = result.table.set_index(["policy", "opponent"]).loc[(policy, opponent)]
        return (
            f"{policy} won {score:.1%} of {int(row['games'])} games against {opponent} (95% "
            f"range {row['seed_low']:.1%} to {row['seed_high']:.1%}, paired over the "
            f"{int(row['seeds'])} seeds: each seed was played twice, once from each seat). "
            "Half would be an even match."
        )

    def bounds() -> tuple[float, float]:
        row = result.table.set_index(["policy", "opponent"]).loc[(policy, opponent)]
        return float(row["seed_low"]), float(row["seed_high"])

    return RangeQuiz(
        f"Predict: what share of its games against the {opponent} does {policy} win, in percent?",
        answer=answer,
        bounds=bounds,
        within=10,
        percent=True,
        explain=explain,
        evidence=lambda score: charts.pairings_chart(result, title="Who beats whom"),
        hint="Every pairing played the same seeds, each seed once from each seat.",
    )


def is_the_search_stronger(result: sim.Tournament, search: str = "mcts") -> Quiz:
    """Does the search player clearly beat the heuristic in these games?"""

    def answer() -> str:
        row = result.table.set_index(["policy", "opponent"]).loc[(search, "heuristic")]
        if row["seed_low"] > 0.5:
            return "stronger"
        if row["seed_high"] < 0.5:
            return "weaker"
        return "unclear"

    def explain(verdict: str) -> str:
        row = result.table.set_index(["policy", "opponent"]).loc[(search, "heuristic")]
        return (
            f"{search} scored {row['score']:.0%} against the heuristic in {int(row['games'])} "
            f"games, 95% range {row['seed_low']:.0%} to {row['seed_high']:.0%}. "
            + (
                "The whole range is above half: clearly stronger."
                if verdict == "stronger"
                else "The whole range is below half: clearly weaker."
                if verdict == "weaker"
                else "The range includes half: these games cannot tell. A search player plays "
                "the heuristic for its look-ahead, and thinks about each move for a while, so "
                "few games fit in a lesson."
            )
        )

    return Quiz.choice(
        f"The search player ({search}) plays out many games before each move. Against the "
        "heuristic, in these games, it is:",
        [
            ("clearly stronger", "stronger"),
            ("not clearly different", "unclear"),
            ("clearly weaker", "weaker"),
        ],
        answer=answer,
        explain=explain,
        evidence=lambda verdict: charts.ratings_chart(result, title="Ratings (95% range)"),
    )


def is_it_better(comparison: Callable[[], sim.Comparison]) -> Quiz:
    """Is the improved policy better, on the same seeds, against the same opponent?"""

    def answer() -> str:
        found = comparison()
        if found.low > 0:
            return "better"
        if found.high < 0:
            return "worse"
        return "unclear"

    def explain(which: str) -> str:
        found = comparison()
        return (
            f"Against the heuristic, on the same {found.games} seeds: {found.a:.1%} for the "
            f"new policy and {found.b:.1%} for the old, a difference of "
            f"{found.difference * 100:+.1f} points (95% range {found.low * 100:+.1f} to "
            f"{found.high * 100:+.1f}). "
            + (
                "The whole range is above zero: the improvement is real, not luck."
                if which == "better"
                else "The whole range is below zero: the change made it worse."
                if which == "worse"
                else "The range includes zero: these games cannot tell the two apart."
            )
        )

    return Quiz.choice(
        "Measured on the same seeds against the same opponent, the new policy is:",
        [("better", "better"), ("not clearly different", "unclear"), ("worse", "worse")],
        answer=answer,
        explain=explain,
        hint="Think of the 95% range of the difference, not only the difference.",
    )


@fair_check
def check_player(
    mine: Callable[..., Any],
    baseline: Callable[..., Any],
    game: Any,
    *,
    n: int = 300,
    seed: int = 0,
) -> str:
    """The exercise's check: your player and a baseline, each against the heuristic.

    Both play the same fresh seeds; the answer gives the difference with its 95% range.
    """
    if not callable(mine):
        raise Unreadable(
            "your player must be a function of (view, actions) that returns one of the "
            f"actions, not {type(mine).__name__}."
        )
    names = (getattr(mine, "__name__", "yours"), getattr(baseline, "__name__", "baseline"))
    if names[0] == names[1]:
        names = (f"{names[0]} (yours)", names[1])
    result = sim.tournament(
        game,
        {names[0]: mine, names[1]: baseline, "heuristic": "heuristic"},
        n=n,
        seed=seed,
        bootstrap=0,
    )
    found = result.compare(names[0], names[1], opponent="heuristic")
    if _played_alike(result, names[0], names[1], opponent="heuristic"):
        return (
            f"{WRONG} nothing has changed yet: {names[0]} played every one of its "
            f"{2 * found.games} games against the heuristic exactly as {names[1]} did (the same "
            f"moves and scores, seed by seed), so it is still the same player. Change one thing "
            f"for a reason (a threshold, or a rule of your own), then run the check again."
        )
    verdict, why = (
        (f"{RIGHT} better", "the whole 95% range is above zero")
        if found.low > 0
        else (f"{WRONG} worse", "the whole 95% range is below zero")
        if found.high < 0
        else (
            f"{UNCLEAR} no clear difference",
            "the 95% range includes zero (more seeds, or a bigger change)",
        )
    )
    return (
        f"{verdict}: {names[0]} scores {found.a:.1%} and {names[1]} {found.b:.1%} against the "
        f"heuristic on the same {found.games} seeds: {found.difference * 100:+.1f} points (95% "
        f"range {found.low * 100:+.1f} to {found.high * 100:+.1f}); {why}."
    )


def _played_alike(result: sim.Tournament, mine: str, other: str, *, opponent: str) -> bool:
    """Whether ``mine`` and ``other`` played every game against ``opponent`` identically.

    Each game is compared seed by seed and seat by seat: its number of moves, its final scores
    and its winners. A player that still is the baseline (a copy not yet changed) matches on
    every game; a changed one that never plays differently does too, and is the same player.
    """

    def games(policy: str) -> dict[tuple[Any, ...], tuple[Any, ...]]:
        frame = result.games
        rows = frame[
            frame["lineup"].map(lambda lineup: sorted(lineup) == sorted([policy, opponent]))
        ]
        return {
            (row.seed, tuple("*" if seat == policy else seat for seat in row.lineup)): (
                row.moves,
                tuple(row.scores),
                tuple(row.winners),
            )
            for row in rows.itertuples()
        }

    played = games(mine)
    return bool(played) and played == games(other)


# --- 05: puzzles ------------------------------------------------------------------------------


def puzzle_gap(game: str, index: int = 0) -> Quiz:
    """How many points of win chance does the heuristic give away in a stored puzzle?

    Right: within 5 points of the measured cost, or anywhere inside its 95% range.
    """
    from umbrella_lab.sim.puzzles import load_puzzles

    found = load_puzzles(game)[index]

    def answer() -> float:
        return 100 * float(found.fair["difference"])

    def explain(gap: float) -> str:
        fair = found.fair
        return (
            f"From the deciding seat's view, {int(fair['rollouts'])} deals: the best move wins "
            f"{fair['best']:.0%}, the heuristic's move {fair['heuristic']:.0%}: "
            f"{gap:+.1f} points (95% range {fair['low'] * 100:+.1f} to "
            f"{fair['high'] * 100:+.1f}). A few points of win chance a move add up over a "
            "game of many moves."
        )

    def bounds() -> tuple[float, float]:
        return 100 * float(found.fair["low"]), 100 * float(found.fair["high"])

    return RangeQuiz(
        "In the puzzle you just solved, the heuristic plays another move than the best. How "
        "many points of win chance does that cost, in percentage points?",
        answer=answer,
        bounds=bounds,
        within=5,
        low=0,
        high=50,
        unit=" points",
        explain=explain,
        hint="0 would mean no cost at all; 50 would turn a sure win into a coin toss.",
    )


def what_makes_a_move_good() -> Quiz:
    """What does the advisor count when it calls a move best?"""
    return Quiz.choice(
        "The advisor calls a move best. What did it count?",
        [
            ("the points or damage the move makes this turn", "turn"),
            ("how often the game is won after it, played to the end many times", "game"),
            ("how many moves it leaves open", "options"),
        ],
        answer="game",
        explain=(
            "How often the whole game is won after the move: after each move it plays the game "
            "to the end many times (the heuristic playing on, the unseen cards dealt anew, the "
            "same deals for every move) and counts the wins. A move that gains this turn and "
            "loses the game later is a bad move."
        ),
    )


def team_or_hero() -> Quiz:
    """In a co-operative game, whose chance does the advisor count?"""
    return Quiz.choice(
        "Marvel United is co-operative: the heroes win or lose together. When the advisor "
        "rates a hero's move, whose chance to win does it count?",
        [
            ("the active hero's own", "hero"),
            ("the team's: a win counts for every hero", "team"),
            ("the villain's", "villain"),
        ],
        answer="team",
        explain=(
            "The team's. In a co-operative game a move is good when it makes the team's win "
            "more likely, even when it costs the hero who plays it (a card lost, a hero "
            "knocked out)."
        ),
    )


@fair_check
def check_puzzle(state: Any, budget: int | None = None) -> str:
    """The exercise's check: would this position make a good puzzle for a neighbour?

    A good puzzle has one move clearly best (its 95% range above every other move's) that the
    game's heuristic does not play.
    """
    import random

    if not hasattr(state, "legal_actions") or not hasattr(state, "game"):
        raise Unreadable(
            f"give a position of a game, such as explorer.state, not {type(state).__name__}."
        )
    if state.result is not None:
        raise Unreadable("this game is over: a puzzle needs a position with a move to choose.")
    advice = sim.advise(state, budget=budget, seed=1, workers=1)
    top = advice.iloc[0]
    usual = state.action(sim.get_policy(state.game, "heuristic")(state, random.Random(0)))
    rate = (
        f"wins {int(top['wins'])} of {int(top['rollouts'])} games played out, "
        f"{top['win_rate']:.0%} with a 95% range of {top['low']:.0%} to {top['high']:.0%}"
    )
    if top["verdict"] != "best":
        close = int((advice["verdict"] == "about equal").sum())
        played = int(advice["rollouts"].sum())
        return (
            f"✗ not yet a puzzle: {close} moves are about equal at the top ({top['label']} "
            f"{rate}); no move is clearly best. Try another position, or play more games: "
            f"answer_key.check_puzzle(state, budget={max(4 * played, 1000)}) (its "
            f"{len(advice)} moves were played out {played} times in all)."
        )
    if usual.id == top["id"]:
        return (
            f"~ an easy puzzle: {top['label']} is clearly best ({rate}), but the heuristic "
            "plays it too."
        )
    return (
        f"✓ a good puzzle: {top['label']} is clearly best ({rate}) and the heuristic plays "
        f"{usual.label}. Show it with ul.puzzle(state)."
    )


# --- 08: measure a design -----------------------------------------------------------------------


def first_player_share(report: Callable[[], sim.DesignReport]) -> Quiz:
    """In a design report of a two-player game, how often does the first player win?

    Right: within 5 points of the measured share, or anywhere inside its 95% range (a hundred
    games leave a range about 20 points wide: an answer the evidence allows is not wrong).
    """

    def answer() -> float:
        return report().metric("win rate P1")

    def explain(rate: float) -> str:
        found = report().part("balance").set_index("name")
        edge = found.loc["first player's advantage"]
        return (
            f"P1 won {rate:.1%} of {int(found.loc['win rate P1', 'games']):,} games; the first "
            f"player's advantage is {edge['value'] * 100:+.1f} points (95% range "
            f"{edge['low'] * 100:+.1f} to {edge['high'] * 100:+.1f}). A range that holds 0 "
            "means these games cannot tell the seats apart."
        )

    def evidence(rate: float) -> pd.DataFrame:
        """The report's balance rows in percent (an advantage in points), as the answer is."""
        rows = []
        for row in report().part("balance").itertuples():
            points = "advantage" in row.name

            def said(x: float, points: bool = points) -> str:
                return f"{x * 100:+.1f} points" if points else f"{x:.1%}"

            rows.append(
                {
                    "figure": row.name,
                    "measured": said(row.value),
                    "95% range": f"{said(row.low)} to {said(row.high)}",
                    "games": f"{int(row.games):,}",
                }
            )
        return pd.DataFrame(rows)

    def bounds() -> tuple[float, float]:
        row = _row(report(), "win rate P1")
        return float(row["low"]), float(row["high"])

    return RangeQuiz(
        "Both players bank their turn at 20 points. What share of the games does P1, who rolls "
        "first, win, in percent?",
        answer=answer,
        bounds=bounds,
        within=5,
        percent=True,
        start=50,
        explain=explain,
        evidence=evidence,
        hint="Is moving first worth anything in a race of dice?",
    )


FIGURES = {
    "first player's advantage": "the first player's advantage",
    "moves per game": "the length of a game (moves)",
    "lead changes": "the lead changes",
}
"""The figures the broken-die question compares, in words."""


def side_by_side(reports: dict[str, sim.DesignReport], names: Any = None) -> pd.DataFrame:
    """Chosen figures of several reports side by side (one column per report)."""
    names = list(FIGURES) if names is None else list(names)
    columns = {label: [report.metric(name) for name in names] for label, report in reports.items()}
    return pd.DataFrame(columns, index=pd.Index(names, name="figure")).round(3)


def which_figure_moves(
    before: sim.DesignReport, after: Callable[[], sim.DesignReport], change: str
) -> Quiz:
    """Which figure of the report does a broken rule move the most (relative to its start)?"""

    def moved(name: str) -> float:
        """The change in standard errors: how far beyond the two reports' own uncertainty."""
        old, new = _row(before, name), _row(after(), name)
        errors = [(row["high"] - row["low"]) / (2 * 1.96) for row in (old, new)]
        spread = math.sqrt(sum(e * e for e in errors)) or 1e-9
        return abs(float(new["value"]) - float(old["value"])) / spread

    def answer() -> str:
        return max(FIGURES, key=moved)

    def explain(name: str) -> str:
        lines = [
            f"{words}: {_figure(key, before.metric(key))} → {_figure(key, after().metric(key))} "
            f"({moved(key):.1f} standard errors)"
            for key, words in FIGURES.items()
        ]
        return (
            f"With {change}: " + "; ".join(lines) + ". Each change is measured against the two "
            "reports' own uncertainty (their 95% ranges), so a figure that is hard to measure "
            "does not look as if it moved. A roll of six now ends the game, so most games end "
            "within a few turns, before anyone can take the lead back."
        )

    return Quiz.choice(
        f"With {change}, which figure changes the most (compared with where it was)?",
        [(words, key) for key, words in FIGURES.items()],
        answer=answer,
        explain=explain,
        evidence=lambda name: side_by_side({"packaged die": before, change: after()}),
    )


def _figure(name: str, value: float) -> str:
    """A figure of the broken-die question as the workshop speaks of it (an edge in points)."""
    if name == "first player's advantage":
        return f"{value * 100:+.1f} points"
    return f"{value:.1f}"


def _design_report(report: Any, which: str, parts: tuple[str, ...] = ("metrics",)) -> None:
    """Nothing, for a design report (with these parts); else :class:`Unreadable` naming it."""
    if not all(hasattr(report, part) for part in parts):
        raise Unreadable(f"give a design report, {which}, not {type(report).__name__}.")


def _row(report: sim.DesignReport, name: str) -> pd.Series:
    return report.metrics.set_index("name").loc[name]


@fair_check
def check_repair(report: sim.DesignReport, *, moves: float = 40, edge: float = 0.10) -> str:
    """Exercise 1's check, with the ranges: games known to be long, no edge known to be large.

    A tick reads the 95% ranges, not only the estimates: the games last 40 moves or more (the
    range's low end at least 40), and the first player's advantage is not known to exceed 10
    points either way (its range reaches inside ±10; an edge of +19 points measured within
    +14 to +24 is known to be too large).
    """
    _design_report(report, "mine = sim.design(...) with your die")
    length = _row(report, "moves per game")
    advantage = _row(report, "first player's advantage")
    long_enough = float(length["low"]) >= moves
    fair = float(advantage["low"]) < edge and float(advantage["high"]) > -edge
    return "\n".join(
        [
            f"{'✓' if long_enough else '✗'} games last {length['value']:.0f} moves on average, "
            f"95% range {length['low']:.0f} to {length['high']:.0f} (wanted: the whole range "
            f"at {moves:.0f} or more)",
            f"{'✓' if fair else '✗'} the first player's advantage is "
            f"{advantage['value'] * 100:+.1f} points, 95% range {advantage['low'] * 100:+.1f} to "
            f"{advantage['high'] * 100:+.1f} (wanted: a range that reaches inside "
            f"±{edge * 100:.0f})",
        ]
    )


def optimal_against_hold(result: Callable[[], sim.Tournament], fixed: str = "hold at 20") -> Quiz:
    """How often does optimal Pig play beat a player who always banks at 20?

    Right: within 3 points of the measured score, or anywhere inside its 95% range over the
    seeds (an answer the evidence allows is not wrong).
    """

    def answer() -> float:
        return float(result().seed_scores("optimal", fixed)["score"].mean())

    def explain(score: float) -> str:
        row = result().table.set_index(["policy", "opponent"]).loc[("optimal", fixed)]
        return (
            f"Optimal play won {score:.1%} of {int(row['games'])} games against {fixed} (95% "
            f"range {row['seed_low']:.1%} to {row['seed_high']:.1%}; every seed from both "
            "seats). 'Hold at 20' is already very good: most of the time it holds where the "
            "optimal player would; the optimal player gains in the race's last turns."
        )

    def bounds() -> tuple[float, float]:
        row = result().table.set_index(["policy", "opponent"]).loc[("optimal", fixed)]
        return float(row["seed_low"]), float(row["seed_high"])

    return RangeQuiz(
        f"Optimal play meets '{fixed}' (each seed twice, seats swapped). What share of the "
        "games does optimal play win, in percent?",
        answer=answer,
        bounds=bounds,
        within=3,
        percent=True,
        start=50,
        explain=explain,
        evidence=lambda score: charts.pairings_chart(result(), title="Optimal play or hold at 20"),
        hint="Against a perfect player, how much can a simple rule give away?",
    )


ENDS = {
    "end.plot": "the villain's plot succeeds (the Fear Track reaches its end)",
    "end.win": "the heroes defeat the villain",
    "end.plan-empty": "the Master Plan deck runs out",
    "end.no-cards": "a hero has no cards left",
}
"""Ways a game of Marvel United ends, by rule id, in words."""


def what_ends_marvel(report: Callable[[], sim.DesignReport]) -> Quiz:
    """Which rule ends most games of Marvel United?"""

    def ends() -> pd.DataFrame:
        table = report().rules.set_index("rule")
        return table.loc[[rule for rule in ENDS if rule in table.index], ["title", "ended_share"]]

    def answer() -> str:
        return str(ends()["ended_share"].idxmax())

    def explain(rule: str) -> str:
        games = len(report().games)
        shares = []
        for name, share in ends()["ended_share"].items():
            _, low, high = sim.wilson(round(share * games), games)
            shares.append(f"{name} {share:.0%} (95% range {low:.0%} to {high:.0%})")
        return (
            f"Share of the {games} games each rule ended: {', '.join(shares)}. The rule table "
            "counts, for every rule of the digest, the games it fired in and the games it ended."
        )

    return Quiz.choice(
        "Two heroes play Marvel United, played by the quick 'greedy' player. Which rule ends "
        "most games?",
        [(words, rule) for rule, words in ENDS.items()],
        answer=answer,
        explain=explain,
        evidence=lambda rule: ends().reset_index(),
    )


@fair_check
def check_plot(before: sim.DesignReport, after: sim.DesignReport, rule: str = "end.plot") -> str:
    """Exercise 2's check, on the same seeds: does your setting make ``rule`` end fewer games?

    Each seed is played with and without the setting; the change is the paired difference
    of the share of games the rule ended, with its 95% range. A tick needs a drop of 10
    points or more whose whole range lies below 0 (a real drop, not noise); a drop whose range
    still holds 0 may be chance: more games would tell.
    """

    def ended(report: sim.DesignReport) -> pd.DataFrame:
        games = report.games
        return pd.DataFrame({"seed": games["seed"], "ended": games["rule"] == rule})

    parts = ("games", "changed_options")
    _design_report(before, "marvel(), the report without your setting", parts)
    _design_report(after, "other = sim.design(...) with your setting", parts)
    if not after.changed_options or after.changed_options == before.changed_options:
        return "✗ nothing changed yet: choose a setting (an option and its value)."
    paired = sim.compare(ended(after), ended(before), column="ended")
    drop = round(-paired.difference, 9)  # 10 points fewer is 0.1, not 0.0999999
    settings = ", ".join(f"{k} {_words(v)}" for k, v in after.changed_options.items())
    if drop > 0:
        change = f"{drop * 100:.1f} points fewer of the games"
    elif drop < 0:
        change = f"{-drop * 100:.1f} points more of the games, not fewer,"
    else:
        change = "as many games"
    words = (
        f"with {settings}, the villain's plot ends {change} on the same {paired.games} seeds: "
        f"{paired.a:.0%} against {paired.b:.0%} without it (95% range of the drop "
        f"{-paired.high * 100:+.1f} to {-paired.low * 100:+.1f} points)"
    )
    if drop >= 0.10 and paired.high < 0:
        return f"✓ {words}: a drop of 10 points or more, and its range leaves out 0."
    if drop >= 0.10:
        return f"~ {words}: the range still holds 0, so the drop may be chance; play more games."
    return f"✗ {words}. Wanted: 10 points fewer or more, and a range that leaves out 0."


def _words(value: object) -> str:
    """An option's value as a menu shows it."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value).replace("-", " ")


# --- 09: playtest together ----------------------------------------------------------------------


def bots_on_your_seeds(found: sim.Playtest) -> Quiz:
    """How many of the class's tables do the bots win, dealt the same seeds?"""
    result = found.comparison

    def answer() -> int:
        return result.bots_wins

    def explain(wins: int) -> str:
        return (
            f"The heuristic won {wins} of the {result.compared} tables, dealt exactly the "
            f"deals, shuffles and dice your tables had; your class won {result.class_wins}. "
            f"{result.both} table(s) both won, {result.neither} both lost, {result.only_class} "
            f"only your class won, {result.only_bots} only the bots won."
        )

    return Quiz.number(
        "The heuristic bots now sit in every seat your people played, and play each table's "
        "deal again: the same cards, shuffles and dice. How many of these tables do they win?",
        answer,
        within=0,
        low=0,
        high=max(result.compared, 1),
        step=1,
        start=0,
        explain=explain,
        evidence=lambda wins: tables_side_by_side(found),
        hint="Do the bots play better than people new to the game, or only more steadily?",
    )


PLAYTEST_COLUMNS = {"bots", "result", "won", "winners", "reason", "rule", "moves"}
"""A side's columns of a playtest's table that are not the game's own end-of-game figures."""


def tables_side_by_side(found: sim.Playtest) -> pd.DataFrame:
    """Each table's end for your class and for the bots, each cell "your class / the bots".

    A column per table, narrow enough to project; a row per figure: the result, the moves and
    the game's own figures at the end (such as damage taken and villains beaten).

    It shows the bots' results, so it is the answer of "how many do the bots win?" and is
    shown only with it, never in a cell above or below the question.
    """

    def said(value: Any) -> str:
        if isinstance(value, bool | np.bool_):
            return "yes" if value else "no"
        return str(value)

    def result(won: Any, words: Any) -> str:
        return "won" if won is True or won == 1 else "lost" if won is False or won == 0 else words

    figures = [
        column.removeprefix("class_")
        for column in found.table.columns
        if column.startswith("class_") and column.removeprefix("class_") not in PLAYTEST_COLUMNS
    ]
    columns = {}
    for _, table in found.table.iterrows():
        cells = {
            "result": f"{result(table['class_won'], table['class_result'])} / "
            f"{result(table['bots_won'], table['bots_result'])}",
            "moves": f"{table['class_moves']} / {table['bots_moves']}",
        }
        for name in figures:
            cells[name.replace("_", " ")] = (
                f"{said(table[f'class_{name}'])} / {said(table[f'bots_{name}'])}"
            )
        columns[str(table["table"])] = cells
    frame = pd.DataFrame(columns)
    frame.insert(0, "your class / the bots", frame.index)
    return frame.reset_index(drop=True)


CLEAR = {
    "class better": "yes: your class plays better than the bots",
    "bots better": "yes: the bots play better than your class",
    "not clearly different": "no clear difference",
    "too few tables": "too few tables to tell",
}
"""What the class's tables can say about the class against the bots, in words."""


def is_it_clear(found: sim.Playtest) -> Quiz:
    """Do the class's tables show who plays better, the class or the bots?"""

    def answer() -> str:
        verdict = found.comparison.verdict
        return verdict if verdict in CLEAR else "not clearly different"

    def explain(verdict: str) -> str:
        return str(found.comparison)

    return Quiz.choice(
        "Your tables against the bots, on the same seeds: what do these tables show?",
        [(words, key) for key, words in CLEAR.items()],
        answer=answer,
        explain=explain,
        evidence=lambda verdict: charts.playtest_chart(found),
        hint="Count only the tables where your class and the bots did not end alike.",
    )


def tables_needed(level: float = 0.05) -> Quiz:
    """The fewest tables, all going one way, that chance alone would rarely give."""
    from umbrella_lab.sim.playtest import fewest_tables

    def explain(tables: int) -> str:
        rows = [f"{n}: {2 * 0.5**n:.3f}" for n in range(max(tables - 2, 1), tables + 2)]
        return (
            "If your class and the bots were equally good, each table where they differ "
            "would go either way like a coin: all n going one way has a chance of "
            f"2 times (1/2)^n (either way round). Tables, and that chance: {'; '.join(rows)}. "
            f"It first falls below {level:.0%} at {tables} tables: McNemar's exact test. And "
            "only tables where the class and the bots differ count, so a class needs more "
            "tables than that, often many more."
        )

    return Quiz.number(
        "Suppose every table goes the same way: each time the bots win and your class "
        "loses. How many tables would it take before chance alone becomes an unlikely "
        f"explanation (below {level:.0%})?",
        lambda: fewest_tables(level),
        within=0,
        low=1,
        high=20,
        step=1,
        start=1,
        unit=" tables",
        explain=explain,
        hint="Each table where they differ is like a coin toss if both play equally well.",
    )


EXAMPLE_TABLES = Path(__file__).resolve().parent / "playtest_examples"
"""The tables workshop 09 reads before a class has played (played by stand-ins)."""


def _the_example_tables(found: sim.Playtest) -> bool:
    """Whether ``found`` holds exactly the example tables: their names, seeds and moves."""
    examples = set()
    for path in EXAMPLE_TABLES.glob("*.table.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        examples.add((data["id"], data["seed"], len(data["record"]["actions"])))
    shown = set(
        zip(found.table["table"], found.table["seed"], found.table["class_moves"], strict=True)
    )
    return bool(examples) and shown == examples


@fair_check
def check_tables(found: Any, wanted: Any = None) -> str:
    """The exercise's check: are your class's tables enough to compare with the bots?"""
    if not isinstance(found, sim.Playtest):
        raise Unreadable(
            "give the comparison of your tables, found = sim.playtest(...), not "
            f"{type(found).__name__}."
        )
    result = found.comparison
    wanted = result.fewest if wanted is None else read_whole(wanted, "the tables wanted")
    if wanted < 1:
        raise Unreadable(f"the tables wanted must be 1 or more, not {wanted}.")
    if _the_example_tables(found):  # counting them would give the questions' answers away
        return (
            f"{WRONG} these are the example tables of {EXAMPLE_TABLES.name}/, not your class's: "
            "after class, set TABLES (first cell) to the folder of your class's saved tables "
            "and run the notebook again, then this check."
        )
    finished = result.compared
    differ = result.only_class + result.only_bots
    lines = [
        f"{'✓' if finished >= wanted else '✗'} {finished} finished table(s) compared "
        f"(wanted: at least {wanted}"
        + (")" if finished >= wanted else f"; {wanted - finished} more)"),
        f"{'✓' if differ >= wanted else '✗'} {differ} table(s) where your class and the bots "
        f"ended differently (only these can show a difference; wanted: {wanted})",
    ]
    unfinished = result.tables - result.compared
    if unfinished:
        lines.append(f"~ {unfinished} table(s) left out: unfinished, or no win to compare")
    # (what the tables show is the quiz's answer: it is not said here)
    return "\n".join(lines)
