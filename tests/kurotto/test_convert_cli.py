"""``pencilbox convert`` on Kurotto, and every command's FILE in any format
(a Kurotto saved by puzz.link)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import pencilbox
from pencilbox.cli import main
from pencilbox.formats import registry
from pencilbox.formats.base import Document

from .test_formats import KUROTTO_ANSWER, KUROTTO_FILE, KUROTTO_URL


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_convert_a_url_to_a_puzzlink_file_with_its_answer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "convert", "kurotto", KUROTTO_URL, "--to", "pzprv3", "--answer")
    assert code == 0 and out.startswith("pzprv3\nkurotto\n5\n5\n3 0 . . . \n")
    (doc,) = registry.read(out)
    kind = pencilbox.puzzle("kurotto")
    assert doc.puzzle == kind.from_url(KUROTTO_URL)
    assert doc.marks == kind.parse_solution(KUROTTO_ANSWER, doc.puzzle)


def test_convert_reads_any_format_and_many_puzzles(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    many = tmp_path / "many.txt"
    many.write_text(f"{KUROTTO_URL}\n\n{KUROTTO_FILE}".replace(KUROTTO_FILE, "") + KUROTTO_URL)
    code, out, _ = run(capsys, "convert", "kurotto", str(many), "--to", "text", "--json")
    assert code == 0
    objs = [json.loads(line) for line in out.splitlines()]
    assert [o["format"] for o in objs] == ["text", "text"]
    file = tmp_path / "k.txt"
    file.write_text(KUROTTO_FILE)
    code, out, _ = run(capsys, "convert", "kurotto", str(file), "--to", "url")
    assert (code, out.strip()) == (0, KUROTTO_URL)
    code, out, _ = run(capsys, "convert", "kurotto", str(file), "--to", "text")
    assert "; marks:" in out  # the player's marks come along
    assert KUROTTO_ANSWER.strip().split("\n")[1] in out.replace(";   ", "")


def test_every_command_reads_a_puzzlink_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "k.txt"
    file.write_text(KUROTTO_FILE)
    code, out, _ = run(capsys, "count", "kurotto", str(file), "--json")
    assert code == 0 and json.loads(out)["solutions"] == 1
    one_line = "/".join(KUROTTO_FILE.strip().split("\n"))
    code, out, _ = run(capsys, "grade", "kurotto", one_line, "--json")
    assert code == 0 and json.loads(out)["unique"] is True


def test_hint_goes_on_from_a_saved_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    kind = pencilbox.puzzle("kurotto")
    p = kind.from_url(KUROTTO_URL)
    answer = kind.parse_solution(KUROTTO_ANSWER, p)
    marks = tuple(v if c >= 10 else None for c, v in enumerate(answer))  # rows 3..5 done
    file = tmp_path / "saved.txt"
    file.write_text(registry.write("pzprv3", kind, Document(p, marks=marks)))
    code, out, _ = run(capsys, "hint", "kurotto", str(file), "--json")
    assert code == 0
    r, c = json.loads(out)["cell"]
    assert r < 2  # the hint is about the rows still open, not the marked ones


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["convert", "kurotto", KUROTTO_URL, "--to", "url", "--answer"], "cannot hold an answer"),
        (["convert", "cave", KUROTTO_URL, "--to", "text"], "not a Cave one"),
    ],
)
def test_convert_refuses_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1
