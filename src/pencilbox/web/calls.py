"""The work of every endpoint of the JSON API, as plain functions.

Two hosts answer the API, and both call these: the web app's routes
(``api.py``, ``studio.py``, ``exports.py``: FastAPI reads and checks a
request, then hands its fields on by name) and the engine inside the page
of the static site (:mod:`pencilbox.web.page`, which a Web Worker running
Pyodide calls with the same fields). So a request gets the same answer
from either, built by the same code. There is no FastAPI here: what differs
between the hosts (where solver work runs and under what deadline, what
they keep between calls) is the :class:`Host` each passes in.

Each call is ``async def NAME(host, **fields)``, the fields being the
request's (a JSON body's keys, or a GET request's query), with the same
defaults as the API's schema. Bad input raises a
:class:`~pencilbox.errors.PuzzleError` (a 400), work past its deadline a
:class:`~pencilbox.errors.BudgetExceeded` (a 503), and a request that does
not apply to the board a :class:`Conflict` (a 409).

Each piece of puzzle work names the lane it belongs to (``play`` for a
board of up to :data:`PLAY_CELLS` cells, ``large``, ``check``, ``make``,
``studio``: see :mod:`pencilbox.web.lanes`), and a call asks its host to
:meth:`~Host.admit` the work before it reads the puzzle; the server runs
each lane in worker processes of its own and refuses work for a full lane
(429), the page runs everything at once. Reading the puzzle a request
sends is work too (a penpa-edit URL inflates, a puzz.link file of 30×30 is
parsed): :func:`read` does it in a worker of the lane of the size the
puzzle's start names (:func:`~pencilbox.formats.registry.named_size`;
``play`` when it names none), and the host keeps what it read lately, so
the hints that follow on the same board read nothing again. Work whose
worker the host stopped past its clock (:class:`~pencilbox.errors.SolverLate`)
still answers, in words that say so: a hint or a fixpoint "stopped", a
verdict ``unknown`` (stop "clock"), a helper a 409; work whose worker died
under it twice (:class:`~pencilbox.errors.SolverDied`) is a 503 that says
so, a verdict ``unknown`` (stop "died").
"""

from __future__ import annotations

import contextlib
import random
import threading
import time
import warnings
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, Generic, Protocol, TypeAlias, TypeVar
from urllib.parse import quote

import pencilbox
from pencilbox import verdicts
from pencilbox.bank.grading import bank_grades
from pencilbox.engine import cases
from pencilbox.engine.budget import OutOfTime
from pencilbox.engine.frontend import CLUE_WITHOUT_NUMBER
from pencilbox.engine.grid import MIN_SIDE
from pencilbox.engine.hints import stopped_reason
from pencilbox.engine.kind import Marks, Puzzle, PuzzleKind, Values
from pencilbox.engine.ladder import Status
from pencilbox.engine.results import HintResult, Solved
from pencilbox.engine.symmetry import NONE, refuse_unknown_symmetry
from pencilbox.engine.verdict import DEFAULT_UNITS, Verdict
from pencilbox.errors import (
    ParseError,
    PuzzleError,
    SizeError,
    SolverBusy,
    SolverDied,
    SolverFull,
    SolverLate,
)
from pencilbox.formats import registry
from pencilbox.formats.base import Document, Unsupported, UntypedPuzzle
from pencilbox.shapes import (
    cell_json,
    cells_json,
    hint_json,
    redundancy_json,
    solved_json,
    verdict_json,
)
from pencilbox.studio import helpers
from pencilbox.web import checks, deal, jobs

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")

