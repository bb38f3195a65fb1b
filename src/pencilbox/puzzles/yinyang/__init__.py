"""Yin-Yang: paint every cell black or white; each colour connected, no
monochrome 2×2. The frontier between the colours is one curve."""

from __future__ import annotations

from collections.abc import Sequence

from pencilbox.engine.kind import MeasureDefaults, Puzzle, PuzzleKind, Values, flipped
from pencilbox.engine.state import State
from pencilbox.formats.text import GridText

from . import brute, certificates, generate, model, rules, validate
from .frontend import FRONTEND
from .samples import SAMPLES


class YinYang(PuzzleKind):
    title = "Yin-Yang"
    samples = SAMPLES
    summary = (
        "Paint every cell black or white: each colour one connected group, no 2×2 of one colour."
    )
    aliases = ("yin-yang", "shirokuro")
    notations = {"pzprv3": model.PZPRV3, "penpa": model.PENPA, "janko": model.JANKO}
    measure_defaults = MeasureDefaults(0.5, 0.9, (0.3, 0.4, 0.5, 0.6, 0.7, 0.8))
    certificate, certificate_short = "silent flip", "flip"

    def start(self, p: Puzzle) -> State[model.Board]:
        return State(model.Board.of(p), [3 if v is None else 1 << v for v in p.clues])

    def silent_flips(self, p: Puzzle, solution: Sequence[int]) -> list[int]:
        return certificates.silent_flips(p, solution)

    def second_solution(self, p: Puzzle, answer: Sequence[int]) -> Values | None:
        return flipped(answer, self.silent_flips(p, answer))

    def is_certificate_free(self, p: Puzzle, answer: Sequence[int]) -> bool:
        return not self.silent_flips(p, answer)

    def density_figures(self, p: Puzzle, answer: Sequence[int], density: float) -> dict[str, float]:
        """E[d^flippable]: the chance that no flippable cell is a given."""
        return {"flip_expectation": density ** len(certificates.flippable(p, answer))}


KIND = YinYang(
    model.NAME,
    model,
    rules.LADDER,
    validate,
    brute,
    generate,
    GridText(model.NAME, model),
    FRONTEND,
)
