"""The three measurements every puzzle has: ladder, density and guesses.

- ladder: per size, the share of boards each level's fixpoint finishes
  (incremental), the full ladder with one rung removed at a time (ablation),
  and the share of unique boards.
- density: per clue density, the unique rate, the single-flip ceiling
  (share of boards with no silent flip: each silent flip is a second
  solution, so P(unique) ≤ P(no silent flip)) and the solve rate per level.
- guesses: branchings the plain counting search (no learning) needs to settle uniqueness at each
  level, on the unique boards of the raw stream.

Uniqueness is settled first; a board with two answers is finished by no
fixpoint (every rule is sound), so its fixpoints are not run. That saves the
probe fixpoint on sparse boards, where it costs seconds, and changes no rate.
"""

from __future__ import annotations

from typing import Any

from pencilbox.engine.ladder import Status
from pencilbox.errors import ParseError
from pencilbox.measure import chart, pool
from pencilbox.measure.common import (
    COUNT_BUDGET,
    COUNT_SECONDS,
    JUDGES,
    Report,
    ablated,
    board,
    incremental,
    is_unique,
    kind_of,
    ladder_rules,
    median_mean,
    rate,
)

JUDGE_NOTE = {
    "kept": "a probe trial that completes the board is judged only by the rules kept, "
    "so a removed rung rejects nothing.",
    "full": "a probe trial that completes the board is still judged by every rule of the "
    "puzzle (the removed rung included).",
}
UNIQUE_NOTE = (
    "count to 2 within a node budget (a second solution read off the answer, such as a silent "
    "flip or a 2-opt reversal, settles it first; a puzzle with a uniqueness oracle of its own "
    "asks it); 'unsettled' boards ran out of budget and count as not unique."
)


# -- ladder ---------------------------------------------------------------------
def ladder_board(
    name: str, size: int, density: float, seed: int, budget: int, judge: str = "kept"
) -> dict[str, Any]:
    kind, p, answer = board(name, size, density, seed)
    levels = kind.levels
    top = len(levels) - 1
    unique = is_unique(kind, p, answer, budget)
    variants = ["full", *(f"-{rule}" for rule in ladder_rules(kind)), "-probe"]
    if unique is False:  # every rule is sound: no fixpoint finishes a board with two answers
        return {
            "incremental": dict.fromkeys(levels, False),
            "ablation": dict.fromkeys(variants, False),
            "unique": False,
        }
    inc = incremental(kind, p)
    abl: dict[str, bool] = {"full": inc[levels[top]]}
    for rule in ladder_rules(kind):
        abl[f"-{rule}"] = ablated(name, rule, judge).propagate(kind.start(p), top).status is (
            Status.SOLVED
        )
    abl["-probe"] = inc[levels[top - 1]]
    return {"incremental": inc, "ablation": abl, "unique": True if inc[levels[top]] else unique}


def measure_ladder(
    name: str,
    sizes: list[int],
    density: float,
    boards: int,
    seed: int,
    workers: int,
    budget: int = COUNT_BUDGET,
    quiet: bool = False,
    judge: str = "kept",
) -> Report:
    """``judge``: how an ablated ladder judges a trial that completes the board
    (``kept``: only with the rules it kept; ``full``: with every rule)."""
    kind = kind_of(name)
    if judge not in JUDGES:
        raise ParseError(f"--judge is one of {', '.join(JUDGES)}, not {judge!r}")
    tasks = [(kind.name, n, density, seed + i, budget, judge) for n in sizes for i in range(boards)]
    results = pool.run(ladder_board, tasks, workers, f"{kind.name} ladder", quiet)
    figures: dict[str, Any] = {
        "type": kind.name,
        "density": density,
        "boards": boards,
        "judge": judge,
        "sizes": {},
    }
    for k, n in enumerate(sizes):
        rs = results[k * boards : (k + 1) * boards]
        figures["sizes"][str(n)] = {
            "incremental": {lv: rate([r["incremental"][lv] for r in rs]) for lv in kind.levels},
            "ablation": {a: rate([r["ablation"][a] for r in rs]) for a in rs[0]["ablation"]},
            "unique": rate([r["unique"] for r in rs]),
            "unsettled": sum(1 for r in rs if r["unique"] is None),
        }
    return ladder_report(figures)


