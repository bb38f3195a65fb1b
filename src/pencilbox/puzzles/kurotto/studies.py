"""Kurotto's own measurement: unique boards beyond probe ("gap"), each
re-confirmed by the independent brute force. Run by ``pencilbox measure
kurotto gap``; found through ``Kurotto.studies()``."""

from __future__ import annotations

from typing import Any

from pencilbox.engine.ladder import Status
from pencilbox.measure import chart, pool
from pencilbox.measure.common import COUNT_BUDGET, Report, board, is_unique, rate
from pencilbox.measure.studies import Study, StudyOptions

from . import model

GAP_BRUTE_BUDGET = 2_000_000
"""Brute-force nodes gapcheck may spend re-confirming one board."""


# -- Kurotto: unique but beyond probe ------------------------------------------------
def gap_board(size: int, density: float, seed: int, budget: int) -> dict[str, Any]:
    kind, p, answer = board(model.NAME, size, density, seed)
    solved = kind.solve(p).status is Status.SOLVED
    unique = True if solved else is_unique(kind, p, answer, budget)
    out: dict[str, Any] = {
        "unique": unique,
        "gap": bool(unique and not solved),
        "confirmed": None,
        "puzzle": None,
    }
    if out["gap"]:
        gc = kind.gapcheck(p, budget=GAP_BRUTE_BUDGET)
        out["confirmed"] = gc.unique
        out["puzzle"] = kind.format(p)
    return out


def measure_gap(
    sizes: list[int],
    density: float,
    boards: int,
    seed: int,
    workers: int,
    budget: int = COUNT_BUDGET,
    quiet: bool = False,
) -> Report:
    tasks = [(n, density, seed + i, budget) for n in sizes for i in range(boards)]
    results = pool.run(gap_board, tasks, workers, "kurotto gap", quiet)
    per: dict[str, Any] = {}
    examples = []
    for k, n in enumerate(sizes):
        rs = results[k * boards : (k + 1) * boards]
        gaps = [r for r in rs if r["gap"]]
        per[str(n)] = {
            "unique": rate([r["unique"] for r in rs]),
            "gap": len(gaps),
            "gap_rate": len(gaps) / boards,
            "confirmed": sum(1 for r in gaps if r["confirmed"]),
            "unconfirmed": sum(1 for r in gaps if not r["confirmed"]),
        }
        examples += [r["puzzle"] for r in gaps[:2]]
    figures = {"type": "kurotto", "density": density, "boards": boards, "sizes": per}
    md = (
        f"{boards} raw boards per size, density {density}. A gap board is unique (oracle) "
        f"but the probe fixpoint stalls; each is re-confirmed by gapcheck's brute force "
        f"(unconfirmed: the brute force ran out of {GAP_BRUTE_BUDGET} nodes or disagreed)."
        "\n\n"
        + chart.table(
            ["size", "unique", "gap boards", "gap rate", "confirmed", "unconfirmed"],
            [
                [f"{n}×{n}", v["unique"], v["gap"], v["gap_rate"], v["confirmed"], v["unconfirmed"]]
                for n, v in per.items()
            ],
        )
    )
    if examples:
        md += "\nExamples:\n\n" + "\n".join(f"```\n{e}```" for e in examples)
    svg = chart.line_chart(
        "kurotto: unique but beyond probe",
        [f"{n}×{n}" for n in per],
        {
            "gap rate": [v["gap_rate"] for v in per.values()],
            "unique": [v["unique"] for v in per.values()],
        },
        "board size",
        "share of boards",
    )
    return Report("kurotto-gap", "kurotto: unique beyond probe", figures, md, {"": svg})


def gap(o: StudyOptions) -> Report:
    return measure_gap(
        o.sizes_or((6, 8, 10)), o.density, o.boards, o.seed, o.workers, o.budget, o.quiet
    )


STUDIES: dict[str, Study] = {"gap": gap}
