"""An outside solver for cross-checks: clingo (answer set programming).

Each puzzle's test writes the rules of the puzzle as a logic program of its
own, from the text grid alone, sharing nothing with pencilbox's ladders,
search or brute force. Needs the optional ``clingo`` package (the
``crosscheck`` extra); tests skip without it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

clingo = pytest.importorskip("clingo")


@dataclass(frozen=True)
class Answers:
    """Answer sets found (at most the limit asked), whether that count is
    final, and the first answer's atoms."""

    count: int
    settled: bool
    first: frozenset[str]


def solve(program: str, limit: int = 2, seconds: float = 60.0) -> Answers:
    """Count the answer sets of ``program`` up to ``limit`` (0: all) within ``seconds``."""
    ctl = clingo.Control([str(limit)], logger=lambda _code, _message: None)
    ctl.add("base", [], program)
    ctl.ground([("base", [])])
    found: list[frozenset[str]] = []

    def on_model(model: clingo.Model) -> None:
        found.append(frozenset(str(a) for a in model.symbols(shown=True)))

    with ctl.solve(on_model=on_model, async_=True) as handle:
        finished = handle.wait(seconds)
        if not finished:
            handle.cancel()
        result = handle.get()
    settled = (limit > 0 and len(found) >= limit) or (finished and result.exhausted)
    return Answers(len(found), settled, found[0] if found else frozenset())


def tokens(text: str) -> list[list[str]]:
    """The cell tokens of a text grid, row by row (the header and comments dropped)."""
    rows = [line.split() for line in text.splitlines() if line.strip() and line[0] != ";"]
    if rows and rows[0][0].isalpha() and "x" in rows[0][-1]:
        rows = rows[1:]
    return rows


ADJACENT = """
adj(R,C,R+1,C) :- cell(R,C), cell(R+1,C).
adj(R,C,R,C+1) :- cell(R,C), cell(R,C+1).
adj(X,Y,R,C) :- adj(R,C,X,Y).
"""


def agree_on_uniqueness(
    kind: Any,
    program: Callable[[str], str],
    atoms: Callable[[Any, Any], frozenset[str]],
    sizes: Sequence[int],
    density: float,
    boards: int,
) -> dict[str, int]:
    """Raw boards of each size, counted to 2 by clingo and by us.

    clingo must settle every board, find the generator's answer (as the only
    one when it finds one), and agree with the measurements' uniqueness test
    and with our search's count wherever those settle. ``atoms`` turns a
    puzzle's answer into the shown atoms of ``program``. Returns the tallies.
    """
    from pencilbox.measure.common import is_unique

    tally = {"boards": 0, "unique": 0, "several": 0, "compared": 0, "counted": 0}
    for size in sizes:
        for i in range(boards):
            p, answer = kind.generate(size, size, density=density, seed=1000 * size + i)
            outside = solve(program(kind.format(p)), limit=2, seconds=60)
            where = f"{kind.name} {size}x{size} seed {1000 * size + i}"
            assert outside.settled, f"clingo did not settle {where}"
            assert outside.count >= 1, f"clingo finds no answer to {where}"
            if outside.count == 1:
                assert outside.first == atoms(p, answer), where
            tally["boards"] += 1
            tally["unique" if outside.count == 1 else "several"] += 1
            ours = is_unique(kind, p, answer)  # what the measurements ask
            if ours is not None:
                assert ours == (outside.count == 1), where
                tally["compared"] += 1
            c = kind.count(p, limit=2, budget=2_000, seconds=20)
            if c.complete or c.solutions >= 2:
                assert min(c.solutions, 2) == outside.count, where
                tally["counted"] += 1
    return tally


def shaded(name: str, p: Any, answer: Sequence[int]) -> frozenset[str]:
    """``name(r,c)`` for every cell whose value is 0 (black, wall)."""
    return frozenset(f"{name}({i // p.cols},{i % p.cols})" for i, v in enumerate(answer) if v == 0)
