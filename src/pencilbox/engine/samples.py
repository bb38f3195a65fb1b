"""Sample boards a puzzle ships for the shared tests.

The tests that every puzzle must pass (the command line, the web API, the
bank, the studio, printing, the measurements) ask a kind for its boards
instead of naming puzzles: each package's ``samples.py`` holds a few small
real boards with what is known about them, and its kind exposes them as
:attr:`~pencilbox.engine.kind.PuzzleKind.samples`. What a sample claims is
checked by tests with independent code (the brute force, the validator,
published counts), never taken from the code under test.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Sample:
    """A unique board and its answer."""

    puzzle: str
    """A text grid (with its ``TYPE RxC`` header) or a URL."""
    answer: str
    """The one answer, as the text format's rows."""
    grade: str
    """The lowest level whose fixpoint solves it, the lowest rung above
    probe whose fixpoint does, or ``"case"`` when they all stall and the
    case rung finishes it."""


@dataclass(frozen=True)
class Published:
    """A real puzzle people made and published."""

    url: str
    """Its puzz.link URL, as pencilbox writes it."""
    answers: int = 1
    """How many answers it has under the standard rules, as an outside ASP
    solver counts them: 1, or 0 when its clues contradict each other."""
    answer: str | None = None
    """Its answer as the text format's rows, where it is known."""
    slow: bool = False
    """Whether solving it takes many seconds even on a quiet machine (tests
    that solve every published puzzle in one go may leave it out)."""


@dataclass(frozen=True)
class Samples:
    """What the shared tests need of every puzzle, and a few boards some
    tests use where a puzzle has them."""

    graded: tuple[Sample, ...]
    """One small unique board (at most 36 cells) for each grade a bank
    gives (the ladder's levels less ``bank_skips``), weakest first."""
    contradiction: str
    """Clues that contradict each other: the brute force finds no answer,
    and the ladder finds the contradiction (where it can, at the lowest rung)."""
    refused: tuple[str, ...]
    """Inputs the parser must refuse with one clear error, among them the
    inputs that once crashed it; the first is a text grid."""
    census: tuple[int, int, int]
    """``(rows, cols, boards)``: how many clue-free boards of that size are
    legal, a count known from outside pencilbox (published, or by hand)."""
    bank_grade: str
    """The grade of the small bank the web tests build (6×6 boards, which
    the bank's generator makes at this grade within seconds)."""
    quick_grade: str | None = None
    """A grade at which the generator makes 10×10 boards of the puzzle in
    well under a second (the browser's layout tests deal one); None: the
    lowest grade boards are dealt at."""
    shipped_sizes: tuple[int, ...] = ()
    """The square sizes at which the bank shipped inside pencilbox stocks
    every grade (none for a puzzle from outside)."""
    above: tuple[Sample, ...] = ()
    """One small unique board for each rung above probe (``Ladder.above``),
    weakest first, graded there: probe stalls on it and that rung finishes it."""
    split: str | None = None
    """A board on which the top rung (probe, or the highest rung above it)
    stalls, no single assumption fails, and a case split on one further
    cell decides a cell, where the puzzle has one."""
    case: Sample | None = None
    """A unique board graded ``case`` within seconds, where the puzzle has one."""
    slow: tuple[str, ...] = ()
    """Boards whose probe fixpoint runs far past any deadline a test sets
    (tens of seconds or more), where the puzzle has such boards."""
    ablation: tuple[tuple[str, str], ...] = ()
    """``(rule, board)``: a unique board the full ladder solves, and a rule
    whose removal from the ladder lets an illegal completion of it pass and
    leaves probe stalled on it."""
    pzprjs: bool = False
    """Whether puzz.link's own engine (pzprjs, as the npm registry publishes
    it) plays this puzzle under the genre name pencilbox writes, so that
    its answer check can judge pencilbox's files."""
    real: tuple[Published, ...] = ()
    """Real puzzles people made and published, where the puzzle has them:
    every surface gives each one verdict (tests/test_one_verdict.py), every
    format gives each back, and ``benchmarks/bench_cases.py`` grades each
    and finishes it by hints."""
