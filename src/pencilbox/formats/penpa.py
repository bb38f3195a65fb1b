"""penpa-edit URLs as a format: puzzles in, puzzles out.

The URL itself (its compressed text, layers and cell numbering) is
:mod:`pencilbox.formats.penpa_url`; here a board's cells become a puzzle's
clues and marks, and back, as each puzzle's :class:`Style` says. A puzzle
without a Style is written with its text tokens as numbers in the cells, and
read back the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pencilbox.engine.kind import Marks, Puzzle, PuzzleKind
from pencilbox.errors import ParseError
from pencilbox.formats.base import (
    Document,
    check_kind,
    given_values,
    kinds,
    need_kind,
    read_marks,
)
from pencilbox.formats.penpa_url import (
    ANSWER_COLOUR,
    BLACK_CIRCLE,
    BLACK_SURFACE,
    CLUE_COLOUR,
    QUESTION,
    SHADED,
    UNSHADED,
    WHITE_CIRCLE,
    WHITE_SURFACE,
    Drawn,
    decode,
    empty_layer,
    encode,
    looks_like_penpa,
    point,
)

NAME = "penpa"
__all__ = [
    "BLACK_CIRCLE",
    "QUESTION",
    "SHADED",
    "UNSHADED",
    "WHITE_CIRCLE",
    "FORMAT",
    "Penpa",
    "Style",
    "looks_like_penpa",
]


@dataclass(frozen=True)
class Style:
    """How a puzzle's clues and answers look in penpa-edit."""

    tag: str
    """penpa's genre tag for the puzzle (written, and read to tell the type)."""
    numbers: bool
    """Whether clues that are numbers are written as numbers in the cell."""
    clues: Mapping[str, int] = field(default_factory=dict)
    """Other clue values by what shows them (the first shape listed for a
    value is the one written)."""
    number_style: int = CLUE_COLOUR
    """penpa's style of clue numbers (1 plain, 6 in a circle)."""
    question_text: str = "?"
    """What a number cell without a number holds when written."""
    answers: Mapping[str, int] | None = None
    """Answer values by what shows them; None: answers are numbers."""
    answer_offset: int = 0
    """Answers as numbers: the value v is shown as the number v + offset."""


def style_of(kind: PuzzleKind) -> Style | None:
    style = kind.notations.get(NAME)
    return style if isinstance(style, Style) else None


# -- puzzles ----------------------------------------------------------------------------
class Penpa:
    """penpa-edit URLs of square grids."""

    name = NAME
    title = "penpa-edit URL"
    holds_answer = True

    def looks_like(self, text: str) -> bool:
        return looks_like_penpa(text)

    def supports(self, kind: PuzzleKind) -> bool:
        return True  # a puzzle without a Style is written with its text tokens

    def read(self, text: str, kind: PuzzleKind | None) -> list[Document]:
        return [self._read_one(url, kind) for url in text.split()]

    def _read_one(self, url: str, wanted: PuzzleKind | None) -> Document:
        board = decode(url)
        kind = _kind_for(board.tags, wanted)
        style = style_of(kind)
        cells = range(board.rows * board.cols)

        def where(cell: int) -> str:
            r, c = divmod(cell, board.cols)
            return f"row {r + 1}, column {c + 1} of the penpa-edit board"

        clues = tuple(_clue(kind, style, board.problem.get(c), where(c)) for c in cells)
        p = Puzzle(kind.name, board.rows, board.cols, clues)
        kind.refuse_impossible_clues(p)
        size = board.rows * board.cols
        found: Marks = tuple(_answer(kind, style, board.solution.get(c), size) for c in cells)
        return Document(p, read_marks(kind, p, found))

    def write(self, kind: PuzzleKind, doc: Document) -> str:
        style = style_of(kind)
        p = doc.puzzle
        problem, solution = empty_layer(), empty_layer()
        for cell, v in enumerate(p.clues):
            if v is not None:
                _draw_clue(problem, point(cell, p.cols), kind, style, v)
        marks = doc.shown
        if marks is not None:
            given = given_values(kind, p)  # cells a clue fixes are not drawn again
            for cell, v in enumerate(marks):
                if v is not None and given[cell] is None:
                    _draw_answer(solution, point(cell, p.cols), kind, style, v)
        return encode(p.rows, p.cols, problem, solution, style.tag if style else kind.name)


