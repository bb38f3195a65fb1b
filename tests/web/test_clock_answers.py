"""A request whose work the safety clock cut short still answers, in words
that say so (never a 503), and a full lane still refuses at once."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

import pencilbox
from pencilbox.web import calls
from pencilbox.web.app import create_app
from pencilbox.web.workers import SolverFull, SolverLate

from .test_hardening import NAME, URL

BOARD = pencilbox.puzzle(NAME).from_url(URL)
"""That puzzle's board, to say what size of grid it answers with."""


@pytest.fixture
def app() -> Iterator[FastAPI]:
    yield create_app(None, workers=1)


def late_lanes(app: FastAPI, monkeypatch: pytest.MonkeyPatch, error: Exception) -> list[str]:
    """Every lane's job but reading the board raises ``error`` (as a worker
    killed past its clock would); returns the names of the jobs asked for,
    in order."""
    asked: list[str] = []

    async def late(lane: str, fn: Any, *args: Any, seconds: float, **kw: Any) -> Any:
        if fn is calls.read_board:
            return fn(*args, seconds)
        asked.append(getattr(fn, "__name__", str(fn)))
        raise error

    monkeypatch.setattr(app.state.lanes, "run", late)
    return asked


def test_a_fixpoint_stopped_past_its_clock_answers_stopped_with_the_givens(
    app: FastAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    late_lanes(app, monkeypatch, SolverLate("the solver took longer than 10 s"))
    client = TestClient(app, base_url="http://localhost")
    r = client.post("/api/solve", json={"puzzle": URL})
    assert r.status_code == 200, r.text
    j = r.json()
    assert j["status"] == "stopped" and j["level"] == "probe"
    assert len(j["grid"]) == BOARD.rows
    assert all(len(row.split()) == BOARD.cols for row in j["grid"])


def test_an_answer_search_stopped_past_its_clock_is_the_documented_400(
    app: FastAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    late_lanes(app, monkeypatch, SolverLate("the solver took longer than 10 s"))
    client = TestClient(app, base_url="http://localhost")
    r = client.post("/api/answer", json={"puzzle": URL})
    assert r.status_code == 400
    assert "could not find this puzzle's answer within its budget" in r.json()["error"]
    # and nothing was remembered: the next request asks the solver again
    again = late_lanes(app, monkeypatch, SolverLate("late again"))
    client.post("/api/answer", json={"puzzle": URL})
    assert again == ["answer"]


def test_an_analysis_stopped_past_its_clock_is_unknown_by_the_clock(
    app: FastAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PENCILBOX_CACHE", "off")
    late_lanes(app, monkeypatch, SolverLate("the solver took longer than 2 s"))
    client = TestClient(app, base_url="http://localhost")
    r = client.post("/api/analyze", json={"puzzle": URL, "seconds": 2})
    assert r.status_code == 200, r.text
    j = r.json()
    assert (j["verdict"], j["stop"], j["settled"]) == ("unknown", "clock", False)
    assert j["summary"].startswith("unknown: the safety clock stopped the work")


@pytest.mark.parametrize("helper", ["redundant", "suggest", "thin"])
def test_a_helper_stopped_past_its_clock_is_a_409_that_says_so(
    app: FastAPI, monkeypatch: pytest.MonkeyPatch, helper: str
) -> None:
    late_lanes(app, monkeypatch, SolverLate("the solver took longer than 2 s"))
    client = TestClient(app, base_url="http://localhost")
    r = client.post(f"/api/{helper}", json={"puzzle": URL, "seconds": 2})
    assert r.status_code == 409
    assert r.json()["error"].startswith("the safety clock stopped the work")


def test_a_full_studio_lane_is_a_429_not_a_verdict(
    app: FastAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PENCILBOX_CACHE", "off")
    late_lanes(app, monkeypatch, SolverFull("the solver has too much to do"))
    client = TestClient(app, base_url="http://localhost")
    r = client.post("/api/analyze", json={"puzzle": URL})
    assert r.status_code == 429 and r.headers["retry-after"] == "1"
    assert set(r.json()) == {"error"}


def test_a_stalled_hint_asks_no_count_once_its_seconds_are_spent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The hint's own job takes all of the request's seconds: the count of
    # answers that may follow a stalled hint is not asked (it says unknown).
    app = create_app(None, workers=1, solver_seconds=0.01)
    asked: list[str] = []
    stalled = {"status": "stalled", "suggest": None}

    async def slow_hint(lane: str, fn: Any, *args: Any, seconds: float) -> Any:
        if fn is calls.read_board:
            return fn(*args, seconds)
        asked.append(fn.__name__)
        import asyncio

        await asyncio.sleep(0.05)
        return dict(stalled), None, False

    monkeypatch.setattr(app.state.lanes, "run", slow_hint)
    client = TestClient(app, base_url="http://localhost")
    r = client.post("/api/hint", json={"puzzle": URL})
    assert r.status_code == 200, r.text
    assert r.json()["answers"] == "unknown"
    assert asked == ["hint"]
