"""How Cave looks, on screen and on paper: shaded walls, dotted cave cells
(blank on paper), plain numbers ("?" for a clue without one); and on screen
the cave's fence as its theory."""

from __future__ import annotations

from pathlib import Path

from pencilbox.engine.frontend import Clue, Frontend, Numbers, Theory, Token

from .model import CAVE, TOKENS, WALL

FRONTEND = Frontend(
    input="cycle",
    tokens=(
        Token(WALL, TOKENS[WALL], "shaded", "a wall (shaded)", "shade", ("1", "b", "x")),
        Token(CAVE, TOKENS[CAVE], "dot", "cave (dot)", "dot", ("2", "w", ".")),
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
