"""The command line reads only what it can: every command that reads a file,
given a device, a pipe with no writer, a folder, a file over the size it
reads, a symlink loop, a name too long, a file the system cannot read or one
it may not, exits with status 2 and one line, at once (never waiting, never
reading without end, never a traceback); standard input is read up to the
same size."""

from __future__ import annotations

import io
import json
import os
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

import pencilbox
from pencilbox.cli import main
from pencilbox.formats.registry import MAX_INPUT

from .kinds import names, sample

NAME = names()[0]
KIND = pencilbox.puzzle(NAME)
URL = KIND.to_url(KIND.parse(sample(KIND).puzzle))

COMMANDS: dict[str, list[str]] = {
    "solve": ["solve", NAME, "{}"],
    "count": ["count", NAME, "{}"],
    "hint": ["hint", NAME, "{}"],
    "hint --marks": ["hint", NAME, URL, "--marks", "{}"],
    "grade": ["grade", NAME, "{}"],
    "gapcheck": ["gapcheck", NAME, "{}"],
    "convert": ["convert", NAME, "{}", "--to", "text"],
    "render": ["render", NAME, "{}", "--out", "{out}/sheet.svg"],
    "analyze": ["analyze", NAME, "{}"],
    "bank list": ["bank", "list", "--db", "{}"],
    "bank show": ["bank", "show", "1", "--db", "{}"],
    "bank export": ["bank", "export", "--db", "{}"],
    "bank build": ["bank", "build", "--db", "{}", "--type", NAME, "--sizes", "6",
                   "--per-grade", "0", "--quiet"],
    "measure likeness --against": ["measure", NAME, "likeness", "--against", "{}",
                                   "--workers", "1", "--quiet"],
    "measure likeness --db": ["measure", NAME, "likeness", "--against", URL, "--db", "{}",
                              "--workers", "1", "--quiet"],
    "site --bank": ["site", "{out}/site", "--bank", "{}", "--cache", "{out}/cache"],
    "site --cache": ["site", "{out}/site", "--no-bank", "--cache", "{}"],
    "site --manual": ["site", "{out}/site", "--no-bank", "--cache", "{out}/cache",
                      "--manual", "{}"],
}  # fmt: skip
"""Every command that reads a file (or a folder: the site's cache), with
``{}`` where the file goes."""


def device(tmp: Path) -> str:
    return "/dev/zero"


def random_device(tmp: Path) -> str:
    return "/dev/urandom"


def pipe(tmp: Path) -> str:
    os.mkfifo(tmp / "pipe")  # no writer: opening it to read waits for one
    return str(tmp / "pipe")


def folder(tmp: Path) -> str:
    (tmp / "folder").mkdir()
    return str(tmp / "folder")


def too_large(tmp: Path) -> str:
    with open(tmp / "large.txt", "wb") as f:
        f.truncate(MAX_INPUT + 1)  # sparse: nothing is written
    return str(tmp / "large.txt")


def symlink_loop(tmp: Path) -> str:
    (tmp / "a").symlink_to(tmp / "b")
    (tmp / "b").symlink_to(tmp / "a")
    return str(tmp / "a")


def long_name(tmp: Path) -> str:
    return str(tmp / ("n" * 300))


def proc_mem(tmp: Path) -> str:
    return "/proc/self/mem"  # a regular file to stat; reading it is an I/O error


def through_a_file(tmp: Path) -> str:
    (tmp / "file").write_text(URL)
    return str(tmp / "file" / "puzzle.txt")


CASES: list[Callable[[Path], str]] = [
    device,
    random_device,
    pipe,
    folder,
    too_large,
    symlink_loop,
    long_name,
    proc_mem,
    through_a_file,
]
EXEMPT = {("site --cache", "folder")}
"""A folder is what the site's cache is."""


