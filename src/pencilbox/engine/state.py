"""Candidate state, deductions and the three outcomes of a rule.

A state holds one candidate bitmask per cell (bit ``v`` set while value ``v``
is still possible): two bits for a shading puzzle, N bits for a
puzzle that numbers N cells.
Copying a state copies one flat list, so probes and search branches are cheap.

Rules change a state only through :meth:`State.restrict`, which records a
:class:`Deduction` (cell, what it keeps, rule, reason, premise cells) when the
state is narrated, and reports :data:`PROGRESS`, :data:`NOTHING` or a
:class:`Contradiction`. A contradiction is a result, never an exception.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any

from pencilbox.engine.grid import Cell, Grid
from pencilbox.errors import Stopped

if TYPE_CHECKING:
    from pencilbox.engine.learning import Learning

COARSE: tuple[int, ...] = (-(1 << 62),)
"""In search with learning, the explanation of a deduction by a rule that
does not explain: every guess made before it (see :mod:`pencilbox.engine.learning`)."""

Mask = int


class Progress(Enum):
    NOTHING = 0
    PROGRESS = 1


NOTHING = Progress.NOTHING
PROGRESS = Progress.PROGRESS


@dataclass(frozen=True)
class Contradiction:
    """No assignment is consistent with the state; ``reason`` says why."""

    rule: str
    reason: str
    premises: tuple[Cell, ...] = ()
    because: tuple[int, ...] = ()
    """In search with learning: trail entries (``~i``) it rests on besides the
    premise cells (see :mod:`pencilbox.engine.learning`)."""


Result = Progress | Contradiction


@dataclass(frozen=True)
class Deduction:
    """One proved step: ``cell`` keeps only the values in ``keep``."""

    cell: Cell
    keep: Mask
    removed: Mask
    rule: str
    reason: str
    premises: tuple[Cell, ...] = ()

    @property
    def decides(self) -> bool:
        """True when the cell has exactly one value left."""
        return self.keep & (self.keep - 1) == 0


def values_of(mask: Mask) -> list[int]:
    """The values whose bits are set in ``mask``, lowest first."""
    out = []
    v = 0
    while mask:
        if mask & 1:
            out.append(v)
        mask >>= 1
        v += 1
    return out


def shrunk_cells(seen: list[Mask], cands: list[Mask]) -> list[Cell] | None:
    """The cells whose candidates differ between ``seen`` (what a rule kept
    in a state's notes) and ``cands``, when every one of them lost values;
    None when some cell gained one (``cands`` does not lie inside ``seen``),
    and the rule must start again from scratch."""
    changed = [cell for cell, (old, m) in enumerate(zip(seen, cands, strict=True)) if old != m]
    for cell in changed:
        if cands[cell] & ~seen[cell]:
            return None
    return changed


def is_single(mask: Mask) -> bool:
    return mask != 0 and mask & (mask - 1) == 0


def single_value(mask: Mask) -> int:
    """The value of a decided cell's mask."""
    return mask.bit_length() - 1


class State:
    """Candidates of every cell of one puzzle, plus an optional trace.

    ``board`` is the puzzle's compiled context (clues, grid, lookup tables);
    rules read it, never change it. ``trace`` is a list of deductions when the
    engine narrates (hints), ``None`` when it runs silent (search, generator).
    ``scratch`` lets a rule keep a cursor between calls on the same state;
    ``version`` counts the changes made through :meth:`restrict`.
    ``focus`` is the bitboard of cells a search is deciding (every cell: -1);
    probe and branching look only there, since the cells outside it belong to
    independent parts of the board (see :mod:`pencilbox.engine.search`).

    ``probes`` is the probe rung's memo of surviving trials (see
    :class:`pencilbox.engine.ladder.ProbeMemo`); a copy starts without one.

    ``why`` (search on boards whose rules give exact premises) holds, per
    cell, the bitmask of the guesses its deductions rest on (bit ``d``: the
    guess at depth ``d``; bit 0: a probe's assumption); ``depth`` counts the
    guesses made above this state.

    ``deadline`` (a ``time.monotonic()`` instant, or None) is when work on
    this state must stop; copies inherit it, so probe trials and search
    branches stop on time too. The ladder looks at it before every rule; a
    rule whose one run can take long on a big board looks too, through
    :meth:`check_deadline`, every few hundred steps.
    ``notes`` is where a rule keeps what it learnt of this state between
    runs (say, the candidates it last left consistent, to look only at what
    changed since); a copy starts with the same notes, and a rule replaces a
    note rather than editing it.

    ``searching`` marks the states in which the ladder runs its search rules
    too (sound rules that are no rung of the ladder): those of a search with
    learning and of the case rung's trials; copies inherit it.

    ``learn`` (search with learning) is the run's trail and nogood store,
    shared by every state of the run; ``tlen`` is this state's length of the
    trail, ``last`` the latest trail entry of each cell, and ``head`` how far
    the nogood rule has read the trail (see :mod:`pencilbox.engine.learning`).
    """

    __slots__ = (
        "board",
        "cands",
        "trace",
        "scratch",
        "version",
        "focus",
        "probes",
        "why",
        "depth",
        "deadline",
        "learn",
        "tlen",
        "last",
        "head",
        "searching",
        "notes",
    )

    def __init__(
        self,
        board: Any,
        cands: list[Mask],
        trace: list[Deduction] | None = None,
        scratch: int = 0,
        focus: int = -1,
    ) -> None:
        self.board = board
        self.cands = cands
        self.trace = trace
        self.scratch = scratch
        self.version = 0
        self.focus = focus
        self.probes: Any = None
        self.why: list[int] | None = None
        self.depth = 0
        self.deadline: float | None = None
        self.learn: Learning | None = None
        self.tlen = 0
        self.last: list[int] = []
        self.head = 0
        self.searching = False
        self.notes: dict[str, Any] = {}

    def copy(self) -> State:
        """A silent copy (no trace) for probes and search branches."""
        out = State(self.board, self.cands[:], None, self.scratch, self.focus)
        if self.why is not None:
            out.why = self.why[:]
        out.depth = self.depth
        out.deadline = self.deadline
        out.searching = self.searching
        if self.notes:
            out.notes = dict(self.notes)
        if self.learn is not None:
            out.learn = self.learn
            out.tlen = self.tlen
            out.last = self.last[:]
            out.head = self.head
        return out

    @property
    def grid(self) -> Grid:
        grid: Grid = self.board.grid
        return grid

    def check_deadline(self) -> None:
        """Raise :class:`~pencilbox.errors.Stopped` when the deadline has
        passed. A rule may stop there: what it restricted so far is sound,
        and a note it keeps is written only when it finishes."""
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise Stopped("the work stopped at its deadline")

    def is_decided(self, cell: Cell) -> bool:
        m = self.cands[cell]
        return m & (m - 1) == 0

    def undecided(self) -> int:
        return sum(1 for m in self.cands if m & (m - 1))

    def is_complete(self) -> bool:
        return all(m & (m - 1) == 0 for m in self.cands)

    def restrict(
        self,
        cell: Cell,
        keep: Mask,
        rule: str,
        reason: str,
        premises: tuple[Cell, ...] = (),
        because: tuple[int, ...] | None = None,
    ) -> Result:
        """Keep only the values of ``keep`` in ``cell``.

        Returns PROGRESS when something was removed, NOTHING when ``keep``
        already covers the cell's candidates, and a Contradiction (leaving the
        cell untouched) when no candidate would survive.

        In search with learning the change is a trail literal explained by
        ``premises`` (it rests on all those cells have lost), or, when given,
        by the trail entries ``because`` alone (a probe's elimination).
        """
        old = self.cands[cell]
        new = old & keep
        if new == old:
            return NOTHING
        if new == 0:
            if because is not None:
                return Contradiction(rule, reason, (cell,), because)
            return Contradiction(rule, reason, (cell, *premises))
        self.cands[cell] = new
        self.version += 1
        learn = self.learn
        if learn is not None:
            if because is None:
                because = COARSE if learn.coarse else premises
            learn.push(self, cell, old & ~new, because)
        why = self.why
        if why is not None:
            w = why[cell]
            for p in premises:
                w |= why[p]
            why[cell] = w
        if self.trace is not None:
            self.trace.append(Deduction(cell, new, old & ~new, rule, reason, premises))
        return PROGRESS

    def assume(self, cell: Cell, keep: Mask) -> None:
        """Set a cell's candidates outright: a guess or a probe's assumption,
        not a deduction, so it is never narrated."""
        old = self.cands[cell]
        self.cands[cell] = keep
        self.version += 1
        if self.learn is not None and old & ~keep:
            self.learn.push(self, cell, old & ~keep, None)

    def fix(
        self, cell: Cell, value: int, rule: str, reason: str, premises: tuple[Cell, ...] = ()
    ) -> Result:
        """Decide ``cell`` = ``value``."""
        return self.restrict(cell, 1 << value, rule, reason, premises)

    def forbid(
        self, cell: Cell, value: int, rule: str, reason: str, premises: tuple[Cell, ...] = ()
    ) -> Result:
        """Remove ``value`` from ``cell``."""
        return self.restrict(cell, ~(1 << value), rule, reason, premises)
