"""Dealing boards to the web app: from the graded bank, else freshly made.

The bank (``pencilbox.bank``) serves boards by type, size and grade. When it
has none for a request (or no bank file exists), a board is generated and
thinned towards the requested grade under a deadline, and the response says
so. Thinning follows the bank's method (remove clues while the target level
still solves), but checks the clock between removals so no request can run
long; the grade reported is the one the board really has.
"""

from __future__ import annotations

import functools
import random
import time
from dataclasses import dataclass, replace
from pathlib import Path

from pencilbox.engine.kind import Puzzle, PuzzleKind, Values
from pencilbox.engine.ladder import Status

GENERATE_SECONDS = 3.0
"""Wall-clock budget of one fallback generation."""


@dataclass(frozen=True)
class Dealt:
    """A board for the player, its answer, its grade and where it came from."""

    puzzle: Puzzle
    solution: Values | None
    grade: str | None
    source: str  # "bank" or "generated"
    note: str = ""
    board_id: int | None = None


def from_bank(
    path: Path | None, kind: PuzzleKind, rows: int, cols: int, grade: str, index: int
) -> Dealt | None:
    """Board ``index`` (wrapping) of the bank's shelf, or None when there is none."""
    if path is None:
        return None
    try:
        from pencilbox.bank.store import Bank
    except ImportError:  # pragma: no cover - bank package missing
        return None
    try:
        with Bank(path) as bank:
            b = bank.pick(kind.name, rows, cols, grade, index=index)
    except Exception:  # missing file, empty shelf, schema drift: fall back
        return None
    try:
        p = kind.parse(b.puzzle)
        solution: Values | None = kind.parse_solution(b.solution, p)
    except Exception:
        return None
    return Dealt(p, solution, b.grade, "bank", board_id=b.id)


def bank_sizes(path: Path | None) -> dict[str, list[list[int]]]:
    """The board sizes [rows, cols] the bank holds, by type ({} without a
    bank); read again only when the bank's files change. Read it, never
    edit it."""
    if path is None:
        return {}
    stamp = []
    for file in (path, path.with_name(path.name + "-wal")):
        try:
            st = file.stat()
        except OSError:
            continue
        stamp.append((st.st_mtime_ns, st.st_size))
    return _bank_sizes(path, tuple(stamp)) if stamp else {}


@functools.lru_cache(maxsize=8)
def _bank_sizes(path: Path, stamp: tuple[tuple[int, int], ...]) -> dict[str, list[list[int]]]:
    try:
        from pencilbox.bank.store import Bank

        with Bank(path) as bank:
            sizes = {(s.type, s.rows, s.cols) for s in bank.shelves()}
    except Exception:
        return {}
    out: dict[str, list[list[int]]] = {}
    for kind, rows, cols in sorted(sizes):
        out.setdefault(kind, []).append([rows, cols])
    return out


def _solves_at(kind: PuzzleKind, p: Puzzle, level: int, deadline: float | None = None) -> bool:
    """Whether ``level``'s fixpoint solves ``p`` (False when it stops at ``deadline``)."""
    seconds = None if deadline is None else max(0.0, deadline - time.monotonic())
    return kind.solve(p, level=level, seconds=seconds).status is Status.SOLVED


def _thin(kind: PuzzleKind, p: Puzzle, level: int, rng: random.Random, deadline: float) -> Puzzle:
    cells = [cell for cell, v in enumerate(p.clues) if v is not None]
    rng.shuffle(cells)
    clues = list(p.clues)
    for cell in cells:
        if time.monotonic() > deadline:
            break
        kept = clues[cell]
        clues[cell] = None
        if not _solves_at(kind, replace(p, clues=tuple(clues)), level, deadline):
            clues[cell] = kept  # also when the fixpoint stopped: the clue stays
    return replace(p, clues=tuple(clues))


def grade_of(kind: PuzzleKind, p: Puzzle, deadline: float | None = None) -> str | None:
    """The lowest level whose fixpoint solves ``p`` (None: beyond the ladder,
    or every fixpoint tried stopped at ``deadline``)."""
    for i, name in enumerate(kind.levels):
        if _solves_at(kind, p, i, deadline):
            return name
    return None


def generate(
    kind: PuzzleKind, rows: int, cols: int, grade: str, seed: int, seconds: float = GENERATE_SECONDS
) -> Dealt:
    """A fresh board thinned towards ``grade`` within ``seconds``.

    Tries seeds until one thins to exactly ``grade``; when the clock runs
    out, keeps the closest board made (every board made is solved by the
    ladder, so it has one answer) and says which grade it has. Every
    fixpoint stops at twice ``seconds`` at the latest (a clue whose test
    stopped is kept, so the board stays solved).
    """
    level = kind.levels.index(grade)
    deadline = time.monotonic() + seconds
    hard = deadline + seconds
    best: tuple[int, Puzzle, Values, str] | None = None
    attempt = 0
    while attempt == 0 or time.monotonic() < deadline:
        rng = random.Random(seed + attempt)
        full, answer = kind.generate(rows, cols, density=1.0, seed=seed + attempt)
        attempt += 1
        target = level
        while target < len(kind.levels) and not _solves_at(kind, full, target, hard):
            target += 1
        if target == len(kind.levels):
            continue
        p = full
        if target > 0 and _solves_at(kind, full, target - 1, hard):
            p = _thin(kind, p, target - 1, rng, deadline)
        p = _thin(kind, p, target, rng, deadline)
        got = grade_of(kind, p, hard) or kind.levels[target]
        distance = abs(kind.levels.index(got) - level)
        if best is None or distance < best[0]:
            best = (distance, p, answer, got)
        if distance == 0:
            break
    if best is None:
        raise TimeoutError(f"could not make a {rows}x{cols} {kind.name} in {seconds:g} s")
    _, p, answer, got = best
    note = "The bank has no board like this, so one was generated"
    note += "." if got == grade else f"; the closest it found is graded {got}."
    return Dealt(p, answer, got, "generated", note)
