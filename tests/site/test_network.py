"""The static site on the network: a Hint before the engine is proved on the
player's board and agrees with the engine and the answer; a first visit
downloads every file once; a host that sends the compressed copies serves
a working engine."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from benchmarks.slow_network import host
from fastapi.testclient import TestClient

import pencilbox
from pencilbox.bank.store import SHIPPED, Bank
from pencilbox.site.ahead import url_key
from pencilbox.site.build import offline
from pencilbox.web import calls
from pencilbox.web.app import create_app

from .conftest import READY_MS, open_page, shipped_puzzles, wait_until_kept
from .test_page import timeless

pytestmark = pytest.mark.browser

BOARDS = 3
"""Bank boards of each type the hints written ahead are tried on."""
TRIES = 12
"""Player's boards tried on each."""

HINTS_FROM = """async cases => {
  const { hintFrom } = await import("/static/ahead.js");
  return cases.map(([chain, body]) => hintFrom(chain, body));
}"""


@pytest.fixture(scope="module")
def server() -> Any:
    # the hints' budgets decide them; the clock is only there to stop runaway work
    app = create_app(SHIPPED, solver_seconds=300, workers=1)
    with TestClient(app, base_url="http://localhost") as c:
        yield c


def player_boards(chain: dict[str, Any], rng: random.Random) -> list[list[str | None]]:
    """Boards a player may have made: the chain followed a way, some of the
    answer's cells set at random, and some of those with a wrong mark."""
    answer: list[str] = chain["answer"]
    tokens = sorted(set(answer))
    boards: list[list[str | None]] = []
    for _ in range(TRIES):
        board: list[str | None] = [None] * len(answer)
        for link in chain["links"][: rng.randrange(len(chain["links"]))]:
            board[link[0]] = link[1]
        for cell in rng.sample(range(len(answer)), rng.randrange(len(answer) // 2)):
            board[cell] = answer[cell]
        if rng.random() < 0.3:
            for cell in rng.sample(range(len(answer)), rng.randrange(1, 4)):
                board[cell] = rng.choice([t for t in tokens if t != answer[cell]] or tokens)
        boards.append(board)
    return boards


def test_a_hint_written_ahead_is_proved_on_the_player_s_board(
    site_page: Any, site_folder: Path, server: TestClient
) -> None:
    """On boards a player may have made (any marks, right or wrong, asking at
    any level), ahead.js gives a hint only for an empty cell, with the
    answer's value, that the rules of the level asked prove from the clues
    and the player's marks; or names the wrong marks exactly as the server
    does; or leaves the board to the engine."""
    rng = random.Random(41)
    hints = site_folder / "engine" / "ahead" / "hints"
    asked: list[tuple[dict[str, Any], dict[str, Any], Any, list[int | None]]] = []
    with Bank(SHIPPED) as bank:
        for name in shipped_puzzles():
            kind = pencilbox.puzzle(name)
            found = [b for b in bank.boards(name) if b.rows >= 6][:BOARDS]
            assert found, name
            for b in found:
                p = kind.parse(b.puzzle)
                chain = json.loads((hints / f"{url_key(kind.to_url(p))}.json").read_text())
                for board in player_boards(chain, rng):
                    level = rng.choice([*kind.levels, "case", None])
                    marks = [kind.parse_value(t, len(board)) if t else None for t in board]
                    body = {"puzzle": chain["url"], "marks": calls.marks_rows(kind, marks, p.cols)}
                    if level is not None:
                        body["level"] = level
                    asked.append((chain, body, (kind, p), marks))
    got = site_page.evaluate(HINTS_FROM, [[chain, body] for chain, body, *_ in asked])
    said = {"hint": 0, "contradiction": 0, "none": 0}
    for (chain, body, (kind, p), marks), h in zip(asked, got, strict=True):
        if h is None:
            said["none"] += 1
            continue
        said[h["status"]] += 1
        wanted = server.post("/api/hint", json=body).json()
        if h["status"] == "contradiction":
            assert h == wanted, body
            continue
        assert h["status"] == "hint", h
        r, c = h["cell"]
        cell = r * p.cols + c
        assert marks[cell] is None and h["value"] == chain["answer"][cell]
        level = body.get("level")
        asked_at = kind.levels.index(level) if level in kind.levels else kind.ladder.top
        state = kind.start(p)
        for i, v in enumerate(marks):
            if v is not None:
                state.cands[i] = 1 << v
        kind.ladder.propagate(state, asked_at)
        value = kind.parse_value(h["value"], p.rows * p.cols)
        assert value is not None and state.cands[cell] == 1 << value, (h, body)
        assert set(h) == set(wanted) | {"cell", "value"} and h["level"] == wanted["level"]
    assert said["hint"] > len(asked) / 3 and said["contradiction"] > 0, said


def test_along_the_chain_a_hint_written_ahead_is_the_server_s(
    site_page: Any, site_folder: Path, server: TestClient
) -> None:
    """Following the hints from the empty board, every answer ahead.js gives
    is the server's, word for word."""
    hints = site_folder / "engine" / "ahead" / "hints"
    with Bank(SHIPPED) as bank:
        for name in shipped_puzzles():
            kind = pencilbox.puzzle(name)
            b = next(b for b in bank.boards(name) if b.rows >= 6)
            p = kind.parse(b.puzzle)
            chain = json.loads((hints / f"{url_key(kind.to_url(p))}.json").read_text())
            marks: list[int | None] = [None] * (p.rows * p.cols)
            bodies = []
            for cell, value, *_ in chain["links"]:
                rows = calls.marks_rows(kind, marks, p.cols)
                bodies.append({"puzzle": chain["url"], "marks": rows})
                marks[cell] = kind.parse_value(value, p.rows * p.cols)
            got = site_page.evaluate(HINTS_FROM, [[chain, body] for body in bodies])
            for body, h in zip(bodies, got, strict=True):
                assert timeless(h) == timeless(server.post("/api/hint", json=body).json()), body


def test_a_first_visit_downloads_every_file_once(site_browser: Any, site_folder: Path) -> None:
    """The host's own log: the page, the engine (through the service
    worker), then the rest of the site the service worker keeps: each file
    of the site sent once, whole, and no other but the board's hints."""
    info = json.loads((site_folder / "site.json").read_text())
    with host(site_folder) as (url, log):
        ctx, page, errors = open_page(site_browser, url)
        page.wait_for_selector("body[data-engine=ready]", timeout=READY_MS)
        wait_until_kept(page)
        sent = [(path, status) for path, status, _ in log.requests]
        ctx.close()
    assert log.twice() == [], log.twice()
    whole = sorted(path for path, status in sent if status == 200)
    kept = sorted("/" + name for name in info["files"] if offline(name)) + ["/sw.js"]
    hinted = [p for p in whole if p.startswith("/engine/ahead/hints/")]
    assert len(hinted) == 1
    assert sorted(set(whole) - set(hinted) - {"/"}) == sorted(set(kept))
    assert all(status in (200, 304) for _, status in sent), sent
    assert not errors, errors


def test_a_host_that_sends_the_compressed_copies_runs_the_engine(
    site_browser: Any, site_folder: Path, server: TestClient
) -> None:
    """A host sending brotli copies: the engine's files arrive compressed
    (the runtime a quarter of its size) and it answers as the server does."""
    wasm = site_folder / "pyodide" / "pyodide.asm.wasm"
    with host(site_folder, precompressed=True) as (url, log):
        ctx, page, errors = open_page(site_browser, url)
        page.wait_for_selector("body[data-engine=ready]", timeout=READY_MS)
        sizes = {path: size for path, status, size in log.requests if status == 200}
        name = shipped_puzzles()[0]
        deal = f"puzzle?type={name}&size=6&index=3"
        got = page.evaluate("async deal => (await import('/static/api.js')).get(deal)", deal)
        ctx.close()
    assert sizes["/pyodide/pyodide.asm.wasm"] == wasm.with_name(wasm.name + ".br").stat().st_size
    assert sizes["/pyodide/pyodide.asm.wasm"] < wasm.stat().st_size / 3
    assert timeless(got) == timeless(server.get("/api/" + deal).json())
    assert not errors, errors
