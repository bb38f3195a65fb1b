"""Cave figures: generator speed, count-to-2 per level on 10×10 at 85% clue
density, the census, and hand-made sizes (the 19×11 real puzzle, 25×25)."""

from __future__ import annotations

import pencilbox

from .common import summary, timed

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
