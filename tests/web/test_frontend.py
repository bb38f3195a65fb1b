"""Front-end descriptors: served for every kind, agreeing with its codec; each
puzzle's module served from its own package, traversal refused; the web
layer names no puzzle; the size controls follow the limits the server serves."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import pencilbox
from pencilbox.engine.frontend import Clue, Frontend, Numbers, Token
from pencilbox.engine.grid import MIN_SIDE
from pencilbox.web import calls
from pencilbox.web.app import create_app

from .fixtures import live

WEB = Path(pencilbox.__file__).parent / "web"


@pytest.fixture(scope="module")
def client(bank_file: Path) -> TestClient:
    return TestClient(create_app(bank_file), base_url="http://localhost")


@pytest.fixture(scope="module")
def served(client: TestClient) -> dict[str, dict[str, Any]]:
    r = client.get("/api/puzzles")
    assert r.status_code == 200
    return {o["type"]: o for o in r.json()}


def test_every_kind_serves_its_descriptor(served: dict[str, dict[str, Any]]) -> None:
    assert set(served) == set(pencilbox.puzzle_names())
    for name, o in served.items():
        frontend = pencilbox.puzzle(name).frontend
        assert frontend is not None, f"{name} has no front-end descriptor"
        fe = o["frontend"]
        assert fe["input"] in ("cycle", "numbers")
        assert fe["clue"]["look"] in ("token", "number", "circle")
        assert fe["module_url"] == f"/puzzles/{name}/{frontend.module}"
        served_only = ("module_url", "clue_tokens", "example")
        assert {k: v for k, v in fe.items() if k not in served_only} == frontend.to_json()
        assert o["url_example"].endswith("/6/6/…")


@pytest.mark.parametrize("name", pencilbox.puzzle_names())
def test_tokens_agree_with_the_kinds_codec(name: str) -> None:
    kind = pencilbox.puzzle(name)
    fe = kind.frontend
    assert fe is not None
    if fe.input == "cycle":
        for t in fe.tokens:
            assert kind.value_token(t.value) == t.token
            assert kind.parse_value(t.token, 4) == t.value
        values = {t.value for t in fe.tokens}
        assert len(values) == len(fe.tokens) and len({t.name for t in fe.tokens}) == len(values)
        keys = [k for t in fe.tokens for k in t.keys]
        assert len(keys) == len(set(keys)) and not set(keys) & {"0", "Backspace", "Delete"}
    else:
        assert fe.numbers is not None
        assert kind.value_token(0) == str(fe.numbers.low)
    if fe.clue.look == "token" and fe.clue.input == "cycle":
        # a clue shown as a given answer token must be one of the answer values
        assert set(fe.clue.cycle) <= {t.value for t in fe.tokens}


@pytest.mark.parametrize("name", pencilbox.puzzle_names())
def test_the_clues_a_setter_may_place_parse(name: str) -> None:
    """Every clue value the descriptor offers on a 4×4 board is a clue the kind reads."""
    kind = pencilbox.puzzle(name)
    fe = kind.frontend
    assert fe is not None
    values: list[int] = list(fe.clue.cycle)
    if fe.clue.numbers is not None:
        low, high = fe.clue.numbers.low, fe.clue.numbers.high
        top = {"cells": 16, "cells-1": 15, "rows+cols-1": 7}.get(str(high), high)
        assert isinstance(top, int)
        values += list(range(low, top + 1))
    if fe.clue.blank is not None:
        values.append(-1)
    for v in values:
        p = kind.parse(kind.format(pencilbox.Puzzle(name, 4, 4, (v,) + (None,) * 15)))
        assert p.clues[0] == v


@pytest.mark.parametrize("name", pencilbox.puzzle_names())
def test_a_grid_written_from_the_clue_tokens_reads_back(
    name: str, served: dict[str, dict[str, Any]]
) -> None:
    """The studio writes a setter's clues as a text grid from ``clue_tokens``
    alone (numbers in decimal): every clue it may place reads back as itself."""
    fe = served[name]["frontend"]
    tokens, clue = fe["clue_tokens"], fe["clue"]
    values: list[int | None] = [None, *clue["cycle"]]
    if clue["blank"] is not None:
        values.append(clue["blank"]["value"])
    if clue["numbers"] is not None:
        values += [clue["numbers"]["low"], clue["numbers"]["low"] + 1]
    cells = values + [None] * (9 - len(values))
    word = {None: tokens["empty"], **{int(v): w for v, w in tokens["values"].items()}}
    rows = [" ".join(word.get(v, str(v)) for v in cells[r * 3 : r * 3 + 3]) for r in range(3)]
    p = pencilbox.puzzle(name).parse(f"{name} 3x3\n" + "\n".join(rows))
    assert list(p.clues) == cells


def test_each_module_is_served_as_javascript(
    client: TestClient, served: dict[str, dict[str, Any]]
) -> None:
    for o in served.values():
        r = client.get(o["frontend"]["module_url"])
        assert r.status_code == 200, o["type"]
        assert r.headers["content-type"].startswith("text/javascript")
        assert re.search(r"^export function theory\(", r.text, re.M)


@pytest.mark.parametrize(
    "path",
    [
        "/puzzles/{name}/../frontend.py",
        "/puzzles/{name}/..%2Ffrontend.py",
        "/puzzles/{name}/%2e%2e/%2e%2e/%2e%2e/web/app.py",
        "/puzzles/{name}/%2Fetc%2Fpasswd",
        "/puzzles/{name}/",
        "/puzzles/{name}/missing.js",
        "/puzzles/no-such-puzzle/x.js",
        "/puzzles/..%2Fweb/static/app.js",
    ],
)
def test_traversal_and_unknown_files_are_refused(client: TestClient, path: str) -> None:
    for name in pencilbox.puzzle_names():
        r = client.get(path.format(name=name))
        assert r.status_code == 404, path
        assert r.json() == {"error": "no such file"}


def test_the_web_layer_names_no_puzzle() -> None:
    words = set()
    for name in pencilbox.puzzle_names():
        words |= {name, pencilbox.puzzle(name).title}
    pattern = re.compile("|".join(re.escape(w) for w in sorted(words)), re.I)
    files = [f for f in WEB.rglob("*") if f.is_file() and f.suffix != ".pyc"]
    assert {f.suffix for f in files} >= {".py", ".js", ".html", ".css"}
    found = [
        f"{f.relative_to(WEB)}:{n}: {line.strip()}"
        for f in files
        for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert not found, "\n".join(found)


def test_a_descriptor_refuses_what_it_cannot_draw() -> None:
    dot = Token(0, "o", "dot", "a dot", "dot")
    numbers = Clue("number", "numbers", numbers=Numbers(1, "cells"))
    with pytest.raises(ValueError, match="answer tokens"):
        Frontend(input="cycle", clue=numbers)
    with pytest.raises(ValueError, match="range"):
        Frontend(input="numbers", clue=numbers, tokens=(dot,))
    with pytest.raises(ValueError, match="clue values"):
        Clue("token", "cycle")
    with pytest.raises(ValueError, match="directory"):
        Frontend(input="cycle", clue=numbers, tokens=(dot,), module="x.js")


TOY_VIEW = """async () => {
  const { render } = await import("/static/board.js");
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  document.body.appendChild(svg);
  const frontend = {
    input: "cycle", numbers: null, theory: null, module: null,
    tokens: [{ value: 0, token: "x", name: "cross", phrase: "a cross", draw: "dot", keys: [] },
             { value: 1, token: "y", name: "fill", phrase: "filled", draw: "shade", keys: [] }],
    clue: { look: "circle", input: "numbers", cycle: [], numbers: { low: 0, high: "cells" },
            blank: { value: -1, text: "" } },
  };
  const puzzle = { type: "toy", rows: 2, cols: 2, clues: [3, -1, null, null],
                   given: ["y", "y", null, null] };
  render(svg, { puzzle, frontend, marks: ["y", "y", "x", "y"], cursor: 0, focused: false,
                hint: null, premises: [], errors: [], solved: false });
  return [...svg.querySelectorAll(".cell")].map(g => [
    g.dataset.state, g.getAttribute("aria-label"), g.querySelector("text")?.textContent ?? null,
    g.querySelectorAll("circle.circle").length, g.querySelectorAll("circle.dot").length,
    g.querySelectorAll("rect.shade").length]);
}"""


@pytest.mark.browser
def test_the_board_draws_a_puzzle_it_has_never_seen(page: Any) -> None:
    page.goto(page.base + "/")
    page.wait_for_selector("body[data-ready]")
    cells = page.evaluate(TOY_VIEW)
    assert cells == [
        ["fill", "r1c1 fill, clue 3", "3", 1, 0, 0],  # a given circle: the clue, not the token
        ["fill", "r1c2 fill, clue ?", None, 1, 0, 0],  # a circle without its number
        ["cross", "r2c1 cross", None, 0, 1, 0],
        ["fill", "r2c2 fill", None, 0, 0, 1],
    ]


@pytest.mark.browser
def test_the_help_and_the_number_box_follow_the_descriptor(
    page: Any, served: dict[str, dict[str, Any]]
) -> None:
    from playwright.sync_api import expect

    page.goto(page.base + "/")
    page.wait_for_selector("body[data-ready]")
    page.click("details.help summary")
    for name, o in served.items():
        fe = o["frontend"]
        page.select_option("#puzzle-type", name)
        # expect(), not wait_for_function: the page's CSP forbids eval.
        expect(page.locator("#title")).to_have_text(re.compile("^" + re.escape(o["title"])))
        assert page.is_hidden("#pad") == (fe["input"] != "numbers")
        keys = page.inner_text("#keys-help")
        for t in fe["tokens"]:
            assert t["name"] in keys and t["keys"][0].upper() in keys
        assert page.inner_text("#theory-help") == fe["theory"]["help"]


@pytest.mark.browser
def test_the_size_controls_follow_the_served_limits(
    browser: Any, bank_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Served with other limits, the page offers other sizes: the deal's rows
    and columns, and the sides the editor takes."""
    from playwright.sync_api import expect

    monkeypatch.setattr(calls, "MIN_GENERATE_SIDE", 5)
    monkeypatch.setattr(calls, "MAX_GENERATE_SIDE", 9)
    monkeypatch.setattr(calls, "MAX_SIDE", 12)
    with live(create_app(bank_file, workers=1)) as base:
        context = browser.new_context(viewport={"width": 1100, "height": 820})
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        try:
            page.goto(base + "/")
            page.wait_for_selector("body[data-ready]")
            assert page.locator("#board .cell").count() == 36  # the first deal: a bank board of 6x6

            def values(select: str) -> list[str | None]:
                return [o.get_attribute("value") for o in page.locator(f"{select} option").all()]

            assert values("#size") == ["5", "6", "7", "8", "9"]
            assert values("#size-cols") == ["", "5", "6", "7", "8", "9"]
            page.click("#edit")
            for side in ("#rows", "#cols"):
                assert page.get_attribute(side, "min") == str(MIN_SIDE)
                assert page.get_attribute(side, "max") == "12"
            page.fill("#rows", "13")
            page.dispatch_event("#rows", "change")
            expect(page.locator("#studio-status")).to_have_text(
                f"A board has {MIN_SIDE} to 12 rows and columns."
            )
            page.fill("#rows", "12")
            page.dispatch_event("#rows", "change")
            expect(page.locator("#edit-board .cell")).to_have_count(12 * 6)
        finally:
            context.close()
    assert not errors, errors
