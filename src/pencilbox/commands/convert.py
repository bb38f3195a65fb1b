"""``pencilbox convert TYPE FILE --to FORMAT``: a puzzle from any format into another.

FILE is anything pencilbox reads (one puzzle or many, in any format, told
apart by content); each puzzle is written in FORMAT, with the player's marks
where the input held them and the format can hold them. ``--answer`` solves
each puzzle and writes its answer too, into the formats that hold one;
without it no answer is written, not even one the input carried (a puzzle
shared that way would give itself away).
"""

from __future__ import annotations

import argparse
from dataclasses import replace

import pencilbox
from pencilbox.commands.common import Handler, Result, Subcommands, add_puzzle_command
from pencilbox.commands.source import read_documents
from pencilbox.engine.kind import Puzzle, PuzzleKind, Values
from pencilbox.errors import NoSolution
from pencilbox.formats import registry
from pencilbox.formats.base import Unsupported


def declare(commands: Subcommands) -> None:
    helptext = "write puzzles in another format (" + ", ".join(registry.names()) + ")"
    c = add_puzzle_command(commands, "convert", helptext, Handler(run, text))
    c.add_argument("--to", required=True, choices=registry.names(), help="the format to write")
    c.add_argument(
        "--answer", action="store_true", help="solve each puzzle and write its answer too"
    )


def run(args: argparse.Namespace) -> list[Result]:
    kind = pencilbox.puzzle(args.type)
    fmt = registry.by_name(args.to)
    if not fmt.supports(kind):
        raise Unsupported(f"a {fmt.title} cannot hold a {kind.title} puzzle")
    if args.answer and not fmt.holds_answer:
        holders = ", ".join(f.name for f in registry.FORMATS if f.holds_answer)
        raise Unsupported(f"a {fmt.title} cannot hold an answer; --answer writes {holders}")
    docs = read_documents(kind, args.file)
    out = []
    for i, doc in enumerate(docs, 1):
        if args.answer:
            which = "the puzzle" if len(docs) == 1 else f"puzzle {i}"
            doc = replace(doc, answer=answer_of(kind, doc.puzzle, args.budget, args.seconds, which))
        else:  # an answer the file carries is written only when asked for
            doc = replace(doc, answer=None)
        out.append(
            {"type": kind.name, "format": fmt.name, "text": registry.write(fmt.name, kind, doc)}
        )
    return out


def answer_of(kind: PuzzleKind, p: Puzzle, budget: int, seconds: float, which: str) -> Values:
    """The puzzle's unique answer, or a clear error saying why there is none."""
    found = kind.solution(p, budget=budget, seconds=seconds)
    if found is not None:
        return found
    c = kind.count(p, limit=2, budget=budget, seconds=seconds)
    if not c.complete:
        why = "the search stopped before it settled it (allow more with --budget or --seconds)"
    elif c.solutions == 0:
        raise NoSolution(f"{which} has no answer to write: its clues contradict each other")
    else:
        why = "it has more than one answer"
    raise NoSolution(f"{which} has no unique answer to write: {why}")


def text(obj: Result) -> str:
    """The puzzle as the format writes it."""
    written: str = obj["text"]
    return written.rstrip("\n")
