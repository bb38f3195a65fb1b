"""SVG pages to PNG images and one PDF document.

CairoSVG draws each page with the cairo library; pypdf joins the one-page
PDFs into a document. Both come with ``pip install 'pencilbox[render]'``;
cairo itself is a system library (Debian: ``libcairo2``).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from types import ModuleType

from pencilbox.errors import PuzzleError

PNG_DPI = 150
"""Resolution of PNG pages: an A4 page is 1240 × 1754 pixels."""


class RenderUnavailable(PuzzleError):
    """PNG or PDF asked for without CairoSVG, pypdf or the cairo library."""


def _cairosvg() -> ModuleType:
    try:
        import cairosvg
    except ImportError:
        raise RenderUnavailable(
            "PNG and PDF need CairoSVG: pip install 'pencilbox[render]'"
        ) from None
    except OSError:
        raise RenderUnavailable(
            "PNG and PDF need the cairo library (Debian: apt-get install libcairo2)"
        ) from None
    module: ModuleType = cairosvg
    return module


def to_png(svg: str, dpi: int = PNG_DPI) -> bytes:
    """One SVG page as a PNG image at ``dpi``."""
    data: bytes = _cairosvg().svg2png(bytestring=svg.encode("utf-8"), dpi=dpi)
    return data


def to_pdf(pages: Sequence[str], title: str = "pencilbox") -> bytes:
    """SVG pages as one PDF document, a page each."""
    cairosvg = _cairosvg()
    try:
        from pypdf import PdfReader, PdfWriter
    except ImportError:
        raise RenderUnavailable("PDF needs pypdf: pip install 'pencilbox[render]'") from None
    writer = PdfWriter()
    for svg in pages:
        one = cairosvg.svg2pdf(bytestring=svg.encode("utf-8"))
        writer.append(PdfReader(io.BytesIO(one)))
    writer.add_metadata({"/Title": title, "/Creator": "pencilbox"})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
