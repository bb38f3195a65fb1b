"""A puzzle from outside pencilbox plugs in through the entry-point group.

The toy package :mod:`tests.plugin.tally` is installed for the whole test
run the way pip would (:mod:`tests.plugin.install`, from
``tests/conftest.py``): a distribution's metadata on ``sys.path`` declaring
it in the ``pencilbox.puzzles`` group. Unknown until then, it is handled
like a built-in puzzle by the command line (its printed sheets too), the
web API, the bank and the measurements, and by every shared test, and no
file of pencilbox names it.
"""

from __future__ import annotations

import json
import pathlib
import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

import pencilbox
from pencilbox.cli import main
from pencilbox.errors import UnknownPuzzle
from pencilbox.web.app import create_app
from tests.plugin import install
from tests.plugin.tally import KIND, Tally

SRC = pathlib.Path(pencilbox.__file__).parent


@pytest.fixture
def tally() -> Tally:
    """The toy, as the test run installed it."""
    assert install.SITE is not None, "tests/conftest.py installs the toy for the test run"
    return KIND


@pytest.fixture
def uninstalled() -> Iterator[None]:
    """The test run without the toy's distribution, for one test."""
    assert install.SITE is not None
    install.take_off_path(install.SITE)
    try:
        yield
    finally:
        install.put_on_path(install.SITE)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[dict], str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, [json.loads(line) for line in out.splitlines() if line.strip()], err


def test_unknown_until_installed(uninstalled: None) -> None:
    with pytest.raises(UnknownPuzzle):
        pencilbox.puzzle("tally")
    assert "tally" not in pencilbox.puzzle_names()


def test_found_by_name_and_alias_after_install(tally: Tally) -> None:
    assert "tally" in pencilbox.puzzle_names()
    assert pencilbox.puzzle("tally") is tally
    assert pencilbox.puzzle("Cross-Tally") is tally


def test_no_file_of_pencilbox_names_it() -> None:
    for path in SRC.rglob("*"):
        if path.suffix in (".py", ".js", ".html", ".css", ".toml"):
            assert "tally" not in path.read_text(encoding="utf-8").lower(), path


