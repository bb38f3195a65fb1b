"""Rules, levels and propagation to a fixpoint.

A puzzle's ladder is an ordered list of levels (weakest first); each rule
belongs to one level, and a level means "this rule and every rule below".
:meth:`Ladder.propagate` runs the rules of a level cheapest first and starts
again from the cheapest after any progress, until nothing changes. The top
level of every ladder is the generic ``probe`` rung: assume one candidate,
propagate with the rules below, and drop the candidate if that alone
contradicts.

A ladder may also have rungs above probe (:class:`Rung`): rules a player
meets after probe, below the case rung. They are no levels of the ladder
(its levels, and the measurements that compare them, end at probe); each
is reached through :meth:`Ladder.raised`, the ladder whose probe stands on
the rules below probe and those of every rung above up to it.

Propagation is bounded by a budget of work (see :mod:`pencilbox.engine.budget`):
every rule it applies is spent from the state's budget, and probe's trials
share it, so a fixpoint raises :class:`~pencilbox.errors.Stopped` as soon as
the budget (or its safety clock) runs out, leaving the sound deductions it
made so far.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterator, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any, Generic

from pencilbox.engine.budget import Budget, cost
from pencilbox.engine.grid import Bits, Cell
from pencilbox.engine.memo import ProbeMemo
from pencilbox.engine.state import (
    NOTHING,
    PROGRESS,
    B,
    Contradiction,
    Deduction,
    Result,
    State,
    TrailLog,
    values_of,
)
from pencilbox.errors import UnknownLevel

RuleFn = Callable[[State[B]], Result]
"""A rule's work: applied to a state, progress, nothing or a contradiction."""


@dataclass(frozen=True)
class Rule(Generic[B]):
    """A named deduction rule at one level of a ladder."""

    name: str
    level: int
    apply: RuleFn[B]
    summary: str
    saturating: bool = True
    """A saturating rule runs to its own fixpoint, so on an unchanged state
    it has nothing more to say and the ladder may skip it."""
    explains: bool = True
    """The premises of its deductions and contradictions are all the cells
    they rest on. Search with learning takes the deductions of a rule that
    does not explain as resting on every guess (coarse, and sound)."""
    weight: int = 1
    """What one application of the rule costs, in rule applications (see
    :mod:`pencilbox.engine.budget`): more than 1 for a rule that does far
    more work than the ladder's others each time it runs."""
    cheap: bool = False
    """Cheap enough to run after every elimination of probe's silent pass
    (say, one that looks only at what changed since its last run): the next
    trials start from a state these rules agree with, and fewer of them
    fail only for want of what the cheap rules would have said at once."""


@dataclass(frozen=True)
class Rung(Generic[B]):
    """A rung above probe, below the case rung: ``rules`` that join the
    rules below probe, with probe over them all (so its fixpoint holds
    probe's, and every rung above it holds its own)."""

    name: str
    rules: tuple[Rule[B], ...]


class Status(Enum):
    SOLVED = "solved"
    STALLED = "stalled"
    CONTRADICTION = "contradiction"
    STOPPED = "stopped"
    """The deadline passed before the fixpoint (never returned by propagate,
    which raises :class:`Stopped`; callers report it with this status)."""


@dataclass(frozen=True)
class Outcome:
    """What a fixpoint reached: its status, and the contradiction if any."""

    status: Status
    contradiction: Contradiction | None = None
    stopped: Deduction | None = None


PROBE_SUMMARY = (
    "Assume one candidate in one cell and run every lower rule to a fixpoint; "
    "if that alone is a contradiction, the candidate is impossible."
)


NOGOOD_SUMMARY = (
    "In search with learning: the cells of a learned nogood cannot all keep "
    "their current values, so when all but one do, the last one changes."
)


