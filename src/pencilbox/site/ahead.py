"""Answers written ahead: what the page shows before its engine has started.

Starting Pyodide and pencilbox in the page's worker takes a second or more
(several on a slow phone), yet the first board a visit shows needs only two
calls whose answers depend on nothing but the build: ``/api/puzzles`` (the
types, their levels, the bank's sizes) and ``/api/puzzle`` for a board of
the bank (board ``index`` of a shelf, wrapping). The build asks
:mod:`pencilbox.web.page` — the very code the worker runs — for them and
writes its answers as files, so ``engine.js`` can answer those calls while
the engine starts and the board is drawn and playable at once.

A Hint can come before the engine too, proved as any other: for every bank
board the build plays the hints a player gets from the empty board at the
top rung (each filled in before the next, the server's hints), and writes
them with the marks each needs (:func:`pencilbox.engine.hints.chain`: the
clues and those marks alone decide its cell). While the engine starts,
``ahead.js`` answers a Hint with the first of them whose cell the player
has not set and whose needed marks the player has, as the chain has them;
marks that differ from the answer are named, as the engine names them.
Check and the studio wait for the engine.

What it writes under ``engine/ahead/``:

- ``puzzles.json`` — the answer to ``puzzles``;
- ``deal/TYPE-ROWSxCOLS-GRADE.json`` — one per shelf of the bank: ``[answer
  of board 0, board 1, …]``, the answers to
  ``puzzle?type=TYPE&size=ROWS&cols=COLS&grade=GRADE&index=N`` for each of
  its boards, in the bank's order (a deal that names no grade gets the
  ladder's top);
- ``hints/KEY.json`` — one per bank board, KEY the board's URL's
  :func:`url_key`: ``{"url", "cols", "levels", "level", "answer": [token
  per cell], "end", "links": [[cell, token, rule, rung, reason, premises,
  needs], …]}``, the chain at ``level`` (cells by their index, premises as
  the API writes them, rung the index of the rule's level in ``levels``;
  ``end``: "solved", "stalled", "stopped" where a hint ran out of its work
  as the server's does there, or "spent" where the chain's own work ran
  out and the engine gives the rest).

:func:`write` runs in the page's Python, at build time; :func:`write_hints`
in the build's own (the same code, on a faster Python, in processes).
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import shutil
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pencilbox

HINTS = "hints"
"""The folder of the hint chains, inside :data:`FOLDER`."""
CHAIN_UNITS = 1_000_000
"""The work a board's whole chain may take (each hint also has the work a
hint has). Of today's bank all but one type's probe boards at 12x12 and
15x15 take under 300,000 units; those take 0.05 to 1.4 million (12x12) and
1.0 to 6.9 million (15x15, up to three minutes of CPU). Where it runs out
the chain ends "spent" and the engine gives the rest; where one hint runs
out of its own work the chain ends "stopped", as the server's hint stops
there."""
KEEP = 3
"""Sets of chains the cache keeps (the most recent)."""
CHAIN_CODE = ("engine", "puzzles")
"""The folders of the package whose code makes a chain (with its top-level
modules): a change elsewhere keeps the chains in the cache."""
FNV_START = 0xCBF29CE484222325
FNV_PRIME = 0x100000001B3

FOLDER = "ahead"
"""The folder of the answers, inside the site's ``engine/``."""


def asked(name: str) -> tuple[int, Any]:
    """The page's (status, answer) to the GET call ``name``."""
    from pencilbox.web import page

    status, body = page.respond(name, "null")
    return status, body


def shelf_file(type: str, rows: int, cols: int, grade: str) -> str:
    """The file of a shelf's deals, under the answers' folder (as engine.js names it)."""
    return f"deal/{type}-{rows}x{cols}-{grade}.json"


def write(folder: Path, bank: Path | None) -> list[Path]:
    """Write the answers into ``folder`` (made here) for a page dealing from
    ``bank``; the files written."""
    from pencilbox.bank.store import Bank
    from pencilbox.web import page

    page.start(str(bank) if bank is not None else None)
    folder.mkdir(parents=True)
    written = [folder / "puzzles.json"]
    status, kinds = asked("puzzles")
    if status != 200:
        raise RuntimeError(f"the page could not list its puzzles: {kinds}")
    written[0].write_text(json.dumps(kinds, separators=(",", ":")), encoding="utf-8")
    if bank is None:
        return written
    (folder / "deal").mkdir()
    with Bank(bank) as shelves:
        found = [s for s in shelves.shelves() if s.type in set(pencilbox.puzzle_names())]
    for s in found:
        if s.grade not in pencilbox.puzzle(s.type).levels:
            continue
        query = f"type={s.type}&size={s.rows}&cols={s.cols}&grade={s.grade}"
        boards = [deal(f"{query}&index={n}") for n in range(s.boards)]
        path = folder / shelf_file(s.type, s.rows, s.cols, s.grade)
        path.write_text(json.dumps(boards, separators=(",", ":")), encoding="utf-8")
        written.append(path)
    return written


