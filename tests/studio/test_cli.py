"""``pencilbox analyze``: one verdict per puzzle, in input order; bad input exits 2."""

from __future__ import annotations

import json
import re

import pytest

import pencilbox
from pencilbox.cli import main
from pencilbox.engine.kind import PuzzleKind

from ..kinds import blank, hardest, sample
from .studio_data import TYPES, bank_boards, board_puzzle, contradiction, kind_of, without


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("name", TYPES)
def test_a_file_of_many_gives_one_object_each_in_order(
    capsys: pytest.CaptureFixture[str], tmp_path, name: str
) -> None:
    kind = kind_of(name)
    b = bank_boards(name, 6, "probe")[0]
    p, answer = board_puzzle(kind, b)
    less = [without(p, c) for c, v in enumerate(p.clues) if v is not None][:3]
    puzzles = [
        kind.to_url(p),
        *(kind.to_url(q) for q in less),
        kind.to_url(kind.parse(contradiction(name))),
    ]
    path = tmp_path / "many.txt"
    path.write_text("\n".join(puzzles) + "\n")
    code, out, err = run(capsys, "analyze", name, str(path), "--json", "--seconds", "8")
    assert code == 0, err
    objs = [json.loads(line) for line in out.splitlines()]
    assert [o["url"] for o in objs] == puzzles
    assert (objs[0]["verdict"], objs[0]["grade"]) == ("unique", "probe")
    assert kind.parse_solution("\n".join(objs[0]["solutions"][0]), p) == answer
    for o, q in zip(objs[1:4], less, strict=True):
        expected = "unique" if kind.brute_count(q, limit=2).solutions == 1 else "several"
        assert o["verdict"] == expected
    assert objs[-1]["verdict"] == "none"


@pytest.mark.parametrize("name", TYPES)
def test_text_output_and_redundant(capsys: pytest.CaptureFixture[str], name: str) -> None:
    kind = kind_of(name)
    board = sample(kind, kind.samples.bank_grade)
    url = kind.to_url(kind.parse(board.puzzle))
    code, out, _ = run(capsys, "analyze", name, url, "--redundant")
    assert code == 0
    lines = out.splitlines()
    grade = board.grade
    assert lines[0] == f"unique, grade {grade}: the {grade} fixpoint finishes it"
    assert lines[1].startswith("redundant clues: ")
    assert url in lines
    code, out, _ = run(capsys, "analyze", name, url, "--redundant", "--json")
    obj = json.loads(out)
    assert obj["redundant"]["complete"] is True
    removable = [c for c in obj["redundant"]["clues"] if c["removable"]]
    assert len(removable) == len(re.findall(r"\br\d+c\d+\b", lines[1]))


@pytest.mark.parametrize("name", TYPES)
def test_several_prints_both_answers(capsys: pytest.CaptureFixture[str], name: str) -> None:
    kind = kind_of(name)
    rows, cols, boards = kind.samples.census
    assert boards > 1  # so the clue-free board has several answers
    code, out, _ = run(capsys, "analyze", name, kind.to_url(blank(kind, rows, cols)))
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("several answers: at least two answers")
    assert lines[1].split() == ["answer", "1", "answer", "2"]
    assert len(lines[2].split()) == 2 * cols


def bad_command_lines(kind: PuzzleKind) -> list[list[str]]:
    url = kind.to_url(kind.parse(hardest(kind).puzzle))
    return [
        ["analyze", kind.name, "/no/such/file"],
        ["analyze", "nosuch", url],
        ["analyze", kind.name, url, "--level", "x"],
        ["analyze", kind.name, url, "--seconds", "0"],
        ["analyze", kind.name, url, "--seconds", "x"],
        ["analyze", kind.name],
    ]


@pytest.mark.parametrize(
    "argv", [argv for kind in map(pencilbox.puzzle, TYPES) for argv in bad_command_lines(kind)]
)
def test_bad_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


@pytest.mark.parametrize("name", TYPES)
def test_a_malformed_grid_among_many_is_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path, name: str
) -> None:
    kind = kind_of(name)
    good = kind.format(kind.parse(sample(kind).puzzle))
    bad = kind.samples.refused[0]  # a text grid
    path = tmp_path / "many.txt"
    path.write_text(f"{good}\n{bad}\n", encoding="utf-8", errors="surrogatepass")
    code, out, err = run(capsys, "analyze", name, str(path), "--json")
    assert code == 2 and out == ""
    assert "error" in json.loads(err)


@pytest.mark.parametrize("name", TYPES)
@pytest.mark.parametrize(
    ("flag", "value", "stop"), [("--budget", "3", "work"), ("--seconds", "0.000001", "clock")]
)
def test_a_tiny_budget_answers_unknown(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path,
    name: str,
    flag: str,
    value: str,
    stop: str,
) -> None:
    # A store of its own: the verdict other tests found for the same board
    # (with the default budget) would otherwise answer at once.
    monkeypatch.setenv("PENCILBOX_CACHE", str(tmp_path / "verdicts.sqlite"))
    path = tmp_path / "hard.txt"
    path.write_text(bank_boards(name, 10, "probe")[0].puzzle)
    code, out, _ = run(capsys, "analyze", name, str(path), flag, value, "--json")
    assert code == 0
    obj = json.loads(out)
    assert (obj["verdict"], obj["grade"], obj["solutions"]) == ("unknown", None, [])
    assert obj["stop"] == stop
    words = "work units ran out" if stop == "work" else "safety clock"
    assert words in obj["summary"]
