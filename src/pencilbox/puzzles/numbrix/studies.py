"""Numbrix's own measurements: survival after pin and link, the ruler's
bits, rule work under ablation, minimal clues, the 2-opt certificate and
backbite mixing. Run by ``pencilbox measure numbrix NAME``; found through
``Numbrix.studies()``."""

from __future__ import annotations

import math
import random
from dataclasses import replace
from typing import Any

from pencilbox.engine.budget import Budget
from pencilbox.engine.kind import PuzzleKind
from pencilbox.engine.ladder import Ladder, Rule, Status, judge_with
from pencilbox.engine.state import NOTHING, Contradiction, State
from pencilbox.measure import chart, pool
from pencilbox.measure.common import (
    COUNT_BUDGET,
    Report,
    board,
    is_unique,
    kind_of,
    ladder_rules,
    median_mean,
    parse_list,
    rate,
)
from pencilbox.measure.studies import Study, StudyOptions

from . import certificates, model, rules


# -- Numbrix: survival after pin and link ------------------------------------------------
def _alive(s: State[model.Board]) -> tuple[float, float]:
    n = len(s.cands)
    pairs = sum(m.bit_count() for m in s.cands)
    decided = sum(1 for m in s.cands if m & (m - 1) == 0)
    return pairs / (n * n), decided / n


def survival_board(size: int, printed: int, seed: int) -> dict[str, float]:
    kind, p, _ = board(model.NAME, size, printed / (size * size), seed)
    s = kind.start(p)
    out: dict[str, float] = {}
    for lv, name in ((0, "pin"), (1, "link")):
        kind.ladder.propagate(s, lv)
        out[f"{name}_survival"], out[f"{name}_decided"] = _alive(s)
    return out


DEFAULT_PRINTED = (1, 2, 3, 4, 6, 8, 12, 16, 24, 32)


def measure_survival(
    sizes: list[int],
    printed: list[int] | None,
    boards: int,
    seed: int,
    workers: int,
    quiet: bool = False,
) -> Report:
    counts = list(printed or DEFAULT_PRINTED)
    tasks = [(n, k, seed + i) for n in sizes for k in counts if k <= n * n for i in range(boards)]
    results = iter(pool.run(survival_board, tasks, workers, "numbrix survival", quiet))
    per: dict[str, Any] = {}
    for n in sizes:
        rows = []
        for k in counts:
            if k > n * n:
                continue
            rs = [next(results) for _ in range(boards)]
            rows.append({"printed": k, **{key: sum(r[key] for r in rs) / boards for key in rs[0]}})
        per[str(n)] = rows
    figures = {"type": "numbrix", "boards": boards, "sizes": per}
    keys = ["pin_survival", "pin_decided", "link_survival", "link_decided"]
    md = (
        f"{boards} boards per point. Survival: share of (cell, value) pairs still "
        f"possible at the fixpoint; decided: share of cells with one value left.\n\n"
    )
    charts = {}
    for label, table_rows in per.items():
        md += (
            f"### {label}×{label}\n\n"
            + chart.table(
                ["printed", *keys], [[r["printed"], *(r[k] for k in keys)] for r in table_rows]
            )
            + "\n"
        )
        charts[label] = chart.line_chart(
            f"numbrix {label}×{label}: survival by printed numbers",
            [str(r["printed"]) for r in table_rows],
            {k: [r[k] for r in table_rows] for k in keys},
            "printed numbers",
            "share",
        )
    return Report("numbrix-survival", "numbrix: survival after pin and link", figures, md, charts)


# -- Numbrix: bits removed by the ruler ----------------------------------------------------
def _bits(s: State[model.Board]) -> float:
    return sum(math.log2(m.bit_count()) for m in s.cands if m)


def _span_bits(kind: PuzzleKind, s: State[model.Board], level: int) -> float:
    kind.ladder.propagate(s, level)
    before = _bits(s)
    while True:
        r = rules.span(s)
        if r is NOTHING or isinstance(r, Contradiction):
            break
        if kind.ladder.propagate(s, level).status is Status.CONTRADICTION:
            break
    return before - _bits(s)


