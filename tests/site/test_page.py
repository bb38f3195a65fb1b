"""The API inside the page (web/page.py), here in CPython: every call the
front end makes answers as the server answers it, errors included."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pencilbox.bank.store import SHIPPED
from pencilbox.web import calls, page
from pencilbox.web.app import create_app

YINYANG = "https://puzz.link/p?yinyang/6/6/6a166b230900"
SEVERAL = "yinyang 4x4\n. . . .\n. . . .\n. . . .\n. . . ."


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(SHIPPED, workers=1), base_url="http://localhost") as c:
        yield c


@pytest.fixture(scope="module", autouse=True)
def started() -> None:
    page.start(str(SHIPPED))


def in_page(name: str, body: Any = None) -> tuple[int, Any]:
    answer = json.loads(page.answer(name, json.dumps(body)))
    return answer["status"], answer["body"]


def on_server(client: TestClient, name: str, body: Any = None) -> tuple[int, Any]:
    r = client.get("/api/" + name) if body is None else client.post("/api/" + name, json=body)
    return r.status_code, r.json()


def timeless(answer: Any) -> Any:
    """An answer without the time it took (the one field that may differ)."""
    if isinstance(answer, dict):
        return {k: timeless(v) for k, v in answer.items() if k != "seconds"}
    if isinstance(answer, list):
        return [timeless(v) for v in answer]
    return answer


GETS = [
    "puzzles",
    "formats",
    "puzzle?type=yinyang&size=6&grade=probe&index=3",
    "puzzle?type=numbrix&size=4&index=1",
    "puzzle?type=cave&size=6&cols=8&grade=corner&index=0",
    "puzzle?type=kurotto&size=99",
    "puzzle?type=nonsense",
    "puzzle?size=6",
    "puzzle?type=cave&size=six",
]
POSTS: list[tuple[str, Any]] = [
    ("parse", {"puzzle": YINYANG}),
    ("parse", {"puzzle": ". . .\n. . .\n. . .", "fallback_type": "cave"}),
    ("parse", {"puzzle": "not a puzzle"}),
    ("hint", {"puzzle": YINYANG}),
    ("hint", {"puzzle": YINYANG, "level": "window"}),
    ("hint", {"puzzle": YINYANG, "marks": ["# # # # # #"] * 6}),
    ("hint", {"puzzle": YINYANG, "level": "nonsense"}),
    ("hint", {"puzzle": 5}),
    ("hint", {"marks": []}),
    ("hint", [1, 2]),
    ("check", {"puzzle": YINYANG, "marks": ["? ? ? ? ? ?"] * 6}),
    ("check", {"puzzle": YINYANG, "marks": ["o o o o o o"] * 6}),
    ("answer", {"puzzle": YINYANG}),
    ("answer", {"puzzle": SEVERAL}),
    ("solve", {"puzzle": YINYANG, "level": "border"}),
    ("export", {"puzzle": YINYANG, "format": "janko", "answer": True}),
    ("export", {"puzzle": SEVERAL, "format": "janko", "answer": True}),
    ("export", {"puzzle": YINYANG, "format": "nonsense"}),
    ("analyze", {"puzzle": YINYANG, "upto": "probe"}),
    ("analyze", {"puzzle": YINYANG, "budget": 50.0}),
    ("analyze", {"puzzle": SEVERAL}),
    ("analyze", {"puzzle": YINYANG, "budget": 2.5}),
    ("analyze", {"puzzle": YINYANG, "budget": "lots"}),
    ("redundant", {"puzzle": YINYANG, "budget": 20_000}),
    ("redundant", {"puzzle": SEVERAL}),
    ("suggest", {"puzzle": SEVERAL, "level": "window"}),
    ("suggest", {"puzzle": YINYANG}),
    ("thin", {"puzzle": YINYANG, "level": "probe", "seed": 3, "budget": 50_000}),
]


def assert_same(got: tuple[int, Any], want: tuple[int, Any]) -> None:
    status, answer = got
    assert status == want[0], (answer, want[1])
    if status < 400:
        assert timeless(answer) == timeless(want[1])
    else:
        assert set(answer) == {"error"} and answer["error"]
        if status != 422:  # the server's schema words its own messages
            assert answer == want[1]


@pytest.mark.parametrize("name", GETS)
def test_a_get_answers_as_on_the_server(client: TestClient, name: str) -> None:
    assert_same(in_page(name), on_server(client, name))


@pytest.mark.parametrize(
    ("name", "body"), POSTS, ids=[f"{n}-{i}" for i, (n, _) in enumerate(POSTS)]
)
def test_a_post_answers_as_on_the_server(client: TestClient, name: str, body: Any) -> None:
    assert_same(in_page(name, body), on_server(client, name, body))


def test_the_statuses_name_what_went_wrong(monkeypatch: pytest.MonkeyPatch) -> None:
    assert in_page("suggest", {"puzzle": YINYANG})[0] == 409
    too_big = "yinyang 31x2\n" + ". .\n" * 31
    assert in_page("hint", {"puzzle": too_big}) == (
        400,
        {"error": "the web app plays boards up to 30x30, not 31x2"},
    )
    assert in_page("nonsense")[0] == 404
    assert json.loads(page.answer("hint", "{not json"))["status"] == 422
    host = page._HOST
    assert host is not None
    monkeypatch.setattr(host, "seconds", 1e-9)  # the deadline passes at once
    status, answer = in_page("solve", {"puzzle": YINYANG})
    assert status == 200 and answer["status"] == "stopped" and answer["decided"] < 36
    status, answer = in_page("puzzle?type=yinyang&size=13&cols=14&index=0")
    assert status == 503 and "error" in answer  # a board not made in time shows nothing


def test_a_call_that_would_wait_is_refused() -> None:
    class Waits:
        def __await__(self) -> Iterator[None]:
            yield None

    async def waiting() -> None:
        await Waits()

    with pytest.raises(RuntimeError, match="waited"):
        page.finish(waiting())


def test_every_call_of_the_api_is_in_the_page(client: TestClient) -> None:
    """Every /api/ path the server routes is a call the page answers."""
    paths = client.get("/openapi.json").json()["paths"]
    names = {p.removeprefix("/api/") for p in paths if p.startswith("/api/")}
    assert names == set(calls.CALLS)
