"""Janko text: the plain layout of the puzzle pages of janko.at.

Janko's pages carry each puzzle as a block of lines::

    begin
    puzzle NAME             Janko's name for the puzzle type
    size 5                  (or: rows 5 / cols 7 for a rectangle)
    problem
    3 0 - - -
    - - - - 4
    ...
    solution                (optional)
    - - x x x
    ...
    end

other ``key value`` lines (author, source, info…) and sections (``moves``,
``areas``…) are skipped; ``[problem]`` and ``[solution]`` are read like
``problem`` and ``solution``. pencilbox also reads the bare form, a size
line (``5``, ``5 7`` or ``5x7``: rows then columns) followed by the rows, and
several blocks one after another. In a grid, ``-`` (or ``.``) is an empty
cell, tokens are separated by spaces, and a row written without spaces is
read one character per cell. What the other tokens mean is each puzzle's
:class:`Tokens`; a puzzle without one uses its own text tokens, ``-`` for an
empty cell.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from pencilbox.engine.grid import refuse_size_out_of_range
from pencilbox.engine.kind import Puzzle, PuzzleKind, Values
from pencilbox.errors import ParseError
from pencilbox.formats.base import Document, check_kind, given_values, kinds, lines_of, need_kind
from pencilbox.formats.numbers import read_number, shown

NAME = "janko"
EMPTY = "-"
_SIZE = re.compile(r"^\s*(\d{1,7})(?:\s*[xX×]\s*|\s+)?(\d{1,7})?\s*$")
_KEY = re.compile(r"^\[?([A-Za-z]+)\]?(?:\s+(.*))?$")
_GRIDS = ("problem", "solution")


@dataclass(frozen=True)
class Tokens:
    """How a puzzle's clues and answers are written in Janko's grids."""

    names: tuple[str, ...]
    """Janko's names for the puzzle (the ``puzzle`` line); the first is written."""
    numbers: bool
    """Whether clues that are numbers are written as numbers."""
    clues: Mapping[str, int] = field(default_factory=dict)
    """Other clue values by token (the first token listed for a value is written)."""
    answers: Mapping[str, int] | None = None
    """Solution tokens; None: answers are numbers."""
    answer_offset: int = 0
    """Answers as numbers: the value v is written v + offset."""


def tokens_of(kind: PuzzleKind) -> Tokens | None:
    tokens = kind.notations.get(NAME)
    return tokens if isinstance(tokens, Tokens) else None


def looks_like_janko(text: str) -> bool:
    lines = [ln.strip() for ln in lines_of(text) if ln.strip()]
    if not lines:
        return False
    if lines[0].lower() in ("begin", "[puzzle]") or lines[0].lower().startswith("puzzle "):
        return True
    m = _SIZE.match(lines[0])
    return bool(m) and len(lines) > 1 and not _SIZE.match(lines[1])


@dataclass
class _Block:
    keys: dict[str, str] = field(default_factory=dict)
    grids: dict[str, list[list[str]]] = field(default_factory=dict)


def _split_row(line: str) -> list[str]:
    tokens = line.split()
    return list(tokens[0]) if len(tokens) == 1 and len(tokens[0]) > 1 else tokens


def _blocks(text: str) -> list[_Block]:
    blocks: list[_Block] = []
    block: _Block | None = None
    section: str | None = None
    for raw in lines_of(text):
        line = raw.strip()
        low = line.lower()
        if not line:
            continue
        if low == "begin" or block is None:
            block, section = _Block(), None
            blocks.append(block)
            if low == "begin":
                continue
        if low == "end":
            block, section = None, None
            continue
        size = _SIZE.match(line) if not block.keys and not block.grids else None
        if size and section is None:
            block.keys["rows"], block.keys["cols"] = size.group(1), size.group(2) or size.group(1)
            section = "problem"
            continue
        key = _KEY.match(line)
        if key and key.group(1).lower() in (*_GRIDS, "moves", "areas"):
            section = key.group(1).lower()
            continue
        if section in _GRIDS and not _is_full(block, section):
            block.grids.setdefault(section, []).append(_split_row(line))
            continue
        if section in _GRIDS:
            section = None  # the grid is complete: a key line follows
        if key and key.group(2) is not None and section is None:
            block.keys[key.group(1).lower()] = key.group(2).strip()
        elif section is None and not key:
            raise ParseError(f"a Janko puzzle cannot read the line {shown(line, 40)}")
    return [b for b in blocks if b.keys or b.grids]


def _is_full(block: _Block, section: str) -> bool:
    """Whether the grid ``section`` has all the rows the block's size promises."""
    rows = read_number(block.keys.get("rows", block.keys.get("size", "")))
    return rows is not None and len(block.grids.get(section, [])) >= rows


def _size(block: _Block) -> tuple[int, int]:
    keys = block.keys
    rows = read_number(keys.get("rows", keys.get("size", "")))
    cols = read_number(keys.get("cols", keys.get("size", "")))
    problem = block.grids.get("problem")
    if problem is None:
        raise ParseError("the Janko puzzle has no problem grid")
    if rows is None or cols is None:
        rows, cols = len(problem), len(problem[0])
    refuse_size_out_of_range(rows, cols)
    return rows, cols


