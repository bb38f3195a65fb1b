"""``pencilbox analyze``: the studio's verdict on every puzzle of a file.

One result per puzzle, in input order, as ``POST /api/analyze`` gives it
(``--json``: one object per line). Contradictory clues are a verdict
(``none``), not an error; only unreadable input exits with status 2.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator

import pencilbox
from pencilbox import arguments
from pencilbox.commands.common import Handler, Result, Subcommands, add_command
from pencilbox.commands.source import read_puzzles
from pencilbox.engine.kind import Puzzle, PuzzleKind
from pencilbox.errors import ParseError
from pencilbox.shapes import analysis_json, redundancy_json
from pencilbox.studio import helpers
from pencilbox.studio.analyze import DEFAULT_SECONDS, analyze


def declare(commands: Subcommands) -> None:
    """Add ``analyze`` to the command line."""
    p = add_command(
        commands,
        "analyze",
        "is each puzzle unique, and how hard? (several answers, none, or unknown)",
        Handler(run, text),
    )
    p.add_argument("type")
    p.add_argument("file", help="a text grid file, a URL, a file of many, or - for stdin")
    p.add_argument("--level", help="the level whose undecided cells are reported (default: top)")
    p.add_argument(
        "--seconds",
        type=arguments.seconds,
        default=DEFAULT_SECONDS,
        help=f"time budget per puzzle (default {DEFAULT_SECONDS:g})",
    )
    p.add_argument(
        "--redundant",
        action="store_true",
        help="also list the clues that can go with the answer still unique",
    )


def run(args: argparse.Namespace) -> Iterator[Result]:
    kind = pencilbox.puzzle(args.type)
    kind.level_name(args.level)
    if not args.seconds > 0:
        raise ParseError("--seconds must be more than 0")
    puzzles = read_puzzles(kind, args.file)  # every puzzle is read before any result
    return _results(kind, puzzles, args)


def _results(kind: PuzzleKind, puzzles: list[Puzzle], args: argparse.Namespace) -> Iterator[Result]:
    for p in puzzles:
        a = analyze(kind, p, level=args.level, seconds=args.seconds)
        out = analysis_json(kind, p, a)
        if args.redundant:
            # Only a unique board has clues that can go with its answer kept.
            out["redundant"] = (
                redundancy_json(p, helpers.redundant(kind, p, seconds=args.seconds))
                if a.unique
                else None
            )
        yield out


def cell_name(rc: list[int]) -> str:
    return f"r{rc[0] + 1}c{rc[1] + 1}"


def text(obj: Result) -> str:
    """The text form of one analysis."""
    verdict = obj["verdict"]
    head = f"{verdict}, grade {obj['grade']}" if obj["grade"] else verdict
    lines = [f"{head}: {obj['reason']}"]
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
