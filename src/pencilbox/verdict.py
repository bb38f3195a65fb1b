"""What an independent validator reports: one violation per broken rule.

Validators import nothing from the engine or the rules; this module is the
only thing they share with the rest of pencilbox.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Violation:
    """A broken rule, in a sentence, with the cells that break it."""

    code: str
    message: str
    cells: tuple[int, ...] = ()
