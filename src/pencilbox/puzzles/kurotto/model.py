"""Kurotto puzzles and answers: text tokens, puzz.link URLs, the board context.

Values: 0 black (``#``, shaded), 1 white (``o``). A puzzle's clues are its
circles: an integer ≥ 0 is a numbered circle, -1 a blank circle ("not
shaded", nothing more), None a plain cell. Every circle is white. URL body:
the number-16 stream, ``.`` for a blank circle.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pencilbox.engine.grid import Bits, Cell, Grid, grid
from pencilbox.engine.results import Puzzle
from pencilbox.errors import ParseError
from pencilbox.formats import janko, penpa, puzzlink, pzprv3
from pencilbox.formats.numbers import read_number, shown
from pencilbox.formats.text import answer_tokens, refuse_size_out_of_range

NAME = "kurotto"
BLACK, WHITE = 0, 1
COLOUR = ("black", "white")
TOKENS = {BLACK: "#", WHITE: "o"}
value_token, parse_value = answer_tokens(TOKENS, NAME)
BLANK = puzzlink.CLUE_WITHOUT_NUMBER

PZPRV3 = pzprv3.Genre(
    names=("kurotto",),
    clue_tokens={BLANK: "-"},
    numbers=True,
    mark_tokens={BLACK: "#", WHITE: "+"},
)
"""puzz.link's files: ``-`` is a blank circle; the player shades ``#`` and
dots ``+``."""
PENPA = penpa.Style(
    tag="kurotto",
    numbers=True,
    clues={penpa.QUESTION: BLANK, penpa.WHITE_CIRCLE: BLANK},
    number_style=6,
    question_text=" ",
    answers={penpa.SHADED: BLACK, penpa.UNSHADED: WHITE},
)
"""penpa-edit: numbers in circles (style 6, a blank for a blank circle, as
penpa's own puzz.link import writes them); black cells shaded."""
JANKO = janko.Tokens(
    names=("kurotto",),
    numbers=True,
    clues={"o": BLANK, "?": BLANK},
    answers={"x": BLACK, "#": BLACK, "-": WHITE, ".": WHITE, "o": WHITE},
)
"""Janko text: numbers and ``o`` for a blank circle; solutions ``x`` and ``-``."""


def parse_clue(token: str) -> int | None:
    if token == ".":
        return None
    if token in ("o", "O"):
        return BLANK
    n = read_number(token)
    if n is not None:
        return n
    raise ParseError(
        f"{shown(token)} is not a Kurotto cell (use '.', a number for a numbered circle "
        "or 'o' for a blank circle)"
    )


def clue_token(value: int | None) -> str:
    if value is None:
        return "."
    return "o" if value == BLANK else str(value)


def refuse_impossible_clues(p: Puzzle) -> None:
    for cell, v in enumerate(p.clues):
        if v is not None and v < BLANK:
            raise ParseError(f"{p.grid.name(cell)}: a circle's number cannot be negative")


def from_url(url: str) -> Puzzle:
    frame = puzzlink.parse_frame(url)
    if frame.type != NAME:
        raise ParseError(f"this is a {frame.type!r} URL, not a Kurotto one")
    refuse_size_out_of_range(frame.rows, frame.cols)
    clues = puzzlink.decode_number16(frame.body, frame.rows * frame.cols)
    return Puzzle(NAME, frame.rows, frame.cols, tuple(clues))


def to_url(p: Puzzle) -> str:
    body = puzzlink.encode_number16(list(p.clues))
    return puzzlink.format_url(NAME, p.cols, p.rows, body)


@dataclass(frozen=True, slots=True)
class Circle:
    """A numbered circle as the rules read it."""

    cell: Cell
    number: int
    bit: Bits
    near: Bits
    """Its orthogonal neighbours."""
    name: str
    """Its name in reasons ("r3c5")."""
    area: Bits
    """Every cell within ``number + 3`` steps: all a rule needs to look at to
    judge this circle (its floor is exact up to ``number`` cells, its ceiling
    is only ever grown to ``number + 1`` cells, and their walls lie one step
    further)."""
    caps: tuple[tuple[int, int, Bits], ...] = ()
    """What the other circles forbid a block touching this one: for block
    sizes ``lo < s <= hi``, the cells next to every other numbered circle
    whose number is below ``s`` (a block holding such a cell touches that
    circle, so it holds at most that number of cells). Largest sizes first,
    down to ``lo = 0``, which forbids nothing; read by the search's cap
    rule (see :mod:`.caps`)."""
    smaller: tuple[tuple[Bits, int], ...] = ()
    """The other numbered circles with a smaller number whose neighbours lie
    in its area, as (their neighbours, their number), lowest number first:
    the blocks of a way that touch one hold at most its number between them
    (read by the shape rule, see :mod:`.shape`)."""


@dataclass(frozen=True)
class Board:
    """What the rules read: the grid, the circles, and each circle's last
    verdicts, shared by every state of one puzzle (search branches, probes)."""

    puzzle: Puzzle
    grid: Grid
    circle_bits: Bits
    """Every circle cell, numbered or blank."""
    circles: tuple[Circle, ...]
    """The numbered circles, row-major."""
    kept: tuple[list[list[Any]], ...] = field(default=(), compare=False, repr=False)
    """Per circle, its last entries of verdicts (see the rules' ``_saturate``)."""
    shaped: tuple[list[list[Any]], ...] = field(default=(), compare=False, repr=False)
    """Per circle, its last entries of the shape rule's verdicts, kept apart:
    they read far more cells than the others, and would make the others'
    entries fail to match."""
    recalled: tuple[dict[tuple[Bits, Bits], list[Any]], ...] = field(
        default=(), compare=False, repr=False
    )
    """Per circle, the entry of verdicts last found for each colouring of
    its area: looked up before :attr:`kept` is scanned, and an entry pushed
    out of it is found again when the same colours come back (see the
    rules' ``_saturate``)."""
    recalled_shapes: tuple[dict[tuple[Bits, Bits], list[Any]], ...] = field(
        default=(), compare=False, repr=False
    )
    """The same for the entries of :attr:`shaped`."""

    @staticmethod
    def of(p: Puzzle) -> Board:
        g = grid(p.rows, p.cols)
        numbered = [(cell, v) for cell, v in enumerate(p.clues) if v is not None and v >= 0]
        upto = _gates_upto(g, numbered)
        circles = []
        nears = [g.spread(1 << cell) & ~(1 << cell) for cell, _ in numbered]
        for (cell, v), near in zip(numbered, nears, strict=True):
            bit = 1 << cell
            area = bit
            for _ in range(v + 3):
                grown = g.spread(area)
                if grown == area:
                    break
                area = grown
            smaller = sorted(
                (w, other)
                for (_, w), other in zip(numbered, nears, strict=True)
                if w < v and other & area
            )
            circles.append(
                Circle(
                    cell,
                    v,
                    bit,
                    near,
                    g.name(cell),
                    area,
                    _caps(v, upto),
                    tuple((other, w) for w, other in smaller),
                )
            )
        every = g.bits(c for c, v in enumerate(p.clues) if v is not None)
        return Board(
            p,
            g,
            every,
            tuple(circles),
            tuple([] for _ in circles),
            tuple([] for _ in circles),
            tuple({} for _ in circles),
            tuple({} for _ in circles),
        )


def _gates_upto(g: Grid, numbered: list[tuple[Cell, int]]) -> dict[int, Bits]:
    """For each number of the board's circles, the neighbours of every
    circle numbered at most that (made once for all circles: a circle's caps
    read only circles with a smaller number than its own, so never itself)."""
    by_number: dict[int, Bits] = {}
    for cell, v in numbered:
        by_number[v] = by_number.get(v, 0) | (g.spread(1 << cell) & ~(1 << cell))
    upto: dict[int, Bits] = {}
    gates = 0
    for w in sorted(by_number):
        gates |= by_number[w]
        upto[w] = gates
    return upto


def _caps(number: int, upto: dict[int, Bits]) -> tuple[tuple[int, int, Bits], ...]:
    """:attr:`Circle.caps` of a circle with ``number``, given the gates of
    the board's numbers (:func:`_gates_upto`)."""
    out = []
    hi = number
    for lo in sorted((w for w in upto if w < number), reverse=True):
        # Sizes lo < s <= hi: the circles with a number below s are those
        # with a number up to lo (none lies strictly between).
        out.append((lo, hi, upto[lo]))
        hi = lo
    out.append((0, hi, 0))
    return tuple(out)
