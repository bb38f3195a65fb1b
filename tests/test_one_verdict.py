"""One puzzle, one verdict: every surface that says whether a puzzle is
unique and how hard gives the same answer in the same words, and the answer
does not depend on the machine's speed or load (budgets count work).

The surfaces: ``pencilbox grade --json``, ``pencilbox analyze --json``,
``POST /api/analyze`` and the grade a printed sheet shows. The puzzles: every
real puzzle people made that a puzzle's samples list
(:attr:`pencilbox.engine.samples.Samples.real`) and ten boards of every
shelf of the shipped bank (type, size 10 and grade).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import pencilbox
from pencilbox.bank import SHIPPED, Bank
from pencilbox.cli import main
from pencilbox.engine import budget as budget_module
from pencilbox.engine.verdict import Verdict, grade_words, judge
from pencilbox.render import cli as render_cli
from pencilbox.web.app import create_app

from .kinds import first_kind, kinds

PER_SHELF = 10


def bank_boards() -> list[tuple[str, str]]:
    """(type, URL) of the first boards of every 10×10 shelf of the shipped bank."""
    out = []
    with Bank(SHIPPED) as bank:
        for shelf in bank.shelves():
            if shelf.rows != 10 or shelf.cols != 10:
                continue
            kind = pencilbox.puzzle(shelf.type)
            for i in range(min(PER_SHELF, shelf.boards)):
                b = bank.pick(shelf.type, 10, 10, shelf.grade, index=i)
                out.append((shelf.type, kind.to_url(kind.parse(b.puzzle))))
    return out


def real_boards() -> list[tuple[str, str]]:
    """(type, URL) of every published puzzle the registered puzzles list."""
    return [(kind.name, r.url) for kind in kinds() for r in kind.samples.real]


BOARDS = real_boards() + bank_boards()


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with TestClient(
        create_app(None, solver_seconds=120.0, workers=2), base_url="http://localhost"
    ) as c:
        yield c


def cli_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    lines = [line for line in out.splitlines() if line.strip()]
    return code, json.loads(lines[0]) if lines else {}, err


def the_answer(obj: dict) -> tuple[object, ...]:
    """What must agree: the verdict, the grade, its size, the answer, and
    the words."""
    return (obj["verdict"], obj["grade"], obj["case_size"], obj["solutions"][:1], obj["summary"])


@pytest.mark.parametrize(
    ("name", "url"), BOARDS, ids=[f"{n}-{i}" for i, (n, _) in enumerate(BOARDS)]
)
def test_every_surface_gives_one_answer(
    name: str,
    url: str,
    client: TestClient,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    kind = pencilbox.puzzle(name)
    p = kind.from_url(url)
    # The first surface works it out; the verdict store then answers the
    # others (its keeping of verdicts is tested on its own below).
    monkeypatch.setenv("PENCILBOX_CACHE", str(tmp_path / "verdicts.sqlite"))
    # The safety clock set far: on a loaded machine it must not stop the
    # first surface, whose verdict the budget of work decides.
    code, analyzed, _ = cli_json(capsys, "analyze", name, url, "--json", "--seconds", "3600")
    assert code == 0
    answer = the_answer(analyzed)
    code, graded, err = cli_json(capsys, "grade", name, url, "--json")
    if analyzed["verdict"] == "none":
        assert code == 2 and analyzed["summary"] in err and analyzed["reason"] in err
    else:
        assert code == 0 and the_answer(graded) == answer
    served = client.post("/api/analyze", json={"puzzle": url, "type": name})
    assert served.status_code == 200 and the_answer(served.json()) == answer
    v = judge(kind, p)
    sheet = render_cli.label(v)
    if v.unique:
        assert sheet == grade_words(analyzed["grade"], analyzed["case_size"])
        assert f"grade {sheet}" in analyzed["summary"]
    else:
        assert sheet == analyzed["summary"]
    published = {r.url: r for r in kind.samples.real}
    if url in published:  # an outside solver's count: 0 or 1 answer, and settled
        assert analyzed["verdict"] == ("unique" if published[url].answers == 1 else "none")
        assert analyzed["verdict"] == "none" or analyzed["settled"]


def without_timing(v: Verdict) -> Verdict:
    return replace(v, seconds=0.0)


QUICK = [(n, u) for n, u in BOARDS if pencilbox.puzzle(n).from_url(u).rows <= 10]


def test_a_clock_twenty_times_faster_changes_no_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine twenty times slower (or busier): the same verdicts and
    grades, since only the budget of work decides. The safety clock (the
    command line's minute) can stop the work, and then says so; it never
    changes an answer. Every verdict that takes under a second and a half
    here is reached on the slow machine too."""
    calm = {}
    took = {}
    for name, url in QUICK:
        kind = pencilbox.puzzle(name)
        v = judge(kind, kind.from_url(url), seconds=SAFETY)
        calm[url], took[url] = without_timing(v), v.seconds
    start = time.monotonic()
    real = time.monotonic
    monkeypatch.setattr(budget_module.time, "monotonic", lambda: start + 20 * (real() - start))
    same = 0
    for name, url in QUICK:
        kind = pencilbox.puzzle(name)
        rushed = without_timing(judge(kind, kind.from_url(url), seconds=SAFETY))
        if rushed.stop == "clock":
            assert took[url] * 20 > SAFETY / 2, url  # only work near the clock's limit
            assert rushed.grade is None and "safety clock" in rushed.summary
        else:
            assert rushed == calm[url], url
            same += 1
    assert same >= sum(1 for t in took.values() if t < SAFETY / 40)


SAFETY = 60.0
"""The command line's safety clock."""


def test_the_clock_stops_only_runaway_work_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    kind = first_kind(lambda k: k.samples.real)
    p = kind.from_url(kind.samples.real[0].url)
    stopped = judge(kind, p, seconds=1e-9)
    assert (stopped.verdict, stopped.stop) == ("unknown", "clock")
    assert "safety clock" in stopped.summary and "budget" not in stopped.summary
    out_of_work = judge(kind, p, budget=50)
    assert (out_of_work.verdict, out_of_work.stop) == ("unknown", "work")
    assert "50 work units" in out_of_work.summary and "clock" not in out_of_work.summary