def _kind_for(tags: tuple[str, ...], wanted: PuzzleKind | None) -> PuzzleKind:
    if wanted is not None:
        return wanted  # tags are the setter's free choice: the caller knows better
    said = {t.strip().lower() for t in tags}
    for kind in kinds():
        style = style_of(kind)
        names = {kind.name, *kind.aliases, *([style.tag] if style else [])}
        if said & names:
            return check_kind(kind, wanted, "the penpa-edit URL")
    return need_kind(None, "the penpa-edit URL (its genre tags name no puzzle pencilbox has)")


def _clue(kind: PuzzleKind, style: Style | None, drawn: Drawn | None, where: str) -> int | None:
    if drawn is None:
        return None
    if style is None:
        text = (drawn.text or "").strip()
        if not text:
            return None
        try:
            return kind.parse_clue(text)
        except ParseError as e:
            raise ParseError(f"{where}: {e}") from None
    shape = drawn.shape()
    if shape is None:
        return None
    if isinstance(shape, int):
        if style.numbers:
            return shape
        raise ParseError(f"{where} shows the number {shape}: {kind.title} has no number clues")
    if shape in style.clues:
        return style.clues[shape]
    raise ParseError(f"{where} shows a {shape}, which is no {kind.title} clue")


def _answer(kind: PuzzleKind, style: Style | None, drawn: Drawn | None, size: int) -> int | None:
    """The answer value a cell of the solution layer shows (None: none pencilbox reads)."""
    if drawn is None:
        return None
    if style is None:
        try:
            return kind.parse_value((drawn.text or "?").strip(), size)
        except ParseError:
            return None
    shape = drawn.shape()
    if style.answers is not None:
        return style.answers.get(shape) if isinstance(shape, str) else None
    if isinstance(shape, int) and 0 <= shape - style.answer_offset < size:
        return shape - style.answer_offset
    return None


def _draw(layer: dict[str, Any], key: str, shape: str, answer: bool) -> None:
    if shape in (WHITE_CIRCLE, BLACK_CIRCLE):
        colour = 1 if shape == WHITE_CIRCLE else 2
        layer["symbol"][key] = [colour, "circle_M", 2] if answer else [colour, "circle_L", 1]
    elif shape in (SHADED, UNSHADED):
        layer["surface"][key] = BLACK_SURFACE if shape == SHADED else WHITE_SURFACE


def _shape_of(shapes: Mapping[str, int], value: int) -> str | None:
    return next((shape for shape, v in shapes.items() if v == value), None)


def _draw_clue(
    layer: dict[str, Any], key: str, kind: PuzzleKind, style: Style | None, value: int
) -> None:
    if style is None:
        layer["number"][key] = [kind.clue_token(value), CLUE_COLOUR, "1"]
        return
    shape = _shape_of(style.clues, value)
    if shape == QUESTION:
        layer["number"][key] = [style.question_text, style.number_style, "1"]
    elif shape is not None:
        _draw(layer, key, shape, answer=False)
    elif style.numbers and value >= 0:
        layer["number"][key] = [str(value), style.number_style, "1"]
    else:
        raise ParseError(f"the {kind.title} clue {value} has no look in penpa-edit")


def _draw_answer(
    layer: dict[str, Any], key: str, kind: PuzzleKind, style: Style | None, value: int
) -> None:
    if style is None:
        layer["number"][key] = [kind.value_token(value), ANSWER_COLOUR, "1"]
    elif style.answers is None:
        layer["number"][key] = [str(value + style.answer_offset), ANSWER_COLOUR, "1"]
    else:
        shape = _shape_of(style.answers, value)
        if shape is not None:
            _draw(layer, key, shape, answer=True)


FORMAT = Penpa()
