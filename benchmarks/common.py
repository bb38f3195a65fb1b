"""Small timing helpers shared by the benchmark modules."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    """(milliseconds, result) of one call."""
    t0 = time.perf_counter()
    result = fn()
    return (time.perf_counter() - t0) * 1000.0, result


def quantile(xs: list[float], q: float) -> float:
    """The ``q`` quantile of ``xs`` (nearest rank; NaN when empty)."""
    ordered = sorted(xs)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def summary(ms: list[float]) -> str:
    """Median, p90 and max of a list of millisecond timings."""
    return (
        f"median {statistics.median(ms):8.2f} ms   p90 {quantile(ms, 0.9):8.2f} ms   "
        f"p95 {quantile(ms, 0.95):8.2f} ms   max {max(ms):8.2f} ms   (n={len(ms)})"
    )


def level_table(kind: Any, puzzles: list[Any], title: str) -> None:
    """Fixpoint and count-to-2 time per level of ``kind`` over ``puzzles``."""
    print(title)
    for level in kind.levels:
        fix = [timed(lambda p=p, lv=level: kind.solve(p, level=lv))[0] for p in puzzles]
        cnt = [timed(lambda p=p, lv=level: kind.count(p, limit=2, level=lv))[0] for p in puzzles]
        print(f"  {level:<8} fixpoint   {summary(fix)}")
        print(f"  {level:<8} count-to-2 {summary(cnt)}")