def _grid(block: _Block, name: str, rows: int, cols: int) -> list[str] | None:
    grid = block.grids.get(name)
    if grid is None:
        return None
    if len(grid) != rows or any(len(row) != cols for row in grid):
        raise ParseError(f"the Janko {name} grid is not {rows} rows of {cols} cells")
    return [tok for row in grid for tok in row]


def _kind_for(block: _Block, wanted: PuzzleKind | None) -> PuzzleKind:
    name = block.keys.get("puzzle")
    if name is None:
        return need_kind(wanted, "the Janko puzzle")
    said = name.strip().lower()
    for kind in [wanted, *kinds()] if wanted is not None else kinds():
        tokens = tokens_of(kind)
        if said in {kind.name, *kind.aliases, *(tokens.names if tokens else ())}:
            return check_kind(kind, wanted, "the Janko puzzle")
    if wanted is not None:
        raise ParseError(f"the Janko puzzle is a {shown(name)}, not a {wanted.title} one")
    raise ParseError(f"pencilbox has no puzzle called {shown(name)} on Janko's pages")


class Janko:
    """Janko's plain text (janko.at)."""

    name = NAME
    title = "Janko text"
    holds_answer = True

    def looks_like(self, text: str) -> bool:
        return looks_like_janko(text)

    def supports(self, kind: PuzzleKind) -> bool:
        return True  # a puzzle without Tokens is written with its own text tokens

    def read(self, text: str, kind: PuzzleKind | None) -> list[Document]:
        blocks = _blocks(text)
        if not blocks:
            raise ParseError("the Janko text holds no puzzle")
        return [self._read_one(b, kind) for b in blocks]

    def _read_one(self, block: _Block, wanted: PuzzleKind | None) -> Document:
        kind = _kind_for(block, wanted)
        tokens = tokens_of(kind)
        rows, cols = _size(block)
        problem = _grid(block, "problem", rows, cols)
        assert problem is not None
        clues = []
        for cell, tok in enumerate(problem):
            try:
                clues.append(_clue(kind, tokens, tok))
            except ParseError as e:
                r, c = divmod(cell, cols)
                raise ParseError(f"row {r + 1}, column {c + 1} of the Janko problem: {e}") from None
        p = Puzzle(kind.name, rows, cols, tuple(clues))
        kind.refuse_impossible_clues(p)
        solution = _grid(block, "solution", rows, cols)
        answer = None if solution is None else _answer(kind, tokens, p, solution)
        return Document(p, answer=answer)

    def write(self, kind: PuzzleKind, doc: Document) -> str:
        tokens = tokens_of(kind)
        p = doc.puzzle
        lines = ["begin", f"puzzle {tokens.names[0] if tokens else kind.name}"]
        if p.rows == p.cols:
            lines.append(f"size {p.rows}")
        else:
            lines += [f"rows {p.rows}", f"cols {p.cols}"]
        lines.append("problem")
        lines += _rows([_clue_token(kind, tokens, v) for v in p.clues], p.cols)
        if doc.answer is not None:
            lines.append("solution")
            lines += _rows([_answer_token(kind, tokens, v) for v in doc.answer], p.cols)
        lines.append("end")
        return "\n".join(lines) + "\n"


def _rows(tokens: list[str], cols: int) -> list[str]:
    return [" ".join(tokens[i : i + cols]) for i in range(0, len(tokens), cols)]


def _clue(kind: PuzzleKind, tokens: Tokens | None, tok: str) -> int | None:
    if tok in (EMPTY, "."):
        return None
    if tokens is None:
        return kind.parse_clue(tok)
    if tok in tokens.clues:
        return tokens.clues[tok]
    n = read_number(tok) if tokens.numbers else None
    if n is None:
        raise ParseError(f"{shown(tok)} is not a {kind.title} clue")
    return n


def _clue_token(kind: PuzzleKind, tokens: Tokens | None, value: int | None) -> str:
    if value is None:
        return EMPTY
    if tokens is None:
        return kind.clue_token(value)
    token = next((t for t, v in tokens.clues.items() if v == value), None)
    if token is not None:
        return token
    if tokens.numbers and value >= 0:
        return str(value)
    raise ParseError(f"the {kind.title} clue {value} has no Janko token")


def _answer(kind: PuzzleKind, tokens: Tokens | None, p: Puzzle, grid: list[str]) -> Values:
    size = p.rows * p.cols
    given = given_values(kind, p)
    out = []
    for cell, tok in enumerate(grid):
        value: int | None
        if tokens is None:
            value = kind.parse_value(tok, size)
        elif tokens.answers is None:
            n = read_number(tok)
            value = None if n is None else n - tokens.answer_offset
            if value is not None and not 0 <= value < size:
                value = None
        else:
            value = tokens.answers.get(tok)
        if value is None:
            value = given[cell]  # a clue cell may show its clue again
        if value is None:
            r, c = divmod(cell, p.cols)
            raise ParseError(
                f"row {r + 1}, column {c + 1} of the Janko solution: {shown(tok)} is not "
                f"a {kind.title} answer"
            )
        out.append(value)
    return tuple(out)


def _answer_token(kind: PuzzleKind, tokens: Tokens | None, value: int) -> str:
    if tokens is None:
        return kind.value_token(value)
    if tokens.answers is None:
        return str(value + tokens.answer_offset)
    return next(t for t, v in tokens.answers.items() if v == value)


FORMAT = Janko()
