"""The optional compiled build: pencilbox's hot modules compiled with mypyc.

``make compiled`` (``python mypyc_build.py build/compiled``) writes a copy of
the package into a folder and compiles there, with mypyc and the machine's C
compiler, the modules listed under ``[tool.pencilbox.compiled]`` in
pyproject.toml (the one list). Each compiled module is an extension module
beside its ``.py`` in the copy, and Python imports an extension before the
source of the same name; with the folder first on the path
(``PYTHONPATH=build/compiled``) pencilbox runs compiled. The source tree and
the installed package are never touched: ``pip install .``, ``make test``
and the static site stay pure Python, the reference.

Falling back to pure Python:

- a compile that fails (no C compiler, no Python headers, mypyc refusing a
  module) leaves the copy without any extension module, so the folder holds
  the pure-Python package, and the build says why and exits 1;
- after compiling, every listed module is imported from the copy in a fresh
  interpreter; if one fails to import, or imports from its source, every
  extension module is removed again (mypyc compiles the list as one group
  whose modules call one another directly, so it is all or none);
- a Python whose extension suffix differs (another version) never picks the
  extension modules up and imports the ``.py`` beside them.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent
PACKAGE = ROOT / "src" / "pencilbox"
SUFFIXES = tuple(importlib.machinery.EXTENSION_SUFFIXES)


def compiled_modules() -> list[str]:
    """The dotted names of the modules the compiled build compiles."""
    with open(ROOT / "pyproject.toml", "rb") as f:
        config = tomllib.load(f)
    modules: list[str] = config["tool"]["pencilbox"]["compiled"]["modules"]
    return modules


def missing_tools() -> str | None:
    """Why this machine cannot compile (no C compiler, no Python headers), or None."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler!r} is not on PATH)"
    include = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not include.is_file():
        return f"no Python headers ({include} is missing)"
    for tool in ("mypyc", "setuptools"):
        if importlib.util.find_spec(tool) is None:
            return f"{tool} is not installed (the dev extras install it)"
    return None


@dataclass(frozen=True)
class Built:
    """What a build made: the folder, and whether its listed modules are compiled."""

    folder: Path
    compiled: bool
    reason: str
    """Why the build fell back to pure Python (empty when compiled)."""


def extension_files(folder: Path) -> list[Path]:
    """The extension modules in ``folder`` (the compiled modules and mypyc's group library)."""
    return sorted(p for p in folder.rglob("*") if p.name.endswith(SUFFIXES))


def copy_package(folder: Path) -> None:
    """A fresh copy of the pure-Python package in ``folder/pencilbox``."""
    target = folder / "pencilbox"
    if target.exists():
        shutil.rmtree(target)
    for stale in extension_files(folder):
        stale.unlink()
    shutil.copytree(PACKAGE, target, ignore=shutil.ignore_patterns("__pycache__", "*.so"))


def module_path(module: str) -> str:
    return module.replace(".", "/") + ".py"


SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify

paths = sys.argv[1:]
setup(
    name="pencilbox-compiled",
    ext_modules=mypycify(
        paths,
        opt_level="3",
        multi_file=True,
        group_name="pencilbox_compiled",
        target_dir="{temp}/c",
    ),
    script_args=[
        "build_ext", "--inplace", "--build-temp", "{temp}/objects", "--build-lib", "{temp}/lib"
    ],
)
"""

MYPY_INI = """[mypy]
python_version = 3.11
ignore_missing_imports = True
"""

CHECK = """
import importlib, json, sys
found = {}
for name in sys.argv[1:]:
    try:
        found[name] = importlib.import_module(name).__file__
    except Exception as e:
        found[name] = "import failed: " + type(e).__name__ + ": " + str(e)
print(json.dumps(found))
"""


def import_check(folder: Path, modules: list[str]) -> str:
    """Why the listed modules do not all import compiled from ``folder``, or ''."""
    result = subprocess.run(
        [sys.executable, "-c", CHECK, *modules],
        cwd=folder,
        env=environment(folder),
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        return f"the import check failed: {last_line(result.stderr)}"
    found: dict[str, str] = json.loads(result.stdout)
    for name, where in found.items():
        if not where.endswith(SUFFIXES):
            return f"{name} did not import compiled ({where})"
    return ""


def environment(folder: Path | None) -> dict[str, str]:
    """The environment of a process that runs the build in ``folder``, or
    (None) the pure package installed beside it."""
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if folder is not None:
        env["PYTHONPATH"] = str(folder)
    env.pop("PYTHONHOME", None)
    return env


def last_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1].strip() if lines else "(no output)"


def build(folder: Path, modules: list[str] | None = None, quiet: bool = True) -> Built:
    """Copy the package into ``folder`` and compile ``modules`` there (the list in
    pyproject.toml by default); the copy stays pure Python when that fails."""
    modules = compiled_modules() if modules is None else modules
    folder.mkdir(parents=True, exist_ok=True)
    copy_package(folder)
    reason = missing_tools()
    if reason is None:
        reason = compile_in(folder, modules, quiet)
    if not reason:
        reason = import_check(folder, modules)
    if reason:
        for so in extension_files(folder):
            so.unlink()
    return Built(folder, not reason, reason)


def compile_in(folder: Path, modules: list[str], quiet: bool) -> str:
    """Compile ``modules`` in the copy in ``folder``; why it failed, or ''."""
    with tempfile.TemporaryDirectory(prefix="pencilbox-mypyc-") as temp:
        (Path(temp) / "mypy.ini").write_text(MYPY_INI)
        (Path(temp) / "setup.py").write_text(SETUP.replace("{temp}", temp))
        paths = [module_path(m) for m in modules]
        # The generated C and the object files stay in the temporary folder;
        # mypy's options are given, so nothing in the copy is read for them.
        result = subprocess.run(
            [
                sys.executable,
                str(Path(temp) / "setup.py"),
                f"--config-file={temp}/mypy.ini",
                *paths,
            ],
            cwd=folder,
            env=environment(folder),
            capture_output=quiet,
            text=True,
        )
        if result.returncode != 0:
            detail = last_line(result.stdout + "\n" + result.stderr) if quiet else "see above"
            return f"the compile failed: {detail}"
    return ""


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python mypyc_build.py FOLDER", file=sys.stderr)
        return 2
    folder = Path(argv[0]).resolve()
    modules = compiled_modules()
    print(f"compiling {len(modules)} modules with mypyc into {folder} ...", flush=True)
    built = build(folder, modules, quiet=False)
    if not built.compiled:
        print(
            f"compiled build failed, {built.reason}; {folder} holds the pure-Python package",
            file=sys.stderr,
        )
        return 1
    print(f"compiled: {', '.join(modules)}")
    print(f"run pencilbox compiled with PYTHONPATH={folder}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
