"""pencilbox: pencil puzzles with a solver inside.

>>> import pencilbox
>>> kind = pencilbox.puzzle("yinyang")
>>> kind.levels
('window', 'border', 'bridge', 'probe')
"""

from __future__ import annotations

from pencilbox.engine.kind import Puzzle, PuzzleKind, puzzle, puzzle_names
from pencilbox.errors import PuzzleError
from pencilbox.puzzles import load_all

load_all()

__all__ = ["Puzzle", "PuzzleKind", "PuzzleError", "puzzle", "puzzle_names"]
__version__ = "0.1.0"
