"""Lanes: each kind of solver work has worker processes of its own.

A request that does puzzle work runs in one lane's
:class:`~pencilbox.web.workers.SolverPool`, never in the server process, and
a lane has a fixed number of workers and a bounded number of jobs waiting
for one (beyond it: 429 with ``Retry-After`` at once). So a flood of one
kind of request (checks of 30×30 boards, deals the bank lacks, analyses)
fills its own lane and is refused there, while a player's hints on a 10×10
board run in a lane it does not touch. The lanes of long work nobody waits
on closely (big boards, generating) run at a lower CPU priority; in the
``play`` lane a job that runs long is lowered (see
:class:`~pencilbox.web.workers.SolverPool`). The others keep the normal
priority: a lower one would cost them their budgets on a busy machine.

The lanes, by what runs there:

- ``play``: hints, answers, fixpoints, reading and dealing boards of up to
  :data:`~pencilbox.web.calls.PLAY_CELLS` cells (what a player does, and
  most of it quick);
- ``large``: the same on larger boards;
- ``check``: Check (the rules the marks break, and a short refutation);
- ``make``: generating a board the bank lacks (seconds of work);
- ``studio``: the setter's analyses (:mod:`pencilbox.web.studio`).

Which lane a call's work asks for is the call's own choice
(:mod:`pencilbox.web.calls`, :func:`~pencilbox.web.calls.board_lane`);
the server's host (:mod:`pencilbox.web.host`) runs it in that lane.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pencilbox.web.calls import PLAY_CELLS, board_lane
from pencilbox.web.workers import FULL, GRACE, SolverFull, SolverPool


@dataclass(frozen=True)
class Lane:
    """One kind of work: its workers, how many jobs may wait, their CPU
    priority, and whether a job that runs long is lowered in priority."""

    name: str
    workers: int
    waiting: int
    niceness: int = 0
    demote: bool = False


def default_lanes(cores: int | None = None, workers: int | None = None) -> tuple[Lane, ...]:
    """The lanes for a machine of ``cores`` cores; ``workers`` caps the
    workers of every lane (the ``play`` lane has it exactly)."""
    c = max(1, cores if cores is not None else (os.cpu_count() or 1))

    def sized(n: int, most: int) -> int:
        n = max(1, min(most, n))
        return n if workers is None else max(1, min(n, workers))

    play = max(2, min(32, 2 * c)) if workers is None else max(1, workers)
    heavy, make = sized(c, 8), sized(c // 2, 4)
    return (
        Lane("play", play, waiting=16 * play, demote=True),
        Lane("large", heavy, waiting=heavy, niceness=5),
        Lane("check", heavy, waiting=heavy),
        Lane("make", make, waiting=make, niceness=10),
        Lane("studio", heavy, waiting=heavy),
    )


class Lanes:
    """A :class:`SolverPool` per lane, started on first use."""

    def __init__(self, lanes: tuple[Lane, ...], memory_mb: int | None = None) -> None:
        self.pools = {
            lane.name: SolverPool(lane.workers, memory_mb, lane.niceness, lane.waiting, lane.demote)
            for lane in lanes
        }

    def __getitem__(self, name: str) -> SolverPool:
        return self.pools[name]

    def admit(self, lane: str) -> None:
        """Refuse (:class:`~pencilbox.web.workers.SolverFull`) a request for
        ``lane`` at once when the lane is full, before its body is read."""
        if self.pools[lane].is_full():
            self.pools[lane].refused += 1
            raise SolverFull(FULL)

    async def run(
        self, lane: str, fn: Callable[..., Any], *args: Any, seconds: float, grace: float = GRACE
    ) -> Any:
        """``fn(*args, left)`` in a worker of ``lane``, where ``left`` is what
        remains of ``seconds`` (from now) when the job starts: the job answers
        within ``seconds`` of the call, however long it waited for a worker;
        its worker is killed ``grace`` seconds later (see :meth:`SolverPool.run`)."""
        pool = self.pools[lane]
        return await pool.run(fn, *args, seconds=seconds, tell_time=True, grace=grace)

    def close(self) -> None:
        for pool in self.pools.values():
            pool.close()

    def pids(self) -> list[int]:
        return [pid for pool in self.pools.values() for pid in pool.pids()]

    def is_idle(self) -> bool:
        """No job running or waiting in any lane, and every started lane whole."""
        return all(
            not p.busy and not p.waiting and (not p.started or len(p.idle) == p.size)
            for p in self.pools.values()
        )


__all__ = ["PLAY_CELLS", "Lane", "Lanes", "board_lane", "default_lanes"]
