"""One package per puzzle, all alike. Each declares its kind in the
``pencilbox.puzzles`` entry-point group (see ``pyproject.toml``), exactly as
a third-party puzzle package would; nothing outside a package names it."""
