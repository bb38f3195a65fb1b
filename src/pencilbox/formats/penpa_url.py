"""penpa-edit URLs: ``…/penpa-edit/#m=edit&p=DATA`` (also ``?m=…``, ``m=solve``).

DATA is base64 of raw-deflated text, one part per line:

0. ``square,NX,NY,SIZE,…`` — the grid type, columns and rows of the canvas;
1. the margins ``[top,bottom,left,right]``;
2. the editor's modes (JSON);
3. the problem layer ``pu_q`` and
4. the solution layer ``pu_a`` (JSON; empty in ``m=solve``);
5. the board's cells: point indices, each given as the step from the one before;
6. onward: settings, the version, custom colours, genre tags (line 17).

Before compressing, penpa shortens its JSON keys by a fixed table of
substitutions (``"pu_q"`` → ``zQ``…, a literal ``z`` first becoming ``zZ``);
reading undoes them in reverse order. On a square grid of ``NX`` columns a
cell (row r, column c) is the point ``(r + 2) · (NX + 4) + c + 2``. Each layer
maps a point to what is drawn there: ``number`` (``[text, style, submode]``),
``symbol`` (``[style, shape, layer]``: circles ``circle_L``/``circle_M``, style
1 white and 2 black) and ``surface`` (a colour: 1, 3, 4 and 8 are the shades
penpa's own answer check counts; 2 is white).

This module reads the cells of the board and what each layer draws in them
(numbers, circles, shading), ignoring lines, edges and everything outside
the board, and writes an ``m=edit`` URL of given layers, laid out line by
line as penpa-edit 3.1.4 writes its own. What the cells mean for a puzzle is
:mod:`pencilbox.formats.penpa`'s business.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote

from pencilbox.engine.grid import refuse_size_out_of_range
from pencilbox.errors import ParseError, PuzzleError
from pencilbox.formats.numbers import read_number, shown

HOST = "https://swaroopg92.github.io/penpa-edit/"
MAX_SIDE = 100
"""penpa's largest square grid."""
BASE_TEXT = 64 * 1024
TEXT_PER_CELL = 1024
"""The inflated text read of a penpa-edit URL: at most :data:`BASE_TEXT`
bytes and :data:`TEXT_PER_CELL` for each cell of the grid its first line
names (the URLs pencilbox writes hold 15 to 26 bytes a cell, answers
included; a 30×30 grid allows 0.98 MB), and never more than
:data:`MAX_TEXT`. The
data is refused as soon as it inflates past that, before anything is read."""
MAX_TEXT = 4_000_000
"""The longest inflated text read, whatever grid the URL names."""
HEAD = 512
"""The first bytes inflated, to read the grid's size (its first line)."""

SUBSTITUTIONS = (
    ("z", "zZ"),
    ('"qa"', "z9"),
    ('"pu_q"', "zQ"),
    ('"pu_a"', "zA"),
    ('"grid"', "zG"),
    ('"edit_mode"', "zM"),
    ('"surface"', "zS"),
    ('"line"', "zL"),
    ('"lineE"', "zE"),
    ('"wall"', "zW"),
    ('"cage"', "zC"),
    ('"number"', "zN"),
    ('"symbol"', "zY"),
    ('"special"', "zP"),
    ('"board"', "zB"),
    ('"command_redo"', "zR"),
    ('"command_undo"', "zU"),
    ('"command_replay"', "z8"),
    ('"numberS"', "z1"),
    ('"freeline"', "zF"),
    ('"freelineE"', "z2"),
    ('"thermo"', "zT"),
    ('"arrows"', "z3"),
    ('"direction"', "zD"),
    ('"squareframe"', "z0"),
    ('"polygon"', "z5"),
    ('"deletelineE"', "z4"),
    ('"killercages"', "z6"),
    ('"nobulbthermo"', "z7"),
    ('"__a"', "z_"),
    ("null", "zO"),
)
"""penpa's key shortening, in the order it applies it."""

SHADES = frozenset({1, 3, 4, 8})
"""Surface colours penpa's answer check counts as shaded (dark grey, light
grey, black, grey)."""
BLACK_SURFACE, WHITE_SURFACE = 4, 2
CLUE_COLOUR, ANSWER_COLOUR = 1, 2
"""Number styles: black for the setter's numbers, green for the solver's."""

