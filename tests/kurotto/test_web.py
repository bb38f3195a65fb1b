"""Kurotto through the web API: Check on a partly filled board names a circle
that can no longer be satisfied, and leaves a sound one alone; Reveal gives
the answer only of a puzzle that has exactly one."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

import pencilbox
from pencilbox.web.app import create_app


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(None), base_url="http://localhost")


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
