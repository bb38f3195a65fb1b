"""``pencilbox grade``: the verdict on each puzzle with its full grade — the
lowest level that solves it without guessing, the case rung, or beyond — in
the words every surface uses (:mod:`pencilbox.engine.verdict`)."""

from __future__ import annotations

import argparse

from pencilbox import verdicts
from pencilbox.commands.common import Handler, Result, Subcommands, add_puzzle_command, each_puzzle
from pencilbox.engine.kind import Puzzle, PuzzleKind
from pencilbox.errors import NoSolution
from pencilbox.shapes import verdict_json


def declare(commands: Subcommands) -> None:
    add_puzzle_command(
        commands,
        "grade",
        "the lowest level that solves the puzzle without guessing",
        Handler(run, text, spaced=False),
    )


def run(args: argparse.Namespace) -> list[Result]:
    def one(kind: PuzzleKind, p: Puzzle) -> Result:
        v = verdicts.verdict(kind, p, budget=args.budget, seconds=args.seconds)
        if v.verdict == "none":
            raise NoSolution(f"{v.summary}: {v.reason}")
        out = verdict_json(kind, p, v)
        # Cut short, the search knows nothing of uniqueness: null, not false.
        out["unique"] = None if v.verdict == "unknown" else v.unique
        return out

    return each_puzzle(args, one)


def text(obj: Result) -> str:
    """ "unique, grade bridge", honest about what is not known."""
    tail = "" if obj["settled"] else " (allow more with --budget)"
    return f"{obj['summary']}{tail}"
