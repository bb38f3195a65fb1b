"""Tally's ladder.

- cross: a number whose cross already holds that many black cells makes the
  rest of it white ("full"); one that needs every undecided cell of its cross
  makes them black ("short").
- probe: the engine's generic top rung.
"""

from __future__ import annotations

from pencilbox.engine.ladder import Ladder, Rule, SearchHooks
from pencilbox.engine.state import NOTHING, PROGRESS, Contradiction, Result, State
from pencilbox.engine.words import count

from .model import BLACK, WHITE, Board


def _tallies(s: State) -> list[tuple[int, int, int, list[int], tuple[int, ...]]]:
    """Each clue: its cell, number, black and undecided cells of its cross,
    and the decided cells of the cross (what a deduction from it rests on)."""
    board: Board = s.board
    out = []
    for cell, n, cells in board.clues:
        black = sum(1 for c in cells if s.cands[c] == 1 << BLACK)
        open_ = [c for c in cells if s.cands[c] == 0b11]
        decided = tuple(c for c in cells if s.cands[c] != 0b11)
        out.append((cell, n, black, open_, (cell, *decided)))
    return out


def full(s: State) -> Result:
    """A cross with its tally of black cells: the rest is white."""
    progress: Result = NOTHING
    for cell, n, black, open_, premises in _tallies(s):
        name = s.grid.name(cell)
        if black > n:
            return Contradiction(
                "full", f"{name}'s cross has more than {count(n, 'black cell')}", premises
            )
        if black == n:
            for c in open_:
                r = s.fix(c, WHITE, "full", f"{name}'s cross already has {n} black", premises)
                if isinstance(r, Contradiction):
                    return r
                progress = PROGRESS
    return progress


def short(s: State) -> Result:
    """A cross that needs every undecided cell: they are all black."""
    progress: Result = NOTHING
    for cell, n, black, open_, premises in _tallies(s):
        name = s.grid.name(cell)
        if black + len(open_) < n:
            return Contradiction("short", f"{name}'s cross cannot reach {n} black", premises)
        if open_ and black + len(open_) == n:
            for c in open_:
                r = s.fix(c, BLACK, "short", f"{name}'s cross needs all of them black", premises)
                if isinstance(r, Contradiction):
                    return r
            progress = PROGRESS
    return progress


def judge_complete(s: State) -> Result:
    for cell, n, black, _, premises in _tallies(s):
        if black != n:
            return Contradiction("cross", f"{s.grid.name(cell)} counts {black}, not {n}", premises)
    return NOTHING


LADDER = Ladder(
    ("cross", "probe"),
    [
        Rule("full", 0, full, "A cross with its tally of black cells: the rest is white."),
        Rule("short", 0, short, "A cross that needs every undecided cell: all are black."),
    ],
    judge_complete,
    lambda v: ("black", "white")[v],
    complete_explains=True,
    # Search may learn: every rule names the cells it rests on (a clue's cell
    # and the decided cells of its cross).
    hooks=SearchHooks(explains=True),
)