# What a cell shows, as a puzzle's Style names it.
BLACK_CIRCLE = "black circle"
WHITE_CIRCLE = "white circle"
QUESTION = "empty number"
"""A number cell without a number: ``?`` or a blank in a number's place."""
SHADED = "shaded"
UNSHADED = "unshaded"
"""Painted white, or dotted."""


@dataclass(frozen=True)
class Drawn:
    """What one layer of penpa draws in one cell."""

    text: str | None = None
    circle: int | None = None
    surface: int | None = None
    dot: bool = False

    def shape(self) -> int | str | None:
        """The number, or the name of the shape, this cell shows (None: nothing)."""
        if self.text is not None:
            text = self.text.strip()
            if text in ("", "?"):
                return QUESTION
            n = read_number(text)
            return n if n is not None else f"text {text!r}"
        if self.circle in (1, 2):
            return WHITE_CIRCLE if self.circle == 1 else BLACK_CIRCLE
        if self.surface in SHADES:
            return SHADED
        if self.surface == WHITE_SURFACE or self.dot:
            return UNSHADED
        return None


@dataclass(frozen=True)
class Board:
    """A decoded penpa square grid: its size, both layers by cell, its tags."""

    rows: int
    cols: int
    problem: dict[int, Drawn]
    solution: dict[int, Drawn]
    tags: tuple[str, ...]


# -- decoding ---------------------------------------------------------------------------
_PARAMS = re.compile(r"(?:^|[?#&])m=(?:edit|solve)(?:&|$)")


def looks_like_penpa(text: str) -> bool:
    s = text.strip()
    return "\n" not in s and "p=" in s and (bool(_PARAMS.search(s)) or "penpa-edit" in s)


def _params(url: str) -> dict[str, str]:
    s = url.strip()
    start = max(s.rfind("?"), s.rfind("#"))
    out: dict[str, str] = {}
    for part in s[start + 1 :].split("&"):
        key, _, value = part.partition("=")
        out.setdefault(key, value)
    return out


def decompress(data: str) -> str:
    """The text inside penpa's ``p`` parameter (base64 of raw deflate),
    refused once it inflates past :func:`text_limit` of the grid it names."""
    s = unquote(data).strip().replace(" ", "+")
    s += "=" * (-len(s) % 4)
    try:
        raw = base64.b64decode(s, validate=True)
        inflater = zlib.decompressobj(-15)
        head = inflater.decompress(raw, HEAD)
        limit = text_limit(grid_size(head))
        plain = head + inflater.decompress(inflater.unconsumed_tail, limit - len(head))
        if inflater.unconsumed_tail or inflater.decompress(b"", 1):
            raise ParseError(
                f"the penpa-edit URL holds more data than any board needs: its text is over "
                f"{limit:,} bytes ({limit_words(grid_size(head))}), and pencilbox reads no more"
            )
        return plain.decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError) as e:
        if isinstance(e, PuzzleError):
            raise
        raise ParseError("the p= data of the penpa-edit URL is not penpa's text") from None


def grid_size(head: bytes) -> tuple[int, int] | None:
    """The columns and rows the first line of penpa's text names (None: no
    first line, or no square grid's size on it)."""
    first, newline, _ = head.partition(b"\n")
    parts = first.split(b",")
    if not newline or len(parts) < 3:
        return None
    nx = read_number(parts[1].decode("ascii", "replace").strip())
    ny = read_number(parts[2].decode("ascii", "replace").strip())
    if nx is None or ny is None or not (1 <= nx <= MAX_SIDE and 1 <= ny <= MAX_SIDE):
        return None
    return nx, ny


def text_limit(size: tuple[int, int] | None) -> int:
    """The longest text read for a grid of ``size`` (columns, rows)."""
    cells = size[0] * size[1] if size is not None else 0
    return min(MAX_TEXT, BASE_TEXT + TEXT_PER_CELL * cells)


def limit_words(size: tuple[int, int] | None) -> str:
    """How :func:`text_limit` came to its size, in words."""
    base = f"{BASE_TEXT // 1024} KiB"
    if size is None:
        return f"{base} for a grid of no size pencilbox can read"
    return f"{base} and {TEXT_PER_CELL:,} bytes a cell of its {size[0]}x{size[1]} grid"


def canvas(url: str) -> tuple[int, int] | None:
    """The rows and columns of the grid a penpa-edit URL names, read from
    the first bytes of its data alone (None when they cannot be read): what
    a server needs to know before it reads the whole board."""
    p = _params(url).get("p")
    if not p:
        return None
    s = unquote(p).strip().replace(" ", "+")
    s += "=" * (-len(s) % 4)
    try:
        head = zlib.decompressobj(-15).decompress(base64.b64decode(s, validate=True), HEAD)
    except (binascii.Error, zlib.error, ValueError):
        return None
    size = grid_size(head)
    return None if size is None else (size[1], size[0])


