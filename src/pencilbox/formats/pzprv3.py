"""puzz.link's saved files: the "pzprv3" text that its File → Save writes.

A file is lines (pzprjs also reads ``/`` as a line break, so a file fits on
one line; pencilbox also reads a file whose line breaks became spaces, as a
one-line box turns a pasted file)::

    pzprv3            the format (``pzprv3.1`` and so on: a later version)
    GENRE             puzz.link's id of the puzzle type
    5                 rows (rows first, unlike the URLs)
    5                 columns
    3 0 . . .         the question layer: one token per cell, row by row
    ...
    . . + + +         the player's layer: the same shape
    ...

and after the layers, optionally, saved trial stages (``TrialData``) and an
``info:`` or ``history:`` block, which pencilbox skips. In the question
layer ``.`` is an empty cell, a number is a clue and ``-`` a clue whose
number is unknown. What the player's layer holds depends on the genre:
shading genres write ``#`` for a shaded cell and ``+`` for a cell marked
unshaded, a genre of black and white circles writes ``1`` (white) and ``2``
(black) as it does for its given circles. Each puzzle declares its genre with a :class:`Genre`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from pencilbox.engine.grid import refuse_size_out_of_range
from pencilbox.engine.kind import Marks, Puzzle, PuzzleKind
from pencilbox.errors import ParseError
from pencilbox.formats.base import (
    Document,
    Unsupported,
    check_kind,
    given_values,
    kinds,
    lines_of,
    read_marks,
)
from pencilbox.formats.numbers import read_number, shown

NAME = "pzprv3"
EMPTY = "."
_HEADER = re.compile(r"^pzprv3(?:\.\d{1,4})?$")


@dataclass(frozen=True)
class Genre:
    """How a puzzle is saved in puzz.link's file format."""

    names: tuple[str, ...]
    """puzz.link's genre ids for it; the first is written."""
    clue_tokens: Mapping[int, str]
    """Clue values written as a token of their own (``-``: the number is unknown)."""
    numbers: bool
    """Whether every other clue is a number, written in decimal."""
    mark_tokens: Mapping[int, str]
    """The player's layer: each answer value's token."""
    ignored_marks: tuple[str, ...] = ()
    """Tokens of the player's layer that say nothing about the answer
    (background colours the player painted)."""

    def clue(self, token: str, where: str) -> int | None:
        if token == EMPTY:
            return None
        for value, tok in self.clue_tokens.items():
            if tok == token:
                return value
        n = read_number(token) if self.numbers else None
        if n is None:
            raise ParseError(f"{where}: {shown(token)} is not a clue of this genre")
        return n

    def clue_token(self, value: int | None) -> str:
        if value is None:
            return EMPTY
        if value in self.clue_tokens:
            return self.clue_tokens[value]
        if self.numbers and value >= 0:
            return str(value)
        raise Unsupported(f"the clue {value} has no token in puzz.link's files")

    def mark(self, token: str, where: str) -> int | None:
        if token == EMPTY or token in self.ignored_marks:
            return None
        for value, tok in self.mark_tokens.items():
            if tok == token:
                return value
        raise ParseError(f"{where}: {shown(token)} is not a mark of this genre")


def genre_of(kind: PuzzleKind) -> Genre | None:
    genre = kind.notations.get(NAME)
    return genre if isinstance(genre, Genre) else None


def _kind_for(pid: str, wanted: PuzzleKind | None) -> tuple[PuzzleKind, Genre]:
    for kind in kinds() if wanted is None else [wanted, *kinds()]:
        genre = genre_of(kind)
        if genre is not None and pid in genre.names:
            return check_kind(kind, wanted, "the puzz.link file"), genre
    raise ParseError(f"pencilbox has no puzzle of puzz.link's genre {shown(pid)}")


def unflatten(text: str) -> str:
    """A file whose line breaks became spaces (pasted into a one-line box) with
    its lines back: the header's four, then rows of ``cols`` tokens."""
    tokens = text.split()
    if "\n" in text.strip() or len(tokens) < 4 or not _HEADER.match(tokens[0]):
        return text
    cols = read_number(tokens[3])
    if not cols:
        return text
    cells = tokens[4:]
    rows = [" ".join(cells[i : i + cols]) + " " for i in range(0, len(cells), cols)]
    return "\n".join([*tokens[:4], *rows])


