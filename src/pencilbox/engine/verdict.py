"""The verdict on a puzzle: unique (and how hard), several, none, or unknown.

This one module answers a setter's first question — is my puzzle unique, and
how hard is it? — for every surface: ``pencilbox grade``, ``analyze``,
``count``'s uniqueness line, ``POST /api/analyze``, the game's and the
editor's verdict line, the label of a printed sheet, and the bank. Each of
them calls :func:`judge` and says the result in the words of
:func:`summary`, so one puzzle gets one answer everywhere.

How the verdict is found, on one state:

- the ladder is climbed one fixpoint at a time, each level starting from
  the fixpoint below it (every rule is sound): the first level whose
  fixpoint solves the board proves it unique and is its grade; a fixpoint
  that reaches a contradiction proves the clues contradict each other;
- when the level below probe stalls, search counts answers up to two from
  its fixpoint and probe's fixpoint runs, in turns of growing size (each has
  boards where it takes seconds and the other milliseconds): the count
  settles the verdict, probe's fixpoint the grade probe;
- a board that search proves unique but probe cannot finish climbs the
  ladder's rungs above probe, if it has any (``Ladder.above``; the first
  whose fixpoint solves it is its grade), then goes to the case rung
  (:mod:`pencilbox.engine.cases`, on the top rung's rules), which grades it
  "case" with the size of its largest refutation, or "beyond" when it
  stalls too;
- two answers come from the count itself (it keeps the grids it meets),
  from the puzzle's sketch (a local search that finds answers where the
  count's search wanders: from a late round of the race, where no board
  of the shared hand-made lists still is, it takes turns too), else from
  :func:`pencilbox.engine.answers.second_answer`.

Everything is spent from one budget of work units
(:mod:`pencilbox.engine.budget`), never from seconds, so the same puzzle
with the same budget gets the same verdict and grade on any machine under
any load. A wall-clock limit may be given as a safety stop; a verdict it cut
short says so (``stop == "clock"``) in words distinct from a budget that
ran out (``stop == "work"``).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from pencilbox.engine import answers as answer_search
from pencilbox.engine import cases, search
from pencilbox.engine.answers import known_survivors, undecided_cells, values_of
from pencilbox.engine.budget import Budget, OutOfTime, OutOfWork
from pencilbox.engine.grid import Cell
from pencilbox.engine.ladder import Ladder, Status
from pencilbox.engine.results import Puzzle, Values
from pencilbox.engine.state import State
from pencilbox.engine.words import count as counted
from pencilbox.errors import Stopped

DEFAULT_UNITS = 2_000_000
"""The budget of a verdict when none is given, in work units: enough to
settle, with its full grade, every real puzzle of the shared list and every
board of the shipped bank (see the README's Speed section for what it
costs)."""
FIRST_TURN = 500
"""Work units of the first turn of the count and probe's fixpoint; each
round of turns doubles them."""
LOOK_UNITS = 2_000
"""Work units probe's fixpoint may take once the verdict is several or none:
it then only tells which cells probe leaves open (when it needs more, the
cells the level below leaves open are reported instead)."""
SKETCH_FROM = 64_000
"""The turn size from which the race gives the puzzle's sketch a turn in
each round, after the others (see :meth:`_Judging.sketched`): every
hand-made board of the shared lists settles its count before it (the
slowest, a 13×17 of the real list, in the learning turn of this round),
while open boards of several answers, where the count's search can wander
through two million units without meeting an answer, are settled by
the sketch in tens to hundreds of thousands."""
SKETCH_SHARE = 2
"""The sketch's turn, in turn sizes: it starts afresh each round (the
others go on where they stopped), so it is given more."""
RUNGS = ("probe", cases.CASE)
"""How far a grade may climb: ``probe`` (a first answer, fast) or the case
rung (the full grade)."""
VERDICTS = ("unique", "several", "none", "unknown")


class Judged(Protocol):
    """What a verdict reads of a puzzle kind."""

    @property
    def ladder(self) -> Ladder[Any]: ...

    def start(self, p: Puzzle, /) -> State[Any]: ...

    def validate(self, p: Puzzle, solution: Sequence[int | None], /) -> Sequence[object]: ...

    def second_solution(self, p: Puzzle, answer: Sequence[int], /) -> Values | None: ...

    def sketch(self, p: Puzzle, budget: Budget, /) -> tuple[tuple[Values, ...], Values | None]: ...


@dataclass(frozen=True)
class Verdict:
    """What :func:`judge` found.

    ``grade`` is set only when unique: a level, "case" (with ``case_size``,
    the branches of the largest refutation used) or "beyond"; None when the
    budget ran out before the grade was settled. ``upto`` is the highest
    rung the grade could use ("beyond" with ``upto == "probe"`` means beyond
    probe, the case rung not tried). ``solutions`` holds the answer (unique),
    two different answers (several; one if the budget ran out before the
    second was found) or nothing; ``differ`` the cells where the two differ;
    ``undecided`` the cells the fixpoint of ``level`` leaves open; ``cells``
    those a contradiction rests on (none). ``stop`` says why the verdict or
    its grade stopped short: "work" (the budget ran out; the same on every
    machine) or "clock" (the safety clock). ``work`` is the units spent.
    """

    verdict: str
    grade: str | None
    level: str
    solutions: tuple[Values, ...] = ()
    differ: tuple[Cell, ...] = ()
    undecided: tuple[Cell, ...] = ()
    reason: str = ""
    cells: tuple[Cell, ...] = ()
    case_size: int | None = None
    guesses: int = 0
    upto: str = cases.CASE
    stop: str | None = None
    budget: int | None = None
    """The budget it was given (None: unlimited)."""
    work: int = 0
    seconds: float = 0.0

    @property
    def unique(self) -> bool:
        return self.verdict == "unique"

    @property
    def settled(self) -> bool:
        """Whether more work could change nothing: a verdict, and for a unique
        puzzle its grade, found within the budget."""
        return self.verdict != "unknown" and not (self.unique and self.grade is None)

    @property
    def summary(self) -> str:
        """The verdict in the words every surface uses (see :func:`summary`)."""
        return summary(self)


def judge(
    kind: Judged,
    p: Puzzle,
    level: int | str | None = None,
    budget: int | None = None,
    seconds: float | None = None,
    upto: str = cases.CASE,
) -> Verdict:
    """The verdict on ``p``, spending at most ``budget`` work units (default
    :data:`DEFAULT_UNITS`; a wall-clock ``seconds`` is a safety stop only).
    ``level`` (default: the top) chooses whose fixpoint's undecided cells are
    reported; ``upto`` how far the grade may climb (:data:`RUNGS`)."""
    if upto not in RUNGS:
        raise ValueError(f"upto is one of {', '.join(RUNGS)}, not {upto!r}")
    t0 = time.monotonic()
    ladder = kind.ladder
    lv = ladder.level_index(level)
    units = DEFAULT_UNITS if budget is None else budget
    whole = Budget(units, seconds)
    found = _Judging(kind, p, lv, whole, upto).run()
    return Verdict(
        found.verdict,
        found.grade,
        ladder.levels[lv if found.level is None else found.level],
        found.solutions,
        found.differ,
        found.undecided,
        found.reason,
        found.cells,
        found.case_size,
        found.guesses,
        upto,
        found.stop,
        units,
        whole.spent,
        time.monotonic() - t0,
    )


# -- words ---------------------------------------------------------------------------
def grade_words(grade: str | None, case_size: int | None = None, upto: str = cases.CASE) -> str:
    """A grade in words: "bridge", "case, 1 branch", "beyond the ladder",
    "beyond probe (the case rung not tried)", "not settled"."""
    if grade is None:
        return "not settled"
    if grade == cases.CASE:
        n = case_size or 0
        return f"case, {n} branch{'es' if n != 1 else ''}"
    if grade == "beyond":
        return "beyond the ladder" if upto == cases.CASE else "beyond probe (case not tried)"
    return grade


def stop_words(stop: str | None, budget: int | None = None) -> str:
    """Why work stopped short, in words: the budget (the same on every
    machine), the safety clock (this machine's speed and load), a server
    too busy to start it, or its worker's death."""
    if stop == "clock":
        return "the safety clock stopped the work (this machine was too slow or too busy)"
    if stop == "busy":
        return "the server was too busy to start the work; ask again in a moment"
    if stop == "died":
        return "the work stopped: its worker died; ask again"
    if budget is not None:
        return f"the budget of {budget:,} work units ran out"
    return "the work budget ran out"


def summary(v: Verdict) -> str:
    """One line every surface uses for a verdict: "unique, grade bridge",
    "unique, grade case, 1 branch", "several answers", "no answer",
    "unknown: the budget of 60,000,000 work units ran out"."""
    if v.verdict == "unique":
        if v.grade is None:
            return f"unique; grade not settled: {stop_words(v.stop, v.budget)}"
        return f"unique, grade {grade_words(v.grade, v.case_size, v.upto)}"
    if v.verdict == "several":
        return "several answers"
    if v.verdict == "none":
        return "no answer"
    return f"unknown: {stop_words(v.stop, v.budget)}"


def count_summary(
    solutions: int, complete: bool, stop: str | None = None, budget: int | None = None
) -> str:
    """What a count of answers says of uniqueness, in the verdict's words
    ("unique", "several answers", "no answer", "unknown: …")."""
    if solutions >= 2:
        return "several answers"
    if not complete:
        return f"unknown: {stop_words(stop, budget)}"
    return "unique" if solutions == 1 else "no answer"


def stop_of(e: Stopped) -> str:
    return "clock" if isinstance(e, OutOfTime) else "work"


# -- the work ------------------------------------------------------------------------------
@dataclass
class _Found:
    verdict: str
    grade: str | None = None
    solutions: tuple[Values, ...] = ()
    differ: tuple[Cell, ...] = ()
    undecided: tuple[Cell, ...] = ()
    reason: str = ""
    cells: tuple[Cell, ...] = ()
    guesses: int = 0
    level: int | None = None
    """The level whose undecided cells are reported, when not the one asked for."""
    case_size: int | None = None
    stop: str | None = None


class _Halt(Stopped):
    """The whole budget ran out, with the undecided cells of the highest
    level reached and how it stopped."""

    def __init__(self, undecided: tuple[Cell, ...], level: int, stop: str) -> None:
        super().__init__("the budget ran out")
        self.undecided = undecided
        self.level = level
        self.stop = stop


LEARNING_FIRST = ("learning", "plain", "probe")
"""The turns of the race where every rule below probe explains its
deductions: search with learning (which also runs the ladder's search
rules and settles most boards), plain search, probe's fixpoint."""
PLAIN_FIRST = ("plain", "learning", "probe")
"""The turns where some rule below probe does not explain (its nogoods then
rest on every guess and learning seldom pays for itself)."""
PLAIN_ONLY = ("plain", "probe")
"""The turns where the search cannot learn at all."""


@dataclass
class _Counter:
    """The race's counts of answers up to two below probe: the search with
    learning goes on where its last turn stopped; plain search counts afresh
    from the state each turn (which probe may have narrowed since)."""

    ladder: Ladder[Any]
    level: int
    learning: search.Resumable[Any]
    guesses: int = 0
    grids: list[search.Grid] = field(default_factory=list)

    def run(self, s: State[Any], turn: str, budget: Budget) -> search.Count:
        if turn == "learning":
            c = self.learning.run(budget)
        else:
            c = search.count(self.ladder, s, self.level, 2, budget, learning=False, keep=2)
        self.guesses = max(self.guesses, c.guesses)
        for grid in c.grids:
            if grid not in self.grids:
                self.grids.append(grid)
        return c


class _Judging:
    """One verdict being found: the puzzle, its state, the budget, and the
    answers met so far."""

    def __init__(self, kind: Judged, p: Puzzle, lv: int, budget: Budget, upto: str) -> None:
        self.kind = kind
        self.p = p
        self.ladder = kind.ladder
        self.lv = lv
        self.budget = budget
        self.upto = upto
        self.answers: list[Values] = []

    def run(self) -> _Found:
        try:
            return self.verdict()
        except _Halt as e:
            return _Found(
                "unknown",
                reason=f"{stop_words(e.stop, self.budget.units)} before a verdict",
                undecided=e.undecided,
                level=e.level if e.level >= 0 else None,
                stop=e.stop,
            )

    def name(self, cells: Sequence[Cell], most: int = 8) -> str:
        """ "r1c2, r3c4 and 5 more"."""
        grid = self.p.grid
        names = ", ".join(grid.name(c) for c in cells[:most])
        return names + (f" and {len(cells) - most} more" if len(cells) > most else "")

    def verdict(self) -> _Found:
        """Climb to the level below probe; then count answers there and run
        probe's fixpoint in turns (:meth:`race`); then grade."""
        ladder, lv = self.ladder, self.lv
        top = ladder.top
        s = self.kind.start(self.p)
        s.budget = self.budget
        undecided: tuple[Cell, ...] = ()
        for i in range(top):
            step = self.climb(s, i, undecided)
            if isinstance(step, _Found):
                return step
            undecided = step
        below = undecided_cells(s) if lv >= top else undecided  # shown if probe runs out
        shown = min(lv, top - 1)
        count, probed = self.race(s, undecided, below, shown)
        if isinstance(probed, _Found):
            return probed  # probe solves it (the grade) or refutes it
        assert count is not None
        if count.solutions >= 2:
            found = self.several(s, count)
        elif count.solutions == 0:
            found = _Found(
                "none",
                reason="the clues contradict each other: the ladder leaves "
                f"{counted(len(undecided_cells(s)), 'cell')} open and every way of filling them "
                "breaks a rule",
                guesses=count.guesses,
            )
        else:
            found = None
        if probed is None:
            # Probe's fixpoint is still to come, told the answers found: all
            # the budget left to grade a unique board, a short look to shade
            # the others.
            s.budget = self.budget if found is None else self.budget.part(LOOK_UNITS)
            s.probes = known_survivors(s, self.answers)
            try:
                probed = self.climb(s, top, undecided)
            except (_Halt, OutOfWork) as e:  # the whole budget, or the look's
                if found is None:
                    stop = e.stop if isinstance(e, _Halt) else "work"
                    found = self.unique_ungraded(count, stop, "probe's fixpoint")
                found.undecided, found.level = below, shown
                return found
            finally:
                s.budget = self.budget
            if isinstance(probed, _Found):
                return probed
        if found is None:
            return self.beyond_probe(s, count, probed)
        found.undecided = probed
        return found

    def climb(
        self, s: State[Any], i: int, undecided: tuple[Cell, ...]
    ) -> _Found | tuple[Cell, ...]:
        """One more rung: the verdict if level ``i`` settles the board, else
        the undecided cells to report (those of level ``lv`` once it is
        reached). Raises :class:`_Halt` when the budget runs out first (a
        part of it given to this step only raises the budget's own error)."""
        name = self.ladder.levels[i]
        lv = self.lv
        shown = lv if i > lv else i - 1  # whose open cells a stop reports
        if i <= lv:
            undecided = undecided_cells(s)  # the fixpoint of level i - 1
        try:
            outcome = self.ladder.propagate(s, i)
        except Stopped as e:
            if isinstance(e, OutOfWork) and e.budget is not self.budget:
                raise  # a part ran out: the caller goes on
            raise _Halt(undecided, shown, stop_of(e)) from None
        if i == lv:
            undecided = undecided_cells(s)
        if outcome.status is Status.SOLVED:
            return _Found(
                "unique",
                grade=name,
                solutions=(values_of(s.cands),),
                undecided=undecided if i > lv else (),
                reason=f"the {name} fixpoint finishes it",
            )
        if outcome.status is Status.CONTRADICTION:
            why = outcome.contradiction
            assert why is not None
            return _Found(
                "none",
                reason=f"the clues contradict each other: {why.reason} ({why.rule})",
                cells=tuple(dict.fromkeys(why.premises)),
            )
        return undecided

    def race(
        self,
        s: State[Any],
        undecided: tuple[Cell, ...],
        below: tuple[Cell, ...],
        shown: int,
    ) -> tuple[search.Count | None, _Found | tuple[Cell, ...] | None]:
        """Search and probe's fixpoint take turns, each turn twice the work
        of the last round's, until a count settles (complete, or two answers)
        or probe's fixpoint finishes by solving or refuting the board. A
        fixpoint cut short keeps its sound deductions on ``s`` and goes on
        from there in its next turn. Once probe's fixpoint is done, where the
        search learns, only its turns go on. From turns of
        :data:`SKETCH_FROM` units on, the puzzle's sketch takes a turn at
        the end of each round until it has had its say; two answers it
        finds settle the count. Returns the settled count (or None) and
        probe's outcome (or None if it did not finish)."""
        ladder = self.ladder
        top = ladder.top
        level = top - 1
        learning = search.Resumable(ladder, s, level, 2, keep=2)
        counter = _Counter(ladder, level, learning)
        turns: tuple[str, ...]
        if not search.can_learn(ladder, level):
            turns = PLAIN_ONLY
        elif ladder.explains_at(level):
            turns = LEARNING_FIRST
        else:
            turns = PLAIN_FIRST
        probed: _Found | tuple[Cell, ...] | None = None
        size = FIRST_TURN
        sketching = True
        while True:
            for turn in turns:
                if turn == "plain" and probed is not None and turns is LEARNING_FIRST:
                    # Probe's fixpoint is done and no longer narrows ``s``: a
                    # plain turn would count afresh from the state the last
                    # one counted from, and the search with learning goes
                    # on from where it stopped.
                    continue
                part = self.budget.part(size)
                if turn != "probe":
                    count = counter.run(s, turn, part)
                    self.met(counter.grids)
                    if count.complete or count.solutions >= 2:
                        return count, probed
                    if count.stop == "clock" or self.budget.exhausted:
                        raise _Halt(below, shown, count.stop or "work")
                elif probed is None:
                    s.budget = part
                    s.probes = known_survivors(s, self.answers)
                    try:
                        probed = self.climb(s, top, undecided)
                    except OutOfWork:
                        pass  # cut short: it goes on next turn
                    finally:
                        s.budget = self.budget
                    if isinstance(probed, _Found):
                        return None, probed
            if sketching and size >= SKETCH_FROM:
                sketching = self.sketched(size * SKETCH_SHARE, below, shown)
                if len(self.answers) >= 2:
                    return search.Count(2, True, counter.guesses, 0), probed
            size *= 2

    def sketched(self, units: int, below: tuple[Cell, ...], shown: int) -> bool:
        """The sketch's turn: the answers it finds (each checked by the
        validator) are met. True: it ran out of its ``units``, and looks
        again afresh next round; False: it has had its say."""
        try:
            found, _ = self.kind.sketch(self.p, self.budget.part(units))
        except Stopped as e:
            if isinstance(e, OutOfWork) and not self.budget.exhausted:
                return True  # its part ran out: the next round gives it more
            raise _Halt(below, shown, stop_of(e)) from None
        self.met([tuple(1 << v for v in answer) for answer in found])
        return False

    def met(self, grids: Sequence[search.Grid]) -> None:
        """Keep the answers the counts met, checked by the independent validator."""
        for grid in grids:
            answer = values_of(grid)
            if answer not in self.answers and not self.kind.validate(self.p, answer):
                self.answers.append(answer)

    def several(self, s: State[Any], count: search.Count) -> _Found:
        second: Values | None
        if len(self.answers) >= 2:
            first, second = self.answers[0], self.answers[1]
        else:
            assert count.first is not None
            first = self.answers[0] if self.answers else values_of(count.first)
            second = answer_search.second_answer(
                self.kind, self.p, s, first, self.budget.part(None)
            )
        if second is None:
            return _Found(
                "several",
                solutions=(first,),
                reason="at least two answers; the budget ran out before the second was shown",
                guesses=count.guesses,
            )
        differ = tuple(c for c in range(len(first)) if first[c] != second[c])
        return _Found(
            "several",
            solutions=(first, second),
            differ=differ,
            reason=f"at least two answers; these two differ in {len(differ)} "
            f"cell{'s' if len(differ) != 1 else ''}: {self.name(differ)}",
            guesses=count.guesses,
        )

    def answer(self, count: search.Count) -> Values:
        if self.answers:
            return self.answers[0]
        assert count.first is not None
        return values_of(count.first)

    def unique_ungraded(
        self, count: search.Count, stop: str, what: str, undecided: tuple[Cell, ...] = ()
    ) -> _Found:
        return _Found(
            "unique",
            solutions=(self.answer(count),),
            reason=f"search proves it, but {stop_words(stop, self.budget.units)} before "
            f"{what} could grade it",
            guesses=count.guesses,
            stop=stop,
            undecided=undecided,
        )

    def beyond_probe(self, s: State[Any], count: search.Count, probed: tuple[Cell, ...]) -> _Found:
        """A unique board probe cannot finish: a rung above probe or the
        case rung grades it, or it is beyond the ladder."""
        open_cells = len(undecided_cells(s))
        guesses = f"{count.guesses} guess{'es' if count.guesses != 1 else ''}"
        answer = self.answer(count)
        if self.upto == cases.CASE:
            fixpoint = s.copy()
            if self.ladder.above:
                # probe's memory, for probes that run the rungs' rules too
                fixpoint.probes = s.probes.for_stronger_rules() if s.probes is not None else None
                fixpoint.probes = known_survivors(fixpoint, self.answers)
            else:
                fixpoint.probes = s.probes.copy() if s.probes is not None else None
            for name in self.ladder.rungs_above:
                raised = self.ladder.raised(name)
                try:
                    status = raised.propagate(fixpoint, raised.top).status
                except Stopped as e:
                    return self.unique_ungraded(count, stop_of(e), f"the {name} rung", probed)
                if status is Status.SOLVED:
                    return _Found(
                        "unique",
                        grade=name,
                        solutions=(answer,),
                        undecided=probed,
                        reason=f"unique: probe leaves {counted(open_cells, 'cell')} open, and "
                        f"the {name} fixpoint finishes it",
                        guesses=count.guesses,
                    )
            strongest = self.ladder.strongest
            status, size, stopped = cases.solve(strongest, fixpoint, self.budget, answer=answer)
            if stopped is not None:
                return self.unique_ungraded(count, stop_of(stopped), "the case rung", probed)
            if status is Status.SOLVED:
                n = f"{size} branch{'es' if size != 1 else ''}"
                return _Found(
                    "unique",
                    grade=cases.CASE,
                    case_size=size,
                    solutions=(answer,),
                    undecided=probed,
                    reason=f"probe leaves {counted(open_cells, 'cell')} open, and the case "
                    f"rung finishes it with case splits of at most {n}",
                    guesses=count.guesses,
                )
            rung = "probe and the case rung leave"
        else:
            rung = "probe leaves"
        return _Found(
            "unique",
            grade="beyond",
            solutions=(answer,),
            undecided=probed,
            reason=f"search proves it: {rung} {counted(open_cells, 'cell')} open, "
            f"and search settles them with {guesses}",
            guesses=count.guesses,
        )


def with_seconds(v: Verdict, seconds: float) -> Verdict:
    """``v`` as if it took ``seconds`` (a verdict read back from a cache)."""
    return replace(v, seconds=seconds)
