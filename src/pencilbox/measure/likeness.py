"""Likeness: do our boards look like the puzzles people make?

``pencilbox measure TYPE likeness --against FILE`` reads the puzzles of FILE
(any format pencilbox reads: URLs, text grids, JSON lines with answers…)
and sets beside them the boards of the bank (``--source bank``, the shipped
one unless ``--db``) or freshly made ones (``--source generated``: the
setter's style, ``--boards`` of them at ``--size``, default 10, every grade
in turn). ``--size N`` keeps the N×N boards alone, on both sides.
For each side, as one table: the boards and their sizes, the clues per
board and per 100 cells, the clue numbers (median and mean, where the
puzzle's clues are numbers a setter picks), the share of blank clues (a
clue without its number), the share laid out with half-turn and with
mirror symmetry, the answer's shaded share (two-colour puzzles), and the
grade distribution under the one verdict.

An answer the file does not carry is found by counting (within
``--budget`` work units); a puzzle with no unique answer found counts for
every figure but the answer's.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from pencilbox.engine.kind import Puzzle, PuzzleKind, Values
from pencilbox.engine.making import make_graded
from pencilbox.engine.symmetry import MIRROR, ROT180, has_symmetry
from pencilbox.engine.verdict import judge
from pencilbox.errors import ParseError
from pencilbox.measure.common import Report

SOURCES = ("bank", "generated")


@dataclass(frozen=True)
class Board:
    """One board on a side of the comparison, with its answer if known."""

    puzzle: Puzzle
    answer: Values | None


def their_boards(kind: PuzzleKind, source: str) -> list[Board]:
    """The puzzles of the file ``source`` with the answers it carries."""
    from pencilbox.commands.source import read_documents

    return [Board(d.puzzle, d.answer) for d in read_documents(kind, source)]


def bank_boards(kind: PuzzleKind, db: str | Path | None, size: int | None) -> list[Board]:
    """Every board of ``kind`` in the bank (of ``size`` when given)."""
    from pencilbox.bank.store import SHIPPED, Bank

    out = []
    with Bank(db or SHIPPED) as bank:
        for b in bank.boards(kind.name):
            if size is not None and (b.rows, b.cols) != (size, size):
                continue
            p = kind.parse(b.puzzle)
            out.append(Board(p, kind.parse_solution(b.solution, p)))
    return out


def made_boards(kind: PuzzleKind, size: int, boards: int, seed: int) -> list[Board]:
    """``boards`` boards made in the setter's style, the grades in turn."""
    from pencilbox.bank.grading import bank_grades

    grades = bank_grades(kind)
    out = []
    for i in range(boards):
        made = make_graded(kind, size, size, grades[i % len(grades)], seed + 1000 * i)
        out.append(Board(made.puzzle, made.answer))
    return out


def answer_of(kind: PuzzleKind, b: Board, budget: int) -> Values | None:
    """The board's answer: the one it carries, else the unique one found."""
    if b.answer is not None:
        return b.answer
    c = kind.count(b.puzzle, limit=2, budget=budget)
    return c.first if c.complete and c.solutions == 1 else None


def figures(kind: PuzzleKind, boards: Iterable[Board], budget: int) -> dict[str, object]:
    """The likeness figures of one side (see the module's docstring)."""
    boards = list(boards)
    if not boards:
        return {"boards": 0}
    sizes = Counter(f"{b.puzzle.rows}x{b.puzzle.cols}" for b in boards)
    clues = [[v for v in b.puzzle.clues if v is not None] for b in boards]
    per_100 = [
        100 * len(c) / (b.puzzle.rows * b.puzzle.cols) for b, c in zip(boards, clues, strict=True)
    ]
    numbers = [v for c in clues for v in c if v >= 0]
    blanks = sum(1 for c in clues for v in c if v < 0)
    every = sum(len(c) for c in clues)
    out: dict[str, object] = {
        "boards": len(boards),
        "sizes": dict(sizes.most_common()),
        "clues": round(statistics.mean(len(c) for c in clues), 1),
        "clues_per_100_cells": round(statistics.mean(per_100), 1),
        "blank_share": round(blanks / every, 3) if every else 0.0,
        "rot180_share": share(boards, ROT180),
        "mirror_share": share(boards, MIRROR),
    }
    if kind.style.clue_numbers and numbers:
        out["number_median"] = statistics.median(numbers)
        out["number_mean"] = round(statistics.mean(numbers), 2)
    answers = [answer_of(kind, b, budget) for b in boards]
    known = [a for a in answers if a is not None]
    if known and all(max(a) <= 1 for a in known):
        out["shaded_share"] = round(statistics.mean(a.count(0) / len(a) for a in known), 3)
        out["answers"] = len(known)
    grades = Counter(judge(kind, b.puzzle, budget=budget).grade or "unknown" for b in boards)
    order = [*kind.levels, "case", "beyond", "unknown"]
    out["grades"] = {g: round(grades[g] / len(boards), 3) for g in order if grades[g]}
    return out


