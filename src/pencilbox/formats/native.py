"""pencilbox's own formats behind the format interface: the text grid, the
puzzle URL (puzz.link's, or pencilbox's own for a puzzle puzz.link lacks) and
JSON lines (the objects ``generate --json`` prints).

A text grid may carry an answer and the player's marks in comment blocks,
as ``generate`` writes its solution::

    TYPE 4x4
    # . o .
    ...
    ; solution:
    ;   # o o o
    ;   ...
    ; marks:
    ;   # ? ? o
    ;   ...
"""

from __future__ import annotations

import json
import re
from typing import Any

import pencilbox
from pencilbox.engine.kind import Marks, PuzzleKind, Values
from pencilbox.errors import ParseError
from pencilbox.formats.base import Document, check_kind, lines_of, need_kind
from pencilbox.formats.numbers import shown
from pencilbox.formats.puzzlink import looks_like_url, parse_frame

_HEADER = re.compile(r"^([A-Za-z][A-Za-z0-9_-]*)\s+[0-9]{1,7}\s*[xX×]\s*[0-9]{1,7}\s*$")
_BLOCK = re.compile(r"^;\s*(solution|answer|marks)\s*:\s*$", re.IGNORECASE)


def _marks_rows(kind: PuzzleKind, marks: Marks, cols: int) -> list[str]:
    tokens = ["?" if v is None else kind.value_token(v) for v in marks]
    return [" ".join(tokens[i : i + cols]) for i in range(0, len(tokens), cols)]


class TextGrid:
    """The text grid (``TYPE RxC`` header, one row a line)."""

    name = "text"
    title = "text grid"
    holds_answer = True

    def looks_like(self, text: str) -> bool:
        lines = (ln.strip() for ln in lines_of(text))
        rows = [ln for ln in lines if ln and not ln.startswith(";")]
        if not rows:
            return False
        if _HEADER.match(rows[0]):
            return True
        cells = [r.split() if len(r.split()) > 1 else list(r) for r in rows]
        same_width = len({len(c) for c in cells}) == 1
        # rows of short tokens are a grid even when ragged (its own error says where)
        tokens_short = all(len(tok) <= 3 for row in cells for tok in row)
        return len(rows) > 1 and (same_width or tokens_short)

    def supports(self, kind: PuzzleKind) -> bool:
        return True

    def read(self, text: str, kind: PuzzleKind | None) -> list[Document]:
        lines = lines_of(text)
        grid = [ln for ln in lines if ln.strip() and not ln.strip().startswith(";")]
        head = _HEADER.match(grid[0].strip()) if grid else None
        if head is not None:
            found = pencilbox.puzzle(head.group(1))
            kind = check_kind(found, kind, "the text grid") if kind else found
        kind = need_kind(kind, "the text grid (it has no 'TYPE RxC' header line)")
        p = kind.parse("\n".join(grid))
        blocks = _comment_blocks(lines)
        answer: Values | None = None
        marks: Marks | None = None
        if "solution" in blocks or "answer" in blocks:
            rows = blocks.get("solution", blocks.get("answer", []))
            answer = kind.parse_solution("\n".join(rows), p)
        if "marks" in blocks:
            marks = kind.parse_marks("\n".join(blocks["marks"]), p)
        return [Document(p, marks, answer)]

    def write(self, kind: PuzzleKind, doc: Document) -> str:
        p = doc.puzzle
        lines = kind.format(p).rstrip("\n").split("\n")
        if doc.answer is not None:
            rows = kind.solution_rows(doc.answer, p.cols)
            lines += ["; solution:", *(f";   {row}" for row in rows)]
        if doc.marks is not None:
            lines += ["; marks:", *(f";   {row}" for row in _marks_rows(kind, doc.marks, p.cols))]
        return "\n".join(lines) + "\n"


