"""Yin-Yang's connectivities by bitboards: the black cells in one piece and
the white cells in one piece; the same pockets and cuts as the low-link
search, and deductions that rest on exactly their premises (the answers of
a small board by the validator alone)."""

from __future__ import annotations

import pytest

import pencilbox
from pencilbox.engine import connectivity
from tests.engine.connectivity_checks import (
    answers_by_validator,
    bitboards_find_what_the_low_link_search_finds,
    each_deduction_holds_in_every_answer_that_agrees_with_its_premises,
)

ASKS = [(0, False), (1, False)]
"""(value, to_border): each colour connected, neither asked to reach the border."""


@pytest.mark.parametrize("floods", [0, 1 << 30])
@pytest.mark.parametrize(("value", "to_border"), ASKS)
def test_bitboards_find_what_the_low_link_search_finds(
    value: int, to_border: bool, floods: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(connectivity, "FLOODS", floods)
    bitboards_find_what_the_low_link_search_finds(pencilbox.puzzle("yinyang"), value, to_border)


@pytest.mark.parametrize("floods", [0, 1 << 30])
@pytest.mark.parametrize(("value", "to_border"), ASKS)
def test_each_deduction_holds_in_every_answer_that_agrees_with_its_premises(
    value: int, to_border: bool, floods: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(connectivity, "FLOODS", floods)
    kind = pencilbox.puzzle("yinyang")
    each_deduction_holds_in_every_answer_that_agrees_with_its_premises(
        kind, value, to_border, answers_by_validator(kind), sizes=[(3, 3), (3, 4), (4, 3)], seeds=15
    )
