"""A worker's death is told as what it is, and costs no request more than
one retry: an idle worker found dead is replaced before a job takes it; a
job whose worker dies under it runs once more on a fresh one, and a second
death answers "the work stopped: its worker died"; killing the fork
server (whose children every worker is) fails no request."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from pencilbox.processes import orphaned, process_table
from pencilbox.web import calls
from pencilbox.web.app import create_app
from pencilbox.web.workers import DIED, SolverDied, SolverPool

from .test_hardening import (
    NAME,
    URL,
    alive,
    descendants,
    run_async,
    server_process,
    slow_board,
    wait_until,
)


def kill_when_busy(pool: SolverPool, times: int, seen: list[int]) -> threading.Thread:
    """A thread that kills the worker of ``pool``'s running job as soon as
    there is one, ``times`` times (each a new worker), noting their pids."""

    def killer() -> None:
        end = time.monotonic() + 60
        while len(seen) < times and time.monotonic() < end:
            busy = [pid for pid in list(pool.busy) if pid not in seen]
            if busy:
                time.sleep(0.2)  # the job is under way
                seen.append(busy[0])
                os.kill(busy[0], signal.SIGKILL)
            time.sleep(0.02)

    thread = threading.Thread(target=killer, daemon=True)
    thread.start()
    return thread


def test_a_job_whose_worker_dies_runs_once_more() -> None:
    pool = SolverPool(2)
    try:
        pool.start()
        seen: list[int] = []
        killer = kill_when_busy(pool, 1, seen)
        t0 = time.monotonic()
        assert run_async(pool.run(time.sleep, 1.0, seconds=20)) is None
        killer.join(5)
        assert len(seen) == 1 and not alive(seen[0])
        assert pool.died == 1 and time.monotonic() - t0 < 10
    finally:
        pool.close()


def test_a_second_death_is_said_as_such() -> None:
    pool = SolverPool(2)
    try:
        pool.start()
        seen: list[int] = []
        kill_when_busy(pool, 2, seen)
        with pytest.raises(SolverDied, match="its worker died"):
            run_async(pool.run(time.sleep, 30, seconds=40))
        assert len(seen) == 2 and pool.died == 2
        assert wait_until(lambda: len(pool.pids()) == 2 and all(map(alive, pool.pids())), 10)
        assert run_async(pool.run(sum, [4, 5], seconds=10)) == 9
    finally:
        pool.close()


def test_an_idle_worker_found_dead_is_passed_over() -> None:
    pool = SolverPool(2)
    try:
        pool.start()
        assert wait_until(lambda: len(pool.idle) == 2, 10)
        for pid in pool.pids():
            os.kill(pid, signal.SIGKILL)
        assert wait_until(lambda: not any(alive(p) for p in pool.pids()), 5)
        # Both idle workers are dead: the job waits for a fresh one, never fails.
        assert run_async(pool.run(sum, [1, 1], seconds=20)) == 2
        assert pool.died == 0
    finally:
        pool.close()


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(None, workers=1), base_url="http://localhost") as c:
        yield c


def test_an_analysis_whose_worker_dies_twice_says_so(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PENCILBOX_CACHE", "off")
    studio = client.app.state.lanes["studio"]  # type: ignore[attr-defined]
    seen: list[int] = []
    kill_when_busy(studio, 2, seen)
    r = client.post("/api/analyze", json={"puzzle": slow_board(), "seconds": 30})
    assert r.status_code == 200, r.text
    j = r.json()
    assert (j["verdict"], j["stop"]) == ("unknown", "died") and len(seen) == 2
    assert j["summary"] == "unknown: the work stopped: its worker died; ask again"
    assert "busy" not in j["summary"]


def test_any_other_call_whose_worker_dies_twice_is_a_503_saying_so(client: TestClient) -> None:
    text = slow_board()
    client.post("/api/parse", json={"puzzle": text})  # read once: only the fixpoint is left
    _, doc, _ = next(iter(client.app.state.reads.data.values()))  # type: ignore[attr-defined]
    lane = client.app.state.lanes[calls.lane_of(doc.puzzle)]  # type: ignore[attr-defined]
    seen: list[int] = []
    kill_when_busy(lane, 2, seen)
    r = client.post("/api/solve", json={"puzzle": text})
    assert r.status_code == 503 and r.json() == {"error": DIED}
    assert r.headers["retry-after"] == "1"


# -- the fork server ----------------------------------------------------------------
def fork_server_of(server: int) -> int:
    """The pid of the fork server among the server's children."""
    for pid, (parent, state, _) in process_table().items():
        if parent == server and state != "Z":
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if b"forkserver" in f.read():
                    return pid
    raise AssertionError("no fork server")


@pytest.fixture
def live_server(bank_file: Path) -> Iterator[tuple[str, int]]:
    proc, base = server_process(bank_file)

    def answers() -> bool:
        try:
            return httpx.post(base + "/api/hint", json={"puzzle": URL}, timeout=30).is_success
        except httpx.HTTPError:
            return False

    try:
        assert wait_until(answers, 90)
        yield base, proc.pid
    finally:
        proc.kill()
        proc.wait(10)


def test_a_worker_whose_parent_died_before_it_started_knows_it() -> None:
    # A worker's parent is the process it serves, or a child of it (the fork
    # server). One forked as the fork server was killed has been handed to
    # another parent (init): it must not live on.
    me, parent = os.getpid(), os.getppid()
    assert not orphaned(parent, parent)  # served by its own parent
    assert not orphaned(me, parent)  # under a fork server (here: this process) of the served one
    assert orphaned(1, parent)  # handed to init
    assert orphaned(parent, me)  # a parent that is neither the served process nor its child


def test_killing_the_fork_server_fails_no_request(live_server: tuple[str, int]) -> None:
    base, server = live_server
    fork_server = fork_server_of(server)
    workers = descendants(fork_server)
    assert len(workers) >= 5  # every lane's
    os.kill(fork_server, signal.SIGKILL)
    # Its workers die with it (each asked the kernel to kill it with its parent).
    assert wait_until(lambda: not any(alive(p) for p in workers), 10)
    bodies = [
        ("/api/hint", {"puzzle": URL}),
        ("/api/check", {"puzzle": URL}),
        ("/api/solve", {"puzzle": URL}),
        ("/api/analyze", {"puzzle": URL, "upto": "probe"}),
        ("/api/parse", {"puzzle": URL, "type": NAME}),
    ]

    async def at_once() -> list[httpx.Response]:
        async with httpx.AsyncClient(base_url=base, timeout=60) as c:
            return await asyncio.gather(*(c.post(path, json=body) for path, body in bodies * 2))

    answered = run_async(at_once())  # in a thread: a browser test may hold this one's loop
    assert [r.status_code for r in answered] == [200] * len(answered), [
        r.text for r in answered if r.status_code != 200
    ]
    # And then one after another, as many as there are workers, and more.
    with httpx.Client(base_url=base, timeout=60) as c:
        for _ in range(len(workers) + 2):
            assert c.post("/api/hint", json={"puzzle": URL}).status_code == 200
    assert fork_server_of(server) != fork_server  # a new one made the fresh workers