def narrated_trials(
    cands: list[Bits],
    cells: Sequence[Cell],
    start: int,
    tried: Container[tuple[Cell, int]] = (),
) -> list[tuple[Cell, int]]:
    """A hint's probe trials, the likeliest to decide a cell first.

    A trial whose cell keeps few values, or whose value has few places left
    on the board, is the one whose failure most likely decides a cell or a
    value's place: (cell, value) pairs go by the smaller of those two
    counts, then round the board from ``start`` (so successive hints move
    on), then by value. On a two-valued board every open cell keeps both
    values, so the order is the cells' from ``start``.

    A narrated pass stops at its first elimination, and one that decides no
    cell starts another pass: the trials an earlier pass ``tried`` and kept
    go last, in the same order, so a trial is tried again only after every
    other has had its turn (as in the silent pass, which goes round)."""
    places: dict[int, int] = {}
    for m in cands:
        if m & (m - 1):
            for v in values_of(m):
                places[v] = places.get(v, 0) + 1
    n = len(cands)
    keyed = sorted(
        ((c, v) in tried, min(cands[c].bit_count(), places[v]), (c - start) % n, v, c)
        for c in cells
        for v in values_of(cands[c])
    )
    return [(c, v) for *_, v, c in keyed]


def silent_trials(cands: list[Bits], cells: Sequence[Cell]) -> Iterator[tuple[Cell, int]]:
    """A fixpoint's probe trials: each cell's values in turn, read when the
    pass reaches the cell (an earlier elimination of the pass may have
    decided it or taken values away)."""
    for c in cells:
        yield from ((c, v) for v in values_of(cands[c]))


def _nogood_rule(log: TrailLog) -> Rule[Any]:
    """The learned nogoods of a search run, as the cheapest rule."""
    rule = log.rule
    if not isinstance(rule, Rule):
        rule = log.rule = Rule("nogood", 0, log.propagate, NOGOOD_SUMMARY)
    return rule


def judge_with(rules: Sequence[Rule[B]]) -> RuleFn[B]:
    """A completeness check that knows only ``rules``: a decided grid is
    rejected exactly when one of them finds a contradiction in it."""
    kept = tuple(r for r in rules if r.name != "probe")

    def judge(state: State[B]) -> Result:
        for rule in kept:
            verdict = rule.apply(state.copy())
            if isinstance(verdict, Contradiction):
                return verdict
        return NOTHING

    return judge


Split = Callable[[State[B]], tuple[list[Bits], Bits]]
"""A puzzle's ``split(state)``: the undecided cells of the state's focus as
independent parts (no constraint reads cells of two parts), and the free
cells that no constraint reads at all."""


@dataclass(frozen=True)
class SearchHooks(Generic[B]):
    """What a puzzle tells the search about its boards, beyond its rules.

    Every field is optional; the defaults suit any puzzle.
    """

    choose_cell: Callable[[State[B]], Cell] | None = None
    """Where search branches: an undecided cell of the state's focus (-1:
    none). None: the engine's choice (fewest candidates, most decided
    around; :func:`pencilbox.engine.search.choose_cell`)."""
    split: Split[B] | None = None
    """Independent parts of a state, counted apart (their counts multiply)."""
    explains: bool = False
    """The rules' premises are a sound explanation of each deduction in
    search with learning (the state's ``learning`` is set): the search may
    learn from conflicts. A rule that cannot name its premises says so
    (``Rule.explains``) and is taken as resting on every guess."""
    exact_premises: bool = False
    """Every deduction names all the cells it rests on, even outside search
    with learning, so the plain search may trace a contradiction back to the
    guesses behind it (conflict-directed backjumping)."""
    probe_at_restart: bool = False
    """The search with learning runs probe at the root once, when it first
    restarts: a board that needs no restart pays nothing for it, and a hard
    one gets probe's trials where its nogoods help them."""


