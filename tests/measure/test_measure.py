"""Every measurement on a tiny sample: JSON shapes and invariants."""

from __future__ import annotations

import json
import pathlib

import pytest

from pencilbox.cli import main
from pencilbox.measure import chart, sweeps
from pencilbox.measure.common import kind_of

from ..kinds import names

TYPES = names()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[dict], str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, [json.loads(line) for line in out.splitlines() if line.strip()], err


def is_rate(x: float) -> bool:
    return 0.0 <= x <= 1.0


@pytest.mark.parametrize("name", TYPES)
def test_ladder_shape_and_invariants(name: str, tmp_path: pathlib.Path) -> None:
    kind = kind_of(name)
    report = sweeps.measure_ladder(
        name,
        [4, 5],
        kind_of(name).measure_defaults.density,
        boards=4,
        seed=3,
        workers=1,
        quiet=True,
    )
    f = report.figures
    assert (f["type"], f["boards"]) == (name, 4)
    assert set(f["sizes"]) == {"4", "5"}
    rules = [r.name for r in kind.ladder.rules if r.name != "probe"]
    for s in f["sizes"].values():
        inc = [s["incremental"][lv] for lv in kind.levels]
        assert list(s["incremental"]) == list(kind.levels)
        assert all(is_rate(r) for r in inc)
        assert inc == sorted(inc), "a higher level never solves fewer boards"
        assert set(s["ablation"]) == {"full", "-probe", *(f"-{r}" for r in rules)}
        assert all(is_rate(r) for r in s["ablation"].values())
        assert s["ablation"]["full"] == inc[-1]
        assert s["ablation"]["-probe"] == inc[-2]
        assert is_rate(s["unique"])
        assert inc[-1] <= s["unique"], "probe only finishes unique boards"
    paths = report.write(str(tmp_path))
    assert all(pathlib.Path(p).exists() for p in paths)
    assert paths[0].endswith(".md") and "|" in pathlib.Path(paths[0]).read_text()


@pytest.mark.parametrize("name", TYPES)
def test_density_shape_and_invariants(name: str) -> None:
    kind = kind_of(name)
    f = sweeps.measure_density(name, 5, [0.5, 0.9], boards=3, seed=1, workers=1, quiet=True).figures
    assert (f["type"], f["size"], f["boards"]) == (name, 5, 3)
    assert [r["density"] for r in f["rows"]] == [0.5, 0.9]
    p, answer = kind.generate(5, 5, density=0.5, seed=1)
    has_certificate = kind.is_certificate_free(p, answer) is not None
    own = set(kind.density_figures(p, answer, 0.5))  # the figures of the puzzle's own
    for r in f["rows"]:
        assert is_rate(r["unique"])
        if has_certificate:
            assert is_rate(r["flip_ceiling"])
            assert r["unique"] <= r["flip_ceiling"], "a certificate is a second solution"
        else:
            assert r["flip_ceiling"] is None
        solved = [r["solved"][lv] for lv in kind.levels]
        assert all(is_rate(x) for x in solved) and solved == sorted(solved)
        assert solved[-1] <= r["unique"]
        assert set(r) - {"density", "unique", "flip_ceiling", "solved"} == own


@pytest.mark.parametrize("name", TYPES)
def test_guesses_shape(name: str) -> None:
    kind = kind_of(name)
    f = sweeps.measure_guesses(name, 4, 0.9, boards=3, seed=1, workers=1, quiet=True).figures
    assert (f["type"], f["size"], f["boards"]) == (name, 4, 3)
    assert list(f["levels"]) == list(kind.levels)
    for v in f["levels"].values():
        assert set(v) >= {"median", "mean"}
        if v["median"] is not None:
            assert v["median"] >= 0 and v["mean"] >= 0


@pytest.mark.parametrize("name", TYPES)
def test_cli_ladder_json_in_parallel(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path, name: str
) -> None:
    code, objs, _ = run(
        capsys,
        "measure",
        name,
        "ladder",
        "--sizes",
        "4",
        "--boards",
        "3",
        "--workers",
        "2",
        "--out",
        str(tmp_path),
        "--json",
        "--quiet",
    )
    assert code == 0 and objs[0]["type"] == name and set(objs[0]["sizes"]) == {"4"}
    assert (tmp_path / f"{name}-ladder.md").exists()
    assert (tmp_path / f"{name}-ladder-incremental.svg").read_text().startswith("<svg")


