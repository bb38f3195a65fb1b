"""The static site in headless Chromium, served by ``python -m http.server``:
the engine inside the page answers the front end as the server does (the
same hints over whole games, the same verdicts on real puzzles), and the
site keeps working offline once visited, on a phone's screen."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest
from benchmarks.bench_cases import REAL
from fastapi.testclient import TestClient
from playwright.sync_api import expect

import pencilbox
from pencilbox.bank.store import SHIPPED
from pencilbox.site.ahead import url_key
from pencilbox.web import calls
from pencilbox.web.app import create_app
from tests.web.fixtures import ARTIFACTS

from .conftest import READY_MS, http_server, open_page, shipped_puzzles, wait_until_kept
from .test_page import timeless

pytestmark = pytest.mark.browser

BOARDS = 10
"""Bank boards per puzzle type played by hints in both modes."""
SIDE = 6
PHONE = {"width": 390, "height": 844}
SERVER_SECONDS = 8.0
"""The server's clock on a real puzzle's verdict (the budget of work decides
all but the largest, which this clock stops)."""
PAGE_SECONDS = 60.0
"""The page's clock on the same verdicts: generous, as the page is slower."""

IN_PAGE = """async calls => {
  const api = await import("/static/api.js");
  const out = [];
  for (const [name, body] of calls) {
    try {
      out.push([200, body === null ? await api.get(name) : await api.post(name, body)]);
    } catch (e) {
      out.push([e.status, { error: e.message }]);
    }
  }
  return out;
}"""
"""The page's answers to a list of [name, body] calls, through api.js (a null
body: a GET), as the front end makes them."""

Call = tuple[str, Any]


@pytest.fixture(scope="module")
def server() -> Iterator[TestClient]:
    with TestClient(create_app(SHIPPED, workers=1), base_url="http://localhost") as c:
        yield c


def on_server(client: TestClient, name: str, body: Any) -> tuple[int, Any]:
    r = client.get("/api/" + name) if body is None else client.post("/api/" + name, json=body)
    return r.status_code, r.json()


def in_page(page: Any, asked: list[Call]) -> list[tuple[int, Any]]:
    return [(status, answer) for status, answer in page.evaluate(IN_PAGE, asked)]


def idle(page: Any) -> None:
    # Selectors, not wait_for_function: what the page may evaluate is kept to one script.
    page.wait_for_selector("body:not([data-busy])", state="attached")


def levels_of(client: TestClient, name: str) -> tuple[str, list[str]]:
    """The top grade of ``name``'s bank, and the levels a hint may be asked at."""
    kind = next(k for k in client.get("/api/puzzles").json() if k["type"] == name)
    return kind["levels"][-1], kind["hint_levels"]


def game_by_hints(
    client: TestClient, name: str, index: int, grade: str, levels: list[str]
) -> list[Call]:
    """Every call a player makes dealing bank board ``index`` of ``name`` and
    playing it to the end by hints, as the server answers them: each hint
    asked at the next level in turn (so every level answers, stalls and
    suggestions included), at the top level when that one proves nothing."""
    kind = pencilbox.puzzle(name)
    deal = f"puzzle?type={name}&size={SIDE}&grade={grade}&index={index}"
    status, board = on_server(client, deal, None)
    assert status == 200 and board["source"] == "bank", board
    asked: list[Call] = [(deal, None)]
    p = kind.from_url(board["url"])
    marks: list[int | None] = [None] * (p.rows * p.cols)
    for step in range(3 * p.rows * p.cols):
        for level in (levels[step % len(levels)], levels[-1]):
            body = {"puzzle": board["url"], "marks": calls.marks_rows(kind, marks, p.cols)}
            body["level"] = level
            asked.append(("hint", body))
            status, h = on_server(client, "hint", body)
            assert status == 200, h
            if h["status"] == "hint":
                r, c = h["cell"]
                marks[r * p.cols + c] = kind.parse_value(h["value"], p.rows * p.cols)
                break
        else:
            break
    body = {"puzzle": board["url"], "marks": calls.marks_rows(kind, marks, p.cols)}
    asked.append(("check", body))
    assert on_server(client, "check", body)[1]["solved"], (name, index)
    return asked


@pytest.mark.parametrize("name", shipped_puzzles())
def test_bank_games_get_the_same_hints_in_the_page(
    site_page: Any, server: TestClient, name: str
) -> None:
    grade, levels = levels_of(server, name)
    for index in range(BOARDS):
        asked = game_by_hints(server, name, index, grade, levels)
        assert sum(1 for n, _ in asked if n == "hint") > SIDE
        want = [on_server(server, n, b) for n, b in asked]
        got = in_page(site_page, asked)
        for (n, b), (status, answer), (want_status, wanted) in zip(asked, got, want, strict=True):
            assert status == want_status, (n, b, answer)
            assert timeless(answer) == timeless(wanted), (n, b)


