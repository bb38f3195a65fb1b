"""Worker processes that never outlive their parent, and stay within memory.

Used by the web app's solver pool and the bank's build pool: a worker asks
the kernel to kill it when its parent dies (``PR_SET_PDEATHSIG`` on Linux)
and also polls for the process it serves, so no worker is left behind when
a server or a build is killed outright. A build or a measurement may run on
a Dask cluster instead (:func:`dask_client`).
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

from pencilbox.errors import PuzzleError

PR_SET_PDEATHSIG = 1


@contextlib.contextmanager
def dask_client(address: Any) -> Iterator[Any]:
    """A ``distributed.Client`` of the Dask cluster at ``address`` (an
    address such as "tcp://host:8786", or a client, which stays open), or
    None for no address. Connecting comes first, so a scheduler that cannot
    be reached is one clear error before any work (or file) is started."""
    if address is None:
        yield None
        return
    try:
        from distributed import Client
    except ImportError:
        raise PuzzleError("--scheduler needs Dask: pip install 'pencilbox[dask]'") from None
    own = not isinstance(address, Client)
    try:
        client = Client(address) if own else address
    except (OSError, ValueError, TypeError) as e:  # unreachable, or no address at all
        raise PuzzleError(f"cannot reach the Dask scheduler at {address}: {e}") from None
    try:
        yield client
    finally:
        if own:
            client.close()


def die_with_parent(served: int) -> None:
    """Die when this process's parent dies (the kernel sends SIGKILL), or
    when the process ``served`` (a server, a builder: the parent, or the
    parent's parent under a fork server) is gone (checked twice a second)."""
    parent = os.getppid()
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent or orphaned(parent, served):
        os._exit(1)  # the parent died before the request took hold

    def watch() -> None:
        while True:
            time.sleep(0.5)
            try:
                os.kill(served, 0)
            except ProcessLookupError:
                os._exit(1)
            except PermissionError:
                pass

    threading.Thread(target=watch, daemon=True, name="parent-watch").start()


def orphaned(parent: int, served: int) -> bool:
    """Whether ``parent`` (this process's parent now) shows that the real
    one is gone: a worker's parent is the process it serves or a child of it
    (a fork server), and one whose parent died before it could ask to die
    with it has been handed to another (init, a subreaper)."""
    if parent == served:
        return False
    status = process_status(parent)
    # No /proc to tell: die_with_parent's watch still sees the served process go.
    return status is not None and status[0] != served


def limit_memory(megabytes: int) -> None:
    """Cap this process's address space (MemoryError beyond it)."""
    import resource  # POSIX only: not in every Python (the page's has none)

    if megabytes <= 0:
        return
    ceiling = megabytes * 1024 * 1024
    with contextlib.suppress(ValueError, OSError):
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard != resource.RLIM_INFINITY:
            ceiling = min(ceiling, hard)
        resource.setrlimit(resource.RLIMIT_AS, (ceiling, hard))


def start_pool_worker(owner: int) -> None:
    """A pool worker's first act: leave Ctrl-C to ``owner`` (the process that
    started the pool), take SIGTERM's default, and die with ``owner``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    die_with_parent(owner)


def process_table() -> dict[int, tuple[int, str, int]]:
    """Every process of the machine (from ``/proc``): its parent, its state
    letter ("Z" for a zombie) and the CPU clock ticks it has used."""
    table: dict[int, tuple[int, str, int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (status := process_status(int(entry))) is not None:
            table[int(entry)] = status
    return table


def process_status(pid: int) -> tuple[int, str, int] | None:
    """One process's parent, state letter and CPU clock ticks (from
    ``/proc``), or None when it cannot be read (gone, or no ``/proc``)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            stat = f.read()
    except OSError:
        return None
    fields = stat[stat.rfind(")") + 2 :].split()
    return int(fields[1]), fields[0], int(fields[11]) + int(fields[12])
