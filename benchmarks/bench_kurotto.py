"""Kurotto figures: count-to-2 per level on 10×10 at 80% circle density, the
uniqueness oracle per board, and the real puzzles. Printed, never asserted.
Times are this process's CPU time (the work itself, whatever else the
machine runs)."""

from __future__ import annotations

import statistics
import time

import pencilbox

from .common import quantile

BOARDS = 30
SECONDS = 10.0
"""Deadline of one count: a board that needs more is reported as incomplete."""
REAL = [
    ("10x10 a", "https://puzz.link/p?kurotto/10/10/sah2j.8.h.4.h6l6g4.l.8i9h9j.7.h.7.h5l5t6h3i"),
    (
        "13x12",
        "https://puzz.link/p?kurotto/13/12/g1g1h.h0g1h2g0h4h4g1h3g1h.h2g4i2h.g1h2j.h2g.h.j6h"
        ".g.h3i6g2h5h5g4h2g.h.h3g.h5g.h.h8g9i3h.g.h6j5h3g.h.j7h.g.h9h",
    ),
    ("4x4", "https://puzz.link/p?kurotto/4/4/g4g3.l.3g3g"),
    ("7x7", "https://puzz.link/p?kurotto/7/7/g123v66k55v456g"),
    (
        "9x17",
        "https://puzz.link/p?kurotto/9/17/i123zg5h2g2h66h3g3h.7h.g4h4x567i4.5x5h7g4h56h8g5h.7h"
        ".g6h7zg234i",
    ),
    ("6x6", "https://puzz.link/p?kurotto/6/6/3gah.m.i9.iam8h3g2"),
    ("10x10 b", "https://puzz.link/p?kurotto/10/10/46s.g21k4k2h.i1n.4j34n.i3h.k3k61g3s23"),
    ("5x5", "https://puzz.link/p?kurotto/5/5/30m4h6h4m02"),
]

HARD = (
    "https://puzz.link/p?kurotto/17/13/7i4i-1ai4iay1i6ibi0y3ibi9i-14iay4i7i-10i4y-11iei6ici3y1ibi7"
    "i2y-10i8i0i4i1"
)
"""The hard real 13×17 (18.6 s for an outside ASP solver; probe decides 65 of
its 221 cells)."""


def _ms(xs: list[float]) -> str:
    return f"median {1000 * statistics.median(xs):7.1f} ms  p90 {1000 * quantile(xs, 0.9):7.1f} ms"


def run() -> None:
    kind = pencilbox.puzzle("kurotto")
    boards = [kind.generate(10, 10, density=0.8, seed=seed) for seed in range(BOARDS)]
    for level in kind.levels:
        times = []
        incomplete = 0
        for p, _ in boards:
            t = time.process_time()
            c = kind.count(p, limit=2, level=level, seconds=SECONDS)
            times.append(time.process_time() - t)
            incomplete += not c.complete
        print(f"count-to-2 10x10 @80% {level:6s} {_ms(times)}  incomplete {incomplete}/{BOARDS}")
    times = []
    verdicts: dict[str, int] = {}
    for p, answer in boards:
        t = time.process_time()
        r = kind.oracle(p, answer, budget=2_000)
        times.append(time.process_time() - t)
        key = f"{r.verdict}/{r.certificate}"
        verdicts[key] = verdicts.get(key, 0) + 1
    print(f"oracle 10x10 @80%              {_ms(times)}  {verdicts}")
    for name, url in REAL:
        p = kind.from_url(url)
        t = time.process_time()
        c = kind.count(p, seconds=120)
        dt = time.process_time() - t
        print(
            f"real {name:8s} count {dt:7.2f} s  solutions {c.solutions} "
            f"complete {c.complete} nodes {c.nodes}"
        )
    p = kind.from_url(HARD)
    t = time.process_time()
    c = kind.count(p, seconds=120)
    print(
        f"real 13x17    count {time.process_time() - t:7.2f} s  solutions {c.solutions} "
        f"complete {c.complete} nodes {c.nodes} guesses {c.guesses}"
    )
