"""The optional compiled build (``make compiled``, :mod:`mypyc_build`) gives
the answers the pure-Python package gives.

The compiled copy is built once into a temporary folder (never the source
tree). In fresh interpreters with that folder first on the path, the
count-versus-brute-force cross-checks and the search's own tests run
against it, and the counts of generated and real boards (solutions, nodes,
guesses) are compared with the pure package's. Skipped, saying why, on a
machine that cannot compile (no C compiler or no Python headers).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import mypyc_build
import pytest

import pencilbox

ROOT = mypyc_build.ROOT

CROSS_CHECKS = [
    *(f"tests/{name}" for name in pencilbox.puzzle_names() if (ROOT / "tests" / name).is_dir()),
    "tests/engine/test_engine.py",
    "tests/test_learning.py",
    "tests/test_cases.py",
]
SELECTED = "(brute or agree or test_engine.py or test_learning.py or test_cases.py) and not asp"
"""The tests run against the compiled build: in each puzzle's tests, those
that compare its counts with its brute force (which is never compiled) or
agree with other independent code, and its case rung's; the engine's counts
against plain enumeration, search with and without learning, and the case
rung. The outside solver's cross-checks stay with the pure run (slow)."""

PROBE = '''
"""Writes the files of the pencilbox modules a test run imported."""
import json, os, sys

def pytest_sessionfinish(session, exitstatus):
    files = {n: m.__file__ for n, m in sys.modules.items() if n.startswith("pencilbox.")}
    with open(os.environ["PENCILBOX_IMPORTED"], "w") as f:
        json.dump(files, f)
'''


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    reason = mypyc_build.missing_tools()
    if reason is not None:
        pytest.skip(f"the compiled build cannot be made here: {reason}")
    folder = tmp_path_factory.mktemp("compiled")
    built = mypyc_build.build(folder)
    assert built.compiled, built.reason
    yield folder


def _is_compiled(path: str | None, folder: Path) -> bool:
    """Whether ``path`` is an extension module of the build in ``folder``."""
    if path is None:
        return False
    return Path(path).is_relative_to(folder) and path.endswith(mypyc_build.SUFFIXES)


@pytest.mark.slow
def test_the_cross_checks_pass_against_the_compiled_build(compiled: Path, tmp_path: Path) -> None:
    (compiled / "compiled_probe.py").write_text(PROBE)
    imported = tmp_path / "imported.json"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-p",
            "compiled_probe",
            "-o",
            f"pythonpath={compiled} .",
            "-m",
            "not browser",
            "-k",
            SELECTED,
            *CROSS_CHECKS,
        ],
        cwd=ROOT,
        env=mypyc_build.environment(compiled) | {"PENCILBOX_IMPORTED": str(imported)},
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and " failed" not in done.stdout
    files: dict[str, str | None] = json.loads(imported.read_text())
    for module in mypyc_build.compiled_modules():
        assert _is_compiled(files.get(module), compiled), (module, files.get(module))
    for brute in [m for m in files if m.endswith(".brute")]:
        assert not _is_compiled(files[brute], compiled), brute


def _counts(folder: Path | None) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.compiled_timing", "5"],
        cwd=ROOT,
        env=mypyc_build.environment(folder),
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result: dict[str, Any] = json.loads(done.stdout)
    return result


@pytest.mark.slow
def test_the_compiled_build_counts_like_the_pure_package(compiled: Path) -> None:
    pure, fast = _counts(None), _counts(compiled)
    assert not [f for f in pure["modules"] if f.endswith(mypyc_build.SUFFIXES)]
    assert sum(_is_compiled(f, compiled) for f in fast["modules"]) == len(
        mypyc_build.compiled_modules()
    )
    boards = {(g, label): answer for g, label, _, answer in pure["rows"]}
    assert len(boards) > 20
    assert {(g, label): answer for g, label, _, answer in fast["rows"]} == boards


def test_a_failed_compile_leaves_the_pure_package(tmp_path: Path) -> None:
    built = mypyc_build.build(tmp_path, ["pencilbox.no_such_module"])
    assert not built.compiled and built.reason
    assert mypyc_build.extension_files(tmp_path) == []
    assert (tmp_path / "pencilbox" / "engine" / "grid.py").is_file()
    done = subprocess.run(
        [sys.executable, "-c", "import pencilbox.engine.grid as g; print(g.__file__)"],
        cwd=tmp_path,
        env=mypyc_build.environment(tmp_path),
        capture_output=True,
        text=True,
    )
    assert done.stdout.strip() == str(tmp_path / "pencilbox" / "engine" / "grid.py")
