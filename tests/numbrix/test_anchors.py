"""The raw engine against published combinatorics (OEIS) and a hand-proved identity."""

from __future__ import annotations

import pytest

import pencilbox

KIND = pencilbox.puzzle("numbrix")


@pytest.mark.parametrize(
    ("side", "paths"),
    [(3, 40), (4, 552), (5, 8_648)],  # OEIS A096969
)
def test_directed_hamiltonian_paths(side: int, paths: int) -> None:
    assert KIND.census(side, side) == paths


@pytest.mark.slow
def test_directed_hamiltonian_paths_6x6() -> None:
    assert KIND.census(6, 6) == 458_696  # OEIS A096969


@pytest.mark.parametrize(("side", "cycles"), [(4, 6), (6, 1_072)])  # OEIS A003763
def test_hamiltonian_cycles(side: int, cycles: int) -> None:
    assert KIND.census(side, side, cycles=True) == cycles


@pytest.mark.parametrize("side", [3, 5])
def test_no_cycle_on_an_odd_board(side: int) -> None:
    # A cycle alternates colours, so it needs as many black cells as white.
    assert KIND.census(side, side, cycles=True) == 0


@pytest.mark.parametrize("m", range(2, 9))
def test_ladder_paths(m: int) -> None:
    # A walk on the 2×m ladder leaves a column only through its rung, so it
    # sweeps out from both ends and is fixed by the column where it turns:
    # m² − m + 2 undirected paths, each counted twice as a numbering.
    want = 2 * (m * m - m + 2)
    assert KIND.census(2, m) == want
    assert KIND.census(m, 2) == want


def test_census_of_the_only_cycle_of_a_ladder() -> None:
    # The 2×m ladder has exactly one Hamiltonian cycle: its outline.
    assert KIND.census(2, 7, cycles=True) == 1


def test_brute_count_without_clues_is_the_census() -> None:
    empty = KIND.parse("numbrix 3x3\n. . .\n. . .\n. . .\n")
    assert KIND.brute_count(empty, limit=None).solutions == 40
