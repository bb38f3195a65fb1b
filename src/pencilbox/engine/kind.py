"""The one interface every puzzle stands behind.

A puzzle package subclasses :class:`PuzzleKind`, says what differs in
class attributes (title, summary, aliases, grades a bank skips,
measurement defaults…) and its starting candidates in
:meth:`PuzzleKind.start`, and builds one instance from its parts: the
model, the ladder, the independent validator and brute force, the
generator and the text codec (typed by :mod:`pencilbox.engine.protocols`),
and its front-end descriptor (:mod:`pencilbox.engine.frontend`). Optional abilities are
methods with defaults here (a second solution read off an answer, a
uniqueness oracle, extra density figures, its own studies), so nothing
outside the package asks which puzzle it is. Everything else (solve,
count, hint, grade) is done once, here, in terms of the ladder, so the CLI,
the bank and the web app speak to every puzzle the same way.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from pencilbox.engine import cases, grades, hints, search, verdict
from pencilbox.engine.budget import Budget
from pencilbox.engine.frontend import Frontend
from pencilbox.engine.grid import Cell, refuse_size_out_of_range
from pencilbox.engine.ladder import Ladder, Status
from pencilbox.engine.protocols import BruteForce, Generator, Model, TextCodec, Validator
from pencilbox.engine.results import (
    Counted,
    GapCheck,
    HintResult,
    Marks,
    Puzzle,
    Solved,
    Values,
)
from pencilbox.engine.samples import Samples
from pencilbox.engine.state import Mask, State, single_value
from pencilbox.engine.style import PLAIN, SetterStyle
from pencilbox.errors import ContradictoryClues, ParseError, Stopped
from pencilbox.violations import Violation

Verdict = Literal["unique", "several", "unknown"]
"""A uniqueness oracle's answer ("unknown": its budget ran out)."""

Study = Callable[..., object]
"""A measurement of a puzzle's own, run by ``pencilbox measure TYPE NAME``
(see :mod:`pencilbox.measure.studies` for what it is called with)."""


@dataclass(frozen=True)
class MeasureDefaults:
    """Clue densities the measurements use unless told otherwise."""

    density: float = 0.5
    """ladder and a puzzle's own studies"""
    guesses_density: float = 0.5
    """guesses (needs a fair share of unique boards)"""
    densities: tuple[float, ...] = (0.3, 0.4, 0.5, 0.6, 0.7, 0.8)
    """the points of the density sweep"""


