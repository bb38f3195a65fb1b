"""How Cave looks, on screen and on paper: shaded walls, dotted cave cells
(blank on paper), called "wall" and "cave" as the hints call them, plain
numbers ("?" for a clue without one); and on screen the cave's fence as its
theory."""

from __future__ import annotations

from pathlib import Path

from pencilbox.engine.frontend import Clue, Example, Frontend, Numbers, Theory, Token

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
    rules=(
        "Shade some cells as walls; the cells left are the cave.",
        "The cave is one group, joined side by side, and every wall is joined to the edge "
        "of the board through other walls.",
        "Each number is in the cave and counts the cave cells it sees along its row and "
        "its column, itself included, up to the first wall or the edge.",
    ),
    example=Example(
        puzzle=(". 6 8 . 6", ". . 6 . .", ". . . . .", ". . . 5 6", "3 . . . ."),
        answer=("o o o o o", "o o o # o", "# # o # #", "o o o o o", "o o # # o"),
    ),
    levels={
        "count": "Count what each number sees: its own cell and the cave in the four "
        "directions, each direction running up to a wall or the edge, adds up to the number.",
        "corner": "No 2×2 square is a checkerboard of two walls and two cave cells on "
        "the diagonals.",
        "bridge": "Keep the cave in one group and every wall joined to the edge: a cell "
        "that would cut either off takes the other colour.",
    },
    checked_when_full="whether the cave is one group, every wall reaches the edge and "
    "each number sees its count",
)