def _comment_blocks(lines: list[str]) -> dict[str, list[str]]:
    """The rows of each ``; solution:`` / ``; marks:`` block of a grid's comments."""
    blocks: dict[str, list[str]] = {}
    current: str | None = None
    for line in lines:
        s = line.strip()
        m = _BLOCK.match(s)
        if m:
            current = m.group(1).lower()
            blocks[current] = []
        elif current is not None and s.startswith(";") and s[1:].strip():
            blocks[current].append(s[1:].strip())
        else:
            current = None
    return blocks


class PuzzleUrl:
    """puzz.link URLs (and pencilbox's own ``TYPE/COLS/ROWS/BODY`` for a puzzle puzz.link lacks)."""

    name = "url"
    title = "puzz.link URL"
    holds_answer = False

    def looks_like(self, text: str) -> bool:
        lines = text.split()
        return bool(lines) and all(looks_like_url(ln) for ln in lines)

    def supports(self, kind: PuzzleKind) -> bool:
        return True

    def read(self, text: str, kind: PuzzleKind | None) -> list[Document]:
        out = []
        for url in text.split():
            found = kind or pencilbox.puzzle(parse_frame(url).type)
            out.append(Document(found.from_url(url)))
        return out

    def write(self, kind: PuzzleKind, doc: Document) -> str:
        return kind.to_url(doc.puzzle) + "\n"


class JsonLines:
    """JSON lines: ``{"type", "puzzle": [rows], "solution"?, "marks"?}`` or ``{"url"}``."""

    name = "json"
    title = "JSON lines"
    holds_answer = True

    def looks_like(self, text: str) -> bool:
        return text.lstrip().startswith("{")

    def supports(self, kind: PuzzleKind) -> bool:
        return True

    def read(self, text: str, kind: PuzzleKind | None) -> list[Document]:
        return [self._read_one(line, kind) for line in lines_of(text) if line.strip()]

    def _read_one(self, line: str, wanted: PuzzleKind | None) -> Document:
        try:
            obj = json.loads(line)
        except (ValueError, RecursionError):  # not JSON, thousands of digits or brackets
            raise ParseError(f"the line {shown(line.strip())} is not a JSON object") from None
        if not isinstance(obj, dict):
            raise ParseError("a JSON puzzle line is an object with a 'puzzle' or 'url'")
        named = obj.get("type")
        kind = wanted
        if isinstance(named, str):
            found = pencilbox.puzzle(named)
            kind = check_kind(found, wanted, "the JSON line") if wanted else found
        if isinstance(obj.get("url"), str) and "puzzle" not in obj:
            return PuzzleUrl().read(obj["url"], kind)[0]
        kind = need_kind(kind, "the JSON line (it has no 'type')")
        rows = _rows(obj, "puzzle")
        if rows is None:
            raise ParseError('a JSON puzzle line needs "puzzle": [row strings] or "url"')
        p = kind.parse("\n".join(rows))
        solution, marks = _rows(obj, "solution"), _rows(obj, "marks")
        answer = kind.parse_solution("\n".join(solution), p) if solution is not None else None
        return Document(p, kind.parse_marks("\n".join(marks), p) if marks else None, answer)

    def write(self, kind: PuzzleKind, doc: Document) -> str:
        p = doc.puzzle
        obj: dict[str, Any] = {
            "type": kind.name,
            "rows": p.rows,
            "cols": p.cols,
            "puzzle": kind.puzzle_rows(p),
            "url": kind.to_url(p),
        }
        if doc.answer is not None:
            obj["solution"] = kind.solution_rows(doc.answer, p.cols)
        if doc.marks is not None:
            obj["marks"] = _marks_rows(kind, doc.marks, p.cols)
        return json.dumps(obj) + "\n"


def _rows(obj: dict[str, Any], key: str) -> list[str] | None:
    rows = obj.get(key)
    if rows is None:
        return None
    if not isinstance(rows, list) or not rows or not all(isinstance(r, str) for r in rows):
        raise ParseError(f'"{key}" in a JSON puzzle line must be a list of row strings')
    return rows


__all__ = ["JsonLines", "PuzzleUrl", "TextGrid"]
