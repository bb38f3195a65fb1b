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

A setter thins with habits (a :class:`Removal`): clues leave in whole orbits
of a symmetry (:mod:`pencilbox.engine.symmetry`), so a symmetric board stays
symmetric; some clues are tried before others (the heaviest first, so the
light ones stay); and a clue that cannot leave may still become a weaker one
(a blank circle where a number was). The raw thinning has none of these
habits and removes single clues in a seeded random order.

A grade is *earned* (:func:`is_earned`) when the level below leaves a real
part of the board open: at least :func:`earned_margin` cells.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Protocol

from pencilbox.engine.budget import Budget
from pencilbox.engine.grid import Cell
from pencilbox.engine.ladder import Ladder, Status
from pencilbox.engine.results import Puzzle
from pencilbox.engine.state import State
from pencilbox.engine.symmetry import NONE, orbits
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


@dataclass(frozen=True)
class Removal:
    """How clues leave a board: in whole orbits of ``symmetry``; when
    ``weight`` is given, heavier orbits first (an orbit weighs what its
    heaviest clue does; a seeded shuffle orders equal weights); and a clue
    that cannot leave becomes ``weaker(clue)`` when that is not None and the
    board stays solved."""

    symmetry: str = NONE
    weight: Callable[[int], float] | None = None
    weaker: Callable[[int], int | None] | None = None


RAW = Removal()
"""The raw thinning: single clues, in a seeded random order, nothing weakened."""


def clue_orbits(p: Puzzle, symmetry: str) -> list[tuple[Cell, ...]]:
    """The clue cells of ``p`` grouped by the orbits of ``symmetry`` (only
    the cells that hold clues), in the order of their first cell."""
    out = []
    for orbit in orbits(p.rows, p.cols, symmetry):
        held = tuple(c for c in orbit if p.clues[c] is not None)
        if held:
            out.append(held)
    return out


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
    kind: Thinnable,
    full: Puzzle,
    level: int,
    rng: random.Random,
    budget: Budget | None = None,
    removal: Removal = RAW,
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
        first = thin_pass(kind, p, level - 1, rng, budget, removal)
        if not first.complete:
            return first
        p = first.puzzle
    return thin_pass(kind, p, level, rng, budget, removal)


def thin_pass(
    kind: Thinnable,
    p: Puzzle,
    level: int,
    rng: random.Random,
    budget: Budget | None = None,
    removal: Removal = RAW,
    enough: Callable[[Puzzle], bool] | None = None,
) -> Thinned:
    """One thinning pass: try each orbit of clues once, in a random order (or
    by weight), at ``level``; stopped by ``budget`` with the removals made so
    far, or as soon as ``enough`` says the board thinned so far will do."""
    groups = clue_orbits(p, removal.symmetry)
    rng.shuffle(groups)
    clues = list(p.clues)
    weight, weaker = removal.weight, removal.weaker
    if weight is not None:
        groups.sort(key=lambda orbit: -max(weight(_clue(clues, c)) for c in orbit))
    for orbit in groups:
        kept = [clues[c] for c in orbit]
        trials: list[list[int | None]] = [[None] * len(orbit)]
        if weaker is not None:
            weak = [weaker(_clue(clues, c)) for c in orbit]
            if all(w is not None for w in weak):
                trials.append(weak)
        try:
            for trial in trials:
                for c, v in zip(orbit, trial, strict=True):
                    clues[c] = v
                if solves_at(kind, replace(p, clues=tuple(clues)), level, budget):
                    break
            else:
                for c, v in zip(orbit, kept, strict=True):
                    clues[c] = v
                continue
            if enough is not None and enough(replace(p, clues=tuple(clues))):
                return Thinned(replace(p, clues=tuple(clues)), False)
        except Stopped:
            for c, v in zip(orbit, kept, strict=True):
                clues[c] = v
            return Thinned(replace(p, clues=tuple(clues)), False)
    return Thinned(replace(p, clues=tuple(clues)), True)


def _clue(clues: list[int | None], cell: Cell) -> int:
    v = clues[cell]
    assert v is not None  # an orbit holds clue cells only
    return v


def has_exact_grade(kind: Thinnable, p: Puzzle, level: int) -> bool:
    """Solved at ``level`` and not at the level below (levels are cumulative)."""
    if not solves_at(kind, p, level):
        return False
    return level == 0 or not solves_at(kind, p, level - 1)


def earned_margin(cells: int) -> int:
    """How many cells the level below a grade must leave undecided for the
    grade to be earned: max(3, 5 % of the cells, rounded up)."""
    return max(3, math.ceil(0.05 * cells))


def undecided_at(kind: Thinnable, p: Puzzle, level: int, budget: Budget | None = None) -> int:
    """The cells the fixpoint of ``level`` leaves undecided on ``p`` (all of
    them when it finds a contradiction: it then decides nothing true)."""
    s = kind.start(p)
    if kind.ladder.propagate(s, level, budget=budget).status is Status.CONTRADICTION:
        return len(s.cands)
    return s.undecided()


def is_earned(kind: Thinnable, p: Puzzle, level: int) -> bool:
    """Whether ``p``, solved at ``level``, needs ``level`` for a real part of
    its solve: the level below leaves at least :func:`earned_margin` cells
    undecided (the lowest level has nothing below and always earns it)."""
    if level == 0:
        return True
    return undecided_at(kind, p, level - 1) >= earned_margin(p.rows * p.cols)


def is_minimal(kind: Thinnable, p: Puzzle, level: int, symmetry: str = NONE) -> bool:
    """Whether removing any one orbit of clues of ``symmetry`` (any one clue,
    with none) leaves ``p`` unsolvable at ``level``."""
    clues = list(p.clues)
    for orbit in clue_orbits(p, symmetry):
        for c in orbit:
            clues[c] = None
        if solves_at(kind, replace(p, clues=tuple(clues)), level):
            return False
        for c in orbit:
            clues[c] = p.clues[c]
    return True
