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
(``$XDG_CACHE_HOME/pencilbox``, else ``~/.cache/pencilbox``). It is a cache
and nothing more: a store that cannot be opened, read or written (a damaged
or foreign file, a path that is a folder, a device or a pipe, a read-only
place) is skipped for the rest of the process, and one held locked by
another program for :data:`LOCK_SECONDS` is skipped for :data:`LOCK_REST`
seconds; either is logged once, in one line, and the verdict is found as if
there were no store. A kept verdict is served only when it reads back as a
verdict of the puzzle asked about (its fields, their kinds, its cells and
its answers, which must solve the puzzle); a damaged one is dropped from the
store, logged once, and found again. An in-memory table in front of the file
serves a process's own repeats.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import sqlite3
import stat
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import asdict, fields
from functools import cache
from pathlib import Path
from typing import Any, TypeGuard, TypeVar

import pencilbox
from pencilbox.engine import cases
from pencilbox.engine.kind import Puzzle, PuzzleKind
from pencilbox.engine.verdict import DEFAULT_UNITS, RUNGS, VERDICTS, Verdict, judge

T = TypeVar("T")

MEMORY = 256
"""Verdicts a process keeps in memory."""
ENV = "PENCILBOX_CACHE"
LOCK_SECONDS = 2.0
"""How long a look at the store waits for another program's lock on it."""
LOCK_REST = 60.0
"""Seconds a store found locked is left alone before it is tried again."""
LOG = logging.getLogger("pencilbox.verdicts")


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


class DamagedVerdict(ValueError):
    """A kept verdict that does not read back as a verdict of its puzzle."""


class VerdictStore:
    """Verdicts by key: memory first, then the SQLite file (see the module's
    doc for what happens when the file cannot be used)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.lock = threading.Lock()
        self.memory: OrderedDict[str, Verdict] = OrderedDict()
        self.broken = False
        """The file could not be used: it is skipped from now on."""
        self.resting_until = 0.0
        """A locked file is skipped until then (``time.monotonic()``)."""
        self.told: set[str] = set()
        """What has been logged already (each kind of trouble once)."""

    # -- the file, or nothing ---------------------------------------------------
    def _connect(self) -> sqlite3.Connection | None:
        if self.path is None or self.broken or time.monotonic() < self.resting_until:
            return None
        db = None
        try:
            refuse_odd_file(self.path)
            self.path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(self.path, timeout=LOCK_SECONDS)
            db.execute("CREATE TABLE IF NOT EXISTS verdicts (key TEXT PRIMARY KEY, body TEXT)")
            return db
        except (OSError, sqlite3.Error) as e:
            if db is not None:
                db.close()
            self._skip(e)
            return None

    def _use(self, work: Callable[[sqlite3.Connection], T]) -> T | None:
        """``work`` on the open file, committed; None when the file cannot
        be used (the trouble logged, the file skipped)."""
        db = self._connect()
        if db is None:
            return None
        try:
            with db:  # commits, or rolls back on an error
                return work(db)
        except (OSError, sqlite3.Error) as e:
            self._skip(e)
            return None
        finally:
            db.close()

    def _skip(self, e: BaseException) -> None:
        """Skip the file after ``e``: for a while when another program holds
        it locked, else for good; say so once."""
        locked = isinstance(e, sqlite3.OperationalError) and "locked" in str(e)
        if locked:
            self.resting_until = time.monotonic() + LOCK_REST
            self._tell(
                "locked",
                f"the verdict cache {self.path} is locked by another program; "
                f"verdicts are worked out afresh for {LOCK_REST:g} s",
            )
        else:
            self.broken = True
            self._tell(
                "broken",
                f"the verdict cache {self.path} cannot be used ({describe(e)}); "
                "verdicts are worked out afresh",
            )

    def _tell(self, what: str, message: str) -> None:
        """Log ``message`` in one line, once for each ``what``."""
        with self.lock:
            if what in self.told:
                return
            self.told.add(what)
        LOG.warning("pencilbox: %s", message)

    # -- verdicts ---------------------------------------------------------------
    def get(self, key: str, kind: PuzzleKind, p: Puzzle) -> Verdict | None:
        """The verdict kept under ``key`` for the puzzle ``p`` of ``kind``;
        None when there is none, or the one kept is damaged (then it is
        dropped from the file)."""
        with self.lock:
            if key in self.memory:
                self.memory.move_to_end(key)
                return self.memory[key]

        def read(db: sqlite3.Connection) -> Any:
            row = db.execute("SELECT body FROM verdicts WHERE key = ?", (key,)).fetchone()
            return None if row is None else row[0]

        text = self._use(read)
        if text is None:
            return None
        try:
            v = from_body(json.loads(text), kind, p)
        except (DamagedVerdict, TypeError, ValueError, RecursionError) as e:
            self._use(lambda db: db.execute("DELETE FROM verdicts WHERE key = ?", (key,)))
            self._tell(
                "damaged",
                f"a damaged verdict in the verdict cache {self.path} was dropped ({e}) "
                "and is worked out afresh",
            )
            return None
        self._remember(key, v)
        return v

    def put(self, key: str, v: Verdict) -> None:
        self._remember(key, v)
        body = json.dumps(asdict(v))
        self._use(
            lambda db: db.execute(
                "INSERT OR REPLACE INTO verdicts (key, body) VALUES (?, ?)", (key, body)
            )
        )

    def _remember(self, key: str, v: Verdict) -> None:
        with self.lock:
            self.memory[key] = v
            self.memory.move_to_end(key)
            while len(self.memory) > MEMORY:
                self.memory.popitem(last=False)


def refuse_odd_file(path: Path) -> None:
    """OSError unless ``path`` is a regular file or nothing yet: SQLite
    would block on a pipe and read a device without end."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return
    if not stat.S_ISREG(mode):
        raise OSError("not a regular file")


