"""What the commands share: the frame of a command's parser (``--json``;
for a command over the puzzles of a FILE, its type, FILE, ``--budget`` and
``--seconds``), the :class:`Handler` the entry point runs, and the loop
over a FILE's puzzles."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeAlias

import pencilbox
from pencilbox import arguments
from pencilbox.commands.source import read_puzzles
from pencilbox.engine.grid import refuse_size_out_of_range
from pencilbox.engine.kind import Puzzle, PuzzleKind
from pencilbox.engine.search import DEFAULT_BUDGET

Result: TypeAlias = dict[str, Any]
"""One result of a command: the JSON object ``--json`` prints on a line."""
Subcommands: TypeAlias = "argparse._SubParsersAction[Any]"
"""The sub-commands of a parser, which a command module adds itself to
(their parsers are the entry point's ``ArgumentParser`` subclass)."""

DEFAULT_SECONDS = 60.0
"""How long solve, count, hint, grade and gapcheck work on one puzzle unless
``--seconds`` says otherwise; each says so when it stopped early."""


@dataclass(frozen=True)
class Handler:
    """What the entry point does with a parsed command: ``run`` it, then
    print each result as JSON (``--json``) or as ``text``, with a blank line
    after each when ``spaced`` (results of several lines)."""

    run: Callable[[argparse.Namespace], Iterable[Result]]
    text: Callable[[Result], str] = json.dumps
    spaced: bool = True


def add_command(
    commands: Subcommands, name: str, helptext: str, handler: Handler
) -> argparse.ArgumentParser:
    """A command's parser, with ``--json``; ``handler`` runs it."""
    # "resolve": a command may redefine a shared option (its own --seconds).
    p: argparse.ArgumentParser = commands.add_parser(
        name, help=helptext, description=helptext, conflict_handler="resolve"
    )
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(handler=handler)
    return p


def add_puzzle_command(
    commands: Subcommands, name: str, helptext: str, handler: Handler
) -> argparse.ArgumentParser:
    """A command over every puzzle of a FILE: TYPE, FILE, and the bounds of
    the work on each puzzle (``--budget`` nodes of search, ``--seconds``)."""
    p = add_command(commands, name, helptext, handler)
    p.add_argument("type")
    p.add_argument("file", help="a text grid file, a URL, a file of many, or - for stdin")
    p.add_argument(
        "--budget", type=arguments.budget, default=DEFAULT_BUDGET, help="search node budget"
    )
    p.add_argument(
        "--seconds",
        type=arguments.seconds,
        default=DEFAULT_SECONDS,
        help=f"stop the work on each puzzle after this long (default {DEFAULT_SECONDS:g})",
    )
    return p


def each_puzzle(
    args: argparse.Namespace, fn: Callable[[PuzzleKind, Puzzle], Result]
) -> list[Result]:
    """``fn`` on every puzzle of ``args.file``, in order, once every one is
    read and none has clues the lowest rung refutes."""
    kind = pencilbox.puzzle(args.type)
    puzzles = read_puzzles(kind, args.file)
    for p in puzzles:
        kind.refuse_contradictory_clues(p)
    return [fn(kind, p) for p in puzzles]


def board_size(args: argparse.Namespace) -> tuple[int, int]:
    """Rows and columns from ``--size`` and ``--cols`` (default: square)."""
    rows = args.size
    cols = args.cols if args.cols is not None else rows
    refuse_size_out_of_range(rows, cols)
    return rows, cols
