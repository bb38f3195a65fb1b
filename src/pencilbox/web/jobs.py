"""The puzzle work of the web app, as jobs a worker process runs.

Each job takes plain values (the puzzle type's name, a :class:`Puzzle`,
marks, a level, its seconds) and returns plain values, so it travels to a
worker of :mod:`pencilbox.web.workers` and back. Every job spends a budget
of engine work units (the same answer on any machine) and hands the
request's seconds on as a safety clock, so it answers within them: a hint
or a fixpoint that runs out says "stopped" (and whether the work or the
clock stopped it; the fixpoint with what it decided); work with nothing to
show for itself (a board not made in time) raises
:class:`~pencilbox.errors.Stopped` (the API answers 503).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pencilbox
from pencilbox.engine.kind import Marks, Puzzle, PuzzleKind, Values
from pencilbox.engine.state import single_value
from pencilbox.errors import Stopped
from pencilbox.shapes import hint_json, solved_json
from pencilbox.web import deal

SOLUTION_UNITS = 100_000
"""The work the server spends finding a board's answer (to name wrong
marks, for Reveal): the same answer on any machine, or none."""


def given_tokens(kind: PuzzleKind, p: Puzzle) -> list[str | None]:
    """The answer token every clue cell is fixed to (None: the player decides)."""
    start = kind.start(p)
    out: list[str | None] = []
    for cell, clue in enumerate(p.clues):
        m = start.cands[cell]
        fixed = clue is not None and m and m & (m - 1) == 0
        out.append(kind.value_token(single_value(m)) if fixed else None)
    return out


def puzzle_json(kind: PuzzleKind, p: Puzzle) -> dict[str, Any]:
    """A board as the browser draws it: size, clues, the tokens the clues
    fix, its URL and share link, the type's levels."""
    url = kind.to_url(p)
    return {
        "type": kind.name,
        "title": kind.title,
        "rows": p.rows,
        "cols": p.cols,
        "url": url,
        "share": "/?p=" + quote(url, safe=":/?"),
        "clues": list(p.clues),
        "given": given_tokens(kind, p),
        "puzzle": kind.puzzle_rows(p),
        "levels": list(kind.levels),
    }


def example_json(kind: PuzzleKind) -> dict[str, Any] | None:
    """The small solved board the rules show (the descriptor's ``example``),
    as the browser draws a board, with ``answer``: its answer token per cell."""
    example = kind.frontend.example if kind.frontend else None
    if example is None:
        return None
    rows, cols = len(example.puzzle), len(example.puzzle[0].split())
    p = kind.parse(f"{kind.name} {rows}x{cols}\n" + "\n".join(example.puzzle))
    answer = kind.parse_solution("\n".join(example.answer), p)
    return {
        "type": kind.name,
        "rows": rows,
        "cols": cols,
        "clues": list(p.clues),
        "given": given_tokens(kind, p),
        "answer": [kind.value_token(v) for v in answer],
    }


def board(name: str, p: Puzzle, seconds: float) -> dict[str, Any]:
    """The board ``p`` as JSON (:func:`puzzle_json`)."""
    return puzzle_json(pencilbox.puzzle(name), p)


def dealt_json(
    kind: PuzzleKind, d: deal.Dealt, requested: str
) -> tuple[dict[str, Any], Values | None]:
    """A dealt board as JSON (where it came from, its grade), and its answer."""
    out = puzzle_json(kind, d.puzzle)
    out.update(source=d.source, grade=d.grade, requested=requested, note=d.note, board=d.board_id)
    return out, d.solution


def deal_from_bank(
    path: Path | None, name: str, rows: int, cols: int, grade: str, index: int, seconds: float
) -> tuple[dict[str, Any], Values | None] | None:
    """Board ``index`` of the bank's shelf as JSON, and its answer; None
    when the bank has no such shelf."""
    kind = pencilbox.puzzle(name)
    d = deal.from_bank(path, kind, rows, cols, grade, index)
    return None if d is None else dealt_json(kind, d, grade)


def find_answer(kind: PuzzleKind, p: Puzzle, seconds: float | None = None) -> Values | None:
    """The unique answer, or None if there is none, several, or the budget
    (:data:`SOLUTION_UNITS`) ran out. Searches with the level below probe
    (cheap per node); ``seconds`` is a safety clock."""
    level = kind.levels[max(0, len(kind.levels) - 2)]
    c = kind.count(p, limit=2, level=level, budget=SOLUTION_UNITS, seconds=seconds)
    return c.first if c.complete and c.solutions == 1 else None


def hint(
    name: str,
    p: Puzzle,
    marks: Marks | None,
    level: str,
    known: bool,
    answer: Values | None,
    seconds: float,
) -> tuple[dict[str, Any], Values | None, bool]:
    """The hint as JSON (status "stopped" when ``seconds`` ran out first);
    the answer (looked up here when marks are given and the server does not
    know it yet: ``known`` is false) and whether it was looked up, so the
    server can remember it (None too: no unique answer)."""
    kind = pencilbox.puzzle(name)
    deadline = time.monotonic() + seconds
    looked_up = False
    if marks is not None and not known:
        answer = find_answer(kind, p, seconds / 2)
        looked_up = True
    # Without a known answer the hint reports only what the ladder itself
    # refutes (it does not search for the answer again).
    left = max(0.0, deadline - time.monotonic())
    h = kind.hint(p, marks, level=level, solution=answer, seconds=left, look_up=False)
    return hint_json(kind, p, h, every_key=True), answer, looked_up


def answer(name: str, p: Puzzle, seconds: float) -> tuple[Values | None, str]:
    """The unique answer (None: none, several, or the budget ran out), and
    how many answers the search found, as :func:`answer_count` says it."""
    kind = pencilbox.puzzle(name)
    level = kind.levels[max(0, len(kind.levels) - 2)]
    c = kind.count(p, limit=2, level=level, budget=SOLUTION_UNITS, seconds=seconds)
    if not c.complete:
        return None, "unknown"
    if c.solutions == 1:
        return c.first, "one"
    return None, "none" if c.solutions == 0 else "several"


def answer_count(name: str, p: Puzzle, seconds: float) -> str:
    """ "none", "one" or "several" answers, or "unknown" when the search ran out."""
    return answer(name, p, seconds)[1]


def solve(name: str, p: Puzzle, level: str | None, seconds: float) -> dict[str, Any]:
    """The fixpoint of the ladder up to ``level``, as JSON; status "stopped"
    with the cells decided so far (and ``stop``, "work" or "clock") when its
    budget of work, or the safety clock of ``seconds``, ran out first."""
    kind = pencilbox.puzzle(name)
    s = kind.solve(p, level, seconds=seconds)
    return solved_json(kind, p, s)


def make(
    name: str, rows: int, cols: int, grade: str, seed: int, seconds: float
) -> tuple[dict[str, Any], Values | None]:
    """A fresh board of exactly ``grade`` (see :func:`deal.generate`),
    as JSON with its answer, within its budget of work; the request's
    ``seconds`` are a safety clock."""
    kind = pencilbox.puzzle(name)
    try:
        d = deal.generate(kind, rows, cols, grade, seed, deal.GENERATE_UNITS, seconds * 0.9)
    except TimeoutError as e:
        raise Stopped(str(e)) from None
    return dealt_json(kind, d, grade)
