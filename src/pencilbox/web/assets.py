"""The front end's files as the server sends them: names that change with
their content, how long a browser may keep them, the page that names them,
and what installs the app.

- Every file of ``static/`` is also served under ``/static/v/TAG/``, TAG a
  hash of the whole folder's files (:func:`tag`): the modules' imports of
  one another (``./api.js``) stay under it, so new content always comes
  under a new name and a browser may keep each file a year without asking
  (``immutable``). The plain ``/static/`` names answer as before, asked
  again each time (``no-cache``, answered 304 when unchanged).
- :func:`page` is index.html with its links on those names and the first
  things the page needs named up front, so the browser fetches them at
  once rather than one import after another: the page's first call of the
  API (``/api/puzzles``), and every module the page's scripts and each
  puzzle's own module import (``modulepreload``, :func:`imported`).
- :func:`inlined` writes the stylesheet and firstpaint.js into the page,
  so its first paint waits for no other file.
- :func:`with_rules` writes the first board's rules into the page's rules
  card, so a first visit paints them with the page rather than once the
  board has come.
- :func:`manifest` and the icons (:mod:`.icons`) make it an installable app;
  the static build (:mod:`pencilbox.site.build`) writes the same.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from urllib.parse import urljoin

import pencilbox
from pencilbox.engine.kind import PuzzleKind
from pencilbox.web import icons
from pencilbox.web.safety import INLINE, STATIC

TITLE = "pencilbox"
THEME = "#24324f"
BACKGROUND = "#ffffff"
DESCRIPTION = (
    "Pencil puzzles with a solver inside: play with hints that explain each step, "
    "check your board, and set puzzles of your own, offline too."
)
"""The app's description (index.html's meta description says the same)."""
YEAR = "public, max-age=31536000, immutable"
"""The cache lifetime of a file under a name that changes with its content."""
ASK = "no-cache"
"""A file under a name that stays: kept, but asked again (304 when unchanged)."""
DAY = "public, max-age=86400"
"""The manifest and the icons: they change with a release, if ever."""
ENTRIES = ("app.js", "studio.js")
"""The page's scripts, as index.html loads them."""
IMPORT = re.compile(r"""^\s*(?:import|export)\b[^"';]*?["']([^"']+\.js)["']""", re.M)
"""A static import (or re-export) at the start of a line, and what it names."""


def tag(folder: Path) -> str:
    """A hash of every file under ``folder``, by path and bytes."""
    h = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        if "__pycache__" not in path.parts:
            h.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:12]


def imported(entries: Iterable[str], file_of: Callable[[str], Path | None]) -> list[str]:
    """The URLs of ``entries`` (module URLs) and of every module they import,
    directly or not, each once, in the order met (an entry's before the
    next's: what the first needs is asked for first); ``file_of`` finds a
    URL's file (None: none here)."""
    seen: list[str] = []
    for entry in entries:  # each entry's modules before the next entry's
        todo = [entry]
        while todo:
            url = todo.pop(0)
            path = file_of(url)
            if url in seen or path is None or not path.is_file():
                continue
            seen.append(url)
            text = path.read_text(encoding="utf-8")
            todo += [urljoin(url, name) for name in IMPORT.findall(text)]
    return seen


def preloads(modules: Iterable[str], fetches: Iterable[str] = ()) -> str:
    """The ``<link>`` lines that start ``fetches`` (URLs) and ``modules`` at once,
    the modules at low priority: the first paint (the page and its rules)
    goes first, and a first visit's modules still all start together."""
    lines = [f'<link rel="preload" href="{url}" as="fetch" crossorigin>' for url in fetches]
    lines += [f'<link rel="modulepreload" href="{url}" fetchpriority="low">' for url in modules]
    return "".join(line + "\n" for line in lines)


