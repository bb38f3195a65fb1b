"""`make bench`: run every benchmarks/bench_*.py module and print its figures.

Each module defines ``run() -> None`` that prints its own lines. Figures are
printed, never asserted: speed goals live here, not in the tests.
"""

from __future__ import annotations

import importlib
import pathlib
import sys
import time


def main(argv: list[str]) -> int:
    here = pathlib.Path(__file__).parent
    names = sorted(p.stem for p in here.glob("bench_*.py"))
    if argv:
        names = [n for n in names if any(a in n for a in argv)]
    for name in names:
        print(f"== {name} ==", flush=True)
        t0 = time.perf_counter()
        importlib.import_module(f"benchmarks.{name}").run()
        print(f"   ({time.perf_counter() - t0:.1f} s)\n", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