def span_board(size: int, density: float, seed: int) -> dict[str, float]:
    _, p, _ = board(model.NAME, size, density, seed)
    kind = numbrix()
    start = _bits(kind.start(p))
    return {
        "start_bits": start,
        "after_pin": _span_bits(kind, kind.start(p), 0),
        "after_link": _span_bits(kind, kind.start(p), 1),
    }


def measure_span(
    sizes: list[int], density: float, boards: int, seed: int, workers: int, quiet: bool = False
) -> Report:
    tasks = [(n, density, seed + i) for n in sizes for i in range(boards)]
    results = pool.run(span_board, tasks, workers, "numbrix span", quiet)
    per: dict[str, Any] = {}
    for k, n in enumerate(sizes):
        rs = results[k * boards : (k + 1) * boards]
        per[str(n)] = {key: sum(r[key] for r in rs) / boards for key in rs[0]}
        per[str(n)]["max_after_link"] = max(r["after_link"] for r in rs)
    figures = {"type": "numbrix", "density": density, "boards": boards, "sizes": per}
    md = (
        f"{boards} boards per size, density {density}. Bits: Σ log2(candidates) over the "
        f"cells. The ruler (`span`) alternated with the level's rules to a fixpoint; bits it "
        f"removes after `pin` alone versus after `link` (theory: zero after link).\n\n"
        + chart.table(
            ["size", "bits at start", "ruler after pin", "ruler after link", "max after link"],
            [
                [f"{n}×{n}", v["start_bits"], v["after_pin"], v["after_link"], v["max_after_link"]]
                for n, v in per.items()
            ],
        )
    )
    svg = chart.line_chart(
        "numbrix: bits removed by the ruler",
        [f"{n}×{n}" for n in per],
        {
            "after pin": [v["after_pin"] for v in per.values()],
            "after link": [v["after_link"] for v in per.values()],
        },
        "board size",
        "bits",
        ymax=None,
    )
    return Report(
        "numbrix-span", "numbrix: the ruler after pin and after link", figures, md, {"": svg}
    )


# -- Numbrix: ablation with rule-work counters -----------------------------------------------
class _CountingLadder(Ladder[model.Board]):
    """A ladder that counts its propagations (beyond the first: probe trials)."""

    propagations = 0

    def propagate(
        self,
        state: State[model.Board],
        level: int,
        stop: Any = None,
        without: str | None = None,
        budget: Budget | None = None,
    ) -> Any:
        self.propagations += 1
        return super().propagate(state, level, stop, without, budget)


def counted_ladder(name: str, without: str | None) -> tuple[_CountingLadder, dict[str, int]]:
    """The ladder of ``name`` (minus ``without``) with every rule call counted;
    without a rule, decided grids are judged only by the rules kept."""
    base = kind_of(name).ladder
    calls: dict[str, int] = {}

    def wrap(rule: Rule[model.Board]) -> Rule[model.Board]:
        calls[rule.name] = 0

        def apply(s: State[model.Board]) -> Any:
            calls[rule.name] += 1
            return rule.apply(s)

        return replace(rule, apply=apply)

    kept = [r for r in base.rules if r.name not in ("probe", without)]
    judge = base.judge_complete if without is None else judge_with(kept)
    ladder = _CountingLadder(base.levels, [wrap(r) for r in kept], judge, base.value_name)
    return ladder, calls


def work_board(size: int, density: float, seed: int) -> dict[str, Any]:
    kind, p, _ = board(model.NAME, size, density, seed)
    top = len(kind.levels) - 1
    out: dict[str, Any] = {}
    for variant in ["full", *(f"-{r}" for r in ladder_rules(kind)), "-probe"]:
        ladder, calls = counted_ladder(
            model.NAME, variant[1:] if variant[0] == "-" and variant != "-probe" else None
        )
        level = top - 1 if variant == "-probe" else top
        solved = ladder.propagate(kind.start(p), level).status is Status.SOLVED
        out[variant] = {"solved": solved, "calls": dict(calls), "trials": ladder.propagations - 1}
    return out


