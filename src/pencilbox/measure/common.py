"""What every measurement shares: puzzle lookup, per-board primitives, reports.

Per-board primitives take a puzzle kind and a board and return plain values,
so the workers of :mod:`pencilbox.measure.pool` can ship them back cheaply.
"""

from __future__ import annotations

import os
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import pencilbox
from pencilbox import arguments
from pencilbox.engine.kind import Puzzle, PuzzleKind, Values
from pencilbox.engine.ladder import Ladder, Status
from pencilbox.errors import ParseError
from pencilbox.measure import chart

COUNT_BUDGET = 2_000_000
"""Work units a uniqueness count may spend on one board (see
:mod:`pencilbox.engine.budget`)."""
COUNT_SECONDS = 120.0
"""Wall-clock cap of one count: only a safety net, since a figure that depends on
the machine's load is not reproducible; budgets of work end the counts."""
TOP_SHARE = 10
"""The fallback count at the top level gets budget // TOP_SHARE work units
(probe nodes are dear: on a sparse board with many candidates per cell one
costs seconds)."""


def kind_of(name: str) -> PuzzleKind:
    return pencilbox.puzzle(name)


def default_density(kind: PuzzleKind, what: str) -> float:
    """The kind's own clue density for a measurement (guesses needs unique boards)."""
    d = kind.measure_defaults
    return d.guesses_density if what == "guesses" else d.density


def board(name: str, size: int, density: float, seed: int) -> tuple[PuzzleKind, Puzzle, Values]:
    """The board a task names: a pure function of (type, size, density, seed)."""
    kind = kind_of(name)
    p, answer = kind.generate(size, size, density=density, seed=seed)
    return kind, p, answer


JUDGES = ("kept", "full")
"""How an ablated ladder judges a trial that completes the board: with the
rules it kept (the ablation proper), or with every rule of the puzzle."""


@cache
def ablated(name: str, rule: str, judge: str = "kept") -> Ladder[Any]:
    """The ladder of ``name`` rebuilt without ``rule`` (probe rebuilt on the rest).

    Unlike ``propagate(without=...)``, the probe of this ladder also runs
    without the rule. With ``judge="kept"`` a decided grid is judged only by
    the rules kept, so the rule is gone from the whole ladder; ``"full"``
    judges decided grids by every rule of the puzzle.
    """
    return kind_of(name).ladder.without(rule, judge)


def ladder_rules(kind: PuzzleKind) -> list[str]:
    """The names of the rules below probe, cheapest first."""
    return [r.name for r in kind.ladder.rules if r.name != "probe"]


def incremental(kind: PuzzleKind, p: Puzzle) -> dict[str, bool]:
    """Whether the fixpoint at each level solves ``p`` (cumulative by soundness:
    each level starts from the fixpoint of the level below)."""
    s = kind.start(p)
    out: dict[str, bool] = {}
    status = Status.STALLED
    for i, level in enumerate(kind.levels):
        if status is not Status.SOLVED:
            status = kind.ladder.propagate(s, i).status
        out[level] = status is Status.SOLVED
    return out


def is_unique(
    kind: PuzzleKind,
    p: Puzzle,
    answer: Values,
    budget: int = COUNT_BUDGET,
    probe_solved: bool | None = None,
    certificates: bool = True,
) -> bool | None:
    """True/False when uniqueness was settled, None when the budget ran out.

    A puzzle with a uniqueness oracle of its own asks it; the others count
    to 2. The count is exact at every level (each level's search agrees with
    the brute force), so it runs first at the level below probe, whose nodes
    are cheap, and only if that runs out of budget at the top level with a
    small node budget: on sparse boards one probe node can take seconds.
    With ``certificates`` a second solution read off the answer (a silent
    flip, a 2-opt reversal…) settles it first.
    """
    if probe_solved:
        return True
    if certificates and has_second_solution(kind, p, answer):
        return False
    verdict = kind.unique_by_oracle(p, answer, budget=budget)
    if verdict is not None:
        return None if verdict == "unknown" else verdict == "unique"
    below = len(kind.levels) - 2
    c = kind.count(p, limit=2, level=below, budget=budget, seconds=COUNT_SECONDS)
    if not c.complete and c.solutions < 2:
        c = kind.count(p, limit=2, budget=max(budget // TOP_SHARE, 20), seconds=COUNT_SECONDS)
    if c.solutions >= 2:
        return False
    return c.solutions == 1 if c.complete else None


def has_second_solution(kind: PuzzleKind, p: Puzzle, answer: Values) -> bool:
    """A certificate of non-uniqueness read off the answer, without search."""
    return kind.second_solution(p, answer) is not None


def rate(flags: Sequence[bool | None]) -> float:
    """Share of True among all boards (None, an unsettled board, counts as not True)."""
    return sum(1 for f in flags if f) / len(flags) if flags else 0.0


def median_mean(xs: Sequence[float]) -> dict[str, float | None]:
    if not xs:
        return {"median": None, "mean": None}
    return {"median": float(statistics.median(xs)), "mean": float(statistics.fmean(xs))}


def parse_list(text: str, cast: Callable[[str], Any] = float, what: str = "values") -> list[Any]:
    """Comma-separated numbers read by ``cast`` (``int`` or ``float``),
    written with ASCII digits."""
    try:
        out = [arguments.number(t, cast, what) for t in text.split(",") if t.strip()]
    except (ValueError, OverflowError):
        raise ParseError(f"cannot read {what} {text[:60]!r} (comma-separated numbers)") from None
    if not out:
        raise ParseError(f"no {what} in {text!r}")
    return out


def valid_density(d: float) -> float:
    """``d``, if it is a share of clues (0..1); else ParseError."""
    if not 0.0 <= d <= 1.0:
        raise ParseError(f"density {d} is outside 0..1")
    return d


def valid_size(n: int) -> int:
    """``n``, if it is a board side measurements take (2..30); else ParseError."""
    if not 2 <= n <= 30:
        raise ParseError(f"size {n} is outside 2..30")
    return n


def valid_board_count(n: int) -> int:
    """``n``, if it is a number of boards to measure (at least 1); else ParseError."""
    if n < 1:
        raise ParseError("--boards must be at least 1")
    return n


@dataclass
class Report:
    """One measurement's output: figures (JSON), a markdown body and charts."""

    name: str
    title: str
    figures: dict[str, Any]
    markdown: str
    charts: dict[str, str]

    def write(self, out: str) -> list[str]:
        """Write ``NAME.md`` and ``NAME[-k].svg`` into ``out``; the paths written."""
        try:
            return self._write(out)
        except OSError as e:
            raise ParseError(f"cannot write the report into {out}: {e.strerror or e}") from None

    def _write(self, out: str) -> list[str]:
        os.makedirs(out, exist_ok=True)
        paths = []
        images = []
        for suffix, svg in self.charts.items():
            fname = f"{self.name}{'-' + suffix if suffix else ''}.svg"
            with open(os.path.join(out, fname), "w", encoding="utf-8") as f:
                f.write(svg)
            images.append(f"![{self.title} {suffix}]({fname})")
            paths.append(os.path.join(out, fname))
        md = os.path.join(out, f"{self.name}.md")
        with open(md, "w", encoding="utf-8") as f:
            f.write(f"# {self.title}\n\n{self.markdown}\n" + "\n\n".join(images) + "\n")
        return [md, *paths]


__all__ = ["Report", "chart", "board", "ablated", "incremental", "is_unique", "rate"]
