"""Symmetry of clue positions, and thinning that keeps it: clues leave a
board in whole orbits (a clue with its image), so a symmetric board stays
symmetric, whatever the puzzle, level, seed or symmetry."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pencilbox
from pencilbox.engine.kind import Puzzle
from pencilbox.engine.symmetry import (
    MIRROR,
    NONE,
    ROT180,
    SYMMETRIES,
    has_symmetry,
    image,
    orbits,
    symmetry_of,
)
from pencilbox.engine.thinning import Removal, solves_at, thin
from pencilbox.errors import ParseError

from ..kinds import names


def test_images_by_hand() -> None:
    # 3x4 board: cell 1 is (0, 1); a half turn sends it to (2, 2), a mirror to (0, 2)
    assert image(1, 3, 4, ROT180) == 10
    assert image(1, 3, 4, MIRROR) == 2
    assert image(1, 3, 4, NONE) == 1
    assert image(4, 3, 3, ROT180) == 4  # the centre of an odd board is its own image


@pytest.mark.parametrize("symmetry", SYMMETRIES)
@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (3, 3), (4, 5), (6, 6)])
def test_orbits_cover_every_cell_once(symmetry: str, rows: int, cols: int) -> None:
    seen = [c for orbit in orbits(rows, cols, symmetry) for c in orbit]
    assert sorted(seen) == list(range(rows * cols))
    for orbit in orbits(rows, cols, symmetry):
        assert {image(c, rows, cols, symmetry) for c in orbit} == set(orbit)
        assert len(orbit) in (1, 2)


def test_symmetry_of_reads_the_clue_positions_only() -> None:
    half_turn = [1, None, None, None, None, 7]  # 2x3: cells 0 and 5 are images
    assert symmetry_of(half_turn, 2, 3) == ROT180
    mirrored = [1, None, 9, None, None, None]  # cells 0 and 2 are mirror images
    assert symmetry_of(mirrored, 2, 3) == MIRROR
    assert symmetry_of([1, 2, None, None, None, None], 2, 3) == NONE
    assert has_symmetry([None] * 6, 2, 3, ROT180)


def test_an_unknown_symmetry_is_refused() -> None:
    with pytest.raises(ParseError, match="rot180"):
        orbits(3, 3, "diagonal")


def full_board(name: str, rows: int, cols: int, seed: int, symmetry: str) -> Puzzle:
    """Every clue the raw generator shows, less those whose image shows none
    (so the clue positions keep ``symmetry``)."""
    kind = pencilbox.puzzle(name)
    full, _ = kind.generate(rows, cols, density=1.0, seed=seed)
    clues = [
        v if full.clues[image(c, rows, cols, symmetry)] is not None else None
        for c, v in enumerate(full.clues)
    ]
    return Puzzle(full.type, rows, cols, tuple(clues))


@settings(max_examples=40, deadline=None)
@given(
    name=st.sampled_from(names()),
    rows=st.integers(3, 6),
    cols=st.integers(3, 6),
    seed=st.integers(0, 10_000),
    symmetry=st.sampled_from((ROT180, MIRROR)),
    top=st.booleans(),
)
def test_thinning_keeps_the_symmetry(
    name: str, rows: int, cols: int, seed: int, symmetry: str, top: bool
) -> None:
    kind = pencilbox.puzzle(name)
    p = full_board(name, rows, cols, seed, symmetry)
    assert has_symmetry(p.clues, rows, cols, symmetry)
    level = len(kind.levels) - 1 if top else 0
    thinned = thin(kind, p, level, random.Random(seed), removal=Removal(symmetry)).puzzle
    assert has_symmetry(thinned.clues, rows, cols, symmetry)
    if solves_at(kind, p, level):
        assert solves_at(kind, thinned, level)
    # each clue kept is its own: thinning only removes
    assert all(v is None or v == p.clues[c] for c, v in enumerate(thinned.clues))
