"""pencilbox: pencil puzzles with a solver inside.

>>> import pencilbox
>>> kind = pencilbox.puzzle(pencilbox.puzzle_names()[0])
>>> kind.levels[-1]
'probe'
"""

from __future__ import annotations

from pencilbox.engine.kind import Puzzle, PuzzleKind
from pencilbox.engine.registry import puzzle, puzzle_names, register
from pencilbox.errors import PuzzleError

__all__ = ["Puzzle", "PuzzleKind", "PuzzleError", "puzzle", "puzzle_names", "register"]
__version__ = "0.1.0"
