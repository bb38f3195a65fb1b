"""A small bank built once per session, from code (tiny sizes, two per grade),
of every registered puzzle."""

from __future__ import annotations

from pathlib import Path

import pytest

import pencilbox
from pencilbox.bank import Bank, build

TYPES = pencilbox.puzzle_names()
SIZES = ((4, 4), (4, 5))
PER_GRADE = 2


def board_set(path: Path) -> set[tuple[object, ...]]:
    """What a bank holds, independent of insertion order and time."""
    with Bank(path) as bank:
        return {
            (b.type, b.rows, b.cols, b.grade, b.clues, b.puzzle, b.solution, b.seed, b.generator)
            for b in bank.boards()
        }


@pytest.fixture(scope="session")
def small_bank(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("bank") / "small.sqlite"
    build(path, TYPES, SIZES, PER_GRADE, workers=1)
    return path
