"""Lanes: each kind of puzzle work has workers of its own and a bounded
queue, so a flood of one kind is refused at once (429 with Retry-After)
and never holds up the others; other sites cannot make the server work."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

import pencilbox
from pencilbox.engine.kind import Puzzle
from pencilbox.web.app import create_app
from pencilbox.web.lanes import PLAY_CELLS, Lane, board_lane, default_lanes
from pencilbox.web.workers import SolverFull, SolverPool

from ..kinds import blank, blank_text
from .fixtures import TEST_GRADES, free_port
from .test_hardening import NAME, URL, run_async, slow_board

FLOOD_SECONDS = 3.0
"""How long the bounded flood of the test lasts (``make load`` runs 20 s)."""


def test_a_pool_refuses_at_once_when_its_waiting_room_is_full() -> None:
    pool = SolverPool(1, waiting=1)

    async def crowd() -> tuple[int, int]:
        busy = asyncio.ensure_future(pool.run(time.sleep, 1.0, seconds=10))
        await asyncio.sleep(0.3)  # it has the only worker
        waiting = asyncio.ensure_future(pool.run(sum, [1], seconds=10))
        await asyncio.sleep(0.1)  # it waits for the worker
        with pytest.raises(SolverFull):
            await pool.run(sum, [2], seconds=10)
        await busy
        return await waiting, pool.refused

    try:
        assert run_async(crowd()) == (1, 1)
    finally:
        pool.close()


def test_every_lane_is_bounded_and_play_is_the_widest() -> None:
    lanes = {lane.name: lane for lane in default_lanes(cores=2)}
    assert set(lanes) == {"play", "large", "check", "make", "studio"}
    assert all(lane.workers >= 1 and lane.waiting >= 1 for lane in lanes.values())
    assert lanes["play"].workers == max(lane.workers for lane in lanes.values())
    assert lanes["play"].demote and lanes["play"].niceness == 0
    assert lanes["large"].niceness > 0 and lanes["make"].niceness > 0
    assert all(lane.workers == 1 for lane in default_lanes(cores=64, workers=1))


def test_big_boards_leave_the_play_lane() -> None:
    assert board_lane(15, 15) == "play"
    assert board_lane(1, PLAY_CELLS) == "play" and board_lane(1, PLAY_CELLS + 1) == "large"
    assert board_lane(30, 30) == "large" and board_lane(16, 15) == "large"


TINY = (
    Lane("play", 2, waiting=8),
    Lane("large", 1, waiting=1, niceness=5),
    Lane("check", 1, waiting=1, niceness=5),
    Lane("make", 1, waiting=1, niceness=10),
    Lane("studio", 1, waiting=1, niceness=5),
)
"""Lanes of one worker and one waiting job (play: two), so a test floods them fast."""


@pytest.fixture(scope="module")
def tiny_app(bank_file: Path) -> FastAPI:
    return create_app(bank_file, solver_seconds=5.0, lanes=TINY)


@pytest.fixture(scope="module")
def tiny(tiny_app: FastAPI) -> Iterator[str]:
    import uvicorn

    from pencilbox.web import server

    port = free_port()
    srv = uvicorn.Server(server.config(tiny_app, "127.0.0.1", port))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    end = time.monotonic() + 20
    while not srv.started and time.monotonic() < end:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=10)


def flood(base: str, path: str, body: dict[str, object], clients: int) -> list[object]:
    """``clients`` threads posting ``body`` to ``path`` for FLOOD_SECONDS
    (waiting 0.1 s after a refusal): every answer, or the error raised."""
    answers: list[object] = []
    end = time.monotonic() + FLOOD_SECONDS

    def client() -> None:
        with httpx.Client(base_url=base, timeout=30) as c:
            while time.monotonic() < end:
                try:
                    r = c.post(path, json=body)
                except httpx.HTTPError as e:
                    answers.append(e)
                    return
                answers.append(r)
                if r.status_code != 200:
                    time.sleep(0.1)

    threads = [threading.Thread(target=client) for _ in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/check", {}),
        ("/api/hint", {}),
        ("/api/analyze", {"seconds": 2}),
    ],
    ids=["check", "hint", "analyze"],
)
def test_a_flood_is_refused_in_its_own_lane_while_hints_go_on(
    tiny: str, path: str, body: dict[str, object]
) -> None:
    """Eight clients looping on one kind of expensive request: the lane
    answers what it can and refuses the rest at once (429, Retry-After);
    meanwhile a player's hints on a 6×6 board and the list of types are
    answered, every one. The request is about a board whose probe
    fixpoint runs for minutes."""
    body = {"puzzle": slow_board(), **body}
    flooded: list[object] = []
    thread = threading.Thread(target=lambda: flooded.extend(flood(tiny, path, body, 8)))
    thread.start()
    time.sleep(0.5)
    player = []
    with httpx.Client(base_url=tiny, timeout=30) as c:
        while thread.is_alive():
            player.append(c.post("/api/hint", json={"puzzle": URL}))
            player.append(c.get("/api/puzzles"))
    thread.join()
    assert player and all(r.status_code == 200 for r in player), {r.status_code for r in player}
    answers = [r for r in flooded if isinstance(r, httpx.Response)]
    assert len(answers) == len(flooded), [e for e in flooded if e not in answers][:1]
    codes = {r.status_code for r in answers}
    # 503: a job waited, or ran, past the app's deadline (a busy machine)
    assert 429 in codes and codes <= {200, 429, 503}, codes
    for r in answers:
        if r.status_code != 200:
            assert int(r.headers["retry-after"]) >= 1 and set(r.json()) == {"error"}


def test_a_hint_on_a_blank_30x30_says_stopped(bank_file: Path) -> None:
    app = create_app(bank_file, solver_seconds=1.0, workers=1)
    with TestClient(app, base_url="http://localhost") as client:
        for name in pencilbox.puzzle_names():
            kind = pencilbox.puzzle(name)
            blank = kind.format(Puzzle(name, 30, 30, (None,) * 900))
            r = client.post("/api/hint", json={"puzzle": blank, "type": name})
            assert r.status_code == 200, (name, r.text)
            assert r.json()["status"] in ("stopped", "stalled", "hint"), name


BANK_DEAL = {"type": NAME, "size": "6", "grade": TEST_GRADES[NAME], "index": "0"}


@pytest.mark.parametrize(
    "headers",
    [
        {"sec-fetch-site": "cross-site"},
        {"sec-fetch-site": "same-site"},
        {"origin": "http://evil.example"},
        {"origin": "http://localhost:8001"},
        {"origin": "null"},
    ],
)
def test_other_sites_cannot_make_the_server_work(bank_file: Path, headers: dict[str, str]) -> None:
    client = TestClient(create_app(bank_file, workers=1), base_url="http://localhost:8000")
    r = client.get("/api/puzzle", params=BANK_DEAL, headers=headers)
    assert r.status_code == 403 and set(r.json()) == {"error"}
    r = client.post("/api/hint", json={"puzzle": URL}, headers=headers)
    assert r.status_code == 403
    # A link from elsewhere still opens the game.
    assert client.get("/", headers=headers).status_code == 200


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"sec-fetch-site": "same-origin"},
        {"sec-fetch-site": "none"},
        {"origin": "http://localhost:8000"},
        {"sec-fetch-site": "same-origin", "origin": "http://localhost:8000"},
    ],
)
def test_the_app_itself_and_scripts_are_served(bank_file: Path, headers: dict[str, str]) -> None:
    with TestClient(create_app(bank_file, workers=1), base_url="http://localhost:8000") as client:
        r = client.get("/api/puzzle", params=BANK_DEAL, headers=headers)
        assert r.status_code == 200 and r.json()["source"] == "bank"


@pytest.mark.parametrize(
    ("path", "puzzle"),
    [
        ("/api/hint", pencilbox.puzzle(NAME).to_url(blank(pencilbox.puzzle(NAME), 30))),
        ("/api/solve", blank_text(pencilbox.puzzle(NAME), 30)),
        ("/api/parse", pencilbox.puzzle(NAME).to_url(blank(pencilbox.puzzle(NAME), 30))),
    ],
)
def test_a_full_lane_refuses_before_reading_the_puzzle(
    bank_file: Path, monkeypatch: pytest.MonkeyPatch, path: str, puzzle: str
) -> None:
    app = create_app(bank_file, workers=1)
    monkeypatch.setattr(app.state.lanes["large"], "is_full", lambda: True)
    for pool in app.state.lanes.pools.values():  # reading is a worker's job: none may start
        monkeypatch.setattr(pool, "run", lambda *a, **k: pytest.fail("the puzzle was read"))
    r = TestClient(app, base_url="http://localhost").post(path, json={"puzzle": puzzle})
    assert r.status_code == 429 and r.headers["retry-after"] == "1"
