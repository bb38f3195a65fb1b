"""Building a bank: tasks, deterministic seeds, executors.

A build fills *shelves*, one per (type, size, grade), with ``per_grade``
boards each, in rounds: each round runs one task per missing board (see
:func:`plan`). Shelf task ``index`` tries up to ``attempts`` seeds, each
derived from (type, size, grade, index, attempt) by a hash, so the same task
gives the same board on any machine, in any order, on a process pool or a
Dask cluster alike. In the setter's style (the default) an attempt makes a
board the way a setter does (:func:`pencilbox.engine.making.make`: clues
added where the solve is stuck, then thinned in symmetric orbits to a board
minimal for its grade); in the raw style it generates an answer with every
clue shown and thins it to the target grade
(:func:`pencilbox.bank.grading.thin`). Either way the grade must be exact
and earned (:func:`pencilbox.engine.thinning.is_earned`) and the board is
proved unique; the first attempt that passes gives the task's board. A
task's symmetry (``auto``: drawn from its first seed with the style's
shares) holds for the first half of its attempts; the rest lay clues in
no pattern. Workers compute, the calling process alone
writes, one transaction per finished task; a resumed build runs only the
tasks the bank has not recorded.

Stopping: SIGTERM and Ctrl-C (SIGINT) stop a local build at once: the
boards already finished are recorded, the workers are killed, and the
build raises KeyboardInterrupt. Workers ignore SIGINT (the builder decides)
and die with the builder, even when it is killed outright (SIGKILL).
"""

from __future__ import annotations

import hashlib
import queue
import random
import signal
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pencilbox
from pencilbox.bank.grading import bank_grades, exact_grade, prove_unique, thin
from pencilbox.bank.store import Bank
from pencilbox.engine.budget import Budget
from pencilbox.engine.making import make
from pencilbox.engine.style import AUTO, RAW, SETTER, refuse_unknown_choice, refuse_unknown_style
from pencilbox.engine.symmetry import NONE
from pencilbox.engine.thinning import is_earned
from pencilbox.errors import PuzzleError, Stopped
from pencilbox.processes import dask_client

GENERATOR = f"pencilbox {pencilbox.__version__} thin/1"
"""Written with every raw board: the code that made it (bump when boards change)."""
SETTER_GENERATOR = f"pencilbox {pencilbox.__version__} setter/2"
"""Written with every setter's board, followed by its symmetry."""
MAKE_UNITS = 20_000_000
"""The most work one setter's attempt may do (a safety net: a board of the
bank's sizes takes far less)."""

DEFAULT_ATTEMPTS = 20


@dataclass(frozen=True)
class Task:
    """Make board ``index`` of one shelf, within ``attempts`` seeds."""

    type: str
    rows: int
    cols: int
    grade: str
    index: int
    attempts: int = DEFAULT_ATTEMPTS
    style: str = SETTER
    symmetry: str = AUTO

    @property
    def key(self) -> tuple[str, int, int, str, int]:
        return (self.type, self.rows, self.cols, self.grade, self.index)


@dataclass(frozen=True)
class Outcome:
    """What a task found: its board (as stored) or None, and what it cost."""

    task: Task
    attempts: int
    seconds: float
    board: dict[str, Any] | None = field(default=None)


def task_seed(kind: str, rows: int, cols: int, grade: str, index: int, attempt: int) -> int:
    """The generator seed of one attempt of one task (a 48-bit integer)."""
    text = f"{kind}:{rows}x{cols}:{grade}:{index}:{attempt}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:6], "big")


