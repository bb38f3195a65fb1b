"""Yin-Yang puzzles and answers: text tokens, puzz.link URLs, the board context.

Values: 0 black (``#``), 1 white (``o``). A puzzle's clues are given cells
(0 or 1, None blank). URL body: base-27 triples with 0 empty, 1 white given,
2 black given.
"""

from __future__ import annotations

from dataclasses import dataclass

from pencilbox.engine.grid import Grid, grid
from pencilbox.engine.results import Puzzle
from pencilbox.errors import ParseError
from pencilbox.formats import janko, penpa, puzzlink, pzprv3
from pencilbox.formats.numbers import shown
from pencilbox.formats.text import answer_tokens, refuse_size_out_of_range

NAME = "yinyang"
BLACK, WHITE = 0, 1
COLOUR = ("black", "white")
TOKENS = {BLACK: "#", WHITE: "o"}
value_token, parse_value = answer_tokens(TOKENS, NAME)
_URL_VALUE = {None: 0, WHITE: 1, BLACK: 2}
_FROM_URL = {0: None, 1: WHITE, 2: BLACK}

PZPRV3 = pzprv3.Genre(
    names=("yinyang",),
    clue_tokens={WHITE: "1", BLACK: "2"},
    numbers=False,
    mark_tokens={WHITE: "1", BLACK: "2"},
    ignored_marks=("+", "-", "=", "%"),
)
"""puzz.link's files: given circles are the numbers 1 (white) and 2 (black),
and so are the player's circles; ``+ - = %`` are painted backgrounds."""
PENPA = penpa.Style(
    tag="yinyang",
    numbers=False,
    clues={penpa.WHITE_CIRCLE: WHITE, penpa.BLACK_CIRCLE: BLACK},
    answers={
        penpa.BLACK_CIRCLE: BLACK,
        penpa.WHITE_CIRCLE: WHITE,
        penpa.SHADED: BLACK,
        penpa.UNSHADED: WHITE,
    },
)
"""penpa-edit: given stones are large circles, the solver's medium ones
(or shading)."""
JANKO = janko.Tokens(
    names=("yinyang", "yin-yang"),
    numbers=False,
    clues={"w": WHITE, "b": BLACK, "o": WHITE, "x": BLACK, "#": BLACK},
    answers={"w": WHITE, "b": BLACK, "o": WHITE, "x": BLACK, "#": BLACK},
)
"""Janko text: ``w`` white and ``b`` black (``o``, ``x`` and ``#`` read too)."""


def parse_clue(token: str) -> int | None:
    if token == ".":
        return None
    if token == "#":
        return BLACK
    if token in ("o", "O"):
        return WHITE
    raise ParseError(f"{shown(token)} is not a Yin-Yang cell (use '.', '#' or 'o')")


def clue_token(value: int | None) -> str:
    return "." if value is None else TOKENS[value]


def refuse_impossible_clues(p: Puzzle) -> None:
    """Any given cells make a legal puzzle text (a contradiction is the ladder's to find)."""


def from_url(url: str) -> Puzzle:
    frame = puzzlink.parse_frame(url)
    if frame.type != NAME:
        raise ParseError(f"this is a {frame.type!r} URL, not a Yin-Yang one")
    refuse_size_out_of_range(frame.rows, frame.cols)
    values = puzzlink.decode_base27(frame.body, frame.rows * frame.cols)
    return Puzzle(NAME, frame.rows, frame.cols, tuple(_FROM_URL[v] for v in values))


def to_url(p: Puzzle) -> str:
    body = puzzlink.encode_base27([_URL_VALUE[v] for v in p.clues])
    return puzzlink.format_url(NAME, p.cols, p.rows, body)


@dataclass(frozen=True)
class Board:
    """What the rules read: the puzzle and its grid."""

    puzzle: Puzzle
    grid: Grid

    @staticmethod
    def of(p: Puzzle) -> Board:
        return Board(p, grid(p.rows, p.cols))
