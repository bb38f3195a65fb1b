"""The verdict store is a cache and nothing more: whatever is wrong with its
file (damaged, foreign, locked, read-only, not a file at all) or with a row
in it, the verdict is the one worked out afresh, the trouble is logged once
in one line, no command shows a traceback and no request gets a 5xx."""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import threading
from collections.abc import Callable, Iterator
from dataclasses import asdict, replace
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import pencilbox
from pencilbox import cli, verdicts
from pencilbox.engine.kind import Puzzle, PuzzleKind
from pencilbox.engine.verdict import Verdict, judge
from pencilbox.web.app import create_app

from .kinds import board, hardest, names

NAME = names()[0]


@pytest.fixture
def kind() -> PuzzleKind:
    return pencilbox.puzzle(NAME)


@pytest.fixture
def puzzle(kind: PuzzleKind) -> Puzzle:
    return board(kind, hardest(kind))[0]


@pytest.fixture(autouse=True)
def fresh_stores() -> Iterator[None]:
    """No store object outlives a test: each starts as a new process would."""
    verdicts._STORES.clear()
    yield
    verdicts._STORES.clear()


def settled(v: Verdict) -> Verdict:
    return replace(v, seconds=0.0)


def the_truth(kind: PuzzleKind, p: Puzzle) -> Verdict:
    return settled(judge(kind, p, kind.level_name(None)))


def filled_store(path: Path, kind: PuzzleKind) -> None:
    """A store with a verdict for every sample of ``kind`` (several pages)."""
    for s in kind.samples.graded:
        verdicts.verdict(kind, kind.parse(s.puzzle), path=path)
    for level in kind.levels:
        verdicts.verdict(kind, kind.parse(kind.samples.graded[0].puzzle), level, path=path)
    verdicts._STORES.clear()


def warnings_of(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "pencilbox.verdicts"]


# -- a damaged or odd file ------------------------------------------------------------
def truncated(path: Path, kind: PuzzleKind) -> Path:
    filled_store(path, kind)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    return path


def junk(path: Path, kind: PuzzleKind) -> Path:
    path.write_bytes(os.urandom(4096))
    return path


def junk_header(path: Path, kind: PuzzleKind) -> Path:
    filled_store(path, kind)
    data = bytearray(path.read_bytes())
    data[:100] = os.urandom(100)
    path.write_bytes(bytes(data))
    return path


def junk_pages(path: Path, kind: PuzzleKind) -> Path:
    filled_store(path, kind)
    data = bytearray(path.read_bytes())
    for start in range(4096, len(data), 4096):
        data[start : start + 4096] = os.urandom(min(4096, len(data) - start))
    path.write_bytes(bytes(data))
    return path


def a_device(path: Path, kind: PuzzleKind) -> Path:
    return Path("/dev/zero")


def a_random_device(path: Path, kind: PuzzleKind) -> Path:
    return Path("/dev/urandom")


def a_pipe(path: Path, kind: PuzzleKind) -> Path:
    os.mkfifo(path)  # nobody writes to it: opening it to read would wait for ever
    return path


def a_folder(path: Path, kind: PuzzleKind) -> Path:
    path.mkdir()
    return path


def under_a_file(path: Path, kind: PuzzleKind) -> Path:
    path.write_text("a file, not a folder")
    return path / "verdicts.sqlite"


def a_symlink_loop(path: Path, kind: PuzzleKind) -> Path:
    other = path.with_name("other")
    path.symlink_to(other)
    other.symlink_to(path)
    return path


def a_long_name(path: Path, kind: PuzzleKind) -> Path:
    return path.with_name("v" * 300)