class Ladder(Generic[B]):
    """The rules of one puzzle, by level, with probe on top.

    ``judge_complete`` judges a state in which every cell is decided: it must
    return a Contradiction exactly when the decided grid breaks a rule of the
    puzzle (with premises naming all the cells it rests on when
    ``complete_explains``; otherwise search with learning takes it as resting
    on every guess). ``value_name`` names a value in reasons ("black", "7").
    ``search_rules`` are sound rules that are no rung: the search with
    learning and the case rung run them beside the level's rules.
    ``hooks`` is what else the search may ask of the puzzle.
    """

    def __init__(
        self,
        levels: tuple[str, ...],
        rules: list[Rule[B]],
        judge_complete: RuleFn[B],
        value_name: Callable[[int], str],
        complete_explains: bool = False,
        search_rules: Sequence[Rule[B]] = (),
        hooks: SearchHooks[B] | None = None,
        above: Sequence[Rung[B]] = (),
    ) -> None:
        if levels[-1] != "probe":
            raise ValueError("the top level of every ladder is probe")
        self.levels = levels
        self.top = len(levels) - 1
        probe: Rule[B] = Rule("probe", self.top, self._probe, PROBE_SUMMARY, saturating=False)
        self.rules: tuple[Rule[B], ...] = tuple(sorted([*rules, probe], key=lambda r: r.level))
        self.hooks: SearchHooks[B] = hooks if hooks is not None else SearchHooks()
        self._upto = [
            tuple(r for r in self.rules if r.level <= level) for level in range(len(levels))
        ]
        self._cheap = tuple(r for r in self._upto[self.top - 1] if r.cheap)
        self.search_rules = tuple(search_rules)
        # In a search state, the search rules run after the level's own rules
        # and before probe (whose trials then use them too).
        self._searching = [
            (
                *(r for r in rules if r.name != "probe"),
                *self.search_rules,
                *(r for r in rules if r.name == "probe"),
            )
            for rules in self._upto
        ]
        self.judge_complete = judge_complete
        self.complete_explains = complete_explains
        self.value_name = value_name
        self.above: tuple[Rung[B], ...] = tuple(above)
        """The rungs above probe, weakest first."""
        self.base: Ladder[B] | None = None
        """For the ladder of a rung above probe (:meth:`raised`), the ladder
        it was raised from; None for the ladder itself."""
        self._raised: dict[str, Ladder[B]] = {}

    @property
    def rungs_above(self) -> tuple[str, ...]:
        """The names of the rungs above probe, weakest first."""
        return tuple(r.name for r in self.above)

    def raised(self, name: str) -> Ladder[B]:
        """The ladder of the rung ``name`` above probe: this one's levels
        below probe, then each rung above up to ``name`` as a level of its
        own, then probe over them all (its top is the rung)."""
        ladder = self._raised.get(name)
        if ladder is not None:
            return ladder
        names = self.rungs_above
        if name not in names:
            known = ", ".join(names) or "none"
            raise UnknownLevel(f"unknown rung {name!r} above probe; the rungs are {known}")
        upto = self.above[: names.index(name) + 1]
        below = [r for r in self.rules if r.name != "probe"]
        for k, rung in enumerate(upto):
            below.extend(replace(rule, level=self.top + k) for rule in rung.rules)
        ladder = Ladder(
            (*self.levels[:-1], *(r.name for r in upto), "probe"),
            below,
            self.judge_complete,
            self.value_name,
            self.complete_explains,
            self.search_rules,
            self.hooks,
        )
        ladder.base = self
        self._raised[name] = ladder
        return ladder

    @property
    def strongest(self) -> Ladder[B]:
        """The ladder of the top rung: the highest rung above probe's, else this one."""
        return self.raised(self.above[-1].name) if self.above else self

    def rungs(self) -> list[tuple[str, Ladder[B], int]]:
        """Every rung a player meets below the case rung, weakest first:
        its name, the ladder that reaches it and the level there."""
        out = [(name, self, i) for i, name in enumerate(self.levels)]
        for rung in self.above:
            raised = self.raised(rung.name)
            out.append((rung.name, raised, raised.top))
        return out

    def rung(self, level: int | str | None) -> tuple[str, Ladder[B], int]:
        """A level of this ladder (None: probe) or the name of a rung above
        probe, as :meth:`rungs` gives it: its name, its ladder, its level there."""
        if isinstance(level, str) and level in self.rungs_above:
            raised = self.raised(level)
            return level, raised, raised.top
        lv = self.level_index(level)
        return self.levels[lv], self, lv

    def without(self, name: str, judge: str = "kept") -> Ladder[B]:
        """This ladder with the rule ``name`` removed, its probe rebuilt on the rest.

        ``judge="kept"``: a decided grid is judged only by the rules kept, so
        a trial of the probe that completes the board is rejected only if one
        of them objects, and the removed rule is gone from the whole ladder.
        ``judge="full"``: decided grids are still judged by every rule of the
        puzzle (``judge_complete``), so the removed rule still rejects trials
        that complete the board.
        """
        rules = [r for r in self.rules if r.name not in (name, "probe")]
        if judge == "kept":
            judge_complete = judge_with(rules)
        elif judge == "full":
            judge_complete = self.judge_complete
        else:
            raise ValueError(f"judge is kept or full, not {judge!r}")
        return Ladder(
            self.levels,
            rules,
            judge_complete,
            self.value_name,
            search_rules=self.search_rules,
            hooks=self.hooks,
            above=self.above,
        )

    def level_index(self, level: int | str | None) -> int:
        if level is None:
            return self.top
        if isinstance(level, int):
            if not 0 <= level <= self.top:
                raise UnknownLevel(f"level {level} is outside 0..{self.top}")
            return level
        try:
            return self.levels.index(level)
        except ValueError:
            known = ", ".join(self.levels)
            raise UnknownLevel(f"unknown level {level!r}; the levels are {known}") from None

    def rules_at(self, level: int) -> tuple[Rule[B], ...]:
        """The rules a level may use, cheapest first."""
        return self._upto[level]

    def explains_at(self, level: int) -> bool:
        """Whether every rule of ``level`` (probe aside, whose eliminations
        rest on its trials) names all the cells each deduction rests on."""
        return all(r.explains for r in self._upto[level] if r.name != "probe")

    def propagate(
        self,
        state: State[B],
        level: int,
        stop: Callable[[Deduction], bool] | None = None,
        without: str | None = None,
        budget: Budget | None = None,
    ) -> Outcome:
        """Run the rules up to ``level`` to a fixpoint, changing ``state``.

        ``stop`` (narrated states only) ends the run after the first deduction
        it accepts. ``without`` leaves one rule out (ablation). ``budget`` is
        stored on ``state``; when the state's budget runs out, the run raises
        :class:`Stopped`, leaving ``state`` with the sound deductions made
        so far.
        """
        if budget is not None:
            state.budget = budget
        rules = self._searching[level] if state.searching else self._upto[level]
        if without is not None:
            rules = tuple(r for r in rules if r.name != without)
        if state.trail is not None:
            rules = (_nogood_rule(state.trail.log), *rules)
        return self._saturate(state, rules, stop) or self.settle(state)

    def _saturate(
        self,
        state: State[B],
        rules: Sequence[Rule[B]],
        stop: Callable[[Deduction], bool] | None = None,
    ) -> Outcome | None:
        """Run ``rules`` on ``state``, cheapest first and from the first again
        after any progress, until none changes it (None) or one finds a
        contradiction or a deduction ``stop`` accepts (its outcome)."""
        budget = state.budget
        price = cost(state.cands) if budget is not None else 0
        trace = state.trace
        seen = len(trace) if trace is not None else 0
        i = 0
        n = len(rules)
        quiet = [-1] * n  # the state version at which a saturating rule last finished
        learn = state.trail.log if state.trail is not None else None
        while i < n:
            rule = rules[i]
            if quiet[i] == state.version:
                i += 1
                continue
            if budget is not None:
                budget.spend(price * rule.weight)
            if learn is not None:
                learn.coarse = not rule.explains
            result = rule.apply(state)
            if rule.saturating:
                quiet[i] = state.version
            if result is NOTHING:
                i += 1
                continue
            if result is not PROGRESS:
                assert isinstance(result, Contradiction)
                if learn is not None and not rule.explains:
                    result = learn.coarsen(state, result)
                return Outcome(Status.CONTRADICTION, result)
            if stop is not None and trace is not None:
                for d in trace[seen:]:
                    if stop(d):
                        return Outcome(Status.STALLED, stopped=d)
                seen = len(trace)
            i = 0
        return None

    def settle(self, state: State[B]) -> Outcome:
        """The status of a fixpoint: solved only if the full grid is legal."""
        if not state.is_complete():
            return Outcome(Status.STALLED)
        verdict = self.judge_complete(state)
        if isinstance(verdict, Contradiction):
            if state.trail is not None and not self.complete_explains:
                verdict = state.trail.log.coarsen(state, verdict)
            return Outcome(Status.CONTRADICTION, verdict)
        return Outcome(Status.SOLVED)

    # -- the generic top rung ----------------------------------------------
    def _probe(self, state: State[B]) -> Result:
        """Try each candidate of each undecided cell, from a rotating cursor.

        A trial that survives implies every value it decided, and a trial of
        an implied value can only reach a subset of the same fixpoint, so
        those trials are skipped until the state changes (dominated probes).
        """
        below = self.top - 1
        cands = state.cands
        n = len(cands)
        start = state.scratch % n if n else 0
        name = state.grid.name
        memo = state.probes
        if memo is None:
            memo = state.probes = ProbeMemo(cands)
        else:
            memo.rebase(cands)
        kept = memo.kept
        silent = state.trace is None and state.trail is None and state.why is None
        stale = memo.stale if silent else {}
        implied: set[tuple[int, int]] = set()
        # Narrated (a hint): the trials likeliest to decide a cell first
        # (:func:`narrated_trials`), with a turn that moves successive hints
        # on. Silent (a fixpoint, whose end is the same in any order): round
        # the board from the cell of the last elimination, so trials that
        # survived are not tried again before every other has had its turn;
        # where cells keep many values this cuts the trials fivefold.
        focus = state.focus
        cells = [
            c
            for c in (*range(start, n), *range(start))
            if cands[c] & (cands[c] - 1) and focus >> c & 1
        ]
        trials = (
            # The trials an earlier pass of this line kept (``stale`` once
            # the state moved on) go last.
            narrated_trials(cands, cells, start, memo.stale)
            if state.trace is not None
            else silent_trials(cands, cells)
        )
        progress = False
        for cell, v in trials:
            now = cands[cell]
            if now & (now - 1) == 0:
                continue  # decided by an earlier elimination of this pass
            if (cell, v) in implied or (cell, v) in kept or not now >> v & 1:
                continue
            trial = state.copy()
            start = trial.trail.length if trial.trail is not None else 0
            trial.assume(cell, 1 << v)
            if trial.why is not None:
                trial.why[cell] |= 1  # bit 0: this assumption
            earlier = stale.pop((cell, v), None)
            if earlier is not None:
                tc = trial.cands
                for c, m in earlier.items():
                    if tc[c] & m:  # an emptied cell is left for the rules to find
                        tc[c] &= m
                trial.version += 1
                noted = memo.notes.get((cell, v))
                if noted is not None:
                    # The trial starts inside its earlier fixpoint: what the
                    # rules noted there holds here too. A rule that noted
                    # nothing there (one of a rung above the ladder that ran
                    # it) keeps the note of the state the trial copies.
                    trial.notes.update(noted)
            outcome = self.propagate(trial, below)
            if outcome.status is not Status.CONTRADICTION:
                after = trial.cands
                diff = {}
                for c in range(n):
                    m = after[c]
                    if m != cands[c]:
                        diff[c] = m
                        if m & (m - 1) == 0:
                            implied.add((c, m.bit_length() - 1))
                kept[(cell, v)] = diff
                if silent:
                    memo.notes[(cell, v)] = trial.notes
                continue
            assert outcome.contradiction is not None
            why = outcome.contradiction
            state.scratch = cell
            premises = tuple(dict.fromkeys(p for p in why.premises if p != cell))
            reason = (
                f"if {name(cell)} were {self.value_name(v)}, the rules "
                f"would lead to a contradiction: {why.reason}"
            )
            before = state.why[cell] if state.why is not None else 0
            because = None
            if state.trail is not None:
                because = state.trail.log.explain_trial(trial, start, why)
            result = state.restrict(
                cell, cands[cell] & ~(1 << v), "probe", reason, premises, because
            )
            if state.why is not None and trial.why is not None:
                # The trial's premises are cells it decided itself: what
                # the elimination rests on is what the contradiction did,
                # less the assumption.
                blamed = 0
                for p in why.premises:
                    blamed |= trial.why[p]
                state.why[cell] = (before | blamed) & ~1
            if not silent or isinstance(result, Contradiction):
                return result
            # Silent, the pass goes on: a later trial starts from the
            # smaller state, and the fixpoint is the same (an elimination
            # found in a larger state holds in a smaller one). It saves
            # the lower rules' run after every elimination; only the
            # cheap ones run, so later trials start from what they say.
            progress = True
            if self._cheap:
                settled = self._saturate(state, self._cheap)
                if settled is not None:
                    assert settled.contradiction is not None
                    return settled.contradiction
        return PROGRESS if progress else NOTHING