def compress(text: str) -> str:
    deflater = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.b64encode(deflater.compress(text.encode()) + deflater.flush()).decode()


def expand(text: str) -> str:
    for plain, token in reversed(SUBSTITUTIONS):
        text = text.replace(token, plain)
    return text


def shorten(text: str) -> str:
    for plain, token in SUBSTITUTIONS:
        text = text.replace(plain, token)
    return text


def _json(text: str, what: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):  # not JSON, thousands of digits or brackets
        raise ParseError(f"the penpa-edit URL's {what} is not valid JSON") from None


def decode(url: str) -> Board:
    """The square board a penpa-edit URL draws."""
    p = _params(url).get("p")
    if not p:
        raise ParseError("the penpa-edit URL has no p= data")
    lines = expand(decompress(p)).split("\n")
    if len(lines) < 6:
        raise ParseError("the penpa-edit data is cut short")
    header = lines[0].split(",")
    if header[0] not in ("square", "sudoku"):
        raise ParseError(f"pencilbox reads penpa's square grids, not {shown(header[0])} ones")
    nx = read_number(header[1].strip()) if len(header) > 2 else None
    ny = read_number(header[2].strip()) if len(header) > 2 else None
    if nx is None or ny is None or not (1 <= nx <= MAX_SIDE and 1 <= ny <= MAX_SIDE):
        raise ParseError("the penpa-edit data gives no grid size pencilbox can read")
    stride = nx + 4
    centre = _cells(_json(lines[5], "list of cells"), stride, ny + 4)
    top = min(r for r, _ in centre)
    left = min(c for _, c in centre)
    rows = max(r for r, _ in centre) - top + 1
    cols = max(c for _, c in centre) - left + 1
    if len(set(centre)) != rows * cols:
        raise ParseError("the penpa-edit board is not a rectangle of cells")
    refuse_size_out_of_range(rows, cols)

    def cell_of(key: str) -> int | None:
        k = read_number(key.strip()) if isinstance(key, str) else None
        if k is None or k >= stride * (ny + 4):
            return None  # not a cell's centre (an edge, a corner…)
        r, c = divmod(k, stride)
        r, c = r - top, c - left
        return r * cols + c if 0 <= r < rows and 0 <= c < cols else None

    problem = _layer(_json(lines[3], "problem layer"), cell_of)
    solution = _layer(_json(lines[4], "solution layer"), cell_of) if lines[4].strip() else {}
    tags: tuple[str, ...] = ()
    if len(lines) > 17 and lines[17].strip():
        found = _json(lines[17], "genre tags")
        if isinstance(found, list):
            tags = tuple(t for t in found if isinstance(t, str))
    return Board(rows, cols, problem, solution, tags)


def _cells(deltas: object, stride: int, height: int) -> list[tuple[int, int]]:
    if not isinstance(deltas, list) or not deltas:
        raise ParseError("the penpa-edit data lists no cells")
    out = []
    k = 0
    for step in deltas:
        if not isinstance(step, int) or isinstance(step, bool):
            raise ParseError("the penpa-edit list of cells holds something other than numbers")
        k += step
        if not 0 <= k < stride * height:
            raise ParseError("the penpa-edit list of cells leaves the grid")
        out.append(divmod(k, stride))
    return out


def _layer(data: object, cell_of: Any) -> dict[int, Drawn]:
    if not isinstance(data, dict):
        raise ParseError("a penpa-edit layer is not a JSON object")
    found: dict[int, dict[str, Any]] = {}

    def entries(key: str) -> list[tuple[int, Any]]:
        part = data.get(key) or {}
        if not isinstance(part, dict):
            return []
        out = []
        for k, v in part.items():
            cell = cell_of(k)
            if cell is not None:
                out.append((cell, v))
        return out

    for cell, v in entries("number"):
        if isinstance(v, list) and v and isinstance(v[0], str | int) and not isinstance(v[0], bool):
            if len(v) > 2 and v[2] == "7":
                continue  # candidates (small pencil marks)
            found.setdefault(cell, {})["text"] = str(v[0])
    for cell, v in entries("symbol"):
        if isinstance(v, list) and len(v) > 1 and isinstance(v[1], str):
            style, shape = v[0], v[1]
            if shape.startswith("circle") and style in (1, 2):
                found.setdefault(cell, {})["circle"] = style
            elif shape.startswith("dot") or (shape == "battleship_B" and style == 8):
                found.setdefault(cell, {})["dot"] = True
    for cell, v in entries("surface"):
        colour = v[0] if isinstance(v, list) and v else v
        if isinstance(colour, int) and not isinstance(colour, bool):
            found.setdefault(cell, {})["surface"] = colour
    return {cell: Drawn(**parts) for cell, parts in found.items()}


