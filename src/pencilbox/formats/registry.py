"""Every interchange format in one place, and reading by content.

:func:`read` takes any input pencilbox reads — one puzzle or many — and
tells each part's format from what it holds: a puzz.link file starts with
``pzprv3``, Janko text with ``begin`` or a size line, JSON lines with
``{``, a penpa-edit URL carries ``m=edit&p=``, a puzz.link URL its
``TYPE/COLS/ROWS/``; anything else must be a text grid. Input that fits
none gets one :class:`~pencilbox.formats.base.UnknownFormat` error naming
them all. :func:`write` writes a document in the format asked for.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import replace

from pencilbox.engine.kind import PuzzleKind
from pencilbox.errors import ParseError, PuzzleError
from pencilbox.formats import janko, native, penpa, penpa_url, pzprv3
from pencilbox.formats.base import Document, Format, UnknownFormat, Unsupported, lines_of
from pencilbox.formats.numbers import shown
from pencilbox.formats.puzzlink import parse_frame

URL = native.PuzzleUrl()
TEXT = native.TextGrid()
JSON = native.JsonLines()
FORMATS: tuple[Format, ...] = (URL, TEXT, pzprv3.FORMAT, penpa.FORMAT, janko.FORMAT, JSON)
"""Every format, in the order they are listed to people."""
WHOLE: tuple[Format, ...] = (pzprv3.FORMAT, janko.FORMAT)
"""Formats that own the whole input when it starts like them."""
MAX_INPUT = 16 * 1024 * 1024
"""The most text :func:`read` takes at once (and the command line reads from
a file or standard input), in bytes: some 10,000 boards of 30×30."""


def too_large(size: int | None = None) -> str:
    """Why input over :data:`MAX_INPUT` is refused, in words."""
    got = f" ({size / 2**20:.1f} MiB)" if size is not None else ""
    return f"it is over {MAX_INPUT // 2**20} MiB{got}, more than pencilbox reads at once"


def names() -> tuple[str, ...]:
    return tuple(f.name for f in FORMATS)


def by_name(name: str) -> Format:
    """The format called ``name`` (ParseError naming them all otherwise)."""
    for f in FORMATS:
        if f.name == name.strip().lower():
            return f
    raise ParseError(f"unknown format {shown(name)}; the formats are {', '.join(names())}")


def described() -> str:
    """The formats as a sentence, for messages."""
    titles = [f.title for f in FORMATS]
    return ", ".join(titles[:-1]) + " or " + titles[-1]


def chunks(text: str) -> list[tuple[Format, str]]:
    """The input split into parts, each with the format it is written in."""
    if len(text) > MAX_INPUT:
        raise ParseError(f"the input cannot be read: {too_large(len(text))}")
    stripped = text.strip()
    if not stripped:
        raise ParseError("the input is empty: no puzzle found")
    for f in WHOLE:
        if f.looks_like(stripped):
            return [(f, stripped)]
    out: list[tuple[Format, str]] = []
    grid: list[str] = []

    def flush() -> None:
        body = "\n".join(grid)
        grid.clear()
        if not any(ln.strip() and not ln.strip().startswith(";") for ln in body.split("\n")):
            return
        if not TEXT.looks_like(body):
            raise UnknownFormat(
                f"pencilbox cannot tell what {shown(body.strip(), 40)} is: it reads {described()}"
            )
        out.append((TEXT, body))

    for line in lines_of(stripped):
        s = line.strip()
        single = next((f for f in (JSON, penpa.FORMAT, URL) if s and f.looks_like(s)), None)
        if not s or single is not None:
            flush()
            if single is not None:
                out.append((single, s))
        else:
            grid.append(line)
    flush()
    if not out:
        raise ParseError("no puzzle found in the input")
    return out


def read(text: str, kind: PuzzleKind | None = None) -> list[Document]:
    """Every puzzle of ``text``, whatever its format; ``kind`` is the type the
    caller expects (None: each part must say it)."""
    docs: list[Document] = []
    for f, part in chunks(text):
        docs += [replace(doc, format=f.name) for doc in f.read(part, kind)]
    return docs


HEADER_SIZE = re.compile(r"\S+\s+([0-9]{1,4})\s*x\s*([0-9]{1,4})", re.IGNORECASE)
"""The size in a text grid's "TYPE RxC" header."""
NAMED_SIDE = re.compile(r'(?m)^\s*"?(rows|cols|size)"?\s*[: ]\s*([0-9]{1,4})\b')
"""A side named on a line of its own: Janko's ``rows 6`` or ``size 6``, a
JSON line's ``"rows": 6``."""
PEEK = 400
"""The characters of the input's start a look at its size reads."""


def named_size(text: str) -> tuple[int, int] | None:
    """The rows and columns the start of ``text`` says its (first) board has,
    found without reading the board: a text grid's header, a URL's frame,
    the first bytes of a penpa-edit URL's data, a puzz.link file's size
    lines, Janko's ``rows``/``cols``, a JSON line's; None when the start names
    no size. Cheap, and no check: the board is read, and checked, later."""
    start = text.lstrip()[:PEEK]
    first = start.split("\n", 1)[0].strip()
    header = HEADER_SIZE.fullmatch(first)
    if header:
        return int(header.group(1)), int(header.group(2))
    if penpa.looks_like_penpa(first):
        return penpa_url.canvas(text.strip().split("\n", 1)[0])
    if pzprv3.FORMAT.looks_like(start):
        lines = start.split("\n")
        sides = [ln.strip() for ln in lines[2:4]]
        if len(sides) == 2 and all(side.isascii() and side.isdigit() for side in sides):
            return int(sides[0]), int(sides[1])
        return None
    named = dict(NAMED_SIDE.findall(start.replace(",", "\n").replace("{", "\n")))
    if "rows" in named and "cols" in named:
        return int(named["rows"]), int(named["cols"])
    if "size" in named:
        return int(named["size"]), int(named["size"])
    try:
        with warnings.catch_warnings():  # reading the puzzle warns, once
            warnings.simplefilter("ignore")
            frame = parse_frame(first)
    except PuzzleError:
        return None
    return frame.rows, frame.cols


def write(name: str, kind: PuzzleKind, doc: Document) -> str:
    """``doc`` written in the format called ``name``."""
    f = by_name(name)
    if not f.supports(kind):
        raise Unsupported(f"a {f.title} cannot hold a {kind.title} puzzle")
    return f.write(kind, doc)


def supported(kind: PuzzleKind) -> tuple[str, ...]:
    """The names of the formats that can hold puzzles of ``kind``."""
    return tuple(f.name for f in FORMATS if f.supports(kind))
