"""The JSON API, in process (FastAPI TestClient), against a bank built from code."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import pencilbox
from pencilbox.engine.grid import MIN_SIDE
from pencilbox.engine.kind import PuzzleKind
from pencilbox.engine.verdict import DEFAULT_UNITS
from pencilbox.web import calls
from pencilbox.web.app import MAX_BODY, create_app

from ..kinds import blank_text, board, hardest, names
from .fixtures import TEST_GRADES


def url_of(kind: PuzzleKind) -> str:
    """The URL of the kind's hardest sample (graded probe)."""
    return kind.to_url(kind.parse(hardest(kind).puzzle))


@pytest.fixture(scope="module")
def client(bank_file: Path) -> TestClient:
    return TestClient(create_app(bank_file), base_url="http://localhost")


def test_types_and_levels(client: TestClient) -> None:
    r = client.get("/api/puzzles")
    assert r.status_code == 200
    body = {o["type"]: o for o in r.json()}
    assert set(body) == set(pencilbox.puzzle_names())
    for name, o in body.items():
        assert o["levels"] == list(pencilbox.puzzle(name).levels)
        assert o["bank_sizes"] == ([[6, 6]] if name in TEST_GRADES else [])


def test_every_type_serves_the_limits_of_the_python_constants(client: TestClient) -> None:
    expected = {
        "sides": [MIN_SIDE, calls.MAX_SIDE],
        "deal_sides": [calls.MIN_GENERATE_SIDE, calls.MAX_GENERATE_SIDE],
        "deal_default_side": calls.DEFAULT_SIDE,
        "analyze_budget": DEFAULT_UNITS,
        "analyze_max_budget": calls.MAX_UNITS,
        "helper_budget": calls.HELPER_UNITS,
        "analyze_seconds": calls.SAFETY_SECONDS,
    }
    entries = client.get("/api/puzzles").json()
    assert entries and all(o["limits"] == expected for o in entries)


