"""The case rung: a short case split, one step above probe.

probe assumes one candidate and runs the rules below it. The case rung
assumes one candidate and runs probe itself, with the ladder's search rules
beside its rules (the reasoning the counting search adds to the ladder);
when that stalls, it splits on one further cell. A candidate is eliminated
when every branch ends in a contradiction, and the *size* of that
refutation is its number of branches:

- size 1: the assumption alone, run to probe's fixpoint, is a contradiction;
- size k: the assumption's fixpoint stalls, but some further cell has k
  candidates and each of them, assumed as well, is a contradiction;
- larger: a branch that stalls splits again, where the board would branch
  in a search, as long as the leaves stay within :data:`MAX_BRANCHES`.

Refutations are looked for smallest first: every size-1 refutation before
any split, one split before nested ones, split cells with the fewest
candidates first, and among equals the assumptions that force the most
cells at the level below probe (they are the likeliest to fail). Single
splits are first looked for where they cost least: under the fixpoint of
each candidate the size-1 pass has already run, a split on one cell where
the board would branch (two runs each). Then by the dilemma rule: with the
probe fixpoint of every candidate of a cell y in hand, a candidate that no
branch keeps is refuted by the split on y (fixpoints are monotone, so
assuming it in each branch is a contradiction; a hint re-runs the branches
to say why). The search stops at a number of branches and when its budget
of work runs out.

Every trial starts from a fresh copy of the state's candidates; what probe
remembers inside the rung is built here, from the state alone (its own
level-below trials), never carried in from a search, so the same state
always gives the same refutation. The rung is not one of a ladder's
levels: the ladders, and the measurements that compare them, end at probe.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Generic

from pencilbox.engine.budget import Budget
from pencilbox.engine.grid import Cell
from pencilbox.engine.ladder import Ladder, Outcome, Status
from pencilbox.engine.memo import ProbeMemo
from pencilbox.engine.refutation import Branch, Found, Literal, Refutation, Split
from pencilbox.engine.search import choose_cell
from pencilbox.engine.state import B, Contradiction, Mask, State, values_of
from pencilbox.errors import Stopped

CASE = "case"
"""The rung's name, as hints and grades report it."""

HUNCH = 2
"""Candidates of the last step's order tried before ranking them all again."""
MOST_MEMOS = 64
"""The trials whose probe memories (:attr:`Trials.memos`) a line of steps
keeps: enough for a hand-made board's candidates, and a bound on memory
where cells keep many values."""
MAX_BRANCHES = 4
"""The largest refutation looked for, in branches (a split on a cell with
more candidates than this is not tried)."""


def meet(a: Sequence[Mask], b: Sequence[Mask]) -> list[Mask]:
    """The candidates both lists keep, cell by cell."""
    return [x & y for x, y in zip(a, b, strict=True)]


