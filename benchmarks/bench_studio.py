"""Analyze latency on the shipped bank's 10×10 boards, and on the same boards
less one clue (a seeded random one), per type.

Each board goes through ``pencilbox.studio.analyze`` with the default 2 s
budget, as ``POST /api/analyze`` runs it. Prints p50 / p95 / max of the wall
time and of the process (CPU) time, the verdicts ("unique ungraded": unique by
search, but probe's fixpoint ran out of time before the grade), and how many
calls ran out of budget; target p95 ≤ 300 ms, and no call may take longer than its budget
(counted as "calls over budget"). ``PENCILBOX_BENCH_BOARDS`` sets the boards per grade
(default 10: all the bank holds, 40 per type). On a shared machine compare the process
(CPU) times: wall time there includes waiting for the processor.

    .venv/bin/python -m benchmarks bench_studio
"""

from __future__ import annotations

import os
import random
import time
from collections import Counter
from dataclasses import replace

from pencilbox.studio.analyze import DEFAULT_SECONDS

import pencilbox
from pencilbox.bank.store import SHIPPED, Bank
from pencilbox.studio import analyze

SIZE = 10
TARGET_MS = 300.0


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def row(label: str, wall: list[float], cpu: list[float], verdicts: Counter[str]) -> str:
    tally = ", ".join(f"{v} {n}" for v, n in sorted(verdicts.items()))
    return (
        f"  {label:<22} wall p50 {pct(wall, 0.5):6.0f} p95 {pct(wall, 0.95):6.0f} "
        f"max {max(wall):6.0f} ms | cpu p50 {pct(cpu, 0.5):6.0f} p95 {pct(cpu, 0.95):6.0f} ms"
        f" | n={len(wall)}: {tally}"
    )


def run() -> None:
    per_grade = int(os.environ.get("PENCILBOX_BENCH_BOARDS", "10"))
    budget_ms = DEFAULT_SECONDS * 1000
    print(
        f"analyze, {SIZE}x{SIZE} bank boards, budget {budget_ms:.0f} ms; "
        f"target p95 ≤ {TARGET_MS:.0f} ms (cpu: this process's time, wall: with waits)"
    )
    worst = 0.0
    over = 0
    with Bank(SHIPPED) as bank:
        for name in pencilbox.puzzle_names():
            kind = pencilbox.puzzle(name)
            boards = [
                b for g in kind.levels for b in list(bank.boards(name, SIZE, SIZE, g))[:per_grade]
            ]
            if not boards:
                continue
            rng = random.Random(13)
            for label, less in (("bank board", False), ("less one clue", True)):
                wall: list[float] = []
                cpu: list[float] = []
                verdicts: Counter[str] = Counter()
                for b in boards:
                    p = kind.parse(b.puzzle)
                    if less:
                        cells = [c for c, v in enumerate(p.clues) if v is not None]
                        clues = list(p.clues)
                        clues[rng.choice(cells)] = None
                        p = replace(p, clues=tuple(clues))
                    t0, c0 = time.perf_counter(), time.process_time()
                    a = analyze(kind, p)
                    wall.append((time.perf_counter() - t0) * 1000)
                    cpu.append((time.process_time() - c0) * 1000)
                    verdicts[a.verdict + (" ungraded" if a.unique and a.grade is None else "")] += 1
                worst = max(worst, max(wall))
                over += sum(1 for ms in wall if ms > budget_ms)
                print(row(f"{name} {label}", wall, cpu, verdicts), flush=True)
    print(
        f"  slowest call {worst:.0f} ms against a budget of {budget_ms:.0f} ms; "
        f"{over} calls over budget"
    )
    real()


def real() -> None:
    """The shared real puzzles as a setter would open them: each one's
    verdict within the default budget, and its CPU time."""
    from .bench_cases import REAL

    print("analyze on the shared real puzzles (default budget):")
    verdicts: Counter[str] = Counter()
    slow: list[str] = []
    for url in REAL:
        kind = pencilbox.puzzle(url.split("?", 1)[1].split("/", 1)[0])
        p = kind.from_url(url)
        c0 = time.process_time()
        a = analyze(kind, p)
        ms = (time.process_time() - c0) * 1000
        verdicts[a.verdict] += 1
        if ms > TARGET_MS or a.verdict == "unknown":
            slow.append(f"{kind.name} {p.rows}x{p.cols} {a.verdict} {a.grade} {ms:.0f} ms")
    tally = ", ".join(f"{v} {n}" for v, n in sorted(verdicts.items()))
    print(f"  {len(REAL)} puzzles: {tally}; over {TARGET_MS:.0f} ms or unknown: {slow or 'none'}")