# -- encoding ---------------------------------------------------------------------------
_MODE_Q = {
    "edit_mode": "surface",
    "surface": ["", 1],
    "line": ["1", 2],
    "lineE": ["1", 2],
    "wall": ["", 2],
    "cage": ["1", 10],
    "number": ["1", 1],
    "symbol": ["circle_L", 1],
    "special": ["thermo", ""],
    "board": ["", ""],
    "move": ["1", ""],
    "combi": ["battleship", ""],
    "sudoku": ["1", 1],
}
MODE = {
    "qa": "pu_q",
    "grid": ["1", "2", "1"],
    "pu_q": _MODE_Q,
    "pu_a": {**_MODE_Q, "line": ["1", 3], "lineE": ["1", 3], "wall": ["", 3], "number": ["1", 2]},
}
"""The editor's modes written: penpa's defaults."""
VERSION = [3, 1, 4]
"""The penpa version whose URL layout pencilbox writes."""


def empty_layer() -> dict[str, Any]:
    layer: dict[str, Any] = {k: {"__a": []} for k in ("command_redo", "command_undo")}
    layer["command_replay"] = {"__a": []}
    for key in ("surface", "number", "numberS", "symbol", "freeline", "freelineE"):
        layer[key] = {}
    for key in ("thermo", "arrows", "direction", "squareframe", "polygon"):
        layer[key] = []
    for key in ("line", "lineE", "wall", "cage", "deletelineE"):
        layer[key] = {}
    layer["killercages"] = []
    layer["nobulbthermo"] = []
    return layer


def centre_point(rows: int, cols: int) -> int:
    """The point penpa centres the canvas on (its ``center_n``): the cell,
    vertex or edge midpoint at the middle of the board."""
    nx0, ny0 = cols + 4, rows + 4
    if cols % 2 and rows % 2:
        layer = 0  # a cell's centre
    elif cols % 2:
        layer = 2  # the middle of a horizontal edge
    elif rows % 2:
        layer = 3  # the middle of a vertical edge
    else:
        layer = 1  # a vertex
    return layer * nx0 * ny0 + (ny0 - 1) // 2 * nx0 + (nx0 - 1) // 2


def _dump(obj: object) -> str:
    return json.dumps(obj, separators=(",", ":"))


def encode(
    rows: int, cols: int, problem: dict[str, Any], solution: dict[str, Any], tag: str
) -> str:
    """A penpa-edit ``m=edit`` URL of a square board with these layers."""
    stride = cols + 4
    size = 38
    centre = centre_point(rows, cols)
    header = [
        "square",
        str(cols),
        str(rows),
        str(size),
        "0",
        "1",
        "1",
        str((cols + 1) * size),
        str((rows + 1) * size),
        str(centre),
        str(centre),
        "0",
        "0",
        "0",
        "0",
        "Title: ",
        "Author: ",
        "",
        "",
        "OFF",
        "false",
    ]
    first = 2 * stride + 2
    steps = [first] + [1 if c else stride - cols + 1 for r in range(rows) for c in range(cols)][1:]
    lines = [
        ",".join(header),
        "[0,0,0,0]",
        _dump(MODE),
        _dump(problem),
        _dump(solution),
        _dump(steps),
        "[]",
        "{}",
        '"x"',
        '"x"',
        _dump(VERSION),
        _dump(MODE),
        '"x"',
        "0",
        _dump(empty_layer()),
        _dump(empty_layer()),
        "{}",
        _dump([tag] if tag else []),
        "",
    ]
    return f"{HOST}#m=edit&p={compress(shorten(chr(10).join(lines)))}"


def point(cell: int, cols: int) -> str:
    """The penpa point of cell ``cell`` (row-major) on a board of ``cols`` columns."""
    r, c = divmod(cell, cols)
    return str((r + 2) * (cols + 4) + c + 2)