DAMAGE = [
    truncated,
    junk,
    junk_header,
    junk_pages,
    a_device,
    a_random_device,
    a_pipe,
    a_folder,
    under_a_file,
    a_symlink_loop,
    a_long_name,
]


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_store_that_cannot_be_used_is_skipped(
    damage: Callable[[Path, PuzzleKind], Path],
    kind: PuzzleKind,
    puzzle: Puzzle,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    path = damage(tmp_path / "verdicts.sqlite", kind)
    truth = the_truth(kind, puzzle)
    for _ in range(2):  # the second ask: from memory, or again without the file
        assert settled(verdicts.verdict(kind, puzzle, path=path)) == truth
    other = kind.parse(kind.samples.graded[0].puzzle)
    assert settled(verdicts.verdict(kind, other, path=path)) == the_truth(kind, other)
    said = warnings_of(caplog)
    # A file damaged in places may still answer: then nothing is wrong to say.
    assert len(said) <= 1 and all("\n" not in line for line in said)
    if damage not in (junk_pages, truncated):
        assert len(said) == 1 and str(path) in said[0]


@pytest.mark.parametrize("damage", [junk, a_pipe, a_device, truncated])
def test_the_command_line_says_one_line_and_grades(
    damage: Callable[[Path, PuzzleKind], Path],
    kind: PuzzleKind,
    puzzle: Puzzle,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = damage(tmp_path / "verdicts.sqlite", kind)
    monkeypatch.setenv(verdicts.ENV, str(path))
    verdicts._STORES.clear()
    assert cli.main(["grade", NAME, kind.to_url(puzzle)]) == 0
    out, err = capsys.readouterr()
    assert out.split("\n")[0] == the_truth(kind, puzzle).summary
    assert "Traceback" not in err and len(err.strip().splitlines()) <= 1


def test_a_lock_held_too_long_is_skipped_for_a_while(
    kind: PuzzleKind,
    puzzle: Puzzle,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    path = tmp_path / "verdicts.sqlite"
    filled_store(path, kind)
    monkeypatch.setattr(verdicts, "LOCK_SECONDS", 0.2)
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN EXCLUSIVE")  # another program writing, and not letting go
    try:
        truth = the_truth(kind, puzzle)
        assert settled(verdicts.verdict(kind, puzzle, path=path)) == truth
        shelf = verdicts.store(path)
        assert shelf.resting_until > 0 and not shelf.broken
        other = kind.parse(kind.samples.graded[0].puzzle)
        assert settled(verdicts.verdict(kind, other, path=path)) == the_truth(kind, other)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    said = warnings_of(caplog)
    assert len(said) == 1 and "locked" in said[0]
    # Once the rest is over the store is used again.
    shelf.resting_until = 0.0
    shelf.memory.clear()
    verdicts.verdict(kind, puzzle, path=path)
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT count(*) FROM verdicts").fetchone()[0] > 0


def test_a_read_only_store_is_skipped(
    kind: PuzzleKind,
    puzzle: Puzzle,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    path = tmp_path / "verdicts.sqlite"
    filled_store(path, kind)
    real = sqlite3.connect

    def read_only(target: object, **kw: object) -> sqlite3.Connection:
        return real(f"file:{target}?mode=ro", uri=True, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(verdicts.sqlite3, "connect", read_only)
    fresh = kind.parse(kind.samples.graded[-1].puzzle)
    v = verdicts.verdict(kind, fresh, level=kind.levels[0], budget=12345, path=path)
    assert settled(v) == settled(judge(kind, fresh, kind.levels[0], 12345))
    said = warnings_of(caplog)
    assert len(said) == 1 and "readonly" in said[0].replace("-", "").replace(" ", "")


# -- a damaged row ----------------------------------------------------------------------
def good_body(kind: PuzzleKind, p: Puzzle) -> dict[str, object]:
    return asdict(judge(kind, p, kind.level_name(None)))


def another_puzzles_body(kind: PuzzleKind, p: Puzzle) -> dict[str, object]:
    """A sound verdict, of another board of the same size."""
    for s in kind.samples.graded:
        q = kind.parse(s.puzzle)
        if (q.rows, q.cols) == (p.rows, p.cols) and q != p:
            return asdict(judge(kind, q, kind.level_name(None)))
    body = good_body(kind, p)
    solution = list(body["solutions"][0])  # type: ignore[index]
    solution[0] = solution[0] + 1
    return {**body, "solutions": [solution]}


ROWS: dict[str, Callable[[PuzzleKind, Puzzle], object]] = {
    "an empty object": lambda kind, p: {},
    "an empty list": lambda kind, p: [],
    "null": lambda kind, p: None,
    "a number": lambda kind, p: 7,
    "a field missing": lambda kind, p: {
        k: v for k, v in good_body(kind, p).items() if k != "solutions"
    },
    "a field too many": lambda kind, p: {**good_body(kind, p), "extra": 1},
    "solutions not a list": lambda kind, p: {**good_body(kind, p), "solutions": 5},
    "a solution of strings": lambda kind, p: {
        **good_body(kind, p),
        "solutions": [["x"] * (p.rows * p.cols)],
    },
    "a solution too short": lambda kind, p: {**good_body(kind, p), "solutions": [[0]]},
    "cells off the board": lambda kind, p: {**good_body(kind, p), "undecided": [10**6]},
    "cells that are words": lambda kind, p: {**good_body(kind, p), "cells": ["a"]},
    "an unknown verdict word": lambda kind, p: {**good_body(kind, p), "verdict": "maybe"},
    "an unknown level": lambda kind, p: {**good_body(kind, p), "level": "nowhere"},
    "a grade that is a number": lambda kind, p: {**good_body(kind, p), "grade": 3},
    "a budget of true": lambda kind, p: {**good_body(kind, p), "budget": True},
    "another board's verdict": another_puzzles_body,
}


def damage_row(path: Path, text: str) -> None:
    with sqlite3.connect(path) as db:
        assert db.execute("UPDATE verdicts SET body = ?", (text,)).rowcount == 1


@pytest.mark.parametrize("what", [*ROWS, "not JSON", "JSON a mile deep", "a blob"])
def test_a_damaged_row_is_dropped_never_served(
    what: str,
    kind: PuzzleKind,
    puzzle: Puzzle,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    path = tmp_path / "verdicts.sqlite"
    truth = settled(verdicts.verdict(kind, puzzle, path=path))
    if what == "not JSON":
        damage_row(path, "{'verdict': 'unique'")
    elif what == "JSON a mile deep":
        damage_row(path, "[" * 100_000 + "]" * 100_000)
    elif what == "a blob":
        with sqlite3.connect(path) as db:
            db.execute("UPDATE verdicts SET body = ?", (b"\x00\xff" * 10,))
    else:
        damage_row(path, json.dumps(ROWS[what](kind, puzzle)))
    verdicts._STORES.clear()  # another process: nothing in memory
    asked = []
    real = verdicts.judge

    def counted(*args: object, **kw: object) -> Verdict:
        asked.append(1)
        return real(*args, **kw)  # type: ignore[arg-type]

    verdicts.judge = counted  # type: ignore[assignment]
    try:
        assert settled(verdicts.verdict(kind, puzzle, path=path)) == truth
    finally:
        verdicts.judge = real
    assert asked == [1]  # worked out afresh, not served
    said = warnings_of(caplog)
    assert len(said) == 1 and "damaged" in said[0]
    # Worked out again, it is kept again, sound.
    with sqlite3.connect(path) as db:
        (text,) = db.execute("SELECT body FROM verdicts").fetchone()
    assert settled(verdicts.from_body(json.loads(text), kind, puzzle)) == truth


# -- the server -------------------------------------------------------------------------
@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(None, workers=1), base_url="http://localhost") as c:
        yield c


@pytest.mark.parametrize("damage", [junk, a_pipe, a_folder, "{}", "[]", "another board's verdict"])
def test_the_server_answers_whatever_the_store(
    damage: object,
    kind: PuzzleKind,
    puzzle: Puzzle,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    client: TestClient,
) -> None:
    path = tmp_path / "verdicts.sqlite"
    body = {"puzzle": kind.format(puzzle), "type": NAME}
    if isinstance(damage, str):
        verdicts.verdict(kind, puzzle, path=path)
        row = ROWS[damage](kind, puzzle) if damage in ROWS else json.loads(damage)
        damage_row(path, json.dumps(row))
    else:
        path = damage(path, kind)  # type: ignore[operator]
    monkeypatch.setenv(verdicts.ENV, str(path))
    verdicts._STORES.clear()
    truth = the_truth(kind, puzzle)
    for _ in range(2):
        r = client.post("/api/analyze", json=body)
        assert r.status_code == 200, r.text
        assert (r.json()["verdict"], r.json()["summary"]) == (truth.verdict, truth.summary)


def test_a_store_read_from_several_threads_stays_whole(kind: PuzzleKind, tmp_path: Path) -> None:
    """The server reads the store from its thread pool: asks at once from
    many threads never break it."""
    path = tmp_path / "verdicts.sqlite"
    boards = [kind.parse(s.puzzle) for s in kind.samples.graded]
    truths = [settled(verdicts.verdict(kind, p, path=path)) for p in boards]
    verdicts._STORES.clear()
    got: list[tuple[int, Verdict | None]] = []

    def ask(i: int) -> None:
        for _ in range(5):
            got.append(
                (i, verdicts.kept(kind, boards[i], kind.level_name(None), None, "case", path))
            )

    threads = [threading.Thread(target=ask, args=(i % len(boards),)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not verdicts.store(path).broken
    assert all(v is not None and settled(v) == truths[i] for i, v in got)


def test_nothing_is_logged_for_a_sound_store(
    kind: PuzzleKind, puzzle: Puzzle, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    path = tmp_path / "verdicts.sqlite"
    verdicts.verdict(kind, puzzle, path=path)
    verdicts._STORES.clear()
    verdicts.verdict(kind, puzzle, path=path)
    assert warnings_of(caplog) == []
