"""The pencilbox command line: the entry point.

:data:`COMMANDS` lists the command modules; each declares its own parser,
its work and the text form of its results (:mod:`pencilbox.commands`).
Here the parser's frame is built, the command runs, and its results are
printed: one JSON object per line with ``--json``, else their text. Bad input
(a malformed puzzle, an unknown type, an absurd size, contradictory clues,
an unreadable file) gets one clear line on stderr and exit status 2, never
a traceback; so does any error the system raises on a file (an OSError).
"""

from __future__ import annotations

import argparse
import json
import sys
import warnings
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

import pencilbox
from pencilbox.bank import cli as bank_cli
from pencilbox.commands import (
    census,
    convert,
    count,
    gapcheck,
    generate,
    grade,
    hint,
    puzzles,
    serve,
    solve,
)
from pencilbox.commands.common import Handler, Subcommands
from pencilbox.errors import PuzzleError
from pencilbox.measure import cli as measure_cli
from pencilbox.render import cli as render_cli
from pencilbox.site import cli as site_cli
from pencilbox.studio import cli as studio_cli

EXIT_USAGE = 2

COMMANDS: tuple[Callable[[Subcommands], None], ...] = (
    puzzles.declare,
    generate.declare,
    solve.declare,
    count.declare,
    hint.declare,
    grade.declare,
    gapcheck.declare,
    census.declare,
    studio_cli.declare,  # analyze
    bank_cli.declare,
    measure_cli.declare,
    render_cli.declare,
    convert.declare,
    serve.declare,
    site_cli.declare,
)
"""Every command, in the order ``pencilbox --help`` lists them."""


class UsageError(PuzzleError):
    """A command line that does not parse."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        # argparse reads "--seconds=--" as an empty list, never calling the type
        for arg in args or ():
            if arg.startswith("--") and arg.endswith("=--"):
                self.error(f"argument {arg[:-3]}: expected a value, not '--'")
        return super().parse_known_args(args, namespace)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="pencilbox", description="Pencil puzzles with a solver inside.")
    parser.add_argument("--version", action="version", version=pencilbox.__version__)
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for declare in COMMANDS:
        declare(commands)
    return parser


def _show_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: Any = None,
    line: str | None = None,
) -> None:
    print(f"pencilbox: warning: {message}", file=sys.stderr)


def _fail(message: str, as_json: bool) -> int:
    line = json.dumps({"error": message}) if as_json else f"pencilbox: error: {message}"
    print(line, file=sys.stderr)
    return EXIT_USAGE


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    as_json = "--json" in argv
    warnings.simplefilter("always")
    warnings.showwarning = _show_warning
    out_of_memory = False
    try:
        args = build_parser().parse_args(argv)
        handler: Handler = args.handler
        text = handler.text_for(args)
        for i, obj in enumerate(handler.run(args)):
            if as_json:
                print(json.dumps(obj))
            else:
                if handler.spaced and i:
                    print()  # a blank line between results of several lines
                print(text(obj))
    except PuzzleError as e:  # NoSolution and every bad input are PuzzleErrors
        return _fail(str(e), as_json)
    except KeyboardInterrupt:
        return _fail("interrupted", as_json)
    except BrokenPipeError:
        return 0
    except OSError as e:  # a file or folder the system refused, a disk full
        where = f": {str(e.filename)[:80]}" if e.filename else ""
        return _fail(f"{e.strerror or e}{where}", as_json)
    except RecursionError:
        return _fail("the input is too large to process", as_json)
    except MemoryError:
        # Said once the exception is gone: its traceback holds the frames,
        # and the frames the memory, that the message needs.
        out_of_memory = True
    if out_of_memory:
        return _fail("out of memory: the input is too large to process", as_json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
