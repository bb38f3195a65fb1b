"""Cave's two styles: the raw stream as the measurements read it, unchanged
(its boards hash to what they always did), and the setter's style near the
hand-made boards' figures."""

from __future__ import annotations

import random

import pencilbox

from ..streams import raw_fingerprints

RAW = ("23c958ddd542c621", "d415da8a12aa1eb0")
"""The raw streams' fingerprints (:func:`tests.streams.raw_fingerprints`),
as the generator and the raw thinning have always made them."""


def test_the_raw_stream_is_unchanged() -> None:
    assert raw_fingerprints("cave") == RAW


def test_setter_boards_keep_small_numbers() -> None:
    """Hand-made 10x10 Cave clues: median 4; the raw thinning's: 6."""
    import statistics

    from pencilbox.engine.making import make

    kind = pencilbox.puzzle("cave")
    numbers: list[int] = []
    made_count = 0
    seed = 0
    while made_count < 8:
        made = make(kind, 10, 10, 1 + made_count % 3, 300 + seed, "none", minimal=True)
        seed += 1
        if made is None:
            continue
        made_count += 1
        numbers += [v for v in made.puzzle.clues if v is not None and v > 0]
    assert statistics.median(numbers) <= 5


def test_setter_answers_hide_no_wall_from_every_clue() -> None:
    """Every wall of a setter's answer touches the cave along a side."""
    from pencilbox.engine.grid import grid
    from pencilbox.puzzles.cave.generate import setter_answer
    from pencilbox.puzzles.cave.model import CAVE, WALL

    g = grid(12, 12)
    for seed in range(15):
        a = setter_answer(12, 12, "none", random.Random(seed))
        assert kind_is_legal(a)
        for c in range(144):
            if a[c] == WALL:
                assert any(a[x] == CAVE for x in g.neighbours[c])


def kind_is_legal(answer: list[int]) -> bool:
    kind = pencilbox.puzzle("cave")
    p = pencilbox.Puzzle("cave", 12, 12, (None,) * 144)
    return kind.validate(p, answer) == []