def test_boards_the_bank_lacks_are_generated_alike(site_page: Any, server: TestClient) -> None:
    """A size the bank does not hold is generated, in the page as on the server."""
    asked: list[Call] = [
        (f"puzzle?type={name}&size={side}&index=0", None)
        for name in shipped_puzzles()
        for side in (5, 7)
    ]
    want = [on_server(server, n, b) for n, b in asked]
    assert all(status == 200 and w["source"] == "generated" for status, w in want), want
    got = in_page(site_page, asked)
    assert [timeless(a) for a in got] == [timeless(w) for w in want]


def test_real_puzzles_get_the_same_verdicts_in_the_page(site_page: Any, server: TestClient) -> None:
    """The studio's verdict (and grade) of each real puzzle, first up to
    probe as the studio asks, then up to case, wherever the budget of work
    decides it on the server within a few seconds (the largest two take
    longer): the page, given a generous clock, answers the same."""
    asked: list[Call] = []
    for url in REAL:
        for upto in ("probe", "case"):
            asked.append(("analyze", {"puzzle": url, "upto": upto, "seconds": SERVER_SECONDS}))
    want = [on_server(server, n, b) for n, b in asked]
    # Decided by work: not stopped by the clock, nor left unstarted by a busy server.
    decided = [i for i, (_, w) in enumerate(want) if w.get("stop") not in ("clock", "busy")]
    assert len(decided) >= len(asked) - 8
    page_asked = [(asked[i][0], {**asked[i][1], "seconds": PAGE_SECONDS}) for i in decided]
    got = in_page(site_page, page_asked)
    verdicts = set()
    for i, (status, answer) in zip(decided, got, strict=True):
        assert status == want[i][0] == 200, (asked[i], answer)
        assert timeless(answer) == timeless(want[i][1]), asked[i]
        verdicts.add((answer["verdict"], answer["grade"]))
    assert len(verdicts) >= 4  # none, and unique at several grades


def solve_by_hints(page: Any) -> str:
    """Press Hint (show, then fill in) until the board is solved: the last words."""
    cells = page.locator("#board .cell").count()
    for _ in range(2 * cells + 4):
        page.click("#hint")
        idle(page)
        words = page.inner_text("#status")
        if "Solved!" in words:
            return str(words)
        assert page.get_attribute("#status", "data-kind") != "error", words
    return str(page.inner_text("#status"))


def settle(page: Any) -> str:
    """The editor's verdict once the latest request has answered."""
    page.wait_for_selector(
        '#verdict:not([hidden])[aria-busy="false"][data-verdict]:not([data-verdict=""])',
        state="attached",
        timeout=READY_MS,
    )
    return str(page.get_attribute("#verdict", "data-verdict"))


def service_worker_in_charge(page: Any) -> bool:
    return bool(
        page.evaluate(
            """async () => {
              const r = await navigator.serviceWorker.ready;
              return !!r.active && navigator.serviceWorker.controller !== null;
            }"""
        )
    )


def test_offline_after_one_visit_play_to_solved_and_edit(
    site_browser: Any, site_folder: Path
) -> None:
    """Visit once, then stop the server and set the browser offline: a
    reload still starts the engine, deals, plays a board to "Solved!" by
    hints, opens its share link, and the editor gives its verdict."""
    with http_server(site_folder) as (url, proc):
        ctx, page, errors = open_page(site_browser, url)
        wait_until_kept(page)
        assert service_worker_in_charge(page)
        proc.terminate()
        proc.wait(timeout=10)
    ctx.set_offline(True)
    page.reload()
    page.wait_for_selector("body[data-ready]", timeout=READY_MS)
    idle(page)
    assert page.locator("#board .cell").count() > 0
    assert "Solved!" in solve_by_hints(page)
    assert page.locator('#board .cell[data-state="empty"]').count() == 0
    # The share link (the page with ?p=) opens offline too.
    shared, kind = page.get_attribute("#share", "href"), page.input_value("#puzzle-type")
    assert "/?p=" in shared
    page.goto(urljoin(page.url, shared))
    page.wait_for_selector("body[data-ready]", timeout=READY_MS)
    idle(page)
    assert page.input_value("#puzzle-type") == kind
    page.click("#edit")
    assert page.get_attribute("#edit", "aria-pressed") == "true"
    assert settle(page) == "unique", page.inner_text("#verdict")
    assert page.inner_text("#verdict .grade")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "site-offline-editor.png"), full_page=True)
    ctx.close()
    assert not errors, errors


def test_a_phone_installs_it_and_plays_on_its_screen(site_browser: Any, site_url: str) -> None:
    ctx, page, errors = open_page(
        site_browser, site_url, viewport=PHONE, has_touch=True, is_mobile=True
    )
    manifest = page.get_attribute('link[rel="manifest"]', "href")
    assert manifest == "/manifest.webmanifest"
    box = page.locator("#board").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"]
    before = page.locator("#board .cell:not([data-given])").first
    state = before.get_attribute("data-state")
    before.tap()
    assert before.get_attribute("data-state") != state  # a tap plays
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "site-phone.png"))
    ctx.close()
    assert not errors, errors


