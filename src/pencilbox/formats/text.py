"""The text format: an optional header ``TYPE RxC``, then one line per row of
whitespace-separated tokens. Lines beginning with ``;`` are comments (``#``
is a cell token). A row written without spaces (``#o.#``) is read one
character per cell. What a token means is each puzzle's business.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from pencilbox.engine.grid import MAX_SIDE, MIN_SIDE, refuse_size_out_of_range
from pencilbox.engine.results import Marks, Puzzle
from pencilbox.engine.state import Mask, single_value
from pencilbox.errors import ParseError
from pencilbox.formats.puzzlink import looks_like_url

_HEADER = re.compile(r"^([A-Za-z][A-Za-z0-9_-]*)\s+([0-9]{1,7})\s*[xX×]\s*([0-9]{1,7})\s*$")


def split_rows(text: str, kind: str) -> list[list[str]]:
    """Token rows of one grid; checks the header and that the grid is a rectangle."""
    lines = [ln.strip() for ln in text.splitlines()]
    lines = [ln for ln in lines if ln and not ln.startswith(";")]
    if not lines:
        raise ParseError("empty puzzle: no rows found")
    want: tuple[int, int] | None = None
    m = _HEADER.match(lines[0])
    if m:
        head_kind = m.group(1).lower()
        if head_kind != kind:
            raise ParseError(f"the header says {head_kind!r} but the puzzle type is {kind!r}")
        want = (int(m.group(2)), int(m.group(3)))
        refuse_size_out_of_range(*want)
        lines = lines[1:]
    rows = []
    for ln in lines:
        tokens = ln.split()
        if len(tokens) == 1 and len(tokens[0]) > 1:
            tokens = list(tokens[0])
        rows.append(tokens)
    if not rows:
        raise ParseError("empty puzzle: a header but no rows")
    width = len(rows[0])
    for i, row in enumerate(rows):
        if len(row) != width:
            raise ParseError(f"row {i + 1} has {len(row)} cells but row 1 has {width}")
    refuse_size_out_of_range(len(rows), width)
    if want is not None and want != (len(rows), width):
        raise ParseError(f"the header says {want[0]}x{want[1]} but the grid is {len(rows)}x{width}")
    return rows


def split_many(text: str) -> list[str]:
    """The puzzles of one input: URLs one per line, JSON objects one per line
    (their ``puzzle`` rows), or text grids separated by blank lines."""
    chunks: list[str] = []
    grid: list[str] = []

    def flush() -> None:
        if any(ln.strip() and not ln.strip().startswith(";") for ln in grid):
            chunks.append("\n".join(grid))
        grid.clear()

    for line in text.splitlines():
        s = line.strip()
        if not s:
            flush()
        elif s.startswith("{"):
            flush()
            chunks.append(_json_puzzle(s))
        elif looks_like_url(s):
            flush()
            chunks.append(s)
        else:
            grid.append(line)
    flush()
    if not chunks:
        raise ParseError("no puzzle found in the input")
    return chunks


def _json_puzzle(line: str) -> str:
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as e:
        raise ParseError(f"a line starting with '{{' is not valid JSON: {e.msg}") from None
    except (ValueError, RecursionError):  # thousands of digits, or of brackets
        raise ParseError(
            "a line starting with '{' holds a number too long or nesting too deep to read"
        ) from None
    if isinstance(obj, dict) and isinstance(obj.get("url"), str) and "puzzle" not in obj:
        return str(obj["url"])
    rows = obj.get("puzzle") if isinstance(obj, dict) else None
    if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
        raise ParseError('a JSON puzzle line needs "puzzle": [row strings]')
    return "\n".join(rows)


def format_rows(tokens: list[str], cols: int) -> list[str]:
    """Row strings of a flat token list, tokens separated by one space."""
    return [" ".join(tokens[i : i + cols]) for i in range(0, len(tokens), cols)]


class TokenModel(Protocol):
    """What the text codec needs from a puzzle's model: its tokens and URLs."""

    def parse_clue(self, token: str, /) -> int | None: ...

    def clue_token(self, value: int | None, /) -> str: ...

    def value_token(self, value: int, /) -> str: ...

    def parse_value(self, token: str, size: int, /) -> int | None: ...

    def refuse_impossible_clues(self, p: Puzzle, /) -> None: ...

    def from_url(self, url: str, /) -> Puzzle: ...


class GridText:
    """A puzzle type's text codec: puzzles, answers and states as token grids.

    Built from the puzzle's name and its model's tokens; a kind delegates
    its ``parse``, ``format``, ``*_rows`` and ``parse_marks`` here.
    """

    def __init__(self, name: str, model: TokenModel) -> None:
        self.name = name
        self.model = model

    def parse(self, text: str) -> Puzzle:
        """A puzzle from a text grid or a URL."""
        if looks_like_url(text.strip().splitlines()[0] if text.strip() else ""):
            return self.model.from_url(text.strip().splitlines()[0])
        rows = split_rows(text, self.name)
        clues = []
        for r, row in enumerate(rows):
            for c, tok in enumerate(row):
                try:
                    clues.append(self.model.parse_clue(tok))
                except ParseError as e:
                    raise ParseError(f"row {r + 1}, column {c + 1}: {e}") from None
        p = Puzzle(self.name, len(rows), len(rows[0]), tuple(clues))
        self.model.refuse_impossible_clues(p)
        return p

    def puzzle_rows(self, p: Puzzle) -> list[str]:
        return format_rows([self.model.clue_token(v) for v in p.clues], p.cols)

    def format(self, p: Puzzle, header: bool = True) -> str:
        lines = self.puzzle_rows(p)
        if header:
            lines = [f"{self.name} {p.rows}x{p.cols}", *lines]
        return "\n".join(lines) + "\n"

    def solution_rows(self, values: Sequence[int], cols: int) -> list[str]:
        return format_rows([self.model.value_token(v) for v in values], cols)

    def state_rows(self, cands: Sequence[Mask], cols: int) -> list[str]:
        tokens = [
            self.model.value_token(single_value(m)) if m & (m - 1) == 0 else "?" for m in cands
        ]
        return format_rows(tokens, cols)

    def parse_marks(self, text: str, p: Puzzle) -> Marks:
        """A partial answer grid ("?" undecided) for puzzle ``p``."""
        rows = split_rows(text, self.name)
        if (len(rows), len(rows[0])) != (p.rows, p.cols):
            raise ParseError(
                f"the marks are {len(rows)}x{len(rows[0])} but the puzzle is {p.rows}x{p.cols}"
            )
        size = p.rows * p.cols
        return tuple(self.model.parse_value(tok, size) for row in rows for tok in row)


def answer_tokens(
    tokens: Mapping[int, str], name: str
) -> tuple[Callable[[int], str], Callable[[str, int], int | None]]:
    """``value_token`` and ``parse_value`` of a puzzle whose answers are a few
    named tokens (``"?"`` and ``"."`` read as undecided)."""

    def value_token(value: int) -> str:
        return tokens[value]

    def parse_value(token: str, size: int) -> int | None:
        if token in ("?", "."):
            return None
        for v, tok in tokens.items():
            if tok == token:
                return v
        raise ParseError(f"{token!r} is not a {name} answer token")

    return value_token, parse_value


__all__ = [
    "MAX_SIDE",
    "MIN_SIDE",
    "GridText",
    "TokenModel",
    "answer_tokens",
    "refuse_size_out_of_range",
    "format_rows",
    "split_many",
    "split_rows",
]
