"""The case rung: grades of real puzzles people made (:data:`REAL`), hint
chains from an empty board on the ones probe cannot finish (every hinted
value checked against the answer), and case-rung hint latency at 10×10.
Printed, never asserted. ``BENCH_CASES_QUICK=1`` keeps to boards of at most 100 cells."""

from __future__ import annotations

import os
import time
from collections import Counter

import pencilbox
from pencilbox.engine import registry
from pencilbox.engine.kind import Puzzle, PuzzleKind, Values

from .common import summary

REAL = [r.url for kind in registry.kinds() for r in kind.samples.real]
"""Real puzzles people made and published on puzz.link, as each puzzle's
samples list them (:attr:`pencilbox.engine.samples.Samples.real`)."""

SAFETY_SECONDS = 300.0
"""The safety clock of one grade, count or hint (their budgets of work decide)."""
CHAIN_SECONDS = 900.0
"""The longest a whole hint chain may run."""


def _kind(url: str) -> PuzzleKind:
    return pencilbox.puzzle(url.split("?", 1)[1].split("/", 1)[0])


def _answer(kind: PuzzleKind, p: Puzzle) -> Values | None:
    """The unique answer by the ladder's search (None: unknown or several)."""
    c = kind.count(p, limit=2, seconds=SAFETY_SECONDS)
    return c.first if c.complete and c.solutions == 1 else None


def chain(
    kind: PuzzleKind, p: Puzzle, answer: Values | None
) -> tuple[str, int, list[tuple[float, float]]]:
    """Hints at level case from an empty board until none is left: how it
    ended, how many hints, and the seconds (wall, CPU) of each hint the case
    rung gave."""
    size = p.rows * p.cols
    marks: list[int | None] = [None] * size
    case_times: list[tuple[float, float]] = []
    hints = 0
    stop = time.monotonic() + CHAIN_SECONDS
    while time.monotonic() < stop:
        t, cpu = time.perf_counter(), time.process_time()
        h = kind.hint(p, tuple(marks), level="case", solution=answer, seconds=SAFETY_SECONDS)
        dt = (time.perf_counter() - t, time.process_time() - cpu)
        if h.status != "hint":
            return h.status, hints, case_times
        assert h.cell is not None and h.value is not None
        if answer is not None and answer[h.cell] != h.value:
            return "WRONG", hints, case_times
        if h.case is not None:
            case_times.append(dt)
        marks[h.cell] = h.value
        hints += 1
    return "out of time", hints, case_times


def run() -> None:
    quick = os.environ.get("BENCH_CASES_QUICK") == "1"
    grades: dict[str, Counter[str]] = {}
    latency_10: list[tuple[float, float]] = []
    print("real puzzles: grade (case: branches of the largest refutation), hint chain at case")
    for url in REAL:
        kind = _kind(url)
        p = kind.from_url(url)
        name = f"{kind.name} {p.rows}x{p.cols}"
        if quick and p.rows * p.cols > 100:
            continue
        t = time.perf_counter()
        g = kind.grade(p, seconds=SAFETY_SECONDS)
        grade_s = time.perf_counter() - t
        if g.verdict == "none":
            grades.setdefault(kind.name, Counter())["none"] += 1
            print(f"  {name:<16} no answer (clear error)            {url[-24:]}")
            continue
        grade = g.grade or "unsettled"
        label = grade + (f" {g.case_size}" if g.case_size is not None else "")
        grades.setdefault(kind.name, Counter())[grade] += 1
        line = (
            f"  {name:<16} {label:<8} unique {g.unique!s:<5} grade {grade_s:7.1f} s "
            f"{g.work:>10,} units"
        )
        if grade in kind.levels:
            print(line)
            continue
        answer = _answer(kind, p)
        t = time.perf_counter()
        end, hints, times = chain(kind, p, answer)
        line += (
            f" | chain: {end}, {hints} hints ({len(times)} by case), "
            f"{'checked' if answer is not None else 'answer unknown'}, "
            f"{time.perf_counter() - t:6.1f} s"
        )
        print(line, flush=True)
        if (p.rows, p.cols) == (10, 10):
            latency_10.extend(times)
    print("grade distribution of the shared examples:")
    for name, counts in sorted(grades.items()):
        order = ["none", *pencilbox.puzzle(name).levels, "case", "beyond"]
        print(f"  {name:<8} " + ", ".join(f"{g} {counts[g]}" for g in order if counts[g]))
    if latency_10:
        print("case-rung hint latency 10x10, wall:", summary([1000 * w for w, _ in latency_10]))
        print("case-rung hint latency 10x10, CPU: ", summary([1000 * c for _, c in latency_10]))
        print(f"  (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