def ladder_report(figures: dict[str, Any]) -> Report:
    name, sizes = figures["type"], figures["sizes"]
    first = next(iter(sizes.values()))
    levels = list(first["incremental"])
    abl = list(first["ablation"])
    rows = [
        [
            f"{n}×{n}",
            *(s["incremental"][lv] for lv in levels),
            s["unique"],
            *(s["ablation"][a] for a in abl),
            s["unsettled"],
        ]
        for n, s in sizes.items()
    ]
    md = (
        f"{figures['boards']} boards per size from the raw generator, density "
        f"{figures['density']}. Incremental: share finished by the fixpoint at each level "
        f"(that level and every one below). Ablation: the full ladder with one rung removed "
        f"(its probe rebuilt on the rest; -probe is the fixpoint below probe); "
        f"{JUDGE_NOTE[figures.get('judge', 'kept')]} Unique: "
        f"{UNIQUE_NOTE}\n\n"
        + chart.table(["size", *levels, "unique", *(f"abl {a}" for a in abl), "unsettled"], rows)
    )
    xl = [f"{n}×{n}" for n in sizes]
    inc_chart = chart.line_chart(
        f"{name}: solved by fixpoint, by level",
        xl,
        {
            **{lv: [s["incremental"][lv] for s in sizes.values()] for lv in levels},
            "unique": [s["unique"] for s in sizes.values()],
        },
        "board size",
        "share of boards",
    )
    abl_chart = chart.line_chart(
        f"{name}: ablation (full ladder minus one rung)",
        xl,
        {a: [s["ablation"][a] for s in sizes.values()] for a in abl},
        "board size",
        "share solved",
    )
    return Report(
        f"{name}-ladder",
        f"{name}: ladder",
        figures,
        md,
        {"incremental": inc_chart, "ablation": abl_chart},
    )


# -- density --------------------------------------------------------------------
def density_board(name: str, size: int, density: float, seed: int, budget: int) -> dict[str, Any]:
    kind, p, answer = board(name, size, density, seed)
    unique = is_unique(kind, p, answer, budget)
    if unique is False:  # every rule is sound: no fixpoint finishes a board with two answers
        inc = dict.fromkeys(kind.levels, False)
    else:
        inc = incremental(kind, p)
        unique = True if inc[kind.levels[-1]] else unique
    out: dict[str, Any] = {"solved": inc, "unique": unique}
    free = kind.is_certificate_free(p, answer)
    if free is not None:
        out["no_flip"] = free
    out.update(kind.density_figures(p, answer, density))
    return out


def measure_density(
    name: str,
    size: int,
    densities: list[float],
    boards: int,
    seed: int,
    workers: int,
    budget: int = COUNT_BUDGET,
    quiet: bool = False,
) -> Report:
    kind = kind_of(name)
    tasks = [(kind.name, size, d, seed + i, budget) for d in densities for i in range(boards)]
    results = pool.run(density_board, tasks, workers, f"{kind.name} density", quiet)
    rows = []
    for k, d in enumerate(densities):
        rs = results[k * boards : (k + 1) * boards]
        row: dict[str, Any] = {
            "density": d,
            "unique": rate([r["unique"] for r in rs]),
            "flip_ceiling": rate([r["no_flip"] for r in rs]) if "no_flip" in rs[0] else None,
            "solved": {lv: rate([r["solved"][lv] for r in rs]) for lv in kind.levels},
        }
        if "flip_expectation" in rs[0]:
            row["flip_expectation"] = sum(r["flip_expectation"] for r in rs) / len(rs)
        rows.append(row)
    figures = {"type": kind.name, "size": size, "boards": boards, "rows": rows}
    return density_report(figures)