def refused_at_once(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, float]:
    """The exit status, what was said on stderr and the CPU seconds taken
    (the test fails if the command is still waiting 20 s later)."""
    done: dict[str, object] = {}

    def run() -> None:
        t0 = time.thread_time()
        done["code"] = main(argv)
        done["cpu"] = time.thread_time() - t0

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(20)
    assert not thread.is_alive(), f"{argv} is still waiting"
    out, err = capsys.readouterr()
    return int(done["code"]), err, float(done["cpu"])  # type: ignore[call-overload]


@pytest.fixture(scope="module", autouse=True)
def warm() -> None:
    """Each command's modules loaded once, so the timing is the command's."""
    for argv in COMMANDS.values():
        main([a.format("/nonexistent/file", out="/nonexistent") for a in argv])


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.__name__)
@pytest.mark.parametrize("command", COMMANDS)
def test_an_odd_file_is_one_line_at_once(
    command: str,
    case: Callable[[Path], str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    if (command, case.__name__) in EXEMPT:
        pytest.skip("a folder is what this option takes")
    path = case(tmp_path)
    argv = [a.format(path, out=tmp_path) for a in COMMANDS[command]]
    code, err, cpu = refused_at_once(argv, capsys)
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and lines[0].startswith("pencilbox: error:"), err
    assert "Traceback" not in err
    assert cpu < 1.0, f"{cpu:.2f} s of CPU"


def test_the_json_error_is_one_line_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, err, _ = refused_at_once(["solve", NAME, pipe(tmp_path), "--json"], capsys)
    assert code == 2 and "pipe" in json.loads(err)["error"]


class Stdin:
    def __init__(self, stream: io.BufferedIOBase) -> None:
        self.buffer = stream


@pytest.mark.parametrize("command", ["solve", "grade", "convert"])
def test_standard_input_is_read_up_to_the_same_size(
    command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with open("/dev/zero", "rb") as endless:
        monkeypatch.setattr(sys, "stdin", Stdin(endless))
        argv = [a.format("-", out="") for a in COMMANDS[command]]
        code, err, _ = refused_at_once(argv, capsys)
    assert code == 2 and "standard input" in err and f"{MAX_INPUT // 2**20} MiB" in err


def test_standard_input_still_reads_puzzles(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = KIND.format(KIND.parse(sample(KIND).puzzle))
    monkeypatch.setattr(sys, "stdin", Stdin(io.BytesIO(text.encode())))
    assert main(["solve", NAME, "-"]) == 0
    assert capsys.readouterr().out.strip()


def test_a_file_just_within_the_size_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The size is the limit, not less: a file of puzzles padded with blank
    lines up to it is read (and its one puzzle solved)."""
    path = tmp_path / "padded.txt"
    line = URL + "\n"
    path.write_text(line + "\n" * (MAX_INPUT - len(line)))
    assert path.stat().st_size == MAX_INPUT
    assert main(["convert", NAME, str(path), "--to", "url"]) == 0
    assert capsys.readouterr().out.strip() == URL


def as_nobody(argv: list[str]) -> tuple[int, str]:
    """``main(argv)`` in a child process run as a user who may read nothing
    of root's (forked, so it needs to read no module): exit status, stderr."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        code = 99
        try:
            os.close(read)
            os.setgid(65534)
            os.setuid(65534)
            sys.stderr = io.TextIOWrapper(os.fdopen(write, "wb", buffering=0), write_through=True)
            code = main(argv)
        finally:
            os._exit(code)
    os.close(write)
    with os.fdopen(read, "rb") as f:
        said = f.read().decode()
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), said


def test_a_file_that_may_not_be_read_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "secret.txt"
    path.write_text(URL)
    path.chmod(0)
    if os.geteuid() == 0:  # root may read anything: ask as nobody
        code, err = as_nobody(["solve", NAME, str(path)])
    else:
        code, err, _ = refused_at_once(["solve", NAME, str(path)], capsys)
    assert code == 2, err
    (line,) = err.strip().splitlines()
    said, why = "pencilbox: error: cannot read ", ": Permission denied"
    assert line.startswith(said) and line.endswith(why), line
    shown = line[len(said) : -len(why)]  # a long path is cut short, with "..."
    assert shown == str(path) or (shown.endswith("...") and str(path).startswith(shown[:-3]))
