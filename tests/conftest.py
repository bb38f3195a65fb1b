"""What every test shares: a verdict store of the test run's own, so no test
reads a verdict an earlier run (or the user's own pencilbox) kept."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True, scope="session")
def verdict_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    path = tmp_path_factory.mktemp("verdicts") / "verdicts.sqlite"
    before = os.environ.get("PENCILBOX_CACHE")
    os.environ["PENCILBOX_CACHE"] = str(path)
    yield
    if before is None:
        os.environ.pop("PENCILBOX_CACHE", None)
    else:
        os.environ["PENCILBOX_CACHE"] = before
