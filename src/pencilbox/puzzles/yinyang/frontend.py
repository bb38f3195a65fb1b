"""How Yin-Yang looks, on screen and on paper: black and white stones, given
stones as clues; and on screen the frontier between the colours as its
theory."""

from __future__ import annotations

from pathlib import Path

from pencilbox.engine.frontend import Clue, Frontend, Theory, Token

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
    solved="Solved! The frontier between the colors is one unbroken curve, as it must be.",
)