def deal(query: str) -> Any:
    """The page's answer to ``puzzle?QUERY``, a board of the bank."""
    status, body = asked(f"puzzle?{query}")
    if status != 200 or body.get("source") != "bank":
        raise RuntimeError(f"the page did not deal {query} from the bank: {body}")
    return body


def url_key(url: str) -> str:
    """The name of a board's chain file: the 64-bit FNV-1a hash of its URL's
    UTF-8 bytes, in hex (``ahead.js`` computes the same)."""
    h = FNV_START
    for byte in url.encode():
        h = ((h ^ byte) * FNV_PRIME) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


def chain_json(name: str, puzzle: str, solution: list[int]) -> dict[str, Any]:
    """The hint chain of one board (the bank's text ``puzzle``, its answer
    ``solution``), as written under ``hints/``."""
    from pencilbox.engine.budget import Budget
    from pencilbox.engine.hints import chain
    from pencilbox.shapes import cells_json

    kind = pencilbox.puzzle(name)
    p = kind.parse(puzzle)
    top = kind.ladder.top
    found = chain(kind.ladder, kind.start(p), top, whole=Budget(CHAIN_UNITS))
    board = kind.start(p)  # the board each link is found on: the marks before it
    links = []
    for link in found.links:
        d = link.deduction
        value = solution[d.cell]
        reason, premises = kind.told(board, d.cell, value, d.rule, d.reason, d.premises)
        links.append(
            [
                d.cell,
                kind.value_token(value),
                d.rule,
                link.rung,
                reason,
                cells_json(p, premises),
                list(link.needs),
            ]
        )
        board.cands[d.cell] = 1 << value
    return {
        "url": kind.to_url(p),
        "cols": p.cols,
        "levels": list(kind.levels),
        "level": kind.levels[top],
        "answer": [kind.value_token(v) for v in solution],
        "end": found.end,
        "links": links,
    }


def _chains(job: tuple[str, list[tuple[str, str]]]) -> list[tuple[str, str]]:
    """(file name, text) of the chains of ``job``: a type's boards, each as
    (puzzle, solution) text of the bank."""
    name, boards = job
    kind = pencilbox.puzzle(name)
    out = []
    for puzzle, solution in boards:
        p = kind.parse(puzzle)
        values = list(kind.parse_solution(solution, p))
        data = chain_json(name, puzzle, values)
        out.append((f"{url_key(data['url'])}.json", json.dumps(data, separators=(",", ":"))))
    return out


def write_hints(folder: Path, bank: Path, cache: Path) -> int:
    """Write the hint chain of every board of ``bank`` under ``folder``
    (made here), from ``cache`` when this code (:data:`CHAIN_CODE`, and this
    module) and this bank made them before; how many."""
    from pencilbox.bank.store import Bank
    from pencilbox.site.runtime import publish

    h = hashlib.sha256(bank.read_bytes())
    package = Path(pencilbox.__file__).parent
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package).parts
        if len(parts) == 1 or parts[0] in CHAIN_CODE:
            h.update("/".join(parts).encode() + b"\0" + path.read_bytes())
    h.update(Path(__file__).read_bytes())
    home = cache / "hints"
    done = home / h.hexdigest()[:16]
    if not (done / "done").is_file():
        known = set(pencilbox.puzzle_names())
        with Bank(bank) as shelves:
            # a board a job: some shelves' boards each take a million units
            jobs = [(b.type, [(b.puzzle, b.solution)]) for b in shelves.boards() if b.type in known]
        home.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=home, prefix=".work-") as work:
            workers = max(1, min(len(jobs), os.cpu_count() or 1))
            spawn = multiprocessing.get_context("spawn")  # the caller may run threads
            with ProcessPoolExecutor(workers, mp_context=spawn) as pool:
                for written in pool.map(_chains, jobs):
                    for file, text in written:
                        (Path(work) / file).write_text(text, encoding="utf-8")
            (Path(work) / "done").touch()
            publish(Path(work), done, KEEP)
    done.touch()
    shutil.copytree(done, folder, ignore=shutil.ignore_patterns("done"))
    return sum(1 for _ in folder.glob("*.json"))
