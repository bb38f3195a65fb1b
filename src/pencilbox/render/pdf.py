"""Sheets as one PDF document, written by pencilbox itself, a page at a time.

Each page's shapes (:mod:`pencilbox.render.paper`) become one compressed
content stream, written to the file as soon as the page is drawn, so a
document of any number of pages takes the memory of one; the page tree,
the catalogue and the cross-reference table follow at the end. Text is set
in the PDF's standard fonts (Helvetica, Helvetica-Bold and Courier), which
every PDF reader has, so nothing is embedded; their widths, below, centre
the text that is centred.
"""

from __future__ import annotations

import zlib
from pathlib import Path
from types import TracebackType
from typing import BinaryIO

from pencilbox.render import paper

POINTS_PER_MM = 72 / 25.4
KAPPA = 0.5522847498
"""How far a cubic Bézier's handles reach to draw a quarter circle."""

FONTS = {"F1": "Helvetica", "F2": "Helvetica-Bold", "F3": "Courier"}
_ASCII = "".join(chr(c) for c in range(32, 127))
_HELVETICA = (
    "278 278 355 556 556 889 667 191 333 333 389 584 278 333 278 278 556 556 556 556 556 556 "
    "556 556 556 556 278 278 584 584 584 556 1015 667 667 722 722 667 611 778 722 278 500 667 "
    "556 833 722 778 667 778 722 667 611 722 667 944 667 667 611 278 278 278 469 556 333 556 "
    "556 500 556 556 278 556 556 222 222 500 222 833 556 556 556 556 333 500 278 556 500 722 "
    "500 500 500 334 260 334 584"
)
_HELVETICA_BOLD = (
    "278 333 474 556 556 889 722 238 333 333 389 584 278 333 278 278 556 556 556 556 556 556 "
    "556 556 556 556 333 333 584 584 584 611 975 722 722 722 722 667 611 778 722 278 556 722 "
    "611 833 722 778 667 778 722 667 611 722 667 944 667 667 611 333 278 333 584 556 333 556 "
    "611 556 611 556 333 611 611 278 278 556 278 889 611 611 611 611 389 556 333 611 556 778 "
    "556 556 500 389 280 389 584"
)
WIDTHS = {
    "F1": {**dict(zip(_ASCII, map(int, _HELVETICA.split()), strict=True)), "×": 584, "·": 278},
    "F2": {**dict(zip(_ASCII, map(int, _HELVETICA_BOLD.split()), strict=True)), "×": 584},
}
"""Advance widths (thousandths of the font size) of the standard fonts'
characters a sheet uses; Courier's are all 600."""


def text_width(text: str, font: str, size: float) -> float:
    """The width of ``text`` set in ``font`` at ``size``."""
    if font == "F3":
        return 0.6 * size * len(text)
    widths = WIDTHS[font]
    return sum(widths.get(ch, 556) for ch in text) * size / 1000


def _num(x: float) -> str:
    return f"{x:.3f}".rstrip("0").rstrip(".") or "0"


def _rgb(c: paper.Colour) -> str:
    return " ".join(_num(v / 255) for v in c)


def _string(text: str) -> bytes:
    raw = text.encode("cp1252", errors="replace")  # the fonts' WinAnsiEncoding
    return b"(" + raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


