"""Grid geometry: the one place that does index arithmetic.

Cells of an R×C board are numbered row-major, ``cell = r * cols + c``.
Rules ask the grid for neighbours, windows, the border cycle and bitboards;
they never compute an index themselves.

A *bitboard* is a Python int with bit ``cell`` set for every cell in a set.
Shifts move a whole set one step at once, which makes flood fills and region
tests a handful of big-int operations instead of a loop over cells.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from pencilbox.errors import SizeError

Cell = int
Bits = int

MIN_SIDE = 2
MAX_SIDE = 60


def refuse_size_out_of_range(rows: int, cols: int) -> None:
    """Refuse boards outside MIN_SIDE..MAX_SIDE on either side."""
    for what, n in (("rows", rows), ("cols", cols)):
        if not MIN_SIDE <= n <= MAX_SIDE:
            raise SizeError(
                f"board size {rows}x{cols} is out of range: {what} must be "
                f"between {MIN_SIDE} and {MAX_SIDE}"
            )


class Grid:
    """Geometry of an R×C board, precomputed once per size (see :func:`grid`)."""

    __slots__ = (
        "rows",
        "cols",
        "size",
        "full",
        "neighbours",
        "later",
        "around",
        "windows",
        "border",
        "not_left",
        "not_right",
        "_left_col",
        "_right_col",
    )

    def __init__(self, rows: int, cols: int) -> None:
        self.rows = rows
        self.cols = cols
        self.size = rows * cols
        self.full: Bits = (1 << self.size) - 1
        self.neighbours: tuple[tuple[Cell, ...], ...] = tuple(
            tuple(self._neighbours(cell)) for cell in range(self.size)
        )
        self.later: tuple[tuple[tuple[Cell, Bits, Bits], ...], ...] = tuple(
            tuple(
                (d, 1 << cell if d == cell + 1 else 0, 1 << cell if d == cell + cols else 0)
                for d in nb
                if d > cell
            )
            for cell, nb in enumerate(self.neighbours)
        )
        """Each cell's neighbours on its right and below, with the link to
        each as ``(across, down)`` bitboards (see :meth:`link_bits`): every
        pair of neighbours once."""
        self.around: tuple[tuple[Cell, ...], ...] = tuple(
            tuple(c for c in self.ring(cell) if c is not None) for cell in range(self.size)
        )
        self.windows: tuple[tuple[Cell, Cell, Cell, Cell], ...] = tuple(
            (r * cols + c, r * cols + c + 1, (r + 1) * cols + c, (r + 1) * cols + c + 1)
            for r in range(rows - 1)
            for c in range(cols - 1)
        )
        self.border: tuple[Cell, ...] = tuple(self._border_cycle())
        left = sum(1 << (r * cols) for r in range(rows))
        right = left << (cols - 1)
        self._left_col = left
        self._right_col = right
        self.not_left: Bits = self.full & ~left
        self.not_right: Bits = self.full & ~right

    def __repr__(self) -> str:
        return f"grid({self.rows}, {self.cols})"

    # -- cells -------------------------------------------------------------
    def cell(self, r: int, c: int) -> Cell:
        return r * self.cols + c

    def rc(self, cell: Cell) -> tuple[int, int]:
        return divmod(cell, self.cols)

    def name(self, cell: Cell) -> str:
        """A cell as players write it: ``r3c4``, counted from 1."""
        r, c = divmod(cell, self.cols)
        return f"r{r + 1}c{c + 1}"

    def is_border(self, cell: Cell) -> bool:
        r, c = divmod(cell, self.cols)
        return r == 0 or c == 0 or r == self.rows - 1 or c == self.cols - 1

    def ray(self, cell: Cell, dr: int, dc: int) -> Iterator[Cell]:
        """Cells seen from ``cell`` in direction (dr, dc), nearest first."""
        r, c = divmod(cell, self.cols)
        r += dr
        c += dc
        while 0 <= r < self.rows and 0 <= c < self.cols:
            yield r * self.cols + c
            r += dr
            c += dc

    def ring(self, cell: Cell) -> tuple[Cell | None, ...]:
        """The 8 cells around ``cell`` in cyclic order (None off the board)."""
        r, c = divmod(cell, self.cols)
        out: list[Cell | None] = []
        for dr, dc in ((-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1)):
            rr, cc = r + dr, c + dc
            inside = 0 <= rr < self.rows and 0 <= cc < self.cols
            out.append(rr * self.cols + cc if inside else None)
        return tuple(out)

    def _neighbours(self, cell: Cell) -> Iterator[Cell]:
        r, c = divmod(cell, self.cols)
        if r > 0:
            yield cell - self.cols
        if c > 0:
            yield cell - 1
        if c < self.cols - 1:
            yield cell + 1
        if r < self.rows - 1:
            yield cell + self.cols

    def _border_cycle(self) -> Iterator[Cell]:
        """Border cells clockwise from the top-left corner, each once."""
        rows, cols = self.rows, self.cols
        if rows == 1 or cols == 1:
            yield from range(self.size)
            return
        yield from (c for c in range(cols))
        yield from (r * cols + cols - 1 for r in range(1, rows))
        yield from ((rows - 1) * cols + c for c in range(cols - 2, -1, -1))
        yield from (r * cols for r in range(rows - 2, 0, -1))

    # -- bitboards ---------------------------------------------------------
    def bits(self, cells: Iterator[Cell] | list[Cell] | tuple[Cell, ...] | set[Cell]) -> Bits:
        out = 0
        for cell in cells:
            out |= 1 << cell
        return out

    def spread(self, bits: Bits) -> Bits:
        """``bits`` together with all orthogonal neighbours of its cells."""
        return (
            bits
            | ((bits << 1) & self.not_left)
            | ((bits >> 1) & self.not_right)
            | ((bits << self.cols) & self.full)
            | (bits >> self.cols)
        )

    def flood(self, seed: Bits, allowed: Bits, cap: int | None = None) -> Bits:
        """All cells of ``allowed`` connected to ``seed`` through ``allowed``.

        With ``cap``, growth (one step at a time) stops once the region holds
        more than ``cap`` cells: its size is then only known to exceed it.
        """
        # flood_steps' loops without the steps (the hottest call of the rules).
        reach = seed & allowed
        left = allowed & self.not_left
        right = allowed & self.not_right
        cols = self.cols
        if cap is None:
            while True:
                grown = (
                    reach
                    | ((reach << 1) & left)
                    | ((reach >> 1) & right)
                    | ((reach << cols) & allowed)
                    | ((reach >> cols) & allowed)
                )
                if grown == reach:
                    return reach
                reach = grown
        while reach.bit_count() <= cap:
            grown = (
                reach
                | ((reach << 1) & left)
                | ((reach >> 1) & right)
                | ((reach << cols) & allowed)
                | ((reach >> cols) & allowed)
            )
            if grown == reach:
                break
            reach = grown
        return reach

    def flood_steps(
        self, seed: Bits, allowed: Bits, cap: int | None = None, meet: Bits = 0, most: int = -1
    ) -> tuple[Bits, int]:
        """:meth:`flood`, with the number of steps it grew (uncapped: the
        farthest cell's distance from the seed). With ``meet``, it stops as
        soon as it holds all of those cells; with ``most``, after that many
        steps."""
        reach = seed & allowed
        left = allowed & self.not_left
        right = allowed & self.not_right
        cols = self.cols
        steps = 0
        if cap is None and not meet and most < 0:
            # The loop below without its cap, target and step tests (the
            # same steps): most floods are plain, and this is the hot loop.
            while True:
                grown = (
                    reach
                    | ((reach << 1) & left)
                    | ((reach >> 1) & right)
                    | ((reach << cols) & allowed)
                    | ((reach >> cols) & allowed)
                )
                if grown == reach:
                    return reach, steps
                reach = grown
                steps += 1
        limit = self.size if cap is None else cap
        while reach.bit_count() <= limit and steps != most:
            grown = (
                reach
                | ((reach << 1) & left)
                | ((reach >> 1) & right)
                | ((reach << cols) & allowed)
                | ((reach >> cols) & allowed)
            )
            if grown == reach:
                break
            reach = grown
            steps += 1
            if meet and grown & meet == meet:
                break
        return reach, steps

    def local_cuts(self, room: Bits) -> Bits:
        """The cells whose orthogonal neighbours in ``room`` fall into two or
        more runs around their 8-ring: removing such a cell may disconnect
        them, and no other cell can. All cells at once, by shifts.

        Going clockwise (N, E, S, W), a run of ring cells ends after an
        orthogonal member unless the diagonal and the next orthogonal member
        continue it; two or more such ends mean two or more runs.
        """
        cols = self.cols
        full = self.full
        nl, nr = self.not_left, self.not_right
        north = (room << cols) & full
        south = room >> cols
        east = (room >> 1) & nr
        west = (room << 1) & nl
        ne = (room << (cols - 1)) & nr & full
        nw = (room << (cols + 1)) & nl & full
        se = (room >> (cols + 1)) & nr
        sw = (room >> (cols - 1)) & nl
        a = north & ~(ne & east)
        b = east & ~(se & south)
        c = south & ~(sw & west)
        d = west & ~(nw & north)
        return (a & b) | (c & d) | ((a | b) & (c | d))

    # -- links between neighbours ------------------------------------------
    # A set of links between neighbouring cells is two bitboards: ``across``
    # (bit c: c is linked to the cell on its right) and ``down`` (bit c: c
    # is linked to the cell below it).

    def link_bits(self, a: Cell, d: Cell) -> tuple[Bits, Bits]:
        """The link between neighbours ``a`` and ``d``, as ``(across, down)``."""
        lo = min(a, d)
        if a + d == 2 * lo + 1:
            return 1 << lo, 0
        return 0, 1 << lo

    def flood_links(self, seed: Bits, across: Bits, down: Bits) -> Bits:
        """The cells reached from ``seed`` along the links."""
        cols = self.cols
        reach = seed
        while True:
            grown = (
                reach
                | ((reach & across) << 1)
                | ((reach >> 1) & across)
                | ((reach & down) << cols)
                | ((reach >> cols) & down)
            )
            if grown == reach:
                return reach
            reach = grown

    def links_on_squares(self, across: Bits, down: Bits) -> tuple[Bits, Bits]:
        """The links that lie on a unit square of four links: each is on a
        cycle, so none of them is a bridge."""
        cols = self.cols
        squares = across & (across >> cols) & down & (down >> 1)  # bit c: top-left corner
        return squares | (squares << cols), squares | (squares << 1)

    def components(self, allowed: Bits) -> list[Bits]:
        """The connected components of ``allowed``."""
        out = []
        rest = allowed
        while rest:
            comp = self.flood(rest & -rest, allowed)
            out.append(comp)
            rest &= ~comp
        return out


def cells_of(bits: Bits) -> Iterator[Cell]:
    """The cells of a bitboard, lowest first."""
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


@cache
def grid(rows: int, cols: int) -> Grid:
    """The shared, precomputed :class:`Grid` for a board size."""
    return Grid(rows, cols)
