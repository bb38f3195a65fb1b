"""/api/answer (what Reveal and "show my errors" read) and Check on a partly
filled board, for every registered puzzle (a clue that can no longer be
satisfied is each puzzle's own test)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import pencilbox
from pencilbox.web import jobs
from pencilbox.web.app import create_app
from pencilbox.web.host import ServerHost

from ..kinds import blank, board, hardest, names


@pytest.fixture(scope="module")
def client(bank_file: Path) -> TestClient:
    return TestClient(create_app(bank_file), base_url="http://localhost")


@pytest.mark.parametrize("name", names())
def test_the_answer_is_the_unique_solution(client: TestClient, name: str) -> None:
    kind = pencilbox.puzzle(name)
    p, answer = board(kind, hardest(kind))
    r = client.post("/api/answer", json={"puzzle": kind.to_url(p)})
    assert r.status_code == 200
    assert r.json()["tokens"] == [kind.value_token(v) for v in answer]


@pytest.mark.parametrize("name", names())
def test_a_board_with_several_answers_has_no_answer_to_reveal(
    client: TestClient, name: str
) -> None:
    kind = pencilbox.puzzle(name)
    rows, cols, boards = kind.samples.census
    assert boards > 1
    r = client.post("/api/answer", json={"puzzle": kind.to_url(blank(kind, rows, cols))})
    assert r.status_code == 400
    assert "not unique" in r.json()["error"] and "more than one answer" in r.json()["error"]


@pytest.mark.parametrize("name", names())
def test_a_board_with_no_answer_says_so(client: TestClient, name: str) -> None:
    kind = pencilbox.puzzle(name)
    p = kind.parse(kind.samples.contradiction)
    assert kind.count(p).solutions == 0
    r = client.post("/api/answer", json={"puzzle": kind.to_url(p)})
    assert r.status_code == 400
    assert "no answer at all" in r.json()["error"]


def test_a_search_that_runs_out_says_it_cannot_tell(
    bank_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the answer search in this process, with a budget of one node
    async def inline(host: object, lane: str, fn: Any, *args: Any, **kw: Any) -> Any:
        return fn(*args, 2.0)

    monkeypatch.setattr(ServerHost, "solver", inline)
    monkeypatch.setattr(jobs, "SOLUTION_UNITS", 1)
    kind = pencilbox.puzzle(names()[0])  # any puzzle's blank board will do
    url = kind.to_url(blank(kind, 6))
    with TestClient(create_app(bank_file), base_url="http://localhost") as client:
        r = client.post("/api/answer", json={"puzzle": url})
        assert r.status_code == 400
        assert "within its budget" in r.json()["error"]
        monkeypatch.setattr(jobs, "SOLUTION_UNITS", 100_000)  # not remembered: asked again
        r = client.post("/api/answer", json={"puzzle": url})
        assert "not unique" in r.json()["error"]


@pytest.mark.parametrize("name", names())
def test_check_leaves_a_partly_filled_answer_alone(client: TestClient, name: str) -> None:
    kind = pencilbox.puzzle(name)
    p, answer = board(kind, hardest(kind))
    tokens = [kind.value_token(v) if i % 2 else "?" for i, v in enumerate(answer)]
    marks = [" ".join(tokens[r * p.cols : (r + 1) * p.cols]) for r in range(p.rows)]
    j = client.post("/api/check", json={"puzzle": kind.to_url(p), "marks": marks}).json()
    assert j["violations"] == [] and not j["solved"] and not j["complete"]
