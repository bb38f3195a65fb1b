"""The JSON API, in process (FastAPI TestClient), against a bank built from code."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import pencilbox
from pencilbox.engine.grid import MIN_SIDE
from pencilbox.engine.verdict import DEFAULT_UNITS
from pencilbox.web import calls
from pencilbox.web.app import MAX_BODY, create_app

from .conftest import TEST_GRADES

YINYANG_URL = "https://puzz.link/p?yinyang/6/6/0qia2408lci8"
CAVE_URL = "https://puzz.link/p?cave/6/6/g3q2h3jbj3i3i2g"


@pytest.fixture(scope="module")
def client(bank_file: Path) -> TestClient:
    return TestClient(create_app(bank_file), base_url="http://localhost")


def blank(n: int = 6) -> list[str]:
    return [" ".join("?" * n)] * n


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
    for size, status in ((4, 400), (5, 200), (9, 400)):
        r = c.get("/api/puzzle", params={"type": "yinyang", "size": size, "cols": 6})
        assert r.status_code == status, r.text
    r = c.post("/api/parse", json={"puzzle": "yinyang 13x2\n" + ". .\n" * 13})
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


def test_empty_shelf_falls_back_to_generating(client: TestClient) -> None:
    r = client.get("/api/puzzle", params={"type": "yinyang", "size": 5, "grade": "border"})
    assert r.status_code == 200
    j = r.json()
    assert j["source"] == "generated"
    assert "generated" in j["note"]
    assert j["grade"] in pencilbox.puzzle("yinyang").levels


def test_parse_reads_urls_and_warns_of_variants(client: TestClient) -> None:
    j = client.post("/api/parse", json={"puzzle": CAVE_URL}).json()
    assert (j["type"], j["rows"], j["cols"]) == ("cave", 6, 6)
    assert j["clues"][1] == 3
    j = client.post(
        "/api/parse", json={"puzzle": "https://puzz.link/p?bag/v:/6/6/g3q2h3jbj3i3i2g"}
    ).json()
    assert j["type"] == "cave" and "variant" in j["note"]
    j = client.post("/api/parse", json={"puzzle": "numbrix/3/3/1p"}).json()
    assert j["type"] == "numbrix"
    j = client.post("/api/parse", json={"puzzle": "yinyang 2x3\n# . o\n. . .\n"}).json()
    assert (j["type"], j["rows"], j["cols"]) == ("yinyang", 2, 3)
    assert j["given"][:3] == ["#", None, "o"]


def test_hint_proves_a_cell_with_reason_and_premises(client: TestClient) -> None:
    r = client.post("/api/hint", json={"puzzle": YINYANG_URL, "marks": blank(), "level": "probe"})
    j = r.json()
    assert j["status"] == "hint"
    assert j["value"] in ("#", "o") and j["rule"] and j["reason"]
    assert all(len(c) == 2 for c in j["premises"])


def test_hint_names_wrong_marks(client: TestClient) -> None:
    solved = client.post("/api/solve", json={"puzzle": CAVE_URL}).json()
    assert solved["status"] == "solved"
    grid = [row.split() for row in solved["grid"]]
    r, c = next((r, c) for r in range(6) for c in range(6) if grid[r][c] == "#")
    marks = [["?"] * 6 for _ in range(6)]
    marks[r][c] = "o"
    j = client.post(
        "/api/hint",
        json={"puzzle": CAVE_URL, "marks": [" ".join(m) for m in marks], "level": "count"},
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


def test_check_reports_every_violation_and_completion(client: TestClient) -> None:
    solved = client.post("/api/solve", json={"puzzle": CAVE_URL}).json()
    j = client.post("/api/check", json={"puzzle": CAVE_URL, "marks": solved["grid"]}).json()
    assert j["solved"] and "Solved!" in j["message"]
    walls = [["#"] * 6 for _ in range(6)]
    j = client.post(
        "/api/check", json={"puzzle": CAVE_URL, "marks": [" ".join(r) for r in walls]}
    ).json()
    assert not j["solved"]
    assert j["violations"] and all(v["cells"] or v["code"] for v in j["violations"])


def test_check_on_a_partly_filled_board_reports_only_local_violations(
    client: TestClient,
) -> None:
    board = "yinyang 3x3\no . .\n. . .\n. . ."
    marks = ["# # o", "# # o", "o ? #"]  # a 2×2 of black, r1c1 painted over, both divided
    j = client.post("/api/check", json={"puzzle": board, "marks": marks}).json()
    assert not j["complete"] and not j["solved"]
    assert sorted(v["code"] for v in j["violations"]) == ["2x2-black", "given"]
    assert j["message"].startswith("A 2×2 of black; a given cell painted over.")


def test_yinyang_completion_message(client: TestClient) -> None:
    kind = pencilbox.puzzle("yinyang")
    p, answer = kind.generate(6, 6, density=1.0, seed=5)
    url = kind.to_url(p)
    j = client.post(
        "/api/check", json={"puzzle": url, "marks": kind.solution_rows(answer, 6)}
    ).json()
    assert j["message"] == (
        "Solved! The frontier between the colors is one unbroken curve, as it must be."
    )


@pytest.mark.parametrize(
    "request_args",
    [
        ("post", "/api/parse", {"json": {"puzzle": "garbage"}}),
        ("post", "/api/parse", {"json": {"puzzle": "https://puzz.link/p?yinyang/99/99/0"}}),
        ("post", "/api/parse", {"json": {"puzzle": "https://puzz.link/p?nosuch/6/6/0"}}),
        ("post", "/api/parse", {"json": {}}),
        ("post", "/api/hint", {"json": {"puzzle": YINYANG_URL, "marks": ["? ?"]}}),
        ("post", "/api/hint", {"json": {"puzzle": YINYANG_URL, "level": "nosuch"}}),
        ("get", "/api/puzzle", {"params": {"type": "yinyang", "size": 200}}),
        ("get", "/api/puzzle", {"params": {"type": "nosuch"}}),
        ("get", "/api/puzzle", {"params": {"type": "yinyang", "size": "big"}}),
    ],
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


def test_missing_bank_falls_back(tmp_path: Path) -> None:
    c = TestClient(create_app(tmp_path / "none.sqlite"), base_url="http://localhost")
    j = c.get("/api/puzzle", params={"type": "cave", "size": 5, "grade": "bridge"}).json()
    assert j["source"] == "generated"
