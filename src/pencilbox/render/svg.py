"""Puzzle sheets as SVG pages: A4 portrait, in millimetres, one slot per puzzle.

Every puzzle is drawn the same way: a heading (number, type, size), its
grade, the board and its URL. A board is a ``<g class="board">`` holding one
``<g class="cell" data-r data-c>`` per cell, then the grid lines and a heavy
border. What goes inside a cell comes from the puzzle's look (its glyphs,
:mod:`pencilbox.render.glyphs`); sizes, line weights and fonts are decided
here, in proportion to the cell.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from html import escape

from pencilbox.engine.frontend import Frontend
from pencilbox.engine.kind import Puzzle, Values
from pencilbox.render.glyphs import Glyphs, Label, Ring, Shade, Stone, answer_glyphs, clue_glyphs

PAGE_WIDTH = 210.0
PAGE_HEIGHT = 297.0
"""A4 portrait, in millimetres (the SVG user unit)."""
MARGIN = 14.0
FOOTER = 8.0
GUTTER = 9.0
MAX_CELL = 13.0
"""Largest cell side in millimetres: small boards do not balloon."""
MAX_PER_PAGE = 12

SANS = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"
MONO = "DejaVu Sans Mono, Liberation Mono, Courier New, monospace"
INK = "#111111"
GRID = "#6b6b6b"
SHADE = "#3a3a3a"
ANSWER_INK = "#4a4a4a"
MUTED = "#555555"

CAP_HEIGHT = 0.73
"""Height of a digit as a share of the font size (DejaVu Sans, Arial): a text
whose baseline sits half of it below the centre looks centred."""
MONO_ADVANCE = 0.6
"""Advance of one monospace character as a share of the font size."""


@dataclass(frozen=True)
class Entry:
    """One puzzle on a sheet: what it is, how hard, and its answer if known."""

    number: int
    title: str
    look: Frontend
    """How the puzzle's clues and answers are drawn."""
    puzzle: Puzzle
    grade: str
    url: str
    answer: Values | None = None
    note: str = ""
    """Said on a solution page instead of the answer when it is unknown."""


def _n(x: float) -> str:
    """A coordinate with at most two decimals, no trailing zeros."""
    return f"{x:.2f}".rstrip("0").rstrip(".")


def layout(per_page: int) -> tuple[int, int]:
    """Columns and rows of slots for ``per_page`` puzzles: the biggest square slot."""
    width = PAGE_WIDTH - 2 * MARGIN
    height = PAGE_HEIGHT - 2 * MARGIN - FOOTER
    best: tuple[float, int, int] | None = None
    for cols in range(1, per_page + 1):
        rows = math.ceil(per_page / cols)
        side = min((width - (cols - 1) * GUTTER) / cols, (height - (rows - 1) * GUTTER) / rows)
        if best is None or side > best[0] + 1e-9:
            best = (side, cols, rows)
    assert best is not None
    return best[1], best[2]


# -- one cell ------------------------------------------------------------------
def _label(text: str, cx: float, cy: float, size: float, clue: bool, ringed: bool) -> str:
    # Sized so that the widest text (bold digits, about 0.7 em each) keeps a
    # margin inside its cell, or inside the ring around it.
    fs = size * (
        min(0.5, 0.82 / max(2, len(text))) if ringed else min(0.5, 1.2 / max(2, len(text)))
    )
    weight = "bold" if clue else "normal"
    fill = INK if clue else ANSWER_INK
    return (
        f'<text x="{_n(cx)}" y="{_n(cy + fs * CAP_HEIGHT / 2)}" font-size="{_n(fs)}" '
        f'font-weight="{weight}" fill="{fill}" text-anchor="middle">{escape(text)}</text>'
    )


