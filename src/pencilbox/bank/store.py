"""The bank's SQLite file (standard library ``sqlite3``, one file).

Two tables. ``boards`` holds one row per puzzle: type, size, grade, clue
count, puzzle and solution text, and provenance (seed, generator version,
created time); ``UNIQUE(type, rows, cols, puzzle)`` with ``INSERT OR IGNORE``
means the same puzzle is never stored twice. ``tasks`` records every build
task that finished (found a board, found a duplicate, or used up its
attempts), written in the same transaction as its board, so a build killed
at any moment loses only the tasks in flight and a resumed build runs
exactly the tasks not yet recorded. Writes use WAL journaling; a bank that
ships inside the package is rewritten to a single file (journal ``DELETE``)
and opened immutable.

SQLite keeps whatever a row is given, so every row read is checked before
it is handed out: a board whose fields are not of their kind (a clue count
that is text, a size beyond any board's) is a :class:`DamagedBank` error
naming it, never a TypeError later or a shelf of 100000×100000 boards.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from collections.abc import Iterator
from dataclasses import dataclass, fields
from datetime import UTC, datetime
from pathlib import Path

from pencilbox.engine.grid import MAX_SIDE, MIN_SIDE
from pencilbox.errors import PuzzleError

SCHEMA = """
CREATE TABLE IF NOT EXISTS boards (
    id        INTEGER PRIMARY KEY,
    type      TEXT    NOT NULL,
    rows      INTEGER NOT NULL,
    cols      INTEGER NOT NULL,
    grade     TEXT    NOT NULL,
    clues     INTEGER NOT NULL,
    puzzle    TEXT    NOT NULL,
    solution  TEXT    NOT NULL,
    seed      INTEGER NOT NULL,
    generator TEXT    NOT NULL,
    created   TEXT    NOT NULL,
    UNIQUE (type, rows, cols, puzzle)
);
CREATE INDEX IF NOT EXISTS boards_by_grade ON boards (type, rows, cols, grade);
CREATE TABLE IF NOT EXISTS tasks (
    type     TEXT    NOT NULL,
    rows     INTEGER NOT NULL,
    cols     INTEGER NOT NULL,
    grade    TEXT    NOT NULL,
    idx      INTEGER NOT NULL,
    attempts INTEGER NOT NULL,
    outcome  TEXT    NOT NULL,   -- 'stored', 'duplicate' or 'exhausted'
    board    INTEGER REFERENCES boards (id),
    PRIMARY KEY (type, rows, cols, grade, idx)
);
"""

SHIPPED = Path(__file__).parent / "data" / "bank.sqlite"
"""The bank that ships inside the package (read by ``serve`` and the bank commands)."""


class BankError(PuzzleError):
    """A bank file that is missing or unreadable, or a board it does not hold."""


class EmptyShelf(BankError):
    """A shelf (type, size, grade) the bank holds no board of."""


class DamagedBank(BankError):
    """A row of the bank whose fields are not what a board's are."""


@dataclass(frozen=True)
class Board:
    """One stored puzzle, its answer and where it came from."""

    id: int
    type: str
    rows: int
    cols: int
    grade: str
    clues: int
    puzzle: str
    solution: str
    seed: int
    generator: str
    created: str


