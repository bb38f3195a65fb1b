"""puzz.link's own code opens the files pencilbox writes and judges them.

pzprjs, the engine of puzz.link, is on the npm registry as ``pzpr``
(pinned with its integrity in ``tests/formats/pzpr/package-lock.json``;
``npm ci --prefix tests/formats/pzpr`` installs it, and ``.ci/run`` does).
These tests write puzz.link files with ``pencilbox convert --to pzprv3
--answer``, open them in node with pzprjs, and check that it reads the same
puzzle (the URL it writes decodes to it) and that its answer check calls the
board complete — and not complete when a mark is wrong. They are skipped
when node or the package is missing.

The published package is pzprjs 0.10.1, which has Yin-Yang and Kurotto;
its "cave" is another genre (the loop puzzle Bag), so Cave files are
checked by pencilbox's own round trips only. The puzzles it checks are
those whose samples say so (:attr:`~pencilbox.engine.samples.Samples.pzprjs`).
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

import pencilbox
from pencilbox.cli import main
from pencilbox.formats import registry
from pencilbox.formats.base import Document

from ..kinds import names_with

HERE = Path(__file__).parent / "pzpr"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(
    NODE is None or not (HERE / "node_modules" / "pzpr").is_dir(),
    reason="needs node and pzpr (npm ci --prefix tests/formats/pzpr)",
)
CHECKED = names_with(lambda k: k.samples.pzprjs)
"""The puzzles pzprjs plays under the genre name pencilbox writes."""


def judge(paths: list[Path]) -> list[dict[str, object]]:
    assert NODE is not None
    run = subprocess.run(
        [NODE, str(HERE / "check.js"), *map(str, paths)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return [json.loads(line) for line in run.stdout.splitlines()]


def convert(capsys: pytest.CaptureFixture[str], name: str, source: str) -> str:
    assert main(["convert", name, source, "--to", "pzprv3", "--answer", "--json"]) == 0
    out = capsys.readouterr().out
    return "".join(json.loads(line)["text"] + "\n" for line in out.splitlines())


def test_files_written_with_the_answer_are_complete_for_puzzlink(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files: list[tuple[Path, str, str]] = []
    for name in CHECKED:  # the published puzzles with an answer, solved in seconds
        for real in pencilbox.puzzle(name).samples.real:
            if real.answers == 1 and not real.slow:
                text = convert(capsys, name, real.url)
                path = tmp_path / f"{len(files)}.txt"
                path.write_text(text)
                files.append((path, name, real.url))
    for name in CHECKED:  # generated boards: squares and rectangles
        kind = pencilbox.puzzle(name)
        for rows, cols in ((4, 4), (5, 9), (8, 3), (10, 10)):
            for seed in range(40):
                p, answer = kind.generate(rows, cols, density=0.7, seed=seed)
                if kind.count(p, limit=2).solutions == 1:
                    break
            path = tmp_path / f"{len(files)}.txt"
            path.write_text(registry.write("pzprv3", kind, Document(p, answer=answer)))
            files.append((path, name, kind.to_url(p)))
    verdicts = judge([path for path, _, _ in files])
    assert len(verdicts) == len(files)
    for (_, name, url), verdict in zip(files, verdicts, strict=True):
        kind = pencilbox.puzzle(name)
        assert verdict["pid"] == name
        assert verdict["complete"] is True, (url, verdict["message"])
        assert kind.from_url(str(verdict["url"])) == kind.from_url(url)


def test_a_wrong_mark_is_not_complete(tmp_path: Path) -> None:
    rng = random.Random(5)
    paths = []
    for name in CHECKED:
        kind = pencilbox.puzzle(name)
        p, answer = kind.generate(6, 6, density=0.6, seed=2)
        free = [c for c, v in enumerate(p.clues) if v is None]
        rng.shuffle(free)
        for cell in free:  # a cell whose other colour breaks a rule
            wrong = list(answer)
            wrong[cell] ^= 1
            if kind.validate(p, wrong):
                break
        path = tmp_path / f"{name}.txt"
        path.write_text(registry.write("pzprv3", kind, Document(p, marks=tuple(wrong))))
        paths.append(path)
    for verdict in judge(paths):
        assert verdict["complete"] is False
