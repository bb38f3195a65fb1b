"""``pencilbox convert`` for every registered puzzle: its published and
sample boards into each format that holds it and back, and input no format
reads refused in one line. Each puzzle's own tests convert its files written
by hand (``tests/<puzzle>/test_convert_cli.py``, ``test_formats.py``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import pencilbox
from pencilbox.cli import main
from pencilbox.formats import registry
from pencilbox.formats.base import Document

from ..kinds import hardest, names


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("name", names())
def test_convert_writes_each_format_that_holds_the_puzzle(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kind = pencilbox.puzzle(name)
    sample = hardest(kind)
    p = kind.parse(sample.puzzle)
    answer = kind.parse_solution(sample.answer, p)
    source = tmp_path / "puzzle.txt"
    source.write_text(kind.format(p))
    for fmt in registry.supported(kind):
        holds = registry.by_name(fmt).holds_answer
        argv = ["convert", name, str(source), "--to", fmt, "--json", *(["--answer"] * holds)]
        code, out, err = run(capsys, *argv)
        assert code == 0, err
        (obj,) = [json.loads(line) for line in out.splitlines()]
        (doc,) = registry.read(obj["text"])
        assert doc.format == fmt and doc.puzzle == p
        if holds:
            assert (doc.answer if doc.answer is not None else doc.marks) == answer


@pytest.mark.parametrize("name", names())
def test_convert_refuses_an_unknown_format_in_one_line(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "convert", name, "-", "--to", "gif")
    assert code == 2 and out == ""
    assert "invalid choice" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("name", names())
def test_unreadable_input_names_every_format(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "x.txt"
    file.write_text("this is not a puzzle\n")
    code, _, err = run(capsys, "solve", name, str(file))
    assert code == 2
    for title in ("puzz.link URL", "penpa-edit URL", "pzprv3", "Janko", "JSON", "text grid"):
        assert title in err


@pytest.mark.parametrize("name", names())
def test_an_answer_the_file_carries_is_written_only_with_answer(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A generated board's file carries its answer (``; solution:``); a
    conversion shares the puzzle alone unless ``--answer`` asks for it."""
    kind = pencilbox.puzzle(name)
    sample = hardest(kind)
    p = kind.parse(sample.puzzle)
    answer = kind.parse_solution(sample.answer, p)
    source = tmp_path / "with-answer.txt"
    source.write_text(registry.write("text", kind, Document(p, answer=answer)))
    assert registry.read(source.read_text())[0].answer == answer  # the file does carry it
    for fmt in registry.supported(kind):
        code, out, err = run(capsys, "convert", name, str(source), "--to", fmt, "--json")
        assert code == 0, err
        (doc,) = registry.read(json.loads(out)["text"])
        assert doc.answer is None and doc.marks is None, fmt
