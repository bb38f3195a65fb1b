"""Checks of the connectivity deductions, which every shading puzzle that
asks for a connected region runs on its own boards (its tests name the
connectivities it asks for, and how the answers of a small board are found).

Each check sets nothing itself: the caller picks ``connectivity.FLOODS``
(0: the low-link search for the cuts; huge: a flood for every possible cut).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence

from pencilbox.engine import connectivity
from pencilbox.engine.kind import Puzzle, PuzzleKind, Values
from pencilbox.engine.state import Contradiction, State


def _state(
    kind: PuzzleKind, p: Puzzle, base: Sequence[int], rng: random.Random, keep: float
) -> State:
    """The start state with a random share of the cells set as in ``base``."""
    s = kind.start(p)
    for c, m in enumerate(s.cands):
        if m & (m - 1) and rng.random() < keep:
            s.cands[c] = 1 << base[c]
    return s


def answers_by_validator(kind: PuzzleKind) -> Callable[[Puzzle], list[Values]]:
    """Every answer of a small board (at most 12 cells) by the validator alone."""

    def every(p: Puzzle) -> list[Values]:
        n = p.rows * p.cols
        return [a for a in itertools.product((0, 1), repeat=n) if not kind.validate(p, a)]

    return every


def bitboards_find_what_the_low_link_search_finds(
    kind: PuzzleKind, value: int, to_border: bool
) -> None:
    """The same pockets and cuts as a hint's search, on 300 generated boards
    of 3…8 cells a side, part set as their answer and part at random."""
    rng = random.Random(7)
    said = cuts = 0
    for seed in range(300):
        rows, cols = rng.randint(3, 8), rng.randint(3, 8)
        p, answer = kind.generate(rows, cols, density=rng.choice([0.2, 0.5]), seed=seed)
        base = answer if rng.random() < 0.7 else [rng.randint(0, 1) for _ in answer]
        s = _state(kind, p, base, rng, rng.choice([0.2, 0.4, 0.6, 0.8]))
        narrated = s.copy()
        narrated.trace = []
        silent = s.copy()
        old = connectivity.connect(narrated, value, "bridge", "it", to_border)
        new = connectivity.connect_bits(silent, value, "bridge", "it", to_border)
        assert isinstance(old, Contradiction) == isinstance(new, Contradiction), seed
        if not isinstance(old, Contradiction):
            assert old == new and narrated.cands == silent.cands, seed
        said += old != connectivity.NOTHING
        cuts += any(d.keep == 1 << value for d in narrated.trace)
    assert said > 50 and cuts > 20  # not vacuous: pockets and cuts were there to find


def each_deduction_holds_in_every_answer_that_agrees_with_its_premises(
    kind: PuzzleKind,
    value: int,
    to_border: bool,
    every_answer: Callable[[Puzzle], list[Values]],
    sizes: Sequence[tuple[int, int]],
    seeds: int,
) -> None:
    """What learning takes a deduction to say: every answer whose premise
    cells keep their candidates has the deduced value (and a contradiction
    leaves no such answer). A premise left out would let some answer through
    on these small boards (``every_answer`` finds them all)."""
    rng = random.Random(11)
    said = loose = 0
    for seed in range(seeds):
        rows, cols = rng.choice(sizes)
        p, answer = kind.generate(rows, cols, density=rng.choice([0.2, 0.4]), seed=seed)
        every = every_answer(p)
        for _ in range(16):
            base = rng.choice(every) if rng.random() < 0.6 else [rng.randint(0, 1) for _ in answer]
            s = _state(kind, p, base, rng, rng.choice([0.3, 0.5, 0.7]))
            before = s.cands[:]
            s.why = [0] * len(s.cands)  # search that tracks why: exact premises
            s.trace = []
            r = connectivity.connect_bits(s, value, "bridge", "it", to_border)
            checks = [(d.cell, d.keep, d.premises) for d in s.trace]
            if isinstance(r, Contradiction):
                checks = [(-1, 0, r.premises)]
            for cell, keep, premises in checks:
                for a in every:
                    if all(before[c] >> a[c] & 1 for c in premises):
                        assert cell >= 0, f"seed {seed}: an answer survives the contradiction"
                        assert keep >> a[cell] & 1, f"seed {seed}: {p.grid.name(cell)}"
                said += 1
                # Without the fence (the decided cells alone) some answer
                # would break it: the fence is no decoration.
                bare = [c for c in premises if before[c] == 1 << value]
                loose += any(
                    all(before[c] >> a[c] & 1 for c in bare)
                    and (cell < 0 or not keep >> a[cell] & 1)
                    for a in every
                )
    assert said > 20 and loose > 5
