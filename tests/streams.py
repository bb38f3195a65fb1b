"""Fingerprints of a puzzle's raw streams, for its own tests to pin down.

The raw generator and the raw thinning are the seeds' science: the
measurements sample them, so a change that moves them moves every table.
Each puzzle's ``test_style.py`` compares :func:`raw_fingerprints` with the
values its boards have always given.
"""

from __future__ import annotations

import hashlib
import random

import pencilbox
from pencilbox.engine.thinning import thin


def raw_fingerprints(name: str) -> tuple[str, str]:
    """sha256 (first 16 hex digits) of the raw boards of 7x6 at density 0.5,
    seeds 0..19, and of the raw thinning of 6x6 boards with every clue
    shown, at the top level, seeds 0..5."""
    kind = pencilbox.puzzle(name)
    boards, thinned = hashlib.sha256(), hashlib.sha256()
    for seed in range(20):
        p, answer = kind.generate(7, 6, density=0.5, seed=seed)
        boards.update(repr((p.clues, answer)).encode())
    for seed in range(6):
        full, _ = kind.generate(6, 6, density=1.0, seed=seed)
        q = thin(kind, full, len(kind.levels) - 1, random.Random(seed)).puzzle
        thinned.update(repr(q.clues).encode())
    return boards.hexdigest()[:16], thinned.hexdigest()[:16]