PUZZLE_STATIC = "/puzzles"
"""Where each puzzle's own static files are served: /puzzles/NAME/FILE."""
MAX_SIDE = 30
"""Largest board side the web app accepts (URLs, marks, generation)."""
MIN_GENERATE_SIDE = 4
"""Smallest side of a board the web app deals or generates."""
MAX_GENERATE_SIDE = 15
"""Largest side of a board the web app deals or generates."""
DEFAULT_SIDE = 6
"""Side of the board dealt when a request names no size (and the game's first deal)."""
SOLVER_SECONDS = 10.0
"""Deadline of one request's solver work (the app's ``solver_seconds``)."""
MAX_UNITS = 8 * DEFAULT_UNITS
"""The largest work budget a studio request may ask for."""
SAFETY_SECONDS = 20.0
"""The safety clock of a studio request when none is given (only runaway work reaches it)."""
MAX_SECONDS = 60.0
"""The longest safety clock a studio request may ask for."""
HELPER_UNITS = helpers.HELPER_UNITS
"""The budget the browser's editor gives one helper request."""
MIN_SECONDS = 0.05
"""Time left below which a request asks no more of the solver."""
PLAY_CELLS = 15 * 15
"""Largest board (in cells) whose work runs in the ``play`` lane."""
EXTENSIONS = {"url": "txt", "text": "txt", "pzprv3": "txt", "penpa": "txt", "janko": "txt"}
"""The file name suffix of a download in each format (JSON lines: ``jsonl``)."""


def board_lane(rows: int, cols: int) -> str:
    """The lane of play work on a board of ``rows`` × ``cols``."""
    return "play" if rows * cols <= PLAY_CELLS else "large"


def lane_of(p: Puzzle) -> str:
    return board_lane(p.rows, p.cols)


class Conflict(PuzzleError):
    """A request that does not apply to this board (HTTP 409): a helper asked
    of a board it does not fit, an answer asked of a puzzle without a unique
    one."""


class Recent(Generic[K, V]):
    """The last ``size`` values put, by key (an LRU), for any thread."""

    def __init__(self, size: int = 512) -> None:
        self.size = size
        self.lock = threading.Lock()
        self.data: OrderedDict[K, V] = OrderedDict()

    def put(self, key: K, value: V) -> None:
        with self.lock:
            self.data[key] = value
            self.data.move_to_end(key)
            while len(self.data) > self.size:
                self.data.popitem(last=False)

    def lookup(self, key: K) -> tuple[bool, V | None]:
        """(known, value): the value put under ``key``, if it is still kept."""
        with self.lock:
            if key in self.data:
                self.data.move_to_end(key)
                return True, self.data[key]
        return False, None


class AnswerCache(Recent[str, "Values | None"]):
    """Known answers by puzzle URL, so a hint can name wrong marks (None: the
    puzzle has no unique answer)."""


Read: TypeAlias = tuple[str, Document, tuple[str, ...]]
"""A board as a worker read it: its kind's name, the document (the puzzle,
and the marks and answer it carried) and the notes reading it made."""


class ReadCache(Recent[tuple[str, "str | None", "str | None"], Read]):
    """Boards read lately, by what was sent: (puzzle, type, fallback type)."""

    def __init__(self, size: int = 256) -> None:
        super().__init__(size)