def _glyphs(glyphs: Glyphs, x: float, y: float, size: float, clue: bool) -> list[str]:
    cx, cy = x + size / 2, y + size / 2
    ringed = any(isinstance(g, Ring) for g in glyphs)
    out = []
    for glyph in glyphs:
        if isinstance(glyph, Shade):
            out.append(
                f'<rect class="shade" x="{_n(x)}" y="{_n(y)}" width="{_n(size)}" '
                f'height="{_n(size)}" fill="{SHADE}"/>'
            )
        elif isinstance(glyph, Stone):
            # Answers in a softer ink, so that the givens stand out.
            ink = INK if clue else ANSWER_INK
            fill = ink if glyph.black else "#ffffff"
            out.append(
                f'<circle class="stone {"black" if glyph.black else "white"}" cx="{_n(cx)}" '
                f'cy="{_n(cy)}" r="{_n(size * 0.36)}" fill="{fill}" stroke="{ink}" '
                f'stroke-width="{_n(size * 0.05)}"/>'
            )
        elif isinstance(glyph, Ring):
            out.append(
                f'<circle class="ring" cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(size * 0.41)}" '
                f'fill="#ffffff" stroke="{INK}" stroke-width="{_n(size * 0.045)}"/>'
            )
        elif isinstance(glyph, Label):
            out.append(_label(glyph.text, cx, cy, size, clue, ringed))
    return out


# -- one board -----------------------------------------------------------------
def board(entry: Entry, x: float, y: float, size: float, solution: bool) -> list[str]:
    """The board of ``entry`` with its top-left corner at (x, y), cells ``size`` wide."""
    p = entry.puzzle
    width, height = p.cols * size, p.rows * size
    out = [
        f'<g class="board" data-rows="{p.rows}" data-cols="{p.cols}">',
        f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(width)}" height="{_n(height)}" fill="#ffffff"/>',
    ]
    for cell, clue in enumerate(p.clues):
        r, c = divmod(cell, p.cols)
        cx, cy = x + c * size, y + r * size
        out.append(f'<g class="cell" data-r="{r}" data-c="{c}">')
        if solution and clue is None and entry.answer is not None:
            glyphs = answer_glyphs(entry.look, entry.answer[cell])
            out.extend(_glyphs(glyphs, cx, cy, size, False))
        out.append("</g>")
    lines = [f"M{_n(x)} {_n(y + r * size)}h{_n(width)}" for r in range(1, p.rows)]
    lines += [f"M{_n(x + c * size)} {_n(y)}v{_n(height)}" for c in range(1, p.cols)]
    if lines:
        out.append(
            f'<path class="grid" d="{"".join(lines)}" fill="none" stroke="{GRID}" '
            f'stroke-width="{_n(max(0.15, size * 0.022))}"/>'
        )
    # Clues sit above the grid lines so that rings and stones are never crossed.
    for cell, clue in enumerate(p.clues):
        if clue is None:
            continue
        r, c = divmod(cell, p.cols)
        drawn = _glyphs(clue_glyphs(entry.look, clue), x + c * size, y + r * size, size, True)
        out.append(f'<g class="clue" data-r="{r}" data-c="{c}">{"".join(drawn)}</g>')
    out.append(
        f'<rect class="border" x="{_n(x)}" y="{_n(y)}" width="{_n(width)}" '
        f'height="{_n(height)}" fill="none" stroke="{INK}" '
        f'stroke-width="{_n(max(0.5, size * 0.07))}" stroke-linejoin="miter"/>'
    )
    out.append("</g>")
    return out


# -- one slot --------------------------------------------------------------------
def _wrap(text: str, width: float, font_size: float) -> list[str]:
    per_line = max(8, int(width / (font_size * MONO_ADVANCE)))
    return [text[i : i + per_line] for i in range(0, len(text), per_line)] or [""]


def _url_lines(url: str, width: float, height: float) -> tuple[float, list[str]]:
    """A font size and the URL cut to lines of ``width``, taking at most a
    quarter of ``height`` (smaller type for long URLs, never cut short)."""
    fs = 2.5
    lines = _wrap(url, width, fs)
    while len(lines) * fs * 1.3 > height / 4 and fs > 1.2:
        fs *= 0.85
        lines = _wrap(url, width, fs)
    return fs, lines


