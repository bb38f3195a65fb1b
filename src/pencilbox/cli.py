"""The pencilbox command line: a thin layer over the Python API.

Every command takes ``--json``. Bad input (a malformed puzzle, an unknown
type, an absurd size, contradictory clues, an unreadable file) gets one clear
line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import warnings
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NoReturn

import pencilbox
from pencilbox import arguments
from pencilbox.bank import cli as bank_cli
from pencilbox.engine import cases
from pencilbox.engine.grid import check_size
from pencilbox.engine.kind import Counted, HintResult, Puzzle, PuzzleKind
from pencilbox.engine.ladder import Status
from pencilbox.engine.search import DEFAULT_BUDGET
from pencilbox.errors import NoSolution, ParseError, PuzzleError
from pencilbox.formats.puzzlink import looks_like_url
from pencilbox.formats.text import split_many
from pencilbox.measure import cli as measure_cli
from pencilbox.render import cli as render_cli
from pencilbox.studio import cli as studio_cli

EXIT_USAGE = 2
DEFAULT_SECONDS = 60.0
"""How long solve, count, hint, grade and gapcheck work on one puzzle unless
``--seconds`` says otherwise; each says so when it stopped early."""


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


# -- input -------------------------------------------------------------------
def read_source(source: str) -> str:
    """The text behind FILE: a path, '-' for standard input, or a URL itself."""
    if source == "-":
        return sys.stdin.read()
    if looks_like_url(source) and "\n" not in source:
        return source
    try:
        with open(source, encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        raise ParseError(f"no such file: {source}") from None
    except (IsADirectoryError, PermissionError, UnicodeDecodeError) as e:
        raise ParseError(f"cannot read {source}: {e.__class__.__name__}") from None


def read_puzzles(kind: PuzzleKind, source: str) -> list[Puzzle]:
    return [kind.parse(chunk) for chunk in split_many(read_source(source))]


# -- JSON shapes (DESIGN.md) ---------------------------------------------------
def cells_json(kind: PuzzleKind, p: Puzzle, cells: tuple[int, ...]) -> list[list[int]]:
    return [list(divmod(c, p.cols)) for c in cells]


def hint_json(kind: PuzzleKind, p: Puzzle, h: HintResult) -> dict[str, Any]:
    if h.status == "hint":
        assert h.cell is not None and h.value is not None
        return {
            "cell": list(divmod(h.cell, p.cols)),
            "value": kind.value_token(h.value),
            "rule": h.rule,
            "reason": h.reason,
            "premises": cells_json(kind, p, h.premises),
            "level": h.level,
            **({"case": cases.to_json(h.case, p.cols, kind.value_token)} if h.case else {}),
        }
    out: dict[str, Any] = {"status": h.status, "level": h.level, "reason": h.reason}
    if h.wrong:
        out["wrong"] = cells_json(kind, p, h.wrong)
    if h.premises:
        out["premises"] = cells_json(kind, p, h.premises)
    if h.suggest:
        out["suggest"] = h.suggest
    return out


def count_json(kind: PuzzleKind, p: Puzzle, c: Counted) -> dict[str, Any]:
    return {
        "solutions": c.solutions,
        "complete": c.complete,
        "guesses": c.guesses,
        "engine": c.engine,
        "level": c.level,
        "solution": kind.solution_rows(c.first, p.cols) if c.first is not None else None,
    }


# -- commands ------------------------------------------------------------------
def cmd_puzzles(args: argparse.Namespace) -> list[dict[str, Any]]:
    out = []
    for name in pencilbox.puzzle_names():
        kind = pencilbox.puzzle(name)
        out.append({"type": name, "title": kind.title, "levels": list(kind.levels)})
    return out


def _size(args: argparse.Namespace) -> tuple[int, int]:
    rows = args.size
    cols = args.cols if args.cols is not None else rows
    check_size(rows, cols)
    return rows, cols


def cmd_generate(args: argparse.Namespace) -> list[dict[str, Any]]:
    kind = pencilbox.puzzle(args.type)
    rows, cols = _size(args)
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


def _each(
    args: argparse.Namespace, fn: Callable[[PuzzleKind, Puzzle], dict[str, Any]]
) -> list[dict[str, Any]]:
    kind = pencilbox.puzzle(args.type)
    puzzles = read_puzzles(kind, args.file)
    for p in puzzles:
        kind.check(p)
    return [fn(kind, p) for p in puzzles]


def cmd_solve(args: argparse.Namespace) -> list[dict[str, Any]]:
    def one(kind: PuzzleKind, p: Puzzle) -> dict[str, Any]:
        s = kind.solve(p, level=args.level, seconds=args.seconds)
        out: dict[str, Any] = {
            "status": s.status.value,
            "level": s.level,
            "grid": kind.state_rows(s.cands, p.cols),
            "decided": s.decided,
        }
        if s.status is Status.STOPPED:
            out["seconds"] = args.seconds
        return out

    return _each(args, one)


def cmd_count(args: argparse.Namespace) -> list[dict[str, Any]]:
    def one(kind: PuzzleKind, p: Puzzle) -> dict[str, Any]:
        if args.brute:
            c = kind.brute_count(p, limit=args.limit, budget=args.budget, seconds=args.seconds)
        else:
            c = kind.count(
                p,
                limit=args.limit,
                level=args.level,
                budget=args.budget,
                seconds=args.seconds,
                learning=False if args.no_learning else None,
            )
        return count_json(kind, p, c)

    return _each(args, one)


def cmd_census(args: argparse.Namespace) -> list[dict[str, Any]]:
    kind = pencilbox.puzzle(args.type)
    rows, cols = _size(args)
    if rows * cols > 36:
        raise ParseError(f"census of {rows}x{cols} would search for too long (at most 36 cells)")
    counted = kind.census_count(rows, cols, cycles=args.cycles, seconds=args.seconds)
    out: dict[str, Any] = {
        "type": kind.name,
        "rows": rows,
        "cols": cols,
        "boards": counted.solutions,
    }
    if not counted.complete:
        out["complete"] = False
    return [out]


def cmd_hint(args: argparse.Namespace) -> list[dict[str, Any]]:
    def one(kind: PuzzleKind, p: Puzzle) -> dict[str, Any]:
        marks = kind.parse_marks(read_source(args.marks), p) if args.marks else None
        return hint_json(kind, p, kind.hint(p, marks, level=args.level, seconds=args.seconds))

    return _each(args, one)


def cmd_grade(args: argparse.Namespace) -> list[dict[str, Any]]:
    def one(kind: PuzzleKind, p: Puzzle) -> dict[str, Any]:
        g = kind.grade(p, budget=args.budget, seconds=args.seconds)
        # Cut short, the search knows nothing of uniqueness: null, not false.
        out: dict[str, Any] = {"grade": g.grade}
        if g.case_size is not None:
            out["case_size"] = g.case_size
        out["unique"] = g.unique if g.complete else None
        if not g.complete:
            out["complete"] = False
        return out

    return _each(args, one)


def cmd_gapcheck(args: argparse.Namespace) -> list[dict[str, Any]]:
    def one(kind: PuzzleKind, p: Puzzle) -> dict[str, Any]:
        return dict(vars(kind.gapcheck(p, budget=args.budget, seconds=args.seconds)))

    return _each(args, one)


def cmd_serve(args: argparse.Namespace) -> list[dict[str, Any]]:
    from pencilbox.web.app import serve

    serve(host=args.host, port=args.port, allowed_hosts=args.allow_host or ())
    return []


# -- text rendering ------------------------------------------------------------
def render_text(command: str, obj: dict[str, Any]) -> str:
    if "error" in obj:
        return f"error: {obj['error']}"
    if command.startswith("bank "):
        return bank_cli.render(command, obj)
    if command == "render":
        return render_cli.render_text(obj)
    if command == "puzzles":
        return f"{obj['type']:<10} {obj['title']:<10} levels: {', '.join(obj['levels'])}"
    if command == "generate":
        return "\n".join(
            [
                f"; seed {obj['seed']}",
                f"{obj['type']} {obj['rows']}x{obj['cols']}",
                *obj["puzzle"],
                "; solution:",
                *(f";   {row}" for row in obj["solution"]),
            ]
        )
    if command == "solve":
        if obj["status"] == "stopped":
            tail = (
                f"; stopped at {obj['seconds']:g} s before the {obj['level']} fixpoint, "
                f"{obj['decided']} cells decided (allow more with --seconds)"
            )
        else:
            tail = f"; {obj['status']} at {obj['level']}, {obj['decided']} cells decided"
        return "\n".join([*obj["grid"], tail])
    if command == "count":
        more = "" if obj["complete"] else " (stopped early by --budget or --seconds: at least)"
        head = (
            f"solutions: {obj['solutions']}{more}; guesses {obj['guesses']}; "
            f"engine {obj['engine']}" + (f" at {obj['level']}" if obj["level"] else "")
        )
        if obj["solutions"] == 0 and obj["complete"]:
            head += "\nthe puzzle has no solution"
        return "\n".join([head, *(obj["solution"] or [])])
    if command == "census":
        head = f"{obj['type']} {obj['rows']}x{obj['cols']}: "
        if obj.get("complete", True):
            return head + f"{obj['boards']} boards"
        return head + f"at least {obj['boards']} boards (stopped at --seconds; allow more time)"
    if command == "hint":
        if "cell" in obj:
            r, c = obj["cell"]
            return f"r{r + 1}c{c + 1} = {obj['value']} ({obj['rule']}): {obj['reason']}"
        return f"{obj['status']}: {obj['reason']}"
    if command == "analyze":
        return studio_cli.render(obj)
    if command == "grade":
        if obj["grade"] == "unknown":
            return "grade: unknown (the fixpoints stopped at --seconds before finishing)"
        if obj["unique"] is None:
            return (
                f"grade: {obj['grade']} (uniqueness unknown: the search stopped early; "
                "allow more with --budget or --seconds)"
            )
        n = obj.get("case_size")
        size = "" if n is None else f", {n} branch{'es' if n != 1 else ''}"
        return f"grade: {obj['grade']}{size} ({'unique' if obj['unique'] else 'not unique'})"
    return json.dumps(obj)


# -- the parser ------------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="pencilbox", description="Pencil puzzles with a solver inside.")
    parser.add_argument("--version", action="version", version=pencilbox.__version__)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def command(name: str, helptext: str, fn: Callable[..., Any]) -> argparse.ArgumentParser:
        # "resolve": a command may redefine a shared option (its own --seconds).
        p = sub.add_parser(name, help=helptext, description=helptext, conflict_handler="resolve")
        p.add_argument("--json", action="store_true", help="machine-readable output")
        p.set_defaults(fn=fn)
        return p

    command("puzzles", "list the puzzle types and their ladder levels", cmd_puzzles)

    g = command("generate", "generate puzzles with their answers", cmd_generate)
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

    def puzzle_command(name: str, helptext: str, fn: Callable[..., Any]) -> argparse.ArgumentParser:
        p = command(name, helptext, fn)
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

    s = puzzle_command("solve", "propagate the ladder to a fixpoint (no guessing)", cmd_solve)
    s.add_argument("--level")
    c = puzzle_command("count", "count solutions by search (or --brute)", cmd_count)
    c.add_argument("--level")
    c.add_argument("--limit", type=arguments.bounded_int(1, 10**6, "a limit"), default=2)
    c.add_argument("--brute", action="store_true", help="use the independent brute force")
    c.add_argument(
        "--no-learning",
        action="store_true",
        help="search without learning from conflicts (for comparison)",
    )
    h = puzzle_command("hint", "the next cell a level proves, with its reason", cmd_hint)
    h.add_argument("--level")
    h.add_argument("--marks", help="the player's current grid ('?' for empty cells)")
    puzzle_command("grade", "the lowest level that solves the puzzle without guessing", cmd_grade)
    puzzle_command(
        "gapcheck", "confirm by brute force a unique puzzle probe cannot finish", cmd_gapcheck
    )

    ce = command("census", "count every legal clue-free board", cmd_census)
    ce.add_argument("type")
    ce.add_argument("--size", type=arguments.side, required=True)
    ce.add_argument("--cols", type=arguments.side)
    ce.add_argument(
        "--cycles",
        action="store_true",
        help="count closed answers (puzzles whose answers are paths)",
    )
    ce.add_argument(
        "--seconds",
        type=arguments.seconds,
        default=DEFAULT_SECONDS,
        help=f"stop counting after this long (default {DEFAULT_SECONDS:g})",
    )

    studio_cli.add_analyze_command(sub)
    bank_cli.add_bank_commands(sub)
    measure_cli.add_measure_commands(sub)
    render_cli.add_render_command(sub)

    sv = command("serve", "start the web app", cmd_serve)
    sv.add_argument("--host", default="127.0.0.1", help="address to listen on")
    sv.add_argument(
        "--allow-host",
        action="append",
        metavar="NAME",
        help="a Host name to answer besides localhost, 127.0.0.1, [::1] and --host (repeatable)",
    )
    sv.add_argument("--port", type=arguments.bounded_int(0, 65535, "a port"), default=8000)
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
        results: Iterator[dict[str, Any]] | list[dict[str, Any]] = args.fn(args)
        for obj in results:
            if as_json:
                print(json.dumps(obj))
            else:
                print(render_text(args.command, obj))
                if args.command not in ("puzzles", "census", "render", *bank_cli.ONE_LINE):
                    print()
    except NoSolution as e:
        return _fail(str(e), as_json)
    except PuzzleError as e:
        return _fail(str(e), as_json)
    except KeyboardInterrupt:
        return _fail("interrupted", as_json)
    except BrokenPipeError:
        return 0
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
