"""How Kurotto looks, on screen and on paper: shaded cells and dotted ones
(blank on paper), called "black" and "white" as the hints call them,
numbered circles (an empty circle for one without a number); and on screen,
as its theory, the size of each black block and whether each circle is
satisfied or lost."""

from __future__ import annotations

from pathlib import Path

from pencilbox.engine.frontend import Clue, Example, Frontend, Numbers, Theory, Token

from .model import BLACK, COLOUR, TOKENS, WHITE

FRONTEND = Frontend(
    input="cycle",
    tokens=(
        # named as the ladder's reasons name them (COLOUR): "black" and "white"
        Token(BLACK, TOKENS[BLACK], COLOUR[BLACK], COLOUR[BLACK], "shade", ("1", "b", "x")),
        Token(WHITE, TOKENS[WHITE], COLOUR[WHITE], COLOUR[WHITE], "dot", ("2", "w", ".")),
    ),
    clue=Clue(look="circle", input="numbers", numbers=Numbers(0, "cells-1"), blank=""),
    theory=Theory(
        "blocks",
        "A black block of two or more cells shows its size. Circles get a double "
        "ring when satisfied and sealed, a dashed ring when they can no longer be "
        "satisfied.",
    ),
    module="kurotto.js",
    static_dir=Path(__file__).parent / "static",
    solved="Solved! Every circle counts exactly the black blocks it touches.",
    rules=(
        "Shade some cells black; the circles stay white.",
        "A black block is a group of black cells joined side by side.",
        "The number in a circle is the total size of the black blocks that touch it side "
        "by side; a circle without a number may touch any.",
    ),
    example=Example(
        puzzle=(". 5 . . 5", ". 6 . . 5", ". 5 . . .", ". . . 0 1", ". 2 . 1 ."),
        answer=("o o # # o", "# o # # o", "o o # o o", "# o o o o", "# o o o #"),
    ),
    levels={
        "sum": "Weigh each circle: the blocks touching it now, and the most it could "
        "still reach. When the most equals its number, everything it can reach is black; "
        "when its blocks already make its number, the empty cells around them are white.",
        "door": "A circle that still needs black cells and can reach them through only "
        "one empty cell makes that cell black.",
        "echo": "A cell takes the other colour when one colour there would leave some "
        "circle with too many or too few black cells.",
    },
    checked_when_full="whether each circle counts its blocks right",
)
