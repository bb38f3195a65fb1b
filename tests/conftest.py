"""The whole suite runs with the toy puzzle of :mod:`tests.plugin` installed,
as a fifth registered puzzle: the shared tests, which parametrize over the
registry, run on it as on the built-in ones, and prove that nothing outside
a puzzle's own package and tests names a puzzle.

It is installed when this file is imported, before any other conftest
(which may ask the registry for its puzzles) and before collection.
"""

from __future__ import annotations

import pytest

from tests.plugin import install

install.install_for_tests()

from tests.web.fixtures import bank_file, browser, page, server  # noqa: E402, F401


def pytest_unconfigure(config: pytest.Config) -> None:
    install.uninstall_for_tests()
