"""Answers written ahead: what the page shows before its engine has started.

Starting Pyodide and pencilbox in the page's worker takes a second or more
(several on a slow phone), yet the first board a visit shows needs only two
calls whose answers depend on nothing but the build: ``/api/puzzles`` (the
types, their levels, the bank's sizes) and ``/api/puzzle`` for a board of
the bank (board ``index`` of a shelf, wrapping). The build asks
:mod:`pencilbox.web.page` — the very code the worker runs — for them and
writes its answers as files, so ``engine.js`` can answer those calls while
the engine starts and the board is drawn and playable at once; Hint, Check
and the studio wait for the engine.

What it writes under ``engine/ahead/``:

- ``puzzles.json`` — the answer to ``puzzles``;
- ``deal/TYPE-ROWSxCOLS.json`` — one per shelf of the bank:
  ``{"grades": {GRADE: [answer of board 0, board 1, …]}, "top": GRADE}``,
  the answers to ``puzzle?type=TYPE&size=ROWS&cols=COLS&grade=GRADE&index=N``
  for each board of each grade, in the bank's order (``top``: the grade a
  deal that names none gets).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pencilbox

FOLDER = "ahead"
"""The folder of the answers, inside the site's ``engine/``."""


def asked(name: str) -> tuple[int, Any]:
    """The page's (status, answer) to the GET call ``name``."""
    from pencilbox.web import page

    status, body = page.respond(name, "null")
    return status, body


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
        counts: dict[tuple[str, int, int], dict[str, int]] = {}
        for s in shelves.shelves():
            counts.setdefault((s.type, s.rows, s.cols), {})[s.grade] = s.boards
    known = set(pencilbox.puzzle_names())
    for (name, rows, cols), grades in sorted(counts.items()):
        if name not in known:
            continue
        kind = pencilbox.puzzle(name)
        deals: dict[str, list[Any]] = {}
        for grade, count in sorted(grades.items()):
            if grade not in kind.levels:
                continue
            deals[grade] = [
                deal(f"type={name}&size={rows}&cols={cols}&grade={grade}&index={n}")
                for n in range(count)
            ]
        if not deals:
            continue
        path = folder / "deal" / f"{name}-{rows}x{cols}.json"
        text = json.dumps({"grades": deals, "top": kind.levels[-1]}, separators=(",", ":"))
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def deal(query: str) -> Any:
    """The page's answer to ``puzzle?QUERY``, a board of the bank."""
    status, body = asked(f"puzzle?{query}")
    if status != 200 or body.get("source") != "bank":
        raise RuntimeError(f"the page did not deal {query} from the bank: {body}")
    return body
