"""``pencilbox bank build|list|show|export``: the bank on the command line.

``build`` writes to ``pencilbox-bank.sqlite`` in the current directory unless
``--db`` names another file (it never writes into the installed package);
``list``, ``show`` and ``export`` read the bank ``--db`` names, else the one
``build`` writes when it is there (so they read the bank just built), else
the bank shipped inside the package. Errors are :class:`PuzzleError` subclasses, so
the main command line prints one line and exits with status 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pencilbox
from pencilbox import arguments
from pencilbox.bank.build import DEFAULT_ATTEMPTS, Outcome, build, parse_sizes
from pencilbox.bank.grading import bank_grades
from pencilbox.bank.store import SHIPPED, Bank, Board
from pencilbox.commands.common import (
    Handler,
    Result,
    Subcommands,
    add_command,
    add_style_options,
)
from pencilbox.engine.style import SETTER
from pencilbox.errors import PuzzleError

BUILD_DB = "pencilbox-bank.sqlite"


def _levels() -> dict[str, tuple[str, ...]]:
    return {name: pencilbox.puzzle(name).levels for name in pencilbox.puzzle_names()}


def _types(text: str) -> list[str]:
    if text == "all":
        return list(pencilbox.puzzle_names())
    return [pencilbox.puzzle(t).name for t in text.split(",") if t.strip()]


def _progress_bar(outcomes: Iterator[Outcome], total: int) -> Iterator[Outcome]:
    try:
        from tqdm import tqdm
    except ImportError:  # pragma: no cover - tqdm is a dependency
        yield from outcomes
        return
    with tqdm(total=total, unit="board", file=sys.stderr, disable=None, dynamic_ncols=True) as bar:
        for o in outcomes:
            bar.set_postfix_str(f"{o.task.type} {o.task.rows}x{o.task.cols} {o.task.grade}")
            bar.update(1)
            yield o


def board_json(b: Board) -> Result:
    """The export shape of one stored board."""
    kind = pencilbox.puzzle(b.type)
    try:
        url: str | None = kind.to_url(kind.parse(b.puzzle))
    except NotImplementedError:
        url = None
    return {
        "id": b.id,
        "type": b.type,
        "rows": b.rows,
        "cols": b.cols,
        "grade": b.grade,
        "clues": b.clues,
        "puzzle": b.puzzle.split("\n"),
        "solution": b.solution.split("\n"),
        "url": url,
    }


def run_build(args: argparse.Namespace) -> list[Result]:
    grades = args.grades.split(",") if args.grades else None
    reports = build(
        args.db or BUILD_DB,
        _types(args.type),
        parse_sizes(args.sizes),
        args.per_grade,
        grades=grades,
        attempts=args.attempts,
        workers=args.workers,
        scheduler=args.scheduler,
        progress=None if args.quiet else _progress_bar,
        max_tasks=args.max_tasks,
        style=args.style,
        symmetry=args.symmetry,
    )
    return [
        {
            "type": r.type,
            "rows": r.rows,
            "cols": r.cols,
            "grade": r.grade,
            "boards": r.boards,
            "tasks": r.tasks,
            "attempts": r.attempts,
            "yield": round(r.yield_, 4),
        }
        for r in reports
    ]


def reading(args: argparse.Namespace) -> Path:
    """The bank ``list``, ``show`` and ``export`` read: ``--db``, else the
    one ``build`` writes here when there is one, else the shipped bank."""
    if args.db:
        return Path(args.db)
    built = Path(BUILD_DB)
    return built if built.is_file() else SHIPPED


def run_list(args: argparse.Namespace) -> list[Result]:
    with Bank(reading(args)) as bank:
        return [
            {
                "type": s.type,
                "rows": s.rows,
                "cols": s.cols,
                "grade": s.grade,
                "boards": s.boards,
                "median_clues": s.median_clues,
            }
            for s in bank.shelves(_levels())
            if args.type is None or s.type == pencilbox.puzzle(args.type).name
        ]


def run_show(args: argparse.Namespace) -> list[Result]:
    with Bank(reading(args)) as bank:
        return [board_json(bank.board(args.id))]


def run_export(args: argparse.Namespace) -> list[Result]:
    kind = pencilbox.puzzle(args.type).name if args.type else None
    rows = cols = None
    if args.size:
        sizes = parse_sizes(args.size)
        if len(sizes) != 1:
            raise PuzzleError(f"--size takes one size (N or RxC), not {args.size[:40]!r}")
        [(rows, cols)] = sizes
    if args.grade is not None:
        check_grade(kind, args.grade)
    with Bank(reading(args)) as bank:
        return [board_json(b) for b in bank.boards(kind, rows, cols, args.grade)]


def check_grade(kind: str | None, grade: str) -> None:
    """Refuse a grade no shelf of ``kind`` (of any type: None) can have."""
    kinds = (
        [pencilbox.puzzle(kind)]
        if kind
        else [pencilbox.puzzle(n) for n in pencilbox.puzzle_names()]
    )
    known = dict.fromkeys(g for k in kinds for g in bank_grades(k))
    if grade not in known:
        raise PuzzleError(
            f"no bank shelf has grade {grade[:40]!r}; the grades are {', '.join(known)}"
        )


def _size(obj: Result) -> str:
    return f"{obj['rows']}x{obj['cols']}"


def build_line(obj: Result) -> str:
    """``bank build``: one shelf's boards, attempts and yield."""
    return (
        f"{obj['type']:<8} {_size(obj):<6} {obj['grade']:<7} "
        f"{obj['boards']:>4} boards  {obj['attempts']:>5} attempts  "
        f"yield {obj['yield']:.3f}"
    )


