"""What every test shares.

The whole suite runs with the toy puzzle of :mod:`tests.plugin` installed,
as a fifth registered puzzle: the shared tests, which parametrize over the
registry, run on it as on the built-in ones, and prove that nothing outside
a puzzle's own package and tests names a puzzle. It is installed when this
file is imported, before any other conftest (which may ask the registry for
its puzzles) and before collection.

Every test run keeps its verdicts in a store of its own, so no test reads a
verdict an earlier run (or the user's own pencilbox) kept.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.plugin import install

install.install_for_tests()

from tests.web.fixtures import bank_file, browser, laptop, page, phone, seen, server  # noqa: E402, F401


def pytest_unconfigure(config: pytest.Config) -> None:
    install.uninstall_for_tests()


SHARED_BUILD = "tests/site/"
"""The tests that share the static site's build (minutes, the hint chains
of the whole shipped bank): they run in one worker, and first."""


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Run in parallel (``make test`` runs ``pytest -n auto --dist loadgroup``),
    a file's tests stay together in one worker, so each module's fixtures are
    made once, and the static site's tests all in one, before the rest: the
    longest share starts first. Run in one process, nothing changes."""
    if getattr(config.option, "dist", "no") == "no":
        return
    for item in items:
        path = item.nodeid.split("::", 1)[0]
        group = SHARED_BUILD if path.startswith(SHARED_BUILD) else path
        item.add_marker(pytest.mark.xdist_group(group))
    items.sort(key=lambda item: not item.nodeid.startswith(SHARED_BUILD))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A browser test that fails says what its page showed and was refused."""
    outcome = yield
    report = outcome.get_result()
    if report.when == "call" and report.failed:
        for name in ("page", "phone", "laptop"):
            pg = getattr(item, "funcargs", {}).get(name)
            if pg is not None and hasattr(pg, "refusals"):
                report.sections.append((f"what the {name} showed", seen(pg)))


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
