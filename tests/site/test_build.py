"""The static build (pencilbox site OUT): what the folder holds, and that
the runtime in it is the one pinned."""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import re
import struct
import zipfile
from pathlib import Path

import brotli
import pytest

import pencilbox
from pencilbox.bank.store import SHIPPED
from pencilbox.cli import main
from pencilbox.site import runtime
from pencilbox.site.build import build
from pencilbox.site.runtime import SiteError
from pencilbox.site.wheel import modules, wheel_name
from pencilbox.web import assets, calls
from pencilbox.web.app import STATIC

from .conftest import shipped_puzzles

SERVER_PAGE = assets.with_rules(
    assets.inlined((STATIC / "index.html").read_text(encoding="utf-8")), assets.first_kind()
)


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_page_is_the_servers_saying_the_engine_is_inside(site_folder: Path) -> None:
    page = (site_folder / "index.html").read_text(encoding="utf-8")
    meta = re.search(r'<meta name="pencilbox-engine" content="page"[^>]*>', page)
    assert meta is not None
    wheel = re.search(r'data-wheel="/([^"]+)"', meta.group(0))
    bank = re.search(r'data-bank="/([^"]+)"', meta.group(0))
    assert wheel is not None and (site_folder / wheel.group(1)).is_file()
    assert bank is not None
    assert (site_folder / bank.group(1)).read_bytes() == SHIPPED.read_bytes()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    # What its first paint waits for is written in, as the server's page has it.
    assert f"<style>{(STATIC / 'style.css').read_text(encoding='utf-8')}</style>" in page
    assert "/static/style.css" not in page and "/static/firstpaint.js" not in page
    # The server's page, its two scripts bundled into one, the engine named
    # and what the first board needs preloaded (every one a file of the site).
    ours, servers = page.splitlines(), SERVER_PAGE.splitlines()
    assert [line for line in servers if line not in ours] == [
        '<script type="module" src="/static/app.js"></script>',
        '<script type="module" src="/static/studio.js"></script>',
    ]
    added = [line for line in ours if line not in servers]
    assert added[0] == meta.group(0)
    assert added[-1] == '<script type="module" src="/static/page.js"></script>'
    link = re.compile(r'<link rel="(module)?preload" href="/([^"]+)"[^>]*>')
    preloaded = [link.fullmatch(x) for x in added[1:-1]]
    assert all(preloaded), added
    names = [m.group(2) for m in preloaded if m]
    assert names[0] == "engine/ahead/puzzles.json"
    for name in ("static/page.js", "static/api.js", "static/engine.js", "static/ahead.js"):
        assert name in names
    assert all((site_folder / name).is_file() for name in names)


def test_the_page_s_scripts_are_bundled_with_api_js_apart(site_folder: Path) -> None:
    """One file holds the page's scripts and their modules, minified, and
    imports api.js by its URL (one api.js, one engine, in the page)."""
    bundle = (site_folder / "static" / "page.js").read_text(encoding="utf-8")
    held = assets.imported(["/static/app.js", "/static/studio.js"], lambda u: STATIC / u[8:])
    assert len(held) > 10 and "/static/api.js" in held
    whole = sum((STATIC / url[8:]).stat().st_size for url in held if url != "/static/api.js")
    assert len(bundle) < whole / 2  # minified
    assert "./api.js" in bundle and "class ApiError" not in bundle


def test_the_manifest_installs_it_as_an_app(site_folder: Path) -> None:
    manifest = json.loads((site_folder / "manifest.webmanifest").read_text())
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/" and manifest["name"]
    sizes = set()
    for icon in manifest["icons"]:
        side = png_size(site_folder / icon["src"].lstrip("/"))
        assert icon["sizes"] == f"{side[0]}x{side[1]}" and side[0] == side[1]
        sizes.add(side[0])
    assert {192, 512} <= sizes


def test_the_service_worker_keeps_every_file_under_the_builds_name(site_folder: Path) -> None:
    """Every file of the site, by the hash of its bytes, but the build's own,
    the compressed copies and the hint chains (the engine hints offline)."""
    info = json.loads((site_folder / "site.json").read_text())
    sw = (site_folder / "sw.js").read_text()
    build_hash = re.search(r'^const BUILD = "([0-9a-f]{16})";$', sw, re.M)
    files = re.search(r"^const FILES = (\[.*\]);$", sw, re.M)
    assert build_hash is not None and files is not None
    assert build_hash.group(1) == info["build"]

    def sha(name: str) -> str:
        return hashlib.sha256((site_folder / name).read_bytes()).hexdigest()[:16]

    kept = sorted(
        p.relative_to(site_folder).as_posix()
        for p in site_folder.rglob("*")
        if p.is_file()
        and p.name not in ("sw.js", "site.json")
        and p.suffix not in (".br", ".gz")
        and "hints" not in p.parts
    )
    assert json.loads(files.group(1)) == [["./", sha("index.html")]] + [[n, sha(n)] for n in kept]
    assert "caches.open(CACHE)" in sw and "pencilbox-${BUILD}" in sw


