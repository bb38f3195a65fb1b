"""/api/answer (what Reveal and "show my errors" read) and Check on a partly filled board."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import pencilbox
from pencilbox.web import jobs
from pencilbox.web.app import create_app
from pencilbox.web.host import ServerHost


@pytest.fixture(scope="module")
def client(bank_file: Path) -> TestClient:
    return TestClient(create_app(bank_file), base_url="http://localhost")


def test_the_answer_is_the_unique_solution(client: TestClient) -> None:
    kind = pencilbox.puzzle("kurotto")
    url = "https://puzz.link/p?kurotto/4/4/1u"
    p = kind.parse(url)
    counted = kind.count(p, limit=2)
    r = client.post("/api/answer", json={"puzzle": url})
    if counted.solutions == 1:
        assert r.status_code == 200
        assert r.json()["tokens"] == [kind.value_token(v) for v in counted.first or ()]
    else:
        assert r.status_code == 400
        assert "unique" in r.json()["error"]


def test_a_board_with_several_answers_has_no_answer_to_reveal(client: TestClient) -> None:
    r = client.post("/api/answer", json={"puzzle": "https://puzz.link/p?yinyang/4/4/000009"})
    assert r.status_code == 400
    assert "not unique" in r.json()["error"] and "more than one answer" in r.json()["error"]


def yinyang_url(*rows: str) -> str:
    kind = pencilbox.puzzle("yinyang")
    return kind.to_url(
        kind.parse(f"yinyang {len(rows)}x{len(rows[0].split())}\n" + "\n".join(rows))
    )


def test_a_board_with_no_answer_says_so(client: TestClient) -> None:
    # a checkerboard corner: neither colour can join its two cells
    url = yinyang_url("o # . .", "# o . .", ". . . .", ". . . .")
    assert pencilbox.puzzle("yinyang").count(pencilbox.puzzle("yinyang").parse(url)).solutions == 0
    r = client.post("/api/answer", json={"puzzle": url})
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
    url = yinyang_url(*[". . . . . ."] * 6)
    with TestClient(create_app(bank_file), base_url="http://localhost") as client:
        r = client.post("/api/answer", json={"puzzle": url})
        assert r.status_code == 400
        assert "within its budget" in r.json()["error"]
        monkeypatch.setattr(jobs, "SOLUTION_UNITS", 100_000)  # not remembered: asked again
        r = client.post("/api/answer", json={"puzzle": url})
        assert "not unique" in r.json()["error"]


def test_check_names_a_circle_that_can_no_longer_be_satisfied(client: TestClient) -> None:
    marks = ["? o ? ?", "o ? ? ?", "? ? ? ?", "? ? ? ?"]
    r = client.post(
        "/api/check", json={"puzzle": "https://puzz.link/p?kurotto/4/4/2u", "marks": marks}
    )
    j = r.json()
    assert not j["solved"] and not j["complete"]
    (v,) = j["violations"]
    assert v["code"] == "refuted" and [0, 0] in v["cells"]
    # the cell keeps its lower-case name ("r1c1", as hints and labels write it)
    assert j["message"].startswith(v["message"][:4]) and v["message"].startswith("r1c1")


def test_check_leaves_a_sound_partial_board_alone(client: TestClient) -> None:
    marks = ["? # ? ?", "? ? ? ?", "? ? ? ?", "? ? ? ?"]
    r = client.post(
        "/api/check", json={"puzzle": "https://puzz.link/p?kurotto/4/4/2u", "marks": marks}
    )
    assert r.json()["violations"] == []