@dataclass(frozen=True)
class Shelf:
    """The boards of one (type, size, grade): how many, and their median clues."""

    type: str
    rows: int
    cols: int
    grade: str
    boards: int
    median_clues: float


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Bank:
    """A bank file, open for reading or (``writable``) for a build."""

    def __init__(self, path: str | Path, writable: bool = False) -> None:
        self.path = Path(path)
        found = _look(self.path, "write" if writable else "read")
        if writable:
            if found is not None and stat.S_ISDIR(found):
                raise BankError(f"{self.path} is a directory, not a bank file")
            if found is not None and not stat.S_ISREG(found):
                raise BankError(f"cannot write a bank at {self.path}: it is not a file")
            if not self.path.parent.is_dir():
                raise BankError(f"cannot make a bank at {self.path}: no such directory")
            try:
                self.db = sqlite3.connect(self.path, isolation_level=None, timeout=60)
                self.db.execute("PRAGMA journal_mode=WAL")
                self.db.execute("PRAGMA synchronous=NORMAL")
                self.db.executescript(SCHEMA)
            except sqlite3.DatabaseError as e:  # OperationalError too: cannot open, read-only
                raise BankError(f"cannot write a bank at {self.path} ({e})") from None
        else:
            if found is None or not stat.S_ISREG(found):
                raise BankError(f"no bank at {self.path}")
            mode = "immutable=1" if self.path.resolve() == SHIPPED.resolve() else "mode=ro"
            try:
                self.db = sqlite3.connect(f"file:{self.path}?{mode}", uri=True)
                self.db.execute("SELECT count(*) FROM boards").fetchone()
            except sqlite3.DatabaseError as e:
                raise BankError(f"{self.path} is not a pencilbox bank ({e})") from None

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Bank:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing ---------------------------------------------------------------
    def record(
        self, task: tuple[str, int, int, str, int], attempts: int, board: dict[str, object] | None
    ) -> str:
        """Store a finished task and its board (if any) in one transaction.

        Returns the task's outcome: "stored", "duplicate" or "exhausted".
        """
        kind, rows, cols, grade, idx = task
        with self._transaction():
            board_id = None
            outcome = "exhausted"
            if board is not None:
                cur = self.db.execute(
                    "INSERT OR IGNORE INTO boards (type, rows, cols, grade, clues, puzzle,"
                    " solution, seed, generator, created) VALUES (?,?,?,?,?,?,?,?,?,?)",
                    (
                        kind,
                        rows,
                        cols,
                        grade,
                        board["clues"],
                        board["puzzle"],
                        board["solution"],
                        board["seed"],
                        board["generator"],
                        now(),
                    ),
                )
                if cur.rowcount:
                    board_id, outcome = cur.lastrowid, "stored"
                else:
                    outcome = "duplicate"
                    # Two tasks made one puzzle: keep the smaller seed, so the
                    # row does not depend on which task finished first.
                    self.db.execute(
                        "UPDATE boards SET seed=? WHERE type=? AND rows=? AND cols=?"
                        " AND puzzle=? AND seed>?",
                        (board["seed"], kind, rows, cols, board["puzzle"], board["seed"]),
                    )
            self.db.execute(
                "INSERT OR IGNORE INTO tasks VALUES (?,?,?,?,?,?,?,?)",
                (kind, rows, cols, grade, idx, attempts, outcome, board_id),
            )
        return outcome

    def _transaction(self) -> _Transaction:
        return _Transaction(self.db)

    def done_tasks(self, kind: str, rows: int, cols: int, grade: str) -> set[int]:
        """The task indices of one shelf that a build already finished."""
        cur = self.db.execute(
            "SELECT idx FROM tasks WHERE type=? AND rows=? AND cols=? AND grade=?",
            (kind, rows, cols, grade),
        )
        return {row[0] for row in cur}

    def stored_count(self, kind: str, rows: int, cols: int, grade: str) -> int:
        """How many of one shelf's finished tasks stored a board."""
        return int(
            self.db.execute(
                "SELECT count(*) FROM tasks WHERE type=? AND rows=? AND cols=? AND grade=?"
                " AND outcome='stored'",
                (kind, rows, cols, grade),
            ).fetchone()[0]
        )

    def task_totals(self, kind: str, rows: int, cols: int, grade: str) -> tuple[int, int, int]:
        """(tasks finished, attempts made, boards stored) of one shelf."""
        t, a = self.db.execute(
            "SELECT count(*), coalesce(sum(attempts), 0) FROM tasks"
            " WHERE type=? AND rows=? AND cols=? AND grade=?",
            (kind, rows, cols, grade),
        ).fetchone()
        b = self.db.execute(
            "SELECT count(*) FROM boards WHERE type=? AND rows=? AND cols=? AND grade=?",
            (kind, rows, cols, grade),
        ).fetchone()[0]
        return t, a, b

    def compact(self) -> None:
        """Fold the WAL into one self-contained file (for shipping)."""
        self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self.db.execute("PRAGMA journal_mode=DELETE")
        self.db.execute("VACUUM")

    # -- reading -----------------------------------------------------------------
    def boards(
        self,
        kind: str | None = None,
        rows: int | None = None,
        cols: int | None = None,
        grade: str | None = None,
    ) -> Iterator[Board]:
        """Stored boards in id order, filtered by whatever is given."""
        where, args = [], []
        for column, value in (("type", kind), ("rows", rows), ("cols", cols), ("grade", grade)):
            if value is not None:
                where.append(f"{column}=?")
                args.append(value)
        sql = (
            "SELECT id, type, rows, cols, grade, clues, puzzle, solution, seed,"
            " generator, created FROM boards"
        )
        if where:
            sql += " WHERE " + " AND ".join(where)
        for row in self.db.execute(sql + " ORDER BY id", args):
            yield self._board(row)

    def board(self, board_id: int) -> Board:
        for b in self._select("WHERE id=?", (board_id,)):
            return b
        raise BankError(f"the bank at {self.path} has no board {board_id}")

    def pick(
        self, kind: str, rows: int, cols: int, grade: str | None = None, index: int = 0
    ) -> Board:
        """Board number ``index`` (wrapping around) of a shelf, in id order:
        a stable way for the web app to deal boards ("random": a random index)."""
        where = "WHERE type=? AND rows=? AND cols=?"
        args: tuple[object, ...] = (kind, rows, cols)
        if grade is not None:
            where += " AND grade=?"
            args += (grade,)
        n = self.db.execute(f"SELECT count(*) FROM boards {where}", args).fetchone()[0]
        if not n:
            shelf = f"{kind} {rows}x{cols}" + (f" {grade}" if grade else "")
            raise EmptyShelf(f"the bank at {self.path} has no {shelf} boards")
        for b in self._select(f"{where} ORDER BY id LIMIT 1 OFFSET ?", (*args, index % n)):
            return b
        raise AssertionError("unreachable")  # pragma: no cover

    def _select(self, where: str, args: tuple[object, ...]) -> Iterator[Board]:
        sql = (
            "SELECT id, type, rows, cols, grade, clues, puzzle, solution, seed,"
            " generator, created FROM boards " + where
        )
        for row in self.db.execute(sql, args):
            yield self._board(row)

    def _board(self, row: tuple[object, ...]) -> Board:
        """The row as a :class:`Board`, once every field is of its kind."""
        self._check(BOARD_FIELDS, row)
        return Board(*row)  # type: ignore[arg-type]

    def _check(self, fields: tuple[str, ...], row: tuple[object, ...]) -> None:
        """:class:`DamagedBank` unless every field of ``row`` (the board's
        ``fields``, ``id`` first) is of its kind."""
        for field, value in zip(fields, row, strict=True):
            wanted = _wrong(field, value)
            if wanted is not None:
                raise DamagedBank(
                    f"the bank at {self.path} is damaged: board {str(row[0])[:20]} has "
                    f"{field} {str(value)[:20]!r}, not {wanted}"
                )

    def shelves(self, level_order: dict[str, tuple[str, ...]] | None = None) -> list[Shelf]:
        """Counts and median clue counts per (type, size, grade).

        ``level_order`` (type → levels) sorts grades by the ladder, not by name.
        """
        groups: dict[tuple[str, int, int, str], list[int]] = {}
        for row in self.db.execute("SELECT id, type, rows, cols, grade, clues FROM boards"):
            self._check(BOARD_FIELDS[:6], row)
            _, kind, rows, cols, grade, clues = row
            groups.setdefault((kind, rows, cols, grade), []).append(clues)
        order = level_order or {}

        def key(k: tuple[str, int, int, str]) -> tuple[str, int, int, int, str]:
            levels = order.get(k[0], ())
            rank = levels.index(k[3]) if k[3] in levels else len(levels)
            return (k[0], k[1], k[2], rank, k[3])

        from statistics import median  # only here: not for every reader of the bank

        return [
            Shelf(*k, len(groups[k]), float(median(groups[k]))) for k in sorted(groups, key=key)
        ]


