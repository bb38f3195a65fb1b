"""FILE, as every command reads it: a path, ``-`` for standard input, or a
puzzle given directly (a URL, a one-line puzz.link file); one puzzle or many,
in any format pencilbox reads, told apart by content (see
:mod:`pencilbox.formats`): URLs one per line, text grids separated by blank
lines, the JSON lines ``generate --json`` prints, puzz.link files, Janko
text.

Only what can be read at once is read: a regular file of at most
:data:`~pencilbox.formats.registry.MAX_INPUT` bytes, or standard input up
to as many. A folder, a device (``/dev/zero``), a pipe or socket, a file
over the size, a path that cannot be followed (a symlink loop, a name too
long, a folder that is a file) or read (``/proc/self/mem``, no permission)
is a :class:`~pencilbox.errors.ParseError` of one line, said at once: the
path is opened without waiting (a pipe with no writer never blocks) and
looked at before a byte is read.
"""

from __future__ import annotations

import os
import stat
import sys
from typing import BinaryIO

from pencilbox.engine.kind import Puzzle, PuzzleKind
from pencilbox.errors import ParseError
from pencilbox.formats import penpa, pzprv3, registry
from pencilbox.formats.base import Document
from pencilbox.formats.puzzlink import looks_like_url
from pencilbox.formats.registry import MAX_INPUT, too_large


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
        return decoded(read_stream(sys.stdin.buffer, "standard input"), "standard input")
    if is_inline(source):
        return source
    return decoded(read_file(source), source)


def read_file(path: str) -> bytes:
    """The bytes of the regular file at ``path`` (see the module's doc)."""
    shown = path if len(path) <= 80 else path[:77] + "..."
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except FileNotFoundError:
        raise ParseError(f"no such file: {shown}") from None
    except (OSError, ValueError) as e:  # ValueError: a NUL in the name
        raise ParseError(f"cannot read {shown}: {reason(e)}") from None
    try:
        mode = os.fstat(fd)
        if stat.S_ISDIR(mode.st_mode):
            raise ParseError(f"cannot read {shown}: it is a folder, not a file")
        if not stat.S_ISREG(mode.st_mode):
            raise ParseError(
                f"cannot read {shown}: it is a device, pipe or socket, not a file "
                "(send such input on standard input, with -)"
            )
        if mode.st_size > MAX_INPUT:
            raise ParseError(f"cannot read {shown}: {too_large(mode.st_size)}")
        with os.fdopen(fd, "rb", closefd=False) as f:
            return read_stream(f, shown)
    except OSError as e:
        raise ParseError(f"cannot read {shown}: {reason(e)}") from None
    finally:
        os.close(fd)


def read_stream(stream: BinaryIO, what: str) -> bytes:
    """At most :data:`MAX_INPUT` bytes of ``stream`` (ParseError beyond)."""
    try:
        data = stream.read(MAX_INPUT + 1)
    except OSError as e:
        raise ParseError(f"cannot read {what}: {reason(e)}") from None
    if len(data) > MAX_INPUT:
        raise ParseError(f"cannot read {what}: {too_large()}")
    return data


def decoded(data: bytes, what: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ParseError(f"cannot read {what[:80]}: it is not UTF-8 text") from None


def reason(e: BaseException) -> str:
    """Why a file could not be read, in a few words ("Permission denied")."""
    if isinstance(e, OSError) and e.strerror:
        return e.strerror
    return str(e) or type(e).__name__


def read_documents(kind: PuzzleKind, source: str) -> list[Document]:
    """Every puzzle of FILE with the marks and answer it carries, in order
    (ParseError at the first unreadable one)."""
    return registry.read(read_source(source), kind)


def read_puzzles(kind: PuzzleKind, source: str) -> list[Puzzle]:
    """Every puzzle of FILE, in order (ParseError at the first unreadable one)."""
    return [doc.puzzle for doc in read_documents(kind, source)]