def density_report(figures: dict[str, Any]) -> Report:
    name, rows = figures["type"], figures["rows"]
    kind = kind_of(name)
    levels = list(rows[0]["solved"])
    has_exp = "flip_expectation" in rows[0]
    ceiling = f"share of boards with no {kind.certificate}"
    headers = [
        "density",
        "unique",
        "flip ceiling",
        *(["E[d^flippable]"] if has_exp else []),
        *(f"solved {lv}" for lv in levels),
    ]
    body = [
        [
            r["density"],
            r["unique"],
            r["flip_ceiling"],
            *([r["flip_expectation"]] if has_exp else []),
            *(r["solved"][lv] for lv in levels),
        ]
        for r in rows
    ]
    md = (
        f"{figures['boards']} boards per density, {figures['size']}×{figures['size']}, raw "
        f"generator. Flip ceiling: {ceiling} (an upper bound on the unique rate). Unique: "
        f"{UNIQUE_NOTE}\n\n" + chart.table(headers, body)
    )
    series: dict[str, list[float | None]] = {
        "unique": [r["unique"] for r in rows],
        f"{kind.certificate_short} ceiling": [r["flip_ceiling"] for r in rows],
    }
    if has_exp:
        series["E[d^flippable]"] = [r["flip_expectation"] for r in rows]
    for lv in levels:
        series[f"solved {lv}"] = [r["solved"][lv] for r in rows]
    svg = chart.line_chart(
        f"{name} {figures['size']}×{figures['size']}: by clue density",
        [f"{r['density']:g}" for r in rows],
        series,
        "density",
        "share of boards",
    )
    return Report(f"{name}-density", f"{name}: density", figures, md, {"": svg})


# -- guesses --------------------------------------------------------------------
def guesses_board(
    name: str, size: int, density: float, seed: int, budget: int
) -> dict[str, int | None] | None:
    kind, p, answer = board(name, size, density, seed)
    if not is_unique(kind, p, answer, budget):
        return None
    out: dict[str, int | None] = {}
    for lv in kind.levels:
        c = kind.count(p, limit=2, level=lv, budget=budget, seconds=COUNT_SECONDS, learning=False)
        out[lv] = c.guesses if c.complete else None
    return out


def measure_guesses(
    name: str,
    size: int,
    density: float,
    boards: int,
    seed: int,
    workers: int,
    budget: int = COUNT_BUDGET,
    quiet: bool = False,
) -> Report:
    kind = kind_of(name)
    tasks = [(kind.name, size, density, seed + i, budget) for i in range(boards)]
    results = pool.run(guesses_board, tasks, workers, f"{kind.name} guesses", quiet)
    unique = [r for r in results if r is not None]
    levels: dict[str, Any] = {}
    for lv in kind.levels:
        done = [g for r in unique if (g := r[lv]) is not None]
        levels[lv] = {
            **median_mean(done),
            "boards": len(done),
            "unsettled": len(unique) - len(done),
        }
    figures = {
        "type": kind.name,
        "size": size,
        "density": density,
        "boards": boards,
        "unique_boards": len(unique),
        "levels": levels,
    }
    return guesses_report(figures)


def guesses_report(figures: dict[str, Any]) -> Report:
    name, levels = figures["type"], figures["levels"]
    which = kind_of(name).unique_note
    md = (
        f"{figures['boards']} raw boards, {figures['size']}×{figures['size']}, density "
        f"{figures['density']}; {figures['unique_boards']} unique ({which}). Branchings "
        f"the plain depth-first counting search (no learning) makes to settle uniqueness "
        f"(count to 2) when it propagates at each level; 'unsettled' boards ran out of "
        f"node budget and are left out.\n\n"
        + chart.table(
            ["level", "median", "mean", "boards", "unsettled"],
            [[lv, v["median"], v["mean"], v["boards"], v["unsettled"]] for lv, v in levels.items()],
        )
    )
    svg = chart.line_chart(
        f"{name} {figures['size']}×{figures['size']}: guesses to settle uniqueness",
        list(levels),
        {
            "median": [v["median"] for v in levels.values()],
            "mean": [v["mean"] for v in levels.values()],
        },
        "propagation level",
        "branchings",
        ymax=None,
    )
    return Report(f"{name}-guesses", f"{name}: guesses", figures, md, {"": svg})
