"""How often each paired 95% range holds the true difference of two win rates.

Run: ``python benchmarks/paired_coverage.py [--draws N]``.

Two variants played on the same seeds give, per seed, one of four outcomes: both won, only A
won, only B won, neither won. Here the chances of the four are set by hand, so the true
difference ``P(A wins) - P(B wins)`` is known, and the table gives, for each number of seeds
and each case, how often each interval holds it (its coverage, 95% wanted) and its mean
width in points. Up to 60 seeds every possible table is weighed by its exact chance; from 200
seeds on, ``--draws`` tables are drawn at random (seeded), so the coverage is within about
0.3 points (two standard errors at 20,000 draws).

The intervals (``sim.compare`` used Agresti-Min before, and Newcombe's since):

* **AM**: Agresti and Min (2005), the paired Wald interval after adding half a seed to each of
  the four cells;
* **BP**: Bonett and Price (2012), the paired Wald interval after adding one seed to each of
  the two discordant cells (and two to the seeds);
* **NC**: Newcombe (1998, method 10), the hybrid score interval: the two Wilson intervals
  joined with the correlation of the two win rates (a continuity-corrected estimate of it);
* **Tango**: Tango's (1998) score interval, solved by bisection.

The worst case of each interval (its lowest coverage over all rows) is printed after the
table, and then its lowest coverage over two sweeps of truths (:func:`sweeps`). Runs in
about 10 seconds.
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

Z = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""

CASES: list[tuple[str, tuple[float, float, float, float]]] = [
    # (name, (both win, only A, only B, neither))
    ("ban only hurts: 50% -> 40%", (0.40, 0.0, 0.10, 0.50)),
    ("ban only hurts: 50% -> 47%", (0.47, 0.0, 0.03, 0.50)),
    ("ban only hurts: 60% -> 30%", (0.30, 0.0, 0.30, 0.40)),
    ("ban only hurts: 95% -> 85%", (0.85, 0.0, 0.10, 0.05)),
    ("independent 50% vs 50%", (0.25, 0.25, 0.25, 0.25)),
    ("independent 80% vs 20%", (0.16, 0.64, 0.04, 0.16)),
    ("close pair 52.5% vs 47.5%", (0.45, 0.075, 0.025, 0.45)),
    ("close pair, 2% differ each way", (0.49, 0.01, 0.01, 0.49)),
    ("near 0: 5% vs 2%", (0.001, 0.049, 0.019, 0.931)),
    ("near 1: 98% vs 90%", (0.885, 0.095, 0.015, 0.005)),
]
SEEDS = [10, 15, 30, 60, 200, 1000]


def wilson(x: np.ndarray, n: int, z: float = Z) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rate, low and high of Wilson's score interval, for an array of counts."""
    p = x / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * np.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return p, np.maximum(centre - half, 0.0), np.minimum(centre + half, 1.0)


def agresti_min(a, b, c, d, n, z=Z):  # type: ignore[no-untyped-def]
    """Agresti-Min: half a seed added to each cell."""
    m = n + 2.0
    pb, pc = (b + 0.5) / m, (c + 0.5) / m
    half = z * np.sqrt(np.maximum(pb + pc - (pb - pc) ** 2, 0.0) / m)
    return np.maximum(pb - pc - half, -1.0), np.minimum(pb - pc + half, 1.0)


def bonett_price(a, b, c, d, n, z=Z):  # type: ignore[no-untyped-def]
    """Bonett-Price: one seed added to each discordant cell."""
    m = n + 2.0
    pb, pc = (b + 1.0) / m, (c + 1.0) / m
    half = z * np.sqrt(np.maximum(pb + pc - (pb - pc) ** 2, 0.0) / m)
    return np.maximum(pb - pc - half, -1.0), np.minimum(pb - pc + half, 1.0)


