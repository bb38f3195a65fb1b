"""Numbrix through the web API: pencilbox's own URLs."""

from __future__ import annotations

from fastapi.testclient import TestClient

from pencilbox.web.app import create_app


def test_parse_reads_numbrix_urls() -> None:
    client = TestClient(create_app(None), base_url="http://localhost")
    j = client.post("/api/parse", json={"puzzle": "numbrix/3/3/1p"}).json()
    assert (j["type"], j["rows"], j["cols"]) == ("numbrix", 3, 3)
    assert j["clues"][0] == 1
