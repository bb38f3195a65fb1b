"""``pencilbox bank ...``: JSON shapes, text output, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import pencilbox
from pencilbox.bank import bank_grades
from pencilbox.cli import main

from .conftest import PER_GRADE, SIZES, TYPES


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
    assert {(o["type"], o["rows"], o["cols"]) for o in objs} == {
        (name, rows, cols) for name in TYPES for rows, cols in SIZES
    }
    assert all(o["boards"] == PER_GRADE for o in objs)
    for name in TYPES:
        levels = [o["grade"] for o in objs if o["type"] == name and o["cols"] == SIZES[0][1]]
        assert levels == list(bank_grades(pencilbox.puzzle(name)))


@pytest.mark.parametrize("name", TYPES)
def test_export_json(small_bank: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    kind = pencilbox.puzzle(name)
    rows, cols = SIZES[-1]
    code, lines, _ = run(
        capsys,
        "bank",
        "export",
        "--db",
        str(small_bank),
        "--json",
        "--type",
        name,
        "--size",
        f"{rows}x{cols}",
    )
    assert code == 0
    objs = [json.loads(line) for line in lines]
    assert len(objs) == PER_GRADE * len(bank_grades(kind))
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
        assert (o["type"], o["rows"], o["cols"]) == (name, rows, cols)
        assert len(o["puzzle"]) == rows and len(o["solution"]) == rows
        p = kind.parse("\n".join(o["puzzle"]))
        assert o["url"] == kind.to_url(p) and kind.parse(o["url"]) == p


def test_export_urls_and_show(small_bank: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, lines, _ = run(capsys, "bank", "export", "--db", str(small_bank), "--format", "url")
    grades = sum(len(bank_grades(pencilbox.puzzle(name))) for name in TYPES)
    assert code == 0 and len(lines) == grades * len(SIZES) * PER_GRADE
    code, lines, _ = run(capsys, "bank", "show", "1", "--db", str(small_bank))
    assert code == 0 and lines[1].split()[0] in TYPES
    code, lines, _ = run(capsys, "bank", "show", "1", "--db", str(small_bank), "--json")
    assert json.loads(lines[0])["id"] == 1


@pytest.mark.parametrize("name", TYPES)
def test_build_json(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    db = str(tmp_path / "b.sqlite")
    code, lines, _ = run(
        capsys,
        "bank",
        "build",
        "--type",
        name,
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
    assert [o["grade"] for o in objs] == list(bank_grades(pencilbox.puzzle(name)))
    assert all(o["boards"] == 1 and o["attempts"] >= 1 for o in objs)


def foreign_level(name: str) -> str:
    """A level of another registered puzzle that ``name``'s ladder lacks."""
    levels = pencilbox.puzzle(name).levels
    others = (lv for other in TYPES for lv in pencilbox.puzzle(other).levels)
    return next((lv for lv in others if lv not in levels), "nosuchlevel")


@pytest.mark.parametrize(
    "argv, message",
    [
        (["bank", "show", "999999"], "no board 999999"),
        (["bank", "list", "--db", "/nonexistent/bank.sqlite"], "no bank at"),
        (["bank", "build", "--type", "sudoku", "--sizes", "4", "--per-grade", "1"], "unknown"),
        *(
            (["bank", "build", "--type", name, "--sizes", "x", "--per-grade", "1"], "bad size")
            for name in TYPES
        ),
        *(
            (
                [
                    "bank",
                    "build",
                    "--type",
                    name,
                    "--sizes",
                    "4",
                    "--per-grade",
                    "1",
                    "--grades",
                    foreign_level(name),
                ],
                "no level",
            )
            for name in TYPES
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


def test_reading_commands_read_the_bank_build_wrote_here(
    small_bank: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    """Without ``--db``, list, show and export read ./pencilbox-bank.sqlite,
    which build writes, when it is there, and the shipped bank when not."""
    monkeypatch.chdir(tmp_path)
    shipped = run(capsys, "bank", "list", "--json")[1]
    (tmp_path / "pencilbox-bank.sqlite").write_bytes(small_bank.read_bytes())
    built = run(capsys, "bank", "list", "--json")[1]
    assert built == run(capsys, "bank", "list", "--json", "--db", str(small_bank))[1]
    assert built != shipped
    first = json.loads(run(capsys, "bank", "export", "--json")[1][0])
    code, lines, _ = run(capsys, "bank", "show", str(first["id"]), "--json")
    assert code == 0 and json.loads(lines[0]) == first
