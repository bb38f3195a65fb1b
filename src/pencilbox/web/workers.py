"""Solver work in worker processes that are stopped when their time is up.

A thread cannot be killed, so the web app runs every solver call in a pool
of worker processes. Each job carries its deadline twice: the engine checks
it cooperatively (it raises :class:`~pencilbox.errors.Stopped`), and the pool
kills the worker :data:`GRACE` seconds after it and starts a fresh one, so
no request holds a core past its deadline. A job that runs longer than
:data:`DEMOTE_AFTER` seconds of CPU is lowered in CPU priority (and its worker
replaced when it ends), so short jobs such as hints keep getting the CPU
while long ones run.

Workers are forked from a fork server that has already imported pencilbox
and loaded every puzzle kind (:mod:`pencilbox.web.preload`), so a fresh
worker is ready in milliseconds. Each worker has an address-space
ceiling (``RLIMIT_AS``), asks the kernel to kill it when its parent dies
(``PR_SET_PDEATHSIG``), and also exits when the server's process is gone.

A worker that dies while idle (killed, or with its fork server: a worker
asks the kernel to kill it when its parent dies, and under a fork server
that is the fork server) is found out when a job would take it, and
replaced; the job takes another. A job whose worker dies under it is run
once more, on a fresh worker, within the same seconds; a second death is
told as what it is (:class:`SolverDied`, "the work stopped: its worker
died"), never as a busy server. So a fork server's death (its workers die
with it; the next fresh worker starts a new one) costs no request more
than one retry.

A pool never lets requests pile up: at most ``waiting`` jobs wait for a
free worker; one more is refused at once (:class:`SolverFull`, HTTP 429
with ``Retry-After``). Workers may run at a lower CPU priority from the
start (``niceness``): :mod:`pencilbox.web.lanes` gives each kind of work a
pool of its own, so a flood of one kind never holds up another.

The pool works from any event loop (the in-process test client runs each
request on its own loop): waiting for a free worker and for a job's answer
are futures of the caller's loop, woken through ``call_soon_threadsafe`` and
``add_reader``.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from pencilbox.errors import PuzzleError, SolverBusy, SolverDied, SolverFull, SolverLate, Stopped
from pencilbox.processes import die_with_parent, limit_memory

GRACE = 0.5
"""Seconds past a job's deadline before its worker is killed (a job that
answers later than that has not kept its budget)."""
RESERVE = 0.25
"""Seconds of a job's deadline (at most a tenth of them) kept back from the
clock it is told: the time to send its answer back and to be scheduled on a
busy machine, so the answer comes within the deadline rather than after."""
DEMOTE_AFTER = 1.0
"""CPU seconds after which a running job's worker gets a lower CPU priority
(CPU, not wall time: on a busy machine a short job may wait for a core)."""
DEMOTE_CHECK = 0.5
"""Seconds between looks at a running job's CPU time."""
DEMOTED_NICENESS = 10
DEFAULT_MEMORY_MB = 1024
"""Address-space ceiling of one worker process (``$PENCILBOX_SOLVER_MEMORY_MB``)."""


FULL = "the solver has too much to do; try again in a moment"
DIED = "the work stopped: its worker died"


def default_size() -> int:
    """Workers for this machine: two per core (at least 2, at most 32).

    Twice the cores, so that with one long job per core running, short jobs
    still find a free worker at once; demotion keeps them ahead on the CPU.
    """
    return max(2, min(32, 2 * (os.cpu_count() or 1)))


def memory_ceiling_mb() -> int:
    text = os.environ.get("PENCILBOX_SOLVER_MEMORY_MB", "")
    return int(text) if text.isascii() and text.isdigit() else DEFAULT_MEMORY_MB