class Trials(Generic[B]):
    """The probe-level fixpoints of single assumptions on one state.

    Each fixpoint is computed at most once, from a fresh copy of the base
    candidates. ``stopped`` is set when the budget cut the work short.

    ``before`` are the trials of an earlier state of the same line (the
    case rung's previous step: this state lies inside it). Fixpoints are
    monotone, so what a trial decided there holds here too: each trial starts
    from what it reached there, one that contradicted there contradicts here
    at once, and one whose fixpoint there lies inside this state reaches the
    same fixpoint here (it is a fixpoint inside the smaller start, and the
    one reached from the smaller start lies inside it): it is not run again.
    The fixpoints are the same as from scratch. The candidates are taken in
    the order ranked there (:meth:`ranking`), less those gone since.
    """

    def __init__(
        self,
        ladder: Ladder[B],
        state: State[B],
        budget: Budget | None,
        before: Trials[B] | None = None,
        light: Trials[B] | None = None,
    ) -> None:
        self.ladder = ladder
        self.board = state.board
        self.base = state.cands[:]
        self.focus = state.focus
        self.budget = budget
        self.fixed: dict[Literal, list[Mask] | None] = {}
        self.below: dict[Literal, list[Mask] | None] = {}
        self.stopped: Stopped | None = None
        self.runs = 0
        self.memo = ProbeMemo(self.base)
        """The level-below trials of the base, handed to every probe run here:
        a trial whose fixpoint already holds what a run assumed need not be
        tried again in it (see ProbeMemo)."""
        self.before = before
        self.light = light
        """On the ladder of a rung above probe, the trials of the ladder it
        was raised from on this state or one it lies inside: what each of
        their probes reached holds here too, so the rung's trial starts from
        it instead of running that probe again."""
        self.ranked: list[Literal] | None = None
        """The candidates in the order :meth:`ranking` gave them."""
        self.memos: dict[Literal, ProbeMemo] = {}
        """``memos[l]``: what the probe of l's own fixpoint (:meth:`fixpoint`)
        remembered of its trials, for the next step to start l's probe from."""
        self.pairs: dict[Literal, dict[Literal, dict[Cell, Mask]]] = {}
        """``pairs[l][m]``: the level-below fixpoint of the base with both l
        and m assumed (as changes to the base), read off the probe pass of
        one fixpoint and handed to the other's, so each pair is tried once."""

    def run(
        self,
        assume: Iterable[Literal],
        level: int,
        start: list[Mask] | None = None,
        narrate: bool = False,
        memo: ProbeMemo | None = None,
        ladder: Ladder[B] | None = None,
    ) -> tuple[State[B], Outcome]:
        """Assume some candidates and propagate at ``level`` (a fresh state)
        on the rung's ladder, or on ``ladder``."""
        ladder = self.ladder if ladder is None else ladder
        s = State(self.board, (start or self.base)[:], [] if narrate else None)
        s.focus = self.focus
        s.budget = self.budget
        s.searching = True  # the ladder's search rules reason in every trial
        if level == ladder.top:
            s.probes = memo or self.memo.copy()
        first = True
        for cell, v in assume:
            s.assume(cell, s.cands[cell] & (1 << v))
            if first:
                s.scratch = cell  # probe looks near the assumption first
                first = False
        self.runs += 1
        return s, ladder.propagate(s, level)

    def inherit(self, earlier: Trials[B] | None) -> None:
        """Keep what the trials of ``earlier`` (a step before this one on
        the same line) reached and these did not try again: the next step
        reads them as it reads these (see :meth:`known`), so a trial tried
        two or more steps back starts from where it got to. Then forget
        ``earlier`` itself."""
        if earlier is not None:
            for mine, theirs in ((self.fixed, earlier.fixed), (self.below, earlier.below)):
                for lit, reached in theirs.items():
                    mine.setdefault(lit, reached)
            for lit, memo in earlier.memos.items():
                if len(self.memos) >= MOST_MEMOS:
                    break
                self.memos.setdefault(lit, memo)
        self.before = None

    def choose(self, state: State[B]) -> Cell:
        """Where to split under a fixpoint: where the search would branch."""
        return (self.ladder.hooks.choose_cell or choose_cell)(state)

    def out_of_time(self) -> bool:
        """Whether the budget has run out (then ``stopped`` says how)."""
        if self.stopped is None and self.budget is not None:
            try:
                self.budget.spend(0)
            except Stopped as e:
                self.stopped = e
        return self.stopped is not None

    def undecided(self) -> list[Cell]:
        base, focus = self.base, self.focus
        return [c for c, m in enumerate(base) if m & (m - 1) and focus >> c & 1]

    def ranking(
        self, cells: list[Cell], wanted: Callable[[Literal], bool] | None = None
    ) -> list[Literal]:
        """The candidates of ``cells`` in the order refutations are looked
        for, as :meth:`order` ranks them (and kept for the next step)."""
        self.ranked = self.order(cells, wanted)
        return self.ranked

    def hunch(self, cells: list[Cell]) -> list[Literal]:
        """After an earlier step of the same line, the first few candidates
        of that step's order (less those gone since): where the next
        refutation most often is, tried before ranking every candidate anew."""
        before = self.before
        if before is None or before.ranked is None:
            return []
        base, wanted = self.base, set(cells)
        stale = (lit for lit in before.ranked if lit[0] in wanted and base[lit[0]] >> lit[1] & 1)
        return [lit for _, lit in zip(range(HUNCH), stale, strict=False)]

    def order(
        self, cells: list[Cell], wanted: Callable[[Literal], bool] | None = None
    ) -> list[Literal]:
        """Candidates of ``cells``, the likeliest to be refuted first: fewest
        candidates in the cell, then most cells forced at the level below.
        Those ``wanted`` does not accept come last, unranked (their trials
        are not run: they are only ever split on)."""
        below = self.ladder.top - 1
        keyed = []
        rest = []
        for cell in cells:
            mask = self.base[cell]
            for v in values_of(mask):
                lit = (cell, v)
                if wanted is not None and not wanted(lit):
                    rest.append((mask.bit_count(), cell, v))
                    continue
                if lit not in self.below:
                    known, same = self.known(lit, below)
                    if known is None and same:
                        self.below[lit] = None
                    else:
                        if same and known is not None:
                            reached: list[Mask] | None = known
                        else:
                            s, outcome = self.run((lit,), below, known)
                            contradicts = outcome.status is Status.CONTRADICTION
                            reached = None if contradicts else s.cands
                            if not contradicts:
                                # what its rules noted there: a rung's trial
                                # of lit starts from it (see ProbeMemo.notes)
                                self.memo.notes[lit] = s.notes
                        self.below[lit] = reached
                        if reached is not None:
                            self.memo.kept[lit] = {
                                c: m for c, m in enumerate(reached) if m != self.base[c]
                            }
                lighter = self.light.fixed.get(lit) if self.light is not None else None
                # what the lighter ladder's probe forced, where it ran: a likelier sign
                forced = self.forced(
                    self.below[lit] if lighter is None else meet(lighter, self.base)
                )
                keyed.append((mask.bit_count(), -forced, cell, v))
        keyed.sort()
        rest.sort()
        return [(cell, v) for _, _, cell, v in keyed] + [(cell, v) for _, cell, v in rest]

    def forced(self, cands: list[Mask] | None) -> int:
        if cands is None:
            return len(self.base) + 1
        base = self.base
        return sum(1 for c, m in enumerate(cands) if m != base[c])

    def known(self, lit: Literal, level: int) -> tuple[list[Mask] | None, bool]:
        """What the earlier trials reached under ``lit`` at ``level``, inside
        the base, and whether it is the fixpoint here already: (start, False)
        to start the trial from, (fixpoint, True) when it lay inside the base,
        (None, True) when it contradicted there (or leaves a cell empty here),
        (None, False) when nothing is known."""
        before = self.before
        if before is None:
            return None, False
        table = before.fixed if level == self.ladder.top else before.below
        if lit not in table:
            return None, False
        reached = table[lit]
        if reached is None:
            return None, True
        start = meet(reached, self.base)
        if 0 in start:
            return None, True
        return start, start == reached

    def fixpoint(self, lit: Literal) -> list[Mask] | None:
        """The probe fixpoint of the base with ``lit`` assumed; None: contradiction.

        On the ladder of a rung above probe, probe's own fixpoint (on the
        ladder the rung was raised from, whose rules are fewer and cheaper)
        comes first: it holds in the rung's, so a contradiction there is
        one here, and the rung's run starts from it. It is not run again
        where the trial starts from an earlier step's fixpoint of the rung,
        which holds it already; such a trial starts its probe from what that
        step's probe kept of its own trials (:attr:`memos`).
        """
        if lit not in self.fixed:
            start = self.below.get(lit)
            known, same = self.known(lit, self.ladder.top)
            if (known is None and same) or (lit in self.below and start is None):
                self.fixed[lit] = None
            elif same and known is not None:
                self.fixed[lit] = known
            else:
                if known is not None:
                    if start is not None:
                        known = meet(start, known)
                    start = known
                lighter = self.ladder.base
                seeds: ProbeMemo | None = None
                if lighter is not None and known is None:
                    light = self.light
                    reached = light.fixed.get(lit) if light is not None else None
                    if light is not None and reached is not None:
                        # The lighter probe's fixpoint of lit on a larger
                        # state: it holds here, and its trials start the rung's.
                        start = meet(reached, start or self.base)
                        seeds = light.memos.get(lit)
                    else:
                        s, outcome = self.run((lit,), lighter.top, start, ladder=lighter)
                        if outcome.status is Status.CONTRADICTION:
                            self.fixed[lit] = None
                            return None
                        start = s.cands
                        seeds = s.probes
                pairs = self.pairs.pop(lit, {})
                earlier = self.before.memos.get(lit) if self.before is not None else None
                if known is not None and earlier is not None:
                    # Its own probe's trials there, on the same line: they start it.
                    memo = earlier.copy()
                else:
                    memo = self.memo.copy()
                    memo.kept.update(pairs)
                    if seeds is not None:
                        # The lighter probe's trials from this very start:
                        # what each reached holds under the rung's rules too,
                        # so a trial not skipped starts from there.
                        for other, diff in seeds.kept.items():
                            if other not in memo.kept:
                                memo.stale[other] = diff
                                noted = seeds.notes.get(other)
                                if noted is not None:
                                    # with the notes of the rung's own rules
                                    # from other's trial on the base
                                    memo.notes[other] = {**memo.notes.get(other, {}), **noted}
                s, outcome = self.run((lit,), self.ladder.top, start, memo=memo)
                if outcome.status is Status.CONTRADICTION:
                    self.fixed[lit] = None
                else:
                    self.fixed[lit] = s.cands
                    if s.probes is not None and len(self.memos) < MOST_MEMOS:
                        self.memos[lit] = s.probes
                    if s.cands == start:
                        self.remember_pairs(lit, s)
        return self.fixed[lit]

    def remember_pairs(self, lit: Literal, s: State[B]) -> None:
        """When probe removed nothing under ``lit``, its surviving trials are
        the fixpoints of ``lit`` with each other candidate: keep them for
        that candidate's own fixpoint."""
        memo = s.probes
        if memo is None or memo.base != s.cands:
            return
        base = self.base
        own = {c: m for c, m in enumerate(s.cands) if m != base[c]}
        for other, diff in memo.kept.items():
            if other == lit or other in self.fixed:
                continue
            both = dict(own)
            both.update(diff)
            self.pairs.setdefault(other, {})[lit] = both