def slot(entry: Entry, x: float, y: float, width: float, height: float, solution: bool) -> str:
    """One puzzle in the box (x, y, width, height): heading, grade, board, URL."""
    p = entry.puzzle
    hs = min(4.6, max(3.2, width * 0.03))
    title = f"{entry.number}. {entry.title} {p.rows}×{p.cols}"
    if solution:
        title += " · solution"
    heading = [
        (title, hs, "bold", INK, "title"),
        (f"grade: {entry.grade}", hs * 0.8, "normal", MUTED, "grade"),
    ]
    if solution and entry.answer is None:
        heading.append((entry.note or "answer not known", hs * 0.8, "normal", MUTED, "note"))
    out = [f'<g class="puzzle" data-number="{entry.number}" data-type="{escape(p.type)}">']
    top = y
    for text, size, weight, fill, cls in heading:
        top += size * 1.25
        out.append(
            f'<text class="{cls}" x="{_n(x)}" y="{_n(top)}" font-size="{_n(size)}" '
            f'font-weight="{weight}" fill="{fill}">{escape(text)}</text>'
        )
    top += 2.5
    fs, lines = _url_lines(entry.url, width, height)
    url_height = len(lines) * fs * 1.3 + 2.0
    size = min(MAX_CELL, width / p.cols, (y + height - top - url_height) / p.rows)
    bx = x + (width - p.cols * size) / 2
    out.extend(board(entry, bx, top, size, solution))
    url_top = top + p.rows * size + 2.0
    spans = "".join(
        f'<tspan x="{_n(x)}" y="{_n(url_top + fs + i * fs * 1.3)}">{escape(line)}</tspan>'
        for i, line in enumerate(lines)
    )
    out.append(
        f'<text class="url" font-family="{MONO}" font-size="{_n(fs)}" fill="{MUTED}">{spans}</text>'
    )
    out.append("</g>")
    return "\n".join(out)


# -- pages -----------------------------------------------------------------------
def page(entries: Sequence[Entry], per_page: int, solution: bool, number: int, count: int) -> str:
    """One SVG page holding ``entries`` (at most ``per_page``)."""
    cols, rows = layout(per_page)
    width = (PAGE_WIDTH - 2 * MARGIN - (cols - 1) * GUTTER) / cols
    height = (PAGE_HEIGHT - 2 * MARGIN - FOOTER - (rows - 1) * GUTTER) / rows
    what = "solutions" if solution else "puzzles"
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(PAGE_WIDTH)}mm" '
        f'height="{_n(PAGE_HEIGHT)}mm" viewBox="0 0 {_n(PAGE_WIDTH)} {_n(PAGE_HEIGHT)}" '
        f'font-family="{SANS}" class="sheet {what}" data-page="{number}" data-pages="{count}">',
        f"<title>pencilbox {what}, page {number} of {count}</title>",
        f'<rect width="{_n(PAGE_WIDTH)}" height="{_n(PAGE_HEIGHT)}" fill="#ffffff"/>',
    ]
    for i, entry in enumerate(entries):
        r, c = divmod(i, cols)
        x = MARGIN + c * (width + GUTTER)
        y = MARGIN + r * (height + GUTTER)
        out.append(slot(entry, x, y, width, height, solution))
    out.append(
        f'<text class="footer" x="{_n(PAGE_WIDTH / 2)}" y="{_n(PAGE_HEIGHT - MARGIN + 2)}" '
        f'font-size="2.6" fill="{MUTED}" text-anchor="middle">'
        f"pencilbox · {what} · page {number} of {count}</text>"
    )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def page_count(entries: int, per_page: int, solution: bool) -> int:
    """How many pages :func:`pages` makes of ``entries`` puzzles."""
    return -(-entries // per_page) * (2 if solution else 1)


def pages(entries: Sequence[Entry], per_page: int, solution: bool) -> Iterator[str]:
    """The puzzle pages, then (``solution``) the same layout with the
    answers; one at a time, so a sheet of any length takes the memory of a
    page."""
    sheets = range(0, len(entries), per_page)
    count = page_count(len(entries), per_page, solution)
    number = 0
    for answers in (False, True) if solution else (False,):
        for start in sheets:
            number += 1
            yield page(entries[start : start + per_page], per_page, answers, number, count)