def split_files(text: str) -> list[str]:
    """The files of ``text``: each starts with its ``pzprv3`` line."""
    files: list[list[str]] = []
    for line in lines_of(unflatten(text.strip()).replace("/", "\n")):
        if _HEADER.match(line.strip()):
            files.append([])
        if files:
            files[-1].append(line)
    return ["\n".join(f) for f in files]


class Pzprv3:
    """puzz.link's file format (pzprv3)."""

    name = NAME
    title = "puzz.link file (pzprv3)"
    holds_answer = True

    def looks_like(self, text: str) -> bool:
        words = text.split(None, 1)
        return bool(words) and bool(_HEADER.match(words[0].split("/", 1)[0]))

    def supports(self, kind: PuzzleKind) -> bool:
        return genre_of(kind) is not None

    def read(self, text: str, kind: PuzzleKind | None) -> list[Document]:
        files = split_files(text)
        if not files:
            raise ParseError("a puzz.link file starts with the line 'pzprv3'")
        return [self._read_one(f, kind) for f in files]

    def _read_one(self, text: str, wanted: PuzzleKind | None) -> Document:
        lines = lines_of(text)
        if len(lines) < 4:
            raise ParseError("a puzz.link file needs its genre, rows and columns after 'pzprv3'")
        kind, genre = _kind_for(lines[1].strip(), wanted)
        rows, cols = (read_number(lines[i].strip()) for i in (2, 3))
        if rows is None or cols is None:
            raise ParseError("a puzz.link file gives its rows and columns as numbers")
        refuse_size_out_of_range(rows, cols)
        body = lines[4:]
        clue_rows = _layer(body, 0, rows, cols, "question")
        clues = tuple(
            genre.clue(tok, f"row {r + 1}, column {c + 1}")
            for r, row in enumerate(clue_rows)
            for c, tok in enumerate(row)
        )
        p = Puzzle(kind.name, rows, cols, clues)
        kind.refuse_impossible_clues(p)
        marks: Marks | None = None
        if _has_layer(body, rows):
            mark_rows = _layer(body, rows, rows, cols, "player's")
            found = tuple(
                genre.mark(tok, f"the player's row {r + 1}, column {c + 1}")
                for r, row in enumerate(mark_rows)
                for c, tok in enumerate(row)
            )
            marks = read_marks(kind, p, found)
        return Document(p, marks)

    def write(self, kind: PuzzleKind, doc: Document) -> str:
        genre = genre_of(kind)
        if genre is None:
            raise Unsupported(f"puzz.link has no {kind.title} genre: it cannot save this puzzle")
        p = doc.puzzle
        lines = [NAME, genre.names[0], str(p.rows), str(p.cols)]
        tokens = [genre.clue_token(v) for v in p.clues]
        lines += _rows(tokens, p.cols)
        shown_marks = doc.shown
        if shown_marks is not None:
            given = given_values(kind, p)  # cells a clue fixes stay blank, as puzz.link's do
            marks = [
                EMPTY if v is None or fixed is not None else genre.mark_tokens[v]
                for v, fixed in zip(shown_marks, given, strict=True)
            ]
            lines += _rows(marks, p.cols)
        return "\n".join(lines) + "\n"


def _rows(tokens: list[str], cols: int) -> list[str]:
    """Rows as puzz.link writes them: each token followed by a space."""
    return ["".join(t + " " for t in tokens[i : i + cols]) for i in range(0, len(tokens), cols)]


def _is_data(line: str) -> bool:
    skipped = line.startswith(("TrialData", "info:", "history:", "http"))
    return not (skipped or "__HISTORY__" in line)


def _has_layer(body: list[str], start: int) -> bool:
    return len(body) > start and _is_data(body[start]) and bool(body[start].strip())


def _layer(body: list[str], start: int, rows: int, cols: int, name: str) -> list[list[str]]:
    """``rows`` lines of ``cols`` tokens from ``body[start:]``."""
    lines = body[start : start + rows]
    if len(lines) < rows or not all(_is_data(ln) for ln in lines):
        raise ParseError(f"the puzz.link file's {name} layer has fewer than {rows} rows")
    out = []
    for r, line in enumerate(lines):
        tokens = line.split()
        if len(tokens) != cols:
            raise ParseError(
                f"row {r + 1} of the puzz.link file's {name} layer has {len(tokens)} cells, "
                f"not {cols}"
            )
        out.append(tokens)
    return out


FORMAT = Pzprv3()
