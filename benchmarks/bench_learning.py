"""Search with and without learning, side by side: count-to-2 at the top level
on generated 10×10 boards of every type (at the densities of the README's
speed table), the real Kurotto puzzles and the hard 17×13. Printed, never
asserted.

Per type and mode: median, p90, p99 and max of the time of one count, the
boards over 1 s, and the boards cut by the deadline (an incomplete count).
Times are wall-clock on a shared machine; the CPU time of the 17×13 is
printed beside its wall time.
"""

from __future__ import annotations

import os
import time

import pencilbox

from .bench_kurotto import HARD, REAL

DENSITY = {"yinyang": 0.8, "cave": 0.85, "kurotto": 0.8, "numbrix": 0.3}
BOARDS = int(os.environ.get("PENCILBOX_BENCH_BOARDS", "100"))
SECONDS = 10.0
"""Deadline of one count: a board that needs more is cut (incomplete)."""
HARD_SECONDS = 120.0


def _quantile(xs: list[float], q: float) -> float:
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def _line(label: str, times: list[float], cut: int) -> str:
    xs = sorted(times)
    over = sum(1 for x in xs if x > 1.0)
    return (
        f"{label:22s} median {1000 * _quantile(xs, 0.5):8.1f} ms  "
        f"p90 {1000 * _quantile(xs, 0.9):8.1f} ms  p99 {1000 * _quantile(xs, 0.99):8.1f} ms  "
        f"max {1000 * xs[-1]:8.1f} ms  "
        f"over 1 s {over:3d}/{len(xs)}  cut {cut}"
    )


def run() -> None:
    for name, density in DENSITY.items():
        kind = pencilbox.puzzle(name)
        boards = [kind.generate(10, 10, density=density, seed=seed)[0] for seed in range(BOARDS)]
        for learning in (False, True):
            times = []
            cut = 0
            for p in boards:
                t = time.perf_counter()
                c = kind.count(p, limit=2, seconds=SECONDS, learning=learning)
                times.append(time.perf_counter() - t)
                cut += not c.complete
            mode = "learning" if learning else "no learning"
            print(_line(f"{name} {density:.0%} {mode}", times, cut), flush=True)
    kind = pencilbox.puzzle("kurotto")
    for name, url in REAL:
        p = kind.from_url(url)
        row = []
        for learning in (False, True):
            t = time.perf_counter()
            c = kind.count(p, seconds=60, learning=learning)
            row.append(f"{time.perf_counter() - t:6.2f} s ({c.nodes} nodes, {c.solutions})")
        print(f"kurotto real {name:8s} no learning {row[0]}   learning {row[1]}", flush=True)
    p = kind.from_url(HARD)
    t, cpu = time.perf_counter(), time.process_time()
    c = kind.count(p, seconds=HARD_SECONDS, learning=True)
    print(
        f"kurotto real 17x13 learning: solutions {c.solutions} complete {c.complete} "
        f"in {time.perf_counter() - t:.1f} s wall, {time.process_time() - cpu:.1f} s CPU "
        f"({c.nodes} nodes, {c.guesses} guesses)",
        flush=True,
    )
