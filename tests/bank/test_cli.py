"""``pencilbox bank ...``: JSON shapes, text output, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pencilbox.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, [line for line in out.splitlines() if line], err


def test_list_json(small_bank: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, lines, _ = run(capsys, "bank", "list", "--db", str(small_bank), "--json")
    assert code == 0
    objs = [json.loads(line) for line in lines]
    assert objs and all(
        set(o) == {"type", "rows", "cols", "grade", "boards", "median_clues"} for o in objs
    )
    assert {(o["type"], o["rows"]) for o in objs} == {
        ("yinyang", 4),
        ("yinyang", 5),
        ("numbrix", 4),
        ("numbrix", 5),
    }
    assert all(o["boards"] == 2 for o in objs)
    levels = [o["grade"] for o in objs if o["type"] == "yinyang" and o["rows"] == 4]
    assert levels == ["window", "border", "bridge", "probe"]


def test_export_json(small_bank: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, lines, _ = run(
        capsys,
        "bank",
        "export",
        "--db",
        str(small_bank),
        "--json",
        "--type",
        "yinyang",
        "--size",
        "5",
    )
    assert code == 0
    objs = [json.loads(line) for line in lines]
    assert len(objs) == 8
    for o in objs:
        assert set(o) == {
            "id",
            "type",
            "rows",
            "cols",
            "grade",
            "clues",
            "puzzle",
            "solution",
            "url",
        }
        assert o["type"] == "yinyang" and o["rows"] == o["cols"] == 5
        assert len(o["puzzle"]) == 5 and len(o["solution"]) == 5
        assert o["url"].startswith("https://puzz.link/p?yinyang/5/5/")


def test_export_urls_and_show(small_bank: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, lines, _ = run(capsys, "bank", "export", "--db", str(small_bank), "--format", "url")
    assert code == 0 and len(lines) == 32
    code, lines, _ = run(capsys, "bank", "show", "1", "--db", str(small_bank))
    assert code == 0 and lines[1].split()[0] in ("yinyang", "numbrix")
    code, lines, _ = run(capsys, "bank", "show", "1", "--db", str(small_bank), "--json")
    assert json.loads(lines[0])["id"] == 1


def test_build_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "b.sqlite")
    code, lines, _ = run(
        capsys,
        "bank",
        "build",
        "--type",
        "yinyang",
        "--sizes",
        "4",
        "--per-grade",
        "1",
        "--db",
        db,
        "--json",
        "--quiet",
    )
    assert code == 0
    objs = [json.loads(line) for line in lines]
    assert [o["grade"] for o in objs] == ["window", "border", "bridge", "probe"]
    assert all(o["boards"] == 1 and o["attempts"] >= 1 for o in objs)


@pytest.mark.parametrize(
    "argv, message",
    [
        (["bank", "show", "999999"], "no board 999999"),
        (["bank", "list", "--db", "/nonexistent/bank.sqlite"], "no bank at"),
        (["bank", "build", "--type", "sudoku", "--sizes", "4", "--per-grade", "1"], "unknown"),
        (["bank", "build", "--type", "yinyang", "--sizes", "x", "--per-grade", "1"], "bad size"),
        (
            [
                "bank",
                "build",
                "--type",
                "numbrix",
                "--sizes",
                "4",
                "--per-grade",
                "1",
                "--grades",
                "window",
            ],
            "no level",
        ),
    ],
)
def test_errors_are_one_line(
    argv: list[str], message: str, small_bank: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if argv[:2] == ["bank", "show"]:
        argv = [*argv, "--db", str(small_bank)]
    cwd = Path.cwd()
    before = set(cwd.iterdir())
    code = main(argv)
    _, err = capsys.readouterr()
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and message in err
    assert set(cwd.iterdir()) == before, "a failed command left a file behind"
