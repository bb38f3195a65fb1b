"""The one interface every puzzle stands behind, and the registry.

A puzzle package subclasses :class:`PuzzleKind`, fills in its codec, its
ladder and its independent checker, and registers an instance. Everything
else (solve, count, hint, grade, text rendering) is done once, here, in
terms of the ladder, so the CLI, the bank and the web app speak to every
puzzle the same way.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pencilbox.engine import cases, search
from pencilbox.engine.grid import Cell, Grid, grid
from pencilbox.engine.ladder import Ladder, Status
from pencilbox.engine.state import Deduction, Mask, State, single_value
from pencilbox.errors import ContradictoryClues, NoSolution, ParseError, UnknownPuzzle
from pencilbox.formats import text as textfmt
from pencilbox.formats.puzzlink import looks_like_url
from pencilbox.formats.text import check_size

Values = tuple[int, ...]
Marks = tuple[int | None, ...]

CASE_SECONDS = 300.0
"""How long ``grade`` lets the case rung work before calling a puzzle "beyond"."""


@dataclass(frozen=True)
class Puzzle:
    """A puzzle as printed: its type, size and clues (row-major, None = blank).

    What a clue value means is the puzzle's own: Yin-Yang 0/1 for a given
    black/white, Cave and Kurotto a number (-1: a clue without a number),
    Numbrix a printed number.
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


@dataclass(frozen=True)
class HintResult:
    """The next proved cell, or why there is none.

    ``status`` is "hint", "solved", "stalled" or "contradiction". A stalled
    hint names ``suggest``, the lowest level that can prove something, if any;
    a contradiction lists the player's ``wrong`` marks when the answer is known.
    """

    status: str
    level: str
    cell: Cell | None = None
    value: int | None = None
    rule: str | None = None
    reason: str = ""
    premises: tuple[Cell, ...] = ()
    wrong: tuple[Cell, ...] = ()
    suggest: str | None = None
    case: cases.Refutation | None = None
    """The case split behind a hint of the case rung."""


@dataclass(frozen=True)
class Graded:
    """The lowest level whose fixpoint solves the puzzle, or "beyond"."""

    grade: str
    unique: bool
    complete: bool = True
    guesses: int = 0
    case_size: int | None = None
    """For grade "case": the branches of the largest refutation used."""


