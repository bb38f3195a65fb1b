"""pencilbox: pencil puzzles with a solver inside.

>>> import pencilbox
>>> kind = pencilbox.puzzle(pencilbox.puzzle_names()[0])
>>> kind.levels[-1]
'probe'

The names below load on first use, so ``import pencilbox`` alone (the
command's entry point, :mod:`pencilbox.entry`) costs almost nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pencilbox.engine.kind import Puzzle, PuzzleKind
    from pencilbox.engine.registry import puzzle, puzzle_names, register
    from pencilbox.errors import PuzzleError

__all__ = ["Puzzle", "PuzzleKind", "PuzzleError", "puzzle", "puzzle_names", "register"]
__version__ = "0.1.0"

_HOMES = {
    "Puzzle": "pencilbox.engine.kind",
    "PuzzleKind": "pencilbox.engine.kind",
    "puzzle": "pencilbox.engine.registry",
    "puzzle_names": "pencilbox.engine.registry",
    "register": "pencilbox.engine.registry",
    "PuzzleError": "pencilbox.errors",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'pencilbox' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value
