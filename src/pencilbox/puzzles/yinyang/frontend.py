"""How Yin-Yang looks, on screen and on paper: black and white stones, given
stones as clues; and on screen the frontier between the colours as its
theory."""

from __future__ import annotations

from pathlib import Path

from pencilbox.engine.frontend import Clue, Example, Frontend, Theory, Token

from .model import BLACK, TOKENS, WHITE

FRONTEND = Frontend(
    input="cycle",
    tokens=(
        Token(BLACK, TOKENS[BLACK], "black", "black", "stone-black", ("1", "b", "x")),
        Token(WHITE, TOKENS[WHITE], "white", "white", "stone-white", ("2", "w", ".")),
    ),
    clue=Clue(look="token", input="cycle", cycle=(BLACK, WHITE)),
    theory=Theory(
        "frontier",
        "The purple line is the theory: the frontier between the colours, "
        "one unbroken curve on a solved board.",
    ),
    module="yinyang.js",
    static_dir=Path(__file__).parent / "static",
    solved="Solved! The frontier between the colours is one unbroken curve, as it must be.",
    rules=(
        "Paint every cell black or white; the stones printed on the board stay as they are.",
        "All the black cells form one group, joined side by side, and so do all the white cells.",
        "No 2×2 square is all one colour.",
    ),
    example=Example(
        puzzle=(". # # . o", "# . . . o", "# . . o .", "o # # . o", ". o o o ."),
        answer=("# # # # o", "# o o # o", "# # o o o", "o # # # o", "o o o o o"),
    ),
    levels={
        "window": "Look at 2×2 squares: none may be one colour, and none may be "
        "a checkerboard of two blacks and two whites on the diagonals.",
        "border": "Walk round the edge of the board: each colour makes one unbroken "
        "stretch of it, so the edge changes colour at most twice.",
        "bridge": "Keep each colour in one group: a cell whose colour would cut a "
        "group off, or shut it in, takes the other colour.",
    },
    checked_when_full="whether each colour is one group",
)
