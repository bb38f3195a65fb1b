"""The optional compiled build against the pure-Python package: count-to-2
at the top level on generated 10×10 boards of every type (the densities of
``bench_learning``) and on every real puzzle the puzzles' samples list.

The compiled copy is built afresh into a temporary folder (``mypyc_build``,
the modules listed in pyproject.toml); each side runs in a process of its
own (``benchmarks.compiled_timing``), twice, the sides taking turns, and a
board's time is the lesser of its two runs, in CPU time, so what else a
shared machine runs tilts the comparison less. Printed, never asserted;
the counts themselves must agree, and a board where they do not is printed.
``PENCILBOX_BENCH_BOARDS`` sets the boards per type (default 30).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

import mypyc_build

from .common import quantile

BOARDS = int(os.environ.get("PENCILBOX_BENCH_BOARDS", "30"))
ROUNDS = 2


def _side(folder: Path | None) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, "-m", "benchmarks.compiled_timing", str(BOARDS)],
        cwd=mypyc_build.ROOT,
        env=mypyc_build.environment(folder),
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    result: dict[str, Any] = json.loads(out)
    return result


def run() -> None:
    with tempfile.TemporaryDirectory(prefix="pencilbox-compiled-") as temp:
        built = mypyc_build.build(Path(temp))
        if not built.compiled:
            print(f"no compiled build: {built.reason}")
            return
        print(f"compiled: {', '.join(mypyc_build.compiled_modules())}")
        runs: dict[str, list[dict[str, Any]]] = {"pure": [], "compiled": []}
        for _ in range(ROUNDS):
            runs["pure"].append(_side(None))
            runs["compiled"].append(_side(Path(temp)))
    compiled_files = [f for f in runs["compiled"][0]["modules"] if f.endswith(".so")]
    pure_files = [f for f in runs["pure"][0]["modules"] if f.endswith(".so")]
    print(
        f"extension modules imported: compiled side {len(compiled_files)}, pure side "
        f"{len(pure_files)}"
    )
    best: dict[str, dict[tuple[str, str], float]] = {}
    answers: dict[str, dict[tuple[str, str], Any]] = {}
    for side, results in runs.items():
        best[side] = {}
        answers[side] = {}
        for result in results:
            for group, label, ms, answer in result["rows"]:
                key = (group, label)
                best[side][key] = min(ms, best[side].get(key, ms))
                answers[side][key] = answer
    groups: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for key in best["pure"]:
        groups[key[0]].append(key)
    print(
        f"count-to-2 at the top level, CPU ms, best of {ROUNDS} runs a side "
        f"({BOARDS} generated boards per type)"
    )
    for group, keys in groups.items():
        line = [f"  {group:14s}"]
        for side in ("pure", "compiled"):
            xs = [best[side][k] for k in keys]
            line.append(f"{side} median {quantile(xs, 0.5):8.2f} p90 {quantile(xs, 0.9):8.2f}")
        pure = sum(best["pure"][k] for k in keys)
        compiled = sum(best["compiled"][k] for k in keys)
        line.append(f"total {pure / compiled:4.2f}x faster")
        print("   ".join(line), flush=True)
    print("real puzzles, one by one (CPU ms, pure / compiled):")
    for key in groups.get("real", []):
        pure, compiled = best["pure"][key], best["compiled"][key]
        print(f"  {key[1]:40s} {pure:9.1f} / {compiled:9.1f}   {pure / compiled:4.2f}x")
    differ = [k for k in best["pure"] if answers["pure"][k] != answers["compiled"][k]]
    for key in differ:
        print(
            f"  DIFFERENT COUNTS on {key}: pure {answers['pure'][key]}, "
            f"compiled {answers['compiled'][key]}"
        )
    print(f"counts that differ between the builds: {len(differ)} of {len(best['pure'])}")