BOARD_FIELDS = tuple(f.name for f in fields(Board))
"""The columns of a :class:`Board`, in order."""
TEXT_FIELDS = frozenset({"type", "grade", "puzzle", "solution", "generator", "created"})


def _wrong(field: str, value: object) -> str | None:
    """What ``value`` should have been, for the field of a board called
    ``field``; None when it is that."""
    if field in TEXT_FIELDS:
        return None if isinstance(value, str) else "text"
    if not isinstance(value, int) or isinstance(value, bool):
        return "a whole number"
    if field in ("rows", "cols") and not MIN_SIDE <= value <= MAX_SIDE:
        return f"a side from {MIN_SIDE} to {MAX_SIDE}"
    if field == "clues" and not 0 <= value <= MAX_SIDE * MAX_SIDE:
        return "a count of clues"
    return None


def _look(path: Path, doing: str) -> int | None:
    """The mode of what is at ``path`` (None: nothing); BankError when the
    path cannot be followed (a symlink loop, a name too long)."""
    try:
        return os.stat(path).st_mode
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as e:  # ValueError: a NUL in the name
        why = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise BankError(f"cannot {doing} a bank at {path}: {why}") from None


class _Transaction:
    """BEGIN IMMEDIATE … COMMIT (ROLLBACK on error) on an autocommit connection."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, exc_type: object, *rest: object) -> None:
        self.db.execute("COMMIT" if exc_type is None else "ROLLBACK")