def measure_work(
    size: int, density: float, boards: int, seed: int, workers: int, quiet: bool = False
) -> Report:
    tasks = [(size, density, seed + i) for i in range(boards)]
    results = pool.run(work_board, tasks, workers, "numbrix work", quiet)
    variants: dict[str, Any] = {}
    for v in results[0]:
        rs = [r[v] for r in results]
        rules = list(rs[0]["calls"])
        variants[v] = {
            "solved": rate([r["solved"] for r in rs]),
            "calls": {k: sum(r["calls"][k] for r in rs) / boards for k in rules},
            "trials": sum(r["trials"] for r in rs) / boards,
        }
    figures = {
        "type": "numbrix",
        "size": size,
        "density": density,
        "boards": boards,
        "variants": variants,
    }
    rule_names = ladder_rules(kind_of(model.NAME))
    md = (
        f"{boards} boards, {size}×{size}, density {density}. The top fixpoint of each "
        f"ablated ladder (its probe rebuilt on the remaining rules, which alone judge a trial "
        f"that completes the board; -probe: the level below "
        f"probe). Mean rule calls per board (counting wrappers) and probe trials.\n\n"
        + chart.table(
            ["ladder", "solved", *(f"{r} calls" for r in rule_names), "probe trials"],
            [
                [v, x["solved"], *(x["calls"].get(r) for r in rule_names), x["trials"]]
                for v, x in variants.items()
            ],
        )
    )
    svg = chart.line_chart(
        f"numbrix {size}×{size}: probe trials per ablated ladder",
        list(variants),
        {"probe trials": [x["trials"] for x in variants.values()]},
        "ladder",
        "trials per board",
        ymax=None,
    )
    return Report("numbrix-work", "numbrix: ablation with rule work", figures, md, {"": svg})


# -- Numbrix: adversarial minimal clues versus random reveal --------------------------------
def clues_board(size: int, seed: int, budget: int) -> dict[str, int]:
    from pencilbox.engine.results import Puzzle

    from . import generate

    kind = numbrix()
    rng = random.Random(seed)
    answer = generate.generate_answer(size, size, rng)
    n = size * size
    clues: list[int | None] = [v + 1 for v in answer]
    order = list(range(n))
    rng.shuffle(order)
    values = tuple(answer)
    for cell in order:
        keep = clues[cell]
        clues[cell] = None
        p = Puzzle(model.NAME, size, size, tuple(clues))
        # a 2-opt reversal is a second answer, which no sound fixpoint finishes
        if certificates.second_solutions(p, values) or kind.solve(p).status is not Status.SOLVED:
            clues[cell] = keep
    adversarial = sum(1 for c in clues if c is not None)
    rng.shuffle(order)

    def unique_with(k: int) -> bool:
        shown = set(order[:k])
        p = Puzzle(
            model.NAME, size, size, tuple(answer[i] + 1 if i in shown else None for i in range(n))
        )
        return is_unique(kind, p, tuple(answer), budget) is True

    lo, hi = 0, n  # adding clues never adds solutions: find the least unique prefix
    while lo < hi:
        mid = (lo + hi) // 2
        if unique_with(mid):
            hi = mid
        else:
            lo = mid + 1
    return {"adversarial": adversarial, "random": lo}