def test_a_board_is_playable_and_hinted_before_the_engine_starts(
    site_browser: Any, site_url: str, site_folder: Path
) -> None:
    """With Pyodide never arriving, the first visit still deals a bank board
    (from the answers written ahead), draws it and plays it, and Hint shows
    the first hint of the board's chain, then fills it in; Check and the
    editor's verdict wait for the engine and say so."""
    ctx = site_browser.new_context(viewport={"width": 1100, "height": 820}, service_workers="block")
    held: list[Any] = []

    def hold(route: Any) -> None:  # never answered: the engine cannot start
        held.append(route)

    ctx.route("**/pyodide/**", hold)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site_url + "/")
    page.wait_for_selector("body[data-ready]", timeout=READY_MS)
    assert page.get_attribute("body", "data-engine") == "starting"
    kind = page.input_value("#puzzle-type")
    shown = page.get_attribute("#share", "href").split("?p=", 1)[1]
    dealt = {
        board["share"].split("?p=", 1)[1]: board
        for path in (site_folder / "engine" / "ahead" / "deal").glob(f"{kind}-*.json")
        for board in json.loads(path.read_text(encoding="utf-8"))
    }
    assert shown in dealt
    url = dealt[shown]["url"]
    hints = site_folder / "engine" / "ahead" / "hints"
    chain = json.loads((hints / f"{url_key(url)}.json").read_text(encoding="utf-8"))
    page.click("#hint")
    expect(page.locator("#status")).to_have_attribute("data-kind", "hint")
    cell = chain["links"][0][0]
    r, c = divmod(cell, chain["cols"])
    assert page.inner_text("#status").startswith(f"r{r + 1}c{c + 1} ")
    filled = page.locator(f'#board .cell[data-r="{r}"][data-c="{c}"]')
    assert filled.get_attribute("data-state") == "empty"
    page.click("#hint")  # fill it in
    expect(page.locator("#status")).to_contain_text(f"Applied: r{r + 1}c{c + 1} is")
    assert filled.get_attribute("data-state") != "empty"
    other = page.locator("#board .cell:not([data-given])").last
    state = other.get_attribute("data-state")
    other.click()
    assert other.get_attribute("data-state") != state  # a click plays
    page.click("#check")
    expect(page.locator("#status")).to_contain_text("engine is starting")
    page.click("#edit")  # the editor's verdict waits too, and says so
    expect(page.locator("#verdict")).to_contain_text("engine is starting")
    for _ in range(100):  # the engine starts once the board is shown (its service worker given 3 s)
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the worker never asked for Pyodide"
    assert page.get_attribute("body", "data-engine") == "starting"
    ctx.close()
    assert not errors, errors


CANCEL_ONE = """async deal => {
  const api = await import("/static/api.js");
  const engine = await import("/static/engine.js");
  const ctl = new AbortController();
  const asked = api.get(deal, { signal: ctl.signal }).then(() => 200, e => e.status);
  while (!engine.workers().states.includes("busy")) await new Promise(r => setTimeout(r, 10));
  ctl.abort();
  return await asked;
}"""
"""Deal a board the bank lacks (generated: seconds of work in the page) and
cancel it once a worker is on it; the status the page got (0: cancelled)."""

WORKERS = """async () => (await import("/static/engine.js")).workers()"""


def test_a_cancelled_call_keeps_the_warm_engine(
    site_browser: Any, site_url: str, server: TestClient
) -> None:
    """Once the service worker serves the site it is cross-origin isolated:
    a cancelled call (a newer edit) is stopped by an interrupt, its worker
    stays (none stopped, none started afresh) and answers the next call as
    the server does."""
    ctx, page, errors = open_page(site_browser, site_url)
    wait_until_kept(page)
    assert service_worker_in_charge(page)
    page.reload()
    page.wait_for_selector("body[data-engine=ready]", timeout=READY_MS)
    assert page.evaluate("() => self.crossOriginIsolated") is True
    while page.evaluate(WORKERS)["states"] != ["idle", "idle"]:
        page.wait_for_timeout(100)
    before = page.evaluate(WORKERS)
    assert before["interrupts"] and before["stopped"] == 0 and before["halted"] == 0
    name = shipped_puzzles()[0]
    assert page.evaluate(CANCEL_ONE, f"puzzle?type={name}&size=15&index=1") == 0
    while page.evaluate(WORKERS)["states"] != ["idle", "idle"]:
        page.wait_for_timeout(100)
    after = page.evaluate(WORKERS)
    assert after["halted"] == 1
    assert after["stopped"] == 0
    assert len(after["starts"]) == len(before["starts"])  # no worker started afresh
    deal = f"puzzle?type={name}&size={SIDE}&index=2"
    assert in_page(page, [(deal, None)]) == [on_server(server, deal, None)]
    ctx.close()
    assert not errors, errors
