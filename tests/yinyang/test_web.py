"""Yin-Yang through the web API: its givens and its completion message."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

import pencilbox
from pencilbox.web.app import create_app


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(None), base_url="http://localhost")


def test_a_text_grid_gives_its_stones(client: TestClient) -> None:
    j = client.post("/api/parse", json={"puzzle": "yinyang 2x3\n# . o\n. . .\n"}).json()
    assert (j["type"], j["rows"], j["cols"]) == ("yinyang", 2, 3)
    assert j["given"][:3] == ["#", None, "o"]


def test_the_completion_message(client: TestClient) -> None:
    kind = pencilbox.puzzle("yinyang")
    p, answer = kind.generate(6, 6, density=1.0, seed=5)
    url = kind.to_url(p)
    j = client.post(
        "/api/check", json={"puzzle": url, "marks": kind.solution_rows(answer, 6)}
    ).json()
    assert j["message"] == (
        "Solved! The frontier between the colours is one unbroken curve, as it must be."
    )


def test_check_on_a_partly_filled_board_reports_only_local_violations(
    client: TestClient,
) -> None:
    board = "yinyang 3x3\no . .\n. . .\n. . ."
    marks = ["# # o", "# # o", "o ? #"]  # a 2×2 of black, r1c1 painted over, both divided
    j = client.post("/api/check", json={"puzzle": board, "marks": marks}).json()
    assert not j["complete"] and not j["solved"]
    assert sorted(v["code"] for v in j["violations"]) == ["2x2-black", "given"]
    assert j["message"].startswith("A 2×2 of black; a given cell painted over.")
