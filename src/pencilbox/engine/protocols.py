"""The parts a puzzle package hands to its kind, as typed protocols.

A puzzle's ``model``, ``validate``, ``brute`` and ``generate`` modules
satisfy these protocols as they stand (a module is checked against a
protocol like any object), so a kind can call them without ``Any``. The
text codec is built by :mod:`pencilbox.formats.text` from the model; the
engine only knows its protocol.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from pencilbox.engine.results import Marks, Puzzle, Values
from pencilbox.engine.state import Mask
from pencilbox.violations import Violation


class BoardFactory(Protocol):
    """The model's ``Board`` class: compiles a puzzle into what rules read."""

    def of(self, p: Puzzle, /) -> object: ...


class Model(Protocol):
    """The puzzle's ``model`` module: clue and answer tokens, URLs, the board."""

    @property
    def Board(self) -> BoardFactory: ...  # noqa: N802 (the model's class)

    def parse_clue(self, token: str, /) -> int | None: ...

    def clue_token(self, value: int | None, /) -> str: ...

    def value_token(self, value: int, /) -> str: ...

    def parse_value(self, token: str, size: int, /) -> int | None: ...

    def refuse_impossible_clues(self, p: Puzzle, /) -> None: ...

    def from_url(self, url: str, /) -> Puzzle: ...

    def to_url(self, p: Puzzle, /) -> str: ...


class Validator(Protocol):
    """The independent ``validate`` module: imports nothing from the engine."""

    def validate(self, puzzle: Puzzle, answer: Sequence[int | None], /) -> list[Violation]: ...


class BruteForce(Protocol):
    """The independent ``brute`` module: (solutions, complete, nodes, first)."""

    def brute_count(
        self,
        puzzle: Puzzle,
        limit: int | None = 2,
        budget: int | None = None,
        deadline: float | None = None,
        /,
    ) -> tuple[int, bool, int, Values | None]: ...


class Generator(Protocol):
    """The ``generate`` module: a random answer, then the clues it shows."""

    def generate_answer(self, rows: int, cols: int, rng: random.Random, /) -> list[int]: ...

    def clues(
        self, rows: int, cols: int, answer: list[int], density: float, rng: random.Random, /
    ) -> list[int | None]: ...


class TextCodec(Protocol):
    """Puzzles, answers and states as text (see :mod:`pencilbox.formats.text`)."""

    def parse(self, text: str, /) -> Puzzle: ...

    def format(self, p: Puzzle, header: bool = True, /) -> str: ...

    def puzzle_rows(self, p: Puzzle, /) -> list[str]: ...

    def solution_rows(self, values: Sequence[int], cols: int, /) -> list[str]: ...

    def state_rows(self, cands: Sequence[Mask], cols: int, /) -> list[str]: ...

    def parse_marks(self, text: str, p: Puzzle, /) -> Marks: ...
