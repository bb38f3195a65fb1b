"""The setter's studio: a verdict on a board as it is being made, and helpers
that improve it (redundant clues, a clue that removes a second answer,
thinning to a grade). Puzzle-agnostic: every puzzle goes through its kind."""

from pencilbox.studio.analyze import Analysis, analyze

__all__ = ["Analysis", "analyze"]
