"""A fresh board of any grade in a second: ``pencilbox generate TYPE --size 15
--grade LEVEL``'s path (:func:`pencilbox.engine.making.make_graded`, the one
the game's deal of a size the bank lacks takes), timed in CPU seconds
(``time.process_time``) per board, for every grade of every type, failed
seeds included; with the clue count of the boards made and the seeds they
took.

Goal at 15×15: median ≤ 1 s and max ≤ 3 s of CPU per board, every grade of
every type. Figures only, nothing asserted (the grades themselves are
tested: ``tests/engine/test_making.py``).

    .venv/bin/python -m benchmarks bench_generate
"""

from __future__ import annotations

import os
import statistics
import time

import pencilbox
from pencilbox.bank.grading import bank_grades
from pencilbox.engine.making import Unreachable, make_graded

SIZE = 15
BOARDS = int(os.environ.get("PENCILBOX_BENCH_BOARDS", "8"))
"""Boards per (type, grade), seeds 1000·i + 7."""
GOALS = {"median": 1.0, "max": 3.0}


def run() -> None:
    load = os.getloadavg()[0]
    print(
        f"{SIZE}x{SIZE}, {BOARDS} boards per grade, CPU seconds per board "
        f"(load {load:.1f} on {os.cpu_count()} cores at the start)"
    )
    worst = 0.0
    for name in pencilbox.puzzle_names():
        kind = pencilbox.puzzle(name)
        for grade in bank_grades(kind):
            times, clues, seeds, missed = [], [], [], 0
            for i in range(BOARDS):
                t0 = time.process_time()
                try:
                    made = make_graded(kind, SIZE, SIZE, grade, 1000 * i + 7)
                except Unreachable:
                    missed += 1
                    times.append(time.process_time() - t0)
                    continue
                times.append(time.process_time() - t0)
                clues.append(made.puzzle.clue_count)
                seeds.append(made.seed - (1000 * i + 7) + 1)
            worst = max(worst, max(times))
            print(
                f"  {name:<8} {grade:<7} median {statistics.median(times):5.2f} s  "
                f"max {max(times):5.2f} s   clues {statistics.median(clues) if clues else '-':>5}"
                f"   seeds {max(seeds) if seeds else '-':>2} at most"
                + (f"   MISSED {missed}" if missed else ""),
                flush=True,
            )
    print(
        f"goal: median ≤ {GOALS['median']:.0f} s, max ≤ {GOALS['max']:.0f} s; worst {worst:.2f} s"
    )