def newcombe(a, b, c, d, n, z=Z):  # type: ignore[no-untyped-def]
    """Newcombe's method 10: the Wilson intervals of the two rates, joined."""
    p1, l1, u1 = wilson(a + b, n, z)
    p2, l2, u2 = wilson(a + c, n, z)
    margins = (a + b) * (c + d) * (a + c) * (b + d)
    cross = a * d - b * c
    root = np.sqrt(np.where(margins > 0, margins, 1.0))
    phi = np.where(cross > n / 2, (cross - n / 2) / root, np.where(cross < 0, cross / root, 0.0))
    phi = np.where(margins > 0, phi, 0.0)
    diff = p1 - p2
    low = diff - np.sqrt(
        np.maximum((p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2, 0)
    )
    high = diff + np.sqrt(
        np.maximum((u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2, 0)
    )
    return np.maximum(low, -1.0), np.minimum(high, 1.0)


def tango(a, b, c, d, n, z=Z):  # type: ignore[no-untyped-def]
    """Tango's score interval: where the score statistic reaches -z and +z (bisection)."""
    b = b.astype(float)
    c = c.astype(float)

    def score(delta: np.ndarray) -> np.ndarray:
        w = -b - c + (2 * n - b + c) * delta
        p21 = (np.sqrt(np.maximum(w * w + 8 * n * c * delta * (1 - delta), 0.0)) - w) / (4 * n)
        var = n * (2 * p21 + delta * (1 - delta))
        return (b - c - n * delta) / np.sqrt(np.maximum(var, 1e-300))

    def root(target: float) -> np.ndarray:
        lo, hi = np.full(b.shape, -1.0 + 1e-9), np.full(b.shape, 1.0 - 1e-9)
        for _ in range(45):  # the score falls as delta rises
            mid = (lo + hi) / 2
            above = score(mid) > target
            lo, hi = np.where(above, mid, lo), np.where(above, hi, mid)
        return (lo + hi) / 2

    estimate = (b - c) / n
    low = np.where(estimate <= -1, -1.0, root(z))
    high = np.where(estimate >= 1, 1.0, root(-z))
    return low, high


METHODS = {"AM": agresti_min, "BP": bonett_price, "NC": newcombe, "Tango": tango}


def tables(n: int, probs: tuple[float, ...], draws: int, rng: np.random.Generator):  # type: ignore[no-untyped-def]
    """Every possible table with its chance (n <= 60), else ``draws`` random tables."""
    if n <= 60:
        grid = [
            (a, b, c, n - a - b - c)
            for a in range(n + 1)
            for b in range(n + 1 - a)
            for c in range(n + 1 - a - b)
        ]
        cells = np.array(grid, dtype=float).T
        logp = math.lgamma(n + 1) - sum(np.vectorize(math.lgamma)(cells[i] + 1) for i in range(4))
        for i, p in enumerate(probs):
            logp = logp + (
                cells[i] * math.log(p) if p > 0 else np.where(cells[i] > 0, -np.inf, 0.0)
            )
        weight = np.exp(logp)
    else:
        drawn = rng.multinomial(n, probs, size=draws)
        cells_t, counts = np.unique(drawn, axis=0, return_counts=True)
        cells = cells_t.T.astype(float)
        weight = counts / draws
    keep = weight > 0
    return cells[:, keep], weight[keep] / weight[keep].sum()


def sweeps() -> None:
    """The lowest coverage over many truths, every table weighed exactly (up to 60 seeds).

    Two sweeps: a ban that only hurts, losing a share ``q`` of the seeds (2% to 60%, both
    winning half the rest), and every table of chances on a grid of 5 points (1,771 truths,
    down to every seed won by one variant only).
    """
    step = 20
    grid = [
        (i / step, j / step, k / step, (step - i - j - k) / step)
        for i in range(step + 1)
        for j in range(step + 1 - i)
        for k in range(step + 1 - i - j)
        if j + k > 0
    ]
    ban = [((1 - q) / 2, 0.0, q, (1 - q) / 2) for q in np.arange(1, 31) / 50]
    print("\nlowest coverage over a sweep of truths (mean width over the grid, in points)")
    print(f"{'seeds':>5}  " + " ".join(f"{name + ': ban / grid':>24}" for name in METHODS))
    for n in SEEDS[:4]:
        cells = np.array(
            [
                (a, b, c, n - a - b - c)
                for a in range(n + 1)
                for b in range(n + 1 - a)
                for c in range(n + 1 - a - b)
            ],
            dtype=float,
        ).T
        base = math.lgamma(n + 1) - sum(np.vectorize(math.lgamma)(cells[i] + 1) for i in range(4))
        ranges = {name: method(*cells, n) for name, method in METHODS.items()}
        low_ban = dict.fromkeys(METHODS, 1.0)
        low_grid = dict.fromkeys(METHODS, 1.0)
        widths: dict[str, list[float]] = {name: [] for name in METHODS}
        for which, truths in (("ban", ban), ("grid", grid)):
            for probs in truths:
                logp = base.copy()
                for i, p in enumerate(probs):
                    logp = logp + (
                        cells[i] * math.log(p) if p > 0 else np.where(cells[i] > 0, -np.inf, 0.0)
                    )
                weight, truth = np.exp(logp), probs[1] - probs[2]
                for name, (low, high) in ranges.items():
                    held = (low <= truth + 1e-12) & (truth - 1e-12 <= high)
                    cover = float(np.sum(weight * held))
                    if which == "ban":
                        low_ban[name] = min(low_ban[name], cover)
                    else:
                        low_grid[name] = min(low_grid[name], cover)
                        widths[name].append(float(np.sum(weight * (high - low))))
        print(
            f"{n:5}  "
            + " ".join(
                f"{low_ban[m]:>9.1%} / {low_grid[m]:5.1%} ({np.mean(widths[m]) * 100:4.1f})"
                for m in METHODS
            )
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draws", type=int, default=20_000, help="random tables from 200 seeds on")
    args = parser.parse_args()
    rng = np.random.default_rng(2026)
    started = time.perf_counter()
    worst = dict.fromkeys(METHODS, (2.0, ""))
    header = " ".join(f"{name:>13}" for name in METHODS)
    print(f"{'case':32} {'seeds':>5}  {header}   (coverage % / mean width in points)")
    for label, probs in CASES:
        truth = probs[1] - probs[2]
        for n in SEEDS:
            cells, weight = tables(n, probs, args.draws, rng)
            cols = []
            for name, method in METHODS.items():
                low, high = method(*cells, n)
                held = (low <= truth + 1e-12) & (truth - 1e-12 <= high)
                cover = float(np.sum(weight * held))
                width = float(np.sum(weight * (high - low)))
                cols.append(f"{cover:6.1%} {width * 100:5.1f}")
                if cover < worst[name][0]:
                    worst[name] = (cover, f"{label}, {n} seeds")
            print(f"{label:32} {n:5}  " + " ".join(f"{c:>13}" for c in cols))
    print()
    for name, (cover, where) in worst.items():
        print(f"worst {name:5}: {cover:.1%} ({where})")
    sweeps()
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