class Host(Protocol):
    """Where a call's work runs, and what the host keeps between calls."""

    bank_path: Path | None
    """The bank boards are dealt from (None: every board is generated)."""
    answers: AnswerCache
    reads: ReadCache
    """Boards the host read lately (see :func:`read`)."""
    limits: dict[str, Any]
    """What /api/puzzles tells the browser (see :func:`limits`)."""
    verdict_path: Path | None
    """The verdict store's file (None: memory only)."""
    seconds: float
    """The deadline of one request's solver work."""

    def admit(self, lane: str) -> None:
        """Refuse (:class:`~pencilbox.errors.SolverFull`) work for ``lane``
        when the host has too much of it waiting already."""
        ...

    async def solver(
        self, lane: str, fn: Callable[..., T], *args: Any, seconds: float | None = None
    ) -> T:
        """``fn(*args, left)``: solver work of ``lane`` under the host's
        deadline (or ``seconds``), ``left`` being what remains of it when
        the work starts (a :class:`~pencilbox.errors.BudgetExceeded` past
        it, :class:`~pencilbox.errors.SolverLate` when the host stopped
        work that ran past it)."""
        ...

    async def quick(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)``: cheap work that never waits for a solver."""
        ...

    async def studio(
        self, call: str, kind: PuzzleKind, p: Puzzle, seconds: float, *args: Any
    ) -> dict[str, Any]:
        """:func:`studio_call` ``(call, kind.name, p, *args, left)``, whose
        budget and safety clock (``seconds``, of which ``left`` remain when
        it starts) bound it; cancelled when the client that asked goes away."""
        ...


def limits() -> dict[str, Any]:
    """The bounds the browser keeps to, as the API enforces them (each type's
    ``limits`` in /api/puzzles): ``sides`` [MIN_SIDE, MAX_SIDE] (any board),
    ``deal_sides`` [MIN_GENERATE_SIDE, MAX_GENERATE_SIDE] (a dealt board),
    ``deal_default_side`` (DEFAULT_SIDE), ``analyze_budget`` (the verdict's
    default work budget), ``analyze_max_budget`` (:data:`MAX_UNITS`),
    ``helper_budget`` and ``analyze_seconds`` (a studio request's safety clock)."""
    return {
        "sides": [MIN_SIDE, MAX_SIDE],
        "deal_sides": [MIN_GENERATE_SIDE, MAX_GENERATE_SIDE],
        "deal_default_side": DEFAULT_SIDE,
        "analyze_budget": DEFAULT_UNITS,
        "analyze_max_budget": MAX_UNITS,
        "helper_budget": HELPER_UNITS,
        "analyze_seconds": SAFETY_SECONDS,
    }


# -- puzzles in, puzzles out ------------------------------------------------------
def kind_of(name: str) -> PuzzleKind:
    return pencilbox.puzzle(name)


def read_document(
    puzzle: str, type: str | None = None, most: int | None = None
) -> tuple[PuzzleKind, Document, list[str]]:
    """The kind and puzzle (with any marks) a request sends, in whatever format
    it is written, and any warnings reading raised; a board with a side over
    ``most`` (default :data:`MAX_SIDE`) is a :class:`SizeError`."""
    most = MAX_SIDE if most is None else most
    text = puzzle.strip()
    if not text:
        raise ParseError("the puzzle is empty")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        docs = registry.read(text, kind_of(type) if type is not None else None)
    if len(docs) != 1:
        raise ParseError(f"the puzzle field holds {len(docs)} puzzles; send one")
    doc = docs[0]
    p = doc.puzzle
    if not (MIN_SIDE <= p.rows <= most and MIN_SIDE <= p.cols <= most):
        raise SizeError(f"the web app plays boards up to {most}x{most}, not {p.rows}x{p.cols}")
    return kind_of(p.type), doc, list(dict.fromkeys(str(w.message) for w in caught))


def read_board(
    puzzle: str, type: str | None, fallback_type: str | None, most: int, seconds: float = 0.0
) -> Read:
    """:func:`read_document` as a job of a worker (``seconds`` are the job's
    clock; reading needs none): a puzzle that does not say its type is read
    as ``fallback_type`` when there is one, and a note says so."""
    try:
        kind, doc, notes = read_document(puzzle, type, most)
    except UntypedPuzzle:
        if type is not None or fallback_type is None:
            raise
        kind, doc, notes = read_document(puzzle, fallback_type, most)
        notes.append(f"It does not say which puzzle it is, so it was read as {kind.title}.")
    return kind.name, doc, tuple(notes)


async def read(
    host: Host, puzzle: str, type: str | None = None, fallback_type: str | None = None
) -> tuple[PuzzleKind, Document, list[str]]:
    """The kind and document a request sends, and the notes reading it made:
    what the host read lately, else read (:func:`read_board`) in a worker
    of the lane of the size the puzzle's start names (refused at once, 429,
    when that lane is full: :func:`admit`), up to the host's largest side."""
    key = (puzzle, type, fallback_type)
    known, found = host.reads.lookup(key)
    if not known or found is None:
        lane = admit(host, puzzle)
        most = int(host.limits["sides"][1])
        found = await host.solver(lane, read_board, puzzle, type, fallback_type, most)
        host.reads.put(key, found)
    name, doc, notes = found
    return kind_of(name), doc, list(notes)


async def read_puzzle(
    host: Host, puzzle: str, type: str | None = None
) -> tuple[PuzzleKind, Puzzle]:
    """The kind and puzzle a request names (:func:`read`)."""
    kind, doc, _ = await read(host, puzzle, type)
    return kind, doc.puzzle


def marks_rows(kind: PuzzleKind, marks: Marks | Values, cols: int) -> list[str]:
    """Marks as rows of answer tokens, ``?`` for an undecided cell (as ``marks`` travel)."""
    tokens = ["?" if v is None else kind.value_token(v) for v in marks]
    return [" ".join(tokens[i : i + cols]) for i in range(0, len(tokens), cols)]


def admit(host: Host, puzzle: str) -> str:
    """The lane of the board ``puzzle`` names (by the size its start names,
    :func:`~pencilbox.formats.registry.named_size`; ``play`` when it names
    none), which the host is asked to admit before the puzzle is read:
    reading a big board is itself work a flood should not get."""
    size = registry.named_size(puzzle)
    lane = board_lane(*size) if size is not None else "play"
    host.admit(lane)
    return lane


def read_marks(kind: PuzzleKind, p: Puzzle, rows: list[str] | None) -> Marks | None:
    if rows is None:
        return None
    if len(rows) != p.rows:
        raise ParseError(f"the marks have {len(rows)} rows but the puzzle has {p.rows}")
    return kind.parse_marks("\n".join(r if r.strip() else "?" for r in rows), p)


def frontend_json(kind: PuzzleKind) -> dict[str, object] | None:
    """The kind's front-end descriptor, with the URL its module is served at."""
    if kind.frontend is None:
        return None
    out = kind.frontend.to_json()
    module = kind.frontend.module
    out["module_url"] = f"{PUZZLE_STATIC}/{quote(kind.name)}/{quote(module)}" if module else None
    out["clue_tokens"] = clue_tokens(kind)
    out["example"] = jobs.example_json(kind)
    return out


def clue_tokens(kind: PuzzleKind) -> dict[str, object]:
    """How a setter's clues are written in the text grid: ``empty`` for no
    clue, ``values`` for each clue value the descriptor offers that is not
    written as its number (the cycled clues, the clue without a number);
    every other clue is its number in decimal."""
    assert kind.frontend is not None
    clue = kind.frontend.clue
    values = list(clue.cycle) + ([CLUE_WITHOUT_NUMBER] if clue.blank is not None else [])
    return {
        "empty": kind.clue_token(None),
        "values": {str(v): kind.clue_token(v) for v in values},
    }


def url_example(kind: PuzzleKind) -> str | None:
    """The start of the kind's URL for a 6×6 board: what the URL box suggests."""
    try:
        url = kind.to_url(Puzzle(kind.name, 6, 6, (None,) * 36))
    except (PuzzleError, ValueError):
        return None
    return url[: url.rfind("/") + 1] + "…"


NO_ANSWER = {
    "several": "this puzzle is not unique: it has more than one answer",
    "none": "this puzzle has no answer at all: its clues contradict each other",
    "unknown": "the solver could not find this puzzle's answer within its budget, "
    "so it cannot tell whether the answer is unique",
}
"""Why /api/answer has no answer to give, by what the answer search found."""


async def unique_answer(host: Host, kind: PuzzleKind, p: Puzzle) -> tuple[Values | None, str]:
    """The puzzle's unique answer, from the host's cache or searched for;
    without one, why: a key of :data:`NO_ANSWER`."""
    key = kind.to_url(p)
    _, found = host.answers.lookup(key)
    if found is not None:
        return found, "one"
    # Not looked up yet, or no unique answer: search, to say why.
    try:
        found, count = await host.solver(lane_of(p), jobs.answer, kind.name, p)
    except SolverLate:  # stopped past its clock on a busy machine
        return None, "unknown"
    if count != "unknown":  # a search that ran out may finish on a freer machine
        host.answers.put(key, found)
    return found, count


# -- the game's calls -----------------------------------------------------------------
async def puzzles(host: Host) -> list[dict[str, Any]]:
    """GET /api/puzzles: every type, its levels, the bank's sizes, its front end."""
    return types_json(deal.bank_sizes(host.bank_path), host.limits)


def types_json(shelves: dict[str, list[list[int]]], served: dict[str, Any]) -> list[dict[str, Any]]:
    """What GET /api/puzzles says of every type, with the bank's ``shelves``
    and the host's ``limits``."""
    out = []
    for name in pencilbox.puzzle_names():
        kind = pencilbox.puzzle(name)
        out.append(
            {
                "type": name,
                "title": kind.title,
                "levels": list(kind.levels),
                "hint_levels": list(kind.hint_levels),
                "deal_levels": list(bank_grades(kind)),
                "grades": kind.grades(),
                "summary": kind.summary,
                "bank_sizes": shelves.get(name, []),
                "url_example": url_example(kind),
                "frontend": frontend_json(kind),
                "limits": served,
            }
        )
    return out


async def puzzle(
    host: Host,
    *,
    type: str,
    size: int = DEFAULT_SIDE,
    cols: int | None = None,
    grade: str | None = None,
    index: int | None = None,
) -> dict[str, Any]:
    """GET /api/puzzle: a board of the type, size and grade: from the bank,
    else generated (in the ``make`` lane)."""
    kind = kind_of(type)
    rows, ncols = size, cols if cols is not None else size
    low, high = MIN_GENERATE_SIDE, MAX_GENERATE_SIDE
    if not (low <= rows <= high and low <= ncols <= high):
        raise SizeError(f"boards are dealt from {low}x{low} to {high}x{high}, not {rows}x{ncols}")
    if index is not None and index < 0:
        raise PuzzleError(f"a board number is 0 or more, not {index}")
    if grade == cases.CASE:  # the bank has no case shelf: deal the ladder's top
        grade = None
    level = kind.level_name(grade if grade else kind.levels[-1])
    n = random.randrange(1 << 30) if index is None else index
    board = (kind.name, rows, ncols, level, n)
    dealt = await host.solver("play", jobs.deal_from_bank, host.bank_path, *board)
    if dealt is None:
        dealt = await host.solver("make", jobs.make, *board)
    out, solution = dealt
    host.answers.put(out["url"], solution)
    result: dict[str, Any] = out
    return result


async def parse(
    host: Host, *, puzzle: str, type: str | None = None, fallback_type: str | None = None
) -> dict[str, Any]:
    """POST /api/parse: a puzzle in any format, its ``format``, and the
    ``marks`` and ``answer`` it carried (or null)."""
    kind, doc, notes = await read(host, puzzle, type, fallback_type)
    p = doc.puzzle
    out: dict[str, Any] = await host.solver(lane_of(p), jobs.board, kind.name, p)
    # The page asks about the board by its URL from now on: it is read already.
    host.reads.put((out["url"], None, None), (kind.name, Document(p), ()))
    out.update(
        source="url",
        grade=None,
        note=" ".join(notes),
        format=doc.format,
        marks=marks_rows(kind, doc.marks, p.cols) if doc.marks is not None else None,
        answer=kind.solution_rows(doc.answer, p.cols) if doc.answer is not None else None,
    )
    return out


async def hint(
    host: Host,
    *,
    puzzle: str,
    type: str | None = None,
    marks: list[str] | None = None,
    level: str | None = None,
) -> dict[str, Any]:
    """POST /api/hint: the next cell the ladder proves at ``level`` from the
    marks (status "stopped" when the deadline passed first)."""
    t0 = time.monotonic()
    kind, p = await read_puzzle(host, puzzle, type)
    marked = read_marks(kind, p, marks)
    name = kind.hint_level_name(level)
    store = host.answers
    key = kind.to_url(p)
    known, answer = store.lookup(key) if marked is not None else (True, None)
    try:
        out, answer, looked_up = await host.solver(
            lane_of(p), jobs.hint, kind.name, p, marked, name, known, answer
        )
    except SolverLate:  # the worker did not answer in time, on a busy machine
        clock = OutOfTime("the safety clock stopped the work")
        stopped = HintResult("stopped", name, reason=stopped_reason(clock, "proving a cell"))
        return hint_json(kind, p, stopped, every_key=True)
    if looked_up:
        store.put(key, answer)
    result: dict[str, Any] = out
    if result["status"] == "stalled" and not result["suggest"]:
        # No level helps: say whether the board itself has one answer, in
        # what is left of the request's seconds.
        known, answer = store.lookup(key)
        left = host.seconds - (time.monotonic() - t0)
        result["answers"] = "one" if answer is not None else "unknown"
        if answer is None and left > MIN_SECONDS:
            with contextlib.suppress(SolverLate):  # a busy machine: it stays unknown
                result["answers"] = await host.solver(
                    lane_of(p), jobs.answer_count, kind.name, p, seconds=left
                )
    return result


async def answer(host: Host, *, puzzle: str, type: str | None = None) -> dict[str, Any]:
    """POST /api/answer: the unique answer, one token per cell (400 without one)."""
    kind, p = await read_puzzle(host, puzzle, type)
    found, why = await unique_answer(host, kind, p)
    if found is None:
        raise PuzzleError(NO_ANSWER[why])
    return {"tokens": [kind.value_token(v) for v in found]}


async def check(
    host: Host, *, puzzle: str, type: str | None = None, marks: list[str] | None = None
) -> dict[str, Any]:
    """POST /api/check: every rule the player's grid breaks; solved or not
    (:func:`~pencilbox.web.checks.check`, in the ``check`` lane)."""
    host.admit("check")
    kind, p = await read_puzzle(host, puzzle, type)
    marked = read_marks(kind, p, marks)
    result: dict[str, Any] = await host.solver("check", checks.check, kind.name, p, marked)
    return result


async def solve(
    host: Host, *, puzzle: str, type: str | None = None, level: str | None = None
) -> dict[str, Any]:
    """POST /api/solve: the fixpoint of the ladder up to ``level`` ("stopped",
    with what it decided, when the deadline passed first)."""
    kind, p = await read_puzzle(host, puzzle, type)
    name = kind.level_name(level)
    try:
        result: dict[str, Any] = await host.solver(lane_of(p), jobs.solve, kind.name, p, name)
    except SolverLate:  # stopped past its clock on a busy machine: what the clues decide
        start = Solved(Status.STOPPED, name, tuple(kind.start(p).cands), stop="clock")
        return solved_json(kind, p, start)
    return result


# -- formats --------------------------------------------------------------------------
async def formats(host: Host) -> list[dict[str, Any]]:
    """GET /api/formats: every format, whether it holds an answer, the types it holds."""
    kinds = [pencilbox.puzzle(name) for name in pencilbox.puzzle_names()]
    return [
        {
            "name": f.name,
            "title": f.title,
            "holds_answer": f.holds_answer,
            "types": [k.name for k in kinds if f.supports(k)],
        }
        for f in registry.FORMATS
    ]


async def export(
    host: Host,
    *,
    puzzle: str,
    format: str,
    type: str | None = None,
    answer: bool = False,
    marks: list[str] | None = None,
) -> dict[str, Any]:
    """POST /api/export: the puzzle written in ``format``, with the marks
    given (or those it carried) and, when asked, its answer; read, solved
    and written in workers of the board's lane."""
    fmt = registry.by_name(format)
    kind, doc, _ = await read(host, puzzle, type)
    if not fmt.supports(kind):
        raise Unsupported(f"a {fmt.title} cannot hold a {kind.title} puzzle")
    p = doc.puzzle
    if marks is not None:
        doc = replace(doc, marks=read_marks(kind, p, marks))
    if answer:
        if not fmt.holds_answer:
            raise Unsupported(f"a {fmt.title} cannot hold an answer")
        found, why = await unique_answer(host, kind, p)
        if found is None:
            raise Conflict(NO_ANSWER[why])
        doc = replace(doc, answer=found)
    text = await host.solver(lane_of(p), write_document, fmt.name, kind.name, doc)
    suffix = EXTENSIONS.get(fmt.name, "jsonl")
    return {
        "format": fmt.name,
        "title": fmt.title,
        "type": kind.name,
        "text": text,
        "filename": f"{kind.name}-{p.rows}x{p.cols}-{fmt.name}.{suffix}",
    }


def write_document(format: str, name: str, doc: Document, seconds: float = 0.0) -> str:
    """``doc`` written in ``format``, as a job of a worker (writing a big
    board in a penpa-edit URL takes milliseconds)."""
    return registry.write(format, kind_of(name), doc)


# -- the setter's calls ---------------------------------------------------------------
async def read_studio(
    host: Host, puzzle: str, type: str | None, level: str | None, budget: int, seconds: float
) -> tuple[PuzzleKind, Puzzle, str]:
    """The puzzle, its kind and the level a studio request names (refused at
    once when the host's ``studio`` lane is full, before the puzzle is read;
    an unknown level, a budget or safety clock out of bounds is a 400 now,
    not later)."""
    host.admit("studio")
    kind, p = await read_puzzle(host, puzzle, type)
    name = kind.level_name(level)
    if not 1 <= budget <= MAX_UNITS:
        raise PuzzleError(f"the budget is from 1 to {MAX_UNITS} work units, not {budget}")
    if not 0 < seconds <= MAX_SECONDS:
        raise PuzzleError(f"the safety clock is over 0 and up to {MAX_SECONDS} s, not {seconds}")
    return kind, p, name


# The studio's plain calls: ``seconds``, last, is what is left of the
# request's safety clock when the work starts.
def analyze_call(
    kind: PuzzleKind,
    p: Puzzle,
    level: str | None,
    budget: int,
    upto: str,
    store: Path | None,
    seconds: float,
) -> dict[str, Any]:
    """The verdict, kept in the verdict store at ``store`` (the host's own,
    which a worker started long ago may not know)."""
    v = verdicts.verdict(kind, p, level, budget, seconds, upto, path=store)
    return verdict_json(kind, p, v)


def redundant_call(kind: PuzzleKind, p: Puzzle, budget: int, seconds: float) -> dict[str, Any]:
    r = helpers.redundant(kind, p, budget=budget, seconds=seconds)
    return {
        "analysis": verdict_json(kind, p, r.analysis),
        **redundancy_json(p, r, changes=True),
    }


def suggest_call(
    kind: PuzzleKind, p: Puzzle, level: str | None, budget: int, seconds: float
) -> dict[str, Any]:
    s = helpers.suggest(kind, p, level=level, budget=budget, seconds=seconds)
    return {
        "analysis": verdict_json(kind, p, s.analysis),
        "cell": cell_json(p, s.cell) if s.cell is not None else None,
        "clue": kind.clue_token(s.clue) if s.clue is not None else None,
        "decided": s.decided,
        "puzzle": kind.puzzle_rows(s.puzzle),
        "url": kind.to_url(s.puzzle),
        "after": verdict_json(kind, s.puzzle, s.after) if s.after is not None else None,
        "complete": s.complete,
    }


def thin_call(
    kind: PuzzleKind,
    p: Puzzle,
    level: str | None,
    budget: int,
    seed: int,
    symmetry: str,
    seconds: float,
) -> dict[str, Any]:
    t = helpers.thin(
        kind, p, level=level, budget=budget, seconds=seconds, seed=seed, symmetry=symmetry
    )
    return {
        "level": t.level,
        "puzzle": kind.puzzle_rows(t.puzzle),
        "url": kind.to_url(t.puzzle),
        "removed": cells_json(p, t.removed),
        "clues_before": p.clue_count,
        "clues_after": t.puzzle.clue_count,
        "analysis": verdict_json(kind, t.puzzle, t.analysis),
        "complete": t.complete,
    }


STUDIO_CALLS: dict[str, Callable[..., dict[str, Any]]] = {
    "analyze": analyze_call,
    "redundant": redundant_call,
    "suggest": suggest_call,
    "thin": thin_call,
}
NOT_READY = "not-ready"
LATE = (
    "the safety clock stopped the work (this machine was too slow or too busy); "
    "ask again, or allow more seconds"
)
"""What a helper whose work the host stopped past its clock answers (409)."""
MAX_SEED = 10**9
"""The largest seed of Thin's random removal order."""


def studio_call(call: str, name: str, p: Puzzle, *args: Any) -> dict[str, Any]:
    """One of :data:`STUDIO_CALLS` on the puzzle of type ``name`` (the kind
    travels by its name, to a solver worker; the last argument is the
    seconds left). A board the helper does not apply to comes back marked
    with :data:`NOT_READY`, for a 409."""
    try:
        return STUDIO_CALLS[call](pencilbox.puzzle(name), p, *args)
    except helpers.NotReady as e:
        return {NOT_READY: str(e)}


async def _studio(
    host: Host, call: str, kind: PuzzleKind, p: Puzzle, seconds: float, *args: Any
) -> dict[str, Any]:
    result = await host.studio(call, kind, p, seconds, *args)
    if NOT_READY in result:
        raise Conflict(str(result[NOT_READY]))
    return result


async def _helper(
    host: Host, call: str, kind: PuzzleKind, p: Puzzle, seconds: float, *args: Any
) -> dict[str, Any]:
    """:func:`_studio` for a helper: stopped past its clock, it is a 409 that
    says so (like a board whose verdict is unknown), not a 503."""
    try:
        return await _studio(host, call, kind, p, seconds, *args)
    except SolverLate:
        raise Conflict(LATE) from None


def cut_short(level: str, budget: int, upto: str) -> Verdict:
    """The verdict of a call whose work was stopped past its safety clock:
    unknown, saying the clock stopped it (never stored)."""
    return Verdict(
        "unknown",
        None,
        level,
        reason="the safety clock stopped the work (this machine was too slow or too busy)",
        upto=upto,
        stop="clock",
        budget=budget,
    )


async def analyze(
    host: Host,
    *,
    puzzle: str,
    type: str | None = None,
    level: str | None = None,
    budget: int = DEFAULT_UNITS,
    seconds: float = SAFETY_SECONDS,
    upto: str = cases.CASE,
) -> dict[str, Any]:
    """POST /api/analyze: the verdict, answered at once from the verdict store
    when asked before. A host with no worker free within the request's
    seconds answers "unknown" (``stop``: "busy"), one whose work ran past
    them "unknown" (``stop``: "clock"), one whose worker died under the work
    (and again on its retry) "unknown" (``stop``: "died"); a full lane
    refuses at once."""
    kind, p, name = await read_studio(host, puzzle, type, level, budget, seconds)
    if upto not in ("probe", cases.CASE):
        raise PuzzleError(f'a grade climbs up to "probe" or "case", not {upto!r}')
    path = host.verdict_path
    kept = await host.quick(verdicts.kept, kind, p, name, budget, upto, path)
    if kept is not None:
        return verdict_json(kind, p, kept)
    try:
        return await _studio(host, "analyze", kind, p, seconds, name, budget, upto, path)
    except SolverFull:
        raise
    except SolverLate:
        return verdict_json(kind, p, cut_short(name, budget, upto))
    except SolverDied:
        return verdict_json(kind, p, verdicts.unfinished("died", name, budget, upto))
    except SolverBusy:
        return verdict_json(kind, p, verdicts.unfinished("busy", name, budget, upto))


async def redundant(
    host: Host,
    *,
    puzzle: str,
    type: str | None = None,
    level: str | None = None,
    budget: int = DEFAULT_UNITS,
    seconds: float = SAFETY_SECONDS,
) -> dict[str, Any]:
    """POST /api/redundant: which clues of a unique puzzle can go (409 unless unique)."""
    kind, p, _ = await read_studio(host, puzzle, type, level, budget, seconds)
    return await _helper(host, "redundant", kind, p, seconds, budget)


async def suggest(
    host: Host,
    *,
    puzzle: str,
    type: str | None = None,
    level: str | None = None,
    budget: int = DEFAULT_UNITS,
    seconds: float = SAFETY_SECONDS,
) -> dict[str, Any]:
    """POST /api/suggest: a clue that removes the second answer (409 unless several)."""
    kind, p, _ = await read_studio(host, puzzle, type, level, budget, seconds)
    return await _helper(host, "suggest", kind, p, seconds, level, budget)


async def thin(
    host: Host,
    *,
    puzzle: str,
    type: str | None = None,
    level: str | None = None,
    budget: int = DEFAULT_UNITS,
    seconds: float = SAFETY_SECONDS,
    seed: int = 0,
    symmetry: str = NONE,
) -> dict[str, Any]:
    """POST /api/thin: remove clues while the level's fixpoint still solves the
    puzzle (409 if it does not to begin with), in orbits of ``symmetry``."""
    kind, p, _ = await read_studio(host, puzzle, type, level, budget, seconds)
    if not 0 <= seed <= MAX_SEED:
        raise PuzzleError(f"the seed is from 0 to {MAX_SEED}, not {seed}")
    refuse_unknown_symmetry(symmetry)
    return await _helper(host, "thin", kind, p, seconds, level, budget, seed, symmetry)


CALLS: dict[str, Callable[..., Any]] = {
    "puzzles": puzzles,
    "puzzle": puzzle,
    "parse": parse,
    "hint": hint,
    "answer": answer,
    "check": check,
    "solve": solve,
    "formats": formats,
    "export": export,
    "analyze": analyze,
    "redundant": redundant,
    "suggest": suggest,
    "thin": thin,
}
"""Every call by its endpoint's name (/api/NAME)."""