def make_board(task: Task) -> Outcome:
    """Run one task: the first attempt whose board has the exact grade,
    earned, and is proved unique. Pure: depends on the task alone."""
    t0 = time.perf_counter()
    kind = pencilbox.puzzle(task.type)
    level = kind.levels.index(task.grade)
    symmetry = task.symmetry
    if task.style == SETTER and symmetry == AUTO:
        first = task_seed(task.type, task.rows, task.cols, task.grade, task.index, 0)
        symmetry = kind.style.pick_symmetry(random.Random(first))
    for attempt in range(task.attempts):
        seed = task_seed(task.type, task.rows, task.cols, task.grade, task.index, attempt)
        generator = GENERATOR
        if task.style == SETTER:
            laid = symmetry if 2 * attempt < task.attempts else NONE
            try:
                made = make(kind, task.rows, task.cols, level, seed, laid, Budget(MAKE_UNITS))
            except Stopped:
                continue
            if made is None:
                continue
            p, answer = made.puzzle, made.answer
            generator = f"{SETTER_GENERATOR} {made.symmetry}"
        else:
            full, answer = kind.generate(task.rows, task.cols, density=1.0, seed=seed)
            p = thin(kind, full, level, random.Random(seed)).puzzle
        if not exact_grade(kind, p, task.grade) or not is_earned(kind, p, level):
            continue
        if not prove_unique(kind, p, answer).unique:
            continue
        board = {
            "clues": p.clue_count,
            "puzzle": "\n".join(kind.puzzle_rows(p)),
            "solution": "\n".join(kind.solution_rows(answer, p.cols)),
            "seed": seed,
            "generator": generator,
        }
        return Outcome(task, attempt + 1, time.perf_counter() - t0, board)
    return Outcome(task, task.attempts, time.perf_counter() - t0, None)


# -- planning ----------------------------------------------------------------------
def parse_sizes(text: str) -> list[tuple[int, int]]:
    """ "6,8,10" or "6x8" → [(rows, cols), ...]."""
    from pencilbox import arguments  # argparse: the command line's, not the bank's readers'

    sizes = []
    for part in text.split(","):
        part = part.strip().lower()
        r, _, c = part.partition("x")
        try:
            rows = int(arguments.number(r, int, "a size"))
            sizes.append((rows, int(arguments.number(c, int, "a size")) if c else rows))
        except PuzzleError:
            raise PuzzleError(
                f"bad size {part[:40]!r}: write N or RxC with the digits 0-9, comma-separated"
            ) from None
    return sizes


def shelf_grades(name: str, grades: Iterable[str] | None = None) -> tuple[str, ...]:
    """The bank grades of a type, or those of ``grades`` (each must be a level)."""
    kind = pencilbox.puzzle(name)
    own = bank_grades(kind)
    if grades is None:
        return own
    wanted = list(grades)
    unknown = [g for g in wanted if g not in kind.levels]
    if unknown:
        raise PuzzleError(
            f"{kind.name} has no level {unknown[0]!r}; its grades are {', '.join(own)}"
        )
    return tuple(g for g in own if g in wanted)


def plan(
    bank: Bank,
    types: Iterable[str],
    sizes: Iterable[tuple[int, int]],
    per_grade: int,
    grades: Iterable[str] | None = None,
    attempts: int = DEFAULT_ATTEMPTS,
    max_tasks: int | None = None,
    style: str = SETTER,
    symmetry: str = AUTO,
) -> list[Task]:
    """The next round of tasks: for each shelf short of ``per_grade`` boards,
    as many tasks as boards are missing, at the lowest indices not yet run.

    Each task stores at most one board, so rounds never overshoot; the tasks
    run form the shortest prefix 0..n-1 of the shelf's indices that stores
    ``per_grade`` boards (or ``max_tasks`` of them, default ``3 * per_grade``),
    whatever the order tasks finished in and wherever a build was killed.
    """
    cap = max_tasks if max_tasks is not None else 3 * per_grade
    wanted = list(grades) if grades is not None else None
    sizes = list(sizes)
    tasks = []
    for name in types:
        kind = pencilbox.puzzle(name)
        for rows, cols in sizes:
            for grade in shelf_grades(name, wanted):
                done = bank.done_tasks(kind.name, rows, cols, grade)
                missing = per_grade - bank.stored_count(kind.name, rows, cols, grade)
                fresh = (i for i in range(cap) if i not in done)
                for _, i in zip(range(max(missing, 0)), fresh, strict=False):
                    tasks.append(Task(kind.name, rows, cols, grade, i, attempts, style, symmetry))
    return tasks


