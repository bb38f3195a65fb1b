"""Yin-Yang's two styles: the raw stream as the measurements read it, unchanged
(its boards hash to what they always did), and the setter's style (which draws the raw answer)."""

from __future__ import annotations

import hashlib
import random

import pencilbox
from pencilbox.engine.thinning import thin

RAW_BOARDS = "ff7d2eb6960cfdf2"
"""sha256 (first 16 hex digits) of the raw boards of 7x6, density 0.5,
seeds 0..19, as the generator has always made them."""
RAW_THINNED = "02ff1299f58ae56b"
"""...and of the raw thinning of 6x6 boards with every clue shown, at the
top level, seeds 0..5."""


def test_the_raw_stream_is_unchanged() -> None:
    kind = pencilbox.puzzle("yinyang")
    boards, thinned = hashlib.sha256(), hashlib.sha256()
    for seed in range(20):
        p, answer = kind.generate(7, 6, density=0.5, seed=seed)
        boards.update(repr((p.clues, answer)).encode())
    for seed in range(6):
        full, _ = kind.generate(6, 6, density=1.0, seed=seed)
        q = thin(kind, full, len(kind.levels) - 1, random.Random(seed)).puzzle
        thinned.update(repr(q.clues).encode())
    assert boards.hexdigest()[:16] == RAW_BOARDS
    assert thinned.hexdigest()[:16] == RAW_THINNED
