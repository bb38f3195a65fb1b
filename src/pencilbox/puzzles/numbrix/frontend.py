"""How Numbrix looks, on screen and on paper: numbers 1 … R·C (typed by the
player), printed numbers as clues; and on screen the walk through
consecutive numbers as its theory."""

from __future__ import annotations

from pathlib import Path

from pencilbox.engine.frontend import Clue, Example, Frontend, Numbers, Theory

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
    rules=(
        "Write the numbers from 1 to the number of cells, each once; the printed numbers "
        "stay as they are.",
        "Each number stands beside the next one, side by side and never diagonally, so "
        "1, 2, 3, … walk through every cell of the board.",
    ),
    example=Example(
        puzzle=(". . . .", ". . . .", ". 16 . .", ". 1 . 11"),
        answer=("5 6 7 8", "4 15 14 9", "3 16 13 10", "2 1 12 11"),
    ),
    levels={
        "pin": "A number already on the board goes nowhere else, and a number left "
        "with one possible cell goes there.",
        "link": "Each number needs the number before it and the number after it in "
        "cells beside it.",
        "block": "A run of consecutive numbers needs as many cells as it has numbers: "
        "when just that many cells can take them, those cells hold nothing else.",
        "edge": "Look at the walk itself: each cell joins two neighbours (1 and the last "
        "number one), the walk never closes into a loop, and it reaches every cell.",
    },
    checked_when_full="",  # every rule holds of a board as it fills
)
