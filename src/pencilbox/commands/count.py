"""``pencilbox count``: solutions up to ``--limit``, by the ladder's search
or by the independent brute force."""

from __future__ import annotations

import argparse

from pencilbox import arguments
from pencilbox.commands.common import Handler, Result, Subcommands, add_puzzle_command, each_puzzle
from pencilbox.engine.kind import Puzzle, PuzzleKind
from pencilbox.engine.search import DEFAULT_UNITS
from pencilbox.shapes import count_json


def declare(commands: Subcommands) -> None:
    c = add_puzzle_command(
        commands, "count", "count solutions by search (or --brute)", Handler(run, text)
    )
    c.add_argument("--level")
    c.add_argument("--limit", type=arguments.bounded_int(1, 10**6, "a limit"), default=2)
    c.add_argument("--brute", action="store_true", help="use the independent brute force")
    c.add_argument(
        "--no-learning",
        action="store_true",
        help="search without learning from conflicts (for comparison)",
    )


def run(args: argparse.Namespace) -> list[Result]:
    def one(kind: PuzzleKind, p: Puzzle) -> Result:
        if args.brute:
            c = kind.brute_count(p, limit=args.limit, budget=args.budget, seconds=args.seconds)
        else:
            c = kind.count(
                p,
                limit=args.limit,
                level=args.level,
                budget=args.budget,
                seconds=args.seconds,
                learning=False if args.no_learning else None,
                sketch=not args.no_learning,
            )
        return count_json(kind, p, c, None if args.brute else args.budget or DEFAULT_UNITS)

    return each_puzzle(args, one)


def text(obj: Result) -> str:
    """The count, the guesses and engine, then the first solution found."""
    more = "" if obj["complete"] else " (stopped early by --budget or --seconds: at least)"
    head = (
        f"solutions: {obj['solutions']}{more}; guesses {obj['guesses']}; "
        f"engine {obj['engine']}" + (f" at {obj['level']}" if obj["level"] else "")
    )
    return "\n".join([head, obj["summary"], *(obj["solution"] or [])])
