"""The setter's endpoints: /api/analyze and its helpers, per puzzle type.

Expected results come from outside the code under test: the shipped bank's
grades and answers, the independent validator and brute force.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from pencilbox.bank import bank_grades
from pencilbox.web.app import create_app
from pencilbox.web.studio import MAX_SECONDS, MAX_UNITS

from ..kinds import blank, first_kind, hardest
from ..studio.studio_data import (
    TYPES,
    bank_boards,
    board_puzzle,
    clue_cells,
    contradiction,
    kind_of,
    rows_answer,
    without,
)


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(None), base_url="http://localhost")


def analyze(client: TestClient, puzzle: str, **extra: object) -> dict:
    r = client.post("/api/analyze", json={"puzzle": puzzle, **extra})
    assert r.status_code == 200, r.text
    return r.json()


def cell_set(cells: list[list[int]]) -> set[tuple[int, int]]:
    return {(r, c) for r, c in cells}


@pytest.mark.parametrize("name", TYPES)
def test_unique_with_the_right_grade(client: TestClient, name: str) -> None:
    kind = kind_of(name)
    boards = [b for g in kind.levels for b in bank_boards(name, 6, g)[:1]]
    assert [b.grade for b in boards] == list(bank_grades(kind))
    for b in boards:
        p, answer = board_puzzle(kind, b)
        j = analyze(client, kind.to_url(p))
        assert (j["verdict"], j["grade"]) == ("unique", b.grade), b.puzzle
        assert rows_answer(kind, p, j["solutions"][0]) == answer
        assert j["differ"] == [] and j["undecided"] == []
        assert j["url"] == kind.to_url(p)
        # the grade by its definition: that level's fixpoint solves, the one below not
        level = kind.levels.index(b.grade)
        assert kind.solve(p, level=level).status.value == "solved"
        assert level == 0 or kind.solve(p, level=level - 1).status.value != "solved"


@pytest.mark.parametrize("name", TYPES)
def test_one_clue_less_gives_two_valid_answers_or_stays_unique(
    client: TestClient, name: str
) -> None:
    kind = kind_of(name)
    boards = bank_boards(name, 6, "probe")[:2] + bank_boards(name, 6, kind.levels[-2])[:1]
    verdicts = []
    for b in boards:
        p, answer = board_puzzle(kind, b)
        for cell in clue_cells(p)[:8]:
            q = without(p, cell)
            j = analyze(client, kind.format(q), type=name)
            verdicts.append(j["verdict"])
            if j["verdict"] == "unique":
                assert rows_answer(kind, q, j["solutions"][0]) == answer
                continue
            assert j["verdict"] == "several", j
            assert j["grade"] is None
            first, second = (rows_answer(kind, q, rows) for rows in j["solutions"])
            assert kind.validate(q, first) == [] and kind.validate(q, second) == []
            differ = {divmod(c, q.cols) for c in range(len(first)) if first[c] != second[c]}
            assert differ and cell_set(j["differ"]) == differ
            assert differ <= cell_set(j["undecided"])  # no sound fixpoint decides them
    assert "several" in verdicts


@pytest.mark.parametrize("name", TYPES)
def test_contradicting_clues_give_none(client: TestClient, name: str) -> None:
    kind = kind_of(name)
    p = kind.parse(contradiction(name))
    assert kind.brute_count(p, limit=1).solutions == 0  # the independent judge
    j = analyze(client, contradiction(name), type=name)
    assert (j["verdict"], j["grade"], j["solutions"]) == ("none", None, [])
    assert j["reason"].startswith("the clues contradict each other: ")
    assert j["cells"] and all(0 <= r < p.rows and 0 <= c < p.cols for r, c in j["cells"])


@pytest.mark.parametrize("name", TYPES)
def test_a_tiny_budget_on_a_hard_board_gives_unknown(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, name: str
) -> None:
    # A store of its own: the verdict other tests found for the same board
    # (with the default budget) would otherwise answer at once.
    monkeypatch.setenv("PENCILBOX_CACHE", str(tmp_path / "verdicts.sqlite"))
    kind = kind_of(name)
    b = bank_boards(name, 10, "probe")[0]
    j = analyze(client, b.puzzle, type=name, budget=3)
    assert (j["verdict"], j["grade"], j["stop"]) == ("unknown", None, "work")
    assert j["level"] in kind.levels and j["work"] >= 3
    again = analyze(client, b.puzzle, type=name, budget=3)
    assert {**again, "seconds": 0} == {**j, "seconds": 0}  # the same work, the same answer
    clock = analyze(client, b.puzzle, type=name, seconds=1e-6)
    assert (clock["verdict"], clock["stop"]) == ("unknown", "clock")


@pytest.mark.parametrize("name", TYPES)
def test_level_chooses_whose_undecided_cells_are_shaded(client: TestClient, name: str) -> None:
    kind = kind_of(name)
    b = bank_boards(name, 6, "probe")[0]
    p, _ = board_puzzle(kind, b)
    level = kind.levels[0]
    low = analyze(client, b.puzzle, type=name, level=level)
    assert (low["verdict"], low["grade"], low["level"]) == ("unique", "probe", level)
    solved = kind.solve(p, level=level)
    open_cells = {divmod(c, p.cols) for c, m in enumerate(solved.cands) if m & (m - 1)}
    assert open_cells and cell_set(low["undecided"]) == open_cells


def test_openapi_lists_the_studio_with_error_responses(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for path in ("/api/analyze", "/api/redundant", "/api/suggest", "/api/thin"):
        responses = paths[path]["post"]["responses"]
        assert {"200", "400", "422"} <= set(responses), path
    for path in ("/api/redundant", "/api/suggest", "/api/thin"):
        assert "409" in paths[path]["post"]["responses"]


def bad_bodies(name: str) -> list[tuple[dict, int]]:
    kind = kind_of(name)
    url = kind.to_url(kind.parse(hardest(kind).puzzle))
    return [
        *(({"puzzle": text, "type": name}, 400) for text in kind.samples.refused),
        ({"puzzle": ". . .\n. . ."}, 400),
        ({"puzzle": ". .\n. .", "type": "nosuch"}, 400),
        ({"puzzle": url, "level": "nosuch"}, 400),
        ({"puzzle": url, "seconds": -1}, 422),
        ({"puzzle": url, "seconds": "x"}, 422),
        ({"puzzle": url, "seconds": "2"}, 422),
        ({"puzzle": url, "budget": 0}, 422),
        ({"puzzle": url, "budget": "5"}, 422),
        ({"puzzle": url, "budget": 2.5}, 422),
        ({"type": name}, 422),
    ]


@pytest.mark.parametrize(("body", "status"), [b for name in TYPES for b in bad_bodies(name)])
def test_bad_input_is_a_json_error(client: TestClient, body: dict, status: int) -> None:
    for path in ("/api/analyze", "/api/redundant", "/api/suggest", "/api/thin"):
        r = client.post(path, json=body)
        assert r.status_code == status, (path, r.text)
        assert isinstance(r.json()["error"], str) and r.json()["error"]


@pytest.mark.parametrize("name", TYPES)
def test_a_budget_that_is_not_a_number_is_refused(client: TestClient, name: str) -> None:
    kind = kind_of(name)
    url = kind.to_url(kind.parse(hardest(kind).puzzle))
    body = f'{{"puzzle": "{url}", "seconds": NaN}}'
    r = client.post("/api/analyze", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 422 and r.json()["error"]


@pytest.mark.parametrize("name", TYPES)
def test_a_budget_past_the_limits_is_refused(client: TestClient, name: str) -> None:
    kind = kind_of(name)
    url = kind.to_url(kind.parse(hardest(kind).puzzle))
    for extra in ({"seconds": MAX_SECONDS * 2}, {"budget": MAX_UNITS + 1}):
        r = client.post("/api/analyze", json={"puzzle": url, **extra})
        assert r.status_code == 422 and r.json()["error"], extra
    j = analyze(client, url, seconds=MAX_SECONDS, budget=MAX_UNITS)
    assert j["verdict"] == "unique" and j["budget"] == MAX_UNITS


@pytest.mark.parametrize("name", TYPES)
def test_helpers_refuse_boards_they_do_not_apply_to(client: TestClient, name: str) -> None:
    kind = kind_of(name)
    rows, cols, boards = kind.samples.census
    assert boards > 1
    several = kind.to_url(blank(kind, rows, cols))
    unique = kind.to_url(kind.parse(hardest(kind).puzzle))  # graded above the lowest level
    low = kind.levels[0]
    assert client.post("/api/redundant", json={"puzzle": several}).status_code == 409
    assert client.post("/api/suggest", json={"puzzle": unique}).status_code == 409
    r = client.post("/api/thin", json={"puzzle": unique, "level": low})
    assert r.status_code == 409 and low in r.json()["error"]


@pytest.mark.parametrize("name", TYPES)
def test_helper_endpoints(client: TestClient, name: str) -> None:
    kind = kind_of(name)
    b = bank_boards(name, 6, "probe")[0]
    p, answer = board_puzzle(kind, b)
    r = client.post("/api/redundant", json={"puzzle": b.puzzle, "type": name})
    assert r.status_code == 200, r.text
    j = r.json()
    assert j["analysis"]["verdict"] == "unique"
    assert {tuple(c["cell"]) for c in j["clues"]} == {divmod(c, p.cols) for c in clue_cells(p)}
    for c in j["clues"]:
        if c["removable"]:
            q = without(p, c["cell"][0] * p.cols + c["cell"][1])
            assert kind.brute_count(q, limit=2).solutions == 1
            assert c["changes"] == (c["grade"] != "probe")
    r = client.post("/api/thin", json={"puzzle": b.puzzle, "type": name})
    assert r.status_code == 200, r.text
    j = r.json()
    thinned = kind.parse("\n".join(j["puzzle"]))
    assert j["clues_after"] == thinned.clue_count <= p.clue_count
    assert kind.solve(thinned).status.value == "solved"
    assert j["analysis"]["verdict"] == "unique"
    several = next(
        (q for q in (without(p, c) for c in clue_cells(p)) if kind.brute_count(q).solutions > 1),
        None,
    )
    assert several is not None
    r = client.post("/api/suggest", json={"puzzle": kind.format(several)})
    assert r.status_code == 200, r.text
    j = r.json()
    r0, c0 = j["cell"]
    assert several.clues[r0 * p.cols + c0] is None
    added = kind.parse("\n".join(j["puzzle"]))
    assert added.clue_count == several.clue_count + 1
    assert kind.brute_count(added, limit=2).solutions < kind.brute_count(several, limit=3).solutions


def test_a_client_that_goes_away_cancels_the_work(caplog: pytest.LogCaptureFixture) -> None:
    """The analysis runs in a worker process; when its client goes away the
    worker is killed and replaced, long before the safety clock it asked for.
    A client going away is no error: the server logs nothing about it."""
    import logging
    import threading

    import httpx
    import uvicorn

    from .fixtures import free_port

    app = create_app(None, workers=2)
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", log_config=None)
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    caplog.set_level(logging.WARNING)
    thread.start()
    try:
        t0 = time.monotonic()
        while not srv.started and time.monotonic() - t0 < 20:
            time.sleep(0.05)
        pool = app.state.lanes["studio"]
        kind = first_kind(lambda k: k.samples.slow)
        slow = kind.samples.slow[-1]  # hours
        with pytest.raises(httpx.TimeoutException):
            httpx.post(
                f"http://127.0.0.1:{port}/api/analyze",
                json={"puzzle": slow, "type": kind.name, "seconds": 8},
                timeout=2.0,
            )
        gone = time.monotonic()
        while (pool.busy or pool.replaced == 0) and time.monotonic() - gone < 20:
            time.sleep(0.05)
        assert pool.replaced == 1 and not pool.busy  # killed, not left to run
        assert time.monotonic() - gone < 7  # well before the 8 s it asked for
    finally:
        srv.should_exit = True
        thread.join(timeout=10)
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == []
