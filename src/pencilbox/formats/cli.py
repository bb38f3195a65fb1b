"""``pencilbox convert TYPE FILE --to FORMAT``: a puzzle from any format into another.

FILE is anything pencilbox reads (one puzzle or many, in any format, told
apart by content); each puzzle is written in FORMAT, with the player's marks
where the input held them and the format can hold them. ``--answer`` solves
each puzzle and writes its answer too, into the formats that hold one.
"""

from __future__ import annotations

import argparse
import os
from dataclasses import replace
from typing import Any

import pencilbox
from pencilbox import arguments
from pencilbox.engine.kind import Puzzle, PuzzleKind, Values
from pencilbox.engine.search import DEFAULT_BUDGET
from pencilbox.errors import NoSolution
from pencilbox.formats import penpa, pzprv3, registry
from pencilbox.formats.base import Unsupported
from pencilbox.formats.puzzlink import looks_like_url

DEFAULT_SECONDS = 60.0


def is_inline(source: str) -> bool:
    """Whether a FILE argument is itself a puzzle (a URL, a one-line puzz.link
    file) rather than the name of a file."""
    looks = looks_like_url(source) or penpa.looks_like_penpa(source)
    return (looks or pzprv3.FORMAT.looks_like(source)) and not os.path.isfile(source)


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


def cmd_convert(args: argparse.Namespace) -> list[dict[str, Any]]:
    # The reader lives in pencilbox.cli, which imports this module.
    from pencilbox.cli import read_documents

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
        text = registry.write(fmt.name, kind, doc)
        out.append({"type": kind.name, "format": fmt.name, "text": text})
    return out


def render(obj: dict[str, Any]) -> str:
    text: str = obj["text"]
    return text.rstrip("\n")


def add_convert_command(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``convert`` to the main parser's subcommands."""
    helptext = "write puzzles in another format (" + ", ".join(registry.names()) + ")"
    c: argparse.ArgumentParser = subparsers.add_parser(
        "convert", help=helptext, description=helptext, conflict_handler="resolve"
    )
    c.add_argument("--json", action="store_true", help="machine-readable output")
    c.add_argument("type")
    c.add_argument("file", help="a puzzle or many, in any format pencilbox reads, or - for stdin")
    c.add_argument("--to", required=True, choices=registry.names(), help="the format to write")
    c.add_argument(
        "--answer", action="store_true", help="solve each puzzle and write its answer too"
    )
    c.add_argument(
        "--budget", type=arguments.budget, default=DEFAULT_BUDGET, help="search node budget"
    )
    c.add_argument(
        "--seconds",
        type=arguments.seconds,
        default=DEFAULT_SECONDS,
        help=f"stop solving each puzzle after this long (default {DEFAULT_SECONDS:g})",
    )
    c.set_defaults(fn=cmd_convert, command="convert")
    return c
