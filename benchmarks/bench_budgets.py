"""Every command and endpoint keeps its safety clock, on blank and generated boards.

The budget that decides an answer counts work, not seconds; ``--seconds``
(``"seconds"`` in a request) is a safety clock that only stops runaway
work. This measures that it does stop it: every solving command, run as a
user runs it (a fresh process, so the figures include Python's start), on a
blank board and a generated one of every type at each size of :data:`SIZES`,
with a work budget too large to stop it first, and the web endpoints that
do puzzle work on the same boards through the app's lanes. For each it
prints the worst wall time past the clock (target: at most
:data:`TARGET_OVER` s) and what the slowest one answered; a traceback, an
exit status other than 0 (1 for gapcheck's disagreement) or a 5xx is listed
as a failure. ``census`` is run with ``--seconds`` on the largest board it
allows.

    .venv/bin/python -m benchmarks.bench_budgets [--quick]
"""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pencilbox
from pencilbox.engine.kind import Puzzle, PuzzleKind

SIZES = (10, 20, 30)
SECONDS = 2.0
"""The safety clock given to every command and request."""
HUGE = 10**9
"""A work budget no run spends within its clock (the clock must stop it)."""
TARGET_OVER = 0.5
COMMANDS: tuple[tuple[str, ...], ...] = (
    ("solve",),
    ("count",),
    ("hint",),
    ("hint", "--level", "case"),
    ("grade",),
    ("analyze",),
    ("gapcheck",),
)
ENDPOINTS = ("analyze", "redundant", "suggest", "thin", "hint", "solve", "check", "answer")


def boards(kind: PuzzleKind, sizes: tuple[int, ...]) -> list[tuple[str, Puzzle]]:
    """A blank and a generated board of each size."""
    out = []
    for n in sizes:
        p, _ = kind.generate(n, n, seed=1)
        blank = dataclasses.replace(p, clues=(None,) * len(p.clues))
        out += [(f"blank {n}x{n}", blank), (f"generated {n}x{n}", p)]
    return out


TIMED = """
import sys, time
import pencilbox
from pencilbox import cli
if len(sys.argv) > 2:
    pencilbox.puzzle(sys.argv[2]).ladder  # the program and the puzzle type loaded
t = time.monotonic()
try:
    code = cli.main(sys.argv[1:])
except SystemExit as e:
    code = e.code
sys.stdout.flush()
sys.stderr.write(f"\\nANSWERED {time.monotonic() - t:.3f}\\n")
sys.exit(code)
"""
"""Runs a command as ``pencilbox`` does, and says how long it took from the
moment the program was loaded to its answer (its last line on stderr)."""


def run_cli(args: list[str]) -> tuple[float, float, int, str]:
    """A command in a fresh process: its wall time with Python's start, the
    time from the program loaded to the answer, its status and last line."""
    t0 = time.monotonic()
    r = subprocess.run(
        [sys.executable, "-c", TIMED, *args], capture_output=True, text=True, timeout=SECONDS * 30
    )
    wall = time.monotonic() - t0
    err = r.stderr.strip().splitlines()
    answered = float(err[-1].split()[1]) if err and err[-1].startswith("ANSWERED") else wall
    err = err[:-1] if err and err[-1].startswith("ANSWERED") else err
    text = (r.stdout.strip().splitlines() or [e for e in err if e.strip()] or [""])[-1]
    if any("Traceback" in e for e in err):
        text = "TRACEBACK " + err[-1]
    return wall, answered, r.returncode, text[:80]


