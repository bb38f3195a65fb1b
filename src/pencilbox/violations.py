"""What an independent validator reports: one violation per broken rule.

Validators import nothing from the engine or the rules; this module is the
only thing they share with the rest of pencilbox.

Each violation says whether it is *local*: broken by the marks already made,
so that no filling of the empty cells can repair it (a 2×2 of one colour, a
number written twice, a clue cell shaded). A violation that is not local (a
colour divided, a count not yet reached, an empty cell) may still be mended
by the cells left to fill. The web app's Check reports only the local ones on
a partly filled board, and every one on a full board.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Violation:
    """A broken rule, in a sentence, with the cells that break it.

    ``local`` (always given, by keyword) is true when no filling of the
    empty cells can repair it.
    """

    code: str
    message: str
    cells: tuple[int, ...] = ()
    local: bool = field(kw_only=True)
