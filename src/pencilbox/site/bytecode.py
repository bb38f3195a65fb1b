"""The page's Python, made at build time inside Pyodide itself: only what
the page imports, as bytecode.

Pyodide's standard library comes as a 9.6 MB zip of Python source, and a
wheel holds source, so the page would download modules it never imports and
compile every one it does each time it starts: most of the engine's
download and start-up. The build runs this module inside the very Pyodide
the page loads (in Node.js, by ``bytecode.mjs``), after unpacking the
engine's wheel: it makes every call the page answers (deals from the bank
and generated, hints at every level, checks, answers, verdicts, the setter's
helpers, every export format and its reading back, bad input too, for every
type) to learn which modules the page imports, and compiles each of them
into ``.pyc`` files of that Python (hash-based and unchecked: never compared
with a source, which the page does not get). What it writes into the work
folder:

- ``python_stdlib.zip`` — the modules of Pyodide's standard library the page
  imports, as bytecode alone (the runtime's start-up included);
- ``pyc/`` — the bytecode of the pencilbox modules the page imports, each at
  the path a wheel holds it (``pencilbox/…/NAME.pyc``, where a module with
  no source is read from);
- ``imported.json`` — those modules' names, the standard library's and
  pencilbox's;
- ``ahead/`` — the answers the page shows before its engine starts
  (:mod:`.ahead`), given by the page's own code in this runtime.

:func:`make` is the build's side: it runs Node.js on ``bytecode.mjs`` and
keeps what it wrote in the runtime's cache, keyed by the wheel, the bank
and the runtime, so a build of unchanged code compiles nothing.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import json
import marshal
import shutil
import sys
import sysconfig
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

RUNNER = Path(__file__).with_name("bytecode.mjs")
ENCODINGS = ("ascii", "latin-1", "utf-8-sig")
"""Codecs the page keeps beside those it was seen to use (zipimport's, the
file system's): the common ones a file read or a message may ask for."""
BUILD_ONLY = ("pencilbox.site",)
"""pencilbox's modules that only the build runs here."""
ZIP_MODE = zipfile.ZIP_STORED
"""How the standard library zip keeps its files: as they are, for the host
to compress whole (its brotli copy is a quarter smaller than the same zip
compressed file by file)."""
KEEP = 4
"""Sets of bytecode the cache keeps (the most recent)."""
NODE_SECONDS = 600
UNCHECKED_HASH = 0b01
"""The flags of a hash-based .pyc whose source is never checked (PEP 552)."""


def pyc(source: bytes, filename: str) -> bytes:
    """The bytecode of ``source`` (read as the file ``filename``) as a .pyc,
    without its docstrings (:func:`undocumented`)."""
    tree = undocumented(ast.parse(source, filename))
    code = compile(tree, filename, "exec", dont_inherit=True)
    return (
        importlib.util.MAGIC_NUMBER
        + UNCHECKED_HASH.to_bytes(4, "little")
        + importlib.util.source_hash(source)
        + marshal.dumps(code)
    )


def undocumented(tree: ast.Module) -> ast.Module:
    """``tree`` without the docstrings of its module, classes and functions
    (a body left empty gets ``pass``): a third of the bytecode, and nothing
    the page reads (nothing here asks for ``__doc__``); asserts stay."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        body = node.body
        first = body[0] if body else None
        if (
            isinstance(first, ast.Expr)
            and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)
        ):
            body.pop(0)
            if not body:
                body.append(ast.copy_location(ast.Pass(), first))
    return tree


def exercise(bank: str | None) -> None:
    """Make the calls the page makes, so every module they need is imported:
    each call the API has, for every type, with good input and bad."""
    import codecs

    from pencilbox.web import calls, page

    for name in ENCODINGS:
        codecs.lookup(name)
    page.start(bank)
    kinds = json.loads(page.answer("puzzles", "null"))["body"]
    formats = json.loads(page.answer("formats", "null"))["body"]
    for entry in kinds:
        name = entry["type"]
        dealt = json.loads(page.answer(f"puzzle?type={name}&size=6&index=0", "null"))["body"]
        page.answer(f"puzzle?type={name}&size=5&index=0", "null")  # generated: not in the bank
        page.answer(f"puzzle?type={name}&size=99", "null")
        url = dealt["url"]
        rows = [" ".join("?" * dealt["cols"])] * dealt["rows"]
        blank = f"{name}/4/4/"
        asked: list[tuple[str, dict[str, Any]]] = [
            ("parse", {"puzzle": url}),
            ("parse", {"puzzle": "not a puzzle", "fallback_type": name}),
            ("check", {"puzzle": url, "marks": rows}),
            ("answer", {"puzzle": url}),
            ("solve", {"puzzle": url}),
            ("analyze", {"puzzle": url, "upto": "probe"}),
            ("analyze", {"puzzle": url}),
            ("redundant", {"puzzle": url}),
            ("thin", {"puzzle": url}),
            ("suggest", {"puzzle": url}),
            ("analyze", {"puzzle": blank}),
            ("suggest", {"puzzle": blank}),
            ("hint", {"puzzle": url, "marks": ["x"]}),
        ]
        asked += [
            ("hint", {"puzzle": url, "marks": rows, "level": level})
            for level in entry["hint_levels"]
        ]
        for f in formats:
            if name not in f["types"]:
                continue
            for answer in (False, True):
                body = {"puzzle": url, "format": f["name"], "answer": answer}
                out = json.loads(page.answer("export", json.dumps(body)))["body"]
                if "text" in out:
                    asked.append(("parse", {"puzzle": out["text"], "fallback_type": name}))
        for call, body in asked:
            page.answer(call, json.dumps(body))
    for call in calls.CALLS:
        page.answer(call, "{}")
        page.answer(call, "[")


def stdlib_members(stdlib: str, modules: set[str]) -> set[str]:
    """The files of the standard library zip that ``modules`` came from."""
    prefix = stdlib.rstrip("/") + "/"
    out = set()
    for name in modules:
        where = getattr(sys.modules.get(name), "__file__", None) or ""
        if where.startswith(prefix) and where.endswith(".py"):
            out.add(where[len(prefix) :])
    return out


def compile_stdlib(stdlib: str, target: Path, members: set[str]) -> int:
    """Write to ``target`` a zip of the standard library's ``members`` as
    bytecode alone (``NAME.pyc`` where ``NAME.py`` was, which zipimport
    reads); how many."""
    done = 0
    with zipfile.ZipFile(stdlib) as src, zipfile.ZipFile(target, "w", ZIP_MODE) as out:
        for info in sorted(src.infolist(), key=lambda i: i.filename):
            if info.filename not in members:
                continue
            compiled = pyc(src.read(info), f"{stdlib}/{info.filename}")
            entry = zipfile.ZipInfo(info.filename + "c", info.date_time)
            entry.compress_type = ZIP_MODE
            out.writestr(entry, compiled)
            done += 1
    return done


def compile_package(target: Path, modules: set[str]) -> list[str]:
    """The bytecode of the pencilbox ``modules``, under ``target`` at wheel
    paths; those paths."""
    site = Path(sysconfig.get_path("purelib"))
    done = []
    for path in sorted((site / "pencilbox").rglob("*.py")):
        parts = path.relative_to(site).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        if name not in modules:
            continue
        out = target / path.relative_to(site).with_suffix(".pyc")  # sourceless: beside, not cached
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(pyc(path.read_bytes(), str(path)))
        done.append(out.relative_to(target).as_posix())
    return done


def main(work: str) -> None:
    """Write the bytecode into the folder ``work`` (which may hold the bank,
    ``bank.sqlite``, to deal from while exercising)."""
    folder = Path(work)
    bank = folder / "bank.sqlite"
    exercise(str(bank) if bank.is_file() else None)
    imported = {
        name
        for name in sys.modules
        if name.split(".")[0] != "pencilbox" or not name.startswith(BUILD_ONLY)
    }
    from pencilbox.site import ahead

    ahead.write(folder / ahead.FOLDER, bank if bank.is_file() else None)
    stdlib = next(p for p in sys.path if p.endswith(".zip"))
    members = stdlib_members(stdlib, imported)
    compiled = compile_stdlib(stdlib, folder / "python_stdlib.zip", members)
    own = compile_package(folder / "pyc", imported)
    names = {
        "stdlib": sorted(members),
        "pencilbox": sorted(n for n in imported if n.split(".")[0] == "pencilbox"),
    }
    (folder / "imported.json").write_text(json.dumps(names, indent=1) + "\n", encoding="utf-8")
    print(f"compiled {compiled} modules of the standard library and {len(own)} of pencilbox")


# -- the build's side ------------------------------------------------------------------
@dataclass(frozen=True)
class Bytecode:
    """What :func:`main` wrote: the standard library zip, pencilbox's
    bytecode files by their path in the wheel, and the folder of the answers
    written ahead."""

    stdlib: Path
    files: dict[str, bytes]
    ahead: Path
    imported: dict[str, list[str]]


def make(runtime: Path, version: str, wheel: Path, bank: Path | None, cache: Path) -> Bytecode:
    """The bytecode for the wheel at ``wheel`` (source only) run on the
    Pyodide in ``runtime``: from ``cache``, else made there with Node.js."""
    import subprocess
    import tempfile

    from pencilbox.site.runtime import SiteError, publish

    h = hashlib.sha256(version.encode() + b"\0" + RUNNER.read_bytes())
    h.update(wheel.read_bytes())
    h.update(bank.read_bytes() if bank is not None else b"")
    home = cache / "bytecode"
    done = home / h.hexdigest()[:16]
    if not (done / "imported.json").is_file():
        node = shutil.which("node")
        if node is None:
            raise SiteError("the static build compiles the page's Python with Node.js: install it")
        home.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=home, prefix=".work-") as work:
            shutil.copyfile(wheel, Path(work) / "engine.whl")
            if bank is not None:
                shutil.copyfile(bank, Path(work) / "bank.sqlite")
            try:
                ran = subprocess.run(
                    [node, str(RUNNER), str(runtime), work],
                    capture_output=True,
                    text=True,
                    timeout=NODE_SECONDS,
                )
            except subprocess.TimeoutExpired:
                raise SiteError(f"compiling the page's Python took over {NODE_SECONDS} s") from None
            if ran.returncode != 0 or not (Path(work) / "imported.json").is_file():
                said = (ran.stderr or ran.stdout).strip().splitlines()
                raise SiteError("compiling the page's Python failed: " + (said[-1] if said else ""))
            for name in ("engine.whl", "bank.sqlite"):
                (Path(work) / name).unlink(missing_ok=True)
            publish(Path(work), done, KEEP)
    done.touch()
    files = {
        p.relative_to(done / "pyc").as_posix(): p.read_bytes()
        for p in (done / "pyc").rglob("*.pyc")
    }
    imported = json.loads((done / "imported.json").read_text(encoding="utf-8"))
    return Bytecode(done / "python_stdlib.zip", files, done / "ahead", imported)
