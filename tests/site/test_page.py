"""The API inside the page (web/page.py), here in CPython: every call the
front end makes answers as the server answers it, errors included."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import pencilbox
from pencilbox.bank.store import SHIPPED
from pencilbox.web import calls, page
from pencilbox.web.app import create_app

from ..kinds import blank_text, names, sample

KIND = pencilbox.puzzle(names()[0])
"""The puzzle the calls ask about (the first registered: the calls are the
same for every puzzle)."""
SAMPLE = sample(KIND)
BOARD = KIND.format(KIND.parse(SAMPLE.puzzle))
ANSWER = SAMPLE.answer.splitlines()
"""The board's answer as a player's marks."""
SEVERAL = blank_text(KIND, 4)
LOW = KIND.ladder.levels[0]


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
    *(
        f"puzzle?type={n}&size=6&grade={pencilbox.puzzle(n).samples.bank_grade}&index=3"
        for n in names()
    ),
    *(f"puzzle?type={n}&size=6&cols=8&index=0" for n in names()),
    f"puzzle?type={KIND.name}&size=99",
    "puzzle?type=nonsense",
    "puzzle?size=6",
    f"puzzle?type={KIND.name}&size=six",
]
POSTS: list[tuple[str, Any]] = [
    ("parse", {"puzzle": BOARD}),
    ("parse", {"puzzle": ". . .\n. . .\n. . .", "fallback_type": KIND.name}),
    ("parse", {"puzzle": "not a puzzle"}),
    ("hint", {"puzzle": BOARD}),
    ("hint", {"puzzle": BOARD, "level": LOW}),
    ("hint", {"puzzle": BOARD, "marks": ANSWER}),
    ("hint", {"puzzle": BOARD, "level": "nonsense"}),
    ("hint", {"puzzle": 5}),
    ("hint", {"marks": []}),
    ("hint", [1, 2]),
    ("check", {"puzzle": BOARD, "marks": ANSWER}),
    ("check", {"puzzle": BOARD}),
    ("answer", {"puzzle": BOARD}),
    ("answer", {"puzzle": SEVERAL}),
    ("solve", {"puzzle": BOARD, "level": LOW}),
    ("export", {"puzzle": BOARD, "format": "janko", "answer": True}),
    ("export", {"puzzle": SEVERAL, "format": "janko", "answer": True}),
    ("export", {"puzzle": BOARD, "format": "nonsense"}),
    ("analyze", {"puzzle": BOARD, "upto": "probe"}),
    ("analyze", {"puzzle": BOARD, "budget": 50.0}),
    ("analyze", {"puzzle": SEVERAL}),
    ("analyze", {"puzzle": BOARD, "budget": 2.5}),
    ("analyze", {"puzzle": BOARD, "budget": "lots"}),
    ("redundant", {"puzzle": BOARD, "budget": 20_000}),
    ("redundant", {"puzzle": SEVERAL}),
    ("suggest", {"puzzle": SEVERAL, "level": LOW}),
    ("suggest", {"puzzle": BOARD}),
    ("thin", {"puzzle": BOARD, "level": "probe", "seed": 3, "budget": 50_000}),
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
    assert in_page("suggest", {"puzzle": BOARD})[0] == 409
    too_big = blank_text(KIND, 31, 2)
    assert in_page("hint", {"puzzle": too_big}) == (
        400,
        {"error": "the web app plays boards up to 30x30, not 31x2"},
    )
    assert in_page("nonsense")[0] == 404
    assert json.loads(page.answer("hint", "{not json"))["status"] == 422
    host = page._HOST
    assert host is not None
    monkeypatch.setattr(host, "seconds", 1e-9)  # the deadline passes at once
    status, answer = in_page("solve", {"puzzle": BOARD})
    p = KIND.parse(BOARD)
    assert status == 200 and answer["status"] == "stopped" and answer["decided"] < p.rows * p.cols
    status, answer = in_page(f"puzzle?type={KIND.name}&size=13&cols=14&index=0")
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


def test_a_cancel_stops_the_call_running_and_not_the_next() -> None:
    """The page's interrupt (SIGINT, in the worker) halts the work of the
    call running: its verdict stops as its clock would; the next call, with
    the same question, is worked out whole."""
    import signal

    from pencilbox.engine import budget

    kept = signal.getsignal(signal.SIGINT)
    try:
        page.start(str(SHIPPED), cancels=True)
        assert signal.getsignal(signal.SIGINT) == page.cancelled
        signal.raise_signal(signal.SIGINT)  # the page cancels: work from here on halts
        with pytest.raises(budget.OutOfTime):
            budget.Budget(None, seconds=60.0).check_clock()
        status, answer = in_page(
            "analyze", {"puzzle": SAMPLE.puzzle, "type": KIND.name, "upto": "probe"}
        )
    finally:
        budget.halt(False)
        signal.signal(signal.SIGINT, kept)
        page.start(str(SHIPPED))
    assert status == 200 and answer["verdict"] == "unique" and answer["stop"] is None
