"""An outside solver for cross-checks: clingo (answer set programming).

Each puzzle's test writes the rules of the puzzle as a logic program of its
own, from the text grid alone, sharing nothing with pencilbox's ladders,
search or brute force. Needs the optional ``clingo`` package (the
``crosscheck`` extra); tests skip without it.
"""

from __future__ import annotations

from dataclasses import dataclass

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
    """Count the answer sets of ``program`` up to ``limit`` within ``seconds``."""
    ctl = clingo.Control([str(limit)])
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
    settled = len(found) >= limit or (finished and result.exhausted)
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
