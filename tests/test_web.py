"""The web app, in process."""

from __future__ import annotations

from fastapi.testclient import TestClient

import pencilbox
from pencilbox.web.app import create_app


def test_api_lists_every_puzzle_with_its_levels() -> None:
    client = TestClient(create_app())
    r = client.get("/api/puzzles")
    assert r.status_code == 200
    body = {o["type"]: o for o in r.json()}
    assert set(body) == set(pencilbox.puzzle_names())
    assert body["yinyang"]["levels"] == ["window", "border", "bridge", "probe"]


def test_front_page_is_served() -> None:
    client = TestClient(create_app())
    r = client.get("/")
    assert r.status_code == 200
    assert "pencilbox" in r.text
    assert client.get("/openapi.json").status_code == 200
