"""How much work a computation may do: engine work units, and a safety clock.

Every answer pencilbox gives — a verdict, a grade, a count, a hint — must be
the same on any machine under any load, so the budget that decides when to
give up counts *work*, not seconds. A rule application costs one **work
unit** for every :data:`UNIT_CELLS` cells of the board, and one more for every
:data:`UNIT_CELLS` times :data:`UNIT_CANDIDATES` candidates its cells still hold
(times the rule's own ``weight``): rules read every cell and every candidate,
so a unit stands for roughly the same time on a 6×6 and a 30×30 board, and on
a two-colour board and one whose cells hold hundreds of numbers. A node of a
counting search costs one unit more. Probe's trials and the case rung's
branches are made of rule applications, so they are counted too. The same
puzzle with the same budget does the same work and reaches the same answer,
however fast the machine.

A budget may also carry a wall-clock deadline, but only as a safety stop
against runaway work (a machine stalled, an absurd input): an answer stopped
by the clock says so in its own words, distinct from "the budget ran out".

A host may also :func:`halt` the work it started (the static site's
worker does, when the player's next edit makes a verdict moot): every
safety clock then reads as passed, so the work stops at its next check, at
a point where stopping is clean, as it would when its clock ran out, and
the engine stays ready for the next call.

Budgets nest: :meth:`Budget.share` makes a part of the remaining work for one
step of a larger computation (each turn of the studio's race, say), and work
spent in the part is spent in the whole too.
"""

from __future__ import annotations

import time

from pencilbox.errors import Stopped

UNIT_CELLS = 64
"""Cells of board one rule application covers per work unit."""
UNIT_CANDIDATES = 8
"""Candidates per cell that weigh as much as the cell itself."""


_halted = False
"""Whether every safety clock reads as passed (see :func:`halt`)."""


def halt(on: bool = True) -> None:
    """Make every safety clock read as passed (``on``), stopping the work
    under a deadline at its next check as :class:`OutOfTime`; ``False``:
    the clocks tell the time again (before the host's next call)."""
    global _halted
    _halted = on


class OutOfWork(Stopped):
    """The work budget ran out (the same on every machine); ``budget`` is
    the one that did (a part of a larger budget, or the whole)."""

    def __init__(self, message: str, budget: Budget) -> None:
        super().__init__(message)
        self.budget = budget


class OutOfTime(Stopped):
    """The safety clock stopped the work (this depends on the machine)."""


class Budget:
    """An allowance of work units (None: unlimited) and an optional
    ``time.monotonic()`` deadline; :meth:`spend` raises :class:`OutOfWork`
    or :class:`OutOfTime` once either is passed."""

    __slots__ = ("units", "spent", "deadline", "parent")

    def __init__(
        self,
        units: int | None = None,
        seconds: float | None = None,
        *,
        deadline: float | None = None,
        parent: Budget | None = None,
    ) -> None:
        self.units = units
        self.spent = 0
        if seconds is not None:
            at = time.monotonic() + seconds
            deadline = at if deadline is None else min(deadline, at)
        self.deadline = deadline
        self.parent = parent

    def __repr__(self) -> str:
        return f"Budget(units={self.units!r}, spent={self.spent!r})"

    def spend(self, units: int = 1) -> None:
        """Count ``units`` of work here and in every budget this one is part
        of; raise when one of them is out of work or past its deadline."""
        b: Budget | None = self
        while b is not None:
            b.spent += units
            if b.units is not None and b.spent > b.units:
                raise OutOfWork(f"the budget of {b.units:,} work units ran out", b)
            if b.deadline is not None and (_halted or time.monotonic() > b.deadline):
                raise OutOfTime("the safety clock stopped the work")
            b = b.parent

    def check(self) -> None:
        """Raise as :meth:`spend` would, spending nothing: once this budget
        or one it is part of is out of work, or past its deadline."""
        self.spend(0)

    def check_clock(self) -> None:
        """Raise :class:`OutOfTime` once the safety clock of this budget (or
        of one it is part of) has passed, whatever work is left. A rule
        whose one run can take long on a big board calls it (through
        :meth:`pencilbox.engine.state.State.check_clock`) every few hundred
        steps; the units it costs are counted before it runs, as usual."""
        b: Budget | None = self
        now = time.monotonic()
        while b is not None:
            if b.deadline is not None and (_halted or now > b.deadline):
                raise OutOfTime("the safety clock stopped the work")
            b = b.parent

    @property
    def left(self) -> int | None:
        """Units left here, and in every budget this is part of (None: no limit)."""
        out: int | None = None
        b: Budget | None = self
        while b is not None:
            if b.units is not None:
                room = max(0, b.units - b.spent)
                out = room if out is None else min(out, room)
            b = b.parent
        return out

    @property
    def exhausted(self) -> bool:
        left = self.left
        return left is not None and left <= 0

    def share(self, fraction: float, least: int = 0) -> Budget:
        """A part of this budget: ``fraction`` of the units left (at least
        ``least``), spent here too, with the same deadline."""
        left = self.left
        units = None if left is None else max(least, int(left * fraction))
        return Budget(units, deadline=self.deadline, parent=self)

    def part(self, units: int | None) -> Budget:
        """A part of this budget of at most ``units`` (None: all that is left)."""
        return Budget(units, deadline=self.deadline, parent=self)


def cost(cands: list[int]) -> int:
    """The units one rule application costs on a state with candidates
    ``cands`` (see the module's docstring)."""
    cells = len(cands)
    held = sum(map(int.bit_count, cands))
    return (cells + held // UNIT_CANDIDATES + UNIT_CELLS - 1) // UNIT_CELLS
