"""``pencilbox analyze``: one verdict per puzzle, in input order; bad input exits 2."""

from __future__ import annotations

import json
import re

import pytest

from pencilbox.cli import main

from .studio_data import CONTRADICTIONS, TYPES, bank_boards, board_puzzle, kind_of, without


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
        kind.to_url(kind.parse(CONTRADICTIONS[name])),
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


def test_text_output_and_redundant(capsys: pytest.CaptureFixture[str]) -> None:
    url = "https://puzz.link/p?yinyang/6/6/6a166b230900"
    code, out, _ = run(capsys, "analyze", "yinyang", url, "--redundant")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "unique, grade bridge: unique: the bridge fixpoint finishes it"
    assert lines[1].startswith("redundant clues: r")
    assert url in lines
    code, out, _ = run(capsys, "analyze", "yinyang", url, "--redundant", "--json")
    obj = json.loads(out)
    assert obj["redundant"]["complete"] is True
    removable = [c for c in obj["redundant"]["clues"] if c["removable"]]
    assert len(removable) == len(re.findall(r"\br\d+c\d+\b", lines[1]))


def test_several_prints_both_answers(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyze", "yinyang", "https://puzz.link/p?yinyang/6/6/0qia2408lci8")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("several answers: at least two answers")
    assert lines[1].split() == ["answer", "1", "answer", "2"]
    assert len(lines[2].split()) == 12


@pytest.mark.parametrize(
    "argv",
    [
        ["analyze", "yinyang", "/no/such/file"],
        ["analyze", "nosuch", "https://puzz.link/p?yinyang/6/6/0qia2408lci8"],
        ["analyze", "yinyang", "https://puzz.link/p?yinyang/6/6/0qia2408lci8", "--level", "x"],
        ["analyze", "yinyang", "https://puzz.link/p?yinyang/6/6/0qia2408lci8", "--seconds", "0"],
        ["analyze", "yinyang", "https://puzz.link/p?yinyang/6/6/0qia2408lci8", "--seconds", "x"],
        ["analyze", "yinyang"],
    ],
)
def test_bad_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_malformed_grid_among_many_is_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path
) -> None:
    path = tmp_path / "many.txt"
    path.write_text("# o\no #\n\n# x\no o\n")
    code, out, err = run(capsys, "analyze", "yinyang", str(path), "--json")
    assert code == 2 and out == ""
    assert "error" in json.loads(err)


@pytest.mark.parametrize(
    ("flag", "value", "stop"), [("--budget", "3", "work"), ("--seconds", "0.000001", "clock")]
)
def test_a_tiny_budget_answers_unknown(
    capsys: pytest.CaptureFixture[str], tmp_path, flag: str, value: str, stop: str
) -> None:
    path = tmp_path / "hard.txt"
    path.write_text(bank_boards("numbrix", 10, "probe")[0].puzzle)
    code, out, _ = run(capsys, "analyze", "numbrix", str(path), flag, value, "--json")
    assert code == 0
    obj = json.loads(out)
    assert (obj["verdict"], obj["grade"], obj["solutions"]) == ("unknown", None, [])
    assert obj["stop"] == stop
    words = "work units ran out" if stop == "work" else "safety clock"
    assert words in obj["summary"]
