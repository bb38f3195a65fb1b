"""``pencilbox hint``: the next cell a level proves, with its reason, from
the player's marks (``--marks``, else those a saved game in FILE carries)
or the bare puzzle."""

from __future__ import annotations

import argparse
from collections.abc import Callable

import pencilbox
from pencilbox.commands.common import (
    Handler,
    Result,
    Subcommands,
    add_puzzle_command,
    each_document,
)
from pencilbox.commands.source import read_source
from pencilbox.engine.kind import PuzzleKind
from pencilbox.formats.base import Document
from pencilbox.shapes import hint_json


def declare(commands: Subcommands) -> None:
    h = add_puzzle_command(
        commands,
        "hint",
        "the next cell a level proves, with its reason",
        Handler(run, spaced=False, words=words),
    )
    h.add_argument("--level")
    h.add_argument("--marks", help="the player's current grid ('?' for empty cells)")


def run(args: argparse.Namespace) -> list[Result]:
    def one(kind: PuzzleKind, doc: Document) -> Result:
        p = doc.puzzle
        marks = kind.parse_marks(read_source(args.marks), p) if args.marks else doc.marks
        h = kind.hint(p, marks, level=args.level, seconds=args.seconds, budget=args.budget)
        return hint_json(kind, p, h)

    return each_document(args, one)


def words(args: argparse.Namespace) -> Callable[[Result], str]:
    """The hint in words, "r4c6 is black (border): why", naming the value
    as the puzzle's players do; or the status and why there is none."""
    kind = pencilbox.puzzle(args.type)

    def text(obj: Result) -> str:
        if "cell" in obj:
            r, c = obj["cell"]
            tokens = kind.frontend.tokens if kind.frontend else ()
            phrase = next((t.phrase for t in tokens if t.token == obj["value"]), obj["value"])
            return f"r{r + 1}c{c + 1} is {phrase} ({obj['rule']}): {obj['reason']}"
        return f"{obj['status']}: {obj['reason']}"

    return text