def measure_clues(
    size: int, boards: int, seed: int, workers: int, budget: int = COUNT_BUDGET, quiet: bool = False
) -> Report:
    tasks = [(size, seed + i, budget) for i in range(boards)]
    results = pool.run(clues_board, tasks, workers, "numbrix clues", quiet)
    figures: dict[str, Any] = {"type": "numbrix", "size": size, "boards": boards}
    for m in ("adversarial", "random"):
        figures[m] = {**median_mean([r[m] for r in results]), "min": min(r[m] for r in results)}
    md = (
        f"{boards} answers, {size}×{size}. Adversarial: print every number, then remove "
        f"them in random order while the probe fixpoint still solves (a minimal clue set "
        f"for probe). Random: reveal numbers in random order until the board is unique "
        f"(count to 2, or a 2-opt reversal; least unique prefix by bisection).\n\n"
        + chart.table(
            ["method", "median", "mean", "min"],
            [
                [m, figures[m]["median"], figures[m]["mean"], figures[m]["min"]]
                for m in ("adversarial", "random")
            ],
        )
    )
    hist_x = sorted({r[m] for r in results for m in ("adversarial", "random")})
    svg = chart.line_chart(
        f"numbrix {size}×{size}: printed numbers needed",
        [str(x) for x in hist_x],
        {
            m: [sum(1 for r in results if r[m] == x) / boards for x in hist_x]
            for m in ("adversarial", "random")
        },
        "printed numbers",
        "share of answers",
        ymax=None,
    )
    return Report(
        "numbrix-clues", "numbrix: minimal clues, adversarial versus random", figures, md, {"": svg}
    )


# -- Numbrix: the 2-opt certificate ------------------------------------------------------
def twoopt_board(size: int, density: float, seed: int, budget: int) -> dict[str, Any]:
    kind, p, answer = board(model.NAME, size, density, seed)
    solved = kind.solve(p).status is Status.SOLVED
    return {
        "unique": is_unique(kind, p, answer, budget, probe_solved=solved, certificates=False),
        "reversal": kind.second_solution(p, answer) is not None,
    }


def measure_twoopt(
    size: int,
    density: float,
    boards: int,
    seed: int,
    workers: int,
    budget: int = COUNT_BUDGET,
    quiet: bool = False,
) -> Report:
    tasks = [(size, density, seed + i, budget) for i in range(boards)]
    results = pool.run(twoopt_board, tasks, workers, "numbrix 2-opt", quiet)
    multi = [r for r in results if r["unique"] is False]
    uniq = [r for r in results if r["unique"] is True]
    figures: dict[str, Any] = {
        "type": "numbrix",
        "size": size,
        "density": density,
        "boards": boards,
        "non_unique": len(multi),
        "unique": len(uniq),
        "unsettled": boards - len(multi) - len(uniq),
        "explained": rate([r["reversal"] for r in multi]) if multi else None,
        "false_positives": sum(1 for r in uniq if r["reversal"]),
    }
    md = (
        f"{boards} raw boards, {size}×{size}, density {density}. Explained: share of "
        f"non-unique boards (count to 2) whose answer has a 2-opt reversal; false "
        f"positives: unique boards with a reversal (must be 0).\n\n"
        + chart.table(
            ["boards", "non-unique", "unique", "unsettled", "explained", "false positives"],
            [
                [
                    boards,
                    len(multi),
                    len(uniq),
                    figures["unsettled"],
                    figures["explained"],
                    figures["false_positives"],
                ]
            ],
        )
    )
    svg = chart.line_chart(
        f"numbrix {size}×{size}: 2-opt certificate",
        ["explained", "false positive rate"],
        {"share": [figures["explained"], figures["false_positives"] / len(uniq) if uniq else None]},
        "",
        "share",
    )
    return Report("numbrix-twoopt", "numbrix: the 2-opt certificate", figures, md, {"": svg})


# -- Numbrix: backbite mixing ------------------------------------------------------------
DEFAULT_MOVES = (0, 1, 2, 4, 8, 16, 32, 60)


