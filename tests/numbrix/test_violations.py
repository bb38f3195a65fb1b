"""Numbrix's validator says which of its violations are local: the ones
no filling of the empty cells can repair, which Check reports on a partly
filled board."""

from __future__ import annotations

import pencilbox

from ..test_violations import assert_locality


def test_each_violation_says_whether_it_is_local() -> None:
    assert_locality(
        "numbrix",
        ". . .\n. 3 .\n. . .",
        "1 1 ?\n? 4 ?\n? ? 2",
        {"twice": True, "apart": True, "given": True, "empty": False},
    )


def test_a_number_out_of_range_is_local() -> None:
    kind = pencilbox.puzzle("numbrix")
    p = kind.parse(". . .\n. . .\n. . .")
    found = {v.code: v.local for v in kind.validate(p, (0, 1, 9, *[None] * 6))}
    assert found == {"range": True, "empty": False}