class PuzzleKind:
    """Base class of a puzzle type: the fixed table every puzzle fills in."""

    title: str = ""
    summary: str = ""
    aliases: tuple[str, ...] = ()
    """Other names the registry finds the kind by."""
    notations: Mapping[str, object] = {}
    """How the puzzle is written in other tools' formats, by format name
    (``"pzprv3"``, ``"penpa"``, ``"janko"``): each value is that format's own
    declaration (see :mod:`pencilbox.formats`). A format the kind declares
    nothing for uses its generic fallback, or says it cannot hold the puzzle."""
    default_density: float = 0.5
    """Clue density of ``generate`` when none is given."""
    bank_skips: tuple[str, ...] = ()
    """Levels that are no grade for a bank (a board that level solves is no puzzle)."""
    grade_names: Mapping[str, str] = {}
    """A player's difficulty name for some rungs ("Easy"), by level; a rung
    left out keeps the generic name by position (:mod:`pencilbox.engine.grades`)."""
    measure_defaults: MeasureDefaults = MeasureDefaults()
    style: SetterStyle = PLAIN
    """How a setter makes the puzzle's boards (:mod:`pencilbox.engine.style`):
    the bank, the deal and ``generate`` use it; the measurements never do."""
    certificate: str = "second solution read off the answer"
    """What :meth:`is_certificate_free` looks for, in words (density tables)."""
    certificate_short: str = "certificate"
    unique_note: str = "boards found unique by counting to 2"
    """How the measurements settle uniqueness for this puzzle, in words."""
    samples: Samples
    """Small real boards of the puzzle and what is known of them, for the
    tests every puzzle must pass (each package's ``samples.py``)."""

    def __init__(
        self,
        name: str,
        model: Model,
        ladder: Ladder[Any],
        validator: Validator,
        brute: BruteForce,
        generator: Generator,
        text: TextCodec,
        frontend: Frontend | None = None,
    ) -> None:
        self.name = name
        self.model = model
        self.ladder = ladder
        self.checker = validator
        self.brute = brute
        self.generator = generator
        self.text = text
        self.frontend = frontend
        """How the puzzle looks and takes its input (its front-end descriptor,
        served by ``/api/puzzles`` and read by the printed sheets), if it has one."""

    @property
    def solved_message(self) -> str:
        """What the player reads when the board is solved (the descriptor's)."""
        return self.frontend.solved if self.frontend is not None else "Solved!"

    def __repr__(self) -> str:
        return f"pencilbox.puzzle({self.name!r})"

    # -- tokens and URLs (the model's) ------------------------------------------
    def parse_clue(self, token: str) -> int | None:
        return self.model.parse_clue(token)

    def clue_token(self, value: int | None) -> str:
        return self.model.clue_token(value)

    def value_token(self, value: int) -> str:
        return self.model.value_token(value)

    def parse_value(self, token: str, size: int) -> int | None:
        """A solution/marks token as a value; None for "?" or "."."""
        return self.model.parse_value(token, size)

    def from_url(self, url: str) -> Puzzle:
        return self.model.from_url(url)

    def to_url(self, p: Puzzle) -> str:
        return self.model.to_url(p)

    def refuse_impossible_clues(self, p: Puzzle) -> None:
        """Refuse clues no board of this size can hold: a number out of range
        (ParseError), or one the puzzle allows once printed twice."""
        self.model.refuse_impossible_clues(p)

    def board(self, p: Puzzle) -> object:
        """The compiled context rules read (clues, grid, lookup tables)."""
        return self.model.Board.of(p)

    def start(self, p: Puzzle) -> State[Any]:
        """The candidates before any rule runs (clues applied)."""
        raise NotImplementedError

    # -- text (the codec's) --------------------------------------------------------
    def parse(self, text: str) -> Puzzle:
        """A puzzle from a text grid or a URL."""
        return self.text.parse(text)

    def format(self, p: Puzzle, header: bool = True) -> str:
        return self.text.format(p, header)

    def puzzle_rows(self, p: Puzzle) -> list[str]:
        return self.text.puzzle_rows(p)

    def solution_rows(self, values: Sequence[int], cols: int) -> list[str]:
        return self.text.solution_rows(values, cols)

    def state_rows(self, cands: Sequence[Mask], cols: int) -> list[str]:
        return self.text.state_rows(cands, cols)

    def parse_marks(self, text: str, p: Puzzle) -> Marks:
        """A partial answer grid ("?" undecided) for puzzle ``p``."""
        return self.text.parse_marks(text, p)

    def parse_solution(self, text: str, p: Puzzle) -> Values:
        marks = self.parse_marks(text, p)
        if any(v is None for v in marks):
            raise ParseError("the answer grid has undecided cells")
        return tuple(v for v in marks if v is not None)

    # -- generation and the independent checker ---------------------------------------
    def generate(
        self, rows: int, cols: int, density: float | None = None, seed: int | None = None
    ) -> tuple[Puzzle, Values]:
        """A random answer from the puzzle's generator and clues at ``density``."""
        refuse_size_out_of_range(rows, cols)
        rng = random.Random(seed)
        d = self.default_density if density is None else density
        answer = list(self.generator.generate_answer(rows, cols, rng))
        clues = self.generator.clues(rows, cols, answer, d, rng)
        return Puzzle(self.name, rows, cols, tuple(clues)), tuple(answer)

    def validate(self, p: Puzzle, solution: Sequence[int | None]) -> list[Violation]:
        """Rule violations of an answer ([] when it is a solution; None = empty)."""
        return self.checker.validate(p, solution)

    def brute_count(
        self,
        p: Puzzle,
        limit: int | None = 2,
        budget: int | None = None,
        seconds: float | None = None,
    ) -> Counted:
        """Solutions by the independent brute force (no guesses: it enumerates);
        not complete when ``budget`` nodes or ``seconds`` run out."""
        deadline = deadline_in(seconds)
        bounds = (budget,) if deadline is None else (budget, deadline)  # older brutes: no deadline
        found, complete, nodes, first = self.brute.brute_count(p, limit, *bounds)
        return Counted(found, complete, 0, nodes, "brute", None, first)

    def census(self, rows: int, cols: int, cycles: bool = False) -> int:
        """Exhaustive count of legal clue-free boards (``cycles``: closed answers,
        for puzzles whose answers are paths)."""
        return self.census_count(rows, cols, cycles).solutions

    def census_count(
        self, rows: int, cols: int, cycles: bool = False, seconds: float | None = None
    ) -> Counted:
        """:meth:`census` within ``seconds``: when they run out, the count so
        far, not complete (a lower bound)."""
        if cycles:
            raise ParseError(f"{self.name} has no census of cycles")
        empty = Puzzle(self.name, rows, cols, (None,) * (rows * cols))
        return self.brute_count(empty, limit=None, seconds=seconds)

    def gapcheck(
        self, p: Puzzle, budget: int | None = None, seconds: float | None = None
    ) -> GapCheck:
        """Does probe finish ``p``? If not, count its solutions (up to 2) with
        the independent brute force, within ``budget`` nodes (None: no cap).
        Everything stops after ``seconds``; then ``complete`` is false (and
        ``status`` "stopped" when probe's fixpoint itself did not finish)."""
        deadline = deadline_in(seconds)
        solved = self.solve(p, seconds=seconds)
        if solved.status is Status.STOPPED:
            return GapCheck(False, 0, False, 0, solved.status.value, "probe")
        if solved.status is Status.SOLVED:
            return GapCheck(True, 1, True, 0, solved.status.value, "probe")
        if solved.status is Status.CONTRADICTION:
            return GapCheck(True, 0, True, 0, solved.status.value, "probe")
        bounds = (budget,) if deadline is None else (budget, deadline)
        found, complete, nodes, _ = self.brute.brute_count(p, 2, *bounds)
        return GapCheck(False, found, complete, nodes, solved.status.value, "brute")

    # -- optional abilities (defaults: the puzzle has none) ------------------------------
    def second_solution(self, p: Puzzle, answer: Sequence[int]) -> Values | None:
        """Another answer of ``p`` read off ``answer`` without search, if one is seen."""
        return None

    def sketch(self, p: Puzzle, budget: Budget) -> tuple[tuple[Values, ...], Values | None]:
        """Answers found before the count's search of the whole board, each
        checked by the validator (at most two: a likely answer and one read
        off it, or answers searched for near it), and a likely shading to
        steer that search's first guesses (None: the puzzle has none);
        spends from ``budget``, raising as it does when it runs out."""
        return (), None

    def is_certificate_free(self, p: Puzzle, answer: Sequence[int]) -> bool | None:
        """Whether ``answer`` shows none of the puzzle's cheap non-uniqueness
        certificates (each one would be a second solution, so this bounds the
        unique rate from above); None when the puzzle has no such certificate."""
        return None

    def unique_by_oracle(
        self, p: Puzzle, answer: Sequence[int], budget: int = search.DEFAULT_UNITS
    ) -> Verdict | None:
        """The puzzle's own uniqueness oracle on ``answer``; None: it has none
        (the measurements then count to 2)."""
        return None

    def density_figures(self, p: Puzzle, answer: Sequence[int], density: float) -> dict[str, float]:
        """Extra per-board figures for the density sweep (averaged over boards)."""
        return {}

    def studies(self) -> Mapping[str, Study]:
        """Measurements of the puzzle's own, by name (``pencilbox measure TYPE NAME``)."""
        return {}

    # -- levels --------------------------------------------------------------
    @property
    def levels(self) -> tuple[str, ...]:
        return self.ladder.levels

    def level_name(self, level: int | str | None) -> str:
        return self.levels[self.ladder.level_index(level)]

    @property
    def rungs_above(self) -> tuple[str, ...]:
        """The rungs above probe, below the case rung (none for most puzzles):
        no levels of the ladder, but grades, hint levels and levels of
        ``solve``, ``count`` and ``hint`` all the same."""
        return self.ladder.rungs_above

    @property
    def hint_levels(self) -> tuple[str, ...]:
        """The levels a hint may use: the ladder, the rungs above probe, then
        the case rung."""
        return (*self.levels, *self.rungs_above, cases.CASE)

    def grades(self) -> list[dict[str, object]]:
        """Every hint level as a player meets it: the rung's ``level``, the
        player's ``name`` for it and its ``rule`` (see :mod:`pencilbox.engine.grades`)."""
        summaries: dict[str, str] = {}
        for rule in self.ladder.rules:  # a rung of several rules says what each does
            level = self.levels[rule.level]
            summaries[level] = " ".join(filter(None, (summaries.get(level), rule.summary)))
        for rung in self.ladder.above:
            summaries[rung.name] = " ".join(rule.summary for rule in rung.rules)
        return grades.grades(self.levels, summaries, self.grade_names, self.rungs_above)

    def hint_level_name(self, level: int | str | None) -> str:
        return cases.CASE if level == cases.CASE else self.ladder.rung(level)[0]

    # -- solving -----------------------------------------------------------------
    def refuse_contradictory_clues(self, p: Puzzle, seconds: float | None = None) -> None:
        """Raise ContradictoryClues when the lowest rung alone refutes the
        clues, in the verdict's words ("no answer: the clues contradict each
        other: …", as :func:`pencilbox.engine.verdict.judge` says it).
        ``seconds`` is a safety clock (the lowest rung of a big open board
        may take seconds): when it stops the look, nothing is refused, and
        the work that follows finds what it finds."""
        clock = Budget(None, seconds)
        s = self.start(p)
        try:
            outcome = self.ladder.propagate(s, 0, budget=clock)
        except Stopped:
            return
        if outcome.status is Status.CONTRADICTION:
            why = outcome.contradiction
            assert why is not None
            raise ContradictoryClues(
                f"no answer: the clues contradict each other: {why.reason} ({why.rule})"
            )

    def solve(
        self,
        p: Puzzle,
        level: int | str | None = None,
        narrate: bool = False,
        seconds: float | None = None,
        budget: int | None = None,
    ) -> Solved:
        """The fixpoint at ``level`` (a level of the ladder or a rung above
        probe); status STOPPED (with the cells decided so
        far) when its ``budget`` of work units runs out, or the safety clock
        (``seconds``) stops it (``Solved.stop`` says which)."""
        name, ladder, lv = self.ladder.rung(level)
        whole = Budget(budget, seconds)  # the clock counts the board's making too
        s = self.start(p)
        if narrate:
            s.trace = []
        stop = None
        try:
            status = ladder.propagate(s, lv, budget=whole).status
        except Stopped as e:
            status = Status.STOPPED
            stop = search.stop_reason(e)
        return Solved(status, name, tuple(s.cands), tuple(s.trace or ()), stop)

    def count(
        self,
        p: Puzzle,
        limit: int = 2,
        level: int | str | None = None,
        budget: int | None = None,
        seconds: float | None = None,
        learning: bool | None = None,
        sketch: bool = False,
    ) -> Counted:
        """Solutions up to ``limit`` by search at ``level``, within ``budget``
        work units (default :data:`search.DEFAULT_UNITS`; ``seconds`` is a
        safety clock); ``learning``: True the search with learning, False the
        plain search, None the one the ladder suits (see :func:`search.count`).

        With ``sketch``, the puzzle's own :meth:`sketch` goes first: when it
        finds ``limit`` answers (checked by the validator) they are the count
        (no guess, no node), else its likely shading steers the learning
        search's first guesses. Off by default: ``pencilbox measure``'s
        tables count the search's guesses and nodes without it."""
        level_name, ladder, lv = self.ladder.rung(level)
        units = search.DEFAULT_UNITS if budget is None else budget
        whole = Budget(units, seconds)  # the clock counts the board's making too
        leaning = None
        if sketch:
            try:
                found, likely = self.sketch(p, whole)
            except Stopped as e:
                return Counted(0, False, 0, 0, "ladder", level_name, None, search.stop_reason(e))
            if len(found) >= limit:
                return Counted(limit, True, 0, 0, "sketch", level_name, found[0])
            if likely is not None:
                leaning = [1 << v for v in likely]
        c = search.count(ladder, self.start(p), lv, limit, whole, learning, leaning=leaning)
        first = tuple(single_value(m) for m in c.first) if c.first is not None else None
        return Counted(
            c.solutions, c.complete, c.guesses, c.nodes, "ladder", level_name, first, c.stop
        )

    def solution(
        self, p: Puzzle, budget: int | None = None, seconds: float | None = None
    ) -> Values | None:
        """The answer if the puzzle has exactly one (None otherwise or unknown)."""
        units = search.DEFAULT_UNITS if budget is None else budget
        return self.solution_within(p, Budget(units, seconds))

    def solution_within(self, p: Puzzle, budget: Budget) -> Values | None:
        """:meth:`solution`, spending from ``budget``."""
        s = self.start(p)
        try:
            status = self.ladder.propagate(s, self.ladder.top, budget=budget).status
        except Stopped:
            return None
        if status is Status.SOLVED:
            return tuple(single_value(m) for m in s.cands)
        c = search.count(self.ladder, self.start(p), self.ladder.top, 2, budget)
        if c.complete and c.solutions == 1 and c.first is not None:
            return tuple(single_value(m) for m in c.first)
        return None

    def marked_state(self, p: Puzzle, marks: Marks | None) -> tuple[State[Any], tuple[Cell, ...]]:
        """The start state with the player's marks; also the marks that break a clue."""
        return hints.marked_state(self.start(p), marks)

    def told(
        self,
        s: State[Any],
        cell: Cell,
        value: int,
        rule: str,
        reason: str,
        premises: tuple[Cell, ...],
    ) -> tuple[str, tuple[Cell, ...]]:
        """The reason and the premises a player is shown for the deduction
        ``rule`` made on the board ``s`` (the player's marks, nothing
        propagated) placing ``value`` at ``cell``: the rule's own, unless the
        puzzle says it a player's way. The server's hints and the hints the
        static site writes ahead both pass through here."""
        return reason, premises

    def hint(
        self,
        p: Puzzle,
        marks: Marks | None = None,
        level: int | str | None = None,
        solution: Values | None = None,
        seconds: float | None = 10.0,
        look_up: bool = True,
        budget: int | None = None,
    ) -> HintResult:
        """The next cell the ladder proves at ``level`` from the player's marks
        (see :func:`pencilbox.engine.hints.hint`).

        Marks that differ from the answer are named: from ``solution`` when
        given, else, with ``look_up``, from the answer found with part of
        the budget; with neither, only what the ladder itself refutes.
        ``level`` may also be "case". All of it is spent from ``budget`` work
        units (default :data:`hints.HINT_UNITS`; ``seconds`` is a safety
        clock): when it runs out, the status is "stopped"."""

        def find(within: Budget) -> Values | None:
            return self.solution_within(p, within)

        units = hints.HINT_UNITS if budget is None else budget
        h = hints.hint(
            self.ladder,
            self.start(p),
            marks,
            level,
            answer=solution,
            look_up=find if look_up else None,
            budget=Budget(units, seconds),
        )
        if h.status != "hint" or h.cell is None or h.value is None:
            return h
        s = self.marked_state(p, marks)[0]
        reason, premises = self.told(s, h.cell, h.value, h.rule or "", h.reason, h.premises)
        return replace(h, reason=reason, premises=premises)

    def grade(
        self, p: Puzzle, budget: int | None = None, seconds: float | None = None
    ) -> verdict.Verdict:
        """The verdict on ``p`` with its full grade: the lowest level that
        solves it without guessing, then "case" (the case rung), or "beyond"
        (see :func:`pencilbox.engine.verdict.judge`, which every surface
        uses), within ``budget`` work units (``seconds`` is a safety clock)."""
        return verdict.judge(self, p, budget=budget, seconds=seconds)

    def analyze(
        self,
        p: Puzzle,
        level: int | str | None = None,
        budget: int | None = None,
        seconds: float | None = None,
        upto: str = cases.CASE,
    ) -> verdict.Verdict:
        """The verdict on ``p`` (see :func:`pencilbox.engine.verdict.judge`),
        with the cells the fixpoint of ``level`` leaves undecided."""
        return verdict.judge(self, p, level, budget, seconds, upto)


def deadline_in(seconds: float | None) -> float | None:
    """The ``time.monotonic()`` instant ``seconds`` from now (None: no
    deadline): the brute force, which shares no code with the engine, stops
    at a node budget and a deadline of its own."""
    return None if seconds is None else time.monotonic() + seconds


def reveal_cells(answer: Sequence[int], density: float, rng: random.Random) -> list[int | None]:
    """Show the answer in a random round(density · cells) of the cells."""
    n = len(answer)
    shown = set(rng.sample(range(n), round(max(0.0, min(1.0, density)) * n)))
    return [v if i in shown else None for i, v in enumerate(answer)]


def flipped(answer: Sequence[int], cells: Sequence[Cell]) -> Values | None:
    """A two-colour ``answer`` with the first of ``cells`` in the other colour
    (a silent flip made whole); None when there are no cells."""
    if not cells:
        return None
    out = list(answer)
    out[cells[0]] ^= 1
    return tuple(out)


__all__ = [
    "Cell",
    "Counted",
    "GapCheck",
    "HintResult",
    "Marks",
    "MeasureDefaults",
    "Puzzle",
    "PuzzleKind",
    "Solved",
    "Values",
    "flipped",
    "reveal_cells",
]
