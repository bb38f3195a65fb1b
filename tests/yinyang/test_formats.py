"""Yin-Yang in puzz.link's files, read from text written by hand."""

from __future__ import annotations

from pencilbox.formats import registry


def test_yinyang_circles_are_the_numbers_1_and_2() -> None:
    text = "pzprv3\nyinyang\n2\n3\n1 . 2 \n. . . \n. 2 . \n1 1 % \n"
    (doc,) = registry.read(text)
    assert doc.puzzle.clues == (1, None, 0, None, None, None)  # white, black
    assert doc.marks == (1, 0, 0, 1, 1, None)  # clue cells keep their colour