@dataclass
class PuzzleKind:
    """Base class of a puzzle type. Subclasses fill in the hooks below."""

    name: str
    title: str
    ladder: Ladder
    summary: str = ""
    solution_tokens: dict[int, str] = field(default_factory=dict)
    model: Any = None
    """The puzzle's ``model`` module: parse_clue, clue_token, from_url,
    to_url, Board (and optionally check_clues)."""
    checker: Any = None
    """The independent ``validate`` module (``validate(puzzle, answer)``)."""
    brute: Any = None
    """The independent ``brute`` module (``brute_count(puzzle, limit, budget)``
    returning (solutions, complete, nodes, first))."""
    generator: Any = None
    """The ``generate`` module: ``generate_answer(rows, cols, rng)`` and, when
    clues are not just revealed cells, ``clues(rows, cols, answer, density, rng)``."""
    default_density: float = 0.5

    # -- the fixed table every puzzle fills in -------------------------------
    def parse_clue(self, token: str) -> int | None:
        result: int | None = self.model.parse_clue(token)
        return result

    def clue_token(self, value: int | None) -> str:
        return str(self.model.clue_token(value))

    def value_token(self, value: int) -> str:
        return self.solution_tokens[value]

    def parse_value(self, token: str, size: int) -> int | None:
        """A solution/marks token as a value; None for "?" or "."."""
        if token in ("?", "."):
            return None
        for v, tok in self.solution_tokens.items():
            if tok == token:
                return v
        raise ParseError(f"{token!r} is not a {self.name} answer token")

    def from_url(self, url: str) -> Puzzle:
        p: Puzzle = self.model.from_url(url)
        return p

    def to_url(self, p: Puzzle) -> str:
        return str(self.model.to_url(p))

    def board(self, p: Puzzle) -> Any:
        """The compiled context rules read (clues, grid, lookup tables)."""
        return self.model.Board.of(p)

    def start(self, p: Puzzle) -> State:
        """The candidates before any rule runs (clues applied)."""
        raise NotImplementedError

    def generate(
        self, rows: int, cols: int, density: float | None = None, seed: int | None = None
    ) -> tuple[Puzzle, Values]:
        """A random answer from the puzzle's generator and clues at ``density``."""
        check_size(rows, cols)
        rng = random.Random(seed)
        d = self.default_density if density is None else density
        answer = list(self.generator.generate_answer(rows, cols, rng))
        make_clues = getattr(self.generator, "clues", None)
        if make_clues is None:
            clues = reveal_cells(answer, d, rng)
        else:
            clues = make_clues(rows, cols, answer, d, rng)
        return Puzzle(self.name, rows, cols, tuple(clues)), tuple(answer)

    def validate(self, p: Puzzle, solution: Sequence[int | None]) -> list[Any]:
        """Rule violations of an answer ([] when it is a solution; None = empty)."""
        violations: list[Any] = self.checker.validate(p, solution)
        return violations

    def brute_count(self, p: Puzzle, limit: int | None = 2, budget: int | None = None) -> Counted:
        """Solutions by the independent brute force (no guesses: it enumerates)."""
        found, complete, nodes, first = self.brute.brute_count(p, limit, budget)
        return Counted(found, complete, 0, nodes, "brute", None, first)

    def census(self, rows: int, cols: int, cycles: bool = False) -> int:
        """Exhaustive count of legal clue-free boards (``cycles``: Numbrix only)."""
        if cycles:
            raise ParseError(f"--cycles applies to numbrix, not {self.name}")
        empty = Puzzle(self.name, rows, cols, (None,) * (rows * cols))
        counted = self.brute_count(empty, limit=None)
        return counted.solutions

    # -- levels --------------------------------------------------------------
    @property
    def levels(self) -> tuple[str, ...]:
        return self.ladder.levels

    def level_name(self, level: int | str | None) -> str:
        return self.levels[self.ladder.level_index(level)]

    @property
    def hint_levels(self) -> tuple[str, ...]:
        """The levels a hint may use: the ladder, then the case rung."""
        return (*self.levels, cases.CASE)

    def hint_level_name(self, level: int | str | None) -> str:
        return cases.CASE if level == cases.CASE else self.level_name(level)

    # -- text ------------------------------------------------------------------
    def parse(self, text: str) -> Puzzle:
        """A puzzle from a text grid or a URL."""
        if looks_like_url(text.strip().splitlines()[0] if text.strip() else ""):
            return self.from_url(text.strip().splitlines()[0])
        rows = textfmt.split_rows(text, self.name)
        clues = []
        for r, row in enumerate(rows):
            for c, tok in enumerate(row):
                try:
                    clues.append(self.parse_clue(tok))
                except ParseError as e:
                    raise ParseError(f"row {r + 1}, column {c + 1}: {e}") from None
        p = Puzzle(self.name, len(rows), len(rows[0]), tuple(clues))
        self.check_clues(p)
        return p

    def check_clues(self, p: Puzzle) -> None:
        """Refuse clues that are out of range for the board (ParseError)."""
        check = getattr(self.model, "check_clues", None)
        if check is not None:
            check(p)

    def puzzle_rows(self, p: Puzzle) -> list[str]:
        return textfmt.format_rows([self.clue_token(v) for v in p.clues], p.cols)

    def format(self, p: Puzzle, header: bool = True) -> str:
        lines = self.puzzle_rows(p)
        if header:
            lines = [f"{self.name} {p.rows}x{p.cols}", *lines]
        return "\n".join(lines) + "\n"

    def solution_rows(self, values: Sequence[int], cols: int) -> list[str]:
        return textfmt.format_rows([self.value_token(v) for v in values], cols)

    def state_rows(self, cands: Sequence[Mask], cols: int) -> list[str]:
        tokens = [self.value_token(single_value(m)) if m & (m - 1) == 0 else "?" for m in cands]
        return textfmt.format_rows(tokens, cols)

    def parse_marks(self, text: str, p: Puzzle) -> Marks:
        """A partial answer grid ("?" undecided) for puzzle ``p``."""
        rows = textfmt.split_rows(text, self.name)
        if (len(rows), len(rows[0])) != (p.rows, p.cols):
            raise ParseError(
                f"the marks are {len(rows)}x{len(rows[0])} but the puzzle is {p.rows}x{p.cols}"
            )
        size = p.rows * p.cols
        return tuple(self.parse_value(tok, size) for row in rows for tok in row)

    def parse_solution(self, text: str, p: Puzzle) -> Values:
        marks = self.parse_marks(text, p)
        if any(v is None for v in marks):
            raise ParseError("the answer grid has undecided cells")
        return tuple(v for v in marks if v is not None)

    # -- solving -----------------------------------------------------------------
    def check(self, p: Puzzle) -> None:
        """Raise ContradictoryClues when the lowest rung alone refutes the clues."""
        s = self.start(p)
        outcome = self.ladder.propagate(s, 0)
        if outcome.status is Status.CONTRADICTION:
            assert outcome.contradiction is not None
            raise ContradictoryClues(
                f"the clues contradict each other: {outcome.contradiction.reason}"
            )

    def solve(self, p: Puzzle, level: int | str | None = None, narrate: bool = False) -> Solved:
        lv = self.ladder.level_index(level)
        s = self.start(p)
        if narrate:
            s.trace = []
        outcome = self.ladder.propagate(s, lv)
        return Solved(outcome.status, self.levels[lv], tuple(s.cands), tuple(s.trace or ()))

    def count(
        self,
        p: Puzzle,
        limit: int = 2,
        level: int | str | None = None,
        budget: int = search.DEFAULT_BUDGET,
        seconds: float | None = None,
    ) -> Counted:
        lv = self.ladder.level_index(level)
        deadline = time.monotonic() + seconds if seconds is not None else None
        c = search.count(self.ladder, self.start(p), lv, limit, budget, deadline)
        first = tuple(single_value(m) for m in c.first) if c.first is not None else None
        level_name = self.levels[lv]
        return Counted(c.solutions, c.complete, c.guesses, c.nodes, "ladder", level_name, first)

    def solution(
        self, p: Puzzle, budget: int = search.DEFAULT_BUDGET, seconds: float | None = None
    ) -> Values | None:
        """The answer if the puzzle has exactly one (None otherwise or unknown)."""
        solved = self.solve(p)
        if solved.status is Status.SOLVED:
            return tuple(single_value(m) for m in solved.cands)
        c = self.count(p, limit=2, budget=budget, seconds=seconds)
        return c.first if c.complete and c.solutions == 1 else None

    def marked_state(self, p: Puzzle, marks: Marks | None) -> tuple[State, tuple[Cell, ...]]:
        """The start state with the player's marks; also the marks that break a clue."""
        s = self.start(p)
        clash = []
        if marks is not None:
            if len(marks) != len(s.cands):
                raise ParseError("the marks do not cover the board")
            for cell, v in enumerate(marks):
                if v is None:
                    continue
                if not (s.cands[cell] >> v) & 1:
                    clash.append(cell)
                else:
                    s.cands[cell] = 1 << v
        return s, tuple(clash)

    def hint(
        self,
        p: Puzzle,
        marks: Marks | None = None,
        level: int | str | None = None,
        solution: Values | None = None,
        seconds: float | None = 10.0,
    ) -> HintResult:
        """The next cell the ladder proves at ``level`` from the player's marks.

        ``level`` may also be "case": probe first, then the case rung.
        """
        case = level == cases.CASE
        lv = self.ladder.top if case else self.ladder.level_index(level)
        name = cases.CASE if case else self.levels[lv]
        deadline = time.monotonic() + seconds if seconds is not None else None
        s, clash = self.marked_state(p, marks)
        if marks is not None and any(v is not None for v in marks):
            if solution is None:
                solution = self.solution(p, seconds=seconds)
            if solution is not None:
                wrong = tuple(c for c, v in enumerate(marks) if v is not None and v != solution[c])
                clash = tuple(sorted(set(clash) | set(wrong)))
        if clash:
            cells = ", ".join(p.grid.name(c) for c in clash[:8])
            more = f" and {len(clash) - 8} more" if len(clash) > 8 else ""
            return HintResult(
                "contradiction",
                name,
                reason=f"these marks cannot be right: {cells}{more}",
                wrong=clash,
            )
        h = search.hint(self.ladder, s, lv)
        if case and h.deduction is None and h.status is Status.STALLED:
            found = self.case_hint(p, s, deadline)
            if found is not None:
                return found
        if h.deduction is not None:
            d = h.deduction
            return HintResult(
                "hint", name, d.cell, single_value(d.keep), d.rule, d.reason, d.premises
            )
        if h.status is Status.SOLVED:
            return HintResult("solved", name, reason="every cell is already decided")
        if h.status is Status.CONTRADICTION:
            why = h.outcome.contradiction if h.outcome else None
            return HintResult(
                "contradiction",
                name,
                rule=why.rule if why else None,
                reason=why.reason if why else "the marks contradict the puzzle",
                premises=why.premises if why else (),
            )
        for higher in range(lv + 1, len(self.levels)):
            if search.hint(self.ladder, s, higher).deduction is not None:
                return HintResult(
                    "stalled",
                    name,
                    reason=f"{name} proves nothing more here; try {self.levels[higher]}",
                    suggest=self.levels[higher],
                )
        if not case and self.case_hint(p, s, deadline) is not None:
            return HintResult(
                "stalled",
                name,
                reason=f"{name} proves nothing more here; try {cases.CASE}",
                suggest=cases.CASE,
            )
        return HintResult(
            "stalled", name, reason="no level of the ladder proves anything more here"
        )

    def case_hint(self, p: Puzzle, s: State, deadline: float | None) -> HintResult | None:
        """The smallest case split that decides a cell of ``s`` (None: none
        within the rung's bounds)."""
        fixed = s.copy()
        if self.ladder.propagate(fixed, self.ladder.top).status is not Status.STALLED:
            return None
        two = fixed.cands
        ref = cases.refute(
            self.ladder, fixed, deadline, wanted=lambda lit: two[lit[0]].bit_count() == 2
        )
        if ref is None:
            return None
        keep = fixed.cands[ref.cell] & ~(1 << ref.value)
        reason = cases.describe(ref, keep, p.grid.name, self.ladder.value_name)
        return HintResult(
            "hint",
            cases.CASE,
            ref.cell,
            single_value(keep),
            cases.CASE,
            reason,
            ref.premises,
            case=ref,
        )

    def grade(
        self,
        p: Puzzle,
        budget: int = search.DEFAULT_BUDGET,
        seconds: float | None = CASE_SECONDS,
    ) -> Graded:
        """The lowest level that solves ``p`` without guessing, then "case"
        (within ``seconds``), or "beyond"."""
        level, status = search.grade(self.ladder, self.start(p))
        if level is not None:
            return Graded(self.levels[level], True)
        if status is Status.CONTRADICTION:
            raise NoSolution("the puzzle has no solution")
        deadline = time.monotonic() + seconds if seconds is not None else None
        status, size, _ = cases.solve(self.ladder, self.start(p), deadline)
        if status is Status.SOLVED:
            return Graded(cases.CASE, True, case_size=size)
        if status is Status.CONTRADICTION:
            raise NoSolution("the puzzle has no solution")
        c = self.count(p, limit=2, budget=budget)
        if c.complete and c.solutions == 0:
            raise NoSolution("the puzzle has no solution")
        return Graded("beyond", c.complete and c.solutions == 1, c.complete, c.guesses)


def reveal_cells(answer: Sequence[int], density: float, rng: random.Random) -> list[int | None]:
    """Show the answer in a random round(density · cells) of the cells."""
    n = len(answer)
    shown = set(rng.sample(range(n), round(max(0.0, min(1.0, density)) * n)))
    return [v if i in shown else None for i, v in enumerate(answer)]


_REGISTRY: dict[str, PuzzleKind] = {}
_ALIASES: dict[str, str] = {}


def register(kind: PuzzleKind, aliases: tuple[str, ...] = ()) -> PuzzleKind:
    _REGISTRY[kind.name] = kind
    for a in aliases:
        _ALIASES[a] = kind.name
    return kind


def puzzle(name: str) -> PuzzleKind:
    """The registered puzzle type called ``name`` (UnknownPuzzle otherwise)."""
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    try:
        return _REGISTRY[key]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY))
        raise UnknownPuzzle(f"unknown puzzle type {name!r}; known types: {known}") from None


def puzzle_names() -> tuple[str, ...]:
    return tuple(_REGISTRY)
