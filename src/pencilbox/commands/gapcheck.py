"""``pencilbox gapcheck``: whether probe finishes each puzzle, and if not,
the independent brute force's count (is it unique, though probe cannot
finish it?). Its text form is its JSON object."""

from __future__ import annotations

import argparse

from pencilbox.commands.common import Handler, Result, Subcommands, add_puzzle_command, each_puzzle
from pencilbox.engine.kind import Puzzle, PuzzleKind


def declare(commands: Subcommands) -> None:
    add_puzzle_command(
        commands,
        "gapcheck",
        "confirm by brute force a unique puzzle probe cannot finish",
        Handler(run),
    )


def run(args: argparse.Namespace) -> list[Result]:
    def one(kind: PuzzleKind, p: Puzzle) -> Result:
        return dict(vars(kind.gapcheck(p, budget=args.budget, seconds=args.seconds)))

    return each_puzzle(args, one)