def find(
    ladder: Ladder[B],
    state: State[B],
    budget: Budget | None = None,
    max_branches: int = MAX_BRANCHES,
    first: bool = True,
    wanted: Callable[[Literal], bool] | None = None,
    before: Trials[B] | None = None,
    sweep: bool = False,
    light: Trials[B] | None = None,
) -> tuple[list[Found], Trials[B]]:
    """Refutations of candidates of ``state``, which must be a probe fixpoint.

    With ``first``, the smallest refutation found first (a list of one);
    otherwise every refutation of size 1 or 2 there is, when the smallest
    has that size (all sound at once), else the first larger one found.
    ``wanted`` limits the candidates refuted (not the split cells).
    Returns [] when none is found within the bounds; ``Trials.stopped`` tells
    whether the budget was the reason. ``before``: the trials of an earlier
    state this one lies inside (see :class:`Trials`); with ``sweep``, every
    refutation among the candidates tried first after it (:meth:`Trials.hunch`),
    all sound at once.
    """
    trials = Trials(ladder, state, budget, before, light)
    try:
        cells = trials.undecided()
        if first:
            hunch = [lit for lit in trials.hunch(cells) if wanted is None or wanted(lit)]
            found = _single(trials, hunch, not sweep)
            if found or trials.stopped:
                trials.ranked = trials.before.ranked if trials.before else None
                return found, trials
        order = trials.ranking(cells, wanted)
        targets = [lit for lit in order if wanted is None or wanted(lit)]
        found = _single(trials, targets, first)
        if found or max_branches < 2 or trials.stopped:
            return found, trials
        if first:
            found = _split_where_branching(trials, targets)
            if found or trials.stopped:
                return found, trials
        found = _dilemma(trials, cells, order, targets, max_branches, first)
        if found or max_branches < 3 or trials.stopped:
            return found, trials
        return _trees(trials, targets, max_branches), trials
    except Stopped as e:  # inside a trial's fixpoint
        trials.stopped = e
        return [], trials