# -- inside a worker ------------------------------------------------------------------
def serve_jobs(conn: Connection, server_pid: int, memory_mb: int, niceness: int = 0) -> None:
    """A worker's life: answer jobs from ``conn`` until it closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server handles Ctrl-C
    die_with_parent(server_pid)
    limit_memory(memory_mb)
    if niceness > 0:
        with contextlib.suppress(OSError):
            os.nice(niceness)
    while True:
        try:
            fn, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            reply: tuple[str, Any] = ("ok", fn(*args))
        except Stopped as e:
            reply = ("busy", str(e))
        except PuzzleError as e:
            reply = ("error", (type(e).__name__, str(e)))
        except MemoryError:
            reply = ("busy", f"the solver ran out of memory ({memory_mb} MB)")
        except Exception as e:  # reported to the caller as a server error
            reply = ("crash", f"{type(e).__name__}: {e}")
        try:
            conn.send(reply)
        except MemoryError:
            conn.send(("busy", f"the solver ran out of memory ({memory_mb} MB)"))


# -- the pool -------------------------------------------------------------------------
@dataclass
class Worker:
    process: Any
    conn: Connection
    demoted: bool = False
    cpu_at_start: float = 0.0
    generation: int = 0
    """The start of its pool it belongs to (see :meth:`SolverPool.start`)."""


def cpu_seconds(pid: int) -> float:
    """CPU time a process has used (0 when it cannot be read)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


class Rearm:
    """Call ``fn`` every ``every`` seconds on ``loop`` until it returns True
    or :meth:`cancel` is called."""

    def __init__(self, loop: asyncio.AbstractEventLoop, every: float, fn: Callable[[], bool]):
        self.loop = loop
        self.every = every
        self.fn = fn
        self.handle = loop.call_later(every, self.fire)

    def fire(self) -> None:
        if not self.fn():
            self.handle = self.loop.call_later(self.every, self.fire)

    def cancel(self) -> None:
        self.handle.cancel()


class JobError(PuzzleError):
    """An input error raised inside a worker, re-raised in the server."""


class _Died(Exception):
    """The worker of a job died before it answered."""


WAITING_PER_WORKER = 8
"""Jobs a pool lets wait per worker, unless told otherwise."""