def test_command_line(
    tally: Tally, capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    code, listed, _ = run(capsys, "puzzles", "--json")
    assert code == 0
    assert {"type": "tally", "title": "Tally", "levels": ["cross", "probe"]} in listed
    code, (made,), _ = run(capsys, "generate", "tally", "--size", "4", "--seed", "3", "--json")
    assert code == 0 and made["type"] == "tally" and len(made["puzzle"]) == 4
    board = tmp_path / "board.txt"
    board.write_text("\n".join(["tally 4x4", *made["puzzle"]]) + "\n")
    answer = tally.parse_solution("\n".join(made["solution"]), tally.parse(board.read_text()))

    code, (solved,), _ = run(capsys, "solve", "tally", str(board), "--json")
    assert code == 0 and solved["status"] in ("solved", "stalled")
    code, (counted,), _ = run(capsys, "count", "tally", str(board), "--json")
    assert code == 0 and counted["complete"]
    code, (brute,), _ = run(capsys, "count", "tally", str(board), "--brute", "--json")
    assert brute["solutions"] == counted["solutions"] >= 1
    if counted["solutions"] == 1:
        assert counted["solution"] == made["solution"]
    code, (graded,), _ = run(capsys, "grade", "tally", str(board), "--json")
    assert code == 0 and graded["verdict"] == ("unique" if counted["solutions"] == 1 else "several")
    assert graded["grade"] in (
        ("cross", "probe", "case", "beyond") if graded["unique"] else (None,)
    )
    code, (hint,), _ = run(capsys, "hint", "tally", str(board), "--json")
    assert code == 0
    if "cell" in hint:
        r, c = hint["cell"]
        assert hint["rule"] in ("full", "short", "probe")
        assert hint["value"] == tally.value_token(answer[r * 4 + c]) or counted["solutions"] > 1
    code, _, err = run(capsys, "hint", "tally", str(board), "--level", "door")
    assert code == 2 and "unknown level" in err


def test_render_prints_it_from_its_look(tally: Tally, tmp_path: pathlib.Path) -> None:
    board = tmp_path / "board.txt"
    board.write_text("tally 2x2\n3 .\n. 2\n")  # unique: all black but r2c2
    out = tmp_path / "sheet.svg"
    assert main(["render", "tally", str(board), "--solution", "--out", str(out)]) == 0
    solution = (tmp_path / "sheet-2.svg").read_text()
    clues = re.findall(r'<g class="clue" data-r="(\d)" data-c="(\d)"><text [^>]*>(\d)<', solution)
    assert clues == [("0", "0", "3"), ("1", "1", "2")]
    stones = re.findall(
        r'<g class="cell" data-r="(\d)" data-c="(\d)">\n<circle class="([^"]+)"', solution
    )
    assert stones == [("0", "1", "stone black"), ("1", "0", "stone black")]


def test_web_api(tally: Tally) -> None:
    client = TestClient(create_app(bank_path=None), base_url="http://localhost")
    listed = {p["type"]: p for p in client.get("/api/puzzles").json()}
    descriptor = listed["tally"]["frontend"]
    assert descriptor["input"] == "cycle" and descriptor["solved"] == tally.solved_message
    assert [t["token"] for t in descriptor["tokens"]] == [tally.value_token(v) for v in (0, 1)]
    module = client.get(descriptor["module_url"])
    assert module.status_code == 200 and "export function theory" in module.text
    dealt = client.get("/api/puzzle", params={"type": "tally", "size": 4, "index": 1})
    assert dealt.status_code == 200, dealt.text
    board = dealt.json()
    assert board["type"] == "tally" and board["levels"] == ["cross", "probe"]
    url = board["url"]
    hint = client.post("/api/hint", json={"puzzle": url}).json()
    assert hint["status"] in ("hint", "stalled", "solved")
    solved = client.post("/api/solve", json={"puzzle": url}).json()
    assert solved["status"] == "solved"
    check = client.post("/api/check", json={"puzzle": url, "marks": solved["grid"]}).json()
    assert check["solved"] and check["message"] == tally.solved_message
    wrong = [row.replace("#", "x").replace("o", "#").replace("x", "o") for row in solved["grid"]]
    check = client.post("/api/check", json={"puzzle": url, "marks": wrong}).json()
    assert not check["solved"]


def test_check_reports_its_own_violation_on_a_partly_filled_board(tally: Tally) -> None:
    """Tally's validator calls a full cross with the wrong count local, and
    Check reports it before the board is full, as it does the built-in
    puzzles' local violations."""
    client = TestClient(create_app(bank_path=None), base_url="http://localhost")
    board = "tally 3x3\n1 . .\n. . .\n. . .\n"
    marks = ["# # ?", "o ? ?", "? ? ?"]  # r1c1's cross is full and counts 2
    check = client.post("/api/check", json={"puzzle": board, "marks": marks}).json()
    assert not check["complete"] and not check["solved"]
    assert [(v["code"], v["cells"]) for v in check["violations"]] == [("tally", [[0, 0]])]
    assert check["message"].startswith("A cross does not count 1.")
    fine = ["# o ?", "o ? ?", "? ? ?"]
    check = client.post("/api/check", json={"puzzle": board, "marks": fine}).json()
    assert check["violations"] == [] and check["message"].startswith("No rule is broken so far.")


def test_bank_build(
    tally: Tally, capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    db = str(tmp_path / "bank.sqlite")
    argv = ["bank", "build", "--db", db, "--type", "tally", "--sizes", "4", "--per-grade", "1"]
    code, _, err = run(capsys, *argv, "--quiet", "--json")
    assert code == 0, err
    code, shelves, _ = run(capsys, "bank", "list", "--db", db, "--json")
    assert code == 0
    assert {s["type"] for s in shelves} == {"tally"}
    assert {s["grade"] for s in shelves} <= {"cross", "probe"} and shelves


def test_measure_ladder(
    tally: Tally, capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    common = ["--boards", "3", "--workers", "1", "--out", str(tmp_path), "--json", "--quiet"]
    code, (figures,), err = run(capsys, "measure", "tally", "ladder", "--sizes", "4", *common)
    assert code == 0, err
    assert figures["type"] == "tally"
    assert set(figures["sizes"]["4"]["incremental"]) == {"cross", "probe"}
    assert (tmp_path / "tally-ladder.md").exists()
    code, _, err = run(capsys, "measure", "tally", "gap", *common)
    assert code == 2 and "tally has no measurement 'gap'" in err
