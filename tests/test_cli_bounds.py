"""Every command is bounded: --seconds, honest reports of work cut short,
and exit status 2 for budgets that make no sense."""

from __future__ import annotations

import json
import pathlib
import signal
import subprocess
import sys
import time

import pytest

import pencilbox
from pencilbox.cli import main

from .kinds import blank_text, first_kind, names


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def slow_board(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    """The type and file of a board whose probe fixpoint runs far past every
    deadline here: the first registered puzzle's that has one."""
    kind = first_kind(lambda k: k.samples.slow)
    path = tmp_path_factory.mktemp("slow") / "slow.txt"
    path.write_text(kind.format(kind.parse(kind.samples.slow[0])))
    return kind.name, str(path)


ABSURD = [
    ["solve", "{name}", "-", "--seconds", "-1"],
    ["solve", "{name}", "-", "--seconds", "0"],
    ["count", "{name}", "-", "--seconds", "nan"],
    ["count", "{name}", "-", "--seconds", "inf"],
    ["count", "{name}", "-", "--seconds", "1e9"],
    ["hint", "{name}", "-", "--seconds", "²"],
    ["grade", "{name}", "-", "--budget", "-5"],
    ["grade", "{name}", "-", "--budget", "0"],
    ["count", "{name}", "-", "--budget", "9" * 5000],
    ["count", "{name}", "-", "--limit", "-1"],
    ["count", "{name}", "-", "--limit", "0"],
    ["gapcheck", "{name}", "-", "--seconds", "-3"],
    ["analyze", "{name}", "-", "--seconds", "-1"],
    ["analyze", "{name}", "-", "--seconds", "1e99"],
    ["count", "{name}", "-", "--brute", "--seconds", "0"],
    ["generate", "{name}", "--size", "6", "--count", "-2"],
    ["generate", "{name}", "--size", "6", "--seed", "-1"],
    ["generate", "{name}", "--size", "6", "--density", "nan"],
    ["generate", "{name}", "--size", "6²"],
    [
        "bank",
        "build",
        "--type",
        "{name}",
        "--sizes",
        "6",
        "--per-grade",
        "1",
        "--workers",
        "0",
    ],
    ["bank", "build", "--type", "{name}", "--sizes", "6", "--per-grade", "-1"],
    [
        "bank",
        "build",
        "--type",
        "{name}",
        "--sizes",
        "6",
        "--per-grade",
        "1",
        "--attempts",
        "0",
    ],
    ["measure", "{name}", "ladder", "--workers", "-2"],
    ["measure", "{name}", "ladder", "--boards", "0"],
    ["serve", "--port", "70000"],
]
"""Command lines with budgets that make no sense, for the puzzle {name}."""


@pytest.mark.parametrize(
    "argv", [[a.format(name=name) for a in argv] for name in names() for argv in ABSURD]
)
def test_absurd_budgets_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


@pytest.mark.parametrize("command", ["solve", "count", "hint", "grade", "gapcheck", "analyze"])
def test_every_puzzle_command_takes_seconds(
    capsys: pytest.CaptureFixture[str], slow_board: tuple[str, str], command: str
) -> None:
    t0 = time.monotonic()
    code, out, err = run(capsys, command, *slow_board, "--seconds", "0.5", "--json")
    elapsed = time.monotonic() - t0
    assert code == 0, err
    (obj,) = [json.loads(line) for line in out.splitlines()]
    assert elapsed < 30  # a loose sanity bound; the figure itself is in make bench
    if command == "solve":
        assert obj["status"] == "stopped"
    elif command == "count":
        assert obj["complete"] is False
    elif command == "grade":
        assert obj["settled"] is False and obj["unique"] is None and obj["stop"] == "clock"
    elif command == "gapcheck":
        assert obj["complete"] is False
    elif command == "analyze":
        assert obj["verdict"] == "unknown"
    else:
        assert "cell" in obj or obj["status"] == "stopped"


def test_solve_says_it_stopped(
    capsys: pytest.CaptureFixture[str], slow_board: tuple[str, str]
) -> None:
    code, out, _ = run(capsys, "solve", *slow_board, "--seconds", "0.3")
    assert code == 0
    assert "stopped by the safety clock at 0.3 s" in out and "--seconds" in out
    code, out, _ = run(capsys, "solve", *slow_board, "--budget", "50")
    assert code == 0
    assert "the work budget ran out" in out and "--budget" in out and "clock" not in out


@pytest.mark.parametrize("name", names())
def test_grade_still_says_not_unique_when_it_knows(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path, name: str
) -> None:
    # A clue-free board of the census's size has that many answers: a
    # complete search proves it.
    kind = pencilbox.puzzle(name)
    rows, cols, boards = kind.samples.census
    assert boards > 1
    path = tmp_path / "empty.txt"
    path.write_text(blank_text(kind, rows, cols))
    code, out, _ = run(capsys, "grade", name, str(path))
    assert code == 0
    assert out.strip() == "several answers"


def test_ctrl_c_is_one_line(slow_board: tuple[str, str]) -> None:
    """SIGINT during a long solve: exit 2, one line, no traceback."""
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "pencilbox.cli",
            "solve",
            *slow_board,
            "--seconds",
            "600",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(3)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 2
    assert err.strip() == "pencilbox: error: interrupted"
