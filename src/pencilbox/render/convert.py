"""SVG pages to PNG images and one PDF document.

pencilbox draws both itself from the shapes of its own SVG pages
(:mod:`pencilbox.render.paper`): a PDF with the standard fonts every reader
has, written a page at a time (:mod:`pencilbox.render.pdf`), and PNG images
with Pillow, which installs with pencilbox (:mod:`pencilbox.render.png`).
No system library is needed.
"""

from __future__ import annotations

from pencilbox.errors import PuzzleError
from pencilbox.render.pdf import PdfDocument

__all__ = ["PNG_DPI", "PdfDocument", "RenderUnavailable", "to_png"]

PNG_DPI = 150
"""Resolution of PNG pages: an A4 page is 1240 × 1754 pixels."""


class RenderUnavailable(PuzzleError):
    """PNG asked for without Pillow (a dependency, so only if it was removed)."""


def to_png(svg: str, dpi: int = PNG_DPI) -> bytes:
    """One SVG page as a PNG image at ``dpi``."""
    try:
        from pencilbox.render import png

        return png.draw_page(svg, dpi)
    except ImportError:
        raise RenderUnavailable("PNG needs Pillow: pip install pillow") from None
