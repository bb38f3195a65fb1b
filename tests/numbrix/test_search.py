"""How Numbrix is searched: pin, block and edge do not name the cells their
deductions rest on, so the default count is the plain search and the
studio tries learning second (the README's "Search that learns")."""

from __future__ import annotations

import pencilbox


def test_the_default_count_is_the_plain_search() -> None:
    ladder = pencilbox.puzzle("numbrix").ladder
    assert not ladder.explains_at(ladder.top - 1)
    assert not ladder.explains_at(ladder.top)
    assert not ladder.explains_at(0)  # pin alone explains nothing