class _Stream:
    """A page's drawing operators, in points with y up."""

    def __init__(self, height: float) -> None:
        self.height = height
        self.ops: list[bytes] = []

    def xy(self, x: float, y: float) -> str:
        return f"{_num(x * POINTS_PER_MM)} {_num((self.height - y) * POINTS_PER_MM)}"

    def op(self, text: str) -> None:
        self.ops.append(text.encode("ascii"))

    def paint(self, p: paper.Paint) -> str:
        """Sets the paint's colours and width; the operator that paints."""
        if p.fill is not None:
            self.op(f"{_rgb(p.fill)} rg")
        if p.stroke is not None:
            self.op(f"{_rgb(p.stroke)} RG {_num(p.width * POINTS_PER_MM)} w")
        if p.fill is not None and p.stroke is not None:
            return "B"
        return "f" if p.fill is not None else "S" if p.stroke is not None else "n"

    def shape(self, s: paper.Shape) -> None:
        if isinstance(s, paper.Rect):
            how = self.paint(s.paint)
            k = POINTS_PER_MM
            x, y = self.xy(s.x, s.y + s.height).split()
            self.op(f"{x} {y} {_num(s.width * k)} {_num(s.height * k)} re {how}")
        elif isinstance(s, paper.Circle):
            how = self.paint(s.paint)
            self.circle(s.cx, s.cy, s.r)
            self.op(how)
        elif isinstance(s, paper.Lines):
            how = self.paint(s.paint)
            for x1, y1, x2, y2 in s.segments:
                self.op(f"{self.xy(x1, y1)} m {self.xy(x2, y2)} l")
            self.op(how)
        else:
            self.text(s)

    def circle(self, cx: float, cy: float, r: float) -> None:
        h = r * KAPPA
        self.op(f"{self.xy(cx + r, cy)} m")
        quarters = [
            ((cx + r, cy - h), (cx + h, cy - r), (cx, cy - r)),
            ((cx - h, cy - r), (cx - r, cy - h), (cx - r, cy)),
            ((cx - r, cy + h), (cx - h, cy + r), (cx, cy + r)),
            ((cx + h, cy + r), (cx + r, cy + h), (cx + r, cy)),
        ]
        for a, b, c in quarters:
            self.op(f"{self.xy(*a)} {self.xy(*b)} {self.xy(*c)} c")
        self.op("h")

    def text(self, t: paper.Text) -> None:
        font = "F3" if t.mono else "F2" if t.bold else "F1"
        x = t.x
        if t.anchor == "middle":
            x -= text_width(t.text, font, t.size) / 2
        elif t.anchor == "end":
            x -= text_width(t.text, font, t.size)
        size = _num(t.size * POINTS_PER_MM)
        self.op(f"BT {_rgb(t.fill)} rg /{font} {size} Tf {self.xy(x, t.y)} Td")
        self.ops.append(_string(t.text) + b" Tj ET")


class PdfDocument:
    """A PDF file written a page at a time (a context manager): :meth:`add`
    draws one SVG page of a sheet and writes it out."""

    def __init__(self, path: Path, title: str = "pencilbox") -> None:
        self.title = title
        self.file: BinaryIO = path.open("wb")
        self.offsets: dict[int, int] = {}
        self.kids: list[int] = []
        self.pages = 0
        self.next_id = 3  # 1: the catalogue, 2: the page tree, written last
        self.file.write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
        self.fonts = {name: self.obj(self._font(base)) for name, base in FONTS.items()}

    @staticmethod
    def _font(base: str) -> bytes:
        encoding = "" if base == "Courier" else " /Encoding /WinAnsiEncoding"
        return f"<< /Type /Font /Subtype /Type1 /BaseFont /{base}{encoding} >>".encode()

    def obj(self, body: bytes, number: int | None = None) -> int:
        """Write one object (the next number unless ``number``); its number."""
        if number is None:
            number, self.next_id = self.next_id, self.next_id + 1
        self.offsets[number] = self.file.tell()
        self.file.write(f"{number} 0 obj\n".encode() + body + b"\nendobj\n")
        return number

    def add(self, svg: str) -> None:
        """Draw ``svg`` as the next page."""
        page = paper.read(svg)
        stream = _Stream(page.height)
        for shape in page.shapes:
            stream.shape(shape)
        data = zlib.compress(b"\n".join(stream.ops))
        head = f"<< /Length {len(data)} /Filter /FlateDecode >>\nstream\n".encode()
        contents = self.obj(head + data + b"\nendstream")
        fonts = " ".join(f"/{name} {n} 0 R" for name, n in self.fonts.items())
        box = f"0 0 {_num(page.width * POINTS_PER_MM)} {_num(page.height * POINTS_PER_MM)}"
        self.kids.append(
            self.obj(
                f"<< /Type /Page /Parent 2 0 R /MediaBox [{box}] "
                f"/Resources << /Font << {fonts} >> >> /Contents {contents} 0 R >>".encode()
            )
        )
        self.file.flush()
        self.pages += 1

    def close(self) -> None:
        """Write the page tree, the catalogue and the cross references."""
        try:
            kids = " ".join(f"{n} 0 R" for n in self.kids)
            self.obj(f"<< /Type /Pages /Kids [{kids}] /Count {len(self.kids)} >>".encode(), 2)
            self.obj(b"<< /Type /Catalog /Pages 2 0 R >>", 1)
            info = self.obj(b"<< /Title " + _string(self.title) + b" /Creator (pencilbox) >>")
            start = self.file.tell()
            size = self.next_id
            rows = [b"0000000000 65535 f \n"]
            rows += [f"{self.offsets[n]:010d} 00000 n \n".encode() for n in range(1, size)]
            self.file.write(f"xref\n0 {size}\n".encode() + b"".join(rows))
            trailer = f"trailer\n<< /Size {size} /Root 1 0 R /Info {info} 0 R >>\n"
            self.file.write(f"{trailer}startxref\n{start}\n%%EOF\n".encode())
        finally:
            self.file.close()

    def __enter__(self) -> PdfDocument:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
