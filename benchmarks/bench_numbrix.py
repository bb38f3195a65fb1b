"""Numbrix figures: generator speed, count-to-2 per level, census times.

Targets (printed, never asserted): backbite ≤ 15 ms per 10×10 answer at 60
moves per cell; count-to-2 on 10×10 at 30% printed, median ≤ 100 ms at probe.
"""

from __future__ import annotations

import random
import statistics
import time

import pencilbox
from pencilbox.puzzles.numbrix import generate, rules

from .common import quantile

BOARDS = 30
SECONDS = 5.0
PIN_SECONDS = 1.0  # search with bookkeeping alone never finishes a 10×10


def run() -> None:
    kind = pencilbox.puzzle("numbrix")
    rng = random.Random(1)
    t0 = time.perf_counter()
    draws = 50
    for _ in range(draws):
        generate.generate_answer(10, 10, rng)
    ms = (time.perf_counter() - t0) / draws * 1e3
    print(f"backbite 10x10, {generate.MOVES_PER_CELL} moves/cell: {ms:.1f} ms per answer")

    puzzles = [kind.generate(10, 10, density=0.3, seed=s)[0] for s in range(BOARDS)]
    for level in kind.levels:
        times = []
        unfinished = 0
        unique = 0
        cap = PIN_SECONDS if level == "pin" else SECONDS
        for p in puzzles:
            t = time.perf_counter()
            c = kind.count(p, limit=2, level=level, seconds=cap)
            times.append((time.perf_counter() - t) * 1e3)
            unfinished += not c.complete
            unique += c.complete and c.solutions == 1
        print(
            f"count-to-2 10x10 30% at {level:>5}: median {statistics.median(times):8.1f} ms, "
            f"p90 {quantile(times, 0.9):8.1f} ms  "
            f"({unique} unique, {unfinished} cut at {cap:.0f} s)"
        )

    # The ruler: strong alone, worth zero bits after link.
    def removed_by_span(level: str) -> int:
        total = 0
        for p in puzzles:
            s = kind.start(p)
            kind.ladder.propagate(s, kind.ladder.level_index(level))
            before = sum(m.bit_count() for m in s.cands)
            rules.span(s)
            total += before - sum(m.bit_count() for m in s.cands)
        return total

    print(
        f"span on 10x10 30%: removes {removed_by_span('pin') / BOARDS:.0f} candidates per "
        f"board after pin, {removed_by_span('link') / BOARDS:.0f} after link"
    )

    for rows, cols, cycles in [
        (3, 3, False),
        (4, 4, False),
        (5, 5, False),
        (6, 6, False),
        (4, 4, True),
        (6, 6, True),
    ]:
        t = time.perf_counter()
        n = kind.census(rows, cols, cycles=cycles)
        what = "cycles" if cycles else "directed paths"
        print(f"census {rows}x{cols} {what}: {n:,} in {time.perf_counter() - t:.2f} s")
