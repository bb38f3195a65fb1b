"""Sheets as PNG images, drawn by pencilbox with Pillow.

Each page's shapes (:mod:`pencilbox.render.paper`) are drawn at twice the
resolution asked for and scaled down, which smooths the circles' edges.
Text is set in DejaVu Sans (bold, and Mono for URLs) when the system has
it, as the SVG asks first, else in Liberation Sans, else in the font that
comes with Pillow itself, so a machine with no fonts still prints.
"""

from __future__ import annotations

import io
from functools import cache
from typing import Any

from pencilbox.render import paper

SUPERSAMPLE = 2
FACES = {
    (False, False): ("DejaVuSans.ttf", "LiberationSans-Regular.ttf"),
    (True, False): ("DejaVuSans-Bold.ttf", "LiberationSans-Bold.ttf"),
    (False, True): ("DejaVuSansMono.ttf", "LiberationMono-Regular.ttf"),
    (True, True): ("DejaVuSansMono-Bold.ttf", "LiberationMono-Bold.ttf"),
}
"""The font files tried for (bold, mono), in order."""


@cache
def font(bold: bool, mono: bool, pixels: int) -> Any:
    """A font of ``pixels`` size: the system's, else Pillow's own."""
    from PIL import ImageFont

    for name in FACES[bold, mono]:
        try:
            return ImageFont.truetype(name, pixels)
        except OSError:
            continue
    return ImageFont.load_default(pixels)


def draw_page(svg: str, dpi: int) -> bytes:
    """One SVG page of a sheet as a PNG image at ``dpi``."""
    from PIL import Image, ImageDraw

    page = paper.read(svg)
    k = dpi / 25.4 * SUPERSAMPLE  # pixels per millimetre while drawing
    size = (round(page.width * dpi / 25.4), round(page.height * dpi / 25.4))
    image = Image.new("RGB", (size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE), "white")
    pen = ImageDraw.Draw(image)

    def stroke(p: paper.Paint) -> int:
        return max(1, round(p.width * k))

    for s in page.shapes:
        if isinstance(s, paper.Rect | paper.Circle):
            p = s.paint
            w = stroke(p) if p.stroke is not None else 0
            grow = w / 2  # a stroke is centred on the outline
            if isinstance(s, paper.Rect):
                box = [s.x * k - grow, s.y * k - grow, (s.x + s.width) * k + grow]
                box.append((s.y + s.height) * k + grow)
                pen.rectangle(box, fill=p.fill, outline=p.stroke, width=w)
            else:
                r = s.r * k + grow
                box = [s.cx * k - r, s.cy * k - r, s.cx * k + r, s.cy * k + r]
                pen.ellipse(box, fill=p.fill, outline=p.stroke, width=w)
        elif isinstance(s, paper.Lines):
            for x1, y1, x2, y2 in s.segments:
                pen.line(
                    [x1 * k, y1 * k, x2 * k, y2 * k], fill=s.paint.stroke, width=stroke(s.paint)
                )
        else:
            anchor = {"middle": "ms", "end": "rs"}.get(s.anchor, "ls")
            face = font(s.bold, s.mono, max(1, round(s.size * k)))
            pen.text((s.x * k, s.y * k), s.text, fill=s.fill, font=face, anchor=anchor)
    out = io.BytesIO()
    image.resize(size, Image.Resampling.LANCZOS).save(out, "PNG", dpi=(dpi, dpi))
    return out.getvalue()
