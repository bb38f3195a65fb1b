"""The hand-made Kurotto of examples/kurotto-handmade.jsonl: the full grade
of each (the verdict with every rung, the case rung included, as ``grade``
and the studio give it), its CPU time and work, and the grade table; then
hint chains from an empty board at the top hint level, every hinted value
checked against the published answer. Printed, never asserted.

Times are this process's CPU time. ``BENCH_HANDMADE_QUICK=1`` grades every
fourth puzzle and skips the chains; ``BENCH_HANDMADE_CHAINS=0`` skips the
chains only.
"""

from __future__ import annotations

import json
import os
import pathlib
import time
from collections import Counter

import pencilbox
from pencilbox.engine.kind import Puzzle, PuzzleKind, Values

from .common import quantile

FILE = pathlib.Path(__file__).parents[1] / "examples" / "kurotto-handmade.jsonl"
SAFETY_SECONDS = 300.0
"""The safety clock of one grade or hint (their budgets of work decide)."""


def handmade() -> list[tuple[int, Puzzle, Values]]:
    """Each puzzle of the file: its number, the puzzle, the published answer."""
    kind = pencilbox.puzzle("kurotto")
    out = []
    for line in FILE.read_text().splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        p = kind.from_url(row["url"])
        answer = kind.parse_solution("\n".join(" ".join(r) for r in row["answer"]), p)
        out.append((row["n"], p, answer))
    return out


def chain(kind: PuzzleKind, p: Puzzle, answer: Values) -> tuple[str, int, int, list[float]]:
    """Hints at the top level from an empty board until none is left: how it
    ended ("solved", "WRONG" or the last status), the hints given, how many
    of them were case splits, and the CPU seconds of each."""
    marks: list[int | None] = [None] * (p.rows * p.cols)
    times: list[float] = []
    cases = 0
    while True:
        t = time.process_time()
        h = kind.hint(p, tuple(marks), level="case", solution=answer, seconds=SAFETY_SECONDS)
        times.append(time.process_time() - t)
        if h.status != "hint":
            return h.status, len(times) - 1, cases, times
        assert h.cell is not None and h.value is not None
        if answer[h.cell] != h.value:
            return "WRONG", len(times), cases, times
        cases += h.case is not None
        marks[h.cell] = h.value


def _grade_label(v: object) -> str:
    grade = getattr(v, "grade", None)
    if getattr(v, "verdict", "") != "unique":
        return str(getattr(v, "verdict", "?"))
    return str(grade) if grade is not None else "unsettled"


def run() -> None:
    quick = os.environ.get("BENCH_HANDMADE_QUICK") == "1"
    chains = not quick and os.environ.get("BENCH_HANDMADE_CHAINS") != "0"
    kind = pencilbox.puzzle("kurotto")
    boards = handmade()
    if quick:
        boards = boards[::4]
    print(f"hand-made Kurotto ({len(boards)} of {FILE.name}): the full grade, CPU")
    grades: Counter[str] = Counter()
    times: list[tuple[float, int, str, int]] = []
    for n, p, _ in boards:
        t = time.process_time()
        v = kind.grade(p, seconds=SAFETY_SECONDS)
        dt = time.process_time() - t
        label = _grade_label(v)
        grades[label] += 1
        size = f" {v.case_size}" if v.case_size is not None else ""
        times.append((dt, n, label + size, v.work))
    order = ["none", *kind.levels, *kind.rungs_above, "case", "beyond", "several", "unsettled"]
    print("  grades: " + ", ".join(f"{g} {grades[g]}" for g in order if grades[g]))
    cpu = [t for t, _, _, _ in times]
    print(
        f"  grade CPU: median {quantile(cpu, 0.5):.3f} s  p95 {quantile(cpu, 0.95):.3f} s  "
        f"max {max(cpu):.3f} s  (total {sum(cpu):.1f} s)"
    )
    for dt, n, label, work in sorted(times, reverse=True)[:6]:
        print(f"    n={n:<4} {label:<10} {dt:6.2f} s  {work:>10,} units")
    print(f"  (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    if not chains:
        return
    print("hint chains from an empty board at the top level (case), checked against the answers")
    ends: Counter[str] = Counter()
    hints = cases = 0
    latency: list[float] = []
    for n, p, answer in boards:
        end, given, split, each = chain(kind, p, answer)
        ends[end] += 1
        hints += given
        cases += split
        latency.extend(each)
        if end != "solved":
            print(f"    n={n}: {end} after {given} hints")
    print(
        f"  {len(boards)} chains: "
        + ", ".join(f"{e} {c}" for e, c in sorted(ends.items()))
        + f"; {hints} hints, {cases} of them case splits"
    )
    print(
        f"  hint CPU: median {1000 * quantile(latency, 0.5):.1f} ms  "
        f"p95 {1000 * quantile(latency, 0.95):.1f} ms  max {1000 * max(latency):.1f} ms"
    )
    print(f"  (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
