"""SVG pages to PNG images and one PDF document.

CairoSVG draws each page with the cairo library: a PNG image each, or one
page after another onto a single cairo PDF surface that writes each page
to its file as it is finished (:class:`PdfDocument`), so a document of
any number of pages takes the memory of one. CairoSVG comes with
``pip install 'pencilbox[render]'``; cairo itself is a system library
(Debian: ``libcairo2``).
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType, TracebackType
from typing import Any, BinaryIO

from pencilbox.errors import PuzzleError

PNG_DPI = 150
"""Resolution of PNG pages: an A4 page is 1240 × 1754 pixels."""


class RenderUnavailable(PuzzleError):
    """PNG or PDF asked for without CairoSVG or the cairo library."""


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


class PdfDocument:
    """A PDF file written a page at a time (a context manager): :meth:`add`
    draws one SVG page onto the document's cairo surface and finishes it."""

    def __init__(self, path: Path, title: str = "pencilbox") -> None:
        self.cairosvg = _cairosvg()
        import cairocffi

        self.cairo = cairocffi
        self.title = title
        self.file: BinaryIO = path.open("wb")
        self.surface: Any = None
        self.pages = 0

    def add(self, svg: str) -> None:
        """Draw ``svg`` as the next page."""
        from cairosvg.parser import Tree
        from cairosvg.surface import PDFSurface

        document = self

        class Page(PDFSurface):  # type: ignore[misc]
            """CairoSVG's PDF drawing, onto the document's one surface."""

            def _create_surface(self, width: float, height: float) -> tuple[Any, float, float]:
                return document.surface_of(width, height), width, height

        try:
            Page(Tree(bytestring=svg.encode("utf-8")), None, 96)
            self.surface.show_page()
        except self.cairo.CairoError as e:  # the file could not take the page
            raise OSError(f"cairo: {e}") from None
        self.pages += 1

    def surface_of(self, width: float, height: float) -> Any:
        """The document's surface (made with the first page's size)."""
        if self.surface is None:
            cairo = self.cairo
            self.surface = cairo.PDFSurface(self.file, width, height)
            self.surface.set_metadata(cairo.PDF_METADATA_TITLE, self.title)
            self.surface.set_metadata(cairo.PDF_METADATA_CREATOR, "pencilbox")
        return self.surface

    def close(self) -> None:
        try:
            if self.surface is not None:
                self.surface.finish()
        except self.cairo.CairoError as e:
            raise OSError(f"cairo: {e}") from None
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
