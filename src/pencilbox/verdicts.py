"""Verdicts remembered by the puzzle's canonical form, across processes.

A verdict depends only on the puzzle, the level whose undecided cells it
reports, its budget of work units, how far its grade may climb, and the
code that found it (:mod:`pencilbox.engine.verdict`): never on the machine
or its load. So it can be kept and handed out again: asking a second time —
from another browser tab, after a reload, from the command line after the
browser — answers at once. The key is the puzzle's URL (its canonical form:
two texts of the same board have one URL), the level, the budget and the
rung, and a fingerprint of the engine's and the puzzles' source, so a
changed ladder never serves an old verdict. A verdict the safety clock cut
short depends on the machine and is never kept.

The store is a small SQLite file, ``$PENCILBOX_CACHE`` (``off`` turns the
store off), by default ``verdicts.sqlite`` in the user's cache directory
(``$XDG_CACHE_HOME/pencilbox``, else ``~/.cache/pencilbox``); a store that
cannot be opened or written is skipped silently (a verdict is then just
found again). An in-memory table in front of it serves a process's own
repeats.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict
from functools import cache
from pathlib import Path
from typing import Any

import pencilbox
from pencilbox.engine import cases
from pencilbox.engine.kind import Puzzle, PuzzleKind
from pencilbox.engine.verdict import Verdict, judge

MEMORY = 256
"""Verdicts a process keeps in memory."""
ENV = "PENCILBOX_CACHE"


@cache
def fingerprint() -> str:
    """A hash of pencilbox's engine and puzzle sources (and its version):
    what a verdict was found by."""
    root = Path(pencilbox.__file__).parent
    h = hashlib.sha256(pencilbox.__version__.encode())
    for folder in ("engine", "puzzles"):
        for path in sorted((root / folder).rglob("*.py")):
            h.update(path.relative_to(root).as_posix().encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:16]


def default_path() -> Path | None:
    """Where the verdict store lives (None: it is off)."""
    chosen = os.environ.get(ENV, "")
    if chosen.lower() == "off":
        return None
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "pencilbox" / "verdicts.sqlite"


class VerdictStore:
    """Verdicts by key: memory first, then the SQLite file."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.lock = threading.Lock()
        self.memory: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self.broken = False

    @contextmanager
    def _db(self) -> Iterator[sqlite3.Connection | None]:
        if self.path is None or self.broken:
            yield None
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(self.path, timeout=2.0)
        except (OSError, sqlite3.Error):
            self.broken = True
            yield None
            return
        try:
            db.execute("CREATE TABLE IF NOT EXISTS verdicts (key TEXT PRIMARY KEY, body TEXT)")
            yield db
            db.commit()
        except sqlite3.Error:
            self.broken = True
        finally:
            db.close()

    def get(self, key: str) -> dict[str, Any] | None:
        with self.lock:
            if key in self.memory:
                self.memory.move_to_end(key)
                return self.memory[key]
        with self._db() as db:
            if db is None:
                return None
            row = db.execute("SELECT body FROM verdicts WHERE key = ?", (key,)).fetchone()
        if row is None:
            return None
        try:
            body: dict[str, Any] = json.loads(row[0])
        except ValueError:
            return None
        self._remember(key, body)
        return body

    def put(self, key: str, body: dict[str, Any]) -> None:
        self._remember(key, body)
        with self._db() as db:
            if db is not None:
                db.execute(
                    "INSERT OR REPLACE INTO verdicts (key, body) VALUES (?, ?)",
                    (key, json.dumps(body)),
                )

    def _remember(self, key: str, body: dict[str, Any]) -> None:
        with self.lock:
            self.memory[key] = body
            self.memory.move_to_end(key)
            while len(self.memory) > MEMORY:
                self.memory.popitem(last=False)


_STORES: dict[Path | None, VerdictStore] = {}


def store(path: Path | None | str = "default") -> VerdictStore:
    """The store at ``path`` (default: where ``$PENCILBOX_CACHE`` says; None:
    memory only), one per path and process."""
    if isinstance(path, str):
        path = default_path() if path == "default" else Path(path)
    found = _STORES.get(path)
    if found is None:
        found = _STORES[path] = VerdictStore(path)
    return found


def key_of(kind: PuzzleKind, p: Puzzle, level: str, budget: int | None, upto: str) -> str:
    return json.dumps([fingerprint(), kind.name, kind.to_url(p), level, budget, upto])


def verdict(
    kind: PuzzleKind,
    p: Puzzle,
    level: int | str | None = None,
    budget: int | None = None,
    seconds: float | None = None,
    upto: str = cases.CASE,
    remember: bool = True,
    path: Path | None | str = "default",
) -> Verdict:
    """:func:`pencilbox.engine.verdict.judge`, answered from the store at
    ``path`` (see :func:`store`) when the same question was asked before
    (``remember=False``: ask afresh and keep nothing)."""
    name = kind.level_name(level)
    if not remember:
        return judge(kind, p, name, budget, seconds, upto)
    key = key_of(kind, p, name, budget, upto)
    shelf = store(path)
    kept = shelf.get(key)
    if kept is not None:
        try:
            return from_body(kept)
        except (TypeError, ValueError):
            pass
    v = judge(kind, p, name, budget, seconds, upto)
    if v.stop != "clock":
        shelf.put(key, _to_body(v))
    return v


def busy(kind: PuzzleKind, p: Puzzle, level: str, budget: int | None, upto: str) -> Verdict:
    """The verdict of a server too busy to start the work: unknown, saying so."""
    return Verdict(
        "unknown",
        None,
        level,
        reason="the server was busy and could not start the work; ask again in a moment",
        upto=upto,
        stop="busy",
        budget=budget,
    )


def _to_body(v: Verdict) -> dict[str, Any]:
    return asdict(v)


def from_body(body: dict[str, Any]) -> Verdict:
    """A verdict read back from the store."""
    fields = dict(body)
    for name in ("solutions",):
        fields[name] = tuple(tuple(x) for x in fields[name])
    for name in ("differ", "undecided", "cells"):
        fields[name] = tuple(fields[name])
    fields["seconds"] = 0.0
    return Verdict(**fields)
