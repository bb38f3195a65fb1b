"""A build killed with SIGKILL mid-way and resumed equals an uninterrupted one;
a Dask cluster builds the same boards as the process pool."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pencilbox.bank import build

from .conftest import PER_GRADE, SIZES, TYPES, board_set

BUILD = [
    sys.executable,
    "-m",
    "pencilbox.cli",
    "bank",
    "build",
    "--type",
    ",".join(TYPES),
    "--sizes",
    ",".join(f"{r}x{c}" for r, c in SIZES),
    "--per-grade",
    str(PER_GRADE),
    "--workers",
    "2",
    "--quiet",
]


def recorded(path: Path) -> int:
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5)
        try:
            return int(db.execute("SELECT count(*) FROM tasks").fetchone()[0])
        finally:
            db.close()
    except sqlite3.Error:
        return 0


def test_kill_and_resume_loses_nothing_and_duplicates_nothing(
    small_bank: Path, tmp_path: Path
) -> None:
    db = tmp_path / "killed.sqlite"
    total = len(board_set(small_bank))
    proc = subprocess.Popen(
        [*BUILD, "--db", str(db)],
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 60
        while recorded(db) < 3 and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    partial = board_set(db)
    assert 0 < len(partial) < total, "the build was not killed mid-way"
    assert partial <= board_set(small_bank)
    build(db, TYPES, SIZES, PER_GRADE, workers=1)
    assert board_set(db) == board_set(small_bank)
    build(db, TYPES, SIZES, PER_GRADE, workers=1)  # a finished build has nothing to do
    assert len(board_set(db)) == total


def test_dask_cluster_builds_the_same_boards(small_bank: Path, tmp_path: Path) -> None:
    distributed = pytest.importorskip(
        "distributed", reason="Dask is not installed (pip install 'pencilbox[dask]')"
    )
    db = tmp_path / "dask.sqlite"
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        build(db, TYPES[:1], SIZES, PER_GRADE, scheduler=cluster.scheduler_address)
    expected = {b for b in board_set(small_bank) if b[0] == TYPES[0]}
    assert expected and board_set(db) == expected
