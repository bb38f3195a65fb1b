"""Cave puzzles and answers: text tokens, puzz.link URLs, the board context.

Values: 0 wall (``#``, shaded), 1 cave (``o``). A puzzle's clues are numbers
≥ 1 (a cave cell that sees that many cave cells, itself included), -1 for a
clue without a number ("?": only says the cell is cave), None blank. URL body:
the number-16 stream; type ``cave`` (``bag`` and ``corral`` are read too).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from pencilbox.engine.grid import Bits, Cell, Grid, grid
from pencilbox.engine.results import Puzzle
from pencilbox.errors import ParseError
from pencilbox.formats import janko, penpa, puzzlink, pzprv3
from pencilbox.formats.numbers import read_number, shown
from pencilbox.formats.text import answer_tokens, refuse_size_out_of_range

NAME = "cave"
URL_TYPES = ("cave", "bag", "corral")
WALL, CAVE = 0, 1
COLOUR = ("wall", "cave")
TOKENS = {WALL: "#", CAVE: "o"}
value_token, parse_value = answer_tokens(TOKENS, NAME)
UNNUMBERED = puzzlink.CLUE_WITHOUT_NUMBER

PZPRV3 = pzprv3.Genre(
    names=("cave",),
    clue_tokens={UNNUMBERED: "-"},
    numbers=True,
    mark_tokens={WALL: "#", CAVE: "+"},
)
"""puzz.link's files: ``-`` is a "?" clue; the player shades walls ``#`` and
dots cave cells ``+``."""
PENPA = penpa.Style(
    tag="cave",
    numbers=True,
    clues={penpa.QUESTION: UNNUMBERED},
    answers={penpa.SHADED: WALL, penpa.UNSHADED: CAVE},
)
"""penpa-edit: numbers (``?`` for a clue without one); walls shaded."""
JANKO = janko.Tokens(
    names=("cave", "corral", "hoehle"),
    numbers=True,
    clues={"?": UNNUMBERED},
    answers={"x": WALL, "#": WALL, "-": CAVE, ".": CAVE, "o": CAVE},
)
"""Janko text: numbers and ``?``; a solution marks walls ``x`` and cave ``-``."""

DIRECTIONS = ((-1, 0, "up"), (0, 1, "right"), (1, 0, "down"), (0, -1, "left"))


def parse_clue(token: str) -> int | None:
    if token == ".":
        return None
    if token in ("o", "O", "?"):
        return UNNUMBERED
    n = read_number(token)
    if n is not None and n >= 1:
        return n
    raise ParseError(
        f"{shown(token)} is not a Cave cell "
        "(use '.', a number ≥ 1, or 'o' for a clue without number)"
    )


def clue_token(value: int | None) -> str:
    if value is None:
        return "."
    return "o" if value == UNNUMBERED else str(value)


def refuse_impossible_clues(p: Puzzle) -> None:
    """A number must be ≥ 1 and at most what a cell can see (rows + cols - 1)."""
    most = p.rows + p.cols - 1
    g = p.grid
    for cell, v in enumerate(p.clues):
        if v is None or v == UNNUMBERED:
            continue
        if not 1 <= v <= most:
            raise ParseError(
                f"the clue {v} at {g.name(cell)} is out of range: a cell on a "
                f"{p.rows}x{p.cols} board sees between 1 and {most} cells"
            )


def from_url(url: str) -> Puzzle:
    frame = puzzlink.parse_frame(url)
    if frame.type not in URL_TYPES:
        raise ParseError(f"this is a {frame.type!r} URL, not a Cave one")
    refuse_size_out_of_range(frame.rows, frame.cols)
    clues = puzzlink.decode_number16(frame.body, frame.rows * frame.cols)
    p = Puzzle(NAME, frame.rows, frame.cols, tuple(clues))
    refuse_impossible_clues(p)
    return p


def to_url(p: Puzzle) -> str:
    body = puzzlink.encode_number16(list(p.clues))
    return puzzlink.format_url(NAME, p.cols, p.rows, body)


@cache
def rays_of(rows: int, cols: int) -> tuple[tuple[tuple[Cell, ...], ...], ...]:
    """Each cell's four rays (nearest cell first; up, right, down, left),
    made once per board size."""
    g = grid(rows, cols)
    return tuple(tuple(tuple(g.ray(c, dr, dc)) for dr, dc, _ in DIRECTIONS) for c in range(g.size))


@cache
def _frame(rows: int, cols: int) -> tuple[Bits, Bits]:
    """The border cells and the top-left cells of the 2×2 windows, as bitboards."""
    g = grid(rows, cols)
    return g.bits(c for c in range(g.size) if g.is_border(c)), g.bits(w[0] for w in g.windows)


class Fixpoints:
    """Snapshots of states at which a saturating rule had nothing left to do,
    as bitboards of the cells that may still be wall / cave. A rule compares a
    new state with them to look only at what changed since; this changes how
    fast a rule runs, never what it proves."""

    __slots__ = ("count", "verdicts", "bridge")

    def __init__(self, clues: int = 0) -> None:
        self.count: tuple[Bits, Bits] | None = None
        self.verdicts: tuple[list[list[Any]], ...] = tuple([] for _ in range(clues))
        """Per numbered clue, its last verdicts, the newest first: each with
        the cells it read and what they held then (as may-be-wall and
        may-be-cave bitboards), so that a state whose cells read the same
        takes the verdict without judging the clue again (see the rules'
        ``count``)."""
        self.bridge: list[tuple[Bits, Bits]] = []


@dataclass(frozen=True)
class Board:
    """What the rules read: the puzzle, its grid, every numbered clue with its
    four rays (nearest cell first; up, right, down, left), and for each cell
    the numbered clues that sit on it or may read it (``watchers``: a clue v
    reads the first v cells of each ray at most)."""

    puzzle: Puzzle
    grid: Grid
    clue_cells: tuple[Cell, ...]
    numbers: tuple[tuple[Cell, int, tuple[tuple[Cell, ...], ...]], ...]
    border_bits: Bits
    watchers: tuple[tuple[int, ...], ...]
    spans: tuple[tuple[tuple[Bits, ...], ...], ...]
    """Per numbered clue v and per ray, the bitboards of the ray's first
    1, 2, … v cells: the cells a judgement of the clue read, as it reads
    each ray up to a wall or its v-th cell."""
    window_origins: Bits
    fixpoints: Fixpoints = field(default_factory=Fixpoints, compare=False, repr=False)

    @staticmethod
    def of(p: Puzzle) -> Board:
        g = grid(p.rows, p.cols)
        views = rays_of(p.rows, p.cols)
        cells = tuple(c for c, v in enumerate(p.clues) if v is not None)
        numbers = tuple(
            (c, v, views[c]) for c, v in enumerate(p.clues) if v is not None and v != UNNUMBERED
        )
        watch: list[list[int]] = [[] for _ in range(g.size)]
        spans = []
        for k, (c, v, rays) in enumerate(numbers):
            watch[c].append(k)
            own = []
            for ray in rays:
                span = []
                mask = 0
                for x in ray[:v]:  # a clue v never reads past its v-th cell
                    watch[x].append(k)
                    mask |= 1 << x
                    span.append(mask)
                own.append(tuple(span))
            spans.append(tuple(own))
        border, origins = _frame(p.rows, p.cols)
        return Board(
            p,
            g,
            cells,
            numbers,
            border,
            tuple(tuple(w) for w in watch),
            tuple(spans),
            origins,
            Fixpoints(len(numbers)),
        )
