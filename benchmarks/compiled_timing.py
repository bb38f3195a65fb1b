"""One side of ``bench_compiled``: count-to-2 timings of whichever pencilbox
this interpreter imports (pure, or the compiled copy first on ``PYTHONPATH``).

Run as ``python -m benchmarks.compiled_timing BOARDS``; prints one JSON
object: the files of the engine's modules it ran (so the caller can tell a
compiled run from a pure one), and per board its group (the type's generated
10×10s, or the real puzzles), its label, the CPU milliseconds of one
count-to-2 at the top level, and the count itself (solutions, nodes,
guesses, complete), which must be the same in both builds.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from pencilbox.engine import registry

from .bench_learning import DENSITY

SECONDS = 120.0
"""The safety clock of one count (its default budget of work decides)."""


def boards(n: int) -> list[tuple[str, str, Any, Any]]:
    """(group, label, kind, puzzle): ``n`` generated 10×10s per type, then the real puzzles."""
    out = []
    for kind in registry.kinds():
        density = DENSITY.get(kind.name, 0.5)
        for seed in range(n):
            p = kind.generate(10, 10, density=density, seed=seed)[0]
            out.append((f"{kind.name} 10x10", f"seed {seed}", kind, p))
    for kind in registry.kinds():
        for real in kind.samples.real:
            p = kind.from_url(real.url)
            out.append(("real", f"{kind.name} {p.rows}x{p.cols} {real.url[-12:]}", kind, p))
    return out


def main(argv: list[str]) -> int:
    n = int(argv[0]) if argv else 30
    rows = []
    for group, label, kind, p in boards(n):
        t = time.process_time()
        c = kind.count(p, limit=2, seconds=SECONDS)
        ms = (time.process_time() - t) * 1000.0
        rows.append([group, label, ms, [c.solutions, c.nodes, c.guesses, c.complete]])
    modules = sorted(
        m.__file__ or ""
        for name, m in sys.modules.items()
        if name == "pencilbox" or name.startswith("pencilbox.")
    )
    print(json.dumps({"modules": modules, "rows": rows}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
