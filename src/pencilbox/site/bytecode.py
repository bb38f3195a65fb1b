"""Bytecode for the page, made at build time inside Pyodide itself.

Pyodide's standard library comes as Python source, and a wheel holds
source, so the page would compile every module it imports each time it
starts: most of the engine's start-up. The build runs this module inside
the very Pyodide the page loads (in Node.js, by ``bytecode.mjs``), after
unpacking the engine's wheel: it plays the calls the page makes (a deal,
a hint, a check, a verdict, an export, for every type) to learn which
modules the page imports, and compiles each of them into ``.pyc`` files of
that Python (hash-based and unchecked: never compared with their source,
which the build does not change). What it writes into the work folder:

- ``python_stdlib.zip`` — Pyodide's standard library with the bytecode of
  the modules the page uses beside their source;
- ``pyc/`` — the bytecode of every pencilbox module, each at the path a
  wheel holds it (``pencilbox/…/__pycache__/NAME.TAG.pyc``);
- ``ahead/`` — the answers the page shows before its engine starts
  (:mod:`.ahead`), given by the page's own code in this runtime.

:func:`make` is the build's side: it runs Node.js on ``bytecode.mjs`` and
keeps what it wrote in the runtime's cache, keyed by the wheel, the bank
and the runtime, so a build of unchanged code compiles nothing.
"""

from __future__ import annotations

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

RUNNER = Path(__file__).with_name("bytecode.mjs")
KEEP = 4
"""Sets of bytecode the cache keeps (the most recent)."""
NODE_SECONDS = 600
UNCHECKED_HASH = 0b01
"""The flags of a hash-based .pyc whose source is never checked (PEP 552)."""


def pyc(source: bytes, filename: str, optimize: int = 0) -> bytes:
    """The bytecode of ``source`` (read as the file ``filename``) as a .pyc."""
    code = compile(source, filename, "exec", dont_inherit=True, optimize=optimize)
    return (
        importlib.util.MAGIC_NUMBER
        + UNCHECKED_HASH.to_bytes(4, "little")
        + importlib.util.source_hash(source)
        + marshal.dumps(code)
    )


def exercise(bank: str | None) -> None:
    """Make the calls the page makes, so every module they need is imported."""
    from pencilbox.web import page

    page.start(bank)
    kinds = json.loads(page.answer("puzzles", "null"))["body"]
    page.answer("formats", "null")
    for entry in kinds:
        name = entry["type"]
        dealt = json.loads(page.answer(f"puzzle?type={name}&size=6&index=0", "null"))["body"]
        url = dealt["url"]
        rows = [" ".join("?" * dealt["cols"])] * dealt["rows"]
        for call, body in (
            ("parse", {"puzzle": url}),
            ("hint", {"puzzle": url, "marks": rows}),
            ("check", {"puzzle": url, "marks": rows}),
            ("answer", {"puzzle": url}),
            ("analyze", {"puzzle": url, "upto": "probe"}),
            ("analyze", {"puzzle": url}),
            ("export", {"puzzle": url, "format": "text", "answer": True}),
        ):
            page.answer(call, json.dumps(body))


def stdlib_members(stdlib: str) -> set[str]:
    """The files of the standard library zip that the imported modules came from."""
    prefix = stdlib.rstrip("/") + "/"
    out = set()
    for module in list(sys.modules.values()):
        where = getattr(module, "__file__", None) or ""
        if where.startswith(prefix) and where.endswith(".py"):
            out.add(where[len(prefix) :])
    return out


def compile_stdlib(stdlib: str, target: Path, members: set[str]) -> int:
    """Copy the standard library zip to ``target``, with the bytecode of
    ``members`` added beside their source; how many were compiled."""
    done = 0
    with zipfile.ZipFile(stdlib) as src, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for info in src.infolist():
            data = src.read(info)
            out.writestr(info, data)
            if info.filename in members:  # zipimport reads NAME.pyc beside NAME.py
                name = info.filename
                compiled = pyc(data, f"{stdlib}/{name}")
                out.writestr(zipfile.ZipInfo(name + "c", info.date_time), compiled)
                done += 1
    return done


def compile_package(target: Path) -> int:
    """The bytecode of every pencilbox module, under ``target`` at wheel paths."""
    site = Path(sysconfig.get_path("purelib"))
    done = 0
    for path in sorted((site / "pencilbox").rglob("*.py")):
        cached = Path(importlib.util.cache_from_source(str(path)))
        out = target / cached.relative_to(site)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(pyc(path.read_bytes(), str(path)))
        done += 1
    return done


def main(work: str) -> None:
    """Write the bytecode into the folder ``work`` (which may hold the bank,
    ``bank.sqlite``, to deal from while exercising)."""
    folder = Path(work)
    bank = folder / "bank.sqlite"
    exercise(str(bank) if bank.is_file() else None)
    from pencilbox.site import ahead

    ahead.write(folder / ahead.FOLDER, bank if bank.is_file() else None)
    stdlib = next(p for p in sys.path if p.endswith(".zip"))
    members = stdlib_members(stdlib)
    compiled = compile_stdlib(stdlib, folder / "python_stdlib.zip", members)
    own = compile_package(folder / "pyc")
    print(f"compiled {compiled} modules of the standard library and {own} of pencilbox")


# -- the build's side ------------------------------------------------------------------
@dataclass(frozen=True)
class Bytecode:
    """What :func:`main` wrote: the standard library zip, pencilbox's
    bytecode files by their path in the wheel, and the folder of the answers
    written ahead."""

    stdlib: Path
    files: dict[str, bytes]
    ahead: Path


def make(runtime: Path, version: str, wheel: Path, bank: Path | None, cache: Path) -> Bytecode:
    """The bytecode for the wheel at ``wheel`` (source only) run on the
    Pyodide in ``runtime``: from ``cache``, else made there with Node.js."""
    import subprocess
    import tempfile

    from pencilbox.site.runtime import SiteError

    h = hashlib.sha256(version.encode() + b"\0" + RUNNER.read_bytes())
    h.update(wheel.read_bytes())
    h.update(bank.read_bytes() if bank is not None else b"")
    home = cache / "bytecode"
    done = home / h.hexdigest()[:16]
    if not (done / "python_stdlib.zip").is_file():
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
            if ran.returncode != 0 or not (Path(work) / "python_stdlib.zip").is_file():
                said = (ran.stderr or ran.stdout).strip().splitlines()
                raise SiteError("compiling the page's Python failed: " + (said[-1] if said else ""))
            for name in ("engine.whl", "bank.sqlite"):
                (Path(work) / name).unlink(missing_ok=True)
            if done.exists():
                shutil.rmtree(done)
            Path(work).rename(done)
            Path(work).mkdir()  # for the context manager to remove
        for old in sorted(home.iterdir(), key=lambda p: p.stat().st_mtime)[:-KEEP]:
            if old.is_dir() and not old.name.startswith("."):
                shutil.rmtree(old, ignore_errors=True)
    done.touch()
    files = {
        p.relative_to(done / "pyc").as_posix(): p.read_bytes()
        for p in (done / "pyc").rglob("*.pyc")
    }
    return Bytecode(done / "python_stdlib.zip", files, done / "ahead")
