"""A toy ladder for testing the engine alone: cells take 0 or 1, and a board
forbids some pairs of values ("not a=va together with b=vb"), a 2-SAT
instance on a grid. One rule propagates the forbidden pairs; probe is the
engine's own. Nothing here comes from a puzzle package."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from pencilbox.engine.grid import Bits, Cell, Grid, grid
from pencilbox.engine.ladder import Ladder, Rule, SearchHooks
from pencilbox.engine.state import NOTHING, PROGRESS, Contradiction, Result, State

Pair = tuple[Cell, int, Cell, int]
"""Forbidden: cell a holds va and cell b holds vb."""


@dataclass(frozen=True)
class Board:
    grid: Grid
    pairs: tuple[Pair, ...]
    splits: list[int] = field(default_factory=list, compare=False)
    """How often search asked to split a state (a spy for the tests)."""


def choose_cell(s: State[Board]) -> Cell:
    """The lowest undecided cell of the focus (predictable branching)."""
    return next(c for c, m in enumerate(s.cands) if m & (m - 1) and s.focus >> c & 1)


def split(s: State[Board]) -> tuple[list[Bits], Bits]:
    """Undecided focus cells grouped by the pairs between undecided cells."""
    s.board.splits.append(1)
    open_ = [c for c, m in enumerate(s.cands) if m & (m - 1) and s.focus >> c & 1]
    group = {c: c for c in open_}

    def root(c: Cell) -> Cell:
        while group[c] != c:
            c = group[c]
        return c

    read: set[Cell] = set()
    for a, _, b, _ in s.board.pairs:
        if a in group and b in group:
            group[root(a)] = root(b)
            read |= {a, b}
    parts: dict[Cell, Bits] = {}
    free = 0
    for c in open_:
        if c in read:
            parts[root(c)] = parts.get(root(c), 0) | 1 << c
        else:
            free |= 1 << c
    return list(parts.values()), free


def forbid(s: State) -> Result:
    """A cell that holds va rules vb out of its partner."""
    board: Board = s.board
    name = s.grid.name
    progress: Result = NOTHING
    for a, va, b, vb in board.pairs:
        for x, vx, y, vy in ((a, va, b, vb), (b, vb, a, va)):
            if s.cands[x] == 1 << vx and s.cands[y] >> vy & 1:
                reason = f"{name(x)} is {vx}, so {name(y)} is not {vy}"
                r = s.forbid(y, vy, "forbid", reason, (x,))
                if isinstance(r, Contradiction):
                    return r
                progress = PROGRESS
    return progress


def judge_complete(s: State) -> Result:
    board: Board = s.board
    for a, va, b, vb in board.pairs:
        if s.cands[a] == 1 << va and s.cands[b] == 1 << vb:
            return Contradiction("forbid", "a forbidden pair", (a, b))
    return NOTHING


LADDER = Ladder(
    ("forbid", "probe"),
    [
        Rule(
            "forbid",
            0,
            forbid,
            "A cell that holds va rules vb out of its partner.",
            saturating=False,  # one pass: the ladder runs it again after progress
        )
    ],
    judge_complete,
    str,
    hooks=SearchHooks(choose_cell=choose_cell, split=split, exact_premises=True),
)


def ladder(exact: bool = True, whole: bool = False) -> Ladder[Board]:
    """The toy ladder, its premises taken as exact (backjumping) or not, and
    counting independent parts apart or (``whole``) branching over every cell."""
    hooks = SearchHooks(
        choose_cell=choose_cell, split=None if whole else split, exact_premises=exact
    )
    rules = [r for r in LADDER.rules if r.name != "probe"]
    return Ladder(LADDER.levels, rules, judge_complete, str, hooks=hooks)


def state(rows: int, cols: int, pairs: list[Pair]) -> State[Board]:
    return State(Board(grid(rows, cols), tuple(pairs)), [0b11] * (rows * cols))


def brute(rows: int, cols: int, pairs: list[Pair]) -> int:
    """Models counted by enumeration: shares nothing with the engine."""
    return sum(
        all(not (v[a] == va and v[b] == vb) for a, va, b, vb in pairs)
        for v in itertools.product((0, 1), repeat=rows * cols)
    )
