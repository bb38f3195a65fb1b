"""Numbrix's own measurements read their numbers as every command does."""

from __future__ import annotations

import pytest

from pencilbox.cli import main


@pytest.mark.parametrize("printed", ["٣", "３"])
def test_survival_reads_printed_numbers_with_ascii_digits_only(
    capsys: pytest.CaptureFixture[str], printed: str
) -> None:
    code = main(["measure", "numbrix", "survival", "--printed", printed])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
