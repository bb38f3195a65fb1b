"""FILE, as every command reads it: a path, ``-`` for standard input, or a
URL given directly; one puzzle or many (URLs one per line, text grids
separated by blank lines, or the JSON lines ``generate --json`` prints)."""

from __future__ import annotations

import sys

from pencilbox.engine.kind import Puzzle, PuzzleKind
from pencilbox.errors import ParseError
from pencilbox.formats.puzzlink import looks_like_url
from pencilbox.formats.text import split_many


def read_source(source: str) -> str:
    """The text behind FILE: a path, '-' for standard input, or a URL itself."""
    if source == "-":
        return sys.stdin.read()
    if looks_like_url(source) and "\n" not in source:
        return source
    try:
        with open(source, encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        raise ParseError(f"no such file: {source}") from None
    except (IsADirectoryError, PermissionError, UnicodeDecodeError) as e:
        raise ParseError(f"cannot read {source}: {e.__class__.__name__}") from None


def read_puzzles(kind: PuzzleKind, source: str) -> list[Puzzle]:
    """Every puzzle of FILE, in order (ParseError at the first unreadable one)."""
    return [kind.parse(chunk) for chunk in split_many(read_source(source))]
