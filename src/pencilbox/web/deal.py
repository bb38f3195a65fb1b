"""Dealing boards to the web app: from the graded bank, else freshly made.

The bank (``pencilbox.bank``) serves boards by type, size and grade. When it
has none for a request (or no bank file exists), a board of the requested
grade is made as the bank makes its boards, in the setter's style
(:mod:`pencilbox.engine.making`), within a budget of work, and the response
says so. Its grade is exact and earned, as the bank's are. A bank that
cannot be read (no file there, not a bank, a damaged row: see
:mod:`pencilbox.bank.store`) is said once in the server's log, in one line,
and its boards are made instead.
"""

from __future__ import annotations

import functools
import logging
from dataclasses import dataclass
from pathlib import Path

from pencilbox.engine.kind import Puzzle, PuzzleKind, Values
from pencilbox.engine.making import GRADED_UNITS, Unreachable, make_graded
from pencilbox.engine.style import AUTO

GENERATE_UNITS = GRADED_UNITS
"""The work one fallback generation may do (see :mod:`pencilbox.engine.budget`)."""
LOG = logging.getLogger("pencilbox.web")
_TOLD: set[str] = set()


def tell_unusable(path: Path, why: object) -> None:
    """Log, once per process and trouble (an error, or words), that the bank
    at ``path`` cannot be dealt from."""
    said = str(why) or type(why).__name__
    message = f"pencilbox: the bank {path} cannot be dealt from ({said}); boards are generated"
    if message not in _TOLD:
        _TOLD.add(message)
        LOG.warning(message)


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
        from pencilbox.bank.store import Bank, EmptyShelf
    except ImportError:  # pragma: no cover - bank package missing
        return None
    try:
        with Bank(path) as bank:
            b = bank.pick(kind.name, rows, cols, grade, index=index)
    except EmptyShelf:
        return None
    except Exception as e:  # missing file, no bank, a damaged row, schema drift
        tell_unusable(path, e)
        return None
    try:
        p = kind.parse(b.puzzle)
        solution: Values | None = kind.parse_solution(b.solution, p)
    except Exception as e:
        tell_unusable(path, f"board {b.id} cannot be read: {e}")
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
    except Exception as e:
        tell_unusable(path, e)
        return {}
    out: dict[str, list[list[int]]] = {}
    for kind, rows, cols in sorted(sizes):
        out.setdefault(kind, []).append([rows, cols])
    return out


def generate(
    kind: PuzzleKind,
    rows: int,
    cols: int,
    grade: str,
    seed: int,
    budget: int = GENERATE_UNITS,
    seconds: float | None = None,
) -> Dealt:
    """A fresh board of exactly ``grade``, earned, made in the setter's style
    within ``budget`` work units: the path ``pencilbox generate --grade``
    takes (:func:`pencilbox.engine.making.make_graded`). The same seed and
    budget make the same board on any machine; ``seconds`` is a safety
    clock. A grade not reached within the budget is a TimeoutError that
    says so."""
    try:
        made = make_graded(kind, rows, cols, grade, seed, AUTO, budget, seconds)
    except Unreachable as e:
        raise TimeoutError(str(e)) from None
    note = "The bank has no board like this, so one was generated."
    return Dealt(made.puzzle, made.answer, made.grade, "generated", note)