# -- executors -----------------------------------------------------------------------
@contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """Inside the block, SIGTERM raises KeyboardInterrupt (as Ctrl-C does)."""

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, interrupt)
    except ValueError:  # not the main thread: leave signals alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def run_local(tasks: list[Task], workers: int) -> Iterator[Outcome]:
    """Outcomes as they finish, on a local process pool (inline for one worker).

    Interrupted (Ctrl-C, or SIGTERM inside :func:`terminate_as_interrupt`),
    it first yields the outcomes already finished, then kills the workers
    and lets the interrupt through.
    """
    if workers <= 1:
        for t in tasks:
            yield make_board(t)
        return
    import multiprocessing  # only a builder's pool (a reader of the bank never needs it)
    import os

    from pencilbox.processes import start_pool_worker

    finished: queue.Queue[Outcome] = queue.Queue()
    failed: queue.Queue[BaseException] = queue.Queue()
    pool = multiprocessing.get_context("fork").Pool(
        workers, initializer=start_pool_worker, initargs=(os.getpid(),)
    )
    try:
        for t in tasks:
            pool.apply_async(make_board, (t,), callback=finished.put, error_callback=failed.put)
        for _ in range(len(tasks)):
            while True:
                if not failed.empty():
                    raise failed.get()
                try:
                    outcome = finished.get(timeout=0.2)
                except queue.Empty:
                    continue
                break
            yield outcome
    except KeyboardInterrupt:
        while not finished.empty():  # keep what finished before the interrupt
            yield finished.get()
        raise
    finally:
        pool.terminate()
        pool.join()


def run_dask(tasks: list[Task], client: Any) -> Iterator[Outcome]:
    """Outcomes as they finish, on a Dask distributed cluster (``client``,
    from :func:`pencilbox.processes.dask_client`)."""
    from distributed import as_completed as dask_completed

    futures = client.map(make_board, tasks, pure=False)
    for f in dask_completed(futures):
        yield f.result()


@dataclass(frozen=True)
class ShelfReport:
    """One shelf after a build: tasks finished, attempts made, boards stored."""

    type: str
    rows: int
    cols: int
    grade: str
    tasks: int
    attempts: int
    boards: int

    @property
    def yield_(self) -> float:
        return self.boards / self.attempts if self.attempts else 0.0


def build(
    db: str | Path,
    types: Iterable[str],
    sizes: Iterable[tuple[int, int]],
    per_grade: int,
    grades: Iterable[str] | None = None,
    attempts: int = DEFAULT_ATTEMPTS,
    workers: int = 1,
    scheduler: Any = None,
    progress: Callable[[Iterator[Outcome], int], Iterator[Outcome]] | None = None,
    max_tasks: int | None = None,
    style: str = SETTER,
    symmetry: str = AUTO,
) -> list[ShelfReport]:
    """Fill (or resume filling) a bank, round by round; return a report per shelf.

    A shelf gets at most ``max_tasks`` tasks (default ``3 * per_grade``) of
    ``attempts`` seeds each: the budget after which a grade that is hard to
    reach stays short, its yield recorded in the report. ``style`` and
    ``symmetry`` say how boards are made (see :func:`make_board`; the raw
    style lays clues in no pattern).
    """
    refuse_unknown_style(style)
    refuse_unknown_choice(symmetry)
    if style == RAW and symmetry not in (AUTO, NONE):
        raise PuzzleError("the raw style lays clues in no pattern: drop --symmetry")
    if per_grade < 0:
        raise PuzzleError("--per-grade must be at least 0")
    if attempts < 1:
        raise PuzzleError("--attempts must be at least 1")
    types = [pencilbox.puzzle(t).name for t in types]
    sizes = list(sizes)
    grade_list = list(grades) if grades is not None else None
    shelves = [
        (name, rows, cols, grade)
        for name in types
        for rows, cols in sizes
        for grade in shelf_grades(name, grade_list)
    ]  # bad input fails here
    # The cluster first: one it cannot reach leaves no bank file behind.
    with (
        dask_client(scheduler) as client,
        Bank(db, writable=True) as bank,
        terminate_as_interrupt(),
    ):
        while tasks := plan(
            bank, types, sizes, per_grade, grade_list, attempts, max_tasks, style, symmetry
        ):
            outcomes = run_dask(tasks, client) if client is not None else run_local(tasks, workers)
            if progress is not None:
                outcomes = progress(outcomes, len(tasks))
            for o in outcomes:
                bank.record(o.task.key, o.attempts, o.board)
        reports = []
        for shelf in shelves:
            t, a, b = bank.task_totals(*shelf)
            reports.append(ShelfReport(*shelf, t, a, b))
    return reports
