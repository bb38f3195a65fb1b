"""The case rung: grades of real puzzles people made (:data:`REAL`), hint
chains from an empty board on the ones probe cannot finish (every hinted
value checked against the answer), and case-rung hint latency at 10×10.
Printed, never asserted. ``BENCH_CASES_QUICK=1`` keeps to boards of at most 100 cells."""

from __future__ import annotations

import os
import time
from collections import Counter

import pencilbox
from pencilbox.engine.kind import Puzzle, PuzzleKind, Values

from .common import summary

REAL = [
    "https://puzz.link/p?kurotto/10/10/sah2j.8.h.4.h6l6g4.l.8i9h9j.7.h.7.h5l5t6h3i",
    "https://puzz.link/p?kurotto/13/12/g1g1h.h0g1h2g0h4h4g1h3g1h.h2g4i2h.g1h2j.h2g.h.j6h.g.h3i6g"
    "2h5h5g4h2g.h.h3g.h5g.h.h8g9i3h.g.h6j5h3g.h.j7h.g.h9h",
    "https://puzz.link/p?kurotto/4/4/g4g3.l.3g3g",
    "https://puzz.link/p?kurotto/7/7/g123v66k55v456g",
    "https://puzz.link/p?kurotto/9/17/i123zg5h2g2h66h3g3h.7h.g4h4x567i4.5x5h7g4h56h8g5h.7h.g6h7z"
    "g234i",
    "https://puzz.link/p?cave/10/10/7i6i7j6j3i5i6w8p6w2i7i5j3j6i3ib",
    "https://puzz.link/p?cave/19/11/5g5g757g5i5i7775g5g7g7g5i5i7g7d9dgdbdgdi7i9g95g5g5g5g5i5i7g75"
    "g5g5g5g755g735g777y5g5g733g753g5h5g5g5g5g5i5i63g5g5g5g-14g-14-10-10g-14-10-10g-14g-10-14g-"
    "14g737g5i5i5h5i5g5g733g733g5h5g62",
    "https://puzz.link/p?cave/7/5/g.g3.g3i3g.3g3r3h3h3",
    "https://puzz.link/p?yinyang/12/5/02903a2o490i392o0290",
    "https://puzz.link/p?yinyang/14/10/000003fji00i3i669j099i31109960kl0320g010a000000",
    "https://puzz.link/p?cave/11/11/9g7k6g5g7m5g5g6k7g6u6g7o9o6g7u5g5kag6gbm3g6g8k7g6",
    "https://puzz.link/p?kurotto/17/13/7i4i-1ai4iay1i6ibi0y3ibi9i-14iay4i7i-10i4y-11iei6ici3y1ib"
    "i7i2y-10i8i0i4i1",
    "https://puzz.link/p?yinyang/11/11/02000620ik00i0i00i8kiq030061206j002100600",
    "https://puzz.link/p?yinyang/22/18/00000000000000030190030000900003000000900130020006000l0000"
    "090000i0020009400030200060000002empf01900001009901030130900031009a00009000",
    "https://puzz.link/p?cave/10/10/l.j2h2h2h.h.h.q2i2h2g.l.k.h.h.g2h2i.i.j2h2j.i.i",
    "https://puzz.link/p?yinyang/15/15/00000000006a8jo3j6b06a8b03j6207h31o000005bobc0b6965j6bc626"
    "964bojc0000000000",
    "https://puzz.link/p?yinyang/8/8/9003003c30099033100030",
    "https://puzz.link/p?kurotto/6/6/3gah.m.i9.iam8h3g2",
    "https://puzz.link/p?cave/6/6/k3h6j2l7g3g2h3n",
    "https://puzz.link/p?yinyang/6/6/6a166b230900",
    "https://puzz.link/p?yinyang/6/6/0j40j0060220",
    "https://puzz.link/p?kurotto/10/10/46s.g21k4k2h.i1n.4j34n.i3h.k3k61g3s23",
    "https://puzz.link/p?cave/10/10/i4h4k3j7i6l5g5j6i6j5p4j5i7j6g8l9i6j8k7h7i",
    "https://puzz.link/p?yinyang/9/9/00016009b6090p720020i069230",
    "https://puzz.link/p?yinyang/9/9/000630k036300a0003399030000",
    "https://puzz.link/p?yinyang/5/5/016612300",
    "https://puzz.link/p?cave/6/6/g3q2h3jbj3i3i2g",
    "https://puzz.link/p?kurotto/5/5/30m4h6h4m02",
]
"""Real puzzles people made and published on puzz.link (every one is unique)."""

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
