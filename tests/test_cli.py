"""The command line: the JSON shapes of the README's table, and bad input."""

from __future__ import annotations

import importlib
import json
import os
import pathlib
import pkgutil
import subprocess
import sys

import pytest

import pencilbox
from pencilbox.cli import main

GRID = """yinyang 6x6
# o o o . o
. . o # # o
. o o . # .
. . # . . o
. o o . # .
# . # # # #
"""


def run(capsys, *argv: str) -> tuple[int, list[dict], str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    objs = [json.loads(line) for line in out.splitlines() if line.strip()]
    return code, objs, err


@pytest.fixture
def grid_file(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(GRID)
    return str(path)


def test_puzzles(capsys) -> None:
    code, objs, _ = run(capsys, "puzzles", "--json")
    assert code == 0
    by_type = {o["type"]: o for o in objs}
    assert by_type["yinyang"]["levels"] == ["window", "border", "bridge", "probe"]


def test_generate_shape(capsys) -> None:
    code, objs, _ = run(
        capsys,
        "generate",
        "yinyang",
        "--size",
        "5",
        "--cols",
        "7",
        "--density",
        "0.4",
        "--seed",
        "9",
        "--json",
    )
    assert code == 0
    (obj,) = objs
    assert set(obj) == {"type", "rows", "cols", "puzzle", "solution", "seed"}
    assert (obj["type"], obj["rows"], obj["cols"], obj["seed"]) == ("yinyang", 5, 7, 9)
    assert len(obj["puzzle"]) == 5 and len(obj["puzzle"][0].split()) == 7
    kind = pencilbox.puzzle("yinyang")
    p = kind.parse("\n".join(obj["puzzle"]))
    answer = kind.parse_solution("\n".join(obj["solution"]), p)
    assert kind.validate(p, answer) == []


def test_solve_count_hint_grade_shapes(capsys, grid_file) -> None:
    code, (solve,), _ = run(capsys, "solve", "yinyang", grid_file, "--level", "window", "--json")
    assert code == 0
    assert set(solve) == {"status", "level", "grid", "decided"}
    assert solve["level"] == "window"
    assert solve["status"] in ("solved", "stalled")
    assert solve["decided"] == sum(t != "?" for row in solve["grid"] for t in row.split())

    code, (count,), _ = run(capsys, "count", "yinyang", grid_file, "--json")
    assert set(count) == {
        "solutions",
        "complete",
        "guesses",
        "engine",
        "level",
        "solution",
        "summary",
    }
    assert count["summary"] in ("unique", "several answers", "no answer")
    assert count["engine"] == "ladder" and count["complete"]
    code, (brute,), _ = run(capsys, "count", "yinyang", grid_file, "--brute", "--json")
    assert brute["engine"] == "brute"
    assert brute["solutions"] == count["solutions"]

    code, (hint,), _ = run(capsys, "hint", "yinyang", grid_file, "--level", "window", "--json")
    assert {"cell", "value", "rule", "reason", "premises"} <= set(hint)
    assert hint["value"] in ("#", "o") and hint["rule"] == "window"
    assert all(len(p) == 2 for p in hint["premises"])

    code, (grade,), _ = run(capsys, "grade", "yinyang", grid_file, "--json")
    code, (analyzed,), _ = run(capsys, "analyze", "yinyang", grid_file, "--json")
    assert set(grade) == set(analyzed) | {"unique"}  # analyze's shape: the one verdict
    assert grade["verdict"] in ("unique", "several")
    assert grade["unique"] == (grade["verdict"] == "unique")
    if grade["unique"]:
        assert grade["grade"] in ("window", "border", "bridge", "probe", "case", "beyond")


def test_census_shape(capsys) -> None:
    code, (obj,), _ = run(capsys, "census", "yinyang", "--size", "3", "--json")
    assert obj == {"type": "yinyang", "rows": 3, "cols": 3, "boards": 34}


def test_many_puzzles_in_one_file(capsys, tmp_path) -> None:
    path = tmp_path / "many.txt"
    path.write_text(
        "https://puzz.link/p?yinyang/6/6/6a166b230900\n"
        "https://puzz.link/p?yinyang/6/6/0j40j0060220\n\n" + GRID
    )
    code, objs, _ = run(capsys, "grade", "yinyang", str(path), "--json")
    assert code == 0 and len(objs) == 3
    assert objs[0]["unique"] and objs[1]["unique"]


def test_json_lines_from_generate_feed_solve(capsys, tmp_path) -> None:
    run(capsys, "generate", "yinyang", "--size", "6", "--seed", "1", "--count", "3", "--json")
    # regenerate to a file and read it back as puzzles
    main(["generate", "yinyang", "--size", "6", "--seed", "1", "--count", "3", "--json"])
    out = capsys.readouterr().out
    path = tmp_path / "gen.jsonl"
    path.write_text(out)
    code, objs, _ = run(capsys, "solve", "yinyang", str(path), "--json")
    assert code == 0 and len(objs) == 3


def test_url_as_argument(capsys) -> None:
    code, (obj,), _ = run(
        capsys, "count", "yinyang", "https://puzz.link/p?yinyang/6/6/6a166b230900", "--json"
    )
    assert obj["solutions"] == 1


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "yinyang", "GRID:# o x\n. . ."],
        ["solve", "yinyang", "https://puzz.link/p?yinyang/5/5/01"],
        ["solve", "nosuchpuzzle", "GRID:# o\no #"],
        ["generate", "yinyang", "--size", "0"],
        ["generate", "yinyang", "--size", "61"],
        ["generate", "yinyang", "--size", "5", "--density", "2"],
        ["census", "yinyang", "--size", "9"],
        ["solve", "yinyang", "GRID:# #\n# #"],
        ["solve", "yinyang", "/no/such/file"],
        ["frobnicate"],
        ["count", "yinyang", "GRID:# o\no .", "--limit", "0"],
        ["solve", "yinyang", "GRID:# o\no .", "--level", "nosuchlevel"],
    ],
)
@pytest.mark.parametrize("as_json", [False, True])
def test_bad_input_exits_2_with_one_line(capsys, tmp_path, argv, as_json) -> None:
    args = []
    for a in argv:
        if a.startswith("GRID:"):
            path = tmp_path / "bad.txt"
            path.write_text(a[5:])
            a = str(path)
        args.append(a)
    if as_json:
        args.append("--json")
    code = main(args)
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert "Traceback" not in err
    if as_json:
        assert "error" in json.loads(lines[0])


