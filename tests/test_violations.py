"""Every validator says which of its violations are local: the ones no
filling of the empty cells can repair, which Check reports on a partly
filled board. Each puzzle's own violations are checked in its tests (the toy
plug-in's in tests/plugin)."""

from __future__ import annotations

import pytest

import pencilbox

from .kinds import board, hardest, names


def assert_locality(name: str, puzzle: str, marks: str, local: dict[str, bool]) -> None:
    """The violations of ``marks`` on ``puzzle``, by code, and whether each is local."""
    kind = pencilbox.puzzle(name)
    p = kind.parse(puzzle)
    found = {v.code: v.local for v in kind.validate(p, kind.parse_marks(marks, p))}
    assert found == local


@pytest.mark.parametrize("name", names())
def test_an_answer_with_empty_cells_breaks_nothing_for_good(name: str) -> None:
    """Marks that agree with the answer can always be completed: whatever the
    validator says of them, nothing is local."""
    kind = pencilbox.puzzle(name)
    p, answer = board(kind, hardest(kind))
    partial = [v if i % 3 else None for i, v in enumerate(answer)]
    found = kind.validate(p, partial)
    assert found and all(isinstance(v.local, bool) for v in found)
    assert not [v.code for v in found if v.local]
    assert kind.validate(p, answer) == []
