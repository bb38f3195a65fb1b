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

from .kurotto.kurotto_data import REAL_URLS

HARD_17X13 = next(u for u in REAL_URLS if "/17/13/" in u)
"""Beyond probe, and not settled by a short search."""
BUILD = ["bank", "build", "--type", "yinyang", "--sizes", "6"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def big_kurotto(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A 30×30 Kurotto at 50% circles: its probe fixpoint takes minutes."""
    kind = pencilbox.puzzle("kurotto")
    p, _ = kind.generate(30, 30, density=0.5, seed=1)
    path = tmp_path_factory.mktemp("big") / "k30.txt"
    path.write_text(kind.format(p))
    return str(path)


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "yinyang", "-", "--seconds", "-1"],
        ["solve", "yinyang", "-", "--seconds", "0"],
        ["count", "yinyang", "-", "--seconds", "nan"],
        ["count", "yinyang", "-", "--seconds", "inf"],
        ["count", "yinyang", "-", "--seconds", "1e9"],
        ["hint", "yinyang", "-", "--seconds", "²"],
        ["grade", "yinyang", "-", "--budget", "-5"],
        ["grade", "yinyang", "-", "--budget", "0"],
        ["count", "yinyang", "-", "--budget", "9" * 5000],
        ["count", "yinyang", "-", "--limit", "-1"],
        ["count", "yinyang", "-", "--limit", "0"],
        ["gapcheck", "kurotto", "-", "--seconds", "-3"],
        ["analyze", "kurotto", "-", "--seconds", "-1"],
        ["analyze", "kurotto", "-", "--seconds", "1e99"],
        ["count", "kurotto", "-", "--brute", "--seconds", "0"],
        ["generate", "yinyang", "--size", "6", "--count", "-2"],
        ["generate", "yinyang", "--size", "6", "--seed", "-1"],
        ["generate", "yinyang", "--size", "6", "--density", "nan"],
        ["generate", "yinyang", "--size", "6²"],
        [
            "bank",
            "build",
            "--type",
            "yinyang",
            "--sizes",
            "6",
            "--per-grade",
            "1",
            "--workers",
            "0",
        ],
        ["bank", "build", "--type", "yinyang", "--sizes", "6", "--per-grade", "-1"],
        [
            "bank",
            "build",
            "--type",
            "yinyang",
            "--sizes",
            "6",
            "--per-grade",
            "1",
            "--attempts",
            "0",
        ],
        ["measure", "yinyang", "ladder", "--workers", "-2"],
        ["measure", "yinyang", "ladder", "--boards", "0"],
        ["serve", "--port", "70000"],
    ],
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
    capsys: pytest.CaptureFixture[str], big_kurotto: str, command: str
) -> None:
    t0 = time.monotonic()
    code, out, err = run(capsys, command, "kurotto", big_kurotto, "--seconds", "0.5", "--json")
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


def test_solve_says_it_stopped(capsys: pytest.CaptureFixture[str], big_kurotto: str) -> None:
    code, out, _ = run(capsys, "solve", "kurotto", big_kurotto, "--seconds", "0.3")
    assert code == 0
    assert "stopped by the safety clock at 0.3 s" in out and "--seconds" in out
    code, out, _ = run(capsys, "solve", "kurotto", big_kurotto, "--budget", "50")
    assert code == 0
    assert "the work budget ran out" in out and "--budget" in out and "clock" not in out


def test_grade_cut_short_never_says_not_unique(capsys: pytest.CaptureFixture[str]) -> None:
    # A hundred work units stop the work long before a verdict, on any machine.
    cut = ("--budget", "100")
    code, out, _ = run(capsys, "grade", "kurotto", HARD_17X13, *cut)
    assert code == 0
    assert "not unique" not in out and "several" not in out
    assert out.strip() == "unknown: the budget of 100 work units ran out (allow more with --budget)"
    code, out, _ = run(capsys, "grade", "kurotto", HARD_17X13, *cut, "--json")
    obj = json.loads(out)
    assert (obj["verdict"], obj["grade"], obj["unique"], obj["settled"], obj["stop"]) == (
        "unknown",
        None,
        None,
        False,
        "work",
    )


def test_grade_still_says_not_unique_when_it_knows(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    # An empty 4×4 Yin-Yang has 96 answers: a complete search proves it.
    path = tmp_path / "empty.txt"
    path.write_text("yinyang 4x4\n" + "\n".join([". . . ."] * 4) + "\n")
    code, out, _ = run(capsys, "grade", "yinyang", str(path))
    assert code == 0
    assert out.strip() == "several answers"


def test_ctrl_c_is_one_line(big_kurotto: str) -> None:
    """SIGINT during a long solve: exit 2, one line, no traceback."""
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "pencilbox.cli",
            "solve",
            "kurotto",
            big_kurotto,
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
