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
from pencilbox.engine.kind import PuzzleKind

from .kinds import hardest, names, refuted_at_once, sample


def run(capsys, *argv: str) -> tuple[int, list[dict], str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    objs = [json.loads(line) for line in out.splitlines() if line.strip()]
    return code, objs, err


def write(tmp_path: pathlib.Path, text: str, name: str = "p.txt") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize("name", names())
def test_puzzles(capsys, name: str) -> None:
    code, objs, _ = run(capsys, "puzzles", "--json")
    assert code == 0
    by_type = {o["type"]: o for o in objs}
    assert list(by_type) == list(names())
    kind = pencilbox.puzzle(name)
    assert by_type[name] == {"type": name, "title": kind.title, "levels": list(kind.levels)}


@pytest.mark.parametrize("name", names())
def test_generate_shape(capsys, name: str) -> None:
    code, objs, _ = run(
        capsys,
        "generate",
        name,
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
    assert (obj["type"], obj["rows"], obj["cols"], obj["seed"]) == (name, 5, 7, 9)
    assert len(obj["puzzle"]) == 5 and len(obj["puzzle"][0].split()) == 7
    kind = pencilbox.puzzle(name)
    p = kind.parse("\n".join(obj["puzzle"]))
    answer = kind.parse_solution("\n".join(obj["solution"]), p)
    assert kind.validate(p, answer) == []


@pytest.mark.parametrize("name", names())
def test_solve_count_hint_grade_shapes(capsys, tmp_path, name: str) -> None:
    kind = pencilbox.puzzle(name)
    easy = sample(kind)  # graded at the lowest level a bank gives
    p = kind.parse(easy.puzzle)
    answer = kind.parse_solution(easy.answer, p)
    grid_file = write(tmp_path, kind.format(p))
    low = easy.grade
    code, (solve,), _ = run(capsys, "solve", name, grid_file, "--level", low, "--json")
    assert code == 0
    assert set(solve) == {"status", "level", "grid", "decided"}
    assert solve["level"] == low
    assert solve["status"] == "solved"
    assert solve["decided"] == sum(t != "?" for row in solve["grid"] for t in row.split())
    assert kind.parse_solution("\n".join(solve["grid"]), p) == answer

    code, (count,), _ = run(capsys, "count", name, grid_file, "--json")
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
    assert count["summary"] == "unique"
    assert count["engine"] == "ladder" and count["complete"]
    code, (brute,), _ = run(capsys, "count", name, grid_file, "--brute", "--json")
    assert brute["engine"] == "brute"
    assert brute["solutions"] == count["solutions"] == 1

    code, (hint,), _ = run(capsys, "hint", name, grid_file, "--level", low, "--json")
    assert {"cell", "value", "rule", "reason", "premises"} <= set(hint)
    r, c = hint["cell"]
    assert hint["value"] == kind.value_token(answer[r * p.cols + c])
    level = kind.levels.index(low)
    assert hint["rule"] in {rule.name for rule in kind.ladder.rules if rule.level <= level}
    assert all(len(cell) == 2 for cell in hint["premises"])

    code, (grade,), _ = run(capsys, "grade", name, grid_file, "--json")
    code, (analyzed,), _ = run(capsys, "analyze", name, grid_file, "--json")
    assert set(grade) == set(analyzed) | {"unique"}  # analyze's shape: the one verdict
    assert grade["verdict"] in ("unique", "several")
    assert grade["unique"] == (grade["verdict"] == "unique")
    if grade["unique"]:
        assert grade["grade"] in (*kind.levels, "case", "beyond")
    assert (grade["grade"], grade["unique"]) == (easy.grade, True)


@pytest.mark.parametrize("name", names())
def test_census_shape(capsys, name: str) -> None:
    rows, cols, boards = pencilbox.puzzle(name).samples.census
    argv = ["census", name, "--size", str(rows), "--cols", str(cols), "--json"]
    code, (obj,), _ = run(capsys, *argv)
    assert obj == {"type": name, "rows": rows, "cols": cols, "boards": boards}


@pytest.mark.parametrize("name", names())
def test_many_puzzles_in_one_file(capsys, tmp_path, name: str) -> None:
    kind = pencilbox.puzzle(name)
    graded = kind.samples.graded
    urls = [kind.to_url(kind.parse(s.puzzle)) for s in graded]
    grid = kind.format(kind.parse(graded[0].puzzle))
    path = write(tmp_path, "\n".join(urls) + "\n\n" + grid, "many.txt")
    code, objs, _ = run(capsys, "grade", name, path, "--json")
    assert code == 0 and len(objs) == len(graded) + 1
    assert [o["grade"] for o in objs] == [s.grade for s in graded] + [graded[0].grade]
    assert all(o["unique"] for o in objs)


@pytest.mark.parametrize("name", names())
def test_json_lines_from_generate_feed_solve(capsys, tmp_path, name: str) -> None:
    main(["generate", name, "--size", "6", "--seed", "1", "--count", "3", "--json"])
    out = capsys.readouterr().out
    path = write(tmp_path, out, "gen.jsonl")
    code, objs, _ = run(capsys, "solve", name, path, "--json")
    assert code == 0 and len(objs) == 3


@pytest.mark.parametrize("name", names())
def test_url_as_argument(capsys, name: str) -> None:
    kind = pencilbox.puzzle(name)
    url = kind.to_url(kind.parse(hardest(kind).puzzle))
    code, (obj,), _ = run(capsys, "count", name, url, "--json")
    assert obj["solutions"] == 1


def bad_command_lines(kind: PuzzleKind) -> list[list[str]]:
    """Command lines with bad input for ``kind``; FILE: writes a file."""
    name = kind.name
    board = "FILE:" + kind.format(kind.parse(sample(kind).puzzle))
    out = [["solve", name, "FILE:" + text] for text in kind.samples.refused]
    out += [
        ["solve", "nosuchpuzzle", board],
        ["generate", name, "--size", "0"],
        ["generate", name, "--size", "61"],
        ["generate", name, "--size", "5", "--density", "2"],
        ["census", name, "--size", "9"],
        ["solve", name, "/no/such/file"],
        ["frobnicate"],
        ["count", name, board, "--limit", "0"],
        ["solve", name, board, "--level", "nosuchlevel"],
    ]
    if refuted_at_once(kind):  # clues the lowest rung refutes are bad input
        out.append(["solve", name, "FILE:" + kind.samples.contradiction])
    return out


@pytest.mark.parametrize(
    "argv", [argv for kind in map(pencilbox.puzzle, names()) for argv in bad_command_lines(kind)]
)
@pytest.mark.parametrize("as_json", [False, True])
def test_bad_input_exits_2_with_one_line(capsys, tmp_path, argv, as_json) -> None:
    args = []
    for a in argv:
        if a.startswith("FILE:"):
            path = tmp_path / "bad.txt"
            path.write_text(a[5:], encoding="utf-8", errors="surrogatepass")
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
        [sys.executable, "-m", "pencilbox.cli", "solve", names()[0], "/no/such/file"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(pathlib.Path(__file__).parents[1] / "src")},
    )
    assert result.returncode == 2
    assert result.stderr.strip() == "pencilbox: error: no such file: /no/such/file"


@pytest.mark.parametrize("name", names())
def test_count_without_learning_counts_the_same(capsys, name: str) -> None:
    kind = pencilbox.puzzle(name)
    board = kind.samples.case or hardest(kind)  # one that needs search, where there is one
    url = kind.to_url(kind.parse(board.puzzle))
    code, (learning,), _ = run(capsys, "count", name, url, "--json")
    assert code == 0
    code, (plain,), _ = run(capsys, "count", name, url, "--no-learning", "--json")
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


def test_each_command_prints_its_own_text(capsys, tmp_path) -> None:
    """The text form comes from the command that ran: one line per puzzle
    type for ``puzzles`` (no blank lines), a grid and a blank line for
    ``generate``."""
    assert main(["puzzles"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(pencilbox.puzzle_names())
    assert all(" levels: " in line for line in lines)
    name = names()[0]  # any puzzle will do
    assert main(["generate", name, "--size", "4", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"; seed 1\n{name} 4x4\n") and not out.endswith("\n\n")
    src = tmp_path / "two.txt"
    src.write_text(out + "\n" + out)
    assert main(["solve", name, str(src)]) == 0
    out = capsys.readouterr().out
    assert out.count("\n\n") == 1 and out.endswith("\n") and not out.endswith("\n\n")


def test_gapcheck_says_in_words_what_probe_and_the_brute_force_found(capsys, tmp_path) -> None:
    """gapcheck's text is a sentence, not its JSON object: probe finishing,
    or the brute force's count, or where it stopped."""
    kind = pencilbox.puzzle(names()[0])
    sample = kind.samples.graded[0]
    src = tmp_path / "one.txt"
    src.write_text(sample.puzzle)
    assert main(["gapcheck", kind.name, str(src)]) == 0
    assert capsys.readouterr().out == "probe finishes it: unique\n"
    blank = tmp_path / "blank.txt"
    blank.write_text(kind.format(kind.generate(4, 4, density=0.0, seed=1)[0]))
    assert main(["gapcheck", kind.name, str(blank)]) == 0
    assert capsys.readouterr().out.startswith("probe stalls; the brute force counts several")
    assert main(["gapcheck", kind.name, str(blank), "--budget", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("probe stalls; the brute force stopped after ") and "found" in out


def test_one_line_results_come_one_a_line(capsys, tmp_path) -> None:
    """grade and hint print one line a puzzle, with no blank line between."""
    kind = pencilbox.puzzle(names()[0])
    src = tmp_path / "three.txt"
    src.write_text("\n\n".join(s.puzzle for s in kind.samples.graded[:3]))
    for command in ("grade", "hint"):
        assert main([command, kind.name, str(src)]) == 0
        out = capsys.readouterr().out
        assert out.count("\n") == min(3, len(kind.samples.graded)) and "\n\n" not in out


@pytest.mark.parametrize("name", names())
def test_generate_unique_gives_a_puzzle_the_brute_force_finds_unique(capsys, name) -> None:
    """``generate --unique``: a puzzle, not a raw board; the independent
    brute force counts one answer. With the raw style it is one line, exit 2."""
    assert main(["generate", name, "--size", "4", "--seed", "3", "--unique", "--json"]) == 0
    made = json.loads(capsys.readouterr().out)
    kind = pencilbox.puzzle(name)
    p = kind.parse("\n".join([f"{name} 4x4", *made["puzzle"]]))
    assert kind.brute_count(p, limit=2).solutions == 1
    assert main(["generate", name, "--size", "4", "--unique", "--density", "0.5"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "--unique" in err