def backbite_board(size: int, moves_per_cell: int, seed: int) -> dict[str, Any]:
    from pencilbox.engine.grid import grid

    from . import generate

    rng = random.Random(seed)
    nbrs = grid(size, size).neighbours
    path = generate.boustrophedon(size, size)
    moves = moves_per_cell * len(path)
    accepted = sum(1 for _ in range(moves) if generate.backbite(path, nbrs, rng))
    bends = sum(
        1 for i in range(1, len(path) - 1) if path[i + 1] - path[i] != path[i] - path[i - 1]
    )
    key = min(tuple(path), tuple(reversed(path)))
    return {"moves": moves, "accepted": accepted, "bends": bends, "answer": hash(key)}


def measure_backbite(
    size: int, boards: int, seed: int, workers: int, quiet: bool = False
) -> Report:
    tasks = [(size, m, seed + i) for m in DEFAULT_MOVES for i in range(boards)]
    results = pool.run(backbite_board, tasks, workers, "numbrix backbite", quiet)
    rows = []
    for k, m in enumerate(DEFAULT_MOVES):
        rs = results[k * boards : (k + 1) * boards]
        moves = sum(r["moves"] for r in rs)
        rows.append(
            {
                "moves_per_cell": m,
                "acceptance": sum(r["accepted"] for r in rs) / moves if moves else None,
                "bends": sum(r["bends"] for r in rs) / boards,
                "distinct": len({r["answer"] for r in rs}),
            }
        )
    figures = {"type": "numbrix", "size": size, "boards": boards, "rows": rows}
    md = (
        f"{boards} walks per point, {size}×{size}, from the boustrophedon. Acceptance: "
        f"share of backbite moves that changed the path; bends: mean turns along the "
        f"path; distinct: different answers among the {boards} (a path and its reverse "
        f"count once).\n\n"
        + chart.table(
            ["moves per cell", "acceptance", "mean bends", "distinct"],
            [[r["moves_per_cell"], r["acceptance"], r["bends"], r["distinct"]] for r in rows],
        )
    )
    xl = [str(r["moves_per_cell"]) for r in rows]
    svg = chart.line_chart(
        f"numbrix {size}×{size}: backbite bends",
        xl,
        {"mean bends": [r["bends"] for r in rows]},
        "moves per cell",
        "bends",
        ymax=None,
    )
    svg2 = chart.line_chart(
        f"numbrix {size}×{size}: backbite acceptance and diversity",
        xl,
        {
            "acceptance": [r["acceptance"] for r in rows],
            "distinct share": [r["distinct"] / boards for r in rows],
        },
        "moves per cell",
        "share",
    )
    return Report(
        "numbrix-backbite", "numbrix: backbite mixing", figures, md, {"bends": svg, "mixing": svg2}
    )


def numbrix() -> PuzzleKind:
    return kind_of(model.NAME)


def _sizes(o: StudyOptions) -> list[int]:
    return o.sizes_or((8, 10))


def survival(o: StudyOptions) -> Report:
    printed = parse_list(o.printed, int, "printed counts") if o.printed else None
    return measure_survival(_sizes(o), printed, o.boards, o.seed, o.workers, o.quiet)


def span(o: StudyOptions) -> Report:
    return measure_span(_sizes(o), o.density, o.boards, o.seed, o.workers, o.quiet)


def work(o: StudyOptions) -> Report:
    return measure_work(o.size_or(8), o.density, o.boards, o.seed, o.workers, o.quiet)


def clues(o: StudyOptions) -> Report:
    return measure_clues(o.size_or(8), o.boards, o.seed, o.workers, o.budget, o.quiet)


def twoopt(o: StudyOptions) -> Report:
    return measure_twoopt(o.size_or(8), o.density, o.boards, o.seed, o.workers, o.budget, o.quiet)


def backbite(o: StudyOptions) -> Report:
    return measure_backbite(o.size_or(10), o.boards, o.seed, o.workers, o.quiet)


STUDIES: dict[str, Study] = {
    "survival": survival,
    "span": span,
    "work": work,
    "clues": clues,
    "twoopt": twoopt,
    "backbite": backbite,
}
