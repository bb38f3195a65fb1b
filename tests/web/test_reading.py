"""Reading the puzzle a request sends is puzzle work: it runs in a worker of
the lane the board's size names, never in the server's own process; the
server keeps what it read lately; a penpa-edit URL that would inflate past
its stated size is refused with a 400 that says so; /api/export is
admitted like every other request that reads a puzzle."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

import pencilbox
from pencilbox.formats import penpa_url, registry
from pencilbox.formats.base import Document
from pencilbox.web import calls
from pencilbox.web.app import create_app

from ..kinds import blank, board, hardest, names

NAME = names()[0]
KIND = pencilbox.puzzle(NAME)
P, ANSWER = board(KIND, hardest(KIND))


def bomb(cols: int, rows: int, size: int) -> str:
    """A penpa-edit URL of a few KB whose text names a ``cols`` × ``rows``
    grid and inflates to ``size`` bytes."""
    text = f"square,{cols},{rows},38,0,1,1,418,418,200,200\n[0,0,0,0]\n"
    text += "x" * (size - len(text))
    return penpa_url.HOST + "#m=edit&p=" + penpa_url.compress(text)


@pytest.fixture(scope="module")
def app(bank_file: Path) -> Iterator[FastAPI]:
    yield create_app(bank_file, workers=1)


@pytest.fixture(scope="module")
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app, base_url="http://localhost") as c:
        yield c


FORMATS = [f.name for f in registry.FORMATS if f.supports(KIND)]


@pytest.mark.parametrize("format", FORMATS)
def test_the_server_process_reads_no_puzzle(
    format: str, client: TestClient, app: FastAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With every reader of the server's own process broken, every call that
    reads a puzzle still answers: its workers read it."""
    text = registry.write(format, KIND, Document(P))

    def refuse(*args: object, **kw: object) -> object:
        raise AssertionError("the server's own process read a puzzle")

    monkeypatch.setattr(registry, "read", refuse)
    monkeypatch.setattr(calls, "read_document", refuse)
    monkeypatch.setattr(registry, "write", refuse)
    app.state.reads.data.clear()
    url = KIND.to_url(P)
    parsed = client.post("/api/parse", json={"puzzle": text, "type": NAME})
    assert parsed.status_code == 200, parsed.text
    assert parsed.json()["url"] == url
    for path, extra in (
        ("/api/hint", {}),
        ("/api/check", {}),
        ("/api/solve", {}),
        ("/api/answer", {}),
        ("/api/export", {"format": "url"}),
        ("/api/analyze", {"upto": "probe"}),
    ):
        app.state.reads.data.clear()
        r = client.post(path, json={"puzzle": text, "type": NAME, **extra})
        assert r.status_code == 200, (path, r.text)
    exported = client.post("/api/export", json={"puzzle": text, "format": "url"}).json()
    assert exported["text"].strip() == url


def test_a_board_read_once_is_not_read_again(
    client: TestClient, app: FastAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page asks about a board by the URL /api/parse gave it: the hints
    that follow read nothing."""
    text = KIND.format(P)
    url = client.post("/api/parse", json={"puzzle": text}).json()["url"]
    lanes = app.state.lanes
    real = lanes.run
    jobs: list[str] = []

    async def counted(lane: str, fn: Any, *args: Any, **kw: Any) -> Any:
        jobs.append(fn.__name__)
        return await real(lane, fn, *args, **kw)

    monkeypatch.setattr(lanes, "run", counted)
    for body in ({"puzzle": url}, {"puzzle": url}, {"puzzle": text}):
        assert client.post("/api/hint", json=body).json()["status"] == "hint"
    assert "read_board" not in jobs and jobs.count("hint") == 3


@pytest.mark.parametrize(("cols", "rows"), [(10, 10), (30, 30), (100, 100)])
def test_a_penpa_bomb_is_refused_saying_why(client: TestClient, cols: int, rows: int) -> None:
    url = bomb(cols, rows, penpa_url.MAX_TEXT + 1)
    assert len(url) < 20_000  # a request the API takes
    t0 = time.process_time()
    r = client.post("/api/parse", json={"puzzle": url})
    spent = time.process_time() - t0
    assert r.status_code == 400
    limit = penpa_url.text_limit((cols, rows))
    assert "more data than any board needs" in r.json()["error"]
    assert f"{limit:,} bytes" in r.json()["error"]
    assert spent < 0.1  # the server's own share: the worker inflated it


def test_the_stated_size_is_read_and_no_more() -> None:
    limit = penpa_url.text_limit((10, 10))
    assert limit == penpa_url.BASE_TEXT + 100 * penpa_url.TEXT_PER_CELL
    with pytest.raises(calls.PuzzleError, match="more data"):
        calls.read_document(bomb(10, 10, limit + 1))
    with pytest.raises(calls.PuzzleError) as within:  # read, then found to be no board
        calls.read_document(bomb(10, 10, limit))
    assert "more data" not in str(within.value)


def test_a_real_penpa_url_of_the_largest_board_is_read() -> None:
    big = blank(KIND, 30)
    url = registry.write("penpa", KIND, Document(big))
    kind, doc, _ = calls.read_document(url, NAME)
    assert doc.puzzle == big


@pytest.mark.parametrize("answer", [False, True])
def test_export_is_admitted_like_the_rest(
    bank_file: Path, monkeypatch: pytest.MonkeyPatch, answer: bool
) -> None:
    app = create_app(bank_file, workers=1)
    monkeypatch.setattr(app.state.lanes["play"], "is_full", lambda: True)
    c = TestClient(app, base_url="http://localhost")
    body = {"puzzle": KIND.to_url(P), "format": "text", "answer": answer}
    r = c.post("/api/export", json=body)
    assert r.status_code == 429 and r.headers["retry-after"] == "1"


@pytest.mark.parametrize(
    ("text", "lane"),
    [
        (KIND.to_url(blank(KIND, 10)), "play"),
        (KIND.to_url(blank(KIND, 30)), "large"),
        (KIND.format(blank(KIND, 16, 15)), "large"),
        (registry.write("penpa", KIND, Document(blank(KIND, 15))), "play"),
        (registry.write("penpa", KIND, Document(blank(KIND, 20))), "large"),
        (registry.write("json", KIND, Document(blank(KIND, 30))), "large"),
        (registry.write("janko", KIND, Document(blank(KIND, 30))), "large"),
        (bomb(30, 30, 1000), "large"),
        ("no puzzle at all", "play"),
    ],
)
def test_a_board_is_read_in_the_lane_of_its_size(text: str, lane: str) -> None:
    admitted: list[str] = []

    class Host:
        def admit(self, name: str) -> None:
            admitted.append(name)

    assert calls.admit(Host(), text) == lane  # type: ignore[arg-type]
    assert admitted == [lane]