@pytest.mark.parametrize("name", TYPES)
def test_parallel_equals_serial(name: str) -> None:
    a = sweeps.measure_ladder(name, [4], 0.5, boards=4, seed=9, workers=1, quiet=True)
    b = sweeps.measure_ladder(name, [4], 0.5, boards=4, seed=9, workers=2, quiet=True)
    assert a.figures == b.figures


def foreign_study(name: str) -> str:
    """A study another registered puzzle has and ``name`` lacks (else a made-up one)."""
    own = kind_of(name).studies()
    others = (s for other in TYPES for s in kind_of(other).studies())
    return next((s for s in others if s not in own), "nosuch-study")


BAD = [
    ["measure", "nosuch", "ladder"],
    ["measure", "{name}", "nosuch"],
    ["measure", "{name}", "{foreign}"],
    ["measure", "{name}", "ladder", "--density", "2"],
    ["measure", "{name}", "ladder", "--sizes", "x"],
    ["measure", "{name}", "ladder", "--boards", "0"],
    ["measure", "{name}"],
    ["measure", "all", "--density", "0.5"],
    ["measure", "all", "--density", "nosuch=0.5"],
    ["measure", "all", "--density", "{name}=1.5"],
    ["measure", "all", "ladder"],
]
"""Bad measurement command lines for the puzzle {name}."""


@pytest.mark.parametrize(
    "argv",
    [[a.format(name=n, foreign=foreign_study(n)) for a in argv] for n in TYPES for argv in BAD],
)
def test_cli_bad_input_is_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], tmp_path: pathlib.Path
) -> None:
    code = main([*argv, "--out", str(tmp_path), "--quiet"])
    _, err = capsys.readouterr()
    assert code == 2 and len(err.strip().splitlines()) == 1


def test_unwritable_out_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    code = main(
        [
            "measure",
            TYPES[0],
            "ladder",
            "--sizes",
            "4",
            "--boards",
            "1",
            "--workers",
            "1",
            "--out",
            str(blocker / "sub"),
            "--quiet",
        ]
    )
    _, err = capsys.readouterr()
    assert code == 2 and len(err.strip().splitlines()) == 1 and "cannot write" in err


def test_dask_gives_the_same_figures() -> None:
    distributed = pytest.importorskip("distributed")
    from pencilbox.measure import pool

    name = TYPES[0]
    density = kind_of(name).measure_defaults.density
    serial = sweeps.measure_ladder(name, [4], density, boards=3, seed=5, workers=1, quiet=True)
    with (
        distributed.Client(
            processes=False, n_workers=1, threads_per_worker=1, dashboard_address=None
        ) as client,
        pool.scheduler(client),
    ):
        on_dask = sweeps.measure_ladder(name, [4], density, boards=3, seed=5, workers=1, quiet=True)
    assert on_dask.figures == serial.figures


def test_measure_all_end_to_end(capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path) -> None:
    code, objs, _ = run(
        capsys,
        "measure",
        "all",
        "--boards",
        "1",
        "--workers",
        "1",
        "--sizes",
        "4",
        "--size",
        "4",
        "--printed",
        "1,4",
        "--density",
        f"{TYPES[0]}=0.9,{TYPES[1]}.guesses=1.0",
        "--out",
        str(tmp_path),
        "--json",
        "--quiet",
    )
    assert code == 0
    readme = (tmp_path / "README.md").read_text()
    for name in TYPES:
        assert f"{name}-ladder.md" in readme and name in objs[0]["figures"]
    figures = objs[0]["figures"]
    assert set(figures) == set(TYPES)
    assert figures[TYPES[0]]["ladder"]["density"] == 0.9
    assert figures[TYPES[1]]["guesses"]["density"] == 1.0
    assert figures[TYPES[1]]["ladder"]["density"] == kind_of(TYPES[1]).measure_defaults.density
    for name in TYPES:
        assert readme.count(f"## {name}") == 1
    for link in readme.split("](")[1:]:
        assert (tmp_path / link.split(")")[0]).exists()


def test_chart_is_svg_with_gaps() -> None:
    svg = chart.line_chart("t", ["a", "b", "c"], {"s": [0.1, None, 0.5]})
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert "polyline" not in svg  # no run of two points
