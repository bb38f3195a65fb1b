"""The API reads Kurotto in every format in every ``puzzle`` field (its files
written by hand among them), and exports it to each (what the editor's
buttons call)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

import pencilbox
from pencilbox.formats import registry
from pencilbox.formats.base import Document
from pencilbox.web.app import create_app

from .test_formats import KUROTTO_ANSWER, KUROTTO_FILE, KUROTTO_URL, PENPA_KUROTTO

KUROTTO = pencilbox.puzzle("kurotto")


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    bank = tmp_path_factory.mktemp("nobank") / "none.sqlite"
    with TestClient(create_app(bank, workers=1), base_url="http://localhost") as c:
        yield c


def every_format() -> list[tuple[str, str]]:
    p = KUROTTO.from_url(KUROTTO_URL)
    answer = KUROTTO.parse_solution(KUROTTO_ANSWER, p)
    return [
        (f.name, registry.write(f.name, KUROTTO, Document(p, answer=answer)))
        for f in registry.FORMATS
    ]


@pytest.mark.parametrize(("fmt", "text"), every_format())
def test_parse_reads_every_format(client: TestClient, fmt: str, text: str) -> None:
    r = client.post("/api/parse", json={"puzzle": text})
    assert r.status_code == 200, r.json()
    out = r.json()
    assert (out["type"], out["format"], out["url"]) == ("kurotto", fmt, KUROTTO_URL)
    if fmt in ("pzprv3", "penpa"):
        assert out["marks"] == KUROTTO_ANSWER.strip().split("\n")


def test_parse_gives_the_marks_of_a_saved_game(client: TestClient) -> None:
    out = client.post("/api/parse", json={"puzzle": KUROTTO_FILE}).json()
    assert out["format"] == "pzprv3" and out["marks"][1] == "# o # # o"
    out = client.post("/api/parse", json={"puzzle": PENPA_KUROTTO}).json()
    assert out["format"] == "penpa" and out["marks"][0] == "o o # o"  # circles are white


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"puzzle": "not a puzzle at all"}, "penpa-edit URL"),
        ({"puzzle": f"{KUROTTO_URL}\n{KUROTTO_URL}"}, "holds 2 puzzles"),
        ({"puzzle": "1 . 3\n. 5 ."}, "give the puzzle type"),
    ],
)
def test_parse_refuses_clearly(client: TestClient, body: dict[str, str], message: str) -> None:
    r = client.post("/api/parse", json=body)
    assert r.status_code == 400 and message in r.json()["error"]


@pytest.mark.parametrize("fmt", registry.names())
def test_export_writes_each_format(client: TestClient, fmt: str) -> None:
    holds = registry.by_name(fmt).holds_answer
    r = client.post("/api/export", json={"puzzle": KUROTTO_URL, "format": fmt, "answer": holds})
    assert r.status_code == 200, r.json()
    out = r.json()
    assert out["filename"].startswith("kurotto-5x5-")
    (doc,) = registry.read(out["text"])
    assert doc.puzzle == KUROTTO.from_url(KUROTTO_URL)
    if holds:
        answer = KUROTTO.parse_solution(KUROTTO_ANSWER, doc.puzzle)
        assert (doc.answer if doc.answer is not None else doc.marks) == answer


def test_export_keeps_the_players_marks(client: TestClient) -> None:
    marks = ["? ? ? ? ?", "# ? ? ? ?", "? ? ? ? ?", "? ? ? ? ?", "? ? ? ? ?"]
    r = client.post("/api/export", json={"puzzle": KUROTTO_URL, "format": "pzprv3", "marks": marks})
    assert r.status_code == 200
    assert r.json()["text"].split("\n")[10] == "# . . . . "


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({"puzzle": KUROTTO_URL, "format": "url", "answer": True}, 400, "cannot hold an answer"),
        ({"puzzle": KUROTTO_URL, "format": "gif"}, 400, "unknown format"),
    ],
)
def test_export_refuses_clearly(
    client: TestClient, body: dict[str, object], status: int, message: str
) -> None:
    r = client.post("/api/export", json=body)
    assert r.status_code == status and message in r.json()["error"]


def test_a_puzzlink_file_pasted_on_one_line_still_reads(client: TestClient) -> None:
    # A one-line box (another app's, or an older page) turns the line breaks
    # of a pasted file into spaces; the file still reads. The game's Open
    # box keeps them (tests/kurotto/test_formats_browser.py).
    pasted = KUROTTO_FILE.replace("\n", " ")
    out = client.post("/api/parse", json={"puzzle": pasted}).json()
    assert (out["format"], out["url"]) == ("pzprv3", KUROTTO_URL)


def test_parse_reads_an_untyped_puzzle_as_the_fallback_type(client: TestClient) -> None:
    rows = "3 0 . . .\n. . . . 4\n. . 6 . .\n4 . . . .\n. . . 0 2\n"
    r = client.post("/api/parse", json={"puzzle": rows})
    assert r.status_code == 400 and "give the puzzle type" in r.json()["error"]
    out = client.post("/api/parse", json={"puzzle": rows, "fallback_type": "kurotto"}).json()
    assert out["url"] == KUROTTO_URL
    assert "read as Kurotto" in out["note"]
    # A puzzle that says its type is read as that type, whatever the fallback.
    out = client.post("/api/parse", json={"puzzle": KUROTTO_URL, "fallback_type": "cave"}).json()
    assert (out["type"], out["note"]) == ("kurotto", "")
    # An explicit type is no fallback: a puzzle of another type is refused.
    body = {"puzzle": KUROTTO_URL, "type": "cave", "fallback_type": "cave"}
    assert client.post("/api/parse", json=body).status_code == 400
