"""The answer key of the workshops: every "predict, then reveal" question with its answer.

The workshop notebooks show only the questions (``answer_key.most_likely_total()``); the
answers, the explanations and the evidence are worked out here, when a learner commits. A
teacher may read this file; a learner who opens it has peeked at the teacher's book.

Each function returns a :class:`~umbrella_lab.widgets.Quiz`.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import altair as alt
import pandas as pd

from umbrella_lab import charts, sim
from umbrella_lab.games.corporation import odds
from umbrella_lab.widgets import Quiz

PERCENT = alt.Axis(format="%")


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
            f"{first['rolls']:,} to {last['rolls']:,} rolls it went from "
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
        return (
            f"{exact} = {chance:.1%}. On average the attacker totals {attack} + 7 = "
            f"{attack + 7} and the defender {defence + 7}: the average says 'lose', but dice "
            "spread: the attacker wins whenever its dice beat the defender's by 1 or more "
            "(ties go to the attacker)."
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
    """Predict the win rate of a variant, then see it played on the same seeds."""

    def answer() -> float:
        return float(variant()["won"].mean())

    def explain(rate: float) -> str:
        result = sim.compare(variant(), base)
        return (
            f"With {change}, the team won {rate:.1%} of the same {result.games:,} deals "
            f"(with the packaged cards: {result.b:.1%}): {result.difference * 100:+.1f} points, "
            f"95% range {result.low * 100:+.1f} to {result.high * 100:+.1f}."
        )

    return Quiz.number(
        f"With the packaged cards the team won {base['won'].mean():.0%} of {len(base):,} "
        f"games. Predict its win rate with {change}, in percent.",
        answer,
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
    rates = sim.seat_win_rate(frame)

    def answer() -> str:
        first, second = rates.iloc[0], rates.iloc[1]
        if first["low"] > second["high"]:
            return "P1"
        if second["low"] > first["high"]:
            return "P2"
        return "same"

    def explain(who: str) -> str:
        first, second = rates.iloc[0], rates.iloc[1]
        return (
            f"P1 won {first['win_rate']:.1%} (95% range {first['low']:.1%} to "
            f"{first['high']:.1%}), P2 {second['win_rate']:.1%} of {len(frame):,} games "
            "between players who pick any legal move."
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
            f"P1 won {rate:.0%} of the games. The race has no luck: whoever can always leave "
            "the total 4 short of the next safe number wins. From 0 the first player can "
            "reach the first safe number at once, so with perfect play P1 never loses."
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
