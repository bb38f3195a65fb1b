"""Yin-Yang figures: generator speed, fixpoint and count-to-2 per level, census."""

from __future__ import annotations

import pencilbox

from .common import level_table, summary, timed


def run() -> None:
    kind = pencilbox.puzzle("yinyang")
    for n, boards in ((6, 300), (10, 200), (20, 30)):
        ms = [
            timed(lambda s=s, n=n: kind.generate(n, n, density=0.5, seed=s))[0]
            for s in range(boards)
        ]
        print(f"generate {n}x{n}: {summary(ms)}")
    puzzles = [kind.generate(10, 10, density=0.8, seed=s)[0] for s in range(40)]
    level_table(kind, puzzles, "10x10 at density 0.8 (40 boards):")
    ms, boards = timed(lambda: kind.census(4, 4))
    print(f"census 4x4: {boards} boards in {ms:.0f} ms")
