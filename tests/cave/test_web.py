"""Cave through the web API: its puzz.link URLs, under each name puzz.link gives it."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from pencilbox.web.app import create_app

CAVE_URL = "https://puzz.link/p?cave/6/6/g3q2h3jbj3i3i2g"


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(None), base_url="http://localhost")


def test_parse_reads_urls_and_warns_of_variants(client: TestClient) -> None:
    j = client.post("/api/parse", json={"puzzle": CAVE_URL}).json()
    assert (j["type"], j["rows"], j["cols"]) == ("cave", 6, 6)
    assert j["clues"][1] == 3
    j = client.post(
        "/api/parse", json={"puzzle": "https://puzz.link/p?bag/v:/6/6/g3q2h3jbj3i3i2g"}
    ).json()
    assert j["type"] == "cave" and "variant" in j["note"]
