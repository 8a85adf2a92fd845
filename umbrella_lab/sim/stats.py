"""Honest error bars for simulated win rates, and paired comparisons of two variants.

>>> rate, low, high = wilson(430, 1000)
>>> f"{rate:.1%} (95% range {low:.1%} to {high:.1%})"
'43.0% (95% range 40.0% to 46.1%)'
>>> sample_size(0.02)
2401
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING

from umbrella_lab.engine.errors import OptionError, shown
from umbrella_lab.sim._later import later

if TYPE_CHECKING:
    import pandas as pd
else:  # imported when a table is first made
    pd = later("pandas")


Z95 = 1.959963984540054
"""How many standard errors a 95% interval reaches either side."""


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float, float]:
    """The win rate with its Wilson score interval.

    The Wilson interval stays inside 0..1 and behaves well with few games or rates near
    0% or 100%, where the textbook "plus or minus 1.96 standard errors" does not.

    Args:
        wins: Games won.
        n: Games played.
        z: Width in standard errors (1.96 for 95%).

    Returns:
        ``(rate, low, high)`` as fractions.

    Raises:
        OptionError: no games (a win rate of no games is no number: there is nothing to
            show), or wins that are not between 0 and the games.
    """
    if isinstance(n, bool) or not isinstance(n, numbers.Integral):
        msg = f"the number of games must be a whole number, not {shown(n)}"
        raise OptionError(msg)
    if isinstance(wins, bool) or not isinstance(wins, numbers.Real) or math.isnan(wins):
        msg = f"the wins must be a number, not {shown(wins)}"
        raise OptionError(msg)
    z = _width(z)
    if n == 0:
        msg = "no games were played: a win rate needs at least one game"
        raise OptionError(msg)
    if n < 0 or wins < 0 or wins > n:
        msg = f"need 0 <= wins <= games, got {wins} wins in {n} games"
        raise OptionError(msg)
    rate = wins / n
    z2 = z * z
    centre = (rate + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(rate * (1 - rate) / n + z2 / (4 * n * n))
    low = 0.0 if wins == 0 else max(0.0, centre - half)  # exact ends, no rounding crumbs
    high = 1.0 if wins == n else min(1.0, centre + half)
    return rate, low, high


def win_rate(
    frame: pd.DataFrame,
    by: str | Sequence[str] | None = None,
    *,
    column: str = "won",
    z: float = 1.96,
) -> pd.DataFrame:
    """Games, wins and win rate with its 95% Wilson interval, per group.

    Args:
        frame: A simulation table (one row per game), e.g. from :func:`~umbrella_lab.sim.simulate`.
        by: Column(s) to group by, e.g. ``"players"`` or ``["strength", "hand_size"]``;
            ``None`` for one row over all games.
        column: The true/false column that counts as a win.
        z: Interval width in standard errors (1.96 for 95%).

    Returns:
        One row per group: the group columns, ``games``, ``wins``, ``win_rate``, ``low``,
        ``high`` (rates as fractions from 0 to 1).
    """
    z = _width(z)
    require_columns(frame, [column])
    if len(frame) == 0:
        msg = "the table has no games (no rows): a win rate needs at least one game"
        raise OptionError(msg)
    won = frame[column].astype(bool)
    if by is None:
        counts = pd.DataFrame({"games": [len(frame)], "wins": [int(won.sum())]})
    else:
        keys = _keys(by)
        require_columns(frame, keys)
        grouped = won.groupby([frame[key] for key in keys], dropna=False, sort=True)
        counts = pd.DataFrame({"games": grouped.size(), "wins": grouped.sum().astype(int)})
        counts = counts.reset_index()
    rates = [
        wilson(int(w), int(g), z) for w, g in zip(counts["wins"], counts["games"], strict=True)
    ]
    counts["win_rate"] = [r[0] for r in rates]
    counts["low"] = [r[1] for r in rates]
    counts["high"] = [r[2] for r in rates]
    return counts


def seat_win_rate(
    frame: pd.DataFrame, by: str | Sequence[str] | None = None, *, z: float = 1.96
) -> pd.DataFrame:
    """How often each seat won, for games where players win on their own.

    Uses the ``winners`` column (a list of seats per game); a tie counts as a win for every
    seat in it. In a co-operative game every seat's rate is the team's.

    Args:
        frame: A simulation table with ``players`` and ``winners`` columns.
        by: Column(s) to group by as well, e.g. ``"players"``.
        z: Interval width in standard errors (1.96 for 95%).

    Returns:
        One row per group and seat: the group columns, ``seat``, ``games``, ``wins``,
        ``win_rate``, ``low``, ``high``.
    """
    keys = [] if by is None else _keys(by)
    z = _width(z)
    require_columns(frame, ["players", "winners", *keys])
    rows = []
    for values, group in frame.groupby(keys, dropna=False, sort=True) if keys else [((), frame)]:
        values = values if isinstance(values, tuple) else (values,)
        for seat in range(int(group["players"].max())):
            seated = group[group["players"] > seat]
            wins = int(sum(seat in winners for winners in seated["winners"]))
            rate, low, high = wilson(wins, len(seated), z)
            rows.append(
                {
                    **dict(zip(keys, values, strict=True)),
                    "seat": seat,
                    "games": len(seated),
                    "wins": wins,
                    "win_rate": rate,
                    "low": low,
                    "high": high,
                }
            )
    return pd.DataFrame(rows)


@dataclass(frozen=True)
class Comparison:
    """Two variants played on the same seeds: how much better A did than B.

    Attributes:
        games: Seeds both variants played.
        column: What was compared (``"won"`` for the win rate).
        a: A's mean (its win rate) on those seeds; b: B's.
        difference: ``a - b``.
        low: Lower end of the 95% interval of the difference; high: upper end.
        only_a: Seeds A won and B lost; only_b: seeds B won and A lost (win comparisons).
        both: Seeds both won; neither: seeds both lost.
        p_value: Exact two-sided sign test on the seeds won by only one variant (McNemar);
            how surprising such a lopsided split would be if the variants were equally good.
        method: How the interval was computed.
    """

    games: int
    column: str
    a: float
    b: float
    difference: float
    low: float
    high: float
    only_a: int
    only_b: int
    both: int
    neither: int
    p_value: float
    method: str

    def __str__(self) -> str:
        if self.column == "won":
            return (
                f"On {self.games:,} shared seeds A won {self.a:.1%} and B {self.b:.1%} of "
                f"the games: a difference of {self.difference * 100:+.1f} points (95% range "
                f"{self.low * 100:+.1f} to {self.high * 100:+.1f}). {self.only_a} seeds were "
                f"won only by A, {self.only_b} only by B."
            )
        return (
            f"On {self.games:,} shared seeds the mean {self.column} was {self.a:.3g} for A "
            f"and {self.b:.3g} for B: a difference of {self.difference:+.3g} (95% range "
            f"{self.low:+.3g} to {self.high:+.3g})."
        )

    def to_frame(self) -> pd.DataFrame:
        """The comparison as a one-row table."""
        return pd.DataFrame([asdict(self)])


def compare(
    frame_a: pd.DataFrame,
    frame_b: pd.DataFrame,
    on: str = "seed",
    *,
    column: str = "won",
    z: float = 1.96,
) -> Comparison:
    """Compare two variants played on the same seeds, seed by seed.

    Because both variants met the same luck on each seed, the comparison uses the per-seed
    differences ``d = A - B`` (for wins: +1 a seed won only by A, -1 only by B, 0 otherwise),
    which gives a much narrower interval than comparing two independent win rates.

    Method: the 95% interval is the mean per-seed difference plus or minus ``z`` standard
    errors of that mean (a paired Wald interval). For wins it uses the Agresti-Min (2005)
    adjustment: half a pseudo-seed is added to each of the four cells (both won, only A,
    only B, neither) before the mean and its standard error are computed, so the interval
    stays honest when few seeds differ. For other columns (e.g. ``"rounds"``) it is the plain
    paired interval ``mean(d) +- z * sd(d) / sqrt(n)``.

    Args:
        frame_a: Variant A, one row per seed (e.g. ``simulate(..., strict_heal=True)``).
        frame_b: Variant B on the same seeds.
        on: The column that pairs the rows.
        column: What to compare: ``"won"`` (true/false) or any number column.
        z: Interval width in standard errors (1.96 for 95%).

    Returns:
        A :class:`Comparison`; ``str()`` of it reads as a sentence.

    Raises:
        ValueError: if the frames share no seeds or hold a seed twice.
    """
    z = _width(z)
    for label, frame in (("A", frame_a), ("B", frame_b)):
        if not isinstance(frame, pd.DataFrame):
            msg = (
                f"compare: frame {label} must be a simulation table (a pandas DataFrame, e.g. "
                f"from sim.simulate), not {type(frame).__name__}"
            )
            raise OptionError(msg)
        require_columns(frame, [on, column])
        if frame[on].duplicated().any():
            msg = (
                f"frame {label} holds some {on} values more than once; compare one setting "
                f"at a time (e.g. filter a sweep to one cell first)"
            )
            raise ValueError(msg)
    paired = frame_a[[on, column]].merge(frame_b[[on, column]], on=on, suffixes=("_a", "_b"))
    n = len(paired)
    if n == 0:
        msg = f"the two frames share no {on} values; simulate both with the same seed and n"
        raise ValueError(msg)
    a = paired[f"{column}_a"].astype(float)
    b = paired[f"{column}_b"].astype(float)
    mean_a, mean_b = float(a.mean()), float(b.mean())
    if column == "won" or (a.isin([0.0, 1.0]).all() and b.isin([0.0, 1.0]).all()):
        wa, wb = a.astype(bool), b.astype(bool)
        only_a, only_b = int((wa & ~wb).sum()), int((~wa & wb).sum())
        both, neither = int((wa & wb).sum()), int((~wa & ~wb).sum())
        n_adj = n + 2.0
        pa, pb = (only_a + 0.5) / n_adj, (only_b + 0.5) / n_adj
        centre = pa - pb
        half = z * math.sqrt(max(pa + pb - centre * centre, 0.0) / n_adj)
        method = "paired Wald interval on per-seed differences, Agresti-Min adjusted"
        p_value = _sign_test(only_a, only_b)
    else:
        diff = a - b
        centre = float(diff.mean())
        half = z * float(diff.std(ddof=1)) / math.sqrt(n) if n > 1 else math.inf
        only_a = only_b = both = neither = 0
        method = "paired Wald interval on per-seed differences"
        p_value = math.nan
    low, high = centre - half, centre + half
    if column == "won":
        low, high = max(low, -1.0), min(high, 1.0)
    return Comparison(
        games=n,
        column=column,
        a=mean_a,
        b=mean_b,
        difference=mean_a - mean_b,
        low=low,
        high=high,
        only_a=only_a,
        only_b=only_b,
        both=both,
        neither=neither,
        p_value=p_value,
        method=method,
    )


def sample_size(margin: float, z: float = 1.96, rate: float = 0.5) -> int:
    """Games needed so that the 95% interval of a win rate reaches about +-``margin``.

    Uses the worst case, a 50% win rate, unless ``rate`` says otherwise. Halving the margin
    takes four times the games: +-5 points needs 385 games, +-2 points 2,401, +-1 point 9,604.
    To compare two variants, play both on the same seeds (see :func:`compare`); the interval
    of the difference is then usually narrower than this.

    Args:
        margin: Half-width of the interval as a fraction, e.g. ``0.02`` for +-2 points.
        z: Width in standard errors (1.96 for 95%).
        rate: The win rate you expect (0.5 is the worst case).

    Returns:
        The number of games, rounded up.
    """
    if not 0 < margin < 1:
        msg = f"give the margin as a fraction, e.g. 0.02 for +-2 points, not {margin!r}"
        raise ValueError(msg)
    if not 0 <= rate <= 1:
        msg = f"the expected rate must be a fraction from 0 to 1, not {rate!r}"
        raise ValueError(msg)
    return math.ceil(round(z * z * rate * (1 - rate) / (margin * margin), 9))


def _sign_test(only_a: int, only_b: int) -> float:
    """Two-sided exact binomial test of ``only_a`` vs ``only_b`` at even odds."""
    n = only_a + only_b
    if n == 0:
        return 1.0
    k = min(only_a, only_b)
    if n > 1000:  # normal approximation, with continuity correction
        x = (abs(only_a - only_b) - 1) / math.sqrt(n)
        return min(1.0, math.erfc(max(x, 0.0) / math.sqrt(2)))
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


def _keys(by: object) -> list[str]:
    """The group columns ``by`` names: one name, or a list of names."""
    keys = [by] if isinstance(by, str) else list(by) if isinstance(by, list | tuple) else None
    if not keys or not all(isinstance(key, str) for key in keys):
        msg = f"by must name a column or a list of columns (e.g. 'players'), not {shown(by)}"
        raise OptionError(msg)
    return keys


def _width(z: object) -> float:
    """``z`` checked: the interval's width in standard errors, a number above 0."""
    if isinstance(z, bool) or not isinstance(z, numbers.Real) or not 0 < float(z) < math.inf:
        msg = f"z (the width in standard errors, 1.96 for 95%) must be a number above 0, not {z!r}"
        raise OptionError(msg)
    return float(z)


def require_columns(frame: pd.DataFrame, columns: Sequence[str]) -> None:
    """Raise ``KeyError`` naming the missing columns and the columns the table has.

    Raises:
        OptionError: ``frame`` is not a table at all.
    """
    if not isinstance(frame, pd.DataFrame):
        msg = (
            "a simulation table (a pandas DataFrame, e.g. from sim.simulate) is needed, "
            f"not {type(frame).__name__}"
        )
        raise OptionError(msg)
    missing = [c for c in columns if not isinstance(c, str) or c not in frame.columns]
    if missing:
        msg = (
            f"the table has no column {', '.join(map(repr, missing))}; its columns are "
            f"{', '.join(map(str, frame.columns))}"
        )
        raise KeyError(msg)
