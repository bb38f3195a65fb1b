from __future__ import annotations

import pytest

import pencilbox
from pencilbox.engine.kind import PuzzleKind


@pytest.fixture(scope="session")
def kind() -> PuzzleKind:
    return pencilbox.puzzle("kurotto")
