"""``pencilbox measure``: the measurements on the command line.

``pencilbox measure TYPE ladder|density|guesses|...`` runs one measurement
(the three every puzzle has, or one of the puzzle's own studies);
``pencilbox measure all`` regenerates every table and chart of every
registered puzzle into ``--out`` with per-type defaults, plus a README
linking them.
Tables and charts are written only into an ``--out`` given; the text output is the markdown table,
``--json`` prints the figures.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any

from pencilbox import arguments
from pencilbox.commands.common import Handler, Result, Subcommands, add_command
from pencilbox.engine import registry
from pencilbox.errors import ParseError
from pencilbox.measure import pool, sweeps
from pencilbox.measure.common import (
    COUNT_BUDGET,
    JUDGES,
    Report,
    default_density,
    kind_of,
    parse_list,
    valid_board_count,
    valid_density,
)
from pencilbox.measure.likeness import SOURCES, measure_likeness
from pencilbox.measure.studies import CORE, StudyOptions, study_of

LIKENESS = "likeness"
"""The comparison with puzzles the user gives (not run by ``measure all``:
it needs ``--against``)."""


def measurements() -> tuple[str, ...]:
    """Every measurement name: the three every puzzle has, likeness, then each
    puzzle's own."""
    own = (what for kind in registry.kinds() for what in kind.studies())
    return (*CORE, LIKENESS, *dict.fromkeys(own))


def _sizes(args: argparse.Namespace) -> list[int]:
    sizes = parse_list(args.sizes, int, "sizes")
    for n in sizes:
        if not 2 <= n <= 30:
            raise ParseError(f"size {n} is outside 2..30")
    return sizes


def _size(args: argparse.Namespace, default: int = 10) -> int:
    n = args.size if args.size is not None else default
    if not 2 <= n <= 30:
        raise ParseError(f"size {n} is outside 2..30")
    return n


def run_one(name: str, what: str, args: argparse.Namespace) -> Report:
    """One measurement of one puzzle, from parsed arguments."""
    kind = kind_of(name)
    if what == LIKENESS:
        if args.against is None:
            raise ParseError("likeness compares with puzzles you give: add --against FILE")
        return measure_likeness(
            kind,
            args.against,
            args.source,
            args.db,
            args.size,
            valid_board_count(args.boards),
            args.seed,
            args.budget,
        )
    study = None if what in CORE else study_of(kind, what)
    density = valid_density(
        args.density if args.density is not None else default_density(kind, what)
    )
    common = {
        "boards": valid_board_count(args.boards),
        "seed": args.seed,
        "workers": args.workers,
        "quiet": args.quiet,
    }
    budget = args.budget
    if what == "ladder":
        return sweeps.measure_ladder(
            kind.name,
            _sizes(args),
            density,
            budget=budget,
            judge=getattr(args, "judge", "kept"),
            **common,
        )
    if what == "density":
        ds = (
            [valid_density(d) for d in parse_list(args.densities, float, "densities")]
            if args.densities
            else list(kind.measure_defaults.densities)
        )
        return sweeps.measure_density(kind.name, _size(args), ds, budget=budget, **common)
    if what == "guesses":
        return sweeps.measure_guesses(kind.name, _size(args), density, budget=budget, **common)
    assert study is not None
    options = StudyOptions(
        density=density,
        boards=common["boards"],
        seed=args.seed,
        workers=args.workers,
        sizes=tuple(_sizes(args)) if args.sizes_given else None,
        size=_size(args) if args.size is not None else None,
        printed=args.printed,
        budget=budget,
        quiet=args.quiet,
    )
    return study(options)


def plan() -> list[tuple[str, str]]:
    """Every (type, measurement) that ``measure all`` runs, in order."""
    kinds = registry.kinds()
    out = [(kind.name, what) for kind in kinds for what in CORE]
    out += [(kind.name, what) for kind in kinds for what in kind.studies()]
    return out


