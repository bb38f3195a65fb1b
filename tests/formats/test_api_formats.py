"""The API lists the formats with the puzzles each holds, and exports every
registered puzzle to each format that holds it. Each puzzle's own tests read
its files written by hand through the API."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

import pencilbox
from pencilbox.formats import registry
from pencilbox.web.app import create_app

from ..kinds import hardest, kinds, names


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    bank = tmp_path_factory.mktemp("nobank") / "none.sqlite"
    with TestClient(create_app(bank, workers=1), base_url="http://localhost") as c:
        yield c


def test_formats_are_listed_with_the_puzzles_they_hold(client: TestClient) -> None:
    listed = {f["name"]: f for f in client.get("/api/formats").json()}
    assert list(listed) == list(registry.names())
    for f in registry.FORMATS:
        assert set(listed[f.name]["types"]) == {k.name for k in kinds() if f.supports(k)}
        assert listed[f.name]["holds_answer"] == f.holds_answer


@pytest.mark.parametrize("name", names())
def test_export_writes_each_format_that_holds_the_puzzle(client: TestClient, name: str) -> None:
    kind = pencilbox.puzzle(name)
    sample = hardest(kind)
    p = kind.parse(sample.puzzle)
    answer = kind.parse_solution(sample.answer, p)
    for fmt in registry.supported(kind):
        holds = registry.by_name(fmt).holds_answer
        body = {"puzzle": kind.format(p), "type": name, "format": fmt, "answer": holds}
        r = client.post("/api/export", json=body)
        assert r.status_code == 200, r.json()
        out = r.json()
        assert out["filename"].startswith(f"{name}-{p.rows}x{p.cols}-")
        (doc,) = registry.read(out["text"])
        assert doc.puzzle == p
        if holds:
            assert (doc.answer if doc.answer is not None else doc.marks) == answer


@pytest.mark.parametrize("name", names())
def test_export_refuses_a_format_that_cannot_hold_the_puzzle(client: TestClient, name: str) -> None:
    kind = pencilbox.puzzle(name)
    p = kind.parse(hardest(kind).puzzle)
    for f in registry.FORMATS:
        if f.supports(kind):
            continue
        body = {"puzzle": kind.format(p), "type": name, "format": f.name}
        r = client.post("/api/export", json=body)
        assert r.status_code == 400 and "cannot hold" in r.json()["error"]
