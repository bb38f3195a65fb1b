"""The words of Numbrix's reasons.

Every reason is one message of :data:`MESSAGES` with named fields (cells,
numbers, counts), written whole, never joined from pieces: a message can be
reworded, or translated with its fields in another order, on its own.

A deduction that places a number says why *that* number goes in the cell.
The rules remove numbers from a cell a few at a time, so the step that
leaves one number explains only the last ones to go; :func:`on_the_board` looks
instead for facts on the board that force the number, which a player can
check by eye: the numbers already placed, the empty cells, and how far a
number may stand from the ones placed before and after it (a walk from 5 to
9 takes exactly 4 steps, through cells whose numbers are not placed yet, so
through empty cells: a reason says "within 4 steps of 5 (through empty
cells)"). Where no such fact settles it, the rule's own message names the
number it leaves.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from pencilbox.engine.grid import Cell, Grid
from pencilbox.engine.state import Mask, State
from pencilbox.engine.words import count as counted

from .model import Board, number_name

MESSAGES: dict[str, str] = {
    # -- a number placed, from the board: the facts that force it -------------------
    "between": "{value} goes between {before} at {before_cell} and {after} at "
    "{after_cell}, and {cell} is the only empty cell beside both",
    "beside": "{value} stands beside {number} at {number_cell}, whose only empty "
    "neighbour is {cell}",
    "beside near": "{value} stands beside {number} at {number_cell}, within {steps} of "
    "{other} at {other_cell} (through empty cells): {cell} is its only empty neighbour "
    "that close",
    "near": "{value} stands within {steps_before} of {before} at {before_cell} and "
    "{steps_after} of {after} at {after_cell} (through empty cells): {cell} is the only "
    "empty cell that close",
    "near one": "{value} stands within {steps} of {number} at {number_cell} (through "
    "empty cells): {cell} is the only empty cell that close",
    "gap": "only the missing numbers between {before} at {before_cell} and {after} at "
    "{after_cell} reach {cell}, {steps_before} from {before} and {steps_after} from "
    "{after} (through empty cells): only {value} fits",
    "gap start": "only the missing numbers below {after} at {after_cell} reach {cell}, "
    "{steps} from it (through empty cells): only {value} fits",
    "gap end": "only the missing numbers above {before} at {before_cell} reach {cell}, "
    "{steps} from it (through empty cells): only {value} fits",
    "surrounded": "every cell beside {cell} is filled, with {numbers}: only {value} has "
    "the numbers before and after it among them",
    # -- a number placed, in the rule's own terms (no fact on the board settles it) --
    "last number": "{numbers} already stand in {cells}, which leaves {cell} only {value}",
    "only cell": "{cell} is the only cell left that can hold {value}",
    "link leaves one": "of the numbers {cell} may still hold, only {value} has room "
    "for the number before it and the number after it in the cells beside {cell}",
    "run leaves one": "{numbers} can only go in the {count} cells {cells}, and {cell} "
    "takes {value} of them",
    "cells leave one": "the {count} cells {cells} take the numbers of {range} still to "
    "place ({numbers}), which leaves {cell} only {value}",
    "probe leaves one": "{why}, which leaves {cell} only {value}",
    # -- numbers taken out of a cell --------------------------------------------------
    "placed elsewhere": "{numbers} already stand in {cells}",
    "link few": "{cell} cannot hold {numbers}: no cell beside it can hold {before}, "
    "the number before",
    "link few after": "{cell} cannot hold {numbers}: no cell beside it can hold "
    "{after}, the number after",
    "link few both": "{cell} cannot hold {numbers}, as no cell beside it can hold "
    "{before}, the number before, nor {others}, as no cell beside it can hold {after}, "
    "the number after",
    "link many": "only {numbers} can have the number before and the number after in "
    "cells beside {cell}; every other number lacks one of them there",
    "run": "the {count} numbers {numbers} can only go in the {count} cells {cells}, so "
    "{cell} holds one of them",
    "run of one": "{number} can only go in {cells}",
    "cells": "the {count} cells {cells} take the numbers of {range} still to place "
    "({numbers}), so {cell} holds none of them",
    "cell of one": "{cells} takes {numbers}, the only number of {range} still to place, "
    "so {cell} cannot hold it",
    "too far": "{cell} is too far from every cell that may hold {number} to hold {numbers}",
    # -- the drawn lines (the edge rung) ----------------------------------------------
    "end": "{cell} can be joined only to {other}, so the walk ends there: it holds 1 or {last}",
    "not an end": "{cell} is joined to both {first} and {second}, so the walk does not end "
    "there: it holds neither 1 nor {last}",
    "run order": "{cell} lies on the run {run} of joined cells, whose numbers count up or "
    "down along it",
    "not joined": "{cell} cannot be joined to {other} ({why}), and {other} holds {held}; "
    "so {cell} cannot hold {numbers}",
    "end leaves one": "{cell} can be joined only to {other}, so the walk ends there, "
    "at 1 or {last}; {value} is the one of them {cell} may still hold",
    "not an end leaves one": "{cell} is joined to both {first} and {second}, so the walk "
    "does not end there; of the numbers it may still hold, that leaves {value}",
    "run order leaves one": "{cell} lies on the run {run} of joined cells, whose numbers "
    "count along it: that leaves it only {value}",
    "not joined leaves one": "{cell} cannot be joined to {other} ({why}), and {other} "
    "holds {held}; of the numbers {cell} may still hold, that leaves {value}",
    # -- contradictions ----------------------------------------------------------------
    "twice": "{number} is in both {first} and {second}",
    "nowhere": "no cell can hold {number}",
    "no number": "no number has both its neighbours in the walk around {cell}",
    "run too big": "the {count} numbers {numbers} fit only in {cells_count} ({cells})",
    "cells too many": "the {count} {cells_verb} only {room} of {numbers} left",
    "apart": "{number} in {cell} and {next} in {next_cell} are not neighbours",
    "too many joins": "{cell} would be joined to more cells than {what} can be",
    "loop": "the forced links close a loop through {first} and {second}",
    "closes a loop": "joining {first} and {second} would close a loop",
    "joined apart": "{cell} and {other} are joined, but cannot hold consecutive numbers",
    "joined enough": "{cell} is already joined to {joins}",
    "too few joins": "{cell} can be joined to {count} but needs {need}",
}
"""Every Numbrix reason, by name: one sentence with named fields each."""


def step_count(n: int) -> str:
    return counted(n, "step")


def say(key: str, **fields: object) -> str:
    """The reason ``key`` with its fields filled in."""
    return MESSAGES[key].format(**fields)


def on_the_board(s: State[Board], cell: Cell, keep: Mask) -> str | None:
    """When ``keep`` leaves ``cell`` one number: facts on the board that force
    it there (see the module's doc), or None when none settles it alone (or
    ``keep`` leaves more than one)."""
    found = facts(s, cell, keep)
    return found[0] if found else None


def facts(s: State[Board], cell: Cell, keep: Mask) -> tuple[str, tuple[Cell, ...]] | None:
    """:func:`on_the_board`'s reason, with the cells of the numbers it names."""
    m = s.cands[cell] & keep
    if not m or m & (m - 1):
        return None
    v = m.bit_length() - 1
    board = OnTheBoard(s)
    if v in board.at or cell in board.cell_value:
        return None
    reason = board.value_side(cell, v) or board.surrounded(cell, v) or board.cell_side(cell, v)
    return (reason, board.cited) if reason else None


