"""``pencilbox census``: every legal clue-free board of a size, counted
(within ``--seconds``: when they run out, "at least" the count so far)."""

from __future__ import annotations

import argparse

import pencilbox
from pencilbox import arguments
from pencilbox.commands.common import (
    DEFAULT_SECONDS,
    Handler,
    Result,
    Subcommands,
    add_command,
    board_size,
)
from pencilbox.errors import ParseError

MAX_CELLS = 36
"""The largest board a census searches (it counts every board)."""


def declare(commands: Subcommands) -> None:
    ce = add_command(
        commands, "census", "count every legal clue-free board", Handler(run, text, spaced=False)
    )
    ce.add_argument("type")
    ce.add_argument("--size", type=arguments.side, required=True)
    ce.add_argument("--cols", type=arguments.side)
    ce.add_argument(
        "--cycles",
        action="store_true",
        help="count closed answers (puzzles whose answers are paths)",
    )
    ce.add_argument(
        "--seconds",
        type=arguments.seconds,
        default=DEFAULT_SECONDS,
        help=f"stop counting after this long (default {DEFAULT_SECONDS:g})",
    )


def run(args: argparse.Namespace) -> list[Result]:
    kind = pencilbox.puzzle(args.type)
    rows, cols = board_size(args)
    if rows * cols > MAX_CELLS:
        raise ParseError(
            f"census of {rows}x{cols} would search for too long (at most {MAX_CELLS} cells)"
        )
    counted = kind.census_count(rows, cols, cycles=args.cycles, seconds=args.seconds)
    out: Result = {"type": kind.name, "rows": rows, "cols": cols, "boards": counted.solutions}
    if not counted.complete:
        out["complete"] = False
    return [out]


def text(obj: Result) -> str:
    head = f"{obj['type']} {obj['rows']}x{obj['cols']}: "
    if obj.get("complete", True):
        return head + f"{obj['boards']} boards"
    return head + f"at least {obj['boards']} boards (stopped at --seconds; allow more time)"