def _single(trials: Trials[Any], targets: list[Literal], first: bool) -> list[Found]:
    """Size 1: the assumption's own probe fixpoint contradicts.

    A surviving fixpoint decides cells; assuming any of those values reaches
    a superset of it, so they cannot be refuted this way (dominated trials).
    """
    base = trials.base
    found: list[Found] = []
    survives: set[Literal] = set()
    for lit in targets:
        if lit in survives:
            continue
        if trials.out_of_time():
            break
        fixed = trials.fixpoint(lit)
        if fixed is None:
            found.append(Found(lit[0], lit[1], None))
            if first:
                break
            continue
        for c, m in enumerate(fixed):
            if m != base[c] and m & (m - 1) == 0:
                survives.add((c, m.bit_length() - 1))
    return found


def _split_where_branching(trials: Trials[Any], targets: list[Literal]) -> list[Found]:
    """Size 2, the cheap way first: under each candidate's fixpoint that
    the size-1 pass has already run, split on one cell where the board
    would branch; a candidate whose branches both contradict is refuted.
    The dilemma rule needs the fixpoint of every candidate; this only two
    more runs for each candidate already tried."""
    for lit in targets:
        fixed = trials.fixed.get(lit)
        if fixed is None:
            continue
        if trials.out_of_time():
            return []
        grown = _grow(trials, (lit,), fixed, 2)
        if isinstance(grown, Split):
            return [Found(lit[0], lit[1], grown)]
    return []