class OnTheBoard:
    """What a player sees on the board of ``s``: the placed numbers (the
    decided cells) and the empty cells, with walks through empty cells."""

    def __init__(self, s: State[Board]) -> None:
        self.grid: Grid = s.grid
        self.n = len(s.cands)
        self.at: dict[int, Cell] = {}  # number -> its cell
        self.cell_value: dict[Cell, int] = {}
        for c, m in enumerate(s.cands):
            if m and not m & (m - 1):
                v = m.bit_length() - 1
                self.at[v] = c
                self.cell_value[c] = v
        self.placed = sorted(self.at)
        self._steps: dict[int, dict[Cell, int]] = {}
        self.cited: tuple[Cell, ...] = ()  # the cells the last reason names

    def said(self, key: str, cited: tuple[Cell, ...], **fields: object) -> str:
        """The reason ``key``, and the cells it names (what a hint outlines)."""
        self.cited = cited
        return say(key, **fields)

    def empty(self, c: Cell) -> bool:
        return c not in self.cell_value

    def steps(self, v: int) -> dict[Cell, int]:
        """The steps from the cell of placed number ``v`` to every empty cell
        it reaches through empty cells."""
        if v not in self._steps:
            start = self.at[v]
            out = {start: 0}
            queue = deque([start])
            while queue:
                x = queue.popleft()
                for y in self.grid.neighbours[x]:
                    if y not in out and self.empty(y):
                        out[y] = out[x] + 1
                        queue.append(y)
            self._steps[v] = out
        return self._steps[v]

    def around(self, v: int) -> tuple[int | None, int | None]:
        """The placed numbers nearest ``v`` below and above it (None: none)."""
        below = [w for w in self.placed if w < v]
        above = [w for w in self.placed if w > v]
        return (below[-1] if below else None), (above[0] if above else None)

    def close(self, v: int, w: int | None, x: Cell) -> bool:
        """Whether empty cell ``x`` is near enough placed number ``w`` to hold ``v``."""
        if w is None:
            return True
        d = self.steps(w).get(x)
        return d is not None and d <= abs(v - w)

    def where(self, v: int, sides: Sequence[int | None]) -> list[Cell]:
        """The empty cells near enough every placed number of ``sides`` to hold ``v``."""
        return [
            x for x in range(self.n) if self.empty(x) and all(self.close(v, w, x) for w in sides)
        ]

    def value_side(self, cell: Cell, v: int) -> str | None:
        """Why number ``v`` goes in ``cell``: the one empty cell near enough
        the numbers placed before and after it (the fewest facts that say so)."""
        below, above = self.around(v)
        name, num = self.grid.name, number_name
        if below == v - 1 and above == v + 1 and self.where(v, (below, above)) == [cell]:
            return self.said(
                "between",
                (self.at[below], self.at[above]),
                value=num(v),
                cell=name(cell),
                before=num(below),
                before_cell=name(self.at[below]),
                after=num(above),
                after_cell=name(self.at[above]),
            )
        # one side alone, the adjacent one first
        sides = sorted((w for w in (below, above) if w is not None), key=lambda w: abs(v - w))
        for w in sides:
            if self.where(v, (w,)) != [cell]:
                continue
            if abs(v - w) == 1:
                return self.said(
                    "beside",
                    (self.at[w],),
                    value=num(v),
                    number=num(w),
                    number_cell=name(self.at[w]),
                    cell=name(cell),
                )
            return self.said(
                "near one",
                (self.at[w],),
                value=num(v),
                steps=step_count(abs(v - w)),
                number=num(w),
                number_cell=name(self.at[w]),
                cell=name(cell),
            )
        if len(sides) < 2 or self.where(v, sides) != [cell]:
            return None
        w, other = sides
        if abs(v - w) == 1:
            return self.said(
                "beside near",
                (self.at[w], self.at[other]),
                value=num(v),
                number=num(w),
                number_cell=name(self.at[w]),
                steps=step_count(abs(v - other)),
                other=num(other),
                other_cell=name(self.at[other]),
                cell=name(cell),
            )
        assert below is not None and above is not None
        return self.said(
            "near",
            (self.at[below], self.at[above]),
            value=num(v),
            steps_before=step_count(v - below),
            before=num(below),
            before_cell=name(self.at[below]),
            steps_after=step_count(above - v),
            after=num(above),
            after_cell=name(self.at[above]),
            cell=name(cell),
        )

    def surrounded(self, cell: Cell, v: int) -> str | None:
        """Why ``cell`` holds ``v`` when every cell beside it is filled: its
        number has the numbers before and after it among theirs."""
        around = [self.cell_value.get(d) for d in self.grid.neighbours[cell]]
        if None in around:
            return None
        beside = {w for w in around if w is not None}
        fits = [
            u
            for u in range(self.n)
            if u not in self.at and all(w in beside for w in (u - 1, u + 1) if 0 <= w < self.n)
        ]
        if fits != [v]:
            return None
        listed = sorted(beside)
        return self.said(
            "surrounded",
            tuple(self.grid.neighbours[cell]),
            cell=self.grid.name(cell),
            numbers=", ".join(number_name(w) for w in listed[:-1])
            + " and "
            + number_name(listed[-1]),
            value=number_name(v),
        )

    def cell_side(self, cell: Cell, v: int) -> str | None:
        """Why ``cell`` holds ``v``: the numbers still to place come in runs
        between placed ones, and only one run reaches ``cell``, at ``v`` alone
        (a cell ``k`` steps from placed ``a`` and ``j`` from placed ``b`` holds
        a number from a + k to b − j)."""
        if not self.placed:
            return None
        for u in range(self.n):
            if u != v and u not in self.at and all(self.close(u, w, cell) for w in self.around(u)):
                return None
        below, above = self.around(v)
        name, num = self.grid.name, number_name
        if below is not None and above is not None:
            return self.said(
                "gap",
                (self.at[below], self.at[above]),
                value=num(v),
                before=num(below),
                before_cell=name(self.at[below]),
                after=num(above),
                after_cell=name(self.at[above]),
                cell=name(cell),
                steps_before=step_count(self.steps(below)[cell]),
                steps_after=step_count(self.steps(above)[cell]),
            )
        if above is not None:
            steps = step_count(self.steps(above)[cell])
            return self.said(
                "gap start",
                (self.at[above],),
                value=num(v),
                after=num(above),
                after_cell=name(self.at[above]),
                cell=name(cell),
                steps=steps,
            )
        assert below is not None
        steps = step_count(self.steps(below)[cell])
        return self.said(
            "gap end",
            (self.at[below],),
            value=num(v),
            before=num(below),
            before_cell=name(self.at[below]),
            cell=name(cell),
            steps=steps,
        )