def describe(e: BaseException) -> str:
    """An error in a few words: an OSError by its reason, others by their message."""
    if isinstance(e, OSError) and e.strerror:
        return e.strerror
    return str(e) or type(e).__name__


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


def kept(
    kind: PuzzleKind,
    p: Puzzle,
    level: str,
    budget: int | None,
    upto: str,
    path: Path | None | str = "default",
) -> Verdict | None:
    """The verdict the store at ``path`` keeps for this question, if any
    (and it is sound: see :meth:`VerdictStore.get`)."""
    v = store(path).get(key_of(kind, p, level, budget, upto), kind, p)
    if v is None or v.upto != upto or v.budget != (DEFAULT_UNITS if budget is None else budget):
        return None
    return v


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
    found = kept(kind, p, name, budget, upto, path)
    if found is not None:
        return found
    v = judge(kind, p, name, budget, seconds, upto)
    if v.stop != "clock":
        store(path).put(key_of(kind, p, name, budget, upto), v)
    return v


UNFINISHED = {
    "busy": "the server was busy and could not start the work; ask again in a moment",
    "died": "the work stopped: its worker died; ask again",
}
"""Why a server's verdict is unknown with no work done, by its ``stop``."""


def unfinished(stop: str, level: str, budget: int | None, upto: str) -> Verdict:
    """The verdict of a server that could not finish the work (``stop``
    "busy": no worker was free to start it; "died": its worker died under
    it): unknown, saying so."""
    return Verdict(
        "unknown", None, level, reason=UNFINISHED[stop], upto=upto, stop=stop, budget=budget
    )


FIELDS = frozenset(f.name for f in fields(Verdict))


def from_body(body: object, kind: PuzzleKind, p: Puzzle) -> Verdict:
    """A verdict of ``p`` read back from the store; :class:`DamagedVerdict`
    unless every field is there, of its kind, its cells are cells of ``p``
    and every answer it holds solves ``p``."""
    if not isinstance(body, dict) or set(body) != FIELDS:
        raise DamagedVerdict("not the fields of a verdict")
    n = p.rows * p.cols

    def whole(name: str, low: int = 0) -> int:
        value = body[name]
        if not is_whole(value) or value < low:
            raise DamagedVerdict(f"its {name} is not a whole number")
        return value

    def text(name: str, allowed: tuple[str, ...] | None = None) -> str:
        value = body[name]
        if not isinstance(value, str) or (allowed is not None and value not in allowed):
            raise DamagedVerdict(f"its {name} is not one this puzzle can have")
        return value

    def cells(name: str) -> tuple[int, ...]:
        items = body[name]
        if not isinstance(items, list) or not all(is_whole(c) and 0 <= c < n for c in items):
            raise DamagedVerdict(f"its {name} are not cells of the board")
        return tuple(items)

    solutions = body["solutions"]
    if not isinstance(solutions, list):
        raise DamagedVerdict("its solutions are not a list")
    answers = []
    for s in solutions:
        if not (isinstance(s, list) and len(s) == n and all(is_whole(v) for v in s)):
            raise DamagedVerdict("a solution it holds is not one of this board")
        answers.append(tuple(s))
    grades = (*kind.levels, cases.CASE, "beyond")
    grade = None if body["grade"] is None else text("grade", grades)
    v = Verdict(
        verdict=text("verdict", VERDICTS),
        grade=grade,
        level=text("level", kind.levels),
        solutions=tuple(answers),
        differ=cells("differ"),
        undecided=cells("undecided"),
        reason=text("reason"),
        cells=cells("cells"),
        case_size=None if body["case_size"] is None else whole("case_size"),
        guesses=whole("guesses"),
        upto=text("upto", RUNGS),
        stop=None if body["stop"] is None else text("stop", ("work",)),
        budget=None if body["budget"] is None else whole("budget", 1),
        work=whole("work"),
        seconds=0.0,
    )
    for answer in v.solutions:
        try:
            solves = not kind.validate(p, answer)
        except Exception:  # values no answer of this puzzle holds
            solves = False
        if not solves:
            raise DamagedVerdict("an answer it holds does not solve the puzzle")
    return v


def is_whole(value: object) -> TypeGuard[int]:
    """Whether a JSON value is a whole number (``true`` is none)."""
    return isinstance(value, int) and not isinstance(value, bool)
