"""``pencilbox render``: puzzle sheets to print, as SVG, PNG or PDF.

Each puzzle of FILE gets a slot on a page with its type, size, grade and
URL; ``--solution`` adds the same pages again with the answers. SVG and PNG
write one file per page (``PATH`` itself when there is one page, else
``NAME-1.EXT``, ``NAME-2.EXT`` …); PDF writes one document. Pages are made
and written one at a time, so the memory a sheet takes does not grow with
its pages.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from pathlib import Path

import pencilbox
from pencilbox import arguments, verdicts
from pencilbox.commands.common import FILE_HELP, Handler, Result, Subcommands, add_command
from pencilbox.commands.source import read_puzzles
from pencilbox.engine.frontend import Frontend
from pencilbox.engine.kind import Puzzle, PuzzleKind, Values
from pencilbox.engine.verdict import DEFAULT_UNITS, Verdict, grade_words
from pencilbox.errors import ParseError
from pencilbox.render import convert, svg

FORMATS = ("svg", "png", "pdf")
RENDER_SECONDS = 60.0
"""The safety clock of each puzzle's verdict (its budget decides; see
:mod:`pencilbox.engine.budget`)."""


def look_of(kind: PuzzleKind) -> Frontend:
    """How ``kind`` is drawn: its declared look (ParseError if it has none)."""
    if kind.frontend is None:
        raise ParseError(f"{kind.name} puzzles cannot be drawn yet")
    return kind.frontend


def label(v: Verdict) -> str:
    """The grade a reader sees on the sheet: the verdict's own words (a
    grade, or why there is none), as every surface says them."""
    if v.unique and v.grade is not None:
        return grade_words(v.grade, v.case_size, v.upto)
    return v.summary


def answer(v: Verdict) -> tuple[Values | None, str]:
    """The unique answer, or None and why it is not shown."""
    if v.unique and v.solutions:
        return v.solutions[0], ""
    return None, f"answer not shown: {v.summary}"


def entries(kind: PuzzleKind, puzzles: list[Puzzle], args: argparse.Namespace) -> list[svg.Entry]:
    look = look_of(kind)
    out = []
    for i, p in enumerate(puzzles):
        if args.no_grade and not args.solution:
            grade, found, note = "?", None, ""
        else:
            v = verdicts.verdict(kind, p, budget=args.budget, seconds=args.seconds)
            grade = "?" if args.no_grade else label(v)
            found, note = answer(v) if args.solution else (None, "")
        out.append(
            svg.Entry(
                number=i + 1,
                title=kind.title,
                look=look,
                puzzle=p,
                grade=grade,
                url=kind.to_url(p),
                answer=found,
                note=note,
            )
        )
    return out


def output_format(args: argparse.Namespace) -> str:
    """The format asked for: ``--format``, else the suffix of ``--out``; a
    suffix that names another format than ``--format`` is refused."""
    suffix = Path(args.out).suffix.lower().lstrip(".")
    if args.format is not None:
        if suffix in FORMATS and suffix != args.format:
            raise ParseError(
                f"--out {args.out!r} names a {suffix} file but --format is {args.format}"
            )
        return str(args.format)
    if suffix in FORMATS:
        return suffix
    raise ParseError(f"say --format {'|'.join(FORMATS)} (the name {args.out!r} does not tell)")


def page_paths(out: Path, count: int) -> list[Path]:
    """``out`` for one page; ``stem-1.ext`` … for several."""
    if count == 1:
        return [out]
    width = len(str(count))
    return [out.with_name(f"{out.stem}-{i:0{width}d}{out.suffix}") for i in range(1, count + 1)]


def write(path: Path, data: bytes) -> None:
    try:
        path.write_bytes(data)
    except OSError as e:
        raise ParseError(f"cannot write {path}: {e.strerror or e.__class__.__name__}") from None


def write_pdf(path: Path, pages: Iterable[str], title: str) -> None:
    """The pages as one PDF document, written a page at a time."""
    try:
        with convert.PdfDocument(path, title) as document:
            for page in pages:
                document.add(page)
    except OSError as e:
        raise ParseError(f"cannot write {path}: {e.strerror or e}") from None


def run(args: argparse.Namespace) -> list[Result]:
    fmt = output_format(args)
    if not 1 <= args.per_page <= svg.MAX_PER_PAGE:
        raise ParseError(f"--per-page must be between 1 and {svg.MAX_PER_PAGE}")
    if args.budget < 1:
        raise ParseError("--budget must be at least 1")
    if not args.seconds > 0:
        raise ParseError("--seconds must be more than 0")
    out = Path(args.out)  # written as named: /dev/stdout and /dev/full are files too
    if not out.parent.is_dir():
        raise ParseError(f"no such directory: {out.parent}")
    kind = pencilbox.puzzle(args.type)
    look_of(kind)
    puzzles = read_puzzles(kind, args.file)
    for p in puzzles:
        kind.refuse_contradictory_clues(p, args.seconds)
    sheet = entries(kind, puzzles, args)
    count = svg.page_count(len(sheet), args.per_page, args.solution)
    pages = svg.pages(sheet, args.per_page, args.solution)
    if fmt == "pdf":
        write_pdf(out, pages, title=f"pencilbox: {kind.title} puzzles")
        files = [out]
    else:
        files = page_paths(out, count)
        for path, page in zip(files, pages, strict=True):
            write(path, page.encode("utf-8") if fmt == "svg" else convert.to_png(page))
    return [
        {
            "format": fmt,
            "files": [str(f) for f in files],
            "pages": count,
            "puzzles": len(puzzles),
            "solution": args.solution,
            "grades": [e.grade for e in sheet],
        }
    ]


def text(obj: Result) -> str:
    """One line: what was written where."""
    files = obj["files"]
    where = files[0] if len(files) == 1 else f"{files[0]} … {files[-1]}"
    what = f"{obj['puzzles']} puzzle{'s' * (obj['puzzles'] != 1)}"
    extra = " with solutions" if obj["solution"] else ""
    return f"wrote {where}: {what}{extra} on {obj['pages']} page{'s' * (obj['pages'] != 1)}"


def declare(commands: Subcommands) -> None:
    """Add ``render`` to the command line."""
    r = add_command(
        commands,
        "render",
        "draw puzzle sheets to print (SVG, PNG or PDF)",
        Handler(run, text, spaced=False),
    )
    r.add_argument("type")
    r.add_argument("file", help=FILE_HELP)
    r.add_argument("--out", required=True, help="file to write (SVG/PNG: one per page)")
    r.add_argument("--format", choices=FORMATS, help="default: from the --out suffix")
    r.add_argument("--solution", action="store_true", help="add the answers on pages of their own")
    r.add_argument(
        "--per-page",
        type=arguments.bounded_int(1, svg.MAX_PER_PAGE, "a number of puzzles a page"),
        default=1,
        help=f"puzzles per page (1..{svg.MAX_PER_PAGE})",
    )
    r.add_argument("--no-grade", action="store_true", help="skip grading (shows grade ?)")
    r.add_argument(
        "--budget",
        type=arguments.budget,
        default=DEFAULT_UNITS,
        help=f"work budget of each puzzle's verdict, in work units (default {DEFAULT_UNITS:,})",
    )
    r.add_argument(
        "--seconds",
        type=arguments.seconds,
        default=RENDER_SECONDS,
        help="safety clock of each puzzle's verdict, in seconds (only runaway work reaches it)",
    )
