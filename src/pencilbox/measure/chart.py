"""Hand-written SVG line charts and markdown tables (no plotting dependency)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

DASHES = ("", "7 4", "2 3")
"""Line styles cycled with the colours so that coinciding lines stay visible."""
PALETTE = (
    "#1f77b4",
    "#d62728",
    "#2ca02c",
    "#ff7f0e",
    "#9467bd",
    "#8c564b",
    "#e377c2",
    "#7f7f7f",
    "#bcbd22",
    "#17becf",
)

Series = Mapping[str, Sequence[float | None]]


def line_chart(
    title: str,
    xlabels: Sequence[str],
    series: Series,
    xlabel: str = "",
    ylabel: str = "",
    ymax: float | None = 1.0,
) -> str:
    """An SVG line chart: one line per series over categorical x positions.

    ``None`` values leave gaps. ``ymax`` None scales the y axis to the data.
    """
    width, height = 640, 400
    left, right, top, bottom = 60, 160, 40, 50
    pw, ph = width - left - right, height - top - bottom
    values = [v for vs in series.values() for v in vs if v is not None]
    top_value = ymax if ymax is not None else (max(values) if values else 1.0) or 1.0
    n = max(len(xlabels), 1)

    def x(i: int) -> float:
        return left + (pw * (i + 0.5) / n)

    def y(v: float) -> float:
        return top + ph - ph * min(max(v / top_value, 0.0), 1.0)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{left + pw / 2}" y="22" text-anchor="middle" font-size="15">'
        f"{escape(title)}</text>",
        f'<rect x="{left}" y="{top}" width="{pw}" height="{ph}" fill="none" stroke="#444"/>',
    ]
    for tick in range(5):
        v = top_value * tick / 4
        yy = y(v)
        out.append(
            f'<line x1="{left}" y1="{yy:.1f}" x2="{left + pw}" y2="{yy:.1f}" stroke="#ddd"/>'
        )
        out.append(f'<text x="{left - 6}" y="{yy + 4:.1f}" text-anchor="end">{v:.3g}</text>')
    for i, lab in enumerate(xlabels):
        out.append(
            f'<text x="{x(i):.1f}" y="{top + ph + 18}" text-anchor="middle">'
            f"{escape(str(lab))}</text>"
        )
    out.append(
        f'<text x="{left + pw / 2}" y="{height - 10}" text-anchor="middle">{escape(xlabel)}</text>'
    )
    out.append(
        f'<text x="16" y="{top + ph / 2}" text-anchor="middle" '
        f'transform="rotate(-90 16 {top + ph / 2})">{escape(ylabel)}</text>'
    )
    for k, (name, vs) in enumerate(series.items()):
        colour = PALETTE[k % len(PALETTE)]
        dash = DASHES[k % len(DASHES)]
        style = f' stroke-dasharray="{dash}"' if dash else ""
        runs: list[list[str]] = [[]]
        for i, point in enumerate(vs):
            if point is None:
                runs.append([])
                continue
            runs[-1].append(f"{x(i):.1f},{y(point):.1f}")
            out.append(f'<circle cx="{x(i):.1f}" cy="{y(point):.1f}" r="3" fill="{colour}"/>')
        for run in runs:
            if len(run) > 1:
                out.append(
                    f'<polyline points="{" ".join(run)}" fill="none" '
                    f'stroke="{colour}" stroke-width="2"{style}/>'
                )
        ly = top + 14 + 18 * k
        out.append(
            f'<line x1="{left + pw + 12}" y1="{ly - 4}" x2="{left + pw + 32}" '
            f'y2="{ly - 4}" stroke="{colour}" stroke-width="2"{style}/>'
        )
        out.append(f'<text x="{left + pw + 38}" y="{ly}">{escape(name)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def cell(v: object) -> str:
    if v is None:
        return "–"
    if isinstance(v, float):
        return f"{v:.3f}"
    return str(v)


def table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A markdown table."""
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(cell(v) for v in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"
