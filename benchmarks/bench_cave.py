"""Cave figures: generator speed, count-to-2 per level on 10×10 at 85% clue
density, the census, hand-made sizes (the 19×11 real puzzle, 25×25), and
the uniqueness check on boards like hand-made ones beside clingo's.

Hand-made Cave show clues on 19-23 % of their cells. The last section
counts to 2 the shared real Cave puzzles and generated 10×10 to 15×15 Cave
thinned to that share (every clue shown, then clues taken away in a seeded
random order while the board stays unique, down to a seeded share between
19 and 23 %), and prints the CPU time of pencilbox's ``count(limit=2)`` and
of the test suite's clingo encoding (grounding and solving, in this
process), median, p90 and max, per size and over all.
"""

from __future__ import annotations

import random
import statistics
import time

import pencilbox
from pencilbox.engine.kind import Puzzle, PuzzleKind
from pencilbox.puzzles.cave.samples import SAMPLES

from .bench_growth import _outside
from .common import quantile, summary, timed

SHARE = (0.19, 0.23)
"""The clue share of hand-made Cave (clues per cell)."""
LIKE_SIZES = range(10, 16)
LIKE_BOARDS = 10
"""Thinned boards per size."""

REAL_19X11 = (
    "https://puzz.link/p?cave/19/11/5g5g757g5i5i7775g5g7g7g5i5i7g7d9dgdbdgdi7i9g95g5g5g5g5i5i"
    "7g75g5g5g5g755g735g777y5g5g733g753g5h5g5g5g5g5i5i63g5g5g5g-14g-14-10-10g-14-10-10g-14g-"
    "10-14g-14g737g5i5i5h5i5g5g733g733g5h5g62"
)


def run() -> None:
    kind = pencilbox.puzzle("cave")
    for n, boards in ((10, 100), (20, 30)):
        ms = [
            timed(lambda s=s, n=n: kind.generate(n, n, density=0.5, seed=s))[0]
            for s in range(boards)
        ]
        print(f"generate {n}x{n}: {summary(ms)}")
    puzzles = [kind.generate(10, 10, density=0.85, seed=s)[0] for s in range(30)]
    print("10x10 at density 0.85 (30 boards), count-to-2:")
    for level in kind.levels:
        runs = [timed(lambda p=p, lv=level: kind.count(p, limit=2, level=lv)) for p in puzzles]
        guesses = sum(c.guesses for _, c in runs) / len(runs)
        print(f"  {level:<7} {summary([ms for ms, _ in runs])}   mean guesses {guesses:.1f}")
    ms, boards = timed(lambda: kind.census(4, 4))
    print(f"census 4x4: {boards} boards in {ms:.0f} ms")
    ms, c = timed(lambda: kind.count(kind.from_url(REAL_19X11)))
    print(f"real 19x11: {c.solutions} solution(s), {c.guesses} guesses, {ms:.0f} ms")
    for density in (0.5, 0.7):
        for seed in range(3):
            p, _ = kind.generate(25, 25, density=density, seed=seed)
            ms, c = timed(lambda p=p: kind.count(p))
            print(
                f"25x25 density {density} seed {seed}: {c.solutions} solution(s) "
                f"complete={c.complete} guesses {c.guesses} nodes {c.nodes}, {ms:.0f} ms"
            )
    handmade_like(kind)


def thinned(kind: PuzzleKind, n: int, seed: int) -> Puzzle:
    """A unique n×n Cave with clues on a seeded 19-23 % of its cells (or on
    as few as uniqueness allows, where that is more)."""
    rng = random.Random(seed)
    p, _ = kind.generate(n, n, density=1.0, seed=seed)
    clues = list(p.clues)
    target = round(rng.uniform(*SHARE) * n * n)
    order = [c for c, v in enumerate(clues) if v is not None]
    rng.shuffle(order)
    left = len(order)
    for c in order:
        if left <= target:
            break
        v, clues[c] = clues[c], None
        counted = kind.count(Puzzle(p.type, n, n, tuple(clues)), limit=2)
        if counted.complete and counted.solutions == 1:
            left -= 1
        else:
            clues[c] = v
    return Puzzle(p.type, n, n, tuple(clues))


def _figures(ms: list[float]) -> str:
    return (
        f"median {statistics.median(ms):7.1f}  p90 {quantile(ms, 0.9):7.1f}  max {max(ms):7.1f} ms"
    )


def handmade_like(kind: PuzzleKind) -> None:
    """Count-to-2 on the real puzzles and on thinned boards, ours beside clingo's."""
    outside = _outside("cave")
    real = [kind.from_url(r.url) for r in SAMPLES.real if not r.slow]
    groups = [("real", real)]
    groups += [
        (f"{n}x{n}", [thinned(kind, n, 1000 * n + s) for s in range(LIKE_BOARDS)])
        for n in LIKE_SIZES
    ]
    print("hand-made-like Cave, count-to-2, CPU (pencilbox | clingo):")
    every: tuple[list[float], list[float]] = ([], [])
    for name, boards in groups:
        ours: list[float] = []
        theirs: list[float] = []
        clues = [sum(v is not None for v in p.clues) / (p.rows * p.cols) for p in boards]
        for p in boards:
            t = time.process_time()
            c = kind.count(p, limit=2)
            ours.append(1000 * (time.process_time() - t))
            if outside is not None:
                dt, found, settled = outside(p, kind)
                theirs.append(1000 * dt)
                if settled and c.complete and found != c.solutions:
                    print(f"  DISAGREE on {kind.to_url(p)}: {c.solutions} against {found}")
        every[0].extend(ours)
        every[1].extend(theirs)
        share = f"clues {100 * min(clues):.0f}-{100 * max(clues):.0f} %"
        outside_figures = _figures(theirs) if theirs else "-"
        print(f"  {name:<6} ({len(boards)}, {share})  {_figures(ours)} | {outside_figures}")
    ours, theirs = every
    print(f"  all    ({len(ours)})  {_figures(ours)} | {_figures(theirs) if theirs else '-'}")
