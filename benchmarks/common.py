"""Small timing helpers shared by the benchmark modules."""

from __future__ import annotations

import socket
import statistics
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
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


def wait_for_port(port: int, tries: int = 300) -> None:
    """Until something listens on 127.0.0.1:``port`` (a tenth of a second a try)."""
    for _ in range(tries):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def running(command: list[str], port: int, **popen: Any) -> Iterator[str]:
    """``command`` running (quiet) until the block ends, once it listens on
    127.0.0.1:``port``: its URL."""
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **popen)
    try:
        wait_for_port(port)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(timeout=20)
