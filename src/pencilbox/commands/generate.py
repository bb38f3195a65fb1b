"""``pencilbox generate``: puzzles with their answers, from a seed.

Two styles (:mod:`pencilbox.engine.style`). The setter's (the default) makes
unique boards as setters make them, of a grade asked with ``--grade`` (each
board's grade drawn from its seed without it), through the path the bank
and the game's deal take (:func:`pencilbox.engine.making.make_graded`).
``--unique`` asks for that style by name and checks each board's verdict
before it is printed. The raw style (``--style raw``, or any ``--density``) shows the raw
generator's answer with a share of its clues, unique or not, as the
measurements sample it: the same boards, byte for byte, as ever.
"""

from __future__ import annotations

import argparse
import random

import pencilbox
from pencilbox import arguments, verdicts
from pencilbox.bank.grading import bank_grades
from pencilbox.commands.common import (
    Handler,
    Result,
    Subcommands,
    add_command,
    add_style_options,
    board_size,
)
from pencilbox.engine.kind import Puzzle
from pencilbox.engine.making import GRADED_UNITS, make_graded
from pencilbox.engine.style import AUTO, RAW, SETTER
from pencilbox.errors import ParseError, PuzzleError

RAW_DENSITY = 0.5
"""The raw style's share of clues shown when ``--density`` is not given."""
GENERATE_SECONDS = 120.0
"""Its safety clock (only runaway work reaches it)."""


def declare(commands: Subcommands) -> None:
    g = add_command(commands, "generate", "generate puzzles with their answers", Handler(run, text))
    g.add_argument("type")
    g.add_argument(
        "--size", type=arguments.side, required=True, help="rows (and columns unless --cols)"
    )
    g.add_argument("--cols", type=arguments.side)
    g.add_argument(
        "--grade",
        help="the grade each board must have (a level of the puzzle's ladder; "
        "default: drawn from each board's seed)",
    )
    add_style_options(
        g, "the raw generator's answer and a share of its clues (unique or not)", None
    )
    g.add_argument(
        "--density",
        type=arguments.share,
        help=f"share of clues revealed (raw style; default {RAW_DENSITY})",
    )
    g.add_argument(
        "--unique",
        action="store_true",
        help="puzzles, not raw boards: the setter's style (the default), each board's "
        "verdict checked unique before it is printed",
    )
    g.add_argument("--seed", type=arguments.bounded_int(0, 2**62, "a seed"))
    g.add_argument(
        "--count",
        type=arguments.bounded_int(1, 100_000, "a count"),
        default=1,
        help="how many puzzles (seeds seed..)",
    )


def style_of(args: argparse.Namespace) -> str:
    """The style asked: raw with ``--density``, else setter unless told."""
    if args.style is not None:
        if args.style == SETTER and args.density is not None:
            raise ParseError("--density is the raw style's; the setter's style thins to a grade")
        return str(args.style)
    return RAW if args.density is not None else SETTER


def run(args: argparse.Namespace) -> list[Result]:
    kind = pencilbox.puzzle(args.type)
    rows, cols = board_size(args)
    style = style_of(args)
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    if style == RAW:
        if args.unique:
            raise ParseError(
                "--unique boards are the setter's style's; --style raw and --density "
                "give raw boards, unique or not"
            )
        if args.grade is not None or args.symmetry != AUTO:
            raise ParseError("--grade and --symmetry are the setter's style's, not the raw one's")
        density = RAW_DENSITY if args.density is None else args.density
        if not 0.0 <= density <= 1.0:
            raise ParseError(f"density {density} is outside 0..1")
        return [raw_board(kind, rows, cols, density, seed + i) for i in range(args.count)]
    grades = bank_grades(kind)
    if args.grade is not None and args.grade not in grades:
        raise ParseError(
            f"{kind.name} has no grade {args.grade!r}; its grades are {', '.join(grades)}"
        )
    out = []
    for i in range(args.count):
        grade = args.grade or random.Random(seed + i).choice(grades)
        made = make_graded(
            kind, rows, cols, grade, seed + i, args.symmetry, GRADED_UNITS, GENERATE_SECONDS
        )
        if args.unique:
            refuse_unless_unique(kind, made.puzzle, seed + i)
        out.append(
            {
                "type": kind.name,
                "rows": rows,
                "cols": cols,
                "puzzle": kind.puzzle_rows(made.puzzle),
                "solution": kind.solution_rows(made.answer, cols),
                "seed": seed + i,
                "grade": made.grade,
                "style": SETTER,
                "symmetry": made.symmetry,
            }
        )
    return out


def refuse_unless_unique(kind: pencilbox.PuzzleKind, p: Puzzle, seed: int) -> None:
    """The verdict on a made board (its grade's fixpoint already solves it,
    so this settles at once): unique, or one clear line."""
    v = verdicts.verdict(kind, p, seconds=GENERATE_SECONDS)
    if not v.unique:
        raise PuzzleError(f"the board of seed {seed} is not unique: {v.summary}")


def raw_board(
    kind: pencilbox.PuzzleKind, rows: int, cols: int, density: float, seed: int
) -> Result:
    """One raw board as JSON: the generator's answer, clues at ``density``."""
    p, solution = kind.generate(rows, cols, density=density, seed=seed)
    return {
        "type": kind.name,
        "rows": rows,
        "cols": cols,
        "puzzle": kind.puzzle_rows(p),
        "solution": kind.solution_rows(solution, cols),
        "seed": seed,
    }


def text(obj: Result) -> str:
    """The puzzle as a text grid, its answer in comments below it."""
    graded = [f"; grade {obj['grade']}, symmetry {obj['symmetry']}"] if "grade" in obj else []
    return "\n".join(
        [
            f"; seed {obj['seed']}",
            f"{obj['type']} {obj['rows']}x{obj['cols']}",
            *obj["puzzle"],
            *graded,
            "; solution:",
            *(f";   {row}" for row in obj["solution"]),
        ]
    )
