"""The grades a bank holds, and the proofs its boards carry.

A board's grade is its verdict's (:func:`pencilbox.engine.verdict.judge`,
the one every surface uses): the lowest ladder level whose fixpoint solves
it without guessing. The bank makes boards of a chosen grade by thinning
(:mod:`pencilbox.engine.thinning`, the one thinning there is) and keeps a
board only when its verdict's grade is exactly the target; then it proves
the board unique by counting, and on small boards by the independent brute
force too (:func:`prove_unique`).
"""

from __future__ import annotations

from dataclasses import dataclass

from pencilbox.engine import search
from pencilbox.engine.kind import Puzzle, PuzzleKind, Values
from pencilbox.engine.state import single_value
from pencilbox.engine.thinning import has_exact_grade, is_minimal, solves_at, thin, without_clue
from pencilbox.engine.verdict import judge

PROVE_UNITS = 10 * search.DEFAULT_UNITS
"""The most work a uniqueness proof may do; a board whose proof needs more
is not proved (so not stored), and its task tries the next seed."""
PROVE_SECONDS = 600.0
"""The safety clock of a proof (only runaway work reaches it)."""
BRUTE_CELLS = 36
"""The independent brute force re-proves boards of at most this many cells (6×6)."""


def bank_grades(kind: PuzzleKind) -> tuple[str, ...]:
    """The grades a bank holds for ``kind``: its levels, less those the kind
    says are no grade for a bank (``kind.bank_skips``)."""
    return tuple(level for level in kind.levels if level not in kind.bank_skips)


@dataclass(frozen=True)
class Proof:
    """How a board's uniqueness was proved."""

    unique: bool
    search_nodes: int
    brute: bool
    """Whether the independent brute force confirmed it too."""
    reason: str = ""


def exact_grade(kind: PuzzleKind, p: Puzzle, grade: str) -> bool:
    """Whether the verdict on ``p`` is unique with exactly ``grade``."""
    v = judge(kind, p, budget=PROVE_UNITS, seconds=PROVE_SECONDS)
    return v.unique and v.grade == grade


def prove_unique(
    kind: PuzzleKind, p: Puzzle, answer: Values, seconds: float = PROVE_SECONDS
) -> Proof:
    """Prove ``p`` has exactly one solution, ``answer``.

    The counting search must finish (within :data:`PROVE_UNITS` of work,
    ``seconds`` being a safety clock) and find one solution, equal to
    ``answer``; on boards of at most :data:`BRUTE_CELLS` cells the
    independent brute force must agree.
    """
    c = kind.count(p, limit=2, budget=PROVE_UNITS, seconds=seconds)
    if not (c.complete and c.solutions == 1):
        return Proof(
            False,
            c.nodes,
            False,
            f"search: {c.solutions} solutions, "
            f"{'complete' if c.complete else 'budget or time ran out'}",
        )
    if c.first != tuple(answer):
        return Proof(False, c.nodes, False, "search found another answer")
    if kind.validate(p, answer):
        return Proof(False, c.nodes, False, "the answer breaks a rule")
    if p.rows * p.cols > BRUTE_CELLS:
        return Proof(True, c.nodes, False)
    b = kind.brute_count(p, limit=2)
    if not (b.complete and b.solutions == 1):
        return Proof(
            False,
            c.nodes,
            True,
            f"brute force: {b.solutions} solutions, "
            f"{'complete' if b.complete else 'budget ran out'}",
        )
    if b.first is not None and tuple(b.first) != tuple(answer):
        return Proof(False, c.nodes, True, "brute force found another answer")
    return Proof(True, c.nodes, True)


def answer_of(kind: PuzzleKind, p: Puzzle, level: int) -> Values:
    """The answer the fixpoint of ``level`` reaches on ``p`` (which it solves)."""
    solved = kind.solve(p, level=level)
    return tuple(single_value(m) for m in solved.cands)


__all__ = [
    "BRUTE_CELLS",
    "Proof",
    "answer_of",
    "bank_grades",
    "exact_grade",
    "has_exact_grade",
    "is_minimal",
    "prove_unique",
    "solves_at",
    "thin",
    "without_clue",
]
