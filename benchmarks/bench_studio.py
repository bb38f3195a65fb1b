"""The studio's verdict on the shipped bank's 10×10 boards, and on the same
boards less one clue (a seeded random one), per type.

Each board gets the editor's two verdicts, as ``POST /api/analyze`` runs them
with the default budget of work: the first answer (``upto="probe"``), then
the full grade (``upto="case"``, which the editor asks for unprompted when
the first answer is unique beyond probe). Prints p50 / p95 / max of the wall
time and of the process (CPU) time of each, the verdicts ("unique ungraded":
unique by search, but the budget ran out before the grade), and the work
units spent; target: first answer p95 ≤ 300 ms. ``PENCILBOX_BENCH_BOARDS``
sets the boards per grade (default 10: all the bank holds, 40 per type). On
a shared machine compare the process (CPU) times: wall time there includes
waiting for the processor.

    .venv/bin/python -m benchmarks bench_studio
"""

from __future__ import annotations

import os
import random
import time
from collections import Counter
from dataclasses import replace

import pencilbox
from pencilbox.bank.store import SHIPPED, Bank
from pencilbox.engine.verdict import DEFAULT_UNITS

SIZE = 10
TARGET_MS = 300.0


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def row(
    label: str, wall: list[float], cpu: list[float], verdicts: Counter[str], work: list[int]
) -> str:
    tally = ", ".join(f"{v} {n}" for v, n in sorted(verdicts.items()))
    return (
        f"  {label:<36} wall p50 {pct(wall, 0.5):6.0f} p95 {pct(wall, 0.95):6.0f} "
        f"max {max(wall):6.0f} ms | cpu p50 {pct(cpu, 0.5):6.0f} p95 {pct(cpu, 0.95):6.0f} ms"
        f" | work max {max(work):,} | n={len(wall)}: {tally}"
    )


def run() -> None:
    per_grade = int(os.environ.get("PENCILBOX_BENCH_BOARDS", "10"))
    print(
        f"analyze, {SIZE}x{SIZE} bank boards, budget {DEFAULT_UNITS:,} work units; target first "
        f"answer p95 ≤ {TARGET_MS:.0f} ms (cpu: this process's time, wall: with waits)"
    )
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
                puzzles = []
                for b in boards:
                    p = kind.parse(b.puzzle)
                    if less:
                        cells = [c for c, v in enumerate(p.clues) if v is not None]
                        clues = list(p.clues)
                        clues[rng.choice(cells)] = None
                        p = replace(p, clues=tuple(clues))
                    puzzles.append(p)
                for upto in ("probe", "case"):
                    wall: list[float] = []
                    cpu: list[float] = []
                    work: list[int] = []
                    verdicts: Counter[str] = Counter()
                    for p in puzzles:
                        t0, c0 = time.perf_counter(), time.process_time()
                        a = kind.analyze(p, upto=upto)
                        wall.append((time.perf_counter() - t0) * 1000)
                        cpu.append((time.process_time() - c0) * 1000)
                        work.append(a.work)
                        ungraded = " ungraded" if a.unique and a.grade is None else ""
                        verdicts[a.verdict + ungraded] += 1
                    first = "first answer" if upto == "probe" else "full grade"
                    print(row(f"{name} {label}, {first}", wall, cpu, verdicts, work), flush=True)
    real()


def real() -> None:
    """The shared real puzzles as a setter would open them: each one's full
    verdict within the default budget, its CPU time and its work."""
    from .bench_cases import REAL

    print("the full verdict on the shared real puzzles (default budget): CPU time, work")
    verdicts: Counter[str] = Counter()
    for url in REAL:
        kind = pencilbox.puzzle(url.split("?", 1)[1].split("/", 1)[0])
        p = kind.from_url(url)
        c0 = time.process_time()
        a = kind.analyze(p)
        ms = (time.process_time() - c0) * 1000
        verdicts["settled" if a.settled else "not settled"] += 1
        print(
            f"  {kind.name:<8} {p.rows:>2}x{p.cols:<2} {a.summary:<44} {ms:8.0f} ms "
            f"{a.work:>11,} units",
            flush=True,
        )
    tally = ", ".join(f"{v} {n}" for v, n in sorted(verdicts.items()))
    print(f"  {len(REAL)} puzzles: {tally}")
