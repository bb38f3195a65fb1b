"""``pencilbox gapcheck``: whether probe finishes each puzzle, and if not,
the independent brute force's count (is it unique, though probe cannot
finish it?), in words, or as its JSON object with ``--json``."""

from __future__ import annotations

import argparse

from pencilbox.commands.common import Handler, Result, Subcommands, add_puzzle_command, each_puzzle
from pencilbox.engine.kind import Puzzle, PuzzleKind


def declare(commands: Subcommands) -> None:
    add_puzzle_command(
        commands,
        "gapcheck",
        "confirm by brute force a unique puzzle probe cannot finish",
        Handler(run, text, spaced=False),
    )


def run(args: argparse.Namespace) -> list[Result]:
    def one(kind: PuzzleKind, p: Puzzle) -> Result:
        return dict(vars(kind.gapcheck(p, budget=args.budget, seconds=args.seconds)))

    return each_puzzle(args, one)


def text(obj: Result) -> str:
    """One line: what probe did, and what the brute force counted."""
    if obj["probe_finishes"]:
        return "probe finishes it: unique"
    counted = obj["solutions"]
    if not obj["complete"]:
        found = f"at least {counted} answer{'s' if counted != 1 else ''}" if counted else "none"
        return (
            f"probe stalls; the brute force stopped after {obj['nodes']:,} nodes, "
            f"having found {found} (allow more with --budget)"
        )
    what = {0: "no answer", 1: "unique, though probe cannot finish it"}.get(
        counted, "several answers"
    )
    return f"probe stalls; the brute force counts {what} ({obj['nodes']:,} nodes)"
