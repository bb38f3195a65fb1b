"""What every interchange format reads and writes, and the one interface
each format stands behind.

A format turns text into :class:`Document` values (a puzzle, and where the
text holds them, the player's marks and an answer) and a document back into
text. Formats know nothing of any puzzle type: what a clue or an answer
looks like in a format is declared by the puzzle itself, in its kind's
``notations`` (see :attr:`pencilbox.engine.kind.PuzzleKind.notations`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from pencilbox.engine.kind import Marks, Puzzle, PuzzleKind, Values
from pencilbox.errors import ParseError


class UnknownFormat(ParseError):
    """Text that no format pencilbox reads recognises."""


class UntypedPuzzle(ParseError):
    """Text that does not say which puzzle type it holds, read without one."""


class Unsupported(ParseError):
    """A format that cannot hold this puzzle type (or an answer)."""


@dataclass(frozen=True)
class Document:
    """One puzzle as a format holds it.

    ``marks`` are the player's marks (None for an undecided cell), as a
    half-solved game saves them; ``answer`` is a complete answer the text
    declares (a solution block). Either is None when the text holds none.
    """

    puzzle: Puzzle
    marks: Marks | None = None
    answer: Values | None = None
    format: str = field(default="", compare=False)
    """The name of the format it was read from (set by :func:`registry.read`)."""

    @property
    def shown(self) -> Marks | None:
        """What a format with one layer for the player writes there: the
        answer if there is one, else the marks."""
        return self.answer if self.answer is not None else self.marks


class Format(Protocol):
    """An interchange format: recognised by its content, read and written."""

    name: str
    """Its short name (``pencilbox convert --to NAME``)."""
    title: str
    """What people call it, for messages and documentation."""
    holds_answer: bool
    """Whether it can hold an answer beside the clues."""

    def looks_like(self, text: str) -> bool:
        """Whether ``text`` (one chunk of an input) is written in this format."""
        ...

    def read(self, text: str, kind: PuzzleKind | None) -> list[Document]:
        """The puzzles of ``text``. ``kind`` is the type the caller expects
        (None: the text must say it).

        Raises a :class:`~pencilbox.errors.PuzzleError` and nothing else for
        any text: ParseError (malformed, or not this format), or what the
        puzzle's own checks raise (SizeError, ContradictoryClues,
        UnknownPuzzle); its message is one line."""
        ...

    def supports(self, kind: PuzzleKind) -> bool:
        """Whether the format can hold puzzles of ``kind``."""
        ...

    def write(self, kind: PuzzleKind, doc: Document) -> str:
        """``doc`` in this format (Unsupported when it cannot hold it)."""
        ...


def lines_of(text: str) -> list[str]:
    """The lines of ``text`` with line endings of any platform removed."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def check_kind(found: PuzzleKind, wanted: PuzzleKind | None, where: str) -> PuzzleKind:
    """``found`` if it is the type the caller expects (or the caller expects none)."""
    if wanted is not None and found.name != wanted.name:
        raise ParseError(f"{where} holds a {found.title} puzzle, not a {wanted.title} one")
    return found


def need_kind(kind: PuzzleKind | None, where: str) -> PuzzleKind:
    """``kind``, or a clear error when the text does not say its type."""
    if kind is None:
        raise UntypedPuzzle(f"{where} does not say which puzzle it is: give the puzzle type")
    return kind


def given_values(kind: PuzzleKind, p: Puzzle) -> list[int | None]:
    """The answer value each clue cell is fixed to (None: the player decides
    the cell, or its clue leaves more than one value open)."""
    cands = kind.start(p).cands
    return [
        (m.bit_length() - 1) if clue is not None and m and m & (m - 1) == 0 else None
        for clue, m in zip(p.clues, cands, strict=True)
    ]


def kinds() -> list[PuzzleKind]:
    """Every registered puzzle kind."""
    from pencilbox.engine.registry import puzzle, puzzle_names

    return [puzzle(name) for name in puzzle_names()]


def read_marks(kind: PuzzleKind, p: Puzzle, found: Marks) -> Marks | None:
    """The player's marks a format read, with every clue cell set to the value
    its clue fixes (a format leaves those cells blank); None when the player
    marked nothing."""
    given = given_values(kind, p)
    if all(v is None for v, g in zip(found, given, strict=True) if g is None):
        return None
    return tuple(g if v is None else v for v, g in zip(found, given, strict=True))
