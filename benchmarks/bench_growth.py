"""Growth with size: count-to-2 and the studio's verdict on generated boards
from 6×6 to 30×30 (and one rectangle per type), beside the same boards
counted to 2 by the clingo encodings the test suite cross-checks with
(``tests/*/test_asp_crosscheck.py``). Printed, never asserted.

Per type, size and kind of board, the median and p90 of the CPU time of
pencilbox's ``count(limit=2)`` (as ``pencilbox count`` runs it: with
the puzzle's sketch first, see :meth:`~pencilbox.engine.kind.PuzzleKind.sketch`),
of the studio's first verdict
(``kind.analyze(upto="probe")``, the default budget of work, as
``POST /api/analyze`` runs it) with its verdicts, and of clingo (grounding
and solving, in this process), each with the boards it did not settle:

- *several*: the generator's default density, where boards have several
  answers (the count finds two);
- *unique*: thinned as the bank thins (``studio.helpers.thin``): every
  clue shown, then clues removed in a seeded random order while the
  fixpoint of the level below probe still solves the board, for at most
  ``PENCILBOX_BENCH_SECONDS`` (a thinning cut there keeps more clues, and
  the board stays unique); clingo's count is printed beside, and a
  disagreement with ours is flagged.

``PENCILBOX_BENCH_BOARDS`` sets the boards per line (default 5; the slow
lines need minutes), ``PENCILBOX_BENCH_SEED`` the first seed of the
boards of several answers (default 0), ``PENCILBOX_BENCH_SECONDS`` the deadline of one count
(default 20 s; a count cut there is "cut"), ``PENCILBOX_BENCH_TYPES`` and
``PENCILBOX_BENCH_SIZES`` (as ``10,15,20``) narrow the run; without clingo
(the ``crosscheck`` extra), and past ``OUTSIDE_CELLS``, its column reads
"-". At the defaults the run takes the best part of an hour on the 2-core
machine, most of it Kurotto's boards of several answers from 15×15, which
both solvers leave cut.
"""

from __future__ import annotations

import importlib
import os
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import pencilbox
from pencilbox.engine.kind import Puzzle, PuzzleKind
from pencilbox.studio import helpers

from .common import quantile

SIZES = (6, 10, 15, 20, 25, 30)
RECTANGLES = {"yinyang": (12, 20), "cave": (15, 25), "kurotto": (8, 14), "numbrix": (12, 18)}
"""One rectangle per type, beside the squares."""
OUTSIDE_CELLS = {"numbrix": 25 * 25}
"""Past this many cells clingo is not asked: its grounding, which the
deadline does not bound, holds a term per cell and value (minutes, and
gigabytes, at Numbrix 30×30)."""
BOARDS = int(os.environ.get("PENCILBOX_BENCH_BOARDS", "5"))
SECONDS = float(os.environ.get("PENCILBOX_BENCH_SECONDS", "20"))
FIRST = int(os.environ.get("PENCILBOX_BENCH_SEED", "0"))
"""The first seed of the boards of several answers (``pencilbox generate
--style raw --seed FIRST``'s boards)."""
TRIES = 2
"""Seeds tried per unique board wanted (a board the fixpoint cannot solve
with every clue shown cannot be thinned)."""


def _figures(times: list[float], cut: int) -> str:
    if not times:
        return "-"
    ms = [1000 * t for t in times]
    tail = f", cut {cut}" if cut else ""
    return f"{quantile(ms, 0.5):8.1f} / {quantile(ms, 0.9):8.1f} ms{tail}"


def _outside(name: str) -> Callable[[Puzzle, PuzzleKind], tuple[float, int, bool]] | None:
    """Count-to-2 by the test suite's clingo encoding of ``name``: (CPU
    seconds, answers found up to 2, settled); None without clingo."""
    try:
        asp: Any = importlib.import_module("tests.asp")
        encoding: Any = importlib.import_module(f"tests.{name}.test_asp_crosscheck")
    except BaseException:  # clingo missing: pytest.importorskip raises Skipped
        return None

    def count(p: Puzzle, kind: PuzzleKind) -> tuple[float, int, bool]:
        t = time.process_time()
        found = asp.solve(encoding.program(kind.format(p)), limit=2, seconds=SECONDS)
        return time.process_time() - t, found.count, found.settled

    return count


def _boards(kind: PuzzleKind, rows: int, cols: int, unique: bool) -> tuple[list[Puzzle], str]:
    """The boards of one line, and how they were found."""
    if not unique:
        boards = [kind.generate(rows, cols, seed=s)[0] for s in range(FIRST, FIRST + BOARDS)]
        return boards, f"density {kind.default_density:g}"
    boards = []
    tried = 0
    clues = 0
    while len(boards) < BOARDS and tried < TRIES * BOARDS:
        p = kind.generate(rows, cols, density=1.0, seed=10_000 + tried)[0]
        tried += 1
        try:
            thinned = helpers.thin(kind, p, kind.ladder.top - 1, seconds=SECONDS, seed=tried)
        except helpers.NotReady:
            continue
        boards.append(thinned.puzzle)
        clues += sum(v is not None for v in thinned.puzzle.clues)
    mean = clues / len(boards) if boards else 0
    return boards, f"thinned, {len(boards)} of {tried} seeds, {mean:.0f} clues on average"


def _line(kind: PuzzleKind, rows: int, cols: int, unique: bool, outside: Any) -> None:
    boards, how = _boards(kind, rows, cols, unique)
    ours: list[float] = []
    ours_cut = 0
    studio: list[float] = []
    verdicts: Counter[str] = Counter()
    theirs: list[float] = []
    theirs_cut = 0
    disagree = 0
    for p in boards:
        t = time.process_time()
        c = kind.count(p, limit=2, seconds=SECONDS, sketch=True)
        ours.append(time.process_time() - t)
        ours_cut += not (c.complete or c.solutions >= 2)
        t = time.process_time()
        verdicts[kind.analyze(p, upto="probe").verdict] += 1
        studio.append(time.process_time() - t)
        if outside is not None and rows * cols <= OUTSIDE_CELLS.get(kind.name, rows * cols):
            dt, found, settled = outside(p, kind)
            theirs.append(dt)
            theirs_cut += not settled
            settled_ours = c.complete or c.solutions >= 2
            disagree += settled and settled_ours and found != min(c.solutions, 2)
    label = f"{kind.name} {rows}x{cols} {'unique' if unique else 'several'}"
    tally = ", ".join(f"{v} {n}" for v, n in sorted(verdicts.items()))
    print(
        f"  {label:<26} count {_figures(ours, ours_cut)} | studio {_figures(studio, 0)} "
        f"({tally}) | clingo {_figures(theirs, theirs_cut)}"
        f"{f' | DISAGREE {disagree}' if disagree else ''}   [{how}]",
        flush=True,
    )


def run() -> None:
    types = os.environ.get("PENCILBOX_BENCH_TYPES")
    names = types.split(",") if types else list(pencilbox.puzzle_names())
    sizes = os.environ.get("PENCILBOX_BENCH_SIZES")
    squares = tuple(int(x) for x in sizes.split(",")) if sizes else SIZES
    print(
        f"growth: count-to-2 / studio verdict / clingo count-to-2, CPU median / p90, "
        f"{BOARDS} boards a line, {SECONDS:g} s a count"
    )
    for name in names:
        kind = pencilbox.puzzle(name)
        outside = _outside(name)
        shapes = [(n, n) for n in squares]
        if not sizes:
            shapes.append(RECTANGLES.get(name, (10, 20)))
        for unique in (False, True):
            for rows, cols in shapes:
                _line(kind, rows, cols, unique, outside)
