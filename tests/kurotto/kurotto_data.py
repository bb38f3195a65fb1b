"""Shared data and helpers of the Kurotto tests (a uniquely named module, so
it does not clash with other packages' test helpers)."""

from __future__ import annotations

import random

from pencilbox.engine.kind import Puzzle

REAL_URLS = [
    "https://puzz.link/p?kurotto/10/10/sah2j.8.h.4.h6l6g4.l.8i9h9j.7.h.7.h5l5t6h3i",
    "https://puzz.link/p?kurotto/13/12/g1g1h.h0g1h2g0h4h4g1h3g1h.h2g4i2h.g1h2j.h2g.h.j6h.g.h3i6g2"
    "h5h5g4h2g.h.h3g.h5g.h.h8g9i3h.g.h6j5h3g.h.j7h.g.h9h",
    "https://puzz.link/p?kurotto/4/4/g4g3.l.3g3g",
    "https://puzz.link/p?kurotto/7/7/g123v66k55v456g",
    "https://puzz.link/p?kurotto/9/17/i123zg5h2g2h66h3g3h.7h.g4h4x567i4.5x5h7g4h56h8g5h.7h.g6h7zg"
    "234i",
    "https://puzz.link/p?kurotto/17/13/7i4i-1ai4iay1i6ibi0y3ibi9i-14iay4i7i-10i4y-11iei6ici3y1ibi7"
    "i2y-10i8i0i4i1",
    "https://puzz.link/p?kurotto/6/6/3gah.m.i9.iam8h3g2",
    "https://puzz.link/p?kurotto/10/10/46s.g21k4k2h.i1n.4j34n.i3h.k3k61g3s23",
    "https://puzz.link/p?kurotto/5/5/30m4h6h4m02",
]

ANSWER_17X13 = """
o # # # o o # # o # # o o # # # o
# o o # o # # o # o # # o # o o #
# o o o # # o o # o o # # o o o #
# o # o o o o # # # o # # # o # #
o o o # o # # # o o # # o o # # o
o # o # o # o o o # o o # # o o #
# # o o # o o # # # o # # o o # #
# o o # # # o # o # # o # # o # o
o # # # o # # o o o o # o # # o o
# # o o # o o # # # o # o # o # #
# o o # o # o # # o o # o o o o #
# o o o # # o # o # # o o # # o o
o # # # o # # o o o # # o o o # o
"""
"""The 13×17's answer as an outside ASP solver (clingo 5.8) found it, the
only one; circles are white."""

ANSWER_6X6 = """
o # o # o o
# o # o o #
# o # # # o
o # # o o o
# # o o # o
o o # o # o
"""

ANSWER_5X5 = """
o o o o o
# o # # o
# # o o #
o o # o #
# o o o o
"""


def random_puzzle(rng: random.Random, rows: int, cols: int, circles: float) -> Puzzle:
    """Clues drawn at random (often contradictory): circles with numbers
    0..4 or blank, independent of any answer."""
    clues: list[int | None] = []
    for _ in range(rows * cols):
        if rng.random() < circles:
            clues.append(rng.choice([-1, 0, 1, 1, 2, 2, 3, 3, 4, 5]))
        else:
            clues.append(None)
    return Puzzle("kurotto", rows, cols, tuple(clues))


def every_answer(p: Puzzle) -> list[tuple[int, ...]]:
    """All answers of a tiny board, by enumerating its plain cells and asking
    the independent validator."""
    from pencilbox.puzzles.kurotto.validate import validate

    free = [i for i, v in enumerate(p.clues) if v is None]
    out = []
    for mask in range(1 << len(free)):
        answer = [1] * len(p.clues)
        for j, cell in enumerate(free):
            answer[cell] = mask >> j & 1
        if not validate(p, answer):
            out.append(tuple(answer))
    return out