def _dilemma(
    trials: Trials[Any],
    cells: list[Cell],
    order: list[Literal],
    targets: list[Literal],
    max_branches: int,
    first: bool,
) -> list[Found]:
    """Size k: split on a cell whose every candidate's fixpoint removes the
    same value; cells with the fewest candidates first."""
    base = trials.base
    rank = {lit: i for i, lit in enumerate(order)}
    wanted = set(targets)
    splits = sorted(
        (c for c in cells if base[c].bit_count() <= max_branches),
        key=lambda c: (base[c].bit_count(), min(rank[(c, v)] for v in values_of(base[c])), c),
    )
    found: list[Found] = []
    seen: set[Literal] = set()
    for y in splits:
        branches: list[list[Mask]] = []
        for w in values_of(base[y]):
            if trials.out_of_time():
                return found
            fixed = trials.fixpoint((y, w))
            if fixed is None:  # a size-1 refutation the first pass was not asked for
                branches = []
                break
            branches.append(fixed)
        if not branches:
            continue
        hits = []
        for c, m in enumerate(base):
            gone = m
            for fixed in branches:
                gone &= ~fixed[c]
                if not gone:
                    break
            for v in values_of(gone):
                if (c, v) in wanted and (c, v) not in seen:
                    hits.append((c, v))
        hits.sort(key=rank.__getitem__)
        tree = Split(y, tuple(values_of(base[y])), (None,) * len(branches))
        for c, v in hits[:1] if first else hits:
            seen.add((c, v))
            found.append(Found(c, v, tree))
        if found and first:
            break
    return found


def _trees(trials: Trials[Any], targets: list[Literal], max_branches: int) -> list[Found]:
    """Larger sizes: for each candidate, a case split tree grown under its
    fixpoint, splitting where the board would branch, with at most ``budget``
    leaves; budgets rise 4, 6, 8… up to ``max_branches``.

    A candidate whose tree reaches a solution can never be refuted and is
    dropped.
    """
    alive = [lit for lit in targets if trials.fixed.get(lit) is not None]
    budget = 3
    while budget <= max_branches and alive:
        budget = min(max_branches, budget + 1 if budget < 4 else budget + 2)
        still = []
        for lit in alive:
            if trials.out_of_time():
                return []
            fixed = trials.fixpoint(lit)
            assert fixed is not None
            grown = _grow(trials, (lit,), fixed, budget)
            if isinstance(grown, Split):
                return [Found(lit[0], lit[1], grown)]
            if grown is not _SOLUTION:
                still.append(lit)
        alive = still
        if budget == max_branches:
            break
    return []


_SOLUTION = "solution"
"""What :func:`_grow` returns when a branch is solved: not refutable."""


def _grow(
    trials: Trials[Any], assume: tuple[Literal, ...], cands: list[Mask], budget: int
) -> Split | str | None:
    """A split tree under the fixpoint ``cands`` of ``assume`` with every
    leaf a contradiction and at most ``budget`` leaves; None when there is
    none this way, :data:`_SOLUTION` when a branch solves the board."""
    if budget < 2 or trials.out_of_time():
        return None
    probe = State(trials.board, cands[:])
    probe.focus = trials.focus
    y = trials.choose(probe)
    if y < 0:
        return None
    values = values_of(cands[y])
    if len(values) > budget:
        return None
    children: list[Split | None] = []
    used = 0
    for i, w in enumerate(values):
        left = budget - used - (len(values) - i - 1)
        s, outcome = trials.run(((y, w),), trials.ladder.top, cands)
        if outcome.status is Status.CONTRADICTION:
            children.append(None)
            used += 1
            continue
        if outcome.status is Status.SOLVED:
            return _SOLUTION
        sub = _grow(trials, (*assume, (y, w)), s.cands, left)
        if not isinstance(sub, Split):
            return sub
        children.append(sub)
        used += sub.leaves
    return Split(y, tuple(values), tuple(children))


def explain(trials: Trials[Any], found: Found) -> Refutation | None:
    """Re-run the branches of a refutation, narrated, to say why each fails.

    None if some branch does not contradict after all (a rule that is not
    monotone could cause that; the refutation is then not claimed).
    """
    lit = (found.cell, found.value)
    out: list[Branch] = []
    try:
        if not _explain(trials, (lit,), found.tree, out):
            return None
    except Stopped as e:
        trials.stopped = e
        return None
    return Refutation(found.cell, found.value, tuple(out), found.tree)


