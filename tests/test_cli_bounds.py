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

from .kinds import blank_text, first_kind, names, sample

NAME = names()[0]
"""Any puzzle will do for the checks of the command line's own options."""
KIND = pencilbox.puzzle(NAME)
URL = KIND.to_url(KIND.parse(sample(KIND).puzzle))
"""A unique board of that puzzle, as a URL."""
BUILD = ["bank", "build", "--type", NAME, "--sizes", "6"]
FOREIGN_GRADE = next(
    level for name in names() for level in pencilbox.puzzle(name).levels if level not in KIND.levels
)
"""A level of another puzzle's ladder that is none of that puzzle's."""


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
        # as a terminal starts it: a test run started in the background
        # ignores SIGINT, and a child would inherit that
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    time.sleep(3)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 2
    assert err.strip() == "pencilbox: error: interrupted"


# -- every bad input is one line -----------------------------------------------------------
NOT_ASCII = [
    ["generate", NAME, "--size", "٦"],
    ["generate", NAME, "--size", "６"],
    ["generate", NAME, "--size", "6", "--cols", "٦"],
    ["generate", NAME, "--size", "6", "--density", "٠.5"],
    ["census", NAME, "--size", "٦"],
    [*BUILD[:4], "--sizes", "٦", "--per-grade", "1"],
    ["bank", "export", "--size", "٦"],
    ["measure", NAME, "density", "--size", "٦"],
    ["measure", NAME, "ladder", "--sizes", "٦"],
    ["measure", NAME, "density", "--densities", "٠.5"],
    ["render", NAME, URL, "--per-page", "١", "--out", "never.svg"],
]
"""Numbers written with other than ASCII digits, which int() and float() accept."""


@pytest.mark.parametrize("argv", NOT_ASCII, ids=lambda argv: " ".join(argv[:2] + argv[-2:]))
def test_numbers_are_read_with_ascii_digits_only(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


@pytest.mark.parametrize("command", ["solve", "count", "hint", "grade", "gapcheck", "analyze"])
def test_an_option_given_double_dash_as_its_value_is_one_line(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    code, _, err = run(capsys, command, NAME, URL, "--seconds=--")
    assert code == 2 and err.count("\n") == 1 and "--seconds" in err


@pytest.mark.parametrize(
    "line",
    ['{"puzzle": ' + "9" * 5000 + "}", "{" * 100_000, '{"puzzle": ["' + "." * 10 + '"]]'],
    ids=["huge-number", "deep", "broken"],
)
def test_a_json_line_that_cannot_be_read_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path, line: str
) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(line + "\n")
    code, _, err = run(capsys, "solve", NAME, str(path))
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err


def bank_places(tmp_path: pathlib.Path) -> list[str]:
    (tmp_path / "a-dir").mkdir()
    (tmp_path / "text.sqlite").write_text("not a database\n")
    return [
        str(tmp_path / "missing" / "bank.sqlite"),
        str(tmp_path / "a-dir"),
        "/proc/no-bank.sqlite",
        str(tmp_path / "text.sqlite"),
    ]


def test_a_bank_that_cannot_be_made_there_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    for place in bank_places(tmp_path):
        code, _, err = run(capsys, *BUILD, "--per-grade", "1", "--db", place)
        assert code == 2 and err.count("\n") == 1 and place in err, (place, err)


@pytest.mark.parametrize(
    "argv",
    [
        [*BUILD, "--per-grade", "1", "--scheduler", "not a url"],
        ["measure", NAME, "ladder", "--boards", "1", "--scheduler", "not a url"],
        ["bank", "export", "--grade", "bogus"],
        ["bank", "export", "--type", NAME, "--grade", FOREIGN_GRADE],
        ["bank", "export", "--size", "6,8"],
        ["serve", "--host", ""],
        ["serve", "--host", "not a host!!"],
    ],
    ids=lambda argv: " ".join(argv[:2] + argv[-2:]),
)
def test_other_bad_options_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    if "--scheduler" in argv:
        pytest.importorskip("distributed")
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err


def test_a_build_on_a_scheduler_it_cannot_reach_leaves_no_bank_behind(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # An empty bank left here would hide the shipped one from list and export.
    pytest.importorskip("distributed")
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *BUILD, "--per-grade", "1", "--scheduler", "not a url")
    assert code == 2 and out == "" and "scheduler" in err
    assert list(tmp_path.iterdir()) == []


def test_serve_on_a_port_in_use_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = str(taken.getsockname()[1])
        code, _, err = run(capsys, "serve", "--port", port)
    assert code == 2 and err.count("\n") == 1 and port in err


@pytest.mark.parametrize("name", names())
def test_census_stops_at_its_seconds(capsys: pytest.CaptureFixture[str], name: str) -> None:
    # A 6×6 census takes minutes; a fraction of a second gives a lower bound.
    code, out, _ = run(capsys, "census", name, "--size", "6", "--seconds", "0.3", "--json")
    assert code == 0
    obj = json.loads(out)
    assert obj["complete"] is False and obj["boards"] >= 0
    code, out, _ = run(capsys, "census", name, "--size", "6", "--seconds", "0.3")
    assert code == 0 and out.startswith(f"{name} 6x6: at least ")
    rows, cols, boards = pencilbox.puzzle(name).samples.census
    code, out, _ = run(capsys, "census", name, "--size", str(rows), "--cols", str(cols), "--json")
    assert json.loads(out) == {"type": name, "rows": rows, "cols": cols, "boards": boards}


def test_running_out_of_memory_while_loading_is_one_line(slow_board: tuple[str, str]) -> None:
    """Under address-space ceilings that stop the program while Python loads
    it (the lower ones) or let it run, every run ends in its answer or in
    one line, exit 2: never a traceback."""
    import resource

    argv = ["count", *slow_board, "--seconds", "1"]
    for megabytes in (30, 36, 40, 44, 50):
        ceiling = megabytes * 1024 * 1024

        def limit(ceiling: int = ceiling) -> None:
            resource.setrlimit(resource.RLIMIT_AS, (ceiling, ceiling))

        proc = subprocess.run(
            [sys.executable, "-m", "pencilbox.entry", *argv],
            capture_output=True,
            text=True,
            preexec_fn=limit,
            timeout=120,
        )
        if proc.returncode != 0:
            assert proc.returncode == 2, (megabytes, proc.stderr[-500:])
            assert proc.stderr.count("\n") == 1, (megabytes, proc.stderr[-500:])
            assert proc.stderr.startswith("pencilbox: error: ")


def test_running_out_of_memory_while_working_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from pencilbox.commands import solve

    def hungry(args: object) -> list[dict[str, object]]:
        held = [bytearray(1 << 20)]  # what the work held when memory ran out
        raise MemoryError(len(held))

    monkeypatch.setattr(solve, "run", hungry)
    code, out, err = run(capsys, "solve", NAME, URL)
    assert code == 2 and out == ""
    assert err == "pencilbox: error: out of memory: the input is too large to process\n"