def cli_part(sizes: tuple[int, ...]) -> list[str]:
    """The commands, over every board; returns the failures."""
    failures = []
    start, _, _, _ = run_cli(["--version"])
    print(
        f"  a fresh process that only says --version: {start:.2f} s; below, 'answered' "
        "counts from the program loaded to its answer, 'wall' from the process start"
    )
    with tempfile.TemporaryDirectory() as tmp:
        for name in pencilbox.puzzle_names():
            kind = pencilbox.puzzle(name)
            worst: dict[tuple[str, ...], tuple[float, float, str, str]] = {}
            for label, p in boards(kind, sizes):
                path = Path(tmp) / f"{name}.txt"
                path.write_text(kind.format(p) + "\n")
                for cmd in COMMANDS:
                    budget = ["--budget", str(HUGE)]
                    args = [*cmd[:1], name, str(path), *cmd[1:], "--seconds", str(SECONDS)]
                    wall, answered, code, text = run_cli([*args, *budget])
                    if (
                        code not in (0, 1)
                        or text.startswith("TRACEBACK")
                        or (code == 1 and cmd[0] != "gapcheck")
                    ):
                        failures.append(f"{' '.join(cmd)} {name} {label}: exit {code}: {text}")
                    if cmd not in worst or answered > worst[cmd][0]:
                        worst[cmd] = (answered, wall, label, text)
            for cmd, (answered, wall, label, text) in worst.items():
                print(
                    f"  {name:8s} {' '.join(cmd):18s} slowest answered {answered:5.2f} s "
                    f"({answered - SECONDS:+.2f} past the clock; wall {wall:5.2f} s), "
                    f"{label}: {text}"
                )
        for name in pencilbox.puzzle_names():
            args = ["census", name, "--size", "6", "--seconds", str(SECONDS)]
            wall, answered, code, text = run_cli(args)
            print(
                f"  {name:8s} census --size 6     answered {answered:5.2f} s "
                f"(wall {wall:5.2f} s), exit {code}: {text}"
            )
            if code != 0:
                failures.append(f"census {name}: exit {code}: {text}")
    return failures


def ask(client: Any, endpoint: str, body: dict[str, Any], p: Puzzle) -> tuple[float, int, str]:
    """One request: its wall time, status and what it said."""
    extra: dict[str, Any] = {}
    if endpoint in ("analyze", "redundant", "suggest", "thin"):
        extra = {"seconds": SECONDS, "budget": 16_000_000}
    if endpoint in ("hint", "check"):
        extra = {"marks": [" ".join("?" * p.cols)] * p.rows}
    t0 = time.monotonic()
    r = client.post(f"/api/{endpoint}", json=body | extra)
    wall = time.monotonic() - t0
    j = r.json() if r.headers.get("content-type", "").startswith("application/json") else {}
    said = j.get("summary") or j.get("status") or j.get("error") or ""
    if endpoint == "check":
        said = j.get("message", said)
    return wall, r.status_code, str(said)[:70]


def web_part(sizes: tuple[int, ...]) -> list[str]:
    """The endpoints that do puzzle work, through the app's lanes."""
    from fastapi.testclient import TestClient

    from pencilbox.web.app import create_app

    failures = []
    app = create_app(None, solver_seconds=SECONDS)
    with TestClient(app, base_url="http://localhost") as client:
        for name in pencilbox.puzzle_names():
            kind = pencilbox.puzzle(name)
            worst: dict[str, tuple[float, str, int, str]] = {}
            for label, p in boards(kind, sizes):
                body: dict[str, Any] = {"puzzle": kind.to_url(p)}
                for endpoint in ENDPOINTS:
                    wall, code, said = ask(client, endpoint, body, p)
                    if code >= 500:
                        failures.append(f"/api/{endpoint} {name} {label}: {code} {said}")
                    if endpoint not in worst or wall > worst[endpoint][0]:
                        worst[endpoint] = (wall, label, code, said)
            for endpoint, (wall, label, code, said) in worst.items():
                print(
                    f"  {name:8s} /api/{endpoint:9s} slowest {wall:5.2f} s "
                    f"({wall - SECONDS:+.2f} s past the clock, {label}): {code} {said}"
                )
    return failures


def run(quick: bool = False) -> None:
    sizes = (10, 30) if quick else SIZES
    print(f"safety clock {SECONDS:g} s, work budget {HUGE:,} units; boards {sizes}")
    print(f"load average {os.getloadavg()[0]:.1f} (2 cores are shared)")
    failures = cli_part(sizes)
    failures += web_part(sizes)
    print(f"  failures: {len(failures)}")
    for f in failures:
        print(f"    {f}")


if __name__ == "__main__":
    run(quick="--quick" in sys.argv[1:])
