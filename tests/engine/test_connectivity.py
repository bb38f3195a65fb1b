"""Connectivity by bitboards: the same pockets and cuts as the low-link
search, and in search deductions that rest on exactly their premises."""

from __future__ import annotations

import itertools
import random

import pytest

import pencilbox
from pencilbox.engine import connectivity
from pencilbox.engine.grid import cells_of, grid
from pencilbox.engine.state import Contradiction, State
from pencilbox.puzzles.cave import brute as cave_brute

# (type, value, to_border) for every connectivity the shading puzzles ask for
ASKS = [("cave", 1, False), ("cave", 0, True), ("yinyang", 0, False), ("yinyang", 1, False)]


def _state(kind, p, base, rng, keep):
    """The start state with a random share of the cells set as in ``base``."""
    s = kind.start(p)
    for c, m in enumerate(s.cands):
        if m & (m - 1) and rng.random() < keep:
            s.cands[c] = 1 << base[c]
    return s


def _every_answer(kind, p):
    """Every answer of a small board: Cave's by its brute force, others (at
    most 12 cells) by the validator alone."""
    if kind.name == "cave":
        return list(cave_brute.solutions(p))
    n = p.rows * p.cols
    return [a for a in itertools.product((0, 1), repeat=n) if not kind.validate(p, a)]


@pytest.mark.parametrize("floods", [0, 1 << 30])
@pytest.mark.parametrize(("name", "value", "to_border"), ASKS)
def test_bitboards_find_what_the_low_link_search_finds(name, value, to_border, floods, monkeypatch):
    """With a flood for every possible cut, and with the low-link search for
    the cuts (``FLOODS`` 0), the same pockets and cuts as a hint's search."""
    monkeypatch.setattr(connectivity, "FLOODS", floods)
    kind = pencilbox.puzzle(name)
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


@pytest.mark.parametrize("floods", [0, 1 << 30])
@pytest.mark.parametrize(("name", "value", "to_border"), ASKS)
def test_each_deduction_holds_in_every_answer_that_agrees_with_its_premises(
    name, value, to_border, floods, monkeypatch
):
    """What learning takes a deduction to say: every answer whose premise
    cells keep their candidates has the deduced value (and a contradiction
    leaves no such answer). A premise left out would let some answer through
    on these small boards."""
    monkeypatch.setattr(connectivity, "FLOODS", floods)
    kind = pencilbox.puzzle(name)
    rng = random.Random(11)
    said = loose = 0
    sizes = [(3, 3), (3, 4), (4, 3)] + ([(4, 4)] if name == "cave" else [])
    for seed in range(30 if name == "cave" else 15):
        rows, cols = rng.choice(sizes)
        p, answer = kind.generate(rows, cols, density=rng.choice([0.2, 0.4]), seed=seed)
        every = _every_answer(kind, p)
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


def test_outside_cuts_holds_every_cut_of_a_graph_with_an_outside_node():
    """Brute force on random rooms: a cell whose removal disconnects some room
    cell from the border is always among :func:`outside_cuts`."""
    rng = random.Random(3)
    for _ in range(300):
        rows, cols = rng.randint(2, 6), rng.randint(2, 6)
        g = grid(rows, cols)
        room = rng.getrandbits(g.size)
        border = connectivity._border_bits(g)
        reach = g.flood(room & border, room)
        suspects = connectivity.outside_cuts(g, reach, True)
        for x in cells_of(reach):
            rest = reach & ~(1 << x)
            if g.flood(rest & border, rest) != rest:
                assert suspects >> x & 1, (rows, cols, room, x)


def test_a_state_is_read_as_bitboards():
    s = State(None, [1, 2, 3, 2, 0, 1])
    assert connectivity._room(s.cands, 2) == (0b001110, 0b001010)
    assert connectivity._room([1 << 9, 3], 1) == (0b10, 0)
