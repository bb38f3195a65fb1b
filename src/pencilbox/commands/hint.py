"""``pencilbox hint``: the next cell a level proves, with its reason, from
the player's marks (``--marks``) or the bare puzzle."""

from __future__ import annotations

import argparse

from pencilbox.commands.common import Handler, Result, Subcommands, add_puzzle_command, each_puzzle
from pencilbox.commands.source import read_source
from pencilbox.engine.kind import Puzzle, PuzzleKind
from pencilbox.shapes import hint_json


def declare(commands: Subcommands) -> None:
    h = add_puzzle_command(
        commands, "hint", "the next cell a level proves, with its reason", Handler(run, text)
    )
    h.add_argument("--level")
    h.add_argument("--marks", help="the player's current grid ('?' for empty cells)")


def run(args: argparse.Namespace) -> list[Result]:
    def one(kind: PuzzleKind, p: Puzzle) -> Result:
        marks = kind.parse_marks(read_source(args.marks), p) if args.marks else None
        return hint_json(kind, p, kind.hint(p, marks, level=args.level, seconds=args.seconds))

    return each_puzzle(args, one)


def text(obj: Result) -> str:
    """The hint as "r4c6 = # (border): why", or the status and why there is none."""
    if "cell" in obj:
        r, c = obj["cell"]
        return f"r{r + 1}c{c + 1} = {obj['value']} ({obj['rule']}): {obj['reason']}"
    return f"{obj['status']}: {obj['reason']}"
