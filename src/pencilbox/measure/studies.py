"""A puzzle's own measurements ("studies"), found through its kind.

Besides ladder, density and guesses, which every puzzle has, a kind may
offer studies of its own (``kind.studies()``: name → function). ``pencilbox
measure TYPE NAME`` calls one with the command line's :class:`StudyOptions`
and writes the :class:`~pencilbox.measure.common.Report` it returns;
``measure all`` runs every study of every registered puzzle.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pencilbox.engine.kind import PuzzleKind
from pencilbox.errors import ParseError
from pencilbox.measure.common import COUNT_BUDGET, Report, valid_size

CORE = ("ladder", "density", "guesses")
"""The measurements every puzzle has."""


@dataclass(frozen=True)
class StudyOptions:
    """What the command line says to a study (each takes what it needs)."""

    density: float
    """the clue density (the kind's measurement default unless given)"""
    boards: int
    seed: int
    workers: int
    sizes: tuple[int, ...] | None = None
    """--sizes, None when not given (the study picks its own)"""
    size: int | None = None
    """--size, None when not given"""
    printed: str | None = None
    """--printed, as typed"""
    budget: int = COUNT_BUDGET
    quiet: bool = False

    def sizes_or(self, default: tuple[int, ...]) -> list[int]:
        return list(self.sizes if self.sizes is not None else default)

    def size_or(self, default: int) -> int:
        return valid_size(self.size if self.size is not None else default)


Study = Callable[[StudyOptions], Report]


def study_of(kind: PuzzleKind, what: str) -> Study:
    """The study ``what`` of ``kind`` (ParseError naming the ones it has)."""
    own = kind.studies()
    if what not in own:
        names = ", ".join([*CORE, *own])
        raise ParseError(f"{kind.name} has no measurement {what!r}; its measurements: {names}")
    fn = own[what]

    def run(options: StudyOptions) -> Report:
        report = fn(options)
        if not isinstance(report, Report):
            raise TypeError(f"{kind.name} study {what!r} returned {type(report).__name__}")
        return report

    return run