def test_the_files_that_compress_have_brotli_and_gzip_copies(site_folder: Path) -> None:
    info = json.loads((site_folder / "site.json").read_text())
    copied = 0
    for name in info["files"]:
        path = site_folder / name
        br, gz = path.with_name(path.name + ".br"), path.with_name(path.name + ".gz")
        if br.exists():
            assert brotli.decompress(br.read_bytes()) == path.read_bytes(), name
            copied += 1
        if gz.exists():
            assert gzip.decompress(gz.read_bytes()) == path.read_bytes(), name
    for name in ("index.html", "static/page.js", "pyodide/pyodide.asm.wasm", "engine/bank.sqlite"):
        for kind in (".br", ".gz"):
            assert (site_folder / (name + kind)).is_file(), name
    assert copied > len(info["files"]) / 2
    engine = info["engine"]
    assert engine["br"] < engine["gz"] < engine["raw"] / 2


def test_the_runtime_is_the_pinned_pyodide(site_folder: Path) -> None:
    pin = runtime.pinned()
    sums: dict[str, str] = pin["files"]  # type: ignore[assignment]
    for name in runtime.AS_IS:
        assert runtime.sha256(site_folder / "pyodide" / name) == sums[name], name
    fetched = runtime.fetch()
    assert runtime.mismatches(fetched.folder, sums) == []
    lock = json.loads((fetched.folder / runtime.LOCK).read_text())
    shipped_lock = json.loads((site_folder / "pyodide" / runtime.LOCK).read_text())
    assert shipped_lock == {"info": lock["info"], "packages": {}} and lock["packages"]
    # The standard library: the modules the page imports, each the bytecode
    # of the pinned source beside which it lies, and nothing else.
    info = json.loads((site_folder / "site.json").read_text())
    with (
        zipfile.ZipFile(fetched.folder / "python_stdlib.zip") as pinned,
        zipfile.ZipFile(site_folder / "pyodide" / "python_stdlib.zip") as shipped,
    ):
        names = shipped.namelist()
        assert sorted(n[:-1] for n in names) == info["imported"]["stdlib"]
        assert all(n.endswith(".pyc") and n[:-1] in pinned.namelist() for n in names)
        assert len(names) < len(pinned.namelist()) / 3
        assert "json/__init__.pyc" in names
        # What only the command line and a bank builder use is not imported
        # by the page, so it is not in the page's standard library.
        for unused in ("argparse.pyc", "multiprocessing/__init__.pyc", "unittest/__init__.pyc"):
            assert unused not in names, unused
        head = shipped.read("json/__init__.pyc")[:8]
        assert head[4:8] == (1).to_bytes(4, "little")  # hash-based, never checked
        assert shipped.getinfo("json/__init__.pyc").compress_type == zipfile.ZIP_STORED


def test_the_wheel_holds_the_bytecode_of_what_the_page_imports(site_folder: Path) -> None:
    path = site_folder / "engine" / wheel_name()
    info = json.loads((site_folder / "site.json").read_text())
    imported = info["imported"]["pencilbox"]
    with zipfile.ZipFile(path) as z:
        names = set(z.namelist())
        dist = f"pencilbox-{pencilbox.__version__}.dist-info"
        code = {n for n in names if not n.startswith(dist)}
        assert all(n.endswith(".pyc") for n in code)  # no source
        modules = {n[:-4].removesuffix("/__init__").replace("/", ".") for n in code}
        assert modules == set(imported)
        assert "pencilbox.web.page" in modules and "pencilbox.engine.hints" in modules
        for name in shipped_puzzles():
            assert f"pencilbox.puzzles.{name}" in modules
        for unused in ("pencilbox.cli", "pencilbox.web.app", "pencilbox.site.build"):
            assert unused not in modules, unused
        assert len(modules) < len(modules_of_package())
        points = z.read(f"{dist}/entry_points.txt").decode()
        for name in shipped_puzzles():
            assert f"{name} = pencilbox.puzzles.{name}:KIND" in points
        for line in z.read(f"{dist}/RECORD").decode().splitlines():
            name, digest, size = line.split(",")
            if digest:
                data = z.read(name)
                assert len(data) == int(size)
                h = hashlib.sha256(data).digest()
                assert digest == "sha256=" + base64.urlsafe_b64encode(h).rstrip(b"=").decode()