def inlined(page: str) -> str:
    """``page`` with the files its first paint waits for (the stylesheet and
    firstpaint.js, :data:`pencilbox.web.safety.INLINE`) written into it in
    place of their links, so a first visit paints once the page has come,
    not a round trip later; the Content-Security-Policy allows exactly
    these texts, by their hashes."""
    for name, element in INLINE.items():
        link = (
            f'<link rel="stylesheet" href="/static/{name}">'
            if element == "style"
            else f'<script src="/static/{name}"></script>'
        )
        if page.count(link) != 1:
            raise ValueError(f"index.html has no single {link} to write {name} in place of")
        text = (STATIC / name).read_text(encoding="utf-8").replace("\r\n", "\n")
        page = page.replace(link, f"<{element}>{text}</{element}>")
    return page


def with_head(page: str, head: str) -> str:
    """``page`` with ``head`` added at the end of its ``<head>``."""
    if page.count("</head>") != 1:
        raise ValueError("index.html has no single </head> to add to")
    return page.replace("</head>", head + "</head>")


def page(
    static: Path, version: str, puzzle_modules: Iterable[str], file_of: Callable[[str], Path | None]
) -> str:
    """The server's index.html: the one in ``static`` with its files under
    ``/static/v/VERSION/``, and the modules it imports (``file_of`` finds a
    module's file by its URL), each puzzle's module, and its first call
    preloaded."""
    template = inlined((static / "index.html").read_text(encoding="utf-8"))
    base = f"/static/v/{version}/"
    named = template.replace('="/static/', f'="{base}')

    def versioned(url: str) -> Path | None:
        return file_of(url.replace(base, "/static/", 1) if url.startswith(base) else url)

    first, *rest = [base + name for name in ENTRIES]
    modules = imported([first, *puzzle_modules, *rest], versioned)
    return with_head(with_rules(named, first_kind()), preloads(modules, ["/api/puzzles"]))


def first_kind() -> PuzzleKind | None:
    """The puzzle a first visit deals: the first the page can draw (the
    first of ``/api/puzzles`` with a front end), None when none can."""
    for name in pencilbox.puzzle_names():
        kind = pencilbox.puzzle(name)
        if kind.frontend is not None:
            return kind
    return None


def with_rules(page: str, kind: PuzzleKind | None) -> str:
    """``page`` with ``kind``'s rules in its rules card, as rulescard.js
    writes them (its title and its sentences, else its summary), and its
    example's shape (rows and columns) for the picture board.js draws
    there, so the page paints the card as it stays before the first board
    arrives; ``page`` as it is for None."""
    if kind is None or kind.frontend is None:
        return page
    title, items = '<h2 id="rules-title">How to play</h2>', '<ul id="rules-list"></ul>'
    picture = '<svg id="rules-board"'
    if any(page.count(part) != 1 for part in (title, items, picture)):
        raise ValueError("index.html has no single empty rules card to write the rules in")
    sentences = kind.frontend.rules or (kind.summary,)
    lines = "".join(f"<li>{html.escape(t)}</li>" for t in sentences)
    page = page.replace(
        title, title.replace("How to play", f"How to play {html.escape(kind.title)}")
    )
    page = page.replace(items, items.replace("></ul>", f">{lines}</ul>"))
    example = kind.frontend.example
    if example is None:
        return page
    rows, cols = len(example.puzzle), len(example.puzzle[0].split())
    return page.replace(picture, f'{picture} viewBox="0 0 {cols} {rows}"')


def manifest() -> str:
    """The web app manifest: what a phone installs."""
    return json.dumps(
        {
            "name": TITLE,
            "short_name": TITLE,
            "description": DESCRIPTION,
            "start_url": "/",
            "scope": "/",
            "display": "standalone",
            "background_color": BACKGROUND,
            "theme_color": THEME,
            "icons": [
                {
                    "src": f"/icons/icon-{side}.png",
                    "sizes": f"{side}x{side}",
                    "type": "image/png",
                    "purpose": "any maskable",
                }
                for side in icons.SIZES
            ],
        },
        indent=1,
    )
