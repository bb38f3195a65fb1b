"""One package per puzzle, all alike; importing one registers it."""

from __future__ import annotations

import importlib

PACKAGES = ("yinyang", "cave", "kurotto", "numbrix")


def load_all() -> None:
    for name in PACKAGES:
        importlib.import_module(f"pencilbox.puzzles.{name}")
