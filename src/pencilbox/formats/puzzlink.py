"""puzz.link URLs: the community's interchange format.

``https://puzz.link/p?<type>[_edit|_play]/[v:<id>/]<cols>/<rows>/<body>``;
width before height, cells row-major. This module knows the URL frame and the
two body encodings the supported types use (base-27 triples, the number-16
stream); each puzzle's ``model.py`` says what the decoded values mean.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass

from pencilbox.errors import ParseError
from pencilbox.formats.numbers import is_number, read_number, shown

HOST = "https://puzz.link/p?"
_PREFIX = re.compile(
    r"^(?:https?://)?(?:puzz\.link/p\?|pzv\.jp/p\.html\?|pzprxs\.vercel\.app/p\?|[^?\s]*\?)?"
)


class VariantRulesWarning(UserWarning):
    """A URL marked ``v:`` uses variant rules; pencilbox checks the base rules."""


@dataclass(frozen=True)
class Frame:
    """The parts of a puzzle URL around its body."""

    type: str
    cols: int
    rows: int
    body: str
    variant: bool = False


def looks_like_url(text: str) -> bool:
    t = text.strip()
    return (
        "?" in t or t.startswith(("http://", "https://")) or bool(re.match(r"^[a-z]+/\d+/\d+/", t))
    )


def parse_frame(url: str) -> Frame:
    """Split a puzzle URL into type, size and body (the body is not decoded)."""
    text = url.strip()
    m = _PREFIX.match(text)
    rest = text[m.end() :] if m else text
    parts = rest.split("/")
    if len(parts) < 3:
        raise ParseError(
            f"not a puzzle URL (expected TYPE/COLS/ROWS/BODY): {shown(url.strip(), 60)}"
        )
    kind = parts[0]
    for suffix in ("_edit", "_play"):
        if kind.endswith(suffix):
            kind = kind[: -len(suffix)]
    parts = parts[1:]
    variant = False
    if parts and parts[0].startswith("v:"):
        variant = True
        parts = parts[1:]
    if len(parts) < 2 or not is_number(parts[0]) or not is_number(parts[1]):
        raise ParseError(f"puzzle URL has no COLS/ROWS after the type: {shown(url.strip(), 60)}")
    cols, rows = read_number(parts[0]), read_number(parts[1])
    assert cols is not None and rows is not None
    body = "/".join(parts[2:])
    if variant:
        warnings.warn(
            f"This {kind} URL is marked v: (variant rules); pencilbox checks the base rules.",
            VariantRulesWarning,
            stacklevel=2,
        )
    return Frame(kind.lower(), cols, rows, body, variant)


def format_url(kind: str, cols: int, rows: int, body: str, host: str = HOST) -> str:
    return f"{host}{kind}/{cols}/{rows}/{body}"


def _strip_end(body: str) -> str:
    """The body without the one ``/`` that may close it (puzz.link writes
    one after a body that ends in a sign)."""
    return body[:-1] if body.endswith("/") else body


# -- base-27 triples (two given colours) -----------------------------------------
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


def decode_base27(body: str, cells: int) -> list[int]:
    """Cell values 0..2, three per character (9a + 3b + c)."""
    out: list[int] = []
    body = _strip_end(body)
    for i, ch in enumerate(body):
        if len(out) >= cells:
            raise ParseError(f"URL body: {shown(body[i:], 20)} follows the last cell")
        k = _DIGITS.find(ch.lower())
        if not 0 <= k < 27:
            raise ParseError(f"character {ch!r} is not a base-27 digit in the URL body")
        out.extend((k // 9, k // 3 % 3, k % 3))
    if len(out) < cells:
        raise ParseError(f"URL body too short: {len(out)} of {cells} cells")
    return out[:cells]


def encode_base27(values: list[int]) -> str:
    padded = values + [0] * (-len(values) % 3)
    return "".join(
        _DIGITS[9 * padded[i] + 3 * padded[i + 1] + padded[i + 2]] for i in range(0, len(padded), 3)
    )


# -- the number-16 stream (numbered clues) ------------------------------------------
CLUE_WITHOUT_NUMBER = -1
_WIDE = {
    "-": (2, 0),
    "+": (3, 0),
    "=": (3, 4096),
    "%": (3, 8192),
    "@": (3, 8192),
    "*": (4, 12240),
    "$": (5, 77776),
}


def decode_number16(body: str, cells: int) -> list[int | None]:
    """Clues (``None`` empty, -1 a clue without a number) for ``cells`` cells."""
    out: list[int | None] = []
    body = _strip_end(body)
    i = 0
    n = len(body)
    while i < n:
        if len(out) >= cells:
            raise ParseError(f"URL body: {shown(body[i:], 20)} follows the last cell")
        ch = body[i]
        if ch in "0123456789abcdef":
            out.append(int(ch, 16))
            i += 1
        elif ch in _WIDE:
            width, base = _WIDE[ch]
            digits = body[i + 1 : i + 1 + width]
            if len(digits) != width or any(d not in "0123456789abcdefABCDEF" for d in digits):
                raise ParseError(f"URL body: {ch!r} needs {width} hex digits at position {i}")
            out.append(int(digits, 16) + base)
            i += 1 + width
        elif ch == ".":
            out.append(CLUE_WITHOUT_NUMBER)
            i += 1
        elif "g" <= ch <= "z":
            out.extend([None] * (ord(ch) - ord("f")))
            i += 1
        else:
            raise ParseError(f"URL body: {ch!r} at position {i} is not a clue or a gap")
    if len(out) < cells:
        out.extend([None] * (cells - len(out)))
    return out[:cells]


def _encode_clue(v: int) -> str:
    if v == CLUE_WITHOUT_NUMBER:
        return "."
    if 0 <= v < 16:
        return f"{v:x}"
    if v < 256:
        return f"-{v:02x}"
    if v < 4096:
        return f"+{v:03x}"
    if v < 8192:
        return f"={v - 4096:03x}"
    if v < 12288:
        return f"%{v - 8192:03x}"
    if v < 77776:
        return f"*{v - 12240:04x}"
    return f"${v - 77776:05x}"


def encode_number16(clues: list[int | None]) -> str:
    parts: list[str] = []
    run = 0
    for v in clues:
        if v is None:
            run += 1
            if run == 20:
                parts.append("z")
                run = 0
            continue
        if run:
            parts.append(chr(ord("f") + run))
            run = 0
        parts.append(_encode_clue(v))
    if run:
        parts.append(chr(ord("f") + run))
    body = "".join(parts)
    if body and not body[-1].isalnum():
        body += "/"
    return body
