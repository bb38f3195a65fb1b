"""Every measurement on a tiny sample: JSON shapes and invariants."""

from __future__ import annotations

import json
import pathlib

import pytest

from pencilbox.cli import main
from pencilbox.measure import chart, sweeps
from pencilbox.measure.common import kind_of

TYPES = ("yinyang", "cave", "kurotto", "numbrix")


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
    for r in f["rows"]:
        assert is_rate(r["unique"]) and is_rate(r["flip_ceiling"])
        assert r["unique"] <= r["flip_ceiling"], "a silent flip is a second solution"
        solved = [r["solved"][lv] for lv in kind.levels]
        assert all(is_rate(x) for x in solved) and solved == sorted(solved)
        assert solved[-1] <= r["unique"]
        assert ("flip_expectation" in r) == (name == "yinyang")
        if name == "yinyang":
            assert is_rate(r["flip_expectation"])


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


def test_cli_ladder_json_in_parallel(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    code, objs, _ = run(
        capsys,
        "measure",
        "cave",
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
    assert code == 0 and objs[0]["type"] == "cave" and set(objs[0]["sizes"]) == {"4"}
    assert (tmp_path / "cave-ladder.md").exists()
    assert (tmp_path / "cave-ladder-incremental.svg").read_text().startswith("<svg")


def test_parallel_equals_serial() -> None:
    a = sweeps.measure_ladder("yinyang", [4], 0.5, boards=4, seed=9, workers=1, quiet=True)
    b = sweeps.measure_ladder("yinyang", [4], 0.5, boards=4, seed=9, workers=2, quiet=True)
    assert a.figures == b.figures


@pytest.mark.parametrize(
    "argv",
    [
        ["measure", "nosuch", "ladder"],
        ["measure", "cave", "nosuch"],
        ["measure", "cave", "survival"],
        ["measure", "cave", "ladder", "--density", "2"],
        ["measure", "cave", "ladder", "--sizes", "x"],
        ["measure", "cave", "ladder", "--boards", "0"],
        ["measure", "cave"],
        ["measure", "all", "--density", "0.5"],
        ["measure", "all", "--density", "nosuch=0.5"],
        ["measure", "all", "--density", "cave=1.5"],
        ["measure", "all", "ladder"],
    ],
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
            "cave",
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

    serial = sweeps.measure_ladder("cave", [4], 0.85, boards=3, seed=5, workers=1, quiet=True)
    with (
        distributed.Client(
            processes=False, n_workers=1, threads_per_worker=1, dashboard_address=None
        ) as client,
        pool.scheduler(client),
    ):
        on_dask = sweeps.measure_ladder("cave", [4], 0.85, boards=3, seed=5, workers=1, quiet=True)
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
        "yinyang=0.9,cave.guesses=1.0",
        "--out",
        str(tmp_path),
        "--json",
        "--quiet",
    )
    assert code == 0
    readme = (tmp_path / "README.md").read_text()
    for name in TYPES:
        assert f"{name}-ladder.md" in readme and name in objs[0]["figures"]
    assert objs[0]["figures"]["yinyang"]["ladder"]["density"] == 0.9
    assert objs[0]["figures"]["cave"]["guesses"]["density"] == 1.0
    assert (
        objs[0]["figures"]["cave"]["ladder"]["density"] == kind_of("cave").measure_defaults.density
    )
    assert readme.count("## numbrix") == 1
    for link in readme.split("](")[1:]:
        assert (tmp_path / link.split(")")[0]).exists()


def test_chart_is_svg_with_gaps() -> None:
    svg = chart.line_chart("t", ["a", "b", "c"], {"s": [0.1, None, 0.5]})
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert "polyline" not in svg  # no run of two points
