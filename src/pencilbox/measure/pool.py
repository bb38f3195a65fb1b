"""Run per-board work on a process pool with a progress bar, in a fixed order.

Each task is a picklable tuple handed to a top-level function, so a board's
result depends only on its task; results come back in task order whatever
order the workers finish in. Inside ``with scheduler(address):`` the same
tasks run on a Dask distributed cluster instead (the same code path, a
different executor).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from typing import Any, TypeVar

from pencilbox.processes import dask_client, start_pool_worker

T = TypeVar("T")
_client: Any = None


@contextmanager
def scheduler(address: Any) -> Iterator[None]:
    """Run every :func:`run` inside the block on the Dask cluster at ``address``
    (an address such as "tcp://host:8786", or a ``distributed.Client``)."""
    global _client
    with dask_client(address) as client:
        _client = client
        try:
            yield
        finally:
            _client = None


def _bar(total: int, desc: str, quiet: bool) -> Any:
    from tqdm import tqdm

    return tqdm(
        total=total,
        desc=desc,
        unit="board",
        file=sys.stderr,
        disable=True if quiet else None,
        dynamic_ncols=True,
        leave=False,
    )


def run(
    fn: Callable[..., T],
    tasks: Sequence[tuple[Any, ...]],
    workers: int = 1,
    desc: str = "",
    quiet: bool = False,
) -> list[T]:
    """``[fn(*t) for t in tasks]``, on ``workers`` processes (1: in this process)."""
    results: list[Any] = [None] * len(tasks)
    with _bar(len(tasks), desc, quiet) as bar:
        if _client is not None:
            from distributed import as_completed as dask_completed

            futures = [_client.submit(fn, *t, pure=False) for t in tasks]
            index = {f.key: i for i, f in enumerate(futures)}
            for f in dask_completed(futures):
                results[index[f.key]] = f.result()
                bar.update(1)
            return results
        if workers <= 1:
            for i, t in enumerate(tasks):
                results[i] = fn(*t)
                bar.update(1)
            return results
        with ProcessPoolExecutor(
            max_workers=workers, initializer=start_pool_worker, initargs=(os.getpid(),)
        ) as pool:
            pending = {pool.submit(fn, *t): i for i, t in enumerate(tasks)}
            for f in as_completed(pending):
                results[pending[f]] = f.result()
                bar.update(1)
    return results
