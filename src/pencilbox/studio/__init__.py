"""The setter's studio: helpers that improve a board as it is being made
(redundant clues, a clue that removes a second answer, thinning to a grade).
The verdict itself is the one every surface gives
(:mod:`pencilbox.engine.verdict`). Puzzle-agnostic: every puzzle goes through
its kind."""

from pencilbox.studio.helpers import NotReady, redundant, suggest, thin

__all__ = ["NotReady", "redundant", "suggest", "thin"]