def shelf_line(obj: Result) -> str:
    """``bank list``: one shelf's boards and median clue count."""
    return (
        f"{obj['type']:<8} {_size(obj):<6} {obj['grade']:<7} "
        f"{obj['boards']:>4} boards  median clues {obj['median_clues']:g}"
    )


def board_lines(obj: Result) -> str:
    """``bank export``: a board as a text grid under its id, grade and clues."""
    return "\n".join(
        [
            f"; #{obj['id']} {obj['grade']}, {obj['clues']} clues",
            f"{obj['type']} {_size(obj)}",
            *obj["puzzle"],
        ]
    )


def board_with_answer(obj: Result) -> str:
    """``bank show``: the board's text grid, its answer in comments below."""
    return "\n".join([board_lines(obj), "; solution:", *(f";   {row}" for row in obj["solution"])])


def board_url(obj: Result) -> str:
    """``bank export --format url``: the board's URL, one line."""
    url = obj["url"]
    return str(url) if url else f"; #{obj['id']}: no URL form for {obj['type']}"


EXPORTS = {
    "text": Handler(run_export, board_lines),
    "url": Handler(run_export, board_url, spaced=False),
}
"""``bank export``'s handler for each ``--format``."""


class _FormatAction(argparse.Action):
    """``--format url|text``: picks the text form of ``bank export``."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        setattr(namespace, self.dest, values)
        namespace.handler = EXPORTS[values]


def declare(commands: Subcommands) -> None:
    """Add ``bank build|list|show|export`` to the command line."""
    bank: argparse.ArgumentParser = commands.add_parser(
        "bank", help="the graded puzzle bank", description="the graded puzzle bank"
    )
    sub = bank.add_subparsers(dest="bank_command", required=True, parser_class=type(bank))

    def command(
        name: str, helptext: str, handler: Handler, db_help: str
    ) -> argparse.ArgumentParser:
        p = add_command(sub, name, helptext, handler)
        p.add_argument("--db", help=db_help)
        return p

    read_help = (
        f"bank file (default: ./{BUILD_DB}, which build writes, when it is there; "
        f"else the bank shipped with pencilbox, {SHIPPED.name})"
    )
    b = command(
        "build",
        "build or resume a bank of graded, unique puzzles",
        Handler(run_build, build_line, spaced=False),
        f"bank file to write (default: ./{BUILD_DB})",
    )
    b.add_argument("--type", required=True, help="puzzle type(s), comma-separated, or all")
    b.add_argument("--sizes", required=True, help="board sizes, e.g. 6,8,10 or 6x8")
    b.add_argument(
        "--per-grade",
        type=arguments.bounded_int(0, 100_000, "a board count"),
        required=True,
        help="boards per type, size, grade",
    )
    b.add_argument("--grades", help="only these grades (comma-separated)")
    b.add_argument(
        "--attempts",
        type=arguments.bounded_int(1, 100_000, "an attempt count"),
        default=DEFAULT_ATTEMPTS,
        help="seeds a board may try before its task gives up",
    )
    b.add_argument(
        "--max-tasks",
        type=arguments.bounded_int(1, 10**7, "a task count"),
        help="tasks a shelf may run in all (default: 3 x --per-grade)",
    )
    add_style_options(b, "the raw generator's answer thinned at random", SETTER)
    b.add_argument("--workers", type=arguments.workers, default=1, help="local worker processes")
    b.add_argument("--scheduler", help="Dask scheduler address (needs pencilbox[dask])")
    b.add_argument("--quiet", action="store_true", help="no progress bar")
    ls = command(
        "list",
        "boards and median clue counts per type, size and grade",
        Handler(run_list, shelf_line, spaced=False),
        read_help,
    )
    ls.add_argument("--type")
    sh = command(
        "show", "one board with its answer", Handler(run_show, board_with_answer), read_help
    )
    sh.add_argument("id", type=arguments.bounded_int(0, 2**62, "a board id"))
    ex = command(
        "export",
        "every board (filtered) as text grids or puzz.link URLs",
        EXPORTS["text"],
        read_help,
    )
    ex.add_argument("--type")
    ex.add_argument("--size", help="N or RxC")
    ex.add_argument("--grade")
    ex.add_argument("--format", choices=tuple(EXPORTS), default="text", action=_FormatAction)
