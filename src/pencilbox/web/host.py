"""The web app as the host of the API's calls (:mod:`pencilbox.web.calls`).

Solver work runs as a job in a worker process of the app's
:class:`~pencilbox.web.workers.SolverPool`, which stops it at the app's
deadline; cheap work runs in a thread, so the event loop never waits on it;
a studio call is cancelled (its worker killed and replaced, which frees the
slot) when the client that asked goes away, as an editor does when a newer
edit replaces its request. The answers and the bank are the app's.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, TypeVar

from fastapi import Request
from fastapi.concurrency import run_in_threadpool

from pencilbox import verdicts
from pencilbox.engine.kind import Puzzle, PuzzleKind
from pencilbox.web import calls
from pencilbox.web.workers import SolverPool

T = TypeVar("T")

DISCONNECT_POLL = 0.05
"""Seconds between checks that the client is still there."""
POOL_MARGIN = 1.0
"""Seconds past a studio call's own safety clock before the pool stops its worker."""


class ServerHost:
    """The app that serves ``request``, as a :class:`~pencilbox.web.calls.Host`."""

    def __init__(self, request: Request) -> None:
        state = request.app.state
        self.request = request
        self.pool: SolverPool = state.pool
        self.seconds: float = getattr(state, "solver_seconds", calls.SOLVER_SECONDS)
        self.bank_path = state.bank_path
        self.answers: calls.AnswerCache = state.answer_cache
        self.limits: dict[str, Any] = state.limits
        self.verdict_path = verdicts.default_path()

    async def solver(self, fn: Callable[..., T], *args: Any) -> T:
        result: T = await self.pool.run(fn, *args, self.seconds, seconds=self.seconds)
        return result

    async def quick(self, fn: Callable[..., T], *args: Any) -> T:
        return await run_in_threadpool(fn, *args)

    async def studio(
        self, call: str, kind: PuzzleKind, p: Puzzle, seconds: float, *args: Any
    ) -> dict[str, Any]:
        work = asyncio.ensure_future(
            self.pool.run(
                calls.studio_call, call, kind.name, p, *args, seconds=seconds + POOL_MARGIN
            )
        )
        try:
            while not work.done():
                await asyncio.wait({work}, timeout=DISCONNECT_POLL)
                if not work.done() and await self.request.is_disconnected():
                    work.cancel()
            result: dict[str, Any] = await work
        finally:
            if not work.done():
                work.cancel()
        return result
