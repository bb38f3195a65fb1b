"""A Cave without an answer (a published one whose clues contradict each
other) asked for in a format with its answer: one clear refusal."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from pencilbox.cli import main
from pencilbox.web.app import create_app

NO_ANSWER = "https://puzz.link/p?cave/7/5/g.g3.g3i3g.3g3r3h3h3"


def test_convert_with_the_answer_says_there_is_none(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["convert", "cave", NO_ANSWER, "--to", "text", "--answer"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert "no answer to write" in err and len(err.strip().splitlines()) == 1


def test_export_with_the_answer_says_there_is_none(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    bank = tmp_path_factory.mktemp("nobank") / "none.sqlite"
    with TestClient(create_app(bank, workers=1), base_url="http://localhost") as client:
        body = {"puzzle": NO_ANSWER, "format": "penpa", "answer": True}
        r = client.post("/api/export", json=body)
    assert r.status_code == 409 and "no answer" in r.json()["error"]