def test_entry_point_runs_as_a_program() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pencilbox.cli", "solve", "yinyang", "/no/such/file"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(pathlib.Path(__file__).parents[1] / "src")},
    )
    assert result.returncode == 2
    assert result.stderr.strip() == "pencilbox: error: no such file: /no/such/file"


def test_count_without_learning_counts_the_same(capsys) -> None:
    url = "https://puzz.link/p?kurotto/10/10/46s.g21k4k2h.i1n.4j34n.i3h.k3k61g3s23"
    code, (learning,), _ = run(capsys, "count", "kurotto", url, "--json")
    assert code == 0
    code, (plain,), _ = run(capsys, "count", "kurotto", url, "--no-learning", "--json")
    assert code == 0
    assert learning["solutions"] == plain["solutions"] == 1
    assert learning["complete"] and plain["complete"]
    assert learning["solution"] == plain["solution"]


def test_every_command_module_is_listed() -> None:
    """A command is one module with ``declare`` (in ``pencilbox/commands/``
    or a subsystem's ``cli.py``) and one line in ``cli.COMMANDS``."""
    from pencilbox import cli

    listed = {declare.__module__ for declare in cli.COMMANDS}
    names = [info.name for info in pkgutil.walk_packages(pencilbox.__path__, "pencilbox.")]
    declaring = {
        name
        for name in names
        if (name.startswith("pencilbox.commands.") or name.endswith(".cli"))
        and hasattr(importlib.import_module(name), "declare")
    }
    assert "pencilbox.commands.solve" in declaring and "pencilbox.bank.cli" in declaring
    assert declaring == listed


def test_each_command_prints_its_own_text(capsys) -> None:
    """The text form comes from the command that ran: one line per puzzle
    type for ``puzzles`` (no blank lines), a grid and a blank line for
    ``generate``."""
    assert main(["puzzles"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(pencilbox.puzzle_names())
    assert all(" levels: " in line for line in lines)
    assert main(["generate", "yinyang", "--size", "4", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("; seed 1\nyinyang 4x4\n") and out.endswith("\n\n")
