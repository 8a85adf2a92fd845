"""The answer key of the workshops: every "predict, then reveal" question with its answer.

The workshop notebooks show only the questions (``answer_key.most_likely_total()``); the
answers, the explanations and the evidence are worked out here, when a learner commits. A
teacher may read this file; a learner who opens it has peeked at the teacher's book.

Each function returns a :class:`~umbrella_lab.widgets.Quiz`.
"""

from __future__ import annotations

import math
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

    def answer() -> str:
        rates = sim.seat_win_rate(frame)
        first, second = rates.iloc[0], rates.iloc[1]
        if first["low"] > second["high"]:
            return "P1"
        if second["low"] > first["high"]:
            return "P2"
        return "same"

    def explain(who: str) -> str:
        rates = sim.seat_win_rate(frame)
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
        return (
            f"On the same {found.games} deals the planner won {found.a:.0%} against the Red "
            f"Skull with fewer Thugs, {found.b:.0%} against the one before "
            f"({found.difference * 100:+.0f} points, 95% range {found.low * 100:+.0f} to "
            f"{found.high * 100:+.0f}). KOs: {(played['rule'] == 'end.solo-ko').mean():.0%} "
            f"of the games, before {(base['rule'] == 'end.solo-ko').mean():.0%}. Thugs are "
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
        grown = growth(variant())
        parts = ", ".join(f"{key} {value * 100:+.0f} points" for key, value in grown.items())
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
        return (
            hard_but_fair(tuned(), low, high)
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


def check_edits(plans: pd.DataFrame, packaged: pd.DataFrame) -> str:
    """Exercise 1's check: more BAM!, fewer Thugs, a Special from another villain's deck."""
    own = set(packaged["special"]) - {""}
    lines = [
        ("more BAM! cards", int(plans["bam"].sum()), int(packaged["bam"].sum()), "more"),
        ("fewer Thug tokens", int(plans["thugs"].sum()), int(packaged["thugs"].sum()), "fewer"),
    ]
    report = []
    for goal, now, before, way in lines:
        done = now > before if way == "more" else now < before
        report.append(f"{'✓' if done else '✗'} {goal}: {now} (packaged {before})")
    new = sorted(set(plans["special"]) - own - {""})
    mark = "✓" if new else "✗"
    report.append(f"{mark} a new Special: {', '.join(new) if new else 'none yet'}")
    return "\n".join(report)


def hard_but_fair(frame: pd.DataFrame, low: float = 0.15, high: float = 0.25) -> str:
    """Exercise 2's check: is the planner's win rate in the band, and how sure are we?"""
    rate, lo, hi = sim.wilson(int(frame["won"].sum()), len(frame))
    inside = low <= rate <= high
    sure = low <= lo and hi <= high
    verdict = (
        "hard but fair, and the whole 95% range is inside the band"
        if sure
        else "in the band, but the 95% range reaches outside it: play more games to be sure"
        if inside
        else "too easy: make it harder"
        if rate > high
        else "too hard: give the heroes a chance"
    )
    return (
        f"{'✓' if inside else '✗'} the planner wins {rate:.0%} of {len(frame)} games "
        f"(95% range {lo:.0%} to {hi:.0%}); the band is {low:.0%} to {high:.0%}: {verdict}."
    )


# --- 03: the strategy lab -----------------------------------------------------------------------


def score_against(result: sim.Tournament, policy: str, opponent: str = "heuristic") -> Quiz:
    """What share of its games against ``opponent`` does ``policy`` win in the tournament?"""

    def answer() -> float:
        return float(result.seed_scores(policy, opponent)["score"].mean())

    def explain(score: float) -> str:
        row = result.table.set_index(["policy", "opponent"]).loc[(policy, opponent)]
        return (
            f"{policy} won {score:.0%} of {int(row['games'])} games against {opponent} (95% "
            f"range {row['seed_low']:.0%} to {row['seed_high']:.0%}, paired over the "
            f"{int(row['seeds'])} seeds: each seed was played twice, once from each seat). "
            "Half would be an even match."
        )

    return Quiz.number(
        f"Predict: what share of its games against the {opponent} does {policy} win, in percent?",
        answer,
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
    verdict = (
        "✓ better: the whole 95% range is above zero"
        if found.low > 0
        else "✗ worse: the whole 95% range is below zero"
        if found.high < 0
        else "~ not clearly different: the 95% range includes zero (more seeds, or a bigger change)"
    )
    return (
        f"{names[0]} scores {found.a:.1%} and {names[1]} {found.b:.1%} against the heuristic "
        f"on the same {found.games} seeds: {found.difference * 100:+.1f} points (95% range "
        f"{found.low * 100:+.1f} to {found.high * 100:+.1f}). {verdict}."
    )


# --- 05: puzzles ------------------------------------------------------------------------------


def puzzle_gap(game: str, index: int = 0) -> Quiz:
    """How many points of win chance does the heuristic give away in a stored puzzle?"""
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

    return Quiz.number(
        "In the puzzle you just solved, the heuristic plays another move than the best. How "
        "many points of win chance does that cost, in percentage points?",
        answer,
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


def check_puzzle(state: Any, budget: int | None = None) -> str:
    """The exercise's check: would this position make a good puzzle for a neighbour?

    A good puzzle has one move clearly best (its 95% range above every other move's) that the
    game's heuristic does not play.
    """
    import random

    advice = sim.advise(state, budget=budget, seed=1, workers=1)
    top = advice.iloc[0]
    usual = state.action(sim.get_policy(state.game, "heuristic")(state, random.Random(0)))
    rate = f"wins {top['win_rate']:.0%} (95% range {top['low']:.0%} to {top['high']:.0%})"
    if top["verdict"] != "best":
        close = int((advice["verdict"] == "about equal").sum())
        return (
            f"✗ not yet a puzzle: {close} moves are about equal at the top ({top['label']} "
            f"{rate}); no move is clearly best. Try another position, or a bigger budget."
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
    """In a design report of a two-player game, how often does the first player win?"""

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
        balance = report().part("balance")
        return balance[["name", "value", "low", "high", "games"]].round(3)

    return Quiz.number(
        "Both players bank their turn at 20 points. What share of the games does P1, who rolls "
        "first, win, in percent?",
        answer,
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
            f"{words}: {before.metric(key):.3g} → {after().metric(key):.3g} "
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


def _row(report: sim.DesignReport, name: str) -> pd.Series:
    return report.metrics.set_index("name").loc[name]


def check_repair(report: sim.DesignReport, *, moves: float = 40, edge: float = 0.10) -> str:
    """Exercise 1's check, with the ranges: games known to be long, no edge known to be large.

    A tick reads the 95% ranges, not only the estimates: the games last 40 moves or more (the
    range's low end at least 40), and the first player's advantage is not known to exceed 10
    points either way (its range reaches inside ±10; an edge of +19 points measured within
    +14 to +24 is known to be too large).
    """
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
    """How often does optimal Pig play beat a player who always banks at 20?"""

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

    return Quiz.number(
        f"Optimal play meets '{fixed}' (each seed twice, seats swapped). What share of the "
        "games does optimal play win, in percent?",
        answer,
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
        shares = ", ".join(f"{rule} {share:.0%}" for rule, share in ends()["ended_share"].items())
        return (
            f"Share of the games each rule ended: {shares}. The rule table counts, for every rule "
            "of the digest, the games it fired in and the games it ended."
        )

    return Quiz.choice(
        "Two heroes play Marvel United, played by the quick 'greedy' player. Which rule ends "
        "most games?",
        [(words, rule) for rule, words in ENDS.items()],
        answer=answer,
        explain=explain,
        evidence=lambda rule: ends().reset_index(),
    )


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

    if not after.changed_options or after.changed_options == before.changed_options:
        return "✗ nothing changed yet: choose a setting (an option and its value)."
    paired = sim.compare(ended(after), ended(before), column="ended")
    drop = -paired.difference
    settings = ", ".join(f"{k} {_words(v)}" for k, v in after.changed_options.items())
    words = (
        f"with {settings}, the villain's plot ends {drop * 100:.1f} points fewer games on the "
        f"same {paired.games} seeds (95% range {-paired.high * 100:+.1f} to "
        f"{-paired.low * 100:+.1f})"
    )
    if drop >= 0.10 and paired.high < 0:
        return f"✓ {words}. Wanted: 10 points fewer or more, and a range that leaves out 0."
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
