"""Candidate state, deductions and the three outcomes of a rule.

A state holds one candidate bitmask per cell (bit ``v`` set while value ``v``
is still possible): two bits for a shading puzzle, N bits for a
puzzle that numbers N cells.
Copying a state copies one flat list, so probes and search branches are cheap.

A state is generic over its *board*, the puzzle's compiled context that
rules read (``State[Board]``); the engine asks a board for its grid alone.

Rules change a state only through :meth:`State.restrict`, which records a
:class:`Deduction` (cell, what it keeps, rule, reason, premise cells) when the
state is narrated, and reports :data:`PROGRESS`, :data:`NOTHING` or a
:class:`Contradiction`. A contradiction is a result, never an exception.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from enum import Enum
from typing import Any, Generic, Protocol, TypeVar

from pencilbox.engine.budget import Budget
from pencilbox.engine.grid import Bits, Cell, Grid
from pencilbox.engine.memo import ProbeMemo

COARSE: tuple[int, ...] = (-(1 << 62),)
"""In search with learning, the explanation of a deduction by a rule that
does not explain: every guess made before it (see :mod:`pencilbox.engine.learning`)."""

Mask = int


def mask_table(keep: Callable[[Mask], object]) -> bytes:
    """A translation of candidate masks read as bytes: ``b"1"`` for the
    masks ``keep`` accepts, ``b"0"`` for the others (see :func:`bitboards`)."""
    return bytes(49 if keep(m) else 48 for m in range(256))


def bitboards(cands: list[Mask], *tables: bytes) -> list[Bits]:
    """For each :func:`mask_table`, the bitboard of the cells whose mask it
    accepts: the candidates read as bytes once (masks of at most eight
    values, on a board of at least one cell), then translated table by
    table, the whole board at once."""
    raw = bytes(cands[::-1])
    return [int(raw.translate(table), 2) for table in tables]


class Progress(Enum):
    NOTHING = 0
    PROGRESS = 1


NOTHING = Progress.NOTHING
PROGRESS = Progress.PROGRESS


class Later:
    """Premises worked out when first read: ``make(*args)``, kept once made.
    A rule in search with learning gives its deductions' premises this way
    when working them out costs more than the deduction (a flood, a
    clue's bounds): conflict analysis reads few of them. ``make`` must read
    nothing that changes after the deduction (the state does), only what
    the rule kept of the moment it was made."""

    __slots__ = ("make", "args", "cells")

    def __init__(self, make: Callable[..., tuple[Cell, ...]], *args: Any) -> None:
        self.make = make
        self.args = args
        self.cells: tuple[Cell, ...] | None = None

    def __iter__(self) -> Iterator[Cell]:
        cells = self.cells
        if cells is None:
            cells = self.cells = self.make(*self.args)
            self.args = ()
        return iter(cells)


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


class Board(Protocol):
    """What the engine reads of a puzzle's board: its grid. Everything else
    on a board (clues, lookup tables, memos) is the puzzle's own."""

    @property
    def grid(self) -> Grid: ...


B = TypeVar("B", bound=Board)
"""The board type of a state (each puzzle's ``model.Board``)."""

Entry = tuple[int, int, int, Iterable[int] | None, int]
"""A trail literal: (cell, values lost, decision level, explanation, previous
entry of the cell or -1). The explanation holds premise cells (``c >= 0``)
and earlier entries (``~i``); None marks a guess or a trial's assumption.
A rule may give its premises as an iterable that works them out when
first read (conflict analysis reads few of them)."""


class TrailLog:
    """The trail of one search with learning, shared by every state of the
    run: its literals in order, and what the ladder asks of the run.

    :class:`pencilbox.engine.learning.Learning` is the one implementation
    (it adds the nogood store and conflict analysis); states only append to
    the log, through their :class:`Trail`.
    """

    def __init__(self) -> None:
        self.entries: list[Entry] = []
        self.coarse = False
        """Set by the ladder while a rule that does not explain runs: its
        deductions rest on every guess."""
        self.rule: object = None
        """The nogood rule as the ladder runs it (made once, by the ladder)."""

    def propagate(self, s: State[Any]) -> Result:
        """The learned nogoods as a rule (the cheapest of every node)."""
        raise NotImplementedError

    def coarsen(self, s: State[Any], conflict: Contradiction) -> Contradiction:
        """A contradiction whose premises may be incomplete, as resting on
        every guess of ``s``."""
        raise NotImplementedError

    def explain_trial(
        self, trial: State[Any], start: int, conflict: Contradiction
    ) -> tuple[int, ...]:
        """Why a probe trial died, in literals older than the trial."""
        raise NotImplementedError


class Trail:
    """One state's place on a search's :class:`TrailLog`: how many literals
    of the log are its own (``length``), the latest entry of each cell
    (``last``), and how far the nogood rule has read (``head``). A copy of
    the state copies its place; the log is shared."""

    __slots__ = ("log", "length", "last", "head")

    def __init__(self, log: TrailLog, size: int) -> None:
        self.log = log
        self.length = 0
        self.last = [-1] * size
        self.head = 0

    def copy(self) -> Trail:
        out = Trail(self.log, 0)
        out.length = self.length
        out.last = self.last[:]
        out.head = self.head
        return out

    def record(self, cell: Cell, lost: Mask, depth: int, why: Iterable[int] | None) -> None:
        """Add the literal "``cell`` lost ``lost``" at decision level
        ``depth``, cutting off what a discarded branch left beyond this place."""
        entries = self.log.entries
        t = self.length
        if len(entries) > t:
            del entries[t:]
        last = self.last
        entries.append((cell, lost, depth, why, last[cell]))
        last[cell] = t
        self.length = t + 1


class State(Generic[B]):
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
    :class:`pencilbox.engine.memo.ProbeMemo`); a copy starts without one.

    ``why`` (search on boards whose rules give exact premises) holds, per
    cell, the bitmask of the guesses its deductions rest on (bit ``d``: the
    guess at depth ``d``; bit 0: a probe's assumption); ``depth`` counts the
    guesses made above this state.

    ``budget`` (a :class:`~pencilbox.engine.budget.Budget`, or None) is the
    work this state's propagation may still do; copies share it, so probe
    trials and search branches spend from it too and stop when it runs out.
    The ladder spends from it before every rule; a rule whose one run can
    take long on a big board also looks at its safety clock, through
    :meth:`check_clock`, every few hundred steps.
    ``notes`` is where a rule keeps what it learnt of this state between
    runs (say, the candidates it last left consistent, to look only at what
    changed since); a copy starts with the same notes, and a rule replaces a
    note rather than editing it.

    ``searching`` marks the states in which the ladder runs its search rules
    too (sound rules that are no rung of the ladder): those of a search with
    learning and of the case rung's trials; copies inherit it.

    ``trail`` (search with learning only) is the state's place on the run's
    trail, where every change is recorded with its explanation (see
    :mod:`pencilbox.engine.learning`); copies take a copy of it.
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
        "budget",
        "trail",
        "searching",
        "notes",
    )

    def __init__(
        self,
        board: B,
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
        self.probes: ProbeMemo | None = None
        self.why: list[int] | None = None
        self.depth = 0
        self.budget: Budget | None = None
        self.trail: Trail | None = None
        self.searching = False
        self.notes: dict[str, Any] = {}

    def copy(self) -> State[B]:
        """A silent copy (no trace) for probes and search branches."""
        out = State(self.board, self.cands[:], None, self.scratch, self.focus)
        if self.why is not None:
            out.why = self.why[:]
        out.depth = self.depth
        out.budget = self.budget
        out.searching = self.searching
        if self.notes:
            out.notes = dict(self.notes)
        if self.trail is not None:
            out.trail = self.trail.copy()
        return out

    @property
    def grid(self) -> Grid:
        return self.board.grid

    @property
    def learning(self) -> bool:
        """Whether a search with learning records this state's changes: its
        rules then name every cell a deduction rests on, however many."""
        return self.trail is not None

    def check_clock(self) -> None:
        """Raise :class:`~pencilbox.engine.budget.OutOfTime` (a
        :class:`~pencilbox.errors.Stopped`) once the safety clock of the
        state's budget has passed. A rule may stop there: what it restricted
        so far is sound, and a note it keeps is written only when it finishes."""
        if self.budget is not None:
            self.budget.check_clock()

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
        premises: Iterable[Cell] = (),
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
        trail = self.trail
        if trail is not None:
            trail.record(
                cell,
                old & ~new,
                self.depth,
                (COARSE if trail.log.coarse else premises) if because is None else because,
            )
        why = self.why
        if why is not None:
            w = why[cell]
            for p in premises:
                w |= why[p]
            why[cell] = w
        if self.trace is not None:
            self.trace.append(Deduction(cell, new, old & ~new, rule, reason, tuple(premises)))
        return PROGRESS

    def assume(self, cell: Cell, keep: Mask) -> None:
        """Set a cell's candidates outright: a guess or a probe's assumption,
        not a deduction, so it is never narrated."""
        old = self.cands[cell]
        self.cands[cell] = keep
        self.version += 1
        if self.trail is not None and old & ~keep:
            self.trail.record(cell, old & ~keep, self.depth, None)

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
