"""How Numbrix looks, on screen and on paper: numbers 1 … R·C (typed by the
player), printed numbers as clues; and on screen the walk through
consecutive numbers as its theory."""

from __future__ import annotations

from pathlib import Path

from pencilbox.engine.frontend import Clue, Frontend, Numbers, Theory

FRONTEND = Frontend(
    input="numbers",
    numbers=Numbers(1, "cells"),
    clue=Clue(look="token", input="numbers", numbers=Numbers(1, "cells")),
    theory=Theory(
        "walk",
        "The purple line is the theory: the walk, joining consecutive numbers placed side by side.",
    ),
    module="numbrix.js",
    static_dir=Path(__file__).parent / "static",
    solved="Solved! The walk runs from 1 to the last number through every cell, "
    "one step at a time.",
)
