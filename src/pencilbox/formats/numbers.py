"""Numbers as boards and URLs write them: ASCII digits, and not too many.

``str.isdigit()`` says yes to ``"²"`` and ``"٣"``; ``int()`` refuses the first
and reads the second, and refuses numbers over 4300 digits. Every parser
reads a number through :func:`read_number`, so such input gets one clear
:class:`~pencilbox.errors.ParseError` (or is simply not a number).
"""

from __future__ import annotations

from pencilbox.errors import ParseError

MAX_DIGITS = 7
"""The longest number a board, a URL frame or a marks grid may hold."""


def shown(text: str, width: int = 24) -> str:
    """``text`` quoted for an error message, cut to ``width`` characters."""
    return repr(text if len(text) <= width else text[:width] + "…")


def is_number(token: str) -> bool:
    """Whether ``token`` is written in the ASCII digits 0-9 alone."""
    return bool(token) and token.isascii() and token.isdigit()


def read_number(token: str) -> int | None:
    """The value of a token of ASCII digits; None for any other token.

    Raises ParseError for a number of more than :data:`MAX_DIGITS` digits.
    """
    if not is_number(token):
        return None
    if len(token) > MAX_DIGITS:
        raise ParseError(
            f"the number {shown(token, 12)} has {len(token)} digits; "
            f"a board holds numbers of at most {MAX_DIGITS}"
        )
    return int(token)
