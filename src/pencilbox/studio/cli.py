"""``pencilbox analyze``: the studio's verdict on every puzzle of a file.

One result per puzzle, in input order, as ``POST /api/analyze`` gives it
(``--json``: one object per line). Contradictory clues are a verdict
(``none``), not an error; only unreadable input exits with status 2.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator

import pencilbox
from pencilbox import arguments, verdicts
from pencilbox.commands.common import (
    DEFAULT_SECONDS,
    FILE_HELP,
    Handler,
    Result,
    Subcommands,
    add_command,
)
from pencilbox.commands.source import read_puzzles
from pencilbox.engine.kind import Puzzle, PuzzleKind
from pencilbox.engine.verdict import DEFAULT_UNITS, RUNGS
from pencilbox.shapes import redundancy_json, verdict_json
from pencilbox.studio import helpers


def declare(commands: Subcommands) -> None:
    """Add ``analyze`` to the command line."""
    p = add_command(
        commands,
        "analyze",
        "is each puzzle unique, and how hard? (several answers, none, or unknown)",
        Handler(run, text),
    )
    p.add_argument("type")
    p.add_argument("file", help=FILE_HELP)
    p.add_argument("--level", help="the level whose undecided cells are reported (default: top)")
    p.add_argument(
        "--budget",
        type=arguments.budget,
        default=DEFAULT_UNITS,
        help=f"work budget per puzzle, in engine work units (default {DEFAULT_UNITS:,})",
    )
    p.add_argument(
        "--seconds",
        type=arguments.seconds,
        default=DEFAULT_SECONDS,
        help=f"safety clock per puzzle (default {DEFAULT_SECONDS:g}); the budget decides",
    )
    p.add_argument(
        "--upto",
        choices=RUNGS,
        default=RUNGS[-1],
        help="how far the grade may climb: probe (fast) or the case rung (default)",
    )
    p.add_argument(
        "--redundant",
        action="store_true",
        help="also list the clues that can go with the answer still unique",
    )


def run(args: argparse.Namespace) -> Iterator[Result]:
    kind = pencilbox.puzzle(args.type)
    kind.level_name(args.level)
    puzzles = read_puzzles(kind, args.file)  # every puzzle is read before any result
    return _results(kind, puzzles, args)


def _results(kind: PuzzleKind, puzzles: list[Puzzle], args: argparse.Namespace) -> Iterator[Result]:
    for p in puzzles:
        v = verdicts.verdict(kind, p, args.level, args.budget, args.seconds, args.upto)
        out = verdict_json(kind, p, v)
        if args.redundant:
            # Only a unique board has clues that can go with its answer kept.
            out["redundant"] = (
                redundancy_json(
                    p, helpers.redundant(kind, p, budget=args.budget, seconds=args.seconds)
                )
                if v.unique
                else None
            )
        yield out


def cell_name(rc: list[int]) -> str:
    return f"r{rc[0] + 1}c{rc[1] + 1}"


def text(obj: Result) -> str:
    """The text form of one analysis."""
    verdict = obj["verdict"]
    lines = [f"{obj['summary']}: {obj['reason']}"]
    if obj["cells"]:
        lines.append("cells: " + ", ".join(cell_name(rc) for rc in obj["cells"]))
    sols = obj["solutions"]
    if len(sols) == 2:
        width = max(len(row) for row in sols[0])
        lines.append(f"{'answer 1':<{width}}   answer 2")
        lines += [f"{a:<{width}}   {b}" for a, b in zip(sols[0], sols[1], strict=True)]
    elif sols and verdict == "several":
        lines += ["answer 1", *sols[0]]
    if obj["undecided"]:
        lines.append(f"{obj['level']} leaves {len(obj['undecided'])} cells undecided")
    red = obj.get("redundant")
    if red is not None:
        gone = [c for c in red["clues"] if c["removable"]]
        if gone:
            names = ", ".join(
                cell_name(c["cell"])
                + ("" if c["grade"] == obj["grade"] else f" (grade {c['grade']} without it)")
                for c in gone
            )
            lines.append(f"redundant clues: {names}")
        else:
            lines.append("redundant clues: none")
        if not red["complete"]:
            lines.append("(the budget ran out before every clue was checked)")
    lines.append(obj["url"])
    return "\n".join(lines)
