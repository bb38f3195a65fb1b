"""Cave's connectivities by bitboards: the cave (unshaded) in one piece, and
every shaded cell reaching the border; the same pockets and cuts as the
low-link search, and deductions that rest on exactly their premises (the
answers of a small board by Cave's brute force)."""

from __future__ import annotations

import pytest

import pencilbox
from pencilbox.engine import connectivity
from pencilbox.puzzles.cave import brute
from tests.engine.connectivity_checks import (
    bitboards_find_what_the_low_link_search_finds,
    each_deduction_holds_in_every_answer_that_agrees_with_its_premises,
)

ASKS = [(1, False), (0, True)]
"""(value, to_border): the cave connected, the shaded cells out to the border."""


@pytest.mark.parametrize("floods", [0, 1 << 30])
@pytest.mark.parametrize(("value", "to_border"), ASKS)
def test_bitboards_find_what_the_low_link_search_finds(
    value: int, to_border: bool, floods: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(connectivity, "FLOODS", floods)
    bitboards_find_what_the_low_link_search_finds(pencilbox.puzzle("cave"), value, to_border)


@pytest.mark.parametrize("floods", [0, 1 << 30])
@pytest.mark.parametrize(("value", "to_border"), ASKS)
def test_each_deduction_holds_in_every_answer_that_agrees_with_its_premises(
    value: int, to_border: bool, floods: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(connectivity, "FLOODS", floods)
    each_deduction_holds_in_every_answer_that_agrees_with_its_premises(
        pencilbox.puzzle("cave"),
        value,
        to_border,
        lambda p: list(brute.solutions(p)),
        sizes=[(3, 3), (3, 4), (4, 3), (4, 4)],
        seeds=30,
    )
