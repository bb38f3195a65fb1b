"""Command-line numbers within sane bounds, written with ASCII digits.

Each factory returns an ``argparse`` type that refuses, with one clear
message (exit status 2), a value that is not a plain number or lies outside
its bounds: a negative budget, a zero worker count, a deadline of ``nan`` or
of a year. ``int()`` alone accepts ``"１２"`` and ``"٦"`` and refuses ``"6²"``
with an unhelpful message; these accept only ASCII digits. :func:`number`
reads one number of a list the same way (sizes, densities).
"""

from __future__ import annotations

import argparse
import math
import re
from collections.abc import Callable

from pencilbox.errors import ParseError

MAX_SECONDS = 24 * 3600.0
"""The longest deadline a command accepts (one day)."""
MAX_BUDGET = 10**9
"""The largest node budget a command accepts."""
MAX_WORKERS = 256
"""The most worker processes a command starts."""

_INT = re.compile(r"^[+-]?[0-9]{1,20}$")
_FLOAT = re.compile(
    r"^[+-]?(?:[0-9]{1,18}(?:\.[0-9]{0,18})?|\.[0-9]{1,18})(?:[eE][+-]?[0-9]{1,3})?$"
)


def bounded_int(low: int, high: int, what: str = "a whole number") -> Callable[[str], int]:
    """An argparse type: an ASCII integer in ``low..high``."""

    def parse(text: str) -> int:
        t = text.strip()
        if not _INT.match(t):
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not {what}")
        value = int(t)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is outside {low}..{high}")
        return value

    parse.__name__ = what  # argparse names the type in its messages
    return parse


def bounded_float(
    low: float, high: float, what: str = "a number", open_low: bool | None = None
) -> Callable[[str], float]:
    """An argparse type: a finite ASCII decimal number in ``low..high``
    (``low`` excluded when ``open_low``, by default when it is 0: a
    deadline of no time is no deadline)."""
    excluded = low == 0 if open_low is None else open_low

    def parse(text: str) -> float:
        t = text.strip()
        if not _FLOAT.match(t):
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not {what}")
        value = float(t)
        if not math.isfinite(value) or value > high or value < low or (excluded and value == low):
            bound = f"more than {low:g}" if excluded else f"at least {low:g}"
            raise argparse.ArgumentTypeError(f"{text} must be {bound} and at most {high:g}")
        return value

    parse.__name__ = what
    return parse


def number(text: str, cast: Callable[[str], float], what: str) -> float:
    """``text`` read by ``cast`` (``int`` or ``float``) when it is a number
    written with ASCII digits; :class:`ParseError` naming ``what`` otherwise."""
    t = text.strip()
    pattern = _INT if cast is int else _FLOAT
    if not pattern.match(t):
        raise ParseError(f"cannot read {what} {text[:40]!r}: write it with the digits 0-9")
    return cast(t)


seconds = bounded_float(0.0, MAX_SECONDS, "a number of seconds")
budget = bounded_int(1, MAX_BUDGET, "a work budget")
workers = bounded_int(1, MAX_WORKERS, "a worker count")
side = bounded_int(1, 10_000, "a board side")
"""A number of rows or columns (each command says which it can make)."""
share = bounded_float(0.0, 1.0, "a share from 0 to 1", open_low=False)
"""A share of the cells, such as the clue density."""
