"""Shared data and helpers of the Kurotto tests (a uniquely named module, so
it does not clash with other packages' test helpers)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from pencilbox.engine.grid import cells_of
from pencilbox.engine.kind import Puzzle
from pencilbox.engine.state import Contradiction
from pencilbox.puzzles.kurotto import rules

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


def partial(s: Any, answer: Sequence[int], rng: random.Random, keep: float) -> Any:
    """``s`` with each open cell set to ``answer``'s colour with chance ``keep``."""
    t = s.copy()
    for c, m in enumerate(t.cands):
        if m == 3 and rng.random() < keep:
            t.cands[c] = 1 << answer[c]
    return t


def circle_premises_hold(
    kind: Any,
    seed: int,
    judge: Callable[..., Any],
    sizes: Sequence[tuple[int, int]],
    densities: Sequence[float],
    keeps: Sequence[float],
    names_its_circle: bool = False,
) -> int:
    """On a small board of ``seed`` (every answer listed), from states cut
    out of an answer (and random ones): each verdict of ``judge`` on a
    circle (a rule of kurotto/rules.py) holds in every answer that agrees
    with its premises, and a contradiction leaves none. The verdicts checked."""
    rng = random.Random(seed)
    rows, cols = rng.choice(list(sizes))
    p, answer = kind.generate(rows, cols, density=rng.choice(list(densities)), seed=seed)
    every = every_answer(p)
    assert answer in every
    s = kind.start(p)
    board, g = s.board, s.board.grid
    said = 0
    for _ in range(12):
        base = (
            rng.choice(every) if rng.random() < 0.8 else tuple(rng.randint(0, 1) for _ in p.clues)
        )
        t = partial(s, base, rng, rng.choice(list(keeps)))
        black, maybe = rules.colours(t.cands)
        for circle in board.circles:
            verdict = judge(
                g, circle, black & circle.area, maybe & circle.area, rules.fresh_entry()
            )
            findings = (
                [(0, -1, "", verdict.premises)]
                if isinstance(verdict, Contradiction)
                else list(verdict)
            )
            for bits, value, _, premises in findings:
                if names_its_circle:
                    assert circle.cell in premises
                agree = [a for a in every if all(t.cands[c] >> a[c] & 1 for c in premises)]
                for a in agree:
                    assert value >= 0, f"a contradiction with an answer left: {circle.name}"
                    for c in cells_of(bits):
                        assert a[c] == value, f"{g.name(c)} by {circle.name}"
                said += 1
    return said
