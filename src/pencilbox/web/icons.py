"""The installed app's icons, drawn as PNG (no image library): the server serves
them and the static build writes them.

A paper board of 3×3 cells with two dark and two light stones on a navy
ground, everything that matters inside the middle four fifths, so a phone
may cut the icon to a circle or a rounded square ("maskable").
"""

from __future__ import annotations

import struct
import zlib
from functools import cache
from pathlib import Path

SIZES = (192, 512)
GROUND = (0x24, 0x32, 0x4F)
PAPER = (0xF5, 0xF1, 0xE6)
INK = (0x22, 0x22, 0x22)
BOARD = (0.22, 0.78)
"""Where the board lies, as a fraction of the side."""
CELLS = 3
STONES = {(0, 0): INK, (1, 1): INK, (0, 2): PAPER, (2, 1): PAPER}
"""Stones by (row, column): dark, or light with a dark ring."""


def colour(x: float, y: float) -> tuple[int, int, int]:
    """The colour at (x, y), each a fraction of the side from the top left."""
    low, high = BOARD
    if not (low <= x < high and low <= y < high):
        return GROUND
    cell = (high - low) / CELLS
    u, v = (x - low) / cell, (y - low) / cell
    line = 0.05
    if min(u % 1, v % 1) < line / 2 or max(u % 1, v % 1) > 1 - line / 2:
        return INK
    stone = STONES.get((int(v), int(u)))
    if stone is None:
        return PAPER
    r = ((u % 1 - 0.5) ** 2 + (v % 1 - 0.5) ** 2) ** 0.5
    if r > 0.36:
        return PAPER
    return INK if stone == INK or r > 0.29 else PAPER


def png(side: int) -> bytes:
    """The icon as a PNG of ``side`` × ``side`` pixels."""
    rows = bytearray()
    for j in range(side):
        rows.append(0)  # no filter
        for i in range(side):
            rows.extend(colour((i + 0.5) / side, (j + 0.5) / side))
    header = struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(bytes(rows), 9))
        + _chunk(b"IEND", b"")
    )


def _chunk(tag: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))


@cache
def drawn(side: int) -> bytes:
    """The icon as a PNG of ``side`` × ``side`` pixels, drawn once."""
    return png(side)


def write_icons(folder: Path) -> list[Path]:
    """Write ``icon-SIDE.png`` for every size into ``folder``; their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for side in SIZES:
        path = folder / f"icon-{side}.png"
        path.write_bytes(png(side))
        out.append(path)
    return out
