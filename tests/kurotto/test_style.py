"""Kurotto's two styles: the raw stream as the measurements read it, unchanged
(its boards hash to what they always did), and the setter's style near the
hand-made boards' figures."""

from __future__ import annotations

import random

import pencilbox

from ..streams import raw_fingerprints

RAW = ("c2198c4292ed28e4", "b2574bbbd96ce16f")
"""The raw streams' fingerprints (:func:`tests.streams.raw_fingerprints`),
as the generator and the raw thinning have always made them."""


def test_the_raw_stream_is_unchanged() -> None:
    assert raw_fingerprints("kurotto") == RAW


# -- the setter's style: the hand-made boards' figures ---------------------------------
def setter_boards(count: int) -> list[tuple[pencilbox.Puzzle, tuple[int, ...]]]:
    """``count`` 10x10 boards made in the setter's style at echo and probe,
    thinned to minimal, as the bank makes them."""
    from pencilbox.engine.making import make

    kind = pencilbox.puzzle("kurotto")
    out = []
    seed = 0
    while len(out) < count:
        made = make(kind, 10, 10, 2 + len(out) % 2, 500 + seed, "none", minimal=True)
        seed += 1
        if made is not None:
            out.append((made.puzzle, made.answer))
    return out


def test_setter_answers_have_small_blocks_and_38_percent_black() -> None:
    from pencilbox.engine.grid import grid
    from pencilbox.puzzles.kurotto.generate import setter_answer

    g = grid(10, 10)
    shares, sizes = [], []
    for seed in range(60):
        answer = setter_answer(10, 10, "none", random.Random(seed))
        shares.append(answer.count(0) / 100)
        seen: set[int] = set()
        for c in range(100):
            if answer[c] == 0 and c not in seen:
                block = g.flood(1 << c, sum(1 << x for x in range(100) if answer[x] == 0))
                cells = [x for x in range(100) if block >> x & 1]
                seen.update(cells)
                sizes.append(len(cells))
    assert 0.34 <= sum(shares) / len(shares) <= 0.42  # hand-made: 38 %
    assert sizes.count(1) / len(sizes) >= 0.35  # hand-made: 48 % single cells
    assert max(sizes) <= 12


def test_setter_boards_look_made_by_hand() -> None:
    """Circle numbers median 3 and mean 3.1, 17 % blank circles on the
    hand-made 10x10 boards; the uniform raw answer gives median 12."""
    import statistics

    numbers, blanks, circles = [], 0, 0
    for p, answer in setter_boards(8):
        assert answer.count(0) / 100 < 0.45
        for v in p.clues:
            if v is not None:
                circles += 1
                if v < 0:
                    blanks += 1
                else:
                    numbers.append(v)
    assert 2 <= statistics.median(numbers) <= 4
    assert 2.2 <= statistics.mean(numbers) <= 4.2
    assert 0.08 <= blanks / circles <= 0.3


def test_the_setter_asks_every_board_for_a_half_turn() -> None:
    kind = pencilbox.puzzle("kurotto")
    drawn = {kind.style.pick_symmetry(random.Random(seed)) for seed in range(100)}
    assert drawn == {"rot180"}


def test_a_half_turn_reaches_the_weak_grades() -> None:
    """Sum and door boards laid out with a half-turn (hand-made boards are
    64 % symmetric, and the bank stocks every grade alike): without twinned
    blocks in the answer, 10x10 seeds almost never reach them so."""
    from pencilbox.engine.making import make_graded

    kind = pencilbox.puzzle("kurotto")
    for grade in ("sum", "door"):
        laid = [make_graded(kind, 10, 10, grade, 1000 * i + 7).symmetry for i in range(4)]
        assert laid == ["rot180"] * 4, grade


def test_symmetric_setter_answers_twin_some_blocks() -> None:
    """More cells match their image than in an answer drawn without a
    symmetry, less than all (hand-made half-turn boards: 48 % to 78 %)."""
    from pencilbox.puzzles.kurotto.generate import setter_answer

    def matching(symmetry: str) -> float:
        same = 0
        for seed in range(30):
            a = setter_answer(10, 10, symmetry, random.Random(seed))
            same += sum(a[c] == a[99 - c] for c in range(100))
        return same / 3000

    plain, twinned = matching("none"), matching("rot180")
    assert plain < 0.6 < twinned < 0.9


def test_symmetric_setter_answers_leave_no_cell_out_of_reach() -> None:
    """With half-turn circles, every cell is or touches a white cell whose
    image is white: a place for a circle that sees it."""
    from pencilbox.engine.grid import grid
    from pencilbox.puzzles.kurotto.generate import setter_answer

    g = grid(9, 9)
    for seed in range(20):
        a = setter_answer(9, 9, "rot180", random.Random(seed))
        for c in range(81):
            assert any(a[x] == 1 and a[80 - x] == 1 for x in (c, *g.neighbours[c]))