def share(boards: list[Board], symmetry: str) -> float:
    """The share of ``boards`` whose clue positions keep ``symmetry``."""
    kept = sum(
        1 for b in boards if has_symmetry(b.puzzle.clues, b.puzzle.rows, b.puzzle.cols, symmetry)
    )
    return round(kept / len(boards), 3)


ROWS = (
    ("boards", "boards"),
    ("sizes", "sizes (most boards first)"),
    ("clues", "clues per board"),
    ("clues_per_100_cells", "clues per 100 cells"),
    ("number_median", "clue numbers: median"),
    ("number_mean", "clue numbers: mean"),
    ("blank_share", "blank clues (share of clues)"),
    ("rot180_share", "half-turn symmetry (share of boards)"),
    ("mirror_share", "mirror symmetry (share of boards)"),
    ("shaded_share", "answer: shaded share"),
    ("grades", "grades (share of boards)"),
)


def cell(value: object) -> str:
    """One figure as a table cell."""
    if value is None:
        return "–"
    if isinstance(value, dict):
        return ", ".join(f"{k} {fmt(v)}" for k, v in value.items())
    return fmt(value)


def fmt(value: object) -> str:
    if isinstance(value, float):
        return f"{value:.3g}" if value < 1 else f"{value:g}"
    return str(value)


def measure_likeness(
    kind: PuzzleKind,
    against: str,
    source: str = "bank",
    db: str | None = None,
    size: int | None = None,
    boards: int = 40,
    seed: int = 1,
    budget: int = 200_000,
) -> Report:
    """The likeness table of ``kind``: the puzzles of ``against`` beside our
    boards from ``source`` (see the module's docstring)."""
    if source not in SOURCES:
        raise ParseError(f"--source is one of {', '.join(SOURCES)}, not {source!r}")
    theirs = [
        b
        for b in their_boards(kind, against)
        if size is None or (b.puzzle.rows, b.puzzle.cols) == (size, size)
    ]
    if source == "bank":
        ours = bank_boards(kind, db, size)
        label = f"bank ({db or 'shipped'})"
    else:
        ours = made_boards(kind, size or 10, boards, seed)
        label = f"generated ({size or 10}x{size or 10}, setter's style)"
    a, b = figures(kind, theirs, budget), figures(kind, ours, budget)
    lines = [
        f"| {kind.name} | {Path(against).name} | {label} |",
        "|---|---|---|",
    ]
    for key, words in ROWS:
        if key in a or key in b:
            lines.append(f"| {words} | {cell(a.get(key))} | {cell(b.get(key))} |")
    note = (
        "\n\nThe answer's shaded share is the share of its shaded cells (black, or "
        "wall); a puzzle's grade is its verdict's, within "
        f"{budget:,} work units. Symmetry is of the clue positions only."
    )
    return Report(
        f"{kind.name}-likeness",
        f"{kind.title} likeness: {Path(against).name} against our boards",
        {"theirs": a, "ours": b, "against": against, "source": source},
        "\n".join(lines) + note,
        {},
    )


__all__ = ["SOURCES", "figures", "measure_likeness"]
