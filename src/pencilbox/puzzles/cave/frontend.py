"""How Cave looks, on screen and on paper: shaded walls, dotted cave cells
(blank on paper), called "wall" and "cave" as the hints call them, plain
numbers ("?" for a clue without one); and on screen the cave's fence as its
theory."""

from __future__ import annotations

from pathlib import Path

from pencilbox.engine.frontend import Clue, Frontend, Numbers, Theory, Token

from .model import CAVE, COLOUR, TOKENS, WALL

FRONTEND = Frontend(
    input="cycle",
    tokens=(
        # named as the ladder's reasons name them (COLOUR): "r2c3 is a wall", "is cave"
        Token(WALL, TOKENS[WALL], COLOUR[WALL], f"a {COLOUR[WALL]}", "shade", ("1", "b", "x")),
        Token(CAVE, TOKENS[CAVE], COLOUR[CAVE], COLOUR[CAVE], "dot", ("2", "w", ".")),
    ),
    clue=Clue(look="number", input="numbers", numbers=Numbers(1, "rows+cols-1"), blank="?"),
    theory=Theory(
        "fence",
        "The purple line is the theory: the cave's fence, along every side of a "
        "cave cell that faces a wall or the border.",
    ),
    module="cave.js",
    static_dir=Path(__file__).parent / "static",
    solved="Solved! The fence around the cave closes into one loop: the Corral is solved too.",
)
