"""Counting search on top of a ladder.

Search branches on an undecided cell and propagates in every node. It counts
solutions up to a limit, reports how many branchings (guesses) it made, and
stops when its budget of work runs out (:mod:`pencilbox.engine.budget`:
every node and every rule application is spent from it), so no input can
hang a caller and the same budget gives the same count on any machine.
Counting is pure: the state it is given is left untouched.

Search learns from its failures (conflict-driven learning, as in CDCL SAT
solvers and lazy clause generation). Every change a rule makes inside search
goes on a *trail* as a literal ("r3c4 lost white") with its decision level
and its explanation: the premise cells the rule names (it rests on all those
cells had lost), or for a probe elimination the earlier literals its trial's
contradiction rested on, less the trial's assumption. A rule that cannot name
its premises cheaply is marked so, and its deductions rest on every guess:
coarse, but sound. When a node meets a contradiction, the explanations are
walked back from it to the first unique implication point of the latest
level (:meth:`Learning.analyze`): the result is a *nogood*, a few literals
that no solution satisfies together. The nogood goes into a store watched by
two of its literals, and becomes the cheapest rule of every later node and
probe trial; the search jumps back to the nogood's second-highest level,
where the nogood forces its last literal the other way. A solution is
counted and then blocked by the nogood of the guesses that led to it, so
counts stay exact; learned nogoods are consequences of the rules and never
cut a solution. Branching follows conflict activity (VSIDS), a cell guessed
again takes its saved value first, and the search restarts from the root on
a Luby schedule, keeping what it learned. At the top level no node probes:
every node, the root too, propagates with the rules below probe plus the
nogoods, which the benchmark found faster than probing at the root (and
far faster than probing in every node): a guess and its conflicts learn
what probe's trials would, and only where the search goes. Probe's
eliminations are explained all the same (``PROBE_DEPTH`` turns them back
on). ``learning=False`` runs the older search: depth first, with
independent parts counted apart and, where premises are exact,
conflict-directed backjumping. Fixpoints, hints and grades never learn.

The search with learning also runs the ladder's *search rules*
(``Ladder.search_rules``) in every node and probe trial: sound reasoning
that is no rung of the ladder (so grades do not change), explained like any
rule, so its contradictions become nogoods too. The states of the run are
marked (``State.searching``) and their copies inherit the mark.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Generic

from pencilbox.engine.budget import Budget, OutOfTime
from pencilbox.engine.grid import Bits, Cell, cells_of
from pencilbox.engine.ladder import Ladder, Outcome, Status
from pencilbox.engine.learning import Learning
from pencilbox.engine.state import B, Mask, State
from pencilbox.errors import Stopped

DEFAULT_UNITS = 4_000_000
"""The work budget of a count when none is given (see :mod:`~pencilbox.engine.budget`)."""

Grid = tuple[Mask, ...]
"""A complete grid: one value (one bit) per cell."""


@dataclass(frozen=True)
class Count:
    """Solutions found (stopping at the limit), and what it cost.

    ``grids`` are distinct complete solutions the search met (up to the
    number asked for; a count that multiplies independent parts, or that
    meets open cells no rule reads, counts more solutions than it meets);
    ``first`` is the first of them. ``stop`` says why an incomplete count
    stopped: "work" (its budget ran out: the same on every machine) or
    "clock" (the safety clock)."""

    solutions: int
    complete: bool
    guesses: int
    nodes: int
    grids: tuple[Grid, ...] = ()
    stop: str | None = None
    work: int = 0
    """Work units spent."""

    @property
    def first(self) -> Grid | None:
        return self.grids[0] if self.grids else None

    @property
    def unique(self) -> bool:
        return self.complete and self.solutions == 1


def stop_reason(e: Stopped | None) -> str | None:
    """How a stopped computation reports why: "clock" or "work" (None: it did not stop)."""
    if e is None:
        return None
    return "clock" if isinstance(e, OutOfTime) else "work"


def choose_cell(state: State[Any]) -> Cell:
    """The undecided cell with the fewest candidates; among those, the one
    whose 3×3 neighbourhood is most decided (off-board counts as decided).
    Only cells of the state's focus are considered.

    Branching where the board already says most makes wrong guesses fail
    fast: on the 18×22 two-colour board of the real-puzzle list, probe-level search
    needs 7 guesses this way and thousands in row-major order.
    """
    cands = state.cands
    around = state.grid.around
    focus = state.focus
    best = -1
    best_key = (1 << 30, 0)
    for cell, m in enumerate(cands):
        if m & (m - 1) and focus >> cell & 1:
            count = m.bit_count()
            if count > best_key[0]:
                continue  # more candidates than the best so far: its ring cannot matter
            ring = around[cell]
            known = 8 - len(ring)
            for w in ring:
                x = cands[w]
                if x & (x - 1) == 0:
                    known += 1
            key = (count, -known)
            if key < best_key:
                best, best_key = cell, key
    return best


class _Search(Generic[B]):
    """One counting run: the shared budget, the grids kept, and tallies."""

    def __init__(self, ladder: Ladder[B], level: int, budget: Budget, keep: int = 1) -> None:
        self.ladder = ladder
        self.level = level
        self.budget = budget
        self.keep = keep
        self.grids: list[Grid] = []
        hooks = ladder.hooks
        self.choose: Callable[[State[B]], Cell] = hooks.choose_cell or choose_cell
        self.split = hooks.split
        self.nodes = 0
        self.guesses = 0
        self.stopped: Stopped | None = None

    def kept(self, cands: list[Mask]) -> None:
        """Keep a complete solution met (an open cell takes its lowest value)."""
        if len(self.grids) < self.keep:
            grid = tuple(m & -m for m in cands)
            if grid not in self.grids:
                self.grids.append(grid)

    def run(
        self, root: State[B], limit: int, top: bool = True
    ) -> tuple[int, list[Mask] | None, int]:
        """Solutions of the focus of ``root`` (up to ``limit``), the first one
        found, and, when there is none, the conflict: the decisions (bit
        ``d`` for the guess at depth ``d``) that together leave none.

        Depth first. When the state tracks why each cell is decided
        (``State.why``), a branch whose conflict does not hold its own guess
        refutes its siblings too, and the search jumps back past them
        (conflict-directed backjumping); otherwise every conflict is
        :data:`EVERY` and the search is plain backtracking. Sets ``stopped``
        when the budget runs out. ``top``: the run of the whole board, whose
        solutions are kept (not that of one independent part).
        """
        first: list[Mask] | None = None
        frames: list[_Frame[B]] = []
        s = root
        while True:
            try:
                self.budget.spend()
                self.nodes += 1
                found, conflict, solved = self.visit(s, frames, limit)
            except Stopped as e:  # the budget ran out, maybe inside a fixpoint
                self.stopped = e
                return sum(f.total for f in frames), first, EVERY
            if solved is None and found < 0:
                s = frames[-1].next_child()
                continue
            if self.stopped:
                return sum(f.total for f in frames) + found, first, EVERY
            if found and solved is not None:
                if first is None:
                    first = solved
                if top:
                    self.kept(solved)
            # Hand the result up until some frame has a child left to try.
            while frames:
                f = frames[-1]
                f.total += found
                if f.total >= limit:
                    return limit, first, EVERY
                if not found:
                    own = 1 << f.depth
                    if conflict != EVERY and not conflict & own:
                        frames.pop()  # the guess is not to blame: jump back
                        continue
                    f.conflict |= conflict & ~own
                if f.left():
                    break
                frames.pop()
                found = f.total
                conflict = f.conflict if not found else EVERY
            else:
                return min(found, limit), first, conflict
            s = frames[-1].next_child()

    def visit(
        self, s: State[B], frames: list[_Frame[B]], limit: int
    ) -> tuple[int, int, list[Mask] | None]:
        """Propagate one node. Returns (solutions, conflict, a solution), or
        (-1, 0, None) after pushing a frame to branch on."""
        outcome = self.ladder.propagate(s, self.level)
        if outcome.status is Status.CONTRADICTION:
            assert outcome.contradiction is not None
            return 0, blame(s, outcome.contradiction.premises), None
        if outcome.status is Status.SOLVED or not _undecided(s):
            return 1, 0, s.cands[:]  # solved, or every cell of this part decided
        if self.split is not None and _splits(parts := self.split(s)):
            found, cands, conflict = self.product(s, *parts, limit)
            return found, conflict, cands if found else None
        cell = self.choose(s)
        self.guesses += 1
        frames.append(_Frame(s, cell, s.depth + 1))
        return -1, 0, None

    def product(
        self, s: State[B], parts: list[Bits], free: Bits, limit: int
    ) -> tuple[int, list[Mask], int]:
        """Solutions of independent parts multiply: count each (up to
        ``limit``), smallest first, and stop at the first part without one.
        Returns the product (capped), the cells with each part's first
        solution filled in (a free cell takes its lowest candidate), and the
        conflict of a part without solutions."""
        cands = s.cands[:]
        total = 1
        for cell in cells_of(free):
            total *= cands[cell].bit_count()
            cands[cell] &= -cands[cell]
        for part in sorted(parts, key=int.bit_count):
            child = s.copy()
            child.focus = part
            if s.probes is not None:
                child.probes = s.probes.copy()
            found, first, conflict = self.run(child, limit, top=False)
            if self.stopped or not found:
                return 0, cands, conflict
            assert first is not None
            for cell in cells_of(part):
                cands[cell] = first[cell]
            total = min(total * found, limit)
        return total, cands, 0


EVERY = -1
"""The conflict of a failure that cannot be traced to particular guesses."""


def blame(s: State[Any], premises: tuple[int, ...]) -> int:
    """The guesses a contradiction with these premises rests on."""
    why = s.why
    if why is None:
        return EVERY
    out = 0
    for cell in premises:
        out |= why[cell]
    return out


class _Frame(Generic[B]):
    """A node being branched on: the state, its cell, the values left."""

    __slots__ = ("state", "cell", "values", "depth", "total", "conflict")

    def __init__(self, state: State[B], cell: int, depth: int) -> None:
        mask = state.cands[cell]
        values = []
        while mask:
            low = mask & -mask
            values.append(low)
            mask ^= low
        values.reverse()  # popped from the end: lowest value first
        memo = state.probes
        if memo is not None:
            # After a probe pass, try first the value whose trial decided
            # most: it reaches a solution or a contradiction soonest.
            kept = memo.kept
            values.sort(key=lambda bit: len(kept.get((cell, bit.bit_length() - 1), ())))
        self.state = state
        self.cell = cell
        self.values = values
        self.depth = depth
        self.total = 0
        self.conflict = 0

    def left(self) -> bool:
        return bool(self.values)

    def next_child(self) -> State[B]:
        s = self.state
        bit = self.values.pop()
        child = s.copy()
        child.assume(self.cell, bit)
        child.depth = self.depth
        if child.why is not None:
            child.why[self.cell] = 1 << self.depth
        if s.probes is not None:
            child.probes = s.probes.copy() if self.values else s.probes
        return child


def _undecided(s: State[Any]) -> int:
    focus = s.focus
    return sum(1 for c, m in enumerate(s.cands) if m & (m - 1) and focus >> c & 1)


def _splits(parts: tuple[list[Bits], Bits]) -> bool:
    """More than one part, or any free cell: worth counting separately."""
    groups, free = parts
    return len(groups) > 1 or free != 0


def count(
    ladder: Ladder[B],
    state: State[B],
    level: int,
    limit: int = 2,
    budget: Budget | None = None,
    learning: bool | None = None,
    keep: int = 1,
    leaning: Sequence[Mask] | None = None,
) -> Count:
    """Count solutions of ``state`` up to ``limit`` by propagating search.

    ``budget`` is the work it may do (default :data:`DEFAULT_UNITS`); when
    it runs out the count so far is returned with ``complete=False``. Up to
    ``keep`` distinct solutions met are kept (``Count.grids``). ``learning``
    (for a puzzle whose rules explain their deductions,
    ``SearchHooks.explains``, at a level where some rule does: with none
    there is nothing to learn) runs the learning search
    (:class:`_LearningSearch`); otherwise, a puzzle that can ``split`` a state
    into independent parts has them counted one by one, and their counts
    multiply. ``learning=None`` (the default) learns where every rule of the
    level explains its deductions (``Ladder.explains_at``): where some rule
    does not, its nogoods rest on every guess and the plain search, which
    probes in every node, is the faster (``benchmarks/bench_learning.py``).
    ``leaning`` (one value bit per cell, or 0) is the learning search's
    first phases: the value each guess tries first until a conflict has
    decided the cell, a likely answer's colours (say) to steer it to an
    answer soon; the count it reaches does not depend on it.
    """
    if budget is None:
        budget = Budget(DEFAULT_UNITS)
    if learning is None:
        learning = ladder.explains_at(level)
    if learning and can_learn(ladder, level):
        return _LearningSearch(ladder, level, budget, keep, leaning).count(state, limit)
    run = _Search(ladder, level, budget, keep)
    spent = budget.spent
    root = state.copy()
    root.focus = -1
    root.depth = 0
    root.budget = budget
    if ladder.hooks.exact_premises:
        root.why = [0] * len(root.cands)
    solutions, _, _ = run.run(root, limit)
    if run.stopped:
        solutions = min(solutions, limit)
    grids = tuple(run.grids) if solutions else ()
    return Count(
        solutions,
        run.stopped is None,
        run.guesses,
        run.nodes,
        grids,
        stop_reason(run.stopped),
        budget.spent - spent,
    )


def can_learn(ladder: Ladder[Any], level: int) -> bool:
    """Whether the learning search has anything to learn from: a puzzle whose
    rules explain their deductions, at a level where some rule does."""
    explained = any(r.explains for r in ladder.rules_at(level) if r.name != "probe")
    return explained and ladder.hooks.explains


class Resumable(Generic[B]):
    """A count that stops when the budget of its turn runs out and goes on
    from where it stopped when given another (the studio's turns): the
    search with learning keeps its trail, nogoods and guesses between calls.
    Where the learning search does not apply (see :func:`count`), each call
    counts afresh."""

    def __init__(
        self, ladder: Ladder[B], state: State[B], level: int, limit: int = 2, keep: int = 1
    ) -> None:
        self.ladder = ladder
        self.level = level
        self.limit = limit
        self.keep = keep
        self.state = state.copy()  # the caller's state may change under the run
        self.last: Count | None = None
        self._run: _LearningSearch[B] | None = None
        self._steps: Iterator[Count] | None = None
        if can_learn(ladder, level):
            self._run = _LearningSearch(ladder, level, Budget(0), keep)
            self._steps = self._run.steps(self.state, limit)

    def run(self, budget: Budget) -> Count:
        """The count after working on with ``budget`` (or less, when it has
        finished: then its final count, again)."""
        last = self.last
        if last is not None and (last.complete or last.solutions >= self.limit):
            return last
        if self._run is None or self._steps is None:
            self.last = count(
                self.ladder, self.state, self.level, self.limit, budget, False, self.keep
            )
            return self.last
        self._run.budget = budget
        self.last = next(self._steps)
        return self.last


class _LearningSearch(_Search[B]):
    """One counting run with conflict-driven learning.

    A single line of states, one per decision level: ``stack[d]`` is the
    state at level ``d`` when the guess of level ``d + 1`` was made. Every
    node propagates; a contradiction is analysed into a nogood (see
    :meth:`Learning.analyze`), the search jumps back to the nogood's second
    highest level and the nogood's asserting literal is propagated there. A
    solution (or a state whose open cells are all free) is counted, then
    blocked by the nogood of the guesses that led to it, so no solution is
    counted twice and the search goes on until no guess is left to undo.
    """

    def __init__(
        self,
        ladder: Ladder[B],
        level: int,
        budget: Budget,
        keep: int = 1,
        leaning: Sequence[Mask] | None = None,
    ) -> None:
        super().__init__(ladder, level, budget, keep)
        self.leaning = leaning
        self.blocked = 0
        """The cells named by the nogoods that block counted solutions."""
        self.vsids = VSIDS
        self.phases = PHASES
        self.restarts = RESTARTS
        self.deep = PROBE_DEPTH if level == ladder.top else 1 << 30
        self.probe_restart = ladder.hooks.probe_at_restart and level == ladder.top
        self.work = 0
        """Work spent by the turns before this one (see :meth:`_go_on`)."""
        self.mark = budget.spent
        """What the current turn's budget had spent when the turn began."""

    def count(self, state: State[B], limit: int) -> Count:
        return next(self.steps(state, limit))

    def steps(self, state: State[B], limit: int) -> Iterator[Count]:
        """The run, yielding its count each time it stops: at the end, or
        when the budget runs out. Give it another ``budget`` and ask for the
        next count, and the run goes on where it stopped, with its trail,
        nogoods and guesses (see :class:`Resumable`)."""
        n = len(state.cands)
        learn = Learning(n)
        s = state.copy()
        s.focus = -1
        s.depth = 0
        s.why = None
        s.trail = learn.trail()
        s.budget = self.budget
        s.searching = True
        stack: list[State[B]] = []
        guess_at = learn.guesses  # the trail index of each level's guess
        found = 0
        ladder = self.ladder
        phase = list(self.leaning) if self.leaning is not None else [0] * n
        conflicts = 0
        restart_at = RESTART_UNIT
        restart_i = 1
        room = ROOM
        below = min(self.level, ladder.top - 1)
        probe_root = False  # the root probes once, after the first restart (see SearchHooks)
        while True:
            try:
                self.budget.spend()
                self.nodes += 1
                deep = s.depth <= self.deep or probe_root
                probe_root = False
                outcome = ladder.propagate(s, self.level if deep else below)
            except Stopped as e:  # the budget ran out, maybe inside a fixpoint
                # What the fixpoint deduced so far is sound and on the trail:
                # going on, the node propagates again from there.
                self.stopped = e
                yield self._result(min(found, limit), False)
                self._go_on(s, stack)
                continue
            outcome_conflict = outcome.status is Status.CONTRADICTION
            if outcome.contradiction is not None:
                ante = learn.conflict_entries(s, outcome.contradiction)
            else:
                solutions = self._settled(s, outcome)
                if solutions is None:
                    cell = self._pick(s, learn)
                    self.guesses += 1
                    stack.append(s)
                    s = s.copy()
                    if s.probes is not None:
                        s.probes = s.probes.copy()
                    s.depth += 1
                    assert s.trail is not None
                    guess_at.append(s.trail.length)
                    bit = phase[cell] & s.cands[cell] if self.phases else 0
                    s.assume(cell, bit or _first_value(s, cell))
                    continue
                self.kept(s.cands)
                found += solutions
                if found >= limit:
                    yield self._result(limit, True)
                    return
                ante = guess_at[: s.depth]  # block this line: no solution twice
                for j in ante:
                    self.blocked |= 1 << learn.entries[j][0]
            learned = learn.analyze(s, ante)
            if learned is None:
                yield self._result(found, True)
                return
            cells, masks, back = learned
            if len(learn.cells) >= room:
                learn.reduce()
                room = len(learn.cells) + ROOM
            k = learn.add(cells, masks, learn.glue if outcome_conflict else 0)
            conflicts += 1
            if self.phases:
                cands = s.cands
                for c in range(n):
                    m = cands[c]
                    if m & (m - 1) == 0:
                        phase[c] = m
            if self.restarts and conflicts >= restart_at and back > 0:
                restart_i += 1
                restart_at = conflicts + RESTART_UNIT * _luby(restart_i)
                probe_root = self.probe_restart and restart_i == 2
                back = 0
                s = stack[0].copy()
                if s.probes is not None:
                    s.probes = s.probes.copy()
                del stack[0:]
                del guess_at[0:]
                continue
            s = stack[back].copy()
            if s.probes is not None:
                s.probes = s.probes.copy()
            del stack[back:]
            del guess_at[back:]
            learn.assert_first(s, k)

    def _go_on(self, s: State[B], stack: list[State[B]]) -> None:
        """Before going on after a stop: the run's states take its new budget."""
        self.stopped = None
        self.work += self.budget.spent - self.mark
        self.mark = self.budget.spent
        s.budget = self.budget
        for t in stack:
            t.budget = self.budget

    def _pick(self, s: State[B], learn: Learning) -> int:
        """The cell to guess: the open cell most active in recent conflicts
        (VSIDS), or the board's choice before any conflict."""
        if not self.vsids:
            return self.choose(s)
        best = -1
        top = 0.0
        activity = learn.activity
        for c, m in enumerate(s.cands):
            if m & (m - 1) and activity[c] > top:
                best, top = c, activity[c]
        return best if best >= 0 else self.choose(s)

    def _settled(self, s: State[B], outcome: Outcome) -> int | None:
        """The number of solutions of a fixpoint that needs no guess (every
        open cell free: each takes any of its values), or None."""
        if outcome.status is Status.SOLVED:
            return 1
        if self.split is None:
            return None
        parts, free = self.split(s)
        if parts or free & self.blocked:
            # A free cell that a blocking nogood names must be guessed: its
            # values may hold solutions already counted.
            return None
        total = 1
        for cell in cells_of(free):
            total *= s.cands[cell].bit_count()
        return total

    def _result(self, solutions: int, complete: bool) -> Count:
        grids = tuple(self.grids) if solutions else ()
        work = self.work + self.budget.spent - self.mark
        stop = stop_reason(self.stopped)
        return Count(solutions, complete, self.guesses, self.nodes, grids, stop, work)


VSIDS = True
PHASES = True
RESTARTS = True
RESTART_UNIT = 64
PROBE_DEPTH = -1
"""At the top level, the deepest decision level whose nodes probe (-1: none;
0, the root alone, was the default until the benchmarks showed every
built-in puzzle's count-to-2 faster without it: two to four times on the
two-colour connectivity puzzles, about twice at the median and p90 on the
one with a search rule; see the README's Speed section)."""
ROOM = 2000
"""Learned nogoods kept before the store forgets the looser half of them."""


def _luby(i: int) -> int:
    """The i-th term (from 1) of the Luby sequence 1 1 2 1 1 2 4 ..."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while i != (1 << k) - 1:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)


def _first_value(s: State[Any], cell: int) -> Mask:
    """The value to guess first: the one whose probe trial decided most
    cells (it reaches a solution or a contradiction soonest), else the
    highest (measured on generated 10×10s of every built-in puzzle: it
    halved the count-to-2 tail of one, whose answers are mostly of its
    highest value, and moved the others' figures within the noise; see the
    README's Speed section)."""
    mask = s.cands[cell]
    memo = s.probes
    best = 1 << (mask.bit_length() - 1)
    if memo is not None:
        kept = memo.kept
        most = -1
        m = mask
        while m:
            bit = m & -m
            m ^= bit
            k = len(kept.get((cell, bit.bit_length() - 1), ()))
            if k > most:
                best, most = bit, k
    return best