class SolverPool:
    """A fixed number of worker processes; jobs wait for a free one, at
    most ``waiting`` of them (default :data:`WAITING_PER_WORKER` per worker).

    ``niceness`` lowers the CPU priority of every worker from the start;
    ``demote`` lowers it further for a job past :data:`DEMOTE_AFTER` seconds
    of CPU (so the pool's short jobs keep the CPU while long ones run)."""

    def __init__(
        self,
        size: int | None = None,
        memory_mb: int | None = None,
        niceness: int = 0,
        waiting: int | None = None,
        demote: bool = True,
    ) -> None:
        self.size = size if size is not None else default_size()
        self.memory_mb = memory_mb if memory_mb is not None else memory_ceiling_mb()
        self.niceness = niceness
        self.demote = demote and niceness < DEMOTED_NICENESS
        self.max_waiting = waiting if waiting is not None else WAITING_PER_WORKER * self.size
        self.lock = threading.Lock()
        self.idle: list[Worker] = []
        self.busy: set[int] = set()
        self.waiters: collections.deque[tuple[asyncio.AbstractEventLoop, asyncio.Future[Worker]]]
        self.waiters = collections.deque()
        self.waiting = 0
        """Jobs waiting for a worker now."""
        self.refused = 0
        """Jobs refused because ``max_waiting`` were already waiting."""
        self.started = False
        self.closed = False
        self.generation = 0
        self.replaced = 0
        self.died = 0
        """Jobs whose worker died under them."""
        self._ctx: Any = None

    # -- lifetime ---------------------------------------------------------------
    def start(self) -> None:
        """Start the workers (again after :meth:`close`: an app's lifespan
        may begin more than once)."""
        with self.lock:
            if self.started and not self.closed:
                return
            self.started = True
            self.closed = False
            self.generation += 1
        method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else None
        self._ctx = multiprocessing.get_context(method)
        if method == "forkserver":
            self._ctx.set_forkserver_preload(["pencilbox.web.preload"])
        for _ in range(self.size):
            self._release(self._spawn())  # a job that came meanwhile gets it

    def _spawn(self) -> Worker:
        ours, theirs = self._ctx.Pipe()
        proc = self._ctx.Process(
            target=serve_jobs,
            args=(theirs, os.getpid(), self.memory_mb, self.niceness),
            daemon=True,
            name="pencilbox-solver",
        )
        proc.start()
        theirs.close()
        return Worker(proc, ours, generation=self.generation)

    def close(self) -> None:
        """Stop every worker (idle or busy)."""
        with self.lock:
            self.closed = True
            idle, self.idle = self.idle, []
        for w in idle:
            self._kill(w)
        for pid in list(self.busy):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)

    def is_full(self) -> bool:
        """Whether a job arriving now would be refused (no idle worker, and
        as many jobs waiting as may): a caller may refuse it before doing
        any work of its own."""
        with self.lock:
            return self.started and not self.idle and self.waiting >= self.max_waiting

    def pids(self) -> list[int]:
        with self.lock:
            return [w.process.pid for w in self.idle] + list(self.busy)

    @staticmethod
    def _kill(w: Worker) -> None:
        with contextlib.suppress(Exception):
            w.process.kill()
        with contextlib.suppress(Exception):
            w.process.join(1.0)
        with contextlib.suppress(Exception):
            w.conn.close()

    # -- handing workers out ----------------------------------------------------
    def _release(self, w: Worker) -> None:
        """Give ``w`` to the first live waiter, else back to the idle list."""
        with self.lock:
            if self.closed or w.generation != self.generation:
                self._kill(w)  # the pool closed (and maybe started again) since
                return
            while self.waiters:
                loop, fut = self.waiters.popleft()
                if fut.done():
                    continue
                try:
                    loop.call_soon_threadsafe(self._hand, w, fut)
                except RuntimeError:  # that loop has closed
                    continue
                return
            self.idle.append(w)

    def _hand(self, w: Worker, fut: asyncio.Future[Worker]) -> None:
        if fut.done():  # cancelled meanwhile: pass it on
            self._release(w)
        else:
            fut.set_result(w)

    def _live_idle(self) -> Worker | None:
        """A live idle worker, if there is one (called under the lock); the
        dead ones found on the way are replaced."""
        while self.idle:
            w = self.idle.pop()
            if w.process.is_alive():
                return w
            self._replace(w)
        return None

    async def _acquire(self, deadline: float) -> Worker:
        loop = asyncio.get_running_loop()
        with self.lock:
            w = self._live_idle()
            if w is not None:
                return w
            if self.waiting >= self.max_waiting:
                self.refused += 1
                raise SolverFull(FULL)
            fut: asyncio.Future[Worker] = loop.create_future()
            self.waiters.append((loop, fut))
            self.waiting += 1
        try:
            w = await asyncio.wait_for(fut, max(0.0, deadline - time.monotonic()))
        except TimeoutError:
            raise SolverBusy("the solver is busy; try again in a moment") from None
        except asyncio.CancelledError:
            if fut.done() and not fut.cancelled():
                self._release(fut.result())
            raise
        finally:
            with self.lock:
                self.waiting -= 1
        if w.process.is_alive():
            return w
        self._replace(w)  # it died on its way here: wait for another
        return await self._acquire(deadline)

    # -- running a job ----------------------------------------------------------
    async def run(
        self,
        fn: Callable[..., Any],
        *args: Any,
        seconds: float,
        tell_time: bool = False,
        grace: float = GRACE,
    ) -> Any:
        """``fn(*args)`` in a worker; the job should stop itself within
        ``seconds`` (pass them on to the engine), and is killed ``grace``
        seconds after. The seconds count from the call, time spent waiting
        for a worker included: with ``tell_time`` the job gets the seconds
        left when it starts (less :data:`RESERVE`) as its last argument,
        ``fn(*args, left)``.

        Raises :class:`SolverBusy` (503) when it does not finish in time or
        no worker is free in time, :class:`SolverFull` (429) when too many
        jobs already wait, the job's own :class:`PuzzleError` (400) as a
        :class:`JobError`, :class:`SolverDied` (503) when its worker died
        under it twice (once, it is run again on a fresh worker), and
        RuntimeError when the job crashed.
        """
        self.start()
        deadline = time.monotonic() + seconds
        for again in (False, True):
            w = await self._acquire(deadline)
            try:
                return await self._job(w, fn, args, seconds, deadline, tell_time, grace)
            except _Died:
                if again or time.monotonic() >= deadline:
                    raise SolverDied(DIED) from None
        raise AssertionError("unreachable")  # pragma: no cover

    async def _job(
        self,
        w: Worker,
        fn: Callable[..., Any],
        args: tuple[Any, ...],
        seconds: float,
        deadline: float,
        tell_time: bool,
        grace: float,
    ) -> Any:
        """``fn(*args)`` on the worker ``w`` (see :meth:`run`); :class:`_Died`
        when the worker dies before it answers."""
        loop = asyncio.get_running_loop()
        self.busy.add(w.process.pid)
        w.cpu_at_start = cpu_seconds(w.process.pid)
        demote = Rearm(loop, DEMOTE_CHECK, lambda: self._demote(w) if self.demote else True)
        answered: asyncio.Future[None] = loop.create_future()
        fd = w.conn.fileno()
        try:
            if tell_time:
                reserve = min(RESERVE, seconds / 10)
                args = (*args, max(0.0, deadline - reserve - time.monotonic()))
            w.conn.send((fn, args))

            def readable() -> None:
                if not answered.done():
                    answered.set_result(None)

            loop.add_reader(fd, readable)
            remaining = deadline + grace - time.monotonic()
            await asyncio.wait_for(answered, max(0.0, remaining))
            status, value = w.conn.recv()
        except BaseException as e:
            loop.remove_reader(fd)
            demote.cancel()
            self.busy.discard(w.process.pid)
            self._replace(w)
            if isinstance(e, TimeoutError):
                raise SolverLate(f"the solver took longer than {seconds:g} s") from None
            if isinstance(e, EOFError | OSError):
                self.died += 1
                raise _Died from None
            raise
        loop.remove_reader(fd)
        demote.cancel()
        self.busy.discard(w.process.pid)
        if w.demoted:
            self._replace(w)
        else:
            self._release(w)
        if status == "ok":
            return value
        if status == "busy":
            raise SolverBusy(str(value))
        if status == "error":
            name, message = value
            raise JobError(message)
        raise RuntimeError(str(value))

    def _demote(self, w: Worker) -> bool:
        """Lower ``w``'s priority once its job has used DEMOTE_AFTER seconds
        of CPU; True when done (no need to look again)."""
        if cpu_seconds(w.process.pid) - w.cpu_at_start < DEMOTE_AFTER:
            return False
        with contextlib.suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, w.process.pid, DEMOTED_NICENESS)
            w.demoted = True
        return True

    def _replace(self, w: Worker) -> None:
        """Kill ``w`` and put a fresh worker in its place, in a thread of its
        own (the event loop answers the request meanwhile)."""
        with contextlib.suppress(Exception):
            w.process.kill()  # at once: the core is free from here on
        self.replaced += 1
        threading.Thread(target=self._replace_now, args=(w,), daemon=True).start()

    def _replace_now(self, w: Worker) -> None:
        self._kill(w)
        if self.closed or w.generation != self.generation:
            return
        try:
            fresh = self._spawn()
        except Exception:  # pragma: no cover - fork failure: run one short
            return
        self._release(fresh)


__all__ = [
    "SolverBusy",
    "SolverDied",
    "SolverFull",
    "SolverLate",
    "SolverPool",
    "default_size",
    "serve_jobs",
]
