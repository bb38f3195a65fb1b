"""``pencilbox grade``: the lowest level that solves each puzzle without
guessing (or the case rung, or beyond), and whether it is unique."""

from __future__ import annotations

import argparse

from pencilbox.commands.common import Handler, Result, Subcommands, add_puzzle_command, each_puzzle
from pencilbox.engine.kind import Puzzle, PuzzleKind


def declare(commands: Subcommands) -> None:
    add_puzzle_command(
        commands,
        "grade",
        "the lowest level that solves the puzzle without guessing",
        Handler(run, text),
    )


def run(args: argparse.Namespace) -> list[Result]:
    def one(kind: PuzzleKind, p: Puzzle) -> Result:
        g = kind.grade(p, budget=args.budget, seconds=args.seconds)
        # Cut short, the search knows nothing of uniqueness: null, not false.
        out: Result = {"grade": g.grade}
        if g.case_size is not None:
            out["case_size"] = g.case_size
        out["unique"] = g.unique if g.complete else None
        if not g.complete:
            out["complete"] = False
        return out

    return each_puzzle(args, one)


def text(obj: Result) -> str:
    """ "grade: bridge (unique)", honest about what is not known."""
    if obj["grade"] == "unknown":
        return "grade: unknown (the fixpoints stopped at --seconds before finishing)"
    if obj["unique"] is None:
        return (
            f"grade: {obj['grade']} (uniqueness unknown: the search stopped early; "
            "allow more with --budget or --seconds)"
        )
    n = obj.get("case_size")
    size = "" if n is None else f", {n} branch{'es' if n != 1 else ''}"
    return f"grade: {obj['grade']}{size} ({'unique' if obj['unique'] else 'not unique'})"
