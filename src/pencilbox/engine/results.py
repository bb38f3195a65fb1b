"""What the engine hands back: a puzzle as printed, fixpoints, counts,
hints and grades. Plain frozen values, shared by every puzzle."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from pencilbox.engine.grid import Cell, Grid, grid
from pencilbox.engine.ladder import Status
from pencilbox.engine.refutation import Refutation
from pencilbox.engine.state import Deduction, Mask

Values = tuple[int, ...]
Marks = tuple[int | None, ...]


@dataclass(frozen=True)
class Puzzle:
    """A puzzle as printed: its type, size and clues (row-major, None = blank).

    What a clue value means is the puzzle's own (its model says): a given
    colour, a number (-1: a clue without a number), a printed number…
    """

    type: str
    rows: int
    cols: int
    clues: tuple[int | None, ...]

    @property
    def grid(self) -> Grid:
        return grid(self.rows, self.cols)

    @property
    def clue_count(self) -> int:
        return sum(1 for v in self.clues if v is not None)


@dataclass(frozen=True)
class Solved:
    """A fixpoint: status, the level used, and the candidates left."""

    status: Status
    level: str
    cands: tuple[Mask, ...]
    deductions: tuple[Deduction, ...] = ()
    stop: str | None = None
    """Why a STOPPED fixpoint stopped: "work" (its budget) or "clock"."""

    @property
    def decided(self) -> int:
        return sum(1 for m in self.cands if m & (m - 1) == 0)


@dataclass(frozen=True)
class Counted:
    """A solution count by the ladder's search or by the brute force."""

    solutions: int
    complete: bool
    guesses: int
    nodes: int
    engine: str
    level: str | None
    first: Values | None
    stop: str | None = None
    """Why an incomplete count stopped: "work" (its budget) or "clock"."""


@dataclass(frozen=True)
class HintResult:
    """The next proved cell, or why there is none.

    ``status`` is "hint", "solved", "stalled", "contradiction" or "stopped"
    (the deadline passed first). A stalled hint names ``suggest``, the lowest
    level that can prove something, if any; a contradiction lists the
    player's ``wrong`` marks when the answer is known.
    """

    status: str
    level: str
    cell: Cell | None = None
    value: int | None = None
    rule: str | None = None
    reason: str = ""
    premises: tuple[Cell, ...] = ()
    wrong: tuple[Cell, ...] = ()
    case: Refutation | None = None
    """The case split behind a hint of the case rung."""
    suggest: str | None = None


@dataclass(frozen=True)
class GapCheck:
    """Whether probe finishes a puzzle, and if not, the brute force's count.

    ``solutions`` stops at 2; ``complete`` is false when the brute force ran
    out of its node budget; ``nodes`` is the number of brute-force nodes
    searched (0 when probe settled the puzzle on its own).
    """

    probe_finishes: bool
    solutions: int
    complete: bool
    nodes: int
    status: str
    engine: str

    @property
    def unique(self) -> bool:
        return self.complete and self.solutions == 1

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "unique": self.unique}
