"""Clean stops: a build killed at random moments resumes to the same bank;
SIGTERM, Ctrl-C and the builder's death leave no worker behind and keep
every finished board."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import time
from pathlib import Path

from pencilbox.bank import build

from ..web.test_hardening import alive, descendants, wait_until
from .conftest import PER_GRADE, SIZES, TYPES, board_set
from .test_resume import BUILD, recorded


def integrity(path: Path) -> str:
    db = sqlite3.connect(path)
    try:
        return str(db.execute("PRAGMA integrity_check").fetchone()[0])
    finally:
        db.close()


def duplicates(path: Path) -> int:
    db = sqlite3.connect(path)
    try:
        boards = db.execute(
            "SELECT count(*) FROM (SELECT 1 FROM boards GROUP BY type, rows, cols, puzzle "
            "HAVING count(*) > 1)"
        ).fetchone()[0]
        shared = db.execute(
            "SELECT count(*) FROM (SELECT 1 FROM tasks WHERE board IS NOT NULL "
            "GROUP BY board HAVING count(*) > 1)"
        ).fetchone()[0]
        return int(boards) + int(shared)
    finally:
        db.close()


def start(db: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [*BUILD, "--db", str(db)],
        start_new_session=True,  # its own process group, as a terminal would start it
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


def clean_up(proc: subprocess.Popen[bytes], below: set[int]) -> None:
    """After a failed test: leave no process of ours running."""
    for pid in [proc.pid, *below]:
        if alive(pid):
            os.kill(pid, signal.SIGKILL)
    proc.wait()


def workers_of(proc: subprocess.Popen[bytes]) -> set[int]:
    """The build's worker processes, once it has started them."""
    assert wait_until(lambda: len(descendants(proc.pid)) >= 2 or proc.poll() is not None, 60)
    return descendants(proc.pid)


def test_sigkill_at_random_moments_then_resume(small_bank: Path, tmp_path: Path) -> None:
    rng = random.Random(18)
    kills = 0
    banks = 0
    db = tmp_path / "killed-0.sqlite"
    for start_count in range(40):
        proc = start(db)
        below = workers_of(proc)
        time.sleep(rng.uniform(0.0, 0.5))  # a small build: often done within a second
        if proc.poll() is not None:
            # It finished before this kill: a bank resumed after every kill so far,
            # which must equal the uninterrupted one. Go on with a new bank.
            clean_up(proc, below)
            assert proc.returncode == 0
            assert integrity(db) == "ok"
            assert duplicates(db) == 0
            assert board_set(db) == board_set(small_bank)
            banks += 1
            db = tmp_path / f"killed-{start_count + 1}.sqlite"
            continue
        proc.send_signal(signal.SIGKILL)  # the builder only: its workers must follow
        proc.wait()
        kills += 1
        gone = wait_until(lambda b=below: not any(alive(p) for p in b), 10)
        clean_up(proc, below)
        assert gone, "workers left behind"
        assert integrity(db) == "ok"
        assert duplicates(db) == 0
        if kills >= 5:
            break
    assert kills >= 5, f"only {kills} kills landed in {banks} finished builds"
    build(db, TYPES, SIZES, PER_GRADE, workers=2)
    assert integrity(db) == "ok"
    assert duplicates(db) == 0
    assert board_set(db) == board_set(small_bank)


def stop_with(sig: signal.Signals, tmp_path: Path, small_bank: Path, group: bool) -> None:
    for attempt in range(3):
        db = tmp_path / f"{sig.name}-{attempt}.sqlite"
        proc = start(db)
        below = workers_of(proc)
        assert wait_until(lambda d=db, p=proc: recorded(d) >= 2 or p.poll() is not None, 60)
        if proc.poll() is not None:
            raise AssertionError("the build finished before it could be stopped")
        kept = recorded(db)
        if group:
            os.killpg(proc.pid, sig)  # Ctrl-C reaches the whole foreground group
        else:
            proc.send_signal(sig)
        try:
            _, err = proc.communicate(timeout=20)  # stops within a few seconds
            gone = wait_until(lambda b=below: not any(alive(p) for p in b), 10)
        finally:
            clean_up(proc, below)
        if proc.returncode != 0:
            break
        # The whole build takes about a second: it may finish in the instant
        # before the signal lands. A build that ignored the signal finishes
        # every time and fails below.
    assert proc.returncode == 2
    assert err.decode().strip().splitlines()[-1] == "pencilbox: error: interrupted"
    assert gone, "workers left behind"
    assert integrity(db) == "ok" and duplicates(db) == 0
    assert recorded(db) >= kept  # every finished board is kept
    assert board_set(db) <= board_set(small_bank)


def test_sigterm_stops_the_build_and_its_workers(small_bank: Path, tmp_path: Path) -> None:
    stop_with(signal.SIGTERM, tmp_path, small_bank, group=False)


def test_ctrl_c_stops_the_build_and_its_workers(small_bank: Path, tmp_path: Path) -> None:
    stop_with(signal.SIGINT, tmp_path, small_bank, group=True)
