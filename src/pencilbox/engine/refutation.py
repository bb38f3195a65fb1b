"""A refutation of the case rung, as a value and in words.

The case rung (:mod:`pencilbox.engine.cases`) proves a candidate impossible
by a short case split whose every branch ends in a contradiction. This
module holds what such a proof is (:class:`Refutation`: its branches and
their split tree) and how a hint says it (:func:`describe`: "Suppose r3c4
is black. Then either … or …. So r3c4 is white.").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from pencilbox.engine.grid import Cell
from pencilbox.engine.state import Mask

Literal = tuple[Cell, int]
"""A cell and one of its values."""


@dataclass(frozen=True)
class Branch:
    """One branch of a refutation: what it assumes and how it fails.

    ``assume`` holds the refuted candidate first, then the split's value;
    ``premises`` are the cells of the contradiction; ``implied`` the cells
    the branch decided (with their values) before it failed.
    """

    assume: tuple[Literal, ...]
    rule: str
    reason: str
    premises: tuple[Cell, ...] = ()
    implied: tuple[Literal, ...] = ()


@dataclass(frozen=True)
class Refutation:
    """Why ``value`` is impossible in ``cell``: every branch contradicts."""

    cell: Cell
    value: int
    branches: tuple[Branch, ...]
    tree: Split | None = None
    """The splits, nested (None: the assumption alone contradicts)."""

    @property
    def size(self) -> int:
        return len(self.branches)

    @property
    def split(self) -> Cell | None:
        """The first further cell split on (None for a refutation of size 1)."""
        return None if self.tree is None else self.tree.cell

    @property
    def premises(self) -> tuple[Cell, ...]:
        """The split cell, then the cells of every contradiction."""
        cells: list[Cell] = []
        for b in self.branches:
            cells.extend(c for c, _ in b.assume[1:])
        for b in self.branches:
            cells.extend(b.premises)
        return tuple(dict.fromkeys(c for c in cells if c != self.cell))


@dataclass(frozen=True)
class Split:
    """A case split on ``cell``: one subtree per candidate, lowest first
    (None: that branch contradicts at once)."""

    cell: Cell
    values: tuple[int, ...]
    children: tuple[Split | None, ...]

    @property
    def leaves(self) -> int:
        return sum(1 if c is None else c.leaves for c in self.children)


@dataclass(frozen=True)
class Found:
    """A refutation found by the search, before it is explained."""

    cell: Cell
    value: int
    tree: Split | None

    @property
    def size(self) -> int:
        return 1 if self.tree is None else self.tree.leaves


def describe(
    ref: Refutation, keep: Mask, name: Callable[[Cell], str], value: Callable[[int], str]
) -> str:
    """The refutation in words: "Suppose r3c4 is black. Then either r5c5 is
    black — and … — or white — and …. So r3c4 is white." ``keep`` is what
    the cell has left once the value is gone."""
    cell = name(ref.cell)
    head = f"Suppose {cell} is {value(ref.value)}."
    leaves = iter(ref.branches)
    if ref.tree is None:
        b = next(leaves)
        then = _consequences(b, name, value)
        body = ("Then " + then if then else "") + "that cannot be: " + _clause(b) + "."
        body = body[0].upper() + body[1:]
    else:
        body = "Then " + _either(ref.tree, leaves, name, value) + "."
    if keep & (keep - 1) == 0:
        tail = f"So {cell} is {value(keep.bit_length() - 1)}."
    else:
        tail = f"So {cell} is not {value(ref.value)}."
    return f"{head} {body} {tail.rstrip('.')}"


def _either(
    tree: Split, leaves: Iterator[Branch], name: Callable[[Cell], str], value: Callable[[int], str]
) -> str:
    """ "either y is a — and … — or b — and …", nested splits in brackets."""
    parts = []
    for w, child in zip(tree.values, tree.children, strict=True):
        if child is None:
            b = next(leaves)
            parts.append(f"{value(w)} — and {_consequences(b, name, value)}{_clause(b)}")
        else:
            parts.append(f"{value(w)} — and then ({_either(child, leaves, name, value)})")
    return f"either {name(tree.cell)} is " + " — or ".join(parts)


def _consequences(b: Branch, name: Callable[[Cell], str], value: Callable[[int], str]) -> str:
    """The first cells a branch decided, grouped by value: "r1c2 and r1c3
    are black, r2c2 is white, and " ("" when it decided none)."""
    shown = b.implied[:6]
    if not shown:
        return ""
    groups: dict[int, list[str]] = {}
    for cell, v in shown:
        groups.setdefault(v, []).append(name(cell))
    bits = []
    for v, names in groups.items():
        verb = "is" if len(names) == 1 else "are"
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        bits.append(f"{listed} {verb} {value(v)}")
    more = " (among others)" if len(b.implied) > len(shown) else ""
    return ", ".join(bits) + more + ", and "


def _clause(b: Branch) -> str:
    return b.reason.rstrip(". ")