def modules_of_package() -> list[Path]:
    return [p for p in modules() if p.suffix == ".py"]


def test_a_build_replaces_an_earlier_one_with_the_same_bytes(
    site_folder: Path, tmp_path: Path
) -> None:
    out = tmp_path / "site"
    first = build(out, bank=SHIPPED)
    (out / "static" / "stale.js").write_text("left over")
    again = build(out, bank=SHIPPED)
    assert not (out / "static" / "stale.js").exists()
    assert (
        first.build == again.build == json.loads((site_folder / "site.json").read_text())["build"]
    )


def test_a_folder_that_holds_something_else_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(SiteError, match="not empty"):
        build(tmp_path)
    assert main(["site", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("pencilbox: error:") and "\n" not in err
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_without_npm_the_build_says_what_it_needs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(runtime.shutil, "which", lambda name: None)
    with pytest.raises(SiteError, match="npm"):
        runtime.fetch(tmp_path / "empty-cache")


def test_a_changed_runtime_file_is_found(tmp_path: Path) -> None:
    (tmp_path / "a").write_bytes(b"pinned")
    sums = {"a": hashlib.sha256(b"pinned").hexdigest(), "b": "0" * 64}
    assert runtime.mismatches(tmp_path, sums) == ["b"]
    (tmp_path / "a").write_bytes(b"changed")
    assert runtime.mismatches(tmp_path, sums) == ["a", "b"]


def test_the_answers_written_ahead_are_the_servers(site_folder: Path) -> None:
    """What the page shows before its engine starts is what the server
    answers: the puzzle types, and every bank board by its shelf, grade and
    number (each shelf whole, in the bank's order, so a random number
    wraps onto the board the engine would deal)."""
    from fastapi.testclient import TestClient

    from pencilbox.bank.store import Bank
    from pencilbox.web.app import create_app

    ahead = site_folder / "engine" / "ahead"
    with TestClient(create_app(SHIPPED, workers=1), base_url="http://localhost") as server:
        kinds = json.loads((ahead / "puzzles.json").read_text(encoding="utf-8"))
        served = server.get("/api/puzzles").json()
        assert kinds == [k for k in served if k["type"] in shipped_puzzles()]
        with Bank(SHIPPED) as bank:
            shelves = [s for s in bank.shelves() if s.type in shipped_puzzles()]
        assert shelves
        for s in shelves:
            name = f"{s.type}-{s.rows}x{s.cols}-{s.grade}.json"
            boards = json.loads((ahead / "deal" / name).read_text())
            assert len(boards) == s.boards
            for n in (0, s.boards - 1, s.boards + 1):
                query = f"type={s.type}&size={s.rows}&cols={s.cols}&grade={s.grade}&index={n}"
                dealt = server.get(f"/api/puzzle?{query}").json()
                assert boards[n % s.boards] == dealt, query
    assert not list((ahead / "deal").glob("toy-*"))


def test_the_page_links_the_manual_only_when_the_site_carries_it(site_folder: Path) -> None:
    from pencilbox.site.build import manual_link

    plain = (site_folder / "index.html").read_text(encoding="utf-8")
    linked = manual_link(plain)
    assert "/manual/" not in plain
    link = '<a class="manual" href="/manual/index.html">Manual</a>'
    header = linked[linked.index("<header>") : linked.index("</header>")]
    assert link in header
    assert linked.replace(f"  {link}\n", "") == plain  # the link, nothing else


def test_a_manual_that_was_not_built_is_one_clear_error(tmp_path: Path) -> None:
    with pytest.raises(SiteError, match="make docs"):
        build(tmp_path / "out", manual=tmp_path / "no-docs")
    assert not (tmp_path / "out").exists()


CHAINED = 2
"""Boards of each shelf whose chain is played against the server."""
ENDS = ("solved", "stopped", "spent")
"""How a chain of the bank may end: solved, stopped by a hint's work, or
spent (the chain's own work ran out); never stalled: every bank board is
solved by its top rung."""
FIRST_HINTS = 5
"""Hints a chain that runs out of its own work still holds (a player asks
a few while the engine starts; today's bank's hold 10 or more)."""


def test_the_hints_written_ahead_are_the_servers_and_proved(site_folder: Path) -> None:
    """Every bank board has its hint chain, to its end: its answer is the
    bank's, every hint sets a cell the chain had not, to the answer's value,
    and needs only cells set before it. Played from the empty board, each
    hint is the server's hint on that board; and the marks each needs prove
    it alone: the rules of its rung, from the clues and those marks, decide
    its cell to its value. A chain that stops before the board is solved
    stops where the server's hint stops too (it runs out of its work); one
    that runs out of its own work ends where the server still has a hint,
    after the first hints a player asks."""
    from fastapi.testclient import TestClient

    from pencilbox.bank.store import Bank
    from pencilbox.site.ahead import url_key
    from pencilbox.web.app import create_app

    hints = site_folder / "engine" / "ahead" / "hints"
    played = stopped = spent = 0
    with (
        # the hints' budgets decide them; the clock is only there to stop runaway work
        TestClient(
            create_app(SHIPPED, solver_seconds=300, workers=1), base_url="http://localhost"
        ) as server,
        Bank(SHIPPED) as bank,
    ):
        boards = [b for b in bank.boards() if b.type in shipped_puzzles()]
        assert len(list(hints.glob("*.json"))) == len(boards)
        shelf: dict[tuple[str, int, int, str], int] = {}
        for b in boards:
            kind = pencilbox.puzzle(b.type)
            p = kind.parse(b.puzzle)
            url = kind.to_url(p)
            chain = json.loads((hints / f"{url_key(url)}.json").read_text(encoding="utf-8"))
            answer = kind.parse_solution(b.solution, p)
            assert chain["url"] == url and chain["cols"] == p.cols
            assert chain["answer"] == [kind.value_token(v) for v in answer]
            assert chain["level"] == kind.levels[-1] and chain["end"] in ENDS, url
            start = kind.start(p)
            undecided = {c for c, m in enumerate(start.cands) if m & (m - 1)}
            cells = [link[0] for link in chain["links"]]
            assert len(set(cells)) == len(cells) and set(cells) <= undecided  # each once
            if chain["end"] == "solved":
                assert set(cells) == undecided, url  # to the end
            else:
                marks: list[int | None] = [None] * (p.rows * p.cols)
                for cell, value, *_ in chain["links"]:
                    marks[cell] = kind.parse_value(value, p.rows * p.cols)
                body = {"puzzle": url, "marks": calls.marks_rows(kind, tuple(marks), p.cols)}
                h = server.post("/api/hint", json=body).json()
                if chain["end"] == "stopped":
                    stopped += 1
                    assert h["status"] == "stopped", url
                else:
                    spent += 1
                    assert len(cells) >= FIRST_HINTS, url
                    assert h["status"] == "hint", url
                    assert h["cell"][0] * p.cols + h["cell"][1] not in cells, url
            for k, (cell, value, _, rung, _, _, needs) in enumerate(chain["links"]):
                assert value == chain["answer"][cell]
                assert set(needs) <= set(cells[:k])
                if len(needs) < k:  # fewer than every mark before it: proved by those alone
                    trial = start.copy()
                    for c in needs:
                        trial.cands[c] = 1 << answer[c]
                    kind.ladder.propagate(trial, rung)
                    assert trial.cands[cell] == 1 << answer[cell], (url, k)
            key = (b.type, b.rows, b.cols, b.grade)
            shelf[key] = shelf.get(key, 0) + 1
            if shelf[key] > CHAINED:
                continue
            played += 1
            marks = [None] * (p.rows * p.cols)
            for cell, value, rule, _, reason, premises, _ in chain["links"]:
                body = {"puzzle": url, "marks": calls.marks_rows(kind, tuple(marks), p.cols)}
                h = server.post("/api/hint", json=body).json()
                assert (h["status"], h["cell"], h["value"]) == (
                    "hint",
                    [cell // p.cols, cell % p.cols],
                    value,
                ), (url, cell)
                assert (h["rule"], h["reason"], h["premises"]) == (rule, reason, premises)
                marks[cell] = kind.parse_value(value, p.rows * p.cols)
    assert played >= CHAINED * len(shipped_puzzles())
    assert stopped < len(boards) / 100  # the rare board whose hint is hard work
    assert spent < len(boards) / 20  # the rare board whose whole chain is