def _explain(
    trials: Trials[Any], assume: tuple[Literal, ...], tree: Split | None, out: list[Branch]
) -> bool:
    if tree is not None:
        cands = trials.base[:]
        for cell, v in assume:
            cands[cell] &= 1 << v
        for w, child in zip(values_of(cands[tree.cell]), tree.children, strict=True):
            if not _explain(trials, (*assume, (tree.cell, w)), child, out):
                return False
        return True
    s, outcome = trials.run(assume, trials.ladder.top, narrate=True)
    why = outcome.contradiction
    if outcome.status is not Status.CONTRADICTION or why is None:
        return False
    seen = {cell for cell, _ in assume}
    implied = tuple(
        (d.cell, d.keep.bit_length() - 1)
        for d in (s.trace or ())
        if d.decides and d.cell not in seen
    )
    out.append(Branch(assume, why.rule, why.reason, why.premises, implied))
    return True


def refute(
    ladder: Ladder[B],
    state: State[B],
    budget: Budget | None = None,
    max_branches: int = MAX_BRANCHES,
    wanted: Callable[[Literal], bool] | None = None,
) -> Refutation | None:
    """The smallest explained refutation of a candidate of a probe fixpoint.

    On the ladder of a rung above probe, one assumption alone is first
    tried on the ladder it was raised from (see :func:`solve`)."""
    found: list[Found] = []
    light = None
    if ladder.base is not None:
        found, light = find(ladder.base, state, budget, 1, True, wanted)
        trials = light
    if not found:
        found, trials = find(ladder, state, budget, max_branches, True, wanted, light=light)
    for f in found:
        r = explain(trials, f)
        if r is not None:
            return r
    return None


def solve(
    ladder: Ladder[B],
    state: State[B],
    budget: Budget | None = None,
    max_branches: int = MAX_BRANCHES,
    answer: Sequence[int] | None = None,
) -> tuple[Status, int, Stopped | None]:
    """Run probe and the case rung to a fixpoint, changing ``state``.

    ``answer``, when the puzzle's one answer is known (a count proved it
    unique), lets the rung try to refute only the candidates the answer does
    not hold: the others cannot be refuted (every rule is sound), so their
    trials would be spent for nothing. The refutations are the same kind;
    only the order they are found in may differ.

    Returns the status, the size of the largest refutation used (0: none),
    and, when the budget stopped the rung, how (the status is then STALLED).
    Each step removes the smallest refutation's candidate and lets probe
    follow it up before looking again: what it settles makes the next
    refutations cheaper.

    On the ladder of a rung above probe, each step first tries one
    assumption alone on the ladder it was raised from, whose trials are far
    cheaper (a contradiction there is one on the rung's ladder too), and
    the rung's own trials run only when none of those fails. While those
    steps succeed, the lower ladder's probe follows each up; from the first
    step where none does, the rung's fixpoint and its own steps take over,
    each of its trials starting from where the lower one's got to.
    """
    largest = 0
    state.budget = budget
    trials: Trials[B] | None = None
    light: Trials[B] | None = None
    lighter = ladder.base
    false = None if answer is None else (lambda lit: answer[lit[0]] != lit[1])
    while True:
        at = ladder if lighter is None else lighter
        try:
            status = at.propagate(state, at.top).status
        except Stopped as e:
            return Status.STALLED, largest, e
        if status is not Status.STALLED:
            return status, largest, None
        found: list[Found] = []
        if lighter is not None:
            earlier = light
            found, light = find(lighter, state, budget, 1, wanted=false, before=earlier, sweep=True)
            light.inherit(earlier)
            if light.stopped:
                return status, largest, light.stopped
            if not found:
                lighter = None  # the rung's strength is needed from here on
                continue  # its fixpoint first, then its own steps
        else:
            earlier = trials
            found, trials = find(
                ladder,
                state,
                budget,
                max_branches,
                wanted=false,
                before=earlier,
                sweep=True,
                light=light,
            )
            trials.inherit(earlier)
            if not found:
                return status, largest, trials.stopped
        for f in found:
            keep = state.cands[f.cell] & ~(1 << f.value)
            result = state.restrict(f.cell, keep, CASE, "a case split refutes it")
            if isinstance(result, Contradiction):
                return Status.CONTRADICTION, largest, None
            largest = max(largest, f.size)
