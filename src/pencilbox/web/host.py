"""The web app as the host of the API's calls (:mod:`pencilbox.web.calls`).

Puzzle work runs as a job in a worker process of the lane the call names
(:mod:`pencilbox.web.lanes`), which stops it at the app's deadline (what is
left of it when the job starts is the job's clock), reading the puzzle a
request sends included; a full lane refuses work at once
(:meth:`ServerHost.admit`, 429). Cheap work runs in a thread,
so the event loop never waits on it; a studio call is cancelled (its worker
killed and replaced, which frees the slot) when the client that asked goes
away, as an editor does when a newer edit replaces its request (which is
no error: nothing is logged). The answers,
the boards read lately and the bank are the app's.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, TypeVar

from fastapi import Request
from fastapi.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect

from pencilbox import verdicts
from pencilbox.engine.kind import Puzzle, PuzzleKind
from pencilbox.web import calls
from pencilbox.web.lanes import Lanes

T = TypeVar("T")

DISCONNECT_POLL = 0.05
"""Seconds between checks that the client is still there."""
STUDIO_GRACE = 1.5
"""Seconds past a studio call's safety clock before its worker is killed
(503): a call stops at its clock (``unknown``, stop "clock"), and a second
more on a machine too busy to let it is worth waiting for."""


class ServerHost:
    """The app that serves ``request``, as a :class:`~pencilbox.web.calls.Host`."""

    def __init__(self, request: Request) -> None:
        state = request.app.state
        self.request = request
        self.lanes: Lanes = state.lanes
        self.seconds: float = getattr(state, "solver_seconds", calls.SOLVER_SECONDS)
        self.bank_path = state.bank_path
        self.answers: calls.AnswerCache = state.answer_cache
        self.reads: calls.ReadCache = state.reads
        self.limits: dict[str, Any] = state.limits
        self.verdict_path = verdicts.default_path()

    def admit(self, lane: str) -> None:
        self.lanes.admit(lane)

    async def solver(
        self, lane: str, fn: Callable[..., T], *args: Any, seconds: float | None = None
    ) -> T:
        limit = self.seconds if seconds is None else seconds
        result: T = await self.lanes.run(lane, fn, *args, seconds=limit)
        return result

    async def quick(self, fn: Callable[..., T], *args: Any) -> T:
        return await run_in_threadpool(fn, *args)

    async def studio(
        self, call: str, kind: PuzzleKind, p: Puzzle, seconds: float, *args: Any
    ) -> dict[str, Any]:
        work = asyncio.ensure_future(
            self.lanes.run(
                "studio",
                calls.studio_call,
                call,
                kind.name,
                p,
                *args,
                seconds=seconds,
                grace=STUDIO_GRACE,
            )
        )
        gone = False
        try:
            while not work.done():
                await asyncio.wait({work}, timeout=DISCONNECT_POLL)
                if not work.done() and await self.request.is_disconnected():
                    gone = True
                    work.cancel()
            result: dict[str, Any] = await work
        except asyncio.CancelledError:
            if gone:  # the work this request cancelled, not the request itself
                raise ClientDisconnect() from None
            raise
        finally:
            if not work.done():
                work.cancel()
        return result