def write_readme(out: str, written: list[tuple[str, str, Report, list[str]]], command: str) -> str:
    lines = [
        "# pencilbox measurements",
        "",
        f"Regenerate with `{command}`. Every figure comes from raw generator streams "
        "(never filtered by the property measured); each board's work is a pure function "
        "of (type, size, density, seed).",
        "",
        "Ablation: each ladder table's `abl -RULE` columns rebuild the ladder without that "
        "rule, probe included, and judge a probe trial that completes the board only with "
        "the rules kept, so a removed rule rejects nothing (`measure TYPE ladder --judge full` "
        "judges completed trials with every rule of the puzzle instead).",
        "",
        "Unique shares are counts, not estimates. The test suite checks them two ways: on "
        "small boards every level's counting search agrees with a brute force that shares no "
        "code with the ladder, and on raw 8×8 and 10×10 boards an outside answer-set solver "
        "(clingo, `pip install 'pencilbox[crosscheck]'`), given a direct encoding of each "
        "puzzle's rules, agrees with the uniqueness verdicts used here "
        "(`tests/*/test_asp_crosscheck.py`).",
        "",
    ]
    for name in dict.fromkeys(n for n, *_ in written):
        lines += [f"## {name}", ""]
        for _name, _what, report, paths in (w for w in written if w[0] == name):
            lines.append(readme_line(report, paths))
        lines.append("")
    path = os.path.join(out, "README.md")
    os.makedirs(out, exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    return path


def readme_line(report: Report, paths: list[str]) -> str:
    """One README bullet: the table and every chart of a report."""
    links = [f"[table]({os.path.basename(paths[0])})"]
    for p in paths[1:]:
        fname = os.path.basename(p)
        suffix = fname[len(report.name) : -len(".svg")].lstrip("-")
        links.append(f"[chart{' ' + suffix if suffix else ''}]({fname})")
    return f"- {report.title}: " + ", ".join(links)


def parse_overrides(text: str | None) -> dict[tuple[str, str | None], float]:
    """``measure all --density TYPE=0.8,TYPE.guesses=0.95``: per-type densities."""
    out: dict[tuple[str, str | None], float] = {}
    for item in (text or "").split(","):
        if not item.strip():
            continue
        key, sep, value = item.partition("=")
        if not sep:
            raise ParseError(
                f"measure all takes --density TYPE=D[,TYPE.MEASURE=D...], not {item!r}"
            )
        name, _, what = key.strip().partition(".")
        d = valid_density(parse_list(value, float, "density")[0])
        out[(kind_of(name).name, what or None)] = d
    return out


def run(args: argparse.Namespace) -> list[Result]:
    """With ``--json`` the figures; else what :func:`text` shows: the table
    of one measurement and the files written, or the README of ``all``."""
    with pool.scheduler(args.scheduler):
        return _measure(args)


def _measure(args: argparse.Namespace) -> list[Result]:
    args.density_text = args.density
    if args.out is not None:
        try:  # fail before the work, not after it
            os.makedirs(args.out, exist_ok=True)
        except OSError as e:
            raise ParseError(
                f"cannot write the report into {args.out}: {e.strerror or e}"
            ) from None
    if args.type != "all" and args.density is not None:
        args.density = parse_list(args.density, float, "density")[0]
    args.sizes_given = args.sizes is not None
    if args.sizes is None:
        args.sizes = "6,8,10"
    if args.type == "all":
        if args.what is not None:
            raise ParseError("measure all takes no measurement name")
        if args.densities is not None:
            raise ParseError("measure all uses each puzzle's own densities (no --densities)")
        if args.out is None and not args.json:
            raise ParseError("measure all writes its report into a directory: give --out DIR")
        overrides = parse_overrides(args.density_text)
        written = []
        figures: dict[str, Any] = {}
        for name, what in plan():
            args.density = overrides.get((name, what), overrides.get((name, None)))
            started = time.monotonic()
            report = run_one(name, what, args)
            paths = report.write(args.out) if args.out is not None else []
            written.append((name, what, report, paths))
            figures.setdefault(name, {})[what] = report.figures
            if not args.json:
                print(
                    f"{report.title}: {paths[0]} ({time.monotonic() - started:.1f} s)",
                    file=sys.stderr,
                )
        command = (
            " ".join(["pencilbox measure all", *sys.argv[3:]])
            if sys.argv[1:3] == ["measure", "all"]
            else (
                f"pencilbox measure all --out {args.out} --boards {args.boards} --seed {args.seed}"
            )
        )
        readme = write_readme(args.out, written, command) if args.out is not None else None
        if args.json:
            return [{"out": args.out, "readme": readme, "figures": figures}]
        return [{"readme": readme}]
    if args.what is None:
        raise ParseError(f"name a measurement: {', '.join(measurements())} (or: measure all)")
    report = run_one(args.type, args.what, args)
    paths = report.write(args.out) if args.out is not None else []
    if args.json:
        return [report.figures]
    return [{"title": report.title, "markdown": report.markdown, "files": paths}]


def text(obj: Result) -> str:
    """A measurement's table (and the files written), or where ``measure
    all`` wrote its README."""
    if "readme" in obj:
        return f"wrote {obj['readme']}"
    lines = [f"# {obj['title']}\n\n{obj['markdown'].rstrip()}"]
    if obj["files"]:
        lines.append("; wrote " + ", ".join(obj["files"]))
    return "\n".join(lines)


def declare(commands: Subcommands) -> None:
    """Add ``measure`` to the command line."""
    m = add_command(
        commands,
        "measure",
        "reproducible measurements of the ladders (tables and SVG charts)",
        Handler(run, text, spaced=False),
    )
    m.add_argument("type", help="puzzle type, or all (every measurement of every puzzle)")
    m.add_argument(
        "what", nargs="?", help=f"one of {', '.join(CORE)}, or one of the puzzle's own studies"
    )
    m.add_argument(
        "--boards",
        type=arguments.bounded_int(1, 10**6, "a board count"),
        default=300,
        help="boards per point",
    )
    m.add_argument(
        "--seed",
        type=arguments.bounded_int(0, 2**62, "a seed"),
        default=1,
        help="first seed (boards use seed, seed+1…)",
    )
    m.add_argument(
        "--workers",
        type=arguments.workers,
        default=os.cpu_count() or 1,
        help="worker processes (1: in this process)",
    )
    m.add_argument("--out", help="directory for tables and charts (without it nothing is written)")
    m.add_argument("--sizes", help="board sizes, comma-separated (ladder, gap; default 6,8,10)")
    m.add_argument("--size", type=arguments.side, help="board size (density, guesses; default 10)")
    m.add_argument(
        "--density",
        help="clue density (default per puzzle); with all: "
        "TYPE=D or TYPE.MEASUREMENT=D pairs, comma-separated",
    )
    m.add_argument("--densities", help="comma-separated densities (density)")
    m.add_argument("--printed", help="printed-number counts (survival)")
    m.add_argument(
        "--budget",
        type=arguments.budget,
        default=COUNT_BUDGET,
        help="work budget of each uniqueness count, in engine work units",
    )
    m.add_argument(
        "--judge",
        choices=JUDGES,
        default="kept",
        help="ladder ablation: judge a trial that completes the board with the rules kept "
        "(default) or with every rule of the puzzle",
    )
    m.add_argument(
        "--against",
        help="likeness: a file of puzzles to compare with (any format pencilbox reads)",
    )
    m.add_argument(
        "--source",
        choices=SOURCES,
        default="bank",
        help="likeness: our boards from the bank (default) or generated in the setter's style",
    )
    m.add_argument("--db", help="likeness: the bank file (default: the shipped bank)")
    m.add_argument("--quiet", action="store_true", help="no progress bar")
    m.add_argument(
        "--scheduler",
        help="Dask scheduler address (needs pencilbox[dask]); replaces the local pool",
    )


__all__ = ["declare", "run_one", "run", "text"]
