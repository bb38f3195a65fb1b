"""Search with and without learning, side by side: count-to-2 at the top level
on generated 10×10 boards of every type (at the densities of the README's
speed table), the real Kurotto puzzles and the hard 13×17. Printed, never
asserted.

Per type and mode: median, p90, p99 and max of the time of one count, the
boards over 1 s, and the boards cut by the deadline (an incomplete count).
The two modes take turns board by board, and times are this process's CPU
time, so what else a shared machine runs does not tilt the comparison.
"Learning" is the default search (with the ladder's search rules, such as
Kurotto's cap); "no learning" the older depth-first search, without them.
"""

from __future__ import annotations

import os
import time

import pencilbox
from pencilbox.engine.kind import Puzzle, PuzzleKind
from pencilbox.engine.results import Counted

from .bench_kurotto import HARD, REAL
from .common import quantile

DENSITY = {"yinyang": 0.8, "cave": 0.85, "kurotto": 0.8, "numbrix": 0.3}
BOARDS = int(os.environ.get("PENCILBOX_BENCH_BOARDS", "100"))
SECONDS = 10.0
"""Deadline of one count: a board that needs more is cut (incomplete)."""
HARD_SECONDS = 60.0
"""Deadline of one count on a real puzzle."""
YINYANG_18X22 = (
    "https://puzz.link/p?yinyang/22/18/00000000000000030190030000900003000000900130020006000l0000"
    "090000i0020009400030200060000002empf01900001009901030130900031009a00009000"
)


def _line(label: str, times: list[float], cut: int) -> str:
    xs = sorted(times)
    over = sum(1 for x in xs if x > 1.0)
    return (
        f"{label:22s} median {1000 * quantile(xs, 0.5):8.1f} ms  "
        f"p90 {1000 * quantile(xs, 0.9):8.1f} ms  p99 {1000 * quantile(xs, 0.99):8.1f} ms  "
        f"max {1000 * xs[-1]:8.1f} ms  "
        f"over 1 s {over:3d}/{len(xs)}  cut {cut}"
    )


def _count(kind: PuzzleKind, p: Puzzle, seconds: float, learning: bool) -> tuple[float, Counted]:
    t = time.process_time()
    c = kind.count(p, limit=2, seconds=seconds, learning=learning)
    return time.process_time() - t, c


def run() -> None:
    for name, density in DENSITY.items():
        kind = pencilbox.puzzle(name)
        boards = [kind.generate(10, 10, density=density, seed=seed)[0] for seed in range(BOARDS)]
        times: dict[bool, list[float]] = {False: [], True: []}
        cut = {False: 0, True: 0}
        for p in boards:
            for learning in (False, True):
                dt, c = _count(kind, p, SECONDS, learning)
                times[learning].append(dt)
                cut[learning] += not c.complete
        for learning in (False, True):
            mode = "learning" if learning else "no learning"
            print(_line(f"{name} {density:.0%} {mode}", times[learning], cut[learning]), flush=True)
        default = "learning" if kind.ladder.explains_at(kind.ladder.top) else "no learning"
        print(f"{name}: the default count runs {default}", flush=True)
    kind = pencilbox.puzzle("kurotto")
    for name, url in [*REAL, ("13x17", HARD)]:
        _side_by_side(kind, f"kurotto real {name}", url)
    _side_by_side(pencilbox.puzzle("yinyang"), "yinyang real 18x22", YINYANG_18X22)


def _side_by_side(kind: PuzzleKind, label: str, url: str) -> None:
    p = kind.from_url(url)
    row = []
    for learning in (False, True):
        dt, c = _count(kind, p, HARD_SECONDS, learning)
        state = "" if c.complete else ", cut"
        row.append(f"{dt:6.2f} s ({c.nodes} nodes, {c.solutions}{state})")
    print(f"{label:22s} no learning {row[0]}   learning {row[1]}", flush=True)
