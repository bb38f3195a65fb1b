"""Yin-Yang's validator says which of its violations are local: the ones
no filling of the empty cells can repair, which Check reports on a partly
filled board."""

from __future__ import annotations

from ..test_violations import assert_locality


def test_each_violation_says_whether_it_is_local() -> None:
    assert_locality(
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
    )
