"""Thinning: remove clues while a level's fixpoint still solves the puzzle.

The one way pencilbox makes a board of a chosen grade — the bank's boards,
the game's boards dealt when the bank has none, the studio's Thin button:
start from a board its target level solves (an answer with every clue
shown, or a setter's board), and remove clues one at a time in a seeded
random order, keeping a removal whenever the target level's fixpoint still
solves the board. One pass suffices: a clue whose removal failed cannot
become removable once more clues are gone (every rule is monotone in the
clues), so the result is minimal for the target level, and the board stays
unique (a fixpoint that solves it proves one answer). To keep expensive
levels (probe) cheap, a first pass thins at the level below and a second
at the target over the few clues left.

Every clue, whatever the puzzle, is one non-blank entry of ``Puzzle.clues``
(a printed number, a given cell…); removing it sets the entry to None.
Every fixpoint spends from one budget of work (:mod:`pencilbox.engine.budget`):
a thinning stopped by it keeps the removals made, so its board is still
solved at the level, but may not be minimal.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Protocol

from pencilbox.engine.budget import Budget
from pencilbox.engine.grid import Cell
from pencilbox.engine.ladder import Ladder, Status
from pencilbox.engine.results import Puzzle
from pencilbox.engine.state import State
from pencilbox.errors import Stopped


class Thinnable(Protocol):
    """What thinning reads of a puzzle kind."""

    @property
    def ladder(self) -> Ladder[Any]: ...

    def start(self, p: Puzzle, /) -> State[Any]: ...


@dataclass(frozen=True)
class Thinned:
    """A thinned board, and whether thinning finished (it is then minimal)."""

    puzzle: Puzzle
    complete: bool

    def removed(self, before: Puzzle) -> tuple[Cell, ...]:
        """The cells whose clues thinning removed from ``before``."""
        return tuple(c for c in range(len(before.clues)) if before.clues[c] != self.puzzle.clues[c])


def without_clue(p: Puzzle, cell: Cell) -> Puzzle:
    """``p`` with the clue at ``cell`` removed."""
    clues = list(p.clues)
    clues[cell] = None
    return replace(p, clues=tuple(clues))


def solves_at(kind: Thinnable, p: Puzzle, level: int, budget: Budget | None = None) -> bool:
    """Whether the fixpoint of ``level`` alone solves ``p`` (one fixpoint).
    Raises :class:`~pencilbox.errors.Stopped` when ``budget`` runs out first."""
    s = kind.start(p)
    return kind.ladder.propagate(s, level, budget=budget).status is Status.SOLVED


def thin(
    kind: Thinnable, full: Puzzle, level: int, rng: random.Random, budget: Budget | None = None
) -> Thinned:
    """Remove clues of ``full`` in random order while ``level`` still solves it.

    Two passes, each one fixpoint per removal tried: first at the level below
    (cheap, and it removes most clues; skipped when that level cannot solve
    even the full board), then at ``level`` over the clues left. The result
    is minimal for ``level``; and since the first pass left a board minimal
    for the level below, any removal the second pass makes lifts the grade
    to exactly ``level``. A board ``level`` cannot solve comes back as it is.
    """
    p = full
    try:
        below = level > 0 and solves_at(kind, full, level - 1, budget)
        if not below and not solves_at(kind, full, level, budget):
            return Thinned(full, True)  # not even every clue is enough at this level
    except Stopped:
        return Thinned(full, False)
    if below:
        first = thin_pass(kind, p, level - 1, rng, budget)
        if not first.complete:
            return first
        p = first.puzzle
    return thin_pass(kind, p, level, rng, budget)


def thin_pass(
    kind: Thinnable, p: Puzzle, level: int, rng: random.Random, budget: Budget | None = None
) -> Thinned:
    """One thinning pass: try each clue once, in a random order, at ``level``;
    stopped by ``budget`` with the removals made so far."""
    cells = [cell for cell, v in enumerate(p.clues) if v is not None]
    rng.shuffle(cells)
    clues = list(p.clues)
    for cell in cells:
        kept = clues[cell]
        clues[cell] = None
        try:
            solved = solves_at(kind, replace(p, clues=tuple(clues)), level, budget)
        except Stopped:
            clues[cell] = kept
            return Thinned(replace(p, clues=tuple(clues)), False)
        if not solved:
            clues[cell] = kept
    return Thinned(replace(p, clues=tuple(clues)), True)


def has_exact_grade(kind: Thinnable, p: Puzzle, level: int) -> bool:
    """Solved at ``level`` and not at the level below (levels are cumulative)."""
    if not solves_at(kind, p, level):
        return False
    return level == 0 or not solves_at(kind, p, level - 1)


def is_minimal(kind: Thinnable, p: Puzzle, level: int) -> bool:
    """Whether removing any one clue leaves ``p`` unsolvable at ``level``."""
    return not any(
        solves_at(kind, without_clue(p, cell), level)
        for cell, v in enumerate(p.clues)
        if v is not None
    )
