"""``pencilbox generate``: puzzles with their answers, from a seed."""

from __future__ import annotations

import argparse
import random

import pencilbox
from pencilbox import arguments
from pencilbox.commands.common import Handler, Result, Subcommands, add_command, board_size
from pencilbox.errors import ParseError


def declare(commands: Subcommands) -> None:
    g = add_command(commands, "generate", "generate puzzles with their answers", Handler(run, text))
    g.add_argument("type")
    g.add_argument(
        "--size", type=arguments.side, required=True, help="rows (and columns unless --cols)"
    )
    g.add_argument("--cols", type=arguments.side)
    g.add_argument("--density", type=arguments.share, default=0.5, help="share of clues revealed")
    g.add_argument("--seed", type=arguments.bounded_int(0, 2**62, "a seed"))
    g.add_argument(
        "--count",
        type=arguments.bounded_int(1, 100_000, "a count"),
        default=1,
        help="how many puzzles (seeds seed..)",
    )


def run(args: argparse.Namespace) -> list[Result]:
    kind = pencilbox.puzzle(args.type)
    rows, cols = board_size(args)
    if not 0.0 <= args.density <= 1.0:
        raise ParseError(f"density {args.density} is outside 0..1")
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    out = []
    for i in range(args.count):
        p, solution = kind.generate(rows, cols, density=args.density, seed=seed + i)
        out.append(
            {
                "type": kind.name,
                "rows": rows,
                "cols": cols,
                "puzzle": kind.puzzle_rows(p),
                "solution": kind.solution_rows(solution, cols),
                "seed": seed + i,
            }
        )
    return out


def text(obj: Result) -> str:
    """The puzzle as a text grid, its answer in comments below it."""
    return "\n".join(
        [
            f"; seed {obj['seed']}",
            f"{obj['type']} {obj['rows']}x{obj['cols']}",
            *obj["puzzle"],
            "; solution:",
            *(f";   {row}" for row in obj["solution"]),
        ]
    )
