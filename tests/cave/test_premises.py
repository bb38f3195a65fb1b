"""What the count rule's deductions rest on in search with learning.

There a deduction names only the read cells it needs (its clue's bounds, or
the cells between), so the nogoods learned from it are short, and never a
cell the clue did not read, so that its verdict may keep them. Each must
still be sound: on a board where only those cells are decided (and the clue
cells are cave), the clue alone must make the same deduction, or find the
same contradiction.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import pencilbox
from pencilbox.engine.learning import Learning
from pencilbox.engine.state import Later, State
from pencilbox.puzzles.cave import rules
from pencilbox.puzzles.cave.model import Board

KIND = pencilbox.puzzle("cave")
U = 3  # undecided


def _searching(p: pencilbox.engine.kind.Puzzle) -> State[Board]:
    s = KIND.start(p)
    s.trail = Learning(len(s.cands)).trail()
    return s


def _verdict(s: State[Board], k: int) -> list:
    board = s.board
    walls, caves = rules.allowed_bits(s.cands)
    return rules._judged(board.grid, s.cands, board.numbers[k], board.spans[k], walls, caves)


def test_each_deduction_follows_from_its_premises_alone():
    rng = random.Random(7)
    checked = {"contradiction": 0, "cave": 0, "wall": 0}
    narrow = 0
    for trial in range(300):
        n = rng.randint(4, 10)
        p, answer = KIND.generate(n, n, density=rng.choice([0.2, 0.4, 0.7]), seed=trial)
        s = _searching(p)
        wrong = rng.choice([0.0, 0.1, 0.3])
        for cell in rng.sample(range(n * n), rng.randint(0, n * n * 2 // 3)):
            if s.cands[cell] == U:
                s.cands[cell] = 1 << (answer[cell] ^ (rng.random() < wrong))
        for k, clue in enumerate(s.board.numbers):
            entry = _verdict(s, k)
            found = entry[3]
            if not found:
                continue
            if isinstance(found, str):
                asked = [(-1, 0, 0, -1)]
            else:
                asked = [(d, keep, lo, x) for x, keep, d, lo in found]
            for d, keep, lo, x in asked:
                premises = rules._premises(s, clue, entry, d, keep, lo)
                read = {c for c in range(n * n) if entry[0] >> c & 1 and s.cands[c] != U}
                assert set(premises) - {clue[0]} <= read  # the verdict may keep them
                narrow += len(set(premises) - {clue[0]}) < len(read)
                alone = _searching(p)
                for c in premises:
                    alone.cands[c] = s.cands[c]
                again = _verdict(alone, k)[3]
                if x < 0:
                    assert isinstance(again, str), (KIND.format(p), clue, premises)
                    checked["contradiction"] += 1
                    continue
                said = isinstance(again, str) or any(y == x and m == keep for y, m, _, _ in again)
                assert said, (KIND.format(p), clue, d, keep, premises)
                checked["cave" if keep == 1 << 1 else "wall"] += 1
    assert min(checked.values()) >= 200, checked
    assert narrow >= sum(checked.values()) // 2  # most rest on fewer cells than the clue read


@pytest.mark.parametrize("seed", range(6))
def test_premises_made_later_learn_what_premises_made_at_once_learn(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The count rule's and the bridge's deferred premises read only what
    # they kept of their moment: worked out at once instead, the search with
    # learning takes the same path.
    p, _ = KIND.generate(9, 9, density=0.3, seed=seed)
    later = KIND.count(p, limit=2)
    eager_init = Later.__init__

    def at_once(self: Later, make: Any, *args: Any) -> None:
        eager_init(self, make, *args)
        self.cells = make(*args)

    monkeypatch.setattr(Later, "__init__", at_once)
    now = KIND.count(p, limit=2)
    assert (later.solutions, later.nodes, later.guesses) == (now.solutions, now.nodes, now.guesses)
    assert later.guesses > 0  # the search, with its learning, took part
