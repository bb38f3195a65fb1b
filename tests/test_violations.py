"""Every validator says which of its violations are local: the ones no
filling of the empty cells can repair, which Check reports on a partly
filled board (the toy plug-in's own is checked in tests/plugin)."""

from __future__ import annotations

import pytest

import pencilbox

CASES = [
    # (type, puzzle, the player's marks, {code: local})
    (
        "yinyang",
        "o . .\n. . .\n. . .",
        "# # o\n# # o\no ? #",
        {
            "2x2-black": True,
            "given": True,
            "black-divided": False,
            "white-divided": False,
            "empty": False,
        },
    ),
    (
        "cave",
        "2 . .\n. . .\n. . .",
        "# ? ?\n? # ?\n? ? ?",
        {"clue-shaded": True, "no-cave": False, "wall-sealed": False, "empty": False},
    ),
    (
        "kurotto",
        "1 . .\n. . .\n. . .",
        "# # ?\n? ? ?\n? ? ?",
        {"circle": True, "number": False, "empty": False},
    ),
    (
        "numbrix",
        ". . .\n. 3 .\n. . .",
        "1 1 ?\n? 4 ?\n? ? 2",
        {"twice": True, "apart": True, "given": True, "empty": False},
    ),
]


@pytest.mark.parametrize(("name", "puzzle", "marks", "local"), CASES, ids=[c[0] for c in CASES])
def test_each_violation_says_whether_it_is_local(
    name: str, puzzle: str, marks: str, local: dict[str, bool]
) -> None:
    kind = pencilbox.puzzle(name)
    p = kind.parse(puzzle)
    found = {v.code: v.local for v in kind.validate(p, kind.parse_marks(marks, p))}
    assert found == local


def test_a_number_out_of_range_is_local() -> None:
    kind = pencilbox.puzzle("numbrix")
    p = kind.parse(". . .\n. . .\n. . .")
    found = {v.code: v.local for v in kind.validate(p, (0, 1, 9, *[None] * 6))}
    assert found == {"range": True, "empty": False}
