"""A sheet's SVG page read back as the few shapes it is made of.

:mod:`pencilbox.render.svg` writes every page with rectangles, circles,
straight lines and text, nothing else; the PDF and PNG writers
(:mod:`pencilbox.render.pdf`, :mod:`pencilbox.render.png`) draw those
shapes themselves, so printing needs no drawing library outside Python's
wheels. Coordinates stay in the page's user unit (millimetres, y down).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass

SVG_NS = "{http://www.w3.org/2000/svg}"
Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Paint:
    """How a shape is filled and stroked (None: not at all)."""

    fill: Colour | None
    stroke: Colour | None
    width: float


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    width: float
    height: float
    paint: Paint


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    paint: Paint


@dataclass(frozen=True)
class Lines:
    """Straight segments, each ``(x1, y1, x2, y2)``, stroked alike."""

    segments: tuple[tuple[float, float, float, float], ...]
    paint: Paint


@dataclass(frozen=True)
class Text:
    """One line of text at its baseline; ``anchor`` says which of its
    points sits at x ("start", "middle" or "end")."""

    x: float
    y: float
    text: str
    size: float
    bold: bool
    mono: bool
    anchor: str
    fill: Colour


Shape = Rect | Circle | Lines | Text


@dataclass(frozen=True)
class Page:
    width: float
    height: float
    title: str
    shapes: tuple[Shape, ...]


def colour(value: str | None) -> Colour | None:
    """``#rrggbb`` (or ``#rgb``) as RGB; ``none`` or nothing as None."""
    if value is None or value == "none":
        return None
    hexa = value.lstrip("#")
    if len(hexa) == 3:
        hexa = "".join(ch * 2 for ch in hexa)
    if not re.fullmatch(r"[0-9a-fA-F]{6}", hexa):
        raise ValueError(f"a sheet's colour is #rrggbb, not {value!r}")
    return int(hexa[0:2], 16), int(hexa[2:4], 16), int(hexa[4:6], 16)


def _f(el: ET.Element, name: str, default: float = 0.0) -> float:
    value = el.get(name)
    return float(value) if value is not None else default


def _paint(el: ET.Element, fill: str = "#000000") -> Paint:
    stroke = colour(el.get("stroke"))
    width = _f(el, "stroke-width", 1.0) if stroke is not None else 0.0
    return Paint(colour(el.get("fill", fill)), stroke, width)


PATH_STEP = re.compile(r"([MLHVmlhv])\s*(-?[\d.]+)(?:[\s,]+(-?[\d.]+))?")


def segments(d: str) -> tuple[tuple[float, float, float, float], ...]:
    """The straight segments of a path made of moves and lines."""
    x = y = 0.0
    if PATH_STEP.sub("", d).strip():
        raise ValueError(f"a sheet's path holds moves and lines only: {d[:60]!r}")
    out = []
    for m in PATH_STEP.finditer(d):
        op, a, b = m.group(1), float(m.group(2)), m.group(3)
        nx, ny = x, y
        if op in "ML":
            if b is None:
                raise ValueError(f"a path's {op} takes two numbers: {d[:60]!r}")
            nx, ny = a, float(b)
        elif op in "ml":
            if b is None:
                raise ValueError(f"a path's {op} takes two numbers: {d[:60]!r}")
            nx, ny = x + a, y + float(b)
        elif op == "H":
            nx = a
        elif op == "h":
            nx = x + a
        elif op == "V":
            ny = a
        else:  # "v"
            ny = y + a
        if op not in "Mm":
            out.append((x, y, nx, ny))
        x, y = nx, ny
    return tuple(out)


def _texts(el: ET.Element, family: str) -> Iterator[Text]:
    family = el.get("font-family", family)
    size = _f(el, "font-size", 3.0)
    bold = el.get("font-weight") == "bold"
    fill = colour(el.get("fill", "#000000")) or (0, 0, 0)
    anchor = el.get("text-anchor", "start")
    mono = "mono" in family.lower()
    spans = el.findall(f"{SVG_NS}tspan")
    if not spans:
        yield Text(_f(el, "x"), _f(el, "y"), el.text or "", size, bold, mono, anchor, fill)
    for span in spans:
        yield Text(_f(span, "x"), _f(span, "y"), span.text or "", size, bold, mono, anchor, fill)


def _shapes(el: ET.Element, family: str) -> Iterator[Shape]:
    family = el.get("font-family", family)
    for child in el:
        tag = child.tag.removeprefix(SVG_NS)
        if tag == "g":
            yield from _shapes(child, family)
        elif tag == "rect":
            w, h = _f(child, "width"), _f(child, "height")
            yield Rect(_f(child, "x"), _f(child, "y"), w, h, _paint(child))
        elif tag == "circle":
            yield Circle(_f(child, "cx"), _f(child, "cy"), _f(child, "r"), _paint(child))
        elif tag == "path":
            yield Lines(segments(child.get("d", "")), _paint(child, fill="none"))
        elif tag == "text":
            yield from _texts(child, family)
        elif tag != "title":
            raise ValueError(f"a sheet's page holds no <{tag}>")


def read(svg: str) -> Page:
    """The shapes of one page that :mod:`pencilbox.render.svg` wrote."""
    root = ET.fromstring(svg)
    _, _, width, height = (float(v) for v in root.get("viewBox", "0 0 210 297").split())
    title = root.findtext(f"{SVG_NS}title") or "pencilbox"
    return Page(width, height, title, tuple(_shapes(root, root.get("font-family", ""))))
