"""`pencilbox measure` writes files only into an --out it was given."""

from __future__ import annotations

import json
import pathlib

import pytest

from pencilbox.cli import main

from ..kinds import names

NAME = names()[0]
"""Any puzzle will do: where the files go is the same for all."""

SMALL = ["--sizes", "4", "--size", "4", "--boards", "1", "--workers", "1", "--quiet"]


def files_under(root: pathlib.Path) -> list[pathlib.Path]:
    return sorted(p for p in root.rglob("*") if p.is_file())


def test_json_without_out_prints_only(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "reports").mkdir()
    (tmp_path / "reports" / f"{NAME}-ladder.md").write_text("committed\n")
    assert main(["measure", NAME, "ladder", *SMALL, "--json"]) == 0
    out = capsys.readouterr().out
    assert json.loads(out)["type"] == NAME
    assert files_under(tmp_path) == [tmp_path / "reports" / f"{NAME}-ladder.md"]
    assert (tmp_path / "reports" / f"{NAME}-ladder.md").read_text() == "committed\n"


def test_text_without_out_prints_the_table_only(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["measure", NAME, "ladder", *SMALL]) == 0
    out = capsys.readouterr().out
    assert "| size |" in out and "wrote" not in out
    assert files_under(tmp_path) == []


def test_all_needs_out_unless_json(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["measure", "all", *SMALL]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "--out" in err
    assert files_under(tmp_path) == []


def test_out_given_gets_the_files(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    target = tmp_path / "elsewhere"
    assert main(["measure", NAME, "ladder", *SMALL, "--json", "--out", str(target)]) == 0
    capsys.readouterr()
    written = [p.name for p in files_under(tmp_path)]
    assert f"{NAME}-ladder.md" in written and all(p.parent == target for p in files_under(tmp_path))


def test_all_json_without_out_prints_only(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["measure", "all", *SMALL, "--printed", "1,4", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["out"] is None and result["readme"] is None
    assert set(result["figures"]) == set(names())
    assert files_under(tmp_path) == []