def test_served_limits_follow_the_constants_and_are_enforced(
    bank_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(calls, "MIN_GENERATE_SIDE", 5)
    monkeypatch.setattr(calls, "MAX_GENERATE_SIDE", 8)
    monkeypatch.setattr(calls, "MAX_SIDE", 12)
    monkeypatch.setattr(calls, "MAX_UNITS", 3000)
    c = TestClient(create_app(bank_file), base_url="http://localhost")
    limits = c.get("/api/puzzles").json()[0]["limits"]
    assert limits["deal_sides"] == [5, 8] and limits["sides"] == [MIN_SIDE, 12]
    assert limits["analyze_max_budget"] == 3000
    kind = pencilbox.puzzle(names()[0])  # any puzzle will do
    for size, status in ((4, 400), (5, 200), (9, 400)):
        r = c.get("/api/puzzle", params={"type": kind.name, "size": size, "cols": 6})
        assert r.status_code == status, r.text
    r = c.post("/api/parse", json={"puzzle": blank_text(kind, 13, 2)})
    assert r.status_code == 400 and "up to 12x12" in r.json()["error"]


def test_openapi_document_lists_the_api(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for path in (
        "/api/puzzles",
        "/api/puzzle",
        "/api/parse",
        "/api/hint",
        "/api/check",
        "/api/solve",
    ):
        assert path in paths


@pytest.mark.parametrize("name", sorted(TEST_GRADES))
def test_bank_board_by_type_size_grade(client: TestClient, name: str) -> None:
    grade = TEST_GRADES[name]
    r = client.get("/api/puzzle", params={"type": name, "size": 6, "grade": grade, "index": 1})
    assert r.status_code == 200, r.text
    j = r.json()
    assert (j["source"], j["grade"], j["rows"], j["cols"]) == ("bank", grade, 6, 6)
    assert len(j["clues"]) == len(j["given"]) == 36
    assert j["share"].startswith("/?p=")
    again = client.post("/api/parse", json={"puzzle": j["url"]}).json()
    assert again["clues"] == j["clues"]


@pytest.mark.parametrize("name", names())
def test_empty_shelf_falls_back_to_generating(client: TestClient, name: str) -> None:
    grade = TEST_GRADES[name]
    r = client.get("/api/puzzle", params={"type": name, "size": 5, "grade": grade})
    assert r.status_code == 200
    j = r.json()
    assert j["source"] == "generated"
    assert "generated" in j["note"]
    assert j["grade"] in pencilbox.puzzle(name).levels


@pytest.mark.parametrize("name", names())
def test_parse_reads_urls_and_text(client: TestClient, name: str) -> None:
    kind = pencilbox.puzzle(name)
    p, answer = board(kind, hardest(kind))
    for text in (kind.to_url(p), kind.format(p)):
        j = client.post("/api/parse", json={"puzzle": text, "type": name}).json()
        assert (j["type"], j["rows"], j["cols"]) == (name, p.rows, p.cols)
        assert j["clues"] == list(p.clues)
        assert len(j["given"]) == p.rows * p.cols
        for cell, token in enumerate(j["given"]):
            assert token is None or token == kind.value_token(answer[cell])
            assert token is None or p.clues[cell] is not None
    j = client.post("/api/parse", json={"puzzle": kind.to_url(p)}).json()
    assert j["type"] == name  # the URL names its type


@pytest.mark.parametrize("name", names())
def test_parse_warns_of_variants(client: TestClient, name: str) -> None:
    kind = pencilbox.puzzle(name)
    url = url_of(kind)
    prefix = f"https://puzz.link/p?{name}/"
    if not url.startswith(prefix):
        pytest.skip(f"{name} has no puzz.link URLs, so no variants")
    j = client.post("/api/parse", json={"puzzle": url.replace(prefix, prefix + "v:/")}).json()
    assert j["type"] == name and "variant" in j["note"]


@pytest.mark.parametrize("name", names())
def test_hint_proves_a_cell_with_reason_and_premises(client: TestClient, name: str) -> None:
    kind = pencilbox.puzzle(name)
    p, answer = board(kind, hardest(kind))
    marks = [" ".join("?" * p.cols)] * p.rows
    r = client.post("/api/hint", json={"puzzle": url_of(kind), "marks": marks, "level": "probe"})
    j = r.json()
    assert j["status"] == "hint"
    row, col = j["cell"]
    assert j["value"] == kind.value_token(answer[row * p.cols + col]) and j["rule"] and j["reason"]
    assert all(len(c) == 2 for c in j["premises"])


@pytest.mark.parametrize("name", names())
def test_hint_names_wrong_marks(client: TestClient, name: str) -> None:
    kind = pencilbox.puzzle(name)
    url = url_of(kind)
    p = kind.parse(url)
    solved = client.post("/api/solve", json={"puzzle": url}).json()
    assert solved["status"] == "solved"
    answer = kind.parse_solution("\n".join(solved["grid"]), p)
    cands = kind.start(p).cands
    cell = next(c for c in range(len(cands)) if p.clues[c] is None)
    wrong = next(
        v for v in range(cands[cell].bit_length()) if cands[cell] >> v & 1 and v != answer[cell]
    )
    r, c = divmod(cell, p.cols)
    marks = [["?"] * p.cols for _ in range(p.rows)]
    marks[r][c] = kind.value_token(wrong)
    j = client.post(
        "/api/hint",
        json={"puzzle": url, "marks": [" ".join(m) for m in marks], "level": kind.levels[0]},
    ).json()
    assert j["status"] == "contradiction"
    assert j["wrong"] == [[r, c]]


@pytest.mark.parametrize("name", sorted(TEST_GRADES))
def test_hint_that_stalls_suggests_a_higher_level(client: TestClient, name: str) -> None:
    # A board of exact grade G is not solved by the level below G: playing its
    # hints at the lowest level must stall, and the stall names a level that can go on.
    dealt = client.get(
        "/api/puzzle", params={"type": name, "size": 6, "grade": TEST_GRADES[name], "index": 0}
    ).json()
    low = dealt["levels"][0]
    marks = [[g or "?" for g in dealt["given"][r * 6 : (r + 1) * 6]] for r in range(6)]
    for _ in range(37):
        j = client.post(
            "/api/hint",
            json={"puzzle": dealt["url"], "level": low, "marks": [" ".join(m) for m in marks]},
        ).json()
        if j["status"] != "hint":
            break
        r, c = j["cell"]
        marks[r][c] = j["value"]
    assert j["status"] == "stalled", j
    assert j["suggest"] in dealt["levels"][1:]
    assert j["suggest"] in j["reason"]


@pytest.mark.parametrize("name", names())
def test_check_reports_every_violation_and_completion(client: TestClient, name: str) -> None:
    kind = pencilbox.puzzle(name)
    url = url_of(kind)
    p = kind.parse(url)
    solved = client.post("/api/solve", json={"puzzle": url}).json()
    j = client.post("/api/check", json={"puzzle": url, "marks": solved["grid"]}).json()
    assert j["solved"] and j["message"] == kind.solved_message and "Solved!" in j["message"]
    same = [[kind.value_token(0)] * p.cols for _ in range(p.rows)]  # one value everywhere
    j = client.post("/api/check", json={"puzzle": url, "marks": [" ".join(r) for r in same]}).json()
    assert not j["solved"]
    assert j["violations"] and all(v["cells"] or v["code"] for v in j["violations"])


@pytest.mark.parametrize("name", names())
def test_the_completion_message_is_the_descriptors(client: TestClient, name: str) -> None:
    kind = pencilbox.puzzle(name)
    p, answer = kind.generate(6, 6, density=1.0, seed=5)
    url = kind.to_url(p)
    j = client.post(
        "/api/check", json={"puzzle": url, "marks": kind.solution_rows(answer, 6)}
    ).json()
    assert j["solved"] and j["message"] == kind.solved_message
    assert kind.frontend is not None and j["message"] == kind.frontend.solved


def bad_requests(kind: PuzzleKind) -> list[tuple[str, str, dict]]:
    url = url_of(kind)
    return [
        ("post", "/api/parse", {"json": {"puzzle": "garbage"}}),
        ("post", "/api/parse", {"json": {"puzzle": f"https://puzz.link/p?{kind.name}/99/99/0"}}),
        ("post", "/api/parse", {"json": {"puzzle": "https://puzz.link/p?nosuch/6/6/0"}}),
        ("post", "/api/parse", {"json": {}}),
        *(
            ("post", "/api/parse", {"json": {"puzzle": t, "type": kind.name}})
            for t in kind.samples.refused
        ),
        ("post", "/api/hint", {"json": {"puzzle": url, "marks": ["? ?"]}}),
        ("post", "/api/hint", {"json": {"puzzle": url, "level": "nosuch"}}),
        ("get", "/api/puzzle", {"params": {"type": kind.name, "size": 200}}),
        ("get", "/api/puzzle", {"params": {"type": "nosuch"}}),
        ("get", "/api/puzzle", {"params": {"type": kind.name, "size": "big"}}),
    ]


@pytest.mark.parametrize(
    "request_args", [r for name in names() for r in bad_requests(pencilbox.puzzle(name))]
)
def test_bad_input_gets_a_4xx_json_error(client: TestClient, request_args: tuple) -> None:
    method, path, kwargs = request_args
    r = getattr(client, method)(path, **kwargs)
    assert 400 <= r.status_code < 500, r.text
    assert isinstance(r.json()["error"], str)


def test_oversized_bodies_are_refused(client: TestClient) -> None:
    big = b'{"puzzle": "' + b"x" * MAX_BODY + b'"}'
    r = client.post("/api/parse", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert "error" in r.json()


@pytest.fixture(scope="module")
def no_bank(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    missing = tmp_path_factory.mktemp("nobank") / "none.sqlite"
    return TestClient(create_app(missing), base_url="http://localhost")


@pytest.mark.parametrize("name", names())
def test_missing_bank_falls_back(no_bank: TestClient, name: str) -> None:
    params = {"type": name, "size": 5, "grade": TEST_GRADES[name]}
    j = no_bank.get("/api/puzzle", params=params).json()
    assert j["source"] == "generated"
