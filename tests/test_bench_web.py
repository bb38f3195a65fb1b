"""`make bench`'s web benchmark runs to its end: it plays one board per type
and level through the API in process, the way the browser does. Only that it
runs is checked here; its figures are read by people, never asserted."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pencilbox

ROOT = Path(__file__).resolve().parents[1]


def test_the_web_benchmark_plays_every_type_and_level() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks", "bench_web"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    rows = {tuple(line.split()[:2]) for line in done.stdout.splitlines()}
    for name in pencilbox.puzzle_names():
        for level in pencilbox.puzzle(name).levels:
            assert (name, level) in rows, (name, level)
    assert "worst p95" in done.stdout
