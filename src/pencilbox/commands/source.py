"""FILE, as every command reads it: a path, ``-`` for standard input, or a
puzzle given directly (a URL, a one-line puzz.link file); one puzzle or many,
in any format pencilbox reads, told apart by content (see
:mod:`pencilbox.formats`): URLs one per line, text grids separated by blank
lines, the JSON lines ``generate --json`` prints, puzz.link files, Janko
text."""

from __future__ import annotations

import os
import sys

from pencilbox.engine.kind import Puzzle, PuzzleKind
from pencilbox.errors import ParseError
from pencilbox.formats import penpa, pzprv3, registry
from pencilbox.formats.base import Document
from pencilbox.formats.puzzlink import looks_like_url


def is_inline(source: str) -> bool:
    """Whether a FILE argument is itself a puzzle (a URL, a one-line puzz.link
    file) rather than the name of a file: a file of that name wins."""
    if "\n" in source:
        return False
    looks = looks_like_url(source) or penpa.looks_like_penpa(source)
    return (looks or pzprv3.FORMAT.looks_like(source)) and not os.path.isfile(source)


def read_source(source: str) -> str:
    """The text behind FILE: a path, '-' for standard input, or a puzzle itself."""
    if source == "-":
        return sys.stdin.read()
    if is_inline(source):
        return source
    try:
        with open(source, encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        raise ParseError(f"no such file: {source}") from None
    except (IsADirectoryError, PermissionError, UnicodeDecodeError) as e:
        raise ParseError(f"cannot read {source}: {e.__class__.__name__}") from None


def read_documents(kind: PuzzleKind, source: str) -> list[Document]:
    """Every puzzle of FILE with the marks and answer it carries, in order
    (ParseError at the first unreadable one)."""
    return registry.read(read_source(source), kind)


def read_puzzles(kind: PuzzleKind, source: str) -> list[Puzzle]:
    """Every puzzle of FILE, in order (ParseError at the first unreadable one)."""
    return [doc.puzzle for doc in read_documents(kind, source)]
