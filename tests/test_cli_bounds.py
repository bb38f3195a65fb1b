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


# -- every bad input is one line -----------------------------------------------------------
URL = "https://puzz.link/p?yinyang/6/6/0qia2408lci8"
NOT_ASCII = [
    ["generate", "yinyang", "--size", "٦"],
    ["generate", "yinyang", "--size", "６"],
    ["generate", "yinyang", "--size", "6", "--cols", "٦"],
    ["generate", "yinyang", "--size", "6", "--density", "٠.5"],
    ["census", "yinyang", "--size", "٦"],
    [*BUILD[:4], "--sizes", "٦", "--per-grade", "1"],
    ["bank", "export", "--size", "٦"],
    ["measure", "yinyang", "density", "--size", "٦"],
    ["measure", "yinyang", "ladder", "--sizes", "٦"],
    ["measure", "yinyang", "density", "--densities", "٠.5"],
    ["measure", "numbrix", "survival", "--printed", "٣"],
    ["render", "yinyang", URL, "--per-page", "١", "--out", "never.svg"],
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
    code, _, err = run(capsys, command, "yinyang", URL, "--seconds=--")
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
    code, _, err = run(capsys, "solve", "yinyang", str(path))
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
        ["measure", "yinyang", "ladder", "--boards", "1", "--scheduler", "not a url"],
        ["bank", "export", "--grade", "bogus"],
        ["bank", "export", "--type", "cave", "--grade", "window"],
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


def test_serve_on_a_port_in_use_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = str(taken.getsockname()[1])
        code, _, err = run(capsys, "serve", "--port", port)
    assert code == 2 and err.count("\n") == 1 and port in err


def test_census_stops_at_its_seconds(capsys: pytest.CaptureFixture[str]) -> None:
    # A 6×6 Cave census takes minutes; a fraction of a second gives a lower bound.
    code, out, _ = run(capsys, "census", "cave", "--size", "6", "--seconds", "0.3", "--json")
    assert code == 0
    obj = json.loads(out)
    assert obj["complete"] is False and obj["boards"] >= 0
    code, out, _ = run(capsys, "census", "numbrix", "--size", "6", "--seconds", "0.3")
    assert code == 0 and out.startswith("numbrix 6x6: at least ")
    code, out, _ = run(capsys, "census", "yinyang", "--size", "4", "--json")
    assert json.loads(out) == {"type": "yinyang", "rows": 4, "cols": 4, "boards": 96}


def test_running_out_of_memory_while_loading_is_one_line() -> None:
    """Under address-space ceilings that stop the program while Python loads
    it (the lower ones) or let it run, every run ends in its answer or in
    one line, exit 2: never a traceback."""
    import resource

    argv = ["count", "kurotto", HARD_17X13, "--seconds", "1"]
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
    code, out, err = run(capsys, "solve", "yinyang", URL)
    assert code == 2 and out == ""
    assert err == "pencilbox: error: out of memory: the input is too large to process\n"
