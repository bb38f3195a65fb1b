"""Kurotto: shade cells so that each circled number equals the total size of
the black blocks touching it. No connectivity, no 2×2 ban: arithmetic only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pencilbox.engine import search
from pencilbox.engine.budget import Budget
from pencilbox.engine.kind import MeasureDefaults, Puzzle, PuzzleKind, Study, Verdict
from pencilbox.engine.ladder import Status
from pencilbox.engine.results import GapCheck, Values
from pencilbox.engine.state import State, single_value
from pencilbox.formats.text import GridText

from . import brute, certificates, generate, model, rules, sketch, validate
from .certificates import OracleResult
from .frontend import FRONTEND
from .samples import SAMPLES

__all__ = ["KIND", "GapCheck", "Kurotto"]


class Kurotto(PuzzleKind):
    title = "Kurotto"
    samples = SAMPLES
    summary = (
        "Shade cells so that each circled number is the total size of the black blocks touching it."
    )
    notations = {"pzprv3": model.PZPRV3, "penpa": model.PENPA, "janko": model.JANKO}
    measure_defaults = MeasureDefaults(0.8, 0.9, (0.5, 0.6, 0.7, 0.8, 0.9, 1.0))
    style = generate.SETTER
    certificate, certificate_short = "silent flip", "flip"
    unique_note = "boards that pass the oracle's three certificates and its search"

    def start(self, p: Puzzle) -> State[model.Board]:
        return State(model.Board.of(p), [3 if v is None else 1 << model.WHITE for v in p.clues])

    # -- uniqueness --------------------------------------------------------------
    def silent_flips(self, p: Puzzle, solution: Sequence[int]) -> list[int]:
        return certificates.silent_flips(p, solution)

    def sketch(self, p: Puzzle, budget: Budget) -> tuple[tuple[Values, ...], Values | None]:
        """A likely answer by local search from the fixpoint of echo
        (:mod:`.sketch`); when it is one, a second read off it (a silent
        flip or pair, :mod:`.certificates`); when it is not, answers
        searched for near it (:meth:`answers_near`). Each is checked by the
        validator; a lone answer found near it gets a second read off it
        too. Up to :data:`sketch.ROUNDS` local searches, each from its own
        seed, until one leads to an answer."""
        s = self.start(p)
        if (
            self.ladder.propagate(s, rules.LEVELS.index("echo"), budget=budget).status
            is Status.CONTRADICTION
        ):
            return (), None
        likely: tuple[int, ...] | None = None
        for seed in range(sketch.ROUNDS):
            shading, off = sketch.shade(s.board, s.cands, budget, seed=seed)
            likely = likely or tuple(shading)
            if off == 0 and not self.validate(p, shading):
                found: tuple[Values, ...] = (tuple(shading),)
            else:
                found = self.answers_near(p, s.board, shading, budget)
            if len(found) == 1:
                for second in certificates.seconds(p, found[0]):
                    found = (found[0], tuple(second))
                    break
            if found:
                return found, found[0]
        return (), likely

    def answers_near(
        self, p: Puzzle, board: model.Board, shading: Sequence[int], budget: Budget
    ) -> tuple[Values, ...]:
        """Answers near ``shading`` (up to two, each checked by the
        validator): the counting search within a window around the circles
        it gets wrong (:func:`sketch.windows`), every cell outside it kept as
        ``shading`` has it, the window widened while the search proves it
        holds no answer; each window's search spends at most
        :data:`sketch.WINDOW_UNITS` of ``budget``, all of them at most
        :data:`sketch.NEAR_UNITS`, and the first one it cannot finish ends
        the look."""
        leaning = [1 << v for v in shading]
        look = budget.part(sketch.NEAR_UNITS)
        for window in sketch.windows(board, shading):
            s = self.start(p)
            for c, v in enumerate(shading):
                if not window >> c & 1 and s.cands[c] & (s.cands[c] - 1):
                    s.cands[c] = 1 << v
            part = look.part(sketch.WINDOW_UNITS)
            n = search.count(self.ladder, s, self.ladder.top, 2, part, keep=2, leaning=leaning)
            budget.check()  # the whole budget (or its clock) ran out, not the window's
            answers = [tuple(single_value(m) for m in grid) for grid in n.grids]
            found = tuple(a for a in answers if not self.validate(p, a))
            if found or not n.complete:
                return found
        return ()

    def is_certificate_free(self, p: Puzzle, answer: Sequence[int]) -> bool:
        return not self.silent_flips(p, answer)

    def oracle(
        self, p: Puzzle, solution: Sequence[int], budget: int = search.DEFAULT_UNITS
    ) -> OracleResult:
        """Is ``solution`` the only answer? Coverage, silent-flip and
        silent-pair certificates first; the counting search (within
        ``budget`` nodes) only for boards that pass all three."""

        def count(nodes: int) -> tuple[int, bool, int]:
            c = self.count(p, limit=2, budget=nodes)
            return c.solutions, c.complete, c.nodes

        return certificates.oracle(p, solution, count, budget)

    def unique_by_oracle(
        self, p: Puzzle, answer: Sequence[int], budget: int = search.DEFAULT_UNITS
    ) -> Verdict:
        verdict = self.oracle(p, answer, budget=budget).verdict
        return "unique" if verdict == "unique" else "unknown" if verdict == "unknown" else "several"

    def studies(self) -> Mapping[str, Study]:
        from . import studies

        return studies.STUDIES


KIND = Kurotto(
    model.NAME,
    model,
    rules.LADDER,
    validate,
    brute,
    generate,
    GridText(model.NAME, model),
    FRONTEND,
)
