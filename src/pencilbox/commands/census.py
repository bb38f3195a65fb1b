"""``pencilbox census``: every legal clue-free board of a size, counted."""

from __future__ import annotations

import argparse

import pencilbox
from pencilbox.commands.common import Handler, Result, Subcommands, add_command, board_size
from pencilbox.errors import ParseError

MAX_CELLS = 36
"""The largest board a census searches (it counts every board)."""


def declare(commands: Subcommands) -> None:
    ce = add_command(
        commands, "census", "count every legal clue-free board", Handler(run, text, spaced=False)
    )
    ce.add_argument("type")
    ce.add_argument("--size", type=int, required=True)
    ce.add_argument("--cols", type=int)
    ce.add_argument(
        "--cycles",
        action="store_true",
        help="count closed answers (puzzles whose answers are paths)",
    )


def run(args: argparse.Namespace) -> list[Result]:
    kind = pencilbox.puzzle(args.type)
    rows, cols = board_size(args)
    if rows * cols > MAX_CELLS:
        raise ParseError(
            f"census of {rows}x{cols} would search for too long (at most {MAX_CELLS} cells)"
        )
    boards = kind.census(rows, cols, cycles=args.cycles)
    return [{"type": kind.name, "rows": rows, "cols": cols, "boards": boards}]


def text(obj: Result) -> str:
    return f"{obj['type']} {obj['rows']}x{obj['cols']}: {obj['boards']} boards"
