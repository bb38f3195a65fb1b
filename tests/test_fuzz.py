"""No input crashes: every parser, fed any string, gives a puzzle or the
project's own error (a :class:`PuzzleError`), never another exception.

Hypothesis writes the strings from the pieces real input is made of (clue
tokens, URL frames, headers) mixed with what breaks naive parsers:
non-ASCII digits (``6²``, ``¹``, ``٣``), 5000-digit numbers, control
characters, huge sizes. The cases that once crashed are regression tests.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pencilbox
from pencilbox.cli import main
from pencilbox.errors import PuzzleError
from pencilbox.formats.puzzlink import decode_base27, decode_number16, parse_frame
from pencilbox.formats.text import split_many, split_rows

NAMES = pencilbox.puzzle_names()
HUGE = "9" * 5000
WEIRD = ["6²", "¹", "٣", "１２", HUGE, "\x00", "\x1b[0m", "\u2028", "\x85", "\ufeff", "-1", "1e9"]
TOKENS = [".", "o", "O", "#", "?", "0", "1", "2", "3", "7", "12", "99", *WEIRD]
SEPARATORS = [" ", "  ", "\t", "\n", "\r\n", "\n\n", "\x0b", "\x0c"]
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def pieces(alphabet: list[str], most: int = 40) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(alphabet), max_size=most).map("".join)


number_ish = st.one_of(
    st.sampled_from(["0", "1", "2", "4", "6", "10", "30", "60", "61", "9999999", *WEIRD]),
    st.text(max_size=6),
)
header = st.builds(
    lambda t, r, c: f"{t} {r}x{c}\n",
    st.sampled_from([*NAMES, "nosuch", "Yinyang"]),
    number_ish,
    number_ish,
)
grid_text = st.one_of(
    st.text(max_size=80),
    pieces(TOKENS + SEPARATORS),
    st.builds(lambda h, body: h + body, header, pieces(TOKENS + SEPARATORS)),
)
body = st.one_of(
    pieces(list("0123456789abcdefghijklmnopqrstuvwxyz.-+=%@*$/") + WEIRD, 30), st.text(max_size=20)
)
url_text = st.builds(
    lambda host, t, suffix, variant, c, r, b: f"{host}{t}{suffix}/{variant}{c}/{r}/{b}",
    st.sampled_from(["https://puzz.link/p?", "http://pzv.jp/p.html?", "", "x?", "puzz.link/p?"]),
    st.sampled_from([*NAMES, "nosuch", ""]),
    st.sampled_from(["", "_edit", "_play"]),
    st.sampled_from(["", "v:/", "v:x/"]),
    number_ish,
    number_ish,
    body,
)
any_puzzle_text = st.one_of(grid_text, url_text)


def quietly(fn: object, *args: object) -> object:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return fn(*args)  # type: ignore[operator]


def puzzle_or_own_error(fn: object, *args: object) -> object:
    try:
        return quietly(fn, *args)
    except PuzzleError:
        return None


# -- the parsers ------------------------------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
@FAST
@given(text=any_puzzle_text)
def test_any_text_is_a_puzzle_or_a_parse_error(name: str, text: str) -> None:
    kind = pencilbox.puzzle(name)
    p = puzzle_or_own_error(kind.parse, text)
    if p is not None:
        assert p.rows >= 1 and p.cols >= 1  # type: ignore[attr-defined]
        puzzle_or_own_error(kind.refuse_contradictory_clues, p)


@pytest.mark.parametrize("name", NAMES)
@FAST
@given(url=url_text)
def test_any_url_is_a_puzzle_or_a_parse_error(name: str, url: str) -> None:
    kind = pencilbox.puzzle(name)
    puzzle_or_own_error(kind.from_url, url)


@FAST
@given(url=st.one_of(url_text, st.text(max_size=60)))
def test_any_frame_is_read_or_refused(url: str) -> None:
    frame = puzzle_or_own_error(parse_frame, url)
    if frame is not None:
        puzzle_or_own_error(decode_number16, frame.body, 36)  # type: ignore[attr-defined]
        puzzle_or_own_error(decode_base27, frame.body, 36)  # type: ignore[attr-defined]


@FAST
@given(text=st.one_of(grid_text, url_text, st.text(max_size=80).map(lambda t: "{" + t)))
def test_any_input_splits_or_is_refused(text: str) -> None:
    puzzle_or_own_error(split_many, text)
    puzzle_or_own_error(split_rows, text, "kurotto")


SMALL = {
    "yinyang": "yinyang 3x3\n. # .\n. . .\no . .",
    "cave": "cave 3x3\n. 2 .\n. . .\n3 . .",
    "kurotto": "kurotto 3x3\n. 1 .\n. . .\no . .",
    "numbrix": "numbrix 3x3\n1 . .\n. . .\n. . 9",
}


@pytest.mark.parametrize("name", NAMES)
@FAST
@given(marks=st.one_of(st.text(max_size=40), pieces([*TOKENS, "?", *SEPARATORS])))
def test_any_marks_are_read_or_refused(name: str, marks: str) -> None:
    kind = pencilbox.puzzle(name)
    p = kind.parse(SMALL[name])
    read = puzzle_or_own_error(kind.parse_marks, marks, p)
    if read is not None:
        assert len(read) == 9  # type: ignore[arg-type]
    puzzle_or_own_error(kind.parse_solution, marks, p)


# -- the command line --------------------------------------------------------------------
option = st.one_of(
    st.tuples(st.just("--level"), st.sampled_from(["probe", "sum", "nosuch", "²", ""])),
    st.tuples(st.sampled_from(["--budget", "--limit", "--seconds"]), number_ish),
)


@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    command=st.sampled_from(["solve", "count", "hint", "grade", "gapcheck"]),
    name=st.sampled_from([*NAMES, "nosuch", "６"]),
    text=any_puzzle_text,
    options=st.lists(option, max_size=3),
)
def test_any_command_line_exits_0_or_2(
    tmp_path_factory: pytest.TempPathFactory,
    command: str,
    name: str,
    text: str,
    options: list[tuple[str, str]],
) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "p.txt"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    argv = [command, name, str(path), *[x for o in options for x in o], "--seconds", "2"]
    if command == "count" and "--limit" not in argv:
        argv += ["--limit", "2"]
    assert quietly(main, argv) in (0, 2)


# -- the regressions ---------------------------------------------------------------------
CRASHED = [
    ("kurotto", "kurotto 2x2\n6² .\n. ."),
    ("cave", "cave 2x2\n¹ .\n. ."),
    ("numbrix", "numbrix 2x2\n1 ²\n. ."),
    ("kurotto", f"kurotto 2x2\n{HUGE} .\n. ."),
    ("cave", f"cave 2x2\n{HUGE} .\n. ."),
    ("numbrix", f"numbrix 2x2\n{HUGE} .\n. ."),
    ("kurotto", "https://puzz.link/p?kurotto/6²/6/abc"),
    ("kurotto", "https://puzz.link/p?kurotto/6/¹/abc"),
    ("cave", f"https://puzz.link/p?cave/{HUGE}/6/abc"),
    ("numbrix", "numbrix/6²/6/1"),
    ("numbrix", f"numbrix/6/{HUGE}/1"),
    ("kurotto", f"kurotto {HUGE}x2\n. .\n. ."),
    ("yinyang", "yinyang 2x2\n\x00 .\n. ."),
    ("yinyang", "https://puzz.link/p?yinyang/99999/99999/0"),
]


@pytest.mark.parametrize(("name", "text"), CRASHED)
def test_what_once_crashed_is_a_parse_error(name: str, text: str) -> None:
    with pytest.raises(PuzzleError) as caught:
        quietly(pencilbox.puzzle(name).parse, text)
    message = str(caught.value)
    assert "\n" not in message and len(message) < 300


@pytest.mark.parametrize(("name", "text"), CRASHED)
def test_what_once_crashed_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, text: str
) -> None:
    path = tmp_path / "p.txt"
    path.write_text(text)
    assert main(["solve", name, str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1


@pytest.fixture(scope="module")
def client() -> object:
    from fastapi.testclient import TestClient

    from pencilbox.web.app import create_app

    return TestClient(create_app(None, solver_seconds=5.0, workers=2), base_url="http://localhost")


@pytest.mark.parametrize(("name", "text"), CRASHED)
@pytest.mark.parametrize("endpoint", ["/api/parse", "/api/hint", "/api/solve", "/api/check"])
def test_what_once_crashed_gets_400(client: object, endpoint: str, name: str, text: str) -> None:
    r = client.post(endpoint, json={"puzzle": text, "type": name})  # type: ignore[attr-defined]
    assert r.status_code == 400 and set(r.json()) == {"error"}


json_value = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=8,
)
api_body = st.fixed_dictionaries(
    {"puzzle": st.one_of(any_puzzle_text, json_value)},
    optional={
        "type": st.one_of(st.sampled_from([*NAMES, "nosuch", "６"]), json_value),
        "marks": st.one_of(st.lists(pieces([*TOKENS, "?", " "], 12), max_size=8), json_value),
        "level": st.one_of(st.sampled_from(["probe", "sum", "", "²"]), json_value),
    },
)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    endpoint=st.sampled_from(["/api/parse", "/api/hint", "/api/solve", "/api/check"]),
    payload=api_body,
)
def test_any_api_body_gets_an_answer_or_a_4xx(client: object, endpoint: str, payload: dict) -> None:
    r = client.post(endpoint, content=json.dumps(payload))  # type: ignore[attr-defined]
    assert r.status_code in (200, 400, 413, 422, 503), r.text
    if r.status_code != 200:
        assert set(r.json()) == {"error"}


@pytest.mark.parametrize(
    "url",
    [
        "https://puzz.link/p?cave/6/6/k3!!!h6",  # characters no clue is written with
        "https://puzz.link/p?cave/6/6/k3h6j2l7g3g2h3n/extra/stuff",  # a path after the body
        "https://puzz.link/p?yinyang/6/6/0qia2408lci8x",  # a digit past the last cell
        "https://puzz.link/p?kurotto/6/6/g1-17i1i-18g-17k-17i-18s1",  # a clue past it
        "numbrix/4/4/1z2",
    ],
)
def test_a_url_body_with_more_than_its_cells_is_refused(url: str) -> None:
    name = parse_frame(url).type
    with pytest.raises(PuzzleError, match="URL body"):
        pencilbox.puzzle(name).from_url(url)


@pytest.mark.parametrize(
    "url",
    [
        "https://puzz.link/p?cave/6/6/k3h6j2l7g3g2h3n",
        "https://puzz.link/p?yinyang/6/6/0qia2408lci8",
        "https://puzz.link/p?kurotto/6/6/g1-17i1i-18g-17k-17i-18s",
        "https://puzz.link/p?kurotto/4/4/-17o/",  # the slash puzz.link puts after a sign
    ],
)
def test_a_whole_url_body_is_read(url: str) -> None:
    p = pencilbox.puzzle(parse_frame(url).type).from_url(url)
    assert p.rows >= 4
