"""The verdict store: a verdict asked for again (another tab, a reload, the
command line after the browser) is answered at once, and is the same one."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import pencilbox
from pencilbox import verdicts
from pencilbox.engine import verdict as verdict_module
from pencilbox.engine.verdict import Verdict
from pencilbox.web.app import create_app
from pencilbox.web.workers import SolverBusy

URL = "https://puzz.link/p?yinyang/6/6/6a166b230900"


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "verdicts.sqlite"
    monkeypatch.setenv("PENCILBOX_CACHE", str(path))
    return path


def no_judging(*args: object, **kw: object) -> Verdict:
    raise AssertionError("the verdict was worked out again")


def test_asked_again_it_comes_from_the_store(store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    kind = pencilbox.puzzle("yinyang")
    p = kind.from_url(URL)
    first = verdicts.verdict(kind, p)
    assert store.is_file()
    verdicts._STORES.clear()  # another process: nothing in memory, the file remains
    monkeypatch.setattr(verdicts, "judge", no_judging)
    again = verdicts.verdict(kind, kind.parse(kind.format(p)))  # the same board, as text
    assert replace(again, seconds=0.0) == replace(first, seconds=0.0)


def test_a_different_question_is_worked_out(store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    kind = pencilbox.puzzle("yinyang")
    p = kind.from_url(URL)
    verdicts.verdict(kind, p)
    asked = []
    real = verdicts.judge

    def counted(*args: object, **kw: object) -> Verdict:
        asked.append(args)
        return real(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(verdicts, "judge", counted)
    verdicts.verdict(kind, p, level=kind.levels[0])  # another level: other undecided cells
    verdicts.verdict(kind, p, budget=1234)  # another budget: maybe another verdict
    verdicts.verdict(kind, p, upto="probe")
    assert len(asked) == 3


def test_a_verdict_the_clock_stopped_is_not_kept(
    store: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kind = pencilbox.puzzle("yinyang")
    p = kind.from_url(URL)
    stopped = verdicts.verdict(kind, p, seconds=1e-9)
    assert stopped.stop == "clock"
    settled = verdicts.verdict(kind, p, seconds=60.0)
    assert settled.verdict == "unique" and settled.stop is None


def test_a_changed_engine_never_serves_an_old_verdict(
    store: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kind = pencilbox.puzzle("yinyang")
    p = kind.from_url(URL)
    verdicts.verdict(kind, p)
    monkeypatch.setattr(verdicts, "fingerprint", lambda: "another engine")
    verdicts._STORES.clear()
    asked = []
    monkeypatch.setattr(
        verdicts, "judge", lambda *a, **k: asked.append(1) or verdict_module.judge(*a, **k)
    )
    verdicts.verdict(kind, p)
    assert asked


def test_the_server_answers_from_the_store_without_a_solver(
    store: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with TestClient(create_app(None, workers=1), base_url="http://localhost") as client:
        first = client.post("/api/analyze", json={"puzzle": URL})
        assert first.status_code == 200 and first.json()["verdict"] == "unique"

        async def refuse(*args: object, **kw: object) -> object:
            raise AssertionError("a solver was asked")

        monkeypatch.setattr(client.app.state.lanes["studio"], "run", refuse)  # type: ignore[attr-defined]
        again = client.post("/api/analyze", json={"puzzle": URL})
        assert again.status_code == 200
        assert {**again.json(), "seconds": 0} == {**first.json(), "seconds": 0}


def test_a_busy_server_answers_unknown_not_5xx(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PENCILBOX_CACHE", "off")
    with TestClient(create_app(None, workers=1), base_url="http://localhost") as client:

        async def busy(*args: object, **kw: object) -> object:
            raise SolverBusy("no worker became free")

        monkeypatch.setattr(client.app.state.lanes["studio"], "run", busy)  # type: ignore[attr-defined]
        r = client.post("/api/analyze", json={"puzzle": URL})
        assert r.status_code == 200
        j = r.json()
        assert (j["verdict"], j["stop"]) == ("unknown", "busy") and "busy" in j["reason"]
        assert (
            j["summary"]
            == "unknown: the server was too busy to start the work; ask again in a moment"
        )
