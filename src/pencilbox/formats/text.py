"""The text format: an optional header ``TYPE RxC``, then one line per row of
whitespace-separated tokens. Lines beginning with ``;`` are comments (``#``
is a cell token). A row written without spaces (``#o.#``) is read one
character per cell. What a token means is each puzzle's business.
"""

from __future__ import annotations

import json
import re

from pencilbox.errors import ParseError, SizeError
from pencilbox.formats.puzzlink import looks_like_url

MIN_SIDE = 2
MAX_SIDE = 60
_HEADER = re.compile(r"^([A-Za-z][A-Za-z0-9_-]*)\s+([0-9]{1,7})\s*[xX×]\s*([0-9]{1,7})\s*$")


def check_size(rows: int, cols: int) -> None:
    """Refuse boards outside MIN_SIDE..MAX_SIDE on either side."""
    for what, n in (("rows", rows), ("cols", cols)):
        if not MIN_SIDE <= n <= MAX_SIDE:
            raise SizeError(
                f"board size {rows}x{cols} is out of range: {what} must be "
                f"between {MIN_SIDE} and {MAX_SIDE}"
            )


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
        check_size(*want)
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
    check_size(len(rows), width)
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
    if isinstance(obj, dict) and isinstance(obj.get("url"), str) and "puzzle" not in obj:
        return str(obj["url"])
    rows = obj.get("puzzle") if isinstance(obj, dict) else None
    if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
        raise ParseError('a JSON puzzle line needs "puzzle": [row strings]')
    return "\n".join(rows)


def format_rows(tokens: list[str], cols: int) -> list[str]:
    """Row strings of a flat token list, tokens separated by one space."""
    return [" ".join(tokens[i : i + cols]) for i in range(0, len(tokens), cols)]
