"""What the commands share: the frame of a command's parser (``--json``;
for a command over the puzzles of a FILE, its type, FILE, ``--budget`` and
``--seconds``), the :class:`Handler` the entry point runs, and the loop
over a FILE's puzzles."""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeAlias

import pencilbox
from pencilbox import arguments
from pencilbox.commands.source import read_documents
from pencilbox.engine.grid import refuse_size_out_of_range
from pencilbox.engine.kind import Puzzle, PuzzleKind
from pencilbox.formats.base import Document

Result: TypeAlias = dict[str, Any]
"""One result of a command: the JSON object ``--json`` prints on a line."""
Subcommands: TypeAlias = "argparse._SubParsersAction[Any]"
"""The sub-commands of a parser, which a command module adds itself to
(their parsers are the entry point's ``ArgumentParser`` subclass)."""

FILE_HELP = "a puzzle or many, in any format pencilbox reads (a file, a URL), or - for stdin"
"""What a command's FILE argument is (see :mod:`pencilbox.commands.source`)."""
DEFAULT_SECONDS = 60.0
"""The safety clock of solve, count, hint, grade and gapcheck on one puzzle
unless ``--seconds`` says otherwise: only runaway work reaches it (their
``--budget`` of engine work units decides), and each says so when it stopped."""


@dataclass(frozen=True)
class Handler:
    """What the entry point does with a parsed command: ``run`` it, then
    print each result as JSON (``--json``) or as ``text``, with a blank line
    between results when ``spaced`` (results of several lines). A command
    whose words depend on its arguments (the puzzle type names a hint's
    value) gives ``words`` instead, which makes the ``text`` of each run."""

    run: Callable[[argparse.Namespace], Iterable[Result]]
    text: Callable[[Result], str] = json.dumps
    spaced: bool = True
    words: Callable[[argparse.Namespace], Callable[[Result], str]] | None = None

    def text_for(self, args: argparse.Namespace) -> Callable[[Result], str]:
        """The text form of this run's results."""
        return self.words(args) if self.words is not None else self.text


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
    the work on each puzzle: ``--budget`` work units (see
    :mod:`pencilbox.engine.budget`; each command has its default) and the
    safety clock ``--seconds``."""
    p = add_command(commands, name, helptext, handler)
    p.add_argument("type")
    p.add_argument("file", help=FILE_HELP)
    p.add_argument(
        "--budget",
        type=arguments.budget,
        default=None,
        help="the work budget per puzzle, in engine work units: it decides how far the "
        "work goes, the same on every machine (each command has its default; "
        "count --brute: nodes of the brute force)",
    )
    p.add_argument(
        "--seconds",
        type=arguments.seconds,
        default=DEFAULT_SECONDS,
        help="the safety clock per puzzle: only runaway work reaches it "
        f"(default {DEFAULT_SECONDS:g})",
    )
    return p


def each_puzzle(
    args: argparse.Namespace, fn: Callable[[PuzzleKind, Puzzle], Result]
) -> list[Result]:
    """``fn`` on every puzzle of ``args.file``, in order, once every one is
    read and none has clues the lowest rung refutes."""
    return each_document(args, lambda kind, doc: fn(kind, doc.puzzle))


def each_document(
    args: argparse.Namespace, fn: Callable[[PuzzleKind, Document], Result]
) -> list[Result]:
    """:func:`each_puzzle`, with the marks and answer each puzzle's file
    carries. A command's ``--seconds`` (a safety clock per puzzle) counts
    the look at the puzzle's clues before its work."""
    kind = pencilbox.puzzle(args.type)
    docs = read_documents(kind, args.file)
    seconds: float | None = getattr(args, "seconds", None)
    looked = []
    for doc in docs:
        t0 = time.monotonic()
        kind.refuse_contradictory_clues(doc.puzzle, seconds)
        looked.append(time.monotonic() - t0)
    if seconds is None:
        return [fn(kind, doc) for doc in docs]
    out = []
    args.seconds_asked = seconds  # what a message says the clock was
    try:  # each puzzle's safety clock covers the look at its clues too
        for doc, spent in zip(docs, looked, strict=True):
            args.seconds = max(0.0, seconds - spent)
            out.append(fn(kind, doc))
    finally:
        args.seconds = seconds
    return out


def board_size(args: argparse.Namespace) -> tuple[int, int]:
    """Rows and columns from ``--size`` and ``--cols`` (default: square)."""
    rows = args.size
    cols = args.cols if args.cols is not None else rows
    refuse_size_out_of_range(rows, cols)
    return rows, cols


def add_style_options(p: argparse.ArgumentParser, raw: str, default: str | None) -> None:
    """``--style`` (setter or raw; ``raw`` says what the raw style does here;
    ``default`` is the style when none is given, None: the command decides)
    and ``--symmetry``: how a command that makes boards makes them
    (:mod:`pencilbox.engine.style`)."""
    from pencilbox.engine.style import AUTO, STYLES
    from pencilbox.engine.symmetry import SYMMETRIES

    p.add_argument(
        "--style",
        choices=STYLES,
        default=default,
        help=f"setter: boards as setters make them (the default); raw: {raw}",
    )
    p.add_argument(
        "--symmetry",
        choices=(AUTO, *SYMMETRIES),
        default=AUTO,
        help="the symmetry of the clue positions, setter's style (auto: the puzzle's own shares)",
    )
